"""Who may work the lead cards: the sales team, as GPU_SIZER_SALES_TEAM names it (Slack user IDs and/or
user group IDs), and only in the sales channel.

A user group's members come from Slack's usergroups.users.list (scope usergroups:read) and are
remembered for five minutes, so someone removed from the group loses access within that time. Any doubt
means no: when Slack cannot say who is in the group (it failed, rate limited us, or took more than the
lookup's budget), the person is refused for that click and asked to try again; a failed lookup is never
remembered.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from slack_sdk import WebClient

from .directory import _reason

logger = logging.getLogger(__name__)
TTL_SECONDS = 300
LOOKUP_BUDGET_S = 2.0


class SalesTeam:
    def __init__(self, members: list[str], client: WebClient, ttl: float = TTL_SECONDS) -> None:
        self.users = {m for m in members if not m.startswith("S")}
        self.groups = [m for m in members if m.startswith("S")]
        self.client = client
        self.ttl = ttl
        self._members: dict[str, tuple[float, frozenset[str]]] = {}
        self._inflight: dict[str, Future] = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="sales-team")

    @property
    def configured(self) -> bool:
        return bool(self.users or self.groups)

    def includes(self, user_id: str | None, budget: float = LOOKUP_BUDGET_S) -> bool | None:
        """True for a member, False for anyone else, None when Slack could not say in time."""
        if not user_id:
            return False
        if user_id in self.users:
            return True
        deadline = time.monotonic() + budget
        unknown = False
        for group in self.groups:
            members = self._group(group, deadline)
            if members is None:
                unknown = True
            elif user_id in members:
                return True
        return None if unknown else False

    def _group(self, group: str, deadline: float) -> frozenset[str] | None:
        hit = self._members.get(group)
        if hit and time.monotonic() - hit[0] < self.ttl:
            return hit[1]
        with self._lock:
            future = self._inflight.get(group)
            if future is None:
                future = self._inflight[group] = self._pool.submit(self._fetch, group)
        try:
            return future.result(timeout=max(0.0, deadline - time.monotonic()))
        except FutureTimeout:
            return None

    def _fetch(self, group: str) -> frozenset[str] | None:
        try:
            users = frozenset(self.client.usergroups_users_list(usergroup=group)["users"])
        except Exception as e:  # failed, rate limited, timed out: not remembered, asked again next time
            logger.warning(
                "usergroups.users.list failed (%s); lead actions are refused meanwhile", _reason(e)
            )
            return None
        finally:
            with self._lock:
                self._inflight.pop(group, None)
        self._members[group] = (time.monotonic(), users)
        return users
