"""Open models released late 2025 to 2026 that customers name: Kimi K2.5, Qwen3.5 397B-A17B, MiniMax-M2.1, M2.5
and M2.7 (config copies cited in models.toml). Each had been sized as an older model, with its version not
understood, or said to be unknown."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("kimi k2.5 para 10 usuários", "kimi-k2.5"),
        ("moonshotai/Kimi-K2.5", "kimi-k2.5"),
        ("qwen3.5 397b com 32k", "qwen3.5-397b-a17b"),
        ("Qwen/Qwen3.5-397B-A17B", "qwen3.5-397b-a17b"),
        ("minimax m2.5 fp8", "minimax-m2.5"),
        ("minimax m2.1", "minimax-m2.1"),
        ("MiniMaxAI/MiniMax-M2.7 200k", "minimax-m2.7"),
    ],
)
def test_each_is_read_by_its_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


def test_kimi_k2_5_is_k2_thinkings_int4_model():
    result = size(parse("kimi k2.5 para 10 usuários com 32k").workload)
    assert result.workload.precision == "int4_g32" and result.workload.model.max_context == 262_144
    # MLA: the latent and the rotary key, 61 layers, 16 bits (DeepSeek-V2 paper, section 2.1)
    assert result.kv_bytes_per_conversation == 61 * (512 + 64) * 2 * 32_768


def test_qwen3_5_keeps_a_kv_cache_in_one_layer_of_four():
    model = load_catalog().model("qwen3.5-397b-a17b")
    assert abs(model.active_params / 17e9 - 1) < 0.03 and abs(model.params / 397e9 - 1) < 0.01
    result = size(parse("qwen3.5 397b com 32k").workload)
    full_layers = 60 // 4  # 2 (K and V) x 2 KV heads x 256 x 2 bytes in each full-attention layer
    per_token = full_layers * 2 * 2 * 256 * 2
    assert result.kv_bytes_per_conversation > per_token * 32_768  # plus the Gated DeltaNet state
    assert result.kv_bytes_per_conversation < per_token * 32_768 * 1.5


def test_minimax_m2_7_reads_204800_tokens_where_m2_5_reads_196608():
    # "200k" is 200,000 tokens (only a power of two before "k" is counted in 1,024s): within M2.7's window.
    assert size(parse("minimax m2.7 200k").workload).workload.context_tokens == 200_000
    assert load_catalog().model("minimax-m2.7").max_context == 204_800
    m25 = load_catalog().model("minimax-m2.5")
    assert m25.max_context == 196_608 and m25.params == load_catalog().model("minimax-m2").params


def test_glm_5_is_mla_with_deepseek_v3_2s_indexer():
    for text in ("glm 5 com 32k", "zai-org/GLM-5-FP8", "glm-5.1"):
        query = parse(text)
        assert (query.workload.model, query.unknown) == ("glm-5", []), text
    model = load_catalog().model("glm-5")
    assert abs(model.params / 744e9 - 1) < 0.001  # the card's 744B, indexers included
    result = size(parse("glm 5 com 32k").workload)
    # per layer: the latent and rotary key at 16 bits, and the indexer's FP8 key with its scale (132 bytes)
    assert result.kv_bytes_per_conversation == 78 * ((512 + 64) * 2 + 132) * 32_768


# The language model's parameters, as the checkpoints' safetensors totals give them once the vision tower and the
# MTP layer are taken out (models.toml cites each total).
QWEN35_LANGUAGE_MODELS = {
    "qwen3.5-4b": 4_205_751_296,
    "qwen3.5-27b": 26_895_998_464,
    "qwen3.5-35b-a3b": 34_660_610_688,
}


@pytest.mark.parametrize(("model_id", "params"), QWEN35_LANGUAGE_MODELS.items())
def test_qwen3_5_sizes_count_their_checkpoints_to_the_parameter(model_id, params):
    model = load_catalog().model(model_id)
    assert model.params - model.extra_params == params


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("qwen3.5 27b para 10 usuários", "qwen3.5-27b"),
        ("Qwen/Qwen3.5-27B", "qwen3.5-27b"),
        ("qwen3.5 35b a3b com 32k", "qwen3.5-35b-a3b"),
        ("qwen3.6 35b fp8", "qwen3.6-35b-a3b"),
        ("qwen3.6-27b", "qwen3.6-27b"),
        ("qwen3.5 122b", "qwen3.5-122b-a10b"),
        ("qwen 3.5 9b", "qwen3.5-9b"),
        ("qwen3.5 4b", "qwen3.5-4b"),
    ],
)
def test_qwen3_5_and_3_6_sizes_are_read_by_their_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown, query.workload.family_typed) == (model, [], None)


def test_qwen3_5_27b_keeps_a_kv_cache_in_its_16_full_layers_only():
    result = size(parse("qwen3.5 27b com 32k").workload)
    per_token = 16 * 2 * 4 * 256 * 2  # full layers x (K and V) x KV heads x head dim x 16 bits
    # Gated DeltaNet, 16-bit: the last 3 inputs of the 4-wide convolution and the 48 recurrent states of 128 x 128
    state = 48 * ((4 - 1) * (2 * 16 * 128 + 48 * 128) + 48 * 128 * 128) * 2
    assert result.kv_bytes_per_conversation == per_token * 32_768 + state


def test_an_fp8_repo_of_a_qwen3_5_size_sets_fp8():
    # The -FP8 repos had been listed as the model's own names, so "Qwen/Qwen3.5-397B-A17B-FP8" was sized in BF16.
    for text in ("Qwen/Qwen3.5-122B-A10B-FP8 64k", "Qwen/Qwen3.5-397B-A17B-FP8"):
        assert size(parse(text).workload).workload.precision == "fp8", text


@pytest.mark.parametrize("text", ["qwen3.5", "qwen 3.6 com 10 usuários"])
def test_a_qwen_release_alone_asks_which_size(text):
    # "qwen3.6" had been corrected to Qwen3 0.6B.
    with pytest.raises(SizingError) as e:
        parse(text)
    assert e.value.key == "query.series_size"


def test_a_qwen3_5_size_that_does_not_exist_lists_the_ones_that_do():
    with pytest.raises(SizingError) as e:
        parse("qwen 3.5 32b")
    assert e.value.key == "query.series_lacks_size"
    assert "4B, 9B, 27B, 35B-A3B, 122B-A10B, 397B-A17B" in e.value.message("pt-BR")
