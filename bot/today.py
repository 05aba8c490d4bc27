"""The day a deadline said as a date counts from ("até o fim do mês"): Brazil's, where the sales team and
our GPUs are. Brasília time is UTC−3 all year (daylight saving ended in 2019, Decreto 9.772/2019), so a
fixed offset needs no time-zone database."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

BRASILIA = timezone(timedelta(hours=-3), "BRT")


def today() -> date:
    return datetime.now(BRASILIA).date()
