"""What one sizing computes once: the setups, memory sums and performance figures that the recommendation's
search, the alternatives, the named GPU and the capacity figures all ask for.

The memo lives for one call of engine.size (a context variable, so each thread has its own). Keys hold
ids of the objects a value was computed from (plans, models, precisions, the catalogue); the memo keeps
those objects alive with the value, so no id can be reused while it lives. Outside a sizing nothing is
kept and every value is computed where it is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_MEMO: ContextVar[dict | None] = ContextVar("sizing_memo", default=None)


@contextmanager
def one_sizing() -> Iterator[None]:
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def current() -> dict | None:
    """The memo of the sizing under way, or None outside one."""
    return _MEMO.get()


def shared(key: tuple, compute: Callable[[], T], keep: Any = None) -> T:
    """compute(), once per key within one sizing; `keep` holds what the key names by id."""
    memo = _MEMO.get()
    if memo is None:
        return compute()
    found = memo.get(key)
    if found is None:
        found = memo[key] = (keep, compute())
    return found[1]
