"""From load to setup: how many copies of the model, on how many GPUs each, serve a workload, and how fast
each setup an answer shows serves it.

A setup is `replicas` data-parallel copies of the model, each on tp x pp GPUs of one kind. Copies share
nothing, so they add throughput without the tensor-parallel all-reduces; a larger tensor-parallel copy
is only worth it when one copy of the smallest size misses the latency targets, or does not hold the
conversations in flight.

With a request rate, the conversations in flight follow from Little's law (in flight = rate x time each
request holds a slot; sizing/performance.py); a plan fills at most `plan_utilization` of the rate a copy
sustains within the latency targets (traffic.toml). Without one, the conversations given are the load.
"""

from __future__ import annotations

import math

import msgspec

from . import images
from . import performance as perf
from . import serving as serving_memory
from .catalog import GPU, Catalog, is_budget
from .memo import current, shared
from .plan import Plan, contract_mode
from .result import Performance, Setup
from .setups import (
    Shape,
    add_capacity,
    candidates,
    evaluate,
    holds,
    memory_key,
    need,
    shape_for,
    smaller_than,
    split,
    usable,
)

# vLLM's defaults for max_num_seqs (vllm/engine/arg_utils.py get_batch_defaults, OpenAI server): 1,024 on
# GPUs of 70 GiB or more but the A100 (vllm-project/vllm PR #17885; gpustack's gpt-oss-20b burst on an A100
# 80GB, vLLM 0.11.0, decodes ~224 at a time), 256 below. A saturated copy runs that many sequences, or what its
# KV cache holds.
BIG_GPU_BYTES = 70 * 2**30


def _limit(catalog: Catalog, gpu_id: str) -> int:
    """The most GPUs of one kind a customer can rent for one service."""
    return _offers(catalog)[0].get(gpu_id, 0)


_OFFERS: dict[int, tuple[Catalog, dict[str, int], dict[int, int], list[tuple]]] = {}


def _offers(catalog: Catalog) -> tuple[dict[str, int], dict[int, tuple[float, int]]]:
    """Per catalogue, worked out once (searches ask for them at every shape): the most GPUs of each kind a
    customer can rent for one service (its first offer's), and each offer's lowest price per GPU-hour and
    place in the offering, by the offer's id (id(None): a shape off the offering, priced at infinity and
    placed last)."""
    cached = _kept_offers(catalog)
    return cached[1], cached[2]


def _search_order(catalog: Catalog) -> list[tuple[Shape, int, str, float, float, int]]:
    """The shapes recommend() walks (candidates), each with what its choice rule reads of it: its GPUs in
    all, its GPU's id and memory class, its offer's price and place. Worked out once per catalogue: the rule
    is read at every shape of every search, a dozen shapes a search and a few searches a question."""
    return _kept_offers(catalog)[3]


def _kept_offers(
    catalog: Catalog,
) -> tuple[Catalog, dict[str, int], dict[int, tuple[float, int]], list[tuple]]:
    cached = _OFFERS.get(id(catalog))
    if cached is None or cached[0] is not catalog:
        if len(_OFFERS) > 16:
            _OFFERS.clear()
        offers = catalog.offering.offer
        limits: dict[str, int] = {}
        for o in offers:
            limits.setdefault(o.gpu, max(o.counts) * o.max_servers)
        places = {
            id(o): (min(o.price_per_gpu_hour.values(), default=math.inf), offers.index(o)) for o in offers
        }
        places[id(None)] = (math.inf, len(offers))
        rows = [
            (shape, shape.total, shape.gpu.id, shape.gpu.memory_marketing_gb, *places[id(shape.offer)])
            for shape in candidates(catalog)
        ]
        cached = _OFFERS[id(catalog)] = (catalog, limits, places, rows)
    return cached


def targets(plan: Plan, catalog: Catalog) -> tuple[float, float]:
    """The latency a setup is held to: the question's, or the chat defaults of traffic.toml (its long-context
    ones for a long prompt)."""
    latency = catalog.traffic.chat_latency(plan.prompt)
    ttft = plan.ttft_target if plan.ttft_target is not None else latency.ttft_s
    tpot = plan.tpot_target if plan.tpot_target is not None else 1 / latency.tokens_per_s
    return ttft, tpot


def within_targets(plan: Plan, catalog: Catalog, ttft_s: float, tpot_s: float) -> bool:
    """Whether a first token and a speed meet the plan's latency: each target, and a whole answer's time when
    one was asked for ("2 s end to end")."""
    ttft_target, tpot_target = targets(plan, catalog)
    if ttft_s > ttft_target or tpot_s > tpot_target:
        return False
    return plan.e2e_target is None or perf.end_to_end(ttft_s, tpot_s, plan.output) <= plan.e2e_target


# Copies of a model as vLLM would run them, by everything perf.replica reads: shared by every sizing (a fresh
# question serves the models on the GPUs of earlier ones), with what each copy worked out for the prompt shapes,
# rates and latency targets asked of it (performance.py's per-copy caches). Bounded: it starts over when full.
# No lock: a race builds a copy twice.
_REPLICAS: dict[tuple, tuple[tuple, perf.Replica]] = {}
_REPLICAS_SIZE = 2048


def replica(plan: Plan, gpu: GPU, tp: int, pp: int, catalog: Catalog, users: int = 1) -> perf.Replica:
    """One copy of the model as our vLLM would run it: max_num_seqs sized for `users` (the sampler's
    workspace follows), never below vLLM's own default, so a saturated copy fills its KV cache."""
    serving = catalog.offering.serving
    default_seqs = 1024 if gpu.memory_bytes >= BIG_GPU_BYTES and "a100" not in gpu.id else 256
    share = serving.memory_utilization
    engine = plan.engine
    if engine != "vllm":
        # llama-server runs -np slots (TabbyAPI its cache's), no more, in the memory it leaves (setups.usable).
        default_seqs = 1
        share = usable(plan, gpu, catalog) / gpu.memory_bytes
    reserved, image_flops = _image_costs(plan, tp, catalog, max(users, 1))
    model, precision = plan.model, plan.precision
    # The conversations play their part through the engine's max_num_seqs and the activations profiled for
    # them (perf.replica): keyed by those, one copy serves every count below the one where the sampler's
    # workspace outgrows the forward pass (51 conversations of Llama 3.1 8B, 100 of 70B, at 2,048-token
    # chunks: sizing/serving.py activation_peak), and what it has worked out (the rates it sustains) is found
    # again by the next question, whatever its users.
    seqs = max(default_seqs, users)
    # The activation peak profiled for them, by what sets it: the forward pass up to an edge (0 here, one copy
    # for all those counts), the sampler's workspace past it, which grows with every conversation.
    profiled = max(users, 1)
    peak = profiled if profiled > serving_memory.forward_edge(model, plan.prefill_chunk, tp) else 0
    key = (id(model), id(precision), plan.kv.bytes_per_value, id(gpu), tp, pp, seqs, peak, id(catalog), engine,
           reserved, image_flops, plan.prefill_chunk, plan.shared_prefix)  # fmt: skip
    sizing = current() is not None  # outside a sizing nothing is kept
    found = _REPLICAS.get(key) if sizing else None
    if found is not None:
        was = found[0]
        if was[0] is model and was[1] is precision and was[2] is gpu and was[3] is catalog:
            return found[1]
    r = perf.replica(
        model,
        precision,
        gpu,
        catalog,
        tp=tp,
        pp=pp,
        kv_bytes_per_value=plan.kv.bytes_per_value,
        max_seqs=seqs,
        chunk_tokens=plan.prefill_chunk,
        memory_utilization=share,
        profiled_seqs=max(users, 1),
        reserved_bytes=reserved,
        image_flops=image_flops,
        shared_prefix=plan.shared_prefix,
    )
    if sizing:
        if len(_REPLICAS) >= _REPLICAS_SIZE:
            _REPLICAS.clear()
        # The objects named by id are kept alive with the copy, so no id is reused while it is kept.
        _REPLICAS[key] = ((model, precision, gpu, catalog), r)
    return r


def _image_costs(plan: Plan, tp: int, catalog: Catalog, seqs: int) -> tuple[int, float]:
    """What images add to one copy of the model: the bytes vLLM reserves per GPU for encoding them beyond the
    language model's own activations (sizing/images.py), and the encoder's FLOPs over the images each
    request brings (none when they sit in the conversation's cached history)."""
    img = plan.images
    if img is None or img.rule is None or img.each is None:
        return 0, 0.0
    a = plan.model
    chunk = plan.prefill_chunk
    reserve = images.reserve(img.rule, a, chunk, tp)
    text = serving_memory.activation_peak(a, chunk, seqs, tp)
    reserved = max(text + reserve.cache, reserve.peak) - text
    flops = 2.0 * a.extra_params * img.count * img.each.encoder if plan.image_prefill else 0.0
    return reserved, flops


def _replica_of(plan: Plan, setup: Setup, catalog: Catalog, users: int) -> perf.Replica:
    return replica(
        plan, catalog.gpu(setup.gpu), setup.tensor_parallel, setup.pipeline_parallel, catalog, users
    )


def launched(
    plan: Plan, gpu: GPU, tp: int, pp: int, catalog: Catalog, copies: int, per_copy: int
) -> tuple[perf.Replica, int]:
    """Under a rate, one of `copies` copies as it is launched for its share of the rate: its engine admits
    the conversations that share keeps in flight (Little's law, found on a copy admitting all `per_copy` its
    KV cache holds), and that many. The planner's count of copies (copies_for_load) and every setup's figures
    (performance: "Sustenta até", the share of it the peak uses) weigh this one copy: they had weighed two,
    one admitting every conversation its memory holds and one vLLM's default, so a batch planned at 70% of
    what a copy sustains was then said to use 72% of it."""
    widest = replica(plan, gpu, tp, pp, catalog, per_copy)
    assert plan.rate is not None
    load = in_flight(plan, widest, copies)
    users = _launched_users(load, per_copy)
    return replica(plan, gpu, tp, pp, catalog, users), users


def in_flight(plan: Plan, r: perf.Replica, copies: int, burst: float = 1.0) -> perf.Load:
    """One of `copies` copies under its share of the plan's rate (`burst` times the head-count's part of it:
    the rate a plan may use of a copy), with its share of the users at once held open beside the rate."""
    assert plan.rate is not None
    held_rate = plan.held_rate / copies
    rate = held_rate + (plan.rate / copies - held_rate) * burst
    return perf.at_rate(r, plan.prompt, plan.output, rate, history=plan.history,
                        held=plan.held_users / copies, held_rate=held_rate)  # fmt: skip


def sustains(plan: Plan, r: perf.Replica, catalog: Catalog) -> float:
    """The most requests a second one copy serves within the plan's latency targets (perf.max_rate), once per
    copy within a sizing: the planner and every setup's figures ask it of the same copies."""
    return _sustains(r, *_rate_terms(plan, catalog))


def _rate_terms(plan: Plan, catalog: Catalog) -> tuple:
    """What perf.max_rate reads of a plan: its prompt, answer and history, and its latency targets."""
    ttft_target, tpot_target = targets(plan, catalog)
    return plan.prompt, plan.output, plan.history, ttft_target, tpot_target, plan.e2e_target


def _sustains(
    r: perf.Replica, prompt: int, output: int, history: int, ttft: float, tpot: float, e2e: float | None
) -> float:
    return shared(
        ("max_rate", id(r), prompt, output, history, ttft, tpot, e2e),
        lambda: perf.max_rate(r, prompt, output, ttft, tpot, history=history, e2e_target=e2e),
        keep=r,
    )


def _launched_users(load: perf.Load, per_copy: int) -> int:
    return min(max(math.ceil(load.concurrency - 1e-6), 1), per_copy)


def performance(plan: Plan, setup: Setup, catalog: Catalog) -> Performance | None:
    """How fast `setup` serves the plan's load: its rate, or its conversations in flight. None for a memory
    budget of the customer's own machine: no figure says how fast that card is."""
    if setup.problem is not None or is_budget(setup.gpu):
        return None
    fixed = setup.per_gpu.total - setup.per_gpu.kv_cache
    if fixed >= setup.usable_bytes_per_gpu:
        return None  # not even the weights fit: it serves nothing
    copies = setup.replicas
    users = max(math.ceil(plan.users / copies), 1)
    gpu, tp, pp = catalog.gpu(setup.gpu), setup.tensor_parallel, setup.pipeline_parallel
    if plan.rate is not None:
        held = max(need(plan, catalog, tp, pp).max_users(usable(plan, gpu, catalog)), 1)
        r, _ = launched(plan, gpu, tp, pp, catalog, copies, held)
    else:
        r = replica(plan, gpu, tp, pp, catalog, users)
    p, o, h = plan.prompt, plan.output, plan.history
    share = 1.0  # of the copies' conversations that exist: 50 users on 8 copies are 7 on six, 6 on two
    if plan.rate is not None:
        load = in_flight(plan, r, copies)
    else:
        # A setup that holds no conversation of the asked length carries the load only as its capacity line
        # says, every user at a shorter context ("5 users at up to 7,994 tokens"): that load's speed is said,
        # not one conversation's that does not fit.
        shortened = setup.max_users == 0 and (setup.max_context_tokens or 0) > p + o
        if shortened:
            h = min(h, setup.max_context_tokens - p - o)
        # A setup too small for every conversation serves those whose KV cache it holds.
        users = min(users, max(r.kv_limit(h + p + o), 1))
        if not shortened and not setup.fits and setup.max_users is not None:
            # and no more than the memory sizing says it holds, so the verdict's two figures agree
            users = min(users, max(setup.max_users // copies, 1))
        load = perf.at_concurrency(r, p, o, users, history=h)
        share = min(1.0, plan.users / (users * copies))
    sized = plan.traffic or plan.targets_given
    meets = None
    if sized:
        meets = load.sustainable and within_targets(plan, catalog, load.ttft_s, load.tpot_s)
    full = perf.saturated(r, p, o, history=h) if not load.sustainable else None
    out = Performance(
        replicas=copies,
        gpus_per_replica=setup.count // copies,
        concurrency=load.concurrency * copies * share,
        tokens_per_s_per_user=1 / load.tpot_s if math.isfinite(load.tpot_s) else 0.0,
        output_tokens_per_s=load.output_tokens_per_s * copies * share
        if full is None
        else full.output_tokens_per_s * copies,
        ttft_s=load.ttft_s,
        tpot_ms=load.tpot_s * 1000,
        max_output_tokens_per_s=full.output_tokens_per_s * copies if full is not None else 0.0,
        max_requests_per_s=0.0,
        requests_per_s=plan.rate,
        planned_utilization=catalog.traffic.capacity.plan_utilization if plan.rate is not None else None,
        meets_targets=meets,
    )
    # What the setup sustains at most (a bisection over rates), saturated and on a whole new prompt: the
    # first Slack message reads them of the recommendation, and of an alternative only under a rate; --json
    # and the detail button read them of every setup. Each is worked out on its first reading, from the
    # replica and load worked out here.
    unread = ("max_requests_per_s", "utilization") if plan.rate is not None else ("max_requests_per_s",)
    unread += ("max_output_tokens_per_s",) if full is None else ()
    unread += ("cold_ttft_s",) if h else ()
    # Kept until read: the copy and numbers, not the plan (an alternative's plan would outlive its sizing).
    out.defer(unread, (_figure, r, copies, h, plan.rate, *_rate_terms(plan, catalog)))
    return out


def _figure(
    p: Performance, name: str, r: perf.Replica, copies: int, h: int, rate: float | None, *terms
) -> tuple:
    """A deferred figure of `p` (performance, above), with any worked out with it. `h`: the history its load
    was worked out at; `terms`: what the plan's rate search reads (_rate_terms)."""
    prompt, output = terms[0], terms[1]
    if name == "max_output_tokens_per_s":
        return ((name, perf.saturated(r, prompt, output, history=h).output_tokens_per_s * copies),)
    if name == "cold_ttft_s":
        return ((name, perf.at_concurrency(r, h + prompt, output, 1e-3).ttft_s),)
    most = _sustains(r, *terms) * copies
    if rate is None:
        return (("max_requests_per_s", most),)
    return (("max_requests_per_s", most), ("utilization", rate / most if most > 0 else None))


def within_plan(p: Performance | None, plan_share: bool = True) -> bool:
    """Whether a setup serves its load: within the latency targets and, with `plan_share` under a rate, at no
    more than the share of what it sustains a plan uses (traffic.toml plan_utilization, the ceiling
    copies_for_load sizes the recommendation to: the rest absorbs bursts). True with no figures to judge by."""
    if p is None:
        return True
    if p.meets_targets is False:
        return False
    if not plan_share or p.utilization is None or p.planned_utilization is None:
        return True
    return p.utilization <= p.planned_utilization * (1 + 1e-9)


# What one copy of a model on a shape holds: for each plan's memory (everything a copy's memory reads, and the
# stage, which sets the memory the engine may use), a table by shape. Shared by every sizing (a fresh question
# asks about the models and shapes of earlier ones; a search walks every shape, so it looks its table up once).
# Bounded: each starts over when full. No lock: a race works a value out twice.
_ONE_COPY: dict[tuple, tuple[tuple, dict[int, tuple[Shape, tuple[int, int, int]]]]] = {}
_ONE_COPY_SIZE = 1024
_SHAPES_SIZE = 512  # a table's shapes: the offering's, and those built for a GPU named off it


def _copies_table(plan: Plan, catalog: Catalog) -> dict[int, tuple[Shape, tuple[int, int, int]]] | None:
    """The plan's table of what one copy holds by shape, or None outside a sizing (sizing/memo.py: nothing is
    kept there)."""
    if current() is None:
        return None
    model, precision, spec = plan.model, plan.precision, plan.spec
    # Keyed by the model, precision and context alone, a question had been given the conversations an earlier
    # one's copy held, without its drafter, served adapters, shared system prompt or --max-model-len.
    key = (memory_key(plan, catalog, plan.context), plan.stage)
    found = _ONE_COPY.get(key)
    if found is None or found[0][0] is not model or found[0][1] is not precision or found[0][3] is not spec:
        if len(_ONE_COPY) >= _ONE_COPY_SIZE:
            _ONE_COPY.clear()
        # The objects named by id are kept alive with the table (the shapes with their rows), so no id is
        # reused while it is kept.
        found = _ONE_COPY[key] = ((model, precision, catalog, spec), {})
    return found[1]


def _one_copy(plan: Plan, shape: Shape, catalog: Catalog, table=None) -> tuple[int, int, int]:
    """How one copy of the model splits on `shape` (tensor-parallel degree, pipeline stages) and the most
    conversations of the plan's context it holds (0 when the split does not work or not one fits). `table`:
    the plan's _copies_table, when the caller has it."""
    table = table if table is not None else _copies_table(plan, catalog)
    if table is None:
        return _holds_on(plan, shape, catalog)
    found = table.get(id(shape))
    if found is None or found[0] is not shape:
        if len(table) >= _SHAPES_SIZE:
            table.clear()
        found = table[id(shape)] = (shape, _holds_on(plan, shape, catalog))
    return found[1]


def _holds_on(plan: Plan, shape: Shape, catalog: Catalog) -> tuple[int, int, int]:
    tp, pp, problem = split(plan, shape)
    if problem is not None:
        return tp, pp, 0
    # The most conversations one copy holds (worked out once per model, split and room: sizing/setups.py).
    return tp, pp, need(plan, catalog, tp, pp).max_users(usable(plan, shape.gpu, catalog))


def copies_needed(
    plan: Plan, shape: Shape, catalog: Catalog, cap: int | None = None, table=None
) -> tuple[int, int] | None:
    """Copies of `shape` the workload needs, and the conversations each holds: those the load needs, plus
    the spares asked for ("N+1"), and never fewer than the copies required for availability; None when the
    load cannot be served (copies_for_load). `table`: the plan's _copies_table, when the caller has it."""
    found = copies_for_load(plan, shape, catalog, cap, table)
    if found is None or not plan.availability:
        return found
    copies = max(found[0] + plan.spare_replicas, plan.min_replicas)
    if copies == found[0]:
        return found
    if plan.rate is None:
        return copies, max(math.ceil(plan.users / copies), 1)
    # Under a rate, each copy holds the conversations its share of the rate keeps in flight (Little's law).
    tp, pp, per_copy = _one_copy(plan, shape, catalog, table)
    r = replica(plan, shape.gpu, tp, pp, catalog, per_copy)
    load = in_flight(plan, r, copies)
    return copies, min(max(math.ceil(load.concurrency), 1), per_copy)


def copies_for_load(
    plan: Plan, shape: Shape, catalog: Catalog, cap: int | None = None, table=None
) -> tuple[int, int] | None:
    """Copies of `shape` the load alone needs, and the conversations each holds; None when no number of
    copies up to the offering's limit (or `cap` GPUs) serves it (the model does not fit, or one copy misses
    the latency targets even unloaded)."""
    tp, pp, per_copy = _one_copy(plan, shape, catalog, table)
    if per_copy == 0:
        return None  # the split does not work, or not even one conversation fits
    if plan.rate is None:
        # Every conversation on one copy when they fit (the common case).
        per_copy = min(plan.users, per_copy)
        copies = math.ceil(plan.users / per_copy)
        if not plan.targets_given:
            return copies, math.ceil(plan.users / copies)
    limit = max(_limit(catalog, shape.gpu.id), shape.total) if shape.in_offering else shape.total
    most = max((cap or limit) // shape.total, 1)
    if plan.rate is None:
        while copies <= most:
            users = math.ceil(plan.users / copies)
            r = replica(plan, shape.gpu, tp, pp, catalog, users)
            load = perf.at_concurrency(r, plan.prompt, plan.output, users, history=plan.history)
            if within_targets(plan, catalog, load.ttft_s, load.tpot_s):
                return copies, users
            if users == 1:
                return None  # one conversation per copy already misses: more copies cannot help
            copies += 1
        return None
    r = replica(plan, shape.gpu, tp, pp, catalog, per_copy)
    sustainable = sustains(plan, r, catalog)
    if sustainable <= 0:
        return None
    share = catalog.traffic.capacity.plan_utilization
    copies = math.ceil(plan.rate / (sustainable * share) - 1e-9)
    while copies <= most:
        # Each conversation in flight keeps room for the whole context: more copies when they do not fit.
        load = in_flight(plan, r, copies)
        users = max(math.ceil(load.concurrency), 1)
        if users > per_copy:
            copies = max(copies + 1, math.ceil(copies * users / per_copy))
            continue
        # The share of the rate each copy sustains is checked on the copy as launched for its share, the one
        # the answer's figures describe (launched()); one more copy while the plan's ceiling is passed.
        # (launched(), with the load just found on the copy admitting every conversation)
        copy = replica(plan, shape.gpu, tp, pp, catalog, _launched_users(load, per_copy))
        if plan.rate / copies <= sustains(plan, copy, catalog) * share * (1 + 1e-9):
            return copies, users
        copies += 1
    return copies, per_copy


def build(plan: Plan, shape: Shape, copies: int, users: int, catalog: Catalog) -> Setup:
    """The setup of `copies` copies of `shape`, each holding `users` conversations, with its capacity."""
    # One plan for the setup and its capacity: what each works out within the sizing (the memory's Needs) is
    # kept by the plan, and building it twice had been a copy of every field for nothing.
    sized = plan.but(users=users)
    setup = evaluate(sized, shape, catalog, capacity=False)
    if copies > 1:
        per_hour = setup.price_per_hour / shape.total if setup.price_per_hour else None
        setup = msgspec.structs.replace(setup, count=shape.total * copies, replicas=copies)
        if per_hour is not None:
            # the price depends on the contract the setup calls for
            mode = contract_mode(plan, setup.count, copies)
            prices = shape.offer.price_per_gpu_hour if shape.offer else {}
            setup.price_per_hour = prices[mode] * setup.count if mode in prices else None
    add_capacity(sized, setup, catalog)
    if copies > 1 and setup.max_users is not None:
        setup.max_users *= copies
    if copies > 1 and setup.max_full_sequences is not None:
        setup.max_full_sequences *= copies
    return setup


def recommend(
    plan: Plan, catalog: Catalog, exclude=None, only: GPU | None = None, below: Setup | None = None
) -> Setup | None:
    """The fewest GPUs (then the smallest memory class, then the cheapest) that serve the load within
    the targets; among equal counts, more copies of a smaller setup before one larger tensor-parallel copy.
    With `below` (choice.recommend), None in place of a setup that is not smaller than it."""
    best = None
    limits = _offers(catalog)[0]
    table = _copies_table(plan, catalog)  # looked up once for the whole search
    # what the search reads of the plan at every shape, read once
    reads_in_time, for_load = plan.reads_in_time, copies_for_load if not plan.availability else copies_needed
    for order, (shape, gpus, gpu_id, memory_class, price, offer_order) in enumerate(_search_order(catalog)):
        if below is not None and gpus > below.count:
            break  # candidates come fewest GPUs first, and copies only add to them: none is smaller
        if exclude and (gpu_id, gpus) in exclude:
            continue
        if only is not None and gpu_id != only.id:
            continue
        if best is not None:
            if gpus > best[0][0]:
                break  # candidates come smallest first: nothing later can use fewer GPUs
            if gpus == best[0][0] and (memory_class, price, offer_order) >= best[0][1:4]:
                # One copy at most could tie the best's GPUs, and its key would then come after the best's in
                # what follows the count (memory class, price, place, then more copies and the earlier shape
                # first): the shape cannot be chosen, so its copies are not worked out.
                continue
        if reads_in_time and _misses_unloaded(plan, shape, catalog):
            continue  # a copy that reads one prompt past the chat's first token (sizing/engine.py)
        # (copies_needed, which adds copies required for availability only: none are)
        found = for_load(plan, shape, catalog, table=table)
        if found is None:
            continue
        copies, users = found
        total = copies * gpus
        if copies > 1 and total > limits.get(gpu_id, 0):
            continue
        key = (total, memory_class, price, offer_order, -copies, order)
        if best is None or key < best[0]:
            best = (key, shape, copies, users)
        if copies == 1:
            # Every later shape takes more GPUs, or as many of no smaller memory class, price or place in
            # the offering (the order candidates come in): none can do better.
            break
    if best is None:
        return None
    (total, *_), shape, copies, users = best
    if below is not None and not smaller_than(total, shape.gpu.memory_bytes, shape.gpu.id, below):
        return None  # build() makes a setup of `total` GPUs `shape.gpu`: not smaller, it is not built
    return build(plan, shape, copies, users, catalog)


def each_serving(plan: Plan, catalog: Catalog) -> list[Setup]:
    """Every setup the search walks (each shape of the offering: 1, 2, 4, 8 GPUs of a kind, whole servers) that
    serves the load, with the copies of it the load needs, within the most GPUs of the kind we rent for one
    service: the options "the fastest" weighs, where more GPUs of one kind (more tensor parallelism, or more
    copies) may answer sooner than the fewest of it."""
    found = []
    limits, table = _offers(catalog)[0], _copies_table(plan, catalog)
    for_load = copies_for_load if not plan.availability else copies_needed
    for shape, gpus, gpu_id, *_ in _search_order(catalog):
        if plan.reads_in_time and _misses_unloaded(plan, shape, catalog):
            continue  # as recommend(): a copy that reads one prompt past the chat's first token
        copies_users = for_load(plan, shape, catalog, table=table)
        if copies_users is None:
            continue
        copies, users = copies_users
        if copies > 1 and copies * gpus > limits.get(gpu_id, 0):
            continue
        found.append(build(plan, shape, copies, users, catalog))
    return found


def copies_off_offer(plan: Plan, gpu: GPU, catalog: Catalog) -> Setup | None:
    """For a GPU named under a rate that we do not rent, or not as many of as the load needs: the fewest of
    it that serve the load, as copies of a setup of 1, 2, 4... GPUs of one server (None when no number of
    copies does); marked out of the offering when it is more than we rent for one service."""
    best = None
    count = 1
    while count <= gpu.max_per_server:
        shape = shape_for(plan, gpu, count, catalog)
        found = copies_needed(plan, shape, catalog, cap=4096)
        if found is not None and (best is None or found[0] * count < best[0]):
            best = (found[0] * count, shape, *found)
        count *= 2
    if best is None:
        return None
    _, shape, copies, users = best
    setup = build(plan, shape, copies, users, catalog)
    if setup.count > _limit(catalog, gpu.id):
        setup.in_offering = False  # more than we rent for one service
    return setup


def smallest_holding(plan: Plan, catalog: Catalog, users: int = 1) -> Shape | None:
    """The smallest setup that holds the model and `users` conversations (one: where every sizing starts)."""
    for shape in candidates(catalog):
        if holds(plan, shape, catalog, users=users):
            return shape
    return None


def decided_by(plan: Plan, rec: Setup, catalog: Catalog) -> str:
    """Which constraint set the recommendation's size."""
    base = smallest_holding(plan, catalog)
    if base is None:
        return "memory"
    same = base.gpu.id == rec.gpu and base.total == rec.count // rec.replicas
    if same and rec.replicas == 1:
        return "memory"
    if not (plan.traffic or plan.targets_given or plan.reads_in_time):
        return "memory"
    # "latency" is the claim that the smallest setup holding the model misses the targets even with one
    # conversation: checked as such, not read off copies_needed(), whose None also means "more copies than
    # we rent", a limit of memory or rate (300 conversations of 32k do not fit in 8 L40S).
    if _misses_unloaded(plan, base, catalog):
        return "latency"
    if plan.traffic:
        return "throughput"
    # Conversations under latency targets: memory decided when the targets asked for nothing more.
    alone = recommend(plan.but(targets_given=False), catalog)
    if alone is not None and (alone.gpu, alone.count, alone.replicas) == (rec.gpu, rec.count, rec.replicas):
        return "memory"
    return "latency_load"


def _misses_unloaded(plan: Plan, shape: Shape, catalog: Catalog) -> bool:
    """Whether one copy on `shape` misses the latency targets unloaded: a request that finds no other in
    flight, as first_token_on_smallest() times it (a copy that just meets them unloaded still serves a
    rate low enough: then the rate decided)."""
    tp, pp, per_copy = _one_copy(plan, shape, catalog)
    if per_copy == 0:
        return False  # it does not hold the model: memory, not latency
    r = replica(plan, shape.gpu, tp, pp, catalog, 1)
    load = perf.at_concurrency(r, plan.prompt, plan.output, 1e-3, history=plan.history)
    return not within_targets(plan, catalog, load.ttft_s, load.tpot_s)


def beyond_offer(plan: Plan, catalog: Catalog) -> tuple[Shape, int] | None:
    """When nothing we rent serves the load: the fewest GPUs that would, past the offering's limits (None
    when no number of copies helps: one copy already misses the latency targets)."""
    best = None
    for shape in candidates(catalog):
        found = copies_needed(plan, shape, catalog, cap=4096)
        if found is not None:
            total = found[0] * shape.total
            if best is None or total < best[0]:
                best = (total, shape, found[0])
    return None if best is None else (best[1], best[2])


def first_token_overlap(plan: Plan, setup: Setup, catalog: Catalog) -> tuple[float, float]:
    """The first token on one copy of `setup` alone, and for a request that arrives while another is in
    flight: under a rate, one that finds another's prompt being read and waits for the rest of it
    (first_token_queued); else, or when that is shorter, one that shares the GPUs with another request's
    answer (the closed loop at two sequences, perf.at_concurrency: the other's prompt stretches its own)."""
    gpu = catalog.gpu(setup.gpu)
    r = replica(plan, gpu, setup.tensor_parallel, setup.pipeline_parallel, catalog, 2)
    p, o, h = plan.prompt, plan.output, plan.history
    alone = perf.at_concurrency(r, p, o, 1e-3, history=h).ttft_s
    beside = perf.at_concurrency(r, p, o, 2, history=h).ttft_s
    return alone, max(beside, first_token_queued(plan, setup, catalog)[1])


def first_token_queued(plan: Plan, setup: Setup, catalog: Catalog) -> tuple[float, float]:
    """(the share of requests that arrive while another's prompt is being read on a copy of `setup`, their
    mean first token) at the plan's rate, each copy taking its share (perf.queued_first_token); (0, the
    first token alone) with no rate: conversations said at once, whose prompts are not timed against
    arrivals."""
    if plan.rate is None:
        return 0.0, first_token_alone(plan, setup, catalog)
    gpu = catalog.gpu(setup.gpu)
    held = max(
        need(plan, catalog, setup.tensor_parallel, setup.pipeline_parallel).max_users(
            usable(plan, gpu, catalog)
        ),
        1,
    )
    r, _ = launched(plan, gpu, setup.tensor_parallel, setup.pipeline_parallel, catalog, setup.replicas, held)
    return perf.queued_first_token(
        r, plan.prompt, plan.output, plan.rate / setup.replicas, history=plan.history
    )


def first_token_one_copy(plan: Plan, setup: Setup, catalog: Catalog, copies: int = 1) -> float | None:
    """The first token on one copy of `setup` taking its share of the rate over `copies` (one: the whole
    rate), at the rate the plan may use of a copy (traffic.toml [capacity] plan_utilization: the rest absorbs
    bursts); None when a copy cannot serve it."""
    gpu = catalog.gpu(setup.gpu)
    tp, pp, per_copy = _one_copy(plan, shape_for(plan, gpu, setup.count // setup.replicas, catalog), catalog)
    if per_copy == 0 or plan.rate is None:
        return None
    r = replica(plan, gpu, tp, pp, catalog, per_copy)
    load = in_flight(plan, r, copies, burst=1 / catalog.traffic.capacity.plan_utilization)
    return load.ttft_s if load.sustainable else None


def first_token_alone(plan: Plan, setup: Setup, catalog: Catalog) -> float:
    """The time to the first token on one copy of `setup` for a request that finds no other in flight, as
    _misses_unloaded() and fastest_first_token() time it."""
    return alone(plan, setup, catalog).ttft_s


def alone(plan: Plan, setup: Setup, catalog: Catalog) -> perf.Load:
    """One copy of `setup` serving a request that finds no other in flight: its first token and speed."""
    gpu = catalog.gpu(setup.gpu)
    r = replica(plan, gpu, setup.tensor_parallel, setup.pipeline_parallel, catalog, 1)
    return perf.at_concurrency(r, plan.prompt, plan.output, 1e-3, history=plan.history)


def _alone_on_each(plan: Plan, catalog: Catalog):
    """One conversation of this plan, unloaded, on each setup we rent that holds it, smallest first
    (candidates()): its first token and speed there."""
    for shape in candidates(catalog):
        one = evaluate(plan.but(users=1), shape, catalog, capacity=False)
        if one.fits:
            r = replica(plan, shape.gpu, one.tensor_parallel, one.pipeline_parallel, catalog)
            yield perf.at_concurrency(r, plan.prompt, plan.output, 1e-3, history=plan.history)


def first_token_on_smallest(plan: Plan, catalog: Catalog) -> float | None:
    """The time to the first token, unloaded, on the smallest setup we rent that holds one conversation of
    this plan: what reading the prompt alone takes there."""
    return next((load.ttft_s for load in _alone_on_each(plan, catalog)), None)


def fastest_speed(plan: Plan, catalog: Catalog) -> float | None:
    """The most tokens a second any setup we rent gives one conversation of this plan, unloaded."""
    return max((1 / load.tpot_s for load in _alone_on_each(plan, catalog)), default=None)


def answer_time_targets(plan: Plan, e2e: float) -> dict:
    """The plan's fields for a whole answer within `e2e` seconds: the first token and each answer token's share
    of it bound the other two where the question gave none (sizing/plan.py, as vLLM's benchmark measures it)."""
    return dict(
        e2e_target=e2e,
        ttft_target=plan.given_ttft if plan.given_ttft is not None else e2e,
        tpot_target=1 / plan.given_tokens_per_s if plan.given_tokens_per_s else e2e / max(plan.output - 1, 1),
    )


def fastest_answer(plan: Plan, catalog: Catalog) -> perf.Load | None:
    """One conversation of this plan, unloaded, on the setup we rent that gives its whole answer (first token,
    then the answer's tokens) soonest: its first token and speed there."""
    return min(_alone_on_each(plan, catalog), key=lambda load: perf.end_to_end(load.ttft_s, load.tpot_s, plan.output),
               default=None)  # fmt: skip


def fastest_first_token(plan: Plan, catalog: Catalog) -> float | None:
    """The shortest time to the first token any setup we rent gives this prompt, unloaded."""
    return min((load.ttft_s for load in _alone_on_each(plan, catalog)), default=None)
