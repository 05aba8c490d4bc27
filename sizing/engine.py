"""size(): a workload in, the whole answer out."""

from __future__ import annotations

import math
from typing import NamedTuple

import msgspec

from . import advice, encoders, i18n, images, kv_cache, run_budget, speech, traffic, training, training_layout
from .catalog import Budget, Catalog, bf16_catalog, derived_for_fp8, load_catalog, with_offering
from .choice import copies_held, recommend, requested
from .errors import SizingError
from .i18n import t
from .names import ModelSource, llama_cpp_cache_type, resolve_model, resolve_stack
from .plan import Plan, fp8_training_said, make_plan, rate_text
from .result import (
    Alternative,
    EncoderInfo,
    Estimates,
    GpuChoice,
    GpuComparison,
    GpuSide,
    ImageInfo,
    LoadInfo,
    Memory,
    ModelInfo,
    Performance,
    ResolvedWorkload,
    RLInfo,
    RunChoice,
    Setup,
    SizingResult,
    SpeculativeInfo,
    Verdict,
    waiting,
)
from .serve_after import serving_workload
from .setups import (
    add_capacity,
    by_load,
    candidates,
    evaluate,
    holds,
    inference_memory,
    one_sizing,
    shape_for,
    training_memory,
)
from .weights import engine_padding, padded_width, weight_bytes
from .workload import Optimizer, Stage, Workload

# Sizing is a pure function of the workload and the catalogue, and the same questions come back all day
# ("70b 4bit"): recent answers are kept and shared. Treat a SizingResult as read-only. No lock: a dict's
# get and set are atomic under the GIL, and a race only computes a value twice.
_CACHE: dict[tuple[str, int], SizingResult | SizingError] = {}
_CACHE_SIZE = 512


_STATS = {"lookups": 0, "hits": 0}  # counted without a lock, like the cache itself: rare lost increments


def clear_cache() -> None:
    global _CACHE
    _CACHE = {}


def cache_stats() -> dict:
    """Lookups of the answer cache since the process started, and how many found their answer."""
    return dict(_STATS)


def _json(workload: Workload) -> bytes:
    """The workload's JSON, which keys the cache: kept on the workload itself (its fields are never changed
    once built, and a changed copy, msgspec.structs.replace, is a new object without it), so a question asked
    again, whose workload the web process keeps with its parse (bot/pipeline.py), is not encoded again."""
    found = getattr(workload, "_json", None)
    if found is None:
        found = msgspec.json.encode(workload)
        workload._json = found
    return found


def size(
    workload: Workload,
    catalog: Catalog | None = None,
    source: ModelSource | None = None,
    other_reading: bool = True,
    brief: bool = False,
) -> SizingResult:
    """Sizes one workload. Raises SizingError (with a message in the workload's language) when it cannot.

    `source` is what a reader of the model's own files (the Hub) found for the workload's repo, if anything.
    `other_reading`: users said alone may also be read as a head-count (_head_count_reading); not for the
    serving part of a training's answer, which says no more than it did. `brief`: the recommendation alone,
    with its performance, cost and capacity, and the workload as sized; no alternatives, GPU named, estimates,
    notes or assumptions (what the head-count reading shows of its sizing: _brief)."""
    global _CACHE
    catalog = catalog or load_catalog()
    if brief:
        # Asked only from within an answer, which the cache keeps: the question asked again finds its answer
        # first. Kept here too, a brief sizing was one more key to encode and one more entry pushing answers
        # out (the cache starts over when full).
        return _size(workload, catalog, source, other_reading, brief)
    key = (
        _json(workload),
        id(catalog),
        source.key if source is not None else None,
        other_reading,
    )
    hit = _CACHE.get(key)
    _STATS["lookups"] += 1
    if hit is not None:
        _STATS["hits"] += 1
    else:
        try:
            hit = _size(workload, catalog, source, other_reading, brief)
        except SizingError as e:
            hit = e  # a refusal is as pure as an answer: the same workload is refused the same way
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE = {}
        _CACHE[key] = hit
    if isinstance(hit, SizingError):
        # A fresh exception each time: re-raising one object would chain every earlier traceback onto it.
        raise type(hit)(hit.key, hit.hint_key, **hit.params)
    return hit


def _size(
    workload: Workload,
    catalog: Catalog,
    source: ModelSource | None = None,
    other_reading: bool = True,
    brief: bool = False,
) -> SizingResult:
    if workload.then_stage is not None:
        return _stages_in_turn(workload, catalog, source)
    if workload.memory_utilization is not None and not workload.stage.is_training:
        catalog = _serving_share(catalog, workload.memory_utilization, workload.lang)
    if workload.mfu is not None and workload.stage.is_training:
        catalog = _training_mfu(catalog, workload.mfu)
    left_out: list[str] = []
    offered = catalog  # a model's serving after its training is recommended from the whole offering
    if fp8_training(workload):
        catalog = _with_offering(catalog, "training", "fp8", True)  # timed at FP8's speed where GPUs have it
        # a GPU named is checked by the plan (one without FP8 is refused); the recommendation beside it, too, is
        # among those that run FP8
        catalog, left_out = _fp8_offers(catalog)
        derived_for_fp8(catalog, offered)
    avoided: list[str] = []
    if workload.avoid_gpus:
        catalog, avoided = _without_gpus(catalog, workload.avoid_gpus)
    with one_sizing():  # the search's setups are shared with the alternatives, not computed again
        result = _sized(workload, catalog, source, other_reading, brief)
    if avoided:
        result.assumptions.insert(
            0, t(workload.lang, "assume.avoided_gpus", gpus=i18n.join(avoided, workload.lang))
        )
    if left_out:
        lang = workload.lang
        stack = resolve_stack(workload.stack, catalog) if workload.stack else catalog.default_stack
        said = fp8_training_said(stack, catalog, lang)
        at = result.assumptions.index(said) + 1 if said in result.assumptions else len(result.assumptions)
        result.assumptions.insert(at, t(lang, "assume.fp8_training_gpus", gpus=i18n.join(left_out, lang)))
    serving = serving_workload(workload)
    if serving is not None:
        try:
            result.serving = size(serving, offered, source, other_reading=False)
        except SizingError as e:
            result.serving_refused = e.message(workload.lang)
    return result


# Catalogues with a setting of the offering the question gave in place of the offering's own (vLLM's
# --gpu-memory-utilization, a training's MFU), by the catalogue they come from, the part of the offering and the
# value: a handful at most (values are read to the hundredth or thousandth), each built once.
_DERIVED: dict[tuple[int, str, str, object], tuple[Catalog, Catalog]] = {}


def _with_offering(catalog: Catalog, part: str, field: str, value: float | dict) -> Catalog:
    """The catalogue with its offering's `part` ("serving", "training") holding `value` for `field`."""
    key = (id(catalog), part, field, tuple(sorted(value.items())) if isinstance(value, dict) else value)
    kept = _DERIVED.get(key)
    if kept is not None and kept[0] is catalog:
        return kept[1]
    offering = catalog.offering
    changed = msgspec.structs.replace(getattr(offering, part), **{field: value})
    derived = with_offering(catalog, msgspec.structs.replace(offering, **{part: changed}))
    _DERIVED[key] = (catalog, derived)
    return derived


def _fp8_offers(catalog: Catalog) -> tuple[Catalog, list[str]]:
    """The catalogue an FP8 training is recommended from: only the offers whose GPUs have FP8
    tensor cores, as one asked in FP8 expects it to run in FP8 (an A100 would run it in BF16, at BF16's speed),
    and the names of the GPUs left out. The whole offering when none has them."""
    fp8 = [o for o in catalog.offering.offer if catalog.gpu(o.gpu).fp8_dense_tflops]
    return _offers_kept(catalog, fp8, ("fp8", True))


def _without_gpus(catalog: Catalog, gpus: list[str]) -> tuple[Catalog, list[str]]:
    """The catalogue a recommendation is made from when the question rules GPUs out ("sem h200"): the offers of
    the others, and the names of the GPUs left out. The whole offering when that would leave none."""
    kept = [o for o in catalog.offering.offer if o.gpu not in gpus]
    return _offers_kept(catalog, kept, ("without", tuple(sorted(gpus))))


def _offers_kept(catalog: Catalog, kept: list, tag: tuple) -> tuple[Catalog, list[str]]:
    """The catalogue with only the offers `kept` (built once per catalogue and `tag`), and the names of the GPUs
    left out; the catalogue itself when `kept` is all of them or none."""
    offering = catalog.offering
    if not kept or len(kept) == len(offering.offer):
        return catalog, []
    left = list(dict.fromkeys(catalog.gpu(o.gpu).name for o in offering.offer if o not in kept))
    key = (id(catalog), "offer", *tag)
    derived = _DERIVED.get(key)
    if derived is None or derived[0] is not catalog:
        derived = _DERIVED[key] = (
            catalog,
            with_offering(catalog, msgspec.structs.replace(offering, offer=kept)),
        )
    return derived[1], left


def _mfu_source(gpu, catalog: Catalog, lang: str) -> str:
    """Where the MFU a training on this GPU is timed at comes from: its architecture's published measurements
    (offering.toml says them), the offering's own figure for an architecture an editor added, or none."""
    arch = getattr(gpu, "architecture", "") or "?"
    if arch not in catalog.offering.training.mfu_by_architecture:
        return t(lang, "assume.mfu_source_default", arch=arch)
    key = "assume.mfu_source_" + arch.lower().replace(" ", "_")
    known = key in i18n.messages(i18n.DEFAULT_LANG)
    return t(lang, key) if known else t(lang, "assume.mfu_source_offering", arch=arch)


def fp8_training(workload: Workload) -> bool:
    """An FP8 training ("treino em fp8", "com transformer engine"): a full fine-tune or pre-training asked in FP8,
    whose matrix products run in FP8 over BF16 mixed precision's weights (sizing/plan.py)."""
    return workload.precision == "fp8" and workload.stage in (Stage.full, Stage.pretrain)


def _training_mfu(catalog: Catalog, mfu: float) -> Catalog:
    """The catalogue with training timed at the MFU the question gave ("mfu 45%"), in place of the offering's:
    every time, GPU-hour and deadline estimate reads it there."""
    derived = _with_offering(catalog, "training", "mfu", mfu)
    if derived.offering.training.mfu_by_architecture:
        # the MFU asked is every GPU's, whatever its architecture's published one
        derived = _with_offering(derived, "training", "mfu_by_architecture", {})
    return derived


def recommended_gpu(workload: Workload, catalog: Catalog, source: ModelSource | None = None) -> str | None:
    """The GPU the recommendation picks for the workload's first count, its choice of counts left aside: where
    counts with no GPU named are weighed ("em 2 ou 4 gpus")."""
    rec = _recommendation(make_plan(workload.but(compare_counts=None), catalog, source), catalog)
    return rec.gpu if rec is not None else None


def _counts_on_recommended(
    workload: Workload, catalog: Catalog, source: ModelSource | None
) -> tuple[Workload, str | None]:
    """ "llama 70b em 2 gpus ou 4?": counts to choose between with no GPU named are weighed side by side on the
    GPU the recommendation picks for the first count, as "2 ou 4 H100?" weighs the H100 (the note says so)."""
    counts = [workload.gpus, *(workload.compare_counts or [])]
    picked = recommended_gpu(workload, catalog, source)
    if picked is None:
        return workload.but(compare_counts=None), None
    gpu = catalog.gpu(picked)
    lang = workload.lang
    first = t(lang, "understood.gpus_one" if counts[0] == 1 else "understood.gpus", n=counts[0])
    said = i18n.join([str(n) for n in counts], lang)
    note = t(lang, "assume.counts_on_recommended", counts=said, gpu=gpu.name, first=first)
    return workload.but(gpu=gpu.id, compare_gpus=[gpu.id] * (len(counts) - 1)), note


def _serving_share(catalog: Catalog, share: float, lang: str | None) -> Catalog:
    """The catalogue with its inference servers taking `share` of each GPU's memory, as vLLM's
    --gpu-memory-utilization does, in place of the offering's."""
    if not 0.3 < share <= 1.0:  # the range sizing/catalog.py accepts for the offering's own share
        value = f"{share:g}"  # as the flag is typed, in any language
        raise SizingError("bad_memory_utilization", "memory_utilization_examples", value=value)
    return _with_offering(catalog, "serving", "memory_utilization", share)


def _sized(
    workload: Workload,
    catalog: Catalog,
    source: ModelSource | None = None,
    other_reading: bool = True,
    brief: bool = False,
) -> SizingResult:
    counted_on = None
    if workload.gpu is None and workload.gpus and workload.compare_counts and not workload.compare_gpus:
        workload, counted_on = _counts_on_recommended(workload, catalog, source)
    elif workload.gpu and workload.compare_counts and not workload.compare_gpus:
        # "e em 2 ou 4 gpus?" in a thread on an L40S: the counts weighed on the thread's GPU (the others had been
        # dropped, the first alone answered)
        workload = workload.but(compare_gpus=[workload.gpu] * len(workload.compare_counts))
    plan = make_plan(workload, catalog, source)
    if counted_on is not None:
        plan = plan.but(assumptions=(*plan.assumptions, counted_on))
    if workload.adapter_from_stack:
        plan, workload = _stack_adapter(plan, workload, catalog, source)
    plan = _micro_batch_that_fits(plan, workload, catalog)
    plan = training_layout.chosen(plan, catalog)
    lang = plan.lang
    assumptions = list(plan.assumptions)

    rec = _recommendation(plan, catalog)
    if (led := _fused_loss_lead(plan, rec, workload, catalog, source)) is not None:
        plan, rec = led
        assumptions = list(plan.assumptions)
    smallest = rec  # the smallest that holds the workload, before a run's cost or budget moves it
    run_choice = _run_choice(plan, rec, catalog)
    if run_choice is not None and run_choice.recommended == "cheapest":
        rec = run_choice.cheapest
    # A training on a GPU named with no count: as many of it as run it for the least, in reason (_named_kind_run)
    named_run = _named_kind_run(plan, rec, catalog)
    if named_run is not None:
        rec = named_run.chosen
    # A deadline's run: more of the GPU chosen where they end it sooner for no more per run (_deadline_more)
    more_run = None if named_run is not None else _deadline_more(plan, rec, run_choice, catalog)
    if more_run is not None:
        rec = more_run[1].setup
        if run_choice is not None:
            run_choice = msgspec.structs.replace(
                run_choice, cheapest=rec, cheapest_days=more_run[1].hours / 24
            )
    edge_workload = workload
    if rec is None and not plan.targets_given and plan.ttft_target is not None and by_load(plan):
        plan, rec = _reading_time_target(plan, catalog) or (plan, rec)
        assumptions = list(plan.assumptions)
    elif rec is None and plan.ttft_target is not None and by_load(plan) and _fast_in_words(workload):
        fastest = _fastest_reading_target(plan, catalog)
        if fastest is not None:
            plan, rec = fastest
            assumptions = list(plan.assumptions)
            # the first token sized for is now ours, not the question's: at the edge it is relaxed as a default is
            edge_workload = workload.but(fast_latency=None, code_completion=None)
    elif rec is None and plan.given_ttft is not None and by_load(plan) and not plan.stage.is_training:
        plan, rec = _closest_to_given_first_token(plan, catalog) or (plan, rec)
    if rec is None and plan.given_tokens_per_s is not None and by_load(plan) and not plan.stage.is_training:
        plan, rec = _closest_to_given_speed(plan, catalog) or (plan, rec)
    if rec is None and plan.e2e_target is not None and by_load(plan) and not plan.stage.is_training:
        plan, rec = _closest_to_given_answer_time(plan, catalog) or (plan, rec)
        if plan.dearer_closest is not None:
            assumptions = list(plan.assumptions)  # the precision below, said as the one used
    if rec is not None and (cheaper := _cheaper_precision_first_token(plan, rec, catalog)) is not None:
        plan, rec = cheaper
        assumptions = list(plan.assumptions)
    unrelaxed = plan
    if rec is not None and (edged := _first_token_edge(plan, rec, edge_workload, catalog)) is not None:
        plan, rec = edged
        assumptions = list(plan.assumptions)
    slower = None  # the setup the long prompts' default first token would take, when another leads
    # weighed against what the default takes once requests overlapping are allowed for (the edge's setup)
    if rec is not None and (read := _long_prompt_reading(unrelaxed, rec, workload, catalog)) is not None:
        plan, rec, slower = read
        assumptions = list(plan.assumptions)
    if rec is not None and (timed := _read_in_time(plan, rec, catalog)) is not None:
        plan, rec, slower = timed
        assumptions = list(plan.assumptions)
    run_pick = None
    # A training run's or a batch's budget chooses the setup that does the whole job within it
    if not brief and (picked := run_budget.pick(plan, rec, catalog, (workload.epochs, workload.examples))):
        rec, run_pick = picked
        named_run = None  # the budget chose among every setup, the GPU named's included
        run_choice = None  # every setup's run was weighed against the budget, which the per-run choice would contradict
        more_run = None
        if run_pick.deadline_lifted:
            # a month's budget bounds each month's spend, not the run's length: the default deadline goes
            default = t(lang, "assume.default_days", days=plan.days)
            assumptions = [
                t(lang, "assume.monthly_budget_months") if a == default else a for a in assumptions
            ]
            plan = plan.but(days=None, days_assumed=False)
    budget_pick = None
    # "the fastest" of a service: the setup that answers soonest among those that serve (within the budget, when
    # one is given), said as what decided; it had been read and the smallest recommended all the same
    fastest = None if brief or run_pick else advice.fastest_pick(plan, rec, catalog)
    if fastest is not None:
        unasked, (rec, bounded, fewer) = rec, fastest
    # A service's budget chooses the setup within it, as the customer would (sizing/advice.py budget_pick)
    elif (
        not (plan.stage.is_training or plan.gpu or plan.gpus or brief or run_pick)
        and (picked := advice.budget_pick(plan, rec, catalog)) is not None
    ):
        rec, budget_pick = picked
    # Speech beside the LLM over the plan's ceiling on the setup: the setup repeated, where the notes advise
    # that, is the recommendation (priced), not a note under a smaller one
    speech_before = None
    if rec is not None and (repeated := _speech_repeated(plan, rec, catalog)) is not None:
        speech_before, rec = rec, repeated
    at_rate = None  # (the recommendation, its performance) when a rate sized its conversations
    if plan.traffic and rec is not None:
        # The conversations in flight at the peak follow from the rate on the recommended setup (Little's
        # law): the memory breakdown and the capacities below are for them.
        in_flight = traffic.performance(plan, rec, catalog)
        at_rate = (rec, in_flight)
        if in_flight is not None:
            plan = plan.but(users=max(math.ceil(in_flight.concurrency - 1e-6), 1))
        if in_flight is not None and plan.held_users:
            # the head-count's part alone, said beside the users at once held open (the understood line)
            people = traffic.performance(plan.but(rate=plan.rate - plan.held_rate, held_users=0, held_rate=0.0),
                                         rec, catalog)  # fmt: skip
            plan = plan.but(held_people_in_flight=people.concurrency if people is not None else None)
    elif plan.traffic and rec is None and not plan.stage.is_training and by_load(plan):
        # Nothing we rent serves the rate: the conversations in flight are those of the setup that would
        # (past the offering), so the memory of "the whole load" is not one conversation's.
        beyond = traffic.beyond_offer(plan, catalog)
        found = traffic.copies_needed(plan, beyond[0], catalog, cap=4096) if beyond else None
        if found is not None:
            plan = plan.but(users=max(found[0] * found[1], 1))
    if plan.stage.is_training:
        total, _ = training_memory(plan, catalog, gpus=1, zero=0)
    else:
        total = inference_memory(plan, catalog)
    if brief:
        return _brief(plan, rec, at_rate, total, catalog)

    # A GPU named is judged against the whole answer's time asked, not the closest one the recommendation is
    # sized for when none we rent gives it (_closest_to_given_answer_time)
    judged = (
        plan
        if plan.missed_e2e is None
        else plan.but(missed_e2e=None, **traffic.answer_time_targets(plan, plan.missed_e2e))
    )
    named = requested(judged, catalog, weighed=bool(plan.compare), plan_share=True)
    if named is not None and plan.count_asked and plan.stage.is_training and plan.days and plan.timed:
        # "how many A100 (hours)?" for a run with its tokens: as many of it as finish in time (else the fastest
        # of it we rent), not the fewest whose memory holds it (2 A100s for 1,600 days had answered).
        timely = advice.within_deadline(plan, catalog, only=plan.gpu.id)
        if timely is not None:
            named = (evaluate(plan, shape_for(plan, plan.gpu, timely.count, catalog), catalog), None)
    if named is not None and plan.gpu_hours_asked and named[0].fits and plan.timed:
        # The GPU-hours asked are the named GPU's: the run is estimated there, never on a GPU not named.
        rec = named[0]
    verdict_plan = judged
    if (
        named is None
        and rec is not None
        and plan.gpus
        and plan.gpu is None
        and rec.count != plan.gpus
        and plan.rate is None
        and not plan.stage.is_training
        and not plan.layout_given
    ):
        # "e com 4 gpus?" in a thread sized by its users (no rate): that many of the recommended GPU judged as
        # a GPU named with them is (fits or not, capacity, performance), before the recommendation; it had been
        # a premise at the end. A rate's thread says what they sustain instead (_on_fewer_gpus).
        verdict_plan = plan.but(gpu=catalog.gpu(rec.gpu))
        named = requested(verdict_plan, catalog)
    capacity_asked = (
        plan.capacity_asked
        and not plan.traffic
        and named is not None
        and named[0].fits
        and named[0].problem is None
        and named[0].in_offering
        and _beyond_servers(named[0], catalog) is None
        and not isinstance(plan.gpu, Budget)
    )
    if capacity_asked:
        # "Quantos usuários cabem numa H100?": how many the named setup holds is the question, so it is the
        # recommendation; a smaller one sized for the single conversation assumed answered nothing asked.
        rec = named[0]
        # Not "usei 1 conversa por vez": how many is the answer; the one conversation is the memory's unit.
        one = t(lang, "assume.users")
        assumptions = [t(lang, "assume.users_capacity") if a == one else a for a in assumptions]
        # Its performance, and the engine settings said, are those of the capacity found at a chat's pace, as
        # it would be launched for that many users; one conversation stays the memory's unit only.
        add_capacity(plan, rec, catalog)
        seqs = max(advice.users_at_pace(plan, rec, catalog), 1)
    else:
        seqs = plan.users
    alternatives = advice.alternatives(plan, rec, catalog, total, capacity_asked)
    if speech_before is not None:
        # a smaller setup whose time the speech and the LLM together overrun is no alternative to the one
        # repeated for it ("Em FP8: 1× L40" beside 2× L40 had left the speech's time out)
        alternatives = [a for a in alternatives if _speech_times(plan, a.setup, catalog) == 1]
    if (vllm_format := _vllm_format(plan, rec, workload, catalog, source)) is not None:
        alternatives.insert(0, vllm_format)
    if slower is not None:
        # what the long prompts' default first token takes, first: the choice the answer leaves open
        alternatives = [a for a in alternatives if not advice.same_setup(a.setup, slower)]
        alternatives.insert(0, _default_first_token(plan, slower, rec, catalog))
    if run_choice is not None:
        if run_choice.recommended == "cheapest":
            # Beside a cheaper run on a larger card, a change is offered for the smaller setup it reaches only
            # when that is smaller than the smallest that already holds the training ("Com unsloth: 1× L40" had
            # been offered though the L40 holds it without).
            alternatives = [
                a
                for a in alternatives
                if a.kind not in SMALLER_KINDS
                or a.setup is None
                or advice.smaller(a.setup, run_choice.smallest)
            ]
        alternatives.insert(0, _run_choice_alternative(plan, run_choice))
    if more_run is not None:
        # more GPUs than the fewest that hold the run: a change is offered for the smaller setup it reaches only
        # when that is smaller than the fewest ("Com unsloth: 2× H100" had been offered where 2× H100 hold it)
        alternatives = [a for a in alternatives if a.kind not in SMALLER_KINDS or a.setup is None
                        or advice.smaller(a.setup, more_run[0].setup)]  # fmt: skip
    if run_pick is not None and smallest is not None and plan.stage.is_training:
        # the same for a budget's run: a change "reaching" the smallest that holds it, or the fewest of the GPU
        # chosen, buys nothing ("With torchtune: 2× H200" beside a budget's 4× H100, where 2× H200 hold LoRA)
        alternatives = [a for a in alternatives if a.kind not in SMALLER_KINDS or a.setup is None
                        or (advice.smaller(a.setup, smallest)
                            and advice.describe(a.setup, lang) != run_pick.fewest)]  # fmt: skip
    decided = avail = cheaper = None
    if not plan.stage.is_training:
        # Every setup the answer shows carries its performance (sizing/performance.py) and, when the
        # offering has prices, its cost.
        if rec is not None:
            # Under a rate the conversations play no part in a setup's performance (traffic.performance): the
            # one that sized them is the recommendation's, unless the recommendation changed since.
            rec.performance = _rec_performance(plan, rec, at_rate, seqs, catalog)
        if rec is not None:
            decided = traffic.decided_by(plan, rec, catalog) if by_load(plan) else "memory"
            if capacity_asked:
                decided = "asked"
            # Copies required for availability beyond those the load needs decide the size themselves.
            avail = advice.availability(plan, rec, catalog)
            if avail is not None and avail.replicas > avail.load_replicas:
                decided = "availability"
            elif budget_pick is not None and budget_pick.chosen:
                decided = "budget_month" if budget_pick.monthly else "budget_hour"
            elif fastest is not None and rec.performance is not None:
                decided = "fastest_service"
            if speech_before is not None and decided != "availability":
                decided = "speech"
        if workload.cheaper and (found := advice.cheaper(plan, rec, catalog)) is not None:
            cheaper, options = found
            # The cheaper setups first, and the alternatives they repeat no longer.
            kept = [a for a in alternatives
                    if not any(advice.same_setup(a.setup, o.setup) for o in options)]  # fmt: skip
            alternatives = options + kept
        if named and named[0].performance is None:
            if not named[0].fits:
                add_capacity(plan, named[0], catalog)  # the conversations it does hold, for its performance
            named[0].performance = traffic.performance(judged, named[0], catalog)
    if run_pick is not None and rec is not None:
        decided = (
            ("budget_" if run_pick.unit else "fastest_") + run_pick.job + ("" if run_pick.chosen else "_none")
        )
    elif named_run is not None:
        decided = "named_run"
    elif more_run is not None:
        decided = "deadline_more"
    if workload.cheaper and plan.stage.is_training and (found := _training_cheaper(plan, rec, catalog)):
        cheaper, options = found
        kept = [a for a in alternatives if not any(advice.same_setup(a.setup, o.setup) for o in options)]
        alternatives = options + kept
    # What the recommendation and a GPU named cost: the first Slack message shows it where prices may be shown
    # (to staff; to customers in a shared channel only when the offering makes them public), and working it out
    # may search what the setup sustains at most (a million tokens priced at capacity): worked out where it is
    # read, as the alternatives' are.
    _add_costs(plan, [rec, *(named or ())], catalog, later=True)
    _add_costs(plan, [a.setup for a in alternatives], catalog, later=True)
    asked = named[0] if named else None
    verdict = None
    if named:
        asked_setup, enough = named
        verdict = _named_gpu_verdict(
            verdict_plan, asked_setup, enough, rec, catalog, said_why=decided is not None
        )
        # The verdict and its changes are about the named setup: alternatives do not show it again.
        alternatives = [
            a
            for a in alternatives
            if a.kind in advice.SAME_MACHINE
            or (a.kind == "cheaper" and plan.stage.is_training)  # "Para gastar menos:" keeps what it lists
            or not advice.same_setup(a.setup, asked_setup)
        ]
    compared = _compared(plan, rec, catalog, said_why=decided is not None) if named else []
    gpu_choice = _training_choice(plan, catalog) if named and compared and plan.stage.is_training else []
    gpu_comparison = (
        _gpu_sides(plan, rec, catalog) if named and compared and not plan.stage.is_training else None
    )
    for other in compared:
        alternatives = [
            a
            for a in alternatives
            if (a.kind == "cheaper" and plan.stage.is_training) or not advice.same_setup(a.setup, other.setup)
        ]
    if not plan.stage.is_training:
        # Capacity in words, for the setups the answer shows (not for every setup the search tried).
        shown = [rec, *(named or ())]
        shown += [a.setup for a in verdict.changes] if verdict else []
        shown += [a.setup for a in compared]
        _add_capacities(plan, shown, catalog)
        _add_capacities(plan, [a.setup for a in alternatives], catalog, later=True)
    if not plan.stage.is_training:
        # Users said at once all generate together: an alternative below a chat's pace for them says so.
        pace = (
            catalog.traffic.chat_latency(plan.prompt).tokens_per_s
            if plan.rate is None and plan.users > 1
            else None
        )
        alternatives = [advice.with_performance(a, lang, pace) for a in alternatives]
    # The other GPUs a question weighs ("H100 ou H200?") come first among the alternatives, each with its
    # verdict as the named GPU gets it (capacity, performance and cost included).
    alternatives = compared + alternatives
    if verdict is not None:
        # Kept first among the alternatives too, as before, for programs that read them there.
        alternatives.insert(0, Alternative(kind="named_gpu", setup=verdict.setup, text=verdict.text))
    reading = _head_count_reading(workload, rec, catalog, source) if other_reading else None
    if reading is not None:
        # Users said alone, sized as conversations at once: the other reading leads the alternatives (after
        # the GPU named and those weighed), and the assumptions say how the count was read and how to say it.
        alternatives.insert(len(compared) + (verdict is not None), reading)
        share = catalog.traffic.population.peak_active_share
        n = i18n.number(workload.users, lang)
        assumptions.append(t(lang, "assume.traffic.users_read_at_once", n=n, share=i18n.percent(share, lang)))
    estimates = advice.estimates(plan, rec, catalog)
    if rec is None and not plan.stage.is_training and by_load(plan):
        text = _beyond_offer(plan, catalog)
        if (lower := advice.serving_lower_precision(plan, catalog)) is not None:
            # What does serve it, said where the answer says nothing does (the setup is among the alternatives).
            text += " " + t(lang, "perf.beyond_lower", precision=lower[0].precision.name,
                            setup=advice.describe(lower[1], lang))  # fmt: skip
        estimates.text.insert(0, text)
    elif rec is None:
        assumptions.append(t(lang, "assume.nothing_fits"))
    if (
        plan.stage.is_training
        and plan.gpus
        and plan.gpu is None
        and rec is not None
        and rec.count != plan.gpus
    ):
        # "pré-treino ... em 64 gpus": more GPUs than the offering joins for one job; the limit leads the
        # estimate, with the time that many of the recommended GPU would take.
        many = evaluate(
            plan, shape_for(plan, catalog.gpu(rec.gpu), plan.gpus, catalog), catalog, capacity=False
        )
        beyond = _beyond_servers(many, catalog)
        if beyond is not None:
            text = t(lang, "estimate.beyond_servers", asked=plan.gpus, **beyond)
            if many.fits and plan.timed:
                days = advice.days_text(advice.training_days(plan, many, catalog), lang)
                text += " " + t(
                    lang, "estimate.beyond_servers_days", asked=plan.gpus, gpu=many.gpu_name, days=days
                )
            estimates.text.insert(0, text)
        elif many.fits:
            # "lora llama 8b 1B tokens em 4 gpus": the count said, of the recommended GPU, in data parallel (each
            # GPU trains its share of every batch); with tokens, the time on it against the recommendation's
            # (advice.training_days). It had been left unsaid, the answer sized on one GPU alone.
            params = {"asked": plan.gpus, "gpu": many.gpu_name, "count": rec.count}
            if plan.timed:
                params["days"] = advice.days_text(advice.training_days(plan, many, catalog), lang)
                params["rec_days"] = advice.days_text(advice.training_days(plan, rec, catalog), lang)
            text = t(lang, "estimate.on_count_timed" if plan.timed else "estimate.on_count", **params)
            estimates.text.insert(min(1, len(estimates.text)), text)
        else:
            estimates.text.insert(
                0, t(lang, "estimate.on_count_short", asked=plan.gpus, gpu=many.gpu_name, count=rec.count)
            )
    if (
        rec is not None
        and plan.gpus
        and not plan.gpu
        and rec.count != plan.gpus
        and not plan.stage.is_training
        and not plan.layout_given
    ):
        # "roda numa única gpu?": no GPU we rent serves it on that many, said before the setup that does.
        said = t(lang, "understood.gpus_one") if plan.gpus == 1 else t(lang, "understood.gpus", n=plan.gpus)
        key = "assume.gpus_not_enough" if rec.count > plan.gpus else "assume.gpus_more"
        assumptions.insert(0, t(lang, key, gpus=said, count=rec.count))
        if rec.count > plan.gpus and plan.rate and by_load(plan):
            # "e com 4 gpus?" in a thread sized by a rate: what that many of the recommended GPU sustain, before
            # the setup (it had been left to a premise at the end, or a 4-GPU setup sized by memory alone).
            estimates.text.insert(0, _on_fewer_gpus(plan, rec, catalog))
    assumptions.append(_margin_assumption(plan, catalog, workload.memory_utilization is not None))
    if plan.stage.is_training and plan.tokens:
        # the estimate's own factor (a preference method's reference forward included), so both lines agree
        formula = advice.training_formula(plan)
        timed = estimates.gpu or (rec.gpu if rec is not None else None)
        if workload.mfu is not None or timed is None:
            mfu = i18n.percent(catalog.offering.training.mfu, lang)
            assumptions.append(t(lang, "assume.mfu_asked", mfu=mfu, formula=formula))
        else:
            gpu = catalog.gpu(timed)
            mfu = catalog.training_mfu(gpu)
            fp8 = catalog.offering.training.fp8 and gpu.fp8_dense_tflops
            speedup = catalog.offering.training.fp8_speedup if fp8 else 1.0
            line = t(lang, "assume.mfu", mfu=i18n.percent(mfu / speedup, lang), gpu=gpu.name, formula=formula,
                     source=_mfu_source(gpu, catalog, lang))  # fmt: skip
            if fp8:
                # the estimate's MFU is BF16's times FP8's speed-up, over the same BF16 peak
                line += " " + t(lang, "assume.mfu_fp8", speedup=i18n.number(speedup, lang, 1),
                                mfu=i18n.percent(mfu, lang))  # fmt: skip
            assumptions.append(line)
    if not plan.stage.is_training and rec is not None and rec.replicas > 1 and not capacity_asked:
        # Each copy runs its own engine: its flags are for its share of the conversations (the line had given all
        # the copies' together, "até 1.465 sequências", as one engine's --max-num-seqs).
        copies = rec.replicas
        seqs = max(math.ceil(seqs / copies), 1)
        each = {"each": t(lang, "assume.serving_engine_each", copies=i18n.number(copies, lang))}
    else:
        each = {"each": ""}
    if not plan.stage.is_training:
        padding = engine_padding(plan.model, plan.precision, catalog)
        if padding:
            assumptions.append(
                t(
                    lang,
                    "assume.engine_padding",
                    model=plan.model.name,
                    hidden=plan.model.hidden_size,
                    padded=padded_width(plan.model.hidden_size, plan.precision),
                    extra=i18n.gb(padding, lang),
                )
            )
        if plan.llama_cpp:
            ctk, _, ctv = (llama_cpp_cache_type(part) for part in plan.kv.id.partition("/"))
            ctv = ctv if "/" in plan.kv.id else ctk
            # llama-server's -c is the context of all its slots together, split among -np of them
            # (tools/server/README.md: --parallel); -ngl 99 keeps every layer on the GPU.
            assumptions.append(
                t(
                    lang,
                    "assume.serving_engine_llamacpp",
                    **each,
                    users=i18n.number(seqs, lang),
                    np=seqs,
                    c=seqs * plan.context,
                    context=i18n.tokens(plan.context, lang),
                    ctk=ctk,
                    ctv=ctv,
                    # A quantized V cache needs flash attention (llama.cpp src/llama-context.cpp: "V cache
                    # quantization requires flash_attn"); F32, F16 and BF16 are not quantized.
                    fa=" -fa on" if {ctk, ctv} - {"f32", "f16", "bf16"} else "",
                )
            )
        elif plan.engine == "exllamav2":
            # TabbyAPI: max_seq_len is one sequence's, cache_size the cache of all of them together
            # (config_sample.yml); cache_mode FP16, Q8, Q6 or Q4.
            assumptions.append(
                t(
                    lang,
                    "assume.serving_engine_exllamav2",
                    **each,
                    users=i18n.number(seqs, lang),
                    max_seq_len=plan.context,
                    cache_size=seqs * plan.context,
                    # The quantized caches are named "exllamav2_<mode>" in precisions.toml; any other is FP16.
                    cache_mode=plan.kv.id.removeprefix("exllamav2_").upper()
                    if plan.kv.id.startswith("exllamav2_")
                    else "FP16",
                    context=i18n.tokens(plan.context, lang),
                )
            )
        else:
            assumptions.append(
                t(
                    lang,
                    "assume.serving_engine_one" if seqs == 1 else "assume.serving_engine",
                    **each,
                    users=i18n.number(seqs, lang),
                    chunk=i18n.tokens(plan.prefill_chunk, lang),
                    engine=t(lang, f"launch_engine.{plan.launch_engine}.engine"),
                )
            )

    wb = weight_bytes(plan.model, plan.precision, catalog)
    kv_bytes = plan.kv.bytes_per_value
    shared_kv = (
        kv_cache.shared_prefix_bytes(plan.model, plan.shared_prefix, plan.context, kv_bytes)
        if plan.shared_prefix and not plan.stage.is_training
        else 0
    )
    return SizingResult(
        workload=_resolved(plan, wb.bits_per_weight, catalog, wb.exact),
        assumptions=assumptions,
        memory=total,
        kv_bytes_per_token=kv_cache.bytes_per_token(plan.model, kv_bytes),
        kv_bytes_per_conversation=0
        if plan.stage.is_training
        else kv_cache.sequence_bytes(plan.model, plan.context, kv_bytes) - shared_kv,
        shared_prefix_kv_bytes=shared_kv,
        shared_prefix_document=bool(shared_kv) and workload.shared_prefix_document,
        recommendation=rec,
        requested=asked,
        verdict=verdict,
        alternatives=alternatives,
        contract=advice.contract(plan, rec),
        notes=_pilot_notes(workload, rec, catalog, source)
        + _growth_notes(workload, rec, catalog, source)
        + advice.notes(plan, rec, catalog, asked),
        estimates=estimates,
        currency=catalog.offering.currency if catalog.offering.has_prices else None,
        decided_by=decided,
        decided=(
            t(lang, f"decided.{decided}", setup=advice.describe(rec, lang), without=budget_pick.setup)
            if decided in ("budget_hour", "budget_month") and budget_pick is not None and rec is not None
            else _fastest_decided(plan, rec, unasked, bounded, fewer)
            if decided == "fastest_service"
            else _speech_decided(plan, speech_before, rec, catalog)
            if decided == "speech"
            else _named_run_decided(plan, named_run, catalog)
            if decided == "named_run"
            else _deadline_more_decided(plan, more_run, catalog)
            if decided == "deadline_more"
            else _run_budget_decided(run_pick, decided, catalog, lang)
            if run_pick is not None and decided and decided.endswith((run_pick.job, run_pick.job + "_none"))
            else advice.decided_text(plan, rec, decided, catalog, avail)
            if decided
            else None
        ),
        availability=avail,
        budget_pick=budget_pick,
        batch_time=advice.batch_time(plan, rec),
        cheaper=cheaper,
        gpu_choice=gpu_choice,
        gpu_comparison=gpu_comparison,
        run_choice=run_choice if named_run is None else _named_run_choice(plan, named_run, catalog),
        run_budget_pick=run_pick,
        speech_apart=None if plan.stage.is_training else advice.speech_apart(plan, rec, catalog),
    )


def _fastest_decided(plan: Plan, rec: Setup, unasked: Setup, bounded: bool, fewer: Setup | None) -> str:
    """What "the fastest" decided of a service: the setup, its first token and speed per user (its performance
    at the load sized), the fastest with fewer GPUs (what more GPUs buy), and the recommendation it replaces, if
    another."""
    lang, perf = plan.lang, rec.performance
    said = t(lang, "decided.fastest_service" + ("_budget" if bounded else ""), setup=advice.describe(rec, lang),
             ttft=i18n.number(perf.ttft_s, lang, 2), tps=i18n.number(perf.tokens_per_s_per_user, lang),
             near=i18n.percent(advice.FASTEST_NEAR, lang))  # fmt: skip
    fewer_is_unasked = fewer is not None and advice.same_setup(fewer, unasked)
    if fewer is not None and not fewer_is_unasked:
        said += " " + t(lang, "decided.fastest_service_fewer", setup=advice.describe(fewer, lang),
                        ttft=i18n.number(fewer.performance.ttft_s, lang, 2),
                        tps=i18n.number(fewer.performance.tokens_per_s_per_user, lang))  # fmt: skip
    if fewer_is_unasked:
        said += " " + t(lang, "decided.fastest_service_without_figures", without=advice.describe(unasked, lang),
                        ttft=i18n.number(fewer.performance.ttft_s, lang, 2),
                        tps=i18n.number(fewer.performance.tokens_per_s_per_user, lang))  # fmt: skip
    elif not advice.same_setup(rec, unasked):
        said += " " + t(lang, "decided.fastest_service_without", without=advice.describe(unasked, lang))
    return said


def _run_budget_decided(pick, decided: str, catalog: Catalog, lang: str) -> str:
    """What a job's budget (or "the fastest") decided, in words with no prices (they show only where prices
    may): the budget as weighed (the job's, its month's, an hour's), the setup its rule picks within it and the
    one it replaces, or that none does and the cheapest stays; with its time, when estimated."""
    key = f"decided.{decided}" + ("_without" if pick.without and pick.chosen else "")
    time = i18n.duration(pick.hours / 24, lang) if pick.hours is not None else t(lang, "decided.run_untimed")
    budget = t(lang, f"decided.run_budget.{pick.job}_{pick.unit}") if pick.unit else ""
    if pick.job == "training" and pick.chosen and (pick.same_day or pick.fewest is not None):
        # a run within a working day at its cheapest, or else the fastest with each GPU weighed at more of it
        # for no more per run (run_budget.more_of_kind), then what the fewest of its GPU take
        hours = i18n.number(catalog.offering.business_hours_per_day, lang)
        said = t(lang, "decided.budget_training_" + ("day" if pick.same_day else "more"), budget=budget,
                 setup=pick.setup, time=time, hours=hours,
                 across=i18n.day_count(run_budget.ACROSS_AFTER_DAYS, lang))  # fmt: skip
        if pick.fewest is not None:
            said += " " + t(lang, "decided.more_same_cost", fewest=pick.fewest,
                            fewest_time=i18n.duration(pick.fewest_hours / 24, lang))  # fmt: skip
        without = pick.without not in (None, pick.fewest)  # (the fewest, said already)
        return said + (" " + t(lang, "decided.more_without", without=pick.without) if without else "")
    suffix = "_asked" if pick.fastest_asked and pick.unit else ""
    if not suffix and pick.rule == "fastest" and pick.billed_hours is not None:
        suffix = (
            "_month"  # in a mode sold by the month each GPU more pays its month: never "the same per run"
        )
    rule = t(lang, f"decided.run_rule.{pick.rule}{suffix}")
    return t(lang, key, setup=pick.setup, time=time, without=pick.without, budget=budget, rule=rule)


def _more_gpus(setup: str, hours: float, same_day: bool, catalog: Catalog, lang: str) -> str:
    """What more of one GPU buy a run, said after the fewest of it: the same GPU-hours, sooner."""
    day = i18n.number(catalog.offering.business_hours_per_day, lang)
    return t(lang, "decided.more_gpus" + ("" if same_day else "_quickest"), setup=setup,
             time=i18n.duration(hours / 24, lang), hours=day)  # fmt: skip


def _speech_times(plan: Plan, setup: Setup, catalog: Catalog) -> int:
    """advice.speech_copies for a setup, the LLM's share of the GPUs' time weighed at the load the answer
    sizes for (1: no speech load, or the setup serves it as it is)."""
    if plan.speech_load is None or setup is None:
        return 1
    weighed = msgspec.structs.replace(setup, performance=traffic.performance(plan, setup, catalog))
    return advice.speech_copies(plan, weighed, catalog)


def _speech_repeated(plan: Plan, rec: Setup, catalog: Catalog) -> Setup | None:
    """The recommendation repeated as the speech notes advise (advice.speech_copies), each copy with the LLM and
    the speech model; None where it stands as it is."""
    times = _speech_times(plan, rec, catalog)
    if times == 1:
        return None
    copies = rec.replicas * times
    shape = shape_for(plan, catalog.gpu(rec.gpu), rec.count // rec.replicas, catalog)
    return traffic.build(plan, shape, copies, max(-(-plan.users // copies), 1), catalog)


def _speech_decided(plan: Plan, before: Setup, rec: Setup, catalog: Catalog) -> str:
    """What decided a setup repeated for the speech beside the LLM: the smaller one holds both, but their time
    together is over the plan's ceiling there (the notes give the figures)."""
    lang = plan.lang
    said = t(lang, "decided.speech", base=advice.describe(before, lang), setup=advice.describe(rec, lang),
             plan=i18n.percent(catalog.traffic.capacity.plan_utilization, lang))  # fmt: skip
    weighed = msgspec.structs.replace(before, performance=traffic.performance(plan, before, catalog))
    return f"{said} {advice.speech_repeated_why(plan, weighed, catalog)}".rstrip()


def _rec_performance(plan: Plan, rec: Setup, at_rate, users: int, catalog: Catalog) -> Performance | None:
    """The recommendation's performance for `users` conversations. Under a rate the conversations play no part
    in a setup's performance (traffic.performance): the one that sized them is the recommendation's, unless the
    recommendation changed since."""
    if at_rate is not None and at_rate[0] is rec and plan.traffic:
        return at_rate[1]
    return traffic.performance(plan.but(users=users), rec, catalog)


def _add_costs(plan: Plan, setups: list[Setup | None], catalog: Catalog, later: bool = False) -> None:
    """Each setup's cost, where the offering prices it (a setup shown twice is priced once). `later`: worked
    out where something reads it (the alternatives': `--json` and the detail button do, the first Slack
    message only for a few kinds; the recommendation's: the first message where prices may be shown), for a
    setup whose performance is known, which no one replaces once set."""
    deferred = (_cost, plan, catalog)  # one for every setup deferred here
    # An offering with no prices prices nothing (advice.cost: None at once): nothing to defer
    later = later and catalog.offering.has_prices
    for setup in setups:
        if setup is None or waiting(setup, "cost") or setup.cost is not None:
            continue
        if later and setup.performance is not None:
            setup.defer(("cost",), deferred)
        else:
            setup.cost = advice.cost(plan, setup, catalog)


def _add_capacities(plan: Plan, setups: list[Setup | None], catalog: Catalog, later: bool = False) -> None:
    """Capacity in words, for the setups an answer shows (not for every setup the search tried). `later`: the
    words worked out where something reads them (the alternatives': their own text says their capacity)."""
    deferred = (_capacity, plan)
    for setup in setups:
        if (
            setup is None
            or setup.problem is not None
            or waiting(setup, "capacity")
            or setup.capacity is not None
        ):
            continue
        add_capacity(plan, setup, catalog)
        if later:
            setup.defer(("capacity",), deferred)
        else:
            setup.capacity = advice.capacity(plan, setup)


def _cost(setup: Setup, name: str, plan: Plan, catalog: Catalog) -> tuple:
    return (("cost", advice.cost(plan, setup, catalog)),)


def _capacity(setup: Setup, name: str, plan: Plan) -> tuple:
    return (("capacity", advice.capacity(plan, setup)),)


def _brief(plan: Plan, rec: Setup | None, at_rate, memory: Memory, catalog: Catalog) -> SizingResult:
    """A sizing as the head-count reading and a pilot's or growth's note read it: the recommendation with its
    performance, cost and capacity, and the workload as sized (its load); nothing else of an answer. None of
    them judges a GPU named (a head-count reading asks nothing of one, nor "how many fit": its recommendation
    is the same without), nor shows alternatives, estimates, notes, what set the size, the copies left when
    one fails, or the assumptions and engine flags (the last had been worked out for every reading)."""
    if rec is not None and not plan.stage.is_training:
        rec.performance = _rec_performance(plan, rec, at_rate, plan.users, catalog)
    _add_costs(plan, [rec], catalog)
    if not plan.stage.is_training:
        _add_capacities(plan, [rec], catalog)
    wb = weight_bytes(plan.model, plan.precision, catalog)
    return SizingResult(
        workload=_resolved(plan, wb.bits_per_weight, catalog, wb.exact),
        assumptions=[],
        memory=memory,
        recommendation=rec,
        alternatives=[],
        contract=advice.contract(plan, rec),
        notes=[],
        estimates=Estimates(text=[]),
        currency=catalog.offering.currency if catalog.offering.has_prices else None,
    )


# A setup cheaper per run by less than this share is no saving worth a word (the MFU estimate is rougher).
RUN_SAVING = 0.05


def _run_choice(plan: Plan, rec, catalog: Catalog) -> RunChoice | None:
    """A training run with a token count and prices: the setup that costs least per run against the smallest
    (`rec`). A run's cost is its GPU-hours at the GPU's price, and its GPU-hours are the same FLOPs over the GPU's
    BF16 peak at the same MFU however many GPUs share them (advice.training_days), so the cheapest is the fewest of
    the GPU whose price buys the most FLOPs that holds the run (and finishes it by the deadline). It is the
    recommendation when it also finishes no later than the smallest on no more GPUs (an H100 that ends in a day for
    less than an L40S takes in three; eight L40S over PCIe are not sharded as cheaply as the estimate's MFU
    assumes); otherwise the smallest stays, and the answer says what the cheaper one saves and its time. None when the question names GPUs, a count or a layout, or nothing is cheaper by RUN_SAVING."""
    if (
        rec is None
        or not plan.stage.is_training
        or not plan.timed
        or plan.method.is_rl
        or not catalog.offering.has_prices
        or plan.gpu is not None
        or plan.compare
        or plan.gpus
        or plan.layout_given
        or plan.machine is not None
    ):
        return None
    rec_cost = advice.cost(plan, rec, catalog)
    if rec_cost is None or rec_cost.project_total is None:
        return None
    rec_days = advice.training_days(plan, rec, catalog)
    seen: set[str] = {rec.gpu}
    best = None
    for shape in candidates(catalog):
        if shape.gpu.id in seen or not holds(plan, shape, catalog):
            continue
        seen.add(shape.gpu.id)  # the fewest of each GPU: more of it cost the same and only finish sooner
        setup = evaluate(plan, shape, catalog, capacity=False)
        days = advice.training_days(plan, setup, catalog)
        if plan.days and days > plan.days:
            seen.discard(shape.gpu.id)  # more of it may finish in time
            continue
        cost = advice.cost(plan, setup, catalog)
        if cost is None or cost.project_total is None:
            continue
        if best is None or cost.project_total < best[1]:
            best = (setup, cost.project_total, days)
    if best is None or best[1] > rec_cost.project_total * (1 - RUN_SAVING):
        return None
    setup, total, days = best
    return RunChoice(smallest=rec, smallest_total=rec_cost.project_total, smallest_days=rec_days, cheapest=setup,
                     cheapest_total=total, cheapest_days=days,
                     recommended="cheapest" if days <= rec_days and _shards_as_cheaply(setup, rec, catalog) else "smallest")  # fmt: skip


def _shards_as_cheaply(setup, rec, catalog: Catalog) -> bool:
    """Whether a training on `setup` is timed as soundly as on `rec`: on no more GPUs, or on more joined by NVLink
    in one server, where sharding costs what the estimate's MFU assumes (measured on NVLink servers: offering.toml
    [training] mfu). Over PCIe, or across servers, more GPUs spend on communication what it does not count."""
    if setup.count <= rec.count:
        return True
    return setup.servers == 1 and catalog.gpu(setup.gpu).interconnect == "nvlink"


class NamedRun(NamedTuple):
    """A training on a GPU named with no count: the setup of it chosen, the fewest of it that hold the run (in
    time) and the quickest of it, each with the run's days, and the offering's smallest that holds the run."""

    chosen: Setup
    days: float
    fewest: Setup
    fewest_days: float
    smallest: Setup
    smallest_days: float
    same_day: bool  # the chosen ends the run within a working day


def _named_kind_run(plan: Plan, rec, catalog: Catalog) -> NamedRun | None:
    """ "fine-tune do llama 3.1 70b em H100" with its tokens: the answer had recommended the offering's smallest
    setup (2× H200, R$ 515 in ~10 h) beside the H100s named, which run it for R$ 400 in ~5 h. A run's GPU-hours
    are the same however many of one GPU share them (advice.training_days), so its cost is too, where the price
    per GPU-hour does not change with the count: of the counts of the GPU named that hold the run in time (in one
    server where one holds it, else the fewest servers: the estimate does not time the network between them), the
    cheapest per run,
    and among those within RUN_SAVING of it the fewest that end the run within a working day (more only shorten a
    run already done the same day), else the quickest. It is the recommendation where it costs no more per run
    than the smallest (without prices: ends no later). None when the question gives a count, a layout, a budget
    or another GPU to weigh, or names a GPU we do not rent."""
    gpu = plan.gpu
    if (
        rec is None
        or not plan.stage.is_training
        or not plan.timed
        or plan.method.is_rl
        or gpu is None
        or isinstance(gpu, Budget)
        or getattr(gpu, "laptop", False)
        or _setup_given(plan)
    ):
        return None
    options = []
    for shape in candidates(catalog):
        if shape.gpu.id != gpu.id or not holds(plan, shape, catalog):
            continue
        setup = evaluate(plan, shape, catalog, capacity=False)
        days = advice.training_days(plan, setup, catalog)
        if setup.fits and not (plan.days and days > plan.days):
            options.append((setup, days, _run_total(plan, setup, catalog)))
    if not options:
        return None
    if any(s.servers == 1 for s, _, _ in options):
        options = [o for o in options if o[0].servers == 1]
    else:
        options = options[:1]  # across servers the network is not timed either: the fewest that hold it
    priced = all(total is not None for _, _, total in options)
    if priced:
        cheapest = min(total for _, _, total in options)
        options = [o for o in options if o[2] <= cheapest * (1 + RUN_SAVING)]
    if gpu.interconnect == "pcie":
        # GPUs that talk over PCIe, no NVLink: sharding the run over more of them spends on communication what the
        # estimate's MFU does not count (eight L40S are not sharded as cheaply as it assumes); the fewest stay
        options = options[:1]
    day = catalog.offering.business_hours_per_day / 24
    same_day = [o for o in options if o[1] <= day]
    chosen, days, total = same_day[0] if same_day else min(options, key=lambda o: (o[1], o[0].count))
    rec_days, rec_total = advice.training_days(plan, rec, catalog), _run_total(plan, rec, catalog)
    if advice.same_setup(chosen, rec) or not _shards_as_cheaply(chosen, rec, catalog):
        return None  # (more GPUs than the smallest over PCIe or across servers: timed less soundly than it)
    if priced and rec_total is not None:
        if total > rec_total:
            return (
                None  # the GPU named costs more per run: the smallest stays, and the verdict says the GPU's
            )
    elif days > rec_days:
        return None
    fewest, fewest_days, _ = options[0]
    return NamedRun(chosen=chosen, days=days, fewest=fewest, fewest_days=fewest_days, smallest=rec,
                    smallest_days=rec_days, same_day=bool(same_day))  # fmt: skip


def _named_run_choice(plan: Plan, run: NamedRun, catalog: Catalog) -> RunChoice | None:
    """The run's cost on the GPU named beside the offering's smallest, for the cost lines (prices show only
    where they may): None without prices."""
    total, smallest_total = _run_total(plan, run.chosen, catalog), _run_total(plan, run.smallest, catalog)
    if total is None or smallest_total is None:
        return None
    return RunChoice(smallest=run.smallest, smallest_total=smallest_total, smallest_days=run.smallest_days,
                     cheapest=run.chosen, cheapest_total=total, cheapest_days=run.days, recommended="named")  # fmt: skip


def _named_run_decided(plan: Plan, run: NamedRun, catalog: Catalog) -> str:
    """What decided a training on a GPU named with no count (_named_kind_run), in words with no prices (they show
    only where prices may, in the verdict of the GPU named): the rule, the fewest of it that hold the run and
    its time, and the offering's smallest, which the recommendation would otherwise be."""
    lang = plan.lang
    gpu = catalog.gpu(run.chosen.gpu)
    hours = i18n.number(catalog.offering.business_hours_per_day, lang)
    key = (
        "decided.named_run_servers"
        if run.chosen.servers > 1
        else "decided.named_run_pcie"
        if gpu.interconnect == "pcie"
        else "decided.named_run"
        if run.same_day
        else "decided.named_run_quickest"
    )
    said = t(lang, key, gpu=gpu.name, setup=advice.describe(run.chosen, lang), days=advice.days_text(run.days, lang),
             hours=hours, deadline=i18n.day_count(plan.days, lang) if plan.days else "")  # fmt: skip
    if not advice.same_setup(run.fewest, run.chosen):
        said += " " + t(lang, "decided.named_run_fewest", setup=advice.describe(run.fewest, lang),
                        days=advice.days_text(run.fewest_days, lang))  # fmt: skip
    if run.smallest.gpu != run.chosen.gpu:
        said += " " + t(lang, "decided.named_run_smallest", setup=advice.describe(run.smallest, lang),
                        days=advice.days_text(run.smallest_days, lang))  # fmt: skip
    return said


def _deadline_more(plan: Plan, rec, run_choice: RunChoice | None, catalog: Catalog):
    """A training with its deadline and prices, no budget: more of the GPU recommended where they end the run
    sooner for no more per run (run_budget.more_of_kind: the fewest within a working day, else the quickest in
    one server). "LoRA no Qwen2.5 14B com 200 mil exemplos, prazo de 1 dia" had been 1× H100 for ~17 hours, where
    two end it in ~8.5 for the same cost. None when the question names GPUs, a count, a layout, a budget (weighed
    by run_budget) or the least time, when the smaller stays beside a cheaper slower one (run_choice), or when
    the deadline is the default one."""
    if (
        rec is None
        or not plan.stage.is_training
        or plan.method.is_rl
        or not plan.days
        or plan.days_assumed
        or plan.budget is not None
        or plan.fastest
        or not catalog.offering.has_prices
        or plan.gpu is not None
        or _setup_given(plan)
        or (run_choice is not None and run_choice.recommended != "cheapest")
    ):
        return None
    return run_budget.more_of_kind(plan, rec, catalog)


def _setup_given(plan: Plan) -> bool:
    """The question fixed the setup (a count, GPU-hours, GPUs to compare, a layout, a machine of its own): the
    customer's choice, judged as asked, not one a run's cost chooses for them."""
    return bool(
        plan.gpus
        or plan.count_asked
        or plan.gpu_hours_asked
        or plan.compare
        or plan.layout_given
        or plan.machine is not None
    )


def _deadline_more_decided(plan: Plan, more, catalog: Catalog) -> str:
    first, chosen, same_day = more
    lang = plan.lang
    said = t(lang, "decided.deadline_more", deadline=i18n.day_count(plan.days, lang),
             fewest=advice.describe(first.setup, lang), fewest_time=i18n.duration(first.hours / 24, lang))  # fmt: skip
    return said + " " + _more_gpus(advice.describe(chosen.setup, lang), chosen.hours, same_day, catalog, lang)


def _run_total(plan: Plan, setup, catalog: Catalog) -> float | None:
    """What a training run costs on `setup` (advice.cost's project total), or None without prices or tokens."""
    if setup is None or not plan.timed or plan.method.is_rl or not catalog.offering.has_prices:
        return None
    cost = advice.cost(plan, setup, catalog)
    return cost.project_total if cost is not None else None


# The training alternatives offered for the smaller setup a change reaches (sizing/advice.py).
SMALLER_KINDS = frozenset(
    {"lora_instead", "qlora_instead", "adam_8bit", "smaller_batch", "other_stack", "tensor_parallel"}
)


def _run_choice_alternative(plan: Plan, choice: RunChoice) -> Alternative:
    """The setup of a RunChoice not recommended, in words with no prices (shown where prices are not): the
    smallest after a cheaper, faster recommendation; the cheaper, slower one beside the smallest."""
    lang = plan.lang
    if choice.recommended == "cheapest":
        return Alternative(kind="smallest_run", setup=choice.smallest,
                           text=t(lang, "alt.smallest_run", setup=advice.describe(choice.smallest, lang),
                                  days=advice.days_text(choice.smallest_days, lang),
                                  rec_days=advice.days_text(choice.cheapest_days, lang)))  # fmt: skip
    key = "alt.cheapest_run_more" if choice.cheapest_days <= choice.smallest_days else "alt.cheapest_run"
    return Alternative(kind="cheapest_run", setup=choice.cheapest,
                       text=t(lang, key, setup=advice.describe(choice.cheapest, lang),
                              days=advice.days_text(choice.cheapest_days, lang),
                              rec_days=advice.days_text(choice.smallest_days, lang)))  # fmt: skip


def _stages_in_turn(workload: Workload, catalog: Catalog, source: ModelSource | None) -> SizingResult:
    """A plan in two training stages ("continued pretraining com 2B tokens e depois SFT com LoRA em 10 mil
    exemplos"): each sized alone with its own data, the heavier answered in full (the GPUs rented must hold
    it, and it sets the project's hours) and the other in a note, as _pilot_notes adds a pilot's setup. The
    heavier needs more GPU memory in its setup, or, on the same memory, more GPU-hours."""
    done = {"then_stage": None, "then_tokens": None, "then_examples": None, "then_epochs": None}
    first = workload.but(**done)
    second = workload.but(
        stage=workload.then_stage,
        tokens=workload.then_tokens,
        examples=workload.then_examples,
        epochs=workload.then_epochs,
        **done,
    )
    try:
        sized = [(first, size(first, catalog, source))]
    except SizingError:
        return size(second, catalog, source)  # the first cannot be sized: the answer is the second's
    try:
        sized.append((second, size(second, catalog, source)))
    except SizingError:
        return sized[0][1]

    def weight(stage: tuple[Workload, SizingResult]) -> tuple[float, float]:
        setup = stage[1].recommendation
        held = setup.count * setup.gpu_memory_bytes if setup is not None else math.inf
        return held, stage[1].estimates.gpu_hours or 0.0

    (sized_w, heavier), (other_w, other) = sorted(sized, key=weight, reverse=True)
    lang = heavier.workload.lang
    if other.recommendation is None:
        return heavier
    days = other.estimates.wall_clock_days
    note = t(
        lang,
        "note.stage_other_first" if other_w is first else "note.stage_other_then",
        sized=t(lang, f"understood.stage.{sized_w.stage.value}"),
        other=t(lang, f"understood.stage.{other_w.stage.value}"),
        data=stage_data(other_w, lang),
        setup=advice.describe(other.recommendation, lang),
        time=t(lang, "note.stage_time", time=i18n.duration(days, lang)) if days else "",
    )
    return msgspec.structs.replace(heavier, notes=[note, *heavier.notes])


def stage_data(w: Workload, lang: str) -> str:
    """ " (10.000 exemplos de treino)": the data a stage was sized with, as the "Entendi" line says it (bot
    rendering says a second stage's with it)."""
    said = []
    if w.tokens:
        said.append(t(lang, "understood.tokens", n=i18n.count(w.tokens, lang)))
    if w.examples:
        said.append(t(lang, "understood.examples", n=i18n.number(w.examples, lang)))
    if w.epochs:
        said.append(
            t(lang, "understood.epochs_one")
            if w.epochs == 1
            else t(lang, "understood.epochs_other", n=w.epochs)
        )
    return f" ({', '.join(said)})" if said else ""


def _head_count_reading(
    workload: Workload, rec: Setup | None, catalog: Catalog, source: ModelSource | None
) -> Alternative | None:
    """ "chat interno pra 800 pessoas": users said alone, below traffic.toml's users_as_population_from, are
    sized as that many conversations at once; an internal chat for 800 people never has 800 answers generating
    together. The other reading, those people as a head-count (traffic.toml's share active at the peak and
    requests each), sized as its own workload, when its setup is clearly smaller than this one (at most
    head_count_reading_at_most of its price, or of its GPU memory where there are no prices); None otherwise,
    and for users said at once ("800 usuários simultâneos", "concurrency 64"), a share said ("10% ao mesmo
    tempo"), any rate or volume, a launch line's ceiling, training."""
    w = workload
    population = catalog.traffic.population
    if (
        w.stage.is_training
        or w.users is None
        or not population.head_count_reading_from <= w.users < population.users_as_population_from
        or w.users_at_once
        or w.users_limit
        or w.capacity_asked
        or w.population is not None
        or w.active_share is not None
        or w.requests_per_active_hour is not None
        or w.rate_per_s
        or w.requests_per_day
        or w.requests_per_week
        or w.requests_per_month
        or w.batch_items
        # Fewer than one of them active at the busiest hour: a handful of people is read at once as said.
        or w.users * population.peak_active_share < 1
    ):
        return None
    try:
        other = size(w.but(users=None, population=w.users), catalog, source, brief=True)
    except SizingError:
        return None
    setup, load = other.recommendation, other.workload.load
    if setup is None or setup.performance is None or load is None or load.rate_per_s is None:
        return None
    if rec is not None and not _clearly_smaller(setup, rec, population.head_count_reading_at_most):
        return None
    lang, p = i18n.lang_of(w.lang), setup.performance
    per_hour = load.requests_per_active_hour or population.requests_per_active_hour
    text = t(
        lang,
        "alt.head_count",
        n=i18n.number(w.users, lang),
        rate=rate_text(load.rate_per_s, lang),
        share=i18n.percent(load.active_share or population.peak_active_share, lang),
        per_hour=i18n.number(per_hour, lang, 0 if per_hour == int(per_hour) else 1),
        setup=advice.describe(setup, lang),
        # its speed for each person, not the throughput of a load this light ("~1 tokens/s no total")
        per_user=i18n.number(p.tokens_per_s_per_user, lang),
        ttft=i18n.number(p.ttft_s, lang, 2 if p.ttft_s < 1 else (1 if p.ttft_s < 10 else 0)),
    )
    return Alternative(kind="head_count", text=text, setup=setup, load=load)


def _clearly_smaller(setup: Setup, rec: Setup, share: float) -> bool:
    """Whether `setup` rents at most `share` of what `rec` does: its price a month in the recommendation's
    contract mode where both are priced, else the GPU memory it takes (the same GPUs in fewer copies, or
    smaller GPUs)."""
    theirs = rec.cost.by_contract_mode.get(rec.cost.mode) if rec.cost else None
    mine = setup.cost.by_contract_mode.get(rec.cost.mode) if setup.cost and rec.cost else None
    if mine is not None and theirs is not None:
        return mine.per_month <= share * theirs.per_month
    return setup.count * setup.gpu_memory_bytes <= share * rec.count * rec.gpu_memory_bytes


def _smaller_load_note(
    workload: Workload, changes: dict, rec, key: str, catalog: Catalog, source: ModelSource | None, **params
) -> list[str]:
    """The note `key` (its "_same" variant where the setup is the recommendation's) with the setup the workload
    needs with `changes` (a pilot's users, today's load before a growth), sized as the workload is; [] when none
    serves it."""
    try:
        # brief: the note says its recommendation alone
        smaller = size(workload.but(**changes), catalog, source, brief=True)
    except SizingError:
        return []
    setup = smaller.recommendation
    if setup is None:
        return []
    lang = smaller.workload.lang
    key = f"{key}_same" if advice.same_setup(setup, rec) else key
    said = {k: v(lang) if callable(v) else v for k, v in params.items()}
    return [t(lang, key, setup=advice.describe(setup, lang), **said)]


def _pilot_notes(workload: Workload, rec, catalog: Catalog, source: ModelSource | None) -> list[str]:
    """ "Piloto: com 10 usuários, basta 1× H200": the first phase of a service said in phases ("piloto com 10
    usuários e depois 100"), sized as the production is, with its own users; [] when there is none."""
    if not workload.pilot_users or workload.stage.is_training:
        return []
    users = workload.pilot_users
    return _smaller_load_note(workload, {"users": users, "pilot_users": None}, rec, "note.pilot", catalog, source,
                              users=lambda lang: advice.users_phrase(users, lang))  # fmt: skip


# The fields a load is given in, scaled back to today's by a growth (sizing/query.py _scale_load scaled them up).
_GROWN = ("rate_per_s", "requests_per_day", "requests_per_week", "requests_per_month", "population", "users")


def _growth_notes(workload: Workload, rec, catalog: Catalog, source: ModelSource | None) -> list[str]:
    """ "Hoje, com a carga de antes do crescimento (2× menor): 1× A100 serve": the load before the growth said
    ("dobrar em 6 meses"), sized as the grown one is; [] when there is none."""
    # "size for our current 40 rps": today's load sized, the grown one (growth_later times it) said instead
    growth, key = (
        (workload.growth_later, "note.growth_later")
        if workload.growth_later
        else (workload.growth, "note.growth_today")
    )
    if not growth or workload.stage.is_training or rec is None:
        return []
    later = key == "note.growth_later"

    def scaled(value: float) -> float:
        return value * growth if later else value / growth

    other: dict = {"growth": None, "growth_later": None}
    for field in _GROWN:
        if (value := getattr(workload, field)) is not None:
            other[field] = scaled(value) if field == "rate_per_s" else max(round(scaled(value)), 1)
    if workload.rate_from_volume is not None:
        kind, tokens = workload.rate_from_volume
        other["rate_from_volume"] = (kind, scaled(tokens))
    return _smaller_load_note(workload, other, rec, key, catalog, source,
                              factor=lambda lang: i18n.number(growth, lang, 0 if growth == int(growth) else 1))  # fmt: skip


def _reading_time_target(plan: Plan, catalog: Catalog):
    """(the plan, its recommendation) with a first-token target it can meet, when the chat default is one no
    setup we rent meets even unloaded (a 100-page contract is read in more than 2 s on any GPU): twice what
    reading the prompt takes on the smallest setup that holds it (a request waits for at most one read ahead
    of it), so that the answer sizes the load instead of saying nothing serves it. None when the default was
    not the cause. Only a default is relaxed: a target the question gave stands, and the answer says it is
    missed."""
    fastest = traffic.fastest_first_token(plan, catalog)
    if fastest is None or fastest <= plan.ttft_target:
        return None
    reading = traffic.first_token_on_smallest(plan, catalog)
    if reading is None:
        return None
    lang, default = plan.lang, plan.ttft_target
    target = 2 * reading
    said = t(lang, "assume.traffic.latency_reading", prompt=i18n.tokens(plan.prompt, lang),
             default=i18n.seconds(default, lang), fastest=i18n.number(fastest, lang, 1),
             reading=i18n.number(reading, lang, 1), target=i18n.number(target, lang, 0))  # fmt: skip
    relaxed = plan.but(ttft_target=target, assumptions=_in_place_of_default(plan, said, catalog))
    rec = _recommendation(relaxed, catalog)
    return (relaxed, rec) if rec is not None else None


def _fast_in_words(workload: Workload) -> bool:
    """Fast answers asked for in words ("respostas rápidas", autocomplete), no first token typed in seconds:
    the target is ours (MLPerf's interactive limits, traffic.toml), not the customer's."""
    fast = workload.fast_latency or workload.code_completion
    return bool(fast) and workload.ttft_s is None and workload.e2e_s is None


def _fastest_reading_target(plan: Plan, catalog: Catalog):
    """(the plan, its recommendation) when fast answers were asked for in words and no setup we rent reads the
    prompt within the interactive first token (MLPerf's long-context interactive limit, 4.5 s, for 75,000
    tokens: ~4.8 s on the fastest): sized for the fastest first token there is, that read in tenths of a
    second, else twice it (a request waits for at most one read ahead of it, as _reading_time_target()).
    The answer had been that nothing we rent serves the load. None when the fast target was not the cause."""
    fastest = traffic.fastest_first_token(plan, catalog)
    if fastest is None or fastest <= plan.ttft_target:
        return None
    lang, fast = plan.lang, plan.ttft_target
    for target in (math.ceil(fastest * 10 - 1e-9) / 10, float(math.ceil(2 * fastest - 1e-9))):
        relaxed = plan.but(ttft_target=target)
        rec = _recommendation(relaxed, catalog)
        if rec is None or rec.problem is not None:
            continue
        said = t(lang, "assume.traffic.latency_fast_reading", prompt=i18n.tokens(plan.prompt, lang),
                 fast=i18n.seconds(fast, lang), fastest=i18n.number(fastest, lang, 1),
                 target=i18n.number(target, lang, 1), tps=i18n.speed(1 / plan.tpot_target, lang))  # fmt: skip
        return relaxed.but(assumptions=_in_place_of_default(plan, said, catalog)), rec
    return None


def _closest_to_given_first_token(plan: Plan, catalog: Catalog):
    """(the plan, its recommendation) when the question's first token is one no setup we rent gives even
    unloaded (30,000 tokens read in 0.2 s): sized for the fastest first token there is, in tenths of a second
    above it or twice it, so that the answer recommends what comes closest and says what is reachable ("what decided")
    instead of recommending nothing. None when that target was not the cause (the speed asked for, or the
    load, is missed too)."""
    fastest = traffic.fastest_first_token(plan, catalog)
    if fastest is None or fastest <= plan.ttft_target:
        return None
    # As _fastest_reading_target(): the fastest read in tenths, or twice it (one request ahead at most). Within
    # reason: the closer one unless it takes more copies of the model only so that no request ever waits for
    # another's read (30 analysts on 100-page contracts: 24 H200s for ~5 s against 8 for ~10 s).
    found = []
    for target in (math.ceil(fastest * 10 - 1e-9) / 10, float(math.ceil(2 * fastest - 1e-9))):
        relaxed = plan.but(ttft_target=target, missed_ttft=plan.ttft_target)
        rec = _recommendation(relaxed, catalog)
        if rec is not None and rec.problem is None:
            found.append((relaxed, rec))
    if len(found) == 2 and found[1][1].replicas < found[0][1].replicas:
        return found[1]
    return found[0] if found else None


def _closest_to_given_speed(plan: Plan, catalog: Catalog):
    """(the plan, its recommendation) when the question's tokens a second per user are more than any setup we
    rent gives one conversation unloaded (100 tokens/s on a 72B in 16 bits): sized for the fastest there is,
    in whole tokens a second below it, as _closest_to_given_first_token() for a first token. None when the
    speed was not the cause."""
    fastest = traffic.fastest_speed(plan, catalog)
    if fastest is None or plan.tpot_target is None or fastest >= 1 / plan.tpot_target:
        return None
    relaxed = plan.but(
        tpot_target=1 / max(math.floor(fastest), 1), missed_tokens_per_s=plan.given_tokens_per_s
    )
    rec = _recommendation(relaxed, catalog)
    return (relaxed, rec) if rec is not None and rec.problem is None else None


def _closest_to_given_answer_time(plan: Plan, catalog: Catalog):
    """(the plan, its recommendation) when the question's whole-answer time is one no setup we rent gives even
    unloaded (500 tokens in 0.5 s): sized for the shortest answer time there is, in tenths of a second above it
    (whole seconds from 10 s), else a tenth more at a time up to twice it where the load's conversations slow
    each other, as _closest_to_given_first_token() for a first token. With no precision said, the precision
    below is weighed too (_cheaper_precision_closest). None when that target was not the cheaper cause."""
    found = _closest_answer_at(plan, catalog)
    if found is None:
        return None
    return (
        _cheaper_precision_closest(plan, *found, catalog)
        or _cheaper_same_closest(plan, *found, catalog)
        or found
    )


def _closest_answer_at(plan: Plan, catalog: Catalog):
    best = traffic.fastest_answer(plan, catalog)
    if best is None:
        return None
    fastest = traffic.perf.end_to_end(best.ttft_s, best.tpot_s, plan.output)
    if fastest <= plan.e2e_target:
        return None

    def above(
        s: float,
    ) -> float:  # the figure an answer says, rounded up so that it is never below what is reached
        return float(math.ceil(s - 1e-9)) if s >= 10 else math.ceil(s * 10 - 1e-9) / 10

    # a tenth more at each step, up to twice it: the first the load is met at is the closest
    for target in dict.fromkeys(above(fastest * (1 + k / 10)) for k in range(11)):
        relaxed = plan.but(missed_e2e=plan.e2e_target, **traffic.answer_time_targets(plan, target))
        rec = _recommendation(relaxed, catalog)
        if rec is not None and rec.problem is None:
            return relaxed, rec
    return None


# A setup sized for a whole answer this share longer than the closest's is "nearly as fast" at one precision
SAME_NEAR = 0.15


def _cheaper_same_closest(plan: Plan, relaxed: Plan, rec: Setup, catalog: Catalog):
    """(the plan, its recommendation) sized for a whole answer within SAME_NEAR of the closest's, at the same
    precision, where that costs at most FAR_CHEAPER of it: "Llama 3.1 8B fp8 para 10 usuários, resposta completa
    em 0,5 s" had recommended 8× H200 (4 copies, answers within 1.7 s under the load) where 2× H200 answer within
    1.9 s for a quarter of the price. The closest stays said (plan.dearer_closest). None otherwise."""
    target, best = relaxed.e2e_target, None
    step = target
    while True:
        step = math.ceil(step * 10 + 1 - 1e-9) / 10 if step < 10 else float(math.ceil(step + 1 - 1e-9))
        if step > target * (1 + SAME_NEAR) + 1e-9:
            break
        cheaper_plan = plan.but(missed_e2e=plan.e2e_target, **traffic.answer_time_targets(plan, step))
        cheaper = _recommendation(cheaper_plan, catalog)
        if cheaper is not None and cheaper.problem is None:
            weight = advice.hourly_weight(cheaper, catalog)
            if weight <= FAR_CHEAPER * advice.hourly_weight(rec, catalog) and (
                best is None or weight < best[2]
            ):
                best = (cheaper_plan, cheaper, weight)
    if best is None:
        return None
    return best[0].but(dearer_closest=(rec, target, True)), best[1]


# The precision below answers "nearly as fast" as the 16-bit closest within this share of its whole answer...
ANSWER_NEAR = 0.05
# ...and is "far cheaper" at no more than this share of its price an hour (without prices, of its GPU memory)
FAR_CHEAPER = 0.5


def _cheaper_precision_closest(plan: Plan, relaxed: Plan, rec: Setup, catalog: Catalog):
    """(the plan at the precision below, its recommendation) when the precision was assumed (16 bits) and the
    setup closest to the whole answer asked is far dearer than the one closest in FP8 that answers nearly as
    fast: "Llama 3.1 70B, 20 users, full answer within 1 s" had recommended 12× H200 in BF16 (~7.7 s unloaded)
    beside 4× H100 in FP8 at ~7.8 s, shown only as an alternative. Quality is nearly that of 16 bits at 8
    (the answer's quantization note says what to measure); the 16-bit closest stays said (plan.dearer_closest).
    None otherwise."""
    lower_id = advice.LOWER.get(plan.precision.id)
    if lower_id is None or t(plan.lang, "assume.precision") not in plan.assumptions:
        return None
    low = advice.serving_lower_precision(plan, catalog)
    if low is not None and low[0].precision.id == lower_id:
        return None  # it gives the whole answer asked, and what decided names it
    # the precision below, sized for the same whole answer as the 16-bit closest
    low_plan = relaxed.but(precision=catalog.precision(lower_id))
    low_rec = _recommendation(low_plan, catalog)
    if low_rec is None or low_rec.problem is not None:
        return None
    reached, low_reached = (
        _whole_answer_alone(p, s, catalog) for p, s in ((relaxed, rec), (low_plan, low_rec))
    )
    if not _nearly_as_fast_for_far_less(reached, low_reached, rec, low_rec, catalog):
        return None
    assumptions = _lower_said(plan, low_plan, "assume.precision_answer_time")
    return low_plan.but(assumptions=assumptions, dearer_closest=(rec, reached, False)), low_rec


def _nearly_as_fast_for_far_less(time: float, low_time: float, rec: Setup, low_rec: Setup, catalog) -> bool:
    """Whether the precision below's setup answers within ANSWER_NEAR of the 16-bit's time for at most FAR_CHEAPER
    of its price an hour (without prices, of its GPU memory)."""
    weight = advice.hourly_weight
    return low_time <= time * (1 + ANSWER_NEAR) and weight(low_rec, catalog) <= FAR_CHEAPER * weight(
        rec, catalog
    )


def _lower_said(plan: Plan, low_plan: Plan, key: str) -> tuple[str, ...]:
    """The precision below's assumptions, with why it was used where the 16-bit default was said."""
    said = t(plan.lang, key, precision=low_plan.precision.name, default=plan.precision.name)
    return tuple(said if a == t(plan.lang, "assume.precision") else a for a in low_plan.assumptions)


def _cheaper_precision_first_token(plan: Plan, rec: Setup, catalog: Catalog):
    """(the plan at the precision below, its recommendation) when the first token the question gave decided a
    16-bit setup (precision assumed) that costs more than FAR_CHEAPER of the precision below's, which meets the
    same targets with a first token within ANSWER_NEAR of it, unloaded: the rule _cheaper_precision_closest()
    gives a whole answer out of reach. "Llama 3.3 70B, prompts de 8k, primeiro token em 1 s" had recommended 4×
    H100 in BF16 (~0.70 s) beside "Em FP8: 2× H100" (~0.69 s) for half the price, shown only as an alternative.
    None otherwise: a first token that did not decide leaves the 16-bit default as a question without it gets."""
    lower_id = advice.LOWER.get(plan.precision.id)
    if (
        lower_id is None
        or plan.given_ttft is None
        or plan.stage.is_training
        or plan.gpu is not None
        or plan.gpus
        or rec.problem is not None
        or any(m is not None for m in (plan.missed_ttft, plan.missed_e2e, plan.missed_tokens_per_s))
        or t(plan.lang, "assume.precision") not in plan.assumptions
        or not by_load(plan)
        or traffic.decided_by(plan, rec, catalog) not in ("latency", "latency_load")
    ):
        return None
    low_plan = plan.but(precision=catalog.precision(lower_id))
    low_rec = _recommendation(low_plan, catalog)
    if low_rec is None or low_rec.problem is not None:
        return None
    first, low_first = (
        traffic.first_token_alone(p, s, catalog) for p, s in ((plan, rec), (low_plan, low_rec))
    )
    if not _nearly_as_fast_for_far_less(first, low_first, rec, low_rec, catalog):
        return None
    assumptions = _lower_said(plan, low_plan, "assume.precision_first_token")
    return low_plan.but(assumptions=assumptions, dearer_first_token=(rec, first)), low_rec


def _whole_answer_alone(plan: Plan, setup: Setup, catalog: Catalog) -> float:
    alone = traffic.alone(plan, setup, catalog)
    return traffic.perf.end_to_end(alone.ttft_s, alone.tpot_s, plan.output)


def _in_place_of_default(plan: Plan, said: str, catalog: Catalog) -> tuple[str, ...]:
    """The plan's assumptions with `said` where the default first token's own line was ("Latência
    dimensionada para: primeiro token em até 2,0 s...", "Prompts longos (...): ... 6,0 s"), else last."""
    lang, default = plan.lang, plan.ttft_target
    defaults = {
        t(lang, key, ttft=i18n.seconds(default, lang), tps=i18n.speed(1 / plan.tpot_target, lang),
          chat=i18n.seconds(catalog.traffic.latency.ttft_s, lang), prompt=i18n.tokens(plan.prompt, lang))
        for key in ("assume.traffic.latency_targets", "assume.traffic.latency_ttft_default",
                    "assume.traffic.latency_long", "assume.traffic.latency_fast", "assume.traffic.latency_fast_long",
                    "assume.traffic.latency_code_completion")
    }  # fmt: skip
    assumptions = tuple(said if a in defaults else a for a in plan.assumptions)
    return assumptions if said in assumptions else (*assumptions, said)


def _long_prompt_reading(plan: Plan, rec, workload: Workload, catalog: Catalog):
    """(the plan, its recommendation, the setup the default needs) when a rate's long prompts, with no latency
    said, make the recommendation larger than the setup that serves the load only because reading one prompt
    there takes longer than the long prompts' default first token (traffic.toml [latency_long], MLPerf's
    long-context limit): "qwen 2.5 72b para 30 analistas, contratos de 100 páginas" had been 8× H100 in
    tensor parallel 8, where 2× H200 holds the model and the load and reads a contract in ~18 s. The smaller
    setup leads, sized for the first token it gives (its read, and the wait of a request that arrives while
    another prompt is being read), and the answer says what the default would take. A target the question
    gave, or fast answers asked for, stand; a setup that misses the default only under load is
    _first_token_edge()'s. None when nothing changes."""
    default = plan.ttft_target
    if (
        plan.rate is None
        or default is None
        or workload.ttft_s is not None
        or workload.e2e_s is not None
        or workload.fast_latency
        or plan.stage.is_training
        or plan.gpus
        or plan.gpu is not None
        or plan.batch_seconds
        or not catalog.traffic.long_prompt(plan.prompt)
        or default != catalog.traffic.chat_latency(plan.prompt).ttft_s
        or not by_load(plan)
    ):
        return None
    # what serves the load when the first token is not what sizes it
    cheaper = _recommendation(plan.but(ttft_target=math.inf), catalog)
    if cheaper is None or cheaper.problem is not None or not advice.smaller(cheaper, rec):
        return None
    alone = traffic.first_token_alone(plan, cheaper, catalog)
    if alone <= default:
        return None  # it reads a prompt in time: the load, not the prompt's length, misses the default
    # The first token the answer is sized for, in whole seconds: twice that read, a request waiting for at
    # most one read ahead of it (as _reading_time_target()); the copies the rate needs then keep the queue
    # behind long prompts short (a copy sized for throughput alone had 48% of 75,000-token prompts waiting).
    target = float(math.ceil(2 * alone - 1e-9))
    found = _recommendation(plan.but(ttft_target=target), catalog)
    if found is None or found.problem is not None or not advice.smaller(found, rec):
        return None
    found_alone = traffic.first_token_alone(plan, found, catalog)
    # a faster setup than the one the target came from (an L40S's read allowed for, an H100 found): the
    # target is its own read's, when that takes nothing larger
    tighter = float(math.ceil(2 * found_alone - 1e-9))
    if tighter < target:
        again = _recommendation(plan.but(ttft_target=tighter), catalog)
        if again is not None and again.problem is None and not advice.smaller(found, again):
            found, target = again, tighter
            found_alone = traffic.first_token_alone(plan, found, catalog)
    if found_alone <= default:
        # the rate asked for a setup that reads a prompt in time after all: only the wait behind another
        # prompt misses the default, which is _first_token_edge()'s to say ("5 s, above the 6 s" otherwise)
        return None
    lang = plan.lang
    share, queued = traffic.first_token_queued(plan, found, catalog)
    # "um contrato de 100 páginas": the documents as the question counted them, when they are the prompt
    what = (
        t(lang, "assume.traffic.long_prompt_pages", pages=i18n.number(workload.prompt_pages, lang),
          prompt=i18n.tokens(plan.prompt, lang))
        if workload.prompt_pages and not workload.prompt_tokens
        else t(lang, "assume.traffic.long_prompt_tokens", prompt=i18n.tokens(plan.prompt, lang))
    )  # fmt: skip
    words = dict(setup=advice.describe(found, lang), what=what, default=i18n.seconds(default, lang),
                 alone=i18n.number(found_alone, lang, 0 if found_alone >= 10 else 1),
                 faster=advice.describe(rec, lang), more=_gpus(rec.count - found.count),
                 target=i18n.number(target, lang, 0))  # fmt: skip
    said = t(lang, "assume.traffic.long_prompt_reading", **words)
    if 0.005 <= share < 1 and math.isfinite(queued):  # under one request in 200: no one to speak of
        said += " " + t(lang, "assume.traffic.long_prompt_queued", share=i18n.percent(share, lang),
                        queued=i18n.number(queued, lang, 0 if queued >= 10 else 1))  # fmt: skip
    key = (
        "assume.traffic.long_prompt_default_more"
        if rec.count > found.count
        else "assume.traffic.long_prompt_default"
    )
    said += " " + t(lang, key, **words)
    relaxed = plan.but(ttft_target=target, assumptions=_in_place_of_default(plan, said, catalog))
    return relaxed, found, rec


def _gpus(n: int) -> str:
    """ "1 GPU", "6 GPUs": the word is the same in every language the answers are in."""
    return f"{n} GPU" if n == 1 else f"{n} GPUs"


def _default_first_token(plan: Plan, setup, rec, catalog: Catalog) -> Alternative:
    """The alternative that meets the long prompts' default first token (_long_prompt_reading): the setup,
    the GPUs it takes beyond the recommendation, and its performance under the plan's load."""
    lang = plan.lang
    default = catalog.traffic.chat_latency(plan.prompt).ttft_s
    setup.performance = traffic.performance(plan, setup, catalog)
    key = "alt.first_token_default_more" if setup.count > rec.count else "alt.first_token_default"
    text = t(lang, key, ttft=i18n.seconds(default, lang), setup=advice.describe(setup, lang),
             more=_gpus(setup.count - rec.count))  # fmt: skip
    return Alternative(kind="first_token_default", text=text, setup=setup)


def _first_token_edge(plan: Plan, rec, workload: Workload, catalog: Catalog):
    """(the plan, its recommendation) when the recommendation's copies read one long prompt within the first
    token's target alone, but not with one more request in flight: copies beyond what the rate needs only make
    the overlaps rarer, never gone (36,000-token prompts at 5 a minute on Llama 3.1 70B had been 24× H200, three
    copies of ~1.9 s alone and ~2.2 s overlapped, for a 2 s target). The setup that serves the rate with the
    target at the overlapped first token, when it is smaller, said with the trade-off: it leads when the target
    was the chat's default, and is named beside the recommendation when the question gave it (a target the
    question gave stands). None when the recommendation is not at that edge."""
    if (
        plan.rate is None
        or plan.ttft_target is None
        or plan.stage.is_training
        or plan.gpus
        or plan.availability
        or not by_load(plan)
    ):
        return None
    alone, overlapped = traffic.first_token_overlap(plan, rec, catalog)
    if not alone <= plan.ttft_target < overlapped or not math.isfinite(overlapped):
        return None
    # The first token one copy gives at the rate, with the plan's room for bursts: the target that copy meets.
    single = traffic.first_token_one_copy(plan, rec, catalog)
    if single is None:
        return None
    # in tenths of a second, as the answer says it
    target = math.ceil(max(single, overlapped) * 10 - 1e-9) / 10
    cheaper = _recommendation(plan.but(ttft_target=target), catalog)
    lang = plan.lang
    if cheaper is None or cheaper.problem is not None or cheaper.count >= rec.count:
        if rec.replicas > 1:
            return None
        # one copy, nothing smaller at the overlapped first token: the trade-off is said, the setup stays
        said = t(lang, "assume.traffic.first_token_edge_one", prompt=i18n.tokens(plan.prompt, lang),
                 alone=i18n.number(alone, lang, 1), overlapped=i18n.number(overlapped, lang, 1),
                 ttft=i18n.seconds(plan.ttft_target, lang))  # fmt: skip
        return plan.but(assumptions=(*plan.assumptions, said)), rec
    given = workload.ttft_s is not None or workload.e2e_s is not None or workload.fast_latency
    words = dict(prompt=i18n.tokens(plan.prompt, lang), alone=i18n.number(alone, lang, 1),
                 overlapped=i18n.number(overlapped, lang, 1), ttft=i18n.seconds(plan.ttft_target, lang),
                 copies=advice.describe(rec, lang), cheaper=advice.describe(cheaper, lang),
                 target=i18n.number(target, lang, 1))  # fmt: skip
    if given:
        said = t(lang, "assume.traffic.first_token_edge_given", **words)
        return plan.but(assumptions=(*plan.assumptions, said)), rec
    said = t(lang, "assume.traffic.first_token_edge", **words)
    relaxed = plan.but(ttft_target=target, assumptions=(*plan.assumptions, said))
    return relaxed, _recommendation(relaxed, catalog)


def _read_in_time(plan: Plan, rec, catalog: Catalog):
    """(the plan, its recommendation, the setup that reads in time when it is not the recommendation) for
    conversations at once with no rate and no target typed, when the setup that holds them reads one prompt
    past the chat's default first token (traffic.toml [latency], [latency_long] for a long prompt): "qwen 72b
    int4 para 25 usuários com documentos de 50 páginas" had been 4 copies on 1 H200 each, ~43 s to read one
    37,500-token prompt alone, a recommendation that said of itself it met its targets with no request. The
    smallest setup whose copies read one prompt in time (more tensor parallelism) leads when it takes no
    more GPUs, nor larger ones; else the memory's setup leads, says its first token, and the faster setup is
    the alternative (5 users with 100-page documents on Qwen2.5 72B had been 8× H100 where 2× H200 holds
    them). When none we rent reads in time, the memory's setup stays and the answer says plainly why. None
    when nothing changes."""
    if (
        plan.rate is not None
        or plan.users < 2
        or plan.targets_given
        or plan.ttft_target is not None
        or plan.tpot_target is not None
        or plan.stage.is_training
        or plan.batch_seconds
        or plan.gpus
        or plan.reads_in_time
        or not by_load(plan)
    ):
        return None
    ttft = catalog.traffic.chat_latency(plan.prompt).ttft_s  # a long prompt: MLPerf's long-context limit
    slow = traffic.first_token_alone(plan, rec, catalog)
    if slow <= ttft:
        return None
    lang = plan.lang
    words = dict(prompt=i18n.tokens(plan.prompt, lang), users=i18n.number(plan.users, lang),
                 memory=advice.describe(rec, lang), slow=i18n.number(slow, lang, 0 if slow >= 10 else 1),
                 ttft=i18n.seconds(ttft, lang))  # fmt: skip
    timed = plan.but(reads_in_time=True)
    found = _recommendation(timed, catalog)
    if found is None or found.problem is not None:
        fastest = traffic.fastest_first_token(plan, catalog) or slow
        # a target the recommendation meets alone: twice its reading (a request waits for at most one read
        # ahead of it, as _reading_time_target() relaxes the default), in tens of seconds
        example = 10 * math.ceil(2 * slow / 10)
        said = t(lang, "assume.traffic.reads_in_time_none", fastest=i18n.number(fastest, lang, 0 if fastest >= 10 else 1),
                 example=i18n.number(example, lang), **words)  # fmt: skip
        return plan.but(assumptions=(*plan.assumptions, said)), rec, None
    fast = traffic.first_token_alone(plan, found, catalog)
    if catalog.traffic.long_prompt(plan.prompt) and advice.smaller(rec, found):
        # Reading a long prompt in time takes more GPUs, or larger ones, than the conversations do: the
        # memory's setup leads and says its first token, and the faster one is the alternative (as
        # _long_prompt_reading). A chat's prompt is read within a chat's first token as before.
        key = (
            "assume.traffic.reads_in_time_more"
            if found.count > rec.count
            else "assume.traffic.reads_in_time_larger"
        )
        said = t(lang, key, setup=advice.describe(found, lang), fast=i18n.number(fast, lang, 1),
                 more=_gpus(found.count - rec.count), **words)  # fmt: skip
        return plan.but(assumptions=(*plan.assumptions, said)), rec, found
    said = t(lang, "assume.traffic.reads_in_time", setup=advice.describe(found, lang),
             fast=i18n.number(fast, lang, 1), **words)  # fmt: skip
    return timed.but(assumptions=(*plan.assumptions, said)), found, None


def _fused_loss_lead(plan: Plan, rec, w: Workload, catalog: Catalog, source: ModelSource | None):
    """(the plan on a fused-loss stack, its recommendation) when the question named no software and the
    default stack's loss, which holds the whole FP32 logits tensor (stacks.toml logit_bytes), needs at least
    twice the GPUs, or a larger GPU, than a stack whose loss never materialises them (Unsloth, Liger:
    logit_bytes 0): "QLoRA Llama 3.3 70B with 32k context" holds 67 GB of logits, 8× H200 against Unsloth's
    1× A100. The answer leads with the smaller setup and says why; None when the default is close enough to
    stay the answer (the most common stack), or when software or GPUs were named."""
    if (
        not plan.stage.is_training
        or w.stack is not None
        or w.adapter_from_stack
        or plan.stack is not catalog.default_stack
        or plan.gpu is not None
        or plan.gpus
        or (plan.method is not None and plan.method.is_rl)
    ):
        return None
    best = None
    for stack in catalog.stacks:
        if (
            stack.logit_bytes
            or not stack.suggested
            or (stack.data_parallel_only and (plan.zero or plan.tp > 1 or plan.pp > 1))
        ):
            continue  # Unsloth runs plain DDP: no ZeRO, tensor or pipeline parallelism said with it
        try:
            fused = make_plan(w.but(stack=stack.id), catalog, source)
        except SizingError:
            continue  # a setting said that this stack cannot run
        setup = _recommendation(fused, catalog)
        if setup is not None and (best is None or advice.smaller(setup, best[1])):
            best = (fused, setup)
    if best is None:
        return None
    fused, setup = best
    if rec is not None and not (
        advice.smaller(setup, rec)
        and (rec.count >= 2 * setup.count or rec.gpu_memory_bytes > setup.gpu_memory_bytes)
    ):
        return None  # not half the GPUs, nor a smaller GPU: the most common stack stays the answer
    lang = plan.lang
    logits = training.logit_bytes(plan.model, plan.seq_len * plan.batch, catalog.default_stack)
    if (accumulated := _accumulated(plan, w, setup, catalog, source)) is not None:
        # "lora ..., batch 16, seq 4096": the batch said, reached through gradient accumulation on the default
        # software, before another software for a micro-batch of 16 (it had led with Unsloth, unasked).
        smaller, found = accumulated
        steps = w.grad_accum or 1  # accumulation said beside the batch: each step still reads what it did
        said = t(lang, "assume.batch_accumulated", asked=plan.batch, batch=smaller.batch,
                 accum=plan.batch // smaller.batch * steps, total=plan.batch * steps,
                 seq=i18n.number(plan.seq_len, lang),
                 default=catalog.default_stack.name, logits=i18n.gb(logits, lang),
                 setup=advice.describe(found, lang), stack=fused.stack.name,
                 need=advice.describe(rec, lang) if rec is not None else t(lang, "assume.stack_fused_nothing"))  # fmt: skip
        return smaller.but(assumptions=(said, *smaller.assumptions)), found
    said = t(
        lang,
        "assume.stack_fused_lead",
        stack=fused.stack.name,
        default=catalog.default_stack.name,
        logits=i18n.gb(logits, lang),
        setup=advice.describe(rec, lang) if rec is not None else t(lang, "assume.stack_fused_nothing"),
    )
    return fused.but(assumptions=(said, *fused.assumptions)), setup


def _accumulated(plan: Plan, w: Workload, fused_setup, catalog: Catalog, source: ModelSource | None):
    """(the plan at a smaller micro-batch, its recommendation) when a batch said alone ("batch 16") needs a
    fused-loss stack to fit on `fused_setup`, but the default stack fits the same or a smaller setup at the
    largest micro-batch, halving, that divides it: gradient accumulation gives the same batch per optimizer
    step (Hugging Face Trainer's gradient_accumulation_steps), so the run learns the same on the software the
    customer most likely runs. None when no batch was said, or none smaller fits as small."""
    if not w.batch or w.batch < 2 or w.global_batch or plan.batch != w.batch:
        return None
    batch = plan.batch // 2
    while batch >= 1:
        if plan.batch % batch == 0:
            # planned anew, so that what the plan says of the micro-batch (the loss's logits) is this one's
            trial = make_plan(w.but(batch=batch), catalog, source)
            setup = _recommendation(trial, catalog)
            if setup is not None and not advice.smaller(fused_setup, setup):
                return trial, setup
        batch //= 2
    return None


def _stack_adapter(plan: Plan, w: Workload, catalog: Catalog, source: ModelSource | None):
    """Unsloth with no method said: LoRA (Unsloth is a LoRA/QLoRA library; full fine-tuning is opt-in), or
    QLoRA when LoRA over the 16-bit base does not fit the GPUs named and the 4-bit base does; said back."""
    if plan.gpu is not None:
        lora = requested(plan, catalog)
        if lora is not None and not lora[0].fits:
            w = msgspec.structs.replace(w, stage=Stage.qlora)
            qlora = make_plan(w, catalog, source)
            found = requested(qlora, catalog)
            if found is not None and found[0].fits:
                plan = qlora
            else:
                w = msgspec.structs.replace(w, stage=Stage.lora)
    key = "assume.stack_adapter_qlora" if plan.stage is Stage.qlora else "assume.stack_adapter_lora"
    said = t(plan.lang, key, stack=plan.stack.name if plan.stack else "Unsloth")
    return plan.but(assumptions=(said, *plan.assumptions)), w


def _micro_batch_that_fits(plan: Plan, w: Workload, catalog: Catalog) -> Plan:
    """A global batch split over the GPUs said whose micro-batch does not fit them: the largest micro-batch
    that does (a divisor of each GPU's share, down to 1), the rest through gradient accumulation. A global
    batch is a hyperparameter (what the run learns); memory only sees the micro-batch (DeepSpeed's
    train_batch_size = micro-batch x data-parallel GPUs x gradient accumulation, its configuration docs)."""
    if not (plan.stage.is_training and w.global_batch and not w.batch and w.gpus and plan.batch > 1):
        return plan
    if plan.method.is_rl:
        return plan
    dp = max(1, w.gpus // (plan.tp * plan.pp * plan.cp))  # a context group shares its sequences

    def fits(batch: int) -> bool:
        trial = plan.but(batch=batch)
        if plan.gpu is not None:
            return evaluate(
                trial, shape_for(trial, plan.gpu, plan.gpus or 1, catalog), catalog, capacity=False
            ).fits
        return any(holds(trial, shape, catalog) for shape in candidates(catalog) if shape.total == plan.gpus)

    if fits(plan.batch):
        return plan
    share = math.ceil(w.global_batch / dp)  # each data-parallel GPU's sequences per optimizer step
    sizes = [b for b in range(1, min(share, plan.batch) + 1) if share % b == 0]
    # Memory grows with the micro-batch: the largest that fits, by bisection (at least 1, which may not fit
    # either: then nothing smaller would, and the answer's alternatives change something else).
    low, high = 0, len(sizes) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if fits(sizes[mid]):
            low = mid
        else:
            high = mid - 1
    batch = sizes[low]
    lang = plan.lang
    old = t(lang, "assume.global_batch", n=i18n.number(w.global_batch, lang), gpus=dp,
            accum=w.grad_accum or 1, batch=plan.batch)  # fmt: skip
    new = t(lang, "assume.global_batch_fit", n=i18n.number(w.global_batch, lang), gpus=dp,
            accum=share // batch, batch=batch, whole=plan.batch)  # fmt: skip
    said = tuple(new if a == old else a for a in plan.assumptions)
    return plan.but(batch=batch, assumptions=said)


def _on_fewer_gpus(plan: Plan, rec: Setup, catalog: Catalog) -> str:
    """The GPUs said, of the recommended kind, under the load's rate: the copies they hold and the requests a
    second they sustain within the latency targets (sizing/traffic.py), against the peak's."""
    lang, gpu = plan.lang, catalog.gpu(rec.gpu)
    per_copy = rec.count // max(rec.replicas, 1)
    copies = plan.gpus // per_copy
    name = f"{plan.gpus}× {rec.gpu_name}"
    if copies < 1:
        return t(lang, "estimate.on_fewer_none", setup=name, per_copy=per_copy, count=rec.count)
    setup = traffic.build(plan, shape_for(plan, gpu, per_copy, catalog), copies, plan.users, catalog)
    p = traffic.performance(plan, setup, catalog)
    if p is None:
        return t(lang, "estimate.on_fewer_none", setup=name, per_copy=per_copy, count=rec.count)
    per = t(lang, "understood.gpus_one") if per_copy == 1 else t(lang, "understood.gpus", n=per_copy)
    params = {"setup": name, "copies": copies, "per": per, "most": rate_text(p.max_requests_per_s, lang),
              "rate": rate_text(plan.rate, lang), "count": rec.count}  # fmt: skip
    planned = p.planned_utilization or catalog.traffic.capacity.plan_utilization
    used = plan.rate / p.max_requests_per_s if p.max_requests_per_s > 0 else math.inf
    if used <= 1:
        # within what they sustain, above the share a plan may use (traffic.toml's plan_utilization)
        params.update(used=i18n.percent(round(used, 2), lang), planned=i18n.percent(planned, lang))
        return t(lang, "estimate.on_fewer_planned", **params)
    return t(lang, "estimate.on_fewer", **params)


def _vllm_format(
    plan: Plan, rec, w: Workload, catalog: Catalog, source: ModelSource | None
) -> Alternative | None:
    """A GGUF file served at a production rate, on several copies: the same model in vLLM's own format at
    about the same bits (AWQ/GPTQ for 4 to 6 bits, FP8 for 8), when it serves the load on a smaller setup.
    llama.cpp's server runs few sequences per copy (its slots), where vLLM batches every conversation of a
    copy at each step (continuous batching: Kwon et al. 2023, arXiv:2309.06180): "llama 3.1 8b q4_k_m 8 req/s"
    had been 10 H200s with nothing said of the one GPU the AWQ file needs on vLLM."""
    if not plan.llama_cpp or rec is None or rec.replicas < 2 or plan.stage.is_training or not by_load(plan):
        return None
    precision = catalog.precision("fp8" if plan.precision.nominal_bits >= 8 else "int4")
    try:
        other = make_plan(w.but(precision=precision.id, kv_precision=None), catalog, source)
    except SizingError:
        return None
    alt = _recommendation(other, catalog)
    if alt is None or alt.problem is not None or not advice.smaller(alt, rec):
        return None
    alt.performance = traffic.performance(other, alt, catalog)
    if alt.performance is None or not alt.performance.meets_targets:
        return None
    # its capacity is the vLLM plan's (vLLM's margin and KV cache), not the GGUF question's
    add_capacity(other, alt, catalog)
    alt.capacity = advice.capacity(other, alt)
    lang = plan.lang
    text = t(lang, "alt.vllm_format", precision=precision.name, setup=advice.describe(alt, lang),
             gguf=plan.precision.name, gguf_setup=advice.describe(rec, lang))  # fmt: skip
    return Alternative(kind="vllm_format", setup=alt, text=text)


def _recommendation(plan: Plan, catalog: Catalog):
    if plan.stage.is_training and plan.days and plan.timed:
        return advice.within_deadline(plan, catalog)
    if plan.gpus and not plan.gpu:
        # "8 GPUs" without a GPU's name: the smallest class that serves the workload on that many. A service
        # that needs fewer is sized down to them ("llama 8b em 16 gpus": one L40S, not tensor parallel 8 x
        # 2 pipeline stages), and the answer says the rest are more than it needs.
        if not plan.stage.is_training and not plan.layout_given:
            rec = recommend(plan, catalog)
            if rec is not None and rec.count < plan.gpus:
                return rec
            if rec is not None and by_load(plan):
                # A load no setup of that many serves: the fewest GPUs that do (the answer says what the count
                # said sustains). A setup of that many sized by memory alone had been recommended for it.
                return rec
        for shape in candidates(catalog):
            if shape.total == plan.gpus:
                setup = evaluate(plan, shape, catalog, capacity=False)
                if setup.fits:
                    return add_capacity(plan, setup, catalog)
    return recommend(plan, catalog)


def _training_cheaper(plan: Plan, rec, catalog: Catalog) -> tuple[str, list[Alternative]] | None:
    """ "mais barato?" asked of a training: what takes fewer GPUs (or as many of a smaller class) for the same
    run, least given up first: LoRA in place of a full fine-tune, QLoRA (a 4-bit base) in place of either, and,
    when a deadline sized the setup, fewer GPUs taking longer (the time each takes said); 8-bit AdamW for a full
    fine-tune. An RL run (GRPO, RLOO, PPO) also tries completions half as long, and says what its GPU-hours
    grow with: the completions per prompt and their length. Or that the recommendation is already the smallest, and what
    would have to give. None when nothing holds the run."""
    if rec is None:
        return None
    lang = plan.lang
    tried = []
    if plan.stage is Stage.full:
        tried.append(("lora_instead", plan.but(stage=Stage.lora, precision=catalog.precision("bf16"))))
    if plan.stage in (Stage.full, Stage.lora):
        tried.append(("qlora_instead", plan.but(stage=Stage.qlora, precision=catalog.precision("nf4"))))
    if plan.stage is Stage.full and plan.optimizer is Optimizer.adamw:
        tried.append(("adam_8bit", plan.but(optimizer=Optimizer.adamw8bit)))
    if plan.method.is_rl and plan.rl_completion // 2 >= MIN_RL_COMPLETION:
        half = plan.rl_completion // 2
        tried.append(("rl_shorter", plan.but(rl_completion=half, seq_len=plan.rl_prompt + half)))
    if plan.timed and plan.days:
        tried.append(("longer", plan.but(days=None)))  # the smallest that holds it, whatever it takes
    options: list[Alternative] = []
    # With prices and the run's tokens, "less" is what the run costs (its GPU-hours at each GPU's price), not
    # fewer GPUs: a smaller setup that takes longer had been offered as cheaper though it cost more per run.
    rec_total = _run_total(plan, rec, catalog)
    for kind, option_plan in tried:
        # an adapter beside an FP8 training trains in BF16, on any GPU (sizing/advice.py _training_alternatives)
        placed = bf16_catalog(catalog) if kind in ("lora_instead", "qlora_instead") else catalog
        setup = _recommendation(option_plan, placed)
        if setup is not None and rec_total is not None:
            choice = _run_choice(option_plan, setup, placed)
            if choice is not None and choice.recommended == "cheapest":
                setup = choice.cheapest
        if setup is None or any(advice.same_setup(setup, o.setup) for o in options):
            continue
        if rec_total is not None:
            total = _run_total(option_plan, setup, placed)
            if total is None or total > rec_total * (1 - RUN_SAVING):
                continue
            # priced for its own run (a LoRA's 4·N·D), not the question's, which the answer would price it at
            setup.cost = advice.cost(option_plan, setup, placed)
        elif not advice.smaller(setup, rec):
            continue
        days = (
            advice.days_text(advice.training_days(option_plan, setup, placed), lang) if plan.timed else None
        )
        if kind == "longer":
            # GPU-hours are what is paid: on the same GPU about the same, on another its own (an L40S takes
            # more of them than an H100 for the same FLOPs).
            hours = advice.training_days(option_plan, setup, placed) * setup.count * 24
            rec_hours = advice.training_days(plan, rec, placed) * rec.count * 24
            text = t(lang, "cheaper.training_longer", setup=advice.describe(setup, lang), days=days,
                     deadline=i18n.day_count(plan.days, lang), hours=i18n.gpu_hours(hours, lang),
                     rec_hours=i18n.gpu_hours(rec_hours, lang))  # fmt: skip
        elif kind == "rl_shorter":
            text = t(lang, "cheaper.rl_shorter", setup=advice.describe(setup, lang),
                     completion=i18n.tokens(option_plan.rl_completion, lang),
                     asked=i18n.tokens(plan.rl_completion, lang))  # fmt: skip
        else:
            text = t(lang, f"alt.{kind}", setup=advice.describe(setup, lang))
            if placed is not catalog:
                text += " " + t(lang, f"alt.{kind.removesuffix('_instead')}_bf16")
            if days:
                text += " " + t(lang, "cheaper.training_days", days=days)
        options.append(Alternative(kind="cheaper", setup=setup, text=text))
    if plan.stage is Stage.pretrain:
        # A pre-training pays for its GPU-hours (6·N·D over the GPUs' throughput), which a smaller setup does
        # not lower: it takes longer for about the same. What costs less is less work, said with the hours.
        hours = advice.training_days(plan, rec, catalog) * rec.count * 24 if plan.timed else None
        key = "cheaper.pretrain_work_hours" if hours else "cheaper.pretrain_work"
        work = t(lang, key, hours=i18n.gpu_hours(hours, lang) if hours else "",
                 mfu=i18n.percent(catalog.training_mfu(catalog.gpu(rec.gpu)), lang))  # fmt: skip
        if options:
            return work + " " + t(lang, "cheaper.training_found", rec=advice.describe(rec, lang)), options
        return t(lang, "cheaper.training_none", rec=advice.describe(rec, lang)) + " " + work, options
    if plan.method.is_rl:
        work = _rl_work(plan, rec, catalog)
        if options:
            return work + " " + t(lang, "cheaper.training_found", rec=advice.describe(rec, lang)), options
        return t(lang, "cheaper.training_none", rec=advice.describe(rec, lang)) + " " + work, options
    if options:
        return t(lang, "cheaper.training_found", rec=advice.describe(rec, lang)), options
    none = "cheaper.training_none_run" if rec_total is not None else "cheaper.training_none"
    line = t(lang, none, rec=advice.describe(rec, lang))
    give = "cheaper.training_give_qlora" if plan.stage is Stage.qlora else "cheaper.training_give"
    return line + " " + t(lang, give, seq=i18n.number(plan.seq_len, lang)), []


# Completions shorter than this cut off the answers a reward is computed on: not offered as the way down.
MIN_RL_COMPLETION = 128


def _rl_work(plan: Plan, rec, catalog: Catalog) -> str:
    """What an RL run's GPU-hours grow with, which no smaller setup lowers: the completions it generates and
    trains on, num_generations per prompt (GRPO and RLOO compare a group; PPO samples one), each as long as
    the completion limit. With the prompts given, the hours at half the group on the same setup (rl_run)."""
    lang = plan.lang
    group = plan.method.value != "ppo" and plan.rl_generations >= 4
    key = "cheaper.rl_work_group" if group else "cheaper.rl_work"
    half = plan.rl_generations // 2
    text = t(
        lang,
        key,
        generations=plan.rl_generations,
        half=half,
        completion=i18n.tokens(plan.rl_completion, lang),
    )
    run = advice.rl_run(plan, rec, catalog)
    fewer = advice.rl_run(plan.but(rl_generations=half), rec, catalog) if group else None
    if run is None or fewer is None:
        return text
    hours = run.total_s * (rec.count + run.server_gpus) / 3600
    fewer_hours = fewer.total_s * (rec.count + fewer.server_gpus) / 3600
    return text + " " + t(lang, "cheaper.rl_hours", half=half, setup=advice.describe(rec, lang),
                          hours=i18n.gpu_hours(hours, lang), fewer=i18n.gpu_hours(fewer_hours, lang))  # fmt: skip


def _late(plan: Plan, setup, catalog: Catalog) -> bool:
    """Whether a training setup misses the run's deadline."""
    if not (plan.stage.is_training and plan.timed and plan.days is not None):
        return False
    return advice.training_days(plan, setup, catalog) > plan.days


def _compared(plan: Plan, rec, catalog: Catalog, said_why: bool) -> list[Alternative]:
    """Each other GPU the question weighs against the named one, judged as the named one is."""
    out = []
    for gpu, count in plan.compare:
        # A GPU said with no count ("2 h100 ou h200") is the fewest of it that serve, not the other's count.
        other = plan.but(gpu=gpu, gpus=count, compare=())
        found = requested(other, catalog, weighed=True)
        if found is None:
            continue
        setup, enough = found
        if not plan.stage.is_training and setup.performance is None:
            if not setup.fits:
                add_capacity(other, setup, catalog)
            setup.performance = traffic.performance(other, setup, catalog)
        if setup.cost is None:
            setup.cost = advice.cost(other, setup, catalog)
        verdict = _named_gpu_verdict(other, setup, enough, rec, catalog, said_why=said_why)
        # The first change that keeps this GPU ("Com 2× H200: cabe") says how much of it would do.
        changes = sorted(verdict.changes, key=lambda c: c.kind != "more_gpus")
        text = " ".join([verdict.text, *(c.text for c in changes[:1])])
        out.append(Alternative(kind="compared_gpu", setup=verdict.setup, text=text))
    return out


def _training_choice(plan: Plan, catalog: Catalog) -> list[GpuChoice]:
    """ "h100 ou a100 pra lora do llama 8b, qual sai mais barato?": each GPU the question weighs for a training,
    side by side: the fewest of it that hold the run (as named when it fits), and with a data volume the run's
    time there (advice.training_days: the same model FLOPs over each GPU's BF16 peak at its MFU) and, with
    prices, what the run costs there (its GPU-hours at the GPU's price: the project package's, else on
    demand's). Without a data volume the GPUs' BF16 peaks at their MFUs are what the answer compares."""
    out = []
    for gpu, count in ((plan.gpu, plan.gpus), *plan.compare):
        if gpu is None or isinstance(gpu, Budget):
            return []
        found = requested(plan.but(gpu=gpu, gpus=count, compare=()), catalog, weighed=True)
        setup = short = None
        if found is not None:
            asked, enough = found
            setup = asked if asked.fits else enough
            if count and not asked.fits:
                short = asked
        side = GpuChoice(gpu=gpu.id, gpu_name=gpu.name, bf16_tflops=gpu.bf16_dense_tflops, setup=setup,
                         mfu=catalog.training_mfu(gpu), count_named=count or None, short=short)  # fmt: skip
        offer = next((o for o in catalog.offering.offer if o.gpu == gpu.id), None)
        prices = offer.price_per_gpu_hour if offer is not None else {}
        mode = next((m for m in ("project_package", "on_demand") if m in prices), None)
        if mode is not None:
            side.price_per_gpu_hour, side.price_mode = prices[mode], mode
        if setup is not None and plan.timed and not plan.method.is_rl:
            side.days = advice.training_days(plan, setup, catalog)
            side.gpu_hours = side.days * 24 * setup.count
            if side.price_per_gpu_hour is not None:
                side.run_cost = side.gpu_hours * side.price_per_gpu_hour
        out.append(side)
    return out


def _gpu_sides(plan: Plan, rec, catalog: Catalog) -> GpuComparison | None:
    """ "h100 ou h200 pro llama 70b?": each GPU the question weighs for inference, side by side, judged as a
    GPU named alone is (choice.requested, weighed): the count named, else the fewest of it that serve the
    workload as asked, with capacity, performance and cost; when none of it we rent serves at the precision
    asked, the first precision down that does. Then which needs fewer GPUs, which is faster per user, which
    costs less a month, and the recommendation when it is a third GPU. None for a customer's own machine."""
    sides = []
    for gpu, count in ((plan.gpu, plan.gpus), *plan.compare):
        if gpu is None or isinstance(gpu, Budget) or gpu.laptop:
            return None
        side_plan = plan.but(gpu=gpu, gpus=count, compare=())
        side = GpuSide(gpu=gpu.id, gpu_name=gpu.name, memory_bytes=int(gpu.memory_marketing_gb * 1e9),
                       bandwidth_gb_s=gpu.bandwidth_gb_s, fp8=bool(gpu.fp8_dense_tflops),
                       count_named=side_plan.gpus or None)  # fmt: skip
        offered = any(o.gpu == gpu.id for o in catalog.offering.offer)
        found = requested(side_plan, catalog, weighed=True)
        if found is not None:
            asked, enough = found
            side.problem = asked.problem
            if side.count_named is not None:
                if asked.fits and asked.problem is None and plan.rate is not None and asked.count > 1:
                    # Under a rate the GPUs named run as the recommendation's would: one copy over them all or
                    # copies side by side, whichever sustains more (8× H100 for an 8B are eight copies, not one
                    # copy over eight GPUs said to be over the plan while seven copies were within it).
                    asked = advice.fastest_layout(side_plan, asked, catalog)
                held = asked.fits and asked.problem is None
                # judged as the recommendation is: under a rate, within the plan's share of what it sustains
                side.fits = held and traffic.within_plan(asked.performance)
                side.setup, side.over_plan = asked, held and not side.fits
                if not side.fits and enough is not None and enough.fits:
                    side.fewest = _side_figures(side_plan, enough, catalog)
                elif side.fits:
                    least = _serving_setup(
                        requested(side_plan.but(gpus=None), catalog, weighed=True), offered
                    )
                    if least is not None and least.count < asked.count:
                        side.fewer = least
            elif (serving := _serving_setup(found, offered)) is not None:
                side.setup, side.fits = serving, True
        if side.setup is not None:
            _side_figures(side_plan, side.setup, catalog)
        if side.fits or (side.count_named is not None and side.fewest is not None):
            sides.append(side)
            continue
        low_plan = side_plan
        for _ in range(2):  # 8 bits, then 4, as advice.serving_lower_precision goes down
            precision_id = advice.LOWER.get(low_plan.precision.id)
            if precision_id is None:
                break
            low_plan = low_plan.but(precision=catalog.precision(precision_id), gpus=None)
            serving = _serving_setup(requested(low_plan, catalog, weighed=True), offered)
            if serving is not None:
                side.lower_precision, side.lower_precision_name = precision_id, low_plan.precision.name
                side.lower = _side_figures(low_plan, serving, catalog)
                break
        sides.append(side)
    out = GpuComparison(sides=sides)
    served = [side for side in sides if side.serving is not None]
    if len(served) < 2:
        return _with_third(out, rec)
    counts = sorted(side.serving.count for side in served)
    if counts[0] < counts[1]:
        out.fewer_gpus = min(served, key=lambda side: side.serving.count).gpu
    fast, slow = speed_pair(served)
    if side_speed(slow) > 0 and side_speed(fast) / side_speed(slow) > 1 + CLOSE:
        out.faster, out.speed_ratio = fast.gpu, side_speed(fast) / side_speed(slow)
    mode = rec.cost.mode if rec is not None and rec.cost is not None else None
    if mode is None or not all(
        side.serving.cost and mode in side.serving.cost.by_contract_mode for side in served
    ):
        return _with_third(out, rec)
    months = sorted((side.serving.cost.by_contract_mode[mode].per_month, side.gpu) for side in served)
    share = 1 - months[0][0] / months[1][0]
    if share >= PRICE_CLOSE:
        out.cheaper, out.cheaper_mode, out.cheaper_share = months[0][1], mode, share
    # A month's price and a million tokens' can disagree: the faster GPU generates more for its price.
    millions = [
        (side.serving.cost.by_contract_mode[mode].per_million_output_tokens, side.gpu) for side in served
    ]
    if all(value is not None for value, _ in millions):
        millions.sort()
        if 1 - millions[0][0] / millions[1][0] >= PRICE_CLOSE:
            out.cheaper_mode, out.cheaper_per_million = mode, millions[0][1]
    return _with_third(out, rec)


def side_speed(side: GpuSide) -> float:
    """A side's tokens/s per user where it serves (0 with no performance figure)."""
    return side.serving.performance.tokens_per_s_per_user if side.serving.performance else 0.0


def speed_pair(served: list[GpuSide]) -> tuple[GpuSide, GpuSide]:
    """The two sides a speed comparison between GPUs weighs: the fastest, and the fastest of another GPU at
    the same count when one was weighed (4× H100 had been said faster than the H200 on 2× H200, more GPUs
    against fewer), else the fastest of another GPU (the counts then said), else the runner-up."""
    fast = max(served, key=side_speed)
    rivals = [side for side in served if side.gpu != fast.gpu]
    rivals = rivals or [side for side in served if side is not fast]
    same = [side for side in rivals if side.serving.count == fast.serving.count]
    return fast, max(same or rivals, key=side_speed)


def _serving_setup(found: tuple[Setup, Setup | None] | None, offered: bool) -> Setup | None:
    """Of choice.requested's answer for a GPU with no count said, the setup that serves: the one GPU when it
    does, else the fewest that do; None past what we rent for one service (a GPU we rent at all)."""
    if found is None:
        return None
    asked, enough = found
    serving = asked if asked.fits and asked.problem is None else enough
    if serving is None or not serving.fits or not (serving.in_offering or not offered):
        return None
    return serving


def _with_third(out: GpuComparison, rec) -> GpuComparison:
    """The recommendation beside GPUs weighed, when its GPU is none of them ("Fora as duas, a menor que serve")."""
    if rec is not None and rec.gpu not in {side.gpu for side in out.sides}:
        out.third = rec
    return out


# Speeds per user (or sustainable request rates) closer than this are no difference worth a word: the
# performance model's own error on measured runs is up to 23% on each figure (README, "The performance model").
# sizing/compare.py weighs two models by it too.
CLOSE = 0.10
# A month cheaper by less than this share is said as costing about the same.
PRICE_CLOSE = 0.02


def _side_figures(plan: Plan, setup: Setup, catalog: Catalog) -> Setup:
    """A setup shown side by side: its capacity in words, its performance and its cost, as the answer's
    other setups get them."""
    if setup.capacity is None and setup.problem is None:
        add_capacity(plan, setup, catalog)
        setup.capacity = advice.capacity(plan, setup)
    if setup.performance is None and setup.fits:
        setup.performance = traffic.performance(plan, setup, catalog)
    if setup.cost is None:
        setup.cost = advice.cost(plan, setup, catalog)
    return setup


def _named_gpu_verdict(plan: Plan, asked, enough, rec, catalog: Catalog, said_why: bool = False) -> Verdict:
    """The GPU the question named: fits or not, by how much, at what capacity; then each single change that
    makes it fit on that GPU."""
    lang = plan.lang
    desc = advice.describe(asked, lang)
    is_rec = advice.same_setup(asked, rec)
    budget = plan.gpu if isinstance(plan.gpu, Budget) else None  # the customer's own machine, by its memory
    smaller = ""  # "but a smaller setup is enough", said after the named setup's performance
    tight = False  # over the training margin, within the GPU's memory
    # Under a rate, room for the conversations is not serving them: a copy saturated by the peak is said as such
    # (it had been "cabe", then "não dá conta desta carga").
    unserved = (
        asked.fits
        and plan.rate is not None
        and not plan.stage.is_training
        and not traffic.within_plan(asked.performance, plan_share=False)
    )
    saturated = unserved and (asked.performance.utilization or 0) > 1
    # Within the latency targets but above the share of what it sustains a plan uses: judged as the
    # recommendation is (and GPUs weighed side by side are), not "cabe" with that share as an aside.
    over_plan = (
        asked.fits
        and plan.rate is not None
        and not plan.stage.is_training
        and not unserved
        and budget is None
        and not traffic.within_plan(asked.performance)
    )
    if asked.problem == "replicas":
        held = copies_held(plan, asked, catalog)
        held_text = t(lang, "named.held_one" if held == 1 else "named.held_other", n=held)
        text = t(lang, "named.problem_replicas", setup=desc, held=held_text, required=plan.min_replicas)
    elif plan.max_model_len is not None and asked.problem is None and not plan.stage.is_training:
        # A launch line's flags are ceilings: whether vLLM starts there, and what it then runs at once.
        text = advice.launch_verdict(plan, asked, enough, catalog)
        if asked.fits and is_rec and not said_why:
            text += " " + t(lang, "named.is_recommendation")
        elif asked.fits and rec and advice.smaller(rec, asked):
            smaller = " " + t(lang, "named.smaller_enough", setup=advice.describe(rec, lang))
    elif asked.problem:
        text = t(
            lang,
            f"named.problem_{asked.problem}",
            setup=desc,
            heads=plan.model.num_heads,
            kv_heads=plan.model.num_kv_heads,
            precision=plan.precision.name,
            capability=i18n.number(getattr(plan.gpu, "compute_capability", None) or 0, lang, 1),
            required=i18n.number(plan.precision.min_compute_capability or 0, lang, 1),
            model=plan.model.name,
            model_required=i18n.number(plan.model.min_compute_capability or 0, lang, 1),
            ep=plan.ep,
            dp=asked.count // (plan.tp * plan.pp),
        )
    elif asked.fits:
        if budget is not None and budget.device == "mac":
            # no "por GPU" on a machine with one GPU of shared memory; in GB of 10^9 bytes, as its "Por GPU" line
            # and the breakdown below it count (the Mac note says its share in Apple's GiB, labelled as such)
            text = t(lang, "named.fits_mac", setup=desc, spare=i18n.gb(asked.free_bytes_per_gpu, lang))
        elif saturated:
            p = asked.performance
            text = t(lang, "named.fits_saturated", setup=desc, spare=i18n.gb(asked.free_bytes_per_gpu, lang),
                     share=i18n.percent(p.utilization, lang), max_tokens=i18n.number(p.max_output_tokens_per_s, lang))  # fmt: skip
        elif over_plan:
            p = asked.performance
            text = t(lang, "named.fits_over_plan", setup=desc, spare=i18n.gb(asked.free_bytes_per_gpu, lang),
                     share=advice.share_text(p.utilization, p.planned_utilization, lang),
                     plan=i18n.percent(p.planned_utilization, lang))  # fmt: skip
        else:
            key = "named.fits_unserved" if unserved else "named.fits"
            text = t(lang, key, setup=desc, spare=i18n.gb(asked.free_bytes_per_gpu, lang))
        if not plan.stage.is_training:
            text += " " + t(lang, "named.capacity", capacity=advice.capacity(plan, asked))
            if plan.capacity_asked and not plan.traffic and budget is None:
                text += " " + advice.capacity_at_pace(plan, asked, catalog)
            # The same check the recommendation gets: vLLM's own defaults may not fit where a tuned one does.
            defaults = None if budget else advice.vllm_defaults_note(plan, asked, catalog)
            if defaults:
                text += " " + defaults
        elif plan.timed and not budget:  # no speed is known for a budget: no time either
            days = advice.training_days(plan, asked, catalog)
            late = plan.days is not None and days > plan.days
            text += " " + t(lang, "named.late" if late else "named.days", days=advice.days_text(days, lang),
                            deadline=i18n.day_count(plan.days, lang) if plan.days else None)  # fmt: skip
        # A serving answer says what decided the size, naming the setup; the GPU-hours asked of a GPU make it the
        # recommendation, no smallest of the offering.
        if is_rec and not said_why and not plan.gpu_hours_asked:
            text += " " + t(lang, "named.is_recommendation")
        elif over_plan:
            pass  # its changes say the fewest of it within the plan, fewer or more than named
        elif rec and advice.smaller(rec, asked) and not _late(plan, rec, catalog) and not plan.capacity_asked:
            # Not when the smaller setup misses the training deadline too: it is slower, not enough. Said
            # after the named setup's own performance, which would otherwise read as the smaller one's.
            # On the customer's own machine the smaller setup is one of ours, said as such ("Mas 1× A100 já
            # basta" read as a second Mac). Not when the question asks how many users the named setup holds:
            # the smaller one is sized for the single conversation assumed, which nobody asked about.
            key = "named.smaller_enough_cloud" if budget else "named.smaller_enough"
            smaller = " " + t(lang, key, setup=advice.describe(rec, lang))
            if (dearer := _dearer_run(plan, asked, rec, catalog)) is not None:
                # "Mas 1× L40 já basta" beside an L40S that runs it for less, sooner: the smaller one holds the
                # run, and costs more for it
                smaller = " " + dearer
            fewest = (
                traffic.recommend(plan, catalog, only=catalog.gpu(asked.gpu))
                if not (budget or plan.stage.is_training) and asked.in_offering and rec.gpu != asked.gpu
                else None
            )
            if fewest is not None and fewest.problem is None and fewest.count < asked.count:
                # "da pra fazer em 8 h100?": the fewest of the GPU asked about that serve it, before the smaller
                # setup of another GPU (it had been only "Mas 1× H200 SXM 141 GB já basta").
                smaller = " " + t(lang, "named.smaller_enough_same", same=advice.describe(fewest, lang),
                                  setup=advice.describe(rec, lang))  # fmt: skip
    elif plan.stage.is_training and asked.per_gpu.total <= asked.gpu_memory_bytes * (
        1 - (1 - catalog.offering.training.memory_utilization) / 2
    ):
        # Over the margin a plan keeps but leaving at least half of it: a run that may work. Closer to the
        # edge than that, the allocator's fragmentation alone takes the rest: short, as said below.
        tight = True
        # Over the margin a training plan keeps, not over the GPU: published runs live there (unsloth's
        # 70B QLoRA on 48 GB), so the customer hears that it may run, and at what risk.
        share = 1 - catalog.offering.training.memory_utilization
        text = t(
            lang,
            "named.tight",
            setup=desc,
            need=i18n.gb(asked.per_gpu.total, lang),
            total=i18n.gb(asked.gpu_memory_bytes, lang),
            left=i18n.gb(asked.gpu_memory_bytes - asked.per_gpu.total, lang),
            margin=i18n.percent(share, lang),
        )
    elif budget is not None and budget.device == "mac":
        # No "por GPU" on a machine with one GPU of shared memory; in the GB of its "Por GPU" line and the
        # breakdown (10^9 bytes), while the Mac note says its share in Apple's GiB, labelled as such.
        text = t(lang, "named.short_mac", setup=desc, short=i18n.gb(-asked.free_bytes_per_gpu, lang))
    else:
        short = i18n.gb(-asked.free_bytes_per_gpu, lang)
        text = t(lang, "named.short", setup=desc, short=short)
    if (
        asked.problem is None
        and plan.precision.compute == "fp8"
        and advice.runs_weight_only(plan.precision, asked, catalog)
    ):
        text += " " + t(lang, "note.fp8_weight_only", gpu=asked.gpu_name)
    if asked.problem is None and advice.fp4_weight_only(plan.precision, asked, catalog):
        arch = catalog.gpu(asked.gpu).architecture
        text += " " + t(lang, "note.nvfp4_weight_only", gpu=asked.gpu_name, arch=arch)
    if asked.problem is None and advice.gptq_only(plan.precision, asked, catalog):
        text += " " + t(lang, "note.int4_gptq_only", gpu=asked.gpu_name)
    if asked.problem is None and (catalog.gpu(asked.gpu).compute_capability or 9) < 7.5:
        # PyTorch and vLLM wheels built for CUDA 12.8+ and 13 ship no sm_70 kernels (pytorch/pytorch#172352):
        # a V100 runs them from a CUDA 12.6 build.
        key = "note.volta_builds_training" if plan.stage.is_training else "note.volta_builds"
        text += " " + t(lang, key, gpu=asked.gpu_name)
    p = asked.performance
    if p is not None and not plan.stage.is_training:
        if asked.fits and not saturated:
            # over the plan, the lead has said the share
            text += " " + t(lang, "perf.named", short=advice.perf_short(p, lang, busy=not over_plan))
            if (
                plan.batch_items or plan.generated_tokens or plan.read_tokens
            ) and not is_rec:  # the recommendation's lines say it
                text += " " + (advice.batch_time(plan, asked) or "")
            if plan.rate_asked and plan.rate is None and p.max_requests_per_s > 0:
                ttft, tpot = traffic.targets(plan, catalog)
                text += " " + t(lang, "perf.named_capacity", rate=rate_text(p.max_requests_per_s, lang),
                                ttft=i18n.seconds(ttft, lang), tps=i18n.speed(1 / tpot, lang),
                                max_tokens=i18n.number(p.max_output_tokens_per_s, lang))  # fmt: skip
                # "temos 4 h100, quantos req/s elas aguentam?": the GPUs' most, which copies side by side may give
                # (it had been one copy over all four, 11 requests/s, the only figure said)
                best = advice.fastest_layout(plan, asked, catalog) if asked.count > 1 else asked
                q = best.performance
                if best is not asked and q is not None and q.max_requests_per_s > p.max_requests_per_s * 1.05:
                    one = best.count == best.replicas
                    text += " " + t(lang, "perf.named_capacity_copies" + ("_one" if one else ""), copies=best.replicas,
                                    per=best.count // best.replicas, rate=rate_text(q.max_requests_per_s, lang),
                                    max_tokens=i18n.number(q.max_output_tokens_per_s, lang))  # fmt: skip
        elif plan.rate is None:  # the conversations it does hold (none of this context: no speed to give)
            n = i18n.number(p.concurrency, lang)
            key = "perf.named_partial_one" if n == "1" else "perf.named_partial"
            if asked.max_users != 0:
                text += " " + t(lang, key, n=n, short=advice.perf_short(p, lang))
        elif not saturated:
            # a rate it cannot hold: what one copy of the model on it serves, against what the peak asks
            text += " " + t(lang, "perf.named_rate", rate=rate_text(p.max_requests_per_s, lang),
                            max_tokens=i18n.number(p.max_output_tokens_per_s, lang), need=rate_text(plan.rate, lang))  # fmt: skip
        if p.meets_targets is False and (asked.fits or plan.rate is None) and not saturated:
            ttft, tpot = traffic.targets(plan, catalog)
            # A whole answer's time ("p99 latency budget 2s for 500 tokens") is said as itself: the answer's
            # tokens over it are the speed each user needs (sizing/plan.py).
            key = "perf.named_misses_e2e" if plan.e2e_target is not None else "perf.named_misses"
            e2e = i18n.seconds(plan.e2e_target or 0, lang)
            text += " " + t(lang, key, ttft=i18n.seconds(ttft, lang), tps=i18n.speed(1 / tpot, lang), e2e=e2e,
                            output=i18n.tokens(plan.output, lang))  # fmt: skip
    text += smaller
    if budget is not None:
        text += " " + advice.budget_note(budget, lang)
    elif (beyond := _beyond_servers(asked, catalog)) is not None:
        # "em 64 h100": more servers than the offering joins for one job; the limit leads, the setup's own
        # verdict (and its time) follows, and the recommendation stays within the offering.
        text = t(lang, "named.beyond_servers", asked=asked.count, **beyond) + " " + text
    elif not asked.in_offering:
        text += " " + t(lang, "named.not_offered")
    # A launch line's verdict says itself what the flags get there, and what serves all the ceiling's sequences.
    changes = [] if plan.max_model_len is not None else advice.changes_to_fit(plan, asked, enough, catalog)
    if tight and changes:
        text += " " + t(lang, "named.tight_changes")
    return Verdict(setup=asked, text=text, changes=changes, is_recommendation=is_rec, tight=tight,
                   unserved=unserved, over_plan=over_plan)  # fmt: skip


def _dearer_run(plan: Plan, asked, rec, catalog: Catalog) -> str | None:
    """A timed training's smaller setup said to hold the run where the one named runs it for no more: what the
    smaller one costs per run, and in how long; None when the named run costs more or no prices are known."""
    if not (plan.stage.is_training and plan.timed and catalog.offering.has_prices):
        return None
    mine, theirs = advice.cost(plan, asked, catalog), advice.cost(plan, rec, catalog)
    if mine is None or theirs is None or mine.project_total is None or theirs.project_total is None:
        return None
    if mine.project_total > theirs.project_total:
        return None
    return t(plan.lang, "named.smaller_costs_more", setup=advice.describe(rec, plan.lang),
             currency=catalog.offering.currency, total=i18n.money(theirs.project_total, plan.lang),
             days=advice.days_text(advice.training_days(plan, rec, catalog), plan.lang))  # fmt: skip


def _beyond_servers(asked, catalog: Catalog) -> dict | None:
    """The offering's limit for one job on the named GPU (offering.toml: counts per server, max_servers),
    when the named setup passes it; None otherwise."""
    offer = next((o for o in catalog.offering.offer if o.gpu == asked.gpu), None)
    if offer is None or asked.in_offering or asked.servers <= offer.max_servers:
        return None
    per = max(offer.counts)
    return {"servers": offer.max_servers, "per": per, "most": per * offer.max_servers, "gpu": asked.gpu_name}


def _beyond_offer(plan: Plan, catalog: Catalog) -> str:
    """Why nothing we rent serves a load, and what would."""
    lang = plan.lang
    found = traffic.beyond_offer(plan, catalog)
    if found is not None:
        shape, copies = found
        offer = next((o for o in catalog.offering.offer if o.gpu == shape.gpu.id), None)
        limit = max(offer.counts) * offer.max_servers if offer else shape.total
        key = "perf.beyond_one" if shape.total == 1 else "perf.beyond"
        return t(lang, key, count=i18n.number(copies * shape.total, lang), gpu=shape.gpu.name,
                 copies=i18n.number(copies, lang), per=shape.total, limit=i18n.number(limit, lang))  # fmt: skip
    ttft_target, tpot_target = traffic.targets(plan, catalog)
    fastest = traffic.fastest_first_token(plan, catalog)
    if plan.e2e_target is not None and not (
        plan.given_ttft is not None and fastest and fastest > ttft_target
    ):
        return t(lang, "perf.too_slow_e2e", e2e=i18n.seconds(plan.e2e_target, lang),
                 output=i18n.tokens(plan.output, lang))  # fmt: skip
    if fastest is not None and fastest > ttft_target:
        return t(lang, "perf.too_slow", ttft=i18n.seconds(ttft_target, lang), prompt=i18n.tokens(plan.prompt, lang),
                 best=i18n.number(fastest, lang, 1))  # fmt: skip
    return t(lang, "perf.too_slow_tokens", tps=i18n.speed(1 / tpot_target, lang))


def _margin_assumption(plan: Plan, catalog: Catalog, asked: bool = False) -> str:
    """The share of memory the answer plans with; `asked`: the question's --gpu-memory-utilization."""
    share = (
        catalog.offering.training if plan.stage.is_training else catalog.offering.serving
    ).memory_utilization
    key = "assume.margin_training" if plan.stage.is_training else "assume.margin_serving"
    if plan.stage.is_training and plan.gpu and plan.gpu.id.startswith("mac-"):
        key = "assume.margin_training_mac"  # one chip on Metal (MPS): no ZeRO, no NCCL
    if plan.engine != "vllm" and not asked:
        return t(plan.lang, "assume.margin_" + plan.engine)
    if not plan.stage.is_training and plan.launch_engine != "vllm":
        key = "assume.margin_serving_other"  # SGLang and TGI pick their own share; ours is vLLM's
    if asked and not plan.stage.is_training:
        # Past 0.95 little is left for memory vLLM's start-up profiling does not see (NCCL buffers, other
        # processes on the GPU, fragmentation).
        key = "assume.margin_asked_tight" if share > 0.95 else "assume.margin_asked"
    return t(plan.lang, key, used=i18n.percent(share, plan.lang), margin=i18n.percent(1 - share, plan.lang),
             value=f"{share:g}", flag=t(plan.lang, f"launch_engine.{plan.launch_engine}.memory_flag"),
             engine=t(plan.lang, f"launch_engine.{plan.launch_engine}.engine"))  # fmt: skip


def _encoder_info(encoder_id: str, assumed: bool) -> EncoderInfo:
    if speech.is_speech_id(encoder_id):
        s = speech.by_id(encoder_id)
        return EncoderInfo(id=s.id, name=s.name, kind="speech", params=s.params, weights=speech.weights(s),
                           buffer=speech.activations(s), sequences=s.batch,
                           sequence_tokens=speech.table().defaults.source_frames, overhead=speech.overhead(),
                           kv_cache=speech.kv_cache(s), beam=s.runtime.beam, runtime=s.runtime.id,
                           format=s.format, assumed=assumed)  # fmt: skip
    e, batch = encoders.by_id(encoder_id), encoders.table().defaults
    return EncoderInfo(id=e.id, name=e.name, kind=e.kind, params=e.params, weights=encoders.weights(e),
                       buffer=encoders.buffer(e), sequences=batch.batch_sequences,
                       sequence_tokens=encoders.batch_tokens(e) // batch.batch_sequences,
                       overhead=encoders.overhead(), assumed=assumed)  # fmt: skip


def _precision_name(plan: Plan, catalog: Catalog) -> str:
    """The precision the answer shows: an FP8 training's is its matrix products' over BF16 weights, not the BF16
    its memory is counted in (the catalogue's flag, set by _size for one)."""
    if plan.stage in (Stage.full, Stage.pretrain) and catalog.offering.training.fp8:
        key = "fp8_training_precision" if plan.stack.master_weights else "fp8_training_precision_pure"
        return t(plan.lang, "understood." + key)
    return plan.precision.name


def _resolved(plan: Plan, bits: float, catalog: Catalog, exact: bool = False) -> ResolvedWorkload:
    m = plan.model
    training = plan.stage.is_training
    return ResolvedWorkload(
        stage=plan.stage.value,
        model=ModelInfo(
            id=m.id,
            name=m.name,
            params=m.params,
            active_params=m.active_params,
            scaled_from=m.scaled_from,
            derived_from=m.derived_from,
            derived_from_name=catalog.model(m.derived_from).name if m.derived_from else None,
            typed_size=plan.resolved.typed_size,
            repo=m.release.repo if m.release else None,
            source=plan.resolved.source,
            weights_exact=exact,
            max_context=m.context_limit,
            vision_params=m.extra_params,
            chunked_attention=m.chunked_attention,
        ),
        precision=plan.precision.id,
        engine=plan.engine,
        precision_name=_precision_name(plan, catalog),
        bits_per_weight=round(bits, 4),
        kv_precision=plan.kv.id,
        context_tokens=None if training else plan.context,
        max_model_len=None if training else plan.max_model_len,
        launch_engine=plan.launch_engine,
        users=None if training else plan.users,
        users_batch=plan.users_batch is not None and plan.users_batch == plan.users,
        gpu=plan.gpu.id if plan.gpu else None,
        gpu_count=plan.gpus,
        task=plan.task.value if plan.task else None,
        intent=plan.intent.value if plan.intent else None,
        lang=plan.lang,
        seq_len=plan.seq_len if training else None,
        batch=plan.batch if training else None,
        zero=plan.zero if training else None,
        tokens=plan.tokens if training else None,
        tokens_from_budget=plan.tokens_from_budget,
        optimizer=plan.optimizer.value if training else None,
        lora_rank=plan.lora_rank if plan.stage.value in ("lora", "qlora") or plan.lora_adapters else None,
        lora_adapters=plan.lora_adapters or None,
        encoders=[_encoder_info(i, i in plan.encoders_assumed) for i in plan.encoders] or None,
        checkpointing=plan.checkpointing if training else None,
        cpu_offload=plan.cpu_offload,
        offload_params=plan.offload_params,
        tp=plan.tp if training else None,
        pp=plan.pp if training else None,
        ep=plan.ep if training and plan.ep > 1 else None,
        cp=plan.cp if training and plan.cp > 1 else None,
        selective_recompute=True if training and plan.selective_recompute else None,
        pipeline_schedule=plan.pipeline_schedule if training else None,
        virtual_stages=plan.virtual_stages if training and plan.virtual_stages > 1 else None,
        method=plan.method.value if training else None,
        days=plan.days if training else None,
        stack=plan.stack.id if training and plan.stack else None,
        stack_name=plan.stack.name if training and plan.stack else None,
        days_assumed=plan.days_assumed,
        contract=plan.contract,
        term_days=plan.term_days,
        off_hours=plan.off_hours,
        replicas=plan.given_replicas,
        high_availability=plan.given_high_availability,
        spare_replicas=plan.spare_replicas or None,
        zones=plan.zones,
        prompt_tokens=plan.given_prompt,
        output_tokens=plan.given_output,
        reasoning=plan.reasoning,
        rate_per_s=plan.given_rate,
        population=plan.population,
        ttft_target_s=plan.given_ttft,
        tokens_per_s_target=plan.given_tokens_per_s,
        load=None if training else _load_info(plan, catalog),
        cost_asked=plan.cost_asked,
        contracts_compared=list(plan.contracts_compared),
        cost_per_user=plan.cost_per_user,
        cost_seats=plan.cost_seats,
        cost_per_requests=plan.cost_per_requests,
        budget=plan.budget,
        api_price=plan.api_price,
        rl=_rl_info(plan) if training and plan.method.is_rl else None,
        speculative=_spec_info(plan, catalog) if plan.spec_asked else None,
        images=_image_info(plan, catalog) if not training else None,
    )


def _spec_info(plan: Plan, catalog: Catalog) -> SpeculativeInfo:
    spec = plan.spec
    asked = plan.spec_asked or "auto"
    info = SpeculativeInfo(asked=asked, method=spec.method if spec else None, refused=plan.spec_refused,
                           draft_asked=plan.spec_draft)  # fmt: skip
    if spec is None:
        if plan.spec_draft:  # the draft named, by its name, though it was not served
            try:
                info.name = resolve_model(plan.spec_draft, catalog).model.name
            except SizingError:
                info.name = plan.spec_draft
        return info
    kv = plan.kv.bytes_per_value
    if spec.draft is not None:
        info.name, info.draft_model = spec.draft.name, spec.draft.id
    else:
        info.name = {"eagle": "EAGLE", "eagle3": "EAGLE-3", "mtp": "MTP", "ngram": "n-gram"}[spec.method]
    precision = None
    if spec.method == "draft_model" or spec.method == "mtp":
        precision = spec.precision or plan.precision
    elif spec.method != "ngram":
        precision = catalog.precision("bf16")
    if precision is not None:
        info.precision, info.precision_name = precision.id, precision.name
    info.params = spec.params
    info.weight_bytes = spec.weight_bytes(plan.precision, catalog)
    info.kv_bytes_per_token = kv_cache.bytes_per_token(spec.arch, kv) if spec.arch is not None else 0
    info.kv_bytes_per_conversation = spec.sequence_bytes(plan.context, kv, 1)
    return info


def _image_info(plan: Plan, catalog: Catalog) -> ImageInfo | None:
    img = plan.images
    if img is None:
        return None
    info = ImageInfo(count=img.count, width=img.width, height=img.height, size=img.size, counted=img.counted)
    if img.rule is None or img.each is None:
        # The model reads no images, or the catalogue lacks its rule: the closest one that is counted.
        info.reason = "text_model" if img.rule is None else "unsourced"
        info.rule = img.rule.kind if img.rule else None
        nearest = advice.nearest_vision_model(plan.model, catalog)
        info.nearest_vision_model = nearest.id if nearest else None
        return info
    info.rule = img.rule.kind
    reserve = images.reserve(img.rule, plan.model, plan.prefill_chunk)
    info.tokens_per_image = img.each.context
    info.cross_tokens_per_image = img.each.cross
    info.tokens_per_conversation = img.context_tokens
    info.cross_bytes_per_conversation = math.ceil(kv_cache.cross_bytes(plan.model, plan.kv.bytes_per_value))
    info.encoder_images = reserve.images
    info.encoder_tokens_per_image = reserve.tokens_each
    info.encoder_activation_bytes = reserve.peak
    return info


def _rl_info(plan: Plan) -> RLInfo:
    return RLInfo(
        prompt_tokens=plan.rl_prompt,
        completion_tokens=plan.rl_completion,
        generations=plan.rl_generations,
        reference_model=plan.rl_reference,
        reward_model=plan.rl_reward_model,
        reward_models=plan.rl_reward_models if plan.rl_reward_model else 0,
        generation=plan.rl_generation,
    )


def _load_info(plan: Plan, catalog: Catalog) -> LoadInfo:
    ttft, tpot = (plan.ttft_target, plan.tpot_target) if plan.ttft_target is not None else (None, None)
    return LoadInfo(
        prompt_tokens=plan.prompt,
        output_tokens=plan.output,
        history_tokens=plan.history,
        turns=plan.turns,
        rate_per_s=plan.rate,
        basis=plan.rate_basis,
        batch_seconds=plan.batch_seconds,
        requests_per_day=plan.requests_per_day,
        requests_per_month=plan.requests_per_month,
        requests_per_week=plan.requests_per_week,
        population=plan.population,
        held_users=plan.held_users,
        people_in_flight=plan.held_people_in_flight,
        active_share=plan.active_share,
        requests_per_active_hour=plan.per_active_hour,
        ttft_target_s=ttft,
        tokens_per_s_target=1 / tpot if tpot else None,
        plan_utilization=catalog.traffic.capacity.plan_utilization if plan.traffic else None,
    )


__all__ = ["Memory", "size"]
