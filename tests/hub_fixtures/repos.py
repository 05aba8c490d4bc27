"""The repos the fake Hub serves: config.json as published, the quantization config, and how their
safetensors are laid out. Sources and the published figures each one is checked against: README.md here."""

from __future__ import annotations

from . import checkpoints as ck

LLAMA_31_ROPE = {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                 "original_max_position_embeddings": 8192, "rope_type": "llama3"}  # fmt: skip

LLAMA2_13B = {
    "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 5120, "intermediate_size": 13824,
    "num_hidden_layers": 40, "num_attention_heads": 40, "num_key_value_heads": 40, "vocab_size": 32000,
    "max_position_embeddings": 4096, "rms_norm_eps": 1e-05, "tie_word_embeddings": False, "torch_dtype": "float16",
}  # fmt: skip
LLAMA31_8B = {
    "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
    "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
    "max_position_embeddings": 131072, "rope_scaling": LLAMA_31_ROPE, "rms_norm_eps": 1e-05,
    "tie_word_embeddings": False, "torch_dtype": "bfloat16",
}  # fmt: skip
LLAMA31_405B = {
    **LLAMA31_8B, "hidden_size": 16384, "intermediate_size": 53248, "num_hidden_layers": 126,
    "num_attention_heads": 128, "num_key_value_heads": 8,
}  # fmt: skip
QWEN25_72B = {
    "architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "hidden_size": 8192, "num_hidden_layers": 80,
    "num_attention_heads": 64, "num_key_value_heads": 8, "vocab_size": 152064, "max_position_embeddings": 32768,
    "rope_theta": 1000000.0, "sliding_window": 131072, "use_sliding_window": False, "max_window_layers": 70,
    "rms_norm_eps": 1e-06, "tie_word_embeddings": False,
    # The AWQ and GPTQ releases pad the MLP from 29568 to 29696 so that it splits into 128-wide groups
    # across 8 tensor-parallel ranks (Qwen2.5-72B-Instruct-AWQ / -GPTQ-Int4 config.json).
    "intermediate_size": 29696, "torch_dtype": "float16",
}  # fmt: skip
GPT_OSS_20B = {
    "architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss", "hidden_size": 2880, "intermediate_size": 2880,
    "num_hidden_layers": 24, "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 64,
    "vocab_size": 201088, "tie_word_embeddings": False, "max_position_embeddings": 131072, "sliding_window": 128,
    "layer_types": ["sliding_attention", "full_attention"] * 12, "num_local_experts": 32,
    "num_experts_per_tok": 4, "experts_per_token": 4, "attention_bias": True, "torch_dtype": "bfloat16",
    "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0,
                     "original_max_position_embeddings": 4096, "rope_type": "yarn", "truncate": False},
    "quantization_config": {"quant_method": "mxfp4", "modules_to_not_convert": [
        "model.layers.*.self_attn", "model.layers.*.mlp.router", "model.embed_tokens", "lm_head"]},
}  # fmt: skip
# Qwen3-Next's shape, served as Qwen/Qwen3-Coder-Next, whose config.json has it (Qwen3-Next-80B-A3B itself is a
# catalogue model, which never goes to the Hub).
QWEN3_NEXT = {
    "architectures": ["Qwen3NextForCausalLM"], "model_type": "qwen3_next", "hidden_size": 2048,
    "intermediate_size": 5120, "num_hidden_layers": 48, "num_attention_heads": 16, "num_key_value_heads": 2,
    "head_dim": 256, "vocab_size": 151936, "max_position_embeddings": 262144, "rope_theta": 10000000,
    "partial_rotary_factor": 0.25, "full_attention_interval": 4, "linear_num_key_heads": 16,
    "linear_num_value_heads": 32, "linear_key_head_dim": 128, "linear_value_head_dim": 128,
    "linear_conv_kernel_dim": 4, "num_experts": 512, "num_experts_per_tok": 10, "moe_intermediate_size": 512,
    "shared_expert_intermediate_size": 512, "decoder_sparse_step": 1, "mlp_only_layers": [],
    "norm_topk_prob": True, "tie_word_embeddings": False, "torch_dtype": "bfloat16", "rms_norm_eps": 1e-06,
}  # fmt: skip
DEEPSEEK_V31 = {
    "architectures": ["DeepseekV3ForCausalLM"], "model_type": "deepseek_v3", "hidden_size": 7168,
    "intermediate_size": 18432, "moe_intermediate_size": 2048, "num_hidden_layers": 61, "num_attention_heads": 128,
    "num_key_value_heads": 128, "vocab_size": 129280, "tie_word_embeddings": False,
    "max_position_embeddings": 163840, "rope_theta": 10000,
    "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0,
                     "original_max_position_embeddings": 4096, "type": "yarn"},
    "num_experts_per_tok": 8, "n_routed_experts": 256, "n_shared_experts": 1, "first_k_dense_replace": 3,
    "moe_layer_freq": 1, "kv_lora_rank": 512, "q_lora_rank": 1536, "qk_rope_head_dim": 64,
    "qk_nope_head_dim": 128, "v_head_dim": 128, "num_nextn_predict_layers": 1, "topk_method": "noaux_tc",
    "torch_dtype": "bfloat16",
    "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
                            "weight_block_size": [128, 128]},
}  # fmt: skip
QWEN25_VL_7B = {
    "architectures": ["Qwen2_5_VLForConditionalGeneration"], "model_type": "qwen2_5_vl", "hidden_size": 3584,
    "intermediate_size": 18944, "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
    "vocab_size": 152064, "max_position_embeddings": 128000, "rope_theta": 1000000.0, "sliding_window": 32768,
    "use_sliding_window": False, "tie_word_embeddings": False, "torch_dtype": "bfloat16", "rms_norm_eps": 1e-06,
    "vision_config": {"depth": 32, "hidden_size": 1280, "intermediate_size": 3420, "num_heads": 16,
                      "out_hidden_size": 3584, "patch_size": 14, "spatial_merge_size": 2, "temporal_patch_size": 2,
                      "window_size": 112, "fullatt_block_indexes": [7, 15, 23, 31]},
}  # fmt: skip

# nvidia/NVIDIA-Nemotron-Nano-9B-v2's config.json, as sizing/data/models.toml's nemotron-nano-9b-v2 entry cites it
# (Megatron-Bridge's NemotronNanoModelProvider9Bv2 and the public config: hybrid_override_pattern, 56 layers, hidden
# 4480, 128 Mamba heads of 80, state 128, 8 groups, conv_kernel 4, FFN 15680, 40 heads, 8 KV heads of 128,
# vocab and context 131072, untied; transformers' NemotronHConfig: use_conv_bias true, no projection biases,
# mamba_ssm_cache_dtype float32), with the key names config.json uses (transformers configuration_nemotron_h.py).
# Served as the 9B v2's base model, NVIDIA's release of the same architecture, which the catalogue does not list.
NEMOTRON_NANO_9B_V2 = {
    "architectures": ["NemotronHForCausalLM"], "model_type": "nemotron_h", "hidden_size": 4480,
    "intermediate_size": 15680, "num_hidden_layers": 56, "num_attention_heads": 40, "num_key_value_heads": 8,
    "head_dim": 128, "vocab_size": 131072, "max_position_embeddings": 131072,
    "hybrid_override_pattern": "M-M-M-MM-M-M-M*-M-M-M*-M-M-M-M*-M-M-M-M*-M-MM-M-M-M-M-M-",
    "mamba_num_heads": 128, "mamba_head_dim": 80, "ssm_state_size": 128, "n_groups": 8, "conv_kernel": 4,
    "expand": 2, "use_conv_bias": True, "mamba_proj_bias": False, "use_bias": False, "mlp_bias": False,
    "attention_bias": False, "mlp_hidden_act": "relu2", "mamba_ssm_cache_dtype": "float32",
    "tie_word_embeddings": False, "torch_dtype": "bfloat16",
}  # fmt: skip
# ibm-granite/granite-4.0-h-small's config.json, as models.toml's granite-4.0-h-small entry cites it (the model
# card's table and the config: granitemoehybrid, 40 layers of which 4 attention, hidden 4096, 32 heads, 8 KV heads,
# 72 experts of 768 with 10 a token, shared_intermediate_size 1536, mamba_n_heads 128, mamba_d_state 128,
# mamba_d_conv 4, mamba_expand 2, one group, vocab 100352, tied, 128k). The attention layers' places are not cited
# (nor are they in the entry): one in each ten, the sixth, as the entry's pattern has them.
GRANITE_LAYERS = (["mamba"] * 5 + ["attention"] + ["mamba"] * 4) * 4
GRANITE_4_H_SMALL = {
    "architectures": ["GraniteMoeHybridForCausalLM"], "model_type": "granitemoehybrid", "hidden_size": 4096,
    "intermediate_size": 768, "shared_intermediate_size": 1536, "num_hidden_layers": 40, "num_attention_heads": 32,
    "num_key_value_heads": 8, "vocab_size": 100352, "max_position_embeddings": 131072,
    "layer_types": GRANITE_LAYERS, "num_local_experts": 72, "num_experts_per_tok": 10, "mamba_n_heads": 128,
    "mamba_d_head": 64, "mamba_d_state": 128, "mamba_n_groups": 1, "mamba_d_conv": 4, "mamba_expand": 2,
    "mamba_conv_bias": True, "mamba_proj_bias": False, "position_embedding_type": "nope",
    "tie_word_embeddings": True, "torch_dtype": "bfloat16",
}  # fmt: skip
# ai21labs/Jamba-v0.1 config.json: one attention layer in 8, the others Mamba (state, no KV cache).
JAMBA_V01 = {
    "architectures": ["JambaForCausalLM"], "model_type": "jamba", "hidden_size": 4096, "intermediate_size": 14336,
    "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 65536,
    "attn_layer_period": 8, "attn_layer_offset": 4, "expert_layer_period": 2, "expert_layer_offset": 1,
    "num_experts": 16, "num_experts_per_tok": 2, "mamba_d_state": 16, "mamba_d_conv": 4, "mamba_expand": 2,
    "mamba_dt_rank": 256, "max_position_embeddings": 262144, "torch_dtype": "bfloat16",
}  # fmt: skip
# A Falcon-H1 config.json's keys (transformers FalconH1Config; values as a public code copy gives them): attention
# and a Mamba-2 mixer side by side in every layer.
FALCON_H1 = {
    "model_type": "falcon_h1", "hidden_size": 2048, "intermediate_size": 4608, "num_hidden_layers": 24,
    "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 128, "vocab_size": 65537,
    "mamba_d_state": 256, "mamba_d_conv": 4, "mamba_n_groups": 1, "mamba_n_heads": 48, "mamba_d_head": 64,
    "mamba_d_ssm": 3072,
}  # fmt: skip
# ibm-granite/granite-3.0-1b-a400m-base's config.json as published (huggingface.co/ibm-granite/
# granite-3.0-1b-a400m-base/blob/3f8e541994ce0b12c6ac68f929f15e5f58388810/config.json): granitemoe, 32 experts
# of 512, 8 a token, no shared expert.
GRANITE_3_1B_A400M = {
    "architectures": ["GraniteMoeForCausalLM"], "model_type": "granitemoe", "hidden_size": 1024,
    "intermediate_size": 512, "num_hidden_layers": 24, "num_attention_heads": 16, "num_key_value_heads": 8,
    "num_local_experts": 32, "num_experts_per_tok": 8, "vocab_size": 49152, "max_position_embeddings": 4096,
    "tie_word_embeddings": True, "attention_multiplier": 0.015625, "embedding_multiplier": 12.0,
    "logits_scaling": 6.0, "residual_multiplier": 0.22, "torch_dtype": "bfloat16",
}  # fmt: skip
# The same model as GraniteMoeShared (transformers GraniteMoeSharedConfig: granitemoe plus a shared MLP of
# shared_intermediate_size beside the experts, as vLLM's model_executor/models/granitemoeshared.py builds it).
# No ibm-granite repo with this model_type was found to copy, so this one is the 1B-A400M config above with a
# shared MLP of 1,024 (the width granite-4.0-h-tiny's config gives its shared MLP).
GRANITE_3_SHARED = {
    **GRANITE_3_1B_A400M, "architectures": ["GraniteMoeSharedForCausalLM"], "model_type": "granitemoeshared",
    "shared_intermediate_size": 1024,
}  # fmt: skip
# granite-4.0-h-micro, dense (models.toml granite-4.0-h-micro: hidden 2048, 32 heads of 64, 8 KV heads, 64 Mamba
# heads, MLP 8192, no experts: each layer's shared MLP alone).
GRANITE_4_H_MICRO = {
    **GRANITE_4_H_SMALL, "hidden_size": 2048, "intermediate_size": 8192, "shared_intermediate_size": 8192,
    "num_attention_heads": 32, "num_key_value_heads": 8, "num_local_experts": 0, "num_experts_per_tok": 0,
    "mamba_n_heads": 64,
}  # fmt: skip

# state-spaces/mamba-2.8b-hf config.json as published (transformers 4.39.0.dev0), as the README of a public GitHub
# fork of state-spaces/mamba quotes it in full ("models/mamba_2.8b_hf_config.json"): a pure Mamba-1 model, 64
# layers of 2,560 with a 5,120-wide mixer, state 16, FP32.
MAMBA_28B = {
    "architectures": ["MambaForCausalLM"], "bos_token_id": 0, "conv_kernel": 4, "eos_token_id": 0, "expand": 2,
    "fused_add_norm": True, "hidden_act": "silu", "hidden_size": 2560, "initializer_range": 0.1,
    "intermediate_size": 5120, "layer_norm_epsilon": 1e-05, "model_type": "mamba", "n_layer": 64,
    "num_hidden_layers": 64, "pad_token_id": 0, "pad_vocab_size_multiple": 8, "rescale_prenorm_residual": False,
    "residual_in_fp32": True, "rms_norm": True, "state_size": 16, "time_step_floor": 0.0001,
    "time_step_init_scheme": "random", "time_step_max": 0.1, "time_step_min": 0.001, "time_step_rank": 160,
    "time_step_scale": 1.0, "torch_dtype": "float32", "transformers_version": "4.39.0.dev0", "use_bias": False,
    "use_cache": True, "use_conv_bias": True, "vocab_size": 50280,
}  # fmt: skip

# ai21labs/AI21-Jamba-1.5-Mini config.json (huggingface.co/ai21labs/AI21-Jamba-1.5-Mini/blob/main/config.json), as a
# public test-model helper on GitHub transcribes and links it: attention in layer 4 of every 8, Mamba-1 mixers
# elsewhere, 16 experts in every other layer; "12B active / 52B total" (card). use_mamba_kernels, which the
# helper turns off, changes no shape.
JAMBA_15_MINI = {
    "architectures": ["JambaForCausalLM"], "attention_dropout": 0.0, "attn_layer_offset": 4, "attn_layer_period": 8,
    "bos_token_id": 1, "eos_token_id": [2, 518], "expert_layer_offset": 1, "expert_layer_period": 2,
    "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02, "intermediate_size": 14336,
    "mamba_conv_bias": True, "mamba_d_conv": 4, "mamba_d_state": 16, "mamba_dt_rank": 256, "mamba_expand": 2,
    "mamba_proj_bias": False, "max_position_embeddings": 262144, "model_type": "jamba", "num_attention_heads": 32,
    "num_experts": 16, "num_experts_per_tok": 2, "num_hidden_layers": 32, "num_key_value_heads": 8,
    "num_logits_to_keep": 1, "output_router_logits": False, "pad_token_id": 0, "rms_norm_eps": 1e-06,
    "router_aux_loss_coef": 0.001, "sliding_window": None, "tie_word_embeddings": False, "torch_dtype": "bfloat16",
    "transformers_version": "4.40.2", "use_cache": True, "use_mamba_kernels": False, "vocab_size": 65536,
}  # fmt: skip
# tiiuae/falcon-mamba-7b config.json (huggingface.co/tiiuae/falcon-mamba-7b/blob/main/config.json) as the same
# helper transcribes it: a pure Mamba-1 model whose intermediate_size (8,192) is written beside an expand of 16
# that it overrides; untied embeddings, BF16.
FALCON_MAMBA_7B = {
    "_name_or_path": "./", "architectures": ["FalconMambaForCausalLM"], "bos_token_id": 0, "conv_kernel": 4,
    "eos_token_id": 11, "expand": 16, "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.1,
    "intermediate_size": 8192, "layer_norm_epsilon": 1e-05, "model_type": "falcon_mamba", "num_hidden_layers": 64,
    "pad_token_id": 11, "rescale_prenorm_residual": False, "residual_in_fp32": True, "state_size": 16,
    "tie_word_embeddings": False, "time_step_floor": 0.0001, "time_step_init_scheme": "random",
    "time_step_max": 0.1, "time_step_min": 0.001, "time_step_rank": 256, "time_step_scale": 1.0,
    "torch_dtype": "bfloat16", "transformers_version": "4.43.0.dev0", "use_bias": False, "use_cache": True,
    "use_conv_bias": True, "vocab_size": 65024,
}  # fmt: skip

# ibm-fms/Bamba-9B as transformers' conversion script writes it (models/bamba/convert_mamba_ssm_checkpoint.py:
# convert_ssm_config_to_hf_config, with its mamba_d_head 64, mamba_d_state 128 and one group, the rest BambaConfig's
# defaults: expand 2, kernel 4, 262,144 positions) from the mamba_ssm config Bamba was trained with, fms-fsdp's
# model variant mamba_9.8b (foundation-model-stack/fms-fsdp fms_fsdp/utils/config_utils.py; the bamba repo's
# training/training.md names that variant): d_model 4096, d_intermediate 14336, 32 layers, vocab 128256 (a multiple
# of its pad_vocab_size_multiple 16), attention in layers 9, 18 and 27 with 32 heads and 8 KV heads, untied.
# Card: "9B (9.78B)", 32 layers, 4096 wide, 8 KV heads, untied.
BAMBA_9B = {
    "architectures": ["BambaForCausalLM"], "model_type": "bamba", "hidden_size": 4096, "intermediate_size": 14336,
    "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
    "tie_word_embeddings": False, "attn_layer_indices": [9, 18, 27], "attn_rotary_emb": 64, "mamba_n_heads": 128,
    "mamba_d_head": 64, "mamba_n_groups": 1, "mamba_d_state": 128, "mamba_d_conv": 4, "mamba_expand": 2,
    "mamba_chunk_size": 256, "mamba_conv_bias": True, "mamba_proj_bias": False, "max_position_embeddings": 262144,
    "rms_norm_eps": 1e-05, "torch_dtype": "bfloat16",
}  # fmt: skip
# mistralai/Mamba-Codestral-7B-v0.1: transformers' Mamba2Config defaults (models/mamba2/configuration_mamba2.py),
# which are this model's shape: 64 layers of 4,096, 128 heads of 64, 8 groups, state 128, kernel 4, vocab 32,768,
# untied. They count Mistral's published 7,285,403,648 parameters exactly (mistral.ai/news/codestral-mamba).
CODESTRAL_MAMBA = {
    "architectures": ["Mamba2ForCausalLM"], "model_type": "mamba2", "hidden_size": 4096, "num_hidden_layers": 64,
    "num_heads": 128, "head_dim": 64, "n_groups": 8, "state_size": 128, "expand": 2, "conv_kernel": 4,
    "vocab_size": 32768, "use_bias": False, "use_conv_bias": True, "rms_norm": True, "chunk_size": 256,
    "tie_word_embeddings": False, "residual_in_fp32": True, "torch_dtype": "bfloat16",
}  # fmt: skip
# tiiuae/Falcon-H1-34B-Instruct: transformers' FalconH1 docs table (docs/source/en/model_doc/falcon_h1.md: 72 layers
# of 5,120, 20 attention heads and 4 KV heads of 128, 32 Mamba heads of 128, state 256, 256K context) and, for what
# the table leaves out, the family's config.json values as a public audit on GitHub tabulates them (MLP 21,504,
# vocab 261,120, Mamba width 4,096 in 2 groups, the gated RMSNorm on) and a public unit test transcribes them
# (mamba_d_conv 4, 262,144 positions); untied as FalconH1Config's default. Named 34B; the shape counts 33.64B.
FALCON_H1_34B = {
    "architectures": ["FalconH1ForCausalLM"], "model_type": "falcon_h1", "hidden_size": 5120,
    "intermediate_size": 21504, "num_hidden_layers": 72, "num_attention_heads": 20, "num_key_value_heads": 4,
    "head_dim": 128, "vocab_size": 261120, "tie_word_embeddings": False, "mamba_d_ssm": 4096, "mamba_n_heads": 32,
    "mamba_d_head": 128, "mamba_n_groups": 2, "mamba_d_state": 256, "mamba_d_conv": 4, "mamba_expand": 2,
    "mamba_conv_bias": True, "mamba_proj_bias": False, "mamba_rms_norm": True, "mamba_norm_before_gate": False,
    "projectors_bias": False, "attention_bias": False, "mlp_bias": False, "max_position_embeddings": 262144,
    "rope_theta": 1e11, "torch_dtype": "bfloat16",
}  # fmt: skip
# moonshotai/Kimi-Linear-48B-A3B-Instruct: its config.json (kimi_linear) as public ports quote it (an MLX
# conversion's test copy, a torchtitan port's defaults, a porting note with the safetensors index): 27 layers of
# 2,304, MLA in the 1-based full_attn_layers 4, 8, ..., 24 and 27, KDA (32 heads of 128, kernel 4) in the 20
# others, 32 heads, kv_lora_rank 512, no q_lora_rank, 256 experts of 1,024 with 8 per token and one shared,
# the first layer dense (9,216), vocab 163,840, untied, model_max_length 1,048,576. The index's
# total_parameters: 49,122,681,728 (card: 48B total, 3B activated). BF16; 20 shards.
KIMI_LINEAR = {
    "architectures": ["KimiLinearForCausalLM"], "model_type": "kimi_linear", "dtype": "bfloat16",
    "hidden_size": 2304, "intermediate_size": 9216, "num_hidden_layers": 27, "num_attention_heads": 32,
    "num_key_value_heads": 32, "head_dim": 72, "kv_lora_rank": 512, "q_lora_rank": None, "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64, "v_head_dim": 128, "mla_use_nope": True, "hidden_act": "silu",
    "linear_attn_config": {
        "full_attn_layers": [4, 8, 12, 16, 20, 24, 27], "head_dim": 128, "num_heads": 32,
        "kda_layers": [i for i in range(1, 28) if i not in (4, 8, 12, 16, 20, 24, 27)],
        "short_conv_kernel_size": 4,
    },
    "model_max_length": 1048576, "moe_intermediate_size": 1024, "moe_layer_freq": 1, "moe_renormalize": True,
    "moe_router_activation_func": "sigmoid", "num_expert_group": 1, "num_experts": 256,
    "num_experts_per_token": 8, "num_nextn_predict_layers": 0, "num_shared_experts": 1, "first_k_dense_replace": 1,
    "rms_norm_eps": 1e-05, "rope_theta": 10000.0, "routed_scaling_factor": 2.446, "tie_word_embeddings": False,
    "topk_group": 1, "use_grouped_topk": True, "vocab_size": 163840,
}  # fmt: skip

# MiniMaxAI/MiniMax-M1-80k: its config.json (minimax_m1, MiniMaxM1ForCausalLM) as a public GitHub dump of the
# repo's files quotes it: 80 layers of 6,144, a softmax layer after every seven lightning ones (attn_type_list),
# 64 heads of 128 and 8 KV heads, 32 experts of 9,216 with 2 per token, vocab 200,064, 10,240,000 positions,
# untied. The model card: 456B total, 45.9B activated. BF16; shard count not cited.
MINIMAX_M1_80K = {
    "architectures": ["MiniMaxM1ForCausalLM"], "model_type": "minimax_m1", "hidden_size": 6144,
    "intermediate_size": 9216, "num_hidden_layers": 80, "num_attention_heads": 64, "num_key_value_heads": 8,
    "head_dim": 128, "vocab_size": 200064, "max_position_embeddings": 10240000, "num_local_experts": 32,
    "num_experts_per_tok": 2, "attn_type_list": [0, 0, 0, 0, 0, 0, 0, 1] * 10, "rotary_dim": 64,
    "rope_theta": 10000000, "rms_norm_eps": 1e-05, "postnorm": True, "shared_intermediate_size": 0,
    "tie_word_embeddings": False, "hidden_act": "silu",
}  # fmt: skip

# google/recurrentgemma-2b-it and -9b-it: config.json as transformers' convert_recurrent_gemma_to_hf.py writes
# it for the 2B (hidden 2,560, intermediate_size 15,360 = twice the MLP's 7,680, 10 heads, 1 KV head, 26 layers,
# vocab 256,000) with RecurrentGemmaConfig's defaults (lru_width = hidden, a 2,048-token window, conv1d_width 4,
# block_types recurrent, recurrent, attention; head_dim = hidden / heads), and for the 9B the same from Google's
# RECURRENT_GEMMA_9B_V1 preset (google-deepmind/recurrentgemma common.py: width 4,096, MLP 3 x 4,096, 16 heads,
# lru_width 4,096, 38 blocks). Float32, the conversion's default; shard counts not cited.
_GRIFFIN = {"architectures": ["RecurrentGemmaForCausalLM"], "model_type": "recurrent_gemma",
            "num_key_value_heads": 1, "head_dim": 256, "attention_window_size": 2048, "conv1d_width": 4,
            "vocab_size": 256000, "block_types": ["recurrent", "recurrent", "attention"],
            "partial_rotary_factor": 0.5, "logits_soft_cap": 30.0, "rms_norm_eps": 1e-06,
            "hidden_activation": "gelu_pytorch_tanh", "attention_bias": False, "torch_dtype": "float32"}  # fmt: skip
RECURRENTGEMMA_2B = {**_GRIFFIN, "hidden_size": 2560, "intermediate_size": 15360, "num_hidden_layers": 26,
                     "num_attention_heads": 10, "lru_width": 2560}  # fmt: skip
RECURRENTGEMMA_9B = {**_GRIFFIN, "hidden_size": 4096, "intermediate_size": 24576, "num_hidden_layers": 38,
                     "num_attention_heads": 16, "lru_width": 4096}  # fmt: skip

# Zyphra/Zamba2-2.7B-instruct: transformers' Zamba2Config names Zyphra/Zamba2-2.7B as the model its defaults
# follow (hidden 2,560, 54 layers, 32 heads of attention_head_dim 2 x 2,560 / 32 = 160, intermediate 4 x hidden,
# mamba_d_state 64, mamba_d_conv 4, expand 2, one group, vocab 32,000, 4,096 positions, tied); where its
# defaults are not the 2.7B's, a public MLX port's 2.7B defaults: 80 Mamba heads (of 64), two shared blocks
# (num_mem_blocks 2, Zyphra's "two shared attention blocks ... ABAB"), MLP adapters of rank 128 and none on the
# attention; hybrid layers 6, 12, 18, 24, 30, 36, 42, 47 and 51 (a public vLLM study quotes them from this
# repo's config.json). BF16; shard count not cited.
ZAMBA2_2_7B = {
    "architectures": ["Zamba2ForCausalLM"], "model_type": "zamba2", "hidden_size": 2560, "num_hidden_layers": 54,
    "num_attention_heads": 32, "num_key_value_heads": 32, "attention_hidden_size": 5120, "attention_head_dim": 160,
    "intermediate_size": 10240, "mamba_d_state": 64, "mamba_d_conv": 4, "mamba_expand": 2, "mamba_ngroups": 1,
    "n_mamba_heads": 80, "mamba_headdim": 64, "use_conv_bias": True, "add_bias_linear": False,
    "hidden_act": "gelu", "num_mem_blocks": 2, "use_shared_mlp_adapter": True,
    "use_shared_attention_adapter": False, "adapter_rank": 128, "use_mem_rope": False, "vocab_size": 32000,
    "max_position_embeddings": 4096, "tie_word_embeddings": True, "rms_norm_eps": 1e-05,
    "hybrid_layer_ids": [6, 12, 18, 24, 30, 36, 42, 47, 51],
    "layers_block_type": ["hybrid" if i in (6, 12, 18, 24, 30, 36, 42, 47, 51) else "mamba" for i in range(54)],
}  # fmt: skip

FP8_KEEP_405B = [
    f"model.layers.{i}.self_attn.{p}" for i in range(126) for p in ("q_proj", "k_proj", "v_proj", "o_proj")
]
FP8_KEEP_405B += [
    f"model.layers.{i}.mlp.{p}" for i in (0, 125) for p in ("gate_proj", "up_proj", "down_proj")
]
FP8_KEEP_405B += ["lm_head"]


def _awq():
    return ck.decoder(QWEN25_72B, {"kind": "awq", "group": 128, "dtype": "F16"})


def _gptq72():
    return ck.decoder(QWEN25_72B, {"kind": "gptq", "group": 128, "bits": 4, "dtype": "F16"})


def _vl():
    t = ck.decoder(QWEN25_VL_7B, {"kind": "none", "dtype": "BF16"})
    t.update(ck.qwen2_5_vl_vision(QWEN25_VL_7B))
    return t


def _ct_w4a16():
    t = ck.decoder(LLAMA31_8B, {"kind": "ct_pack", "group": 128, "dtype": "BF16"})
    t["lm_head.weight"] = ("BF16", [LLAMA31_8B["vocab_size"], LLAMA31_8B["hidden_size"]])
    return t


# baidu/ERNIE-4.5-21B-A3B-PT config.json ("21B total / 3B active", its card), BF16, with the MTP block.
ERNIE45_21B = {
    "architectures": ["Ernie4_5_MoeForCausalLM"], "model_type": "ernie4_5_moe", "hidden_size": 2560,
    "intermediate_size": 12288, "max_position_embeddings": 131072, "moe_intermediate_size": 1536, "moe_k": 6,
    "moe_layer_end_index": 27, "moe_layer_interval": 1, "moe_layer_start_index": 1, "moe_num_experts": 64,
    "moe_num_shared_experts": 2, "num_attention_heads": 20, "num_hidden_layers": 28, "num_key_value_heads": 4,
    "num_nextn_predict_layers": 1, "rms_norm_eps": 1e-05, "rope_theta": 500000.0, "vocab_size": 103424,
    "tie_word_embeddings": True, "use_bias": False, "torch_dtype": "bfloat16",
}  # fmt: skip

# zai-org/GLM-4.5-Air config.json's keys as the slime training scripts transcribe them into Megatron arguments
# (vllm-project/vime and zyzshishui/slime_ scripts/models/glm4.5-106B-A12B.sh: hidden 4096, 1 dense + 45 MoE
# layers, 96 heads in 8 KV groups of 128, q/k/v biases, no q/k norm, half the head rotated, a 10,944-wide dense
# MLP, 128 experts of 1,408 with 8 per token and one shared, vocabulary 151,552, untied); 131,072 positions and
# the MTP layer (num_nextn_predict_layers 1) as the card describes them. "106B total / 12B active"
# (transformers docs/source/en/model_doc/glm4_moe.md).
GLM45_AIR = {
    "architectures": ["Glm4MoeForCausalLM"], "model_type": "glm4_moe", "hidden_size": 4096,
    "num_hidden_layers": 46, "num_attention_heads": 96, "num_key_value_heads": 8, "head_dim": 128,
    "intermediate_size": 10944, "moe_intermediate_size": 1408, "n_routed_experts": 128, "n_shared_experts": 1,
    "num_experts_per_tok": 8, "first_k_dense_replace": 1, "vocab_size": 151552, "attention_bias": True,
    "use_qk_norm": False, "partial_rotary_factor": 0.5, "rope_theta": 1000000, "tie_word_embeddings": False,
    "num_nextn_predict_layers": 1, "max_position_embeddings": 131072, "torch_dtype": "bfloat16",
}  # fmt: skip
# zai-org/GLM-4.7-Flash config.json (glm4_moe_lite) as vLLM's unit test of its Glm4MoeLiteConfig copies the
# checkpoint's keys (_glm4_moe_lite_min_config): DeepSeek's multi-head latent attention (20 heads over a 2,048
# width, so no hidden / heads head width), 64 experts of 1,536 with 4 per token and one shared, the first layer
# dense, noaux_tc routing, 202,752 positions, BF16, and (as the checkpoint ships it) one MTP layer. "30B-A3B".
GLM47_FLASH = {
    "model_type": "glm4_moe_lite", "architectures": ["Glm4MoeLiteForCausalLM"], "vocab_size": 154880,
    "hidden_size": 2048, "intermediate_size": 10240, "moe_intermediate_size": 1536, "num_hidden_layers": 47,
    "num_attention_heads": 20, "num_key_value_heads": 20, "hidden_act": "silu", "attention_bias": False,
    "max_position_embeddings": 202752, "rope_theta": 1000000.0, "rope_scaling": None, "partial_rotary_factor": 1.0,
    "q_lora_rank": 768, "kv_lora_rank": 512, "qk_nope_head_dim": 192, "qk_rope_head_dim": 64, "v_head_dim": 256,
    "n_routed_experts": 64, "n_shared_experts": 1, "num_experts_per_tok": 4, "norm_topk_prob": True,
    "routed_scaling_factor": 1.8, "n_group": 1, "topk_group": 1, "topk_method": "noaux_tc",
    "first_k_dense_replace": 1, "num_nextn_predict_layers": 1, "tie_word_embeddings": False, "dtype": "bfloat16",
}  # fmt: skip

# arcee-ai/Trinity-Mini config.json (afmoe) as a serving runtime's unit test writes its keys (its
# trinity_mini_shape test: 32 layers of 2,048, 32 heads and 4 KV heads of 128, three 2,048-token sliding layers in
# every four, two dense layers of 6,144 first, 128 experts of 1,024 with 8 per token and one shared, vocabulary
# 200,192, untied): "26B total, 3B active" (its card).
TRINITY_MINI = {
    "architectures": ["AfmoeForCausalLM"], "attention_dropout": 0.0, "global_attn_every_n_layers": 4, "head_dim": 128,
    "hidden_act": "silu", "hidden_size": 2048, "intermediate_size": 6144,
    "layer_types": ["sliding_attention", "sliding_attention", "sliding_attention", "full_attention"] * 8,
    "max_position_embeddings": 131072, "model_type": "afmoe", "moe_intermediate_size": 1024, "mup_enabled": True,
    "n_group": 1, "num_attention_heads": 32, "num_dense_layers": 2, "num_expert_groups": 1, "num_experts": 128,
    "num_experts_per_tok": 8, "num_hidden_layers": 32, "num_key_value_heads": 4, "num_limited_groups": 1,
    "num_shared_experts": 1, "rms_norm_eps": 1e-5, "rope_theta": 10000, "route_norm": True, "route_scale": 2.826,
    "score_func": "sigmoid", "sliding_window": 2048, "tie_word_embeddings": False, "topk_group": 1,
    "use_grouped_mm": True, "vocab_size": 200192, "torch_dtype": "bfloat16",
}  # fmt: skip
# arcee-ai/Trinity-Nano-Preview config.json as a Neuron port's unit test copies it ("matches
# arcee-ai/Trinity-Nano-Preview/config.json"): Trinity Mini's keys at 1,024 wide, 56 layers, 8 heads and 2 KV heads,
# experts of 256, and no layer_types (every fourth layer full, global_attn_every_n_layers). "6B total, 1B active".
TRINITY_NANO = {
    **{k: v for k, v in TRINITY_MINI.items() if k != "layer_types"}, "hidden_size": 1024, "intermediate_size": 3072,
    "moe_intermediate_size": 256, "num_attention_heads": 8, "num_hidden_layers": 56, "num_key_value_heads": 2,
}  # fmt: skip

# meituan-longcat/LongCat-Flash-Chat config.json's MoE and depth keys as an expert-expansion script's notes quote
# them ("LongCat 500B"), with the model_type and architecture vLLM's registry maps (LongcatFlashForCausalLM): its
# layout is refused before any key is read, so the keys not quoted there are not needed.
LONGCAT_FLASH = {
    "architectures": ["LongcatFlashForCausalLM"], "model_type": "longcat_flash", "n_routed_experts": 512,
    "zero_expert_num": 256, "zero_expert_type": "identity", "num_layers": 28, "hidden_size": 6144,
    "expert_ffn_hidden_size": 2048, "moe_topk": 12,
}  # fmt: skip

REPOS = {
    "meta-llama/Llama-2-13b-chat-hf": {
        "config": LLAMA2_13B, "gated": True, "shards": 3,
        "tensors": lambda: ck.decoder(LLAMA2_13B, {"kind": "none", "dtype": "F16"}),
    },
    "meta-llama/Llama-3.1-405B-Instruct-FP8": {
        "config": {**LLAMA31_405B, "quantization_config": {
            "quant_method": "fbgemm_fp8", "activation_scale_ub": 1200.0, "modules_to_not_convert": FP8_KEEP_405B}},
        "gated": True, "shards": 109,
        "tensors": lambda: ck.decoder(LLAMA31_405B, {"kind": "fbgemm_fp8"}, keep_mlp_layers=(0, 125),
                                      keep_attention=True),
    },
    "Qwen/Qwen2.5-72B-Instruct-AWQ": {
        "config": {**QWEN25_72B, "quantization_config": {
            "bits": 4, "group_size": 128, "modules_to_not_convert": None, "quant_method": "awq", "version": "gemm",
            "zero_point": True}},
        "shards": 11, "tensors": _awq,
    },
    "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4": {
        "config": {**QWEN25_72B, "quantization_config": {
            "bits": 4, "group_size": 128, "damp_percent": 0.01, "desc_act": False, "quant_method": "gptq",
            "static_groups": False, "sym": True, "true_sequential": True}},
        "shards": 11, "tensors": _gptq72,
    },
    "TheBloke/Llama-2-13B-chat-GPTQ": {
        # Older AutoGPTQ uploads keep the quantization settings in quantize_config.json, not config.json.
        "config": LLAMA2_13B, "shards": 1,
        "files": {"quantize_config.json": {"bits": 4, "group_size": 128, "damp_percent": 0.01, "desc_act": False,
                                           "sym": True, "true_sequential": True, "model_file_base_name": "model"}},
        "tensors": lambda: ck.decoder(LLAMA2_13B, {"kind": "gptq", "group": 128, "bits": 4, "dtype": "F16"}),
    },
    "unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit": {
        "config": {**LLAMA31_8B, "quantization_config": {
            "quant_method": "bitsandbytes", "load_in_4bit": True, "load_in_8bit": False,
            "bnb_4bit_quant_type": "nf4", "bnb_4bit_use_double_quant": True, "bnb_4bit_compute_dtype": "bfloat16",
            "llm_int8_skip_modules": None}},
        "shards": 1, "tensors": lambda: ck.decoder(LLAMA31_8B, {"kind": "bnb4", "dtype": "BF16"}),
    },
    "openai/gpt-oss-20b": {"config": GPT_OSS_20B, "shards": 3, "tensors": lambda: ck.gpt_oss(GPT_OSS_20B)},
    "Qwen/Qwen3-Coder-Next": {
        "config": QWEN3_NEXT, "shards": 41, "tensors": lambda: ck.qwen3_next(QWEN3_NEXT),
    },
    "deepseek-ai/DeepSeek-V3.1": {
        "config": DEEPSEEK_V31, "shards": 163, "tensors": lambda: ck.deepseek_v3(DEEPSEEK_V31),
    },
    "Qwen/Qwen2.5-VL-7B-Instruct": {"config": QWEN25_VL_7B, "shards": 5, "tensors": _vl},
    # llm-compressor's W4A16 (GPTQ, group 128, symmetric) in compressed-tensors' pack-quantized format;
    # lm_head is left in BF16 ("ignore": ["lm_head"]).
    "RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16": {
        "config": {**LLAMA31_8B, "quantization_config": {
            "quant_method": "compressed-tensors", "format": "pack-quantized", "ignore": ["lm_head"],
            "config_groups": {"group_0": {"targets": ["Linear"], "input_activations": None, "weights": {
                "num_bits": 4, "type": "int", "symmetric": True, "strategy": "group", "group_size": 128}}}}},
        "shards": 2, "tensors": lambda: _ct_w4a16(),
    },
    # Hybrids of Mamba-2 and attention the catalogue lists under other names (its entries' shapes, BF16).
    "nvidia/NVIDIA-Nemotron-Nano-9B-v2-Base": {
        "config": NEMOTRON_NANO_9B_V2, "shards": 4, "tensors": lambda: ck.nemotron_h(NEMOTRON_NANO_9B_V2),
    },
    "unsloth/granite-4.0-h-small": {
        "config": GRANITE_4_H_SMALL, "shards": 14, "tensors": lambda: ck.granite_hybrid(GRANITE_4_H_SMALL),
    },
    "unsloth/granite-4.0-h-micro": {
        "config": GRANITE_4_H_MICRO, "shards": 2, "tensors": lambda: ck.granite_hybrid(GRANITE_4_H_MICRO),
    },
    # A pure Mamba-1 model: its layers keep a fixed state per conversation, no KV cache.
    "state-spaces/mamba-2.8b-hf": {"config": MAMBA_28B, "shards": 3, "tensors": lambda: ck.mamba1(MAMBA_28B)},
    "tiiuae/falcon-mamba-7b": {
        "config": FALCON_MAMBA_7B, "shards": 4, "tensors": lambda: ck.mamba1(FALCON_MAMBA_7B, "BF16"),
    },
    # Jamba: Mamba-1 mixers and attention, experts in every other layer.
    "ai21labs/AI21-Jamba-1.5-Mini": {
        "config": JAMBA_15_MINI, "shards": 21, "tensors": lambda: ck.jamba(JAMBA_15_MINI),
    },
    # Mamba-2 hybrids and a pure Mamba-2 model (tests/test_hub_hybrids2.py).
    "ibm-fms/Bamba-9B": {"config": BAMBA_9B, "shards": 4, "tensors": lambda: ck.bamba(BAMBA_9B)},
    "mistralai/Mamba-Codestral-7B-v0.1": {
        "config": CODESTRAL_MAMBA, "shards": 3, "tensors": lambda: ck.mamba2(CODESTRAL_MAMBA),
    },
    "tiiuae/Falcon-H1-34B-Instruct": {
        "config": FALCON_H1_34B, "shards": 14, "tensors": lambda: ck.falcon_h1(FALCON_H1_34B),
    },
    "MiniMaxAI/MiniMax-M1-80k": {
        "config": MINIMAX_M1_80K, "shards": 8, "tensors": lambda: ck.minimax_01(MINIMAX_M1_80K),
    },
    "google/recurrentgemma-2b-it": {
        "config": RECURRENTGEMMA_2B, "shards": 3, "tensors": lambda: ck.recurrent_gemma(RECURRENTGEMMA_2B),
    },
    "google/recurrentgemma-9b-it": {
        "config": RECURRENTGEMMA_9B, "shards": 8, "tensors": lambda: ck.recurrent_gemma(RECURRENTGEMMA_9B),
    },
    "Zyphra/Zamba2-2.7B-instruct": {"config": ZAMBA2_2_7B, "shards": 2, "tensors": lambda: ck.zamba2(ZAMBA2_2_7B)},
    "moonshotai/Kimi-Linear-48B-A3B-Instruct": {
        "config": KIMI_LINEAR, "shards": 20, "tensors": lambda: ck.kimi_linear(KIMI_LINEAR),
    },
    "ibm-granite/granite-3.0-1b-a400m-base": {
        "config": GRANITE_3_1B_A400M, "shards": 1, "tensors": lambda: ck.granite_moe(GRANITE_3_1B_A400M),
    },
    "test-fixtures/granite-3.0-1b-a400m-shared": {
        "config": GRANITE_3_SHARED, "shards": 1, "tensors": lambda: ck.granite_moe(GRANITE_3_SHARED),
    },
    "baidu/ERNIE-4.5-21B-A3B-PT": {
        "config": ERNIE45_21B, "shards": 9, "tensors": lambda: ck.ernie45_moe(ERNIE45_21B),
    },
    "zai-org/GLM-4.5-Air": {"config": GLM45_AIR, "shards": 47, "tensors": lambda: ck.glm4_moe(GLM45_AIR)},
    "zai-org/GLM-4.7-Flash": {
        "config": GLM47_FLASH, "shards": 48,
        "tensors": lambda: ck.deepseek_v3(GLM47_FLASH, {"kind": "none", "dtype": "BF16"}),
    },
    "arcee-ai/Trinity-Mini": {"config": TRINITY_MINI, "shards": 11, "tensors": lambda: ck.afmoe(TRINITY_MINI)},
    "meituan-longcat/LongCat-Flash-Chat": {
        "config": LONGCAT_FLASH, "tensors": None, "other_files": ["model-00001-of-00075.safetensors"],
    },
    # PyTorch .bin shards only, no safetensors: sized from config.json (Llama 2 13B's, FP16).
    "lmsys/vicuna-13b-v1.5": {
        "config": LLAMA2_13B, "tensors": None,
        "other_files": ["pytorch_model-00001-of-00003.bin", "pytorch_model-00002-of-00003.bin",
                        "pytorch_model-00003-of-00003.bin", "pytorch_model.bin.index.json"],
    },
    # GGUF files only, no config.json.
    "bartowski/gemma-2-2b-it-GGUF": {
        "config": None, "tensors": None,
        "other_files": ["gemma-2-2b-it-Q4_K_M.gguf", "gemma-2-2b-it-Q8_0.gguf", "README.md"],
    },
}  # fmt: skip
