"""The Web API client the app uses: timeouts, and retries only where a retry cannot do harm.

- 429 (rate limited): retried after Slack's Retry-After, for every method: Slack did not process it.
- A reset connection: retried (slack_sdk's default handler).
- 500/503: retried only for methods that read (users.info, conversations.info...). A chat.postMessage
  that failed with a 500 may still have posted; sending it again could post the answer twice.
- A timeout: never retried, for the same reason; the caller logs the failure and moves on.

Lookups (who is asking, is the channel shared) use a client of their own: a short timeout and no waiting
on 429s, because a request is waiting on them; when they fail, the careful answer stands in (see
directory.py).
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
    ServerErrorRetryHandler,
)
from slack_sdk.web import SlackResponse
from slack_sdk.webhook import WebhookClient

if TYPE_CHECKING:
    from sizing.workload import Workload

    from .log import TokenMarks

logger = logging.getLogger(__name__)
# A lookup that takes longer than this is given up (the directory then assumes the careful answer).
LOOKUP_TIMEOUT_S = 2

# conversations.history and .replies read the messages a question leaves behind it (the mention that led to an
# invitation, a thread's question, a linked message): one 500 had lost them for good, as Slack does not send
# the event again.
READ_ONLY = (
    "auth.test", "users.info", "conversations.info", "conversations.open", "team.info", "usergroups.users.list",
    "conversations.history", "conversations.replies",
)  # fmt: skip


class ReadOnlyServerErrorRetryHandler(ServerErrorRetryHandler):
    def _can_retry(self, *, state, request, response=None, error=None) -> bool:
        method = request.url.rstrip("/").rsplit("/", 1)[-1]
        return method in READ_ONLY and super()._can_retry(
            state=state, request=request, response=response, error=error
        )


# What Slack answers when the token itself is gone: revoked (tokens_revoked, an admin's revocation), its
# workspace or app removed (account_inactive), or never valid (invalid_auth)
# (https://docs.slack.dev/reference/methods/auth.test, "Errors"). No later call with it can succeed.
DEAD_TOKEN = ("token_revoked", "account_inactive", "invalid_auth")
# How often a worker looks at whether another worker learned the token is gone: a read of the log's file a
# second at most, whatever the traffic. GPU_SIZER_TOKEN_CHECK_S changes it (tests: 0, every call looks).
MARK_CHECK_S = 1.0


class TokenGate:
    """Whether the app's bot token still works, shared by every client that holds it. Once Slack says it is
    gone (the tokens_revoked or app_uninstalled event, or a dead-token error from any call), nothing more is
    sent with it: Slack asks apps to stop using a revoked token
    (https://docs.slack.dev/reference/events/tokens_revoked), and each call would only fail, a lookup
    after every question among them.

    With `marks` (the request log's file and the spool, bot/log/tokenstate.py) the other workers of the web
    process learn it too, within `check_s`, without a refused call of their own. A process that starts while
    its token is marked gone lets one call through (Bolt's auth.test, as it starts): the token reinstated,
    that call works, the mark is cleared and every worker calls Slack again; a new token was never marked."""

    def __init__(self, marks: TokenMarks | None = None, check_s: float | None = None) -> None:
        self.reason: str | None = None
        self._marks = marks
        self._check_s = MARK_CHECK_S if check_s is None else max(0.0, check_s)
        self._started = time.time()
        self._next_check = 0.0
        self._since = 0.0  # when the token was said gone, as this gate knows it (a Unix time)
        self._marked = False  # the mark in the file is what closed this gate (or this gate wrote it)
        self._probe = False  # one call may try a token a restart may have brought back
        self._lock = threading.Lock()
        self._reading = threading.Lock()
        self._identity: dict | None = None  # what auth.test last said, as remembered

    def admit(self) -> str | None:
        """Whether a call may be made now: "open" (the token works, as far as anyone knows), "probe" (it is
        gone, but this call tries it once more), or None (it is gone: no call)."""
        if self.gone() is None:
            return "open"
        with self._lock:
            probe, self._probe = self._probe, False
        return "probe" if probe else None

    def gone(self) -> str | None:
        """Why the token is gone, if it is (as this worker knows it, or another wrote it), for /healthz."""
        if self._marks is not None and time.monotonic() >= self._next_check:
            # The calls that come while one thread reads the mark wait for what it finds: they would
            # otherwise go out on what the worker knew before.
            with self._reading:
                if time.monotonic() >= self._next_check:
                    self._look_at_marks()
                    self._next_check = time.monotonic() + self._check_s
        return self.reason

    def close(self, reason: str) -> None:
        if self.reason is None:
            self.reason, self._since = reason, time.time()
            logger.warning("the bot token is gone (%s): no more calls to Slack until it is replaced", reason)
        if self._marks is not None and not self._marked:
            self._marked = self._marks.mark(reason)

    def opened(self) -> None:
        """The call a restart let through worked: the token is back."""
        if self.reason is None:
            return
        logger.warning("the bot token works again: calls to Slack resume")
        self.reason = None
        if self._marks is not None and self._marked:
            self._marked = not self._marks.clear()

    def remember(self, answer: dict) -> None:
        """auth.test answered: kept (once per process and identity) for a worker that starts after the token is
        gone."""
        if self._marks is not None and answer != self._identity:
            self._identity = answer if self._marks.remember(answer) else None

    def identity(self) -> dict | None:
        """What auth.test last said for this token, in this worker or another, or None."""
        if self._identity is None and self._marks is not None:
            self._identity = self._marks.identity()
        return self._identity

    def _look_at_marks(self) -> None:
        try:
            mark = self._marks.read()
        except (
            Exception
        ):  # the file and the spool unreadable now (locked, gone): what this worker knows stands
            return
        if mark is None or mark.reason is None:
            if self.reason is None:
                return
            if mark is not None and mark.at > self._since:
                # Another worker's call with the token worked after it was said gone, and cleared the mark.
                self.reason, self._marked = None, False
                return
            # Nobody has said the token works since: the mark was lost (the log's file and the spool's copy
            # deleted) or never taken. What this worker holds is written back, for the others and for a
            # worker that starts now.
            self._marked = self._marks.mark(self.reason)
            if self._identity is not None and self._marks.identity() is None:
                self._marks.remember(self._identity)
            return
        if self.reason is None:
            logger.warning("the bot token is gone (%s, as another worker of the app learned): no more calls "
                           "to Slack until it is replaced", mark.reason)  # fmt: skip
            self.reason, self._since, self._marked = mark.reason, mark.at, True
            # Marked before this process started: a restart, perhaps with the token reinstated. One call
            # tries it (Slack refuses it at once if not).
            self._probe = mark.at < self._started


class GatedClient(WebClient):
    """A WebClient that calls nothing once its token is gone, and closes its gate when Slack says so."""

    def __init__(self, *args, gate: TokenGate, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.gate = gate

    def api_call(self, api_method: str, **kwargs):
        admitted = self.gate.admit()
        if admitted is None:
            if api_method == "auth.test" and (known := self._known_identity()):
                return known
            # Raised as Slack would answer, so that callers fail (and log) as they do on Slack's refusal.
            data = {"ok": False, "error": self.gate.reason}
            answer = SlackResponse(
                client=self, http_verb="POST", api_url=api_method, req_args={}, data=data, headers={},
                status_code=200,
            )  # fmt: skip
            raise SlackApiError(f"{api_method} not called: the bot token is gone", answer)
        try:
            answer = super().api_call(api_method, **kwargs)
        except SlackApiError as e:
            if e.response.get("error") in DEAD_TOKEN:
                self.gate.close(e.response["error"])
                if api_method == "auth.test" and (known := self._known_identity()):
                    return known
            raise
        if admitted == "probe":
            self.gate.opened()
        if api_method == "auth.test" and answer.get("ok"):
            self.gate.remember(dict(answer.data))
        return answer

    def _known_identity(self) -> SlackResponse | None:
        """auth.test's last answer for this token, when the token is gone: who the bot and its workspace are has
        not changed, and Bolt needs it to start. A worker that starts (gunicorn's restart of one, a deploy)
        after the token is revoked then boots degraded, answering commands in their acknowledgement as the
        others do, where Bolt's refused auth.test would fail its boot and gunicorn would stop the whole web
        process ("Worker failed to boot")."""
        identity = self.gate.identity()
        if identity is None:
            return (
                None  # never worked here (a wrong token at the first deploy): Bolt refuses to start, loudly
            )
        logger.warning("auth.test answered from what it last said: the bot token is gone (%s); this worker "
                       "starts without calling Slack", self.gate.reason)  # fmt: skip
        return SlackResponse(client=self, http_verb="POST", api_url="auth.test", req_args={}, data=identity,
                             headers={}, status_code=200)  # fmt: skip


def make_client(
    token: str | None,
    base_url: str,
    timeout: float,
    gate: TokenGate | None = None,
    *,
    wait_on_429: bool = True,
) -> WebClient:
    """`wait_on_429=False`: a 429 fails at once, for calls whose wait would be futile (a view the next opening
    draws again) and would hold one of the threads that post every answer."""
    waits = [RateLimitErrorRetryHandler(max_retry_count=2)] if wait_on_429 else []
    return GatedClient(
        gate=gate or TokenGate(),
        token=token,
        base_url=base_url,
        timeout=int(max(1, timeout)),
        retry_handlers=[
            ConnectionErrorRetryHandler(max_retry_count=1),
            *waits,
            ReadOnlyServerErrorRetryHandler(max_retry_count=2),
        ],
    )


def make_lookup_client(token: str | None, base_url: str, gate: TokenGate | None = None) -> WebClient:
    return GatedClient(
        gate=gate or TokenGate(),
        token=token,
        base_url=base_url,
        timeout=LOOKUP_TIMEOUT_S,
        retry_handlers=[
            ConnectionErrorRetryHandler(max_retry_count=1),
            ReadOnlyServerErrorRetryHandler(max_retry_count=1),
        ],
    )


def send_to_response_url(url: str | None, timeout: float, message: dict) -> str | None:
    """Posts an ephemeral message to a command's or an action's response_url (valid for 30 minutes, five
    times). Returns None when Slack took it, else the reason, for the request log."""
    if not url:
        return "no_response_url"
    try:
        response = WebhookClient(url, timeout=int(max(1, timeout))).send(response_type="ephemeral", **message)
    except Exception as e:  # unreachable, timed out, or refused
        return type(e).__name__
    return None if response.status_code == 200 else f"response_url_{response.status_code}"


def unwaited(spare: WebClient | None, client: WebClient) -> tuple[WebClient, dict]:
    """The client for a call whose 429 is not worth waiting out (App Home's view, drawn again at its next
    opening; a modal, whose trigger_id dies 3 s after the click), and the workspace to name with it: the
    listener's own client names an org-wide install's, the spare one (built once for the app) does not."""
    if spare is None or spare is client:
        return client, {}
    named = (getattr(client, "default_params", None) or {}).get("team_id")
    return spare, ({"team_id": named} if named else {})


def open_view(
    client: WebClient, trigger_id: str | None, view: dict, spare: WebClient | None = None
) -> str | None:
    """Opens a modal. Returns None when Slack did, else why not (a trigger_id lives 3 seconds:
    expired_trigger_id when the open came late, https://docs.slack.dev/reference/methods/views.open), so the
    caller can say so and log it. With `spare` (a client that does not wait out a 429) a rate-limited open
    fails at once: waiting a Retry-After would only outlive the trigger and hold an after-ack thread."""
    opener, team = unwaited(spare, client)
    try:
        opener.views_open(trigger_id=trigger_id, view=view, **team)
    except Exception as e:  # the API failed, refused the trigger, was rate limited past retries, or timed out
        reason = failure_reason(e)
        logger.warning("views.open failed: %s", reason)
        return str(reason or "unknown")
    return None


def upload_file(client: WebClient, channel: str, file: BinaryIO, length: int, filename: str) -> None:
    """Shares a file of `length` bytes, read from `file` as it is sent, in a channel or DM: Slack's
    external upload (files.getUploadURLExternal, the bytes to the URL it gives, files.completeUploadExternal,
    https://docs.slack.dev/messaging/working-with-files). slack_sdk's files_upload_v2 reads the whole file
    into memory first; an export of a large log must not. Raises on any failure."""
    issued = client.files_getUploadURLExternal(filename=filename, length=length)
    request = urllib.request.Request(
        issued["upload_url"], data=file, method="POST",
        headers={"Content-Length": str(length), "Content-Type": "application/octet-stream"},
    )  # fmt: skip
    # urllib sends a file object in blocks; Slack answers 200 once it has every byte.
    with urllib.request.urlopen(request, timeout=client.timeout) as response:
        response.read()
    client.files_completeUploadExternal(
        files=[{"id": issued["file_id"], "title": filename}], channel_id=channel
    )


# Slack's errors for a message or conversation that is not there for this app: deleted, or a channel it is
# not in (https://docs.slack.dev/reference/methods/conversations.replies, "Errors").
NOT_FOUND_ERRORS = ("message_not_found", "thread_not_found", "channel_not_found", "not_in_channel")


@dataclass
class Linked:
    """What the Slack messages a question links to hold: `words`, what people wrote there; `answers`, this
    app's answers linked, as (channel, ts, thread_ts) for the request log's thread rows; `unread`, why a link
    could not be read, one of "elsewhere" (a channel not public, and not the one asked in), "not_found" and
    "failed" (Slack refusing or slow); `read`, the messages whose words are in `words`, for what of their
    files was not read (bot/slacktext.py cut_notes)."""

    words: list[str] = field(default_factory=list)
    answers: list[tuple[str, str, str | None]] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    read: list[dict] = field(default_factory=list)


def own_ids(context, app_id: str | None = None) -> frozenset[str]:
    """This app's ids, which its own posts carry: its bot, its bot user (Bolt's context, from auth.test) and
    its app (the request's api_app_id)."""
    found = (getattr(context, "bot_id", None), getattr(context, "bot_user_id", None), app_id)
    return frozenset(i for i in found if isinstance(i, str) and i)


def posted_by(message: dict, ids: frozenset[str]) -> bool:
    """Whether one of `ids` posted the message: as its bot (bot_id, bot_profile), its user or its app."""
    profile = message.get("bot_profile") if isinstance(message.get("bot_profile"), dict) else {}
    authors = (message.get("bot_id"), profile.get("id"), message.get("user"), message.get("app_id"),
               profile.get("app_id"))  # fmt: skip
    return any(isinstance(a, str) and a in ids for a in authors)


def read_links(
    client: WebClient, channel: str | None, text: str, ours: frozenset[str] | None = None
) -> Linked:
    """The Slack messages `text` (as Slack sends it) links to: "quanto precisa pra isso? <link to the
    customer's message>". Slack unfurls such a link only after the message is posted, in a hidden
    message_changed event (https://docs.slack.dev/reference/events/message/message_changed), and a slash
    command never: what arrives has no words of the linked message. They are read with
    conversations.replies, which takes the ts of any message, in a thread or not
    (https://docs.slack.dev/reference/methods/conversations.replies), only from `channel` (where the
    question was asked) or a public channel: an answer in one conversation never tells what a private one
    said. This app's own post (`ours`: its ids, own_ids) is an answer, no question: in `answers`, where the
    request log finds its question (answered_base). Another bot's post (a CRM's or a workflow's card) is
    read as its reader sees it, as the message shortcut reads one; it had been taken for one of this app's
    answers and left unread. Without `ours`, every bot's post counts as this app's, as it had.
    A link not read says why in `unread`, a file's or a canvas's too (never read: "file")."""
    from .slacktext import linked_files, linked_messages, message_text

    linked = Linked()
    for linked_channel, ts, thread_ts in linked_messages(text):
        if linked_channel != channel and not _public(client, linked_channel):
            linked.unread.append("elsewhere")
            continue
        try:
            # The thread is asked for by its parent when the link names it, else by the message itself (either
            # is taken: "ts ... of an existing message"). Slack puts the parent first in what it returns,
            # whatever oldest and latest say, and counts it in `limit`: a reply's link asked with limit=1 came
            # back as its parent alone, "not found". Two are the parent and the message linked to.
            answer = client.conversations_replies(
                channel=linked_channel, ts=thread_ts or ts, latest=ts, oldest=ts, inclusive=True, limit=2
            )
        except Exception as e:  # not a member, no history scope, deleted, rate limited past retries
            reason = failure_reason(e)
            logger.warning("reading a linked message failed: %s", reason)
            linked.unread.append("not_found" if reason in NOT_FOUND_ERRORS else "failed")
            continue
        found = [m for m in answer.get("messages") or [] if isinstance(m, dict) and m.get("ts") == ts]
        if not found:
            linked.unread.append("not_found")
        for message in found[:1]:
            if posted_by(message, ours) if ours else message.get("bot_id"):
                linked.answers.append((linked_channel, ts, message.get("thread_ts")))
            else:
                linked.words.append(message_text(message, forwarded=False))
                linked.read.append(message)
    if linked_files(text):
        linked.unread.append("file")  # a file or a canvas: the app holds no files:read scope
    return linked


def answered_base(log, linked: Linked) -> Workload | None:
    """The question of this app's answer a message links to ("e com 4 h100? <link to an answer>"), for the
    message to follow up as a reply in its thread does: the row saved under the answer's own ts (bot/listeners
    /messages.py _post), else its thread's last (an answer posted before answers had rows of their own)."""
    from sizing.workload import Workload

    for channel, ts, thread_ts in linked.answers:
        for key in filter(None, (ts, thread_ts)):
            saved = log.load_thread(channel, key)
            if saved:
                try:
                    return Workload.given(saved[0])
                except ValueError:
                    continue
    return None


def _public(client: WebClient, channel: str) -> bool:
    """Whether a channel is public (conversations.info); not known, it is not."""
    try:
        info = client.conversations_info(channel=channel).get("channel") or {}
    except Exception:  # not a member of a private one, no scope, Slack down: not known
        return False
    return bool(info.get("is_channel")) and not info.get("is_private") and not info.get("is_im")


def failure_reason(error: Exception) -> str:
    """Why a Web API call failed, for the logs: Slack's error code, else the exception's kind."""
    return error.response.get("error") if isinstance(error, SlackApiError) else type(error).__name__
