"""The message shortcut "Dimensionar esta mensagem": a customer's message in a shared channel (or anyone's,
anywhere) sized for whoever picked the shortcut, in an answer only they see, which "share" posts in the
message's thread.

Slack sends a message shortcut as a `message_action` payload with the message, the channel and a
response_url that posts in that channel without the app being a member
(https://docs.slack.dev/interactivity/implementing-shortcuts). Picked on a reply in a thread, the answer goes
in that thread (chat.postEphemeral) where the app is a member."""

from __future__ import annotations

import logging
import time

from slack_bolt import Ack, App
from slack_sdk.errors import SlackApiError

from sizing import i18n
from sizing.workload import Workload

from ..blocks import anchored, led_by
from ..directory import ANSWER_BUDGET_S, acting_workspace, from_another_team, request_team, users_workspace
from ..pipeline import Where, decode
from ..slack_client import own_ids, posted_by, send_to_response_url
from ..slacktext import cut_notes, message_text, plain, says_something

logger = logging.getLogger(__name__)
# The callback_id the manifests give the shortcut.
CALLBACK_ID = "gpu_size_message"


def register(app: App, services) -> None:
    def size_message(ack: Ack, shortcut: dict, context) -> None:
        # Looking the person up and posting may wait on Slack: after the acknowledgement.
        ack()
        message = shortcut.get("message") if isinstance(shortcut.get("message"), dict) else {}
        ours = _is_ours(message, context)
        services.after_ack.submit(answer, shortcut, ours, time.monotonic() + ANSWER_BUDGET_S)

    def answer(shortcut: dict, ours: bool, deadline: float) -> None:
        message = shortcut.get("message") if isinstance(shortcut.get("message"), dict) else {}
        where = where_for_shortcut(shortcut, services, deadline - time.monotonic())
        carried = carried_workload(message) if ours else None
        words = "" if ours else plain(message_text(message))
        if carried is not None:
            # One of this app's answers: what it sized, as its buttons do. Its words read as a question had
            # been another one ("1× H200 SXM 141 GB · produção" in it became a GPU and a stage asked for).
            reply = services.pipeline.recompute(carried, where, text=f"[shortcut] {carried.model}")
        else:
            # An answer of the app's without a sizing (how to ask, a question back) is no request: how to ask.
            reply = services.pipeline.ask(words, where)
        out = reply.message
        if not ours and not says_something(words):
            # A screenshot, a file, emoji alone: how to ask, with nothing before it, read as an answer to nothing.
            out = led_by(i18n.t(reply.lang, "slack.shortcut_no_words"), out)
        elif not ours:
            for note in cut_notes(message, reply.lang):  # the rest of a long snippet or e-mail: unread
                out = led_by(note, out)
        # "Share" answers in the thread of the message that was sized, where the customer will read it.
        thread = message.get("thread_ts") or message.get("ts") or shortcut.get("message_ts")
        kwargs = anchored(out, str(thread)).kwargs() if thread else out.kwargs()
        if _in_thread(message, shortcut, where, kwargs):
            return
        failure = send_to_response_url(shortcut.get("response_url"), services.settings.slack_timeout, kwargs)
        if failure:
            for key in reply.request_keys:
                services.log.mark_failed(key, f"slack:{failure}")

    def _in_thread(message: dict, shortcut: dict, where: Where, kwargs: dict) -> bool:
        """Posts the answer in the thread of a reply the shortcut was picked on, only to its picker; whether it
        did. A response_url posts in the channel, whatever thread the shortcut came from (slackapi/bolt-js#963),
        out of the conversation its picker is reading; chat.postEphemeral takes the thread
        (https://docs.slack.dev/reference/methods/chat.postEphemeral) but only where the app is a member: in a
        channel it is not in (a customer's, say) the response_url still answers. The quick client: a
        refusal or a 429 goes on to the response_url at once."""
        root = message.get("thread_ts")
        if not root or root == (message.get("ts") or shortcut.get("message_ts")) or not where.channel_id:
            return False  # not a reply: the response_url answers where the message is read
        try:
            (services.quick_client or services.client).chat_postEphemeral(
                channel=where.channel_id, user=where.user_id, thread_ts=str(root), **kwargs
            )
        except Exception as e:  # not_in_channel, channel_not_found, rate limited, slow: the response_url
            reason = e.response.get("error") if isinstance(e, SlackApiError) else type(e).__name__
            logger.info("the shortcut's answer goes to its response_url (chat.postEphemeral: %s)", reason)
            return False
        return True

    # A message shortcut only: a global one carries no message (bot/listeners/forms.py opens the form for it).
    app.shortcut({"type": "message_action", "callback_id": CALLBACK_ID})(size_message)


def _is_ours(message: dict, context) -> bool:
    """Whether this app posted the message (its bot user, or its bot as the message's bot_id)."""
    return posted_by(message, own_ids(context))


def carried_workload(message: dict) -> Workload | None:
    """The workload an answer's buttons carry (bot/blocks.py writes it in each button's value), if any."""
    for block in message.get("blocks") or []:
        if not isinstance(block, dict) or block.get("type") != "actions":
            continue
        for element in block.get("elements") or []:
            if isinstance(element, dict) and str(element.get("action_id") or "").startswith("gpu_"):
                try:
                    return decode(str(element.get("value") or ""))
                except (ValueError, TypeError):
                    continue
    return None


def where_for_shortcut(shortcut: dict, services, budget: float) -> Where:
    """Who picked the shortcut, where. The log's row is theirs: they are the one sales follows up with."""
    user = shortcut.get("user") if isinstance(shortcut.get("user"), dict) else {}
    channel = shortcut.get("channel") if isinstance(shortcut.get("channel"), dict) else {}
    seen = services.directory.lookup(user.get("id"), channel.get("id"), budget)
    # user.team_id is the picker's own workspace, team.id the one the shortcut was used in.
    other_team = from_another_team(seen.person, users_workspace(shortcut), acting_workspace(shortcut))
    return Where(
        surface="shortcut",
        user_id=str(user.get("id") or ""),
        team_id=request_team(shortcut, services.directory.team),
        channel_id=channel.get("id"),
        channel_shared=seen.channel_shared,
        user_external=seen.person.external or other_team,
        user_locale=seen.person.locale,
    )
