"""Who is external when an event or an interaction names the person's workspace without `user_team`:
Slack's message and app_mention events carry `team` (and `user_profile.team`) for the author's workspace
(@slack/types GenericMessageEvent, AppMentionEvent), interactions `user.team_id`. Another workspace than
the one the request came for means another organisation's person, unless users.info vouches they are ours
(issue #13: never treat an unknown as internal). Signed requests into the real app (tests/slack_harness.py)."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlencode

from . import slack_requests as sr
from .slack_harness import text_of


def test_a_mention_whose_team_is_another_workspace_is_from_a_customer(priced, slack):
    # No user_team: the event's `team` names the author's workspace, another organisation's.
    slack.event({**sr.app_mention("<@UBOT> llama 3.1 8b", user="UCONN0002"), "team": "T9999"}, "EvXT1")
    slack.event({**sr.app_mention("<@UBOT> llama 3.1 8b", user="U0001"), "team": "T0001"}, "EvXT2")
    slack.settle()
    assert sorted((r["user_id"], r["user_external"]) for r in slack.rows()) == [
        ("U0001", 0),
        ("UCONN0002", 1),
    ]
    prices = ["Preço" in text_of(c.params["blocks"]) for c in slack.fake.calls("chat.postMessage")]
    assert sorted(prices) == [False, True]


def test_a_user_profile_naming_another_workspace_is_a_customer_too(slack):
    event = {**sr.message("llama 3.1 8b 16bit", user="UCONN0003", channel="DCONN0003", channel_type="im")}
    del event["team"]
    event["user_profile"] = {"team": "T9999", "name": "cliente"}
    slack.event(event, "EvXT3")
    [posted] = slack.fake.wait_for("chat.postMessage")
    assert "Este bot registra a pergunta" in text_of(posted.params["blocks"])
    assert [r["user_external"] for r in slack.rows()] == [1]


def test_a_button_pressed_by_someone_of_another_workspace_is_theirs_as_a_customer(slack):
    reply = slack.command("qwen2.5 7b 16bit")
    button = next(b for b in reply["blocks"] if b["type"] == "actions")["elements"][0]
    # user.team_id names the presser's workspace; team.id the one the button was pressed in.
    raw = sr.block_actions(button["action_id"], button["value"], user_id="UCONN0004",
                           response_url=slack.fake.response_url())  # fmt: skip
    payload = json.loads(parse_qs(raw)["payload"][0])
    payload["user"]["team_id"] = "T9999"
    slack.send(urlencode({"payload": json.dumps(payload)}))
    slack.settle()
    rows = [r for r in slack.rows() if r["user_id"] == "UCONN0004"]
    assert rows and all(r["user_external"] == 1 for r in rows)


def test_a_shortcut_picked_by_someone_of_another_workspace_logs_them_as_external(slack):
    # message_action: team.id is the workspace the shortcut was used in, user.team_id the picker's own.
    raw = sr.message_shortcut(sr.message("llama 3.1 8b 16bit"), user_id="UCONN0005",
                              response_url=slack.fake.response_url("shortcut"))  # fmt: skip
    payload = json.loads(parse_qs(raw)["payload"][0])
    payload["user"]["team_id"] = "T9999"
    status, _, _ = slack.send(urlencode({"payload": json.dumps(payload)}))
    assert status == 200
    slack.fake.wait_for("response_url")
    slack.settle()
    assert [(r["surface"], r["user_external"]) for r in slack.rows()] == [("shortcut", 1)]
