"""Issue #13's last gaps, each played through the real app: signed requests into Bolt on loopback, Slack's
Web API played by FakeSlack, a real SQLite log. Lead notes redacted like questions; a token Slack revoked
stops every worker, not only the one that heard of it; who is external when a slash command's own payload
names its workspace or organisation, or when Slack's lookups fail; organisation-wide installs."""

from __future__ import annotations

import concurrent.futures
import json
import time
import urllib.request
from urllib.parse import parse_qs, parse_qsl, urlencode

import pytest

from bot.log.logcli import main as gpu_log
from bot.log.migrations import MIGRATIONS, migrate

from . import slack_requests as sr
from .slack_fake import FakeSlack
from .slack_harness import SECRET, serve, text_of
from .slack_harness import database as _db
from .slack_harness import ephemeral as _ephemeral
from .slack_harness import payload as _payload
from .test_hardening import _lead_card
from .web_server import web_process

REP = "UREP0001"  # in the harness's sales team


def _lead(slack) -> int:
    """A lead opened by "Quero uma proposta" under an answer, its card posted; its id."""
    _lead_card(slack)
    [lead_id] = [r[0] for r in _db(slack).execute("select id from leads")]
    return lead_id


# -- lead notes are redacted like questions ----------------------------------------------------------------

# What a rep may paste from a customer's e-mail into a note, and a piece of it that must not survive.
NOTE_SECRETS = {
    "CPF 123.456.789-09": "456.789",
    "cartão 4111 1111 1111 1111": "1111 1111",
    "chave sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123": "abcdefghijklmnop",
    "token do slack xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp": "AbCdEfGh",
    "celular +55 11 98765-4321": "98765",
}


def test_a_note_with_a_cpf_a_card_and_a_key_reaches_no_card_no_log_and_no_export(slack, tmp_path, capsys):
    lead_id = _lead(slack)
    note = "cliente mandou: " + "; ".join(NOTE_SECRETS) + ". Começa em janeiro."
    form = sr.view_submission(
        "lead_note", {"note": {"note": note}}, user_id=REP, private_metadata=str(lead_id)
    )
    status, _, answer = slack.send(form)
    assert status == 200 and "errors" not in (answer or "")
    [update] = slack.fake.wait_for("chat.update", timeout=10)
    card = text_of(update.params["blocks"])
    assert "Começa em janeiro" in card and "[cpf]" in card and "[cartão]" in card and "[chave]" in card
    slack.log.flush()
    db = _db(slack)
    stored = [r[0] for r in db.execute("select note from leads union all select note from lead_events")]
    request_id = db.execute("select id from requests order by id limit 1").fetchone()[0]
    db.close()
    # What gpu-log shows of the request and its lead, and what a person's data export holds.
    assert gpu_log(["--db", str(slack.db), "show", str(request_id)]) == 0
    assert gpu_log(["--db", str(slack.db), "export", "--json", "--user", REP]) == 0
    shown = capsys.readouterr().out
    assert "Começa em janeiro" in shown
    for secret, piece in NOTE_SECRETS.items():
        assert piece not in card and piece not in shown, secret
        assert all(piece not in (s or "") for s in stored), secret


def test_notes_saved_before_redaction_are_redacted_when_the_log_is_opened(tmp_path):
    path = tmp_path / "log.db"  # where the harness keeps the log
    from sqlite_utils import Database

    old = Database(path)
    migrate(old, [m for m in MIGRATIONS if m[0] != "redact_lead_notes"])
    old.execute("insert into leads (created_at, updated_at, source, user_id, status, note)"
                " values ('2026-01-01', '2026-01-01', 'proposal', 'U1', 'new', 'CPF 123.456.789-09, ligar')")  # fmt: skip
    old.execute("insert into lead_events (lead_id, at, [by], action, note)"
                " values (1, '2026-01-01', 'UREP', 'note', 'CPF 123.456.789-09, ligar')")  # fmt: skip
    old.conn.commit()
    old.close()
    with serve(tmp_path) as slack:
        db = _db(slack)
        notes = [r[0] for r in db.execute("select note from leads union all select note from lead_events")]
        db.close()
    assert notes and all(n == "CPF [cpf], ligar" for n in notes)


# -- a revoked token stops every worker ------------------------------------------------------------------

REVOKED = {"type": "tokens_revoked", "tokens": {"oauth": [], "bot": ["UBOT"]}, "event_ts": "1.7"}


def _web_api(slack) -> list[str]:
    """The Web API methods the app called (a response_url is Slack's too, but needs no token)."""
    slack.settle()
    return [c.method for c in slack.fake.calls() if c.method != "response_url"]


def _healthz(slack) -> dict:
    with urllib.request.urlopen(slack.url.removesuffix("/slack/events") + "/healthz", timeout=5) as r:
        return json.loads(r.read())


def test_a_token_revoked_in_one_worker_stops_the_others_and_a_restart_with_it_back_resumes_all(tmp_path):
    # Two workers (two apps in one process here; gunicorn's are processes) share the log's file, each looking
    # at the mark on every call (a second apart when deployed).
    with serve(tmp_path, token_check_s=0) as first, serve(tmp_path, token_check_s=0) as second:
        second.answer("qwen2.5 7b 16bit", user_id="U0201")
        assert "users.info" in _web_api(second)
        # Slack tells the first worker; the second must not learn it from a refused call of its own.
        assert first.event(REVOKED, "EvRevoked1") == 200
        second.fake.clear()
        reply = second.answer("llama 3.1 8b 16bit", user_id="U0202", channel_id="C0202")
        assert "Llama 3.1 8B" in text_of(reply["blocks"])
        second.event(sr.app_mention("<@UBOT> llama 3.1 8b", user="U0203", channel="C0203"), "EvRevoked2")
        assert _web_api(second) == []
        # A monitor sees it on the worker that was not told.
        health = _healthz(second)
        assert health["status"] == "degraded" and health["slack_token"] == "token_revoked"
        assert "Slack bot token gone (token_revoked)" in health["problems"]
        # The app reinstated with the same token, and a worker started again: its first call (Bolt's
        # auth.test) works, and every worker calls Slack again.
        with serve(tmp_path, token_check_s=0) as restarted:
            restarted.answer("qwen2.5 7b 8bit", user_id="U0204")
            assert "users.info" in _web_api(restarted)
        second.fake.clear()
        second.answer("qwen2.5 7b 4bit", user_id="U0205")
        assert "users.info" in _web_api(second)
        assert "slack_token" not in _healthz(second)


# -- who is external: Slack's lookups failing, and what a command's payload says ---------------------------


def _asked_on(slack, surface: str, user: str) -> str:
    """`user` asks about Qwen2.5 7B on `surface` (with ids of their own); what they were shown."""
    if surface == "command":
        return text_of(slack.answer("qwen2.5 7b 16bit", user_id=user, channel_id="C0301")["blocks"])
    if surface == "button":
        value = _payload(slack.answer("qwen2.5 7b 16bit", user_id=user, channel_id="C0301"))
        slack.send(sr.block_actions("gpu_precision_8", value, user_id=user, container=_ephemeral("C0301"),
                                    response_url=slack.fake.response_url("pressed")))  # fmt: skip
    elif surface == "shortcut":
        slack.send(sr.message_shortcut(sr.message("qwen2.5 7b 16bit", channel="C0301"), user_id=user,
                                       channel_id="C0301", response_url=slack.fake.response_url("picked")))  # fmt: skip
    else:  # the guided form, opened from a conversation
        meta = json.dumps({"channel_id": "C0301", "response_url": slack.fake.response_url("form")})
        model = {"model": {"model": {"type": "static_select", "selected_option": {"value": "qwen2.5-7b"}}}}
        slack.send(sr.view_submission("gpu_form", model, user_id=user, private_metadata=meta))
    slack.settle()
    [answer] = [
        c for c in slack.fake.calls("response_url") if c.params.get("_name") in ("pressed", "picked", "form")
    ]
    return text_of(answer.params["blocks"])


SURFACES = ["command", "button", "shortcut", "form"]


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("fault", ["failing", "rate_limited", "slow"])
def test_a_person_slack_cannot_tell_us_about_counts_as_external_everywhere(priced, slack, surface, fault):
    if fault == "failing":
        slack.fake.fail("users.info", status=500, times=50)
    elif fault == "rate_limited":
        slack.fake.fail("users.info", status=429, headers={"Retry-After": "30"}, times=50)
    else:
        slack.fake.delay("users.info", 3)  # past the lookups' 2 s client timeout
    shown = _asked_on(slack, surface, "U0301")
    assert "Qwen2.5 7B" in shown and "Preço" not in shown
    rows = [r for r in slack.rows() if r["user_id"] == "U0301"]
    assert rows and all(r["user_external"] == 1 for r in rows)


def _ours(p: dict) -> dict:
    """users.info for an Enterprise Grid of ours (E0001) with two workspaces, T0001 (where our people are)
    and T0002; anyone whose id starts with UCONN is another organisation's (E0999), with no is_stranger."""
    user = str(p.get("user"))
    theirs = user.startswith("UCONN")
    return {"user": {"id": user, "team_id": "T9999" if theirs else "T0001", "locale": "pt-BR",
                     "enterprise_user": {"enterprise_id": "E0999" if theirs else "E0001"}}}  # fmt: skip


@pytest.mark.parametrize(
    ("fields", "external"),
    [
        # A workspace of another organisation, as the command's own payload names it: external, even with
        # users.info answering as if for one of ours.
        ({"team_id": "T9999"}, 1),
        ({"team_id": "T9999", "enterprise_id": "E0999", "is_enterprise_install": "false"}, 1),
        # Another workspace of our own Enterprise Grid (an org-wide install names the organisation): staff.
        ({"team_id": "T0002", "enterprise_id": "E0001", "is_enterprise_install": "true"}, 0),
        ({"team_id": "T0001", "enterprise_id": "E0001", "is_enterprise_install": "true"}, 0),
    ],
)
def test_a_commands_own_workspace_and_organisation_decide_with_users_info(priced, slack, fields, external):
    slack.fake.reply("users.info", _ours)
    slack.fake.reply(
        "auth.test", {"team_id": "T0001", "enterprise_id": "E0001", "user_id": "UBOT", "bot_id": "BBOT"}
    )
    body, _ = sr.slash_command("qwen2.5 7b 16bit", user_id="U0302", response_url=slack.fake.response_url())
    sent = {**dict(parse_qsl(body, keep_blank_values=True)), **fields}
    status, _, reply = slack.send(urlencode(sent))
    assert status == 200
    shown = text_of(json.loads(reply)["blocks"])
    assert "Qwen2.5 7B" in shown and ("Preço" in shown) is not bool(external)
    [row] = slack.rows()
    assert row["user_external"] == external


# -- organisation-wide (Enterprise Grid) installs ----------------------------------------------------------


def _org_wide(slack) -> None:
    """Our app installed for the whole organisation E0001 (workspaces T0001 and T0002): auth.test names the
    organisation and no workspace (https://api.slack.com/enterprise/apps/reference)."""
    slack.fake.reply("auth.test", {"enterprise_id": "E0001", "user_id": "UBOT", "bot_id": "BBOT",
                                   "is_enterprise_install": True})  # fmt: skip
    slack.fake.reply("users.info", _ours)


def _org_event(event: dict, event_id: str) -> str:
    """An Events API envelope for an org-wide install: its authorization names the organisation, the
    envelope the workspace the event happened in (https://api.slack.com/enterprise/apps/changes-apis)."""
    body = json.loads(sr.event(event, event_id, team_id="T0002"))
    body.update(enterprise_id="E0001", context_team_id="T0002", context_enterprise_id="E0001")
    body["authorizations"] = [{"enterprise_id": "E0001", "team_id": None, "user_id": "UBOT", "is_bot": True,
                               "is_enterprise_install": True}]  # fmt: skip
    return json.dumps(body)


@pytest.mark.parametrize(("user", "external"), [("W0401", 0), ("UCONN0401", 1)])
def test_an_org_wide_install_answers_commands_mentions_dms_and_app_home_in_the_workspace_asked(
    priced, slack, user, external
):
    _org_wide(slack)
    fields = {"team_id": "T0002", "enterprise_id": "E0001", "enterprise_name": "Nossa Nuvem",
              "is_enterprise_install": "true", "user_id": user, "channel_id": "C0401"}  # fmt: skip
    body, _ = sr.slash_command("qwen2.5 7b 16bit", response_url=slack.fake.response_url())
    status, _, reply = slack.send(urlencode({**dict(parse_qsl(body, keep_blank_values=True)), **fields}))
    assert status == 200 and ("Preço" in text_of(json.loads(reply)["blocks"])) is not bool(external)
    theirs = {"user_team": "T9999"} if external else {}
    slack.send(_org_event({**sr.app_mention("<@UBOT> qwen2.5 7b 16bit", user=user, channel="C0402"), **theirs},
                          "EvOrg1"))  # fmt: skip
    dm = sr.message("qwen2.5 7b 8bit", user=user, channel="D0403", channel_type="im")
    slack.send(_org_event({**dm, **theirs}, "EvOrg2"))
    slack.send(_org_event(sr.app_home_opened(user), "EvOrg3"))
    slack.settle()
    posted = {c.params["channel"]: c for c in slack.fake.calls("chat.postMessage")}
    assert set(posted) == {"C0402", "D0403"}
    [home] = slack.fake.wait_for("views.publish")
    # Each call names the workspace the request came for: what an org-level token needs to act there.
    for call in [*posted.values(), home]:
        assert call.params.get("team_id") == "T0002", call.method
    for call in posted.values():
        assert "Qwen2.5 7B" in text_of(call.params["blocks"])
        assert ("Preço" in text_of(call.params["blocks"])) is not bool(external)
    rows = slack.rows()
    assert sorted((r["surface"], r["team_id"], r["user_external"]) for r in rows) == sorted(
        (s, "T0002", external) for s in ("slash_command", "mention", "dm")
    )


def test_a_button_pressed_in_an_org_wide_install_by_another_organisation_is_not_sent_to_their_workspace(
    priced, slack
):
    _org_wide(slack)
    value = _payload(slack.command("qwen2.5 7b 16bit", user_id="W0405", team_id="T0002"))
    # Org-wide interaction payloads carry `team: null`; user.team_id is the presser's own workspace, here
    # another organisation's (Slack Connect).
    payload = json.loads(parse_qs(sr.block_actions("gpu_precision_8", value, user_id="UCONN0405",
                                                   container=_ephemeral("C0405")))["payload"][0])  # fmt: skip
    del payload["response_url"]  # documented as optional: the answer goes by chat.postEphemeral
    payload.update(team=None, enterprise={"id": "E0001", "name": "Nossa Nuvem"}, is_enterprise_install=True)
    payload["user"]["team_id"] = "T9999"
    assert slack.send(urlencode({"payload": json.dumps(payload)}))[0] == 200
    [posted] = slack.fake.wait_for("chat.postEphemeral")
    slack.settle()
    assert posted.params["channel"] == "C0405" and posted.params["user"] == "UCONN0405"
    assert posted.params.get("team_id") != "T9999"
    assert "FP8" in text_of(posted.params["blocks"]) and "Preço" not in text_of(posted.params["blocks"])
    [row] = [r for r in slack.rows() if r["user_id"] == "UCONN0405"]
    assert (row["user_external"], row["team_id"]) == (1, "E0001")


def _workers_up(web, count: int, timeout: float = 30) -> None:
    """Waits until `count` gunicorn workers have started (/healthz answers once the first one has)."""
    deadline = time.monotonic() + timeout
    while web.output().count("gpu-sizer worker answering Slack") < count:
        assert time.monotonic() < deadline, web.output()
        time.sleep(0.05)


def test_through_gunicorn_a_revoked_token_stops_every_worker(tmp_path):
    # As deployed: gunicorn, two workers. Slack tells one of them; from then on it refuses the token.
    # Each worker looks at the shared mark before every call (a second apart at most when deployed): the
    # other worker has learned it as soon as the told one has answered Slack, with no wait to guess.
    env = {"WEB_CONCURRENCY": "2", "GPU_SIZER_TOKEN_CHECK_S": "0"}
    with FakeSlack() as fake, web_process(tmp_path, fake, env=env) as web:
        url = f"{web.base}/slack/events"
        _workers_up(web, 2)
        fake.clear()  # the workers' starts
        for method in ("auth.test", "users.info", "conversations.info", "chat.postMessage"):
            fake.fail(method, status=200, body={"ok": False, "error": "token_revoked"}, times=200)
        told = sr.event(REVOKED, event_id="EvGunicorn1")
        assert sr.post(url, told, sr.sign(told, SECRET))[0] == 200

        def ask(i: int) -> int:
            body, _ = sr.slash_command(f"qwen2.5 7b {i + 1} users", user_id=f"U06{i:02d}", channel_id=f"C06{i:02d}",
                                       response_url=fake.response_url(f"gunicorn{i}"))  # fmt: skip
            return sr.post(url, body, sr.sign(body, SECRET), timeout=15)[0]

        # Enough at once that both workers take some.
        with concurrent.futures.ThreadPoolExecutor(12) as pool:
            assert set(pool.map(ask, range(24))) == {200}
        time.sleep(0.5)
        assert [c.method for c in fake.calls() if c.method != "response_url"] == []


def test_a_worker_started_after_the_token_is_revoked_boots_degraded_and_answers(tmp_path):
    # gunicorn restarts a worker (it crashed, it timed out, a deploy) after Slack revoked the token: Bolt's
    # start-up auth.test was refused, the worker failed to boot and gunicorn stopped the whole web process
    # ("Worker failed to boot"), found as a flaky run of the test above. The identity auth.test last gave is
    # kept in the log's file: the worker boots on it, degraded, and /gpu is still answered in its acknowledgement.
    with FakeSlack() as fake:
        with web_process(tmp_path, fake, name="first") as web:  # the token works: auth.test's answer is kept
            told = sr.event(REVOKED, event_id="EvBoot1")
            assert sr.post(f"{web.base}/slack/events", told, sr.sign(told, SECRET))[0] == 200
        fake.fail("auth.test", status=200, body={"ok": False, "error": "token_revoked"}, times=50)
        with web_process(tmp_path, fake, name="second") as web:
            with urllib.request.urlopen(web.base + "/healthz", timeout=5) as r:
                assert json.loads(r.read())["status"] == "degraded"
            body, _ = sr.slash_command("qwen2.5 7b 4 users", user_id="U0701", channel_id="C0701")
            status, _, answer = sr.post(f"{web.base}/slack/events", body, sr.sign(body, SECRET), timeout=15)
            assert status == 200 and "Qwen2.5 7B" in answer
            assert "Worker failed to boot" not in web.output()
            assert "auth.test answered from what it last said" in web.output()


def test_a_token_that_never_worked_still_stops_the_start(tmp_path):
    # A wrong token at the first deploy has no identity to boot on: the start fails loudly, as before.
    with FakeSlack() as fake:
        fake.fail("auth.test", status=200, body={"ok": False, "error": "invalid_auth"}, times=50)
        with (
            pytest.raises(RuntimeError, match="did not start"),
            web_process(tmp_path, fake, start_timeout=20),
        ):
            pass
