"""That a channel's sharing with other organisations changed, told to every process of the web server.

Slack sends channel_shared and channel_unshared (https://docs.slack.dev/reference/events/channel_shared,
https://docs.slack.dev/reference/events/channel_unshared) to one gunicorn worker; the others keep what
conversations.info told them of the channel for up to an hour (bot/directory.py), and would answer a
customer who has just joined it as one of our own (prices, internal rows). The worker that gets the event
replaces a small file in the spool folder (which outlives the log's file); every worker looks at that file's
identity before it trusts what it remembers of any channel (one stat, about a microsecond), and asks Slack
again once it changed.

Any doubt means shared: a file that cannot be looked at (its folder made unreadable, a disk gone) makes every
worker ask Slack about every channel, and what Slack says then is not remembered, until it can be looked at.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from pathlib import Path

from .spool import private_folder

logger = logging.getLogger(__name__)

# What `seen` answers when the file cannot be looked at: nothing remembered of a channel is to be trusted.
DOUBT = "doubt"


class SharingMarks:
    DOUBT = DOUBT

    def __init__(self, spool_dir: str | Path) -> None:
        self.folder = Path(spool_dir) / "sharing"
        self.path = self.folder / "changed.json"

    def seen(self) -> tuple[int, int, int] | str | None:
        """The file's identity now (None: no change was ever told; DOUBT: it cannot be looked at). A change
        writes a new file under a temporary name and renames it over the old one: a new inode and time, so
        two changes never look alike even within one tick of the file system's clock."""
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            return None
        except OSError:
            return DOUBT
        return (stat.st_ino, stat.st_mtime_ns, stat.st_size)

    def tell(self, channel: str, event_type: str) -> bool:
        """Tells every worker that `channel` was shared or unshared; False when the file could not be written
        (the other workers then keep what they knew until it ages out, and the log says so)."""
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        record = {"channel": channel, "type": event_type, "at": time.time(), "pid": os.getpid()}
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
                "could not tell the other workers that a channel's sharing changed (%s): they trust what "
                "Slack said of it before for up to an hour", type(error).__name__,
            )  # fmt: skip
            return False
