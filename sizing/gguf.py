"""Size of a model quantized to a llama.cpp GGUF file type.

A GGUF "Q4_K_M" is a mixture: llama.cpp gives most tensors the base type (Q4_K) and chosen ones a larger
type (the output matrix Q6_K; attn_v and ffn_down in about half the layers Q6_K). The rules below follow
ggml-org/llama.cpp src/llama-quant.cpp (llama_tensor_get_type_impl) for the file types the catalogue
offers; the published Llama 3.1 8B file sizes pin them in tests/test_weights.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from .architecture import Architecture

# Weights per block of each type (ggml-common.h: QK_K = 256 for k-quants, 32 for the legacy types).
BLOCK = {"Q2_K": 256, "Q3_K": 256, "Q4_K": 256, "Q5_K": 256, "Q6_K": 256, "IQ4_XS": 256}
# When a row length is not a multiple of the block, llama.cpp falls back (tensor_type_fallback).
FALLBACK = {
    "Q2_K": "Q4_0",
    "Q3_K": "Q4_0",
    "Q4_K": "Q5_0",
    "Q5_K": "Q5_1",
    "Q6_K": "Q8_0",
    "IQ4_XS": "IQ4_NL",
}


@dataclass(frozen=True)
class Tensor:
    role: (
        str  # token_embd, output, attn_q, attn_k, attn_v, attn_output, attn_other, ffn_gate, ffn_up, ffn_down
    )
    layer: int  # -1 outside the blocks
    rows: int
    cols: int  # ne[0] in ggml: the input dimension, which the block size must divide

    @property
    def weights(self) -> int:
        return self.rows * self.cols


def tensors(a: Architecture) -> list[Tensor]:
    """The 2-D weight tensors of a GGUF conversion (experts stacked per layer count as one role)."""
    h, hd = a.hidden_size, a.dim_per_head
    out = [Tensor("token_embd", -1, a.vocab_size, h)]
    if not a.tie_embeddings:
        out.append(Tensor("output", -1, a.vocab_size, h))
    for i in range(a.num_layers):
        if a.mla:
            m = a.mla
            qk = m.qk_nope_head_dim + m.qk_rope_head_dim
            if m.q_lora_rank:
                out += [
                    Tensor("attn_other", i, m.q_lora_rank, h),
                    Tensor("attn_q", i, a.num_heads * qk, m.q_lora_rank),
                ]
            else:
                out.append(Tensor("attn_q", i, a.num_heads * qk, h))
            out.append(Tensor("attn_other", i, m.kv_lora_rank + m.qk_rope_head_dim, h))
            # attn_kv_b is treated like attn_v by llama.cpp (category_is_attn_v).
            out.append(Tensor("attn_v", i, a.num_heads * (m.qk_nope_head_dim + m.v_head_dim), m.kv_lora_rank))
            out.append(Tensor("attn_output", i, h, a.num_heads * m.v_head_dim))
        else:
            out += [
                Tensor("attn_q", i, a.num_heads * hd, h),
                Tensor("attn_k", i, a.num_kv_heads * hd, h),
                Tensor("attn_v", i, a.num_kv_heads * hd, h),
                Tensor("attn_output", i, h, a.num_heads * hd),
            ]
        widths = []
        if a.is_moe_layer(i):
            assert a.moe
            widths.append((a.moe.experts, a.moe.expert_intermediate_size))
            if a.moe.shared_experts:
                widths.append(
                    (a.moe.shared_experts, a.moe.shared_intermediate_size or a.moe.expert_intermediate_size)
                )
        else:
            widths.append((1, (a.moe.dense_intermediate_size if a.moe else None) or a.intermediate_size))
        for count, width in widths:
            if a.mlp == "gated":
                out.append(Tensor("ffn_gate", i, count * width, h))
            out += [Tensor("ffn_up", i, count * width, h), Tensor("ffn_down", i, count * h, width)]
    return out


def _more_bits(i: int, n: int) -> bool:
    # llama-quant.cpp use_more_bits: the first and last eighth of the layers, and every third one between.
    return i < n // 8 or i >= 7 * n // 8 or (i - n // 8) % 3 == 2


def tensor_type(ftype: str, base: str, t: Tensor, a: Architecture, counters: dict[str, int]) -> str:
    """The ggml type llama.cpp picks for one tensor (the subset of rules for the catalogue's file types)."""
    n_gqa = a.num_heads // a.num_kv_heads
    n_expert = a.moe.experts if a.moe else 0
    role = t.role
    if role == "output" or (role == "token_embd" and a.tie_embeddings):
        if ftype == "MXFP4_MOE" or t.cols % BLOCK.get(base, 32):
            return "Q8_0"
        return base if base in ("Q8_0", "F16", "BF16", "F32") else "Q6_K"
    if base in ("F16", "BF16", "F32", "Q8_0", "Q6_K") or role == "token_embd":
        return base
    if ftype == "MXFP4_MOE":
        return (
            "MXFP4"
            if role.startswith("ffn") and n_expert and t.layer >= 0 and a.is_moe_layer(t.layer)
            else "Q8_0"
        )
    if role == "attn_v":
        i, n = counters["attn_v"], a.num_layers
        counters["attn_v"] += 1
        new = base
        if ftype == "Q2_K":
            new = "Q4_K" if n_gqa >= 4 else "Q3_K"
        elif ftype == "Q3_K_M":
            new = "Q5_K" if i < 2 else "Q4_K"
        elif ftype == "Q3_K_L" or (ftype in ("IQ4_NL", "IQ4_XS") and n_gqa >= 4):
            new = "Q5_K"
        elif ftype in ("Q4_K_M", "Q5_K_M") and _more_bits(i, n):
            new = "Q6_K"
        elif ftype == "Q4_K_S" and i < 4:
            new = "Q5_K"
        if a.num_layers == 80 and not n_expert and new in ("Q3_K", "Q4_K"):
            new = "Q5_K"  # llama.cpp's LLM_TYPE_70B rule: attn_v is 8x smaller there, so it gets more bits
        if n_expert == 8:
            new = "Q8_0"
        return new
    if role == "attn_k" and n_expert == 8:
        return "Q8_0"
    if role == "ffn_down":
        i, n = t.layer, counters["n_ffn_down"]
        if ftype == "Q2_K":
            return "Q3_K"
        if ftype == "Q3_K_M":
            return "Q5_K" if i < n // 16 else "Q4_K"
        if ftype == "Q3_K_L":
            return "Q5_K"
        if ftype in ("Q4_K_M", "Q5_K_M") and _more_bits(i, n):
            return "Q6_K"
        if ftype in ("IQ4_NL", "IQ4_XS") and i < n // 8:
            return "Q5_K"
        if ftype == "Q4_K_S" and i < n // 8:
            return "Q5_K"
        return base
    if role == "attn_output":
        if n_expert == 8:
            return (
                "Q5_K"
                if ftype in ("Q2_K", "Q3_K_S", "Q3_K_M", "Q4_K_S", "Q4_K_M", "IQ4_NL", "IQ4_XS")
                else base
            )
        return {"Q2_K": "Q3_K", "Q3_K_M": "Q4_K", "Q3_K_L": "Q5_K"}.get(ftype, base)
    return base


def weight_bytes(
    a: Architecture, ftype: str, base: str, bits: dict[str, float]
) -> tuple[int, dict[str, float]]:
    """Bytes of every 2-D tensor after quantization, and the weights each ggml type ended up holding."""
    counters = {"attn_v": 0, "n_ffn_down": sum(1 for t in tensors(a) if t.role == "ffn_down")}
    total_bits = 0.0
    mix: dict[str, float] = {}
    for t in tensors(a):
        kind = tensor_type(ftype, base, t, a, counters)
        if kind in BLOCK and t.cols % BLOCK[kind]:
            kind = FALLBACK[kind]
        total_bits += t.weights * bits[kind]
        mix[kind] = mix.get(kind, 0) + t.weights
    return int(total_bits // 8), mix
