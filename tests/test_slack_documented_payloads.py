"""Payloads built from the examples in Slack's reference pages (each cites its page), with the fields and the
variants our own builders leave out, sent signed into the real app on loopback (FakeSlack for the Web API, a
real SQLite request log): what a person sees is what is checked."""

from __future__ import annotations

import json
import logging
import time
from urllib.parse import parse_qs, urlencode

import pytest

from . import slack_requests as sr
from .slack_harness import buttons, text_of


def _posted(slack) -> list:
    slack.settle()
    return slack.fake.calls("chat.postMessage")


# A channel's topic or purpose set by someone, as Slack writes the message it posts for it
# (https://docs.slack.dev/reference/events/message/channel_topic,
# https://docs.slack.dev/reference/events/message/channel_purpose), here naming the app; and a message pinned.
CHANGES_TO_THE_CONVERSATION = [
    ("channel_topic", {"topic": "Dúvidas de GPU? <@UBOT>"}, "<@U0001|ana> set the channel topic: Dúvidas de GPU? <@UBOT>"),
    ("channel_purpose", {"purpose": "pergunte ao <@UBOT> quanta GPU um LLM precisa"},
     "<@U0001|ana> set the channel purpose: pergunte ao <@UBOT> quanta GPU um LLM precisa"),
    ("pinned_item", {"item_type": "C", "item": {}}, "<@U0001|ana> pinned a message to this channel: <@UBOT> llama 70b"),
]  # fmt: skip


@pytest.mark.parametrize(("subtype", "fields", "text"), CHANGES_TO_THE_CONVERSATION)
def test_a_change_to_the_channel_that_names_the_app_is_not_answered_as_a_question(
    slack, subtype, fields, text
):
    change = {**sr.app_mention(text, ts="1700000201.000100"), "subtype": subtype, **fields}
    change.pop("client_msg_id")  # Slack writes these messages itself
    assert slack.event(change, "EvD1") == 200
    time.sleep(0.2)
    assert _posted(slack) == [] and slack.rows() == []
    # A question typed in the channel after it still is one.
    slack.event(sr.app_mention("<@UBOT> llama 70b em 4 bits", ts="1700000202.000100"), "EvD2")
    [answer] = slack.fake.wait_for("chat.postMessage")
    assert "Llama 3.1 70B" in text_of(answer.params["blocks"])


def _form(slack, values: dict) -> tuple[int, str]:
    # A modal submitted (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload),
    # its fields in view.state.values as each input element sends them.
    meta = json.dumps({"channel_id": "C0001", "response_url": slack.fake.response_url("form")})
    status, _, body = slack.send(sr.view_submission("gpu_form", values, private_metadata=meta))
    return status, body


def _form_answer(slack) -> str:
    [call] = slack.fake.wait_for("response_url")
    return text_of(call.params["blocks"])


def _select(value: str) -> dict:
    return {
        "type": "static_select",
        "selected_option": {"text": {"type": "plain_text", "text": value}, "value": value},
    }


@pytest.mark.parametrize(
    ("typed", "picked", "said"),
    [
        ("llama 70b", {}, ["Llama 3.1 70B"]),
        ("qwen3 32b fp8 com 32k", {}, ["Qwen3 32B", "FP8", "32.768 tokens de contexto"]),
        ("Llama 3.1 70B 4bit", {}, ["Llama 3.1 70B", "INT4"]),
        # The form's own choice wins over what the field said.
        ("llama 70b 4bit", {"precision": {"precision": _select("fp8")}}, ["Llama 3.1 70B", "FP8"]),
    ],
)
def test_the_forms_free_field_reads_a_model_typed_as_it_would_be_asked(slack, typed, picked, said):
    # Its hint asks for a size; "llama 70b" had been "Não conheço o modelo “llama 70b”".
    status, body = _form(slack, {"size": {"size": typed}, **picked})
    assert status == 200 and body == ""
    text = _form_answer(slack)
    assert all(s in text for s in said), text
    assert "Não conheço" not in text


def test_the_forms_free_field_still_says_what_it_does_not_know(slack):
    status, _ = _form(slack, {"size": {"size": "zorblax"}})
    assert status == 200
    assert "Não conheço o modelo “zorblax”" in _form_answer(slack)


@pytest.mark.parametrize(
    ("block", "value"),
    [("context", "muito"), ("stage", "pretraining-v0"), ("task", "telepathy"), ("intent", "x")],
)
def test_a_choice_the_form_no_longer_offers_is_refused_beside_its_field(slack, block, value, caplog):
    # A form opened before a release that changed its lists sends the old value: the person picks again
    # (it had closed the form with nothing said).
    caplog.set_level(logging.ERROR)
    values = {"model": {"model": _select("llama-3.1-8b")}, block: {block: _select(value)}}
    status, body = _form(slack, values)
    assert status == 200
    assert json.loads(body) == {
        "response_action": "errors",
        "errors": {block: "Essa opção não está mais na lista: escolha de novo."},
    }
    assert "listener failed" not in caplog.text
    assert slack.rows() == [] and slack.fake.calls("response_url") == []


def test_a_form_in_english_says_so_in_english(slack):
    body = sr.view_submission("gpu_form", {"model": {"model": _select("llama-3.1-8b")}, "stage": {"stage": _select("z")}},
                              user_id="UEN0001")  # fmt: skip
    _, _, reply = slack.send(body)
    assert json.loads(reply)["errors"] == {"stage": "That choice is no longer on the list: pick again."}


# A slash command as Slack sends it from an Enterprise Grid organisation, with every field its reference
# lists (https://docs.slack.dev/interactivity/implementing-slash-commands, "app_command_handling"), from a
# private channel and a group direct message, and the text as a person types it in Slack's composer.
@pytest.mark.parametrize(
    ("channel_id", "channel_name"), [("G0001", "privategroup"), ("C0002", "mpdm-ana--bia--caio-1")]
)
@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("“llama 70b” em 4 bits", ["Llama 3.1 70B", "INT4"]),  # quotes as macOS and phones write them
        ("qwen3\u00a032b\u00a0fp8 ", ["Qwen3 32B", "FP8"]),  # non-breaking spaces pasted from a document
        ("<!subteam^S0001|@vendas> :rocket: llama 70b &amp; 20 usuários", ["Llama 3.1 70B", "20 usuários"]),
    ],
)
def test_an_enterprise_grid_command_with_every_documented_field_is_answered(
    slack, channel_id, channel_name, typed, said
):
    fields = {
        "token": sr.VERIFICATION_TOKEN, "team_id": "T0001", "team_domain": "nossanuvem", "enterprise_id": "E0001",
        "enterprise_name": "Nossa Nuvem", "channel_id": channel_id, "channel_name": channel_name, "user_id": "U0001",
        "user_name": "ana", "command": "/gpu", "text": typed, "api_app_id": sr.APP_ID, "is_enterprise_install": "true",
        "response_url": slack.fake.response_url("grid"), "trigger_id": "13345224609.738474920.8088930838d88f008e0",
    }  # fmt: skip
    status, _, reply = slack.send(urlencode(fields))
    assert status == 200
    answer = json.loads(reply) if reply else slack.fake.wait_for("response_url")[0].params
    text = text_of(answer["blocks"])
    assert all(s in text for s in said), text
    assert "vendas" not in text and "rocket" not in text


def test_a_message_shortcut_on_a_message_another_organisation_wrote_is_sized_for_its_picker(slack):
    # https://docs.slack.dev/reference/interaction-payloads/shortcuts-interactions-payload (message shortcut):
    # a customer's message in a Slack Connect channel, its rich_text blocks formatted.
    message = {
        "type": "message", "user": "W0EXT01", "user_team": "T0EXT", "source_team": "T0EXT", "team": "T0EXT",
        "ts": "1700000301.000100", "text": "Precisamos do *Llama 3.1 70B* em _8 bits_ para `30 usuários`",
        "blocks": [{"type": "rich_text", "block_id": "b1", "elements": [{"type": "rich_text_section", "elements": [
            {"type": "text", "text": "Precisamos do "}, {"type": "text", "text": "Llama 3.1 70B", "style": {"bold": True}},
            {"type": "text", "text": " em "}, {"type": "text", "text": "8 bits", "style": {"italic": True}},
            {"type": "text", "text": " para "}, {"type": "text", "text": "30 usuários", "style": {"code": True}}]}]}],
    }  # fmt: skip
    body = sr.message_shortcut(message, response_url=slack.fake.response_url("sc"))
    payload = json.loads(parse_qs(body)["payload"][0])
    payload["channel"]["name"] = "cliente-acme"
    assert slack.send(urlencode({"payload": json.dumps(payload)}))[0] == 200
    [call] = slack.fake.wait_for("response_url")
    text = text_of(call.params["blocks"])
    assert "Llama 3.1 70B" in text and "FP8" in text and "30 usuários" in text
    [row] = slack.rows()
    assert row["user_id"] == "U0001" and row["surface"] == "shortcut"


def test_a_message_shortcut_on_one_of_the_apps_answers_sizes_what_it_answered(slack):
    # A rep picks "Dimensionar GPU" on the app's answer to someone else's mention, to get it privately with
    # the buttons. The message comes as Slack stores a bot's post (bot_id, app_id, bot_profile, its blocks:
    # https://docs.slack.dev/reference/events/message/bot_message).
    slack.event(sr.app_mention("<@UBOT> llama 70b fp8 10 usuários", ts="1700000501.000100"), "EvD3")
    [posted] = slack.fake.wait_for("chat.postMessage")
    answer = {
        "type": "message", "user": "UBOT", "bot_id": "BBOT", "app_id": sr.APP_ID, "ts": "1700000502.000100",
        "thread_ts": "1700000501.000100", "text": posted.params["text"], "blocks": posted.params["blocks"],
        "team": "T0001", "bot_profile": {"id": "BBOT", "app_id": sr.APP_ID, "name": "gpu-sizer", "team_id": "T0001"},
    }  # fmt: skip
    slack.send(sr.message_shortcut(answer, user_id="U0002", response_url=slack.fake.response_url("own")))
    # The answer is a reply in the mention's thread: the private copy comes there (tests/test_slack_formats_round5.py).
    [call] = slack.fake.wait_for("chat.postEphemeral")
    assert (call.params["user"], call.params["thread_ts"]) == ("U0002", "1700000501.000100")
    text = text_of(call.params["blocks"])
    # The same sizing: the fallback text of both says the same recommendation.
    [before] = [line for line in posted.params["text"].splitlines() if line.startswith("Recomendação")]
    [after] = [line for line in call.params["text"].splitlines() if line.startswith("Recomendação")]
    assert after == before and "10 usuários" in text and "FP8" in text
    # Its words are not a question: "1× H200 SXM 141 GB · produção" in it had become a GPU and a stage asked for.
    assert "produção precisa" not in text and "Reservada" not in text
    # "Share" posts it in the thread it answered.
    assert "gpu_share" in buttons(call.params["blocks"])


@pytest.mark.parametrize(
    ("message", "user", "said"),
    [
        # A screenshot posted with no words (https://docs.slack.dev/reference/events/message/file_share).
        ({"type": "message", "subtype": "file_share", "user": "U0002", "ts": "1700000601.000100", "text": "",
          "files": [{"id": "F0001", "name": "image.png", "mimetype": "image/png"}], "upload": False},
         "U0001", "Essa mensagem não tem texto para dimensionar"),
        ({"type": "message", "user": "U0002", "ts": "1700000602.000100", "text": ":+1::skin-tone-2: :rocket:"},
         "UEN0001", "There is no text in that message to size"),
    ],
)  # fmt: skip
def test_a_message_shortcut_on_a_message_without_words_says_so_before_how_to_ask(slack, message, user, said):
    slack.send(sr.message_shortcut(message, user_id=user, response_url=slack.fake.response_url("nw")))
    [call] = slack.fake.wait_for("response_url")
    text = text_of(call.params["blocks"])
    assert text.startswith(said) and "/gpu 70b 4bit 32k 10" in text
    assert said in call.params["text"]


def test_a_message_shortcut_on_an_integrations_card_reads_the_card(slack):
    # A ticket posted by an integration with legacy attachments and no text
    # (https://docs.slack.dev/legacy/legacy-messaging/legacy-secondary-message-attachments): its words are in
    # the attachment's title and text; its fields are the card's metadata; a link's preview is not its words.
    card = {
        "type": "message", "subtype": "bot_message", "bot_id": "B0JIRA", "username": "Jira",
        "ts": "1700000701.000100", "text": "",
        "attachments": [
            {"id": 1, "color": "36a64f", "fallback": "SUP-42: Orçamento de GPU",
             "title": "SUP-42: Orçamento de GPU", "title_link": "https://acme.atlassian.net/browse/SUP-42",
             "text": "Cliente quer rodar o Llama 3.1 70B em 8 bits para 40 usuários",
             "fields": [{"title": "Prioridade", "value": "Alta", "short": True}]},
            {"id": 2, "from_url": "https://example.com/qwen", "original_url": "https://example.com/qwen",
             "title": "Qwen3 235B", "text": "Qwen3 235B em 16 bits"},
        ],
    }  # fmt: skip
    slack.send(sr.message_shortcut(card, response_url=slack.fake.response_url("card")))
    [call] = slack.fake.wait_for("response_url")
    text = text_of(call.params["blocks"])
    assert "Llama 3.1 70B" in text and "FP8" in text and "40 usuários" in text, text
    assert "Qwen3" not in text and "Prioridade" not in text and "não tem texto" not in text
