"""The ways to fit a training (and a model) on the GPUs named, as the machine allows: a Colab or Kaggle notebook
and a machine of the customer's own get no more of their GPUs, and a one-GPU QLoRA no offload of its 4-bit
weights; the training software with a fused loss (Unsloth) and shorter sequences are offered instead. A full
fine-tune gets the optimizer's CPU offload with the RAM it needs; QLoRA never tensor parallelism. Through
`gpu-size`, as users read the answers."""

from __future__ import annotations

import pytest

from sizing.query import parse

from .gpu_size_run import answer


def ways_to_fit(text: str) -> str:
    """The "Para caber em ..." block: its bullets, up to the next blank line."""
    for marker in ("Para caber em", "To fit on"):
        if marker in text:
            return text.split(marker, 1)[1].split("\n\n", 1)[0]
    raise AssertionError(f"no ways to fit in:\n{text}")


COLAB = [
    "qlora llama 3.1 8b numa t4 do colab",
    "QLoRA do Llama 3.1 8B no Google Colab, T4",
    "fazer qlora no llama 3.1 8b no colab gratuito",
    "qlora of llama 3.1 8b on a colab t4",
    "qlora do llama 3.1 8b no kaggle com uma t4",
]


@pytest.mark.parametrize("question", COLAB)
def test_a_notebook_gets_what_fits_on_its_gpu_not_more_gpus_nor_weight_offload(capsys, question):
    text = answer(capsys, question)
    assert parse(question).workload.machine == "hosted"
    ways = ways_to_fit(text)
    assert "2× T4" not in ways and "2x T4" not in ways
    assert "offload_param" not in ways  # bitsandbytes' 4-bit weights do not leave one GPU
    assert "unsloth" in ways.lower()
    assert "1.024 tokens" in ways or "1,024 tokens" in ways  # shorter sequences


@pytest.mark.parametrize(
    ("question", "more"),
    [
        ("gemma 3 27b no meu pc com 2 3090", "4× RTX 3090"),
        ("qwen2.5 vl 7b no notebook 3060 12gb", "2× RTX 3060"),
        ("rodar o gemma 3 27b localmente em duas rtx 3090", "4× RTX 3090"),
        ("gemma 3 27b on my pc with 2x 3090", "4× RTX 3090"),
    ],
)
def test_a_machine_of_ones_own_gets_what_changes_on_it_and_our_gpus_not_more_of_its_cards(
    capsys, question, more
):
    text = answer(capsys, question)
    ways = ways_to_fit(text)
    assert more not in ways
    assert "FP8" in ways  # what changes on that machine
    assert "alugamos" in ways or "we rent" in ways  # and our GPUs, the other way


def test_a_card_we_do_not_rent_said_without_an_owner_still_gets_more_of_it(capsys):
    assert "4× RTX 3090" in ways_to_fit(answer(capsys, "gemma 3 27b em 2 3090"))


def test_qlora_on_two_gpus_of_ones_own_keeps_fsdp_offload_in_the_machines_ram(capsys):
    # FSDP-QLoRA (Answer.AI, bitsandbytes' fsdp_qlora guide): a 70B on 2x 24 GB with the weights in CPU RAM.
    ways = ways_to_fit(answer(capsys, "qlora 70b em 2x 3090 no meu pc"))
    assert "RAM da máquina" in ways and "RAM do servidor" not in ways
    assert "8× RTX 3090" not in ways


@pytest.mark.parametrize(
    ("question", "ram"),
    [
        ("fsdp 8 h100 full FT llama 70b", "1.129 GB de RAM no servidor"),
        ("ajuste fino completo do llama 3.1 70b em 8 h100", "1.129 GB de RAM no servidor"),
        ("Qwen2.5 72B full fine-tune on 2 nodes of 8 H100", "581.6 GB of RAM in each of the 2 servers"),
    ],
)
def test_a_full_fine_tune_on_a_named_cluster_is_offered_the_optimizers_offload_with_its_ram(
    capsys, question, ram
):
    ways = ways_to_fit(answer(capsys, question))
    assert "ZeRO-Offload" in ways and ram in ways
    assert "mais lento" in ways or "slower" in ways


@pytest.mark.parametrize(
    "question",
    [
        "QLoRA Llama 3.3 70B with 32k context",
        "qlora do llama 3.3 70b com contexto de 32k",
        "qlora 70b seq 32768",
    ],
)
def test_qlora_is_never_offered_tensor_parallelism(capsys, question):
    text = answer(capsys, question)
    assert "tensor parallel" not in text.split("Premissas")[0].split("Assumptions")[0].lower()


@pytest.mark.parametrize(
    "question",
    [
        "lora do llama 3.1 8b ou do qwen2.5 14b",
        "QLoRA no llama 3.1 8b ou no qwen2.5 14b?",
        "lora da gemma 3 12b ou da qwen3 14b",
        "fine-tuning of llama 3.1 8b or of the qwen2.5 14b",
    ],
)
def test_a_preposition_said_again_after_or_is_a_choice_of_models(capsys, question):
    text = answer(capsys, question)
    assert "contradiz" not in text and "contradicts" not in text
    assert "Comparação" in text or "Comparison" in text


def test_pt_pt_says_millions_of_tokens(capsys):
    text = answer(
        capsys, "Quero afinar o llama 3.1 8b com lora, 20,5 milhões de tokens, 2 épocas, no meu portátil"
    )
    assert "20,5 milhões de tokens de treino" in text
    assert "41 milhões de tokens processados" in text
    assert "milhões tokens" not in text
    text = answer(capsys, "pré-treino de um modelo de 10b em 8 h100, utilizadores em Lisboa")
    assert "mil milhões de tokens ≈" in text and "milhões tokens" not in text


@pytest.mark.parametrize(
    ("question", "timed"),
    [("lora do qwen3 30b a3b", False), ("lora do qwen3 30b a3b com 100M tokens", True),
     ("lora of qwen3 30b a3b", False)],
)  # fmt: skip
def test_the_moe_note_speaks_of_the_time_estimate_only_when_there_is_one(capsys, question, timed):
    text = answer(capsys, question)
    said = "estimativa de tempo" in text or "time estimate" in text
    assert said is timed
