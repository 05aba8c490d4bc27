"""Follow-ups in a thread, round three, and training deadlines said in hours: each is read as the Slack app reads
a thread's message (tests/test_thread_followups.py's reply_in_thread) and its answer checked for what the user
sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline, Where

from .test_thread_followups import reply_in_thread, understood


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads_round3") / "log.db"))


def ask(pipeline: Pipeline, question: str) -> str:
    return pipeline.ask(question, Where("message")).text_answer


LORA = "lora llama 8b 100 mil exemplos"


@pytest.mark.parametrize(
    "question, line, met",
    [
        # each had been "· 1 dia", sized for a day and "Termina dentro do prazo de 1 dia"
        ("lora llama 8b 100 mil exemplos em 2 horas",
         "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 100.000 exemplos de treino · 2 horas",
         "Termina dentro do prazo de 2 horas."),
        ("lora llama 8b 100k examples in 6 hours",
         "Understood: Llama 3.1 8B · LoRA fine-tuning · 100,000 training examples · 6 hours",
         "It finishes within the deadline of 6 hours."),
        ("lora llama 8b 100 mil exemplos em 6h",
         "Entendi: Llama 3.1 8B · ajuste fino com LoRA · 100.000 exemplos de treino · 6 horas",
         "Termina dentro do prazo de 6 horas."),
        ("full fine-tune llama 70b 1B tokens em 36 horas",
         "Entendi: Llama 3.1 70B · ajuste fino completo · 1 bi tokens de treino · 36 horas",
         "Termina dentro do prazo de 36 horas."),
    ],
)  # fmt: skip
def test_a_training_deadline_in_hours_stays_hours(pipeline, question, line, met):
    answer = ask(pipeline, question)
    assert understood(answer) == line
    assert met in answer


def test_a_deadline_in_hours_takes_the_gpus_that_finish_in_those_hours(pipeline):
    # 4,6 GPU-hours of H100 work: one H100 held a day's deadline; two hours need more of them
    day = ask(pipeline, LORA + " em 1 dia")
    hours = ask(pipeline, LORA + " em 2 horas")
    assert "Recomendação: 1× " in day
    assert "Recomendação: 1× " not in hours
    assert "~1 hora." in hours or "~2 horas." in hours


def test_hours_that_are_whole_days_are_days(pipeline):
    assert understood(ask(pipeline, LORA + " em 48 horas")).endswith("· 2 dias")


@pytest.mark.parametrize(
    "follow_up, said",
    [("e em 6h?", "6 horas"), ("e em 2 horas?", "2 horas"), ("e se tiver que ficar pronto em 12 horas?", "12 horas")],
)  # fmt: skip
def test_a_deadline_in_hours_in_a_training_thread(pipeline, follow_up, said):
    # "e em 6h?" had been "Não entendi o pedido", "e em 2 horas?" a day
    answer = reply_in_thread(pipeline, LORA, follow_up)
    assert (
        understood(answer)
        == f"Entendi: Llama 3.1 8B · ajuste fino com LoRA · 100.000 exemplos de treino · {said}"
    )
    assert f"prazo de {said}" in answer


@pytest.mark.parametrize(
    "first, follow_up, note",
    [
        # each had been the same list again, with nothing said of the cloud asked
        ("o que roda numa 4090?", "e na aws?", "Em outra nuvem (AWS), a mesma GPU tem a mesma memória"),
        ("what fits on an h100?", "what about on aws?", "On another cloud (AWS), the same GPU has the same memory"),
        ("o que roda numa 4090?", "e on-premise?", "Nos servidores de vocês, a mesma GPU tem a mesma memória"),
        ("o que roda numa 4090?", "e com vocês?", "Nas nossas GPUs, em data centers no Brasil"),
        ("qual modelo vocês recomendam pra chatbot de 50 pessoas?", "e na aws?",
         "Em outra nuvem (AWS), a memória é a mesma"),
    ],
)  # fmt: skip
def test_where_it_runs_in_a_thread_with_no_model(pipeline, first, follow_up, note):
    before = ask(pipeline, first)
    answer = reply_in_thread(pipeline, first, follow_up)
    assert note in answer
    assert understood(answer) == understood(before)  # the same list, with the note first
    assert "Não entendi" not in answer and "()" not in answer
