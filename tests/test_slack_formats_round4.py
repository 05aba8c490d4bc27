"""Requests shaped as Slack documents them, fourth round: the app's bot token revoked or the app uninstalled
(and only people's own tokens revoked), the close of a form that asked to be told, Enterprise Grid and Slack
Connect payloads, rich_text and markup as Slack sends them. Signed requests into the real app on loopback,
FakeSlack for the Web API, a real SQLite request log."""

from __future__ import annotations

import json
import time
from urllib.parse import parse_qs, urlencode

import pytest

from . import slack_requests as sr
from .slack_harness import database, payload, serve, text_of


def _quiet(slack) -> None:
    """Waits for whatever the app would do after acknowledging, then a moment for a late post."""
    slack.settle()
    time.sleep(0.2)


def _web_api(slack) -> list[str]:
    """The Web API methods the app called (a response_url is Slack's too, but needs no token)."""
    return [c.method for c in slack.fake.calls() if c.method != "response_url"]


# -- The app's token gone -------------------------------------------------------------------------------

GONE = [
    # https://docs.slack.dev/reference/events/tokens_revoked (its example's shape)
    {"type": "tokens_revoked", "tokens": {"oauth": ["U0001"], "bot": ["UBOT"]}},
    # https://docs.slack.dev/reference/events/app_uninstalled
    {"type": "app_uninstalled"},
]


@pytest.mark.parametrize("gone", GONE, ids=["tokens_revoked", "app_uninstalled"])
def test_once_slack_says_the_token_is_gone_a_command_is_answered_without_using_it(slack, gone, caplog):
    assert slack.event(gone, "EvG1") == 200
    slack.fake.clear()
    reply = slack.answer("llama 3.1 8b 16bit", user_id="U0101", channel_id="C0101")
    assert "Llama 3.1 8B" in text_of(reply["blocks"])
    # A mention that still arrives is not answered with the dead token either.
    slack.event(sr.app_mention("<@UBOT> llama 3.1 8b", user="U0102", channel="C0102"), "EvG2")
    _quiet(slack)
    assert _web_api(slack) == []
    assert [(r["surface"], r["outcome"]) for r in slack.rows() if r["surface"] == "slash_command"] == [
        ("slash_command", "answered")
    ]
    assert "lookup failed" not in caplog.text  # told once, when the event came; not with each question


def test_a_lead_found_once_the_token_is_gone_waits_for_the_next_token_and_is_not_lost(tmp_path, caplog):
    with serve(tmp_path) as slack:
        slack.event(GONE[0], "EvG11")
        slack.fake.clear()
        reply = slack.answer("70b 16bit 20 users produção", user_id="U0116", channel_id="C0116")
        assert "Llama 3.1 70B" in text_of(reply["blocks"])
        _quiet(slack)
        slack.services.desk.sweep()
        assert _web_api(slack) == []
        db = database(slack)
        assert db.execute("select count(*) from leads where card_ts is null").fetchone()[0] == 1
        db.close()
    # Nothing said about the sales channel: it is the token that is gone.
    assert "GPU_SIZER_SALES_CHANNEL" not in caplog.text
    # The app started again with a new token: its sweep posts the card that waited.
    with serve(tmp_path) as slack:
        assert slack.services.desk.sweep() == 1
        [card] = slack.fake.calls("chat.postMessage")
        assert card.params["channel"] == "CSALES01" and "Llama 3.1 70B" in text_of(card.params["blocks"])


def test_a_call_slack_refuses_as_revoked_stops_the_calls_after_it(slack, caplog):
    # Another worker of the app got the event: this one learns it from Slack's answer to its own call
    # (https://docs.slack.dev/reference/methods/users.info, "token_revoked").
    slack.fake.fail("users.info", status=200, body={"ok": False, "error": "token_revoked"}, times=5)
    first = slack.answer("qwen2.5 7b 16bit", user_id="U0103", channel_id="C0103")
    assert "Qwen2.5 7B" in text_of(first["blocks"])
    _quiet(slack)
    assert _web_api(slack).count("users.info") == 1
    slack.fake.clear()
    second = slack.answer("qwen2.5 7b 8bit", user_id="U0104", channel_id="C0104")
    assert "Qwen2.5 7B" in text_of(second["blocks"])
    _quiet(slack)
    assert _web_api(slack) == []
    # Told once, to whoever runs the app; not again with every question.
    warned = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert [w for w in warned if "token_revoked" in w] == [
        "the bot token is gone (token_revoked): no more calls to Slack until it is replaced"
    ]


def test_only_peoples_own_tokens_revoked_changes_nothing(priced, slack, caplog):
    # The app asks for no user token (slack/manifest.yml): a revocation of people's tokens is not its own.
    event = {"type": "tokens_revoked", "tokens": {"oauth": ["U0105"], "bot": []}}
    assert slack.event(event, "EvG3") == 200
    reply = slack.answer("llama 3.1 8b 16bit", user_id="U0105", channel_id="C0105")
    assert "Preço" in text_of(reply["blocks"])  # staff, as users.info still says
    assert "users.info" in _web_api(slack)
    assert "reinstalled" not in caplog.text and "token is gone" not in caplog.text


def test_an_organisation_wide_install_removed_from_some_workspaces_goes_on_answering(slack, caplog):
    # https://docs.slack.dev/reference/events/team_access_revoked: the org-level token still works elsewhere.
    revoked = {"type": "team_access_revoked", "team_ids": ["T0002", "T0003"], "event_ts": "1.6"}
    status, headers, _ = slack.send(sr.event(revoked, "EvG4", team_id=None, enterprise_id="E0001"))
    assert status == 200 and headers.get("x-slack-no-retry") == "1"
    [line] = [r for r in caplog.records if "removed from workspaces" in r.getMessage()]
    assert line.levelname == "WARNING" and "T0002, T0003" in line.getMessage()
    slack.event(sr.app_mention("<@UBOT> llama 3.1 8b", user="U0106", channel="C0106"), "EvG5")
    [answer] = slack.fake.wait_for("chat.postMessage")
    assert "Llama 3.1 8B" in text_of(answer.params["blocks"])


# -- Enterprise Grid and Slack Connect ------------------------------------------------------------------

# Another organisation's person, as a Slack Connect event names their workspace (@slack/types
# GenericMessageEvent and AppMentionEvent: team, user_team, source_team); the envelope's team is ours.
THEIRS = {"user_team": "T7777", "source_team": "T7777", "team": "T7777"}


@pytest.mark.parametrize(
    ("presser", "workspace", "priced_shown"), [("U0110", "T0001", True), ("UCONN0111", "T7777", False)]
)
def test_a_button_pressed_under_an_organisation_wide_install_shows_prices_to_staff_only(
    priced, slack, presser, workspace, priced_shown
):
    # An org-wide app's block_actions: `team` null, `enterprise` set; user.team_id still names the presser's
    # workspace (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload, the org-wide
    # apps reference).
    reply = slack.command("llama 3.1 8b 16bit", user_id="U0109", channel_id="C0109")
    raw = sr.block_actions("gpu_detail", payload(reply), user_id=presser, channel_id="C0109",
                           response_url=slack.fake.response_url("grid"))  # fmt: skip
    data = json.loads(parse_qs(raw)["payload"][0])
    data["user"]["team_id"] = workspace
    data.update(team=None, enterprise={"id": "E0001", "name": "Nossa Nuvem"}, is_enterprise_install=True)
    assert slack.send(urlencode({"payload": json.dumps(data)}))[0] == 200
    # Under an answer posted in the conversation, the detail goes to its presser alone.
    [detail] = slack.fake.wait_for("chat.postEphemeral")
    _quiet(slack)
    assert detail.params["user"] == presser
    assert "Desempenho e custo" in text_of(detail.params["blocks"])
    assert ("Preço" in text_of(detail.params["blocks"])) is priced_shown
    assert [r["user_external"] for r in slack.rows() if r["user_id"] == presser] == [int(not priced_shown)]


def test_a_customers_edited_mention_in_a_slack_connect_channel_is_updated_once_without_prices(priced, slack):
    asked = {**sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="UCONN0112", channel="C0112",
                              ts="1700011200.000100"), **THEIRS}  # fmt: skip
    slack.fake.reply("chat.postMessage", lambda p: {"channel": p["channel"], "ts": "1700011201.000100"})
    slack.event(asked, "EvG6", is_ext_shared_channel=True)
    [answer] = slack.fake.wait_for("chat.postMessage")
    _quiet(slack)
    new = "<@UBOT> llama 3.1 8b 16bit pra 30 usuários"
    edited = {"user": "UCONN0112", "ts": "1700011210.000000"}
    now = {k: v for k, v in asked.items() if k != "channel"}
    now.update(type="message", text=new, blocks=sr._rich_text(new), edited=edited)
    # The edit comes as message_changed (https://docs.slack.dev/reference/events/message/message_changed)
    # and as app_mention with `edited` (https://docs.slack.dev/reference/events/app_mention).
    changed = {"type": "message", "subtype": "message_changed", "hidden": True, "channel": "C0112",
               "channel_type": "channel", "ts": edited["ts"], "event_ts": edited["ts"], "message": now,
               "previous_message": {**asked, "type": "message"}}  # fmt: skip
    slack.event(changed, "EvG7", is_ext_shared_channel=True)
    slack.event(
        {**asked, "text": new, "blocks": sr._rich_text(new), "edited": edited},
        "EvG8",
        is_ext_shared_channel=True,
    )
    [update] = slack.fake.wait_for("chat.update")
    _quiet(slack)
    assert (update.params["channel"], update.params["ts"]) == (
        "C0112",
        "1700011201.000100",
    )  # the answer's place
    said = text_of(update.params["blocks"])
    assert "30 usuários" in said and "Preço" not in said and "Preço" not in text_of(answer.params["blocks"])
    assert len(slack.fake.calls("chat.update")) == 1 and len(slack.fake.calls("chat.postMessage")) == 1
    assert {r["user_external"] for r in slack.rows()} == {1}


def test_a_customers_follow_up_in_a_thread_staff_started_shows_no_prices(priced, slack):
    root = "1700011300.000100"
    slack.event(sr.app_mention("<@UBOT> llama 3.1 8b 16bit", user="U0113", channel="C0113", ts=root), "EvG9")
    [first] = slack.fake.wait_for("chat.postMessage")
    assert "Preço" in text_of(first.params["blocks"])
    _quiet(slack)
    follow = {
        **sr.message("e com 32k de contexto?", user="UCONN0114", channel="C0113", thread_ts=root),
        **THEIRS,
    }
    slack.event(follow, "EvG10")
    second = slack.fake.wait_for("chat.postMessage", count=2)[1]
    _quiet(slack)
    said = text_of(second.params["blocks"])
    assert "Llama 3.1 8B" in said and "32k" in said and "Preço" not in said
    assert second.params["thread_ts"] == root


# -- Forms and markup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "workspace", "priced_shown"), [("U0119", "T0001", True), ("UCONN0120", "T7777", False)]
)
def test_a_form_submitted_from_another_organisations_workspace_shows_it_no_prices(
    priced, slack, who, workspace, priced_shown
):
    # In a Slack Connect channel the form's `team` and the view's `team_id` may name the submitter's own
    # workspace; `view.app_installed_team_id` names the one the app is installed in (bolt-python #734), and
    # `user.team_id` the submitter's (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload).
    meta = json.dumps({"channel_id": "C0119", "response_url": slack.fake.response_url("form")})
    raw = sr.view_submission(
        "gpu_form", {"model": {"model": "llama 3.1 8b"}}, user_id=who, private_metadata=meta
    )
    data = json.loads(parse_qs(raw)["payload"][0])
    data["user"]["team_id"] = data["team"]["id"] = data["view"]["team_id"] = workspace
    assert slack.send(urlencode({"payload": json.dumps(data)}))[0] == 200
    [answer] = slack.fake.wait_for("response_url")
    _quiet(slack)
    assert "Llama 3.1 8B" in text_of(answer.params["blocks"])
    assert ("Preço" in text_of(answer.params["blocks"])) is priced_shown
    assert [r["user_external"] for r in slack.rows()] == [int(not priced_shown)]


def test_a_form_closed_with_notify_on_close_is_acknowledged_and_nothing_is_sent(slack, caplog):
    # view_closed (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload#view_closed)
    view = json.loads(parse_qs(sr.view_submission("gpu_form", {}, private_metadata="{}"))["payload"][0])[
        "view"
    ]
    view["notify_on_close"] = True
    body = {"type": "view_closed", "team": {"id": "T0001", "domain": sr.TEAM_DOMAIN},
            "user": {"id": "U0115", "name": "u0115", "team_id": "T0001"}, "api_app_id": sr.APP_ID,
            "token": sr.VERIFICATION_TOKEN, "view": view, "is_cleared": False, "enterprise": None,
            "is_enterprise_install": False}  # fmt: skip
    slack.fake.clear()  # the app's own check of its token, when it started
    status, headers, _ = slack.send(urlencode({"payload": json.dumps(body)}))
    _quiet(slack)
    assert status == 200 and headers.get("x-slack-no-retry") == "1"
    assert _web_api(slack) == [] and slack.rows() == []
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]


@pytest.mark.parametrize(
    "typed",
    [
        "llama 3.1 8b fp8 <#C0123ABCD|geral>",  # a channel, as should_escape sends it
        "llama 3.1 8b fp8 pro <mailto:ana@acme.com.br|ana@acme.com.br>",  # an e-mail Slack linked
        "<@U0002|ana> <!subteam^S0123ABCD> llama 3.1 8b fp8 <!channel>",  # a person, a group without its label
    ],
)
def test_markup_slack_writes_in_a_command_is_not_the_question_nor_logged(slack, typed):
    # https://docs.slack.dev/messaging/formatting-message-text ("Retrieving messages")
    said = text_of(slack.command(typed)["blocks"])
    assert "Llama 3.1 8B" in said and "FP8" in said
    assert not any(w in said for w in ("geral", "C0123", "subteam", "S0123", "U0002", "Não entendi"))
    assert "ana@" not in slack.rows()[0]["text"]


# -- rich_text beside `text` ----------------------------------------------------------------------------


def _section(*elements: dict) -> dict:
    return {"type": "rich_text_section", "elements": list(elements)}


def _words(text: str) -> dict:
    return {"type": "text", "text": text}


# The question in a code block, and in an ordered list, as Slack's composer sends them: `text` in mrkdwn (the
# list numbered in it), `blocks` in rich_text (https://docs.slack.dev/reference/block-kit/blocks/rich-text-block).
ASKED_IN_BLOCKS = [
    ("<@UBOT> quanto precisa pra isso?\n```llama 3.1 70b fp8 20 usuários```",
     {"type": "rich_text_preformatted", "border": 0, "elements": [_words("llama 3.1 70b fp8 20 usuários")]}),
    ("<@UBOT> quanto precisa pra isso?\n1. llama 3.1 70b\n2. fp8\n3. 20 usuários",
     {"type": "rich_text_list", "style": "ordered", "indent": 0, "border": 0,
      "elements": [_section(_words("llama 3.1 70b")), _section(_words("fp8")), _section(_words("20 usuários"))]}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "container"), ASKED_IN_BLOCKS, ids=["code_block", "ordered_list"])
def test_a_mention_asking_in_a_code_block_or_a_list_is_answered_once(slack, text, container):
    lead = _section({"type": "user", "user_id": "UBOT"}, _words(" quanto precisa pra isso?\n"))
    blocks = [{"type": "rich_text", "block_id": "q1", "elements": [lead, container]}]
    asked = {**sr.app_mention(text, user="U0117", channel="C0117"), "blocks": blocks}
    slack.event(asked, "EvG12")
    # Slack sends the channel's copy too (message.channels): one answer all the same.
    slack.event({**asked, "type": "message", "channel_type": "channel"}, "EvG13")
    [answer] = slack.fake.wait_for("chat.postMessage")
    _quiet(slack)
    said = text_of(answer.params["blocks"])
    assert "Llama 3.1 70B" in said and "FP8" in said and "20 usuários" in said and "Não entendi" not in said
    assert len(slack.fake.calls("chat.postMessage")) == 1
