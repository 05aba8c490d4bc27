"""KV cache: the keys and values attention keeps for every token of every open conversation.

Per layer and token a standard attention layer stores K and V for each KV head:
    2 x kv_heads x head_dim x bytes            (GQA shares one KV head across several query heads)
MLA (DeepSeek V2/V3) stores one compressed latent plus the rotary part of the key instead:
    (kv_lora_rank + qk_rope_head_dim) x bytes  (DeepSeek-V2 paper, arXiv:2405.04434, section 2.1)
Local layers (sliding window, Llama 4 chunked attention) keep at most `window` tokens; vLLM V1's hybrid
KV cache manager allocates them only that much.
"""

from __future__ import annotations

import math

from .architecture import Architecture


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
    """Bytes one token adds when every layer keeps the whole context (the growth rate of full attention)."""
    return a.num_layers * bytes_per_token_per_layer(a, kv_bytes, tp)


def sequence_bytes(a: Architecture, tokens: int, kv_bytes: float, tp: int = 1, pp: int = 1) -> int:
    """KV cache of one conversation holding `tokens` tokens, on one GPU of a tp x pp group."""
    per_layer = bytes_per_token_per_layer(a, kv_bytes, tp)
    local_tokens = min(tokens, a.window) if a.window else tokens
    total = per_layer * (a.global_layers * tokens + a.local_layers * local_tokens)
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
