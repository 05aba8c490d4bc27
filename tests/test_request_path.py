"""What every request to the Slack app does besides its answer, and what it no longer does: the listeners'
Web API client, made once per workspace rather than once per request, still names the workspace each
request came for and still stops at the token's gate; an answer's JSON is encoded once, whoever asks it
again; no Block Kit model validates and no template is looked up on an answer's way out."""

from __future__ import annotations

import json

from jinja2 import Environment
from slack_sdk.models.blocks import Block

from bot import blocks, slack_client
from tests import slack_requests as sr
from tests.slack_harness import text_of, valid


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


def _counting(monkeypatch, owner, name: str) -> list:
    calls: list = []
    real = getattr(owner, name)
    monkeypatch.setattr(owner, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


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


def test_an_answer_asked_again_leaves_as_the_json_encoded_for_its_first_asker(slack, monkeypatch):
    encoded = _counting(monkeypatch, blocks, "_utf8_kept")
    first = slack.command("mistral 7b fp8 8k 12 usuários", user_id="U0000001")
    again = [slack.command("mistral 7b fp8 8k 12 usuários", user_id=u) for u in ("U0000002", "U0000003")]
    other = slack.command("qwen2.5 14b int4 4k 30 usuários", user_id="U0000002")
    assert "Mistral 7B" in text_of(first["blocks"]) and "Qwen2.5 14B" in text_of(other["blocks"])
    assert all(reply == first for reply in again)
    # One encoding an answer, made by its first asker and sent as it is to the next ones.
    assert len(encoded) == 2


def test_no_block_kit_model_or_template_lookup_runs_on_an_answer_s_way_out(slack, monkeypatch):
    slack.command("llama 3.1 8b 8k 10 usuários")  # the answer's template looked up for its language
    parsed = _counting(monkeypatch, Block, "parse")
    looked_up = _counting(monkeypatch, Environment, "get_template")
    replies = [slack.command(text) for text in ("llama 3.1 70b fp8 32k 40 usuários", "8b qlora seq 4096",
                                                 "qwen 32b int4 16k 25 usuários, e a h200?")]  # fmt: skip
    assert (parsed, looked_up) == ([], [])
    monkeypatch.undo()
    # Valid Block Kit all the same: the templates are proven so by the tests, not on every request.
    for reply in replies:
        valid(reply["blocks"])
