"""The Web API client the app uses: timeouts, and retries only where a retry cannot do harm.

- 429 (rate limited): retried after Slack's Retry-After, for every method: Slack did not process it.
- A reset connection: retried (slack_sdk's default handler).
- 500/503: retried only for methods that read (users.info, conversations.info...). A chat.postMessage
  that failed with a 500 may still have posted; sending it again could post the answer twice.
- A timeout: never retried, for the same reason; the caller logs the failure and moves on.
"""

from __future__ import annotations

from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
    ServerErrorRetryHandler,
)

READ_ONLY = ("auth.test", "users.info", "conversations.info", "conversations.open", "team.info")


class ReadOnlyServerErrorRetryHandler(ServerErrorRetryHandler):
    def _can_retry(self, *, state, request, response=None, error=None) -> bool:
        method = request.url.rstrip("/").rsplit("/", 1)[-1]
        return method in READ_ONLY and super()._can_retry(
            state=state, request=request, response=response, error=error
        )


def make_client(token: str | None, base_url: str, timeout: float) -> WebClient:
    return WebClient(
        token=token,
        base_url=base_url,
        timeout=int(max(1, timeout)),
        retry_handlers=[
            ConnectionErrorRetryHandler(max_retry_count=1),
            RateLimitErrorRetryHandler(max_retry_count=2),
            ReadOnlyServerErrorRetryHandler(max_retry_count=2),
        ],
    )
