"""Qwen2.5-7B/14B-Instruct-1M: Qwen2.5's shapes trained to 262,144 tokens and run to 1,010,000 with Dual Chunk
Attention (their config.json; Qwen's blog post of 2025-01-27; vLLM's examples/offline_inference/qwen_1m.py).
Past the trained length the answer says how vLLM must run, counts the activations of the prefill chunks that
mode uses, and puts Qwen's published minimum (120 and 320 GB at 1M tokens) beside the recommendation.

Qwen3's July 2025 updates (the 2507 Instruct and Thinking models): the shapes of Qwen3 235B-A22B, 30B-A3B and
4B, trained to 262,144 tokens; the 235B and 30B Instruct run to 1,010,000 with Dual Chunk Attention after
config_1m.json replaces config.json (their model cards: about 1,000 and 240 GB in all at 1M tokens)."""

import pytest

from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse
from sizing.workload import Workload

# 2 (K and V) x layers x KV heads x head dim (128) x 2 bytes (BF16): the KV cache of one token
KV_PER_TOKEN = {
    "qwen2.5-7b-1m": 2 * 28 * 4 * 128 * 2,
    "qwen2.5-14b-1m": 2 * 48 * 8 * 128 * 2,
    "qwen3-30b-a3b-2507": 2 * 48 * 4 * 128 * 2,
    "qwen3-235b-a22b-2507": 2 * 94 * 4 * 128 * 2,
}


def answer(model: str, context: int, lang: str = "pt-BR"):
    return size(Workload(model=model, context=context, users=1, lang=lang))


@pytest.mark.parametrize(
    "text, model",
    [
        ("qwen2.5-7b-instruct-1m", "qwen2.5-7b-1m"),  # was refused: "7b" and "1m" as two sizes
        ("Qwen/Qwen2.5-14B-Instruct-1M", "qwen2.5-14b-1m"),
        ("qwen 2.5 7b 1m com 1 milhão de tokens de contexto", "qwen2.5-7b-1m"),
        ("qwen 14b 1m pra 5 usuarios com 300 mil tokens", "qwen2.5-14b-1m"),
        # "instruct-2507" had been listed as not understood and the 2507 model sized as the April release
        ("tem como rodar qwen3-235b-a22b-instruct-2507 fp8 com 256k contexto?", "qwen3-235b-a22b-2507"),
        ("Qwen/Qwen3-30B-A3B-Instruct-2507 para 10 usuários", "qwen3-30b-a3b-2507"),
        ("qwen3 30b thinking 2507 com 128k", "qwen3-30b-a3b-thinking-2507"),
        ("qwen3-235b-a22b-thinking-2507", "qwen3-235b-a22b-thinking-2507"),
        ("qwen3-4b-instruct-2507", "qwen3-4b-2507"),
        ("qwen3-4b-thinking-2507", "qwen3-4b-thinking-2507"),
    ],
)
def test_the_1m_models_are_read_by_the_names_people_type(text, model):
    query = parse(text)
    assert query.workload.model == model and not query.unknown


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


def test_asking_qwen25_7b_for_a_million_tokens_sizes_its_1m_version_and_says_so():
    # It had been refused with a hint naming the 1M model: the version named by the context asked is sized.
    r = size(Workload.given({"model": "qwen 2.5 7b", "context": 1_000_000}))
    assert r.workload.model.id == "qwen2.5-7b-1m" and r.workload.context_tokens == 1_000_000
    assert any(
        a.startswith("1.000.000 tokens passam dos 131.072 do Qwen2.5 7B: usei o Qwen2.5 7B Instruct 1M")
        for a in r.assumptions
    )
    # Past the 1M model's own window (more than a round figure's 5%) it is still refused, naming it.
    with pytest.raises(SizingError) as refused:
        size(Workload.given({"model": "qwen 2.5 7b", "context": 2_000_000}))
    assert "2.000.000 tokens passam do limite do Qwen2.5 7B" in refused.value.message("pt-BR")


@pytest.mark.parametrize(
    ("text", "model", "context", "said"),
    [
        (
            "phi 3 mini com 128k",
            "phi-3-mini-128k",
            131_072,
            "131.072 tokens passam dos 4.096 do Phi-3 Mini 3.8B: usei o Phi-3 Mini 128K",
        ),
        (
            "phi3 mini with 128k context",
            "phi-3-mini-128k",
            131_072,
            "131,072 tokens are past Phi-3 Mini 3.8B's 4,096: sized on Phi-3 Mini 128K",
        ),
        ("phi-3 mini, contexto de 100 mil tokens", "phi-3-mini", None, None),
        (
            "qwen 2.5 7b com 1M de contexto",
            "qwen2.5-7b-1m",
            1_010_000,
            "1.048.576 tokens passam dos 131.072 do Qwen2.5 7B: usei o Qwen2.5 7B Instruct 1M",
        ),
        ("phi 3 mini 4k", "phi-3-mini", 4_096, None),
    ],
)
def test_a_context_past_the_model_names_its_version_with_that_window(text, model, context, said):
    # "phi 3 mini com 128k" had been refused at 4,096 with "use o Phi-4-mini", though Phi-3 Mini 128K is known.
    from sizing.query import parse

    w = parse(text).workload
    if "with" in text:
        w = w.but(lang="en")
    if context is None:  # 100,000 names no version ("phi 3 mini 100k" is no model): refused
        with pytest.raises(SizingError):
            size(w)
        return
    r = size(w)
    assert r.workload.model.id == model and r.workload.context_tokens == context
    assert said is None or any(a.startswith(said) for a in r.assumptions)


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


@pytest.mark.parametrize(
    "old, new",
    [("qwen3 235b", "Qwen3 235B-A22B Instruct 2507"), ("qwen3 30b", "Qwen3 30B-A3B Instruct 2507"),
     ("qwen3 4b", "Qwen3 4B Instruct 2507")],
)  # fmt: skip
def test_asking_a_qwen3_april_release_for_256k_points_to_its_2507_update(old, new):
    with pytest.raises(SizingError) as refused:
        size(Workload.given({"model": old, "context": 262_144}))
    assert new in refused.value.hint("pt-BR")
    # The 2507 update reads it natively: no rope scaling, no special backend.
    r = size(Workload.given({"model": parse(new.lower()).workload.model, "context": 262_144}))
    assert not any("DUAL_CHUNK" in a or "YaRN" in a for a in r.assumptions)


def test_the_thinking_2507_models_stop_at_their_native_window():
    with pytest.raises(SizingError) as refused:
        size(Workload(model="qwen3-30b-a3b-thinking-2507", context=500_000, users=1))
    assert refused.value.key == "context_beyond_model"


def test_the_2507_models_say_to_swap_in_config_1m_and_give_qwens_minimum():
    r = answer("qwen3-235b-a22b-2507", 1_000_000)
    said = " ".join(r.assumptions)
    assert "config_1m.json" in said and "DUAL_CHUNK_FLASH_ATTN" in said
    assert any("pelo menos 1.000 GB" in n for n in r.notes)
    # The Qwen2.5 1M models' own config.json already turns it on: no file to swap.
    assert "config_1m.json" not in " ".join(answer("qwen2.5-7b-1m", 1_000_000).assumptions)


@pytest.mark.parametrize(
    "text, model, limit",
    [
        ("qwen2.5-7b-instruct-1m com 1M de contexto", "qwen2.5-7b-1m", 1_010_000),
        ("Qwen/Qwen3-30B-A3B-Instruct-2507 com 1M de contexto", "qwen3-30b-a3b-2507", 1_010_000),
        ("llama 3.1 8b com 132k", "llama-3.1-8b", 131_072),
    ],
)
def test_a_round_context_just_past_the_window_is_the_window(text, model, limit):
    # "1M" is 1,048,576 tokens, 4% past the 1,010,000 these "1M" models read: it had been refused.
    workload = parse(text).workload
    r = size(workload)
    assert r.workload.context_tokens == limit
    assert r.memory.kv_cache == {**KV_PER_TOKEN, "llama-3.1-8b": 2 * 32 * 8 * 128 * 2}[model] * limit
    assert any("dimensionado no limite" in a for a in r.assumptions)


@pytest.mark.parametrize("text", ["llama 3.1 8b com 140k", "qwen2.5-7b-instruct-1m com 1.1M de contexto"])
def test_a_context_further_past_the_window_is_still_refused(text):
    with pytest.raises(SizingError) as refused:
        size(parse(text).workload)
    assert refused.value.key == "context_beyond_model"


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 8b com contexto máximo",
        "llama 3.1 8b max context, 10 users",
        "llama 3.1 8b com o contexto inteiro",
    ],
)
def test_the_maximum_context_asked_for_is_the_models_window(text):
    # It had been read as nothing: the answer sized the default 4,096 tokens.
    r = size(parse(text).workload)
    assert r.workload.context_tokens == 131_072
    assert any(a.startswith(("Contexto máximo", "Maximum context")) for a in r.assumptions)


@pytest.mark.parametrize(
    "text",
    [
        "qual o contexto máximo do llama 3.1 8b numa L40S?",
        "What's the max context I can fit for llama 3.1 8b on an h100?",
    ],
)
def test_asking_what_the_maximum_context_is_leaves_it_to_the_capacity(text):
    assert not parse(text).workload.context_max


def test_full_before_a_figure_is_the_context_not_a_full_fine_tune():
    # "with full 128k context" had made a serving question a full fine-tune.
    w = parse("they want to run DeepSeek R1 0528 with full 128k context, how many H200?").workload
    assert (w.stage, w.context) == ("inference", 131_072)


@pytest.mark.parametrize(
    "text",
    [
        "o modelo vai ler pdfs de 50 páginas, qwen2.5 72b, 10 usuários",
        "qwen2.5 72b, prompts de 40 mil tokens",
    ],
)
def test_a_long_prompt_with_no_context_said_reaches_the_window_the_card_documents(text):
    # A prompt's own length had been held to the native 32,768 tokens ("38.000 tokens passam do limite do
    # Qwen2.5 72B") while the same length asked as a context took YaRN's 131,072.
    result = size(parse(text).workload)
    assert result.workload.context_tokens > 32_768
    assert any("YaRN" in a for a in result.assumptions)
    with pytest.raises(SizingError):  # a model with no longer window documented is still refused
        size(parse("mistral 7b, pdfs de 50 páginas").workload)
