"""The request log: one row per question the Slack bot gets, in one SQLite file.

    log = RequestLog("data/requests.db")
    log.record({"surface": "mention", "user_id": "U1", "text": "70b 4bit 32k", "outcome": "answered"})

Logging must never break or slow an answer, so record() never raises and never touches the file: it queues
the row and wakes a writer thread, which writes whatever has queued up in one transaction (group commit:
a busy day costs one commit per batch, not one per request, and a manager's export holding the file never
makes a Slack answer wait). A row that cannot be written (the file locked by another process, a read-only
file or folder, a full disk) stays queued, in order, and the writer tries again every `retry_interval`
seconds; flush() writes now, and close() (also run at exit) writes what it can. Each row carries a
`request_key`, inserted with INSERT OR IGNORE, so a row whose commit landed but reported an error is not
written twice when it is retried.

The Slack helpers (claim_event, first_disclosure, save_thread, load_thread) answer from memory while the
file cannot be used, so the bot keeps ignoring Slack's retries and following threads until it is back.

One connection per log, shared by the Slack app's threads and guarded by one lock. The in-memory fallbacks
have a lock of their own, held only for a dictionary operation, because the connection's lock may be held
for seconds while the background thread waits for another process's write lock.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
import uuid
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from datetime import UTC, datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from .migrations import migrate, utc_now
from .redact import redact

logger = logging.getLogger(__name__)

# How long SQLite waits for another process's write lock: a few seconds in the background thread and in
# flush(), a tenth of a second on the Slack handlers' path (Slack wants its answer within 3 seconds).
BUSY_TIMEOUT = 5.0
QUICK_TIMEOUT = 0.1
# Rows written per transaction by the writer, and how long it lets rows gather before a commit.
BATCH = 100  # also bounds how long the write lock is held: leads and gpu-log wait at most one batch
GROUP_WINDOW = 0.05
# How long a Slack helper waits for the connection while the background thread holds it.
QUICK_WAIT = 0.5
# Event ids, channels and threads remembered in memory while the file is unusable.
MEMORY_LIMIT = 10_000
# Rows kept in memory while the file is unusable; past this, new rows are dropped (and counted in a warning).
PENDING_LIMIT = 50_000
# Slack retries an event within minutes; a week of ids is plenty, older ones are pruned now and then.
SEEN_EVENTS_KEPT = timedelta(days=7)
PRUNE_EVERY = 1000


class RequestLog:
    def __init__(self, path: str | Path, retry_interval: float = 2.0):
        self.path = Path(path)
        self.retry_interval = max(0.01, retry_interval)  # 0 would spin
        self._lock = threading.Lock()  # the connection
        self._memory_lock = threading.Lock()  # the fallbacks below
        self._db: Database | None = None
        self._columns: set[str] = set()
        # Appended without the lock (deque appends are atomic), popped only by the lock's holder.
        self._queue: deque[dict[str, Any]] = deque()
        self._seen: OrderedDict[str, None] = OrderedDict()
        self._disclosed: OrderedDict[str, None] = OrderedDict()
        self._threads: OrderedDict[tuple[str, str], tuple[str, str]] = OrderedDict()
        self._unavailable = False  # to log a warning when the file fails and a note when it is back
        self._unknown_columns: set[str] = set()
        self._dropped = 0
        self._claims = 0
        self.last_commit: float | None = None  # time.time() of the writer's last commit, for /healthz
        with self._lock:
            self._database(BUSY_TIMEOUT)
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._retrier = threading.Thread(target=self._write_forever, name="requestlog-writer", daemon=True)
        self._retrier.start()
        _OPEN_LOGS.add(self)

    # ------------------------------------------------------------------ requests

    def record(self, row: dict) -> None:
        """Log one request: queue it for the writer thread. Never raises, never waits for the file."""
        try:
            prepared = _prepare(row)
            if len(self._queue) >= PENDING_LIMIT:
                self._dropped += 1
                if self._dropped in (1, 10, 100) or self._dropped % 1000 == 0:
                    logger.warning("request log %s: %d rows dropped, memory full", self.path, self._dropped)
                return
            self._queue.append(prepared)
            if not self._wake.is_set():  # setting takes the event's lock: skip it when already set
                self._wake.set()
        except Exception as error:  # the last line of defence: an answer matters more than its log
            logger.warning("request log %s: record failed (%s)", self.path, type(error).__name__)

    def mark_failed(self, request_key: str, error_key: str) -> None:
        """The answer to a logged request could not be delivered (Slack's API failed): its row says
        so. Queued behind the row itself, so it applies whether that row is written yet or not."""
        try:
            self._queue.append({UPDATE: request_key, "outcome": "failed", "error_key": str(error_key)[:200]})
            self._wake.set()
        except Exception as error:
            logger.warning("request log %s: mark_failed failed (%s)", self.path, type(error).__name__)

    def flush(self, timeout: float | None = None) -> int:
        """Try to write every pending row now; returns how many are still pending."""
        deadline = None if timeout is None else time.monotonic() + timeout
        busy = BUSY_TIMEOUT if timeout is None else max(0.0, min(BUSY_TIMEOUT, timeout))
        try:
            self._write_pending(busy=busy, wait=timeout, deadline=deadline)
        except Exception as error:
            logger.warning("request log %s: flush failed (%s)", self.path, type(error).__name__)
        return self.pending

    @property
    def pending(self) -> int:
        """Rows recorded but not written yet."""
        return len(self._queue)

    @property
    def available(self) -> bool:
        """False from a failed write (or open) until the next one that succeeds."""
        return not self._unavailable

    @property
    def dropped(self) -> int:
        """Rows given up because memory was full while the file could not be written."""
        return self._dropped

    def close(self) -> None:
        """Stop the writer thread and write what can be written (also done at exit, see _close_all)."""
        _OPEN_LOGS.discard(self)
        self._stop.set()
        self._wake.set()
        if self._retrier.is_alive() and self._retrier is not threading.current_thread():
            self._retrier.join(BUSY_TIMEOUT + 1)
        left = self.flush()
        with self._lock:
            self._close_db()
        if left:
            logger.warning("request log %s: closed with %d rows not written", self.path, left)

    def __enter__(self) -> RequestLog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def recent_for_user(self, user_id: str, limit: int = 5) -> list[dict]:
        """The user's latest rows, newest first; [] when the file cannot be read. Queued rows are written
        first (briefly), so someone who just asked sees their question."""
        try:
            self.flush(timeout=QUICK_WAIT)
            sql = "select * from requests where user_id = ? order by created_at desc, id desc limit ?"
            ok, rows = self._use(lambda db: list(db.query(sql, [user_id, limit])))
            return rows if ok else []
        except Exception:
            return []

    def rows(self, **filters: Any) -> list[dict]:
        """Written rows of `requests` matching column=value filters (None matches NULL), oldest first.
        A plain helper for tests and reports: unlike the rest, it raises when the file cannot be read.
        Queued rows are written first, so it reads what was recorded."""
        self.flush()
        with self._lock:
            db = self._database(BUSY_TIMEOUT)
            if db is None:
                raise RuntimeError(f"request log {self.path} cannot be opened (see the warning logged)")
            unknown = set(filters) - self._columns
            if unknown:
                raise ValueError(f"requests has no column {', '.join(sorted(unknown))}")
            where = " and ".join(f"[{k}] is null" if v is None else f"[{k}] = ?" for k, v in filters.items())
            args = [v for v in filters.values() if v is not None]
            return list(db.table("requests").rows_where(where or None, args, order_by="id"))

    # ------------------------------------------------------------------ Slack helpers

    def claim_event(self, event_id: str) -> bool:
        """True the first time Slack's event id is seen, False for a retry of it. Never raises."""
        try:
            key = str(event_id)
            with self._memory_lock:
                if key in self._seen:
                    return False
                _remember(self._seen, key, None)
            ok, first = self._use(lambda db: self._claim_event(db, key))
            # Without the file, memory's answer stands: answering twice beats never answering.
            return first if ok else True
        except Exception as error:
            logger.warning("request log %s: claim_event failed (%s)", self.path, type(error).__name__)
            return True

    def first_disclosure(self, channel_id: str) -> bool:
        """True once per channel: the first time, the bot shows its "what we record" notice there."""
        try:
            key = str(channel_id)
            with self._memory_lock:
                if key in self._disclosed:
                    return False
            sql = "insert or ignore into channels (channel_id, disclosed_at) values (?, ?)"
            ok, first = self._use(lambda db: _write(db, sql, [key, utc_now()]) == 1)
            with self._memory_lock:
                already = key in self._disclosed
                _remember(self._disclosed, key, None)
            return first if ok else not already
        except Exception as error:
            # A notice missed once is better than one repeated on every message by a lasting bug.
            logger.warning("request log %s: first_disclosure failed (%s)", self.path, type(error).__name__)
            return False

    def save_thread(self, channel_id: str, thread_ts: str, workload: dict, lang: str) -> None:
        """Remember the last workload answered in a thread or DM, for follow-ups. Never raises."""
        try:
            key = (str(channel_id), str(thread_ts))
            data = _json(workload)
            row = {"channel_id": key[0], "thread_ts": key[1], "workload": data, "lang": lang}
            ok, _ = self._use(
                lambda db: db.table("threads").upsert(
                    dict(row, updated_at=utc_now()), pk=("channel_id", "thread_ts")
                )
            )
            # Memory holds only what the file missed, so it is always the newest where it has a key.
            with self._memory_lock:
                if ok:
                    self._threads.pop(key, None)
                else:
                    _remember(self._threads, key, (data, lang))
        except Exception as error:
            logger.warning("request log %s: save_thread failed (%s)", self.path, type(error).__name__)

    def load_thread(self, channel_id: str, thread_ts: str) -> tuple[dict, str] | None:
        """The workload and language last saved for the thread, or None. Never raises."""
        try:
            key = (str(channel_id), str(thread_ts))
            with self._memory_lock:
                saved = self._threads.get(key)
            if saved is None:
                sql = "select workload, lang from threads where channel_id = ? and thread_ts = ?"
                ok, row = self._use(lambda db: next(iter(db.query(sql, list(key))), None))
                if not ok or row is None:
                    return None
                saved = (row["workload"], row["lang"])
            workload = json.loads(saved[0])
            return (workload, saved[1]) if isinstance(workload, dict) else None
        except Exception:
            return None

    # ------------------------------------------------------------------ the file

    def _connect(self, busy: float) -> sqlite3.Connection:
        # check_same_thread=False: the Slack app calls from several threads, and self._lock serializes them.
        return sqlite3.connect(self.path, timeout=busy, check_same_thread=False)

    def _database(self, busy: float) -> Database | None:
        """The open database, opened and migrated first if needed; None when it cannot be used now.
        Called with self._lock held."""
        if self._db is not None:
            return self._db
        conn = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # SQLite would open a read-only file read-only and create its -wal and -shm files read-only
            # too, and those keep refusing writes after the file is made writable again: wait instead.
            for file in (self.path, *(Path(f"{self.path}{suffix}") for suffix in ("-wal", "-shm"))):
                if file.exists() and not os.access(file, os.W_OK):
                    raise PermissionError(f"{file} is read-only")
            conn = self._connect(busy)
            db = Database(conn)
            # WAL: reports reading the file never block the bot's writes. NORMAL sync is safe with WAL
            # (a power cut may lose the last commits, never corrupt the file) and saves an fsync per row.
            db.enable_wal()
            conn.execute("PRAGMA synchronous = NORMAL")
            migrate(db)
            self._columns = set(db.table("requests").columns_dict)
        except Exception as error:
            if conn is not None:
                _quietly(conn.close)
            self._failed(error)
            return None
        self._db = db
        return db

    def _use(self, fn: Callable[[Database], Any]) -> tuple[bool, Any]:
        """(True, fn(db)) with the connection, or (False, None) when the file cannot be used right now."""
        if not self._lock.acquire(timeout=QUICK_WAIT):
            return False, None
        try:
            db = self._database(QUICK_TIMEOUT)
            if db is None:
                return False, None
            try:
                _busy_timeout(db, QUICK_TIMEOUT)
                result = fn(db)
            except Exception as error:
                self._failed(error)
                return False, None
            self._succeeded()
            return True, result
        finally:
            self._lock.release()

    def _write_pending(self, busy: float, wait: float | None, deadline: float | None = None) -> bool:
        """Write queued rows until the queue is empty, the lock stays taken longer than `wait` (None: as
        long as it takes) or the deadline passes. False when a write failed.

        A caller that cannot get the lock leaves its rows behind: a holder that was writing rows looks at
        the queue again after releasing the lock, and record() wakes the retrier for any other holder."""
        while self._queue:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return True
                wait = left if wait is None else min(wait, left)
            if not (self._lock.acquire() if wait is None else self._lock.acquire(timeout=wait)):
                return True
            try:
                written = self._drain(busy, deadline)
            finally:
                self._lock.release()
            if not written:
                return False
        return True

    def _drain(self, busy: float, deadline: float | None) -> bool:
        """Write queued rows in order until the queue is empty or the deadline passes; False at the first
        failure, the failed row staying first in line. Called with self._lock held."""
        db = self._database(busy)
        if db is None:
            return False
        try:
            _busy_timeout(db, busy)
            while self._queue and (deadline is None or time.monotonic() < deadline):
                # Indexing, not iterating: record() may append while the batch is read.
                batch = [self._queue[i] for i in range(min(BATCH, len(self._queue)))]
                with db.conn:  # one transaction for the batch: all of it, or none and it stays queued
                    self._write_batch(db, batch)
                for _ in batch:
                    self._queue.popleft()
                self.last_commit = time.time()
        except Exception as error:
            self._failed(error)
            return False
        self._succeeded()
        return True

    def _write_batch(self, db: Database, batch: list[dict[str, Any]]) -> None:
        """The batch in order; runs of new rows with the same columns go in one executemany, which keeps
        this thread's Python work (and its turns at the GIL, shared with the request threads) small."""
        run_sql, run_args = None, []
        for row in batch:
            if UPDATE in row:
                sql, args = (
                    "UPDATE requests SET outcome = ?, error_key = ? WHERE request_key = ?",
                    [row["outcome"], row["error_key"], row[UPDATE]],
                )
            else:
                sql, args = self._insert_statement(row)
            if sql != run_sql or UPDATE in row:
                if run_args:
                    db.conn.executemany(run_sql, run_args)
                run_sql, run_args = sql, []
            run_args.append(args)
        if run_args:
            db.conn.executemany(run_sql, run_args)

    def _insert_statement(self, row: dict[str, Any]) -> tuple[str, list[Any]]:
        # Columns are checked here, not in record(): a newer schema step may have added some.
        unknown = row.keys() - self._columns
        if unknown:
            for column in sorted(unknown - self._unknown_columns):
                logger.warning("request log %s: no column %r, value not stored", self.path, column)
            self._unknown_columns |= unknown
            row = {k: v for k, v in row.items() if k in self._columns}
        # One plain statement (sqlite-utils' insert() inspects the table first, several queries a row):
        # the insert runs on every Slack request.
        columns = tuple(row)
        sql = _INSERT_SQL.get(columns)
        if sql is None:
            names = ", ".join(f"[{c}]" for c in columns)
            sql = _INSERT_SQL[columns] = (
                f"INSERT OR IGNORE INTO requests ({names}) VALUES ({', '.join('?' * len(columns))})"
            )
        return sql, list(row.values())

    def _claim_event(self, db: Database, event_id: str) -> bool:
        now = datetime.now(UTC)
        sql = "insert or ignore into seen_events (event_id, seen_at) values (?, ?)"
        first = _write(db, sql, [event_id, now.isoformat(timespec="milliseconds")]) == 1
        self._claims += 1
        if self._claims % PRUNE_EVERY == 0:
            cutoff = (now - SEEN_EVENTS_KEPT).isoformat(timespec="milliseconds")
            _write(db, "delete from seen_events where seen_at < ?", [cutoff])
        return first

    def _failed(self, error: Exception) -> None:
        """After a failed statement: undo it, drop a connection that may not recover, warn once."""
        if self._db is not None:
            _quietly(self._db.conn.rollback)
            if not _is_busy(error):
                # A connection opened on a read-only file stays read-only after a chmod, and one that hit
                # a disk error may be unusable: open a fresh one on the next try. A lock just passes.
                self._close_db()
        if not self._unavailable:
            self._unavailable = True
            # The error's type and SQLite's message only: never the rows, which hold what people typed.
            logger.warning(
                "request log %s unavailable (%s: %s); keeping %d rows in memory, retrying every %gs",
                self.path,
                type(error).__name__,
                error,
                self.pending,
                self.retry_interval,
            )

    def _succeeded(self) -> None:
        if self._unavailable:
            self._unavailable = False
            logger.info("request log %s available again; %d rows still pending", self.path, self.pending)

    def _close_db(self) -> None:
        if self._db is not None:
            _quietly(self._db.conn.close)
            self._db = None

    def _write_forever(self) -> None:
        """The writer: wakes when rows are queued, writes them; after a failure waits retry_interval."""
        while not self._stop.is_set():
            self._wake.wait(self.retry_interval)
            # Let the rows of the next few requests join this commit: one commit per batch is what keeps
            # a busy minute cheap. close() and flush() do not wait for this.
            self._stop.wait(GROUP_WINDOW)
            self._wake.clear()
            if self._queue and not self._stop.is_set():
                try:
                    written = self._write_pending(busy=BUSY_TIMEOUT, wait=self.retry_interval)
                except Exception as error:
                    logger.warning("request log %s: write failed (%s)", self.path, type(error).__name__)
                    written = False
                if not written:
                    self._stop.wait(self.retry_interval)  # the file is unusable: do not spin on every wake


_INSERT_SQL: dict[tuple[str, ...], str] = {}
UPDATE = "__update__"  # a queue item that changes a row instead of adding one
# Logs still open when the process exits (gunicorn's worker on SIGTERM, Socket Mode on Ctrl-C) write their
# queued rows before it goes.
_OPEN_LOGS: weakref.WeakSet[RequestLog] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for log in list(_OPEN_LOGS):
        with contextlib.suppress(Exception):
            log.close()


def _prepare(row: dict) -> dict[str, Any]:
    """The row as stored: redacted text, JSON workload, a creation time and a request key."""
    prepared = dict(row)
    prepared.pop("id", None)  # the log numbers its rows; a caller's id could collide and be ignored
    if prepared.get("created_at") is None:
        prepared["created_at"] = utc_now()
    if prepared.get("text") is not None:
        try:
            prepared["text"] = redact(str(prepared["text"]))
        except Exception:
            prepared["text"] = None  # better no text than text that may hold personal data
    # What was not understood comes from the same text: redacted too (migrations.record_gaps).
    if prepared.get("unknown_words") is not None:
        prepared["unknown_words"] = _words(prepared["unknown_words"])
    if prepared.get("missing_model") is not None:
        try:
            prepared["missing_model"] = redact(str(prepared["missing_model"]))[:200]
        except Exception:
            prepared["missing_model"] = None
    if not prepared.get("request_key"):
        prepared["request_key"] = uuid.uuid4().hex
    # Most values are already plain; only the others go through the careful conversion.
    return {str(k): v if _plain(v) else _sql_value(v) for k, v in prepared.items()}


def _words(words: Any) -> str | None:
    """Words not understood, as a JSON list: each redacted, and those left with no letter dropped (the
    pieces of a phone number or a CPF, a redaction placeholder): what is kept is vocabulary to learn."""
    try:
        kept = []
        for word in words if isinstance(words, list | tuple) else [words]:
            text = redact(str(word)).strip()
            if text and not text.startswith("[") and any(ch.isalpha() for ch in text):
                kept.append(text[:100])
        return json.dumps(kept[:50], ensure_ascii=False) if kept else None
    except Exception:
        return None


def _plain(value: Any) -> bool:
    kind = type(value)
    if kind is str:
        return value.isascii()  # ASCII text cannot hold a lone surrogate
    return value is None or kind is float or (kind is int and -(2**63) <= value < 2**63)


def _sql_value(value: Any) -> Any:
    """A value SQLite can always store, so no row can fail forever and block the rows behind it."""
    try:
        if isinstance(value, Enum):
            value = value.value
        if value is None or isinstance(value, float | bytes):
            return value
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return int(value) if -(2**63) <= value < 2**63 else float(value)  # past SQLite's 64 bits
        if isinstance(value, datetime):
            # A naive datetime is taken as UTC, as the rest of the log is.
            utc = value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
            return utc.isoformat(timespec="milliseconds")
        text = str(value) if isinstance(value, str) else _json(value)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, say from a bad JSON escape
            text = text.encode("utf-8", "replace").decode("utf-8")
        return text
    except Exception:
        return f"<{type(value).__name__}>"


def _json(value: Any) -> str:
    if hasattr(value, "model_dump"):  # a pydantic model such as sizing.workload.Workload
        value = value.model_dump(mode="json")
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


def _write(db: Database, sql: str, params: list[Any]) -> int:
    """Run one write statement in its own transaction; returns the rows it changed."""
    with db.conn:
        return db.conn.execute(sql, params).rowcount


def _busy_timeout(db: Database, seconds: float) -> None:
    db.conn.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")


def _is_busy(error: Exception) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    message = str(error).lower()
    return "locked" in message or "busy" in message


def _remember(memory: OrderedDict, key: Hashable, value: Any) -> None:
    memory[key] = value
    memory.move_to_end(key)
    while len(memory) > MEMORY_LIMIT:
        memory.popitem(last=False)


def _quietly(fn: Callable[[], Any]) -> None:
    with contextlib.suppress(Exception):
        fn()
