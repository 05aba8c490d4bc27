"""Questions as people type them in Slack, fourteenth round (2026-12-07): the leftovers of rounds 12 and 13.
Sensitive data said without a kind, or beside banking data, gets the note true of what was named (LGPD Art. 5
II lists no banking data); a short English question answered in English; an hourly budget; training data and
the brand's voice in business words; a service always on; and a base model named by its repository. Each
answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.data_folders import with_prices
from tests.gpu_size_run import UNKNOWN, answer, understood_lines


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


def _no_unknown(lines: list[str]) -> bool:
    return not any(line.startswith(UNKNOWN) for line in lines)


# -- sensitive data: the note says what is true of what was named ----------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # "sensíveis" had earned the health note beside the banking one
        "dados sensíveis de clientes bancários, llama 8b para 20 pessoas",
        "llama 8b com dados bancários sensíveis, 20 usuários",
        "sensitive banking data, llama 8b for 20 users",
    ],
)
def test_banking_data_said_sensitive_get_the_banking_note_never_health(capsys, question):
    text = answer(capsys, question)
    assert "sigilo bancário" in text or "banking secrecy" in text, text
    assert "saúde" not in text and "Health" not in text, text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "dados sensíveis, llama 8b para 20 pessoas",
            "Dados pessoais sensíveis (LGPD, art. 5º, II: origem racial",
        ),
        ("sensitive data, llama 8b for 20 users", "Sensitive personal data (LGPD Art. 5 II: racial"),
        ("llama 8b com dados biométricos de funcionários, 30 pessoas", "dado genético ou biométrico"),
    ],
)
def test_sensitive_data_of_no_kind_cite_article_11_without_claiming_health(capsys, question, said):
    text = answer(capsys, question)
    assert said in text, text
    assert "Dados de saúde" not in text and "Health data" not in text, text


def test_sensitive_data_asked_alone_are_answered_with_article_11(capsys):
    assert gpu_size(["vocês atendem dados sensíveis?"]) != 0  # no sizing: the subject answered
    said = capsys.readouterr().err
    assert "só podem ser tratados nas hipóteses do art. 11" in said and "Dados de saúde" not in said, said


def test_health_data_said_sensitive_keep_the_health_note(capsys):
    text = answer(capsys, "dados sensíveis de pacientes, llama 8b para 10 médicos")
    assert "Dados de saúde são dados pessoais sensíveis" in text, text
    assert "origem racial" not in text, text


# -- a short English question is answered in English ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a letter joined to a model's digits ("gpt-4o") is no Portuguese "o"
        ("is llama 70b cheaper than gpt-4o?", "Understood: Llama 3.1 70B"),
        ("llama 8b instant, 10 users", "Understood: Llama 3.1 8B · 10 concurrent users · fast answers"),
        ("qwen3 32b faster than llama 70b?", "Understood:"),
    ],
)
def test_a_short_english_question_is_answered_in_english(capsys, question, read):
    lines = understood_lines(capsys, question)
    assert lines[0].startswith(read), lines
    assert _no_unknown(lines), lines


def test_a_portuguese_question_naming_gpt_4o_stays_portuguese(capsys):
    lines = understood_lines(capsys, "o llama 70b é mais barato que o gpt-4o?")
    assert lines[0].startswith("Entendi: Llama 3.1 70B"), lines


# -- a budget by the hour: each GPU-hour's, set against each GPU's price -------------------------------------------

# Made-up hourly prices per GPU, the same for every GPU we rent (tests/test_budget.py's), checkable by hand.
PRICES = "{ on_demand = 20.0, reserved = 14.0, dedicated = 16.0, project_package = 15.0 }"


@pytest.fixture
def priced(tmp_path, monkeypatch):
    yield from with_prices(tmp_path, monkeypatch, {None: PRICES})


@pytest.mark.parametrize(
    ("question", "read", "verdict"),
    [
        # each had been "Não entendi: R$ 5/hora"
        (
            "llama 8b para 20 pessoas até R$ 15/hora",
            "orçamento de R$ 15,00 por hora de GPU",
            "custa a partir de R$ 14,00 por hora, e cabe (reservada).",
        ),
        (
            "llama 70b, no máximo R$ 18 a hora por gpu",
            "orçamento de R$ 18,00 por hora de GPU",
            "e cabe (reservada e dedicada).",
        ),
        (
            "llama 8b para 20 pessoas até R$ 10/hora",
            "orçamento de R$ 10,00 por hora de GPU",
            "custa pelo menos R$ 14,00 por hora (reservada), R$ 4,00 acima do orçamento.",
        ),
        (
            "budget of BRL 21 per hour, llama 8b for 20 users",
            "budget of BRL 21.00 per GPU-hour",
            "within it (reserved, dedicated and on demand).",
        ),
    ],
)
def test_an_hourly_budget_is_each_gpu_hours(capsys, priced, question, read, verdict):
    text = answer(capsys, question)
    assert read in text.splitlines()[0], text
    assert verdict in text, text
    assert not any(line.startswith(UNKNOWN) for line in text.splitlines()), text


def test_an_hourly_budget_picks_the_largest_suggested_model_within_it(capsys, priced):
    text = answer(capsys, "qual modelo dá pra rodar com até R$ 15/hora por gpu?")
    assert "Com o orçamento de R$ 15,00 por hora de GPU, o maior dos sugeridos que cabe é o" in text, text


def test_a_price_paid_elsewhere_by_the_hour_stays_no_budget(capsys, priced):
    text = answer(capsys, "llama 8b, pagamos US$ 2 por hora na aws")
    assert "Não entendi: “US$ 2 por hora”" in text and "por hora de GPU" not in text, text


def test_an_hourly_budget_in_another_currency_is_not_converted(capsys, priced):
    text = answer(capsys, "budget of $3 per hour, llama 8b for 20 users")
    assert "budget of USD 3.00 per GPU-hour" in text.splitlines()[0], text
    assert "I do not convert currencies" in text, text
