"""GPU memory of serving a model with a vLLM-style engine, per GPU.

vLLM's start-up accounting (vllm/v1/worker/gpu_worker.py determine_available_memory) is:
    KV cache = total memory x gpu_memory_utilization - weights - peak activation - non-torch memory
The figures below follow those terms, and tests/test_serving.py checks them against vLLM's own logs
(llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md, H100, in ../shared/reference).
"""

from __future__ import annotations

import math

import msgspec

from . import kv_cache
from .architecture import Architecture

GIB = 2**30

# vLLM's dummy sampler run at start-up materialises fp32 logits for max_num_seqs sequences, plus the copies
# that temperature, top-k/top-p and log-softmax make. Fitted on five vLLM logs on an H100 (Llama 3.1 8B,
# Llama 3.3 70B, Qwen3 0.6B and 32B, gpt-oss-20b): peak = 9.6-9.9 x max_num_seqs x vocab x 4 bytes.
SAMPLER_COPIES = 9.7
# Memory outside PyTorch's allocator (cuBLAS workspaces; NCCL buffers with tensor parallelism): vLLM logs
# 0.13 GiB on one GPU and 0.55 GiB per GPU with TP=2 (same source).
NON_TORCH_SINGLE = int(0.13 * GIB)
NON_TORCH_PARALLEL = int(0.55 * GIB)
# CUDA graphs captured for decode: vLLM logs -0.9 to +1.0 GiB; we reserve a typical 0.5 GiB.
CUDA_GRAPHS = int(0.5 * GIB)
ACTIVATION_BYTES = 2  # activations run in BF16 whatever the weight format


class ServingMemory(msgspec.Struct, kw_only=True):
    weights: int
    kv_cache: int
    activations: int
    overhead: int

    @property
    def total(self) -> int:
        return self.weights + self.kv_cache + self.activations + self.overhead


# forward_peak by model, chunk and split: a search asks it of every copy it weighs (the activations vLLM profiles
# sit beside the sampler's workspace, which changes with the conversations: activation_peak), and a model has a
# handful of chunks and splits. Keyed by the model's id, kept alive with the value; bounded, it starts over when
# full. No lock: a race works one out twice.
_FORWARD: dict[tuple[int, int, int], tuple[Architecture, int]] = {}
_FORWARD_SIZE = 4096


def forward_peak(a: Architecture, tokens: int, tp: int) -> int:
    """Transient activations of one forward step over `tokens` prompt tokens (chunked prefill), per GPU.

    The largest live set is inside one layer: the residual stream and norm output (a few x hidden), the
    q/k/v projections, and the MLP's gate/up output, its activation and the down-projection input.
    MoE layers hold those for every routed copy of a token (fused-MoE intermediate caches).
    """
    found = _FORWARD.get((id(a), tokens, tp))
    if found is None or found[0] is not a:
        if len(_FORWARD) >= _FORWARD_SIZE:
            _FORWARD.clear()
        found = _FORWARD[(id(a), tokens, tp)] = (a, _forward_peak(a, tokens, tp))
    return found[1]


def _forward_peak(a: Architecture, tokens: int, tp: int) -> int:
    h = a.hidden_size
    # The widest attention block's q/k/v (Gemma 4's full layers have wider heads than its local ones).
    qkv = (
        max((a.num_heads + 2 * kv) * hd for kv, hd in {a.layer_heads(0), (a.full_kv_heads, a.full_head_dim)})
        / tp
    )
    if a.moe:
        mlp = 3 * a.moe.experts_per_token * a.moe.expert_intermediate_size / tp + a.moe.experts_per_token * h
        if a.moe.shared_experts:
            shared = a.moe.shared_intermediate_size or a.moe.expert_intermediate_size
            mlp += 3 * a.moe.shared_experts * shared / tp
    else:
        mlp = 3 * a.intermediate_size / tp
    return math.ceil(tokens * ACTIVATION_BYTES * (4 * h + qkv + mlp))


def sampler_peak(a: Architecture, sequences: int) -> int:
    return math.ceil(SAMPLER_COPIES * sequences * a.vocab_size * 4)


def hidden_states(a: Architecture, prefill_tokens: int) -> int:
    return prefill_tokens * a.hidden_size * ACTIVATION_BYTES


def forward_edge(a: Architecture, prefill_tokens: int, tp: int) -> int:
    """The most sequences for which the forward pass, not the sampler's workspace kept beside the hidden
    states, sets the activation peak (-1: none): the workspace grows with them, so up to this count the peak
    is the forward pass's (51 on Llama 3.1 8B at 2,048-token chunks). Found with sampler_peak itself (an
    estimate, then exact steps), once per model, chunk and split, and kept on the model (Architecture keeps a
    dict for what it derives from its shape): every search step asks a setup's memory at some count."""
    kept = a.__dict__.get("_forward_edges")
    if kept is None:
        kept = a.__dict__["_forward_edges"] = {}
    found = kept.get((prefill_tokens, tp))
    if found is None:
        forward, hidden = forward_peak(a, prefill_tokens, tp), hidden_states(a, prefill_tokens)
        found = int((forward - hidden) / sampler_peak(a, 1)) + 1  # the workspace is ~linear in them
        while found >= 0 and hidden + sampler_peak(a, found) > forward:
            found -= 1
        while hidden + sampler_peak(a, found + 1) <= forward:
            found += 1
        kept[(prefill_tokens, tp)] = found
    return found


def activation_peak(a: Architecture, prefill_tokens: int, max_seqs: int, tp: int) -> int:
    # The profile run frees the forward pass's transients before sampling; the hidden states stay.
    return max(
        forward_peak(a, prefill_tokens, tp), hidden_states(a, prefill_tokens) + sampler_peak(a, max_seqs)
    )


def overhead(tp: int) -> int:
    return (NON_TORCH_PARALLEL if tp > 1 else NON_TORCH_SINGLE) + CUDA_GRAPHS


def tp_problem(a: Architecture, tp: int) -> str | None:
    """Why vLLM would refuse this tensor-parallel degree, or None (vllm/config ModelConfig checks)."""
    if a.num_heads % tp:
        return "heads"
    if any(kv % tp and tp % kv for kv in (a.num_kv_heads, a.full_kv_heads)):
        return "kv_heads"
    return None


def memory(
    a: Architecture,
    weight_bytes: int,
    kv_bytes_per_value: float,
    context: int,
    users: int,
    tp: int = 1,
    pp: int = 1,
    prefill_tokens: int = 2048,
    max_seqs: int | None = None,
) -> ServingMemory:
    """Per-GPU memory of `users` conversations of `context` tokens on tp x pp GPUs."""
    share, of = a.weight_stage(pp)  # the heaviest stage's share of the weights (1 of pp when layers match)
    return ServingMemory(
        weights=math.ceil(weight_bytes * share / (tp * of)),
        kv_cache=users * kv_cache.sequence_bytes(a, context, kv_bytes_per_value, tp, pp),
        activations=activation_peak(a, prefill_tokens, max_seqs or users, tp),
        overhead=overhead(tp * pp),
    )
