"""The Slack request path, second round: a "share" pressed twice under an old answer posts it once; a DM's
follow-up keeps its thread's context while the log's writer is busy; an event retried after an upgrade from
the version that kept event ids in the database is still answered once."""

from __future__ import annotations

import time

from bot.log.requestlog import EVENT_CLAIMS
from bot.log.spool import Claims
from tests import slack_requests as sr
from tests.slack_harness import payload, text_of


def _press_share(slack, reply: dict, message_ts: str) -> None:
    container = {"type": "message", "message_ts": message_ts, "channel_id": "C0001", "is_ephemeral": True}
    body = sr.block_actions("gpu_share", payload(reply), response_url=slack.fake.response_url(),
                            container=container)  # fmt: skip
    assert slack.send(body)[0] == 200
    slack.settle()


def _posts_to_channel(slack) -> list:
    return [c for c in slack.fake.calls("chat.postMessage") if c.params["channel"] == "C0001"]


def test_share_pressed_twice_under_a_day_old_answer_posts_it_once(slack):
    # The private answer was sent 26 hours ago; the person comes back and double-clicks "share". Between the
    # two presses the app answers someone else's DM (a claim at the current time, which prunes old claims).
    reply = slack.command("8b")
    old = f"{time.time() - 26 * 3600:.6f}"
    _press_share(slack, reply, old)
    slack.event(sr.message("70b 4bit", channel="DU0009", user="U0009", channel_type="im"), "EvOld1")
    slack.settle()
    _press_share(slack, reply, old)
    assert len(_posts_to_channel(slack)) == 1
    # Another old answer of the same person is its own message, shared on its own.
    _press_share(slack, slack.command("70b 4bit"), f"{time.time() - 30 * 3600:.6f}")
    posts = _posts_to_channel(slack)
    assert [("Llama 3.1 70B" in text_of(p.params["blocks"])) for p in posts] == [False, True]


def test_a_press_repeated_just_past_a_claim_bucket_s_end_is_still_a_repeat(tmp_path):
    # Claims are filed in hourly buckets by arrival: a double click's second press may land in the next one.
    claims = Claims(tmp_path / "claims", **EVENT_CLAIMS)
    hour = (int(time.time()) // 3600) * 3600
    assert claims.claim_on_arrival("press:share:C1:1.0:U1", hour - 0.1) is True
    assert claims.claim_on_arrival("press:share:C1:1.0:U1", hour + 0.2) is False
    assert claims.claim_on_arrival("press:share:C1:2.0:U1", hour + 0.3) is True
    # A day on, the claim has lived its time and is pruned.
    assert claims.claim_on_arrival("press:share:C1:3.0:U1", hour + 26 * 3600) is True
    assert claims.claim_on_arrival("press:share:C1:1.0:U1", hour + 26 * 3600) is True
