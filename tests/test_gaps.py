"""What we could not answer, from questions asked through the real pipeline into a real log: the words not
understood, refusals by reason, models the catalogue lacks, most frequent first, in `gpu-log gaps`, the
weekly summary and `/gpu log lacunas`, in Portuguese and English."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from bot.log import gaps, reports
from bot.log.logcli import main
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where

from .slack_harness import serve
from .slack_harness import text_of as _text

MANAGER = "UMGR0001"
EN_MANAGER = "UENMGR01"  # the fake Slack gives ids starting with UEN an English locale

QUESTIONS = [
    "70b 4bit 32k 10users cor azul",  # answered; "cor", "azul" not understood
    "70b fp8 azul",  # answered; "azul" again
    "phi-5 14b",  # answered with Phi-4: the catalogue has no Phi-5
    "deepseek-ai/DeepSeek-V4 fp8",  # a repo the catalogue lacks, sized by its name as DeepSeek V3
    "gpt-7 4bit",  # refused: no such model
    "gpt-7 em 8 bits",  # again
    "GPT-7",  # again, another case
    "qual a cor do ceu",  # nothing understood
    "70b numa h300",  # refused: no such GPU
    "70b 4bit 0 users",  # refused: a number we do not size
    "ajuda",  # help: not a refusal
]


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "log.db"
    log = RequestLog(path, retry_interval=60)
    pipeline = Pipeline(log)
    for text in QUESTIONS:
        pipeline.ask(text, Where(surface="console"))
    log.close()
    return path


def since():
    return datetime.now(UTC) - timedelta(days=1)


def test_the_log_records_what_was_not_understood_and_the_model_asked_for(path):
    rows = {r["text"]: r for r in reports.list_requests(path, limit=None)}
    assert json.loads(rows["70b 4bit 32k 10users cor azul"]["unknown_words"]) == ["cor", "azul"]
    assert rows["phi-5 14b"]["missing_model"] == "phi-5 14b" and rows["phi-5 14b"]["model_id"] == "phi-4"
    assert (
        rows["gpt-7 4bit"]["missing_model"] == "gpt-7" and rows["gpt-7 4bit"]["outcome"] == "not_understood"
    )
    assert rows["70b numa h300"]["missing_model"] is None and rows["70b numa h300"]["error_key"].startswith(
        "unknown_gpu"
    )
    assert rows["ajuda"]["unknown_words"] is None


def test_gaps_counts_most_frequent_first(path):
    data = gaps.gaps(path, since())
    assert data["total"] == 11 and data["unanswered"] == 6  # help is not a refusal
    assert [(m["name"].lower(), m["used"], m["count"]) for m in data["models"]] == [
        ("gpt-7", None, 3),
        ("deepseek-ai/deepseek-v4", "deepseek-v3", 1),
        ("phi-5 14b", "phi-4", 1),
    ]
    assert [(w["name"], w["count"]) for w in data["words"]][:2] == [("azul", 2), ("cor", 1)]
    assert [p["name"] for p in data["phrases"]] == ["qual a cor do ceu"]
    reasons = {r["name"]: r["count"] for r in data["refusals"]}
    assert reasons["unknown_model"] == 3 and reasons["query.nothing_understood"] == 1


def test_gaps_in_portuguese_and_english(path):
    data = gaps.gaps(path, since())
    pt = gaps.format_gaps(data, "pt-BR")
    assert pt.splitlines()[0].startswith("O que não soubemos responder desde ")
    assert pt.splitlines()[0].endswith(": 6 de 11 pedidos")
    refusals = pt.split("Recusas e falhas, por motivo\n")[1].split("\n\n")[0].splitlines()
    assert refusals[0].split("█")[0].strip() == "modelo fora do catálogo" and refusals[0].endswith("  3")
    assert {line.split("█")[0].strip() for line in refusals[1:]} == {
        "não entendemos o pedido", "GPU que não conhecemos", "número fora do que dimensionamos",
    }  # fmt: skip
    models = pt.split("Modelos pedidos que o catálogo não tem\n")[1].split("\n\n")[0].splitlines()
    assert models[0].strip().startswith("gpt-7 → recusado") and models[0].endswith("  3")
    assert models[1].strip().startswith("deepseek-ai/deepseek-v4 → respondido com deepseek-v3")
    assert models[2].strip().startswith("phi-5 14b → respondido com phi-4")
    assert "“qual a cor do ceu”" in pt.split("Perguntas que não entendemos\n")[1]
    words = pt.split("Palavras que não entendemos (em perguntas que respondemos)\n")[1].splitlines()
    assert words[0].split()[0] == "azul" and words[0].endswith("  2")

    en = gaps.format_gaps(data, "en")
    assert en.splitlines()[0].endswith(": 6 of 11 requests")
    assert (
        "model not in the catalogue" in en
        and "gpt-7 → refused" in en
        and "phi-5 14b → answered with phi-4" in en
    )
    assert "Words we did not understand" in en and "Questions we did not understand" in en
    for portuguese in ("recusado", "respondido", "Palavras", "pedidos"):
        assert portuguese not in en


def test_a_period_with_nothing_missing_says_so(path):
    later = datetime.now(UTC) + timedelta(days=1)
    assert gaps.format_gaps(gaps.gaps(path, later), "pt-BR").endswith(
        "Nada: toda pergunta do período foi respondida e entendida.\n"
    )
    assert "Nothing: every question" in gaps.format_gaps(gaps.gaps(path, later), "en")


def test_gpu_log_gaps_and_the_summary(path, capsys):
    assert main(["--db", str(path), "gaps", "--period", "hoje", "--limit", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("O que não soubemos responder de ") and "… e mais 1" in out
    assert main(["--db", str(path), "--lang", "en", "gaps", "--since", "last", "7", "days"]) == 0
    assert "What we could not answer since " in capsys.readouterr().out
    # The weekly summary ends with the three most frequent of each, and says where the rest is.
    assert main(["--db", str(path), "summary"]) == 0
    summary = capsys.readouterr().out
    assert "O que não soubemos responder: 6 de 11 pedidos" in summary
    assert "gpt-7 → recusado" in summary and summary.rstrip().endswith("`gpu-log gaps` no terminal.")
    details = [a["details"] for a in reports.audit_rows(path, limit=None)][::-1]
    assert details[0]["view"] == "gaps" and details[0]["requests"] == 11


def test_forgetting_someone_forgets_what_they_typed_that_we_did_not_understand(path):
    reports.forget(path, "console")
    assert gaps.gaps(path, since())["words"] == [] and gaps.gaps(path, since())["models"] == []


def test_slack_managers_see_the_gaps_in_their_language(tmp_path):
    with serve(tmp_path, managers=f"{MANAGER},{EN_MANAGER}") as slack:
        for text in ("gpt-7 4bit", "70b 4bit azul", "conta uma piada"):
            slack.command(text, user_id="U0001")
        pt = _text(slack.command("log lacunas", user_id=MANAGER)["blocks"])
        assert pt.startswith("O que não soubemos responder\n") and ": 2 de 3 pedidos" in pt
        assert "gpt-7 → recusado" in pt and "azul" in pt and "“conta uma piada”" in pt
        en = _text(slack.command("log gaps period:today", user_id=EN_MANAGER)["blocks"])
        assert en.startswith("What we could not answer\n") and "What we could not answer from " in en
        assert "gpt-7 → refused" in en and "question not understood" in en
        # The weekly summary under /gpu log ends with them too.
        assert "O que não soubemos responder: 2 de 3 pedidos" in _text(
            slack.command("log", user_id=MANAGER)["blocks"]
        )
        refused = _text(slack.command("log lacunas", user_id="U0001")["blocks"])
        assert "restrito à gestão" in refused and "gpt-7" not in refused
        slack.log.flush()  # audit rows are queued like every row of the log
        audit = [(a["actor"], a["action"], a["details"].get("view")) for a in reports.audit_rows(slack.db)][
            ::-1
        ]
        assert audit[:2] == [(MANAGER, "summary", "gaps"), (EN_MANAGER, "summary", "gaps")]
        assert audit[-1][:2] == ("U0001", "refused")
