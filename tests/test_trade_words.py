"""Trades no list names, read as people by how the word ends ("20 tradutores", "12 translators"), through
gpu-size as a user runs it; and words that end the same way but name things, whose reading stays as it was."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import UNKNOWN, answer, answer_json, understood_lines

# (question, the trade as typed, its count): none of these trades is in traffic_words.toml's people.
TRADES = [
    # counted in words (had been "Não entendi: “vinte”, “tradutores”")
    ("llama 8b para vinte tradutores", "tradutores", 20),
    ("llama 8b para vinte e cinco tradutores", "tradutores", 25),
    ("qwen 32b for twenty translators", "translators", 20),
    # pt-BR
    ("20 tradutores usando qwen 32b", "tradutores", 20),
    ("20 roteiristas usando qwen 32b", "roteiristas", 20),
    ("20 bibliotecários usando llama 8b", "bibliotecários", 20),
    ("20 veterinários com llama 70b", "veterinários", 20),
    ("12 revisores usando qwen 32b", "revisores", 12),
    ("30 recepcionistas usando llama 8b", "recepcionistas", 30),
    ("40 bibliotecárias usando qwen 14b", "bibliotecárias", 40),
    ("25 fonoaudiólogos usando llama 8b", "fonoaudiólogos", 25),
    ("10 nutricionistas usando llama 8b", "nutricionistas", 10),
    ("200 caminhoneiros usando llama 8b", "caminhoneiros", 200),
    ("llama 70b para 2 mil tradutores", "tradutores", 2000),
    ("assistente no llama 8b pra 35 cozinheiros", "cozinheiros", 35),
    ("qwen 14b para 18 arquivistas", "arquivistas", 18),
    ("llama 8b pra 60 frentistas", "frentistas", 60),
    ("llama 8b com 45 biomédicos", "biomédicos", 45),
    ("qwen 32b para 22 geólogos", "geólogos", 22),
    ("llama 8b para 70 cartógrafos", "cartógrafos", 70),
    ("llama 8b para 90 atletas", "atletas", 90),
    ("llama 8b pra 14 estatísticos", "estatísticos", 14),
    ("llama 8b pra 300 vigilantes", "vigilantes", 300),
    ("llama 8b para 80 docentes", "docentes", 80),
    ("qwen 7b para 25 carteiros", "carteiros", 25),
    ("llama 8b pra 16 costureiras", "costureiras", 16),
    ("llama 8b para 33 secretárias", "secretárias", 33),
    ("qwen 32b para 12 cabeleireiras", "cabeleireiras", 12),
    ("llama 8b pra 500 franqueadores", "franqueadores", 500),
    ("tradutores (20) usando qwen 32b", "tradutores", 20),
    ("150 tradutores, 10% ao mesmo tempo, llama 70b", "tradutores", 150),
    # pt-PT
    ("20 tradutores a utilizar o qwen 32b", "tradutores", 20),
    ("llama 8b para 40 explicadores", "explicadores", 40),
    ("qwen 14b para 25 farmacêuticas", "farmacêuticas", 25),
    ("llama 8b para 120 carteiros", "carteiros", 120),
    ("llama 8b para 30 rececionistas", "rececionistas", 30),
    ("qwen 32b para 50 solicitadores", "solicitadores", 50),
    # English
    ("12 translators using qwen 32b", "translators", 12),
    ("30 paramedics using llama 8b", "paramedics", 30),
    ("8 actuaries using llama 70b", "actuaries", 8),
    ("llama 8b for 40 librarians", "librarians", 40),
    ("llama 8b for 25 electricians", "electricians", 25),
    ("llama 8b for 60 plumbers", "plumbers", 60),
    ("qwen 32b for 20 illustrators", "illustrators", 20),
    ("llama 8b for 45 pharmacologists", "pharmacologists", 45),
    ("llama 8b for 200 volunteers", "volunteers", 200),
    ("llama 8b for 70 cashiers", "cashiers", 70),
    ("qwen 14b for 18 therapists", "therapists", 18),
    ("llama 70b for 35 economists", "economists", 35),
    ("llama 8b for 90 bartenders", "bartenders", 90),
    ("llama 8b for 300 participants", "participants", 300),
    ("llama 8b for 50 applicants a day", "applicants", 50),
    ("llama 8b for 20 statisticians", "statisticians", 20),
    ("llama 8b for 40 veterinarians", "veterinarians", 40),
    ("llama 8b for 10 secretaries", "secretaries", 10),
    ("qwen 32b for 16 programmers", "programmers", 16),
    ("llama 8b for 80 bankers", "bankers", 80),
    ("llama 8b for 33 dietitians", "dietitians", 33),
    ("llama 8b for 30 moderators", "moderators", 30),
]

# The same ending, naming things (or describing them): never people by their ending.
THINGS = [
    "llama 8b 20 servidores com 8 gpus",
    "qwen 32b em 4 servidores",
    "llama 70b 4 processadores",
    "llama 8b 100 entrevistas por dia",
    "llama 8b 500 comentários por hora",
    "llama 8b 10 cenários",
    "llama 8b 50 formulários",
    "llama 8b 1000 vectors",
    "llama 8b 30 containers",
    "llama 70b em 2 computadores",
    "llama 8b com 1000 documents",
    "qwen 32b 20 tensores",
    "llama 8b 3 monitores",
    "llama 8b para 10 setores",
    "llama 8b 20 diferentes modelos",
    "llama 8b 8 workers",
    "llama 8b 5 dicionários",
    "llama 8b com 4 adapters",
    "llama 8b 10 tópicos",
    "llama 8b 20 gráficos por dia",
    "llama 8b 64 tensors",
    "llama 8b 12 layers",
    "llama 8b 30 métricas",
    "llama 8b 3 ambientes",
    "llama 8b 100 restaurantes",
    "llama 8b for 100 restaurants",
    "llama 8b for 5 departments",
    "llama 8b for 200 tenants",
    "llama 8b 20 summaries per hour",
    "llama 8b 5 libraries",
    "llama 8b 3 clusters",
    "llama 8b 10 revistas",
    "llama 8b 10 listas",
    "llama 8b 30 vetores",
    "llama 8b 20 valores",
    "llama 8b 8 cores",
    "llama 8b 12 experiments",
    "llama 8b 5 componentes",
    "llama 8b 3 réplicas",
    "llama 8b para 40 seguradoras",
    "llama 8b com 10 metas",
    "llama 8b 1000 parâmetros",
]


@pytest.mark.parametrize(("question", "trade", "count"), TRADES)
def test_a_counted_trade_no_list_names_is_that_many_people(capsys, question, trade, count):
    lines = understood_lines(capsys, question)
    assert not any(line.startswith(UNKNOWN) for line in lines), lines
    assert any(f"“{trade}”" in line and ("terminação" in line or "word ends" in line) for line in lines), (
        lines
    )
    assert answer_json(capsys, question)["workload"]["population"] == count


@pytest.mark.parametrize(
    ("trade", "listed"),
    [
        ("20 tradutores usando qwen 32b", "20 advogados usando qwen 32b"),
        (
            "300 caminhoneiros usam o llama 8b, 10% ao mesmo tempo",
            "300 motoristas usam o llama 8b, 10% ao mesmo tempo",
        ),
        ("12 translators using qwen 32b", "12 lawyers using qwen 32b"),
    ],
)
def test_a_trade_read_by_its_ending_is_sized_as_a_listed_trade(capsys, trade, listed):
    by_ending, by_list = answer_json(capsys, trade), answer_json(capsys, listed)
    assert by_ending["workload"] == by_list["workload"]
    assert by_ending["recommendation"] == by_list["recommendation"]


def test_two_trades_read_by_their_ending_are_two_groups_summed(capsys):
    lines = understood_lines(capsys, "llama 8b for 25 electricians and 10 plumbers")
    assert "35 people" in lines[0]
    assert any("25 electricians and 10 plumbers" in line and "35" in line for line in lines), lines


def test_the_same_trade_twice_is_said_once(capsys):
    lines = understood_lines(capsys, "qwen 32b para 60 tradutores e 20 tradutores")
    assert sum("terminação" in line for line in lines) == 1, lines


def test_a_trade_with_no_count_stays_unread(capsys):
    lines = understood_lines(capsys, "os tradutores usam o qwen 32b")
    assert not any("terminação" in line for line in lines), lines
    assert any(line.startswith(UNKNOWN) and "tradutores" in line for line in lines), lines


@pytest.mark.parametrize("question", THINGS)
def test_things_that_end_like_trades_are_no_people(capsys, question):
    text = answer(capsys, question)
    assert "terminação" not in text and "word ends" not in text
    count = int(
        question.split()[next(i for i, w in enumerate(question.split()) if w.isdigit() and "b" not in w)]
    )
    assert answer_json(capsys, question)["workload"]["population"] != count


def test_a_trade_whose_count_stays_unread_is_not_said_read(capsys):
    # "20 de nossos advogados usam" leaves its count unread too: nothing of the trade was read, so the answer
    # does not claim it read the word as people
    lines = understood_lines(capsys, "20 de nossos tradutores usam o qwen 32b")
    assert not any("terminação" in line for line in lines), lines
