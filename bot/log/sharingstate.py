"""That a channel's sharing with other organisations changed, told to every process of the web server.

Slack sends channel_shared and channel_unshared (https://docs.slack.dev/reference/events/channel_shared,
https://docs.slack.dev/reference/events/channel_unshared) to one gunicorn worker; the others keep what
conversations.info told them of the channel for up to an hour (bot/directory.py), and would answer a
customer who has just joined it as one of our own (prices, internal rows). The worker that gets the event
says so in two places: it replaces a small file in the spool folder (which outlives the log's file), and
counts the change in the request log's file (table sharing_changed). Every worker looks at the spool file's
identity before it trusts what it remembers of any channel (one stat, about a microsecond), and reads the
log's count at most once every `check_s` (GPU_SIZER_TOKEN_CHECK_S, a second by default, as for the bot token's
mark; tests set 0); it asks Slack again once either changed. So a spool folder that takes no file (full,
read-only, a file where the folder should be) no longer leaves the others trusting a channel for the rest of
the hour: the log tells them within a second; and a log the worker cannot write leaves the spool's file to.

Any doubt means shared: a spool file that cannot be looked at (its folder made unreadable, a disk gone) makes
every worker ask Slack about every channel, and what Slack says then is not remembered, until it can be
looked at. Only both places refusing the told worker leave the others uninformed; it says so in the log as
an error.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from pathlib import Path

from .spool import private_folder

logger = logging.getLogger(__name__)

# What `seen` answers when the file cannot be looked at: nothing remembered of a channel is to be trusted.
DOUBT = "doubt"


# How long the told worker waits for the log's file when another writer holds it (the event waits on it).
BUSY_TIMEOUT_S = 1.0
# How long a reading of the count waits for a file another process locks: it runs on a request's way to its
# acknowledgement. A count not read keeps the last one; the spool's file still tells.
READ_TIMEOUT_S = 0.05


class SharingMarks:
    DOUBT = DOUBT

    def __init__(
        self, spool_dir: str | Path, db_path: str | Path | None = None, check_s: float = 1.0
    ) -> None:
        self.folder = Path(spool_dir) / "sharing"
        self.path = self.folder / "changed.json"
        self.db_path = Path(db_path) if db_path is not None else None
        self.check_s = max(0.0, check_s)
        # What the log's file last said (its count of changes) and when to read it again.
        self._counted: int | None = None
        self._next_read = 0.0
        self._read_at = -1.0
        self._reading = threading.Lock()

    def seen(self) -> tuple | str:
        """What both places say now, to compare with what they said before: the spool file's identity (None
        when no change was ever told there) with the log's count of changes; DOUBT when the spool's file
        cannot be looked at. A change writes a new file under a temporary name and renames it over the old
        one: a new inode and time, so two changes never look alike even within one tick of the file system's
        clock."""
        try:
            stat = os.stat(self.path)
            file: tuple[int, int, int] | None = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        except FileNotFoundError:
            file = None
        except OSError:
            return DOUBT
        return (file, self._count())

    def _count(self) -> int | None:
        """The log's count of changes, read at most once every check_s, by one thread at a time: one that finds
        another reading waits for that read (a few milliseconds) rather than take the count from before it. A
        log that cannot be read now keeps the last count: the spool's file still tells."""
        if self.db_path is None or time.monotonic() < self._next_read:
            return self._counted
        asked = time.monotonic()
        if not self._reading.acquire(timeout=2 * READ_TIMEOUT_S):
            return self._counted
        try:
            if self._read_at >= asked:
                return self._counted  # read by another thread since this one asked
            self._read_at = time.monotonic()
            self._next_read = self._read_at + self.check_s
            with contextlib.closing(self._connect("ro", READ_TIMEOUT_S)) as conn:
                row = conn.execute("select n from sharing_changed where id = 1").fetchone()
            self._counted = int(row[0]) if row else 0
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                self._counted = 0  # no change was ever told there
        except (OSError, sqlite3.Error, TypeError, ValueError):
            return self._counted  # the last count stands: the spool's file still tells of a change
        finally:
            self._reading.release()
        return self._counted

    def tell(self, channel: str, event_type: str) -> bool:
        """Tells every worker that `channel` was shared or unshared, in both places; False when neither took
        it (the other workers then keep what they knew until it ages out, and the log says so)."""
        record = {"channel": channel, "type": event_type, "at": time.time(), "pid": os.getpid()}
        in_file = self._keep(record)
        in_log = self._count_change(record)
        if not (in_file or in_log):
            logger.error(
                "could not tell the other workers that a channel's sharing changed, in the spool nor in the "
                "log: they trust what Slack said of it before for up to an hour"
            )
        return in_file or in_log

    def _keep(self, record: dict) -> bool:
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            private_folder(self.folder)
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as out:
                json.dump(record, out, sort_keys=True)
            os.replace(temporary, self.path)
            return True
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink()
            logger.warning(
                "could not tell the other workers through the spool that a channel's sharing changed (%s)",
                type(error).__name__,
            )
            return False

    def _count_change(self, record: dict) -> bool:
        """One more change in the log's file. Its table is made here, not by a migration: a row of state
        the web process's workers share, as an older log gets it the first time a change is told."""
        if self.db_path is None:
            return False
        try:
            with contextlib.closing(self._connect("rw")) as conn, conn:  # committed, then closed
                conn.execute(
                    "create table if not exists sharing_changed (id integer primary key check (id = 1), "
                    "n integer not null, channel text, type text, at real)"
                )
                conn.execute(
                    "insert into sharing_changed (id, n, channel, type, at) values (1, 1, ?, ?, ?) "
                    "on conflict (id) do update set n = n + 1, channel = excluded.channel, "
                    "type = excluded.type, at = excluded.at",
                    [record["channel"], record["type"], record["at"]],
                )
            return True
        except (OSError, sqlite3.Error) as error:
            logger.warning(
                "could not tell the other workers through the log that a channel's sharing changed (%s)",
                type(error).__name__,
            )
            return False

    def _connect(self, mode: str, timeout: float = BUSY_TIMEOUT_S) -> sqlite3.Connection:
        # mode=ro / rw: never creates the file (a deleted log is the request log's to recreate, with its
        # permissions and schema).
        assert self.db_path is not None
        return sqlite3.connect(f"{self.db_path.absolute().as_uri()}?mode={mode}", uri=True, timeout=timeout)
