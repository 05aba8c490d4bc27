"""Answer text in the languages of the message files in sizing/data/messages (pt-BR, pt-PT, en).

Sizes show in decimal GB (10^9 bytes), the unit the "70B x 2 bytes = 140 GB" arithmetic uses; the bytes
inside the engine stay exact and are only rounded here, for display.
"""

from __future__ import annotations

import math
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from . import quantities, tomlfiles
from .catalog_error import CatalogError

DEFAULT_LANG = "pt-BR"
# The data folder (as sizing.catalog.DATA_DIR), named here too so readers of its word lists need no catalogue.
DATA_DIR = Path(__file__).parent / "data"
MESSAGES = DATA_DIR / "messages"


@cache
def languages() -> tuple[str, ...]:
    """The answer languages: one per message file."""
    return tuple(sorted(path.stem for path in (DATA_DIR / "messages").glob("*.toml")))


def variant_of(lang: str) -> str | None:
    """The language a variety belongs to ("pt-PT" -> "pt-BR"), from the vocabulary files."""
    from .vocabulary import load_vocabulary

    found = load_vocabulary().languages.get(lang)
    return found.variant_of if found else None


@lru_cache(maxsize=256)
def lang_of(lang: str | None) -> str:
    """The answer language for a code or a Slack locale: "pt-PT", "pt_PT" -> pt-PT; "pt", "pt-AO" -> pt-BR
    (the base of the family); "en-GB" -> en; anything else -> the default."""
    if not lang:
        return DEFAULT_LANG
    key = lang.strip().replace("_", "-").lower()
    for code in languages():
        if code.lower() == key:
            return code
    primary = key.split("-")[0]
    family = [code for code in languages() if code.lower().split("-")[0] == primary]
    bases = [code for code in family if variant_of(code) is None]
    return (bases or family or [DEFAULT_LANG])[0]


@lru_cache(maxsize=256)
def known(lang: str | None) -> bool:
    """Whether a code or locale names one of the answer languages ("fr-FR" does not)."""
    if not lang:
        return False
    primary = lang.strip().replace("_", "-").lower().split("-")[0]
    return any(code.lower().split("-")[0] == primary for code in languages())


@lru_cache(maxsize=1024)  # asked on every request with a few distinct locales and defaults
def answer_lang(*signals: str | None) -> str:
    """The answer's language from signals, strongest first (what the text asks for, the language it is
    written in, the user's Slack locale, the default). The strongest signal picks the language; a variety
    of that language named by a weaker signal refines it: a Portuguese question from a user whose Slack is
    in pt-PT is answered in pt-PT."""
    langs = [lang_of(s) for s in signals if s and known(s)]
    if not langs:
        return DEFAULT_LANG
    family = variant_of(langs[0]) or langs[0]
    same = [lang for lang in langs if (variant_of(lang) or lang) == family]
    return next((lang for lang in same if variant_of(lang)), same[0])


@cache
def messages(lang: str) -> dict[str, str]:
    path = MESSAGES / f"{lang}.toml"
    try:
        raw = tomlfiles.load(path)
    except (OSError, tomlfiles.ParseError) as e:
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


# Each message by the language as given and its key, as t() writes it: its text, whether English's article
# before a figure is worked out in it, and the placeholders right before a [singular] noun (_counted_noun; none:
# the message never writes one). One look-up a call: an answer asks for about ninety, with a handful of language
# codes, and the message files do not change while the process runs. Bounded (a language may be any Slack
# locale): it starts over when full.
_TEMPLATES: dict[tuple[str, str], tuple[str, bool, tuple[str, ...]]] = {}
_TEMPLATES_SIZE = 8192


def t(lang: str, key: str, /, **params: Any) -> str:
    kept = _TEMPLATES.get((lang, key))
    if kept is None:
        code = lang_of(lang)
        found = messages(code).get(key) or messages(DEFAULT_LANG).get(key)
        if found is None:
            raise KeyError(f"no message {key!r}")
        if len(_TEMPLATES) >= _TEMPLATES_SIZE:
            _TEMPLATES.clear()
        template = _money_layout(code, found)
        kept = _TEMPLATES[(lang, key)] = (
            template,
            " a {" in template and code == "en",
            _counted_noun(code, found),
        )
    template, article, counted = kept
    if "currency" in params:  # every amount's currency is said as the reader's language writes it: R$ 40,00
        params["currency"] = currency(params["currency"], lang_of(lang))
    out = template.format(**params)
    if article:
        out = _A_NUMBER.sub(_article, out)
    # A count CLDR calls "one" takes the singular ("≥ 1 token/s", "1 exemplo", pt-BR's "1,0 requisição/s"):
    # looked for only in the messages with a [singular] noun right after a placeholder, the few that can write one,
    # and only when one of those placeholders' values ends in such a number (most are 2 or more: no pass over the
    # whole text for them).
    if counted:
        pattern, table, _, one = _singulars(lang_of(lang))
        if any(one.search(str(params.get(name, ""))) for name in counted):
            out = pattern.sub(lambda m: m[1] + " " + table[m[2]], out)
    return out


# English's article before a figure goes by how it is said: "an 8,000-token prompt", "an 11,000", "an 800×600
# image" (eight, eleven, eighteen, eighty start with a vowel sound), "a 1,000-token prompt".
_A_NUMBER = re.compile(r"\b([Aa]) (?=(\d{1,3})(?:,\d{3})*(?![\d,]))")


def _article(m: re.Match) -> str:
    lead = int(m[2])  # the figure's first group, said first: "8" of 8,000, "800" of 800
    said = lead // 100 if lead >= 100 else lead
    vowel = said in (8, 11, 18) or 80 <= said <= 89
    return m[1] + ("n " if vowel else " ")


def _counted_noun(lang: str, template: str) -> tuple[str, ...]:
    slot = _singulars(lang)[2]
    return () if slot is None else tuple(dict.fromkeys(slot.findall(template)))


# CLDR's plural rules for "one", as the message files' [number] one names them: the number written before a
# singular noun. pt (Brazil) "i = 0..1": a whole part of 0 or 1, decimals or not ("1,0 requisição/s");
# pt-PT and en "i = 1 and v = 0": exactly 1, no decimals written ("1,0 pedidos/s", "1.0 requests/s").
_ONE = {"i = 0..1": r"[01](?:{decimal}\d+)?", "i = 1 and v = 0": "1"}


@cache
def _singulars(
    lang: str,
) -> tuple[re.Pattern | None, dict[str, str], re.Pattern | None, re.Pattern | None]:
    """The message file's [singular] nouns after a number CLDR calls "one": not the end of 21, 0,1 or 2.001 (a
    pt-PT group is a no-break space), and no longer word ("tokens" is not "tokens/s"); and the same nouns after
    a placeholder, which a template must have to write one."""
    table = dict(v.split("|", 1) for k, v in messages(lang).items() if k.startswith("singular."))
    if not table:
        return None, table, None, None
    rule = messages(lang).get("number.one", "i = 1 and v = 0")
    if rule not in _ONE:
        raise CatalogError(f"messages/{lang}.toml: [number] one = {rule!r} is none of {sorted(_ONE)}")
    one = _ONE[rule].format(decimal=re.escape(_symbols(lang)[0]))
    words = "|".join(re.escape(w) for w in sorted(table, key=len, reverse=True))
    nouns = f"({words})" + r"(?![\w/-])"
    return (
        re.compile(rf"(?<![\d.,])(?<!\d[ \u00a0\u202f])({one}) " + nouns),
        table,
        # the placeholder's name: "{users} usuários", "{rate:.1f} requisições/s"
        re.compile(r"\{(\w+)[^{}]*\} (?:" + words + r")(?![\w/-])"),
        # a value that ends in a number CLDR calls "one", as the text pattern reads it
        re.compile(rf"(?<![\d.,])(?<!\d[ \u00a0\u202f])(?:{one})$"),
    )


_AMOUNT_AFTER_SYMBOL = re.compile(r"\{currency\} (\{[a-z_0-9]+\})")


def _money_layout(lang: str, template: str) -> str:
    """A message written "{currency} {amount}" as the language lays money out: CLDR's pt-PT pattern
    "#,##0.00 ¤" puts the symbol after, behind a no-break space ("500,00 €"); pt-BR and en keep it before."""
    if "{currency}" not in template or messages(lang).get("number.currency_after") != "true":
        return template
    return _AMOUNT_AFTER_SYMBOL.sub("\\1\u00a0{currency}", template)


def amount(value: str, code: str | None, lang: str) -> str:
    """A formatted amount with its currency where the language puts it: "R$ 12.000", "12 000 €", "BRL 12,000";
    the amount alone when no currency is known."""
    symbol = currency(code, lang)
    if not symbol:
        return value
    if messages(lang_of(lang)).get("number.currency_after") == "true":
        return f"{value}\u00a0{symbol}"
    return f"{symbol} {value}"


def currency(code: str | None, lang: str) -> str:
    """A currency as the language writes it before an amount: "R$" for BRL in Portuguese, the ISO code
    ("BRL") where the message file names no symbol ([currency])."""
    if not code:
        return code or ""
    return messages(lang_of(lang)).get(f"currency.{code}", code)


@cache
def _symbols(lang: str) -> tuple[str, str]:
    """The language's decimal and grouping symbols, from its message file ([number], CLDR's values)."""
    table = messages(lang)
    return table["number.decimal"], table["number.group"]


# Numbers as written, by value, digits and language: an answer writes about eighty, and most (a GPU's 80 GB,
# 1 copy, 2.048 tokens) were written for an earlier one. Bounded: it starts over when full. Equal values
# (1 and 1.0) are written alike, so one key serves both.
_NUMBERS: dict[tuple[float, int, str], str] = {}
_NUMBERS_SIZE = 8192


def in_flight(value: float, lang: str) -> str:
    """Conversations in flight as an answer says them: a whole count as given ("10 users"); a rate's mean (Little's
    law) with a decimal or two below 10, and from 10 on whole and rounded up, as the memory counts them (the
    plan's users are the mean rounded up): "43 usuários" had stood above "~42 conversas", one quantity twice."""
    if value == int(value):
        return number(value, lang)
    if value >= 10:
        return number(math.ceil(value - 1e-6), lang)
    return number(value, lang, 1 if value >= 0.1 else 2)


def number(value: float, lang: str, digits: int = 0) -> str:
    """1.234,5 (pt-BR) / 1 234,5 (pt-PT) / 1,234.5 (en). Python formats, the message file says which symbols: an answer
    formats dozens of numbers, and a locale library's formatter (and its import) costs more than the answer."""
    key = (value, digits, lang)
    text = _NUMBERS.get(key)
    if text is None:
        decimal, group = _symbols(lang_of(lang))
        text = f"{value:,.{digits}f}"
        if text.startswith("-") and not text.strip("-0.,"):
            text = text[1:]  # no "-0,0"
        text = text.replace(",", "\0").replace(".", decimal).replace("\0", group)
        if len(_NUMBERS) >= _NUMBERS_SIZE:
            _NUMBERS.clear()
        _NUMBERS[key] = text
    return text


def seconds(value: float, lang: str) -> str:
    """A time target as it was set: one decimal place ("2,0", "1,5"), more when it has them ("0,25", not
    "0,2": a target is never shown stricter or looser than the customer's), none from 10 s."""
    if value >= 10:
        return number(value, lang)
    digits = next((d for d in (1, 2) if abs(round(value, d) - value) < 1e-9), 3)
    return number(value, lang, digits)


def speed(tokens_per_s: float, lang: str) -> str:
    """A speed target as it was set: "20", "12,5", "33,3" (from a 30 ms TPOT); whole from 100."""
    whole = abs(tokens_per_s - round(tokens_per_s)) < 1e-9 or tokens_per_s >= 100
    return number(tokens_per_s, lang, 0 if whole else 1)


def gb(n_bytes: float, lang: str) -> str:
    """1 decimal place, except under 1 GB (2 places) and from 1000 GB (no decimals)."""
    value = n_bytes / 1e9
    digits = 2 if abs(value) < 1 else (0 if abs(value) >= 1000 else 1)
    return f"{number(value, lang, digits)} GB"


def money(value: float, lang: str) -> str:
    """An amount in the offering's currency: cents below 1,000, whole above ("40,00", "29.200")."""
    return number(value, lang, _tiny_digits(value) or (2 if value < 1000 else 0))


def data_size(n_bytes: float, lang: str) -> str:
    """A size on disk as people say it: 300 MB, 2 GB, 1,5 TB (decimal units, as disks and datasets count)."""
    for size, unit in ((1e12, "TB"), (1e9, "GB"), (1e6, "MB")):
        if n_bytes >= size or unit == "MB":
            value = n_bytes / size
            return f"{number(value, lang, 0 if value >= 100 or value == int(value) else 1)} {unit}"
    raise AssertionError  # the loop always returns


def kib(n_bytes: float, lang: str) -> str:
    """A KV cache's bytes per token, in KiB as configs' arithmetic gives them (2 x 16 x 8 x 64 x 2 = 32 KiB)."""
    value = n_bytes / 1024
    return f"{number(value, lang, 0 if value >= 10 or value == int(value) else 1)} KiB"


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def scientific(value: float, lang: str) -> str:
    """1,13 × 10²⁴ (pt-BR) / 1.13 × 10²⁴ (en)."""
    mantissa, exponent = f"{value:.2e}".split("e")
    return f"{number(float(mantissa), lang, 2)} × 10{str(int(exponent)).translate(_SUPERSCRIPT)}"


def tokens(n: int, lang: str) -> str:
    return number(n, lang)


def duration(days: float, lang: str) -> str:
    """How long a run takes, in the unit people use for it: "~9 horas", "~2,3 dias", "~53 dias"."""
    hours = days * 24
    if hours < 1:
        return t(lang, "units.under_an_hour")
    if days < 1:
        n = round(hours)
        return t(lang, "units.hour_one" if n == 1 else "units.hours", n=n)
    value = number(days, lang, 1 if days < 10 else 0)
    one = value.replace(",", ".") in ("1", "1.0")
    return t(lang, "units.day_one" if one else "units.days", n=value)


def gpu_hours(value: float, lang: str) -> str:
    """GPU-hours to a tenth from 1 to 10 ("1,4"), whole from 10, a digit more where that rounding is over 1% off:
    a short fine-tune is not "1 horas"; under one, two significant digits ("0,83", "0,013"): "0,8 GPU-horas a
    R$ 20,00" had cost R$ 16,67, which 0,8 × 20 is not, and a small corpus's "0,01" was a quarter off."""
    if 0 < value < 1 and (shown := float(f"{value:.2g}")) < 1:  # 0,999 is "1,0", not "1,00"
        return number(value, lang, _tiny_digits(value) or 1 - math.floor(math.log10(shown)))
    digits = 2 if value < 0.1 else (1 if value < 10 else 0)
    # Said beside a price per GPU-hour, the hours times the price give the cost said within 1%: "1,3 GPU-horas a
    # R$ 20,00" had cost R$ 25,00 (1,25 hours), and "13 GPU-horas" R$ 250 (12,5)
    while digits < 2 and abs(round(value, digits) - value) > 0.01 * value:
        digits += 1
    return number(value, lang, digits)


def _tiny_digits(value: float) -> int | None:
    """Two significant digits for an amount under a hundredth that is not zero: a one-example test run had
    cost "R$ 0,00 (0,00 GPU-horas)", and "a mais barata: R$ 0,00 … contra R$ 0,00" said nothing."""
    if 0 < value < 0.005:  # from 0.005 two decimals say 0,01
        return min(1 - math.floor(math.log10(value)), 8)
    return None


def day_count(days: float, lang: str) -> str:
    """A deadline as it was said, in days: "1 dia", "30 dias"; in hours or minutes when it was said so ("2 horas",
    "36 horas", "90 minutos"), not whole days."""
    if days != int(days):
        hours = days * 24
        if abs(hours - round(hours)) < 1e-6:
            n = number(round(hours), lang)
            return t(lang, "units.exact_hour_one" if n == "1" else "units.exact_hours", n=n)
        minutes = round(hours * 60)  # "em 90 minutos", "em 30 min": said in minutes
        return t(
            lang, "units.exact_minute_one" if minutes == 1 else "units.exact_minutes", n=number(minutes, lang)
        )
    days = int(days)
    return t(lang, "units.term_day_one" if days == 1 else "units.term_days", n=number(days, lang))


def period(days: int, lang: str) -> str:
    """A term in the unit it was said in: 12 meses (360 days), 1 ano (365), 45 dias."""
    for size, one, many in ((365, "year_one", "years"), (30, "month_one", "months")):
        if days % size == 0:
            n = days // size
            return t(lang, f"units.{one}" if n == 1 else f"units.{many}", n=number(n, lang))
    return t(lang, "units.term_day_one" if days == 1 else "units.term_days", n=number(days, lang))


def count(n: float, lang: str) -> str:
    """Large counts in words people say, before their noun: 500 bi / 1,5 tri (pt-BR), 500 mil milhões de
    (pt-PT: "20,5 milhões de tokens", where "milhões tokens" is no Portuguese), 500B (en)."""
    for size, unit in ((1e12, "trillions"), (1e9, "billions"), (1e6, "millions")):
        if n >= size:
            value = n / size
            digits = 0 if round(value, 1) == int(round(value, 1)) or value >= 100 else 1
            text = number(value, lang, digits)
            return t(lang, f"units.{unit}_one" if text == "1" else f"units.{unit}", n=text)
    return number(n, lang)


def context(n: int, lang: str) -> str:
    """Context sizes the way models declare them: 32k for 32,768, 1M for 1,048,576; other values as plain
    numbers (200,000 and MiniMax's 204,800 alike: "200k" reads as 200,000, sizing/quantities.py)."""
    return quantities.context_shorthand(n) or number(n, lang)


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
    return ", ".join(items[:-1]) + t(lang, "units.and") + items[-1]
