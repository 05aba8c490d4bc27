"""Mentions, direct messages and follow-ups in a thread the bot answered ("e se for em 8 bits?")."""

from __future__ import annotations

import dataclasses
import logging
import re

from slack_bolt import App
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from sizing import i18n
from sizing.workload import Workload

from ..blocks import led_by
from ..directory import (
    ANSWER_BUDGET_S,
    for_the_whole_organisation,
    from_another_team,
    outside_the_organisation,
    users_workspace,
)
from ..pipeline import FOLLOWED_NO_MODEL, Where
from ..slack_client import Linked, answered_base, read_links
from ..slacktext import (
    carries_forwarded,
    cut_notes,
    linked_files,
    message_text,
    plain,
    says_something,
    visible,
)
from ..unfinished import promise, then_done

logger = logging.getLogger(__name__)
# A follow-up in a busy thread is answered only when it reads like one: something understood, and few
# words that were not (people also talk to each other in threads).
MAX_UNKNOWN_IN_FOLLOW_UP = 3
# In a direct message every message is for the bot, but a short one with nothing to size that follows an
# answer is a thanks, not a question: it is left unanswered (a question the bot cannot read is longer).
MAX_WORDS_OF_THANKS = 6
# A follow-up that names a model but not which size ("e com o qwen3?") is for the bot: it asks which.
ASKS_A_SIZE = ("query.series_size", "query.family_model", "query.series_lacks_size")
# A number alone ("e com 4?") that could count GPUs or users is for the bot too: it asks which, as it asks
# what a scale alone scales ("e o dobro?" after users and a context; it had been left unanswered). So is a
# follow-up to an answer with no model ("e com 20 usuários?" after "o que roda numa 4090?"): it answers again.
ASKS_BACK = (*ASKS_A_SIZE, "query.bare_count", "query.bare_scale", *FOLLOWED_NO_MODEL)
# Message subtypes that carry something a person wrote (https://docs.slack.dev/reference/events/message):
# a plain message (no subtype), one with a file attached, a thread reply also sent to the channel, one
# typed with /me, and a bot's post (answered only when GPU_SIZER_ANSWER_BOTS names the bot). Edits,
# deletions, joins are not, nor what Slack writes for a change to the conversation (channel_topic,
# channel_purpose, pinned_item...), even one whose text names the app: "set the channel topic: GPUs?
# pergunte ao @gpu-sizer" comes as a mention of it too (errbotio/errbot#902 met it), and had been answered
# in the channel as a question it did not understand.
QUESTION_SUBTYPES = (None, "file_share", "thread_broadcast", "me_message", "bot_message")


# The channel types of a conversation between one person and the app: a direct message (message.im), and the
# App Home's Messages tab as Slack's message.app_home event names it. Slack documents that event with a D
# channel and "looks exactly like the direct messages" it replaced (https://docs.slack.dev/reference/events/message.app_home,
# the 2018-05 changelog): it had been taken for a channel message outside any thread and left unanswered.
DIRECT = ("im", "app_home")


def _direct(event: dict) -> bool:
    """Whether the message was written to the app alone, where every message is for it. An event that does
    not say its channel_type (message_changed as Slack's own example writes it,
    https://docs.slack.dev/reference/events/message/message_changed) is said so by its channel: a direct
    message's ID starts with D (https://docs.slack.dev/reference/objects/conversation-object)."""
    kind = event.get("channel_type")
    if kind is None:
        return str(event.get("channel") or "").startswith("D")
    return kind in DIRECT


def _assistant_thread_of(event: dict) -> tuple[str, str] | None:
    """The (channel, thread_ts) of the assistant container's thread a direct message says it was typed in:
    Slack marks a question typed there with an `assistant_thread` object (bolt-python's
    tests/scenario_tests/test_events_assistant.py). A thread whose assistant_thread_started the log does not
    hold (dropped while Slack rate limited the app, sent during an outage, the thread opened before the app
    subscribed, or purged by the retention while the person came back to it) had been answered as a plain
    DM thread: no "thinking" status, no title, and the DM's last answer followed up."""
    thread_ts = event.get("thread_ts")
    if not _direct(event) or not isinstance(event.get("assistant_thread"), dict) or not event.get("channel"):
        return None
    return (event["channel"], thread_ts) if isinstance(thread_ts, str) and thread_ts else None


def _a_question(event: dict) -> bool:
    """Whether the event is a message someone wrote, as people see it: a subtype that carries one, and not
    `hidden`, which Slack sets on what it does not show in the conversation (message_changed,
    message_deleted, message_replied...; https://docs.slack.dev/reference/events/message, "Hidden
    subtypes"), whatever its subtype says."""
    return event.get("subtype") in QUESTION_SUBTYPES and not event.get("hidden")


def register(app: App, services) -> None:
    def on_mention(event: dict, body: dict, client: WebClient, context) -> None:
        if not _a_question(event) or not _answerable(event, body, services, context):
            return
        held = _claim_once(event, body, services)
        if held is None:
            return  # a retry, or an edit of a message already answered
        promise(services, held, "mention", body)
        # Looking the person up and posting may wait on Slack: after the acknowledgement.
        services.after_ack.submit(then_done, services, held, answer_mention, event, body, client)

    def answer_mention(event: dict, body: dict, client: WebClient, update: str | None = None) -> None:
        said, linked = _with_linked_messages(client, event, _ours(body))
        text = plain(said)
        thread_ts = event.get("thread_ts") or event["ts"]
        where = _where(event, body, services, "edit" if update else "mention", thread_ts)
        # A link to one of the app's answers is followed up as a reply in its thread is, before this thread's
        base = answered_base(services.log, linked) or _thread_base(
            services, event["channel"], event.get("thread_ts")
        )
        # In a thread the bot answered, a mention without a model of its own changes the last answer.
        follow_up = base if base is not None and not services.pipeline.is_new_question(text, base) else None
        under = None
        if base is None and event.get("thread_ts") not in (None, event["ts"]):
            # "@gpu-sizer" (or "@gpu-sizer e em 8 bits?") under a customer's question: that question.
            text, follow_up, under = _with_thread_question(client, services, event, text, _app_user(body))
        reply = services.pipeline.ask(text, where, base=follow_up, unread_link=_unread(linked))
        # The question read from a snippet or an e-mail above the mention, or in a message linked: its answer
        # says what of it was not read, as the shortcut's does.
        reply = cut_noted(_files_unread(event, text, reply), under, *linked.read)
        _post(client, services, event, thread_ts, reply, update=update)

    def on_message(event: dict, body: dict, client: WebClient, context) -> None:
        if event.get("subtype") == "message_deleted" or _tombstoned(event):
            return on_delete(event, body)
        if (thread := _assistant_thread_of(event)) and not services.log.is_assistant_thread(*thread):
            services.log.save_assistant_thread(*thread)
        if event.get("subtype") == "message_changed":
            return on_edit(event, body, context)
        if not _a_question(event) or not _answerable(event, body, services, context):
            return  # edits, joins, bot posts (ours, and others' unless configured) are not questions
        # A mention is one the person typed: a forwarded message that mentioned the app is not addressed to it.
        text = message_text(event, forwarded=False)
        is_dm = _direct(event)
        if not is_dm and context.bot_user_id and re.search(rf"<@{re.escape(context.bot_user_id)}[>|]", text):
            # The app_mention listener answers this one. Slack sends no app_mention for a direct message,
            # even one that mentions the app (https://docs.slack.dev/reference/events/app_mention).
            return
        base = _base(services, event)
        if not is_dm and (event.get("thread_ts") is None or base is None):
            return  # a channel message outside a thread we answered is not for us
        held = _claim_once(event, body, services)
        if held is None:
            return  # a retry, or a message the app_mention listener took already
        promise(services, held, "message", body)
        services.after_ack.submit(then_done, services, held, answer_message, event, body, client, base)

    def answer_message(
        event: dict, body: dict, client: WebClient, base: Workload | None, update: str | None = None
    ) -> None:
        said, linked = _with_linked_messages(client, event, _ours(body))
        text = plain(said)
        base = answered_base(services.log, linked) or base  # an answer linked, before the thread's own
        is_dm = _direct(event)
        thread_ts = event.get("thread_ts")
        surface = "edit" if update else "thread" if thread_ts and not is_dm else "dm"
        if update or not services.log.is_assistant_thread(event["channel"], thread_ts):
            _answer_message(event, body, client, base, update, text, linked, surface)
            return
        # In Slack's assistant container the person sees that the app is at work, and the thread is named
        # after its first question (https://docs.slack.dev/ai/developing-ai-apps, assistant.threads.setStatus,
        # assistant.threads.setTitle); Slack clears the status when the answer is posted.
        first = services.log.load_thread(event["channel"], thread_ts) is None
        lang = services.pipeline.lang_for(_where(event, body, services, surface, thread_ts), text=text)
        # The status and the title only dress the answer: Slack rate limiting them must not hold it up for
        # the seconds its Retry-After asks (it had, up to a minute).
        quick = services.quick_client or client
        _assistant_call(
            quick.assistant_threads_setStatus, event, status=i18n.t(lang, "slack.assistant_thinking")
        )
        answered = False
        try:
            answered = _answer_message(event, body, client, base, update, text, linked, surface)
        finally:
            if not answered:  # talk, not a question: nothing posted clears the status
                _assistant_call(quick.assistant_threads_setStatus, event, status="")
        if answered and first:
            _assistant_call(quick.assistant_threads_setTitle, event, title=_title(text))

    def _answer_message(
        event: dict, body: dict, client: WebClient, base, update, text: str, linked: Linked, surface: str
    ) -> bool:
        """Answers the message unless it reads as talk, not a question; whether it answered."""
        is_dm = _direct(event)
        thread_ts = event.get("thread_ts")
        follow_up = base is not None and not services.pipeline.is_new_question(text, base)
        # "e pra 400? e pra 800?": read whole it is no question (or a contradiction); each part is a follow-up.
        if follow_up and not services.pipeline.holds_several(text, base):
            from sizing.query import QueryError, parse

            try:
                follow, error = parse(text, base=base), None
            except QueryError as e:
                follow, error = None, e
            if (
                follow is not None
                and follow.help
                and not says_something(text)
                and (not is_dm or visible(message_text(event)))
            ):
                # ":+1:", ":pray:" under an answer, a screenshot posted in the thread with no words: a reaction or
                # talk, not a request for help (it had posted how to ask in the thread)
                return False
            if is_dm:
                # "valeu!", "ok 👍", "perfeito, vou passar pro cliente" after an answer: nothing in it to
                # size, and too short to be a question the bot failed to read.
                thanks = error is not None and error.key in ("query.nothing_understood", "query.topic_thanks")
                if thanks and len(text.split()) <= MAX_WORDS_OF_THANKS:
                    return False
            elif follow is None and not (error is not None and error.key in ASKS_BACK):
                return False  # chatter in the thread, not a question for the bot
            elif (
                follow is not None
                and len(follow.unknown) > MAX_UNKNOWN_IN_FOLLOW_UP
                and not _ends_in_a_question_for_the_bot(text, base)
            ):
                return False
        where = _where(event, body, services, surface, thread_ts)
        reply = services.pipeline.ask(
            text, where, base=base if follow_up else None, unread_link=_unread(linked)
        )
        reply = cut_noted(_files_unread(event, text, reply), *linked.read)  # a long e-mail linked, say
        _post(client, services, event, thread_ts, reply, dm_key=_dm_key(services, event), update=update)
        return True

    def on_edit(event: dict, body: dict, context) -> None:
        """An edited message the app answered is answered again, in the answer's place (chat.update): a
        polished app keeps its answer true to the question as it now reads, where answering anew would leave
        two answers and ignoring it a wrong one (https://docs.slack.dev/reference/events/message/message_changed).
        An edit of a message it did not answer, or one that changes no word (a link's preview, a file
        added, a mention of the app added, which app_mention answers), is not a new question."""
        question, before = _edited(event)
        if question is None or not _answerable(question, body, services, context):
            return
        if (
            _words(question) == _words(before)
            or services.log.answer_to(question["channel"], question["ts"]) is None
        ):
            return
        # Once per edit: Slack's retries of one have its event id, and each edit its own `edited.ts`.
        edited = question.get("edited") if isinstance(question.get("edited"), dict) else {}
        key = f"edit:{question['channel']}:{question['ts']}:{edited.get('ts') or body.get('event_id')}"
        held = _claim_keys(services, body, key, _ts(question))
        if held is None:
            return
        promise(services, held, "edit", body)
        services.after_ack.submit(then_done, services, held, answer_edit, event, body, services.client)

    def answer_edit(event: dict, body: dict, client: WebClient) -> None:
        question, before = _edited(event)
        answer_ts = services.log.answer_to(question["channel"], question["ts"]) if question else None
        if question is None or answer_ts is None:
            return  # deleted meanwhile
        if services.pipeline.reads_the_same(
            " ".join(_words(before)), " ".join(_words(question)), _base(services, question)
        ):
            return  # the answer already says what the edited question asks
        if not _direct(question) and _mentions_app(question, body):
            answer_mention(question, body, client, update=answer_ts)
        else:
            answer_message(question, body, client, _base(services, question), update=answer_ts)

    def on_delete(event: dict, body: dict) -> None:
        """A question deleted takes its answer along (chat.delete): the answer quotes what the person chose
        to remove ("Entendi: …"), and alone it answers nothing anyone can see
        (https://docs.slack.dev/reference/events/message/message_deleted)."""
        before = event.get("previous_message") if isinstance(event.get("previous_message"), dict) else {}
        now = event.get("message") if isinstance(event.get("message"), dict) else {}
        channel, deleted = event.get("channel"), event.get("deleted_ts") or now.get("ts") or before.get("ts")
        if not channel or not deleted:
            return
        answer_ts = services.log.answer_to(channel, deleted)
        if answer_ts is None:
            return  # not a question the app answered (one of its own answers, say)
        if body.get("event_id") and not services.log.claim_event(body["event_id"], body.get("event_time")):
            return
        services.after_ack.submit(delete_answer, channel, deleted, answer_ts, services.client)

    def delete_answer(channel: str, question_ts: str, answer_ts: str, client: WebClient) -> None:
        try:
            client.chat_delete(channel=channel, ts=answer_ts)
        except Exception as e:  # already gone (message_not_found), Slack down: nothing to tell anyone
            reason = e.response.get("error") if isinstance(e, SlackApiError) else type(e).__name__
            logger.warning("chat.delete of an answer failed: %s", reason)
            if reason != "message_not_found":
                return
        services.log.forget_answer(channel, question_ts)

    def on_joined(event: dict, body: dict, context) -> None:
        """Someone joined a conversation the app is in, the app itself when invited
        (https://docs.slack.dev/reference/events/member_joined_channel). A mention of an app that is not in the
        channel is not delivered to it: Slack offers its author to invite the app instead, and the question
        that led to the invitation had gone unanswered (noobot/noobot#108 met it). When the app joins, the
        inviter's mentions of it in the minutes before are answered, each once."""
        if event.get("user") != context.bot_user_id or not context.bot_user_id:
            return  # another member: nothing to answer
        at = _joined_at(event, body)
        if not event.get("channel") or at is None or not event.get("inviter"):
            return  # no one asked for it (added by an admin with the channel's settings, say)
        # Held until the history is read and its mentions claimed: a worker killed before that leaves the
        # join to the next (bot/unfinished.py), as Slack sends no acknowledged event again.
        held = _claim_keys(services, body, None, 0.0)
        if held is None:
            return
        event = {**event, "event_ts": at}  # the finisher (bot/unfinished.py) reads the join from the body
        body = {**body, "event": event, JOINED_AS: context.bot_user_id}
        promise(services, held, "join", body)
        services.after_ack.submit(then_done, services, held, answer_waiting, event, body)

    def answer_waiting(event: dict, body: dict) -> None:
        questions = _waiting_mentions(services.client, event, body[JOINED_AS])
        if isinstance(questions, str):
            return _history_unread(event, body, questions)
        for question in questions:
            if services.log.answer_to(question["channel"], question["ts"]) is not None:
                continue
            held = _claim_keys(services, {}, f"message:{question['channel']}:{question['ts']}", _ts(question))
            if held is None:
                continue  # answered already (the app had been in the channel before), or being answered
            asked = {**body, "event": question}
            promise(services, held, "mention", asked)
            then_done(services, held, answer_mention, question, asked, services.client)

    def _history_unread(event: dict, body: dict, reason: str) -> None:
        """Slack would not let the app read what led to its invitation: the inviter is told so, where only
        they see it (else in a direct message), and asked to mention it again; the request is logged as
        failed with Slack's reason, as any answer Slack did not take. Whether the invitation came with a
        question is not known then: the note says "if"."""
        inviter, channel = event["inviter"], event["channel"]
        where = _where({**event, "user": inviter}, body, services, "mention", None)
        lang = services.pipeline.lang_for(where)
        services.log.record({
            "surface": "mention", "team_id": where.team_id, "channel_id": channel,
            "channel_shared": int(where.channel_shared), "user_id": inviter,
            "user_external": int(where.user_external), "text": "[invitation]", "outcome": "failed",
            "error_key": f"slack:{reason}"[:200], "lang": lang, "event_id": body.get("event_id"),
        })  # fmt: skip
        text = i18n.t(lang, "slack.invitation_unread", channel=channel, bot=body[JOINED_AS])
        try:
            services.client.chat_postEphemeral(channel=channel, user=inviter, text=text)
            return
        except Exception as e:  # the same trouble, or the channel refusing: a direct message instead
            why = e.response.get("error") if isinstance(e, SlackApiError) else type(e).__name__
            logger.warning("chat.postEphemeral of the invitation's note failed: %s", why)
        try:
            services.client.chat_postMessage(channel=inviter, text=text)
        except Exception as e:  # Slack down for good: the row says the invitation went unanswered
            why = e.response.get("error") if isinstance(e, SlackApiError) else type(e).__name__
            logger.warning("the invitation's note could not be sent: %s", why)

    def on_thread_started(event: dict, body: dict) -> None:
        """Slack's assistant container opened a thread (https://docs.slack.dev/reference/events/assistant_thread_started):
        a short hello in the person's language, and questions to pick that the app answers."""
        thread = event.get("assistant_thread") if isinstance(event.get("assistant_thread"), dict) else {}
        channel, thread_ts = thread.get("channel_id"), thread.get("thread_ts")
        if not (channel and isinstance(channel, str) and thread_ts and isinstance(thread_ts, str)):
            return  # nowhere Slack could take a hello to
        # Held until the hello is posted: a worker killed while looking the person up (or posting) leaves it
        # to the next (bot/unfinished.py).
        held = _claim_keys(services, body, None, 0.0)
        if held is None:
            return
        services.log.save_assistant_thread(channel, thread_ts)
        promise(services, held, "greet", body)
        services.after_ack.submit(then_done, services, held, greet, body)

    def greet(body: dict) -> None:
        thread = body["event"]["assistant_thread"]
        channel, thread_ts, user = thread["channel_id"], thread["thread_ts"], thread.get("user_id")
        user = user if isinstance(user, str) else None  # a person named by anything but an id: nobody to ask
        locale = services.directory.person(user).locale if user else None
        lang = services.pipeline.lang_for(Where("dm", user_id=user or "", user_locale=locale))
        where = {"channel": channel, "thread_ts": thread_ts}
        # The prompts first, the hello last: setting the prompts again replaces them, so a worker killed
        # between the two leaves nothing that the next one's doing it all again would repeat.
        _assistant_call(
            (services.quick_client or services.client).assistant_threads_setSuggestedPrompts, where,
            title=i18n.t(lang, "slack.assistant_prompts_title"), prompts=suggested_prompts(lang),
        )  # fmt: skip
        try:
            services.client.chat_postMessage(
                channel=channel, thread_ts=thread_ts, text=i18n.t(lang, "slack.assistant_hello")
            )
        except Exception as e:  # Slack down or slow: the prompts still say how to ask
            logger.warning("the assistant's hello failed (%s)", type(e).__name__)

    def on_context_changed(event: dict, body: dict) -> None:
        """The person moved to another channel with the container open
        (https://docs.slack.dev/reference/events/assistant_thread_context_changed). Answers do not depend on
        the channel being viewed: they go to the person alone, in the container's thread. The event names
        that thread, which is the container's even when its assistant_thread_started never reached the app
        (dropped while Slack rate limited it, sent during an outage): its questions had been answered as a
        plain DM thread's, no "thinking" status and no title, when they came without their own mark."""
        thread = event.get("assistant_thread") if isinstance(event.get("assistant_thread"), dict) else {}
        channel, thread_ts = thread.get("channel_id"), thread.get("thread_ts")
        named = isinstance(channel, str) and isinstance(thread_ts, str) and channel and thread_ts
        if named and not services.log.is_assistant_thread(channel, thread_ts):
            services.log.save_assistant_thread(channel, thread_ts)

    app.event("app_mention")(on_mention)
    app.event("message")(on_message)
    app.event("assistant_thread_started")(on_thread_started)
    app.event("assistant_thread_context_changed")(on_context_changed)
    app.event("member_joined_channel")(on_joined)
    services.finishers["edit"] = lambda body: answer_edit(body["event"], body, services.client)
    services.finishers["join"] = lambda body: answer_waiting(body["event"], body)
    services.finishers["greet"] = greet
    # A worker that died before answering leaves the body with its claim; another answers it (bot/unfinished.py).
    services.finishers["mention"] = lambda body: answer_mention(body["event"], body, services.client)
    services.finishers["message"] = lambda body: answer_message(
        body["event"], body, services.client, _base(services, body["event"])
    )


def _base(services, event: dict) -> Workload | None:
    """What the bot last answered where this message was written: its thread, or the direct message (a
    direct message remembers its last answer, in a thread of it too: "e com 32k?" replied to the question
    or to the answer)."""
    base = _thread_base(services, event["channel"], event.get("thread_ts"))
    if base is None and _dm_key(services, event):
        base = _thread_base(services, event["channel"], event["channel"])
    return base


# What a mention in someone else's thread says when it leaves the thread's question to the bot: nothing
# at all, words with nothing to size ("pode ajudar aqui?"), or a change with no model ("e em 8 bits?").
LEAVES_THE_QUESTION = ("query.nothing_understood", "query.no_model")


# A message's last sentence, after the talk before it ("Conversei com o cliente... Então e se forem 200 usuários?").
_LAST_SENTENCE = re.compile(r"[^.!?\n]+[?]\s*$")


def _ends_in_a_question_for_the_bot(text: str, base: Workload) -> bool:
    """Whether a long message in the thread ends in a question the bot reads whole: a change to the thread's
    answer with no word left unread. Talk before it had left the question unanswered, read as people talking
    to each other."""
    from sizing.query import QueryError, parse

    last = _LAST_SENTENCE.search(text)
    if last is None or last.start() == 0:
        return False
    try:
        query = parse(last.group(0), base=base)
    except QueryError:
        return False
    return query.workload is not None and not query.unknown


def _with_thread_question(
    client: WebClient, services, event: dict, text: str, app_user: str | None = None
) -> tuple[str, Workload | None, dict | None]:
    """The text to answer, the workload it changes, and the thread's message whose words were taken (None
    when the mention's own are answered), for a mention in a thread the bot did not answer.
    A mention with a question of its own is that question; one that leaves it to the bot answers the
    thread's latest question before it (conversations.replies,
    https://docs.slack.dev/reference/methods/conversations.replies), changed by the mention's words when they
    change something. Slack slow or refusing: the mention alone."""
    from sizing.query import QueryError, parse

    try:
        parse(text)
        key = "" if text.strip() else "query.nothing_understood"  # a mention alone would get the help
    except QueryError as e:
        key = e.key
    if key not in LEAVES_THE_QUESTION:
        return text, None, None
    question, asked, message = _thread_question(client, event, app_user)
    if not question:
        return text, None, None
    if key == "query.no_model" and asked is not None:
        return text, asked, message
    return question, None, message


# How far back a mention looks for the question it leaves to the bot: a thread's last messages (most threads
# are short; a long one's question is rarely further back, and each message read is parsed).
THREAD_LOOKBACK = 20


def _thread_question(
    client: WebClient, event: dict, app_user: str | None = None
) -> tuple[str, Workload | None, dict | None]:
    """The newest message before the mention that names a model to size (a customer's question may come in
    a reply: "segue o que precisamos: llama 70b, 40 pessoas"), else the thread's first message; with the
    workload it reads as, when it reads as one, and that message. A first message of this app's own (a lead card) is read by
    its `text`, which sums up what was sized: its blocks hold the card's status, owner and recommendation,
    which would read as GPUs asked for."""
    from sizing.query import QueryError, parse

    try:
        answer = client.conversations_replies(
            channel=event["channel"], ts=event["thread_ts"], limit=THREAD_LOOKBACK, inclusive=True
        )
    except Exception as e:  # not a member, no history scope, rate limited past retries, timed out
        logger.warning(
            "conversations.replies failed: %s",
            e.response.get("error") if isinstance(e, SlackApiError) else type(e).__name__,
        )
        return "", None, None
    messages = [m for m in answer.get("messages") or [] if isinstance(m, dict)]
    before = [m for m in messages if _ts(m) < _ts(event) and not m.get("bot_id")]
    first = next((m for m in messages if m.get("ts") == event["thread_ts"]), None)
    for message in reversed(before):
        said = plain(message_text(message))
        try:
            workload = parse(said).workload
        except QueryError:
            continue
        if workload is not None and workload.model:
            return said, workload, message
    if first is None:
        return "", None, None
    if app_user and first.get("user") == app_user:
        first = {"text": first.get("text")}
    return plain(message_text(first)), None, first


# How far back a join looks for the mention that led to it (Slack offers the invitation as the mention is
# sent), and how many such mentions it answers at most.
JOIN_LOOKBACK_S = 600
MAX_WAITING_MENTIONS = 3
# How many of the channel's latest messages before the join are read for them.
JOIN_HISTORY = 20


def _joined_at(join: dict, body: dict) -> str | None:
    """When the app joined, as a ts: the event's event_ts, else the envelope's event_time (whole seconds, so
    up to the next one). Slack's own member_joined_channel example has no event_ts
    (https://docs.slack.dev/reference/events/member_joined_channel), and its examples write some without
    the dot ("1515449522000016", app_mention's): the join had been taken as asked by no one, and the mention
    that led to it left unanswered."""
    stamp = join.get("event_ts")
    if isinstance(stamp, str) and re.fullmatch(r"\d{16}", stamp):
        stamp = f"{stamp[:10]}.{stamp[10:]}"
    for value, resolution in ((stamp, 0), (body.get("event_time"), 1)):
        try:
            at = float(value) + resolution
        except (TypeError, ValueError):
            continue
        if 0 < at < MAX_TS:
            return f"{at:.6f}"
    return None


# A Slack ts is seconds since 1970: one past this (the year 5138) is not one.
MAX_TS = 1e11


# Where a join's promised work keeps the app's own user id (the event's context is not kept with it).
JOINED_AS = "gpu_sizer_bot_user"


def _waiting_mentions(client: WebClient, join: dict, bot_user: str) -> list[dict] | str:
    """The inviter's messages that mention the app in the minutes before it joined (`join`, a
    member_joined_channel event), oldest first, as mentions of that channel (conversations.history,
    https://docs.slack.dev/reference/methods/conversations.history: a conversation's own messages, not the
    replies in its threads); or why Slack would not say (its error, or the exception's name)."""
    joined = _ts({"ts": join.get("event_ts")})
    try:
        answer = client.conversations_history(
            channel=join["channel"], latest=join["event_ts"], oldest=f"{joined - JOIN_LOOKBACK_S:.6f}",
            limit=JOIN_HISTORY,
        )  # fmt: skip
    except Exception as e:  # no history scope, rate limited past retries, timed out
        reason = str(e.response.get("error")) if isinstance(e, SlackApiError) else type(e).__name__
        logger.warning("conversations.history failed: %s", reason)
        return reason
    messages = answer.get("messages") or []
    if not isinstance(messages, list):
        return "history_unreadable"  # a garbled answer says nothing of what was asked: not "nothing"
    mention = re.compile(rf"<@{re.escape(bot_user)}[>|]")
    waiting = [
        {**message, "type": "app_mention", "channel": join["channel"]}
        for message in messages
        if isinstance(message, dict)
        and _slack_ts(message.get("ts")) is not None
        and message.get("user") == join["inviter"]
        and not message.get("bot_id")
        and _a_question(message)
        and mention.search(message_text(message, forwarded=False))
    ]
    return sorted(waiting, key=_ts)[-MAX_WAITING_MENTIONS:]


def _with_linked_messages(client: WebClient, event: dict, ours: frozenset[str]) -> tuple[str, Linked]:
    """What a message says, followed by the words of the Slack messages it links to (bot/slack_client.py,
    read_links), unless it carries another message's words already (forwarded, or its link unfurled); and
    what the links held. `ours`: this app's ids, which tell its answers from other bots' posts."""
    said = message_text(event)
    if carries_forwarded(event):
        return said, Linked()
    linked = read_links(client, event.get("channel"), message_text(event, False), ours)
    return "\n".join(filter(None, (said, *linked.words))), linked


def _files_unread(event: dict, text: str, reply):
    """The reply to a message that came with files and no words to size (a screenshot of a model's page, a
    PDF, a config.json sent as a file: https://docs.slack.dev/reference/events/message/file_share), or with
    only links to files or canvases in Slack, led by a line saying the app reads only text: how to ask alone
    had read as if the file were not there. The app holds no files:read scope, and an image has no words it
    could read anyway."""
    reply = cut_noted(reply, event)
    if says_something(text) or reply.workload is not None:
        return reply  # the usual case, decided before the message is read again for links
    files = event.get("files")
    attached = isinstance(files, list) and bool(files)
    return files_unread(reply, text, attached or linked_files(message_text(event, forwarded=False)))


def cut_noted(reply, *messages: dict | None):
    """`reply` led by what of the `messages`' files was not read, each note once: a snippet longer than what
    Slack sends of it, an e-mail longer than what is read of it (bot/slacktext.py cut_notes)."""
    notes = dict.fromkeys(note for m in messages if m for note in cut_notes(m, reply.lang))
    for note in notes:
        reply = dataclasses.replace(reply, message=led_by(note, reply.message))
    return reply


def files_unread(reply, text: str, files: bool):
    """`reply` led by "Não leio arquivos…" when the question came with `files` and no words to size."""
    if not files or says_something(text) or reply.workload is not None:
        return reply
    return dataclasses.replace(
        reply, message=led_by(i18n.t(reply.lang, "slack.files_not_read"), reply.message)
    )


def _unread(linked: Linked) -> str | None:
    """Why the message's link could not be read, when none was: what its answer says if the words beside
    the link ask nothing of their own (bot/pipeline.py)."""
    return linked.unread[0] if linked.unread and not linked.words and not linked.answers else None


def _ts(message: dict) -> float:
    try:
        return float(message.get("ts") or 0)
    except (TypeError, ValueError):
        return 0.0


def _answerable(event: dict, body: dict, services, context) -> bool:
    """People are answered; a bot or an app only when GPU_SIZER_ANSWER_BOTS names it (two bots answering
    each other would never stop), and never this app. A message an app posted on someone's behalf (with a
    user token) carries the app's app_id (https://docs.slack.dev/reference/events/message): it counts as
    the app's. An event without its channel or timestamp (nothing to answer in) is not answerable either."""
    if not isinstance(event.get("channel"), str) or not isinstance(event.get("ts"), str):
        return False
    if not event.get("channel") or not event.get("ts") or not isinstance(event.get("user"), str | None):
        return False  # and one whose author is not an id (a list, an object) is nobody's to answer
    profile = event.get("bot_profile") if isinstance(event.get("bot_profile"), dict) else {}
    bot = event.get("bot_id") or profile.get("id")
    app = event.get("app_id") or profile.get("app_id")
    if (bot and bot == context.bot_id) or (app and app == body.get("api_app_id")):
        return False  # this app's own posts
    if not bot and not app and event.get("subtype") != "bot_message":
        return bool(event.get("user")) and event.get("user") != context.bot_user_id
    return any(i and i in services.settings.answer_bots for i in (bot, app))


def _claim_once(event: dict, body: dict, services) -> list[tuple[str, float]] | None:
    """Claims a message for answering, or None when it is answered (or being answered) already: Slack
    re-delivers an event it thinks we missed (its event id), and editing a message that mentions the app
    sends app_mention again with a new event id and an `edited` field
    (https://docs.slack.dev/reference/events/app_mention), so a message is also claimed by its own
    timestamp, the same in every edit (then an edit that adds the mention is answered, a typo fixed is
    not). The claims, with the time each is filed under, are held until the answer is posted
    (bot/unfinished.py): a retry after this worker died before answering is answered by another."""
    ts = _slack_ts(event.get("ts"))
    if ts is None:
        return _claim_keys(services, body, None, 0.0)
    return _claim_keys(services, body, f"message:{event['channel']}:{event['ts']}", ts)


# A Slack timestamp: seconds, a dot and microseconds ("1700000000.000100"), as every message's ts is.
SLACK_TS = re.compile(r"\d{1,11}(?:\.\d{1,6})?")


def _slack_ts(value: object) -> float | None:
    """`value` as seconds when it is a Slack timestamp, else None: "nan", "inf" or "1e308" read as floats
    too, and a claim filed under one failed (the message then went unclaimed: a retry answered again)."""
    if not isinstance(value, str) or not SLACK_TS.fullmatch(value):
        return None
    seconds = float(value)
    return seconds if 0 < seconds < MAX_TS else None


def _where(event: dict, body: dict, services, surface: str, thread_ts: str | None) -> Where:
    seen = services.directory.lookup(event.get("user"), event.get("channel"), ANSWER_BUDGET_S)
    person = seen.person
    # Slack says so in the envelope when the channel is shared; either source saying "shared" wins.
    shared = bool(body.get("is_ext_shared_channel")) or seen.channel_shared
    team = _workspace(body)
    # A workspace of the author's other than the one the event came for is another organisation's (or,
    # unknown which workspace that is, counts as one), unless Slack said this person is ours and in that
    # very workspace: another workspace of our Enterprise Grid (users.info's enterprise_user).
    if for_the_whole_organisation(body):
        # The envelope names where it happened, not which of our workspaces it came for: the person's
        # workspace must be one Slack said is ours.
        other_team = outside_the_organisation(services.directory, person, users_workspace(event))
    else:
        other_team = from_another_team(person, users_workspace(event), team)
    return Where(
        surface=surface,
        user_id=event.get("user") or event.get("bot_id") or "",
        team_id=team,
        channel_id=event.get("channel"),
        channel_shared=bool(shared),
        user_external=person.external or other_team,
        user_locale=person.locale,
        event_id=body.get("event_id"),
        thread_ts=thread_ts,
    )


def _workspace(body: dict) -> str | None:
    """The workspace an event was sent for: the installation its authorizations name
    (https://docs.slack.dev/apis/events-api, "authorizations"). In a Slack Connect channel the envelope's
    team_id (and enterprise_id) name the workspace the event came from, the other organisation's for its
    people's messages (bolt-python's tests/scenario_tests/test_events_shared_channels.py): read first, it
    had filed a customer's question under the customer's workspace, and taken that workspace for the one
    the event came for. An organisation-wide install's authorization may name no workspace: then the
    envelope's team_id, else context_team_id (the org-wide apps reference)."""
    authorizations = body.get("authorizations")
    first = authorizations[0] if isinstance(authorizations, list) and authorizations else {}
    installed = first.get("team_id") if isinstance(first, dict) else None
    return installed or body.get("team_id") or body.get("context_team_id")


def _thread_base(services, channel: str, thread_ts: str | None) -> Workload | None:
    if not thread_ts:
        return None
    saved = services.log.load_thread(channel, thread_ts)
    if not saved:
        return None
    workload, _lang = saved
    try:
        return Workload.given(workload)
    except ValueError:
        return None


def _post(
    client: WebClient,
    services,
    question: dict,
    thread_ts: str | None,
    reply,
    dm_key: str | None = None,
    update: str | None = None,
) -> None:
    """Posts the reply to `question` (an event), or puts it in place of the answer at `update`."""
    channel = question["channel"]
    if reply.follow_from is not None:
        # Remember what this thread (or DM) is about before answering: a follow-up typed the moment the
        # answer appears must find it.
        data = reply.follow_from.non_defaults()
        if thread_ts:
            services.log.save_thread(channel, thread_ts, data, reply.lang)
        if dm_key:
            services.log.save_thread(channel, dm_key, data, reply.lang)
    method = "chat.update" if update else "chat.postMessage"
    try:
        if update:
            posted = client.chat_update(channel=channel, ts=update, **reply.message.kwargs())
        else:
            posted = client.chat_postMessage(channel=channel, thread_ts=thread_ts, **reply.message.kwargs())
        if posted.get("ts"):
            services.log.save_answer(channel, question["ts"], posted["ts"])
        if reply.follow_from is not None and posted.get("ts"):
            # under the answer's own ts too: a link to it ("e com 4 h100? <link>") follows up this answer,
            # not the thread's last (bot/slack_client.py answered_base)
            services.log.save_thread(channel, posted["ts"], reply.follow_from.non_defaults(), reply.lang)
    except Exception as e:  # Slack's API down, rate limited past its retries, or too slow
        reason = e.response.get("error") if isinstance(e, SlackApiError) else type(e).__name__
        logger.warning("%s failed: %s", method, reason)
        for key in reply.request_keys:
            services.log.mark_failed(key, f"slack:{reason}")


def _dm_key(services, event: dict) -> str | None:
    """Where a direct message keeps its last answer for the next message, outside any thread: not in Slack's
    assistant container, where each thread is a conversation of its own."""
    if not _direct(event) or services.log.is_assistant_thread(event["channel"], event.get("thread_ts")):
        return None
    return event["channel"]


def _tombstoned(event: dict) -> bool:
    """Whether the event says a message was deleted while replies kept its thread: a question the app
    answered in its thread is such a thread's root, and Slack sends its deletion as message_changed to a
    `tombstone` ("This message was deleted.", kept while the thread has replies), not as message_deleted
    (https://docs.slack.dev/reference/events/message/message_changed carries the message as it now is)."""
    now = event.get("message") if isinstance(event.get("message"), dict) else {}
    return event.get("subtype") == "message_changed" and now.get("subtype") == "tombstone"


def _edited(event: dict) -> tuple[dict | None, dict]:
    """The message as edited, as a message event of its channel, and the message before the edit
    (message_changed, https://docs.slack.dev/reference/events/message/message_changed)."""
    edited = event.get("message") if isinstance(event.get("message"), dict) else {}
    before = event.get("previous_message") if isinstance(event.get("previous_message"), dict) else {}
    # An edit keeps the message's ts and thread: where the edited message lacks them (bolt-python's
    # tests/scenario_tests/test_message_changed.py sends it without its ts), the message before says them.
    # The edit had been ignored, its answer left answering the question as first asked.
    placed = {
        k: edited.get(k) or before.get(k) for k in ("ts", "thread_ts") if edited.get(k) or before.get(k)
    }
    if not placed.get("ts") or not event.get("channel") or edited.get("subtype") not in QUESTION_SUBTYPES:
        return None, before
    return {
        **edited,
        **placed,
        "channel": event["channel"],
        "channel_type": event.get("channel_type"),
    }, before


def _words(message: dict) -> list[str]:
    """What a message's author typed, as the app reads it: mentions, markup and spacing aside. Not what Slack
    attaches to it: a link to a Slack message is unfurled after it is posted, in a hidden message_changed
    whose message gains the linked message as an is_msg_unfurl attachment and no `edited`
    (getsentry/junior#416 met the same late attachments). Read as the question's words, that unfurl had been
    taken for an edit, and the answer (which had read the linked message already) redrawn and logged twice.
    A forwarded message's words cannot be edited either."""
    return plain(message_text(message, forwarded=False)).split()


def _app_user(body: dict) -> str | None:
    """This app's bot user: the user the envelope's authorizations name
    (https://docs.slack.dev/apis/events-api, "authorizations")."""
    authorizations = body.get("authorizations")
    first = authorizations[0] if isinstance(authorizations, list) and authorizations else {}
    bot = first.get("user_id") if isinstance(first, dict) else None
    return bot if isinstance(bot, str) and bot else None


def _ours(body: dict) -> frozenset[str]:
    """This app's ids as the event's envelope names them: its app (api_app_id) and its bot user, which
    every post of its carries (bot_profile.app_id, user)."""
    return frozenset(i for i in (body.get("api_app_id"), _app_user(body)) if isinstance(i, str) and i)


def _mentions_app(message: dict, body: dict) -> bool:
    """Whether the message (as its author typed it) mentions this app."""
    bot = _app_user(body)
    return (
        bool(bot)
        and re.search(rf"<@{re.escape(bot)}[>|]", message_text(message, forwarded=False)) is not None
    )


def _claim_keys(services, body: dict, key: str | None, at: float) -> list[tuple[str, float]] | None:
    """Claims the event's id and `key` (what makes it once: a message, an edit), held until answered; None
    when either was claimed already."""
    held: list[tuple[str, float]] = []
    event_id = body.get("event_id")
    if event_id:
        when = body.get("event_time")
        if not services.log.claim_event(event_id, when, until_done=True):
            return None
        held.append((event_id, when))
    if key is None:
        return held
    if not services.log.claim_event(key, at, until_done=True):
        for done, _ in held:  # this delivery will not be answered: nothing left to promise
            services.log.event_done(done)
        return None
    return [*held, (key, at)]


def _assistant_call(method, where: dict, **params) -> None:
    """An assistant.threads method for the thread of `where` (an event of it); its failure costs the person
    nothing but the status, title or prompts (the container off for this app, Slack slow)."""
    try:
        method(channel_id=where["channel"], thread_ts=where["thread_ts"], **params)
    except Exception as e:
        reason = e.response.get("error") if isinstance(e, SlackApiError) else type(e).__name__
        logger.warning("assistant.threads call failed: %s", reason)


# How much of a first question names its assistant thread: Slack's list of threads shows about this much.
TITLE_CHARS = 60


def _title(text: str) -> str:
    words = " ".join(text.split())
    return words if len(words) <= TITLE_CHARS else words[: TITLE_CHARS - 1].rstrip() + "…"


# At most four prompts (https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts).
MAX_PROMPTS = 4


def suggested_prompts(lang: str) -> list[dict[str, str]]:
    """The questions offered when an assistant thread opens (slack.assistant_prompts: "title | question"
    lines, in the messages files)."""
    prompts = []
    for line in i18n.t(lang, "slack.assistant_prompts").splitlines():
        title, _, question = line.partition("|")
        if title.strip() and question.strip():
            prompts.append({"title": title.strip(), "message": question.strip()})
    return prompts[:MAX_PROMPTS]
