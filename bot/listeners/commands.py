"""/gpu: an answer only the asker sees, the guided form when there is no text, usage on `ajuda`, and
`/gpu log` (the request log, for managers only)."""

from __future__ import annotations

import json

from slack_bolt import Ack, App
from slack_sdk import WebClient

from ..pipeline import Where
from ..views import form_view
from . import manager


def register(app: App, services) -> None:
    def gpu_command(ack: Ack, command: dict, client: WebClient) -> None:
        text = (command.get("text") or "").strip()
        where = where_for_command(command, services)
        if not text:
            ack()
            lang = services.pipeline.lang_for(where)
            metadata = json.dumps(
                {"channel_id": command.get("channel_id"), "response_url": command.get("response_url")}
            )
            client.views_open(trigger_id=command["trigger_id"], view=form_view(lang, metadata))
            return
        first, _, rest = text.partition(" ")
        if first.lower() in LOG_WORDS:
            ack(response_type="ephemeral", **manager.log_command(rest, where, services).kwargs())
            return
        reply = services.pipeline.ask(text, where)
        ack(response_type="ephemeral", **reply.message.kwargs())

    app.command("/gpu")(gpu_command)


LOG_WORDS = {"log", "registro", "registros"}


def where_for_command(command: dict, services) -> Where:
    directory = services.directory
    person = directory.person(command.get("user_id"))
    return Where(
        surface="slash_command",
        user_id=command.get("user_id", ""),
        team_id=command.get("team_id"),
        channel_id=command.get("channel_id"),
        channel_shared=directory.channel_shared(command.get("channel_id")),
        user_external=person.external,
        user_locale=person.locale,
    )
