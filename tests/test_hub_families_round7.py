"""Families released in 2025-2026 that customers name by their Hub repo, asked as a user asks through the
loopback Hub (tests/hub_fake.py serving tests/hub_fixtures/repos.py): each checkpoint's weights and KV cache
per token checked against the arithmetic from its config.json, and against the published totals.

GLM-4.7-Flash (glm4_moe_lite) had been refused when its config.json was pasted: its 20 heads do not split its
2,048 width, which multi-head latent attention never asks of them."""

from __future__ import annotations

import json

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where
from hub import pasted
from hub.describe import describe
from sizing import kv_cache
from tests import test_hub
from tests.hub_fixtures.repos import GLM45_AIR, GLM47_FLASH, TRINITY_NANO

# The loopback Hub and its environment, as tests/test_hub.py serves them.
fake_hub, env = test_hub.fake_hub, test_hub.env


@pytest.fixture
def hub(env):
    return test_hub.make_hub(env)


@pytest.fixture
def pipeline(hub, tmp_path):
    pipe = Pipeline(RequestLog(tmp_path / "log.db"), hub=hub)
    yield pipe
    pipe.log.close()


# GLM-4.5-Air by transformers' Glm4Moe shapes:
#   embeddings and head, untied: 2 x 151,552 x 4,096                                   =  1,241,513,984
#   attention a layer: q 4,096 x 12,288 and o 12,288 x 4,096, k and v 4,096 x 1,024 each,
#     biases on q, k, v (12,288 + 2 x 1,024), two norms of 4,096                         =  109,071,360
#   layer 0's dense MLP: 3 x 4,096 x 10,944                                            =    134,479,872
#   45 MoE layers: 128 experts and one shared of 3 x 4,096 x 1,408, a 128 x 4,096 router
#     and its 128 correction biases                                                     = 2,233,991,296 each
#   46 x 109,071,360 + 134,479,872 + 45 x 2,233,991,296 + 1,241,513,984 + 4,096 (final norm)
#                                                                                       = 106,852,251,264
# "106B total / 12B active" (transformers glm4_moe.md); the active count is 13.4B with the 1.24B of
# embeddings the card leaves out. The MTP layer (index 46, 3.6B in these files) is not loaded.
AIR_PARAMS = 106_852_251_264
# GLM-4.7-Flash (DeepSeek V3's MLA and MoE shapes):
#   embeddings and head, untied: 2 x 154,880 x 2,048                                   =    634,388,480
#   attention a layer: q_a 2,048 x 768 (+ norm 768), q_b 768 x 20 x 256, kv_a 2,048 x 576 (+ norm 512),
#     kv_b 512 x 20 x (192 + 256), o 20 x 256 x 2,048, two norms of 2,048              =     21,763,328
#   layer 0's dense MLP: 3 x 2,048 x 10,240                                            =     62,914,560
#   46 MoE layers: 64 experts and one shared of 3 x 2,048 x 1,536, router 64 x 2,048, 64 biases
#                                                                                       =    613,548,096 each
#   47 x 21,763,328 + 62,914,560 + 46 x 613,548,096 + 634,388,480 + 2,048             = 29,943,393,920
FLASH_PARAMS = 29_943_393_920


def test_glm_45_air_asked_by_its_repo_answers_as_its_files_read(pipeline, hub):
    # GLM-4.5-Air is a catalogue model, answered from the catalogue; what the Hub reader makes of the repo's
    # own files must be the same model.
    reply = pipeline.ask("quanta memória para zai-org/GLM-4.5-Air com 32k e 10 usuários?", Where("console"))
    assert reply.outcome == "answered", reply.text_answer
    asked = reply.result.workload.model
    assert reply.result.workload.context_tokens == 32_768 and reply.result.workload.users == 10
    read = hub.read_now("zai-org/GLM-4.5-Air").model
    assert read.params == asked.params == AIR_PARAMS
    assert (read.num_layers, read.num_kv_heads, read.dim_per_head) == (46, 8, 128)
    assert read.moe.experts == 128 and read.moe.first_dense_layers == 1 and read.moe.shared_experts == 1
    # BF16 but the 45 routers' correction biases (128 each), two bytes more in F32; the MTP layer left out.
    assert read.release.weight_bytes == 2 * AIR_PARAMS + 45 * 128 * 2
    # 46 layers x (K + V) x 8 KV heads x 128 x 2 bytes = 188,416 bytes a token, the catalogue's too.
    assert kv_cache.bytes_per_token(read, 2) == 46 * 2 * 8 * 128 * 2
    assert reply.result.memory.kv_cache == 10 * 32_768 * 188_416


def test_glm_47_flash_keeps_one_latent_a_token_per_layer(pipeline, hub):
    reply = pipeline.ask("zai-org/GLM-4.7-Flash com 128k de contexto e 4 usuários", Where("console"))
    assert reply.outcome == "answered", reply.text_answer
    model = reply.result.workload.model
    assert model.weights_exact and model.params == FLASH_PARAMS
    # BF16 but the 46 routers' correction biases (64 each), two bytes more in F32.
    assert reply.result.memory.weights == 2 * FLASH_PARAMS + 46 * 64 * 2
    # MLA: one 512-wide latent and a 64-wide RoPE key a token per layer (vLLM's head size 576, one KV head),
    # 47 x 576 x 2 bytes = 54,144, not 47 x 2 x 20 x 256 x 2 = 962,560 as 20 plain heads would keep.
    read = hub.read_now("zai-org/GLM-4.7-Flash").model
    assert kv_cache.bytes_per_token(read, 2) == 47 * 576 * 2 == 54_144
    assert reply.result.memory.kv_cache == 4 * 131_072 * 54_144
    assert model.max_context == 202_752


def test_a_pasted_glm_47_flash_config_is_read_as_its_hub_repo(pipeline, hub):
    # Its 20 heads do not split its 2,048 width: pasted, it had been refused ("hidden_size (2048) does not
    # split into num_attention_heads (20) equal heads").
    question = "quanto de memória pra esse modelo com 32k e 2 usuários? " + json.dumps(GLM47_FLASH)
    reply = pipeline.ask(question, Where("console"))
    assert reply.outcome == "answered", reply.text_answer
    assert "não se divide" not in reply.text_answer
    pasted = reply.result.workload.model
    read = hub.read_now("zai-org/GLM-4.7-Flash").model
    assert pasted.params == read.params == FLASH_PARAMS
    assert reply.result.memory.kv_cache == 2 * 32_768 * kv_cache.bytes_per_token(read, 2)


def test_a_pasted_config_whose_heads_do_not_split_its_width_is_still_refused_without_mla(pipeline):
    odd = {k: v for k, v in GLM45_AIR.items() if k != "head_dim"} | {"num_attention_heads": 94}
    reply = pipeline.ask("quanto de memória pra esse modelo? " + json.dumps(odd), Where("console"))
    assert "não se divide" in reply.text_answer


def test_a_pasted_config_whose_id_reads_like_an_embedding_models_name_is_sized(pipeline):
    # A pasted config stands in the question as pasted/config-<12 hex digits of its digest>; one in 256 begins
    # "e5", which the out-of-scope words had read as an E5 embedding model ("é um modelo de embeddings").
    base = {k: v for k, v in GLM45_AIR.items() if k != "num_nextn_predict_layers"}
    config = next(
        c
        for c in ({**base, "bos_token_id": n} for n in range(5000))
        if pasted.find(json.dumps(c)).repo.startswith(pasted.PREFIX + "e5")
    )
    reply = pipeline.ask(
        "quanto de memória pra esse modelo com 8k e 1 usuário? " + json.dumps(config), Where("console")
    )
    assert reply.outcome == "answered", reply.text_answer
    assert reply.result.workload.model.params == AIR_PARAMS


# Trinity Mini by transformers' Afmoe shapes (modeling_afmoe.py):
#   embeddings and head, untied: 2 x 200,192 x 2,048                                   =    819,986,432
#   attention a layer: q, the output gate (gate_proj) and o of 2,048 x 4,096 each, k and v 2,048 x 512 each,
#     per-head q/k norms of 128, four norms of 2,048                                   =     27,271,424
#   2 dense layers of 3 x 2,048 x 6,144                                                =     37,748,736 each
#   30 MoE layers: 128 experts and one shared of 3 x 2,048 x 1,024, a 128 x 2,048 router, 128 expert biases
#                                                                                       =    811,860,096 each
#   32 x 27,271,424 + 2 x 37,748,736 + 30 x 811,860,096 + 819,986,432 + 2,048         = 26,123,974,400
# "26B total" (card). Read as before, 27,403,618,304: experts in the two dense layers, no gate, two norms.
TRINITY_MINI_PARAMS = 26_123_974_400


def test_trinity_mini_asked_by_its_repo_counts_its_dense_layers_and_attention_gate(pipeline):
    reply = pipeline.ask("quanta memória para arcee-ai/Trinity-Mini com 32k e 8 usuários?", Where("console"))
    assert reply.outcome == "answered", reply.text_answer
    model = reply.result.workload.model
    assert model.weights_exact and model.params == TRINITY_MINI_PARAMS
    assert reply.result.memory.weights == 2 * TRINITY_MINI_PARAMS
    # 4 KV heads of 128 at 2 bytes, K and V: 2,048 bytes a token a layer. 8 full layers keep all 32,768 tokens,
    # the 24 sliding ones their last 2,048: 8 users x (8 x 2,048 x 32,768 + 24 x 2,048 x 2,048).
    assert reply.result.memory.kv_cache == 8 * (8 * 2048 * 32_768 + 24 * 2048 * 2048)


def test_trinity_nano_without_layer_types_keeps_a_window_in_three_of_four_layers(pipeline):
    # No layer_types: AfmoeConfig makes every global_attn_every_n_layers-th layer full, the others sliding.
    # 56 layers: 14 full and 42 sliding of 2,048 tokens, 2 KV heads of 128: 1,024 bytes a token a layer.
    reply = pipeline.ask(
        "quanto de memória pra esse modelo com 32k e 1 usuário? " + json.dumps(TRINITY_NANO), Where("console")
    )
    assert reply.outcome == "answered", reply.text_answer
    # One request must be admitted whole (vLLM's SlidingWindowSpec.max_memory_usage_bytes): a sliding layer
    # holds its window - 1 tokens and a 2,048-token prefill chunk. Read as 56 full layers: 1,879,048,192.
    assert reply.result.memory.kv_cache == 14 * 1024 * 32_768 + 42 * 1024 * (2047 + 2048)
    # 2 x 200,192 x 1,024 + 56 x (3 x 1,024 x 1,024 + 2 x 1,024 x 256 + 2 x 128 + 4 x 1,024)
    #   + 2 x 3 x 1,024 x 3,072 + 54 x (129 x 3 x 1,024 x 256 + 128 x 1,024 + 128) + 1,024 = 6,120,003,328:
    # "6B total" (card).
    assert reply.result.workload.model.params == 6_120_003_328


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        (
            "quanta memória para meituan-longcat/LongCat-Flash-Chat com 8 usuários?",
            "dois blocos de atenção",
            "lacks",
        ),
        (
            "how much memory for meituan-longcat/LongCat-Flash-Chat with 8 users?",
            "two attention blocks",
            "não",
        ),
    ],
)
def test_longcat_flash_is_refused_for_its_layout_not_for_a_key_it_names_otherwise(
    pipeline, question, said, not_said
):
    # It had been "config.json lacks 'num_hidden_layers'": LongCat writes num_layers, and each of its 28 layers
    # holds two attention blocks and two MLPs beside experts that compute nothing, which no count here holds.
    reply = pipeline.ask(question, Where("console"))
    text = reply.text_answer
    assert said in text and not_said not in text and "num_hidden_layers" not in text


# Qwen/Qwen3-VL-30B-A3B-Instruct config.json as a Rust port's parser test transcribes it from the file (the
# keys it reads; "commit 1fc78ad"): the language model nests under text_config, the vision tower's keys beside it.
QWEN3_VL_30B_A3B = {
    "architectures": ["Qwen3VLMoeForConditionalGeneration"], "model_type": "qwen3_vl_moe", "tie_word_embeddings": False,
    "text_config": {
        "attention_bias": False, "decoder_sparse_step": 1, "head_dim": 128, "hidden_size": 2048,
        "intermediate_size": 6144, "max_position_embeddings": 262144, "mlp_only_layers": [],
        "model_type": "qwen3_vl_moe_text", "moe_intermediate_size": 768, "norm_topk_prob": True,
        "num_attention_heads": 32, "num_experts": 128, "num_experts_per_tok": 8, "num_hidden_layers": 48,
        "num_key_value_heads": 4, "rms_norm_eps": 1e-06, "rope_theta": 5000000, "vocab_size": 151936,
        "rope_scaling": {"mrope_interleaved": True, "mrope_section": [24, 20, 20], "rope_type": "default"},
    },
    "vision_config": {
        "deepstack_visual_indexes": [8, 16, 24], "depth": 27, "hidden_act": "gelu_pytorch_tanh", "hidden_size": 1152,
        "in_channels": 3, "intermediate_size": 4304, "model_type": "qwen3_vl_moe", "num_heads": 16,
        "num_position_embeddings": 2304, "out_hidden_size": 2048, "patch_size": 16, "spatial_merge_size": 2,
        "temporal_patch_size": 2,
    },
}  # fmt: skip


def test_qwen3_vl_moe_reads_its_nested_language_model():
    # The language model is Qwen3-30B-A3B's shape: 2 x 151,936 x 2,048 of embeddings and head, 48 layers of
    # q and o 2,048 x 4,096, k and v 2,048 x 512, per-head q/k norms of 128, two norms of 2,048, a 128 x 2,048
    # router and 128 experts of 3 x 2,048 x 768, and the final norm: 30,532,122,624.
    model = describe("Qwen/Qwen3-VL-30B-A3B-Instruct", "0" * 40, QWEN3_VL_30B_A3B, None, None)
    per_layer = 2 * 2048 * 4096 + 2 * 2048 * 512 + 2 * 128 + 2 * 2048 + 128 * 2048 + 128 * 3 * 2048 * 768
    assert model.params == 2 * 151_936 * 2048 + 48 * per_layer + 2048 == 30_532_122_624
    # 48 layers x (K + V) x 4 KV heads x 128 x 2 bytes; M-RoPE's "default" type does not scale the context.
    assert kv_cache.bytes_per_token(model, 2) == 48 * 2 * 4 * 128 * 2 == 98_304
    assert model.max_context == 262_144 and model.moe.experts_per_token == 8
