"""Requests shaped as Slack documents them, seventh round: a /gpu (or the form's free field) that holds
nothing but emoji or mentions, messages from the App Home's Messages tab (message.app_home), questions marked
as typed in an assistant thread, edits and joins written as Slack's own examples write them, menus asking
for options, links to files, canvases and web-client threads, and block quotes. Signed requests into the real
app on loopback, FakeSlack for the Web API, a real SQLite request log."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest

from . import slack_requests as sr
from .slack_harness import ephemeral, text_of
from .test_slack_formats_round2 import _CUSTOMER, _linking
from .test_slack_formats_round3 import WAIT, _quiet, _said

# -- A command with nothing to size ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [":rocket:", ":eyes: :fire:", ":+1::skin-tone-2:", "🚀🔥", "<@U0702|ana>", "<@U0702|ana> :eyes:",
     "<#C0702|geral>", "<!here>", "<!subteam^S0702|@vendas>", "\u200b:pray:\u200b", "/gpu", "/gpu :rocket:"],
)  # fmt: skip
def test_a_command_of_only_emoji_or_mentions_opens_the_form_as_a_bare_one(slack, text):
    # With should_escape (the manifests), Slack sends a mention as <@U…|name>, a channel as <#C…|name>
    # (https://docs.slack.dev/interactivity/implementing-slash-commands): none of it is a question, nor is an
    # emoji. It had been answered "Como perguntar", and logged as a question of blanks.
    assert slack.command(text, trigger_id="1700070000.0702.trigger") == {}
    [opened] = slack.fake.wait_for("views.open", timeout=WAIT)
    _quiet(slack)
    assert opened.params["trigger_id"] == "1700070000.0702.trigger"
    assert opened.params["view"]["callback_id"] == "gpu_form"
    assert slack.rows() == [] and slack.fake.calls("response_url") == []


@pytest.mark.parametrize("text", ["?", ":rocket: ajuda", "<@U0703|ana> help"])
def test_a_command_that_asks_for_help_beside_emoji_or_mentions_still_gets_how_to_ask(slack, text):
    reply = slack.command(text)
    assert "Como perguntar" in _said(_Call(reply)) or "How to ask" in _said(_Call(reply))
    assert slack.fake.calls("views.open") == []
    assert [r["outcome"] for r in slack.rows()] == ["needs_input"]


def test_a_command_of_emoji_whose_form_slack_will_not_open_says_how_to_ask(slack):
    slack.fake.fail("views.open", status=200, body={"ok": False, "error": "expired_trigger_id"})
    slack.command(":rocket:", response_url=slack.fake.response_url("emoji"))
    [told] = slack.fake.wait_for("response_url", timeout=WAIT)
    _quiet(slack)
    assert "Como perguntar" in _said(told)
    assert [(r["outcome"], r["text"], r["error_key"]) for r in slack.rows()] == [
        ("failed", "[form]", "slack:expired_trigger_id")
    ]


@pytest.mark.parametrize("typed", [":rocket:", ":thinking_face: :thinking_face:", "🤔", "  :pray:  "])
def test_a_form_whose_free_field_holds_only_emoji_is_told_to_name_a_model_on_the_field(slack, typed):
    # A plain_text_input's value is what was typed (https://docs.slack.dev/reference/block-kit/block-elements/plain-text-input-element):
    # an emoji picked in it comes as its :code:. It had been answered "Não conheço o modelo “:rocket:”",
    # suggesting "/gpu :rocket: 32b".
    status, _, body = slack.send(sr.view_submission("gpu_form", {"size": {"size": typed}}, user_id="U0704"))
    assert status == 200
    told = json.loads(body)
    assert told["response_action"] == "errors" and list(told["errors"]) == ["model"]
    _quiet(slack)
    assert slack.fake.calls("chat.postMessage") == [] and slack.rows() == []


def test_a_form_whose_free_field_has_words_beside_emoji_is_answered(slack):
    status, _, body = slack.send(
        sr.view_submission("gpu_form", {"size": {"size": "llama 3.1 8b :rocket:"}}, user_id="U0705")
    )
    assert status == 200 and body == ""
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 8B" in _said(answer)


class _Call:
    """An acknowledgement's JSON, read as a call the fake recorded."""

    def __init__(self, params: dict) -> None:
        self.params = params


# -- The App Home's Messages tab as message.app_home ----------------------------------------------------


def _home(text: str, ts: str, user: str = "U0710") -> dict:
    # https://docs.slack.dev/reference/events/message.app_home: a message event with a D channel and
    # channel_type "app_home", otherwise as a direct message (the 2018-05 changelog: "look exactly like the
    # direct messages they were delivered as").
    return sr.message(text, user=user, channel=f"D{user}", channel_type="app_home", ts=ts)


def _changed(channel: str, channel_type: str, before: dict, after_text: str, at: str) -> dict:
    # https://docs.slack.dev/reference/events/message/message_changed
    strip = ("channel", "channel_type")
    after = {
        **before,
        "text": after_text,
        "blocks": sr._rich_text(after_text),
        "edited": {"user": before["user"], "ts": at},
    }
    return {"type": "message", "subtype": "message_changed", "hidden": True, "channel": channel,
            "channel_type": channel_type, "ts": at, "event_ts": at,
            "message": {k: v for k, v in after.items() if k not in strip},
            "previous_message": {k: v for k, v in before.items() if k not in strip}}  # fmt: skip


@pytest.mark.parametrize(
    ("user", "said"), [("U0710", "Llama 3.1 8B"), ("UEN0710", "Llama 3.1 8B")], ids=["pt", "en"]
)
def test_a_message_from_the_app_homes_messages_tab_is_answered_as_a_direct_message(slack, user, said):
    asked = _home("llama 3.1 8b 16bit", "1700071000.000100", user)
    assert slack.event(asked, "EvW10" + user) == 200
    slack.event(asked, "EvW10" + user, retry=1)  # Slack's retry: one answer
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # It had been left unanswered: read as a channel message outside any thread the app answered.
    assert answer.params["channel"] == f"D{user}" and said in _said(answer)
    assert "thread_ts" not in answer.params or answer.params["thread_ts"] is None
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert [(r["surface"], r["outcome"]) for r in slack.rows()] == [("dm", "answered")]


def test_the_app_homes_messages_follow_up_edit_and_delete_as_a_direct_message_does(slack):
    asked = _home("llama 3.1 8b 16bit", "1700071100.000100")
    slack.event(asked, "EvW11")
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    follow = _home("e em 8 bits?", "1700071110.000100")
    slack.event(follow, "EvW12")
    [_, second] = slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 8B" in _said(second) and "FP8" in _said(second)
    slack.event(_changed("DU0710", "app_home", asked, "qwen3 32b fp8", "1700071120.000000"), "EvW13")
    [updated] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    assert "Qwen3 32B" in _said(updated)
    deleted = {"type": "message", "subtype": "message_deleted", "hidden": True, "channel": "DU0710",
               "channel_type": "app_home", "ts": "1700071130.000100", "event_ts": "1700071130.000100",
               "deleted_ts": follow["ts"], "previous_message": {k: follow[k] for k in ("type", "user", "text", "ts")}}  # fmt: skip
    slack.event(deleted, "EvW14")
    [gone] = slack.fake.wait_for("chat.delete", timeout=WAIT)
    _quiet(slack)
    assert gone.params["channel"] == "DU0710"
    assert [(r["surface"], r["text"]) for r in slack.rows()] == [
        ("dm", "llama 3.1 8b 16bit"),
        ("dm", "e em 8 bits?"),
        ("edit", "qwen3 32b fp8"),
    ]


def test_a_thanks_in_the_app_homes_messages_after_an_answer_gets_nothing_back(slack):
    slack.event(_home("llama 3.1 8b 16bit", "1700071200.000100"), "EvW15")
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    slack.event(_home("valeu!", "1700071210.000100"), "EvW16")
    _quiet(slack)
    assert len(slack.fake.calls("chat.postMessage")) == 1


# -- An assistant thread the app heard of only from its messages ---------------------------------------


def _in_assistant(text: str, ts: str, thread_ts: str, user: str = "U0720") -> dict:
    # A question typed in the container as bolt-python's tests/scenario_tests/test_events_assistant.py has
    # it: message.im in the thread, marked with an `assistant_thread` object (here its action_token).
    asked = sr.message(text, user=user, channel=f"D{user}", channel_type="im", ts=ts, thread_ts=thread_ts)
    return {
        **asked,
        "parent_user_id": user,
        "assistant_thread": {"action_token": "10647138185092.960436384805.afce"},
    }


def _assistant_calls(slack) -> list[str]:
    return [c.method for c in slack.fake.calls() if c.method.startswith(("assistant.", "chat."))]


def test_a_question_marked_as_in_an_assistant_thread_shows_the_app_thinking_without_the_threads_start(slack):
    # No assistant_thread_started reached the app (dropped while it was rate limited, or the thread opened
    # before it subscribed): the message itself says where it was typed.
    thread = "1700072000.000100"
    slack.event(_in_assistant("qwen2.5 7b 16bit pra 10 usuários", "1700072001.000100", thread), "EvW20")
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    # It had been answered as a plain DM thread: no "está pensando…", the thread left unnamed.
    assert _assistant_calls(slack) == [
        "assistant.threads.setStatus",
        "chat.postMessage",
        "assistant.threads.setTitle",
    ]
    assert answer.params["thread_ts"] == thread and "Qwen2.5 7B" in _said(answer)
    [title] = slack.fake.calls("assistant.threads.setTitle")
    assert title.params["title"] == "qwen2.5 7b 16bit pra 10 usuários"


def test_a_question_marked_as_in_an_assistant_thread_does_not_follow_up_the_direct_messages_answer(slack):
    # A question in the DM itself first: the DM remembers its answer for the next message outside the container.
    slack.event(sr.message("llama 3.1 70b 4bit", user="U0721", channel="DU0721", channel_type="im",
                           ts="1700072100.000100"), "EvW21")  # fmt: skip
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    slack.event(
        _in_assistant("e com 32k de contexto?", "1700072120.000100", "1700072110.000100", "U0721"), "EvW22"
    )
    [_, reply] = slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    _quiet(slack)
    # Each container thread is a conversation of its own: it had sized the DM's 70B again, with 32k.
    assert "Llama 3.1 70B" not in _said(reply) and reply.params["thread_ts"] == "1700072110.000100"
    assert [r["outcome"] for r in slack.rows()] == ["answered", "needs_input"]


# -- An edit whose message comes without its ts -----------------------------------------------------------


@pytest.mark.parametrize("channel_type", ["im", "channel"])
def test_an_edit_whose_message_comes_without_its_ts_updates_the_answer(slack, channel_type):
    # bolt-python's tests/scenario_tests/test_message_changed.py: the edited `message` carries no ts (nor
    # thread_ts), `previous_message` does. The edit had been dropped, the answer left answering the old question.
    channel = "DU0740" if channel_type == "im" else "C0740"
    if channel_type == "im":
        asked = sr.message(
            "llama 3.1 8b 16bit", user="U0740", channel=channel, channel_type="im", ts="1700074000.000100"
        )
        slack.event(asked, "EvW40")
    else:
        asked = sr.message(
            "<@UBOT> llama 3.1 8b 16bit", user="U0740", channel=channel, ts="1700074000.000100"
        )
        slack.event(sr.app_mention(asked["text"], user="U0740", channel=channel, ts=asked["ts"]), "EvW40")
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    changed = _changed(
        channel,
        channel_type,
        asked,
        asked["text"].replace("llama 3.1 8b 16bit", "qwen3 32b fp8"),
        "1700074010.000000",
    )
    changed["message"].pop("ts")
    assert slack.event(changed, "EvW41") == 200
    [updated] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    assert "Qwen3 32B" in _said(updated) and len(slack.fake.calls("chat.postMessage")) == 1
    assert [(r["surface"], r["text"].strip()) for r in slack.rows()][-1] == ("edit", "qwen3 32b fp8")


# -- The app's joining as Slack's own example writes it --------------------------------------------------


@pytest.mark.parametrize(
    ("event_ts", "latest"),
    [(None, "1700075011.000000"), ("1700075010000100", "1700075010.000100")],
    ids=["no_event_ts", "event_ts_without_its_dot"],
)
def test_the_mention_that_led_to_the_apps_invitation_is_answered_whatever_its_join_says_of_the_time(
    slack, event_ts, latest
):
    # https://docs.slack.dev/reference/events/member_joined_channel: the example has no event_ts (the
    # envelope's event_time says when, in whole seconds); app_mention's writes it without the dot. The join
    # had been taken as asked by no one, and the mention that led to it left unanswered.
    asked = sr.message("<@UBOT> llama 3.1 8b 16bit", user="U0750", channel="C0750", ts="1700075000.000100")
    slack.fake.reply("conversations.history", {"messages": [
        {k: v for k, v in asked.items() if k not in ("channel", "channel_type", "event_ts")}
    ]})  # fmt: skip
    joined = {"type": "member_joined_channel", "user": "UBOT", "channel": "C0750", "channel_type": "C",
              "team": "T0001", "inviter": "U0750", "enterprise": "E0001"}  # fmt: skip
    if event_ts:
        joined["event_ts"] = event_ts
    assert slack.event(joined, "EvW50", event_time=1700075010) == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    [read] = slack.fake.calls("conversations.history")
    assert read.params["latest"] == latest and float(read.params["oldest"]) < 1700075000.0001
    assert answer.params["thread_ts"] == "1700075000.000100" and "Llama 3.1 8B" in _said(answer)


def test_a_follow_up_edited_as_slacks_own_example_writes_the_edit_keeps_its_direct_message(slack):
    # https://docs.slack.dev/reference/events/message/message_changed: the example says neither the
    # channel_type nor the message before. A direct message's channel is a D one: a follow-up edited there
    # had been read as in no conversation, its model lost ("Qual modelo?").
    slack.event(sr.message("llama 3.1 8b 16bit", user="U0760", channel="DU0760", channel_type="im",
                           ts="1700076000.000100"), "EvW60")  # fmt: skip
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    slack.event(sr.message("e em 8 bits?", user="U0760", channel="DU0760", channel_type="im",
                           ts="1700076010.000100"), "EvW61")  # fmt: skip
    slack.fake.wait_for("chat.postMessage", count=2, timeout=WAIT)
    _quiet(slack)
    edit = {"type": "message", "subtype": "message_changed", "hidden": True, "channel": "DU0760",
            "ts": "1700076020.000001", "message": {"type": "message", "user": "U0760", "text": "e em 4 bits?",
            "ts": "1700076010.000100", "edited": {"user": "U0760", "ts": "1700076020.000001"}}}  # fmt: skip
    assert slack.event(edit, "EvW62") == 200
    [updated] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 8B" in _said(updated) and "INT4" in _said(updated)
    assert [r["outcome"] for r in slack.rows()][-1] == "answered"


# -- A menu that asks the app for its options ------------------------------------------------------------


@pytest.mark.parametrize("container", [{"type": "view", "view_id": "V0770"}, ephemeral("C0770")])
def test_a_menu_asking_the_app_for_its_options_gets_an_empty_list(slack, container, caplog):
    # https://docs.slack.dev/reference/interaction-payloads/block_suggestion-payload: Slack reads the options
    # from the response's JSON. The app's own menus list theirs; one that asks had been answered with an
    # empty body, which is no list.
    asked = {"type": "block_suggestion", "user": {"id": "U0770", "username": "u0770", "team_id": "T0001"},
             "container": container, "api_app_id": sr.APP_ID, "token": sr.VERIFICATION_TOKEN,
             "action_id": "model", "block_id": "model", "value": "llam",
             "team": {"id": "T0001", "domain": sr.TEAM_DOMAIN}, "enterprise": None, "is_enterprise_install": False}  # fmt: skip
    if container["type"] == "view":
        asked["view"] = {"id": "V0770", "type": "modal", "callback_id": "gpu_form", "private_metadata": "",
                         "state": {"values": {}}}  # fmt: skip
    status, _, body = slack.send(urlencode({"payload": json.dumps(asked)}))
    assert status == 200 and json.loads(body) == {"options": []}
    _quiet(slack)
    assert [c.method for c in slack.fake.calls() if c.method != "auth.test"] == [] and slack.rows() == []
    assert "listener failed" not in caplog.text


# -- Slack's documented examples, as they are written ----------------------------------------------------


def _legacy(event: dict, event_id: str) -> str:
    """The envelope of Slack's older examples (message.app_home's): authed_users in place of
    authorizations, no context_team_id nor event_context."""
    body = json.loads(sr.event(event, event_id))
    for field in ("authorizations", "context_team_id", "context_enterprise_id", "event_context"):
        body.pop(field)
    return json.dumps({**body, "authed_users": ["UBOT"]})


def test_slacks_minimal_examples_of_a_direct_message_and_its_deletion_are_answered_and_undone(slack):
    # https://docs.slack.dev/reference/events/message.im and .../message/message_deleted: no blocks, no
    # team, no client_msg_id; the deletion with neither channel_type nor previous_message.
    asked = {"type": "message", "channel": "D0790", "user": "U0790", "text": "llama 3.1 8b 16bit",
             "ts": "1700079000.000005", "event_ts": "1700079000.000005", "channel_type": "im"}  # fmt: skip
    assert slack.send(_legacy(asked, "EvW90"))[0] == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert answer.params["channel"] == "D0790" and "Llama 3.1 8B" in _said(answer)
    deleted = {"type": "message", "subtype": "message_deleted", "hidden": True, "channel": "D0790",
               "ts": "1700079010.000001", "deleted_ts": asked["ts"]}  # fmt: skip
    assert slack.event(deleted, "EvW91") == 200
    [gone] = slack.fake.wait_for("chat.delete", timeout=WAIT)
    _quiet(slack)
    assert gone.params["channel"] == "D0790"


def test_slacks_example_mention_and_its_edit_are_answered_then_updated(slack):
    # https://docs.slack.dev/reference/events/app_mention: event_ts without its dot, no blocks.
    asked = {"type": "app_mention", "user": "U0791", "text": "<@UBOT> llama 3.1 8b 16bit",
             "ts": "1700079100.000016", "channel": "C0791", "event_ts": "1700079100000016"}  # fmt: skip
    assert slack.send(_legacy(asked, "EvW92"))[0] == 200
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert answer.params["thread_ts"] == asked["ts"] and "Llama 3.1 8B" in _said(answer)
    edit = {"type": "message", "subtype": "message_changed", "hidden": True, "channel": "C0791",
            "channel_type": "channel", "ts": "1700079110.000001",
            "message": {"type": "message", "user": "U0791", "text": "<@UBOT> qwen3 32b fp8", "ts": asked["ts"],
                        "edited": {"user": "U0791", "ts": "1700079110.000001"}}}  # fmt: skip
    assert slack.send(_legacy(edit, "EvW93"))[0] == 200
    [updated] = slack.fake.wait_for("chat.update", timeout=WAIT)
    _quiet(slack)
    assert "Qwen3 32B" in _said(updated) and len(slack.fake.calls("chat.postMessage")) == 1


# -- A link to a file or a canvas in Slack ---------------------------------------------------------------

# A file's permalink and its url_private, and a canvas's page
# (https://docs.slack.dev/reference/objects/file-object, https://docs.slack.dev/reference/objects/canvas-object).
FILE_LINKS = [
    "<https://nossanuvem.slack.com/files/U0001/F0801ABCD/config.json|config.json>",
    "<https://files.slack.com/files-pri/T0001-F0801ABCD/config.json>",
    "<https://nossanuvem.slack.com/docs/T0001/F0801ABCD|Proposta cliente X>",
]


@pytest.mark.parametrize("link", FILE_LINKS, ids=["file", "url_private", "canvas"])
def test_a_command_of_only_a_link_to_a_file_is_told_the_app_reads_text(slack, link):
    said = _said(_Call(slack.command(link)))
    # It had been "Não entendi o pedido: “config.json”", or how to ask with no word about the file.
    assert said.startswith("Não leio arquivos nem imagens") and "Como perguntar" in said
    assert "config.json" not in said and "Proposta" not in said and slack.fake.calls("views.open") == []


@pytest.mark.parametrize(("user", "said"), [("U0800", "Não leio arquivos nem canvas do Slack"),
                                            ("UEN0800", "I don't read Slack files or canvases")])  # fmt: skip
def test_a_question_left_to_a_linked_file_says_the_app_cannot_read_it(slack, user, said):
    asked = (
        "quanto precisa pra isso? " + FILE_LINKS[0]
        if user == "U0800"
        else "what does this need? " + FILE_LINKS[0]
    )
    slack.event(
        sr.message(asked, user=user, channel=f"D{user}", channel_type="im", ts="1700080000.000100"), "EvW80"
    )
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert said in _said(reply) and "config.json" not in _said(reply)
    reply = _said(_Call(slack.command(asked, user_id=user)))
    assert said in reply


def test_a_question_asked_beside_a_linked_file_is_answered_without_the_files_name(slack):
    asked = sr.app_mention("<@UBOT> llama 3.1 8b 16bit, detalhes em " + FILE_LINKS[0], user="U0801",
                           channel="C0801", ts="1700080100.000100")  # fmt: skip
    slack.event(asked, "EvW81")
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 8B" in _said(answer) and "config.json" not in _said(answer)
    assert "Não leio" not in _said(answer) and "slack.com" not in slack.rows()[0]["text"]


# -- A thread's address copied from Slack's web client ---------------------------------------------------


@pytest.mark.parametrize("where", ["dm", "command"])
def test_a_thread_linked_by_its_web_client_address_is_read_as_its_question(slack, where):
    # The browser's address of a thread open in https://app.slack.com names the channel and its root's ts:
    # read as a permalink to that message is (conversations.replies). It had been "Não entendi o pedido".
    _linking(slack, "C0456", _CUSTOMER, {"is_channel": True, "is_private": False})
    link = "https://app.slack.com/client/T0001/C0456/thread/C0456-1700000700.000100"
    if where == "command":
        said = text_of(slack.answer(f"quanto precisa pra isso? <{link}>")["blocks"])
    else:
        slack.event(sr.message(f"quanto precisa pra isso? <{link}>", user="U0810", channel="DU0810",
                               channel_type="im", ts="1700081000.000100"), "EvW100")  # fmt: skip
        said = _said(slack.fake.wait_for("chat.postMessage", timeout=WAIT)[0])
    _quiet(slack)
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
    [asked] = slack.fake.calls("conversations.replies")
    assert (asked.params["channel"], asked.params["ts"]) == ("C0456", "1700000700.000100")


# -- A block quote as Slack writes it --------------------------------------------------------------------


def test_a_question_in_a_block_quote_is_logged_and_shown_without_its_marker(slack):
    # ">>> " quotes everything after it (https://docs.slack.dev/messaging/formatting-message-text, "Block
    # quotes"), sent as "&gt;&gt;&gt; ". Its last two had stayed in the question: App Home's recent
    # questions and the log showed ">> llama 3.1 8b 16bit".
    asked = "&gt;&gt;&gt; llama 3.1 8b 16bit\npra 10 usuários"
    slack.event(
        sr.message(asked, user="U0820", channel="DU0820", channel_type="im", ts="1700082000.000100"), "EvW110"
    )
    [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 8B" in _said(answer) and "10 usuários" in _said(answer)
    assert [r["text"] for r in slack.rows()] == ["llama 3.1 8b 16bit\npra 10 usuários"]
    assert slack.send(sr.event(sr.app_home_opened("U0820"), "EvW111"))[0] == 200
    [home] = slack.fake.wait_for("views.publish", timeout=WAIT)
    _quiet(slack)
    shown = text_of(home.params["view"]["blocks"])
    assert "llama 3.1 8b 16bit" in shown and "&gt;&gt;" not in shown and ">>" not in shown


def test_a_mentions_question_is_logged_without_the_blank_its_mention_left():
    # "<@UBOT> llama 3.1 8b 16bit": the mention is no part of the question (bot/slacktext.py), and the blank
    # after it had stayed at the start of the logged question (" llama 3.1 8b 16bit"), which the manager's
    # /gpu log and the CSV then showed indented.
    from bot.slacktext import plain

    assert plain("<@UBOT> llama 3.1 8b 16bit") == "llama 3.1 8b 16bit"
    assert plain("llama 3.1 8b 16bit <@U0002|ana>\n") == "llama 3.1 8b 16bit"
    assert plain("<@UBOT>\n  qwen3 32b\n  pra 10 usuários") == "qwen3 32b\n  pra 10 usuários"


def test_a_mention_is_logged_as_its_words_alone(slack):
    asked = {"type": "app_mention", "user": "U0792", "text": "<@UBOT>   llama 3.1 8b 16bit",
             "ts": "1700079200.000016", "channel": "C0792", "event_ts": "1700079200.000016"}  # fmt: skip
    assert slack.send(_legacy(asked, "EvW94"))[0] == 200
    slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert [r["text"] for r in slack.rows()] == ["llama 3.1 8b 16bit"]
