"""What Slack knows about a channel or a user that changes the answer: is the channel shared with another
organisation (Slack Connect), is the user external, which language their Slack is in.

Looked up once and cached for an hour. When Slack cannot tell us, we assume the careful answer: a shared
channel and an external user, so nothing internal is shown by mistake.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

logger = logging.getLogger(__name__)
TTL_SECONDS = 3600


@dataclass(frozen=True)
class Person:
    locale: str | None
    external: bool


class Directory:
    def __init__(self, client: WebClient, ttl: float = TTL_SECONDS) -> None:
        self.client = client
        self.ttl = ttl
        self._cache: dict[tuple[str, str], tuple[float, object]] = {}
        self._team_id: str | None = None

    def _cached(self, kind: str, key: str, fetch):
        # No lock on this path (every request takes it): dict get/set are atomic under the GIL, and two
        # threads missing at once only ask Slack twice.
        now = time.monotonic()
        hit = self._cache.get((kind, key))
        if hit and now - hit[0] < self.ttl:
            return hit[1]
        value = fetch()
        self._cache[(kind, key)] = (now, value)
        return value

    def team_id(self) -> str | None:
        if self._team_id is None:
            try:
                self._team_id = self.client.auth_test().get("team_id")
            except (SlackApiError, SlackClientError, OSError):
                logger.warning("auth.test failed; treating users as external until it answers")
        return self._team_id

    def channel_shared(self, channel_id: str | None) -> bool:
        if not channel_id or channel_id.startswith("D"):
            return False  # a direct message is never a shared channel

        def fetch() -> bool:
            try:
                channel = self.client.conversations_info(channel=channel_id)["channel"]
            except (SlackApiError, SlackClientError, OSError, KeyError):
                logger.warning("conversations.info failed for a channel; assuming it is shared")
                return True
            return bool(
                channel.get("is_ext_shared") or channel.get("is_shared") or channel.get("is_org_shared")
            )

        return self._cached("channel", channel_id, fetch)

    def person(self, user_id: str | None, team_hint: str | None = None) -> Person:
        if not user_id:
            return Person(None, False)

        def fetch() -> Person:
            try:
                user = self.client.users_info(user=user_id, include_locale=True)["user"]
            except (SlackApiError, SlackClientError, OSError, KeyError):
                logger.warning("users.info failed for a user; treating them as external")
                return Person(None, True)
            ours = self.team_id()
            external = bool(user.get("is_stranger")) or bool(ours and user.get("team_id") not in (None, ours))
            return Person(user.get("locale"), external)

        return self._cached("user", user_id, fetch)
