"""A repo's config.json, quantization config and safetensors headers -> a catalogue-style ModelEntry.

Parameters are counted from the headers, with packed formats unpacked (AWQ/GPTQ int32 words hold 32/bits
weights, bitsandbytes and MXFP4 bytes hold two 4-bit weights); scales, zero points and quantization state are
bytes, not parameters. Weight bytes are elements x dtype size of every tensor a server loads: draft layers
(DeepSeek's, Qwen3-Next's and ERNIE 4.5's multi-token-prediction heads), which vLLM loads only for speculative decoding,
are left out and said so.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import msgspec

from sizing import i18n
from sizing.catalog import ModelEntry, Release, exl2_bpw_of_id, exl2_id

DTYPE_BYTES = {"F64": 8, "I64": 8, "U64": 8, "F32": 4, "I32": 4, "U32": 4, "F16": 2, "BF16": 2, "I16": 2,
               "U16": 2, "F8_E4M3": 1, "F8_E5M2": 1, "F8_E8M0": 1, "I8": 1, "U8": 1, "BOOL": 1}  # fmt: skip
# Tensors that hold quantization scales, zero points or state: bytes a server loads, not parameters.
OVERHEAD = re.compile(
    r"\.(?:qzeros|scales|g_idx|weight_scale|weight_scale_inv|input_scale|input_scale_ub|weight_zero_point|"
    r"absmax|quant_map|nested_absmax|nested_quant_map|quant_state\.[\w.]+|\w+_scales|weight_global_scale|"
    r"input_global_scale|weight_shape|weight_g_idx|weight_scale_2|input_scale_2)$"
)
VISION = re.compile(r"(?:^|\.)(?:visual|vision_tower|vision_model|vision_encoder|multi_modal_projector|"
                    r"mm_projector|audio_tower|vision_embed_tokens)\.")  # fmt: skip
LAYER = re.compile(r"(?:^|\.)layers\.(\d+)\.")
# Multi-token-prediction heads by name: DeepSeek-style "mtp." and ERNIE 4.5's model.mtp_block.0,
# mtp_emb_norm, mtp_hidden_norm and mtp_linear_proj (transformers' Ernie4_5_MoePreTrainedModel ignores "mtp"
# keys on load; llama.cpp's convert_hf_to_gguf.py skips them).
MTP = re.compile(r"(?:^|\.)mtp[._]")


class Unsupported(Exception):
    """The repo's files do not describe a model this reader knows how to size. `reason` names a message
    hub_unsupported.<reason> (sizing/data/messages/*.toml) that the answer words in its own language, with
    `params` (identifiers from the files: a model_type, a dtype); str() is the English one, for logs and tests."""

    def __init__(self, reason: str, **params: str) -> None:
        self.reason, self.params = reason, {k: str(v) for k, v in params.items()}
        super().__init__(i18n.t("en", f"hub_unsupported.{reason}", **self.params))


@dataclass
class TensorSummary:
    params: int = 0  # logical parameters a server loads
    bytes: int = 0  # their bytes on the GPU, scales included
    vision_params: int = 0
    skipped_params: int = 0  # draft / MTP layers
    skipped_bytes: int = 0
    dtypes: dict[str, int] = field(default_factory=dict)  # bytes by stored dtype


def quant_precision(config: dict, quant: dict | None) -> str:
    """The precision id (sizing/data/precisions.toml) of the checkpoint's quantized tensors."""
    if not quant:
        dtype = str(config.get("torch_dtype") or config.get("dtype") or "bfloat16")
        return "fp32" if "32" in dtype else "bf16"
    method = str(quant.get("quant_method") or ("gptq" if "bits" in quant else "")).lower()
    if method == "exl2" and exl2_bpw_of_id(width := exl2_id(float(quant.get("bits") or 0))) is not None:
        return width  # ExLlamaV2's average bits per weight ("bits": 6.5), run by its own engine
    bits = int(quant.get("bits") or quant.get("w_bit") or 4)
    if method in ("awq", "gptq", "autoround", "auto-round", "marlin", "exl2"):
        return "int8" if bits == 8 else "int4"
    if method == "bitsandbytes":
        return "int8" if quant.get("load_in_8bit") else "nf4"
    if method in ("fp8", "fbgemm_fp8", "w8a8_fp8"):
        return "fp8"
    if method == "mxfp4":
        return "mxfp4"
    if method in ("modelopt", "nvfp4"):
        algo = str(quant.get("quant_algo") or quant.get("quantization", {}).get("quant_algo", "")).upper()
        return "nvfp4" if "FP4" in algo else "fp8"
    if method == "compressed-tensors":
        weights = _group_weights(quant)
        wbits, wtype = int(weights.get("num_bits", 8)), str(weights.get("type", "int"))
        if wbits == 4:
            return "nvfp4" if wtype == "float" else "int4"
        return "fp8" if wtype == "float" else "int8"
    raise Unsupported("quant_method", method=repr(method or "unknown"))


def _group_weights(quant: dict | None) -> dict:
    """compressed-tensors: the first config group's weight scheme (num_bits, type)."""
    groups = (quant or {}).get("config_groups") or {}
    return next(iter(groups.values()), {}).get("weights") or {} if groups else {}


def summarize(
    tensors: dict[str, tuple[str, list[int]]], num_layers: int, quant: dict | None
) -> TensorSummary:
    """Parameters and bytes of a checkpoint from its tensors' names, dtypes and shapes."""
    s = TensorSummary()
    method = str((quant or {}).get("quant_method") or ("gptq" if quant and "bits" in quant else "")).lower()
    bits = int((quant or {}).get("bits") or _group_weights(quant).get("num_bits") or 4)
    fp4 = quant_precision({}, quant) in ("nvfp4", "mxfp4") if quant else False
    for name, (dtype, shape) in tensors.items():
        size = DTYPE_BYTES.get(dtype)
        if size is None:
            raise Unsupported("dtype", dtype=dtype)
        elements = math.prod(shape)
        nbytes = elements * size
        params = 0 if OVERHEAD.search(name) else elements
        if params and name.endswith(("qweight", "weight_packed")) and dtype == "I32":
            params = elements * 32 // bits  # packed AWQ/GPTQ/compressed-tensors int words
        elif params and dtype == "U8" and (name.endswith(("_blocks", "weight_packed")) or fp4):
            params = elements * 2  # MXFP4 / NVFP4: two FP4 values per byte
        elif params and method == "bitsandbytes" and dtype == "U8" and name.endswith(".weight"):
            params = elements * 2 if not quant.get("load_in_8bit") else elements  # type: ignore[union-attr]
        layer = LAYER.search(name)
        draft = MTP.search(name) is not None or (
            layer is not None and int(layer.group(1)) >= num_layers and not VISION.search(name)
        )
        if draft:
            s.skipped_params += params
            s.skipped_bytes += nbytes
            continue
        s.params += params
        s.bytes += nbytes
        s.dtypes[dtype] = s.dtypes.get(dtype, 0) + nbytes
        if VISION.search(name):
            s.vision_params += params
    return s


# The older families' names for the keys architecture() reads, as transformers' configs map them
# (attribute_map): GPT2Config n_embd, n_layer, n_head, n_positions (and n_inner, the MLP width, 4 x n_embd when
# unset); Falcon's RWConfig n_embed, n_head_kv (vLLM's transformers_utils/configs/falcon.py maps num_kv_heads
# to n_head_kv).
ALIASES = {"n_embd": "hidden_size", "n_embed": "hidden_size", "n_layer": "num_hidden_layers",
           "n_head": "num_attention_heads", "n_positions": "max_position_embeddings", "n_inner": "intermediate_size",
           "n_head_kv": "num_kv_heads"}  # fmt: skip
# MosaicML's MPT names (transformers MptConfig; mosaicml/mpt-7b config.json), read only in an MPT's config:
# d_model and n_layers are other families' names too (Mamba's d_model has no heads to read).
MPT_ALIASES = {"d_model": "hidden_size", "n_heads": "num_attention_heads", "n_layers": "num_hidden_layers",
               "max_seq_len": "max_position_embeddings"}  # fmt: skip


def text_config(config: dict) -> dict:
    """Multimodal configs nest the language model's keys under text_config (Gemma 3, Mistral 3, Llama 4); the
    older families' names (ALIASES) are read as the keys they stand for."""
    inner = config.get("text_config")
    c = {**config, **inner} if isinstance(inner, dict) else config
    if any(old in c for old in ALIASES):
        c = {**{ALIASES[k]: v for k, v in c.items() if k in ALIASES and v is not None}, **c}
    if _is_mpt(c):
        c = {**{MPT_ALIASES[k]: v for k, v in c.items() if k in MPT_ALIASES and v is not None}, **c}
    return c


def _is_mpt(c: dict) -> bool:
    return c.get("model_type") == "mpt" or "expansion_ratio" in c


# The rope types whose factor does not lengthen the context: their max_position_embeddings already is the
# longest (vLLM _get_and_verify_max_len skips "su", "longrope" and "llama3"; any other type's factor, one
# written with no type included, multiplies it).
ROPE_KEEPS = frozenset({"su", "longrope", "llama3"})


def rope_context(c: dict, positions: int) -> int:
    """The longest context a server runs the model to, from its positions and its rope_scaling (transformers
    v5: rope_parameters, one per layer type), as vLLM derives max_model_len (vllm/config/model.py
    _get_and_verify_max_len): positions x factor, YaRN's from original_max_position_embeddings; not for the
    types in ROPE_KEEPS, nor for Gemma 3, whose 131,072 positions already are scaled (its linear factor 8)."""
    rope = c.get("rope_scaling") or c.get("rope_parameters")
    if not isinstance(rope, dict) or "gemma3" in str(c.get("model_type", "")):
        return positions
    factor = None
    for part in rope.values() if all(isinstance(v, dict) for v in rope.values()) else [rope]:
        kind = str(part.get("rope_type") or part.get("type") or "default")
        if kind in ROPE_KEEPS:
            continue
        factor = part.get("factor", factor)
        if kind == "yarn" and isinstance(part.get("original_max_position_embeddings"), int):
            positions = part["original_max_position_embeddings"]
    if isinstance(factor, bool) or not isinstance(factor, (int, float)) or factor <= 0:
        return positions
    return int(positions * factor)


# vLLM's example for Qwen2.5-7B-Instruct-1M prefills in chunks of 131,072 tokens (max_num_batched_tokens,
# vllm-project/vllm examples/offline_inference/qwen_1m.py).
DUAL_CHUNK_PREFILL = 131_072


# The families whose MLP is two matrices with GELU between them, not a gated three (vLLM's gpt2.py, gpt_bigcode.py,
# falcon.py, gpt_neox.py and gpt_j.py).
PLAIN_MLP = frozenset({"gpt2", "gpt_bigcode", "falcon", "RefinedWeb", "RefinedWebModel", "gpt_neox", "gptj"})
# Checkpoints whose q, k and v are one matrix that llama.cpp converts to one attn_qkv tensor (gguf-py
# tensor_mapping.py, MODEL_TENSOR.ATTN_QKV: "model.layers.{bid}.self_attn.qkv_proj" for phi3,
# "transformer.h.{bid}.self_attention.query_key_value" for Falcon).
FUSED_QKV = frozenset({"phi3", "falcon", "RefinedWeb", "RefinedWebModel"})


def _mpt(c: dict, a: dict) -> None:
    """MosaicML's MPT: an up/down GELU MLP expansion_ratio x d_model wide, the output head tied to the token
    embedding, ALiBi (no position weights), and with no_bias neither biases nor LayerNorm biases (transformers
    modeling_mpt.py; mosaicml/mpt-7b: 6,649,286,656 parameters). llm-foundry's grouped-query and multi-query
    variants keep kv_n_heads heads (attn_config)."""
    attention = c.get("attn_config") if isinstance(c.get("attn_config"), dict) else {}
    a.update(
        mlp="plain",
        tie_embeddings=True,
        intermediate_size=int(float(c.get("expansion_ratio", 4)) * a["hidden_size"]),
    )
    if attention.get("attn_type") == "multiquery_attention":
        a["num_kv_heads"] = 1
    elif attention.get("attn_type") == "grouped_query_attention" and attention.get("kv_n_heads"):
        a["num_kv_heads"] = int(attention["kv_n_heads"])
    if not c.get("no_bias", False):  # MptConfig's default: biases kept
        a.update(qkv_bias=True, o_bias=True, mlp_bias=True, norm="layer")


def _opt(c: dict, a: dict) -> None:
    """Meta's OPT: a ReLU MLP ffn_dim wide, biases on every linear layer and LayerNorm, the output head tied to
    the token embedding, and a learned position table of max_position_embeddings + 2 rows (transformers
    modeling_opt.py, OPTLearnedPositionalEmbedding's offset of 2; facebook/opt-125m: 125,239,296 parameters)."""
    if int(c.get("word_embed_proj_dim") or a["hidden_size"]) != a["hidden_size"]:
        # opt-350m embeds in 512 and projects to the hidden size (project_in/project_out), a shape the
        # catalogue's architecture does not hold.
        raise Unsupported("embedding_projection")
    a.update(mlp="plain", norm="layer", tie_embeddings=bool(c.get("tie_word_embeddings", True)),
             intermediate_size=int(c.get("ffn_dim") or 4 * a["hidden_size"]),
             position_embeddings=int(c.get("max_position_embeddings") or 2048) + 2)  # fmt: skip
    if c.get("enable_bias", True):
        a.update(qkv_bias=True, o_bias=True, mlp_bias=True)


# Families whose attention normalizes each query and key head (a head_dim weight each, transformers'
# q_norm / k_norm): Qwen3, Gemma 3 and 4, dots.llm1 (Dots1Attention is Qwen3's), EXAONE 4, Apertus, Hunyuan
# (query_layernorm / key_layernorm), SmolLM3 has none. Others say so with use_qk_norm (GLM-4.5, Ling 2.0).
PER_HEAD_QK_NORM = ("qwen3", "gemma3", "gemma4", "dots1", "exaone4", "apertus", "hunyuan_v1")
# OLMo 2 and 3 normalize all query heads at once and all key heads at once (transformers Olmo2Attention:
# q_norm of num_heads x head_dim, k_norm of num_kv_heads x head_dim).
FULL_QK_NORM = ("olmo2", "olmo3")
# Families whose o_proj has no bias whatever attention_bias says, q, k and v taking it alone: GLM (transformers
# GlmAttention: o_proj bias=False, inherited by Glm4Attention and Glm4MoeAttention) and Qwen2 with its MoE and VL
# kin (Qwen2Attention: q, k and v with a bias, o_proj bias=False; Qwen3Attention is Llama's again).
O_UNBIASED = ("glm", "qwen2")
# layer_types this reader sizes: softmax attention over the whole context, over a window or a chunk, and
# Qwen3-Next's linear attention. Anything else (LFM2's short convolutions) keeps a state of its own.
ATTENTION_TYPES = frozenset({"full_attention", "sliding_attention", "chunked_attention", "linear_attention"})
# Families whose weights the engine's shapes do not hold, by the message that says why.
UNSIZED = {
    "phi3small": "phi3small",  # block-sparse attention, a fused GEGLU MLP and muP scalings
    "lfm2": "lfm2",
    "lfm2_moe": "lfm2",
}


def _llama4_layers(c: dict, layers: int) -> list[str]:
    """Llama 4's layers: those that use RoPE attend within chunks of attention_chunk_size tokens, each
    no_rope_layer_interval-th one (no_rope_layers 0) uses no RoPE and attends to everything (transformers
    Llama4TextConfig: no_rope_layers defaults to (i + 1) % 4 != 0; vLLM llama4.py builds chunked local
    attention for the RoPE layers only)."""
    rope = c.get("no_rope_layers")
    if not isinstance(rope, list) or not rope:
        every = int(c.get("no_rope_layer_interval") or 4)
        rope = [int((i + 1) % every != 0) for i in range(layers)]
    return ["chunked_attention" if use else "full_attention" for use in rope]


def architecture(config: dict) -> dict:
    """config.json keys -> the catalogue's architecture keys (sizing/data/models.toml documents them)."""
    c = text_config(config)
    kind = str(c.get("model_type", ""))
    _refuse_layout(c, kind)
    widths = c.get("intermediate_size")
    if isinstance(widths, list) and widths:
        # Gemma 3n writes one feed-forward width per layer (MatFormer); the released E2B and E4B use one
        # width throughout, a mix-and-match sub-model several, which the catalogue's shape cannot hold.
        if len(set(widths)) > 1:
            raise Unsupported("per_layer_widths")
        c = {**c, "intermediate_size": widths[0]}
    if kind in MAMBA1_FAMILIES:
        return _mamba1(c, kind)
    if kind == "mamba2":
        return _mamba2(c)
    if kind == "nemotron_h" and not c.get("num_hidden_layers"):
        # transformers' NemotronHConfig derives the layer count from the layer list and may not write it.
        c = {**c, "num_hidden_layers": len(_nemotron_h_layers(c))}
    try:
        h, layers, heads = int(c["hidden_size"]), int(c["num_hidden_layers"]), int(c["num_attention_heads"])
        vocab = int(c["vocab_size"])
    except (KeyError, TypeError, ValueError) as e:
        raise Unsupported("config_lacks", key=str(e)) from None
    a: dict = {
        "hidden_size": h,
        "num_layers": layers,
        "num_heads": heads,
        "num_kv_heads": int(c.get("num_key_value_heads") or c.get("num_kv_heads") or heads),
        "intermediate_size": int(c.get("intermediate_size") or 4 * h),
        "vocab_size": vocab,
        "tie_embeddings": bool(c.get("tie_word_embeddings", False)),
        "max_context": int(c.get("max_position_embeddings") or c.get("max_sequence_length") or 4096),
    }
    a["max_context"] = rope_context(c, a["max_context"])
    if kind in PLAIN_MLP or "n_embd" in config or "n_head_kv" in config:
        a["mlp"] = "plain"  # up and down projections, no gate (vLLM gpt2.py GPT2MLP, falcon.py FalconMLP)
        # GPT-2's and Falcon's configs do not write tie_word_embeddings: PretrainedConfig's default, tied
        a["tie_embeddings"] = bool(c.get("tie_word_embeddings", kind not in ("gpt_neox", "gptj")))
    if kind in ("gpt2", "gpt_bigcode"):
        # GPT-2 and StarCoder learn a row per position (wpe, n_positions rows), and put biases on every linear
        # layer and LayerNorm (transformers GPT2Model, GPTBigCodeModel): openai-community/gpt2 counts
        # 124,439,808 parameters, gpt2-xl 1,557,611,200.
        a.update(position_embeddings=int(c.get("max_position_embeddings") or 1024), qkv_bias=True, o_bias=True,
                 mlp_bias=True, norm="layer")  # fmt: skip
    if _is_mpt(c):
        _mpt(c, a)
    if kind == "opt":
        _opt(c, a)
    if c.get("multi_query") and not c.get("new_decoder_architecture") and not c.get("num_kv_heads"):
        a["num_kv_heads"] = 1  # Falcon-7B's multi-query attention (vLLM falcon.py: one KV head)
    if c.get("head_dim"):
        a["head_dim"] = int(c["head_dim"])
    dca = c.get("dual_chunk_attention_config")
    trained = dca.get("original_max_position_embeddings") if isinstance(dca, dict) else None
    if isinstance(trained, int) and 0 < trained < a["max_context"]:
        # Qwen2.5-1M's layout: trained to original_max_position_embeddings, run to max_position_embeddings with
        # Dual Chunk Attention, prefilling as vLLM's example for those models does (models.toml's entries).
        a.update(max_context=trained, extended_context=a["max_context"], extended_context_method="Dual Chunk Attention",
                 extended_context_kind="dual_chunk", extended_context_prefill=DUAL_CHUNK_PREFILL)  # fmt: skip
    if kind in ("qwen2", "qwen2_5_vl", "qwen2_vl", "qwen2_moe") or c.get("attention_bias"):
        a["qkv_bias"] = True
    if "attention_out_bias" in c:
        a["o_bias"] = bool(
            c["attention_out_bias"]
        )  # Seed-OSS: its own switch (transformers SeedOssAttention)
    elif c.get("attention_bias") and not kind.startswith(O_UNBIASED):
        # LlamaAttention gives o_proj the same bias=config.attention_bias as q, k and v, and the families built
        # on it keep that (transformers modeling_llama.py; Granite, OLMo, Gemma, Cohere, Phi-3.5-MoE, Nemotron)
        a["o_bias"] = True
    if kind.startswith("bailing"):
        # Ling (Ant Group's BailingMoe, v1 and v2): one query_key_value projection with a bias when use_qkv_bias,
        # the output projection (dense) with one when use_bias (Ming's modeling_bailing_moe_v2.py Attention).
        a.update(qkv_bias=bool(c.get("use_qkv_bias")), o_bias=bool(c.get("use_bias")))
    if kind == "nemotron":
        # NVIDIA Nemotron 4 / Minitron (transformers NemotronForCausalLM): an up/down MLP around squared ReLU,
        # no gate (NemotronMLP), and LayerNorm1P norms, a weight and a bias each (NemotronLayerNorm1P). NeMo's
        # converter writes the head width as kv_channels (convert_nemotron_nemo_to_hf.py).
        a.update(mlp="plain", norm="layer")
        if not c.get("head_dim") and c.get("kv_channels"):
            a["head_dim"] = int(c["kv_channels"])
    if kind == "gpt_oss":
        a.update(o_bias=True, attention_sinks=True)
    if kind == "apertus":
        # Apertus: an up/down MLP around xIELU, no gate (transformers ApertusMLP). xIELU's two learned
        # scalars a layer (alpha_p, alpha_n) are the only weights left out: 64 of Apertus-8B's 8.05B.
        a["mlp"] = "plain"
    if kind in FUSED_QKV:
        a["fused_qkv"] = True
    if c.get("mlp_bias") is True:
        a["mlp_bias"] = True  # Llama-style configs' switch for biases on the MLP's projections
    qk_said = c.get("use_qk_norm") or c.get("qk_norm") is True  # Apertus writes qk_norm
    if kind.startswith(PER_HEAD_QK_NORM) or (qk_said and not kind.startswith("llama4")):
        # Llama 4's use_qk_norm is a weightless L2 norm (transformers Llama4TextL2Norm): nothing to count.
        a["qk_norm"] = True
    if kind.startswith(FULL_QK_NORM) or (a.get("qk_norm") and c.get("qk_norm_type") == "per_layer"):
        a.update(qk_norm=True, qk_norm_full=True)
    if kind in ("cohere", "cohere2"):
        # Attention and MLP side by side after one input_layernorm, a LayerNorm without bias (transformers
        # CohereDecoderLayer, CohereLayerNorm); use_qk_norm normalizes all heads at once ((heads, head_dim)).
        a["norms_per_layer"] = 1
        a["qk_norm_full"] = bool(a.get("qk_norm"))
    if kind in UNSIZED:
        raise Unsupported(UNSIZED[kind])
    if c.get("use_cla"):
        raise Unsupported("cross_layer_attention")
    if kind.startswith("gemma3n"):
        # vLLM gemma3n.py: per-layer embeddings, LAuReL, AltUp, and a tail of layers that keep no KV cache.
        a.update(kv_shared_layers=int(c.get("num_kv_shared_layers") or 0),
                 per_layer_input_size=int(c.get("hidden_size_per_layer_input") or 0),
                 per_layer_vocab_size=int(c.get("vocab_size_per_layer_input") or vocab),
                 laurel_rank=int(c.get("laurel_rank") or 0), altup_inputs=int(c.get("altup_num_inputs") or 0),
                 norms_per_layer=4)  # fmt: skip
    if kind.startswith("gemma4"):
        # Gemma 4 E2B/E4B embed each token once more per layer and share KV between layers, which this reader
        # does not model; the name is answered instead.
        if c.get("hidden_size_per_layer_input") or c.get("num_kv_shared_layers"):
            raise Unsupported("gemma4_per_layer")
        # transformers Gemma4TextAttention: full layers use global_head_dim, and with attention_k_eq_v their
        # own KV heads (num_global_key_value_heads) and no v_proj. Four norms a layer, three more with experts.
        if c.get("global_head_dim"):
            a["global_head_dim"] = int(c["global_head_dim"])
        if c.get("attention_k_eq_v"):
            a["global_k_eq_v"] = True
            if c.get("num_global_key_value_heads"):
                a["global_kv_heads"] = int(c["num_global_key_value_heads"])
        a["norms_per_layer"] = 7 if c.get("enable_moe_block") else 4
    # Hybrids of Mamba-2 and attention that the engine models (sizing.architecture.Mamba2): read into the
    # catalogue's keys, as models.toml's nemotron-nano-9b-v2 and granite-4.0-h-* entries write them.
    if kind == "nemotron_h":
        return _nemotron_h(c, a)
    if kind == "nemotron-nas" or c.get("block_configs"):
        return _decilm(c, a)
    if kind == "granitemoehybrid":
        return _granite_hybrid(c, a)
    if kind == "bamba":
        return _bamba(c, a)
    if kind == "falcon_h1":
        return _falcon_h1(c, a)
    if kind == "jamba":
        return _jamba(c, a)
    if kind == "recurrent_gemma":
        return _recurrent_gemma(c, a)
    if kind == "zamba2":
        return _zamba2(c, a)
    # Other Mamba / SSM layers keep a state the engine does not model: sizing them as attention layers would
    # overstate the KV cache several times. The answer falls back to the name, and says why.
    if any(k in c for k in _SSM_KEYS) or any("mamba" in str(t) for t in c.get("layer_types") or ()):
        raise Unsupported("ssm_other", kind=kind or "?")
    # Linear-attention layers other than Qwen3-Next's Gated DeltaNet, MiniMax-01's lightning attention and Kimi
    # Linear's KDA (Ling 2.5's, an unknown family's linear_attn_config): a fixed state per conversation not read
    # here. Counted as attention layers they would make the KV cache grow with every token in all of them.
    if isinstance(c.get("attn_type_list"), list) and not c.get("layer_types"):
        # MiniMax-01 (MiniMax-Text-01's and MiniMax-M1's config.json) lays its layers out in attn_type_list, 0
        # for lightning attention and 1 for softmax attention (vLLM minimax_text_01.py, MiniMaxText01DecoderLayer):
        # read as the layer_types transformers' MiniMaxConfig writes.
        c = {**c, "layer_types": [_MINIMAX_LAYERS.get(str(t), str(t)) for t in c["attn_type_list"]]}
    if kind == "kimi_linear":
        c = _kimi_linear_layers(c, layers)
        if not c.get("max_position_embeddings") and c.get("model_max_length"):
            a["max_context"] = int(c["model_max_length"])
    elif any(k in c for k in _LINEAR_KEYS):
        raise Unsupported("linear_other", kind=kind or "?")
    # DeepSeek V4 keeps one 512-wide latent per token, compressed 4x or 128x by layer, beside a 128-token
    # window (config compress_ratios): read as plain MQA its cache would be ~20x too large.
    if kind == "deepseek_v4" or c.get("compress_ratios"):
        raise Unsupported("deepseek_v4")
    # Layer layout: explicit layer_types, Qwen3-Next's full_attention_interval, or Llama 4's no_rope_layers.
    types = c.get("layer_types")
    interval = c.get("full_attention_interval")
    if not types and interval:
        types = [
            "full_attention" if (i + 1) % int(interval) == 0 else "linear_attention" for i in range(layers)
        ]
    if not types and kind.startswith("llama4") and c.get("attention_chunk_size"):
        types = _llama4_layers(c, layers)
    if types:
        unknown = sorted({str(t) for t in types} - ATTENTION_TYPES)
        if unknown:
            raise Unsupported("layer_types", types=", ".join(unknown))
        if len(types) != layers:
            raise Unsupported("layer_count", types=len(types), layers=layers)
        letters = "".join(
            "R"
            if t == "linear_attention"
            else "L"
            if t in ("sliding_attention", "chunked_attention")
            else "G"
            for t in types
        )
        a["layer_pattern"] = _period(letters)
        if "chunked_attention" in types:
            if "sliding_attention" in types:
                # vLLM builds one local kind per model (FullAttentionSpec.merge: "Model with both sliding window
                # layers and chunked local attention layers is not supported"), and the reader one window.
                raise Unsupported("layer_types", types="sliding_attention, chunked_attention")
            # 8,192: transformers Llama4TextConfig's default attention_chunk_size.
            a.update(chunked_attention=True, window=int(c.get("attention_chunk_size") or 8192))
        elif "L" in letters:
            a["window"] = int(c.get("sliding_window") or c.get("attention_chunk_size") or 4096)
    elif isinstance(c.get("sliding_window_pattern"), str) and c.get("sliding_window"):
        # EXAONE 4 spells the pattern out ("LLLG": layer i is local when the letter at i % 4 is L;
        # transformers Exaone4Config).
        spelled = c["sliding_window_pattern"].upper()
        if not spelled or set(spelled) - {"L", "G"}:
            raise Unsupported("layer_types", types=repr(c["sliding_window_pattern"]))
        a["layer_pattern"] = _period("".join(spelled[i % len(spelled)] for i in range(layers)))
        if "L" in a["layer_pattern"]:
            a["window"] = int(c["sliding_window"])
    elif c.get("sliding_window_pattern") and c.get("sliding_window"):
        # Gemma 3 and Cohere2 configs before layer_types: layer i is local unless (i + 1) % pattern == 0
        # (transformers' Gemma3TextConfig / Cohere2Config).
        every = int(c["sliding_window_pattern"])
        a["layer_pattern"], a["window"] = "L" * (every - 1) + "G", int(c["sliding_window"])
    elif kind == "gemma2" and c.get("sliding_window"):
        # Gemma 2 alternates: even layers local, odd ones global (transformers' Gemma2 layer_types default).
        a["layer_pattern"], a["window"] = "LG", int(c["sliding_window"])
    elif c.get("sliding_window") and c.get("use_sliding_window", True) and kind in ("mistral", "mixtral"):
        a["layer_pattern"], a["window"] = "L", int(c["sliding_window"])
    if "R" in a.get("layer_pattern", "") and (kind in _LIGHTNING or "attn_type_list" in c):
        # Lightning attention: as many heads as the softmax layers' queries, head_dim wide (vLLM
        # MiniMaxText01LinearAttention: hidden_inner_size = head_dim x num_attention_heads).
        hd = int(c.get("head_dim") or h // heads)
        a["linear_attention"] = {"num_k_heads": heads, "num_v_heads": heads, "head_k_dim": hd, "head_v_dim": hd,
                                 "conv_kernel": 1, "variant": "lightning"}  # fmt: skip
    elif "R" in a.get("layer_pattern", "") and kind == "kimi_linear":
        # Kimi Delta Attention (vLLM kimi_linear.py reads linear_attn_config's num_heads, head_dim and
        # short_conv_kernel_size for KimiDeltaAttention and kda_state_shape).
        lac = c["linear_attn_config"]
        hd, kda_heads = int(lac.get("head_dim") or 128), int(lac.get("num_heads") or heads)
        a["linear_attention"] = {"num_k_heads": kda_heads, "num_v_heads": kda_heads, "head_k_dim": hd,
                                 "head_v_dim": hd, "conv_kernel": int(lac.get("short_conv_kernel_size") or 4),
                                 "variant": "kda"}  # fmt: skip
    elif "R" in a.get("layer_pattern", ""):
        a["linear_attention"] = {
            "num_k_heads": int(c["linear_num_key_heads"]),
            "num_v_heads": int(c["linear_num_value_heads"]),
            "head_k_dim": int(c["linear_key_head_dim"]),
            "head_v_dim": int(c["linear_value_head_dim"]),
            "conv_kernel": int(c.get("linear_conv_kernel_dim", 4)),
        }
        a["attention_output_gate"] = bool(c.get("attn_output_gate", kind == "qwen3_next"))
    moe = _moe(c, kind, layers)
    if moe:
        a["moe"] = moe
    if c.get("kv_lora_rank"):
        a["mla"] = {
            "q_lora_rank": int(c.get("q_lora_rank") or 0),
            "kv_lora_rank": int(c["kv_lora_rank"]),
            "qk_nope_head_dim": int(c["qk_nope_head_dim"]),
            "qk_rope_head_dim": int(c["qk_rope_head_dim"]),
            "v_head_dim": int(c["v_head_dim"]),
        }
    if kind == "afmoe":
        _afmoe(c, a)
    return a


# RecurrentGemma's block_types words (transformers RecurrentGemmaConfig.layers_block_type: block_types repeated
# over num_hidden_layers) as layer letters: an RG-LRU recurrent block (R) or local attention (L).
_GRIFFIN_BLOCKS = {"recurrent": "R", "attention": "L"}


def _recurrent_gemma(c: dict, a: dict) -> dict:
    """RecurrentGemma (Griffin; transformers modeling_recurrent_gemma.py, RecurrentGemmaDecoderLayer): in each
    layer temporal_pre_norm, an RG-LRU recurrent block or local attention over attention_window_size tokens (its
    cache keeps that many: RecurrentGemmaSdpaAttention._setup_cache), channel_pre_norm and a gated MLP
    intermediate_size // 2 wide with biases (RecurrentGemmaMlp); o_proj has a bias, q/k/v attention_bias; the
    head is the embedding table. config.json writes no length: 8,192 is the training length the paper gives
    (arXiv:2404.07839); the recurrence and the window keep no more per conversation past it."""
    layers, heads, h = a["num_layers"], a["num_heads"], a["hidden_size"]
    words = [str(w) for w in c.get("block_types") or ("recurrent", "recurrent", "attention")]
    unknown = sorted(set(words) - set(_GRIFFIN_BLOCKS))
    if unknown:
        raise Unsupported("layer_kinds", types=", ".join(unknown), key="block_types", family="RecurrentGemma")
    letters = "".join(_GRIFFIN_BLOCKS[words[i % len(words)]] for i in range(layers))
    lru = int(c.get("lru_width") or h)
    if lru % heads:
        raise Unsupported(
            "config_lacks", key=f"'lru_width' ({lru}) divisible by num_attention_heads ({heads})"
        )
    a.update(layer_pattern=_period(letters), window=int(c.get("attention_window_size") or 2048),
             intermediate_size=int(c.get("intermediate_size") or 3 * h * 2) // 2, mlp_bias=True, o_bias=True,
             qkv_bias=bool(c.get("attention_bias")), tie_embeddings=bool(c.get("tie_word_embeddings", True)),
             head_dim=int(c.get("head_dim") or h // heads),
             max_context=int(c.get("max_position_embeddings") or 8192))  # fmt: skip
    if "R" in letters:
        a["linear_attention"] = {"num_k_heads": heads, "num_v_heads": heads, "head_k_dim": lru // heads,
                                 "head_v_dim": lru // heads, "conv_kernel": int(c.get("conv1d_width") or 4),
                                 "variant": "rg_lru"}  # fmt: skip
    return a


def _kimi_linear_layers(c: dict, layers: int) -> dict:
    """Kimi Linear (moonshotai/Kimi-Linear-48B-A3B; vLLM kimi_linear.py, KimiDecoderLayer): KDA in the layers
    linear_attn_config's kda_layers names, counted from 1 (KimiLinearConfig.is_kda_layer: layer_idx + 1 in
    kda_layers), MLA without rotary positions (mla_use_nope) in the others, read as layer_types. Its length is
    model_max_length (config.json writes no max_position_embeddings; the card says 1M tokens)."""
    lac = c.get("linear_attn_config")
    if not isinstance(lac, dict) or not isinstance(lac.get("kda_layers"), list):
        raise Unsupported("config_lacks", key="'linear_attn_config.kda_layers'")
    kda = {int(i) for i in lac["kda_layers"]}
    if not kda <= set(range(1, layers + 1)):
        raise Unsupported("layer_count", types=max(kda), layers=layers)
    return {
        **c,
        "layer_types": ["linear_attention" if i + 1 in kda else "full_attention" for i in range(layers)],
    }


def _refuse_layout(c: dict, kind: str) -> None:
    """Layouts the catalogue's shape cannot hold, said by name before a key they lack is (LongCat-Flash writes
    num_layers, not num_hidden_layers; what a hybrid's state layers are matters more than a key it lacks):
    LongCat-Flash's layers each run two MLA attention blocks and two dense MLPs beside one MoE whose
    zero_expert_num experts compute nothing, so a token's experts vary (vLLM longcat_flash.py,
    FlashDecoderLayer)."""
    if kind == "longcat_flash" or "zero_expert_num" in c:
        raise Unsupported("longcat_flash")
    # state-spaces/mamba2-* and the like: mamba_ssm's own MambaConfig (mamba_ssm/models/config_mamba.py), served
    # by that library alone; vLLM's registry and transformers need an architectures entry it does not write.
    if isinstance(c.get("ssm_cfg"), dict) and "d_model" in c and not c.get("architectures"):
        raise Unsupported("mamba_ssm_format", layer=str(c["ssm_cfg"].get("layer") or "Mamba1"))
    # An encoder-decoder (transformers T5Config and its kin default is_encoder_decoder to True and write it in
    # config.json; BART, Florence-2 and Nougat likewise): no decoder-only shape to read, said before the
    # hidden_size its config lacks (T5 writes d_model).
    if c.get("is_encoder_decoder") is True or kind in _ENCODER_DECODER:
        raise Unsupported("encoder_decoder")
    # RWKV (transformers RwkvConfig: attention_hidden_size and no attention heads; RWKV-6's remote-code
    # configs name themselves rwkv5, rwkv6): recurrent time-mixing layers, said before the heads it lacks.
    if kind.startswith("rwkv"):
        raise Unsupported("rwkv")
    # The hybrids whose state layers are not read, by family: their reason, not a key they happen to lack.
    if kind in _SSM_UNMODELLED:
        raise Unsupported(f"ssm_{kind}")
    if kind in _LINEAR_UNMODELLED:
        raise Unsupported(f"linear_{_LINEAR_UNMODELLED[kind]}")
    if kind == "kimi_linear":
        # Kimi Linear's variants with blocks vLLM's KimiDecoderLayer does not build (Kimi K3's full-rank KDA
        # gates, MLA output gates, attention residuals) or an MoE that skips layers, by name.
        lac = c.get("linear_attn_config") if isinstance(c.get("linear_attn_config"), dict) else {}
        odd = [k for k in ("mla_use_output_gate", "attn_res_block_size") if c.get(k)]
        odd += ["linear_attn_config.use_full_rank_gate"] * bool(lac.get("use_full_rank_gate"))
        if int(c.get("moe_layer_freq") or 1) != 1:
            odd.append(f"moe_layer_freq {c['moe_layer_freq']}")
        if odd:
            raise Unsupported("kimi_linear_variant", what=", ".join(odd))


def _afmoe(c: dict, a: dict) -> None:
    """Arcee's Trinity (AFMoE, transformers modeling_afmoe.py): per-head q/k norms and a sigmoid gate on the
    attention output (gate_proj, hidden -> heads x head_dim) in every layer, four norms a layer (before and
    after the attention and the MLP), a dense MLP in the first num_dense_layers layers, then routed experts
    beside num_shared_experts shared ones of moe_intermediate_size and a router with a per-expert bias
    (AfmoeMoE.expert_bias). Without layer_types, every global_attn_every_n_layers-th layer is full and the
    others keep sliding_window tokens (AfmoeConfig's own default)."""
    a.update(qk_norm=True, attention_output_gate=True, norms_per_layer=4)
    if "moe" in a:
        a["moe"].update(first_dense_layers=int(c.get("num_dense_layers") or 0), router_bias=True)
    every = c.get("global_attn_every_n_layers")
    if "layer_pattern" not in a and isinstance(every, int) and every > 1 and c.get("sliding_window"):
        a.update(layer_pattern="L" * (every - 1) + "G", window=int(c["sliding_window"]))


def _uniform(c: dict, key: str) -> object:
    """A config value some families write once per layer (Hunyuan's moe_topk, num_shared_expert and
    moe_intermediate_size: one entry a layer): the value, when every layer has the same."""
    value = c.get(key)
    if isinstance(value, list):
        if len(set(map(str, value))) > 1:
            raise Unsupported("per_layer_moe", key=key)
        return value[0] if value else None
    return value


# MoE families whose router adds a learned per-expert bias to the scores it ranks (an e_score_correction_bias
# tensor of num_experts in each MoE layer): DeepSeek-V3's noaux_tc routing and the families built on it
# (transformers DeepseekV3TopkRouter; Dots1TopkRouter; Glm4MoeTopkRouter), ERNIE 4.5's moe_statics
# (transformers Ernie4_5_MoeStatics).
ROUTER_BIAS = frozenset({"deepseek_v3", "kimi_k2", "glm4_moe", "dots1", "ernie4_5_moe", "kimi_linear"})


def _moe(c: dict, kind: str, layers: int) -> dict | None:
    """The mixture of experts a config describes, in its family's own key names, or None for a dense model."""
    experts = (
        _uniform(c, "num_experts")
        or c.get("n_routed_experts")
        or c.get("num_local_experts")
        or c.get("moe_num_experts")  # ERNIE 4.5 (transformers Ernie4_5_MoeConfig)
    )
    if not experts or int(experts) <= 1:
        # Dense configs of MoE families may write one expert (Hunyuan's dense models: num_experts 1).
        return None
    per_token = (
        c.get("num_experts_per_tok")
        or c.get("experts_per_token")
        or c.get("num_experts_per_token")  # Kimi Linear (vLLM kimi_linear.py KimiMoE: top_k)
        or c.get("top_k_experts")
        or c.get("moe_k")  # ERNIE 4.5
        or _uniform(c, "moe_topk")  # Hunyuan (HunYuanMoEV1Config), one per layer
        or 2
    )
    moe: dict = {
        "experts": int(experts),
        "experts_per_token": int(per_token),
        "expert_intermediate_size": int(_uniform(c, "moe_intermediate_size") or c.get("intermediate_size")),
    }
    # Shared experts as wide as one routed expert each: DeepSeek's n_shared_experts, Ling's num_shared_experts
    # (vLLM bailing_moe.py: one MLP of moe_intermediate_size x num_shared_experts), ERNIE 4.5's
    # moe_num_shared_experts (transformers Ernie4_5_MoeSparseMoeBlock, the same).
    shared = c.get("n_shared_experts") or c.get("num_shared_experts") or c.get("moe_num_shared_experts")
    if shared:
        moe["shared_experts"] = int(shared)
    if shared and kind.startswith("bailing") and c.get("moe_shared_expert_intermediate_size"):
        # Ling 2.0 writes the shared experts' width apart (vLLM bailing_moe.py: moe_shared_expert_intermediate_size
        # x num_shared_experts wide when written, else moe_intermediate_size's).
        moe["shared_intermediate_size"] = int(c["moe_shared_expert_intermediate_size"])
    if kind.startswith("hunyuan") and c.get("use_mixed_mlp_moe", True) and _uniform(c, "num_shared_expert"):
        # Hunyuan's shared_mlp: intermediate_size x num_shared_expert wide (vLLM hunyuan_v1.py,
        # HunYuanSparseMoeBlock), beside experts of moe_intermediate_size.
        moe.update(shared_experts=1, shared_intermediate_size=int(c["intermediate_size"])
                   * int(_uniform(c, "num_shared_expert")))  # fmt: skip
    if c.get("shared_expert_intermediate_size"):
        moe.update(shared_experts=1, shared_intermediate_size=int(c["shared_expert_intermediate_size"]),
                   shared_expert_gate=True)  # fmt: skip
    if c.get("shared_intermediate_size"):
        # GraniteMoeShared: a SwiGLU shared_mlp of shared_intermediate_size beside the experts, no gate
        # (vllm-project/vllm vllm/model_executor/models/granitemoeshared.py, GraniteMoeSharedMLP).
        moe.update(shared_experts=1, shared_intermediate_size=int(c["shared_intermediate_size"]))
    if c.get("enable_moe_block"):
        # Gemma 4 26B-A4B: every layer's dense MLP (intermediate_size) runs beside the routed experts.
        moe.update(shared_experts=1, shared_intermediate_size=int(c["intermediate_size"]), router_bias=True)
    if kind.startswith("llama4"):
        # Llama 4 (transformers Llama4TextMoe): a shared expert of intermediate_size beside the routed ones;
        # every interleave_moe_layer_step-th layer is MoE, the others a dense MLP of intermediate_size_mlp.
        moe.update(shared_experts=1, shared_intermediate_size=int(c.get("intermediate_size") or 8192),
                   every=int(c.get("interleave_moe_layer_step") or 1),
                   dense_intermediate_size=int(c.get("intermediate_size_mlp") or 16384))  # fmt: skip
        _moe_layers_match(c.get("moe_layers"), moe, layers)
    if c.get("first_k_dense_replace"):
        moe["first_dense_layers"] = int(c["first_k_dense_replace"])
    if c.get("moe_num_experts"):
        # ERNIE 4.5: layer i is MoE when (i + 1) % moe_layer_interval == 0 and moe_layer_start_index <= i <=
        # moe_layer_end_index (transformers Ernie4_5_MoeDecoderLayer); the released ones end at the last layer.
        moe.update(first_dense_layers=int(c.get("moe_layer_start_index") or 0),
                   every=int(c.get("moe_layer_interval") or 1))  # fmt: skip
        end = c.get("moe_layer_end_index")
        if isinstance(end, int) and 0 <= end < layers - 1:
            raise Unsupported("moe_trailing_dense", end=end)
    if int(c.get("decoder_sparse_step") or 1) > 1:
        moe["every"] = int(c["decoder_sparse_step"])  # Qwen2/3-MoE: layer i is MoE when (i + 1) % step == 0
    if c.get("mlp_only_layers"):
        # Qwen2/3-MoE's dense layers by index: held when they are the first few (as first_k_dense_replace).
        dense = sorted(int(i) for i in c["mlp_only_layers"])
        if dense != list(range(len(dense))):
            raise Unsupported("mlp_only_layers", layers=", ".join(map(str, dense)))
        moe["first_dense_layers"] = max(moe.get("first_dense_layers", 0), len(dense))
    if (
        kind in ROUTER_BIAS
        or c.get("topk_method") == "noaux_tc"
        or c.get("use_routing_bias")  # MiniMax-M2 (its e_score_correction_bias)
        or c.get("moe_router_enable_expert_bias")  # Ling 2.0 (bailing_moe_v2's expert_bias)
    ):
        moe["router_bias"] = True
    if kind == "gpt_oss":
        moe.update(router_bias=True, expert_bias=True)
    return moe


def _moe_layers_match(listed: object, moe: dict, layers: int) -> None:
    """Llama 4's moe_layers, when written, must be the layers interleave_moe_layer_step gives."""
    if not isinstance(listed, list):
        return
    every = moe["every"]
    if sorted(int(i) for i in listed) != [i for i in range(layers) if (i + 1) % every == 0]:
        raise Unsupported("mlp_only_layers", layers="moe_layers " + ", ".join(map(str, listed)))


_SSM_KEYS = ("mamba_d_state", "mamba_d_ssm", "mamba_expand", "ssm_state_size", "hybrid_override_pattern",
             "attn_layer_period", "mamba_n_heads", "ssm_cfg")  # fmt: skip
# Hybrids with state layers the engine has no shape for; why, in words, is hub_unsupported.ssm_<model_type> in
# sizing/data/messages/*.toml.
# Hymba (nvidia/Hymba-1.5B's remote-code HymbaConfig, model_type "hymba"): attention and Mamba heads side by side
# in a layer, num_memory_tokens meta tokens and kv_reuse_group layers sharing a KV cache.
_SSM_UNMODELLED = frozenset({"hymba"})
# Encoder-decoders by model_type, for configs that leave is_encoder_decoder to its default.
_ENCODER_DECODER = frozenset({"t5", "mt5", "umt5", "bart", "mbart", "florence2", "vision-encoder-decoder"})

# Hybrids of softmax attention and linear-attention or recurrent layers the engine has no state shape for, by
# model_type and by the keys that lay their layers out: Ling 2.5 (layer_group_size, full_attn_idxs), and under
# another family's name Kimi Linear's linear_attn_config or RecurrentGemma's lru_width.
# Why, for each, is hub_unsupported.linear_<family>.
_LINEAR_UNMODELLED = {"bailing_hybrid": "bailing_hybrid"}
_LINEAR_KEYS = ("linear_attn_config", "layer_group_size", "full_attn_idxs", "lru_width")
# MiniMax-01's families (transformers' MiniMaxConfig "minimax"; the remote-code configs of MiniMax-Text-01 and
# MiniMax-M1), whose linear-attention layers are lightning attention (sizing.architecture.LinearAttention), and
# attn_type_list's letters for their layers.
_LIGHTNING = frozenset({"minimax", "minimax_text_01", "minimax_m1"})
_MINIMAX_LAYERS = {"0": "linear_attention", "1": "full_attention"}

# Nemotron-H's hybrid_override_pattern letters (transformers NemotronHConfig._pattern_to_list) and the layer
# names transformers and vLLM write in layers_block_type: Mamba-2 mixer (M), attention (*), MLP alone (-), MoE
# alone (E).
_NEMOTRON_LETTERS = {"M": "M", "*": "*", "-": "-", "E": "E", "mamba": "M", "linear_attention": "M",
                     "attention": "*", "full_attention": "*", "mlp": "-", "moe": "E"}  # fmt: skip


def _nemotron_h_layers(c: dict) -> str:
    """Nemotron-H's layers as pattern letters, from hybrid_override_pattern or a layers_block_type list."""
    spelled = c.get("hybrid_override_pattern") or c.get("layers_block_type") or c.get("layer_types")
    if not spelled:
        raise Unsupported("nemotron_h_no_layers")
    names = list(spelled) if isinstance(spelled, str) else [str(t) for t in spelled]
    unknown = sorted({t for t in names if t not in _NEMOTRON_LETTERS})
    if unknown:
        raise Unsupported("nemotron_h_layer_types", types=", ".join(unknown))
    return "".join(_NEMOTRON_LETTERS[t] for t in names)


def _nemotron_h(c: dict, a: dict) -> dict:
    """Nemotron-H (Nemotron Nano 9B v2, Nemotron-H 8B/47B, Nemotron 3 Nano): each layer is one block, a
    Mamba-2 mixer (M), attention (G), an MLP alone (F) or experts alone, under one norm (transformers
    NemotronHBlock; vLLM nemotron_h.py). The MLP is up/down with squared ReLU, no gate (NemotronHMLP).
    Defaults are transformers' NemotronHConfig's (configuration_nemotron_h.py)."""
    layers = _nemotron_h_layers(c)
    if "E" in layers and "-" in layers:
        # The engine's MoE runs in every MLP layer of a pattern: it cannot tell dense from expert layers.
        raise Unsupported("nemotron_h_mixed")
    if c.get("moe_latent_size"):
        raise Unsupported("nemotron_h_latent")
    pattern = layers.replace("*", "G").replace("-", "F").replace("E", "F")
    a.update(num_layers=len(pattern), layer_pattern=pattern, mlp="plain", norms_per_layer=1,
             mlp_bias=bool(c.get("mlp_bias", False)))  # fmt: skip
    if "M" in pattern:
        # vLLM's NemotronHForCausalLMConfig keeps the SSM state in config.json's mamba_ssm_cache_dtype, FP32
        # when it has none ("Only float32 is known to have no accuracy issues").
        cache = str(c.get("mamba_ssm_cache_dtype") or "float32")
        a["mamba"] = {
            "num_heads": int(c.get("mamba_num_heads") or 128),
            "head_dim": int(c.get("mamba_head_dim") or 64),
            "state_size": int(c.get("ssm_state_size") or 128),
            "n_groups": int(c.get("n_groups") or c.get("mamba_n_groups") or 8),
            "conv_kernel": int(c.get("conv_kernel") or c.get("mamba_d_conv") or 4),
            "conv_bias": bool(c.get("use_conv_bias", c.get("mamba_conv_bias", True))),
            "proj_bias": bool(c.get("mamba_proj_bias") or c.get("use_bias")),
            "ssm_state_bytes": 4 if "32" in cache else 2,
        }
    if "E" in layers:
        # NemotronHMoE: routed and shared experts of the same up/down MLP, a router with a score-correction
        # bias per expert (NemotronHTopkRouter.e_score_correction_bias).
        a["moe"] = {
            "experts": int(c.get("n_routed_experts") or c.get("num_local_experts") or 8),
            "experts_per_token": int(c.get("num_experts_per_tok") or 2),
            "expert_intermediate_size": int(c.get("moe_intermediate_size") or c["intermediate_size"]),
            "shared_experts": int(c.get("n_shared_experts", 1)),
            "shared_intermediate_size": int(c.get("moe_shared_expert_intermediate_size") or 7688),
            "router_bias": True,
        }
    return a


# Pure Mamba-1 models (MambaForCausalLM, FalconMambaForCausalLM): every block an RMSNorm and the mixer, no
# attention and no MLP (transformers MambaBlock / FalconMambaBlock). vLLM serves both (vllm/model_executor/
# models/mamba.py); Falcon Mamba's extra norms on B, C and dt carry no weights there (rms_norm_has_weight=False).
MAMBA1_FAMILIES = frozenset({"mamba", "falcon_mamba"})


def _mamba1_mixer(c: dict, h: int, prefix: str = "") -> dict:
    """The Mamba-1 mixer's keys, in MambaConfig's names or, with prefix "mamba_", JambaConfig's; defaults are
    both configs' own: expand 2, state 16, kernel 4, step rank "auto" (hidden_size / 16, rounded up)."""
    width = (0 if prefix else int(c.get("intermediate_size") or 0)) or int(c.get(f"{prefix}expand") or 2) * h
    rank = c.get("mamba_dt_rank" if prefix else "time_step_rank")
    return {
        "intermediate_size": width,
        "state_size": int(c.get(f"{prefix}d_state" if prefix else "state_size") or 16),
        "conv_kernel": int(c.get(f"{prefix}d_conv" if prefix else "conv_kernel") or 4),
        "dt_rank": int(rank) if isinstance(rank, int) else math.ceil(h / 16),
        "conv_bias": bool(c.get(f"{prefix}conv_bias" if prefix else "use_conv_bias", True)),
        "proj_bias": bool(c.get(f"{prefix}proj_bias" if prefix else "use_bias", False)),
    }


def _written(c: dict, key: str, default: int) -> int:
    """A config's integer where 0 is a value of its own, not a stand-in for the default."""
    value = c.get(key)
    return default if value is None else int(value)


def _jamba(c: dict, a: dict) -> dict:
    """Jamba (AI21's Jamba v0.1, 1.5, 1.6, 1.7): layer i is attention when i % attn_layer_period ==
    attn_layer_offset, a Mamba-1 mixer otherwise, each followed by a SwiGLU MLP, a mixture of experts when
    i % expert_layer_period == expert_layer_offset (transformers modeling_jamba.py JambaAttentionDecoderLayer,
    JambaMambaDecoderLayer, JambaMambaMixer with its dt, B and C RMSNorms; vLLM jamba.py, which keeps the
    mixers' state as mamba1_state_shape gives it). Defaults are JambaConfig's (configuration_jamba.py)."""
    # Offsets of 0 are layouts of their own (attention or experts from the first layer): not defaults.
    period, every = int(c.get("attn_layer_period") or 8), int(c.get("expert_layer_period") or 2)
    offset, first = _written(c, "attn_layer_offset", 4), _written(c, "expert_layer_offset", 1)
    experts = int(c.get("num_experts") or 16)
    if offset >= period or (experts > 1 and first != every - 1):
        # The engine's experts run in layers (i + 1) % every == 0: other offsets it cannot place.
        raise Unsupported("jamba_layout", period=period, offset=offset, every=every, first=first)
    a.update(layer_pattern=_period("".join("G" if i == offset else "S" for i in range(period))),
             mamba1={**_mamba1_mixer(c, a["hidden_size"], "mamba_"), "inner_norms": True})  # fmt: skip
    if experts > 1:
        a["moe"] = {"experts": experts, "experts_per_token": int(c.get("num_experts_per_tok") or 2),
                    "expert_intermediate_size": a["intermediate_size"], "every": every}  # fmt: skip
    return a


def _mamba1(c: dict, kind: str) -> dict:
    """A pure Mamba-1 model's architecture (transformers configuration_mamba.py MambaConfig), embeddings tied
    (the config's tie_word_embeddings, PretrainedConfig's True when absent). It has no attention heads; one
    stands in for the engine's shape, which no layer uses."""
    try:
        h, layers, vocab = int(c["hidden_size"]), int(c["num_hidden_layers"]), int(c["vocab_size"])
    except (KeyError, TypeError, ValueError) as e:
        raise Unsupported("config_lacks", key=str(e)) from None
    mixer = _mamba1_mixer(c, h)
    return {
        "hidden_size": h, "num_layers": layers, "num_heads": 1, "num_kv_heads": 1,
        "intermediate_size": mixer["intermediate_size"],
        "vocab_size": vocab, "tie_embeddings": bool(c.get("tie_word_embeddings", True)),
        **_served_length(c),
        "norms_per_layer": 1, "layer_pattern": "S", "mixer_only": True, "mamba1": mixer,
    }  # fmt: skip


def _served_length(c: dict) -> dict:
    """A state-space model's context: its config's max_position_embeddings, or, when config.json names no
    length, the 2,048 tokens vLLM then serves unless told more with VLLM_ALLOW_LONG_MAX_MODEL_LEN (vllm/config/
    model.py _get_and_verify_max_len, default_max_len; the length the Mamba paper's language models were trained
    at, arXiv:2312.00752 section 4.2). That one is vLLM's, not the publisher's, and is said as assumed."""
    if c.get("max_position_embeddings"):
        return {"max_context": int(c["max_position_embeddings"])}
    return {"max_context": 2048, "assumed_keys": ["max_position_embeddings = 2048"]}


def _granite_hybrid(c: dict, a: dict) -> dict:
    """Granite 4.0 (granitemoehybrid): every layer has a Mamba-2 mixer or attention (layer_types; all Mamba
    when absent), then a SwiGLU shared MLP of shared_intermediate_size and, with num_local_experts, experts of
    intermediate_size (transformers GraniteMoeHybridDecoderLayer, GraniteMoeSharedMLP). Defaults are
    transformers' GraniteMoeHybridConfig's (configuration_granitemoehybrid.py)."""
    layers = a["num_layers"]
    types = c.get("layer_types") or c.get("layers_block_type") or ["mamba"] * layers
    unknown = sorted({str(t) for t in types} - {"mamba", "attention"})
    if unknown:
        raise Unsupported("granite_layer_types", types=", ".join(unknown))
    if len(types) != layers:
        raise Unsupported("layer_count", types=len(types), layers=layers)
    shared = int(c.get("shared_intermediate_size", 1024))
    experts = int(c.get("num_local_experts", 8) or 0)
    if not shared and experts < 2:
        raise Unsupported("granite_empty")
    a.update(layer_pattern=_period("".join("M" if t == "mamba" else "G" for t in types)),
             intermediate_size=shared or int(c.get("intermediate_size") or 4 * a["hidden_size"]))  # fmt: skip
    if "M" in a["layer_pattern"]:
        a["mamba"] = _mamba2_mixer(c, a["hidden_size"])
    if experts > 1:
        moe: dict = {
            "experts": experts,
            "experts_per_token": int(c.get("num_experts_per_tok") or 2),
            "expert_intermediate_size": int(c.get("intermediate_size") or 11008),
        }
        if shared:
            moe.update(shared_experts=1, shared_intermediate_size=shared)
        a["moe"] = moe
    return a


# The Mamba-2 mixer's keys in two families' names, with their defaults: the mamba_* of Granite 4.0-H, Bamba and
# Falcon-H1, whose configs share these defaults (transformers GraniteMoeHybridConfig, BambaConfig,
# FalconH1Config: 128 heads, one group, a state of 256, a kernel of 4, a conv bias, no projection bias), and
# Mamba2Config's own (Mamba-Codestral-7B's shape: 128 heads of 64, 8 groups, a state of 128).
_MAMBA2_KEYS = {
    "hybrid": {"num_heads": ("mamba_n_heads", 128), "state_size": ("mamba_d_state", 256),
               "n_groups": ("mamba_n_groups", 1), "conv_kernel": ("mamba_d_conv", 4),
               "conv_bias": ("mamba_conv_bias", True), "proj_bias": ("mamba_proj_bias", False)},
    "mamba2": {"num_heads": ("num_heads", 128), "head_dim": ("head_dim", 64), "state_size": ("state_size", 128),
               "n_groups": ("n_groups", 8), "conv_kernel": ("conv_kernel", 4), "conv_bias": ("use_conv_bias", True),
               "proj_bias": ("use_bias", False), "gated_norm": ("rms_norm", True)},
    # Zamba2Config's names and defaults (transformers configuration_zamba2.py; vLLM zamba2.py
    # Zamba2MambaDecoderLayer: head_dim = mamba_expand x hidden / n_mamba_heads, add_bias_linear on the
    # projections).
    "zamba2": {"num_heads": ("n_mamba_heads", 8), "state_size": ("mamba_d_state", 64),
               "n_groups": ("mamba_ngroups", 1), "conv_kernel": ("mamba_d_conv", 4),
               "conv_bias": ("use_conv_bias", True), "proj_bias": ("add_bias_linear", False)},
}  # fmt: skip


def _mamba2_mixer(c: dict, hidden: int, width: int = 0, family: str = "hybrid") -> dict:
    """The Mamba-2 mixer's keys (sizing.architecture.Mamba2) from a config in `family`'s names (_MAMBA2_KEYS).
    `width` is the mixer's inner width when the config gives it (Falcon-H1's mamba_d_ssm), else mamba_expand x
    hidden_size; mamba_d_head "auto" splits it over the heads."""
    mixer: dict = {}
    for name, (key, default) in _MAMBA2_KEYS[family].items():
        value = c.get(key)
        if isinstance(default, bool):
            mixer[name] = bool(default if value is None else value)
        else:
            mixer[name] = int(value or default)
    if "head_dim" not in mixer:
        head_dim = c.get("mamba_d_head")
        if isinstance(head_dim, bool) or not isinstance(head_dim, int):
            head_dim = (width or int(c.get("mamba_expand") or 2) * hidden) // mixer["num_heads"]
        mixer["head_dim"] = head_dim
    return mixer


def _bamba(c: dict, a: dict) -> dict:
    """Bamba (IBM's Bamba-9B; transformers modeling_bamba.py BambaDecoderLayer, vLLM bamba.py): attention in the
    layers attn_layer_indices lists, a Mamba-2 mixer in every other one, each followed by a SwiGLU MLP of
    intermediate_size, two norms a layer. No list: all layers Mamba-2 (BambaConfig's None)."""
    layers = a["num_layers"]
    listed = c.get("attn_layer_indices") or []
    if not isinstance(listed, list) or any(
        isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < layers for i in listed
    ):
        raise Unsupported("attention_indices", layers=layers)
    attention = set(listed)
    a.update(layer_pattern=_period("".join("G" if i in attention else "M" for i in range(layers))))
    if "M" in a["layer_pattern"]:
        a["mamba"] = _mamba2_mixer(c, a["hidden_size"])
    return a


def _falcon_h1(c: dict, a: dict) -> dict:
    """Falcon-H1 (TII): every layer runs attention and a Mamba-2 mixer side by side on the same normed input and
    sums them (P), then a SwiGLU MLP, two norms a layer (transformers modeling_falcon_h1.py
    FalconH1DecoderLayer; vLLM falcon_h1.py FalconH1ParallelHybrid). The mixer is mamba_d_ssm wide
    (FalconH1Config's default 1,024; null: mamba_expand x hidden_size) and has its gated RMSNorm only with
    mamba_rms_norm. The muP multipliers scale activations, not weights; mup_vector is a buffer the
    checkpoint does not hold."""
    width = c.get("mamba_d_ssm", 1024)
    width = int(width) if width else int(c.get("mamba_expand") or 2) * a["hidden_size"]
    mixer = _mamba2_mixer(c, a["hidden_size"], width)
    if mixer["num_heads"] * mixer["head_dim"] != width:
        raise Unsupported(
            "falcon_h1_heads", heads=mixer["num_heads"], head_dim=mixer["head_dim"], width=width
        )
    a.update(layer_pattern="P", mamba={**mixer, "gated_norm": bool(c.get("mamba_rms_norm", False))},
             mlp_bias=bool(c.get("mlp_bias", False)))  # fmt: skip
    return a


def _zamba2(c: dict, a: dict) -> dict:
    """Zamba2 (Zyphra; vLLM zamba2.py, transformers modeling_zamba2.py): a Mamba-2 mixer under one norm in every
    layer, no MLP of its own; the "hybrid" layers of layers_block_type (or hybrid_layer_ids) first run one of
    num_mem_blocks shared attention-and-MLP blocks in turn (Z; sizing.architecture.SharedBlocks), whose heads
    are attention_head_dim = 2 x hidden / num_attention_heads wide. A GELU-gated MLP of intermediate_size,
    biases with add_bias_linear; the head tied unless config.json says otherwise (Zamba2Config's defaults)."""
    layers, h, heads = a["num_layers"], a["hidden_size"], a["num_heads"]
    types = c.get("layers_block_type")
    if not isinstance(types, list):
        hybrid = c.get("hybrid_layer_ids")
        if not isinstance(hybrid, list):
            raise Unsupported("config_lacks", key="'layers_block_type'")
        types = ["hybrid" if i in {int(x) for x in hybrid} else "mamba" for i in range(layers)]
    unknown = sorted({str(t) for t in types} - {"mamba", "hybrid"})
    if unknown:
        raise Unsupported("layer_kinds", types=", ".join(unknown), key="layers_block_type", family="Zamba2")
    if len(types) != layers:
        raise Unsupported("layer_count", types=len(types), layers=layers)
    letters = "".join("Z" if t == "hybrid" else "M" for t in types)
    mixer = _mamba2_mixer(c, h, family="zamba2")
    a.update(layer_pattern=_period(letters), norms_per_layer=1, mixer_only=True, mamba=mixer,
             head_dim=int(c.get("attention_head_dim") or 2 * h // heads),
             mlp_bias=bool(c.get("add_bias_linear", False)),
             tie_embeddings=bool(c.get("tie_word_embeddings", True)))  # fmt: skip
    if "Z" in letters:
        a["shared_blocks"] = {"blocks": int(c.get("num_mem_blocks") or 1),
                              "adapter_rank": int(c.get("adapter_rank") or 128),
                              "attention_adapters": bool(c.get("use_shared_attention_adapter", False))}  # fmt: skip
    return a


def _mamba2(c: dict) -> dict:
    """A pure Mamba-2 model (transformers configuration_mamba2.py Mamba2Config, Mamba2ForCausalLM; vLLM
    mamba2.py): every block an RMSNorm and the Mamba-2 mixer, no attention, no MLP. Defaults are
    Mamba2Config's own (_MAMBA2_KEYS; an untied head); the mixer's inner width is num_heads x head_dim, which
    Mamba2Config requires to equal expand x hidden_size."""
    try:
        h, layers = int(c.get("hidden_size") or 4096), int(c.get("num_hidden_layers") or 64)
        vocab = int(c.get("vocab_size") or 32768)
    except (TypeError, ValueError) as e:
        raise Unsupported("config_lacks", key=str(e)) from None
    mixer = _mamba2_mixer(c, h, family="mamba2")
    return {
        "hidden_size": h, "num_layers": layers, "num_heads": 1, "num_kv_heads": 1,
        "intermediate_size": mixer["num_heads"] * mixer["head_dim"], "vocab_size": vocab,
        "tie_embeddings": bool(c.get("tie_word_embeddings", False)),
        **_served_length(c),  # no length in Mamba2Config either
        "norms_per_layer": 1, "layer_pattern": "M", "mixer_only": True, "mamba": mixer,
    }  # fmt: skip


def ffn_mult_width(ffn_mult: float, hidden: int) -> int:
    """A DeciLM MLP's width from its ffn_mult: 2/3 of ffn_mult x hidden, rounded up to a multiple of 256 (vLLM
    nemotron_nas.py _ffn_mult_to_intermediate_size and _find_multiple)."""
    width = int(2 * ffn_mult * hidden / 3)
    return width if width % 256 == 0 else width + 256 - width % 256


def _decilm(c: dict, a: dict) -> dict:
    """DeciLM / Llama-Nemotron NAS models (model_type nemotron-nas: Llama 3.3 Nemotron Super 49B, Llama 3.1
    Nemotron Ultra 253B): block_configs says, layer by layer, whether the attention is there (no_op: no
    attention, no KV cache), its KV heads (num_attention_heads / n_heads_in_group) and the MLP's width
    (ffn_mult, or intermediate_size) or its absence, as vLLM nemotron_nas.py DeciLMDecoderLayer builds them.
    Read into the catalogue's layer_blocks, as models.toml's llama-3.3-nemotron-super-49b writes them."""
    blocks = c.get("block_configs")
    if not isinstance(blocks, list) or len(blocks) != a["num_layers"]:
        raise Unsupported("decilm_blocks")
    h, heads = a["hidden_size"], a["num_heads"]
    groups: set[int] = set()
    runs: list[list] = []  # [count, kind, width]
    for block in blocks:
        attn = block.get("attention") or {} if isinstance(block, dict) else {}
        ffn = block.get("ffn") or {} if isinstance(block, dict) else {}
        # Layers vLLM's DeciLM cannot build, or builds otherwise than this count: a linear stand-in for the
        # attention or MLP (replace_with_linear), a window, sink tokens or sparsity.
        for part, what in ((attn, "attention"), (ffn, "ffn")):
            odd = [
                k
                for k in ("replace_with_linear", "sparsify", "window_length", "num_sink_tokens")
                if part.get(k)
            ]
            if odd and not part.get("no_op"):
                raise Unsupported("decilm_block", what=f"{what}.{odd[0]}")
        if not attn.get("no_op"):
            try:
                groups.add(int(attn["n_heads_in_group"]))
            except (KeyError, TypeError, ValueError):
                raise Unsupported("config_lacks", key="'n_heads_in_group'") from None
        width = 0
        if not ffn.get("no_op"):
            try:
                width = (
                    int(ffn["intermediate_size"])
                    if ffn.get("intermediate_size")
                    else ffn_mult_width(float(ffn["ffn_mult"]), h)
                )
            except (KeyError, TypeError, ValueError):
                raise Unsupported("config_lacks", key="'ffn_mult'") from None
        kind = "F" if attn.get("no_op") else "G"
        if not width:
            if kind == "G":
                raise Unsupported("decilm_block", what="attention without ffn")
            kind = "N"
        if runs and runs[-1][1:] == [kind, width]:
            runs[-1][0] += 1
        else:
            runs.append([1, kind, width])
    if len(groups) != 1 or heads % next(iter(groups)):
        raise Unsupported("decilm_block", what="n_heads_in_group " + "/".join(map(str, sorted(groups))))
    a["num_kv_heads"] = heads // groups.pop()
    a.pop("intermediate_size", None)
    a["layer_blocks"] = [f"{n} {kind} {width}" if width else f"{n} {kind}" for n, kind, width in runs]
    return a


def _period(letters: str) -> str:
    for n in range(1, len(letters) + 1):
        if len(letters) % n == 0 and letters[:n] * (len(letters) // n) == letters:
            return letters[:n]
    return letters


def describe(repo: str, revision: str, config: dict, quant: dict | None, tensors: dict | None) -> ModelEntry:
    """The repo as a catalogue entry whose release is the checkpoint itself (exact weight bytes); with no
    safetensors headers (`tensors` None: PyTorch .bin files only), an entry counted from config.json alone."""
    arch = architecture(config)
    precision = quant_precision(config, quant)
    if tensors is None:
        return _from_config(repo, revision, arch, precision)
    summary = summarize(tensors, arch["num_layers"], quant)
    if not summary.params:
        raise Unsupported("no_weights")
    draft = ""
    if summary.skipped_params:
        draft = f"; {summary.skipped_params:,} parameters of draft (MTP) layers not loaded"
    entry = {
        "id": f"hf:{repo}",
        "name": repo.rsplit("/", 1)[-1],
        "hf_repos": [repo],
        "params_official_billions": summary.params / 1e9,
        "params_official_text": f"{summary.params / 1e9:.2f}B (safetensors)",
        "native_precision": None if precision in ("bf16", "fp32") else precision,
        "source": f"https://huggingface.co/{repo} (config.json and safetensors headers, revision {revision[:12]})",
        **arch,
    }
    model = msgspec.convert(entry, ModelEntry, strict=False)
    counted = model.params
    # What the checkpoint holds beyond the text transformer's formula (a vision tower and its projector).
    extra = max(0, summary.params - counted) if summary.vision_params else 0
    release = Release(
        repo=repo,
        precision=precision,
        weight_bytes=summary.bytes,
        source=f"safetensors headers of {repo}@{revision[:12]}: "
        + ", ".join(f"{d} {b:,} bytes" for d, b in sorted(summary.dtypes.items()))
        + draft,
    )
    return msgspec.convert(
        {**entry, "extra_params": extra, "release": release, "releases": [release]}, ModelEntry, strict=False
    )


def _from_config(repo: str, revision: str, arch: dict, precision: str) -> ModelEntry:
    """A repo without safetensors: the architecture's parameter count (sizing.architecture), no exact bytes."""
    entry = {
        "id": f"hf:{repo}",
        "name": repo.rsplit("/", 1)[-1],
        "hf_repos": [repo],
        "params_official_billions": 1.0,  # replaced below by the architecture's own count
        "params_official_text": "",
        "native_precision": None if precision in ("bf16", "fp32") else precision,
        "source": f"https://huggingface.co/{repo} (config.json, revision {revision[:12]}; no safetensors "
        "files: parameters counted from the architecture)",
        **arch,
    }
    params = msgspec.convert(entry, ModelEntry, strict=False).params
    return msgspec.convert(
        {**entry, "params_official_billions": params / 1e9,
         "params_official_text": f"{params / 1e9:.2f}B (config.json)"}, ModelEntry, strict=False
    )  # fmt: skip
