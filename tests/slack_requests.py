"""Builds and signs the HTTP bodies Slack sends to an app's Request URL.

    body, _ = slash_command("70b fp16", response_url=fake.response_url())
    status, _, text = post(app_url, body, sign(body, SECRET))

Slash commands and interactivity arrive form-encoded (interactivity as a single `payload` field holding
JSON); Events API callbacks arrive as JSON. `sign()` picks the Content-Type from the body's shape.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import re
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlencode

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"

APP_ID = "A0001"
TEAM_DOMAIN = "nossanuvem"
BOT_USER_ID = "UBOT"
VERIFICATION_TOKEN = "legacy-verification-token"
# Refuses connections at once, so an app that was not handed a fake response_url fails fast.
UNSET_RESPONSE_URL = "http://127.0.0.1:9/commands/T0001/1/unset"

_ts = itertools.count(1)


def _now_ts() -> str:
    return f"{int(time.time())}.{next(_ts):06d}"


def sign(
    body: str, secret: str, timestamp: int | None = None, content_type: str | None = None
) -> dict[str, str]:
    """The headers Slack sends with `body`: a v0 signature over "v0:{timestamp}:{body}"."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    digest = hmac.new(secret.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
    return {
        "X-Slack-Request-Timestamp": ts,
        "X-Slack-Signature": f"v0={digest}",
        "Content-Type": content_type or (JSON if body.lstrip().startswith("{") else FORM),
    }


def _channel_name(channel_id: str) -> str:
    if channel_id.startswith("D"):
        return "directmessage"
    if channel_id.startswith("G"):
        return "privategroup"
    return "general"


def slash_command(
    text: str,
    user_id: str = "U0001",
    channel_id: str = "C0001",
    team_id: str = "T0001",
    response_url: str = UNSET_RESPONSE_URL,
    trigger_id: str | None = None,
    command: str = "/gpu",
) -> tuple[str, str]:
    # Like Slack's, every command has its own trigger_id: two identical commands are two bodies.
    trigger_id = trigger_id or f"{_now_ts()}.1.abcdef"
    fields = {
        "token": VERIFICATION_TOKEN,
        "team_id": team_id,
        "team_domain": TEAM_DOMAIN,
        "channel_id": channel_id,
        "channel_name": _channel_name(channel_id),
        "user_id": user_id,
        "user_name": user_id.lower(),
        "command": command,
        "text": text,
        "api_app_id": APP_ID,
        "is_enterprise_install": "false",
        "response_url": response_url,
        "trigger_id": trigger_id,
    }
    return urlencode(fields), FORM


# -- Events API ------------------------------------------------------------------------------------------


def event(event: dict[str, Any], event_id: str = "Ev0001", team_id: str = "T0001", **envelope: Any) -> str:
    """The JSON `event_callback` envelope around `event`; keyword arguments replace envelope fields."""
    body = {
        "token": VERIFICATION_TOKEN,
        "team_id": team_id,
        "context_team_id": team_id,
        "context_enterprise_id": None,
        "api_app_id": APP_ID,
        "event": event,
        "type": "event_callback",
        "event_id": event_id,
        "event_time": int(time.time()),
        "authorizations": [
            {
                "enterprise_id": None,
                "team_id": team_id,
                "user_id": BOT_USER_ID,
                "is_bot": True,
                "is_enterprise_install": False,
            }
        ],
        "is_ext_shared_channel": False,
        "event_context": f"4-{event_id}",
        **envelope,
    }
    return json.dumps(body)


def _rich_text(text: str) -> list[dict[str, Any]]:
    """The rich_text block Slack attaches to user messages: mentions become user elements."""
    elements: list[dict[str, Any]] = []
    for piece in re.split(r"(<@[UW][A-Z0-9]+>)", text):
        if mention := re.fullmatch(r"<@([UW][A-Z0-9]+)>", piece):
            elements.append({"type": "user", "user_id": mention.group(1)})
        elif piece:
            elements.append({"type": "text", "text": piece})
    section = {"type": "rich_text_section", "elements": elements}
    return [{"type": "rich_text", "block_id": "rt1", "elements": [section]}]


def _message_like(
    kind: str, text: str, user: str, channel: str, ts: str | None, thread_ts: str | None
) -> dict:
    ts = ts or _now_ts()
    body = {
        "type": kind,
        "user": user,
        "text": text,
        "ts": ts,
        "channel": channel,
        "event_ts": ts,
        "team": "T0001",
        "client_msg_id": f"msg-{ts}",
        "blocks": _rich_text(text),
    }
    if thread_ts is not None:
        body["thread_ts"] = thread_ts
    return body


def app_mention(
    text: str,
    user: str = "U0001",
    channel: str = "C0001",
    ts: str | None = None,
    thread_ts: str | None = None,
) -> dict[str, Any]:
    return _message_like("app_mention", text, user, channel, ts, thread_ts)


def message(
    text: str,
    user: str = "U0001",
    channel: str = "C0001",
    ts: str | None = None,
    thread_ts: str | None = None,
    channel_type: str = "channel",
) -> dict[str, Any]:
    return {**_message_like("message", text, user, channel, ts, thread_ts), "channel_type": channel_type}


def app_home_opened(user: str = "U0001", tab: str = "home") -> dict[str, Any]:
    return {"type": "app_home_opened", "user": user, "channel": "D" + user, "tab": tab, "event_ts": _now_ts()}


def url_verification(challenge: str) -> str:
    return json.dumps({"token": VERIFICATION_TOKEN, "challenge": challenge, "type": "url_verification"})


# -- Interactivity ---------------------------------------------------------------------------------------


def _interactive(payload: dict[str, Any]) -> str:
    return urlencode({"payload": json.dumps(payload)})


def _user(user_id: str, team_id: str) -> dict[str, str]:
    return {"id": user_id, "username": user_id.lower(), "name": user_id.lower(), "team_id": team_id}


def block_actions(
    action_id: str,
    value: str,
    user_id: str = "U0001",
    channel_id: str = "C0001",
    response_url: str = UNSET_RESPONSE_URL,
    message: dict[str, Any] | None = None,
    container: dict[str, Any] | None = None,
    team_id: str = "T0001",
    block_id: str = "actions",
    action: dict[str, Any] | None = None,
    view: dict[str, Any] | None = None,
) -> str:
    """A button click on a message (default) or, given `view`, inside a modal or the Home tab.

    `action` is merged into the generated button action (e.g. {"type": "static_select", "selected_option": ...}).
    """
    now = _now_ts()
    clicked = {
        "action_id": action_id,
        "block_id": block_id,
        "text": {"type": "plain_text", "text": value, "emoji": True},
        "value": value,
        "type": "button",
        "action_ts": now,
        **(action or {}),
    }
    payload: dict[str, Any] = {
        "type": "block_actions",
        "user": _user(user_id, team_id),
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "trigger_id": f"{now}.{team_id}.trigger",
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "enterprise": None,
        "is_enterprise_install": False,
        "state": {"values": {}},
        "actions": [clicked],
    }
    if view is not None:
        payload["container"] = container or {"type": "view", "view_id": view.get("id", "V0001")}
        payload["view"] = view
        return _interactive(payload)
    if message is None:
        message = {
            "type": "message",
            "user": BOT_USER_ID,
            "bot_id": "BBOT",
            "text": "",
            "ts": "1700000000.000100",
        }
    payload["container"] = container or {
        "type": "message",
        "message_ts": message.get("ts"),
        "channel_id": channel_id,
        "is_ephemeral": False,
    }
    payload["channel"] = {"id": channel_id, "name": _channel_name(channel_id)}
    payload["message"] = message
    payload["response_url"] = response_url
    return _interactive(payload)


def message_shortcut(
    message: dict[str, Any],
    user_id: str = "U0001",
    channel_id: str = "C0001",
    response_url: str = UNSET_RESPONSE_URL,
    callback_id: str = "gpu_size_message",
    team_id: str = "T0001",
) -> str:
    """A message shortcut picked on `message` (a dict as `message()` builds, or as Slack stores it): the
    `message_action` payload (https://docs.slack.dev/reference/interaction-payloads/shortcuts-interactions-payload)."""
    now = _now_ts()
    return _interactive({
        "type": "message_action",
        "token": VERIFICATION_TOKEN,
        "action_ts": now,
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "user": _user(user_id, team_id),
        "channel": {"id": channel_id, "name": _channel_name(channel_id)},
        "is_enterprise_install": False,
        "enterprise": None,
        "callback_id": callback_id,
        "trigger_id": f"{now}.{team_id}.trigger",
        "response_url": response_url,
        "message_ts": message.get("ts"),
        "message": {k: v for k, v in message.items() if k not in ("channel", "event_ts", "channel_type")},
    })  # fmt: skip


def _state(values: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Slack's view.state.values; a plain string stands for a plain_text_input's value."""
    return {
        block: {
            action: {"type": "plain_text_input", "value": v} if isinstance(v, str) or v is None else v
            for action, v in actions.items()
        }
        for block, actions in values.items()
    }


def view_submission(
    callback_id: str,
    state_values: dict[str, dict[str, Any]],
    user_id: str = "U0001",
    private_metadata: str = "",
    team_id: str = "T0001",
    view_id: str = "V0001",
    response_urls: list[dict[str, str]] | None = None,
) -> str:
    """A modal submitted: state_values is {block_id: {action_id: {"type": ..., "value": ...} or "text"}}."""
    view = {
        "id": view_id,
        "team_id": team_id,
        "type": "modal",
        "blocks": [],
        "private_metadata": private_metadata,
        "callback_id": callback_id,
        "state": {"values": _state(state_values)},
        "hash": "1700000000.hash",
        "title": {"type": "plain_text", "text": "gpu-sizer", "emoji": True},
        "clear_on_close": False,
        "notify_on_close": False,
        "close": None,
        "submit": {"type": "plain_text", "text": "Submit", "emoji": True},
        "previous_view_id": None,
        "root_view_id": view_id,
        "app_id": APP_ID,
        "external_id": "",
        "app_installed_team_id": team_id,
        "bot_id": "BBOT",
    }
    payload = {
        "type": "view_submission",
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "user": _user(user_id, team_id),
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "trigger_id": f"{_now_ts()}.{team_id}.trigger",
        "view": view,
        "response_urls": response_urls or [],
        "is_enterprise_install": False,
        "enterprise": None,
    }
    return _interactive(payload)


# -- Transport -------------------------------------------------------------------------------------------


def post(
    url: str, body: str, headers: dict[str, str], timeout: float = 10
) -> tuple[int, dict[str, str], str]:
    """POST `body`; returns (status, headers, text) for error statuses too."""
    request = urllib.request.Request(url, data=body.encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers.items()), response.read().decode()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, dict(error.headers.items()), error.read().decode()
