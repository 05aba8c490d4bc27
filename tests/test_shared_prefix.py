"""A system prompt every conversation starts with ("agente com system prompt de 8k tokens"): vLLM's automatic
prefix caching keeps each full 16-token block of it once, whoever uses it, so the KV cache is that prefix
once plus each conversation's own part. It had been read as each request's prompt, and every conversation
held its own copy of it."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from sizing.workload import Workload

# 2 (K and V) x layers x KV heads x head dim x 2 bytes (BF16): one token's KV cache
QWEN3_32B = 2 * 64 * 8 * 128 * 2


@pytest.mark.parametrize(
    "text, tokens",
    [
        ("qwen3 32b agente com system prompt de 8k tokens, 50 usuários, contexto de 32k", 8000),
        ("qwen3 32b, 8k-token system prompt, 50 users", 8000),
        ("llama 8b com prompt de sistema de 3 mil tokens e prompts de 500", 3000),
        ("llama 8b, 20 utilizadores, prompt de sistema com 2000 tokens", 2000),
        ("llama 8b 4k tokens de system prompt", 4000),
        ("llama 8b shared prefix of 6k tokens, 10 users", 6000),
        ("llama 8b, o system prompt tem 3 mil tokens", 3000),
        ("llama 8b, the system prompt is about 2k tokens, 10 users", 2000),
        # "shared" before the system prompt had been not understood, and 8,192 tokens counted for each user
        ("8k shared system prompt with prefix caching, llama 3.1 8b, 50 users", 8000),
        ("llama 3.1 8b, 50 users, an 8k-token common system prompt", 8000),
        ("llama 3.1 8b 50 users, a system prompt of 8k shared by all", 8000),
        ("llama 3.1 8b 50 users, common prefix of 8k tokens", 8000),
        # A document every request reads is a shared prefix too
        ("llama 3.1 8b 20 users with a 100k shared document", 100_000),
        ("llama 3.1 8b, 20 users, a shared document of 100k tokens", 100_000),
        ("llama 3.1 8b, 20 usuários, documento compartilhado de 100 mil tokens", 100_000),
        ("llama 3.1 8b, 20 utilizadores, um manual partilhado de 50 mil tokens", 50_000),
    ],
)
def test_a_system_prompt_is_read_in_each_language(text, tokens):
    query = parse(text)
    assert query.workload.shared_prefix_tokens == tokens and not query.unknown
    assert query.workload.prompt_tokens != tokens  # not each request's own prompt


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 8b 50 usuarios 128k e um documento de 100k compartilhado",
        "llama 3.1 8b, 50 users, 128k context and a shared document of 100k tokens",
    ],
)
def test_a_shared_document_inside_the_context_is_its_prefix_not_a_second_context(text):
    # It had been refused: "se contradiz: “128k” e “100k” não valem juntos (contexto)".
    query = parse(text)
    w = query.workload
    assert not query.unknown and (w.context, w.shared_prefix_tokens, w.users) == (131_072, 100_000, 50)
    result = size(w)
    prefix = 100_000 // 16 * 16  # whole blocks of 16 tokens
    per_token = result.shared_prefix_kv_bytes / prefix
    # the document kept once; each conversation holds only the rest of its 128k
    assert result.kv_bytes_per_conversation == pytest.approx(per_token * (131_072 - prefix))


def test_the_system_prompt_is_kept_once_and_each_conversation_holds_the_rest():
    shared = size(Workload(model="qwen3-32b", context=32768, users=50, shared_prefix_tokens=8000))
    alone = size(Workload(model="qwen3-32b", context=32768, users=50))
    prefix = 8000 // 16 * 16  # whole blocks of 16 tokens
    assert shared.shared_prefix_kv_bytes == QWEN3_32B * prefix
    assert shared.kv_bytes_per_conversation == QWEN3_32B * (32768 - prefix)
    assert shared.memory.kv_cache == QWEN3_32B * prefix + 50 * QWEN3_32B * (32768 - prefix)
    assert alone.memory.kv_cache == 50 * QWEN3_32B * 32768
    # 49 copies of the prompt fewer: about 103 GB at these sizes.
    assert alone.memory.kv_cache - shared.memory.kv_cache == 49 * QWEN3_32B * prefix


def test_local_layers_share_the_prefix_only_while_the_conversation_fits_their_window():
    # Gemma 3 27B: 62 layers, five local (1,024-token window) to one global; 16 KV heads of 128.
    per_layer_token = 2 * 16 * 128 * 2
    within = size(Workload(model="gemma-3-27b", context=1024, users=4, shared_prefix_tokens=512))
    past = size(Workload(model="gemma-3-27b", context=32768, users=4, shared_prefix_tokens=512))
    model = load_catalog().model("gemma-3-27b")
    global_layers = sum(1 for i in range(model.num_layers) if model.layer_pattern[i % 6] == "G")
    assert within.shared_prefix_kv_bytes == per_layer_token * 62 * 512
    assert past.shared_prefix_kv_bytes == per_layer_token * global_layers * 512


def test_capacity_and_performance_count_the_prefix_once():
    r = size(parse("qwen3 32b agente com system prompt de 8k tokens, 50 usuários, contexto de 32k").workload)
    rec = r.recommendation
    # The users asked fit at the context asked, and the longest context they reach is past it.
    assert rec.max_users >= 50
    assert rec.max_context_tokens >= 32768
    assert rec.performance.concurrency == 50
    said = " ".join(r.assumptions)
    assert "System prompt de 8.000 tokens" in said and "uma vez só" in said


def test_the_answer_shows_the_prefix_beside_the_conversations(capsys):
    assert gpu_size(["llama 8b com prompt de sistema de 3 mil tokens e prompts de 500, 20 usuários"]) == 0
    out = capsys.readouterr().out
    assert "system prompt de 3.000 tokens" in out
    assert "por conversa de 4.000 tokens, além do system prompt: 0,39 GB, guardado uma vez só" in out


def test_a_prefix_with_no_room_for_the_request_is_refused_clearly(capsys):
    assert gpu_size(["llama 8b contexto de 4k, system prompt de 8k tokens"]) == 2
    err = capsys.readouterr().err
    assert "Um prompt de 9.000 tokens e uma resposta de 500 tokens não cabem num contexto de 4.096" in err


def test_a_thread_adds_and_takes_away_the_system_prompt():
    first = parse("qwen3 32b para 50 usuarios com 32k").workload
    shared = parse("e com system prompt de 8k?", base=first).workload
    assert (shared.shared_prefix_tokens, shared.users, shared.context) == (8000, 50, 32768)
    gone = parse("e sem system prompt?", base=shared).workload
    assert not gone.shared_prefix_tokens
    assert size(gone).memory.kv_cache == size(first).memory.kv_cache


def test_a_long_system_prompt_reaches_the_window_the_card_documents():
    # Qwen3 32B reads 40,960 tokens natively and 131,072 with YaRN: a 40k system prompt, a prompt and an
    # answer had been refused at the native window.
    r = size(parse("qwen3 32b system prompt de 40k tokens").workload)
    assert r.workload.context_tokens == 40_000 + 1_000 + 500
    assert any("YaRN" in a for a in r.assumptions)


@pytest.mark.parametrize(
    ("text", "said", "breakdown"),
    [
        ("llama 3.1 8b, documento de 100k compartilhado entre 20 usuários, contexto de 128k",
         "documento compartilhado de 100.000 tokens", "além do documento compartilhado:"),
        ("llama 3.1 8b, 20 users, 128k context, a shared document of 100k tokens",
         "a 100,000-token shared document", "beyond the shared document:"),
    ],
)  # fmt: skip
def test_a_shared_document_is_said_as_a_document(text, said, breakdown):
    # It had been sized right and said as "system prompt de 100.000 tokens".
    from bot.rendering import render_text
    from sizing.query import parse

    query = parse(text)
    answer = render_text(size(query.workload.but(lang=query.detected_lang)), query)
    assert said in answer and breakdown in answer and "system prompt" not in answer.lower()
    # A system prompt said next in the thread is a system prompt again.
    after = parse("e com system prompt de 4k?", base=query.workload).workload
    assert after.shared_prefix_tokens == 4000 and not after.shared_prefix_document
