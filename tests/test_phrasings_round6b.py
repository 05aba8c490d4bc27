"""What the sixth round of phrasings (tests/test_phrasings_round6.py) still misread: a deadline for the proposal
read as a rental term, images of something counted a day read as a total, beds read as nothing understood,
servers with no GPU, an autoscaler's range of pods, and GeForce SUPER and Ti cards refused. Each answer is what
the user sees, through gpu-size."""

from __future__ import annotations

from datetime import date

import pytest

from bot import cli
from tests.gpu_size_run import UNKNOWN, answer

TODAY = date(2026, 12, 3)  # a Thursday, so "o fim do mês" is 28 days away


@pytest.fixture
def ask(monkeypatch, capsys):
    monkeypatch.setattr(cli, "today_in_brazil", lambda: TODAY)
    return lambda text: answer(capsys, text)


def _clean(text: str) -> str:
    assert not any(word in text for word in UNKNOWN), text
    return text


# -- a deadline for the proposal is when we answer, not how long the GPUs run -----------------------------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        (
            "llama 3.1 8b para 200 usuários, preciso da proposta até o fim do mês",
            "Entendi: Llama 3.1 8B · 200 usuários simultâneos\n",
        ),
        (
            "llama 3.1 8b for 200 users, need the quote by end of month",
            "Understood: Llama 3.1 8B · 200 concurrent users",
        ),
        (
            "até sexta preciso da cotação para llama 3.1 70b com 50 usuários",
            "Entendi: Llama 3.1 70B · 50 usuários simultâneos",
        ),
        ("we need a proposal by Friday for qwen 32b with 100 users", "100 concurrent users"),
        ("orçamento até dia 20 pra qwen2.5 32b com 30 usuários", "30 usuários simultâneos"),
    ],
)
def test_a_deadline_for_the_proposal_is_no_term(ask, text, understood):
    reply = _clean(ask(text))
    assert understood in reply
    assert "prazo de" not in reply and "deadline of" not in reply
    assert " dias" not in reply.splitlines()[0] and " days" not in reply.splitlines()[0]


def test_a_training_deadline_stays_one_beside_a_proposal_in_another_clause(ask):
    reply = _clean(ask("treinar lora 8b até o fim do mês, preciso do orçamento"))
    assert "Li “até o fim do mês” como um prazo de 28 dias, até 31/12/2026." in reply
    alone = ask("treinar lora 8b até o fim do mês")
    assert "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 28 dias" in alone


# -- images of something, counted a day, are the day's volume -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("qwen2.5 vl 7b para 20 mil fotos de produtos por dia", "20.000 requisições por dia"),
        ("qwen2.5 vl 7b para 20 mil fotos dos produtos da loja por dia", "20.000 requisições por dia"),
        ("qwen2.5 vl 7b para 5 mil imagens de exames por hora", "5.000 requisições/h"),
        ("qwen2.5 vl 7b for 20k photos of products per day", "20,000 requests a day"),
        ("qwen2.5 vl 7b for 20k images of customers per day", "20,000 requests a day"),
    ],
)
def test_images_of_something_per_period_are_a_rate_not_a_total(ask, text, rate):
    reply = _clean(ask(text))
    assert rate in reply.splitlines()[0]
    assert "um total" not in reply and "a total" not in reply and "RAG" not in reply


def test_images_of_something_with_no_period_stay_a_total(ask):
    reply = ask("qwen2.5 vl 7b para analisar 5 mil imagens de produtos")
    assert "“5 mil imagens”: um total, não por conversa" in reply


# -- the size of a place is no load -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 8b para hospital com 2 mil leitos",
        "llama 3.1 8b para hospital com 300 leitos",
        "llama 3.1 8b para uma rede com 300 lojas",
        "llama 3.1 8b for a hospital with 2,000 beds",
    ],
)
def test_beds_and_stores_are_read_and_sized_as_no_users(ask, text):
    reply = _clean(ask(text))
    assert "1 usuário simultâneo" in reply or "1 concurrent user" in reply
    assert "pessoas" not in reply.splitlines()[0] and "people" not in reply.splitlines()[0]


def test_beds_beside_people_leave_the_people_as_the_load(ask):
    reply = _clean(ask("llama 3.1 8b para hospital com 300 leitos e 200 médicos"))
    assert "Entendi: Llama 3.1 8B · 200 pessoas" in reply


def test_a_rate_per_store_still_multiplies(ask):
    reply = _clean(ask("llama 3.1 8b para rede com 300 lojas, 3 perguntas por loja por hora"))
    assert "300 × 3 = 900 requisições/h" in reply


# -- servers with no GPU named --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("llama 3.1 8b em 2 servidores", "“2 servidores” sem a GPU deles: dimensionei nas nossas GPUs"),
        ("llama 3.1 70b em 2 nós", "“2 nós” sem a GPU deles: dimensionei nas nossas GPUs"),
        ("llama 3.1 8b on 2 servers", "“2 servers” with no GPU named: sized on our GPUs"),
    ],
)
def test_servers_with_no_gpu_are_read_and_the_answer_says_what_it_assumed(ask, text, note):
    reply = _clean(ask(text))
    assert note in reply
    assert "`2 servidores de 8x H100`" in reply or "`2 servers of 8x H100`" in reply


def test_servers_with_their_gpu_are_still_counted(ask):
    reply = _clean(ask("llama 3.1 8b em 2 servidores de h100"))
    assert "Entendi: Llama 3.1 8B · 16× H100 SXM 80 GB" in reply
    assert "sem a GPU deles" not in reply


# -- an autoscaler's range of pods is its ceiling --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 8b com HPA de 2 a 10 pods",
        "llama 3.1 8b, hpa min 2 max 10 pods",
        "llama 3.1 8b com 10 pods",
    ],
)
def test_a_range_of_pods_is_sized_as_its_maximum_replicas(ask, text):
    reply = _clean(ask(text))
    assert "Entendi: Llama 3.1 8B · 10 réplicas" in reply
    assert "Recomendação: 10× L40S 48 GB" in reply


# -- GeForce SUPER and Ti cards a customer owns ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("llama 3.1 8b na minha RTX 4070 Super", "RTX 4070 SUPER 12 GB"),
        ("llama 3.1 8b na minha rtx 4070 ti super", "RTX 4070 Ti SUPER 16 GB"),
        ("does llama 3.1 8b run on my 4070 ti?", "RTX 4070 Ti 12 GB"),
        ("llama 3.1 8b na minha 4080 super", "RTX 4080 16 GB"),
        ("llama 3.1 8b na minha 4060 ti 16gb", "RTX 4060 Ti 16 GB"),
    ],
)
def test_geforce_super_and_ti_cards_are_known(ask, text, card):
    reply = _clean(ask(text))
    assert card in reply.splitlines()[0]


def test_the_4070_ti_super_is_sized_with_its_16_gb(ask):
    # 16 GB (NVIDIA's RTX 4070 family specifications): an 8B model in 16 bits (16.1 GB of weights) does not fit;
    # the 12 GB 4070 SUPER fits it even less.
    reply = ask("llama 3.1 8b em bf16 na minha rtx 4070 ti super")
    assert "RTX 4070 Ti SUPER 16 GB" in reply
    assert "1× RTX 4070 Ti SUPER 16 GB: não cabe; faltam 2,5 GB por GPU." in reply
