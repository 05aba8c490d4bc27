"""Faults: a locked or unwritable log, Slack's API failing, bad requests, arbitrary queries through the
whole pipeline, and a shutdown in the middle of requests. Each test is bounded in time; all traffic stays
on loopback. (A retried event answered once: tests/test_slack_app.py.)"""

from __future__ import annotations

import concurrent.futures
import signal
import sqlite3
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slack_sdk.models.blocks import Block

from bot.blocks import validate
from bot.pipeline import Pipeline, Where
from bot.requestlog import RequestLog

from . import slack_requests as sr
from .slack_fake import FakeSlack
from .slack_harness import SECRET, serve
from .slack_harness import text_of as _text
from .web_server import web_process


@pytest.fixture
def slack(tmp_path):
    with serve(tmp_path, slack_timeout=1) as harness:
        yield harness


def _hold_write_lock(path, seconds: float, locked: threading.Event) -> None:
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer (a manager's script, a backup) holds the file
    locked.set()
    time.sleep(seconds)
    other.execute("COMMIT")
    other.close()


def test_a_log_locked_for_seconds_costs_no_answer_and_no_row(slack):
    slack.command("8b")  # the file exists and is migrated
    locked = threading.Event()
    holder = threading.Thread(target=_hold_write_lock, args=(slack.db, 3, locked))
    holder.start()
    locked.wait(5)
    started = time.monotonic()
    replies = [slack.command(f"70b 4bit {i + 1}users") for i in range(10)]
    assert time.monotonic() - started < 3  # answered while the lock was still held
    assert all("Recomendação" in _text(r["blocks"]) for r in replies)
    holder.join()
    assert len(slack.rows()) == 11  # every row, once the lock was released


def test_an_unwritable_log_keeps_rows_aside_and_writes_them_when_it_can(slack, monkeypatch):
    slack.command("8b")
    slack.log.flush()

    def refused(*args, **kwargs):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(slack.log, "_write_batch", refused)
    for i in range(5):
        assert "Recomendação" in _text(slack.command(f"8b {i + 1} users")["blocks"])
    assert slack.log.flush() == 5  # kept aside, in order

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(slack.log, "_write_batch", full)
    assert "Recomendação" in _text(slack.command("70b")["blocks"])
    assert slack.log.flush() == 6
    monkeypatch.undo()  # writable again
    rows = slack.rows()
    assert [r["text"] for r in rows] == ["8b", *[f"8b {i + 1} users" for i in range(5)], "70b"]


def test_slack_rate_limits_then_errors_then_silence(slack):
    fake = slack.fake
    # 429 with Retry-After: Slack did not take the message; it is sent again after the wait.
    fake.fail("chat.postMessage", status=429, headers={"Retry-After": "1"}, times=1)
    slack.event(sr.app_mention("<@UBOT> 8b", ts="1700000100.000100"), "EvF1")
    calls = fake.wait_for("chat.postMessage", count=2, timeout=10)
    assert [c.status for c in calls] == [429, 200]

    # 500s: a message that may have been posted is not posted again; the failure is logged.
    fake.clear()
    fake.fail("chat.postMessage", status=500, times=2)
    slack.event(sr.app_mention("<@UBOT> 70b 4bit", ts="1700000101.000100"), "EvF2")
    fake.wait_for("chat.postMessage", count=1)
    time.sleep(0.5)
    assert len(fake.calls("chat.postMessage")) == 1
    failed = [r for r in slack.rows() if r["outcome"] == "failed"]
    assert len(failed) == 1 and failed[0]["error_key"].startswith("slack:")

    # A read that fails with 500 is retried: it cannot do harm.
    fake.clear()
    fake.fail("users.info", status=500, times=1)
    assert "Recomendação" in _text(slack.command("8b", user_id="UNEW0001")["blocks"])
    assert [c.status for c in fake.calls("users.info")] == [500, 200]

    # Silence: the post times out (1 s here), is not retried, and the next request is served.
    fake.clear()
    fake.delay("chat.postMessage", 3)
    slack.event(sr.app_mention("<@UBOT> 8b qlora", ts="1700000102.000100"), "EvF3")
    fake.delay("chat.postMessage", 0)
    assert "Recomendação" in _text(slack.command("70b 8bit")["blocks"])
    outcomes = {r["text"].strip(): r["outcome"] for r in slack.rows()}
    assert outcomes["8b qlora"] == "failed" and outcomes["70b 8bit"] == "answered"


@pytest.mark.parametrize(
    ("name", "body", "headers"),
    [
        ("malformed JSON", "{not json", None),
        ("malformed form", "payload=%7Bbroken", {"Content-Type": sr.FORM}),
        ("unknown payload type", '{"type": "nonsense"}', None),
        ("empty body", "", None),
    ],
)
def test_malformed_signed_requests_get_4xx_and_nothing_is_logged(slack, name, body, headers):
    status, _, _ = slack.send(body, headers=headers)
    assert 400 <= status < 500, (name, status)
    assert slack.rows() == []


def test_oversized_unsigned_wrongly_signed_and_replayed_requests(slack):
    big = "text=" + "a" * (300 * 1024)
    status, _, _ = slack.send(big)
    assert status == 413
    body, _ = sr.slash_command("70b 4bit", response_url=slack.fake.response_url())
    assert sr.post(slack.url, body, {"Content-Type": sr.FORM})[0] == 401
    assert slack.send(body, secret="f" * 32)[0] == 401
    assert slack.send(body, timestamp=int(time.time()) - 3600)[0] == 401  # replayed an hour later
    assert slack.send(body, timestamp=int(time.time()) + 3600)[0] == 401
    assert slack.rows() == []
    assert slack.fake.calls("response_url") == []


# -- arbitrary queries through the whole pipeline ----------------------------------------------------

WORDS = ["70b", "8b", "405b", "8x7b", "30b-a3b", "llama 3.1 70b", "qwen2.5 32b", "deepseek v3", "gpt-oss-120b",
         "4bit", "8bit", "16bit", "fp32", "q4_k_m", "nf4", "mxfp4", "kv8", "32k", "128k", "1M", "8192",
         "10users", "0 users", "100000 usuários", "numa l40s", "2x h100", "8 gpus", "lora", "qlora", "full",
         "pretrain", "1T tokens", "seq 4096", "batch 8", "zero3", "rag", "código", "produção", "en", "<!channel>",
         "&", "ajuda", "e se for em 8 bits?", "😀", "x" * 50]  # fmt: skip


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    log = RequestLog(tmp_path_factory.mktemp("hyp") / "log.db")
    yield Pipeline(log)
    log.close()


def _check(pipeline, text):
    reply = pipeline.ask(text, Where("slash_command", user_id="U0001", channel_id="C0001"))
    assert reply.outcome in ("answered", "needs_input", "not_understood")  # never "failed": no engine bug
    validate(reply.message.blocks)
    for block in reply.message.blocks:
        Block.parse(block).validate_json()
    assert reply.message.text and len(reply.message.text) <= 3000
    assert "<!channel>" not in str(reply.message.blocks)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
def test_any_combination_of_words_becomes_a_valid_message(pipeline, words):
    _check(pipeline, " ".join(words))


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.text(max_size=300))
def test_any_text_becomes_a_valid_message(pipeline, text):
    _check(pipeline, text)


def test_every_pipeline_run_is_logged(tmp_path):
    with RequestLog(tmp_path / "log.db") as log:
        pipeline = Pipeline(log)
        for text in ["70b", "asdf", "", "8b lora", "70b 4bit fp16"]:
            pipeline.ask(text, Where("console"))
        assert len(log.rows()) == 5


# -- shutdown ------------------------------------------------------------------------------------------


def test_sigterm_lets_requests_in_flight_finish_and_their_rows_be_written(tmp_path):
    with FakeSlack() as fake, web_process(tmp_path, fake) as web:
        # Each request looks up a new user, and Slack takes 2 s to say who it is: past the acknowledgement's
        # budget, so each is acknowledged empty and its answer is still on its way when SIGTERM comes.
        fake.delay("users.info", 2)

        def ask(i):
            body, _ = sr.slash_command(f"70b 4bit {i + 1}users", user_id=f"UFLIGHT{i:02d}",
                                       response_url=fake.response_url(f"r{i}"))  # fmt: skip
            started = time.monotonic()
            answer = sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET), timeout=20)
            return answer, time.monotonic() - started

        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            futures = [pool.submit(ask, i) for i in range(6)]
            time.sleep(0.8)
            web.process.send_signal(signal.SIGTERM)
            results = [f.result() for f in futures]
        assert [status for (status, _, _), _ in results] == [200] * 6
        assert all(seconds < 3 for _, seconds in results)  # inside Slack's deadline
        assert web.process.wait(timeout=30) == 0
        answers = {c.params["_name"]: c.params for c in fake.calls("response_url")}
        assert sorted(answers) == [f"r{i}" for i in range(6)]  # every answer delivered before exiting
        assert all("Recomendação" in _text(a["blocks"]) for a in answers.values())
    conn = sqlite3.connect(tmp_path / "log.db")
    texts = sorted(r[0] for r in conn.execute("select text from requests"))
    assert texts == sorted(f"70b 4bit {i + 1}users" for i in range(6))
