"""Questions as reps, support staff and customers type them, second round (2026-12-06): who asks said by
their team ("sou do suporte técnico, o cliente quer..."), "support" said as a verb, a source said before a figure
("segundo a documentação"), a number typed in words left unread quoted whole ("dezasseis"), chat's "n" for
"não", an acknowledgement or a "can it handle" verb before a thread's follow-up ("blz, e o qwen 14b?", "aguenta o
dobro?"), a count after a context key ("128k ctx 2 GPU"), "half a million", a range with a tilde, the working
days of a schedule, a tight budget. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import answer

from .test_thread_followups import reply_in_thread, understood

UNKNOWN = ("Não entendi", "Não percebi", "Didn't understand", "Not understood")


def _head(text: str, n: int = 2) -> str:
    return "\n".join(text.splitlines()[:n])


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("phrasings_round2") / "log.db"))


# -- who asks, by their team ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # each had been read as the support-chat task ("atendimento e chat")
        ("sou do suporte técnico, o cliente quer rodar llama 70b p/ 30 usuarios", "30 usuários simultâneos"),
        ("oi, aqui é do suporte tecnico. cliente pergunta se o qwen 32b cabe numa l40s", "L40S 48 GB"),
        ("suporte tecnico aqui: qual gpu pro mistral 7b?", "Mistral 7B"),
        ("o pessoal do suporte técnico perguntou qnts h100 pro deepseek v3", "H100 SXM 80 GB"),
        # "vendas" had been a word not understood
        ("sou da equipe de vendas, qual gpu pro qwen 32b?", "Qwen2.5 32B"),
        ("I'm from support, customer asks if llama 70b fits on 2 h100", "2× H100 SXM 80 GB"),
        ("support team here: which gpu for qwen 32b with 20 users?", "20 concurrent users"),
    ],
)
def test_the_team_of_who_asks_is_no_task(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert "atendimento e chat" not in head and "support and chat" not in head
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("chatbot de suporte técnico com llama 8b p/ 50 usuarios", "atendimento e chat"),
        ("sou do suporte, o cliente quer um chatbot de atendimento com llama 8b", "atendimento e chat"),
        ("we want a customer support bot with llama 8b for 100 users", "support and chat"),
    ],
)
def test_a_support_chat_asked_for_is_still_the_task(capsys, text, task):
    assert task in answer(capsys, text).splitlines()[0]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Do you support multi-node for Llama 405B?", "Llama 3.1 405B"),
        ("does vllm support fp8 on the l40s for llama 70b?", "FP8 (8-bit)"),
        ("we need to support 50 concurrent users on qwen 32b", "50 concurrent users"),
        ("is there support for qwen3 235b on 4 h200?", "4× H200 SXM 141 GB"),
        ("vocês dão suporte a multi-node pro llama 405b?", "Llama 3.1 405B"),
        ("tem suporte a fp8 na a100 pro llama 70b?", "A100 SXM 80 GB"),
    ],
)
def test_support_said_of_a_feature_or_a_load_is_no_support_chat(capsys, text, said):
    first = answer(capsys, text).splitlines()[0]
    assert said in first
    assert "support and chat" not in first and "atendimento e chat" not in first


# -- where a figure comes from ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "segundo" had been not understood, with the source and the check asked
        ("segundo a documentação o llama 70b precisa de 2 h100, confere?", "2× H100 SXM 80 GB"),
        ("segundo o cliente sao 50 usuarios no qwen 14b", "50 usuários simultâneos"),
        ("segundo o fornecedor, o qwen 32b roda em 1 l40s em 8 bits", "FP8 (8-bit)"),
        ("de acordo com o manual, o mistral 7b cabe numa l4, né?", "L4 24 GB"),
        ("pelo que vi no hugging face o gemma 3 27b roda numa h100, bate?", "H100 SXM 80 GB"),
        ("according to the docs llama 70b needs 2 h100s, right?", "2× H100 SXM 80 GB"),
    ],
)
def test_the_source_said_before_a_figure_is_no_word_left_over(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize(
    "text",
    ["llama 8b com 10 requisições por segundo segundo o cliente", "llama 8b 10 req por segundo o dia todo"],
)
def test_a_second_after_per_stays_the_rate_unit(capsys, text):
    assert "10 requisições/s" in answer(capsys, text).splitlines()[0]


# -- numbers in words ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        # after a word that makes it no count of people (a plain number beside a model alone is the people:
        # tests/test_phrasings_round8.py)
        ("llama 8b em dezasseis", "“dezasseis”"),  # had been “de”
        ("qwen 14b de dezasseis", "“dezasseis”"),
        ("llama 8b em vinte", "“vinte”"),  # had been “vi”
        ("llama 8b em trinta e dois", "“trinta e dois”"),  # had been “tr”
    ],
)
def test_a_number_in_words_left_unread_is_quoted_as_typed(capsys, text, quoted):
    second = answer(capsys, text).splitlines()[1]
    assert second.startswith(("Não entendi", "Não percebi")) and quoted in second


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "dezasseis utilizadores em simultâneo com o llama 8b, chega uma L4?",
            "16 utilizadores em simultâneo",
        ),
        ("llama 8b com contexto de dezasseis mil e dezassete utilizadores", "17 utilizadores em simultâneo"),
    ],
)
def test_sixteen_in_portugal_is_read(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0] and not any(word in head for word in UNKNOWN)


def test_half_a_million_is_half_a_million(capsys):
    first = answer(capsys, "llama 8b half a million requests a day").splitlines()[0]
    # it had been 1,000,000 requests, and "half" a 16-bit precision
    assert "500,000 requests a day" in first and "BF16" not in first


@pytest.mark.parametrize(
    "text", ["modelo de meio bilhão de parâmetros numa l4", "a model with half a billion parameters on an l4"]
)
def test_half_a_billion_parameters_is_a_half_billion_model(capsys, text):
    # it had been "Não entendi o pedido: “meio”", and in English a 1B model
    assert "Qwen2.5 0.5B" in answer(capsys, text).splitlines()[0]


def test_a_range_with_a_tilde_is_sized_for_its_top(capsys):
    out = answer(capsys, "50~100 usuarios llama 8b")
    assert "100 usuários simultâneos" in out.splitlines()[0]
    assert "Li “50~100” como 100" in _head(out, 3) and "Não entendi" not in _head(out, 3)


# -- chat spellings ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("o qwen 14b n roda na l4 né?", "L4 24 GB"),
        ("pq o qwen 72b n cabe numa h100?", "H100 SXM 80 GB"),
        ("o cara quer rodar o llama 3.3 70b no notebook dele c/ 24gb kkkk", "GPU de 24 GB (notebook)"),
        ("oi! td bem? qual gpu p/ o llama 8b?", "Llama 3.1 8B"),
        ("aprox 200 usuarios no mistral 7b", "200 usuários simultâneos"),
        ("vale a pena h200 pro llama 70b ou 2 a100 resolve?", "2× A100 SXM 80 GB"),
        ("any chance mistral large 2 runs on 2x h200 at fp8?", "2× H200 SXM 141 GB"),
        ("Our CTO asked whether mixtral 8x22b fits in 4 L40S, thoughts?", "4× L40S 48 GB"),
    ],
)
def test_chat_words_around_the_question_are_no_words_left_over(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("qwen3 8b n quero raciocinio", "sem raciocínio"),
        ("qwen3 32b, nao precisa de thinking, 20 usuarios", "sem raciocínio"),
        ("qwen3 8b we don't need reasoning", "no reasoning"),
    ],
)
def test_no_reasoning_said_with_a_verb_turns_it_off(capsys, text, said):
    out = answer(capsys, text)
    assert said in out.splitlines()[0]
    assert "33.768" not in out and "33,768" not in out  # not sized with a chain of thought


def test_a_setting_named_n_is_no_chat_no(capsys):
    # "n=8" is GRPO's generations, never "não=8"; "N+1" a spare copy, never "não+1"
    assert "8 respostas por prompt" in answer(capsys, "grpo qwen 7b n=8 geracoes").splitlines()[0]
    assert "N+1" in answer(capsys, "qwen 32b com redundância N+1").splitlines()[0]


# -- a context key before a count -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "ctx 2" had contradicted the 128k: "O pedido se contradiz"
        ("qwen 32b 128k ctx 2 GPU h100", "128k de contexto · 2× H100 SXM 80 GB"),
        ("qwen 32b 32k contexto 2 gpus", "32k de contexto · 2 GPUs"),
        ("qwen 32b ctx 32768 4 gpus", "32k de contexto · 4 GPUs"),
    ],
)
def test_a_count_after_a_context_key_is_its_own(capsys, text, said):
    assert said in answer(capsys, text).splitlines()[0]


# -- prices and schedules ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Qual é o preçário da H100 à hora?", "Qual o valor à hora de uma A100?"])
def test_the_hourly_price_list_asked_in_portugal_is_the_gpus_price(capsys, text):
    # "preçário" of a GPU named had answered what fits on it
    assert answer(capsys, text).splitlines()[0].startswith("Quanto custa 1×")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("quanto custa rodar llama 70b 8h por dia, 5 dias por semana?", "8 h por dia em dias úteis"),
        ("quanto custa rodar llama 70b 8h por dia, 22 dias por mês?", "8 h por dia em dias úteis"),
        ("llama 70b 8 hours a day 21 working days a month, cost?", "8 h a day on weekdays"),
    ],
)
def test_working_days_said_as_a_count_are_weekdays_not_a_term(capsys, text, said):
    first = answer(capsys, text).splitlines()[0]
    assert said in first and "por 5 dias" not in first and "por 22 dias" not in first


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # "orçamento" is a quote asked for: it had been a budget of R$ 4,00, and the price of 1× H100
        ("o cliente quer um orçamento de 4 h100 por 6 meses", "Quanto custa 4× H100 SXM 80 GB por 6 meses"),
        ("orçamento de 2 l40s por mês", "Quanto custa 2× L40S 48 GB"),
    ],
)
def test_a_quote_for_gpus_counts_the_gpus(capsys, text, said):
    out = answer(capsys, text)
    assert out.splitlines()[0] == said and "orçamento de R$" not in out


def test_a_budget_amount_stays_a_budget(capsys):
    assert (
        "orçamento de 5.000 por mês"
        in answer(capsys, "orçamento de 5 mil por mes pro llama 70b").splitlines()[0]
    )


def test_days_said_alone_stay_a_term(capsys):
    assert "por 22 dias" in answer(capsys, "llama 70b por 22 dias").splitlines()[0]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "preciso de algo que rode o llama 70b pra 500 usuarios, mas o orçamento é apertado",
            "opções mais baratas",
        ),
        ("our budget is tight, llama 70b for 50 users", "cheaper options"),
    ],
)
def test_a_tight_budget_asks_for_the_cheaper_setups(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0] and not any(word in head for word in UNKNOWN)


# -- in a thread ------------------------------------------------------------------------------------------------

BASE = "llama 8b 20 usuarios"


@pytest.mark.parametrize(
    ("follow_up", "model"),
    [
        # each had lost the thread's 20 users: read as a new question
        ("blz, e o qwen 14b?", "Qwen2.5 14B"),
        ("ok, e o qwen 14b?", "Qwen2.5 14B"),
        ("show, e com o mistral 7b?", "Mistral 7B v0.3"),
        ("valeu! e o gemma 3 12b?", "Gemma 3 12B"),
        ("entendi. e o qwen3 8b?", "Qwen3 8B"),
    ],
)
def test_an_acknowledgement_before_a_model_change_keeps_the_thread(pipeline, follow_up, model):
    assert (
        understood(reply_in_thread(pipeline, BASE, follow_up))
        == f"Entendi: {model} · 20 usuários simultâneos"
    )


def test_an_acknowledgement_in_english_before_a_model_change_keeps_the_thread_in_english(pipeline):
    said = understood(reply_in_thread(pipeline, BASE, "thanks, and what about mistral 7b?"))
    assert said == "Understood: Mistral 7B v0.3 · 20 concurrent users"


@pytest.mark.parametrize(
    ("follow_up", "users"),
    [
        # each had been "Não entendi o pedido"
        ("ok e com 40?", 40),
        ("aguenta o dobro?", 40),
        ("aguenta 50?", 50),
        ("suporta 100?", 100),
        ("dá conta do triplo?", 60),
        ("kkkk e o dobro?", 40),
        ("e 100, segura?", 100),
    ],
)
def test_a_count_or_a_scale_after_an_acknowledgement_or_a_can_it_handle(pipeline, follow_up, users):
    answer_text = reply_in_thread(pipeline, BASE, follow_up)
    assert understood(answer_text) == f"Entendi: Llama 3.1 8B · {users} usuários simultâneos"
    assert "Não entendi" not in _head(answer_text, 3)


def test_can_it_handle_double_in_english_is_answered_in_english(pipeline):
    answer_text = reply_in_thread(pipeline, BASE, "can it handle double?")
    assert understood(answer_text) == "Understood: Llama 3.1 8B · 40 concurrent users"
    assert "Not understood" not in _head(answer_text, 3)


def test_perfect_before_a_precision_is_no_word_left_over(pipeline):
    answer_text = reply_in_thread(pipeline, BASE, "perfeito, e em fp8?")
    assert understood(answer_text) == "Entendi: Llama 3.1 8B · FP8 (8-bit) · 20 usuários simultâneos"
    assert "Não entendi" not in _head(answer_text, 3)
