"""Mistral's December 2025 - March 2026 open models: Mistral Large 3 (675B MoE with DeepSeek-V3's MLA layout),
Mistral Small 4 (119B MoE, MLA), Devstral Small 2 and Ministral 3 (3B, 8B, 14B). "mistral large 3" had been
sized as Mistral Large 2 (123B dense) and "mistral small 4" as Mistral Small 3 (24B), the number dropped.
Shapes: the params.json / config.json copies cited in models.toml."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse

# One token's KV cache at 16 bits. MLA keeps the compressed latent and the rope key per layer (DeepSeek-V2,
# arXiv:2405.04434, section 2.1); GQA keeps K and V for each KV head (2 x layers x KV heads x head dim).
KV_PER_TOKEN = {
    "mistral-large-3": 61 * (512 + 64) * 2,  # 70,272 bytes
    "mistral-small-4": 36 * (256 + 64) * 2,  # 23,040 bytes: the "22.5 KiB/token" published for it
    "devstral-small-2": 2 * 40 * 8 * 128 * 2,
    "ministral-3-14b": 2 * 40 * 8 * 128 * 2,
    "ministral-3-8b": 2 * 34 * 8 * 128 * 2,
    "ministral-3-3b": 2 * 26 * 8 * 128 * 2,
}


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("mistral large 3 fp8 com 20 usuários e 32k", "mistral-large-3"),
        ("mistralai/Mistral-Large-3-675B-Instruct-2512", "mistral-large-3"),
        ("Mistral-Large-3-675B-Instruct-2512 8 h200", "mistral-large-3"),
        ("mistral small 4 para 50 usuários", "mistral-small-4"),
        ("mistralai/Mistral-Small-4-119B-2603", "mistral-small-4"),
        ("devstral small 2 para 30 devs", "devstral-small-2"),
        ("devstral 2 para 10 usuários", "devstral-2"),
        ("mistralai/Devstral-2-123B-Instruct-2512", "devstral-2"),
        ("ministral 3 14b", "ministral-3-14b"),
        ("ministral 8b com 10 usuários", "ministral-3-8b"),
        ("ministral 3b", "ministral-3-3b"),
        # the 2.1 release of Mistral Large 2 (24.11) keeps its 123B shape
        ("mistral large 2.1", "mistral-large-2"),
        ("mistral large 2411", "mistral-large-2"),
    ],
)
def test_each_model_is_read_by_its_names(text, model):
    query = parse(text)
    assert query.workload.model == model and query.unknown == []


@pytest.mark.parametrize("model", sorted(KV_PER_TOKEN))
def test_kv_cache_per_token_follows_each_attention(model):
    result = size(parse(f"{model} 8k").workload)
    assert result.kv_bytes_per_conversation == KV_PER_TOKEN[model] * 8192


def test_mistral_large_3_is_the_675b_moe_not_large_2():
    large3 = size(parse("mistral large 3 fp8 com 20 usuários e 32k").workload)
    model = large3.workload.model
    assert abs(model.params / 675e9 - 1) < 0.01  # 673.4B language model + ~2.6B vision encoder
    # the card: 39B active in the language model, 41B with the vision encoder
    assert 38e9 < model.active_params - model.vision_params < 41e9
    assert model.max_context == 262_144
    assert large3.workload.precision == "fp8"
    large2 = size(parse("mistral large 2 fp8 com 20 usuários e 32k").workload)
    assert large3.memory.weights > 5 * large2.memory.weights


def test_devstral_2_is_the_123b_dense_model_and_says_its_count_is_not_the_cards():
    # "devstral 2" had been Devstral Small (24B), the 2 dropped
    result = size(parse("devstral 2 para 10 usuários").workload)
    model = load_catalog().model("devstral-2")
    assert result.workload.model.params == model.params and abs(model.params / 125e9 - 1) < 0.01
    assert model.max_context == 262_144 and result.workload.precision == "fp8"
    assert "not from the config.json" in model.params_official_scope
    with pytest.raises(SizingError) as e:  # a bare "devstral" asks which: the 123B or the Small ones
        parse("devstral para 10 usuários")
    assert e.value.key == "query.family_model"


def test_ministral_3_8b_is_never_scaled_from_another_size():
    # "ministral 8b" had become "Ministral 3 8B com 30 camadas" (the family's 8.9B scaled down to 8B)
    result = size(parse("ministral 8b").workload)
    assert result.workload.model.name == "Ministral 3 8B"
    assert result.workload.model.params == load_catalog().model("ministral-3-8b").params


@pytest.mark.parametrize("text", ["mistral large 2 4bit", "mistral-large-instruct-2411 fp8 2 h100"])
def test_mistral_large_2_says_its_research_licence(text, capsys):
    # Both releases are under the Mistral AI Research License; the answer had sized them for production
    # without a word about it.
    from bot.cli import main as gpu_size

    assert gpu_size([text]) == 0
    out = capsys.readouterr().out
    assert "Mistral AI Research License (MRL-0.1): só para pesquisa" in out
    # a text model: the open alternative is a text one, not the vision models Pixtral Large's note names
    assert "Qwen3 32B ou Mistral Small 3.2 24B, ambos Apache 2.0" in out and "lê imagens" not in out
