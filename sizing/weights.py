"""Bytes of a model's weights at a given precision.

Weights take params x bits / 8 bytes, where the bits include the format's scales (AWQ/GPTQ: an fp16 scale
and a 4-bit zero point per 128 weights; NF4: 8-bit absmax per 64; MXFP4: 8-bit scale per 32). Formats leave
some parts alone (embeddings, lm_head; gpt-oss keeps attention in BF16), and those are counted at 16-bit.
GGUF files follow llama.cpp's per-tensor mixture (sizing/gguf.py). A published checkpoint at its own
precision (an official FP8 or AWQ release, a repo read from the Hub) weighs what its safetensors headers say.
"""

from __future__ import annotations

import msgspec

from . import gguf
from .catalog import GGUF_BASE_TYPES, Catalog, ModelEntry, Precision
from .training import layer_params


class Weights(msgspec.Struct, kw_only=True):
    bytes: int
    bits_per_weight: float  # average over every parameter, kept parts and scales included
    kept_parts: list[str]  # parts left at 16-bit
    exact: bool = False  # True: the checkpoint's own bytes, not an estimate from bits per weight


def kept_parts(model: ModelEntry, precision: Precision) -> list[str]:
    if model.is_moe and precision.keeps_moe is not None:
        return list(precision.keeps_moe)
    return list(precision.keeps)


# Sizing one request evaluates dozens of setups with the same model and precision; the GGUF rules walk every
# tensor, so the result is kept per (model shape, precision, type table).
_cache: dict[tuple, Weights] = {}


def weight_bytes(model: ModelEntry, precision: Precision, catalog: Catalog) -> Weights:
    release = model.release.repo if model.release else None
    key = (model.id, model.num_layers, precision.id, precision.bits_per_weight, id(catalog), release)
    found = _cache.get(key)
    if found is None:
        if len(_cache) > 4096:
            _cache.clear()
        found = _cache[key] = _weight_bytes(model, precision, catalog)
    return found


def _weight_bytes(model: ModelEntry, precision: Precision, catalog: Catalog) -> Weights:
    p = model.parts
    if model.release is not None and model.release.precision == precision.id:
        total = model.release.weight_bytes
        return Weights(
            bytes=total,
            bits_per_weight=total * 8 / p.total,
            kept_parts=kept_parts(model, precision),
            exact=True,
        )
    if precision.gguf:
        base = GGUF_BASE_TYPES[precision.gguf]
        # A model released with its experts in MXFP4 (gpt-oss) keeps them so in every GGUF type: "All quants
        # keep the feed forward networks at mxfp4" (bartowski/openai_gpt-oss-20b-GGUF's README: MXFP4 12.1 GB,
        # Q6_K 12.04 GB), so only the other tensors take the file's type.
        experts = "MXFP4" if model.native_precision == "mxfp4" and model.is_moe else None
        matrices, _ = gguf.weight_bytes(model, precision.gguf, base, catalog.ggml_types, experts)
        # 1-D tensors (norms, biases) are stored as F32 in GGUF; the MoE router is never quantized; a vision
        # encoder (extra_params) ships beside the text weights at F16 (llama.cpp's mmproj file).
        total = matrices + (p.other - model.extra_params) * 4 + model.extra_params * 2 + p.router * 2
        kept: list[str] = []
    else:
        kept = kept_parts(model, precision)
        sizes = {"embeddings": p.embeddings, "lm_head": p.lm_head, "attention": p.attention}
        kept_params = sum(sizes[k] for k in kept if k in sizes)
        quantized = p.embeddings + p.lm_head + p.linear - kept_params
        # The router and the small 1-D tensors stay at the high precision in every format.
        high = precision.unquantized_bits
        bits = quantized * precision.bits_per_weight + (kept_params + p.router + p.other) * high
        if precision.dense_bits is not None:
            # A format that stores the routed experts one way and the other quantized weights another
            # (precisions.toml dense_bits): the experts at bits_per_weight, the rest at dense_bits.
            bits += (quantized - p.experts) * (precision.dense_bits - precision.bits_per_weight)
        total = int(bits // 8)
    return Weights(bytes=total, bits_per_weight=total * 8 / p.total, kept_parts=kept)


def padded_width(hidden: int, precision: Precision) -> int:
    pad = precision.engine_pad_experts
    return -(-hidden // pad) * pad if pad else hidden


def engine_padding(model: ModelEntry, precision: Precision, catalog: Catalog) -> int:
    """Bytes a serving engine adds to the checkpoint when it loads the MoE experts in its kernels' layout:
    the hidden dimension of MXFP4 expert matrices padded to a multiple of 256 (gpt-oss: 2,880 -> 3,072,
    +6.7%), the growth vLLM's logs show on an H100: 64.38 GiB loaded for gpt-oss-120b, 13.47 GiB for
    gpt-oss-20b (llm-d/llm-d-benchmark config_explorer/empirical-vllm-memory-results.md)."""
    if not precision.engine_pad_experts or not model.parts.experts or precision.gguf:
        return 0
    h = model.hidden_size
    extra = model.parts.experts * (padded_width(h, precision) - h) / h
    return int(extra * precision.bits_per_weight / 8)


def engine_weight_bytes(model: ModelEntry, precision: Precision, catalog: Catalog) -> int:
    """The weights as the serving engine holds them in GPU memory."""
    return weight_bytes(model, precision, catalog).bytes + engine_padding(model, precision, catalog)


def quantization_run(model: ModelEntry) -> tuple[int, int]:
    """(host RAM, GPU memory per layer) to quantize a model with LLM Compressor's sequential onloading: the
    16-bit checkpoint stays in CPU memory and one decoder layer at a time goes to the GPU, 2 bytes a
    parameter (vllm-project/llm-compressor docs/guides/memory.md; GPTQ doubles the layer for its Hessian)."""
    return model.params * 2, layer_params(model) * 2
