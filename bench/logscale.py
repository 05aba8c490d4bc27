"""The log-scale level: a year of request log (bench/biglog.py, 1,000,000 rows) behind the web process as
the Procfile starts it, and a manager using it the way they would.

- `/gpu log` with each kind of filter: the signed slash command over HTTP, timed until Slack has the view
  (it is answered in the acknowledgement), the median of a few tries after a first one.
- App Home for a manager (the week's summary): the app_home_opened event, timed until views.publish
  reaches Slack's stand-in.
- The CSV export of the whole log: the button's acknowledgement, then the file in the manager's DM and the
  "exported" notice; the peak resident memory of the web workers (VmHWM) says what the export cost.
- gpu-log as a process: `summary --since 180d`, `list`, filtered lists, and `export --csv` of everything
  with the process's peak memory.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests import slack_requests as sr
from tests.slack_fake import FakeSlack
from tests.slack_harness import SECRET

from . import biglog
from .web import Server

ROOT = Path(__file__).resolve().parents[1]
TRIES = 5  # after one first try, which is reported apart (a cold cache)
SIX_MONTHS_AGO = (datetime.now(UTC) - timedelta(days=182)).date().isoformat()

# What a manager types after /gpu log, by what it exercises.
VIEWS = {
    "no filter": "",
    "rep": "rep:<@UREP00004|carla>",
    "channel": "canal:<#CSHARED007|cliente-x>",
    "customer": "usuario:UCUST0150",
    "model 70b": "modelo:70b",
    "model qwen (several ids)": "modelo:qwen",
    "model llama 3.1": "modelo:llama-3.1",
    "model absent": "modelo:mixtral",
    "stage lora": "etapa:lora",
    "outcome failed": "resultado:not_understood",
    "status open": "status:aberto",
    "status won": "status:ganho",
    "since 30d": "desde:30d",
    "until 6 months ago": f"ate:{SIX_MONTHS_AGO}",
    "text word": "memória",
    "text rare word": "utilizadores",
    "rep + model + since": "rep:<@UREP00001|bia> modelo:70b desde:90d",
}
CLI = {
    "summary --since 180d": ["summary", "--since", "180d"],
    "summary (7 days)": ["summary"],
    "list": ["list"],
    "list --model 70b": ["list", "--model", "70b"],
    "list --status open": ["list", "--status", "open"],
    "list --search memória": ["list", "--search", "memória"],
}


def _post(port: int, body: str) -> tuple[float, int, str]:
    started = time.perf_counter()
    status, _, text = sr.post(
        f"http://127.0.0.1:{port}/slack/events", body, sr.sign(body, SECRET), timeout=60
    )
    return (time.perf_counter() - started) * 1000, status, text


def _figures(times: list[float]) -> dict:
    first, rest = times[0], sorted(times[1:])
    return {
        "first_ms": round(first, 1),
        "median_ms": round(statistics.median(rest), 1),
        "max_ms": round(rest[-1], 1),
    }


def _views(port: int, fake: FakeSlack) -> dict:
    out = {}
    for name, text in VIEWS.items():
        times = []
        for _ in range(TRIES + 1):
            body, _ = sr.slash_command(f"log {text}".strip(), user_id=biglog.MANAGER, channel_id="DMGR00001",
                                       response_url=fake.response_url())  # fmt: skip
            elapsed, status, reply = _post(port, body)
            if status != 200 or "Registro" not in reply:
                raise RuntimeError(f"/gpu log {text} answered {status}: {reply[:200]}")
            times.append(elapsed)
        out[name] = {"filters": text, **_figures(times)}
    return out


def _wait(fake: FakeSlack, method: str, count: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while len(fake.calls(method)) < count:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{method} did not reach Slack within {timeout} s")
        time.sleep(0.002)


def _home(port: int, fake: FakeSlack) -> dict:
    times = []
    for n in range(TRIES + 1):
        before = len(fake.calls("views.publish"))
        body = sr.event(sr.app_home_opened(biglog.MANAGER), event_id=f"EvHome{time.time_ns()}")
        started = time.perf_counter()
        _post(port, body)
        _wait(fake, "views.publish", before + 1, 30)
        times.append((time.perf_counter() - started) * 1000)
        if n == 0 and "█" not in json.dumps(
            fake.calls("views.publish")[-1].params["view"], ensure_ascii=False
        ):
            raise RuntimeError("App Home shows no summary")
    return _figures(times)


def _peak_rss(server: Server) -> tuple[float, float]:
    """(now, peak since start) resident memory of the largest web worker, in MB."""
    now = peak = 0
    for pid in server.workers():
        fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
        now = max(now, int(fields["VmRSS"].split()[0]))
        peak = max(peak, int(fields["VmHWM"].split()[0]))
    return round(now / 1024, 1), round(peak / 1024, 1)


def _export(port: int, fake: FakeSlack, server: Server, rows: int) -> dict:
    rss_before, peak_before = _peak_rss(server)
    body = sr.block_actions("log_export", "{}", user_id=biglog.MANAGER, channel_id="DMGR00001",
                            response_url=fake.response_url("export"))  # fmt: skip
    started = time.perf_counter()
    ack_ms, _, _ = _post(port, body)
    _wait(fake, "response_url", len(fake.calls("response_url")) + 1, 600)
    total = time.perf_counter() - started
    notice = fake.calls("response_url")[-1]
    uploads = list(fake.uploads.values())
    size = uploads[-1]["length"] if uploads else 0
    _, peak_after = _peak_rss(server)
    completed = fake.calls("files.completeUploadExternal")
    return {
        "rows_in_log": rows,
        "ack_ms": round(ack_ms, 1),
        "delivered_s": round(total, 1),
        "csv_mb": round(size / 1e6, 1),
        "in_dm": bool(completed) and completed[-1].params.get("channel_id", "").startswith("D"),
        "notice": json.dumps(notice.params.get("blocks", ""), ensure_ascii=False)[:200],
        "worker_rss_before_mb": rss_before,
        "worker_peak_before_mb": peak_before,
        "worker_peak_mb": peak_after,
    }


def _cli(db: Path, env: dict) -> dict:
    out = {}
    gpu_log = [sys.executable, "-m", "bot.log.logcli", "--db", str(db)]
    for name, argv in CLI.items():
        times = []
        for _ in range(TRIES + 1):
            started = time.perf_counter()
            done = subprocess.run([*gpu_log, *argv], cwd=ROOT, env=env, capture_output=True, text=True)
            times.append((time.perf_counter() - started) * 1000)
            if done.returncode != 0:
                raise RuntimeError(f"gpu-log {' '.join(argv)}: {done.stderr.strip()}")
        out[name] = _figures(times)
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "all.csv"
        # The child's own peak, measured by a parent that runs nothing else.
        probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
                 "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")  # fmt: skip
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", probe, *gpu_log, "export", "--csv", "-o", str(target)],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=True)  # fmt: skip
        out["export --csv (whole log)"] = {
            "seconds": round(time.perf_counter() - started, 1),
            "csv_mb": round(target.stat().st_size / 1e6, 1),
            "peak_rss_mb": round(int(done.stdout.split()[-1]) / 1024, 1),
        }
    return out


def run(rows: int = biglog.ROWS) -> dict:
    db = biglog.ensure(rows)
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-logscale-"))
    with FakeSlack(keep_uploads=False) as fake:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "GPU_SIZER_"))}
        env.update(SLACK_BOT_TOKEN="xoxb-bench", SLACK_SIGNING_SECRET=SECRET, SLACK_API_URL=fake.base_url,
                   GPU_SIZER_DB=str(db), GPU_SIZER_MANAGERS=biglog.MANAGER, PYTHONPATH=str(ROOT),
                   # The log spans a year; the purge the app runs must leave it whole for the next run.
                   GPU_SIZER_RETENTION_DAYS=str(biglog.DAYS + 30))  # fmt: skip
        server = Server("gpu-sizer-logscale", [sys.executable, "-m", "bot", "web"], env, workdir)
        try:
            results = {
                "rows": rows,
                "db_mb": round(db.stat().st_size / 1e6),
                "views": _views(server.port, fake),
            }
            results["app_home"] = _home(server.port, fake)
            results["export"] = _export(server.port, fake, server, rows)
        finally:
            server.stop()
        results["cli"] = _cli(db, env)
    return results
