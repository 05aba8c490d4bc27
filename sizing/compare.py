"""Two models weighed in one answer: "qwen 72b em int4 ou qwen 32b em bf16?", "llama 3.1 8b vs mistral 7b, 10
users", "comparar o llama 70b com o qwen 32b".

The question's first model gets the whole answer; the other (Query.model_choices) is sized for the same
workload (users, context, traffic, stage, the GPU named...) with the precision said beside it, or its own
default, by one more size() call (memoised like every sizing). weigh() puts the two answers side by side:
each model's recommended setup, memory per GPU and what is left, capacity, speed and cost per month, then the
trade-off in facts the two answers hold, and the product's quality advice when a large model squeezed to 4-bit
meets a mid-size one at 16 or 8 bits (sizing/advice.py: LARGE_MODEL, MID_SIZE and the "alt.mid_size" text).

Pure: the caller parses the other model's words and reads a repo from the Hub, if any, before asking here.
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

from . import i18n
from . import together as together_load
from .advice import LARGE_MODEL, MID_SIZE, describe, perf_short, quantization_note, smaller, training_days
from .catalog import Catalog, is_budget
from .engine import CLOSE, fp8_training, size  # CLOSE: speeds or rates too close to tell apart
from .errors import SizingError
from .i18n import duration, gb, money, number, t, tokens
from .names import ModelSource
from .plan import Plan, make_plan, rate_text
from .query import Query, QueryError
from .result import Record, Setup, SizingResult
from .setups import candidates, evaluate, shape_for
from .together import Together
from .workload import Stage, Task, Workload


class Side(Record, kw_only=True):
    """One model of the comparison, as its own answer sized it."""

    model_id: str
    model: str
    precision: str
    precision_name: str
    typed: str | None = None  # the other model as the question named it (None: the model answered in full)
    recommendation: Setup | None = None  # None: nothing we rent holds the workload
    named_gpu_fits: bool | None = None  # the GPU the question named holds it (None: no GPU named)
    # The GPUs named for this side alone ("em 1 l40s? e em fp8 numa h100?"), said as "Entendi" says setups
    own_setup: str | None = None
    lines: list[str] = []  # the figures above, in words
    _omit_empty = ("own_setup",)  # only a side on GPUs of its own has one


class Comparison(Record, kw_only=True):
    typed: str  # the other model, as typed
    others: list[str] = []  # every other model as typed (three or four served together: more than one)
    sized: bool
    models: list[Side] = []  # the model answered in full, then the other (when it could be sized)
    tradeoff: str | None = None  # one line: fewer or cheaper GPUs, more users, faster
    quality: str | None = None  # a large model at 4-bit against a mid-size one at 16 or 8 bits
    together: str | None = (
        None  # both asked for on the same GPU: their memory summed, and the GPU that holds it
    )
    # With a load: the smallest machine that serves every model at its share of it (sizing/together.py), and
    # the lines after the verdict (each model's load and speed there, what the loads assume, the cost)
    together_load: Together | None = None
    together_lines: list[str] = []
    # Left out of the JSON when empty: only answers with models together under a load have them.
    _omit_empty = ("together_load", "together_lines")
    footer: str | None = None  # where the rest of the answer is, and how to get the other's in full
    reason_key: str | None = None  # why the other could not be sized (an error key) ...
    reason: str | None = None  # ... in words


def other_workload(first: Workload, other: Query, index: int = 1) -> Workload:
    """The workload of the other model: the first one's, with the model and the precision said with it (none
    said: the model's own default, as the engine decides), and its own rate when the question said one for
    each model served together (Workload.model_rates; `index`: its place among them, the first being 0).
    Raises QueryError when its words name no model."""
    if other.help or other.workload is None:
        raise QueryError("query.no_model")
    own = other.workload
    # the other's own name as typed, never the first's ("gemma 5 30b ou qwen 32b": the Qwen had been named "gemma
    # 5 30b (dimensionado como Qwen2.5 32B)")
    first = first.but(family_typed=own.family_typed)
    if own.gpu:
        # "nvfp4 on b200 vs fp8 on h200": the other side on its own GPU (sizing/query.py _own_gpus)
        return first.but(model=own.model, precision=own.precision, gpu=own.gpu, gpus=own.gpus, compare_gpus=None,
                         compare_counts=None)  # fmt: skip
    rates, periods = first.model_rates or [], first.model_rate_periods or []
    if index < len(rates) and rates[index] is not None:
        # "o 32b com 20 req/min": its rate in place of the first's load
        return first.but(model=own.model, precision=own.precision, rate_per_s=rates[index],
                         rate_period_s=periods[index] if index < len(periods) else None, requests_per_day=None,
                         requests_per_week=None, requests_per_month=None, population=None)  # fmt: skip
    return first.but(model=own.model, precision=own.precision)


def weigh(
    first: SizingResult,
    typed: str,
    other: Workload | SizingError,
    catalog: Catalog,
    show_prices: bool,
    source: ModelSource | None = None,
    read_as: list[tuple[str, str]] = (),
    together: bool = False,
    workload: Workload | None = None,
) -> Comparison:
    """The comparison of `first` with the other model (`other`: its workload, or why it has none). The other
    is sized here (size() keeps it for the next time the same question comes). `read_as`: the typos read in
    its name, (as typed, the name read), which its column says."""
    lang = first.workload.lang
    if isinstance(other, SizingError):
        return _unsized(typed, other, lang)
    try:
        second = size(other, catalog, source)
    except SizingError as e:
        return _unsized(typed, e, lang)
    # One model at two precisions: each side says its weights, what the choice changes.
    weights = first.workload.model.id == second.workload.model.id and not together
    sides = [
        _side(first, None, show_prices, weights),
        _other_side(first, second, typed, read_as, show_prices, weights),
    ]
    return Comparison(
        typed=typed,
        sized=True,
        models=sides,
        # Served together they are no alternatives: which needs fewer GPUs, or is better, is beside the point.
        tradeoff=None if together else _tradeoff(first, second, show_prices),
        quality=None if together else _quality(first, second, catalog),
        footer=_footer(first, second),
        **(_together_fields([first, second], catalog, [workload, other], [None, source], show_prices)
           if together else {}),
    )  # fmt: skip


def _weights_line(r: SizingResult) -> str:
    """The weights' memory at the side's precision: the difference a choice of precisions is about."""
    w = r.workload
    return t(w.lang, "compare.weights", weights=gb(r.memory.weights, w.lang),
             params=i18n.params(w.model.params, w.lang), bits=number(w.bits_per_weight, w.lang, 2))  # fmt: skip


def _footer(first: SizingResult, second: SizingResult) -> str:
    lang, kept = first.workload.lang, first.workload.model.name
    if second.workload.model.name == kept:  # "qwen 72b em awq ou fp8?": one model at two precisions
        first_p, second_p = first.workload.precision_name, second.workload.precision_name
        return t(lang, "compare.footer_precision", kept=kept, first=first_p, second=second_p)
    return t(lang, "compare.footer", kept=kept, other=second.workload.model.name)


class Other(NamedTuple):
    """One more model served together with the first: as typed, its workload (or why it has none), what the
    Hub said of it, and the typos read in its name."""

    typed: str
    workload: Workload | SizingError
    source: ModelSource | None = None
    read_as: list[tuple[str, str]] = []


def others_of(choices: list[str], first: Workload, read, source_for) -> list[Other]:
    """The other models of a question, each with the first one's workload: `read` parses a name as typed (a
    surface's own parser and its cache), `source_for` says what the Hub holds for a model (None: nothing)."""
    others = []
    for i, typed in enumerate(choices, 1):
        try:
            named = read(typed)
            other = other_workload(first, named, i)
        except SizingError as e:
            others.append(Other(typed, e))
            continue
        others.append(Other(typed, other, source_for(other.model), named.corrections))
    return others


def weigh_together(
    first: SizingResult,
    others: list[Other],
    catalog: Catalog,
    show_prices: bool,
    workload: Workload | None = None,
) -> Comparison:
    """Three or four models served on one GPU ("llama 8b, qwen 7b e mistral 7b na mesma gpu"): each sized for
    the same workload, side by side, and their memory summed as for two. A model that cannot be sized is
    said, as in a comparison of two."""
    lang = first.workload.lang
    sized = _sized_sides(first, others, catalog, show_prices)
    if isinstance(sized, Comparison):
        return sized
    results, sides = sized
    return Comparison(
        typed=", ".join(o.typed for o in others),
        others=[o.typed for o in others],
        sized=True,
        models=sides,
        footer=t(lang, "compare.footer_many", kept=first.workload.model.name),
        **_together_fields(results, catalog, [workload, *(o.workload for o in others)],
                           [None, *(o.source for o in others)], show_prices),
    )  # fmt: skip


def _sized_sides(
    first: SizingResult, others: list[Other], catalog: Catalog, show_prices: bool, weights=False
):
    """Each other model sized for the same workload: (the results, the columns), the first's first; or the
    Comparison that says why one could not be sized."""
    results, sides = [first], [_side(first, None, show_prices, weights)]
    for other in others:
        if isinstance(other.workload, SizingError):
            return _unsized(other.typed, other.workload, first.workload.lang)
        try:
            result = size(other.workload, catalog, other.source)
        except SizingError as e:
            return _unsized(other.typed, e, first.workload.lang)
        results.append(result)
        sides.append(_other_side(first, result, other.typed, other.read_as, show_prices, weights))
    return results, sides


def weigh_choices(
    first: SizingResult, others: list[Other], catalog: Catalog, show_prices: bool
) -> Comparison:
    """Three or four setups of one model offered as a choice ("em 16 bits, 8 ou 4?", "fp16 vs fp8 vs int4"):
    each sized for the same workload, side by side with its weights, verdict and recommendation, and what
    the lowest precision costs in quality; the first answered in full below."""
    sized = _sized_sides(first, others, catalog, show_prices, weights=True)
    if isinstance(sized, Comparison):
        return sized
    results, sides = sized
    lang = first.workload.lang
    lowest = min(results[1:], key=lambda r: catalog.precision(r.workload.precision).nominal_bits)
    names = [r.workload.precision_name for r in results[1:]]
    footer = t(lang, "compare.footer_precision", kept=first.workload.model.name,
               first=first.workload.precision_name, second=i18n.join(names, lang))  # fmt: skip
    if len({(r.workload.model.id, r.workload.precision) for r in results}) < len(results) or any(
        r.workload.model.id != first.workload.model.id for r in results
    ):
        # Sides apart by their GPUs or their models too (sizing/query.py _setups_crossed): a precision names none
        # alone ("para o em FP8, INT4 e INT4" had read)
        kept = f"{first.workload.model.name} {first.workload.precision_name}"
        footer = t(lang, "compare.footer_many", kept=kept)
    return Comparison(
        typed=", ".join(o.typed for o in others),
        others=[o.typed for o in others],
        sized=True,
        models=sides,
        tradeoff=_tradeoff_many(results, lang, show_prices),
        quality=_quality(first, lowest, catalog),
        footer=footer,
    )


def _tradeoff_many(results: list[SizingResult], lang: str, show_prices: bool) -> str | None:
    """The one line of a choice of three or four setups ("em 16 bits, 8 ou 4?"), as _tradeoff's of two: which
    fit the GPUs named, which needs the smallest setup, which serves the most users, which is the fastest
    per user. Each side is named by its precision, the model being the same (it had had no summary)."""
    names = [f"{r.workload.model.name} {r.workload.precision_name}" for r in results]
    verdicts = [r.verdict for r in results]
    plain = names
    if len(set(names)) < len(names) and None not in verdicts:
        # "e em fp8 numa h100 e h200?": one precision on several GPUs, each side named with its own
        names = [
            t(lang, "understood.on_setup", what=name, setup=f"{v.setup.count}× {v.setup.gpu_name}")
            for name, v in zip(names, verdicts, strict=True)
        ]
    if None not in verdicts and results[0].workload.stage == "inference":
        return _on_named(results, names, plain, lang, show_prices)
    parts: list[str] = []
    if None not in verdicts and len({v.setup.fits for v in verdicts}) > 1:
        fit = [i for i, v in enumerate(verdicts) if v.setup.fits]
        if len({(v.setup.gpu, v.setup.count) for v in verdicts}) > 1:
            # each on GPUs of its own: which of the setups asked fit ("só cabem em 1× H100: ... em 1× H200" had
            # read as if the H200's side were on the H100); a name already with its setup is said as it is
            said = [t(lang, "understood.on_setup", what=names[i], setup=describe(verdicts[i].setup, lang))
                    if describe(verdicts[i].setup, lang) not in names[i] else names[i] for i in fit]  # fmt: skip
            parts.append(_only(list(range(len(said))), said, "compare.only_asked", None, lang))
        else:
            parts.append(_only(fit, names, "compare.only_named", verdicts[fit[0]].setup, lang))
    recs = [r.recommendation for r in results]
    served = [i for i, rec in enumerate(recs) if rec is not None]
    if len(served) < len(recs):
        parts.append(_only(served, names, "compare.only_fits", None, lang) if served
                     else t(lang, "compare.none_fits"))  # fmt: skip
    if len(served) < 2:
        return _sentence(parts, lang)
    least = min(served, key=lambda i: (recs[i].count, recs[i].gpu_memory_bytes))
    most = max(served, key=lambda i: (recs[i].count, recs[i].gpu_memory_bytes))
    alike = [i for i in served if (recs[i].gpu, recs[i].count) == (recs[least].gpu, recs[least].count)]
    if len(alike) == len(served):
        parts.append(t(lang, "compare.same_setup_all", setup=describe(recs[least], lang)))
    elif all(i in alike or smaller(recs[least], recs[i]) for i in served):
        parts.append(
            _only(alike, names, "compare.smallest", recs[least], lang, other=describe(recs[most], lang))
        )
    if show_prices:
        parts += _cheaper([results[i] for i in served], [names[i] for i in served], lang)
    # Users and speed as each side's lines show them: on the GPUs named where they serve
    shown = [shown_setup(r) for r in results]
    users = {i: shown[i].max_users or 0 for i in served}
    top = max(served, key=users.get)
    if results[0].workload.stage == "inference" and sorted(users.values())[-2] < users[top]:
        parts.append(t(lang, _more_users_key(results), model=names[top], more=number(users[top], lang),
                       fewer=number(min(users.values()), lang),
                       context=tokens(results[0].workload.context_tokens or 0, lang)))  # fmt: skip
    speeds = {i: shown[i].performance.tokens_per_s_per_user for i in served if shown[i].performance}
    if len(speeds) == len(served):
        fast, slow = max(speeds, key=speeds.get), min(speeds, key=speeds.get)
        if speeds[fast] - speeds[slow] > CLOSE * speeds[fast]:
            parts.append(t(lang, "compare.faster", model=names[fast], fast=number(speeds[fast], lang),
                           slow=number(speeds[slow], lang)))  # fmt: skip
    return _sentence(parts, lang)


def _on_named(
    results: list[SizingResult], names: list[str], plain: list[str], lang: str, show_prices: bool
) -> str | None:
    """The summary of sides on GPUs the question named: first the setups asked, weighed among themselves (which
    serve, what each that does not needs, then users, speed, GPUs and cost among those that serve, each on its
    own figures as its line shows them); then, in a sentence of its own, a smaller setup outside those asked
    when one serves. "FP8 em 2× e FP8 em 4× precisam da menor configuração (1× A100)" had opened a summary
    whose sides showed 2× and 4× H100, and "o BF16 atende mais usuários" had set the 2× A100 it is recommended
    beside the 1× H100 the FP8 was asked on. `plain`: the sides' names without their setups."""
    verdicts = [r.verdict for r in results]
    serving = [i for i, r in enumerate(results) if named_serves(r)]
    asked = {(v.setup.gpu, v.setup.count) for v in verdicts}
    parts: list[str] = []
    if len(serving) == len(results) and len(asked) == 1:
        key = "compare.same_setup" if len(results) == 2 else "compare.same_setup_all"
        parts.append(t(lang, key, setup=describe(verdicts[0].setup, lang)))
    elif serving and len(asked) == 1:
        parts.append(_only(serving, names, "compare.only_named", verdicts[serving[0]].setup, lang))
    elif serving and len(serving) < len(results):
        # each on GPUs of its own: a name already with its setup is said as it is
        said = [t(lang, "understood.on_setup", what=names[i], setup=describe(verdicts[i].setup, lang))
                if describe(verdicts[i].setup, lang) not in names[i] else names[i] for i in serving]  # fmt: skip
        parts.append(_only(list(range(len(said))), said, "compare.only_asked", None, lang))
    parts += _needs([(names[i], results[i]) for i in range(len(results)) if i not in serving], lang)
    if len(serving) >= 2:
        parts += _among_served([results[i] for i in serving], [names[i] for i in serving], lang, show_prices)
    text = _sentence(parts, lang)
    outside = _smaller_outside(results, serving, plain, lang)
    return " ".join(p for p in (text, outside) if p) or None


def _among_served(served: list[SizingResult], names: list[str], lang: str, show_prices: bool) -> list[str]:
    """Fewer GPUs, cost, users and speed among sides that serve on the GPUs named, each on its own setup."""
    parts = []
    setups = [r.verdict.setup for r in served]
    if len({s.gpu for s in setups}) == 1 and len({s.count for s in setups}) > 1:
        few = min(s.count for s in setups)
        fewest = [i for i, s in enumerate(setups) if s.count == few]
        most = max(range(len(setups)), key=lambda i: setups[i].count)
        parts.append(_only(fewest, names, "compare.fewer_gpus", setups[fewest[0]], lang,
                           other=describe(setups[most], lang)))  # fmt: skip
    parts += _cheaper(served, names, lang, setups) if show_prices else []
    if len(served) == 2:
        pair = (served[0], served[1])
        return parts + _more_served(pair, names, lang) + _faster(setups, names, lang)
    users = [s.max_users or 0 for s in setups]
    top = max(range(len(users)), key=users.__getitem__)
    if sorted(users)[-2] < users[top]:
        parts.append(t(lang, "compare.more_users_asked", model=names[top], more=number(users[top], lang),
                       fewer=number(min(users), lang), context=tokens(served[0].workload.context_tokens or 0, lang)))  # fmt: skip
    return parts + _faster(setups, names, lang)


def _faster(setups: list[Setup], names: list[str], lang: str) -> list[str]:
    """Which responds fastest to each user, where every setup's speed is known and they differ enough to tell."""
    speeds = [s.performance.tokens_per_s_per_user if s.performance else None for s in setups]
    if None in speeds:
        return []
    fast = max(range(len(speeds)), key=speeds.__getitem__)
    slow = min(range(len(speeds)), key=speeds.__getitem__)
    if speeds[fast] - speeds[slow] <= CLOSE * speeds[fast]:
        return []
    return [t(lang, "compare.faster", model=names[fast], fast=number(speeds[fast], lang),
              slow=number(speeds[slow], lang))]  # fmt: skip


def _smaller_outside(
    results: list[SizingResult], serving: list[int], plain: list[str], lang: str
) -> str | None:
    """ "Fora das configurações pedidas, o FP8 cabe numa menor: 1× A100.": the smallest recommendation of the
    sides, when it is smaller than every setup asked that serves; None when none serves (what each needs is
    said already) or the setups asked are the smallest."""
    recs = [(i, r.recommendation) for i, r in enumerate(results) if r.recommendation is not None]
    if not serving or not recs:
        return None
    least = min((rec for _, rec in recs), key=lambda s: (s.count, s.gpu_memory_bytes))
    if not all(smaller(least, results[i].verdict.setup) for i in serving):
        return None
    models = list(dict.fromkeys(plain[i] for i, rec in recs if _same_setup(rec, least)))
    key = "compare.smaller_outside" if len(models) == 1 else "compare.smaller_outside_many"
    return t(lang, key, model=models[0], models=i18n.join(models, lang), setup=describe(least, lang))


def _only(sides: list[int], names: list[str], key: str, setup: Setup | None, lang: str, **more) -> str:
    """ "só o X cabe em ...", "só cabem em ...: X e Y": the sides of several that pass, one or more."""
    said = {"setup": describe(setup, lang), **more} if setup is not None else more
    if len(sides) == 1:
        return t(lang, key, model=names[sides[0]], **said)
    return t(lang, f"{key}_many", models=i18n.join([names[i] for i in sides], lang), **said)


def _together_fields(results, catalog: Catalog, workloads, sources, show_prices: bool) -> dict:
    """The Comparison's fields of models served together: with a load given (sizing/together.py has_load),
    the smallest machine that serves each model at its share of it; without one, by memory (_together)."""
    loaded = _with_load(results, catalog, workloads, sources, show_prices)
    if loaded is not None:
        return loaded
    return {"together": _together(results, catalog, workloads, sources)}


def _with_load(results, catalog: Catalog, workloads, sources, show_prices: bool) -> dict | None:
    """The verdict of models served together at a load, and the lines after it; None when no load was given
    (or a model cannot be planned, or is not served: the memory's verdict stands)."""
    if any(r.workload.stage != "inference" for r in results):
        return None
    plans = _plans(workloads, sources, catalog, len(results))
    if plans is None or not together_load.has_load(plans):
        return None
    w, lang = results[0].workload, results[0].workload.lang
    named = catalog.gpu(w.gpu) if w.gpu else None
    if named is not None and is_budget(named.id):
        return None  # the customer's own memory: no speed to serve a load by (sizing/traffic.py performance)
    count = results[0].verdict.setup.count if results[0].verdict is not None and named is not None else 1
    found = together_load.serve(plans, catalog, named, count)
    short, lower = None, ""
    if named is not None and (found is None or found.named_short):
        if not _fits_named(results, plans, named, count, catalog):
            # Their memory alone is more than the GPUs named hold: said in figures, as without a load ...
            short = _short_on_many(results, plans, named, count, catalog, lang).strip() if count > 1 else t(
                lang, "compare.together_named_short", gpu=named.name, need=gb(sum(r.memory.total for r in results), lang),
                usable=gb(int(named.memory_bytes * catalog.offering.serving.memory_utilization), lang))  # fmt: skip
        # ... and a lower precision at which they serve the load there, when one does
        lower = _lower_for_load(results, workloads, sources, named, count, catalog)
    periods = [getattr(x, "rate_period_s", None) for x in workloads]
    asked = workloads[0]
    split_said = bool(asked.model_rates)
    lines = together_load.lines(found, plans, periods, split_said, bool(asked.routed), results[0].currency,
                                show_prices, lang)  # fmt: skip
    return {
        "together": together_load.verdict(found, len(results), named, count, lang, short) + lower,
        "together_load": found,
        "together_lines": lines,
    }


def _together(
    results: list[SizingResult],
    catalog: Catalog,
    workloads: list[Workload | None] = (),
    sources: list[ModelSource | None] = (),
) -> str | None:
    """The models served together: on the GPUs the question named when it named more than one (each model
    on some of them, see _placement), else on one GPU, and, when they do not fit where the question asked, a
    lower precision at which they all do (_lower_precision)."""
    lang = results[0].workload.lang
    if any(r.workload.stage != "inference" for r in results):
        return None
    w, verdict = results[0].workload, results[0].verdict
    named = catalog.gpu(w.gpu) if w.gpu else None
    count = verdict.setup.count if verdict is not None else 1  # the GPUs the question named
    plans = _plans(workloads, sources, catalog, len(results)) if named is not None else None
    if named is not None and count > 1 and plans is not None:
        placed = _placement(plans, named, count, catalog)
        if placed is not None:
            return _placed_text(results, placed, named, count, catalog, lang)
        text = _one_gpu(results, catalog, short=_short_on_many(results, plans, named, count, catalog, lang))
    else:
        text = _one_gpu(results, catalog)
        if named is None and not _fits_one_gpu(results, catalog):
            # Past the largest GPU we rent: the smallest server that holds them all, each on some of its GPUs
            # (it had been "cada um na sua configuração" with no setup for them together).
            server = _smallest_server(_plans(workloads, sources, catalog, len(results)), catalog)
            if server is not None:
                gpu, count, placed = server
                text = _placed_text(results, placed, gpu, count, catalog, lang, key="compare.placed_server",
                                    summed=_summed(results, lang), need=gb(sum(r.memory.total for r in results), lang))  # fmt: skip
    if named is not None and plans is not None and not _fits_named(results, plans, named, count, catalog):
        lower = _lower_precision(results, workloads, sources, named, count, catalog)
        if lower is not None:
            text += " " + lower
    return text


def _lower_for_load(results, workloads, sources, gpu, count: int, catalog: Catalog) -> str:
    """ " Em FP8 (8-bit), dão conta desta carga juntos nas GPUs citadas: ...": the first of LOWER at which every
    model (each kept at its own precision when that is already as low) serves its load together on the GPUs
    named (sizing/together.py); "" when none does."""
    lang = results[0].workload.lang
    for precision, lowered in _lowered(results, workloads, gpu, catalog):
        try:
            plans = [make_plan(w, catalog, src) for w, src in zip(lowered, sources, strict=True)]
        except SizingError:
            continue
        found = together_load.serve(plans, catalog, gpu, count, named_only=True)
        if found is not None:
            return " " + t(lang, "compare.load_lower", precision=catalog.precision(precision).name, count=count,
                           gpu=gpu.name, parts=together_load.parts_text(found, lang))  # fmt: skip
    return ""


def _plans(workloads, sources, catalog: Catalog, count: int) -> list[Plan] | None:
    """Each model's plan, to judge it on any number of GPUs; None when a workload is missing (a caller that
    gave none) or cannot be planned."""
    if len(workloads) != count or any(w is None or isinstance(w, SizingError) for w in workloads):
        return None
    try:
        return [
            make_plan(w, catalog, src) for w, src in zip(workloads, sources or [None] * count, strict=False)
        ]
    except SizingError:
        return None


def _ways(count: int) -> list[int]:
    """The GPUs one model may take of `count`: 1, 2, 4, 8... (tensor parallel over a power of two, as vLLM
    splits attention heads) and all of them."""
    ways = [k for k in (1, 2, 4, 8, 16, 32) if k < count]
    return [*ways, count]


def _per_gpu(plan: Plan, gpu, k: int, catalog: Catalog) -> int | None:
    """What the model needs on each of k GPUs (sizing/setups.py, as the answer's own verdict judges a
    setup); None when vLLM cannot split it k ways (heads, layers, kernels)."""
    setup = evaluate(plan, shape_for(plan, gpu, k, catalog), catalog, capacity=False)
    return None if setup.problem is not None else setup.per_gpu.total


def _placement(plans: list[Plan], gpu, count: int, catalog: Catalog) -> list[tuple[list[int], int]] | None:
    """The GPUs each model gets of the `count` named (0-based) and what it needs on each of them, or None
    when they do not all fit. Greedy bin-packing by memory: the models that need the most GPUs, then the
    most memory, placed first, each on the fewest GPUs that hold it (tensor parallel when one is not enough)
    among those with the most room left; a model that does not fit there takes more GPUs, sharing them with
    what is already on them."""
    room = int(gpu.memory_bytes * catalog.offering.serving.memory_utilization)
    needs = []
    for plan in plans:
        options = [(k, _per_gpu(plan, gpu, k, catalog)) for k in _ways(count)]
        options = [(k, n) for k, n in options if n is not None and n <= room]
        if not options:
            return None
        needs.append(options)
    free = [room] * count
    placed: list = [None] * len(plans)
    for i in sorted(range(len(plans)), key=lambda i: (-needs[i][0][0], -needs[i][0][1])):
        for k, n in needs[i]:
            most_room = sorted(range(count), key=lambda g: (-free[g], g))[:k]
            if all(free[g] >= n for g in most_room):
                for g in most_room:
                    free[g] -= n
                placed[i] = (sorted(most_room), n)
                break
        else:
            return None
    return placed


def _gpu_numbers(gpus: list[int], lang: str) -> str:
    """ "GPU 1", "GPUs 1–8", "GPUs 1 e 3": 1-based, a run of them as a range."""
    if len(gpus) == 1:
        return t(lang, "compare.placed_gpu", n=gpus[0] + 1)
    if gpus == list(range(gpus[0], gpus[-1] + 1)):
        return t(lang, "compare.placed_gpus", numbers=f"{gpus[0] + 1}–{gpus[-1] + 1}")
    return t(lang, "compare.placed_gpus", numbers=i18n.join([str(g + 1) for g in gpus], lang))


def _placed_text(results, placed, gpu, count: int, catalog: Catalog, lang: str, key: str = "compare.placed",
                 **params) -> str:  # fmt: skip
    """ "Juntos em 2× H100: Qwen2.5 32B na GPU 1 (67,7 GB); Llama 3.1 8B na GPU 2 (17,5 GB)." A model's share of
    a GPU it shares with another is its --gpu-memory-utilization there."""
    share = catalog.offering.serving.memory_utilization
    parts = []
    order = sorted(range(len(results)), key=lambda i: (placed[i][0][0], -len(placed[i][0])))
    gpus_of = [set(g) for g, _ in placed]
    shared = {g for i in range(len(placed)) for j in range(i) for g in gpus_of[i] & gpus_of[j]}
    for i in order:
        gpus, per = placed[i]
        which = "compare.placed_tp" if len(gpus) > 1 else "compare.placed_one"
        part = t(lang, which, where=_gpu_numbers(gpus, lang), model=results[i].workload.model.name,
                 need=gb(per, lang), tp=len(gpus))  # fmt: skip
        if shared & gpus_of[i]:
            # vLLM's --gpu-memory-utilization is a share of the GPU's whole memory: at least its need there.
            part += t(
                lang,
                "compare.placed_share",
                share=number(math.ceil(100 * per / gpu.memory_bytes) / 100, lang, 2),
            )
        parts.append(part)
    return t(lang, key, count=count, gpu=gpu.name, usable=gb(int(gpu.memory_bytes * share), lang),
             servers=t(lang, f"compare.servers_{len(results)}"), parts="; ".join(parts), **params)  # fmt: skip


def _fits_one_gpu(results, catalog: Catalog) -> bool:
    """Whether the models' sum fits one GPU we rent (what _one_gpu answers with)."""
    need = sum(r.memory.total for r in results)
    share = catalog.offering.serving.memory_utilization
    return any(
        int(shape.gpu.memory_bytes * share) >= need for shape in candidates(catalog) if shape.total == 1
    )


def _smallest_server(plans: list[Plan] | None, catalog: Catalog):
    """(gpu, count, placement) of the smallest single server we rent (candidates' order: fewest GPUs, then
    the smallest memory, then the cheapest) on which every model has GPUs of its own or shared (_placement);
    None when no server holds them all, or a model cannot be planned."""
    if not plans:
        return None
    for shape in candidates(catalog):
        if shape.servers > 1 or shape.total == 1:
            continue
        placed = _placement(plans, shape.gpu, shape.count, catalog)
        if placed is not None:
            return shape.gpu, shape.count, placed
    return None


def _summed(results, lang: str) -> str:
    return " + ".join(t(lang, "compare.together_part", need=gb(r.memory.total, lang), model=r.workload.model.name)
                      for r in results)  # fmt: skip


def _short_on_many(results, plans, gpu, count: int, catalog: Catalog, lang: str) -> str:
    """ "Juntos não cabem nas 2× H100 citadas": the models, each on the fewest of them it can take, leave no
    placement that holds them all."""
    usable = int(gpu.memory_bytes * catalog.offering.serving.memory_utilization)
    need = sum(r.memory.total for r in results)
    return t(lang, "compare.together_named_short_many", count=count, gpu=gpu.name, need=gb(need, lang),
             usable=gb(usable * count, lang)) + " "  # fmt: skip


def _fits_named(results, plans, gpu, count: int, catalog: Catalog) -> bool:
    """Whether the models fit together on the GPUs the question named."""
    if count > 1:
        return _placement(plans, gpu, count, catalog) is not None
    usable = int(gpu.memory_bytes * catalog.offering.serving.memory_utilization)
    return sum(r.memory.total for r in results) <= usable


# The precisions offered when the models do not fit together where the question asked: 8 bits, then 4
# (sizing/fits.py weighs the same; FP8 where the GPU's kernels lack it is INT8).
LOWER = ("fp8", "int4")


def _bits(r: SizingResult, catalog: Catalog) -> int:
    try:
        return catalog.precision(r.workload.precision).nominal_bits
    except (KeyError, ValueError, SizingError):
        return 16


def _lowered(results, workloads, gpu, catalog: Catalog):
    """(precision, the workloads at it) for each of LOWER (INT8 for FP8 where the GPU lacks FP8), every model
    above that width brought down to it and the others kept at their own; widths where none is above are
    skipped, as there is nothing lower to offer."""
    for precision in LOWER:
        if precision == "fp8" and not gpu.runs(catalog.precision("fp8")):
            precision = "int8"
        bits = catalog.precision(precision).nominal_bits
        higher = [_bits(r, catalog) > bits for r in results]
        if any(higher):
            yield (
                precision,
                [w.but(precision=precision) if h else w for w, h in zip(workloads, higher, strict=True)],
            )


def _lower_precision(results, workloads, sources, gpu, count: int, catalog: Catalog) -> str | None:
    """ "Em FP8, cabem juntos na H100: ...": the first of LOWER at which every model (each kept at its own
    precision when that is already as low) fits together on the GPUs named; None when none does."""
    lang = results[0].workload.lang
    for precision, lowered in _lowered(results, workloads, gpu, catalog):
        try:
            resized = [size(w, catalog, src) for w, src in zip(lowered, sources, strict=True)]
            plans = [make_plan(w, catalog, src) for w, src in zip(lowered, sources, strict=True)]
        except SizingError:
            continue
        if not _fits_named(resized, plans, gpu, count, catalog):
            continue
        name = catalog.precision(precision).name
        if count > 1:
            placed = _placement(plans, gpu, count, catalog)
            return _placed_text(
                resized, placed, gpu, count, catalog, lang, key="compare.lower_many", precision=name
            )
        parts = " + ".join(t(lang, "compare.together_part", need=gb(r.memory.total, lang), model=r.workload.model.name)
                           for r in resized)  # fmt: skip
        need = sum(r.memory.total for r in resized)
        usable = int(gpu.memory_bytes * catalog.offering.serving.memory_utilization)
        return t(lang, "compare.lower_one", precision=name, gpu=gpu.name, parts=parts, need=gb(need, lang),
                 usable=gb(usable, lang))  # fmt: skip
    return None


def _one_gpu(results: list[SizingResult], catalog: Catalog, short: str = "") -> str:
    """The models served from one GPU: one vLLM server each, with --gpu-memory-utilization set to its share,
    so each keeps its own weights, KV cache, activations and CUDA overhead (the totals of their answers,
    summed). The smallest single GPU we rent whose usable memory holds the sum, or, when none does, that each
    needs its own setup."""
    lang = results[0].workload.lang
    need = sum(r.memory.total for r in results)
    share = catalog.offering.serving.memory_utilization
    # The GPU the question named first ("two 8B models on one A100"), then one of each kind we rent, in the
    # order the recommendation weighs them (smallest memory, then cheapest).
    offered = [shape.gpu for shape in candidates(catalog) if shape.total == 1]
    named = catalog.gpu(results[0].workload.gpu) if results[0].workload.gpu else None
    if short:
        named = None  # the GPUs named were weighed already (_short_on_many)
    if named is not None:
        if int(named.memory_bytes * share) >= need:
            offered = [named]
        else:
            short = t(lang, "compare.together_named_short", gpu=named.name, need=gb(need, lang),
                      usable=gb(int(named.memory_bytes * share), lang)) + " "  # fmt: skip
    params = dict(
        parts=_summed(results, lang), need=gb(need, lang), servers=t(lang, f"compare.servers_{len(results)}")
    )
    for gpu in offered:
        usable = int(gpu.memory_bytes * share)
        if usable >= need:
            # vLLM's --gpu-memory-utilization is a share of the GPU's whole memory: at least each one's need.
            shares = i18n.join([t(lang, "compare.together_share", model=r.workload.model.name,
                                  share=number(math.ceil(100 * r.memory.total / gpu.memory_bytes) / 100, lang, 2))
                                for r in results], lang)  # fmt: skip
            return short + t(
                lang, "compare.together_fits", gpu=gpu.name, usable=gb(usable, lang), shares=shares, **params
            )
    largest = max(offered, key=lambda g: g.memory_bytes)
    return short + t(lang, "compare.together_none", largest=largest.name,
                     usable=gb(int(largest.memory_bytes * share), lang), **params)  # fmt: skip


def _unsized(typed: str, error: SizingError, lang: str) -> Comparison:
    return Comparison(typed=typed, sized=False, reason_key=error.key, reason=error.message(lang))


def _side(r: SizingResult, typed: str | None, show_prices: bool, weights: bool = False) -> Side:
    w, rec, v = r.workload, r.recommendation, r.verdict
    return Side(
        model_id=w.model.id,
        model=w.model.name,
        precision=w.precision,
        precision_name=w.precision_name,
        typed=typed,
        recommendation=rec,
        named_gpu_fits=v.setup.fits if v is not None else None,
        lines=side_lines(r, show_prices, weights=weights),
    )


def side_lines(
    r: SizingResult,
    show_prices: bool,
    parts: bool = False,
    weights: bool = False,
    named_days: float | None = None,
) -> list[str]:
    """An answer in a few lines: the named GPU's verdict, the recommendation, memory per GPU, capacity,
    performance, training time and cost (a comparison's column; a training run's serving, too). With
    `parts`, the memory per GPU of the setup judged (the named one, else the recommendation) by part, and a
    training that fits the GPUs named shows their own time (`named_days`) and cost; with `weights`, the
    weights' memory at the side's precision."""
    w, rec, v = r.workload, r.recommendation, r.verdict
    lang = w.lang
    if not parts and v is not None and w.stage == "inference":
        return _named_side_lines(r, show_prices, weights)
    if parts and v is not None and v.setup.fits and not v.tight and not v.is_recommendation:
        return _named_training_lines(r, show_prices, named_days)
    lines = []
    if v is not None and parts and not v.is_recommendation:
        lines = _unserved_lines(r, parts=True)
    elif v is not None:  # the GPU the question named comes first, as in the answer itself
        key = (
            "answer.fits_title" if v.setup.fits else "answer.tight_title" if v.tight else "answer.short_title"
        )
        lines.append(t(lang, key, setup=describe(v.setup, lang)))
        if parts:
            lines.append(_parts_line(v.setup, lang))
    if rec is None:
        lines.append(t(lang, "compare.nothing_fits"))
        lines += [_weights_line(r)] if weights else []
    else:
        if v is None or not v.is_recommendation:
            lines.append(t(lang, "compare.recommendation", setup=describe(rec, lang)))
        lines += [_weights_line(r)] if weights else []
        if parts and v is None:
            lines.append(_parts_line(rec, lang))
        elif not (parts and v.is_recommendation):
            lines.append(t(lang, "compare.per_gpu", used=gb(rec.per_gpu.total, lang),
                           usable=gb(rec.usable_bytes_per_gpu, lang), free=gb(rec.free_bytes_per_gpu, lang)))  # fmt: skip
        if rec.capacity:
            lines.append(f"{t(lang, 'answer.capacity')}: {rec.capacity}")
        if rec.performance is not None:
            lines.append(t(lang, "compare.performance", short=perf_short(rec.performance, lang)))
        if r.estimates.wall_clock_days is not None and w.stage != "inference":
            lines.append(t(lang, "compare.training_time", days=duration(r.estimates.wall_clock_days, lang)))
        lines += month_cost_lines(r, rec) if show_prices else []
    return lines


def _named_training_lines(r: SizingResult, show_prices: bool, days: float | None) -> list[str]:
    """A training side on GPUs the question named that hold it: their memory by part, the run's time and cost
    there, as the answer for that one setup says ("O treino leva ~11 horas nessa configuração"), then the
    smaller recommendation by name alone ("full fine-tune vs lora em 2 h100" had shown the LoRA side's time
    on the 1x L40S it recommends, under the 2x H100 asked)."""
    lang, asked = r.workload.lang, r.verdict.setup
    lines = [t(lang, "answer.fits_title", setup=describe(asked, lang)), _parts_line(asked, lang)]
    if days is not None:
        lines.append(t(lang, "compare.training_time", days=duration(days, lang)))
    lines += month_cost_lines(r, asked) if show_prices else []
    rec = r.recommendation
    return (
        [*lines, t(lang, "compare.recommendation", setup=describe(rec, lang))] if rec is not None else lines
    )


def named_training_days(workload: Workload, r: SizingResult, catalog: Catalog, source=None) -> float | None:
    """How long the run takes on the GPUs named, as that one setup's answer times it (sizing/engine.py's
    verdict, advice.training_days: the run's FLOPs over that GPU's peak at the offering's MFU); None with no
    GPU named, no volume of data, or a budget's machine (whose speed is not known)."""
    if r.verdict is None or r.workload.stage == "inference":
        return None
    try:
        plan = make_plan(workload, catalog, source)
    except SizingError:
        return None
    if not plan.timed or is_budget(r.verdict.setup.gpu):
        return None
    return training_days(plan, r.verdict.setup, catalog)


def named_serves(r: SizingResult) -> bool:
    """Whether the GPUs the question named serve an inference load as asked: their own figures are then the
    side's (fits, no layout problem, within what a plan uses of them under a rate)."""
    v = r.verdict
    return (
        v is not None
        and r.workload.stage == "inference"
        and v.setup.fits
        and v.setup.problem is None
        and not v.tight
        and not v.unserved
        and not v.over_plan
    )


def shown_setup(r: SizingResult) -> Setup | None:
    """The setup whose figures a side shows, and its summary weighs: the GPUs named when they serve, else
    the recommendation."""
    return r.verdict.setup if named_serves(r) else r.recommendation


def _named_side_lines(r: SizingResult, show_prices: bool, weights: bool) -> list[str]:
    """A side on GPUs the question named, for inference: that setup's own figures when it serves (each of
    "fp8 or bf16 on 2 or 4 GPUs" had shown the recommendation's, so 2x and 4x read alike but for the
    verdict), then the recommendation when it differs; when it does not fit, by how much and the fewest of
    that GPU that hold it, as the answer for that one setup says, then the recommendation's figures."""
    w, rec, v = r.workload, r.recommendation, r.verdict
    lang = w.lang
    asked = v.setup
    if named_serves(r):
        lines = [t(lang, "answer.fits_title", setup=describe(asked, lang))]
        lines += [_weights_line(r)] if weights else []
        lines += _figures(r, asked, show_prices)
        if not v.is_recommendation:
            lines.append(t(lang, "compare.recommendation", setup=describe(rec, lang)) if rec is not None
                         else t(lang, "compare.nothing_fits"))  # fmt: skip
        return lines
    lines = _unserved_lines(r)
    if rec is None:
        return [*lines, t(lang, "compare.nothing_fits"), *([_weights_line(r)] if weights else [])]
    lines.append(t(lang, "compare.recommendation", setup=describe(rec, lang)))
    lines += [_weights_line(r)] if weights else []
    return lines + _figures(r, rec, show_prices)


# The changes of a training's own run that make it fit the GPUs named (sizing/engine.py's verdict): what fits
_FITTING_RUN = ("smaller_batch", "shorter_sequences")


def _unserved_lines(r: SizingResult, parts: bool = False) -> list[str]:
    """The GPUs named that do not serve: by how much they fall short (with `parts`, a training's memory there
    by part), and the fewest of that GPU that hold it, as the answer for that one setup says."""
    lang, rec, v = r.workload.lang, r.recommendation, r.verdict
    asked = v.setup
    if asked.fits or asked.problem is not None or asked.free_bytes_per_gpu >= 0:
        # under a rate, a split vLLM refuses, a training in the margin: the verdict's own words say what is wrong
        lines = [t(lang, v.title_key, setup=describe(asked, lang))]
    else:
        lines = [
            t(lang, "compare.short", setup=describe(asked, lang), short=gb(-asked.free_bytes_per_gpu, lang))
        ]
    if parts:
        # a training's: its memory there by part, and the micro-batch or sequences that fit, as its answer says
        lines.append(_parts_line(asked, lang))
        lines += [c.text.rstrip(".") for c in v.changes if c.kind in _FITTING_RUN]
    more = next((c.setup for c in v.changes if c.kind == "more_gpus" and c.setup is not None), None)
    if more is not None and more.gpu == asked.gpu and (rec is None or not _same_setup(more, rec)):
        lines.append(t(lang, "compare.fits_with", setup=describe(more, lang)))
    return lines


def _figures(r: SizingResult, setup: Setup, show_prices: bool) -> list[str]:
    """A setup's memory per GPU, capacity, speed and cost a month, a line each."""
    lang = r.workload.lang
    lines = [t(lang, "compare.per_gpu", used=gb(setup.per_gpu.total, lang), usable=gb(setup.usable_bytes_per_gpu, lang),
               free=gb(setup.free_bytes_per_gpu, lang))]  # fmt: skip
    if setup.capacity:
        lines.append(f"{t(lang, 'answer.capacity')}: {setup.capacity}")
    if setup.performance is not None:
        lines.append(t(lang, "compare.performance", short=perf_short(setup.performance, lang)))
    return lines + (month_cost_lines(r, setup) if show_prices and setup.cost is not None else [])


def _other_side(
    first: SizingResult, other: SizingResult, typed: str, read_as, show_prices: bool, weights: bool = False
) -> Side:
    """The column of a model beside the first: how its name was read and found, then its figures."""
    side = _side(other, typed, show_prices, weights)
    lang = first.workload.lang
    side.lines[:0] = [t(lang, "understood.corrected", typed=a, name=b) for a, b in read_as]
    side.lines[:0] = _stand_in(first, other, typed)
    v, own = first.verdict, other.verdict
    if own is not None and (v is None or (v.setup.gpu, v.setup.count) != (own.setup.gpu, own.setup.count)):
        side.own_setup = f"{own.setup.count}× {own.setup.gpu_name}"
    return side


def _stand_in(first: SizingResult, second: SizingResult, typed: str) -> list[str]:
    """What the other's answer says of how its model was found when it is not a catalogue model by name
    ("acme/zorblax-13b" sized by its name, "70b" as a real architecture): the column is for that model."""
    m = second.workload.model
    if m.source in ("catalog", "release") and not m.typed_size:
        return []
    names = [typed.lower(), m.name.lower(), *([f"“{m.typed_size.lower()}”"] if m.typed_size else [])]
    return [
        line
        for line in second.assumptions
        if line not in first.assumptions and any(name in line.lower() for name in names)
    ]


def month_cost_lines(r: SizingResult, setup: Setup) -> list[str]:
    """Per month in each contract mode priced (a training run: the project's total)."""
    c, lang = setup.cost, r.workload.lang
    if c is None or r.currency is None:
        return []
    if c.project_total is not None:
        return [t(lang, "compare.project", currency=r.currency, total=money(c.project_total, lang))]
    return [t(lang, "compare.per_month", modes=month_modes(r, setup))]


def month_modes(r: SizingResult, setup: Setup, hourly: bool = False) -> str:
    """A setup's month in each contract mode priced, "sob demanda R$ 13.140; reservada R$ 9.490"; `hourly`:
    each with the setup's price an hour beside it ("sob demanda R$ 13.140 (R$ 18,00/h)")."""
    lang = r.workload.lang
    key = "compare.mode_hourly" if hourly else "compare.mode"
    return "; ".join(
        t(lang, key, mode=t(lang, f"cost.modes.{mode}"), currency=r.currency,
          per_month=money(m.per_month, lang), per_hour=money(m.per_hour, lang))
        for mode, m in setup.cost.by_contract_mode.items()
    )  # fmt: skip


def _tradeoff(a: SizingResult, b: SizingResult, show_prices: bool) -> str | None:
    """One line of facts from the two answers: which needs fewer (or smaller) GPUs, which costs less, which
    serves more users (or sustains more requests), which is faster per user. Nothing the answers lack."""
    lang = a.workload.lang
    pair = (a, b)
    names = [r.workload.model.name for r in pair]
    if names[0] == names[1]:  # the same model at two precisions: say which one
        names = [f"{r.workload.model.name} {r.workload.precision_name}" for r in pair]
    parts: list[str] = []
    verdicts = [r.verdict for r in pair]
    if None not in verdicts and a.workload.stage == "inference":
        return _on_named(list(pair), names, names, lang, show_prices)
    if None not in verdicts and verdicts[0].setup.fits != verdicts[1].setup.fits:
        i = 0 if verdicts[0].setup.fits else 1
        if _same_setup(verdicts[0].setup, verdicts[1].setup):
            parts.append(
                t(lang, "compare.only_named", model=names[i], setup=describe(verdicts[i].setup, lang))
            )
        else:  # each on GPUs of its own: of the two setups asked, the one that fits
            said = t(lang, "understood.on_setup", what=names[i], setup=describe(verdicts[i].setup, lang))
            parts.append(t(lang, "compare.only_asked", model=said))
    recs = [r.recommendation for r in pair]
    if None in recs:
        if recs == [None, None]:
            parts.append(t(lang, "compare.neither_fits"))
        else:
            parts.append(t(lang, "compare.only_fits", model=names[0 if recs[0] else 1]))
        return _sentence(parts, lang)
    if (recs[0].gpu, recs[0].count) == (recs[1].gpu, recs[1].count):
        setups = [describe(s, lang) for s in recs]
        if setups[0] != setups[1]:  # the same GPUs, laid out differently (copies, tensor parallelism)
            gb_ = number(recs[0].gpu_memory_bytes / 1e9, lang)
            setups[0] = t(lang, "setup.one", count=recs[0].count, gpu=recs[0].gpu_name, gb=gb_)
        parts.append(t(lang, "compare.same_setup", setup=setups[0]))
    else:
        for i, j in ((0, 1), (1, 0)):
            if smaller(recs[i], recs[j]):
                key = "compare.fewer_gpus" if recs[i].count < recs[j].count else "compare.smaller_gpus"
                part = t(
                    lang, key, model=names[i], setup=describe(recs[i], lang), other=describe(recs[j], lang)
                )
                if _at_the_edge(pair[i].workload, recs[i], recs[j]):
                    part += t(lang, "compare.at_the_edge", spare=gb(recs[i].free_bytes_per_gpu, lang),
                              context=tokens(pair[i].workload.context_tokens or 0, lang))  # fmt: skip
                parts.append(part)
                break
    if show_prices:
        parts += _cheaper(pair, names, lang)
    parts += _more_served(pair, names, lang)
    speeds = [s.performance.tokens_per_s_per_user if s.performance else None for s in map(shown_setup, pair)]
    if None not in speeds and abs(speeds[0] - speeds[1]) > CLOSE * max(speeds):
        i = 0 if speeds[0] > speeds[1] else 1
        parts.append(t(lang, "compare.faster", model=names[i], fast=number(speeds[i], lang),
                       slow=number(speeds[1 - i], lang)))  # fmt: skip
    return _sentence(parts, lang)


def _at_the_edge(w, setup: Setup, other: Setup) -> bool:
    """Whether the smaller setup holds the load asked and not one conversation more while the other has room:
    its fewer GPUs are no like-for-like saving (a 70B at 4 bits on one L40S with 0.7 GB spare, one user)."""
    if w.stage != "inference" or setup.max_users is None or other.max_users is None:
        return False
    asked = w.users or 1
    return setup.max_users <= asked < other.max_users


def _cheaper(sides, names: list[str], lang: str, setups=None) -> list[str]:
    """Which costs less: training runs priced as projects, by the run's total; else a month, in a contract
    mode all are priced in (the first's recommended one, else on demand). On `setups` when given (the GPUs
    named, or what each side shows), else each recommendation. Two sides say the other's figure; three or four
    say the cheapest (those tied, together) against the dearest."""
    costs = [s.cost if s is not None else None for s in setups or [r.recommendation for r in sides]]
    currency = sides[0].currency
    if None in costs or currency is None:
        return []
    totals = [c.project_total for c in costs]
    more = {}
    if None not in totals:  # training runs priced as projects: the whole run's GPU-hours
        values, key = totals, "compare.cheaper_project"
    else:
        mode = costs[0].mode if costs[0].mode in costs[1].by_contract_mode else "on_demand"
        if any(mode not in c.by_contract_mode for c in costs):
            return []
        values, key = [c.by_contract_mode[mode].per_month for c in costs], "compare.cheaper"
        more = {"mode": t(lang, f"cost.modes.{mode}")}
    rounded = [round(v) for v in values]
    if len(set(rounded)) == 1:
        return [t(lang, "compare.same_cost", **more)] if more else []
    if len(values) == 2:
        i = 0 if values[0] < values[1] else 1
        return [t(lang, key, model=names[i], currency=currency, cheap=money(values[i], lang),
                  dear=money(values[1 - i], lang), **more)]  # fmt: skip
    cheap = [i for i, v in enumerate(rounded) if v == min(rounded)]
    dear = max(values)
    return [_only(cheap, names, f"{key}_of_all", None, lang, currency=currency,
                  cheap=money(values[cheap[0]], lang), dear=money(dear, lang), **more)]  # fmt: skip


def _more_served(pair: tuple[SizingResult, SizingResult], names: list[str], lang: str) -> list[str]:
    """Which serves more on the setup its column shows (the GPUs named where they serve, else its
    recommendation): the requests per second it sustains when the load is traffic, else the conversations
    that fit at the workload's context."""
    w = pair[0].workload
    recs = [shown_setup(r) for r in pair]
    if w.stage != "inference":
        return []
    perf = [s.performance for s in recs]
    if w.load is not None and w.load.basis is not None and None not in perf:
        rates = [p.max_requests_per_s for p in perf]
        if abs(rates[0] - rates[1]) <= CLOSE * max(rates):
            return []
        i = 0 if rates[0] > rates[1] else 1
        key = "compare.more_requests" + ("_asked" if _more_users_key(pair) != "compare.more_users" else "")
        return [t(lang, key, model=names[i], more=rate_text(rates[i], lang),
                  fewer=rate_text(rates[1 - i], lang))]  # fmt: skip
    users = [s.max_users or 0 for s in recs]
    if users[0] == users[1]:
        return []
    i = 0 if users[0] > users[1] else 1
    return [t(lang, _more_users_key(pair), model=names[i], more=number(users[i], lang),
              fewer=number(users[1 - i], lang), context=tokens(w.context_tokens or 0, lang))]  # fmt: skip


def _more_users_key(results) -> str:
    """ "na configuração recomendada" only where every side's figures are its recommendation's."""
    return "compare.more_users_asked" if any(named_serves(r) for r in results) else "compare.more_users"


def _sentence(parts: list[str], lang: str) -> str | None:
    """'Em resumo: o Qwen2.5 32B precisa de menos GPUs (...); ...'."""
    return f"{t(lang, 'compare.tradeoff')}: {'; '.join(parts)}." if parts else None


def _quality(a: SizingResult, b: SizingResult, catalog: Catalog) -> str | None:
    """The product's advice (sizing/advice.py, "alt.mid_size"), when one model is a large dense one at 4-bit
    or less and the other a mid-size dense one at 16 or 8 bits: the mid-size may do better, above all in
    reasoning and code; test both. No benchmark figure: none is the engine's to give."""
    lang = a.workload.lang

    def bits(r: SizingResult) -> float:
        return catalog.precision(r.workload.precision).nominal_bits

    first, other = catalog.precision(a.workload.precision), catalog.precision(b.workload.precision)
    if a.workload.model.id == b.workload.model.id and a.workload.stage == "inference":
        # "roda em 1 l40s? e em fp8?": one model at two precisions. What the lower one costs in quality is said
        # here when the answer's own notes do not say it (they do when the first is quantized too).
        if other.is_quantized and not first.is_quantized:
            return quantization_note(other, b.workload.task, lang)
        return None

    def dense(r: SizingResult) -> bool:
        return r.workload.model.active_params >= r.workload.model.params

    for big, mid in ((a, b), (b, a)):
        large = big.workload.model.params >= LARGE_MODEL and bits(big) <= 4 and dense(big)
        middle = MID_SIZE[0] <= mid.workload.model.params <= MID_SIZE[1] and bits(mid) >= 8 and dense(mid)
        if large and middle and mid.recommendation is not None:
            key = "alt.mid_size" if bits(mid) >= 16 else "compare.mid_size_8bit"
            return t(lang, key, model=mid.workload.model.name, setup=describe(mid.recommendation, lang),
                     big=big.workload.model.name)  # fmt: skip
    return None


# -- ZeRO stages ---------------------------------------------------------------------------------------
# "zero-2 ou zero-3?", "fsdp ou deepspeed zero 2": one training sized under each stage named, on the GPUs named
# (else each on its own recommendation). What each stage shards and what it costs in traffic: Rajbhandari et
# al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models" (SC'20), sections 5 and 7:
# stages 1 and 2 move what data parallelism does (2Ψ a step), stage 3 all-gathers the weights in the forward
# and again in the backward (3Ψ, 1.5×). PyTorch FSDP's FULL_SHARD is stage 3, SHARD_GRAD_OP stage 2 and
# NO_SHARD plain DDP (torch.distributed.fsdp.ShardingStrategy); FSDP has no stage 1.


def weigh_stages(
    first: SizingResult,
    workload: Workload,
    catalog: Catalog,
    show_prices: bool,
    source: ModelSource | None = None,
) -> Comparison:
    """The training of `first` (its workload's ZeRO stage) beside the same training under each other stage
    the question named (Workload.compare_zero): a column each, with its memory per GPU by part, and which
    stage to use: the least sharding that fits (the least communication), or, when none fits the GPUs
    named, what would."""
    lang = first.workload.lang
    stages = [workload.zero, *(workload.compare_zero or [])]
    typed = i18n.join([_stage_name(z, lang) for z in stages[1:]], lang)
    results, asked = [first], [workload.but(compare_zero=None)]
    for zero in stages[1:]:
        try:
            asked.append(workload.but(zero=zero, compare_zero=None))
            results.append(size(asked[-1], catalog, source))
        except SizingError as e:
            return _unsized(_stage_name(zero, lang), e, lang)
    sides = []
    for zero, r, w in zip(stages, results, asked, strict=True):
        side = _side(r, None, show_prices)
        side.precision_name = t(lang, f"compare.zero_label_{zero}")
        days = named_training_days(w, r, catalog, source)
        side.lines = [
            t(lang, f"compare.zero_shards_{zero}"),
            *side_lines(r, show_prices, parts=True, named_days=days),
        ]
        sides.append(side)
    order = sorted(range(len(stages)), key=lambda i: stages[i])  # least sharding first
    ranked = [(stages[i], results[i]) for i in order]
    choice = _stage_on_named(ranked, lang) if first.verdict is not None else _stage_recommended(ranked, lang)
    return Comparison(
        typed=typed,
        others=[_stage_name(z, lang) for z in stages[1:]],
        sized=True,
        models=sides,
        tradeoff=f"{t(lang, 'compare.tradeoff')}: {choice}",
        footer=t(lang, "compare.footer_zero", kept=_stage_name(stages[0], lang), others=typed),
    )


def _stage_name(zero: int, lang: str) -> str:
    return t(lang, "understood.zero", n=zero)


def _parts_line(setup: Setup, lang: str) -> str:
    """ "Por GPU em 8× H100: pesos 17,6 GB · gradientes 4,4 GB · ... = 57,2 GB de 72,0 GB utilizáveis": a
    training setup's memory per GPU by part (the parts of Memory that are in its total)."""
    m = setup.per_gpu
    named = [
        ("answer.weights", m.weights),
        ("answer.adapters", m.adapters),
        ("answer.gradients", m.gradients),
        ("answer.optimizer", m.optimizer),
        ("answer.activations", m.activations),
        ("compare.zero_buffers", m.comm_buffers),
        ("answer.optimizer_step", m.optimizer_step),
        ("answer.generation", m.generation),
        ("answer.teacher", m.teacher),
        ("answer.overhead", m.overhead),
    ]
    parts = " · ".join(f"{t(lang, key).lower()} {gb(value, lang)}" for key, value in named if value)
    return t(lang, "compare.zero_per_gpu", setup=describe(setup, lang), parts=parts, used=gb(m.total, lang),
             usable=gb(setup.usable_bytes_per_gpu, lang))  # fmt: skip


def _stage_on_named(ranked: list[tuple[int, SizingResult]], lang: str) -> str:
    """Which stage to use on the GPUs named: the least sharding that fits them; none fitting, how far the
    most sharded one is, and the changes its answer found that make it fit (offload, LoRA, more GPUs)."""
    fitting = [(z, r.verdict.setup) for z, r in ranked if r.verdict.setup.fits]
    if fitting:
        held = {z for z, _ in fitting}
        return _least_that_fits(fitting, lang) + _elsewhere(
            [(_stage_name(z, lang), r) for z, r in ranked if z not in held], lang
        )
    most, r = ranked[-1]
    setup = r.verdict.setup
    text = t(lang, "compare.zero_none", setup=describe(setup, lang), most=_stage_name(most, lang),
             short=gb(-setup.free_bytes_per_gpu, lang))  # fmt: skip
    if r.verdict.changes:
        changes = " ".join(c.text for c in r.verdict.changes)
        text += " " + t(lang, "compare.zero_changes", most=_stage_name(most, lang), changes=changes)
    return text


def _elsewhere(short: list[tuple[str, SizingResult]], lang: str) -> str:
    """ "; o ajuste completo pede 4× H100.": _needs after a clause, the sentence's full stop included."""
    return "".join(f"; {p}" for p in _needs(short, lang)) + "."


def _needs(short: list[tuple[str, SizingResult]], lang: str) -> list[str]:
    """ "o ajuste completo pede 4× H100": beside those that fit the GPUs named, what each that does not
    needs, so a summary weighs like with like: the fewest of the GPU named that hold it, as its answer says,
    else its recommendation."""
    parts = []
    for name, r in short:
        more = next(
            (c.setup for c in r.verdict.changes if c.kind == "more_gpus" and c.setup is not None), None
        )
        setup = more if more is not None and more.gpu == r.verdict.setup.gpu else r.recommendation
        parts.append(
            t(lang, "compare.zero_needs", stage=name, setup=describe(setup, lang))
            if setup is not None
            else t(lang, "compare.zero_needs_none", stage=name)
        )
    return parts


def _stage_recommended(ranked: list[tuple[int, SizingResult]], lang: str) -> str:
    """Which stage to use with no GPU named: the one whose recommendation is the smallest setup (fewest GPUs,
    then the least memory each), the least sharding among those on it; the others' setups said."""
    held = [(z, r.recommendation) for z, r in ranked if r.recommendation is not None]
    if not held:
        return t(lang, "compare.zero_nothing")
    best = min(held, key=lambda p: (p[1].count, p[1].gpu_memory_bytes, p[0]))[1]
    fitting = [(z, s) for z, s in held if (s.gpu, s.count) == (best.gpu, best.count)]
    parts = [_least_that_fits(fitting, lang)]
    parts += [
        t(lang, "compare.zero_needs", stage=_stage_name(z, lang), setup=describe(s, lang))
        for z, s in held
        if (z, s) not in fitting
    ]
    parts += [t(lang, "compare.zero_needs_none", stage=_stage_name(z, lang)) for z, r in ranked
              if r.recommendation is None]  # fmt: skip
    return "; ".join(parts) + "."


def _least_that_fits(fitting: list[tuple[int, Setup]], lang: str) -> str:
    """ "em 8× H100 cabem ZeRO-2 e ZeRO-3; use o ZeRO-2, ...": the stages that fit one setup (least sharding
    first), the least of them to use, and the memory the most sharded leaves free beside it."""
    first, last = fitting[0][1], fitting[-1][1]
    names = [_stage_name(z, lang) for z, _ in fitting]
    setup = describe(first, lang)
    if first.count == 1 and len(fitting) > 1:
        # One GPU has no data-parallel copies to shard across: every stage holds the same.
        return t(lang, "compare.zero_one_gpu", setup=setup, fits=i18n.join(names, lang))
    if len(fitting) == 1:
        return t(lang, "compare.zero_fit_one", setup=setup, least=names[0])
    text = t(lang, "compare.zero_fit_many", setup=setup, fits=i18n.join(names, lang), least=names[0])
    if last.free_bytes_per_gpu > first.free_bytes_per_gpu:
        text += "; " + t(lang, "compare.zero_spare", most=names[-1], free=gb(last.free_bytes_per_gpu, lang),
                         least=names[0], least_free=gb(first.free_bytes_per_gpu, lang))  # fmt: skip
    return text


# -- training methods ------------------------------------------------------------------------------------
# "lora ou qlora?", "full fine-tune ou lora?", "qual a diferença entre lora e qlora?": one run sized with each
# method named, on the GPUs named (else each on its own recommendation). What each gives up: Biderman et al.,
# "LoRA Learns Less and Forgets Less" (TMLR 2024): LoRA trails full fine-tuning on new domains (code, math)
# and keeps more of the base model's abilities; Dettmers et al., "QLoRA: Efficient Finetuning of Quantized
# LLMs" (NeurIPS 2023): a 4-bit NF4 base matched 16-bit LoRA and full fine-tuning on its benchmarks, the base
# dequantized at every step (slower per step than LoRA, which sizing/training.py's MFU does not count).
_METHOD_ORDER = {"pretrain": 0, "full": 1, "lora": 2, "qlora": 3}  # most memory (and least given up) first


def weigh_methods(
    first: SizingResult,
    workload: Workload,
    catalog: Catalog,
    show_prices: bool,
    source: ModelSource | None = None,
) -> Comparison:
    """The training of `first` (its workload's method) beside the same run with each other method the question
    named (Workload.compare_stages): a column each, with its memory per GPU by part and its time, then which
    fits the GPUs named (else what each needs) and what each method gives up."""
    lang = first.workload.lang
    methods = [workload.stage, *(workload.compare_stages or [])]
    typed = i18n.join([_method_name(m, lang) for m in methods[1:]], lang)
    results, asked = [first], [workload.but(compare_stages=None)]
    for method in methods[1:]:
        try:
            changes = dict(stage=method, compare_stages=None)
            if workload.precision is not None:
                changes["precision"] = None  # a QLoRA's NF4 base is no LoRA's nor a full fine-tune's
            asked.append(workload.but(**changes))
            results.append(size(asked[-1], catalog, source))
        except SizingError as e:
            return _unsized(_method_name(method, lang), e, lang)
    sides = []
    # beside an FP8 training, each side says whether its matmuls run in FP8 (an adapter's are BF16: sizing/advice.py)
    fp8 = any(fp8_training(w) for w in asked)
    for method, r, w in zip(methods, results, asked, strict=True):
        side = _side(r, None, show_prices)
        side.precision_name = t(lang, f"compare.method_label_{method.value}")
        if fp8:
            side.precision_name += t(lang, "compare.method_fp8" if fp8_training(w) else "compare.method_bf16")
        days = named_training_days(w, r, catalog, source)
        side.lines = side_lines(r, show_prices, parts=True, named_days=days)
        sides.append(side)
    ranked = sorted(zip(methods, results, strict=True), key=lambda p: _METHOD_ORDER[p[0].value])
    choice = (
        _method_on_named(ranked, lang) if first.verdict is not None else _method_recommended(ranked, lang)
    )
    if show_prices:
        # priced on the setup each side shows: the GPUs named where it fits them, else its recommendation
        shown = [r.verdict.setup if r.verdict and r.verdict.setup.fits else r.recommendation for r in results]
        if cheap := _cheaper(results, [_method_name(m, lang) for m in methods], lang, shown):
            choice = f"{choice.removesuffix('.')}; {cheap[0]}."
    return Comparison(
        typed=typed,
        others=[_method_name(m, lang) for m in methods[1:]],
        sized=True,
        models=sides,
        tradeoff=f"{t(lang, 'compare.tradeoff')}: {choice}",
        quality=" ".join(
            t(lang, f"compare.method_gives_up_{m.value}") for m, _ in ranked if m.value != "full"
        ),
        footer=t(lang, "compare.footer_method", kept=_method_name(methods[0], lang), others=typed),
    )


def weigh_reasoning(
    first: SizingResult,
    workload: Workload,
    catalog: Catalog,
    show_prices: bool,
    source: ModelSource | None = None,
) -> Comparison:
    """ "qwen3 32b sem raciocínio e com raciocínio": `first` (sized without the chain of thought) beside the same
    model thinking before it answers, as its own answer with reasoning sizes it (sizing/plan.py reasons: longer
    answers, a longer context each conversation): a column each, and what each needs."""
    lang = first.workload.lang
    on_label = t(lang, "compare.reasoning_label_on")
    try:
        # reasoning is the task that wins over any other said with it (sizing/query.py TASK_PRIORITY)
        thinking = size(
            workload.but(reasoning=None, task=Task.reasoning, compare_reasoning=None), catalog, source
        )
    except SizingError as e:
        return _unsized(on_label, e, lang)
    labelled = ((t(lang, "understood.reasoning_off"), first), (on_label, thinking))
    sides = []
    for label, r in labelled:
        side = _side(r, None, show_prices)
        side.precision_name = f"{r.workload.precision_name} · {label}"
        sides.append(side)
    needs = [
        t(lang, "compare.reasoning_needs", label=label, setup=describe(r.recommendation, lang))
        if r.recommendation is not None
        else t(lang, "compare.reasoning_needs_none", label=label)
        for label, r in labelled
    ]
    why = t(lang, "compare.reasoning_why", on=tokens(thinking.workload.context_tokens, lang),
            off=tokens(first.workload.context_tokens, lang))  # fmt: skip
    return Comparison(
        typed=on_label,
        others=[on_label],
        sized=True,
        models=sides,
        tradeoff=f"{t(lang, 'compare.tradeoff')}: {'; '.join(needs)}. {why}",
        footer=t(lang, "compare.footer_reasoning", kept=labelled[0][0], other=on_label),
    )


def _method_name(method, lang: str) -> str:
    return t(lang, f"compare.method_name_{method.value}")


def _method_on_named(ranked, lang: str) -> str:
    """On the GPUs named: the methods that fit them, the one that gives up least to use; none fitting, how far
    the lightest one is, and what its answer found that makes it fit."""
    fitting = [m for m, r in ranked if r.verdict.setup.fits]
    setup = describe(ranked[0][1].verdict.setup, lang)
    names = [_method_name(m, lang) for m in fitting]
    if len(fitting) == 1:
        text = t(lang, "compare.method_fit_one", setup=setup, method=names[0])
        return text + _elsewhere([(_method_name(m, lang), r) for m, r in ranked if m not in fitting], lang)
    if fitting and Stage.pretrain in fitting:
        # a pre-training and a fine-tune teach different things (raw text against examples): neither is the
        # other with less given up, so both are said to fit and each side's note says what it is for
        text = t(lang, "compare.method_fit_stages", setup=setup, fits=i18n.join(names, lang))
        return text + _elsewhere([(_method_name(m, lang), r) for m, r in ranked if m not in fitting], lang)
    if fitting:
        text = t(lang, "compare.method_fit_many", setup=setup, fits=i18n.join(names, lang), least=names[0])
        return text + _elsewhere([(_method_name(m, lang), r) for m, r in ranked if m not in fitting], lang)
    lightest, r = ranked[-1]
    text = t(lang, "compare.method_none", setup=setup, method=_method_name(lightest, lang),
             short=gb(-r.verdict.setup.free_bytes_per_gpu, lang))  # fmt: skip
    if r.verdict.changes:
        text += " " + t(lang, "compare.zero_changes", most=_method_name(lightest, lang),
                        changes=" ".join(c.text for c in r.verdict.changes))  # fmt: skip
    return text


def _method_recommended(ranked, lang: str) -> str:
    """With no GPU named: what each method needs, and where a lighter one needs no smaller setup than a
    heavier one, that the heavier one (which gives up less) is the one to use there."""
    parts = [
        t(lang, "compare.zero_needs", stage=_method_name(m, lang), setup=describe(r.recommendation, lang))
        if r.recommendation is not None
        else t(lang, "compare.zero_needs_none", stage=_method_name(m, lang))
        for m, r in ranked
    ]
    for (heavy, a), (light, b) in itertools.pairwise(ranked):
        # a fine-tune is no stand-in for a pre-training (they teach other things): never "use the heavier"
        if (
            heavy is not Stage.pretrain
            and a.recommendation is not None
            and b.recommendation is not None
            and _same_setup(a.recommendation, b.recommendation)
        ):
            parts.append(t(lang, "compare.method_no_saving", light=_method_name(light, lang),
                           heavy=_method_name(heavy, lang), setup=describe(a.recommendation, lang)))  # fmt: skip
    return "; ".join(parts) + "."


def _same_setup(a: Setup, b: Setup) -> bool:
    return (a.gpu, a.count) == (b.gpu, b.count)
