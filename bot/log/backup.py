"""Backups of the request log: an online copy, checked; a restore that says what it replaced; a daily job.

    copy = backup("gpu-sizer.db", "/mnt/backups")        # /mnt/backups/gpu-sizer-20261130T030000Z.db
    check(copy.path)                                       # integrity_check, rows per table, newest request
    restore(copy.path, "gpu-sizer.db", confirm=ask)        # the live log's pages replaced in place

The copy is taken with SQLite's online backup API in a single step, which reads one snapshot: every
transaction committed before it began is in the copy, and the app keeps writing meanwhile (WAL readers do not
block writers; https://www.sqlite.org/backup.html, https://www.sqlite.org/wal.html). It is written beside its
destination under a temporary name, checked with PRAGMA integrity_check, and only then renamed into place,
so a failed backup never leaves a half-written file that looks like a good one.

A restore writes the backup's pages into the live file through SQLite (the backup API again, in the other
direction) instead of replacing the file: a running app's open connections see the restored log on their
next read, and a Litestream replica receives the change like any other write. The log it replaces is first
copied beside it (`<name>.before-restore-<time>.db`).

Every backup, failed backup and restore is a row in the audit table, which is also how /healthz knows the
last backup of any process. Errors are BackupError: one sentence from the message files ([log_backup.error]).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import logging
import os
import re
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlite_utils import Database

from sizing import i18n

from . import reports
from .migrations import MIGRATIONS, migrate
from .spool import sync_folder

logger = logging.getLogger(__name__)

# Tables whose rows every backup, check and restore reports.
TABLES = ("requests", "leads", "lead_events", "audit")
STAMP = "%Y%m%dT%H%M%SZ"
NAME_PATTERN = re.compile(r"^gpu-sizer-(\d{8}T\d{6}Z)\.db$")  # the files the daily job makes and prunes
BUSY_TIMEOUT = 10.0  # seconds to wait for the app's write lock (it holds it for one batch: milliseconds)
SLACK = 1.05  # a copy is at most the file plus its WAL; 5% and a few pages more for the page headers
LOCK_NAME = ".gpu-sizer-backup.lock"


class BackupError(Exception):
    """A backup, check or restore that cannot be done: one sentence, in the reader's language."""

    SIZES = ("free", "needed")  # byte counts, written the reader's way (0,1 MB / 0.1 MB)

    def __init__(self, key: str, **params) -> None:
        self.key = key
        self.params = {k: v if k in self.SIZES else str(v) for k, v in params.items()}
        super().__init__(self.sentence("en"))

    def sentence(self, lang: str) -> str:
        params = {k: size_text(v, lang) if k in self.SIZES else v for k, v in self.params.items()}
        return i18n.t(lang, f"log_backup.error.{self.key}", **params)


class Declined(Exception):
    """The person did not confirm a restore over a live log: nothing was changed."""


@dataclass
class Copy:
    """A checked copy of the log: where it is, its rows per table, its newest request, its size."""

    path: Path
    rows: dict[str, int]
    bytes: int
    newest: str | None  # created_at of the newest request, ISO text
    seconds: float = 0.0


@dataclass
class Restored:
    source: Copy
    path: Path
    previous: Path | None  # where the replaced log was kept, None when there was none


# ---------------------------------------------------------------------- backup


def backup(db_path: str | Path, dest: str | Path, *, actor: str = "app", surface: str = "app",
           now: datetime | None = None) -> Copy:  # fmt: skip
    """Copy the log to dest (a file that does not exist yet, or a folder: a dated name inside it), check the
    copy and record it in the audit table. Raises BackupError; the live log is never changed."""
    source = Path(db_path)
    started = time.monotonic()
    target = None
    try:
        if not source.is_file():
            raise BackupError("no_log", path=source)
        target = _target(str(dest), now or datetime.now(UTC))
        copy = _copy_checked(source, target, room=True)
    except BackupError as error:
        _audit(source, actor, surface, "backup_failed", {"path": str(target or dest), "error": str(error)})
        raise
    copy.seconds = time.monotonic() - started
    _audit(source, actor, surface, "backup",
           {"path": str(copy.path), "rows": copy.rows, "bytes": copy.bytes})  # fmt: skip
    return copy


def _copy_checked(source: Path, target: Path, room: bool = False) -> Copy:
    """source copied to a temporary file beside target, checked, then renamed to target. room: first check
    that the folder has room for it."""
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    _remove_stale_partials(target.parent)
    try:
        try:
            # Created here, not by SQLite, so an unwritable folder is named with the system's own reason.
            with open(partial, "xb"):
                pass
        except OSError as e:
            raise _explain(e, target, source) from None
        if room:
            _check_room(target.parent, _size(source))
        try:
            _copy(source, partial)
        except (sqlite3.Error, OSError) as e:
            raise _explain(e, target, source) from None
        copy = check(partial)
        try:
            os.replace(partial, target)
            sync_folder(target.parent)
        except OSError as e:
            raise _explain(e, target, source) from None
        copy.path = target
        return copy
    finally:
        for leftover in (partial, Path(f"{partial}-journal")):
            with contextlib.suppress(OSError):
                leftover.unlink()


PARTIAL = re.compile(r"^\..+\.partial-(\d+)(-journal)?$")


def _remove_stale_partials(folder: Path) -> None:
    """Half-made copies that a killed process left behind (SIGKILL, a machine stopped mid-backup): they hold
    the log's rows, out of reach of forget and the retention purge, so they go. A live process's are kept."""
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            m = PARTIAL.match(path.name)
            if m and not _running(int(m.group(1))):
                with contextlib.suppress(OSError):
                    path.unlink()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: running
        return True
    return True


def _copy(source: Path, dest: Path) -> None:
    """One step of the online backup API: one read transaction, so one consistent snapshot."""
    src = _connect(source, "rw")
    try:
        dst = sqlite3.connect(dest, timeout=BUSY_TIMEOUT)
        try:
            src.backup(dst)  # pages=-1: everything in one step (sqlite3_backup_step(-1))
            # The copy is one self-contained file (the live log is in WAL mode; a copy needs no -wal/-shm).
            dst.execute("PRAGMA journal_mode = DELETE")
            dst.commit()
        finally:
            dst.close()
    finally:
        src.close()
    with open(dest, "rb+") as f:  # on the disk before it is renamed into place
        os.fsync(f.fileno())


def _target(raw: str, now: datetime) -> Path:
    """The backup's file. A destination that is not an existing folder must be a new file with a suffix
    (copy.db): "/mnt/backups" on a volume that is not mounted is a missing folder, not a file to create."""
    dest = Path(raw).absolute()
    if dest.is_dir():
        folder, target = dest, dest / f"gpu-sizer-{now.astimezone(UTC).strftime(STAMP)}.db"
    elif dest.exists():
        raise BackupError("exists", path=dest)
    elif raw.endswith(("/", os.sep)) or not dest.suffix:
        raise BackupError("missing_folder", folder=dest)
    else:
        folder, target = dest.parent, dest
        if not folder.exists():
            raise BackupError("missing_folder", folder=folder)
        if not folder.is_dir():
            raise BackupError("not_a_folder", folder=folder)
    if target.exists():
        raise BackupError("exists", path=target)
    return target


def _check_room(folder: Path, needed: int) -> None:
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return  # the copy itself will say what is wrong
    needed = int(needed * SLACK) + 64 * 1024
    if free < needed:
        raise BackupError("full", folder=folder, free=free, needed=needed)


def _explain(error: Exception, target: Path, source: Path) -> BackupError:
    """A system or SQLite error while writing the copy, as the one sentence that says what to fix."""
    code = getattr(error, "sqlite_errorcode", None)
    number = getattr(error, "errno", None)
    folder = target.parent
    if (code is not None and code & 0xFF == sqlite3.SQLITE_FULL) or number in (errno.ENOSPC, errno.EDQUOT):
        free = shutil.disk_usage(folder).free if folder.exists() else 0
        return BackupError("full", folder=folder, free=free, needed=_size(source))
    if number in (errno.EACCES, errno.EPERM, errno.EROFS) or (
        code is not None
        and code & 0xFF in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM)
    ):
        reason = getattr(error, "strerror", None) or str(error)
        return BackupError("unwritable", folder=folder, reason=reason)
    reason = getattr(error, "strerror", None) or str(error)
    return BackupError("failed", path=target, reason=reason)


# ---------------------------------------------------------------------- check


def check(path: str | Path, mode: str = "ro") -> Copy:
    """A backup's (or any log file's) integrity, rows and newest request. Raises BackupError. mode "rw" for
    a live log in WAL mode, which a read-only connection may not be able to open."""
    path = Path(path)
    if not path.is_file():
        raise BackupError("no_source", path=path)
    try:
        conn = _connect(path, mode)
    except sqlite3.Error:
        raise BackupError("not_sqlite", path=path) from None
    try:
        try:
            result = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as e:
            if "not a database" in str(e):
                raise BackupError("not_sqlite", path=path) from None
            raise BackupError("corrupt", path=path, detail=e) from None
        if result != ["ok"]:
            raise BackupError("corrupt", path=path, detail="; ".join(result[:3]))
        tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
        if "requests" not in tables:
            raise BackupError("not_a_log", path=path)
        if "_migrations" in tables:
            known = {name for name, _ in MIGRATIONS}
            steps = [row[0] for row in conn.execute("select name from _migrations")]
            newer = [s for s in steps if s not in known]
            if newer:
                raise BackupError("newer_schema", path=path, step=newer[0])
        rows = {t: conn.execute(f"select count(*) from [{t}]").fetchone()[0] for t in TABLES if t in tables}
        newest = conn.execute("select max(created_at) from requests").fetchone()[0]
    finally:
        conn.close()
    return Copy(path=path, rows=rows, bytes=_size(path), newest=newest)


# ---------------------------------------------------------------------- forgetting in the copies


@dataclass
class CopiesChanged:
    """What a change carried to the copies did: the copies it changed, and those it could not change (path,
    the error)."""

    changed: list[Path] = field(default_factory=list)
    missed: list[tuple[Path, Exception]] = field(default_factory=list)

    def audit(self) -> dict:
        return {"copies": len(self.changed), "copies_missed": [str(path) for path, _ in self.missed]}


def known_copies(db_path: str | Path) -> list[Path]:
    """Every copy of the log that gpu-sizer made and that is still where it wrote it: the backups (gpu-log
    backup, the daily job) and the logs a restore replaced, as the audit table lists them."""
    live = Path(db_path).resolve()
    seen: dict[Path, None] = {}
    for row in reports.audit_rows(db_path, limit=None):
        details = row["details"] if isinstance(row["details"], dict) else {}
        path = details.get("path") if row["action"] == "backup" else details.get("previous")
        if row["action"] in ("backup", "restore") and path:
            found = Path(path)
            if found.is_file() and found.resolve() != live:
                seen.setdefault(found, None)
    return list(seen)


def _in_copies(db_path: str | Path, change: Callable[[Path], dict]) -> CopiesChanged:
    """change(copy) on every known copy; a copy counts as changed when change's counts are not all zero. A
    copy that cannot be changed (read-only, not a log any more) is reported, and the others still changed."""
    done = CopiesChanged()
    for path in known_copies(db_path):
        try:
            counts = change(path)
            _self_contained(path)
        except (sqlite3.Error, OSError) as error:
            done.missed.append((path, error))
        else:
            if any(n for n in counts.values() if isinstance(n, int) and not isinstance(n, bool)):
                done.changed.append(path)
    return done


def _self_contained(path: Path) -> None:
    """A copy stays one file, as _copy made it: out of WAL mode (which the log's own code turns on), so it
    can be read where a -wal/-shm file cannot be made (a read-only medium)."""
    conn = _connect(path, "rw")
    try:
        conn.execute("PRAGMA journal_mode = DELETE")
    finally:
        conn.close()


def forget_in_copies(db_path: str | Path, user_id: str, alias: str, delete: bool = False) -> CopiesChanged:
    """LGPD: a person forgotten in the live log is forgotten in every copy gpu-sizer knows (known_copies),
    with the same alias, so restoring one of them does not bring them back."""
    return _in_copies(db_path, lambda path: reports.forget(path, user_id, delete=delete, alias=alias))


def purge_in_copies(db_path: str | Path, older_than_days: int) -> CopiesChanged:
    """The retention period holds in the copies too: what the purge removes from the log leaves every copy
    gpu-sizer knows (a backup kept for years would otherwise keep questions for years)."""
    return _in_copies(db_path, lambda path: reports.purge(path, older_than_days))


# ---------------------------------------------------------------------- restore


def restore(source: str | Path, db_path: str | Path, *, confirm: Callable[[Copy | None, Copy], bool],
            actor: str = "app", surface: str = "app", now: datetime | None = None) -> Restored:  # fmt: skip
    """Check source, then make the log at db_path hold exactly its rows. When the log already holds rows,
    confirm(live, source) must say yes (else Declined), and the log is first copied beside itself."""
    backup_copy = check(source)
    target = Path(db_path)
    if target.exists() and target.resolve() == Path(source).resolve():
        raise BackupError("same_file", path=target)
    if not target.parent.is_dir():
        raise BackupError("missing_folder", folder=target.parent)
    live = _live(target)
    previous = None
    holds_rows = live is not None and (live.rows.get("requests") or live.rows.get("leads") or live.bytes < 0)
    if holds_rows and not confirm(live, backup_copy):
        raise Declined()
    if live is not None:
        _check_room(target.parent, _size(target) + _size(Path(source)))
        stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime(STAMP)
        previous = _copy_checked_or_raw(target, target.with_name(f"{target.stem}.before-restore-{stamp}.db"))
    try:
        _write_into(Path(source), target)
    except (sqlite3.Error, OSError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise BackupError("restore_failed", path=target, reason=reason) from None
    if previous is not None:
        _carry_audit(previous, target)
    restored = check(target, "rw")
    _audit(target, actor, surface, "restore", {
        "source": str(source), "rows": restored.rows, "previous": str(previous) if previous else None,
    })  # fmt: skip
    return Restored(source=backup_copy, path=target, previous=previous)


def _live(target: Path) -> Copy | None:
    """What the log at target holds now; None when there is no log (missing or empty file). A log that
    fails its check still counts as one (bytes -1), so replacing it still asks first."""
    if not target.is_file() or target.stat().st_size == 0:
        return None
    try:
        return check(target, "rw")
    except BackupError:
        return Copy(path=target, rows={}, bytes=-1, newest=None)


def _copy_checked_or_raw(live: Path, keep: Path) -> Path:
    """The live log kept before a restore: a checked copy, or the file's bytes when it cannot be read."""
    try:
        return _copy_checked(live, keep).path
    except BackupError as error:
        if error.key not in ("corrupt", "not_sqlite", "not_a_log", "failed"):
            raise  # no room or no permission: stop before anything is replaced
        shutil.copyfile(live, keep)
        return keep


def _carry_audit(replaced: Path, target: Path) -> None:
    """The audit trail is not rolled back by a restore: the rows the replaced log wrote after the backup's
    newest one (reads, exports, forgets, and the backups made since, which forget must still reach) are
    added to the restored log."""
    try:
        _add_rows_after(replaced, target)
    except sqlite3.Error as error:  # a damaged log replaced: its rows cannot be read, the restore stands
        logger.warning("audit rows of the replaced log not carried over (%s)", error)


def _add_rows_after(replaced: Path, target: Path) -> None:
    conn = _connect(target, "rw")
    try:
        newest = conn.execute("select coalesce(max(at), '') from audit").fetchone()[0]
        conn.execute("attach database ? as replaced", [f"{replaced.absolute().as_uri()}?mode=ro"])
        with conn:
            conn.execute(
                "insert into audit (at, actor, surface, action, details) select at, actor, surface, action,"
                " details from replaced.audit where at > ? order by at, id",
                [newest],
            )
        conn.execute("detach database replaced")
    finally:
        conn.close()


def _write_into(source: Path, target: Path) -> None:
    src = _connect(source, "ro")
    try:
        dst = sqlite3.connect(target, timeout=BUSY_TIMEOUT)
        try:
            dst.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            src.backup(dst)
            # Back to WAL, as the app runs it, and the schema brought up to date for this version.
            database = Database(dst)
            database.enable_wal()
            migrate(database)
        finally:
            dst.close()
    finally:
        src.close()


# ---------------------------------------------------------------------- the daily job


@dataclass
class JobState:
    folder: str
    time_utc: str
    keep: int
    next_at: str | None = None
    last_at: str | None = None
    last_path: str | None = None
    last_error: str | None = None
    runs: int = field(default=0)


class BackupJob:
    """A backup into `folder` every day at `at` (HH:MM, UTC), keeping the newest `keep` of them. Several
    processes on one machine (gunicorn's workers) may run it: a lock file lets one of them do each backup.
    A backup missed while the app was down is made a minute after start-up."""

    def __init__(self, db_path, folder, at: str = "03:00", keep: int = 7,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC), first_wait: float = 60) -> None:  # fmt: skip
        self.db_path, self.folder, self.keep, self.clock = Path(db_path), Path(folder), keep, clock
        self.hour, self.minute = (int(part) for part in at.split(":"))
        self.first_wait = first_wait
        self.state = JobState(folder=str(self.folder), time_utc=at, keep=keep)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gpu-sizer-backup", daemon=True)

    def start(self) -> BackupJob:
        self.state.next_at = self.next_run(self.clock()).isoformat()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def next_run(self, now: datetime) -> datetime:
        slot = now.replace(hour=self.hour, minute=self.minute, second=0, microsecond=0)
        return slot if slot > now else slot + timedelta(days=1)

    def run_once(self, since: datetime | None = None) -> Copy | None:
        """A backup now, unless one made at or after `since` is already in the folder (another worker's).
        Never raises: the error is logged and kept for /healthz."""
        now = self.clock()
        try:
            with _folder_lock(self.folder) as locked:
                if not locked or (since is not None and self._newest(since) is not None):
                    return None
                copy = backup(self.db_path, self.folder, actor="app:backup", surface="app", now=now)
                self._prune()
        except BackupError as error:
            self.state.last_error = error.sentence("en")
            logger.warning("scheduled backup failed: %s", self.state.last_error)
            return None
        except Exception as error:  # never the app's problem: logged, retried at the next slot
            self.state.last_error = f"{type(error).__name__}: {error}"
            logger.exception("scheduled backup failed")
            return None
        self.state.runs += 1
        self.state.last_at, self.state.last_path, self.state.last_error = (
            now.isoformat(),
            str(copy.path),
            None,
        )
        logger.info("scheduled backup written to %s (%s)", copy.path, rows_text(copy.rows, "en"))
        return copy

    def _run(self) -> None:
        if self._stop.wait(self.first_wait):
            return
        # Catch up: no backup in the last day (the app was down at the hour, or this is a new machine).
        self.run_once(since=self.clock() - timedelta(days=1))
        while not self._stop.is_set():
            slot = self.next_run(self.clock())
            self.state.next_at = slot.isoformat()
            if self._stop.wait(max(0.0, (slot - self.clock()).total_seconds())):
                return
            self.run_once(since=slot)

    def _backups(self) -> list[tuple[str, Path]]:
        try:
            return sorted((m[1], p) for p in self.folder.iterdir() if (m := NAME_PATTERN.match(p.name)))
        except OSError:
            return []

    def _newest(self, since: datetime) -> Path | None:
        stamp = since.astimezone(UTC).strftime(STAMP)
        newer = [p for s, p in self._backups() if s >= stamp]
        return newer[-1] if newer else None

    def _prune(self) -> None:
        """Only files named as this job names them are removed, oldest first, down to `keep`."""
        backups = self._backups()
        for _, path in backups[: max(0, len(backups) - self.keep)]:
            with contextlib.suppress(OSError):
                path.unlink()


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[bool]:
    """True when this process holds the folder's backup lock; also True when the folder cannot hold a lock
    file, so backup() itself says what is wrong with it."""
    try:
        handle = open(folder / LOCK_NAME, "a")  # noqa: SIM115 (held for the block)
    except OSError:
        yield True
        return
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True
    finally:
        handle.close()


# ---------------------------------------------------------------------- what /healthz shows


def last_backup(db_path: str | Path) -> dict | None:
    """The newest backup or failed backup in the audit table, from any process; None when none or unreadable."""
    path = Path(db_path)
    if not path.is_file():
        return None
    try:
        conn = _connect(path, "rw")
        try:
            row = conn.execute(
                "select at, action, details from audit where action in ('backup', 'backup_failed')"
                " order by id desc limit 1"
            ).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    if row is None:
        return None
    try:
        details = json.loads(row[2])
    except (TypeError, ValueError):
        details = {}
    return {"at": row[0], "ok": row[1] == "backup", **details}


# ---------------------------------------------------------------------- helpers


def rows_text(rows: dict[str, int], lang: str) -> str:
    names = i18n.messages(i18n.lang_of(lang))
    return ", ".join(f"{i18n.number(n, lang)} {names.get(f'gpu_log.count.{t}', t)}" for t, n in rows.items())


def size_text(n_bytes: int, lang: str) -> str:
    """Decimal units, as the answers' GB: 64 kB, 135,2 MB, 2,41 GB."""
    if n_bytes < 1e6:
        return f"{i18n.number(n_bytes / 1e3, lang)} kB"
    if n_bytes < 1e9:
        return f"{i18n.number(n_bytes / 1e6, lang, 1)} MB"
    return f"{i18n.number(n_bytes / 1e9, lang, 2)} GB"


def _size(path: Path) -> int:
    """The file and its WAL: what a copy may need at most."""
    total = 0
    for file in (path, Path(f"{path}-wal")):
        with contextlib.suppress(OSError):
            total += file.stat().st_size
    return total


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    # mode=rw / ro: SQLite never creates a missing file here.
    conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode={mode}", uri=True, timeout=BUSY_TIMEOUT)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    return conn


def _audit(db_path: Path, actor: str, surface: str, action: str, details: dict) -> None:
    """Best effort: a log that cannot take the audit row does not undo a good backup."""
    if not db_path.is_file():
        return
    try:
        reports.record_audit(db_path, actor, surface, action, details)
    except Exception as error:
        logger.warning("audit row for %s not written (%s)", action, type(error).__name__)
