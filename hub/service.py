"""The Hub as a chat app can afford it: a small time budget per question, never more.

lookup() answers at once from the disk cache; otherwise it starts (or joins) a background read and waits at
most `budget_s` for it. When the read is slower, the question is answered from the catalogue or the model's
family and says so in one line, and the read goes on: the next question about the repo gets the real
files. Only repos the catalogue does not list are read; the catalogue stays the source for the ones it has.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path

from sizing.catalog import Catalog
from sizing.names import ModelSource

from .reader import DiskCache, Outcome, read_repo
from .repoid import wants_repo


class Hub:
    def __init__(
        self,
        enabled: bool = True,
        budget_s: float = 1.5,
        timeout_s: float = 10.0,
        cache_dir: Path | None = None,
        cache_days: float = 7.0,
        reader=read_repo,
    ) -> None:
        self.enabled = enabled
        self.budget_s = budget_s
        self.timeout_s = timeout_s
        self.cache_dir = cache_dir or default_cache_dir()
        self.cache = DiskCache(self.cache_dir / "repos", cache_days * 86400)
        self._reader = reader
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hub")
        self._inflight: dict[str, Future] = {}
        self._lock = threading.Lock()

    # -- what the engine gets -------------------------------------------------------------------------

    def source_for(self, model: str, catalog: Catalog, budget_s: float | None = None) -> ModelSource | None:
        """What the repo's own files say, within the budget; None when the name is not a repo to read (the
        catalogue has it, or it is no repo id)."""
        if not wants_repo(model, catalog):
            return None
        repo = model.strip().split(":", 1)[0]
        if not self.enabled:
            return ModelSource(repo, problem="off")
        outcome = self.lookup(repo, self.budget_s if budget_s is None else budget_s)
        return ModelSource(repo, outcome.model, outcome.problem, outcome.detail, outcome.detail_params)

    def lookup(self, repo: str, budget_s: float) -> Outcome:
        cached = self.cache.get(repo)
        if cached is not None:
            return cached
        future = self._start(repo)
        try:
            return future.result(timeout=max(0.0, budget_s))
        except FutureTimeout:
            stale = self.cache.get(repo, stale_ok=True)
            if stale is not None and stale.model is not None:
                return stale  # an expired description beats none while the new read runs
            return Outcome(problem="timeout")

    def remember(self, repo: str, model) -> None:
        """A model read from elsewhere than the Hub (a config.json pasted into a question, hub/pasted.py),
        kept on disk like a repo's reading, where every worker finds it."""
        self.cache.put(repo, Outcome(model=model))

    def recall(self, repo: str):
        """What remember() kept, however old (a button under an old answer still finds its model)."""
        cached = self.cache.get(repo, stale_ok=True)
        return cached.model if cached is not None else None

    def read_now(self, repo: str) -> Outcome:
        """A read with no budget (the catalogue command): waits for the Hub's own timeouts."""
        return self._start(repo).result()

    def _start(self, repo: str) -> Future:
        key = repo.lower()
        with self._lock:
            future = self._inflight.get(key)
            if future is not None:
                return future
            future = self._pool.submit(self._read, repo)
            self._inflight[key] = future
        # Outside the lock: a read that is already done (a refused connection fails at once) runs the
        # callback right here, and the callback takes the lock.
        future.add_done_callback(lambda done, k=key: self._forget(k, done))
        return future

    def _forget(self, key: str, future: Future) -> None:
        with self._lock:
            if self._inflight.get(key) is future:
                del self._inflight[key]

    def _read(self, repo: str) -> Outcome:
        outcome = self._reader(repo, self.timeout_s, self.cache_dir)
        if outcome.problem != "offline":  # a network blip is not worth remembering
            self.cache.put(repo, outcome)
        elif (stale := self.cache.get(repo, stale_ok=True)) is not None and stale.model is not None:
            return stale
        return outcome

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gpu-sizer" / "hub"


def hub_from_settings(settings) -> Hub:
    return Hub(
        enabled=settings.hub_enabled,
        budget_s=settings.hub_budget_s,
        timeout_s=settings.hub_timeout_s,
        cache_dir=settings.hub_cache_dir,
        cache_days=settings.hub_cache_days,
    )
