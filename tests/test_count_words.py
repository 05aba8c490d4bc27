"""Counts customers give in words the sizing had lost: public servants ("servidores"), a rate per counted unit
("3 perguntas por loja por hora"), and a count said after its noun ("utentes são cerca de 5000")."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer, answer_json


def _understood(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(("Entendi", "Understood")))


def _load(capsys, question: str) -> dict:
    return answer_json(capsys, question)["workload"]["load"]


@pytest.mark.parametrize(
    ("question", "people"),
    [
        ("llama 3 8b para 1500 servidores da prefeitura", "1.500 pessoas"),
        ("llama 3 8b, 1500 servidores do tribunal", "1.500 pessoas"),
        ("chat com qwen3 8b para 800 servidores públicos", "800 pessoas"),
        ("llama 3 8b, 300 servidores vão usar o assistente", "300 pessoas"),
        ("assistente com qwen3 32b pra 1200 servidores", "1.200 pessoas"),
    ],
)
def test_public_servants_are_a_head_count(capsys, question, people):
    text = answer(capsys, question)
    line = _understood(text)
    assert people in line
    assert "Não entendi" not in text


def test_assistant_for_servants_without_a_model_sizes_their_load(capsys):
    # the 1,500 had been a 1,500-token context and one user
    text = answer(capsys, "assistente pra 1500 servidores")
    assert "1.500 tokens de contexto" not in text
    assert "1 usuário simultâneo" not in text


@pytest.mark.parametrize(
    "question",
    [
        "prefeitura quer llama 3 70b em 2 servidores",
        "chatbot para 800 servidores com 8 gpus cada, llama 3 70b",
        "chatbot llama 3 70b, 2 servidores",
    ],
)
def test_servers_beside_hardware_stay_servers(capsys, question):
    assert "pessoas" not in _understood(answer(capsys, question))


@pytest.mark.parametrize(
    ("question", "understood", "load"),
    [
        ("300 lojas, 3 perguntas por loja por hora, llama 3 8b", "900 requisições/h", ("rate_per_s", 0.25)),
        ("50 clínicas com 20 consultas por dia cada, llama 3 8b", "1.000 requisições por dia", ("requests_per_day", 1000)),
        ("llama 3 8b, 40 filiais, cada filial manda 100 mensagens por dia", "4.000 requisições por dia", ("requests_per_day", 4000)),
        ("llama 3 8b, 20 hospitais com 500 mensagens por dia cada um", "10.000 requisições por dia", ("requests_per_day", 10000)),
        ("llama 3 8b for 120 stores, 5 questions per store per hour", "600 requests/h", ("rate_per_s", 600 / 3600)),
        ("200 vendedores fazendo 10 perguntas por dia cada um, llama 3 8b", "2.000 requisições por dia", ("requests_per_day", 2000)),
    ],
)  # fmt: skip
def test_a_rate_per_unit_is_summed_over_the_units(capsys, question, understood, load):
    text = answer(capsys, question)
    assert understood in _understood(text)
    assert "Não entendi" not in text
    key, value = load
    assert _load(capsys, question)[key] == pytest.approx(value)


def test_a_rate_not_said_per_unit_is_not_multiplied(capsys):
    # "10 turmas, 30 perguntas por dia": whose 30 is not said; the rate stays as typed
    assert _load(capsys, "llama 3 8b, 10 turmas, 30 perguntas por dia")["requests_per_day"] == 30


@pytest.mark.parametrize(
    ("question", "understood"),
    [
        ("llama 3 8b, utentes são cerca de 5000", "5.000 pessoas"),
        ("llama 3 8b aos investigadores, cerca de 100", "100 pessoas"),
        ("llama 3 8b, funcionários: 2000", "2.000 pessoas"),
        ("llama 3 8b, usuários: 300", "300 usuários simultâneos"),
        ("llama 3 8b, users ~ 250", "250 usuários simultâneos"),
        ("llama 3 8b, usuários são uns 40", "40 usuários simultâneos"),
    ],
)
def test_a_count_after_its_noun_counts_it(capsys, question, understood):
    text = answer(capsys, question)
    assert understood in _understood(text)
    assert "tokens de contexto" not in _understood(text)
    assert "Não entendi" not in text
