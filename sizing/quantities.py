"""Numbers as people type them: 32k, 128K, 8192, 1.5T, 500B, 32 mil."""

from __future__ import annotations

import re

# A context size in "k" is a power of two, as models declare them (128k = 131,072 = max_position_embeddings
# of Llama 3.1); "mil" is a plain thousand.
CONTEXT_UNITS = {"": 1, "k": 1024, "m": 1024**2, "mil": 1000}
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
_NUMBER = r"(\d+(?:[.,]\d+)?)"


def _split(text: str) -> tuple[float, str] | None:
    m = re.fullmatch(rf"\s*{_NUMBER}\s*([a-z]*)\s*", text.strip().lower())
    if not m:
        return None
    number = m.group(1)
    # "1.024" and "1,5": a dot or comma followed by exactly three digits is a thousands separator.
    if re.fullmatch(r"\d{1,3}([.,]\d{3})+", number):
        value = float(re.sub(r"[.,]", "", number))
    else:
        value = float(number.replace(",", "."))
    return value, m.group(2)


def parse_context(text: str) -> int | None:
    """Tokens of context: '32k' -> 32768, '8192' -> 8192, '32 mil' -> 32000. None when unreadable."""
    parts = _split(text)
    if not parts or parts[1] not in CONTEXT_UNITS:
        return None
    value, unit = parts
    return round(value * CONTEXT_UNITS[unit])


def parse_count(text: str) -> int | None:
    """Large counts such as training tokens: '500B' -> 5e11, '1T' -> 1e12, '1.5M' -> 1.5e6."""
    parts = _split(text)
    if not parts or parts[1] not in COUNT_UNITS:
        return None
    value, unit = parts
    return round(value * COUNT_UNITS[unit])
