"""Logging for every mode: LOG_LEVEL (DEBUG, INFO, WARNING, ERROR; default INFO) and a timestamp on every
line. HTTP mode sets it up in each gunicorn worker (bot.web), because gunicorn replaces the process that
read the environment; Socket Mode and the console set it up at start."""

from __future__ import annotations

import logging
import os
import sys
import traceback

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def configure(level: str | None = None) -> None:
    """Root logging to stderr at LOG_LEVEL, each line timestamped; replaces handlers set up before."""
    wanted = (level or os.environ.get("LOG_LEVEL") or "INFO").strip().upper()
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(wanted if wanted in LEVELS else "INFO")
    if wanted not in LEVELS:
        logging.getLogger(__name__).warning("LOG_LEVEL must be one of %s; using INFO", ", ".join(LEVELS))


def where_failed(error: BaseException) -> str:
    """The error's type and the line of our code it came from: enough to find it, and free of the
    values involved (an exception's text may quote what someone typed or sent)."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/bot/" in f.filename or "/sizing/" in f.filename] or frames
    if not ours:
        return type(error).__name__
    frame = ours[-1]
    return f"{type(error).__name__} at {frame.filename.rsplit('/', 2)[-2]}/{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno} ({frame.name})"
