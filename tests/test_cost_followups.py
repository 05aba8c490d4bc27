"""Prices asked the way a thread asks them: a GPU named with no count under a load ("on H100", "e na L40S?") is
as many of it as the load takes, priced as such; "numa H100" stays one."""

from __future__ import annotations

import pytest

from bot.rendering import render_text
from sizing import i18n
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse
from tests.data_folders import priced_copy

# Made-up hourly prices, a different one per GPU, so the price shown says which GPU it was computed for.
PRICES = {
    "l40s": "{ on_demand = 9.0, reserved = 6.3, dedicated = 5.4 }",
    "h100-sxm": "{ on_demand = 25.0, reserved = 17.0, dedicated = 14.0 }",
    "h200-sxm": "{ on_demand = 32.0, reserved = 22.0, dedicated = 18.5 }",
    "a100-80gb-sxm": "{ on_demand = 15.0, reserved = 10.5, dedicated = 9.0 }",
    "l40": "{ on_demand = 8.0, reserved = 5.6, dedicated = 4.8 }",
}
HOURLY = {"l40s": 9.0, "h100-sxm": 25.0, "h200-sxm": 32.0, "a100-80gb-sxm": 15.0, "l40": 8.0}


@pytest.fixture(scope="module")
def priced(tmp_path_factory):
    return load_catalog(priced_copy(tmp_path_factory.mktemp("priced"), PRICES))


def _answer(text, catalog, base=None):
    query = parse(text, catalog, base=base)
    result = size(query.workload, catalog)
    return result, render_text(result)


@pytest.mark.parametrize(
    "text",
    [
        "what's our cost per 1M output tokens on H100 for qwen3 32b at 20 rps?",
        "qwen3 32b a 20 req/s na H100, quanto custa?",
        "llama 3.3 70b com 300 usuários em H200, preço?",
        "qwen3 32b for 200 users on L40S, how much?",
    ],
)
def test_a_gpu_named_without_a_count_under_a_load_is_as_many_as_it_takes_with_its_price(priced, text):
    # "on H100" had been judged as 1× H100 ("does not fit") and the price shown was the recommendation's
    # (8× H200) alone.
    result, answer = _answer(text, priced)
    named = result.verdict.setup
    assert named.gpu == result.workload.gpu and named.fits and named.count > 1
    hourly = HOURLY[named.gpu] * named.count
    assert named.cost is not None and named.cost.by_contract_mode["on_demand"].per_hour == pytest.approx(
        hourly
    )
    # said under the verdict, before the memory breakdown and the recommendation
    verdict = next(block for block in answer.split("\n\n") if block.startswith(f"{named.count}×"))
    assert i18n.money(hourly, i18n.lang_of(result.workload.lang)) in verdict


@pytest.mark.parametrize(
    "text",
    [
        "qwen3 32b a 20 req/s numa H100, quanto custa?",
        "qwen3 32b a 20 req/s em uma H100, quanto custa?",
        "qwen3 32b at 20 rps on a single H100, cost?",
        "qwen3 32b at 20 rps on an H100, cost?",
        "qwen3 32b at 20 rps on 1x H100, cost?",
        # Whether the card holds it is the question: judged on one, with how many would do.
        "qwen3 32b a 20 req/s cabe em h100?",
        "does qwen3 32b at 20 rps fit on H100?",
        "qwen3 32b a 20 req/s roda em h100?",
    ],
)
def test_one_gpu_said_is_still_judged_as_one(priced, text):
    result, _ = _answer(text, priced)
    assert result.verdict.setup.count == 1 and not result.verdict.setup.fits


@pytest.mark.parametrize(
    "follow_up, gpu",
    [("e na H200?", "h200-sxm"), ("e na L40S?", "l40s"), ("and on H100?", "h100-sxm")],
)
def test_a_gpu_named_alone_in_a_thread_is_sized_and_priced_on_its_own(priced, follow_up, gpu):
    # "e na H200?" had said "1× H200: não cabe"; "e na L40S?" kept the previous card's price.
    first = parse("qwen3 32b com 200 usuários, quanto custa?", priced).workload
    second = parse("e na H100?", priced, base=first).workload
    result, _ = _answer(follow_up, priced, base=second)
    named = result.verdict.setup
    assert named.gpu == gpu and named.fits and named.count > 1
    assert named.cost.by_contract_mode["on_demand"].per_hour == pytest.approx(HOURLY[gpu] * named.count)


def test_one_gpu_said_in_a_thread_after_as_many_as_it_takes_is_one_again(priced):
    first = parse("qwen3 32b com 200 usuários na H100, quanto custa?", priced).workload
    assert first.gpus_asked
    assert not parse("e numa H200?", priced, base=first).workload.gpus_asked
    result, _ = _answer("e numa H200?", priced, base=first)
    assert result.verdict.setup.count == 1


@pytest.mark.parametrize("text", ["cabe o qwen 72b em 2 l40s?", "cabe o llama 70b numa h100?"])
def test_a_gpu_question_with_no_load_keeps_its_count(priced, text):
    assert not parse(text, priced).workload.gpus_asked


@pytest.mark.parametrize(
    "text, output, prompt",
    [
        ("llama 8b com 10 mil respostas curtas por dia", 200, None),
        ("llama 8b com 10000 respostas breves por dia", 200, None),
        ("llama 8b com 3 mil respostas longas por mês", 2000, None),
        ("llama 8b with 10k short answers a day", 200, None),
        ("llama 8b, 5k long answers per day", 2000, None),
        ("llama 8b com 10 mil perguntas curtas por dia", None, 200),
    ],
)
def test_a_volume_said_with_the_length_of_its_answers_is_a_volume_not_a_context(text, output, prompt):
    # "10 mil respostas curtas por dia" had been a 10,000-token context and no volume.
    w = parse(text).workload
    volume = w.requests_per_day or w.requests_per_month
    assert volume and w.context is None
    assert (w.output_tokens, w.prompt_tokens) == (output, prompt)


@pytest.mark.parametrize(
    "text",
    [
        "llama 8b 100 users, openai charges $0.60/M output tokens",
        "llama 8b 100 users, anthropic charges 3 usd per million output tokens",
        "qwen3 32b 50 users, we pay $2.50/M",
        "qwen3 32b 50 users, paying $2.50 per million tokens",
    ],
)
def test_what_another_provider_charges_said_in_english_is_answered_in_english(text):
    # No word of "llama 8b 100 users, openai charges $0.60/M output tokens" had marked it English.
    assert parse(text).detected_lang == "en"


@pytest.mark.parametrize(
    "text",
    ["llama 8b 100 usuários, a openai cobra US$ 0,60 por milhão de tokens de output",
     "qwen3 32b pra 50 usuários, pagamos US$ 2,50 por milhão"],
)  # fmt: skip
def test_a_portuguese_question_with_an_english_word_stays_portuguese(text):
    assert parse(text).detected_lang == "pt-BR"


@pytest.mark.parametrize(
    "text, modes, term",
    [
        (
            "vale a pena dedicado ou reservado pro llama 3.3 70b com 300 usuários?",
            {"reserved", "dedicated"},
            False,
        ),
        ("llama 3.3 70b 300 users, reserved vs dedicated for 12 months?", {"reserved", "dedicated"}, True),
        ("qwen3 32b com 50 usuários: sob demanda ou reservada?", {"on_demand", "reserved"}, False),
        ("llama 8b 100 users, dedicated or on demand, which one?", {"on_demand", "dedicated"}, False),
    ],
)
def test_contract_modes_asked_side_by_side_get_each_ones_price_and_what_sets_it_apart(
    priced, text, modes, term
):
    # Both words had been dropped and the contract advice was the generic one.
    result, answer = _answer(text, priced)
    assert set(result.workload.contracts_compared) == modes
    lang = i18n.lang_of(result.workload.lang)
    cost = result.recommendation.cost
    for mode in modes:
        month = i18n.money(cost.by_contract_mode[mode].per_month, lang)
        line = next(line for line in answer.splitlines() if i18n.t(lang, f"cost.mode_what.{mode}") in line)
        assert month in line
        said = bool(result.workload.term_days) and i18n.period(result.workload.term_days, lang) in line
        assert said == (term and mode != "on_demand")
    fits = [key for key in ("reserved", "dedicated", "on_demand") if i18n.t(lang, f"cost.compare_fit_{key}",
            gpus=result.recommendation.count, per=8) in answer]  # fmt: skip
    assert len(fits) == 1 and fits[0] in modes


def test_one_contract_mode_asked_is_no_comparison(priced):
    result, answer = _answer("llama 3.3 70b com 300 usuários, reservado", priced)
    assert not result.workload.contracts_compared
    assert i18n.t("pt-BR", "cost.mode_what.reserved") not in answer


@pytest.mark.parametrize(
    "text, users",
    [
        ("quanto custa por usuário por mês o llama 3.3 70b com 500 usuários?", 500),
        ("llama 8b 50 users, cost per seat?", 50),
        ("qwen3 32b pra 200 usuários, qual o custo por usuário?", 200),
        ("llama 8b for 80 users, what's the price per user per month?", 80),
    ],
)
def test_cost_per_user_divides_each_modes_month_by_the_users(priced, text, users):
    result, answer = _answer(text, priced)
    lang = i18n.lang_of(result.workload.lang)
    cost = result.recommendation.cost
    line = next(line for line in answer.splitlines() if i18n.number(users, lang) in line and "(" in line
                and line.strip().startswith(i18n.t(lang, "cost.per_user", users="", modes="")[:5]))  # fmt: skip
    for m in cost.by_contract_mode.values():
        assert i18n.money(m.per_month / users, lang) in line


@pytest.mark.parametrize(
    "text",
    [
        "llama 8b, 500 usuários, cada um manda 5 perguntas por usuário por hora, quanto custa?",
        "llama 8b 100 users, 3 requests per user per hour, cost?",
        "llama 8b 100 usuários, quanto custa?",
    ],
)
def test_a_load_per_user_is_no_cost_per_user(text):
    assert not parse(text).workload.cost_per_user
