"""Issue #13's last gaps, each played through the real app: signed requests into Bolt on loopback, Slack's
Web API played by FakeSlack, a real SQLite log. Lead notes redacted like questions; a token Slack revoked
stops every worker, not only the one that heard of it; who is external when a slash command's own payload
names its workspace or organisation, or when Slack's lookups fail; organisation-wide installs."""

from __future__ import annotations

import pytest

from bot import slack_client
from bot.log.logcli import main as gpu_log
from bot.log.migrations import MIGRATIONS, migrate

from . import slack_requests as sr
from .slack_harness import database as _db
from .slack_harness import ephemeral as _ephemeral
from .slack_harness import payload as _payload
from .slack_harness import serve, text_of

MANAGER = "UMGR0001"
REP = "UREP0001"  # in the harness's sales team


@pytest.fixture
def slack(tmp_path):
    with serve(tmp_path, managers=MANAGER) as harness:
        yield harness


def _lead(slack, user: str = "U0001") -> int:
    """A lead opened by "Quero uma proposta" under an answer, its card posted; its id."""
    reply = slack.command("70b 8bit 10 users", user_id=user)
    body = sr.block_actions("gpu_proposal", _payload(reply), user_id=user, response_url=slack.fake.response_url(),
                            container=_ephemeral())  # fmt: skip
    slack.send(body)
    slack.fake.wait_for("chat.postMessage", timeout=10)
    slack.settle()
    slack.wait_for_cards()
    slack.fake.clear()
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


def test_a_token_revoked_in_one_worker_stops_the_others_and_a_restart_with_it_back_resumes_all(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(slack_client, "MARK_CHECK_S", 0.0)  # each call looks (a second apart when deployed)
    # Two workers (two apps in one process here; gunicorn's are processes) share the log's file.
    with serve(tmp_path) as first, serve(tmp_path) as second:
        second.answer("qwen2.5 7b 16bit", user_id="U0201")
        assert "users.info" in _web_api(second)
        # Slack tells the first worker; the second must not learn it from a refused call of its own.
        assert first.event(REVOKED, "EvRevoked1") == 200
        second.fake.clear()
        reply = second.answer("llama 3.1 8b 16bit", user_id="U0202", channel_id="C0202")
        assert "Llama 3.1 8B" in text_of(reply["blocks"])
        second.event(sr.app_mention("<@UBOT> llama 3.1 8b", user="U0203", channel="C0203"), "EvRevoked2")
        assert _web_api(second) == []
        # The app reinstated with the same token, and a worker started again: its first call (Bolt's
        # auth.test) works, and every worker calls Slack again.
        with serve(tmp_path) as restarted:
            restarted.answer("qwen2.5 7b 8bit", user_id="U0204")
            assert "users.info" in _web_api(restarted)
        second.fake.clear()
        second.answer("qwen2.5 7b 4bit", user_id="U0205")
        assert "users.info" in _web_api(second)
