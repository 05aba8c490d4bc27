"""The hybrids the Hub reader had still refused, read from their own files (2026-12-08).

Kimi Linear (KDA beside MLA, a mixture of experts), RecurrentGemma (Griffin's RG-LRU blocks beside local
attention) and Zamba2 (Mamba-2 layers and shared attention blocks) had been refused ("... which this reader does
not count yet"), and by name the answer said pasting their repos would not help. Each is now read from its
config.json and safetensors headers; the state a conversation keeps is held here to the shapes the serving code
allocates, written out apart from the engine's.
"""

from __future__ import annotations

import json
import math

import msgspec
import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where
from hub.describe import Unsupported, architecture
from hub.service import Hub
from sizing import kv_cache
from sizing.architecture import Architecture
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.workload import Workload
from tests import test_hub, test_hub_hybrids2
from tests.gpu_size_run import answer, refusal
from tests.hub_fixtures import checkpoints as ck
from tests.hub_fixtures.repos import KIMI_LINEAR, RECURRENTGEMMA_2B, RECURRENTGEMMA_9B, ZAMBA2_2_7B

# The loopback Hub and its environment, as test_hub.py sets them up; a question through the whole pipeline.
fake_hub, env = test_hub.fake_hub, test_hub.env
_ask = test_hub_hybrids2._ask


def answered(env, question: str) -> str:
    """The answer's text, asserting the question was answered (not refused, not asked back)."""
    reply = _ask(env, question)
    assert reply.outcome == "answered", reply.text_answer
    return reply.text_answer


KIMI = "moonshotai/Kimi-Linear-48B-A3B-Instruct"


def counted(config: dict) -> int:
    """The parameters the engine counts for the architecture the reader makes of a config.json."""
    return msgspec.convert(architecture(config), Architecture, strict=False).params


# -- Kimi Linear: KDA and MLA ---------------------------------------------------------------------------------------


def kda_state(tp: int, heads: int = 32, head_dim: int = 128, kernel: int = 4) -> int:
    """vLLM MambaStateShapeCalculator.kda_state_shape's bytes for one layer: a convolution state of
    (kernel - 1) x (3 x heads x head_dim) / tp in the BF16 model dtype and a (heads / tp, head_dim, head_dim)
    recurrent state in FP32 (MambaStateDtypeCalculator.kda_state_dtype)."""
    return (kernel - 1) * 3 * heads * head_dim // tp * 2 + heads // tp * head_dim * head_dim * 4


def test_kimi_linear_counts_its_index_total_from_the_headers(env):
    model = test_hub.make_hub(env).read_now(KIMI).model
    # the safetensors index's total_parameters, and the shape's own count agrees to the parameter
    assert (
        model.params == 49_122_681_728 == sum(math.prod(s) for _, s in ck.kimi_linear(KIMI_LINEAR).values())
    )
    assert model.params == round(model.params_official_billions * 1e9)
    assert model.params == pytest.approx(48e9, rel=0.03)  # the card's "48B"
    # 20 KDA layers keep a state, the 7 MLA ones (1-based 4, 8, ..., 24 and 27) a KV cache
    assert (model.linear_layers, model.attention_layers) == (20, 7)
    assert [i + 1 for i in range(27) if not model.is_linear(i)] == [4, 8, 12, 16, 20, 24, 27]
    # 8 of 256 experts and the shared one a token: the card's "A3B" (without the embedding table and head)
    assert model.active_params - 2 * 163_840 * 2304 == pytest.approx(2.73e9, abs=0.01e9)
    assert model.max_context == 1_048_576  # model_max_length: its config writes no max_position_embeddings


def test_kimi_linear_keeps_a_latent_in_seven_layers_and_a_kda_state_in_twenty(env):
    model = test_hub.make_hub(env).read_now(KIMI).model
    # MLA: kv_lora_rank 512 + qk_rope_head_dim 64 values a token in each of the 7 layers, BF16
    assert kv_cache.bytes_per_token(model, 2) == 7 * (512 + 64) * 2 == 8064
    for tp in (1, 2, 4, 8):
        assert kv_cache.state_bytes(model, tp) == 20 * kda_state(tp)
    assert kv_cache.state_bytes(model) == 43_417_600  # 43.4 MB a conversation, whatever its length


def test_a_customer_asking_about_kimi_linear_by_repo_gets_its_memory(env):
    said = answered(env, f"quanta memória para o {KIMI} com 128k de contexto e 8 usuários?")
    assert "20 das 27 camadas usam Kimi Delta Attention" in said and "só 7 camadas guardam KV cache" in said
    assert "Kimi K2" not in said and "Gated DeltaNet" not in said
    hub = test_hub.make_hub(env)
    result = size(
        Workload(model=KIMI, context=131072, users=8), load_catalog(), hub.source_for(KIMI, load_catalog())
    )
    assert result.kv_bytes_per_conversation == 131072 * 8064 + 20 * kda_state(1)
    assert "20 of the 27 layers use Kimi Delta Attention" in answered(
        env, f"how much GPU memory for {KIMI} with 8 users?"
    )


@pytest.mark.parametrize("asked", ["kimi linear", "Kimi-Linear-48B-A3B-Instruct", "kimi linear 48b"])
def test_naming_kimi_linear_offers_its_repo_which_is_then_read(env, asked):
    reply = _ask(env, f"quanto de GPU para o {asked} com 20 usuários")
    said = reply.text_answer or ""
    assert reply.outcome != "answered" and KIMI in said, said
    assert "não adianta" not in said and "Kimi K2" not in said
    assert _ask(env, f"quanto de GPU para o {KIMI} com 20 usuários").outcome == "answered"


@pytest.mark.parametrize(
    ("changed", "what"),
    [
        ({"mla_use_output_gate": True}, "mla_use_output_gate"),
        ({"attn_res_block_size": 12}, "attn_res_block_size"),
        ({"linear_attn_config": {**KIMI_LINEAR["linear_attn_config"], "use_full_rank_gate": True}},
         "use_full_rank_gate"),
        ({"moe_layer_freq": 2}, "moe_layer_freq 2"),
    ],
)  # fmt: skip
def test_a_kimi_linear_variant_with_blocks_vllm_does_not_build_is_refused_by_name(changed, what):
    # Kimi K3's text model names itself kimi_linear too, with gates and residuals this count has no place for
    with pytest.raises(Unsupported) as refused:
        architecture({**KIMI_LINEAR, **changed})
    assert refused.value.reason == "kimi_linear_variant" and what in str(refused.value)


def test_kimi_linear_layers_out_of_range_are_refused_not_guessed():
    lac = {**KIMI_LINEAR["linear_attn_config"], "kda_layers": [1, 2, 3, 28]}
    with pytest.raises(Unsupported) as refused:
        architecture({**KIMI_LINEAR, "linear_attn_config": lac})
    assert refused.value.reason == "layer_count"


# -- RecurrentGemma: RG-LRU blocks and local attention ----------------------------------------------------------------

RG_2B, RG_9B = "google/recurrentgemma-2b-it", "google/recurrentgemma-9b-it"


def rg_lru_state(tp: int, lru_width: int, conv1d_width: int = 4) -> int:
    """transformers RecurrentGemmaRecurrentBlock._setup_cache's bytes for one layer: conv1d_state, lru_width x
    (conv1d_width - 1) in the BF16 model dtype, and rg_lru.recurrent_states, lru_width in FP32; split over tp."""
    return lru_width * (conv1d_width - 1) // tp * 2 + lru_width // tp * 4


@pytest.mark.parametrize(
    ("repo", "config", "params", "non_embedding"),
    [
        # Google's presets and the headers agree; the card and paper: 2.7B, "2B non-embedding parameters"
        (RG_2B, RECURRENTGEMMA_2B, 2_682_862_080, 2.0e9),
        # named 9B: 8.58B, 7.53B of them outside the 256,000 x 4,096 embedding table
        (RG_9B, RECURRENTGEMMA_9B, 8_579_977_216, 7.53e9),
    ],
)
def test_recurrentgemma_counts_its_checkpoint_from_the_headers(env, repo, config, params, non_embedding):
    model = test_hub.make_hub(env).read_now(repo).model
    assert model.params == params == sum(math.prod(s) for _, s in ck.recurrent_gemma(config).values())
    assert model.params - 256_000 * config["hidden_size"] == pytest.approx(non_embedding, rel=0.02)
    assert model.release.weight_bytes == 4 * params  # float32, as transformers' conversion saves it
    # two RG-LRU blocks, then local attention: the pattern repeats over the layers and the tail is recurrent
    layers = config["num_hidden_layers"]
    assert [model.kind(i) for i in range(layers)] == [("R", "R", "L")[i % 3] for i in range(layers)]
    assert model.window == 2048 and model.tie_embeddings


def test_params_of_a_recurrentgemma_card_hold_within_two_percent(env):
    model = test_hub.make_hub(env).read_now(RG_2B).model
    assert model.params == pytest.approx(2.7e9, rel=0.02)


def test_recurrentgemma_keeps_a_window_of_kv_and_a_small_state_per_conversation(env):
    model = test_hub.make_hub(env).read_now(RG_2B).model
    for tp in (1, 2):
        assert kv_cache.state_bytes(model, tp) == 18 * rg_lru_state(tp, 2560)
    assert kv_cache.state_bytes(model) == 460_800  # under half a megabyte, whatever the length
    # 8 local-attention layers, one KV head of 256, BF16: 8,192 bytes a token up to the 2,048-token window
    assert kv_cache.bytes_per_token(model, 2) == 8 * 2 * 256 * 2
    hub = test_hub.make_hub(env)
    long = size(
        Workload(model=RG_2B, context=8192, users=4), load_catalog(), hub.source_for(RG_2B, load_catalog())
    )
    assert long.kv_bytes_per_conversation == 2048 * 8192 + 460_800
    nine = test_hub.make_hub(env).read_now(RG_9B).model
    assert kv_cache.state_bytes(nine) == 26 * rg_lru_state(1, 4096)


def test_a_customer_asking_about_recurrentgemma_by_repo_is_told_what_serves_it(env):
    said = answered(env, f"quanta memória para o {RG_9B} com 10 usuários?")
    assert "26 das 38 camadas são blocos recorrentes RG-LRU do RecurrentGemma" in said
    assert "estado fixo de 1,1 MB" in said and "0,00 GB" not in said
    assert "O vLLM não serve o RecurrentGemma" in said and "Gemma 2" not in said
    said = answered(env, f"how much memory for {RG_2B} for 10 users")
    assert "vLLM does not serve RecurrentGemma" in said and "fixed 0.5 MB state" in said


@pytest.mark.parametrize(
    ("asked", "repo"),
    [("recurrentgemma 9b", RG_9B), ("recurrentgemma 2b", RG_2B), ("recurrent gemma 9b it", RG_9B)],
)
def test_naming_recurrentgemma_offers_its_repo_which_is_then_read(env, asked, repo):
    reply = _ask(env, f"quanto de GPU para o {asked} com 10 usuários")
    said = reply.text_answer or ""
    assert reply.outcome != "answered" and f"`/gpu quanto de GPU para o {repo} com 10 usuários`" in said, said
    assert "não adianta" not in said and "Gemma 2 9B (" not in said
    assert _ask(env, f"quanto de GPU para o {repo} com 10 usuários").outcome == "answered"


def test_a_griffin_block_kind_recurrentgemma_lacks_is_refused_not_guessed():
    with pytest.raises(Unsupported) as refused:
        architecture({**RECURRENTGEMMA_2B, "block_types": ["recurrent", "mlstm", "attention"]})
    assert refused.value.reason == "layer_kinds" and "mlstm in block_types" in str(refused.value)


# -- Zamba2: Mamba-2 layers and shared attention blocks ---------------------------------------------------------------

ZAMBA = "Zyphra/Zamba2-2.7B-instruct"


def mamba2_state(tp: int, inner: int = 5120, heads: int = 80, state: int = 64, groups: int = 1) -> int:
    """vLLM MambaStateShapeCalculator.mamba2_state_shape's bytes for one layer, BF16 (mamba2_state_dtype with
    "auto"): (d_conv - 1) x (inner + 2 x groups x state) / tp, the groups replicated up to tp, and
    heads / tp x head_dim x state."""
    groups += 0 if groups % tp == 0 else tp - groups
    return 3 * (inner + 2 * groups * state) // tp * 2 + heads // tp * (inner // heads) * state * 2


def test_zamba2_counts_its_shared_blocks_once_and_every_use_apart(env):
    model = test_hub.make_hub(env).read_now(ZAMBA).model
    assert model.params == 2_662_214_560 == sum(math.prod(s) for _, s in ck.zamba2(ZAMBA2_2_7B).values())
    assert model.params == pytest.approx(2.7e9, rel=0.02)  # the card's 2.7B
    assert (model.mamba_layers, model.shared_uses, model.cached_layers) == (54, 9, 9)
    assert [i for i in range(54) if model.kind(i) == "Z"] == ZAMBA2_2_7B["hybrid_layer_ids"]
    # one more block is one block's weights, however many layers use it: the norms, q/k/v from 2 x hidden,
    # o_proj and the MLP; one more use is its linear and MLP adapter
    block = 2 * 2560 + 3 * 5120 * 5120 + 5120 * 2560 + 2560 + 3 * 2560 * 10240
    assert model.params - counted({**ZAMBA2_2_7B, "num_mem_blocks": 1}) == block
    with_adapters = counted({**ZAMBA2_2_7B, "use_shared_attention_adapter": True})
    assert with_adapters - model.params == 9 * 3 * (5120 * 128 + 128 * 5120)


def test_zamba2_keeps_a_kv_cache_for_every_use_of_a_shared_block(env):
    model = test_hub.make_hub(env).read_now(ZAMBA).model
    # vLLM builds an Attention (a KV cache) per use: 9 x keys and values of 32 heads x 160, BF16
    assert kv_cache.bytes_per_token(model, 2) == 9 * 2 * 32 * 160 * 2 == 184_320
    for tp in (1, 2, 4):
        assert kv_cache.state_bytes(model, tp) == 54 * mamba2_state(tp)
    hub = test_hub.make_hub(env)
    result = size(
        Workload(model=ZAMBA, context=4096, users=10), load_catalog(), hub.source_for(ZAMBA, load_catalog())
    )
    assert result.kv_bytes_per_conversation == 4096 * 184_320 + 54 * mamba2_state(1)


def test_a_customer_asking_about_zamba2_by_repo_gets_the_shared_blocks_explained(env):
    said = answered(env, f"quanta memória para o {ZAMBA} com 4k de contexto e 10 usuários?")
    assert "As 54 camadas são todas Mamba-2" in said
    assert "9 delas rodam antes um dos 2 blocos de atenção compartilhados do Zamba2" in said
    assert "54 das 54 camadas" not in said
    said = answered(env, f"how much memory for {ZAMBA} for 10 users")
    assert "9 of them first run one of Zamba2's 2 shared attention blocks" in said


@pytest.mark.parametrize(
    ("asked", "repo"), [("zamba2 2.7b", ZAMBA), ("zamba2 7b", "Zyphra/Zamba2-7B-Instruct")]
)
def test_naming_zamba2_offers_its_repo(env, asked, repo):
    reply = _ask(env, f"quanto de GPU para o {asked} com 10 usuários")
    said = reply.text_answer or ""
    assert reply.outcome != "answered" and f"`/gpu quanto de GPU para o {repo} com 10 usuários`" in said, said
    assert "não adianta" not in said
    if repo == ZAMBA:  # the loopback Hub serves this one: asking with it is answered from its files
        assert _ask(env, f"quanto de GPU para o {repo} com 10 usuários").outcome == "answered"


@pytest.mark.parametrize(
    ("changed", "reason", "said"),
    [
        ({"layers_block_type": None, "hybrid_layer_ids": None}, "config_lacks", "layers_block_type"),
        ({"layers_block_type": ["mamba", "moe"] * 27}, "layer_kinds", "moe in layers_block_type"),
        ({"layers_block_type": ["mamba", "hybrid"] * 26}, "layer_count", "52"),
    ],
)
def test_a_zamba2_config_whose_layers_cannot_be_read_is_refused(changed, reason, said):
    with pytest.raises(Unsupported) as refused:
        architecture({**ZAMBA2_2_7B, **changed})
    assert refused.value.reason == reason and said in str(refused.value)


def test_zamba2s_hybrid_layer_ids_alone_lay_its_layers_out():
    spelled = {k: v for k, v in ZAMBA2_2_7B.items() if k != "layers_block_type"}
    assert architecture(spelled) == architecture(ZAMBA2_2_7B)


# -- where the Hub is not read ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "repo"),
    [("kimi linear", KIMI), ("recurrentgemma 9b", RG_9B), ("zamba2 2.7b", ZAMBA)],
)
def test_offline_naming_a_hybrid_says_its_config_json_is_what_works(capsys, monkeypatch, asked, repo):
    # A server that does not read the Hub had said "paste its repo and I read the architecture", which it then
    # could not: it says the reading is off and that the repo's config.json, pasted, is read here.
    monkeypatch.setenv("GPU_SIZER_HUB", "off")
    said = refusal(capsys, f"quanto de GPU para o {asked} com 10 usuários")
    assert "A leitura do Hugging Face está desligada neste servidor" in said
    assert f"cole o config.json do `{repo}` na pergunta" in said
    assert f"`/gpu quanto de GPU para o {repo} com 10 usuários`" in said  # what works where the reading is on
    assert "Cole o repositório dele e eu leio" not in said


def test_offline_in_slack_too_and_in_english(tmp_path):
    pipe = Pipeline(RequestLog(tmp_path / "log.db"), hub=Hub(enabled=False, cache_dir=tmp_path / "hub"))
    try:
        said = pipe.ask("how many GPUs for kimi linear for 10 users", Where("console")).text_answer
    finally:
        pipe.log.close()
    assert "Reading from Hugging Face is off on this server" in said
    assert f"paste the config.json of `{KIMI}` into the question" in said


@pytest.mark.parametrize(
    ("config", "said"),
    [
        (KIMI_LINEAR, "20 das 27 camadas usam Kimi Delta Attention"),
        (RECURRENTGEMMA_9B, "26 das 38 camadas são blocos recorrentes RG-LRU"),
        (ZAMBA2_2_7B, "9 delas rodam antes um dos 2 blocos de atenção compartilhados"),
    ],
)
def test_a_pasted_config_json_of_each_hybrid_is_sized_offline(capsys, monkeypatch, config, said):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")
    text = answer(capsys, "quanta memória para esse modelo com 10 usuários? " + json.dumps(config))
    assert said in text and "config.json colado" in text
