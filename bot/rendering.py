"""Turning an engine answer into text people read, from the Jinja2 templates in templates/<lang>/."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from sizing import i18n
from sizing.result import Memory, SizingResult

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


def render_text(result: SizingResult) -> str:
    return render("answer.txt.j2", result).strip() + "\n"
