"""KV cache: the keys and values attention keeps for every token of every open conversation.

Per layer and token a standard attention layer stores K and V for each KV head:
    2 x kv_heads x head_dim x bytes            (GQA shares one KV head across several query heads)
MLA (DeepSeek V2/V3) stores one compressed latent plus the rotary part of the key instead:
    (kv_lora_rank + qk_rope_head_dim) x bytes  (DeepSeek-V2 paper, arXiv:2405.04434, section 2.1)
and DeepSeek-V3.2 adds its indexer's key beside it, in FP8 whatever the cache's precision:
    index_head_dim + index_head_dim / 128 x 4 bytes   (vLLM deepseek_v2.py, DeepseekV32IndexerCache)
Local layers (sliding window, Llama 4 chunked attention) keep at most `window` tokens; vLLM V1's hybrid
KV cache manager allocates them only that much. For chunked attention it runs only with
VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=1 (vllm/envs.py), whose default was 0 before it became 1:
with it off, vLLM keeps the whole context in those layers too, which the answer's note on them says.
Linear-attention layers (Qwen3-Next's Gated DeltaNet) keep no keys or values: each conversation holds a
fixed-size state per layer instead (Architecture.linear_attention), whatever its length. vLLM stores that
state in the model's dtype unless told otherwise (mamba_ssm_cache_dtype "auto"): 2 bytes per value; Kimi
Linear's KDA keeps its head_dim x head_dim matrices in FP32 (kda_state_dtype), RecurrentGemma's RG-LRU one
FP32 value per channel (transformers' cache; LinearAttention.state_bytes). Zamba2's layers that run a shared
attention block (Z) keep keys and values of their own use beside the Mamba-2 state (vLLM zamba2.py).
Mamba-2 layers (Nemotron-H, Granite 4.0-H, Bamba, Mamba-Codestral; Architecture.mamba) likewise keep a fixed
state per conversation: their convolution's last inputs in the model's dtype and one head_dim x state_size
matrix per head, which vLLM keeps in FP32 for Nemotron-H (vllm/model_executor/models/config.py,
NemotronHForCausalLMConfig: "Only float32 is known to have no accuracy issues") and in the model's dtype for
the others. Falcon-H1's layers (P) keep both: that state, and keys and values per token. Mamba-1 layers
(Mamba, Falcon Mamba; Architecture.mamba1) keep the convolution's last inputs and a state_size-wide state per
channel, both in the model's dtype (mamba_utils.py mamba1_state_shape and mamba1_state_dtype).
Assumed, not modelled: vLLM's hybrid allocator makes one attention page at least as large as one layer's
state and pads each state slot to that page (vllm/model_executor/models/config.py,
HybridAttentionMambaModelConfig.verify_and_update_config); the padding is under one attention block of one
layer per state layer (Jamba: 311,296 state bytes a layer in 80-token pages of 327,680, under 0.5 MB a
conversation), and the attention layers' blocks round each conversation up by under a block.
Cross-attention layers (Llama 3.2 Vision) keep no keys or values of the conversation's tokens, but those of
its images' tokens (Architecture.cross_attention_tokens, set per question): the same 2 x kv_heads x head_dim
values per token and layer (transformers MllamaTextCrossAttention: k_proj and v_proj map the projected vision
states to num_key_value_heads x head_dim), a fixed amount per conversation.
DeepSeek-V4 (Architecture.compressed) stores 584-byte entries, in FP8 whatever is asked (vLLM supports no
other cache for it): every layer keeps its last `window` tokens, a C layer also one entry per 4 tokens plus
the indexer's 132-byte key per entry, an H layer one entry per 128 tokens; compressors keep a fixed FP32
state per conversation. The windows and the states are fixed per conversation, folded into state_bytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from .architecture import Architecture

STATE_BYTES = 2  # vLLM mamba_ssm_cache_dtype / mamba_cache_dtype "auto": the BF16 model dtype


def kv_heads_per_gpu(a: Architecture, tp: int, kv_heads: int | None = None) -> int:
    # vLLM splits KV heads across tensor-parallel ranks and replicates them when ranks outnumber heads
    # (vllm/model_executor/layers/linear.py QKVParallelLinear: num_kv_head_replicas).
    return math.ceil((kv_heads or a.num_kv_heads) / tp)


# DeepSeek-V3.2's indexer keys are kept in FP8 with one FP32 scale per block of this many values.
INDEXER_QUANT_BLOCK = 128


def indexer_bytes(a: Architecture) -> int:
    """Bytes of the indexer's key one token keeps in one layer (DeepSeek Sparse Attention), whatever the KV
    cache's own precision: index_head_dim FP8 values and a 4-byte scale per block of 128
    (vLLM's DeepseekV32IndexerCache)."""
    m = a.mla
    if m is None or not m.index_head_dim:
        return 0
    return m.index_head_dim + m.index_head_dim // INDEXER_QUANT_BLOCK * 4


# DeepSeek-V4's compressors keep their running sums in FP32 (vLLM deepseek_compressor.py).
COMPRESSOR_STATE_BYTES = 4
# DeepSeek-V4's cached latent: its NoPE part in FP8 with one ue8m0 scale byte per 64 values, its rotary
# part in BF16 and one byte of padding: 448 + 64 x 2 + 7 + 1 = 584 bytes (vLLM deepseek_v4_attention.py,
# head_bytes for the fp8_ds_mla layout).
V4_SCALE_BLOCK = 64


def entry_bytes(a: Architecture) -> int:
    """Bytes of one stored DeepSeek-V4 entry (584 for V4-Flash and V4-Pro)."""
    c = a.compressed
    assert c is not None
    nope = a.dim_per_head - c.qk_rope_head_dim
    return nope + nope // V4_SCALE_BLOCK + c.qk_rope_head_dim * 2 + 1


def v4_indexer_bytes(a: Architecture) -> int:
    """Bytes of the indexer's key per compressed entry of a C layer: index_head_dim FP8 values and a 4-byte
    scale per 128 (vLLM deepseek_v4_attention.py; 132 bytes), as V3.2's."""
    c = a.compressed
    assert c is not None
    return c.index_head_dim + c.index_head_dim // INDEXER_QUANT_BLOCK * 4


def global_bytes_per_token(a: Architecture, kv_bytes: float, tp: int = 1) -> float:
    """Bytes one token adds in all the layers that keep the whole context (G; V4's C and H layers)."""
    c = a.compressed
    if c is None:
        return full_layer_bytes(a, kv_bytes, tp) * a.kv_global_layers
    # One 584-byte entry per csa_ratio (4) tokens and the indexer's key beside it in the C layers, one per
    # hca_ratio (128) in the H layers; the latent is not split across tensor-parallel ranks.
    entry = entry_bytes(a)
    return a.csa_layers * (entry + v4_indexer_bytes(a)) / c.csa_ratio + a.hca_layers * entry / c.hca_ratio


def compressed_state_bytes(a: Architecture) -> int:
    """What one conversation keeps in DeepSeek-V4's compressed layers whatever its length: each one's window
    of `window` 584-byte entries (vLLM DeepseekV4SWACache; the window-only L layers' are counted as local
    layers'), and each compressor's FP32 state: ratio x overlap
    slots of a key and a gate, overlap x width wide (ratio 4: 8 x 2 x 2 x 512 values, and the indexer's
    compressor 8 x 2 x 2 x 128; ratio 128: 128 x 2 x 512) (vLLM deepseek_compressor.py)."""
    c = a.compressed
    if c is None:
        return 0
    total = a.global_layers * a.window * entry_bytes(a)
    for ratio, layers, widths in (
        (c.csa_ratio, a.csa_layers, (a.dim_per_head, c.index_head_dim)),
        (c.hca_ratio, a.hca_layers, (a.dim_per_head,)),
    ):
        over = c.overlap(ratio, c.csa_ratio)
        values = sum(ratio * over * 2 * over * width for width in widths)
        total += layers * values * COMPRESSOR_STATE_BYTES
    return total


def bytes_per_token_per_layer(a: Architecture, kv_bytes: float, tp: int = 1) -> float:
    if a.compressed:
        # The entry a V4 window-only (L) layer keeps per token; the others' are global_bytes_per_token.
        return entry_bytes(a)
    if a.mla:
        # The latent is not split by heads: every tensor-parallel rank keeps the whole of it.
        m = a.mla
        if m.index_head_dim and kv_bytes == 1:
            # V3.2's FP8 cache ("fp8_ds_mla", what vLLM uses when asked for FP8): the latent in FP8 with a
            # 4-byte scale per 128 values, and the rotary part kept in BF16, 656 bytes for V3.2
            # (vllm/v1/attention/backends/mla/flashmla_sparse.py)
            latent = m.kv_lora_rank + m.kv_lora_rank // INDEXER_QUANT_BLOCK * 4 + m.qk_rope_head_dim * 2
            return latent + indexer_bytes(a)
        return (m.kv_lora_rank + m.qk_rope_head_dim) * kv_bytes + indexer_bytes(a)
    return 2 * kv_heads_per_gpu(a, tp) * a.dim_per_head * kv_bytes


def full_layer_bytes(a: Architecture, kv_bytes: float, tp: int = 1) -> float:
    """bytes_per_token_per_layer for a full-attention (G) layer, which may have its own head shape (Gemma 4:
    fewer, wider KV heads). vLLM keeps a value cache there even where the values are the keys."""
    if not a.uneven_heads:
        return bytes_per_token_per_layer(a, kv_bytes, tp)
    return 2 * kv_heads_per_gpu(a, tp, a.full_kv_heads) * a.full_head_dim * kv_bytes


def bytes_per_token(a: Architecture, kv_bytes: float, tp: int = 1) -> float:
    """Bytes one token adds when every attention layer keeps the whole context (the growth rate of full
    attention); linear-attention, Mamba-2 and cross-attention layers add nothing per token."""
    return global_bytes_per_token(a, kv_bytes, tp) + a.kv_local_layers * bytes_per_token_per_layer(
        a, kv_bytes, tp
    )


def state_bytes(a: Architecture, tp: int = 1) -> int:
    """The fixed state one conversation keeps in the linear-attention and Mamba-2 layers (DeepSeek-V4: the
    compressed layers' windows and compressor states), on one GPU of a TP group."""
    if a.compressed:
        return compressed_state_bytes(a)
    total = 0
    if a.linear_attention:
        total += a.linear_layers * a.linear_attention.state_bytes(tp, STATE_BYTES)
    if a.mamba:
        total += a.mamba_layers * a.mamba.state_bytes(tp, STATE_BYTES)
    if a.mamba1:
        total += a.mamba1_layers * a.mamba1.state_bytes(tp, STATE_BYTES)
    return total


def cross_bytes(a: Architecture, kv_bytes: float, tp: int = 1) -> float:
    """The keys and values one conversation's images keep in the cross-attention layers, on one GPU of a TP
    group (all layers: pipeline stages are applied by the caller)."""
    if not a.cross_attention_tokens:
        return 0
    return a.cross_layers * a.cross_attention_tokens * bytes_per_token_per_layer(a, kv_bytes, tp)


class _Split(NamedTuple):
    """A model's KV cache figures on one GPU of a tp x pp group that depend on its shape alone (the functions
    above), for one cache precision. Not the images' cross-attention keys: a question sets their tokens on a
    copy of the model (sizing/plan.py), which shares what the model derived from its shape
    (architecture.updated)."""

    global_rate: float  # global_bytes_per_token
    layer_rate: float  # bytes_per_token_per_layer
    local_rate: float  # layer_rate x the local layers
    state: int  # state_bytes
    held: int  # kv_stage: the layers the fullest pipeline stage keeps,
    layers: int  # of how many


def _split(a: Architecture, kv_bytes: float, tp: int, pp: int) -> _Split:
    """The model's _Split, worked out once per model, cache precision and split, and kept on the model
    (Architecture keeps a dict for what it derives from its shape; a copy with another shape starts without
    them). A sizing asks for a conversation's cache a few hundred times, on a handful of splits: each had
    walked the model's heads, states and stages anew, a dozen calls."""
    kept = a.__dict__.get("_kv_splits")
    if kept is None:
        kept = a.__dict__["_kv_splits"] = {}
    found = kept.get((kv_bytes, tp, pp))
    if found is None:
        layer_rate = bytes_per_token_per_layer(a, kv_bytes, tp)
        held, layers = a.kv_stage(pp)
        found = kept[(kv_bytes, tp, pp)] = _Split(
            global_bytes_per_token(a, kv_bytes, tp),
            layer_rate,
            layer_rate * a.kv_local_layers,
            state_bytes(a, tp),
            held,
            layers,
        )
    return found


def sequence_bytes(a: Architecture, tokens: int, kv_bytes: float, tp: int = 1, pp: int = 1) -> int:
    """KV cache of one conversation holding `tokens` tokens, on one GPU of a tp x pp group."""
    global_rate, _, local_rate, state, held, layers = _split(a, kv_bytes, tp, pp)
    local_tokens = min(tokens, a.window) if a.window else tokens
    total = global_rate * tokens
    total += local_rate * local_tokens + state
    total += cross_bytes(a, kv_bytes, tp)
    # Pipeline stages split the layers; the stage with the most cache-keeping layers sets the need.
    return math.ceil(total * held / layers)


# vLLM's KV cache block (block_size 16 on CUDA): its prefix cache shares whole blocks only.
BLOCK_TOKENS = 16


def admission_bytes(
    a: Architecture, tokens: int, kv_bytes: float, tp: int = 1, pp: int = 1, chunk: int = 2048
) -> int:
    """KV cache vLLM must find free for one request of `tokens` tokens before it starts ("To serve at least one
    request with the model's max seq len (N), (X GiB KV cache is needed": check_enough_kv_cache_memory), on one
    GPU of a tp x pp group. As sequence_bytes, but a local layer counts what it holds while a prefill chunk of
    `chunk` tokens (max_num_batched_tokens) passes: a sliding window's last window - 1 tokens and the chunk's
    (vllm/v1/kv_cache_interface.py, SlidingWindowSpec.max_memory_usage_bytes), a chunked-attention layer's
    (Llama 4) whole attention chunk and the prefill chunk's (ChunkedLocalAttentionSpec.max_memory_usage_bytes:
    attention_chunk_size + max_num_batched_tokens). vLLM counts them in 16-token blocks, and one more block for a
    sliding window, which the answer leaves out as it does for full layers. A conversation that only decodes
    holds its window."""
    kept = sequence_bytes(a, tokens, kv_bytes, tp, pp)
    if not a.window or not a.kv_local_layers or a.compressed:
        return kept
    seen = a.window if a.chunked_attention else a.window - 1  # what stays beside the prefill chunk
    prefilling = min(seen + chunk, tokens) - min(a.window, tokens)
    extra = bytes_per_token_per_layer(a, kv_bytes, tp) * a.kv_local_layers * max(prefilling, 0)
    held, layers = a.kv_stage(pp)
    return kept + math.ceil(extra * held / layers)


def shared_prefix_bytes(
    a: Architecture, prefix: int, context: int, kv_bytes: float, tp: int = 1, pp: int = 1
) -> int:
    """KV cache of a prefix every conversation starts with (a system prompt), on one GPU of a tp x pp group:
    vLLM's automatic prefix caching keeps each full block of it once, whoever uses it. Local layers hold the
    prefix only while the conversation fits their window; linear-attention states and images are each
    conversation's own."""
    tokens = min(prefix, context) // BLOCK_TOKENS * BLOCK_TOKENS
    if tokens <= 0:
        return 0
    s = _split(a, kv_bytes, tp, pp)
    local = a.kv_local_layers if not a.window or context <= a.window else 0
    per_token = s.global_rate + s.layer_rate * local
    total = per_token * tokens
    return math.floor(total * s.held / s.layers)


def max_tokens(
    a: Architecture,
    budget: float,
    conversations: int,
    kv_bytes: float,
    tp: int = 1,
    pp: int = 1,
    also: Callable[[int], float] | None = None,
) -> int:
    """Longest context that `conversations` conversations can each hold within `budget` bytes per GPU;
    `also` gives what else one conversation of that many tokens keeps there (a draft model's KV cache).

    The cache grows along a straight line per token (two: local layers stop growing at their window), so
    the edge is estimated on the line that applies, then found exactly around the estimate: steps that
    double bracket it, and bisection settles it (a few sums of sequence_bytes, however good the guess)."""
    if conversations < 1 or budget <= 0:
        return 0

    def fits(tokens: int) -> bool:
        extra = also(tokens) if also else 0
        return conversations * (sequence_bytes(a, tokens, kv_bytes, tp, pp) + extra) <= budget

    top = a.max_context
    if fits(top):
        return top
    s = _split(a, kv_bytes, tp, pp)
    local_rate, global_rate = s.layer_rate, s.global_rate
    extra = also(top) / top if also else 0  # the other cache's bytes per token (its rate at the top)
    fixed = s.state + cross_bytes(a, kv_bytes, tp)
    held, layers = s.held, s.layers
    share = budget / conversations * layers / held - fixed
    # Every layer still growing, then (past the window) only the global layers.
    guess = share / ((global_rate + local_rate * a.kv_local_layers + extra) or 1)
    if a.window and a.kv_local_layers and guess > a.window:
        growth = global_rate + extra
        guess = (share - local_rate * a.kv_local_layers * a.window) / growth if growth else top
    guess = max(0, min(top - 1, math.floor(guess)))
    step = 1
    if fits(guess):
        lo, hi = guess, min(top, guess + 1)
        while hi < top and fits(hi):
            lo, step = hi, step * 2
            hi = min(top, lo + step)
    else:
        lo, hi = max(0, guess - 1), guess
        while lo > 0 and not fits(lo):
            hi, step = lo, step * 2
            lo = max(0, hi - step)
    while lo < hi - 1:  # fits(lo) (or lo is 0) and not fits(hi)
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo
