"""Requests shaped as Slack documents them, second round: rich_text blocks that say more than `text`, hidden
and unlisted message subtypes, dates and pasted characters in a slash command, Slack Connect and Enterprise
Grid envelopes, buttons and forms whose payloads leave out a response_url or add response_urls. Signed
requests into the real app on loopback, FakeSlack for the Web API, a real SQLite request log."""

from __future__ import annotations

import json
import logging
import time
from urllib.parse import parse_qs, urlencode

import pytest

from . import slack_requests as sr
from .slack_harness import payload, text_of


def _rich(*elements: dict) -> list[dict]:
    return [{"type": "rich_text", "block_id": "Xy1", "elements": list(elements)}]


def _section(*elements: dict) -> dict:
    return {"type": "rich_text_section", "elements": list(elements)}


def _text(words: str, **style: bool) -> dict:
    return {"type": "text", "text": words, **({"style": style} if style else {})}


def _quiet(slack) -> None:
    """Waits for whatever the app would do after acknowledging, then a moment for a late post."""
    slack.settle()
    time.sleep(0.2)


# -- What people see: the blocks -------------------------------------------------------------------------


def test_a_mention_whose_text_is_a_fallback_is_read_from_its_blocks(slack):
    # `text` is what notifications show when blocks are given
    # (https://docs.slack.dev/reference/methods/chat.postMessage, "text" and "blocks"); a client that
    # fills it with its own words leaves the question in the rich_text only, here with a command pasted
    # as a code block (https://docs.slack.dev/reference/block-kit/blocks/rich-text-block, rich_text_preformatted).
    event = sr.app_mention("<@UBOT> This message contains interactive elements.")
    event["blocks"] = _rich(
        _section({"type": "user", "user_id": "UBOT"}, _text(" quanto de GPU pra subir isso pra "), _text("20 usuários", bold=True), _text("?")),
        {"type": "rich_text_preformatted", "elements": [
            _text("vllm serve Qwen/Qwen2.5-32B-Instruct \\\n  --max-model-len 16384 \\\n  --quantization fp8")]},
    )  # fmt: skip
    assert slack.event(event, "EvR1") == 200
    [answer] = slack.fake.wait_for("chat.postMessage")
    said = text_of(answer.params["blocks"])
    assert "Qwen2.5 32B" in said and "FP8" in said and "20 usuários" in said and "16.384 tokens" in said
    assert "Não entendi" not in said and "interactive" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "interactive" not in row["text"]


def test_labelled_links_emoji_and_channels_in_blocks_read_as_their_words(slack):
    # rich_text elements (https://docs.slack.dev/reference/block-kit/blocks/rich-text-block): a link with
    # `text` shows those words; a Hugging Face page names the model whatever its words; emoji and channels
    # are not words.
    event = sr.message("", channel="DU0040", channel_type="im", user="U0040")
    event["blocks"] = _rich(_section(
        {"type": "emoji", "name": "wave", "unicode": "1f44b"}, _text(" oi! do "), {"type": "channel", "channel_id": "C0123"},
        _text(": quanto precisa pro "),
        {"type": "link", "url": "https://huggingface.co/mistralai/Mistral-7B-Instruct-v0.3", "text": "modelo do cliente"},
        _text(" com 10 usuários? detalhes na "), {"type": "link", "url": "https://example.com/rfp/42", "text": "planilha"},
    ))  # fmt: skip
    slack.event(event, "EvR2")
    [answer] = slack.fake.wait_for("chat.postMessage")
    said = text_of(answer.params["blocks"])
    assert "Mistral 7B" in said and "10 usuários" in said
    # The page behind "planilha" is no part of what the person wrote: the word is what is quoted.
    assert "“planilha”" in said and "example" not in said and "rfp" not in said
    assert "wave" not in said and "C0123" not in said


def test_a_message_shortcut_on_a_message_whose_text_is_a_fallback_sizes_its_blocks(slack):
    # The message of a message_action payload as Slack stores it
    # (https://docs.slack.dev/reference/interaction-payloads/shortcuts-interactions-payload).
    message = sr.message("This message contains interactive elements.", user="U0041")
    message["blocks"] = _rich(_section(_text("mistral 7b para 30 usuários")))
    slack.send(sr.message_shortcut(message, response_url=slack.fake.response_url("sc")))
    [answer] = slack.fake.wait_for("response_url")
    said = text_of(answer.params["blocks"])
    assert "Mistral 7B" in said and "30 usuários" in said and "Não entendi" not in said


# -- What Slack does not show ----------------------------------------------------------------------------


def _replied() -> dict:
    # The message_replied example (https://docs.slack.dev/reference/events/message/message_replied).
    return {
        "type": "message", "subtype": "message_replied", "hidden": True, "channel": "DU0042", "channel_type": "im",
        "event_ts": "1700000200.000300", "ts": "1700000200.000300",
        "message": {"type": "message", "user": "U0042", "text": "llama 3.1 8b", "thread_ts": "1700000200.000100",
                    "reply_count": 1, "replies": [{"user": "U0042", "ts": "1700000200.000200"}], "ts": "1700000200.000100"},
    }  # fmt: skip


def _huddle() -> dict:
    # The message a huddle leaves in the conversation (@slack/types: subtype huddle_thread, no words).
    return {"type": "message", "subtype": "huddle_thread", "channel": "DU0043", "channel_type": "im", "user": "U0043",
            "text": "", "ts": "1700000300.000100", "event_ts": "1700000300.000100", "room": {"id": "R0001"},
            "no_notifications": True}  # fmt: skip


def _hidden_plain() -> dict:
    # `hidden: true` marks what Slack does not show (https://docs.slack.dev/reference/events/message,
    # "Hidden subtypes"), whatever the subtype says.
    return {
        **sr.message("llama 3.1 8b 16bit", channel="DU0044", channel_type="im", user="U0044"),
        "hidden": True,
    }


def _file_comment() -> dict:
    # A comment on a file, a subtype Slack retired (https://docs.slack.dev/reference/events/message/file_comment).
    return {"type": "message", "subtype": "file_comment", "channel": "DU0045", "channel_type": "im",
            "ts": "1700000400.000100", "event_ts": "1700000400.000100", "text": "<@U0045> commented: llama 8b",
            "file": {"id": "F0001"}, "comment": {"id": "Fc0001", "user": "U0045", "comment": "llama 8b"}}  # fmt: skip


@pytest.mark.parametrize("event", [_replied, _huddle, _hidden_plain, _file_comment])
def test_what_slack_does_not_show_as_a_message_is_left_alone(slack, event):
    assert slack.event(event(), "EvR3") == 200
    _quiet(slack)
    assert slack.fake.calls("chat.postMessage") == [] and slack.rows() == []


def test_a_reply_also_sent_to_the_conversation_with_a_file_is_answered_once(slack):
    # thread_broadcast (https://docs.slack.dev/reference/events/message/thread_broadcast) with files attached.
    event = {
        **sr.message("mistral 7b 16bit 8k", channel="DU0046", channel_type="im", user="U0046", thread_ts="1700000500.000100"),
        "subtype": "thread_broadcast", "files": [{"id": "F0002", "name": "arquitetura.png", "mimetype": "image/png"}],
    }  # fmt: skip
    slack.event(event, "EvR4")
    slack.event(event, "EvR4", retry=1)
    _quiet(slack)
    [answer] = slack.fake.calls("chat.postMessage")
    assert "Mistral 7B" in text_of(answer.params["blocks"])


# -- A slash command's text as Slack sends it ------------------------------------------------------------


def test_a_slack_date_in_a_command_is_read_as_its_day(slack):
    # <!date^timestamp^tokens|fallback> (https://docs.slack.dev/messaging/formatting-message-text, "Date
    # formatting"): the fallback is the sender's wording; the day is the timestamp's, in Brasília.
    date = "<!date^1826204400^{date_short_pretty} às {time}|Nov 14, 2027>"  # 14/11/2027 12:00 in Brasília
    said = text_of(slack.answer(f"lora do llama 3.1 8b com 1B tokens até {date}")["blocks"])
    assert "14/11/2027" in said and "2.027 tokens" not in said and "Nov" not in said
    # A date that is no deadline is no part of the sizing either.
    said = text_of(
        slack.answer("llama 3.1 8b pra demo de <!date^1700000000^{date_short}|Nov 14, 2023>")["blocks"]
    )
    assert "Llama 3.1 8B" in said and "Não entendi" not in said and "2.023" not in said


@pytest.mark.parametrize(
    "typed",
    [
        "ｑｗｅｎ２.５ ３２ｂ　ｅｍ ８ ｂｉｔｓ",  # full-width letters and an ideographic space (a Japanese keyboard)
        "qwen2.5\u00a032b\u00a0em\u00a08\u00a0bits",  # non-breaking spaces pasted from a document
        "qwen2.5 32b\r\nem 8 bits\r\n",  # Windows line endings from a pasted e-mail
        "<https://huggingface.co/Qwen/Qwen2.5-32B-Instruct|esse aqui> em 8 bits",  # a model's page with words
        "qwen2.5 32b em 8 bits, manda pra <mailto:ana@cliente.com.br|ana@cliente.com.br> e <tel:+5511999990000|11 99999-0000>",
    ],
)
def test_a_command_reads_as_typed_whatever_characters_slack_sends(slack, typed):
    said = text_of(slack.answer(typed)["blocks"])
    assert "Qwen2.5 32B" in said and "FP8" in said and "Não entendi" not in said
    assert "ana@" not in slack.rows()[0]["text"]


# -- Slack Connect and Enterprise Grid -------------------------------------------------------------------


def test_an_author_another_organisation_sent_from_sees_no_prices(priced, slack):
    # A message in a Slack Connect channel names the workspace it was sent from in source_team
    # (@slack/types GenericMessageEvent: team, user_team, source_team); the envelope's team is ours.
    theirs = {
        **sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="UCONN0040", channel="C0040"),
        "source_team": "T7777",
    }
    ours = {
        **sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="U0047", channel="C0040"),
        "source_team": "T0001",
    }
    slack.event(theirs, "EvR5")
    slack.event(ours, "EvR6")
    _quiet(slack)
    assert sorted((r["user_id"], r["user_external"]) for r in slack.rows()) == [
        ("U0047", 0),
        ("UCONN0040", 1),
    ]
    shown = {
        c.params["thread_ts"]: "Preço" in text_of(c.params["blocks"])
        for c in slack.fake.calls("chat.postMessage")
    }
    assert shown == {theirs["ts"]: False, ours["ts"]: True}


def test_an_event_authorised_for_several_workspaces_is_answered_once_for_the_first(slack):
    # An org-wide install's envelope (https://docs.slack.dev/apis/events-api, "authorizations"): no team_id,
    # several authorizations, context_team_id and context_enterprise_id.
    auth = {"enterprise_id": "E0001", "user_id": "UBOT", "is_bot": True, "is_enterprise_install": True}
    body = json.loads(sr.event(sr.app_mention("<@UBOT> llama 3.1 8b", user="U0048"), "EvR7"))
    del body["team_id"]
    body.update(
        enterprise_id="E0001", context_team_id="T0002", context_enterprise_id="E0001",
        authorizations=[{**auth, "team_id": "T0002"}, {**auth, "team_id": "T0001"}],
    )  # fmt: skip
    slack.send(json.dumps(body))
    slack.send(json.dumps(body), headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
    _quiet(slack)
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert [(r["team_id"], r["outcome"]) for r in slack.rows()] == [("T0002", "answered")]


# -- Buttons and forms -----------------------------------------------------------------------------------


def _without_response_url(body: str) -> str:
    data = json.loads(parse_qs(body)["payload"][0])
    del data["response_url"]
    return urlencode({"payload": json.dumps(data)})


@pytest.mark.parametrize(
    ("button", "said"), [("gpu_precision_8", "FP8"), ("gpu_detail", "Desempenho e custo")]
)
def test_a_button_under_a_private_answer_without_a_response_url_still_answers(slack, button, said, caplog):
    # block_actions documents response_url as present only where Slack gives one
    # (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload); the ephemeral
    # answer's container still names its channel.
    value = payload(slack.command("qwen2.5 7b 16bit"))
    container = {
        "type": "message",
        "message_ts": "1700000600.000100",
        "channel_id": "C0049",
        "is_ephemeral": True,
    }
    with caplog.at_level(logging.ERROR):
        assert (
            slack.send(
                _without_response_url(
                    sr.block_actions(button, value, channel_id="C0049", container=container)
                )
            )[0]
            == 200
        )
        [posted] = slack.fake.wait_for("chat.postEphemeral")
        _quiet(slack)
    assert posted.params["channel"] == "C0049" and posted.params["user"] == "U0001"
    assert said in text_of(posted.params["blocks"])
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_share_without_a_response_url_posts_once_and_raises_nothing(slack, caplog):
    value = payload(slack.command("qwen2.5 7b 16bit"))
    container = {
        "type": "message",
        "message_ts": "1700000600.000200",
        "channel_id": "C0049",
        "is_ephemeral": True,
    }
    body = _without_response_url(
        sr.block_actions("gpu_share", value, channel_id="C0049", container=container)
    )
    with caplog.at_level(logging.ERROR):
        slack.send(body)
        slack.send(body)  # a double click
        _quiet(slack)
    [shared] = slack.fake.calls("chat.postMessage")
    assert shared.params["channel"] == "C0049" and "Qwen2.5 7B" in text_of(shared.params["blocks"])
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_form_submitted_with_response_urls_answers_in_the_conversation_picked(slack):
    # view_submission's response_urls, one per conversation picked in the form
    # (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload); the form opened
    # from App Home has no conversation of its own.
    picked = [{"block_id": "where", "action_id": "conversation", "channel_id": "C0050",
               "response_url": slack.fake.response_url("picked")}]  # fmt: skip
    model = {"model": {"model": {"type": "static_select", "selected_option": {"value": "qwen2.5-7b"}}}}
    status, _, reply = slack.send(
        sr.view_submission("gpu_form", model, private_metadata="{}", response_urls=picked)
    )
    assert status == 200 and not reply
    [answer] = slack.fake.wait_for("response_url")
    assert answer.params["_name"] == "picked" and "Qwen2.5 7B" in text_of(answer.params["blocks"])
    assert slack.fake.calls("chat.postMessage") == []
    assert [r["channel_id"] for r in slack.rows()] == ["C0050"]


# -- A link to another Slack message ---------------------------------------------------------------------

_CUSTOMER = {"type": "message", "user": "UCLI0001", "text": "precisamos rodar llama 70b para 50 usuários",
             "ts": "1700000700.000100", "team": "T0001"}  # fmt: skip


def _linking(slack, channel: str, linked: dict, info: dict | None = None) -> str:
    """Serves `linked` as the message conversations.replies finds, `info` as the channel's; a permalink to it
    (https://docs.slack.dev/reference/methods/chat.getPermalink)."""
    ts = linked["ts"]
    slack.fake.reply("conversations.replies", lambda p: {"messages": [linked] if p.get("ts") == ts else []})
    if info is not None:
        slack.fake.reply("conversations.info", {"channel": {"id": channel, **info}})
    return f"https://nossanuvem.slack.com/archives/{channel}/p{ts.replace('.', '')}"


@pytest.mark.parametrize("where", ["mention", "dm", "command"])
def test_a_link_to_a_customers_message_is_read_as_that_message(slack, where):
    # Slack unfurls a message's link only after it is posted, in a hidden message_changed event, and never in
    # a slash command: the request as it arrives has no words of the linked message.
    link = _linking(slack, "C0456", _CUSTOMER, {"is_channel": True, "is_private": False})
    if where == "command":
        said = text_of(slack.answer(f"quanto precisa pra isso? <{link}>")["blocks"])
        assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
        return
    if where == "mention":
        event = sr.app_mention(f"<@UBOT> quanto precisa pra isso? <{link}>")
    else:
        # A reply's link names its thread; Slack's conversations.replies serves the thread (FakeSlack.thread).
        parent = {**_CUSTOMER, "text": "oi", "ts": "1700000600.000100", "thread_ts": "1700000600.000100"}
        slack.fake.thread("C0456", parent, {**_CUSTOMER, "thread_ts": parent["ts"]})
        event = sr.message(f"quanto precisa pra isso? <{link}?thread_ts=1700000600.000100&cid=C0456>",
                           channel="DU0051", channel_type="im", user="U0051")  # fmt: skip
    slack.event(event, f"EvR9{where}")
    [answer] = slack.fake.wait_for("chat.postMessage")
    said = text_of(answer.params["blocks"])
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
    [asked] = slack.fake.calls("conversations.replies")
    thread = "1700000600.000100" if where == "dm" else "1700000700.000100"
    assert (asked.params["channel"], asked.params["ts"]) == ("C0456", thread)
    assert asked.params["oldest"] == asked.params["latest"] == "1700000700.000100"


def test_a_link_to_a_private_channels_message_is_not_read_elsewhere(slack):
    # What a private channel said is not told in another conversation, even as a sizing.
    link = _linking(slack, "GPRIV01", _CUSTOMER, {"is_channel": False, "is_group": True, "is_private": True})
    slack.event(sr.app_mention(f"<@UBOT> quanto precisa pra isso? <{link}>"), "EvR10")
    [answer] = slack.fake.wait_for("chat.postMessage")
    said = text_of(answer.params["blocks"])
    assert "Llama 3.1 70B" not in said and "50 usuários" not in said
    assert slack.fake.calls("conversations.replies") == []


def test_a_link_to_one_of_the_apps_answers_is_not_read_as_a_question(slack):
    answer_posted = {**_CUSTOMER, "user": "UBOT", "bot_id": "BBOT", "text": "Llama 3.1 70B · 50 usuários"}
    link = _linking(slack, "C0001", answer_posted)
    slack.event(sr.app_mention(f"<@UBOT> e em 4 bits? <{link}>"), "EvR11")
    [answer] = slack.fake.wait_for("chat.postMessage")
    assert "Llama 3.1 70B" not in text_of(answer.params["blocks"])
