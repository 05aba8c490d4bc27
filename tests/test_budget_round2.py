"""Budgets that choose, round 2: a training's or a batch's budget said per month, per GPU-hour or per hour chooses the
setup at that unit (sizing/run_budget.py); "o mais rápido possível" / "the fastest" asks for the least wall-clock; a
batch with a deadline takes the cheapest setup that meets it; a question with no model says what a budget buys; and
budgets in other forms and currencies are read, converted only at a rate the offering configures."""

from __future__ import annotations

import re
from datetime import date

import pytest

from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline
from sizing import i18n
from sizing.catalog import load_catalog
from sizing.query import QueryError, parse
from tests.data_folders import priced_copy, priced_slash

from .test_budget_training import PRICES, ask, money, recommendation

# The made-up prices of tests/test_budget_training.py: the H100 and H200 dear by the GPU-hour, the A100 cheap for
# its FLOPs, the L40S cheaper on demand than by the project package.
BY_HOUR = {  # the modes a training is billed in by the hour, as numbers
    "L40S": (7.2, 7.5),
    "L40": (8.0, 6.5),
    "A100": (14.0, 12.0),
    "H100": (45.0, 40.0),
    "H200": (30.0, 26.0),
}
PER_HOUR_ON_DEMAND = {"L40S": 7.2, "L40": 8.0, "A100": 14.0, "H100": 45.0, "H200": 30.0}  # a batch's mode
MONTH = 730  # hours a month is billed for (offering.toml)
TODAY = date(2026, 12, 7)
FULL_8B = "fine-tune completo do llama 3.1 8b em 2B tokens"
BATCH = "processar 1 milhão de documentos de 2k tokens com llama 3.1 8b"


def _pipeline(tmp_path, monkeypatch, prices, rates: str | None = None):
    data = priced_copy(tmp_path / "prices", prices) if prices else None
    if data is not None and rates:
        offering = data / "offering.toml"
        offering.write_text(
            offering.read_text().replace('currency = "BRL"\n', f'currency = "BRL"\n{rates}\n', 1)
        )
    if data is not None:
        monkeypatch.setenv("GPU_SIZER_DATA", str(data))
    load_catalog.cache_clear()
    pipe = Pipeline(RequestLog(tmp_path / "log.db"), today=lambda: TODAY)
    yield pipe
    pipe.log.close()
    load_catalog.cache_clear()


@pytest.fixture
def pipeline(tmp_path, monkeypatch):
    yield from _pipeline(tmp_path, monkeypatch, PRICES)


@pytest.fixture
def unpriced(tmp_path, monkeypatch):
    monkeypatch.delenv("GPU_SIZER_DATA", raising=False)
    yield from _pipeline(tmp_path, monkeypatch, None)


def gpu_of(setup: str) -> str:
    return next(name for name in sorted(BY_HOUR, key=len, reverse=True) if f" {name} " in f" {setup} ")


def count_of(setup: str) -> int:
    """All the GPUs of a setup as the answers write it ("8× L40S", "3 servidores × 8× A100": 24)."""
    servers = re.match(r"(\d+) (?:servidores|servers) × (\d+)×", setup)
    return int(servers.group(1)) * int(servers.group(2)) if servers else int(setup.split("×")[0])


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
        # the fastest GPU for a workload is its fastest setup (round 21: the GPU kind that serves it soonest);
        # between GPUs named, a comparison of them, not a setup chosen for its time
        ("which is the fastest gpu for llama 3.1 8b?", True),
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
        ("até o final do 1º trimestre", 114),
        ("by the end of the first quarter", 114),
    ],
)
def test_a_quarter_named_is_a_deadline(said, days):
    query = parse(f"{BATCH} {said}, orçamento de R$ 5 mil", today=TODAY)
    assert not query.unknown, query.unknown
    assert query.workload.batch_seconds == days * 86400


# -- a training's budget per month, per GPU-hour, per hour ---------------------------------------------------------


def test_a_months_budget_lets_a_long_run_take_months_within_each_months_spend(pipeline):
    # 50B tokens on a 70B: ~26 days on 24 H200, R$ 386 mil in that month; R$ 250 mil a month holds 24 A100
    # (R$ 12/h each, R$ 210.240 a month), which takes ~82 days
    question = "fine-tune completo do llama 3.1 70b em 50B tokens, R$ 250 mil por mês"
    reply, text, slack = ask(pipeline, question)
    pick = reply.result.run_budget_pick
    assert pick.unit == "month" and pick.chosen
    setup = recommendation(text)
    per_month = count_of(setup) * min(BY_HOUR[gpu_of(setup)]) * MONTH
    assert pick.measure == pytest.approx(per_month) and per_month <= 250_000
    assert pick.hours > 30 * 24  # past the default deadline of 30 days: a month's budget bounds months
    assert "O que decidiu: o orçamento mensal do treino. " in slack
    assert f"gasta R$ {i18n.money(per_month, 'pt-BR')} (pacote por projeto) em cada mês que roda" in text
    assert f"R$ {i18n.money(pick.total, 'pt-BR')} ao todo" in text
    assert "Prazo não informado, com um orçamento mensal: o treino pode levar vários meses" in text
    assert "termina em 30 dias" not in text and "terminar em até 30 dias" not in text
    # the same run without the budget: the deadline of 30 days chooses
    _, alone, _ = ask(pipeline, question.replace(", R$ 250 mil por mês", ""))
    assert recommendation(alone) != setup


def test_a_months_budget_with_no_data_volume_weighs_each_setups_month(pipeline):
    reply, text, _ = ask(pipeline, "fine-tune llama 3.1 70b, we can spend R$ 20 mil por mês")
    pick = reply.result.run_budget_pick
    assert pick.unit == "month" and not pick.chosen and pick.hours is None
    setup = recommendation(text)
    assert pick.measure == pytest.approx(count_of(setup) * min(BY_HOUR[gpu_of(setup)]) * MONTH)
    assert "sem o volume de dados, o tempo não é estimado" in text
    # what brings it under: an adapter, priced by the month on the GPUs it needs
    ways = next(line for line in text.splitlines() if "Para caber em R$ 20.000 por mês: " in line)
    m = re.search(r"QLoRA \(base em 4 bits\), R\$ ([\d.,]+) por mês em (\d+)× (\S+)", ways)
    assert m, ways
    assert money(m.group(1)) == pytest.approx(int(m.group(2)) * min(BY_HOUR[m.group(3)]) * MONTH)
    assert money(m.group(1)) <= 20_000 and "até" not in ways  # less work costs the same month


def test_a_gpu_hours_budget_rules_out_the_gpus_priced_over_it(pipeline):
    reply, text, slack = ask(pipeline, FULL_8B + ", até R$ 20 por GPU-hora")
    pick = reply.result.run_budget_pick
    setup = recommendation(text)
    assert pick.unit == "gpu_hour" and pick.chosen
    assert gpu_of(setup) not in ("H100", "H200")  # R$ 26 and more by the GPU-hour
    assert pick.measure == min(BY_HOUR[gpu_of(setup)]) <= 20
    assert "O que decidiu: o orçamento por hora de GPU do treino. " + setup in slack
    # (among the fewest of each GPU, which it now says: more of one cost the same per run and end sooner)
    assert "é a mais rápida, entre as de menos GPUs de cada tipo" in text
    assert "das configurações que terminam o treino dentro dele" in text
    # below every GPU's price: the cheapest by the GPU-hour, said over
    reply, text, _ = ask(pipeline, FULL_8B + ", até R$ 5 por GPU-hora")
    pick = reply.result.run_budget_pick
    assert not pick.chosen and pick.measure == min(min(p) for p in BY_HOUR.values())
    assert "Nenhuma configuração faz o treino dentro de R$ 5,00 por hora de GPU" in text


def test_an_hours_budget_for_the_whole_setup_bounds_its_count_times_its_price(pipeline):
    reply, text, _ = ask(pipeline, FULL_8B + ", R$ 50/hora no máximo para treinar")
    pick = reply.result.run_budget_pick
    setup = recommendation(text)
    assert pick.unit == "setup_hour" and pick.chosen
    assert pick.measure == pytest.approx(count_of(setup) * min(BY_HOUR[gpu_of(setup)]))
    assert pick.measure <= 50
    assert "Li R$ 50,00 por hora como o preço da configuração inteira" in text
    assert "O que decidiu: o orçamento por hora do treino. " in text


# -- the fastest -------------------------------------------------------------------------------------------------


def test_the_fastest_asked_is_the_shortest_wall_clock_of_the_setups_that_hold_the_run(pipeline):
    reply, text, slack = ask(pipeline, FULL_8B + ", o mais rápido possível")
    pick = reply.result.run_budget_pick
    assert pick.unit is None and pick.rule == "fastest" and pick.without
    assert pick.hours < pick.without_hours
    decided = (
        f"O que decidiu: o menor tempo, como pedido. {recommendation(text)} é a mais rápida das configurações"
    )
    assert decided in slack
    _, plain, _ = ask(pipeline, FULL_8B)
    assert recommendation(plain) == pick.without
    # within a budget: the fastest the budget holds, said as asked
    reply, text, _ = ask(pipeline, "full fine-tune of llama 3.1 8b on 2B tokens, the fastest within R$ 3k")
    pick = reply.result.run_budget_pick
    assert pick.chosen and pick.total <= 3000
    assert "What decided: the training budget. " in text and "is the fastest, as asked, of the setups" in text


def test_the_fastest_needs_no_prices(unpriced):
    reply, text, _ = ask(unpriced, "full fine-tune of llama 3.1 8b on 2B tokens as fast as possible")
    pick = reply.result.run_budget_pick
    assert pick.unit is None and pick.measure is None and pick.hours < pick.without_hours
    assert "What decided: the least time, as asked." in text and "BRL" not in text


# -- a batch's budget and its deadline -----------------------------------------------------------------------------


def test_a_generous_deadline_takes_the_cheapest_setup_that_meets_it_and_says_how_long(tmp_path, monkeypatch):
    # the L40 cheap by the hour: slower than the H200, it still meets the deadline, for less
    prices = {**PRICES, "l40": "{ on_demand = 3.0 }"}
    pipe = next(body := _pipeline(tmp_path, monkeypatch, prices))
    reply, text, _ = ask(pipe, BATCH + " até o fim do mês, orçamento R$ 2 mil")
    pick = reply.result.run_budget_pick
    assert pick.rule == "cheapest" and pick.chosen and gpu_of(recommendation(text)) == "L40"
    assert "Li “até o fim do mês” como um prazo de 24 dias" in text
    time = i18n.duration(pick.hours / 24, "pt-BR")
    assert f"é a mais barata das configurações que processam o lote no prazo dentro dele ({time})" in text
    assert 24 > pick.hours / 24 > 2  # days, sized down from the H200's day and a half
    # the fastest, asked: the dearer, quicker one, still within
    reply, text, _ = ask(pipe, BATCH + " até o fim do mês, orçamento R$ 2 mil, o mais rápido possível")
    fast = reply.result.run_budget_pick
    assert fast.hours < pick.hours and pick.total < fast.total <= 2000
    assert "é a mais rápida, como pedido, das configurações que processam o lote" in text
    next(body, None)


def test_a_quarters_deadline_in_english_is_weighed(pipeline):
    reply, text, _ = ask(
        pipeline, "process 1 million documents of 2k tokens with llama 3.1 8b by end of Q1, budget R$ 5k"
    )
    pick = reply.result.run_budget_pick
    assert pick.job == "batch" and pick.chosen and pick.total <= 5000
    assert "within the deadline of 114 days" in text
    assert "What decided: the batch budget. " in text and "is the cheapest of the setups" in text


def test_a_batchs_month_and_hour_budgets_weigh_its_run(pipeline):
    # a batch of days spends in its month what it costs in all; an hour's budget weighs the whole setup's hour
    question = "processar 1 milhão de documentos de 2k tokens com llama 3.1 70b em 2 semanas"
    reply, text, _ = ask(pipeline, question + ", R$ 30 mil por mês")
    pick = reply.result.run_budget_pick
    assert pick.unit == "month" and pick.chosen and pick.hours < MONTH
    assert pick.measure == pytest.approx(pick.total) and pick.total <= 30_000
    assert "O que decidiu: o orçamento mensal do lote. " in text
    reply, text, _ = ask(pipeline, question + ", até R$ 50 por hora")
    pick = reply.result.run_budget_pick
    setup = recommendation(text)
    assert pick.unit == "setup_hour" and not pick.chosen
    assert pick.measure == pytest.approx(count_of(setup) * PER_HOUR_ON_DEMAND[gpu_of(setup)])
    assert pick.measure > 50
    assert text.count("Nenhuma configuração") == 2  # what decided, and the budget's line: once each


def test_a_customer_in_a_shared_channel_sees_the_months_choice_without_prices(pipeline):
    _, _, slack = ask(
        pipeline, "fine-tune completo do llama 3.1 70b em 50B tokens, R$ 250 mil por mês", channel_shared=True
    )
    assert "O que decidiu: o orçamento mensal do treino." in slack
    assert "R$ 2" not in slack.replace("R$ 250.000", "") and "gasta R$" not in slack


# -- no model named --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, locale, says",
    [
        ("what can I get for R$ 10 mil por mês?", None, "With the budget of BRL 10,000 a month, the largest suggested"),
        ("qual o melhor modelo que cabe em R$ 20 mil/mês para 50 usuários?", None,
         "Com o orçamento de R$ 20.000 por mês, o maior dos sugeridos que cabe é o "),
        ("qual o melhor modelo que cabe em US$ 2k/mês para 50 usuários?", None,
         "não converto moedas sem um câmbio configurado para USD"),
        ("qual o melhor modelo que cabe em 20 mil euros por mês para 50 utilizadores?", "pt-PT",
         "não converto moedas sem uma taxa de câmbio configurada para EUR"),
    ],
)  # fmt: skip
def test_a_budget_with_no_model_says_what_it_buys(pipeline, question, locale, says):
    where = {"user_locale": locale} if locale else {}
    _, text, slack = ask(pipeline, question, **where)
    assert says in text and says in slack
    assert "Não entendi" not in text and "Not understood" not in text
    if "maior dos sugeridos" in says:
        # the model said is listed within the budget, and every model listed over it is larger
        model = text.split(says, 1)[1].split(".")[0]
        listed = next(line for line in text.splitlines() if line.startswith(f"• {model} "))
        assert listed.endswith("dentro do orçamento")


def test_with_no_prices_a_budget_with_no_model_is_answered_honestly(unpriced):
    _, text, _ = ask(unpriced, "qual o melhor modelo que cabe em R$ 20 mil/mês para 50 usuários?")
    assert "Sem preços para comparar com o orçamento de R$ 20.000" in text


def test_with_no_prices_a_months_training_budget_chooses_nothing(unpriced):
    reply, text, _ = ask(unpriced, "fine-tune completo do llama 3.1 70b em 50B tokens, R$ 250 mil por mês")
    assert reply.result.run_budget_pick is None
    assert "Sem preços para comparar com o orçamento de R$ 250.000" in text
    assert "O que decidiu: o orçamento" not in text


# -- currencies ------------------------------------------------------------------------------------------------


def test_a_budget_in_another_currency_is_converted_at_the_configured_rate(tmp_path, monkeypatch):
    pipe = next(
        body := _pipeline(tmp_path, monkeypatch, PRICES, "exchange_rates = { USD = 5.40, EUR = 6.00 }")
    )
    reply, text, _ = ask(pipe, FULL_8B + ", orçamento de US$ 500")
    pick = reply.result.run_budget_pick
    assert reply.result.workload.budget.amount == pytest.approx(2700)
    assert "Orçamento de US$ 500,00 convertido pelo câmbio configurado (R$ 5,40 por USD): R$ 2.700." in text
    assert pick.chosen and pick.total <= 2700
    _, text, _ = ask(pipe, "llama 3.1 70b for 50 users, €2.500 a month", user_locale="en-US")
    assert (
        "Budget of EUR 2,500 converted at the configured exchange rate (BRL 6.00 per EUR): BRL 15,000."
        in text
    )
    assert "Budget of BRL 15,000 a month" in text
    # with no model: the suggestions are weighed against the converted month
    _, text, _ = ask(pipe, "qual o melhor modelo que cabe em US$ 2k/mês para 50 usuários?")
    assert "Orçamento de US$ 2.000 convertido pelo câmbio configurado (R$ 5,40 por USD): R$ 10.800." in text
    assert "Com o orçamento de R$ 10.800 por mês" in text
    next(body, None)


def test_a_currency_with_no_rate_configured_is_said_unconverted(tmp_path, monkeypatch):
    pipe = next(body := _pipeline(tmp_path, monkeypatch, PRICES, "exchange_rates = { USD = 5.40 }"))
    reply, text, _ = ask(pipe, FULL_8B + ", orçamento de 3 mil euros")
    assert reply.result.run_budget_pick is None
    # euros are no marker of Portugal's Portuguese (audit7): answered in Brazil's, the base variety
    assert (
        "O orçamento está em EUR e os preços em BRL: não converto moedas sem um câmbio configurado para EUR"
        in text
    )
    next(body, None)


# -- languages and Slack ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, locale, decided",
    [
        ("fine-tune llama 3.1 70b, R$ 20 mil por mês", "pt-PT", "O que decidiu: o orçamento mensal do treino."),
        ("full fine-tune of llama 3.1 8b on 2B tokens, up to BRL 20 per GPU-hour", "en-US",
         "What decided: the training's budget per GPU-hour."),
    ],
)  # fmt: skip
def test_the_unit_weighed_is_said_in_the_users_language(pipeline, question, locale, decided):
    _, text, slack = ask(pipeline, question, user_locale=locale)
    assert decided in text and decided in slack


def test_a_gpu_hours_training_budget_through_slash_gpu(tmp_path, monkeypatch):
    # Through the real app: a signed /gpu request, Bolt's dispatch, the loopback Slack, the request log.
    text, [row] = priced_slash(tmp_path, monkeypatch, PRICES, FULL_8B + ", até R$ 20 por GPU-hora")
    decided = next(
        line for line in text.splitlines() if "O que decidiu: o orçamento por hora de GPU do treino." in line
    )
    assert (
        "H100" not in decided.split("sem o orçamento")[0]
        and "H200" not in decided.split("sem o orçamento")[0]
    )
    assert row["outcome"] == "answered"
