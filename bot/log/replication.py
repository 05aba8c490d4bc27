"""Continuous replication of the request log with Litestream (optional: pip install 'gpu-sizer[replica]').

When GPU_SIZER_REPLICA_URL is set, `gpu-sizer web` and `gpu-sizer socket` (the Procfile's processes):

1. restore a missing or empty log from the replica (`litestream restore -if-db-not-exists
   -if-replica-exists`): a new machine starts with the log the lost one had replicated;
2. run again under `litestream replicate -exec "<python> -m bot web|socket"`, with litestream.yml from the
   repository: Litestream copies each change of the log to the replica within the sync interval, forwards
   SIGTERM to the app, and makes a last sync after the app exits.

With no replica URL nothing here runs, and the processes start as they always did. Litestream reads the
bucket's credentials from the environment itself (LITESTREAM_ACCESS_KEY_ID / LITESTREAM_SECRET_ACCESS_KEY or
the AWS_ names); nothing here reads, prints or logs them, and replica URLs are shown without user info or
query string.

Inside the replicated process, ReplicaMonitor asks Litestream now and then how far the replica has got
(`litestream ltx` on the replica, `litestream status` on the local copy) for /healthz.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from ..settings import Settings, SettingsError
from .backup import BackupError

logger = logging.getLogger(__name__)

# Set in the environment of the process Litestream starts, so it does not start Litestream again.
MARKER = "GPU_SIZER_UNDER_LITESTREAM"
# Set when the replica could not be used at start and the app runs without it: the reason, for /healthz.
NOT_REPLICATING = "GPU_SIZER_NOT_REPLICATING"
DEFAULT_CONFIG = Path(__file__).resolve().parents[2] / "litestream.yml"
RESTORE_TIMEOUT = 600  # seconds: a large log from a slow bucket
QUERY_TIMEOUT = 30


def enabled(settings: Settings) -> bool:
    return bool(settings.replica_url)


def under_litestream() -> bool:
    return os.environ.get(MARKER) == "1"


def display_url(url: str | None) -> str:
    """The replica URL without user info or query string, for logs and /healthz."""
    if not url:
        return ""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def binary() -> str | None:
    """The litestream command: on PATH, or beside this Python (the virtual environment's bin folder)."""
    found = shutil.which("litestream")
    if found:
        return found
    beside = Path(sys.executable).parent / "litestream"
    return str(beside) if os.access(beside, os.X_OK) else None


def config_file(settings: Settings) -> Path:
    path = settings.litestream_config or DEFAULT_CONFIG
    if not path.is_file():
        raise SettingsError(
            f"GPU_SIZER_LITESTREAM_CONFIG must name Litestream's configuration file; there is none at {path}."
        )
    return path.absolute()


def environment(settings: Settings) -> dict[str, str]:
    """What litestream.yml expands: the log as an absolute path, the replica, the sync interval."""
    return {
        **os.environ,
        "GPU_SIZER_DB": str(settings.db_path.absolute()),
        "GPU_SIZER_REPLICA_URL": settings.replica_url or "",
        "GPU_SIZER_REPLICA_SYNC_INTERVAL": settings.replica_sync_interval,
    }


def _litestream() -> str:
    found = binary()
    if not found:
        raise BackupError("no_litestream")
    return found


def restore_on_start(settings: Settings) -> str:
    """Restore a missing or empty log from the replica; returns one line saying what happened. Raises
    BackupError when the replica cannot be read: starting with an empty log then would replicate it."""
    db = settings.db_path.absolute()
    if db.is_file() and db.stat().st_size == 0:
        # An empty file is not a log (a volume mounted over a fresh machine, a touch): the replica's wins.
        for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            with contextlib.suppress(OSError):
                path.unlink()
    if db.exists():
        return f"request log {db} is here; not restored from the replica"
    db.parent.mkdir(parents=True, exist_ok=True)
    command = [_litestream(), "restore", "-config", str(config_file(settings)),
               "-if-db-not-exists", "-if-replica-exists", str(db)]  # fmt: skip
    _run(settings, command, RESTORE_TIMEOUT, "replica_failed")
    if not db.exists():
        return (
            f"request log {db}: the replica {display_url(settings.replica_url)} is empty; starting a new log"
        )
    return f"request log {db} restored from the replica {display_url(settings.replica_url)}"


def run_under_litestream(settings: Settings, mode: str) -> None:
    """With a replica configured (and not already under Litestream): restore if needed, then replace this
    process with `litestream replicate -exec` running the same mode. Otherwise returns at once."""
    if not enabled(settings) or under_litestream():
        return
    config = config_file(settings)
    db = settings.db_path.absolute()
    had_log = db.is_file() and db.stat().st_size > 0
    try:
        litestream = _litestream()
        logger.info("%s", restore_on_start(settings))
        if had_log:
            _check_replica(settings, litestream, config)
    except BackupError as e:
        if not had_log:
            raise  # nothing here to answer from but an empty log, which would then overwrite the replica
        # The log is here: answers and the log go on without replication, and /healthz says why.
        os.environ[NOT_REPLICATING] = str(e)
        logger.error("request log replication NOT running, answering without it: %s", e)
        return
    command = shlex.join([sys.executable, "-m", "bot", mode])
    logger.info(
        "replicating the request log to %s every %s with Litestream (%s)",
        display_url(settings.replica_url), settings.replica_sync_interval, config,
    )  # fmt: skip
    for handler in logging.getLogger().handlers:
        handler.flush()
    env = {**environment(settings), MARKER: "1"}
    os.execve(litestream, [litestream, "replicate", "-config", str(config), "-exec", command], env)


def _check_replica(settings: Settings, litestream: str, config: Path) -> None:
    """Whether `litestream replicate` can start with this replica: it is started once with a command that
    ends at once (`true`). It stops at start only when it cannot set up the replica's client (an S3
    configuration it cannot load); an unreachable bucket it retries while running, so that is no reason to
    go without it. Raises BackupError with Litestream's reason."""
    _run(settings, [litestream, "replicate", "-config", str(config), "-exec", "true"], QUERY_TIMEOUT,
         "replica_unusable")  # fmt: skip


def _run(settings: Settings, command: list[str], timeout: float, error: str) -> None:
    """Runs a litestream command; BackupError(error) with Litestream's reason when it fails."""
    try:
        done = subprocess.run(command, env=environment(settings), capture_output=True, text=True,
                              timeout=timeout, check=False)  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BackupError(error, replica=display_url(settings.replica_url), reason=e) from None
    if done.returncode != 0:
        raise BackupError(error, replica=display_url(settings.replica_url), reason=_last_line(done))


def not_replicating() -> str | None:
    """Why this process runs without Litestream though a replica is configured (set at start), or None."""
    return os.environ.get(NOT_REPLICATING) or None


def restore_copy(settings: Settings, output: Path) -> None:
    """The replica's latest state written to output (for `gpu-log verify --replica`). Raises BackupError."""
    if not enabled(settings):
        raise BackupError("no_replica")
    command = [_litestream(), "restore", "-config", str(config_file(settings)), "-o", str(output),
               str(settings.db_path.absolute())]  # fmt: skip
    try:
        done = subprocess.run(command, env=environment(settings), capture_output=True, text=True,
                              timeout=RESTORE_TIMEOUT, check=False)  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BackupError("replica_failed", replica=display_url(settings.replica_url), reason=e) from None
    if done.returncode != 0 or not output.is_file():
        raise BackupError(
            "replica_failed", replica=display_url(settings.replica_url), reason=_last_line(done)
        )


def _last_line(done: subprocess.CompletedProcess) -> str:
    lines = [line for line in (done.stderr or "").splitlines() + (done.stdout or "").splitlines() if line]
    # Litestream's own "Error: ..." line, wherever its log lines put it; else the last line.
    errors = [line for line in lines if line.startswith("Error: ")]
    return ((errors or lines)[-1] if lines else f"exit status {done.returncode}").removeprefix("Error: ")[
        :300
    ]


class ReplicaMonitor:
    """How far the replica has got, asked of Litestream every `interval` seconds, for /healthz."""

    def __init__(self, settings: Settings, interval: float) -> None:
        self.settings = settings
        self.interval = interval
        self.state: dict = {
            "enabled": True,
            "replica": display_url(settings.replica_url),
            "sync_interval": settings.replica_sync_interval,
            "last_sync_at": None,
            "replica_txid": None,
            "local_txid": None,
            "up_to_date": None,
            "checked_at": None,
            "error": None,
        }
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gpu-sizer-replica", daemon=True)

    def start(self) -> ReplicaMonitor:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def check(self) -> dict:
        """One look at the replica and the local copy. Never raises: a failure is kept in state["error"]."""
        try:
            litestream = _litestream()
            base = ["-config", str(config_file(self.settings)), "-json"]
            db = str(self.settings.db_path.absolute())
            files = self._json([litestream, "ltx", *base, "-level", "all", db])
            local = self._json([litestream, "status", *base, db])
            replica_txid = max((int(f["max_txid"], 16) for f in files), default=0)
            stamps = [f["timestamp"] for f in files if f.get("timestamp")]
            local_txid = next((int(s["local_txid"], 16) for s in local if s.get("local_txid", "-") != "-"), 0)
            self.state.update(
                last_sync_at=max(stamps) if stamps else None, replica_txid=replica_txid, local_txid=local_txid,
                up_to_date=replica_txid >= local_txid, error=None,
            )  # fmt: skip
        except BackupError as e:
            self.state["error"] = str(e)
        except Exception as e:  # whatever Litestream answered, /healthz still answers
            self.state["error"] = f"{type(e).__name__}: {e}"[:300]
        self.state["checked_at"] = datetime.now(UTC).isoformat(timespec="seconds")
        return dict(self.state)

    def _json(self, command: list[str]):
        done = subprocess.run(command, env=environment(self.settings), capture_output=True, text=True,
                              timeout=QUERY_TIMEOUT, check=False)  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(_last_line(done))
        return json.loads(done.stdout or "[]") or []

    def _run(self) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            self.check()
            if self._stop.wait(max(1.0, self.interval - (time.monotonic() - started))):
                return
