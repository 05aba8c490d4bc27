"""GPU memory and compute of fine-tuning and training, per GPU.

Model states follow ZeRO (Rajbhandari et al. 2019, arXiv:1910.02054, section 3): mixed-precision Adam
keeps 2 bytes of weights, 2 of gradients and K=12 of optimizer state (fp32 master copy, momentum,
variance) per parameter: 16 bytes before activations. ZeRO stage 1 splits the optimizer states across the
data-parallel GPUs, stage 2 the gradients too, stage 3 (= FSDP full shard) the weights too.
Activations follow Korthikanti et al. 2022 (arXiv:2205.05198, section 4), re-derived for today's blocks:
FlashAttention (no s^2 attention matrix), no dropout, gated MLPs, grouped KV heads.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel

from .architecture import Architecture

Optimizer = Literal["adamw", "adamw8bit", "sgd"]

# Optimizer state bytes per trained parameter, fp32 master weights included.
OPTIMIZER_BYTES = {
    "adamw": 12,  # fp32 master 4 + momentum 4 + variance 4 (ZeRO paper, K = 12)
    "adamw8bit": 6,  # fp32 master 4 + two 8-bit states (Dettmers et al. 2021, arXiv:2110.02861)
    "sgd": 8,  # fp32 master 4 + momentum 4
}
# LoRA adapters are trained in fp32 (PEFT upcasts adapter weights): weight 4 + gradient 4 + Adam 8.
ADAPTER_BYTES_PER_PARAM = {"adamw": 16, "adamw8bit": 10, "sgd": 12}
# Logits per token and vocabulary entry: the BF16 output (2 bytes) plus FP32 upcasts for the loss made one
# chunk at a time (torchtune's chunked cross-entropy, 8 chunks: 4/8). A loss that upcasts the whole
# logits tensor at once (plain Hugging Face) needs 6 bytes.
LOGIT_BYTES = 2.5
ACT = 2  # BF16 activations


class TrainingMemory(BaseModel):
    weights: int
    gradients: int
    optimizer: int
    adapters: int  # LoRA/QLoRA: adapter weights, their gradients and optimizer states
    activations: int
    activations_without_checkpointing: int
    activations_with_checkpointing: int
    overhead: int
    cpu_offload_bytes: int  # host memory needed for what CPU offload moves off the GPU

    @property
    def total(self) -> int:
        return (
            self.weights + self.gradients + self.optimizer + self.adapters + self.activations + self.overhead
        )


def lora_params(a: Architecture, rank: int) -> int:
    """Adapter parameters with LoRA on every linear layer of the attention and the dense MLPs
    (QLoRA paper: adapting all linear layers matches full fine-tuning). Each adapted d_in x d_out matrix
    gains rank x (d_in + d_out). Routed experts are left without adapters, as PEFT does by default."""
    h, hd = a.hidden_size, a.dim_per_head
    q, kv = a.num_heads * hd, a.num_kv_heads * hd
    if a.mla:
        m = a.mla
        qk = m.qk_nope_head_dim + m.qk_rope_head_dim
        attn = (
            (h + m.q_lora_rank) + (m.q_lora_rank + a.num_heads * qk)
            if m.q_lora_rank
            else h + a.num_heads * qk
        )
        attn += (h + m.kv_lora_rank + m.qk_rope_head_dim) + (
            m.kv_lora_rank + a.num_heads * (m.qk_nope_head_dim + m.v_head_dim)
        )
        attn += a.num_heads * m.v_head_dim + h
    else:
        attn = (h + q) + 2 * (h + kv) + (q + h)
    matrices = 3 if a.mlp == "gated" else 2
    total = 0
    for layer in range(a.num_layers):
        total += attn
        if a.is_moe_layer(layer):
            assert a.moe
            if a.moe.shared_experts:
                width = a.moe.shared_intermediate_size or a.moe.expert_intermediate_size
                total += a.moe.shared_experts * matrices * (h + width)
        else:
            width = (a.moe.dense_intermediate_size if a.moe else None) or a.intermediate_size
            total += matrices * (h + width)
    return total * rank


def layer_activation_bytes_per_token(a: Architecture, layer: int) -> float:
    """Bytes one token leaves stored in one layer for the backward pass (no recomputation)."""
    h, hd = a.hidden_size, a.dim_per_head
    q, kv = a.num_heads * hd, a.num_kv_heads * hd
    # Attention: norm input, q/k/v input, q, k, v, attention output (FlashAttention keeps only a
    # per-head log-sum-exp besides these).
    attention = 2 * h + 2 * q + 2 * kv
    if a.is_moe_layer(layer):
        assert a.moe
        k, width = a.moe.experts_per_token, a.moe.expert_intermediate_size
        # Each token goes through k experts: their input copy, gate, up, activation and product.
        mlp = 2 * h + k * (h + 4 * width)
        if a.moe.shared_experts:
            mlp += 4 * a.moe.shared_experts * (a.moe.shared_intermediate_size or width)
    else:
        width = (a.moe.dense_intermediate_size if a.moe else None) or a.intermediate_size
        # Gated: norm input, MLP input, gate, up, act(gate), act(gate)*up. Plain: input, up, act(up).
        mlp = 2 * h + (4 * width if a.mlp == "gated" else 2 * width)
    return ACT * (attention + mlp)


def activations(a: Architecture, seq_len: int, micro_batch: int, checkpointing: bool, tp: int = 1) -> int:
    tokens = seq_len * micro_batch
    per_layer = [layer_activation_bytes_per_token(a, i) * tokens for i in range(a.num_layers)]
    logits = math.ceil(tokens * a.vocab_size * LOGIT_BYTES)
    if checkpointing:
        # Full recomputation keeps each layer's input and rebuilds one layer at a time in the backward.
        stored = a.num_layers * tokens * a.hidden_size * ACT + max(per_layer)
    else:
        stored = sum(per_layer)
    # Tensor parallelism with sequence parallelism splits every activation across the group.
    return math.ceil((stored + logits) / tp)


def memory(
    a: Architecture,
    stage: Literal["full", "lora", "qlora", "pretrain"],
    base_weight_bytes: int,
    gpus: int,
    zero: int,
    seq_len: int,
    micro_batch: int,
    checkpointing: bool,
    optimizer: Optimizer = "adamw",
    lora_rank: int = 16,
    cpu_offload: bool = False,
    tp: int = 1,
) -> TrainingMemory:
    """Per-GPU memory of one training job on `gpus` GPUs (tp-way tensor parallel x data parallel)."""
    dp = max(1, gpus // tp)
    with_ckpt = activations(a, seq_len, micro_batch, True, tp)
    without_ckpt = activations(a, seq_len, micro_batch, False, tp)
    act = with_ckpt if checkpointing else without_ckpt
    # The CUDA context and NCCL/cuBLAS workspaces: about 1 GiB per GPU in PyTorch training.
    overhead = 2**30
    if stage in ("full", "pretrain"):
        params = a.params / tp
        weights, grads, optim = 2 * params, 2 * params, OPTIMIZER_BYTES[optimizer] * params
        adapters = 0
    else:
        # The base is frozen (no gradients, no optimizer state); QLoRA's base is the NF4 weights.
        weights, grads, optim = base_weight_bytes / tp, 0.0, 0.0
        adapters = lora_params(a, lora_rank) * ADAPTER_BYTES_PER_PARAM[optimizer] / tp
    if zero >= 1:
        optim /= dp
    if zero >= 2:
        grads /= dp
    if zero >= 3:
        weights /= dp
        adapters /= dp
    offloaded = 0
    if cpu_offload:
        # ZeRO-Offload (Ren et al. 2021, arXiv:2101.06840) keeps optimizer states on the host.
        offloaded, optim = int(optim * dp if zero >= 1 else optim), 0.0
    return TrainingMemory(
        weights=math.ceil(weights),
        gradients=math.ceil(grads),
        optimizer=math.ceil(optim),
        adapters=math.ceil(adapters),
        activations=act,
        activations_without_checkpointing=without_ckpt,
        activations_with_checkpointing=with_ckpt,
        overhead=overhead,
        cpu_offload_bytes=offloaded,
    )


def training_flops(a: Architecture, stage: str, tokens: int, checkpointing: bool) -> float:
    """6 x N x D for full training (Kaplan et al. 2020, arXiv:2001.08361): 2 forward + 4 backward.
    LoRA skips the weight gradients of the frozen base: 2 forward + 2 backward. Recomputation adds a
    second forward. MoE models count their active parameters."""
    per_token = 6 if stage in ("full", "pretrain") else 4
    if checkpointing:
        per_token += 2
    return per_token * a.active_params * tokens
