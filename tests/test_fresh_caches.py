"""What a process keeps from one question for the next (a copy of a model on a GPU, the rates it sustains, the
numbers already written) changes no answer: a question gets the answer it gets in a new process, whatever was
asked before it. And what is kept is used: the second sizing of the same workload builds no copy of the model
and searches no rate again."""

from __future__ import annotations

import msgspec
import pytest

from bench.web import fresh_questions
from sizing import engine, gguf, i18n, kv_cache, names, performance, plan, query, serving, setups, traffic
from sizing.catalog import GGUF_BASE_TYPES, load_catalog, with_offering
from sizing.errors import SizingError
from sizing.query import parse
from sizing.result import json_data
from sizing.workload import Workload

from .gpu_size_run import answer, answer_json


def _forget_everything() -> None:
    """A new process, as far as sizing keeps anything between questions."""
    engine.clear_cache()
    setups._NEEDS.clear()
    traffic._ONE_COPY.clear()
    traffic._REPLICAS.clear()
    i18n._NUMBERS.clear()
    i18n._TEMPLATES.clear()
    names._SCALED.clear()
    names._STAND_INS.clear()
    names._SUGGESTABLE.clear()
    plan._CHANGED.clear()
    setups._TRAINING.clear()
    serving._FORWARD.clear()
    setups._SPLITS.clear()
    engine._DERIVED.clear()
    _forget_what_models_keep()


def _forget_what_models_keep() -> None:
    """What a model derives from its shape and keeps on itself (its KV cache figures on each split, its GGUF
    tensors, the conversations up to which the forward pass sets its activation peak)."""
    for model in load_catalog().all_models:
        model.__dict__.pop("_kv_splits", None)
        model.__dict__.pop("_gguf_tensors", None)
        model.__dict__.pop("_forward_edges", None)


def _sized(text: str) -> object:
    try:
        return json_data(engine.size(parse(text).workload))
    except SizingError as e:
        return e.key, e.params  # with the names offered for one not understood


QUESTIONS = [
    *fresh_questions(40, seed=23),
    "llama 3.3 70b 5 req/s prompts de 2 mil tokens",
    "chat interno pra 800 pessoas com llama 3.3 70b",
    "qwen3 30b-a3b fp8 300 req/min primeira resposta em 1 s",
    "gpt-oss-120b 20 req/s 2 réplicas",
    "llama 3.1 8b q4_k_m 10 usuários",
    # bare sizes no model has: a stand-in with its layers scaled, the same one when asked again
    "13b 40 usuários 32k",
    "modelo de 50b fp8 3 req/s",
    "13b 8k 12 usuários numa l40s",
    "chat interno pra 600 pessoas com um modelo de 20b",
    # names not understood: the closest the catalogue has are offered
    "lama 70b 10 usuários",
    "mistral larg 3 675b instruct preview numa h200",
    "qwen3 8b numa h300",
]


def test_a_question_is_answered_as_in_a_new_process_whatever_was_asked_before():
    _forget_everything()
    in_turn = [_sized(text) for text in QUESTIONS]  # each after the ones before it
    alone = []
    for text in QUESTIONS:
        _forget_everything()
        alone.append(_sized(text))
    assert sum(isinstance(a, dict) for a in alone) > 35
    for text, a, b in zip(QUESTIONS, in_turn, alone, strict=True):
        assert a == b, text


def test_the_same_workload_sized_again_builds_no_copy_and_searches_no_rate(monkeypatch):
    workload = parse("llama 3.3 70b 3 req/s").workload
    catalog = load_catalog()
    _forget_everything()
    first = json_data(engine.size(workload, catalog))
    built, searched = [], []
    replica, max_rate = performance.replica, performance._max_rate
    monkeypatch.setattr(performance, "replica", lambda *a, **k: built.append(a) or replica(*a, **k))
    monkeypatch.setattr(performance, "_max_rate", lambda *a, **k: searched.append(a) or max_rate(*a, **k))
    engine.clear_cache()  # the answer itself is sized again, not read from the answer cache
    assert json_data(engine.size(workload, catalog)) == first
    assert built == [] and searched == []


def test_a_bare_size_asked_again_is_sized_on_the_stand_in_already_built(monkeypatch):
    # "13b" is no model we list: a 43-layer Mistral Nemo stands in. Asked again, it is the same architecture,
    # so what one of its copies holds on each GPU is not worked out again (it had been built anew each time).
    catalog = load_catalog()
    workload = parse("13b 3 req/s").workload
    _forget_everything()
    first = json_data(engine.size(workload, catalog))
    built = []
    replica = performance.replica
    monkeypatch.setattr(performance, "replica", lambda *a, **k: built.append(a) or replica(*a, **k))
    engine.clear_cache()  # the answer itself is sized again, not read from the answer cache
    assert json_data(engine.size(workload, catalog)) == first
    assert built == []


@pytest.mark.parametrize(
    ("value", "digits", "lang", "written"),
    [
        (1234.5, 1, "pt-BR", "1.234,5"),
        (1234.5, 1, "en", "1,234.5"),
        (1234.5, 1, "pt-BR", "1.234,5"),  # again, from what was kept
        (1, 0, "pt-BR", "1"),
        (1.0, 0, "pt-BR", "1"),
        (-0.0, 1, "en", "0.0"),
        (80, 0, "en", "80"),
    ],
)
def test_numbers_are_written_alike_however_often_they_are_asked(value, digits, lang, written):
    assert i18n.number(value, lang, digits) == written


@pytest.mark.parametrize(
    ("before", "question"),
    [
        # A system prompt every conversation shares is kept once: a copy holds more of them. Asked after the
        # same load without it, the copy's conversations had been the earlier question's (8 GPUs, not 4).
        (
            "llama 3.1 70b fp8 8k 300 usuários simultâneos",
            "llama 3.1 70b fp8 8k 300 usuários simultâneos prefixo comum de 4000 tokens",
        ),
        (
            "llama 3.1 70b fp8 8k 300 usuários simultâneos prefixo comum de 4000 tokens",
            "llama 3.1 70b fp8 8k 300 usuários simultâneos",
        ),
        (
            "llama 3.1 70b fp8 8k 300 usuários simultâneos",
            "llama 3.1 70b fp8 8k 300 usuários simultâneos com speculative decoding",
        ),
        (
            "llama 3.1 70b fp8 8k 300 usuários simultâneos",
            "llama 3.1 70b fp8 8k 300 usuários simultâneos com 20 adaptadores lora",
        ),
    ],
)
def test_what_a_copy_holds_is_the_question_s_own_whatever_was_asked_before(capsys, before, question):
    _forget_everything()
    alone = answer_json(capsys, question)
    _forget_everything()
    answer_json(capsys, before)
    assert answer_json(capsys, question) == alone


# The same model and GPUs for a few conversations and for many: a copy launched for 10 conversations is the one
# launched for 30 (vLLM's 256 sequences, the forward pass's activations), kept for both; past ~51 the sampler's
# workspace makes it another copy, with less room for the KV cache.
USERS = [
    "llama 3.1 8b 10 usuários primeira resposta em 1 s",
    "llama 3.1 8b 30 usuários primeira resposta em 1 s",
    "llama 3.1 8b 200 usuários primeira resposta em 1 s",
    "llama 3.1 8b 40 usuários 3 req/s",
    "llama 3.1 8b 300 usuários 3 req/s",
]


@pytest.mark.parametrize("order", [USERS, USERS[::-1], USERS[2:] + USERS[:2]])
def test_a_copy_kept_for_some_conversations_answers_as_for_any_other_count(capsys, order):
    _answered_alone_as_in_turn(capsys, USERS, order)


def _answered_alone_as_in_turn(capsys, questions: list[str], order: list[str]) -> dict[str, dict]:
    """Each question's answer in a new process, which it gets again asked in `order`, one after another."""
    alone = {}
    for question in questions:
        _forget_everything()
        alone[question] = answer_json(capsys, question)
    _forget_everything()
    assert {question: answer_json(capsys, question) for question in order} == alone
    return alone


def test_a_shared_system_prompt_asked_after_the_same_load_without_it_needs_the_smaller_setup(capsys):
    _forget_everything()
    answer_json(capsys, "llama 3.1 70b fp8 8k 300 usuários simultâneos")
    text = answer(capsys, "llama 3.1 70b fp8 8k 300 usuários simultâneos prefixo comum de 4000 tokens")
    assert "Recomendação: 4× H200 SXM 141 GB" in text


LANGUAGES = ["pt-BR", "en", "pt-PT", "pt_PT", "en-GB", "pt"]


@pytest.mark.parametrize("order", [LANGUAGES, LANGUAGES[::-1], LANGUAGES[2:] + LANGUAGES[:2]])
def test_each_language_gets_its_own_words_whatever_language_was_asked_before(capsys, order):
    # The message texts are kept by the language as asked and the key: "pt_PT" and "pt-PT" are one language,
    # "en-GB" is English and "pt" Brazilian Portuguese, each answered as in a new process, in any order.
    question = "chat interno pra 800 pessoas com llama 3.3 70b 2 req/s R$ 20 mil por mês"
    alone = {}
    for lang in LANGUAGES:
        _forget_everything()
        alone[lang] = answer(capsys, question, "--lang", lang)
    _forget_everything()
    assert {lang: answer(capsys, question, "--lang", lang) for lang in order} == alone
    assert alone["pt_PT"] == alone["pt-PT"] != alone["pt-BR"]
    assert alone["en-GB"] == alone["en"] != alone["pt-BR"] == alone["pt"]


# Training runs that differ in one thing a run's memory reads (the batch and sequence, checkpointing, the optimizer,
# the software, a LoRA's rank, an RL run's completions, a teacher, FP8): each kept memory is its own run's.
TRAININGS = [
    "full fine-tune llama 3.1 8b",
    "full fine-tune llama 3.1 8b sem gradient checkpointing",
    "full fine-tune llama 3.1 8b adamw 8-bit sem gradient checkpointing",
    "full fine-tune llama 3.1 8b com unsloth",
    "fine-tuning completo do llama 3.1 8b em fp8 1B tokens",
    "lora llama 3.1 8b seq 4096 batch 8",
    "lora llama 3.1 8b seq 8192 batch 8",
    "lora rank 64 mistral 7b batch 4",
    "lora rank 16 mistral 7b batch 4",
    "grpo qwen2.5 7b 8 gerações por prompt",
    "grpo qwen2.5 7b 16 gerações por prompt",
    "ppo qwen2.5 7b",
    "dpo llama 3.1 8b",
    "destilar o llama 3.3 70b no llama 3.1 8b",
    "qlora llama 3.3 70b 32k de contexto",
]


@pytest.mark.parametrize("order", [TRAININGS, TRAININGS[::-1], TRAININGS[7:] + TRAININGS[:7]])
def test_a_training_is_answered_as_in_a_new_process_whatever_was_trained_before(capsys, order):
    alone = _answered_alone_as_in_turn(capsys, TRAININGS, order)
    # the runs differ where their memories do
    assert alone[TRAININGS[0]]["memory"] != alone[TRAININGS[1]]["memory"] != alone[TRAININGS[2]]["memory"]
    assert alone[TRAININGS[9]]["memory"] != alone[TRAININGS[10]]["memory"]


def test_the_same_training_sized_again_works_out_no_memory_again(monkeypatch):
    # A training's sizing weighs the same run many times (the fused-loss stack for the lead and again among the
    # alternatives, each setup's GPU count): each memory is worked out once, and found again by a later question.
    workload = parse("full fine-tune llama 3.1 8b 1B tokens").workload
    catalog = load_catalog()
    _forget_everything()
    worked_out = []
    memory = setups._training_memory
    monkeypatch.setattr(setups, "_training_memory", lambda *a: worked_out.append(a[2:]) or memory(*a))
    first = json_data(engine.size(workload, catalog))
    assert worked_out
    worked_out.clear()
    engine.clear_cache()  # the answer itself is sized again, not read from the answer cache
    assert json_data(engine.size(workload, catalog)) == first
    assert worked_out == []


# How a model splits on a setup, and what keeps the engine from running it there, is kept by model, precision,
# GPU and shape: each question here differs from another in one of them, and in what the split says.
SPLITS = [
    "qwen2.5 3b fp8 numa t4",  # no kernel for FP8 on a T4 (compute capability 7.5): the precision is refused
    "qwen2.5 3b numa t4",  # the same model and GPU in 16 bits: it runs
    "qwen2.5 3b fp8 numa l4",  # FP8 on an L4 (8.9): it runs
    "deepseek v3.2 numa 16 a100",  # its sparse-attention kernels need Hopper: refused on Ampere
    "deepseek v3 numa 16 a100",  # the same shape, another model: it runs
]


@pytest.mark.parametrize("order", [SPLITS, SPLITS[::-1], SPLITS[1::2] + SPLITS[::2]])
def test_a_split_kept_for_one_model_precision_and_gpu_is_not_another_s(capsys, order):
    alone = _answered_alone_as_in_turn(capsys, SPLITS, order)
    problems = [alone[question]["requested"]["problem"] for question in SPLITS]
    assert problems == ["precision", None, None, "kernels", None]


# Loads nothing we rent serves at their precision: the answer says, in its estimate and among its alternatives,
# the first precision down that does (or that none does), each its own model's and load's.
BEYOND = [
    "qwen3 8b 300 req/s",  # FP8 serves it on 24 H200s
    "llama 3.1 8b 320 req/s",  # FP8 too, on other copies
    "llama 3.3 70b 60 req/s",  # FP8, copies of 2 GPUs each
    "llama 3.3 70b 120 req/s",  # neither FP8 nor 4 bits
    "qwen3 8b fp8 600 req/s",  # asked in FP8: 4 bits does not either
]


@pytest.mark.parametrize("order", [BEYOND, BEYOND[::-1], BEYOND[2:] + BEYOND[:2]])
def test_the_precision_down_that_serves_a_load_is_the_question_s_own_whatever_was_asked_before(capsys, order):
    alone = _answered_alone_as_in_turn(capsys, BEYOND, order)
    lower = [
        [alt["setup"]["count"] for alt in alone[q]["alternatives"] if alt["kind"] == "lower_precision"]
        for q in BEYOND
    ]
    assert lower[0] == [24] and lower[1] and lower[2] and lower[3] == [] and lower[4] == []
    assert lower[1] != lower[0] or alone[BEYOND[1]]["alternatives"] != alone[BEYOND[0]]["alternatives"]


def test_a_load_nothing_serves_is_searched_one_precision_down_once_and_said_twice(capsys, monkeypatch):
    # The estimate ("Em FP8 (8-bit), 24× H200 ... atende esta carga") and the alternative both say the setup one
    # precision down: one search within the sizing (each failed step down walks the whole offering), where the
    # answer had searched it twice.
    from sizing import advice

    searched = []
    search = advice._serving_lower_precision
    monkeypatch.setattr(advice, "_serving_lower_precision", lambda *a: searched.append(a) or search(*a))
    _forget_everything()
    text = answer(capsys, "qwen3 8b 300 req/s")
    assert len(searched) == 1
    said = "Em FP8 (8-bit): 24× H200 SXM 141 GB"
    assert (
        said in text
        and "Em FP8 (8-bit), 24× H200 SXM 141 GB (24 cópias do modelo, 1 GPU cada) atende" in text
    )


def test_what_sizings_keep_for_the_next_stays_within_its_bounds_and_changes_no_answer(monkeypatch):
    # The caches kept across questions start over when full: with bounds a few questions fill, every one stays
    # within its bound, nothing of a sizing's own memo outlives it, and each answer is still the one it gets in a
    # new process.
    from sizing import memo

    caches = [(setups, "_NEEDS", 6), (setups, "_SPLITS", 6), (setups, "_TRAINING", 4), (traffic, "_ONE_COPY", 3),
              (traffic, "_REPLICAS", 6)]  # fmt: skip
    for module, name, bound in caches:
        monkeypatch.setattr(module, f"{name}_SIZE", bound)
    questions = [*fresh_questions(25, seed=31), *TRAININGS[:4], *BEYOND[:2]]
    alone = []
    for text in questions:
        _forget_everything()
        alone.append(_sized(text))
    _forget_everything()
    most = dict.fromkeys((name for _, name, _ in caches), 0)
    for text, expected in zip(questions, alone, strict=True):
        assert _sized(text) == expected, text
        assert memo.current() is None
        for module, name, bound in caches:
            kept = len(getattr(module, name))
            assert kept <= bound, (name, text)
            most[name] = max(most[name], kept)
    # each was filled to its bound at some point, so each started over at least once
    assert most == {name: bound for _, name, bound in caches}


# Every kind of cache a model keeps (sliding windows, MLA's latent, linear-attention and Mamba states,
# DeepSeek-V4's compressed entries), on splits and cache precisions that differ in one thing each.
KV_SPLITS = [(2, 1, 1), (1, 1, 1), (2, 2, 1), (2, 1, 2), (0.5, 8, 1), (1.0625, 4, 3)]


def _one_of_each_cache(catalog) -> list:
    kinds = [
        lambda m: not (m.window or m.mla or m.linear_attention or m.mamba or m.compressed),
        lambda m: m.window,
        lambda m: m.mla,
        lambda m: m.linear_attention,
        lambda m: m.mamba,
        lambda m: m.compressed,
        lambda m: m.layer_blocks,
    ]
    return [next(m for m in catalog.models if kind(m)) for kind in kinds]


def _kv_figures(model, kv_bytes: float, tp: int, pp: int) -> tuple:
    return (
        kv_cache.sequence_bytes(model, 8192, kv_bytes, tp, pp),
        kv_cache.sequence_bytes(model, 100_000, kv_bytes, tp, pp),
        kv_cache.shared_prefix_bytes(model, 3000, 8192, kv_bytes, tp, pp),
        kv_cache.max_tokens(model, 2e9, 3, kv_bytes, tp, pp),
    )


@pytest.mark.parametrize("order", [KV_SPLITS, KV_SPLITS[::-1], KV_SPLITS[3:] + KV_SPLITS[:3]])
def test_a_model_s_kv_cache_on_one_split_is_its_own_whatever_split_was_asked_before(order):
    models = _one_of_each_cache(load_catalog())
    alone = {}
    for model in models:
        for split in KV_SPLITS:
            _forget_what_models_keep()
            alone[model.id, split] = _kv_figures(model, *split)
    _forget_what_models_keep()
    in_turn = {(model.id, split): _kv_figures(model, *split) for split in order for model in models}
    assert in_turn == alone
    assert len({figures for figures in alone.values()}) > len(models) * 4  # the splits do differ


def test_images_held_in_cross_attention_count_on_a_model_whose_cache_figures_were_kept():
    # A question with images sets their tokens on a copy of the model (sizing/plan.py), which shares what the
    # model derived from its shape: the images' keys are that copy's, not kept with the model's figures.
    vision = next(m for m in load_catalog().models if m.cross_layers)
    _forget_everything()
    alone = kv_cache.sequence_bytes(plan._changed(vision, cross_attention_tokens=6404), 8192, 2, 2)
    _forget_everything()
    plain = kv_cache.sequence_bytes(vision, 8192, 2, 2)  # the model's figures, kept
    with_images = plan._changed(vision, cross_attention_tokens=6404)
    assert kv_cache.sequence_bytes(with_images, 8192, 2, 2) == alone > plain
    assert kv_cache.sequence_bytes(vision, 8192, 2, 2) == plain


CHUNKS = [(2048, 1), (8192, 1), (2048, 4), (512, 2), (8192, 8)]


@pytest.mark.parametrize("order", [CHUNKS, CHUNKS[::-1]])
def test_a_model_s_activations_on_one_chunk_and_split_are_their_own_whatever_was_asked_before(order):
    # Up to some count of conversations the forward pass sets a copy's activation peak, and that count is kept
    # on the model for each prefill chunk and split: a setup's memory at any count is the same in any order.
    catalog = load_catalog()
    models = _one_of_each_cache(catalog)[:4]

    def activations(model, chunk: int, tp: int) -> list[int]:
        plan_ = plan.make_plan(Workload(model=model.id, prefill_chunk=chunk), catalog)
        return [setups.inference_memory(plan_, catalog, tp=tp, users=u).total for u in (1, 30, 60, 90, 200)]

    alone = {}
    for model in models:
        for chunk, tp in CHUNKS:
            _forget_everything()
            alone[model.id, chunk, tp] = activations(model, chunk, tp)
    _forget_everything()
    assert {(m.id, chunk, tp): activations(m, chunk, tp) for chunk, tp in order for m in models} == alone


FILE_TYPES = ["q4_k_m", "q2_k", "iq3_m", "q3_k_m", "iq2_xxs", "q8_0", "iq3_xs", "q4_k_s"]


@pytest.mark.parametrize("order", [FILE_TYPES, FILE_TYPES[::-1]])
def test_a_model_s_gguf_files_weigh_the_same_whatever_file_was_weighed_before(order):
    # llama.cpp counts some tensors as it goes (the attn_v and ffn_down met so far): a model's tensors, kept
    # for the next file type, start each walk from the first.
    catalog = load_catalog()
    models = [
        max(catalog.models, key=lambda m: m.num_layers if not m.moe else 0),
        next(m for m in catalog.models if m.moe and m.moe.shared_experts),
        next(m for m in catalog.models if m.layer_blocks),
    ]
    types = {p.id: (p.gguf, GGUF_BASE_TYPES[p.gguf]) for p in catalog.precisions if p.gguf}

    def weighed(model, precision_id):
        ftype, base = types[precision_id]
        return gguf.weight_bytes(model, ftype, base, catalog.ggml_types)

    alone = {}
    for model in models:
        for precision_id in FILE_TYPES:
            _forget_what_models_keep()
            alone[model.id, precision_id] = weighed(model, precision_id)
    _forget_what_models_keep()
    assert {(m.id, p): weighed(m, p) for p in order for m in models} == alone
    assert len({sizes[0] for sizes in alone.values()}) > len(models) * 4


SETTINGS = [
    "llama 3.1 8b 20 usuários --gpu-memory-utilization 0.8",
    "llama 3.1 70b 10 usuários sem h200",
    "llama 3.1 8b 20 usuários --gpu-memory-utilization 0.85",
    "full fine-tune llama 3.1 8b 1B tokens mfu 45%",
    "treino em fp8 full fine-tune llama 3.1 8b 1B tokens",
    "llama 3.1 70b 10 usuários",
]


@pytest.mark.parametrize("order", [SETTINGS, SETTINGS[::-1]])
def test_a_setting_of_the_offering_a_question_gives_is_its_own_whatever_was_asked_before(capsys, order):
    # Each setting is the offering of a catalogue derived once for it (sizing/engine.py), kept for the next.
    _answered_alone_as_in_turn(capsys, SETTINGS, order)


def test_a_catalogue_derived_for_a_setting_still_refuses_an_offer_of_a_gpu_it_does_not_define():
    catalog = load_catalog()
    offers = [msgspec.structs.replace(catalog.offering.offer[0], gpu="no-such-gpu")]
    with pytest.raises(ValueError, match="no-such-gpu"):
        with_offering(catalog, msgspec.structs.replace(catalog.offering, offer=offers))
    kept = with_offering(catalog, msgspec.structs.replace(catalog.offering, offer=catalog.offering.offer[1:]))
    assert kept.offering.offer == catalog.offering.offer[1:] and kept.models is catalog.models


@pytest.mark.parametrize("text", ["llama 3.1 8b numa gpu de 48gb", "qwen 7b em placa de 80gb"])
def test_a_bare_memory_names_the_gpu_of_the_catalogue_asked_whatever_catalogue_was_asked_before(text):
    # The GPU each memory names is kept per catalogue (sizing/query.py _memory_classes): a catalogue derived
    # for a setting that rents another GPU of that memory gets its own, before, after and between ours.
    catalog = load_catalog()
    ours = parse(text, catalog).workload.gpu
    fewer = with_offering(
        catalog,
        msgspec.structs.replace(catalog.offering, offer=[o for o in catalog.offering.offer if o.gpu != ours]),
    )
    query._MEMORY_CLASSES.clear()
    theirs = parse(text, fewer).workload.gpu
    assert theirs != ours
    assert [parse(text, c).workload.gpu for c in (catalog, fewer, catalog, fewer)] == [
        ours,
        theirs,
        ours,
        theirs,
    ]
