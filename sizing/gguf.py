"""Size of a model quantized to a llama.cpp GGUF file type.

A GGUF "Q4_K_M" is a mixture: llama.cpp gives most tensors the base type (Q4_K) and chosen ones a larger
type (the output matrix Q6_K; attn_v and ffn_down in about half the layers Q6_K). The i-quants mix too: an
IQ1_S file keeps attn_output at IQ2_XXS, attn_v at Q4_K (grouped-query attention), the first eighth of the
ffn_down tensors at Q2_K and the output matrix at Q5_K. The rules below restate those of ggml-org/llama.cpp
src/llama-quant.cpp (llama_tensor_get_type_impl, llama_ftype_get_default_type) for the file types the
catalogue offers; published file sizes pin them in tests/test_weights.py (Llama 3.1 8B and 70B, every type;
DeepSeek R1's i-quants).
"""

from __future__ import annotations

import msgspec

from .architecture import Architecture

# Weights per block of each type (ggml-common.h: QK_K = 256 for k-quants and i-quants, 32 for the legacy
# types and IQ4_NL).
BLOCK = {
    "Q2_K": 256, "Q3_K": 256, "Q4_K": 256, "Q5_K": 256, "Q6_K": 256,
    "IQ1_S": 256, "IQ1_M": 256, "IQ2_XXS": 256, "IQ2_XS": 256, "IQ2_S": 256, "IQ3_XXS": 256, "IQ3_S": 256,
    "IQ4_XS": 256,
}  # fmt: skip
# When a row length is not a multiple of the block, llama.cpp falls back (tensor_type_fallback): every
# 256-weight i-quant to IQ4_NL (32-weight blocks).
FALLBACK = {
    "Q2_K": "Q4_0",
    "Q3_K": "Q4_0",
    "Q4_K": "Q5_0",
    "Q5_K": "Q5_1",
    "Q6_K": "Q8_0",
    **{t: "IQ4_NL" for t in ("IQ1_S", "IQ1_M", "IQ2_XXS", "IQ2_XS", "IQ2_S", "IQ3_XXS", "IQ3_S", "IQ4_XS")},
}

# Importance matrices. i-quant files are made with one: llama.cpp refuses to write IQ1_*, IQ2_XXS/XS/S and
# IQ3_XXS tensors without one (tensor_requires_imatrix), and the published IQ3/IQ4 files use one as well
# (bartowski's, mradermacher's "i1-" files). With it, IQ3_XXS keeps attn_v at IQ3_XXS where the attention
# is not grouped, and IQ4_NL/IQ4_XS leave the first eighth of ffn_down at the base type (Q5_K without
# one), which is what bartowski's Llama 3.1 8B IQ4_XS weighs (4,447,663,040 bytes). k-quant and legacy
# files are sized as quantized without one, as the published second-state files were.

# The 1- and 2-bit i-quant file types, whose mixture llama.cpp decides in one branch of its own.
LOW_IQ = frozenset({"IQ1_S", "IQ1_M", "IQ2_XXS", "IQ2_XS", "IQ2_S", "IQ2_M"})
# File types whose output matrix (and tied embeddings) is Q5_K rather than Q6_K.
OUTPUT_Q5_K = LOW_IQ | {"IQ3_XXS"}
# The tensor types the rules below can give besides a file's base type (the data must price each of them):
# for any file, and in addition for the i-quant files.
RULE_TYPES = frozenset({"Q8_0", "Q6_K", "Q5_K", "Q4_K", "Q3_K", "Q5_0", "Q5_1", "Q4_0", "IQ4_NL"})
LOW_IQ_RULE_TYPES = frozenset({"Q2_K", "IQ3_S", "IQ3_XXS", "IQ2_XXS", "IQ2_S"})


def rule_types(ftypes) -> frozenset[str]:
    """The tensor types files of these types can hold besides their base types (a data folder written before
    the 1-3 bit i-quants, with none of them, needs none of theirs)."""
    low = LOW_IQ | {"IQ3_XXS", "IQ3_XS", "IQ3_S", "IQ3_M"}
    return RULE_TYPES | (LOW_IQ_RULE_TYPES if low.intersection(ftypes) else frozenset())


class Tensor(msgspec.Struct, frozen=True):
    role: (
        str  # token_embd, output, attn_q, attn_k, attn_v, attn_qkv, attn_output, attn_other, ffn_gate, ffn_up,
        # ffn_down, ssm_in, ssm_x, ssm_dt, ssm_out
    )
    layer: int  # -1 outside the blocks
    rows: int
    cols: int  # ne[0] in ggml: the input dimension, which the block size must divide
    routed: bool = False  # the stacked routed experts of an MoE layer (ffn_*_exps)

    @property
    def weights(self) -> int:
        return self.rows * self.cols


def tensors(a: Architecture) -> list[Tensor]:
    """The 2-D weight tensors of a GGUF conversion (experts stacked per layer count as one role), in the
    order llama.cpp quantizes them: layer by layer, routed experts before shared ones."""
    return list(_model_tensors(a)[0])


def _model_tensors(a: Architecture) -> tuple[tuple[Tensor, ...], tuple[int, ...], dict[str, int]]:
    """tensors(a), each one's weights, and how many of each role llama.cpp counts (tensor_types' counters),
    worked out once per model and kept on it (Architecture keeps a dict for what it derives from its shape; a
    copy with another shape starts without them): a question that weighs GGUF files walks them for every file type it
    tries (up to a dozen down the ladder of smaller files), and the model's tensors are the same each time."""
    kept = a.__dict__.get("_gguf_tensors")
    if kept is None:
        found = tuple(_tensors(a))
        roles = {
            role: sum(t.role == role for t in found) for role in ("attn_v", "ffn_down", "ffn_gate", "ffn_up")
        }
        kept = a.__dict__["_gguf_tensors"] = (found, tuple(t.weights for t in found), roles)
    return kept


def _tensors(a: Architecture) -> list[Tensor]:
    h = a.hidden_size
    out = [Tensor("token_embd", -1, a.vocab_size, h)]
    if not a.tie_embeddings:
        out.append(Tensor("output", -1, a.vocab_size, h))
    if a.parts.per_layer_embeddings:
        # Gemma 3n's per_layer_token_embd: no llama.cpp rule names it, so it takes the file's base type.
        width = a.num_layers * a.per_layer_input_size
        out.append(Tensor("per_layer_token_embd", -1, a.parts.per_layer_embeddings // width, width))
    for i in range(a.num_layers):
        if a.is_mamba(i):
            # llama.cpp's Mamba-2 tensors (ssm_in, ssm_out; the convolution and per-head vectors are 1-D or
            # small and stay unquantized): no rule names them, so they take the file's base type.
            mb = a.mamba
            assert mb is not None
            in_rows = 2 * mb.d_inner + 2 * mb.n_groups * mb.state_size + mb.num_heads
            out += [Tensor("ssm_in", i, in_rows, h), Tensor("ssm_out", i, h, mb.d_inner)]
        if a.kind(i) == "S":
            # llama.cpp's Mamba-1 tensors (ssm_in, ssm_x, ssm_dt, ssm_out; the convolution, A and D stay
            # unquantized): no rule names them, so they take the file's base type.
            m1 = a.mamba1
            assert m1 is not None
            d, r = m1.intermediate_size, m1.dt_rank
            out += [Tensor("ssm_in", i, 2 * d, h), Tensor("ssm_x", i, r + 2 * m1.state_size, d),
                    Tensor("ssm_dt", i, d, r), Tensor("ssm_out", i, h, d)]  # fmt: skip
        elif a.is_state_mixer(i) or not a.has_attention(i):
            # A Mamba-2 mixer alone (above), an MLP alone (Nemotron-H; DeciLM's no-op attention) or an empty
            # layer: no attention. Falcon-H1's layers (P) have attention beside their mixer, read on.
            pass
        elif a.mla:
            m = a.mla
            qk = m.qk_nope_head_dim + m.qk_rope_head_dim
            if m.q_lora_rank:
                # attn_q_a and attn_q_b: no rule names them (llama.cpp matches "attn_q.weight" only).
                out += [
                    Tensor("attn_other", i, m.q_lora_rank, h),
                    Tensor("attn_other", i, a.num_heads * qk, m.q_lora_rank),
                ]
            else:
                out.append(Tensor("attn_q", i, a.num_heads * qk, h))
            out.append(Tensor("attn_other", i, m.kv_lora_rank + m.qk_rope_head_dim, h))
            # attn_kv_b is treated like attn_v by llama.cpp (category_is_attn_v).
            out.append(Tensor("attn_v", i, a.num_heads * (m.qk_nope_head_dim + m.v_head_dim), m.kv_lora_rank))
            out.append(Tensor("attn_output", i, h, a.num_heads * m.v_head_dim))
        elif a.compressed:
            # DeepSeek-V4 (vLLM deepseek_v4.py): wq_a, wq_b, wkv, the grouped wo_a and wo_b; no llama.cpp rule
            # names them but the query and output projections. The compressors' and indexers' matrices
            # (under 2% of the weights) are left out.
            c, hd = a.compressed, a.dim_per_head
            out += [
                Tensor("attn_other", i, c.q_lora_rank, h),
                Tensor("attn_q", i, a.num_heads * hd, c.q_lora_rank),
                Tensor("attn_other", i, hd, h),
                Tensor("attn_other", i, c.o_groups * c.o_lora_rank, a.num_heads * hd // c.o_groups),
                Tensor("attn_output", i, h, c.o_groups * c.o_lora_rank),
            ]
        else:
            kv_heads, width = a.layer_heads(i)
            full = a.kind(i) == "G"
            if a.fused_qkv:
                out.append(Tensor("attn_qkv", i, (a.num_heads + 2 * kv_heads) * width, h))
            else:
                out += [Tensor("attn_q", i, a.num_heads * width, h), Tensor("attn_k", i, kv_heads * width, h)]
            if not (a.fused_qkv or (full and a.global_k_eq_v)):  # Gemma 4's full layers have no v_proj
                out.append(Tensor("attn_v", i, kv_heads * width, h))
            out.append(Tensor("attn_output", i, h, a.num_heads * width))
        widths = []
        if not a.has_mlp(i):
            continue
        if a.is_moe_layer(i):
            assert a.moe
            widths.append((a.moe.experts, a.moe.expert_intermediate_size))
            if a.moe.shared_experts:
                widths.append(
                    (a.moe.shared_experts, a.moe.shared_intermediate_size or a.moe.expert_intermediate_size)
                )
        else:
            widths.append((1, a.mlp_width(i)))
        for n, (count, width) in enumerate(widths):
            routed = n == 0 and a.is_moe_layer(i)
            if a.mlp == "gated":
                out.append(Tensor("ffn_gate", i, count * width, h, routed))
            out += [
                Tensor("ffn_up", i, count * width, h, routed),
                Tensor("ffn_down", i, count * h, width, routed),
            ]
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
        if ftype in OUTPUT_Q5_K:
            return "Q5_K"
        return base if base in ("Q8_0", "F16", "BF16", "F32") else "Q6_K"
    if base in ("F16", "BF16", "F32", "Q8_0", "Q6_K"):
        return base
    if role == "token_embd":
        if ftype in ("IQ1_S", "IQ1_M", "IQ2_XXS", "IQ2_XS"):
            return "Q2_K"
        if ftype in ("IQ2_S", "IQ2_M", "IQ3_XXS"):
            return "IQ3_S"
        return base
    if ftype == "MXFP4_MOE":
        return (
            "MXFP4"
            if role.startswith("ffn") and n_expert and t.layer >= 0 and a.is_moe_layer(t.layer)
            else "Q8_0"
        )
    if ftype in LOW_IQ:
        return _low_iq_type(ftype, base, role, a, n_gqa, n_expert, counters)
    if role == "attn_v":
        return _attn_v_type(ftype, base, a, n_gqa, n_expert, counters)
    if role == "attn_qkv":
        # llama-quant.cpp's attn_qkv rule, every layer alike: Phi-4's Q4_K_M file is 9.05 GB, not the 8.89 GB
        # of separate q, k and v (bartowski/phi-4-GGUF; tests/test_published_round4.py).
        return {"Q3_K_M": "Q4_K", "Q3_K_L": "Q4_K", "IQ3_M": "Q4_K", "Q4_K_M": "Q5_K", "Q5_K_M": "Q6_K"}.get(
            ftype, base
        )
    if role in ("attn_k", "attn_q"):
        if role == "attn_k" and n_expert == 8:
            return "Q8_0"
        return {"IQ3_XS": "IQ3_XXS", "IQ3_XXS": "IQ2_S"}.get(ftype, base)
    if role == "ffn_down":
        if n_expert:
            return _ffn_down_type(ftype, base, t.layer, a.num_layers, n_expert)
        # Without experts llama-quant.cpp's layer_info is the running count of ffn_down tensors against their
        # number (n_ffn_down): the layers that have an MLP, not all the layers (Nemotron Ultra, Nemotron-H).
        i = counters["ffn_down"]
        counters["ffn_down"] += 1
        return _ffn_down_type(ftype, base, i, counters["n_ffn_down"], n_expert)
    if role == "attn_output":
        if n_expert == 8:
            return (
                "Q5_K"
                if ftype in ("Q2_K", "Q3_K_S", "Q3_K_M", "Q4_K_S", "Q4_K_M", "IQ3_XXS", "IQ3_XS", "IQ3_S",
                             "IQ3_M", "IQ4_NL", "IQ4_XS")
                else base
            )  # fmt: skip
        changes = {"Q2_K": "Q3_K", "Q3_K_M": "Q4_K", "Q3_K_L": "Q5_K", "IQ3_XXS": "IQ3_S", "IQ3_M": "Q4_K"}
        return changes.get(ftype, base)
    if role in ("ffn_gate", "ffn_up") and ftype == "IQ3_XS":
        i, n = t.layer, a.num_layers
        if not n_expert:  # as for ffn_down: the running count of these tensors against their number
            i, n = counters[role], counters[f"n_{role}"]
            counters[role] += 1
        return "IQ3_XXS" if n // 8 <= i < 7 * n // 8 else base
    return base


def _low_iq_type(ftype, base, role, a, n_gqa, n_expert, counters) -> str:
    """IQ1_S, IQ1_M, IQ2_XXS, IQ2_XS, IQ2_S and IQ2_M: llama.cpp's branch for them (no 70B rule here)."""
    mid = "IQ3_S" if ftype in ("IQ2_S", "IQ2_M") else "Q2_K"
    if role == "attn_v":
        counters["attn_v"] += 1
        return "Q4_K" if n_gqa >= 4 or n_expert >= 4 else mid
    if role == "attn_k" and n_expert == 8:
        return "Q4_K"
    if role == "ffn_down":
        # Counted tensor by tensor (a layer's routed and shared experts are two) against the layer count.
        i = counters["ffn_down"]
        counters["ffn_down"] += 1
        return mid if i < (counters["n_ffn_down"] if not n_expert else a.num_layers) // 8 else base
    if role == "attn_output":
        if n_expert == 8:
            return "Q5_K"
        return {"IQ1_S": "IQ2_XXS", "IQ1_M": "IQ2_XXS", "IQ2_S": "IQ3_S", "IQ2_M": "IQ3_S"}.get(ftype, base)
    return base


def _attn_v_type(ftype, base, a, n_gqa, n_expert, counters) -> str:
    # llama-quant.cpp counts the attn_v tensors themselves (n_attention_wv): in a NAS or hybrid stack
    # (Nemotron Super and Ultra, Nemotron-H) that is the layers with attention, not all the layers.
    i, n = counters["attn_v"], counters["n_attention_wv"]
    counters["attn_v"] += 1
    new = base
    if ftype == "Q2_K":
        new = "Q4_K" if n_gqa >= 4 else "Q3_K"
    elif ftype == "IQ3_XXS":
        new = "Q4_K" if n_gqa >= 4 else base  # IQ3_S without an importance matrix
    elif (ftype in ("IQ3_XS", "IQ3_S") and n_gqa >= 4) or ftype == "IQ3_M":
        new = "Q4_K"
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


def _ffn_down_type(ftype, base, i, n, n_expert) -> str:
    # i: the tensor's layer; n: the model's layer count (llama.cpp's n_ffn_down).
    if ftype == "Q2_K":
        return "Q3_K"
    if ftype == "Q3_K_M":
        return "Q5_K" if i < n // 16 else "Q4_K"
    if ftype == "Q3_K_L":
        return "Q5_K"
    if ftype == "IQ3_M" and (i < n // 8 or (n_expert == 8 and _more_bits(i, n))):
        return "Q4_K"
    if ftype in ("Q4_K_M", "Q5_K_M") and _more_bits(i, n):
        return "Q6_K"
    # (IQ4_NL and IQ4_XS give the first eighth Q5_K only without an importance matrix: see "Importance
    # matrices" above.)
    if ftype == "Q4_K_S" and i < n // 8:
        return "Q5_K"
    return base


def tensor_types(a: Architecture, ftype: str, base: str) -> list[tuple[Tensor, str]]:
    """Each 2-D tensor of the file with the ggml type llama.cpp gives it (before any block-size fallback)."""
    found, _, roles = _model_tensors(a)
    counters = {
        "attn_v": 0,
        "ffn_down": 0,
        "n_attention_wv": roles["attn_v"],
        "n_ffn_down": roles["ffn_down"],
        "ffn_gate": 0,
        "ffn_up": 0,
        "n_ffn_gate": roles["ffn_gate"],
        "n_ffn_up": roles["ffn_up"],
    }
    return [(t, tensor_type(ftype, base, t, a, counters)) for t in found]


def weight_bytes(
    a: Architecture, ftype: str, base: str, bits: dict[str, float], experts: str | None = None
) -> tuple[int, dict[str, float]]:
    """Bytes of every 2-D tensor after quantization, and the weights each ggml type ended up holding.
    `experts`: the type routed experts keep whatever the file type (a model released with MXFP4 experts)."""
    total_bits = 0.0
    mix: dict[str, float] = {}
    weights = _model_tensors(a)[1]
    for (t, kind), n in zip(tensor_types(a, ftype, base), weights, strict=True):
        if experts is not None and t.routed:
            kind = experts
        if kind in BLOCK and t.cols % BLOCK[kind]:
            kind = FALLBACK[kind]
        total_bits += n * bits[kind]
        mix[kind] = mix.get(kind, 0) + n
    return int(total_bits // 8), mix
