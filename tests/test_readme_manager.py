"""The README's manager section shows real `gpu-log summary` and `gpu-log gaps` output: a week of questions
asked through the real pipeline (fixed dates), leads worked by reps, then the two commands. This test keeps
the README's text equal to what they print (only the open leads' ages, which grow every day, may differ)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.desks.leaddesk import call_reasons, lead_fields
from bot.log.leads import Leads
from bot.log.logcli import main
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where

README = Path(__file__).resolve().parents[1] / "README.md"
MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
SUMMARY = ["summary", "--since", "2026-11-23", "--until", "2026-11-29"]
GAPS = ["--lang", "en", "gaps", "--since", "2026-11-23", "--until", "2026-11-29"]

# (day of the week, who, where, what they typed)
WEEK = [
    (0, "U0ANA", "C0VENDAS", "70b 4bit 32k 10usuarios"),
    (0, "U0ANA", "C0VENDAS", "70b fp8 32k 50 usuarios producao"),
    (0, "U0BIA", "C0VENDAS", "qwen2.5 32b fp8 16k 20 usuarios"),
    (1, "U0BIA", "C0VENDAS", "8b qlora seq 4096"),
    (1, "U0CAIO", "C0VENDAS", "cabe um llama 70b numa L40S em 4 bits?"),
    (1, "U0CAIO", "C0VENDAS", "gpt-5 8bit 10 usuarios"),
    (2, "U0ANA", "C0VENDAS", "deepseek v3 fp8 128k"),
    (2, "U0EXT", "C0CLIENTE", "mixtral 8x7b 4bit para atendimento, com rag"),
    (2, "U0EXT", "C0CLIENTE", "phi-5 14b"),
    (3, "U0BIA", "C0VENDAS", "gemma 3 27b 16bit 8k 5 usuarios"),
    (3, "U0CAIO", "C0VENDAS", "quanto custa um cluster?"),
    (3, "U0ANA", "C0VENDAS", "70b numa h300"),
    (4, "U0EXT", "C0CLIENTE", "gpt-5 4bit"),
    (4, "U0BIA", "C0VENDAS", "8b full seq 8192 1B tokens em 2 semanas"),
    (4, "U0CAIO", "C0VENDAS", "32b lora turbo seq 2048"),
]


class DatedLog(RequestLog):
    """The request log with the week's dates instead of now."""

    when: datetime = MONDAY

    def record(self, row: dict) -> None:
        super().record({**row, "created_at": self.when})


def build(path: Path) -> None:
    log = DatedLog(path, retry_interval=60)
    pipeline = Pipeline(log)
    replies = []
    for n, (day, user, channel, text) in enumerate(WEEK):
        log.when = MONDAY + timedelta(days=day, minutes=37 * n)
        where = Where(surface="slash_command", user_id=user, channel_id=channel,
                      channel_shared=channel == "C0CLIENTE", user_external=user == "U0EXT")  # fmt: skip
        replies.append((log.when, pipeline.ask(text, where), where))
    log.close()
    # Slack would open a lead for each answer worth a call; the customer also asks for a proposal.
    clock = {"at": MONDAY}
    leads = Leads(path, clock=lambda: clock["at"].isoformat(timespec="milliseconds"))
    made = []
    for when, reply, where in replies:
        proposal = where.user_id == "U0EXT" and reply.outcome == "answered"
        if call_reasons(reply) or proposal:
            clock["at"] = when
            made.append(leads.create(**lead_fields(reply, where, "proposal" if proposal else "auto")))
    clock["at"] = MONDAY + timedelta(days=2)
    leads.claim(made[0]["id"], "U0REP1")
    leads.move(made[0]["id"], "contacted", "U0REP1", note="ligar na segunda")
    clock["at"] = MONDAY + timedelta(days=4)
    leads.claim(made[2]["id"], "U0REP2")
    leads.move(made[2]["id"], "proposal_sent", "U0REP2")
    leads.move(made[1]["id"], "won", "U0REP1")


def output(capsys, path: Path, argv: list[str]) -> str:
    assert main(["--db", str(path), *argv]) == 0
    return capsys.readouterr().out


def block_after(readme: str, command: str) -> str:
    """The text block under the line `$ <command>` in the README."""
    start = readme.index(f"$ {command}\n") + len(f"$ {command}\n")
    return readme[start : readme.index("```", start)]


def ages(text: str) -> str:
    # A lead's age grows with the day the tests run, and its column is right-aligned: "#1        9 dias" one day,
    # "#1       10 dias" the next.
    return re.sub(r"(#\d+)\s+\d+ dias?", r"\1 N dias", text)


def test_the_readme_shows_what_gpu_log_summary_and_gaps_print(tmp_path, capsys):
    path = tmp_path / "log.db"
    build(path)
    readme = README.read_text(encoding="utf-8")
    assert ages(block_after(readme, "gpu-log " + " ".join(SUMMARY))) == ages(output(capsys, path, SUMMARY))
    assert block_after(readme, "gpu-log " + " ".join(GAPS)) == output(capsys, path, GAPS)
