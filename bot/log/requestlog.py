"""The request log: one row per question the Slack bot gets, in one SQLite file.

    log = RequestLog("data/requests.db")
    log.record({"surface": "mention", "user_id": "U1", "text": "70b 4bit 32k", "outcome": "answered"})

Logging must never break or slow an answer, so record() never raises and never touches the file: it queues
the row and wakes a writer thread, which writes whatever has queued up in one transaction (group commit:
a busy day costs one commit per batch, not one per request, and a manager's export holding the file never
makes a Slack answer wait). A row that cannot be written (the file locked by another process, a read-only
file or folder, a full disk) stays queued, in order, and the writer tries again every `retry_interval`
seconds; flush() writes now, and close() (also run at exit) writes what it can before its deadline. Each
row carries a `request_key`, inserted with INSERT OR IGNORE, so a row whose commit landed but reported an
error is not written twice when it is retried.

The same queue carries what else the bot must not lose: audit rows (audit()) and leads (record_lead(),
written with the dedupe rules of leads.write_lead, then handed to `on_lead` so the sales desk posts the
card), the reps' notes on them (record_note(); the card is redrawn the same way) and the card's place
(record_card()). Each kind is written at most once however often it is replayed: audit rows are matched
on all their values, leads on their request key, notes on their lead, author, time and text.

While the database refuses writes, what is queued also goes to a spool file (spool.py) that survives a
restart: a process stopped with the file locked, read-only or full leaves its rows there, and the next one
to start writes them. A file deleted or replaced under the running bot is noticed before each write (its
inode changes) and opened again at its path (created and migrated when missing), with a warning.

Slack's retries are told apart with claims on the local disk (spool.Claims), shared by every worker and
independent of the database, so a retry is answered once even while the file is locked. The other Slack
helpers (first_disclosure, save_thread, load_thread) answer from memory while the file cannot be used.

One connection per log, shared by the Slack app's threads and guarded by one lock. The in-memory fallbacks
have a lock of their own, held only for a dictionary operation, because the connection's lock may be held
for seconds while the background thread waits for another process's write lock.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import fcntl
import functools
import hashlib
import json
import logging
import os
import sqlite3
import struct
import threading
import time
import uuid
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterator
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from sizing.redact import for_log, redact

from . import leads as lead_rules
from .migrations import ensure_private, migrate, utc_now
from .spool import Claims, Spool, private_folder

logger = logging.getLogger(__name__)

# How long SQLite waits for another process's write lock: a few seconds in the background thread and in
# flush(), a tenth of a second on the Slack handlers' path (Slack wants its answer within 3 seconds).
BUSY_TIMEOUT = 5.0
QUICK_TIMEOUT = 0.1
# Rows written per transaction by the writer, and how long it lets rows gather before a commit (or until a
# batch has gathered, whichever comes first).
BATCH = 100  # also bounds how long the write lock is held: leads and gpu-log wait at most one batch
# What a transaction costs the writer whatever its size (the WAL pages of the table, its indexes, the
# full-text index's new segment and the roll-up, written once a commit) is about 1.5 ms, some 25 rows' own
# share: ~210 us a row in commits of 10 rows, ~85 in commits of 60, ~50 of 100 (bench/log_commits.py, VM
# loaded). A quarter of a second gathers a full batch under a busy load and delays a row nobody waits for
# (a manager's view and gpu-log flush first).
GROUP_WINDOW = 0.25
# How long after it starts a process writes its event claims where older versions look too (_claim_in_file):
# a rolling deploy replaces every worker well within it.
DEPLOY_WINDOW_S = 1800.0
# How long a Slack helper waits for the connection while the background thread holds it.
QUICK_WAIT = 0.5
# Event ids, channels and threads remembered in memory while the file is unusable.
MEMORY_LIMIT = 10_000
# Rows kept in memory while the file is unusable; past this, new rows are dropped (and counted in a warning).
PENDING_LIMIT = 50_000
# Slack retries an event for about an hour (after 1 minute, then 5, then about 30): its id is claimed for a
# day, in hourly buckets of its event time.
EVENT_CLAIMS = {"bucket_seconds": 3600, "keep_seconds": 24 * 3600}
# A signed request is accepted for 5 minutes either side of its timestamp: its signature is claimed for
# 11 minutes, in one-minute buckets.
SIGNATURE_CLAIMS = {"bucket_seconds": 60, "keep_seconds": 11 * 60}
# How long close() may spend writing before it spools the rest (gunicorn's graceful timeout is 20 s).
CLOSE_TIMEOUT = 5.0


class RequestLog:
    def __init__(self, path: str | Path, retry_interval: float = 2.0, spool_dir: str | Path | None = None):
        self.path = Path(path)
        self.retry_interval = max(0.01, retry_interval)  # 0 would spin
        self.spool_dir = Path(spool_dir) if spool_dir is not None else Path(f"{self.path}.spool")
        self._spool = Spool(self.spool_dir)
        self._spooled = 0  # how many items at the front of the queue are in the spool file already
        self.event_claims = Claims(self.spool_dir / "claims" / "events", **EVENT_CLAIMS)
        self.signature_claims = Claims(
            signature_claims_folder(self.spool_dir) / "signatures", **SIGNATURE_CLAIMS
        )
        # Called from the writer thread with each lead written (leads.write_lead's answer); what was written
        # before it is set (a spool adopted at start) waits for it, up to UNHANDED_LIMIT.
        self._on_lead: Callable[[dict], None] | None = None
        self._unhanded: list[dict] = []
        self._identity: tuple[int, int] | None = None  # the open file's (device, inode)
        self._wal: tuple[int, int] | None = None  # and its write-ahead log's
        self._shm: tuple[int, int] | None = None  # and its WAL index's
        self._retired: dict[str, int] = {}  # fds on the -wal and -shm of a file deleted or replaced
        self._lock = threading.Lock()  # the connection
        self._memory_lock = threading.Lock()  # the fallbacks below
        self._read_lock = threading.Lock()  # the readers' connection (_read)
        self._reader: sqlite3.Connection | None = None
        self._reader_of: tuple[int, int] | None = None  # the (device, inode) it has open
        self._db: Database | None = None
        self._columns: set[str] = set()
        # Whether seen_events (where versions before spool.Claims claimed events) has rows. Checked at each
        # opening, after the rows queued are written and when idle (an older worker may still share the file in
        # a deploy): while it has, this version's first claims are written there too (_claim_in_file), during
        # its first DEPLOY_WINDOW_S only.
        self._old_claims = False
        self._started = time.monotonic()
        # Appended without the lock (deque appends are atomic), popped only by the lock's holder.
        self._queue: deque[dict[str, Any]] = deque()
        self._seen: OrderedDict[str, None] = OrderedDict()
        self._disclosed: OrderedDict[str, None] = OrderedDict()
        self._welcomed: OrderedDict[str, None] = OrderedDict()
        self._threads: OrderedDict[tuple[str, str], tuple[str, str]] = OrderedDict()
        self._kept: OrderedDict[tuple[str, tuple], str] = OrderedDict()  # answers, assistant threads
        self._assistant_seen = False  # uses_assistant(), once true
        self._assistant_started = threading.Event()  # a thread opened in this process: wait_for_assistant()
        self._unavailable = False  # to log a warning when the file fails and a note when it is back
        self._refused_as_read_only = False  # the last failure was the file refusing writes (not a lock)
        self._unknown_columns: set[str] = set()
        self._dropped = 0
        self.last_commit: float | None = None  # time.time() of the writer's last commit, for /healthz
        self._closed = False
        # Left by a process that stopped before the database took them: first in line.
        adopted = self._spool.adopt()
        if adopted:
            self._queue.extend(adopted)
            self._spooled = 0 if self._spool.empty else len(adopted)
        with self._lock:
            self._database(BUSY_TIMEOUT)
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._gathered = threading.Event()
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
            if self._closed:
                self._spool.append([prepared])  # late work after close(): straight to the next start
                return
            self._queue.append(prepared)
            if not self._wake.is_set():  # setting takes the event's lock: skip it when already set
                self._wake.set()
            if len(self._queue) >= BATCH and not self._gathered.is_set():
                self._gathered.set()  # a batch is here: the writer need not wait out its window
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

    def audit(self, actor: str, surface: str, action: str, details: dict | None = None) -> None:
        """One row of the audit trail (who read, exported, changed or was refused what), queued like a
        request row: the person gets their answer whatever the file is doing. Never raises."""
        try:
            text = json.dumps(details or {}, ensure_ascii=False, sort_keys=True, default=str)
            self._enqueue({KIND: "audit", "at": utc_now(), "actor": actor, "surface": surface,
                           "action": action, "details": text})  # fmt: skip
        except Exception as error:
            logger.warning("request log %s: audit failed (%s)", self.path, type(error).__name__)

    def record_lead(self, lead: dict) -> None:
        """A lead to open (the fields of leads.write_lead), queued: written once the file takes it, then
        handed to `on_lead`. Never raises."""
        try:
            self._enqueue({**{k: _sql_value(v) for k, v in lead.items()}, KIND: "lead", "at": utc_now()})
        except Exception as error:
            logger.warning("request log %s: record_lead failed (%s)", self.path, type(error).__name__)

    def record_note(self, lead_id: int, by: str, note: str) -> None:
        """A rep's note on a lead (leads.write_note), queued: the form that took it has closed, so it is
        written once the file takes it, then handed to `on_lead` to redraw the card. Never raises."""
        try:
            self._enqueue(
                # Redacted before it waits in the queue or on disk (the spool), as a question is.
                {
                    KIND: "note",
                    "lead_id": int(lead_id),
                    "by": str(by),
                    "note": redact(str(note)),
                    "at": utc_now(),
                }
            )
        except Exception as error:
            logger.warning("request log %s: record_note failed (%s)", self.path, type(error).__name__)

    def record_card(self, lead_id: int, channel: str, ts: str) -> None:
        """Where a lead's card was posted (so it is redrawn, never posted twice), queued. Never raises."""
        try:
            self._enqueue({KIND: "card", "lead_id": int(lead_id), "channel": str(channel), "ts": str(ts)})
        except Exception as error:
            logger.warning("request log %s: record_card failed (%s)", self.path, type(error).__name__)

    def _enqueue(self, item: dict[str, Any]) -> None:
        if self._closed:
            self._spool.append([item])
            return
        self._queue.append(item)
        self._wake.set()

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

    def read_only(self) -> bool:
        """Whether the file refuses this process's writes as read-only: its mode or owner, a read-only mount,
        chattr +i, as the last write found (until one succeeds) or the file's mode says now. Never raises."""
        if self._unavailable and self._refused_as_read_only:
            return True
        try:
            return self.path.exists() and not os.access(self.path, os.W_OK)
        except OSError:
            return False

    @property
    def dropped(self) -> int:
        """Rows given up because memory was full while the file could not be written."""
        return self._dropped

    def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Stop the writer thread and write what can be written within `timeout` seconds; what is left
        goes to the spool, for the next process (also done at exit, see _close_all)."""
        if self._closed:
            return
        self._closed = True
        deadline = time.monotonic() + max(0.0, timeout)
        _OPEN_LOGS.discard(self)
        self._stop.set()
        self._wake.set()
        self._gathered.set()
        if self._retrier.is_alive() and self._retrier is not threading.current_thread():
            self._retrier.join(max(0.0, deadline - time.monotonic()))
        self.flush(timeout=max(0.0, deadline - time.monotonic()))
        if not self._lock.acquire(timeout=max(0.5, deadline - time.monotonic())):
            # The writer is stuck in a write: spool without it (a duplicate is harmless, a loss is not).
            left, spooled = self.pending, self._spool.append(list(self._queue)[self._spooled :])
        else:
            try:
                spooled = self._spool_pending()
                left = self.pending
                self._close_db()
            finally:
                self._lock.release()
        self._spool.close()
        if left:
            where = f"kept in {self.spool_dir} for the next start" if spooled else "LOST (the spool failed)"
            logger.warning("request log %s: closed with %d rows not written, %s", self.path, left, where)

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

    def claim_event(self, event_id: str, at: float | None = None, *, until_done: bool = False) -> bool:
        """True the first time Slack's event id is seen (by any worker), False for a retry of it. `at`:
        the event's time as Slack sent it (the same in every retry). With `until_done`, the claim is held
        until `event_done(event_id)`: a retry after the claiming worker died before that is answered
        (spool.Claims). Never raises."""
        try:
            key = str(event_id)
            with self._memory_lock:
                if key in self._seen:
                    return False
                _remember(self._seen, key, None)
            first = self.event_claims.claim(key, at, hold=until_done)
            if first and self._seen_in_file(key):
                return False  # seen by a version that kept event ids in the database
            if first and self._old_claims and time.monotonic() - self._started < DEPLOY_WINDOW_S:
                self._claim_in_file(key)
            # Without the disk, memory's answer stands: answering twice beats never answering.
            return True if first is None else first
        except Exception as error:
            logger.warning("request log %s: claim_event failed (%s)", self.path, type(error).__name__)
            return True

    def event_work(self, event_id: str, work: dict) -> None:
        """What answering a held event takes, kept with its claim until `event_done`: another worker does it
        if this one dies first (`abandoned_events`). Never raises."""
        self.event_claims.note(str(event_id), work)

    def event_done(self, event_id: str) -> None:
        """What `claim_event(..., until_done=True)` promised is done. Never raises."""
        try:
            self.event_claims.done(str(event_id))
        except Exception as error:
            logger.warning("request log %s: event_done failed (%s)", self.path, type(error).__name__)

    def abandoned_events(self) -> list[tuple[str, dict]]:
        """Events a dead worker claimed and did not answer, each with its `event_work`, now held by this
        process (spool.Claims.abandoned). Never raises."""
        try:
            return self.event_claims.abandoned()
        except Exception as error:
            logger.warning("request log %s: abandoned_events failed (%s)", self.path, type(error).__name__)
            return []

    def take_over_event(self, event_id: str, at: float | None) -> bool:
        """Holds a claim of this event left by a dead worker (True), so that `event_done` closes it."""
        try:
            return bool(self.event_claims.claim(str(event_id), at, hold=True))
        except Exception:
            return False

    def _seen_in_file(self, event_id: str) -> bool:
        """Whether the database's seen_events (where earlier versions claimed events) has the id. Asked of
        the readers' connection on every first claim: during a rolling deploy an older version's worker
        claims there, and Slack's retry of what it got may come here at once. Gated on whether the table had
        rows when this worker last looked (after its writer's commit or idle check, up to retry_interval
        before), such a claim went unseen and the retry was answered twice. A reader never waits on the
        writer (WAL); when the readers' connection cannot serve, the writer's is asked only if free this
        instant and the table had rows: a retry must never wait on a busy file."""
        sql = "select 1 from seen_events where event_id = ?"
        if self._read_lock.acquire(timeout=QUICK_WAIT):
            try:
                conn = self._reading()
                if conn is not None:
                    return conn.execute(sql, [event_id]).fetchone() is not None
            except sqlite3.Error:
                self._close_reader()
            finally:
                self._read_lock.release()
        if not self._old_claims or self._db is None or not self._lock.acquire(blocking=False):
            return False
        try:
            return self._db is not None and self._db.conn.execute(sql, [event_id]).fetchone() is not None
        except sqlite3.Error:
            return False
        finally:
            self._lock.release()

    def _claim_in_file(self, event_id: str) -> None:
        """While an older version claims events in seen_events (the table has rows: a rolling deploy), this
        version's first claims go there too, so that Slack's retry reaching an older worker is not answered
        again by it. Only when the writer's connection is free this instant; the retention job prunes them.
        Only in this process's first DEPLOY_WINDOW_S: older workers run beside a new one only while the deploy
        rolls, and this version's own rows would otherwise keep the table from ever being empty again."""
        if self._db is None or not self._lock.acquire(blocking=False):
            return
        try:
            if self._db is not None and not self._db.conn.in_transaction:
                _busy_timeout(self._db, QUICK_TIMEOUT)  # the writer sets its own again for its next batch
                with self._db.conn:
                    self._db.conn.execute(
                        "insert or ignore into seen_events (event_id, seen_at) values (?, ?)",
                        [event_id, datetime.now(UTC).isoformat(timespec="milliseconds")],
                    )
        except sqlite3.Error:
            return  # a courtesy to older workers: this version's own claim (the claim file) already stands
        finally:
            self._lock.release()

    def claim_signature(self, signature: str, timestamp: int) -> bool:
        """True the first time a signed request is seen (by any worker), False for a replay of it."""
        try:
            return self.signature_claims.claim(str(signature), float(timestamp)) is not False
        except Exception:
            return True

    def claim_press(self, key: str) -> bool:
        """True the first time a press of a button that acts once is seen (by any worker), False for a
        repeat (a double click sends two payloads, each signed anew). `key` names the message the button
        is under; the claim lasts a day from the press, however old that message is. Never raises:
        without the folder, the press acts."""
        try:
            return self.event_claims.claim_on_arrival(f"press:{key}") is not False
        except Exception:
            return True

    def first_disclosure(self, channel_id: str) -> bool:
        """True once per channel: the first time, the bot shows its "what we record" notice there."""
        sql = "insert or ignore into channels (channel_id, disclosed_at) values (?, ?)"
        return self._first_time(str(channel_id), sql, self._disclosed, "first_disclosure")

    def first_welcome(self, user_id: str) -> bool:
        """True once per user: the first time they open the app's Messages tab, the bot says hello there."""
        sql = "insert or ignore into welcomed (user_id, welcomed_at) values (?, ?)"
        return self._first_time(str(user_id), sql, self._welcomed, "first_welcome")

    def _first_time(self, key: str, sql: str, memory: OrderedDict[str, None], what: str) -> bool:
        """True the first time `sql` inserts `key` (in any worker); memory answers while the file cannot."""
        try:
            with self._memory_lock:
                if key in memory:
                    return False
            ok, first = self._use(lambda db: _write(db, sql, [key, utc_now()]) == 1)
            with self._memory_lock:
                already = key in memory
                _remember(memory, key, None)
            return first if ok else not already
        except Exception as error:
            # A notice missed once is better than one repeated on every message by a lasting bug.
            logger.warning("request log %s: %s failed (%s)", self.path, what, type(error).__name__)
            return False

    def save_thread(self, channel_id: str, thread_ts: str, workload: dict, lang: str) -> None:
        """Remember the last workload answered in a thread or DM, for follow-ups. Never raises."""
        try:
            key = (str(channel_id), str(thread_ts))
            data = _json(workload)
            ok = self._save("threads", [*key, data, lang])
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
                ok, row = self._read(sql, list(key))
                if not ok or row is None:
                    return None
                saved = (row["workload"], row["lang"])
            workload = json.loads(saved[0])
            return (workload, saved[1]) if isinstance(workload, dict) else None
        except Exception:
            return None

    def save_answer(self, channel_id: str, question_ts: str, answer_ts: str) -> None:
        """Remember which message of the app's answered the message at `question_ts`. Never raises."""
        self._keep("answers", [str(channel_id), str(question_ts), str(answer_ts)])

    def answer_to(self, channel_id: str, question_ts: str) -> str | None:
        """The timestamp of the app's answer to the message at `question_ts`, or None. Never raises."""
        return self._recall("answers", "answer_ts", ("channel_id", "question_ts"), (channel_id, question_ts))

    def forget_answer(self, channel_id: str, question_ts: str) -> None:
        """The answer to the message at `question_ts` is gone. Never raises."""
        key = (str(channel_id), str(question_ts))
        with self._memory_lock:
            self._kept.pop(("answers", key), None)
        args = [*key, utc_now()]
        ok, _ = self._use(lambda db: _write(db, _FORGET_SQL["answers"], args))
        if not ok:  # as a save that waits (_save): written once the file takes it, for every worker
            self._enqueue({KIND: "forget", "table": "answers", "args": args})

    def save_assistant_thread(self, channel_id: str, thread_ts: str) -> None:
        """Remember a thread of Slack's assistant container. Never raises."""
        self._assistant_seen = True
        self._assistant_started.set()
        self._keep("assistant_threads", [str(channel_id), str(thread_ts)])

    def uses_assistant(self) -> bool:
        """Whether Slack's assistant container has opened a thread with the app within the log's retention: the
        container is on, and its threads greet each person. Never raises."""
        if self._assistant_seen:
            return True
        try:
            ok, row = self._use(
                lambda db: next(iter(db.query("select 1 from assistant_threads limit 1")), None)
            )
        except Exception:
            return False
        self._assistant_seen = bool(ok and row is not None)
        return self._assistant_seen

    def wait_for_assistant(self, seconds: float) -> bool:
        """Whether the assistant container is on, waiting up to `seconds` for its first thread to open in this
        process (a person opening the app for the first time may open the Messages tab and the container's
        thread at once). Never raises."""
        return self.uses_assistant() or self._assistant_started.wait(seconds) or self.uses_assistant()

    def is_assistant_thread(self, channel_id: str, thread_ts: str | None) -> bool:
        """Whether the thread is one of Slack's assistant container. Never raises."""
        if not thread_ts:
            return False
        key = ("channel_id", "thread_ts")
        return self._recall("assistant_threads", "thread_ts", key, (channel_id, thread_ts)) is not None

    def _keep(self, table: str, args: list[str]) -> None:
        """Saves a row of `table` (its key, then its values: KEPT_TABLES); memory holds it while the file
        cannot."""
        try:
            key, value = _kept_memory(table, args)
            ok = self._save(table, args)
            with self._memory_lock:
                if ok:
                    self._kept.pop(key, None)
                else:
                    _remember(self._kept, key, value)
        except Exception as error:
            logger.warning("request log %s: saving to %s failed (%s)", self.path, table, type(error).__name__)

    def _save(self, table: str, args: list[str]) -> bool:
        """Upserts a row of a KEPT_TABLES table now, stamped; whether the file took it. When it would not
        (locked, read-only, replaced), the row is queued like a request's and written once it will: memory
        alone is this worker's, so another worker would not know the thread or the answer (an edited
        question answered again rather than updated), nor this one after a restart."""
        ok, _ = self._use(lambda db: _write(db, _UPSERT_SQL[table], [*args, utc_now()]))
        if not ok:
            with contextlib.suppress(Exception):  # memory still holds it (the caller's)
                self._enqueue({KIND: "kept", "table": table, "args": [*args, utc_now()]})
        return ok

    def _kept_written(self, item: dict) -> None:
        """A queued save is in the file: the memory that stood in for it goes, unless a newer value took its
        place. Called with self._lock held, after the commit."""
        table, args = item.get("table"), item.get("args")
        if table not in KEPT_TABLES or not _kept_args(table, args):
            return
        with self._memory_lock:
            if table == "threads":
                memory, key, value = self._threads, (args[0], args[1]), (args[2], args[3])
            else:
                memory, (key, value) = self._kept, _kept_memory(table, args[:-1])
            if memory.get(key) == value:
                memory.pop(key, None)

    def _recall(self, table: str, column: str, pk: tuple[str, str], key: tuple) -> str | None:
        """What `_keep` saved under `key`, or None."""
        try:
            key = tuple(str(k) for k in key)
            with self._memory_lock:
                kept = self._kept.get((table, key))
            if kept is not None:
                return kept
            sql = f"select {column} from {table} where {pk[0]} = ? and {pk[1]} = ?"
            ok, row = self._read(sql, list(key))
            return row[column] if ok and row is not None else None
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
            if self._same_file():
                return self._db
            self._let_go()
        conn = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._reopening() as reopening:
                if reopening:
                    self._clear_the_old_files()
                ensure_private(self.path)
                # SQLite would open a read-only file read-only and create its -wal and -shm files read-only
                # too, and those keep refusing writes after the file is made writable again: wait instead.
                for file in (self.path, *(Path(f"{self.path}{suffix}") for suffix in ("-wal", "-shm"))):
                    if file.exists() and not os.access(file, os.W_OK) and not _made_writable(file, self.path):
                        raise PermissionError(f"{file} is read-only")
                conn = self._connect(busy)
                db = Database(conn)
                # WAL: reports reading the file never block the bot's writes. NORMAL sync is safe with WAL
                # (a power cut may lose the last commits, never corrupt the file) and saves an fsync per row.
                db.enable_wal()
                conn.execute("PRAGMA synchronous = NORMAL")
            migrate(db)
            self._columns = set(db.table("requests").columns_dict)
            self._old_claims = _has_old_claims(db.conn)
            self._identity = _identity(self.path)
            self._wal = _identity(Path(f"{self.path}-wal"))
            self._shm = _identity(Path(f"{self.path}-shm"))  # the WAL index this connection shares
        except Exception as error:
            if conn is not None:
                _quietly(conn.close)
            self._failed(error)
            return None
        self._db = db
        return db

    def _let_go(self) -> None:
        """Closes the connection to a file that was deleted or replaced. Called with self._lock held.

        Its write-ahead log and WAL index (-wal, -shm) are kept open, without a lock, until the new file is
        opened: while they are open their inode numbers cannot be given to new files, so "is this still
        the old one?" has a reliable answer (see _clear_the_old_files)."""
        for suffix, ours in (("-wal", self._wal), ("-shm", self._shm)):
            with contextlib.suppress(OSError):
                fd = os.open(f"{self.path}{suffix}", os.O_RDONLY)
                info = os.fstat(fd)
                if (info.st_dev, info.st_ino) == ours and suffix not in self._retired:
                    self._retired[suffix] = fd
                else:
                    os.close(fd)
        self._close_db()

    @contextlib.contextmanager
    def _reopening(self) -> Iterator[bool]:
        """Yields True, holding an flock shared by every worker, while this process lets go of an old file
        or the path has no file but an old one's -wal or -shm: creating the file and clearing what the old
        one left is then done by one worker at a time, so none removes what another has just created.
        Yields False, without the flock, when a file is simply opened or created on a first start."""
        leftovers = not self.path.exists() and any(
            Path(f"{self.path}{suffix}").exists() for suffix in ("-wal", "-shm")
        )
        if not self._retired and not leftovers:
            yield False
            return
        lock = os.open(private_folder(self.spool_dir) / "reopen.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield True
        finally:
            os.close(lock)  # releases the flock

    def _clear_the_old_files(self) -> None:
        """After the file was deleted or replaced, the new one is opened without the old one's -wal and
        -shm: SQLite finds those by name, so a new file opened next to them would be read and written
        through them. They are removed once no process uses them any more (each connection holds a read
        lock on its -shm while open); until then this raises, and rows wait. The old ones are those this
        process kept open (_let_go), or, when it never had the deleted file open (a worker that had not
        written yet), whatever -wal and -shm lie beside a missing file. Called inside _reopening()."""
        shm = Path(f"{self.path}-shm")
        if self._retired:
            old = {s: (os.fstat(fd).st_dev, os.fstat(fd).st_ino) for s, fd in self._retired.items()}
        elif not self.path.exists():
            old = {s: _identity(Path(f"{self.path}{s}")) for s in ("-wal", "-shm")}
        else:
            return
        if _identity(shm) == old.get("-shm") and _locked_by_others(shm):
            raise sqlite3.OperationalError("the old file is still open in another process")
        for suffix, identity in old.items():
            path = Path(f"{self.path}{suffix}")
            if identity is not None and _identity(path) == identity:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
        for fd in self._retired.values():
            _quietly(lambda fd=fd: os.close(fd))
        self._retired = {}

    def _same_file(self) -> bool:
        """Whether the path still names the file we have open; warns when it does not (deleted, or
        replaced by another file, say a backup put back), so the caller opens the path again."""
        try:
            info = os.stat(self.path)
            if (info.st_dev, info.st_ino) == self._identity:
                return True
            what = "replaced"
        except FileNotFoundError:
            what = "deleted"
        except OSError:
            return True  # cannot tell (the folder unreadable): keep what is open
        logger.warning("request log %s was %s while open; opening it again at its path", self.path, what)
        return False

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

    def _read(self, sql: str, args: list[str]) -> tuple[bool, sqlite3.Row | None]:
        """(True, the first row `sql` selects, or None), or (False, None) when the file cannot be read now.
        Read on a connection of its own: in WAL mode a reader sees the last commit while a write is under
        way (https://sqlite.org/wal.html, "Concurrency"), so the lookups made before a DM is acknowledged
        never wait on the writer's lock, held through a batch's commit or for seconds while another
        process locks the file. Where that connection cannot serve (no file opened yet, the file replaced
        and not yet opened again), the writer's connection answers, as it did before."""
        if self._read_lock.acquire(timeout=QUICK_WAIT):
            try:
                conn = self._reading()
                if conn is not None:
                    return True, conn.execute(sql, args).fetchone()
            except sqlite3.Error:
                self._close_reader()
            finally:
                self._read_lock.release()
        return self._use(lambda db: next(iter(db.query(sql, args)), None))

    def _reading(self) -> sqlite3.Connection | None:
        """The readers' connection to the file at the path, once the writer's connection has opened (and
        migrated) that very file; None before. Called with self._read_lock held."""
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        identity = (info.st_dev, info.st_ino)
        if self._reader is not None and self._reader_of == identity:
            return self._reader
        self._close_reader()
        if identity != self._identity:
            return None
        # mode=rw: never create a file, should the path be emptied meanwhile; query_only: this one reads.
        uri = f"{Path(os.path.abspath(self.path)).as_uri()}?mode=rw"
        conn = sqlite3.connect(uri, uri=True, timeout=QUICK_TIMEOUT, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA query_only = 1")
        except sqlite3.Error:
            _quietly(conn.close)
            raise
        self._reader, self._reader_of = conn, identity
        return conn

    def _close_reader(self) -> None:
        """Called with self._read_lock held."""
        if self._reader is not None:
            _quietly(self._reader.close)
            self._reader, self._reader_of = None, None

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
                if not self._same_file():
                    raise sqlite3.OperationalError("the file was deleted or replaced")
                # Indexing, not iterating: record() may append while the batch is read.
                batch = [self._queue[i] for i in range(min(BATCH, len(self._queue)))]
                # One transaction for the batch: all of it, or none and it stays queued. The write lock is
                # taken first, so a lead's "is there one already?" and its insert cannot interleave with
                # another worker's.
                db.conn.execute("BEGIN IMMEDIATE")
                try:
                    leads = self._write_batch(db, batch)
                    db.conn.commit()
                except BaseException:
                    _quietly(db.conn.rollback)
                    raise
                for _ in batch:
                    self._queue.popleft()
                for item in batch:
                    if item.get(KIND) == "kept":
                        self._kept_written(item)
                self.last_commit = time.time()
                self._spooled = max(0, self._spooled - len(batch))
                for lead in leads:
                    self._lead_written(lead)
            if not self._queue and not self._spool.empty:
                self._spool.clear()  # everything it held is in the database now
            self._old_claims = _has_old_claims(db.conn)
        except Exception as error:
            self._failed(error)
            return False
        self._succeeded()
        return True

    def _spool_pending(self) -> bool:
        """Copies what is queued and not yet in the spool file to it. Called with self._lock held."""
        items = [self._queue[i] for i in range(self._spooled, len(self._queue))]
        if not items:
            return True
        if not self._spool.append(items):
            return False
        self._spooled += len(items)
        return True

    @property
    def on_lead(self) -> Callable[[dict], None] | None:
        return self._on_lead

    @on_lead.setter
    def on_lead(self, callback: Callable[[dict], None] | None) -> None:
        """Who is told of each lead written. The writer starts with the log, and writes what a stopped
        process spooled before the sales desk is built: those leads (a note's card to redraw) are told now."""
        with self._memory_lock:  # not the connection's: the writer may hold that for seconds
            self._on_lead = callback
            waiting, self._unhanded = self._unhanded, []
        for lead in waiting:
            self._lead_written(lead)

    def _lead_written(self, lead: dict) -> None:
        with self._memory_lock:
            callback = self._on_lead
            if callback is None:
                if len(self._unhanded) < UNHANDED_LIMIT:
                    self._unhanded.append(lead)
                return
        try:
            callback(lead)
        except Exception as error:  # the desk's trouble must not stop the writer
            logger.warning("request log %s: on_lead failed (%s)", self.path, type(error).__name__)

    def _write_batch(self, db: Database, batch: list[dict[str, Any]]) -> list[dict]:
        """The batch in order; runs of new rows with the same columns go in one executemany, which keeps
        this thread's Python work (and its turns at the GIL, shared with the request threads) small.
        Returns the leads written (leads.write_lead's answers)."""
        run_sql, run_args = None, []
        leads = []
        for row in batch:
            kind = row.get(KIND)
            if kind is not None:
                if run_args:
                    _execute(db.conn, run_sql, run_args)
                run_sql, run_args = None, []
                if kind in ("kept", "forget"):
                    # A save of a Slack helper's (_save) or a forgotten answer; a malformed one (a spool
                    # from another version) is dropped rather than holding every row behind it.
                    table, args = row.get("table"), row.get("args")
                    sql = (_UPSERT_SQL if kind == "kept" else _FORGET_SQL).get(table)
                    if sql is not None and _kept_args(table, args, forget=kind == "forget"):
                        db.conn.execute(sql, args)
                elif kind == "lead":
                    leads.append(lead_rules.write_lead(db.conn, row))
                elif kind == "note":
                    noted = lead_rules.write_note(db.conn, row["lead_id"], row["by"], row["note"], row["at"])
                    if noted is not None:
                        leads.append(noted)
                elif kind == "card":
                    lead_rules.write_card(db.conn, row["lead_id"], row["channel"], row["ts"])
                elif kind == "audit":
                    db.conn.execute(_AUDIT_SQL, [row[k] for k in _AUDIT_KEYS] * 2)
                continue
            if UPDATE in row:
                sql, args = (
                    "UPDATE requests SET outcome = ?, error_key = ? WHERE request_key = ?",
                    [row["outcome"], row["error_key"], row[UPDATE]],
                )
            else:
                sql, args = self._insert_statement(row)
            if sql != run_sql or UPDATE in row:
                if run_args:
                    _execute(db.conn, run_sql, run_args)
                run_sql, run_args = sql, []
            run_args.append(args)
        if run_args:
            _execute(db.conn, run_sql, run_args)
        return leads

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

    def _failed(self, error: Exception) -> None:
        """After a failed statement: undo it, drop a connection that may not recover, warn once."""
        self._refused_as_read_only = _refuses_writes(error)
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
        # The readers' connection goes with it: left open on a file deleted or replaced, it would keep the old
        # WAL index locked, and no other worker could clear the old files to open the new one.
        with self._read_lock:
            self._close_reader()

    def _write_forever(self) -> None:
        """The writer: wakes when rows are queued, writes them; after a failure waits retry_interval."""
        while not self._stop.is_set():
            self._wake.wait(self.retry_interval)
            # Let the rows of the next requests join this commit: one commit per batch is what keeps a busy
            # minute cheap. close() and flush() do not wait for this, nor a batch already gathered.
            self._gathered.wait(GROUP_WINDOW)
            self._gathered.clear()
            self._wake.clear()
            if self._queue and not self._stop.is_set():
                try:
                    written = self._write_pending(busy=BUSY_TIMEOUT, wait=self.retry_interval)
                except Exception as error:
                    logger.warning("request log %s: write failed (%s)", self.path, type(error).__name__)
                    written = False
                if not written:
                    # The file is unusable: keep what waits safe on disk, and do not spin on every wake.
                    with self._lock:
                        self._spool_pending()
                    self._stop.wait(self.retry_interval)
            elif self._db is not None and not self._queue:
                # Idle: notice a deleted or replaced file now, so this worker lets go of it soon.
                with self._lock:
                    if self._db is not None and not self._same_file():
                        self._let_go()
                    elif self._db is not None:
                        self._old_claims = _has_old_claims(self._db.conn)


_INSERT_SQL: dict[tuple[str, ...], str] = {}
_ROWS_SQL: dict[tuple[str, int], str] = {}
MAX_ROWS_A_STATEMENT = 64


def _execute(conn: sqlite3.Connection, sql: str, args: list[list[Any]]) -> None:
    """A run of statements: rows inserted with the same columns go in INSERTs of many rows (VALUES (...),
    (...)), the rest one by one. A statement for many rows instead of one per row: a batch of 25 rows took
    ~65 instead of ~115 us of CPU a row (FTS index, roll-up and indexes included; bench/cached_cpu.py's
    questions), and the GIL is let go once a statement, not once a row. The rows go in groups of a power of
    two (25 as 16, 8 and 1), so that a worker prepares and keeps at most seven such statements (SQLite
    compiles the triggers into each), and no more rows than SQLite's parameter limit allows
    (https://sqlite.org/limits.html, SQLITE_MAX_VARIABLE_NUMBER: 32,766 since 3.32, 999 before)."""
    if len(args) == 1 or not sql.startswith("INSERT"):
        conn.executemany(sql, args)
        return
    most = max(1, conn.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER) // max(1, len(args[0])))
    start = 0
    while start < len(args):
        n = 1 << (min(len(args) - start, most, MAX_ROWS_A_STATEMENT).bit_length() - 1)
        many = _ROWS_SQL.get((sql, n))
        if many is None:
            head, _, one = sql.rpartition(" VALUES ")
            many = _ROWS_SQL[sql, n] = f"{head} VALUES {', '.join([one] * n)}"
        conn.execute(many, [value for row in args[start : start + n] for value in row])
        start += n


UPDATE = "__update__"  # a queue item that changes a row instead of adding one
# Leads written before anyone listens kept for whoever does (a process with no sales desk never will).
UNHANDED_LIMIT = 1000
KIND = "__kind__"  # a queue item for another table: "audit", "lead", "note", "card", "kept" or "forget"
# What the Slack helpers keep (save_thread, save_answer, save_assistant_thread): each table's key columns,
# value columns, and the stamp that orders two saves of one key, so that a save that waited in the queue
# never overwrites a newer one another worker wrote meanwhile.
KEPT_TABLES = {
    "threads": (("channel_id", "thread_ts"), ("workload", "lang"), "updated_at"),
    "answers": (("channel_id", "question_ts"), ("answer_ts",), "updated_at"),
    "assistant_threads": (("channel_id", "thread_ts"), (), "started_at"),
}
_UPSERT_SQL = {
    table: f"INSERT INTO {table} ({', '.join((*pk, *values, stamp))})"
    f" VALUES ({', '.join('?' * (len(pk) + len(values) + 1))})"
    f" ON CONFLICT ({', '.join(pk)}) DO UPDATE SET"
    f" {', '.join(f'{c} = excluded.{c}' for c in (*values, stamp))} WHERE excluded.{stamp} >= {table}.{stamp}"
    for table, (pk, values, stamp) in KEPT_TABLES.items()
}
# An answer forgotten (its message deleted), unless it was saved again after.
_FORGET_SQL = {"answers": "DELETE FROM answers WHERE channel_id = ? AND question_ts = ? AND updated_at <= ?"}
_AUDIT_KEYS = ("at", "actor", "surface", "action", "details")
# Written once however often it is replayed from the spool: an identical row is the same row.
_AUDIT_SQL = (
    "INSERT INTO audit (at, actor, surface, action, details) SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS"
    " (SELECT 1 FROM audit WHERE at = ? AND actor = ? AND surface = ? AND action = ? AND details = ?)"
)
# Logs still open when the process exits (gunicorn's worker on SIGTERM, Socket Mode on Ctrl-C) write their
# queued rows before it goes.
_OPEN_LOGS: weakref.WeakSet[RequestLog] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for log in list(_OPEN_LOGS):
        with contextlib.suppress(Exception):
            log.close(CLOSE_TIMEOUT)


# The same questions come back all day ("70b 4bit"): what redaction makes of a text is kept, since it
# depends on the text alone. Only a question's length is kept (a pasted document is redacted each time),
# so the memory it takes stays under a megabyte or so.
KEPT_REDACTIONS = 1024
KEPT_CHARS = 500


@functools.lru_cache(maxsize=KEPT_REDACTIONS)
def _kept(how: Callable[[str], str], text: str) -> str:
    return how(text)


def _redacted(how: Callable[[str], str], text: str) -> str:
    """`how(text)` (for_log, redact), from the kept ones for a text as short as a question."""
    return _kept(how, text) if len(text) <= KEPT_CHARS else how(text)


def _prepare(row: dict) -> dict[str, Any]:
    """The row as stored: redacted text, JSON workload, a creation time and a request key."""
    prepared = dict(row)
    prepared.pop("id", None)  # the log numbers its rows; a caller's id could collide and be ignored
    if prepared.get("created_at") is None:
        prepared["created_at"] = utc_now()
    if prepared.get("text") is not None:
        try:
            prepared["text"] = _redacted(for_log, str(prepared["text"]))
        except Exception:
            prepared["text"] = None  # better no text than text that may hold personal data
    # What was not understood comes from the same text: redacted too (migrations.record_gaps).
    if prepared.get("unknown_words") is not None:
        prepared["unknown_words"] = _words(prepared["unknown_words"])
    if prepared.get("missing_model") is not None:
        try:
            prepared["missing_model"] = _redacted(redact, str(prepared["missing_model"]))[:200]
        except Exception:
            prepared["missing_model"] = None
    if not prepared.get("request_key"):
        prepared["request_key"] = uuid.uuid4().hex
    # Most values are already plain; only the others go through the careful conversion. (Tested inline:
    # this runs for each of a row's ~25 columns on every request.)
    out = {}
    for k, v in prepared.items():
        kind = type(v)
        if kind is str:
            plain = v.isascii()  # ASCII text cannot hold a lone surrogate
        else:
            plain = v is None or kind is float or (kind is int and -(2**63) <= v < 2**63)
        out[k if type(k) is str else str(k)] = v if plain else _sql_value(v)
    return out


def _words(words: Any) -> str | None:
    """Words not understood, as a JSON list: each redacted, and those left with no letter dropped (the
    pieces of a phone number or a CPF, a redaction placeholder): what is kept is vocabulary to learn."""
    try:
        kept = []
        for word in words if isinstance(words, list | tuple) else [words]:
            text = _redacted(redact, str(word)).strip()
            if text and not text.startswith("[") and any(ch.isalpha() for ch in text):
                kept.append(text[:100])
        return json.dumps(kept[:50], ensure_ascii=False) if kept else None
    except Exception:
        return None


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
    if hasattr(value, "__struct_fields__"):  # an engine struct such as sizing.workload.Workload
        import msgspec

        value = msgspec.to_builtins(value)
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


def _write(db: Database, sql: str, params: list[Any]) -> int:
    """Run one write statement in its own transaction; returns the rows it changed."""
    with db.conn:
        return db.conn.execute(sql, params).rowcount


def _has_old_claims(conn: sqlite3.Connection) -> bool:
    """Whether seen_events has a row (one index step, however long the table); a failed read says yes, so
    that the claim's own query decides."""
    try:
        return conn.execute("select exists (select 1 from seen_events)").fetchone()[0] == 1
    except sqlite3.OperationalError as error:
        return "no such table" not in str(error)
    except sqlite3.Error:
        return True


def _busy_timeout(db: Database, seconds: float) -> None:
    db.conn.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")


def _is_busy(error: Exception) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    message = str(error).lower()
    return "locked" in message or "busy" in message


def _refuses_writes(error: Exception) -> bool:
    """Whether the error is the file (or its folder, or its disk) refusing to be written as read-only, by
    the system (EACCES, EPERM, EROFS, our own check above) or by SQLite ("attempt to write a readonly
    database")."""
    if isinstance(error, PermissionError) or getattr(error, "errno", None) in (errno.EACCES, errno.EROFS):
        return True
    return isinstance(error, sqlite3.Error) and "readonly" in str(error).lower()


def _made_writable(file: Path, log: Path) -> bool:
    """A -wal or -shm file left read-only by a reader of the log while the log itself was read-only (SQLite
    makes them with the log's mode: the manager's view or gpu-log reading it), made writable again now
    that the log is: they would otherwise refuse every write after the log's mode was put right. Only this
    user's own files, with the log's private mode (0600); a file that is not ours stays as it is."""
    try:
        if not os.access(log, os.W_OK) or file.stat().st_uid != os.geteuid():
            return False
        os.chmod(file, 0o600)
    except OSError:
        return False
    return os.access(file, os.W_OK)


def signature_claims_folder(spool_dir: Path) -> Path:
    """Where signature claims go: a folder in /dev/shm (memory, shared by the workers; a claim costs a
    few microseconds there, several times less than on disk) named after the spool, else the spool's
    "claims" folder.
    A signature is only worth remembering for the 5 minutes Slack accepts it: surviving a restart of the
    process is enough, surviving a reboot is not needed."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        tag = hashlib.sha256(str(spool_dir.absolute()).encode()).hexdigest()[:16]
        return shm / f"gpu-sizer-{tag}"
    return spool_dir / "claims"


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


# SQLite's unix VFS: every connection holds a shared lock on this byte of the -shm file while it is open
# (the "dead man switch", UNIX_SHM_DMS in sqlite3.c: (22 + 8) * 4 + 8).
_SHM_DMS = 128


def _locked_by_others(path: Path) -> bool:
    """Whether another process holds a lock on the -shm file's DMS byte, i.e. has the database open."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        # struct flock on Linux: l_type, l_whence (short), l_start, l_len (off_t), l_pid (pid_t), padded.
        query = struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, _SHM_DMS, 1, 0)
        answer = fcntl.fcntl(fd, fcntl.F_GETLK, query)
        return struct.unpack("hhqqi4x", answer)[0] != fcntl.F_UNLCK
    except OSError:
        return False
    finally:
        os.close(fd)


def _kept_memory(table: str, args: list[str]) -> tuple[tuple[str, tuple[str, str]], str]:
    """Where memory holds a KEPT_TABLES row (args: its key, then its values) and what: its first value, else
    its second key column."""
    return (table, (args[0], args[1])), args[2] if len(args) > 2 else args[1]


def _kept_args(table: str, args: Any, forget: bool = False) -> bool:
    """Whether `args` are what the statement for `table` takes: strings, one per column (its key and stamp to
    forget one)."""
    pk, values, _ = KEPT_TABLES[table]
    count = len(pk) + 1 if forget else len(pk) + len(values) + 1
    return isinstance(args, list) and len(args) == count and all(isinstance(a, str) for a in args)


def _remember(memory: OrderedDict, key: Hashable, value: Any) -> None:
    memory[key] = value
    memory.move_to_end(key)
    while len(memory) > MEMORY_LIMIT:
        memory.popitem(last=False)


def _quietly(fn: Callable[[], Any]) -> None:
    with contextlib.suppress(Exception):
        fn()
