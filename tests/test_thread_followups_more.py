"""More follow-ups in a thread, as people reply to an answer (round two): each is read as the Slack app reads a
thread's message (tests/test_thread_followups.py's reply_in_thread) and its answer checked for what the user
sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline

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
