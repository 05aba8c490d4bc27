"""A budget the question gives ("orçamento de R$ 15 mil por mês", "budget of $20k/month"), set against what
a setup costs (sizing/advice.py's Cost): the contract modes a month's budget holds, or whether a training
run's package fits a project's. Amounts are compared in the offering's currency only: a budget in another
is converted at the rate the offering configures for it (offering.toml exchange_rates), never at an
assumed one."""

from __future__ import annotations

import msgspec

from .result import BudgetInfo, Cost, Record

BATCH_MODES = ("on_demand", "project_package")  # the modes rented for hours, as a batch is


class BudgetCheck(Record, kw_only=True):
    amount: float
    period: str  # "month" (serving, or a month's budget said for training), "project" (a training run's),
    # "batch" (a batch with a deadline: its hours), "gpu_hour" (each GPU-hour's: prices are by the GPU-hour) or
    # "setup_hour" (the whole setup's hour)
    assumed_monthly: bool  # no period said: a service's budget is read as a month's
    assumed_setup: bool = (
        False  # an hour's budget with no "por GPU" nor "no total": read as the whole setup's
    )
    fits: list[str]  # contract modes within the budget, cheapest first
    cheapest_mode: str
    cheapest: float  # the cheapest mode's price over the period
    over: float  # how much the cheapest passes the budget (0 when it fits)


def currency_mismatch(budget: BudgetInfo, currency: str | None) -> bool:
    """A budget typed in another currency than the offering's prices: not compared."""
    return budget.currency is not None and currency is not None and budget.currency != currency


def converted(budget: BudgetInfo | None, offering) -> BudgetInfo | None:
    """A budget typed in another currency than the offering's, in the offering's at the rate its operator
    configured (offering.toml exchange_rates), the typed amount and the rate kept for the answer to say; as it
    was with no rate for that currency (then never compared: currency_mismatch)."""
    if budget is None or not currency_mismatch(budget, offering.currency):
        return budget
    rate = offering.exchange_rates.get(budget.currency or "")
    if rate is None:
        return budget
    return msgspec.structs.replace(budget, amount=budget.amount * rate, currency=offering.currency,
                                   typed_amount=budget.amount, typed_currency=budget.currency, rate=rate)  # fmt: skip


def check(
    budget: BudgetInfo,
    cost: Cost | None,
    currency: str | None,
    training: bool,
    batch_hours: float | None = None,
    gpus: int = 1,
    mode: str | None = None,
) -> BudgetCheck | None:
    """The setup's price against the budget; None when there is no price to compare (none configured for
    the setup, or a budget in another currency). A batch with a deadline and a budget not said to be a
    month's: the batch's hours at each mode's price. A GPU-hour's budget: each mode's price for one of the
    setup's `gpus` GPUs an hour. `mode`: the contract mode the customer named, weighed alone where priced."""
    if cost is None or currency is None or currency_mismatch(budget, currency):
        return None
    by_mode = cost.by_contract_mode
    if mode in by_mode:
        by_mode = {mode: by_mode[mode]}
    if budget.hourly:
        return hour_check(budget, {mode: c.per_hour for mode, c in by_mode.items()}, gpus)
    if batch_hours and budget.monthly is not True:
        # A batch rents its hours only: reserved and dedicated capacity is sold by the month, never by the day
        by_price = sorted((c.per_hour * batch_hours, mode) for mode, c in by_mode.items()
                          if mode in BATCH_MODES)  # fmt: skip
        if not by_price:
            return None
        cheapest, cheapest_mode = by_price[0]
        return BudgetCheck(amount=budget.amount, period="batch", assumed_monthly=False,
                           fits=[mode for price, mode in by_price if price <= budget.amount],
                           cheapest_mode=cheapest_mode, cheapest=cheapest, over=max(0.0, cheapest - budget.amount))  # fmt: skip
    if training and budget.monthly is not True and cost.project_total is not None:
        over = max(0.0, cost.project_total - budget.amount)
        mode = cost.project_mode or "project_package"  # on demand's hours when no package is priced
        fits = [mode] if over == 0 else []
        return BudgetCheck(amount=budget.amount, period="project", assumed_monthly=False, fits=fits,
                           cheapest_mode=mode, cheapest=cost.project_total, over=over)  # fmt: skip
    return month_check(budget, {mode: c.per_month for mode, c in by_mode.items()})


def hour_check(budget: BudgetInfo, per_hour: dict[str, float], gpus: int) -> BudgetCheck | None:
    """A setup's hour in each contract mode against an hour's budget: each of its `gpus` GPUs' hour when the
    budget was said per GPU, else the whole setup's (said so when assumed)."""
    if budget.per_gpu:
        return month_check(budget, hour_prices(budget, per_hour, gpus), period="gpu_hour")
    checked = month_check(budget, per_hour, period="setup_hour")
    if checked is not None:
        checked.assumed_setup = budget.per_gpu is None
    return checked


def hour_prices(budget: BudgetInfo, per_hour: dict[str, float], gpus: int) -> dict[str, float]:
    """A setup's hour in each contract mode as an hour's budget is compared: each GPU's, or the whole setup's."""
    return {mode: price / max(gpus, 1) for mode, price in per_hour.items()} if budget.per_gpu else per_hour


def month_check(budget: BudgetInfo, per_month: dict[str, float], period: str = "month") -> BudgetCheck | None:
    """A month's price in each contract mode (what-fits' setup, or an answer's Cost) against the budget."""
    by_price = sorted(per_month.items(), key=lambda item: item[1])
    if not by_price:
        return None
    cheapest_mode, cheapest = by_price[0]
    return BudgetCheck(
        amount=budget.amount,
        period=period,
        assumed_monthly=budget.monthly is None and period == "month",
        fits=[mode for mode, price in by_price if price <= budget.amount],
        cheapest_mode=cheapest_mode,
        cheapest=cheapest,
        over=max(0.0, cheapest - budget.amount),
    )


# Compute-optimal training (Hoffmann et al. 2022, "Chinchilla", arXiv:2203.15556): for a compute budget C = 6·N·D,
# the loss is lowest with ~20 training tokens per parameter, so N = sqrt(C / 120) and D = 20·N.
CHINCHILLA_TOKENS_PER_PARAM = 20
# Without prices, what a round number of GPU-hours does, to give the order of magnitude.
UNPRICED_GPU_HOURS = 1000.0


class ModelTokens(Record, kw_only=True):
    name: str
    tokens: float  # the training tokens the budget's FLOPs pay for on this model (flops_per_token x N x D)


class TrainingBudget(Record, kw_only=True):
    """What a training budget buys ("tenho R$ 50 mil, dá pra treinar um modelo do zero?"): GPU-hours of the GPU
    that sells a model FLOP cheapest (its price over its BF16 peak at its MFU), the FLOPs they run, the model
    that budget trains compute-optimally from scratch, and the tokens it trains each suggested model on. With no
    prices (`amount` None), the same for UNPRICED_GPU_HOURS of the fastest GPU offered."""

    amount: float | None
    monthly: bool  # the budget was said to be a month's: the figures are a month's
    gpu: str
    gpu_name: str
    mode: str | None  # the contract mode priced (the project package's, else on demand's)
    price_per_gpu_hour: float | None
    gpu_hours: float
    mfu: float
    flops: float
    optimal_params: float
    optimal_tokens: float
    per_token: int  # the stage's model FLOPs per parameter and token (6 full, 4 with adapters)
    models: list[ModelTokens] = []


def training_budget(
    budget: BudgetInfo | None, catalog, per_token: int, models: list[tuple[str, float]]
) -> TrainingBudget | None:
    """`per_token`: the model FLOPs per parameter and token of the stage (sizing/training.py flops_per_token);
    `models`: (name, active parameters) of the models to say tokens for. None: a budget in another currency
    than the prices (not compared), or no GPU in the offering with a BF16 peak."""
    from .catalog import Catalog

    assert isinstance(catalog, Catalog)
    offering = catalog.offering
    currency = offering.currency if offering.has_prices else None
    if budget is not None and currency_mismatch(budget, currency):
        return None
    candidates = []
    for offer in offering.offer:
        gpu = catalog.gpu(offer.gpu)
        if not gpu.bf16_dense_tflops:
            continue
        rate = gpu.bf16_dense_tflops * 1e12 * catalog.training_mfu(gpu)  # model FLOPs a second
        mode = next((m for m in BATCH_MODES[::-1] if m in offer.price_per_gpu_hour), None)
        candidates.append((gpu, rate, mode, offer.price_per_gpu_hour.get(mode) if mode else None))
    if not candidates:
        return None
    priced = [c for c in candidates if c[3]]
    if budget is not None and priced:
        gpu, rate, mode, price = min(priced, key=lambda c: c[3] / c[1])  # the cheapest model FLOP
        hours, amount = budget.amount / price, budget.amount
    else:
        measured = [c for c in candidates if gpu_measured(c[0], catalog)] or candidates
        gpu, rate, mode, price = max(measured, key=lambda c: c[1])
        hours, amount, mode, price = UNPRICED_GPU_HOURS, None, None, None
    flops = hours * 3600 * rate
    params = (flops / (6 * CHINCHILLA_TOKENS_PER_PARAM)) ** 0.5
    return TrainingBudget(
        amount=amount,
        monthly=bool(budget is not None and budget.monthly),
        gpu=gpu.id,
        gpu_name=gpu.name,
        mode=mode,
        price_per_gpu_hour=price,
        gpu_hours=hours,
        mfu=catalog.training_mfu(gpu),
        flops=flops,
        optimal_params=params,
        optimal_tokens=CHINCHILLA_TOKENS_PER_PARAM * params,
        per_token=per_token,
        models=[ModelTokens(name=name, tokens=flops / (per_token * n)) for name, n in models if n],
    )


def gpu_measured(gpu, catalog) -> bool:
    """Whether a published MFU times this GPU's training (offering.toml mfu_by_architecture)."""
    return getattr(gpu, "architecture", "") in catalog.offering.training.mfu_by_architecture
