"""Lead cards in the sales channel: claim, move along, add a note. Each change is recorded with who and
when, and the card is redrawn in place."""

from __future__ import annotations

import contextlib
import logging

from slack_bolt import Ack, App, Respond
from slack_sdk import WebClient

from ..blocks import notice
from ..leads import LeadError

logger = logging.getLogger(__name__)


def register(app: App, services) -> None:
    desk = services.desk

    def after_ack(work):
        # Acknowledged at once; the change and the card's redraw (chat.update) may wait on Slack.
        def listener(ack: Ack, body: dict, action: dict, respond: Respond) -> None:
            ack()
            services.after_ack.submit(work, body, action, respond)

        return listener

    def claim(body: dict, action: dict, respond: Respond) -> None:
        lead_id = int(action["value"])
        with _telling(respond):
            services.leads.claim(lead_id, body["user"]["id"])
        desk.refresh(lead_id)

    def change_status(body: dict, action: dict, respond: Respond) -> None:
        lead_id = int(action["block_id"].removeprefix("lead_"))
        status = action["selected_option"]["value"]
        lead = services.leads.get(lead_id)
        if lead and lead["status"] != status:
            with _telling(respond):
                services.leads.move(lead_id, status, body["user"]["id"])
        desk.refresh(lead_id)

    def open_note(ack: Ack, body: dict, action: dict, client: WebClient) -> None:
        ack()
        client.views_open(trigger_id=body["trigger_id"], view=desk.note_view(int(action["value"])))

    def save_note(ack: Ack, body: dict, view: dict) -> None:
        ack()
        lead_id = int(view["private_metadata"])
        note = (view["state"]["values"]["note"]["note"].get("value") or "").strip()
        if note:
            try:
                services.leads.add_note(lead_id, body["user"]["id"], note)
            except LeadError as e:
                logger.warning("saving a lead note failed: %s", e)
                return
            desk.refresh(lead_id)

    app.action("lead_claim")(after_ack(claim))
    app.action("lead_status")(after_ack(change_status))
    app.action("lead_note")(open_note)
    app.view("lead_note")(save_note)


@contextlib.contextmanager
def _telling(respond: Respond):
    """A lead change that fails (the log busy for too long) is said to the person who pressed."""
    try:
        yield
    except LeadError as e:
        respond(response_type="ephemeral", replace_original=False, **notice(str(e)).kwargs())
