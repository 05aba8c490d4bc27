"""More follow-ups in a thread, as people reply to an answer (round two): each is read as the Slack app reads a
thread's message (tests/test_thread_followups.py's reply_in_thread) and its answer checked for what the user
sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where

from .test_thread_followups import reply_in_thread, understood


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads_more") / "log.db"))


CHAT = "chatbot com llama 3.1 70b para 200 usuários"
CHAT_EN = "llama 3.1 70b chatbot for 200 users"


@pytest.mark.parametrize(
    "first, follow_up, line",
    [
        # "one" is the count: these had been "Não entendi o pedido"
        (CHAT_EN, "can we do it on one gpu?", "Understood: Llama 3.1 70B · 200 concurrent users · 1 GPU"),
        (CHAT_EN, "does it fit in one card?", "Understood: Llama 3.1 70B · 200 concurrent users · 1 GPU"),
        (CHAT, "cabe em uma gpu?", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · 1 GPU"),
        (CHAT, "e com uma placa?", "Entendi: Llama 3.1 70B · 200 usuários simultâneos · 1 GPU"),
    ],
)
def test_one_gpu_said_in_words_is_one_gpu(pipeline, first, follow_up, line):
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer).startswith(line)
    assert "1× " in answer


@pytest.mark.parametrize(
    "follow_up, card",
    [("e com 4090?", "RTX 4090 24 GB"), ("e 4090?", "RTX 4090 24 GB"), ("what about a 5090?", "RTX 5090 32 GB"),
     ("e usando 3090?", "RTX 3090 24 GB")],
)  # fmt: skip
def test_a_geforce_by_its_number_is_the_card_not_people(pipeline, follow_up, card):
    # "e com 4090?" had been 4.090 people
    answer = understood(reply_in_thread(pipeline, CHAT, follow_up))
    assert answer.startswith("Entendi: Llama 3.1 70B · 200 usuários simultâneos · ")
    assert card in answer
    assert "4.090" not in answer


def test_a_number_said_as_people_stays_people(pipeline):
    assert "4.090 pessoas" in understood(reply_in_thread(pipeline, CHAT, "e se forem 4090?"))


@pytest.mark.parametrize(
    "first, follow_up, line",
    [
        # the thread's family at another release, the same size: each had been "Não entendi o pedido"
        (CHAT, "e com a versão 3.3?", "Entendi: Llama 3.3 70B · 200 usuários simultâneos · atendimento e chat"),
        (CHAT, "e o 3.3?", "Entendi: Llama 3.3 70B · 200 usuários simultâneos · atendimento e chat"),
        (CHAT_EN, "and version 3.3?", "Understood: Llama 3.3 70B · 200 concurrent users · support and chat"),
        ("qwen2.5 32b com 8k para 20 usuários", "e com a versão 3?",
         "Entendi: Qwen3 32B · 8k de contexto · 20 usuários simultâneos"),
        ("gemma 3 27b para 10 usuários", "e a versão 2?", "Entendi: Gemma 2 27B · 10 usuários simultâneos"),
    ],
)  # fmt: skip
def test_another_release_of_the_thread_s_family(pipeline, first, follow_up, line):
    assert understood(reply_in_thread(pipeline, first, follow_up)) == line


def test_a_release_the_catalogue_lacks_is_not_guessed(pipeline):
    answer = reply_in_thread(pipeline, CHAT, "e com a versão 9.9?")
    assert "Llama 3.1 70B" not in understood(answer)
    assert "9.9" in answer


def test_all_day_every_day_in_a_thread_of_people_at_once_says_what_it_means(pipeline):
    # "e se for 24/7?" had been "Não entendi o pedido": the same load, the month whole, said
    answer = reply_in_thread(pipeline, CHAT, "e se for 24/7?")
    assert (
        understood(answer) == "Entendi: Llama 3.1 70B · 200 usuários simultâneos · 24/7 · atendimento e chat"
    )
    assert "24/7: as GPUs ficam ligadas o mês inteiro (730 h)" in answer


@pytest.mark.parametrize(
    "first, follow_up, line, said",
    [
        ("llama 3.1 8b, 10 mil chamadas por dia, horário comercial", "e se for 24/7?",
         "Entendi: Llama 3.1 8B · 10.000 requisições por dia · 24/7",
         "10.000 requisições por dia, 24/7: espalhadas pelas 24 horas, sem hora de pico, 6,9 requisições/min em média"),
        ("llama 3.1 8b chatbot, 10k calls a day", "what if it's 24/7?",
         "Understood: Llama 3.1 8B · 10,000 requests a day · 24/7 · support and chat",
         "10,000 requests a day, 24/7: spread over the 24 hours with no peak hour, 6.9 requests/min on average"),
    ],
)  # fmt: skip
def test_all_day_spreads_a_daily_volume_over_the_day(pipeline, first, follow_up, line, said):
    # the day's requests at every hour: no working day's peak hour (15% of them), and business hours gone
    answer = reply_in_thread(pipeline, first, follow_up)
    assert understood(answer) == line
    assert said in answer
    assert "horário comercial" not in answer


def test_a_schedule_after_all_day_replaces_it(pipeline):
    answer = pipeline.ask("llama 3.1 8b, 10 mil chamadas por dia, 24/7", Where("message"))
    assert "24/7" in understood(answer.text_answer)
    later = pipeline.ask(
        "e só em horário comercial?", Where("message", thread_ts="1.0"), base=answer.follow_from
    )
    assert (
        understood(later.text_answer)
        == "Entendi: Llama 3.1 8B · 10.000 requisições por dia · horário comercial"
    )
