"""Leads: requests sales should follow up, and everything reps do with them, in the request log's file.

    leads = Leads("gpu-sizer.db")
    lead = leads.create(source="proposal", user_id="U1", summary="Llama 3.1 70B · INT4 · 32k ctx · 10×")
    leads.claim(lead["id"], "UREP")
    leads.move(lead["id"], "contacted", "UREP", note="call on Monday")

Every change sets updated_at and adds a row to lead_events saying who did what and when. These are user
actions (a rep clicking a button), so unlike the request log they raise: LeadError, with a short sentence.

Each call opens its own connection (the Slack app calls from several threads) and writes in one
BEGIN IMMEDIATE transaction, so two reps claiming the same lead at once are serialized: the second sees the
first one's claim and the event says it was reassigned.

The bot opens leads through the request log's queue instead (RequestLog.record_lead), so a lead waits, on
disk if need be, until the file takes it: write_lead and write_card are the statements its writer runs,
inside its own BEGIN IMMEDIATE transaction.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from sizing.redact import redact

from .migrations import ensure_private, migrate, utc_now

STATUSES = ("new", "contacted", "proposal_sent", "won", "lost", "not_lead")
OPEN = {"new", "contacted", "proposal_sent"}
CLOSED = set(STATUSES) - OPEN
SOURCES = ("proposal", "auto")
NOTE_LIMIT = 500  # characters: a note is a line for the team, not a document
BUSY_TIMEOUT = 5.0  # seconds to wait for another writer (the bot, a purge) before giving up
DEDUPE_SECONDS = 24 * 3600  # one open lead per person and model a day: sales gets one card per conversation
POSTING = "posting:"  # card_channel while a worker posts the card (card_ts still NULL), with the time

COLUMNS = (
    "created_at", "updated_at", "request_key", "source", "team_id", "channel_id", "user_id", "user_external",
    "model_id", "stage", "precision", "summary", "recommendation", "contract_mode", "total_bytes", "status",
)  # fmt: skip


class LeadError(Exception):
    """A lead action that cannot be done; the message is one short sentence for the log and gpu-log, and
    `key` names the message people see in Slack (lead.<key>): "busy", "missing" or "invalid"."""

    def __init__(self, message: str, key: str = "invalid") -> None:
        super().__init__(message)
        self.key = key


class Leads:
    def __init__(self, db_path: str | Path, clock: Callable[[], str] = utc_now):
        self.path = Path(db_path)
        self.clock = clock  # ISO 8601 UTC text; tests pass a fixed one
        self._migrated = False

    # ------------------------------------------------------------------ changes

    def create(
        self,
        *,
        source: str,
        request_key: str | None = None,
        team_id: str | None = None,
        channel_id: str | None = None,
        user_id: str,
        user_external: bool = False,
        model_id: str | None = None,
        stage: str | None = None,
        precision: str | None = None,
        summary: str,
        recommendation: str | None = None,
        contract_mode: str | None = None,
        total_bytes: int | None = None,
    ) -> dict:
        """A new lead (status "new", no owner) and its "created" event by the person who asked."""
        if source not in SOURCES:
            raise LeadError(f"unknown lead source {source!r} (use {' or '.join(SOURCES)})")
        if not user_id:
            raise LeadError("a lead needs the user who asked")
        now = self.clock()
        values = {
            "created_at": now, "updated_at": now, "request_key": request_key, "source": source,
            "team_id": team_id, "channel_id": channel_id, "user_id": user_id, "user_external": int(bool(user_external)),
            "model_id": model_id, "stage": stage, "precision": precision, "summary": summary,
            "recommendation": recommendation, "contract_mode": contract_mode,
            "total_bytes": None if total_bytes is None else int(total_bytes), "status": "new",
        }  # fmt: skip
        with self._writing() as conn:
            sql = f"insert into leads ({', '.join(COLUMNS)}) values ({', '.join('?' * len(COLUMNS))})"
            lead_id = conn.execute(sql, [values[c] for c in COLUMNS]).lastrowid
            _event(conn, lead_id, now, user_id, "created", to_status="new")
            return _lead(conn, lead_id)

    def set_card(self, lead_id: int, channel: str, ts: str) -> None:
        """Where the lead's card was posted, so it can be redrawn. Not a rep's action: no event."""
        with self._writing() as conn:
            self._require(conn, lead_id)
            sql = "update leads set card_channel = ?, card_ts = ?, updated_at = ? where id = ?"
            conn.execute(sql, [channel, ts, self.clock(), lead_id])

    def claim(self, lead_id: int, rep_id: str) -> dict:
        """The rep becomes the lead's owner. Claiming someone else's lead takes it over, and the event says
        from whom; claiming one's own lead again (a double click) changes nothing."""
        if not rep_id:
            raise LeadError("claiming a lead needs the rep's user id")
        with self._writing() as conn:
            lead = self._require(conn, lead_id)
            previous = lead["owner"]
            if previous == rep_id:
                return lead
            now = self.clock()
            conn.execute("update leads set owner = ?, updated_at = ? where id = ?", [rep_id, now, lead_id])
            note = f"reassigned from {previous}" if previous else None
            _event(conn, lead_id, now, rep_id, "claimed", note=note)
            return _lead(conn, lead_id)

    def move(self, lead_id: int, status: str, by: str, note: str | None = None) -> dict:
        """Changes the status. Any status may follow any other (reps correct mistakes), but not itself."""
        if status not in STATUSES:
            raise LeadError(f"unknown status {status!r} (use one of: {', '.join(STATUSES)})")
        note = _note(note) if note and note.strip() else None  # a blank note is no note
        with self._writing() as conn:
            lead = self._require(conn, lead_id)
            if lead["status"] == status:
                raise LeadError(f"lead #{lead_id} is already {status}")
            now = self.clock()
            sql = "update leads set status = ?, note = coalesce(?, note), updated_at = ? where id = ?"
            conn.execute(sql, [status, note, now, lead_id])
            _event(conn, lead_id, now, by, "status", from_status=lead["status"], to_status=status, note=note)
            return _lead(conn, lead_id)

    def add_note(self, lead_id: int, by: str, note: str) -> dict:
        """A note from the team; the lead keeps the latest, lead_events keeps them all."""
        note = _note(note)
        with self._writing() as conn:
            self._require(conn, lead_id)
            now = self.clock()
            conn.execute("update leads set note = ?, updated_at = ? where id = ?", [note, now, lead_id])
            _event(conn, lead_id, now, by, "note", note=note)
            return _lead(conn, lead_id)

    # ------------------------------------------------------------------ reading

    def get(self, lead_id: int) -> dict | None:
        with self._reading() as conn:
            return _lead(conn, lead_id)

    def events(self, lead_id: int) -> list[dict]:
        """The lead's history, oldest first."""
        with self._reading() as conn:
            rows = conn.execute("select * from lead_events where lead_id = ? order by id", [lead_id])
            return [dict(r) for r in rows]

    def list(
        self,
        status: str | None = None,
        owner: str | None = None,
        open_only: bool = False,
        user_id: str | None = None,
        model_id: str | None = None,
        since: str | None = None,
    ) -> list[dict]:
        """Leads, newest first (`since`: created at or after this ISO time)."""
        if status is not None and status not in STATUSES:
            raise LeadError(f"unknown status {status!r} (use one of: {', '.join(STATUSES)})")
        where, args = [], []
        if status is not None:
            where.append("status = ?")
            args.append(status)
        if owner is not None:
            where.append("owner = ?")
            args.append(owner)
        if open_only:
            where.append(f"status in ({', '.join('?' * len(OPEN))})")
            args.extend(sorted(OPEN))
        for column, value in (("user_id", user_id), ("model_id", model_id)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        if since is not None:
            where.append("created_at >= ?")
            args.append(since)
        sql = "select * from leads" + (" where " + " and ".join(where) if where else "")
        with self._reading() as conn:
            return [dict(r) for r in conn.execute(sql + " order by created_at desc, id desc", args)]

    # ------------------------------------------------------------------ the file

    def _connect(self) -> sqlite3.Connection:
        try:
            if not self.path.exists() and Path(f"{self.path}-wal").exists():
                # The file was deleted while a process still has it open: a new file next to that one's
                # write-ahead log would be read through it. The request log opens the new file.
                raise LeadError(f"the lead log {self.path} is being replaced", key="busy")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            ensure_private(self.path)
            # isolation_level=None: this module writes BEGIN IMMEDIATE / COMMIT itself.
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise LeadError(f"the lead log cannot be opened ({error})", key="busy") from error
        conn.row_factory = sqlite3.Row
        try:
            if not self._migrated:
                # The bot's RequestLog usually did this already; a lead arriving first must not fail.
                db = Database(conn)
                db.enable_wal()
                migrate(db)
                self._migrated = True
        except sqlite3.Error as error:
            conn.close()
            raise LeadError(f"the lead log cannot be opened ({error})", key="busy") from error
        return conn

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        conn = self._connect()
        try:
            yield conn
        except sqlite3.Error as error:
            raise LeadError(f"the lead log cannot be read ({error})", key="busy") from error
        finally:
            conn.close()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        conn = self._connect()
        try:
            # The write lock first: a read-then-write (claim, move) cannot interleave with another one.
            conn.execute("BEGIN IMMEDIATE")
            yield conn
            conn.execute("COMMIT")
        except sqlite3.Error as error:
            if conn.in_transaction:
                conn.rollback()
            raise LeadError(f"the lead log is busy or cannot be written ({error})", key="busy") from error
        except BaseException:
            if conn.in_transaction:
                conn.rollback()
            raise
        finally:
            conn.close()

    def _require(self, conn: sqlite3.Connection, lead_id: int) -> dict:
        lead = _lead(conn, lead_id)
        if lead is None:
            raise LeadError(f"there is no lead #{lead_id}", key="missing")
        return lead

    # ------------------------------------------------------------------ cards

    def claim_card(self, lead_id: int, now: float | None = None, stale_after: float = 600) -> str | None:
        """Marks the lead's card as being posted by the caller; returns the mark (for release_card), or
        None when the card is posted already or another worker is posting it (less than `stale_after`
        seconds ago: after that, it is taken to have failed)."""
        now = time.time() if now is None else now
        mark, stale = f"{POSTING}{int(now):011d}", f"{POSTING}{int(now - stale_after):011d}"
        with self._writing() as conn:
            sql = (
                "update leads set card_channel = ? where id = ? and card_ts is null"
                " and (card_channel is null or (card_channel like 'posting:%' and card_channel < ?))"
            )
            return mark if conn.execute(sql, [mark, lead_id, stale]).rowcount == 1 else None

    def release_card(self, lead_id: int, mark: str) -> None:
        """The card could not be posted: another try (the desk's sweep) may take it."""
        with self._writing() as conn:
            sql = "update leads set card_channel = null where id = ? and card_channel = ? and card_ts is null"
            conn.execute(sql, [lead_id, mark])

    def without_card(self, since: str, now: float | None = None, stale_after: float = 600) -> list[int]:
        """Leads created since `since` whose card was never posted (nor is being posted), oldest first."""
        now = time.time() if now is None else now
        stale = f"{POSTING}{int(now - stale_after):011d}"
        sql = (
            "select id from leads where card_ts is null and created_at >= ?"
            " and (card_channel is null or (card_channel like 'posting:%' and card_channel < ?)) order by id"
        )
        with self._reading() as conn:
            return [row[0] for row in conn.execute(sql, [since, stale])]


LEAD_FIELDS = (
    "request_key", "source", "team_id", "channel_id", "user_id", "user_external", "model_id", "stage",
    "precision", "summary", "recommendation", "contract_mode", "total_bytes",
)  # fmt: skip


def write_lead(conn: sqlite3.Connection, lead: dict) -> dict:
    """Opens the lead the bot asked for, inside the caller's write transaction, at most once: returns
    {"id", "created", "refresh"}.

    - Written already (the same request key and source: a replay after a restart): nothing changes.
    - The same person asked about the same model in the last day and that lead is still open: it is
      reused (sales gets one card per conversation, and two clicks on "Quero uma proposta" make one lead);
      a proposal on a lead the bot opened on its own adds `lead["note"]` to it, once ("refresh": the card
      changes).
    - Otherwise a new lead, status new, with its "created" event by the person who asked."""
    now = lead.get("at") or utc_now()
    found = conn.execute(
        "select id from leads where request_key = ? and source = ? order by id limit 1",
        [lead.get("request_key"), lead["source"]],
    ).fetchone()
    if found is not None and lead.get("request_key"):
        return {"id": found[0], "created": False, "refresh": False}
    since = (datetime.fromisoformat(now) - timedelta(seconds=DEDUPE_SECONDS)).isoformat(
        timespec="milliseconds"
    )
    recent = conn.execute(
        f"select id, source from leads where user_id = ? and model_id = ? and created_at >= ?"
        f" and status in ({', '.join('?' * len(OPEN))}) order by created_at desc, id desc limit 1",
        [lead["user_id"], lead.get("model_id"), since, *sorted(OPEN)],
    ).fetchone()
    if recent is not None:
        lead_id, source = recent
        note = redact(lead["note"]) if lead.get("note") else None
        if lead["source"] != "proposal" or source != "auto" or not note:
            return {"id": lead_id, "created": False, "refresh": False}
        noted = conn.execute(
            "select 1 from lead_events where lead_id = ? and action = 'note' and note = ?", [lead_id, note]
        ).fetchone()
        if noted is None:
            conn.execute("update leads set note = ?, updated_at = ? where id = ?", [note, now, lead_id])
            _event(conn, lead_id, now, lead["user_id"], "note", note=note)
        return {"id": lead_id, "created": False, "refresh": noted is None}
    values = {k: lead.get(k) for k in LEAD_FIELDS}
    values["user_external"] = int(bool(values["user_external"]))
    columns = ("created_at", "updated_at", "status", *LEAD_FIELDS)
    sql = f"insert into leads ({', '.join(columns)}) values ({', '.join('?' * len(columns))})"
    lead_id = conn.execute(sql, [now, now, "new", *values.values()]).lastrowid
    _event(conn, lead_id, now, lead["user_id"], "created", to_status="new")
    return {"id": lead_id, "created": True, "refresh": False}


def write_note(conn: sqlite3.Connection, lead_id: int, by: str, note: str, at: str) -> dict | None:
    """A note from the team, inside the caller's write transaction, at most once (a replay after a restart
    finds its event: same lead, author, time and text). Returns {"id", "created": False, "refresh": True}
    (the card shows the note), or None when there is nothing to write: the note was written already, it is
    empty, or its lead is gone. The form's length limit is Slack's to enforce; longer text is cut here."""
    text = redact((note or "").strip())[:NOTE_LIMIT].strip()
    if not text or conn.execute("select 1 from leads where id = ?", [lead_id]).fetchone() is None:
        return None
    seen = conn.execute(
        "select 1 from lead_events where lead_id = ? and action = 'note' and at = ? and [by] = ? and note = ?",
        [lead_id, at, by, text],
    ).fetchone()
    if seen is not None:
        return None
    conn.execute("update leads set note = ?, updated_at = ? where id = ?", [text, at, lead_id])
    _event(conn, lead_id, at, by, "note", note=text)
    return {"id": lead_id, "created": False, "refresh": True}


def write_card(conn: sqlite3.Connection, lead_id: int, channel: str, ts: str) -> None:
    """Where the lead's card was posted (inside the caller's transaction)."""
    sql = "update leads set card_channel = ?, card_ts = ?, updated_at = ? where id = ?"
    conn.execute(sql, [channel, ts, utc_now(), lead_id])


def _lead(conn: sqlite3.Connection, lead_id: int) -> dict | None:
    row = conn.execute("select * from leads where id = ?", [lead_id]).fetchone()
    return dict(row) if row is not None else None


def _event(conn: sqlite3.Connection, lead_id: int, at: str, by: str, action: str, **fields: Any) -> None:
    sql = (
        "insert into lead_events (lead_id, at, [by], action, from_status, to_status, note)"
        " values (?, ?, ?, ?, ?, ?, ?)"
    )
    args = [lead_id, at, by, action, fields.get("from_status"), fields.get("to_status"), fields.get("note")]
    conn.execute(sql, args)


def _note(note: str | None) -> str:
    text = (note or "").strip()
    if not text:
        raise LeadError("the note is empty")
    if len(text) > NOTE_LIMIT:
        raise LeadError(f"notes are limited to {NOTE_LIMIT} characters (this one has {len(text)})")
    # A rep pastes what the customer sent (a CPF, a card, a key) as readily as a customer types it: a note
    # is kept as a question is, redacted (sizing/redact.py), since the card, gpu-log and exports show it.
    return redact(text)
