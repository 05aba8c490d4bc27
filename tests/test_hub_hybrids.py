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
from tests.hub_fake import TOKEN, FakeHub
from tests.hub_fixtures.repos import MAMBA_28B

MAMBA = "state-spaces/mamba-2.8b-hf"


@pytest.fixture(scope="module")
def fake_hub():
    with FakeHub() as fake:
        yield fake


@pytest.fixture
def env(fake_hub, monkeypatch, tmp_path):
    monkeypatch.setenv("HF_ENDPOINT", fake_hub.url)
    monkeypatch.setenv("HF_TOKEN", TOKEN)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    fake_hub.delay = 0.0
    return tmp_path


def _hub(tmp_path) -> Hub:
    return Hub(budget_s=30, cache_dir=tmp_path / "hub-cache")


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
    assert kv_cache.sequence_bytes(model, 4096, 2) == kv_cache.sequence_bytes(model, 1, 2) == 12_451_840


def test_the_time_step_rank_and_width_follow_mambaconfigs_defaults_when_left_out():
    # MambaConfig: intermediate_size = expand x hidden_size, time_step_rank "auto" = ceil(hidden_size / 16).
    slim = {k: v for k, v in MAMBA_28B.items() if k not in ("intermediate_size", "time_step_rank")}
    a = architecture({**slim, "time_step_rank": "auto", "expand": 3})
    assert (a["mamba1"]["intermediate_size"], a["mamba1"]["dt_rank"]) == (7680, 160)


def test_a_customer_naming_a_mamba_repo_gets_its_memory_not_a_refusal(env):
    reply = _ask(env, f"quanta memória para o {MAMBA} com 4k de contexto e 10 usuários?")
    assert reply.outcome == "answered", reply.text_answer
    said = reply.text_answer
    assert "Não sei ler" not in said and "Mamba-1 (um modelo só" not in said
    assert "As 64 camadas são todas Mamba-1 (espaço de estados), sem atenção" in said
    assert "arquivos do próprio repositório" in said
    # The ten conversations' state is all the cache there is, whatever their length.
    hub = _hub(env)
    longer = size(
        Workload(model=MAMBA, context=4096, users=10), load_catalog(), hub.source_for(MAMBA, load_catalog())
    )
    shorter = size(
        Workload(model=MAMBA, context=512, users=10), load_catalog(), hub.source_for(MAMBA, load_catalog())
    )
    assert longer.kv_bytes_per_conversation == shorter.kv_bytes_per_conversation == 12_451_840


def test_the_answer_about_a_mamba_speaks_the_askers_language(env):
    said = _ask(env, f"how much GPU memory for {MAMBA} with 8 users at 2k context?").text_answer
    assert "All 64 layers are Mamba-1" in said and "no KV cache per token" in said
