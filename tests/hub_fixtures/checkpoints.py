"""Safetensors headers of real Hugging Face checkpoints, rebuilt from their config.json and quantization
format: the tensor names, dtypes and shapes each checkpoint stores (see README.md here for the sources).

The fake Hub (tests/hub_fake.py) serves these headers; tests/test_hub.py checks that what the Hub reader
makes of them adds up to the published sizes.
"""

from __future__ import annotations

import math

DTYPE_BYTES = {"BF16": 2, "F16": 2, "F32": 4, "I32": 4, "U8": 1, "I8": 1, "F8_E4M3": 1, "I64": 8}

Tensors = dict[str, tuple[str, list[int]]]


def linear(t: Tensors, name: str, out: int, inp: int, fmt: dict, bias: bool = False, keep=False) -> None:
    """One nn.Linear as the checkpoint's format stores it (`keep`: the format left it unquantized)."""
    kind = "none" if keep else fmt.get("kind", "none")
    dtype = fmt.get("dtype", "BF16")
    if kind == "none":
        t[f"{name}.weight"] = (dtype, [out, inp])
    elif kind == "awq":  # AutoAWQ GEMM: 8 4-bit values per int32 along the output
        g = fmt["group"]
        t[f"{name}.qweight"] = ("I32", [inp, out // 8])
        t[f"{name}.qzeros"] = ("I32", [inp // g, out // 8])
        t[f"{name}.scales"] = ("F16", [inp // g, out])
    elif kind == "gptq":  # AutoGPTQ: packed along the input, g_idx per input channel
        g, bits = fmt["group"], fmt["bits"]
        t[f"{name}.qweight"] = ("I32", [inp * bits // 32, out])
        t[f"{name}.qzeros"] = ("I32", [inp // g, out * bits // 32])
        t[f"{name}.scales"] = ("F16", [inp // g, out])
        t[f"{name}.g_idx"] = ("I32", [inp])
    elif kind == "bnb4":  # bitsandbytes NF4 with double quantization, as transformers serializes it
        n = out * inp
        t[f"{name}.weight"] = ("U8", [n // 2, 1])
        t[f"{name}.weight.absmax"] = ("U8", [n // 64])
        t[f"{name}.weight.nested_absmax"] = ("F32", [math.ceil(n // 64 / 256)])
        t[f"{name}.weight.nested_quant_map"] = ("F32", [256])
        t[f"{name}.weight.quant_map"] = ("F32", [16])
        t[f"{name}.weight.quant_state.bitsandbytes__nf4"] = ("U8", [128])
    elif kind == "fbgemm_fp8":  # row-wise FP8 (Meta's Llama 3.1 405B FP8)
        t[f"{name}.weight"] = ("F8_E4M3", [out, inp])
        t[f"{name}.weight_scale"] = ("F32", [out, 1])
        t[f"{name}.input_scale_ub"] = ("F32", [1])
    elif (
        kind == "ct_pack"
    ):  # compressed-tensors "pack-quantized": int4 in int32 words, symmetric group scales
        g = fmt["group"]
        t[f"{name}.weight_packed"] = ("I32", [out, inp * 4 // 32])
        t[f"{name}.weight_scale"] = ("BF16", [out, inp // g])
        t[f"{name}.weight_shape"] = ("I64", [2])
    elif kind == "fp8_block":  # 128x128 block-wise FP8 (DeepSeek V3, Qwen3 FP8)
        t[f"{name}.weight"] = ("F8_E4M3", [out, inp])
        t[f"{name}.weight_scale_inv"] = ("F32", [math.ceil(out / 128), math.ceil(inp / 128)])
    else:
        raise ValueError(kind)
    if bias:
        t[f"{name}.bias"] = (dtype, [out])


def norm(t: Tensors, name: str, size: int, dtype: str = "BF16") -> None:
    t[f"{name}.weight"] = (dtype, [size])


def dense_mlp(t: Tensors, p: str, h: int, i: int, fmt: dict, keep=False) -> None:
    linear(t, f"{p}.gate_proj", i, h, fmt, keep=keep)
    linear(t, f"{p}.up_proj", i, h, fmt, keep=keep)
    linear(t, f"{p}.down_proj", h, i, fmt, keep=keep)


def decoder(c: dict, fmt: dict, keep_mlp_layers=(), keep_attention=False, prefix="model") -> Tensors:
    """Llama / Mistral / Qwen2 / Qwen3 / Qwen3-MoE / Qwen3-Next decoders."""
    t: Tensors = {}
    dt = fmt.get("dtype", "BF16")
    h, n, heads = c["hidden_size"], c["num_hidden_layers"], c["num_attention_heads"]
    kv = c.get("num_key_value_heads", heads)
    hd = c.get("head_dim") or h // heads
    qkv_bias = c["model_type"] in ("qwen2", "qwen2_5_vl") or c.get("attention_bias", False)
    qk_norm = c["model_type"] in ("qwen3", "qwen3_moe", "qwen3_next")
    t[f"{prefix}.embed_tokens.weight"] = (dt, [c["vocab_size"], h])
    interval = c.get("full_attention_interval")
    for i in range(n):
        p = f"{prefix}.layers.{i}"
        norm(t, f"{p}.input_layernorm", h, dt)
        norm(t, f"{p}.post_attention_layernorm", h, dt)
        if interval and (i + 1) % interval:
            _gated_deltanet(t, f"{p}.linear_attn", c, fmt)
        else:
            gate = 2 if c.get("attn_output_gate", c["model_type"] == "qwen3_next") and interval else 1
            for proj, out in (("q_proj", heads * hd * gate), ("k_proj", kv * hd), ("v_proj", kv * hd)):
                linear(t, f"{p}.self_attn.{proj}", out, h, fmt, bias=qkv_bias, keep=keep_attention)
            linear(t, f"{p}.self_attn.o_proj", h, heads * hd, fmt, keep=keep_attention)
            if qk_norm:
                norm(t, f"{p}.self_attn.q_norm", hd, dt)
                norm(t, f"{p}.self_attn.k_norm", hd, dt)
        experts = c.get("num_experts")
        if experts:
            _moe(t, f"{p}.mlp", c, fmt)
        else:
            dense_mlp(t, f"{p}.mlp", h, c["intermediate_size"], fmt, keep=i in keep_mlp_layers)
    norm(t, f"{prefix}.norm", h, dt)
    if not c.get("tie_word_embeddings", False):
        t["lm_head.weight"] = (dt, [c["vocab_size"], h])
    return t


def _moe(t: Tensors, p: str, c: dict, fmt: dict) -> None:
    h, e, w = c["hidden_size"], c["num_experts"], c["moe_intermediate_size"]
    linear(t, f"{p}.gate", e, h, fmt, keep=True)
    for x in range(e):
        dense_mlp(t, f"{p}.experts.{x}", h, w, fmt)
    if c.get("shared_expert_intermediate_size"):
        dense_mlp(t, f"{p}.shared_expert", h, c["shared_expert_intermediate_size"], fmt)
        linear(t, f"{p}.shared_expert_gate", 1, h, fmt, keep=True)


def _gated_deltanet(t: Tensors, p: str, c: dict, fmt: dict) -> None:
    h, dt = c["hidden_size"], fmt.get("dtype", "BF16")
    nk, nv = c["linear_num_key_heads"], c["linear_num_value_heads"]
    kd, vd = nk * c["linear_key_head_dim"], nv * c["linear_value_head_dim"]
    conv_dim = 2 * kd + vd
    linear(t, f"{p}.in_proj_qkvz", 2 * kd + 2 * vd, h, fmt)
    linear(t, f"{p}.in_proj_ba", 2 * nv, h, fmt, keep=True)
    t[f"{p}.conv1d.weight"] = (dt, [conv_dim, 1, c["linear_conv_kernel_dim"]])
    t[f"{p}.dt_bias"] = (dt, [nv])
    t[f"{p}.A_log"] = ("F32", [nv])
    norm(t, f"{p}.norm", c["linear_value_head_dim"], "F32")
    linear(t, f"{p}.out_proj", h, vd, fmt)


def qwen3_next(c: dict) -> Tensors:
    fmt = {"kind": "none", "dtype": "BF16"}
    t = decoder(c, fmt)
    # The multi-token-prediction head ships in the checkpoint (mtp_num_hidden_layers 1): one full-attention
    # MoE layer, a fusion projection and its norms. vLLM loads it only for speculative decoding.
    h = c["hidden_size"]
    mtp = decoder(
        {**c, "num_hidden_layers": 1, "full_attention_interval": 1, "tie_word_embeddings": True},
        fmt,
        prefix="mtp",
    )
    del mtp["mtp.embed_tokens.weight"]
    t.update(mtp)
    t["mtp.fc.weight"] = ("BF16", [h, 2 * h])
    norm(t, "mtp.pre_fc_norm_embedding", h)
    norm(t, "mtp.pre_fc_norm_hidden", h)
    return t


def deepseek_v3(c: dict, fmt: dict | None = None) -> Tensors:
    """DeepSeek V3 / V3.1: MLA, 3 dense layers then MoE, FP8 128x128 blocks, and the MTP layer (index 61).
    GLM-4.7-Flash (glm4_moe_lite) stores the same names in BF16 (`fmt`)."""
    t: Tensors = {}
    fmt = fmt or {"kind": "fp8_block", "dtype": "BF16"}
    h, heads, v = c["hidden_size"], c["num_attention_heads"], c["vocab_size"]
    ql, kvl, nope, rope, vh = (c["q_lora_rank"], c["kv_lora_rank"], c["qk_nope_head_dim"], c["qk_rope_head_dim"],
                               c["v_head_dim"])  # fmt: skip
    t["model.embed_tokens.weight"] = ("BF16", [v, h])
    for i in range(c["num_hidden_layers"] + c.get("num_nextn_predict_layers", 0)):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        a = f"{p}.self_attn"
        linear(t, f"{a}.q_a_proj", ql, h, fmt)
        norm(t, f"{a}.q_a_layernorm", ql)
        linear(t, f"{a}.q_b_proj", heads * (nope + rope), ql, fmt)
        linear(t, f"{a}.kv_a_proj_with_mqa", kvl + rope, h, fmt)
        norm(t, f"{a}.kv_a_layernorm", kvl)
        linear(t, f"{a}.kv_b_proj", heads * (nope + vh), kvl, fmt)
        linear(t, f"{a}.o_proj", h, heads * vh, fmt)
        _routed_mlp(t, p, c, i, fmt)
        if i >= c["num_hidden_layers"]:  # the MTP module's own tensors
            _mtp_extras(t, p, c)
    norm(t, "model.norm", h)
    t["lm_head.weight"] = ("BF16", [v, h])
    return t


def _routed_mlp(t: Tensors, p: str, c: dict, i: int, fmt: dict) -> None:
    """DeepSeek V3's MLP and the families that copied it (GLM-4.5, GLM-4.7-Flash): dense in the first
    first_k_dense_replace layers, then a router with its F32 correction bias, routed and shared experts."""
    if i < c["first_k_dense_replace"]:
        dense_mlp(t, f"{p}.mlp", c["hidden_size"], c["intermediate_size"], fmt)
        return
    routers = {"gate.weight": "BF16", "gate.e_score_correction_bias": "F32"}
    _experts(t, f"{p}.mlp", c, c["n_routed_experts"], c["n_shared_experts"], routers, fmt)


def _experts(t: Tensors, p: str, c: dict, e: int, shared: int, routers: dict, fmt: dict) -> None:
    """An MoE block: the router's tensors (name -> dtype: its e x hidden weight, its e biases), e routed experts
    of moe_intermediate_size and the shared ones as one MLP `shared` times as wide."""
    h, w = c["hidden_size"], c["moe_intermediate_size"]
    for name, dtype in routers.items():
        t[f"{p}.{name}"] = (dtype, [e, h] if name.endswith("weight") else [e])
    for x in range(e):
        dense_mlp(t, f"{p}.experts.{x}", h, w, fmt)
    dense_mlp(t, f"{p}.shared_experts", h, w * shared, fmt)


def _mtp_extras(t: Tensors, p: str, c: dict) -> None:
    """A DeepSeek-style MTP layer's tensors beside its decoder layer: the two input norms, the projection of
    both, and its own head and embedding."""
    h, v = c["hidden_size"], c["vocab_size"]
    norm(t, f"{p}.enorm", h)
    norm(t, f"{p}.hnorm", h)
    t[f"{p}.eh_proj.weight"] = ("BF16", [h, 2 * h])
    norm(t, f"{p}.shared_head.norm", h)
    t[f"{p}.shared_head.head.weight"] = ("BF16", [v, h])
    t[f"{p}.embed_tokens.weight"] = ("BF16", [v, h])


def glm4_moe(c: dict) -> Tensors:
    """GLM-4.5 / 4.6 / Air (transformers modeling_glm4_moe): grouped-query attention with biased q, k and v and
    an unbiased o_proj (Glm4MoeAttention), per-head q/k norms when use_qk_norm, DeepSeek V3's MLP layout, BF16,
    and the MTP layer (index num_hidden_layers) that only speculative decoding loads."""
    t: Tensors = {}
    fmt = {"kind": "none", "dtype": "BF16"}
    h, heads, kv, hd = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"], c["head_dim"]
    bias = c.get("attention_bias", False)
    t["model.embed_tokens.weight"] = ("BF16", [c["vocab_size"], h])
    for i in range(c["num_hidden_layers"] + c.get("num_nextn_predict_layers", 0)):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        for proj, out in (("q_proj", heads * hd), ("k_proj", kv * hd), ("v_proj", kv * hd)):
            linear(t, f"{p}.self_attn.{proj}", out, h, fmt, bias=bias)
        linear(t, f"{p}.self_attn.o_proj", h, heads * hd, fmt)
        if c.get("use_qk_norm"):
            norm(t, f"{p}.self_attn.q_norm", hd)
            norm(t, f"{p}.self_attn.k_norm", hd)
        _routed_mlp(t, p, c, i, fmt)
        if i >= c["num_hidden_layers"]:
            _mtp_extras(t, p, c)
    norm(t, "model.norm", h)
    t["lm_head.weight"] = ("BF16", [c["vocab_size"], h])
    return t


def afmoe(c: dict) -> Tensors:
    """Arcee's Trinity (transformers modeling_afmoe.py): per-head q/k norms and an output gate in the attention,
    four norms a layer, num_dense_layers dense MLPs first, then a router (router.gate) with its expert_bias,
    routed experts and the shared ones; BF16 throughout."""
    t: Tensors = {}
    fmt = {"kind": "none", "dtype": "BF16"}
    h, heads, kv, hd = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"], c["head_dim"]
    t["model.embed_tokens.weight"] = ("BF16", [c["vocab_size"], h])
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}"
        for n in ("input_layernorm", "post_attention_layernorm", "pre_mlp_layernorm", "post_mlp_layernorm"):
            norm(t, f"{p}.{n}", h)
        for proj, out in (
            ("q_proj", heads * hd),
            ("k_proj", kv * hd),
            ("v_proj", kv * hd),
            ("gate_proj", heads * hd),
        ):
            linear(t, f"{p}.self_attn.{proj}", out, h, fmt)
        linear(t, f"{p}.self_attn.o_proj", h, heads * hd, fmt)
        norm(t, f"{p}.self_attn.q_norm", hd)
        norm(t, f"{p}.self_attn.k_norm", hd)
        if i < c["num_dense_layers"]:
            dense_mlp(t, f"{p}.mlp", h, c["intermediate_size"], fmt)
        else:
            routers = {"router.gate.weight": "BF16", "expert_bias": "BF16"}
            _experts(t, f"{p}.mlp", c, c["num_experts"], c["num_shared_experts"], routers, fmt)
    norm(t, "model.norm", h)
    t["lm_head.weight"] = ("BF16", [c["vocab_size"], h])
    return t


def gpt_oss(c: dict) -> Tensors:
    """gpt-oss: attention with biases and sinks in BF16, MoE experts in MXFP4 (blocks of 32 FP4 values)."""
    t: Tensors = {}
    h, heads, kv, hd = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"], c["head_dim"]
    e, w = c["num_local_experts"], c["intermediate_size"]
    t["model.embed_tokens.weight"] = ("BF16", [c["vocab_size"], h])
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        for proj, out in (("q_proj", heads * hd), ("k_proj", kv * hd), ("v_proj", kv * hd)):
            linear(t, f"{p}.self_attn.{proj}", out, h, {}, bias=True)
        linear(t, f"{p}.self_attn.o_proj", h, heads * hd, {}, bias=True)
        t[f"{p}.self_attn.sinks"] = ("BF16", [heads])
        linear(t, f"{p}.mlp.router", e, h, {}, bias=True)
        m = f"{p}.mlp.experts"
        t[f"{m}.gate_up_proj_blocks"] = ("U8", [e, 2 * w, h // 32, 16])
        t[f"{m}.gate_up_proj_scales"] = ("U8", [e, 2 * w, h // 32])
        t[f"{m}.gate_up_proj_bias"] = ("BF16", [e, 2 * w])
        t[f"{m}.down_proj_blocks"] = ("U8", [e, h, w // 32, 16])
        t[f"{m}.down_proj_scales"] = ("U8", [e, h, w // 32])
        t[f"{m}.down_proj_bias"] = ("BF16", [e, h])
    norm(t, "model.norm", h)
    t["lm_head.weight"] = ("BF16", [c["vocab_size"], h])
    return t


def qwen2_5_vl_vision(c: dict) -> Tensors:
    """Qwen2.5-VL's vision tower (models/qwen2_5_vl in transformers): a windowed ViT and a patch merger."""
    v = c["vision_config"]
    t: Tensors = {}
    d, i, out = v["hidden_size"], v["intermediate_size"], v["out_hidden_size"]
    t["visual.patch_embed.proj.weight"] = (
        "BF16",
        [d, 3, v["temporal_patch_size"], v["patch_size"], v["patch_size"]],
    )
    for b in range(v["depth"]):
        p = f"visual.blocks.{b}"
        norm(t, f"{p}.norm1", d)
        norm(t, f"{p}.norm2", d)
        linear(t, f"{p}.attn.qkv", 3 * d, d, {}, bias=True)
        linear(t, f"{p}.attn.proj", d, d, {}, bias=True)
        linear(t, f"{p}.mlp.gate_proj", i, d, {}, bias=True)
        linear(t, f"{p}.mlp.up_proj", i, d, {}, bias=True)
        linear(t, f"{p}.mlp.down_proj", d, i, {}, bias=True)
    merged = d * v["spatial_merge_size"] ** 2
    norm(t, "visual.merger.ln_q", d)
    linear(t, "visual.merger.mlp.0", merged, merged, {}, bias=True)
    linear(t, "visual.merger.mlp.2", out, merged, {}, bias=True)
    return t


def _mamba2(
    t: Tensors,
    p: str,
    h: int,
    heads: int,
    head_dim: int,
    groups: int,
    state: int,
    kernel: int,
    gated_norm: bool = True,
    per_head: str = "F32",
) -> None:
    """One Mamba-2 mixer as transformers stores it (NemotronHMamba2Mixer / BambaMixer): in_proj to the gate, x,
    B, C and one dt per head; a depthwise conv1d over x, B and C with its bias; dt_bias, A_log and D per head
    (A_log and D in `per_head`); the gated RMSNorm over d_inner (Falcon-H1's only with mamba_rms_norm);
    out_proj."""  # fmt: skip
    inner = heads * head_dim
    conv = inner + 2 * groups * state
    linear(t, f"{p}.in_proj", 2 * inner + 2 * groups * state + heads, h, {})
    t[f"{p}.conv1d.weight"] = ("BF16", [conv, 1, kernel])
    t[f"{p}.conv1d.bias"] = ("BF16", [conv])
    t[f"{p}.dt_bias"] = ("BF16", [heads])
    t[f"{p}.A_log"] = (per_head, [heads])
    t[f"{p}.D"] = (per_head, [heads])
    if gated_norm:
        norm(t, f"{p}.norm", inner)
    linear(t, f"{p}.out_proj", h, inner, {})


def _mamba2_of(t: Tensors, p: str, c: dict, **kw) -> None:
    """A Mamba-2 mixer from Bamba's / Falcon-H1's mamba_* keys (config.json writes them all here)."""
    _mamba2(t, p, c["hidden_size"], c["mamba_n_heads"], c["mamba_d_head"], c["mamba_n_groups"],
            c["mamba_d_state"], c["mamba_d_conv"], **kw)  # fmt: skip


def mamba2(c: dict) -> Tensors:
    """A pure Mamba-2 model as transformers stores it (modeling_mamba2.py Mamba2ForCausalLM), BF16 throughout:
    backbone.embeddings, in each layer an RMSNorm and the Mamba2Mixer, backbone.norm_f, an untied lm_head."""
    t: Tensors = {}
    h, v = c["hidden_size"], c["vocab_size"]
    t["backbone.embeddings.weight"] = ("BF16", [v, h])
    for i in range(c["num_hidden_layers"]):
        p = f"backbone.layers.{i}"
        norm(t, f"{p}.norm", h)
        _mamba2(t, f"{p}.mixer", h, c["num_heads"], c["head_dim"], c["n_groups"], c["state_size"],
                c["conv_kernel"], per_head="BF16")  # fmt: skip
    norm(t, "backbone.norm_f", h)
    if not c.get("tie_word_embeddings", False):
        t["lm_head.weight"] = ("BF16", [v, h])
    return t


def _mamba2_hybrid(c: dict, mixers) -> Tensors:
    """Bamba's and Falcon-H1's layout (transformers BambaForCausalLM, FalconH1ForCausalLM), BF16: in each layer
    input_layernorm, the layer's token mixers (`mixers(t, prefix, i)`), pre_ff_layernorm and a SwiGLU
    `feed_forward`; final_layernorm, and an lm_head unless tied."""
    t: Tensors = {}
    h, v, w = c["hidden_size"], c["vocab_size"], c["intermediate_size"]
    t["model.embed_tokens.weight"] = ("BF16", [v, h])
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.pre_ff_layernorm", h)
        mixers(t, p, i)
        dense_mlp(t, f"{p}.feed_forward", h, w, {})
    norm(t, "model.final_layernorm", h)
    if not c.get("tie_word_embeddings", False):
        t["lm_head.weight"] = ("BF16", [v, h])
    return t


def bamba(c: dict) -> Tensors:
    """Bamba, as its conversion script saves it (BF16 throughout): a Mamba-2 mixer (`mamba`) in each layer, or
    attention (`self_attn`) in those attn_layer_indices lists."""

    def mixers(t: Tensors, p: str, i: int) -> None:
        if i in c["attn_layer_indices"]:
            _attention(t, f"{p}.self_attn", c)
        else:
            _mamba2_of(t, f"{p}.mamba", c, per_head="BF16")

    return _mamba2_hybrid(c, mixers)


def falcon_h1(c: dict) -> Tensors:
    """Falcon-H1: in every layer the Mamba-2 mixer (`mamba`, its gated norm with mamba_rms_norm) beside
    attention (`self_attn`, head_dim wide heads)."""

    def mixers(t: Tensors, p: str, i: int) -> None:
        _mamba2_of(t, f"{p}.mamba", c, gated_norm=c.get("mamba_rms_norm", False), per_head="BF16")
        _attention(t, f"{p}.self_attn", c)

    return _mamba2_hybrid(c, mixers)


def mamba1(c: dict, dtype: str = "F32") -> Tensors:
    """A pure Mamba-1 model as transformers stores it (modeling_mamba.py MambaForCausalLM): backbone.embeddings,
    in each layer an RMSNorm and the MambaMixer (in_proj to x and the gate, a depthwise conv1d with its bias,
    x_proj to dt_rank + 2 x state_size, dt_proj with its bias, A_log per channel and state, D per channel,
    out_proj), backbone.norm_f; the head tied to the embeddings. In the checkpoint's torch_dtype throughout."""
    t: Tensors = {}
    h, v, d = c["hidden_size"], c["vocab_size"], c["intermediate_size"]
    n, k, r = c["state_size"], c["conv_kernel"], c["time_step_rank"]
    t["backbone.embeddings.weight"] = (dtype, [v, h])
    for i in range(c["num_hidden_layers"]):
        p = f"backbone.layers.{i}"
        norm(t, f"{p}.norm", h, dtype)
        t[f"{p}.mixer.in_proj.weight"] = (dtype, [2 * d, h])
        t[f"{p}.mixer.conv1d.weight"] = (dtype, [d, 1, k])
        t[f"{p}.mixer.conv1d.bias"] = (dtype, [d])
        t[f"{p}.mixer.x_proj.weight"] = (dtype, [r + 2 * n, d])
        t[f"{p}.mixer.dt_proj.weight"] = (dtype, [d, r])
        t[f"{p}.mixer.dt_proj.bias"] = (dtype, [d])
        t[f"{p}.mixer.A_log"] = (dtype, [d, n])
        t[f"{p}.mixer.D"] = (dtype, [d])
        t[f"{p}.mixer.out_proj.weight"] = (dtype, [h, d])
    norm(t, "backbone.norm_f", h, dtype)
    if not c.get("tie_word_embeddings", True):
        t["lm_head.weight"] = (dtype, [v, h])
    return t


def jamba(c: dict) -> Tensors:
    """Jamba (transformers modeling_jamba.py JambaForCausalLM), BF16: in each layer input_layernorm and
    pre_ff_layernorm, the Mamba-1 mixer (`mamba`: as MambaMixer's, plus dt_layernorm, b_layernorm and
    c_layernorm) or attention (`self_attn`) where i % attn_layer_period == attn_layer_offset, and a SwiGLU
    `feed_forward`, a router and experts where i % expert_layer_period == expert_layer_offset; final_layernorm
    and an untied lm_head."""
    t: Tensors = {}
    h, v, w = c["hidden_size"], c["vocab_size"], c["intermediate_size"]
    d, n, k, r = c["mamba_expand"] * h, c["mamba_d_state"], c["mamba_d_conv"], c["mamba_dt_rank"]
    t["model.embed_tokens.weight"] = ("BF16", [v, h])
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.pre_ff_layernorm", h)
        if i % c["attn_layer_period"] == c["attn_layer_offset"]:
            _attention(t, f"{p}.self_attn", c)
        else:
            m = f"{p}.mamba"
            t[f"{m}.in_proj.weight"] = ("BF16", [2 * d, h])
            t[f"{m}.conv1d.weight"] = ("BF16", [d, 1, k])
            t[f"{m}.conv1d.bias"] = ("BF16", [d])
            t[f"{m}.x_proj.weight"] = ("BF16", [r + 2 * n, d])
            t[f"{m}.dt_proj.weight"] = ("BF16", [d, r])
            t[f"{m}.dt_proj.bias"] = ("BF16", [d])
            t[f"{m}.A_log"] = ("BF16", [d, n])
            t[f"{m}.D"] = ("BF16", [d])
            t[f"{m}.out_proj.weight"] = ("BF16", [h, d])
            norm(t, f"{m}.dt_layernorm", r)
            norm(t, f"{m}.b_layernorm", n)
            norm(t, f"{m}.c_layernorm", n)
        if i % c["expert_layer_period"] == c["expert_layer_offset"]:
            t[f"{p}.feed_forward.router.weight"] = ("BF16", [c["num_experts"], h])
            for e in range(c["num_experts"]):
                dense_mlp(t, f"{p}.feed_forward.experts.{e}", h, w, {})
        else:
            dense_mlp(t, f"{p}.feed_forward", h, w, {})
    norm(t, "model.final_layernorm", h)
    t["lm_head.weight"] = ("BF16", [v, h])
    return t


def minimax_01(c: dict) -> Tensors:
    """MiniMax-Text-01 / MiniMax-M1 as vLLM's minimax_text_01.py loads them, BF16: in each layer input_layernorm and
    post_attention_layernorm; lightning attention where attn_type_list says 0 (`self_attn.qkv_proj` to 3 x heads x
    head_dim, `output_gate` as wide, `norm` over heads x head_dim, `out_proj`) and softmax attention where it says
    1 (q/k/v/o_proj); `block_sparse_moe`, a router and num_local_experts SwiGLU experts named w1 (gate), w3 (up)
    and w2 (down); model.norm and an untied lm_head."""
    t: Tensors = {}
    h, v, heads = c["hidden_size"], c["vocab_size"], c["num_attention_heads"]
    inner, w, e = heads * c["head_dim"], c["intermediate_size"], c["num_local_experts"]
    t["model.embed_tokens.weight"] = ("BF16", [v, h])
    for i, kind in enumerate(c["attn_type_list"]):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        if kind == 0:
            linear(t, f"{p}.self_attn.qkv_proj", 3 * inner, h, {})
            linear(t, f"{p}.self_attn.output_gate", inner, h, {})
            norm(t, f"{p}.self_attn.norm", inner)
            linear(t, f"{p}.self_attn.out_proj", h, inner, {})
        else:
            _attention(t, f"{p}.self_attn", c)
        linear(t, f"{p}.block_sparse_moe.gate", e, h, {})
        for x in range(e):
            q = f"{p}.block_sparse_moe.experts.{x}"
            linear(t, f"{q}.w1", w, h, {})
            linear(t, f"{q}.w3", w, h, {})
            linear(t, f"{q}.w2", h, w, {})
    norm(t, "model.norm", h)
    t["lm_head.weight"] = ("BF16", [v, h])
    return t


def kimi_linear(c: dict) -> Tensors:
    """Kimi Linear as vLLM's kimi_linear.py loads it, BF16: KDA (`self_attn.q/k/v_proj`, their F32
    `q/k/v_conv1d` of short_conv_kernel_size, `f_a_proj`/`f_b_proj` and `g_a_proj`/`g_b_proj` through
    head_dim, `b_proj`, `dt_bias`, `A_log`, `o_norm`, `o_proj`) in the layers kda_layers names (counted from 1),
    MLA without q_lora_rank elsewhere (`q_proj`, `kv_a_proj_with_mqa`, `kv_a_layernorm`, `kv_b_proj`,
    `o_proj`); a dense `mlp` in the first first_k_dense_replace layers, then `block_sparse_moe` (router and
    F32 e_score_correction_bias, experts w1/w2/w3, `shared_experts`)."""
    t: Tensors = {}
    h, v, heads = c["hidden_size"], c["vocab_size"], c["num_attention_heads"]
    lac = c["linear_attn_config"]
    kh, kd, kernel = lac["num_heads"], lac["head_dim"], lac["short_conv_kernel_size"]
    proj = kh * kd
    nope, rope, vh, kvl = c["qk_nope_head_dim"], c["qk_rope_head_dim"], c["v_head_dim"], c["kv_lora_rank"]
    t["model.embed_tokens.weight"] = ("BF16", [v, h])
    for i in range(c["num_hidden_layers"]):
        p, a = f"model.layers.{i}", f"model.layers.{i}.self_attn"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        if i + 1 in lac["kda_layers"]:
            for x in "qkv":
                linear(t, f"{a}.{x}_proj", proj, h, {})
                t[f"{a}.{x}_conv1d.weight"] = ("F32", [proj, 1, kernel])
            for g in "fg":
                linear(t, f"{a}.{g}_a_proj", kd, h, {})
                linear(t, f"{a}.{g}_b_proj", proj, kd, {})
            linear(t, f"{a}.b_proj", kh, h, {})
            t[f"{a}.dt_bias"] = ("F32", [proj])
            t[f"{a}.A_log"] = ("F32", [1, 1, kh, 1])
            norm(t, f"{a}.o_norm", kd)
            linear(t, f"{a}.o_proj", h, proj, {})
        else:
            linear(t, f"{a}.q_proj", heads * (nope + rope), h, {})
            linear(t, f"{a}.kv_a_proj_with_mqa", kvl + rope, h, {})
            norm(t, f"{a}.kv_a_layernorm", kvl)
            linear(t, f"{a}.kv_b_proj", heads * (nope + vh), kvl, {})
            linear(t, f"{a}.o_proj", h, heads * vh, {})
        if i < c["first_k_dense_replace"]:
            dense_mlp(t, f"{p}.mlp", h, c["intermediate_size"], {})
        else:
            routers = {"gate.weight": "BF16", "gate.e_score_correction_bias": "F32"}
            _experts(t, f"{p}.block_sparse_moe", c, c["num_experts"], c["num_shared_experts"], routers, {})
    norm(t, "model.norm", h)
    t["lm_head.weight"] = ("BF16", [v, h])
    return t


def recurrent_gemma(c: dict, dtype: str = "F32") -> Tensors:
    """RecurrentGemma as transformers' convert_recurrent_gemma_to_hf.py saves it (float32 by default): in each
    layer temporal_pre_norm and channel_pre_norm; block_types' "recurrent" layers a `temporal_block` of
    linear_x/linear_y/linear_out with biases, a depthwise conv_1d with its bias and `rg_lru`'s block-diagonal
    input and recurrent gates (heads x block x block, and their heads x block biases) and recurrent_param;
    "attention" layers q/k/v_proj and o_proj with a bias; `mlp_block` gate/up/down_proj, intermediate_size // 2
    wide with biases; model.final_norm, the head tied to the embedding table."""
    t: Tensors = {}
    h, v, heads, kv, hd = (
        c["hidden_size"],
        c["vocab_size"],
        c["num_attention_heads"],
        c["num_key_value_heads"],
        c["head_dim"],
    )
    lru, width, blocks = c["lru_width"], c["intermediate_size"] // 2, c["block_types"]
    fmt = {"dtype": dtype}
    t["model.embed_tokens.weight"] = (dtype, [v, h])
    for i in range(c["num_hidden_layers"]):
        p, b = f"model.layers.{i}", f"model.layers.{i}.temporal_block"
        norm(t, f"{p}.temporal_pre_norm", h, dtype)
        norm(t, f"{p}.channel_pre_norm", h, dtype)
        if blocks[i % len(blocks)] == "recurrent":
            linear(t, f"{b}.linear_x", lru, h, fmt, bias=True)
            linear(t, f"{b}.linear_y", lru, h, fmt, bias=True)
            linear(t, f"{b}.linear_out", h, lru, fmt, bias=True)
            t[f"{b}.conv_1d.weight"] = (dtype, [lru, 1, c["conv1d_width"]])
            t[f"{b}.conv_1d.bias"] = (dtype, [lru])
            for gate in ("input_gate", "recurrent_gate"):
                t[f"{b}.rg_lru.{gate}_weight"] = (dtype, [heads, lru // heads, lru // heads])
                t[f"{b}.rg_lru.{gate}_bias"] = (dtype, [heads, lru // heads])
            t[f"{b}.rg_lru.recurrent_param"] = (dtype, [lru])
        else:
            linear(t, f"{b}.q_proj", heads * hd, h, fmt)
            linear(t, f"{b}.k_proj", kv * hd, h, fmt)
            linear(t, f"{b}.v_proj", kv * hd, h, fmt)
            linear(t, f"{b}.o_proj", h, heads * hd, fmt, bias=True)
        for proj, out, inp in (("gate_proj", width, h), ("up_proj", width, h), ("down_proj", h, width)):
            linear(t, f"{p}.mlp_block.{proj}", out, inp, fmt, bias=True)
    norm(t, "model.final_norm", h, dtype)
    return t


def zamba2(c: dict) -> Tensors:
    """Zamba2 as transformers saves it (modeling_zamba2.py), BF16 (A_log and D in F32): in each layer
    input_layernorm and a Mamba-2 `mamba` (`mamba_decoder.mamba` in the hybrid layers, which add their own
    `linear`); each of num_mem_blocks shared blocks stored once, under the first layer that runs it
    (`shared_transformer`: input_layernorm over 2 x hidden, q/k/v_proj from 2 x hidden, o_proj,
    pre_ff_layernorm, feed_forward gate_up_proj and down_proj), with the adapters of every use it serves
    (`gate_up_proj_adapter_list.{use}` and, with use_shared_attention_adapter, q/k/v adapter lists);
    final_layernorm, the head tied to the embedding table."""
    t: Tensors = {}
    h, v, heads, layers = c["hidden_size"], c["vocab_size"], c["num_attention_heads"], c["num_hidden_layers"]
    hd, kv, w, r = (
        c["attention_head_dim"],
        c["num_key_value_heads"],
        c["intermediate_size"],
        c["adapter_rank"],
    )
    inner, mheads = c["mamba_expand"] * h, c["n_mamba_heads"]
    hybrid, blocks = c["hybrid_layer_ids"], c["num_mem_blocks"]
    t["model.embed_tokens.weight"] = ("BF16", [v, h])
    for i in range(layers):
        p = f"model.layers.{i}" + (".mamba_decoder" if i in hybrid else "")
        norm(t, f"{p}.input_layernorm", h)
        _mamba2(t, f"{p}.mamba", h, mheads, inner // mheads, c["mamba_ngroups"], c["mamba_d_state"],
                c["mamba_d_conv"])  # fmt: skip
    for use, i in enumerate(hybrid):
        linear(t, f"model.layers.{i}.linear", h, h, {})
        b = f"model.layers.{hybrid[use % blocks]}.shared_transformer"
        if use < blocks:  # the block itself, stored once
            norm(t, f"{b}.input_layernorm", 2 * h)
            for proj, out in (("q_proj", heads * hd), ("k_proj", kv * hd), ("v_proj", kv * hd)):
                linear(t, f"{b}.self_attn.{proj}", out, 2 * h, {})
            linear(t, f"{b}.self_attn.o_proj", h, heads * hd, {})
            norm(t, f"{b}.pre_ff_layernorm", h)
            linear(t, f"{b}.feed_forward.gate_up_proj", 2 * w, h, {})
            linear(t, f"{b}.feed_forward.down_proj", h, w, {})
        linear(t, f"{b}.feed_forward.gate_up_proj_adapter_list.{use}.0", r, h, {})
        linear(t, f"{b}.feed_forward.gate_up_proj_adapter_list.{use}.1", 2 * w, r, {})
        if c.get("use_shared_attention_adapter"):
            for x, out in (("q", heads * hd), ("k", kv * hd), ("v", kv * hd)):
                linear(t, f"{b}.self_attn.linear_{x}_adapter_list.{use}.0", r, 2 * h, {})
                linear(t, f"{b}.self_attn.linear_{x}_adapter_list.{use}.1", out, r, {})
    norm(t, "model.final_layernorm", h)
    return t


def _attention(t: Tensors, p: str, c: dict) -> None:
    h, heads, kv = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"]
    hd = c.get("head_dim") or h // heads
    for proj, out in (("q_proj", heads * hd), ("k_proj", kv * hd), ("v_proj", kv * hd)):
        linear(t, f"{p}.{proj}", out, h, {})
    linear(t, f"{p}.o_proj", h, heads * hd, {})


def nemotron_h(c: dict) -> Tensors:
    """Nemotron-H (transformers modeling_nemotron_h, vLLM nemotron_h.py): backbone.layers.{i} is one block, a
    norm and a mixer that is Mamba-2 (M), attention (*), an up/down MLP (-) or experts (E)."""
    t: Tensors = {}
    h, v = c["hidden_size"], c["vocab_size"]
    t["backbone.embeddings.weight"] = ("BF16", [v, h])
    for i, kind in enumerate(c["hybrid_override_pattern"]):
        p = f"backbone.layers.{i}"
        norm(t, f"{p}.norm", h)
        if kind == "M":
            _mamba2(t, f"{p}.mixer", h, c["mamba_num_heads"], c["mamba_head_dim"], c["n_groups"],
                    c["ssm_state_size"], c["conv_kernel"])  # fmt: skip
        elif kind == "*":
            _attention(t, f"{p}.mixer", c)
        elif kind == "-":
            linear(t, f"{p}.mixer.up_proj", c["intermediate_size"], h, {})
            linear(t, f"{p}.mixer.down_proj", h, c["intermediate_size"], {})
        else:
            e, w = c["n_routed_experts"], c["moe_intermediate_size"]
            t[f"{p}.mixer.gate.weight"] = ("F32", [e, h])
            t[f"{p}.mixer.gate.e_score_correction_bias"] = ("F32", [e])
            for x in range(e):
                linear(t, f"{p}.mixer.experts.{x}.up_proj", w, h, {})
                linear(t, f"{p}.mixer.experts.{x}.down_proj", h, w, {})
            s = c["moe_shared_expert_intermediate_size"]
            linear(t, f"{p}.mixer.shared_experts.up_proj", s, h, {})
            linear(t, f"{p}.mixer.shared_experts.down_proj", h, s, {})
    norm(t, "backbone.norm_f", h)
    if not c.get("tie_word_embeddings", False):
        t["lm_head.weight"] = ("BF16", [v, h])
    return t


def granite_hybrid(c: dict) -> Tensors:
    """Granite 4.0 H (transformers modeling_granitemoehybrid): each layer a Mamba-2 mixer or attention, two
    norms, a shared SwiGLU MLP (input_linear to 2 x shared_intermediate_size, output_linear) and, with experts,
    block_sparse_moe's fused input/output linears and its router; embeddings tied."""
    t: Tensors = {}
    h, v = c["hidden_size"], c["vocab_size"]
    e, w, s = c["num_local_experts"], c["intermediate_size"], c["shared_intermediate_size"]
    t["model.embed_tokens.weight"] = ("BF16", [v, h])
    for i, kind in enumerate(c["layer_types"]):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        if kind == "mamba":
            heads = c["mamba_n_heads"]
            _mamba2(t, f"{p}.mamba", h, heads, c["mamba_d_head"], c["mamba_n_groups"], c["mamba_d_state"],
                    c["mamba_d_conv"])  # fmt: skip
        else:
            _attention(t, f"{p}.self_attn", c)
        linear(t, f"{p}.shared_mlp.input_linear", 2 * s, h, {})
        linear(t, f"{p}.shared_mlp.output_linear", h, s, {})
        if e:
            t[f"{p}.block_sparse_moe.input_linear.weight"] = ("BF16", [e, 2 * w, h])
            t[f"{p}.block_sparse_moe.output_linear.weight"] = ("BF16", [e, h, w])
            t[f"{p}.block_sparse_moe.router.layer.weight"] = ("BF16", [e, h])
    norm(t, "model.norm", h)
    return t


def total_bytes(t: Tensors) -> int:
    return sum(DTYPE_BYTES[d] * math.prod(shape) for d, shape in t.values())


def granite_moe(c: dict) -> Tensors:
    """Granite 3.x MoE (transformers modeling_granitemoe / modeling_granitemoeshared): attention, a router, the
    experts' fused SwiGLU input_linear [E, 2I, h] and output_linear [E, h, I], and with shared_intermediate_size
    a shared_mlp of the same shape beside them ([2S, h] and [h, S]); embeddings tied."""
    t: Tensors = {}
    h, n, heads, kv = (
        c["hidden_size"],
        c["num_hidden_layers"],
        c["num_attention_heads"],
        c["num_key_value_heads"],
    )
    e, w, s, hd = (
        c["num_local_experts"],
        c["intermediate_size"],
        c.get("shared_intermediate_size", 0),
        h // heads,
    )
    t["model.embed_tokens.weight"] = ("BF16", [c["vocab_size"], h])
    for i in range(n):
        p = f"model.layers.{i}"
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        for proj, out in (("q_proj", heads * hd), ("k_proj", kv * hd), ("v_proj", kv * hd)):
            t[f"{p}.self_attn.{proj}.weight"] = ("BF16", [out, h])
        t[f"{p}.self_attn.o_proj.weight"] = ("BF16", [h, heads * hd])
        t[f"{p}.block_sparse_moe.router.layer.weight"] = ("BF16", [e, h])
        t[f"{p}.block_sparse_moe.input_linear.weight"] = ("BF16", [e, 2 * w, h])
        t[f"{p}.block_sparse_moe.output_linear.weight"] = ("BF16", [e, h, w])
        if s:
            t[f"{p}.shared_mlp.input_linear.weight"] = ("BF16", [2 * s, h])
            t[f"{p}.shared_mlp.output_linear.weight"] = ("BF16", [h, s])
    norm(t, "model.norm", h)
    return t


def ernie45_moe(c: dict) -> Tensors:
    """ERNIE 4.5 MoE as baidu's -PT checkpoints store it (transformers modeling_ernie4_5_moe): a dense MLP in
    the layers before moe_layer_start_index, then a router (F32: _keep_in_fp32_modules_strict), the
    correction bias moe_statics.e_score_correction_bias [1, E] (F32), E experts and one shared MLP
    moe_num_shared_experts x moe_intermediate_size wide; embeddings tied. The multi-token-prediction block
    ships beside them as model.mtp_block.0 with its mtp_emb_norm, mtp_hidden_norm and mtp_linear_proj
    (the names llama.cpp's convert_hf_to_gguf.py and vLLM's ernie_mtp.py read), which no server loads for
    plain decoding."""
    fmt = {"kind": "none", "dtype": "BF16"}
    t: Tensors = {}
    h, heads, kv = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"]
    hd = c.get("head_dim") or h // heads
    e, w = c["moe_num_experts"], c["moe_intermediate_size"]

    def layer(p: str, moe: bool) -> None:
        norm(t, f"{p}.input_layernorm", h)
        norm(t, f"{p}.post_attention_layernorm", h)
        for proj, out in (("q_proj", heads * hd), ("k_proj", kv * hd), ("v_proj", kv * hd)):
            linear(t, f"{p}.self_attn.{proj}", out, h, fmt)
        linear(t, f"{p}.self_attn.o_proj", h, heads * hd, fmt)
        if not moe:
            dense_mlp(t, f"{p}.mlp", h, c["intermediate_size"], fmt)
            return
        t[f"{p}.mlp.gate.weight"] = ("F32", [e, h])
        t[f"{p}.mlp.moe_statics.e_score_correction_bias"] = ("F32", [1, e])
        for x in range(e):
            dense_mlp(t, f"{p}.mlp.experts.{x}", h, w, fmt)
        dense_mlp(t, f"{p}.mlp.shared_experts", h, w * c["moe_num_shared_experts"], fmt)

    t["model.embed_tokens.weight"] = ("BF16", [c["vocab_size"], h])
    for i in range(c["num_hidden_layers"]):
        layer(f"model.layers.{i}", i >= c["moe_layer_start_index"])
    norm(t, "model.norm", h)
    layer("model.mtp_block.0", True)
    norm(t, "model.mtp_emb_norm.0", h)
    norm(t, "model.mtp_hidden_norm.0", h)
    t["model.mtp_linear_proj.0.weight"] = ("BF16", [h, 2 * h])
    return t
