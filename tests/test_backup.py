"""Backups of the request log on real files: taken while the web process (as the Procfile starts it) writes
under load, checked, restored and read back by gpu-log and by a manager's /gpu log; bad destinations (a
missing folder, a read-only disk, a full disk) answered with one sentence while the app keeps answering and
logging; the daily job; /healthz reporting all of it."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.log import backup
from bot.log.backup import BackupError, BackupJob
from bot.log.logcli import main
from bot.log.requestlog import RequestLog
from bot.log.retention import RetentionJob
from bot.settings import SettingsError, load_settings
from bot.web import wsgi

from . import slack_requests as sr
from .slack_fake import FakeSlack
from .slack_harness import SECRET, Slack, serve, serve_wsgi
from .slack_harness import text_of as _text
from .web_server import healthz, web_process

MANAGER = "UMGR0001"


def ask(log: RequestLog, text: str, user: str = "U0001") -> None:
    log.record({"surface": "slash_command", "user_id": user, "text": text, "outcome": "answered"})


def texts(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [r[0] for r in conn.execute("select text from requests order by id")]
    finally:
        conn.close()


def integrity(db: Path) -> list[str]:
    conn = sqlite3.connect(f"{db.absolute().as_uri()}?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute("PRAGMA integrity_check")]
    finally:
        conn.close()


def gpu_log(*args: str, db: Path, stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """The real command in its own process, as an operator runs it."""
    env = {**os.environ, "GPU_SIZER_DB": str(db)}
    return subprocess.run([sys.executable, "-m", "bot.log.logcli", *args], env=env, capture_output=True,
                          text=True, timeout=60, stdin=stdin, check=False)  # fmt: skip


# ---------------------------------------------------------------------- disks that fail for real


@contextlib.contextmanager
def tmpfs(path: Path, *options: str):
    """A small filesystem of its own (root can mount one); skips where mounting is not allowed."""
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join(options or ("size=1m",)), "tmpfs", str(path)],
                          capture_output=True, check=False)  # fmt: skip
    if done.returncode != 0:
        pytest.skip("mounting a small filesystem needs root (CI runs as root)")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True, check=False)


@contextlib.contextmanager
def read_only_folder(path: Path):
    """A folder nobody can write in: a read-only filesystem as root (permissions do not stop root)."""
    if os.geteuid() != 0:
        path.mkdir()
        path.chmod(0o555)
        try:
            yield path
        finally:
            path.chmod(0o755)
        return
    with tmpfs(path, "ro", "size=1m") as folder:
        yield folder


def fill(folder: Path) -> Path:
    """Writes a file until the filesystem is full; returns it (delete it to make room again)."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f, contextlib.suppress(OSError):
        while True:
            f.write(b"\0" * 4096)
    return filler


# ---------------------------------------------------------------------- a backup under load


def test_a_backup_taken_while_the_web_process_writes_holds_every_row_committed_before_it(tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    with FakeSlack() as fake, web_process(tmp_path, fake) as web:
        db = tmp_path / "log.db"
        stop = threading.Event()
        answered: list[float] = []
        failures: list[int] = []

        def load(worker: int) -> None:
            for i in range(3000):  # bounded: the test stops it long before
                if stop.is_set():
                    return
                body, _ = sr.slash_command(f"70b 4bit {i % 40 + 1}users", user_id=f"U{worker:03d}LOAD",
                                           response_url=fake.response_url())  # fmt: skip
                status, _, _ = sr.post(web.base + "/slack/events", body, sr.sign(body, SECRET))
                (answered if status == 200 else failures).append(
                    time.monotonic() if status == 200 else status
                )

        threads = [threading.Thread(target=load, args=(w,)) for w in range(3)]
        for t in threads:
            t.start()
        try:
            deadline = time.monotonic() + 20
            while len(texts(db)) < 100 and time.monotonic() < deadline:
                time.sleep(0.1)
            conn = sqlite3.connect(db)
            before = {r[0] for r in conn.execute("select request_key from requests")}
            conn.close()
            started = time.monotonic()
            done = gpu_log("backup", str(folder), db=db)
            finished = time.monotonic()
            time.sleep(0.3)
        finally:
            stop.set()
            for t in threads:
                t.join(30)
        assert done.returncode == 0, done.stderr
        assert (
            "Cópia salva em" in done.stdout and "pedidos" in done.stdout and "integrity_check" in done.stdout
        )
        [copy] = folder.glob("gpu-sizer-*.db")
        assert integrity(copy) == ["ok"]
        conn = sqlite3.connect(copy)
        in_copy = {r[0] for r in conn.execute("select request_key from requests")}
        conn.close()
        assert len(before) >= 100 and before <= in_copy  # every row committed before the backup began
        assert any(started <= t <= finished for t in answered)  # the app answered while it was copied
        assert not failures
        # Nothing was lost: every answered request has its row in the live log.
        deadline = time.monotonic() + 10
        while len(texts(db)) < len(answered) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(texts(db)) == len(answered)
        time.sleep(backup_cache_seconds())
        status, health = healthz(web.base)
        assert status == 200 and health["backup"]["last"]["ok"] is True
        assert health["backup"]["last"]["path"] == str(copy)


# ---------------------------------------------------------------------- restore


def _rows_in_cli_list(output: str) -> list[tuple[str, str]]:
    """(when, user) of each row of `gpu-log list`, newest first."""
    return [(m[1], m[2]) for m in re.finditer(r"^\s*\d+\s+(\S+ \S+)\s+(U\w+)", output, re.M)]


def _rows_in_slack_view(text: str) -> list[tuple[str, str]]:
    return [(m[1], m[2]) for m in re.finditer(r"(\d{4}-\d\d-\d\d \d\d:\d\d) <@(U\w+)>", text)]


def test_a_restored_log_is_read_by_gpu_log_list_and_by_a_managers_gpu_log_with_the_same_rows(
    tmp_path, capsys
):
    asked = ["70b 4bit 32k 10users", "8b qlora", "70b 16bit 20 users produção"]
    with serve(tmp_path / "lost", managers=MANAGER) as slack:
        for i, text in enumerate(asked):
            slack.command(text, user_id=f"U000{i + 1}")
        slack.fake.wait_for("chat.postMessage")  # the production question became a lead card
        slack.log.flush()
        copy = backup.backup(slack.db, tmp_path / "copy.db")
    assert copy.rows["requests"] == 3 and copy.rows["leads"] == 1

    new = tmp_path / "new"
    new.mkdir()
    capsys.readouterr()
    assert main(["restore", str(copy.path), "--db", str(new / "log.db")]) == 0  # no log there: no question
    said = capsys.readouterr().out
    assert "Restaurado em" in said and "3 pedidos, 1 leads" in said
    assert main(["list", "--db", str(new / "log.db")]) == 0
    listed = capsys.readouterr().out
    with serve(new, managers=MANAGER) as slack:
        view = _text(slack.command("log", user_id=MANAGER)["blocks"])
    assert len(_rows_in_cli_list(listed)) == 3
    assert _rows_in_cli_list(listed) == _rows_in_slack_view(view)
    assert all(text in view for text in asked)
    assert "lead novo" in view and re.search(r"\bnovo\b", listed)


def test_restore_over_a_live_log_asks_first_keeps_the_old_log_and_the_running_app_writes_on(tmp_path, capsys):
    live, other = tmp_path / "log.db", tmp_path / "other.db"
    with RequestLog(other) as log:
        for text in ("from the backup 1", "from the backup 2"):
            ask(log, text)
    copy = backup.backup(other, tmp_path / "copy.db")
    with RequestLog(live, retry_interval=0.1) as log:  # the app, running
        for i in range(3):
            ask(log, f"before {i}")
        log.flush()
        # Not a terminal and no --yes: refused, nothing changed.
        assert main(["restore", str(copy.path), "--db", str(live)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "rode em um terminal para confirmar, ou acrescente --yes" in err
        assert texts(live) == ["before 0", "before 1", "before 2"]

        assert main(["restore", str(copy.path), "--db", str(live), "--yes", "--lang", "en"]) == 0
        out = capsys.readouterr().out
        assert "Restored into" in out and "2 requests" in out
        [kept] = tmp_path.glob("log.before-restore-*.db")
        assert f"The log it replaced was kept at {kept}." in out
        assert texts(kept) == ["before 0", "before 1", "before 2"] and integrity(kept) == ["ok"]
        ask(log, "after the restore")  # the running app's connection sees the restored log
        log.flush()
    assert texts(live) == ["from the backup 1", "from the backup 2", "after the restore"]
    assert integrity(live) == ["ok"]
    conn = sqlite3.connect(live)
    actions = [r[0] for r in conn.execute("select action from audit order by id")]
    assert actions[-1] == "restore" and conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (b"not a database at all, just text" * 100, "is not an SQLite database"),
        (None, "is not a gpu-sizer request log"),
    ],
)
def test_restore_refuses_what_is_not_a_good_log(tmp_path, capsys, content, sentence):
    live = tmp_path / "log.db"
    with RequestLog(live) as log:
        ask(log, "kept")
    source = tmp_path / "source.db"
    if content is None:
        sqlite3.connect(source).execute("create table other (x)").connection.close()
    else:
        source.write_bytes(content)
    assert main(["restore", str(source), "--db", str(live), "--yes", "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert sentence in err and err.count("\n") == 1
    assert texts(live) == ["kept"]


# ---------------------------------------------------------------------- bad destinations


def _live_log(tmp_path: Path) -> Path:
    db = tmp_path / "log.db"
    with RequestLog(db) as log:
        for i in range(200):
            ask(log, f"70b 4bit {i} users " + "x" * 200)
    return db


@pytest.mark.parametrize(
    ("where", "sentence"),
    [
        ("missing", "a pasta {dest} não existe (crie-a, ou confira se o volume está montado)"),
        ("missing_parent", "a pasta {parent} não existe"),
        ("a_file_as_folder", "{parent} não é uma pasta"),
        ("existing_file", "{dest} já existe: dê um novo nome de arquivo ou uma pasta"),
        ("read_only", "não é possível gravar em {dest}:"),
        ("full", "não há espaço em {dest}:"),
    ],
)
def test_bad_destinations_get_one_sentence_and_lose_nothing(tmp_path, where, sentence):
    db = _live_log(tmp_path)
    before = texts(db)
    with contextlib.ExitStack() as stack:
        dest = tmp_path / "dest"
        if where == "missing":
            pass  # a volume that is not mounted: the folder is not there
        elif where == "missing_parent":
            dest = dest / "copy.db"
        elif where == "a_file_as_folder":
            (tmp_path / "dest").write_text("a file")
            dest = dest / "copy.db"
        elif where == "existing_file":
            dest = tmp_path / "copy.db"
            dest.write_text("yesterday's copy")
        elif where == "read_only":
            stack.enter_context(read_only_folder(dest))
        elif where == "full":
            stack.enter_context(tmpfs(dest, "size=64k"))
        done = gpu_log("backup", str(dest), db=db)
        assert done.returncode == 1
        expected = sentence.format(dest=dest, parent=dest.parent)
        assert done.stderr.startswith("gpu-log: " + expected) and done.stderr.count("\n") == 1
        assert "Traceback" not in done.stderr and not done.stdout
        if dest.is_dir():
            assert not [p for p in dest.iterdir() if p.name != "filler"]  # no partial copy left behind
    assert texts(db) == before and integrity(db) == ["ok"]
    if where == "existing_file":
        assert dest.read_text() == "yesterday's copy"
    last = backup.last_backup(db)  # what /healthz shows: the failure, in the audit trail
    assert last["ok"] is False and last["error"]


def test_a_disk_that_fills_up_during_the_copy_is_named_and_the_partial_copy_removed(tmp_path):
    db = _live_log(tmp_path)
    with tmpfs(tmp_path / "small", "size=64k") as small:
        with pytest.raises(BackupError) as error:
            backup._copy_checked(db, small / "copy.db")  # past the room check: the write itself fails
        assert error.value.key == "full"
        assert error.value.sentence("en").startswith(f"not enough room in {small}:")
        assert list(small.iterdir()) == []


def test_a_failing_daily_backup_leaves_the_app_answering_and_logging_and_healthz_says_so(tmp_path):
    with FakeSlack() as fake:
        settings = load_settings(
            slack_bot_token="xoxb-test", slack_signing_secret=SECRET, slack_api_url=fake.base_url,
            db_path=tmp_path / "log.db", backup_dir=tmp_path / "not-mounted",
        )  # fmt: skip
        log = RequestLog(settings.db_path, retry_interval=0.2)
        try:
            application = wsgi(settings, log, start_jobs=True)
            health = application.bolt_app.log_health
            with serve_wsgi(application) as base:
                slack = Slack(
                    fake, f"{base}/slack/events", log, settings.db_path, application.bolt_app.services
                )
                slack.command("8b")
                assert health.backup_job.run_once() is None  # the folder is missing: logged, not raised
                reply = slack.command("70b 4bit")
                assert "Recomendação" in _text(reply["blocks"])
                assert [r["text"] for r in slack.rows()] == ["8b", "70b 4bit"]
                status, body = healthz(base)
        finally:
            log.close()
    assert status == 200 and body["status"] == "degraded"
    assert "scheduled backup failing" in body["problems"]
    scheduled = body["backup"]["scheduled"]
    assert scheduled["last_error"].startswith(f"the folder {tmp_path / 'not-mounted'} does not exist")
    assert scheduled["folder"] == str(tmp_path / "not-mounted") and scheduled["time_utc"] == "03:00"
    assert body["log"]["writable"] is True and body["log"]["pending_rows"] == 0


# ---------------------------------------------------------------------- /healthz


def test_healthz_reports_the_log_and_stays_200_when_the_disk_is_full(tmp_path):
    with tmpfs(tmp_path / "volume", "size=2m") as volume, serve(volume) as slack:
        base = slack.url.removesuffix("/slack/events")
        slack.command("8b")
        slack.log.flush()
        status, body = healthz(base)
        log = body["log"]
        assert status == 200 and body["status"] == "ok" and body["problems"] == []
        assert log["path"] == str((volume / "log.db").absolute()) and log["journal_mode"] == "wal"
        assert log["writable"] is True and log["pending_rows"] == 0 and 0 <= log["last_write_age_s"] < 60
        assert body["backup"] == {"last": None, "scheduled": None, "last_age_s": None}
        assert body["replication"] == {"enabled": False}

        filler = fill(volume)
        for i in range(30):  # enough rows to need new pages in the WAL
            assert "Recomendação" in _text(slack.command(f"70b 4bit {i + 1}users " + "y" * 300)["blocks"])
        slack.log.flush(timeout=1)
        time.sleep(backup_cache_seconds())
        status, body = healthz(base)
        assert status == 200 and body["status"] == "degraded"
        assert body["log"]["writable"] is False and body["log"]["pending_rows"] > 0
        assert "request log not writable" in body["problems"]

        filler.unlink()  # room again: the rows kept in memory are written
        deadline = time.monotonic() + 10
        while slack.log.pending and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(slack.rows()) == 31
        time.sleep(backup_cache_seconds())
        status, body = healthz(base)
        assert body["status"] == "ok" and body["log"]["pending_rows"] == 0


def backup_cache_seconds() -> float:
    from bot.log import health

    return health.CACHE_SECONDS + 0.1


# ---------------------------------------------------------------------- the daily job


class Clock:
    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


def test_the_daily_job_runs_at_its_hour_keeps_the_newest_and_touches_nothing_else(tmp_path):
    db = _live_log(tmp_path)
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me")
    (folder / "gpu-sizer-before-upgrade.db").write_text("a manual copy")
    clock = Clock(datetime(2026, 11, 1, 2, 59, tzinfo=UTC))
    job = BackupJob(db, folder, at="03:00", keep=3, clock=clock)
    assert job.next_run(clock()) == datetime(2026, 11, 1, 3, 0, tzinfo=UTC)
    assert job.next_run(datetime(2026, 11, 1, 3, 0, tzinfo=UTC)) == datetime(2026, 11, 2, 3, 0, tzinfo=UTC)
    made = []
    for day in range(5):
        clock.now = datetime(2026, 11, 1 + day, 3, 0, 1, tzinfo=UTC)
        slot = datetime(2026, 11, 1 + day, 3, 0, tzinfo=UTC)
        made.append(job.run_once(since=slot))
        assert job.run_once(since=slot) is None  # another worker's turn at the same hour: already made
    assert all(made) and job.state.runs == 5 and job.state.last_error is None
    names = sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))
    assert names == [
        "gpu-sizer-20261103T030001Z.db", "gpu-sizer-20261104T030001Z.db", "gpu-sizer-20261105T030001Z.db",
        "gpu-sizer-before-upgrade.db", "notes.txt",
    ]  # fmt: skip
    assert all(integrity(folder / n) == ["ok"] for n in names if n.startswith("gpu-sizer-2026"))


def test_while_one_process_backs_up_the_others_wait_their_turn(tmp_path):
    db = _live_log(tmp_path)
    folder = tmp_path / "backups"
    folder.mkdir()
    with open(folder / backup.LOCK_NAME, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert BackupJob(db, folder).run_once() is None
    assert BackupJob(db, folder).run_once() is not None
    assert len(list(folder.glob("gpu-sizer-*.db"))) == 1


def test_a_missed_backup_is_caught_up_soon_after_start(tmp_path):
    db = _live_log(tmp_path)
    folder = tmp_path / "backups"
    folder.mkdir()
    job = BackupJob(db, folder, first_wait=0.01).start()
    try:
        deadline = time.monotonic() + 10
        while not list(folder.glob("gpu-sizer-*.db")) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        job.stop()
    assert len(list(folder.glob("gpu-sizer-*.db"))) == 1
    assert json.loads(json.dumps(job.state.__dict__))["next_at"]  # the next slot is known for /healthz


# ---------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("overrides", "sentence"),
    [
        ({"backup_time": "3am"}, "GPU_SIZER_BACKUP_TIME must be a time of day in UTC such as 03:00."),
        ({"backup_time": "24:00"}, "GPU_SIZER_BACKUP_TIME must be a time of day in UTC such as 03:00."),
        ({"backup_keep": "0"}, "GPU_SIZER_BACKUP_KEEP must be how many daily backups to keep"),
        ({"replica_url": "/mnt/replica"}, "GPU_SIZER_REPLICA_URL must be a Litestream replica URL"),
        ({"replica_sync_interval": "soon"}, "GPU_SIZER_REPLICA_SYNC_INTERVAL must be a duration such as 1s"),
        ({"replica_check_seconds": "0"}, "GPU_SIZER_REPLICA_CHECK_SECONDS must be a number of seconds"),
    ],
)
def test_backup_and_replica_settings_say_what_is_wrong_in_one_sentence(overrides, sentence):
    with pytest.raises(SettingsError) as e:
        load_settings(**overrides)
    assert str(e.value).startswith(sentence) and str(e.value).endswith(".") and "\n" not in str(e.value)


def test_backup_settings_are_read_and_normalised():
    s = load_settings(backup_dir="/mnt/backups", backup_time="3:30", backup_keep="14", replica_url="")
    assert s.backup_dir == Path("/mnt/backups") and s.backup_time == "03:30" and s.backup_keep == 14
    assert s.replica_url is None and s.replica_sync_interval == "1s"
    assert load_settings(backup_dir="").backup_dir is None


def test_the_last_backup_is_read_from_the_audit_trail_by_any_process(tmp_path):
    db = _live_log(tmp_path)
    assert backup.last_backup(db) is None
    backup.backup(db, tmp_path / "copy.db")
    last = backup.last_backup(db)
    assert (
        last["ok"] is True and last["rows"]["requests"] == 200 and last["path"] == str(tmp_path / "copy.db")
    )


# ---------------------------------------------------------------------- forgetting reaches the backups


def _journal_mode(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        conn.close()


def _held_by(db: Path, user: str) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("select count(*) from requests where user_id = ?", [user]).fetchone()[0]
    finally:
        conn.close()


def test_a_person_forgotten_is_forgotten_in_every_backup_so_a_restore_does_not_bring_them_back(tmp_path):
    live, folder = tmp_path / "log.db", tmp_path / "backups"
    folder.mkdir()
    with RequestLog(live) as log:
        ask(log, "70b para a ana@cliente.com.br", user="U0ANA")
        ask(log, "8b qlora", user="U0BIA")
    daily = BackupJob(live, folder).run_once()
    by_hand = gpu_log("backup", str(tmp_path / "by-hand.db"), db=live)
    assert daily is not None and by_hand.returncode == 0

    done = gpu_log("forget", "U0ANA", "--yes", db=live)
    assert done.returncode == 0, done.stderr
    assert "2 alteradas da mesma forma" in done.stdout
    for copy in (daily.path, tmp_path / "by-hand.db"):
        assert _held_by(copy, "U0ANA") == 0 and _held_by(copy, "U0BIA") == 1 and integrity(copy) == ["ok"]
        assert _journal_mode(copy) == "delete"  # still one file, readable from a read-only medium
        assert not any("ana@" in (t or "") or "70b" in (t or "") for t in texts(copy))
    # Restoring the daily backup (taken before the forget) does not bring them back.
    restored = gpu_log("restore", str(daily.path), "--yes", db=live)
    assert restored.returncode == 0, restored.stderr
    assert _held_by(live, "U0ANA") == 0 and gpu_log("list", "--user", "U0ANA", db=live).stdout.strip() == (
        "Nenhum pedido encontrado."
    )
    # The log the restore replaced, kept beside it, is a copy too: forgetting U0BIA reaches it.
    [kept] = tmp_path.glob("log.before-restore-*.db")
    assert _held_by(kept, "U0BIA") == 1
    assert gpu_log("forget", "U0BIA", "--delete", "--yes", db=live).returncode == 0
    assert _held_by(kept, "U0BIA") == 0 and _held_by(daily.path, "U0BIA") == 0


def test_a_backup_that_cannot_be_changed_is_named_and_forget_can_finish_it_later(tmp_path):
    live = tmp_path / "log.db"
    with RequestLog(live) as log:
        ask(log, "70b", user="U0ANA")
    with tmpfs(tmp_path / "mnt") as mnt:
        copy = backup.backup(live, mnt / "copy.db")
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True, capture_output=True)
        done = gpu_log("forget", "U0ANA", "--yes", db=live)
        assert done.returncode == 1 and _held_by(live, "U0ANA") == 0
        [line] = done.stderr.splitlines()
        assert line == (f"gpu-log: não consegui alterar a cópia {copy.path} (o disco ou o arquivo é só de leitura): "
                        "ela ainda guarda o que saiu do registro; apague-a, ou rode o comando de novo quando ela puder ser "
                        "gravada")  # fmt: skip
        assert _held_by(copy.path, "U0ANA") == 1
        subprocess.run(["mount", "-o", "remount,rw", str(mnt)], check=True, capture_output=True)
        again = gpu_log("forget", "U0ANA", "--yes", db=live)  # nothing left in the log, one copy to finish
        assert again.returncode == 0 and "1 alteradas" in again.stdout and _held_by(copy.path, "U0ANA") == 0
    typo = gpu_log("forget", "U0ANNA", "--yes", db=live)
    assert typo.returncode == 1 and "o registro não tem nada de U0ANNA" in typo.stderr


def test_the_retention_period_holds_in_the_backups_too(tmp_path):
    live, folder = tmp_path / "log.db", tmp_path / "backups"
    folder.mkdir()
    old = "2020-01-01T10:00:00.000+00:00"  # years past the retention
    with RequestLog(live) as log:
        log.record({"surface": "slash_command", "user_id": "U0OLD", "text": "70b antigo", "outcome": "answered",
                    "created_at": old})  # fmt: skip
        ask(log, "8b de hoje", user="U0NEW")
    daily = BackupJob(live, folder).run_once()
    assert daily is not None and texts(daily.path) == ["70b antigo", "8b de hoje"]

    dry = gpu_log("purge", "--dry-run", db=live)
    assert dry.returncode == 0 and texts(daily.path) == ["70b antigo", "8b de hoje"]  # a dry run changes none
    done = gpu_log("purge", db=live)
    assert done.returncode == 0, done.stderr
    assert "1 alteradas da mesma forma" in done.stdout
    assert (
        texts(live) == ["8b de hoje"]
        and texts(daily.path) == ["8b de hoje"]
        and integrity(daily.path) == ["ok"]
    )

    # The running app's daily purge does the same.
    second = backup.backup(live, tmp_path / "second.db")
    with RequestLog(live) as log:
        log.record({"surface": "slash_command", "user_id": "U0OLD", "text": "outro antigo", "outcome": "answered",
                    "created_at": old})  # fmt: skip
    backup.backup(live, tmp_path / "third.db")
    assert "outro antigo" in texts(tmp_path / "third.db")
    RetentionJob(live, 180).run_once()
    assert texts(tmp_path / "third.db") == ["8b de hoje"] and texts(second.path) == ["8b de hoje"]
    conn = sqlite3.connect(live)
    [details] = conn.execute(
        "select details from audit where action = 'purge' order by id desc limit 1"
    ).fetchone()
    conn.close()
    assert json.loads(details)["copies"] == 1  # only the third copy held something to purge


def test_a_backup_stopped_with_sigterm_leaves_no_half_made_copy_and_says_so(tmp_path):
    """A half-made copy holds the log's rows where neither forget nor the retention purge reach them."""
    live, folder = tmp_path / "log.db", tmp_path / "backups"
    folder.mkdir()
    with RequestLog(live) as log:
        ask(log, "70b", user="U0ANA")
    conn = sqlite3.connect(live)
    conn.execute("create table ballast (b blob)")
    conn.executemany("insert into ballast values (randomblob(1000000))", [()] * 150)
    conn.commit()
    conn.close()
    env = {**os.environ, "GPU_SIZER_DB": str(live)}
    process = subprocess.Popen([sys.executable, "-m", "bot.log.logcli", "backup", str(folder)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    deadline = time.monotonic() + 30
    while not any(p.name.startswith(".") for p in folder.iterdir()) and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    if process.returncode == 0:
        pytest.skip("the copy finished before the signal came")
    assert (
        process.returncode == 130 and err.strip() == "gpu-log: interrompido antes de terminar" and out == ""
    )
    assert list(folder.iterdir()) == []


def test_copies_half_made_by_a_killed_process_are_removed_by_the_next_backup(tmp_path):
    live, folder = tmp_path / "log.db", tmp_path / "backups"
    folder.mkdir()
    with RequestLog(live) as log:
        ask(log, "70b", user="U0ANA")
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)  # fmt: skip
    dead = int(gone.stdout)
    stale = [
        folder / f".gpu-sizer-20261130T030000Z.db.partial-{dead}",
        folder / f".copy.db.partial-{dead}-journal",
    ]
    alive = folder / f".gpu-sizer-20261201T030000Z.db.partial-{os.getpid()}"  # a backup under way here
    for path in (*stale, alive):
        path.write_bytes(b"rows of the log")
    copy = backup.backup(live, folder)
    assert sorted(folder.iterdir()) == sorted([alive, copy.path])
