"""The request log's state: printed when web and worker start, and the JSON body of GET /healthz.

/healthz always answers 200 while the process can answer Slack (answers never depend on the log); its body
says whether the log is in good shape, so a platform's monitor can alert on "status": "degraded":

    {"status": "ok", "problems": [],
     "log": {"path": "/data/gpu-sizer.db", "journal_mode": "wal", "writable": true, "pending_rows": 0,
             "last_write_at": "...", "last_write_age_s": 4.2, ...},
     "backup": {"last": {"at": "...", "ok": true, "path": "...", ...}, "last_age_s": 3600, "scheduled": {...}},
     "replication": {"enabled": true, "replica": "s3://bucket/gpu-sizer", "last_sync_at": "...", ...}}

pending_rows and the scheduled job are this process's (gunicorn runs one log writer per worker); the rest
is read from the file, so it is the same whichever worker answers. File-derived parts are cached for a few
seconds: a load balancer polling every second costs a stat and a small query now and then.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import threading
import time
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

from ..settings import Settings
from . import backup, replication

logger = logging.getLogger(__name__)

CACHE_SECONDS = 5.0
PENDING_ALARM = 1000  # rows waiting: the file has been failing for a while


class LogHealth:
    def __init__(self, settings: Settings, log=None, backup_job: backup.BackupJob | None = None,
                 monitor: replication.ReplicaMonitor | None = None) -> None:  # fmt: skip
        self.settings = settings
        self.path = settings.db_path.absolute()
        self.log = log  # bot.log.requestlog.RequestLog, or None
        self.backup_job = backup_job
        self.monitor = monitor
        self._cached: tuple[float, dict] | None = None
        self._lock = threading.Lock()

    def body(self) -> dict:
        """The /healthz body. Never raises."""
        try:
            return self._body()
        except Exception as error:
            logger.warning("health check failed (%s)", type(error).__name__)
            return {"status": "degraded", "problems": [f"health check failed: {type(error).__name__}"]}

    def _body(self) -> dict:
        with self._lock:
            if self._cached is None or time.monotonic() - self._cached[0] > CACHE_SECONDS:
                self._cached = (time.monotonic(), self._from_file())
            body = {key: dict(value) for key, value in self._cached[1].items()}
        now = time.time()
        log = body["log"]
        mtime = log.pop("_mtime")
        if self.log is not None:
            log["pending_rows"] = self.log.pending
            log["dropped_rows"] = self.log.dropped
            log["writable"] = log["writable"] and self.log.available
            if self.log.last_commit and (mtime is None or self.log.last_commit > mtime):
                mtime = self.log.last_commit
        log["last_write_at"] = _iso(mtime)
        log["last_write_age_s"] = None if mtime is None else round(max(0.0, now - mtime), 1)
        last = body["backup"]["last"]
        body["backup"]["last_age_s"] = _age(last["at"], now) if last else None
        if self.backup_job is not None:
            body["backup"]["scheduled"] = {**asdict(self.backup_job.state), "running": True}
        if self.monitor is not None:
            replica = dict(self.monitor.state)
            replica["last_sync_age_s"] = _age(replica["last_sync_at"], now)
            body["replication"] = replica
        problems = _problems(body)
        return {"status": "degraded" if problems else "ok", "problems": problems, **body}

    def _from_file(self) -> dict:
        path = self.path
        exists = path.is_file()
        folder_writable = os.access(path.parent, os.W_OK | os.X_OK)
        writable = folder_writable and (not exists or os.access(path, os.W_OK))
        try:
            free = shutil.disk_usage(path.parent if path.parent.exists() else Path.cwd()).free
        except OSError:
            free = None
        mtimes = []
        for file in (path, Path(f"{path}-wal")):
            with contextlib.suppress(OSError):
                mtimes.append(file.stat().st_mtime)
        log = {
            "path": str(path),
            "exists": exists,
            "journal_mode": journal_mode(path),
            "writable": writable,
            "pending_rows": None,
            "dropped_rows": None,
            "size_bytes": backup._size(path) if exists else 0,
            "disk_free_bytes": free,
            "last_write_at": None,
            "_mtime": max(mtimes) if mtimes else None,
        }
        scheduled = None
        if self.settings.backup_dir:
            scheduled = {"folder": str(self.settings.backup_dir), "time_utc": self.settings.backup_time,
                         "keep": self.settings.backup_keep, "running": False}  # fmt: skip
        replica = {"enabled": False}
        if replication.enabled(self.settings):
            replica = {"enabled": True, "replica": replication.display_url(self.settings.replica_url),
                       "sync_interval": self.settings.replica_sync_interval, "last_sync_at": None,
                       "error": None if replication.under_litestream()
                       else replication.not_replicating() or "not running under Litestream"}  # fmt: skip
        return {
            "log": log,
            "backup": {"last": backup.last_backup(path), "scheduled": scheduled},
            "replication": replica,
        }


def _problems(body: dict) -> list[str]:
    """Short English phrases for a monitor's alert; empty when all is well."""
    problems = []
    log, backups, replica = body["log"], body["backup"], body["replication"]
    if not log["writable"]:
        problems.append("request log not writable")
    if (log.get("pending_rows") or 0) >= PENDING_ALARM:
        problems.append(f"{log['pending_rows']} rows waiting to be written")
    if log.get("dropped_rows"):
        problems.append(f"{log['dropped_rows']} rows dropped")
    last = backups.get("last")
    if last and not last.get("ok"):
        problems.append("last backup failed")
    scheduled = backups.get("scheduled") or {}
    if scheduled.get("last_error"):
        problems.append("scheduled backup failing")
    if replica.get("enabled") and replica.get("error"):
        problems.append("replication: " + replica["error"])
    return problems


def journal_mode(path: Path) -> str | None:
    """The file's journal mode (wal, delete...), read without creating the file or changing anything."""
    if not path.is_file():
        return None
    for mode in ("rw", "ro"):  # rw: a WAL file's -shm may need creating; ro: a read-only file
        try:
            conn = sqlite3.connect(f"{path.as_uri()}?mode={mode}", uri=True, timeout=1)
            try:
                return str(conn.execute("PRAGMA journal_mode").fetchone()[0])
            finally:
                conn.close()
        except sqlite3.Error:
            continue
    return None


def start_lines(settings: Settings, log) -> list[str]:
    """What web and worker print at start: where the log is, its journal mode, whether it can be written,
    and how it is kept (backups, replication)."""
    body = LogHealth(settings, log).body()
    state = body.get("log", {})
    lines = [
        f"request log: {state.get('path')} (journal mode {state.get('journal_mode') or 'unknown'}, "
        + ("writable" if state.get("writable") else "NOT writable: requests are kept in memory until it is")
        + ")"
    ]
    if settings.backup_dir:
        lines.append(
            f"request log backups: daily at {settings.backup_time} UTC into {settings.backup_dir.absolute()}, "
            f"keeping {settings.backup_keep}"
        )
    else:
        lines.append("request log backups: none scheduled (GPU_SIZER_BACKUP_DIR is not set)")
    if replication.enabled(settings):
        lines.append(
            f"request log replication: Litestream to {replication.display_url(settings.replica_url)} "
            f"every {settings.replica_sync_interval}"
            + (
                ""
                if replication.under_litestream()
                else f" (NOT running: {replication.not_replicating()})"
                if replication.not_replicating()
                else " (NOT running: start with gpu-sizer web or socket)"
            )
        )
    else:
        lines.append(
            "request log replication: off (GPU_SIZER_REPLICA_URL is not set); on a disk that is wiped on "
            "restart or deploy, the log is lost with it (README, 'Deploying')"
        )
    return lines


def start_jobs(settings: Settings, log) -> LogHealth:
    """The daily backup and the replica monitor, when configured, and the health they report."""
    job = None
    if settings.backup_dir:
        job = backup.BackupJob(settings.db_path, settings.backup_dir, settings.backup_time,
                               settings.backup_keep).start()  # fmt: skip
    monitor = None
    if replication.enabled(settings) and replication.under_litestream():
        monitor = replication.ReplicaMonitor(settings, settings.replica_check_seconds).start()
    return LogHealth(settings, log, job, monitor)


def _iso(timestamp: float | None) -> str | None:
    if timestamp is None:
        return None
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="milliseconds")


def _age(text: str | None, now: float) -> float | None:
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return round(max(0.0, now - moment.timestamp()), 1)
