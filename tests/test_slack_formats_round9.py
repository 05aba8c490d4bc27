"""Requests shaped as Slack documents them, ninth round: a link to another bot's card (a CRM's, a
workflow's) told from a link to one of the app's own answers; a card's title beside the request its fields
hold; snippets whose text Slack sends in the event. Signed requests into the real app on loopback, FakeSlack
for the Web API, a real SQLite request log."""

from __future__ import annotations

import pytest

from . import slack_requests as sr
from .slack_harness import text_of
from .test_slack_formats_round3 import WAIT, _quiet, _said
from .test_slack_formats_round8 import CARDS

# -- A link to another bot's card --------------------------------------------------------------------------


def _served(slack, message: dict) -> str:
    """`message` as conversations.replies returns it in the public channel C0901; a permalink to it
    (https://docs.slack.dev/reference/methods/chat.getPermalink)."""
    ts = message["ts"]
    slack.fake.reply("conversations.replies", lambda p: {"messages": [message] if p.get("ts") == ts else []})
    slack.fake.reply(
        "conversations.info", {"channel": {"id": "C0901", "is_channel": True, "is_private": False}}
    )
    return f"https://nossanuvem.slack.com/archives/C0901/p{ts.replace('.', '')}"


_CRM_CARD = {**CARDS["section_under_a_summary"], "ts": "1700200000.000100"}


@pytest.mark.parametrize("where", ["mention", "dm", "command"])
def test_a_link_to_another_bots_card_is_read_as_that_card(slack, where):
    # "quanto precisa pra isso? <link to the CRM's card>": every bot's post had been taken for one of the
    # app's own answers and left unread ("Não entendi o pedido").
    link = _served(slack, _CRM_CARD)
    if where == "command":
        said = text_of(slack.answer(f"quanto precisa pra isso? <{link}>")["blocks"])
    else:
        event = (
            sr.app_mention(f"<@UBOT> quanto precisa pra isso? <{link}>", channel="C0902")
            if where == "mention"
            else sr.message(
                f"quanto precisa pra isso? <{link}>", channel="DU0901", channel_type="im", user="U0901"
            )
        )
        assert slack.event(event, f"EvS9{where}") == 200
        [answer] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
        said = _said(answer)
    _quiet(slack)
    assert "Llama 3.1 70B" in said and "50 usuários" in said and "Não entendi" not in said
    [row] = slack.rows()
    assert row["outcome"] == "answered" and "llama 3.1 70b" in row["text"]


def test_a_link_to_the_apps_own_answer_posted_as_its_app_is_still_no_question(slack):
    # The app's answer as another installation's copy of Slack may return it: its bot user and app named,
    # no bot_id this test's app knows. It is no customer's question.
    answer = {"type": "message", "user": sr.BOT_USER_ID, "bot_profile": {"id": "B0ELSE", "app_id": sr.APP_ID},
              "text": "Llama 3.1 70B · 50 usuários", "ts": "1700200100.000100"}  # fmt: skip
    link = _served(slack, answer)
    assert slack.event(sr.app_mention(f"<@UBOT> e em 4 bits? <{link}>", channel="C0903"), "EvS9own") == 200
    [reply] = slack.fake.wait_for("chat.postMessage", timeout=WAIT)
    _quiet(slack)
    assert "Llama 3.1 70B" not in _said(reply)
