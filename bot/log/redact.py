"""Moved to sizing.redact (the query reader removes personal data too); kept for code that imports it from the
request log (bench/bench_redact.py)."""

from sizing.redact import (
    STORED_TEXT_LIMIT,
    cnpj_is_valid,
    cpf_is_valid,
    for_log,
    luhn_is_valid,
    redact,
    scrub,
)

__all__ = [
    "STORED_TEXT_LIMIT",
    "cnpj_is_valid",
    "cpf_is_valid",
    "for_log",
    "luhn_is_valid",
    "redact",
    "scrub",
]
