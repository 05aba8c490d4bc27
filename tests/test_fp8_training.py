"""FP8 training told truthfully end to end: the precision the answer shows, the GPUs it is recommended on, what
NVIDIA Transformer Engine saves for the backward, and the published runs the time estimate is checked against.
Through `gpu-size` (text and --json), asserting what the user reads."""

from __future__ import annotations

import re

import pytest

from .gpu_size_run import answer, answer_json

# Llama 3.1 8B's config.json: hidden 4096, 32 layers, 32 query and 8 KV heads of 128, MLP 14,336 (gated).
H, LAYERS, KV, WIDTH = 4096, 32, 8 * 128, 14336
LINEAR_PER_LAYER = H * (H + 2 * KV + H) + 3 * H * WIDTH  # q, k, v, o and gate, up, down


def head_lines(text: str) -> list[str]:
    """The "Entendi:" line and the header line under it."""
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[:2]


# -- the precision shown ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (
            ["treinar llama 8b do zero em fp8 com 1T tokens"],
            "Llama 3.1 8B · FP8 nas multiplicações de matrizes (pesos em BF16, cópia mestra e otimizador em FP32) ·",
        ),
        (
            ["fine-tune full do llama 8b com transformer engine", "--lang", "pt-PT"],
            "Llama 3.1 8B · FP8 nas multiplicações de matrizes (pesos em BF16, cópia mestra e otimizador em FP32) ·",
        ),
        (
            ["fp8 training of llama 8b on 1B tokens"],
            "Llama 3.1 8B · FP8 matrix products (BF16 weights, FP32 master copy and optimizer states) ·",
        ),
        # torchtune's recipes keep no FP32 master copy: the label says so
        (
            ["fp8 training of llama 8b with torchtune on 1B tokens"],
            "Llama 3.1 8B · FP8 matrix products (BF16 weights and optimizer states) ·",
        ),
    ],
)
def test_an_fp8_training_shows_fp8_matrix_products_over_bf16_weights_not_bf16(capsys, args, shown):
    # It had read "Llama 3.1 8B · BF16/FP16 (16-bit)" in both lines, as if nothing ran in FP8.
    first, header = head_lines(answer(capsys, *args))
    assert shown in first and shown in header, (first, header)
    assert "BF16/FP16 (16-bit)" not in first + header


def test_the_json_names_the_fp8_training_and_keeps_the_precision_its_memory_is_counted_in(capsys):
    w = answer_json(capsys, "treinar llama 8b do zero em fp8 com 1T tokens")["workload"]
    assert w["precision_name"].startswith("FP8 nas multiplicações de matrizes")
    assert w["precision"] == "bf16"


def test_a_bf16_training_still_shows_bf16(capsys):
    first, header = head_lines(answer(capsys, "treinar llama 8b do zero com 1T tokens"))
    # the precision unsaid is not echoed in the "Entendi:" line; the header names it
    assert "BF16/FP16 (16-bit)" in header and "FP8" not in first + header


# -- the GPUs it is recommended on --------------------------------------------------------------------------------


def setup_lines(text: str) -> list[str]:
    """From the memory to the contract: the GPU named's verdict, the recommendation and the alternatives, every
    setup the answer offers."""
    lines = text.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith(("Memória do treino", "Training memory"))
    )
    end = next(i for i, line in enumerate(lines) if line.startswith(("Contrato:", "Contract:")))
    return lines[start:end]


def test_an_fp8_training_with_no_gpu_named_is_recommended_on_gpus_that_run_fp8(capsys):
    # A 3B on 1B tokens in BF16 is recommended on one A100, which has no FP8 tensor cores; asked in FP8 it had
    # been recommended there too, timed at BF16's 40% MFU with no word that the A100 cannot train in FP8.
    bf16 = answer(capsys, "treino do llama 3.2 3b com 1B tokens")
    assert "Recomendação: 1× A100 SXM 80 GB" in bf16
    text = answer(capsys, "treino em fp8 do llama 3.2 3b com 1B tokens")
    setups = "\n".join(setup_lines(text))
    assert "Recomendação: 1× H100 SXM 80 GB" in setups and "A100" not in setups
    assert "a 48% de MFU; em 1× H100 SXM 80 GB" in text  # timed at FP8's speed on the GPU it names
    assert (
        "Recomendação entre as GPUs com tensor cores FP8; ficou de fora: A100 SXM 80 GB, sem esses tensor cores, "
        "onde nem o Transformer Engine nem o torchao treinam em FP8 e o treino seria em BF16" in text
    )


def test_the_gpus_left_out_are_said_in_english_too(capsys):
    text = answer(capsys, "fp8 training of llama 3.2 3b on 1B tokens")
    assert "A100" not in "\n".join(setup_lines(text))
    assert "Recommended among the GPUs with FP8 tensor cores; left out: A100 SXM 80 GB" in text


def test_beside_a_named_gpu_the_recommendation_and_its_estimate_run_fp8_too(capsys):
    # "na h100" answered the H100's verdict, then recommended one A100 and timed the run there at 40% MFU, with
    # alternatives of A100s: an FP8 training the A100 cannot run in FP8.
    text = answer(capsys, "treino em fp8 do llama 3.2 3b com 1B tokens na h100")
    assert "1× H100 SXM 80 GB: cabe" in text
    assert "A100" not in "\n".join(setup_lines(text))
    # (on as many H100s as end the run within a working day: the same GPU-hours, test_answer_audit3.py)
    assert re.search(r"a 48% de MFU; em \d× H100 SXM 80 GB", text) and "horas de GPU a 40% de MFU" not in text


# -- what Transformer Engine saves for the backward -------------------------------------------------------------


def activations(capsys, text: str) -> int:
    return answer_json(capsys, text)["memory"]["activations"]


def test_without_checkpointing_every_layer_keeps_its_fp8_weight_transposes_and_fp8_linear_inputs(capsys):
    # TE's Linear saves its weight's FP8 transpose for the backward (1 byte a weight, every layer's until its
    # backward without recomputation) and its input in FP8 (1 byte a value) in place of BF16's 2: the MLP's and
    # the down projection's inputs save a byte a value; q/k/v's input saves 4,096 and the output projection's
    # FP8 copy of FlashAttention's BF16 output (kept anyway) adds as many, 32 heads x 128 = 4,096.
    bf16 = activations(capsys, "fine-tune full do llama 8b sem gradient checkpointing")
    fp8 = activations(capsys, "fine-tune full do llama 8b em fp8 sem gradient checkpointing")
    tokens = 2048  # the default sequence, micro-batch 1
    transposes = LAYERS * LINEAR_PER_LAYER
    inputs = LAYERS * tokens * (H + WIDTH)
    assert fp8 - bf16 == pytest.approx(transposes - inputs, rel=0.01)
    assert fp8 - bf16 > 5e9  # ~5.8 GB more: a customer sizing a GPU without checkpointing sees it


def test_with_checkpointing_only_the_recomputed_layer_keeps_its_fp8_copies(capsys):
    bf16 = activations(capsys, "fine-tune full do llama 8b")
    fp8 = activations(capsys, "fine-tune full do llama 8b em fp8")
    assert fp8 - bf16 == pytest.approx(LINEAR_PER_LAYER - 2048 * (H + WIDTH), rel=0.01)


def test_the_premise_says_what_the_fp8_copies_add(capsys):
    text = answer(capsys, "fine-tune full do llama 8b em fp8 sem gradient checkpointing")
    assert "Ativações ........ 21,0 GB  (sem gradient checkpointing; com: 5,3 GB)" in text
    assert (
        "a transposta em FP8 do peso de cada camada linear (1 byte por peso; sem gradient checkpointing, as de "
        "todas as camadas, com ele, só as da camada recomputada), e as entradas das camadas lineares em FP8, "
        "1 byte por valor em vez de 2" in text
    )


# -- the published runs the time is checked against -------------------------------------------------------------


def test_the_llama_3_1_card_hours_are_said_as_each_model_s_whole_training_not_a_small_model_s_utilization(
    capsys,
):
    # The Llama 3.1 card gives "the total GPU time required for training each model", its token count "refers to
    # pretraining data only", and no MFU for 8B or 70B: the answer had put their low implied MFU down to "a small
    # model's lower utilization", which no source says. The offering's 40% (Llama 3 405B's 38-43%) stays.
    text = answer(capsys, "how many H100 hours to pretrain an 8b on 15T tokens?")
    assert "small model's lower utilization" not in text
    assert (
        "the Llama 3.1 model card 1.46M H100-80GB GPU-hours for 8B and 30.84M for 405B, each model's total "
        "training time, which the card does not split from the pre-training on about 15T tokens" in text
    )
    assert (
        answer_json(capsys, "how many H100 hours to pretrain an 8b on 15T tokens?")["estimates"]["mfu"]
        == 0.40
    )
