"""A number no workload comes near (hundreds of digits pasted by accident or on purpose) is refused with a
clear message in the question's language, never read as "R$ inf por mês" nor turned into an internal error."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size

from .slack_harness import slash_reply_text

NINES = "9" * 400


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # had been "Entendi: Llama 3.1 8B · orçamento de R$ inf por mês" and a sizing
        (f"llama 8b com orçamento de R$ {NINES} por mês", "tem 400 algarismos"),
        # had been "erro interno ao responder (OverflowError)"
        (f"llama 8b para {NINES} usuários", "tem 400 algarismos"),
        (f"llama 8b contexto de {NINES} tokens", "tem 400 algarismos"),
        (f"fine-tune llama 8b com {NINES} exemplos", "tem 400 algarismos"),
        ("llama 8b para 1.000.000.000.000.000.000.000.000 usuários", "tem 25 algarismos"),
        (f"how much memory for llama 8b with {'9' * 30} concurrent users?", "has 30 digits"),
        (f"quanta memória para o llama 8b com {'9' * 30} utilizadores em simultâneo?", "20 utilizadores"),
    ],
)
def test_a_number_of_absurd_length_is_refused_in_the_question_s_language(capsys, question, said):
    assert gpu_size([question]) != 0
    captured = capsys.readouterr()
    assert said in captured.err
    assert "inf" not in captured.err.replace("informações", "")
    assert "erro interno" not in captured.err and "internal error" not in captured.err


@pytest.mark.parametrize(
    "question",
    [
        "pré-treino llama 8b com 15.000.000.000.000 tokens",  # 15 trillion, written out: still read
        "llama 8b para 2.000 usuários, orçamento de R$ 1.500.000.000 por ano",
        "llama 8b, chamado 20261207123456789 sobre 20 usuários",  # 17 digits: not refused for its length
    ],
)
def test_long_but_plausible_numbers_are_still_read(capsys, question):
    gpu_size([question])
    assert "algarismos" not in capsys.readouterr().err


def test_slack_gets_the_refusal_not_something_went_wrong(tmp_path):
    text = slash_reply_text(tmp_path, f"llama 8b para {NINES} usuários")
    assert "400 algarismos" in text
    assert "Algo deu errado" not in text
