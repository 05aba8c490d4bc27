"""One statement of how long the request log keeps things: the shared channels' notice, the README and
`gpu-log purge` say the same words, and the purge does exactly what they say."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.log import reports
from bot.log.leads import Leads
from bot.log.logcli import main
from bot.log.requestlog import RequestLog
from bot.log.retention import statement

from .slack_harness import serve
from .slack_harness import text_of as _text

README = Path(__file__).resolve().parents[1] / "README.md"
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_readme_says_it_in_the_same_words():
    assert statement(180, "en") in _one_line(README.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_gpu_log_purge_says_it(tmp_path, capsys, lang, monkeypatch):
    monkeypatch.delenv("GPU_SIZER_RETENTION_DAYS", raising=False)
    path = tmp_path / "log.db"
    RequestLog(path).close()
    assert main(["--db", str(path), "--lang", lang, "purge", "--dry-run"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == statement(180, lang)
    assert main(["--db", str(path), "--lang", lang, "purge", "--older-than", "30"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == statement(30, lang)


def test_the_shared_channel_notice_says_it(tmp_path):
    with serve(tmp_path, retention_days=90) as slack:
        staff = _text(slack.command("8b", channel_id="CEXT0001", user_id="U0001")["blocks"])
        assert statement(90, "pt-BR") in staff and "Este bot registra a pergunta" in staff
        customer = _text(slack.command("8b", channel_id="CEXT0002", user_id="UEXT0001")["blocks"])
        assert statement(90, "en") in customer and "This bot records the question" in customer


def test_the_purge_does_what_it_says(tmp_path):
    path = tmp_path / "log.db"
    with RequestLog(path) as log:
        for key, days in (("behind-open-lead", 181), ("behind-closed-lead", 400), ("recent", 179)):
            log.record({"surface": "dm", "user_id": "U1", "text": key, "outcome": "answered",
                        "request_key": key, "created_at": NOW - timedelta(days=days)})  # fmt: skip
    at = {"now": NOW}
    leads = Leads(path, clock=lambda: at["now"].isoformat(timespec="milliseconds"))

    def lead(key, opened, closed=None, touched=None):
        at["now"] = NOW - timedelta(days=opened)
        made = leads.create(source="auto", user_id="U1", summary=key, request_key=key)
        if closed is not None:
            at["now"] = NOW - timedelta(days=closed)
            leads.move(made["id"], "won", "UREP")
        if touched is not None:
            at["now"] = NOW - timedelta(days=touched)
            leads.add_note(made["id"], "UREP", "follow-up")
        return made["id"]

    open_old = lead("behind-open-lead", 400)  # open: kept while it is open, however old
    closed_long_ago = lead("behind-closed-lead", 400, closed=181)  # closed, unchanged for 181 days: goes
    closed_then_noted = lead("noted", 400, closed=300, touched=10)  # closed, but changed 10 days ago: stays
    closed_recently = lead("recent", 200, closed=100)  # closed 100 days ago: stays
    counts = reports.purge(path, 180, now=NOW)
    assert counts["requests"] == 2 and counts["leads"] == 1
    # Questions go after 180 days, whether or not they became a lead.
    assert [r["text"] for r in reports.list_requests(path, limit=None)] == ["recent"]
    assert {lead["id"] for lead in leads.list()} == {open_old, closed_then_noted, closed_recently}
    assert closed_long_ago not in {lead["id"] for lead in leads.list()}
    assert leads.get(open_old)["summary"] == "behind-open-lead"  # the lead keeps its own copy of the ask
