"""The one factory that builds the Bolt app from settings: HTTP mode, Socket Mode and the tests all use it."""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from slack_bolt import App, BoltResponse
from slack_bolt.error import BoltUnhandledRequestError
from slack_bolt.middleware import Middleware
from slack_sdk import WebClient

import sizing
from sizing import i18n, regexes

from .after_ack import AfterAck
from .desks.leaddesk import LeadDesk
from .directory import Directory, calls_team
from .listeners import actions, channels, commands, forms, home, leads, manager, messages, shortcuts
from .log import Leads, LogHealth, RetentionJob, SharingMarks, TokenMarks, start_log_jobs
from .logsetup import where_failed
from .pipeline import Pipeline
from .salesteam import SalesTeam
from .settings import Settings
from .slack_client import GatedClient, TokenGate, make_client, make_lookup_client
from .unfinished import UnfinishedJob

logger = logging.getLogger(__name__)


@dataclass
class Services:
    """What listeners need, built once per app."""

    settings: Settings
    log: object  # bot.log.RequestLog
    pipeline: Pipeline
    directory: Directory
    client: WebClient
    leads: Leads
    desk: LeadDesk
    after_ack: AfterAck  # work that may wait on Slack's Web API runs here, after the acknowledgement
    sales_team: SalesTeam
    # For calls that only dress an answer (the assistant container's status, title, suggested prompts): a
    # short timeout and no waiting out a 429's Retry-After, since the answer waits behind them.
    quick_client: WebClient | None = None
    # For calls that a 429 makes pointless to wait for (App Home's view, drawn again at its next opening): the
    # usual timeout, and a 429 fails at once instead of holding an after-ack thread for its Retry-After.
    unwaited_client: WebClient | None = None
    # kind -> what answers an event a dead worker left unanswered (bot/unfinished.py); listeners add theirs
    finishers: dict[str, Callable[[dict], object]] = field(default_factory=dict)

    def is_manager(self, user_id: str | None) -> bool:
        return bool(user_id) and user_id in self.settings.managers

    def shutdown(self, grace: float) -> None:
        """Everything promised is kept within `grace` seconds (gunicorn's worker_exit, Socket Mode's
        exit): answers on their way are delivered, then the log writes what it can and spools the rest
        for the next start."""
        deadline = time.monotonic() + grace
        self.desk.stop()
        # The log's share comes last and needs little: writing, or else spooling to local disk.
        self.after_ack.drain(max(0.0, grace - LOG_SHARE_S))
        self.log.close(max(0.5, deadline - time.monotonic()))


class ThroughTheGate(Middleware):
    """Puts the listeners' client behind the token's gate: a GatedClient with what Bolt's plain one holds,
    for the workspace the request came for, never the person's own (bot/directory.py calls_team: Bolt names
    the presser's when an org-wide install's payload has `team: null`).

    One client per workspace and token, built at its first request and shared by the requests after it:
    a client keeps nothing of a call between calls (the app's own `services.client` is shared by every
    thread the same way), and building one per request read the proxy variables from the environment and
    made the user agent string again, ~10 us a request. Bolt's middleware class, not a function: a
    function is called with every argument Bolt can inject, built anew for each request."""

    # Workspaces an app answers for are few; an organisation-wide install may have many: past this many, the
    # clients are built again as they are asked for.
    KEPT = 1000

    def __init__(self, gate: TokenGate, directory: Directory) -> None:
        self.gate, self.directory = gate, directory
        self._clients: dict[tuple, GatedClient] = {}

    def process(self, *, req, resp, next):  # the names Bolt calls it with
        plain = req.context.client
        if plain is not None and not isinstance(plain, GatedClient):
            team = calls_team(req.body, self.directory.team)
            # Everything the client is built from: Bolt's plain client is made per request from the app's.
            key = (plain.token, team, plain.base_url, plain.timeout, plain.proxy, id(plain.ssl))
            client = self._clients.get(key)
            if client is None:
                client = GatedClient(
                    gate=self.gate, token=plain.token, base_url=plain.base_url, timeout=plain.timeout,
                    ssl=plain.ssl, proxy=plain.proxy, headers=plain.headers, team_id=team, logger=plain.logger,
                    retry_handlers=plain.retry_handlers,
                )  # fmt: skip
                if len(self._clients) >= self.KEPT:
                    self._clients = {}
                self._clients[key] = client
            req.context["client"] = client
        return next()


# Of the shutdown grace, what is kept for the request log to write or spool what waits.
LOG_SHARE_S = 5.0
# How long posting a lead card (in the background) waits to learn whether the sales channel is shared.
CARD_LOOKUP_S = 5.0
# How old what Slack said of the sales channel may be when a card is posted: it may have been shared with
# another organisation since (channel_shared reaches one worker only). Cards are few; a sweep of many waiting
# ones asks once.
CARD_SHARED_AGE_S = 30.0


def create_app(
    settings: Settings,
    log=None,
    *,
    token_verification: bool = True,
    start_jobs: bool = True,
    verified_upstream: bool = False,
) -> App:
    if log is None:
        from .log import RequestLog

        log = RequestLog(settings.db_path, spool_dir=settings.spool)
    # One gate for every client holding the bot token: once Slack says it is gone, none uses it, in any of
    # the web process's workers (the mark is kept in the request log's file and in the spool).
    marks = TokenMarks(settings.db_path, settings.bot_token, settings.spool) if settings.bot_token else None
    gate = TokenGate(marks, settings.token_check_s)
    client = make_client(settings.bot_token, settings.slack_api_url, settings.slack_timeout, gate)
    app = App(
        # The token travels in `client` (Bolt ignores `token=` when given a client).
        # Empty in Socket Mode, where Slack's WebSocket is authenticated instead; an HTTP request then
        # fails verification, which is the safe default.
        signing_secret=settings.signing_secret or "",
        client=client,
        name="gpu-sizer",
        token_verification_enabled=token_verification,
        # bot.web checks every request's signature and timestamp (and refuses replays) before Bolt sees it;
        # checking it again here would only cost each request another HMAC and a second body parse.
        request_verification_enabled=not verified_upstream,
        # Answers take milliseconds: computing them before the HTTP response keeps them inside the request.
        # Whatever may wait on Slack's Web API is handed to `after_ack` by the listeners instead, so the
        # acknowledgement never waits on it.
        process_before_response=True,
        # A request no listener takes (an event type or an interaction Slack sends that this version does
        # not use) reaches on_error, which acknowledges it: Bolt's default 404 makes Slack retry it, and
        # count it towards disabling the app's event subscriptions.
        raise_error_for_unhandled_request=True,
    )
    lead_store = Leads(settings.db_path)
    lookup_client = make_lookup_client(settings.bot_token, settings.slack_api_url, gate)
    # A channel shared or unshared is told to one worker by Slack, to the others through the spool folder and
    # the log's file.
    directory = Directory(
        lookup_client, sharing=SharingMarks(settings.spool, settings.db_path, settings.token_check_s)
    )
    # Lead cards show who asked and what, across customers: never posted where a customer could read them.
    desk = LeadDesk(
        lead_store, client, settings.sales_channel, settings.lang, log=log,
        shared=lambda channel: directory.channel_shared(channel, CARD_LOOKUP_S, max_age_s=CARD_SHARED_AGE_S),
    )  # fmt: skip
    from hub.service import hub_from_settings

    pipeline = Pipeline(
        log,
        default_lang=settings.lang,
        retention_days=settings.retention_days,
        on_answer=desk.consider,
        hub=hub_from_settings(settings),
    )
    if settings.sales_channel and not settings.sales_team:
        logger.warning("GPU_SIZER_SALES_TEAM is not set: nobody can work the lead cards until it is")
    services = Services(
        settings=settings, log=log, pipeline=pipeline, directory=directory, client=client,
        leads=lead_store, desk=desk, after_ack=AfterAck(), sales_team=SalesTeam(settings.sales_team, lookup_client),
        quick_client=lookup_client,
        unwaited_client=make_client(
            settings.bot_token, settings.slack_api_url, settings.slack_timeout, gate, wait_on_429=False
        ),
    )  # fmt: skip

    # Bolt hands each listener a WebClient of its own (a plain one, holding the same token): it goes through
    # the gate too, so that an answer to a mention is not posted with a token Slack revoked.
    app.use(ThroughTheGate(gate, directory))

    @app.middleware
    def well_formed(body, next) -> BoltResponse | None:
        # An interaction whose fields are not the shapes Slack documents (a user, a channel or a container
        # that is a string, an action that is a number) failed in whichever listener read it first, after the
        # acknowledgement: the presser got nothing and the log an error. Acknowledged here and left.
        if field := malformed_interaction(body):
            logger.warning(
                "acknowledged and left an interaction whose %s is not shaped as Slack sends it", field
            )
            return BoltResponse(status=200, body="")
        next()
        return None

    for group in (commands, messages, shortcuts, actions, forms, home, leads, manager, channels):
        group.register(app, services)
    # The engine's kept patterns are rebuilt at their first use (sizing/regexes.py, for gpu-size's sake): a
    # process that answers for hours rebuilds them all now, so that no question pays for it.
    regexes.build_all()
    # The same for the modules set aside to run at their first use (sizing.import_later, for gpu-size's sake).
    sizing.run_set_aside()

    @app.error
    def on_error(error, body) -> BoltResponse | None:
        # A listener that fails must not turn into a 500: Slack would show an error and retry an event
        # (again and again, if the failure lasts). Acknowledge instead; a command gets a polite line.
        # The log gets where it failed, never the error's text or the body: they hold what people typed.
        if isinstance(error, BoltUnhandledRequestError):
            if reason := token_gone(body):
                gate.close(reason)
            if not unhandled(body):
                return None  # not a request Slack sends: Bolt's 404 stands
        else:
            logger.error("listener failed: %s", where_failed(error))
        if isinstance(body, dict) and body.get("command"):
            lang = i18n.lang_of(settings.lang)
            message = {"response_type": "ephemeral", "text": i18n.t(lang, "slack.failed")}
            return BoltResponse(
                status=200, body=json.dumps(message), headers={"content-type": "application/json"}
            )
        return BoltResponse(status=200, body="", headers={"x-slack-no-retry": "1"})

    app.services = services  # the web process shuts it down (Services.shutdown); tests wait on it
    if start_jobs:
        # Retention is a promise to the people in the log: purge daily while the app runs.
        RetentionJob(settings.db_path, settings.retention_days).start()
        UnfinishedJob(services).start()
    # The log's state for /healthz, with the daily backup and the replica monitor when configured.
    app.log_health = start_log_jobs(settings, log) if start_jobs else LogHealth(settings, log)  # type: ignore[attr-defined]
    return app


# The kinds of request Slack sends to an app's Request URL (https://docs.slack.dev/apis/events-api,
# https://docs.slack.dev/reference/interaction-payloads): one of them that no listener takes is acknowledged.
SLACK_REQUEST_TYPES = {
    "event_callback", "app_rate_limited", "block_actions", "block_suggestion", "view_submission",
    "view_closed", "shortcut", "message_action", "interactive_message", "dialog_submission",
}  # fmt: skip


# The interaction payloads (https://docs.slack.dev/reference/interaction-payloads) and, for each field the
# listeners read, the shape it always has there: an object (or null where Slack may leave it out), a string,
# a list of objects.
INTERACTIONS = {
    "block_actions",
    "block_suggestion",
    "view_submission",
    "view_closed",
    "shortcut",
    "message_action",
}
_OBJECT_OR_NULL = ("team", "channel", "container", "message", "view", "enterprise", "state")


def malformed_interaction(body) -> str | None:
    """The first field of an interaction payload that is not shaped as Slack sends it, else None (also for
    anything that is not an interaction: events and commands are read field by field where they are used)."""
    if not isinstance(body, dict) or body.get("type") not in INTERACTIONS:
        return None
    user = body.get("user")
    if not isinstance(user, dict) or not isinstance(user.get("id"), str):
        return "user"
    for name in _OBJECT_OR_NULL:
        if not isinstance(body.get(name), dict | None):
            return name
    if not isinstance(body.get("response_url"), str | None):
        return "response_url"
    actions = body.get("actions")
    if actions is not None and not (isinstance(actions, list) and all(isinstance(a, dict) for a in actions)):
        return "actions"
    return None


def unhandled(body) -> bool:
    """Whether a request no listener takes is one Slack sends (then it is acknowledged); says which kind
    (its type only: nothing anyone wrote)."""
    body = body if isinstance(body, dict) else {}
    if body.get("type") == "app_rate_limited":
        # Slack drops this app's events for the rest of the minute: mentions and DMs go unanswered
        # (https://docs.slack.dev/reference/events/app_rate_limited).
        logger.warning(
            "Slack is rate limiting this app's events: some questions will not reach it this minute"
        )
        return True
    if body.get("type") not in SLACK_REQUEST_TYPES and not body.get("command"):
        return False
    event = body.get("event") if isinstance(body.get("event"), dict) else {}
    kind = str(event.get("type") or body.get("type") or "command")
    if kind == "tokens_revoked" and not token_gone(body):
        # Only people's own tokens (oauth): the app holds none, and its bot token still works.
        logger.info("Slack says user tokens were revoked: the app holds none, nothing changes")
        return True
    if kind == "team_access_revoked":
        # An organisation-wide install taken out of some of its workspaces: the token still works in the
        # others (https://docs.slack.dev/reference/events/team_access_revoked). Workspace IDs name no one.
        teams = event.get("team_ids") if isinstance(event.get("team_ids"), list) else []
        named = ", ".join(
            t for t in teams[:MAX_TEAMS_NAMED] if isinstance(t, str) and WORKSPACE_ID.fullmatch(t)
        )
        logger.warning(
            "Slack says the app was removed from workspaces of its organisation (%s): it cannot answer there",
            named or "unnamed",
        )
        return True
    if kind in GONE:
        # Nothing to answer, but whoever runs the app must know: every call to Slack fails from now on
        # for that workspace (https://docs.slack.dev/reference/events/app_uninstalled, tokens_revoked).
        logger.warning("Slack says %s: the app cannot answer there until it is reinstalled", GONE[kind])
        return True
    # Its kind, when it reads as one (Slack's names are snake_case words): nothing else from the body.
    logger.info("acknowledged a request no listener handles (%s)", kind if KIND.fullmatch(kind) else "other")
    return True


# Events that say the app lost its access to a workspace.
GONE = {
    "app_uninstalled": "the app was uninstalled from a workspace",
    "tokens_revoked": "the app's tokens were revoked in a workspace",
}
KIND = re.compile(r"[a-z_.]{1,40}")
# A workspace's ID as Slack writes it, and how many of them a warning names.
WORKSPACE_ID = re.compile(r"[TE][A-Z0-9]{2,20}")
MAX_TEAMS_NAMED = 10


def token_gone(body) -> str | None:
    """Why the app's bot token no longer works, when the request says so: the app uninstalled, or its bot
    token revoked. tokens_revoked lists the users whose tokens went, by kind (`bot`, and `oauth` for people's
    own tokens, which this app never asks for): a bot's in it is this app's, the one bot token it runs with
    (https://docs.slack.dev/reference/events/tokens_revoked)."""
    event = body.get("event") if isinstance(body, dict) and isinstance(body.get("event"), dict) else {}
    if event.get("type") == "app_uninstalled":
        return "app_uninstalled"
    tokens = event.get("tokens") if isinstance(event.get("tokens"), dict) else {}
    if event.get("type") == "tokens_revoked" and isinstance(tokens.get("bot"), list) and tokens["bot"]:
        return "token_revoked"
    return None
