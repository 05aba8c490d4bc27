"""Which setup to rent, and how the GPU the user named does: by memory alone, the smallest setup of the
offering that holds the workload (sizing/setups.py); for serving sized by its load, the copies and
tensor-parallel size that serve it (sizing/traffic.py). It sits above both: traffic.py builds on setups.py,
and setups.py needs neither.
"""

from __future__ import annotations

from . import traffic
from .catalog import Budget, Catalog
from .plan import Plan
from .result import Setup
from .setups import add_capacity, by_load, candidates, evaluate, holds, shape_for


def recommend(plan: Plan, catalog: Catalog, exclude: set[tuple[str, int]] | None = None) -> Setup | None:
    if by_load(plan):
        return traffic.recommend(plan, catalog, exclude)
    for shape in candidates(catalog):
        if exclude and (shape.gpu.id, shape.total) in exclude:
            continue
        if not holds(plan, shape, catalog):
            continue  # the setup is built only for the one that serves
        setup = evaluate(plan, shape, catalog, capacity=False)
        if setup.fits:
            return add_capacity(plan, setup, catalog)
    return None


def requested(plan: Plan, catalog: Catalog) -> tuple[Setup, Setup | None] | None:
    """The GPU the user named: as named (their count, or one), and the fewest of it that would serve."""
    if plan.gpu is None:
        return None
    asked = evaluate(plan, shape_for(plan, plan.gpu, plan.gpus or 1, catalog), catalog)
    if isinstance(plan.gpu, Budget) or plan.gpu.laptop:
        return asked, None  # the customer's own machine: judged as it is, with nothing more of it to add
    if by_load(plan):
        asked.performance = traffic.performance(plan, asked, catalog)
        if asked.fits and (asked.performance is None or asked.performance.meets_targets is not False):
            return asked, None
        enough = traffic.recommend(plan, catalog, only=plan.gpu)
        if enough is None and plan.rate is not None:
            # A GPU we do not rent, or more of it than we rent for one service: the copies that would serve.
            enough = traffic.copies_off_offer(plan, plan.gpu, catalog)
        if enough is not None:
            return asked, enough
    if asked.fits:
        return asked, None
    count = plan.gpus or 1
    while count < 64:
        count *= 2
        enough = evaluate(plan, shape_for(plan, plan.gpu, count, catalog), catalog, capacity=False)
        if enough.fits:
            return asked, enough
    return asked, None
