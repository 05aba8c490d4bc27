"""Gemma 4 (31B dense, 26B-A4B MoE): full-attention layers with their own head shape (4 KV heads of 512 where
the sliding layers keep 16 of 256) and values that are their keys. "gemma 4 31b" had been sized as Gemma 3 27B
stretched to 72 layers, with Gemma 3's KV cache."""

import pytest

from hub.describe import Unsupported, architecture, describe
from sizing import gguf, kv_cache, training
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse

# google/gemma-4-31B-it config.json's text part, as transformers' convert_gemma4_weights.py (_VARIANTS) and
# configuration_gemma4.py write it (models.toml cites both).
GEMMA4_31B_TEXT = {
    "model_type": "gemma4_text", "hidden_size": 5376, "intermediate_size": 21504, "num_hidden_layers": 60,
    "num_attention_heads": 32, "num_key_value_heads": 16, "num_global_key_value_heads": 4, "head_dim": 256,
    "global_head_dim": 512, "attention_k_eq_v": True, "vocab_size": 262144, "tie_word_embeddings": True,
    "max_position_embeddings": 262144, "sliding_window": 1024, "hidden_size_per_layer_input": 0,
    "num_kv_shared_layers": 0, "enable_moe_block": False,
    "layer_types": (["sliding_attention"] * 5 + ["full_attention"]) * 10,
}  # fmt: skip
GEMMA4_26B_TEXT = {
    **GEMMA4_31B_TEXT, "hidden_size": 2816, "intermediate_size": 2112, "num_hidden_layers": 30,
    "num_attention_heads": 16, "num_key_value_heads": 8, "num_global_key_value_heads": 2,
    "enable_moe_block": True, "num_experts": 128, "top_k_experts": 8, "moe_intermediate_size": 704,
    "layer_types": (["sliding_attention"] * 5 + ["full_attention"]) * 5,
}  # fmt: skip


def config(text: dict) -> dict:
    return {"architectures": ["Gemma4ForConditionalGeneration"], "model_type": "gemma4", "text_config": text}


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("gemma 4 31b para 10 usuários", "gemma-4-31b"),
        ("google/gemma-4-31B-it 64k", "gemma-4-31b"),
        ("gemma-4-31b-it", "gemma-4-31b"),
        ("gemma 4 26b a4b com 32k", "gemma-4-26b-a4b"),
        ("gemma-4-26B-A4B-it", "gemma-4-26b-a4b"),
        ("gemma 4 26b para 50 usuários", "gemma-4-26b-a4b"),
    ],
)
def test_each_is_read_by_its_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown, query.workload.family_typed) == (model, [], None)


def test_the_parameters_are_the_cards_with_each_layers_own_shape():
    catalog = load_catalog()
    dense, moe = catalog.model("gemma-4-31b"), catalog.model("gemma-4-26b-a4b")
    # Sliding layers: q 8192, k and v 4096, o 8192 wide; full layers: q 16384, k 2048, no v, o 16384.
    h = 5376
    assert dense.parts.attention == 50 * h * (8192 + 2 * 4096 + 8192) + 10 * h * (16384 + 2048 + 16384)
    assert abs((dense.params - dense.extra_params) / 30.7e9 - 1) < 0.002
    assert abs((moe.params - moe.extra_params) / 25.2e9 - 1) < 0.002
    assert abs((moe.active_params - moe.extra_params) / 3.8e9 - 1) < 0.01


def test_the_kv_cache_keeps_wide_full_layers_whole_and_sliding_ones_to_their_window():
    model = load_catalog().model("gemma-4-31b")
    full = 2 * 4 * 512 * 2  # K and V (vLLM keeps a value cache even where values are the keys), 16 bits
    sliding = 2 * 16 * 256 * 2
    assert kv_cache.sequence_bytes(model, 32_768, 2) == 10 * full * 32_768 + 50 * sliding * 1024
    result = size(parse("gemma 4 31b 32k").workload)
    assert result.kv_bytes_per_conversation == 10 * full * 32_768 + 50 * sliding * 1024
    # On 8 GPUs the 4 full-layer KV heads are copied, two ranks to each; 16 sliding heads split in two.
    assert kv_cache.full_layer_bytes(model, 2, tp=8) == 2 * 1 * 512 * 2
    assert kv_cache.bytes_per_token_per_layer(model, 2, tp=8) == 2 * 2 * 256 * 2


def test_the_longest_context_that_fits_is_found_on_both_rates():
    model = load_catalog().model("gemma-4-31b")
    budget = 40 * 2**30
    tokens = kv_cache.max_tokens(model, budget, 4, 2)
    assert (
        4 * kv_cache.sequence_bytes(model, tokens, 2)
        <= budget
        < 4 * kv_cache.sequence_bytes(model, tokens + 1, 2)
    )


def test_lora_and_gguf_count_no_value_projection_in_the_full_layers():
    model = load_catalog().model("gemma-4-31b")
    tensors = gguf.tensors(model)
    assert sum(t.role == "attn_v" for t in tensors) == 50
    widths = {(t.rows, t.cols) for t in tensors if t.role == "attn_k"}
    assert widths == {(16 * 256, 5376), (4 * 512, 5376)}
    parts = model.parts
    assert sum(t.weights for t in tensors) == parts.embeddings + parts.attention + parts.mlp
    h = 5376
    per_sliding = (h + 8192) + 2 * (h + 4096) + (8192 + h) + 3 * (h + 21504)
    per_full = (h + 16384) + (h + 2048) + (16384 + h) + 3 * (h + 21504)
    assert training.lora_params(model, 1) == 50 * per_sliding + 10 * per_full


@pytest.mark.parametrize(
    ("text", "model_id"),
    [("lora gemma 4 31b", "gemma-4-31b"), ("qlora gemma 4 26b a4b", "gemma-4-26b-a4b"),
     ("gemma 4 31b para 20 usuários com 128k", "gemma-4-31b")],
)  # fmt: skip
def test_fine_tuning_and_serving_size_gemma_4_itself(text, model_id):
    # Each had been sized as Gemma 3 27B stretched to the size typed.
    result = size(parse(text).workload)
    model = load_catalog().model(model_id)
    assert (result.workload.model.id, result.workload.model.params) == (model_id, model.params)
    assert result.recommendation is not None and result.recommendation.free_bytes_per_gpu >= 0


def test_a_series_size_the_catalogue_lacks_is_said_so_not_taken_for_a_gpu():
    # "gemma 4 e4b" had been "Não conheço a GPU “e4b”".
    for text in ("gemma 4 e4b", "gemma 4 E2B para 100 usuários"):
        with pytest.raises(SizingError) as e:
            size(parse(text).workload)
        assert e.value.key == "query.series_uncatalogued_size"
        message = e.value.message("pt-BR")
        assert "ainda não está no catálogo" in message and "26B-A4B, 31B" in message
    with pytest.raises(SizingError) as e:
        parse("gemma 4")
    assert e.value.key == "query.series_size"


def test_a_hub_config_reads_each_layers_shape_as_the_catalogue_does():
    catalog = load_catalog()
    for text, model_id in ((GEMMA4_31B_TEXT, "gemma-4-31b"), (GEMMA4_26B_TEXT, "gemma-4-26b-a4b")):
        # A fine-tune on the Hub with no safetensors headers read: counted from its config.json alone.
        entry = describe("someone/gemma-4-ft", "0123456789abcdef", config(text), None, None)
        model = catalog.model(model_id)
        assert entry.params == model.params - model.extra_params, model_id
        assert kv_cache.sequence_bytes(entry, 65_536, 2) == kv_cache.sequence_bytes(model, 65_536, 2)
        assert entry.active_params == model.active_params - model.extra_params


def test_a_hub_config_of_an_on_device_size_is_not_sized_from_a_wrong_shape():
    e4b = {**GEMMA4_31B_TEXT, "hidden_size_per_layer_input": 256, "num_kv_shared_layers": 18}
    with pytest.raises(Unsupported):
        architecture(config(e4b))
