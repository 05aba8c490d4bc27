"""Qwen2.5-7B/14B-Instruct-1M: Qwen2.5's shapes trained to 262,144 tokens and run to 1,010,000 with Dual Chunk
Attention (their config.json; Qwen's blog post of 2025-01-27; vLLM's examples/offline_inference/qwen_1m.py).
Past the trained length the answer says how vLLM must run, counts the activations of the prefill chunks that
mode uses, and puts Qwen's published minimum (120 and 320 GB at 1M tokens) beside the recommendation."""

import pytest

from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse
from sizing.workload import Workload

# 2 (K and V) x layers x KV heads x head dim (128) x 2 bytes (BF16): the KV cache of one token
KV_PER_TOKEN = {"qwen2.5-7b-1m": 2 * 28 * 4 * 128 * 2, "qwen2.5-14b-1m": 2 * 48 * 8 * 128 * 2}


def answer(model: str, context: int, lang: str = "pt-BR"):
    return size(Workload(model=model, context=context, users=1, lang=lang))


@pytest.mark.parametrize(
    "text, model",
    [
        ("qwen2.5-7b-instruct-1m", "qwen2.5-7b-1m"),  # was refused: "7b" and "1m" as two sizes
        ("Qwen/Qwen2.5-14B-Instruct-1M", "qwen2.5-14b-1m"),
        ("qwen 2.5 7b 1m com 1 milhão de tokens de contexto", "qwen2.5-7b-1m"),
        ("qwen 14b 1m pra 5 usuarios com 300 mil tokens", "qwen2.5-14b-1m"),
    ],
)
def test_the_1m_models_are_read_by_the_names_people_type(text, model):
    assert parse(text).workload.model == model


@pytest.mark.parametrize(
    "text",
    [
        "llama 4 scout com 1 milhão de contexto",
        "llama 4 scout with 1 million context",
        "llama 4 scout com um milhão de contexto",
    ],
)
def test_a_context_of_a_million_said_in_words_is_a_context(text):
    query = parse(text)
    assert query.workload.context == 1_000_000 and not query.unknown


def test_asking_qwen25_7b_for_a_million_tokens_points_to_its_1m_sibling():
    with pytest.raises(SizingError) as refused:
        size(Workload.given({"model": "qwen 2.5 7b", "context": 1_000_000}))
    assert "Qwen2.5 7B Instruct 1M" in refused.value.hint("pt-BR")


@pytest.mark.parametrize("model", sorted(KV_PER_TOKEN))
def test_a_million_tokens_runs_dual_chunk_attention_and_counts_its_prefill_chunks(model):
    long, native = answer(model, 1_000_000), answer(model, 200_000)
    assert long.memory.kv_cache == KV_PER_TOKEN[model] * 1_000_000
    said = " ".join(long.assumptions)
    assert "DUAL_CHUNK_FLASH_ATTN" in said and "blocos de 131.072 tokens" in said
    # Within the trained 262,144 tokens vLLM runs as usual: 2,048-token chunks, far smaller activations.
    assert "DUAL_CHUNK" not in " ".join(native.assumptions)
    assert "blocos de 2.048 tokens" in " ".join(native.assumptions)
    assert long.memory.activations > 20 * native.memory.activations


def test_the_7b_recommendation_holds_qwens_published_minimum_and_says_so():
    r = answer("qwen2.5-7b-1m", 1_000_000)
    total_gb = r.recommendation.count * r.recommendation.gpu_memory_bytes / 1e9
    assert total_gb >= 120
    assert any("pelo menos 120 GB" in n and "abaixo" not in n for n in r.notes)


def test_below_qwens_published_minimum_the_answer_gives_both_figures():
    r = answer("qwen2.5-14b-1m", 1_000_000, lang="en")
    rec = r.recommendation
    assert (rec.count, rec.gpu) == (2, "h200-sxm")  # 2 x 141 GB: our count fits, Qwen's 320 GB does not
    note = next(n for n in r.notes if "at least 320 GB" in n)
    assert "282 GB, below that" in note and "test on demand" in note
    # Within the trained length Qwen's 1M figure is not said.
    assert not any("Qwen publica" in n for n in answer("qwen2.5-14b-1m", 200_000).notes)
