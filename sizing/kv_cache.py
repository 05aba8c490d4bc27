"""KV cache: the keys and values attention keeps for every token of every open conversation.

Per layer and token a standard attention layer stores K and V for each KV head:
    2 x kv_heads x head_dim x bytes            (GQA shares one KV head across several query heads)
MLA (DeepSeek V2/V3) stores one compressed latent plus the rotary part of the key instead:
    (kv_lora_rank + qk_rope_head_dim) x bytes  (DeepSeek-V2 paper, arXiv:2405.04434, section 2.1)
Local layers (sliding window, Llama 4 chunked attention) keep at most `window` tokens; vLLM V1's hybrid
KV cache manager allocates them only that much.
Linear-attention layers (Qwen3-Next's Gated DeltaNet) keep no keys or values: each conversation holds a
fixed-size state per layer instead (Architecture.linear_attention), whatever its length. vLLM stores that
state in the model's dtype unless told otherwise (mamba_ssm_cache_dtype "auto"): 2 bytes per value.
"""

from __future__ import annotations

import math

from .architecture import Architecture

STATE_BYTES = 2  # vLLM mamba_ssm_cache_dtype / mamba_cache_dtype "auto": the BF16 model dtype


def kv_heads_per_gpu(a: Architecture, tp: int) -> int:
    # vLLM splits KV heads across tensor-parallel ranks and replicates them when ranks outnumber heads
    # (vllm/model_executor/layers/linear.py QKVParallelLinear: num_kv_head_replicas).
    return math.ceil(a.num_kv_heads / tp)


def bytes_per_token_per_layer(a: Architecture, kv_bytes: float, tp: int = 1) -> float:
    if a.mla:
        # The latent is not split by heads: every tensor-parallel rank keeps the whole of it.
        return (a.mla.kv_lora_rank + a.mla.qk_rope_head_dim) * kv_bytes
    return 2 * kv_heads_per_gpu(a, tp) * a.dim_per_head * kv_bytes


def bytes_per_token(a: Architecture, kv_bytes: float, tp: int = 1) -> float:
    """Bytes one token adds when every attention layer keeps the whole context (the growth rate of full
    attention); linear-attention layers add nothing per token."""
    return a.attention_layers * bytes_per_token_per_layer(a, kv_bytes, tp)


def state_bytes(a: Architecture, tp: int = 1) -> int:
    """The fixed state one conversation keeps in the linear-attention layers, on one GPU of a TP group."""
    if not a.linear_attention:
        return 0
    return a.linear_layers * a.linear_attention.state_values(tp) * STATE_BYTES


def sequence_bytes(a: Architecture, tokens: int, kv_bytes: float, tp: int = 1, pp: int = 1) -> int:
    """KV cache of one conversation holding `tokens` tokens, on one GPU of a tp x pp group."""
    per_layer = bytes_per_token_per_layer(a, kv_bytes, tp)
    local_tokens = min(tokens, a.window) if a.window else tokens
    total = per_layer * (a.global_layers * tokens + a.local_layers * local_tokens) + state_bytes(a, tp)
    # Pipeline stages split the layers; the stage with the most layers sets the need.
    return math.ceil(total * math.ceil(a.num_layers / pp) / a.num_layers)


def max_tokens(
    a: Architecture, budget: float, conversations: int, kv_bytes: float, tp: int = 1, pp: int = 1
) -> int:
    """Longest context that `conversations` conversations can each hold within `budget` bytes per GPU."""
    if conversations < 1 or budget <= 0:
        return 0
    lo, hi = 0, a.max_context
    if conversations * sequence_bytes(a, hi, kv_bytes, tp, pp) <= budget:
        return hi
    while lo < hi:  # the cache grows monotonically with tokens, so bisection finds the edge
        mid = (lo + hi + 1) // 2
        if conversations * sequence_bytes(a, mid, kv_bytes, tp, pp) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo
