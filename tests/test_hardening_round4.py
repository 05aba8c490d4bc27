"""Issue #13's round 4, played through the real app: signed requests into Bolt on loopback, Slack's Web API
played by FakeSlack, a real SQLite log, gunicorn where the fault needs processes. The invitation whose
history Slack will not give, and the assistant's hello and the invitation's answer when the worker doing them
is killed."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import tempfile
import time
from pathlib import Path

import pytest

from bot.log.requestlog import RequestLog

from . import slack_requests as sr
from .file_modes import bound_by_file_modes
from .slack_fake import FakeSlack
from .slack_harness import SECRET, acknowledged_or_posted, forget_signatures, serve, text_of
from .test_faults import LOADED_S
from .test_retry_after_a_dead_worker import _workers
from .test_slack_formats_round5 import _joined
from .web_server import healthz, web_process

# How long a test waits for what the app does after acknowledging: generous, for a loaded machine.
WAIT = 30


@pytest.fixture
def slack(tmp_path):
    with serve(tmp_path, slack_timeout=1) as harness:
        yield harness


def _history_of(asked: dict) -> dict:
    """conversations.history's answer holding `asked` (a message event) as Slack keeps it."""
    return {
        "messages": [{k: v for k, v in asked.items() if k not in ("channel", "channel_type", "event_ts")}]
    }


# -- an invitation whose history Slack will not give ----------------------------------------------------


def _past_retries(fake: FakeSlack, how: str) -> str:
    """Slack refuses conversations.history `how`, every try the app makes; the error_key the row must carry."""
    if how == "500":
        fake.fail("conversations.history", status=500, times=10)
        return "slack:internal_error"
    if how == "429":
        fake.fail("conversations.history", status=429, headers={"Retry-After": "0"}, times=10)
        return "slack:ratelimited"
    if how == "not_in_channel":
        fake.fail("conversations.history", status=200, body={"ok": False, "error": "missing_scope"}, times=10)
        return "slack:missing_scope"
    if how == "garbled":
        fake.reply("conversations.history", {"messages": "[]"})
        return "slack:history_unreadable"
    fake.delay("conversations.history", 3)  # past the client's timeout (1 s here): never retried
    return "slack:TimeoutError"


@pytest.mark.parametrize("how", ["500", "429", "not_in_channel", "garbled", "silence"])
def test_an_invitation_whose_history_slack_will_not_give_is_told_to_the_inviter_and_logged(slack, how):
    expected = _past_retries(slack.fake, how)
    assert slack.event(_joined("C1001", "U1001", "1700080010.000100"), "EvR4Join" + how) == 200
    [told] = slack.fake.wait_for("chat.postEphemeral", timeout=WAIT)
    slack.fake.delay("conversations.history", 0)
    slack.settle(WAIT)
    assert (told.params["channel"], told.params["user"]) == ("C1001", "U1001")  # only the inviter sees it
    assert "me mencione de novo" in told.params["text"] and "<#C1001>" in told.params["text"]
    assert slack.fake.calls("chat.postMessage") == []
    assert [
        (r["surface"], r["user_id"], r["channel_id"], r["outcome"], r["error_key"]) for r in slack.rows()
    ] == [("mention", "U1001", "C1001", "failed", expected)]
    # Slack's retry of the join is not told twice.
    assert slack.event(_joined("C1001", "U1001", "1700080010.000100"), "EvR4Join" + how, retry=1) == 200
    slack.settle(WAIT)
    assert len(slack.fake.calls("chat.postEphemeral")) == 1 and len(slack.rows()) == 1


def test_the_invitations_note_comes_in_a_direct_message_when_the_channel_refuses_it_too(slack):
    slack.fake.fail("conversations.history", status=500, times=10)
    slack.fake.fail("chat.postEphemeral", status=200, body={"ok": False, "error": "channel_not_found"})
    assert slack.event(_joined("C1002", "UEN1002", "1700080110.000100"), "EvR4Dm") == 200
    [told] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    slack.settle(WAIT)
    assert told.params["channel"] == "UEN1002"  # the inviter's DM with the app
    assert "mention me again" in told.params["text"]  # in the inviter's language (their Slack locale)
    [row] = slack.rows()
    assert (row["outcome"], row["lang"]) == ("failed", "en")


def test_an_invitation_slack_refuses_everything_for_is_still_logged_as_failed(slack):
    slack.fake.fail("conversations.history", status=500, times=10)
    for method in ("chat.postEphemeral", "chat.postMessage"):
        slack.fake.fail(method, status=500, times=10)
    assert slack.event(_joined("C1003", "U1003", "1700080210.000100"), "EvR4None") == 200
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    slack.settle(WAIT)
    assert [(r["user_id"], r["outcome"], r["error_key"]) for r in slack.rows()] == [
        ("U1003", "failed", "slack:internal_error")
    ]


def test_an_invitation_whose_history_holds_no_mention_tells_no_one(slack):
    talk = sr.message("bom dia", user="U1004", channel="C1004", ts="1700080300.000100")
    slack.fake.reply("conversations.history", _history_of(talk))
    assert slack.event(_joined("C1004", "U1004", "1700080310.000100"), "EvR4Talk") == 200
    slack.fake.wait_for("conversations.history", timeout=WAIT)
    slack.settle(WAIT)
    assert slack.fake.calls("chat.postEphemeral") == [] and slack.fake.calls("chat.postMessage") == []
    assert slack.rows() == []


# -- a worker killed while greeting or reading the invitation's history ---------------------------------


def _killed_at(fake: FakeSlack, web, method: str) -> int:
    """Waits until the worker is calling `method` (held by Slack), lets Slack answer again at once, and kills
    the worker (SIGKILL: no shutdown, as out of memory does); its pid."""
    fake.wait_for(method, timeout=WAIT)
    fake.delay(method, 0)
    [worker] = _workers(web.process.pid)
    os.kill(worker, signal.SIGKILL)
    return worker


def _settled(fake: FakeSlack, method: str, count: int, quiet: float = 1.5) -> list:
    """The calls to `method` once `count` of them came and no more came for `quiet` seconds."""
    calls = fake.wait_for(method, count=count, timeout=WAIT)
    while True:
        time.sleep(quiet)
        again = fake.calls(method)
        if len(again) == len(calls):
            return again
        calls = again


def test_a_worker_killed_while_greeting_an_assistant_thread_leaves_the_hello_to_the_next(tmp_path):
    thread = {"user_id": "U1010", "context": {"channel_id": "C1010", "team_id": "T0001"},
              "channel_id": "DU1010", "thread_ts": "1729999400.000100"}  # fmt: skip
    started = {"type": "assistant_thread_started", "assistant_thread": thread, "event_ts": "1729999400.2"}
    with FakeSlack() as fake, web_process(tmp_path, fake) as web:
        fake.delay("users.info", WAIT)  # Slack slow to say who opened it: the worker is killed meanwhile
        body = sr.event(started, event_id="EvR4Greet")
        assert sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET))[0] == 200
        worker = _killed_at(fake, web, "users.info")
        [hello] = _settled(fake, "chat.postMessage", 1)
        assert (hello.params["channel"], hello.params["thread_ts"]) == ("DU1010", "1729999400.000100")
        assert hello.params["text"].startswith("Olá! Eu calculo")
        assert fake.calls("assistant.threads.setSuggestedPrompts")
        assert worker not in _workers(web.process.pid)
        # Slack's retry (had it seen no acknowledgement) is not greeted again.
        retried = sr.sign(body, SECRET) | {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}
        assert sr.post(f"{web.base}/slack/events", body, retried)[0] == 200
        assert len(_settled(fake, "chat.postMessage", 1)) == 1


def test_a_worker_killed_while_reading_the_invitations_history_leaves_the_mention_to_the_next(tmp_path):
    asked = sr.message("<@UBOT> llama 3.1 8b 16bit", user="U1011", channel="C1011", ts="1700080400.000100")
    with FakeSlack() as fake, web_process(tmp_path, fake) as web:
        fake.reply("conversations.history", _history_of(asked))
        fake.delay("conversations.history", WAIT)
        body = sr.event(_joined("C1011", "U1011", "1700080410.000100"), event_id="EvR4JoinKilled")
        assert sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET))[0] == 200
        _killed_at(fake, web, "conversations.history")
        [answer] = _settled(fake, "chat.postMessage", 1)
        assert (answer.params["channel"], answer.params["thread_ts"]) == ("C1011", "1700080400.000100")
        assert "Llama 3.1 8B" in text_of(answer.params["blocks"])


# -- a read-only log, the app running as a user the file's mode binds ------------------------------------

MANAGER = "UMGR1020"


def _rows(db: Path, sql: str) -> list:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return list(conn.execute(sql))
    finally:
        conn.close()


def test_a_read_only_log_answers_keeps_every_row_aside_says_so_and_takes_them_when_writable(tmp_path):
    run_as, who = bound_by_file_modes(as_nobody=True)
    # A folder the app's user owns (pytest's own is root's alone); the log in it made by the app earlier.
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-ro-"))
    try:
        db = workdir / "log.db"
        with RequestLog(db) as log:
            log.record({"surface": "slash_command", "user_id": "U1020", "text": "8b", "outcome": "answered"})
        if who == "nobody":
            for path in (workdir, *workdir.rglob("*")):
                os.chown(path, run_as["user"], run_as["group"])
        db.chmod(0o400)  # a restore, or an operator, leaves it read-only for the app
        env = {"GPU_SIZER_MANAGERS": MANAGER, "GPU_SIZER_SALES_CHANNEL": "CSALES01", "HOME": str(workdir)}
        asked = [f"70b 4bit {i + 1}users" for i in range(4)]
        with FakeSlack() as fake:
            with web_process(workdir, fake, env=env, run_as=run_as, start_timeout=LOADED_S) as web:
                for n, text in enumerate(asked):
                    assert "Recomendação" in text_of(_ask(web, fake, text, f"ro{n}")["blocks"])
                assert "Recomendação" in text_of(
                    _ask(web, fake, "70b 16bit 20 users produção", "lead", user="U1021")["blocks"]
                )  # an automatic lead, kept aside like a row
                view = text_of(_ask(web, fake, "log", "view", user=MANAGER)["blocks"])
                assert "somente leitura" in view and "`8b`" in view  # what the file holds, still read
                health = healthz(web.base)[1]
                assert health["status"] == "degraded" and health["log"]["writable"] is False
                web.process.send_signal(signal.SIGTERM)
                assert web.process.wait(timeout=LOADED_S) == 0
            assert "kept in" in web.output() and "LOST" not in web.output()
            assert _rows(db, "select text from requests") == [("8b",)]  # nothing written: it could not be
            db.chmod(0o600)  # the mode put right; the app started again
            with web_process(workdir, fake, env=env, run_as=run_as, start_timeout=LOADED_S, name="again"):
                expected = sorted(["8b", *asked, "70b 16bit 20 users produção"])
                deadline = time.monotonic() + LOADED_S
                while sorted(r[0].strip() for r in _rows(db, "select text from requests")) != expected:
                    assert time.monotonic() < deadline, _rows(db, "select text from requests")
                    time.sleep(0.1)
                [card] = fake.wait_for("chat.postMessage", timeout=LOADED_S)
                assert card.params["channel"] == "CSALES01"
        assert _rows(db, "select source from leads") == [("auto",)]
        assert ("list",) in _rows(db, "select action from audit")  # the manager's reading, recorded late
    finally:
        forget_signatures(Path(f"{workdir / 'log.db'}.spool"))
        shutil.rmtree(workdir, ignore_errors=True)


def _ask(web, fake: FakeSlack, text: str, name: str, user: str = "U1020") -> dict:
    """/gpu `text`, answered in the acknowledgement or through its response_url (named `name`)."""
    body, _ = sr.slash_command(text, user_id=user, response_url=fake.response_url(name))
    status, _, reply = sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET), timeout=LOADED_S)
    assert status == 200, (status, reply)
    return acknowledged_or_posted(fake, json.loads(reply) if reply else {}, name, LOADED_S, text)
