"""Models served together under a load: "llama 8b como roteador e qwen3 32b como principal, 30 req/min",
"serve llama 3.1 8b and qwen3 14b together for 200 users", "o 8b com 100 req/min e o 32b com 20 req/min".

Each model is sized for its share of the load as its own answer is (sizing/traffic.py: copies of the model,
each on 1, 2, 4... GPUs, as many as its rate or its users need within the latency targets), then the copies of
all of them are placed on the smallest machine we rent (sizing/setups.py candidates' order: fewest GPUs, then
the smallest memory, then the cheapest): each copy on the GPUs with the most room left, copies of one model on
GPUs of their own, copies of different models sharing a GPU when its memory holds them both. A GPU shared is
time-sliced between the vLLM servers on it (sizing/performance.py time_shared): a placement that shares one
holds only when every model there still serves its load within the targets with the headroom a plan keeps
(traffic.toml [capacity] plan_utilization); else the models get GPUs of their own. Without a load the models
are placed by memory alone (sizing/compare.py).

Pure: the caller gives each model's plan (sizing/plan.py make_plan), already sized.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import msgspec

from . import i18n, traffic
from . import performance as perf
from .advice import cost
from .catalog import GPU, Catalog, Offer, is_budget
from .i18n import gb, number, t
from .memo import one_sizing
from .plan import Plan, rate_text
from .result import Cost, Record
from .setups import Shape, evaluate, need, shape_for, split, usable


class Part(Record, kw_only=True):
    """One model on the machine that serves them together: its copies, the GPUs of each (numbered from 1),
    what it needs on each GPU, and how fast it serves its share of the load there."""

    model_id: str
    model: str
    replicas: int
    gpus_per_replica: int
    gpus: list[list[int]]
    per_gpu_bytes: int
    # vLLM's --gpu-memory-utilization on a GPU it shares with another model: at least its need there (None:
    # GPUs of its own, the server's default share)
    memory_utilization: float | None = None
    shares_with: list[str] = []  # the models it shares a GPU with
    requests_per_s: float | None = None  # its load: a rate, or (None) the users generating together
    users: int | None = None
    concurrency: float
    tokens_per_s_per_user: float
    ttft_s: float
    output_tokens_per_s: float


class Together(Record, kw_only=True):
    """The smallest machine we rent that serves every model at its load (or the GPUs the question named, when
    they do), with each model's place on it and its cost when the offering has prices."""

    gpu: str
    gpu_name: str
    count: int
    machines: list[int]  # the GPUs of each machine that makes them up (one: a single machine)
    usable_bytes_per_gpu: int
    on_named: bool = False  # on the GPUs the question named
    named_short: bool = False  # the GPUs named do not serve the load (this is the smallest that does)
    parts: list[Part]
    cost: Cost | None = None


class _Copy(NamedTuple):
    model: int  # index of the model
    gpus: tuple[int, ...]  # 0-based GPU numbers
    tp: int
    pp: int
    users: int  # conversations it holds at its share of the load


class _Option(NamedTuple):
    k: int  # GPUs per copy
    copies: int
    users: int
    tp: int
    pp: int


def has_load(plans: list[Plan]) -> bool:
    """A load was given with the models: a rate (said, or from a volume or a head-count), latency targets,
    users at once, or copies for availability (sizing/setups.py by_load)."""
    return any(p.traffic or p.targets_given or p.users > 1 or p.availability for p in plans)


def serve(
    plans: list[Plan], catalog: Catalog, named: GPU | None = None, count: int = 1, named_only: bool = False
) -> Together | None:
    """On the GPUs named (`count` of `named`) when they serve the load; else (unless `named_only`) the fewest
    GPUs we rent that do (then the smallest memory, then the cheapest, as sizing/setups.py candidates weighs
    setups), with named_short set when GPUs were named; None when none does."""
    with one_sizing():
        if named is not None and not is_budget(named.id):
            shape = shape_for(plans[0], named, count, catalog)
            found = _on(plans, named, [shape.count] * shape.servers, shape.offer, catalog)
            if found is not None:
                found.on_named = True
                return found
        if named_only:
            return None
        options: dict[str, list] = {}
        for gpu, machines, offer in _machines(catalog):
            if gpu.id not in options:
                limit = max(offer.counts) * offer.max_servers
                options[gpu.id] = [_options(plan, gpu, max(offer.counts), limit, catalog) for plan in plans]
            found = _on(plans, gpu, machines, offer, catalog, options[gpu.id])
            if found is not None:
                found.named_short = named is not None
                return found
    return None


def _machines(catalog: Catalog) -> list[tuple[GPU, list[int], Offer]]:
    """Every number of GPUs of each kind we rent, up to the most for one service, as the machines that make
    it up (the largest first: 3 GPUs are a machine of 2 and one of 1, as copies of a model are rented apart),
    fewest GPUs first, then the smallest memory, then the cheapest (sizing/setups.py candidates)."""
    out = []
    for order, offer in enumerate(catalog.offering.offer):
        gpu = catalog.gpu(offer.gpu)
        price = min(offer.price_per_gpu_hour.values(), default=math.inf)
        for total in range(1, max(offer.counts) * offer.max_servers + 1):
            machines, left = [], total
            for size in sorted(offer.counts, reverse=True):
                while left >= size:
                    machines.append(size)
                    left -= size
            if left == 0:
                out.append(((total, gpu.memory_marketing_gb, price, order), gpu, machines, offer))
    out.sort(key=lambda m: m[0])
    return [(gpu, machines, offer) for _, gpu, machines, offer in out]


def _on(plans, gpu: GPU, machines: list[int], offer, catalog: Catalog, options=None) -> Together | None:
    """The models placed on machines of `machines` GPUs of `gpu` with their loads served, or None: first
    letting models share GPUs (by memory, each GPU's load checked), then each GPU for one model."""
    count = sum(machines)
    room = usable(plans[0], gpu, catalog)
    if options is None:
        options = [_options(plan, gpu, max(machines), count, catalog) for plan in plans]
    options = [[o for o in opts if o.k * o.copies <= count and o.k <= max(machines)] for opts in options]
    if any(not o for o in options):
        return None
    for share in (True, False):
        copies = _place(plans, options, machines, room, catalog, share)
        if copies is None:
            continue
        served = _served(plans, copies, gpu, room, catalog)
        if served is not None:
            return _together(plans, gpu, machines, offer, room, copies, *served, catalog)
    return None


def _ways(per_server: int) -> list[int]:
    """GPUs one copy may take: 1, 2, 4, 8... within one server (tensor parallel over a power of two)."""
    return [k for k in (1, 2, 4, 8, 16, 32) if k <= per_server]


def _options(plan: Plan, gpu: GPU, per_server: int, count: int, catalog: Catalog) -> list[_Option]:
    """Each way a model's load can be served on `gpu` within `count` GPUs: copies of 1, 2, 4... GPUs, as many
    as the load needs (sizing/traffic.py copies_needed, as its own answer weighs them), fewest GPUs first."""
    out = []
    for k in _ways(per_server):
        if k > count:
            break
        shape = shape_for(plan, gpu, k, catalog)
        found = traffic.copies_needed(plan, shape, catalog, cap=count)
        if found is None or found[0] * k > count:
            continue
        tp, pp, problem = split(plan, shape)
        if problem is None:
            out.append(_Option(k, found[0], found[1], tp, pp))
    return sorted(out, key=lambda o: (o.k * o.copies, o.k))


def _need(plan: Plan, tp: int, pp: int, users: int, catalog: Catalog) -> int:
    return need(plan, catalog, tp, pp).total(max(users, 1))


def _place(plans, options, machines: list[int], room: int, catalog: Catalog, share: bool):
    """Greedy bin-packing of every copy: the models needing the most GPUs (then the most memory) first, each
    on the fewest GPUs its load allows; a copy on the GPUs of one server with the most room left, never on a
    GPU holding a copy of the same model (nor, without `share`, of any other). None when some copy finds no
    room."""
    count = sum(machines)
    free = [room] * count
    holders: list[set[int]] = [set() for _ in range(count)]
    placed: list[_Copy] = []
    first = [o[0] for o in options]
    order = sorted(
        range(len(plans)),
        key=lambda i: (-first[i].k * first[i].copies, -_need(plans[i], first[i].tp, first[i].pp, first[i].users, catalog)),
    )  # fmt: skip
    for i in order:
        for o in options[i]:
            n = _need(plans[i], o.tp, o.pp, o.users, catalog)
            if n > room:
                continue
            trial, taken, ok = free[:], [], True
            for _ in range(o.copies):
                group = _group(trial, holders, taken, i, o.k, machines, n, share)
                if group is None:
                    ok = False
                    break
                for g in group:
                    trial[g] -= n
                taken.append(group)
            if ok:
                free = trial
                for group in taken:
                    for g in group:
                        holders[g].add(i)
                    placed.append(_Copy(i, group, o.tp, o.pp, o.users))
                break
        else:
            return None
    return placed


def _group(free, holders, taken, model: int, k: int, machines: list[int], n: int, share: bool):
    """The k GPUs of one machine with the most room left that hold `n` more bytes each and no copy of `model`
    (nor of any model, without `share`), or None."""
    mine = {g for group in taken for g in group}
    best = None
    ends = [sum(machines[: m + 1]) for m in range(len(machines))]
    for start, end in zip([0, *ends[:-1]], ends, strict=True):
        gpus = [g for g in range(start, end)
                if g not in mine and model not in holders[g] and (share or not holders[g]) and free[g] >= n]  # fmt: skip
        if len(gpus) < k:
            continue
        gpus = sorted(gpus, key=lambda g: (-free[g], g))[:k]
        if best is None or min(free[g] for g in gpus) > min(free[g] for g in best):
            best = gpus
    return tuple(sorted(best)) if best is not None else None


def _tenants(plans, copies: list[_Copy], gpu: GPU, catalog: Catalog, scale: float = 1.0) -> list[perf.Tenant]:
    """Each copy as the performance model runs it: its share of its model's rate (times `scale`), or its
    share of the users generating together."""
    counts = [sum(1 for c in copies if c.model == i) for i in range(len(plans))]
    out = []
    for c in copies:
        plan = plans[c.model]
        r = traffic.replica(plan, gpu, c.tp, c.pp, catalog, c.users)
        if plan.rate is not None:
            load = {"rate": plan.rate / counts[c.model] * scale}
        else:
            load = {"concurrency": max(math.ceil(plan.users / counts[c.model]), 1)}
        out.append(perf.Tenant(r, plan.prompt, plan.output, frozenset(c.gpus), plan.history, **load))
    return out


def _served(plans, copies: list[_Copy], gpu: GPU, room: int, catalog: Catalog):
    """(each copy's load, each copy's conversations) when every copy on a GPU shared with another model still
    serves its load there: its conversations in flight fit the memory beside the others', and, with the
    headroom a plan keeps under a rate (traffic.toml plan_utilization), it meets the latency targets (the
    question's, else a chat's); None otherwise. Copies on GPUs of their own are as their model's own answer
    sizes them."""
    loads = perf.time_shared(_tenants(plans, copies, gpu, catalog))
    shared = [any(o.model != c.model and set(o.gpus) & set(c.gpus) for o in copies) for c in copies]
    if not any(shared):
        return loads, [c.users for c in copies]
    users = [
        max(math.ceil(load.concurrency), c.users) if s else c.users
        for c, load, s in zip(copies, loads, shared, strict=True)
    ]
    used = [0] * (max(g for c in copies for g in c.gpus) + 1)
    for c, u in zip(copies, users, strict=True):
        for g in c.gpus:
            used[g] += _need(plans[c.model], c.tp, c.pp, u, catalog)
    if any(u > room for u in used):
        return None
    headroom = catalog.traffic.capacity.plan_utilization
    checked = loads
    if any(p.rate is not None for p in plans):
        checked = perf.time_shared(_tenants(plans, copies, gpu, catalog, scale=1 / headroom))
    for c, load, s in zip(copies, checked, shared, strict=True):
        if s and not (
            load.sustainable and traffic.within_targets(plans[c.model], catalog, load.ttft_s, load.tpot_s)
        ):
            return None
    if any(not load.sustainable for load in loads):
        return None
    return loads, users


def _together(
    plans, gpu: GPU, machines: list[int], offer, room: int, copies, loads, users, catalog: Catalog
) -> Together:
    parts = []
    for i, plan in enumerate(plans):
        mine = [j for j, c in enumerate(copies) if c.model == i]
        gpus_of = [copies[j].gpus for j in mine]
        others = sorted(
            {o.model for o in copies if o.model != i and any(set(o.gpus) & set(g) for g in gpus_of)}
        )
        per_gpu = max(_need(plan, copies[j].tp, copies[j].pp, users[j], catalog) for j in mine)
        # The slowest copy speaks for the model: a request may land on any of them.
        slow = max((loads[j] for j in mine), key=lambda load: (load.tpot_s, load.ttft_s))
        parts.append(
            Part(
                model_id=plan.model.id,
                model=plan.model.name,
                replicas=len(mine),
                gpus_per_replica=len(gpus_of[0]),
                gpus=[[g + 1 for g in group] for group in gpus_of],
                per_gpu_bytes=per_gpu,
                memory_utilization=math.ceil(100 * per_gpu / gpu.memory_bytes) / 100 if others else None,
                shares_with=[plans[o].model.name for o in others],
                requests_per_s=plan.rate,
                users=plan.users if plan.rate is None else None,
                concurrency=sum(loads[j].concurrency for j in mine),
                tokens_per_s_per_user=1 / slow.tpot_s if slow.tpot_s > 0 else 0.0,
                ttft_s=slow.ttft_s,
                output_tokens_per_s=sum(loads[j].output_tokens_per_s for j in mine),
            )
        )
    count = sum(machines)
    # The machines priced as one setup of all their GPUs (sizing/advice.py cost: price per GPU-hour x GPUs)
    setup = evaluate(plans[0], Shape(gpu, count, 1, offer is not None, offer), catalog, capacity=False)
    setup = msgspec.structs.replace(setup, replicas=1, performance=None, cost=None)
    return Together(
        gpu=gpu.id,
        gpu_name=gpu.name,
        count=count,
        machines=machines,
        usable_bytes_per_gpu=room,
        parts=parts,
        cost=cost(plans[0].but(rate=None), setup, catalog),
    )


# -- in words ------------------------------------------------------------------------------------------


def _gpu_numbers(gpus: list[int], lang: str) -> str:
    """ "GPU 1", "GPUs 1–8", "GPUs 1 e 3" (1-based numbers)."""
    if len(gpus) == 1:
        return t(lang, "compare.placed_gpu", n=gpus[0])
    if gpus == list(range(gpus[0], gpus[-1] + 1)):
        return t(lang, "compare.placed_gpus", numbers=f"{gpus[0]}–{gpus[-1]}")
    return t(lang, "compare.placed_gpus", numbers=i18n.join([str(g) for g in gpus], lang))


def _part_text(p: Part, lang: str) -> str:
    every = sorted(g for group in p.gpus for g in group)
    where = _gpu_numbers(every, lang)
    if p.replicas == 1:
        key = "compare.placed_tp" if p.gpus_per_replica > 1 else "compare.placed_one"
        text = t(lang, key, where=where, model=p.model, need=gb(p.per_gpu_bytes, lang), tp=p.gpus_per_replica)
    else:
        key = "compare.load_copies_tp" if p.gpus_per_replica > 1 else "compare.load_copies"
        text = t(lang, key, where=where, model=p.model, need=gb(p.per_gpu_bytes, lang), copies=p.replicas,
                 tp=p.gpus_per_replica)  # fmt: skip
    if p.memory_utilization is not None:
        text += t(lang, "compare.placed_share", share=number(p.memory_utilization, lang, 2))
    return text


def parts_text(found: Together, lang: str) -> str:
    """ "Llama 3.1 8B na GPU 1 (20,0 GB); Qwen3 32B em 2 cópias, uma GPU cada (GPUs 2–3; 72,5 GB por GPU)"."""
    return "; ".join(_part_text(p, lang) for p in found.parts)


def verdict(found: Together | None, count: int, named: GPU | None, named_count: int, lang: str,
            short: str | None = None) -> str:  # fmt: skip
    """The machines that serve `count` models together at their loads, or that none does; the GPUs named
    (`named_count` of `named`) first when they do not (`short`: why, when it is their memory)."""
    if named is not None and (found is None or found.named_short) and short is None:
        key = "compare.load_named_short" if named_count == 1 else "compare.load_named_short_many"
        short = t(lang, key, gpu=named.name, count=named_count)
    short = short + " " if short else ""
    if found is None:
        return short + t(lang, "compare.load_none")
    parts = parts_text(found, lang)
    machines = ""
    if len(found.machines) > 1:
        sizes = i18n.join([str(m) for m in found.machines], lang)
        machines = t(lang, "compare.load_machines", sizes=sizes) + "; "
    key = "compare.load_named" if found.on_named else "compare.load_placed"
    return short + t(lang, key, count=found.count, gpu=found.gpu_name, machines=machines,
                     usable=gb(found.usable_bytes_per_gpu, lang), servers=t(lang, f"compare.servers_{count}"),
                     parts=parts)  # fmt: skip


def load_phrase(plan: Plan, lang: str, period: float | None = None) -> str:
    """A model's load in a few words: its rate, or its users at once."""
    if plan.rate is not None:
        return rate_text(plan.rate, lang, period)
    return t(lang, "compare.load_users", n=number(plan.users, lang))


def lines(found: Together | None, plans: list[Plan], periods: list[float | None], split_said: bool,
          routed: bool, currency: str | None, show_prices: bool, lang: str) -> list[str]:  # fmt: skip
    """What follows the verdict: each model's load and speed there, what the loads assume, that a GPU shared
    is taken in turns, and the machine's cost per month."""
    out = []
    if found is not None:
        for p, plan, period in zip(found.parts, plans, periods, strict=True):
            ttft_digits = 2 if p.ttft_s < 1 else (1 if p.ttft_s < 10 else 0)
            line = t(lang, "compare.load_model", model=p.model, load=load_phrase(plan, lang, period),
                     per_user=number(p.tokens_per_s_per_user, lang), ttft=number(p.ttft_s, lang, ttft_digits),
                     total=number(p.output_tokens_per_s, lang))  # fmt: skip
            if p.shares_with:
                line += t(lang, "compare.load_shares", others=i18n.join(p.shares_with, lang))
            out.append(line + ".")
    if not split_said:
        load = load_phrase(plans[0], lang, periods[0])
        out.append(
            t(lang, "compare.load_router" if routed and len(plans) == 2 else "compare.load_each", load=load)
        )
    if found is not None and any(p.shares_with for p in found.parts):
        out.append(t(lang, "compare.load_time_shared"))
    if found is not None and show_prices and found.cost is not None and currency is not None:
        modes = "; ".join(
            t(lang, "compare.mode", mode=t(lang, f"cost.modes.{mode}"), currency=currency,
              per_month=i18n.money(m.per_month, lang))
            for mode, m in found.cost.by_contract_mode.items()
        )  # fmt: skip
        out.append(t(lang, "compare.load_cost", count=found.count, gpu=found.gpu_name, modes=modes))
    return out
