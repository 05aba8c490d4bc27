"""Which setup to rent, and how the GPU the user named does: by memory alone, the smallest setup of the
offering that holds the workload (sizing/setups.py); for serving sized by its load, the copies and
tensor-parallel size that serve it (sizing/traffic.py). It sits above both: traffic.py builds on setups.py,
and setups.py needs neither.
"""

from __future__ import annotations

import msgspec

from . import traffic
from .catalog import Budget, Catalog
from .plan import Plan
from .result import Setup
from .setups import add_capacity, by_load, candidates, evaluate, holds, shape_for, smaller_than


def recommend(
    plan: Plan, catalog: Catalog, exclude: set[tuple[str, int]] | None = None, below: Setup | None = None
) -> Setup | None:
    """The setup to rent for the plan. With `below`, for a caller that keeps only a setup smaller than that one
    (advice.smaller): None in place of any other, found without searching past it or building it."""
    if by_load(plan):
        return traffic.recommend(plan, catalog, exclude, below=below)
    for shape in candidates(catalog):
        if below is not None and shape.total > below.count:
            return None  # candidates come fewest GPUs first: none from here on is smaller
        if exclude and (shape.gpu.id, shape.total) in exclude:
            continue
        if not holds(plan, shape, catalog):
            continue  # the setup is built only for the one that serves
        setup = evaluate(plan, shape, catalog, capacity=False)
        if setup.fits:
            if below is not None and not smaller_than(setup.count, setup.gpu_memory_bytes, setup.gpu, below):
                return None  # the recommendation, and not smaller: its capacity is not worked out
            return add_capacity(plan, setup, catalog)
    return None


def requested(
    plan: Plan, catalog: Catalog, weighed: bool = False, plan_share: bool | None = None
) -> tuple[Setup, Setup | None] | None:
    """The GPU the user named: as named (their count, or one), and the fewest of it that would serve.
    `weighed`: GPUs weighed against each other under a rate ("l40s vs h100 pra 50 req/s"), each with no count
    said, are each the fewest of it that serve the load: that is what the customer compares (and pays). Serving
    there is what the recommendation's is, the peak within the plan's share of what the setup sustains
    (traffic.within_plan): side by side, a count named at 94% of it had been "cabe" against a recommendation
    sized to 70%. `plan_share` (weighed's, unless said): judged by that share without turning a GPU named with no
    count into the fewest that serve, as a GPU named alone under a rate is ("llama 8b numa h100 com 600 req/min":
    one H100 at 94% of what it sustains is over the plan, and the fewest within it follow)."""
    if plan_share is None:
        plan_share = weighed
    if plan.gpu is None:
        return None
    asked = evaluate(plan, shape_for(plan, plan.gpu, plan.gpus or 1, catalog), catalog)
    if isinstance(plan.gpu, Budget) or plan.gpu.laptop:
        return asked, None  # the customer's own machine: judged as it is, with nothing more of it to add
    if plan.availability and not plan.stage.is_training and asked.problem is None:
        asked = as_copies(plan, asked, catalog)
    if by_load(plan):
        asked.performance = traffic.performance(plan, asked, catalog)
        if asked.fits and traffic.within_plan(asked.performance, plan_share=plan_share):
            return asked, None
        enough = traffic.recommend(plan, catalog, only=plan.gpu)
        if enough is None and plan.rate is not None:
            # A GPU we do not rent, or more of it than we rent for one service: the copies that would serve.
            enough = traffic.copies_off_offer(plan, plan.gpu, catalog)
        if enough is not None:
            # "2 réplicas do qwen3 32b em h100": copies required on a GPU named with no count are that many of
            # it (the fewest per copy that serve), judged and priced as asked; one H100 had been judged short of
            # the copies, and the price shown had been the recommendation's, another GPU's.
            copies_on_named = not plan.gpus and plan.availability and not plan.count_asked
            for_the_load = weighed and not plan.gpus and plan.rate is not None
            if plan.count_asked or copies_on_named or for_the_load:
                return enough, None
            return asked, enough
    if asked.fits or asked.problem == "replicas":
        return asked, None
    count = plan.gpus or 1
    while count < 64:
        count *= 2
        enough = evaluate(plan, shape_for(plan, plan.gpu, count, catalog), catalog, capacity=False)
        if enough.fits:
            if plan.count_asked:
                # "quantas H100?": the count asked is the fewest that serve, judged as if it had been said
                return evaluate(plan, shape_for(plan, plan.gpu, count, catalog), catalog), None
            return asked, enough
    return asked, None


def as_copies(plan: Plan, asked: Setup, catalog: Catalog) -> Setup:
    """The named GPUs under copies required for availability: split into the most copies that serve the
    workload (each on count / copies GPUs), or, when fewer copies fit than are required, the named setup
    marked short of copies (problem "replicas"; copies_held says how many fit). A setup one copy does not
    fit stays as it is: the memory verdict says by how much."""
    count, gpu = asked.count, catalog.gpu(asked.gpu)
    for copies in range(count, 0, -1):
        if count % copies == 0:
            shape = shape_for(plan, gpu, count // copies, catalog)
            needed = traffic.copies_needed(plan, shape, catalog, cap=count)
            if needed is not None and needed[0] <= copies:
                return traffic.build(plan, shape, copies, max(-(-plan.users // copies), 1), catalog)
    if copies_held(plan, asked, catalog) == 0:
        return asked
    return msgspec.structs.replace(asked, fits=False, problem="replicas")


def copies_held(plan: Plan, setup: Setup, catalog: Catalog) -> int:
    """The most copies of the model whose memory a setup's GPUs hold, one conversation each (0: none)."""
    gpu = catalog.gpu(setup.gpu)
    for copies in range(setup.count, 0, -1):
        if setup.count % copies == 0 and holds(
            plan, shape_for(plan, gpu, setup.count // copies, catalog), catalog, users=1
        ):
            return copies
    return 0


def each_that_serves(plan: Plan, catalog: Catalog) -> list[Setup]:
    """Every setup of the offering that serves the plan, smallest first: for a load, each shape with the copies
    it needs (traffic.each_serving); else each shape that holds the model and its conversations."""
    if by_load(plan):
        return traffic.each_serving(plan, catalog)
    found = []
    for shape in candidates(catalog):
        if holds(plan, shape, catalog):
            setup = evaluate(plan, shape, catalog, capacity=False)
            if setup.fits:
                found.append(add_capacity(plan, setup, catalog))
    return found


def fewest_of_each(plan: Plan, catalog: Catalog) -> list[Setup]:
    """For each GPU the offering rents, the fewest of it that serve the plan (none where no setup of it does):
    a larger setup of the same GPU costs more by the hour and as much for each GPU, so these are the setups an
    hour's budget chooses among."""
    found = []
    for offer in catalog.offering.offer:
        gpu = catalog.gpu(offer.gpu)
        if by_load(plan):
            setup = traffic.recommend(plan, catalog, only=gpu)
            if setup is not None:
                found.append(setup)
            continue
        for shape in candidates(catalog):
            if shape.gpu.id == gpu.id and holds(plan, shape, catalog):
                setup = evaluate(plan, shape, catalog, capacity=False)
                if setup.fits:
                    found.append(add_capacity(plan, setup, catalog))
                    break
    return found
