"""The reader skips a rewrite of the whole text where the text holds nothing the rewrite needs (a size glued to its
settings, a bare size after a name, a GPU's diminutive or variants, a GPU or a precision ruled out, a reference
number, a link, a range, a peak, a place in Europe): most questions hold none, and running each pattern to find
so was a sizable part of reading a fresh question. What the user notices is only that nothing changed: each
rewrite is still made wherever it applies, in capitals too, and with the letters a case-blind pattern takes for
i, s and k (the dotted İ and the dotless ı of a Turkish keyboard, the long ſ, the Kelvin sign)."""

from __future__ import annotations

import pytest

from sizing import latency, prefilter
from sizing import query as reader
from sizing.query import parse
from tests.gpu_size_run import answer, refusal
from tests.gpu_size_run import reads as _reads
from tests.query_corpus import PHRASINGS


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a size glued to its settings, in capitals
        ("LLAMA70B4BIT", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
        ("QWEN 32BFP8", "Entendi: Qwen2.5 32B · FP8 (8-bit)"),
        ("LLAMA-70B-FP8-32K", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto"),
        ("llama-70b-fp8-32\u212a", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto"),
        # a bare size after a name
        ("MISTRAL SMALL 24", "Entendi: Mistral Small 3 24B"),
        ("rodar GEMMA3 27", "Entendi: Gemma 3 27B"),
        # a GPU's diminutive, and two of its variants
        ("uma H100z\u0130NHA pro llama 70b", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("uma h100z\u0131nha pro llama 70b", "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB"),
        ("duas A100ZONAS pro qwen 72b", "Entendi: Qwen2.5 72B · 2× A100 SXM 80 GB"),
        ("llama 70b H100 PCIE OU SXM", "Entendi: Llama 3.1 70B · H100 PCIe 80 GB ou H100 SXM 80 GB"),
        # a GPU ruled out
        ("llama 70b SEM H200", "Entendi: Llama 3.1 70B · sem H200 SXM 141 GB"),
        ("llama 70b \u017fem h200", "Entendi: Llama 3.1 70B · sem H200 SXM 141 GB"),
        ("llama 70b WITHOUT the H200", "Entendi: Llama 3.1 70B · sem H200 SXM 141 GB"),
        # a precision ruled out
        ("llama 70b SEM 4 bits", "Entendi: Llama 3.1 70B · FP8 (8-bit)"),
        # a mixture of experts' active size
        ("um moe de 30B com 3B AT\u0130VOS", "Entendi: Qwen3 30B-A3B"),
        ("um moe de 30b com 3b at\u0131vos", "Entendi: Qwen3 30B-A3B"),
        # a reference number, a link, an Ollama tag, "+": none of them a count or a context
        ("T\u0130CKET 12345 llama 70b 20 usuários", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        ("#4321 llama 70b 10 users", "Entendi: Llama 3.1 70B · 10 usuários simultâneos"),
        ("RE: Fwd: llama 70b 10 usuários", "Entendi: Llama 3.1 70B · 10 usuários simultâneos"),
        ("https://huggingface.co/Qwen/Qwen2.5-72B-Instruct 10 users", "Entendi: Qwen2.5 72B · 10 usuários simultâneos"),
        ("WWW.EXAMPLE.COM llama 70b", "Entendi: Llama 3.1 70B"),
        ("COMMAND R+ 10 users", "Entendi: Command R+ 104B (04-2024) · 10 usuários simultâneos"),
        # a peak, in capitals
        ("llama 70b 30 usuários com P\u0130COS de 60", "Entendi: Llama 3.1 70B · 60 usuários simultâneos"),
        ("llama 70b 200 req/min PICO de 400", "Entendi: Llama 3.1 70B · 400 requisições/min"),
        # a range sizes for its upper end, in capitals too
        ("llama 70b 20-30 usuários", "Entendi: Llama 3.1 70B · 30 usuários simultâneos"),
        ("llama 70b ENTRE 20 E 30 usuários", "Entendi: Llama 3.1 70B · 30 usuários simultâneos"),
        ("llama 70b 20 OU 40 usuários", "Entendi: Llama 3.1 70B · 40 usuários simultâneos"),
        ("llama 70b 8 mil a 16 mil tokens de contexto", "Entendi: Llama 3.1 70B · 16.000 tokens de contexto"),
        ("llama 70b 30 usuários podendo CHEGAR a 60", "Entendi: Llama 3.1 70B · 60 usuários simultâneos"),
        ("llama 70b 30 usuários, P\u0130COS de 60", "Entendi: Llama 3.1 70B · 60 usuários simultâneos"),
        # a question asked again at another precision: two setups
        ("roda o llama 70b em 2 h100? e em fp8?", "Entendi: Llama 3.1 70B · BF16/FP16 (16-bit) ou FP8 (8-bit) · 2× H100 SXM 80 GB"),
        # a place in Europe
        ("llama 70b usuários em LISBOA", "Entendi: Llama 3.1 70B · usuários na Europa (latência)"),
        # speculative decoding, a teacher: looked for only where the scan's prefilter finds their words
        ("llama 70b com EAGLE 20 usuários", "Entendi: Llama 3.1 70B · speculative decoding com EAGLE · 20 usuários"),
        ("LLAMA 3.1 70B COM DRAFT LLAMA 3.2 1B", "Entendi: Llama 3.1 70B · speculative decoding com Llama 3.2 1B como draft"),
        ("DESTILAR o llama 70b num llama 8b", "Entendi: Llama 3.1 8B · ajuste fino completo · destilação do Llama 3.1 70B"),
        # a precision ruled out by words after it, or by a phrase whose first word is in most English questions
        ("llama 70b, 4 bits IS OUT", "Understood: Llama 3.1 70B · FP8 (8-bit)"),
        ("llama 70b, WE DON'T WANT 4-bit", "Understood: Llama 3.1 70B · FP8 (8-bit)"),
        ("llama 70b 4-bit IS A NO-GO", "Understood: Llama 3.1 70B · FP8 (8-bit)"),
        ("llama 70b 4 bits NEM PENSAR.", "Entendi: Llama 3.1 70B · FP8 (8-bit)"),
    ],
)  # fmt: skip
def test_each_rewrite_is_still_made_where_it_applies(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # the load time, the company's texts, a note's subject, a latency: each pattern run only where its words are
        ("QUANTO TEMPO LEVA PARA CARREGAR O LLAMA 70B?", "Tempo para carregar os pesos (141,1 GB)"),
        ("tempo de COLD START do llama 70b", "Tempo para carregar os pesos (141,1 GB)"),
        ("llama 8b que APRENDA nossa BASE DE CONHECIMENTO", "dimensionei RAG"),
        ("DADOS DE SAÚDE DE PACIENTES, llama 70b", "Dados de saúde são dados pessoais sensíveis"),
        ("llama 70b, usuários em Miami, qual o PING?", "Flórida não está na tabela"),
        ("llama 70b, usuários em Miami, ROUND-TRIP?", "Flórida não está na tabela"),
        ("OI, BOM DIA", "Como perguntar"),
        ("QUAL A LATÊNCIA A PARTIR DE LISBOA?", "Portugal não está na tabela"),
    ],
)
def test_each_subject_beside_the_sizing_is_still_said(capsys, question, said):
    assert said in answer(capsys, question)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("OBRIGADO!", "Por nada!"),
        (
            "QUERO TREINAR UM MODELO COM OS DOCUMENTOS DA EMPRESA",
            "o que costuma servir melhor e sai mais barato é RAG",
        ),
    ],
)
def test_each_answer_without_a_sizing_is_still_given(capsys, question, said):
    assert said in refusal(capsys, question)


def _texts():
    """The corpus's questions as typed, in capitals and with the letters a case-blind pattern takes for i, s, k."""
    for question, _ in PHRASINGS:
        yield question
        yield question.upper()
        yield question.replace("i", "\u0131").replace("s", "\u017f").replace("k", "\u212a")


def test_no_text_a_word_test_rules_out_holds_what_its_pattern_finds():
    """Where a test of the words every match needs says a pattern finds nothing, it finds nothing: checked for
    the network's delay (by its words) and a precision ruled out (by one word of each phrase), on the accent-free
    lower case they read."""
    checked = 0
    for text in _texts():
        plain = reader.strip_accents(text).lower()
        if not any(cue in plain for cue in latency._ASKED_CUES):
            assert latency._ASKED.search(plain) is None, text
            checked += 1
        if not reader._RULE_OUT_FIRST.search(plain):
            assert reader._RULE_OUT_CUE.search(plain) is None, text
            assert reader._rule_out_pattern(reader.load_catalog())[0].search(plain) is None, text
    assert checked > len(PHRASINGS)  # the tests rule most texts out


def test_the_prefilter_never_skips_a_pattern_of_the_subjects_where_it_finds_something():
    """The patterns of speculative decoding, a teacher, the load time, the company's texts, a note's subject, a
    greeting and thanks are now tried only where the reader's prefilter (sizing/prefilter.py) says they may match:
    on every text where one matches, it says so."""
    from sizing import concepts, distillation_query, speculative_query, topics

    patterns = [
        speculative_query._TRIGGERS,
        distillation_query._TRIGGERS,
        distillation_query._GENERATED_BY,
        distillation_query._DISTILLING,
        concepts._LOAD_WORDS,
        concepts._LOAD_ASKED,
        topics.DOCUMENTS,
        topics._NOTE_CUE,
        topics.HELP,
        topics.THANKS,
    ]
    found = 0
    extra = [
        "oi",
        "obrigado!",
        "speculative decoding",
        "destilar do llama 70b",
        "tempo de cold start",
        "nossos manuais",
    ]
    for text in [*_texts(), *extra]:
        plain = reader.strip_accents(text).lower()
        text_pieces = prefilter.pieces(plain)
        told = (text_pieces, *prefilter.present(text_pieces, plain))
        for pattern in patterns:
            if pattern.search(plain) is not None or pattern.match(plain) is not None:
                found += 1
                assert prefilter.may_search(pattern, plain, told), (pattern.pattern[:60], text)
    assert found > 100


@pytest.mark.parametrize(
    "question",
    [
        "llama 70b 20 usuários",
        "qwen 32b 4bit 10 users 8k de contexto",
        "gemma 3 27b numa l40s",
        "mixtral 8x7b fp8 200 req/min",
    ],
)
def test_a_question_with_none_of_their_words_reads_as_the_same_question_in_capitals(question):
    """The skips look at the text in lower case: a question typed in capitals gets the same reading."""
    assert parse(question.upper()).workload == parse(question).workload


@pytest.mark.parametrize(
    "order",
    [
        ("qwen 32b 4 bist", "qwen 32b bist", "llama 8b 10 usuaros", "usuaros llama 8b"),
        ("usuaros llama 8b", "llama 8b 10 usuaros", "qwen 32b bist", "qwen 32b 4 bist"),
    ],
)
def test_a_typo_read_before_reads_the_next_question_as_it_reads_alone(order):
    """A misspelt word's reading is kept for the next question that has it, but a word after a number ("4 bist":
    4 bits) is read by other rules than the same word alone ("bist", not understood): the question before never
    decides which."""
    alone = {
        "qwen 32b 4 bist": ("int4", None, [], [("bist", "bits")]),
        "qwen 32b bist": (None, None, ["bist"], []),
        "llama 8b 10 usuaros": (None, 10, [], [("usuaros", "usuários")]),
        "usuaros llama 8b": (None, None, [], [("usuaros", "usuários")]),
    }
    for question in order:
        query = parse(question)
        assert (query.workload.precision, query.workload.users, query.unknown, query.corrections) == alone[
            question
        ]


def test_a_misspelt_name_read_before_reads_the_next_question_as_it_reads_alone():
    """The catalogue name a misspelt word is closest to is kept for the next question that has the word; each
    question's own size still decides which model it is ("lama 3.1 70b", then "lama 3.1 8b")."""
    for question, model in [
        ("lama 3.1 70b", "llama-3.1-70b"),
        ("lama 3.1 8b", "llama-3.1-8b"),
        ("lama 3.1 70b", "llama-3.1-70b"),
        ("mixtrl 8x7b", "mixtral-8x7b"),
    ]:
        assert parse(question).workload.model == model, question


def test_a_model_not_sized_is_said_in_a_long_message_too():
    # The names the catalogue knows it does not size are looked for by the scan's pieces (a long message had
    # cost ~40 us of one engine pass for nothing): found there as in a short question.
    long = (
        "Oi pessoal, cliente da área de saúde quer rodar o Llama 4 Behemoth internamente para uns 150 médicos,"
        " com contexto grande (uns 32k) porque vão colar prontuários. Eles querem saber quantas GPUs."
    )
    for text in ("llama 4 behemoth", long):
        with pytest.raises(reader.QueryError) as refused:
            parse(text)
        assert refused.value.key == "query.unreleased"
        assert refused.value.params["name"] == "Llama 4 Behemoth"
    # a name of the catalogue's in the same long message is sized
    assert parse(long.replace("Llama 4 Behemoth", "Llama 4 Scout")).workload.model.startswith("llama-4-scout")


@pytest.mark.parametrize(
    ("question", "precision"),
    [
        ("deepseek r1 em 1,58 bits numa h200", "iq1_s"),  # the comma of a width: read as its point
        ("deepseek r1, em 1.58 bits numa h200", "iq1_s"),  # a comma elsewhere, the width with a point
        ("deepseek r1 em 1.58 bits numa h200", "iq1_s"),  # no comma: the rewrite is not tried
    ],
)
def test_a_width_with_a_decimal_comma_is_read_and_one_without_is_untouched(question, precision):
    assert parse(question).workload.precision == precision


@pytest.mark.parametrize(
    ("question", "europe"),
    [
        ("llama 70b para 20 utilizadores, estamos em Lisboa", True),
        (
            "Llama 70B para 20 utilizadores; a equipa está em Lisboa e o cliente em Frankfurt, contexto de 32k",
            True,
        ),
        # a long message with no place in Europe, a word beginning like one ("portas", "lisonjeado")
        (
            "Llama 70B para 20 utilizadores, portas abertas ao público, contexto de 32k; fico lisonjeado",
            False,
        ),
        # its words in capitals and with accents, where the text the scan gathered differs from the cue's
        ("LLAMA 70B PARA 20 UTILIZADORES EM LISBOA", True),
        ("llama 70b para 20 usuários na Alemanha", True),
    ],
)
def test_users_in_europe_are_read_by_the_scan_s_tests_as_before(question, europe):
    assert bool(parse(question).workload.users_in_europe) is europe
