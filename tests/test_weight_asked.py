"""What a model weighs, asked as such ("quanto pesa", "how big", "how heavy", "what does it weigh"): the sizing,
its weights first, in the question's language, with no word left not understood."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size

from .gpu_size_run import UNKNOWN, answer


@pytest.mark.parametrize(
    ("question", "weights"),
    [
        ("quanto pesa o gemma 3 12b em bf16?", "Pesos ............ 24,4 GB"),
        ("o gemma 3 27b pesa quanto em bf16?", "Pesos ............ 54,9 GB"),
        ("quanto pesaria o llama 3.1 70b em 4 bits", "Pesos ............ 39,8 GB"),
        ("quanto pesam os pesos do qwen3 32b em fp8?", "Pesos ............ 34,3 GB"),
        ("qual o tamanho do modelo gemma 3 12b?", "Pesos ............ 24,4 GB"),
        ("how big is gemma 3 12b?", "Weights .......... 24.4 GB"),
        ("how heavy is gemma 3 12b in bf16?", "Weights .......... 24.4 GB"),
        ("what does llama 3.1 8b weigh in fp8?", "Weights .......... 9.1 GB"),
    ],
)
def test_what_a_model_weighs_is_answered_with_its_weights_first(capsys, question, weights):
    text = answer(capsys, question)
    assert not any(word in text for word in UNKNOWN), text
    memory = text[text.index("Pesos" if weights.startswith("Pesos") else "Weights") :]
    assert memory.startswith(weights), text


@pytest.mark.parametrize(
    ("question", "asked"),
    [("quanto pesa?", "Faltou dizer o modelo"), ("how big is it?", "The model is missing")],
)
def test_what_it_weighs_with_no_model_asks_for_the_model(capsys, question, asked):
    gpu_size([question])
    said = capsys.readouterr()
    assert asked in said.err + said.out, said
