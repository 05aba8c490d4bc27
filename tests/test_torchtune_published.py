"""Our torchtune figures against torchtune's own published memory table.

Source: pytorch/torchtune README.md, "Memory and training speed" (added in commit
30b8519e86d2094879576e16ab1f8d21a6f6f9f7, 2024-09-24; unchanged at bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1),
https://github.com/pytorch/torchtune#memory-and-training-speed: Llama 3.1 8B on one RTX 4090, "batch size 2
(without gradient accumulation), a dataset packed to sequence length 2048, and torch compile enabled", peak
memory per GPU: full fine-tune 18.9 GiB, LoRA 16.2 GiB, QLoRA 7.4 GiB.

What the engine models, from the configs (recipes/configs/llama3_1/8B_*_single_device.yaml): BF16 everything
(dtype: bf16, no FP32 master copy), activation checkpointing on, the chunked cross-entropy (8 chunks), LoRA of
rank 8 on q, v, the attention output and the MLP; the full fine-tune's PagedAdamW8bit stepped inside the backward
(optimizer_in_bwd: True), so the GPU holds no whole gradients and the 8-bit states sit in CUDA unified memory,
which the driver pages to the server's RAM and PyTorch's allocator (torchtune's peak memory) does not count.

What differs, and so the tolerance: the published peak is PyTorch's allocator count, with no CUDA context, so
our figure less its 1 GiB overhead is compared. The table was measured "with torch compile enabled", while the
configs we size leave it off (compile: False, "True increases speed + decreases memory" in the configs
themselves): compiled, the layers keep fewer intermediates and the loss no FP32 chunk. Our LoRA and QLoRA are
~11-13% above the table for that reason, not a miscount: the table's LoRA row (16.2 GiB) is below what that
run must hold at the end of its forward whatever it compiles, the BF16 weights (14.96 GiB), the 32 layer
inputs its checkpointing keeps (1.0 GiB) and the 8 chunks of BF16 logits (0.98 GiB), 16.9 GiB; its QLoRA row
(7.4 GiB) is that same floor (5.3 GiB of NF4 and 16-bit weights, the adapters, 1.0 and 0.98 GiB). The table's
LoRA run (September 2024) adapted q and v only, and its QLoRA q, k, v, o and the MLP, today's configs q, v, o
and the MLP (under 0.1 GB apart). Our figures must not promise less than was measured (3% below at most) nor
be more than 15% above it.
"""

from __future__ import annotations

import pytest

from .gpu_size_run import answer, answer_json

GIB = 2**30
PUBLISHED_GIB = {"full fine-tune": 18.9, "lora": 16.2, "qlora": 7.4}


@pytest.mark.parametrize("method", sorted(PUBLISHED_GIB))
def test_llama_3_1_8b_on_a_4090_against_torchtunes_table(capsys, method):
    question = f"{method} llama 3.1 8b numa rtx 4090 com torchtune, batch 2"
    memory = answer_json(capsys, question)["memory"]
    allocated = (memory["total"] - memory["overhead"]) / GIB
    published = PUBLISHED_GIB[method]
    assert 0.97 * published <= allocated <= 1.15 * published, (method, allocated)
    if method != "full fine-tune":
        # never under what the run must hold at the end of its forward: weights, checkpoints, BF16 logits
        weights = memory["weights"] + memory["adapters"]
        floor = weights + 32 * 2 * 2048 * 4096 * 2 + 2 * 2048 * 128_256 * 2
        assert allocated * GIB >= floor
    # "Runnable on 1x 4090": every one fits the card, as the table says
    assert "1× RTX 4090 24 GB: cabe" in answer(capsys, question)


def test_the_full_fine_tune_on_one_gpu_runs_the_recipes_paged_8bit_adam_in_the_backward(capsys):
    text = answer(capsys, "full fine-tune llama 3.1 8b numa rtx 4090 com torchtune, batch 2")
    assert "Otimizador ...." not in text  # the 8-bit states are paged out of the GPU's own count
    assert "Gradientes ....... 1,1 GB" in text  # the embeddings' gradient, the largest at once
    # the 8-bit states sit in CUDA unified memory: on the GPU where it has room, paged out only past it
    assert "Estados do otimizador paginados: 16,1 GB, fora do total" in text
    assert "Na RAM dos servidores" not in text
    assert "Na RTX 4090 24 GB, sobram 1,5 GB por GPU: ~14,5 GB dos 16,1 GB de estados paginados" in text
    assert "Na L40S 48 GB, os 16,1 GB de estados paginados do otimizador cabem nos 21,7 GB" in text
    assert "PagedAdamW8bit" in text and "optimizer_in_bwd" in text
    # The 8 bytes of AdamW are the multi-GPU recipe's, said so: they had stood alone as "Otimizador AdamW: 8 bytes
    # por parâmetro" beside the one-GPU recipe's paged 8-bit AdamW that was sized.
    assert "Otimizador AdamW: 8 bytes por parâmetro" not in text
    assert "Em várias GPUs (a receita full_finetune_distributed), otimizador AdamW: 8 bytes" in text
    # an optimizer said is that optimizer, with its whole gradients and states on the GPU
    said = answer_json(capsys, "full fine-tune llama 3.1 8b com torchtune, adamw, batch 2")["memory"]
    assert said["optimizer"] > 30e9 and said["gradients"] > 15e9


def test_several_gpus_keep_the_distributed_recipes_adamw(capsys):
    answer_ = answer_json(capsys, "full fine-tune llama 3.1 8b com torchtune em 2 h100, batch 2")
    per_gpu = answer_["verdict"]["setup"]["per_gpu"]
    assert per_gpu["optimizer"] == 4 * 8_030_261_248 // 2  # BF16 AdamW states, sharded over the 2 GPUs
    assert not per_gpu.get("host_offload")


def test_lora_takes_the_configs_rank_and_modules(capsys):
    text = answer(capsys, "lora llama 3.1 8b com torchtune")
    assert "LoRA de rank 8 (o mais comum nos configs dele, como os do Llama 3.1 8B;" in text
    assert "nas camadas que os configs do torchtune adaptam: q, v e a saída da atenção" in text
    assert "20M parâmetros de adaptador, em BF16" in text
    assert "LoRA de rank 32" in answer(capsys, "lora rank 32 llama 3.1 8b com torchtune")


@pytest.mark.parametrize(
    "question",
    [
        # optimizer_in_bwd refuses gradient accumulation; torchtune's DPO has no such one-GPU full recipe
        "full fine-tune llama 3.1 8b com torchtune numa 4090, grad accum 4",
        "DPO no llama 3 8b com torchtune",
    ],
)
def test_the_recipe_is_only_where_torchtune_runs_it(capsys, question):
    text = answer(capsys, question)
    assert "PagedAdamW8bit" not in text
    assert answer_json(capsys, question)["memory"]["gradients"] > 15e9


def test_torchtune_offered_beside_another_stack_says_why_it_needs_one_smaller_gpu(capsys):
    text = answer(capsys, "full fine-tune llama 3.1 8b")
    assert "Com torchtune: 1× L40S 48 GB" in text, text
    assert "Numa GPU só, o torchtune usa AdamW de 8 bits paginado com o passo dentro do backward" in text


def test_with_a_deadline_torchtune_is_offered_on_a_setup_that_finishes_in_time(capsys):
    # its smallest setup at all (one L40S, the one-GPU recipe) would take past the month: the smallest that
    # finishes in time is said instead (the alternative had vanished)
    text = answer(capsys, "fine-tuning completo do 8b com 10B tokens, prazo de 1 mês")
    assert (
        "Com torchtune: 1× H100 SXM 80 GB. Numa GPU só, o torchtune usa AdamW de 8 bits paginado" in text
    ), text
