"""gpu-sizer: starts the assistant.

usage: gpu-sizer [console | socket | web | --help]

gpu-sizer            Socket Mode when SLACK_BOT_TOKEN and SLACK_APP_TOKEN are set, else the local console
gpu-sizer console    the local console, whatever is configured
gpu-sizer socket     Socket Mode (the Procfile's worker)
gpu-sizer web        HTTP mode under gunicorn on $PORT (the Procfile's web)
gpu-sizer --help     this text

web and socket print where the request log is and how it is kept; with GPU_SIZER_REPLICA_URL set they
restore a missing log from the replica and run under Litestream (bot/log/replication.py).

Settings come from the environment (README, "Settings"): SLACK_BOT_TOKEN, SLACK_APP_TOKEN,
SLACK_SIGNING_SECRET, GPU_SIZER_DB, GPU_SIZER_LANG (pt-BR, pt-PT or en), GPU_SIZER_SALES_CHANNEL,
GPU_SIZER_MANAGERS, GPU_SIZER_RETENTION_DAYS, GPU_SIZER_DATA, and for the log's backups and replica
GPU_SIZER_BACKUP_DIR, GPU_SIZER_BACKUP_TIME, GPU_SIZER_BACKUP_KEEP, GPU_SIZER_REPLICA_URL.
To size one question from a shell: gpu-size 70b 4bit 32k 10users (gpu-size --help).
"""

from __future__ import annotations

import logging
import os
import signal
import sys

from . import logsetup
from .log import BackupError
from .settings import SettingsError, load_settings, require_http, require_socket


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    mode = argv[0] if argv else "auto"
    if mode in ("-h", "--help", "help"):
        print((__doc__ or "").strip())
        return 0
    logsetup.configure()
    try:
        settings = load_settings()
        if mode == "auto":
            mode = "socket" if settings.bot_token or settings.app_token else "console"
        if mode == "console":
            return _console(settings)
        if mode == "socket":
            require_socket(settings)
            _replicated(settings, mode)
            return _socket(settings)
        if mode == "web":
            require_http(settings)
            _replicated(settings, mode)
            return _web(settings)
    except SettingsError as e:
        print(f"gpu-sizer: {e}", file=sys.stderr)
        return 2
    except BackupError as e:  # the replica cannot be read: starting empty would replicate an empty log
        print(f"gpu-sizer: {e}; not starting, so the replica is left as it is.", file=sys.stderr)
        return 1
    print(f"gpu-sizer: unknown mode {mode!r}; use console, socket or web (gpu-sizer --help)", file=sys.stderr)
    return 2


def _console(settings) -> int:
    from . import console
    from .log import RequestLog
    from .pipeline import Pipeline

    log = RequestLog(settings.db_path, spool_dir=settings.spool)
    from hub.service import hub_from_settings

    pipeline = Pipeline(
        log,
        default_lang=settings.lang,
        retention_days=settings.retention_days,
        hub=hub_from_settings(settings),
    )
    return console.run(pipeline, str(settings.db_path), settings.lang)


def _replicated(settings, mode: str) -> None:
    """With a replica configured: restore a missing log, then become `litestream replicate -exec` running
    this same mode (does not return). Without one, returns at once."""
    from .log import run_under_litestream

    run_under_litestream(settings, mode)


def _announce(settings, log) -> None:
    """Where the log is, its journal mode, whether it is writable, its backups and replication."""
    from .log import start_lines

    for line in start_lines(settings, log):
        logging.getLogger("gpu-sizer").info("%s", line)


def _socket(settings) -> int:
    from slack_bolt.adapter.socket_mode import SocketModeHandler

    from .app import create_app
    from .log import RequestLog

    log = RequestLog(settings.db_path, spool_dir=settings.spool)
    app = create_app(settings, log)
    _announce(settings, log)
    logging.getLogger(__name__).info("gpu-sizer connected in Socket Mode")
    # SIGTERM (the platform stopping the worker) ends the wait below, so the shutdown runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        SocketModeHandler(app, settings.app_token).start()
    finally:
        app.services.shutdown(SHUTDOWN_GRACE_S)
    return 0


SHUTDOWN_GRACE_S = 15


def _web(settings) -> int:
    """gunicorn, the production WSGI server, serving bot.web; replaces this process so signals reach it."""
    from .log import RequestLog

    with RequestLog(
        settings.db_path, spool_dir=settings.spool
    ) as log:  # opened (created, migrated) once here, before the workers
        _announce(settings, log)
    for handler in logging.getLogger().handlers:
        handler.flush()
    port = os.environ.get("PORT", "3000")
    args = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        "python:bot.gunicorn_conf",
        "--bind",
        f"0.0.0.0:{port}",
        "bot.web:wsgi()",
    ]
    os.execv(sys.executable, args)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
