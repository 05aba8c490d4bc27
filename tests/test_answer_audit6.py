"""Answers read line by line as a careful customer would, round 6 (rounds 1 to 5: test_answer_audit.py to
test_answer_audit5.py), through the console with prices configured: budgets written as Portugal writes money
(the euro's sign after the amount, thousands grouped by spaces, "M€")."""

import re

import pytest

from tests.data_folders import priced_answers
from tests.test_answer_audit import PRICES, number


@pytest.fixture
def ask(tmp_path, monkeypatch, capsys):
    yield from priced_answers(tmp_path, monkeypatch, capsys, PRICES)


@pytest.mark.parametrize(
    ("question", "lang", "amount"),
    [
        # the space between thousands had cut the amount: a budget of 500,00
        ("orçamento de 500 000 € para afinar o llama 8b", "pt-PT", 500_000),
        # the sign after the amount had been dropped: a budget in the offering's currency, compared as reais
        ("orçamento de 500 mil € para afinar o llama 8b", "pt-PT", 500_000),
        ("orçamento de 500.000€ para afinar o llama 8b", "pt-PT", 500_000),
        ("orçamento de 2 M€ para afinar o llama 8b", "pt-PT", 2_000_000),  # had been 2,00
        ("orçamento de 500 mil euros para afinar o llama 8b", "pt-PT", 500_000),
        ("budget of 500k € to fine-tune llama 8b", "en", 500_000),
    ],
)
def test_a_budget_in_euros_as_portugal_writes_it_is_read_whole_and_in_euros(ask, question, lang, amount):
    out = ask(question).replace("\u00a0", " ")
    understood = out.splitlines()[0]
    assert understood.startswith({"pt-PT": "Percebi:", "en": "Understood:"}[lang]), understood
    said = re.search(r"(?:orçamento de|budget of) (?:EUR )?([\d.,  ]+?) ?(€|$)", understood)
    assert said and number(said[1].replace(" ", ""), lang) == amount, understood
    assert "EUR" in understood or "€" in understood, understood
    # prices are in reais: the answer says it compares no euros, never a budget taken as reais
    assert re.search(r"(?:orçamento|budget) (?:está em|is in) EUR", out), out


def test_a_monthly_budget_in_euros_keeps_its_month(ask):
    understood = ask("orçamento de 20 mil € por mês para servir o llama 8b a 100 utilizadores").splitlines()[
        0
    ]
    assert "orçamento de 20 000 € por mês" in understood.replace("\u00a0", " "), understood


@pytest.mark.parametrize(
    "question", ["llama 8b para 2 000 utilizadores", "llama 8b, 100 utilizadores, 2 000 tokens"]
)
def test_numbers_grouped_by_spaces_with_no_currency_are_no_money(ask, question):
    understood = ask(question).splitlines()[0]
    assert "orçamento" not in understood and "€" not in understood, understood


@pytest.mark.parametrize(
    ("question", "mode"),
    [
        ("llama 3.3 70b para 200 usuários, capacidade dedicada, quanto fica por mês?", "dedicada"),
        ("llama 8b 50 usuários, capacidade sob demanda", "sob demanda"),
        ("llama 8b 50 utilizadores em capacidade dedicada", "dedicada"),
        ("llama 8b for 50 users, dedicated capacity please", "dedicated"),
    ],
)
def test_a_contract_mode_said_with_its_word_capacity_is_read_whole(ask, question, mode):
    # "capacidade dedicada" had been the mode and "Não entendi: “capacidade”", as if the word were a mistake
    lines = ask(question).splitlines()
    assert lines[0].endswith((f"· {mode}", f"· {mode} · custo")), lines[0]
    assert not any(line.startswith(("Não entendi", "Não percebi", "Not understood")) for line in lines[:3])


def test_one_conversation_beside_speech_is_said_in_the_singular(ask):
    out = ask("llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço por mês")
    note = next(line for line in out.splitlines() if "Fala e LLM" in line)
    assert "com 1 conversa gerando de cada vez" in note and "1 conversas" not in note, note


@pytest.mark.parametrize(
    ("question", "start"),
    [
        # no word of either variety but the money's: euros are no marker of Portugal's (Brazilians price in euros
        # too: audit7), so the base variety; reais are Brazil's
        ("orçamento de 500 mil euros para treinar o llama 8b", "Entendi:"),
        ("quanto custa o llama 8b para 20 pessoas, em euros", "Entendi:"),
        # "afinar" is Portugal's and "reais" Brazil's: a tie is answered in the base variety
        ("orçamento de 500 mil reais para afinar o llama 8b", "Entendi:"),
        ("orçamento de 500 mil euros para afinar o llama 8b", "Percebi:"),
    ],
)
def test_the_money_s_currency_says_which_portuguese(ask, question, start):
    assert ask(question).startswith(start)


def test_a_contract_mode_in_english_makes_an_english_question(ask):
    # "50 users, dedicated capacity" had no English marker ("users" is borrowed) and was answered in pt-BR
    assert ask("llama 8b 50 users, dedicated capacity").startswith(
        "Understood: Llama 3.1 8B · 50 concurrent users"
    )


def test_one_gpu_more_beside_speech_costs_in_the_singular(ask):
    out = ask("llama 3.1 8b + whisper large v3 com 500 horas de áudio por dia, preço por mês")
    why = next(line for line in out.splitlines() if "Por quê:" in line)
    # one L40 more at R$ 7 an hour against an A100 apart at R$ 12 (tests/test_answer_audit.py PRICES); which is
    # cheaper, not the amounts, which had reached a shared channel (audit7)
    assert "1× L40 48 GB a mais custa menos por hora que 1× A100 SXM 80 GB" in why, why


def test_under_an_hour_of_gpu_the_gpu_hours_times_the_price_give_the_cost(ask):
    out = ask("afinar o mistral 7b com 20 mil exemplos, orçamento de 2 mil euros").replace("\u00a0", " ")
    said = re.search(r"Custo do projeto: ([\d,]+) R\$ \(([\d,]+) GPU-horas? a ([\d,]+) R\$ por GPU-hora", out)
    assert said, out
    total, hours, price = (number(x, "pt-PT") for x in said.groups())
    # "16,67 R$ (0,8 GPU-horas a 20,00 R$)" had said a product of 16,00
    assert hours < 1 and abs(hours * price - total) <= 0.01 * total, said[0]
