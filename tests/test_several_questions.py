"""Several questions in one message (sizing/several.py): a numbered, lettered or bulleted list, or sentences
each naming their own model or load, are each answered under their own title, where read as one question they
had been refused as a contradiction or left not understood. A part with no model follows the one before it,
as a thread's follow-up does."""

from __future__ import annotations

import io
import json

import pytest

from bot import console
from bot.cli import main as gpu_size
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline

from . import slack_requests as sr
from .gpu_size_run import answer, answer_json
from .slack_harness import ephemeral, text_of, valid
from .test_thread_replies_in_slack import replies


def console_says(db, *messages: str) -> str:
    """What the local console writes for the messages typed one after another (each after the last answer)."""
    stdout = io.StringIO()
    stdin = io.StringIO("\n".join([*messages, "sair"]) + "\n")
    assert console.run(Pipeline(RequestLog(db)), str(db), stdin=stdin, stdout=stdout) == 0
    return stdout.getvalue()


def titles(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(("Pergunta ", "Question "))]


@pytest.mark.parametrize(
    "question",
    [
        "1) llama 70b pra 50 usuarios 2) qwen 32b pra 100 usuarios",
        "llama 70b: 50 usuários. qwen 32b: 100 usuários",
        "- llama 70b com 50 usuários\n- qwen 32b com 100 usuários",
        "duas perguntas:\n1. llama 70b pra 50 usuarios\n2. qwen 32b pra 100 usuarios",
        "(a) llama 70b para 50 usuários (b) qwen 32b para 100 usuários",
    ],
)
def test_each_question_of_a_list_or_of_sentences_is_answered(capsys, question):
    text = answer(capsys, question)
    assert "contradiz" not in text
    assert [t.split(":")[0] for t in titles(text)] == ["Pergunta 1 de 2", "Pergunta 2 de 2"]
    assert "Entendi: Llama 3.1 70B · 50 usuários simultâneos" in text
    assert "Entendi: Qwen2.5 32B · 100 usuários simultâneos" in text
    assert text.index("Llama 3.1 70B · 50") < text.index("Qwen2.5 32B · 100")


def test_questions_in_english_have_english_titles_and_the_intro_is_no_question(capsys):
    text = answer(
        capsys, "two questions: (a) mixtral 8x7b at 4bit for 10 users, (b) llama 70b fp8 for 50 users"
    )
    assert titles(text) == [
        "Question 1 of 2: mixtral 8x7b at 4bit for 10 users",
        "Question 2 of 2: llama 70b fp8 for 50 users",
    ]
    assert "Understood: Mixtral 8x7B · INT4 (AWQ/GPTQ g128) · 10 concurrent users" in text
    assert "Understood: Llama 3.1 70B · FP8 (8-bit) · 50 concurrent users" in text


def test_questions_from_portugal_are_answered_in_european_portuguese(capsys):
    text = answer(capsys, "llama 8b para 10 utilizadores. llama 70b para 20 utilizadores")
    assert titles(text) == ["Pergunta 1 de 2: llama 8b para 10 utilizadores",
                            "Pergunta 2 de 2: llama 70b para 20 utilizadores"]  # fmt: skip
    assert "10 utilizadores em simultâneo" in text and "20 utilizadores em simultâneo" in text


@pytest.mark.parametrize(
    ("question", "second"),
    [
        (
            "how much memory for 10 users on llama 70b? and for 100?",
            "Understood: Llama 3.1 70B · 100 concurrent users",
        ),
        ("llama 70b pra 10 usuários; e se forem 400?", "Entendi: Llama 3.1 70B · 400 usuários simultâneos"),
        # Read whole, 400 had been the context: the users said again are another question.
        ("llama 70b pra 10 usuários. e pra 400?", "Entendi: Llama 3.1 70B · 400 usuários simultâneos"),
        ("llama 70b: 1) 10 usuários 2) 100 usuários", "Entendi: Llama 3.1 70B · 100 usuários simultâneos"),
        (
            "qwen 32b em fp8 para 20 usuários. e para 200 usuários?",
            "Entendi: Qwen2.5 32B · FP8 (8-bit) · 200 usuários",
        ),
    ],
)
def test_a_question_with_no_model_follows_the_one_before_it(capsys, question, second):
    text = answer(capsys, question)
    assert len(titles(text)) == 2
    assert second in text.split(titles(text)[1])[1]


def test_json_lists_each_question_with_its_answer(capsys):
    data = answer_json(capsys, "llama 70b pra 10 usuários; e se forem 400?")
    questions = data["questions"]
    assert [q["question"] for q in questions] == ["llama 70b pra 10 usuários", "e se forem 400?"]
    assert [q["workload"]["model"]["id"] for q in questions] == ["llama-3.1-70b", "llama-3.1-70b"]
    assert [q["workload"]["users"] for q in questions] == [10, 400]
    assert questions[1]["recommendation"]["count"] > questions[0]["recommendation"]["count"]


def test_json_of_one_question_keeps_its_shape(capsys):
    data = answer_json(capsys, "llama 70b pra 10 usuários")
    assert "questions" not in data and data["workload"]["users"] == 10 and "query" in data


def test_a_refused_question_among_others_says_why_under_its_title(capsys):
    assert gpu_size(["1) llama 70b pra 10 usuarios 2) gpt-4 pra 10 usuarios"]) == 2
    text = capsys.readouterr().out
    assert len(titles(text)) == 2
    assert "Entendi: Llama 3.1 70B · 10 usuários" in text
    # Read as an answer under its title, as the other part is: no program name before it.
    refused = text.split(titles(text)[1])[1].strip()
    assert refused.startswith("“gpt-4” é um modelo fechado") and "gpu-size:" not in text


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        (
            "llama 8b pra 100 usuários e llama 70b pra 20 usuários",
            "Entendi: Llama 3.1 8B · 100 usuários simultâneos",
            "Entendi: Llama 3.1 70B · 20 usuários simultâneos",
        ),
        (
            "qwen 32b com 50 users and mixtral 8x7b com 10 users",
            "Entendi: Qwen2.5 32B · 50 usuários simultâneos",
            "Entendi: Mixtral 8x7B · 10 usuários simultâneos",
        ),
        # The second's bare number is read as the first's load is ("pra 20": users).
        (
            "llama 8b pra 100 usuários, llama 70b pra 20",
            "Entendi: Llama 3.1 8B · 100 usuários simultâneos",
            "Entendi: Llama 3.1 70B · 20 usuários simultâneos",
        ),
        # A figure after a comma, with no model of its own, belongs to the question it follows.
        (
            "qwen 7b para 5 req/s, contexto de 16k, e llama 70b para 2 req/s",
            "Entendi: Qwen2.5 7B · 16k de contexto · 5,0 requisições/s",
            "Entendi: Llama 3.1 70B · 2,0 requisições/s",
        ),
    ],
)
def test_questions_joined_by_a_comma_or_and_are_each_answered(capsys, question, first, second):
    # Read as one question they contradicted each other (two models, two loads).
    text = answer(capsys, question)
    assert len(titles(text)) == 2, text[:300]
    one, two = text.split(titles(text)[1])
    assert first in one and second in two and "contradiz" not in text


def test_json_of_a_refused_question_among_others_holds_its_error(capsys):
    assert gpu_size(["1) llama 70b pra 10 usuarios 2) gpt-4 pra 10 usuarios", "--json"]) == 2
    questions = json.loads(capsys.readouterr().out)["questions"]
    assert questions[0]["workload"]["users"] == 10
    assert (
        questions[1]["error"]["key"] == "query.closed_model" and "gpt-4" in questions[1]["error"]["message"]
    )


def test_more_than_five_questions_answer_five_and_say_so(capsys):
    items = " ".join(f"{n}) llama 8b pra {n * 10} usuarios" for n in range(1, 8))
    text = answer(capsys, items)
    assert [t.split(":")[0] for t in titles(text)] == [f"Pergunta {n} de 5" for n in range(1, 6)]
    assert "A mensagem tem 7 perguntas; respondi às 5 primeiras" in text
    data = answer_json(capsys, items)
    assert len(data["questions"]) == 5 and "7 perguntas" in data["not_answered"]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # Two models with one shared load: compared in one answer (README "Two models compared").
        ("llama 8b ou qwen 7b para 10 usuários", "Qwen2.5 7B"),
        ("llama 8b ou qwen 7b pra 100 usuários, 8k de contexto", "Llama 3.1 8B ou Qwen2.5 7B"),
        # Models served together under one load, or a figure added with "e": one question.
        ("llama 8b e qwen 7b juntos pra 100 usuários", "Llama 3.1 8B + Qwen2.5 7B · 100 usuários"),
        (
            "llama 8b pra 100 usuários e 8k de contexto",
            "Entendi: Llama 3.1 8B · 8k de contexto · 100 usuários",
        ),
        # A precision asked again is a change of the same question, not another one.
        ("llama 70b pra 10 usuários. e em fp8?", "FP8"),
        ("qwen 32b para 10 usuários em 4 bits", "Qwen2.5 32B"),
        # One setup's figures listed: one question, each figure added to it.
        (
            "llama 70b\n- contexto 32k\n- 10 usuários",
            "Entendi: Llama 3.1 70B · 32k de contexto · 10 usuários",
        ),
        ("llama 70b? ou qwen 32b? para 20 usuários", "Qwen2.5 32B"),
        # A figure said again with no "e pra...?": more of the question, or a correction of it.
        ("llama 70b para 1000 usuários. Cerca de 50 simultâneos.", "50 usuários simultâneos · 1.000 pessoas"),
        ("llama 70b para 100 usuários. Na verdade, 200 usuários.", "Entendi: Llama 3.1 70B · 200 usuários"),
    ],
)
def test_one_question_in_several_sentences_stays_one(capsys, question, said):
    text = answer(capsys, question)
    assert not titles(text) and said in text


def test_a_contradiction_within_one_question_stays_a_contradiction(capsys):
    assert gpu_size(["70b 4bit fp16"]) == 2
    out = capsys.readouterr()
    assert "contradiz" in out.err and not titles(out.out)


def test_a_sentence_that_only_changes_the_precision_is_the_same_question_weighed_both_ways(capsys):
    # No question of its own: the precision asked again is compared side by side in one answer
    # (tests/test_side_by_side_lists.py), not split into two.
    assert gpu_size(["llama 70b em 4 bits. em 16 bits"]) == 0
    out = capsys.readouterr().out
    assert not titles(out)
    assert "INT4 (AWQ/GPTQ g128) ou BF16/FP16 (16-bit)" in out.splitlines()[0]


def test_slack_answers_each_question_and_logs_each_as_a_request(slack):
    reply = slack.answer("1) llama 70b pra 50 usuarios\n2) e se forem 400?")
    valid(reply["blocks"])
    text = text_of(reply["blocks"])
    assert "Pergunta 1 de 2: llama 70b pra 50 usuarios" in text and "Pergunta 2 de 2: e se forem 400?" in text
    assert "Entendi: Llama 3.1 70B · 50 usuários simultâneos" in text
    assert "Entendi: Llama 3.1 70B · 400 usuários simultâneos" in text
    rows = sorted(slack.rows(), key=lambda row: row["id"])
    assert [(r["text"], r["outcome"], r["model_id"]) for r in rows] == [
        ("llama 70b pra 50 usuarios", "answered", "llama-3.1-70b"),
        ("e se forem 400?", "answered", "llama-3.1-70b"),
    ]
    assert [json.loads(r["workload"])["users"] for r in rows] == [50, 400]


def test_slack_keeps_five_long_answers_within_its_block_limit(slack):
    items = "\n".join(
        f"- llama 70b pra {n * 10} usuarios em {bits} bits" for n, bits in enumerate((4, 8, 16, 4, 8), 1)
    )
    reply = slack.answer(items)
    valid(reply["blocks"])
    assert len(reply["blocks"]) <= 50
    assert "Pergunta 5 de 5" in text_of(reply["blocks"])


def test_several_questions_after_an_answer_are_new_questions_each_logged(tmp_path):
    # As in a Slack thread: after an answer, a message with questions of its own is no follow-up of it.
    db = tmp_path / "log.db"
    said = console_says(
        db, "qwen 7b pra 5 usuarios", "1) llama 8b com 100 usuários 2) llama 70b com 20 usuários"
    )
    out = said.split("/gpu 1) llama 8b")[1]
    assert "Pergunta 1 de 2: llama 8b com 100 usuários" in out and "Pergunta 2 de 2: llama 70b com 20" in out
    assert "Entendi: Llama 3.1 8B · 100 usuários simultâneos" in out
    assert "Entendi: Llama 3.1 70B · 20 usuários simultâneos" in out
    rows = RequestLog(db).rows()
    assert [(r["text"], r["model_id"]) for r in rows][1:] == [
        ("llama 8b com 100 usuários", "llama-3.1-8b"),
        ("llama 70b com 20 usuários", "llama-3.1-70b"),
    ]


def test_a_message_over_the_length_limit_is_refused_whole(capsys):
    # Split, its parts would each be short enough: the limit is the message's (query.too_long).
    assert gpu_size(["quanto de memória para um 70b em 4 bits? " * 120]) == 2
    out = capsys.readouterr()
    assert "o limite é 4.000" in out.err and not titles(out.out)


def test_several_follow_ups_in_a_thread_each_follow_its_question(slack):
    # The message names no model: each part is the thread's question changed, answered under its title (read
    # as one follow-up, "8k" and "32k" had contradicted each other).
    users, contexts, commas = replies(
        slack, "qwen 7b pra 5 usuarios", "e pra 400? e pra 800?", "e com 8k? e com 32k?", "e pra 50, e pra 60"
    )
    assert users is not None and contexts is not None and commas is not None
    assert "Pergunta 1 de 2: e pra 400?" in users and "Pergunta 2 de 2: e pra 800?" in users
    assert (
        "Qwen2.5 7B · 400 usuários simultâneos" in users and "Qwen2.5 7B · 800 usuários simultâneos" in users
    )
    assert "Qwen2.5 7B · 8k de contexto · 800 usuários" in contexts
    assert "Qwen2.5 7B · 32k de contexto · 800 usuários" in contexts and "contradiz" not in contexts
    assert "Pergunta 2 de 2: e pra 60" in commas and "Qwen2.5 7B · 32k de contexto · 60 usuários" in commas


def test_one_follow_up_in_two_sentences_stays_one_in_the_console(tmp_path):
    said = console_says(
        tmp_path / "log.db",
        "qwen 7b pra 5 usuarios",
        "e pra 400? com 8k de contexto",
        "e em fp8? e em 4 bits?",
    )
    out = said.split("/gpu e pra 400?")[1]
    assert not titles(out)
    assert "Entendi: Qwen2.5 7B · 8k de contexto · 400 usuários simultâneos" in out
    # Two precisions asked after it: its comparison, one answer.
    assert "Qwen2.5 7B · FP8 (8-bit) ou INT4 (AWQ/GPTQ g128) · 8k de contexto · 400 usuários" in out


def test_each_answer_keeps_its_proposal_and_detail_buttons_and_a_proposal_is_for_its_question(slack):
    reply = slack.answer("1) llama 70b pra 50 usuarios 2) qwen 32b pra 100 usuarios")
    valid(reply["blocks"])
    rows = [b for b in reply["blocks"] if b["type"] == "actions"]
    assert len(rows) == 2 and len({row["block_id"] for row in rows}) == 2
    # Buttons that redraw or repost the message would replace both answers with one: not offered here.
    assert [[e["action_id"] for e in row["elements"]] for row in rows] == [["gpu_detail", "gpu_proposal"]] * 2
    second = rows[1]
    proposal = next(e for e in second["elements"] if e["action_id"] == "gpu_proposal")
    body = sr.block_actions("gpu_proposal", proposal["value"], block_id=second["block_id"],
                            response_url=slack.fake.response_url(), container=ephemeral())  # fmt: skip
    assert slack.send(body)[0] == 200
    [card] = slack.fake.wait_for("chat.postMessage")
    said = text_of(card.params["blocks"])
    assert "Qwen2.5 32B" in said and "100×" in said and "Llama" not in said


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        ("llama 70b pra 10 usuários, e pra 400?", "Llama 3.1 70B · 10 usuários simultâneos",
         "Llama 3.1 70B · 400 usuários simultâneos"),
        ("llama 70b for 10 users, and for 400?", "Llama 3.1 70B · 10 concurrent users",
         "Llama 3.1 70B · 400 concurrent users"),
        ("qwen 32b pra 50 usuarios e pra 200?", "Qwen2.5 32B · 50 usuários simultâneos",
         "Qwen2.5 32B · 200 usuários simultâneos"),
    ],
)  # fmt: skip
def test_a_load_asked_again_after_a_comma_or_and_is_a_second_question(capsys, question, first, second):
    # Read whole, "e pra 400?" had been 400 tokens of context for the 10 users.
    text = answer(capsys, question)
    assert len(titles(text)) == 2, text[:300]
    one, two = text.split(titles(text)[1])
    assert first in one and second in two and "tokens de contexto ·" not in text.splitlines()[2]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("llama 70b pra 10 usuários, e com 32k de contexto", "32k de contexto · 10 usuários simultâneos"),
        ("llama 70b pra 10 usuários, e se for em fp8?", "BF16/FP16 (16-bit) ou FP8 (8-bit) · 10 usuários"),
        # people added, and phases, are no question asked again
        ("qwen3 32b para 12 analistas e 30 funcionários", "Qwen3 32B · 42 pessoas"),
        ("qwen3 32b piloto com 10 usuários e depois 100 simultâneos", "100 usuários simultâneos · produção"),
    ],
)
def test_a_clause_that_adds_to_the_load_or_weighs_a_precision_stays_one_question(capsys, question, said):
    text = answer(capsys, question)
    assert not titles(text) and said in text.splitlines()[0]
