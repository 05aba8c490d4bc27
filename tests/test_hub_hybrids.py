"""State-space models read from their own Hub files: each layer's fixed state per conversation as vLLM keeps it
(vllm/model_executor/layers/mamba/mamba_utils.py, MambaStateShapeCalculator), the weights from the safetensors
headers, through the pipeline as a customer asks. Before, "state-spaces/mamba-2.8b-hf" was refused ("Mamba-1
layers (a pure state-space model)") and sized by its name alone, if at all."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where
from hub.describe import architecture
from hub.service import Hub
from sizing import kv_cache
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.workload import Workload
from tests import test_hub
from tests.hub_fixtures.repos import JAMBA_15_MINI, MAMBA_28B

# The loopback Hub and its environment, as test_hub.py sets them up.
fake_hub, env = test_hub.fake_hub, test_hub.env

MAMBA = "state-spaces/mamba-2.8b-hf"


def _hub(tmp_path) -> Hub:
    return test_hub.make_hub(tmp_path)


def _ask(tmp_path, question: str):
    pipe = Pipeline(RequestLog(tmp_path / "log.db"), hub=_hub(tmp_path))
    try:
        return pipe.ask(question, Where("console"))
    finally:
        pipe.log.close()


def test_a_pure_mamba_counts_its_published_parameters_and_keeps_no_kv_cache(env):
    model = _hub(env).read_now(MAMBA).model
    # "Mamba-2.8B" (Gu and Dao, arXiv:2312.00752, Table 3); the headers and the mixer's shape agree exactly.
    assert model.params == round(model.params_official_billions * 1e9) == pytest.approx(2.8e9, rel=0.015)
    assert (model.mamba1_layers, model.attention_layers, model.dense_layers) == (64, 0, 0)
    # FP32 as published: 4 bytes a parameter, embeddings tied (no lm_head tensor).
    assert model.release.weight_bytes == 4 * model.params and model.tie_embeddings
    # vLLM mamba1_state_shape: (conv_kernel - 1) x 5,120 convolution inputs and 5,120 x 16 state values a layer,
    # 2 bytes each (the served BF16), channels split over tensor-parallel ranks; nothing grows per token.
    assert kv_cache.state_bytes(model) == 64 * (3 * 5120 + 5120 * 16) * 2 == 12_451_840
    assert kv_cache.state_bytes(model, 2) == 64 * (3 * 2560 + 2560 * 16) * 2
    assert kv_cache.bytes_per_token(model, 2) == 0
    assert kv_cache.sequence_bytes(model, 2048, 2) == kv_cache.sequence_bytes(model, 1, 2) == 12_451_840
    # No length in config.json: vLLM's 2,048 tokens, the length the paper trained at.
    assert model.max_context == 2048


def test_the_time_step_rank_and_width_follow_mambaconfigs_defaults_when_left_out():
    # MambaConfig: intermediate_size = expand x hidden_size, time_step_rank "auto" = ceil(hidden_size / 16).
    slim = {k: v for k, v in MAMBA_28B.items() if k not in ("intermediate_size", "time_step_rank")}
    a = architecture({**slim, "time_step_rank": "auto", "expand": 3})
    assert (a["mamba1"]["intermediate_size"], a["mamba1"]["dt_rank"]) == (7680, 160)


def test_a_customer_naming_a_mamba_repo_gets_its_memory_not_a_refusal(env):
    reply = _ask(env, f"quanta memória para o {MAMBA} com 2k de contexto e 10 usuários?")
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert "Não sei ler" not in said and "Mamba-1 (um modelo só" not in said
    assert "As 64 camadas são todas Mamba-1 (espaço de estados), sem atenção" in said
    assert "arquivos do próprio repositório" in said
    # The ten conversations' state is all the cache there is, whatever their length.
    hub = _hub(env)
    longer = size(
        Workload(model=MAMBA, context=2048, users=10), load_catalog(), hub.source_for(MAMBA, load_catalog())
    )
    shorter = size(
        Workload(model=MAMBA, context=512, users=10), load_catalog(), hub.source_for(MAMBA, load_catalog())
    )
    assert longer.kv_bytes_per_conversation == shorter.kv_bytes_per_conversation == 12_451_840


def test_the_answer_about_a_mamba_speaks_the_askers_language(env):
    said = _ask(env, f"how much GPU memory for {MAMBA} with 8 users at 2k context?").text_answer
    assert "All 64 layers are Mamba-1" in said and "no KV cache per token" in said


JAMBA = "ai21labs/AI21-Jamba-1.5-Mini"


def test_jamba_counts_its_published_total_and_active_parameters(env):
    model = _hub(env).read_now(JAMBA).model
    # "12B active / 52B total" (AI21's card for Jamba 1.5 Mini); the headers and the shape agree exactly.
    assert model.params == round(model.params_official_billions * 1e9) == pytest.approx(52e9, rel=0.01)
    assert model.active_params == pytest.approx(12e9, rel=0.01)
    assert (model.layer_pattern, model.mamba1_layers, model.attention_layers, model.moe_layers) == (
        "SSSSGSSS",
        28,
        4,
        16,
    )
    assert model.release.weight_bytes == 2 * model.params


def test_jambas_kv_cache_is_the_papers_and_its_mixers_keep_vllms_mamba1_state(env):
    model = _hub(env).read_now(JAMBA).model
    # Jamba paper (arXiv:2403.19887), Table 1: 4GB of KV cache at 256K tokens in 16-bit. 4 attention layers x
    # 2 x 8 KV heads x 128 x 2 bytes a token.
    assert kv_cache.bytes_per_token(model, 2) == 4 * 2 * 8 * 128 * 2
    assert kv_cache.bytes_per_token(model, 2) * 262_144 / 2**30 == 4.0
    # 28 mixers x ((4 - 1) convolution inputs + 16 state values) x 8,192 channels x 2 bytes, split by TP.
    for tp in (1, 2, 4):
        assert kv_cache.state_bytes(model, tp) == 28 * (3 + 16) * (8192 // tp) * 2


def test_a_customer_asking_about_jamba_gets_its_memory_with_the_state_and_the_kv_cache(env):
    reply = _ask(env, f"quanta memória para o {JAMBA} com 64k de contexto e 10 usuários?")
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert (
        "28 das 32 camadas são Mamba-1 (espaço de estados)" in said and "4 camadas guardam KV cache" in said
    )
    hub = _hub(env)
    source = hub.source_for(JAMBA, load_catalog())
    result = size(Workload(model=JAMBA, context=65_536, users=10), load_catalog(), source)
    # 64k tokens in the 4 attention layers, and the fixed state of the 28 mixers.
    assert result.kv_bytes_per_conversation == 65_536 * 16_384 + 28 * 19 * 8192 * 2


def test_a_jamba_whose_experts_sit_where_the_engine_cannot_put_them_is_refused_with_the_reason():
    from hub.describe import Unsupported

    with pytest.raises(Unsupported, match="experts every 2 from layer 0"):
        architecture({**JAMBA_15_MINI, "expert_layer_offset": 0})


def test_falcon_mamba_reads_its_written_width_over_its_expand(env):
    model = _hub(env).read_now("tiiuae/falcon-mamba-7b").model
    # intermediate_size 8,192 is what MambaConfig keeps (its kwargs override expand x hidden_size).
    assert model.mamba1.intermediate_size == 8192 and not model.tie_embeddings
    assert model.params == round(model.params_official_billions * 1e9) == pytest.approx(7.27e9, rel=0.001)
    assert kv_cache.state_bytes(model) == 64 * (3 + 16) * 8192 * 2


def test_jamba_fits_the_published_140k_tokens_on_one_80_gb_gpu_in_8_bits(env):
    # AI21's Jamba card: up to 140K tokens of context on a single 80GB GPU, with 8-bit weights (Jamba v0.1,
    # whose shape 1.5 Mini keeps). The state and the 4 attention layers' cache leave room for it; in 16 bits
    # the weights alone (103 GB) do not fit.
    hub = _hub(env)
    source = hub.source_for(JAMBA, load_catalog())
    int8 = size(Workload(model=JAMBA, context=140_000, users=1, precision="int8"), load_catalog(), source)
    assert int8.memory.total < 0.9 * 80e9
    assert int8.memory.kv_cache == 140_000 * 16_384 + 28 * 19 * 8192 * 2
    bf16 = size(Workload(model=JAMBA, context=140_000, users=1), load_catalog(), source)
    assert bf16.memory.weights > 80e9


def test_lora_on_a_mamba_adapts_the_mixers_four_linear_layers_and_no_attention(env):
    from sizing import training

    model = _hub(env).read_now(MAMBA).model
    # PEFT's all-linear in transformers' MambaMixer: in_proj (2,560 -> 10,240), x_proj (5,120 -> 160 + 32),
    # dt_proj (160 -> 5,120), out_proj (5,120 -> 2,560); at rank r each gains r x (d_in + d_out).
    per_layer = (2560 + 10240) + (5120 + 192) + (160 + 5120) + (5120 + 2560)
    assert training.lora_params(model, 16) == 64 * per_layer * 16
    # Query / value targets find nothing to adapt: there is no attention.
    assert training.lora_params(model, 16, targets="qv") == 0


@pytest.mark.parametrize("repo", [MAMBA, JAMBA])
def test_what_the_hub_cache_keeps_reads_back_as_the_same_mixers(env, repo):
    first = _hub(env).source_for(repo, load_catalog()).model
    # A new process reads the cached description from disk, not the Hub.
    again = _hub(env).source_for(repo, load_catalog()).model
    assert (again.mamba1, again.layer_pattern, again.mixer_only) == (
        first.mamba1,
        first.layer_pattern,
        first.mixer_only,
    )
    assert kv_cache.state_bytes(again, 2) == kv_cache.state_bytes(first, 2) > 0
