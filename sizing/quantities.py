"""Numbers as people type them: 32k, 128K, 8192, 1.5T, 500B, 32 mil."""

from __future__ import annotations

import unicodedata

from . import regexes

# A context size in "k" or "M" with a power of two before it is the window models declare (128k = 131,072 =
# max_position_embeddings of Llama 3.1; "1M" = 1,048,576, Llama 4 Maverick's); any other figure is a plain
# thousand or million ("500k" = 500,000, "200k" = 200,000: it had been 512,000 and 204,800). A model whose
# window is such a figure in 1,024s (MiniMax M2.7's 204,800) gets it in sizing/plan.py. "mil" is a thousand.
CONTEXT_UNITS = {"": 1, "k": 1000, "m": 1000**2, "mil": 1000}
_BINARY_UNITS = {"k": 1024, "m": 1024**2}
COUNT_UNITS = {
    "": 1,
    "k": 10**3,
    "m": 10**6,
    "mi": 10**6,
    "b": 10**9,
    "bi": 10**9,
    "t": 10**12,
    "tri": 10**12,
    "mil": 10**3,
}
_NUMBER = r"(\d+(?:[.,]\d+)*)"
_AMOUNT = regexes.compile(rf"\s*{_NUMBER}\s*([a-z]*)\s*")
_THOUSANDS = regexes.compile(r"\d{1,3}([.,]\d{3})+")
_SEPARATOR = regexes.compile(r"[.,]")
_RATE = regexes.compile(r"\s*([^/\s]+)\s*(?:/\s*([a-z]+))?\s*")
_SECONDS = regexes.compile(r"\s*(\d+(?:[.,]\d+)?)\s*(ms|s)?\s*")


def _split(text: str) -> tuple[float, str] | None:
    m = _AMOUNT.fullmatch(text.strip().lower())
    if not m:
        return None
    number = m.group(1)
    # "1.024", "1.000.000" and "1,5": a dot or comma followed by exactly three digits is a thousands
    # separator; any other number has at most one decimal separator ("3.1.2" is a version, not a number).
    if _THOUSANDS.fullmatch(number):
        value = float(_SEPARATOR.sub("", number))
    elif len(_SEPARATOR.findall(number)) <= 1:
        value = float(number.replace(",", "."))
    else:
        return None
    return value, m.group(2)


def parse_context(text: str) -> int | None:
    """Tokens of context: '32k' -> 32768, '500k' -> 500000, '8192' -> 8192, '32 mil' -> 32000. None when
    unreadable."""
    parts = _split(text)
    if not parts or parts[1] not in CONTEXT_UNITS:
        return None
    value, unit = parts
    if unit in _BINARY_UNITS and value == int(value) and _power_of_two(int(value)):
        return round(value * _BINARY_UNITS[unit])
    return round(value * CONTEXT_UNITS[unit])


def _power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


def context_shorthand(tokens: int) -> str | None:
    """'32k' for 32,768, '1M' for 1,048,576: the shorthand parse_context reads back as `tokens`, where a power
    of two counts the 1,024s; None for any other count (204,800 is no "200k", which is 200,000)."""
    for unit in ("m", "k"):
        size = _BINARY_UNITS[unit]
        if tokens % size == 0 and _power_of_two(tokens // size):
            return f"{tokens // size}{unit.upper() if unit == 'm' else unit}"
    return None


def parse_count(text: str) -> int | None:
    """Large counts such as training tokens: '500B' -> 5e11, '1T' -> 1e12, '1.5M' -> 1.5e6."""
    amount = parse_amount(text)
    return None if amount is None else round(amount)


def parse_amount(text: str) -> float | None:
    """A count that may be fractional, such as a rate's: '1,5' -> 1.5, '0.5' -> 0.5, '2.000' -> 2000,
    '1,5 mil' -> 1500."""
    parts = _split(text)
    if not parts or parts[1] not in COUNT_UNITS:
        return None
    value, unit = parts
    return value * COUNT_UNITS[unit]


RATE_UNITS = {"s": 1, "sec": 1, "second": 1, "min": 60, "m": 60, "minute": 60, "h": 3600, "hour": 3600,
              "hr": 3600, "d": 86400, "day": 86400, "dia": 86400, "hora": 3600, "minuto": 60, "seg": 1,
              "month": -1, "mo": -1, "mes": -1, "week": -2, "wk": -2, "semana": -2}  # fmt: skip


def parse_rate(text: str) -> tuple[str, float] | None:
    """A request rate: '5' or '5/s' -> ('rate_per_s', 5), '30/min' -> ('rate_per_s', 0.5), '1800/h',
    '10k/day' -> ('requests_per_day', 10000), '50k/week' -> ('requests_per_week', 50000), '2M/month' ->
    ('requests_per_month', 2e6). None when unreadable."""
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", text.strip().lower()) if not unicodedata.combining(c)
    )
    m = _RATE.fullmatch(plain)  # "1000/mês" as "1000/mes"
    parts = _split(m.group(1)) if m else None
    if not parts or parts[1] not in COUNT_UNITS:
        return None
    count = parts[0] * COUNT_UNITS[parts[1]]
    unit = m.group(2) or "s"
    seconds = RATE_UNITS.get(unit) or RATE_UNITS.get(unit.rstrip("s"))
    if seconds is None:
        return None
    if seconds == 86400:
        return "requests_per_day", count
    if seconds == -1:  # a month: its days of use are traffic.toml's
        return "requests_per_month", count
    if seconds == -2:  # a week: its days of use are traffic.toml's
        return "requests_per_week", count
    return "rate_per_s", count / seconds


def parse_share(text: str) -> float | None:
    """A share of people: '20%' or '0.2' -> 0.2."""
    text = text.strip()
    try:
        return (
            float(text.rstrip("%").replace(",", ".")) / 100
            if text.endswith("%")
            else float(text.replace(",", "."))
        )
    except ValueError:
        return None


def parse_seconds(text: str) -> float | None:
    """A duration: '2', '2s', '1.5 s', '800ms' -> seconds."""
    m = _SECONDS.fullmatch(text.strip().lower())
    if not m:
        return None
    value = float(m.group(1).replace(",", "."))
    return value / 1000 if m.group(2) == "ms" else value
