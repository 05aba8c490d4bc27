"""The request log answers a manager at any size: what can be pinned without a stopwatch.

- Every /gpu log filter finds its rows through an index that hands them over newest first (SQLite's own
  EXPLAIN QUERY PLAN, on the real schema), never by reading the whole table or sorting all of it.
- The summary reads the daily roll-up and the created_at index, and its numbers stay exactly those of the
  rows through inserts, failed deliveries, data-subject requests and purges.
- A model filter is an exact match on the catalogue ids it names.
- Exports stream: every row, in order, a page at a time, with memory that does not grow with the log.
"""

import csv
import io
import random
import sqlite3
import tracemalloc
from datetime import UTC, datetime, timedelta

import pytest
from sqlite_utils import Database

from bot.log import reports
from bot.log.leads import Leads
from bot.log.reports import Filters
from bot.log.requestlog import RequestLog

NOW = datetime(2026, 3, 18, 15, 30, tzinfo=UTC)
MODELS = ["llama-3.1-70b", "llama-3.3-70b", "qwen2.5-32b", "qwen2.5-7b", "llama-3.1-8b", None]


def _rows(n, seed=1):
    rng = random.Random(seed)
    for i in range(n):
        model = rng.choice(MODELS)
        yield {
            "created_at": NOW - timedelta(days=rng.random() * 60),
            "surface": "slash_command",
            "user_id": rng.choice(["U_ANA", "U_BIA", "U_CAIO", "U_EXT1", "U_EXT2", None]),
            "user_external": rng.choice([0, 0, 1, None]),
            "channel_id": rng.choice(["C1", "C2", "CSHARED"]),
            "text": rng.choice(["70b em 4 bits", "qwen 32b lora", "bom dia", "memória para 8b?"]),
            "model_id": model,
            "precision": rng.choice(["int4", "bf16", "fp8", None]) if model else None,
            "stage": rng.choice(["inference", "lora", "qlora"]) if model else None,
            "outcome": "answered" if model else rng.choice(["not_understood", "needs_input"]),
            "contract_mode": rng.choice(["on_demand", "reserved", None]) if model else None,
            "request_key": f"k{seed}-{i}",
        }


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "log.db"
    with RequestLog(path, retry_interval=60) as log:
        for row in _rows(400):
            log.record(row)
    leads = Leads(path)
    for key, status in (("k1-3", None), ("k1-5", "won"), ("k1-8", "contacted")):
        lead = leads.create(source="proposal", user_id="U_ANA", summary="x", request_key=key)
        if status:
            leads.move(lead["id"], status, "U_REP")
    return path


def plan(db, sql, args):
    return [row[3] for row in db.execute(f"explain query plan {sql}", args)]


# ---------------------------------------------------------------------- query plans


@pytest.mark.parametrize(
    ("filters", "index"),
    [
        (Filters(), "idx_requests_created_at"),
        (Filters(since=NOW - timedelta(days=7)), "idx_requests_created_at"),
        (Filters(until=NOW - timedelta(days=30)), "idx_requests_created_at"),
        (Filters(rep="U_ANA"), "idx_requests_user_id_created_at"),
        (Filters(user="U_EXT1"), "idx_requests_user_id_created_at"),
        (Filters(channel="CSHARED"), "idx_requests_channel_id_created_at"),
        (Filters(model="qwen2.5-32b"), "idx_requests_model_id_created_at"),
        (Filters(stage="lora"), "idx_requests_stage_created_at"),
        (Filters(outcome="not_understood"), "idx_requests_outcome_created_at"),
        (Filters(rep="U_BIA", since=NOW - timedelta(days=7)), "idx_requests_user_id_created_at"),
        (Filters(search="memória"), "idx_requests_created_at"),
        (Filters(rep="U_ANA", search="70b"), "idx_requests_user_id_created_at"),
    ],
)
def test_each_filter_reads_its_rows_newest_first_from_an_index(path, filters, index):
    db = Database(path)
    sql, args = reports.select_sql(db, filters, 15)
    steps = plan(db, sql, args)
    assert any(s.startswith(("SEARCH r USING INDEX", "SCAN r USING INDEX")) and index in s for s in steps), (
        steps
    )
    # The index gives the order: no sort of every matching row, no look at every row of the table.
    assert not any("TEMP B-TREE" in s for s in steps), steps
    assert "SCAN r" not in steps
    if filters.search:  # the text's matches are a list to check rows against, not where rows come from
        assert "SEARCH r USING INTEGER PRIMARY KEY (rowid=?)" not in steps


def test_a_model_filter_naming_several_ids_reads_each_from_its_index_and_merges_them(path):
    db = Database(path)
    sql, args = reports.select_sql(db, Filters(model="70b"), 15)
    steps = plan(db, sql, args)
    assert "MERGE (UNION ALL)" in steps
    assert [s for s in steps if "SEARCH r" in s] == [
        "SEARCH r USING INDEX idx_requests_model_id_created_at (model_id=?)"
    ] * 2
    assert "LIKE" not in sql.upper()
    assert sorted(a for a in args if isinstance(a, str) and a.startswith("llama")) == [
        "llama-3.1-70b",
        "llama-3.3-70b",
    ]


def test_a_lead_status_starts_from_the_few_leads_that_have_it(path):
    db = Database(path)
    for status in ("won", "open"):
        sql, args = reports.select_sql(db, Filters(status=status), 15)
        steps = plan(db, sql, args)
        assert steps[0] == "SEARCH l USING INDEX idx_leads_status (status=?)", steps
        assert "SEARCH r USING INDEX idx_requests_request_key (request_key=?)" in steps
        assert not any(s.startswith("SCAN") for s in steps)


def test_the_summary_reads_the_rollup_and_the_created_at_index_never_every_row(path):
    db = Database(path)
    statements = []
    db.conn.set_trace_callback(statements.append)
    reports.summary(db, NOW - timedelta(days=180, hours=5), NOW - timedelta(hours=3), now=NOW)
    db.conn.set_trace_callback(None)
    reads = [s for s in statements if s.lstrip().lower().startswith("select") and " from " in s.lower()]
    tables = set()
    for sql in reads:
        for step in plan(db, sql, []):
            assert not step.startswith("SCAN requests") or "INDEX idx_requests_created_at" in step, step
            assert not step.startswith("SCAN leads") or "INDEX" in step, step
            tables.add(step.split()[1])
    assert {"requests", "requests_daily", "leads"} <= tables


def test_what_we_could_not_answer_is_read_through_partial_indexes_of_those_rows(path):
    from bot.log import gaps

    db = Database(path)
    statements = []
    db.conn.set_trace_callback(statements.append)
    gaps.gaps(db, NOW - timedelta(days=180, hours=5), NOW - timedelta(hours=3))
    db.conn.set_trace_callback(None)
    steps = [
        step for sql in statements if sql.lstrip().lower().startswith("select") for step in plan(db, sql, [])
    ]
    assert not [s for s in steps if s.startswith("SCAN requests") or s.startswith("SCAN r ")], steps
    used = " ".join(steps)
    for index in ("idx_requests_refused", "idx_requests_missing_model", "idx_requests_unknown"):
        assert index in used, steps


# ---------------------------------------------------------------------- the summary's numbers


def _by_hand(path, since, until):
    """The summary's counts straight from the rows (what the roll-up must agree with)."""
    rows = (
        Database(path)
        .execute(
            "select user_id, user_external, outcome, model_id, precision, stage, contract_mode from requests"
            " where created_at >= ? and (? is null or created_at < ?)",
            [reports._iso(since), until and reports._iso(until), until and reports._iso(until)],
        )
        .fetchall()
    )
    counts = {dim: {} for dim in reports.SUMMARY_DIMENSIONS.values()}
    for user, external, *values in rows:
        keys = dict(zip(("outcome", "model", "precision", "stage", "contract"), values, strict=True))
        if user is not None and not external:
            keys["rep"] = user
        for dim, value in keys.items():
            counts[dim][value] = counts[dim].get(value, 0) + 1
    return len(rows), {key: reports._ranked(counts[dim]) for key, dim in reports.SUMMARY_DIMENSIONS.items()}


PERIODS = [
    (NOW - timedelta(days=7), None),
    (NOW - timedelta(days=30, hours=7, minutes=13), NOW - timedelta(days=2, hours=1)),
    (NOW - timedelta(hours=5), None),  # within today
    (datetime(2026, 2, 1, tzinfo=UTC), datetime(2026, 3, 1, tzinfo=UTC)),  # whole days only
    (NOW - timedelta(days=400), None),
]


def test_the_summary_counts_exactly_what_the_rows_say_through_every_change(path):
    def check():
        for since, until in PERIODS:
            total, lists = _by_hand(path, since, until)
            got = reports.summary(path, since, until, now=NOW)
            assert got["total"] == total
            assert {key: got[key] for key in lists} == lists

    check()
    with RequestLog(path, retry_interval=60) as log:
        for row in _rows(50, seed=2):
            log.record(row)
        log.mark_failed("k2-7", "slack:timeout")  # an answer Slack did not take: its outcome changes
        log.mark_failed("k1-9", "slack:timeout")
    check()
    reports.forget(path, "U_BIA")  # anonymized: their rows move to the alias
    check()
    reports.forget(path, "U_CAIO", delete=True)
    check()
    reports.purge(path, 20, now=NOW)
    check()


def test_a_forgotten_person_leaves_nothing_in_the_rollup(path):
    reports.forget(path, "U_ANA")
    assert (
        Database(path).execute("select count(*) from requests_daily where value = 'U_ANA'").fetchone()[0] == 0
    )
    reports.forget(path, "U_BIA", delete=True)
    assert (
        Database(path).execute("select count(*) from requests_daily where value = 'U_BIA'").fetchone()[0] == 0
    )


def test_an_old_log_gains_the_rollup_with_its_rows_counted(tmp_path):
    from bot.log.migrations import MIGRATIONS, migrate

    path = tmp_path / "old.db"
    db = Database(sqlite3.connect(path))
    before = [m for m in MIGRATIONS if m[0] not in ("index_requests_by_time", "daily_rollup")]
    migrate(db, before)
    for row in _rows(120, seed=4):
        row["created_at"] = row["created_at"].isoformat(timespec="milliseconds")
        db.table("requests").insert(row)
    db.conn.commit()
    db.conn.close()
    for since, until in PERIODS:
        expected = _by_hand(path, since, until)
        got = reports.summary(path, since, until, now=NOW)  # opening it upgrades it in place
        assert (got["total"], {k: got[k] for k in expected[1]}) == expected


# ---------------------------------------------------------------------- model filters


def test_a_model_filter_matches_catalogue_names_and_aliases_exactly(path):
    qwen32 = reports.list_requests(path, Filters(model="qwen2.5-32b"), limit=None)
    assert qwen32 and {r["model_id"] for r in qwen32} == {"qwen2.5-32b"}
    # "llama3.3 70b" is how people type it: an alias in the catalogue, not words of the id.
    llama33 = reports.list_requests(path, Filters(model="llama-3.3-70b"), limit=None)
    assert llama33 and reports.list_requests(path, Filters(model="llama3.3 70b"), limit=None) == llama33
    # "QwQ" names QwQ 32B, a model of its own (its config reads 40,960 positions), not Qwen2.5 32B.
    assert reports.list_requests(path, Filters(model="QwQ"), limit=None) == []
    assert (
        reports.list_requests(path, Filters(model="mixtral"), limit=None) == []
    )  # in the catalogue, not the log
    assert reports.list_requests(path, Filters(model="7b"), limit=None) == reports.list_requests(
        path, Filters(model="qwen2.5-7b"), limit=None
    )


# ---------------------------------------------------------------------- exports


@pytest.mark.parametrize(
    "filters",
    [Filters(), Filters(model="70b"), Filters(status="open"), Filters(search="bits"), Filters(rep="U_ANA")],
)
def test_paged_reading_gives_every_row_once_in_order(path, filters):
    everything = reports.list_requests(path, filters, limit=10_000)
    assert everything
    assert list(reports.iter_requests(path, filters, page=7)) == everything
    assert reports.count_requests(path, filters) == len(everything)


def test_rows_with_the_same_time_are_paged_without_loss(tmp_path):
    path = tmp_path / "same.db"
    with RequestLog(path, retry_interval=60) as log:
        for i in range(25):
            log.record({"surface": "console", "user_id": "U1", "text": f"{i}", "created_at": NOW,
                        "request_key": f"same-{i}"})  # fmt: skip
    rows = list(reports.iter_requests(path, Filters(), page=4))
    assert [r["text"] for r in rows] == [str(i) for i in reversed(range(25))]


def test_a_csv_export_of_a_large_log_streams_with_flat_memory(tmp_path):
    path = tmp_path / "large.db"
    text = "quanto de memória para um 70b em 4 bits com 32k de contexto e 10 usuários? " * 12
    with RequestLog(path, retry_interval=60) as log:
        for i in range(12_000):
            log.record({"surface": "slash_command", "user_id": f"U{i % 50}", "text": text, "outcome": "answered",
                        "model_id": "llama-3.1-70b", "workload": {"model": "llama-3.1-70b", "users": i},
                        "created_at": NOW - timedelta(seconds=i), "request_key": f"big-{i}"})  # fmt: skip
    out = tmp_path / "all.csv"
    tracemalloc.start()
    try:
        with out.open("w", encoding="utf-8", newline="") as f:
            written = reports.write_csv(reports.iter_requests(path, Filters(), page=500), f)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    size = out.stat().st_size
    assert written == 12_000 and size > 10_000_000
    # A few pages of rows at most, however many rows the log holds (the whole export is 10+ MB).
    assert peak < size / 5, (peak, size)
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert (
        len(rows) == 12_000 and rows[0]["request_key"] == "big-0" and rows[-1]["request_key"] == "big-11999"
    )


def test_json_export_writes_what_a_list_would_dump(path):
    rows = reports.list_requests(path, Filters(rep="U_ANA"), limit=None)
    out = io.StringIO()
    assert reports.write_json(reports.iter_requests(path, Filters(rep="U_ANA"), page=5), out) == len(rows)
    assert out.getvalue() == reports.to_json(rows)
