"""gpu-log's backup commands (registered by bot/log/logcli.py):

    gpu-log backup /mnt/backups                  # a dated, checked copy in the folder, while the app writes
    gpu-log backup /mnt/backups/before-upgrade.db
    gpu-log verify /mnt/backups/gpu-sizer-20261130T030000Z.db
    gpu-log verify --replica                     # restores the Litestream replica to a temporary file
    gpu-log restore /mnt/backups/gpu-sizer-20261130T030000Z.db [--yes]

Each one's result is one line from the message files ([log_backup]); errors are BackupError's sentence.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from pathlib import Path

from sizing import i18n

from . import backup, reports

# Commands that run without a log at --db / GPU_SIZER_DB (a new machine has none yet).
NEEDS_NO_LOG = {"restore", "verify"}


def add_commands(command, h) -> None:
    """backup, verify and restore, added with logcli's `command(name)` (a subparser in the manager's
    language) and `h(key)` (a help line from the message files)."""
    sub = command("backup")
    sub.add_argument("dest", help=h("backup_dest"))

    sub = command("verify")
    which = sub.add_mutually_exclusive_group(required=True)
    which.add_argument("file", nargs="?", help=h("verify_file"))
    which.add_argument("--replica", action="store_true", help=h("verify_replica"))

    sub = command("restore")
    sub.add_argument("source", help=h("restore_source"))
    sub.add_argument("--yes", action="store_true", help=h("restore_yes"))


def _backup(db: Path, args: argparse.Namespace, lang: str) -> int:
    copy = backup.backup(db, args.dest, actor=_actor(), surface="cli")
    print(_say(lang, "done", path=copy.path, rows=backup.rows_text(copy.rows, lang), newest=_newest(copy, lang),
               size=backup.size_text(copy.bytes, lang), seconds=i18n.number(copy.seconds, lang, 2)))  # fmt: skip
    return 0


def _verify(db: Path, args: argparse.Namespace, lang: str) -> int:
    if not args.replica:
        copy = backup.check(args.file)
        _record(db, {"file": str(copy.path), "rows": copy.rows})
        print(_say(lang, "checked", path=copy.path, rows=backup.rows_text(copy.rows, lang),
                   newest=_newest(copy, lang), size=backup.size_text(copy.bytes, lang)))  # fmt: skip
        return 0
    # The settings (pydantic) and the replica load only here: the other gpu-log commands do not need them.
    from ..settings import SettingsError, load_settings
    from . import replication

    try:
        settings = load_settings()
    except SettingsError as e:
        raise backup.BackupError("replica_failed", replica="GPU_SIZER_REPLICA_URL", reason=e) from None
    with tempfile.TemporaryDirectory(prefix="gpu-sizer-verify-") as folder:
        restored = Path(folder) / "replica.db"
        replication.restore_copy(settings, restored)
        copy = backup.check(restored)
    shown = replication.display_url(settings.replica_url)
    _record(db, {"replica": shown, "rows": copy.rows})
    print(_say(lang, "replica_checked", replica=shown, rows=backup.rows_text(copy.rows, lang),
               newest=_newest(copy, lang)))  # fmt: skip
    return 0


def _restore(db: Path, args: argparse.Namespace, lang: str) -> int:
    def confirm(live: backup.Copy, source: backup.Copy) -> bool:
        if args.yes:
            return True
        if not sys.stdin.isatty():
            _record(db, {"command": "restore", "reason": "no confirmation"}, "refused")
            raise backup.BackupError("confirm_needed", path=db)
        question = _say(lang, "confirm", path=db, rows=backup.rows_text(live.rows, lang) or "?",
                        newest=_newest(live, lang), backup_rows=backup.rows_text(source.rows, lang),
                        backup_newest=_newest(source, lang))  # fmt: skip
        try:
            answer = input(question)
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the prompt is a no
            answer = ""
            print()
        if answer.strip().lower() in ("y", "yes", "s", "sim"):
            return True
        _record(db, {"command": "restore", "reason": "not confirmed"}, "refused")
        return False

    try:
        done = backup.restore(args.source, db, confirm=confirm, actor=_actor(), surface="cli")
    except backup.Declined:
        print(i18n.t(lang, "gpu_log.unchanged"))
        return 1
    restored = backup.check(done.path, "rw")
    print(_say(lang, "restored", path=done.path.absolute(), source=args.source,
               rows=backup.rows_text(restored.rows, lang), newest=_newest(restored, lang)))  # fmt: skip
    if done.previous:
        print(_say(lang, "previous", path=done.previous))
    return 0


HANDLERS = {"backup": _backup, "verify": _verify, "restore": _restore}


def _say(lang: str, key: str, **params) -> str:
    return i18n.t(lang, f"log_backup.{key}", **params)


def _newest(copy: backup.Copy, lang: str) -> str:
    if not copy.newest:
        return _say(lang, "no_requests")
    return _say(lang, "newest", when=copy.newest[:16].replace("T", " "))


def _actor() -> str:
    from .logcli import actor  # logcli imports this module

    return actor()


def _record(db: Path, details: dict, action: str = "verify") -> None:
    """Who checked a copy of the log (it holds the same personal data), when there is a log to record it in."""
    if db.is_file():
        with contextlib.suppress(Exception):  # checking a backup does not fail because the live log is busy
            reports.record_audit(db, _actor(), "cli", action, details)
