"""The setup search's shortcuts give exactly what the long way gives: the context a setup holds (estimated,
then found around the estimate), setups and memory sums shared within one sizing, activations in closed
form."""

import contextlib
import random

import pytest

from bench.web import fresh_questions
from sizing import engine, kv_cache, setups, training
from sizing.catalog import load_catalog
from sizing.errors import SizingError
from sizing.plan import make_plan
from sizing.query import parse


def test_one_sizing_computes_each_setup_once_and_answers_the_same():
    catalog = load_catalog()
    plan = make_plan(parse("70b 4bit 32k 10users").workload, catalog)
    shape = setups.candidates(catalog)[5]
    with setups.one_sizing():
        first = setups.evaluate(plan, shape, catalog, capacity=False)
        assert setups.evaluate(plan, shape, catalog) is first  # shared, and its capacity filled in
        assert first.max_users is not None
    outside = setups.evaluate(plan, shape, catalog)
    assert outside is not first and outside == first


@pytest.mark.parametrize(
    "text", ["70b full zero3 8 gpus", "mixtral full", "deepseek v3 lora", "llama 4 maverick qlora"]
)
@pytest.mark.parametrize("checkpointing", [True, False])
def test_activations_in_closed_form_equal_the_sum_over_layers(text, checkpointing, monkeypatch):
    model = make_plan(parse(text).workload, load_catalog()).model
    closed = training.activations(model, 4096, 2, checkpointing)
    # The long way: every layer on its own (one "kind" per layer), summed and compared one by one.
    monkeypatch.setattr(training, "_layer_kinds", lambda a: [(1, i) for i in range(a.num_layers)])
    assert closed == training.activations(model, 4096, 2, checkpointing)


def test_a_fresh_question_is_sized_the_same_with_and_without_the_shared_search(monkeypatch):
    catalog = load_catalog()
    workloads = []
    for text in [*fresh_questions(60, seed=11), "70b full zero3 8 gpus", "8b pretrain 1T tokens em 30 dias"]:
        try:
            workloads.append(parse(text).workload)
        except SizingError:
            continue
    shared = [engine._size(w, catalog).model_dump() for w in workloads if _sizes(w, catalog)]
    # Without the memo every setup and memory sum is computed where it is asked for, as before.
    monkeypatch.setattr(engine, "one_sizing", contextlib.nullcontext)
    alone = [engine._size(w, catalog).model_dump() for w in workloads if _sizes(w, catalog)]
    assert len(shared) > 30 and shared == alone


def _sizes(workload, catalog) -> bool:
    try:
        engine._size(workload, catalog)
    except SizingError:
        return False
    return True


def bisected_max_tokens(a, budget, conversations, kv_bytes, tp=1, pp=1):
    """The context search as it was: bisection over the cache's size."""
    if conversations < 1 or budget <= 0:
        return 0
    lo, hi = 0, a.max_context
    if conversations * kv_cache.sequence_bytes(a, hi, kv_bytes, tp, pp) <= budget:
        return hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if conversations * kv_cache.sequence_bytes(a, mid, kv_bytes, tp, pp) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo


def test_the_context_a_setup_holds_is_exactly_the_bisections():
    catalog = load_catalog()
    rng = random.Random(5)
    checked = 0
    for model in catalog.models:  # windowed (Gemma, gpt-oss, Llama 4), MLA (DeepSeek), plain GQA
        for _ in range(25):
            args = (model, rng.choice([1e6, 3e8, 7.5e9, 4e10, rng.random() * 1e11]), rng.choice([1, 3, 10, 64]),
                    rng.choice([1, 2]), rng.choice([1, 2, 4, 8]), rng.choice([1, 1, 2, 3]))  # fmt: skip
            assert kv_cache.max_tokens(*args) == bisected_max_tokens(*args), (model.id, args[1:])
            checked += 1
    assert checked > 500
