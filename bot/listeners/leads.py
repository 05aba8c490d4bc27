"""Lead cards in the sales channel: claim, move along, add a note, read the history. Each change is recorded with who and
when, and the card is redrawn in place.

Only the sales team (GPU_SIZER_SALES_TEAM: people and/or Slack user groups) works the cards, and only in
the sales channel. Anyone else who presses a card's button is told so politely, and the attempt goes to
the audit trail (`gpu-log audit`), queued like every row so a busy log never costs the answer."""

from __future__ import annotations

import logging
import re

from slack_bolt import Ack, App, Respond
from slack_sdk import WebClient

from sizing import i18n

from ..blocks import notice
from ..desks import leaddesk
from ..log import LEAD_STATUSES, LeadError
from ..salesteam import LOOKUP_BUDGET_S
from ..slack_client import open_view

logger = logging.getLogger(__name__)
LEAD_ID = re.compile(r"[1-9][0-9]{0,11}")  # what the cards carry; anything else did not come from a card
# Deciding who may press must fit in Slack's 3 seconds when the answer is an error on the note form.
FORM_BUDGET_S = 1.5


def register(app: App, services) -> None:
    desk = services.desk
    lang = desk.lang

    def after_ack(work):
        # Acknowledged at once; the check, the change and the card's redraw (chat.update) may wait on Slack.
        def listener(ack: Ack, body: dict, action: dict, respond: Respond, client: WebClient) -> None:
            ack()
            services.after_ack.submit(work, body, action, respond, client)

        return listener

    def refused(body: dict, command: str, lead_id: int | None, budget: float = LOOKUP_BUDGET_S) -> str | None:
        """Why this person may not do this here (a message key), or None when they may. A refusal is
        recorded in the audit trail."""
        user = (body.get("user") or {}).get("id") or ""
        channel = (body.get("channel") or {}).get("id") or (body.get("container") or {}).get("channel_id")
        reason = None
        if lead_id is None:
            reason = "lead.invalid"
        elif not services.sales_team.configured:
            reason = "lead.refused_unconfigured"
        elif body.get("type") != "view_submission" and channel != services.settings.sales_channel:
            reason = "lead.refused_channel"
        else:
            member = services.sales_team.includes(user, budget)
            if member is None:
                reason = "lead.refused_unverified"
            elif not member:
                reason = "lead.refused_team"
        if reason is not None:
            details = {
                "command": command,
                "lead": lead_id,
                "channel": channel,
                "reason": reason.split(".")[1],
            }
            services.log.audit(user, "slack", "refused", details)
        return reason

    def existing(lead_id: int) -> dict:
        """The lead, or LeadError("missing") for _telling to say it is no longer in the log."""
        lead = services.leads.get(lead_id)
        if lead is None:
            raise LeadError(f"there is no lead #{lead_id}", key="missing")
        return lead

    def claim(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        lead_id = _lead_id(action.get("value"))
        if reason := refused(body, "lead_claim", lead_id):
            _tell(respond, lang, reason)
            return
        with _telling(respond, lang):
            services.leads.claim(lead_id, body["user"]["id"])
            desk.refresh(lead_id)

    def change_status(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        lead_id = _lead_id(str(action.get("block_id", "")).removeprefix("lead_"))
        status = (action.get("selected_option") or {}).get("value")
        if status not in LEAD_STATUSES:
            lead_id = None
        if reason := refused(body, "lead_status", lead_id):
            _tell(respond, lang, reason)
            return
        with _telling(respond, lang):
            if existing(lead_id)["status"] != status:
                services.leads.move(lead_id, status, body["user"]["id"])
            desk.refresh(lead_id)

    def open_note(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        lead_id = _lead_id(action.get("value"))
        if reason := refused(body, "lead_note", lead_id):
            _tell(respond, lang, reason)
            return
        if open_view(client, body.get("trigger_id"), desk.note_view(lead_id), services.unwaited_client):
            _tell(
                respond, lang, "slack.failed"
            )  # the trigger expired (3 s) or Slack failed: said, not nothing

    def save_note(ack: Ack, body: dict, view: dict) -> None:
        lead_id = _lead_id(view.get("private_metadata"))
        # The answer to a form goes back in its acknowledgement: decided within Slack's 3 seconds.
        if reason := refused(body, "lead_note", lead_id, FORM_BUDGET_S):
            ack(response_action="errors", errors={"note": i18n.t(lang, reason)})
            return
        values = ((view.get("state") or {}).get("values") or {}).get("note") or {}
        note = ((values.get("note") or {}).get("value") or "").strip()
        ack()
        if note:
            # The form has closed: the note is queued like a lead (kept through a busy, read-only or
            # replaced file and a restart), and the card is redrawn once it is written.
            services.log.record_note(lead_id, body["user"]["id"], note)

    def show_history(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        lead_id = _lead_id(action.get("value"))
        if reason := refused(body, "lead_history", lead_id):
            _tell(respond, lang, reason)
            return
        with _telling(respond, lang):
            message = leaddesk.history(existing(lead_id), services.leads.events(lead_id), lang)
            try:
                respond(response_type="ephemeral", replace_original=False, **message.kwargs())
            except Exception as e:  # the response_url expired or Slack failed: nothing more to do
                logger.warning("showing a lead's history failed (%s)", type(e).__name__)

    app.action("lead_claim")(after_ack(claim))
    app.action("lead_history")(after_ack(show_history))
    app.action("lead_status")(after_ack(change_status))
    app.action("lead_note")(after_ack(open_note))
    app.view("lead_note")(save_note)


def _lead_id(value: object) -> int | None:
    text = str(value or "")
    return int(text) if LEAD_ID.fullmatch(text) else None


def _tell(respond: Respond, lang: str, key: str) -> None:
    """A note only the person who pressed sees, under the card."""
    try:
        respond(response_type="ephemeral", replace_original=False, **notice(i18n.t(lang, key)).kwargs())
    except Exception as e:  # the response_url expired or Slack failed: nothing more to do
        logger.warning("telling about a lead action failed (%s)", type(e).__name__)


class _telling:
    """A lead change that fails (the log busy for too long, the lead gone) is said to the person who
    pressed, in their card's language."""

    def __init__(self, respond: Respond, lang: str) -> None:
        self.respond, self.lang = respond, lang

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, error, traceback) -> bool:
        if isinstance(error, LeadError):
            _tell(self.respond, self.lang, f"lead.{error.key}")
            return True
        return False
