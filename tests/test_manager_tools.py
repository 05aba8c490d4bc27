"""The managers' and the sales team's tools as they are used every day, through the real app (signed
requests, FakeSlack, a real SQLite log filled by the app's own writer) and the `gpu-log` command: the filters
a manager types on a Monday morning, what a view says it counted, a lead's history, and a data subject's
requests (LGPD Art. 18)."""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.log import logcli

from . import slack_requests as sr
from .slack_harness import database, ephemeral, serve, text_of, valid
from .test_slack_sales import _ask_for_proposal

MANAGER = "UMGR0001"
EN_MANAGER = "UENMGR01"  # the fake Slack gives users whose id starts with UEN an English locale
PT_MANAGER = "UPTMGR01"  # ... and UPT a European Portuguese one
CUSTOMER = "UEXT0001"  # a guest from another organisation (the fake Slack's UEXT users)
README = Path(__file__).resolve().parents[1] / "README.md"

QUESTIONS = (
    ("70b 4bit 32k 10users", "U0001", "C0001"),
    ("8b qlora", CUSTOMER, "CEXT0001"),  # a shared channel
    ("llama 3.1 8b bf16 produção 20 usuários", "U0003", "C0002"),  # production: a lead of its own
)


@pytest.fixture
def slack(tmp_path):
    with serve(tmp_path, managers=f"{MANAGER},{EN_MANAGER},{PT_MANAGER}") as harness:
        yield harness


@pytest.fixture
def asked(slack):
    """The app with three questions logged: a rep's, a customer's in a shared channel, and one that became
    an open lead."""
    for text, user, channel in QUESTIONS:
        slack.command(text, user_id=user, channel_id=channel)
    slack.fake.wait_for("chat.postMessage")
    slack.wait_for_cards()
    slack.settle()
    return slack


def _view(slack, typed: str, user: str = MANAGER) -> tuple[str, str]:
    """What a manager reads at the top of `/gpu log <typed>`: the line of filters and the latest requests
    (or the one sentence that came instead, twice). The blocks are checked valid Block Kit."""
    reply = slack.command(f"log {typed}", user_id=user)
    valid(reply["blocks"])
    if reply["blocks"][0]["type"] != "header":
        sentence = text_of(reply["blocks"])
        return sentence, sentence
    return text_of(reply["blocks"][1:2]), text_of(reply["blocks"][2:3])


def _latest_first_of_november() -> str:
    today = datetime.now(UTC).date()
    return f"{today.year if (today.month, today.day) >= (11, 1) else today.year - 1}-11-01"


@pytest.mark.parametrize(
    ("typed", "read", "shown"),
    [
        ("só externos", "quem: só externos", {"8b qlora"}),
        ("internos", "quem: só internos", {"70b 4bit 32k 10users", "llama 3.1 8b bf16 produção 20 usuários"}),
        ("quem:externos", "quem: só externos", {"8b qlora"}),
        ("leads abertos", "status: em aberto", {"llama 3.1 8b bf16 produção 20 usuários"}),
        ("open leads", "status: em aberto", {"llama 3.1 8b bf16 produção 20 usuários"}),
        ("status novo", "status: novo", {"llama 3.1 8b bf16 produção 20 usuários"}),
        ("leads", "status: todos os leads", {"llama 3.1 8b bf16 produção 20 usuários"}),
        ("status:todos", "status: todos os leads", {"llama 3.1 8b bf16 produção 20 usuários"}),
        ("desde 1/11", f"desde: {_latest_first_of_november()} 00:00 UTC", {q[0] for q in QUESTIONS}),
        # A customer named alone is that customer, not a rep (who are our own people only).
        (f"<@{CUSTOMER}|cliente>", f"usuário: {CUSTOMER}", {"8b qlora"}),
        ("resultado respondido só externos", "resultado: respondido, quem: só externos", {"8b qlora"}),
    ],
)
def test_filters_a_manager_types_in_words_select_what_they_say(asked, typed, read, shown):
    filters, latest = _view(asked, typed)
    assert read in filters and "texto:" not in filters  # nothing left over as words to search
    assert {q[0] for q in QUESTIONS if f"`{q[0]}`" in latest} == shown


def test_pedidos_de_ontem_is_yesterday_and_ate_ontem_ends_yesterday(asked):
    yesterday = datetime.now(UTC).date() - timedelta(days=1)
    filters, latest = _view(asked, "de ontem")
    assert f"desde: {yesterday} 00:00 UTC, até: {datetime.now(UTC).date()} 00:00 UTC" in filters
    assert "Nenhum pedido" in latest
    filters, _ = _view(asked, "até ontem")
    assert f"até: {datetime.now(UTC).date()} 00:00 UTC" in filters and "desde" not in filters


@pytest.mark.parametrize(
    ("typed", "user", "said"),
    [
        ("rep:ana", MANAGER, ["Não sei quem é “ana”", "rep:@ana", "U0123ABCD"]),
        ("canal:geral", MANAGER, ["Não sei que canal é “geral”", "canal:#geral"]),
        ("rep:ana", EN_MANAGER, ["Who is “ana”?", "rep:@ana"]),
        ("canal:geral", PT_MANAGER, ["Não sei que canal é “geral”", "o registo guarda"]),
        ("quem:todos", MANAGER, ["Não sei quem são “todos”", "externos ou internos"]),
    ],
)
def test_a_person_or_channel_named_by_name_is_told_how_to_name_them(asked, typed, user, said):
    # The log keeps Slack's ids: "ana" had selected nothing and said only "Nenhum pedido com esses filtros".
    _, sentence = _view(asked, typed, user)
    for words in said:
        assert words in sentence
    assert "Nenhum pedido" not in sentence and "No request" not in sentence


def test_an_english_and_a_european_manager_read_the_audience_in_their_words(asked):
    filters, latest = _view(asked, "external only", EN_MANAGER)
    assert "who: external only" in filters and "`8b qlora`" in latest and "70b 4bit" not in latest
    filters, latest = _view(asked, "utilizadores internos", PT_MANAGER)
    assert "quem: só internos" in filters and "8b qlora" not in latest and "`70b 4bit 32k 10users`" in latest


def test_gpu_log_selects_by_audience_in_any_language(asked, capsys):
    assert logcli.main(["--db", str(asked.db), "list", "--audience", "externos"]) == 0
    out = capsys.readouterr().out
    assert "8b qlora" in out and "70b 4bit" not in out
    assert logcli.main(["--db", str(asked.db), "--lang", "en", "list", "--audience", "everyone"]) != 0
    assert "external or internal" in capsys.readouterr().err


def test_every_gpu_log_option_its_help_lists_is_in_the_readme():
    readme = README.read_text(encoding="utf-8")
    block = readme[readme.index("### `gpu-log` (terminal)") : readme.index("## Deploying")]
    parser = logcli.build_parser("en")
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    missing = [
        f"{name} {option}"
        for name, sub in commands.choices.items()
        for action in sub._actions
        for option in action.option_strings
        if option.startswith("--") and not re.search(rf"{re.escape(option)}\b", block)
        and option not in ("--help", "--db", "--lang")
    ]  # fmt: skip
    assert not missing, f"gpu-log --help lists what the README does not: {missing}"


# ---------------------------------------------------------------------- what a view counted and cut


def test_the_latest_requests_say_how_many_the_filters_selected_and_the_summary_that_it_is_unfiltered(slack):
    for size in range(1, 21):
        slack.command(f"{size}b 4bit", user_id="U0001")
    slack.command("70b 8bit", user_id="U0002")
    slack.settle()
    reply = slack.command("log", user_id=MANAGER)
    valid(reply["blocks"])
    latest = text_of(reply["blocks"][2:3])
    # Before: "Últimos pedidos" over 15 lines, with nothing saying 6 more were cut.
    assert "Últimos pedidos (15 de 21 selecionados, os mais novos primeiro)" in latest
    assert latest.count("\n") == 15
    assert "sem os filtros" not in text_of(reply["blocks"])

    reply = slack.command("log rep:<@U0002|bia>", user_id=MANAGER)
    text = text_of(reply["blocks"])
    assert "(1 de 1 selecionados" in text
    # The week's summary under it counts every request, not Bia's one: its title says so.
    assert "(todos os pedidos do período, sem os outros filtros acima)" in text
    assert "Pedidos desde" in text and ": 21" in text

    english = text_of(slack.command("log 4bit", user_id=EN_MANAGER)["blocks"])
    assert "Latest requests (15 of 20 selected, newest first)" in english
    assert "(every request of the period, without the other filters above)" in english


def test_the_summary_under_a_view_is_of_the_period_it_was_asked_for(asked):
    today = datetime.now(UTC).date()
    yesterday = today - timedelta(days=1)

    def summary(typed, user=MANAGER):
        reply = asked.command(f"log {typed}", user_id=user)
        valid(reply["blocks"])
        return text_of(reply["blocks"][3:4])

    # Before, every view's summary was of the last 7 days, whatever period was asked for.
    said = summary("ontem")
    assert (
        said.startswith(f"*Resumo de {yesterday}*")
        and f"Pedidos de {yesterday} 00:00 UTC a {today} 00:00 UTC: 0" in said
    )
    said = summary("hoje")
    assert said.startswith(f"*Resumo de {today}*") and ": 3" in said
    monday = today - timedelta(days=today.weekday())
    said = summary("last week", EN_MANAGER)
    assert said.startswith(f"*Summary from {monday - timedelta(weeks=1)} to {monday - timedelta(days=1)}*")
    # Other filters are not the summary's: it says it counts the period's every request.
    said = summary("hoje só externos")
    assert "(todos os pedidos do período, sem os outros filtros acima)" in said and ": 3" in said
    assert "sem os outros filtros" not in summary("hoje")
    # An end alone: the 7 days before it (not from a week ago to a day before that).
    said = summary("até ontem")
    assert said.startswith(f"*Resumo de {yesterday - timedelta(days=6)} a {yesterday}*") and ": 0" in said


def test_past_the_counting_limit_the_view_says_more_than(slack, monkeypatch):
    from bot.desks import managerdesk

    monkeypatch.setattr(managerdesk, "COUNT_MOST", 16)  # 10,000 in use: a log that large is bench/'s
    for size in range(1, 21):
        slack.command(f"{size}b 4bit", user_id="U0001")
    slack.settle()
    latest = text_of(slack.command("log", user_id=MANAGER)["blocks"][2:3])
    assert "(15 de mais de 16 selecionados" in latest


# ---------------------------------------------------------------------- a lead's history


def _press(slack, card, action_id, user="UREP0001", response="card", channel="CSALES01", **action):
    blocks = card.params["blocks"]
    actions = next(b for b in blocks if b["type"] == "actions")
    element = next(e for e in actions["elements"] if e["action_id"] == action_id)
    message = {"type": "message", "ts": "1700000000.000100", "text": "", "blocks": blocks}
    body = sr.block_actions(
        action_id, element.get("value", ""), user_id=user, channel_id=channel, block_id=actions["block_id"],
        message=message, action=action, response_url=slack.fake.response_url(response),
    )  # fmt: skip
    status, _, _ = slack.send(body)
    assert status == 200
    slack.settle()


def _note(slack, text, user="UREP0001", lead="1"):
    slack.send(sr.view_submission("lead_note", {"note": {"note": text}}, user_id=user, private_metadata=lead))
    slack.log.flush()


def _press_managers_button(slack, reply, response: str) -> None:
    """The manager presses the button of a reply of theirs (export, forget), under it in C0001."""
    [button] = [e for b in reply["blocks"] if b["type"] == "actions" for e in b["elements"]]
    body = sr.block_actions(button["action_id"], button["value"], user_id=MANAGER, channel_id="C0001",
                            response_url=slack.fake.response_url(response), container=ephemeral())  # fmt: skip
    assert slack.send(body)[0] == 200
    slack.settle()


def _responses(slack, name):
    return [c.params for c in slack.fake.calls("response_url") if c.params.get("_name") == name]


def test_a_rep_reads_a_leads_whole_history_from_its_card(slack):
    card = _ask_for_proposal(slack)
    valid(card.params["blocks"])
    assert "History" not in text_of(card.params["blocks"]) and "Histórico" in text_of(card.params["blocks"])
    _press(slack, card, "lead_claim")
    select = {"type": "static_select", "selected_option": {"value": "contacted", "text": {"type": "plain_text", "text": "Contatado"}}}  # fmt: skip
    _press(slack, card, "lead_status", **select)
    _note(slack, "Cliente quer começar em janeiro")
    _note(slack, "Pediu desconto <b>anual</b>", user="UREP0002")
    slack.settle()

    _press(slack, card, "lead_history", response="history")
    [shown] = _responses(slack, "history")
    assert shown["response_type"] == "ephemeral" and shown["replace_original"] is False
    valid(shown["blocks"])
    text = text_of(shown["blocks"])
    lines = text.splitlines()
    assert lines[0] == "*Histórico do lead #1*"
    # Oldest first; who and what at each step; the first note, which the card no longer shows, is there.
    assert "criou" in lines[1]
    assert "<@UREP0001> assumiu" in lines[2]
    assert "<@UREP0001> mudou o status: novo → contatado" in lines[3]
    assert "<@UREP0001> anotou “Cliente quer começar em janeiro”" in lines[4]
    assert "<@UREP0002> anotou “Pediu desconto &lt;b&gt;anual&lt;/b&gt;”" in lines[5]
    assert "Só você vê este histórico." in text
    # The card itself shows only the latest note: the history was the only place to read the first. (The
    # card is redrawn by the sales desk's own thread once the note is written: waited for.)
    deadline = time.monotonic() + 10
    while not (
        redrawn := [
            text_of(u.params["blocks"])
            for u in slack.fake.calls("chat.update")
            if "Pediu desconto" in text_of(u.params["blocks"])
        ]
    ):
        assert time.monotonic() < deadline, "the card was not redrawn with the latest note"
        time.sleep(0.01)
    assert "janeiro" not in redrawn[-1]


def test_a_long_history_keeps_its_latest_changes_and_says_how_many_it_left_out(slack):
    card = _ask_for_proposal(slack)
    for n in range(12):
        _note(slack, f"nota {n:02d} " + "x" * 480)
    slack.settle()
    _press(slack, card, "lead_history", response="history")
    [shown] = _responses(slack, "history")
    valid(shown["blocks"])
    text = text_of(shown["blocks"])
    assert "nota 11" in text and "nota 00" not in text
    left_out = re.search(r"\(mais (\d+) mudanças antes destas\)", text)
    kept = text.count("anotou")
    assert left_out and int(left_out.group(1)) + kept + ("criou" in text) == 13


def test_only_the_sales_team_reads_a_leads_history_and_a_refusal_is_audited(slack):
    card = _ask_for_proposal(slack)
    _note(slack, "Cliente quer começar em janeiro")
    _press(slack, card, "lead_history", user="U0001", response="outsider")
    [refused] = _responses(slack, "outsider")
    assert "Só o time comercial" in text_of(refused["blocks"]) and "janeiro" not in json.dumps(refused)
    _press(slack, card, "lead_history", channel="C0001", response="elsewhere")
    [elsewhere] = _responses(slack, "elsewhere")
    assert "canal de vendas" in text_of(elsewhere["blocks"]) and "janeiro" not in json.dumps(elsewhere)
    db = database(slack)
    audit = db.execute("select actor, action, details from audit where action = 'refused'").fetchall()
    assert [(a["actor"], json.loads(a["details"])["command"]) for a in audit] == [
        ("U0001", "lead_history"), ("UREP0001", "lead_history"),
    ]  # fmt: skip


def test_gpu_log_lead_takes_the_cards_number_and_shows_its_history(slack, capsys):
    slack.command("8b", user_id="U0009")  # request #1: the lead's request is #2, the lead #1
    card = _ask_for_proposal(slack)
    _press(slack, card, "lead_claim")
    _note(slack, "Cliente quer começar em janeiro")
    slack.settle()
    assert logcli.main(["--db", str(slack.db), "lead", "1"]) == 0
    out = capsys.readouterr().out
    # The lead's number is not its request's: `gpu-log show 1` is the "8b" question, `lead 1` this lead.
    assert out.startswith("Pedido #") and not out.startswith("Pedido #1\n")
    assert "\nLead #1\n" in out and "Llama 3.1 70B · FP8" in out
    history = out[out.index("Histórico") :]
    assert "UREP0001  assumiu" in history and re.search(r"anotou +“Cliente quer começar em janeiro”", history)

    assert logcli.main(["--db", str(slack.db), "--lang", "en", "lead", "9"]) == 1
    assert "there is no lead #9" in capsys.readouterr().err


def test_a_lead_whose_request_was_deleted_still_shows_with_its_history(slack, capsys):
    card = _ask_for_proposal(slack)
    _press(slack, card, "lead_claim")
    db = database(slack)
    db.execute("delete from requests")  # as a retention purge leaves an open lead
    db.commit()
    db.close()
    assert logcli.main(["--db", str(slack.db), "lead", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Lead #1\n") and "Pedido #" not in out and "assumiu" in out


# ---------------------------------------------------------------------- a data subject's requests (LGPD Art. 18)


def test_a_manager_exports_everything_about_a_customer_from_slack(slack):
    card = _ask_for_proposal(slack, user="U0001")
    _press(slack, card, "lead_claim")
    _note(slack, "Cliente quer desconto anual")  # a rep's note about her: data about her
    slack.command("8b qlora com dados de ana@cliente.com.br", user_id="U0001")
    slack.command("8b", user_id="U0002")
    slack.settle()

    prompt = slack.command("log exportar <@U0001|ana>", user_id=MANAGER)
    valid(prompt["blocks"])
    text = text_of(prompt["blocks"])
    assert "Tudo o que o registro guarda de <@U0001>" in text and "pedidos: 3" in text
    assert "leads que pediu: 1" in text and "mudanças e notas de leads: 3" in text
    [button] = [e for b in prompt["blocks"] if b["type"] == "actions" for e in b["elements"]]
    assert button["action_id"] == "log_export_person" and button["value"] == "U0001"

    body = sr.block_actions("log_export_person", "U0001", user_id=MANAGER, block_id="log_export_person",
                            response_url=slack.fake.response_url("sent"), container=ephemeral())  # fmt: skip
    slack.send(body)
    slack.settle()
    [done] = _responses(slack, "sent")
    valid(done["blocks"])
    assert "Enviei para a sua mensagem direta tudo o que o registro guarda de <@U0001>" in text_of(
        done["blocks"]
    )
    [opened] = slack.fake.calls("conversations.open")
    assert opened.params["users"] == MANAGER
    [upload] = slack.fake.uploads.values()
    assert upload["filename"].startswith("gpu-sizer-U0001-") and upload["filename"].endswith(".json")
    data = json.loads(upload["content"])
    assert data["user_id"] == "U0001" and len(data["requests"]) == 3 and len(data["leads"]) == 1
    assert {r["user_id"] for r in data["requests"]} == {"U0001"}
    assert "ana@cliente.com.br" not in upload["content"].decode()  # stored redacted, exported as stored
    # What the sales team did and wrote on her lead is in it too (it had been left out of every export).
    assert [(e["by"], e["action"]) for e in data["events_on_their_leads"]] == [
        ("UREP0001", "claimed"), ("UREP0001", "note"),
    ]  # fmt: skip
    assert data["events_on_their_leads"][1]["note"] == "Cliente quer desconto anual"
    db = database(slack)
    [audit] = db.execute("select actor, details from audit where action = 'export_user'").fetchall()
    details = json.loads(audit["details"])
    assert audit["actor"] == MANAGER and details["user"] == "U0001" and details["counts"]["requests"] == 3
    assert "desconto" not in audit["details"]  # counts, never the rows


def test_only_managers_export_a_person_and_an_english_manager_reads_it_in_english(slack):
    slack.command("70b 4bit", user_id="U0001")
    slack.settle()
    refused = slack.command("log exportar <@U0001|ana>", user_id="U0002")
    assert "restrito à gestão" in text_of(refused["blocks"]) and "log_export_person" not in json.dumps(
        refused
    )
    body = sr.block_actions("log_export_person", "U0001", user_id="U0002", block_id="log_export_person",
                            response_url=slack.fake.response_url("pressed"), container=ephemeral())  # fmt: skip
    slack.send(body)
    slack.settle()
    [pressed] = _responses(slack, "pressed")
    assert "restrito à gestão" in text_of(pressed["blocks"]) and slack.fake.uploads == {}
    db = database(slack)
    refusals = [
        json.loads(r[0])["command"] for r in db.execute("select details from audit where action = 'refused'")
    ]
    assert refusals == ["log", "export_user"]

    english = slack.command("log export <@U0001|ana>", user_id=EN_MANAGER)
    valid(english["blocks"])
    assert "Everything the log holds about <@U0001>" in text_of(english["blocks"])
    assert "Say who" in text_of(slack.command("log export", user_id=EN_MANAGER)["blocks"])
    nobody = text_of(slack.command("log exportar <@U0NOBODY|x>", user_id=MANAGER)["blocks"])
    assert "não tem nada de <@U0NOBODY>" in nobody


# ---------------------------------------------------------------------- the CSV a follow-up works from


def test_the_csv_says_each_leads_latest_note_and_when_it_last_changed(slack):
    card = _ask_for_proposal(slack, user="U0001")
    _press(slack, card, "lead_claim")
    _note(slack, "Ligar na segunda; quer 2× H100 por 12 meses")
    slack.command("8b", user_id="U0002")
    slack.settle()
    _press_managers_button(slack, slack.command("log leads abertos", user_id=MANAGER), "csv")
    [content] = [u["content"] for u in slack.fake.uploads.values()]
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    # "leads abertos" selected the open lead's request only (the "8b" question has none).
    assert [r["lead_status"] for r in rows] == ["new"] and rows[0]["lead_owner"] == "UREP0001"
    assert rows[0]["lead_note"] == "Ligar na segunda; quer 2× H100 por 12 meses"
    changed = datetime.fromisoformat(rows[0]["lead_updated_at"])
    assert abs(changed - datetime.now(UTC)) < timedelta(minutes=5)


@pytest.mark.parametrize(
    ("typed", "user", "said"),
    [
        ("modleo:70b", MANAGER, "Não conheço o filtro “modleo:”; quis dizer `modelo:`?"),
        ("stauts:aberto", EN_MANAGER, "Unknown filter “stauts:”; did you mean `status:`?"),
        ("cnal:<#C0001|geral>", PT_MANAGER, "Não conheço o filtro “cnal:”; queria dizer `canal:`?"),
    ],
)
def test_a_misspelt_filter_name_is_pointed_out_not_searched_for(asked, typed, user, said):
    # It had been searched as text ("Filtros: texto: modleo:70b") and found nothing, silently.
    _, sentence = _view(asked, typed, user)
    assert sentence.startswith(said) and "?." not in sentence


@pytest.mark.parametrize("typed", ["mistral:7b", "qwen2.5:32b", "10:30"])
def test_a_model_tag_or_a_time_with_a_colon_is_still_searched(asked, typed):
    filters, _ = _view(asked, typed)
    assert f"texto: {typed}" in filters


def _spooled_question(db: Path, monkeypatch, user: str, text: str) -> None:
    """A question the app's writer could not write (another process held the file) when it stopped: it
    waits in the spool for the next start, as after a deploy during a locked or read-only log."""
    from bot.log import requestlog

    monkeypatch.setattr(requestlog, "BUSY_TIMEOUT", 0.1)
    log = requestlog.RequestLog(db, retry_interval=60)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    log.record({"surface": "slash_command", "user_id": user, "text": text, "outcome": "answered"})
    log.close(timeout=0.3)
    other.execute("COMMIT")
    other.close()


def test_gpu_log_forget_says_what_still_waits_in_the_spool_and_finishes_on_a_second_run(
    tmp_path, monkeypatch, capsys
):
    from bot.log import requestlog

    db = tmp_path / "log.db"
    log = requestlog.RequestLog(db)
    log.record({"surface": "slash_command", "user_id": "U0001", "text": "70b 4bit", "outcome": "answered"})
    log.record({"surface": "slash_command", "user_id": "U0002", "text": "8b", "outcome": "answered"})
    log.close()
    _spooled_question(db, monkeypatch, "U0001", "llama 8b para a Ana Souza")
    monkeypatch.delenv("GPU_SIZER_SPOOL", raising=False)

    # Before, this said it was done: the spooled question came back at the next start, with her text.
    assert logcli.main(["--db", str(db), "forget", "U0001", "--yes"]) == 1
    captured = capsys.readouterr()
    assert "Anonimizado como forgotten-" in captured.out
    assert f"o spool do app ({db}.spool) guarda 1 registro de U0001" in captured.err
    assert "rode o forget de novo" in captured.err

    requestlog.RequestLog(db).close()  # the app starts again: the spool's row reaches the log
    assert logcli.main(["--db", str(db), "forget", "U0001", "--yes"]) == 0
    capsys.readouterr()
    held = sqlite3.connect(db)
    assert held.execute("select count(*) from requests where user_id = 'U0001'").fetchone() == (0,)
    assert held.execute("select count(*) from requests where text like '%Ana Souza%'").fetchone() == (0,)
    assert held.execute("select count(*) from requests where user_id = 'U0002'").fetchone() == (1,)
    held.close()


def test_forgetting_from_slack_says_what_still_waits_in_the_spool(slack, monkeypatch):
    slack.command("70b 4bit", user_id="U0001")
    slack.settle()
    slack.log.flush()
    # Another worker's file, left when it stopped with the log locked: not this worker's to write.
    _spooled_question(slack.db, monkeypatch, "U0001", "llama 8b para a Ana Souza")
    _press_managers_button(slack, slack.command("log esquecer <@U0001|ana>", user_id=MANAGER), "forgot")
    [done] = _responses(slack, "forgot")
    valid(done["blocks"])
    text = text_of(done["blocks"])
    assert "foi removido do registro" in text
    assert (
        "O spool do app ainda guarda 1 registro de <@U0001>" in text and "/gpu log esquecer <@U0001>" in text
    )
