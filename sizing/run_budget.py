"""A budget for a job with an end, a training run ("fine-tune com orçamento de R$ 5 mil") or a batch with a
deadline ("1 milhão de documentos até sexta, orçamento R$ 2 mil"), choosing its setup, or "the fastest" asked of
one: among the setups that do the job (in time), those within the budget at the unit it was said in (the whole
job, a month, each GPU's hour or the whole setup's), and of them the fastest (a training's, or any job asked the
least time) or the cheapest (a batch's, which has its deadline); none within, the cheapest, and what would bring
the job within it. A job is priced in each contract mode it can be rented in (sizing/advice.py cost prices the
same hours): its cheapest, or the one the customer named."""

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


def unit(plan: Plan) -> str | None:
    """What the budget is per: the whole job ("job": a training's project or a batch's run), a month ("month"),
    each GPU's hour ("gpu_hour") or the whole setup's ("setup_hour"); None with no budget."""
    budget = plan.budget
    if budget is None:
        return None
    if budget.hourly:
        return "gpu_hour" if budget.per_gpu else "setup_hour"
    return "month" if budget.monthly else "job"


def weighs_budget(plan: Plan, catalog: Catalog) -> bool:
    """A budget in the offering's currency, with prices to weigh it against."""
    from .budget import currency_mismatch

    budget, offering = plan.budget, catalog.offering
    return budget is not None and offering.has_prices and not currency_mismatch(budget, offering.currency)


def applies(plan: Plan, catalog: Catalog) -> bool:
    """A job whose setup a budget or "the fastest" chooses: a training run (with its tokens, or, for a budget by
    the month or the hour, without: weighed by the rate it runs at) or a batch with its deadline, a budget
    weighable (see weighs_budget) or the least time asked, and no GPU, count or layout named (those are the
    customer's choice, judged as asked)."""
    budget = weighs_budget(plan, catalog)
    if not (budget or plan.fastest):
        return False
    if plan.gpu is not None or plan.gpus or plan.layout_given or plan.compare or plan.machine is not None:
        return False
    if plan.stage.is_training:
        if plan.method.is_rl or plan.tokens_from_budget:
            return False
        # with no tokens, only a rate (a month's, an hour's) or the least time has something to weigh
        return bool(plan.timed and plan.tokens) or not budget or unit(plan) != "job"
    return bool(plan.batch_seconds and plan.rate and not plan.term_days)


def _rates(plan: Plan, setup: Setup, catalog: Catalog) -> dict[str, float]:
    """Each GPU's hour in each contract mode the job can be rented in: by the hour (a batch, a service's work,
    on demand as its answer prices it (advice.cost), a project package only when named); reserved or dedicated
    only when named (nobody rents a month for a day's job unasked)."""
    offer = next((o for o in catalog.offering.offer if o.gpu == setup.gpu), None)
    if offer is None:
        return {}
    prices = {m: p for m, p in offer.price_per_gpu_hour.items() if m in offer.contract_modes}
    hourly = HOURLY_MODES if plan.stage.is_training or plan.contract == "project_package" else ("on_demand",)
    out = {m: prices[m] for m in hourly if m in prices}
    if plan.contract in MONTHLY_MODES and plan.contract in prices:
        out[plan.contract] = prices[plan.contract]
    return out


def at_unit(
    mode: str, per_gpu_hour: float, setup: Setup, hours: float | None, per: str, catalog: Catalog
) -> float:
    """What the job costs in `mode` as a budget `per` that unit weighs it: the whole job (its GPU-hours, or, sold
    by the month, every month it runs into, whole), its month (what it bills in a month it runs through, or in
    all when shorter: a job of several months spends its setup's month each; with no time estimated, a whole
    month), each GPU's hour or the whole setup's."""
    if per == "gpu_hour":
        return per_gpu_hour
    if per == "setup_hour":
        return per_gpu_hour * setup.count
    month = catalog.offering.hours_per_month
    if per == "month":
        return (
            per_gpu_hour
            * setup.count
            * (month if hours is None or mode in MONTHLY_MODES else min(hours, month))
        )
    assert hours is not None
    return per_gpu_hour * setup.count * (_billed(hours, catalog) if mode in MONTHLY_MODES else hours)


def _billed(hours: float, catalog: Catalog) -> float:
    """Each GPU's hours billed in a mode sold by the month: every month the job runs into, whole."""
    month = catalog.offering.hours_per_month
    return month * max(1, math.ceil(hours / month))


class _Option:
    """A setup that does the job: its time (hours; None when not estimated), its model FLOPs or requests a
    second (`speed`, which ranks setups with no time), and, priced, its price as the budget weighs it
    (`measure`, in `mode`: the customer's when priced, else the cheapest at that unit) and the whole job's in
    that mode (`total`, None with no time)."""

    def __init__(self, plan: Plan, setup: Setup, hours: float | None, speed: float, catalog: Catalog):
        self.setup, self.hours, self.speed = setup, hours, speed
        self.across = False  # more of its GPU across servers than the fewest that hold the job (for speed)
        self.measure: float | None = None
        self.total: float | None = None
        self.mode: str | None = None
        per = unit(plan) or "job"
        rates = _rates(plan, setup, catalog)
        if per == "job" and hours is None:
            return
        priced = {m: at_unit(m, r, setup, hours, per, catalog) for m, r in rates.items()}
        if plan.contract in priced:
            self.measure, self.mode = priced[plan.contract], plan.contract
        elif priced:
            self.measure, self.mode = min((p, m) for m, p in priced.items())
        if self.mode is not None and hours is not None:
            self.total = at_unit(self.mode, rates[self.mode], setup, hours, "job", catalog)

    def time_key(self) -> float:
        return self.hours if self.hours is not None else 1 / max(self.speed, 1e-9)


def _training_options(plan: Plan, catalog: Catalog) -> list[_Option]:
    """The fewest of each GPU that holds the run and finishes it by the deadline: more of the same GPU cost the
    same GPU-hours in the estimate (its MFU is held constant), so the GPU chooses the run's price; its count
    only how soon it ends, and a larger count's lower MFU is not modelled, so none is offered for speed, but where
    the least time is asked, on GPUs joined by NVLink in one server (where the MFU was measured). With no
    tokens, the fewest of each that holds it, ranked by the model FLOPs it runs a second."""
    found: list[_Option] = []
    seen: set[str] = set()
    for shape in candidates(catalog):
        more = (
            # "o mais rápido possível": more of a GPU joined by NVLink shard the run as the MFU (measured on such
            # servers, and held across them: the multi-server note) assumes, so they are offered for speed; over
            # PCIe they are not
            plan.fastest and shape.gpu.interconnect == "nvlink" and plan.timed and plan.tokens
        )
        if (shape.gpu.id in seen and not more) or not holds(plan, shape, catalog):
            continue
        option = _training_option(plan, evaluate(plan, shape, catalog, capacity=False), catalog)
        if option.hours is not None and plan.days and option.hours > plan.days * 24:
            continue  # more of it may finish in time
        option.across = shape.gpu.id in seen and shape.servers > 1
        seen.add(shape.gpu.id)
        found.append(option)
    one_server = [o.hours for o in found if not o.across and o.setup.servers == 1 and o.hours is not None]
    if one_server and min(one_server) <= catalog.offering.business_hours_per_day:
        # the least time asked: servers joined over the network only where no server ends the run within a working
        # day (a run one server ends the same day is not worth a cluster's setup and its network's risk)
        found = [o for o in found if not o.across]
    return found


# A run costing less than this share more than another is no dearer worth a word (the MFU estimate is rougher)
RUN_SAVING = 0.05


# A budget's run is weighed across servers only where one server of its GPU takes longer than this (days)
ACROSS_AFTER_DAYS = 7


def more_of_kind(
    plan: Plan, fewest: Setup, catalog: Catalog, within: float = math.inf, across: bool = False
) -> tuple[_Option, _Option, bool] | None:
    """(the fewest's option, the one chosen, whether it ends the run within a working day) where more of the
    fewest's GPU run the training for no more per run: its GPU-hours are the same however many of one GPU share
    them (advice.training_days holds the MFU constant), so is its cost at one price per GPU-hour, and more GPUs
    only end it sooner. "LoRA do Llama 3.1 8B com 2 bilhões de tokens, orçamento de R$ 3 mil" had been 1× H100 for
    ~1.9 days, where four end it in ~11 hours for the same R$ 902. Of the counts of it in one server joined by
    NVLink (where the MFU was measured; over PCIe or across servers sharding spends what the estimate does not
    count) that hold the run in time, cost no more per run (RUN_SAVING) and, as the budget weighs them, no more
    than `within`: the fewest that end it within a working day (more only shorten a run done the same day), else
    the quickest, as for a GPU named (sizing/engine.py _named_kind_run). `across`: a budget's run weighs servers
    of it joined by the network too, where the estimate holds the MFU one server has (LLM Foundry measured the
    same on 8 to 64 H100: the multi-server note says so); a pre-training left on one server for ~5 months within
    a monthly budget that pays for four had been recommended so. None when the fewest already end it within a
    working day, or nothing more does better, or the run is not priced and timed."""
    if (
        (fewest.servers != 1 and not across)
        or catalog.gpu(fewest.gpu).interconnect != "nvlink"
        or not (plan.timed and plan.tokens)
    ):
        return None
    first = _training_option(plan, fewest, catalog)
    day = catalog.offering.business_hours_per_day
    if first.hours is None or first.total is None or first.hours <= day:
        return None
    options = []
    for shape in candidates(catalog):
        if shape.gpu.id != fewest.gpu or (shape.servers != 1 and not across) or shape.total <= fewest.count:
            continue
        if not holds(plan, shape, catalog):
            continue
        option = _training_option(plan, evaluate(plan, shape, catalog, capacity=False), catalog)
        if (
            option.hours is None
            or option.total is None
            or option.measure is None
            or (plan.days and option.hours > plan.days * 24)
            or option.total > first.total * (1 + RUN_SAVING)
            or option.measure > within
        ):
            continue
        options.append(option)
    if not options:
        return None
    same_day = [o for o in options if o.hours <= day]
    if same_day:
        return first, min(same_day, key=lambda o: o.setup.count), True
    return first, min(options, key=lambda o: (round(o.hours, 6), o.setup.count)), False


def _training_option(plan: Plan, setup: Setup, catalog: Catalog) -> _Option:
    gpu = catalog.gpu(setup.gpu)
    speed = setup.count * (gpu.bf16_dense_tflops or 0.0) * catalog.training_mfu(gpu)
    hours = training_days(plan, setup, catalog) * 24 if plan.timed and plan.tokens else None
    return _Option(plan, setup, hours, speed, catalog)


def _batch_options(plan: Plan, catalog: Catalog) -> list[_Option]:
    """The fewest of each GPU that serves the batch's rate by its deadline; each runs at the rate it sustains
    and stops when done (sizing/advice.py cost bills a batch so)."""
    return [
        o for setup in fewest_of_each(plan, catalog) if (o := _batch_option(plan, setup, catalog)) is not None
    ]


def _batch_option(plan: Plan, setup: Setup, catalog: Catalog) -> _Option | None:
    perf = setup.performance or traffic.performance(plan, setup, catalog)
    if perf is None or perf.max_requests_per_s <= 0:
        return None
    hours = plan.batch_seconds * min(1.0, plan.rate / perf.max_requests_per_s) / 3600
    return _Option(plan, setup, hours, perf.max_requests_per_s, catalog)


def _options(plan: Plan, catalog: Catalog) -> list[_Option]:
    return _training_options(plan, catalog) if plan.stage.is_training else _batch_options(plan, catalog)


def pick(
    plan: Plan, rec: Setup | None, catalog: Catalog, said: tuple[int | None, int | None] = (None, None)
) -> tuple[Setup, RunBudgetPick] | None:
    """The job's setup, as its budget or "the fastest" chooses it: among the setups that do the job (in time),
    those within the budget at its unit (see at_unit); of them the fastest (a training's, or any job asked the
    least time: the cheaper on a tie, then the fewer GPUs) or the cheapest (a batch's: it has its deadline, and
    finishing sooner than asked buys nothing; the faster on a tie). None within: the cheapest that does it, with
    what would bring the job under the budget. A budget by the month with the deadline not said lets the job run
    several months (its month is what is bounded). `said`: the training's epochs and examples as the question
    gave them, to say less work in its terms. None when `applies` does not hold or nothing does the job."""
    if rec is None or not applies(plan, catalog):
        return None
    training = plan.stage.is_training
    per = unit(plan) if weighs_budget(plan, catalog) else None
    weighed_plan = plan if per is not None else plan.but(budget=None)
    if per == "month" and training and plan.days_assumed:
        weighed_plan = weighed_plan.but(days=None)
    options = _options(weighed_plan, catalog)
    if per is not None:
        options = [o for o in options if o.measure is not None]
    if not options:
        return None
    rule = "fastest" if plan.fastest or training else "cheapest"
    amount = plan.budget.amount if per is not None else math.inf

    def cost_key(o: _Option) -> float:
        return o.measure if o.measure is not None else 0.0

    within = [o for o in options if cost_key(o) <= amount]
    fewer: dict[int, tuple[_Option, bool]] = {}  # an option of more GPUs: the fewest of its GPU, and same_day
    if within and training and not plan.fastest:
        # each GPU at as many in one server as end the run soonest in reason for no more per run (more_of_kind):
        # 4× L40S over PCIe had been "the fastest" beside 1× H100, where eight H100s end it sooner for less. Servers
        # joined over the network only for a run no server ends within ACROSS_AFTER_DAYS: one that a server ends
        # within a week saves hours or days across servers, not worth a cluster's setup and its network's risk.
        fewest_within = list(within)
        for across in (False, True):
            within, fewer = list(fewest_within), {}
            for i, option in enumerate(within):
                if (more := more_of_kind(weighed_plan, option.setup, catalog, amount, across)) is not None:
                    within[i] = more[1]
                    fewer[id(more[1])] = (more[0], more[2])
            timed = [o.hours for o in within if o.hours is not None]
            if not timed or min(timed) <= ACROSS_AFTER_DAYS * 24:
                break
    day = catalog.offering.business_hours_per_day
    by_day = training and not plan.fastest  # a run ended within a working day needs to end no sooner

    def time_key(o: _Option) -> float:
        return max(o.hours, day) if by_day and o.hours is not None else o.time_key()

    def run_cost(o: _Option) -> float:
        # within the same working day, what the run costs decides (an hourly budget's measure is an hour's)
        return o.total if by_day and o.total is not None else cost_key(o)

    if within and rule == "fastest":
        best = min(within, key=lambda o: (round(time_key(o), 6), run_cost(o), o.setup.count))
    elif within:
        best = min(within, key=lambda o: (cost_key(o), round(o.time_key(), 6), o.setup.count))
    else:
        best = min(options, key=lambda o: (cost_key(o), round(o.time_key(), 6), o.setup.count))
    more = fewer.get(id(best))
    # the recommendation as the budget weighs it (a month's budget may have left its deadline open)
    without = next((o for o in options if same_setup(o.setup, rec)), None) or (
        _training_option(weighed_plan, rec, catalog)
        if training
        else _batch_option(weighed_plan, rec, catalog)
    )
    if without is not None and per is not None and without.measure is None:
        without = None
    other = without is not None and not same_setup(without.setup, best.setup)
    chosen = best.setup if not same_setup(best.setup, rec) else rec
    lang = plan.lang
    result = RunBudgetPick(
        job="training" if training else "batch",
        unit=per,
        rule=rule,
        fastest_asked=plan.fastest,
        chosen=bool(within),
        setup=describe(best.setup, lang),
        total=best.total,
        measure=best.measure,
        hours=best.hours,
        mode=best.mode,
        mode_named=best.mode is not None and plan.contract == best.mode,
        over=max(0.0, cost_key(best) - amount) if per is not None else 0.0,
        without=describe(without.setup, lang) if other else None,
        without_total=without.total if other else None,
        without_measure=without.measure if other else None,
        without_hours=without.hours if other else None,
        without_mode=without.mode if other else None,
        billed_hours=_billed(best.hours, catalog) if best.mode in MONTHLY_MODES and best.hours else None,
        ways=[] if within else _ways(weighed_plan, best, catalog, said),
        deadline_lifted=weighed_plan.days is None and plan.days is not None,
        fewest=describe(more[0].setup, lang) if more else None,
        fewest_hours=more[0].hours if more else None,
        fewest_total=more[0].total if more else None,
        same_day=bool(within) and by_day and best.hours is not None and best.hours <= day,
    )
    return chosen, result


def _ways(
    plan: Plan, cheapest: _Option, catalog: Catalog, said: tuple[int | None, int | None]
) -> list[BudgetWay]:
    """What brings the job within the budget, least given up first: less work on the cheapest setup (a
    training's tokens or epochs, a batch's items: the price of the whole job scales with them; a month's or an
    hour's does not), then, for a training, the deadline the customer set left open (a cheaper GPU too slow for
    it, or fewer of one), LoRA in place of a full fine-tune and QLoRA (a 4-bit base, on cheaper GPUs it may
    fit), each at its own cheapest as the budget weighs it and said only where cheaper than the ways before it.
    With a mode sold by the month named, a mode billed by the hour instead."""
    amount = plan.budget.amount
    per = unit(plan)
    measure = cheapest.measure or 0.0
    share = amount / measure if measure else 0.0
    ways: list[BudgetWay] = []

    def cheaper(kind: str, options: list[_Option]) -> None:
        options = [o for o in options if o.measure is not None]
        if not options:
            return
        best = min(options, key=lambda o: (o.measure, o.time_key(), o.setup.count))
        if best.measure < min([measure] + [w.total for w in ways if w.total is not None]):
            ways.append(BudgetWay(kind=kind, amount=0, share=best.measure / measure, total=best.measure,
                                  setup=describe(best.setup, plan.lang), fits=best.measure <= amount,
                                  mode=best.mode, hours=best.hours))  # fmt: skip

    if cheapest.mode in MONTHLY_MODES:
        # a month bought for a shorter job: less work costs the same month; a mode billed by the hour does not
        cheaper("mode", _options(plan.but(contract=None), catalog))
        return ways
    if per == "job" and not plan.stage.is_training:
        items = plan.rate * plan.batch_seconds * share
        return [BudgetWay(kind="items", amount=math.floor(items), share=share)]
    if not plan.stage.is_training:
        return ways
    if per == "job":  # a month's or an hour's price is the same for less work
        ways.append(_less_work(plan, share, said))
    if plan.days and not plan.days_assumed and per != "gpu_hour":
        cheaper("longer", _training_options(plan.but(days=None), catalog))
    # an adapter trains in BF16 whatever precision the full run asked (sizing/advice.py _training_alternatives)
    placed = bf16_catalog(catalog)
    if plan.stage in (Stage.full, Stage.pretrain):
        lora = plan.but(stage=Stage.lora, precision=catalog.precision("bf16"))
        cheaper("lora", _training_options(lora, placed))
    if plan.stage in (Stage.full, Stage.pretrain, Stage.lora):
        qlora = plan.but(stage=Stage.qlora, precision=catalog.precision("nf4"))
        cheaper("qlora", _training_options(qlora, placed))
    return ways


def _less_work(plan: Plan, share: float, said: tuple[int | None, int | None]) -> BudgetWay:
    """The training's work the budget pays for, in the question's terms: its epochs, examples or tokens."""
    epochs, examples = said
    if epochs and epochs > 1 and math.floor(epochs * share) >= 1:
        return BudgetWay(kind="epochs", amount=math.floor(epochs * share), share=share)
    if examples:
        return BudgetWay(kind="examples", amount=math.floor(examples * share), share=share)
    return BudgetWay(kind="tokens", amount=math.floor((plan.tokens or 0) * share), share=share)
