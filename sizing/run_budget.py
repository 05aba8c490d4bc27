"""A budget for a job with an end, a training run ("fine-tune com orçamento de R$ 5 mil") or a batch with a
deadline ("1 milhão de documentos até sexta, orçamento R$ 2 mil"), choosing its setup: among the setups that
do the job (in time), the fastest whose whole job fits the budget, else the cheapest, and what would bring
the job within it. A job is priced in each contract mode it can be rented in (sizing/advice.py cost prices
the same hours): its cheapest, or the one the customer named."""

from __future__ import annotations

import math

from . import traffic
from .advice import describe, same_setup, training_days
from .catalog import Catalog, bf16_catalog
from .choice import fewest_of_each
from .plan import Plan
from .result import BudgetWay, RunBudgetPick, Setup
from .setups import candidates, evaluate, holds
from .workload import Stage

HOURLY_MODES = ("project_package", "on_demand")  # billed for the hours a job runs
MONTHLY_MODES = ("reserved", "dedicated")  # sold by the month: a job in them pays its whole months


def applies(plan: Plan, catalog: Catalog) -> bool:
    """A job's budget to weigh: a training run with its tokens or a batch with its deadline, a budget for the
    whole job (not a month's nor an hour's) in the offering's currency, prices to weigh it against, and no
    GPU, count or layout named (those are the customer's choice, judged as asked)."""
    from .budget import currency_mismatch

    budget, offering = plan.budget, catalog.offering
    if budget is None or budget.hourly or budget.monthly or not offering.has_prices:
        return False
    if currency_mismatch(budget, offering.currency):
        return False
    if plan.gpu is not None or plan.gpus or plan.layout_given or plan.compare or plan.machine is not None:
        return False
    if plan.stage.is_training:
        return bool(plan.timed and plan.tokens and not plan.method.is_rl and not plan.tokens_from_budget)
    return bool(plan.batch_seconds and plan.rate and not plan.term_days)


def job_prices(
    plan: Plan, setup: Setup, hours: float, gpu_hours: float, catalog: Catalog
) -> dict[str, float]:
    """What the whole job costs on `setup` in each contract mode its offer prices: by the hour, its GPU-hours;
    reserved or dedicated (only when named: nobody rents a month for a day's job unasked), each month begun
    (offering.toml hours_per_month), since those are sold by the month."""
    offer = next((o for o in catalog.offering.offer if o.gpu == setup.gpu), None)
    if offer is None:
        return {}
    prices = {m: p for m, p in offer.price_per_gpu_hour.items() if m in offer.contract_modes}
    # A batch is a service's work, billed on demand as its answer prices it (advice.cost); a project package
    # only when named
    hourly = HOURLY_MODES if plan.stage.is_training or plan.contract == "project_package" else ("on_demand",)
    out = {m: prices[m] * gpu_hours for m in hourly if m in prices}
    if plan.contract in MONTHLY_MODES and plan.contract in prices:
        out[plan.contract] = prices[plan.contract] * setup.count * _billed(hours, catalog)
    return out


def _billed(hours: float, catalog: Catalog) -> float:
    """Each GPU's hours billed in a mode sold by the month: every month the job runs into, whole."""
    month = catalog.offering.hours_per_month
    return month * max(1, math.ceil(hours / month))


def weighed(plan: Plan, prices: dict[str, float]) -> tuple[float, str] | None:
    """The price a budget is weighed at: the mode the customer named, when it is priced; else the cheapest."""
    if plan.contract in prices:
        return prices[plan.contract], plan.contract
    return min(((p, m) for m, p in prices.items()), default=None)


class _Option:
    """A setup that does the job, with the job's time (hours) and price as weighed."""

    def __init__(self, setup: Setup, hours: float, total: float, mode: str):
        self.setup, self.hours, self.total, self.mode = setup, hours, total, mode


def _training_options(plan: Plan, catalog: Catalog) -> list[_Option]:
    """The fewest of each GPU that holds the run and finishes it by the deadline: more of the same GPU cost the
    same GPU-hours in the estimate (its MFU is held constant), so the GPU chooses the run's price; its count
    only how soon it ends, and a larger count's lower MFU is not modelled, so none is offered for speed."""
    found: list[_Option] = []
    seen: set[str] = set()
    for shape in candidates(catalog):
        if shape.gpu.id in seen or not holds(plan, shape, catalog):
            continue
        setup = evaluate(plan, shape, catalog, capacity=False)
        days = training_days(plan, setup, catalog)
        if plan.days and days > plan.days:
            continue  # more of it may finish in time
        seen.add(shape.gpu.id)
        gpu_hours = days * 24 * setup.count
        price = weighed(plan, job_prices(plan, setup, days * 24, gpu_hours, catalog))
        if price is not None:
            found.append(_Option(setup, days * 24, *price))
    return found


def _batch_options(plan: Plan, catalog: Catalog) -> list[_Option]:
    """The fewest of each GPU that serves the batch's rate by its deadline; each runs at the rate it sustains
    and stops when done (sizing/advice.py cost bills a batch so)."""
    found = []
    for setup in fewest_of_each(plan, catalog):
        perf = setup.performance or traffic.performance(plan, setup, catalog)
        if perf is None or perf.max_requests_per_s <= 0:
            continue
        hours = plan.batch_seconds * min(1.0, plan.rate / perf.max_requests_per_s) / 3600
        price = weighed(plan, job_prices(plan, setup, hours, hours * setup.count, catalog))
        if price is not None:
            found.append(_Option(setup, hours, *price))
    return found


def pick(
    plan: Plan, rec: Setup | None, catalog: Catalog, said: tuple[int | None, int | None] = (None, None)
) -> tuple[Setup, RunBudgetPick] | None:
    """The job's budget choosing its setup: the fastest that does the job within the budget (the cheaper on a
    tie, then the fewer GPUs), else the cheapest that does it, with what would bring the job under the
    budget. `said`: the training's epochs and examples as the question gave them, to say less work in its
    terms. None when `applies` does not hold or nothing that does the job (in time) is priced."""
    if rec is None or not applies(plan, catalog):
        return None
    training = plan.stage.is_training
    options = _training_options(plan, catalog) if training else _batch_options(plan, catalog)
    if not options:
        return None
    amount = plan.budget.amount
    lang = plan.lang
    within = [o for o in options if o.total <= amount]
    if within:
        best = min(within, key=lambda o: (round(o.hours, 6), o.total, o.setup.count))
    else:
        best = min(options, key=lambda o: (o.total, o.hours, o.setup.count))
    without = next((o for o in options if same_setup(o.setup, rec)), None)
    other = without is not None and not same_setup(without.setup, best.setup)
    chosen = best.setup if not same_setup(best.setup, rec) else rec
    result = RunBudgetPick(
        job="training" if training else "batch",
        chosen=bool(within),
        setup=describe(best.setup, lang),
        total=best.total,
        hours=best.hours,
        mode=best.mode,
        mode_named=plan.contract == best.mode,
        over=max(0.0, best.total - amount),
        without=describe(without.setup, lang) if other else None,
        without_total=without.total if other else None,
        without_hours=without.hours if other else None,
        without_mode=without.mode if other else None,
        billed_hours=_billed(best.hours, catalog) if best.mode in MONTHLY_MODES else None,
        ways=[] if within else _ways(plan, best, catalog, said),
    )
    return chosen, result


def _ways(
    plan: Plan, cheapest: _Option, catalog: Catalog, said: tuple[int | None, int | None]
) -> list[BudgetWay]:
    """What brings the job within the budget, least given up first: less work on the cheapest setup (a
    training's tokens or epochs, a batch's items: the price scales with them), then, for a training, the
    deadline the customer set left open (a cheaper GPU too slow for it), LoRA in place of a full fine-tune and
    QLoRA (a 4-bit base, on cheaper GPUs it may fit), each at its own cheapest and said only where cheaper than
    the ways before it. With a mode sold by the month named, a mode billed by the hour instead."""
    amount = plan.budget.amount
    share = amount / cheapest.total if cheapest.total else 0.0
    ways: list[BudgetWay] = []

    def cheaper(kind: str, options: list[_Option], placed_lang: str) -> None:
        if not options:
            return
        best = min(options, key=lambda o: (o.total, o.hours, o.setup.count))
        if best.total < min([cheapest.total] + [w.total for w in ways if w.total is not None]):
            ways.append(BudgetWay(kind=kind, amount=0, share=best.total / cheapest.total, total=best.total,
                                  setup=describe(best.setup, placed_lang), fits=best.total <= amount,
                                  mode=best.mode, hours=best.hours))  # fmt: skip

    if cheapest.mode in MONTHLY_MODES:
        # a month bought for a shorter job: less work costs the same month; a mode billed by the hour does not
        options = _training_options if plan.stage.is_training else _batch_options
        cheaper("mode", options(plan.but(contract=None), catalog), plan.lang)
        return ways
    if not plan.stage.is_training:
        items = plan.rate * plan.batch_seconds * share
        return [BudgetWay(kind="items", amount=math.floor(items), share=share)]
    epochs, examples = said
    if epochs and epochs > 1 and math.floor(epochs * share) >= 1:
        ways.append(BudgetWay(kind="epochs", amount=math.floor(epochs * share), share=share))
    elif examples:
        ways.append(BudgetWay(kind="examples", amount=math.floor(examples * share), share=share))
    else:
        ways.append(BudgetWay(kind="tokens", amount=math.floor(plan.tokens * share), share=share))
    if plan.days and not plan.days_assumed:
        cheaper("longer", _training_options(plan.but(days=None), catalog), plan.lang)
    # an adapter trains in BF16 whatever precision the full run asked (sizing/advice.py _training_alternatives)
    placed = bf16_catalog(catalog)
    if plan.stage in (Stage.full, Stage.pretrain):
        lora = plan.but(stage=Stage.lora, precision=catalog.precision("bf16"))
        cheaper("lora", _training_options(lora, placed), plan.lang)
    if plan.stage in (Stage.full, Stage.pretrain, Stage.lora):
        qlora = plan.but(stage=Stage.qlora, precision=catalog.precision("nf4"))
        cheaper("qlora", _training_options(qlora, placed), plan.lang)
    return ways
