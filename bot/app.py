"""The one factory that builds the Bolt app from settings: HTTP mode, Socket Mode and the tests all use it."""

from __future__ import annotations

from dataclasses import dataclass

from slack_bolt import App
from slack_sdk import WebClient

from .directory import Directory
from .listeners import actions, commands, forms, home, messages
from .pipeline import Pipeline
from .settings import Settings


@dataclass
class Services:
    """What listeners need, built once per app."""

    settings: Settings
    log: object  # bot.requestlog.RequestLog
    pipeline: Pipeline
    directory: Directory
    client: WebClient


def create_app(settings: Settings, log=None, *, token_verification: bool = True) -> App:
    if log is None:
        from .requestlog import RequestLog

        log = RequestLog(settings.db_path)
    client = WebClient(token=settings.bot_token, base_url=settings.slack_api_url)
    app = App(
        # The token travels in `client` (Bolt ignores `token=` when given a client).
        # Empty in Socket Mode, where Slack's WebSocket is authenticated instead; an HTTP request then
        # fails verification, which is the safe default.
        signing_secret=settings.signing_secret or "",
        client=client,
        name="gpu-sizer",
        token_verification_enabled=token_verification,
        # Answers take milliseconds: computing them before the HTTP response keeps every answer inside the
        # request (and a shutdown cannot cut one in half).
        process_before_response=True,
    )
    services = Services(
        settings=settings,
        log=log,
        pipeline=Pipeline(log, default_lang=settings.lang, retention_days=settings.retention_days),
        directory=Directory(client),
        client=client,
    )
    for group in (commands, messages, actions, forms, home):
        group.register(app, services)
    return app
