"""A worker that dies between taking a question and answering it (killed, out of memory) does not lose
the answer. Slack retries an event it got no acknowledgement for: the retry is answered by another worker,
but not while the first lives or after it answered. An event acknowledged and then left unanswered gets
no retry: the next worker to start (gunicorn replaces a dead one at once) answers it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from bot.unfinished import finish_abandoned

from . import slack_requests as sr
from .slack_fake import FakeSlack
from .slack_harness import SECRET, serve
from .web_server import web_process

RETRY = 1


def _claim_in_another_process(spool, keys: list[tuple[str, float]], *, then: str, work: dict | None = None):
    """A second process (a gunicorn worker, here) claims the keys as the listeners do, notes `work` with
    the first, then `then`: "die" (exits without finishing), "answer" (finishes, then exits) or "hold"
    (stays at the work until its stdin closes)."""
    code = textwrap.dedent(
        f"""
        import json, os, sys
        from bot.log.requestlog import EVENT_CLAIMS
        from bot.log.spool import Claims
        claims = Claims({str(spool / "claims" / "events")!r}, **EVENT_CLAIMS)
        keys = {keys!r}
        assert all(claims.claim(key, at, hold=True) for key, at in keys)
        if {work is not None!r}:
            claims.note(keys[0][0], json.loads({json.dumps(work)!r}))
        if {then!r} == "answer":
            for key, _ in keys:
                claims.done(key)
        print("claimed", flush=True)
        if {then!r} == "hold":
            sys.stdin.read()
        os._exit(0)
        """
    )
    worker = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert worker.stdout.readline().strip() == "claimed"
    return worker


def _mention(event_id: str) -> tuple[str, list[tuple[str, float]]]:
    mention = sr.app_mention("<@UBOT> llama 3.1 8b para 10 usuários")
    body = sr.event(mention, event_id=event_id)
    event_time = json.loads(body)["event_time"]
    keys = [(event_id, event_time), (f"message:{mention['channel']}:{mention['ts']}", float(mention["ts"]))]
    return body, keys


def _answers(slack) -> list[str]:
    slack.settle()
    return [c.params.get("text", "") for c in slack.fake.calls("chat.postMessage")]


def test_a_retry_is_answered_when_the_worker_that_took_the_event_died(tmp_path):
    with serve(tmp_path) as slack:
        body, keys = _mention("EvDied")
        _claim_in_another_process(slack.services.settings.spool, keys, then="die").wait()
        status, _, _ = slack.send(
            body, headers={"X-Slack-Retry-Num": str(RETRY), "X-Slack-Retry-Reason": "http_timeout"}
        )
        assert status == 200
        answers = _answers(slack)
        assert len(answers) == 1 and "Llama 3.1 8B" in answers[0]
        # and the retry after that one (Slack's next, five minutes later) is not answered again
        slack.send(body, headers={"X-Slack-Retry-Num": "2", "X-Slack-Retry-Reason": "http_timeout"})
        assert len(_answers(slack)) == 1
        assert len(slack.rows()) == 1


@pytest.mark.parametrize("then", ["hold", "answer"])
def test_a_retry_is_not_answered_while_the_first_worker_answers_or_after_it_did(tmp_path, then):
    with serve(tmp_path) as slack:
        body, keys = _mention(f"Ev{then}")
        worker = _claim_in_another_process(slack.services.settings.spool, keys, then=then)
        try:
            status, _, _ = slack.send(
                body, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}
            )
            assert status == 200
            assert _answers(slack) == []
        finally:
            worker.communicate("")


def test_an_answered_mention_is_done_for_every_worker(tmp_path):
    # Two workers sharing the spool: the one that answered marks the claims done, so the other does not take
    # a retry over even though nobody holds the claim any longer.
    with serve(tmp_path) as first, serve(tmp_path) as second:
        body, _ = _mention("EvAnswered")
        assert first.send(body)[0] == 200
        assert len(_answers(first)) == 1
        second.send(body, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
        assert _answers(second) == []


def test_app_home_is_drawn_by_the_retry_when_the_first_worker_died(tmp_path):
    with serve(tmp_path) as slack:
        body = sr.event(sr.app_home_opened("U0001"), event_id="EvHomeDied")
        keys = [("EvHomeDied", json.loads(body)["event_time"])]
        _claim_in_another_process(slack.services.settings.spool, keys, then="die").wait()
        slack.send(body, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
        slack.settle()
        assert len(slack.fake.calls("views.publish")) == 1


def test_an_acknowledged_mention_left_unanswered_by_a_dead_worker_is_answered_by_the_next(tmp_path):
    with serve(tmp_path) as slack:
        body, keys = _mention("EvAcked")
        work = {"kind": "mention", "claims": keys, "body": json.loads(body)}
        _claim_in_another_process(slack.services.settings.spool, keys, then="die", work=work).wait()
        assert finish_abandoned(slack.services) == 1
        answers = _answers(slack)
        assert len(answers) == 1 and "Llama 3.1 8B" in answers[0]
        assert finish_abandoned(slack.services) == 0  # answered once
        slack.send(body, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
        assert len(_answers(slack)) == 1
        # what the person typed is not kept once answered
        claims = slack.services.settings.spool / "claims" / "events"
        assert not any("llama" in f.read_text() for f in claims.rglob("*") if f.is_file())


def test_a_mention_being_answered_is_not_taken_by_another_worker(tmp_path):
    with serve(tmp_path) as slack:
        body, keys = _mention("EvBusy")
        work = {"kind": "mention", "claims": keys, "body": json.loads(body)}
        worker = _claim_in_another_process(slack.services.settings.spool, keys, then="hold", work=work)
        try:
            assert finish_abandoned(slack.services) == 0
            assert _answers(slack) == []
        finally:
            worker.communicate("")


def _workers(master: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True)
    return [int(p) for p in found.stdout.split()]


def test_a_worker_killed_while_answering_a_mention_loses_no_answer(tmp_path):
    # As deployed: gunicorn, one worker. The worker acknowledges the mention and, while Slack is slow to say
    # who wrote it, is killed (SIGKILL: no shutdown). gunicorn starts another, which answers it.
    with FakeSlack() as fake, web_process(tmp_path, fake) as web:
        fake.delay("users.info", 30)
        body = sr.event(sr.app_mention("<@UBOT> qwen3 32b para 20 usuários"), event_id="EvKilled")
        status, _, _ = sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET))
        assert status == 200
        fake.wait_for("users.info", timeout=10)
        fake.delay("users.info", 0)
        [worker] = _workers(web.process.pid)
        os.kill(worker, signal.SIGKILL)
        [post] = fake.wait_for("chat.postMessage", timeout=30)
        assert "Qwen3 32B" in post.params["text"]
        assert _workers(web.process.pid) != [worker]
        time.sleep(1)
        assert len(fake.calls("chat.postMessage")) == 1
