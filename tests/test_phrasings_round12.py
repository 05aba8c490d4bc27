"""Questions as people in different roles type them in Slack, twelfth round (2026-12-07): a hospital network's
nurses and doctors on shifts, an airline's crew and call center, a builder's engineers, a bank's branches, a
city hall, a farm co-op, a marketplace's seller support, a law school and a logistics firm's drivers on
WhatsApp. Who uses the assistant and how many: a share of the people busy at once, a share of those who use it
at all, each shift's people listed, a part of the people named after them, a team's size in parentheses,
professions, and "workers". Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import UNKNOWN, answer, understood_lines


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


def _first(lines: list[str]) -> str:
    return lines[0]


def _no_unknown(lines: list[str]) -> bool:
    return not any(line.startswith(UNKNOWN) for line in lines)


def _reads(capsys, question: str, read: str) -> None:
    """The "Entendi" line says `read`, and no word of the question is said not understood."""
    lines = understood_lines(capsys, question)
    assert read in _first(lines), lines
    assert _no_unknown(lines), lines


# -- a share of the people busy with a customer is the share at once -----------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been 200 concurrent users and "Not understood: 60, calls"
        ("200 agents, 60% on calls at any time, llama 3.1 8b", "200 people · 60% active at once"),
        (
            "bank call center, 500 agents, 75% on calls at any given time, llama 8b",
            "500 people · 75% active at once",
        ),
        # had been 250 users at once and "Não entendi: 70"
        (
            "call center da cia aérea com 250 atendentes, 70% em atendimento simultâneo, llama 8b",
            "250 pessoas · 70% ativos ao mesmo tempo",
        ),
        (
            "um terço em atendimento simultâneo, 90 atendentes, qwen 14b",
            "90 pessoas · 33% ativos ao mesmo tempo",
        ),
        (
            "logistics company, 1,200 drivers on WhatsApp, 15% chatting at peak, qwen 7b",
            "1,200 people · 15% active",
        ),
        # the head-count had been swallowed by the share said in words
        (
            "metade dos 400 médicos usa o assistente ao mesmo tempo, llama 70b",
            "400 pessoas · 50% ativos ao mesmo tempo",
        ),
    ],
)
def test_a_share_busy_at_once_is_the_share_at_once(capsys, question, read):
    _reads(capsys, question, read)


# -- a share of the people who use it at all cuts the head-count ----------------------------------------------------


@pytest.mark.parametrize(
    ("question", "people", "said"),
    [
        # had been "2.000 pessoas · 70% ativos ao mesmo tempo"
        (
            "70% dos 2 mil colaboradores usam o assistente, llama 8b",
            "1.400 pessoas",
            "Li “70% dos 2 mil colaboradores usam” como 1.400 das 2.000 pessoas usando o serviço",
        ),
        ("70% of our 2,000 employees will use it, llama 8b", "1,400 people", "1,400 of the 2,000 people"),
        (
            "banco tem 12 mil colaboradores, 60% vão usar o copiloto, llama 70b",
            "7.200 pessoas",
            "7.200 das 12.000",
        ),
        # public servants with the verb after them: had been "Não entendi: 60"
        ("60% dos 5 mil servidores vão usar o chatbot, llama 8b", "3.000 pessoas", "3.000 das 5.000"),
        ("2000 funcionários, metade usa, llama 8b", "1.000 pessoas", "Li “metade usa” como 1.000 das 2.000"),
    ],
)
def test_a_share_of_those_who_use_it_is_a_share_of_the_head_count(capsys, question, people, said):
    lines = understood_lines(capsys, question)
    assert (
        people in _first(lines) and "ao mesmo tempo" not in _first(lines) and "at once" not in _first(lines)
    )
    assert any(said in line for line in lines), lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        (
            "prefeitura com 3 mil servidores, 10% usam ao msm tempo, llama 8b",
            "3.000 pessoas · 10% ativos ao mesmo tempo",
        ),
        ("2000 funcionários, 30% usam no pico, llama 8b", "2.000 pessoas · 30% ativos ao mesmo tempo"),
        ("1000 users, 20% use it at the same time, llama 8b", "1,000 people · 20% active at once"),
        # a day's share stays a day's
        ("cooperativa agro com 12 mil cooperados, 5% usam por dia, llama 8b", "600 pessoas"),
    ],
)
def test_a_share_using_it_at_once_or_a_day_keeps_its_reading(capsys, question, read):
    _reads(capsys, question, read)


def test_a_share_using_it_then_a_share_at_once_are_both_read(capsys):
    # had been refused as a contradiction of the two shares
    lines = understood_lines(capsys, "500 funcionários, 40% usam e 10% ao mesmo tempo, llama 8b")
    assert "200 pessoas · 10% ativos ao mesmo tempo" in _first(lines), lines
    assert any("Li “40% usam” como 200 das 500 pessoas" in line for line in lines), lines


# -- each shift's people listed: the largest at work at once, the day's said ----------------------------------------


@pytest.mark.parametrize(
    ("question", "load", "said"),
    [
        # had been 20 users and "Não entendi: turnos, 40"
        (
            "3 turnos: 40, 40 e 20 atendentes, llama 8b",
            "40 usuários simultâneos",
            "Li “3 turnos: 40, 40 e 20” como 3 turnos, um de cada vez: dimensionei o maior, de 40 pessoas "
            "trabalhando ao mesmo tempo (100 pessoas no dia).",
        ),
        (
            "nosso SAC aéreo tem 3 turnos: 120, 100 e 60 agentes, qual gpu pro qwen 14b?",
            "120 usuários simultâneos",
            "(280 pessoas no dia)",
        ),
        (
            "hospital com 3 turnos de 200, 150 e 100 enfermeiros, llama 8b",
            "200 pessoas",
            "(450 pessoas no dia)",
        ),
        (
            "3 shifts of 30, 20 and 10 agents, llama 8b",
            "30 concurrent users",
            "sized the largest, 30 people at work at once (60 people in the day)",
        ),
    ],
)
def test_each_shifts_people_listed_size_the_largest(capsys, question, load, said):
    lines = understood_lines(capsys, question)
    assert load in _first(lines), lines
    assert any(said in line for line in lines), lines
    assert _no_unknown(lines), lines


# -- a part of the people named after them adds no one ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "people", "said"),
    [
        # had been "Não entendi: 10"
        (
            "40 mil alunos, sendo 10% de pós, llama 8b",
            "40.000 pessoas",
            "Li “sendo 10% de pós” como uma parte das 40.000",
        ),
        # had been two groups, "sem dizer qual deles usa o assistente"
        (
            "banco com 8 mil funcionários, sendo 2 mil caixas, assistente pra todos, llama 70b",
            "8.000 pessoas",
            "Li “sendo 2 mil caixas” como uma parte das 8.000 pessoas, já contada nelas",
        ),
        # had been a 300-token context
        (
            "2000 employees, of whom 300 are engineers, llama 8b",
            "2,000 people",
            "Read “of whom 300 are engineers” as a part of the 2,000 people",
        ),
    ],
)
def test_a_part_of_the_people_is_said_and_adds_no_one(capsys, question, people, said):
    lines = understood_lines(capsys, question)
    assert people in _first(lines) and "token" not in _first(lines), lines
    assert any(said in line for line in lines), lines
    assert _no_unknown(lines), lines


def test_a_part_named_as_the_users_is_still_the_load(capsys):
    out = answer(
        capsys, "a fintech tem 500 funcionários, sendo 60 analistas de fraude, llama 70b pros analistas"
    )
    assert "Entendi: Llama 3.1 70B · 60 pessoas" in out
    assert "uma parte das" not in out


# -- a team's size in parentheses is its head-count ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been 30 concurrent users
        ("pharma team (about 30 people), llama 70b", "Understood: Llama 3.1 70B · 30 people"),
        ("equipe jurídica (~30 pessoas), llama 70b", "Entendi: Llama 3.1 70B · 30 pessoas"),
        ("equipe jurídica (uns 30), llama 70b", "Entendi: Llama 3.1 70B · 30 pessoas"),
        # agents work conversations all day: still at once
        ("our support team (around 40 agents), llama 3.1 8b", "40 concurrent users"),
    ],
)
def test_a_teams_size_in_parentheses_is_its_head_count(capsys, question, read):
    _reads(capsys, question, read)


# -- professions with no trade's ending, and "workers" ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Não entendi: 15, arquitetos, 50, garçons"
        ("15 arquitetos e 50 garçons, llama 8b", "Entendi: Llama 3.1 8B · 65 pessoas"),
        # had been 12 users at once of an evaluation, answered in Portuguese
        ("12 pilots, llama 8b", "Understood: Llama 3.1 8B · 12 people"),
        ("companhia aérea: 800 comissários e 300 pilotos vão consultar manuais, llama 70b", "1.100 pessoas"),
        ("airline crew assistant for 1,200 flight attendants and 400 pilots, mixtral 8x7b", "1,600 people"),
        ("1500 caixas e 300 gerentes usando assistente de crédito, qwen 14b", "1.800 pessoas"),
        ("100 mestres de obra via whatsapp, llama 8b, qto custa?", "100 pessoas"),
        ("20 garçons e 8 cozinheiros usando um assistente de cardápio, llama 8b", "28 pessoas"),
        ("40 architects using qwen 32b", "Understood: Qwen2.5 32B · 40 people"),
        ("200 factory workers using llama 8b", "200 people"),
    ],
)
def test_a_profession_counted_is_that_many_people(capsys, question, read):
    _reads(capsys, question, read)


def test_workers_are_people_unless_serving_software_is_named(capsys):
    lines = understood_lines(capsys, "200 workers da fábrica usando llama 8b no chão de fábrica")
    assert "200 pessoas" in _first(lines) and _no_unknown(lines), lines
    assert any(
        "Li “workers” como pessoas que usam o serviço, não como workers de um servidor" in x for x in lines
    )
    lines = understood_lines(capsys, "vllm com 200 workers pro llama 8b")
    assert "pessoas" not in _first(lines), lines
    assert not any("workers” como pessoas" in x for x in lines), lines


# -- a list of people, then a share of all of them -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been 50 people, the interns a group left out
        (
            "somos 50 advogados e 20 estagiários, metade usa ao mesmo tempo, llama 70b",
            "70 pessoas · 50% ativos",
        ),
        # had been 900 people, the doctors left out
        (
            "hospital com 300 médicos e 900 enfermeiros, metade online ao msm tempo, qwen 14b",
            "1.200 pessoas · 50% ativos",
        ),
    ],
)
def test_a_share_after_a_list_is_of_all_of_it(capsys, question, read):
    _reads(capsys, question, read)


def test_places_and_the_people_per_place_joined_by_and(capsys):
    lines = understood_lines(capsys, "bank with 600 branches and 3 tellers per branch, llama 3.1 8b")
    assert "1,800 people" in _first(lines) and _no_unknown(lines), lines
    assert any("600 × 3 = 1,800 people" in line for line in lines), lines


# -- these customers' words ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("gerar respostas para e-mails com llama 8b, 50 usuários", "50 usuários simultâneos"),
        ("gerar respostas automáticas pros tickets, 500 tickets/dia, qwen 7b", "500 requisições por dia"),
        ("câmara municipal (45 assessores) quer um assistente legislativo, llama 70b", "45 pessoas"),
        ("60 veterinários e 300 produtores rurais, assistente de manejo, llama 8b", "360 pessoas"),
        ("faculdade de direito com 3 mil alunos e 120 professores, llama 70b", "3.120 pessoas"),
        (
            "law school: 1,500 students, about 10% at the same time, qwen 32b",
            "1,500 people · 10% active at once",
        ),
        (
            "agribusiness coop, 8000 farmers, 2% active at peak, llama 3.1 8b",
            "8,000 people · 2% active at once",
        ),
        ("400 entregadores e 30 despachantes, chatbot no zap, llama 8b", "430 pessoas"),
        ("transportadora com 900 motoristas falando via whatsapp, llama 8b", "900 pessoas"),
        ("engenheiros de obra (~45) consultando normas pelo celular, llama 8b", "45 pessoas"),
        (
            "construction company, 200 engineers, maybe 30% at the same time, llama 70b",
            "200 people · 30% active",
        ),
        (
            "hospital network, 4000 nurses across 3 shifts, about 20% using it at once, llama 3.1 70b",
            "1,334 people",
        ),
        ("e-commerce com 4 mil sellers, suporte por chat, llama 8b", "4.000 pessoas"),
        (
            "o nosso centro de contacto tem 200 operadores, um quarto em simultâneo, qwen 14b",
            "200 pessoas · 25%",
        ),
        (
            "equipa de enfermagem (cerca de 60 enfermeiros), llama 8b, quantas gpus?",
            "Percebi: Llama 3.1 8B · 60 pessoas",
        ),
    ],
)
def test_these_customers_words_are_read(capsys, question, read):
    _reads(capsys, question, read)
