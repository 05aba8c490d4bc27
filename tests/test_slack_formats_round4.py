"""Requests shaped as Slack documents them, fourth round: the app's bot token revoked or the app uninstalled
(and only people's own tokens revoked), the close of a form that asked to be told, Enterprise Grid and Slack
Connect payloads, rich_text and markup as Slack sends them. Signed requests into the real app on loopback,
FakeSlack for the Web API, a real SQLite request log."""

from __future__ import annotations

import time

import pytest

from . import slack_requests as sr
from .slack_harness import text_of


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
def test_once_slack_says_the_token_is_gone_a_command_is_answered_without_using_it(slack, gone):
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
