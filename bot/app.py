"""The one factory that builds the Bolt app from settings: HTTP mode, Socket Mode and the tests all use it."""

from __future__ import annotations

from dataclasses import dataclass

from slack_bolt import App
from slack_sdk import WebClient

from . import health
from .after_ack import AfterAck
from .directory import Directory
from .leaddesk import LeadDesk
from .leads import Leads
from .listeners import actions, commands, forms, home, leads, manager, messages
from .pipeline import Pipeline
from .retention import RetentionJob
from .settings import Settings
from .slack_client import make_client, make_lookup_client


@dataclass
class Services:
    """What listeners need, built once per app."""

    settings: Settings
    log: object  # bot.requestlog.RequestLog
    pipeline: Pipeline
    directory: Directory
    client: WebClient
    leads: Leads
    desk: LeadDesk
    after_ack: AfterAck  # work that may wait on Slack's Web API runs here, after the acknowledgement

    def is_manager(self, user_id: str | None) -> bool:
        return bool(user_id) and user_id in self.settings.managers


def create_app(
    settings: Settings, log=None, *, token_verification: bool = True, start_jobs: bool = True
) -> App:
    if log is None:
        from .requestlog import RequestLog

        log = RequestLog(settings.db_path)
    client = make_client(settings.bot_token, settings.slack_api_url, settings.slack_timeout)
    app = App(
        # The token travels in `client` (Bolt ignores `token=` when given a client).
        # Empty in Socket Mode, where Slack's WebSocket is authenticated instead; an HTTP request then
        # fails verification, which is the safe default.
        signing_secret=settings.signing_secret or "",
        client=client,
        name="gpu-sizer",
        token_verification_enabled=token_verification,
        # Answers take milliseconds: computing them before the HTTP response keeps them inside the request.
        # Whatever may wait on Slack's Web API is handed to `after_ack` by the listeners instead, so the
        # acknowledgement never waits on it.
        process_before_response=True,
    )
    lead_store = Leads(settings.db_path)
    desk = LeadDesk(lead_store, client, settings.sales_channel, settings.lang)
    from hub.service import hub_from_settings

    pipeline = Pipeline(
        log,
        default_lang=settings.lang,
        retention_days=settings.retention_days,
        on_answer=desk.consider,
        hub=hub_from_settings(settings),
    )
    directory = Directory(make_lookup_client(settings.bot_token, settings.slack_api_url))
    services = Services(
        settings=settings, log=log, pipeline=pipeline, directory=directory, client=client,
        leads=lead_store, desk=desk, after_ack=AfterAck(),
    )  # fmt: skip
    for group in (commands, messages, actions, forms, home, leads, manager):
        group.register(app, services)

    @app.error
    def on_error(error, body, logger) -> None:
        # A listener that fails must not turn into a 500 (Slack would retry and show an error): log it
        # (no request body: it holds what people typed) and let Bolt acknowledge.
        logger.error("listener failed: %s: %s", type(error).__name__, error)

    app.services = services  # the web process drains `after_ack` at shutdown; tests wait on it
    if start_jobs:
        # Retention is a promise to the people in the log: purge daily while the app runs.
        RetentionJob(settings.db_path, settings.retention_days).start()
    # The log's state for /healthz, with the daily backup and the replica monitor when configured.
    app.log_health = health.start_jobs(settings, log) if start_jobs else health.LogHealth(settings, log)  # type: ignore[attr-defined]
    return app
