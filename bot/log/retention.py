"""The daily purge the running app does: rows older than the retention period leave the log and the copies
it made (backups, the logs a restore replaced); and the one
sentence that says so, shown in shared channels, printed by gpu-log purge and quoted in the README."""

from __future__ import annotations

import logging
import threading

from sizing import i18n

from . import reports
from .backup import purge_in_copies

logger = logging.getLogger(__name__)
DAY_SECONDS = 24 * 3600


def statement(days: int, lang: str) -> str:
    """How long the log keeps what it records, in one statement: what reports.purge does."""
    return i18n.t(lang, "retention.statement", days=i18n.number(days, lang))


class RetentionJob:
    def __init__(self, db_path, days: int, interval: float = DAY_SECONDS) -> None:
        self.db_path = db_path
        self.days = days
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gpu-sizer-retention", daemon=True)

    def start(self) -> RetentionJob:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def run_once(self) -> dict | None:
        try:
            counts = reports.purge(self.db_path, self.days)
            copies = purge_in_copies(self.db_path, self.days)
            for path, error in copies.missed:
                logger.warning("retention purge could not change the copy %s (%s)", path, error)
            reports.record_audit(
                self.db_path,
                "app",
                "app",
                "purge",
                {"older_than_days": self.days, **counts, **copies.audit()},
            )
            return counts
        except Exception:  # a busy or missing log is retried tomorrow, never crashes the app
            logger.exception("retention purge failed")
            return None

    def _run(self) -> None:
        # First purge a minute after start-up (not during it), then once a day.
        if self._stop.wait(60):
            return
        while not self._stop.is_set():
            self.run_once()
            if self._stop.wait(self.interval):
                return
