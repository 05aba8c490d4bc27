"""The setup search's shortcuts give exactly what the long way gives: the context a setup holds (estimated,
then found around the estimate), setups and memory sums shared within one sizing, activations in closed
form."""

import contextlib
import math
import random

import pytest

from bench.web import fresh_questions
from sizing import engine, kv_cache, setups, traffic, training, training_layout
from sizing.catalog import load_catalog
from sizing.errors import SizingError
from sizing.plan import make_plan
from sizing.query import parse
from sizing.result import json_data
from sizing.workload import Workload


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
    shared = [json_data(engine._size(w, catalog)) for w in workloads if _sizes(w, catalog)]
    # Without the memo every setup and memory sum is computed where it is asked for, as before.
    monkeypatch.setattr(engine, "one_sizing", contextlib.nullcontext)
    alone = [json_data(engine._size(w, catalog)) for w in workloads if _sizes(w, catalog)]
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


def searched_max_users(plan, catalog, room, tp, pp, cap):
    """The users a setup holds the long way: bisection over the whole memory breakdown, from 1 to cap."""
    if setups.inference_memory(plan, catalog, tp, pp, users=1).total > room:
        return 0
    lo, hi = 1, cap
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if setups.inference_memory(plan, catalog, tp, pp, users=mid).total <= room:
            lo = mid
        else:
            hi = mid - 1
    return lo


def test_the_users_a_setup_holds_are_exactly_the_bisections():
    """max_users starts from where the two lines of the need (the forward pass's peak, or the sampler's
    workspace) cross the room, then settles the edge exactly: the same as bisecting over the breakdown."""
    catalog = load_catalog()
    rng = random.Random(14)
    checked = 0
    for model in catalog.models:
        for _ in range(12):
            workload = Workload(model=model.id, precision=rng.choice([None, "fp8", "int4", "q4_k_m"]),
                                kv_precision=rng.choice([None, "fp8"]), context=rng.choice([1024, 8192, 32768]))  # fmt: skip
            try:
                plan = make_plan(workload, catalog)
            except SizingError:
                continue
            tp, pp = rng.choice([(1, 1), (2, 1), (4, 1), (8, 1), (8, 2)])
            room = rng.choice([24, 48, 80, 141, 192]) * 10**9 * rng.choice([0.5, 0.9, 1.0, 3.0])
            cap = rng.choice([10**7, rng.randint(1, 600)])
            args = (plan, catalog, int(room), tp, pp, cap)
            assert setups.max_users(*args) == searched_max_users(*args), (model.id, args[2:])
            checked += 1
    assert checked > 400


def test_the_search_around_an_estimate_finds_the_edge_from_any_guess():
    rng = random.Random(3)
    for _ in range(3000):
        top = rng.choice([1, 2, 7, 100, 10**7])
        edge = rng.randint(1, 2 * top)  # fits(n) for n <= edge
        guess = rng.choice([1, top, rng.randint(-5, 2 * top + 5), edge, edge + 1, edge - 1])
        assert setups._last_true(lambda n, e=edge: n <= e, guess, top) == min(edge, top), (top, edge, guess)


def test_the_load_search_stops_early_and_finds_the_best_of_every_shape():
    """traffic.recommend stops at the first shape one copy of which serves the load, and works out no copies on a
    shape of the best's GPU count that comes after the best by the rest of the order: the same setup as the
    best of every shape the offering rents, by the order it promises (fewest GPUs, then the smallest memory
    class, then the cheapest, then more copies)."""
    catalog = load_catalog()
    checked = 0
    texts = [
        *fresh_questions(150, seed=5),
        "70b 500 req/min",
        "8b fp8 3000 funcionários",
        "qwen3 32b 50 req/s",
        # Copies required for availability: the search goes on past shapes whose one copy would do.
        "llama 3.1 8b 50 usuarios com 8 réplicas",
        "70b 2 req/s N+1",
        "qwen3 32b 10 req/s, alta disponibilidade",
        "llama 70b 4bit 20 usuários em duas zonas",
    ]
    for text in texts:
        try:
            plan = make_plan(parse(text).workload, catalog)
        except SizingError:
            continue
        if not setups.by_load(plan):
            continue
        everything = []
        for order, shape in enumerate(setups.candidates(catalog)):
            found = traffic.copies_needed(plan, shape, catalog)
            if found is None or (
                found[0] > 1 and found[0] * shape.total > traffic._limit(catalog, shape.gpu.id)
            ):
                continue
            price = min(shape.offer.price_per_gpu_hour.values(), default=math.inf)
            rank = (found[0] * shape.total, shape.gpu.memory_marketing_gb, price,
                    catalog.offering.offer.index(shape.offer), -found[0], order)  # fmt: skip
            everything.append((rank, shape, found[0]))
        rec = traffic.recommend(plan, catalog)
        if not everything:
            assert rec is None
            continue
        _, shape, copies = min(everything, key=lambda e: e[0])
        assert (rec.gpu, rec.count, rec.replicas) == (shape.gpu.id, copies * shape.total, copies), text
        checked += 1
    assert checked > 60


def test_the_users_a_setup_holds_are_the_bisections_whatever_was_asked_before():
    """Within a sizing a setup's most users is worked out once per room and capped for each question after:
    any order of caps gives each one the bisection's answer."""
    catalog = load_catalog()
    rng = random.Random(15)
    checked = 0
    with setups.one_sizing():
        for text in [
            "70b 4bit 32k",
            "8b 128k",
            "qwen3 30b-a3b fp8 8k",
            "gemma 3 27b 16k kv fp8",
            "mixtral 8x7b",
        ]:
            plan = make_plan(parse(text).workload, catalog)
            for tp, pp in [(1, 1), (2, 1), (8, 2)]:
                room = int(rng.choice([24, 48, 80, 141]) * 10**9 * 0.9)
                for cap in [rng.randint(1, 400), 10**7, 1, rng.randint(1, 5000), 10**8]:
                    args = (plan, catalog, room, tp, pp, cap)
                    assert setups.max_users(*args) == searched_max_users(*args), (text, args[2:])
                    checked += 1
    assert checked == 75


def test_a_search_for_a_smaller_setup_gives_the_recommendation_or_nothing():
    """choice.recommend(plan, below=b), for callers that keep only a setup smaller than b (the alternatives):
    the full search's setup when it is smaller than b, None when it is not, whatever b is (larger, equal,
    smaller), for memory, load and training searches."""
    from sizing.advice import smaller
    from sizing.choice import recommend

    catalog = load_catalog()
    texts = [
        *fresh_questions(60, seed=9),
        "70b 500 req/min",
        "llama 3.1 8b 50 usuarios com 8 réplicas",
        "llama 70b full fine-tune",
        "qwen3 32b lora",
        "mixtral full zero3",
        "405b int4",
        "8b",
    ]
    seen = {"smaller": 0, "not": 0}
    for text in texts:
        try:
            plan = make_plan(parse(text).workload, catalog)
        except SizingError:
            continue
        full = recommend(plan, catalog)
        if full is None:
            continue
        # Bounds on either side of the recommendation: one GPU more or fewer, another memory class.
        bounds = [
            full,
            *(recommend(plan.but(precision=catalog.precision(p)), catalog) for p in ("bf16", "int4")),
        ]
        bounds += [setups.evaluate(plan, shape, catalog) for shape in setups.candidates(catalog)[::7]]
        for bound in bounds:
            if bound is None:
                continue
            found = recommend(plan, catalog, below=bound)
            if smaller(full, bound):
                assert found is not None and found == full, text
                seen["smaller"] += 1
            else:
                assert found is None, text
                seen["not"] += 1
    assert seen["smaller"] > 20 and seen["not"] > 20


# Training runs whose layouts differ (none said, tensor, pipeline and expert parallelism said, a layout chosen for
# the GPUs named, QLoRA): the search judges every shape of the offering as that shape's setup would.
TRAINING_LAYOUTS = [
    "70b full zero3 8 gpus",
    "mixtral full",
    "llama 3.1 8b full tp=2",
    "full fine-tune llama 3.1 8b pp=2",
    "qwen3 30b-a3b full ep=2",
    "llama 3.3 70b qlora 32k de contexto",
    "treinar deepseek v3 fp8 em 512 h100",
    "full fine-tune llama 3.1 70b on 32 h100 seq 32768",
]


def test_a_training_search_judges_every_shape_as_its_setup_does():
    catalog = load_catalog()
    shapes = setups.candidates(catalog)
    verdicts = set()
    for text in TRAINING_LAYOUTS:
        plan = training_layout.chosen(make_plan(parse(text).workload, catalog), catalog)
        with setups.one_sizing():
            held = [setups.holds(plan, shape, catalog) for shape in shapes]
            fits = [setups.evaluate(plan, shape, catalog, capacity=False).fits for shape in shapes]
        assert held == fits, text
        assert held == [setups.holds(plan, shape, catalog) for shape in shapes], text  # outside a sizing too
        verdicts.update(held)
    assert verdicts == {True, False}


def test_a_training_search_weighs_each_gpu_count_once_whatever_gpu(monkeypatch):
    # A run's memory per GPU reads the GPU count and GPUs per server, never the GPU kind: a walk over the
    # offering works it out once per count and split, however many kinds the offering rents of that count.
    catalog = load_catalog()
    plan = make_plan(parse("full fine-tune llama 3.1 8b pp=2").workload, catalog)
    asked = []
    memory = setups.training_memory
    monkeypatch.setattr(setups, "training_memory", lambda *a, **k: asked.append(k["gpus"]) or memory(*a, **k))
    shapes = setups.candidates(catalog)
    with setups.one_sizing():
        for _ in range(3):  # a sizing walks the offering several times
            held = [setups.holds(plan, shape, catalog) for shape in shapes]
    split = {(shape.total, shape.count) for shape in shapes if shape.total % 2 == 0}
    assert any(held) and len(shapes) > len(split)
    assert sorted(asked) == sorted(total for total, _ in split)
