"""Turning an engine answer into text people read, from the Jinja2 templates in templates/<lang>/."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from sizing import i18n
from sizing.result import Memory, SizingResult
from sizing.workload import Stage

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"

# Characters of the memory bar: weights, KV cache, activations + overhead, margin/free.
BAR_WEIGHTS, BAR_KV, BAR_OTHER, BAR_FREE = "█", "▓", "▒", "░"


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        undefined=StrictUndefined,  # a missing value is a bug to see, not an empty string to ship
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
    )
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


def filters(lang: str) -> dict:
    return {
        "gb": lambda n: i18n.gb(n, lang),
        "num": lambda n, digits=0: i18n.number(n, lang, digits),
        "pct": lambda x: i18n.percent(x, lang),
        "params": lambda n: i18n.params(n, lang),
        "tokens": lambda n: i18n.tokens(n, lang),
    }


def render(template: str, result: SizingResult, **extra) -> str:
    lang = i18n.lang_of(result.workload.lang)
    env = environment()
    tmpl = env.get_template(f"{lang}/{template}")
    return tmpl.render(
        r=result, bar=memory_bar, t=lambda key, **p: i18n.t(lang, key, **p), **filters(lang), **extra
    )


def render_text(result: SizingResult, query=None) -> str:
    return render("answer.txt.j2", result, understood=understood(result, query)).strip() + "\n"


def understood(result: SizingResult, query) -> list[str]:
    """'Entendi: Llama 3.1 70B · INT4 · 32k de contexto · 10 usuários simultâneos', then what was not
    understood and which typos were read as which names. Only what the text said: defaults are listed
    among the assumptions."""
    if query is None or query.workload is None:
        return []
    lang = i18n.lang_of(result.workload.lang)
    w = query.workload
    r = result.workload

    def t(key, **p):
        return i18n.t(lang, key, **p)

    parts = [r.model.name]
    if w.precision:
        parts.append(r.precision_name)
    if w.kv_precision:
        parts.append(t("understood.kv", kv=r.kv_precision.upper()))
    if w.stage is not Stage.inference or "stage" in w.model_fields_set:
        parts.append(t(f"understood.stage.{w.stage.value}"))
    if w.context:
        parts.append(t("understood.context", context=i18n.context(w.context, lang)))
    if w.users:
        parts.append(t("understood.users_one") if w.users == 1 else t("understood.users_other", n=w.users))
    if w.gpu:
        gpu = result.requested.gpu_name if result.requested else w.gpu
        parts.append(f"{w.gpus}× {gpu}" if w.gpus else gpu)
    elif w.gpus:
        parts.append(t("understood.gpus", n=w.gpus))
    if w.seq_len:
        parts.append(t("understood.seq", n=i18n.tokens(w.seq_len, lang)))
    if w.batch:
        parts.append(t("understood.batch", n=w.batch))
    if w.zero is not None:
        parts.append(t("understood.zero", n=w.zero))
    if w.tokens:
        parts.append(t("understood.tokens", n=i18n.count(w.tokens, lang)))
    if w.examples:
        parts.append(t("understood.examples", n=i18n.number(w.examples, lang)))
    if w.epochs:
        parts.append(
            t("understood.epochs_one") if w.epochs == 1 else t("understood.epochs_other", n=w.epochs)
        )
    if w.days:
        parts.append(t("understood.days", n=i18n.number(w.days, lang)))
    if w.tp:
        parts.append(t("understood.tp", n=w.tp))
    if w.stack and r.stack_name:  # the software matters to training answers only
        parts.append(t("understood.stack", stack=r.stack_name))
    if w.task:
        parts.append(t(f"task.{w.task.value}"))
    if w.intent:
        parts.append(t(f"understood.intent.{w.intent.value}"))
    lines = [f"{t('understood.prefix')}: " + " · ".join(parts)]
    for typed, name in query.corrections:
        lines.append(t("understood.corrected", typed=typed, name=name))
    if query.unknown:
        lines.append(t("understood.not_understood", words=", ".join(f"“{u}”" for u in query.unknown)))
    return lines


def render_help(lang: str) -> str:
    lang = i18n.lang_of(lang)
    return f"{i18n.t(lang, 'help.title')}\n\n{i18n.t(lang, 'help.body')}\n"
