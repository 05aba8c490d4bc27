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


# Published i-quant files, made with an importance matrix and llama.cpp's default mixtures: bytes where the
# Hub shows a file's LFS pointer, else the decimal GB of its file listing (three figures: within 0.05 GB).
IQUANT_FILES = [
    # mradermacher/Meta-Llama-3.1-8B-Instruct-i1-GGUF, tree main (i1- files: imatrix); IQ4_NL from
    # legraphista/Meta-Llama-3.1-8B-Instruct-IMat-GGUF (tree 739a6b1); exact bytes from the commits of
    # bartowski/Meta-Llama-3.1-8B-Instruct-GGUF (IQ2_M 849856e1, IQ3_M e15a3e54, IQ4_XS a721abc3) and
    # legraphista's IQ2_XXS (commit 2f0edaa).
    ("llama-3.1-8b", "iq1_s", 2.02e9),
    ("llama-3.1-8b", "iq1_m", 2.16e9),
    ("llama-3.1-8b", "iq2_xxs", 2_399_212_768),
    ("llama-3.1-8b", "iq2_xs", 2.61e9),
    ("llama-3.1-8b", "iq2_s", 2.76e9),
    ("llama-3.1-8b", "iq2_m", 2_948_285_856),
    ("llama-3.1-8b", "iq3_xxs", 3.27e9),
    ("llama-3.1-8b", "iq3_xs", 3.52e9),
    ("llama-3.1-8b", "iq3_s", 3.68e9),
    ("llama-3.1-8b", "iq3_m", 3_784_828_320),
    ("llama-3.1-8b", "iq4_xs", 4_447_663_040),
    ("llama-3.1-8b", "iq4_nl", 4.68e9),
    # mradermacher/Meta-Llama-3.1-70B-i1-GGUF, tree main (IQ1_S, IQ3_S, IQ3_M); exact bytes from the commits
    # of legraphista/Meta-Llama-3.1-70B-Instruct-IMat-GGUF (IQ1_M 9add53c, IQ2_XS 8569a65, IQ3_XXS 7022a20,
    # IQ4_NL b32373c), bartowski/Meta-Llama-3.1-70B-Instruct-GGUF (IQ2_XXS 69fe156, IQ2_M 7713f1f, IQ3_XS
    # f14959e, IQ4_XS 2c4585e) and ThomasBaruzier/Llama-3.3-70B-Instruct-GGUF (IQ2_S d197281; same shapes).
    ("llama-3.1-70b", "iq1_s", 15.3e9),
    ("llama-3.1-70b", "iq1_m", 16_751_196_608),
    ("llama-3.1-70b", "iq2_xxs", 19_097_389_632),
    ("llama-3.1-70b", "iq2_xs", 21_142_108_608),
    ("llama-3.1-70b", "iq2_s", 22_242_348_000),
    ("llama-3.1-70b", "iq2_m", 24_119_298_624),
    ("llama-3.1-70b", "iq3_xxs", 27_469_494_720),
    ("llama-3.1-70b", "iq3_xs", 29_307_730_080),
    ("llama-3.1-70b", "iq3_s", 30.9e9),
    ("llama-3.1-70b", "iq3_m", 31.9e9),
    ("llama-3.1-70b", "iq4_xs", 37_902_661_792),
    ("llama-3.1-70b", "iq4_nl", 40_053_619_136),
    # Qwen2.5's 72B has 29,568-wide MLPs, which 256-weight blocks do not divide: llama.cpp falls back to
    # IQ4_NL for its ffn_down. Exact bytes from the commits of bartowski/Qwen2.5-72B-Instruct-GGUF (IQ2_XS
    # f00b1ca, IQ4_XS 350293b), -32B-Instruct-GGUF (IQ2_XS 3d50fa2), -7B-Instruct-GGUF (IQ3_XS 2fe4757).
    ("qwen2.5-72b", "iq2_xs", 27_057_645_216),
    ("qwen2.5-72b", "iq4_xs", 39_709_075_104),
    ("qwen2.5-32b", "iq2_xs", 9_957_550_976),
    ("qwen2.5-7b", "iq3_xs", 3_346_256_384),
    # bartowski/DeepSeek-R1-GGUF (llama.cpp's mixtures, no dynamic recipe), the parts of each file summed:
    # IQ1_S 39.3 + 40 + 39.9 + 14.3; IQ3_M 38.9 + 6 x 39.7 + 14.8; IQ4_XS 39 + 38.7 x 6 + 38.8 x 2 + 8.12 (tree
    # 744abe3); IQ4_NL 39 + 38.9 x 8 + 28 GB (tree a189ce5).
    ("deepseek-r1", "iq1_s", 133.5e9),
    ("deepseek-r1", "iq3_m", 291.9e9),
    ("deepseek-r1", "iq4_xs", 357.62e9),
    ("deepseek-r1", "iq4_nl", 378.2e9),
]


@pytest.mark.parametrize(
    ("model", "precision", "size"), IQUANT_FILES, ids=[f"{m}-{p}" for m, p, _ in IQUANT_FILES]
)
def test_i_quant_sizes_match_published_files(catalog, model, precision, size):
    got = weight_bytes(catalog.model(model), catalog.precision(precision), catalog).bytes
    # The files also hold the tokenizer (8 MB for Llama 3's 128K tokens), and listed sizes are rounded.
    assert got == pytest.approx(size, rel=0.006)


def test_a_moe_with_shared_experts_is_mixed_by_its_layers(catalog):
    # llama.cpp counts a MoE's ffn_down layers by the model's layers, not by its tensors (a layer's routed and
    # shared experts are two): unsloth/DeepSeek-R1-GGUF's Q4_K_M (llama.cpp's default mixture) is 48.3 +
    # 49.4 + 49.5 + 48.3 + 49.4 + 48.3 + 49.4 + 46.9 + 14.8 GB (tree 9fc8512).
    got = weight_bytes(catalog.model("deepseek-r1"), catalog.precision("q4_k_m"), catalog).bytes
    # Nine parts listed to 0.1 GB: within 0.15%. Counted by tensors, the file came out 0.23% under.
    assert got == pytest.approx(404.3e9, rel=0.0015)


def test_i_quants_keep_chosen_tensors_larger(catalog):
    # A 70B at IQ1_S averages 1.74 bits, not 1.56: attn_output at IQ2_XXS, attn_v at Q4_K... (llama.cpp's
    # mixture), and the 1-bit and 2-bit types keep their order by size.
    model = catalog.model("llama-3.1-70b")
    order = ["iq1_s", "iq1_m", "iq2_xxs", "iq2_xs", "iq2_s", "iq2_m", "iq3_xxs", "iq3_xs", "iq3_s", "iq3_m",
             "iq4_xs", "iq4_nl"]  # fmt: skip
    sizes = [weight_bytes(model, catalog.precision(p), catalog) for p in order]
    assert [w.bytes for w in sizes] == sorted(w.bytes for w in sizes)
    assert 1.65 < sizes[0].bits_per_weight < 1.8


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


@pytest.mark.parametrize(("precision", "published_gb"), [("q8_0", 12.1), ("q6_k", 12.04)])
def test_gguf_files_of_gpt_oss_keep_its_mxfp4_experts(catalog, precision, published_gb):
    # bartowski/openai_gpt-oss-20b-GGUF's README: "All quants keep the feed forward networks at mxfp4", its
    # MXFP4 file (the rest at Q8_0) 12.1 GB and its Q6_K 12.04 GB. They had been sized as if every tensor took
    # the file's type: Q4_K_M at 15.8 GB, more than the 13.8 GB vLLM checkpoint it was offered to shrink.
    model = catalog.model("gpt-oss-20b")
    w = weight_bytes(model, catalog.precision(precision), catalog)
    assert w.bytes / 1e9 == pytest.approx(published_gb, rel=0.01)
    q4 = weight_bytes(model, catalog.precision("q4_k_m"), catalog).bytes
    assert q4 < weight_bytes(model, catalog.precision("mxfp4"), catalog).bytes
    # a dense model's GGUF types still apply to every tensor
    dense = catalog.model("llama-3.1-8b")
    assert (
        weight_bytes(dense, catalog.precision("q4_k_m"), catalog).bytes
        < 0.6 * weight_bytes(dense, catalog.precision("q8_0"), catalog).bytes
    )


def test_gpt_oss_20b_on_a_16_gb_card_is_offered_its_usual_gguf(capsys):
    from bot.cli import main

    assert main(["gpt-oss 20b numa 4060 ti 16gb"]) == 0
    out = capsys.readouterr().out
    # it had been Q3_K_M ("abaixo de 4 bits a qualidade cai depressa") for a file 4 bits already cover
    assert "Em GGUF Q4_K_M: cabe" in out and "Q3_K_M" not in out
