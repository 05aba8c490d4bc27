"""The guided form: opened by /gpu with no text or from App Home; its answer comes back like /gpu's."""

from __future__ import annotations

import json
import logging
import re

from slack_bolt import Ack, App
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.webhook import WebhookClient

from sizing import i18n

from ..blocks import form_unavailable, without_share
from ..directory import ANSWER_BUDGET_S, acting_workspace, from_another_team, request_team, users_workspace
from ..pipeline import Where
from ..slack_client import open_view
from ..views import FormError, form_view, workload_from_form
from .commands import record_form_failure

logger = logging.getLogger(__name__)


def register(app: App, services) -> None:
    def open_form(ack: Ack, body: dict, client: WebClient) -> None:
        ack()
        services.after_ack.submit(show_form, body, client)

    def show_form(body: dict, client: WebClient) -> None:
        user = (body.get("user") or {}).get("id")
        person = services.directory.person(user)
        lang = services.pipeline.lang_for(Where("form", user_locale=person.locale))
        reason = open_view(
            client, body.get("trigger_id"), form_view(lang, json.dumps({})), services.unwaited_client
        )
        if not reason:
            return
        team = request_team(body, services.directory.team)
        surface = "shortcut" if body.get("type") == "shortcut" else "home"
        where = Where(surface, user_id=user or "", team_id=team, user_external=person.external)
        record_form_failure(services.log, where, lang, reason)
        if not user:
            return
        # The button is in App Home (or the shortcut in no conversation): how to ask comes as a direct message.
        try:
            client.chat_postMessage(channel=user, **form_unavailable(lang).kwargs())
        except Exception as e:
            logger.warning("could not say the form did not open: %s", _reason(e))

    def submit(ack: Ack, body: dict, view: dict, client: WebClient) -> None:
        user = (body.get("user") or {}).get("id") or ""
        meta = _metadata(view.get("private_metadata")) or _picked_conversation(body)
        # The form's own error must go back in the acknowledgement: its language is whatever Slack tells
        # us within the acknowledgement's budget.
        person = services.directory.person(user, hurry=True)
        lang = services.pipeline.lang_for(Where("form", user_locale=person.locale))
        try:
            workload = workload_from_form((view.get("state") or {}).get("values") or {}, lang)
        except FormError as e:
            ack(response_action="errors", errors={e.block: i18n.t(lang, e.key)})
            return
        if workload is None:
            ack(response_action="errors", errors={"model": i18n.t(lang, "slack.form_missing_model")})
            return
        ack()
        services.after_ack.submit(answer, body, meta, workload, client)

    def answer(body: dict, meta: dict, workload, client: WebClient) -> None:
        user = body["user"]["id"]
        channel = meta.get("channel_id")
        seen = services.directory.lookup(user, channel, ANSWER_BUDGET_S)
        # user.team_id is the submitter's own workspace; another than the app's is another organisation's
        # person unless users.info vouches they are ours, as for buttons and shortcuts (bot/directory.py).
        other_team = from_another_team(seen.person, users_workspace(body), acting_workspace(body))
        where = Where(
            surface="form", user_id=user, team_id=request_team(body, services.directory.team), channel_id=channel,
            channel_shared=seen.channel_shared, user_external=seen.person.external or other_team,
            user_locale=seen.person.locale,
        )  # fmt: skip
        reply = services.pipeline.recompute(workload, where, text=f"[form] {workload.model}")
        _deliver(client, meta, user, reply, services.log)

    def no_options(ack: Ack) -> None:
        # Every menu the app draws lists its own options (bot/views.py): one that asks the app for them
        # (an external_select of a view the app did not build, or of a release long gone) is answered with
        # none, the JSON Slack reads a menu's options from
        # (https://docs.slack.dev/reference/interaction-payloads/block_suggestion-payload). An empty body
        # had been no list at all: the menu failed to load.
        ack(options=[])

    app.action("gpu_open_form")(open_form)
    app.block_suggestion(re.compile(r".*"))(no_options)
    # A global shortcut (the composer's shortcuts menu, https://docs.slack.dev/interactivity/implementing-shortcuts)
    # has no message to size and no conversation to answer in: it opens the form, as App Home's button does.
    # The manifests declare none; one added in the app's settings had reached the message shortcut's listener,
    # which answered nothing (no response_url) and logged a failure.
    app.shortcut({"type": "shortcut", "callback_id": re.compile(r".+")})(open_form)
    app.view("gpu_form")(submit)


def _metadata(text: str | None) -> dict:
    """Where the form was opened from, as form_view wrote it; nothing usable when it is not ours. Slack keeps
    private_metadata as the app set it (up to 3,000 characters, https://docs.slack.dev/reference/views): one
    that is not (nested deeper than the parser recurses) had failed the submission, answered by nothing."""
    try:
        meta = json.loads(text or "{}")
    except (ValueError, RecursionError):
        return {}
    if not isinstance(meta, dict):
        return {}
    return {k: v for k, v in meta.items() if k in ("channel_id", "response_url") and isinstance(v, str)}


def _picked_conversation(body: dict) -> dict:
    """Where a form opened outside a conversation (App Home) is answered when Slack gives a way there: a
    submission's `response_urls`, one per conversation picked in the form
    (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload, "response_urls").
    The first is used; with none, the answer goes as a direct message."""
    urls = body.get("response_urls")
    for entry in urls if isinstance(urls, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("response_url"), str) and entry["response_url"]:
            channel = entry.get("channel_id")
            return {
                "response_url": entry["response_url"],
                **({"channel_id": channel} if isinstance(channel, str) else {}),
            }
    return {}


def _deliver(client: WebClient, meta: dict, user: str, reply, log) -> None:
    """Back where /gpu was typed (through its response_url), else as a direct message."""
    kwargs = reply.message.kwargs()
    if meta.get("response_url"):
        try:
            response = WebhookClient(meta["response_url"]).send(response_type="ephemeral", **kwargs)
            if response.status_code == 200:
                return
        except Exception:  # the response_url may have expired (30 minutes)
            logger.warning("response_url delivery failed; sending a direct message instead")
    try:
        # In the direct message the answer is where its reader reads it: "share" would only post it there again.
        client.chat_postMessage(channel=user, **without_share(reply.message).kwargs())
    except Exception as e:
        reason = _reason(e)
        logger.warning("could not deliver the form's answer: %s", reason)
        for key in reply.request_keys:
            log.mark_failed(key, f"slack:{reason}")


def _reason(error: Exception) -> str:
    return error.response.get("error", "") if isinstance(error, SlackApiError) else type(error).__name__
