"""DeepSeek V4 Flash and Pro: attention that keeps a 128-token window in every layer and compressed entries of
the rest of the context (one per 4 tokens with an indexer, or one per 128), MXFP4 experts beside FP8 weights,
and a KV cache vLLM keeps in FP8 only. "deepseek v4" had been answered "unknown model"."""

import pytest

from sizing import kv_cache
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from sizing.weights import weight_bytes

# vLLM's V4 cache entry (deepseek_v4_attention.py): 448 FP8 NoPE values, 64 BF16 rotary values, 7 scale bytes
# and a byte of padding.
ENTRY = 448 + 64 * 2 + 7 + 1
INDEXER = 128 + 4  # the indexer's FP8 key and its FP32 scale, per compressed entry of a ratio-4 layer
WINDOW = 128


@pytest.mark.parametrize(
    "text",
    [
        "deepseek v4 flash",
        "deepseek-v4-flash",
        "DeepSeek-V4-Flash",
        "deepseek-ai/DeepSeek-V4-Flash",
        "dsv4 flash",
    ],
)
def test_flash_names_resolve(text):
    query = parse(text)
    assert (query.workload.model, query.unknown) == ("deepseek-v4-flash", [])


def test_pro_resolves_and_bare_v4_asks_which():
    assert parse("deepseek v4 pro").workload.model == "deepseek-v4-pro"
    assert parse("deepseek-ai/DeepSeek-V4-Pro").workload.model == "deepseek-v4-pro"
    catalog = load_catalog()
    [series] = [s for s in catalog.series if s.id == "deepseek-v4"]
    assert series.models == ["deepseek-v4-flash", "deepseek-v4-pro"]


def test_the_count_matches_the_card():
    catalog = load_catalog()
    flash, pro = catalog.model("deepseek-v4-flash"), catalog.model("deepseek-v4-pro")
    # The card: 284B total, 13B activated (MTP layer left out). The counting script in the research notes
    # gives 284.33B and 13.27B active without the input embedding (the engine's active count includes it).
    assert flash.params == pytest.approx(284.33e9, rel=0.005)
    assert flash.active_params - flash.parts.embeddings == pytest.approx(13.27e9, rel=0.005)
    assert round((flash.active_params - flash.parts.embeddings) / 1e9) == 13
    # V4-Pro: 1,573.00B served, the tensor headers' 1,598.84B less the 25.84B MTP layer; 48.85B active.
    assert pro.params == pytest.approx(1573.00e9, rel=0.005)
    assert pro.active_params - pro.parts.embeddings == pytest.approx(48.85e9, rel=0.005)
    assert flash.layer_pattern == "LL" + "CH" * 20 + "C" and (flash.csa_layers, flash.hca_layers) == (21, 20)


def test_the_kv_cache_per_conversation_follows_vllms_layout():
    tokens = 131_072
    # Per token: 21 ratio-4 layers keep an entry and an indexer key every 4 tokens, 20 ratio-128 layers an
    # entry every 128 tokens: 21 x (584 + 132) / 4 + 20 x 584 / 128 = 3,759 + 91.25 = 3,850.25 bytes.
    per_token = 21 * (ENTRY + INDEXER) / 4 + 20 * ENTRY / 128
    # Per conversation, whatever its length: every one of the 43 layers' 128-token window, the ratio-4
    # compressors' FP32 state (8 slots x key and gate x 2 x 512, and the indexer's 8 x 2 x 2 x 128) and the
    # ratio-128 ones' (128 slots x key and gate x 512).
    fixed = 43 * WINDOW * ENTRY + 21 * (8 * 2 * 2 * 512 + 8 * 2 * 2 * 128) * 4 + 20 * 128 * 2 * 512 * 4
    assert fixed == 15_420_416
    expected = per_token * tokens + fixed  # 504,659,968 + 15,420,416 = 520,080,384 bytes
    result = size(parse("deepseek v4 flash 128k 10 usuários").workload)
    assert result.kv_bytes_per_conversation == expected == 520_080_384
    assert kv_cache.bytes_per_token(load_catalog().model("deepseek-v4-flash"), 2) == per_token + 2 * ENTRY


def test_a_16_bit_kv_request_is_sized_in_fp8_and_said_so():
    fp8 = size(parse("deepseek v4 flash 32k").workload)
    asked = size(parse("deepseek v4 flash 32k kv cache 16 bits").workload)
    assert asked.kv_bytes_per_conversation == fp8.kv_bytes_per_conversation
    assert any("FP8" in a and "584" in a for a in asked.assumptions)


def test_an_a100_does_not_run_it():
    result = size(parse("deepseek v4 flash em 4 a100 com 32k").workload)
    assert result.requested.problem == "kernels" and not result.requested.fits
    assert "os kernels do modelo pedem 9,0 ou mais" in result.verdict.text
    answer = size(parse("deepseek v4 flash 128k 10 usuários").workload)
    assert answer.recommendation.gpu in ("h100-sxm", "h200-sxm", "b200")


def test_the_native_weights_keep_the_experts_in_mxfp4_and_the_rest_in_fp8():
    catalog = load_catalog()
    flash = catalog.model("deepseek-v4-flash")
    native = weight_bytes(flash, catalog.precision("mxfp4_fp8"), catalog)
    p = flash.parts
    # Experts 4.25 bits (MXFP4: 17 bytes per 32), attention and shared expert 8 bits (FP8), embeddings, head,
    # router, norms and hyper-connections 16 bits: 147.2 + 6.2 + 2.2 GB = 155.6 GB. The published repo
    # (~167 GB for the -0731 release) also holds the 6.6B MTP layer (~3.5 GB) and that release's draft
    # weights, which a server loads only to speculate.
    bits = p.experts * 4.25 + (p.attention + p.mlp) * 8 + (p.embeddings + p.lm_head + p.router + p.other) * 16
    assert native.bytes == int(bits // 8)
    assert 150e9 < native.bytes < 160e9


def test_the_mtp_layer_is_a_window_only_layer():
    from sizing.speculative import mtp_layers

    mtp = mtp_layers(load_catalog().model("deepseek-v4-flash"))
    assert mtp is not None
    # The research notes' count: 6.61B (its own projections, a window-only attention block, a full MoE layer).
    assert mtp.params == pytest.approx(6.61e9, rel=0.005)
    # Its cache is its 128-token window, whatever the context.
    assert mtp.sequence_bytes(131_072, 1, 1) == WINDOW * ENTRY
