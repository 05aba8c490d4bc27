"""Issue #13's round 3, played through the real app: signed requests into Bolt on loopback, Slack's Web API
played by FakeSlack, a real SQLite log, gunicorn where the fault needs processes. A request log deleted and
recreated under the running app keeps what its workers know of the bot token; and what was added since the
issue (shortcuts, assistant threads, thread notes, budgets, lead notes, the CSV export) met with malformed,
oversized and hostile requests."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlencode

import pytest

from . import slack_requests as sr
from .slack_fake import FakeSlack
from .slack_harness import SECRET, serve, text_of
from .slack_harness import database as _db
from .slack_harness import payload as _payload
from .test_slack_formats_round3 import _changed
from .test_slack_formats_round5 import _global_shortcut, _joined
from .web_server import web_process

REVOKED = {"type": "tokens_revoked", "tokens": {"oauth": [], "bot": ["UBOT"]}, "event_ts": "1.7"}
WEB_API = ("auth.test", "users.info", "conversations.info", "chat.postMessage", "chat.postEphemeral")


def _web_api(slack) -> list[str]:
    """The Web API methods the app called (a response_url is Slack's too, but needs no token)."""
    slack.settle()
    return [c.method for c in slack.fake.calls() if c.method != "response_url"]


def _healthz(base: str) -> dict:
    with urllib.request.urlopen(base + "/healthz", timeout=5) as r:
        return json.loads(r.read())


def _delete_the_log(db: Path) -> None:
    """Someone deletes the log's file (with its write-ahead log) under the running app."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)


def _recreated(slack) -> None:
    """A question is logged: the app notices the deleted file and creates it again, empty."""
    slack.answer("qwen2.5 7b 16bit", user_id="U0901", channel_id="C0901")
    slack.settle()
    slack.log.flush()
    assert slack.db.exists()


# -- a recreated log keeps the token's mark and identity ---------------------------------------------------


def test_a_worker_that_knew_the_token_is_gone_does_not_call_slack_after_the_log_is_recreated(tmp_path):
    # Two workers (two apps in one process; gunicorn's are processes) sharing the log's file, each looking at
    # the mark on every call.
    with serve(tmp_path, token_check_s=0) as first, serve(tmp_path, token_check_s=0) as second:
        assert first.event(REVOKED, "EvR3Revoked1") == 200
        second.fake.clear()  # its start's auth.test
        second.answer("qwen2.5 7b 16bit", user_id="U0900", channel_id="C0900")
        assert _web_api(second) == []  # the second learned it from the mark
        _delete_the_log(first.db)
        _recreated(first)
        for fake in (first.fake, second.fake):
            fake.clear()
            for method in WEB_API:
                fake.fail(method, status=200, body={"ok": False, "error": "token_revoked"}, times=50)
        for slack in (second, first):
            reply = slack.answer("llama 3.1 8b 16bit", user_id="U0902", channel_id="C0902")
            assert "Llama 3.1 8B" in text_of(reply["blocks"])
            assert _web_api(slack) == []
            health = _healthz(slack.url.removesuffix("/slack/events"))
            assert health["status"] == "degraded" and health["slack_token"] == "token_revoked"


def test_a_worker_started_after_the_log_was_recreated_with_the_token_revoked_boots_degraded(tmp_path):
    with FakeSlack() as fake:
        # The token works: the first web process keeps what auth.test said. Then Slack revokes it, and the log's
        # file is deleted and recreated while that process runs.
        with web_process(tmp_path, fake, name="first", env={"GPU_SIZER_TOKEN_CHECK_S": "0"}) as web:
            told = sr.event(REVOKED, event_id="EvR3Boot1")
            assert sr.post(f"{web.base}/slack/events", told, sr.sign(told, SECRET))[0] == 200
            _delete_the_log(tmp_path / "log.db")
            body, _ = sr.slash_command("qwen2.5 7b 2 users", user_id="U0903", channel_id="C0903")
            assert sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET), timeout=15)[0] == 200
            deadline = time.monotonic() + 10
            while not (tmp_path / "log.db").exists():
                assert time.monotonic() < deadline, "the log's file was not recreated"
                time.sleep(0.05)
            assert _healthz(web.base)["status"] == "degraded"
        fake.fail("auth.test", status=200, body={"ok": False, "error": "token_revoked"}, times=50)
        fake.clear()
        with web_process(tmp_path, fake, name="second") as web:
            assert _healthz(web.base)["slack_token"] == "token_revoked"
            body, _ = sr.slash_command("qwen2.5 7b 4 users", user_id="U0904", channel_id="C0904")
            status, _, answer = sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET), timeout=15)
            assert status == 200 and "Qwen2.5 7B" in answer
            assert "Worker failed to boot" not in web.output()
        # Only the start's one try of the token (Bolt's auth.test) reached Slack.
        assert [c.method for c in fake.calls() if c.method != "response_url"] == ["auth.test"]


# -- what a worker learns while the log is locked reaches the others once it frees ---------------------------


@contextlib.contextmanager
def _locked(db: Path):
    """Another process holds the log's write lock (a manager's long export, a backup) for the block."""
    lock = sqlite3.connect(db, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        lock.rollback()
        lock.close()


def test_an_answer_posted_while_the_log_is_locked_is_updated_in_place_by_another_worker(tmp_path):
    with serve(tmp_path) as first, serve(tmp_path) as second:
        first.fake.reply("chat.postMessage", lambda p: {"channel": p["channel"], "ts": "1700000901.000100"})
        asked = sr.message(
            "llama 3.1 8b 16bit", channel="DU0910", channel_type="im", user="U0910", ts="1700000900.000100"
        )
        with _locked(first.db):
            assert first.event(asked, "EvR3Lock1") == 200
            first.fake.wait_for("chat.postMessage", timeout=10)
            first.settle()
        first.log.flush()
        # The person edits the question; Slack delivers the edit to the other worker.
        second.fake.clear()
        assert second.event(_changed(asked, "qwen2.5 7b 16bit", "1700000910.000000"), "EvR3Lock2") == 200
        [update] = second.fake.wait_for("chat.update", timeout=10)
        second.settle()
        assert (update.params["channel"], update.params["ts"]) == ("DU0910", "1700000901.000100")
        assert "Qwen2.5 7B" in text_of(update.params["blocks"])
        assert second.fake.calls("chat.postMessage") == []  # not answered a second time


def test_an_assistant_thread_opened_while_the_log_is_locked_is_one_for_every_worker(tmp_path):
    thread = {"user_id": "U0911", "context": {"channel_id": "C0911", "team_id": "T0001"},
              "channel_id": "DU0911", "thread_ts": "1729999327.187299"}  # fmt: skip
    with serve(tmp_path) as first, serve(tmp_path) as second:
        with _locked(first.db):
            started = {
                "type": "assistant_thread_started",
                "assistant_thread": thread,
                "event_ts": "1729999327.2",
            }
            assert first.event(started, "EvR3Lock3") == 200
            first.settle()
        first.log.flush()
        second.fake.clear()
        asked = sr.message("qwen2.5 7b 16bit", channel="DU0911", channel_type="im", user="U0911",
                           thread_ts=thread["thread_ts"])  # fmt: skip
        assert second.event(asked, "EvR3Lock4") == 200
        [posted] = second.fake.wait_for("chat.postMessage", timeout=10)
        second.settle()
        assert posted.params.get("thread_ts") == thread["thread_ts"]
        # In the container's thread: "is thinking…" while it works, and the thread named after the question.
        assert second.fake.calls("assistant.threads.setStatus") and second.fake.calls(
            "assistant.threads.setTitle"
        )


# -- a read of Slack's history that fails once is tried again --------------------------------------------


@pytest.mark.parametrize("status", [500, 503])
def test_the_invitations_mention_is_answered_when_reading_the_history_fails_once(slack, status):
    asked = sr.message("<@UBOT> llama 3.1 8b 16bit", user="U0920", channel="C0920", ts="1700060000.000100")
    history = [{k: v for k, v in asked.items() if k not in ("channel", "channel_type", "event_ts")}]
    slack.fake.reply("conversations.history", {"messages": history})
    slack.fake.fail("conversations.history", status=status)  # Slack's own trouble, once
    assert slack.event(_joined("C0920", "U0920", "1700060010.000100"), "EvR3Join1") == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=10)
    slack.settle()
    assert (answer.params["channel"], answer.params["thread_ts"]) == ("C0920", "1700060000.000100")
    assert "Llama 3.1 8B" in text_of(answer.params["blocks"])
    assert [(r["surface"], r["user_id"], r["outcome"]) for r in slack.rows()] == [
        ("mention", "U0920", "answered")
    ]


def test_a_linked_message_is_read_when_slack_fails_once(slack):
    customer = {"type": "message", "user": "UCLI0921", "text": "precisamos rodar llama 70b para 50 usuários",
                "ts": "1700060100.000100", "team": "T0001"}  # fmt: skip
    slack.fake.reply("conversations.replies", {"messages": [customer]})
    slack.fake.reply(
        "conversations.info", {"channel": {"id": "C0921", "is_channel": True, "is_private": False}}
    )
    slack.fake.fail("conversations.replies", status=500)
    link = "https://nossanuvem.slack.com/archives/C0921/p1700060100000100"
    said = text_of(slack.answer(f"quanto precisa pra isso? <{link}>", user_id="U0921")["blocks"])
    assert "Llama 3.1 70B" in said and "50 usuários" in said


# -- an export button this version did not write ---------------------------------------------------------

MANAGER = "UMGR0930"


@pytest.mark.parametrize(
    "value",
    [
        "[]",
        "null",
        '"7d"',
        '{"model": {"id": "llama"}}',
        '{"model": ["qwen", "llama"]}',
        '{"status": "arquivado"}',
    ],
    ids=["list", "null", "string", "model_object", "model_list", "unknown_status"],
)
def test_an_export_button_with_filters_this_version_cannot_read_says_so_and_sends_nothing(tmp_path, value):
    with serve(tmp_path, managers=MANAGER) as slack:
        slack.command("qwen2.5 7b 16bit")
        slack.fake.clear()
        pressed = sr.block_actions(
            "log_export", value, user_id=MANAGER, response_url=slack.fake.response_url("e")
        )
        assert slack.send(pressed)[0] == 200
        slack.settle()
        [told] = slack.fake.calls("response_url")
        assert "Este botão não é mais válido" in text_of(told.params["blocks"])
        assert slack.fake.calls("files.getUploadURLExternal") == []


# -- a note Slack fails to post in a thread still comes ---------------------------------------------------


@pytest.mark.parametrize(
    ("status", "error"), [(500, "internal_error"), (429, "ratelimited"), (200, "fatal_error")]
)
def test_a_proposals_confirmation_slack_fails_to_post_in_the_thread_comes_through_the_response_url(
    slack, status, error
):
    # The shortcut picked on a reply: its answer only the picker sees, in the thread (chat.postEphemeral).
    reply = sr.message("llama 3.1 8b 16bit pra 20 usuários", user="UEXT0940", channel="C0940",
                       ts="1700070000.000500", thread_ts="1700070000.000100")  # fmt: skip
    slack.send(
        sr.message_shortcut(
            reply, user_id="U0940", channel_id="C0940", response_url=slack.fake.response_url()
        )
    )
    [answer] = slack.fake.wait_for("chat.postEphemeral", timeout=10)
    slack.settle()
    # "Quero uma proposta" under it; Slack fails the confirmation's post in the thread, past its retries.
    slack.fake.fail("chat.postEphemeral", status=status, headers={"Retry-After": "0"}, times=5,
                    body={"ok": False, "error": error})  # fmt: skip
    pressed = sr.block_actions("gpu_proposal", _payload(answer.params), user_id="U0940", channel_id="C0940",
                               response_url=slack.fake.response_url("pressed"),
                               container={"type": "message", "message_ts": "1700070001.000100", "channel_id": "C0940",
                                          "is_ephemeral": True, "thread_ts": "1700070000.000100"})  # fmt: skip
    data = json.loads(parse_qs(pressed)["payload"][0])
    del data["message"]  # an answer only its presser sees has none
    assert slack.send(urlencode({"payload": json.dumps(data)}))[0] == 200
    slack.settle()
    told = [c for c in slack.fake.calls("response_url") if c.params.get("_name") == "pressed"]
    assert len(told) == 1 and "time comercial recebeu" in text_of(told[0].params["blocks"])
    db = _db(slack)
    assert db.execute("select count(*) from leads where source = 'proposal'").fetchone()[0] == 1
    db.close()


# -- App Home rate limited holds no one's answer -----------------------------------------------------------


def test_app_home_rate_limited_by_slack_does_not_hold_up_the_answer_to_a_mention(slack):
    # Eight people open the app's Home tab while Slack rate limits views.publish for 30 s: each wait would
    # hold one of the threads that post every answer after the acknowledgement (8 of them).
    slack.fake.fail("views.publish", status=429, headers={"Retry-After": "30"}, times=100)
    for i in range(8):
        assert slack.event(sr.app_home_opened(f"U095{i}"), f"EvR3Home{i}") == 200
    assert (
        slack.event(sr.app_mention("<@UBOT> qwen2.5 7b 16bit", user="U0959", channel="C0959"), "EvR3M") == 200
    )
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=15)  # 60 s and more when each tab waited
    assert "Qwen2.5 7B" in text_of(answer.params["blocks"])
    slack.settle()
    # Each tab tried once: the next opening draws it.
    assert len(slack.fake.calls("views.publish")) == 8


def test_a_form_slack_rate_limits_is_not_waited_for_past_its_trigger(slack):
    # A trigger_id dies 3 s after the click (https://docs.slack.dev/reference/methods/views.open): waiting out
    # a Retry-After of 30 s (twice, as the other calls retry) only outlived it and held an after-ack thread.
    slack.fake.fail("views.open", status=429, headers={"Retry-After": "30"}, times=100)
    assert slack.send(_global_shortcut("U0961"))[0] == 200
    [told] = slack.fake.wait_for("chat.postMessage", timeout=15)  # 60 s and more when the open waited
    assert told.params["channel"] == "U0961" and "O formulário não abriu" in text_of(told.params["blocks"])
    slack.settle()
    assert len(slack.fake.calls("views.open")) == 1
    assert [(r["surface"], r["outcome"]) for r in slack.rows()] == [("shortcut", "failed")]
