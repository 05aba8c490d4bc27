"""Whether the app's bot token is gone, shared by every process that uses the request log's file.

gunicorn runs several workers; Slack tells one of them (the tokens_revoked or app_uninstalled event, or a
dead-token error to one of its calls) and the others would go on calling Slack until each was refused in
turn. The worker that learns it writes a mark here; the others read it (bot/slack_client.TokenGate). The
mark names the token by a hash of it, never the token: a new token (the app reinstalled, the setting
changed) is not held back by an old one's mark.

Reads and writes never raise and never wait long: the file locked, read-only or gone only means each
worker learns it from Slack itself, as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import sqlite3
import time
from pathlib import Path

logger = logging.getLogger(__name__)

# How long a mark waits for the file when another writer holds it: the request that learned of it waits.
BUSY_TIMEOUT_S = 1.0


class TokenMarks:
    def __init__(self, db_path: str | Path, token: str) -> None:
        self.path = Path(db_path)
        self.key = hashlib.sha256(token.encode()).hexdigest()[:32]

    def read(self) -> tuple[str, float] | None:
        """(reason, when it was marked, as a Unix time) when this token is marked gone, else None. Raises
        OSError/sqlite3.Error when the file cannot be read: the caller keeps what it knew."""
        with contextlib.closing(self._connect("ro")) as conn:
            row = conn.execute("select reason, at from token_gone where token = ?", [self.key]).fetchone()
        return (str(row[0]), float(row[1])) if row else None

    def mark(self, reason: str) -> bool:
        """Marks this token gone; False when the file would not take it now."""
        return self._write("insert or replace into token_gone (token, reason, at) values (?, ?, ?)",
                           [self.key, reason, time.time()])  # fmt: skip

    def clear(self) -> bool:
        """The token works (again): no worker holds back any more."""
        return self._write("delete from token_gone where token = ?", [self.key])

    def remember(self, answer: dict) -> bool:
        """Keeps what auth.test said for this token (the bot's user, team and organisation): a worker that starts
        once the token is gone boots on it (bot/slack_client.GatedClient). No secret is in it."""
        return self._write("insert or replace into token_identity (token, answer, at) values (?, ?, ?)",
                           [self.key, json.dumps(answer, sort_keys=True), time.time()])  # fmt: skip

    def identity(self) -> dict | None:
        """What auth.test last said for this token, or None (never said, or the file unreadable now)."""
        try:
            with contextlib.closing(self._connect("ro")) as conn:
                row = conn.execute("select answer from token_identity where token = ?", [self.key]).fetchone()
            return json.loads(row[0]) if row else None
        except (OSError, sqlite3.Error, ValueError):
            return None

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
