"""The Slack request path, second round: a "share" pressed twice under an old answer posts it once; a DM's
follow-up keeps its thread's context while the log's writer is busy; an event retried after an upgrade from
the version that kept event ids in the database is still answered once."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from sqlite_utils import Database

from bot.log import backup
from bot.log.logcli import main
from bot.log.migrations import MIGRATIONS, create_seen_events, migrate
from bot.log.requestlog import EVENT_CLAIMS, RequestLog
from bot.log.spool import Claims
from tests import slack_requests as sr
from tests.slack_harness import payload, serve, text_of


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


def _old_log(path, claimed: list[str]) -> None:
    """A log as the versions that claimed events in the database left it (before spool.Claims, 37f2832c):
    their migrations only, and the event ids they claimed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    old = Database(path)
    migrate(old, MIGRATIONS[: MIGRATIONS.index(("create_seen_events", create_seen_events)) + 1])
    old.table("seen_events").insert_all(
        {"event_id": e, "seen_at": "2026-12-01T22:00:00.000+00:00"} for e in claimed
    )
    old.close()


def test_an_event_the_old_version_answered_is_not_answered_again_after_the_upgrade(tmp_path):
    _old_log(tmp_path / "log.db", ["EvBefore"])
    with serve(tmp_path) as slack:
        slack.event(sr.app_mention("<@UBOT> 70b 4bit", ts="1700000020.000100"), "EvBefore", retry=1)
        slack.event(sr.app_mention("<@UBOT> 8b", ts="1700000021.000100"), "EvAfter")
        slack.settle()
        [answer] = slack.fake.wait_for("chat.postMessage")
        assert "Llama 3.1 8B" in text_of(answer.params["blocks"])


def test_events_claimed_in_the_file_by_an_older_worker_after_start_are_still_seen(tmp_path):
    # A fresh log's seen_events is empty, and claims skip it; an older worker sharing the file during a
    # deploy may still claim there: the writer's next commit notices, and its retries are not answered twice.
    with serve(tmp_path) as slack:
        slack.event(sr.message("8b", channel="DU0001", channel_type="im"), "EvFirst")
        slack.settle()
        slack.log.flush()
        older = sqlite3.connect(slack.db)
        older.execute("insert into seen_events values ('EvOlder', '2026-12-07T23:00:00.000+00:00')")
        older.commit()
        older.close()
        slack.event(sr.message("70b 4bit", channel="DU0002", channel_type="im", user="U0002"), "EvNext")
        slack.settle()
        slack.log.flush()
        slack.event(
            sr.message("8b 4bit", channel="DU0003", channel_type="im", user="U0003"), "EvOlder", retry=1
        )
        slack.settle()
        posted = [c.params["channel"] for c in slack.fake.calls("chat.postMessage")]
        assert posted == ["DU0001", "DU0002"]


def test_a_dm_follow_up_keeps_its_context_while_the_log_s_writer_is_busy(slack):
    slack.event(sr.message("8b 16bit 4 users", channel="DU0001", channel_type="im"), "EvCtx1")
    slack.settle()
    slack.log.flush()
    # Another process (a report, a backup) holds the file's write lock, and the log's writer holds its
    # connection while it waits on it (BUSY_TIMEOUT, seconds) with rows to write.
    other = sqlite3.connect(slack.db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    writer = slack.log._lock
    assert writer.acquire(timeout=5)
    try:
        slack.event(sr.message("e com 32k?", channel="DU0001", channel_type="im"), "EvCtx2")
        [_, follow_up] = slack.fake.wait_for("chat.postMessage", count=2)
    finally:
        writer.release()
        other.execute("ROLLBACK")
        other.close()
    slack.settle()
    text = text_of(follow_up.params["blocks"])
    assert follow_up.params["channel"] == "DU0001"
    assert "Llama 3.1 8B" in text and "32k" in text


def test_a_thread_is_read_from_the_log_restored_under_the_running_app(tmp_path, capsys):
    # `gpu-log restore` puts a backup in the log's place while the app runs, and a log deleted by hand is
    # started anew: lookups read what is at the path, as writes do, not a file their connection had open.
    live, other = tmp_path / "log.db", tmp_path / "other.db"
    with RequestLog(other) as log:
        log.save_thread("C1", "1.0", {"model": "qwen"}, "pt-BR")
    copy = backup.backup(other, tmp_path / "copy.db")
    with RequestLog(live, retry_interval=0.05) as log:
        log.save_thread("C1", "1.0", {"model": "llama-3.1-8b"}, "en")
        log.save_thread("C1", "2.0", {"model": "llama-3.1-8b"}, "en")
        assert log.load_thread("C1", "1.0") == ({"model": "llama-3.1-8b"}, "en")
        assert main(["restore", str(copy.path), "--db", str(live), "--yes"]) == 0
        capsys.readouterr()
        log.record({"surface": "dm", "user_id": "U0001", "text": "after the restore", "outcome": "answered"})
        log.flush()
        assert log.load_thread("C1", "1.0") == ({"model": "qwen"}, "pt-BR")
        assert log.load_thread("C1", "2.0") is None
        live.unlink()  # deleted by hand: the app starts a new, empty log at the path
        log.record({"surface": "dm", "user_id": "U0001", "text": "after the deletion", "outcome": "answered"})
        log.flush()
        assert log.load_thread("C1", "1.0") is None


WORKER = """
import sys
from bot.log.requestlog import RequestLog
log = RequestLog(sys.argv[1], retry_interval=0.05)
log.save_thread("D1", "D1", {"model": "llama-3.1-8b"}, "en")
assert log.load_thread("D1", "D1") is not None
print("ready", flush=True)
sys.stdin.readline()
log.close()
"""


def test_a_worker_that_read_a_thread_lets_go_of_a_deleted_log_so_the_others_write_on(tmp_path):
    # Two workers share the file; one has looked a thread up. The file is deleted: each lets go of it, and
    # the first to write again opens a new one once no worker holds the old one open.
    path = tmp_path / "log.db"
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(path)], cwd=Path(__file__).parent.parent,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert worker.stdout.readline() == "ready\n"
        with RequestLog(path, retry_interval=0.05) as log:
            log.record({"surface": "dm", "user_id": "U0001", "text": "before", "outcome": "answered"})
            assert log.flush(timeout=5) == 0
            path.unlink()
            log.record(
                {"surface": "dm", "user_id": "U0001", "text": "after the deletion", "outcome": "answered"}
            )
            deadline = time.monotonic() + 10
            while log.flush(timeout=1) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert log.pending == 0
            assert [r["text"] for r in log.rows()] == ["after the deletion"]
    finally:
        worker.communicate("stop\n", timeout=10)
