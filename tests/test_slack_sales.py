"""Sales and managers in Slack: lead cards moved along with buttons, `/gpu log` and its refusal, the CSV
export to a manager's DM, App Home's summary, and the retention job — all on a real SQLite log."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from bot.log import reports
from bot.log.backup import backup as reports_backup
from bot.log.retention import RetentionJob

from . import slack_requests as sr
from .slack_harness import database as _db
from .slack_harness import ephemeral as _ephemeral
from .slack_harness import payload as _payload
from .slack_harness import serve
from .slack_harness import text_of as _text

MANAGER = "UMGR0001"
EN_MANAGER = "UENMGR01"  # the fake Slack gives users whose id starts with UEN an English locale


@pytest.fixture
def slack(tmp_path):
    with serve(tmp_path, managers=MANAGER) as harness:
        yield harness


def _ask_for_proposal(slack, text="70b 8bit 10 users", user="U0001") -> dict:
    reply = slack.command(text, user_id=user)
    body = sr.block_actions("gpu_proposal", _payload(reply), user_id=user, response_url=slack.fake.response_url(),
                            container=_ephemeral())  # fmt: skip
    slack.send(body)
    [card] = slack.fake.wait_for("chat.postMessage")
    slack.wait_for_cards()
    return card


def _card_action(slack, card, action_id, user="UREP0001", **action):
    blocks = card.params["blocks"]
    actions = next(b for b in blocks if b["type"] == "actions")
    element = next(e for e in actions["elements"] if e["action_id"] == action_id)
    message = {"type": "message", "ts": "1700000000.000100", "text": "", "blocks": blocks}
    body = sr.block_actions(
        action_id, element.get("value", ""), user_id=user, channel_id="CSALES01", block_id=actions["block_id"],
        message=message, action=action, response_url=slack.fake.response_url("card"),
    )  # fmt: skip
    status, _, _ = slack.send(body)
    assert status == 200


def test_a_proposal_becomes_a_lead_that_a_rep_claims_and_moves_along(slack):
    card = _ask_for_proposal(slack)
    assert card.params["channel"] == "CSALES01"
    text = _text(card.params["blocks"])
    assert "Pedido de proposta #1" in text and "<@U0001>" in text and "Llama 3.1 70B" in text
    assert "Novo" in text

    _card_action(slack, card, "lead_claim")
    [update] = slack.fake.wait_for("chat.update")
    assert "<@UREP0001>" in _text(update.params["blocks"])

    select = {
        "type": "static_select",
        "selected_option": {"value": "contacted", "text": {"type": "plain_text", "text": "Contatado"}},
    }
    _card_action(slack, card, "lead_status", **select)
    update = slack.fake.wait_for("chat.update", count=2)[1]
    assert "Contatado" in _text(update.params["blocks"])

    _card_action(slack, card, "lead_note")
    [opened] = slack.fake.wait_for("views.open")
    assert opened.params["view"]["callback_id"] == "lead_note"
    note = sr.view_submission("lead_note", {"note": {"note": "Cliente quer começar em janeiro"}},
                              user_id="UREP0001", private_metadata="1")  # fmt: skip
    slack.send(note)
    update = slack.fake.wait_for("chat.update", count=3)[2]
    assert "janeiro" in _text(update.params["blocks"])

    db = _db(slack)
    lead = db.execute("select * from leads").fetchone()
    assert (lead["status"], lead["owner"], lead["user_id"], lead["source"]) == (
        "contacted",
        "UREP0001",
        "U0001",
        "proposal",
    )
    events = db.execute(
        "select action, by, from_status, to_status, at from lead_events order by id"
    ).fetchall()
    assert [e["action"] for e in events] == ["created", "claimed", "status", "note"]
    assert events[2]["from_status"] == "new" and events[2]["to_status"] == "contacted"
    assert all(e["by"] and e["at"] for e in events[1:])
    # The request behind the lead is linked to it.
    assert (
        db.execute("select count(*) from requests where request_key = ?", (lead["request_key"],)).fetchone()[
            0
        ]
        == 1
    )


def test_an_answer_worth_a_call_reaches_sales_on_its_own(slack):
    slack.command("70b 16bit 20 users produção")
    [card] = slack.fake.wait_for("chat.postMessage")
    assert card.params["channel"] == "CSALES01"
    assert "Oportunidade" in _text(card.params["blocks"])
    slack.command("8b")  # a small evaluation: no lead
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert _db(slack).execute("select source from leads").fetchall()[0][0] == "auto"


def test_an_english_askers_automatic_lead_is_summed_up_in_the_cards_language(slack):
    # The sales team reads the card in its own language, whatever the asker's: its one-line summary too.
    slack.command("full fine-tune of llama 3.1 70b on 20B tokens, in production")
    [card] = slack.fake.wait_for("chat.postMessage")
    text = _text(card.params["blocks"])
    assert "Oportunidade" in text and "ajuste fino completo" in text and "tokens de treino" in text
    assert "fine-tuning" not in text and "training tokens" not in text


def test_only_managers_read_the_log_and_others_are_refused_politely(slack):
    slack.command("70b 4bit 32k 10users", user_id="U0001")
    slack.command("8b qlora", user_id="U0002")
    refused = slack.command("log", user_id="U0001")
    assert "restrito à gestão" in _text(refused["blocks"])
    assert "70b 4bit" not in json.dumps(refused)
    view = slack.command("log", user_id=MANAGER)
    text = _text(view["blocks"])
    assert "Registro de pedidos" in text and "70b 4bit 32k 10users" in text and "8b qlora" in text
    assert "█" in text  # the summary's bars
    audit = _db(slack).execute("select actor, action from audit order by id").fetchall()
    assert [tuple(a) for a in audit] == [("U0001", "refused"), (MANAGER, "list")]


@pytest.mark.parametrize("typed", ["gpu log", "/gpu log", "gpu log modelo:70b"])
def test_the_commands_name_typed_again_is_read_past(slack, typed):
    # "/gpu gpu log" had been "Não entendi: “log”".
    slack.command("70b 4bit", user_id="U0001")
    text = _text(slack.command(typed, user_id=MANAGER)["blocks"])
    assert "Registro de pedidos" in text and "70b 4bit" in text


def test_a_question_starting_with_the_word_gpu_is_still_a_question(slack):
    reply = slack.command("gpu de 24gb cabe o llama 8b?", user_id="U0001")
    assert "24 GB" in _text(reply["blocks"])


def test_log_filters(slack):
    slack.command("70b 4bit", user_id="U0001")
    slack.command("8b qlora", user_id="U0002")
    only_70b = _text(slack.command("log modelo:70b", user_id=MANAGER)["blocks"])
    assert "70b 4bit" in only_70b and "8b qlora" not in only_70b
    by_rep = _text(slack.command("log rep:<@U0002|ana>", user_id=MANAGER)["blocks"])
    assert "8b qlora" in by_rep and "70b 4bit" not in by_rep
    lora = _text(slack.command("log etapa:qlora desde:7d", user_id=MANAGER)["blocks"])
    assert "8b qlora" in lora and "70b 4bit" not in lora


@pytest.mark.parametrize(
    ("typed", "searched", "shown"),
    [
        # Slack sends "&", "<" and ">" escaped and links in angle brackets, in the question and in the
        # filter alike: both are read back the same way, and the filter is shown as typed, escaped once.
        ("70b 4bit para o time de P&amp;D", "P&amp;D", "texto: P&amp;D"),
        ("70b 4bit &lt;urgente&gt;", "&lt;urgente&gt;", "texto: &lt;urgente&gt;"),
        ("<https://huggingface.co/Qwen/Qwen2.5-32B-Instruct> fp8", "<https://huggingface.co/Qwen/Qwen2.5-32B-Instruct>",
         "texto: https://huggingface.co/Qwen/Qwen2.5-32B-Instruct"),
        ("*70b* 4bit para o jurídico", "*jurídico*", "texto: jurídico"),
    ],
)  # fmt: skip
def test_log_search_reads_slacks_markup_like_the_questions(slack, typed, searched, shown):
    slack.command(typed, user_id="U0001")
    slack.command("8b qlora", user_id="U0002")
    found = slack.command(f"log {searched}", user_id=MANAGER)["blocks"]
    text = _text(found)
    assert "Nenhum pedido" not in text and "8b qlora" not in text
    assert shown in text and "&amp;amp;" not in text and "&amp;lt;" not in text


def test_csv_export_goes_to_the_managers_dm_and_parses_back(slack):
    slack.command("70b 4bit 32k 10users", user_id="U0001")
    slack.command("Quanto de memória para um 8B? meu e-mail é ana@cliente.com.br", user_id="U0002")
    view = slack.command("log", user_id=MANAGER)
    button = next(e for b in view["blocks"] if b["type"] == "actions" for e in b["elements"])
    body = sr.block_actions("log_export", button["value"], user_id=MANAGER, channel_id="C0001",
                            response_url=slack.fake.response_url(), container=_ephemeral())  # fmt: skip
    slack.send(body)
    slack.fake.wait_for("response_url")
    [opened] = slack.fake.calls("conversations.open")
    assert opened.params["users"] == MANAGER
    [content] = [u["content"] for u in slack.fake.uploads.values()]
    rows = _excel(content, ";")  # the manager's Slack is in Portuguese: Excel set to Portuguese opens it
    assert len(rows) == 2
    assert all(re.fullmatch(r"\d+(,\d+)?", r["duration_ms"]) for r in rows)  # a decimal comma
    assert {r["user_id"] for r in rows} == {"U0001", "U0002"}
    assert "ana@cliente.com.br" not in content.decode() and "[email]" in content.decode()
    actions = [a[0] for a in _db(slack).execute("select action from audit order by id")]
    assert actions == ["list", "export"]


def _latest(view: str) -> str:
    """The latest requests of a /gpu log view, without the summary under them."""
    return view.split("\n*Resumo de ")[0].split("\n*Summary from ")[0]


def _excel(content: bytes, separator: str) -> list[dict]:
    """The CSV as Excel reads it: UTF-8 only with the byte-order mark, columns at the region's separator."""
    assert content.startswith(b"\xef\xbb\xbf")
    header, *rows = csv.reader(io.StringIO(content[3:].decode("utf-8"), newline=""), delimiter=separator)
    assert all(len(row) == len(header) for row in rows)
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_an_english_speaking_manager_reads_the_log_and_its_csv_in_english(tmp_path):
    with serve(tmp_path, managers=f"{MANAGER},{EN_MANAGER}") as slack:
        slack.command("70b 16bit 20 users produção", user_id="U0001")
        slack.command("conta uma piada", user_id="U0002")
        slack.fake.wait_for("chat.postMessage")  # the production question became a lead
        view = slack.command("log", user_id=EN_MANAGER)
        text = _text(view["blocks"])
        assert "Request log" in text and "→ not understood" in text and "lead new" in text
        assert "Outcomes" in text and "What we could not answer: 1 of 2 requests" in text
        for portuguese in ("Registro", "respondido", "não entendido", "Resultados", "lead novo"):
            assert portuguese not in text
        filtered = _text(slack.command("log outcome:answered period:today", user_id=EN_MANAGER)["blocks"])
        assert "Filters: since: " in filtered and ", outcome: answered" in filtered
        assert "conta uma piada" not in _latest(filtered)
        button = next(e for b in view["blocks"] if b["type"] == "actions" for e in b["elements"])
        body = sr.block_actions("log_export", button["value"], user_id=EN_MANAGER, channel_id="C0001",
                                response_url=slack.fake.response_url(), container=_ephemeral())  # fmt: skip
        slack.send(body)
        [said] = slack.fake.wait_for("response_url")
        assert "CSV sent to your direct messages (2 rows)" in _text(said.params["blocks"])
        [content] = [u["content"] for u in slack.fake.uploads.values()]
        rows = _excel(content, ",")
        assert {r["text"] for r in rows} == {"70b 16bit 20 users produção", "conta uma piada"}
        assert all(re.fullmatch(r"\d+(\.\d+)?", r["duration_ms"]) for r in rows)  # a decimal point


def test_log_values_periods_and_errors_speak_the_managers_language(slack):
    slack.command("70b 16bit 20 users produção", user_id="U0001")
    slack.command("conta uma piada", user_id="U0002")
    slack.fake.wait_for("chat.postMessage")
    text = _text(slack.command("log", user_id=MANAGER)["blocks"])
    assert "→ não entendido" in text and "lead novo" in text and "Filtros: nenhum" in text
    assert "  respondido " in text and "  não entendido " in text  # the summary's outcomes by name
    for code in ("not_understood", "answered", "lead new", "inference"):
        assert code not in text
    week = _text(slack.command("log período:últimos 7 dias status:aberto", user_id=MANAGER)["blocks"])
    assert "Filtros: status: em aberto, desde: " in week
    assert "70b 16bit" in _latest(week) and "conta uma piada" not in _latest(week)
    not_understood = _text(slack.command("log resultado:não-entendido desde:hoje", user_id=MANAGER)["blocks"])
    assert "conta uma piada" in _latest(not_understood) and "70b 16bit" not in _latest(not_understood)
    assert "Nenhum pedido" in _text(slack.command("log período:semana passada", user_id=MANAGER)["blocks"])
    assert "Registro de pedidos" in _text(slack.command("registo", user_id=MANAGER)["blocks"])  # pt-PT
    wrong = _text(slack.command("log desde:quinzena", user_id=MANAGER)["blocks"])
    assert wrong.startswith("Não entendi o período “quinzena”: use hoje, ontem") and "Filtros:" in wrong
    assert "período:ontem" in wrong  # the help says how to ask
    wrong = _text(slack.command("log status:fechado", user_id=MANAGER)["blocks"])
    assert wrong.startswith("Não conheço o status “fechado”: use aberto, novo, contatado")


PT_MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
             "novembro", "dezembro")  # fmt: skip


def test_log_periods_by_month_name_and_anteontem(slack):
    slack.command("70b 16bit 20 users", user_id="U0001")
    today = datetime.now(UTC).date()
    month = PT_MONTHS[today.month - 1]
    for typed in (f"período:{month}", f"período:{month} de {today.year}", f"desde:{today.day} de {month}",
                  "desde:anteontem", month):  # fmt: skip
        text = _text(slack.command(f"log {typed}", user_id=MANAGER)["blocks"])
        assert "70b 16bit" in _latest(text), typed
    last_year = _text(slack.command(f"log período:{month} de {today.year - 1}", user_id=MANAGER)["blocks"])
    assert "Nenhum pedido" in last_year


def test_log_dates_as_people_write_them_and_a_backwards_period_is_said(slack):
    slack.command("70b 16bit 20 users", user_id="U0001")
    today = datetime.now(UTC).date()
    typed = f"{today.day:02d}/{today.month:02d}/{today.year}"
    text = _text(slack.command(f"log desde:{typed}", user_id=MANAGER)["blocks"])
    assert "70b 16bit" in _latest(text)
    wrong = _text(slack.command(f"log desde:{typed} até:ontem", user_id=MANAGER)["blocks"])
    assert wrong.startswith("O período termina (") and "antes de começar" in wrong and "Filtros:" in wrong
    wrong = _text(slack.command(f"log since:{typed} until:yesterday", user_id=MANAGER)["blocks"])
    assert "antes de começar" in wrong  # English filter words, the manager's language


def test_export_button_refuses_someone_who_is_not_a_manager(slack):
    body = sr.block_actions("log_export", "{}", user_id="U0001", channel_id="C0001",
                            response_url=slack.fake.response_url(), container=_ephemeral())  # fmt: skip
    slack.send(body)
    [call] = slack.fake.wait_for("response_url")
    assert "restrito" in _text(call.params["blocks"])
    assert slack.fake.uploads == {}


def test_managers_see_the_summary_in_app_home(slack):
    slack.command("70b 4bit", user_id="U0001")
    slack.event(sr.app_home_opened(MANAGER), "EvHomeM")
    [call] = slack.fake.wait_for("views.publish")
    text = _text(call.params["view"]["blocks"])
    assert "Resumo" in text and "█" in text
    slack.event(sr.app_home_opened("U0001"), "EvHomeU")
    other = slack.fake.wait_for("views.publish", count=2)[1]
    assert "Resumo" not in _text(other.params["view"]["blocks"])


def test_the_daily_retention_job_purges_old_rows(slack):
    slack.command("8b")
    old = (datetime.now(UTC) - timedelta(days=400)).isoformat()
    slack.log.record(
        {
            "surface": "console",
            "user_id": "console",
            "text": "velho",
            "outcome": "answered",
            "created_at": old,
        }
    )
    slack.log.flush()
    counts = RetentionJob(slack.db, 180).run_once()
    assert counts["requests"] == 1
    db = _db(slack)
    assert [r[0] for r in db.execute("select text from requests")] == ["8b"]
    assert db.execute("select action, actor from audit").fetchall()[-1][:] == ("purge", "app")


def test_one_card_per_conversation_not_per_question(slack):
    slack.command("70b 16bit 20 users produção")
    slack.command("70b 16bit 30 users produção")  # the same customer refining the question
    slack.fake.wait_for("chat.postMessage")
    reply = slack.command("70b 16bit 30 users produção")
    body = sr.block_actions("gpu_proposal", _payload(reply), response_url=slack.fake.response_url(),
                            container=_ephemeral())  # fmt: skip
    slack.send(body)
    [update] = slack.fake.wait_for("chat.update")
    assert "Pediu uma proposta" in _text(update.params["blocks"])
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert _db(slack).execute("select count(*) from leads").fetchone()[0] == 1


def _forget_button(view: dict) -> dict:
    return next(e for b in view["blocks"] if b["type"] == "actions" for e in b["elements"])


def test_a_manager_forgets_someone_from_slack_and_their_lead_card_is_redrawn(slack):
    card = _ask_for_proposal(slack, user="U0001")
    slack.command("8b qlora com dados de ana@cliente.com.br", user_id="U0001")
    slack.command("8b", user_id="U0002")

    prompt = slack.command("log esquecer <@U0001|ana>", user_id=MANAGER)
    text = _text(prompt["blocks"])
    assert (
        "<@U0001>" in text
        and "Pedidos dessa pessoa: 3" in text
        and "Leads que ela pediu: 1" in text
        and "Não dá para desfazer" in text
    )
    button = _forget_button(prompt)
    assert button["style"] == "danger" and button["confirm"]  # Slack asks "are you sure?" before it runs
    assert _db(slack).execute("select count(*) from requests where user_id = 'U0001'").fetchone()[0] == 3

    slack.log.flush()
    copy = reports_backup(slack.db, slack.db.parent / "backup.db")  # a backup holds them too
    slack.fake.clear()
    body = sr.block_actions("log_forget", button["value"], user_id=MANAGER, block_id="log_forget",
                            response_url=slack.fake.response_url(), container=_ephemeral())  # fmt: skip
    slack.send(body)
    [done] = slack.fake.wait_for("response_url")
    assert done.params["replace_original"] in (True, "true")
    assert "removido do registro" in _text(done.params["blocks"])
    assert "Cópias de segurança alteradas: 1." in _text(done.params["blocks"])
    held = sqlite3.connect(copy.path)
    assert held.execute("select count(*) from requests where user_id = 'U0001'").fetchone()[0] == 0
    held.close()
    [update] = slack.fake.wait_for("chat.update")
    redrawn = _text(update.params["blocks"])
    assert update.params["channel"] == card.params["channel"]
    assert "<@U0001>" not in redrawn and "removida do registro" in redrawn and "Llama 3.1 70B" in redrawn

    db = _db(slack)
    assert update.params["ts"] == db.execute("select card_ts from leads").fetchone()[0]
    assert db.execute("select count(*) from requests where user_id = 'U0001'").fetchone()[0] == 0
    texts = [r[0] for r in db.execute("select text from requests")]
    assert not any("qlora" in (t or "") for t in texts) and "8b" in texts  # theirs erased, others' kept
    assert db.execute("select count(*) from requests where user_id = 'U0002'").fetchone()[0] == 1
    assert [a[0] for a in db.execute("select action from audit order by id")] == ["backup", "forget"]
    assert "U0001" not in db.execute("select details from audit where action = 'forget'").fetchone()[0]


def test_only_managers_can_forget_and_nothing_changes_otherwise(slack):
    slack.command("8b", user_id="U0001")
    refused = slack.command("log esquecer <@U0001>", user_id="U0002")
    assert "restrito à gestão" in _text(refused["blocks"])
    body = sr.block_actions("log_forget", "U0001", user_id="U0002", block_id="log_forget",
                            response_url=slack.fake.response_url(), container=_ephemeral())  # fmt: skip
    slack.send(body)
    [call] = slack.fake.wait_for("response_url")
    assert "restrito" in _text(call.params["blocks"])
    assert _db(slack).execute("select user_id from requests").fetchone()[0] == "U0001"

    asked = slack.command("log esquecer", user_id=MANAGER)
    assert "/gpu log esquecer @pessoa" in _text(asked["blocks"])
    nothing = slack.command("log esquecer U0NOBODY", user_id=MANAGER)
    text = _text(nothing["blocks"])
    assert "não tem nada de <@U0NOBODY>" in text and not any(
        b["type"] == "actions" for b in nothing["blocks"]
    )


def test_cards_of_someone_forgotten_with_gpu_log_are_redrawn_from_slack(slack):
    _ask_for_proposal(slack, user="U0001")
    slack.settle()  # the card's ts is recorded once Slack has answered the post, after the acknowledgement
    slack.log.flush()
    reports.forget(slack.db, "U0001")  # what `gpu-log forget` does: it cannot reach Slack
    reply = slack.command("log esquecer <@U0001>", user_id=MANAGER)
    text = _text(reply["blocks"])
    assert "não tem nada de <@U0001>" in text and "redesenhados: 1" in text
    [update] = slack.fake.wait_for("chat.update")
    assert "<@U0001>" not in _text(update.params["blocks"])


def test_an_automatic_lead_that_meets_a_locked_file_is_opened_once_it_is_free(slack, monkeypatch):
    import threading

    from bot.log import leads

    monkeypatch.setattr(leads, "BUSY_TIMEOUT", 0.2)
    other = sqlite3.connect(slack.db, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # a purge or an export holding the file
    threading.Timer(0.5, lambda: (other.execute("COMMIT"), other.close())).start()
    slack.command("70b 16bit 20 users produção")
    [card] = slack.fake.wait_for("chat.postMessage")
    assert "Oportunidade" in _text(card.params["blocks"])
    assert _db(slack).execute("select count(*) from leads").fetchone()[0] == 1


def test_a_training_lead_says_how_much_data_and_by_when(slack):
    slack.command("pretrain 3b 100B tokens em 20 dias", user_id="U0003")
    [card] = slack.fake.wait_for("chat.postMessage")
    text = _text(card.params["blocks"])
    assert "100 bi tokens de treino" in text and "20 dias" in text


def test_a_period_typed_as_plain_words_is_a_period(slack):
    # "/gpu log ontem", "/gpu log this week": how managers say it, without `período:`.
    slack.command("qwen 32b 8bit", user_id="U0001")
    today = _text(slack.command("log hoje qwen", user_id=MANAGER)["blocks"])
    assert "qwen 32b 8bit" in _latest(today) and "desde: " in today
    assert "Nenhum pedido" in _text(slack.command("log ontem", user_id=MANAGER)["blocks"])
    assert "Nenhum pedido" in _text(slack.command("log semana passada", user_id=MANAGER)["blocks"])
    assert "qwen 32b 8bit" in _latest(_text(slack.command("log this week", user_id=MANAGER)["blocks"]))


def test_a_log_command_pasted_over_two_lines_is_still_the_log(slack):
    # Slack sends the text as typed or pasted, line breaks included.
    slack.command("qwen 32b 8bit", user_id="U0001")
    text = _text(slack.command("log\nhoje", user_id=MANAGER)["blocks"])
    assert "Registro de pedidos" in text and "qwen 32b 8bit" in _latest(text)
    assert "Dados apagados" not in text and "Remover" in _text(
        slack.command("log\tesquecer\n<@U0001|ana>", user_id=MANAGER)["blocks"]
    )
