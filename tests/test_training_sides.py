"""Training stages and methods weighed side by side, told truthfully: a pre-training offered beside a fine-tune
with a model and GPUs or a volume to train on is weighed as methods are (each side's memory per GPU and time on
the GPUs named, what it needs where it does not fit), not answered with what fine-tuning and pre-training mean.
Through `gpu-size`, as a user reads the answers."""

from __future__ import annotations

import pytest

from tests.data_folders import with_prices

from .gpu_size_run import answer
from .test_side_by_side_round4 import columns, comparison, summary


def test_pretraining_or_lora_on_gpus_named_weighs_each_stage_there(capsys):
    text = answer(capsys, "treinar do zero ou lora o llama 8b em 4 a100")
    block = comparison(text)
    sides = columns(block)
    pretrain = next(lines for label, lines in sides.items() if label.startswith("pré-treino"))
    lora = next(lines for label, lines in sides.items() if label.startswith("LoRA"))
    assert pretrain[0] == "4× A100 SXM 80 GB: cabe"
    assert lora[0] == "4× A100 SXM 80 GB: cabe"
    assert any(
        line.startswith("Por GPU em 4× A100 SXM 80 GB: pesos 4,0 GB · gradientes") for line in pretrain
    )
    assert any(line.startswith("Por GPU em 4× A100 SXM 80 GB: pesos 4,0 GB · adaptadores") for line in lora)
    # both fit: neither is the other with less given up, so the summary says only that both fit
    assert summary(block) == "Em resumo: em 4× A100 SXM 80 GB cabem pré-treino e LoRA."
    assert "Pré-treino: ensina um domínio ou idioma novo" in block
    assert "Ajuste fino (fine-tuning) parte de um modelo" not in text


def test_continued_pretraining_vs_lora_with_tokens_says_time_and_what_the_stage_that_does_not_fit_needs(
    capsys,
):
    text = answer(capsys, "continued pretraining vs lora for llama 8b on 2 h100 with 5B tokens")
    assert text.startswith(
        "Understood: Llama 3.1 8B · training from scratch / continued pre-training or LoRA"
    )
    block = comparison(text)
    sides = columns(block)
    pretrain = next(lines for label, lines in sides.items() if label.startswith("pre-training"))
    lora = next(lines for label, lines in sides.items() if label.startswith("LoRA"))
    assert pretrain[0] == "2× H100 SXM 80 GB: does not fit; 10.3 GB short per GPU"
    assert "With 4× H100 SXM 80 GB: fits" in pretrain
    assert lora[0] == "2× H100 SXM 80 GB: fits"
    assert "Estimated time: ~2.3 days" in lora
    assert (
        summary(block)
        == "In short: on 2× H100 SXM 80 GB, only LoRA fits; pre-training needs 4× H100 SXM 80 GB."
    )


def test_pretraining_or_lora_with_a_volume_and_no_gpu_says_what_each_needs(capsys):
    block = comparison(answer(capsys, "pré-treino ou lora do qwen 7b com 10B tokens"))
    assert summary(block) == "Em resumo: o pré-treino pede 2× H200 SXM 141 GB; o LoRA pede 1× L40S 48 GB."
    # the LoRA's smaller GPU is not said to save nothing against the pre-training's: they teach other things
    assert "não economiza GPU" not in block


@pytest.mark.parametrize(
    "question",
    ["ajuste fino ou pré-treino?", "lora ou pré-treino do llama 8b?", "fine-tuning vs pretraining"],
)
def test_stages_with_nothing_to_size_them_on_are_explained(capsys, question):
    text = answer(capsys, question)
    assert "Comparação" not in text and "Comparison" not in text
    assert "pré-treino" in text.lower() or "pre-train" in text.lower()


def alternatives(text: str) -> list[str]:
    title = next(line for line in text.splitlines() if line.startswith(("Alternativas", "Alternatives")))
    block = text.split(title + "\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip("• ").strip() for line in block.splitlines()]


def test_fp8_training_alternatives_say_the_adapters_train_in_bf16_at_bf16_speed(capsys):
    fp8 = alternatives(answer(capsys, "full fine-tune do llama 8b em fp8 com 1B tokens"))
    lora = next(line for line in fp8 if line.startswith("Com LoRA"))
    assert lora.startswith("Com LoRA (base congelada em 16 bits): 1× L40S 48 GB. Em BF16, em qualquer GPU:")
    # timed at BF16's speed: as long as the LoRA beside a BF16 full fine-tune of the same run
    bf16 = alternatives(answer(capsys, "full fine-tune do llama 8b em bf16 com 1B tokens"))
    bf16_lora = next(line for line in bf16 if line.startswith("Com LoRA"))
    assert lora.endswith(bf16_lora.rsplit(". ", 1)[1])
    assert "Em BF16" not in bf16_lora
    # 8-bit AdamW keeps the FP8 run: its time is the FP8 recommendation's, shorter than BF16's
    adam = next(line for line in fp8 if line.startswith("Com AdamW de 8 bits"))
    assert "Em BF16" not in adam


def test_fp8_training_places_qlora_on_a_gpu_without_fp8_where_it_is_smaller(capsys):
    fp8 = alternatives(answer(capsys, "full fine-tune do llama 70b em fp8 com 1B tokens em 8 h100"))
    qlora = next(line for line in fp8 if line.startswith("Com QLoRA"))
    assert qlora.startswith("Com QLoRA (base em 4 bits): 1× A100 SXM 80 GB. Em BF16, em qualquer GPU:")
    assert "dequantiza a base NF4 para BF16" in qlora


def test_fp8_training_torchtune_one_gpu_recipe_is_said_in_bf16(capsys):
    text = answer(capsys, "full fine-tuning of llama 8b in fp8 with 1B tokens")
    torchtune = next(line for line in alternatives(text) if line.startswith("With torchtune"))
    assert (
        "In BF16, on any GPU: torchtune's one-GPU recipe (full_finetune_single_device) converts no layer to FP8"
        in torchtune
    )


# Hourly prices per GPU in the ratio of what clouds charge (the H100 ~1.6x the A100).
PRICES = {
    "h100-sxm": "{ on_demand = 22.0, project_package = 18.0, reserved = 15.0 }",
    "a100-80gb-sxm": "{ on_demand = 13.0, project_package = 11.0, reserved = 9.0 }",
    "l40s": "{ on_demand = 9.0, project_package = 8.0, reserved = 6.5 }",
    None: "{ on_demand = 30.0, project_package = 26.0, reserved = 21.0 }",
}


@pytest.fixture
def priced(tmp_path, monkeypatch):
    yield from with_prices(tmp_path, monkeypatch, PRICES)


def test_three_precisions_priced_say_which_costs_least_per_month(priced, capsys):
    line = summary(comparison(answer(capsys, "llama 70b em fp8, int4 ou bf16?")))
    assert (
        "o Llama 3.1 70B INT4 (AWQ/GPTQ g128) é o que custa menos (R$ 6.570 por mês, sob demanda, contra até"
        in line
    )


def test_three_methods_priced_say_which_cost_least_per_run(priced, capsys):
    block = comparison(answer(capsys, "full, lora ou qlora do llama 8b em 2 h100 com 1B tokens"))
    sides = columns(block)
    costs = {
        label.split(" ", 1)[0]: next(x for x in lines if x.startswith("Custo do projeto"))
        for label, lines in sides.items()
    }
    assert costs["LoRA"] == costs["QLoRA"] != costs["ajuste"]
    cheap = costs["LoRA"].split(": ", 1)[1]
    dear = costs["ajuste"].split(": ", 1)[1]
    assert summary(block).endswith(
        f"LoRA e QLoRA são os que custam menos ({cheap} pelo projeto cada, contra até {dear})."
    )


def test_two_methods_priced_say_which_costs_less_per_run(priced, capsys):
    text = answer(capsys, "continued pretraining vs lora for llama 8b on 4 a100 with 2B tokens")
    block = comparison(text)
    costs = [line for lines in columns(block).values() for line in lines if line.startswith("Project cost")]
    assert [c.split(": ", 1)[1] for c in costs] == ["BRL 2,359", "BRL 1,573"]
    assert summary(block) == (
        "In short: pre-training and LoRA fit on 4× A100 SXM 80 GB; LoRA costs less (BRL 1,573 against BRL 2,359"
        " for the project)."
    )


def test_methods_weighed_beside_an_fp8_training_say_each_side_s_precision(capsys):
    sides = columns(comparison(answer(capsys, "full fine-tune ou lora do llama 8b em fp8 com 1B tokens")))
    assert list(sides) == [
        "ajuste fino completo (pesos, gradientes e AdamW em todos os parâmetros), com as multiplicações de matrizes"
        " em FP8",
        "LoRA (base congelada em 16 bits), em BF16",
    ]
