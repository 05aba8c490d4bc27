"""Gemma 3n E2B and E4B: per-layer embeddings (PLE) that are most of the raw parameters, LAuReL and AltUp, and a
tail of layers that read earlier layers' keys and values and keep no KV cache. "gemma 3n e4b" had been
"Não conheço o modelo “gemma 3n”"."""

import pytest

from bot.cli import main as gpu_size
from hub.describe import Unsupported, architecture, describe
from sizing import gguf, kv_cache, performance
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.errors import SizingError
from sizing.i18n import params, t
from sizing.query import parse

# google/gemma-3n-E4B-it config.json's text part, as transformers' Gemma3nTextConfig defaults write it (the E4B;
# models.toml cites them), and the E2B's as google-deepmind/gemma's Gemma3n_E2B differs from it.
E4B_TEXT = {
    "model_type": "gemma3n_text", "hidden_size": 2048, "intermediate_size": [16384] * 35, "num_hidden_layers": 35,
    "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 256, "vocab_size": 262400,
    "vocab_size_per_layer_input": 262144, "hidden_size_per_layer_input": 256, "num_kv_shared_layers": 15,
    "laurel_rank": 64, "altup_num_inputs": 4, "sliding_window": 512, "max_position_embeddings": 32768,
    "tie_word_embeddings": True, "layer_types": (["sliding_attention"] * 4 + ["full_attention"]) * 7,
}  # fmt: skip
E2B_TEXT = {
    **E4B_TEXT, "intermediate_size": [8192] * 30, "num_hidden_layers": 30, "num_kv_shared_layers": 10,
    "layer_types": (["sliding_attention"] * 4 + ["full_attention"]) * 6,
}  # fmt: skip


def config(text: dict) -> dict:
    return {
        "architectures": ["Gemma3nForConditionalGeneration"],
        "model_type": "gemma3n",
        "text_config": text,
    }


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("gemma 3n e4b 10 usuarios", "gemma-3n-e4b"),
        # Had been "Não conheço o modelo “gemma 3n”" (tests/query_corpus.py held it as a bad input).
        ("gemma 3n e4b no celular", "gemma-3n-e4b"),
        ("gemma 3n e4b para 10 usuários numa L4", "gemma-3n-e4b"),
        ("google/gemma-3n-E4B-it", "gemma-3n-e4b"),
        ("gemma 3n 4b com 32k", "gemma-3n-e4b"),
        ("gemma3n e4b", "gemma-3n-e4b"),
        ("gemma-3n-E2B-it", "gemma-3n-e2b"),
        ("gemma 3n e2b no meu notebook com 8gb", "gemma-3n-e2b"),
        ("gemma 3n 2b para 5 usuários", "gemma-3n-e2b"),
        ("google/gemma-3n-E2B", "gemma-3n-e2b"),
    ],
)
def test_each_is_read_by_its_names(text, model):
    query = parse(text)
    assert (query.workload.model, query.unknown) == (model, [])


def test_the_series_alone_asks_which_size():
    with pytest.raises(SizingError) as e:
        parse("gemma 3n")
    assert e.value.key == "query.series_size"
    assert "E2B, E4B" in e.value.message("pt-BR")


def test_the_raw_count_is_the_launch_posts_with_the_per_layer_table_in_it():
    catalog = load_catalog()
    e2b, e4b = catalog.model("gemma-3n-e2b"), catalog.model("gemma-3n-e4b")
    # The per-layer table: vocab_size_per_layer_input rows of num_layers x hidden_size_per_layer_input.
    assert e2b.parts.per_layer_embeddings == 262_144 * 30 * 256
    assert e4b.parts.per_layer_embeddings == 262_144 * 35 * 256
    # Hugging Face's launch post: "actual parameter counts are 5B and 8B", towers included.
    assert round(e2b.params / 1e9) == 5 and round(e4b.params / 1e9) == 8
    # One layer: q and o 2048 x 2048, k and v 2048 x 512, a gated MLP, the PLE gate and projection (256), LAuReL
    # (rank 64), AltUp's router (2048 x 4) and coefficients (4 x 4, 4 x 16), eight 2048-wide vectors, q/k norms.
    h = 2048
    layer = (
        h * (2 * 2048 + 2 * 512) + 3 * h * 8192 + 2 * h * 256 + 2 * h * 64 + h * 4 + 16 + 64 + 8 * h + 2 * 256
    )
    model_level = 262_400 * h + 262_144 * 30 * 256 + h * 30 * 256 + 256 + 2 * 3 * h * h + h
    assert e2b.params - e2b.extra_params == 30 * layer + model_level
    # E2B is E4B's MatFormer sub-model: the same towers, the same width, fewer and narrower layers.
    assert e2b.extra_params == e4b.extra_params


def test_only_the_layers_that_own_their_keys_keep_a_cache():
    for model_id, layers in (("gemma-3n-e2b", 30), ("gemma-3n-e4b", 35)):
        model = load_catalog().model(model_id)
        # 20 layers own their KV (num_unshared_kv_layers 20): 4 full, 16 sliding over 512 tokens; 2 KV heads of
        # 256 at 16 bits.
        per_layer = 2 * 2 * 256 * 2
        assert (model.kv_global_layers, model.kv_local_layers, model.num_layers) == (4, 16, layers)
        assert kv_cache.sequence_bytes(model, 32_768, 2) == 4 * per_layer * 32_768 + 16 * per_layer * 512
        assert kv_cache.sequence_bytes(model, 300, 2) == 20 * per_layer * 300
        result = size(parse(f"{model_id} 32k").workload)
        assert result.kv_bytes_per_conversation == 4 * per_layer * 32_768 + 16 * per_layer * 512


def test_the_per_layer_table_is_loaded_but_not_read_whole_each_step():
    model = load_catalog().model("gemma-3n-e4b")
    # A lookup: one row per token, like the input embeddings; the tied output matrix is read.
    assert (
        performance.compute_params(model)
        == model.params - model.parts.per_layer_embeddings - model.extra_params
    )
    tensors = gguf.tensors(model)
    table = [x for x in tensors if x.role == "per_layer_token_embd"]
    assert [(x.rows, x.cols) for x in table] == [(262_144, 35 * 256)]
    assert sum(x.weights for x in tensors) == model.parts.embeddings + model.parts.attention + model.parts.mlp


def answer(capsys, text: str) -> str:
    assert gpu_size([text]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "model_id"),
    [("gemma 3n e4b para 10 usuários numa L4", "gemma-3n-e4b"), ("gemma 3n e2b para 50 usuários", "gemma-3n-e2b"),
     ("gemma 3n e4b em gguf q4_k_m com 16k", "gemma-3n-e4b")],
)  # fmt: skip
def test_a_typical_question_sizes_the_whole_checkpoint(text, model_id):
    result = size(parse(text).workload)
    model = load_catalog().model(model_id)
    assert (result.workload.model.id, result.workload.model.params) == (model_id, model.params)
    assert result.recommendation is not None and result.recommendation.free_bytes_per_gpu >= 0


def test_the_l4_answer_fits_and_says_what_is_effective(capsys):
    text = answer(capsys, "gemma 3n e4b para 10 usuários numa L4")
    assert "1× L4 24 GB: cabe" in text
    model = load_catalog().model("gemma-3n-e4b")
    ple = model.parts.per_layer_embeddings
    note = t("pt-BR", "note.model.per_layer_embeddings", total=params(model.params, "pt-BR"),
             ple=params(ple, "pt-BR"), effective=params(model.params - ple - model.extra_params, "pt-BR"))  # fmt: skip
    assert note in text and "Google AI Edge" in note and "2,35B" in note
    assert "As últimas 15 das 35 camadas" in text and "só 20 camadas guardam KV cache" in text
    english = answer(capsys, "gemma 3n e4b for 10 users on an L4")
    assert "per-layer embedding table (PLE)" in english and "only 20 layers keep a KV cache" in english


def test_an_8gb_laptop_is_told_to_quantize(capsys):
    text = answer(capsys, "gemma 3n e2b no meu notebook com 8gb")
    assert "GPU de 8 GB (notebook): não cabe" in text and "Em GGUF Q4_K_M: cabe" in text


def test_a_hub_config_reads_the_catalogues_shape():
    catalog = load_catalog()
    for text, model_id in ((E4B_TEXT, "gemma-3n-e4b"), (E2B_TEXT, "gemma-3n-e2b")):
        # A fine-tune on the Hub with no safetensors headers read: counted from its config.json alone.
        entry = describe("someone/gemma-3n-ft", "0123456789abcdef", config(text), None, None)
        model = catalog.model(model_id)
        assert entry.params == model.params - model.extra_params, model_id
        assert kv_cache.sequence_bytes(entry, 32_768, 2) == kv_cache.sequence_bytes(model, 32_768, 2)


def test_a_matformer_sub_model_with_per_layer_widths_is_refused_clearly():
    mixed = {**E2B_TEXT, "intermediate_size": [8192] * 20 + [16384] * 10}
    with pytest.raises(Unsupported) as e:
        architecture(config(mixed))
    assert e.value.reason == "per_layer_widths"


def test_gemma_4s_on_device_sizes_are_still_said_to_be_uncatalogued():
    for text in ("gemma 4 e2b no celular", "gemma 4 E4B para 10 usuários"):
        with pytest.raises(SizingError) as e:
            size(parse(text).workload)
        assert e.value.key == "query.series_uncatalogued_size"
