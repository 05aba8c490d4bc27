"""Answer text in Brazilian Portuguese or English, from the message files in sizing/data/messages.

Sizes show in decimal GB (10^9 bytes), the unit the "70B x 2 bytes = 140 GB" arithmetic uses; the bytes
inside the engine stay exact and are only rounded here, for display.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from babel import Locale

from .catalog import DATA_DIR, CatalogError

DEFAULT_LANG = "pt-BR"
_LOCALES = {"pt-BR": "pt_BR", "en": "en_US"}


def lang_of(lang: str | None) -> str:
    if not lang:
        return DEFAULT_LANG
    key = lang.replace("_", "-").lower()
    if key.startswith("en"):
        return "en"
    if key.startswith("pt"):
        return "pt-BR"
    return DEFAULT_LANG


@cache
def messages(lang: str) -> dict[str, str]:
    path = DATA_DIR / "messages" / f"{lang}.toml"
    try:
        with path.open("rb") as f:
            raw = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise CatalogError(f"messages/{lang}.toml: {e}") from e
    flat: dict[str, str] = {}

    def walk(prefix: str, node: dict) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}{key}.", value)
            else:
                flat[prefix + key] = value

    walk("", raw)
    return flat


def t(lang: str, key: str, **params: Any) -> str:
    lang = lang_of(lang)
    table = messages(lang)
    template = table.get(key) or messages(DEFAULT_LANG).get(key)
    if template is None:
        raise KeyError(f"no message {key!r}")
    return template.format(**params)


@cache
def _symbols(lang: str) -> tuple[str, str]:
    """The locale's decimal and grouping symbols, from Babel's CLDR data."""
    symbols = Locale.parse(_LOCALES[lang]).number_symbols["latn"]
    return symbols["decimal"], symbols["group"]


def number(value: float, lang: str, digits: int = 0) -> str:
    """1.234,5 (pt-BR) / 1,234.5 (en). Python formats, CLDR says which symbols: an answer formats dozens
    of numbers, and Babel's own formatter is too slow to call that often."""
    decimal, group = _symbols(lang_of(lang))
    text = f"{value:,.{digits}f}"
    if text.startswith("-") and not text.strip("-0.,"):
        text = text[1:]  # no "-0,0"
    return text.replace(",", "\0").replace(".", decimal).replace("\0", group)


def gb(n_bytes: float, lang: str) -> str:
    """1 decimal place, except under 1 GB (2 places) and from 1000 GB (no decimals)."""
    value = n_bytes / 1e9
    digits = 2 if abs(value) < 1 else (0 if abs(value) >= 1000 else 1)
    return f"{number(value, lang, digits)} GB"


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def scientific(value: float, lang: str) -> str:
    """1,13 × 10²⁴ (pt-BR) / 1.13 × 10²⁴ (en)."""
    mantissa, exponent = f"{value:.2e}".split("e")
    return f"{number(float(mantissa), lang, 2)} × 10{str(int(exponent)).translate(_SUPERSCRIPT)}"


def tokens(n: int, lang: str) -> str:
    return number(n, lang)


def duration(days: float, lang: str) -> str:
    """How long a run takes, in the unit people use for it: "~9 horas", "~2,3 dias", "~53 dias"."""
    pt = lang_of(lang) == "pt-BR"
    hours = days * 24
    if hours < 1:
        return "menos de 1 hora" if pt else "under an hour"
    if days < 1:
        n = round(hours)
        return f"~{n} {'hora' if n == 1 else 'horas'}" if pt else f"~{n} {'hour' if n == 1 else 'hours'}"
    value = number(days, lang, 1 if days < 10 else 0)
    one = value in ("1", "1,0", "1.0")
    return f"~{value} {'dia' if one else 'dias'}" if pt else f"~{value} {'day' if one else 'days'}"


def count(n: float, lang: str) -> str:
    """Large counts in words people say: 500 bi / 1,5 tri (pt-BR), 500B / 1.5T (en)."""
    for size, pt, en in ((1e12, "tri", "T"), (1e9, "bi", "B"), (1e6, "mi", "M")):
        if n >= size:
            value = n / size
            digits = 0 if round(value, 1) == int(round(value, 1)) or value >= 100 else 1
            return (
                f"{number(value, lang, digits)} {pt}"
                if lang_of(lang) == "pt-BR"
                else f"{number(value, lang, digits)}{en}"
            )
    return number(n, lang)


def context(n: int, lang: str) -> str:
    """Context sizes the way models declare them: 32k for 32,768; other values as plain numbers."""
    return f"{n // 1024}k" if n >= 1024 and n % 1024 == 0 else number(n, lang)


def params(n: float, lang: str) -> str:
    """Parameter counts the way model cards say them: 70,6B / 8,03B / 671B."""
    value = n / 1e9
    digits = 2 if value < 10 else (1 if value < 100 else 0)
    return f"{number(value, lang, digits)}B" if value >= 1 else f"{number(n / 1e6, lang)}M"


def percent(share: float, lang: str) -> str:
    return f"{number(share * 100, lang)}%"


def join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    word = " e " if lang_of(lang) == "pt-BR" else " and "
    return ", ".join(items[:-1]) + word + items[-1]
