"""gpu-log on a real SQLite file: each command's output, the audit row each one leaves, bad input answered
with one sentence, and exports that stay whole while the bot keeps writing."""

import csv
import io
import json
import shlex
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlite_utils import Database

from bot.log import logcli, reports
from bot.log.leads import Leads
from bot.log.logcli import main
from bot.log.requestlog import RequestLog

README = Path(__file__).resolve().parents[1] / "README.md"
# Yesterday: recent for the default retention (180 days) and the default summary (7 days) whenever the
# tests run; one request is years old.
DAY = (datetime.now(UTC) - timedelta(days=1)).date().isoformat()
TEXTS = ["70b 4bit 32k 10users", "qwen 32b lora, quanta memória?", "contato ana@cliente.com.br, um 8b"]


def ask(log, text, user, **fields):
    log.record({"surface": "slash_command", "user_id": user, "text": text, "outcome": "answered", **fields})


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.delenv("GPU_SIZER_DB", raising=False)
    monkeypatch.delenv("GPU_SIZER_RETENTION_DAYS", raising=False)
    path = tmp_path / "log.db"
    with RequestLog(path, retry_interval=60) as log:
        ask(
            log,
            TEXTS[0],
            "U_ANA",
            channel_id="C_VENDAS",
            model_id="llama-3.1-70b",
            precision="int4",
            stage="inference",
            recommendation="2× H100 SXM 80 GB",
            request_key="k0",
            workload={"model": "llama-3.1-70b", "users": 10},
            created_at=f"{DAY}T10:15:42.000+00:00",
            total_bytes=143_654_529_925,
            duration_ms=1234.5,
            contract_mode="reserved",
        )
        ask(
            log,
            TEXTS[1],
            "U_BIA",
            channel_id="C_DM",
            model_id="qwen2.5-32b",
            precision="bf16",
            stage="lora",
            recommendation="1× H200 SXM 141 GB",
            request_key="k1",
            created_at=f"{DAY}T11:00:00.000+00:00",
        )
        ask(
            log,
            TEXTS[2],
            "U_EXT",
            user_external=1,
            channel_id="C_SHARED",
            model_id="llama-3.1-8b",
            precision="bf16",
            stage="inference",
            request_key="k2",
            created_at=f"{DAY}T12:00:00.000+00:00",
        )
        ask(
            log,
            "pergunta antiga",
            "U_ANA",
            model_id="llama-3.1-8b",
            created_at="2020-01-01T00:00:00.000+00:00",
        )
    leads = Leads(path)
    lead = leads.create(source="proposal", user_id="U_ANA", summary="Llama 3.1 70B · INT4", request_key="k0")
    leads.claim(lead["id"], "U_REP")
    leads.move(lead["id"], "contacted", "U_REP", note="ligar segunda")
    return path  # fmt: skip


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def audit(path):
    return reports.audit_rows(path, limit=None)[::-1]  # oldest first


def one_sentence(err):
    """stderr holds one line, starting with the program's name, and no traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("gpu-log: ") and "Traceback" not in err
    return lines[0]


# ---------------------------------------------------------------------- each command


def test_list_prints_a_table_newest_first(path, capsys):
    code, out, err = run(capsys, "--db", str(path), "list")
    assert code == 0 and err == ""
    header, *rows = out.splitlines()
    assert header.split() == ["id", "quando", "(UTC)", "usuário", "modelo", "precisão", "resultado",
                              "recomendação", "lead", "pergunta"]  # fmt: skip
    assert len(rows) == 4
    assert rows[0].split()[:4] == ["3", DAY, "12:00", "U_EXT"]
    assert f"{DAY} 10:15  U_ANA" in rows[2]
    assert "llama-3.1-70b" in rows[2] and "2× H100 SXM 80 GB" in rows[2]
    # Values by name, and the (redacted) question last.
    assert "respondido" in rows[2] and "contatado" in rows[2] and "answered" not in out
    assert rows[2].endswith("70b 4bit 32k 10users") and rows[0].endswith("contato [email], um 8b")
    assert rows[3].split()[1] == "2020-01-01"
    # Fixed-width columns: every row lines up with the header.
    assert (
        len({line.index("respondido") for line in rows})
        == 1
        == len({header.index("resultado"), rows[0].index("respondido")})
    )
    column = header.index("pergunta")
    assert rows[0][column:] == "contato [email], um 8b" and rows[1][column:] == TEXTS[1]


def test_list_in_english_names_the_values_in_english(path, capsys):
    _code, out, _ = run(capsys, "--db", str(path), "--lang", "en", "list")
    header, *rows = out.splitlines()
    assert header.split()[-3:] == ["recommendation", "lead", "question"]
    assert "answered" in rows[2] and "contacted" in rows[2] and "respondido" not in out


def test_list_filters(path, capsys):
    def ids(*argv):
        code, out, _ = run(capsys, "--db", str(path), "list", *argv)
        assert code == 0
        return [line.split()[0] for line in out.splitlines()[1:]] if "id" in out.splitlines()[0] else []

    assert ids("--rep", "U_ANA") == ["1", "4"]
    assert ids("--rep", "U_EXT") == []
    assert ids("--user", "U_EXT") == ["3"]
    assert ids("--channel", "C_DM") == ["2"]
    assert ids("--model", "70b") == ["1"]
    assert ids("--model", "8b") == ["3", "4"]
    assert ids("--stage", "lora") == ["2"]
    assert ids("--status", "contacted") == ["1"]
    assert ids("--status", "open") == ["1"]
    assert ids("--since", DAY, "--until", DAY) == ["3", "2", "1"]  # the whole day
    assert ids("--until", "2024-12-31") == ["4"]
    assert ids("--search", "memoria") == ["2"]
    assert ids("--search", "cliente") == []  # the e-mail was redacted
    assert ids("--outcome", "answered", "--limit", "2") == ["3", "2"]
    assert ids("--rep", "U_ANA", "--model", "llama", "--since", "7d") == ["1"]
    # Periods and values as people say them, in Portuguese or English.
    assert ids("--period", "ontem") == ids("--period", "yesterday") == ["3", "2", "1"]
    assert ids("--since", "últimos", "30", "dias") == ids("--since", "last 30 days") == ["3", "2", "1"]
    assert ids("--period", "hoje") == []
    assert ids("--status", "contatado") == ids("--status", "aberto") == ["1"]
    assert ids("--outcome", "respondido", "--stage", "inferência") == ["3", "1"]
    assert ids("--stage", "inference", "--outcome", "not understood") == []


def test_list_with_nothing_found_says_so(path, capsys):
    assert run(capsys, "--db", str(path), "list", "--model", "mixtral") == (
        0,
        "Nenhum pedido encontrado.\n",
        "",
    )
    assert (
        run(capsys, "--db", str(path), "--lang", "en", "list", "--user", "nobody")[1]
        == "No requests found.\n"
    )


def test_options_work_before_or_after_the_command_and_the_db_comes_from_the_environment(
    path, capsys, monkeypatch
):
    code, out, _ = run(capsys, "list", "--db", str(path), "--lang", "en")
    assert code == 0 and out.split()[:3] == ["id", "when", "(UTC)"]
    monkeypatch.setenv("GPU_SIZER_DB", str(path))
    code, out, _ = run(capsys, "list")
    assert code == 0 and len(out.splitlines()) == 5


def _shown(out: str) -> dict[str, str]:
    """`label  value` lines of gpu-log show, by label."""
    fields = {}
    for line in out.splitlines():
        if line.startswith("  ") and not line.startswith("    ") and "  " in line.strip():
            label, _, value = line.strip().partition("  ")
            fields.setdefault(label, value.strip())
    return fields


def test_show_prints_one_request_with_its_lead_and_events(path, capsys):
    code, out, err = run(capsys, "--db", str(path), "show", "1")
    assert code == 0 and err == ""
    assert out.startswith("Pedido #1\n")
    fields = _shown(out)
    assert fields["pergunta"] == "70b 4bit 32k 10users"
    # Sizes and times in human units, values by name.
    assert fields["memória total"] == "143,7 GB" and fields["tempo de resposta"] == "1,2 s"
    assert fields["resultado"] == "respondido" and fields["contrato"] == "reservada"
    assert fields["etapa"] == "inferência" and fields["canal"] == "C_VENDAS"
    assert "143654529925" not in out and "answered" not in out
    assert '      "model": "llama-3.1-70b",' in out  # the workload, indented JSON
    assert "Lead #1" in out and fields["status"] == "contatado"
    events = out.split("  Histórico\n")[1].splitlines()
    assert [line.split()[2:] for line in events] == [
        ["U_ANA", "criou", "novo"],
        ["U_REP", "assumiu"],
        ["U_REP", "mudou", "o", "status", "novo", "→", "contatado", "“ligar", "segunda”"],
    ]


def test_show_in_english(path, capsys):
    _code, out, _ = run(capsys, "--db", str(path), "--lang", "en", "show", "1")
    fields = _shown(out)
    assert out.startswith("Request #1\n") and fields["question"] == "70b 4bit 32k 10users"
    assert fields["total memory"] == "143.7 GB" and fields["time to answer"] == "1.2 s"
    assert fields["outcome"] == "answered" and fields["contract"] == "reserved"
    assert "History" in out and "changed the status  new → contacted" in out


def test_show_an_unknown_id(path, capsys):
    code, _, err = run(capsys, "--db", str(path), "show", "99")
    assert code == 1 and one_sentence(err) == f"gpu-log: não há pedido #99 em {path}"
    code, _, err = run(capsys, "--db", str(path), "--lang", "en", "show", "99")
    assert code == 1 and one_sentence(err) == f"gpu-log: there is no request #99 in {path}"


def test_summary(path, capsys):
    code, out, _ = run(capsys, "--db", str(path), "summary", "--since", DAY, "--until", DAY)
    assert code == 0
    day_after = (datetime.fromisoformat(DAY) + timedelta(days=1)).date()
    assert out.startswith(f"Pedidos de {DAY} 00:00 UTC a {day_after} 00:00 UTC: 3\n")
    assert "  U_ANA  ████████████████████  1" in out and "U_EXT" not in out  # customers are not reps
    assert "Leads em aberto" in out
    code, out, _ = run(capsys, "--db", str(path), "--lang", "en", "summary")  # the last 7 days
    assert out.startswith("Requests since ") and out.splitlines()[0].endswith(" UTC: 3")


def excel(data: bytes, separator: str) -> list[list[str]]:
    """Reads a CSV as Excel does: UTF-8 only when it starts with the byte-order mark, columns split at the
    separator of the computer's region (";" in Portuguese, "," in English)."""
    assert data.startswith(b"\xef\xbb\xbf"), "without the BOM Excel reads the file as Windows-1252"
    return list(csv.reader(io.StringIO(data[3:].decode("utf-8"), newline=""), delimiter=separator))


@pytest.mark.parametrize(("lang", "separator", "seconds"), [("pt-BR", ";", "1234,5"), ("en", ",", "1234.5")])
def test_csv_export_opens_in_excel_in_portuguese_and_english(
    path, capsys, tmp_path, lang, separator, seconds
):
    file = tmp_path / f"export-{lang}.csv"
    code, out, _ = run(
        capsys, "--db", str(path), "--lang", lang, "export", "--csv", "--since", "30d", "-o", str(file)
    )
    assert code == 0 and out == ""
    header, *rows = excel(file.read_bytes(), separator)
    assert tuple(header) == reports.CSV_COLUMNS
    assert all(len(row) == len(header) for row in rows)  # every value in its own column
    rows = [dict(zip(header, row, strict=True)) for row in rows]
    assert [r["text"] for r in rows] == ["contato [email], um 8b", TEXTS[1], TEXTS[0]]
    assert rows[1]["text"] == "qwen 32b lora, quanta memória?"  # non-ASCII and the comma intact
    assert rows[2]["recommendation"] == "2× H100 SXM 80 GB" and rows[2]["lead_status"] == "contacted"
    assert rows[2]["duration_ms"] == seconds  # a number in the region's decimal mark
    assert json.loads(rows[2]["workload"])["users"] == 10


def test_csv_separator_flag_wins_over_the_language(path, capsys):
    code, out, _ = run(capsys, "--db", str(path), "export", "--csv", "--sep", ",", "--model", "70b")
    assert code == 0
    header, row = excel(out.encode("utf-8"), ",")
    assert dict(zip(header, row, strict=True))["duration_ms"] == "1234.5"
    code, out, _ = run(capsys, "--db", str(path), "--lang", "en", "export", "--csv", "--sep", "tab")
    assert len(excel(out.encode("utf-8"), "\t")) == 5


def test_export_takes_every_filter_list_takes(path, capsys):
    def ids(*argv):
        code, out, err = run(capsys, "--db", str(path), *argv)
        assert code == 0, err
        return out

    for argv in (["--limit", "2"], ["--rep", "U_ANA"], ["--user", "U_EXT", "--since", "30d"], ["--channel", "C_DM"], ["--model", "70b"],
                 ["--stage", "lora"], ["--status", "aberto"], ["--period", "ontem"], ["--since", DAY, "--until", DAY],
                 ["--search", "memoria"], ["--outcome", "respondido", "--limit", "3"]):  # fmt: skip
        listed = [line.split()[0] for line in ids("list", *argv).splitlines()[1:]]
        exported = json.loads(ids("export", "--json", *argv))
        assert [str(r["id"]) for r in exported] == listed, argv
        [_, *rows] = excel(ids("export", "--csv", *argv).encode("utf-8"), ";")
        assert [r[0] for r in rows] == listed, argv
    assert len(json.loads(ids("export", "--json", "--limit", "2"))) == 2


def test_export_json_to_the_terminal(path, capsys):
    _code, out, _ = run(capsys, "--db", str(path), "export", "--json", "--rep", "U_ANA")
    assert [r["request_key"] for r in json.loads(out)][:1] == ["k0"]


def test_export_user_writes_everything_about_one_person(path, capsys):
    code, out, _ = run(capsys, "--db", str(path), "export", "--json", "--user", "U_ANA")
    assert code == 0
    data = json.loads(out)
    assert data["user_id"] == "U_ANA" and len(data["requests"]) == 2 and len(data["leads"]) == 1
    assert data["lead_events"][0]["action"] == "created"


def test_purge(path, capsys, monkeypatch):
    code, out, _ = run(capsys, "--db", str(path), "purge", "--dry-run")
    assert code == 0
    assert out == ("Seria apagado o que tem mais de 180 dias (nada foi apagado): 1 pedidos, 0 eventos do Slack, "
                   "0 conversas, 0 leads, 0 eventos de leads.\n"
                   "As perguntas são apagadas após 180 dias. Quando uma pergunta vira lead, o lead (quem perguntou, "
                   "onde, o resumo da carga e as notas do time comercial) fica enquanto está aberto e é apagado "
                   "quando completa 180 dias fechado e sem mudanças.\n")  # fmt: skip
    assert len(reports.list_requests(path, limit=None)) == 4
    monkeypatch.setenv("GPU_SIZER_RETENTION_DAYS", "36500")
    code, out, _ = run(capsys, "--db", str(path), "--lang", "en", "purge")
    assert out.startswith("Deleted what was older than 36,500 days: 0 requests")
    code, out, _ = run(capsys, "--db", str(path), "purge", "--older-than", "30")
    assert code == 0 and out.startswith("Apagado o que tinha mais de 30 dias: 1 pedidos, 0 eventos do Slack")
    assert [r["text"] for r in reports.list_requests(path, limit=None)] == [
        "contato [email], um 8b",
        TEXTS[1],
        TEXTS[0],
    ]


def test_forget_with_yes(path, capsys):
    code, out, _ = run(capsys, "--db", str(path), "forget", "U_EXT", "--yes")
    assert code == 0
    assert out.startswith("Anonimizado como forgotten-") and out.endswith(
        ": 1 pedidos, 0 leads, 0 eventos de leads.\n"
    )
    assert run(capsys, "--db", str(path), "list", "--user", "U_EXT")[1] == "Nenhum pedido encontrado.\n"
    code, out, _ = run(capsys, "--db", str(path), "--lang", "en", "forget", "U_ANA", "--delete", "--yes")
    assert (
        out.startswith("Deleted (what is left of them shows as forgotten-") and "2 requests, 1 leads" in out
    )
    assert "`/gpu log forget U_ANA` in Slack redraws them" in out  # its lead card still shows them
    assert len(reports.list_requests(path, limit=None)) == 2


def test_forget_asks_on_a_terminal_after_saying_what_will_change(path, capsys, monkeypatch):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    answers = iter(["n", "sim"])
    prompts = []
    monkeypatch.setattr("builtins.input", lambda prompt: prompts.append(prompt) or next(answers))
    code, out, _ = run(capsys, "--db", str(path), "forget", "U_ANA")
    assert code == 1 and out.endswith("Nada foi alterado.\n")
    assert out.startswith("Anonimizar U_ANA no registro muda:\n")
    assert "  • pedidos dessa pessoa: 2 (o texto digitado é apagado" in out
    assert "  • leads que ela pediu: 1 (" in out and "  • leads que ela atende: 0 (" in out
    assert "  • eventos de leads: 3" in out
    assert len(reports.list_requests(path, reports.Filters(user="U_ANA"))) == 2
    code, out, _ = run(capsys, "--db", str(path), "forget", "U_ANA")
    assert code == 0 and "Anonimizado como" in out
    assert prompts == ["Confirmar? Não dá para desfazer. [s/N] "] * 2
    assert [a["action"] for a in audit(path)] == ["refused", "forget"]


def test_forget_says_in_english_what_deleting_changes(path, capsys, monkeypatch):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    code, out, _ = run(capsys, "--db", str(path), "--lang", "en", "forget", "U_REP", "--delete")
    assert code == 1 and out.startswith("Deleting U_REP from the log changes:\n")
    assert "  • their requests: 0 (deleted)" in out and "  • leads they handle: 1 (moved to an alias)" in out


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("pt-BR", "o registro não tem nada de UNKNOWN123: nada foi alterado"),
        ("en", "the log holds nothing about UNKNOWN123: nothing was changed"),
    ],
)
def test_forget_a_typo_is_not_a_success(path, capsys, lang, says):
    before = Path(path).read_bytes()
    code, out, err = run(capsys, "--db", str(path), "--lang", lang, "forget", "UNKNOWN123", "--yes")
    assert code == 1 and out == "" and says in one_sentence(err)
    assert [(a["action"], a["details"]) for a in audit(path)] == [("forget", {"found": False})]
    assert len(reports.list_requests(path, limit=None)) == 4 and before


def test_forget_without_yes_off_a_terminal_refuses(path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "--db", str(path), "forget", "U_EXT")
    assert code == 2 and out == ""
    assert "acrescente --yes" in one_sentence(err)
    assert len(reports.list_requests(path, reports.Filters(user="U_EXT"))) == 1
    assert [(a["action"], a["details"]) for a in audit(path)] == [
        ("refused", {"command": "forget", "reason": "no confirmation"})
    ]


def test_audit_command_prints_the_trail(path, capsys):
    run(capsys, "--db", str(path), "list")
    run(capsys, "--db", str(path), "summary")
    code, out, _ = run(capsys, "--db", str(path), "audit", "--since", "1d")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].split()[2:5] == [logcli.actor(), "cli", "summary"]
    assert lines[1].split()[2:5] == [logcli.actor(), "cli", "list"]


# ---------------------------------------------------------------------- the audit each command leaves


@pytest.mark.parametrize(
    ("argv", "action", "details"),
    [
        (["list", "--model", "70b"], "list", {"filters": {"model": "70b"}, "limit": 50, "rows": 1}),
        (["show", "1"], "show", {"id": 1, "found": True}),
        (["summary", "--since", DAY], "summary", {"since": f"{DAY}T00:00:00.000+00:00", "until": None,
                                                           "requests": 3}),
        (["export", "--csv"], "export", {"format": "csv", "filters": {}, "rows": 4}),
        (["export", "--json", "--search", "memoria"], "export", {"format": "json", "filters": {"search": "memoria"},
                                                                 "rows": 1}),
        (["export", "--json", "--user", "U_ANA"], "export_user", {"user": "U_ANA", "format": "json", "counts": {
            "requests": 2, "leads": 1, "leads_owned": 0, "lead_events": 1, "events_on_their_leads": 2,
            "welcomed": 0, "audit": 0}}),
        (["purge", "--dry-run"], "purge", {"older_than_days": 180, "dry_run": True, "counts": {
            "requests": 1, "seen_events": 0, "threads": 0, "leads": 0, "lead_events": 0}}),
        (["forget", "U_EXT", "--yes"], "forget", None),
        (["audit"], "list", {"table": "audit", "rows": 0}),
    ],
)  # fmt: skip
def test_each_command_leaves_an_audit_row_without_row_contents(path, capsys, argv, action, details):
    assert run(capsys, "--db", str(path), *argv)[0] == 0
    [row] = audit(path)
    assert (row["actor"], row["surface"], row["action"]) == (logcli.actor(), "cli", action)
    assert row["actor"].startswith("cli:")
    if action == "forget":
        assert row["details"]["alias"].startswith("forgotten-") and row["details"]["requests"] == 1
        assert "U_EXT" not in json.dumps(row["details"])  # the trail does not keep who was forgotten
    elif action == "list" and argv == ["audit"]:
        assert {k: v for k, v in row["details"].items() if k != "since"} == details
    else:
        assert row["details"] == details
    stored = json.dumps(row["details"], ensure_ascii=False)
    for text in [*TEXTS, "contato", "U_BIA", "C_VENDAS", "2× H100"]:
        assert text not in stored


def test_nothing_is_shown_that_could_not_be_recorded(path, capsys, monkeypatch):
    def busy(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(reports, "record_audit", busy)
    code, out, err = run(capsys, "--db", str(path), "export", "--csv")
    assert code == 1 and out == ""
    assert one_sentence(err) == (f"gpu-log: o registro de pedidos {path} não pode ser usado: outro processo está "
                                 "gravando nele agora; tente de novo em instantes")  # fmt: skip


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["list", "--since", "ontem à tarde"], "não entendi o período “ontem à tarde”: use hoje, ontem"),
        (["summary", "--until", "7x"], "não entendi o período “7x”"),
        (["list", "--since", "0d"], "o período “0d” está vazio"),
        (
            ["list", "--since", "2026-12-01", "--until", "2026-11-01"],
            "o período termina (2026-11-02 00:00 UTC) antes",
        ),
        (["summary", "--since", "hoje", "--until", "ontem"], "antes de começar"),
        (
            ["export", "--csv", "--since", "01/12/2026", "--until", "30/11/2026"],
            "dê o início com desde e o fim com até",
        ),
        (["list", "--status", "closed"], "não conheço o status “closed”: use aberto, novo, contatado"),
        (["list", "--outcome", "ok"], "não conheço o resultado “ok”: use respondido"),
        (["export", "--json", "--stage", "treino"], "não conheço a etapa “treino”"),
        (["list", "--limit", "0"], "“0” não é um número inteiro maior que zero"),
        (["show", "abc"], "“abc” não é um número inteiro maior que zero"),
        (["purge", "--older-than", "-3"], "não é um número inteiro maior que zero"),
        ([], "faltou COMMAND"),
        (["vacuum"], "“vacuum” não é uma opção (use list, show, summary, gaps,"),
        (["export"], "escolha um de --csv --json"),
        (["export", "--csv", "--json"], "--json não combina com --csv"),
        (["export", "--csv", "--sep", "|"], "“|” não é um separador: use ; , ou tab"),
        (["list", "--since"], "--since precisa de um valor"),
        (["forget"], "faltou user"),
        (["list", "--bogus"], "não conheço --bogus"),
    ],
)
def test_bad_input_exits_2_with_one_sentence(path, capsys, argv, says):
    code, out, err = run(capsys, "--db", str(path), *argv)
    assert code == 2 and out == ""
    sentence = one_sentence(err)
    assert says in sentence
    for english in ("argument", "invalid", "required", "unrecognized", "expected", "unknown", "not allowed"):
        assert english not in sentence


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["list", "--since", "ontem à tarde"], "unknown period “ontem à tarde”: use today, yesterday"),
        (["list", "--status", "fechado"], "unknown lead status “fechado”: use open, new"),
        (["vacuum"], "“vacuum” is not a choice (use list, show"),
        (["list", "--limit", "0"], "--limit: “0” is not a whole number above zero"),
        ([], "missing COMMAND"),
        (
            ["gaps", "--since", "2026-12-01", "--until", "2026-11-01"],
            "the period ends (2026-11-02 00:00 UTC) before",
        ),
    ],
)
def test_bad_input_in_english(path, capsys, argv, says):
    code, _, err = run(capsys, "--db", str(path), "--lang", "en", *argv)
    assert code == 2 and says in one_sentence(err)


def test_numbers_past_sqlite_integers_are_all_rows_or_no_such_request(path, capsys):
    huge = "99999999999999999999"
    code, out, err = run(capsys, "--db", str(path), "list", "--limit", huge)
    assert (
        code == 0 and err == "" and len(out.splitlines()) == 1 + len(reports.list_requests(path, limit=None))
    )
    code, out, err = run(capsys, "--db", str(path), "show", huge)
    assert code == 1 and out == "" and one_sentence(err) == f"gpu-log: não há pedido #{huge} em {path}"


def test_the_language_comes_from_gpu_sizer_lang_too(path, capsys, monkeypatch):
    monkeypatch.setenv("GPU_SIZER_LANG", "en")
    _code, _, err = run(capsys, "--db", str(path), "show", "99")
    assert one_sentence(err) == f"gpu-log: there is no request #99 in {path}"
    assert (
        run(capsys, "--db", str(path), "--lang", "pt-BR", "list", "--model", "x")[1]
        == "Nenhum pedido encontrado.\n"
    )


@pytest.mark.parametrize("value", ["abc", "0", "-5", "1.5"])
def test_a_bad_retention_setting_exits_2(path, capsys, monkeypatch, value):
    monkeypatch.setenv("GPU_SIZER_RETENTION_DAYS", value)
    code, _, err = run(capsys, "--db", str(path), "purge")
    assert code == 2 and "GPU_SIZER_RETENTION_DAYS precisa ser um número inteiro de dias" in one_sentence(err)


@pytest.mark.parametrize("command", [["list"], ["show", "1"], ["summary"], ["export", "--csv"], ["purge"],
                                     ["forget", "U1", "--yes"], ["audit"]])  # fmt: skip
def test_a_missing_log_is_one_sentence_and_is_not_created(tmp_path, capsys, monkeypatch, command):
    monkeypatch.delenv("GPU_SIZER_DB", raising=False)
    missing = tmp_path / "nope" / "log.db"
    code, out, err = run(capsys, "--db", str(missing), *command)
    assert code == 1 and out == ""
    assert (
        one_sentence(err)
        == f"gpu-log: não há registro de pedidos em {missing} (indique o arquivo com --db ou GPU_SIZER_DB)"
    )
    assert not missing.exists() and not missing.parent.exists()


def test_the_default_log_is_gpu_sizer_db_in_the_current_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("GPU_SIZER_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "list")
    assert code == 1 and "não há registro de pedidos em gpu-sizer.db" in one_sentence(err)
    assert not (tmp_path / "gpu-sizer.db").exists()


def test_a_file_that_is_not_a_log(tmp_path, capsys):
    bogus = tmp_path / "notes.db"
    bogus.write_text("not a database at all, just text that is long enough to fill a header " * 10)
    code, _, err = run(capsys, "--db", str(bogus), "list")
    assert code == 1 and "não pode ser usado: não é um banco de dados SQLite" in one_sentence(err)


def test_an_unwritable_output_file(path, capsys, tmp_path):
    code, _, err = run(
        capsys, "--db", str(path), "export", "--csv", "-o", str(tmp_path / "no" / "such" / "x.csv")
    )
    assert code == 1 and "não foi possível gravar" in one_sentence(err)
    assert "a pasta ou o arquivo não existe" in one_sentence(err)


def test_help_exits_0(capsys):
    assert main(["--help"]) == 0
    assert "summary" in capsys.readouterr().out


# ---------------------------------------------------------------------- documentation


def test_every_gpu_log_command_is_in_the_readme():
    commands = list(logcli.HANDLERS)
    assert commands == [
        "list",
        "show",
        "summary",
        "gaps",
        "export",
        "purge",
        "forget",
        "audit",
        "lead",
        "backup",
        "verify",
        "restore",
    ]
    lines = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()]
    documented = {line.split()[1] for line in lines if line.startswith("gpu-log ") and len(line.split()) > 1}
    missing = [c for c in commands if c not in documented]
    assert not missing, f"README.md has no line starting with `gpu-log <command>` for: {', '.join(missing)}"


# ---------------------------------------------------------------------- while the bot writes


def test_exports_lists_and_summaries_while_the_bot_writes_lose_nothing(tmp_path, capsys):
    path = tmp_path / "log.db"
    log = RequestLog(path, retry_interval=0.05)
    errors = []
    writing = threading.Event()
    done = threading.Event()

    def bot():
        try:
            writing.set()
            for i in range(500):
                ask(log, f"pergunta {i}: 70b em 4 bits, memória?", f"U{i % 7}", model_id="llama-3.1-70b",
                    workload={"model": "llama-3.1-70b", "users": i})  # fmt: skip
                time.sleep(0.002)  # the pace of a busy bot, so the manager's commands interleave
        except Exception as error:
            errors.append(error)
        finally:
            done.set()

    exports = []

    def manager():
        try:
            writing.wait()
            n = 0
            while not done.is_set() or n < 3:
                file = tmp_path / f"export-{n}.csv"
                for argv in (["export", "--csv", "-o", str(file)], ["list", "--model", "70b"], ["summary"]):
                    code = main(["--db", str(path), *argv])
                    if code != 0:
                        errors.append(f"gpu-log {' '.join(argv)} exited {code}")
                with file.open(encoding="utf-8-sig", newline="") as f:
                    rows = list(csv.DictReader(f, delimiter=";"))
                assert all(r["text"].startswith("pergunta ") for r in rows)
                assert len({r["id"] for r in rows}) == len(rows)
                exports.append(len(rows))
                n += 1
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=bot), threading.Thread(target=manager)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    capsys.readouterr()
    assert errors == []
    assert log.flush() == 0
    log.close()
    assert Database(path).table("requests").count == 500
    assert len(exports) >= 3 and exports == sorted(exports)  # each export saw a consistent, growing log
    assert len(audit(path)) == 3 * len(exports)


def test_a_reader_that_stops_early_gets_no_error_about_the_log(path, tmp_path):
    """`gpu-log export --csv | head -1`: head closes the pipe; that is no fault of the log to report."""
    with RequestLog(path) as log:
        for i in range(3000):
            ask(log, f"pergunta {i} " + "x" * 200, "U_MANY")
    command = f"{shlex.quote(sys.executable)} -m bot.log.logcli --db {shlex.quote(str(path))} export --csv | head -1"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.startswith("\ufeffid;") and done.stderr == ""


@pytest.mark.parametrize(
    ("lang", "said"),
    [("pt-BR", ["uso: gpu-log", "comandos:", "mostra esta ajuda e sai", "os pedidos mais recentes"]),
     ("pt-PT", ["utilização: gpu-log", "o ficheiro SQLite do registo", "quem leu ou mudou o registo"]),
     ("en", ["usage: gpu-log", "commands:", "show this help message and exit", "the latest requests"])],
)  # fmt: skip
def test_gpu_log_help_is_in_the_managers_language(lang, said, capsys):
    assert main(["--lang", lang, "--help"]) == 0
    top = capsys.readouterr().out
    assert main(["list", "--help", "--lang", lang]) == 0
    listed = capsys.readouterr().out
    assert all(words in top + listed for words in said)
    if lang != "en":
        assert "show this help" not in top + listed and "positional arguments" not in top + listed
