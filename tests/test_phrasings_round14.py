"""Questions as people type them in Slack, fourteenth round (2026-12-07): the leftovers of rounds 12 and 13.
Sensitive data said without a kind, or beside banking data, gets the note true of what was named (LGPD Art. 5
II lists no banking data); a short English question answered in English; an hourly budget; training data and
the brand's voice in business words; a service always on; and a base model named by its repository. Each
answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
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
