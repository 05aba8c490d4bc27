"""A budget the question gives ("orçamento de R$ 15 mil por mês", "budget of $20k/month"), set against what
a setup costs (sizing/advice.py's Cost): the contract modes a month's budget holds, or whether a training
run's package fits a project's. Amounts are compared in the offering's currency only: no exchange rate is
assumed."""

from __future__ import annotations

from .result import BudgetInfo, Cost, Record

BATCH_MODES = ("on_demand", "project_package")  # the modes rented for hours, as a batch is


class BudgetCheck(Record, kw_only=True):
    amount: float
    period: str  # "month" (serving, or a month's budget said for training), "project" (a training run's) or
    # "batch" (a batch with a deadline: its hours)
    assumed_monthly: bool  # no period said: a service's budget is read as a month's
    fits: list[str]  # contract modes within the budget, cheapest first
    cheapest_mode: str
    cheapest: float  # the cheapest mode's price over the period
    over: float  # how much the cheapest passes the budget (0 when it fits)


def currency_mismatch(budget: BudgetInfo, currency: str | None) -> bool:
    """A budget typed in another currency than the offering's prices: not compared."""
    return budget.currency is not None and currency is not None and budget.currency != currency


def check(
    budget: BudgetInfo,
    cost: Cost | None,
    currency: str | None,
    training: bool,
    batch_hours: float | None = None,
) -> BudgetCheck | None:
    """The setup's price against the budget; None when there is no price to compare (none configured for
    the setup, or a budget in another currency). A batch with a deadline and a budget not said to be a
    month's: the batch's hours at each mode's price."""
    if cost is None or currency is None or currency_mismatch(budget, currency):
        return None
    if batch_hours and budget.monthly is not True:
        # A batch rents its hours only: reserved and dedicated capacity is sold by the month, never by the day
        by_price = sorted((c.per_hour * batch_hours, mode) for mode, c in cost.by_contract_mode.items()
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
    return month_check(budget, {mode: c.per_month for mode, c in cost.by_contract_mode.items()})


def month_check(budget: BudgetInfo, per_month: dict[str, float]) -> BudgetCheck | None:
    """A month's price in each contract mode (what-fits' setup, or an answer's Cost) against the budget."""
    by_price = sorted(per_month.items(), key=lambda item: item[1])
    if not by_price:
        return None
    cheapest_mode, cheapest = by_price[0]
    return BudgetCheck(
        amount=budget.amount,
        period="month",
        assumed_monthly=budget.monthly is None,
        fits=[mode for mode, price in by_price if price <= budget.amount],
        cheapest_mode=cheapest_mode,
        cheapest=cheapest,
        over=max(0.0, cheapest - budget.amount),
    )
