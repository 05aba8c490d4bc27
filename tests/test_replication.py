"""Litestream, the real binary (the "replica" extra, installed with the tests), replicating the request log
of the web process started as the Procfile starts it, to a local folder replica. The machine is then lost
(every process killed with SIGKILL, its working folder deleted) and a new one restores on start."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest

from bot.log import replication
from bot.settings import load_settings

from . import slack_requests as sr
from .slack_fake import FakeSlack
from .slack_harness import SECRET
from .web_server import healthz, web_process

pytestmark = pytest.mark.skipif(replication.binary() is None, reason="litestream is installed by make test")


def _command(web, fake, text: str, user: str) -> None:
    body, _ = sr.slash_command(text, user_id=user, response_url=fake.response_url())
    status, _, reply = sr.post(web.base + "/slack/events", body, sr.sign(body, SECRET))
    assert status == 200, reply


def _program(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def _snapshot(db: Path) -> tuple[set[str], list[tuple]]:
    conn = sqlite3.connect(db)
    try:
        keys = {r[0] for r in conn.execute("select request_key from requests")}
        leads = conn.execute(
            "select id, request_key, source, user_id, status from leads order by id"
        ).fetchall()
        return keys, leads
    finally:
        conn.close()


def _wait(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_without_a_replica_the_web_process_starts_as_before_and_says_where_the_log_is(tmp_path):
    with FakeSlack() as fake, web_process(tmp_path, fake) as web:
        status, body = healthz(web.base)
        program = _program(web.process.pid)
        output = web.output()
    assert "gunicorn" in program and "litestream" not in program
    assert f"request log: {tmp_path / 'log.db'} (journal mode wal, writable)" in output
    assert "request log backups: none scheduled (GPU_SIZER_BACKUP_DIR is not set)" in output
    assert "request log replication: off (GPU_SIZER_REPLICA_URL is not set)" in output
    assert status == 200 and body["replication"] == {"enabled": False}


def test_litestream_replicates_the_log_and_a_new_machine_restores_every_row_and_lead(tmp_path):
    machine = tmp_path / "machine"  # the working folder that a lost machine takes with it
    replica = tmp_path / "replica"  # another disk
    env = {
        "GPU_SIZER_DB": str(machine / "log.db"), "GPU_SIZER_REPLICA_URL": replica.as_uri(),
        "GPU_SIZER_REPLICA_SYNC_INTERVAL": "1s", "GPU_SIZER_REPLICA_CHECK_SECONDS": "1",
        "GPU_SIZER_SALES_CHANNEL": "CSALES01",
    }  # fmt: skip
    with FakeSlack() as fake:
        with web_process(tmp_path, fake, env=env, name="first") as web:
            assert _program(web.process.pid).split()[1:2] == ["replicate"]  # litestream, running the app
            for i in range(20):
                _command(web, fake, f"70b 4bit 32k {i + 1}users", f"U{i:04d}")
            for user in ("UPROD001", "UPROD002"):  # production questions: leads for sales
                _command(web, fake, "70b 16bit 20 users produção", user)
            db = machine / "log.db"
            _wait(lambda: len(_snapshot(db)[0]) == 22 and len(_snapshot(db)[1]) == 2, 20, "rows and leads")
            keys, leads = _snapshot(db)
            written = datetime.now().astimezone()

            def synced():
                _, body = healthz(web.base)
                replica_state = body["replication"]
                checked = replica_state.get("checked_at")
                late_enough = checked and (datetime.fromisoformat(checked) - written).total_seconds() > 2.5
                return late_enough and replica_state["up_to_date"] and replica_state

            state = _wait(synced, 40, "the replica to catch up")
            assert state["replica"] == replica.as_uri() and state["replica_txid"] >= state["local_txid"] > 0
            assert state["last_sync_at"] and state["error"] is None
            os.killpg(web.process.pid, signal.SIGKILL)  # the machine is lost: no shutdown, no last sync
            web.process.wait(10)
        shutil.rmtree(machine)

        with web_process(tmp_path, fake, env=env, name="second") as web:
            assert _snapshot(machine / "log.db") == (keys, leads)  # every row and lead, before any new one
            _command(web, fake, "8b", "UAFTER01")
            _wait(lambda: len(_snapshot(machine / "log.db")[0]) == 23, 10, "the new row")
            output = web.output()
    assert f"request log {machine / 'log.db'} restored from the replica {replica.as_uri()}" in output
    assert "replicating the request log to" in output


def test_gpu_log_verify_replica_restores_it_elsewhere_and_checks_it(tmp_path):
    machine, replica = tmp_path / "machine", tmp_path / "replica"
    env = {"GPU_SIZER_DB": str(machine / "log.db"), "GPU_SIZER_REPLICA_URL": replica.as_uri()}
    with FakeSlack() as fake, web_process(tmp_path, fake, env=env) as web:
        for i in range(5):
            _command(web, fake, f"8b {i + 1} users", "U0001")
        _wait(lambda: len(_snapshot(machine / "log.db")[0]) == 5, 10, "the rows")
        time.sleep(2.5)  # past Litestream's sync interval (1s)
        command = [sys.executable, "-m", "bot.log.logcli", "verify", "--replica"]
        done = subprocess.run(command, env={**os.environ, **env}, capture_output=True, text=True, timeout=60,
                              check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        f"A réplica {replica.as_uri()} restaura e está íntegra (integrity_check ok): 5 pedidos"
    )

    # An empty file where the log should be (a fresh volume, a stray touch) is not a log: the replica wins.
    empty = tmp_path / "new-machine" / "log.db"
    empty.parent.mkdir()
    empty.touch()
    settings = load_settings(db_path=empty, replica_url=replica.as_uri())
    said = replication.restore_on_start(settings)
    assert said == f"request log {empty} restored from the replica {replica.as_uri()}"
    assert len(_snapshot(empty)[0]) == 5
    assert (
        replication.restore_on_start(settings)
        == f"request log {empty} is here; not restored from the replica"
    )


def test_a_replica_that_cannot_be_read_stops_start_up_with_one_sentence(tmp_path):
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("x")
    settings = load_settings(db_path=tmp_path / "log.db", replica_url=not_a_folder.as_uri(),
                             slack_bot_token="xoxb-test", slack_signing_secret=SECRET)  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "GPU_SIZER_"))}
    env.update(SLACK_BOT_TOKEN="xoxb-test", SLACK_SIGNING_SECRET=SECRET, GPU_SIZER_DB=str(settings.db_path),
               GPU_SIZER_REPLICA_URL=settings.replica_url)  # fmt: skip
    done = subprocess.run([sys.executable, "-m", "bot", "web"], env=env, capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
    assert done.returncode == 1
    [line] = [ln for ln in done.stderr.splitlines() if ln.startswith("gpu-sizer:")]
    assert line.startswith(f"gpu-sizer: could not restore from the replica {not_a_folder.as_uri()}:")
    assert line.endswith("not starting, so the replica is left as it is.")
    assert not settings.db_path.exists()  # no empty log was started


def test_replica_urls_are_shown_without_credentials():
    shown = replication.display_url("s3://KEY:SECRET@bucket.example.com/gpu-sizer?endpoint=x&token=y")
    assert shown == "s3://bucket.example.com/gpu-sizer"


def test_a_replica_that_cannot_be_used_with_the_log_here_leaves_the_app_answering_and_healthz_says_why(
    tmp_path,
):
    """A log on a kept disk and an S3 replica whose configuration Litestream cannot load (here a CA bundle
    that is not there), which stops `litestream replicate` at start: the app answers and logs without
    replication, says so at start in one line, and /healthz is degraded with the reason."""
    db = tmp_path / "log.db"
    conn = sqlite3.connect(db)
    conn.execute("create table earlier (x)")  # a log already here (the app migrates it on start)
    conn.commit()
    conn.close()
    replica = "s3://bucket/gpu-sizer?endpoint=http://127.0.0.1:9&region=br-1"
    env = {"GPU_SIZER_REPLICA_URL": replica, "AWS_CA_BUNDLE": str(tmp_path / "missing-ca.pem")}
    with FakeSlack() as fake, web_process(tmp_path, fake, env=env) as web:
        _command(web, fake, "70b 4bit 32k 10users", "U0001")
        code, health = healthz(web.base)
        assert code == 200 and health["status"] == "degraded"
        [problem] = [p for p in health["problems"] if p.startswith("replication")]
        assert problem.startswith("replication: the replica s3://bucket/gpu-sizer cannot be used: ")
        assert "missing-ca.pem" in problem and "endpoint" not in problem
        said = web.output()
        assert "request log replication NOT running, answering without it: the replica" in said
        assert "litestream replicate" not in _program(web.process.pid)
    _wait(lambda: len(_snapshot(db)[0]) == 1, 10, "the request written")
