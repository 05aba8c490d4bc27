"""Cohere's Command models: Command R (v01, 35B, no GQA), its 08-2024 refresh (32B, 8 KV heads) and Command R+
(104B). v01 and R+ declare 8,192 positions in config.json while their model cards give 128k: the answer
sizes up to 131,072 and says that vLLM accepts a longer --max-model-len only with
VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 (shape figures: ../shared/reference/models.json and the configs cited in
models.toml)."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse

# 2 (K and V) x layers x KV heads x head dim (128) x 2 bytes (BF16): one token's KV cache
KV_PER_TOKEN = {
    "command-r": 2 * 40 * 64 * 128 * 2,  # 1,310,720 bytes, as the reference notes
    "command-r-08-2024": 2 * 40 * 8 * 128 * 2,
    "command-r-plus": 2 * 64 * 8 * 128 * 2,
    "command-r-plus-08-2024": 2 * 64 * 8 * 128 * 2,
}


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # "command r+" had been "command r plus", a model we did not know (with Command R 35B suggested)
        ("command r+ para RAG com 40 usuarios", "command-r-plus"),
        ("Command-R+ 104B", "command-r-plus"),  # had been a contradiction between "Command-R+" and "104B"
        ("CohereForAI/c4ai-command-r-plus 4bit", "command-r-plus"),
        ("command r 08-2024 com 128k", "command-r-08-2024"),
        ("CohereLabs/c4ai-command-r-08-2024", "command-r-08-2024"),
        ("command r 32b", "command-r-08-2024"),
        ("command r com 64k de contexto", "command-r"),
        # Its August re-release had been Command R+ with a 2,024-token context ("08-2024" read as a range)
        ("command r+ 08-2024", "command-r-plus-08-2024"),
        ("CohereForAI/c4ai-command-r-plus-08-2024", "command-r-plus-08-2024"),
    ],
)
def test_each_command_model_is_read_by_its_names(text, model):
    query = parse(text)
    assert query.unknown == []
    assert size(query.workload).workload.model.id == model


@pytest.mark.parametrize(
    ("model", "official"),
    [("command-r", 35), ("command-r-08-2024", 32), ("command-r-plus", 104), ("command-r-plus-08-2024", 104)],
)
def test_the_shapes_give_the_published_sizes_and_kv_cache(model, official):
    entry = load_catalog().model(model)
    assert entry.params / 1e9 == pytest.approx(official, rel=0.015)
    r = size(parse(f"{model} com 32k").workload)
    assert r.memory.kv_cache == KV_PER_TOKEN[model] * 32768


@pytest.mark.parametrize(("model", "native"), [("command-r", "8.192"), ("command-r-plus", "8.192")])
def test_past_the_configs_8k_the_model_cards_128k_is_sized_and_the_vllm_setting_said(model, native):
    # "command r com 64k de contexto" had been refused: 8,192 was read as the model's limit.
    r = size(parse(f"{model} com 64k de contexto").workload)
    said = next(a for a in r.assumptions if "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1" in a)
    assert f"passam das {native} posições que o config.json" in said and "até 131.072" in said
    assert r.memory.kv_cache == KV_PER_TOKEN[model] * 65536
    # Within 8k nothing is said, and past 128k it is refused.
    assert not any("VLLM_ALLOW_LONG" in a for a in size(parse(f"{model} com 8k").workload).assumptions)
    with pytest.raises(SizingError) as e:
        size(parse(f"{model} com 200k de contexto").workload)
    assert e.value.key == "context_beyond_model"
    # The 08-2024 refreshes declare their 128k themselves: nothing to set.
    for text in ("command r 08-2024 com 64k", "command r+ 08-2024 com 64k"):
        r = size(parse(text).workload)
        assert r.workload.context_tokens == 65536 and not any("VLLM_ALLOW_LONG" in a for a in r.assumptions)
