"""Production sizing by traffic when one question names a head-count beside people who work conversations
all day ("12 analistas e 30 atendentes"): each group becomes its own request rate, the sum is sized, and the
assumptions say each group's share. Asked through gpu-size and checked for what the answer says."""

from __future__ import annotations

import re

import pytest

from tests.gpu_size_run import answer


def _line(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.lstrip(" •").startswith(start))


@pytest.mark.parametrize(
    ("question", "groups", "people", "users"),
    [
        (
            "qwen3 32b para 12 analistas e 30 atendentes",
            "Li “12 analistas e 30 atendentes” como dois grupos: 30 atendentes (30 conversas ao mesmo tempo, cada uma"
            " sempre aberta) + 12 pessoas (~0,03 ao mesmo tempo, pela taxa de requisições)",
            "12 pessoas: 10% delas na hora de pico",
            "30 usuários simultâneos, cada um numa conversa: uma requisição de cada um a cada ~52 s",
        ),
        (
            "llama 3.1 8b for 200 analysts and 15 support agents",
            "Read “200 analysts and 15 support agents” as two groups: 15 support agents (15 conversations at once, each"
            " always open) + 200 people (~0.7 at once, from their request rate)",
            "200 people: 10% of them at the busiest hour",
            "15 concurrent users, each in a conversation: a request from each every ~52 s",
        ),
    ],
)
def test_a_head_count_and_users_at_once_are_each_their_own_rate(capsys, question, groups, people, users):
    text = answer(capsys, question)
    assert groups in text
    assert "Somei" not in text and "Added up" not in text
    assert people in text
    assert users in text


def test_the_users_rate_follows_the_latency_asked(capsys):
    # Faster answers asked for: each conversation's request comes sooner, so the same 30 send more
    default = _line(answer(capsys, "qwen3 32b para 12 analistas e 30 atendentes"), "30 usuários")
    faster = _line(answer(capsys, "qwen3 32b para 12 analistas e 30 atendentes, 20 tokens/s"), "30 usuários")
    assert "a cada ~52 s" in default
    assert "a cada ~27 s" in faster  # 2 s + 500 tokens / 20 tokens/s


def test_mixed_groups_are_no_longer_all_conversations_at_once(capsys):
    text = answer(capsys, "qwen3 32b para 12 analistas e 30 atendentes")
    shares = _line(text, "30 usuários")
    # 12 × 10% × 10/h = 12/h beside 30 / 52 s ≈ 34.6/min: the sum, and each group's part of it
    assert (
        "Somadas as duas cargas, 35 requisições/min no pico: 1% das pessoas contadas, 99% dos usuários"
        in shares
    )
    assert re.search(r"Carga: 35 requisições/min no pico", text)
    assert "42 usuários" not in text


# -- a recording's length in words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        (
            "llama 3.1 70b, summarize 300 one-hour meetings a day",
            "Read “300 one-hour meetings a day” as prompts of ~13,500 tokens",
        ),
        (
            "llama 3.1 70b, summarize 200 half-hour calls a day",
            "Read “200 half-hour calls a day” as prompts of ~6,750 tokens",
        ),
        (
            "llama 3.1 70b, summarize fifty 30-minute calls a day",
            "Read “fifty 30-minute calls a day” as prompts of ~6,750 tokens",
        ),
        (
            "llama 3.1 70b, resumir 300 reuniões de uma hora por dia",
            "Li “300 reuniões de uma hora por dia” como prompts de ~13.500 tokens",
        ),
    ],
)
def test_a_recordings_length_in_words_is_its_transcript(capsys, question, read):
    text = answer(capsys, question)
    assert read in text
    assert "tokens of context · for 1 day" not in text  # the count had been a context
    assert "requests a day" in text or "requisições por dia" in text


def test_an_hour_after_a_count_stays_a_rate(capsys):
    assert answer(capsys, "llama 3.1 70b, 300 requests an hour").startswith(
        "Understood: Llama 3.1 70B · 300 requests/h"
    )


# -- a count said once on one side of a comparison --------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "understood", "summary"),
    [
        (
            "llama 3.1 70b em 1 h100 ou h200",
            "Entendi: Llama 3.1 70B · 1× H100 SXM 80 GB ou 1× H200 SXM 141 GB",
            "Em resumo: nenhuma das configurações pedidas serve esta carga",
        ),
        (
            "qwen3 32b on 1 l40s or h100",
            "Understood: Qwen3 32B · 1× L40S 48 GB or 1× H100 SXM 80 GB",
            "In short: of the setups asked, only 1× H100 SXM 80 GB serves this workload",
        ),
    ],
)
def test_a_count_said_once_is_each_sides(capsys, question, understood, summary):
    text = answer(capsys, question)
    assert text.startswith(understood)
    assert summary in text
    # the side with no count of its own is weighed at the count said, not at the fewest it needs
    assert "  • 2× H200" not in text and "  • 2× H100" not in text


# -- speech recommended on GPUs of its own ---------------------------------------------------------------


def test_with_speech_apart_the_main_answer_says_its_table_is_the_shared_setup(capsys):
    text = answer(capsys, "whisper large v3 + llama 3.1 70b para 50 usuários, 2000 horas de áudio por dia")
    assert "Recomendo GPU à parte para a fala" in text
    # the launch flag for the shared GPU is no longer given as the advice beside the speech apart
    assert "Com eles na mesma" not in text
    assert (
        "A tabela de memória e a recomendação acima contam a fala na mesma H200 SXM 141 GB que o LLM (9,7 GB em"
        " cada GPU, com o vLLM em --gpu-memory-utilization 0,83); com a fala em GPU à parte, como recomendado"
        " abaixo, o LLM fica sem esses 9,7 GB e o vLLM volta a 0,90."
    ) in text


def test_with_speech_sharing_the_gpu_the_launch_flag_stays_the_advice(capsys):
    text = answer(capsys, "whisper large v3 + llama 3.1 8b para 5 usuários, 10 horas de áudio por dia")
    assert "Com eles na mesma" in text
    assert "A tabela de memória e a recomendação acima contam a fala" not in text
