"""Mamba-2 models read from their own Hub files: Bamba (Mamba-2 layers and a few attention layers), Falcon-H1
(attention and a Mamba-2 mixer side by side in every layer) and a pure Mamba-2 (Mamba-Codestral). Each layer's
fixed state per conversation is vLLM's (vllm/model_executor/layers/mamba/mamba_utils.py, MambaStateShapeCalculator.
mamba2_state_shape: (conv_kernel - 1) x conv_dim / tp convolution inputs and num_heads / tp x head_dim x
state_size SSM values, in the model's 16 bits), the KV cache that of the attention layers alone. Before, all three
were refused ("Falcon-H1's Mamba-2 mixer beside attention in every layer", "Bamba's Mamba-2 layers", "a pure
Mamba-2 model") and sized by their name, if at all."""

from __future__ import annotations

import msgspec
import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where
from hub.describe import Unsupported, architecture
from sizing import kv_cache, training
from sizing.architecture import Architecture
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.workload import Workload
from tests import test_hub
from tests.hub_fixtures.repos import BAMBA_9B, FALCON_H1_34B
from tests.slack_harness import text_of

# The loopback Hub and its environment, as test_hub.py sets them up.
fake_hub, env = test_hub.fake_hub, test_hub.env

BAMBA = "ibm-fms/Bamba-9B"
FALCON_H1 = "tiiuae/Falcon-H1-34B-Instruct"
CODESTRAL = "mistralai/Mamba-Codestral-7B-v0.1"


def _model(env, repo: str):
    return test_hub.make_hub(env).read_now(repo).model


def _ask(env, question: str):
    pipe = Pipeline(RequestLog(env / "log.db"), hub=test_hub.make_hub(env))
    try:
        return pipe.ask(question, Where("console"))
    finally:
        pipe.log.close()


def _sized(env, repo: str, **workload):
    hub = test_hub.make_hub(env)
    return size(Workload(model=repo, **workload), load_catalog(), hub.source_for(repo, load_catalog()))


def mamba2_state(tp: int, width: int, groups: int, heads: int, head_dim: int, state: int, kernel: int) -> int:
    """vLLM mamba2_state_shape's bytes at 2 bytes a value, written out apart from the engine's code: groups
    are extended to the TP ranks when they do not divide (extra_groups_for_head_shards)."""
    groups = groups + (0 if groups % tp == 0 else tp - groups)
    conv = (kernel - 1) * ((width + 2 * groups * state) // tp)
    ssm = heads // tp * head_dim * state
    return 2 * (conv + ssm)


def test_bamba_counts_its_published_parameters_and_keeps_attention_in_three_layers(env):
    model = _model(env, BAMBA)
    # "Bamba 9B (9.78B)" (the model card); the headers and the shape agree exactly.
    assert model.params == round(model.params_official_billions * 1e9) == pytest.approx(9.78e9, abs=0.005e9)
    assert model.release.weight_bytes == 2 * model.params
    assert [i for i in range(model.num_layers) if not model.is_mamba(i)] == [9, 18, 27]
    assert (model.mamba_layers, model.attention_layers, model.dense_layers) == (29, 3, 32)


def test_bambas_cache_is_three_layers_of_kv_and_29_mixers_of_state(env):
    model = _model(env, BAMBA)
    # 3 attention layers x 2 x 8 KV heads x 128 x 2 bytes a token.
    assert kv_cache.bytes_per_token(model, 2) == 3 * 2 * 8 * 128 * 2
    # 128 heads of 64 (8,192 wide), one group, state 128, kernel 4; on 2 GPUs the group is copied to each.
    for tp in (1, 2, 4):
        assert kv_cache.state_bytes(model, tp) == 29 * mamba2_state(tp, 8192, 1, 128, 64, 128, 4)
    assert kv_cache.state_bytes(model) == 62_287_360


def test_a_customer_asking_about_bamba_gets_its_memory_with_the_state(env):
    reply = _ask(env, f"quanta memória para o {BAMBA} com 4k de contexto e 10 usuários?")
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert (
        "29 das 32 camadas são Mamba-2 (espaço de estados)" in said
        and "só 3 camadas guardam KV cache" in said
    )
    assert "Não sei ler" not in said
    result = _sized(env, BAMBA, context=4096, users=10)
    assert result.kv_bytes_per_conversation == 4096 * 12_288 + 62_287_360


def test_falcon_h1_keeps_attention_and_a_mamba2_mixer_in_every_layer(env):
    model = _model(env, FALCON_H1)
    # Named 34B; its shape counts 33.64B (the headers and the count agree exactly), all BF16.
    assert model.params == round(model.params_official_billions * 1e9) == 33_642_516_224
    assert model.release.weight_bytes == 2 * model.params
    assert (model.layer_pattern, model.mamba_layers, model.attention_layers, model.parallel_layers) == (
        "P",
        72,
        72,
        72,
    )
    # Every layer keeps keys and values (4 KV heads of 128) and the mixer's state: 4,096 wide, 2 groups of 256.
    assert kv_cache.bytes_per_token(model, 2) == 72 * 2 * 4 * 128 * 2 == 147_456
    for tp in (1, 2, 4):
        assert kv_cache.state_bytes(model, tp) == 72 * mamba2_state(tp, 4096, 2, 32, 128, 256, 4)
    assert kv_cache.state_bytes(model) == 153_206_784


def test_falcon_h1s_weights_are_both_blocks_of_every_layer():
    a = architecture(FALCON_H1_34B)
    both = msgspec.convert(a, Architecture)
    attention_only = msgspec.convert({**a, "layer_pattern": "G", "mamba": None}, Architecture)
    # The mixer's in_proj (5,120 -> 2 x 4,096 + 2 x 2 x 256 + 32), out_proj, its conv over 5,120 channels with
    # a bias, 3 x 32 per-head values and the gated RMSNorm (mamba_rms_norm), in each of the 72 layers.
    mixer = 5120 * 9248 + 4096 * 5120 + 5120 * 4 + 5120 + 96 + 4096
    assert both.params - attention_only.params == 72 * mixer
    # Without mamba_rms_norm the mixer has no gated norm (transformers FalconH1Mixer).
    plain = msgspec.convert(architecture({**FALCON_H1_34B, "mamba_rms_norm": False}), Architecture)
    assert both.params - plain.params == 72 * 4096


def test_a_customer_asking_about_falcon_h1_with_20_users_gets_an_answer(env):
    reply = _ask(env, f"quanto de GPU para o {FALCON_H1} com 20 usuários")
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert "Cada uma das 72 camadas roda atenção e um misturador Mamba-2" in said
    assert "Falcon-H1's Mamba-2 mixer" not in said and "Não sei ler" not in said
    result = _sized(env, FALCON_H1, context=4096, users=20)
    # Each conversation: its 4,096 tokens in all 72 attention blocks, and the 72 mixers' fixed state.
    assert result.kv_bytes_per_conversation == 4096 * 147_456 + 153_206_784
    assert result.memory.kv_cache == 20 * result.kv_bytes_per_conversation


def test_naming_falcon_h1_34b_points_to_its_own_repo_which_is_then_read(env):
    # Asked by name, the catalogue has no Falcon-H1: the ask-back names the 34B's repo (not the family's other
    # sizes, nor Falcon3), and asking with it gets the answer read from the repo's files.
    reply = _ask(env, "quanto de GPU para o Falcon-H1 34B com 20 usuários")
    said = text_of(reply.message.blocks)
    assert reply.outcome != "answered" and "O Falcon-H1 34B (34B) ainda não está no catálogo" in said
    assert f"`/gpu quanto de GPU para o {FALCON_H1} com 20 usuários`" in said
    again = _ask(env, f"quanto de GPU para o {FALCON_H1} com 20 usuários")
    assert again.outcome == "answered" and again.result.workload.model.params == 33_642_516_224
    seven = text_of(_ask(env, "falcon h1 7b para 4 usuários").message.blocks)
    assert "tiiuae/Falcon-H1-7B-Instruct" in seven and FALCON_H1 not in seven


def test_the_answer_about_falcon_h1_speaks_english_when_asked_in_english(env):
    said = _ask(env, f"how much GPU memory for {FALCON_H1} with 20 users?").text_answer
    assert "Each of the 72 layers runs attention and a Mamba-2 (state space) mixer side by side" in said


def test_a_pure_mamba2_counts_mistrals_published_parameters_exactly(env):
    model = _model(env, CODESTRAL)
    # Mistral AI: "7,285,403,648 parameters" (mistral.ai/news/codestral-mamba).
    assert model.params == round(model.params_official_billions * 1e9) == 7_285_403_648
    assert (model.mamba_layers, model.attention_layers, model.mixer_only) == (64, 0, True)
    assert kv_cache.bytes_per_token(model, 2) == 0
    # 128 heads of 64, 8 groups of state 128: nothing grows per token.
    for tp in (1, 2, 8):
        assert kv_cache.state_bytes(model, tp) == 64 * mamba2_state(tp, 8192, 8, 128, 64, 128, 4)
    assert kv_cache.sequence_bytes(model, 2048, 1) == kv_cache.sequence_bytes(model, 1, 1) == 138_149_888


def test_a_customer_asking_about_mamba_codestral_gets_the_state_not_a_kv_cache(env):
    reply = _ask(env, f"how much GPU memory for {CODESTRAL} with 8 users at 2k context?")
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert "All 64 layers are Mamba-2 (state space) layers, with no attention" in said
    assert _sized(env, CODESTRAL, context=2048, users=8).memory.kv_cache == 8 * 138_149_888


def test_naming_codestral_mamba_points_to_its_repo_which_is_then_read(env):
    reply = _ask(env, "quanto de GPU para o Codestral Mamba com 10 usuários")
    assert reply.outcome != "answered"
    assert f"/gpu quanto de GPU para o {CODESTRAL} com 10 usuários" in text_of(reply.message.blocks)
    assert _ask(env, f"quanto de GPU para o {CODESTRAL} com 10 usuários").outcome == "answered"


def test_an_fp8_kv_cache_is_not_offered_for_a_state_that_does_not_shrink(env):
    # vLLM's --kv-cache-dtype fp8 leaves the Mamba state in its own dtype (mamba_cache_dtype): 50 Codestral
    # conversations hold 6.9 GB of state, and FP8 "keys and values" would save none of it.
    said = _ask(env, f"{CODESTRAL} em fp8 para 50 usuários").text_answer
    assert "KV cache ......... 6,9 GB" in said and "em FP8 ele cai pela metade" not in said
    # Falcon-H1 at 128k: half of its 4 x 131,072 tokens x 147,456 bytes of keys and values, the state kept.
    said = _ask(env, f"{FALCON_H1} em 2 GPUs, 128k de contexto, 4 usuários").text_answer
    assert "em FP8 ele cai pela metade (−38,7 GB)" in said, said


def test_lora_on_falcon_h1_adapts_both_the_attention_and_the_mixer(env):
    model = _model(env, FALCON_H1)
    h = 5120
    attention = (h + 2560) + 2 * (h + 512) + (2560 + h)
    mixer = (h + 9248) + (4096 + h)
    mlp = 3 * (h + 21504)
    assert training.lora_params(model, 16) == 72 * (attention + mixer + mlp) * 16


@pytest.mark.parametrize(
    ("config", "why"),
    [
        (
            {**BAMBA_9B, "attn_layer_indices": [9, 32]},
            "attn_layer_indices that are not layer numbers below 32",
        ),
        ({**FALCON_H1_34B, "mamba_d_ssm": 3072}, r"mamba_n_heads \(32\) x mamba_d_head \(128\)"),
        # Still refused, each with what its layers keep that is not read.
        # (Zamba2's shared blocks are read now: tests/test_hub_hybrids4.py; a config without its layer list is not)
        ({**FALCON_H1_34B, "model_type": "zamba2"}, "layers_block_type"),
        # (Kimi Linear's KDA is read now: tests/test_hub_hybrids4.py; Kimi K3's full-rank gates are not)
        (
            {"model_type": "kimi_linear", "linear_attn_config": {"use_full_rank_gate": True}},
            "use_full_rank_gate",
        ),
        # (MiniMax-01's lightning attention is read now: tests/test_hub_hybrids3.py)
        # (RecurrentGemma's RG-LRU blocks are read now: tests/test_hub_hybrids4.py; a block kind Griffin lacks is not)
        ({**FALCON_H1_34B, "model_type": "recurrent_gemma", "block_types": ["recurrent", "mlstm"]}, "mlstm"),
        # state-spaces/mamba2-2.7b's config.json is mamba_ssm's own MambaConfig (64 layers of 2,560: the
        # state-spaces/mamba README), which neither vLLM nor transformers loads.
        (
            {
                "d_model": 2560,
                "d_intermediate": 0,
                "n_layer": 64,
                "vocab_size": 50277,
                "ssm_cfg": {"layer": "Mamba2"},
                "attn_layer_idx": [],
                "attn_cfg": {},
                "rms_norm": True,
                "residual_in_fp32": True,
                "fused_add_norm": True,
                "pad_vocab_size_multiple": 16,
                "tie_embeddings": True,
            },
            r"mamba_ssm library's own format \(d_model, n_layer and ssm_cfg with Mamba2 layers",
        ),
    ],
)
def test_what_the_reader_cannot_size_is_refused_with_its_reason(config, why):
    with pytest.raises(Unsupported, match=why):
        architecture(config)


def test_a_known_uncatalogued_repo_the_reader_refuses_is_not_sized_as_another_model(env):
    # An uncatalogued family's repo the reader refuses is answered with the reader's reason, not a family
    # stand-in ("moonshotai/Kimi-Linear-48B-A3B-Instruct" had been sized as Kimi K2.5; it is read now:
    # tests/test_hub_hybrids4.py).
    reply = _ask(env, "meituan-longcat/LongCat-Flash-Chat para 4 usuarios")
    said = text_of(reply.message.blocks)
    assert reply.outcome != "answered"
    assert "O LongCat-Flash (560B) ainda não está no catálogo" in said
    assert "os dois MLPs de cada camada do LongCat-Flash" in said


@pytest.mark.parametrize("repo", [BAMBA, FALCON_H1, CODESTRAL])
def test_what_the_hub_cache_keeps_reads_back_as_the_same_mixers(env, repo):
    first = test_hub.make_hub(env).source_for(repo, load_catalog()).model
    again = test_hub.make_hub(env).source_for(repo, load_catalog()).model
    assert (again.mamba, again.layer_pattern, again.mixer_only) == (
        first.mamba,
        first.layer_pattern,
        first.mixer_only,
    )
    assert kv_cache.state_bytes(again, 2) == kv_cache.state_bytes(first, 2) > 0


def test_a_length_codestral_s_config_does_not_state_is_called_vllm_s_default_not_its_publisher_s(env):
    # Mamba-Codestral's config.json names no max_position_embeddings (Mamba2Config has none); Mistral states it
    # was tested to 256k tokens (mistral.ai/news/codestral-mamba). The 2,048 tokens are vLLM's default_max_len.
    # Before, 32k was refused with "That is the context its publisher states for it".
    refused = _ask(env, f"{CODESTRAL} with 32k context for 4 users")
    assert refused.outcome != "answered"
    said = refused.text_answer
    assert "publisher states for it" not in said
    assert "config.json names no maximum length" in said and "vLLM's default" in said
    assert "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1" in said
    pt = _ask(env, f"{CODESTRAL} com contexto de 32k para 4 usuários").text_answer
    assert "quem publicou o modelo declara para ele" not in pt
    assert "não diz um contexto máximo" in pt and "padrão do vLLM" in pt
    answered = _ask(env, f"{CODESTRAL} para 4 usuários")
    assert answered.outcome == "answered", answered.text_answer
    assert (
        "o cálculo usou o que o vLLM usa nesse caso: max_position_embeddings = 2048" in answered.text_answer
    )


def test_a_state_space_config_that_states_its_length_is_not_called_assumed():
    config = {"architectures": ["Mamba2ForCausalLM"], "model_type": "mamba2", "hidden_size": 1024,
              "num_hidden_layers": 4, "vocab_size": 1000, "num_heads": 32, "head_dim": 64, "state_size": 128,
              "n_groups": 1, "expand": 2, "conv_kernel": 4, "max_position_embeddings": 8192}  # fmt: skip
    arch = architecture(config)
    assert arch["max_context"] == 8192 and "assumed_keys" not in arch
    del config["max_position_embeddings"]
    assert architecture(config)["assumed_keys"] == ["max_position_embeddings = 2048"]
