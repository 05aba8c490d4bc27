"""Embedding and reranking models (sizing/encoders.py, sizing/encoder_query.py): alone, their memory and the
time a corpus takes; beside an LLM, their memory on its GPU, in the breakdown, the total and the
recommendation."""

from __future__ import annotations

import math
import re

import pytest

from sizing import encoders
from sizing.catalog import load_catalog
from sizing.encoder_query import Answer
from sizing.engine import size
from sizing.performance import PREFILL_MFU
from sizing.query import EncoderAnswer, QueryError, parse
from tests.gpu_size_run import answer, answer_json

GB = 1e9


def _answered(text: str) -> Answer:
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert isinstance(raised.value, EncoderAnswer), raised.value.message()
    return raised.value.answer


# --- the table --------------------------------------------------------------------------------------------


def test_every_alias_names_one_entry_and_every_entry_cites_its_source():
    seen: dict[str, str] = {}
    for e in encoders.table().encoder:
        assert e.source and e.params > 0 and e.layers > 0 and e.hidden_size > 0 and e.max_tokens > 0
        for alias in (e.id, e.name, *e.aliases):
            key = encoders._key(alias)
            assert seen.setdefault(key, e.id) == e.id, (alias, seen[key])
            assert encoders.resolve(alias) == (e, False)


@pytest.mark.parametrize(
    ("repo", "vocab", "positions", "types", "hidden", "mlp", "layers", "head"),
    [
        # config.json's shapes (encoders.toml cites each): embeddings, layers with biases and two LayerNorms,
        # then the pooler (a dense layer) or the reranker's classification head (dense + one output)
        ("BAAI/bge-m3", 250002, 8194, 1, 1024, 4096, 24, 1024 * 1024 + 1024),
        ("BAAI/bge-reranker-v2-m3", 250002, 8194, 1, 1024, 4096, 24, 1024 * 1024 + 1024 + 1024 + 1),
        ("BAAI/bge-large-en-v1.5", 30522, 512, 2, 1024, 4096, 24, 1024 * 1024 + 1024),
        ("intfloat/multilingual-e5-large", 250002, 514, 1, 1024, 4096, 24, 1024 * 1024 + 1024),
        ("sentence-transformers/all-MiniLM-L6-v2", 30522, 512, 2, 384, 1536, 6, 384 * 384 + 384),
    ],
)
def test_a_bert_like_encoders_parameters_are_its_config_shapes(
    repo, vocab, positions, types, hidden, mlp, layers, head
):
    h = hidden
    embeddings = (vocab + positions + types) * h + 2 * h
    layer = 4 * (h * h + h) + 2 * h * mlp + mlp + h + 4 * h
    e = encoders.by_id(repo)
    assert e.params == embeddings + layers * layer + head
    assert (e.layers, e.hidden_size, e.intermediate_size) == (layers, hidden, mlp)


def _decoder_params(vocab, hidden, layers, mlp, heads, kv_heads, head_dim, lm_head):
    """A Llama-style decoder's shapes (Qwen3 and Mistral config.json): embeddings, per layer q/k/v/o without
    biases, a gated MLP's three matrices, two RMSNorms (Qwen3's q/k norms besides), the final norm and, when
    untied, the LM head."""
    attention = hidden * heads * head_dim * 2 + hidden * kv_heads * head_dim * 2
    return (
        vocab * hidden * (2 if lm_head else 1) + layers * (attention + 3 * hidden * mlp + 2 * hidden) + hidden
    )


def test_llm_based_encoders_parameters_are_their_decoders_shapes():
    # Qwen3-8B's shapes, LM head untied (the reranker scores with it): the card's 8.2B
    qwen3_8b = _decoder_params(151936, 4096, 36, 12288, 32, 8, 128, lm_head=True) + 36 * 2 * 128
    assert encoders.by_id("Qwen/Qwen3-Reranker-8B").params == qwen3_8b
    # Mistral-7B-v0.1's shapes as MistralModel: an embedder keeps no LM head (the card's 7.1B)
    mistral = _decoder_params(32000, 4096, 32, 14336, 32, 8, 128, lm_head=False)
    assert encoders.by_id("intfloat/e5-mistral-7b-instruct").params == mistral


def test_a_mixture_of_experts_encoder_counts_its_active_parameters_for_its_time():
    e = encoders.by_id("nomic-ai/nomic-embed-text-v2-moe")
    # config.json's shapes (vocab 250048, hidden 768, 12 layers, MLP 3072, 8 experts on every other layer,
    # top-2) count the card's 475M total and 305M active
    h, mlp, vocab = 768, 3072, 250048
    attention, ffn = 4 * h * h, 2 * h * mlp
    total = vocab * h + 12 * attention + 6 * ffn + 6 * 8 * ffn
    active = vocab * h + 12 * attention + 6 * ffn + 6 * 2 * ffn
    assert e.params == pytest.approx(total, rel=0.01) and e.active_params == pytest.approx(active, rel=0.01)
    # Memory holds every expert; the work is the active ones'
    assert encoders.weights(e) == 2 * 475_000_000
    assert encoders.flops_per_token(e, 512) == 2 * 305_000_000 + 2 * 12 * 512 * 768
    a = _answered(
        "quanto tempo pra vetorizar 1 milhão de PDFs de 10 páginas com nomic-embed-text-v2-moe numa L40S?"
    )
    assert "2 × 305M parâmetros ativos de 475M" in a.message("pt-BR")
    assert "2 × 305M active parameters of 475M" in a.message("en")
    # A dense model says its parameters as before
    b = _answered("quanto tempo pra vetorizar 1 milhão de PDFs de 10 páginas com bge-m3 numa L40S?")
    assert "2 × 568M parâmetros mais a atenção" in b.message("pt-BR")


def test_memory_is_16_bit_weights_a_batch_buffer_and_the_servers_own():
    e = encoders.by_id("BAAI/bge-m3")
    # 32 sequences of 512 tokens, one layer's live set in BF16: 4h + 3h + 3 x MLP per token
    assert encoders.buffer(e) == 32 * 512 * 2 * (7 * 1024 + 3 * 4096)
    assert encoders.weights(e) == 2 * e.params
    assert encoders.total(e) == encoders.weights(e) + encoders.buffer(e) + encoders.overhead()
    assert 2.2 * GB < encoders.total(e) < 2.4 * GB  # 1.14 GB of weights, 0.64 of buffer, a process of its own
    # A model whose window is shorter than the batch's sequences reads no longer ones.
    assert encoders.batch_tokens(e) == 32 * 512


# --- alone ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "lang"),
    [
        ("bge-m3 quanto de gpu precisa?", "BGE-M3", "pt-BR"),
        ("quanta vram precisa o bge m3?", "BGE-M3", "pt-PT"),
        ("how much GPU memory does bge-large need?", "BGE Large EN v1.5", "en"),
        ("e5 large numa L4", "Multilingual E5 Large", "pt-BR"),
        ("qwen3 embedding 0.6b", "Qwen3 Embedding 0.6B", "pt-BR"),
        ("nomic-embed-text-v1.5 vram", "Nomic Embed Text v1.5", "en"),
        ("sentence-transformers/all-MiniLM-L6-v2 on a GPU", "all-MiniLM-L6-v2", "en"),
        ("reranker bge quanto de memória?", "BGE Reranker v2 M3", "pt-BR"),
        # LLM-based rerankers and embedders, and the multilingual ones customers name (had been refused as
        # "embeddings or reranking" while bge-m3 was sized)
        ("quanto de GPU pra rodar qwen3-reranker-4b?", "Qwen3 Reranker 4B", "pt-BR"),
        ("qwen3 reranker 0.6b quanta vram?", "Qwen3 Reranker 0.6B", "pt-BR"),
        ("how much vram for Qwen/Qwen3-Reranker-8B?", "Qwen3 Reranker 8B", "en"),
        ("jina-embeddings-v3 precisa de quanta memória?", "Jina Embeddings v3", "pt-BR"),
        ("jina embeddings v3 numa L4", "Jina Embeddings v3", "pt-BR"),
        ("intfloat/e5-mistral-7b-instruct how much GPU memory?", "E5 Mistral 7B Instruct", "en"),
        ("e5 mistral 7b quanto de gpu", "E5 Mistral 7B Instruct", "pt-PT"),
        ("nomic-embed-text-v2-moe vram", "Nomic Embed Text v2 MoE", "en"),
        ("nomic embed text v2 quanto de memória?", "Nomic Embed Text v2 MoE", "pt-BR"),
    ],
)
def test_an_encoder_alone_gets_its_memory_and_where_it_fits(text, name, lang):
    said = _answered(text).message(lang)
    assert name in said and " GB" in said
    assert re.search(r"(L40S|L4) 48 GB|L4 24 GB", said)
    # It also fits beside an LLM, and the answer says how to ask for both.
    assert "/gpu llama 3.1 8b + bge-m3" in said


def test_with_no_gpu_named_it_goes_on_the_smallest_gpu_we_rent():
    catalog = load_catalog()
    smallest = min(catalog.gpu(o.gpu).memory_marketing_gb for o in catalog.offering.offer)
    said = _answered("bge-m3 quanto de gpu precisa?").message("pt-BR")
    assert f"1× L40S {smallest:g} GB" in said and "menor GPU que alugamos" in said


@pytest.mark.parametrize(
    ("text", "items", "tokens_each", "gpu", "hours"),
    [
        (
            "quanto tempo pra gerar embeddings de 2 milhões de pdfs de 10 páginas com bge-m3 numa L40S",
            2e6,
            7500,
            "l40s",
            None,
        ),
        (
            "we need to embed 50M documents with bge-large, how many GPUs for a 24h job?",
            50e6,
            750,
            "l40s",
            24,
        ),
        ("qwen3 embedding 8b: 10 milhões de chunks de 512 tokens em 2 dias", 10e6, 512, "l40s", 48),
        ("bge-m3 on an h100, 5 million pages", 5e6, 750, "h100-sxm", None),
        ("embeddings de 300 mil contratos de 20 páginas numa A100", 3e5, 15000, "a100-80gb-sxm", None),
    ],
)
def test_a_corpus_gets_its_time_and_the_gpus_a_deadline_needs(text, items, tokens_each, gpu, hours):
    a = _answered(text)
    catalog = load_catalog()
    assert a.job is not None and (a.job.items, a.job.tokens_each, a.job.hours) == (items, tokens_each, hours)
    assert a.gpu.id == catalog.gpu(gpu).id or a.gpu.id.startswith(gpu)
    e = next(e for e, _ in a.found if e.kind == "embedding")
    piece = min(512, e.max_tokens, tokens_each)
    # Kaplan et al. 2020's forward FLOPs (2N + 2 x layers x context x hidden per token) at the prefill MFU
    expected = items * tokens_each * (2 * e.params + 2 * e.layers * piece * e.hidden_size)
    expected /= a.gpu.bf16_dense_tflops * 1e12 * PREFILL_MFU
    assert encoders.seconds(e, items * tokens_each, piece, a.gpu) == pytest.approx(expected)
    for lang in ("pt-BR", "pt-PT", "en"):
        said = a.message(lang)
        assert "Kaplan" in said and a.gpu.name in said and "{" not in said
        if hours is not None:
            count = max(1, math.ceil(expected / (hours * 3600)))
            assert f"{count}× {a.gpu.name}" in said


def test_a_kinds_word_alone_is_the_tables_default_said_as_assumed():
    a = _answered("quanto tempo para gerar embeddings de 1 milhão de documentos numa H100?")
    assert [(e.id, assumed) for e, assumed in a.found] == [("BAAI/bge-m3", True)]
    assert "Modelo de embeddings não informado: usei o BGE-M3." in a.message("pt-BR")
    assert "No embedding model named: I used BGE-M3." in a.message("en")


def test_an_embedding_model_the_table_lacks_is_still_refused_as_what_it_is():
    with pytest.raises(QueryError) as raised:
        parse("linq-embed-mistral quanto precisa")
    assert raised.value.key == "query.out_of_scope" and not isinstance(raised.value, EncoderAnswer)


def test_the_answer_alone_is_an_answer_in_slack_each_to_its_own_question(tmp_path):
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where

    pipe = Pipeline(RequestLog(tmp_path / "log.db"))
    try:
        first = pipe.ask("bge-m3 quanto de gpu precisa?", Where("slash_command", user_id="U1"))
        second = pipe.ask("bge-large 1 milhão de documentos", Where("slash_command", user_id="U1"))
    finally:
        pipe.log.close()
    assert (first.outcome, second.outcome) == ("answered", "answered")
    # Rendered answers are kept by their parameters: the second is its own, not the first's again.
    assert "BGE-M3" in first.text_answer and "BGE Large EN v1.5" in second.text_answer
    assert "Acervo" in second.text_answer and "Acervo" not in first.text_answer
    # An answer, not a refusal: Slack shows it with no warning sign (it had been ":warning: BGE-M3 …").
    shown = first.message.blocks[0]["text"]["text"]
    assert shown.startswith("BGE-M3") and ":warning:" not in shown


def test_the_answer_alone_is_an_answer_in_the_terminal(capsys):
    # It had gone to stderr as "gpu-size: …" with the refusals' exit status 2.
    out = answer(capsys, "bge-m3 quanto de gpu precisa?")
    assert out.startswith("BGE-M3 (modelo de embeddings") and "gpu-size:" not in out
    data = answer_json(capsys, "how much GPU memory does bge-m3 need?")
    assert data["answer"]["key"] == "query.encoders" and data["answer"]["message"].startswith(
        "BGE-M3 (embedding"
    )


# --- beside an LLM ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "rag com llama 3.1 8b + bge-m3 + bge-reranker, 20 usuários",
            ["BAAI/bge-m3", "BAAI/bge-reranker-v2-m3"],
        ),
        ("embeddings + reranker + llama 3.1 8b tudo na mesma gpu, 20 usuarios", ["embedding", "reranker"]),
        ("llama 3.1 8b with e5 large for embeddings, 20 users", ["intfloat/multilingual-e5-large"]),
        ("llama 8b e qwen3 embedding 8b para rag, 20 utilizadores", ["Qwen/Qwen3-Embedding-8B"]),
        ("llama 3.1 8b com embeddings e reranker bge, 20 usuários", ["embedding", "BAAI/bge-reranker-v2-m3"]),
        (
            "llama 3.1 8b + jina embeddings v3 + qwen3-reranker-0.6b, 20 usuários",
            ["jinaai/jina-embeddings-v3", "Qwen/Qwen3-Reranker-0.6B"],
        ),
    ],
)
def test_encoders_beside_an_llm_add_their_memory_to_its_gpu(text, expected):
    query = parse(text)
    assert query.workload.model == "llama-3.1-8b" and query.workload.encoders == expected
    assert query.out_of_scope == []
    alone = size(query.workload.but(encoders=None))
    together = size(query.workload)
    theirs = sum(e.total for e in together.workload.encoders)
    defaults = encoders.table().defaults
    ids = [getattr(defaults, x) if x in ("embedding", "reranker") else x for x in expected]
    assert theirs == sum(encoders.total(encoders.by_id(i)) for i in ids)
    # Into the total and into what the recommendation must hold on each GPU
    assert together.memory.total == alone.memory.total + theirs
    assert together.recommendation.per_gpu.encoders == theirs
    assert together.recommendation.per_gpu.total == alone.recommendation.per_gpu.total + theirs


def test_the_answer_shows_them_on_lines_of_their_own_and_vllms_share_for_them(capsys):
    out = answer(capsys, "embeddings + reranker + llama 3.1 8b tudo na mesma gpu, 20 usuarios")
    assert "Entendi: Llama 3.1 8B + embeddings + reranker · 20 usuários" in out
    assert re.search(r"Embeddings \.+ 2,3 GB  \(BGE-M3: 568M × 16 bits", out)
    assert re.search(r"Reranker \.+ 2,3 GB  \(BGE Reranker v2 M3", out)
    assert "Modelo de embeddings não informado: usei o BGE-M3." in out
    assert "Reranker não informado: usei o BGE Reranker v2 M3." in out
    assert "fica de fora" not in out
    # vLLM's share leaves theirs free: 0.90 - 3.8 GB / the L40S's memory, rounded down
    m = re.search(r"--gpu-memory-utilization (0,\d\d) \(em vez de 0,90\)", out)
    catalog = load_catalog()
    theirs = 2 * encoders.total(encoders.by_id("BAAI/bge-m3")) + (
        encoders.total(encoders.by_id("BAAI/bge-reranker-v2-m3"))
        - encoders.total(encoders.by_id("BAAI/bge-m3"))
    )
    value = math.floor((0.90 - theirs / catalog.gpu("l40s").memory_bytes) * 100) / 100
    assert m and m.group(1) == f"{value:.2f}".replace(".", ",")


@pytest.mark.parametrize("lang", ["en", "pt-PT"])
def test_the_lines_beside_an_llm_are_in_the_readers_language(capsys, lang):
    out = answer(capsys, "llama 3.1 8b + bge-m3, 10 users", "--lang", lang)
    line = next(line for line in out.splitlines() if line.strip().startswith("Embeddings ."))
    assert "BGE-M3" in line and ("for its own process" if lang == "en" else "do processo dele") in line
    assert "--gpu-memory-utilization" in out


def test_a_training_run_has_no_encoders_served_beside_it():
    query = parse("lora do llama 3.1 8b e bge-m3")
    result = size(query.workload)
    assert result.memory.encoders == 0 and not result.workload.encoders
    assert any("not in training" in a for a in size(query.workload.but(lang="en")).assumptions)


def test_an_operators_data_folder_has_its_own_encoders_table(tmp_path, monkeypatch):
    # The encoders' table had always been read from the package, whatever GPU_SIZER_DATA named.
    from tests.data_folders import data_copy

    data = data_copy(tmp_path / "edited")
    table = data / "encoders.toml"
    table.write_text(table.read_text().replace('"bgem3",', '"bgem3", "nosso embedder",', 1))
    monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    assert encoders.resolve("nosso embedder")[0].id == "BAAI/bge-m3"
    # A folder copied before the table existed keeps the packaged one.
    older = data_copy(tmp_path / "older")
    (older / "encoders.toml").unlink()
    monkeypatch.setenv("GPU_SIZER_DATA", str(older))
    assert encoders.resolve("nosso embedder") is None and encoders.resolve("bge m3")[0].id == "BAAI/bge-m3"
