"""Hybrids of Mamba-2 and attention: NVIDIA's Nemotron-H (Nemotron Nano 9B v2, Nemotron-H 8B and 47B) and IBM's
Granite 4.0 H (Small, Tiny, Micro). "nemotron nano 9b v2" had been sized as Gemma 2 9B (refused past 8,192
tokens, its KV cache that of 42 attention layers), and Granite 4.0 H was not catalogued. Their Mamba-2 layers keep
a fixed state per conversation, as vLLM allocates it (vllm/model_executor/layers/mamba/mamba_utils.py,
mamba2_state_shape); models.toml cites each shape."""

import pytest

from sizing import kv_cache
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from sizing.workload import Workload


def answer(model: str, context: int):
    return size(Workload(model=model, context=context, users=1))


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("nemotron nano 9b v2 para 10 usuários com 32k", "nemotron-nano-9b-v2"),
        ("nemotron nano 9b v2 para 10 usuarios", "nemotron-nano-9b-v2"),
        ("quanto de memória pra rodar o nemotron nano 9b v2?", "nemotron-nano-9b-v2"),
        ("NVIDIA-Nemotron-Nano-9B-v2 128k 4 users", "nemotron-nano-9b-v2"),
        ("nvidia/NVIDIA-Nemotron-Nano-9B-v2", "nemotron-nano-9b-v2"),
        ("how many GPUs for nemotron nano v2 with 20 users?", "nemotron-nano-9b-v2"),
        ("nemotron-h 47b", "nemotron-h-47b"),
        ("nvidia/Nemotron-H-8B-Base-8K", "nemotron-h-8b"),
        ("granite 4.0 h small para 20 usuários com 32k", "granite-4.0-h-small"),
        ("granite-4.0-h-small fp8", "granite-4.0-h-small"),
        ("ibm-granite/granite-4.0-h-tiny", "granite-4.0-h-tiny"),
        ("quantas GPUs para o granite 4 h micro com 50 utilizadores?", "granite-4.0-h-micro"),
        ("granite 4.0 h tiny for 30 users", "granite-4.0-h-tiny"),
    ],
)
def test_each_is_read_by_its_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


@pytest.mark.parametrize(
    ("model", "official", "active"),
    [
        # Nemotron Nano 2 (arXiv:2508.14444) and its model card: 8.89B.
        ("nemotron-nano-9b-v2", 8.89e9, None),
        ("nemotron-h-47b", 47e9, None),
        # The Granite 4.0 H card's table: 32B total / 9B active, 7B total.
        ("granite-4.0-h-small", 32e9, 9e9),
        ("granite-4.0-h-tiny", 7e9, None),
    ],
)
def test_the_shape_counts_the_published_parameters(model, official, active):
    m = load_catalog().model(model)
    assert abs(m.params / official - 1) < 0.01
    if active:
        assert abs(m.active_params / active - 1) < 0.03


def test_nemotron_nano_9b_v2_keeps_keys_and_values_in_4_layers_and_a_state_in_27():
    m = load_catalog().model("nemotron-nano-9b-v2")
    assert (m.num_layers, m.mamba_layers, m.attention_layers, m.mlp_only_layers) == (56, 27, 4, 25)
    result = answer("nemotron-nano-9b-v2", 32_768)
    assert result.workload.model.name == "Nemotron Nano 9B v2"
    # 4 attention layers: K and V x 8 KV heads x 128 x 2 bytes per token.
    per_token = 4 * 2 * 8 * 128 * 2
    # Each Mamba-2 layer: the convolution's last 3 inputs over d_inner (128 x 80) + 2 x 8 groups x 128 in BF16,
    # and 128 heads of an 80 x 128 SSM state in FP32 (vLLM's NemotronHForCausalLMConfig).
    state = 27 * (3 * (128 * 80 + 2 * 8 * 128) * 2 + 128 * 80 * 128 * 4)
    assert result.kv_bytes_per_conversation == per_token * 32_768 + state


def test_the_mamba_state_does_not_grow_with_the_context():
    short, long = (answer("nemotron-nano-9b-v2", n) for n in (8_192, 131_072))
    # Only the 4 attention layers grow: 16 KiB per token, the state the same at any length.
    assert long.kv_bytes_per_conversation - short.kv_bytes_per_conversation == 4 * 2 * 8 * 128 * 2 * (
        131_072 - 8_192
    )
    # A transformer of its width keeping keys and values in all 56 layers would need 14x the growth.
    granite = [answer("granite-4.0-h-small", n).kv_bytes_per_conversation for n in (1_024, 2_048)]
    assert granite[1] - granite[0] == 4 * 2 * 8 * 128 * 2 * 1_024


def test_granite_4_0_h_keeps_its_state_in_bf16_and_gives_each_gpu_the_one_group_it_needs():
    result = answer("granite-4.0-h-small", 4_096)
    # 36 Mamba-2 layers: the convolution's last 3 inputs over d_inner (128 x 64) + 2 x 1 group x 128, and 128 heads
    # of a 64 x 128 SSM state, all in BF16 (no model-specific override in vLLM).
    state = 36 * (3 * (8192 + 2 * 128) * 2 + 128 * 64 * 128 * 2)
    assert result.kv_bytes_per_conversation == 4 * 2 * 8 * 128 * 2 * 4_096 + state
    # On 2 GPUs each keeps half the heads, and the one group on both (extra_groups_for_head_shards).
    model = load_catalog().model("granite-4.0-h-small")
    assert kv_cache.state_bytes(model, tp=2) == 36 * (3 * (8192 + 2 * 2 * 128) // 2 * 2 + 64 * 64 * 128 * 2)


@pytest.mark.parametrize(
    ("text", "named", "note"),
    [
        (
            "nemotron nano 9b v2 para 10 usuários com 32k",
            "Nemotron Nano 9B v2",
            "27 das 56 camadas são Mamba-2 (espaço de estados)",
        ),
        ("granite 4.0 h small for 20 users at 32k", "Granite 4.0 H Small", "36 of the 40 layers are Mamba-2"),
    ],
)
def test_the_answer_names_the_model_and_says_its_state_is_fixed(text, named, note, tmp_path, monkeypatch):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    monkeypatch.setenv("GPU_SIZER_HUB", "off")
    reply = Pipeline(RequestLog(tmp_path / "log.db")).ask(text, Where("console"))
    assert reply.outcome == "answered"
    said = reply.text_answer
    # It had been "nemotron nano 9b (dimensionado como Gemma 2 9B)", refused past 8,192 tokens.
    assert named in said and "Gemma" not in said and note in said


def test_nemotron_nano_9b_v2_is_asked_its_whole_128k_window():
    result = size(parse("nemotron nano 9b v2 com 128k para 4 usuários").workload)
    assert result.workload.context_tokens == 131_072
