"""Questions as people type them in Slack, twenty-sixth round (2026-12-08): the misreadings round 25 left (a growth's
date weeks away, the words a note quotes, phases in an English thread, a phase's number before a spaced thousand,
the noun a count was said with, a release's size that only its mixture of experts has), then new kinds of question.
Each answer is what the user sees. A date is read from the day the question is asked: each test pins that day."""

from __future__ import annotations

from datetime import date

import pytest

from bot import cli
from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, answer, refusal
from tests.gpu_size_run import reads as _reads

from .test_thread_followups import reply_in_thread

DECEMBER_7 = date(2026, 12, 7)


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"), today=lambda: DECEMBER_7)


def _on(monkeypatch, day: date) -> None:
    monkeypatch.setattr(cli, "today_in_brazil", lambda: day)


# -- a compound growth until a date weeks away ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("today", "question", "read", "said"),
    [
        # on 7 December the year's end is 24 days away, 0.79 of a month: 50 × 1.08^0.79 = 53.1. It had been a
        # 24-day deadline with "Não entendi: “crescimento”", and "until december" twelve months (126 users)
        (DECEMBER_7, "llama 8b 50 usuarios, crescimento de 8% ao mês até o final do ano",
         "Entendi: Llama 3.1 8B · 53 usuários simultâneos", "(1 + 8%)^0,79 ≈ 1,06×"),
        (DECEMBER_7, "llama 8b 50 users, 8% monthly growth until december",
         "Understood: Llama 3.1 8B · 53 concurrent users", "(1 + 8%)^0.79 ≈ 1.06×"),
        (DECEMBER_7, "llama 8b 50 usuarios, crescimento de 8% ao mês até dezembro",
         "Entendi: Llama 3.1 8B · 53 usuários simultâneos", "(1 + 8%)^0,79"),
        # this month's end said as such: 1 to 30 June is 29 days, 0.95 of a month; 100 × 1.1^0.95 = 109.5
        (date(2026, 6, 1), "llama 8b 100 usuarios, crescendo 10% ao mês até o fim do mês",
         "Entendi: Llama 3.1 8B · 109 usuários simultâneos", "(1 + 10%)^0,95"),
        # "next December" in December is a year away: 50 × 1.08^12 = 125.9
        (DECEMBER_7, "llama 8b 50 users, 8% monthly growth until next december",
         "Understood: Llama 3.1 8B · 126 concurrent users", "(1 + 8%)^12"),
        # a month already past is still next year's: March from December, 3 months; 50 × 1.08³ = 63.0
        (DECEMBER_7, "llama 8b 50 usuarios, crescimento de 8% ao mês até março",
         "Entendi: Llama 3.1 8B · 63 usuários simultâneos", "(1 + 8%)^3"),
    ],
)  # fmt: skip
def test_a_growths_date_weeks_away_compounds_its_weeks(monkeypatch, capsys, today, question, read, said):
    _on(monkeypatch, today)
    lines = _reads(capsys, question, read, said)
    assert not any("prazo" in line or "deadline" in line for line in lines), lines


def test_a_growths_date_weeks_away_in_a_thread_counts_from_the_days_request(pipeline):
    out = reply_in_thread(pipeline, "llama 8b 50 usuarios", "e se crescer 8% ao mês até o fim do ano?")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 53 usuários simultâneos", out
    assert "(1 + 8%)^0,79" in out, out


def test_a_deadline_with_no_growth_is_still_a_deadline(monkeypatch, capsys):
    _on(monkeypatch, DECEMBER_7)
    # "colocar no ar" (live) had also been "Não entendi: “ar”"
    _reads(capsys, "llama 8b 50 usuarios, colocar no ar até o final do ano",
           "Entendi: Llama 3.1 8B · inferência · 50 usuários simultâneos · 24 dias", "prazo de 24 dias")  # fmt: skip


# -- the growth note quotes the customer's words -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("today", "question", "quoted", "not_quoted"),
    [
        (DECEMBER_7, "llama 8b 50 users, 8% monthly growth until december", "“8% monthly growth until december”",
         "within"),
        (date(2026, 6, 15), "llama 8b 40 usuarios, crescimento de 3% ao mês até dezembro do ano que vem",
         "“crescimento de 3% ao mês até dezembro do ano que vem”", "18 meses"),
        (date(2026, 6, 30), "llama 8b 20 users growing 2% a week through december",
         "“growing 2% a week through december”", "within"),
    ],
)  # fmt: skip
def test_the_growth_note_quotes_what_the_customer_wrote(
    monkeypatch, capsys, today, question, quoted, not_quoted
):
    _on(monkeypatch, today)
    out = answer(capsys, question)
    assert quoted in out, out
    assert not_quoted not in out.splitlines()[1], out


# -- several phases in an English thread -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("follow_up", "said"),
    [
        # each had been a 180-day term, a 200-token prompt ("200 in") and "Not understood: “were”"
        ("and if there were 50 in 2 months and 200 in 6?", "Read “there were 50 in 2 months and 200 in 6 months” as phases"),
        ("and 50 in 2 months, 200 in 6 months?", "the pilot, 20 users, is in the notes"),
        ("what if there were 200 in 6 months?", "Read “there were 200 in 6 months” as phases"),
    ],
)  # fmt: skip
def test_several_phases_in_an_english_thread(pipeline, follow_up, said):
    out = reply_in_thread(pipeline, "llama 8b 20 users", follow_up)
    lines = out.splitlines()
    assert lines[0] == "Understood: Llama 3.1 8B · 200 concurrent users", out
    assert said in out, out
    assert not any(line.startswith(UNKNOWN) for line in lines), out
    assert "tokens" not in lines[0] and "months" not in lines[0], out


def test_a_prompts_in_and_out_are_still_lengths(capsys):
    _reads(capsys, "llama 8b 200 in 50 out 10 users",
           "Understood: Llama 3.1 8B · 10 concurrent users · prompts of 200 tokens · answers of 50 tokens")  # fmt: skip


# -- a phase's ordinal before a grouped thousand ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # each had been refused: "“20 pessoas” e “1 500 pessoas” não valem juntos"
        "llama 8b, etapa 1 20 pessoas, etapa 2 1 500 pessoas",
        "llama 8b, etapa 1 20 pessoas, etapa 2 1.500 pessoas",
        "llama 8b, fase 1 20 pessoas; fase 2 1500 pessoas",
    ],
)
def test_a_phases_ordinal_before_a_grouped_thousand(capsys, question):
    lines = _reads(capsys, question, "Entendi: Llama 3.1 8B · 1.500 pessoas · produção", "como fases")
    assert "2.1" not in lines[0] and "21.500" not in lines[0], lines


def test_a_phase_of_english_thousands_with_commas(capsys):
    _reads(
        capsys,
        "llama 8b, phase 1 30 users, phase 2 2,000 users",
        "Llama 3.1 8B · 2.000 pessoas · produção",
        "30",
    )


# -- the customer's noun, where the answer echoes it --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "first", "said"),
    [
        # the phases' note had said "com 1.000 usuários" under "1.000 pessoas": the production as line 1 counts it
        ("llama 8b, piloto com 20 pessoas, depois 1.000 pessoas", "Entendi: Llama 3.1 8B · 1.000 pessoas · produção",
         "dimensiono a produção, com 1.000 pessoas;"),
        ("llama 8b pilot with 20 users, then 3000 employees", "Understood: Llama 3.1 8B · 3,000 people · production",
         "sized for production, 3,000 people;"),
        # users at once stay users
        ("llama 8b, fase 1 15 usuarios, fase 2 200 usuarios", "Entendi: Llama 3.1 8B · 200 usuários simultâneos",
         "dimensiono a produção, com 200 usuários;"),
    ],
)  # fmt: skip
def test_the_phases_note_counts_as_the_first_line(capsys, question, first, said):
    lines = _reads(capsys, question, first, said)
    assert "1.000 usuários" not in " ".join(lines), lines


# -- a release's size that only its mixture of experts has -------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been sized as a dense model of the size (Llama 3.2 3B), IBM's 3B being the 3B-A800M MoE
        ("granite 3.0 3b 10 usuarios", "3b-a0.8b (dimensionado como", "Li “granite 3.0 3b” como Granite 3.0 3B-A800M."),
        ("granite 3.0 1b", "1b-a0.4b (dimensionado como", "Li “granite 3.0 1b” como Granite 3.0 1B-A400M."),
        ("ibm granite-3.1-3b instruct for 20 users", "3b-a0.8b (sized as", "Read “granite-3.1-3b” as Granite 3.1 3B-A800M."),
        ("GRANITE 3.0 3B fp8", "3b-a0.8b (dimensionado como", "Granite 3.0 3B-A800M"),
    ],
)  # fmt: skip
def test_a_releases_size_only_its_moe_has_is_that_moe(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert "Llama 3.2 3B" not in lines[0] and "Llama 3.2 1B" not in lines[0], lines


def test_a_releases_dense_size_is_sized_as_before(capsys):
    lines = _reads(capsys, "granite 3.0 8b", "Entendi: granite 3.0 8b (dimensionado como Llama 3.1 8B)")
    assert not any("A800M" in line for line in lines), lines


def test_a_size_the_release_lacks_says_which_it_has(capsys):
    said = refusal(capsys, "granite 3.0 5b para 10 usuarios")
    assert "Granite 3.0 não tem 5B: vem em 1B-A400M, 2B, 3B-A800M, 8B" in said, said
    assert "`/gpu granite 3.0 8b para 10 usuarios`" in said, said


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # a catalogue series' size it lacks whose total is an uncatalogued MoE's: had been "não tem 120B: vem em
        # Nano 4B, Nano 30B-A3B", beside NVIDIA's own 120B
        ("nemotron 3 120b", "O Nemotron 3 Super 120B-A12B ainda não está no catálogo"),
        ("nemotron 3 550b para 10 usuarios", "O Nemotron 3 Ultra 550B-A55B ainda não está no catálogo"),
    ],
)
def test_a_series_size_that_is_an_uncatalogued_moe_says_so(capsys, question, said):
    out = refusal(capsys, question)
    assert said in out, out
    assert "não tem" not in out, out


def test_the_release_sizes_are_data(tmp_path):
    """The releases and their sizes are models.toml's: an operator's new release is read, with no code changed."""
    import shutil

    from sizing.catalog import DATA_DIR, load_catalog
    from sizing.query import parse

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    models = data / "models.toml"
    text = models.read_text()
    models.write_text(
        text.replace("[release_sizes]\n", '[release_sizes]\n"Foobar 2" = ["7B", "20B-A3B"]\n', 1)
    )
    query = parse("foobar 2 20b para 10 usuarios", catalog=load_catalog(data))
    assert query.corrections == [("foobar 2 20b", "Foobar 2 20B-A3B")], query.corrections


# -- numbers in words ---------------------------------------------------------------------------------------------------


NUMBERS_IN_WORDS = [
    # English thousands with no "and" had been a 2,000-token context and 500 people
    ("llama 8b for two thousand five hundred employees", "Understood: Llama 3.1 8B · 2,500 people"),
    ("llama 8b for three thousand two hundred fifty employees", "Understood: Llama 3.1 8B · 3,250 people"),
    ("llama 8b for 2 thousand 500 users", "Understood: Llama 3.1 8B · 2,500 people"),
    ("llama 8b p/ duzentos usuários", "Entendi: Llama 3.1 8B · 200 usuários simultâneos"),
    ("llama 8b for two hundred users", "Understood: Llama 3.1 8B · 200 concurrent users"),
    ("llama 8b para mil e quinhentos usuários", "Entendi: Llama 3.1 8B · 1.500 pessoas"),
    ("llama 8b pra dois mil e quinhentos usuarios", "Entendi: Llama 3.1 8B · 2.500 pessoas"),
    ("llama 8b p/ duzentos e cinquenta utilizadores", "Percebi: Llama 3.1 8B · 250 utilizadores em simultâneo"),
    ("llama 8b contexto de trinta e dois mil tokens", "Entendi: Llama 3.1 8B · 32.000 tokens de contexto"),
]  # fmt: skip


def test_thousands_and_a_count_apart_stay_apart(capsys):
    # a context's thousands, then the users: no "and" joins them into one number
    _reads(
        capsys,
        "llama 8b 32 mil e 50 usuarios",
        "Entendi: Llama 3.1 8B · 32.000 tokens de contexto · 50 usuários",
    )


# -- a little over a count ----------------------------------------------------------------------------------------------


A_LITTLE_OVER_A_COUNT = [
    # each had been a 2,000-token context and 3 people ("poucos" read as a few)
    ("llama 70b, 2 mil e poucos usuarios", "Entendi: Llama 3.1 70B · 2.000 pessoas", "Li “2 mil e poucos” como 2.000"),
    ("llama 8b, uns 2 mil e pouco funcionarios", "Entendi: Llama 3.1 8B · 2.000 pessoas", "Li “2 mil e pouco” como 2.000"),
    ("llama 8b for 2 thousand and something employees", "Understood: Llama 3.1 8B · 2,000 people",
     "I read “2 thousand and something” as 2,000"),
    ("llama 8b 2k and change users", "Understood: Llama 3.1 8B · 2,000 people", "“2k and change”"),
]  # fmt: skip


# -- ranges --------------------------------------------------------------------------------------------------------------


RANGES = [
    # number words: the lower end had been "Não entendi: “cinquenta”"
    ("llama 8b, fifty to eighty users", "Understood: Llama 3.1 8B · 80 concurrent users", "I read “fifty to eighty” as eighty"),
    ("llama 8b, cinquenta a oitenta usuários", "Entendi: Llama 3.1 8B · 80 usuários simultâneos",
     "Li “cinquenta a oitenta” como oitenta"),
    ("llama 8b entre cinquenta e oitenta pessoas", "Entendi: Llama 3.1 8B · 80 usuários simultâneos", None),
    ("llama 8b de dois a três mil funcionários", "Entendi: Llama 3.1 8B · 3.000 pessoas", None),
    # an English range is answered in English (it had been Portuguese: the range's words were gone)
    ("llama 8b 50 to 80 users", "Understood: Llama 3.1 8B · 80 concurrent users", "I read “50 to 80” as 80"),
    ("llama 70b entre 50 e 80 usuarios", "Entendi: Llama 3.1 70B · 80 usuários simultâneos", "Li “entre 50 e 80” como 80"),
    ("llama 8b 20 a 30 mil usuarios", "Entendi: Llama 3.1 8B · 30.000 pessoas", "Li “20 a 30 mil” como 30 mil"),
    ("llama 8b, prompts de 2 a 4 mil tokens", "Entendi: Llama 3.1 8B · prompts de 4.000 tokens", None),
    ("llama 70b 20 utilizadores, entre 8 e 16 mil tokens de contexto",
     "Percebi: Llama 3.1 70B · 16\u00a0000 tokens de contexto · 20 utilizadores em simultâneo", None),
]  # fmt: skip


# -- a share of a head-count --------------------------------------------------------------------------------------------


SHARES_OF_A_HEAD_COUNT = [
    # "por cento", "percent": had been "Não entendi: “25”" (4,000 at once) or 25 users at once
    ("llama 8b 25 por cento dos 4 mil colaboradores simultaneamente", "Entendi: Llama 3.1 8B · 4.000 pessoas · 25% ativos ao mesmo tempo"),
    ("llama 8b, 4000 funcionarios, 25 por cento ao mesmo tempo", "Entendi: Llama 3.1 8B · 4.000 pessoas · 25% ativos ao mesmo tempo"),
    ("llama 8b, 25 percent of our 4000 employees at once", "Understood: Llama 3.1 8B · 4,000 people · 25% active at once"),
    # a share of a trade at a conversation all day: the 300 had been lost, and one user sized
    ("llama 8b, 30% dos 300 atendentes ao mesmo tempo", "Entendi: Llama 3.1 8B · 300 pessoas · 30% ativos ao mesmo tempo"),
    ("llama 8b, 20% of our 500 support agents at the same time", "Understood: Llama 3.1 8B · 500 people · 20% active at once"),
    # a fraction in digits: had been "Não entendi: “1/3”" and the 600 sized at once
    ("llama 8b, 1/3 dos 600 funcionarios ao msm tempo", "Entendi: Llama 3.1 8B · 600 pessoas · 33% ativos ao mesmo tempo"),
    ("llama 8b, 600 funcionarios, 1/3 ao mesmo tempo", "Entendi: Llama 3.1 8B · 600 pessoas · 33% ativos ao mesmo tempo"),
    ("llama 8b, 1/4 of our 2000 employees at the same time", "Understood: Llama 3.1 8B · 2,000 people · 25% active at once"),
    ("llama 8b, 30% dos 2 mil funcionários usam ao mesmo tempo", "Entendi: Llama 3.1 8B · 2.000 pessoas · 30% ativos ao mesmo tempo"),
    ("llama 8b, um terço dos 600 funcionários usa ao mesmo tempo", "Entendi: Llama 3.1 8B · 600 pessoas · 33% ativos ao mesmo tempo"),
    # other fractions in words, "porcento", "pct": had been not understood
    ("llama 8b, dois mil funcionários, um quinto ao mesmo tempo", "Entendi: Llama 3.1 8B · 2.000 pessoas · 20% ativos ao mesmo tempo"),
    ("llama 8b, 2000 employees, a fifth at once", "Understood: Llama 3.1 8B · 2,000 people · 20% active at once"),
    ("llama 8b, two thirds of our 900 employees at the same time", "Understood: Llama 3.1 8B · 900 people · 67% active at once"),
    ("llama 8b, 900 funcionarios, dois terços ao mesmo tempo", "Entendi: Llama 3.1 8B · 900 pessoas · 67% ativos ao mesmo tempo"),
    ("llama 8b, 2000 funcionários, 10 porcento simultâneos", "Entendi: Llama 3.1 8B · 2.000 pessoas · 10% ativos ao mesmo tempo"),
    ("llama 8b 15pct dos 2000 funcionarios ao mesmo tempo", "Entendi: Llama 3.1 8B · 2.000 pessoas · 15% ativos ao mesmo tempo"),
]  # fmt: skip


def test_a_share_in_words_keeps_the_customers_words(capsys):
    out = answer(capsys, "llama 8b 100 usuarios crescendo 10 por cento ao mes por 6 meses")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 177 usuários simultâneos", out
    assert "“crescendo 10 por cento ao mes por 6 meses”" in out, out


def test_a_weekday_schedule_is_no_fraction(capsys):
    _reads(capsys, "llama 8b 24/7 para 50 usuarios", "Entendi: Llama 3.1 8B · 50 usuários simultâneos · 24/7")


# -- chat shorthand and typos -------------------------------------------------------------------------------------------


CHAT_SHORTHAND_AND_TYPOS = [
    # "d" for "de", "bts" for "bits": had been "Não entendi: “d”", "Não entendi: “4bts”"
    ("llama 70b pra 20 pessoas ao msm tempo c/ contexto d 8k", "Entendi: Llama 3.1 70B · 8k de contexto · 20 usuários simultâneos"),
    ("llama 70b 4bts", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
    ("llama 70b 4 bts 20 usuarios", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos"),
    # "usuários/dia": the day's people, and what each sends a day (had been "Não entendi: “10”, “msgs”")
    ("quero rodar qwen3 32b, 1,5 mil usuários/dia, cada um manda umas 10 msgs",
     "Entendi: Qwen3 32B · inferência · 15.000 requisições por dia"),
    ("blz, qto de gpu p/ rodar llama 70b c/ 50 usu simultaneos?", "Entendi: Llama 3.1 70B · inferência · 50 usuários simultâneos"),
    ("lhama 70b 20 usuarios", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
    ("llama 70b 20 ususarios simutaneos", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
    ("qwen 32b no ar pra 30 pessoas", "Entendi: Qwen2.5 32B · inferência · 30 usuários simultâneos"),
    # an apostrophe's "d" is no "de"
    ("I'd like to run llama 70b for 20 users", "Understood: Llama 3.1 70B · inference · 20 concurrent users"),
]  # fmt: skip


# -- model versions with dates and repo names ---------------------------------------------------------------------------


MODEL_VERSIONS_WITH_DATES = [
    # the date after the precision had been a context of 2,407 (2,501) tokens
    ("llama 3.1 405b instruct fp8 2407 para 20 users", "Entendi: Llama 3.1 405B · FP8 (8-bit) · 20 usuários simultâneos"),
    ("mistral small 24b instruct awq 2501 10 usuarios",
     "Entendi: Mistral Small 3 24B · INT4 (AWQ/GPTQ g128) · 10 usuários simultâneos"),
    ("llama 3.1 405b instruct 2407 fp8", "Entendi: Llama 3.1 405B · FP8 (8-bit)"),
    ("qwen2.5-72b-instruct-awq 20 usuarios",
     "Entendi: Qwen2.5 72B (Qwen2.5-72B-Instruct-AWQ) · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos"),
    ("qwen3-235b-a22b-instruct-2507 fp8", "Entendi: Qwen3 235B-A22B Instruct 2507 · FP8 (8-bit)"),
    ("deepseek v3 0324 fp8 10 usuarios",
     "Entendi: DeepSeek V3 0324 (arquitetura do DeepSeek V3) · FP8 (8-bit) · 10 usuários simultâneos"),
    ("llama3.1:70b-instruct-q4_K_M 20 usuarios", "Entendi: Llama 3.1 70B · GGUF Q4_K_M · 20 usuários simultâneos"),
    # a release's month and year had been a context of 2,024 tokens and the month not understood
    ("llama 3.3 70b (dez/2024) 20 usuarios", "Entendi: Llama 3.3 70B · 20 usuários simultâneos"),
    ("llama 3.3 70b (12/2024) 20 usuarios", "Entendi: Llama 3.3 70B · 20 usuários simultâneos"),
    ("llama 3.3 70b (Dec 2024) 20 users", "Entendi: Llama 3.3 70B · 20 usuários simultâneos"),
]  # fmt: skip


# -- mixed units of context ---------------------------------------------------------------------------------------------


MIXED_UNITS_OF_CONTEXT = [
    ("llama 70b 32 mil tokens de contexto", "Entendi: Llama 3.1 70B · 32.000 tokens de contexto"),
    ("qwen 32b 32k ctx 10 users", "Understood: Qwen2.5 32B · 32k context · 10 concurrent users"),
    ("llama 8b contexto de 128 mil", "Entendi: Llama 3.1 8B · 128.000 tokens de contexto"),
    ("qwen 32b 32k de janela 10 users", "Entendi: Qwen2.5 32B · 32k de contexto · 10 usuários simultâneos"),
    ("llama 70b para 40 utilizadores em simultâneo, contexto de 32 mil",
     "Percebi: Llama 3.1 70B · 32\u00a0000 tokens de contexto · 40 utilizadores em simultâneo"),
    ("llama 8b 8k in 512 out 20 usuarios",
     "Entendi: Llama 3.1 8B · 20 usuários simultâneos · prompts de 8.000 tokens · respostas de 512 tokens"),
]  # fmt: skip


# -- more of the same kinds, in threads and in Portugal's Portuguese ----------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been "um ritmo de crescimento sem prazo" with "Não percebi: “final”, “ano”" (or "“fim”"), or in
        # English a 24-day deadline quoted into the growth as "within 24 days"
        ("llama 8b 50 utilizadores, crescimento de 8% ao mês até ao final do ano",
         "Percebi: Llama 3.1 8B · 53 utilizadores em simultâneo", "“crescimento de 8% ao mês até ao final do ano”"),
        ("llama 8b 50 usuarios, crescimento de 8% ao mês até o fim de dezembro",
         "Entendi: Llama 3.1 8B · 53 usuários simultâneos", "“crescimento de 8% ao mês até o fim de dezembro”"),
        ("llama 8b 50 users growing 8% a month till year end", "Understood: Llama 3.1 8B · 53 concurrent users",
         "“growing 8% a month till year end”"),
    ],
)  # fmt: skip
def test_more_growths_until_a_date(monkeypatch, capsys, question, read, said):
    _on(monkeypatch, DECEMBER_7)
    lines = _reads(capsys, question, read, said)
    assert not any("prazo" in line or "deadline" in line or "24 days" in line for line in lines), lines


@pytest.mark.parametrize(
    ("first", "follow_up", "read", "said"),
    [
        # no digit at all, or no noun after the range: had been "Not understood: “fifty”", "Não entendi o pedido"
        ("llama 8b 50 users", "and with fifty to eighty users?", "Understood: Llama 3.1 8B · 80 concurrent users",
         "I read “fifty to eighty” as eighty"),
        ("llama 8b 50 users", "and between fifty and eighty?", "Understood: Llama 3.1 8B · 80 concurrent users", None),
        ("llama 8b 50 usuarios", "e se forem entre cinquenta e oitenta?", "Entendi: Llama 3.1 8B · 80 usuários simultâneos",
         "Li “entre cinquenta e oitenta” como oitenta"),
        ("llama 8b 50 users", "and if it grows 8% a month until december?", "Understood: Llama 3.1 8B · 53 concurrent users",
         "“grows 8% a month until december”"),
        ("llama 8b 50 usuarios", "e se forem 2 mil e poucos?", "Entendi: Llama 3.1 8B · 2.000 pessoas", "Li “2 mil e poucos” como 2.000"),
        ("llama 8b 50 usuarios", "e com 1/3 deles ao mesmo tempo?", "Entendi: Llama 3.1 8B · 50 pessoas · 33% ativos ao mesmo tempo", None),
    ],
)  # fmt: skip
def test_the_new_kinds_in_a_thread(pipeline, first, follow_up, read, said):
    out = reply_in_thread(pipeline, first, follow_up)
    lines = out.splitlines()
    assert lines[0] == read, out
    assert said is None or said in out, out
    assert not any(line.startswith(UNKNOWN) for line in lines), out


CHAT_SPELLINGS_BESIDE_PHASES = [
    # the next year's count with chat's "no" left out had been a 300-token context; the quote keeps "q"
    ("llama 8b, 100 usuarios hj e 300 ano q vem", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
     "Li “100 usuarios hj e 300 ano q vem” como fases"),
    ("llama 8b, 100 usuarios hoje e 300 mês que vem", "Entendi: Llama 3.1 8B · 300 usuários simultâneos · produção",
     "o piloto, com 100 usuários, vai nas notas"),
    # "agr" had been "Não entendi: “agr”"
    ("qual gpu pro llama 70b agr c/ 20 users", "Entendi: Llama 3.1 70B · 20 usuários simultâneos", None),
]  # fmt: skip


def test_a_count_for_years_is_still_a_term(capsys):
    _reads(
        capsys,
        "llama 8b, 100 usuarios por 3 anos",
        "Entendi: Llama 3.1 8B · 100 usuários simultâneos · por 3 anos",
    )


@pytest.mark.parametrize(
    ("question", "read"),
    [*NUMBERS_IN_WORDS, *SHARES_OF_A_HEAD_COUNT, *CHAT_SHORTHAND_AND_TYPOS, *MODEL_VERSIONS_WITH_DATES,
     *MIXED_UNITS_OF_CONTEXT],
)  # fmt: skip
def test_read_as_the_customer_meant(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert lines[0] == read, lines


@pytest.mark.parametrize(
    ("question", "read", "said"), [*A_LITTLE_OVER_A_COUNT, *RANGES, *CHAT_SPELLINGS_BESIDE_PHASES]
)
def test_read_as_the_customer_meant_and_said_so(capsys, question, read, said):
    lines = _reads(capsys, question, read, said)
    assert lines[0] == read, lines


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # had been "Li 1.000 usuários como as pessoas que usam o serviço" under "Entendi: ... 1.000 pessoas"
        ("llama 8b 1.000 pessoas", "Li 1.000 pessoas como o total de quem usa o serviço, não 1.000 conversas ao mesmo tempo"),
        ("llama 8b for 5000 people", "I read 5,000 people as everyone who uses the service"),
        # the plain word for users stays the answer's own
        ("llama 8b 2000 usuarios", "Li 2.000 usuários como as pessoas que usam o serviço"),
    ],
)  # fmt: skip
def test_a_head_count_is_said_back_in_the_customers_noun(capsys, question, said):
    out = answer(capsys, question)
    assert said in out, out
    if "pessoas" in question:
        assert "usuários como" not in out, out


def test_a_head_counts_noun_stays_in_its_thread(pipeline):
    out = reply_in_thread(pipeline, "llama 8b 1.000 pessoas", "e se forem 3 mil?")
    assert out.splitlines()[0] == "Entendi: Llama 3.1 8B · 3.000 pessoas", out
    assert "Li 3.000 pessoas como o total de quem usa o serviço" in out, out
