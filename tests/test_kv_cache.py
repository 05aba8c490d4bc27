"""KV cache bytes: GQA, explicit head_dim, MLA, sliding windows, MoE, tensor parallelism."""

import pytest

from sizing import kv_cache

from .conftest import GIB


def test_bytes_per_token_match_every_published_figure(catalog, published):
    rows = [p for p in published if p["what"].startswith("KV cache bytes per token")]
    assert len(rows) > 25
    for row in rows:
        model = catalog.model(row["model"])
        assert kv_cache.bytes_per_token(model, 2) == row["value"], row["model"]


@pytest.mark.parametrize(
    ("model", "per_token", "kind"),
    [
        ("llama-3.1-70b", 327_680, "GQA: 2 x 80 layers x 8 KV heads x 128 x 2 bytes"),
        ("qwen3-32b", 262_144, "explicit head_dim"),
        ("deepseek-v3", 70_272, "MLA latent: 61 x (512 + 64) x 2"),
        ("mixtral-8x7b", 131_072, "MoE: experts do not change attention"),
        ("command-r", 1_310_720, "no GQA"),
    ],
)
def test_kv_per_token_by_architecture(catalog, model, per_token, kind):
    assert kv_cache.bytes_per_token(catalog.model(model), 2) == per_token, kind


def test_sliding_window_layers_stop_growing_at_the_window(catalog):
    gemma = catalog.model("gemma-2-27b")  # 23 local (4096) + 23 global layers
    per_layer = 2 * 16 * 128 * 2
    short = kv_cache.sequence_bytes(gemma, 4096, 2)
    long = kv_cache.sequence_bytes(gemma, 8192, 2)
    assert short == 46 * per_layer * 4096
    assert long - short == 23 * per_layer * 4096  # only the global layers grew


def test_gpt_oss_grows_by_half_its_layers(catalog):
    model = catalog.model("gpt-oss-120b")
    growth = kv_cache.sequence_bytes(model, 20_000, 2) - kv_cache.sequence_bytes(model, 10_000, 2)
    assert growth == 36_864 * 10_000  # 18 full-attention layers x 2 x 8 x 64 x 2


def test_llama_4_chunked_layers_cap_at_the_chunk(catalog):
    model = catalog.model("llama-4-scout")
    at_1m = kv_cache.sequence_bytes(model, 1_000_000, 2)
    assert at_1m == 12 * 4096 * 1_000_000 + 36 * 4096 * 8192


def test_hugging_face_blog_kv_figures_for_llama_3_1(catalog, published):
    rows = [p for p in published if p["what"] == "published KV cache size" and p["model"] != "llama-3.1-405b"]
    assert rows
    # The blog's "1k" is 1,024 tokens, its "16k" and "128k" are 16,000 and 128,000 (the values say so).
    tokens_for = {"1k": 1024, "16k": 16_000, "128k": 128_000}
    for row in rows:
        setting = row["setting"]
        tokens = tokens_for[setting.split(", ")[1].split()[0]]
        got = kv_cache.sequence_bytes(catalog.model(row["model"]), tokens, 2) / GIB
        assert got == pytest.approx(row["value"], rel=0.01), setting


def test_fp8_kv_halves_the_cache(catalog):
    model = catalog.model("llama-3.1-70b")
    assert kv_cache.sequence_bytes(model, 32_768, 1) * 2 == kv_cache.sequence_bytes(model, 32_768, 2)


def test_tensor_parallel_splits_kv_heads_and_replicates_past_them(catalog):
    model = catalog.model("llama-3.1-70b")  # 8 KV heads
    one = kv_cache.sequence_bytes(model, 8192, 2, tp=1)
    assert kv_cache.sequence_bytes(model, 8192, 2, tp=8) == one // 8
    # 16 GPUs cannot split 8 heads further: each keeps one head.
    assert kv_cache.sequence_bytes(model, 8192, 2, tp=16) == one // 8
    # MLA's latent is not split by heads: every GPU keeps all of it.
    ds = catalog.model("deepseek-v3")
    assert kv_cache.sequence_bytes(ds, 8192, 2, tp=8) == kv_cache.sequence_bytes(ds, 8192, 2, tp=1)


def test_max_tokens_inverts_the_cache_size(catalog):
    model = catalog.model("gemma-3-27b")
    budget = kv_cache.sequence_bytes(model, 50_000, 2) * 3
    assert kv_cache.max_tokens(model, budget, 3, 2) == 50_000
    assert kv_cache.max_tokens(model, 10**15, 1, 2) == model.max_context
    assert kv_cache.max_tokens(model, 0, 1, 2) == 0


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b, kv cache em int4",
        "llama 70b kv cache 4 bits",
        "llama 70b kv cache q4_0",
        # A 6-bit (ExLlamaV2's Q6) or 5-bit (llama.cpp's q5_1) cache had been "Não conheço a precisão de KV
        # cache", with no word of where it exists.
        "Llama 3.1 70B no vLLM com cache q6",
        "llama 70b kv cache 6 bits",
        "llama 70b kv cache q5_1",
    ],
)
def test_a_quantized_kv_cache_is_said_not_to_exist_in_vllm_not_read_as_weights(text):
    # "kv cache 4 bits" had sized INT4 weights with a 16-bit cache, the words about the cache dropped.
    from sizing.engine import size
    from sizing.errors import SizingError
    from sizing.query import parse

    with pytest.raises(SizingError) as refused:
        size(parse(text).workload)
    assert refused.value.key == "kv_precision_not_vllm"
    pt = refused.value.message("pt-BR")
    assert "O vLLM não tem KV cache" in pt and "`auto`" in pt and "fp8_e4m3 ou fp8_e5m2" in pt
    assert "Caches Q4, Q6 e Q8 são do ExLlamaV2" in pt and "ou do llama.cpp" in pt
    en = refused.value.message("en")
    assert "vLLM has no" in en and "Q4, Q6 and Q8 caches are ExLlamaV2's" in en and "llama.cpp's" in en
    assert "para ficheiros EXL2" in refused.value.message("pt-PT")


def test_the_quantized_cache_refusal_is_said_in_the_questions_language(capsys):
    from bot.cli import main as gpu_size

    assert gpu_size(["Llama 3.1 70B on vLLM with kv cache q4"]) != 0
    err = capsys.readouterr().err
    assert "vLLM has no “q4” KV cache" in err and "ExLlamaV2's" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Asked per token, the answer had given only a conversation's cache. 2 x 32 layers x 8 KV heads x 128 x 2
        # bytes = 128 KiB; DeepSeek V3's MLA keeps (512 + 64) x 61 layers x 2 bytes = 69 KiB.
        ("quanto ocupa o kv cache do llama 3.1 8b por token em fp16?", "KV cache por token: 128 KiB"),
        ("kv cache do deepseek v3 por token", "KV cache por token: 69 KiB"),
        ("llama 3.1 70b kv cache per token with fp8 kv", "KV cache per token: 160 KiB"),
    ],
)
def test_the_kv_cache_asked_per_token_is_said(text, said):
    from bot.rendering import render_text
    from sizing.engine import size
    from sizing.query import parse

    query = parse(text)
    assert query.kv_per_token
    assert said in render_text(size(query.workload.but(lang=query.detected_lang)), query)


def test_vllm_checks_a_sliding_window_layer_at_its_window_and_a_prefill_chunk(catalog):
    # vLLM starts only when one request of max_model_len fits, counting a sliding layer's last window - 1 tokens
    # and a prefill chunk's (SlidingWindowSpec.max_memory_usage_bytes): gpt-oss-120b at 131,072 tokens with
    # --max-num-batched-tokens 1024 needs 4.54 GiB (vllm-project/vllm#27508), where the window alone gives 4.50.
    oss = catalog.model("gpt-oss-120b")
    assert round(kv_cache.sequence_bytes(oss, 131_072, 2) / GIB, 2) == 4.50
    assert round(kv_cache.admission_bytes(oss, 131_072, 2, chunk=1024) / GIB, 2) == 4.54
    # 18 sliding layers x (127 + 1,024 - 128) tokens x 8 KV heads x 64 x 2 x 2 bytes
    extra = kv_cache.admission_bytes(oss, 131_072, 2, chunk=1024) - kv_cache.sequence_bytes(oss, 131_072, 2)
    assert extra == 18 * 1023 * 2048
    # A request no longer than the window is checked at its length, as it keeps it.
    assert kv_cache.admission_bytes(oss, 128, 2) == kv_cache.sequence_bytes(oss, 128, 2)
    llama = catalog.model("llama-3.1-8b")  # full attention: the check is the conversation itself
    assert kv_cache.admission_bytes(llama, 20_000, 2) == kv_cache.sequence_bytes(llama, 20_000, 2)
