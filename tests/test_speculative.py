"""Speculative decoding: a draft model (or an EAGLE head, the model's own MTP layers, n-gram lookup) served
beside the model. "quero servir o llama 3.3 70b com speculative decoding usando o llama 3.2 1b como draft"
had been refused as a contradiction (two models); the draft's weights and its KV cache of every
conversation are now sized on their own lines, and in the recommendation."""

import json

import pytest

from bot import blocks
from bot.cli import main
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import QueryError, parse

# Llama 3.2 1B (models.toml, its config.json): 16 layers, 8 KV heads of 64, tied embeddings, 1,235,814,400
# parameters. At 16-bit: 1,235,814,400 x 2 = 2,471,628,800 bytes of weights; per token,
# 16 layers x 8 KV heads x 64 x 2 (K and V) x 2 bytes = 32,768 bytes (32 KiB).
DRAFT_1B_WEIGHTS = 2_471_628_800
DRAFT_1B_PER_TOKEN = 16 * 8 * 64 * 2 * 2
assert DRAFT_1B_PER_TOKEN == 32_768

QUESTION = (
    "quero servir o llama 3.3 70b com speculative decoding usando o llama 3.2 1b como draft, 10 usuários, 32k"
)
PLAIN = "quero servir o llama 3.3 70b, 10 usuários, 32k"


def answer(text, lang=None):
    query = parse(text)
    workload = query.workload if lang is None else query.workload.but(lang=lang)
    result = size(workload)
    return query, result, render_text(result, query)


def test_the_draft_is_sized_on_its_own_lines_with_hand_checked_figures():
    query, result, text = answer(QUESTION)
    assert query.workload.model == "llama-3.3-70b" and query.workload.draft_model == "llama-3.2-1b"
    assert query.model_choices == []  # a draft is no second model offered as a choice
    m = result.memory
    assert m.draft_weights == DRAFT_1B_WEIGHTS
    # 32,768 tokens x 32,768 bytes = 1 GiB per conversation; 10 conversations = 10,737,418,240 bytes.
    assert result.workload.speculative.kv_bytes_per_conversation == 32_768 * DRAFT_1B_PER_TOKEN == 2**30
    assert m.draft_kv_cache == 10 * 2**30
    # Everything else is the plain answer's: the draft only adds its two lines.
    plain = size(parse(PLAIN).workload).memory
    assert m.total == plain.total + DRAFT_1B_WEIGHTS + 10 * 2**30
    assert m.weights - m.draft_weights == plain.weights and m.kv_cache - m.draft_kv_cache == plain.kv_cache
    assert "Entendi: Llama 3.3 70B · inferência · speculative decoding com Llama 3.2 1B como draft" in text
    assert "  Pesos ............ 141,1 GB  (70,6B parâmetros × 16,00 bits)" in text
    assert "  KV cache ......... 107,4 GB  (10 × 10,7 GB por conversa de 32.768 tokens)" in text
    assert "  Draft: pesos ..... 2,5 GB  (Llama 3.2 1B: 1,24B parâmetros × 16,00 bits)" in text
    assert "  Draft: KV cache .. 10,7 GB  (10 × 1,1 GB por conversa de 32.768 tokens)" in text
    assert "  Total ............ 262,9 GB" in text
    assert "16 camadas × 8 cabeças KV × 64 × K e V × 2 bytes = 32 KiB por token" in text


def test_the_recommendation_holds_the_draft_split_by_tensor_parallelism():
    _, result, _ = answer(QUESTION)
    rec = result.recommendation
    assert rec.tensor_parallel == 2
    # Each GPU of the pair: half the draft's weights, and its 8 KV heads split 4 and 4.
    assert rec.per_gpu.draft_weights == DRAFT_1B_WEIGHTS // 2
    assert rec.per_gpu.draft_kv_cache == 10 * 2**30 // 2
    assert rec.per_gpu.total <= rec.usable_bytes_per_gpu
    # The room the draft takes is room the conversations no longer have: fewer tokens for 10 users.
    plain = size(parse(PLAIN).workload).recommendation
    assert (plain.gpu, plain.count) == (rec.gpu, rec.count)
    assert rec.max_context_tokens < plain.max_context_tokens


@pytest.mark.parametrize(
    ("text", "model", "draft"),
    [
        (QUESTION, "llama-3.3-70b", "llama-3.2-1b"),
        ("with llama 3.2 1b as the draft model, serve llama 3.3 70b for 20 users", "llama-3.3-70b", "llama-3.2-1b"),
        ("llama 3.3 70b a usar o llama 3.2 1b como modelo de rascunho, 10 utilizadores em simultâneo",
         "llama-3.3-70b", "llama-3.2-1b"),
        ("speculative decoding com modelo rascunho llama 3.2 1b para o llama 3.3 70b", "llama-3.3-70b", "llama-3.2-1b"),
        ("llama 3.1 8b, draft model qwen2.5 0.5b", "llama-3.1-8b", "qwen2.5-0.5b"),
        ("llama 3.3 70b fp8 com draft llama 3.2 1b", "llama-3.3-70b", "llama-3.2-1b"),
        ("llama 3.3 70b usando como draft o llama 3.2 1b", "llama-3.3-70b", "llama-3.2-1b"),
        ("serve llama 3.3 70b with a llama 3.2 1b draft", "llama-3.3-70b", "llama-3.2-1b"),
        ("llama 3.3 70b + draft: llama 3.2 1b, 50 users", "llama-3.3-70b", "llama-3.2-1b"),
        ("qwen2.5 72b com o qwen2.5 7b de rascunho", "qwen2.5-72b", "qwen2.5-7b"),
        ("llama 3.3 70b, speculative decoding com o llama 3.2 1b", "llama-3.3-70b", "llama-3.2-1b"),
        ("llama 3.3 70b with meta-llama/Llama-3.2-1B-Instruct as the draft", "llama-3.3-70b", "llama-3.2-1b"),
        # Launch lines: vLLM's JSON speculative config, llama.cpp's -md.
        ("vllm serve meta-llama/Llama-3.3-70B-Instruct --tensor-parallel-size 2 --speculative-config "
         """'{"model": "meta-llama/Llama-3.2-1B-Instruct", "num_speculative_tokens": 5, "method": "draft_model"}'""",
         "llama-3.3-70b", "llama-3.2-1b"),
        ("llama-server -m Llama-3.3-70B-Instruct-Q4_K_M.gguf -md Llama-3.2-1B-Instruct-Q4_K_M.gguf -c 8192",
         "llama-3.3-70b", "llama-3.2-1b"),
    ],
)  # fmt: skip
def test_a_draft_model_is_read_however_it_is_said(text, model, draft):
    query, result, answer_text = answer(text)
    assert result.workload.model.id == model
    assert query.unknown == [] and query.model_choices == []
    assert result.workload.speculative.asked == "draft_model"
    assert result.workload.speculative.name == size(parse(f"{draft} 1 user").workload).workload.model.name
    if result.workload.speculative.method == "draft_model":  # a Qwen draft for a Llama is refused below
        assert result.memory.draft_weights > 0 and "Draft: pesos" in answer_text


@pytest.mark.parametrize(
    "text",
    [
        "preciso de um draft de proposta para servir o llama 3.3 70b para 20 usuarios",
        "draft a proposal for llama 3.3 70b with 10 users",
        "draft the llama 3.3 70b sizing for 10 users",
        "me manda o rascunho da proposta do llama 70b",
        "llama 70b draft proposal",
        "o draft do contrato para o llama 70b",
        "llama 70b ou qwen 32b?",
    ],
)
def test_draft_as_a_document_is_no_draft_model(text):
    query, result, answer_text = answer(text)
    assert query.workload.speculative is None and query.workload.draft_model is None
    assert result.workload.speculative is None and result.memory.draft_weights == 0
    assert "Draft: pesos" not in answer_text and "Draft weights" not in answer_text


def test_a_draft_with_another_vocabulary_is_said_and_left_out():
    # Qwen2.5 0.5B (151,936 tokens) beside Llama 3.1 8B (128,256): vLLM refuses the pair.
    _, result, text = answer("llama 3.1 8b com speculative decoding, draft model qwen2.5 0.5b, 4 usuários")
    assert result.workload.speculative.refused == "vocab" and result.workload.speculative.method is None
    assert result.memory.draft_weights == 0 and result.memory.draft_kv_cache == 0
    assert result.memory.total == size(parse("llama 3.1 8b, 4 usuários").workload).memory.total
    assert result.assumptions[0].startswith(
        "O Qwen2.5 0.5B não serve de draft para o Llama 3.1 8B: os vocabulários diferem (151.936 e 128.256 tokens)"
    )
    assert "Dimensionei sem speculative decoding. Do catálogo, com o mesmo vocabulário: Llama 3.2 1B" in text
    assert "Draft: pesos" not in text


def test_a_family_padded_to_another_vocabulary_is_refused_with_a_draft_that_works():
    # Qwen2.5 0.5B pads its vocabulary to 151,936, the 72B to 152,064: vLLM refuses the pair
    # (vllm-project/vllm#7252); the 7B has the 72B's and drafts for it.
    _, result, text = answer("qwen2.5 72b com o qwen2.5 0.5b como draft", lang="en")
    assert result.workload.speculative.refused == "vocab"
    assert (
        "Qwen2.5 0.5B cannot draft for Qwen2.5 72B: their vocabularies differ (151,936 and 152,064 tokens)"
        in text
    )
    assert "In the catalogue, with the same vocabulary: Qwen2.5 7B." in text
    _, result, _ = answer("qwen2.5 72b com o qwen2.5 7b como draft")
    assert result.workload.speculative.method == "draft_model" and result.memory.draft_weights > 14e9


def test_a_draft_not_much_smaller_than_the_model_is_left_out():
    _, result, text = answer("llama 3.1 8b com o llama 3.2 3b como draft")  # 3.2B beside 8.0B: not under half
    assert result.workload.speculative.refused is None and result.workload.speculative.method == "draft_model"
    _, result, text = answer("llama 3.2 3b com o llama 3.1 8b como draft")
    assert result.workload.speculative.refused == "not_smaller" and result.memory.draft_weights == 0
    assert "O Llama 3.1 8B não é bem menor que o Llama 3.2 3B" in text


def test_a_draft_named_alone_asks_for_the_model():
    with pytest.raises(QueryError) as e:
        parse("llama 3.2 1b como draft")
    assert e.value.key == "query.draft_without_model"
    assert "llama 3.2 1b" in e.value.message("pt-BR") and "qual modelo vai servir" in e.value.message("pt-BR")
    assert "como draft" in e.value.hint("pt-BR")


def test_the_drafts_precision_is_its_own_when_said():
    _, result, text = answer("llama 3.3 70b com o llama 3.2 1b em fp8 como draft")
    sp = result.workload.speculative
    assert sp.precision == "fp8" and result.workload.precision == "bf16"
    # FP8 keeps the tied embedding table at 16-bit: between 1 and 2 bytes a parameter.
    assert sp.params < sp.weight_bytes < DRAFT_1B_WEIGHTS
    assert "speculative decoding com Llama 3.2 1B em FP8 (8-bit) como draft" in text
    # Not said: the served model's precision ("e em 4 bits?" moves both).
    _, result, _ = answer("llama 3.3 70b 4bit com o llama 3.2 1b como draft")
    assert (
        result.workload.speculative.precision == "int4" and result.memory.draft_weights < DRAFT_1B_WEIGHTS / 2
    )


def test_speculative_decoding_without_a_method_counts_an_eagle3_head_and_says_so():
    query, result, text = answer("llama 3.3 70b with speculative decoding, 10 users, 32k", lang="en")
    sp = result.workload.speculative
    assert query.workload.speculative == "auto" and sp.method == "eagle3"
    # One Llama 3.3 70B layer whose q, k, v read 2 x 8192: q 16,384 x 8,192 = 134,217,728, k and v
    # 16,384 x 1,024 x 2 = 33,554,432, o 67,108,864; MLP 3 x 8,192 x 28,672 = 704,643,072; 4 norms of 8,192;
    # fc 3 x 8,192 x 8,192 = 201,326,592; its own head 32,000 x 8,192 = 262,144,000: 1,403,027,456.
    assert sp.params == 1_403_027_456 and result.memory.draft_weights == 2 * 1_403_027_456
    # With a copy of the embedding table and a full-vocabulary head (128,256 x 8,192 = 1,050,673,152 each),
    # nvidia/Llama-3.3-70B-Instruct-Eagle3's published 3.2B parameters.
    assert abs(sp.params - 262_144_000 + 2 * 1_050_673_152 - 3.2e9) < 0.05e9
    # One layer's KV cache: 8 KV heads x 128 x 2 x 2 bytes = 4,096 bytes per token.
    assert sp.kv_bytes_per_token == 4_096 and result.memory.draft_kv_cache == 10 * 4_096 * 32_768
    assert "Speculative decoding with no method named: sized with an EAGLE-3 head" in text
    assert "n-gram (prompt lookup) takes no memory" in text
    assert "  Draft weights .... 2.8 GB  (EAGLE-3 head: 1.40B parameters × 16.00 bits)" in text


def test_an_eagle_head_matches_the_published_one():
    _, result, _ = answer("llama 3.1 8b com eagle")
    sp = result.workload.speculative
    assert sp.method == "eagle"
    # yuhuili/EAGLE-LLaMA3-Instruct-8B: 1.55 GB in FP16, the head with a copy of the 128,256 x 4,096
    # embedding table (525,336,576) that vLLM replaces with the served model's.
    assert abs((sp.params + 525_336_576) * 2 - 1.55e9) < 0.01e9


def test_deepseek_uses_its_own_mtp_layer():
    query, result, text = answer("deepseek v3 com speculative decoding, 20 usuários, 16k")
    sp = result.workload.speculative
    assert query.workload.speculative == "auto" and sp.method == "mtp" and sp.precision == "fp8"
    # Layer 61 holds 13.46B parameters in the checkpoint with its copies of the embedding table and the head
    # (129,280 x 7,168 = 926,679,040 each); DeepSeek's README_WEIGHTS.md: "11.5B unique parameters".
    assert sp.params + 2 * 926_679_040 == pytest.approx(13.46e9, rel=0.001)
    assert "camadas MTP (multi-token prediction) próprias" in text
    _, result, text = answer("llama 3.3 70b com mtp")
    assert result.workload.speculative.refused == "no_mtp" and result.memory.draft_weights == 0
    assert "O Llama 3.3 70B não tem camadas MTP" in text


def test_ngram_needs_no_memory():
    _, result, text = answer("llama 3.3 70b com n-gram, 10 usuários")
    assert result.workload.speculative.method == "ngram"
    assert result.memory.total == size(parse("llama 3.3 70b, 10 usuários").workload).memory.total
    assert "as propostas vêm do próprio texto da conversa, sem nada a mais na memória" in text
    assert "Draft: pesos" not in text


def test_performance_stays_plain_decoding_with_a_note():
    plain = size(parse("llama 3.1 8b 10 usuarios").workload)
    _, result, text = answer("llama 3.1 8b 10 usuarios com o llama 3.2 1b como draft")
    assert (result.recommendation.gpu, result.recommendation.count) == (
        plain.recommendation.gpu,
        plain.recommendation.count,
    )
    perf, plain_perf = result.recommendation.performance, plain.recommendation.performance
    assert perf.tokens_per_s_per_user == plain_perf.tokens_per_s_per_user  # no speedup invented
    assert "Os autores do EAGLE publicam latência 2,7–3,5× menor no LLaMA2-Chat 70B" in text
    assert "a vazão total pode até cair" in text
    assert "Com speculative decoding: estes números são de decodificação comum" in text
    assert "Os autores do EAGLE" not in render_text(plain, parse("llama 3.1 8b 10 usuarios"))


def test_json_has_the_drafter_and_its_memory(capsys):
    assert main(["--json", QUESTION]) == 0
    data = json.loads(capsys.readouterr().out)
    sp = data["workload"]["speculative"]
    assert sp["method"] == "draft_model" and sp["draft_model"] == "llama-3.2-1b" and sp["refused"] is None
    assert sp["weight_bytes"] == DRAFT_1B_WEIGHTS and sp["kv_bytes_per_token"] == DRAFT_1B_PER_TOKEN
    assert data["memory"]["draft_weights"] == DRAFT_1B_WEIGHTS
    assert data["memory"]["draft_kv_cache"] == 10 * 2**30
    assert data["recommendation"]["per_gpu"]["draft_weights"] == DRAFT_1B_WEIGHTS // 2


def test_the_slack_answer_shows_the_draft_and_is_valid_block_kit():
    query = parse(QUESTION)
    result = size(query.workload)
    message = blocks.answer(result, query, disclosure=None, show_prices=True, share=True, actions=True,
                            payload=json.dumps(query.workload.non_defaults()))  # fmt: skip
    blocks.validate(message.blocks)
    fields = [f["text"] for b in message.blocks for f in b.get("fields", [])]
    assert "*Draft (Llama 3.2 1B)*\n2,5 GB + 10,7 GB de KV cache" in fields
    assert "*Pesos*\n141,1 GB" in fields


@pytest.mark.parametrize(
    ("lang", "weights", "kv"),
    [
        ("pt-PT", "  Draft: pesos ..... 2,5 GB", "  Draft: KV cache .. 10,7 GB"),
        ("en", "  Draft weights .... 2.5 GB", "  Draft KV cache ... 10.7 GB"),
    ],
)
def test_the_draft_lines_in_every_language(lang, weights, kv):
    _, _, text = answer(QUESTION, lang=lang)
    assert weights in text and kv in text


def test_a_thread_adds_and_removes_the_draft():
    base = parse("llama 3.3 70b 10 usuarios 32k").workload
    follow = parse("e com o llama 3.2 1b como draft?", base=base)
    assert follow.workload.draft_model == "llama-3.2-1b" and follow.workload.users == 10
    assert size(follow.workload).memory.draft_weights == DRAFT_1B_WEIGHTS
    off = parse("e sem speculative decoding?", base=follow.workload)
    result = size(off.workload)
    assert result.memory.draft_weights == 0 and result.workload.speculative is None
    again = parse("and with EAGLE-3?", base=off.workload)
    assert size(again.workload).workload.speculative.method == "eagle3"


def test_a_choice_of_models_still_works_beside_a_draft():
    query = parse("llama 3.3 70b com o llama 3.2 1b como draft ou qwen 32b?")
    assert query.workload.model == "llama-3.3-70b" and query.workload.draft_model == "llama-3.2-1b"
    assert query.model_choices == ["qwen 32b"]


def test_two_drafters_at_once_are_a_contradiction():
    with pytest.raises(QueryError) as e:
        parse("llama 3.3 70b com eagle3 e o llama 3.2 1b como draft")
    assert e.value.key == "query.contradiction" and "speculative decoding" in e.value.message("pt-BR")


def test_training_is_not_changed_by_speculative_decoding():
    _, result, text = answer("llama 3.1 8b lora com speculative decoding")
    assert result.workload.speculative.refused == "training" and result.memory.draft_weights == 0
    assert "Speculative decoding vale para servir o modelo: não muda a memória do treino." in text


def test_the_readme_shows_the_draft_lines_gpu_size_prints(capsys):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("The last one sizes the draft model beside the served one") :]
    start = section.index("```text\n") + len("```text\n")
    shown = section[start : section.index("\n```", start) + 1]
    assert main([QUESTION]) == 0
    assert shown in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "draft"),
    [
        ("llama 3.3 70b com um modelo draft", "Llama 3.2 1B"),
        ("qwen3 32b com speculative decoding e um modelo de rascunho", "Qwen3 0.6B"),  # its generation first
        ("serve qwen2.5 72b with a draft model", "Qwen2.5 7B"),  # the 0.5B pads another vocabulary size
    ],
)
def test_a_draft_model_said_without_its_name_is_the_smallest_of_its_family(text, draft):
    _, result, text_out = answer(text)
    assert result.workload.speculative.name == draft and result.memory.draft_weights > 0
    assert (
        f"usei o {draft}, o menor do catálogo da mesma família" in text_out or "I used " + draft in text_out
    )


def test_a_draft_of_another_family_with_a_same_size_vocabulary_is_sized_and_warned():
    # Mixtral and Llama 2 both have 32,000-entry vocabularies, but not the same tokenizer.
    _, result, text = answer("mixtral 8x7b com o llama 2 7b como draft")
    assert result.workload.speculative.method == "draft_model" and result.memory.draft_weights > 13e9
    assert (
        "O Llama 2 7B tem um vocabulário do mesmo tamanho que o do Mixtral 8x7B, mas é de outra família"
        in text
    )
    _, _, text = answer(QUESTION)
    assert "de outra família" not in text


def test_a_draft_with_a_shorter_window_keeps_its_cache_to_it():
    # Qwen3 0.6B: 28 layers x 8 KV heads x 128 x 2 x 2 bytes = 114,688 bytes (112 KiB) per token, and at most
    # 40,960 tokens: 4,697,620,480 bytes for a 65,536-token conversation of Qwen3 32B.
    _, result, text = answer("qwen3 32b 64k com o qwen3 0.6b como draft")
    assert result.workload.speculative.kv_bytes_per_token == 28 * 8 * 128 * 2 * 2 == 114_688
    assert result.memory.draft_kv_cache == 114_688 * 40_960
    assert "O Qwen3 0.6B aceita até 40.960 tokens, menos que os 65.536 desta carga" in text


def test_a_named_gpu_the_draft_tips_over_offers_to_go_without_it():
    # Llama 3.1 70B in FP8 with 10 conversations of 18,432 tokens fits one H200 alone (the plain answer), and
    # the draft's 2.5 GB and 10 x 0.6 GB of KV cache put it 6.7 GB over.
    _, plain, _ = answer("cabe o llama 3.1 70b fp8 numa h200, 10 usuarios 18k?")
    assert plain.verdict.setup.fits
    _, result, text = answer(
        "cabe o llama 3.1 70b fp8 com o llama 3.2 1b como draft numa h200, 10 usuarios 18k?"
    )
    assert not result.verdict.setup.fits
    change = next(c for c in result.verdict.changes if c.kind == "no_drafter")
    assert change.setup.fits and change.setup.per_gpu.draft_weights == 0
    assert (
        "Sem o Llama 3.2 1B como draft (speculative decoding por n-gram, que não ocupa memória, ou nenhum): cabe"
        in text
    )


def test_a_draft_of_a_named_model():
    # "com draft do llama 3.2 1b" had been refused as two models.
    from sizing.query import parse

    w = parse("llama 70b com draft do llama 3.2 1b").workload
    assert (w.model, w.draft_model) == ("llama-3.1-70b", "llama-3.2-1b")
