"""Leftovers, ninth round (2026-12-06): a GPU-hours budget of another card counted on that card, the RTX 4070
family's own entries, and the Slack app's links to messages (its own answers, messages it cannot read).
Through `gpu-size` and the Slack pipeline, asserting what the user reads."""

from __future__ import annotations

import pytest

from .gpu_size_run import answer, answer_json

# -- a GPU-hours budget of another card than the recommended one ---------------------------------------------


def budget_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(("Orçamento de", "Budget of")))


def test_a_budget_of_another_card_with_no_volume_says_the_tokens_it_pays_for_on_that_card(capsys):
    # It had said the hours were counted on the L40S recommended, not on the A100 of the budget.
    text = answer(capsys, "treinar llama 8b com lora, temos 500 horas de A100")
    line = budget_line(text)
    # 500 h x 3600 s x 312 TFLOPS (A100 BF16 dense, NVIDIA datasheet) x 40% MFU / (4 x 8.03B) = ~7.0B tokens
    assert (
        "na A100 SXM 80 GB do orçamento, elas pagam até ~7 bi tokens deste treino (4·N·D a 40% de MFU)"
        in line
    )
    assert "A recomendação abaixo é a L40S 48 GB" in line and "contadas na L40S" not in text
    assert "Recomendação: 1× L40S 48 GB" in text  # the recommendation stays


@pytest.mark.parametrize(
    ("question", "hours", "verdict"),
    [
        # 4·N·D = 4 x 8.03e9 x 2e9 = 6.42e19 FLOPs over 312 TFLOPS x 40%: ~143 A100-hours
        ("treinar llama 8b com lora e 2B tokens, temos 500 horas de A100", "~143 horas de GPU", "cabe nele"),
        # 6·N·D = 6 x 70.6e9 x 1e9 = 4.2e20 FLOPs: ~942 A100-hours, over a 500-hour budget
        (
            "treinar llama 70b full com 1B tokens, temos 500 horas de A100",
            "~942 horas de GPU",
            "não cabe nele",
        ),
    ],
)
def test_a_budget_of_another_card_with_a_volume_is_weighed_on_that_card(capsys, question, hours, verdict):
    line = budget_line(answer(capsys, question))
    assert (
        f"este treino leva {hours}" in line and "na A100 SXM 80 GB do orçamento" in line and verdict in line
    )
    flops = answer_json(capsys, question)["estimates"]["training_flops"]
    need = flops / (312e12 * 0.40) / 3600
    said = float(line.split("leva ~")[1].split(" horas")[0].replace(".", "").replace(",", "."))
    assert said == pytest.approx(need, rel=0.02)


def test_a_budget_of_another_card_in_english(capsys):
    line = budget_line(answer(capsys, "fine-tune llama 8b lora on 200M tokens, we have 50 H100 hours"))
    assert "this training takes ~4.5 GPU-hours on the budget's H100 SXM 80 GB (40% MFU), within it" in line


# -- the RTX 4070 family: each card its own entry -------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "card"),
    [
        # NVIDIA GeForce RTX 4070 Family specifications: SUPER 12 GB (192-bit), Ti 12 GB (192-bit),
        # Ti SUPER 16 GB (256-bit)
        ("llama 8b no rtx 4070 super", "RTX 4070 SUPER 12 GB"),
        ("llama 8b no 4070 ti", "RTX 4070 Ti 12 GB"),
        ("llama 8b na 4070 ti super", "RTX 4070 Ti SUPER 16 GB"),
        ("llama 8b na rtx 4070", "RTX 4070 12 GB"),
    ],
)
def test_each_rtx_4070_is_its_own_card_with_its_memory(capsys, question, card):
    assert answer(capsys, question).startswith(f"Entendi: Llama 3.1 8B · 1× {card}")
