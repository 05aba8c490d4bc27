"""Weight bytes at each precision, pinned to published file sizes and vLLM's measured weights."""

import pytest

from sizing.weights import weight_bytes

from .conftest import GIB


def _published(published, what, model=None):
    return [p for p in published if p["what"] == what and (model is None or p["model"] == model)]


def test_bf16_weights_are_exactly_two_bytes_per_parameter(catalog, published):
    rows = _published(published, "BF16 weight bytes (exactly computable: params_total x 2)")
    assert len(rows) > 20
    for row in rows:
        model = catalog.model(row["model"])
        # The published rows exclude any vision tower (their setting says so); the catalogue's is 2 bytes a
        # parameter too.
        encoder = 2 * model.extra_params
        assert weight_bytes(model, catalog.precision("bf16"), catalog).bytes == row["value"] + encoder


def test_gguf_sizes_match_published_llama_3_1_8b_files(catalog, published):
    rows = [
        r for r in _published(published, "GGUF file size", "llama-3.1-8b") if "second-state" in r["source"]
    ]
    assert len(rows) >= 12
    model = catalog.model("llama-3.1-8b")
    for row in rows:
        ftype = row["setting"].split(",")[0].lower()
        precision = catalog.precision("bf16" if ftype == "f16" else ftype)
        size_gb = weight_bytes(model, precision, catalog).bytes / 1e9
        # Files also hold the tokenizer and metadata (a few MB): within 1%.
        assert size_gb == pytest.approx(row["value"], rel=0.01), ftype


def test_gguf_sizes_match_llama_quantize_table_in_gib(catalog, published):
    model = catalog.model("llama-3.1-8b")
    for row in _published(published, "GGUF file size listed by llama-quantize help text"):
        ftype = row["setting"].split()[2].rstrip(";").lower()
        if ftype not in {p.id for p in catalog.precisions}:
            continue
        size = weight_bytes(model, catalog.precision(ftype), catalog).bytes / GIB
        assert size == pytest.approx(row["value"], rel=0.015), ftype


def test_q4_k_m_gives_more_bits_to_output_attn_v_and_half_the_ffn_down(catalog):
    model = catalog.model("llama-3.1-8b")
    w = weight_bytes(model, catalog.precision("q4_k_m"), catalog)
    # A pure Q4_K file would be 4.5 bits; the mixture lands near 4.9.
    assert 4.8 < w.bits_per_weight < 5.0


@pytest.mark.parametrize(
    ("model", "precision", "gib", "tolerance"),
    [
        ("llama-3.1-8b", "bf16", 14.99, 0.005),
        ("llama-3.3-70b", "fp8", 67.72, 0.005),  # embeddings and lm_head stay BF16
        # vLLM pads gpt-oss's 2880-wide MXFP4 experts on Hopper; the file-format size is ~6% below.
        ("gpt-oss-20b", "mxfp4", 13.47, 0.07),
        ("gpt-oss-120b", "mxfp4", 64.38, 0.07),
    ],
)
def test_weights_match_what_vllm_measured_on_an_h100(catalog, model, precision, gib, tolerance):
    got = weight_bytes(catalog.model(model), catalog.precision(precision), catalog).bytes / GIB
    assert got == pytest.approx(gib, rel=tolerance)


def test_the_product_examples_for_a_70b(catalog):
    model = catalog.model("llama-3.1-70b")
    gb = {p: weight_bytes(model, catalog.precision(p), catalog).bytes / 1e9 for p in ("bf16", "fp8", "int4")}
    assert gb["bf16"] == pytest.approx(141.1, abs=0.1)  # "≈140 GB at 16-bit"
    assert 70 <= gb["fp8"] <= 73.5  # "≈70 GB at 8-bit", plus 16-bit embeddings and lm_head
    assert 35 <= gb["int4"] <= 40  # "≈35-40 GB at 4-bit", group scales included


def test_four_bit_formats_count_their_scales(catalog):
    model = catalog.model("llama-3.1-70b")
    int4 = weight_bytes(model, catalog.precision("int4"), catalog)
    nf4 = weight_bytes(model, catalog.precision("nf4"), catalog)
    naive = model.params * 0.5
    assert int4.bytes > naive and nf4.bytes > naive
    assert int4.kept_parts == ["embeddings", "lm_head"]


def test_mxfp4_on_a_moe_keeps_attention_at_16_bit(catalog):
    model = catalog.model("gpt-oss-120b")
    w = weight_bytes(model, catalog.precision("mxfp4"), catalog)
    assert "attention" in w.kept_parts
    expected = (model.parts.experts * 4.25 + (model.params - model.parts.experts) * 16) / 8
    assert w.bytes == pytest.approx(expected, rel=1e-6)
