"""Questions as people type them in Slack, twenty-fifth round (2026-12-07, a short round): the misreadings round 24
left of phases, off-peak users and pilots. Each answer is what the user sees."""

from __future__ import annotations

from datetime import date

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, understood_lines
from tests.gpu_size_run import reads as _reads

from .test_thread_followups import reply_in_thread


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


# -- a phase's number before its count ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # "fase 2 200" had been one number, 2,200, refused as a contradiction with the pilot's 15
        ("llama 8b, fase piloto 15 pessoas, fase 2 200 pessoas", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção",
         "o piloto, com 15 usuários, vai nas notas"),
        ("llama 8b, fase 1 15 usuarios, fase 2 200 usuarios", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção",
         "Li “fase 1 15 usuarios, fase 2 200 usuarios” como fases"),
        ("llama 70b, phase 1 20 users, phase 2 500 users", "Llama 3.1 70B · 500", "20"),
    ],
)  # fmt: skip
def test_a_phases_number_before_its_count_is_no_thousands_group(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert "2.200" not in lines[0] and "2,200" not in lines[0], lines


def test_spaced_thousands_are_still_one_number(capsys):
    _reads(capsys, "llama 8b para 1 200 pessoas", "Entendi: Llama 3.1 8B · 1.200 pessoas")


# -- the quieter hours said before the peak -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been refused as a contradiction of the two counts (the peak said first was read)
        ("llama 70b, 20 usuarios fora do pico e 80 no pico", "Entendi: Llama 3.1 70B · 80 usuários simultâneos",
         "“20 usuarios fora do pico”: fora do pico. Dimensionei para os usuários do pico"),
        ("llama 8b 10 à noite e 100 de dia", "Entendi: Llama 3.1 8B · 100 usuários simultâneos", "“10 à noite”: fora do pico."),
        ("llama 70b, 10 users off-peak and 50 at peak", "Understood: Llama 3.1 70B · 50 concurrent users",
         "“10 users off-peak”: off-peak. I sized for the peak's users"),
        ("llama 8b, 5 de madrugada e 40 em horario comercial", "Entendi: Llama 3.1 8B · 40 usuários simultâneos",
         "“5 de madrugada”: fora do pico."),
        ("qwen 32b 15 usuarios de madrugada, 60 em horario comercial", "Entendi: Qwen2.5 32B · 60 usuários simultâneos",
         "“15 usuarios de madrugada”: fora do pico."),
        ("llama 8b, 10 users at night, 200 during the day", "Understood: Llama 3.1 8B · 200 concurrent users",
         "“10 users at night”: off-peak."),
        ("llama 8b, 10 nos fins de semana e 120 no pico", "Entendi: Llama 3.1 8B · 120 usuários simultâneos",
         "“10 nos fins de semana”: fora do pico."),
    ],
)  # fmt: skip
def test_the_quieter_hours_said_first_are_no_contradiction(capsys, question, read, said):
    _reads(capsys, question, read, said)


# -- a pilot, then a head-count --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been 20 users at once in evaluation beside 1,000 people, and "Não entendi: “escalar”"
        ("llama 8b, mvp p/ 20 pessoas, depois escalar p/ 1000 funcionarios", "Entendi: Llama 3.1 8B · 1.000 pessoas · produção",
         "Li “mvp p/ 20 pessoas, depois escalar p/ 1000 funcionarios” como fases"),
        ("llama 8b, piloto com 20 pessoas, depois 1000 funcionarios", "Entendi: Llama 3.1 8B · 1.000 pessoas · produção",
         "o piloto, com 20 usuários, vai nas notas"),
        ("llama 8b pilot with 20 users, then 3000 employees", "Understood: Llama 3.1 8B · 3,000 people · production",
         "Read “pilot with 20 users, then 3000 employees” as phases"),
        ("llama 8b, piloto com 10 analistas, depois toda a empresa, 2000 colaboradores",
         "Entendi: Llama 3.1 8B · 2.000 pessoas · produção", "o piloto, com 10 usuários, vai nas notas"),
        ("llama 8b, piloto p/ 10, depois p/ 300", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "Li “piloto p/ 10, depois p/ 300” como fases"),
    ],
)  # fmt: skip
def test_a_pilot_then_the_companys_head_count(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert "avaliação" not in lines[0], lines


# -- the pilot's length, then production's count ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been a term of the pilot's length ("por 14 dias", "30 days") and the count sized in evaluation
        ("llama 8b, piloto 2 semanas, depois 50 usuários", "Entendi: Llama 3.1 8B · 50 usuários simultâneos · produção"),
        ("llama 8b, 30-day pilot, then 200 users", "Understood: Llama 3.1 8B · 200 concurrent users · production"),
        ("llama 8b, pilot for 2 weeks then 100 users", "Understood: Llama 3.1 8B · 100 concurrent users · production"),
        ("qwen 32b poc de 1 mes e depois 80 pessoas", "Entendi: Qwen2.5 32B · 80 usuários simultâneos · produção"),
    ],
)  # fmt: skip
def test_the_pilots_length_before_production_is_no_term(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert lines[0] == read, lines  # no term, no evaluation beside production


def test_a_pilots_length_alone_is_still_its_term(capsys):
    lines = _reads(
        capsys,
        "llama 8b, piloto de 2 semanas com 10 usuarios",
        "Entendi: Llama 3.1 8B · 10 usuários simultâneos",
    )
    assert "produção" not in lines[0], lines


# -- a family's abbreviation -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi: “l3.3”" (or “q2.5”) above the family's other model, or a generic size
        ("l3.3 70b 20 usuarios", "Entendi: Llama 3.3 70B · 20 usuários simultâneos"),
        ("l3.1 8b 20 usuarios", "Entendi: Llama 3.1 8B · 20 usuários simultâneos"),
        ("q2.5 72b 20 usuarios", "Entendi: Qwen2.5 72B · 20 usuários simultâneos"),
        ("q2.5 7b com 10 users", "Entendi: Qwen2.5 7B · 10 usuários simultâneos"),
        ("g3 27b 10 users", "Entendi: Gemma 3 27B · 10 usuários simultâneos"),
        ("l3.1-405b fp8, 50 usuarios", "Entendi: Llama 3.1 405B · FP8 (8-bit) · 50 usuários simultâneos"),
    ],
)
def test_a_familys_abbreviation_names_its_model(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a GPU's and a quantization's names stay theirs: the L4, Q3_K_M
        ("llama 8b numa l4", "Entendi: Llama 3.1 8B · 1× L4 24 GB"),
        ("q3 32b 10 users", "GGUF Q3_K_M"),
    ],
)
def test_an_abbreviation_that_names_something_else_is_not_a_family(capsys, question, read):
    _reads(capsys, question, read)


def test_a_catalogue_abbreviation_is_data(tmp_path, monkeypatch):
    """The abbreviations are models.toml's: an operator's new letter is read, with no code changed."""
    import shutil

    from sizing.catalog import DATA_DIR, load_catalog

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    models = data / "models.toml"
    models.write_text(models.read_text().replace('g = "gemma"', 'g = "gemma"\nph = "phi"'))
    names = {n for m in load_catalog(data).models for n in m.aliases}
    assert "ph3.5 mini" in names, sorted(n for n in names if n.startswith("ph"))


# -- a compound growth until a date -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("today", "question", "read", "said"),
    [
        # each had been today's 50 sized, "um ritmo de crescimento sem prazo" (or a 24-day deadline and "Not
        # understood: “growth”"); from June to December, 6 months: 50 × 1.05⁶ = 67.0
        (date(2026, 6, 30), "llama 8b 50 usuarios, crescimento de 5% ao mês até dezembro",
         "Entendi: Llama 3.1 8B · 67 usuários simultâneos", "(1 + 5%)^6 ≈ 1,34×"),
        (date(2026, 6, 15), "llama 8b 50 users, 5% monthly growth until the end of the year",
         "Understood: Llama 3.1 8B · 67 concurrent users", "(1 + 5%)^6 ≈ 1.34×"),
        (date(2026, 6, 15), "llama 8b 100 usuarios, crescimento de 10% a.m. ate o fim do ano",
         "Entendi: Llama 3.1 8B · 177 usuários simultâneos", "(1 + 10%)^6 ≈ 1,77×"),
        # a month already past is next year's: March from June, 9 months; 100 × 1.05⁹ = 155.1
        (date(2026, 6, 15), "llama 8b 100 usuarios, crescendo 5% ao mes ate marco",
         "Entendi: Llama 3.1 8B · 155 usuários simultâneos", "(1 + 5%)^9 ≈ 1,55×"),
        # "do ano que vem": 18 months; 40 × 1.03¹⁸ = 68.1
        (date(2026, 6, 15), "llama 8b 40 usuarios, crescimento de 3% ao mês até dezembro do ano que vem",
         "Entendi: Llama 3.1 8B · 68 usuários simultâneos", "(1 + 3%)^18"),
        # weeks to December: 6 months of weeks are 26; 20 × 1.02²⁶ = 33.5
        (date(2026, 6, 30), "llama 8b 20 users growing 2% a week through december",
         "Understood: Llama 3.1 8B · 33 concurrent users", "(1 + 2%)^26"),
    ],
)  # fmt: skip
def test_a_compound_growth_until_a_date(monkeypatch, capsys, today, question, read, said):
    from bot import cli

    monkeypatch.setattr(cli, "today_in_brazil", lambda: today)
    lines = _reads(capsys, question, read, said)
    assert not any("prazo" in line or "deadline" in line or "sem prazo" in line for line in lines), lines


def test_a_growth_by_a_date_with_no_period_is_still_one_growth(monkeypatch, capsys):
    from bot import cli

    monkeypatch.setattr(cli, "today_in_brazil", lambda: date(2026, 6, 15))
    # "crescer 50% até o fim do ano": one growth by then, not a share each period (round 23)
    _reads(
        capsys,
        "llama 8b 40 usuarios, crescer 50% ate o fim do ano",
        "Entendi: Llama 3.1 8B · 60 usuários simultâneos",
    )


# -- several phases, each with when it comes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # had been 50 sized with a 180-day term and "Não entendi: “200”" (the unit left out: "em 6")
        ("llama 8b 20 usuarios hoje, 50 em 2 meses e 200 em 6", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção",
         "Li “20 usuarios hoje, 50 em 2 meses e 200 em 6 meses” como fases"),
        ("llama 8b 20 usuarios hoje, 50 em 2 meses e 200 em 6 meses", "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção",
         "o piloto, com 20 usuários, vai nas notas"),
        # had been "for 6 months" and a prompt of 200 tokens
        ("llama 8b, 20 users now, 50 in 2 months and 200 in 6 months", "Understood: Llama 3.1 8B · 200 concurrent users · production",
         "Read “20 users now, 50 in 2 months and 200 in 6 months” as phases"),
    ],
)  # fmt: skip
def test_several_phases_each_with_when(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert not any(w in lines[0] for w in ("dias", "days", "months", "tokens")), lines


@pytest.mark.parametrize(
    ("follow_up", "said"),
    [
        # each had been a 180-day term and "Não entendi: “50”, “200”"
        ("e se forem 50 em 2 meses e 200 em 6?", "Li “forem 50 em 2 meses e 200 em 6 meses” como fases"),
        ("e 50 em 2 meses, 200 em 6 meses?", "o piloto, com 20 usuários, vai nas notas"),
        ("e se forem 200 em 6 meses?", "Li “forem 200 em 6 meses” como fases"),
    ],
)
def test_several_phases_in_a_thread(pipeline, follow_up, said):
    out = reply_in_thread(pipeline, "llama 8b 20 usuarios", follow_up)
    lines = out.splitlines()
    assert lines[0] == "Entendi: Llama 3.1 8B · 200 usuários simultâneos", out
    assert said in out, out
    assert not any(line.startswith(UNKNOWN) for line in lines), out


def test_a_count_with_its_verb_in_a_thread_is_as_before(pipeline):
    out = reply_in_thread(pipeline, "llama 8b 20 usuarios", "e se forem 8 mil?")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 8.000 pessoas", out
    assert "como fases" not in out, out


# -- more of the same kinds, as customers type them --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        ("qwen 32b, etapa 1 com 10 pessoas, etapa 2 300 pessoas", "Entendi: Qwen2.5 32B · 300 usuários simultâneos · produção",
         "o piloto, com 10 usuários, vai nas notas"),
        ("llama 70b: phase 1 50 users; phase 2 1000 users", "Llama 3.1 70B · 1.000 pessoas · produção", "50"),
        ("mistral 7b, 5 usuarios de madrugada e 60 no horario de pico", "Entendi: Mistral 7B v0.3 · 60 usuários simultâneos",
         "“5 usuarios de madrugada”: fora do pico."),
        ("llama 8b 15 users on weekends and 120 during business hours", "Understood: Llama 3.1 8B · 120 concurrent users",
         "“15 users on weekends”: off-peak."),
        ("llama 8b 10 usuarios fora do horario comercial e 70 em horario comercial",
         "Entendi: Llama 3.1 8B · 70 usuários simultâneos", "“10 usuarios fora do horario comercial”: fora do pico."),
        ("l3.3 70b fp8 para 40 usuarios", "Entendi: Llama 3.3 70B · FP8 (8-bit) · 40 usuários simultâneos", None),
        ("q2.5 32b awq 30 usuarios", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 30 usuários simultâneos", None),
        ("g3 12b 10 usuarios", "Entendi: Gemma 3 12B · 10 usuários simultâneos", None),
        ("llama 8b, poc 3 semanas e depois 120 usuarios", "Entendi: Llama 3.1 8B · 120 usuários simultâneos · produção", None),
        ("llama 70b, pilot 1 month, then 400 users", "Understood: Llama 3.1 70B · 400 concurrent users · production", None),
        ("llama 8b, mvp com 5 devs, depois escalar pra 200 colaboradores",
         "Entendi: Llama 3.1 8B · 200 usuários simultâneos · produção", "o piloto, com 5 usuários, vai nas notas"),
        # the phases' units apart: 3 months, then a year
        ("llama 8b, 20 usuarios hoje, 80 em 3 meses e 300 em 1 ano", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
         "Li “20 usuarios hoje, 80 em 3 meses e 300 em 1 ano” como fases"),
    ],
)  # fmt: skip
def test_more_of_the_same_kinds(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert not any(w in lines[0] for w in ("dias", "days", "tokens", "avaliação", "evaluation")), lines


def test_a_later_phase_that_is_smaller_is_no_chain(capsys):
    # "300 em 2 meses e 100 em 6": no growth to a larger count, read as before (never the 300 dropped unsaid)
    lines = understood_lines(capsys, "llama 8b 20 usuarios hoje, 300 em 2 meses e 100 em 6 meses")
    assert "200 usuários" not in lines[0], lines
    assert not lines[0].startswith("Entendi: Llama 3.1 8B · 100 usuários simultâneos"), lines
