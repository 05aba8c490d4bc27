"""Answers read line by line as a careful customer would, round 2 (round 1: test_answer_audit.py), through the
console with prices configured: a GPU chosen on a speed that does not bound the model, money and plurals
written against the reader's locale's conventions (CLDR)."""

import re

import pytest

from sizing import i18n
from tests.data_folders import priced_answers
from tests.test_answer_audit import PRICES, number


@pytest.fixture
def ask(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


@pytest.fixture
def ask_in(tmp_path, monkeypatch, capsys):
    """ask in a language, as the console's --lang (a Slack user's locale) sets it."""
    from bot.cli import main

    next(priced_answers(tmp_path, monkeypatch, capsys, PRICES))

    def answer(lang: str, text: str) -> str:
        main(["--lang", lang, text])
        return capsys.readouterr().out

    return answer


@pytest.fixture
def ask_cheaper_l40s(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, dict(PRICES, l40s="{ on_demand = 6.0 }"))


@pytest.mark.parametrize(
    "question",
    [
        "Whisper large-v3 para transcrever 500 horas de áudio por dia",
        "whisper large v3 turbo, 200 chamadas simultâneas em tempo real",
        "Whisper large-v3 to transcribe 2,000 hours of audio a month",
    ],
)
def test_speech_goes_on_the_cheaper_of_gpus_as_fast_for_it(ask, question):
    # Whisper's decoder is bandwidth-bound: an L40 (864 GB/s, like the L40S) transcribes as fast for less an
    # hour, and the L40S had been chosen for its TFLOPs.
    out = ask(question)
    assert re.search(r"(numa|on one) L40 48 GB: ~", out), out
    assert not re.search(r"(numa|on one) L40S 48 GB: ~", out)


def test_speech_goes_on_the_l40s_when_it_is_the_cheaper(ask_cheaper_l40s):
    # The tie-break is the price of the work, not the name: priced below the L40, the L40S is chosen.
    out = ask_cheaper_l40s("Whisper large-v3 para transcrever 800 horas de áudio por dia")
    assert "Velocidade estimada numa L40S 48 GB" in out


def test_an_encoder_still_goes_on_the_gpu_that_computes_its_pass_for_less(ask):
    # An embedding model's pass over its input is compute-bound: the L40S's twice the TFLOPs for 9/7 of the
    # price makes it the cheaper per text.
    out = ask("bge-m3 para indexar 2 milhões de documentos")
    assert "menor GPU que alugamos, 1× L40S 48 GB" in out and "Numa L40S 48 GB: ~" in out


@pytest.mark.parametrize(
    ("lang", "amount"),
    [
        ("pt-PT", "48,00\u00a0R$"),
        ("pt-BR", "R$ 48,00"),
        ("en", "BRL 48.00"),
    ],
)
def test_money_is_laid_out_as_the_readers_locale_writes_it(ask_in, lang, amount):
    # CLDR: pt-PT "#,##0.00 ¤" (the symbol after, behind a no-break space), pt "¤ #,##0.00", en "¤#,##0.00"
    # with the ISO code. pt-PT had read "R$ 48,00".
    out = ask_in(lang, "Llama 3.1 70B para 100 usuários, quanto custa por mês?")
    assert amount in out
    others = {"pt-PT": r"R\$ \d", "pt-BR": r"\d\u00a0R\$", "en": r"\d\u00a0BRL"}[lang]
    assert not re.search(others, out)


def test_a_budget_in_euros_is_written_after_its_amount_in_pt_pt(ask):
    out = ask("Llama 3.1 8B para a equipa de 20 utilizadores, orçamento de 3000 euros por mês")
    assert "3\u00a0000\u00a0€" in out.splitlines()[0] and "€ 3" not in out


@pytest.mark.parametrize(
    ("lang", "written", "singular"),
    [
        # CLDR "one": pt (Brazil) i = 0..1 — a whole part of 0 or 1, decimals or not; pt-PT and en i = 1 and v = 0
        ("pt-BR", "1,0", True),
        ("pt-BR", "1", True),
        ("pt-BR", "0,5", True),
        ("pt-BR", "1,5", True),
        ("pt-BR", "2,0", False),
        ("pt-BR", "11,0", False),
        ("pt-BR", "2.001", False),
        ("pt-PT", "1", True),
        ("pt-PT", "1,0", False),
        ("pt-PT", "0,5", False),
        ("en", "1", True),
        ("en", "1.0", False),
        ("en", "0.5", False),
    ],
)
def test_a_rate_takes_the_singular_as_cldr_says_for_the_locale(lang, written, singular):
    said = i18n.t(lang, "perf.rate_per_s", n=written)
    plural = {"pt-BR": "requisições/s", "pt-PT": "pedidos/s", "en": "requests/s"}[lang]
    one = {"pt-BR": "requisição/s", "pt-PT": "pedido/s", "en": "request/s"}[lang]
    assert said == f"{written} {one if singular else plural}"


def test_an_answer_never_writes_one_point_zero_requests_in_the_plural_in_brazil(ask):
    out = ask("Llama 3.1 8B, 60 requisições por minuto, prompts de 2000 tokens")
    assert not re.search(r"(?<![\d.,])1,\d+ requisições/", out)
    assert not re.search(r"(?<![\d.,])[01] requisições/", out)


def recommended_and_decided(out: str) -> tuple[str, str]:
    """The setup recommended, as its line names it, and the line that says what decided it."""
    lines = out.splitlines()
    rec = next(line for line in lines if line.startswith(("Recomendação:", "Recommendation:")))
    setup = re.match(r"(?:Recomendação|Recommendation): (\d+× .+?)(?: ·|$)", rec)
    assert setup, rec
    return setup[1], next(line for line in lines if re.match(r"  (O que decidiu|What decided):", line))


UNREACHABLE_FIRST_TOKEN = [
    ("qwen2.5 7b, 1 usuário, prompts de 30 mil tokens, primeiro token em 0,2 s", "pt-BR", 0.2),
    ("Llama 3.1 8B, 1 user, 100k-token prompts, first token within 1 s", "en", 1.0),
    ("Llama 3.1 8B para 3 utilizadores, prompts de 100 mil tokens, primeiro token em 1 s", "pt-PT", 1.0),
    ("qwen 2.5 72b para 30 analistas, contratos de 100 páginas, primeira resposta em 2 s", "pt-BR", 2.0),
]
FASTEST = r"\((?:a mais rápida leva|a mais rápida demora|the fastest takes) ~([\d.,]+) s\)"
REACHED = r"\(~([\d.,]+) s (?:sem fila|with no queue)\)"
SIZED = r"(?:dimensionada para primeiro token em(?: até)?|sized for a first token within) ([\d.,]+) s"


@pytest.mark.parametrize(("question", "lang", "asked"), UNREACHABLE_FIRST_TOKEN)
def test_a_first_token_no_setup_gives_recommends_the_closest_and_says_what_is_reachable(
    ask, question, lang, asked
):
    # The answer had recommended nothing ("nenhuma configuração da nossa oferta comporta esta carga") for a
    # model that fits one GPU: it now recommends a setup sized for the fastest first token there is and says,
    # where it says what decided, that the target asked is out of reach, what the fastest takes and what the
    # recommendation reaches.
    out = ask(question)
    lines = out.splitlines()
    setup, decided = recommended_and_decided(out)
    said = re.search(
        r"(?:alugamos dá o primeiro token em(?: até)?|we rent gives the first token within) ([\d.,]+) s",
        decided,
    )
    assert said and number(said[1], lang) == asked, decided
    assert setup in decided, decided
    fastest, reached, sized = (number(re.search(p, decided)[1], lang) for p in (FASTEST, REACHED, SIZED))
    assert asked < fastest <= reached <= sized
    # the performance line's first token is between what is reached and the target said, which the load is sized at
    perf = next(line for line in lines if line.startswith(("Desempenho:", "Performance:")))
    first = number(re.search(r"(?:primeiro token em|first token in) ~([\d.,]+) s", perf)[1], lang)
    assert reached - 0.051 <= first <= sized  # with conversations at once, some wait for another's read
    sustains = next(line for line in lines if line.startswith(("Sustenta", "Sustains")))
    assert re.search(rf"(?:em até|within|token em) {re.escape(i18n.seconds(sized, lang))} s", sustains), (
        sustains
    )
    assert not re.search(
        r"(Não cumpre as metas de latência nem com|Does not meet the latency targets even)", out
    )


def test_the_closest_first_token_is_not_bought_with_copies_that_only_spare_a_wait(ask):
    # 30 analysts on 100-page contracts: 3 copies on 24 H200s had been sized only so that no request waits
    # for another's ~5 s read; one request ahead at most (as a default is relaxed) is within reason.
    out = ask("qwen 2.5 72b para 30 analistas, contratos de 100 páginas, primeira resposta em 2 s")
    rec = next(line for line in out.splitlines() if line.startswith("Recomendação:"))
    assert "cópias" not in out.split("\nAlternativas\n")[0] and int(re.search(r"(\d+)×", rec)[1]) <= 8


def test_a_smaller_precision_that_gives_the_first_token_asked_is_named_where_it_is_missed(ask):
    out = ask("Llama 3.1 8B, 1 usuário, prompts de 100 mil tokens, primeiro token em 1 s")
    decided = next(line for line in out.splitlines() if line.startswith("  O que decidiu:"))
    assert "Em BF16/FP16 (16-bit), nenhuma configuração" in decided
    assert re.search(r"Em FP8 \(8-bit\), \d+× H\d00 SXM \d+ GB dá o primeiro token em até 1,0 s\.", decided)


def test_a_first_token_some_larger_setup_gives_is_met_by_it(ask):
    # Reachable on larger GPUs: they are recommended, and nothing says the target is out of reach.
    out = ask("qwen2.5 7b, 1 usuário, prompts de 30 mil tokens, primeiro token em 1 s")
    decided = next(line for line in out.splitlines() if line.startswith("  O que decidiu:"))
    # (FP8 nearly as soon for half the price is recommended: what decided then names the 16-bit setup after it)
    assert "nenhuma configuração" not in decided and "1× H100 SXM 80 GB cumpre." in decided
    perf = next(line for line in out.splitlines() if line.startswith("Desempenho:"))
    assert number(re.search(r"primeiro token em ~([\d,]+) s", perf)[1], "pt-BR") <= 1.0


@pytest.mark.parametrize(
    ("question", "said", "sequence"),
    [
        # "20 mil pares de 1024 tokens" had been a context of 20,000 tokens and no pairs
        ("DPO no Llama 3.1 8B com 20 mil pares de 1024 tokens", "20.000 pares de preferência de 1.024 tokens",
         "sequências de 1.024 tokens"),
        ("DPO on Llama 3.1 8B with 60k pairs of 2k tokens", "60,000 preference pairs of 2,048 tokens",
         "sequences of 2,048 tokens"),
        # grouped thousands are a count as typed: "1.500 tokens" had been 1,5, written "2 tokens"
        ("ORPO no Mistral 7B com 5 mil pares de até 1.500 tokens", "5.000 pares de preferência de 1.500 tokens",
         "sequências de 1.500 tokens"),
        ("LoRA no Mistral 7B com 5 mil exemplos de 1.500 tokens", "5.000 exemplos de treino de 1.500 tokens",
         "sequências de 1.500 tokens"),
    ],
)  # fmt: skip
def test_pairs_or_examples_of_n_tokens_are_that_long_each(ask, question, said, sequence):
    out = ask(question)
    assert said in out.splitlines()[0] and sequence in out
    assert "20.000 tokens de contexto" not in out


def test_two_pairs_of_gpus_stay_gpus(ask):
    assert "4× A100 SXM 80 GB · 10.000 pares de preferência" in ask(
        "DPO no Qwen2.5 7B em 2 pares de A100 com 10 mil pares"
    )


@pytest.mark.parametrize(
    ("question", "stage"),
    [
        (
            "treinar o Qwen2.5 7B completo com 100 milhões de tokens",
            "Qwen2.5 7B · ajuste fino completo · 100 mi",
        ),
        ("train Qwen2.5 7B fully on 100M tokens", "Qwen2.5 7B · full fine-tuning · 100M"),
        (
            "treinar o Llama 3.1 8B inteiro com 50 milhões de tokens",
            "Llama 3.1 8B · ajuste fino completo · 50 mi",
        ),
        # the words of a pre-training still say one
        ("pré-treino contínuo do Qwen2.5 7B com 1 bilhão de tokens", "treino do zero / pré-treino contínuo"),
    ],
)
def test_a_released_model_trained_whole_on_a_dataset_is_a_full_fine_tune(ask, question, stage):
    assert stage in ask(question).splitlines()[0]


@pytest.mark.parametrize(
    "question",
    [
        "Quanto tempo leva para treinar o Mistral 7B com LoRA em 1 bilhão de tokens numa L40S?",
        "LoRA on Mistral 7B with 1B tokens on an L40S",
    ],
)
def test_a_smaller_setup_that_costs_more_per_run_is_not_said_to_be_enough(ask, question):
    # "Mas 1× L40 48 GB já basta" had stood beside the L40S named, which runs it for R$ 500 in ~2 days
    # against the L40's R$ 778 in ~5: it holds the run, and costs more for it. The L40S named is now the
    # recommendation (test_answer_audit3.py), and the L40 is said beside it with its cost and time.
    out = ask(question)
    lang = "en" if "Project cost" in out else "pt-BR"
    assert "já basta" not in out and "is enough" not in out
    costs = [
        number(c, lang) for c in re.findall(r"(?:Custo do projeto|Project cost): (?:R\$|BRL) ([\d.,]+)", out)
    ]
    said = re.search(r"(?:Por execução|Per run): (?:R\$|BRL) ([\d.,]+) .*(?:contra|against) (?:R\$|BRL) ([\d.,]+) .*"
                     r"1× L40 48 GB\.", out)  # fmt: skip
    assert said and costs[0] == number(said[1], lang) < number(said[2], lang)


@pytest.mark.parametrize(
    ("question", "lang", "asked"),
    [
        ("Qwen2.5 72B, 1 usuário, 100 tokens/s", "pt-BR", 100),
        ("qwen2.5 7b, 1 user, 500 tokens/s", "en", 500),
    ],
)
def test_a_speed_no_setup_gives_recommends_the_fastest_and_says_what_is_reachable(ask, question, lang, asked):
    # "Recomendação: nenhuma configuração da nossa oferta comporta esta carga" had been said of a model that
    # fits: the speed asked was out of reach, not the memory.
    out = ask(question)
    lines = out.splitlines()
    setup, decided = recommended_and_decided(out)
    assert re.search(
        rf"(?:alugamos dá|we rent gives) {asked} tokens/s (?:a cada usuário|to each user)", decided
    )
    assert setup in decided
    fastest = number(re.search(r"(?:a mais rápida|the fastest), ~([\d.,]+) tokens/s", decided)[1], lang)
    target = number(re.search(r"(?:pelo menos|at least) ([\d.,]+) tokens/s", decided)[1], lang)
    assert target <= fastest < asked
    perf = next(line for line in lines if line.startswith(("Desempenho:", "Performance:")))
    assert number(re.search(r"~([\d.,]+) tokens/s", perf)[1], lang) >= target
    sustains = next(line for line in lines if line.startswith(("Sustenta", "Sustains")))
    assert f"{i18n.speed(target, lang)} tokens/s" in sustains


def test_a_speed_a_smaller_precision_gives_is_named_where_it_is_missed(ask):
    decided = next(
        line
        for line in ask("Qwen2.5 72B, 1 usuário, 100 tokens/s").splitlines()
        if line.startswith("  O que decidiu:")
    )
    assert "Em BF16/FP16 (16-bit), nenhuma configuração" in decided
    assert re.search(
        r"Em INT4 \(AWQ/GPTQ g128\), \d+× H\d00 SXM \d+ GB dá 100 tokens/s a cada usuário\.", decided
    )


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Llama 3.1 8B, 5 users, 8k prompts, first token within 0.5 s, 40 tokens/s",
            "for an 8,000-token prompt",
        ),
        ("Llama 3.1 8B, 5 users, 11000-token prompts", "for an 11,000-token prompt"),
        ("Llama 3.1 8B, 5 users, 1000-token prompts", "for a 1,000-token prompt"),
    ],
)
def test_english_says_an_before_a_figure_said_with_a_vowel(ask, question, said):
    # "first token in ~0.39 s for a 8,000-token prompt"
    out = ask(question)
    assert said in out
    assert not re.search(r"\ba (8|11|18|8\d)(,\d{3})*\b", out)


def test_one_answer_counts_gpu_hours_one_way(ask):
    # "1,0 GPU-hora" over "≈ 1,0 horas de GPU" in the same answer: both singular in pt-BR (CLDR i = 0..1)
    out = ask("LoRA no Llama 3.1 8B, 30 mil exemplos de 1500 tokens")
    # 1,01 hours (1,0 × R$ 20,00 had been 1.5% off the R$ 20,29 said: audit7), still singular (i = 1)
    assert "(1,01 GPU-hora a R$" in out and "≈ 1,01 hora de GPU a" in out
