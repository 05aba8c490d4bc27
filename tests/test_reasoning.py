"""Reasoning workloads: a reasoning model named (models.toml `reasoning`) or reasoning asked for is sized with a
reasoning answer's length (its chain of thought and the answer, both output) and a context that holds the
longest one, from traffic.toml's published figures; what the question gives wins, and "sem raciocínio" or
gpt-oss's "reasoning effort low" turns it down."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.rendering import render_text
from sizing.engine import size
from sizing.query import parse
from tests.data_folders import priced_answers

MEAN = 4043  # traffic.toml reasoning_output_tokens (MLPerf Inference DeepSeek-R1: mean output length)
ROOM = 1000 + 32768  # the default prompt and traffic.toml reasoning_max_output_tokens (model cards)


def sized(text: str):
    query = parse(text)
    return query, size(query.workload)


def said(result) -> str:
    return " ".join(result.assumptions)


@pytest.fixture
def ask(capsys):
    """The text gpu-size prints for a question, in the language it reads from the question."""

    def run(text: str) -> str:
        main([text])
        return capsys.readouterr().out

    return run


@pytest.mark.parametrize(
    "text",
    [
        "qwq 32b para 10 usuários",
        "deepseek-r1-distill-qwen-32b com raciocínio longo, 10 usuários",
        "deepseek r1 distill llama 8b para 10 usuários",
        "gpt-oss-20b para 10 usuários",
        "magistral small 2507 para 10 usuários",
        "qwen3 30b a3b thinking 2507 para 10 usuários",
        "kimi k2 thinking para 10 usuários",
        # a hybrid in thinking mode when the question turns it on, and any model when reasoning is asked for
        "qwen3 32b com thinking para 10 usuários",
        "glm-4.5 air com raciocínio para 10 usuários",
        "llama 3.3 70b with chain of thought, 10 users",
    ],
)
def test_a_reasoning_workload_holds_a_reasoning_answer_in_every_conversation(text):
    _, result = sized(text)
    w = result.workload
    assert w.reasoning and w.load.output_tokens == MEAN and w.context_tokens == ROOM
    # the KV cache is every conversation's at that context (it had been 4,096 tokens with 500-token answers)
    assert result.memory.kv_cache >= 10 * result.kv_bytes_per_conversation * 0.99
    text_said = said(result)
    assert "4.043 tokens em média" in text_said or "4,043 tokens on average" in text_said
    assert "32.768" in text_said or "32,768" in text_said


@pytest.mark.parametrize(
    "text", ["qwen3 32b para 10 usuários", "llama 3.1 8b para 10 usuários", "glm-4.5 para 10 usuários"]
)
def test_a_model_that_thinks_only_when_asked_keeps_the_chat_lengths(text):
    _, result = sized(text)
    assert not result.workload.reasoning
    assert result.workload.load.output_tokens == 500 and result.workload.context_tokens == 4096
    assert "cadeia de pensamento" not in said(result)


def test_the_longest_answer_is_cut_to_the_models_window():
    # Phi-4-reasoning reads 32,768 tokens: the whole window, said so, not a context it cannot run
    _, result = sized("phi-4-reasoning para 5 usuários")
    assert result.workload.context_tokens == 32768 and result.workload.load.output_tokens == MEAN
    assert "a janela inteira do modelo" in said(result)


@pytest.mark.parametrize(
    "text, context, output",
    [
        ("qwq 32b para 10 usuários, respostas de 2000 tokens", 4096, 2000),
        ("qwq 32b com 16k de contexto para 10 usuários", 16384, MEAN),
        # a context too short for the mean: half of it, said so
        ("qwq 32b com 4k de contexto para 10 usuários", 4096, 2048),
    ],
)
def test_the_lengths_the_question_gives_win(text, context, output):
    _, result = sized(text)
    assert result.workload.context_tokens == context and result.workload.load.output_tokens == output


def test_a_context_asked_for_says_what_the_reasoning_answer_is_within_it():
    _, result = sized("qwq 32b com 4k de contexto para 10 usuários")
    assert "Usei respostas de 2.048 tokens, metade do contexto pedido de 4.096 tokens" in said(result)


def test_reasoning_turned_down_gets_the_chats_lengths_and_says_so():
    query, result = sized("qwen3 32b sem thinking para 10 usuários")
    assert query.workload.reasoning == "off" and not query.workload.task
    assert result.workload.load.output_tokens == 500 and not result.workload.reasoning
    assert render_text(result, query).splitlines()[0].endswith("· sem raciocínio")
    # a model that always thinks is sized as asked, and the answer warns that it still writes its thinking
    query, result = sized("qwq 32b para 10 usuários sem raciocínio")
    assert result.workload.load.output_tokens == 500
    assert "sempre escreve a cadeia de pensamento" in said(result)


def test_gpt_oss_reasoning_effort_low_is_the_way_to_shorter_answers(ask):
    _, high = sized("gpt-oss-120b para 50 usuários")
    assert "“reasoning effort low”" in said(high) and high.workload.load.output_tokens == MEAN
    query, low = sized("gpt-oss-120b para 50 usuários, reasoning effort low")
    assert query.workload.reasoning == "low" and not query.unknown
    assert low.workload.load.output_tokens == 500 and low.workload.context_tokens == 4096
    first = ask("How many GPUs for gpt-oss-120b with 50 users, reasoning effort low?").splitlines()[0]
    assert first.endswith("· low reasoning effort")
    _, medium = sized("gpt-oss-120b com reasoning medium, 50 usuários")
    assert medium.workload.load.output_tokens == MEAN


def test_a_rate_of_reasoning_requests_needs_the_throughput_of_their_answers():
    # The same 30 requests a minute: 4,043-token answers need several times the GPUs of 500-token ones
    _, thinking = sized("qwq 32b, 30 requisições por minuto")
    _, plain = sized("qwq 32b, 30 requisições por minuto, respostas de 500 tokens")
    perf = thinking.recommendation.performance
    assert perf.output_tokens_per_s == pytest.approx(0.5 * MEAN)
    assert thinking.recommendation.count > plain.recommendation.count


@pytest.fixture
def priced_json(tmp_path, monkeypatch, capsys):
    """gpu-size --json's object for a question, with made-up prices on every GPU."""
    from bot.cli import main

    for _ in priced_answers(tmp_path, monkeypatch, capsys, {None: "{ on_demand = 10.0, reserved = 7.0 }"}):

        def ask(text: str) -> dict:
            main(["--json", text])
            return json.loads(capsys.readouterr().out)

        yield ask


def test_the_price_of_a_million_tokens_counts_the_reasoning_answers(priced_json):
    data = priced_json("qwq 32b, 30 requisições por minuto")
    rec, load = data["recommendation"], data["workload"]["load"]
    assert load["output_tokens"] == MEAN
    tokens_an_hour = load["rate_per_s"] * MEAN * 3600
    assert rec["cost"]["per_million_output_tokens"] == pytest.approx(
        rec["price_per_hour"] / tokens_an_hour * 1e6
    )


def test_two_models_weighed_carry_the_same_load():
    # "a mesma carga para os dois": the hybrid beside a reasoning model is sized at its lengths too
    _, first = sized("qwen3 32b ou qwq 32b para 10 usuários?")
    assert first.workload.reasoning and first.workload.context_tokens == ROOM
    assert "Comparado com o QwQ 32B, um modelo de raciocínio" in said(first)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("qwq 32b para 10 utilizadores, em Lisboa", "Para alterar: “respostas de 2000 tokens”"),
        (
            "How many GPUs for DeepSeek R1 Distill Llama 70B with 20 users?",
            "To change it: “answers of 2000 tokens”",
        ),
    ],
)
def test_the_assumption_is_said_in_the_questions_language(ask, text, expected):
    assert expected in ask(text)
