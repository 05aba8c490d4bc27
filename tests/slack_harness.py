"""Serving the real Slack app on loopback for tests: signed requests in, FakeSlack for Slack's servers,
a real SQLite request log."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server

from slack_sdk.models.blocks import Block

from bot.log.requestlog import RequestLog, signature_claims_folder
from bot.settings import load_settings
from bot.web import wsgi

from . import slack_requests as sr
from .slack_fake import FakeSlack

SECRET = "0123456789abcdef0123456789abcdef"
SALES_TEAM = "UREP0001,UREP0002"  # the reps who work the lead cards in these tests


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:
        """No access log: test output stays readable."""


@contextlib.contextmanager
def serve_wsgi(application) -> Iterator[str]:
    """A WSGI application on a free loopback port, for as long as the block runs; yields its base URL."""
    server = make_server("127.0.0.1", 0, application, handler_class=QuietHandler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


class Slack:
    """The app under test and what it talks to."""

    def __init__(self, fake: FakeSlack, url: str, log: RequestLog, db: Path, services) -> None:
        self.fake, self.url, self.log, self.db, self.services = fake, url, log, db, services

    def settle(self, timeout: float = 10) -> None:
        """Waits for the work the app does after acknowledging (answers to events, buttons, lookups)."""
        assert self.services.after_ack.drain(timeout), "the app's work after the acknowledgement did not end"

    def send(self, body: str, *, secret: str = SECRET, timestamp: int | None = None, headers=None):
        all_headers = {**sr.sign(body, secret, timestamp), **(headers or {})}
        return sr.post(self.url, body, all_headers)

    def command(self, text: str, **kw) -> dict:
        kw.setdefault("response_url", self.fake.response_url())
        body, _ = sr.slash_command(text, **kw)
        status, _, reply = self.send(body)
        assert status == 200, reply
        return json.loads(reply) if reply else {}

    def answer(self, text: str, timeout: float = 10, **kw) -> dict:
        """The answer to a /gpu command, whichever way it came: in the acknowledgement, or through the
        response_url when a Slack lookup ran past the acknowledgement's budget (a retried users.info waits
        Slack's backoff with random jitter, so which way it comes is not the test's to choose)."""
        name = kw.pop("response_name", f"answer-{time.monotonic_ns()}")
        reply = self.command(text, response_url=self.fake.response_url(name), **kw)
        return acknowledged_or_posted(self.fake, reply, name, timeout, text)

    def event(self, event: dict, event_id: str, retry: int | None = None, **envelope) -> int:
        headers = {"X-Slack-Retry-Num": str(retry), "X-Slack-Retry-Reason": "http_timeout"} if retry else None
        status, _, _ = self.send(sr.event(event, event_id=event_id, **envelope), headers=headers)
        return status

    def wait_for_cards(self, timeout: float = 10.0) -> None:
        """Slack answered a lead card's post; the app records where the card is just after, in the thread that
        posted it (the acknowledged request's, or the lead sweep's, which settle() does not wait for). A rep
        clicks once Slack shows the card, which is later: tests that click wait for this first."""
        deadline = time.monotonic() + timeout
        while True:
            db = database(self)
            try:
                waiting = db.execute("select count(*) from leads where card_ts is null").fetchone()[0]
            finally:
                db.close()
            if not waiting:
                return
            assert time.monotonic() < deadline, "the lead card's place was not recorded"
            time.sleep(0.01)

    def rows(self, **filters) -> list[dict]:
        self.settle()
        self.log.flush()
        return self.log.rows(**filters)


def acknowledged_or_posted(fake: FakeSlack, reply: dict, name: str, timeout: float, text: str) -> dict:
    """The answer to a /gpu command: `reply` (its acknowledgement's body) when it holds it, else what the app
    posted to the command's response_url named `name` within `timeout` seconds."""
    if "blocks" in reply:
        return reply
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        posted = [c for c in fake.calls("response_url") if c.params.get("_name") == name]
        if posted:
            return posted[0].params
        time.sleep(0.01)
    raise AssertionError(f"no answer to {text!r} in the acknowledgement or at its response_url")


@contextlib.contextmanager
def serve(tmp_path: Path, **overrides):
    """The app on a free loopback port, with FakeSlack and a request log in tmp_path."""
    with FakeSlack() as fake:
        settings = load_settings(
            slack_bot_token="xoxb-test", slack_signing_secret=SECRET, slack_api_url=fake.base_url,
            db_path=tmp_path / "log.db", sales_channel="CSALES01", **{"sales_team": SALES_TEAM, **overrides},
        )  # fmt: skip
        log = RequestLog(settings.db_path, retry_interval=0.2, spool_dir=settings.spool)
        try:
            application = wsgi(settings, log, start_jobs=False)
            with serve_wsgi(application) as base:
                services = application.bolt_app.services
                try:
                    yield Slack(fake, f"{base}/slack/events", log, settings.db_path, services)
                finally:
                    services.desk.stop()  # its sweep would post to a Slack that is gone
        finally:
            log.close()
            forget_signatures(settings.spool)


def forget_signatures(spool: Path) -> None:
    """The app remembers signatures in memory (/dev/shm) when it can: a test leaves nothing there."""
    folder = signature_claims_folder(spool)
    if folder.parent == Path("/dev/shm"):
        shutil.rmtree(folder, ignore_errors=True)


def database(slack: Slack) -> sqlite3.Connection:
    """The log's file, read directly (rows by column name), after the queued rows are written."""
    slack.log.flush()
    db = sqlite3.connect(slack.db)
    db.row_factory = sqlite3.Row
    return db


def payload(reply: dict) -> str:
    """The workload an answer's buttons carry."""
    return next(b for b in reply["blocks"] if b["type"] == "actions")["elements"][0]["value"]


def ephemeral(channel: str = "C0001") -> dict:
    """The container of a button pressed under an answer only its asker sees."""
    return {"type": "message", "message_ts": "1.0", "channel_id": channel, "is_ephemeral": True}


def text_of(blocks: list[dict]) -> str:
    """Everything a person reads in a message, for assertions."""
    out = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") in ("mrkdwn", "plain_text") and "text" in node:
                out.append(node["text"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(blocks)
    return "\n".join(out)


def buttons(blocks: list[dict]) -> list[str]:
    return [e["action_id"] for b in blocks if b["type"] == "actions" for e in b["elements"]]


def valid(blocks: list[dict]) -> None:
    assert len(blocks) <= 50
    for block in blocks:
        Block.parse(block).validate_json()


def slash_reply(tmp_path: Path, question: str):
    """The pipeline's reply to `question` asked as a slash command, its blocks checked valid."""
    from bot.pipeline import Pipeline, Where  # the pipeline's import is heavy: only the tests that ask it pay

    pipe = Pipeline(RequestLog(tmp_path / "log.db"))
    try:
        reply = pipe.ask(question, Where("slash_command", user_id="U1"))
    finally:
        pipe.log.close()
    valid(reply.message.blocks)
    return reply


def slash_reply_text(tmp_path: Path, question: str) -> str:
    """What a person reads of the answer to `question` asked as a slash command, its blocks checked valid."""
    return text_of(slash_reply(tmp_path, question).message.blocks)
