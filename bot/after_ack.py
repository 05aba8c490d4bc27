"""Work that must not hold Slack's acknowledgement.

Slack shows an error when a request is not acknowledged within 3 seconds, and retries events. The app
runs with `process_before_response=True` (an answer computed in milliseconds goes out in the HTTP
response itself), so anything that may wait on the Web API (looking people up, posting, updating a card,
opening a view) is handed to these threads and done after the response has left.

The threads finish what was handed to them before the process exits: `drain()` runs from gunicorn's
worker_exit hook within its graceful timeout, and at interpreter exit as a last resort.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait

logger = logging.getLogger(__name__)

# Enough for a burst of mentions whose posts wait on a slow Slack, few enough that a worker's memory
# stays flat; more work waits in the executor's queue (in order).
WORKERS = 8


class AfterAck:
    def __init__(self, workers: int = WORKERS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="after-ack")
        self._pending: set[Future] = set()
        self._lock = threading.Lock()
        atexit.register(self.drain, 10)

    def submit(self, fn: Callable[..., object], *args: object) -> Future:
        future = self._pool.submit(self._run, fn, args)
        with self._lock:
            self._pending.add(future)
        future.add_done_callback(self._done)
        return future

    def _done(self, future: Future) -> None:
        with self._lock:
            self._pending.discard(future)

    @staticmethod
    def _run(fn: Callable[..., object], args: tuple) -> None:
        try:
            fn(*args)
        except Exception as error:  # nobody waits on this thread: a failure is logged, never raised
            from .logsetup import where_failed  # the error's place, never its text (it may quote a request)

            logger.error("work after the acknowledgement failed: %s", where_failed(error))

    def drain(self, timeout: float) -> bool:
        """Waits up to `timeout` seconds for the work handed over so far; True when all of it is done."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                pending = list(self._pending)
            if not pending:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                logger.warning("%d answers still being delivered at shutdown", len(pending))
                return False
            wait(pending, timeout=left)
