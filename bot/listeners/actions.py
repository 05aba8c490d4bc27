"""Buttons under an answer: switch precision and recompute in place, show performance and cost in detail,
share in the channel, ask for a proposal (the lead goes to the sales channel)."""

from __future__ import annotations

import contextlib
import logging
import re

from slack_bolt import Ack, App, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from sizing import i18n

from ..blocks import anchor_of, anchored, notice, without_share
from ..blocks import detail as detail_message
from ..directory import ANSWER_BUDGET_S, acting_workspace, from_another_team, request_team, users_workspace
from ..pipeline import Where, decode

logger = logging.getLogger(__name__)
PRECISION_FOR_BITS = {"16": "bf16", "8": "fp8", "4": "int4"}


def register(app: App, services) -> None:
    # Each button is acknowledged at once; the recompute and what it posts may wait on Slack's Web API.
    def after_ack(work):
        def listener(ack: Ack, body: dict, action: dict, respond: Respond, client: WebClient) -> None:
            ack()
            services.after_ack.submit(checked, work, body, action, respond, client)

        return listener

    def checked(work, body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        """A button whose value is not a workload we wrote (an old message, a forged payload), or that
        came from no message in a channel (the app puts these buttons only under its answers; a view
        has neither channel nor response_url), or "share" under an answer posted in the conversation, gets a
        polite line instead of nothing."""
        try:
            decode(action.get("value") or "")
            ours = True
        except (ValueError, TypeError):
            ours = False
        # "Share" under an answer already in the conversation (a redraw once gave it one) would post it
        # again and delete the one in place: it is a button that should not be there.
        posted_share = action.get("action_id") == "gpu_share" and _is_posted(body)
        if ours and _channel_of(body) and not posted_share:
            work(body, action, respond, client)
            return
        user = (body.get("user") or {}).get("id")
        lang = services.pipeline.lang_for(Where("button", user_locale=services.directory.person(user).locale))
        # Recorded like any question we could not take (what was pressed, never its value), so a stale
        # button after a change of format shows in the log's gaps, in the language its presser was told.
        services.log.record({
            "surface": "button", "user_id": user or "", "channel_id": _channel_of(body),
            "team_id": (body.get("team") or {}).get("id") or (body.get("user") or {}).get("team_id"),
            "text": f"[{action.get('action_id')}]", "outcome": "not_understood", "error_key": "bad_button",
            "lang": lang,
        })  # fmt: skip
        message = notice(i18n.t(lang, "slack.bad_button"))
        with contextlib.suppress(Exception):  # nothing more to do when Slack will not take even this
            if _thread_of(body):
                # A response_url posts under the channel's last message, not in the thread it came from
                # (slackapi/bolt-js#963): a reply of the app's own (posted, or only its asker sees) is in a
                # conversation it is in.
                _post_ephemeral(client, _channel_of(body), body, message, respond)
            elif body.get("response_url"):
                respond(response_type="ephemeral", replace_original=False, **message.kwargs())
            elif user:
                client.chat_postMessage(channel=user, **message.kwargs())

    def switch_precision(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        bits = action["action_id"].rsplit("_", 1)[1]
        _, reply = _recompute(
            body,
            action,
            services,
            f"[{bits}-bit]",
            in_channel=_is_posted(body),
            precision=PRECISION_FOR_BITS[bits],
        )
        # The answer stays tied to the message it sized, if any: "share" still posts in that thread.
        message = anchored(reply.message, anchor_of(action.get("block_id")))
        if _is_posted(body):
            # An answer everyone in the conversation reads (a mention's, a direct message's, one shared) has
            # no "share": redrawn, it gains none, which would post it again and delete the one in place.
            message = without_share(message)
        _replace(body, respond, client, message)

    def share(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        if not _first_share(body, services.log):
            return  # a second press of the same answer's button: it is in the channel already (or going)
        where, reply = _recompute(body, action, services, "[share]", in_channel=True)
        # The shared copy keeps the precision buttons and the proposal button, not "share" again.
        blocks = without_share(reply.message).blocks
        # An answer to a message shortcut goes in the thread of the message it sized.
        thread = anchor_of(action.get("block_id"))
        try:
            posted = client.chat_postMessage(
                channel=where.channel_id, blocks=blocks, text=reply.message.text, thread_ts=thread
            )
        except Exception as e:  # the API failed, was rate limited past retries, or timed out
            logger.warning("sharing failed: %s", _reason(e))
            # A channel takes the bot with /invite; a direct conversation between people never does.
            key = "slack.share_failed_dm" if _between_people(body) else "slack.share_failed"
            _tell(body, respond, client, where, notice(i18n.t(reply.lang, key)))
            return
        if reply.workload is not None and posted.get("ts"):
            # People reply in a thread under the shared answer ("e com 8 bits?"): it follows up, as in
            # the thread of a mention.
            services.log.save_thread(
                where.channel_id, thread or posted["ts"], reply.workload.non_defaults(), reply.lang
            )
        if body.get("response_url"):
            # The private copy goes, where Slack gave the way to it (an ephemeral message has no ts to delete).
            respond(delete_original=True)

    def proposal(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        where, reply = _recompute(body, action, services, "[proposal]")
        confirmation = "slack.proposal_no_channel"
        # The lead is queued, not written here: with the log's file busy it is written (and its card
        # posted) as soon as the file is free, and the person is told at once either way.
        if services.settings.sales_channel and services.desk.request_lead(reply, where, "proposal"):
            confirmation = "slack.proposal_sent"
        _tell(body, respond, client, where, notice(i18n.t(reply.lang, confirmation)))

    def detail(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        where, reply = _recompute(body, action, services, "[detail]")
        message = reply.message
        if reply.result is not None:
            message = detail_message(reply.result, show_prices=services.pipeline.show_prices(where))
        _tell(body, respond, client, where, message)

    app.action(re.compile(r"^gpu_precision_(16|8|4)$"))(after_ack(switch_precision))
    app.action("gpu_detail")(after_ack(detail))
    app.action("gpu_share")(after_ack(share))
    app.action("gpu_proposal")(after_ack(proposal))


def _recompute(body: dict, action: dict, services, note: str, in_channel: bool = False, **changes):
    """The workload the button carries (with `changes`), answered again for whoever pressed it; `in_channel`:
    for everyone in the conversation to read (posted, or redrawn in place)."""
    where = where_for_action(body, services, in_channel)
    workload = decode(action["value"])
    if changes:
        workload = workload.but(**changes)
    return where, services.pipeline.recompute(workload, where, text=note)


def where_for_action(body: dict, services, in_channel: bool = False) -> Where:
    """Who pressed the button, where. `in_channel`: what it answers is for everyone in the conversation, and
    whether that is shared with another organisation is asked of Slack now: a button payload says nothing
    of it (an event's envelope does, is_ext_shared_channel), and a channel turned Slack Connect since Slack
    was last asked had been trusted as ours for up to an hour, our prices posted to the other organisation."""
    user = body.get("user") or {}
    channel = _channel_of(body)
    if in_channel:
        services.directory.forget_channel(channel)
    seen = services.directory.lookup(user.get("id"), channel, ANSWER_BUDGET_S)
    # user.team_id is the presser's own workspace, team.id the one the button was pressed in.
    other_team = from_another_team(seen.person, users_workspace(body), acting_workspace(body))
    return Where(
        surface="button",
        user_id=user.get("id", ""),
        team_id=request_team(body, services.directory.team),
        channel_id=channel,
        channel_shared=seen.channel_shared,
        user_external=seen.person.external or other_team,
        user_locale=seen.person.locale,
    )


def _channel_of(body: dict) -> str | None:
    """The channel of the message the button is under (an ephemeral message's is in its container)."""
    return (body.get("channel") or {}).get("id") or (body.get("container") or {}).get("channel_id")


def _between_people(body: dict) -> bool:
    """A direct or group direct message (Slack names them "directmessage" and "mpdm-…" in payloads;
    https://docs.slack.dev/interactivity/implementing-slash-commands)."""
    channel = body.get("channel") or {}
    name = str(channel.get("name") or "")
    return str(_channel_of(body) or "").startswith("D") or name == "directmessage" or name.startswith("mpdm-")


def _first_share(body: dict, log) -> bool:
    """Whether this is the first press of "share" under its answer. The answer only its asker sees is
    deleted once shared, so it is shared at most once; a double click still sends two presses, which
    would post the answer twice."""
    ts = (body.get("container") or {}).get("message_ts")
    user = (body.get("user") or {}).get("id")
    if not ts:
        return True
    return log.claim_press(f"share:{_channel_of(body)}:{ts}:{user}")


def _is_ephemeral(body: dict) -> bool:
    return bool((body.get("container") or {}).get("is_ephemeral"))


def _is_posted(body: dict) -> bool:
    """Whether the button is under a message in the conversation, not one only its asker sees (Slack sends
    an ephemeral message's container with is_ephemeral, and no `message`)."""
    return not _is_ephemeral(body) and bool(body.get("message"))


def _replace(body: dict, respond: Respond, client: WebClient, message) -> None:
    """Recompute in place: through response_url for an ephemeral answer, chat.update for a posted one."""
    if not _is_posted(body):
        if body.get("response_url"):
            respond(replace_original=True, **message.kwargs())
            return
        # Only a response_url changes a message only its asker sees; without one (Slack documents it as
        # optional) the new answer comes as another such message, not as nothing.
        _post_ephemeral(client, (body.get("container") or {}).get("channel_id"), body, message)
        return
    container = body.get("container") or {}
    try:
        client.chat_update(
            channel=container.get("channel_id"), ts=container.get("message_ts"), **message.kwargs()
        )
    except Exception as e:  # the API failed, was rate limited past retries, or timed out
        logger.warning("chat.update failed: %s", _reason(e))
        # Not redrawn in place (the app removed from the conversation since, channel_not_found; a message
        # that is not the app's own, cant_update_message, https://docs.slack.dev/reference/methods/chat.update):
        # the new answer still reaches whoever pressed, only to them, rather than nothing.
        if body.get("response_url"):
            with contextlib.suppress(Exception):  # the response_url expired (30 minutes) or Slack failed
                respond(response_type="ephemeral", replace_original=False, **message.kwargs())


def _tell(body: dict, respond: Respond, client: WebClient, where: Where, message) -> None:
    """A note only the person who pressed the button sees. Under an answer only they see in a thread (the
    shortcut's, on a reply), the note goes in that thread too: a response_url would post it in the channel."""
    if _is_ephemeral(body) and body.get("response_url") and not _thread_of(body):
        respond(response_type="ephemeral", replace_original=False, **message.kwargs())
        return
    _post_ephemeral(client, where.channel_id, body, message, respond)


def _post_ephemeral(
    client: WebClient, channel: str | None, body: dict, message, respond: Respond | None = None
) -> None:
    """A message only the presser sees, in the thread the button is in. chat.postEphemeral needs the app in
    the conversation (not_in_channel, channel_not_found: removed from it since it answered there,
    https://docs.slack.dev/reference/methods/chat.postEphemeral); the payload's response_url does not, though
    it posts under the channel's last message rather than in the thread: it is the way left, not nothing."""
    user = (body.get("user") or {}).get("id")
    try:
        client.chat_postEphemeral(channel=channel, user=user, thread_ts=_thread_of(body), **message.kwargs())
    except Exception as e:  # the API failed, was rate limited past retries, or timed out
        logger.warning("chat.postEphemeral failed: %s", _reason(e))
        if respond is not None and body.get("response_url"):
            try:
                respond(response_type="ephemeral", replace_original=False, **message.kwargs())
            except Exception as again:  # the response_url expired (30 minutes) or Slack failed: nothing left
                logger.warning("the response_url failed too: %s", type(again).__name__)


def _thread_of(body: dict) -> str | None:
    """The thread the pressed button's message is a reply in, where its presser is reading: a note only
    they see goes there, not under the channel's last message, out of the thread's view (the container, or
    the message, of a reply names its thread_ts: https://docs.slack.dev/reference/interaction-payloads/block_actions-payload;
    chat.postEphemeral's thread_ts, https://docs.slack.dev/reference/methods/chat.postEphemeral). The root of
    a thread is read in the channel, and a note there stays in the channel."""
    container = body.get("container") if isinstance(body.get("container"), dict) else {}
    message = body.get("message") if isinstance(body.get("message"), dict) else {}
    thread = container.get("thread_ts") or message.get("thread_ts")
    ts = container.get("message_ts") or message.get("ts")
    return str(thread) if thread and thread != ts else None


def _reason(error: Exception) -> str:
    return error.response.get("error", "") if isinstance(error, SlackApiError) else type(error).__name__
