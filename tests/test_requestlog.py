"""The request log on a real SQLite file: what is stored, how old logs upgrade, and that no row is lost or
written twice when the file is locked, read-only or full."""

import json
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime

import pytest
from sqlite_utils import Database

from bot.log import requestlog
from bot.log.migrations import MIGRATIONS, applied, migrate
from bot.log.requestlog import RequestLog

from .file_modes import bound_child, said

WORKLOAD = {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10}


@pytest.fixture
def path(tmp_path):
    return tmp_path / "logs" / "requests.db"


@pytest.fixture
def log(path):
    # A long retry interval keeps the background thread out of the way: tests drive the retries.
    log = RequestLog(path, retry_interval=60)
    yield log
    log.close()


def row(text, **fields):
    return {"surface": "slash_command", "user_id": "U1", "text": text, "outcome": "answered", **fields}


def texts(log):
    return [r["text"] for r in log.rows()]


def assert_each_once(log, expected):
    rows = log.rows()
    assert [r["text"] for r in rows] == expected
    assert len({r["request_key"] for r in rows}) == len(rows)


# ---------------------------------------------------------------------- what is stored


def test_a_row_is_stored_with_redacted_text_and_the_workload_as_json(log):
    log.record(row("70b 4bit 32k 10users, me liga (11) 98765-4321 ou ana@empresa.com.br", workload=WORKLOAD))

    [stored] = log.rows()
    assert stored["text"] == "70b 4bit 32k 10users, me liga [telefone] ou [email]"
    assert json.loads(stored["workload"]) == WORKLOAD
    assert stored["outcome"] == "answered" and stored["surface"] == "slash_command"
    assert datetime.fromisoformat(stored["created_at"]).utcoffset().total_seconds() == 0
    assert len(stored["request_key"]) == 32
    assert log.pending == 0


def test_values_sqlite_cannot_take_are_converted_not_refused(log, caplog):
    class Stage:
        def __str__(self):
            return "lora"

    log.record(
        row(
            "bad \ud800 surrogate",
            stage=Stage(),
            total_bytes=2**70,
            channel_shared=True,
            workload=None,
            not_a_column="dropped",
            id=999,
            created_at=datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC),
        )
    )

    [stored] = log.rows()
    assert stored["text"] == "bad ? surrogate"
    assert (
        stored["stage"] == "lora" and stored["total_bytes"] == float(2**70) and stored["channel_shared"] == 1
    )
    assert stored["workload"] is None and stored["id"] != 999
    assert stored["created_at"] == "2025-01-02T03:04:05.000+00:00"
    assert "not_a_column" in caplog.text and "dropped" not in caplog.text


def test_record_never_raises(log):
    log.record(None)  # not even for something that is not a row
    log.record(row("8b"))
    assert texts(log) == ["8b"]


def test_recent_for_user_is_newest_first(log):
    for i in range(7):
        log.record(row(f"q{i}", user_id="U1", created_at=f"2025-01-01T00:00:0{i}.000+00:00"))
    log.record(row("someone else", user_id="U2"))

    assert [r["text"] for r in log.recent_for_user("U1")] == ["q6", "q5", "q4", "q3", "q2"]
    assert [r["text"] for r in log.recent_for_user("U1", limit=2)] == ["q6", "q5"]
    assert log.recent_for_user("U3") == []


def test_rows_filters_by_column(log):
    log.record(row("a", outcome="answered"))
    log.record(row("b", outcome="failed", error_key="ValueError"))
    log.record(row("c", outcome="answered", model_id="qwen3-32b"))

    assert [r["text"] for r in log.rows(outcome="answered")] == ["a", "c"]
    assert [r["text"] for r in log.rows(outcome="answered", model_id=None)] == ["a"]
    with pytest.raises(ValueError):
        log.rows(nonsense=1)


# ---------------------------------------------------------------------- migrations


def test_reopening_runs_no_migration_twice(path):
    with RequestLog(path) as log:
        log.record(row("first"))
    before = list(Database(path).query("select name, applied_at from _migrations order by rowid"))
    assert [r["name"] for r in before] == [name for name, _ in MIGRATIONS]

    with RequestLog(path) as log:
        log.record(row("second"))
        assert texts(log) == ["first", "second"]
    after = list(Database(path).query("select name, applied_at from _migrations order by rowid"))
    assert after == before


def test_a_log_from_the_first_step_only_upgrades_in_place(path):
    path.parent.mkdir(parents=True)
    old = Database(path)
    assert migrate(old, MIGRATIONS[:1]) == ["create_requests"]
    old.table("requests").insert({"text": "from the old version", "request_key": "k0", "outcome": "answered"})
    old.close()

    with RequestLog(path) as log:
        assert applied(Database(path)) == [name for name, _ in MIGRATIONS]
        assert texts(log) == ["from the old version"]
        log.record(row("after the upgrade"))
        assert log.claim_event("Ev1") and log.first_disclosure("C1")
        log.save_thread("C1", "1.0", WORKLOAD, "en")
        assert texts(log) == ["from the old version", "after the upgrade"]
    db = Database(path)
    assert {"requests", "seen_events", "channels", "threads", "_migrations"} <= set(db.table_names())
    indexed = {tuple(i.columns) for i in db.table("requests").indexes}
    by_time = {(column, "created_at") for column in ("user_id", "channel_id", "model_id", "stage", "outcome")}
    assert {("created_at",), *by_time} <= indexed


# The steps the previous version shipped: a log it wrote has run these and no others.
PREVIOUS_STEPS = [
    "create_requests",
    "index_requests",
    "create_seen_events",
    "create_channels",
    "create_threads",
]


def test_a_log_from_the_previous_version_gains_leads_audit_and_search_with_its_rows_kept(path):
    previous = MIGRATIONS[: len(PREVIOUS_STEPS)]
    assert [name for name, _ in previous] == PREVIOUS_STEPS  # new steps are appended, never inserted
    path.parent.mkdir(parents=True)
    old = Database(path)
    migrate(old, previous)
    old.table("requests").insert_all(
        [
            {
                "text": "cabe um llama 70b numa L40S?",
                "request_key": "k1",
                "created_at": "2025-01-01T00:00:00.000+00:00",
            },
            {
                "text": "qwen 32b em 8 bits, memória",
                "request_key": "k2",
                "created_at": "2025-01-02T00:00:00.000+00:00",
            },
        ]
    )
    old.table("seen_events").insert({"event_id": "Ev1", "seen_at": "2025-01-01T00:00:00.000+00:00"})
    old.table("channels").insert({"channel_id": "C1", "disclosed_at": "2025-01-01T00:00:00.000+00:00"})
    old.table("threads").insert({"channel_id": "C1", "thread_ts": "1.0", "workload": "{}", "lang": "en"})
    old.close()

    with RequestLog(path) as log:
        assert applied(Database(path)) == [name for name, _ in MIGRATIONS]
        assert texts(log) == ["cabe um llama 70b numa L40S?", "qwen 32b em 8 bits, memória"]
        log.record(row("e um llama 8b?"))
        assert log.claim_event("Ev1") is False and log.first_disclosure("C1") is False
        assert log.load_thread("C1", "1.0") == ({}, "en")

    db = Database(path)
    assert {"leads", "lead_events", "audit", "requests_fts"} <= set(db.table_names())
    assert db.table("leads").columns_dict["status"] is str
    assert {("status",), ("owner",), ("created_at",), ("request_key",)} <= {
        tuple(i.columns) for i in db.table("leads").indexes
    }
    assert [tuple(i.columns) for i in db.table("lead_events").indexes] == [("lead_id",)]
    assert [tuple(i.columns) for i in db.table("audit").indexes] == [("at",)]
    # The old rows were indexed by the step, the new one by the trigger.
    assert [r["request_key"] for r in db.table("requests").search("llama", order_by="id")] == [
        "k1",
        row_key(db, "e um llama 8b?"),
    ]
    assert [r["text"] for r in db.table("requests").search("memoria")] == ["qwen 32b em 8 bits, memória"]
    # What could not be answered is recorded from now on; the old rows simply have none.
    assert {"unknown_words", "missing_model"} <= set(db.table("requests").columns_dict)
    assert [r["unknown_words"] for r in db.query("select unknown_words from requests order by id")] == [
        None
    ] * 3


def test_words_not_understood_are_stored_redacted_and_only_words(log):
    log.record(row("70b 4bit cor azul", unknown_words=["cor", "azul", "ana@cliente.com.br", "98765-4321", "(11)"],
                   missing_model="phi-5 de ana@cliente.com.br"))  # fmt: skip
    [stored] = log.rows()
    assert json.loads(stored["unknown_words"]) == ["cor", "azul"]
    assert stored["missing_model"] == "phi-5 de [email]"


def row_key(db, text):
    return next(db.query("select request_key from requests where text = ?", [text]))["request_key"]


def test_the_search_step_is_all_or_nothing(path):
    # enable_fts creates a table, fills it and adds triggers: a failure after it must undo all of it,
    # or the bot's inserts could land between the filling and the triggers and never be searchable.
    path.parent.mkdir(parents=True)
    db = Database(path)
    migrate(db, MIGRATIONS[: len(PREVIOUS_STEPS)])
    db.table("requests").insert({"text": "70b", "request_key": "k1"})
    fts_step = dict(MIGRATIONS)["fts_requests"]

    def search_then_crash(db):
        fts_step(db)
        raise sqlite3.OperationalError("disk I/O error")

    before = MIGRATIONS[: [name for name, _ in MIGRATIONS].index("fts_requests")]
    with pytest.raises(sqlite3.OperationalError):
        migrate(db, [*before, ("fts_requests", search_then_crash)])
    assert "requests_fts" not in db.table_names() and db.table("requests").triggers == []
    assert migrate(db) == [name for name, _ in MIGRATIONS[len(before) :]]
    assert [r["text"] for r in db.table("requests").search("70b")] == ["70b"]


def test_a_failing_step_is_rolled_back_and_retried_next_time(path):
    path.parent.mkdir(parents=True)
    db = Database(path)

    def broken(db):
        db.create_table("half_done", {"id": int}, pk="id")
        raise sqlite3.OperationalError("disk I/O error")

    with pytest.raises(sqlite3.OperationalError):
        migrate(db, [*MIGRATIONS[:1], ("broken", broken)])
    assert applied(db) == ["create_requests"]
    assert "half_done" not in db.table_names()
    assert migrate(db) == [name for name, _ in MIGRATIONS[1:]]


# ---------------------------------------------------------------------- the file locked


def test_a_locked_file_never_holds_record_up_and_loses_nothing(log, path):
    log.record(row("before the lock"))
    assert log.flush() == 0
    locked, released = threading.Event(), threading.Event()

    def another_process_writing():
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # holds the write lock
        locked.set()
        time.sleep(1.5)
        other.execute("COMMIT")
        released.set()
        other.close()

    writer = threading.Thread(target=another_process_writing)
    writer.start()
    try:
        locked.wait()
        for i in range(3):
            log.record(row(f"during the lock {i}"))
        # record() came back while the lock was still held, so it did not wait for it.
        if not released.is_set():
            assert log.pending == 3
        assert log.flush() == 0  # waits out the lock (busy timeout of a few seconds), then writes
    finally:
        writer.join()
    assert_each_once(log, ["before the lock"] + [f"during the lock {i}" for i in range(3)])


def test_a_note_left_in_the_spool_by_a_stopped_process_redraws_its_card_after_the_restart(path, monkeypatch):
    # A rep's note queued while the file was locked, then the process stopped: the next one writes it from
    # the spool, possibly before the sales desk has said where written leads go. The desk is told on arrival.
    from bot.log.leads import Leads

    lead = Leads(path).create(source="proposal", user_id="U1", model_id="llama-3.1-70b", summary="70B")
    monkeypatch.setattr(requestlog, "BUSY_TIMEOUT", 0.1)
    before = RequestLog(path, retry_interval=60)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    before.record_note(lead["id"], "UREP1", "ligar amanhã")
    before.close(timeout=0.3)  # the file still locked: the note goes to the spool
    other.execute("COMMIT")
    other.close()
    after = RequestLog(path, retry_interval=60)
    try:
        assert after.flush() == 0  # written before anyone listens
        told = []
        after.on_lead = told.append  # the sales desk, once built
        assert told == [{"id": lead["id"], "created": False, "refresh": True}]
        notes = sqlite3.connect(path).execute("select note from lead_events where action = 'note'").fetchall()
        assert notes == [("ligar amanhã",)]
    finally:
        after.close()


@pytest.mark.parametrize("parameters", [None, 100], ids=["sqlite's limit", "100 parameters a statement"])
def test_rows_queued_together_are_each_written_once_in_order_searchable_and_counted(log, path, parameters):
    log.record(row("before"))
    assert log.flush() == 0
    if parameters:  # an older SQLite allows fewer: a batch of rows is then written in several statements
        log._db.conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, parameters)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the file: the rows queue up
    texts = [f"pergunta {i} llama{i % 7}" for i in range(150)]
    for i, text in enumerate(texts):
        log.record(row(text, user_id=f"U{i % 3}", outcome="answered" if i % 5 else "not_understood"))
    other.execute("COMMIT")
    other.close()
    assert log.flush() == 0
    assert_each_once(log, ["before", *texts])
    db = sqlite3.connect(path)
    found = db.execute("select count(*) from requests_fts where requests_fts match 'llama3'").fetchone()
    assert found == (21,)
    counted = "select value, sum(n) from requests_daily where dim = ? group by value"
    assert dict(db.execute(counted, ["outcome"])) == {"answered": 121, "not_understood": 30}
    assert dict(db.execute(counted, ["rep"])) == {"U0": 50, "U1": 51, "U2": 50}


def test_the_background_thread_writes_what_is_pending(path):
    with RequestLog(path, retry_interval=0.05) as log:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        log.record(row("queued"))
        other.execute("COMMIT")
        other.close()
        deadline = time.monotonic() + 10
        while log.pending and time.monotonic() < deadline:  # no flush(): the retrier writes it
            time.sleep(0.05)
        assert log.pending == 0
        assert_each_once(log, ["queued"])


def stored_texts(path) -> list[str]:
    """What another process reading the file sees now (no flush of this one's queue)."""
    other = sqlite3.connect(path)
    try:
        return [text for (text,) in other.execute("select text from requests order by id")]
    finally:
        other.close()


def test_a_gathered_batch_is_written_without_waiting_out_the_window(path, monkeypatch):
    # A busy minute's rows go in commits of a whole batch (a commit costs the writer ~25 rows' own share), and
    # a batch that has gathered is written at once, so the rows a worker keeps in memory stay bounded.
    monkeypatch.setattr(requestlog, "GROUP_WINDOW", 60)
    with RequestLog(path) as log:
        log.record(row("first"))
        time.sleep(0.3)
        assert stored_texts(path) == []  # still gathering
        for i in range(requestlog.BATCH - 1):
            log.record(row(f"q{i}"))
        deadline = time.monotonic() + 20
        while len(stored_texts(path)) < requestlog.BATCH and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stored_texts(path) == ["first", *(f"q{i}" for i in range(requestlog.BATCH - 1))]


def test_closing_writes_the_rows_still_gathering_without_waiting_out_the_window(path, monkeypatch):
    # gunicorn's worker closes the log on SIGTERM within its graceful timeout: rows the writer was letting
    # gather are written then, at once.
    monkeypatch.setattr(requestlog, "GROUP_WINDOW", 60)
    log = RequestLog(path)
    for i in range(3):
        log.record(row(f"q{i}"))
    time.sleep(0.3)  # the writer is waiting for more rows
    started = time.monotonic()
    log.close(timeout=30)
    assert time.monotonic() - started < 10
    assert stored_texts(path) == ["q0", "q1", "q2"]


# ---------------------------------------------------------------------- the file unwritable


# Run bound by file modes (tests/file_modes.py: as root, without the capabilities that let it past them), the
# log in a child process: the test's own process, as root, would write a read-only file anyway.
_READ_ONLY_FOLDER = """
    import json, sys
    from bot.log.requestlog import RequestLog
    from tests.test_requestlog import row
    log = RequestLog(sys.argv[1], retry_interval=60)  # must not raise
    for i in range(3):
        log.record(row(f"q{i} ana@empresa.com.br"))
    print(log.pending, log.flush(), log.claim_event("Ev1"), log.claim_event("Ev1"), flush=True)
    sys.stdin.readline()  # the folder made writable
    rows = log.rows()
    print(log.flush(), len({r["request_key"] for r in rows}), json.dumps([r["text"] for r in rows]), flush=True)
    log.close()
"""


def test_a_read_only_folder_keeps_rows_pending_until_it_is_writable(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    child = bound_child(_READ_ONLY_FOLDER, str(folder / "requests.db"))
    try:
        assert said(child) == ["3", "3", "True", "False"]  # kept, none written; retries still recognised
    finally:
        folder.chmod(0o755)
    out, err = child.communicate("\n", timeout=60)
    flushed, keys, written = out.split(" ", 2)
    assert (flushed, keys, json.loads(written)) == ("0", "3", [f"q{i} [email]" for i in range(3)])
    assert "requests.db" in err and "ana@" not in err  # the warning names the file, not what people typed


_READ_ONLY_FILE = """
    import json, sys
    from bot.log.requestlog import RequestLog
    from tests.test_requestlog import row
    log = RequestLog(sys.argv[1], retry_interval=60)
    log.record(row("q1"))
    log.record(row("q2"))
    print(log.flush(), log.read_only(), flush=True)
    sys.stdin.readline()  # the file made writable
    rows = log.rows()
    print(log.flush(), len({r["request_key"] for r in rows}), json.dumps([r["text"] for r in rows]), flush=True)
    log.close()
"""


def test_a_read_only_file_keeps_rows_pending_until_it_is_writable(path):
    with RequestLog(path) as log:
        log.record(row("q0"))
    path.chmod(0o444)
    child = bound_child(_READ_ONLY_FILE, str(path))
    try:
        assert said(child) == ["2", "True"]
    finally:
        path.chmod(0o644)
    out, _ = child.communicate("\n", timeout=60)
    flushed, keys, written = out.split(" ", 2)
    assert (flushed, keys, json.loads(written)) == ("0", "3", ["q0", "q1", "q2"])


def test_a_connection_sqlite_opened_read_only_is_replaced_once_the_file_is_writable(path, monkeypatch):
    # The same failure as a read-only file, made by SQLite itself, so it runs as root too.
    with RequestLog(path) as log:
        log.record(row("q0"))

    def read_only(self, busy):
        return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=busy, check_same_thread=False)

    monkeypatch.setattr(RequestLog, "_connect", read_only)
    log = RequestLog(path, retry_interval=60)
    for i in (1, 2, 3):
        log.record(row(f"q{i}"))
    assert log.pending == 3
    monkeypatch.undo()
    log.flush()  # may still meet the read-only connection once, and drop it
    assert log.flush() == 0
    assert_each_once(log, ["q0", "q1", "q2", "q3"])
    log.close()


def test_a_folder_that_cannot_be_created_leaves_a_working_log_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log's folder should be")
    log = RequestLog(blocker / "logs" / "requests.db", retry_interval=60)  # must not raise

    log.record(row("70b"))
    assert log.pending == 1 and log.flush() == 1
    assert log.claim_event("Ev1") is True and log.claim_event("Ev1") is False
    assert log.first_disclosure("C1") is True and log.first_disclosure("C1") is False
    log.save_thread("C1", "1.0", WORKLOAD, "en")
    assert log.load_thread("C1", "1.0") == (WORKLOAD, "en")
    assert log.recent_for_user("U1") == []
    log.close()


def test_a_full_disk_keeps_rows_in_order_and_writes_them_once(log, monkeypatch):
    write = log._write_batch
    disk = {"full": True}

    def full_disk(db, batch):
        if disk["full"]:
            raise sqlite3.OperationalError("database or disk is full")
        write(db, batch)

    monkeypatch.setattr(log, "_write_batch", full_disk)
    for i in range(3):
        log.record(row(f"q{i}"))
    assert log.flush() == 3  # nothing could be written: all three wait, in order
    disk["full"] = False
    log.record(row("q3"))
    log.record(row("q4"))
    assert log.flush() == 0  # the queue goes first, in order, then the new rows
    assert_each_once(log, [f"q{i}" for i in range(5)])


def test_after_an_outage_the_writer_catches_up_on_its_own(path, monkeypatch):
    with RequestLog(path, retry_interval=0.1) as log:
        disk = {"full": True}
        write = log._write_batch

        def full_disk(db, batch):
            if disk["full"]:
                raise sqlite3.OperationalError("database or disk is full")
            write(db, batch)

        monkeypatch.setattr(log, "_write_batch", full_disk)
        for i in range(200):
            log.record(row(f"q{i}"))
        time.sleep(0.3)
        assert log.pending == 200
        disk["full"] = False
        deadline = time.monotonic() + 30
        while log.pending and time.monotonic() < deadline:  # no flush(): the writer retries by itself
            time.sleep(0.05)
        assert log.pending == 0
        assert_each_once(log, [f"q{i}" for i in range(200)])


def test_record_never_waits_for_the_file(log, path):
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        started = time.monotonic()
        for i in range(50):
            log.record(row(f"r{i}"))
        assert time.monotonic() - started < 0.5  # queued, not written: nobody waited for the lock
    finally:
        other.execute("COMMIT")
        other.close()
    assert log.flush() == 0
    assert_each_once(log, [f"r{i}" for i in range(50)])


def test_a_commit_that_landed_but_reported_an_error_is_not_written_twice(log, monkeypatch):
    write = log._write_batch
    failures = iter([True])

    def lands_then_fails(db, batch):
        write(db, batch)
        if next(failures, False):
            raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(log, "_write_batch", lands_then_fails)
    log.record(row("once"))
    log.flush()  # the first attempt (here or in the writer) fails after its insert
    assert log.flush() == 0
    assert_each_once(log, ["once"])


def test_one_batch_mixing_rows_and_updates_is_written_in_order(log, path):
    # Rows of different shapes and a "failed" mark for a row in the same batch: each lands, in order.
    log.record(row("a", request_key="ka"))
    log.record(row("b", request_key="kb", model_id="llama-3.1-8b"))
    log.mark_failed("ka", "channel_not_found")
    log.record(row("c", request_key="kc"))
    log.mark_failed("kc", "timeout")
    assert log.flush() == 0
    rows = {r["text"]: r for r in log.rows()}
    assert [r["text"] for r in log.rows()] == ["a", "b", "c"]
    assert (rows["a"]["outcome"], rows["a"]["error_key"]) == ("failed", "channel_not_found")
    assert (rows["b"]["outcome"], rows["b"]["model_id"]) == ("answered", "llama-3.1-8b")
    assert (rows["c"]["outcome"], rows["c"]["error_key"]) == ("failed", "timeout")


def test_the_same_request_key_is_written_once(log):
    log.record(row("retry", request_key="abc"))
    log.record(row("retry", request_key="abc"))
    assert_each_once(log, ["retry"])


# ---------------------------------------------------------------------- Slack helpers


def test_claim_event_is_true_once_even_after_a_restart(log, path):
    assert log.claim_event("Ev1") is True
    assert log.claim_event("Ev1") is False
    assert log.claim_event("Ev2") is True
    with RequestLog(path, retry_interval=60) as again:
        assert again.claim_event("Ev1") is False


def test_first_disclosure_is_true_once_per_channel(log, path):
    assert log.first_disclosure("C1") is True
    assert log.first_disclosure("C1") is False
    assert log.first_disclosure("C2") is True
    with RequestLog(path, retry_interval=60) as again:
        assert again.first_disclosure("C1") is False


def test_threads_round_trip(log, path):
    assert log.load_thread("C1", "1.0") is None
    log.save_thread("C1", "1.0", WORKLOAD, "pt-BR")
    assert log.load_thread("C1", "1.0") == (WORKLOAD, "pt-BR")
    log.save_thread("C1", "1.0", {**WORKLOAD, "users": 20}, "en")
    assert log.load_thread("C1", "1.0") == ({**WORKLOAD, "users": 20}, "en")
    assert log.load_thread("C1", "2.0") is None
    with RequestLog(path, retry_interval=60) as again:
        assert again.load_thread("C1", "1.0") == ({**WORKLOAD, "users": 20}, "en")


def test_a_thread_saved_while_the_file_failed_is_read_from_memory(log, monkeypatch):
    log.save_thread("C1", "1.0", WORKLOAD, "en")
    monkeypatch.setattr(requestlog, "utc_now", lambda: 1 / 0)  # the next save fails inside the database
    log.save_thread("C1", "1.0", {**WORKLOAD, "users": 20}, "en")
    assert log.load_thread("C1", "1.0") == ({**WORKLOAD, "users": 20}, "en")


# ---------------------------------------------------------------------- threads


def test_eight_threads_recording_at_once_write_every_row_once(log):
    def worker(n):
        for i in range(50):
            log.record(row(f"t{n} q{i}", user_id=f"U{n}"))

    workers = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()

    assert log.flush() == 0
    rows = log.rows()
    assert len(rows) == 400
    assert len({r["request_key"] for r in rows}) == 400
    assert sorted(r["text"] for r in rows) == sorted(f"t{n} q{i}" for n in range(8) for i in range(50))
    for n in range(8):  # each thread's rows in the order it recorded them
        assert [r["text"] for r in rows if r["user_id"] == f"U{n}"] == [f"t{n} q{i}" for i in range(50)]


def test_a_worker_that_never_had_the_deleted_file_open_waits_for_the_one_that_has(path):
    # Two gunicorn workers share the file; one answered every question before it was deleted, the other
    # none. The idle one must not create the new file beside the old -wal/-shm (SQLite would read and
    # write the new file through the deleted file's write-ahead log): it waits until no process has the
    # old file open, then starts a clean file.
    with RequestLog(path) as log:
        log.record(row("old"))
    other = subprocess.Popen(
        [sys.executable, "-c", OPEN_AND_WAIT, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert other.stdout.readline().strip() == b"open"  # another process reads the file, and keeps it
    path.unlink()
    idle = RequestLog(path, retry_interval=60)
    try:
        idle.record(row("new"))
        assert idle.flush(timeout=1) == 1  # waits: the old file is still open elsewhere
        other.stdin.close()
        assert other.wait(10) == 0
        assert idle.flush() == 0
        assert texts(idle) == ["new"]  # a clean file: nothing of the deleted one's log
    finally:
        idle.close()
        if other.poll() is None:
            other.kill()


# A process that opens the log, reads it (taking SQLite's shared lock on its -shm) and keeps it open until
# its stdin closes.
OPEN_AND_WAIT = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("select count(*) from requests").fetchall()
print("open", flush=True)
sys.stdin.read()
conn.close()
"""
