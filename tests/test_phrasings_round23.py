"""Questions as people type them in Slack, twenty-third round (2026-12-07): how customers really ask. Growth to a
count by a date asked in a thread, growth by a share each month, "reading speed", and the phrasings of growth,
peaks and thread follow-ups found read wrongly this round. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN
from tests.gpu_size_run import reads as _reads

from .slack_harness import slash_reply_text
from .test_thread_followups import reply_in_thread


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


# -- a growth to a count by a date, in a thread ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "follow_up", "read", "said"),
    [
        # each had been "Não entendi: “200”" with "180 dias" a term of rental (in English, prompts of 200 tokens and
        # "for 6 months"), the thread's 20 users sized
        ("llama 3.1 8b para 20 usuários", "e se crescer pra 200 em 6 meses?", "Entendi: Llama 3.1 8B · 200 usuários simultâneos",
         "Li “crescer pra 200 em 6 meses” como fases: dimensiono a produção, com 200 usuários; o piloto, com 20 usuários, vai nas notas."),
        ("llama 3.1 8b for 20 users", "and if we grow to 200 in 6 months?", "Understood: Llama 3.1 8B · 200 concurrent users",
         "Read “grow to 200 in 6 months” as phases: sized for production, 200 users; the pilot, 20 users, is in the notes."),
        # a deadline of 24 days to the year's end, and a 500-token context, had been read
        ("llama 8b pra 20 usuários", "e se chegar a 500 até o fim do ano?", "Entendi: Llama 3.1 8B · 500 usuários simultâneos",
         "Li “chegar a 500 até o fim do ano” como fases"),
        # "reach" had been "Not understood", the 300 a context and "by next year" a deadline
        ("llama 8b for 20 users", "what if we reach 300 by next year?", "Understood: Llama 3.1 8B · 300 concurrent users",
         "Read “reach 300 by next year” as phases"),
        ("qwen 32b pra 50 usuários", "e se formos pra 300 no ano que vem?", "Entendi: Qwen2.5 32B · 300 usuários simultâneos",
         "o piloto, com 50 usuários, vai nas notas"),
        ("llama 8b pra 20 usuários", "e pra 100 daqui a 3 meses?", "Entendi: Llama 3.1 8B · 100 usuários simultâneos",
         "Li “pra 100 daqui a 3 meses” como fases"),
        # the people named between the count and its date: "escalar" had been "Não entendi" with a 365-day term,
        # and the English sized 500 without saying it read phases
        ("llama 3.1 8b para 20 usuários", "e se escalar pra 500 usuários em 1 ano?",
         "Entendi: Llama 3.1 8B · 500 usuários simultâneos", "Li “escalar pra 500 usuários em 1 ano” como fases"),
        ("llama 3.1 8b for 20 users", "and if we scale to 500 users in a year?",
         "Understood: Llama 3.1 8B · 500 concurrent users", "Read “scale to 500 users in a year” as phases"),
    ],
)  # fmt: skip
def test_a_growth_to_a_count_by_a_date_in_a_thread_is_the_count_then(pipeline, first, follow_up, read, said):
    out = reply_in_thread(pipeline, first, follow_up)
    lines = out.splitlines()
    assert lines[0] == read, out
    assert said in out, out
    assert not any(line.startswith(UNKNOWN) for line in lines), out
    assert not any(w in lines[0] for w in ("dias", "days", "tokens", "meses", "months")), out


def test_a_count_with_no_date_in_a_thread_is_said_as_before(pipeline):
    out = reply_in_thread(pipeline, "llama 8b pra 20 usuários", "e pra 100?")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 100 usuários simultâneos", out
    assert "como fases" not in out, out  # no date, no phases: only the count changed


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # the year's end had been a deadline of days ("· 24 dias"), "fim", "ano" not understood or the 500 a context
        (
            "llama 8b, vamos crescer pra 500 usuários até o fim do ano",
            "Entendi: Llama 3.1 8B · 500 usuários simultâneos",
        ),
        (
            "llama 8b, vamos crescer pra 500 até o fim do ano",
            "Entendi: Llama 3.1 8B · 500 usuários simultâneos",
        ),
        (
            "llama 8b, we will grow to 300 users by next year",
            "Understood: Llama 3.1 8B · 300 concurrent users",
        ),
    ],
)
def test_a_growth_to_a_count_by_a_date_is_no_deadline(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("prazo" in line or "deadline" in line for line in lines), lines


# -- reading speed ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi: “leitura”" (or "speed"), no speed asked of each user: the chat's default speed,
        # which MLPerf sets faster than people read (traffic.toml [latency] tokens_per_s)
        ("llama 70b para 20 usuários com tokens/s na velocidade de leitura",
         "Entendi: Llama 3.1 70B · 20 usuários simultâneos · ≥ 10 tokens/s por usuário"),
        ("llama 70b for 20 users at reading speed", "Understood: Llama 3.1 70B · 20 concurrent users · ≥ 10 tokens/s per user"),
        ("qwen 32b 10 usuários, velocidade de leitura humana",
         "Entendi: Qwen2.5 32B · 10 usuários simultâneos · ≥ 10 tokens/s por usuário"),
    ],
)  # fmt: skip
def test_reading_speed_is_the_speed_people_read_at(capsys, question, read):
    _reads(capsys, question, read)


def test_reading_speed_follows_the_data_file(capsys, monkeypatch):
    from sizing import traffic_query

    monkeypatch.setattr(traffic_query, "reading_speed", lambda: 12.0)  # as if traffic.toml said 12
    _reads(capsys, "llama 8b at reading speed", "Understood: Llama 3.1 8B · ≥ 12 tokens/s per user")


def test_reading_speed_in_a_thread(pipeline):
    out = reply_in_thread(pipeline, "llama 70b pra 20 usuários", "e na velocidade de leitura?")
    assert (
        out.splitlines()[0] == "Entendi: Llama 3.1 70B · 20 usuários simultâneos · ≥ 10 tokens/s por usuário"
    ), out


# -- in Slack ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 70b for 20 users at reading speed", "≥ 10 tokens/s per user"),
        ("llama 8b, vamos crescer pra 500 usuários até o fim do ano", "500 usuários simultâneos"),
    ],
)
def test_the_new_readings_are_said_in_slack_in_valid_blocks(tmp_path, question, said):
    text = slash_reply_text(tmp_path, question)
    assert said in text, text


# -- growth by a share each period -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been "Não entendi: “crescimento”, “20”" (English: "growing", "20"), today's load sized, "ao mês" a
        # cost and the horizon a term of rental; 50 × 1.2⁶ = 149.3
        ("llama 70b para 50 usuários, crescimento de 20% ao mês por 6 meses", "Entendi: Llama 3.1 70B · 149 usuários simultâneos",
         "Crescimento composto: 20% a cada período, por 6 períodos, é (1 + 20%)^6 ≈ 2,99× a carga de hoje."),
        # 50 × 1.2¹² = 445.8
        ("llama 70b for 50 users, growing 20% a month over a year", "Understood: Llama 3.1 70B · 446 concurrent users",
         "Compound growth: 20% each period over 12 periods is (1 + 20%)^12 ≈ 8.92× today's load."),
        # had grown 10% once (55 users), "por 12 meses" a term: 50 × 1.1¹² = 156.9
        ("llama 70b 50 usuários crescendo 10% por mês durante 12 meses", "Entendi: Llama 3.1 70B · 157 usuários simultâneos",
         "(1 + 10%)^12"),
        # weeks over months: 3 months are 13 weeks, 100 × 1.05¹³ = 188.6
        ("qwen 32b para 100 usuários, 5% de crescimento semanal nos próximos 3 meses",
         "Entendi: Qwen2.5 32B · 189 usuários simultâneos", "(1 + 5%)^13"),
        # the period as an adjective before the noun: had been "Not understood: “10”, “month”, “growth”"
        ("llama 8b 100 users, 10% month over month growth for 12 months", "Understood: Llama 3.1 8B · 314 concurrent users",
         "(1 + 10%)^12 ≈ 3.14×"),
    ],
)  # fmt: skip
def test_a_growth_each_period_is_compounded_to_its_horizon(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert not any(w in lines[0] for w in ("custo", "cost", "por 6 meses", "for 1 year", "por 12 meses")), (
        lines
    )


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        ("llama 70b para 50 usuários, crescimento de 20% ao mês", "Entendi: Llama 3.1 70B · 50 usuários simultâneos",
         "“crescimento de 20% ao mês” é um ritmo de crescimento sem prazo: dimensiono a carga de hoje. Para a de depois, "
         "diga por quanto tempo, por exemplo “crescimento de 20% ao mês por 6 meses”."),
        ("llama 70b for 50 users, growing 20% a month", "Understood: Llama 3.1 70B · 50 concurrent users",
         "“growing 20% a month” is a growth rate with no horizon: sized for today's load."),
        ("llama 8b 100 users, 20% monthly growth", "Understood: Llama 3.1 8B · 100 concurrent users",
         "“20% monthly growth” is a growth rate with no horizon"),
    ],
)  # fmt: skip
def test_a_growth_each_period_with_no_horizon_asks_for_one(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert not any("custo" in line or "cost" in line for line in lines[:1]), lines


def test_a_growth_each_period_in_a_thread(pipeline):
    out = reply_in_thread(pipeline, "llama 8b pra 20 usuários", "e se crescer 20% ao mês por 6 meses?")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 60 usuários simultâneos", out
    assert "(1 + 20%)^6 ≈ 2,99×" in out, out


# -- growth, peaks and phases in customers' words ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # had been refused: “20 users” and “300 users” don't go together
        ("llama 8b for 20 users, we expect to reach 300 users in 6 months", "Understood: Llama 3.1 8B · 300 concurrent users · production",
         "Read “20 users, we expect to reach 300 users in 6 months” as phases"),
        ("llama 8b para 20 usuários, esperamos chegar a 300 usuários em 6 meses", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "o piloto, com 20 usuários, vai nas notas"),
        # months named had been summed: 20 + 200 = 220 users
        ("llama 70b, 20 usuários em janeiro, 200 em junho", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · produção",
         "Li “20 usuários em janeiro, 200 em junho” como fases"),
        ("llama 70b, 20 users in march, 200 by september", "Understood: Llama 3.1 70B · 200 concurrent users · production", "as phases"),
        # "podendo", "possibly", "doubling" had been not understood, today's 40 sized and "180 days" a term
        ("llama 70b 40 usuários, podendo dobrar no fim do ano", "Entendi: Llama 3.1 70B · 80 usuários simultâneos",
         "Li “podendo dobrar no fim do ano” como crescimento"),
        ("llama 70b 40 users, possibly doubling in 6 months", "Understood: Llama 3.1 70B · 80 concurrent users",
         "Read “possibly doubling in 6 months” as growth"),
        ("llama 70b 40 usuários, dobrando em 1 ano", "Entendi: Llama 3.1 70B · 80 usuários simultâneos", "como crescimento"),
        # a peak "de até" a count, on a weekday, or "spiking to": had been "Não entendi: “200”, “segundas”"
        ("llama 70b 50 usuários, com picos de até 200 às segundas", "Entendi: Llama 3.1 70B · 200 usuários simultâneos",
         "Li “50 usuários, com picos de até 200 às segundas” como 200"),
        ("llama 70b for 50 users, spiking to 200 on mondays", "Understood: Llama 3.1 70B · 200 concurrent users",
         "I read “50 users, spiking to 200 on mondays” as 200"),
        ("llama 70b for 50 users, peaks of up to 150 on weekends", "Understood: Llama 3.1 70B · 150 concurrent users", "as 150"),
        ("llama 70b 50 usuários, picos de 120 nas sextas-feiras", "Entendi: Llama 3.1 70B · 120 usuários simultâneos", "como 120"),
        # a multiple at the peak with no average named: had been "Not understood: “3x”"
        ("llama 70b 50 users, 3x at peak", "Understood: Llama 3.1 70B · 50 concurrent users · peak 3× the average", None),
        ("llama 70b 50 usuários 3x no pico", "Entendi: Llama 3.1 70B · 50 usuários simultâneos · pico de 3× a média", None),
    ],
)  # fmt: skip
def test_growth_peaks_and_phases_in_customers_words(capsys, question, read, said):
    _reads(capsys, question, read, said)


def test_a_count_then_a_term_is_still_a_term(capsys):
    # no second count: "em 6 meses" stays how long the GPUs are rented
    _reads(
        capsys,
        "llama 70b, 20 usuários em 6 meses",
        "Entendi: Llama 3.1 70B · 20 usuários simultâneos · 180 dias",
    )


@pytest.mark.parametrize(
    ("first", "follow_up", "read"),
    [
        ("llama 8b for 20 users", "what about doubling?", "Understood: Llama 3.1 8B · 40 concurrent users"),
        (
            "llama 8b for 30 users",
            "and 3x at peak?",
            "Understood: Llama 3.1 8B · 30 concurrent users · peak 3× the average",
        ),
    ],
)
def test_more_follow_ups_in_a_thread(pipeline, first, follow_up, read):
    out = reply_in_thread(pipeline, first, follow_up)
    assert out.splitlines()[0] == read, out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines()), out
