"""What to tell the customer beyond the numbers: alternatives, the contract mode, notes and estimates."""

from __future__ import annotations

import math
import re

import msgspec

from . import i18n, images, kv_cache, latency, serving, speech, speech_query, traffic, training
from .catalog import (
    MAC_LARGE_SHARE,
    Budget,
    Catalog,
    ModelEntry,
    Release,
    bf16_catalog,
    is_budget,
    mac_gpu_share,
)
from .choice import as_copies, each_that_serves, fewest_of_each, recommend
from .i18n import t
from .memo import shared
from .performance import end_to_end
from .plan import (
    MONTH_DAYS,
    WHOLE_SERVER,
    Plan,
    batch_period,
    contract_mode,
    launch_caps,
    launch_words,
    rate_text,
    term_months,
)
from .result import (
    Alternative,
    Availability,
    BudgetPick,
    Contract,
    Cost,
    Estimates,
    Memory,
    ModeCost,
    Performance,
    Setup,
    SizingResult,
    SpeechApart,
)
from .setups import Shape, add_capacity, candidates, evaluate, holds, kv_room, need, smaller_than
from .training_layout import for_adapters
from .training_layout import setup_parts as setup_layout_parts
from .weights import engine_weight_bytes, quantization_run, weight_bytes
from .workload import Intent, Optimizer, Stage

# A model this big at 4-bit or less is where a 24-32B model at 16-bit deserves a test.
LARGE_MODEL = 60e9
MID_SIZE = (20e9, 36e9)
KV_DOMINATES = 0.30  # share of the total at which an FP8 KV cache is worth offering
LONG_RUN_DAYS = 30
MIN_USEFUL_CONTEXT = 1024  # a shorter context than this is no answer to "what would make it fit"


def describe(setup: Setup, lang: str) -> str:
    if setup.count == 1 and is_budget(setup.gpu):
        return setup.gpu_name  # the customer's own machine: "GPU de 16 GB (notebook)", one of it
    gb = i18n.number(setup.gpu_memory_bytes / 1e9, lang)
    if setup.replicas > 1:
        key = "perf.copies_one" if setup.count == setup.replicas else "perf.copies"
        return t(lang, key, count=setup.count, gpu=setup.gpu_name, gb=gb, replicas=setup.replicas,
                 per=setup.count // setup.replicas)  # fmt: skip
    if setup.servers > 1:
        return t(
            lang, "setup.servers", servers=setup.servers, per=setup.count // setup.servers, gpu=setup.gpu_name
        )
    return t(lang, "setup.one", count=setup.count, gpu=setup.gpu_name, gb=gb)


def servers_in_all(setup: Setup) -> int:
    """The servers a setup spans: each copy of the model on servers of its own (2 copies of a model split
    across 2 servers are 4 servers)."""
    return setup.servers * setup.replicas


def on_servers(setup: Setup, lang: str) -> str:
    """'em 4 servidores (2 por cópia do modelo)' after a recommendation's GPUs; "" when a copy fits one server."""
    if setup.servers == 1:
        return ""
    if setup.replicas > 1:
        return t(lang, "answer.on_servers_copies", servers=servers_in_all(setup), per=setup.servers)
    return t(lang, "answer.on_servers", servers=setup.servers)


def budget_note(budget: Budget, lang: str) -> str:
    """What the answer took a machine of the customer's own to be: the memory a card of that size shows
    CUDA, or the share of a Mac's unified memory macOS lets its GPU use; and why it has no speed."""
    visible = i18n.gb(budget.memory_bytes, lang)
    if budget.device == "mac":
        # A Mac's "192 GB" are GiB, as Apple counts them: its share is said in the same units ("144 GB, 3/4 of
        # the 192 GB"), not in the 10^9 bytes of the rest of the answer (it had said "154,6 GB").
        share = mac_gpu_share(budget.stated_gb)
        usable = budget.stated_gb * share
        digits = 0 if abs(usable - round(usable)) < 0.05 else 1
        return t(
            lang,
            "budget.mac_note",
            visible=i18n.number(usable, lang, digits),
            share="3/4" if share == MAC_LARGE_SHARE else "2/3",
            stated=i18n.number(budget.stated_gb, lang, 0 if budget.stated_gb == int(budget.stated_gb) else 1),
        )
    digits = 0 if budget.stated_gb == int(budget.stated_gb) else 1
    return t(lang, "budget.card_note", gb=i18n.number(budget.stated_gb, lang, digits), visible=visible)


def users_phrase(n: int, lang: str, conversations: bool = False) -> str:
    """ "20 usuários"; `conversations`: "20 conversas", what a load's capacity counts (the conversations in flight
    its rate keeps, as its header says: "memória para 21 conversas em andamento"), not people asked for."""
    key = "capacity.conversations" if conversations else "capacity.users"
    return t(lang, f"{key}_one") if n == 1 else t(lang, f"{key}_other", n=i18n.number(n, lang))


def sequences_phrase(n: int, lang: str) -> str:
    return t(lang, "capacity.seqs_one") if n == 1 else t(lang, "capacity.seqs_other", n=i18n.number(n, lang))


def launch_capacity(plan: Plan, setup: Setup) -> str:
    """A launch line's capacity (plan.max_model_len): sequences of the whole --max-model-len at once (vLLM's
    "Maximum concurrency" at start-up), and of a typical request's length, which the ceiling caps."""
    lang = plan.lang
    full, most = setup.max_full_sequences or 0, setup.max_users or 0
    params = dict(max_len=i18n.tokens(plan.max_model_len or plan.context, lang),
                  typical=i18n.tokens(plan.context, lang), full=sequences_phrase(full, lang),
                  typical_n=sequences_phrase(min(most, plan.users), lang), users=i18n.number(plan.users, lang),
                  most=i18n.number(most, lang), **launch_words(plan.launch_engine, lang))  # fmt: skip
    if full < 1:
        caps = launch_caps(plan.launch_engine, plan.max_model_len_window)
        return t(lang, "capacity.launch_caps" if caps else "capacity.launch_no_start", **params)
    return t(lang, "capacity.launch_capped" if most > plan.users else "capacity.launch", **params)


def launch_verdict(plan: Plan, asked: Setup, enough: Setup | None, catalog: Catalog) -> str:
    """The named GPU under a launch line (plan.max_model_len): whether vLLM starts there with that
    --max-model-len (one sequence of it in the KV cache: vllm/v1/core/kv_cache_utils.py,
    check_enough_kv_cache_memory), and how many sequences it then runs at once, full-length and typical."""
    lang, engine = plan.lang, plan.launch_engine
    words = launch_words(engine, lang)  # the engine's name and flags: SGLang's and TGI's lines get their own
    desc, max_len = describe(asked, lang), plan.max_model_len or plan.context
    tp, pp, room = asked.tensor_parallel, asked.pipeline_parallel, asked.usable_bytes_per_gpu
    left = kv_room(plan, catalog, room, tp, pp)
    one = need(plan, catalog, tp, pp, max_len).per_conversation  # a shared system prompt is in `left` already
    window = t(lang, "named.launch_window", **words) if plan.max_model_len_window else ""
    if left <= 0:
        # Not even the weights and the activations: the memory verdict's own words, by what they lack.
        return t(lang, "named.launch_no_weights", setup=desc, short=i18n.gb(-left, lang))
    if left < one:
        # vLLM's own error names the longest --max-model-len the cache holds (estimate_max_model_len); TGI's
        # names the max_total_tokens it cannot hold; SGLang starts and caps each request (sizing/plan.py,
        # launch_caps).
        longest = kv_cache.max_tokens(plan.model, left, 1, plan.kv.bytes_per_value, tp, pp)
        key = "named.launch_no_start" if engine == "vllm" else "named.launch_no_start_tgi"
        key = "named.launch_caps" if launch_caps(engine, plan.max_model_len_window) else key
        return t(lang, key, setup=desc, max_len=i18n.tokens(max_len, lang), window=window,
                 kv=i18n.gb(left, lang), need=i18n.gb(one, lang), longest=i18n.tokens(longest, lang),
                 raw=max_len, **words)  # fmt: skip
    window_starts = t(lang, "named.launch_window_starts", **words) if plan.max_model_len_window else ""
    text = t(lang, "named.launch_starts", setup=desc, max_len=i18n.tokens(max_len, lang),
             window_starts=window_starts, kv=i18n.gb(left, lang),
             capacity=launch_capacity(plan, asked), **words)  # fmt: skip
    # vLLM's default --max-num-batched-tokens (its chunk), not SGLang's or TGI's.
    defaults = (
        None if is_budget(asked.gpu) or engine != "vllm" else launch_defaults_note(plan, asked, catalog)
    )
    if defaults:
        text += " " + defaults
    if (asked.max_users or 0) < plan.users:
        text += " " + t(lang, "named.launch_queue", users=i18n.number(plan.users, lang), **words)
        if enough is not None and not same_setup(enough, asked):
            text += " " + t(lang, "named.launch_enough", users=i18n.number(plan.users, lang),
                            setup=describe(enough, lang))  # fmt: skip
    return text


def capacity(plan: Plan, setup: Setup) -> str:
    """How much of the workload a setup carries: users at this context, context for these users."""
    if plan.max_model_len is not None and setup.max_full_sequences is not None:
        return launch_capacity(plan, setup)
    lang = plan.lang
    users, context_max = setup.max_users or 0, setup.max_context_tokens or 0
    params = dict(
        context=i18n.tokens(plan.context, lang),
        context_max=i18n.tokens(context_max, lang),
        users=users_phrase(users, lang, plan.traffic),
        n_users=users_phrase(plan.users, lang, plan.traffic),
    )
    if context_max < 1:
        return t(lang, "capacity.nothing")
    if context_max < plan.prompt + plan.output and context_max < plan.context:
        # All the users at a context shorter than one request's prompt and answer hold none of the requests
        # asked ("30 usuários com até 208 tokens" for prompts of 1,000 and answers of 500): only the users
        # the asked length leaves are said.
        if users < 1:
            return t(lang, "capacity.no_user_short", **params)
        if users >= plan.users:
            return t(lang, "capacity.users_only", **params)
        # Under a rate, the users are the conversations its load keeps in flight, not people asked for.
        key = "capacity.users_short_rate" if plan.rate is not None else "capacity.users_short"
        return t(lang, key, n=i18n.number(plan.users, lang), **params)
    if users < 1:
        return t(lang, "capacity.no_user", **params) + _pages(plan, context_max)
    if context_max >= plan.model.max_context and users >= plan.users:
        if plan.context >= plan.model.max_context:
            return t(lang, "capacity.users_only", **params) + _pages(plan, plan.context)
        # The model's whole context fits for these users: said, since "how much context fits?" is asked.
        return t(
            lang, "capacity.users_full", **dict(params, context_max=i18n.tokens(plan.model.max_context, lang))
        ) + _pages(plan, plan.model.max_context)
    if users == plan.users and context_max >= plan.context:
        # All the users asked and no more: "até 4 com 6.400 tokens, ou 4 com até 7.220" said them twice.
        return t(lang, "capacity.both_same", **params) + _pages(plan, context_max)
    return t(lang, "capacity.both", **params) + _pages(plan, context_max)


def _pages(plan: Plan, tokens: int) -> str:
    """ "quantas páginas cabem?": the longest context the capacity gives, in pages of traffic.toml's size."""
    if not plan.tokens_per_page:
        return ""
    lang = plan.lang
    return t(lang, "capacity.pages", pages=i18n.number(tokens // plan.tokens_per_page, lang),
             per_page=i18n.number(plan.tokens_per_page, lang))  # fmt: skip


def smaller(a: Setup, b: Setup) -> bool:
    """a uses fewer GPUs, or as many of a smaller memory class."""
    return smaller_than(a.count, a.gpu_memory_bytes, a.gpu, b)


# -- contract ----------------------------------------------------------------------------------------


def contract(plan: Plan, setup: Setup | None) -> Contract:
    lang = plan.lang
    gpus = setup.count if setup else 1
    mode = contract_mode(plan, gpus, setup.replicas if setup else 1)
    term = t(lang, "contract.term", period=i18n.period(plan.term_days, lang)) if plan.term_days else ""
    if plan.contract:
        training_run = plan.stage.is_training and mode in MONTHLY_RUN_MODES
        # a run's reserved or dedicated GPUs are held from its start to its end, billed by the month: no "service"
        reason = t(lang, f"contract.asked_{mode}" + ("_training" if training_run else ""), term=term)
        continuous = (
            plan.intent is Intent.production or (plan.term_days or 0) >= MONTH_DAYS or plan.availability
        )
        if mode == "on_demand" and continuous:
            reason += " " + t(lang, "contract.on_demand_continuous")
        if mode == "dedicated" and setup and gpus < WHOLE_SERVER:
            reason += " " + t(lang, "contract.dedicated_share", gpus=gpus, per=WHOLE_SERVER)
    elif not plan.stage.is_training and plan.intent is not Intent.production and plan.term_days:
        # "piloto de 3 meses", "avaliar ... por 3 meses": an evaluation's term is how long it is rented; it had
        # been given production's reason ("produção precisa da capacidade garantida")
        key = mode if (plan.term_days or 0) >= MONTH_DAYS else "on_demand_short"
        reason = t(lang, f"contract.term_{key}", term=term)
    elif mode == "on_demand" and plan.up_by_days:
        # "precisamos disso em 24h", "for tomorrow": a date to be up by, so how to start in time is the question
        reason = t(lang, "contract.on_demand_deadline", period=i18n.day_count(plan.up_by_days, lang))
    else:
        asked = plan.stage.is_training or plan.intent or plan.availability
        key = mode if asked else "on_demand_default"
        reason = t(lang, f"contract.{key}")
    return Contract(mode=mode, reason=reason, asked=bool(plan.contract))  # type: ignore[arg-type]


# -- alternatives ------------------------------------------------------------------------------------

LOWER = {
    "fp32": "bf16",
    "bf16": "fp8",
    "fp8": "int4",
    "int8": "int4",
    "q8_0": "q4_k_m",
    "q6_k": "q4_k_m",
    "q5_k_m": "q4_k_m",
    "q5_k_s": "q4_k_m",
    "q5_0": "q4_k_m",
    "q5_1": "q4_k_m",
}
HIGHER = {"int4": "fp8", "nf4": "fp8", "mxfp4": "fp8", "nvfp4": "fp8", "awq": "fp8", "fp8": "bf16", "int8": "bf16",
          "q4_k_m": "q8_0", "q4_k_s": "q8_0", "q4_0": "q8_0", "q4_1": "q8_0", "q5_1": "q8_0", "q3_k_m": "q4_k_m", "q3_k_l": "q4_k_m",
          "q3_k_s": "q4_k_m", "q2_k": "q4_k_m", "q8_0": "bf16", "iq4_xs": "q8_0", "q6_k": "q8_0",
          "q5_k_m": "q8_0", "q5_k_s": "q8_0", "q5_0": "q8_0", "iq4_nl": "q8_0", "iq3_m": "q4_k_m",
          "iq3_s": "q4_k_m", "iq3_xs": "q4_k_m", "iq3_xxs": "q4_k_m", "iq2_m": "q4_k_m", "iq2_s": "q4_k_m",
          "iq2_xs": "q4_k_m", "iq2_xxs": "q4_k_m", "iq1_m": "q4_k_m", "iq1_s": "q4_k_m"}  # fmt: skip
# Past the 4-bit formats, the llama.cpp files people step down through to fit a small GPU, best first: for
# Llama 3.1 70B, 42.5 GB at Q4_K_M down to 15.3 GB at IQ1_S (the published files; tests/test_weights.py).
GGUF_LADDER = ("q4_k_m", "iq4_xs", "q3_k_m", "iq3_m", "iq3_xxs", "q2_k", "iq2_m", "iq2_xs", "iq2_xxs", "iq1_m",
               "iq1_s")  # fmt: skip


def alternatives(
    plan: Plan, rec: Setup | None, catalog: Catalog, total: Memory, capacity_asked: bool = False
) -> list[Alternative]:
    if plan.stage.is_training:
        return _training_alternatives(plan, rec, catalog)
    if capacity_asked and rec is not None:
        return _capacity_alternatives(plan, rec, catalog)
    out = _serving_alternatives(plan, rec, catalog, total)
    return out


# Alternatives that keep the named machine and change what each conversation costs there: the named-setup
# filter (sizing/engine.py) keeps them although they share its GPUs.
SAME_MACHINE = ("capacity_fp8_kv", "capacity_lower_precision")


def _capacity_alternatives(plan: Plan, rec: Setup, catalog: Catalog) -> list[Alternative]:
    """ "Quantos usuários cabem numa H100?": what raises that capacity, each with how many it then holds by
    memory and at a chat's pace: an 8-bit KV cache and the next precision down on the same machine, and the
    next size of the same GPU. A smaller card sized for the one conversation assumed answers nothing asked."""
    lang = plan.lang
    held = rec.max_users or 0
    found: list[tuple[str, Plan, Setup, dict]] = []
    if plan.kv.sixteen_bit:
        kv_plan = plan.but(kv=eight_bit_kv(plan, catalog))
        found.append(("capacity_fp8_kv", kv_plan, _same_setup(kv_plan, rec, catalog), {}))
    lower_id = LOWER.get(plan.precision.id)
    if lower_id:
        lower = catalog.precision(lower_id)
        low_plan = plan.but(precision=lower)
        found.append(("capacity_lower_precision", low_plan, _same_setup(low_plan, rec, catalog),
                      {"precision": lower.name}))  # fmt: skip
    bigger = next((s for s in candidates(catalog) if s.gpu.id == rec.gpu and s.total > rec.count), None)
    if bigger is not None and rec.replicas == 1:
        found.append(("capacity_more_gpus", plan, evaluate(plan, bigger, catalog), {}))
    out = []
    for kind, alt_plan, setup, words in found:
        if not setup.fits or setup.problem is not None:
            continue
        add_capacity(alt_plan, setup, catalog)
        if (setup.max_users or 0) <= held:
            continue  # holds no more conversations than the named setup: no answer to "how many"
        per_copy = max(math.ceil((setup.max_users or 0) / setup.replicas), 1)
        pace = at_pace(alt_plan, setup, catalog, per_copy)
        key = kind.replace("fp8_", "q8_0_") if plan.llama_cpp else kind
        text = t(lang, f"alt.{key}", setup=describe(setup, lang), capacity=capacity(alt_plan, setup),
                 pace=users_phrase(pace, lang), **words)  # fmt: skip
        precision = alt_plan.precision
        out.append(
            Alternative(kind=kind, setup=setup, text=text + weight_only(precision, setup, lang, catalog))
        )
    return out


def _perf(plan: Plan, setup: Setup | None, catalog: Catalog) -> Setup | None:
    """The setup, with how fast it serves this plan's load (the plan of the alternative, not the question's)."""
    from . import traffic

    if setup is not None and setup.performance is None:
        setup.performance = traffic.performance(plan, setup, catalog)
    return setup


def _answer_unreachable(plan: Plan, rec: Setup, catalog: Catalog) -> str:
    """What decided a service whose whole-answer time asked for no setup we rent gives even unloaded: that, what
    the fastest takes and what the recommendation reaches, then what would meet it: the longest answer the
    fastest gives in that time, a smaller precision that gives it, or else a smaller model."""
    lang, asked = plan.lang, plan.missed_e2e
    alone = traffic.alone(plan, rec, catalog)
    reached = end_to_end(alone.ttft_s, alone.tpot_s, plan.output)
    best = traffic.fastest_answer(plan, catalog) or alone
    fastest = end_to_end(best.ttft_s, best.tpot_s, plan.output)

    def missed(s: float) -> str:  # never "~0,5 s" for what misses 0,5 s
        return i18n.number(s, lang, 0 if s >= 10 else (1 if round(s, 1) > asked else 2))

    text = t(lang, "decided.answer_unreachable", setup=describe(rec, lang), precision=plan.precision.name,
             output=i18n.tokens(plan.output, lang), asked=i18n.seconds(asked, lang), fastest=missed(fastest),
             target=i18n.seconds(plan.e2e_target, lang), reached=missed(reached))  # fmt: skip
    if plan.dearer_closest is not None:
        text = _cheaper_than_closest(plan, rec, reached, missed(reached), missed(fastest), catalog)
    # performance.end_to_end solved for the answer's tokens on the fastest setup, unloaded
    tokens = math.floor((asked - best.ttft_s) / best.tpot_s + 1e-9) + 1 if best.ttft_s < asked else 0
    if tokens >= 1:
        text += " " + t(lang, "decided.answer_unreachable_shorter", asked=i18n.seconds(asked, lang),
                        tokens=i18n.tokens(tokens, lang))  # fmt: skip
    lower = serving_lower_precision(
        plan.but(missed_e2e=None, **traffic.answer_time_targets(plan, asked)), catalog
    )
    if lower is not None:
        return text + " " + t(lang, "decided.answer_unreachable_lower", precision=lower[0].precision.name,
                              setup=describe(lower[1], lang), asked=i18n.seconds(asked, lang))  # fmt: skip
    return text + " " + t(lang, "decided.answer_unreachable_smaller")


def _cheaper_than_closest(
    plan: Plan, rec: Setup, reached: float, reached_text: str, fastest: str, catalog: Catalog
) -> str:
    """What decided a whole answer's time out of reach where the 16-bit closest was far dearer than the
    recommendation at the precision below (sizing/engine.py _cheaper_precision_closest): both answers, unloaded,
    the share of its price (without prices, of its GPU memory) the recommendation costs, what the dearer buys."""
    lang = plan.lang
    dearer, its, same = plan.dearer_closest
    saved = reached - its
    gain = (t(lang, "decided.answer_dearer_sooner", saved=i18n.number(saved, lang, 1)) if saved >= 0.05
            else t(lang, "decided.answer_dearer_nothing"))  # fmt: skip
    measure = "answer_dearer_price" if catalog.offering.has_prices else "answer_dearer_memory"
    share = i18n.percent(hourly_weight(rec, catalog) / hourly_weight(dearer, catalog), lang)
    key = "decided.answer_unreachable_cheaper" + ("_same" if same else "")
    if same:  # sized targets, under the load, not answers unloaded
        saved = plan.e2e_target - its
        gain = t(lang, "decided.answer_dearer_sooner", saved=i18n.number(saved, lang, 1))
    return t(lang, key, output=i18n.tokens(plan.output, lang),
             asked=i18n.seconds(plan.missed_e2e, lang), default=catalog.precision("bf16").name,
             dearer=describe(dearer, lang), dearer_reached=i18n.number(its, lang, 1), setup=describe(rec, lang),
             precision=plan.precision.name, target=i18n.seconds(plan.e2e_target, lang), reached=reached_text,
             measure=t(lang, f"decided.{measure}", share=share), gain=gain, fastest=fastest)  # fmt: skip


def _first_token_cheaper(plan: Plan, rec: Setup, catalog: Catalog) -> str:
    """The 16-bit setup that meets the first token asked too, far dearer than the recommendation at the precision
    below (sizing/engine.py _cheaper_precision_first_token): both first tokens, unloaded, and the share of its
    price (without prices, of its GPU memory) the recommendation costs."""
    lang = plan.lang
    dearer, its = plan.dearer_first_token
    measure = "answer_dearer_price" if catalog.offering.has_prices else "answer_dearer_memory"
    share = i18n.percent(hourly_weight(rec, catalog) / hourly_weight(dearer, catalog), lang)
    first = traffic.first_token_alone(plan, rec, catalog)
    return t(lang, "decided.first_token_cheaper", default=catalog.precision("bf16").name,
             dearer=describe(dearer, lang), dearer_first=i18n.number(its, lang, 2),
             precision=plan.precision.name, measure=t(lang, f"decided.{measure}", share=share),
             first=i18n.number(first, lang, 2))  # fmt: skip


def hourly_weight(setup: Setup, catalog: Catalog) -> float:
    """What a setup costs an hour on demand, where priced; else its GPU memory, which the price follows."""
    offer = next((o for o in catalog.offering.offer if o.gpu == setup.gpu), None)
    price = offer.price_per_gpu_hour.get("on_demand") if offer is not None else None
    return setup.count * (
        price if price is not None and catalog.offering.has_prices else setup.gpu_memory_bytes
    )


def serving_lower_precision(plan: Plan, catalog: Catalog) -> tuple[Plan, Setup] | None:
    """When nothing we rent serves the workload at its precision (asked, or 16 bits by default): the first
    precision down (8 bits, then 4) that something we rent does serve, with that setup. "qwen3 8b 300 req/s"
    needs ~35 H200s at 16 bits, past the 32 we rent for a service, and 25 in FP8: the answer had said only
    that nothing serves it."""
    if plan.stage.is_training:
        return None
    # Once per sizing: the answer's estimate and its alternatives both ask, and each failed step down is a
    # search that walks the whole offering.
    return shared(("lower_precision", id(plan), id(catalog)), lambda: _serving_lower_precision(plan, catalog),
                  keep=plan)  # fmt: skip


def _serving_lower_precision(plan: Plan, catalog: Catalog) -> tuple[Plan, Setup] | None:
    precision_id = plan.precision.id
    for _ in range(2):  # 8 bits, then 4: below that, quality is no longer a production's
        precision_id = LOWER.get(precision_id)
        if precision_id is None:
            return None
        low_plan = plan.but(precision=catalog.precision(precision_id))
        alt = recommend(low_plan, catalog)
        if alt is not None and alt.problem is None:
            return low_plan, _perf(low_plan, alt, catalog)
    return None


def _serving_alternatives(
    plan: Plan, rec: Setup | None, catalog: Catalog, total: Memory
) -> list[Alternative]:
    out: list[Alternative] = []
    lang = plan.lang
    if rec is None:
        lower = serving_lower_precision(plan, catalog)
        if lower is not None:
            low_plan, alt = lower
            text = t(lang, "alt.lower_precision", precision=low_plan.precision.name, setup=describe(alt, lang),
                     capacity=capacity(low_plan, alt))  # fmt: skip
            text += weight_only(low_plan.precision, alt, lang, catalog)
            out.append(Alternative(kind="lower_precision", setup=alt, text=text))
        return out
    # The next precision down, when it needs a smaller setup.
    lower_id = LOWER.get(plan.precision.id)
    if lower_id:
        lower = catalog.precision(lower_id)
        lower_plan = plan.but(precision=lower)
        alt = recommend(lower_plan, catalog, below=rec)
        if alt and smaller(alt, rec):  # only then is it said, with its performance
            _perf(lower_plan, alt, catalog)
            text = t(lang, "alt.lower_precision", precision=lower.name, setup=describe(alt, lang),
                     capacity=capacity(plan, alt))  # fmt: skip
            out.append(
                Alternative(
                    kind="lower_precision", setup=alt, text=text + weight_only(lower, alt, lang, catalog)
                )
            )
    # A better precision on the same machine costs nothing more.
    higher_id = HIGHER.get(plan.precision.id)
    # Re-encoding the published weights at more bits adds no quality (gpt-oss ships MXFP4, DeepSeek FP8).
    if higher_id and plan.precision.id != plan.model.native_precision:
        higher = catalog.precision(higher_id)
        higher_plan = plan.but(precision=higher)
        same = _same_setup(higher_plan, rec, catalog)
        # how fast it serves only where it fits: ~a third of these do not, and are not said
        if same.fits and _keeps_up(_perf(higher_plan, same, catalog)):
            # More bits take memory from the KV cache: say what capacity is left, and claim "no extra cost"
            # only when the same machine still holds as many conversations.
            key = (
                "alt.higher_precision"
                if (same.max_users or 0) >= (rec.max_users or 0)
                else "alt.higher_precision_less"
            )
            text = t(lang, key, precision=higher.name, setup=describe(same, lang), capacity=capacity(plan, same),
                     current=plan.precision.name, current_capacity=capacity(plan, rec))  # fmt: skip
            out.append(
                Alternative(
                    kind="higher_precision_same_setup",
                    setup=same,
                    text=text + weight_only(higher, same, lang, catalog),
                )
            )
    # An 8-bit KV cache (vLLM's FP8, llama.cpp's Q8_0) halves the cache when it dominates. Only the keys and
    # values shrink: the fixed state of Mamba and linear-attention layers keeps its own dtype (vLLM's
    # mamba_cache_dtype, apart from --kv-cache-dtype), so a pure Mamba model has nothing to gain.
    per_token = total.kv_cache - plan.users * kv_cache.state_bytes(plan.model)
    if plan.kv.sixteen_bit and per_token >= KV_DOMINATES * total.total:
        fp8 = eight_bit_kv(plan, catalog)
        alt = _perf(plan.but(kv=fp8), recommend(plan.but(kv=fp8), catalog), catalog)
        saved = int(per_token * (1 - fp8.bytes_per_value / plan.kv.bytes_per_value))
        if alt:
            key = "alt.fp8_kv_smaller" if smaller(alt, rec) else "alt.fp8_kv_room"
            if plan.llama_cpp:
                key = key.replace("fp8_", "q8_0_")
            text = t(
                lang,
                key,
                share=i18n.percent(per_token / total.total, lang),
                saved=i18n.gb(saved, lang),
                setup=describe(alt, lang),
                # under a rate, the conversations its load keeps in flight, as the capacity says them
                users=users_phrase(alt.max_users or 0, lang, plan.traffic),
            )
            out.append(
                Alternative(
                    kind="fp8_kv_cache",
                    setup=alt,
                    text=text + weight_only(plan.precision, alt, lang, catalog),
                )
            )
    # A 24-32B model at 16-bit against a large model squeezed to 4-bit.
    if plan.model.params >= LARGE_MODEL and plan.precision.nominal_bits <= 4 and not plan.model.is_moe:
        mid = _mid_size_model(catalog)
        if mid:
            bf16 = catalog.precision("bf16")
            from .names import ResolvedModel

            # Another model, without the served one's drafter (a drafter belongs to its model).
            alt_plan = plan.but(
                resolved=ResolvedModel(mid),
                precision=bf16,
                context=min(plan.context, mid.max_context),
                spec=None,
            )
            alt = _perf(alt_plan, recommend(alt_plan, catalog), catalog)
            if alt:
                out.append(
                    Alternative(
                        kind="mid_size_full_precision",
                        setup=alt,
                        text=t(
                            lang,
                            "alt.mid_size",
                            model=mid.name,
                            setup=describe(alt, lang),
                            big=plan.model.name,
                        ),
                    )
                )
    # The next smaller machine, and how much of the workload it still carries (not when copies are required
    # for availability: one smaller copy has not the copies asked for).
    below = None if plan.availability else _perf(plan, _next_smaller(plan, rec, catalog), catalog)
    # Only a machine that holds one conversation of the asked length (or all of them at some length one request
    # fits in) carries some of the load: one that holds neither is no alternative for it.
    if below and (
        (below.max_users or 0) > 0
        or (below.max_context_tokens or 0) >= min(plan.prompt + plan.output, plan.context)
    ):
        out.append(
            Alternative(
                kind="smaller_setup_partial",
                setup=below,
                text=t(
                    lang, "alt.smaller_partial", setup=describe(below, lang), capacity=capacity(plan, below)
                )
                + weight_only(plan.precision, below, lang, catalog),
            )
        )
    return out


def runs_weight_only(precision, setup: Setup | None, catalog: Catalog) -> bool:
    """FP8 on a GPU without FP8 tensor cores (Ampere) runs weight-only: vLLM keeps the weights in FP8 and
    computes in 16 bits with its FP8 Marlin kernels (W8A16; vLLM docs, features/quantization/fp8)."""
    if setup is None or precision.compute != "fp8" or is_budget(setup.gpu):
        return False  # a budget's card is unknown: whether it has FP8 tensor cores too
    return not catalog.gpu(setup.gpu).fp8_dense_tflops


def eight_bit_kv(plan: Plan, catalog: Catalog):
    """The 8-bit KV cache of the plan's engine: llama.cpp's Q8_0 (-ctk q8_0, 34 bytes per 32 values), else
    vLLM's FP8."""
    return catalog.kv_precision("llamacpp_q8_0" if plan.llama_cpp else "fp8")


# FP4 tensor cores: Blackwell, compute capability 10.0 (B200) and 12.0 (RTX 5090, RTX PRO 6000); NVIDIA's CUDA
# C++ Programming Guide, compute capabilities table (FP4 in tensor cores from 10.0).
FP4_TENSOR_CORES_CAPABILITY = 10.0


def fp4_weight_only(precision, setup: Setup | None, catalog: Catalog) -> bool:
    """NVFP4 on a GPU without FP4 tensor cores (Hopper, Ada, Ampere, Turing) runs weight-only: vLLM keeps the
    weights in FP4 and computes in 16 bits with its FP4 Marlin kernel (marlin_utils_fp4.py, "Your GPU does not
    have native support for FP4 computation ... Weight-only FP4 compression will be used")."""
    if setup is None or precision.id != "nvfp4" or is_budget(setup.gpu):
        return False
    capability = catalog.gpu(setup.gpu).compute_capability
    return capability is not None and capability < FP4_TENSOR_CORES_CAPABILITY


# vLLM's AWQ kernels need Turing or newer (AWQConfig.get_min_capability() = 75); its GPTQ ones run from 6.0.
AWQ_MIN_CAPABILITY = 7.5


def gptq_only(precision, setup: Setup | None, catalog: Catalog) -> bool:
    """INT4 "AWQ/GPTQ" on a GPU older than Turing (the V100) can only be a GPTQ checkpoint in vLLM."""
    if setup is None or precision.id != "int4" or is_budget(setup.gpu):
        return False
    capability = catalog.gpu(setup.gpu).compute_capability
    return capability is not None and capability < AWQ_MIN_CAPABILITY


def weight_only(precision, setup: Setup, lang: str, catalog: Catalog) -> str:
    """' (Na A100, FP8 roda só nos pesos...)' after advice that puts FP8 on such a GPU."""
    return (
        t(lang, "alt.fp8_weight_only", gpu=setup.gpu_name)
        if runs_weight_only(precision, setup, catalog)
        else ""
    )


def same_setup(a: Setup | None, b: Setup | None) -> bool:
    return a is not None and b is not None and (a.gpu, a.count) == (b.gpu, b.count)


def changes_to_fit(plan: Plan, asked: Setup, enough: Setup | None, catalog: Catalog) -> list[Alternative]:
    """Each single change that makes the workload fit on the GPU the question named, as named (its count):
    the smallest changes first (an FP8 KV cache, the next precision down, fewer users, a shorter context),
    then more of the same GPU. Each says the capacity it leaves, and under a rate how it serves it."""
    shape = _shape_of(asked, catalog)
    if fixed_machine(plan, shape, catalog):
        enough = None  # a notebook's or the customer's own machine has no more of its GPUs to add
    if asked.fits and enough and plan.rate is not None and not traffic.within_plan(asked.performance):
        # It holds the model and the conversations but not the peak, or carries the peak above the plan's share
        # of what it sustains: the fewest of it within that share, laid out as the recommendation is.
        if enough.performance is None:
            enough.performance = traffic.performance(plan, enough, catalog)
        over_plan = traffic.within_plan(asked.performance, False)
        return [with_performance(_more_of_the_same(plan, enough, catalog, over_plan), plan.lang)]
    if asked.fits or (asked.problem and asked.problem != "precision"):
        return [_more_of_the_same(plan, enough, catalog)] if enough and asked.problem else []
    # A precision the GPU cannot run: the changes below try the others, which evaluate() lets through.
    lang = plan.lang

    def fits(changed: Plan) -> Setup | None:
        setup = evaluate(changed, shape, catalog)
        if setup.fits and changed.availability:
            # With copies required, a change fits when the named GPUs hold them all, not one.
            setup = as_copies(changed, setup, catalog)
            if setup.fits and setup.performance is None:
                setup.performance = traffic.performance(changed, setup, catalog)
        if setup.fits and changed.rate is not None:
            # Under a rate, holding the conversations is not serving them: each change says how it serves.
            setup.performance = traffic.performance(changed, setup, catalog)
        return setup if setup.fits else None

    if plan.stage.is_training:
        return _training_changes(plan, shape, enough, catalog)
    out = _memory_changes(plan, asked, fits, catalog, lang)
    if plan.rate is not None:
        # Under a rate, a change that makes room for the conversations but cannot serve the rate is no fix.
        out = [a for a in out if a.setup.performance is None or (a.setup.performance.utilization or 0) <= 1]
    if enough:
        if plan.rate is not None and enough.performance is None:
            enough.performance = traffic.performance(plan, enough, catalog)
        out.append(_more_of_the_same(plan, enough, catalog))
    elif fixed_machine(plan, shape, catalog):
        # The other way for a machine of one's own: our GPUs, to rent.
        out += _larger_card(plan, shape, catalog)
    return [with_performance(a, lang) for a in out] if plan.rate is not None else out


def fixed_machine(plan: Plan, shape: Shape, catalog: Catalog) -> bool:
    """Whether the GPUs named are a machine's that cannot take more of them: a notebook service's (Colab,
    Kaggle: the runtime's GPU) or the customer's own (a memory said as theirs, or a card we do not rent said
    with "meu pc", "notebook", "em casa"). A card we rent named with "meu" keeps its "more of the same": we
    rent more of it."""
    if plan.machine == "hosted" or isinstance(shape.gpu, Budget):
        return True
    return plan.machine == "own" and not any(o.gpu == shape.gpu.id for o in catalog.offering.offer)


def _memory_changes(plan: Plan, asked: Setup, fits, catalog: Catalog, lang: str) -> list[Alternative]:
    """The single changes to the workload that make it fit on the named setup as named. Under a rate,
    fewer conversations is no change the customer can make (the rate sets them), so it is not offered."""
    out: list[Alternative] = []
    if plan.kv.sixteen_bit and (setup := fits(plan.but(kv=catalog.kv_precision("fp8")))):
        text = t(lang, "change.fp8_kv", capacity=capacity(plan, setup))
        out.append(Alternative(kind="fp8_kv_cache", setup=setup, text=text))
    for lower_id in _fit_ladder(plan, catalog):
        lower = catalog.precision(lower_id)
        if setup := fits(plan.but(precision=lower)):
            if lower.gguf and lower.nominal_bits < 4:
                bits = weight_bytes(plan.model, lower, catalog).bits_per_weight
                text = t(lang, "change.precision_low", precision=lower.name, bits=i18n.number(bits, lang, 2),
                         capacity=capacity(plan, setup))  # fmt: skip
            else:
                text = t(lang, "change.precision", precision=lower.name, capacity=capacity(plan, setup))
            out.append(Alternative(kind="lower_precision", setup=setup,
                                   text=text + weight_only(lower, setup, lang, catalog)))  # fmt: skip
            if lower.nominal_bits <= 4 and (mid := _mid_size_change(plan, fits, catalog)) is not None:
                out.append(mid)
            break
    if plan.spec is not None and plan.spec.method != "ngram" and (setup := fits(plan.but(spec=None))):
        # The drafter's weights and KV cache are what tips the setup over: n-gram drafting holds neither.
        text = t(lang, "change.no_drafter", drafter=_drafter_name(plan, lang), capacity=capacity(plan, setup))
        out.append(Alternative(kind="no_drafter", setup=setup, text=text))
    fewer = plan.rate is None and plan.users > 1 and (asked.max_users or 0) >= 1
    if fewer and (setup := fits(plan.but(users=asked.max_users))):
        out.append(Alternative(kind="fewer_users", setup=setup, text=t(
            lang, "change.fewer_users", users=users_phrase(asked.max_users, lang), asked=plan.users,
            context=i18n.tokens(plan.context, lang))))  # fmt: skip
    shorter = asked.max_context_tokens or 0
    if shorter >= MIN_USEFUL_CONTEXT and (setup := fits(plan.but(context=shorter))):
        out.append(Alternative(kind="shorter_context", setup=setup, text=t(
            lang, "change.shorter_context", context=i18n.tokens(shorter, lang),
            asked=i18n.tokens(plan.context, lang), users=users_phrase(plan.users, lang))))  # fmt: skip
    return out


# Below 4 bits the files are llama.cpp's, a server of a few conversations at once (llama-server's slots,
# --parallel), run on one's own machine: offered for a handful of users, not for a team's service, where
# the quality lost and the throughput would both fall short.
LLAMA_CPP_USERS = 4


def _fit_ladder(plan: Plan, catalog: Catalog) -> list[str]:
    """The precisions to try, best first, to fit a GPU the question named: the next ones down (FP8, then 4
    bits) and, with no traffic to serve and a handful of users at most, llama.cpp's smaller files after them
    ("qual o menor quant do llama 70b que cabe numa 4090?": IQ2_XS)."""
    if isinstance(plan.gpu, Budget) and plan.gpu.device == "mac":
        # A Mac runs llama.cpp's (or MLX's) files, not vLLM's AWQ or FP8 checkpoints: its next ones down are
        # GGUF types (it had been offered "Em INT4 (AWQ/GPTQ g128): cabe").
        current = weight_bytes(plan.model, plan.precision, catalog).bytes
        ladder = ("q8_0", "q6_k", "q5_k_m", *GGUF_LADDER)
        return [p for p in ladder if weight_bytes(plan.model, catalog.precision(p), catalog).bytes < current]
    chain = []
    lower_id = LOWER.get(plan.precision.id)
    while lower_id:
        chain.append(lower_id)
        lower_id = LOWER.get(lower_id)
    if plan.rate is not None or plan.users > LLAMA_CPP_USERS:
        return chain
    last = catalog.precision(chain[-1]) if chain else plan.precision
    if last.nominal_bits > 4:
        return chain
    floor = weight_bytes(plan.model, last, catalog).bytes
    sizes = {p: weight_bytes(plan.model, catalog.precision(p), catalog).bytes for p in GGUF_LADDER}
    return chain + sorted((p for p in GGUF_LADDER if sizes[p] < floor), key=lambda p: -sizes[p])


def _more_of_the_same(plan: Plan, enough: Setup, catalog: Catalog, over_plan: bool = False) -> Alternative:
    """More of the named GPU; `over_plan`: the named count was only above the plan's share, so this says the
    share of what the fewest within it sustain that the peak uses."""
    lang = plan.lang
    p = enough.performance
    if plan.stage.is_training:
        text = t(lang, "change.more_gpus_training", setup=describe(enough, lang))
        if plan.timed:
            text += " " + t(lang, "named.days", days=days_text(training_days(plan, enough, catalog), lang))
    elif over_plan and p is not None and p.utilization is not None:
        add_capacity(plan, enough, catalog)
        text = t(lang, "change.more_gpus_plan", setup=describe(enough, lang), capacity=capacity(plan, enough),
                 share=i18n.percent(p.utilization, lang))  # fmt: skip
    else:
        add_capacity(plan, enough, catalog)
        text = t(lang, "change.more_gpus", setup=describe(enough, lang), capacity=capacity(plan, enough))
        text += weight_only(plan.precision, enough, lang, catalog)
        offer = next((o for o in catalog.offering.offer if o.gpu == enough.gpu), None)
        if offer is not None and not enough.in_offering and enough.replicas > 1:
            limit = max(offer.counts) * offer.max_servers
            text += " " + t(lang, "change.beyond_limit", limit=i18n.number(limit, lang))
    return Alternative(kind="more_gpus", setup=enough, text=text)


def _training_changes(plan: Plan, shape: Shape, enough: Setup | None, catalog: Catalog) -> list[Alternative]:
    lang = plan.lang
    out: list[Alternative] = []
    options = []
    fixed = fixed_machine(plan, shape, catalog)
    # A notebook's or one's own machine is no server of ours: its RAM is "the machine's".
    where = t(lang, "change.in_machine" if fixed else "change.in_server")
    if plan.stage is Stage.full:
        split = for_adapters(plan)
        options += [("lora", plan.but(stage=Stage.lora, precision=catalog.precision("bf16"), **split)),
                    ("qlora", plan.but(stage=Stage.qlora, precision=catalog.precision("nf4"), **split))]  # fmt: skip
    elif plan.stage is Stage.lora:
        options.append(("qlora_from_lora", plan.but(stage=Stage.qlora, precision=catalog.precision("nf4"))))
    if plan.stage in (Stage.full, Stage.pretrain) and plan.optimizer is Optimizer.adamw:
        options.append(("adam_8bit", plan.but(optimizer=Optimizer.adamw8bit)))
    if not plan.cpu_offload and plan.stage in (Stage.full, Stage.pretrain):
        options.append(("cpu_offload", plan.but(cpu_offload=True)))
    # A notebook's runtime has little RAM for the weights, and what it gets varies (googlecolab/colabtools#2290: a
    # Colab Pro+ GPU runtime at 13.6 GB by psutil.virtual_memory(); Colab's FAQ: resources "vary over time").
    hosted = plan.machine == "hosted"
    if (
        not plan.offload_params
        and not (plan.stack and plan.stack.data_parallel_only)
        and plan.pp == 1
        and not hosted
    ):
        options.append(("offload_params", plan.but(cpu_offload=True, offload_params=True)))
    # bitsandbytes' 4-bit weights leave the GPU only through FSDP sharding them (FSDP-QLoRA: bitsandbytes
    # docs/source/fsdp_qlora.md, bnb_4bit_quant_storage; PEFT's accelerate/fsdp.md trains a 70B on 2x 24 GB with
    # fsdp_offload_params): on one GPU, the usual QLoRA run (Trainer, no FSDP) has no such offload.
    one_gpu_qlora = plan.stage is Stage.qlora and shape.count * shape.servers < 2
    for kind, changed in options:
        if kind == "offload_params" and any(a.kind == "cpu_offload" for a in out):
            continue  # the optimizer's offload already makes it fit: moving the weights too only slows it
        if kind == "qlora" and any(a.kind == "lora" for a in out):
            continue  # LoRA fits, and QLoRA changes more
        if kind == "offload_params" and one_gpu_qlora:
            continue  # on more of the same cards below, sharded by FSDP
        setup = evaluate(changed, shape, catalog)
        if setup.fits:
            params = _host_ram(setup, lang, fixed) if kind == "cpu_offload" else {}
            text = t(lang, f"change.{kind}", where=where, **params)
            if kind == "cpu_offload" and (slower := offload_slowdown(changed, setup, catalog)):
                text += " " + slower
            if kind == "offload_params" and (slower := params_offload_slowdown(changed, setup, catalog)):
                text += " " + slower
            out.append(Alternative(kind=kind, setup=setup, text=text))
    offload = next((changed for kind, changed in options if kind == "offload_params"), None)
    stack = _stack_change(plan, shape, catalog)
    if not out:
        batch = _smaller_batch(plan, shape, catalog)
        out += batch or _shorter_sequences(plan, shape, catalog)
        if batch:
            stack = []  # gradient accumulation fits the same run on the same software
    # Adapters train few weights: copying the frozen base in from RAM is the known way to fit a big one on
    # small GPUs (FSDP + QLoRA with CPU offload). A full fine-tune or pre-training that way would crawl.
    if not out and not stack and offload is not None and plan.stage in (Stage.lora, Stage.qlora):
        # A notebook's or the customer's own machine has no more of its GPUs to add.
        more = [] if fixed else _offload_on_more(plan, shape, catalog)
        out += more or (
            [] if one_gpu_qlora else _shorter_sequences(offload, shape, catalog, "_offload", where)
        )
    out += stack
    if enough and not fixed:
        out.append(_more_of_the_same(plan, enough, catalog))
    return out + _larger_card(plan, shape, catalog)


# ZeRO-Offload's step on the CPU (Ren et al. 2021, "ZeRO-Offload", arXiv:2101.06840, section 5.1, CPU-Adam): DeepSpeed's
# vectorized Adam updates 1 billion parameters in ~0.22 s on a DGX-2's two 24-core Xeons, 5-6x PyTorch's CPU Adam
# (DeepSpeed's docs: "5.1x to 6.5x speedups ... between 1 to 10 billion parameters"). The 0.22 s is the paper's
# CPU-Adam latency for 1B parameters as recalled: the paper could not be re-read here, and the 5-6x ratio is what
# DeepSpeed's docs confirm. A server's CPUs update the shards of all its GPUs, so the time is the server's
# parameters over this rate.
CPU_ADAM_PARAMS_PER_S = 1e9 / 0.22
# The updated parameters go back to each GPU in 16 bits over its PCIe link, after the CPU step (the paper overlaps
# the gradients' way down with the backward pass, not this). PCIe Gen4 x16 moves 32 GB/s each way on paper, ~25
# in practice; the H100's and H200's Gen5 links are faster, so the estimate is on the safe side for them.
HOST_LINK_BYTES_PER_S = 25e9
# With no global batch said, an optimizer step reads 128 sequences: the effective batch of Alpaca's and Tülu 3's
# supervised fine-tunes (arXiv:2411.15124, table of SFT hyperparameters). Fewer sequences a step, more steps, and
# the CPU's share of each grows.
OFFLOAD_STEP_SEQUENCES = 128


def offload_slowdown(plan: Plan, setup: Setup, catalog: Catalog) -> str:
    """How much slower ZeRO-Offload (the optimizer on the CPU) makes each optimizer step on `setup`, in words: the
    CPU's Adam over the server's parameters and the 16-bit parameters' way back over PCIe, against the GPUs' forward
    and backward over the step's tokens at the offering's MFU; with a token count, the hours it adds to the run."""
    lang = plan.lang
    gpu = catalog.gpu(setup.gpu)
    if not gpu.bf16_dense_tflops:
        return ""  # a memory size alone, a Mac: no speed to weigh the CPU's step against
    params = plan.model.params
    servers = servers_in_all(setup)
    cpu_s = params / servers / CPU_ADAM_PARAMS_PER_S
    link_s = 2 * params / setup.count / HOST_LINK_BYTES_PER_S
    extra_s = cpu_s + link_s
    sequences = plan.global_batch or OFFLOAD_STEP_SEQUENCES
    step_tokens = sequences * plan.seq_len
    flops = run_flops(plan, step_tokens)
    gpu_s = flops / (setup.count * gpu.bf16_dense_tflops * 1e12 * catalog.training_mfu(gpu))
    text = t(lang, "change.offload_slowdown", share=i18n.percent(extra_s / gpu_s, lang),
             extra=i18n.number(extra_s, lang, 1), sequences=i18n.number(sequences, lang),
             gpu_s=i18n.number(gpu_s, lang, 1), params=i18n.params(params / servers, lang),
             setup=describe(setup, lang),
             said="" if plan.global_batch else t(lang, "change.offload_batch_assumed"))  # fmt: skip
    if plan.timed and plan.tokens:
        steps = plan.tokens / step_tokens
        days = training_days(plan, setup, catalog)
        longer, without = days_text(days + steps * extra_s / 86400, lang), days_text(days, lang)
        if longer != without:  # "~7 horas em vez de ~7 horas" says nothing
            text += " " + t(lang, "change.offload_run", days=longer, without=without)
    return text


def params_offload_slowdown(plan: Plan, setup: Setup, catalog: Catalog) -> str:
    """How much slower the weights in the servers' RAM (ZeRO-3 offload_param, FSDP's CPU offload) make each
    micro-batch on `setup`, in words: each GPU copies its shard of the weights in over PCIe for every pass over
    the layers (forward, the recomputed forward with gradient checkpointing, backward), prefetched while the
    GPU computes, so a micro-batch takes the longer of the copies and its forward and backward."""
    lang = plan.lang
    gpu = catalog.gpu(setup.gpu)
    if not gpu.bf16_dense_tflops:
        return ""
    full = plan.stage in (Stage.full, Stage.pretrain)
    weights = 2 * plan.model.params if full else weight_bytes(plan.model, plan.precision, catalog).bytes
    passes = 3 if plan.checkpointing else 2
    shard = weights / setup.count
    copy_s = passes * shard / HOST_LINK_BYTES_PER_S
    flops = run_flops(plan, plan.batch * plan.seq_len)
    compute_s = flops / (gpu.bf16_dense_tflops * 1e12 * catalog.training_mfu(gpu))
    factor = max(copy_s, compute_s) / compute_s
    key = "change.params_offload_slower" if factor >= 1.1 else "change.params_offload_hidden"
    return t(lang, key, factor=i18n.number(factor, lang, 1 if factor < 10 else 0), passes=passes,
             gb=i18n.gb(shard * passes, lang), copy=i18n.number(copy_s, lang, 1),
             compute=i18n.number(compute_s, lang, 2 if compute_s < 1 else 1), setup=describe(setup, lang))  # fmt: skip


def _host_ram(setup: Setup, lang: str, fixed: bool) -> dict:
    """{ram}: what the optimizer's offload puts in each server's RAM (sizing/training.py's ZeRO-Offload
    arithmetic, split over the servers), said in a change's words."""
    servers = servers_in_all(setup)
    key = "change.ram_per_server" if servers > 1 else "change.ram_one_server"
    if fixed:
        key = "change.ram_machine"
    return {"ram": t(lang, key, ram=i18n.gb(setup.per_gpu.host_offload / servers, lang), servers=servers)}


def _stack_change(plan: Plan, shape: Shape, catalog: Catalog) -> list[Alternative]:
    """Other training software that makes the run fit the GPUs named as they are: a fused or chunked loss
    (Unsloth, Liger) never holds the whole FP32 logits tensor the default stack's loss does, and Unsloth keeps
    its checkpoints in RAM (stacks.toml): on a small GPU (Colab's T4) that is often all that is over. The
    stack of the least memory per GPU, the catalogue's order among equals."""
    if plan.stack is not catalog.default_stack or plan.stage not in (Stage.lora, Stage.qlora):
        # Software said in the question is kept; a full fine-tune's other stacks save by other means (pure BF16
        # states), said among the recommendation's alternatives.
        return []
    fitting = []
    for stack in catalog.stacks:
        if (
            stack is plan.stack
            or not stack.suggested
            or (stack.data_parallel_only and (plan.zero or plan.tp > 1))
        ):
            continue
        setup = evaluate(plan.but(stack=stack), shape, catalog)
        if setup.fits:
            fitting.append((setup.per_gpu.total, len(fitting), stack, setup))
    if not fitting:
        return []
    _, _, stack, setup = min(fitting)
    text = t(plan.lang, "change.stack", stack=stack.name, used=i18n.gb(setup.per_gpu.total, plan.lang))
    return [Alternative(kind="other_stack", setup=setup, text=text)]


def _larger_card(plan: Plan, shape: Shape, catalog: Catalog) -> list[Alternative]:
    """For a card we do not rent (a gaming card, a memory size alone), the fewest GPUs of the smallest memory
    class we rent above it that hold the run in one server ("qlora 70b em 2x 3090": 2x L40S 48 GB): a card of
    more memory is often the cheaper way out than many of the small one, and more of the same alone would not
    say so. A card we rent has its own changes and the recommendation beside them. Tried as cheaper() tries
    another GPU we rent, through candidates() (fewest GPUs first, the offering's order within a class)."""
    from .setups import candidates, holds

    if any(o.gpu == shape.gpu.id for o in catalog.offering.offer):
        return []
    asked = shape.gpu.memory_marketing_gb
    fitting = [s for s in candidates(catalog)
               if s.servers == 1 and s.gpu.memory_marketing_gb > asked and holds(plan, s, catalog)]  # fmt: skip
    if not fitting:
        return []
    best = min(fitting, key=lambda s: (s.gpu.memory_marketing_gb, s.count))
    setup = evaluate(plan, best, catalog, capacity=False)
    text = t(plan.lang, "change.larger_gpu", setup=describe(setup, plan.lang))
    return [Alternative(kind="larger_gpu", setup=setup, text=text)]


# Sequences shorter than this teach too little of a long answer to be worth offering as the fix.
MIN_TRAINING_SEQ = 512


def _smaller_batch(plan: Plan, shape: Shape, catalog: Catalog) -> list[Alternative]:
    """The largest micro-batch, halving from the plan's, that fits: gradient accumulation keeps the
    effective batch, so the run learns the same, only in more steps."""
    batch = plan.batch // 2
    while batch >= 1:
        setup = evaluate(plan.but(batch=batch), shape, catalog)
        if setup.fits:
            text = t(plan.lang, "change.smaller_batch", batch=batch, asked=plan.batch)
            return [Alternative(kind="smaller_batch", setup=setup, text=text)]
        batch //= 2
    return []


def _shorter_sequences(
    plan: Plan, shape: Shape, catalog: Catalog, variant: str = "", where: str = ""
) -> list[Alternative]:
    """The longest sequence length, halving from the plan's, at which the run fits the named GPUs as they
    are: activations and logits grow with it (and nothing else does), so it is the cheapest change when
    they are what overflows. `variant` names a change already made to the plan ("_offload")."""
    seq = plan.seq_len // 2
    while seq >= MIN_TRAINING_SEQ:
        setup = evaluate(plan.but(seq_len=seq), shape, catalog)
        if setup.fits:
            text = t(plan.lang, f"change.shorter_sequences{variant}", seq=i18n.number(seq, plan.lang),
                     asked=i18n.number(plan.seq_len, plan.lang), where=where)  # fmt: skip
            return [Alternative(kind=f"shorter_sequences{variant}", setup=setup, text=text)]
        seq //= 2
    return []


def _offload_on_more(plan: Plan, shape: Shape, catalog: Catalog) -> list[Alternative]:
    """The weights in the servers' RAM and a few more of the same GPUs in the same server, when neither
    alone is enough: far fewer GPUs than adding GPUs alone needs (whose activations, logits and gathered
    layers stay whole on each GPU however many there are)."""
    most = shape.offer.counts[-1] if shape.offer else shape.gpu.max_per_server
    changed = plan.but(cpu_offload=True, offload_params=True)
    count = shape.count * 2
    while count <= most:
        setup = evaluate(changed, Shape(shape.gpu, count, 1, shape.in_offering, shape.offer), catalog)
        if setup.fits:
            where = t(plan.lang, "change.in_server")
            text = t(plan.lang, "change.offload_params_more", setup=describe(setup, plan.lang), where=where)
            return [Alternative(kind="offload_params_more_gpus", setup=setup, text=text)]
        count *= 2
    return []


def _shape_of(setup: Setup, catalog: Catalog) -> Shape:
    """The shape of one copy of the model in `setup`."""
    offer = next((o for o in catalog.offering.offer if o.gpu == setup.gpu), None)
    per_copy = setup.count // setup.replicas
    return Shape(catalog.gpu(setup.gpu), per_copy // setup.servers, setup.servers, setup.in_offering, offer)


def _same_setup(plan: Plan, setup: Setup, catalog: Catalog) -> Setup:
    """The plan on the same GPUs, arranged the same way (copies included)."""
    shape = _shape_of(setup, catalog)
    if setup.replicas == 1:
        return evaluate(plan, shape, catalog)
    from . import traffic

    return traffic.build(plan, shape, setup.replicas, math.ceil(plan.users / setup.replicas), catalog)


def _keeps_up(setup: Setup) -> bool:
    """Whether a setup still meets the latency targets of a load-sized plan (True when none applies)."""
    return setup.performance is None or setup.performance.meets_targets is not False


def _mid_size_change(plan: Plan, fits, catalog: Catalog) -> Alternative | None:
    """A large dense model that fits the GPU named only squeezed to 4 bits: a 24-32B model at 16 bits (else 8)
    that fits it as named, as the alternatives offer it beside a 4-bit recommendation ("alt.mid_size"). "Llama
    3.1 70B numa H100" had been offered INT4 alone."""
    if plan.model.params < LARGE_MODEL or plan.model.is_moe or plan.precision.nominal_bits <= 4:
        return None
    mid = _mid_size_model(catalog)
    if mid is None:
        return None
    from .names import ResolvedModel

    for precision_id, key in (("bf16", "alt.mid_size"), ("fp8", "compare.mid_size_8bit")):
        mid_plan = plan.but(resolved=ResolvedModel(mid), precision=catalog.precision(precision_id),
                            context=min(plan.context, mid.max_context), spec=None)  # fmt: skip
        if (setup := fits(mid_plan)) is not None:
            text = t(plan.lang, key, model=mid.name, setup=describe(setup, plan.lang), big=plan.model.name)
            return Alternative(kind="mid_size_full_precision", setup=setup, text=text)
    return None


def _mid_size_model(catalog: Catalog):
    mids = [
        m
        for m in catalog.models
        if not m.is_moe and m.size_reference and MID_SIZE[0] <= m.params <= MID_SIZE[1]
    ]
    return max(mids, key=lambda m: m.params, default=None)


def _next_smaller(plan: Plan, rec: Setup, catalog: Catalog) -> Setup | None:
    from .setups import candidates, carries_some

    shapes = candidates(catalog)
    end = next((i for i, shape in enumerate(shapes)
                if (shape.total, shape.gpu.memory_bytes) >= (rec.count, rec.gpu_memory_bytes)), len(shapes))  # fmt: skip
    # The largest size below the recommendation that carries some users, or some context, in the offering's
    # first choice of that size: sizes from the largest down (candidates come sorted by size, so each size's
    # shapes are together), and the first that carries some ends the search; the smaller ones below it, most of
    # a search up from the smallest, are not tried.
    best = None
    start = end
    while best is None and start > 0:
        size = (shapes[start - 1].total, shapes[start - 1].gpu.memory_marketing_gb)
        first = start - 1
        while first > 0 and (shapes[first - 1].total, shapes[first - 1].gpu.memory_marketing_gb) == size:
            first -= 1
        best = next((shape for shape in shapes[first:start] if carries_some(plan, shape, catalog)), None)
        start = first
    if best is None:
        return None
    whole = evaluate(plan, best, catalog)
    if plan.rate is None:
        return whole
    # Under a rate, the smaller machine is laid out as the recommendation is, for the rate: one copy over all its
    # GPUs, or copies side by side, whichever sustains more ("8× H200" for a 7B is eight copies, not one copy
    # split over eight GPUs, which had been said not to keep up with a load eight copies carry).
    return fastest_layout(plan, whole, catalog)


def fastest_layout(plan: Plan, whole: Setup, catalog: Catalog) -> Setup:
    """Of one copy of the model over a setup's GPUs (`whole`) and as many copies side by side as its GPUs hold,
    the layout that sustains the most requests a second within the latency targets."""
    from . import traffic
    from .setups import holds, shape_for

    gpu, count = catalog.gpu(whole.gpu), whole.count
    layouts = [whole]
    for copies in range(count, 1, -1):
        if count % copies == 0:
            shape = shape_for(plan, gpu, count // copies, catalog)
            if holds(plan, shape, catalog, users=1):
                layouts.append(traffic.build(plan, shape, copies, max(-(-plan.users // copies), 1), catalog))

    def sustains(setup: Setup) -> float:
        setup.performance = setup.performance or traffic.performance(plan, setup, catalog)
        return setup.performance.max_requests_per_s if setup.performance else 0.0

    return max(layouts, key=sustains)


def _training_alternatives(plan: Plan, rec: Setup | None, catalog: Catalog) -> list[Alternative]:
    # Each alternative beside the plan it trains and the catalogue it is placed on (its time depends on both:
    # LoRA does less work per token, and in an FP8 training's answer an adapter trains in BF16).
    found: list[tuple[Alternative, Plan, Catalog]] = []
    lang = plan.lang
    if plan.stage is Stage.full:
        adapter = None  # the LoRA's setup, once found
        # An FP8 training's adapters run BF16 matmuls on any GPU: QLoRA's NF4 base is dequantized to BF16 for
        # each matmul (bitsandbytes, Linear4bit), and torchao's float8 swap does not reach LoRA's layers
        # (torchtune issue #2833; PEFT wraps the Linear it would swap), so neither is FP8's, in place or speed.
        bf16 = bf16_catalog(catalog)
        for stage in (Stage.lora, Stage.qlora):
            precision = catalog.precision("nf4" if stage is Stage.qlora else "bf16")
            changed = plan.but(stage=stage, precision=precision, **for_adapters(plan))
            alt = recommend(changed, bf16, below=rec)
            if alt and adapter is not None and not smaller(alt, adapter):
                # QLoRA on the LoRA's own setup gives up its 16-bit base for nothing (and trains slower): it had
                # been listed beside it ("Com LoRA: 1× L40S" then "Com QLoRA: 1× L40S").
                continue
            if alt and (rec is None or smaller(alt, rec)):
                adapter = alt
                text = t(lang, f"alt.{stage.value}_instead", setup=describe(alt, lang))
                if bf16 is not catalog:
                    text += " " + t(lang, f"alt.{stage.value}_bf16")
                found.append(
                    (Alternative(kind=f"{stage.value}_instead", setup=alt, text=text), changed, bf16)
                )
    if plan.stage in (Stage.full, Stage.pretrain) and plan.optimizer is Optimizer.adamw:
        # the optimizer is no matmul: 8-bit AdamW keeps an FP8 training's FP8 (and its GPUs)
        alt = recommend(plan.but(optimizer=Optimizer.adamw8bit), catalog, below=rec)
        if alt and (rec is None or smaller(alt, rec)):
            text = t(lang, "alt.adam_8bit", setup=describe(alt, lang))
            found.append((Alternative(kind="adam_8bit", setup=alt, text=text), plan, catalog))
    if plan.batch > 1:
        # "batch size 32" is often the effective batch: the largest micro-batch (halving) whose run needs
        # a smaller setup, gradient accumulation keeping the effective batch (what the run learns).
        batch = plan.batch // 2
        while batch >= 1:
            alt = recommend(plan.but(batch=batch), catalog)
            if alt and (rec is None or smaller(alt, rec)):
                found.append((Alternative(kind="smaller_batch", setup=alt, text=t(
                    lang, "alt.smaller_batch", batch=batch, asked=plan.batch, setup=describe(alt, lang))), plan, catalog))  # fmt: skip
                break
            if alt and rec is not None:
                break  # a smaller micro-batch fits but needs no less than the recommendation
            batch //= 2
    if stacked := _other_stack(plan, rec, catalog):
        found.append((stacked[0], plan, stacked[1]))
    if split := _tensor_parallel(plan, rec, catalog):
        found.append((split, plan, catalog))
    out = _in_time(plan, rec, found, catalog)
    if rec and plan.checkpointing:
        fast = evaluate(plan.but(checkpointing=False), _shape_of(rec, catalog), catalog)
        if fast.fits:
            # Model work per token as the estimate counts it (training.flops_per_token: 6·N full, 4·N LoRA,
            # 2·N more for a preference method's reference forward), plus 2·N to recompute.
            total = 2 + training.flops_per_token(plan.stage.value, plan.method.value)
            text = t(lang, "alt.no_checkpointing", share=i18n.percent(2 / total, lang), total=total)
            out.append(Alternative(kind="no_checkpointing", setup=fast, text=text))
    if rec and plan.stage is Stage.pretrain and plan.tokens:
        bigger = _scale_out(plan, rec, catalog)
        if bigger:
            days = training_days(plan, bigger, catalog)
            out.append(
                Alternative(
                    kind="more_gpus_faster",
                    setup=bigger,
                    text=t(lang, "alt.more_gpus", setup=describe(bigger, lang), days=days_text(days, lang)),
                )
            )
    return out


def _in_time(plan: Plan, rec: Setup | None, found: list[tuple[Alternative, Plan, Catalog]], catalog: Catalog):
    """The alternatives that save memory, judged on time too when the run's time is computed (a token count):
    fewer GPUs train the same tokens for longer, so one that would finish after both the recommendation and
    the deadline is no alternative to it and is left out; the others say their time where it differs."""
    if not plan.tokens or plan.method.is_rl:
        return [alt for alt, _, _ in found]
    lang = plan.lang
    rec_days = training_days(plan, rec, catalog) if rec else None
    limit = max(rec_days, plan.days or 0) if rec_days is not None else None
    out = []
    for alt, changed, placed in found:
        days = training_days(changed, alt.setup, placed)
        if limit is not None and days > limit * TIME_SLACK:
            continue
        said = days_text(days, lang)
        if rec_days is None or said != days_text(rec_days, lang):
            alt = Alternative(
                kind=alt.kind, setup=alt.setup, text=alt.text + " " + t(lang, "alt.takes", days=said)
            )
        out.append(alt)
    return out


# An alternative may train up to 5% longer than the recommendation or the deadline (whichever is later) and
# still count as on time: the estimate itself is no finer than that.
TIME_SLACK = 1.05


def _smallest_with(rec: Setup | None, catalog: Catalog, options) -> tuple | None:
    """Of the changed plans `options` yields as (what changed, plan), the change whose recommendation is the
    smallest, when it is smaller than `rec`: (what changed, that setup)."""
    best = None
    for change, changed in options:
        # Only a setup smaller than the best so far is kept (and that is smaller than `rec` too): the search
        # stops at it, and builds nothing that is not.
        alt = recommend(changed, catalog, below=best[1] if best is not None else rec)
        if alt and (rec is None or smaller(alt, rec)) and (best is None or smaller(alt, best[1])):
            best = (change, alt)
    return best


def within_deadline(plan: Plan, catalog: Catalog, only: str | None = None):
    """With a deadline, the smallest setup that both holds the run and finishes it in time (setups come
    smallest first); when none we rent is fast enough, the fastest that holds it, and the estimate says
    by how much the deadline is missed. `only`: setups of that GPU id alone."""
    fastest, fastest_days = None, float("inf")
    for shape in candidates(catalog):
        if only is not None and shape.gpu.id != only:
            continue
        if not holds(plan, shape, catalog):
            continue  # the setup is built only for the shapes that hold the run
        setup = evaluate(plan, shape, catalog, capacity=False)
        days = training_days(plan, setup, catalog)
        if days <= plan.days:
            return setup
        if days < fastest_days:
            fastest, fastest_days = setup, days
    return fastest


def _op_sac(plan: Plan) -> bool:
    """Whether the plan's selective recomputation is its stack's op-level policy (torchtitan's), not Megatron-LM's."""
    return bool(
        plan.selective_recompute and not plan.eager_attention and plan.stack and plan.stack.selective_ops
    )


def _other_stack(plan: Plan, rec: Setup | None, catalog: Catalog) -> tuple[Alternative, Catalog] | None:
    """The training software that needs the smallest setup, when it needs a smaller one than this one, and the
    catalogue it is placed and timed on."""
    options = [
        (stack, plan.but(stack=stack))
        for stack in catalog.stacks
        if stack is not plan.stack
        and stack.suggested
        and not (stack.data_parallel_only and (plan.zero or plan.tp > 1))
    ]
    best = _smallest_with(rec, catalog, options)
    if (
        best is not None
        and rec is not None
        and plan.stage.is_training
        and plan.days
        and plan.timed
        and plan.tokens
    ):
        # With a deadline, a stack's smallest setup may finish too late to be offered (_in_time: torchtune's
        # one-GPU recipe on an L40S for 10B tokens in a month): then each stack's smallest setup that finishes in
        # time, as the recommendation is found.
        limit = max(training_days(plan, rec, catalog), plan.days) * TIME_SLACK
        if training_days(plan.but(stack=best[0]), best[1], catalog) > limit:
            found = [(stack, within_deadline(changed, catalog)) for stack, changed in options]
            timely = [(stack, alt) for stack, alt in found if alt and smaller(alt, rec)]
            best = min(timely, key=lambda found: (found[1].count, found[1].gpu_memory_bytes), default=None)
    if best is None:
        return None
    stack, alt = best
    placed = catalog
    one_gpu_recipe = alt.count == 1 and plan.but(stack=stack).recipe_optimizer
    if one_gpu_recipe and (bf16 := bf16_catalog(catalog)) is not catalog:
        # torchtune's one-GPU recipe (full_finetune_single_device) converts no layer to float8, which only its
        # distributed recipe does (enable_fp8_training): in an FP8 training's answer it trains in BF16, on any GPU
        placed = bf16
        alt = recommend(plan.but(stack=stack), bf16, below=rec) or alt
    text = t(plan.lang, "alt.stack", stack=stack.name, setup=describe(alt, plan.lang))
    if one_gpu_recipe:
        # torchtune's one-GPU full fine-tune recipe: why it needs so much less (sizing/training.py memory)
        text += " " + t(plan.lang, "alt.stack_recipe_optimizer", stack=stack.name)
        if placed is not catalog:
            text += " " + t(plan.lang, "alt.stack_bf16", stack=stack.name)
    elif catalog.offering.training.fp8 and stack.fp8_backend == "torchao":
        # torchtune's multi-GPU recipe does train in FP8, with its flag, and keeps BF16 for the backward
        text += " " + t(plan.lang, "alt.stack_fp8_recipe", stack=stack.name)
    return Alternative(kind="other_stack", setup=alt, text=text), placed


def _tensor_parallel(plan: Plan, rec: Setup | None, catalog: Catalog) -> Alternative | None:
    """Tensor parallelism, where the activations are what does not fit: data parallelism (ZeRO) splits the
    model's states but every GPU still holds its whole sequence's activations; tensor parallelism with
    sequence parallelism splits those too (Korthikanti et al. 2022, section 4.2.2). Tried only when nothing
    fits or the activations are most of what a GPU holds."""
    if plan.tp > 1 or plan.pp > 1 or (plan.stack is not None and plan.stack.data_parallel_only):
        return None
    if plan.stage is Stage.qlora:
        # bitsandbytes' 4-bit layers have no tensor-parallel form in Transformers/PEFT training (tp_plan shards
        # nn.Linear weights; Linear4bit's packed uint8 storage is not one): QLoRA splits across GPUs by FSDP.
        return None
    if rec is not None and rec.per_gpu.activations * 2 < rec.per_gpu.total:
        return None
    a = plan.model
    splits = (tp for tp in (2, 4, 8) if not serving.tp_problem(a, tp))
    best = _smallest_with(rec, catalog, ((tp, plan.but(tp=tp)) for tp in splits))
    if best is None:
        return None
    tp, alt = best
    text = t(plan.lang, "alt.tensor_parallel", tp=tp, setup=describe(alt, plan.lang))
    return Alternative(kind="tensor_parallel", setup=alt, text=text)


def _scale_out(plan: Plan, rec: Setup, catalog: Catalog) -> Setup | None:
    offer = next((o for o in catalog.offering.offer if o.gpu == rec.gpu), None)
    if not offer:
        return None
    per = max(offer.counts)
    servers = offer.max_servers
    if rec.count >= per * servers:
        return None
    setup = evaluate(plan, Shape(catalog.gpu(rec.gpu), per, servers, True, offer), catalog)
    return setup if setup.fits else None


# -- estimates ---------------------------------------------------------------------------------------


def days_text(days: float, lang: str, limit: float | None = None) -> str:
    """A run's days; past a deadline `limit`, never rounded down onto it: "~21 dias" had stood beside "nenhuma
    configuração termina em 21 dias" for 21.5."""
    if limit is not None and days > limit >= 1:
        digits = 0 if days >= 10 else 1
        while round(days, digits) <= limit and digits < 3:
            digits += 1
        if digits > (0 if days >= 10 else 1):
            return t(lang, "units.days", n=i18n.number(days, lang, digits))
    return i18n.duration(days, lang)


def training_days(plan: Plan, setup: Setup, catalog: Catalog) -> float:
    if plan.method.is_rl:
        run = rl_run(plan, setup, catalog)
        return run.total_s / 86400 if run else 0.0
    return _gpu_hours(plan, catalog.gpu(setup.gpu), catalog) / setup.count / 24


def _gpu_hours(plan: Plan, gpu, catalog: Catalog) -> float:
    """Model FLOPs (6·N·D) over the GPU's BF16 peak at the offering's MFU, the standard definition
    (Chowdhery et al. 2022, PaLM, appendix B): recomputation is inside the MFU, not added to the FLOPs."""
    flops = run_flops(plan, plan.tokens or 0)
    return flops / (gpu.bf16_dense_tflops * 1e12 * catalog.training_mfu(gpu)) / 3600


def run_flops(plan: Plan, tokens: float) -> float:
    """The model FLOPs of `tokens` of this training: the trained model's (training.training_flops) and, in an
    online distillation, the teacher's forward over the same tokens (training.teacher_flops)."""
    trained = training.training_flops(plan.model, plan.stage.value, tokens, plan.method.value)
    return trained + training.teacher_flops(plan.teacher, tokens)


def training_formula(plan: Plan) -> str:
    """The model FLOPs per parameter and token the time estimate uses, as written in the answer ("8·N·D"; with
    an online teacher, "6·N·D + 2·N_teacher·D")."""
    formula = f"{training.flops_per_token(plan.stage.value, plan.method.value)}·N·D"
    if plan.teacher is not None:
        formula += " + " + t(plan.lang, "estimate.teacher_term")
    return formula


def estimates(plan: Plan, setup: Setup | None, catalog: Catalog) -> Estimates:
    lang = plan.lang
    if plan.method.is_rl:
        return _rl_estimates(plan, setup, catalog)
    if setup is None:
        return _beyond_offering(plan, catalog) if plan.stage.is_training else Estimates(text=[])
    gpu = catalog.gpu(setup.gpu)
    if plan.stage.is_training:
        if not plan.tokens:
            if plan.days:
                return Estimates(
                    text=[t(lang, "estimate.no_tokens_deadline", deadline=i18n.day_count(plan.days, lang))]
                )
            return Estimates(text=[t(lang, "estimate.no_tokens")])
        flops = run_flops(plan, plan.tokens)
        recompute = training.recompute_flops(plan.model, plan.tokens, plan.checkpointing,
                                             plan.selective_recompute, plan.seq_len, _op_sac(plan))  # fmt: skip
        mfu = catalog.training_mfu(gpu)
        gpu_hours = _gpu_hours(plan, gpu, catalog)
        days = gpu_hours / setup.count / 24
        result = Estimates(
            text=[
                t(
                    lang,
                    "estimate.training",
                    formula=training_formula(plan),
                    flops=i18n.scientific(flops, lang),
                    gpu_hours=i18n.gpu_hours(gpu_hours, lang),
                    days=days_text(days, lang, plan.days),
                    setup=describe(setup, lang),
                    mfu=i18n.percent(mfu, lang),
                    tokens=i18n.count(plan.tokens, lang),
                )
            ],
            training_flops=flops,
            recompute_flops=recompute,
            mfu=mfu,
            gpu_hours=gpu_hours,
            wall_clock_days=days,
        )
        if plan.gpu_hours_asked:
            result.text.insert(0, _hours_asked(plan, gpu, gpu_hours, mfu))
        if recompute:
            # The same time, more hardware work: hardware FLOPs utilization = MFU x (model + recompute) / model.
            hfu = mfu * (flops + recompute) / flops
            key = "estimate.recompute_selective" if plan.selective_recompute else "estimate.recompute"
            if _op_sac(plan):
                key = "estimate.recompute_ops"
            result.text.append(t(lang, key, recompute=i18n.scientific(recompute, lang),
                                 hfu=i18n.percent(hfu, lang), stack=plan.stack.name if plan.stack else ""))  # fmt: skip
        # With tokens there is always a deadline: the customer's, or the offering's default (said so).
        if plan.days and days <= plan.days:
            result.text.append(t(lang, "estimate.deadline_met", deadline=i18n.day_count(plan.days, lang)))
        elif plan.days:
            # Honest about scale: say how many GPUs would finish in time, even beyond what we rent.
            needed = math.ceil(gpu_hours / (plan.days * 24))
            result.text.append(
                t(
                    lang,
                    "estimate.deadline_missed",
                    days=i18n.day_count(plan.days, lang),
                    gpus=i18n.number(needed, lang),
                )
            )
        return result
    return _serving_estimates(plan, setup, catalog)


def _hours_asked(plan: Plan, gpu, gpu_hours: float, mfu: float) -> str:
    """ "how many A100 hours?": the run's total on the GPU asked, to lead, against what published runs logged."""
    lang = plan.lang
    text = t(lang, "estimate.gpu_hours_asked", gpu_hours=i18n.gpu_hours(gpu_hours, lang), gpu=gpu.name,
             formula=training_formula(plan), tflops=i18n.number(gpu.bf16_dense_tflops, lang),
             mfu=i18n.percent(mfu, lang))  # fmt: skip
    if plan.stage is Stage.pretrain:
        text += " " + t(lang, "estimate.gpu_hours_published")
    return text


def _rl_estimates(plan: Plan, setup: Setup | None, catalog: Catalog) -> Estimates:
    """An RL run's time from its prompts (rl_run); in vLLM server mode, also the GPUs generation needs."""
    lang = plan.lang
    if setup is None:
        return Estimates(text=[])
    server = []
    if plan.rl_generation == "server":
        gpus, need, seqs = _rl_server(plan, setup, catalog)
        server.append(t(lang, "estimate.rl_server_gpus", count=gpus, gpu=catalog.gpu(setup.gpu).name,
                        need=i18n.gb(need, lang), seqs=seqs))  # fmt: skip
    if plan.rl_generation == "generate":
        return Estimates(text=[t(lang, "estimate.rl_no_time_generate"), *server])
    run = rl_run(plan, setup, catalog)
    if run is None:
        return Estimates(text=[t(lang, "estimate.rl_no_prompts"), *server])
    day = 86400
    gpu_hours = run.total_s * (setup.count + run.server_gpus) / 3600
    head = t(lang, "estimate.rl_time_head_ppo" if run.ppo else "estimate.rl_time_head",
             prompts=i18n.number(plan.rl_prompts or 0, lang), generations=run.generations,
             completions=i18n.number(run.completions, lang), completion=i18n.tokens(plan.rl_completion, lang))  # fmt: skip
    mfu = catalog.training_mfu(catalog.gpu(setup.gpu))
    text = [
        t(
            lang,
            "estimate.rl_time",
            head=head,
            completion=i18n.tokens(plan.rl_completion, lang),
            round=i18n.number(run.per_round, lang),
            generation=i18n.duration(run.generation_s / day, lang),
            training=i18n.duration(run.training_s / day, lang),
            formula=" + ".join(run.terms),
            flops=i18n.scientific(run.flops, lang),
            tokens=i18n.count(run.tokens, lang),
            mfu=i18n.percent(mfu, lang),
            total=i18n.duration(run.total_s / day, lang),
            setup=describe(setup, lang),
            gpu_hours=i18n.gpu_hours(gpu_hours, lang),
        ),
        *server,
    ]
    if plan.days and run.total_s <= plan.days * day:
        text.append(t(lang, "estimate.deadline_met", deadline=i18n.day_count(plan.days, lang)))
    elif plan.days:
        # Each data-parallel rank generates and trains its share: more GPUs like these finish sooner.
        needed = math.ceil(run.total_s * setup.count / (plan.days * day))
        text.append(
            t(
                lang,
                "estimate.deadline_missed",
                days=i18n.day_count(plan.days, lang),
                gpus=i18n.number(needed, lang),
            )
        )
    return Estimates(
        text=text, training_flops=run.flops, gpu_hours=gpu_hours, wall_clock_days=run.total_s / day, mfu=mfu
    )


def _rl_server(plan: Plan, setup: Setup, catalog: Catalog) -> tuple[int, int, int]:
    """The GPUs `trl vllm-serve` needs beside the training ones, the bytes it holds and the completions it
    generates at once (the whole generation batch)."""
    gpu = catalog.gpu(setup.gpu)
    dp = max(1, setup.count // (plan.tp * plan.pp))
    seqs = training.rl_generation_seqs(plan.batch, plan.rl_generations, dp) * dp
    need = training.rl_server_bytes(plan.model, plan.rl_prompt, plan.rl_completion, seqs,
                                    kv_cache.bytes_per_token(plan.model, 2))  # fmt: skip
    # vLLM's own default gpu_memory_utilization is 0.9; tensor parallelism takes a power of two.
    gpus = 1
    while gpus * gpu.memory_bytes * 0.9 < need and gpus < 64:
        gpus *= 2
    return gpus, need, seqs


class RLRun(msgspec.Struct, frozen=True):
    ppo: bool
    generations: int  # completions per prompt
    completions: int
    tokens: int  # prompt + completion tokens trained on
    per_round: int  # completions generated together (the generation batch)
    server_gpus: int  # GPUs of `trl vllm-serve`, beside the training ones (0: colocated)
    terms: tuple[
        str, ...
    ]  # the training FLOPs' terms as written ("6·N·D"; a reward model of its own: "2·N_rm·D")
    flops: float
    generation_s: float
    training_s: float

    @property
    def total_s(self) -> float:
        return self.generation_s + self.training_s


def rl_run(plan: Plan, setup: Setup, catalog: Catalog) -> RLRun | None:
    """How long an RL run takes on `setup`: generation, then training, step after step, as TRL's GRPOTrainer,
    RLOOTrainer and PPOTrainer alternate them; None when it is not estimated (no prompts, or model.generate).
    Generation: rounds of the generation batch on vLLM (performance.generation_round), each counted at the
    completion limit. Training: model FLOPs over the GPUs' BF16 peak at the offering's MFU, as for any
    fine-tune: the policy over prompt + completion tokens (6·N·D, 4·N·D with adapters), a forward (2·N·D)
    of each frozen model that scores them (the KL reference; a reward model: PPO's, RLOO's by default), and
    PPO's value model trained like the policy (Ouyang et al. 2022, InstructGPT, section 3.5, for PPO's four
    models)."""
    from . import performance

    if not plan.timed:
        return None
    model, gpu = plan.model, catalog.gpu(setup.gpu)
    ppo = plan.method.value == "ppo"
    # PPO samples one completion per prompt; GRPO and RLOO a group of num_generations to compare.
    prompt, completion, generations = plan.rl_prompt, plan.rl_completion, 1 if ppo else plan.rl_generations
    completions = (plan.rl_prompts or 0) * generations
    tokens = completions * (prompt + completion)
    dp = max(1, setup.count // (plan.tp * plan.pp))
    seqs = training.rl_generation_seqs(plan.batch, plan.rl_generations, dp)  # as the memory counts it
    per_round = seqs * dp  # the generation batch: every rank's completions of one round
    server_gpus = _rl_server(plan, setup, catalog)[0] if plan.rl_generation == "server" else 0
    if server_gpus:  # one `trl vllm-serve` on GPUs of its own generates all of them at once
        tp, batch = server_gpus, per_round
    else:  # each data-parallel rank's vLLM (on its tensor-parallel group) generates its own share
        tp, batch = plan.tp, seqs
    engine = performance.replica(model, catalog.precision("bf16"), gpu, catalog, tp=tp, max_seqs=batch)
    generation_s = math.ceil(completions / per_round) * performance.generation_round(
        engine, prompt, completion, batch
    )
    coefficient = 6 if plan.stage in (Stage.full, Stage.pretrain) else 4  # 4·N·D: no weight gradients
    # A reward model of its own size (plan.rl_reward_arch) scores with its own parameters, and PPO's value
    # model starts from it (DeepSpeed-Chat's step 3, OpenRLHF): N_rm in their terms.
    reward = plan.rl_reward_arch or model
    n_rm = "N_rm" if plan.rl_reward_arch is not None else "N"
    terms = [(coefficient, model)]
    if ppo:
        terms.append((coefficient, reward))  # the value model, trained like the policy
    if plan.rl_reward_model:
        terms.append((2 * plan.rl_reward_models, reward))  # each reward model's forward over each completion
    if plan.rl_reference:
        terms.append((2, model))  # the reference's forward (with adapters: the base, adapters off)
    # MoE: the active parameters, as training_flops
    flops = sum(k * m.active_params for k, m in terms) * tokens
    written = tuple(f"{k}·{'N' if m is model else n_rm}·D" for k, m in terms)
    training_s = flops / (setup.count * gpu.bf16_dense_tflops * 1e12 * catalog.training_mfu(gpu))
    return RLRun(ppo, generations, completions, tokens, per_round, server_gpus, written, flops,
                 generation_s, training_s)  # fmt: skip


def _slow_all_at_once(
    plan: Plan, setup: Setup, catalog: Catalog, p: Performance, ttft_target: float, tpot_target: float
) -> str | None:
    """Users said at once with no rate or target ("150 usuários", 8k prompts) are sized by memory, and the
    performance line gives their speed with all of them generating together. When that misses chat's pace
    (traffic.toml [latency]), a line says so, how many generating together keep it on this setup, and how to
    size by the real load (it had been "~3 tokens/s por usuário" with nothing said of it)."""
    if plan.traffic or plan.targets_given or plan.users <= 1 or p.concurrency < 2:
        return None
    if traffic.within_targets(plan, catalog, p.ttft_s, p.tpot_ms / 1000):
        return None
    fits = at_pace(plan, setup, catalog, max(math.ceil(plan.users / setup.replicas), 1))
    lang = plan.lang
    key = "perf.all_at_once_slow" if fits else "perf.all_at_once_none"
    if not fits and traffic.first_token_alone(plan, setup, catalog) <= ttft_target:
        # A prompt that arrives alone is read in time, one beside another is not (a long document's): "não dá
        # nem a uma conversa só" had been said of a setup sized to read one in time (sizing/engine.py).
        key = "perf.all_at_once_alone"
    return t(lang, key, users=i18n.number(plan.users, lang),
             tps=i18n.speed(1 / tpot_target, lang), ttft=i18n.seconds(ttft_target, lang),
             fits=i18n.number(fits, lang))  # fmt: skip


def at_pace(plan: Plan, setup: Setup, catalog: Catalog, per_copy: int) -> int:
    """The most conversations, up to `per_copy` on each copy of the model, that generate together within the
    plan's targets (a chat's pace by default, traffic.toml [latency]) on a setup: fewer go no slower, so a
    bisection over the performance model (sizing/performance.py) finds them."""
    from . import performance as perf

    r = traffic.replica(plan, catalog.gpu(setup.gpu), setup.tensor_parallel, setup.pipeline_parallel, catalog,
                        per_copy)  # fmt: skip
    low, high = 0, per_copy
    while low < high:
        mid = (low + high + 1) // 2
        load = perf.at_concurrency(r, plan.prompt, plan.output, mid, history=plan.history)
        if traffic.within_targets(plan, catalog, load.ttft_s, load.tpot_s):
            low = mid
        else:
            high = mid - 1
    return low * setup.replicas


def users_at_pace(plan: Plan, setup: Setup, catalog: Catalog) -> int:
    """Of the conversations a setup's memory holds (`max_users`, from add_capacity), how many generate
    together at the plan's targets: a capacity question's answer, and the load its performance is given at."""
    held = setup.max_users or 0
    return at_pace(plan, setup, catalog, max(math.ceil(held / setup.replicas), 1)) if held else 0


def capacity_at_pace(plan: Plan, setup: Setup, catalog: Catalog) -> str:
    """ "Quantos usuários cabem numa H100?": besides the conversations its memory holds, how many of them
    generate together at a chat's pace there, at the context used."""
    lang = plan.lang
    held = setup.max_users or 0
    ttft, tpot = traffic.targets(plan, catalog)
    fits = users_at_pace(plan, setup, catalog)
    key = "all" if fits >= held > 1 else {0: "none", 1: "one"}.get(fits, "other")
    return t(lang, "named.capacity_pace" if key == "other" else f"named.capacity_pace_{key}", users=i18n.number(fits, lang), held=i18n.number(held, lang),
             tps=i18n.speed(1 / tpot, lang), ttft=i18n.seconds(ttft, lang), context=i18n.tokens(plan.context, lang),
             prompt=i18n.tokens(plan.prompt, lang), output=i18n.tokens(plan.output, lang))  # fmt: skip


def _serving_estimates(plan: Plan, setup: Setup, catalog: Catalog) -> Estimates:
    """The recommendation's performance in words, and what the model behind it assumes."""

    p = setup.performance
    if p is None:
        return Estimates(text=[])
    out = Estimates(
        text=[],
        decode_tokens_per_s_per_user=p.tokens_per_s_per_user,
        decode_tokens_per_s_total=p.output_tokens_per_s,
        time_to_first_token_s=p.ttft_s,
    )
    # In words, they read what the setup sustains at most, saturated and on a whole new prompt: the detail
    # button and the plain-text answer show them, the first Slack message of a serving answer does not.
    out.defer(("text",), (_serving_lines, plan, setup, p, catalog))
    return out


def _serving_lines(estimates: Estimates, name: str, plan: Plan, setup: Setup, p, catalog: Catalog) -> tuple:
    from . import traffic

    lang = plan.lang
    ttft_target, tpot_target = traffic.targets(plan, catalog)
    lines = [performance_line(plan, p, lang, 1 / tpot_target)]
    if p.cold_ttft_s is not None:
        digits = 1 if p.cold_ttft_s < 10 else 0
        lines.append(t(lang, "perf.cold", tokens=i18n.tokens(plan.history + plan.prompt, lang),
                       ttft=i18n.number(p.cold_ttft_s, lang, digits)))  # fmt: skip
    capacity = "perf.capacity" if p.max_requests_per_s > 0 else "perf.capacity_none"
    lines.append(
        t(
            lang,
            f"{capacity}_e2e" if plan.e2e_target is not None else capacity,
            rate=rate_text(p.max_requests_per_s, lang),
            ttft=i18n.seconds(ttft_target, lang),
            tps=i18n.speed(1 / tpot_target, lang),
            max_tokens=i18n.number(p.max_output_tokens_per_s, lang),
            e2e=i18n.seconds(plan.e2e_target, lang) if plan.e2e_target is not None else "",
            output=i18n.tokens(plan.output, lang),
        )
    )
    slow = _slow_all_at_once(plan, setup, catalog, p, ttft_target, tpot_target)
    if slow is not None:
        lines.append(slow)
    if plan.traffic and p.utilization is not None:
        key = "perf.utilization" if p.meets_targets else "perf.over"
        params = {}
        if plan.batch_seconds:
            # A batch has no peak and no bursts: the plan's share of what the setup sustains is its margin for
            # the estimate's error, and at full speed the batch ends that much before its deadline.
            key += "_batch"
            params = dict(time=i18n.duration(plan.batch_seconds * p.utilization / 86400, lang),
                          period=batch_period(plan.batch_seconds, lang))  # fmt: skip
        plan_share = catalog.traffic.capacity.plan_utilization
        lines.append(t(lang, key, share=share_text(p.utilization, plan_share, lang),
                       plan=i18n.percent(plan_share, lang), **params))  # fmt: skip
    # GGUF and EXL2 files run on engines the calibration never measured (llama.cpp, ExLlamaV2): said so.
    unmeasured = {"llamacpp": "perf.model_gguf", "exllamav2": "perf.model_exl2"}
    lines.append(t(lang, unmeasured.get(plan.precision.engine_name, "perf.model")))
    if plan.spec is not None:
        lines.append(t(lang, "perf.plain_decoding"))
    return (("text", lines),)


def share_text(share: float, ceiling: float, lang: str) -> str:
    """A share of what a setup sustains, set against the plan's ceiling: to a tenth where whole percents
    would hide which side of it the share is on ("a 70,4% do que sustenta, acima dos 70%", not "a 70% ...
    acima dos 70%")."""
    whole = round(share * 100)
    if whole == round(ceiling * 100) and abs(share - ceiling) > 1e-9:
        return f"{i18n.number(share * 100, lang, 1)}%"
    if whole == 0 and share > 0:
        return f"<{i18n.number(1, lang)}%"  # a light load is no idle setup: "O pico usa 0% disso" said so
    if whole == 100 and share < 1:
        return f"{i18n.number(math.floor(share * 1000) / 10, lang, 1)}%"  # within what it sustains, not all of it
    return i18n.percent(share, lang)


def perf_short(p, lang: str, busy: bool = True, pace: float | None = None) -> str:
    """A setup's performance in a few words: speed per user, throughput, first token; with `busy`, the share of
    what it sustains the peak uses when above the plan's; a speed just under the `pace` it is weighed against
    keeps a decimal, as the performance line's does (per_user_text)."""
    if p.requests_per_s is not None and p.utilization is not None and p.utilization > 1:
        return t(lang, "perf.short_over", max_tokens=i18n.number(p.max_output_tokens_per_s, lang))
    if p.requests_per_s is not None and (p.max_requests_per_s <= 0 or not math.isfinite(p.ttft_s)):
        # Under a rate, a setup that meets the latency targets at no rate at all: its figures under the load
        # ("~0 tokens/s por usuário ... primeiro token em ~inf s", "~1 tokens/s ... ~46 s") had read as a choice.
        return t(lang, "perf.short_unmet", max_tokens=i18n.number(p.max_output_tokens_per_s, lang))
    ttft_digits = 2 if p.ttft_s < 1 else (1 if p.ttft_s < 10 else 0)
    # One conversation in flight: its output over the whole request, prompt reading included, is a little
    # under its streaming speed, and "~48 tokens/s per user, ~46 in all" had read as a contradiction.
    one = p.requests_per_s is None and p.concurrency == 1
    text = t(
        lang,
        "perf.short_one" if one else "perf.short_load" if asked_load(p) else "perf.short",
        per_user=per_user_text(p.tokens_per_s_per_user, lang, pace),
        total=i18n.number(p.output_tokens_per_s, lang),
        ttft=i18n.number(p.ttft_s, lang, ttft_digits),
    )
    if (
        busy
        and p.utilization is not None
        and p.planned_utilization is not None
        and p.utilization > p.planned_utilization
    ):
        share = share_text(p.utilization, p.planned_utilization, lang)
        text += t(lang, "perf.short_busy", share=share, plan=i18n.percent(p.planned_utilization, lang))
    return text


def with_performance(alternative: Alternative, lang: str, chat_pace: float | None = None) -> Alternative:
    """The alternative's text, followed by how fast its setup serves the load; with users said at once
    (`chat_pace`: the chat's tokens/s per user, traffic.toml), whether they would all generate below it."""
    p = alternative.setup.performance if alternative.setup else None
    if p is not None:
        short = perf_short(p, lang, pace=chat_pace)
        if p.requests_per_s is None and p.meets_targets is False:
            # Latency targets the customer set ("primeiro token em 200 ms e 30 tokens/s"): "4× L40 … (~11
            # tokens/s por usuário, primeiro token em ~0,56 s)" had been offered with nothing said of them.
            short += t(lang, "perf.short_misses")
        elif (
            chat_pace and p.tokens_per_s_per_user < chat_pace
        ):  # "~9,5" below 10 says so; "~10" had hidden it
            # "2× A100: até 155 usuários … (~7 tokens/s por usuário …)" had read as a fine choice
            short += t(lang, "perf.short_slow", tps=i18n.speed(chat_pace, lang))
        alternative.text = t(lang, "perf.alt", text=alternative.text, short=short)
    return alternative


def asked_load(p) -> bool:
    """Whether a setup's output in all is the load's demand, not what it can give: under a rate it carries
    (sizing/traffic.py performance), a mean of conversations in flight below one streams faster per user than
    the whole load asks ("~40 tokens/s por usuário, ~8 tokens/s no total" had read as a contradiction)."""
    return p.requests_per_s is not None and p.utilization is not None and p.utilization <= 1


def per_user_text(speed: float, lang: str, pace: float | None) -> str:
    """A speed per user as shown: whole, but a speed just under the `pace` it is weighed against keeps a decimal,
    rounded down, so that "~10 tokens/s" never stands beside "abaixo do ritmo de um chat (10 tokens/s)"."""
    if pace is not None and speed < pace <= round(speed):
        return i18n.number(math.floor(speed * 10) / 10, lang, 1)
    return i18n.number(speed, lang)


def performance_line(plan: Plan, p, lang: str, pace: float | None = None) -> str:
    """One line: speed per user, throughput, first token, for this setup under this load. A speed just under
    the `pace` targeted keeps a decimal, rounded down: "~10 tokens/s por usuário" beside "abaixo do ritmo de
    um chat (10 tokens/s)" had hidden which side of it the speed is on."""
    ttft_digits = 2 if p.ttft_s < 1 else (1 if p.ttft_s < 10 else 0)
    per_user = per_user_text(p.tokens_per_s_per_user, lang, pace)
    key = "perf.line_turn" if plan.history else "perf.line"
    if asked_load(p) and p.concurrency != 1:
        key += "_load"
    whole = ""
    if plan.e2e_target is not None and p.tpot_ms:
        # asked for a whole answer's time: this setup's, first token to last
        e2e = end_to_end(p.ttft_s, p.tpot_ms / 1000, plan.output)
        whole = t(lang, "perf.line_e2e", output=i18n.tokens(plan.output, lang),
                  e2e=i18n.number(e2e, lang, 2 if e2e < 1 else (1 if e2e < 10 else 0)))  # fmt: skip
    return (
        t(
            lang,
            f"{key}_one" if p.concurrency == 1 else key,
            per_user=per_user,
            total=i18n.number(p.output_tokens_per_s, lang),
            # Conversations in flight are a whole number when given ("10 users"), a mean under a rate.
            n=i18n.in_flight(p.concurrency, lang),
            ttft=i18n.number(p.ttft_s, lang, ttft_digits),
            prompt=i18n.tokens(plan.prompt, lang),
        )
        + whole
    )


def decided_text(
    plan: Plan, rec: Setup | None, decided: str, catalog: Catalog, avail: Availability | None = None
) -> str:
    """Which constraint set the recommendation's size, in words; with copies required for availability, why
    there are that many (required, or needed by the load)."""
    from . import traffic

    if rec is None:
        return ""
    base = traffic.smallest_holding(plan, catalog)
    base_text = ""
    if base is not None:
        gb = i18n.number(base.gpu.memory_bytes / 1e9, plan.lang)
        base_text = t(plan.lang, "setup.one", count=base.total, gpu=base.gpu.name, gb=gb)
    per_copy = rec.count // rec.replicas
    copy = t(
        plan.lang,
        "setup.one",
        count=per_copy,
        gpu=rec.gpu_name,
        gb=i18n.number(rec.gpu_memory_bytes / 1e9, plan.lang),
    )
    params = dict(setup=describe(rec, plan.lang), base=base_text, replicas=rec.replicas, copy=copy)
    if avail is not None:
        params.update(load=avail.load_replicas, required=avail.required_replicas, spare=avail.spare_replicas)
    if plan.missed_e2e is not None and decided != "availability":
        return _answer_unreachable(plan, rec, catalog) + (
            " " + t(plan.lang, "decided.availability_met", **params) if avail is not None else ""
        )
    if plan.missed_tokens_per_s is not None and plan.missed_ttft is None and decided != "availability":
        # the speed asked for is beyond every setup we rent: said as a first token out of reach is (below)
        reached = 1 / traffic.alone(plan, rec, catalog).tpot_s
        text = t(plan.lang, "decided.speed_unreachable", setup=params["setup"], precision=plan.precision.name,
                 asked=i18n.speed(plan.missed_tokens_per_s, plan.lang),
                 fastest=i18n.number(traffic.fastest_speed(plan, catalog) or reached, plan.lang),
                 target=i18n.speed(1 / plan.tpot_target, plan.lang), reached=i18n.number(reached, plan.lang))  # fmt: skip
        lower = serving_lower_precision(plan.but(tpot_target=1 / plan.missed_tokens_per_s,
                                                 missed_tokens_per_s=None), catalog)  # fmt: skip
        if lower is not None:
            text += " " + t(plan.lang, "decided.speed_unreachable_lower", precision=lower[0].precision.name,
                            setup=describe(lower[1], plan.lang), asked=i18n.speed(plan.missed_tokens_per_s, plan.lang))  # fmt: skip
        return text + (" " + t(plan.lang, "decided.availability_met", **params) if avail is not None else "")
    if plan.missed_ttft is not None and decided != "availability":
        # the first token asked for is beyond every setup we rent: said here, with what the recommendation reaches,
        # for the lines below it (its capacity, "Sustenta ... em até") are sized for that
        alone, fastest = (
            traffic.first_token_alone(plan, rec, catalog),
            traffic.fastest_first_token(plan, catalog),
        )

        def missed(s: float) -> str:  # never "~1,0 s" for what misses 1,0 s
            return i18n.number(s, plan.lang, 0 if s >= 10 else (1 if round(s, 1) > plan.missed_ttft else 2))

        text = t(plan.lang, "decided.latency_unreachable", setup=params["setup"], precision=plan.precision.name,
                 asked=i18n.seconds(plan.missed_ttft, plan.lang), prompt=i18n.tokens(plan.prompt, plan.lang),
                 reached=missed(alone), fastest=missed(fastest or alone),
                 target=i18n.seconds(plan.ttft_target, plan.lang))  # fmt: skip
        lower = serving_lower_precision(plan.but(ttft_target=plan.missed_ttft, missed_ttft=None), catalog)
        if lower is not None:  # a smaller precision reads the prompt in time: the one way to the target asked
            text += " " + t(plan.lang, "decided.latency_unreachable_lower", precision=lower[0].precision.name,
                            setup=describe(lower[1], plan.lang), asked=i18n.seconds(plan.missed_ttft, plan.lang))  # fmt: skip
        return text + (" " + t(plan.lang, "decided.availability_met", **params) if avail is not None else "")
    if decided == "availability":
        assert avail is not None
        load = "load_one" if avail.load_replicas == 1 else "load_other"
        if avail.replicas > avail.required_replicas:  # the spares asked for ("N+1") set it
            key = "decided.availability_spare"
        else:
            key = "decided.availability"
            params["why"] = t(plan.lang, "decided.why_ha" if plan.given_replicas is None else "decided.why_asked",
                              n=avail.required_replicas)  # fmt: skip
        return t(plan.lang, key, **params, load_text=t(plan.lang, f"decided.{load}", **params))
    if decided == "memory":
        key = "decided.memory_copies" if rec.replicas > 1 else "decided.memory"
    elif decided in ("latency", "latency_load", "asked"):
        key = f"decided.{decided}"
        reading = traffic.first_token_on_smallest(plan, catalog) if decided == "latency" and base else None
        if reading is not None and plan.ttft_target is not None and reading > plan.ttft_target:
            # how far the smaller setup misses: reading the prompt alone there against the target
            key = "decided.latency_ttft"
            digits = 0 if reading >= 10 else 1
            if round(reading, digits) <= plan.ttft_target:  # "lê o prompt em ~0,5 s" had missed 0,5 s by 0,03
                digits = 2
            params.update(reading=i18n.number(reading, plan.lang, digits),
                          target=i18n.seconds(plan.ttft_target, plan.lang))  # fmt: skip
    else:
        key = "decided.throughput_copies" if rec.replicas > 1 else "decided.throughput"
    text = t(plan.lang, key, **params)
    if plan.dearer_first_token is not None:
        text += " " + _first_token_cheaper(plan, rec, catalog)
    if decided == "throughput" and rec.replicas > 1:
        # "for memory alone, 1× L40S would do" is said only of a setup that holds the conversations the rate
        # keeps in flight at the sized context (51 of 32k on Llama 3.1 8B are 219 GB of KV cache, no L40S)
        memory = traffic.smallest_holding(plan, catalog, users=plan.users)
        if memory is not None and memory.total < rec.count and plan.users >= 2:
            gb = i18n.number(memory.gpu.memory_bytes / 1e9, plan.lang)
            text += " " + t(plan.lang, "decided.memory_alone", n=i18n.number(plan.users, plan.lang),
                            base=t(plan.lang, "setup.one", count=memory.total, gpu=memory.gpu.name, gb=gb))  # fmt: skip
    if avail is not None:
        # The load needs at least as many copies as were required: they are already there, and say so.
        text += " " + t(plan.lang, "decided.availability_met", **params)
    return text


def availability(plan: Plan, rec: Setup | None, catalog: Catalog) -> Availability | None:
    """Copies required for availability against those the load alone needs on the recommendation's GPUs,
    and what the copies left serve when one fails: the conversations their memory holds (with the speed they
    then give), or the rate they sustain within the latency targets."""
    from . import performance as perf

    if plan.stage.is_training or not plan.availability or rec is None or rec.problem is not None:
        return None
    lang = plan.lang
    found = traffic.copies_for_load(plan, _shape_of(rec, catalog), catalog, cap=4096)
    load = min(found[0], rec.replicas) if found else rec.replicas
    left = rec.replicas - 1
    out = Availability(required_replicas=plan.min_replicas, spare_replicas=plan.spare_replicas,
                       load_replicas=load, replicas=rec.replicas, zones=plan.zones, replicas_left=left,
                       share_held=0.0)  # fmt: skip
    if left < 1:
        return out
    which = "one" if left == 1 else "other"
    p = rec.performance
    if plan.rate is not None and p is not None:
        held = p.max_requests_per_s / rec.replicas * left
        out.rate_per_s, out.rate_held_per_s = plan.rate, held
        out.share_held = min(1.0, held / plan.rate) if plan.rate else 1.0
        if held >= plan.rate:
            out.text.append(t(lang, f"availability.rate_all_{which}", left=left, rate=rate_text(plan.rate, lang),
                              share=i18n.percent(plan.rate / held, lang)))  # fmt: skip
        else:
            out.text.append(t(lang, f"availability.rate_some_{which}", left=left, held=rate_text(held, lang),
                              rate=rate_text(plan.rate, lang), share=i18n.percent(out.share_held, lang)))  # fmt: skip
        return out
    per_copy = (rec.max_users or 0) // rec.replicas
    users = plan.users
    held_users = min(users, per_copy * left)
    out.users, out.users_held = users, held_users
    out.share_held = held_users / users if users else 1.0
    if held_users >= users:
        each = math.ceil(users / left)
        r = traffic.replica(
            plan, catalog.gpu(rec.gpu), rec.tensor_parallel, rec.pipeline_parallel, catalog, each
        )
        load_left = perf.at_concurrency(r, plan.prompt, plan.output, each, history=plan.history)
        ttft_digits = 2 if load_left.ttft_s < 1 else 1
        text = t(lang, f"availability.users_all_{which}", left=left, users=users_phrase(users, lang),
                 tps=i18n.number(1 / load_left.tpot_s, lang), ttft=i18n.number(load_left.ttft_s, lang, ttft_digits))  # fmt: skip
        ttft_target, tpot_target = traffic.targets(plan, catalog)
        if not traffic.within_targets(plan, catalog, load_left.ttft_s, load_left.tpot_s):
            # Held in memory, but slower than the service is meant to feel until the copy is back.
            if plan.e2e_target is not None:
                text += " " + t(lang, "availability.below_e2e", e2e=i18n.seconds(plan.e2e_target, lang))
            else:
                text += " " + t(lang, "availability.below_targets", ttft=i18n.seconds(ttft_target, lang),
                                tps=i18n.speed(1 / tpot_target, lang))  # fmt: skip
        out.text.append(text)
    else:
        out.text.append(t(lang, f"availability.users_some_{which}", left=left, held=i18n.number(held_users, lang),
                          users=users_phrase(users, lang), per=i18n.number(per_copy, lang),
                          context=i18n.tokens(plan.context, lang)))  # fmt: skip
    return out


# -- cost --------------------------------------------------------------------------------------------

SERVING_MODES = ("on_demand", "reserved", "dedicated")


# The contract modes sold by the whole month, which a training run asked in them is billed in
MONTHLY_RUN_MODES = ("reserved", "dedicated")


def cost(plan: Plan, setup: Setup, catalog: Catalog) -> Cost | None:
    """What a setup costs per hour and month in each contract mode the offering prices, what reserved and
    dedicated save against on demand, and the price of a million output tokens at the sized load (or, with
    no rate, kept as busy as the latency targets allow). None when the offering lists no prices for it."""
    offer = next((o for o in catalog.offering.offer if o.gpu == setup.gpu), None)
    if offer is None or not offer.price_per_gpu_hour:
        return None
    prices = offer.price_per_gpu_hour
    hours = catalog.offering.hours_per_month
    training_run = plan.stage.is_training
    modes = ("project_package", "on_demand") if training_run else SERVING_MODES
    tokens_s, basis = None, None
    p = setup.performance
    if p is not None:
        batch_run = plan.batch_seconds and not training_run and not plan.term_days
        if batch_run and p.max_requests_per_s > 0:
            # a batch runs at the rate the setup sustains and stops (its total below): its tokens cost that
            tokens_s, basis = p.max_requests_per_s * plan.output, "capacity"
        elif plan.utilization is not None and p.max_requests_per_s > 0:
            # "a 80% de utilização": that share of the rate the setup sustains within the latency targets
            tokens_s, basis = p.max_requests_per_s * plan.output * plan.utilization, "utilization"
        elif plan.traffic and p.meets_targets:
            # a daily volume or a head-count is sized at its busiest hour: said so
            tokens_s = p.output_tokens_per_s
            basis = "peak" if plan.rate_basis in ("daily", "population") else "load"
        elif p.max_requests_per_s > 0:
            tokens_s, basis = p.max_requests_per_s * plan.output, "capacity"
    by_mode: dict[str, ModeCost] = {}
    for mode in modes:
        if mode in prices and mode in offer.contract_modes:
            per_hour = prices[mode] * setup.count
            per_million = per_hour / (tokens_s * 3600) * 1e6 if tokens_s else None
            # On demand bills the hours a service on a schedule is on; reserved and dedicated capacity, the month.
            billed = plan.hours_on if mode == "on_demand" and plan.hours_on is not None else hours
            by_mode[mode] = ModeCost(
                per_hour=per_hour, per_month=per_hour * billed, per_million_output_tokens=per_million
            )
    if not by_mode:
        return None
    on_demand = by_mode.get("on_demand")
    for mode, c in by_mode.items():
        if on_demand and mode != "on_demand":
            # A month's bill against on demand's: negative when the schedule makes on demand the cheaper
            c.saving_vs_on_demand = 1 - c.per_month / on_demand.per_month
    mode = contract_mode(plan, setup.count, setup.replicas)
    if mode not in by_mode:
        mode = next(iter(by_mode))
    chosen = by_mode[mode]
    total = term_total = run_mode = contract_total = contract_months = None
    if training_run and plan.tokens:
        # The run's GPU-hours in the mode of the two billed by the hour the customer named, else the cheaper
        # (the project package's, as priced): a run rented by the hour is billed for the hours it runs, not the
        # month (it had shown a month's price for a 2-day run).
        run_modes = [m for m in ("project_package", "on_demand") if m in by_mode]
        run_mode = (
            plan.contract
            if plan.contract in run_modes
            else min(run_modes, key=lambda m: prices[m], default=None)
        )
        if run_mode is not None:
            total = _gpu_hours(plan, catalog.gpu(setup.gpu), catalog) * prices[run_mode]
        if (
            plan.contract in MONTHLY_RUN_MODES
            and plan.contract in prices
            and plan.contract in offer.contract_modes
        ):
            # Reserved or dedicated capacity asked for a run: sold by the whole month (README, "Cost"), so the run's
            # GPUs are billed every month it runs into; the hours it runs alone had been priced, on demand's.
            contract_months = max(1, math.ceil(training_days(plan, setup, catalog) * 24 / hours - 1e-9))
            contract_total = prices[plan.contract] * setup.count * hours * contract_months
    if not training_run and plan.term_days:
        term_total = chosen.per_month * term_months(plan.term_days)
    batch = plan.batch_seconds if not training_run and not plan.term_days else None
    if batch and p is not None and plan.rate and p.max_requests_per_s > 0:
        # On demand stops when the batch is done: at the rate the setup sustains it ends before its deadline
        # (the sizing keeps headroom), and billing the whole window had made a later deadline cost more.
        batch *= min(1.0, plan.rate / p.max_requests_per_s)
    month_tokens = month_days = per_million_month = None
    if not training_run and plan.rate_basis == "daily" and plan.requests_per_day and tokens_s:
        # The peak's price per token counts the busiest hour only; a month of the volume said pays for the
        # quiet hours too: the month's bill over the month's output (days of use from traffic.toml).
        month_days = catalog.traffic.daily.days_per_month
        month_tokens = plan.requests_per_day * month_days * plan.output
        per_million_month = chosen.per_month / month_tokens * 1e6
    return Cost(
        mode=mode,
        per_hour=chosen.per_hour,
        per_month=chosen.per_month,
        per_million_output_tokens=chosen.per_million_output_tokens,
        by_contract_mode=by_mode,
        hours_per_month=hours,
        tokens_basis=basis,
        tokens_share=plan.utilization if basis == "utilization" else None,
        hours_on=plan.hours_on,
        schedule=plan.schedule,
        project_total=total,
        project_mode=run_mode,
        contract_run_total=contract_total,
        contract_run_months=contract_months,
        term_total=term_total,
        # a batch is rented for the hours it runs, not the month: what the whole batch costs (in a mode sold by the
        # month, named, every month it runs into)
        batch_total=chosen.per_hour * _batch_hours(batch, mode, hours) if batch else None,
        batch_seconds=batch,
        month_output_tokens=month_tokens,
        month_days=month_days,
        per_million_month=per_million_month,
    )


def _beyond_offering(plan: Plan, catalog: Catalog) -> Estimates:
    """A run nothing we rent holds still gets its figures: FLOPs, GPU-hours on our fastest GPU, how many
    of them it takes just to hold it (whole servers, ZeRO-3) and to finish it in the stated time."""
    lang = plan.lang
    offered = [catalog.gpu(o.gpu) for o in catalog.offering.offer]
    gpu = max(offered, key=lambda g: (g.bf16_dense_tflops, g.memory_bytes))
    if plan.gpu_hours_asked and plan.gpu in offered:
        gpu = plan.gpu  # "quantas horas de H100?": the hours of the GPU asked, not of our fastest
    per_server = max(o for offer in catalog.offering.offer if offer.gpu == gpu.id for o in offer.counts)
    hold = _gpus_to_hold(plan, gpu, per_server, catalog)
    result = Estimates(text=[], gpu=gpu.id, gpus_to_hold=hold)
    formula, mfu = training_formula(plan), catalog.training_mfu(gpu)
    if hold is None:
        need = evaluate(plan, Shape(gpu, per_server, MAX_SERVERS, False), catalog, capacity=False)
        key = "estimate.beyond_unheld_tokens" if plan.tokens else "estimate.beyond_unheld"
        params = dict(need=i18n.gb(need.per_gpu.total, lang))
        if _tensor_parallel(plan, None, catalog) or _other_stack(plan, None, catalog):
            key += "_but"  # another split or another stack does fit: the alternatives say which
    elif not plan.tokens:
        key, params = "estimate.beyond_no_tokens", {}
    else:
        key, params = "estimate.beyond", {}
    if plan.tokens:
        flops = run_flops(plan, plan.tokens)
        gpu_hours = _gpu_hours(plan, gpu, catalog)
        days = plan.days or catalog.offering.training.default_days
        # The cluster that finishes in time, never smaller than the one that holds the run.
        gpus = max(math.ceil(gpu_hours / (days * 24)), hold or 0)
        result.training_flops, result.gpu_hours, result.mfu = flops, gpu_hours, mfu
        result.recompute_flops = training.recompute_flops(plan.model, plan.tokens, plan.checkpointing,
                                                          plan.selective_recompute, plan.seq_len,
                                                          _op_sac(plan))  # fmt: skip
        result.gpus_to_finish, result.deadline_days = gpus, days
        result.wall_clock_days = gpu_hours / gpus / 24
        params.update(flops=i18n.scientific(flops, lang), tokens=i18n.count(plan.tokens, lang),
                      gpu_hours=i18n.gpu_hours(gpu_hours, lang), days=i18n.day_count(days, lang),
                      gpus=i18n.number(gpus, lang))  # fmt: skip
    # How the run that holds it splits the model: ZeRO-3 by default, ZeRO-1 across pipeline stages; the layout
    # those GPUs get (a layout searched for the GPUs asked is searched again for them: sizing/setups.py).
    servers = -(-hold // per_server) if hold else MAX_SERVERS
    held = evaluate(plan, Shape(gpu, per_server, servers, False), catalog, capacity=False)
    split = [*([f"ZeRO-{held.zero}"] if held.zero else []), *setup_layout_parts(held, lang)]
    result.text.append(t(lang, key, gpu=gpu.name, hold=i18n.number(hold or 0, lang), formula=formula,
                         mfu=i18n.percent(mfu, lang), split=", ".join(split) or "DDP", **params))  # fmt: skip
    if plan.gpu_hours_asked and result.gpu_hours:
        result.text.insert(0, _hours_asked(plan, gpu, result.gpu_hours, mfu))
    return result


MAX_SERVERS = 512  # 4,096 GPUs: the most the engine sizes


def _gpus_to_hold(plan: Plan, gpu, per_server: int, catalog: Catalog) -> int | None:
    """The fewest whole servers of `gpu` whose per-GPU share of the run fits (None: no number does)."""

    def fits(servers: int) -> bool:
        return evaluate(plan, Shape(gpu, per_server, servers, False), catalog, capacity=False).fits

    if not fits(MAX_SERVERS):
        return None
    lo, hi = 0, MAX_SERVERS  # fits(hi); lo does not (0 servers hold nothing)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    return hi * per_server


# -- notes -------------------------------------------------------------------------------------------

QUANT_SAFE_TASKS = {"rag", "extraction", "classification", "summarization"}
QUANT_CAREFUL_TASKS = {"reasoning", "code"}


def _drafter_name(plan: Plan, lang: str) -> str:
    """The drafter as a sentence names it: "o Llama 3.2 1B como draft", "um head EAGLE-3", "n-gram"."""
    spec = plan.spec
    assert spec is not None
    if spec.draft is not None:
        return t(lang, "spec.drafter.draft_model", draft=spec.draft.name)
    return t(lang, f"spec.drafter.{spec.method}")


def _image_readers(catalog: Catalog) -> list[ModelEntry]:
    """Catalogue models whose images are counted, superseded ones (scale_base = false: Qwen2-VL beside
    Qwen2.5-VL, of the same size) left out of what is offered in place of a text-only model."""
    readers = [m for m in catalog.models if m.images is not None and m.images.counted]
    return [m for m in readers if m.scale_base] or readers


def nearest_vision_model(model: ModelEntry, catalog: Catalog) -> ModelEntry | None:
    """The catalogue model that reads images closest to `model`: of its family (the id's first word:
    "llama", "qwen", "gemma") when there is one, else the closest in size."""
    readers = _image_readers(catalog)
    if not readers:
        return None
    family = _FAMILY_WORD.match(model.id)
    same = [m for m in readers if family and m.id.startswith(family.group(0))]
    return min(same or readers, key=lambda m: abs(math.log(m.params / max(model.params, 1))))


def vision_models(model: ModelEntry, catalog: Catalog, n: int = 3) -> list[ModelEntry]:
    """Catalogue models that read images, to name in place of a text-only one: the nearest (its family's
    first), then the others closest to it in size."""
    readers = _image_readers(catalog)
    first = nearest_vision_model(model, catalog)
    rest = sorted(readers, key=lambda m: abs(math.log(m.params / max(model.params, 1))))
    out: list[ModelEntry] = []
    for m in ([first] if first else []) + rest:
        if all(o.id != m.id for o in out):
            out.append(m)
    return out[:n]


def image_notes(plan: Plan, setup: Setup | None, catalog: Catalog) -> list[str]:
    """What the answer says about the images of a question: a model that reads none, or whose rule the
    catalogue lacks; else what vLLM reserves for encoding them, and how to make that smaller."""
    img, lang, a = plan.images, plan.lang, plan.model
    if img is None or plan.stage.is_training:
        return []
    if img.rule is None:
        other = nearest_vision_model(a, catalog)
        if other is None:
            return [t(lang, "note.images.text_model_alone", model=a.name)]
        ask = other.aliases[0] if other.aliases else other.name
        return [t(lang, "note.images.text_model", model=a.name, other=other.name, ask=ask)]
    if not img.counted:
        other = nearest_vision_model(a, catalog)
        return [t(lang, "note.images.unsourced", model=a.name, other=other.name if other else "")]
    rule = img.rule
    tp = setup.tensor_parallel if setup is not None and setup.problem is None else 1
    chunk = plan.prefill_chunk
    reserve = images.reserve(rule, a, chunk, tp)
    key = "note.images.encoder_one" if reserve.images == 1 else "note.images.encoder_other"
    out = [t(lang, key, n=reserve.images, model=a.name, tokens=i18n.number(reserve.tokens_each, lang),
             peak=i18n.gb(reserve.peak, lang))]  # fmt: skip
    assert img.each is not None
    if rule.kind == "merged_patches" and images.largest(rule).encoder >= 2 * img.each.encoder:
        # vLLM sizes the reserve for max_pixels: capped at the customer's images (their blocks of 28x28
        # pixels after resizing), the largest image is theirs.
        per = img.each.embeds
        pixels = per * (rule.patch * rule.merge) ** 2
        small = images.encoder_peak(rule, max(1, max(chunk, per) // per) * img.each.encoder, tp)
        out.append(t(lang, "note.images.max_pixels", pixels=pixels, small=i18n.gb(small, lang)))
    if rule.kind == "cross_tiles":
        out.append(t(lang, "note.images.cross_vllm", model=a.name))
    return out


def batch_time(plan: Plan, setup: Setup | None) -> str | None:
    """How long a batch counted with no deadline ("processar 100 mil emails") takes on the setup: its answers'
    tokens at the setup's saturated output rate (the performance model's, prompts' prefill included), the
    pace of a batch, which no chat latency target holds back."""
    p = setup.performance if setup is not None and setup.fits else None
    if (
        not (plan.batch_items or plan.generated_tokens or plan.read_tokens)
        or p is None
        or p.max_output_tokens_per_s <= 0
    ):
        return None
    lang = plan.lang
    if plan.read_tokens:
        # "processar 10 milhões de palavras": prompts read with a short answer each, so the saturated rate is
        # set by reading them (prefill); the tokens read a second are the answers' rate times prompt/answer.
        read_per_s = p.max_output_tokens_per_s * plan.prompt / max(plan.output, 1)
        seconds = plan.read_tokens / read_per_s
        return t(lang, "perf.reading_time", total=i18n.count(plan.read_tokens, lang),
                 time=i18n.duration(seconds / 86400, lang), tokens=i18n.number(read_per_s, lang),
                 prompt=i18n.tokens(plan.prompt, lang), output=i18n.tokens(plan.output, lang))  # fmt: skip
    if plan.generated_tokens:
        # "gerar 1 milhão de tokens": the tokens themselves at the saturated output rate.
        seconds = plan.generated_tokens / p.max_output_tokens_per_s
        return t(lang, "perf.generation_time", total=i18n.count(plan.generated_tokens, lang),
                 time=i18n.duration(seconds / 86400, lang), tokens=i18n.number(p.max_output_tokens_per_s, lang),
                 prompt=i18n.tokens(plan.prompt, lang), output=i18n.tokens(plan.output, lang))  # fmt: skip
    seconds = plan.batch_items * plan.output / p.max_output_tokens_per_s
    return t(lang, "perf.batch_time", items=i18n.number(plan.batch_items, lang), time=i18n.duration(seconds / 86400, lang),
             tokens=i18n.number(p.max_output_tokens_per_s, lang), prompt=i18n.tokens(plan.prompt, lang),
             output=i18n.tokens(plan.output, lang))  # fmt: skip


def _published_minimum(plan: Plan, rec: Setup, catalog: Catalog) -> str:
    """The publisher's minimum GPU memory at the model's longest context (Qwen2.5-1M: 120 and 320 GB), beside
    the recommendation's nominal memory: when ours counts less, the customer hears both figures."""
    lang, minimum = plan.lang, plan.published_minimum_gb or 0
    total = rec.count * catalog.gpu(rec.gpu).memory_marketing_gb
    params = dict(model=plan.model.name, limit=i18n.tokens(plan.model.max_context, lang),
                  minimum=f"{i18n.number(minimum, lang)} GB", total=f"{i18n.number(total, lang)} GB")  # fmt: skip
    if total >= minimum:
        return t(lang, "note.model.published_minimum_met", **params)
    counted = i18n.gb(rec.per_gpu.total * rec.count, lang)
    return t(lang, "note.model.published_minimum_short", counted=counted, **params)


_FAMILY_WORD = re.compile(r"[a-z]+")


def _pipeline_in_server(plan: Plan, setup: Setup | None, lang: str) -> str | None:
    """Why a copy of the model on one server runs in pipeline stages ("llama 70b em 3 h100"): vLLM's tensor
    parallelism must divide the attention heads (vllm/config: num_attention_heads % tensor_parallel_size), so
    3 or 6 GPUs split a 64-head model into stages of layers instead (--pipeline-parallel-size). A token then
    passes the stages one after the other: one user's speed is about one GPU's reading the whole model, not
    the sum tensor parallelism gives; many conversations keep every stage busy."""
    if setup is None or plan.stage.is_training or plan.layout_given or setup.servers > 1:
        return None
    tp, pp = setup.tensor_parallel, setup.pipeline_parallel
    if pp <= 1 or serving.tp_problem(plan.model, tp * pp) is None:
        return None
    a = plan.model
    key = "note.pipeline_in_server_tp" if tp > 1 else "note.pipeline_in_server"
    return t(lang, key, gpus=tp * pp, heads=a.num_heads, pp=pp, tp=tp, layers=math.ceil(a.num_layers / pp),
             total=a.num_layers)  # fmt: skip


def _encoders_share(plan: Plan, rec: Setup, catalog: Catalog, shared_only: bool = False) -> str:
    """vLLM's --gpu-memory-utilization that leaves the embedding and reranking models their room on each GPU:
    vLLM takes that share of the whole GPU for itself (vllm/v1/worker/gpu_worker.py), so theirs comes off it."""
    share = catalog.offering.serving.memory_utilization
    theirs = rec.per_gpu.encoders
    value = math.floor((share - theirs / rec.gpu_memory_bytes) * 100) / 100
    key = "encoders.share_if_together" if shared_only else "encoders.share"
    return t(plan.lang, key, gpu=rec.gpu_name, value=i18n.number(value, plan.lang, 2),
             default=i18n.number(share, plan.lang, 2), theirs=i18n.gb(theirs, plan.lang))  # fmt: skip


def _nvlink_domain(named: Setup | None, catalog: Catalog, lang: str) -> str | None:
    """A rack-scale GPU asked for ("kimi k2 on gb200 nvl72"): its rack joins more GPUs in one NVLink domain than
    the servers the sizing counts (GB200 NVL72: 72 GPUs, trays of 4), so the answer says how it was counted."""
    if named is None or is_budget(named.gpu):
        return None
    gpu = catalog.gpu(named.gpu)
    if gpu.nvlink_domain is None:
        return None
    return t(lang, "note.nvlink_domain", gpu=named.gpu_name, domain=gpu.nvlink_domain, per=gpu.max_per_server,
             gb_s=i18n.number(gpu.interconnect_gb_s, lang))  # fmt: skip


class _SpeechRoom(msgspec.Struct, frozen=True):
    """A way to serve speech beside the LLM: GPUs of a kind, how many in all and how many more than the plan's,
    and what those cost an hour on demand (None unpriced)."""

    gpu_name: str
    count: int
    added: int
    hourly: float | None


def _on_demand_hourly(gpu: str, count: int, catalog: Catalog) -> float | None:
    """What `count` GPUs of a kind cost an hour on demand, None where the offering has no price for them."""
    price = next(
        (o.price_per_gpu_hour.get("on_demand") for o in catalog.offering.offer if o.gpu == gpu), None
    )
    return price * count if price else None


def _llm_alone(plan: Plan, rec: Setup, catalog: Catalog) -> Setup | None:
    """The LLM's setup with the speech model on GPUs of its own: sized as its own answer is, without the speech's
    memory on each GPU (the setup above counts it)."""
    rest = tuple(i for i in plan.encoders if not speech.is_speech_id(i))
    return recommend(plan.but(encoders=rest), catalog)


def _speech_apart(served: speech.Served, ld: speech_query.Load, catalog: Catalog) -> _SpeechRoom | None:
    """The speech model alone on GPUs of its own: of each kind we rent, the count it needs as if asked alone
    (sizing/speech_query.py), the cheapest an hour on demand (unpriced, the fewest GPUs)."""
    options = []
    for o in catalog.offering.offer:
        g = catalog.gpu(o.gpu)
        count = speech_query.gpus_needed(served, ld, g, catalog)
        if count and speech.total(served) <= g.memory_bytes * catalog.offering.serving.memory_utilization:
            options.append(_SpeechRoom(g.name, count, count, _on_demand_hourly(o.gpu, count, catalog)))
    return min(options, key=lambda o: (math.inf if o.hourly is None else o.hourly, o.added), default=None)


class _SpeechTime(msgspec.Struct, frozen=True):
    """A speech model's time beside the LLM's at the peak: the audio's seconds a second, how each part of it was
    said, the LLM's share of the GPUs' time (None where its load is not estimated), when it is that, and the
    ceiling both are weighed against."""

    audio: float
    parts: list[str]
    llm: float | None
    when: str
    limit: float


class _SpeechChoice(msgspec.Struct, frozen=True):
    """Where speech and LLM together are over the ceiling: the setup repeated `times` (`more`), the speech on
    GPUs of its own (`apart`, the LLM then on `alone`), whether both are priced, and which one is advised."""

    times: int
    more: _SpeechRoom
    apart: _SpeechRoom | None
    alone: Setup | None
    priced: bool
    apart_wins: bool


def _speech_time(plan: Plan, rec: Setup, served: speech.Served, catalog: Catalog) -> _SpeechTime:
    """The audio asked at its peak (plan.speech_load) and the LLM's share beside it: the LLM's peak rate over the
    rate the setup sustains (its "O pico usa" line), or with conversations at once and no rate, what they write
    over what the setup writes saturated."""
    lang, ld = plan.lang, plan.speech_load
    ceiling = catalog.traffic.capacity.plan_utilization
    audio, parts = 0.0, []  # seconds of audio a second, and how each part of it was said
    if ld.audio_hours is not None:
        hours = i18n.number(ld.audio_hours, lang, 0 if ld.audio_hours >= 10 else 1)
        need, peak = speech_query.audio_at_peak(ld, catalog)
        audio += need
        key = "speech.beside_volume_peak" if peak else "speech.beside_volume"
        parts.append(t(lang, key, hours=hours, period=t(lang, f"speech.period_{int(ld.period_s)}"),
                       need=i18n.number(need, lang, 1 if need < 10 else 0), share=i18n.percent(peak or 0, lang)))  # fmt: skip
    if ld.streams is not None:
        audio += ld.streams
        parts.append(t(lang, "speech.beside_streams", n=i18n.number(ld.streams, lang)))
    p = rec.performance
    llm, when, limit = None, "", ceiling
    if p is not None and p.utilization is not None:
        llm, when = p.utilization, t(lang, "speech.llm_peak")
    elif p is not None and p.max_output_tokens_per_s > 0:
        llm = p.output_tokens_per_s / p.max_output_tokens_per_s
        users = round(p.concurrency)
        # "com 1 conversas" had disagreed
        when = t(
            lang,
            "speech.llm_at_once_one" if users == 1 else "speech.llm_at_once",
            users=i18n.number(users, lang),
        )
        # Conversations at once are sized by memory, with no ceiling on the time they take: past the
        # ceiling already, the LLM keeps what the plan gave it and the speech has no room left beside it
        limit = max(ceiling, llm)
    return _SpeechTime(audio, parts, llm, when, limit)


def _speech_choice(
    plan: Plan, rec: Setup, served: speech.Served, catalog: Catalog, time: _SpeechTime
) -> _SpeechChoice | None:
    """Speech and LLM over the ceiling on `rec` (None where they fit, or the LLM's share is unknown): the cheaper
    of the same setup repeated or the speech model on GPUs of its own, sized as alone."""
    share = time.audio / (rec.count * speech.realtime_factor(served, catalog.gpu(rec.gpu)))
    if time.llm is None or share + time.llm <= time.limit:
        return None
    ceiling = catalog.traffic.capacity.plan_utilization
    n, llm = rec.count, time.llm
    # The same setup repeated: each copy serves its share of the LLM's load and of the audio
    times = math.ceil((share + llm) / ceiling - 1e-9)
    added = n * (times - 1)
    more = _SpeechRoom(rec.gpu_name, n * times, added, _on_demand_hourly(rec.gpu, added, catalog))
    # The speech on GPUs of its own (sized for its peak), the LLM on its own setup sized without the speech's
    # memory (where the LLM's load alone is within the limit)
    ld = plan.speech_load
    volume = time.audio - (ld.streams or 0)
    peak = speech_query.Load(audio_hours=volume or None, period_s=3600, streams=ld.streams)
    apart = _speech_apart(served, peak, catalog) if llm <= time.limit else None
    alone = _llm_alone(plan, rec, catalog) if apart is not None else None
    # Weighed against repeating the setup: the speech's GPUs, and any the LLM's own setup saves or adds
    # against the one above (what the answer says each costs stays the speech's GPUs' own)
    net_added, net_hourly = (apart.added, apart.hourly) if apart is not None else (0, None)
    if apart is not None and alone is not None:
        net_added = apart.count + alone.count - n
        if apart.hourly is not None and (mine := _on_demand_hourly(alone.gpu, alone.count, catalog)):
            net_hourly = apart.hourly + mine - (_on_demand_hourly(rec.gpu, n, catalog) or 0)
    priced = apart is not None and net_hourly is not None and more.hourly is not None
    # Cheaper an hour where both are priced, else fewer GPUs added; a tie goes to GPUs of its own, where
    # the speech's time no longer delays the LLM's answers
    wins = apart is not None and (net_hourly < more.hourly if priced else net_added <= more.added)
    return _SpeechChoice(times, more, apart, alone, priced, wins)


def speech_copies(plan: Plan, rec: Setup | None, catalog: Catalog) -> int:
    """How many times the recommendation is repeated so that the speech models beside the LLM and the LLM fit
    within the plan's ceiling together, where repeating it is what the notes advise (1: as it is). The notes'
    "Recomendo 2× L40" had stood under a recommendation of 1× L40, priced alone."""
    if rec is None or plan.speech_load is None or plan.stage.is_training or is_budget(rec.gpu):
        return 1
    ld = plan.speech_load
    if ld.audio_hours is not None and (ld.period_s is None or ld.deadline):
        return 1  # a one-off volume: its time is said, not shared at a peak
    times = 1
    for served in [speech.by_id(i) for i in plan.encoders if speech.is_speech_id(i)]:
        choice = _speech_choice(plan, rec, served, catalog, _speech_time(plan, rec, served, catalog))
        if choice is not None and not choice.apart_wins:
            times = max(times, choice.times)
    return times


def _speech_why_more(choice: _SpeechChoice) -> str:
    """Why the setup repeated beats the speech on GPUs of its own: cheaper, fewer GPUs, or no room for it."""
    if choice.apart is None:
        return "speech.why_more_llm"
    return "speech.why_more_cheaper" if choice.priced else "speech.why_more_fewer"


def _speech_why(lang: str, why: str, choice: _SpeechChoice, rec: Setup) -> str:
    """The "Por quê" of a speech model's choice (message key `why`), its verb agreeing with its count. Which
    costs less is said, never the amounts: notes and what decided reach everyone who asks, and prices only the
    people who may see them (the cost lines; the amounts here had reached a shared channel)."""
    more, apart = choice.more, choice.apart
    # the verb agrees with its count ("1× L40 a mais custam" had disagreed)
    if why == "speech.why_more_cheaper" and more.added == 1:
        why += "_one"
    elif why == "speech.why_apart_cheaper" and apart is not None and apart.count > 1:
        why += "_many"
    return t(lang, why, more=more.count, more_added=more.added, gpu=rec.gpu_name,
             apart=apart.count if apart else 0, apart_gpu=apart.gpu_name if apart else "")  # fmt: skip


def speech_apart(plan: Plan, rec: Setup | None, catalog: Catalog) -> SpeechApart | None:
    """The speech model's GPUs apart where the notes recommend them (_speech_choice), priced on demand, and the
    LLM's own setup: what the notes advise, for the cost lines that staff see (the notes say no amounts)."""
    if rec is None or plan.speech_load is None or plan.stage.is_training or not catalog.offering.has_prices:
        return None
    ld = plan.speech_load
    if ld.audio_hours is not None and (ld.period_s is None or ld.deadline):
        return None
    for served in [speech.by_id(i) for i in plan.encoders if speech.is_speech_id(i)]:
        choice = _speech_choice(plan, rec, served, catalog, _speech_time(plan, rec, served, catalog))
        if choice is None or not choice.apart_wins or choice.apart.hourly is None:
            continue
        llm = choice.alone or rec
        return SpeechApart(name=served.name, count=choice.apart.count, gpu_name=choice.apart.gpu_name,
                           per_hour=choice.apart.hourly, llm_count=llm.count, llm_gpu_name=llm.gpu_name,
                           llm_per_hour=_on_demand_hourly(llm.gpu, llm.count, catalog))  # fmt: skip
    return None


def speech_repeated_why(plan: Plan, before: Setup, catalog: Catalog) -> str:
    """Why `before` is repeated for the speech beside the LLM (speech_copies) rather than the speech put on GPUs
    of its own: the "Por quê" the notes had said under the smaller setup."""
    for served in [speech.by_id(i) for i in plan.encoders if speech.is_speech_id(i)]:
        choice = _speech_choice(plan, before, served, catalog, _speech_time(plan, before, served, catalog))
        if choice is not None and not choice.apart_wins:
            return _speech_why(plan.lang, _speech_why_more(choice), choice, before)
    return ""


def _speech_share(
    plan: Plan, rec: Setup, served: speech.Served, catalog: Catalog, apart_chosen: list[bool] | None = None
) -> list[str]:
    """A speech model's share of the GPUs' time beside the LLM's, for the audio asked (plan.speech_load): the
    audio's seconds a second over the GPUs' real-time factor (the faster-whisper README's benchmark scaled,
    sizing/speech.py), one copy of it on each GPU as its memory line counts; the LLM's share as _speech_time
    weighs it. Both within the plan's ceiling (traffic.toml) share the GPUs; over it, the cheaper of the same
    setup repeated or the speech model on GPUs of its own, sized as alone (_speech_choice)."""
    lang, ld = plan.lang, plan.speech_load
    gpu, n = catalog.gpu(rec.gpu), rec.count
    rtf = speech.realtime_factor(served, gpu)
    ceiling = catalog.traffic.capacity.plan_utilization
    where = dict(name=served.name, gpu=rec.gpu_name, count=n, rtf=i18n.number(rtf, lang))
    if ld.audio_hours is not None and (ld.period_s is None or ld.deadline):
        hours = i18n.number(ld.audio_hours, lang, 0 if ld.audio_hours >= 10 else 1)
        # A one-off volume (or one by a deadline): the time it takes on these GPUs, the LLM's work beside it
        seconds = ld.audio_hours * 3600 / (n * rtf)
        key = "speech.beside_once_deadline" if ld.deadline else "speech.beside_once"
        # Past its deadline even with the GPUs to itself: the GPUs of its own it needs, as alone
        apart = _speech_apart(served, ld, catalog) if ld.deadline and seconds > ld.period_s else None
        return [t(lang, key + ("_late" if apart else ""), hours=hours, time=i18n.duration(seconds / 86400, lang),
                  deadline=i18n.duration((ld.period_s or 0) / 86400, lang), apart=apart.count if apart else 0,
                  apart_gpu=apart.gpu_name if apart else "", **where)]  # fmt: skip
    time = _speech_time(plan, rec, served, catalog)
    share, llm = time.audio / (n * rtf), time.llm
    said = dict(speech=i18n.percent(share, lang), audio=i18n.join(time.parts, lang), **where)
    if llm is None:
        key = "speech.share_alone_fits" if share <= ceiling else "speech.share_alone_over"
        return [t(lang, key, plan=i18n.percent(ceiling, lang), **said)]
    both = share + llm
    said.update(
        llm=i18n.percent(llm, lang),
        when=time.when,
        both=share_text(both, ceiling, lang),
        plan=i18n.percent(ceiling, lang),
    )
    lines = []
    choice = _speech_choice(plan, rec, served, catalog, time)
    if choice is None:
        lines.append(t(lang, "speech.share_fits", **said))
    else:
        more, apart, alone, priced = choice.more, choice.apart, choice.alone, choice.priced
        if choice.apart_wins:
            if apart_chosen is not None:
                apart_chosen.append(True)  # the caller's notes say the table above is the shared setup
            why = "speech.why_apart_cheaper" if priced else "speech.why_apart_fewer"
            key = "speech.choice_apart" if alone is None else "speech.choice_apart_own"
            choice_said = t(lang, key, apart=apart.count, apart_gpu=apart.gpu_name, name=served.name,
                            llm=i18n.percent(llm, lang))  # fmt: skip
            if alone is not None:
                own = alone.performance.utilization if alone.performance else None
                key = (
                    "speech.llm_alone_same"
                    if (alone.gpu, alone.count) == (rec.gpu, n)
                    else "speech.llm_alone"
                )
                choice_said += t(lang, key, count=alone.count, gpu=alone.gpu_name, gb=i18n.gb(rec.per_gpu.encoders, lang),
                                 share=i18n.number(catalog.offering.serving.memory_utilization, lang, 2),
                                 llm=i18n.percent(own if own is not None else llm, lang))  # fmt: skip
        else:
            why = _speech_why_more(choice)
            choice_said = t(lang, "speech.choice_more", more=more.count, gpu=rec.gpu_name,
                            share=i18n.percent(both / choice.times, lang))  # fmt: skip
        lines.append(t(lang, "speech.share_over", choice=choice_said, **said))
        lines.append(_speech_why(lang, why, choice, rec))
    if ld.audio_hours is not None and (ld.period_s or 0) < 86400:
        lines.append(t(lang, "speech.volume_peak"))  # a day's or longer volume says its busiest hour above
    return lines


def quantization_note(precision, task: str | None, lang: str) -> str:
    """What a quantized precision costs in quality, for the task when it is one the advice knows."""
    if precision.nominal_bits < 4:
        return t(lang, "note.quant_low", precision=precision.name)
    if task in QUANT_SAFE_TASKS:
        return t(lang, "note.quant_safe", task=t(lang, f"task.{task}"))
    if task in QUANT_CAREFUL_TASKS:
        return t(lang, "note.quant_careful", task=t(lang, f"task.{task}"))
    return t(lang, "note.quant_general")


def notes(plan: Plan, rec: Setup | None, catalog: Catalog, named: Setup | None = None) -> list[str]:
    lang = plan.lang
    out = image_notes(plan, rec, catalog)
    if plan.production_next:
        # "homologação antes de ir pra produção": this answer sizes the staging; production is the next question
        out.append(t(lang, "note.production_next"))
    share_at = len(out)
    apart: list[bool] = []
    if rec is not None and not plan.stage.is_training and not is_budget(rec.gpu):
        for served in [speech.by_id(i) for i in plan.encoders if speech.is_speech_id(i)]:
            # Its speed on the GPU it shares with the LLM: the published benchmark scaled (sizing/speech.py)
            rtf = speech.realtime_factor(served, catalog.gpu(rec.gpu))
            out.append(t(lang, "speech.speed_beside", name=served.name, gpu=rec.gpu_name,
                         rtf=i18n.number(rtf, lang), calls=int(rtf * speech.table().defaults.live_utilization)))  # fmt: skip
            if plan.speech_load is not None:
                out.extend(_speech_share(plan, rec, served, catalog, apart))
    if plan.encoders and rec is not None and rec.per_gpu.encoders and plan.engine == "vllm":
        # With the speech recommended on GPUs of its own (and nothing else beside the LLM), the memory table
        # and the launch flag above are the shared setup: said so, where the flag had read as the advice.
        alone = apart and all(speech.is_speech_id(i) for i in plan.encoders)
        out.insert(share_at, _encoders_share(plan, rec, catalog, shared_only=bool(alone)))
    if (
        plan.quantize_run
    ):  # what was asked first ("quanto de vram pra quantizar ..."), then serving the result
        out.append(_quantize_run(plan, catalog))
    a = plan.model
    if not plan.stage.is_training and plan.precision.is_quantized:
        out.append(quantization_note(plan.precision, plan.task.value if plan.task else None, lang))
    if plan.precision.gguf and not plan.stage.is_training:
        out.append(t(lang, "note.gguf_engine"))
        out.extend(published_gguf(plan, named or rec, catalog))
    if a.is_moe and a.moe:
        # A training's is about its time (the FLOPs count the active parameters), not the serving's speed.
        out.append(
            t(
                lang,
                # with no time estimated (no data volume), no "estimate" to point to
                ("note.moe_training" if plan.timed else "note.moe_training_untimed")
                if plan.stage.is_training
                else "note.moe",
                experts=a.moe.experts,
                active=a.moe.experts_per_token,
                total=i18n.params(a.params, lang),
                active_params=i18n.params(a.active_params, lang),
            )
        )
    if a.mla and not plan.stage.is_training:  # a training keeps no KV cache
        out.append(t(lang, "note.mla"))
        dp = mla_data_parallel(plan, rec, catalog) if rec is not None else None
        if dp:
            out.append(dp)
        if a.mla.index_head_dim:
            out.append(t(lang, "note.sparse_attention", bytes=kv_cache.indexer_bytes(a),
                         topk=i18n.number(a.mla.index_topk, lang)))  # fmt: skip
    if a.compressed and not plan.stage.is_training:
        c = a.compressed
        out.append(t(lang, "note.compressed_attention", window=i18n.tokens(a.window, lang),
                     csa=a.csa_layers, hca=a.hca_layers, csa_ratio=c.csa_ratio, hca_ratio=c.hca_ratio,
                     entry=kv_cache.entry_bytes(a), index=kv_cache.v4_indexer_bytes(a),
                     per_token=i18n.number(round(kv_cache.global_bytes_per_token(a, 1)), lang),
                     fixed=i18n.gb(kv_cache.state_bytes(a), lang), topk=i18n.number(c.index_topk, lang)))  # fmt: skip
    # Layers with a fixed state per conversation instead of a KV cache (Gated DeltaNet, Mamba-2, Mamba-1): how
    # many, and the state each conversation keeps in them.
    for kind, layers in (
        ("linear_attention", a.linear_layers),
        ("mamba", a.mamba_layers),
        ("mamba1", a.mamba1_layers),
    ):
        if getattr(a, kind) and not plan.stage.is_training:
            # A pure Mamba model has no attention layers to point to; Falcon-H1's have attention beside every
            # mixer, so its layers are not "only" some of them.
            if kind != "linear_attention" and not a.attention_layers:
                kind += "_only"
            elif kind == "mamba" and a.parallel_layers:
                kind = "mamba_parallel"
            elif kind == "mamba" and a.shared_blocks:
                kind = "mamba_shared"  # Zamba2: every layer a mixer, some first run a shared block
            elif kind == "linear_attention" and a.linear_attention.variant != "gated_deltanet":  # type: ignore[union-attr]
                kind += "_" + a.linear_attention.variant  # type: ignore[union-attr]
            # A state under 10 MB (RecurrentGemma's 0.5-1 MB) said in MB: in GB it would read "0,00 GB".
            state = kv_cache.state_bytes(a)
            said = i18n.gb(state, lang) if state >= 1e7 else i18n.data_size(state, lang)
            blocks = a.shared_blocks.blocks if a.shared_blocks else 0
            out.append(t(lang, f"note.model.{kind}", layers=a.num_layers, attention=a.attention_layers,
                         state=said, count=layers, blocks=blocks))  # fmt: skip
    if a.layer_blocks and not plan.stage.is_training:
        # A NAS-built stack (DeciLM): why its KV cache is smaller than a transformer's of its size.
        key = "note.model.layer_blocks_empty" if a.empty_layers else "note.model.layer_blocks"
        out.append(t(lang, key, layers=a.num_layers, attention=a.attention_layers, mlp_only=a.mlp_only_layers,
                     empty=a.empty_layers))  # fmt: skip
    if plan.published_minimum_gb and rec is not None and rec.problem is None and not is_budget(rec.gpu):
        out.append(_published_minimum(plan, rec, catalog))
    if a.extra_params:
        counted = (plan.images is not None and plan.images.counted) or plan.images_in_sequences
        key = "note.model.extra_params_counted" if counted else "note.model.extra_params"
        out.append(t(lang, key, params=i18n.params(a.extra_params, lang)))
    ple = a.parts.per_layer_embeddings
    if ple:
        # Gemma 3n's "effective" size: what stays on the accelerator when an engine keeps the table off it.
        out.append(t(lang, "note.model.per_layer_embeddings", total=i18n.params(a.params, lang),
                     ple=i18n.params(ple, lang), effective=i18n.params(a.params - ple - a.extra_params, lang)))  # fmt: skip
    if a.kv_shared_layers and not plan.stage.is_training:
        out.append(t(lang, "note.model.kv_shared_layers", shared=a.kv_shared_layers, layers=a.num_layers,
                     own=a.cached_layers))  # fmt: skip
    if "L" in a.layer_pattern and not a.compressed and not plan.stage.is_training:
        out.append(
            t(
                lang,
                "note.local_layers_chunked" if a.chunked_attention else "note.local_layers",
                local=a.local_layers,
                layers=a.num_layers,
                window=i18n.tokens(a.window, lang),
            )
        )
    if plan.spec is not None and not plan.stage.is_training:
        # What speculative decoding buys depends on how many proposals the served model accepts, which depends
        # on the text: the performance figures stay those of plain decoding, and the note says what published
        # runs saw (EAGLE: Li et al. 2024, arXiv:2401.15077, 2.7-3.5x lower latency for LLaMA2-Chat 70B on
        # their test sets, batch 1), and why a busy server may lose throughput (vLLM's docs: speculative
        # decoding is for latency under low to medium load; at high load the GPU is already busy, and every
        # rejected proposal is work thrown away).
        out.append(t(lang, "note.speculative", drafter=_drafter_name(plan, lang)))
    if rec and rec.servers > 1:
        if plan.stage.is_training:
            out.append(t(lang, "note.multi_server_training", servers=servers_in_all(rec)))
        elif rec.replicas > 1:
            out.append(t(lang, "note.multi_server_copies", servers=servers_in_all(rec), per=rec.servers))
        else:
            out.append(t(lang, "note.multi_server", servers=rec.servers))
    staged = _pipeline_in_server(plan, named or rec, lang)
    if staged:
        out.append(staged)
    rack = _nvlink_domain(named, catalog, lang)
    if rack:
        out.append(rack)
    if rec and not plan.stage.is_training:
        default_note = vllm_defaults_note(plan, rec, catalog)
        if default_note:
            out.append(default_note)
    # FP8 on the named GPU is said in its verdict; on the recommendation, here.
    if runs_weight_only(plan.precision, rec, catalog) and not (named and named.gpu == rec.gpu):
        out.append(t(lang, "note.fp8_weight_only", gpu=rec.gpu_name))
    if fp4_weight_only(plan.precision, rec, catalog) and not (named and named.gpu == rec.gpu):
        out.append(
            t(lang, "note.nvfp4_weight_only", gpu=rec.gpu_name, arch=catalog.gpu(rec.gpu).architecture)
        )
    if plan.stage is Stage.qlora:
        out.append(t(lang, "note.qlora_paged"))
    for setup in (named, rec):
        if setup is not None and setup.per_gpu.paged_optimizer and not (setup is rec and named == rec):
            out.append(_paged_states(setup, lang))
    if rec and plan.stage.is_training and rec.per_gpu.host_offload:
        host = i18n.gb(rec.per_gpu.host_offload, lang)
        offloaded = plan.offload_params or (plan.cpu_offload and plan.stage in (Stage.full, Stage.pretrain))
        if plan.nvme_offload and rec.per_gpu.nvme_offload:
            out.append(_nvme_note(plan, rec, lang))
        elif plan.offload_params:
            slower = params_offload_slowdown(plan, rec, catalog)
            out.append(t(lang, "note.offload_params", host=host) + (f" {slower}" if slower else ""))
        elif offloaded:
            slower = offload_slowdown(plan, rec, catalog)
            out.append(t(lang, "note.cpu_offload", host=host) + (f" {slower}" if slower else ""))
        if offloaded:
            # Nothing in the offering says how much RAM a server has: the figure per server is for checking.
            servers = servers_in_all(rec)
            per_server = i18n.gb(rec.per_gpu.host_offload / servers, lang)
            key = "note.host_ram_per_server" if servers > 1 else "note.host_ram_one_server"
            out.append(t(lang, key, per_server=per_server, servers=servers))
        elif plan.stack is not None and plan.stack.offload_checkpoints and plan.checkpointing:
            out.append(t(lang, "note.offload_checkpoints", stack=plan.stack.name, host=host))
    if rec and plan.availability and rec.replicas > 1 and not plan.stage.is_training:
        out.append(t(lang, "note.availability_servers"))
    if plan.zones and not plan.stage.is_training:
        out.append(t(lang, "note.zones", zones=plan.zones))
    if not plan.stage.is_training:
        # the figures are latency.toml's (Azure's P95 round trips), so the note says what the table says
        figures = latency.note_figures()
        out.append(t(lang, "note.latency_europe" if plan.users_in_europe else "note.latency", **figures))
    out += residency_notes(plan)
    return out


def _nvme_note(plan: Plan, setup: Setup, lang: str) -> str:
    """What ZeRO-Infinity's NVMe offload puts on the drives and what it still keeps in RAM (sizing/training.py
    nvme_host_bytes): the PCIe copy's timing said for the RAM's offload is not said, the drives' speed being unknown."""
    full = plan.cpu_offload and plan.stage in (Stage.full, Stage.pretrain)
    buffers = ([t(lang, "note.nvme_buffers_optimizer")] if full else []) + (
        [t(lang, "note.nvme_buffers_params")] if plan.offload_params else []
    )
    what = (
        "note.nvme_what_optimizer"
        if not plan.offload_params
        else "note.nvme_what_params"
        if full
        else ("note.nvme_what_weights")
    )
    return t(lang, "note.nvme_offload", moved=i18n.gb(setup.per_gpu.nvme_offload, lang), what=t(lang, what),
             host=i18n.gb(setup.per_gpu.host_offload, lang), buffers="; ".join(buffers),
             sub_group=t(lang, "note.nvme_sub_group") if full else "")  # fmt: skip


def _paged_states(setup: Setup, lang: str) -> str:
    """Where a paged optimizer's states sit on this setup: CUDA unified memory stays on the GPU while there is
    room beyond the rest of the run and is paged to the server's RAM only past it (bitsandbytes' paged
    optimizers, cudaMallocManaged), so on a GPU with room they cost nothing, and on one without the part that
    does not fit crosses PCIe at every step."""
    paged = setup.per_gpu.paged_optimizer
    free = max(0, setup.usable_bytes_per_gpu - setup.per_gpu.total)
    args = dict(gpu=setup.gpu_name, paged=i18n.gb(paged, lang), free=i18n.gb(free, lang))
    if paged <= free:
        return t(lang, "note.paged_optimizer_fits", **args)
    return t(lang, "note.paged_optimizer_spills", out=i18n.gb(paged - free, lang), **args)


def residency_notes(plan: Plan) -> list[str]:
    """Where the GPUs are and what that means under the law the data answers to: the LGPD's note, or, when the
    question says the data must stay in the EU (or names the GDPR), that our GPUs in Brazil are outside it,
    with the LGPD's note too when the question names both."""
    lang = plan.lang
    if "eu" not in plan.residency:
        return [t(lang, "note.lgpd")]
    if "lgpd" in plan.residency:
        return [t(lang, "note.residency_eu"), t(lang, "note.lgpd")]
    return [f"{t(lang, 'note.residency_eu')} {t(lang, 'note.slack_stored')}"]


def _quantize_run(plan: Plan, catalog: Catalog) -> str:
    """What quantizing the model oneself takes, before the answer sizes serving the result."""
    lang = plan.lang
    host, layer = quantization_run(plan.model)
    # The GPU must hold a layer and its Hessian (GPTQ) with a tenth spare for the calibration batch: the
    # smallest GPU we rent that does (DeepSeek R1's 46 GB does not fit an L40S).
    gpus = sorted((catalog.gpu(o.gpu) for o in catalog.offering.offer), key=lambda g: g.memory_visible_mib)
    enough = next((g for g in gpus if g.memory_visible_mib * 2**20 * 0.9 >= 2 * layer), None)
    where = (
        t(lang, "note.quantize_any_gpu")
        if enough is gpus[0]
        else t(lang, "note.quantize_gpu", gpu=enough.name)
        if enough
        else t(lang, "note.quantize_no_gpu")
    )
    figures = dict(precision=plan.precision.name, host=i18n.gb(host, lang), layer=i18n.gb(layer, lang),
                   gptq=i18n.gb(2 * layer, lang), where=where)  # fmt: skip
    if plan.precision.gguf:
        return t(lang, "note.quantize_run_gguf", **figures)
    return t(
        lang, "note.quantize_run" if plan.precision.is_quantized else "note.quantize_run_target", **figures
    )


def published_gguf(plan: Plan, setup: Setup | None, catalog: Catalog) -> list[str]:
    """What a published file of this model at this type weighs when its publisher chose each layer's type
    (Unsloth's dynamic quants: models.toml gguf_files), against llama.cpp's own mixture sized here; whether
    it fits the setup the answer leads with; and the speed its publisher measured with it."""
    lang = plan.lang
    out = []
    ours = weight_bytes(plan.model, plan.precision, catalog).bytes
    for f in plan.model.gguf_files:
        if f.precision != plan.precision.id:
            continue
        diff = f.weight_bytes - ours
        text = t(lang, "note.gguf_file_more" if diff >= 0 else "note.gguf_file_less", label=f.label,
                 repo=f.repo, file=f.file, published=i18n.gb(f.weight_bytes, lang), diff=i18n.gb(abs(diff), lang),
                 precision=plan.precision.name, ours=i18n.gb(ours, lang))  # fmt: skip
        if setup is not None:
            # The file's own bytes, as a published checkpoint's are counted (sizing/weights.py).
            release = Release(repo=f"{f.repo}:{f.file}", precision=f.precision, weight_bytes=f.weight_bytes,
                              source=f.source)  # fmt: skip
            model = msgspec.structs.replace(plan.model, release=release)
            variant = plan.but(resolved=msgspec.structs.replace(plan.resolved, model=model))
            same = _same_setup(variant, setup, catalog)
            if same.fits:
                text += " " + t(lang, "note.gguf_file_fits", setup=describe(same, lang),
                                capacity=capacity(variant, same))  # fmt: skip
            elif enough := recommend(variant, catalog):
                text += " " + t(lang, "note.gguf_file_short", setup=describe(same, lang),
                                enough=describe(enough, lang))  # fmt: skip
            else:
                text += " " + t(lang, "note.gguf_file_none", setup=describe(same, lang))
        out.append(text)
        if f.measured_tokens_per_s_user and f.measured_tokens_per_s_total:
            out.append(t(lang, "note.gguf_measured", label=f.label, engine=f.measured_engine or "",
                         on=f.measured_on or "", user=i18n.number(f.measured_tokens_per_s_user, lang),
                         total=i18n.number(f.measured_tokens_per_s_total, lang)))  # fmt: skip
    return out


def _data_parallel_gpu(plan: Plan, ranks: int, catalog: Catalog) -> tuple[int, int, int, int]:
    """One GPU of an MLA MoE served with attention in data parallel and experts in expert parallel over
    `ranks` GPUs (vLLM --data-parallel-size N --enable-expert-parallel, docs/serving/
    data_parallel_deployment.md): (weights, KV cache, total, experts it holds). Each rank keeps the attention,
    the dense layers, the embeddings and the shared experts whole, and ceil(E / N) of the routed experts (the
    experts' bytes at the precision's bits per weight: every format here quantizes them); its KV cache is only
    its own share of the conversations, the whole latent of each (sizing/kv_cache.py)."""
    a, precision = plan.model, plan.precision
    routed = a.moe.experts
    held = -(-routed // ranks)
    whole = engine_weight_bytes(a, precision, catalog)
    experts = min(int(a.parts.experts * precision.bits_per_weight / 8), whole)
    weights = whole - experts + experts * held // routed
    users = -(-plan.users // ranks)
    one = need(plan, catalog, 1, 1)  # a rank runs the whole model's layers: tensor and pipeline degree 1
    kv = one.shared_prefix + users * one.per_conversation
    return weights, kv, weights + kv + one.activations(users) + one.overhead, held


def mla_data_parallel(plan: Plan, rec: Setup, catalog: Catalog) -> str | None:
    """A multi-GPU answer for an MLA mixture of experts: under tensor parallelism vLLM keeps the whole latent
    KV cache on every rank (sizing/kv_cache.py), so it is said what attention in data parallel with expert
    parallelism would hold per GPU instead, both ways with their figures, and the fewest of the same GPU
    that would hold the load so (its speed is not modelled: a note, not a setup)."""
    a = plan.model
    if plan.stage.is_training or not (a.is_moe and a.moe) or plan.users < 2 or rec.problem is not None:
        return None
    if rec.count // rec.replicas < 2:
        return None  # one GPU a copy: nothing is replicated
    lang, ranks = plan.lang, rec.count
    weights, kv, _, held = _data_parallel_gpu(plan, ranks, catalog)
    text = t(lang, "note.mla_data_parallel", ranks=ranks, kv_tp=i18n.gb(rec.per_gpu.kv_cache, lang),
             kv_dp=i18n.gb(kv, lang), per=i18n.number(-(-plan.users // ranks), lang),
             users=i18n.number(plan.users, lang), held=held, experts=a.moe.experts,
             w_dp=i18n.gb(weights, lang), w_tp=i18n.gb(rec.per_gpu.weights, lang))  # fmt: skip
    gpu = catalog.gpu(rec.gpu)
    room = int(gpu.memory_bytes * catalog.offering.serving.memory_utilization)
    for shape in candidates(catalog):
        if shape.gpu.id != gpu.id or shape.total >= rec.count:
            continue
        total = _data_parallel_gpu(plan, shape.total, catalog)[2]
        if total <= room and shape.total > 1:
            setup = t(lang, "note.mla_data_parallel_servers" if shape.servers > 1 else "note.mla_data_parallel_one",
                      count=shape.total, gpu=gpu.name, servers=shape.servers, per=shape.count)  # fmt: skip
            text += " " + t(lang, "note.mla_data_parallel_fits", setup=setup, ranks=shape.total,
                            need=i18n.gb(total, lang), usable=i18n.gb(room, lang))  # fmt: skip
            break
    return text


def launch_defaults_note(plan: Plan, setup: Setup, catalog: Catalog) -> str | None:
    """A launch line that sets no --max-num-batched-tokens gets vLLM's default (8192 on H100-class GPUs, 2048
    below: vllm/engine/arg_utils.py get_batch_defaults), whose activation reserve takes KV cache from the
    figures above (planned with the offering's chunk): said when it leaves fewer sequences, or no start at all.
    Its max_num_seqs is the line's own ceiling (plan.users), not vLLM's default."""
    if plan.llama_cpp:
        return (
            None  # llama.cpp has no such reserve: -c and -np are its flags (assume.serving_engine_llamacpp)
        )
    if plan.prefill_chunk != catalog.offering.serving.prefill_chunk_tokens or setup.problem is not None:
        return None  # the line set its chunk: the figures above are vLLM's own
    big = setup.gpu_memory_bytes >= 70 * 2**30 and "a100" not in setup.gpu
    tokens = 8192 if big else 2048
    if tokens <= plan.prefill_chunk:
        return None
    tp, pp = setup.tensor_parallel, setup.pipeline_parallel
    peak = serving.activation_peak(plan.model, tokens, plan.users, tp)
    # vLLM's own accounting, as vllm_defaults_note: KV = usable - weights - activation peak - non-torch memory.
    fixed = (
        setup.per_gpu.total - setup.per_gpu.kv_cache - setup.per_gpu.activations - serving.CUDA_GRAPHS + peak
    )
    budget = setup.usable_bytes_per_gpu - fixed
    max_len = plan.max_model_len or plan.context
    full_one = need(plan, catalog, tp, pp, max_len).per_conversation
    full = max(budget, 0) // full_one * setup.replicas if full_one > 0 else 0
    if full >= (setup.max_full_sequences or 0):
        return None
    lang = plan.lang
    params = dict(tokens=i18n.number(tokens, lang), peak=i18n.gb(peak, lang), max_len=i18n.tokens(max_len, lang),
                  chunk=plan.prefill_chunk)  # fmt: skip
    if full < 1:
        return t(lang, "note.launch_defaults_no_start", **params)
    typical = max(budget, 0) // need(plan, catalog, tp, pp).per_conversation * setup.replicas
    capacity = t(lang, "capacity.launch", full=sequences_phrase(int(full), lang), max_len=params["max_len"],
                 typical_n=sequences_phrase(int(min(typical, plan.users)), lang),
                 typical=i18n.tokens(plan.context, lang))  # fmt: skip
    return t(lang, "note.launch_defaults_fewer", capacity=capacity, **params)


def vllm_defaults_note(plan: Plan, setup: Setup, catalog: Catalog) -> str | None:
    """vLLM's own defaults reserve far more activation memory than this workload needs (max_num_seqs 1024
    and max_num_batched_tokens 8192 on H100-class GPUs, 256 and 2048 below: vllm/engine/arg_utils.py
    get_batch_defaults). Says so when they would break the fit: fewer users, or no start at all (vLLM
    refuses to start when one max_model_len conversation does not fit its KV cache)."""
    if plan.engine != "vllm":
        return None  # a GGUF or EXL2 file is llama.cpp's or ExLlamaV2's: none of vLLM's defaults apply
    if plan.max_model_len is not None:
        return launch_defaults_note(plan, setup, catalog)  # a launch line set its own --max-num-seqs
    big = setup.gpu_memory_bytes >= 70 * 2**30 and "a100" not in setup.gpu
    seqs, tokens = (1024, 8192) if big else (256, 2048)
    if plan.users >= seqs or setup.problem is not None:
        return None
    peak = serving.activation_peak(plan.model, tokens, seqs, setup.tensor_parallel)
    img = plan.images
    if img is not None and img.rule is not None and img.counted:
        # Its encoder budget is max_num_batched_tokens too: more images of the largest size at once.
        reserve = images.reserve(img.rule, plan.model, tokens, setup.tensor_parallel)
        peak = max(peak + reserve.cache, reserve.peak)
    # vLLM's own accounting: KV = total x utilization - weights - activation peak - non-torch memory (the
    # CUDA graphs are captured afterwards, outside it).
    rest = setup.per_gpu.total - setup.per_gpu.kv_cache - setup.per_gpu.activations - serving.CUDA_GRAPHS

    def budget(reserve: int) -> int:
        return setup.usable_bytes_per_gpu - rest - reserve

    if budget(peak) >= setup.per_gpu.kv_cache:
        return None
    lang = plan.lang
    tp, pp = setup.tensor_parallel, setup.pipeline_parallel
    one = kv_cache.sequence_bytes(plan.model, plan.context, plan.kv.bytes_per_value, tp, pp)
    if plan.spec is not None:  # the drafter's KV cache grows with each conversation too
        one += plan.spec.sequence_bytes(plan.context, plan.kv.bytes_per_value, tp)

    # The prefill chunk the answer configures (plan.prefill_chunk, said as "prefill em blocos de N") when it
    # is below vLLM's default max_num_batched_tokens: the advice sets it too.
    chunk = min(plan.prefill_chunk or tokens, tokens)

    def starts_with(n: int) -> bool:
        # --max-num-seqs n: the sampler's workspace for n sequences and the forward pass over the chunk, and
        # the KV cache left for n conversations of the context (the terms the capacity quoted counts).
        low = serving.activation_peak(plan.model, chunk, n, tp)
        if img is not None and img.rule is not None and img.counted:
            reserve = images.reserve(img.rule, plan.model, chunk, tp)
            low = max(low + reserve.cache, reserve.peak)
        return budget(low) >= n * one

    # The value to set serves the capacity the answer quotes (or the users asked, when more), lowered until
    # vLLM starts with it: "Configure --max-num-seqs 1" had followed "até 40 usuários".
    # --max-num-seqs is each copy's (vLLM instance's): the users over the replicas.
    copies = setup.replicas or 1
    advised = min(max(-(-max(plan.users, setup.max_users or 0, 1) // copies), 1), seqs)
    while advised > 1 and not starts_with(advised):
        advised = max(1, min(advised - 1, advised * 9 // 10))
    users = str(advised) + (t(lang, "note.vllm_seqs_or_fewer") if advised > 1 else "")
    if chunk < tokens:
        users += t(lang, "note.vllm_batched_tokens", chunk=chunk)
    params = dict(seqs=seqs, peak=i18n.gb(peak, lang), users=users)
    if budget(peak) < one:
        return t(lang, "note.vllm_defaults_no_start", context=i18n.tokens(plan.context, lang), **params)
    most = budget(peak) // one
    if most >= plan.users:
        return None
    return t(lang, "note.vllm_defaults_fewer", capacity=t(lang, "capacity.users_only",
             users=users_phrase(int(most), lang), context=i18n.tokens(plan.context, lang)), **params)  # fmt: skip


# A desktop's memory bandwidth: two channels of DDR5-5600, 5,600 MT/s x 8 bytes = 44.8 GB/s each (JEDEC
# JESD79-5), 89.6 GB/s in all: what llama.cpp reads the layers left in system RAM through, token by token.
DESKTOP_BANDWIDTH = 2 * 5600e6 * 8
# What the system itself keeps of its RAM (the OS, the desktop, llama.cpp's buffers): planned as a share.
SYSTEM_RAM_USABLE = 0.8


def ram_offload(result: SizingResult, ram_bytes: float) -> str | None:
    """Serving a model too big for the GPU named with the rest of it in the system's RAM, as llama.cpp does
    ("70b q4 numa 4090 + 64gb de ram": --n-gpu-layers, or --n-cpu-moe for a MoE's experts): how much of the
    weights each holds and the most tokens a second it allows, since every token reads the RAM's share at
    the system's bandwidth (a bound that leaves the GPU's own time out). None when the GPU holds it all."""
    named, lang = result.requested, result.workload.lang
    if named is None or named.fits or result.workload.stage != Stage.inference.value:
        return None
    m = result.memory
    weights, file = m.weights, _gguf_file(result)
    if file is not None:
        # llama.cpp runs GGUF files only: a workload at another precision (BF16 when none was said) is judged on
        # the file Ollama pulls by default, Q4_K_M (its 70B had been weighed at 141 GB of BF16), and says so.
        weights = file[1]
    # Of the GPUs' usable memory, what the weights can have once the conversations' cache and the runtime's
    # own memory are in.
    room = named.usable_bytes_per_gpu * named.count - (m.total - m.weights)
    if room <= 0:
        return None
    if weights <= room:
        if file is None:
            return None
        return t(
            lang, f"understood.system_ram_gguf_fits{file[2]}", gguf=file[0], weights=i18n.gb(weights, lang)
        )
    in_ram = weights - room
    usable = ram_bytes * SYSTEM_RAM_USABLE
    said = t(lang, f"understood.system_ram_gguf{file[2]}", gguf=file[0]) + " " if file else ""
    if in_ram > usable:
        return said + t(lang, "understood.system_ram_short", weights=i18n.gb(weights, lang),
                        gpu=i18n.gb(room, lang), ram=i18n.gb(usable, lang))  # fmt: skip
    # A MoE reads only its active experts a token: --n-cpu-moe leaves experts in RAM, so about that share.
    model = result.workload.model
    read = in_ram * min(1.0, model.active_params / model.params)
    tps = DESKTOP_BANDWIDTH / read
    return said + t(lang, "understood.system_ram_offload", weights=i18n.gb(weights, lang), gpu=i18n.gb(room, lang),
                    ram=i18n.gb(in_ram, lang), tps=i18n.number(tps, lang, 0 if tps >= 10 else 1),
                    bandwidth=i18n.gb(DESKTOP_BANDWIDTH, lang))  # fmt: skip


def _gguf_file(result: SizingResult) -> tuple[str, int, str] | None:
    """The GGUF file llama.cpp would run for a workload at a precision that is no GGUF type (Q4_K_M, Ollama's
    default tag; Q8_0 for an 8-bit one), its name, weights and the messages' suffix that says why; None when the workload is a GGUF file already (or its model is not one
    the catalogue can weigh so)."""
    from .catalog import load_catalog
    from .errors import SizingError

    catalog = load_catalog()
    try:
        precision = catalog.precision(result.workload.precision)
        if precision.gguf:
            return None
        model = catalog.model(result.workload.model.id)
    except (KeyError, ValueError, SizingError):
        return None  # a model sized from its name or the Hub: its weights as sized
    # An 8-bit checkpoint (FP8, INT8) is Q8_0's width; 16 bits or 4 are Ollama's default, Q4_K_M.
    width = precision.nominal_bits == 8
    gguf = catalog.precision("q8_0" if width else "q4_k_m")
    return gguf.name, weight_bytes(model, gguf, catalog).bytes, "_width" if width else ""


# -- cheaper -----------------------------------------------------------------------------------------

CHEAPER_SHOWN = 4  # cheaper setups an answer lists, the cheapest first
CHEAPER_STEPS = 2  # precisions tried below the question's (16-bit: FP8, then 4-bit)


def cheaper(plan: Plan, rec: Setup | None, catalog: Catalog) -> tuple[str, list[Alternative]] | None:
    """ "mais barato?", "cheaper?": the setups that serve the same workload (every conversation, the load's
    latency targets) for less than the recommendation, and a line that says so; or that none does, and what
    would have to give. With prices (offering.toml) "less" is the hourly price; without them, fewer GPUs or
    as many of a smaller memory class (rec is already the smallest at its own precision). Tried, least given
    up first: the same precision on another GPU we rent (only with prices: more GPUs of a cheaper class), an
    FP8 KV cache, then the precisions below the question's. None for training (its alternatives already
    offer LoRA and QLoRA) or when nothing serves the workload."""
    if rec is None or plan.stage.is_training:
        return None
    lang = plan.lang
    if rec.cost is None:
        rec.cost = cost(plan, rec, catalog)
    mode = rec.cost.mode if rec.cost else None
    rec_price = _hourly(rec.cost, mode)
    tried: list[tuple[str, Plan, Setup | None]] = []
    if rec_price is not None:
        for offer in catalog.offering.offer:
            if offer.gpu != rec.gpu and offer.price_per_gpu_hour:
                tried.append(("gpu", plan, _fewest_on(plan, catalog.gpu(offer.gpu), catalog)))
    if plan.kv.sixteen_bit:
        kv_plan = plan.but(kv=eight_bit_kv(plan, catalog))
        tried.append(("kv_llamacpp" if plan.llama_cpp else "kv", kv_plan, recommend(kv_plan, catalog)))
    precision = plan.precision
    for _ in range(CHEAPER_STEPS):
        lower_id = LOWER.get(precision.id)
        if lower_id is None:
            break
        precision = catalog.precision(lower_id)
        lower_plan = plan.but(precision=precision)
        tried.append(("precision", lower_plan, recommend(lower_plan, catalog)))
    found: list[tuple[tuple, Alternative]] = []
    for kind, option_plan, setup in tried:
        if setup is None or any(same_setup(setup, a.setup) for _, a in found):
            continue  # the same GPUs asked for less given up before
        setup.cost = cost(option_plan, _perf(option_plan, setup, catalog), catalog)
        price = _hourly(setup.cost, mode)
        if not (price < rec_price if price is not None and rec_price is not None else smaller(setup, rec)):
            continue
        setup.capacity = capacity(option_plan, add_capacity(option_plan, setup, catalog))
        params = dict(setup=describe(setup, lang), capacity=setup.capacity)
        if kind == "precision":
            text = t(lang, "alt.lower_precision", precision=option_plan.precision.name, **params)
            text += weight_only(option_plan.precision, setup, lang, catalog)
        else:
            text = t(lang, f"cheaper.{kind}", **params)
        order = (price if price is not None else 0.0, setup.count, setup.gpu_memory_bytes)
        found.append((order, Alternative(kind="cheaper", setup=setup, text=text)))
    found.sort(key=lambda pair: pair[0])
    options = [a for _, a in found[:CHEAPER_SHOWN]]
    priced = "" if rec_price is not None else "_unpriced"
    if options:
        return t(lang, f"cheaper.found{priced}", rec=describe(rec, lang)), options
    line = t(lang, f"cheaper.none{priced}", rec=describe(rec, lang))
    below = None if plan.availability else _next_smaller(plan, rec, catalog)
    if below is None:
        return line + " " + t(lang, "cheaper.smallest"), []
    give = t(
        lang,
        "cheaper.give",
        setup=describe(below, lang),
        capacity=capacity(plan, add_capacity(plan, below, catalog)),
    )
    four = next((p for p in _lower_chain(plan, catalog) if p.nominal_bits <= 4), None)
    if four is not None:
        # The same smaller setup at 4 bits: what it would carry with that given up too.
        lower_plan = plan.but(precision=four)
        there = evaluate(lower_plan, _shape_of(below, catalog), catalog)
        if there.problem is None and (there.max_users or 0) > (below.max_users or 0):
            give += " " + t(
                lang, "cheaper.give_lower", precision=four.name, capacity=capacity(lower_plan, there)
            )
    return f"{line} {give}", []


def _batch_hours(seconds: float, mode: str, month: float) -> float:
    """The hours a batch of `seconds` is billed for: those it runs by the hour, each month begun in reserved or
    dedicated capacity (sold by the month: sizing/run_budget.py weighs a budget so)."""
    if mode in ("reserved", "dedicated"):
        return month * max(1, math.ceil(seconds / 3600 / month))
    return seconds / 3600


def _lower_chain(plan: Plan, catalog: Catalog) -> list:
    """The precisions below the plan's, one step at a time (LOWER)."""
    out, precision = [], plan.precision
    while (lower_id := LOWER.get(precision.id)) is not None and len(out) < 4:
        precision = catalog.precision(lower_id)
        out.append(precision)
    return out


def _hourly(c: Cost | None, mode: str | None) -> float | None:
    """A setup's price an hour in `mode` (the recommendation's contract mode), else its cheapest mode's."""
    if c is None:
        return None
    if mode in c.by_contract_mode:
        return c.by_contract_mode[mode].per_hour
    return min((m.per_hour for m in c.by_contract_mode.values()), default=None)


def _fewest_on(plan: Plan, gpu, catalog: Catalog) -> Setup | None:
    """The fewest of one GPU we rent that serve the workload (its load and latency targets included)."""
    from .setups import by_load, candidates, holds

    if by_load(plan):
        return traffic.recommend(plan, catalog, only=gpu)
    for shape in candidates(catalog):
        if shape.gpu.id == gpu.id and holds(plan, shape, catalog):
            setup = evaluate(plan, shape, catalog, capacity=False)
            if setup.fits:
                return setup
    return None


def _service_budget(plan: Plan, catalog: Catalog) -> bool:
    """Whether a service's budget can be weighed: given, prices to weigh it against, in their currency (a month's
    not for a training's or a batch's, which sizing/run_budget.py weighs)."""
    from .budget import currency_mismatch

    budget, offering = plan.budget, catalog.offering
    if budget is None or not offering.has_prices or currency_mismatch(budget, offering.currency):
        return False
    return budget.hourly or not (plan.stage.is_training or plan.batch_seconds)


def _budget_price(plan: Plan, setup: Setup, catalog: Catalog) -> tuple[float, str] | None:
    """A setup's price as the service's budget is said (its month, or its hour, each GPU's or the whole
    setup's), in its cheapest contract mode or the one the customer named where it is priced: (price, mode)."""
    from .budget import hour_prices

    c = cost(plan, setup, catalog)
    if c is None:
        return None
    if not plan.budget.hourly:  # a service runs the month through: its month in each contract mode
        by_mode = {m: mc.per_month for m, mc in c.by_contract_mode.items()}
    else:
        by_mode = hour_prices(
            plan.budget, {m: mc.per_hour for m, mc in c.by_contract_mode.items()}, setup.count
        )
    if plan.contract in by_mode:  # the mode the customer named is the one they would pay: weighed alone
        return by_mode[plan.contract], plan.contract
    return min((p, m) for m, p in by_mode.items())


# "The fastest" of a service: a setup with more GPUs is chosen only where its whole answer arrives at least this
# share sooner than one with fewer; within it, the estimate (performance.py, up to 23% off in each figure) does not
# tell them apart, and the fewer GPUs cost less.
FASTEST_NEAR = 0.05


def fastest_pick(plan: Plan, rec: Setup | None, catalog: Catalog) -> tuple[Setup, bool, Setup | None] | None:
    """ "the fastest", "o mais rápido" of a service: of the setups that serve the load (the recommendation and
    every shape of the offering with the copies it needs: more GPUs of one kind, by more tensor parallelism or
    more copies, can answer sooner than the fewest of it), within the budget where one is given and can be
    weighed, the one whose answer arrives soonest at the load sized: its first token, then the answer's tokens at
    each user's speed (performance.py's estimate); more GPUs only where they bring it FASTEST_NEAR sooner. The
    setup, whether a budget bounded the choice, and the fastest with fewer GPUs (the trade-off said), if any.
    None: not asked, a GPU named (the customer's choice, judged as asked), or nothing within the budget
    (budget_pick says so)."""
    if rec is None or not plan.fastest or plan.gpu or plan.gpus or plan.stage.is_training:
        return None
    options = [rec, *(s for s in each_that_serves(plan, catalog) if not same_setup(s, rec))]
    if any(s.servers == 1 for s in options):
        # a copy split over servers only where none fits in one: its pipeline's hops between servers cross the
        # network, which the estimate does not time
        options = [s for s in options if s.servers == 1]
    bounded = _service_budget(plan, catalog)
    if bounded:
        options = [
            s
            for s in options
            if (p := _budget_price(plan, s, catalog)) is not None and p[0] <= plan.budget.amount
        ]

    def answer_s(setup: Setup) -> float:
        perf = setup.performance or traffic.performance(plan, setup, catalog)
        setup.performance = perf
        # no estimate: never the fastest
        return math.inf if perf is None else perf.ttft_s + plan.output * perf.tpot_ms / 1000

    if not options:
        return None
    soonest = min(answer_s(s) for s in options)
    if math.isinf(soonest):
        return None  # no setup's speed is estimated: nothing says which is the fastest
    # Of those as fast within the estimate's reach, the fewest GPUs, then the cheaper by the hour, then the sooner
    # (the recommendation's own order on a tie: it comes first)
    near = [s for s in options if answer_s(s) <= soonest * (1 + FASTEST_NEAR)]
    best = min(near, key=lambda s: (s.count, s.price_per_hour or math.inf, answer_s(s)))
    fewer = [s for s in options if s.count < best.count and not math.isinf(answer_s(s))]
    return best, bounded, min(fewer, key=lambda s: (answer_s(s), s.count)) if fewer else None


def budget_pick(plan: Plan, rec: Setup | None, catalog: Catalog) -> tuple[Setup, BudgetPick] | None:
    """A service's budget, an hour's ("até R$ 20/hora", "R$ 5 por GPU por hora") or a month's ("orçamento de R$
    20 mil por mês"), chooses the setup: when the recommendation passes it, the smallest setup that serves the
    load within it (the first in the recommendation's own order: fewest GPUs, then the smallest memory class,
    then the cheapest), and which it replaces; when none that serves is within it, the recommendation stays and
    the cheapest that serves is said. Each setup is weighed in its cheapest contract mode, or in the one the
    customer named ("sob demanda", "reservado") where it is priced. None: no budget for a service (a batch's
    and a training's choose in sizing/run_budget.py), nothing priced to weigh it against, a budget in another
    currency, or the recommendation already within it. Prices are compared as typed, never converted
    (sizing/budget.py)."""

    budget = plan.budget
    if rec is None or not _service_budget(plan, catalog):
        return None
    monthly = not budget.hourly

    def price(setup: Setup) -> tuple[float, str] | None:
        return _budget_price(plan, setup, catalog)

    own = price(rec)
    if own is not None and own[0] <= budget.amount:
        return None
    priced = [(p, s) for s in fewest_of_each(plan, catalog) if (p := price(s)) is not None]
    within = [(p, s) for p, s in priced if p[0] <= budget.amount]
    if within:
        if own is None:
            return None  # the recommendation has no price: nothing says it passes the budget
        _, chosen = min(
            within, key=lambda ps: (ps[1].count, catalog.gpu(ps[1].gpu).memory_marketing_gb, ps[0][0])
        )
        return chosen, BudgetPick(chosen=True, setup=describe(rec, plan.lang), price=own[0], mode=own[1],
                                  monthly=monthly, mode_named=own[1] == plan.contract)  # fmt: skip
    if own is not None:
        priced.append((own, rec))
    if not priced:
        return None
    (amount, mode), cheapest = min(priced, key=lambda ps: (ps[0][0], ps[1].count))
    this = cheapest is rec or same_setup(cheapest, rec)
    return rec, BudgetPick(chosen=False, setup=describe(cheapest, plan.lang), price=amount, mode=mode, this=this,
                           monthly=monthly, mode_named=mode == plan.contract)  # fmt: skip
