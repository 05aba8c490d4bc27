"""HTTP mode: the Bolt app as a WSGI application, for gunicorn (see Procfile).

Slack posts events, commands and interactivity to /slack/events; every request's signature is verified
with SLACK_SIGNING_SECRET before anything runs. GET /healthz answers 200 for load balancers while the
process can answer, with the request log's state as JSON (bot/health.py) for monitors.
"""

from __future__ import annotations

import gc
import json
import logging

from slack_bolt.adapter.wsgi import SlackRequestHandler

from .app import create_app
from .settings import load_settings, require_http

EVENTS_PATH = "/slack/events"
MAX_BODY = 256 * 1024  # Slack sends a few kilobytes (slash command text is capped at 4,000 characters)


def wsgi(settings=None, log=None, *, token_verification: bool = True, start_jobs: bool = True):
    """The WSGI application (gunicorn calls this factory once per worker)."""
    settings = settings or load_settings()
    require_http(settings)
    app = create_app(settings, log, token_verification=token_verification, start_jobs=start_jobs)
    slack = SlackRequestHandler(app, path=EVENTS_PATH)
    health = app.log_health  # type: ignore[attr-defined]

    def application(environ, start_response):
        if environ.get("PATH_INFO") == "/healthz":
            body = json.dumps(health.body(), ensure_ascii=False).encode("utf-8")
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
        try:
            return slack(environ, start_response)
        except Exception as e:  # a body Bolt cannot parse: the client's fault, never a 500
            logging.getLogger(__name__).warning("malformed request refused (%s)", type(e).__name__)
            start_response("400 Bad Request", [("Content-Type", "text/plain")])
            return [b"bad request"]

    application.bolt_app = app  # type: ignore[attr-defined]
    # Everything built so far (catalogue, templates, the app) lives as long as the worker: keep it out of
    # the garbage collector's full passes, which otherwise show up as latency spikes under load.
    gc.collect()
    gc.freeze()
    return application
