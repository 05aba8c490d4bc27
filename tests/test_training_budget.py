"""A training budget with no model ("tenho R$ 50 mil, dá pra treinar um modelo do zero?", "with $20k what can we
fine-tune?"): what it buys, the GPU-hours of the GPU that sells a training FLOP cheapest, the FLOPs they run at its
MFU, the model it trains compute-optimally from scratch (Chinchilla: ~20 tokens per parameter, C = 6·N·D) and the
tokens it trains each suggested model on; with no prices, the same for 1,000 GPU-hours, said as such. It had been
the suggestions priced by the month against the budget read as a month's ("Li o orçamento ... como mensal",
"uma quantização menor ou menos contexto baixam o custo")."""

from __future__ import annotations

import pytest

from .gpu_size_run import answer, answer_json

PRICES = {
    "h100-sxm": "{ on_demand = 22.0, project_package = 18.0 }",
    "a100-80gb-sxm": "{ on_demand = 13.0, project_package = 11.0 }",
    "l40s": "{ on_demand = 9.0, project_package = 8.0 }",
    None: "{ on_demand = 30.0, project_package = 25.0 }",
}


@pytest.fixture
def priced(tmp_path, monkeypatch, capsys):
    from tests.data_folders import priced_answers

    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


def test_a_budget_to_train_from_scratch_says_what_it_buys(priced):
    text = priced("tenho R$ 50 mil, dá pra treinar um modelo do zero?")
    # R$ 18 an hour buys the cheapest model FLOP: 989 TFLOPS at 40% against the A100's 312 at 50% for R$ 11
    assert "R$ 50.000 compram ~2.778 horas de H100 SXM 80 GB (R$ 18,00 a hora, pacote por projeto" in text
    assert "~3,96 × 10²¹ FLOPs a 40% de MFU" in text
    # N = sqrt(C / 120), D = 20 N
    assert "um modelo de ~5,74B em ~115 bi tokens" in text
    assert "pré-treino contínuo ou ajuste fino de um modelo aberto rende muito mais" in text
    assert "como mensal" not in text and "acima do orçamento" not in text and "quantização menor" not in text


def test_a_fine_tuning_budget_says_the_tokens_each_model_gets(priced):
    text = priced("temos R$ 30 mil por mês pra lora, qual modelo?")
    assert "R$ 30.000 por mês compram ~1.667 horas de H100 SXM 80 GB" in text
    assert "Em tokens de treino, isso dá (4·N·D): ~72,5 bi no Qwen3 8B" in text
    assert "Chinchilla" not in text  # a fine-tune trains the model it has


def test_without_prices_the_order_of_magnitude_is_said_per_thousand_gpu_hours(capsys):
    text = answer(capsys, "with $20k what can we fine-tune?")
    assert "With no prices configured, there is no saying how many GPU-hours USD 20,000 buys." in text
    assert "every 1,000 hours of H100 SXM 80 GB run ~1.42 × 10²¹ FLOPs at 40% MFU" in text
    assert "In training tokens, every 1,000 hours is (6·N·D): ~29B on Qwen3 8B" in text
    spend = answer_json(capsys, "with $20k what can we fine-tune?")["suggested_models"]["training_budget"]
    assert spend["amount"] is None and spend["gpu_hours"] == 1000
    assert spend["flops"] == pytest.approx(1000 * 3600 * 989.4e12 * 0.40, rel=0.01)
