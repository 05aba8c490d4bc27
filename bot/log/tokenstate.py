"""Whether the app's bot token is gone, shared by every process that uses the request log's file.

gunicorn runs several workers; Slack tells one of them (the tokens_revoked or app_uninstalled event, or a
dead-token error to one of its calls) and the others would go on calling Slack until each was refused in
turn. The worker that learns it writes a mark here; the others read it (bot/slack_client.TokenGate). The
mark names the token by a hash of it, never the token: a new token (the app reinstalled, the setting
changed) is not held back by an old one's mark.

Each state is kept twice: in the log's file (tables token_gone and token_identity) and in a small file of the
spool folder (spool.py), which outlives the log's file. A log deleted or replaced under the running app is
recreated empty by whichever worker writes first: read from the file alone, the mark would be lost, every
worker would make one refused call, and a worker started then would find no identity to boot on. The later of
the two records wins, so a mark cleared in one place is cleared.

Reads and writes never raise and never wait long: both places locked, read-only or gone only means each
worker learns it from Slack itself, as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .spool import private_folder

logger = logging.getLogger(__name__)

# How long a mark waits for the file when another writer holds it: the request that learned of it waits.
BUSY_TIMEOUT_S = 1.0


@dataclass(frozen=True)
class Mark:
    """What was last said of the token: `reason` it is gone (None: it works again, a mark cleared), and `at`,
    when (a Unix time)."""

    reason: str | None
    at: float


class TokenMarks:
    def __init__(self, db_path: str | Path, token: str, spool_dir: str | Path | None = None) -> None:
        self.path = Path(db_path)
        self.key = hashlib.sha256(token.encode()).hexdigest()[:32]
        self.folder = Path(spool_dir if spool_dir is not None else f"{self.path}.spool") / "token"

    def read(self) -> Mark | None:
        """The latest word on this token, from the log's file or the spool's copy, or None when neither has
        any (never marked, or both lost). Raises OSError/sqlite3.Error when neither can be read: the caller
        keeps what it knew."""
        kept = self._read_kept("mark")
        try:
            with contextlib.closing(self._connect("ro")) as conn:
                row = conn.execute("select reason, at from token_gone where token = ?", [self.key]).fetchone()
        except (OSError, sqlite3.Error):
            if kept is None:
                raise
            row = None
        in_file = Mark(str(row[0]), float(row[1])) if row else None
        reason = kept.get("reason") if kept else None
        spooled = Mark(reason if isinstance(reason, str) else None, float(kept["at"])) if kept else None
        return max(filter(None, (in_file, spooled)), key=lambda m: m.at, default=None)

    def mark(self, reason: str) -> bool:
        """Marks this token gone; False when neither place would take it now."""
        at = time.time()
        in_file = self._write("insert or replace into token_gone (token, reason, at) values (?, ?, ?)",
                              [self.key, reason, at])  # fmt: skip
        return self._keep("mark", {"reason": reason, "at": at}) or in_file

    def clear(self) -> bool:
        """The token works (again): no worker holds back any more. The spool's copy says so with a time, so
        that a mark written before is known to be over."""
        in_file = self._write("delete from token_gone where token = ?", [self.key])
        return self._keep("mark", {"reason": None, "at": time.time()}) and in_file

    def remember(self, answer: dict) -> bool:
        """Keeps what auth.test said for this token (the bot's user, team and organisation): a worker that starts
        once the token is gone boots on it (bot/slack_client.GatedClient). No secret is in it."""
        kept = self._keep("identity", {"answer": answer, "at": time.time()})
        in_file = self._write("insert or replace into token_identity (token, answer, at) values (?, ?, ?)",
                              [self.key, json.dumps(answer, sort_keys=True), time.time()])  # fmt: skip
        return kept or in_file

    def identity(self) -> dict | None:
        """What auth.test last said for this token, or None (never said, or neither place readable now)."""
        # The log first; a log deleted, recreated empty or unreadable falls back to the spool folder's copy.
        with contextlib.suppress(OSError, sqlite3.Error, ValueError):
            with contextlib.closing(self._connect("ro")) as conn:
                row = conn.execute("select answer from token_identity where token = ?", [self.key]).fetchone()
            if row:
                return json.loads(row[0])
        kept = self._read_kept("identity")
        return kept["answer"] if kept and isinstance(kept.get("answer"), dict) else None

    def _write(self, sql: str, args: list) -> bool:
        try:
            with contextlib.closing(self._connect("rw")) as conn, conn:  # committed, then closed
                conn.execute(sql, args)
            return True
        except (OSError, sqlite3.Error) as error:
            logger.warning("could not share the bot token's state with the other workers (%s)",
                           type(error).__name__)  # fmt: skip
            return False

    def _connect(self, mode: str) -> sqlite3.Connection:
        # mode=ro / rw: never creates the file (a deleted log is the request log's to recreate, with its
        # permissions and schema).
        return sqlite3.connect(
            f"{self.path.absolute().as_uri()}?mode={mode}", uri=True, timeout=BUSY_TIMEOUT_S
        )

    def _kept_path(self, what: str) -> Path:
        return self.folder / f"{self.key}.{what}.json"

    def _keep(self, what: str, record: dict) -> bool:
        """Written whole under a temporary name, then renamed over the old copy: a reader sees the old record
        or the new one, never half of one."""
        path = self._kept_path(what)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            private_folder(self.folder)
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as out:
                json.dump(record, out, sort_keys=True)
            os.replace(temporary, path)
            return True
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink()
            logger.warning("could not keep the bot token's state in the spool (%s)", type(error).__name__)
            return False

    def _read_kept(self, what: str) -> dict | None:
        try:
            record = json.loads(self._kept_path(what).read_text())
        except (OSError, ValueError):
            return None
        if not isinstance(record, dict) or not isinstance(record.get("at"), int | float):
            return None
        return record
