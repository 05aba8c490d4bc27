"""What fits on the GPUs a question names when it names no model ("qual o maior modelo que cabe numa H100?",
"what can I run on an L40S?", "o que roda no meu notebook com 16gb?"): at each precision, the largest
catalogue models that setup holds for the context and the users asked, judged by the same memory sums as
every answer (sizing/setups.py: weights, the KV cache of every conversation, activations and overhead
against the usable memory of each GPU)."""

from __future__ import annotations

from typing import Any

import msgspec

from . import training
from .advice import SERVING_MODES
from .budget import TrainingBudget, converted, training_budget
from .budget import check as budget_check
from .catalog import Budget, Catalog
from .engine import size
from .errors import SizingError
from .memo import one_sizing
from .plan import adapter_for_data, contract_mode, make_plan, term_months
from .result import BudgetInfo
from .setups import add_capacity, evaluate, shape_for
from .workload import Task, Workload

# What people weigh when they ask: 16, 8 and 4 bits. FP8 on a GPU the serving engine does not run it on
# (compute capability below 8.0: the T4) becomes INT8.
PRECISIONS = ("bf16", "fp8", "int4")
EIGHT_BIT_FALLBACK = "int8"
SHOWN = 3  # models named at each precision, the largest first


class Fitting(msgspec.Struct, kw_only=True, omit_defaults=True):
    model_id: str
    name: str
    params: int
    bytes_per_gpu: int  # what it needs on each GPU, all counted
    # "quantos usuários cabem numa h100?": the conversations of the list's context it holds at once (the
    # KV cache's room after the weights, as a model's own capacity answer counts them: sizing/setups.py)
    max_users: int | None = None


class PrecisionFits(msgspec.Struct, kw_only=True):
    precision: str
    precision_name: str
    models: list[Fitting]  # the largest first; empty: none fits


class WhatFits(msgspec.Struct, kw_only=True):
    gpu: str
    gpu_name: str
    count: int
    usable_bytes_per_gpu: int
    context: int
    users: int
    stage: str
    seq_len: int  # training: the sequences and micro-batch the runs are judged with
    batch: int
    by_precision: list[PrecisionFits]
    # A load given (a rate, a volume, a head-count): memory is judged for the conversations said, and the
    # answer says the load was not used (how many GPUs a load needs depends on the model).
    load_given: bool = False
    # That load as the question gave it (its fields: a rate and its period, a volume a day, week or month,
    # people, a batch's items and seconds, prompt and answer tokens), for the question to ask next with it.
    load: dict[str, float] = {}
    # A training's data and deadline said with no model ("e em 2 dias com 1 bilhão de tokens?"): memory does not
    # depend on them, so the list is the same; said so, and kept in the question to ask next (RUN_WORDS' fields)
    run: dict[str, float] = {}
    # Whether we rent this GPU ("vocês têm B200?"), and how: the GPUs to a machine and machines to a service
    # (offering.toml). None for the customer's own machine, which is not ours to rent.
    offered_counts: list[int] | None = None
    offered_servers: int = 0
    # Not rented: the GPUs we do rent, by name, in the offering's order, and the nearest of them ("vocês têm
    # B200?"): the smallest with at least the memory of the one named, else the largest.
    offered_instead: list[str] = []
    nearest_offered: str = ""
    # "quanto custa 2 H100?": what the setup costs an hour in each contract mode the offering prices (empty:
    # no prices configured), with the offering's hours in a month and its currency.
    cost_asked: bool = False
    price_per_hour: dict[str, float] = {}
    hours_per_month: int = 0
    currency: str | None = None
    budget: BudgetInfo | None = None  # a budget the question gave, set against that price
    # "quais modelos de raciocínio cabem?": the reasoning models listed, at the longest answer their chain of
    # thought is sized for (catalog.traffic.lengths); 0 for every other list
    reasoning_longest: int = 0
    # "2 h100 por 3 meses reservado": the term asked (days) and its total in the mode said, else in each mode
    # priced (as a model's answer gives it, sizing/advice.py)
    term_days: int | None = None
    term_totals: dict[str, float] = {}
    # What else the question asks of the GPU (sizing/topics.py of_a_gpu): "bandwidth", "interconnect" (its
    # facts in gpus.toml, said first), "terms" (the contract modes it is rented in, and their prices)
    asked: list[str] = []
    bandwidth_gb_s: float = 0
    bf16_tflops: float = 0
    fp8_tflops: float = 0
    interconnect: str = ""
    interconnect_gb_s: float = 0
    contract_modes: list[str] = []
    # the mode the stage, intent and term call for (sizing/plan.py contract_mode), said first among the modes:
    # a training's per-project package, a production's reserved or dedicated capacity, else on demand
    contract: str = ""
    # "does nvfp4 work on h100?": whether the GPU runs the format asked natively, said first (the message key:
    # "nvfp4_native", "nvfp4_weight_only"), with the GPU's architecture; "" when nothing is to be said.
    precision_note: str = ""
    architecture: str = ""
    # "e na aws?", "e on-premise?" in its thread: where the GPU would run ("cloud_other", "cloud_ours",
    # "cloud_own") and the cloud's name, said first
    where: list[str] = []
    where_name: str = ""
    # "quantos usuários cabem numa h100?", "how many users can one h100 support?": how many depends on the model,
    # so each model listed says how many conversations it holds (Fitting.max_users)
    capacity_asked: bool = False


# The fields of a training's run said with no model, kept to be said back in the question to ask next.
RUN_WORDS = ("tokens", "examples", "epochs", "days")

# The fields of a load said with no model, kept to be said back in the question to ask next (bot/fits_reply.py).
LOAD_WORDS = (
    "rate_per_s",
    "rate_period_s",
    "requests_per_day",
    "requests_per_week",
    "requests_per_month",
    "population",
    "batch_items",
    "batch_seconds",
    "prompt_tokens",
    "prompt_pages",
    "output_tokens",
)


def what_fits(given: dict[str, Any], catalog: Catalog) -> WhatFits:
    """`given`: the question's workload fields but the model (a GPU among them). Each reference model is
    judged at each precision; a model the workload cannot be asked of (a context beyond its window) is left
    out."""
    given = dict(given)
    asked = given.pop("asked", [])
    # of the notes a thread's message earned, only where it runs is said of a GPU's list; whether we rent the
    # GPU is the list's own line (fits.rent_yes, fits.not_offered)
    notes = given.pop("notes", [])
    where = [note for note in notes if note.startswith("cloud_")]
    if {"rented", "not_rented_sized"} & set(notes) and "rent" not in asked:
        asked = [
            *asked,
            "rent",
        ]  # "vocês alugam?", "do you rent it?" in its thread: whether we rent it, first
    names = given.pop("note_names", {})
    precision_asked = given.get("precision")
    # "em 16 bits, 8 ou 4 numa l40s?": a row for each width offered (sizing/query.py reads them)
    listed = given.pop("precisions", None)
    reasoning = given.get("task") is Task.reasoning and given.get("reasoning") is None
    if given.get("context") is None and given.get("reasoning") is None and not reasoning:
        # The list states one context for every model ("Com 4.096 tokens de contexto"): a reasoning model's
        # longer conversations (sizing/plan.py reasons) are its own full answer's, not the list's.
        given["reasoning"] = "off"
    # The catalogue's reference model of each size (size_reference: what a bare "70b" resolves to), current
    # and well known, rather than every fine-tune and superseded release of that size. "Quais modelos de
    # raciocínio cabem numa H100?": the models that think before answering (models.toml `reasoning`), sized
    # for a chain of thought as their own answers are (it had been every model, at a chat's 4,096 tokens).
    if reasoning:
        references = [
            m for m in catalog.models if m.reasoning == "always" or (m.size_reference and m.reasoning)
        ]
    else:
        references = [m for m in catalog.models if m.size_reference]
    rows = []
    header = None
    capacity = bool(given.get("capacity_asked")) and (given.get("users") or 1) == 1
    judged: dict[tuple[str, str], tuple] = {}  # (model, precision) -> its plan and setup, for the capacity
    with one_sizing():
        # A training run has the precision its method calls for (QLoRA's 4-bit base, BF16 otherwise).
        training = Workload.given({**given, "model": references[0].id}).stage.is_training
        precisions = tuple(listed or (precision_asked,)) if precision_asked or training else _rows(references)
        own_rows = set(precisions) - set(PRECISIONS) if not (precision_asked or training) else set()
        for precision_id in precisions:
            row_precision = None
            fitting: list[tuple[tuple, Fitting]] = []
            for model in references:
                if precision_id in own_rows and model.native_precision != precision_id:
                    continue  # the row of a format of its own holds the models published in it
                if _published_elsewhere(model, precision_id, catalog):
                    continue
                plan = _plan(given, model.id, precision_id, catalog, fall_back=not precision_asked)
                if plan is None:
                    continue
                row_precision = row_precision or plan.precision
                if _not_published_in(model, plan.precision, catalog):
                    continue
                setup = evaluate(
                    plan, shape_for(plan, plan.gpu, plan.gpus or 1, catalog), catalog, capacity=False
                )
                header = header or (setup, plan)
                if setup.fits:
                    entry = Fitting(model_id=model.id, name=model.name, params=plan.model.params,
                                    bytes_per_gpu=setup.per_gpu.total)  # fmt: skip
                    fitting.append(((-plan.model.params, _newest(model.id, catalog)), entry))
                    judged[(model.id, precision_id)] = (plan, setup)
            if row_precision is None:
                continue
            fitting.sort(key=lambda pair: pair[0])
            shown: list[tuple[int, Fitting]] = []
            for (_, newest), entry in fitting:
                # One model of each size: the newest of the 70Bs (its family's list), not three of them.
                same = next(
                    (i for i, (_, s) in enumerate(shown) if abs(entry.params - s.params) <= 0.05 * s.params),
                    None,
                )
                if same is None and len(shown) < SHOWN:
                    shown.append((newest, entry))
                elif same is not None and newest < shown[same][0]:
                    shown[same] = (newest, entry)
            if capacity and not training:
                for _, entry in shown:
                    plan, setup = judged[(entry.model_id, precision_id)]
                    entry.max_users = add_capacity(plan, setup, catalog).max_users
            rows.append(PrecisionFits(precision=row_precision.id, precision_name=row_precision.name,
                                       models=[entry for _, entry in shown]))  # fmt: skip
    if header is None:
        raise SizingError("missing_model", "model_examples")  # no model could be asked this at all
    setup, plan = header
    load_keys = (
        "rate_per_s",
        "requests_per_day",
        "requests_per_week",
        "requests_per_month",
        "population",
        "rate_average",
        "batch_items",
    )
    offer = next((o for o in catalog.offering.offer if o.gpu == setup.gpu), None)
    own = isinstance(plan.gpu, Budget)
    prices = {mode: price * setup.count for mode, price in offer.price_per_gpu_hour.items()
              if mode in offer.contract_modes} if offer else {}  # fmt: skip
    return WhatFits(
        gpu=setup.gpu,
        gpu_name=setup.gpu_name,
        count=setup.count,
        usable_bytes_per_gpu=setup.usable_bytes_per_gpu,
        context=plan.context,
        users=plan.users,
        stage=plan.stage.value,
        seq_len=plan.seq_len,
        batch=plan.batch,
        by_precision=rows,
        # "o que roda em 8x H100 pra 1000 usuários?": a head-count is a load too (sizing/plan.py), not the
        # 1 user the list is sized for
        load_given=any(given.get(k) for k in load_keys)
        or (
            (given.get("users") or 0) >= catalog.traffic.population.users_as_population_from
            and not given.get("users_at_once")
        ),
        load=_load(given, catalog),
        run={k: float(given[k]) for k in RUN_WORDS if given.get(k)} if plan.stage.is_training else {},
        offered_counts=None if own else (list(offer.counts) if offer else []),
        offered_servers=offer.max_servers if offer else 0,
        offered_instead=[] if own or offer else [catalog.gpu(o.gpu).name for o in catalog.offering.offer],
        nearest_offered="" if own or offer else _nearest_offered(setup.gpu, catalog),
        # the contract modes asked: what they cost too, where prices are set
        cost_asked=bool(given.get("cost")) or "terms" in asked,
        price_per_hour=prices,
        hours_per_month=catalog.offering.hours_per_month,
        currency=catalog.offering.currency,
        budget=_budget(given, catalog),
        reasoning_longest=catalog.traffic.lengths.reasoning_max_output_tokens if reasoning else 0,
        term_days=given.get("term_days"),
        term_totals=_term_totals(given, prices, catalog, plan.stage.is_training),
        asked=list(asked),
        bandwidth_gb_s=catalog.gpu(setup.gpu).bandwidth_gb_s if not own else 0,
        bf16_tflops=catalog.gpu(setup.gpu).bf16_dense_tflops if not own else 0,
        fp8_tflops=catalog.gpu(setup.gpu).fp8_dense_tflops if not own else 0,
        interconnect=catalog.gpu(setup.gpu).interconnect if not own else "",
        interconnect_gb_s=catalog.gpu(setup.gpu).interconnect_gb_s if not own else 0,
        contract_modes=list(offer.contract_modes) if offer else [],
        contract=contract_mode(plan, setup.count),
        precision_note=_precision_note(precision_asked, setup, catalog) if not own else "",
        architecture=catalog.gpu(setup.gpu).architecture if not own else "",
        where=where,
        where_name=next((names[note] for note in where if note in names), ""),
        capacity_asked=capacity and not plan.stage.is_training,
    )


def _nearest_offered(gpu_id: str, catalog: Catalog) -> str:
    """The GPU we rent closest to one we do not: the smallest holding at least its memory (an RTX 4090's
    work moves up to an L40S), else the largest we have (a B200's to an H200)."""
    memory = catalog.gpu(gpu_id).memory_marketing_gb
    rented = [catalog.gpu(o.gpu) for o in catalog.offering.offer]
    if not rented:
        return ""
    larger = [g for g in rented if g.memory_marketing_gb >= memory]
    if larger:
        # min keeps the offering's order among equals: the L40S before the L40
        return min(larger, key=lambda g: g.memory_marketing_gb).name
    return max(rented, key=lambda g: g.memory_marketing_gb).name


def _load(given: dict[str, Any], catalog: Catalog) -> dict[str, float]:
    """The load's fields as given; users as many as a head-count are (sizing/plan.py) are its people."""
    load = {k: given[k] for k in LOAD_WORDS if given.get(k)}
    users = given.get("users") or 0
    if users >= catalog.traffic.population.users_as_population_from and not given.get("users_at_once"):
        load.setdefault("population", users)
    return load


def _precision_note(precision_id: str | None, setup, catalog: Catalog) -> str:
    """NVFP4 asked of a GPU: native on Blackwell's FP4 tensor cores, weight-only below (sizing/advice.py)."""
    if precision_id != "nvfp4":
        return ""
    from .advice import fp4_weight_only

    precision = catalog.precision(precision_id)
    if not catalog.gpu(setup.gpu).runs(precision):
        return "nvfp4_none"  # below Turing: no FP4 kernel of vLLM's (precisions.toml min_compute_capability)
    return "nvfp4_weight_only" if fp4_weight_only(precision, setup, catalog) else "nvfp4_native"


class OfferedGpu(msgspec.Struct, kw_only=True):
    gpu: str
    name: str
    counts: list[int]  # GPUs to a machine
    max_servers: int  # machines joined for one service
    contract_modes: list[str]
    price_per_gpu_hour: dict[str, float]  # by contract mode; empty: not priced
    interconnect: str = ""  # how the GPUs of one machine are joined (gpus.toml): "nvlink" or "pcie"
    interconnect_gb_s: float = 0


class Offered(msgspec.Struct, kw_only=True):
    gpus: list[OfferedGpu]  # in the offering's order
    currency: str
    hours_per_month: int
    # What the question asked of the list (sizing/topics.py WITH_OFFERING, or "not_rented"), said first, and
    # the GPU it named that we do not rent
    topic: str | None = None
    name: str = ""
    # The contract modes whose meaning was asked ("o que é modo dedicado?"): said in place of the list
    modes_asked: list[str] = []


def offered(given: dict[str, Any], catalog: Catalog) -> Offered:
    """ "Quais GPUs vocês têm?", "tabela de preços": the GPUs we rent (offering.toml), each with the machines
    it comes in, its contract modes and its price per GPU-hour in each mode that is priced. `given` is
    unused but for the subject asked (sizing/topics.py): the list is the same whatever the question said."""
    gpus = [
        OfferedGpu(
            gpu=offer.gpu,
            name=catalog.gpu(offer.gpu).name,
            counts=list(offer.counts),
            max_servers=offer.max_servers,
            contract_modes=list(offer.contract_modes),
            price_per_gpu_hour={
                mode: price
                for mode, price in offer.price_per_gpu_hour.items()
                if mode in offer.contract_modes
            },
            interconnect=catalog.gpu(offer.gpu).interconnect,
            interconnect_gb_s=catalog.gpu(offer.gpu).interconnect_gb_s,
        )
        for offer in catalog.offering.offer
    ]
    return Offered(
        gpus=gpus,
        currency=catalog.offering.currency,
        hours_per_month=catalog.offering.hours_per_month,
        topic=given.get("topic"),
        name=given.get("name", ""),
        modes_asked=list(given.get("modes", [])),
    )


def _term_totals(
    given: dict[str, Any], prices: dict[str, float], catalog: Catalog, training: bool = False
) -> dict[str, float]:
    """A term's total in the contract mode the question said, or in each serving mode priced when it said
    none (or one not priced): a month's hours (offering.toml) times the term's months. A term is a service's
    (sizing/query.py reads a training run's as its days), so the per-project package is left to a run, unless
    the GPUs are rented for a training with no model, whose term it is."""
    days = given.get("term_days")
    if not days or not prices:
        return {}
    said = given.get("contract")
    # GPUs rented for a training with no model ("8 h100 por 2 semanas pra um treino"): the term is the
    # training's, so its per-project package is totalled too
    modes = (
        [said]
        if said in prices
        else [m for m in prices if m in SERVING_MODES or (training and m == "project_package")]
    )
    months = term_months(days)
    return {mode: prices[mode] * catalog.offering.hours_per_month * months for mode in modes}


def _budget(given: dict[str, Any], catalog: Catalog) -> BudgetInfo | None:
    amount = given.get("budget")
    if not amount:
        return None
    return converted(
        BudgetInfo(
            amount=amount,
            currency=given.get("budget_currency"),
            monthly=given.get("budget_monthly"),
            yearly=given.get("budget_yearly"),
            hourly=bool(given.get("budget_hourly")),
            per_gpu=given.get("budget_per_gpu"),
        ),
        catalog.offering,
    )


def _plan(given: dict[str, Any], model_id: str, precision_id: str | None, catalog: Catalog, fall_back: bool):
    """The plan of one model at one precision (None: the workload's own), or None when the workload cannot
    be asked of it."""
    try:
        plan = make_plan(Workload.given({**given, "model": model_id, "precision": precision_id}), catalog)
        if fall_back and precision_id == "fp8" and not plan.gpu.runs(plan.precision):
            plan = make_plan(
                Workload.given({**given, "model": model_id, "precision": EIGHT_BIT_FALLBACK}), catalog
            )
    except SizingError:
        return None
    return plan


def _rows(references) -> tuple[str, ...]:
    """The list's precisions: 16, 8 and 4 bits, and before the 4-bit row the format of its own that a model is
    published in only (models.toml native_precision: gpt-oss's MXFP4), so that it is listed at it."""
    own = sorted({m.native_precision for m in references if m.native_precision} - set(PRECISIONS))
    return (*PRECISIONS[:-1], *own, PRECISIONS[-1])


def _published_elsewhere(model, precision_id: str | None, catalog: Catalog) -> bool:
    """A model published only in another format (gpt-oss in MXFP4: the openai/gpt-oss-120b checkpoint; no BF16
    or FP8 one): left out of a row of this one, as its weights would have to be unpacked or requantized, which
    no one serves. GGUF files of it are published (ggml-org/gpt-oss-120b-GGUF), and a list with no row
    precision (a training's) takes every model."""
    if precision_id is None or catalog.precision(precision_id).gguf:
        return False
    return model.native_precision is not None and model.native_precision != precision_id


def _not_published_in(model, precision, catalog: Catalog) -> bool:
    """A model released in a 4-bit format of its own (gpt-oss: MXFP4 experts, openai/gpt-oss-120b) is not
    published in another 4-bit checkpoint format (AWQ, GPTQ, NVFP4): requantizing 4-bit weights to 4 bits
    again is not done, so a list of what runs in that format leaves it out. GGUF files keep its MXFP4
    experts (sizing/weights.py) and are published (ggml-org/gpt-oss-120b-GGUF): they are kept."""
    native = model.native_precision
    if native is None or native == precision.id or precision.gguf:
        return False
    return catalog.precision(native).nominal_bits <= 4 and precision.nominal_bits <= 4


def _newest(model_id: str, catalog: Catalog) -> int:
    """Where the model stands in its family's list (newest first): of two models the same size, the newer."""
    return min((ids.index(model_id) for ids in catalog.families.values() if model_id in ids), default=999)


class Suggested(msgspec.Struct, kw_only=True):
    model_id: str
    name: str
    precision_name: str
    setup: str | None  # "2× H100 SXM 80 GB"; None: nothing we rent serves it
    tokens_per_s_per_user: float | None = None
    # The setup's cheapest price a month and its contract mode (None: not priced), and whether it is within
    # the budget the question gave (None: no budget, or none to compare: sizing/budget.py)
    per_month: float | None = None
    mode: str | None = None
    within_budget: bool | None = None
    # "and cheaper?" in the suggestions' thread: the model's cheaper setups for the same load (the alternatives its
    # full answer lists under "mais barato?"), or the line that says nothing we rent is cheaper and what would give
    cheaper: list[str] = []


class Suggestions(msgspec.Struct, kw_only=True):
    task: str | None
    context: int  # serving: the context sized for; training: the sequence length
    users: int | None  # None: a training stage (no conversations)
    rate_per_s: float | None  # a load given as a rate, a volume or a head-count: the peak sized for
    stage: str = "inference"
    models: list[Suggested]
    budget: BudgetInfo | None = None  # a budget the question gave
    currency: str | None = None  # the offering's, when it prices anything
    # the latency the models were sized for, when the sizing used one (a rate, or targets asked for)
    ttft_target_s: float | None = None
    tokens_per_s_target: float | None = None
    replacing: str | None = None  # a closed model named, as typed: the suggestions are open ones in its place
    # the task's own suggestions the context is past, when long-context models stand in for them
    past_context: list[str] = []
    # "qual modelo e quanto custa?": the cost asked, answered with each model's month where prices are set,
    # and with why not where none are
    cost_asked: bool = False
    # What the question said of its data that the law asks something of (sizing/topics.py NOTES: "dados de
    # saúde de pacientes"), said before the models
    notes: list[str] = []
    note_names: dict[str, str] = {}  # the name a note says ("cloud_other": "AWS")
    # Speech words the question named, left out of the count ("transcrever": a speech model's work)
    apart: list[str] = []
    # why a training said with no method is sized as LoRA (sizing/plan.py adapter_for_data), or None
    method_reason: str | None = None
    # the load as the question gave it (WhatFits.load), kept in the question to ask next
    load: dict[str, float] = {}
    # a training's budget: the GPU-hours, FLOPs and models it buys (sizing/budget.py training_budget)
    training_budget: TrainingBudget | None = None


def suggest(given: dict[str, Any], catalog: Catalog) -> Suggestions:
    """ "Qual modelo vocês recomendam?": the workload asked (`given`: its fields but the model), sized for the
    catalogue's suggestions for its task (models.toml [suggestions]: a small, a mid-size and a large model),
    each with the setup the full answer recommends for it (sizing/engine.py)."""
    given = dict(given)
    replacing = given.pop("replacing", None)  # a closed model the suggestions stand in for
    notes = given.pop("notes", [])
    note_names = given.pop("note_names", {})
    apart = given.pop("apart", [])
    task = given.get("task")
    key = task.value if task is not None and task.value in catalog.suggestions else "default"
    out: list[Suggested] = []
    context = users = 0
    rate = ttft = tps = None
    budget = _budget(given, catalog)
    listed = catalog.suggestions.get(key, [])
    longer = [m for m in catalog.suggestions.get("long_context", []) if m not in listed]
    beyond: list[str] = []  # the listed models the context is past
    results = []
    for model_id in listed:
        try:
            results.append((model_id, size(Workload.given({**given, "model": model_id}), catalog)))
        except SizingError as e:
            if e.key == "context_beyond_model":
                beyond.append(catalog.model(model_id).name)
            continue  # a context beyond its window, a precision it has no checkpoint in...
    if not results and beyond:
        # The long-context models stand in only when the context is past every listed one.
        for model_id in longer:
            try:
                results.append((model_id, size(Workload.given({**given, "model": model_id}), catalog)))
            except SizingError:
                continue
    for model_id, result in results:
        rec = result.recommendation
        context, users = result.workload.context_tokens, result.workload.users
        if result.workload.stage != "inference":
            context, users = result.workload.seq_len or context, None
        load = result.workload.load
        rate = load.rate_per_s if load is not None and load.basis is not None else None
        if load is not None:
            ttft, tps = load.ttft_target_s, load.tokens_per_s_target
        cost = rec.cost if rec is not None else None
        cheapest = min(cost.by_contract_mode.items(), key=lambda item: item[1].per_month) if cost else None
        # a training's budget pays for the run's GPU-hours, not for months of a setup: training_budget below
        monthly = budget is not None and result.workload.stage == "inference"
        checked = (
            budget_check(budget, cost, result.currency, training=False, gpus=rec.count if rec else 1)
            if monthly
            else None
        )
        out.append(
            Suggested(
                model_id=model_id,
                name=catalog.model(model_id).name,
                precision_name=result.workload.precision_name,
                setup=f"{rec.count}× {rec.gpu_name}" if rec is not None else None,
                tokens_per_s_per_user=rec.performance.tokens_per_s_per_user
                if rec is not None and rec.performance is not None
                else None,
                per_month=cheapest[1].per_month if cheapest else None,
                mode=cheapest[0] if cheapest else None,
                within_budget=bool(checked.fits) if checked is not None else None,
                cheaper=_cheaper_lines(result) if given.get("cheaper") else [],
            )
        )
    if not out:
        raise SizingError("missing_model", "model_examples")
    past = beyond if out[0].model_id in longer else []
    spend = None
    stage = given.get("stage")
    if budget is not None and stage is not None and stage.value != "inference":
        per_token = training.flops_per_token(stage.value, getattr(given.get("method"), "value", "sft"))
        sized = [(catalog.model(m).name, catalog.model(m).active_params) for m, _ in results]
        spend = training_budget(budget, catalog, per_token, sized)
    reason = None
    if given.get("adapter_for_data"):
        first = results[0][1].workload
        reason = adapter_for_data(Workload.given({**given, "model": results[0][0]}), first.lang)
    return Suggestions(
        past_context=past,
        task=task.value if task is not None else None,
        context=context,
        users=users,
        rate_per_s=rate,
        models=out,
        stage=stage.value if (stage := given.get("stage")) is not None else "inference",
        budget=budget,
        currency=catalog.offering.currency if catalog.offering.has_prices else None,
        ttft_target_s=ttft,
        tokens_per_s_target=tps,
        replacing=replacing,
        cost_asked=bool(given.get("cost")),
        notes=list(notes),
        note_names=dict(note_names),
        apart=list(apart),
        method_reason=reason,
        load=_load(given, catalog),
        training_budget=spend,
    )


def _cheaper_lines(result) -> list[str]:
    """A suggested model's answer to "mais barato?": its first cheaper setup (the one its full answer lists first),
    else the line that says why none is (sizing/advice.py cheaper)."""
    options = [a.text for a in result.alternatives if a.kind == "cheaper"]
    if options:
        return options[:1]
    return [result.cheaper] if result.cheaper else []


# The questions with no model answered all the same, by the key of the QueryError parsing raises for them
# (sizing/query.py), with the name a JSON answer gives each.
class GpuFacts(msgspec.Struct, kw_only=True):
    gpu: str
    name: str
    count: int
    bandwidth_gb_s: float  # each GPU's: generating a token reads the weights, so it sets tokens/s per user
    bf16_tflops: float  # dense: reading a prompt is compute, so it sets the time to the first token
    fp8_tflops: float  # 0: the GPU has no FP8 tensor cores
    training_mfu: float = 0.40  # the share of its BF16 peak a training reaches (Catalog.training_mfu)


class GpusCompared(msgspec.Struct, kw_only=True):
    """ "qual a diferença entre L40S e H100 pra inferência?": each GPU's facts and what fits on it."""

    facts: list[GpuFacts]
    fits: list[WhatFits]


def compare_gpus(given: dict[str, Any], catalog: Catalog) -> GpusCompared:
    """The GPU the question names first and the ones it weighs it against ("H100 ou H200?", "2x L40S or 1
    H100?"), each with what fits on it (what_fits) and the facts that set its speed (gpus.toml)."""
    names = [given["gpu"], *given.get("compare_gpus", [])]
    said = list(given.get("compare_counts") or [])
    counts = [given.get("gpus"), *(said[i] if i < len(said) else None for i in range(len(names) - 1))]
    rest = {k: v for k, v in given.items() if k not in ("gpu", "gpus", "compare_gpus", "compare_counts")}
    facts, fits = [], []
    for name, count in zip(names, counts, strict=True):
        one = what_fits({**rest, "gpu": name, **({"gpus": count} if count else {})}, catalog)
        gpu = catalog.gpu(one.gpu)
        facts.append(GpuFacts(gpu=gpu.id, name=gpu.name, count=one.count, bandwidth_gb_s=gpu.bandwidth_gb_s,
                              bf16_tflops=gpu.bf16_dense_tflops, fp8_tflops=gpu.fp8_dense_tflops,
                              training_mfu=catalog.training_mfu(gpu)))  # fmt: skip
        fits.append(one)
    return GpusCompared(facts=facts, fits=fits)


NO_MODEL_ANSWERS = {"query.what_fits": what_fits, "query.suggest_models": suggest, "query.offering": offered,
                    "query.gpus_compared": compare_gpus}  # fmt: skip
NO_MODEL_NAMES = {"query.what_fits": "what_fits", "query.suggest_models": "suggested_models",
                  "query.offering": "offering", "query.gpus_compared": "gpus_compared"}  # fmt: skip
