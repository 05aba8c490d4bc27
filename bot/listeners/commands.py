"""/gpu: an answer only the asker sees, the guided form when there is no text, usage on `ajuda`, and
`/gpu log` (the request log, for managers only).

The answer goes out in the acknowledgement when Slack tells us who asked within a second and a half (the
usual case: people and channels are cached). When Slack is slow, the command is acknowledged empty and the
answer follows through the command's response_url once the lookups finish or give up."""

from __future__ import annotations

import json
import re
import time

from slack_bolt import Ack, App
from slack_sdk import WebClient

from ..blocks import form_unavailable
from ..directory import ACK_BUDGET_S, ANSWER_BUDGET_S, command_from_elsewhere
from ..log import logwords
from ..pipeline import Where
from ..slack_client import answered_base, open_view, own_ids, read_links, send_to_response_url
from ..slacktext import linked_files, linked_messages, only_emoji, plain, visible
from ..views import form_view
from . import manager
from .messages import cut_noted, files_unread


def register(app: App, services) -> None:
    def gpu_command(ack: Ack, command: dict, client: WebClient, context) -> None:
        received = time.monotonic()
        text = visible(command.get("text"))
        # The first word, whatever blank follows it (a pasted command may hold a line break or a tab).
        first, rest = [*text.split(None, 1), "", ""][:2]
        if first == "/gpu" or (
            first.lower() == "gpu" and rest and logwords.command(rest.split()[0]) == "log"
        ):
            # "/gpu /gpu 70b", "/gpu gpu log": the command's name typed again ("log" had been "Não entendi").
            text = rest
            first, rest = [*text.split(None, 1), "", ""][:2]
        if only_emoji(plain(text)) and not linked_files(text):
            # Nothing but emoji, mentions or channels ("/gpu :rocket:", "/gpu @ana", "/gpu /gpu"): as empty
            # as a bare /gpu, which opens the form; they had been answered with how to ask (or "Não
            # entendi"), logged as a question of blanks.
            ack()
            services.after_ack.submit(open_form, command, client)
            return
        where, complete = where_for_command(command, services, ACK_BUDGET_S, hurry=True)
        if logwords.command(first) == "log":
            # Who may read the log depends on the user ID alone; the lookup only picks the language.
            ack(response_type="ephemeral", **manager.log_command(rest, where, services).kwargs())
            return
        if linked_messages(text):
            # "/gpu quanto precisa pra isso? <link to a message>": the message is read from Slack, which
            # does not fit in the acknowledgement's budget.
            ack()
            ours = own_ids(context, command.get("api_app_id"))
            services.after_ack.submit(answer_linked, text, command, client, received + ANSWER_BUDGET_S, ours)
            return
        unread = "file" if linked_files(text) else None  # "quanto precisa pra isso? <link to a file>"
        text = plain(text)  # mentions, links and escapes as Slack sends them (should_escape in the manifest)
        if complete and answerable_in_ack(received, services.pipeline.hub):
            reply = files_unread(services.pipeline.ask(text, where, unread_link=unread), text, bool(unread))
            ack(reply.message.ephemeral_json())
            return
        ack()
        services.after_ack.submit(answer_later, text, command, received + ANSWER_BUDGET_S, None, unread)

    def open_form(command: dict, client: WebClient) -> None:
        where, _ = where_for_command(command, services, ACK_BUDGET_S)
        lang = services.pipeline.lang_for(where)
        metadata = json.dumps(
            {"channel_id": command.get("channel_id"), "response_url": command.get("response_url")}
        )
        if reason := open_view(
            client, command.get("trigger_id"), form_view(lang, metadata), services.unwaited_client
        ):
            # Whoever typed /gpu is not left with nothing: how to ask in the command itself.
            send_to_response_url(
                command.get("response_url"), services.settings.slack_timeout, form_unavailable(lang).kwargs()
            )
            record_form_failure(services.log, where, lang, reason)

    def answer_linked(
        text: str, command: dict, client: WebClient, deadline: float, ours: frozenset[str]
    ) -> None:
        linked = read_links(client, command.get("channel_id"), text, ours)
        # a link to one of the app's answers: its question followed up, as a reply in its thread is
        base = answered_base(services.log, linked)
        unread = linked.unread[0] if linked.unread and not linked.words and base is None else None
        answer_later(plain("\n".join([text, *linked.words])), command, deadline, base, unread, linked.read)

    def answer_later(
        text: str, command: dict, deadline: float, base=None, unread: str | None = None, read: list = ()
    ) -> None:
        where, _ = where_for_command(command, services, deadline - time.monotonic())
        follow_up = base if base is not None and not services.pipeline.is_new_question(text, base) else None
        reply = services.pipeline.ask(text, where, base=follow_up, unread_link=unread)
        # What of a linked message's e-mail or snippet was not read, its answer says.
        reply = cut_noted(files_unread(reply, text, unread == "file"), *read)
        failure = send_to_response_url(
            command.get("response_url"), services.settings.slack_timeout, reply.message.kwargs()
        )
        if failure:
            for key in reply.request_keys:
                services.log.mark_failed(key, f"slack:{failure}")

    # Slack sends an app only its own commands (https://docs.slack.dev/interactivity/implementing-slash-commands):
    # whatever name the workspace gave it (/gpu-sizer where another app has /gpu), the command is this one.
    app.command(re.compile(r"^/"))(gpu_command)


# Slack shows an error, and drops a late acknowledgement, 3 s after it sent the command
# (https://docs.slack.dev/interactivity/implementing-slash-commands, "Responding to commands").
SLACK_ACK_S = 3.0
# What an answer takes besides waiting for the Hub: reading, sizing, rendering, and the way back to Slack.
ANSWER_MARGIN_S = 0.5


def answerable_in_ack(received: float, hub) -> bool:
    """Whether an answer computed now still leaves in time in the acknowledgement, should the question wait
    for the Hub its whole budget. Lookups that took most of the second and a half they may (a slow Slack)
    had left the Hub's 1.5 s (up to 2.5) no room: the acknowledgement went past 3 s and the answer was lost.
    Then the answer goes through the response_url, as it does when the lookups run out of time."""
    waiting = hub.budget_s if hub is not None and hub.enabled else 0.0
    return time.monotonic() - received + waiting + ANSWER_MARGIN_S <= SLACK_ACK_S


def record_form_failure(log, where: Where, lang: str, reason: str) -> None:
    """A form Slack would not open is a request that failed: logged like any other (the log's gaps count
    it), with Slack's reason and "[form]" as its text, since the person typed nothing more."""
    log.record({
        "surface": where.surface, "team_id": where.team_id, "channel_id": where.channel_id,
        "channel_shared": int(where.channel_shared), "user_id": where.user_id,
        "user_external": int(where.user_external), "text": "[form]", "outcome": "failed",
        "error_key": f"slack:{reason}"[:200], "lang": lang,
    })  # fmt: skip


def where_for_command(command: dict, services, budget: float, hurry: bool = False) -> tuple[Where, bool]:
    """Who typed the command, where; False when Slack did not tell us in time (careful defaults used).
    `hurry`: the command is not acknowledged yet (bot.directory)."""
    seen = services.directory.lookup(command.get("user_id"), command.get("channel_id"), budget, hurry=hurry)
    # users.info says who the person is; the payload may say the command came from another organisation's
    # workspace, which makes them external whatever users.info said in time (bot/directory.py).
    elsewhere = command_from_elsewhere(
        services.directory, seen.person, command.get("team_id"), command.get("enterprise_id")
    )
    where = Where(
        surface="slash_command",
        user_id=command.get("user_id", ""),
        team_id=command.get("team_id"),
        channel_id=command.get("channel_id"),
        channel_shared=seen.channel_shared,
        user_external=seen.person.external or elsewhere,
        user_locale=seen.person.locale,
    )
    return where, seen.complete
