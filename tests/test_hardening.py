"""What an attack on the running app found, each played through the real app: signed (and forged) requests
into Bolt served on loopback, Slack's Web API played by FakeSlack, a real SQLite log. Faults of the
database and shutdowns are in test_faults.py; who is external in test_directory.py."""

from __future__ import annotations

import concurrent.futures
import csv
import io
import json
import logging
import os
import sqlite3
import stat
import time

import pytest

from bot import directory
from bot.log import reports

from . import slack_requests as sr
from .slack_harness import SECRET, serve, valid
from .slack_harness import database as _db
from .slack_harness import ephemeral as _ephemeral
from .slack_harness import payload as _payload
from .slack_harness import text_of as _text

MANAGER = "UMGR0001"
REP = "UREP0001"  # in the harness's sales team


@pytest.fixture
def slack(tmp_path):
    with serve(tmp_path, managers=MANAGER) as harness:
        yield harness


def _lead_card(slack, user="U0001") -> dict:
    reply = slack.command("70b 8bit 10 users", user_id=user)
    body = sr.block_actions("gpu_proposal", _payload(reply), user_id=user, response_url=slack.fake.response_url(),
                            container=_ephemeral())  # fmt: skip
    slack.send(body)
    [card] = slack.fake.wait_for("chat.postMessage")
    slack.settle()
    slack.wait_for_cards()
    slack.fake.clear()
    return card


def _press(slack, card, action_id, user, channel="CSALES01", **action) -> int:
    blocks = card.params["blocks"]
    actions = next(b for b in blocks if b["type"] == "actions")
    element = next(e for e in actions["elements"] if e["action_id"] == action_id)
    message = {"type": "message", "ts": "1700000000.000100", "text": "", "blocks": blocks}
    body = sr.block_actions(
        action_id, action.pop("value", element.get("value", "")), user_id=user, channel_id=channel,
        block_id=action.pop("block_id", actions["block_id"]), message=message, action=action,
        response_url=slack.fake.response_url("card"),
    )  # fmt: skip
    status, _, _ = slack.send(body)
    slack.settle()
    return status


def _told(slack) -> str:
    return "\n".join(_text(c.params.get("blocks") or []) for c in slack.fake.calls("response_url"))


def _refusals(slack) -> list[dict]:
    rows = _db(slack).execute("select actor, details from audit where action = 'refused' order by id")
    return [{"actor": r["actor"], **json.loads(r["details"])} for r in rows]


SELECT_LOST = {
    "type": "static_select",
    "selected_option": {"value": "lost", "text": {"type": "plain_text", "text": "Perdido"}},
}


# -- only the sales team works the leads, only in the sales channel ------------------------------------


def test_someone_outside_the_sales_team_cannot_work_a_lead_and_is_told_politely(slack):
    card = _lead_card(slack)
    # An external user (in a shared channel with the bot) tries to take the lead and mark it lost.
    assert _press(slack, card, "lead_claim", "UEXT0009") == 200
    assert _press(slack, card, "lead_status", "UEXT0009", **SELECT_LOST) == 200
    assert _press(slack, card, "lead_note", "U0002") == 200
    told = _told(slack)
    assert told.count("Só o time comercial trabalha os leads") == 3
    assert slack.fake.calls("chat.update") == [] and slack.fake.calls("views.open") == []
    lead = _db(slack).execute("select status, owner from leads").fetchone()
    assert (lead["status"], lead["owner"]) == ("new", None)
    assert [(r["actor"], r["command"], r["reason"]) for r in _refusals(slack)] == [
        ("UEXT0009", "lead_claim", "refused_team"),
        ("UEXT0009", "lead_status", "refused_team"),
        ("U0002", "lead_note", "refused_team"),
    ]


def test_the_sales_team_works_leads_only_in_the_sales_channel(slack):
    card = _lead_card(slack)
    _press(slack, card, "lead_claim", REP, channel="C0001")  # the card's buttons, pressed elsewhere
    assert "só são trabalhados no canal de vendas" in _told(slack)
    assert _db(slack).execute("select owner from leads").fetchone()[0] is None
    _press(slack, card, "lead_claim", REP)
    [update] = slack.fake.wait_for("chat.update")
    assert f"<@{REP}>" in _text(update.params["blocks"])
    assert [r["reason"] for r in _refusals(slack)] == ["refused_channel"]


def test_a_note_form_submitted_by_someone_outside_the_team_is_refused_on_the_form(slack):
    _lead_card(slack)
    note = sr.view_submission("lead_note", {"note": {"note": "marcar como perdido"}}, user_id="U0002",
                              private_metadata="1")  # fmt: skip
    status, _, body = slack.send(note)
    assert status == 200
    answer = json.loads(body)
    assert answer["response_action"] == "errors" and "time comercial" in answer["errors"]["note"]
    assert _db(slack).execute("select count(*) from lead_events where action = 'note'").fetchone()[0] == 0


def test_the_sales_team_can_be_a_slack_user_group(tmp_path):
    with serve(tmp_path, sales_team="S0SALES01") as slack:
        card = _lead_card(slack)
        # Slack cannot say who is in the group (it fails, even after the retry): nobody is let in...
        slack.fake.fail("usergroups.users.list", status=500, times=2)
        _press(slack, card, "lead_claim", "UREP0009")
        assert "Não consegui confirmar com o Slack" in _told(slack)
        # ...and the failure is not remembered: once Slack answers, members are in, others are not.
        members = {"S0SALES01": ["UREP0009"]}
        slack.fake.reply("usergroups.users.list", lambda p: {"users": members.get(p["usergroup"], [])})
        slack.fake.clear()
        _press(slack, card, "lead_claim", "U0001")
        assert "Só o time comercial" in _told(slack)
        _press(slack, card, "lead_claim", "UREP0009")
        [update] = slack.fake.wait_for("chat.update")
        assert "<@UREP0009>" in _text(update.params["blocks"])
        assert [r["reason"] for r in _refusals(slack)] == ["refused_unverified", "refused_team"]


def test_without_a_sales_team_nobody_works_the_leads(tmp_path):
    with serve(tmp_path, sales_team="") as slack:
        card = _lead_card(slack)
        _press(slack, card, "lead_claim", REP)
        assert "GPU_SIZER_SALES_TEAM" in _told(slack)
        assert _db(slack).execute("select owner from leads").fetchone()[0] is None


@pytest.mark.parametrize("value", ["abc", "1e9", "", "-1", "0x10", "1" * 40])
def test_a_card_button_with_a_lead_id_we_never_wrote_gets_a_polite_line(slack, value):
    card = _lead_card(slack)
    assert _press(slack, card, "lead_claim", REP, value=value) == 200
    assert _press(slack, card, "lead_note", REP, value=value) == 200
    assert _press(slack, card, "lead_status", REP, block_id=f"lead_{value}", **SELECT_LOST) == 200
    assert _told(slack).count("não é válido") == 3
    assert slack.fake.calls("chat.update") == []


def test_a_lead_id_that_does_not_exist_says_so(slack):
    card = _lead_card(slack)
    assert _press(slack, card, "lead_claim", REP, value="1000000000") == 200
    assert "não está mais no registro" in _told(slack)


# -- listener failures never become a 500 (Slack would show an error and retry) ------------------------


def test_a_failing_views_open_is_still_acknowledged(slack):
    slack.fake.fail("views.open", status=500, times=5)
    assert slack.command("") == {}  # /gpu alone opens the form
    slack.fake.wait_for("views.open")
    card = _lead_card(slack)
    slack.fake.fail("views.open", status=500, times=5)
    assert _press(slack, card, "lead_note", REP) == 200
    assert "Algo deu errado" in _told(slack)


@pytest.mark.parametrize("value", ["not json", "[1, 2]", '{"model": "no-such-model"}', ""])
def test_a_button_whose_value_is_not_a_workload_gets_a_polite_line(slack, value):
    body = sr.block_actions(
        "gpu_precision_8", value, response_url=slack.fake.response_url(), container=_ephemeral()
    )
    status, _, _ = slack.send(body)
    slack.settle()
    assert status == 200
    told = _told(slack)  # not a workload at all, or one naming what the catalogue does not know
    assert "não é mais válido" in told or "Não conheço o modelo" in told


@pytest.mark.parametrize("missing", ["ts", "channel", "user", "text"])
def test_events_missing_a_field_are_acknowledged_and_not_retried(slack, missing):
    mention = sr.app_mention("<@UBOT> 8b")
    message = sr.message("8b", channel="DU0001", channel_type="im")
    home = sr.app_home_opened()
    for i, event in enumerate((mention, message, home)):
        event.pop(missing, None)
        status, _, _ = slack.send(sr.event(event, event_id=f"EvMissing{i}"))
        assert status == 200
    slack.settle()
    if missing == "text":  # nothing to read is still a question: the help
        assert slack.fake.calls("chat.postMessage")
    else:
        assert slack.fake.calls("chat.postMessage") == []


def test_a_response_url_that_fails_costs_nothing_but_the_answer(slack):
    slack.fake.fail("response_url", status=500, times=5)
    reply = slack.command("70b 4bit")
    body = sr.block_actions(
        "gpu_precision_8", _payload(reply), response_url=slack.fake.response_url(), container=_ephemeral()
    )
    status, _, _ = slack.send(body)
    assert status == 200
    slack.settle()
    assert "Recomendação" in _text(slack.command("8b")["blocks"])


@pytest.mark.parametrize("search", ['""', '"', "AND", "NEAR(", "*", "---", "'", 'status:aberto ""'])
def test_any_manager_search_gets_a_view(slack, search):
    slack.command("70b 4bit")
    view = slack.command(f"log {search}", user_id=MANAGER)
    assert "Registro de pedidos" in _text(view["blocks"])
    valid(view["blocks"])


def test_a_command_whose_listener_fails_gets_a_polite_line_and_no_500(slack, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("secret text someone typed")

    monkeypatch.setattr(slack.services.pipeline, "ask", broken)
    with caplog.at_level(logging.ERROR):
        reply = slack.command("70b 4bit")
    assert "Algo deu errado" in reply["text"]
    assert "listener failed: RuntimeError at" in caplog.text
    assert "secret text" not in caplog.text


def test_a_sizing_bug_logs_where_it_happened_and_never_what_was_typed(slack, monkeypatch, caplog):
    # An unexpected error inside the engine: the person gets the polite line, the log gets the error's type
    # and our line of code, and not the exception's text, which may quote the question (server logs are
    # often shipped abroad).
    from bot import pipeline

    def broken(*args, **kwargs):
        raise ValueError("could not read 'meu cpf 123.456.789-09'")

    monkeypatch.setattr(pipeline, "size", broken)
    with caplog.at_level(logging.ERROR):
        reply = slack.command("70b 4bit 32k")
    assert "Algo deu errado" in reply["text"]
    assert "sizing failed (surface slash_command): ValueError at" in caplog.text
    assert "cpf" not in caplog.text and "123.456" not in caplog.text
    [row] = slack.rows()
    assert (row["outcome"], row["error_key"]) == ("failed", "ValueError")


# -- forged and replayed requests ------------------------------------------------------------------------


@pytest.mark.parametrize("timestamp", ["abc", "", "1e10", " 1", "-5", "99999999999999999999", "1.5"])
def test_unsigned_requests_with_a_bad_timestamp_get_401_and_leave_no_trace_in_the_log(
    slack, timestamp, caplog
):
    body, _ = sr.slash_command("70b <script>attacker</script>")
    headers = {
        "X-Slack-Request-Timestamp": timestamp,
        "X-Slack-Signature": "v0=<attacker>",
        "Content-Type": sr.FORM,
    }
    with caplog.at_level(logging.DEBUG):
        status, _, _ = sr.post(slack.url, body, headers)
    assert status == 401
    assert "attacker" not in caplog.text and "invalid literal" not in caplog.text
    assert slack.rows() == []


def test_a_replayed_signed_request_is_answered_once(slack):
    body, _ = sr.slash_command("70b 4bit", response_url=slack.fake.response_url())
    headers = sr.sign(body, SECRET)
    first = sr.post(slack.url, body, headers)
    again = sr.post(slack.url, body, headers)  # the same signed request, seconds later
    assert first[0] == again[0] == 200
    assert "Recomendação" in json.loads(first[2])["text"] and again[2] == ""
    event = sr.event(sr.app_mention("<@UBOT> 8b"), event_id="EvReplay")
    event_headers = sr.sign(event, SECRET)
    for _ in range(3):
        assert sr.post(slack.url, event, event_headers)[0] == 200
    slack.settle()
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert len(slack.rows()) == 2


def test_a_replay_to_another_worker_is_not_answered_either(tmp_path):
    # Two workers (two apps in one process here; gunicorn's are processes) share the log and its spool.
    with serve(tmp_path) as first, serve(tmp_path) as second:
        body, _ = sr.slash_command("70b 4bit", response_url=first.fake.response_url())
        headers = sr.sign(body, SECRET)
        assert "Recomendação" in json.loads(sr.post(first.url, body, headers)[2])["text"]
        assert sr.post(second.url, body, headers)[2] == ""
        event = sr.event(sr.app_mention("<@UBOT> 8b"), event_id="EvTwoWorkers")
        first.send(event)
        second.send(event, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
        first.settle()
        second.settle()
        assert len(first.fake.calls("chat.postMessage")) + len(second.fake.calls("chat.postMessage")) == 1


def test_app_home_is_drawn_once_when_slack_retries_the_event(slack):
    event = sr.app_home_opened("U0001")
    for retry in (None, 1, 2):
        assert slack.event(event, "EvHomeOnce", retry=retry) == 200
    slack.settle()
    assert len(slack.fake.calls("views.publish")) == 1


# -- concurrency, limits, other bots ---------------------------------------------------------------------


def test_two_quick_clicks_on_quero_uma_proposta_make_one_lead(slack):
    reply = slack.command("70b 8bit 10 users")

    def click(_):
        body = sr.block_actions("gpu_proposal", _payload(reply), response_url=slack.fake.response_url(),
                                container=_ephemeral())  # fmt: skip
        return slack.send(body)[0]

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert list(pool.map(click, range(2))) == [200, 200]
    slack.settle()
    slack.services.desk.wait()
    assert _db(slack).execute("select count(*) from leads").fetchone()[0] == 1
    assert len(slack.fake.wait_for("chat.postMessage")) == 1
    assert _told(slack).count("time comercial recebeu") == 2  # each click is confirmed


def test_three_thousand_angle_brackets_stay_inside_block_kit_limits(slack):
    for text in ("<" * 3000, "70b " + "<" * 2996, "8b 4bit " + "<&>" * 997):
        reply = slack.command(text)
        valid(reply["blocks"])
        assert all(len((b.get("text") or {}).get("text", "")) <= 3000 for b in reply["blocks"])
    assert [r["outcome"] for r in slack.rows()] == ["not_understood", "answered", "answered"]


def test_messages_from_other_bots_are_not_answered(slack):
    other = {**sr.app_mention("<@UBOT> 70b 4bit", user="UOTHERBOT"), "bot_id": "B0OTHER01"}
    assert slack.event(other, "EvBot1") == 200
    dm = {**sr.message("8b", user="UOTHERBOT", channel="DUOTHER", channel_type="im"), "bot_id": "B0OTHER01"}
    assert slack.event(dm, "EvBot2") == 200
    slack.settle()
    assert slack.fake.calls("chat.postMessage") == [] and slack.rows() == []


def test_a_bot_named_in_the_settings_is_answered(tmp_path):
    with serve(tmp_path, answer_bots="B0OTHER01") as slack:
        other = {**sr.app_mention("<@UBOT> 70b 4bit", user="UOTHERBOT"), "bot_id": "B0OTHER01"}
        slack.event(other, "EvBot3")
        third = {**sr.app_mention("<@UBOT> 8b", user="UTHIRD"), "bot_id": "B0THIRD01"}
        slack.event(third, "EvBot4")
        slack.settle()
        [post] = slack.fake.calls("chat.postMessage")
        assert "Llama 3.1 70B" in _text(post.params["blocks"])


# -- what managers read -----------------------------------------------------------------------------------


def test_formatting_in_a_question_cannot_leave_its_code_span_in_the_managers_view(slack):
    # Slack's own markup is read out of questions before they are logged (bot/slacktext.py); text from the
    # console or the terminal is logged as typed, backticks and all.
    from bot.pipeline import Where

    for typed in ("70b `*grátis*` _agora_ ~x~ `", "8b ``` <!here> *bold*"):
        slack.services.pipeline.ask(typed, Where("console", user_id="U0001"))
    view = slack.command("log", user_id=MANAGER)
    latest = next(b for b in view["blocks"] if b["type"] == "section")["text"]["text"]
    for line in latest.splitlines()[1:]:
        assert line.count("`") == 2, line  # one span, opened and closed
        inside = line.split("`")[1]
        assert "ˋ" in inside and "*" in inside  # the backticks are look-alikes; the stars stay inside
    assert "<!here>" not in latest


@pytest.mark.parametrize("text", [' =HYPERLINK("http://x")', "\t=1+1", "\n@SUM(A1)", "  +1", "＝1+1", "-2+3"])
def test_the_csv_guard_catches_formulas_behind_blanks(text):
    out = reports.to_csv([{"text": text}])
    [row] = list(csv.DictReader(io.StringIO(out)))
    assert row["text"].startswith("'")


def test_an_exported_csv_from_slack_carries_no_formula(slack):
    # A mention keeps the space after the bot's name: the cell starts with " =", which spreadsheets run.
    slack.event(sr.app_mention('<@UBOT> =HYPERLINK("http://evil.example","70b")'), "EvFormula")
    slack.settle()
    view = slack.command("log", user_id=MANAGER)
    export = next(b for b in view["blocks"] if b["type"] == "actions")["elements"][0]
    body = sr.block_actions(
        "log_export", export["value"], user_id=MANAGER, response_url=slack.fake.response_url()
    )
    slack.send(body)
    slack.fake.wait_for("file_upload", timeout=10)
    [upload] = [u for u in slack.fake.uploads.values() if u.get("content")]
    # For Excel in Portuguese: a byte-order mark and ";" between columns (reports.CsvFormat).
    [row] = list(csv.DictReader(io.StringIO(upload["content"].decode().lstrip("\ufeff")), delimiter=";"))
    assert row["text"].startswith("'") and row["text"].lstrip("' ").startswith("=HYPERLINK")


SECRETS = {
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0t\n-----END RSA PRIVATE KEY-----": "MIIEow",
    "IBAN BR15 0000 0000 0000 1093 2840 814P 2": "1093 2840",
    "RG 12.345.678-9": "345.678",
    "xoxc-1234567890-1234567890-abcdef": "abcdef",
    "sk_live_51H8abcdefghijklmnopqrstuvwx": "51H8",
}


def test_keys_ibans_and_rgs_in_a_question_reach_no_manager_view_and_no_csv(slack):
    for i, secret in enumerate(SECRETS):
        slack.event(sr.app_mention(f"<@UBOT> 70b 4bit, {secret}"), f"EvSecret{i}")
    slack.settle()
    view = slack.command("log", user_id=MANAGER)
    shown = _text(view["blocks"])
    slack.send(sr.event(sr.app_home_opened(MANAGER), event_id="EvSecretHome"))
    slack.settle()
    [home] = slack.fake.wait_for("views.publish")
    shown += _text(home.params["view"]["blocks"])
    export = next(b for b in view["blocks"] if b["type"] == "actions")["elements"][0]
    slack.send(sr.block_actions("log_export", export["value"], user_id=MANAGER,
                                response_url=slack.fake.response_url()))  # fmt: skip
    slack.fake.wait_for("file_upload", timeout=10)
    [upload] = [u for u in slack.fake.uploads.values() if u.get("content")]
    exported = upload["content"].decode()
    stored = " ".join(r["text"] for r in slack.rows())
    for secret, piece in SECRETS.items():
        assert piece not in stored and piece not in exported and piece not in shown, secret
    assert all(kind in stored for kind in ("[chave]", "[iban]", "[rg]"))


# -- bounds and permissions --------------------------------------------------------------------------------


def test_the_lookup_cache_is_bounded(slack, monkeypatch):
    monkeypatch.setattr(directory, "CACHE_LIMIT", 10)
    for i in range(25):
        slack.command("8b", user_id=f"UMANY{i:04d}")
    assert len(slack.services.directory._cache) <= 10


def test_a_long_message_is_stored_short_and_redacted(slack):
    text = "<@UBOT> 70b 4bit " + "contexto do cliente, ligue (11) 98765-4321. " * 900  # ~40,000 characters
    slack.event(sr.app_mention(text[:40_000]), "EvLong")
    [row] = slack.rows()
    assert len(row["text"]) <= 4000 and "98765" not in row["text"] and "[telefone]" in row["text"]


def test_the_log_and_its_spool_are_readable_by_this_user_only(slack, monkeypatch):
    slack.command("8b")
    slack.log.flush()
    for suffix in ("", "-wal", "-shm"):
        path = slack.db.with_name(slack.db.name + suffix)
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path

    def disk_full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(slack.log, "_write_batch", disk_full)
    slack.command("70b")
    deadline = time.monotonic() + 5
    while slack.log._spool.empty and time.monotonic() < deadline:
        time.sleep(0.05)
    spool = slack.services.settings.spool
    assert stat.S_IMODE(os.stat(spool).st_mode) == 0o700
    [file] = list(spool.glob("*.jsonl"))
    assert stat.S_IMODE(os.stat(file).st_mode) == 0o600
    monkeypatch.undo()


def test_a_log_created_world_readable_by_an_older_version_is_narrowed(tmp_path):
    path = tmp_path / "log.db"
    sqlite3.connect(path).close()
    path.chmod(0o644)
    with serve(tmp_path) as slack:
        slack.command("8b")
        slack.log.flush()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
