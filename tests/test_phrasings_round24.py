"""Questions as people type them in Slack, twenty-fourth round (2026-12-07): how customers really ask. Growth by a
share each day or week, pilots then production in one message and in a thread, a peak multiple of the users at once,
when the next phase comes, and the phrasings found read wrongly this round. Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, answer, understood_lines
from tests.gpu_size_run import reads as _reads

from .slack_harness import slash_reply_text
from .test_thread_followups import reply_in_thread


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


def _answered(capsys, question: str) -> tuple[str, str, str]:
    """The answer's "Entendi" line, its sizing line (the first after the blank under the "Entendi" block: what
    the setup is sized for) and the whole answer."""
    out = answer(capsys, question)
    lines = out.splitlines()
    blank = lines.index("")
    return lines[0], next(line for line in lines[blank:] if line.strip()), out


# -- growth by a share each day or week ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been "Não entendi: “crescimento”, “3% ao dia”" (a share of people a day), today's 50 sized and the
        # horizon a term of rental; 50 × 1.03³⁰ = 121.4
        ("llama 70b para 50 usuários, crescimento de 3% ao dia por 30 dias", "Entendi: Llama 3.1 70B · 121 usuários simultâneos",
         "Crescimento composto: 3% a cada período, por 30 períodos, é (1 + 3%)^30 ≈ 2,43× a carga de hoje."),
        # 50 × 1.02⁹⁰ = 297.2
        ("llama 70b for 50 users, grows 2% a day for 90 days", "Understood: Llama 3.1 70B · 297 concurrent users",
         "Compound growth: 2% each period over 90 periods is (1 + 2%)^90 ≈ 5.94× today's load."),
        # 100 × 1.01⁶⁰ = 181.7
        ("qwen 32b 100 usuarios, cresce 1% ao dia nos proximos 60 dias", "Entendi: Qwen2.5 32B · 182 usuários simultâneos",
         "(1 + 1%)^60 ≈ 1,82×"),
        # "daily" as the growth's adjective had been "Not understood: “growth”, “3% daily”"; 2 months of days are
        # 61 periods: 50 × 1.03⁶¹ = 303.4
        ("llama 8b, 50 users, 3% daily growth for 2 months", "Understood: Llama 3.1 8B · 303 concurrent users",
         "(1 + 3%)^61"),
        # weeks over months: 3 months are 13 weeks, 50 × 1.05¹³ = 94.3
        ("llama 70b para 50 utilizadores, crescimento de 5% por semana durante 3 meses",
         "Percebi: Llama 3.1 70B · 94 utilizadores em simultâneo", "(1 + 5%)^13 ≈ 1,89×"),
        # the period before the share ("crescimento anual de 40%") had been "Não entendi: “crescimento”, “40”" with a
        # 3-year term: 50 × 1.4³ = 137.2
        ("llama 8b 50 usuarios, crescimento anual de 40% por 3 anos", "Entendi: Llama 3.1 8B · 137 usuários simultâneos",
         "(1 + 40%)^3 ≈ 2,74×"),
        # the horizon counted from today ("no primeiro ano") had been "Não entendi: “ano”": 50 × 1.05¹² = 89.8
        ("llama 8b pra 50 usuarios, com crescimento de 5% ao mes no primeiro ano",
         "Entendi: Llama 3.1 8B · 90 usuários simultâneos", "(1 + 5%)^12 ≈ 1,80×"),
        ("llama 8b, 50 users, 10% monthly growth over the first 6 months", "Understood: Llama 3.1 8B · 89 concurrent users",
         "(1 + 10%)^6 ≈ 1.77×"),
        # a month's rate as finance writes it ("a.m."), a sign for the growth, "mês a mês", "MoM": each had been
        # "Não entendi: “10”" (or a contradiction of "a mes" and "por 1 ano" as terms); 100 × 1.1⁶ = 177.2,
        # 100 × 1.1¹² = 313.8
        ("llama 3.1 70b, 100 usuarios, crescimento de 10% a.m. por 6 meses", "Entendi: Llama 3.1 70B · 177 usuários simultâneos",
         "(1 + 10%)^6 ≈ 1,77×"),
        ("llama 70b 100 usuarios, +10% ao mes por 6 meses", "Entendi: Llama 3.1 70B · 177 usuários simultâneos",
         "(1 + 10%)^6 ≈ 1,77×"),
        ("llama 70b 100 usuarios, crescendo 10% mes a mes por 1 ano", "Entendi: Llama 3.1 70B · 314 usuários simultâneos",
         "(1 + 10%)^12 ≈ 3,14×"),
        ("llama 70b 100 users, 10% MoM for 12 months", "Understood: Llama 3.1 70B · 314 concurrent users",
         "(1 + 10%)^12 ≈ 3.14×"),
        # the share had been shown rounded ("2% a cada período") beside a multiple worked out with 1.5%, and two weeks
        # of days as 14.04 periods: 100 × 1.015¹⁴ = 123.2
        ("llama 8b, 100 usuarios, crescimento de 1,5% ao dia por 2 semanas", "Entendi: Llama 3.1 8B · 123 usuários simultâneos",
         "Crescimento composto: 1,5% a cada período, por 14 períodos, é (1 + 1,5%)^14 ≈ 1,23× a carga de hoje."),
        ("llama 8b 100 users growing 2.25% a week for 8 weeks", "Understood: Llama 3.1 8B · 119 concurrent users",
         "Compound growth: 2.25% each period over 8 periods is (1 + 2.25%)^8 ≈ 1.19× today's load."),
        # "a cada trimestre" had been "Não entendi: “crescendo”, “20”" with a 2-year term: 100 × 1.2⁸ = 430
        ("llama 8b 100 usuarios, crescendo 20% a cada trimestre durante 2 anos", "Entendi: Llama 3.1 8B · 430 usuários simultâneos",
         "(1 + 20%)^8 ≈ 4,30×"),
        # the horizon said as one ("horizonte de 12 meses", "12-month horizon"): had been a 12-month term, "Não
        # entendi: “horizonte”" and today's 50 sized; 50 × 1.05¹² = 89.8
        ("llama 8b, 50 usuarios, crescimento de 5% ao mes, horizonte de 12 meses", "Entendi: Llama 3.1 8B · 90 usuários simultâneos",
         "(1 + 5%)^12 ≈ 1,80×"),
        ("llama 8b, 50 users, 5% monthly growth, 12-month horizon", "Understood: Llama 3.1 8B · 90 concurrent users",
         "(1 + 5%)^12 ≈ 1.80×"),
    ],
)  # fmt: skip
def test_a_growth_each_day_or_week_is_compounded_to_its_horizon(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert not any(w in lines[0] for w in ("por 1 mês", "for 3 months", "anos", "dias", "days", "meses")), (
        lines
    )


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # a day's rate asks for days, not the "6 meses" a month's does ((1 + 3%)^182 would be ~217×)
        ("llama 70b para 50 usuários, crescimento de 3% ao dia", "Entendi: Llama 3.1 70B · 50 usuários simultâneos",
         "“crescimento de 3% ao dia” é um ritmo de crescimento sem prazo: dimensiono a carga de hoje. Para a de depois, "
         "diga por quanto tempo, por exemplo “crescimento de 3% ao dia por 30 dias”."),
        ("llama 8b 50 users growing 3% per day", "Understood: Llama 3.1 8B · 50 concurrent users",
         "for example “growing 3% per day for 30 days”."),
        ("we're at 100 users growing 15% a week, llama 8b", "Understood: Llama 3.1 8B · 100 concurrent users",
         "for example “growing 15% a week for 3 months”."),
        ("llama 70b para 50 usuários, crescimento de 30% ao ano", "Entendi: Llama 3.1 70B · 50 usuários simultâneos",
         "por exemplo “crescimento de 30% ao ano por 3 anos”."),
        ("llama 8b, 50 usuarios, crescimento mensal de 10%", "Entendi: Llama 3.1 8B · 50 usuários simultâneos",
         "por exemplo “crescimento mensal de 10% por 6 meses”."),
        # the quieter hours' count had been "Não entendi: “20”" / “10”, or summed with the peak's (40 + 5 = 45)
        ("llama 70b, 80 usuários no horário de pico, 20 fora do pico", "Entendi: Llama 3.1 70B · 80 usuários simultâneos",
         "“20 fora do pico”: fora do pico. Dimensionei para os usuários do pico"),
        ("llama 8b 100 usuários de dia e 10 à noite", "Entendi: Llama 3.1 8B · 100 usuários simultâneos",
         "“10 à noite”: fora do pico."),
        ("qwen 32b, 40 usuarios em horario comercial, 5 de madrugada", "Entendi: Qwen2.5 32B · 40 usuários simultâneos",
         "“5 de madrugada”: fora do pico."),
        ("llama 70b, 50 users, 10 off-peak", "Understood: Llama 3.1 70B · 50 concurrent users",
         "“10 off-peak”: off-peak. I sized for the peak's users"),
    ],
)  # fmt: skip
def test_what_was_read_apart_is_said_in_a_note(capsys, question, read, said):
    # a growth rate with no horizon (today's load sized), the users of the quieter hours (the peak's sized)
    _reads(capsys, question, read, said)


def test_a_share_of_people_a_day_is_still_read(capsys):
    # no growth's word: "1% por dia" stays the people there on a day
    _reads(capsys, "300 mil moradores, uns 1% por dia, llama 8b", "Entendi: Llama 3.1 8B · 3.000 pessoas",
           "Li “1% por dia” como 3.000 das 300.000 pessoas usando o serviço num dia")  # fmt: skip


def test_a_daily_growth_in_a_thread(pipeline):
    # had been "Não entendi: “crescer”, “3% ao dia”" with a 30-day term; 20 × 1.03³⁰ = 48.5
    out = reply_in_thread(pipeline, "llama 8b 20 usuarios", "e se crescer 3% ao dia por 30 dias?")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 49 usuários simultâneos", out
    assert "(1 + 3%)^30 ≈ 2,43×" in out, out


# -- a pilot, then production ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # "começamos" had been "Não entendi"
        ("llama 8b, começamos com um piloto de 10 pessoas e depois 300", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "Li “começamos com um piloto de 10 pessoas e depois 300” como fases: dimensiono a produção, com 300 usuários; "
         "o piloto, com 10 usuários, vai nas notas."),
        # two bare counts between phases' words: had been a 300-token context and 10 users in evaluation
        ("llama 8b, pilot with 10, then rollout to 300", "Understood: Llama 3.1 8B · 300 concurrent users · production",
         "Read “pilot with 10, then rollout to 300” as phases: sized for production, 300 users; the pilot, 10 users, is in the notes."),
        ("llama 8b, piloto com 10 e depois 300", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "o piloto, com 10 usuários, vai nas notas"),
        ("llama 8b, start with 20, then 500 later", "Understood: Llama 3.1 8B · 500 concurrent users · production",
         "the pilot, 20 users, is in the notes"),
        ("a gente ta começando com 15 usuarios no piloto e depois vai p/ 400, llama 70b",
         "Entendi: Llama 3.1 70B · 400 usuários simultâneos · produção", "o piloto, com 15 usuários, vai nas notas"),
        # a sentence's stop and a label's colon between the phases: "500" had been "Não entendi", 10 users sized
        ("Para o piloto: llama 3.1 8b, 10 usuários. Produção: 500.", "Entendi: Llama 3.1 8B · 500 usuários simultâneos · produção",
         "Li “10 usuários. Produção: 500” como fases"),
        # each had been a context of 300 tokens and the pilot's 10 users sized ("prod", "go-live" no phase's words;
        # the arrow and the brackets no gap between phases)
        ("llama 8b: poc 10 usuarios -> prod 300", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "Li “poc 10 usuarios -> prod 300” como fases"),
        ("llama 8b: piloto 10 usuarios => producao 300", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "Li “piloto 10 usuarios => producao 300” como fases"),
        ("llama 8b, piloto (10 usuários) e depois produção (300)", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "Li “piloto (10 usuários) e depois produção (300)” como fases"),
        ("llama 8b 10 users pilot / 300 prod", "Llama 3.1 8B · 300", "o piloto, com 10 usuários, vai nas notas"),
        ("llama 8b, 10 users in the pilot, 300 at go-live", "Understood: Llama 3.1 8B · 300 concurrent users · production",
         "Read “10 users in the pilot, 300 at go-live” as phases"),
    ],
)  # fmt: skip
def test_a_pilot_then_production_in_one_message(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert "tokens" not in lines[0], lines


def test_a_bare_count_after_gpus_is_no_phase(capsys):
    # "2 gpus, depois 8": the GPUs are no pilot's people
    lines = understood_lines(capsys, "qwen 32b, piloto com 2 gpus, depois 8")
    assert "usuários simultâneos" not in lines[0] and "produção" not in lines[0], lines


@pytest.mark.parametrize(
    ("first", "follow_up", "read", "said"),
    [
        # each had been a context of 300 tokens, the pilot's 10 users sized
        ("llama 8b pra 10 usuarios no piloto", "e depois 300?", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "Li “depois 300” como fases: dimensiono a produção, com 300 usuários; o piloto, com 10 usuários, vai nas notas."),
        ("llama 8b for a pilot with 10 users", "and then 300 in production?",
         "Understood: Llama 3.1 8B · 300 concurrent users · production", "Read “then 300 in production” as phases"),
        ("llama 8b pra 20 usuarios", "e em produção com 500?", "Entendi: Llama 3.1 8B · 500 usuários simultâneos",
         "Li “em produção com 500” como fases"),
        # when first, then the count: had been a 180-day term and "Não entendi: “200”"
        ("llama 8b para 20 usuários", "e em 6 meses 200?", "Entendi: Llama 3.1 8B · 200 usuários simultâneos",
         "Li “em 6 meses 200” como fases"),
        ("llama 8b para 20 usuários", "e daqui 6 meses com 200?", "Entendi: Llama 3.1 8B · 200 usuários simultâneos",
         "o piloto, com 20 usuários, vai nas notas"),
        ("llama 8b para 20 usuários", "e em 6 meses, se for 200?", "Entendi: Llama 3.1 8B · 200 usuários simultâneos",
         "Li “em 6 meses, se for 200” como fases"),
    ],
)  # fmt: skip
def test_the_next_phase_in_a_thread(pipeline, first, follow_up, read, said):
    out = reply_in_thread(pipeline, first, follow_up)
    lines = out.splitlines()
    assert lines[0] == read, out
    assert said in out, out
    assert not any(line.startswith(UNKNOWN) for line in lines), out
    assert not any(w in lines[0] for w in ("dias", "days", "tokens")), out


def test_a_count_with_no_phase_in_a_thread_is_said_as_before(pipeline):
    out = reply_in_thread(pipeline, "llama 8b pra 20 usuarios", "e pra 100?")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 100 usuários simultâneos", out
    assert "como fases" not in out, out


# -- when the next phase comes is no term ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # had been "180 dias" beside the phases
        ("llama 8b, 20 usuários no piloto e 200 em produção em 6 meses", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção",
         "Li “20 usuários no piloto e 200 em produção em 6 meses” como fases"),
        # a semicolon between: had been "180 dias" and "Não entendi: “200”"
        ("llama 8b, 20 usuários hoje; em 6 meses, 200", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção",
         "o piloto, com 20 usuários, vai nas notas"),
        # the pilot's own length: had been a 3-month term and "Não entendi: “200”"
        ("llama 8b, piloto de 20 usuários por 3 meses e depois 200", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção",
         "Li “piloto de 20 usuários por 3 meses e depois 200” como fases"),
        # "after" opening when it comes: had been "for 3 months", quoted up to "after"
        ("pilot of 15 users, scaling to 400 after 3 months, llama 70b", "Understood: Llama 3.1 70B · 400 concurrent users · production",
         "Read “pilot of 15 users, scaling to 400 after 3 months” as phases"),
        # the year's end after the second count: had been a deadline of the days left, quoted "120 within 24 days"
        ("llama 8b, 40 concurrent now, 120 by EOY", "Understood: Llama 3.1 8B · 120 concurrent users · production",
         "Read “40 concurrent now, 120 by EOY” as phases"),
        ("llama 8b pra 40 pessoas agora e 120 ate o fim do ano", "Entendi: Llama 3.1 8B · 120 usuários simultâneos · produção",
         "Li “40 pessoas agora e 120 ate o fim do ano” como fases"),
        # the pilot's own length: had been the term ("por 1 mês", "for 14 days"), the pilot's 10 sized and the 100 not
        # understood
        ("llama 8b, 10 usuarios no piloto de 30 dias, depois 100", "Entendi: Llama 3.1 8B · 100 usuários simultâneos · produção",
         "Li “10 usuarios no piloto de 30 dias, depois 100” como fases"),
        ("llama 8b, 10 users for a 2-week pilot, then 100", "Understood: Llama 3.1 8B · 100 concurrent users · production",
         "Read “10 users for a 2-week pilot, then 100” as phases"),
    ],
)  # fmt: skip
def test_when_the_next_phase_comes_is_no_term(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert not any(w in lines[0] for w in ("dias", "days", "meses", "months")), lines


def test_a_count_then_a_term_is_still_a_term(capsys):
    _reads(
        capsys,
        "llama 70b, 20 usuários em 6 meses",
        "Entendi: Llama 3.1 70B · 20 usuários simultâneos · 180 dias",
    )


def test_a_training_deadline_at_the_years_end_is_still_a_deadline(capsys):
    lines = understood_lines(capsys, "llama 8b 40 usuarios, treinamento ate o fim do ano")
    assert any("como um prazo de" in line for line in lines), lines


# -- a peak multiple of the users at once ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "sized", "said"),
    [
        # the multiple had been said unused ("esta carga é dada ... pelas conversas") and the 50 sized
        ("llama 8b, 50 usuários simultâneos, pico de 3x", "Entendi: Llama 3.1 8B · 50 usuários simultâneos · pico de 3× a média",
         "150 usuários simultâneos",
         "Pico de 3× a média: os 50 usuários simultâneos são a média, e no pico são 3× eles, 150 ao mesmo tempo; dimensiono o pico."),
        ("llama 70b 50 users, 3x at peak", "Understood: Llama 3.1 70B · 50 concurrent users · peak 3× the average",
         "150 concurrent users",
         "Peak of 3× the average: the 50 concurrent users are the average, and at the peak 3× that, 150 at once; sized for the peak."),
        ("llama 8b 200 usuarios, pico 2,5x a media", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · pico de 2,5× a média",
         "500 usuários simultâneos", "no pico são 2,5× eles, 500 ao mesmo tempo"),
        ("qwen3 32b, 80 usuários simultâneos, no pico 3x isso", "Entendi: Qwen3 32B · 80 usuários simultâneos · pico de 3× a média",
         "240 usuários simultâneos", "240 ao mesmo tempo"),
        # the multiple as the peak's adjective: had scaled the load to 200 with nothing said
        ("mistral 7b 100 users, 2x peak on mondays", "Understood: Mistral 7B v0.3 · 100 concurrent users · peak 2× the average",
         "200 concurrent users", "200 at once; sized for the peak"),
        # "segundas" had been "Não entendi"
        ("llama 8b 20 usuarios, 2x pico nas segundas", "Entendi: Llama 3.1 8B · 20 usuários simultâneos · pico de 2× a média",
         "40 usuários simultâneos", "40 ao mesmo tempo"),
    ],
)  # fmt: skip
def test_a_peak_multiple_multiplies_the_users_at_once(capsys, question, read, sized, said):
    first, sizing, out = _answered(capsys, question)
    assert first == read, out
    assert sized in sizing, out
    assert said in out, out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines()), out
    assert "não a mudou" not in out and "did not change it" not in out, out


def test_a_peak_multiple_of_a_rate_is_still_said_unused(capsys):
    # a rate sets the load: the multiple applies to a volume's average (traffic.toml [daily])
    out = answer(capsys, "llama 8b, 120 req/min, pico de 3x")
    assert "Carga: 2,0 requisições/s no pico" in out, out
    assert "esta carga é dada pela taxa ou pelo total de pessoas, e ele não a mudou." in out, out


def test_a_peak_multiple_in_a_thread_multiplies_its_users(pipeline):
    out = reply_in_thread(pipeline, "llama 8b for 30 users", "and 3x at peak?")
    assert out.splitlines()[0] == "Understood: Llama 3.1 8B · 30 concurrent users · peak 3× the average", out
    assert "the 30 concurrent users are the average, and at the peak 3× that, 90 at once" in out, out


# -- lengths and models as people type them ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # "in/1k" had been a model's repo, refused as a second model
        (
            "gpt-oss 120b p/ 200 pessoas na empresa, 4k tok in/1k out",
            "Entendi: gpt-oss-120b · prompts de 4.000 tokens · respostas de 1.000 tokens · 200 pessoas",
        ),
        (
            "qwen3 30b a3b, 300 req/min, 4k tok in/1k out",
            "Qwen3 30B-A3B · prompts of 4,000 tokens · answers of 1,000 tokens · 300 requests/min",
        ),
        (
            "llama 8b 2k in/500 out, 10 rps",
            "Llama 3.1 8B · prompts of 2,000 tokens · answers of 500 tokens · 10 requests/s",
        ),
    ],
)
def test_lengths_in_slash_shorthand(capsys, question, read):
    _reads(capsys, question, read)


def test_a_repo_name_is_still_a_model(capsys):
    _reads(capsys, "Qwen/Qwen2.5-7B-Instruct 10 usuarios", "Entendi: Qwen2.5 7B · 10 usuários simultâneos")


# -- in Slack ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 70b para 50 usuários, crescimento de 3% ao dia por 30 dias", "121 usuários simultâneos"),
        ("llama 8b, pilot with 10, then rollout to 300", "300 concurrent users"),
        ("llama 8b, 50 usuários simultâneos, pico de 3x", "150 ao mesmo tempo"),
    ],
)
def test_the_new_readings_are_said_in_slack_in_valid_blocks(tmp_path, question, said):
    text = slash_reply_text(tmp_path, question)
    assert said in text, text


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # "req" had been "Não entendi" (or the slash's "req"), the context's 2k sized with a 1,000-token prompt beside
        (
            "llama 8b com 200 RPM e 2k tok por req",
            "Entendi: Llama 3.1 8B · 2k de contexto · 200 requisições/min",
        ),
        ("llama 8b 200 rpm 4k tokens/req", "Entendi: Llama 3.1 8B · 4k de contexto · 200 requisições/min"),
        ("llama 8b 200 rpm, 4k tok per req", "Understood: Llama 3.1 8B · 4k context · 200 requests/min"),
    ],
)
def test_tokens_per_request_in_shorthand_are_each_requests_context(capsys, question, read):
    _first, sizing, out = _answered(capsys, question)
    assert out.splitlines()[0] == read, out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines()), out
    context = "2.048" if "2k" in question else ("4.096" if "rpm 4k tokens" in question else "4,096")
    assert context in sizing, out


@pytest.mark.parametrize(
    "question",
    [
        # the ordinal in digits: "1º" and "1s" had been "Não entendi", no target for the first token
        "llama 70b 40 usuários, tempo até o 1º token < 1s",
        "llama 70b 40 usuários, 1º token em menos de 1s",
        "llama 70b 40 usuários, tempo ate 1o token de 1s",
    ],
)
def test_the_first_token_with_its_ordinal_in_digits(capsys, question):
    _reads(capsys, question, "Entendi: Llama 3.1 70B · 40 usuários simultâneos · primeiro token ≤ 1,0 s")


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # "a 100" had been an A100 GPU and the usual 30 sized
        ("qwen 72b, normalmente 30 usuarios, mas no pico chega a 100", "Entendi: Qwen2.5 72B · 100 usuários simultâneos",
         "Li “30 usuarios, mas no pico chega a 100” como 100: dimensiono para o maior valor do intervalo, o pico."),
        ("llama 8b for 30 users, but at peak it hits 100", "Understood: Llama 3.1 8B · 100 concurrent users",
         "I read “30 users, but at peak it hits 100” as 100"),
        ("llama 8b 30 usuarios, no pico sobe pra 90", "Entendi: Llama 3.1 8B · 90 usuários simultâneos", "como 90"),
    ],
)  # fmt: skip
def test_a_peaks_count_said_with_its_verb(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert "A100" not in lines[0], lines


def test_a_spaced_a100_is_still_a_gpu(capsys):
    _reads(capsys, "llama 70b numa a 100 com 30 usuarios", "30 usuários simultâneos · 1× A100 SXM 80 GB")


@pytest.mark.parametrize(
    ("question", "read", "sized"),
    [
        # "maior" / "normally" had been "Não entendi" / "Not understood"
        ("llama 70b 30 usuarios, pico 3 vezes maior", "Entendi: Llama 3.1 70B · 30 usuários simultâneos · pico de 3× a média",
         "90 usuários simultâneos"),
        ("llama 70b 30 users, peak 3x higher", "Understood: Llama 3.1 70B · 30 concurrent users · peak 3× the average",
         "90 concurrent users"),
        ("llama 70b, 30 users normally, 3x during peak hours",
         "Understood: Llama 3.1 70B · 30 concurrent users · peak 3× the average", "90 concurrent users"),
    ],
)  # fmt: skip
def test_a_peak_multiple_in_more_words(capsys, question, read, sized):
    first, sizing, out = _answered(capsys, question)
    assert first == read, out
    assert sized in sizing, out
    assert not any(line.startswith(UNKNOWN) for line in out.splitlines()), out


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # a multiple of the load said ("3x isso"): had been "Não entendi: “3x”, “ano”, “vem”" (English: a 389-day
        # deadline to next year's end), today's 40 sized
        ("llama 8b pra 40 pessoas agora e 3x isso no ano que vem", "Entendi: Llama 3.1 8B · 120 usuários simultâneos",
         "Li “3x isso no ano que vem” como crescimento"),
        ("llama 8b 40 usuarios hj, 3x isso ano q vem", "Entendi: Llama 3.1 8B · 120 usuários simultâneos", "como crescimento"),
        ("llama 8b for 40 users now, 3x that by next year", "Understood: Llama 3.1 8B · 120 concurrent users",
         "Read “3x that by next year” as growth"),
    ],
)  # fmt: skip
def test_a_multiple_of_the_load_said_by_a_date(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert not any("prazo" in line or "deadline" in line for line in lines), lines


@pytest.mark.parametrize(
    ("follow_up", "said"),
    [
        # had been a 300-token context ("pra produção com 300", "no go-live, 300"), or 300 users still in evaluation
        ("e pra produção com 300?", "Li “pra produção com 300” como fases"),
        ("e no go-live, 300?", "Li “no go-live, 300” como fases"),
        ("beleza, e quando for pra 300?", "Li “quando for pra 300” como fases"),
    ],
)
def test_production_after_a_pilot_in_a_thread(pipeline, follow_up, said):
    out = reply_in_thread(pipeline, "llama 8b pra um piloto com 10 usuarios", follow_up)
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção", out
    assert said in out, out


def test_a_time_at_night_is_no_users_count(capsys):
    lines = understood_lines(capsys, "llama 8b 20 usuarios, backup as 5 de madrugada")
    assert lines[0] == "Entendi: Llama 3.1 8B · 20 usuários simultâneos", lines
    assert not any("fora do pico" in line for line in lines), lines


# -- a translation named as the work, with no volume ----------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    ["llama 8b para tradução, 10 usuários", "llama 8b p/ traducao 10 usuarios", "llama 8b para traduções, 10 utilizadores",
     "llama 8b for translation, 10 users"],
)  # fmt: skip
def test_translation_as_the_work_is_understood(capsys, question):
    # had been "Não entendi: “tradução”" above a right sizing
    out = answer(capsys, question)
    assert not any(word in out for word in UNKNOWN)
    assert "Llama 3.1 8B" in out.splitlines()[0] and "10 " in out.splitlines()[0]
