"""Architectures customers name in late 2026, read from their config.json (pasted, or a Hub repo's): each
counted as its modeling code shapes the tensors, its KV cache per layer type. The configs are the keys of the
published config.json files of the repos named; the counts are checked against the published figures cited.

Before these, Llama 4 was read as a dense-every-layer full-attention model (Maverick 778B, a 128k conversation
25.8 GB of KV cache), ERNIE 4.5's experts went unread (21B-A3B counted as 3.3B), and Hunyuan's per-layer lists
and EXAONE 4's spelled-out "LLLG" pattern raised a traceback."""

from __future__ import annotations

import json

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where
from hub import pasted
from hub.describe import Unsupported, architecture
from hub.service import Hub
from sizing import kv_cache

from .gpu_size_run import answer
from .slack_harness import text_of, valid

# meta-llama/Llama-4-Maverick-17B-128E-Instruct config.json (text_config; the vision_config left out): the
# card's "400B total / 17B active" includes nothing else in the text model. RoPE layers attend within chunks
# of 8,192 tokens, every fourth layer (no RoPE) to everything; MoE in every other layer.
MAVERICK = {
    "architectures": ["Llama4ForConditionalGeneration"], "model_type": "llama4",
    "text_config": {
        "model_type": "llama4_text", "hidden_size": 5120, "num_hidden_layers": 48, "num_attention_heads": 40,
        "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 8192, "intermediate_size_mlp": 16384,
        "num_local_experts": 128, "num_experts_per_tok": 1, "interleave_moe_layer_step": 2, "vocab_size": 202048,
        "attention_chunk_size": 8192, "use_qk_norm": False, "max_position_embeddings": 1048576,
        "rope_scaling": None, "tie_word_embeddings": False,
    },
}  # fmt: skip
# meta-llama/Llama-4-Scout-17B-16E-Instruct: 16 experts in every layer, a weightless L2 q/k norm, 10M positions
# (llama3 rope scaling, which does not lengthen them further). The card's 109B counts the vision encoder too.
SCOUT = {
    **MAVERICK,
    "text_config": {**MAVERICK["text_config"], "num_local_experts": 16, "interleave_moe_layer_step": 1,
                    "use_qk_norm": True, "max_position_embeddings": 10485760,
                    "rope_scaling": {"factor": 16.0, "high_freq_factor": 1.0, "low_freq_factor": 1.0,
                                     "original_max_position_embeddings": 8192, "rope_type": "llama3"}},
}  # fmt: skip
# baidu/ERNIE-4.5-21B-A3B-PT config.json: "21B total / 3B active" (card). Experts from layer 1 on, two shared.
ERNIE_MOE = {
    "architectures": ["Ernie4_5_MoeForCausalLM"], "model_type": "ernie4_5_moe", "hidden_size": 2560,
    "intermediate_size": 12288, "max_position_embeddings": 131072, "moe_intermediate_size": 1536, "moe_k": 6,
    "moe_layer_end_index": 27, "moe_layer_interval": 1, "moe_layer_start_index": 1, "moe_num_experts": 64,
    "moe_num_shared_experts": 2, "num_attention_heads": 20, "num_hidden_layers": 28, "num_key_value_heads": 4,
    "rms_norm_eps": 1e-05, "rope_theta": 500000.0, "vocab_size": 103424, "tie_word_embeddings": True,
    "use_bias": False,
}  # fmt: skip
# tencent/Hunyuan-A13B-Instruct config.json: "80 billion parameters with 13 billion active" (card); top-k,
# shared experts and expert widths written once per layer.
HUNYUAN_A13B = {
    "architectures": ["HunYuanMoEV1ForCausalLM"], "model_type": "hunyuan_v1_moe", "hidden_size": 4096,
    "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
    "intermediate_size": 3072, "vocab_size": 128167, "num_experts": 64, "moe_intermediate_size": [3072] * 32,
    "moe_topk": [8] * 32, "num_shared_expert": [1] * 32, "use_mixed_mlp_moe": True, "use_qk_norm": True,
    "use_cla": False, "tie_word_embeddings": True, "max_position_embeddings": 32768,
}  # fmt: skip
# rednote-hilab/dots.llm1.inst config.json as a Rust MLX loader's unit test trims it from mlx-community's
# dots.llm1.inst conversion (hidden 4096, 62 layers, 32 heads and 32 KV heads, intermediate 10944, 128 routed experts
# of 1408 with 6 per token and 2 shared, first_k_dense_replace 1, vocabulary 152,064, 32,768 positions, untied):
# "142B total parameters, 14B activated" (card).
DOTS1 = {
    "architectures": ["Dots1ForCausalLM"], "model_type": "dots1", "hidden_size": 4096, "num_hidden_layers": 62,
    "intermediate_size": 10944, "num_attention_heads": 32, "num_key_value_heads": 32, "vocab_size": 152064,
    "first_k_dense_replace": 1, "moe_intermediate_size": 1408, "n_routed_experts": 128, "n_shared_experts": 2,
    "num_experts_per_tok": 6, "max_position_embeddings": 32768, "scoring_func": "sigmoid", "norm_topk_prob": True,
    "routed_scaling_factor": 2.5, "rope_theta": 10000000, "attention_bias": False, "tie_word_embeddings": False,
}  # fmt: skip
# MiniMaxAI/MiniMax-M2 config.json: "230 billion total parameters with 10 billion active" (transformers'
# minimax_m2.md); q and k normalized over all heads at once (qk_norm_type per_layer), a routing bias.
MINIMAX_M2 = {
    "architectures": ["MiniMaxM2ForCausalLM"], "model_type": "minimax_m2", "head_dim": 128, "hidden_size": 3072,
    "intermediate_size": 1536, "max_position_embeddings": 196608, "num_attention_heads": 48,
    "num_experts_per_tok": 8, "num_hidden_layers": 62, "num_key_value_heads": 8, "num_local_experts": 256,
    "num_mtp_modules": 3, "qk_norm_type": "per_layer", "rotary_dim": 64, "shared_intermediate_size": 0,
    "tie_word_embeddings": False, "use_mtp": True, "use_qk_norm": True, "use_routing_bias": True,
    "vocab_size": 200064,
}  # fmt: skip
# allenai/OLMo-2-1124-7B config.json: transformers' Olmo2Config is written as "Olmo2 7B style" (hidden 4096,
# intermediate 11008, 32 layers, 32 heads and as many KV heads, untied; configuration_olmo2.py), with the OLMo 2
# tokenizer's 100,352 rows (a public OLMo 2 training check asserts the same vocabulary) and 4,096 positions:
# 7.30B in its safetensors (Hub). q/k norms over all heads.
OLMO2_7B = {
    "architectures": ["Olmo2ForCausalLM"], "model_type": "olmo2", "hidden_size": 4096, "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 32, "intermediate_size": 11008, "vocab_size": 100352,
    "max_position_embeddings": 4096, "rope_theta": 500000, "attention_bias": False, "tie_word_embeddings": False,
}  # fmt: skip
# LGAI-EXAONE/EXAONE-4.0-32B config.json: 32,003,216,384 parameters (FuriosaAI's card for its FP8 release);
# the window pattern spelled out, three 4,096-token sliding layers then one full.
EXAONE4_32B = {
    "architectures": ["Exaone4ForCausalLM"], "model_type": "exaone4", "head_dim": 128, "hidden_size": 5120,
    "intermediate_size": 27392, "max_position_embeddings": 131072, "num_attention_heads": 40,
    "num_hidden_layers": 64, "num_key_value_heads": 8, "sliding_window": 4096, "sliding_window_pattern": "LLLG",
    "tie_word_embeddings": False, "vocab_size": 102400,
    "rope_scaling": {"factor": 16.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                     "original_max_position_embeddings": 8192, "rope_type": "llama3"},
}  # fmt: skip
# zai-org/GLM-4.5 config.json: "355B total / 32B active" (transformers' glm4_moe.md) with the MTP layer the
# server does not load; per-head q/k norms (use_qk_norm), q/k/v biases, three dense layers first.
GLM45 = {
    "architectures": ["Glm4MoeForCausalLM"], "model_type": "glm4_moe", "hidden_size": 5120,
    "num_hidden_layers": 92, "num_attention_heads": 96, "num_key_value_heads": 8, "head_dim": 128,
    "intermediate_size": 12288, "moe_intermediate_size": 1536, "n_routed_experts": 160, "n_shared_experts": 1,
    "num_experts_per_tok": 8, "first_k_dense_replace": 3, "vocab_size": 151552, "attention_bias": True,
    "use_qk_norm": True, "tie_word_embeddings": False, "num_nextn_predict_layers": 1,
    "partial_rotary_factor": 0.5, "max_position_embeddings": 131072,
}  # fmt: skip
# CohereLabs/c4ai-command-r7b-12-2024 config.json: 8.03B, Hugging Face's count of the checkpoint; one
# LayerNorm (no bias) a layer before attention and MLP side by side.
COMMAND_R7B = {
    "architectures": ["Cohere2ForCausalLM"], "model_type": "cohere2", "hidden_size": 4096,
    "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
    "intermediate_size": 14336, "vocab_size": 256000, "tie_word_embeddings": True,
    "max_position_embeddings": 8192, "sliding_window": 4096, "sliding_window_pattern": 4,
}  # fmt: skip
# swiss-ai/Apertus-8B-Instruct-2509 config.json: transformers' ApertusConfig (modular_apertus.py, "Apertus-8B
# style": vocabulary 131,072, hidden 4096, 32 layers, 32 heads, 65,536 positions, llama3 rope x8 from 8,192,
# untied) with 8 KV heads and a 21,504-wide MLP, the only widths that make the Hub's 8.05B (14,336, the class's
# default, would make 7.04B). Its MLP is Nemotron's up/down (ApertusMLP(NemotronMLP)) around xIELU, no gate, with
# per-head q/k norms; xIELU's two learned scalars a layer are the 64 parameters the count leaves out.
APERTUS_8B = {
    "architectures": ["ApertusForCausalLM"], "model_type": "apertus", "hidden_size": 4096,
    "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 21504,
    "vocab_size": 131072, "hidden_act": "xielu", "qk_norm": True, "mlp_bias": False, "attention_bias": False,
    "tie_word_embeddings": False, "max_position_embeddings": 65536,
    "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "original_max_position_embeddings": 8192,
                     "low_freq_factor": 1.0, "high_freq_factor": 4.0},
}  # fmt: skip
# allenai/Olmo-3-1025-7B config.json: OLMo 2 7B's shapes with a 100,278-token vocabulary (7.30B), three
# sliding-window layers of 4,096 tokens in every four (layer_types).
OLMO3_7B = {
    **OLMO2_7B, "architectures": ["Olmo3ForCausalLM"], "model_type": "olmo3", "vocab_size": 100278,
    "max_position_embeddings": 65536, "sliding_window": 4096,
    "layer_types": ["sliding_attention", "sliding_attention", "sliding_attention", "full_attention"] * 8,
}  # fmt: skip
# inclusionAI/Ling-lite-1.5 config.json as a Rust loader's parse test reproduces it field for field: "16.8B total,
# 2.75B activated" (card). No dense layer (first_k_dense_replace 0), so intermediate_size sizes nothing; two shared
# experts of 1,408 beside 64 routed ones (vLLM bailing_moe.py: one shared MLP moe_intermediate_size x
# num_shared_experts wide).
LING_LITE = {
    "architectures": ["BailingMoeForCausalLM"], "model_type": "bailing_moe", "hidden_size": 2048,
    "intermediate_size": 1408, "moe_intermediate_size": 1408, "num_experts": 64, "num_shared_experts": 2,
    "num_experts_per_tok": 6, "num_hidden_layers": 28, "num_attention_heads": 16, "num_key_value_heads": 4,
    "vocab_size": 126464, "first_k_dense_replace": 0, "use_qkv_bias": False, "use_bias": False, "norm_head": False,
    "rope_theta": 600000, "tie_word_embeddings": False, "max_position_embeddings": 32768,
}  # fmt: skip
# inclusionAI/Ling-mini-2.0 config.json (Ling 2.0) as a Swift loader's fixture transcribes it (model_type bailing_moe,
# BailingMoeV2ForCausalLM) and as SGLang's test shrinks it (the same keys: moe_shared_expert_intermediate_size,
# use_qk_norm, moe_router_enable_expert_bias): "16B total, 1.4B activated (789M non-embedding)" (card). Per-head
# q/k norms, one shared expert of 512, a router with an expert bias, the first layer dense.
LING_MINI_2 = {
    "architectures": ["BailingMoeV2ForCausalLM"], "model_type": "bailing_moe", "num_hidden_layers": 20,
    "hidden_size": 2048, "intermediate_size": 5120, "first_k_dense_replace": 1, "moe_intermediate_size": 512,
    "moe_shared_expert_intermediate_size": 512, "num_shared_experts": 1, "num_experts": 256,
    "num_experts_per_tok": 8, "n_group": 8, "topk_group": 4, "norm_topk_prob": True, "routed_scaling_factor": 2.5,
    "score_function": "sigmoid", "moe_router_enable_expert_bias": True, "num_attention_heads": 16,
    "num_key_value_heads": 4, "head_dim": 128, "use_qk_norm": True, "partial_rotary_factor": 0.5,
    "rope_theta": 600000, "tie_word_embeddings": False, "vocab_size": 157184, "max_position_embeddings": 32768,
}  # fmt: skip
# nvidia/Minitron-4B-Base config.json (model_type nemotron, the keys of transformers' NeMo-to-HF converter):
# hidden 3072, 32 layers, 24 heads and 8 KV heads of 128, a 9,216-wide squared-ReLU MLP (up/down, no gate),
# LayerNorm1P norms (a weight and a bias), vocabulary 256,000, untied, 4,096 positions. The Hub lists 4.19B, and an
# FP16 GGUF of it 7.8 GB (4,190,509,056 x 2 bytes = 7.81 GiB); read as Llama's gated MLP it had been 5.10B.
MINITRON_4B = {
    "architectures": ["NemotronForCausalLM"], "model_type": "nemotron", "hidden_act": "relu2", "hidden_size": 3072,
    "intermediate_size": 9216, "max_position_embeddings": 4096, "num_attention_heads": 24, "num_hidden_layers": 32,
    "num_key_value_heads": 8, "head_dim": 128, "norm_eps": 1e-05, "partial_rotary_factor": 0.5, "rope_theta": 10000,
    "tie_word_embeddings": False, "vocab_size": 256000,
}  # fmt: skip
# LiquidAI/LFM2-1.2B config.json's layer layout: ten short-convolution layers and six attention layers.
LFM2 = {
    "architectures": ["Lfm2ForCausalLM"], "model_type": "lfm2", "hidden_size": 2048, "num_hidden_layers": 16,
    "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 65536, "conv_L_cache": 3,
    "layer_types": ["conv", "conv", "full_attention", "conv", "conv", "full_attention", "conv", "conv",
                    "full_attention", "conv", "full_attention", "conv", "full_attention", "conv",
                    "full_attention", "conv"],
}  # fmt: skip


def read(config: dict):
    return pasted.read(pasted.find("quanto de memória pra esse modelo? " + json.dumps(config)))


# Each count by the modeling code's shapes (transformers modeling_<type>.py, vLLM's model files), e.g. ERNIE
# 4.5 21B-A3B: embeddings 103,424 x 2,560 (tied) = 264.8M; 28 attention blocks of q, o 2,560 x 2,560 and k, v
# 2,560 x 512 = 15.7M each; layer 0 a dense MLP of 3 x 2,560 x 12,288; 27 MoE layers of 64 experts of
# 3 x 2,560 x 1,536, a shared MLP twice that wide, a 64-wide router and its 64 correction biases; 57 norms.
@pytest.mark.parametrize(
    ("config", "params", "active"),
    [
        (MAVERICK, 400_711_848_960, 17_184_691_200),  # 400B total / 17B active
        (SCOUT, 107_769_861_120, 17_172_894_720),  # 109B with the vision encoder / 17B active
        (ERNIE_MOE, 21_825_437_888, 3_352_150_208),  # 21B / 3B
        (HUNYUAN_A13B, 80_393_183_232, 12_747_448_320),  # 80B / 13B
        (DOTS1, 142_774_381_696, 14_016_588_928),  # 142B / 14B
        (MINIMAX_M2, 228_689_764_864, 11_030_553_088),  # 230B / 10B
        (GLM45, 352_797_829_024, 33_632_266_144),  # 355B with its MTP layer / 32B
        (OLMO2_7B, 7_298_617_344, 7_298_617_344),  # 7.30B
        (EXAONE4_32B, 32_003_216_384, 32_003_216_384),  # 32,003,216,384 exactly
        (COMMAND_R7B, 8_028_033_024, 8_028_033_024),  # 8.03B
        (APERTUS_8B, 8_053_338_112, 8_053_338_112),  # 8.05B (gated, it had been 10.87B)
        (OLMO3_7B, 7_298_011_136, 7_298_011_136),  # 7.30B
        (LING_LITE, 16_801_974_272, 2_753_153_024),  # 16.8B / 2.75B (16.32B without the shared experts)
        (LING_MINI_2, 16_255_643_392, 1_432_973_056),  # 16B / 1.4B
        (MINITRON_4B, 4_190_509_056, 4_190_509_056),  # 4.19B (5.10B as a gated MLP)
    ],
)
def test_a_newer_architecture_is_counted_as_its_checkpoint(config, params, active):
    model = read(config)
    assert model.params == params
    assert model.active_params == active


def test_llama4_keeps_a_chunk_in_three_of_four_layers_and_the_whole_context_in_the_fourth():
    maverick = read(MAVERICK)
    assert maverick.layer_pattern == "LLLG" and maverick.window == 8192
    assert maverick.moe is not None and maverick.moe.every == 2 and maverick.moe.shared_experts == 1
    # 8 KV heads of 128 at 2 bytes: 4,096 bytes per token per layer; 12 full layers hold all 131,072 tokens,
    # 36 chunked ones at most 8,192 (it had been 48 x 4,096 x 131,072 = 25.8 GB).
    assert kv_cache.sequence_bytes(maverick, 131_072, 2) == 12 * 4096 * 131_072 + 36 * 4096 * 8192
    assert kv_cache.sequence_bytes(maverick, 4096, 2) == 48 * 4096 * 4096
    assert read(SCOUT).max_context == 10_485_760


def test_exaone4s_spelled_pattern_keeps_a_window_in_three_of_four_layers():
    model = read(EXAONE4_32B)
    assert (model.layer_pattern, model.window) == ("LLLG", 4096)
    # 8 KV heads of 128 at 2 bytes = 4,096 bytes per token per layer: 16 full layers, 48 windowed ones.
    assert kv_cache.sequence_bytes(model, 32_768, 2) == 16 * 4096 * 32_768 + 48 * 4096 * 4096
    # EXAONE 4.0 1.2B writes no window: every layer full.
    small = architecture({**EXAONE4_32B, "sliding_window": None})
    assert "window" not in small and small.get("layer_pattern", "G") == "G"


def test_a_dense_config_of_a_moe_family_that_writes_one_expert_is_dense():
    # tencent/Hunyuan-7B-Instruct's shape (hunyuan_v1_dense) with the num_experts 1 dense configs carry:
    # embeddings 128,167 x 4,096 (tied), 32 layers of q, o 4,096 x 4,096, k, v 4,096 x 1,024, a gated MLP of
    # 3 x 4,096 x 14,336, two norms and per-head q/k norms of 128.
    dense = {**HUNYUAN_A13B, "model_type": "hunyuan_v1_dense", "architectures": ["HunYuanDenseV1ForCausalLM"],
             "intermediate_size": 14336, "num_experts": 1, "moe_topk": 1, "num_shared_expert": 1,
             "moe_intermediate_size": None, "use_mixed_mlp_moe": False}  # fmt: skip
    model = read(dense)
    per_layer = 2 * 4096 * 4096 + 2 * 4096 * 1024 + 3 * 4096 * 14336 + 2 * 4096 + 2 * 128
    assert model.moe is None and model.params == 128_167 * 4096 + 32 * per_layer + 4096


def test_olmo3_keeps_full_width_qk_norms_and_a_window_in_three_of_four_layers():
    model = read(OLMO3_7B)
    assert model.qk_norm_full and (model.layer_pattern, model.window) == ("LLLG", 4096)
    # 32 KV heads of 128 at 2 bytes = 16,384 bytes per token per layer: 8 full layers, 24 windowed ones.
    assert kv_cache.sequence_bytes(model, 65_536, 2) == 8 * 16_384 * 65_536 + 24 * 16_384 * 4096


def test_mla_and_plain_gqa_kv_per_token_of_the_moe_families():
    # MiniMax-M2: 62 layers x 2 x 8 heads x 128 x 2 bytes; Hunyuan-A13B: 32 layers of the same heads.
    assert kv_cache.bytes_per_token(read(MINIMAX_M2), 2) == 62 * 4096
    assert kv_cache.bytes_per_token(read(HUNYUAN_A13B), 2) == 32 * 4096
    # dots.llm1 keeps all 32 heads (no GQA): 62 x 2 x 32 x 128 x 2 bytes.
    assert kv_cache.bytes_per_token(read(DOTS1), 2) == 62 * 16_384


@pytest.mark.parametrize(
    ("config", "reason"),
    [
        (LFM2, "lfm2"),
        # Any other family whose layers are not attention: the layer types it names are said.
        ({**LFM2, "model_type": "new_hybrid"}, "layer_types"),
        ({**HUNYUAN_A13B, "moe_topk": [8] * 16 + [4] * 16}, "per_layer_moe"),
        ({**OLMO2_7B, "model_type": "phi3small", "architectures": ["Phi3SmallForCausalLM"]}, "phi3small"),
        ({**HUNYUAN_A13B, "use_cla": True}, "cross_layer_attention"),
        ({**ERNIE_MOE, "moe_layer_end_index": 20}, "moe_trailing_dense"),
        ({**DOTS1, "model_type": "qwen3_moe", "mlp_only_layers": [5, 9]}, "mlp_only_layers"),
        ({**EXAONE4_32B, "sliding_window_pattern": "LLXG"}, "layer_types"),
        ({**COMMAND_R7B, "layer_types": ["sliding_attention"] * 3}, "layer_count"),
    ],
)
def test_what_cannot_be_counted_exactly_is_refused_with_the_reason(config, reason):
    with pytest.raises(Unsupported) as e:
        architecture(config)
    assert e.value.reason == reason


@pytest.fixture
def pipeline(tmp_path):
    pipe = Pipeline(RequestLog(tmp_path / "log.db"), hub=Hub(enabled=False, cache_dir=tmp_path / "hub"))
    yield pipe
    pipe.log.close()


def test_a_pasted_llama4_config_is_answered_with_its_chunked_kv_cache(pipeline):
    reply = pipeline.ask(
        "quanto de memória pra esse modelo com 128k de contexto e 4 usuários? " + json.dumps(MAVERICK),
        Where("slash_command", user_id="U1"),
    )
    assert reply.outcome == "answered"
    valid(reply.message.blocks)
    text = reply.text_answer
    assert "401B parâmetros" in text
    # 7,650,410,496 bytes a conversation: 12 full layers and 36 chunked ones (above).
    assert "(4 × 7,7 GB por conversa de 131.072 tokens)" in text


def test_a_refused_family_is_said_in_the_users_language(pipeline):
    reply = pipeline.ask("quanto de memória? " + json.dumps(LFM2), Where("slash_command", user_id="U1"))
    assert reply.outcome in ("not_understood", "needs_input")
    assert "convolução curta do LFM2" in text_of(reply.message.blocks)
    reply = pipeline.ask(
        "how much memory for this model? " + json.dumps({**HUNYUAN_A13B, "moe_topk": [8] * 16 + [4] * 16}),
        Where("slash_command", user_id="U1"),
    )
    assert "moe_topk that differs from layer to layer" in text_of(reply.message.blocks)


def test_ling_2_sizes_its_shared_expert_by_its_own_width_as_its_card_counts():
    model = read(LING_MINI_2)
    parts = model.parts
    # The card's 789M non-embedding activated: 20 attention blocks, the dense first layer, in 19 layers 8 of the 256
    # experts, the shared one and the router.
    assert round((model.active_params - parts.embeddings - parts.lm_head) / 1e6) == 789
    assert round(model.active_params / 1e9, 1) == 1.4
    # moe_shared_expert_intermediate_size, not moe_intermediate_size, sets the shared expert (19 MoE layers).
    wider = read({**LING_MINI_2, "moe_shared_expert_intermediate_size": 1024})
    assert wider.params - model.params == 19 * 3 * 2048 * 512
    # 20 layers x 4 KV heads x 128 x 2 (keys and values) x 2 bytes.
    assert kv_cache.bytes_per_token(model, 2) == 20 * 4 * 128 * 2 * 2
    # Megatron-Bridge's and others' copies write the v2 model_type; the layers are the same.
    assert read({**LING_MINI_2, "model_type": "bailing_moe_v2"}).params == model.params


def test_nemotron_4s_mlp_has_no_gate_and_its_norms_a_bias():
    model = read(MINITRON_4B)
    assert (model.mlp, model.norm) == ("plain", "layer")
    # attention_bias biases q, k, v and o (NemotronAttention), mlp_bias the up and down projections.
    biased = read({**MINITRON_4B, "attention_bias": True, "mlp_bias": True})
    assert biased.params - model.params == 32 * ((3072 + 2 * 1024 + 3072) + (9216 + 3072))
    # NeMo's converter writes the head width as kv_channels.
    assert read({**MINITRON_4B, "head_dim": None, "kv_channels": 128}).params == model.params


def test_attention_bias_biases_o_proj_where_the_modeling_code_does():
    llama = {**MINITRON_4B, "model_type": "llama", "architectures": ["LlamaForCausalLM"]}
    plain = read(llama).params
    # LlamaAttention: q, k, v and o_proj all take bias=config.attention_bias.
    assert read({**llama, "attention_bias": True}).params - plain == 32 * (3072 + 2 * 1024 + 3072)
    # Seed-OSS says o_proj's apart (attention_out_bias); GLM's o_proj has none (GlmAttention).
    seed = {**llama, "model_type": "seed_oss", "attention_bias": True, "attention_out_bias": False}
    assert read(seed).params - plain == 32 * (3072 + 2 * 1024)
    glm = read(GLM45).params - read({**GLM45, "attention_bias": False}).params
    assert glm == 92 * (96 * 128 + 2 * 8 * 128)
    # Qwen2 biases q, k and v always and o_proj never (Qwen2Attention); Qwen3 is Llama's again.
    qwen2 = {**llama, "model_type": "qwen2"}
    assert (
        read({**qwen2, "attention_bias": True}).params == read(qwen2).params == plain + 32 * (3072 + 2 * 1024)
    )
    qwen3 = {**llama, "model_type": "qwen3"}
    assert read({**qwen3, "attention_bias": True}).params - read(qwen3).params == 32 * (
        3072 + 2 * 1024 + 3072
    )


def test_llama4s_chunked_layers_are_checked_at_start_up_with_their_whole_chunk():
    maverick = read(MAVERICK)
    assert maverick.chunked_attention
    prefill = kv_cache.admission_bytes(maverick, 131_072, 2, chunk=2048) - kv_cache.sequence_bytes(
        maverick, 131_072, 2
    )
    # vLLM's ChunkedLocalAttentionSpec: attention_chunk_size + max_num_batched_tokens = 8,192 + 2,048 tokens in each
    # of the 36 chunked layers, 2,048 beyond the chunk they keep once decoding.
    assert prefill == 36 * 4096 * 2048
    # The same layers as a sliding window of 8,192 keep its last 8,191 tokens beside the chunk (SlidingWindowSpec).
    layers = ["sliding_attention"] * 3 + ["full_attention"]
    sliding = read({**MAVERICK, "text_config": {**MAVERICK["text_config"], "layer_types": layers * 12,
                                                "sliding_window": 8192}})  # fmt: skip
    assert not sliding.chunked_attention and sliding.layer_pattern == "LLLG"
    slid = kv_cache.admission_bytes(sliding, 131_072, 2, chunk=2048) - kv_cache.sequence_bytes(
        sliding, 131_072, 2
    )
    assert slid == 36 * 4096 * 2047
    # Spelled out in layer_types, chunked layers take attention_chunk_size as their window.
    spelled = read({**MAVERICK, "text_config": {**MAVERICK["text_config"], "attention_chunk_size": 4096,
                                                "layer_types": (["chunked_attention"] * 3 + ["full_attention"]) * 12}})  # fmt: skip
    assert spelled.chunked_attention and spelled.window == 4096


def test_the_catalogues_llama_4_models_attend_in_chunks(catalog):
    for name in ("llama-4-scout", "llama-4-maverick"):
        model = catalog.model(name)
        assert model.chunked_attention and model.window == 8192


@pytest.mark.parametrize(
    ("config", "reason"),
    [
        # Kimi K3's full-rank KDA gates, Ling 2.5's grouped linear layers (MiniMax-01's lightning attention and
        # Kimi Linear's KDA are read: tests/test_hub_hybrids3.py, tests/test_hub_hybrids4.py).
        ({**LING_MINI_2, "model_type": "kimi_linear", "linear_attn_config": {"full_attn_layers": [4, 8],
          "use_full_rank_gate": True}}, "kimi_linear_variant"),
        ({**LING_MINI_2, "model_type": "bailing_hybrid", "layer_group_size": 6, "kv_lora_rank": 512,
          "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128}, "linear_bailing_hybrid"),
        # RecurrentGemma's blocks are read (tests/test_hub_hybrids4.py); a block kind Griffin does not define is not
        ({**OLMO2_7B, "model_type": "recurrent_gemma", "block_types": ["recurrent", "mlstm", "attention"],
          "lru_width": 4096, "attention_window_size": 2048}, "layer_kinds"),
        # Linear-attention keys under a model_type not named: said as such.
        ({**OLMO2_7B, "model_type": "some_linear", "linear_attn_config": {"full_attn_layers": [4, 8]}}, "linear_other"),
        # vLLM runs one kind of local layer a model: sliding and chunked together are refused, as vLLM refuses them.
        ({**COMMAND_R7B, "attention_chunk_size": 8192,
          "layer_types": ["sliding_attention", "chunked_attention", "sliding_attention", "full_attention"] * 8},
         "layer_types"),
    ],
)  # fmt: skip
def test_a_hybrid_whose_state_is_not_read_is_refused_not_counted_as_attention(config, reason):
    with pytest.raises(Unsupported) as e:
        architecture(config)
    assert e.value.reason == reason


def test_a_refused_linear_attention_hybrid_is_said_in_the_users_language(pipeline):
    kimi = {
        **LING_MINI_2,
        "model_type": "kimi_linear",
        "mla_use_output_gate": True,
        "linear_attn_config": {"full_attn_layers": [4, 8]},
    }
    reply = pipeline.ask(
        "quanto de memória pra esse modelo? " + json.dumps(kimi), Where("slash_command", user_id="U1")
    )
    assert reply.outcome in ("not_understood", "needs_input")
    assert "um Kimi Linear com mla_use_output_gate, blocos que" in text_of(reply.message.blocks)
    reply = pipeline.ask(
        "how much memory for this model? " + json.dumps(kimi), Where("slash_command", user_id="U1")
    )
    assert "a Kimi Linear layout with mla_use_output_gate, blocks" in text_of(reply.message.blocks)


def test_llama_4s_answer_names_its_chunked_layers_and_the_vllm_setting_they_rely_on(capsys, pipeline):
    pt = answer(capsys, "llama 4 scout em 2 h200, contexto de 131072 tokens")
    assert (
        "com um bloco de prefill inteiro ao lado do bloco de atenção nas camadas de atenção em blocos" in pt
    ), pt
    assert "VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=1" in pt
    en = answer(capsys, "llama 4 scout on 2 h200, 131072 tokens of context")
    assert "in the chunked-attention layers" in en and "use chunked attention of 8,192 tokens" in en, en
    # A sliding window is still called one.
    gemma = answer(capsys, "gemma 3 27b numa h200, contexto de 131072 tokens")
    assert "nas camadas de janela deslizante" in gemma and "VLLM_ALLOW_CHUNKED" not in gemma
    reply = pipeline.ask(
        "llama 4 scout em 2 h200, contexto de 131072 tokens", Where("slash_command", user_id="U1")
    )
    valid(reply.message.blocks)
    assert "nas camadas de atenção em blocos" in text_of(reply.message.blocks)
