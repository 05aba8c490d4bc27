"""Questions as sales reps, support staff and customers type them in Slack (bench/phrasings_round.txt): chat
spellings ("s/ raciocínio", "o q é", "p/ mês", "3kk", "w/o thinking"), the words said around a question ("vc
acha q cabe?", "temos 4 L40S paradas"), a GPU in a diminutive ("h100zinha"), a size that came in a point
release ("llama 3 405b"), reasoning models asked for with no model ("quais modelos de raciocínio cabem numa
H100?") and both sides of reasoning asked at once ("com e sem raciocínio"). Each answer is what the user sees."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer

from .slack_harness import text_of, valid

UNKNOWN = ("Não entendi", "Didn't understand", "Not understood")


def _first_lines(text: str, n: int = 4) -> str:
    return "\n".join(text.splitlines()[:n])


# -- chat spellings -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "qwen3 8b s/ raciocinio",
        "qwen3 8b s/ raciocínio p/ 20 usuarios",
        "s/ thinking, qwen3 14b",
        "qwen3 8b w/o thinking",
    ],
)
def test_without_said_in_chat_shorthand_turns_reasoning_off(capsys, text):
    out = answer(capsys, text)
    head = _first_lines(out, 2)
    assert "sem raciocínio" in head or "no reasoning" in head
    assert "33.768" not in out and "33,768" not in out  # not sized with a chain of thought
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize("text", ["o q é kv cache?", "oq é kv cache", "q é kv cache?"])
def test_what_is_asked_in_chat_shorthand_is_explained(capsys, text):
    from bot.cli import main

    # a subject with no sizing: its sentence, as "o que é kv cache?" gets it, answered (exit 0, on stdout)
    assert main([text]) == 0
    said = capsys.readouterr().out
    assert "KV cache: para cada conversa aberta" in said and "Não entendi" not in said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("llama 8b c/ 3kk de tokens por dia", "2.000 requisições por dia"),  # 3 mi ÷ 1.500 tokens a request
        ("llama 8b 2kk requisicoes por mes", "2.000.000 requisições por mês"),
        ("mistral 7b 1,5 kk requisições por mês", "1.500.000 requisições por mês"),
        ("treinar llama 8b c/ 500kk tokens", "500 mi tokens de treino"),
    ],
)
def test_kk_after_a_number_is_millions(capsys, text, said):
    head = _first_lines(answer(capsys, text), 2)
    assert said in head
    assert not any(word in head for word in UNKNOWN)


@pytest.mark.parametrize(
    "text",
    [
        "gemma 3 12b qto custa p/ mes?",
        "quanto sai o mês de uma h100 rodando o llama 70b em fp8?",
        "qto sai o mes do llama 70b?",
        "llama 8b p/ 50 usuarios, quanto fica p/ mês?",
    ],
)
def test_the_month_asked_in_chat_is_the_cost_with_no_word_left_over(capsys, text):
    head = _first_lines(answer(capsys, text), 2)
    assert "custo" in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


def test_q_and_a_keeps_its_q(capsys):
    # "Q&A" is no "que": the RAG is read, nothing is left over
    head = _first_lines(answer(capsys, "rag de Q&A c/ llama 8b"), 2)
    assert "RAG" in head and not any(word in head for word in UNKNOWN)


# -- the words said around a question ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        ("vc acha q o mixtral 8x7b cabe em 2 4090?", "2× RTX 4090 24 GB"),
        ("vcs acham q o qwen 32b aguenta 100 usuarios numa h100?", "100 usuários simultâneos"),
        ("achei q o llama 8b cabia numa 4090, cabe?", "RTX 4090 24 GB"),
        ("pq o llama 70b precisa de tanta memoria?", "Llama 3.1 70B"),
        ("temos 4 l40s paradas, dá p/ rodar llama 70b?", "4× L40S 48 GB"),
        ("o llama 3 70b cabe numa h100 sozinha?", "H100 SXM 80 GB"),
        ("mixtral 8x22b quantos gigas de vram", "Mixtral 8x22B"),
        ("bora fazer um lora no llama 8b, qual maquina?", "ajuste fino com LoRA"),
        ("os caras querem 500 usuarios no qwen 32b, aguenta?", "500 usuários simultâneos"),
        ("me diz qual a melhor opcao p/ o llama 70b, 50 usuarios", "50 usuários simultâneos"),
        ("o llama 70b fica lento numa a100?", "A100 SXM 80 GB"),
    ],
)
def test_what_a_rep_says_around_the_question_is_not_listed_as_not_understood(capsys, text, understood):
    head = _first_lines(answer(capsys, text), 2)
    assert understood in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


# -- a GPU in a diminutive --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("preciso de uma h100zinha p/ rodar o qwen 7b?", "H100 SXM 80 GB"),
        ("cabe na 4090zinha o llama 8b?", "RTX 4090 24 GB"),
        ("a6000zinha roda o qwen 14b?", "RTX A6000 48 GB"),
        ("dá p/ treinar um lora do llama 70b numa h100zinha só?", "H100 SXM 80 GB"),
        ("duas H200zonas rodam o deepseek r1?", "2× H200 SXM 141 GB"),
    ],
)
def test_a_gpu_named_in_a_diminutive_is_that_gpu(capsys, text, gpu):
    head = _first_lines(answer(capsys, text), 2)
    assert gpu in head.splitlines()[0]
    assert not any(word in head for word in UNKNOWN)


# -- a size that came in a point release -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("oi, blz? cliente perguntou se o llama 3 405b roda numa maquina c/ 8 h100", "Llama 3.1 405B"),
        ("llama 3 405b fp8", "Llama 3.1 405B"),
        ("llama 3 1b p/ 10 usuarios", "Llama 3.2 1B"),
    ],
)
def test_a_size_of_a_later_point_release_is_that_model_and_said(capsys, text, model):
    out = answer(capsys, text)
    assert out.splitlines()[0].startswith(f"Entendi: {model}")
    assert f"como {model}." in _first_lines(out, 2)


def test_a_size_no_release_of_the_series_has_still_lists_the_sizes(capsys):
    from bot.cli import main

    assert main(["llama 3 300b"]) == 2
    assert "Llama 3 não tem 300B" in capsys.readouterr().err


# -- reasoning models, no model named ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "quais modelos de raciocínio cabem numa h100?",
        "quais modelos de raciocinio cabem numa a100 80gb?",
        "o que cabe numa h100 com thinking ligado?",
    ],
)
def test_reasoning_models_that_fit_are_sized_at_reasoning_lengths(capsys, text):
    out = answer(capsys, text)
    assert "Modelos de raciocínio" in out
    assert "33.768 tokens de contexto" in out and "4.096 tokens" not in out
    assert "Llama 3.1 70B" not in out and "Mixtral" not in out  # no chain of thought: not listed
    assert "com raciocínio" in out.splitlines()[-1]  # the question to ask next sizes it the same way


def test_reasoning_models_that_fit_in_english(capsys):
    out = answer(capsys, "what reasoning models fit on 2 h100?")
    assert "Reasoning models" in out and "33,768 tokens of context" in out
    assert "with reasoning" in out.splitlines()[-1]


def test_what_fits_without_reasoning_keeps_the_chat_context(capsys):
    out = answer(capsys, "quais modelos cabem numa h100?")
    assert "Com 4.096 tokens de contexto" in out and "Modelos de raciocínio" not in out


# -- with and without reasoning at once ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "sem raciocínio e com raciocínio, quanto de memória pro qwen3 32b?",
        "qwen3 32b com raciocinio e sem raciocinio",
        "qwen3 32b com e sem raciocínio",
        "qwen3 14b c/ e s/ raciocinio p/ 20 usuarios",
    ],
)
def test_with_and_without_reasoning_are_both_sized(capsys, text):
    out = answer(capsys, text)
    lines = out.splitlines()
    assert lines[0].endswith("sem raciocínio ou com raciocínio")
    assert any(line.strip().endswith("· sem raciocínio") for line in lines)
    assert any(line.strip().endswith("· com raciocínio") for line in lines)
    summary = next(line for line in lines if "Em resumo" in line)
    assert "33.768 tokens de contexto (sem ela, 4.096)" in summary


def test_with_and_without_thinking_in_english_differ_in_the_gpus(capsys):
    out = answer(capsys, "qwen3 8b with and without thinking, 20 users")
    summary = next(line for line in out.splitlines() if "In short" in line)
    assert "no reasoning, 1× L40S 48 GB" in summary and "with reasoning, 1× H200 SXM 141 GB" in summary


def test_a_model_that_always_thinks_is_not_weighed_against_itself(capsys):
    out = answer(capsys, "deepseek r1 com e sem raciocinio")
    assert "Comparação" not in out


def test_a_thread_follow_up_turning_reasoning_off_is_no_comparison(capsys):
    from sizing.query import parse

    base = parse("qwen3 32b com raciocínio").workload
    follow = parse("e sem raciocínio?", base=base).workload
    assert follow.reasoning == "off" and not follow.compare_reasoning


def test_with_and_without_reasoning_in_slack(slack):
    reply = slack.command("qwen3 32b com e sem raciocínio, 10 usuarios")
    valid(reply["blocks"])
    text = text_of(reply["blocks"])
    assert "sem raciocínio ou com raciocínio" in text
    assert "Em resumo" in text and "33.768 tokens de contexto" in text


# -- quantized, in no width said -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b com quantização",
        "dá p/ rodar o llama 70b com quantização numa a100?",
        "llama 70b with quantization",
    ],
)
def test_quantization_said_as_a_noun_is_quantized(capsys, text):
    out = answer(capsys, text)
    assert "Llama 3.1 70B · INT4 (AWQ/GPTQ g128)" in out  # it had been sized at 16 bits
    assert "sem dizer o formato: usei INT4" in out or "with no format said: sized as INT4" in out


def test_quantization_asked_in_a_thread_quantizes_the_threads_model(slack):
    from . import slack_requests as sr

    slack.event(sr.app_mention("<@UBOT> qwen2.5 72b p/ 100 usuarios", ts="1700000001.000100"), "Ev1")
    slack.fake.wait_for("chat.postMessage")
    slack.event(
        sr.message("e se eu usar quantização?", thread_ts="1700000001.000100", ts="1700000002.000100"), "Ev2"
    )
    reply = slack.fake.wait_for("chat.postMessage", count=2)[1]
    text = text_of(reply.params["blocks"])
    assert "*Qwen2.5 72B* · INT4 (AWQ/GPTQ g128)" in text and "100 usuários" in text
    assert "sem dizer o formato: usei INT4" in text and "Não entendi" not in text
