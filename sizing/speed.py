"""Speed estimates from rooflines: a decode step reads every active weight and every cached token once
(memory-bound), a prompt is processed at the tensor cores' rate (compute-bound).

These are estimates, labelled as such in every answer: real engines reach a share of the peaks
(MEMORY_EFFICIENCY, PREFILL_MFU) and lose some more to tensor-parallel communication, which is left out.
"""

from __future__ import annotations

from pydantic import BaseModel

from . import kv_cache
from .architecture import Architecture
from .catalog import GPU

# Share of peak memory bandwidth a decode step achieves in vLLM/TensorRT-LLM on large models (typical
# model-bandwidth utilization 60-80%, e.g. Databricks "LLM Inference Performance Engineering", 2023).
MEMORY_EFFICIENCY = 0.70
# Share of peak tensor throughput during prefill (model FLOPs utilization of large GEMMs).
PREFILL_MFU = 0.50


class SpeedEstimate(BaseModel):
    decode_tokens_per_s_per_user: float
    decode_tokens_per_s_total: float
    time_to_first_token_s: float
    memory_efficiency: float = MEMORY_EFFICIENCY
    prefill_mfu: float = PREFILL_MFU


def experts_touched(a: Architecture, batch: int) -> float:
    """Expected share of routed experts a decode batch touches, with uniform routing:
    1 - (1 - k/E)^batch per layer."""
    if not a.moe:
        return 1.0
    k, e = a.moe.experts_per_token, a.moe.experts
    return 1 - (1 - k / e) ** batch


def estimate(
    a: Architecture,
    weight_bytes: int,
    weight_bits_expert: float,
    gpu: GPU,
    gpus: int,
    users: int,
    context: int,
    kv_bytes_per_value: float,
    compute: str,
) -> SpeedEstimate:
    parts = a.parts
    expert_bytes = parts.experts * weight_bits_expert / 8
    # Bytes one decode step reads: all non-expert weights, the experts the batch routes to, and the KV
    # cache of every conversation (each assumed to sit at the full context).
    step_bytes = (weight_bytes - expert_bytes) + expert_bytes * experts_touched(a, users)
    step_bytes += users * kv_cache.sequence_bytes(a, context, kv_bytes_per_value)
    bandwidth = gpu.bandwidth_gb_s * 1e9 * gpus * MEMORY_EFFICIENCY
    memory_time = step_bytes / bandwidth
    flops = gpu.tflops(compute) * 1e12 * gpus * PREFILL_MFU
    # 2 FLOPs per active parameter per token (Kaplan et al. 2020, arXiv:2001.08361, section 2.1).
    compute_time = 2 * a.active_params * users / flops
    step = max(memory_time, compute_time)
    # Prefill: 2 FLOPs per parameter per token, plus causal attention 2 x layers x context^2 x attention
    # width (QK^T and AV, halved by the causal mask).
    attn_width = a.num_heads * a.dim_per_head
    prefill_flops = 2 * a.active_params * context + 2 * a.num_layers * context**2 * attn_width
    return SpeedEstimate(
        decode_tokens_per_s_per_user=1 / step,
        decode_tokens_per_s_total=users / step,
        time_to_first_token_s=prefill_flops / flops,
    )
