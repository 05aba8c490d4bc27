"""A question asked again in Slack (the same words all day, "70b 4bit") is answered from what the web process
kept: it is not read, split, rendered or redacted again, yet every request still gets its own row, with the
same redacted text, and each person gets exactly the answer a new process would give them (their language,
what customers may see, the shared channel's notice)."""

from __future__ import annotations

import pytest

from bot import blocks, pipeline
from bot.log import requestlog
from sizing import query

from .slack_harness import serve, text_of

QUESTION = "llama 3.1 70b fp8 32k 20 usuários, resposta pra ana.souza@empresa.com.br"


def _counting(monkeypatch, module, name: str) -> list:
    calls: list = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def test_a_question_asked_again_is_not_read_rendered_or_redacted_again_and_each_gets_its_row(
    tmp_path, monkeypatch
):
    parsed = _counting(monkeypatch, pipeline, "parse")
    split = _counting(monkeypatch, pipeline, "split")
    rendered = _counting(monkeypatch, blocks, "answer")
    redacted = _counting(monkeypatch, requestlog, "for_log")
    with serve(tmp_path) as slack:
        first = slack.answer(QUESTION, user_id="U0000001")
        again = [slack.answer(QUESTION, user_id=user) for user in ("U0000001", "U0000002", "U0000001")]
        rows = slack.rows()
    assert "Recomendação" in text_of(first["blocks"])
    assert all(reply["blocks"] == first["blocks"] for reply in again)
    assert (len(parsed), len(split), len(rendered), len(redacted)) == (1, 1, 1, 1)
    assert len(rows) == 4
    assert {row["text"] for row in rows} == {"llama 3.1 70b fp8 32k 20 usuários, resposta pra [email]"}
    assert len({row["request_key"] for row in rows}) == 4
    assert [row["user_id"] for row in rows] == ["U0000001", "U0000001", "U0000002", "U0000001"]


def test_a_question_asked_again_is_not_weighed_for_its_language_again(tmp_path):
    """Which language a message is plainly written in is asked on every request, a cached answer's too; the
    words decide it, so it is worked out once per text."""
    query.clearly_written.cache_clear()
    asked = "and with 4 h100s for llama 70b, 20 users?"
    with serve(tmp_path) as slack:
        first = slack.answer(asked, user_id="U0000001")
        again = [slack.answer(asked, user_id=user) for user in ("U0000001", "U0000002")]
    assert "Recommendation" in text_of(first["blocks"])
    assert all(reply["blocks"] == first["blocks"] for reply in again)
    weighed = query.clearly_written.cache_info()
    assert weighed.misses == 1
    assert weighed.hits >= 2


# Who asks, and where: staff in Portuguese, staff whose Slack is in English, a customer in a shared channel.
ASKERS = [("U0000001", "C0001"), ("UEN00001", "C0001"), ("UEXT0001", "CEXT0001")]
ASKED = "70b 4bit 10 usuários"


def _new_process(tmp_path, user: str, channel: str, before: str | None = None) -> dict:
    """The answer a new process gives `user` in `channel`, after `before` was asked there (a customer's
    channel is told what we record with its first answer only)."""
    with serve(tmp_path) as slack:
        if before:
            slack.answer(before, user_id=user, channel_id=channel)
        return slack.answer(ASKED, user_id=user, channel_id=channel)


@pytest.mark.parametrize("order", [ASKERS, ASKERS[::-1]], ids=["staff first", "customer first"])
def test_an_answer_from_the_caches_is_the_one_a_new_process_gives_that_person(tmp_path, order):
    first = {user: _new_process(tmp_path / f"first-{user}", user, channel) for user, channel in order}
    later = {user: _new_process(tmp_path / f"later-{user}", user, channel, before="8b")
             for user, channel in order}  # fmt: skip
    with serve(tmp_path / "together") as slack:
        for expected in (first, later, later):
            for user, channel in order:
                reply = slack.answer(ASKED, user_id=user, channel_id=channel)
                assert (reply["blocks"], reply["text"]) == (
                    expected[user]["blocks"],
                    expected[user]["text"],
                ), user
    assert "Recomendação" in text_of(first["U0000001"]["blocks"])
    assert "Recommendation" in text_of(first["UEN00001"]["blocks"])
    assert first["UEXT0001"]["blocks"] != later["UEXT0001"]["blocks"]  # the notice, the first time only
