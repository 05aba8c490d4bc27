"""Answers a worker promised and never delivered, delivered by another.

A mention, a message or App Home is acknowledged at once and answered after (bot/after_ack.py). Its event
is claimed in the spool by a file that the worker keeps locked until the answer is posted, with what the
answer needs written in it (spool.Claims: hold, note, done). A worker that dies in between (killed, out of
memory: SIGTERM is not that, it delivers first) lets the lock go with its file descriptors. Slack does not
retry an event it got an acknowledgement for, so the next worker to start, and every worker once a minute,
looks for such claims and answers them, late rather than never.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

logger = logging.getLogger(__name__)

# How often each worker looks for answers left undone (gunicorn replaces a dead worker at once, and the
# new one looks as it starts: this is for a worker that died while others carry on).
SWEEP_EVERY_S = 60.0


def promise(services, held: list[tuple[str, float]], kind: str, body: dict) -> None:
    """Writes, with the first of the held claims, what answering `body` takes (`kind` names the listener
    that answers it, in services.finishers)."""
    if held:
        services.log.event_work(held[0][0], {"kind": kind, "claims": held, "body": body})


def then_done(services, held: list[tuple[str, float]], answer: Callable[..., object], *args: object) -> None:
    """Runs `answer`, then marks the held claims done, whatever happened: answered, or failed in a way
    that doing it again would repeat."""
    try:
        answer(*args)
    finally:
        for key, _ in held:
            services.log.event_done(key)


def finish_abandoned(services) -> int:
    """Hands the answers that dead workers left undone to this worker's after-ack threads; how many."""
    count = 0
    for key, work in services.log.abandoned_events():
        finisher = services.finishers.get(work.get("kind")) if isinstance(work, dict) else None
        body = work.get("body") if isinstance(work, dict) else None
        if finisher is None or not isinstance(body, dict):
            services.log.event_done(key)  # written by a version that answered it otherwise: nothing to do
            continue
        held = [(key, 0.0)]
        for other, at in work.get("claims", [])[1:]:
            if services.log.take_over_event(other, at):
                held.append((other, at))
        logger.warning("answering a %s that a stopped worker left unanswered", work["kind"])
        services.after_ack.submit(then_done, services, held, finisher, body)
        count += 1
    return count


class UnfinishedJob:
    """Looks for answers left undone when the worker starts, then every SWEEP_EVERY_S seconds."""

    def __init__(self, services, every: float = SWEEP_EVERY_S) -> None:
        self.services = services
        self.every = every
        self._stop = threading.Event()

    def start(self) -> UnfinishedJob:
        threading.Thread(target=self._run, name="unfinished-answers", daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while True:
            try:
                finish_abandoned(self.services)
            except Exception as error:  # a sweep that fails is tried again at the next one
                logger.warning("looking for unfinished answers failed (%s)", type(error).__name__)
            if self._stop.wait(self.every):
                return
