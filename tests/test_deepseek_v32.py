"""DeepSeek V3.2: DeepSeek V3's shape with the sparse-attention indexer (its config.json adds index_n_heads 64,
index_head_dim 128, index_topk 2048). "deepseek v3.2" had been sized as V3, with "v3.2" not understood: the
indexer's key cache, its weights and its Hopper-only kernels were missing."""

import pytest

from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse

LAYERS = 61
LATENT = 512 + 64  # kv_lora_rank + qk_rope_head_dim (DeepSeek-V2 paper, section 2.1)
INDEXER = 128 + 128 // 128 * 4  # vLLM DeepseekV32IndexerCache: FP8 key and an FP32 scale per 128 values


@pytest.mark.parametrize(
    ("text", "per_token"),
    [
        ("deepseek v3.2 8k", LAYERS * (LATENT * 2 + INDEXER)),  # 78,324 bytes: the latent in BF16
        # vLLM's fp8_ds_mla: 512 FP8 values, four FP32 scales and the 64 rotary values in BF16 (656 bytes)
        ("deepseek v3.2 8k kv fp8", LAYERS * (512 + 4 * 4 + 64 * 2 + INDEXER)),
        ("deepseek v3 8k kv fp8", LAYERS * LATENT),  # V3 keeps no indexer
    ],
)
def test_the_kv_cache_adds_the_indexers_key_to_the_latent(text, per_token):
    assert size(parse(text).workload).kv_bytes_per_conversation == per_token * 8192


def test_its_weights_are_v3s_and_the_indexers():
    catalog = load_catalog()
    v32, v3 = catalog.model("deepseek-v3.2"), catalog.model("deepseek-v3")
    # per layer: wq_b 1536 x 64 x 128, wk 7168 x 128, weights_proj 7168 x 64, k_norm's weight and bias
    assert v32.params - v3.params == LAYERS * (1536 * 64 * 128 + 7168 * 128 + 7168 * 64 + 2 * 128)
    for text in ("deepseek v3.2", "deepseek-ai/DeepSeek-V3.2-Exp", "DeepSeek-V3.2 com 32k"):
        query = parse(text)
        assert (query.workload.model, query.unknown) == ("deepseek-v3.2", [])


def test_it_runs_on_hopper_or_blackwell_only():
    named = size(parse("deepseek v3.2 em 16 a100").workload)
    assert named.requested.problem == "kernels" and not named.requested.fits
    assert "os kernels do modelo pedem 9,0 ou mais" in named.verdict.text
    result = size(parse("deepseek v3.2 com 32k e 20 usuários").workload)
    assert result.recommendation.gpu in ("h100-sxm", "h200-sxm")


def test_the_answer_says_what_the_indexer_keeps_and_what_sparse_attention_means():
    result = size(parse("deepseek v3.2 com 32k e 20 usuários").workload)
    [note] = [n for n in result.notes if n.startswith("Atenção esparsa")]
    assert "(132 bytes)" in note and "só 2.048 tokens" in note and "Hopper ou Blackwell" in note
    assert not any(n.startswith("Atenção esparsa") for n in size(parse("deepseek v3 com 32k").workload).notes)
