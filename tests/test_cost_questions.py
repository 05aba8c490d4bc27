"""Money asked the way customers ask it: another provider's API price per million tokens set against ours, what
a batch with a deadline costs in all, and the counts a cost question comes with (answers an hour, epochs said
with "durante")."""

from __future__ import annotations

import pytest

from bot.rendering import render_text
from sizing import i18n
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from sizing.workload import Workload
from tests.data_folders import priced_copy

# Made-up hourly prices, the same for every GPU we rent, so each figure is checkable by hand.
PRICES = "{ on_demand = 20.0, reserved = 14.0, dedicated = 16.0, project_package = 15.0 }"


@pytest.fixture
def priced(tmp_path):
    return load_catalog(priced_copy(tmp_path, {None: PRICES}))


@pytest.mark.parametrize(
    "text, amount, currency",
    [
        (
            "qwen3 32b pra 50 usuários, sai mais barato que a api da openai a US$ 0,60 por milhão?",
            0.60,
            "USD",
        ),
        ("llama 8b 100 users, openai charges $0.60/M output tokens", 0.60, "USD"),
        ("qwen3 32b at 20 rps, we pay $2.50 per 1M output tokens today", 2.50, "USD"),
        ("llama 3.1 8b pra 100 usuários, a API cobra R$ 3 por milhão de tokens gerados", 3.0, "BRL"),
        ("compare o llama 8b com a api a 0,60 dólar por milhão de tokens", 0.60, "USD"),
        ("llama 8b, a api custa 2 reais por milhão de tokens de saída", 2.0, "BRL"),
        ("mistral small 24b vs an api at €1.20 per million tokens", 1.20, "EUR"),
    ],
)
def test_an_api_price_per_million_tokens_is_read_as_one_not_as_a_budget(text, amount, currency):
    # "US$ 0,60 por milhão" had been a budget of US$ 0,60 (its last digit left to the lookahead) with
    # "milhão" not understood, and "0,60 dólar por milhão de tokens" had been dropped unread.
    query = parse(text)
    w = query.workload
    assert (w.api_price, w.api_price_currency) == (pytest.approx(amount), currency)
    assert w.budget is None and w.cost
    assert not any(word in " ".join(query.unknown) for word in ("milh", "million", "/m", "cobra", "pay"))


@pytest.mark.parametrize(
    "text",
    [
        "what's our cost per 1M output tokens on H100 for qwen3 32b at 20 rps?",
        "qwen3 32b cost per 1M output tokens",
        "qwen3 32b 5 req/s, custo por 1M tokens de saída",
        "llama 8b 10 rps, price per 1M generated tokens",
    ],
)
def test_a_price_per_million_output_tokens_is_a_cost_question_not_tokens_to_generate(text):
    # "1M output" had been read as a volume of answers and said as not understood.
    query = parse(text)
    w = query.workload
    assert w.cost and w.generated_tokens is None and w.context is None
    assert query.unknown == []


def _answer(priced, lang="pt-BR", **kw):
    w = Workload(model="8b", users=20, lang=lang, cost=True, **kw)
    r = size(w, priced)
    return r, render_text(r)


@pytest.mark.parametrize("lang", ["pt-BR", "pt-PT", "en"])
def test_an_api_price_in_our_currency_says_how_much_cheaper_or_dearer_ours_is(priced, lang):
    r, _ = _answer(priced, lang)
    ours = r.recommendation.cost.per_million_output_tokens
    for theirs, word in ((ours * 2, {"pt-BR": "mais barato", "pt-PT": "mais barato", "en": "cheaper"}),
                         (ours / 2, {"pt-BR": "mais caro", "pt-PT": "mais caro", "en": "dearer"})):  # fmt: skip
        _, text = _answer(priced, lang, api_price=theirs, api_price_currency="BRL")
        line = next(line for line in text.splitlines() if "API" in line)
        share = abs(1 - ours / theirs)
        assert f"{round(share * 100)}%" in line and word[lang] in line
        assert "prompts" in line  # ours pays for reading them; the API's output price does not


@pytest.mark.parametrize("lang, rate", [("pt-BR", "mais que R$ "), ("en", "more than BRL ")])
def test_an_api_price_in_another_currency_gives_the_exchange_rate_where_ours_is_cheaper(priced, lang, rate):
    r, text = _answer(priced, lang, api_price=0.5, api_price_currency="USD")
    ours = r.recommendation.cost.per_million_output_tokens
    line = next(line for line in text.splitlines() if "USD" in line and "API" in line)
    expected = f"{ours / 0.5:.2f}"
    assert rate + (expected.replace(".", ",") if lang == "pt-BR" else expected) in line
    assert r.workload.api_price.amount == 0.5 and r.workload.api_price.currency == "USD"


def test_the_api_price_is_said_among_what_was_understood(tmp_path, monkeypatch, capsys):
    from bot.cli import main

    monkeypatch.setenv("GPU_SIZER_DATA", str(priced_copy(tmp_path, {None: PRICES})))
    load_catalog.cache_clear()
    try:
        main(["llama 8b pra 20 usuários, a api cobra R$ 3 por milhão de tokens"])
    finally:
        load_catalog.cache_clear()
    out = capsys.readouterr().out
    assert "Entendi: Llama 3.1 8B · 20 usuários simultâneos · API a R$ 3,00 por milhão de tokens" in out
    assert "Contra a API a R$ 3,00 por milhão de tokens gerados" in out
    assert "Não entendi" not in out


@pytest.mark.parametrize(
    "text, hours, period",
    [
        ("llama 3.1 8b processar 1 milhão de documentos em 2 dias, quanto custa?", 48, "em 2 dias"),
        ("classify 500k reviews with llama 3.1 8b within 10 hours, how much?", 10, "em 10 horas"),
    ],
)
def test_a_batch_with_a_deadline_says_what_the_whole_batch_costs(priced, text, hours, period):
    # Only the month's price had been given: a batch rents its hours on demand, as many as it runs at the rate
    # the setup sustains (it is sized with headroom, so it ends before its deadline, and stops).
    w = parse(text).workload
    r = size(w, priced)
    c, rec = r.recommendation.cost, r.recommendation
    assert c.mode == "on_demand"
    run_hours = w.batch_items / rec.performance.max_requests_per_s / 3600
    assert run_hours < hours
    assert c.batch_total == pytest.approx(20.0 * rec.count * run_hours)
    # its price per million tokens is the batch's own: the total over the tokens it generates
    tokens = w.batch_items * r.workload.load.output_tokens
    assert c.per_million_output_tokens == pytest.approx(c.batch_total / tokens * 1e6)
    assert f"dentro do prazo de {period.split(' ', 1)[1]}" in render_text(r)


def test_a_batchs_budget_is_set_against_the_hours_it_rents_on_demand(priced):
    # Reserved and dedicated capacity is sold by the month: a 2-day batch had "fit" a budget at their
    # hourly price, against the batch's own on-demand total said just above it. (R$ 300: below every setup's
    # batch; R$ 500, which one setup is within, now chooses that setup: tests/test_budget_training.py.)
    w = parse("llama 3.1 8b processar 1 milhão de pedidos em 2 dias com orçamento de R$ 300").workload
    r = size(w, priced)
    assert r.recommendation.count == 1
    c = r.recommendation.cost
    assert set(c.by_contract_mode) > {"on_demand"}  # reserved and dedicated are priced, and left out
    total = i18n.money(c.batch_total, "pt-BR")
    text = render_text(r)
    assert f"O lote inteiro (sob demanda): R$ {total}," in text
    assert f"a configuração custa pelo menos R$ {total} (sob demanda)" in text


@pytest.mark.parametrize(
    "text, per_hour",
    [
        ("¿Me pueden decir cuántas GPUs necesitamos para qwen3 32b con 1.000 respuestas por hora?", 1000),
        ("qwen3 32b com 1.000 respostas por hora", 1000),
        ("qwen3 32b 2k answers a day", 2000 / 24),
        ("qwen3 32b with 30 responses per minute", 1800),
        ("llama 8b, 500 replies an hour", 500),
    ],
)
def test_answers_counted_per_period_are_a_rate(text, per_hour):
    # "1.000 respostas por hora" had been left as not understood, and sized for one user.
    query = parse(text)
    w = query.workload
    rate = w.rate_per_s if w.rate_per_s is not None else w.requests_per_day / 86400
    assert rate * 3600 == pytest.approx(per_hour, rel=0.01)
    assert query.unknown == []


def test_an_answers_length_is_still_no_rate():
    w = parse("qwen3 32b, 50 mil respostas por dia, respostas de 300 tokens").workload
    assert w.output_tokens == 300 and w.requests_per_day == 50_000


@pytest.mark.parametrize(
    "text, epochs",
    [
        ("lora do llama 8b com 50 mil exemplos durante 3 épocas", 3),
        ("lora llama 8b 50k examples for 3 epochs", 3),
        ("fine-tune qwen 7b, 10k exemplos, por 2 épocas", 2),
        ("qlora llama 8b 20k examples over 4 epochs", 4),
    ],
)
def test_epochs_said_with_their_span_word_are_read_whole(text, epochs):
    # "durante" had been listed as not understood.
    query = parse(text)
    assert query.workload.epochs == epochs
    assert query.unknown == []
