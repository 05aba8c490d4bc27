"""What every request to the Slack app costs besides its answer: the listeners' Web API client, made once
per workspace rather than once per request, still names the workspace each request came for and still
stops at the token's gate."""

from __future__ import annotations

import json

from bot import slack_client
from tests import slack_requests as sr


def _org_wide(slack) -> None:
    """Installed for the whole organisation E0001, so that each workspace's calls name it
    (https://api.slack.com/enterprise/apps/changes-apis)."""
    slack.fake.reply("auth.test", {"enterprise_id": "E0001", "user_id": "UBOT", "bot_id": "BBOT",
                                   "is_enterprise_install": True})  # fmt: skip


def _mention(slack, text: str, team: str, n: int) -> None:
    body = json.loads(sr.event(sr.app_mention(f"<@UBOT> {text}", channel=f"C00{n:02d}", user="W0001"),
                               f"EvPath{n}", team_id=team))  # fmt: skip
    body.update(enterprise_id="E0001", context_team_id=team, context_enterprise_id="E0001")
    body["authorizations"] = [{"enterprise_id": "E0001", "team_id": None, "user_id": "UBOT", "is_bot": True,
                               "is_enterprise_install": True}]  # fmt: skip
    assert slack.send(json.dumps(body))[0] == 200


def _counting_clients(monkeypatch) -> list[str | None]:
    built: list[str | None] = []
    real = slack_client.GatedClient.__init__

    def counted(self, *args, **kwargs) -> None:
        built.append(kwargs.get("team_id"))
        real(self, *args, **kwargs)

    monkeypatch.setattr(slack_client.GatedClient, "__init__", counted)
    return built


def test_each_workspace_s_answers_name_it_though_its_client_is_made_once(slack, monkeypatch):
    _org_wide(slack)
    built = _counting_clients(monkeypatch)
    teams = ["T0001", "T0002", "T0002", "T0001", "T0002", "T0001"]
    for n, team in enumerate(teams):
        _mention(slack, "qwen2.5 7b 16bit", team, n)
        slack.settle()
    posted = sorted(slack.fake.calls("chat.postMessage"), key=lambda c: c.params["channel"])
    assert [c.params.get("team_id") for c in posted] == teams
    assert all("Qwen2.5 7B" in json.dumps(c.params["blocks"], ensure_ascii=False) for c in posted)
    # One client a workspace, made by its first request (it had been one a request: six).
    assert sorted(built) == ["T0001", "T0002"]


def test_a_workspace_s_kept_client_stops_at_the_gate_once_the_token_is_gone(slack, monkeypatch):
    _org_wide(slack)
    _mention(slack, "qwen2.5 7b 16bit", "T0002", 1)
    slack.settle()
    assert len(slack.fake.calls("chat.postMessage")) == 1
    slack.services.client.gate.close("token_revoked")
    _mention(slack, "llama 3.1 8b", "T0002", 2)
    slack.settle()
    # The answer is not posted with a token Slack revoked, by the client the workspace already had: its row
    # says it failed.
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert [r["outcome"] for r in slack.rows(surface="mention")] == ["answered", "failed"]
