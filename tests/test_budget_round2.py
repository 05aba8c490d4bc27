"""Budgets that choose, round 2: a training's or a batch's budget said per month, per GPU-hour or per hour chooses the
setup at that unit (sizing/run_budget.py); "o mais rápido possível" / "the fastest" asks for the least wall-clock; a
batch with a deadline takes the cheapest setup that meets it; a question with no model says what a budget buys; and
budgets in other forms and currencies are read, converted only at a rate the offering configures."""

from __future__ import annotations

from datetime import date

import pytest

from sizing.query import QueryError, parse

TODAY = date(2026, 12, 7)
FULL_8B = "fine-tune completo do llama 3.1 8b em 2B tokens"
BATCH = "processar 1 milhão de documentos de 2k tokens com llama 3.1 8b"


# -- reading ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, amount, currency, period",
    [
        ("llama 3.1 8b, $3k", 3_000, "USD", None),
        ("llama 3.1 8b, 3 mil dólares", 3_000, "USD", None),
        ("llama 3.1 8b, €2.500", 2_500, "EUR", None),
        ("llama 3.1 8b, R$ 1,2 mi", 1_200_000, "BRL", None),
        # "milhão" had been read as "mil": R$ 1.200
        ("llama 3.1 8b, R$ 1,2 milhão", 1_200_000, "BRL", None),
        ("llama 3.1 8b, 1,5 milhão de reais", 1_500_000, "BRL", None),
        ("llama 3.1 8b, $1.5 million", 1_500_000, "USD", None),
        # thousands a month with no noun between: money, as ads write it (it had been "Não entendi: mo")
        ("llama 3.1 8b, 2k/mo", 2_000, None, "month"),
        ("llama 3.1 8b, 10 mil reais/mês", 10_000, "BRL", "month"),
        # a ceiling said after an hour's price (it had been "Não entendi: R$ 50/hora")
        ("fine-tune llama 3.1 8b em 1B tokens, R$ 50/hora no máximo para treinar", 50, "BRL", "hour"),
        ("fine-tune llama 3.1 8b on 1B tokens, up to US$ 2 per GPU-hour", 2, "USD", "gpu_hour"),
        ("fine-tune llama 3.1 8b on 1B tokens, the fastest within R$ 3k", 3_000, "BRL", None),
    ],
)
def test_a_budget_is_read_in_its_forms(text, amount, currency, period):
    query = parse(text)
    assert not query.unknown, query.unknown
    given = query.workload.given_fields()
    assert (given["budget"], given.get("budget_currency")) == (amount, currency)
    said = (
        "gpu_hour"
        if given.get("budget_per_gpu")
        else "hour"
        if given.get("budget_hourly")
        else "month"
        if given.get("budget_monthly")
        else None
    )
    assert said == period


def test_a_bare_request_volume_a_month_is_no_budget():
    query = parse("llama 3.1 8b, 50 mil requisições/mês")
    assert query.workload.budget is None and query.workload.requests_per_month == 50_000


@pytest.mark.parametrize(
    "text, fastest",
    [
        (FULL_8B + ", o mais rápido possível", True),
        (FULL_8B + " no menor tempo", True),
        ("full fine-tune of llama 3.1 8b on 2B tokens as fast as possible", True),
        ("full fine-tune of llama 3.1 8b on 2B tokens, the fastest", True),
        # the fastest GPU is a comparison of GPUs, not a job's setup chosen for its time
        ("which is the fastest gpu for llama 3.1 8b?", False),
        ("qual o mais rápido, h100 ou h200, para llama 3.1 8b?", False),
    ],
)
def test_the_least_time_is_read(text, fastest):
    try:
        given = parse(text).workload.given_fields()
    except QueryError as error:
        given = error.given or {}
    assert bool(given.get("fastest")) is fastest


@pytest.mark.parametrize(
    "said, days",
    [
        ("by end of Q1", 114),  # 31/03/2027
        ("até o fim do Q2 de 2027", 205),  # 30/06/2027
        ("até o 1º trimestre", 114),
        ("by the end of the first quarter", 114),
    ],
)
def test_a_quarter_named_is_a_deadline(said, days):
    query = parse(f"{BATCH} {said}, orçamento de R$ 5 mil", today=TODAY)
    assert not query.unknown, query.unknown
    assert query.workload.batch_seconds == days * 86400
