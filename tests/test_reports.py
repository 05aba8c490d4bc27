"""Reading the request log for managers, on a real SQLite file with a known dataset: filters, the summary's
numbers, CSV and JSON exports parsed back, the retention purge, data-subject requests and the audit."""

import csv
import io
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlite_utils import Database

from bot.log import reports
from bot.log.leads import Leads
from bot.log.reports import Filters
from bot.log.requestlog import RequestLog

NOW = datetime(2025, 3, 31, 12, 0, tzinfo=UTC)  # a Monday
WEEK = NOW - timedelta(days=7)


def ago(days, hours=0):
    return NOW - timedelta(days=days, hours=hours)


# Each tuple is one request: user, external, channel, model, precision, stage, outcome, contract, text, days ago.
ANA_70B = [
    (
        "U_ANA",
        0,
        "C_VENDAS",
        "llama-3.1-70b",
        "int4",
        "inference",
        "answered",
        "reserved",
        "70b 4bit 32k 10users",
        d,
    )
    for d in (1, 1, 2, 2, 3, 3, 4, 5)
]
ANA_32B = [
    ("U_ANA", 0, "C_VENDAS", "qwen2.5-32b", "bf16", "inference", "answered", None, "qwen 32b 16 bits", d)
    for d in (1, 2, 3, 6)
]
BIA_LORA = [
    (
        "U_BIA",
        0,
        "C_DM",
        "llama-3.1-8b",
        "bf16",
        "lora",
        "answered",
        "on_demand",
        "lora no 8b, quanta memória?",
        d,
    )
    for d in (0.5, 1, 2, 4, 6)
]
BIA_FP8 = [
    ("U_BIA", 0, "C_DM", "llama-3.1-70b", "fp8", "inference", "answered", "on_demand", "70b fp8 8 users", d)
    for d in (2, 3, 5)
]
CUSTOMER = [
    ("U_EXT", 1, "C_SHARED", "llama-3.1-70b", "int4", "inference", outcome, None, text, d)
    for outcome, text, d in [
        ("answered", "contato joao@cliente.com.br, 70b em 4 bits", 1),
        ("answered", "contato joao@cliente.com.br, 70b em 4 bits", 1),
        ("answered", "contato joao@cliente.com.br, 70b em 4 bits", 2),
        ("answered", "contato joao@cliente.com.br, 70b em 4 bits", 3),
        ("answered", "contato joao@cliente.com.br, 70b em 4 bits", 4),
        ("needs_input", "contato (11) 98765-4321, um 70b", 5),
    ]
]
CAIO = [
    ("U_CAIO", 0, "C_VENDAS", None, None, None, "not_understood", None, "bom dia", d) for d in (1, 2, 3, 4)
]
OLD = [
    ("U_ANA", 0, "C_VENDAS", "qwen2.5-7b", "int4", "inference", "answered", None, "qwen 7b antigo", d)
    for d in (40, 40, 41, 42, 43, 44, 45, 46, 47, 48)
]
DATASET = ANA_70B + ANA_32B + BIA_LORA + BIA_FP8 + CUSTOMER + CAIO + OLD  # 40 requests, 30 in the last week


class Clock:
    def __init__(self):
        self.at = NOW

    def __call__(self):
        return self.at.isoformat(timespec="milliseconds")


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "log.db"
    with RequestLog(path, retry_interval=60) as log:
        for n, (user, external, channel, model, precision, stage, outcome, contract, text, days) in enumerate(
            DATASET
        ):
            log.record(
                {
                    "surface": "mention" if channel == "C_SHARED" else "slash_command",
                    "user_id": user,
                    "user_external": external,
                    "channel_id": channel,
                    "channel_shared": int(channel == "C_SHARED"),
                    "model_id": model,
                    "precision": precision,
                    "stage": stage,
                    "outcome": outcome,
                    "contract_mode": contract,
                    "text": text,
                    "workload": {"model": model, "users": 10} if model else None,
                    "recommendation": "2× H100 SXM 80 GB" if model else None,
                    "total_bytes": 148_300_000_000 if model else None,
                    # Distinct times within a day, so "newest first" is one order.
                    "created_at": ago(days, hours=n / 100),
                    "request_key": f"k{n}",
                }
            )
        assert log.flush() == 0
    return path


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def leads(path, clock):
    """Six leads: four open (one 60 days old), one won, one lost, one won long ago."""
    store = Leads(path, clock=clock)

    def lead(days, user, status=None, owner=None, request_key=None, summary="Llama 3.1 70B"):
        clock.at = ago(days)
        made = store.create(source="proposal", user_id=user, summary=summary, request_key=request_key)
        if owner:
            store.claim(made["id"], owner)
        if status:
            store.move(made["id"], status, owner or "U_BOSS")
        return made["id"]

    ids = {
        "customer_new": lead(10, "U_EXT", request_key="k21", summary="cliente 70b"),
        "ana_contacted": lead(3, "U_ANA", "contacted", "U_REP1", request_key="k0"),
        "bia_proposal": lead(2, "U_BIA", "proposal_sent", "U_REP2", request_key="k17"),
        "customer_won": lead(5, "U_EXT", "won", "U_REP1", request_key="k20"),
        "lost": lead(1, "U_CAIO", "lost", "U_REP2"),
        "ancient_open": lead(60, "U_ANA"),
        "ancient_won": lead(90, "U_BIA", "won", "U_REP1"),
    }
    store.add_note(ids["customer_new"], "U_REP1", "joão pediu desconto")
    clock.at = NOW
    return ids


def iso(moment):
    return moment.isoformat(timespec="milliseconds")


def keys(rows):
    return [r["request_key"] for r in rows]


def count(path, filters):
    return len(reports.list_requests(path, filters, limit=None))


# ---------------------------------------------------------------------- periods


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7d", NOW - timedelta(days=7)),
        ("30d", NOW - timedelta(days=30)),
        ("24h", NOW - timedelta(hours=24)),
        ("4w", NOW - timedelta(weeks=4)),
        (" 7D ", NOW - timedelta(days=7)),
        ("today", datetime(2025, 3, 31, tzinfo=UTC)),
        ("hoje", datetime(2025, 3, 31, tzinfo=UTC)),
        ("semana", datetime(2025, 3, 31, tzinfo=UTC)),  # NOW is a Monday
        ("month", datetime(2025, 3, 1, tzinfo=UTC)),
        ("mês", datetime(2025, 3, 1, tzinfo=UTC)),
        ("2025-01-31", datetime(2025, 1, 31, tzinfo=UTC)),
        ("2025-01-31T10:00:00+02:00", datetime(2025, 1, 31, 8, tzinfo=UTC)),
        ("2025-01-31T10:00", datetime(2025, 1, 31, 10, tzinfo=UTC)),
        # As people say them, in pt-BR, pt-PT and English, accents and case optional.
        ("ontem", datetime(2025, 3, 30, tzinfo=UTC)),
        ("Yesterday", datetime(2025, 3, 30, tzinfo=UTC)),
        ("esta semana", datetime(2025, 3, 31, tzinfo=UTC)),
        ("this week", datetime(2025, 3, 31, tzinfo=UTC)),
        ("semana passada", datetime(2025, 3, 24, tzinfo=UTC)),
        ("last week", datetime(2025, 3, 24, tzinfo=UTC)),
        ("mes passado", datetime(2025, 2, 1, tzinfo=UTC)),
        ("last month", datetime(2025, 2, 1, tzinfo=UTC)),
        ("este ano", datetime(2025, 1, 1, tzinfo=UTC)),
        ("ano passado", datetime(2024, 1, 1, tzinfo=UTC)),
        ("últimos 30 dias", NOW - timedelta(days=30)),
        ("ultimos 30 dias", NOW - timedelta(days=30)),
        ("7 dias", NOW - timedelta(days=7)),
        ("há 7 dias", NOW - timedelta(days=7)),
        ("last 7 days", NOW - timedelta(days=7)),
        ("últimas 24 horas", NOW - timedelta(hours=24)),
        ("last 2 weeks", NOW - timedelta(weeks=2)),
    ],
)
def test_parse_period(text, expected):
    assert reports.parse_period(text, now=NOW) == expected


def test_parse_period_week_starts_on_monday_and_ends_include_the_whole_day():
    thursday = datetime(2025, 4, 3, 15, 30, tzinfo=UTC)
    assert reports.parse_period("week", now=thursday) == datetime(2025, 3, 31, tzinfo=UTC)
    assert reports.parse_period("week", now=thursday, end=True) == datetime(2025, 4, 7, tzinfo=UTC)
    assert reports.parse_period("mes", now=thursday, end=True) == datetime(2025, 5, 1, tzinfo=UTC)
    assert reports.parse_period("2025-12-31", end=True) == datetime(2026, 1, 1, tzinfo=UTC)
    assert reports.parse_period("7d", now=thursday, end=True) == thursday - timedelta(days=7)
    # A named period ends where it ends: yesterday at midnight, last week on this Monday.
    assert reports.parse_period("ontem", now=thursday, end=True) == datetime(2025, 4, 3, tzinfo=UTC)
    assert reports.parse_period("semana passada", now=thursday, end=True) == datetime(2025, 3, 31, tzinfo=UTC)
    assert reports.parse_period("mês passado", now=thursday, end=True) == datetime(2025, 4, 1, tzinfo=UTC)
    assert reports.parse_period("last year", now=thursday, end=True) == datetime(2025, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "pt", "en"),
    [
        ("", "não entendi o período “”", "unknown period “”"),
        ("xx", "não entendi o período “xx”: use hoje, ontem", "unknown period “xx”: use today, yesterday"),
        ("7m", "não entendi o período “7m”", "unknown period “7m”"),
        ("0d", "o período “0d” está vazio", "the period “0d” is empty"),
        ("0 dias", "o período “0 dias” está vazio", "the period “0 dias” is empty"),
        ("2025-13-01", "não entendi o período “2025-13-01”", "unknown period “2025-13-01”"),
        ("999999999d", "o período “999999999d” é longo demais", "the period “999999999d” is too long"),
        ("-7d", "não entendi o período “-7d”", "unknown period “-7d”"),
        ("semana que vem", "não entendi o período “semana que vem”", "unknown period “semana que vem”"),
    ],
)
def test_parse_period_refuses_with_one_sentence_in_the_readers_language(text, pt, en):
    with pytest.raises(ValueError) as raised:
        reports.parse_period(text, now=NOW)
    assert raised.value.sentence("pt-BR").startswith(pt) and raised.value.sentence("en").startswith(en)
    assert str(raised.value) == raised.value.sentence("en") and "\n" not in str(raised.value)


# ---------------------------------------------------------------------- filters


def test_list_is_newest_first_and_limited(path):
    rows = reports.list_requests(path, Filters())
    assert len(rows) == 40  # fewer than the default limit of 50
    times = [r["created_at"] for r in rows]
    assert times == sorted(times, reverse=True)
    assert keys(reports.list_requests(path, Filters(), limit=3)) == keys(rows[:3])
    assert rows[0]["request_key"] == "k12"  # Bia's LoRA question half a day ago


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (Filters(rep="U_ANA"), 22),
        (Filters(rep="U_EXT"), 0),  # a customer is not a rep
        (Filters(user="U_EXT"), 6),
        (Filters(channel="C_SHARED"), 6),
        (Filters(model="70b"), 17),
        (Filters(model="llama-3.1-70b"), 17),
        (Filters(model="LLAMA 70B"), 17),
        (Filters(model="llama-3.1"), 22),
        (Filters(model="7b"), 10),  # qwen2.5-7b only: not 70b, not 72b
        (Filters(model="qwen"), 14),
        (Filters(model="8b"), 5),
        (Filters(model="mixtral"), 0),
        (Filters(stage="lora"), 5),
        (Filters(outcome="not_understood"), 4),
        (Filters(since=WEEK), 30),
        (Filters(until=WEEK), 10),
        (Filters(since=ago(45), until=ago(42)), 3),  # 44, 43 and 42 days ago (and a bit)
        (Filters(status="contacted"), 1),
        (Filters(status="open"), 3),  # contacted, proposal_sent and the customer's new lead
        (Filters(status="won"), 1),
        (Filters(status="lost"), 0),  # that lead has no request
        (Filters(search="contato"), 6),
        (Filters(search="memoria"), 5),  # accents ignored: "memória"
        (Filters(search="joao"), 0),  # the e-mail was redacted before it was stored
        (Filters(search="cliente.com.br"), 0),
        (Filters(search="98765"), 0),  # so was the phone
        (Filters(search='70b AND "'), 0),  # FTS syntax in what people type is just words
        (Filters(rep="U_ANA", model="70b", since=WEEK), 8),
        (Filters(user="U_EXT", outcome="answered", search="bits", status="open"), 1),
        (Filters(rep="U_BIA", stage="inference", channel="C_DM"), 3),
    ],
)
def test_filters_alone_and_combined(path, leads, filters, expected):
    assert count(path, filters) == expected


def test_each_row_carries_its_lead(path, leads):
    rows = {r["request_key"]: r for r in reports.list_requests(path, Filters(), limit=None)}
    assert (rows["k0"]["lead_id"], rows["k0"]["lead_status"], rows["k0"]["lead_owner"]) == (
        leads["ana_contacted"],
        "contacted",
        "U_REP1",
    )
    assert (rows["k21"]["lead_status"], rows["k21"]["lead_owner"]) == ("new", None)
    assert rows["k1"]["lead_id"] is None and rows["k1"]["lead_status"] is None


def test_a_request_with_two_leads_is_listed_once_with_the_newest(path, leads, clock):
    second = Leads(path, clock=clock).create(
        source="auto", user_id="U_ANA", summary="again", request_key="k0"
    )
    rows = [r for r in reports.list_requests(path, Filters(), limit=None) if r["request_key"] == "k0"]
    assert [(r["lead_id"], r["lead_status"]) for r in rows] == [(second["id"], "new")]


def test_an_unknown_lead_status_is_refused(path):
    with pytest.raises(ValueError, match="unknown lead status"):
        reports.list_requests(path, Filters(status="closed"))


def test_request_detail(path, leads):
    detail = reports.request_detail(path, 1)  # k0, with its lead
    assert detail["request"]["request_key"] == "k0"
    assert detail["lead"]["id"] == leads["ana_contacted"]
    assert [e["action"] for e in detail["events"]] == ["created", "claimed", "status"]
    assert reports.request_detail(path, 2)["lead"] is None
    assert reports.request_detail(path, 999) is None


def test_a_missing_file_is_not_created(tmp_path):
    missing = tmp_path / "nothing.db"
    with pytest.raises(FileNotFoundError):
        reports.list_requests(missing, Filters())
    with pytest.raises(FileNotFoundError):
        reports.record_audit(missing, "U1", "slack", "list", {})
    assert not missing.exists()


# ---------------------------------------------------------------------- summary


def test_summary_numbers_on_the_known_dataset(path, leads):
    s = reports.summary(path, WEEK, now=NOW)

    def pairs(key):
        return [(i["name"], i["count"]) for i in s[key]]

    assert s["total"] == 30
    assert s["since"] == "2025-03-24T12:00:00.000+00:00" and s["until"] is None
    assert pairs("per_rep") == [("U_ANA", 12), ("U_BIA", 8), ("U_CAIO", 4)]  # U_EXT is a customer
    assert pairs("outcomes") == [("answered", 25), ("not_understood", 4), ("needs_input", 1)]
    # Ties go by name, and "nothing understood" (None) last.
    assert pairs("models") == [("llama-3.1-70b", 17), ("llama-3.1-8b", 5), ("qwen2.5-32b", 4), (None, 4)]
    assert pairs("precisions") == [("int4", 14), ("bf16", 9), (None, 4), ("fp8", 3)]
    assert pairs("stages") == [("inference", 21), ("lora", 5), (None, 4)]
    assert pairs("contract_modes") == [(None, 14), ("on_demand", 8), ("reserved", 8)]
    assert pairs("leads_by_status") == [("contacted", 1), ("lost", 1), ("proposal_sent", 1), ("won", 1)]
    assert [(lead["id"], lead["age_days"], lead["owner"], lead["status"]) for lead in s["open_leads"]] == [
        (leads["ancient_open"], 60, None, "new"),
        (leads["customer_new"], 10, None, "new"),
        (leads["ana_contacted"], 3, "U_REP1", "contacted"),
        (leads["bia_proposal"], 2, "U_REP2", "proposal_sent"),
    ]


def test_summary_with_an_end(path, leads):
    s = reports.summary(path, ago(50), until=WEEK, now=NOW)
    assert s["total"] == 10
    assert [(i["name"], i["count"]) for i in s["models"]] == [("qwen2.5-7b", 10)]
    assert s["leads_by_status"] == [{"name": "new", "count": 1}]  # the customer's, 10 days old
    assert len(s["open_leads"]) == 4  # the backlog does not depend on the period


def test_bar():
    assert reports.bar(10, 10) == "█" * 20
    assert reports.bar(0, 10) == "░" * 20
    assert reports.bar(5, 10, width=10) == "█" * 5 + "░" * 5
    assert reports.bar(1, 1000) == "█" + "░" * 19  # above zero always shows
    assert reports.bar(3, 0) == "░" * 20
    assert reports.bar(20, 10) == "█" * 20


def test_format_summary_in_portuguese_and_english(path, leads):
    s = reports.summary(path, WEEK, now=NOW)
    pt = reports.format_summary(s)
    assert pt.startswith("Pedidos desde 2025-03-24 12:00 UTC: 30\n")
    assert "  U_ANA   ████████████████████  12" in pt
    assert "  U_BIA   █████████████░░░░░░░   8" in pt
    assert "Leads em aberto (mais antigos primeiro)" in pt
    assert f"#{leads['ancient_open']:<5}   60 dias  novo" in pt
    assert "sem responsável" in pt and "proposta enviada" in pt
    en = reports.format_summary(s, "en")
    assert en.startswith("Requests since 2025-03-24 12:00 UTC: 30\n")
    assert "Per rep (internal users)" in en and "60 days  new" in en and "unclaimed" in en


def test_format_summary_names_values_and_counts_no_refusal_as_a_model(path, leads):
    s = reports.summary(path, WEEK, now=NOW)
    pt = reports.format_summary(s)
    models = pt.split("Modelos\n")[1].split("\n\n")[0]
    assert "llama-3.1-70b" in models.splitlines()[0] and "—" not in models  # the 4 refusals are no model
    assert "—" not in pt.split("Precisões\n")[1].split("\n\n")[0]
    assert "  respondido  " in pt and "  não entendido  " in pt and "  faltou informação  " in pt
    assert "  inferência  " in pt and "  LoRA  " in pt
    assert "  reservada  " in pt and "  sob demanda  " in pt
    for code in ("answered", "not_understood", "inference", "on_demand", "reserved"):
        assert code not in pt
    en = reports.format_summary(s, "en")
    assert "  not understood  " in en and "  on demand  " in en and "  inference  " in en


def test_format_summary_numbers_follow_the_language():
    s = {
        "since": "2025-01-01T00:00:00.000+00:00",
        "until": "2025-02-01T00:00:00.000+00:00",
        "total": 12345,
        "models": [{"name": f"model-{n:02}", "count": 1500 - n} for n in range(12)],
    }
    pt = reports.format_summary(s, "pt-BR")
    assert "Pedidos de 2025-01-01 00:00 UTC a 2025-02-01 00:00 UTC: 12.345" in pt
    assert "model-00  ████████████████████  1.500" in pt
    assert "model-10" not in pt and "… e mais 2" in pt
    en = reports.format_summary(s, "en")
    assert ": 12,345" in en and "1,500" in en and "… and 2 more" in en


# ---------------------------------------------------------------------- exports


def test_csv_export_parses_back_to_the_same_rows(path, leads, tmp_path):
    with RequestLog(path, retry_interval=60) as log:
        log.record({"surface": "dm", "user_id": "U_ZÉ", "text": "Ação: memória p/ 70B — ótimo 🚀, \"aspas\"\nlinha 2",
                    "outcome": "answered", "created_at": NOW, "request_key": "k-accents"})  # fmt: skip
    rows = reports.list_requests(path, Filters(), limit=None)
    file = tmp_path / "export.csv"
    file.write_bytes(reports.to_csv(rows).encode("utf-8"))

    with file.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        assert tuple(reader.fieldnames) == reports.CSV_COLUMNS
        parsed = list(reader)
    assert len(parsed) == len(rows) == 41
    for row, back in zip(rows, parsed, strict=True):
        assert back == {key: "" if row[key] is None else str(row[key]) for key in reports.CSV_COLUMNS}
    assert parsed[0]["text"] == 'Ação: memória p/ 70B — ótimo 🚀, "aspas"\nlinha 2'
    assert parsed[0]["user_id"] == "U_ZÉ"
    workload = next(r["workload"] for r in parsed if r["request_key"] == "k0")
    assert json.loads(workload) == {"model": "llama-3.1-70b", "users": 10}


def test_csv_cells_that_a_spreadsheet_would_run_are_defused():
    text = reports.to_csv(
        [{"id": 1, "text": '=HYPERLINK("http://x")', "user_id": "@here", "total_bytes": -5}]
    )
    [row] = list(csv.DictReader(io.StringIO(text)))
    assert row["text"] == '\'=HYPERLINK("http://x")' and row["user_id"] == "'@here"
    assert row["total_bytes"] == "-5"  # numbers stay numbers


def test_csv_keeps_unknown_columns_after_the_known_ones():
    text = reports.to_csv([{"id": 1, "zeta": "z", "alpha": "a"}])
    assert text.splitlines()[0].endswith(
        ",lead_owner,lead_updated_at,lead_note,unknown_words,missing_model,alpha,zeta"
    )
    assert reports.to_csv([]).strip() == ",".join(reports.CSV_COLUMNS)


@pytest.mark.parametrize(
    ("lang", "separator", "layout"),
    [
        ("pt-BR", None, (";", ",")),
        ("pt-PT", None, (";", ",")),
        ("en", None, (",", ".")),
        ("pt-BR", ",", (",", ".")),  # a comma separator takes the decimal point: the cells stay whole
        ("en", ";", (";", ".")),
        ("pt-BR", "\t", ("\t", ",")),
    ],
)
def test_csv_for_excel_follows_the_language_or_the_separator_asked_for(lang, separator, layout):
    fmt = reports.CsvFormat.excel(lang, separator)
    assert (fmt.separator, fmt.decimal, fmt.bom) == (*layout, True)


def test_csv_for_excel_round_trips_with_bom_separator_and_decimal_comma(path, leads, tmp_path):
    rows = reports.list_requests(path, Filters(), limit=None)
    rows[0] = dict(rows[0], text="Ação; “memória” p/ 70B — 2× H200 🚀", duration_ms=12.75)
    file = tmp_path / "excel.csv"
    file.write_bytes(reports.to_csv(rows, reports.CsvFormat.excel("pt-BR")).encode("utf-8"))
    data = file.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    # As Excel set to Portuguese reads it: UTF-8 because of the mark, columns at ";".
    header, *parsed = list(csv.reader(io.StringIO(data[3:].decode("utf-8"), newline=""), delimiter=";"))
    assert tuple(header) == reports.CSV_COLUMNS and len(parsed) == len(rows) == 40
    assert all(len(row) == len(header) for row in parsed)
    first = dict(zip(header, parsed[0], strict=True))
    assert first["text"] == "Ação; “memória” p/ 70B — 2× H200 🚀" and first["duration_ms"] == "12,75"
    assert first["total_bytes"] == "148300000000"


def test_json_export_parses_back(path, leads):
    rows = reports.list_requests(path, Filters(user="U_EXT"), limit=None)
    back = json.loads(reports.to_json(rows))
    assert [r["id"] for r in back] == [r["id"] for r in rows]
    assert back[0]["workload"] == {"model": "llama-3.1-70b", "users": 10}
    assert {r["text"] for r in back} == {"contato [email], 70b em 4 bits", "contato [telefone], um 70b"}
    assert {r["lead_status"] for r in back} == {None, "new", "won"}


# ---------------------------------------------------------------------- purge


def test_purge_deletes_what_is_older_than_the_retention_and_keeps_open_leads(path, leads):
    db = Database(path)
    db.table("seen_events").insert_all(
        [{"event_id": "old", "seen_at": iso(ago(31))}, {"event_id": "new", "seen_at": iso(ago(1))}]
    )
    db.table("threads").insert_all(
        [
            {
                "channel_id": "C1",
                "thread_ts": "1.0",
                "workload": "{}",
                "lang": "en",
                "updated_at": iso(ago(90)),
            },
            {
                "channel_id": "C1",
                "thread_ts": "2.0",
                "workload": "{}",
                "lang": "en",
                "updated_at": iso(ago(2)),
            },
        ]
    )
    expected = {"requests": 10, "seen_events": 1, "threads": 1, "leads": 1, "lead_events": 3}

    assert reports.purge(path, 30, now=NOW, dry_run=True) == expected
    assert count(path, Filters()) == 40  # a dry run deletes nothing

    assert reports.purge(path, 30, now=NOW) == expected
    assert count(path, Filters()) == 30
    assert count(path, Filters(until=WEEK)) == 0
    assert count(path, Filters(search="antigo")) == 0  # gone from the search index too
    assert [r["event_id"] for r in db.table("seen_events").rows] == ["new"]
    assert [r["thread_ts"] for r in db.table("threads").rows] == ["2.0"]
    remaining = {r["id"] for r in db.table("leads").rows}
    assert leads["ancient_open"] in remaining  # sales is still working it
    assert leads["ancient_won"] not in remaining
    assert (
        db.execute("select count(*) from lead_events where lead_id = ?", [leads["ancient_won"]]).fetchone()[0]
        == 0
    )

    assert reports.purge(path, 30, now=NOW) == dict.fromkeys(expected, 0)


def test_purge_refuses_a_retention_under_a_day(path):
    with pytest.raises(ValueError):
        reports.purge(path, 0)


# ---------------------------------------------------------------------- data subjects


def everything(path):
    """Every value in every ordinary table, as text (FTS shadow tables hold only binary index data)."""
    db = Database(path)
    return "\n".join(
        json.dumps(list(db.table(name).rows), ensure_ascii=False, default=str)
        for name in db.table_names()
        if not name.startswith("requests_fts") and name != "audit"
    )


def test_forget_anonymizes_and_keeps_the_counts(path, leads):
    before = reports.summary(path, WEEK, now=NOW)
    counts = reports.forget(path, "U_EXT")

    assert counts["requests"] == 6 and counts["leads"] == 2 and counts["deleted"] is False
    # Both of their leads' events (created, note, claimed, status) plus none of their own elsewhere.
    assert counts["lead_events"] == 5
    alias = counts["alias"]
    assert alias.startswith("forgotten-") and len(alias) == len("forgotten-") + 10
    after = reports.summary(path, WEEK, now=NOW)
    for key in ("total", "per_rep", "outcomes", "models", "precisions", "leads_by_status"):
        assert after[key] == before[key], key
    assert "U_EXT" not in everything(path)
    assert "contato" not in everything(path)
    assert count(path, Filters(search="contato")) == 0  # nor in the search index
    rows = reports.list_requests(path, Filters(user=alias), limit=None)
    assert len(rows) == 6 and {r["text"] for r in rows} == {None}
    assert {r["channel_id"] for r in rows} == {"C_SHARED"} and rows[0]["workload"]
    db = Database(path)
    lead = db.table("leads").get(leads["customer_new"])
    assert (lead["user_id"], lead["note"], lead["summary"]) == (alias, None, "cliente 70b")
    events = list(db.query("select * from lead_events where lead_id = ?", [leads["customer_new"]]))
    assert [(e["by"], e["note"]) for e in events] == [
        (alias, None),
        ("U_REP1", None),
    ]  # the rep's event stays


def test_forgotten_text_is_gone_from_the_file_itself(path, leads):
    reports.forget(path, "U_EXT")
    data = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))
    assert b"U_EXT" not in data
    assert b"contato" not in data


def test_forget_a_rep_keeps_the_history_of_other_peoples_leads(path, leads):
    counts = reports.forget(path, "U_REP1")
    alias = counts["alias"]
    db = Database(path)
    assert db.table("leads").get(leads["ana_contacted"])["owner"] == alias
    assert db.table("leads").get(leads["ana_contacted"])["user_id"] == "U_ANA"
    claims = list(db.query("select [by], note from lead_events where action = 'claimed'"))
    assert alias in {c["by"] for c in claims}
    assert "U_REP1" not in everything(path)
    assert counts["requests"] == 0


def test_forget_with_delete_removes_their_rows(path, leads):
    counts = reports.forget(path, "U_EXT", delete=True)
    assert (counts["requests"], counts["leads"], counts["deleted"]) == (6, 2, True)
    assert count(path, Filters()) == 34
    assert reports.summary(path, WEEK, now=NOW)["total"] == 24
    db = Database(path)
    assert db.table("leads").count == 5
    remaining = {leads["customer_new"], leads["customer_won"]} & {r["id"] for r in db.table("leads").rows}
    assert remaining == set()
    assert db.execute(
        "select count(*) from lead_events where lead_id in (?, ?)",
        [leads["customer_new"], leads["customer_won"]],
    ).fetchone() == (0,)
    assert "U_EXT" not in everything(path)
    assert count(path, Filters(search="contato")) == 0


def test_export_user_returns_what_is_stored(path, leads):
    reports.record_audit(path, "U_EXT", "slack", "refused", {"command": "log"})
    data = reports.export_user(path, "U_EXT")
    assert data["user_id"] == "U_EXT"
    assert len(data["requests"]) == 6 and all(r["user_id"] == "U_EXT" for r in data["requests"])
    assert data["requests"][0]["workload"] == {"model": "llama-3.1-70b", "users": 10}
    assert {lead["id"] for lead in data["leads"]} == {leads["customer_new"], leads["customer_won"]}
    assert [e["action"] for e in data["lead_events"]] == ["created", "created"]
    assert data["leads_owned"] == []
    assert [(a["action"], a["details"]) for a in data["audit"]] == [("refused", {"command": "log"})]
    json.dumps(data, ensure_ascii=False)  # it all serializes

    rep = reports.export_user(path, "U_REP1")
    assert rep["requests"] == [] and len(rep["leads_owned"]) == 3
    assert {e["action"] for e in rep["lead_events"]} == {"claimed", "status", "note"}

    assert reports.export_user(path, "U_NOBODY")["requests"] == []


# ---------------------------------------------------------------------- audit


def test_audit_rows_newest_first_with_details(path):
    reports.record_audit(path, "U_MGR", "slack", "list", {"filters": {"model": "70b"}, "rows": 3})
    reports.record_audit(path, "cli:ana", "cli", "export", {"format": "csv", "rows": 40})
    reports.record_audit(path, "app", "app", "purge", {"older_than_days": 180, "requests": 0})
    rows = reports.audit_rows(path)
    assert [(r["actor"], r["surface"], r["action"]) for r in rows] == [
        ("app", "app", "purge"),
        ("cli:ana", "cli", "export"),
        ("U_MGR", "slack", "list"),
    ]
    assert rows[2]["details"] == {"filters": {"model": "70b"}, "rows": 3}
    assert len(reports.audit_rows(path, limit=1)) == 1
    assert reports.audit_rows(path, since=datetime.now(UTC) + timedelta(hours=1)) == []


@pytest.mark.parametrize(("surface", "action"), [("email", "list"), ("cli", "delete")])
def test_audit_refuses_unknown_surfaces_and_actions(path, surface, action):
    with pytest.raises(ValueError):
        reports.record_audit(path, "U1", surface, action, {})
    assert reports.audit_rows(path) == []
