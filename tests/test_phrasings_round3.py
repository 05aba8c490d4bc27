"""Questions as reps and customers type them, third round (2026-12-06): "ajustar o modelo" for a fine-tune, a
message's points counted out ("em segundo lugar"). Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer

UNKNOWN = ("Não entendi", "Não percebi", "Didn't understand", "Not understood")


def _head(text: str, n: int = 2) -> str:
    return "\n".join(text.splitlines()[:n])


# -- adjusting a model is fine-tuning it -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("quero ajustar o llama 8b", "ajuste fino"),
        ("preciso ajustar o modelo llama 8b com 10 mil exemplos", "ajuste fino"),
        ("dá pra ajustar o qwen2.5 7b com lora numa l4?", "ajuste fino com LoRA"),
        ("queremos afinar o mistral 7b com 5 mil exemplos", "ajuste fino"),
    ],
)
def test_adjusting_a_model_is_a_fine_tune(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


def test_adjusting_a_setting_is_no_training(capsys):
    head = _head(answer(capsys, "ajustar o contexto do llama 8b pra 8k"))
    assert "8k de contexto" in head.splitlines()[0]
    assert "ajuste fino" not in head and "treino" not in head


# -- a message's points counted out --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("em segundo lugar, o llama 8b roda em 1 l4?", "1× L4 24 GB"),
        (
            "em primeiro lugar: llama 70b pra 20 usuários. por último, quanto custa?",
            "20 usuários simultâneos",
        ),
        ("secondly, does llama 8b run on one L4?", "1× L4 24 GB"),
        ("llama 8b com 10 requisições por segundo, em segundo lugar", "10 requisições/s"),
    ],
)
def test_a_point_counted_out_is_no_word_left_over(capsys, text, said):
    head = _head(answer(capsys, text))
    assert said in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)
