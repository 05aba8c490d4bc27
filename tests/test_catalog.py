"""The data files: real architectures, GPU facts, the offering, and clear errors when an edit breaks one."""

import re
import shutil

import pytest

from sizing.catalog import CatalogError, load_catalog
from sizing.names import resolve_model
from sizing.query import QueryError, parse


def test_every_model_matches_its_official_parameter_count(catalog):
    for m in catalog.models:
        official = m.params_official_billions * 1e9
        gap = abs(m.params - official) / official
        if m.params_official_excludes_embeddings:
            # The official figure leaves out the embedding table: the rest of the count is held to 1%, so a
            # wrong shape is still caught; the entry says so.
            assert m.params_official_scope, m.id
            rest = m.params - m.parts.embeddings
            assert abs(rest - official) / official < 0.01, (
                f"{m.id}: {rest:,} without embeddings vs {official:,.0f}"
            )
        elif m.params_official_scope:
            # The official figure counts something else (a vision tower, a rounded name): it must say what,
            # and still be close (Granite 4.0 Micro's card calls 3.40B of its own table's shapes "3B": 13%).
            assert gap < 0.14, m.id
        else:
            assert gap < 0.01, f"{m.id}: computed {m.params:,} vs official {official:,.0f}"


def test_parameter_counts_equal_the_reference_architectures_exactly(catalog, reference_models):
    for name, ref in reference_models.items():
        model = catalog.model(name)
        # The reference counts the text decoder; a vision encoder the catalogue adds is its extra_params.
        assert model.params - model.extra_params == ref["params_total"], name
        if ref.get("params_active") and name.startswith(("qwen3", "mixtral", "deepseek", "llama-4")):
            assert model.active_params == ref["params_active"], name


def test_gpt_oss_active_parameters_follow_the_model_card_convention(catalog, reference_models):
    # The card counts active parameters without the input embedding table.
    for name in ("gpt-oss-20b", "gpt-oss-120b"):
        m = catalog.model(name)
        assert m.active_params - m.parts.embeddings == reference_models[name]["params_active"]


def test_catalogue_covers_the_gpus_the_product_names(catalog):
    ids = {g.id for g in catalog.gpus}
    for needed in (
        "l4",
        "l40",
        "l40s",
        "rtx-6000-ada",
        "a100-40gb-sxm",
        "a100-80gb-sxm",
        "h100-sxm",
        "h100-pcie",
        "h200-sxm",
        "b200",
    ):
        assert needed in ids


def test_gpu_memory_is_what_software_sees_not_the_box(catalog):
    for g in catalog.gpus:
        visible_gb = g.memory_bytes / 1e9
        # Below the marketing figure read as GiB (what the box means), above 85% of it.
        assert (
            0.85 * g.memory_marketing_gb * 2**30 / 1e9 < visible_gb <= g.memory_marketing_gb * 2**30 / 1e9
        ), g.id
        assert g.memory_source and g.compute_source and g.interconnect_source


def test_default_offering_is_the_product_classes_without_prices(catalog):
    offered = {o.gpu for o in catalog.offering.offer}
    assert {"l40s", "l40", "a100-80gb-sxm", "h100-sxm", "h200-sxm"} <= offered
    assert not catalog.offering.has_prices
    assert all(2 in o.counts for o in catalog.offering.offer)


@pytest.fixture
def data_copy(tmp_path):
    from sizing.catalog import DATA_DIR

    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _load_fresh(path):
    load_catalog.cache_clear()
    try:
        return load_catalog(path)
    finally:
        load_catalog.cache_clear()


def test_a_typo_in_a_key_names_the_file_the_entry_and_the_key(data_copy):
    path = data_copy / "models.toml"
    path.write_text(path.read_text().replace("num_kv_heads = 8\n", "num_kv_head = 8\n", 1))
    with pytest.raises(CatalogError) as e:
        _load_fresh(data_copy)
    message = str(e.value)
    assert "models.toml" in message and "'llama-3.1-8b'" in message and "num_kv_head" in message


def test_a_wrong_value_type_is_reported_in_one_sentence(data_copy):
    path = data_copy / "gpus.toml"
    text = path.read_text()
    path.write_text(text.replace("bandwidth_gb_s = 864", 'bandwidth_gb_s = "fast"', 1))
    with pytest.raises(CatalogError) as e:
        _load_fresh(data_copy)
    assert "gpus.toml" in str(e.value) and "bandwidth_gb_s" in str(e.value)


def test_broken_toml_is_reported_with_the_file_name(data_copy):
    (data_copy / "offering.toml").write_text("[[offer]\ngpu = 'l40s'")
    with pytest.raises(CatalogError, match=re.escape("offering.toml: not valid TOML")):
        _load_fresh(data_copy)


def test_offering_must_point_at_known_gpus(data_copy):
    path = data_copy / "offering.toml"
    path.write_text(path.read_text().replace('gpu = "l40s"', 'gpu = "l40x"', 1))
    with pytest.raises(CatalogError, match="l40x"):
        _load_fresh(data_copy)


def test_two_models_cannot_share_a_name(data_copy):
    path = data_copy / "models.toml"
    path.write_text(path.read_text().replace('"llama 70b"', '"llama 8b"', 1))
    with pytest.raises(CatalogError, match="llama 8b"):
        _load_fresh(data_copy)


@pytest.mark.parametrize(
    ("file", "old", "new", "said"),
    [
        # A rule on one value: the entry, the key and the rule.
        ("models.toml", "num_kv_heads = 8\n", "num_kv_heads = 0\n",
         "models.toml: [[model]] 'llama-3.1-8b', key num_kv_heads: Expected int >= 1"),
        # A rule across an entry's values: the entry and the rule.
        ("models.toml", "num_kv_heads = 8\n", "num_kv_heads = 7\n",
         "models.toml: [[model]] 'llama-3.1-8b': num_heads (32) must be a multiple of num_kv_heads (7)"),
        # The layer pattern's letters: a typo is named, not read as some kind of layer.
        ("models.toml", 'layer_pattern = "LG"', 'layer_pattern = "LQ"',
         "models.toml: [[model]] 'gemma-2-2b': layer_pattern 'LQ' may hold only the letters G, L, R, X, C, H, M, S, P, Z and F"),
        ("models.toml", 'layer_pattern = "LG"', 'layer_pattern = ""',
         "models.toml: [[model]] 'gemma-2-2b', key layer_pattern: Expected str of length >= 1"),
        ("offering.toml", "counts = [1, 2, 4, 8]", "counts = [0, 2]",
         "offering.toml: [[offer]] #1: GPU counts must be 1 or more"),
        ("offering.toml", "counts = [1, 2, 4, 8]", "counts = []",
         "offering.toml: [[offer]] #1, key counts: Expected array of length >= 1"),
        ("precisions.toml", "keeps = [", 'keeps = ["lm_heads", ',
         "precisions.toml: [[precision]] 'fp32': unknown part 'lm_heads'; use embeddings, lm_head, attention"),
    ],
)  # fmt: skip
def test_a_broken_rule_names_the_file_the_entry_and_the_rule(data_copy, file, old, new, said):
    path = data_copy / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(CatalogError) as e:
        _load_fresh(data_copy)
    assert str(e.value) == said


def test_gemma_3_vision_models_carry_their_vision_encoder(catalog):
    # keras-hub's gemma3_presets.py: vision+text less text-only (a 262,144-entry vocabulary in both), so the
    # 262,208-entry checkpoint holds the text decoder computed here plus exactly that encoder.
    encoders = {"gemma-3-4b": 4_299_915_632 - 3_880_099_328, "gemma-3-12b": 12_187_079_280 - 11_765_788_416,
                "gemma-3-27b": 27_432_062_576 - 27_009_002_240}  # fmt: skip
    for name, params in encoders.items():
        assert catalog.model(name).extra_params == params, name
    assert catalog.model("gemma-3-1b").extra_params == 0  # text only


def test_qwen2_5_vl_7b_is_its_checkpoint_whole(catalog):
    # 16,584,333,312 bytes of BF16 safetensors (the Qwen2.5-VL-7B text encoder of Qwen/Qwen-Image): the
    # Qwen2.5 7B decoder plus the vision transformer and merger.
    model = catalog.model("qwen2.5-vl-7b")
    assert model.params * 2 == 16_584_333_312
    assert model.params - model.extra_params == catalog.model("qwen2.5-7b").params


def test_a_data_folder_copied_before_the_i_quants_still_loads(data_copy):
    # GPU_SIZER_DATA may hold a copy from before the i-quants: no IQ1_S...IQ3_M entries in precisions.toml,
    # none of their tensor types, no GGUF files in models.toml. It needs none of those types, and loads.
    models = data_copy / "models.toml"
    models.write_text(re.sub(r"\n\[\[model\.gguf_files\]\]\n(?:[^\[\n][^\n]*\n)*", "\n", models.read_text()))
    path = data_copy / "precisions.toml"
    entries, types = path.read_text().split("\n[ggml_types]\n")
    kept = [b for b in entries.split("\n[[precision]]\n") if not re.match(r'id = "iq(?!4_xs)', b)]
    types = re.sub(r"(IQ3_S|IQ3_XXS|IQ2_S|IQ2_XS|IQ2_XXS|IQ1_M|IQ1_S) = [\d.]+\n", "", types)
    text = "\n[[precision]]\n".join(kept) + "\n[ggml_types]\n" + types
    path.write_text(text)
    catalog = _load_fresh(data_copy)
    assert "iq4_xs" in {p.id for p in catalog.precisions} and "iq1_s" not in {
        p.id for p in catalog.precisions
    }
    # An i-quant entry whose tensor types are not priced names the one missing.
    path.write_text(path.read_text() + '\n[[precision]]\nid = "iq2_m"\nname = "GGUF IQ2_M"\nnominal_bits = 2\n'
                    'bits_per_weight = 2.5625\ngguf = "IQ2_M"\nsource = "test"\n')  # fmt: skip
    with pytest.raises(CatalogError, match="lacks IQ"):
        _load_fresh(data_copy)


def test_deepseek_coder_v2_lite_is_a_small_mla_moe(catalog):
    """ "how much vram does deepseek-coder-v2-lite need?" had been an unknown model. DeepSeek's README: 15.7B
    total (V2-Lite), 2.4B activated; MLA keeps one 512 + 64 latent per token and layer (no query
    compression in the Lite models)."""
    from sizing import kv_cache

    m = catalog.model("deepseek-coder-v2-lite")
    assert round(m.params / 1e9, 1) == 15.7
    # 6 of 64 routed experts and both shared ones per token: 2.66B with the embedding table and output head,
    # 2.24-2.45B without one or both, as "2.4B activated" rounds it.
    assert 2.2e9 < m.active_params - 2048 * 102_400 < 2.5e9
    assert kv_cache.bytes_per_token(m, 2) == 27 * (512 + 64) * 2
    assert resolve_model("deepseek-ai/DeepSeek-V2-Lite-Chat", catalog).model.id == "deepseek-v2-lite"


def test_deepseek_v2_and_coder_v2_are_the_236b_mla_moe(catalog):
    """ "deepseek coder v2 instruct 236b" had been a contradiction (the Lite model against 236B). DeepSeek-V2's
    README: 236B total, 21B activated (235.74B counted from its config.json). MLA with query compression
    keeps one 512 + 64 latent per token and layer."""
    from sizing import kv_cache

    m = catalog.model("deepseek-v2")
    assert m.params == 235_741_434_880
    assert round(m.active_params / 1e9) == 21
    assert kv_cache.bytes_per_token(m, 2) == 60 * (512 + 64) * 2
    assert resolve_model("deepseek-ai/DeepSeek-Coder-V2-Instruct", catalog).model.id == "deepseek-coder-v2"
    assert resolve_model("deepseek v2.5", catalog).model.id == "deepseek-v2.5"
    assert resolve_model("deepseek coder v2 lite", catalog).model.id == "deepseek-coder-v2-lite"


def test_qwen3_next_is_counted_exactly_and_caches_only_its_full_attention_layers(catalog):
    # Qwen3-Coder-Next's safetensors (the same config.json shape) total 79,674,391,296 parameters, 3,874,929,408
    # active; one layer in four is full attention (12 of 48), the rest Gated DeltaNet with a fixed state.
    from sizing.engine import size
    from sizing.workload import Workload

    model = catalog.model("qwen3-next-80b-a3b")
    assert (model.params, model.active_params) == (79_674_391_296, 3_874_929_408)
    r = size(Workload.given({"model": "qwen3 next 80b", "precision": "fp8", "context": 32768}))
    assert r.kv_bytes_per_token == 2 * 12 * 2 * 256 * 2  # K and V x full layers x KV heads x head dim x BF16


def test_the_tucano_models_are_counted_as_their_cards_say(catalog):
    # Nkluge-correa/Tucano: the cards' exact counts, from the training specs' shapes (untied embeddings).
    assert catalog.model("tucano-2b4").params == 2_444_618_240
    assert catalog.model("tucano-1b1").params == 1_100_048_384
    from sizing.errors import SizingError
    from sizing.query import parse

    assert parse("TucanoBR/Tucano-2b4-Instruct").workload.model == "tucano-2b4-instruct"
    with pytest.raises(SizingError) as e:  # a size the series lacks is asked, not scaled from another
        parse("tucano 7b")
    assert "1B1, 2B4" in e.value.message("pt-BR")


@pytest.mark.parametrize(
    ("typed", "model"),
    [("starcoder2 15b", "starcoder2-15b"), ("StarCoder2-15B", "starcoder2-15b"), ("starcoder 2 15b", "starcoder2-15b"),
     ("bigcode/starcoder2-15b-instruct-v0.1", "starcoder2-15b")],
)  # fmt: skip
def test_starcoder2_15b_answers_to_how_customers_type_it(catalog, typed, model):
    assert resolve_model(typed, catalog).model.id == model


@pytest.mark.parametrize(
    ("typed", "name"),
    [("starcoder2 7b", "StarCoder2 7B"), ("starcoder2 3b", "StarCoder2 3B"), ("grok 2", "Grok 2"),
     ("exaone 4.0 1.2b", "EXAONE 4.0 1.2B")],
)  # fmt: skip
def test_models_whose_configs_are_not_cited_answer_to_their_names_as_missing(typed, name):
    # Their config.json values are not cited (models.toml [[uncatalogued]]): named, they are said missing, never
    # "Não entendi" nor another model sized in their place. (Codestral, Solar Pro, Arctic, Pixtral Large and
    # Gervásio, once here, are sized now: tests/test_catalogue_sourced_again.py.)
    with pytest.raises(QueryError) as raised:
        parse(typed)
    assert raised.value.key == "query.uncatalogued"
    assert f"O {name} (" in raised.value.message("pt-BR")


def _gpu_size(data, cache, *question):
    """gpu-size in a process of its own, on the data folder `data`, keeping what it reads in `cache`."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {
        **os.environ,
        "GPU_SIZER_DATA": str(data),
        "GPU_SIZER_DATA_CACHE": str(cache),
        "GPU_SIZER_HUB": "off",
    }
    root = Path(__file__).resolve().parents[1]
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *question], cwd=root, env=env, capture_output=True, text=True
    )


def test_an_edit_to_the_data_folder_is_answered_at_once_though_the_catalogue_is_kept(data_copy, tmp_path):
    """The catalogue, checked and converted, is kept between runs (sizing/catalog.py): the next run answers
    the same from the kept copy, an edited file is read anew, and a broken edit is said, not hidden by it."""
    cache = tmp_path / "cache"
    first = _gpu_size(data_copy, cache, "70b", "4bit", "32k", "10users")
    assert first.returncode == 0 and "Llama 3.1 70B · INT4" in first.stdout, first.stderr
    assert len(list(cache.glob("catalog-*.msgpack"))) == 1
    assert _gpu_size(data_copy, cache, "70b", "4bit", "32k", "10users").stdout == first.stdout

    models = data_copy / "models.toml"
    models.write_text(
        models.read_text().replace('name = "Llama 3.1 70B"\n', 'name = "Llama 3.1 70B Ours"\n', 1)
    )
    edited = _gpu_size(data_copy, cache, "70b", "4bit", "32k", "10users")
    assert "Llama 3.1 70B Ours · INT4" in edited.stdout, edited.stderr

    models.write_text(models.read_text().replace("llama = [", 'llama = ["llama-9-none", ', 1))
    broken = _gpu_size(data_copy, cache, "70b", "4bit", "32k", "10users")
    assert broken.returncode != 0 and "Traceback" not in broken.stderr
    assert "family 'llama' lists model 'llama-9-none', which models.toml does not define" in broken.stderr


def test_a_damaged_kept_catalogue_gives_the_same_answer(data_copy, tmp_path):
    cache = tmp_path / "cache"
    first = _gpu_size(data_copy, cache, "qwen3", "32b", "fp8", "h100")
    for kept in cache.glob("catalog-*"):
        kept.write_bytes(kept.read_bytes()[: len(kept.read_bytes()) // 2])  # a write cut short
    again = _gpu_size(data_copy, cache, "qwen3", "32b", "fp8", "h100")
    assert first.returncode == 0 and again.stdout == first.stdout and "Qwen3 32B" in first.stdout


def test_the_kept_catalogue_is_the_one_the_files_give(tmp_path, monkeypatch):
    """Every field survives being kept: a catalogue decoded from the cache equals one built from the files."""
    from sizing.catalog import DATA_DIR

    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", "off")
    built = _load_fresh(DATA_DIR)
    monkeypatch.setenv("GPU_SIZER_DATA_CACHE", str(tmp_path))
    kept = _load_fresh(DATA_DIR)  # built, then kept
    assert list(tmp_path.glob("catalog-*"))
    decoded = _load_fresh(DATA_DIR)  # from the kept copy
    assert decoded == built and kept == built
    assert [m.params for m in decoded.all_models] == [m.params for m in built.all_models]
