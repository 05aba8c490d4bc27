"""Turning an engine answer into text people read, from the Jinja2 templates in templates/: one template
per format, every sentence from the message files of the answer's language."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import cache, partial
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from sizing import advice, concepts, i18n, latency, performance, speech, tomlfiles, traffic_query, training
from sizing.budget import BudgetCheck, currency_mismatch
from sizing.budget import check as check_budget
from sizing.catalog import BUDGET_ID, load_catalog
from sizing.engine import CLOSE, speed_pair, stage_data
from sizing.names import repo_precision
from sizing.plan import batch_period, factor_text, launch_words, rate_text
from sizing.query import MOST_SIDES, foreign
from sizing.result import Memory, SizingResult
from sizing.workload import Method, Stage

from .templating import SYNTAX, TEMPLATES, direct_call_context, kept_template, kept_templates_class

if TYPE_CHECKING:
    from jinja2 import Environment

# Characters of the memory bar: weights, KV cache, activations + overhead, margin/free.
BAR_WEIGHTS, BAR_KV, BAR_OTHER, BAR_FREE = "█", "▓", "▒", "░"

# Words not understood said in an answer: the first ones, then how many more.
UNKNOWN_SHOWN = 8


@cache
def environment() -> Environment:
    """The templates, each compiled once per process and never looked at on disk again (a changed template
    takes a restart): checking a file's time costs a system call per answer, which waits behind every
    other thread. Compiled templates are also kept with the data files' parsed copies (checked by their
    source: bot/templating.py), so a short-lived process such as gpu-size skips the compiler."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, runtime

    folder = tomlfiles.cache_dir()
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        undefined=StrictUndefined,  # a missing value is a bug to see, not an empty string to ship
        auto_reload=False,
        bytecode_cache=kept_templates_class()(folder) if folder is not None else None,
        **SYNTAX,
    )
    env.context_class = direct_call_context(runtime)
    return env


def memory_bar(per_gpu: Memory, gpu_bytes: int, width: int = 30) -> str:
    """How one GPU's memory is filled, as a bar: weights, KV cache (training: gradients, optimizer and
    adapter states), the rest, and what stays free."""
    if gpu_bytes <= 0:
        return ""
    second = per_gpu.kv_cache + per_gpu.gradients + per_gpu.optimizer + per_gpu.adapters
    other = per_gpu.total - per_gpu.weights - second
    cells = []
    for share, char in ((per_gpu.weights, BAR_WEIGHTS), (second, BAR_KV), (other, BAR_OTHER)):
        cells.append([char, share / gpu_bytes * width])
    used = sum(c[1] for c in cells)
    if used > width:  # over-full: scale down so the bar still shows the proportions
        for c in cells:
            c[1] = c[1] * width / used
    # Round so the widths add up to the bar, keeping at least one cell for any non-zero part.
    out = ""
    for char, w in cells:
        n = max(1, round(w)) if w > 0 else 0
        out += char * n
    out = out[:width]
    return out + BAR_FREE * (width - len(out))


def leader(label: str, width: int = 18) -> str:
    """'Pesos ............ ': a label and dots up to the column where the figures start."""
    return f"{label} {'.' * max(1, width - len(label) - 1)} "


@cache
def filters(lang: str) -> Mapping[str, Callable]:
    """The templates' helpers in one language, made once a language: they hold nothing else (no user, no
    answer), and an answer had made nine new functions to call a few of them."""
    return MappingProxyType(
        {
            "t": lambda key, **p: i18n.t(lang, key, **p),
            "leader": leader,
            "setup": lambda s: advice.describe(s, lang),
            "on_servers": lambda s: advice.on_servers(s, lang),
            "gb": lambda n: i18n.gb(n, lang),
            "num": lambda n, digits=0: i18n.number(n, lang, digits),
            "pct": lambda x: i18n.percent(x, lang),
            "params": lambda n: i18n.params(n, lang),
            "tokens": lambda n: i18n.tokens(n, lang),
        }
    )


def render(template: str, result: SizingResult, **extra) -> str:
    lang = i18n.lang_of(result.workload.lang)
    values = {"r": result, "bar": memory_bar, **filters(lang), **extra}
    kept = _kept(template)
    if kept is not None:
        try:
            return kept.render(values)
        except Exception:  # beyond what the kept template's stand-in does: Jinja renders it, or says why not
            pass
    return environment().get_template(template).render(values)


@cache
def _kept(template: str):
    """The template as an earlier process compiled it, run without importing the rest of Jinja
    (bot/templating.py), or None: Jinja's Environment then compiles it and keeps it for the next process."""
    return kept_template(template)


def render_text(result: SizingResult, query=None, comparison=None) -> str:
    """The answer as plain text; `comparison` (sizing.compare.weigh) puts the other model of the question
    beside it."""
    text = render(
        "answer.txt.j2",
        result,
        understood=understood(result, query, comparison),
        lines=serving_lines(result, show_prices=True, compact=False),
        comparison=comparison if comparison is not None and comparison.sized else None,
        others=shown_alternatives(result, comparison, show_prices=True),
    )
    return text.strip() + "\n"


def shown_alternatives(result: SizingResult, comparison=None, show_prices: bool = False) -> list:
    """The alternatives the answer lists (the GPU a question named has its verdict instead). A comparison that
    already gives the advice of a 24-32B model at 16-bit against a squeezed large one leaves out the same
    advice for another mid-size model. The other reading of users said alone (kind "head_count") says what
    its setup costs a month where prices may be shown."""
    drop = {"named_gpu", "cheaper"} | (
        {"mid_size_full_precision"} if comparison is not None and comparison.quality else set()
    )
    if result.gpu_choice or result.gpu_comparison is not None:
        # GPUs weighed are side by side above (gpu_choice_lines, gpu_sides_lines), not again
        drop.add("compared_gpu")
    shown = [_priced(a, result, show_prices) for a in result.alternatives if a.kind not in drop]
    if show_prices and result.currency is not None:
        # "l40s vs h100 pra 50 req/s, qual sai mais barato?": each GPU weighed says what it costs a month and per
        # million tokens, as the first one named does; they had been compared on everything but the price.
        lang = i18n.lang_of(result.workload.lang)
        shown = [
            msgspec.structs.replace(a, text=f"{a.text} {price}")
            if a.kind == "compared_gpu" and (price := compared_price(result, a.setup, lang))
            else a
            for a in shown
        ]
    return shown


def compared_price(result: SizingResult, setup, lang: str) -> str:
    """A GPU weighed against the named one: its price in the recommended contract mode, an hour and a month,
    and of a million generated tokens; empty when it does not serve the workload or has no price."""
    c = setup.cost if setup is not None and setup.fits else None
    if c is None or c.project_total is not None or result.currency is None:
        return ""
    cur = result.currency
    billed = c.hours_on if c.mode == "on_demand" and c.hours_on is not None else c.hours_per_month
    mode = i18n.t(lang, f"cost.modes.{c.mode}")
    text = i18n.t(lang, "cost.line", mode=mode, currency=cur, per_hour=i18n.money(c.per_hour, lang),
                  per_month=i18n.money(c.per_month, lang), hours=i18n.number(billed, lang))  # fmt: skip
    if c.per_million_output_tokens is not None:
        share = i18n.percent(c.tokens_share, lang) if c.tokens_share is not None else ""
        basis = i18n.t(lang, f"cost.basis_{c.tokens_basis}", share=share)
        text += " " + i18n.t(lang, "cost.per_million", currency=cur, basis=basis,
                             value=i18n.money(c.per_million_output_tokens, lang))  # fmt: skip
    return text


def _priced(alternative, result: SizingResult, show_prices: bool):
    if alternative.kind not in ("head_count", "vllm_format") or not show_prices:
        return alternative  # its cost unread: worked out for the detail button and --json only (sizing/engine.py)
    c = alternative.setup.cost if alternative.setup else None
    if not (c and result.currency):
        return alternative
    lang = i18n.lang_of(result.workload.lang)
    rec = result.recommendation.cost if result.recommendation else None
    mode = rec.mode if rec and rec.mode in c.by_contract_mode else c.mode
    if alternative.kind == "vllm_format" and rec is not None and mode in rec.by_contract_mode:
        # vLLM's format against the GGUF copies, month against month in the recommendation's contract mode
        text = i18n.t(lang, "alt.vllm_format_price", text=alternative.text, currency=result.currency,
                      per_month=i18n.money(c.by_contract_mode[mode].per_month, lang),
                      rec_month=i18n.money(rec.by_contract_mode[mode].per_month, lang),
                      mode=i18n.t(lang, f"cost.modes.{mode}"))  # fmt: skip
        return msgspec.structs.replace(alternative, text=text)
    if alternative.kind != "head_count":
        return alternative
    text = i18n.t(lang, "alt.head_count_price", text=alternative.text.removesuffix("."), currency=result.currency,
                  per_month=i18n.money(c.by_contract_mode[mode].per_month, lang),
                  mode=i18n.t(lang, f"cost.modes.{mode}"))  # fmt: skip
    return msgspec.structs.replace(alternative, text=text)


def _contract_run_lines(result: SizingResult, c, setup, lang: str) -> list[str]:
    """A training asked in reserved or dedicated capacity: what its run costs there, billed by the whole month,
    against the project's cost by the hour above, and when the month is worth it; where the table does not price
    the mode for the GPU, that the sales team quotes it."""
    asked = result.workload.contract
    pick = result.run_budget_pick
    if asked not in ("reserved", "dedicated") or (pick is not None and pick.unit and pick.mode == asked):
        return []  # (a budget weighed in the mode asked says its months already: cost.budget_job_month_*)
    mode = i18n.t(lang, f"cost.modes.{asked}")
    if c.contract_run_total is None:
        run_mode = i18n.t(lang, f"cost.modes.{c.project_mode or 'project_package'}")
        return [i18n.t(lang, "cost.mode_unpriced", asked=mode, mode=run_mode)]
    cur, months = result.currency, c.contract_run_months or 1
    words = dict(mode=mode, currency=cur, total=i18n.money(c.contract_run_total, lang),
                 months=i18n.t(lang, "units.month_one" if months == 1 else "units.months", n=i18n.number(months, lang)),
                 setup=advice.describe(setup, lang),
                 price=i18n.money(c.contract_run_total / (setup.count * c.hours_per_month * months), lang))  # fmt: skip
    if c.contract_run_total <= c.project_total:
        share = i18n.percent(1 - c.contract_run_total / c.project_total, lang)
        return [i18n.t(lang, "cost.project_contract_cheaper", share=share, **words)]
    times = i18n.number(c.contract_run_total / c.project_total, lang, 1)
    return [i18n.t(lang, "cost.project_contract_dearer", times=times, **words)]


def speech_apart_lines(result: SizingResult, lang: str) -> list[str]:
    """What the speech model's GPUs apart cost, as the notes recommend them, and with the LLM's own setup the
    whole: the notes say which way costs less, the amounts only here, where prices may be shown."""
    a = result.speech_apart
    if a is None or result.currency is None:
        return []
    money = partial(i18n.money, lang=lang)
    line = i18n.t(lang, "cost.speech_apart", name=a.name, count=a.count, gpu=a.gpu_name, currency=result.currency,
                  per_hour=money(a.per_hour))  # fmt: skip
    if a.llm_per_hour is not None:
        line += " " + i18n.t(lang, "cost.speech_apart_total", count=a.llm_count, gpu=a.llm_gpu_name,
                             currency=result.currency, per_hour=money(a.llm_per_hour),
                             total=money(a.per_hour + a.llm_per_hour))  # fmt: skip
    return [line]


def cost_lines(result: SizingResult, setup, lang: str) -> list[str]:
    """What a setup costs: per hour and month in the recommended contract mode, each mode's price and
    saving against on demand, and a million output tokens. Only where prices may be shown."""
    c = setup.cost if setup else None
    if c is None or result.currency is None:
        return []
    cur = result.currency

    def mode_name(mode: str) -> str:
        return i18n.t(lang, f"cost.modes.{mode}")

    lines = []
    if c.project_total is not None:
        run_mode = c.project_mode or "project_package"
        price = c.by_contract_mode[run_mode].per_hour / setup.count
        # This setup's GPU-hours (its GPU's, which the estimate's need not be): what its total was priced on.
        gpu_hours = c.project_total / price if price else 0
        lines.append(i18n.t(lang, "cost.project", currency=cur, total=i18n.money(c.project_total, lang),
                            gpu_hours=i18n.gpu_hours(gpu_hours, lang), price=i18n.money(price, lang),
                            mode=mode_name(run_mode)))  # fmt: skip
        lines += _contract_run_lines(result, c, setup, lang)
        lines += run_choice_lines(result, setup, lang)
        return lines
    billed = c.hours_on if c.mode == "on_demand" and c.hours_on is not None else c.hours_per_month
    lines.append(i18n.t(lang, "cost.line", mode=mode_name(c.mode), currency=cur, per_hour=i18n.money(c.per_hour, lang),
                        per_month=i18n.money(c.per_month, lang), hours=i18n.number(billed, lang)))  # fmt: skip
    asked = result.workload.contract
    if asked and asked != c.mode and asked in ("reserved", "dedicated") and asked not in c.by_contract_mode:
        # "dedicado" asked of a GPU the table prices only on demand: the price shown is not the one asked
        lines.append(i18n.t(lang, "cost.mode_unpriced", asked=mode_name(asked), mode=mode_name(c.mode)))
    lines += _schedule_lines(c, cur, lang, result.workload.off_hours)
    if c.term_total is not None and result.workload.term_days:
        lines.append(i18n.t(lang, "cost.term", period=i18n.period(result.workload.term_days, lang), currency=cur,
                            total=i18n.money(c.term_total, lang), mode=mode_name(c.mode)))  # fmt: skip
    if c.batch_total is not None and c.batch_seconds:
        deadline = result.workload.load.batch_seconds if result.workload.load else None
        key = "cost.batch_month" if c.mode in ("reserved", "dedicated") else "cost.batch"
        lines.append(i18n.t(lang, key, hours=i18n.number(c.batch_seconds / 3600, lang, 1), currency=cur,
                            period=batch_period(deadline or c.batch_seconds, lang), total=i18n.money(c.batch_total, lang),
                            mode=mode_name(c.mode)))  # fmt: skip
    if c.per_million_output_tokens is not None:
        share = i18n.percent(c.tokens_share, lang) if c.tokens_share is not None else ""
        basis = i18n.t(lang, f"cost.basis_{c.tokens_basis}", share=share)
        lines.append(i18n.t(lang, "cost.per_million", currency=cur, value=i18n.money(c.per_million_output_tokens, lang),
                            basis=basis))  # fmt: skip
    if c.per_million_month is not None:
        lines.append(i18n.t(lang, "cost.per_million_month", currency=cur, value=i18n.money(c.per_million_month, lang),
                            tokens=i18n.count(c.month_output_tokens, lang), days=i18n.number(c.month_days, lang),
                            mode=mode_name(c.mode)))  # fmt: skip
    lines += per_requests_lines(result, c, lang)
    lines += api_price_lines(result, c, mode_name(c.mode), lang)
    if len(c.by_contract_mode) > 1:
        modes = []
        for mode, m in c.by_contract_mode.items():
            text = i18n.t(lang, "cost.mode", mode=mode_name(mode), currency=cur, per_hour=i18n.money(m.per_hour, lang),
                          per_month=i18n.money(m.per_month, lang))  # fmt: skip
            if m.saving_vs_on_demand and m.saving_vs_on_demand > 0:
                text += f" ({i18n.t(lang, 'cost.saving', share=i18n.percent(m.saving_vs_on_demand, lang))})"
            elif m.saving_vs_on_demand:  # a schedule short enough that on demand bills less
                text += (
                    f" ({i18n.t(lang, 'cost.costlier', share=i18n.percent(-m.saving_vs_on_demand, lang))})"
                )
            modes.append(text)
        lines.append(i18n.t(lang, "cost.by_mode", modes="; ".join(modes)))
    lines += compared_modes_lines(result, setup, lang)
    lines += per_user_lines(result, c, lang)
    return lines


def run_choice_lines(result: SizingResult, setup, lang: str) -> list[str]:
    """Under a training recommendation with prices: which setup costs least per run and which is the smallest
    that holds the run (sizing/engine.py, _run_choice), each with its cost and time, when they differ."""
    choice = result.run_choice
    if choice is None or setup is not result.recommendation or result.currency is None:
        return []
    cur = result.currency
    if choice.recommended == "named":
        if choice.smallest_total <= choice.cheapest_total and choice.smallest_days <= choice.cheapest_days:
            return []
        return [i18n.t(lang, "cost.run_named", currency=cur, total=i18n.money(choice.cheapest_total, lang),
                       days=i18n.duration(choice.cheapest_days, lang),
                       smallest_total=i18n.money(choice.smallest_total, lang),
                       smallest=advice.describe(choice.smallest, lang),
                       smallest_days=i18n.duration(choice.smallest_days, lang))]  # fmt: skip
    if choice.recommended == "cheapest":
        return [i18n.t(lang, "cost.run_cheapest", currency=cur, total=i18n.money(choice.cheapest_total, lang),
                       days=i18n.duration(choice.cheapest_days, lang),
                       smallest_total=i18n.money(choice.smallest_total, lang),
                       smallest=advice.describe(choice.smallest, lang),
                       smallest_days=i18n.duration(choice.smallest_days, lang))]  # fmt: skip
    key = "cost.run_smallest_more" if choice.cheapest_days <= choice.smallest_days else "cost.run_smallest"
    return [i18n.t(lang, key, currency=cur, cheapest=advice.describe(choice.cheapest, lang),
                   total=i18n.money(choice.cheapest_total, lang),
                   saving=i18n.money(choice.smallest_total - choice.cheapest_total, lang),
                   days=i18n.duration(choice.cheapest_days, lang),
                   rec_days=i18n.duration(choice.smallest_days, lang))]  # fmt: skip


def compared_modes_lines(result: SizingResult, setup, lang: str) -> list[str]:
    """ "dedicado ou reservado?": each contract mode asked about, its month (and term) side by side with what
    sets it apart, then the one this workload calls for (sizing/plan.py's contract_mode: whole servers go
    dedicated)."""
    from sizing.plan import WHOLE_SERVER, term_months

    w, c, cur = result.workload, setup.cost, result.currency
    modes = [mode for mode in w.contracts_compared if mode in c.by_contract_mode]
    if len(modes) < 2:
        return []
    lines = []
    for mode in modes:
        m = c.by_contract_mode[mode]
        term = ""
        if w.term_days and mode != "on_demand":
            term = i18n.t(lang, "cost.compare_term", currency=cur, period=i18n.period(w.term_days, lang),
                          total=i18n.money(m.per_month * term_months(w.term_days), lang))  # fmt: skip
        lines.append(i18n.t(lang, "cost.compare_mode", mode=i18n.t(lang, f"cost.modes.{mode}").capitalize(),
                            currency=cur, per_month=i18n.money(m.per_month, lang), term=term,
                            what=i18n.t(lang, f"cost.mode_what.{mode}")))  # fmt: skip
    continuous = [mode for mode in modes if mode in ("reserved", "dedicated")]
    fit = ("dedicated" if setup.count >= WHOLE_SERVER else "reserved") if len(continuous) == 2 else None
    fit = fit or (continuous[0] if continuous else "on_demand" if "on_demand" in modes else None)
    if fit is not None:
        lines.append(i18n.t(lang, f"cost.compare_fit_{fit}", gpus=setup.count, per=WHOLE_SERVER))
    return lines


def per_requests_lines(result: SizingResult, c, lang: str) -> list[str]:
    """ "custo por 1k requisições": the price of a million generated tokens times the tokens those requests
    generate, on the same basis (the sized load, its peak hour or as busy as the targets allow)."""
    w, load = result.workload, result.workload.load
    if c.per_million_output_tokens is None or load is None:
        return []
    # Prompts at least as much longer than their answers as a summary's text is than the summary (traffic.toml
    # summary_output_share): the GPUs' time goes mostly to reading them, and "R$ 6.687 por milhão de tokens
    # gerados" for 37,500-token documents reads as a price error unless a request's price is said beside it.
    share = load_catalog().traffic.lengths.summary_output_share
    long_prompts = load.prompt_tokens * share >= load.output_tokens
    if not (w.cost_per_requests or long_prompts):
        return []
    n, output = w.cost_per_requests or 1, load.output_tokens
    value = c.per_million_output_tokens * output / 1e6 * n
    month = c.per_million_month * output / 1e6 * n if c.per_million_month is not None else None
    key = "cost.per_request" if n == 1 else "cost.per_requests"
    if long_prompts and not w.cost_per_requests:
        key = "cost.per_request_long"

    def amount(v: float) -> str:
        # a request costs fractions of a cent: two significant digits below a real ("0,0011"), cents above
        return i18n.money(v, lang) if v >= 1 else i18n.number(v, lang, max(2, 1 - math.floor(math.log10(v))))

    lines = [i18n.t(lang, key, currency=result.currency, value=amount(value), n=i18n.count(n, lang),
                    output=i18n.number(output, lang), prompt=i18n.number(load.prompt_tokens, lang))]  # fmt: skip
    if month is not None:
        month_key = "cost.per_request" if key == "cost.per_request_long" else key
        lines.append(i18n.t(lang, f"{month_key}_month", currency=result.currency, value=amount(month),
                            n=i18n.count(n, lang)))  # fmt: skip
    return lines


def per_user_lines(result: SizingResult, c, lang: str) -> list[str]:
    """ "quanto custa por usuário?": each mode's month over the users the workload was sized for (the modes
    asked about, else every one priced)."""
    w = result.workload
    # The people the service is for, when the load came from them ("500 usuários ativos", "1000 usuários, 30
    # perguntas por dia cada"): a seat is one of them, not one of the conversations in flight at the peak (the
    # month had been divided by the 4 conversations of 500 people's peak, R$ 2.555 a seat).
    seats = w.cost_seats or w.users
    if not w.cost_per_user or seats < 1:
        return []
    shown = [mode for mode in w.contracts_compared if mode in c.by_contract_mode] or list(c.by_contract_mode)
    modes = [
        i18n.t(lang, "cost.per_user_mode", mode=i18n.t(lang, f"cost.modes.{mode}"), currency=result.currency,
               per_user=i18n.money(c.by_contract_mode[mode].per_month / seats, lang))
        for mode in shown
    ]  # fmt: skip
    return [i18n.t(lang, "cost.per_user", users=i18n.number(seats, lang), modes="; ".join(modes))]


def api_price_lines(result: SizingResult, c, mode: str, lang: str) -> list[str]:
    """Another provider's price per million tokens the question gave, against this setup's: the month's own
    figure where a volume gives one (the quiet hours paid too), else the sized load's. Currencies are never
    converted: across two, the exchange rate at which ours is the cheaper, ours over theirs."""
    api = result.workload.api_price
    if api is None:
        return []
    cur = result.currency
    theirs = budget_amount(api.amount, api.currency or cur, lang)
    ours = c.per_million_month if c.per_million_month is not None else c.per_million_output_tokens
    if ours is None:
        return [i18n.t(lang, "cost.api_unpriced", theirs=theirs)]
    values = dict(theirs=theirs, currency=cur, ours=i18n.money(ours, lang), mode=mode)
    if api.currency is not None and api.currency != cur:
        return [i18n.t(lang, "cost.api_currency", theirs_code=api.currency, ours_code=cur,
                       rate=i18n.money(ours / api.amount, lang), **values)]  # fmt: skip
    key = "cost.api_cheaper" if ours <= api.amount else "cost.api_dearer"
    share = i18n.percent(abs(1 - ours / api.amount), lang)
    return [i18n.t(lang, key, share=share, **values)]


def cheaper_lines(result: SizingResult, show_prices: bool) -> list[str]:
    """ "mais barato?": the line over the cheaper setups, then each one, with what it costs an hour and a
    month and how much less than the recommendation where prices may be shown (sizing/advice.py, cheaper).
    Empty when the question did not ask."""
    if result.cheaper is None:
        return []
    lang = i18n.lang_of(result.workload.lang)
    rec = result.recommendation.cost if result.recommendation else None
    lines = [result.cheaper]
    for a in result.alternatives:
        if a.kind != "cheaper":
            continue
        c = a.setup.cost if a.setup else None
        if not (show_prices and c and rec and result.currency):
            lines.append(a.text)
            continue
        if c.project_total is not None and rec.project_total:
            # a training run: what the whole run costs, which is what "cheaper" weighed (sizing/engine.py)
            share = i18n.percent(1 - c.project_total / rec.project_total, lang)
            lines.append(i18n.t(lang, "cheaper.price_run", text=a.text, currency=result.currency,
                                total=i18n.money(c.project_total, lang), share=share))  # fmt: skip
            continue
        m = c.by_contract_mode.get(rec.mode) or c.by_contract_mode[c.mode]
        theirs = rec.by_contract_mode.get(rec.mode)
        share = i18n.percent(1 - m.per_hour / theirs.per_hour, lang) if theirs else ""
        lines.append(i18n.t(lang, "cheaper.price", text=a.text, currency=result.currency,
                            per_hour=i18n.money(m.per_hour, lang), per_month=i18n.money(m.per_month, lang),
                            share=share))  # fmt: skip
    return lines


def gpu_choice_lines(result: SizingResult, show_prices: bool) -> tuple[list[str], list[str]]:
    """GPUs weighed for a training ("h100 ou a100 pra lora ..., qual sai mais barato?"), side by side: the title,
    each GPU's setup with the run's time and cost there (or its BF16 peak and price without a data volume), then
    which is cheaper (or faster) for this run: (the title and a line a GPU, the conclusions). Empty when the
    question weighed no GPUs for a training."""
    sides = result.gpu_choice
    if not sides:
        return [], []
    lang = i18n.lang_of(result.workload.lang)
    cur = result.currency
    priced = show_prices and cur is not None

    def mode(side) -> str:
        return i18n.t(lang, f"cost.modes.{side.price_mode}")

    lines, ends = [i18n.t(lang, "gpu_choice.title")], []
    rec = result.recommendation
    if rec is not None and rec.gpu not in {side.gpu for side in sides}:
        # the smallest setup that holds the run is a third GPU: said as such, after the conclusions
        key = "gpu_sides.third" if len(sides) == 2 else "gpu_sides.third_many"
        third = [i18n.t(lang, key, setup=advice.describe(rec, lang))]
    else:
        third = []
    for side in sides:
        if side.setup is None:
            lines.append(i18n.t(lang, "gpu_choice.side_none", gpu=side.gpu_name))
            continue
        setup = advice.describe(side.setup, lang) + (f" · ZeRO-{side.setup.zero}" if side.setup.zero else "")
        named = ""
        if side.short is not None:
            # the count named first, by how much it falls short, then the fewest of it that hold the run
            named = i18n.t(lang, "named.short", setup=advice.describe(side.short, lang),
                           short=i18n.gb(-side.short.free_bytes_per_gpu, lang)) + " "  # fmt: skip
            setup = i18n.t(lang, "gpu_choice.side_with", setup=setup)
        if side.days is not None:
            line = i18n.t(lang, "gpu_choice.side_timed", setup=setup, days=i18n.duration(side.days, lang),
                          gpu_hours=i18n.gpu_hours(side.gpu_hours, lang))  # fmt: skip
            # its memory, as the answer for that setup alone says it: a time alone left "1 ou 2 h100" unweighed
            s = side.setup
            line += " " + i18n.t(lang, "compare.per_gpu", used=i18n.gb(s.per_gpu.total, lang),
                                 usable=i18n.gb(s.usable_bytes_per_gpu, lang), free=i18n.gb(s.free_bytes_per_gpu, lang)) + "."  # fmt: skip
            if priced and side.run_cost is not None:
                line += " " + i18n.t(lang, "gpu_choice.side_cost", currency=cur, mode=mode(side),
                                     total=i18n.money(side.run_cost, lang),
                                     price=i18n.money(side.price_per_gpu_hour, lang))  # fmt: skip
        else:
            # with no time to say, whether the memory holds the run is what the setup's line says of it
            line = i18n.t(lang, "gpu_choice.side_untimed", setup=setup, spare=i18n.gb(side.setup.free_bytes_per_gpu, lang),
                          tflops=i18n.number(side.bf16_tflops, lang))  # fmt: skip
            if priced and side.price_per_gpu_hour is not None:
                line += " " + i18n.t(lang, "gpu_choice.side_price", currency=cur, mode=mode(side),
                                     price=i18n.money(side.price_per_gpu_hour, lang))  # fmt: skip
        lines.append(named + line)
    held = [side for side in sides if side.setup is not None]
    if len(held) < 2:
        return lines, ends + third
    ratio = _ratio_text
    if all(side.days is not None for side in held):
        by_time = sorted(held, key=lambda side: side.days)
        fast, slow = by_time[0], by_time[1]
        costed = [side for side in held if side.run_cost is not None]
        if priced and len(costed) == len(held):
            by_cost = sorted(costed, key=lambda side: side.run_cost)
            cheap, other = by_cost[0], by_cost[1]
            key = "gpu_choice.cheapest"
            speed = max(cheap.days, other.days) / max(min(cheap.days, other.days), 1e-9)
            if speed >= 1.05:
                key = (
                    "gpu_choice.cheapest_faster" if cheap.days < other.days else "gpu_choice.cheapest_slower"
                )
            ends.append(i18n.t(lang, key, setup=advice.describe(cheap.setup, lang), other=advice.describe(other.setup, lang),
                                currency=cur, total=i18n.money(cheap.run_cost, lang),
                                other_total=i18n.money(other.run_cost, lang),
                                share=i18n.percent(1 - cheap.run_cost / other.run_cost, lang), ratio=ratio(speed, lang),
                                days=i18n.duration(cheap.days, lang), other_days=i18n.duration(other.days, lang)))  # fmt: skip
            return lines, ends + third
        speed = slow.days / max(fast.days, 1e-9)
        key = "gpu_choice.faster" if speed >= 1.05 else "gpu_choice.same_speed"
        ends.append(i18n.t(lang, key, setup=advice.describe(fast.setup, lang), other=advice.describe(slow.setup, lang),
                            ratio=ratio(speed, lang), days=i18n.duration(fast.days, lang),
                            other_days=i18n.duration(slow.days, lang)))  # fmt: skip
        if show_prices and cur is None:
            ends.append(i18n.t(lang, "gpu_choice.unpriced"))
        return lines, ends + third
    # What a training gets of each: its BF16 peak at its architecture's MFU (advice._gpu_hours)
    by_peak = sorted(held, key=lambda side: -side.bf16_tflops * side.mfu)
    fast, slow = by_peak[0], by_peak[1]
    speed = fast.bf16_tflops * fast.mfu / (slow.bf16_tflops * slow.mfu)
    key = "gpu_choice.untimed" if speed >= 1.05 else "gpu_choice.untimed_same"
    ends.append(i18n.t(lang, key, fast=fast.gpu_name, slow=slow.gpu_name, ratio=ratio(speed, lang),
                        fast_tflops=i18n.number(fast.bf16_tflops, lang), fast_mfu=i18n.percent(fast.mfu, lang),
                        slow_tflops=i18n.number(slow.bf16_tflops, lang), slow_mfu=i18n.percent(slow.mfu, lang)))  # fmt: skip
    if priced and all(side.price_per_gpu_hour is not None for side in held):
        # The same run is the same model FLOPs on either (advice._gpu_hours): its cost goes as each GPU's price
        # over what it delivers, its BF16 peak at its MFU.
        by_work = sorted(held, key=lambda side: side.price_per_gpu_hour / (side.bf16_tflops * side.mfu))
        cheap, other = by_work[0], by_work[1]
        share = 1 - (cheap.price_per_gpu_hour / (cheap.bf16_tflops * cheap.mfu)) / (
            other.price_per_gpu_hour / (other.bf16_tflops * other.mfu)
        )
        if share >= 0.02:
            ends.append(i18n.t(lang, "gpu_choice.untimed_cost", share=i18n.percent(share, lang), cheap=cheap.gpu_name,
                                currency=cur, price=i18n.money(cheap.price_per_gpu_hour, lang),
                                other_price=i18n.money(other.price_per_gpu_hour, lang)))  # fmt: skip
    return lines, ends + third


def gpu_sides_lines(result: SizingResult, show_prices: bool) -> tuple[list[str], list[str]]:
    """GPUs weighed for one model's inference ("h100 vs h200 para llama 70b"), side by side: the title, each
    GPU's setup (the count named, else the fewest that serve as asked) with its capacity, performance and, where
    prices may be shown, its month in each contract mode and a million tokens; then the conclusion (fewer GPUs,
    faster, cheaper, and why) and the smallest setup that serves when it is a third GPU (sizing/engine.py,
    _gpu_sides). Empty when the question weighed no GPUs for inference."""
    cmp = result.gpu_comparison
    if cmp is None or not cmp.sides:
        return [], []
    from sizing.compare import month_modes

    lang = i18n.lang_of(result.workload.lang)
    cur = result.currency
    priced = show_prices and cur is not None
    precision = result.workload.precision_name
    catalog = load_catalog()

    def figures(setup) -> list[str]:
        out = []
        if setup.capacity:
            out.append(f"{i18n.t(lang, 'answer.capacity')}: {setup.capacity}.")
        if setup.performance is not None:
            out.append(
                i18n.t(lang, "compare.performance", short=advice.perf_short(setup.performance, lang)) + "."
            )
        c = setup.cost
        if priced and c is not None and c.by_contract_mode:
            modes = month_modes(result, setup, hourly=True)
            if c.per_million_output_tokens is None:
                out.append(i18n.t(lang, "compare.per_month", modes=modes) + ".")
            else:
                share = i18n.percent(c.tokens_share, lang) if c.tokens_share is not None else ""
                basis = i18n.t(lang, f"cost.basis_{c.tokens_basis}", share=share)
                per_million = i18n.t(lang, "cost.per_million", currency=cur, basis=basis,
                                     value=i18n.money(c.per_million_output_tokens, lang))  # fmt: skip
                out.append(i18n.t(lang, "gpu_sides.month", modes=modes, per_million=per_million))
        return out

    lines = [i18n.t(lang, "gpu_sides.title")]
    for side in cmp.sides:
        s = side.setup
        if side.count_named is not None and s is not None and side.fits:
            words = [
                i18n.t(
                    lang,
                    "named.fits",
                    setup=advice.describe(s, lang),
                    spare=i18n.gb(s.free_bytes_per_gpu, lang),
                )
            ]
            words += figures(s)
        elif side.over_plan and s is not None and s.performance is not None:
            words = [_unserved(s, lang)]
        elif side.count_named is not None and s is not None and side.problem is None:
            words = [
                i18n.t(
                    lang,
                    "named.short",
                    setup=advice.describe(s, lang),
                    short=i18n.gb(-s.free_bytes_per_gpu, lang),
                )
            ]
        elif side.fits and s is not None:
            setup = advice.describe(s, lang)
            if any(other.count_named is not None for other in cmp.sides):
                # beside counts the question said, this count is the answer's: said why, as "Entendi" does
                setup = i18n.t(lang, "understood.fewest_serving", gpu=setup)
            words = [i18n.t(lang, "gpu_sides.serves", setup=setup), *figures(s)]
        elif side.problem == "precision":
            # the format needs a newer GPU (vLLM's get_min_capability()), as the named GPU's verdict says
            need = catalog.precision(result.workload.precision).min_compute_capability or 0
            words = [i18n.t(lang, "gpu_sides.none_precision", gpu=side.gpu_name, precision=precision,
                            capability=i18n.number(catalog.gpu(side.gpu).compute_capability or 0, lang, 1),
                            required=i18n.number(need, lang, 1))]  # fmt: skip
        else:
            offered = any(o.gpu == side.gpu for o in catalog.offering.offer)
            key = "gpu_sides.none" if offered else "gpu_sides.none_unrented"
            words = [i18n.t(lang, key, gpu=side.gpu_name, precision=precision)]
        if side.fewest is not None:
            p = side.fewest.performance
            if side.over_plan and p is not None and p.utilization is not None:
                # the count that serves the load as the recommendation does, and the share of it the peak uses
                words.append(i18n.t(lang, "gpu_sides.fewest_plan", setup=advice.describe(side.fewest, lang),
                                    share=i18n.percent(p.utilization, lang)))  # fmt: skip
            else:
                words.append(i18n.t(lang, "gpu_sides.fewest", setup=advice.describe(side.fewest, lang)))
            if not _weighed_beside(cmp, side, side.fewest):  # its own line has its figures
                words += figures(side.fewest)
        elif side.lower is not None:
            words.append(i18n.t(lang, "gpu_sides.lower", precision=side.lower_precision_name,
                                setup=advice.describe(side.lower, lang)))  # fmt: skip
            words += figures(side.lower)
        lines.append(" ".join(words))
    ends = []
    if _crossed_sides(cmp):
        ends.append(" ".join(_setups_conclusion(result, cmp, priced, lang)))
    elif parts := _sides_conclusion(result, cmp, priced, lang):
        ends.append(i18n.t(lang, "gpu_sides.summary", parts="; ".join(parts)))
    if cmp.third is not None:
        key = "gpu_sides.third" if len(cmp.sides) == 2 else "gpu_sides.third_many"
        ends.append(i18n.t(lang, key, setup=advice.describe(cmp.third, lang)))
    return lines, ends


def _unserved(setup, lang: str) -> str:
    """A count named that holds the model but does not serve the load: the peak over the share of what it
    sustains a plan uses (traffic.toml plan_utilization), past all it sustains, or the latency targets missed."""
    p = setup.performance
    desc = advice.describe(setup, lang)
    if (
        p.utilization is not None
        and p.planned_utilization is not None
        and p.utilization <= 1
        and p.meets_targets
    ):
        return i18n.t(lang, "gpu_sides.over_plan", setup=desc, plan=i18n.percent(p.planned_utilization, lang),
                      share=advice.share_text(p.utilization, p.planned_utilization, lang))  # fmt: skip
    if p.utilization is not None and p.utilization > 1:
        return i18n.t(lang, "gpu_sides.unserved", setup=desc, short=advice.perf_short(p, lang))
    return i18n.t(lang, "gpu_sides.misses", setup=desc)


def _weighed_beside(cmp, side, setup) -> bool:
    """Whether another side weighed is `setup`, the same GPU at the same count ("2 ou 4 h100": the fewest H100
    that serve beside 2× H100 are the 4× H100 weighed)."""
    return any(
        other is not side
        and other.gpu == setup.gpu
        and other.setup is not None
        and other.setup.count == setup.count
        for other in cmp.sides
    )


def _crossed_sides(cmp) -> bool:
    """Sides that are setups rather than GPUs: one GPU at several counts beside another ("2 ou 4 h100 ou h200"),
    which a conclusion by GPU cannot weigh (two of its sides are the same GPU)."""
    gpus = {side.gpu for side in cmp.sides}
    return 1 < len(gpus) < len(cmp.sides)


def _setups_conclusion(result: SizingResult, cmp, priced: bool, lang: str) -> list[str]:
    """Setups weighed whole ("2 ou 4 h100 ou h200"), in three sentences at most, each figure its own setup's:
    which serve as asked and which do not, the cheapest a month that serves (unpriced, the fewest GPUs, then
    the least memory), and the fastest per user against it. Where none named serves, the same is said of the
    fewest of each GPU that would."""
    fitting = [side for side in cmp.sides if side.fits and side.setup is not None]
    short = [
        advice.describe(side.setup, lang) if side.setup else side.gpu_name
        for side in cmp.sides
        if side not in fitting
    ]
    if not fitting:
        first = i18n.t(lang, "gpu_sides.neither_named")
    elif len(fitting) == 1:
        first = i18n.t(lang, "gpu_sides.only_setup", setup=advice.describe(fitting[0].setup, lang))
    elif short:
        first = i18n.t(lang, "gpu_sides.setups_serve", short=i18n.join(short, lang),
                       setups=i18n.join([advice.describe(side.setup, lang) for side in fitting], lang))  # fmt: skip
    else:
        first = i18n.t(lang, "gpu_sides.setups_serve_all", count=len(fitting))
    out = [i18n.t(lang, "gpu_sides.summary", parts=first)]
    # (setup, one GPU's memory): those named that serve, else the fewest of each GPU that would, each once
    serving = {}
    for side in fitting or [side for side in cmp.sides if side.serving is not None]:
        serving.setdefault((side.gpu, side.serving.count), (side.serving, side.memory_bytes))
    setups = list(serving.values())
    rec = result.recommendation
    mode = rec.cost.mode if rec is not None and rec.cost is not None else None
    priced = (
        priced and mode is not None and all(s.cost and mode in s.cost.by_contract_mode for s, _ in setups)
    )

    def month(pair) -> float:
        return pair[0].cost.by_contract_mode[mode].per_month

    def speed(pair) -> float:
        return pair[0].performance.tokens_per_s_per_user if pair[0].performance else 0.0

    def money(pair) -> str:
        return i18n.money(month(pair), lang)

    if len(setups) < 2:
        return out
    if priced:
        chosen = min(setups, key=month)
        others = sorted((pair for pair in setups if pair is not chosen), key=month)
        key = "gpu_sides.setups_cheapest" if len(others) == 1 else "gpu_sides.setups_cheapest_range"
        out.append(i18n.t(lang, key, setup=advice.describe(chosen[0], lang), currency=result.currency,
                          month=money(chosen), mode=i18n.t(lang, f"cost.modes.{mode}"),
                          other_month=money(others[0]), other=advice.describe(others[0][0], lang),
                          low=money(others[0]), high=money(others[-1])))  # fmt: skip
    else:
        chosen = min(setups, key=lambda pair: (pair[0].count, pair[1]))
        out.append(i18n.t(lang, "gpu_sides.setups_smallest", setup=advice.describe(chosen[0], lang)))
    speeds = sorted(speed(pair) for pair in setups)
    if speeds[0] <= 0:
        return out
    fastest = max(setups, key=speed)
    if speeds[-1] <= speeds[0] * (1 + CLOSE):
        out.append(i18n.t(lang, "gpu_sides.setups_same_speed", low=i18n.number(speeds[0], lang),
                          high=i18n.number(speeds[-1], lang)))  # fmt: skip
    elif fastest is chosen and speeds[-1] > speeds[-2] * (1 + CLOSE):
        out.append(i18n.t(lang, "gpu_sides.setups_fastest_too", speed=i18n.number(speed(fastest), lang),
                          other_speed=i18n.number(speeds[-2], lang)))  # fmt: skip
    elif speed(fastest) > speed(chosen) * (1 + CLOSE):
        key = "gpu_sides.setups_fastest_priced" if priced else "gpu_sides.setups_fastest"
        out.append(i18n.t(lang, key, setup=advice.describe(fastest[0], lang), currency=result.currency,
                          speed=i18n.number(speed(fastest), lang), other_speed=i18n.number(speed(chosen), lang),
                          other=advice.describe(chosen[0], lang), month=money(fastest) if priced else ""))  # fmt: skip
    return out


def _copies_for_rate(best, other) -> bool:
    """Whether two GPUs' serving setups differ in count by the copies a rate needs: one copy takes as many GPUs
    on each, so what each GPU sustains sets the count, not its memory."""
    p, q = best.serving.performance, other.serving.performance
    return (
        p is not None
        and q is not None
        and p.requests_per_s is not None
        and p.gpus_per_replica == q.gpus_per_replica
        and p.replicas != q.replicas
    )


def _per_gpu_rate(side) -> float:
    """The requests a second one GPU of a side's serving setup sustains within the latency targets."""
    return side.serving.performance.max_requests_per_s / side.serving.count


def _sides_conclusion(result: SizingResult, cmp, priced: bool, lang: str) -> list[str]:
    """The GPUs weighed in a line's parts: which serves as asked, with fewer GPUs (and its memory, what sets the
    count), faster per user (and why: the memory bandwidth a copy of the model reads its weights with, or FP8
    tensor cores the other lacks), and cheaper a month."""
    fits = [side for side in cmp.sides if side.fits]
    named = any(side.count_named is not None for side in cmp.sides)
    parts = []
    if not fits:
        parts.append(i18n.t(lang, "gpu_sides.neither_named" if named else "gpu_sides.neither"))
    elif len(fits) == 1 < len(cmp.sides):
        one = fits[0]
        if one.count_named is not None:
            parts.append(i18n.t(lang, "gpu_sides.only_setup", setup=advice.describe(one.setup, lang)))
        else:
            parts.append(i18n.t(lang, "gpu_sides.only", gpu=one.gpu_name))
    # the rest weighs what serves of each: as named, or the fewest of it when the count named falls short
    served = [side for side in cmp.sides if side.serving is not None]
    if len(served) < 2:
        return parts
    if len({side.gpu for side in cmp.sides}) == 1:
        # "só 2× A100 serve" already says which count is enough
        return parts + _counts_conclusion(served, lang, enough_said=bool(parts))
    by_id = {side.gpu: side for side in served}

    def name(side) -> str:  # a GPU weighed on more of it than named: said with them
        if side.fits:
            return side.gpu_name
        return i18n.t(
            lang, "gpu_sides.as_fewest", gpu=side.gpu_name, setup=advice.describe(side.serving, lang)
        )

    def runner_up(best, key):
        return min((side for side in served if side is not best), key=key)

    told = None  # the GPU whose fewer setup the count's part said
    fewer_part = None  # "a X serve com menos GPUs": a faster X right after it is "e é ~N× mais rápida"
    if cmp.fewer_gpus in by_id:
        best = by_id[cmp.fewer_gpus]
        other = runner_up(best, lambda side: side.serving.count)
        if other.fits and other.fewer is not None:
            told = other.gpu
            # More of it were named than serve: the count is the question's, not its memory's.
            parts.append(i18n.t(lang, "gpu_sides.fewer_named", gpu=name(best), count=best.serving.count,
                                other_count=other.serving.count, other=other.gpu_name,
                                fewer=advice.describe(other.fewer, lang)))  # fmt: skip
        elif _copies_for_rate(best, other):
            # One copy of the model takes as many GPUs on either: the count is the copies the rate needs, set by
            # what each GPU sustains, not by the memory.
            parts.append(i18n.t(lang, "gpu_sides.fewer_rate", gpu=name(best), count=best.serving.count,
                                other_count=other.serving.count,
                                rate=rate_text(_per_gpu_rate(best), lang),
                                other_rate=rate_text(_per_gpu_rate(other), lang)))  # fmt: skip
            fewer_part = parts[-1]
        else:
            parts.append(i18n.t(lang, "gpu_sides.fewer", gpu=name(best), count=best.serving.count,
                                other_count=other.serving.count,
                                memory=f"{i18n.number(best.memory_bytes / 1e9, lang)} GB",
                                other_memory=f"{i18n.number(other.memory_bytes / 1e9, lang)} GB"))  # fmt: skip
            fewer_part = parts[-1]
    elif len({side.serving.count for side in served}) == 1 and all(
        side.count_named is None for side in served
    ):
        key = "gpu_sides.same_count" if len(served) == 2 else "gpu_sides.same_count_many"
        parts.append(i18n.t(lang, key, count=served[0].serving.count))
    # counts named that serve with GPUs to spare: the fewest of each that serve too
    fewer = [
        advice.describe(side.fewer, lang) for side in served if side.fits and side.fewer and side.gpu != told
    ]
    if fewer:
        parts.append(i18n.t(lang, "gpu_sides.fewer_also", setups=i18n.join(fewer, lang)))
    compute = load_catalog().precision(result.workload.precision).compute
    fp8 = compute == "fp8" and len({side.fp8 for side in served}) > 1

    def speed(side) -> float:
        return side.serving.performance.tokens_per_s_per_user if side.serving.performance else 0.0

    def bandwidth(side) -> float:  # what a copy of the model reads its weights with, each token
        per_copy = (
            side.serving.performance.gpus_per_replica if side.serving.performance else side.serving.count
        )
        return side.bandwidth_gb_s * per_copy

    if cmp.faster in by_id:
        best, other = speed_pair(served)
        too = cmp.faster == cmp.fewer_gpus and parts and parts[-1] is fewer_part
        key = "gpu_sides.faster_too" if too else "gpu_sides.faster"
        setups = {}
        named_apart = best.serving.count != other.serving.count and (best.count_named or other.count_named)
        if named_apart or len({side.gpu for side in served}) < len(served):
            # counts asked that differ, or a GPU at several counts: the two compared are said with theirs (the
            # fewest of each that serve are said in the count's part)
            key = "gpu_sides.faster_setups"
            setups = dict(
                setup=advice.describe(best.serving, lang), other=advice.describe(other.serving, lang)
            )
        text = i18n.t(lang, key, gpu=name(best), ratio=_ratio_text(cmp.speed_ratio, lang),
                      speed=i18n.number(speed(best), lang), other_speed=i18n.number(speed(other), lang),
                      **setups)  # fmt: skip
        why = []
        if best.serving.servers < other.serving.servers:
            # a copy over several servers passes each token through their network (pipeline stages)
            why.append(
                i18n.t(lang, "gpu_sides.why_servers", servers=other.serving.servers, other=other.gpu_name)
            )
        elif bandwidth(best) > bandwidth(other) * 1.05:
            why.append(i18n.t(lang, "gpu_sides.why_bandwidth", bandwidth=i18n.number(bandwidth(best), lang),
                              other_bandwidth=i18n.number(bandwidth(other), lang)))  # fmt: skip
        if fp8 and best.fp8 and not other.fp8:
            why.append(i18n.t(lang, "gpu_sides.why_fp8", other=other.gpu_name))
            fp8 = False
        parts.append(text + (": " + i18n.join(why, lang) if why else ""))
    else:
        speeds = sorted((speed(side) for side in served), reverse=True)
        if speeds[-1] > 0:
            parts.append(i18n.t(lang, "gpu_sides.same_speed", speed=i18n.number(speeds[0], lang),
                                other_speed=i18n.number(speeds[1], lang)))  # fmt: skip
    if fp8:
        parts += [
            i18n.t(lang, "gpu_sides.fp8_weight_only", gpu=side.gpu_name) for side in served if not side.fp8
        ]
    mode = cmp.cheaper_mode

    def month(side) -> float:
        return side.serving.cost.by_contract_mode[mode].per_month

    def million(side) -> float:
        return side.serving.cost.by_contract_mode[mode].per_million_output_tokens

    if priced and cmp.cheaper in by_id:
        best = by_id[cmp.cheaper]
        other = runner_up(best, month)
        parts.append(i18n.t(lang, "gpu_sides.cheaper", gpu=name(best), share=i18n.percent(cmp.cheaper_share, lang),
                            currency=result.currency, mode=i18n.t(lang, f"cost.modes.{mode}"),
                            month=i18n.money(month(best), lang), other_month=i18n.money(month(other), lang)))  # fmt: skip
    elif (
        priced
        and all(side.serving.cost for side in served)
        and result.recommendation
        and result.recommendation.cost
    ):
        parts.append(
            i18n.t(
                lang,
                "gpu_sides.same_price",
                mode=i18n.t(lang, f"cost.modes.{result.recommendation.cost.mode}"),
            )
        )
    if priced and cmp.cheaper_per_million in by_id and cmp.cheaper_per_million != cmp.cheaper:
        # the dearer month generates more: a million tokens costs less there
        best = by_id[cmp.cheaper_per_million]
        other = runner_up(best, million)
        parts.append(i18n.t(lang, "gpu_sides.cheaper_per_million", gpu=name(best), currency=result.currency,
                            value=i18n.money(million(best), lang), other_value=i18n.money(million(other), lang)))  # fmt: skip
    return parts


def _choice_of(setups: list[str], t) -> str:
    """ "1 GPU, 2 GPUs ou 4 GPUs": the setups weighed side by side, the "ou" before the last (it had stood
    after the first, "1 GPU ou 2 GPUs, 4 GPUs")."""
    if len(setups) < 2:
        return setups[0]
    return t("understood.gpus_compared", first=", ".join(setups[:-1]), others=setups[-1])


def _crossed(pairs: list[tuple[str, str]], key: str, t) -> str | None:
    """ "FP8 ou BF16, cada opção em 2× A100 ou 4× A100", "H100 ou H200, 2 ou 4 de cada": sides that are every
    pairing of two choices, said once each (the four pairings listed in full had made a long "Entendi");
    None when they are not every pairing, in order."""
    firsts, seconds = list(dict.fromkeys(a for a, _ in pairs)), list(dict.fromkeys(b for _, b in pairs))
    if len(firsts) < 2 or len(seconds) < 2 or pairs != [(a, b) for a in firsts for b in seconds]:
        return None
    return t(key, whats=_choice_of(firsts, t), setups=_choice_of(seconds, t))


def _counts_conclusion(served: list, lang: str, enough_said: bool = False) -> list[str]:
    """ "2 ou 4 H100?", "2 gpus ou 4?": one GPU at counts to choose between. The fewest named that serve are
    enough, more only buy speed per user (tensor parallelism splits each token's weight reads over them) and
    room for more conversations; which GPU "needs fewer" means nothing when the GPU is the same.
    `enough_said`: the line already says which count alone serves ("só 2× A100 serve")."""
    by_count = sorted(served, key=lambda side: side.serving.count)
    enough = next((side for side in by_count if side.fits), None)
    if enough is None:
        return []
    # "1, 2 ou 4 h100": each count named is said, the ones that fall short first (the 1 had gone unsaid).
    parts = [
        i18n.t(lang, "gpu_sides.counts_short", setup=advice.describe(side.setup, lang))
        for side in by_count[: by_count.index(enough)]
    ]
    parts.append(i18n.t(lang, "gpu_sides.counts_enough", setup=advice.describe(enough.serving, lang)))
    if enough_said:
        parts = []
    if enough.fewer is not None:
        parts.append(i18n.t(lang, "gpu_sides.fewer_also", setups=advice.describe(enough.fewer, lang)))
    most = by_count[-1]

    def speed(side) -> float:
        return side.serving.performance.tokens_per_s_per_user if side.serving.performance else 0.0

    for side in by_count[by_count.index(enough) + 1 : -1]:
        if speed(enough) > 0 and speed(side) > 0:
            parts.append(i18n.t(lang, "gpu_sides.counts_between", setup=advice.describe(side.serving, lang),
                                ratio=_ratio_text(speed(side) / speed(enough), lang),
                                speed=i18n.number(speed(side), lang)))  # fmt: skip
    if most is not enough and speed(enough) > 0 and speed(most) > speed(enough) * 1.05:
        parts.append(i18n.t(lang, "gpu_sides.counts_faster", setup=advice.describe(most.serving, lang),
                            ratio=_ratio_text(speed(most) / speed(enough), lang),
                            speed=i18n.number(speed(most), lang),
                            other_speed=i18n.number(speed(enough), lang)))  # fmt: skip
    elif most is not enough:
        parts.append(i18n.t(lang, "gpu_sides.counts_same_speed", setup=advice.describe(most.serving, lang)))
    return parts


def _ratio_text(value: float, lang: str) -> str:
    """How many times faster: one decimal below 10 ("3,2"), whole from 10."""
    return i18n.number(value, lang, 1 if value < 10 else 0)


def _schedule_lines(c, cur: str, lang: str, off_hours: str | None = None) -> list[str]:
    """A service on a schedule: the hours on demand bills against the whole month the others bill, and which
    comes cheaper. `off_hours`: the schedule was said in words ("nights and weekends", "weekends only"), whose
    hours a day are an average, said so with how they were worked out."""
    if c.hours_on is None or c.schedule is None or "on_demand" not in c.by_contract_mode:
        return []
    hours, weekdays = c.schedule
    on_demand = c.by_contract_mode["on_demand"]
    said = dict(used=i18n.number(c.hours_on, lang), per_day=i18n.number(hours, lang, 0 if hours == int(hours) else 1),
                currency=cur, per_month=i18n.money(on_demand.per_month, lang), hours=i18n.number(c.hours_per_month, lang))  # fmt: skip
    if off_hours:
        business = load_catalog().offering.business_hours_per_day
        business_said = i18n.number(business, lang, 0 if business == int(business) else 1)
        line = i18n.t(lang, "cost.schedule_off_hours", **said, schedule=i18n.t(lang, f"understood.traffic.{off_hours}"),
                      how=i18n.t(lang, f"cost.off_hours_how_{off_hours}", business=business_said,
                                 day=i18n.number(hours * 7 / 6, lang, 0 if round(hours * 7 / 6, 6) == int(round(hours * 7 / 6, 6)) else 1)))  # fmt: skip
    else:
        line = i18n.t(lang, "cost.schedule_weekdays" if weekdays else "cost.schedule", **said)
    lines = [line]
    others = [(mode, m) for mode, m in c.by_contract_mode.items() if mode != "on_demand"]
    if others:
        mode, cheapest = min(others, key=lambda pair: pair[1].per_month)
        name = i18n.t(lang, f"cost.modes.{mode}")
        if on_demand.per_month < cheapest.per_month:
            share = i18n.percent(1 - on_demand.per_month / cheapest.per_month, lang)
            lines.append(i18n.t(lang, "cost.schedule_on_demand", share=share, mode=name))
        else:
            share = i18n.percent(1 - cheapest.per_month / on_demand.per_month, lang)
            lines.append(i18n.t(lang, "cost.schedule_reserved", share=share, mode=name))
    return lines


def budget_amount(amount: float, currency: str | None, lang: str) -> str:
    """A budget as the answers write it: "R$ 12.000" (in English "BRL 12,000"), or the amount alone when no
    currency is known."""
    return i18n.amount(i18n.money(amount, lang), currency, lang)


def converted_lines(budget, amount: str, lang: str) -> list[str]:
    """A budget typed in another currency, converted at the offering's configured rate: said with the rate."""
    if not budget.typed_currency or budget.rate is None:
        return []
    typed = budget_amount(budget.typed_amount, budget.typed_currency, lang)
    return [i18n.t(lang, "cost.budget_converted", typed=typed, amount=amount, theirs=budget.typed_currency,
                   ours=i18n.currency(budget.currency, lang), rate=i18n.number(budget.rate, lang, 2))]  # fmt: skip


def budget_lines(result: SizingResult, setup, lang: str) -> list[str]:
    """The budget the question gave against the setup's price (sizing/budget.py): which contract modes it
    holds, or how far the cheapest passes it; said plainly when there is nothing to compare."""
    budget = result.workload.budget
    cur = result.currency
    amount = budget_amount(budget.amount, budget.currency or cur, lang)
    if currency_mismatch(budget, cur):
        return [i18n.t(lang, "cost.budget_currency", theirs=budget.currency, ours=cur)]
    training = result.workload.stage != "inference"
    load = result.workload.load
    # the hours the batch is billed for: the setup's own run, when its price says it (sizing/advice.py cost)
    billed = setup.cost.batch_seconds if setup and setup.cost and setup.cost.batch_seconds else None
    hours = (billed or load.batch_seconds) / 3600 if load is not None and load.batch_seconds else None
    checked = check_budget(
        budget,
        setup.cost if setup else None,
        cur,
        training,
        batch_hours=hours,
        gpus=setup.count if setup else 1,
        mode=result.workload.contract,
    )
    named = []
    if (
        checked is not None
        and checked.period != "project"
        and checked.cheapest_mode == result.workload.contract
    ):
        named = [
            i18n.t(lang, "cost.budget_mode_named", mode=i18n.t(lang, f"cost.modes.{checked.cheapest_mode}"))
        ]
    pick = result.run_budget_pick
    if pick is not None and pick.unit is None:
        pick = (
            None  # "the fastest" chose, not this budget (in another currency, or nothing priced to weigh it)
        )
    if pick is not None and pick.billed_hours is not None and pick.unit == "job" and cur is not None:
        # a mode sold by the month, named: its months against the budget, said in place of the hours' verdict
        key = "cost.budget_job_month_fits" if pick.chosen else "cost.budget_job_month_over"
        months = i18n.t(lang, key, mode=i18n.t(lang, f"cost.modes.{pick.mode}"), job=i18n.t(lang, f"cost.job_{pick.job}"),
                        currency=cur, total=i18n.money(pick.total, lang), hours=i18n.number(pick.billed_hours, lang),
                        amount=amount, left=i18n.money(budget.amount - pick.total, lang),
                        over=i18n.money(pick.over, lang))  # fmt: skip
        return [months, *run_budget_lines(result, amount, cur, lang)]
    if pick is not None and cur is not None:
        # the job as the budget weighed it (its mode: the customer's or its cheapest), not the price line's mode
        checked = job_check(pick, budget)
    if checked is None:
        return [i18n.t(lang, "cost.budget_unpriced", amount=amount)]
    yearly = []
    if budget.yearly:
        year = budget_amount(budget.yearly, budget.currency or cur, lang)
        yearly = [i18n.t(lang, "cost.budget_yearly", year=year, amount=amount)]
    return (
        converted_lines(budget, amount, lang)
        + yearly
        + budget_verdict(checked, amount, cur, lang)
        + budget_pick_lines(result, amount, cur, lang)
        + (run_budget_lines(result, amount, cur, lang) if pick is not None else named)
    )


def job_check(pick, budget) -> BudgetCheck:
    """A job's budget pick (sizing/run_budget.py) as sizing.budget's check of its recommendation: a training's
    against the project's cost, a batch's against its hours, a month's or an hour's against the job's month or
    hour, in the mode the pick weighed."""
    period = {"month": "month", "gpu_hour": "gpu_hour", "setup_hour": "setup_hour"}.get(pick.unit) or (
        "project" if pick.job == "training" else "batch"
    )
    return BudgetCheck(amount=budget.amount, period=period, assumed_monthly=False,
                       assumed_setup=period == "setup_hour" and budget.per_gpu is None,
                       fits=[pick.mode] if pick.chosen else [], cheapest_mode=pick.mode, cheapest=pick.measure,
                       over=max(0.0, pick.measure - budget.amount))  # fmt: skip


def run_budget_lines(result: SizingResult, amount: str, cur: str, lang: str) -> list[str]:
    """What a job's budget did to the choice, with prices: what the job spends a month when that is what was
    weighed, the setup recommended without it (its price and time), or that none does the job within it and
    what would bring it under; the mode named, when one was."""
    pick = result.run_budget_pick
    if pick is None or cur is None or pick.unit is None:
        return []
    money = partial(i18n.money, lang=lang)
    job = i18n.t(lang, f"cost.job_{pick.job}")
    mode = i18n.t(lang, f"cost.modes.{pick.mode}")
    per = i18n.t(lang, f"cost.per_unit.{pick.unit}")
    lines = []
    if pick.unit == "month":
        key = "cost.budget_job_monthly" if pick.hours is not None else "cost.budget_job_monthly_untimed"
        time = i18n.duration(pick.hours / 24, lang) if pick.hours is not None else ""
        lines.append(i18n.t(lang, key, setup=pick.setup, currency=cur, month=money(pick.measure), mode=mode, job=job,
                            time=time, total=money(pick.total or 0.0)))  # fmt: skip
    if pick.chosen and pick.without:
        timed = pick.without_hours is not None
        lines.append(i18n.t(lang, "cost.budget_job_without" if timed else "cost.budget_job_without_untimed",
                            setup=pick.without, currency=cur, per=per,
                            total=money(pick.without_total if pick.unit == "job" else pick.without_measure),
                            mode=i18n.t(lang, f"cost.modes.{pick.without_mode}"),
                            time=i18n.duration(pick.without_hours / 24, lang) if timed else ""))  # fmt: skip
    if not pick.chosen:
        lines.append(i18n.t(lang, "cost.budget_job_none", job=job, amount=amount + per, mode=mode))
        ways = [way_text(way, cur, lang, per) for way in pick.ways]
        if ways:
            lines.append(i18n.t(lang, "cost.budget_job_ways", amount=amount + per, ways="; ".join(ways)))
    if pick.mode_named and pick.billed_hours is None:
        lines.append(i18n.t(lang, "cost.budget_mode_named", mode=mode))
    return lines


def way_text(way, cur: str, lang: str, per: str = "") -> str:
    """One way to bring a job within its budget, in words (sizing/result.py BudgetWay)."""
    if way.kind in ("lora", "qlora", "mode", "longer"):
        mode = i18n.t(lang, f"cost.modes.{way.mode}") if way.mode else ""
        time = i18n.duration(way.hours / 24, lang) if way.hours else ""
        text = i18n.t(lang, f"cost.budget_job_way_{way.kind}", currency=cur, total=i18n.money(way.total, lang),
                      setup=way.setup, mode=mode, time=time, per=per)  # fmt: skip
        return text + ("" if way.fits else i18n.t(lang, "cost.budget_job_way_over"))
    n = i18n.number(way.amount, lang) if way.kind == "epochs" else i18n.count(way.amount, lang)
    return i18n.t(lang, f"cost.budget_job_way_{way.kind}", n=n, share=i18n.percent(way.share, lang))


def budget_pick_lines(result: SizingResult, amount: str, cur: str, lang: str) -> list[str]:
    """What a service's budget did to the choice (sizing/advice.py budget_pick): the setup recommended
    without it and its price, or the cheapest setup that serves when none within it does."""
    pick, budget = result.budget_pick, result.workload.budget
    if pick is None or budget is None:
        return []
    gpu = "_month" if pick.monthly else "_gpu" if budget.per_gpu else ""
    mode = i18n.t(lang, f"cost.modes.{pick.mode}")
    price = i18n.money(pick.price, lang)
    if pick.chosen:
        return [
            i18n.t(lang, f"cost.budget_pick{gpu}", setup=pick.setup, currency=cur, price=price, mode=mode)
        ]
    if pick.this:
        # the cheapest at the answer's precision: an alternative at a lower one may cost less, and is listed
        return [
            i18n.t(lang, "cost.budget_none_this", amount=amount, precision=result.workload.precision_name)
        ]
    return [i18n.t(lang, f"cost.budget_none{gpu}", amount=amount, setup=pick.setup, currency=cur, price=price,
                   mode=mode)]  # fmt: skip


def budget_verdict(checked, amount: str, cur: str, lang: str) -> list[str]:
    """sizing.budget's check in words: the modes a month's budget holds, or how far the cheapest passes it;
    a project's budget against its cost."""
    money = partial(i18n.money, lang=lang)
    if checked.period == "batch":
        modes = i18n.join([i18n.t(lang, f"cost.modes.{mode}") for mode in checked.fits], lang)
        if checked.fits:
            return [i18n.t(lang, "cost.budget_batch_fits", amount=amount, currency=cur, modes=modes,
                           cheapest=money(checked.cheapest), mode=i18n.t(lang, f"cost.modes.{checked.cheapest_mode}"))]  # fmt: skip
        return [i18n.t(lang, "cost.budget_batch_over", amount=amount, currency=cur, cheapest=money(checked.cheapest),
                       mode=i18n.t(lang, f"cost.modes.{checked.cheapest_mode}"), over=money(checked.over))]  # fmt: skip
    if checked.period in ("gpu_hour", "setup_hour"):
        # each GPU's hour, or the whole setup's (read so when the question said neither: said first)
        key = "cost.budget_hour" if checked.period == "gpu_hour" else "cost.budget_setup_hour"
        said = [i18n.t(lang, "cost.budget_assumed_setup", amount=amount)] if checked.assumed_setup else []
        if checked.fits:
            modes = i18n.join([i18n.t(lang, f"cost.modes.{mode}") for mode in checked.fits], lang)
            said.append(i18n.t(lang, f"{key}_fits", amount=amount, currency=cur, modes=modes,
                               cheapest=money(checked.cheapest)))  # fmt: skip
        else:
            said.append(i18n.t(lang, f"{key}_over", amount=amount, currency=cur, cheapest=money(checked.cheapest),
                               mode=i18n.t(lang, f"cost.modes.{checked.cheapest_mode}"), over=money(checked.over)))  # fmt: skip
        return said
    if checked.period == "project":
        key = "cost.budget_project_fits" if checked.fits else "cost.budget_project_over"
        return [i18n.t(lang, key, amount=amount, currency=cur, total=money(checked.cheapest),
                       left=money(checked.amount - checked.cheapest), over=money(checked.over))]  # fmt: skip
    lines = [i18n.t(lang, "cost.budget_assumed", amount=amount)] if checked.assumed_monthly else []
    if checked.fits:
        modes = i18n.join([i18n.t(lang, f"cost.modes.{mode}") for mode in checked.fits], lang)
        lines.append(i18n.t(lang, "cost.budget_month_fits", amount=amount, modes=modes))
    else:
        lines.append(i18n.t(lang, "cost.budget_month_over", amount=amount, currency=cur,
                            mode=i18n.t(lang, f"cost.modes.{checked.cheapest_mode}"),
                            cheapest=money(checked.cheapest), over=money(checked.over)))  # fmt: skip
    return lines


def serving_lines(result: SizingResult, show_prices: bool, compact: bool = True) -> dict[str, list[str]]:
    """The load, the recommendation's performance, what decided its size and its cost, a line each.
    `compact` (Slack): the performance line stands in for the estimates, which wait behind a button."""
    lang = i18n.lang_of(result.workload.lang)
    w, rec = result.workload, result.recommendation
    out: dict[str, list[str]] = {"load": [], "rec": [], "cost": [], "image_kv": [], "image_activations": [],
                                 "named_cost": [], "cheaper": cheaper_lines(result, show_prices),
                                 "choice": [], "choice_end": []}  # fmt: skip
    out["choice"], out["choice_end"] = gpu_choice_lines(result, show_prices)
    if result.gpu_comparison is not None:
        out["choice"], out["choice_end"] = gpu_sides_lines(result, show_prices)
    img = w.images
    if img is not None and img.counted:
        # What the images hold in the breakdown: their tokens in each conversation's KV cache (or its
        # cross-attention layers), and vLLM's reserve for encoding them among the activations.
        key = "assume.images.times_one" if img.count == 1 else "assume.images.times_other"
        each = img.cross_tokens_per_image or img.tokens_per_image
        times = i18n.t(lang, key, n=i18n.number(img.count, lang), each=i18n.number(each, lang))
        if img.cross_tokens_per_image:
            out["image_kv"].append(i18n.t(lang, "answer.images.kv_cross", images=times,
                                          bytes=i18n.gb(img.cross_bytes_per_conversation, lang)))  # fmt: skip
        else:
            out["image_kv"].append(i18n.t(lang, "answer.images.kv", images=times,
                                          image=i18n.number(img.tokens_per_conversation, lang)))  # fmt: skip
        if result.memory.image_encoding:
            encoding = i18n.gb(result.memory.image_encoding, lang)
            out["image_activations"].append(i18n.t(lang, "answer.images.activations", encoding=encoding))
    if w.load is not None and w.load.basis is not None:
        # The conversations in flight depend on the setup's speed (Little's law): none without a setup.
        n = rec.performance.concurrency if rec and rec.performance else None
        key = "perf.load_line" if n is not None else "perf.load_line_unsized"
        window = {}
        if n is not None and w.load.basis == "batch":
            # a steady pace, no peak: the batch's requests over its window, said (sizing/plan.py: rate = items ÷
            # seconds, so their product gives the items back)
            key, seconds = "perf.load_line_batch", w.load.batch_seconds
            items = i18n.number(round(w.load.rate_per_s * seconds), lang)
            window = {"items": items, "period": batch_period(seconds, lang)}
        out["load"].append(i18n.t(lang, key, **window, rate=rate_text(w.load.rate_per_s, lang),
                                  prompt=i18n.tokens(w.load.prompt_tokens, lang),
                                  output=i18n.tokens(w.load.output_tokens, lang),
                                  n=i18n.in_flight(n or 0, lang)))  # fmt: skip
    if compact and rec is not None and rec.performance is not None:
        from sizing.advice import perf_short

        line = i18n.t(lang, "perf.rec", short=perf_short(rec.performance, lang))
        if w.speculative is not None and w.speculative.method:
            line += " " + i18n.t(lang, "perf.plain_decoding")
        out["rec"].append(line)
    if result.batch_time:
        out["rec"].append(result.batch_time)
    if result.decided:
        out["rec"].append(result.decided)
    if result.availability is not None:
        out["rec"] += result.availability.text  # what the copies left serve when one fails
    if show_prices:
        if result.currency is None:
            out["cost"].append(i18n.t(lang, "cost.none"))
        else:
            out["cost"] = cost_lines(result, rec, lang) + speech_apart_lines(result, lang)
        if w.budget is not None:
            out["cost"] += budget_lines(result, rec, lang)
        v = result.verdict
        if result.currency is not None and v is not None and not v.is_recommendation and v.setup.fits:
            # "cost on H100", "e na L40S?": the GPU named has its own price, beside the recommendation's.
            out["named_cost"] = cost_lines(result, v.setup, lang)
    elif w.cost_asked:
        out["cost"].append(i18n.t(lang, "cost.ask_sales"))
    out["after"] = after_lines(result, show_prices)
    return out


def after_lines(result: SizingResult, show_prices: bool) -> list[str]:
    """A training run's serving, asked in the same question (sizing/serve_after.py): what is served and for
    what load, its setup as a comparison's column says it, and its contract; [] when none was asked."""
    lang = i18n.lang_of(result.workload.lang)
    if result.serving_refused:
        return [i18n.t(lang, "after.refused", reason=result.serving_refused)]
    served = result.serving
    if served is None:
        return []
    from sizing.compare import side_lines

    w = served.workload
    key = "answer.serving_line_one" if w.users == 1 else "answer.serving_line_other"
    key = "answer.serving_line_batch" if w.users_batch else key
    key = "answer.launch_line" if w.max_model_len else key
    load = i18n.t(lang, key, context=i18n.tokens(w.context_tokens, lang), users=i18n.number(w.users, lang),
                  max_len=i18n.tokens(w.max_model_len or 0, lang), **launch_words(w.launch_engine, lang))  # fmt: skip
    head = [w.model.name, w.precision_name, load]
    if w.ttft_target_s:  # "e com primeiro token em 500 ms?": the targets the serving was sized for
        head.append(i18n.t(lang, "understood.traffic.ttft", n=i18n.seconds(w.ttft_target_s, lang)))
    if w.tokens_per_s_target:
        head.append(
            i18n.t(lang, "understood.traffic.tokens_per_s", n=i18n.speed(w.tokens_per_s_target, lang))
        )
    lines = [" · ".join(head)]
    lines += serving_lines(served, False)["load"]
    side = side_lines(served, show_prices)
    v = served.verdict
    if v is not None:
        # "e depois servir em 2 h100": the GPUs named for the serving, their verdict in full (by how much, what
        # fits there) and the first change that makes it fit on them, as the serving's own answer leads with
        side[0] = v.text
        if v.changes and not v.setup.fits:
            key = "answer.to_fit_gpus" if v.changes[0].kind == "more_gpus" else "answer.to_fit"
            side.insert(
                1,
                f"{i18n.t(lang, key, setup=advice.describe(v.setup, lang), gpu=v.setup.gpu_name)} {v.changes[0].text}",
            )
    # "e depois servir em h100 ou h200": each other GPU weighed, its verdict after the first one's
    compared = [a.text for a in served.alternatives if a.kind == "compared_gpu"]
    at = 0 if v is None else 2 if v.changes and not v.setup.fits else 1
    lines += side[:at] + compared + side[at:]
    if served.decided:  # what decided the serving's size, as a serving answer says it
        lines.append(served.decided)
    cheaper = cheaper_lines(served, show_prices)
    lines += cheaper  # "mais barato?" asked of a training and its serving: the serving's cheaper setups
    others = [
        a for a in served.alternatives if a.kind not in ("named_gpu", "cheaper", "compared_gpu")
    ]  # said above
    if others and not cheaper:  # the full serving answer lists them all; the first is the way down
        lines.append(i18n.t(lang, "after.alternative", text=others[0].text))
    trained = result.workload
    if trained.stage in (Stage.lora.value, Stage.qlora.value):
        key = "after.merged" if trained.precision == w.precision else "after.merged_requantized"
        lines.append(i18n.t(lang, key, trained=trained.precision_name, served=w.precision_name))
    lines.append(f"{i18n.t(lang, 'answer.contract')}: {served.contract.reason}")
    return lines


def _model_name(model_id: str) -> str:
    """A catalogue model's name ("Llama 3.1 70B"), or what was typed when the catalogue lacks it."""
    from sizing.catalog import load_catalog

    try:
        return load_catalog().model(model_id).name
    except KeyError:
        return model_id


def _uncounted(result: SizingResult) -> set[str]:
    """The GPUs weighed with no count beside others said with one ("2 h100 ou h200"): their sides are at the
    fewest of them that serve, which "Entendi" says as such."""
    sides = result.gpu_comparison.sides if result.gpu_comparison else []
    if not any(s.count_named is not None for s in sides):
        return set()
    return {s.gpu for s in sides if s.count_named is None and s.fits and s.setup is not None}


def _fewest_count(result: SizingResult, gpu: str, name: str) -> str:
    """A GPU said with no count beside others' counts, with the count its side weighs ("2× H200 SXM 141 GB"):
    the fewest of it that serve, as the side's line says; its name alone where none of it serves."""
    sides = result.gpu_comparison.sides if result.gpu_comparison else []
    side = next((s for s in sides if s.gpu == gpu and s.fits and s.setup is not None), None)
    return f"{side.setup.count}× {name}" if side is not None else name


def _named_setup(result: SizingResult, w) -> str:
    """The GPUs the question named, as "Entendi" says them ("2× H100 SXM 80 GB")."""
    gpu = result.requested.gpu_name if result.requested else w.gpu
    return f"{w.gpus}× {gpu}" if w.gpus else gpu


def _bare_gpu_judged(result: SizingResult, w) -> str | None:
    """A GPU named with no count ("em L40S", "na h100") that the answer judged at one of it ("1× L40S 48 GB:
    não cabe"): said at one, as a comparison says it; None where the answer sized as many of it as the load
    takes ("2× L40S 48 GB: cabe"), the name read as a family that "1×" would misstate."""
    v = result.verdict
    if v is None or v.setup.count != 1 or v.setup.gpu != w.gpu or BUDGET_ID.match(w.gpu):
        return None  # (a machine of one's own, "no notebook com 16gb", is the machine: no count to say)
    return f"1× {v.setup.gpu_name}"


def _choice_understood(sides, said_precision: bool, lang: str, named: str | None = None) -> list[str]:
    """The head of "Entendi" for a choice of models ("Llama 3.1 70B ou Qwen3 32B"; it had named the first alone,
    in the thread's follow-ups too) or of one model's precisions ("Qwen2.5 72B · INT4 ou FP8"). `named`: the
    first side's GPUs, said with each side's own when a side has its own ("BF16 em 1× L40S ou FP8 em 1× H100";
    the other's GPUs had gone unsaid)."""
    first, *others = sides
    if all(side.model == first.model for side in others):
        precisions = [side.precision_name for side in sides]
        if named and any(side.own_setup for side in others):
            pairs = [(p, side.own_setup or named) for p, side in zip(precisions, sides, strict=True)]
            crossed = _crossed(pairs, "understood.each_on", lambda key, **kw: i18n.t(lang, key, **kw))
            if crossed is not None:
                return [first.model, crossed]
            precisions = [i18n.t(lang, "understood.on_setup", what=p, setup=setup) for p, setup in pairs]
        return [first.model, _choice_of(precisions, lambda key, **kw: i18n.t(lang, key, **kw))]
    same = all(side.precision == first.precision for side in others)
    if said_precision and not same:
        # "llama 70b em 4 bits ou qwen 32b em bf16": each model at the precision it is weighed at
        names = [
            i18n.t(lang, "understood.model_at", model=s.model, precision=s.precision_name) for s in sides
        ]
    else:
        names = [side.model for side in sides]
    head = None
    if named and any(side.own_setup for side in others):
        # "llama 70b on 2 h100 vs qwen 72b on 1 h200": each model with its own GPUs
        pairs = [(name, side.own_setup or named) for name, side in zip(names, sides, strict=True)]
        head = _crossed(pairs, "understood.each_on", lambda key, **kw: i18n.t(lang, key, **kw))
        names = [i18n.t(lang, "understood.on_setup", what=name, setup=setup) for name, setup in pairs]
    head = head or _choice_of(names, lambda key, **kw: i18n.t(lang, key, **kw))
    return [head, first.precision_name] if said_precision and same else [head]


# Notes that answer what the message asked, said before the "Entendi" line (sizing/query.py _where_run).
LEAD_NOTES = ("rented", "not_rented_sized")


def _gpu_hours_said(query, r: SizingResult, lang: str) -> list[str]:
    """ "temos 500 horas de GPU", "a budget of 2k H100 hours": what that GPU time buys of the answer. A training
    weighed against its GPU-hours estimate (advice._gpu_hours: model FLOPs at the GPU's MFU); a service, the days
    of the recommended setup it pays for, all its GPUs busy round the clock."""

    def t(key: str, **params) -> str:
        return i18n.t(lang, f"understood.gpu_hours.{key}", **params)

    out = []
    rec = r.recommendation
    for hours, gpu, typed in query.gpu_hours:
        said = f"“{typed}”"
        if rec is None:
            out.append(t("read", typed=said))
            continue
        setup = f"{rec.count}× {rec.gpu_name}"
        if r.workload.stage != Stage.inference.value:
            need = r.estimates.gpu_hours
            if r.workload.tokens_from_budget and r.workload.tokens:
                # the budget set the volume (sizing/plan.py): weighing it against itself would say "sobram 0"
                line = t("training_volume", typed=said, tokens=i18n.count(r.workload.tokens, lang))
                out.append(line)
                continue
            if need is None:
                line = t("training_no_volume", typed=said)
            elif need <= hours:
                line = t("training_fits", typed=said, need=i18n.gpu_hours(need, lang), setup=setup,
                         left=i18n.gpu_hours(hours - need, lang))  # fmt: skip
            else:
                line = t("training_over", typed=said, need=i18n.gpu_hours(need, lang), setup=setup,
                         times=i18n.number(need / hours, lang, 1))  # fmt: skip
        else:
            days = hours / (rec.count * 24)
            line = t("serving", typed=said, setup=setup, days=i18n.duration(days, lang),
                     per_day=i18n.number(rec.count * 24, lang))  # fmt: skip
        if gpu is not None and gpu != rec.gpu:
            other = None
            if r.workload.stage != Stage.inference.value:
                other = _budget_on_its_gpu(query, r, hours, gpu, said, lang)
            # hours of another card than the one sized: counted on that card where its peak is known (the
            # recommendation stays), else on the recommendation's, said so
            line = other or line + " " + t("other_gpu", named=load_catalog().gpu(gpu).name, gpu=rec.gpu_name)
        out.append(line)
    return out


def _budget_on_its_gpu(query, r: SizingResult, hours: float, gpu_id: str, said: str, lang: str) -> str | None:
    """A training's GPU-hours budget of another card than the recommended one ("temos 500 horas de A100"),
    counted on that card: the run's model FLOPs (advice.run_flops) over its BF16 peak at its architecture's
    MFU (offering.toml), as advice.estimates counts the recommended one's; with no data volume, the tokens
    the budget pays for on it. None where that card's peak is unknown, the run has no model FLOPs to count
    (RL's time follows its generation), or an online teacher's work is not in them."""
    from sizing import training

    catalog = load_catalog()
    named = catalog.gpu(gpu_id)
    if not named.bf16_dense_tflops or r.workload.rl or query.workload.teacher_model:
        return None
    # an MFU the question gave is every GPU's (sizing/engine.py _training_mfu)
    mfu = query.workload.mfu or catalog.training_mfu(named)
    rate = named.bf16_dense_tflops * 1e12 * mfu  # model FLOPs a second on one card
    common = dict(typed=said, gpu=named.name, mfu=i18n.percent(mfu, lang), rec=r.recommendation.gpu_name)
    flops = r.estimates.training_flops
    if flops:
        need = flops / rate / 3600
        if need <= hours:
            return i18n.t(lang, "understood.gpu_hours.own_gpu_fits", need=i18n.gpu_hours(need, lang),
                          left=i18n.gpu_hours(hours - need, lang), **common)  # fmt: skip
        return i18n.t(lang, "understood.gpu_hours.own_gpu_over", need=i18n.gpu_hours(need, lang),
                      times=i18n.number(need / hours, lang, 1), **common)  # fmt: skip
    per_token = training.flops_per_token(r.workload.stage, r.workload.method) * r.workload.model.active_params
    tokens = hours * 3600 * rate / per_token
    return i18n.t(lang, "understood.gpu_hours.own_gpu_no_volume", tokens=i18n.count(tokens, lang),
                  formula=f"{training.flops_per_token(r.workload.stage, r.workload.method)}·N·D", **common)  # fmt: skip


def understood(result: SizingResult, query, comparison=None) -> list[str]:
    """'Entendi: Llama 3.1 70B · INT4 · 32k de contexto · 10 usuários simultâneos', then what was not
    understood and which typos were read as which names. Only what the text said: defaults are listed
    among the assumptions. Another model offered as a choice is said here only when `comparison` does not
    show it (and why, when it could not be sized)."""
    if query is None or query.workload is None:
        return []
    lang = i18n.lang_of(result.workload.lang)
    w = query.workload
    r = result.workload

    def t(key, **p):
        return i18n.t(lang, key, **p)

    parts = [r.model.name]
    own_gpus_said = False
    judged = None  # the GPUs a comparison judged each side on, when the question gave no count
    # "quantizado" with no format said a precision too: the one picked is named, as a format typed is (it had
    # been said only in the notes)
    said_precision = w.precision or w.quantized or (w.model and repo_precision(w.model)[1])
    if query.together and comparison is not None and comparison.sized and len(comparison.models) > 1:
        # Models served together are all named ("Qwen3 235B-A22B + Qwen3 4B"; it had been the first alone),
        # each with its precision when the question said the first's.
        names = [side.model for side in comparison.models]
        rates = w.model_rates or []
        if any(rates) and len(rates) == len(names):
            # "o 8b com 100 req/min e o 32b com 20 req/min": each model with the rate said for it
            periods = w.model_rate_periods or [None] * len(rates)
            names = [
                name
                if rate is None
                else t("understood.model_rate", model=name, rate=rate_text(rate, lang, period))
                for name, rate, period in zip(names, rates, periods, strict=True)
            ]
        if said_precision and all(side.precision == r.precision for side in comparison.models):
            parts = [" + ".join(names), r.precision_name]  # "e em fp8?": all of them at it
        elif said_precision:
            parts = [
                " + ".join(
                    [t("understood.model_at", model=r.model.name, precision=r.precision_name), *names[1:]]
                )
            ]
        else:
            parts = [" + ".join(names)]
    elif (
        comparison is not None
        and comparison.sized
        and len(comparison.models) > 1
        and query.model_choices
        and "switched_first" not in query.noted  # a move from one to the other, said as such: no choice
    ):
        # (a choice of stages or methods, "lora ou qlora?", is said below with the stage)
        # A GPU said with no count is judged at one in a comparison ("INT4 em L40S ou FP8"): said so, as its
        # verdict line says it ("1× L40S 48 GB: cabe")
        v = result.verdict
        if v is not None and w.gpu and not w.gpus and not w.compare_gpus:
            judged = f"{v.setup.count}× {v.setup.gpu_name}"
        parts = _choice_understood(
            comparison.models, bool(said_precision), lang, judged or _named_setup(result, w)
        )
        # sides on GPUs of their own have them said with each side, not once after
        own_gpus_said = bool(w.gpu) and any(side.own_setup for side in comparison.models[1:])
    elif said_precision:
        # "neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8": the repo's name said the precision
        parts.append(r.precision_name)
    if r.encoders:
        # "Llama 3.1 8B + BGE-M3 + reranker": the models on its GPU as said (a kind's word stays one; the
        # assumptions name the model it stood for)
        said = [t(f"encoders.label_{e.kind}").lower() if e.assumed else e.name for e in r.encoders]
        parts[0] = " + ".join([parts[0], *said])
    if w.kv_precision:
        # llama.cpp's 4-bit cache is said by its -ctk name
        # (ExLlamaV2's by its cache_mode), K and V set apart each by its own ("K Q8_0 / V BF16")
        kv = [
            p.removeprefix("llamacpp_").removeprefix("exllamav2_").upper() for p in r.kv_precision.split("/")
        ]
        parts.append(t("understood.kv", kv=f"K {kv[0]} / V {kv[1]}" if len(kv) == 2 else kv[0]))
    if w.adapter_from_stack:
        # Unsloth with no method: the LoRA or QLoRA sized (sizing/engine.py), an assumption said as such
        parts.append(t(f"understood.stage.{r.stage}"))
    elif w.compare_stages and r.stage != Stage.inference.value:
        # "lora ou qlora?": the methods weighed, as the GPUs of "h100 ou h200?" are said
        stages = [t(f"understood.stage.{s.value}") for s in (w.stage, *w.compare_stages)]
        parts.append(t("understood.gpus_compared", first=", ".join(stages[:-1]), others=stages[-1]))
    elif w.stage is not Stage.inference or w.was_given("stage"):
        parts.append(t(f"understood.stage.{w.stage.value}"))
    if w.speculative:
        parts.append(_speculative_understood(w, r, lang))
    if w.teacher_model:
        # "destilar o llama 70b no llama 8b": the student is the model above; the teacher is said too, or
        # "Entendi" read as an ordinary fine-tune of the student
        parts.append(t("understood.teacher", teacher=_model_name(w.teacher_model)))
    if w.context:
        said = i18n.context(w.context, lang)
        # "32k de contexto", but "1.000 tokens de contexto": a plain number needs its unit.
        if said.endswith(("k", "M")):
            parts.append(t("understood.context", context=said))
        else:
            parts.append(t("understood.context_tokens", n=said))
    elif w.context_max:
        parts.append(t("understood.context_max"))
    load = r.load
    if w.users and load is not None and load.basis is not None and w.population is None:
        # "2000 users" read as a head-count (traffic.toml), or set aside by a request rate that decides the
        # conversations in flight: said as people, never "simultâneos", as the assumptions explain.
        parts.append(people_phrase(w.users, lang))
    elif w.users and w.users_limit:
        words = launch_words(w.launch_engine or "vllm", lang)  # the engine's own flag
        parts.append(
            t("understood.users_limit", n=i18n.number(w.users, lang), **words)
        )  # a ceiling (sizing/plan.py)
    elif w.users and w.users > 1 and w.task is not None and w.task.value == "agent":
        # "20 agentes de IA": programs calling the model, each a conversation at once, not people
        parts.append(t("understood.users_agents", n=i18n.number(w.users, lang)))
    elif w.users and w.users_batch:
        # "lote de 64 prompts": one batch's requests sent together, not people
        parts.append(t("understood.users_batch", n=i18n.number(w.users, lang)))
    elif w.users:
        n = i18n.number(w.users, lang)
        parts.append(t("understood.users_one") if w.users == 1 else t("understood.users_other", n=n))
    if w.users_in_europe:  # "e em Portugal?": the Observações' latency note says why it matters
        parts.append(t("understood.users_in_europe"))
    if w.avoid_gpus:  # "sem h200": the GPUs ruled out, by their names
        catalog = load_catalog()
        known = {g.id: g.name for g in catalog.gpus}
        names = [known.get(g, g) for g in w.avoid_gpus]
        parts.append(t("understood.avoid_gpus", gpus=i18n.join(names, lang)))
    if w.gpu and not own_gpus_said:
        gpu = judged or _named_setup(result, w)
        # "2 ou 4 h100 ou h200": the GPU said with no count beside counts said is weighed at the fewest of it
        # that serve (sizing/query.py, _setups_listed), and "Entendi" says so
        pairs = list(zip(w.compare_gpus or [], w.compare_counts or [], strict=False))
        counted = {g for g, n in pairs if n is not None}
        fewest = {g for g, n in pairs if n is None} - counted if counted else set()
        uncounted = _uncounted(result)
        fewest |= uncounted
        if (w.compare_counts and not w.gpus and w.gpu not in counted) or (
            w.gpu in uncounted and judged is None
        ):
            gpu = t("understood.fewest_serving", gpu=_fewest_count(result, w.gpu, gpu))
        elif judged is None and not (w.gpus or w.compare_gpus or w.compare_counts):
            gpu = _bare_gpu_judged(result, w) or gpu
        others = [
            # "2x h100 ou 4x a100?": each with the count it was weighed at, when the question gave counts
            t("understood.fewest_serving", gpu=_fewest_count(result, a.setup.gpu, a.setup.gpu_name))
            if a.setup.gpu in fewest
            else f"{a.setup.count}× {a.setup.gpu_name}"
            if w.compare_counts
            else a.setup.gpu_name
            for a in result.alternatives
            if a.kind == "compared_gpu" and a.setup
        ]
        setups = [(w.gpu, w.gpus)] + [
            (a.setup.gpu, a.setup.count) for a in result.alternatives if a.kind == "compared_gpu" and a.setup
        ]
        crossed = None
        if w.compare_counts and all(n is not None for _, n in setups):
            # "2 ou 4 h100 ou h200": each GPU at each count, said once each
            pairs = [(load_catalog().gpu(g).name, str(n)) for g, n in setups]
            crossed = _crossed(pairs, "understood.each_count", t)
        parts.append(crossed or _choice_of([gpu, *others], t))
    elif w.gpus and not w.gpu:
        counts = [
            t("understood.gpus_one") if n == 1 else t("understood.gpus", n=n)
            for n in (w.gpus, *(w.compare_counts or ()))
        ]
        # "2 gpus ou 4?" with no GPU named: both counts, as they are weighed side by side
        parts.append(_choice_of(counts, t))
    if w.serving_precision and result.serving is not None:
        parts.append(t("understood.serving_precision", precision=result.serving.workload.precision_name))
    if w.serving_gpu and result.serving is not None and result.serving.requested is not None:
        # "e depois servir em 2 h100": the GPUs named for the serving (sizing/serve_after.py)
        served = result.serving.requested
        setups = [f"{served.count}× {served.gpu_name}"]
        setups += [  # "e depois servir em h100 ou h200": each GPU weighed for the serving
            f"{a.setup.count}× {a.setup.gpu_name}"
            for a in result.serving.alternatives
            if a.kind == "compared_gpu" and a.setup
        ]
        setup = setups[0] if len(setups) == 1 else _choice_of(setups, t)
        parts.append(t("understood.serving_gpu", setup=setup))
    if w.memory_utilization is not None:
        flag = t(f"launch_engine.{w.launch_engine or 'vllm'}.memory_flag")  # SGLang: --mem-fraction-static
        parts.append(t("understood.memory_utilization", value=f"{w.memory_utilization:g}", flag=flag))
    if w.prefill_chunk:
        parts.append(t("understood.prefill_chunk", n=i18n.tokens(w.prefill_chunk, lang)))
    if w.prompt_limit:
        parts.append(t("understood.prompt_limit", n=i18n.tokens(w.prompt_limit, lang)))
    if w.seq_len:
        parts.append(t("understood.seq", n=i18n.tokens(w.seq_len, lang)))
    if w.batch:
        parts.append(t("understood.batch", n=w.batch))
    if w.global_batch:
        parts.append(t("understood.global_batch", n=i18n.number(w.global_batch, lang)))
    if w.grad_accum:
        parts.append(t("understood.grad_accum", n=w.grad_accum))
    if w.steps:
        parts.append(t("understood.steps", n=i18n.number(w.steps, lang)))
    if w.zero is not None and r.stage != Stage.inference.value:
        # Serving shards nothing ZeRO's way: the stage named is said in a note instead (_understood_notes).
        stages = [t("understood.zero", n=z) for z in (w.zero, *(w.compare_zero or []))]
        # "zero-2 ou zero-3?": the stages weighed, as the GPUs of "h100 ou h200?" are said
        parts.append(
            t("understood.gpus_compared", first=", ".join(stages[:-1]), others=stages[-1])
            if len(stages) > 1
            else stages[0]
        )
    if w.tokens and r.stage != Stage.inference.value:
        parts.append(t("understood.tokens", n=i18n.count(w.tokens, lang)))
    # "30 mi tokens a gerar em 2 dias": a volume's deadline said with it (the batch it makes, sizing/plan.py)
    by = (
        t("understood.tokens_by", period=batch_period(w.batch_seconds, lang))
        if w.batch_seconds and not w.batch_items
        else ""
    )
    if w.generated_tokens:
        parts.append(t("understood.generated_tokens", n=i18n.count(w.generated_tokens, lang)) + by)
    if w.read_tokens:
        # "por dia": transcripts that come again each period (sizing/plan.py reads them as a rate)
        period = f" {t(f'speech.period_{int(w.read_period_s)}')}" if w.read_period_s else ""
        parts.append(t("understood.read_tokens", n=i18n.count(w.read_tokens, lang)) + (period or by))
    if w.examples:
        rl = w.method is not None and w.method.is_rl  # an RL run's examples are its prompts
        # A preference method's examples are pairs (a chosen and a rejected answer, training.PREFERENCE), as the
        # assumptions count them: "60.000 pares", not "60.000 exemplos de treino" above "60.000 pares" below.
        kind = (
            "pairs"
            if training.PREFERENCE.get((w.method or Method.sft).value, (False, 1))[1] > 1
            else "examples"
        )
        parts.append(
            t("understood.rl_prompts", n=i18n.number(w.examples, lang))
            if rl
            else t(
                f"understood.{kind}_average" if w.example_average else f"understood.{kind}_length",
                n=i18n.number(w.examples, lang),
                length=i18n.tokens(w.example_tokens, lang),
            )
            if w.example_tokens
            else t(f"understood.{kind}", n=i18n.number(w.examples, lang))
        )
    if w.lora_adapters:
        n = w.lora_adapters
        parts.append(
            t("understood.lora_adapters_one") if n == 1 else t("understood.lora_adapters_other", n=n)
        )
    if w.data_bytes:
        parts.append(t("understood.data_bytes", size=i18n.data_size(w.data_bytes, lang)))
    if w.epochs:
        parts.append(
            t("understood.epochs_one") if w.epochs == 1 else t("understood.epochs_other", n=w.epochs)
        )
    if w.then_stage:
        # "... e depois SFT com LoRA em 10 mil exemplos": the second stage, with its own data (sizing/engine.py
        # sizes the heavier stage in full)
        then = w.but(stage=w.then_stage, tokens=w.then_tokens, examples=w.then_examples, epochs=w.then_epochs)
        parts.append(
            t(
                "understood.then_stage",
                stage=t(f"understood.stage.{w.then_stage.value}"),
                data=stage_data(then, lang),
            )
        )
    if w.days:
        parts.append(i18n.day_count(w.days, lang))
    if w.tp:
        parts.append(t("understood.tp", n=w.tp))
    if w.pp:
        parts.append(t("understood.pp", n=w.pp))
    if w.ep:
        parts.append(t("understood.ep", n=w.ep))
    if w.cp:
        parts.append(t("understood.cp", n=w.cp))
    elif w.context_split:
        parts.append(t("understood.context_split"))
    if w.selective_recompute:
        parts.append(t("understood.selective_recompute"))
    if w.eager_attention:
        parts.append(t("understood.eager_attention"))
    if w.dualpipe:
        parts.append(t("understood.dualpipe"))
    if w.pipeline_schedule == "zbv":
        parts.append(t("understood.zero_bubble"))
    elif w.pipeline_schedule:
        parts.append(t("understood.interleaved", virtual=w.virtual_stages or 2))
    if w.compiled:
        parts.append(t("understood.compiled"))
    if w.async_tp:
        parts.append(t("understood.async_tp"))
    if w.pure_bf16:
        parts.append(t("understood.pure_bf16"))
    if w.cut_cross_entropy:
        parts.append(t("understood.cut_cross_entropy"))
    if w.method:
        parts.append(t(f"understood.method_{w.method.value}"))
    if w.rl_generations:
        parts.append(t("understood.rl_generations", n=w.rl_generations))
    if w.rl_generation:
        parts.append(t(f"understood.rl_{w.rl_generation}"))
    if w.rl_reference is not None:
        parts.append(t("understood.rl_reference" if w.rl_reference else "understood.rl_no_reference"))
    if w.rl_reward_models:
        parts.append(t("understood.rl_reward_models", n=w.rl_reward_models))
    if w.rl_reward_arch:  # a reward model of its own, named as typed ("reward model: llama 3.2 1b")
        parts.append(t("understood.rl_reward_arch", model=_model_name(w.rl_reward_arch)))
    elif w.rl_reward_model is not None and not w.rl_reward_models:
        parts.append(
            t("understood.rl_reward_model" if w.rl_reward_model else "understood.rl_reward_functions")
        )
    if w.stack and r.stack_name:  # the software matters to training answers only
        parts.append(t("understood.stack", stack=r.stack_name))
    if w.lora_rank:
        parts.append(t("understood.lora_rank", n=w.lora_rank))
    if w.optimizer:
        parts.append(t(f"understood.optimizer_{w.optimizer.value}"))
    if w.checkpointing is not None:
        parts.append(t("understood.checkpointing_on" if w.checkpointing else "understood.checkpointing_off"))
    nvme = "_nvme" if w.nvme_offload else ""
    if w.offload_params and r.stage != Stage.inference.value:
        parts.append(t(f"understood.offload_params{nvme}"))
    elif w.cpu_offload and r.stage != Stage.inference.value:
        parts.append(t(f"understood.cpu_offload{nvme}"))
    if w.contract:
        parts.append(t(f"understood.contract_{w.contract}"))
    if w.term_days:
        parts.append(t("understood.term", period=i18n.period(w.term_days, lang)))
    parts += _images_understood(w, r.images, lang)
    if w.model_rates and w.model_rates[0] is not None and comparison is not None and comparison.sized:
        w = w.but(rate_per_s=None)  # said with its model above
    parts += _traffic_understood(w, lang, r.load)
    if w.replicas:
        parts.append(
            t("understood.replicas_one" if w.replicas == 1 else "understood.replicas_other", n=w.replicas)
        )
    if w.high_availability is not None:
        parts.append(t("understood.replicas_ha" if w.high_availability else "understood.replicas_no_ha"))
    if w.spare_replicas:
        parts.append(t("understood.replicas_spare", n=w.spare_replicas))
    if w.zones:
        parts.append(t("understood.zones_one" if w.zones == 1 else "understood.zones_other", n=w.zones))
    if w.quantize_run and r.stage == Stage.inference.value:
        parts.append(t("understood.quantize_run"))
    if w.residency and "eu" in w.residency:
        parts.append(t("understood.residency_eu"))
    if w.compare_reasoning and r.stage == Stage.inference.value:
        # "com e sem raciocínio": both weighed, as the GPUs of "h100 ou h200?" are said
        parts.append(t("understood.gpus_compared", first=t("understood.reasoning_off"),
                       others=t("compare.reasoning_label_on")))  # fmt: skip
    else:
        if w.task:
            parts.append(t(f"task.{w.task.value}"))
        if w.reasoning:
            parts.append(t(f"understood.reasoning_{w.reasoning}"))  # "sem raciocínio", "reasoning effort low"
    if w.intent:
        parts.append(t(f"understood.intent.{w.intent.value}"))
    lines = [f"{t('understood.prefix')}: " + " · ".join(parts)]
    if w.tokens and r.stage == Stage.inference.value:
        # "llama 8b com meio milhão de tokens": a training volume, with nothing that asks for a training
        lines.append(t("understood.tokens_unused", n=i18n.count(w.tokens, lang)))
    if query.method_alone and r.stage != Stage.inference.value:
        # "lora?" under a serving answer: a LoRA fine-tune of its model, said so (adapters served are the other
        # reading, and the line says how to ask for them)
        method = "QLoRA" if r.stage == Stage.qlora.value else "LoRA"
        lines.append(
            t("understood.method_alone", typed=query.method_alone, model=r.model.name, method=method)
        )
    if query.context_limit_asked and r.model.max_context:
        lines.append(_context_limit(r, lang, said=w.context is not None))
    for typed, name in query.corrections:
        lines.append(t("understood.corrected", typed=typed, name=name))
    for typed, name, instead in query.release_nearest:
        lines.append(t("understood.release_nearest", typed=typed, name=name, instead=instead))
    for typed, bound in query.ranges:
        lines.append(t("understood.range", typed=typed, bound=bound))
    for typed in query.bare_users:
        lines.append(t("understood.bare_users", typed=typed))
    for typed in query.callers:
        lines.append(t("understood.callers", typed=typed))
    for typed, name in query.gpu_forms_missing:
        lines.append(t("understood.gpu_form_missing", typed=typed, name=name))
    for typed in query.trades:
        # "workers" names people or a server's processes (traffic_words.toml people_or_processes): which, said
        kind = "workers_people" if typed.lower() in ("workers", "worker") else "trade_word"
        if traffic_query.people_or_things(typed):  # "monitores" beside students: people, not screens
            kind = "school_people"
        lines.append(t("understood." + kind, typed=typed))
    for typed, n in query.times_users:
        lines.append(t("understood.times_users", typed=typed, n=i18n.number(n, lang)))
    for typed, n in query.vague_counts:
        lines.append(t("understood.vague_count", typed=typed, n=i18n.number(n, lang)))
    for typed, n in query.vague_many:
        lines.append(t("understood.vague_many", typed=typed, n=i18n.number(n, lang)))
    for typed in query.whole_group:
        lines.append(t("understood.whole_group", typed=typed))
    if query.family_unsized and query.workload.family_typed:
        # "gemma 5 30b ou qwen": which of the two the catalogue lacks, and how to size it exactly, before the
        # family asked which
        lines.append(t("understood.unknown_beside_family", typed=query.workload.family_typed))
    for typed, example in query.family_unsized:
        lines.append(t("understood.family_unsized", typed=typed, example=example))
    for typed, amount in query.amount_a_month:
        lines.append(t("understood.amount_a_month", typed=typed, amount=amount))
    for typed, precision, gpu in query.ruled_out:
        name = load_catalog().precision(precision).name
        lines.append(t("understood.ruled_out_gpu" if gpu else "understood.ruled_out", typed=typed, precision=name, gpu=gpu))  # fmt: skip
    for typed, day, days in query.deadline_dates:
        shown = f"{day:%B} {day.day}, {day.year}" if lang == "en" else f"{day:%d/%m/%Y}"
        lines.append(t("understood.deadline_date", typed=typed, days=i18n.day_count(days, lang), date=shown))
    for typed, tokens in query.answer_lengths:
        lines.append(t("understood.answer_length", typed=typed, tokens=i18n.number(tokens, lang)))
    for typed, tokens, per_page in query.answer_pages:
        lines.append(t("understood.answer_pages", typed=typed, tokens=i18n.number(tokens, lang),
                       per_page=i18n.number(per_page, lang)))  # fmt: skip
    for typed, tokens, per_word in query.word_lengths:
        lines.append(t("understood.word_length", typed=typed, tokens=i18n.number(tokens, lang),
                       per_word=i18n.number(per_word, lang, 1)))  # fmt: skip
    for typed, tokens, unit, rate in query.written_lengths:
        key = "understood.written_unit" if unit else "understood.written_length"
        lines.append(t(key, typed=typed, tokens=i18n.number(tokens, lang), rate=_unit_rate(unit, rate, lang)))
    for typed, tokens, unit, rate in query.unit_lengths:
        lines.append(t("understood.unit_length", typed=typed, tokens=i18n.number(tokens, lang),
                       rate=_unit_rate(unit, rate, lang)))  # fmt: skip
    for typed, tokens, chunks, chunk in query.rag_documents:
        lines.append(t("understood.rag_documents", typed=typed, tokens=i18n.number(tokens, lang),
                       chunks=i18n.number(chunks, lang), chunk=i18n.number(chunk, lang)))  # fmt: skip
    for typed, tokens, per_minute in query.speech_lengths:
        lines.append(t("understood.speech_length", typed=typed, tokens=i18n.number(tokens, lang),
                       per_minute=i18n.number(per_minute, lang)))  # fmt: skip
    heard = next((e for e in r.encoders or [] if e.kind == "speech"), None)
    setup = result.recommendation
    for typed, tokens, per_minute, period in query.speech_volumes:
        if heard is not None and setup is not None and period is not None:
            # Transcripts that come again each period: a rate, whose share of the GPU's time the notes set
            # beside the LLM's (sizing/advice.py), not a time to finish
            lines.append(t("speech.speech_volume_rate", typed=typed, tokens=i18n.number(tokens, lang),
                           per_minute=i18n.number(per_minute, lang), name=speech.by_id(heard.id).name,
                           period=t(f"speech.period_{int(period)}")))  # fmt: skip
            continue
        if heard is not None and setup is not None:
            # A Whisper asked for beside the LLM transcribes the audio on its GPU (sizing/speech.py): the time it
            # takes there, at the speed the published benchmark gives that GPU, instead of "left out".
            served, gpu = speech.by_id(heard.id), load_catalog().gpu(setup.gpu)
            rtf = speech.realtime_factor(served, gpu)
            seconds = tokens / per_minute * 60 / rtf
            lines.append(t("speech.speech_volume", typed=typed, tokens=i18n.number(tokens, lang),
                           per_minute=i18n.number(per_minute, lang), name=served.name,
                           rtf=i18n.number(rtf, lang), gpu=gpu.name, time=i18n.duration(seconds / 86400, lang)))  # fmt: skip
            continue
        lines.append(t("understood.speech_volume", typed=typed, tokens=i18n.number(tokens, lang),
                       per_minute=i18n.number(per_minute, lang)))  # fmt: skip
    for typed, tokens in query.prompt_lengths:
        lines.append(t("understood.prompt_length", typed=typed, tokens=i18n.number(tokens, lang)))
    for typed, tokens in query.context_lengths:
        lines.append(t("understood.context_length", typed=typed, tokens=i18n.number(tokens, lang)))
    for typed, people, daily in query.daily_shares:
        lines.append(t("understood.daily_share", typed=typed, people=i18n.number(people, lang),
                       daily=i18n.number(daily, lang)))  # fmt: skip
    for typed, people, part in query.people_shares:
        lines.append(t("understood.people_share", typed=typed, people=i18n.number(people, lang),
                       part=i18n.number(part, lang)))  # fmt: skip
    for sized, other in query.other_groups:
        lines.append(t("understood.other_group", sized=sized, other=other))
    if query.vision_named and not r.model.vision_params:
        typed = ", ".join(f"“{v}”" for v in dict.fromkeys(query.vision_named))
        lines.append(t("understood.vision_excluded", typed=typed, model=r.model.name))
    if r.images is not None and r.images.reason == "text_model":
        # Said first, beside what was understood: the sizing below counts no image (the model takes none).
        catalog = load_catalog()
        ids = (r.model.derived_from, r.model.scaled_from, r.model.id)
        spec = next((m for m in catalog.models if m.id in ids), None)
        others = advice.vision_models(spec, catalog) if spec is not None else []
        if others:
            names = i18n.join([m.name for m in others], lang)
            lines.append(t("understood.images.text_model", model=r.model.name, others=names))
    for typed, counts in query.users_summed:
        total = sum(counts)
        parts = " + ".join(i18n.number(n, lang) for n in counts)
        people = (  # a head-count's parts add up to people, sized by their traffic (query.py, _summed)
            people_phrase(total, lang) if query.summed_head_count else advice.users_phrase(total, lang)
        )
        lines.append(t("understood.users_summed", typed=typed, parts=parts, total=people))
    for typed, places, each, counted in query.products:
        # "100 escolas, cada escola com 300 alunos": the product read, so a wrong reading shows (query.py)
        total = round(places * each)
        if counted in ("population", "users", "group"):
            # people as the Entendi line counts them: a head-count, or users at once (a group's count becomes a
            # head-count past traffic.toml's users_as_population_from)
            head_count = r.load is not None and r.load.population == total
            phrase = people_phrase(total, lang) if head_count else advice.users_phrase(total, lang)
        else:  # requests over the period said: "requests/3600"
            seconds = float(counted.partition("/")[2])
            volume = traffic_query.VOLUME_KEYS.get(seconds, "").removeprefix("requests_per_")
            phrase = (
                t(f"understood.traffic.{volume}", n=i18n.number(total, lang))
                if volume
                else rate_text(places * each / seconds, lang, seconds)
            )
        parts = f"{i18n.number(places, lang)} × {i18n.number(each, lang)}"
        lines.append(t("understood.products", typed=typed, parts=parts, total=phrase))
    for held, count, at_once, people in query.held_beside_at_once:
        lines.append(t("understood.users_held_beside_at_once", held=held, at_once=i18n.number(at_once, lang),
                       people=i18n.number(people, lang), total=i18n.number(count + at_once, lang)))  # fmt: skip
    for typed, people, users, held in query.mixed_groups:
        # each group as it was read: the users at once as typed, each a conversation held open, and the
        # head-count's conversations in flight at its rate on the setup recommended (sizing/engine.py)
        in_flight = r.load.people_in_flight if r.load is not None else None
        rate = (
            t("understood.users_mixed_rate_unsized")
            if in_flight is None
            else t(
                "understood.users_mixed_rate",
                n=i18n.number(in_flight, lang, 2 if in_flight < 0.1 else 1 if in_flight < 10 else 0),
            )
        )
        conversations = t(
            "understood.users_mixed_conversations_" + ("one" if users == 1 else "other"),
            n=i18n.number(users, lang),
        )
        lines.append(t("understood.users_mixed", typed=typed, held=held, conversations=conversations,
                       people=people_phrase(people, lang), rate=rate))  # fmt: skip
    for typed, people, shifts, at_work in query.shifts:
        lines.append(t("understood.shifts", typed=typed, people=i18n.number(people, lang),
                       shifts=i18n.number(shifts, lang), at_work=i18n.number(at_work, lang)))  # fmt: skip
    for typed, people in query.subgroups:
        lines.append(t("understood.subgroup", typed=typed, people=i18n.number(people, lang)))
    for typed, people, part in query.subgroups_only:
        lines.append(t("understood.subgroup_only", typed=typed, people=i18n.number(people, lang),
                       part=i18n.number(part, lang)))  # fmt: skip
    for typed, people, shifts, at_work in query.shift_lists:
        lines.append(t("understood.shifts_listed", typed=typed, people=i18n.number(people, lang),
                       shifts=i18n.number(shifts, lang), at_work=i18n.number(at_work, lang)))  # fmt: skip
    for pilot, production in query.rate_phases:
        lines.append(t("understood.rate_phases", pilot=pilot, production=production))
    for typed, value in query.corrected:
        lines.append(t("understood.value_corrected", typed=typed, value=value))
    for typed, _share, months in query.growth_rate_alone:
        # the horizon of the example fits the period: "3% ao dia por 6 meses" would be 182 periods, ~200×
        span = "day" if months < 0.1 else "week" if months < 0.5 else "month" if months < 6 else "year"
        lines.append(
            t(
                "understood.growth_rate_alone",
                typed=typed,
                horizon=t(f"understood.growth_rate_example_{span}"),
            )
        )
    for typed, factor in query.growth_later:
        lines.append(t("understood.growth_later", typed=typed, factor=i18n.number(factor, lang, 0 if factor == int(factor) else 1)))  # fmt: skip
    for typed, factor in query.growth:
        lines.append(
            t(
                "understood.growth",
                typed=typed,
                factor=i18n.number(factor, lang, 0 if factor == int(factor) else 1),
            )
        )
    for _typed, share, periods, factor in query.growth_compound:
        # the share as said: "1,5% ao dia" had been shown "2%" beside the multiple worked out with 1.5%
        pct = share * 100
        digits = next((d for d in (0, 1, 2) if abs(round(pct, d) - pct) < 1e-9), 2)
        lines.append(t("understood.growth_compound", share=f"{i18n.number(pct, lang, digits)}%",
                       periods=i18n.number(periods, lang, 0 if periods == int(periods) else 2),
                       factor=i18n.number(factor, lang, 2)))  # fmt: skip
    for typed, pilot, production in query.phases:
        # the production as the Entendi line counts it: "1.000 pessoas" there had been "1.000 usuários" here
        head_count = r.load is not None and r.load.population == production
        phrase = people_phrase(production, lang) if head_count else advice.users_phrase(production, lang)
        lines.append(
            t("understood.phases", typed=typed, pilot=advice.users_phrase(pilot, lang), production=phrase)
        )
    for typed, context, users in query.context_totals:
        lines.append(t("understood.context_total", typed=typed, context=i18n.context(context, lang),
                       users=i18n.number(users, lang)))  # fmt: skip
    if query.ttft_as_answer and query.workload is not None and query.workload.ttft_s is not None:
        typed = ", ".join(f"“{v}”" for v in dict.fromkeys(query.ttft_as_answer))
        lines.append(
            t("understood.ttft_as_answer", typed=typed, seconds=i18n.seconds(query.workload.ttft_s, lang))
        )
    for typed, kept, other in query.precision_choices:
        lines.append(t("understood.precision_choice", typed=typed, kept=kept, other=other))
    lines += _gpu_hours_said(query, result, lang)
    if query.counts_on is not None:
        gpu, counts = query.counts_on
        first = t("understood.gpus_one" if counts[0] == 1 else "understood.gpus", n=counts[0])
        said = i18n.join([str(n) for n in counts], lang)
        lines.append(
            t("assume.counts_on_recommended", counts=said, gpu=load_catalog().gpu(gpu).name, first=first)
        )
    if query.setups_left:
        left = [t("understood.on_setup", what=what, setup=setup) for what, setup in query.setups_left]
        lines.append(t("understood.setups_left", left=i18n.join(left, lang), most=MOST_SIDES))
    for other in query.model_choices:
        if comparison is None or other not in (comparison.others or [comparison.typed]):
            lines.append(t("understood.model_choice", other=other, kept=r.model.name))
        elif not comparison.sized:
            lines.append(
                t("understood.model_choice_unsized", other=other, reason=comparison.reason, kept=r.model.name)
            )
    if query.corpus:
        lines.append(t("understood.corpus", typed=", ".join(f"“{c}”" for c in query.corpus)))
    if query.cpu_only:
        typed = ", ".join(f"“{c}”" for c in dict.fromkeys(query.cpu_only))
        if r.stage == Stage.inference.value:
            tps = performance.cpu_tokens_per_s(r.model.active_params, r.bits_per_weight)
            read = r.model.active_params * r.bits_per_weight / 8
            lines.append(t("understood.cpu_only", typed=typed, read=i18n.gb(read, lang),
                           bandwidth=i18n.gb(performance.CPU_BANDWIDTH, lang),
                           tps=i18n.number(tps, lang, 0 if tps >= 10 else 1)))  # fmt: skip
        else:
            lines.append(t("understood.cpu_only_training", typed=typed))
    if query.kv_explained and result.kv_bytes_per_token and r.stage == Stage.inference.value:
        lines.append(t("understood.kv_explained", total=i18n.gb(result.memory.kv_cache, lang),
                       users=i18n.number(r.users or 1, lang)))  # fmt: skip
    elif query.kv_explained:
        # a training keeps no KV cache: its activations are what grows with the sequence
        lines.append(
            t("understood.kv_not_training" if r.stage != Stage.inference.value else "understood.kv_none")
        )
    if query.why_asked and result.decided and not w.model_choices:
        # (models weighed: each one's setup is beside the other's below, and this line would be the first's alone)
        lines.append(result.decided)
    if (
        (query.kv_per_token or query.kv_explained)
        and result.kv_bytes_per_token
        and r.stage == Stage.inference.value
    ):
        lines.append(t("understood.kv_per_token", per_token=i18n.kib(result.kv_bytes_per_token, lang),
                       per=i18n.gb(result.kv_bytes_per_conversation, lang), context=i18n.tokens(r.context_tokens or 0, lang)))  # fmt: skip
    if query.other_engines and r.stage == Stage.inference.value:
        lines.append(t("understood.other_engine", typed=", ".join(f"“{c}”" for c in query.other_engines)))
    if query.phone:
        lines.append(t("understood.phone", typed=", ".join(f"“{c}”" for c in dict.fromkeys(query.phone))))
    if query.mixed_gpus:
        lines.append(t("understood.mixed_gpus", typed=f"“{query.mixed_gpus}”"))
    if query.off_peak:
        lines.append(t("understood.off_peak", typed=", ".join(f"“{c}”" for c in query.off_peak)))
    if query.users_off_peak:
        lines.append(t("understood.users_off_peak", typed=", ".join(f"“{c}”" for c in query.users_off_peak)))
    zero_typed = ", ".join(f"“{typed}”" for typed in dict.fromkeys(typed for _, typed in query.zero_said))
    if query.zero_said and r.stage == Stage.inference.value:
        # "servir o llama com zero-3": ZeRO and FSDP shard training states serving does not have.
        lines.append(t("understood.zero_not_serving", typed=zero_typed))
    # "zero-3 vs fsdp": FSDP's full shard is ZeRO-3's (sizing/query.py ZERO reads both as stage 3).
    fsdp_and_zero3 = r.stage != Stage.inference.value and {"fsdp", "zero"} <= {
        "fsdp" if "fsdp" in typed.lower() else "zero" for stage, typed in query.zero_said if stage == 3
    }
    if fsdp_and_zero3:
        lines.append(t("understood.fsdp_is_zero3", typed=zero_typed))
    # ZeRO or DeepSpeed named for a run one GPU holds: nothing to shard it over, said (the breakdown's "sem ZeRO"
    # had been all that answered "e com zero 3?" or "e se usar deepspeed?")
    # (the setup the answer leads with: GPUs the question named, else the recommendation)
    rec = result.requested or result.recommendation
    one_gpu = r.stage != Stage.inference.value and rec is not None and rec.count == 1 and rec.servers == 1
    deepspeed_typed = [typed for typed in dict.fromkeys(query.frameworks) if "deepspeed" in typed.lower()]
    if one_gpu and (query.zero_said or deepspeed_typed):
        said = zero_typed or ", ".join(f"“{typed}”" for typed in deepspeed_typed)
        lines.append(t("understood.zero_one_gpu", typed=said))
    if query.frameworks and r.stage == Stage.inference.value:
        # "e se usar deepspeed?" under a serving answer: a training framework; the sizing stays vLLM's
        for typed in dict.fromkeys(query.frameworks):
            deepspeed = "deepspeed" in typed.lower()
            key = "understood.framework_serving_deepspeed" if deepspeed else "understood.framework_serving"
            lines.append(t(key, typed=f"“{typed}”"))
    if query.frameworks and r.stage != Stage.inference.value:
        for typed in dict.fromkeys(query.frameworks):
            deepspeed = "deepspeed" in typed.lower()
            if deepspeed and (fsdp_and_zero3 or one_gpu):
                continue  # the note above says what the DeepSpeed one would
            key = "understood.framework_deepspeed" if deepspeed else "understood.framework"
            lines.append(t(key, typed=f"“{typed}”"))
    if (w.cpu_offload or w.offload_params) and r.stage == Stage.inference.value:
        # Serving with weights in the host's RAM (vLLM --cpu-offload-gb, llama.cpp --n-cpu-moe): not what the
        # sums below size, said rather than shown as a training optimizer's offload.
        lines.append(t("understood.weights_offload"))
    if query.fine_tuned and r.stage == Stage.inference.value:
        adapter = any(how for _, how in query.fine_tuned)
        typed = ", ".join(f"“{c}”" for c in dict.fromkeys(c for c, _ in query.fine_tuned))
        lines.append(t("understood.fine_tuned_adapter" if adapter else "understood.fine_tuned", typed=typed))
    if query.system_ram:
        key = "understood.system_ram_named" if w.gpu else "understood.system_ram"
        lines.append(t(key, typed=", ".join(f"“{c}”" for c in query.system_ram)))
        offload = advice.ram_offload(result, query.system_ram_gb * 1e9) if w.gpu else None
        if offload:
            lines[-1] += " " + offload
    elif query.mac_alone:
        lines.append(t("understood.mac_alone", typed=", ".join(f"“{c}”" for c in query.mac_alone)))
    elif query.device_alone:
        lines.append(t("understood.device_alone", typed=", ".join(f"“{c}”" for c in query.device_alone)))
    for typed in getattr(query, "images_total", []):
        lines.append(t("understood.images.total", typed=typed))
    if query.ollama_tags and w.precision == "q4_k_m":
        lines += [t("understood.ollama_default", tag=tag) for tag in query.ollama_tags]
    elif query.gguf_default and w.precision == "q4_k_m":
        lines.append(t("understood.gguf_default"))
    # A model offered as a choice that the catalogue lacks ("ou gpt-7") is said above, with why.
    unknown = [u for u in query.unknown if u not in query.model_choices]
    if foreign(query.written_lang):
        # "wie viel GPU-Speicher braucht Llama 70B?": its words are a language we do not read, not words missed
        lines.append(t("understood.foreign_language"))
    elif unknown:
        # The first few, as typed, and how many more: a pasted e-mail had listed 21 words (the log keeps them all).
        words = ", ".join(f"“{u}”" for u in unknown[:UNKNOWN_SHOWN])
        if len(unknown) > UNKNOWN_SHOWN:
            lines.append(t("understood.not_understood_more", words=words, n=len(unknown) - UNKNOWN_SHOWN))
        else:
            lines.append(t("understood.not_understood", words=words))
    if query.out_of_scope:
        names = i18n.join([f"“{n}”" for n in dict.fromkeys(query.out_of_scope)], lang)
        # Embedding and reranking models the table has were sized beside the LLM: the rest are said apart.
        lines.append(
            t("understood.out_of_scope_beside" if r.encoders else "understood.out_of_scope", names=names)
        )
    if query.personal:
        kinds = i18n.join([t(f"personal.{kind}") for kind in query.personal], lang)
        lines.append(t("understood.personal", kinds=kinds))
    lines += [_memory_claim(result, gb, typed, lang) for gb, typed in query.memory_claimed]
    # "dados de saúde de pacientes, llama 70b": what the law asks of such data (sizing/topics.py NOTES)
    # The request log's subjects say what it keeps; beside a sizing, without the retention (the pipeline's)
    log = t("slack.disclosure", retention="").strip()
    notes = [
        t(f"error.query.topic_{key}", log=log, name=query.noted_names.get(key, "")) for key in query.noted
    ]
    # "vocês têm h100?" in a thread: whether we rent it answers the question, so it leads (the sizing follows)
    lead = [note for key, note in zip(query.noted, notes, strict=True) if key in LEAD_NOTES]
    lines[:0] = lead
    lines += [note for note in notes if note not in lead]
    # "o que é QLoRA? quero ajustar o llama 8b": the concepts asked explained, the model's sizing below
    if query.concepts:
        lines.append(concepts.explain(query.concepts, lang, ask=False, model=query.workload.model))
    if query.scale_to_zero:  # "scale to zero": on demand bills the hours on, and each start loads the weights
        lines.append(t("concept.scale_to_zero"))
    if query.load_time or query.scale_to_zero:  # "quanto tempo leva para carregar o llama 70b?": its weights
        lines.append(concepts.load_time(result.memory.weights, max(result.recommendation.count, 1), lang))
    if query.latency_from and result.estimates is not None:
        # "latência a partir de Lisboa, llama 3.1 8b": the round trip from there, added to this first token
        lines += latency.lines(
            latency.by_keys(query.latency_from),
            lang,
            result.estimates.time_to_first_token_s,
            result.workload.model.name,
        )
    return lines


# How near a figure said is to ours and still "confere": the weights' bits and GB against GiB, rounded as
# people round them (141 GB of a 70B model's weights said "140 GB").
CLAIM_MATCH = 0.05


def _memory_claim(result: SizingResult, claimed_gb: float, typed: str, lang: str) -> str:
    """ "o llama 70b precisa de 140gb, confere?": the figure said against ours, whether it is the weights
    alone (the usual figure: parameters × bytes per weight), the whole load (KV cache, activations and
    overhead added), between them, below the weights or above the whole."""
    m = result.memory
    claimed = claimed_gb * 1e9
    said = f"{i18n.number(claimed_gb, lang)} GB"  # the figure alone, not the verb it was typed with
    figures = dict(typed=said, weights=i18n.gb(m.weights, lang), total=i18n.gb(m.total, lang),
                   precision=result.workload.precision_name)  # fmt: skip
    near = [
        (abs(claimed - amount) / amount, key) for amount, key in ((m.weights, "weights"), (m.total, "total"))
    ]
    if min(near)[0] <= CLAIM_MATCH:
        key = min(near)[
            1
        ]  # the nearer of the two: "144 GB" for a 70B model is its whole load, not its weights
    elif claimed < m.weights:
        key = "below"
    elif claimed < m.total:
        key = "between"
    else:
        key = "above"
    return i18n.t(lang, f"understood.memory_claim.{key}", **figures)


def _speculative_understood(w, r, lang: str) -> str:
    """'speculative decoding com Llama 3.2 1B como draft', 'speculative decoding com EAGLE-3'."""
    if w.speculative != "draft_model":
        return i18n.t(lang, f"understood.spec.{w.speculative}")
    if not w.draft_model:
        return i18n.t(lang, "understood.spec.draft_model_any")
    sp = r.speculative
    draft = (sp.name if sp is not None else None) or w.draft_model
    if w.draft_precision and sp is not None and sp.precision_name:
        draft = i18n.t(lang, "understood.spec.draft_precision", draft=draft, precision=sp.precision_name)
    return i18n.t(lang, "understood.spec.draft_model", draft=draft)


def _images_understood(w, images, lang: str) -> list[str]:
    """The images a question described, as it said them: "3 imagens por conversa · fotos de celular
    (4032×3024)"."""

    def t(key, **p):
        return i18n.t(lang, f"understood.images.{key}", **p)

    parts = []
    if w.images:
        # a fine-tune's images are each example's ("3 imagens por exemplo"), a service's each conversation's
        one, other = (
            ("count_one_example", "count_other_example")
            if w.stage.is_training
            else ("count_one", "count_other")
        )
        parts.append(t(one) if w.images == 1 else t(other, n=i18n.number(w.images, lang)))
    if w.image_size and images is not None:
        size = f"{images.width}×{images.height}"
        named = w.image_size if "x" not in w.image_size and not w.image_size.endswith("mp") else None
        parts.append(t(named, size=size) if named else t("size", size=size))
    elif w.with_images and not w.images:
        parts.append(t("with"))
    if w.video_seconds:
        parts.append(t("video", seconds=factor_text(w.video_seconds, lang)))
        if w.video_fps:
            parts[-1] += " " + t("video_fps", fps=factor_text(w.video_fps, lang))
    return parts


def people_phrase(n: int, lang: str) -> str:
    """A head-count as the understood line says it: "uma pessoa", never "1 pessoas"."""
    if n == 1:
        return i18n.t(lang, "understood.traffic.population_one")
    return i18n.t(lang, "understood.traffic.population", n=i18n.number(n, lang))


def _traffic_understood(w, lang: str, load=None) -> list[str]:
    """The traffic a question described, as it said it; `load` (the result's) gives the day's people a
    month's come to."""

    def t(key, **p):
        return i18n.t(lang, f"understood.traffic.{key}", **p)

    parts = []
    if w.rate_from_volume is not None and load is not None:
        # A token volume's requests as sized, in the lengths of the request sized (sizing/plan.py divides it
        # again by a task's own: a summary's, a reasoning model's), not in the defaults it was read with
        w = msgspec.structs.replace(
            w, **{k: getattr(load, k) for k in ("requests_per_day", "requests_per_week", "requests_per_month")
                  if getattr(w, k) is not None}, rate_per_s=load.rate_per_s if w.rate_per_s else None)  # fmt: skip
    if w.lengths_from_volume and w.prompt_tokens and w.output_tokens:
        # "200k TPM" over "500 RPM": the tokens of a request, as said; the split is an assumption.
        parts.append(t("tokens_each", n=i18n.tokens(w.prompt_tokens + w.output_tokens, lang)))
    elif w.prompt_tokens:
        parts.append(t("prompt", n=i18n.tokens(w.prompt_tokens, lang)))
    if w.shared_prefix_tokens:
        key = "shared_document" if w.shared_prefix_document else "system_prompt"
        parts.append(t(key, n=i18n.tokens(w.shared_prefix_tokens, lang)))
    if w.prompt_pages:
        parts.append(
            t("pages_one") if w.prompt_pages == 1 else t("pages", n=i18n.number(w.prompt_pages, lang))
        )
    if w.output_tokens and not w.lengths_from_volume:
        parts.append(t("output", n=i18n.tokens(w.output_tokens, lang)))
    if w.turns:
        parts.append(t("turns_of_task" if w.turns_of_task else "turns", n=i18n.number(w.turns, lang)))
    if w.rate_per_s:
        # in the unit the question (or the thread's "e com 1000?") said it: "1.000 requisições/min", not "17/s"
        parts.append(t("rate", rate=rate_text(w.rate_per_s, lang, w.rate_period_s)))
    if w.batch_items and w.batch_seconds:
        parts.append(
            t("batch", items=i18n.number(w.batch_items, lang), period=batch_period(w.batch_seconds, lang))
        )
    elif w.batch_items and not (w.users_batch and w.users == w.batch_items):  # said as the batch at once
        parts.append(t("batch_count", items=i18n.number(w.batch_items, lang)))
    if w.requests_per_day:
        parts.append(t("day", n=i18n.number(w.requests_per_day, lang)))
    if w.requests_per_week:
        parts.append(t("week", n=i18n.number(w.requests_per_week, lang)))
    if w.requests_per_month:
        parts.append(t("month", n=i18n.number(w.requests_per_month, lang)))
    day = load.population if load is not None else None
    if w.population and w.population_monthly and w.population > 1:
        # "30 mil usuários por mês": a month's users, not a day's people; the day's share that was sized
        # follows when the load used it (sizing/plan.py), as "30.000 pessoas" had hidden.
        n = i18n.number(w.population, lang)
        parts.append(t("population_monthly", n=n, day=i18n.number(day, lang)) if day and day < w.population
                     else t("population_monthly_only", n=n))  # fmt: skip
    elif w.population:
        parts.append(people_phrase(w.population, lang))
    if w.active_share:
        parts.append(t("share", share=i18n.percent(w.active_share, lang)))
    if w.requests_per_active_hour:
        parts.append(t("per_hour", n=i18n.number(w.requests_per_active_hour, lang)))
    if w.peak_factor:
        parts.append(t("peak_factor", factor=factor_text(w.peak_factor, lang)))
    if w.seasonal_peak:
        parts.append(t("seasonal_peak", factor=factor_text(w.seasonal_peak, lang)))
    if w.latency_percentile:
        parts.append(
            t(
                "percentile",
                n=i18n.number(
                    w.latency_percentile, lang, 0 if w.latency_percentile == int(w.latency_percentile) else 1
                ),
            )
        )
    if w.fast_latency and not (w.ttft_s and w.tokens_per_s):
        parts.append(t("fast"))
    if w.waited_on and not (w.fast_latency or w.ttft_s or w.e2e_s):
        parts.append(t("waited"))
    if w.ttft_s:
        parts.append(t("ttft", n=i18n.seconds(w.ttft_s, lang)))
    if w.e2e_s:
        parts.append(t("e2e", n=i18n.seconds(w.e2e_s, lang)))
    if w.tokens_per_s:
        parts.append(t("tokens_per_s", n=i18n.speed(w.tokens_per_s, lang)))
    if w.utilization is not None:
        parts.append(t("utilization", share=i18n.percent(w.utilization, lang)))
    if w.always_on and not (w.business_hours or w.hours_per_day or w.weekdays_only):
        parts.append("24/7")
    elif w.business_hours and not w.hours_per_day:
        parts.append(t("business_hours"))
    elif w.off_hours:  # "nights and weekends": as said (the hours a day are an average, said with the cost)
        parts.append(t(w.off_hours))
    elif w.hours_per_day or w.weekdays_only:
        per_day = i18n.number(
            w.hours_per_day or 24, lang, 0 if (w.hours_per_day or 24) == int(w.hours_per_day or 24) else 1
        )
        parts.append(
            t("schedule_weekdays" if w.weekdays_only or w.business_hours else "schedule", per_day=per_day)
        )
    if w.budget:
        amount = budget_amount(w.budget, w.budget_currency, lang)
        key = {True: "budget_month", False: "budget_total"}.get(w.budget_monthly, "budget")
        if w.budget_hourly:  # each GPU's hour only when said so; else the whole setup's
            key = "budget_hour" if w.budget_per_gpu else "budget_setup_hour"
        parts.append(t(key, amount=amount))
    if w.api_price:  # an API's price to set ours against says the cost is asked, as a budget does
        parts.append(t("api_price", amount=budget_amount(w.api_price, w.api_price_currency, lang)))
    if w.cheaper and not (w.budget or w.api_price):
        parts.append(t("cheaper"))
    elif w.cost and not (w.budget or w.api_price) and w.utilization is None:
        parts.append(t("cost"))  # "custo a 80% de utilização" says the cost already
    return parts


def render_help(lang: str, log: bool = False) -> str:
    """How to ask; asked about the request log, how managers read it first."""
    lang = i18n.lang_of(lang)
    first = f"{i18n.t(lang, 'help.log')}\n\n" if log else ""
    return f"{first}{i18n.t(lang, 'help.title')}\n\n{i18n.t(lang, 'help.body')}\n"


def _context_limit(r, lang: str, said: bool) -> str:
    """The answer to "qual o contexto máximo do qwen 7b?": the model's limit as its publisher declares it, with the longer one
    its card documents (YaRN and the like), the context this answer sized and, where the question set none, how
    to ask for more."""
    t = partial(i18n.t, lang)
    try:
        entry = load_catalog().model(r.model.id)
    except KeyError:
        entry = None  # a Hub repo or a pasted config: its config.json's limit is the one said
    native = entry.max_context if entry is not None else r.model.max_context
    params = dict(model=r.model.name, limit=i18n.number(native, lang),
                  context=i18n.number(r.context_tokens, lang))  # fmt: skip
    key = "understood.context_limit"
    extended = entry.extended_context if entry is not None else None
    if extended and extended > native and entry.extended_context_method:
        params.update(extended=i18n.number(extended, lang), method=entry.extended_context_method)
        key = "understood.context_limit_extended"
    return t(key, **params) if said else f"{t(key, **params)} {t(key + '_ask')}"


def _unit_rate(unit: str | None, rate: float | None, lang: str) -> str:
    """ "1,5 tokens por palavra", "~4 caracteres por token": the rate a length in that unit was read at."""
    if unit is None or rate is None:
        return ""
    if unit == "paragraph":
        words = load_catalog().traffic.lengths.words_per_paragraph
        return i18n.t(
            lang, "understood.rate.paragraph", rate=i18n.number(rate, lang), words=i18n.number(words, lang)
        )
    return i18n.t(
        lang, f"understood.rate.{unit}", rate=i18n.number(rate, lang, 0 if rate == int(rate) else 1)
    )
