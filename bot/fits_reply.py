"""The answers to a question with GPUs and no model, "qual o maior modelo que cabe numa H100?" (a line per
precision with the largest models that fit), and to "qual modelo vocês recomendam?" (the suggested models,
each with the setup that serves the workload), with the question to ask next; as text and as Block Kit
(sizing/fits.py)."""

from __future__ import annotations

import re
from functools import cache

from sizing import i18n
from sizing.budget import currency_mismatch, hour_check, month_check
from sizing.errors import SizingError
from sizing.fits import GpusCompared, Offered, PrecisionFits, Suggestions, WhatFits
from sizing.plan import rate_text, term_months
from sizing.query import parse

from .blocks import MAX_SECTION_TEXT, Message, esc, validate
from .rendering import budget_amount, budget_verdict, converted_lines


def lines(fits: WhatFits, lang: str, show_prices: bool = True, example: bool = True) -> tuple[str, list[str]]:
    """`example`: end with a question to ask next (one is enough where several GPUs are listed)."""

    def t(key: str, **params) -> str:
        return i18n.t(lang, key, **params)

    setup = f"{fits.count}× {fits.gpu_name}"
    users = t("fits.users_one") if fits.users == 1 else t("fits.users_other", n=i18n.number(fits.users, lang))
    usable = i18n.gb(fits.usable_bytes_per_gpu, lang)
    if fits.capacity_asked:
        out = [t("fits.intro_capacity", context=i18n.number(fits.context, lang), usable=usable)]
    elif fits.stage == "inference":
        out = [
            t("fits.intro_reasoning" if fits.reasoning_longest else "fits.intro", context=i18n.number(fits.context, lang),
              users=users, usable=usable, longest=i18n.number(fits.reasoning_longest, lang))
        ]  # fmt: skip
    else:
        stage = t(f"understood.stage.{fits.stage}")
        out = [
            t(
                "fits.intro_training",
                stage=stage,
                usable=usable,
                seq=i18n.number(fits.seq_len, lang),
                batch=fits.batch,
            )
        ]
    out = _asked_of_gpu(fits, setup, lang) + out
    if fits.precision_note:  # "does nvfp4 work on h100?": the yes or no first
        out.insert(0, t(f"fits.{fits.precision_note}", gpu=fits.gpu_name, arch=fits.architecture))
    # "e na aws?" in its thread: what holds there, first, as a sizing's thread says it (bot/rendering.py)
    out[:0] = [t(f"fits.where_{note}", name=fits.where_name) for note in fits.where]
    for row in fits.by_precision:
        models = ", ".join(_model_fits(m, lang) for m in row.models)
        out.append("• " + t("fits.row", precision=row.precision_name, models=models or t("fits.none")))
    # "vocês têm B200?": whether we rent it is the answer, said first (unless the question asked something
    # else of the GPU, "vocês têm NVLink nas H100?", whose answer leads)
    rent_first = "rent" in fits.asked and not {"bandwidth", "interconnect", "terms"} & set(fits.asked)
    if fits.offered_counts:
        counts = i18n.join([i18n.number(c, lang) for c in fits.offered_counts], lang)
        key = "fits.offered_servers" if fits.offered_servers > 1 else "fits.offered"
        said = t(key, gpu=fits.gpu_name, counts=counts, servers=fits.offered_servers)
        if rent_first:
            out.insert(0, t("fits.rent_yes", offered=said))
        else:
            out.append(said)
    elif fits.offered_instead:
        instead = i18n.join(fits.offered_instead, lang)
        if rent_first:
            out.insert(0, t("fits.rent_no", gpu=fits.gpu_name, gpus=instead, nearest=fits.nearest_offered))
        else:
            out.append(t("fits.not_offered", gpu=fits.gpu_name, gpus=instead))
    # "quanto sai 4 h100 por 12 meses?", "contrato anual tem desconto?": the price and the contract answer the
    # question, so they lead (under their own title); what fits on the GPUs follows.
    priced = _price_lines(fits, setup, lang, show_prices) if fits.cost_asked and fits.offered_counts else []
    if "terms" in fits.asked and fits.contract_modes:
        # "reservado vs sob demanda pra 2 h100?", "contrato anual tem desconto?": the modes it is rented in
        priced.append(t("offered.modes"))
        priced += ["   " + t(f"contract.{mode}") for mode in led_by(fits.contract, fits.contract_modes)]
        priced.append(t("fits.terms"))
    if priced:
        term = t("fits.title_term", period=i18n.period(fits.term_days, lang)) if fits.term_days else ""
        title = t("fits.title_price", setup=setup, term=term)
        out = [*priced, t("fits.then_fits", setup=setup), *out]
    else:
        title = t("fits.title_capacity" if fits.capacity_asked else "fits.title", setup=setup)
    if fits.load_given:
        out.append(t("fits.load_not_used"))
    if fits.run:
        data = any(fits.run.get(k) for k in ("tokens", "examples", "epochs"))
        deadline = bool(fits.run.get("days"))
        out.append(t("fits.run_not_used" if data and deadline else "fits.deadline_not_used" if deadline
                     else "fits.data_not_used"))  # fmt: skip
    asked = _example(fits, lang) if example else None
    if asked and fits.load_given and fits.load:
        asked += " " + load_words(fits.load, lang)  # the full answer of that model is for the load asked
    if asked and fits.run:
        asked += " " + run_words(fits.run, lang)  # and for the run asked: its time, the GPUs for the deadline
    if asked:
        out.append(t("fits.next_capacity" if fits.capacity_asked else "fits.next", example=asked))
    return title, out


def _model_fits(m, lang: str) -> str:
    """A model in a precision's row: what it needs on each GPU, and the conversations it holds where those
    were asked ("quantos usuários cabem numa h100?")."""
    need = i18n.gb(m.bytes_per_gpu, lang)
    if m.max_users is None:
        return i18n.t(lang, "fits.model", name=m.name, need=need)
    users = i18n.t(lang, "capacity.users_one" if m.max_users == 1 else "capacity.users_other",
                   n=i18n.number(m.max_users, lang))  # fmt: skip
    return i18n.t(lang, "fits.model_capacity", name=m.name, need=need, users=users)


def _price_lines(fits: WhatFits, setup: str, lang: str, show_prices: bool) -> list[str]:
    """The setup's price an hour and a month, and a term's total (where prices are set and may be shown), or
    why there is none; then the budget, when the question gave one."""
    out = [_price(fits, setup, lang) if show_prices else i18n.t(lang, "cost.ask_sales")]
    if fits.term_days and not (show_prices and fits.term_totals):
        # No total to give: what it would be made of, so the term asked is not passed over.
        out.append(i18n.t(lang, "cost.term_unpriced", period=i18n.period(fits.term_days, lang),
                          hours=i18n.number(fits.hours_per_month, lang),
                          months=_months(term_months(fits.term_days), lang)))  # fmt: skip
    if show_prices:
        out += [
            i18n.t(lang, "cost.term", period=i18n.period(fits.term_days, lang), currency=fits.currency,
                   total=i18n.money(fits.term_totals[mode], lang), mode=i18n.t(lang, f"cost.modes.{mode}"))
            for mode in led_by(fits.contract, fits.term_totals)
        ]  # fmt: skip
        if fits.budget is not None:
            out += _fits_budget(fits, lang)
    return out


def _months(months: float, lang: str) -> str:
    return i18n.number(months, lang, 0 if float(months).is_integer() else 1)


def _asked_of_gpu(fits: WhatFits, setup: str, lang: str) -> list[str]:
    """ "qual a banda de memória da H200?", "vocês têm NVLink nas H100?": the GPU's facts (gpus.toml), said
    before what fits on it."""
    out = []
    if "bandwidth" in fits.asked and fits.bandwidth_gb_s:
        fp8 = (
            i18n.t(lang, "gpus_compared.fp8", fp8=i18n.number(fits.fp8_tflops, lang))
            if fits.fp8_tflops
            else i18n.t(lang, "gpus_compared.no_fp8")
        )
        out.append(i18n.t(lang, "gpus_compared.facts", setup=setup, usable=i18n.gb(fits.usable_bytes_per_gpu, lang),
                          bandwidth=i18n.number(fits.bandwidth_gb_s, lang),
                          bf16=i18n.number(fits.bf16_tflops, lang), fp8=fp8))  # fmt: skip
    if "interconnect" in fits.asked and fits.interconnect:
        out.append(i18n.t(lang, f"fits.interconnect_{fits.interconnect}", gpu=fits.gpu_name,
                          gb_s=i18n.number(fits.interconnect_gb_s, lang)))  # fmt: skip
    if "provisioning" in fits.asked:
        # "quanto tempo leva pra subir uma máquina com 2 h200?": how soon, which only sales can say
        out.append(i18n.t(lang, "error.query.topic_provisioning"))
    return out


def _offered_topic(offered: Offered, lang: str) -> list[str]:
    """The line of what the question asked of the list (sizing/topics.py), said first."""
    topic = offered.topic
    if topic is None:
        return []
    if topic == "not_rented":
        return [i18n.t(lang, "offered.topic_not_rented", name=offered.name)]
    if topic == "max_gpus":
        # the most GPUs of one kind in one service: a machine's most GPUs times the machines joined
        largest = max(offered.gpus, key=lambda g: max(g.counts) * g.max_servers)
        return [i18n.t(lang, "offered.topic_max_gpus", total=i18n.number(max(largest.counts) * largest.max_servers, lang),
                       per=i18n.number(max(largest.counts), lang), servers=i18n.number(largest.max_servers, lang))]  # fmt: skip
    if topic == "interconnect":
        kinds = {"nvlink": "NVLink", "pcie": "PCIe"}
        links = "; ".join(
            i18n.t(lang, "offered.link", gpu=g.name, kind=kinds.get(g.interconnect, g.interconnect),
                   gb_s=i18n.number(g.interconnect_gb_s, lang))
            for g in offered.gpus
        )  # fmt: skip
        return [i18n.t(lang, "offered.topic_interconnect", links=links)]
    return [i18n.t(lang, f"offered.topic_{topic}")]


# The contract modes in the order a customer meets them: evaluate, a project, then production.
MODE_ORDER = ("on_demand", "project_package", "reserved", "dedicated")


def led_by(lead: str, modes) -> list[str]:
    """The modes, the one the stage or intent calls for first (a training's per-project package, sizing/plan.py
    contract_mode), the others in the order a customer meets them."""
    return sorted(modes, key=lambda mode: (mode != lead, MODE_ORDER.index(mode) if mode in MODE_ORDER else 9))


def _mode_prices(gpu, offered: Offered, lang: str) -> str:
    """A GPU's price an hour and a month in each mode it is priced in, in the order a customer meets them."""
    return "; ".join(
        i18n.t(lang, "cost.mode", mode=i18n.t(lang, f"cost.modes.{mode}"), currency=offered.currency,
               per_hour=i18n.money(per_hour, lang), per_month=i18n.money(per_hour * offered.hours_per_month, lang))
        for mode, per_hour in sorted(gpu.price_per_gpu_hour.items(), key=lambda m: MODE_ORDER.index(m[0]))
    )  # fmt: skip


def offered_lines(offered: Offered, lang: str, show_prices: bool = True) -> tuple[str, list[str]]:
    """A line per GPU we rent: the machines it comes in and, where prices are shown and set, its price per
    GPU in each contract mode; then the modes, what stock the answer cannot see, and what to ask next."""

    def t(key: str, **params) -> str:
        return i18n.t(lang, key, **params)

    if offered.modes_asked:
        return t("offered.modes_title"), _modes_lines(offered, lang, show_prices)
    priced = show_prices and any(g.price_per_gpu_hour for g in offered.gpus)
    out = [*_offered_topic(offered, lang), t("offered.intro")]
    for gpu in offered.gpus:
        counts = i18n.join([i18n.number(c, lang) for c in gpu.counts], lang)
        total = i18n.number(max(gpu.counts) * gpu.max_servers, lang)
        key = "offered.row_servers" if gpu.max_servers > 1 else "offered.row"
        row = t(key, gpu=gpu.name, counts=counts, servers=gpu.max_servers, total=total)
        if priced and gpu.price_per_gpu_hour:
            row = t("offered.prices", row=row, modes=_mode_prices(gpu, offered, lang))
        out.append("• " + row)
    modes = dict.fromkeys(mode for gpu in offered.gpus for mode in gpu.contract_modes)
    out.append(t("offered.modes"))
    out += ["   " + t(f"contract.{mode}") for mode in MODE_ORDER if mode in modes]
    if priced:
        out.append(t("offered.hours", hours=i18n.number(offered.hours_per_month, lang)))
    else:
        out.append(t("cost.none") if show_prices else t("cost.ask_sales"))
    largest = offered.gpus[-1].name.lower() if offered.gpus else "h100"
    out.append(t("offered.next", gpu=largest))
    return t("offered.title"), out


def _modes_lines(offered: Offered, lang: str, show_prices: bool) -> list[str]:
    """The contract modes asked ("o que é modo dedicado?"): what each is for, what it binds the customer to and
    the GPUs it is offered on (offering.toml); where prices are shown and set, one GPU's price in every mode, so
    that the modes are weighed in money; then how to ask for a sizing in the first mode asked."""

    def t(key: str, **params) -> str:
        return i18n.t(lang, key, **params)

    out = []
    for mode in offered.modes_asked:
        on = [g.name for g in offered.gpus if mode in g.contract_modes]
        where = (
            t("offered.mode_everywhere")
            if len(on) == len(offered.gpus)
            else t("offered.mode_on", gpus=i18n.join(on, lang))
            if on
            else t("offered.mode_nowhere")
        )
        out.append(f"• {t(f'contract.{mode}')} {t(f'offered.commitment_{mode}')} {where}")
    priced = [g for g in offered.gpus if g.price_per_gpu_hour]
    if not show_prices:
        out.append(t("cost.ask_sales"))
    elif not priced:
        out.append(t("cost.none"))
    else:
        # the first GPU priced in every mode asked, so that they are set side by side on one card
        example = next(
            (g for g in priced if set(offered.modes_asked) <= set(g.price_per_gpu_hour)), priced[0]
        )
        out.append(t("offered.mode_example", gpu=example.name, modes=_mode_prices(example, offered, lang)))
        out.append(t("offered.hours", hours=i18n.number(offered.hours_per_month, lang)))
    out.append(t("offered.mode_terms"))
    out.append(t("offered.mode_next", mode=t(f"cost.modes.{offered.modes_asked[0]}")))
    return out


def suggestion_lines(suggestions: Suggestions, lang: str, show_prices: bool = True) -> tuple[str, list[str]]:
    def t(key: str, **params) -> str:
        return i18n.t(lang, key, **params)

    priced = show_prices and suggestions.currency is not None

    n = suggestions.users
    task = t("suggest.task", task=t(f"task.{suggestions.task}")) if suggestions.task else ""
    if n is None:  # a training stage: its sequences, no conversations
        stage = t(f"understood.stage.{suggestions.stage}")
        out = [
            t("suggest.intro_training", task=task, stage=stage, seq=i18n.number(suggestions.context, lang))
        ]
    else:
        users = t("fits.users_one") if n == 1 else t("fits.users_other", n=i18n.number(n, lang))
        if suggestions.rate_per_s is not None:
            users = t("suggest.rate", rate=rate_text(suggestions.rate_per_s, lang))
        intro = (
            "suggest.intro_open" if suggestions.replacing else "suggest.intro"
        )  # a model was named: a closed one
        out = [t(intro, task=task, context=i18n.number(suggestions.context, lang), users=users)]
        if suggestions.ttft_target_s is not None and suggestions.tokens_per_s_target is not None:
            out[0] = (
                out[0].removesuffix(":")
                + t(
                    "suggest.latency",
                    ttft=i18n.seconds(suggestions.ttft_target_s, lang),
                    tps=i18n.speed(suggestions.tokens_per_s_target, lang),
                )
                + ":"
            )
    if suggestions.method_reason:
        out.insert(0, suggestions.method_reason)
    if suggestions.replacing:
        out.insert(0, t("suggest.replacing", closed=suggestions.replacing))
    # "dados de saúde de pacientes": what the law asks of such data, as a sized answer says it
    if suggestions.apart:  # "transcrever e resumir": the speech model is not in the count
        out.insert(0, t("suggest.speech_apart"))
    log = t("slack.disclosure", retention="").strip()  # as beside a sized answer (bot/rendering.py)
    out[:0] = [
        t(f"error.query.topic_{key}", log=log, name=suggestions.note_names.get(key, ""))
        for key in suggestions.notes
    ]
    if suggestions.past_context:
        out.insert(0, t("suggest.past_context", models=i18n.join(suggestions.past_context, lang),
                        context=i18n.number(suggestions.context, lang)))  # fmt: skip
    for m in suggestions.models:
        speed = ""
        if m.tokens_per_s_per_user is not None:
            speed = t("suggest.speed", tps=i18n.number(m.tokens_per_s_per_user, lang))
        if priced and m.per_month is not None:
            speed += t("suggest.price", currency=suggestions.currency, per_month=i18n.money(m.per_month, lang),
                       mode=t(f"cost.modes.{m.mode}"))  # fmt: skip
            if m.within_budget is not None:
                speed += t("suggest.within" if m.within_budget else "suggest.over")
        out.append("• " + t("suggest.row", name=m.name, precision=m.precision_name,
                              setup=m.setup or t("suggest.none"), speed=speed))  # fmt: skip
        out += ["    " + t("suggest.cheaper", option=option) for option in m.cheaper]
    if suggestions.training_budget is not None and show_prices:
        out += _training_budget(suggestions, lang)
    elif suggestions.budget is not None:
        out += _budget_verdict(suggestions, lang, show_prices)
    elif suggestions.cost_asked and not priced:
        # "what would it cost?": why no month is shown beside the models
        out.append(t("cost.none") if show_prices else t("cost.ask_sales"))
    middle = suggestions.models[len(suggestions.models) // 2]
    example = asked_as(middle.model_id, middle.name)
    if suggestions.load and suggestions.rate_per_s is not None:
        # its full answer is for the load asked ("/gpu qwen3 32b" alone had sized one conversation)
        words = load_words(suggestions.load, lang, task=suggestions.task)
        example += f" {words}" if words else ""
    elif suggestions.users and suggestions.users > 1 and suggestions.stage == "inference":
        # conversations at once ("assistente de código para 40 devs"): the same, with the task that sizes their
        # requests (a coding assistant's are not a chat's)
        task_words = t("load_words.task_code") if suggestions.task == "code" else ""
        example += " " + " ".join(filter(None, [task_words, t("load_words.users", n=str(suggestions.users))]))
    if suggestions.stage != "inference":
        example += f" {suggestions.stage}"  # asked for alone, the model would be answered for serving
    out.append(t("suggest.next", example=example))
    return t("suggest.title"), out


def _training_budget(suggestions: Suggestions, lang: str) -> list[str]:
    """What a training budget buys (sizing/budget.py training_budget): GPU-hours and FLOPs, the model it trains
    from scratch compute-optimally, and the tokens it trains each suggested model on."""
    spend, budget = suggestions.training_budget, suggestions.budget
    assert spend is not None and budget is not None
    amount = budget_amount(budget.amount, budget.currency or suggestions.currency, lang)
    flops, mfu = i18n.scientific(spend.flops, lang), i18n.percent(spend.mfu, lang)
    if spend.amount is None:
        lines = [i18n.t(lang, "cost.none"),
                 i18n.t(lang, "suggest.training_budget_unpriced", amount=amount, gpu=spend.gpu_name, flops=flops,
                        mfu=mfu, hours=i18n.number(spend.gpu_hours, lang))]  # fmt: skip
    else:
        period = " " + i18n.t(lang, "suggest.training_budget_month") if spend.monthly else ""
        lines = [i18n.t(lang, "suggest.training_budget", amount=amount, period=period, gpu=spend.gpu_name,
                        hours=i18n.number(spend.gpu_hours, lang), currency=suggestions.currency,
                        price=i18n.money(spend.price_per_gpu_hour or 0, lang), mode=i18n.t(lang, f"cost.modes.{spend.mode}"),
                        flops=flops, mfu=mfu)]  # fmt: skip
    if suggestions.stage == "pretrain":
        lines.append(i18n.t(lang, "suggest.training_budget_optimal", params=i18n.params(spend.optimal_params, lang),
                            tokens=i18n.count(spend.optimal_tokens, lang)))  # fmt: skip
    if spend.models:
        models = [i18n.t(lang, "suggest.training_budget_model", name=m.name, tokens=i18n.count(m.tokens, lang))
                  for m in spend.models]  # fmt: skip
        key = "suggest.training_budget_models" + ("_unpriced" if spend.amount is None else "")
        lines.append(i18n.t(lang, key, models=i18n.join(models, lang), formula=f"{spend.per_token}·N·D",
                            hours=i18n.number(spend.gpu_hours, lang)))  # fmt: skip
    return lines


def _budget_verdict(suggestions: Suggestions, lang: str, show_prices: bool) -> list[str]:
    """The largest suggested model within the budget the question gave (the list runs small to large), or
    why none can be named: no prices shown here, none configured, or a budget in another currency."""
    budget, currency = suggestions.budget, suggestions.currency
    assert budget is not None
    amount = budget_amount(budget.amount, budget.currency or currency, lang)
    if not show_prices:
        return [i18n.t(lang, "cost.ask_sales")]
    if currency is None:
        return [i18n.t(lang, "cost.none"), i18n.t(lang, "cost.budget_unpriced", amount=amount)]
    if currency_mismatch(budget, currency):
        return [i18n.t(lang, "cost.budget_currency", theirs=budget.currency, ours=currency)]
    checked = [m for m in suggestions.models if m.within_budget is not None]
    if not checked:
        return [i18n.t(lang, "cost.budget_unpriced", amount=amount)]
    within = [m for m in checked if m.within_budget]
    assumed = budget.monthly is None and not budget.hourly
    lines = converted_lines(budget, amount, lang)
    lines += [i18n.t(lang, "cost.budget_assumed", amount=amount)] if assumed else []
    if budget.hourly and budget.per_gpu is None:
        lines.append(i18n.t(lang, "cost.budget_assumed_setup", amount=amount))
    if budget.yearly:
        lines.append(i18n.t(lang, "cost.budget_yearly", year=budget_amount(budget.yearly, budget.currency or currency, lang),
                            amount=amount))  # fmt: skip
    hour = ("_hour" if budget.per_gpu else "_setup_hour") if budget.hourly else ""
    if within:
        lines.append(i18n.t(lang, f"suggest.budget_best{hour}", amount=amount, name=within[-1].name))
    else:
        lines.append(i18n.t(lang, f"suggest.budget_none{hour}", amount=amount))
    return lines


def compared_lines(compared: GpusCompared, lang: str, show_prices: bool = True) -> tuple[str, list[str]]:
    """Each GPU's facts, what sets speed on it, then what fits on each (the last one's example kept)."""

    def t(key: str, **params) -> str:
        return i18n.t(lang, key, **params)

    setups = [f"{f.count}× {f.name}" for f in compared.facts]
    # "does nvfp4 work on hopper or only blackwell?": whether each runs the format asked, first
    out = [
        t(f"fits.{fits.precision_note}", gpu=fits.gpu_name, arch=fits.architecture)
        for fits in compared.fits
        if fits.precision_note
    ]
    for f, fits, setup in zip(compared.facts, compared.fits, setups, strict=True):
        fp8 = (
            t("gpus_compared.fp8", fp8=i18n.number(f.fp8_tflops, lang))
            if f.fp8_tflops
            else t("gpus_compared.no_fp8")
        )
        out.append("• " + t("gpus_compared.facts", setup=setup, usable=i18n.gb(fits.usable_bytes_per_gpu, lang),
                             bandwidth=i18n.number(f.bandwidth_gb_s, lang), bf16=i18n.number(f.bf16_tflops, lang),
                             fp8=fp8))  # fmt: skip
    load = next((fits.load for fits in compared.fits if fits.load_given and fits.load), None)
    if load:
        # "l40s vs h100 pra 50 req/s": how many of each serve the load is the question, and it needs a model,
        # which the answer does not pick: asked back first, with the question to ask (the load kept).
        gpus = " ou ".join if lang != "en" else " or ".join
        example = (
            "llama 3.1 8b " + gpus([f.name.lower() for f in compared.facts]) + f" {load_words(load, lang)}"
        )
        out.insert(0, t("gpus_compared.load", load=load_words(load, lang, typed=False), example=example,
                        gpus=i18n.join([f.name for f in compared.facts], lang)))  # fmt: skip
    # Per user, one copy on the faster GPU against one on the slower: the bandwidth of the GPUs a copy spans.
    by_speed = sorted(compared.facts, key=lambda f: f.bandwidth_gb_s * f.count)
    slow, fast = by_speed[0], by_speed[-1]
    training = any(fits.stage != "inference" for fits in compared.fits)
    if training:
        # "l40s ou h100 pra qlora": a training is compute, its time the model FLOPs over the GPUs' BF16 peak at
        # each one's MFU (sizing/advice.py, _gpu_hours); the bandwidth's tokens/s per user is serving's.
        def work(f):
            return f.bf16_tflops * f.count * f.training_mfu

        slow, fast = sorted(compared.facts, key=work)[:: len(compared.facts) - 1]
    if training and work(fast) > work(slow):
        compute = work(fast) / work(slow)
        stage = compared.fits[0].stage
        joint = " or " if lang == "en" else " ou "
        method = {"full": "full fine-tune", "pretrain": "continued pretraining"}.get(stage, stage)
        data = (
            "10B tokens" if stage == "pretrain" else ("50k examples" if lang == "en" else "50 mil exemplos")
        )
        example = f"llama 3.1 8b {method} {data} "
        example += joint.join(f"{f.count}x {f.name.lower()}" for f in compared.facts)
        fast_name, slow_name = (
            (f"{fast.count}× {fast.name}", f"{slow.count}× {slow.name}")
            if fast.name == slow.name
            else (fast.name, slow.name)
        )
        out.append(t("gpus_compared.speed_training", fast=fast_name, slow=slow_name,
                     compute=i18n.number(compute, lang, 1), example=example,
                     fast_mfu=i18n.percent(fast.training_mfu, lang), slow_mfu=i18n.percent(slow.training_mfu, lang)))  # fmt: skip
    elif not training and fast.bandwidth_gb_s * fast.count > slow.bandwidth_gb_s * slow.count:
        ratio = fast.bandwidth_gb_s * fast.count / (slow.bandwidth_gb_s * slow.count)
        compute = fast.bf16_tflops * fast.count / (slow.bf16_tflops * slow.count)
        joint = " or " if lang == "en" else " ou "
        example = "llama 3.1 70b fp8 " + joint.join(f"{f.count}x {f.name.lower()}" for f in compared.facts)
        # "2 ou 4 H100?": one GPU at two counts is told apart by its count.
        fast_name, slow_name = (
            (f"{fast.count}× {fast.name}", f"{slow.count}× {slow.name}")
            if fast.name == slow.name
            else (fast.name, slow.name)
        )
        out.append(t("gpus_compared.speed_load" if load else "gpus_compared.speed", ratio=i18n.number(ratio, lang, 1),
                     fast=fast_name, slow=slow_name, compute=i18n.number(compute, lang, 1), example=example))  # fmt: skip
    if load:
        # What fits at one conversation of 4k says nothing of the load, which the line above asks back about.
        return t("gpus_compared.title", gpus=i18n.join(setups, lang)), out
    for i, fits in enumerate(compared.fits):
        title, body = lines(fits, lang, show_prices, example=i == len(compared.fits) - 1)
        out += ["", title, *body]
    return t("gpus_compared.title", gpus=i18n.join(setups, lang)), out


def _lines(
    fits: WhatFits | Suggestions | Offered | GpusCompared,
    lang: str,
    show_prices: bool,
    availability_asked: bool,
) -> tuple[str, list[str]]:
    if isinstance(fits, GpusCompared):
        return compared_lines(fits, lang, show_prices)
    if isinstance(fits, WhatFits):
        title, body = lines(fits, lang, show_prices)
    elif isinstance(fits, Offered):
        title, body = offered_lines(fits, lang, show_prices)
    else:
        title, body = suggestion_lines(fits, lang, show_prices)
    if availability_asked and not (isinstance(fits, WhatFits) and not fits.offered_counts):
        # "tem H100 disponível?": stock is not something the answer sees; said before what to ask next
        body.insert(len(body) - 1, i18n.t(lang, "offered.availability"))
    return title, body


def text(
    fits: WhatFits | Suggestions | Offered,
    lang: str,
    show_prices: bool = True,
    availability_asked: bool = False,
) -> str:
    title, body = _lines(fits, lang, show_prices, availability_asked)
    return "\n".join([title, "", *body]) + "\n"


def message(
    fits: WhatFits | Suggestions | Offered,
    lang: str,
    show_prices: bool = True,
    availability_asked: bool = False,
) -> Message:
    title, body = _lines(fits, lang, show_prices, availability_asked)
    blocks: list[dict] = [{"type": "header", "text": {"type": "plain_text", "text": title[:150]}}]
    blocks += [
        {"type": "section", "text": {"type": "mrkdwn", "text": esc("\n".join(part))}} for part in _parts(body)
    ]
    validate(blocks)
    return Message(blocks=blocks, text="\n".join([title, *body])[:3000])


def _parts(body: list[str]) -> list[list[str]]:
    """The lines in runs that each fit one section once escaped (Slack refuses more than 3,000 characters): an
    offering priced in every mode for many GPUs runs longer than one."""
    parts: list[list[str]] = [[]]
    used = 0
    for line in body:
        size = len(esc(line)) + 1
        if parts[-1] and used + size > MAX_SECTION_TEXT:
            parts.append([])
            used = 0
        # one line longer than a section (never seen): cut where even "&" escaped five-fold still fits
        parts[-1].append(line if size <= MAX_SECTION_TEXT else line[: MAX_SECTION_TEXT // 5] + "…")
        used += size
    return parts


def _price(fits: WhatFits, setup: str, lang: str) -> str:
    """What the setup costs an hour and a month in each contract mode priced (staff, or prices made public)."""
    if not fits.price_per_hour:
        return i18n.t(lang, "cost.none")
    modes = [
        i18n.t(lang, "cost.mode", mode=i18n.t(lang, f"cost.modes.{mode}"), currency=fits.currency,
               per_hour=i18n.money(fits.price_per_hour[mode], lang),
               per_month=i18n.money(fits.price_per_hour[mode] * fits.hours_per_month, lang))
        for mode in led_by(fits.contract, fits.price_per_hour)
    ]  # fmt: skip
    return i18n.t(lang, "fits.price", setup=setup, modes="; ".join(modes),
                  hours=i18n.number(fits.hours_per_month, lang))  # fmt: skip


def _fits_budget(fits: WhatFits, lang: str) -> list[str]:
    """The setup's monthly price in each mode against the budget the question gave."""
    budget = fits.budget
    assert budget is not None
    amount = budget_amount(budget.amount, budget.currency or fits.currency, lang)
    if not fits.price_per_hour:
        return [i18n.t(lang, "cost.budget_unpriced", amount=amount)]
    if currency_mismatch(budget, fits.currency):
        return [i18n.t(lang, "cost.budget_currency", theirs=budget.currency, ours=fits.currency)]
    said = converted_lines(budget, amount, lang)
    if budget.hourly:  # each GPU's hour, or the whole setup's
        checked = hour_check(budget, dict(fits.price_per_hour), fits.count)
        return said + budget_verdict(checked, amount, fits.currency or "", lang) if checked else said
    per_month = {mode: price * fits.hours_per_month for mode, price in fits.price_per_hour.items()}
    checked = month_check(budget, per_month)
    return said + budget_verdict(checked, amount, fits.currency or "", lang) if checked else said


_BRACKETS = re.compile(r"\s*\([^)]*\)")


@cache
def asked_as(model_id: str, name: str) -> str:
    """How to ask for a model in an example the answer gives: its name without what its brackets add ("kimi
    k2", not "kimi k2 (1t-a32b)", whose "a32b" read back as a word not understood), else its id; the first
    that reads back as that model and nothing else."""
    for typed in (_BRACKETS.sub("", name).lower(), name.lower(), model_id):
        try:
            query = parse(typed)
        except SizingError:
            continue
        if query.workload is not None and query.workload.model == model_id and not query.unknown:
            return typed
    return model_id


def load_words(load: dict[str, float], lang: str, typed: bool = True, task: str | None = None) -> str:
    """A load said with no model in words that read back as it ("50 req/s", "20000 requisições por dia",
    "1000000 documentos em 2 dias", with the prompts and answers said), for the question to ask next; not
    `typed`, with its numbers written as answers write them ("1.000.000 documentos"), to be read."""
    from sizing.plan import batch_period

    def n(value: float) -> str:
        whole = abs(value - round(value)) < 1e-6
        if typed:
            return str(round(value)) if whole else i18n.number(value, lang, 1)
        return i18n.number(value, lang, 0 if whole else 1)

    def t(key: str, **params) -> str:
        return i18n.t(lang, f"load_words.{key}", **params)

    # A task that sizes the answers and the latency ("resumir": summaries, a batch's pace) is said first.
    parts = [t(f"task_{task}")] if task in ("summarization", "classification") else []
    if load.get("rate_per_s"):
        period = load.get("rate_period_s") or 1.0
        key = {60.0: "rate_min", 3600.0: "rate_h"}.get(period, "rate_s")
        parts.append(t(key, n=n(load["rate_per_s"] * (period if key != "rate_s" else 1.0))))
    elif load.get("batch_items") and load.get("batch_seconds"):
        period = batch_period(load["batch_seconds"], lang)
        parts.append(t("batch", n=n(load["batch_items"]), period=period))
    else:
        for field, key in (("requests_per_day", "per_day"), ("requests_per_week", "per_week"),
                           ("requests_per_month", "per_month"), ("population", "people")):  # fmt: skip
            if load.get(field):
                parts.append(t(key, n=n(load[field])))
                break
    lengths = [t(key, n=n(load[field])) for field, key in (("prompt_tokens", "prompt"), ("prompt_pages", "pages"),
                                                            ("output_tokens", "output")) if load.get(field)]  # fmt: skip
    if lengths:
        return (t("with") if parts else "").join([" ".join(parts), t("and").join(lengths)]).strip()
    return " ".join(parts)


def run_words(run: dict[str, float], lang: str) -> str:
    """A training's data and deadline said with no model in words that read back as them ("1000000000 tokens
    3 épocas em 2 dias", "em 6 horas")."""

    def t(key: str, **params) -> str:
        return i18n.t(lang, f"load_words.{key}", **params)

    parts = [t(key, n=round(run[field])) for field, key in (("tokens", "tokens"), ("examples", "examples"),
                                                          ("epochs", "epochs")) if run.get(field)]  # fmt: skip
    if days := run.get("days"):
        hours = days * 24
        parts.append(t("in_days", n=round(days)) if days == round(days) else t("in_hours", n=round(hours)))
    return " ".join(parts)


def _example(fits: WhatFits, lang: str) -> str | None:
    """The largest model of the last precision that has one, asked on the same GPUs when the words for
    them read back as those GPUs (a budget such as "GPU de 16 GB (notebook)" may not)."""
    row = next((r for r in reversed(fits.by_precision) if r.models), None)
    if row is None:
        return None
    if fits.capacity_asked:
        # the model that holds the most conversations: the one a load of people is asked of
        row, model = max(
            ((r, m) for r in fits.by_precision for m in r.models), key=lambda p: p[1].max_users or 0
        )
        row = PrecisionFits(precision=row.precision, precision_name=row.precision_name, models=[model])
    stage = "" if fits.stage == "inference" else f" {fits.stage}"
    # a reasoning model asked about alone is sized with its chain of thought only when it always thinks: said
    stage += f" {i18n.t(lang, 'fits.reasoning_word')}" if fits.reasoning_longest else ""
    plain = f"{asked_as(row.models[0].model_id, row.models[0].name)} {row.precision}{stage}"
    on = (
        f"{plain} {fits.count}x {fits.gpu_name.lower()}"
        if fits.count > 1
        else f"{plain} {fits.gpu_name.lower()}"
    )
    try:
        workload = parse(on).workload
    except SizingError:
        return plain
    return on if workload is not None and workload.gpu == fits.gpu else plain
