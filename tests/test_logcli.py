"""gpu-log on a real SQLite file: each command's output, the audit row each one leaves, bad input answered
with one sentence, and exports that stay whole while the bot keeps writing."""

import csv
import io
import json
import sqlite3
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlite_utils import Database

from bot import logcli, reports
from bot.leads import Leads
from bot.logcli import main
from bot.requestlog import RequestLog

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
    assert header.split() == ["id", "quando", "(UTC)", "origem", "usuário", "canal", "modelo", "precisão",
                              "resultado", "recomendação", "lead"]  # fmt: skip
    assert len(rows) == 4
    assert rows[0].split()[:4] == ["3", DAY, "12:00", "slash_command"]
    assert f"{DAY} 10:15  slash_command  U_ANA" in rows[2]
    assert "llama-3.1-70b" in rows[2] and "2× H100 SXM 80 GB" in rows[2] and rows[2].endswith("contacted")
    assert rows[3].split()[1] == "2020-01-01"
    # Fixed-width columns: every row lines up with the header.
    assert (
        len({line.index("slash_command") for line in rows})
        == 1
        == len({header.index("origem"), rows[0].index("slash_command")})
    )


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


def test_show_prints_one_request_with_its_lead_and_events(path, capsys):
    code, out, err = run(capsys, "--db", str(path), "show", "1")
    assert code == 0 and err == ""
    assert out.startswith("request #1\n")
    assert "  text                  70b 4bit 32k 10users\n" in out
    assert '      "model": "llama-3.1-70b",' in out  # the workload, indented JSON
    assert "lead #1" in out and "  status                contacted" in out
    events = out.split("  events\n")[1].splitlines()
    assert [line.split()[2:] for line in events] == [
        ["U_ANA", "created", "new"],
        ["U_REP", "claimed"],
        ["U_REP", "status", "new", "→", "contacted", "“ligar", "segunda”"],
    ]


def test_show_an_unknown_id(path, capsys):
    code, _, err = run(capsys, "--db", str(path), "show", "99")
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


def test_export_csv_and_json_to_the_terminal_and_to_a_file(path, capsys, tmp_path):
    code, out, _ = run(capsys, "--db", str(path), "export", "--csv", "--since", "30d")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["text"] for r in rows] == ["contato [email], um 8b", TEXTS[1], TEXTS[0]]
    assert rows[2]["lead_status"] == "contacted" and json.loads(rows[2]["workload"])["users"] == 10

    file = tmp_path / "out" / "export.csv"
    file.parent.mkdir()
    code, out, _ = run(capsys, "--db", str(path), "export", "--csv", "--model", "qwen", "-o", str(file))
    assert code == 0 and out == ""
    with file.open(encoding="utf-8", newline="") as f:
        [row] = list(csv.DictReader(f))
    assert row["text"] == "qwen 32b lora, quanta memória?"

    code, out, _ = run(capsys, "--db", str(path), "export", "--json", "--rep", "U_ANA")
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
                   "0 conversas, 0 leads, 0 eventos de leads.\n")  # fmt: skip
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


def test_forget_asks_on_a_terminal(path, capsys, monkeypatch):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    answers = iter(["n", "sim"])
    prompts = []
    monkeypatch.setattr("builtins.input", lambda prompt: prompts.append(prompt) or next(answers))
    assert run(capsys, "--db", str(path), "forget", "U_EXT")[:2] == (1, "Nada foi alterado.\n")
    assert len(reports.list_requests(path, reports.Filters(user="U_EXT"))) == 1
    code, out, _ = run(capsys, "--db", str(path), "forget", "U_EXT")
    assert code == 0 and out.startswith("Anonimizado como")
    assert prompts == ["Anonimizar U_EXT no registro (o texto é apagado, as contagens ficam)? [s/N] "] * 2
    assert [a["action"] for a in audit(path)] == ["refused", "forget"]


def test_forget_without_yes_off_a_terminal_refuses(path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, "--db", str(path), "forget", "U_EXT")
    assert code == 2 and out == ""
    assert "add --yes" in one_sentence(err)
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
            "requests": 2, "leads": 1, "leads_owned": 0, "lead_events": 1, "audit": 0}}),
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
    assert one_sentence(err) == f"gpu-log: the request log {path} cannot be used: database is locked"


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["list", "--since", "ontem à tarde"], "unknown period “ontem à tarde”"),
        (["summary", "--until", "7x"], "unknown period “7x”"),
        (["list", "--status", "closed"], "invalid choice: 'closed'"),
        (["list", "--limit", "0"], "“0” is not a whole number above zero"),
        (["show", "abc"], "“abc” is not a whole number above zero"),
        (["purge", "--older-than", "-3"], "not a whole number above zero"),
        ([], "the following arguments are required: COMMAND"),
        (["vacuum"], "invalid choice: 'vacuum'"),
        (["export"], "one of the arguments --csv --json is required"),
        (["export", "--csv", "--json"], "not allowed with argument"),
        (
            ["export", "--csv", "--user", "U1"],
            "--user exports everything about one person as JSON: use --json",
        ),
        (["export", "--json", "--user", "U1", "--model", "70b"], "takes no other filter"),
        (["forget"], "the following arguments are required: user"),
        (["list", "--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_input_exits_2_with_one_sentence(path, capsys, argv, says):
    code, out, err = run(capsys, "--db", str(path), *argv)
    assert code == 2 and out == ""
    assert says in one_sentence(err)


@pytest.mark.parametrize("value", ["abc", "0", "-5", "1.5"])
def test_a_bad_retention_setting_exits_2(path, capsys, monkeypatch, value):
    monkeypatch.setenv("GPU_SIZER_RETENTION_DAYS", value)
    code, _, err = run(capsys, "--db", str(path), "purge")
    assert code == 2 and "GPU_SIZER_RETENTION_DAYS must be a whole number of days" in one_sentence(err)


@pytest.mark.parametrize("command", [["list"], ["show", "1"], ["summary"], ["export", "--csv"], ["purge"],
                                     ["forget", "U1", "--yes"], ["audit"]])  # fmt: skip
def test_a_missing_log_is_one_sentence_and_is_not_created(tmp_path, capsys, monkeypatch, command):
    monkeypatch.delenv("GPU_SIZER_DB", raising=False)
    missing = tmp_path / "nope" / "log.db"
    code, out, err = run(capsys, "--db", str(missing), *command)
    assert code == 1 and out == ""
    assert (
        one_sentence(err)
        == f"gpu-log: there is no request log at {missing} (give its file with --db or GPU_SIZER_DB)"
    )
    assert not missing.exists() and not missing.parent.exists()


def test_the_default_log_is_gpu_sizer_db_in_the_current_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("GPU_SIZER_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "list")
    assert code == 1 and "no request log at gpu-sizer.db" in one_sentence(err)
    assert not (tmp_path / "gpu-sizer.db").exists()


def test_a_file_that_is_not_a_log(tmp_path, capsys):
    bogus = tmp_path / "notes.db"
    bogus.write_text("not a database at all, just text that is long enough to fill a header " * 10)
    code, _, err = run(capsys, "--db", str(bogus), "list")
    assert code == 1 and "cannot be used: file is not a database" in one_sentence(err)


def test_an_unwritable_output_file(path, capsys, tmp_path):
    code, _, err = run(
        capsys, "--db", str(path), "export", "--csv", "-o", str(tmp_path / "no" / "such" / "x.csv")
    )
    assert code == 1 and "No such file or directory" in one_sentence(err)


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
        "export",
        "purge",
        "forget",
        "audit",
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
                with file.open(encoding="utf-8", newline="") as f:
                    rows = list(csv.DictReader(f))
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
