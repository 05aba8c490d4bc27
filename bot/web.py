"""HTTP mode: the Bolt app as a WSGI application, for gunicorn (see Procfile).

Slack posts events, commands and interactivity to /slack/events. Before Bolt sees a request, this layer
checks it: a body over MAX_BODY, a timestamp that is not a number, a wrong signature or one older than 5
minutes is refused (401, logged without anything the sender wrote), and a signed request already seen
(a replay inside Slack's 5-minute window, even to another worker) is acknowledged and not answered again.
GET /healthz answers 200 for load balancers while the process can answer, with the request log's state as
JSON (bot/log/health.py) for monitors.
"""

from __future__ import annotations

import gc
import io
import json
import logging
import re
from urllib.parse import parse_qs

from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_sdk.signature import SignatureVerifier

from .app import create_app
from .settings import load_settings, require_http

EVENTS_PATH = "/slack/events"
# Slack usually sends a few kilobytes, but a message may hold 40,000 characters
# (https://docs.slack.dev/reference/methods/chat.postMessage, "Truncating content"), and its event carries
# them twice (`text` and the rich_text `blocks`), up to 12 bytes each when JSON writes them as \u escapes
# of a surrogate pair (an emoji): 40,000 x 2 x 12 = 960,000 bytes, plus the envelope.
MAX_BODY = 1024 * 1024
TIMESTAMP = re.compile(r"[0-9]{1,12}")
SIGNATURE = re.compile(r"v0=[0-9a-f]{64}")
logger = logging.getLogger(__name__)


# The cyclic garbage collector's thresholds in a worker once it is built (settle_collector). A fresh answer leaves
# ~190 objects behind for the young generation's count (what the caches keep), so at 5,000 a young pass comes
# every ~25 fresh requests and walks some 5,000 objects (~4 ms), a middle one every third (~9 ms), and a full
# one about as often as at (20,000, 10, 10): once per ~2,000,000 objects kept. At (20,000, 10, 10) the passes
# had cost more CPU in all (0.20 against 0.13 ms a fresh request, measured rather than explained) and came as
# ~18 ms young and ~100-150 ms middle pauses, each stalling every request thread of the worker; at Python's
# default (700) passes ran within answers over what they still used (~0.25 ms a request). Measured by
# bench/gc_pauses.py over 3,000 fresh questions (bench/HISTORY.md, perffresh8).
COLLECTOR_THRESHOLDS = (5_000, 2, 133)


def settle_collector(thresholds: tuple[int, int, int] = COLLECTOR_THRESHOLDS) -> None:
    """Everything built so far (catalogue, templates, the app) lives as long as the worker: kept out of the
    collector's passes (gc.freeze), which otherwise walk it again at every full one; then the thresholds
    (others only to measure them: bench/gc_pauses.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


def wsgi(settings=None, log=None, *, token_verification: bool = True, start_jobs: bool = True):
    """The WSGI application (gunicorn calls this factory once per worker)."""
    settings = settings or load_settings()
    require_http(settings)
    app = create_app(
        settings, log, token_verification=token_verification, start_jobs=start_jobs, verified_upstream=True
    )
    slack = SlackRequestHandler(app, path=EVENTS_PATH)
    health = app.log_health  # type: ignore[attr-defined]
    verifier = SignatureVerifier(settings.signing_secret)
    services = app.services

    def application(environ, start_response):
        if environ.get("PATH_INFO") == "/healthz":
            state = health.body()
            if gone := services.client.gate.gone():
                # Up, but every call to Slack is refused: a monitor must see it (the app needs a new token).
                state.update(status="degraded", slack_token=gone)
                state["problems"] = [*state.get("problems", []), f"Slack bot token gone ({gone})"]
            body = json.dumps(state, ensure_ascii=False).encode("utf-8")
            start_response("200 OK", [("Content-Type", "application/json"), ("Cache-Control", "no-store")])
            return [body]
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = -1
        if length < 0 or length > MAX_BODY:
            # Slack's own requests are a few kilobytes; anything else is refused before it is read.
            start_response(
                "413 Content Too Large" if length > 0 else "400 Bad Request", [("Content-Type", "text/plain")]
            )
            return [b"request refused"]
        body = environ["wsgi.input"].read(length) if length else b""
        if _is_ssl_check(body):
            # Slack checking the certificate of a slash command's URL: nothing to do, nothing to verify
            # (https://docs.slack.dev/interactivity/implementing-slash-commands, "ssl_check").
            start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "0")])
            return [b""]
        timestamp = environ.get("HTTP_X_SLACK_REQUEST_TIMESTAMP", "")
        signature = environ.get("HTTP_X_SLACK_SIGNATURE", "")
        if not (TIMESTAMP.fullmatch(timestamp) and SIGNATURE.fullmatch(signature)) or not verifier.is_valid(
            body, timestamp, signature
        ):
            # Whatever the sender put in the headers or the body stays out of the log.
            logger.info("refused a request with a missing, stale or wrong signature")
            start_response("401 Unauthorized", [("Content-Type", "application/json")])
            return [b'{"error": "invalid request"}']
        if not services.log.claim_signature(signature, int(timestamp)):
            # The same signed request again: someone replaying it. It was answered the first time.
            logger.info("ignored a replayed request (its signature was seen already)")
            start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "0")])
            return [b""]
        environ["wsgi.input"] = io.BytesIO(body)
        try:
            return slack(environ, start_response)
        except Exception as e:  # a body Bolt cannot parse: the client's fault, never a 500
            logger.warning("malformed request refused (%s)", type(e).__name__)
            start_response("400 Bad Request", [("Content-Type", "text/plain")])
            return [b"bad request"]

    application.bolt_app = app  # type: ignore[attr-defined]
    settle_collector()
    return application


def _is_ssl_check(body: bytes) -> bool:
    """A form body with ssl_check=1 and nothing to answer (no command, no payload)."""
    if b"ssl_check=1" not in body or len(body) > 1024:
        return False
    fields = parse_qs(body.decode("utf-8", "replace"))
    return fields.get("ssl_check") == ["1"] and not ({"command", "payload", "text"} & fields.keys())
