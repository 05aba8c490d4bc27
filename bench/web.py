"""The web process as the Procfile starts it (gunicorn serving the Bolt app), side by side with a bare Bolt
app that only acks, on loopback: signed /gpu requests at concurrency 1, 10 and 50; then 10,000 requests to
see the log rows and the workers' resident memory. Two levels:

- cached: 200 varied questions sent again and again (a team asking the same things all day); nearly every
  answer comes from the caches;
- fresh (run_fresh): every request a question never asked before, on a fresh pair of servers; the workers
  report how often their caches still served (a different text can mean the same workload).

The load comes from a separate process (its own GIL), over keep-alive connections, with requests signed
beforehand (Slack signatures stay valid for five minutes).
"""

from __future__ import annotations

import http.client
import json
import multiprocessing as mp
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests import slack_requests as sr
from tests.slack_fake import FakeSlack
from tests.slack_harness import SECRET, forget_signatures
from tests.web_server import free_port

from .engine import CONTEXTS, EXTRAS, MODELS, PRECISIONS, queries

ROOT = Path(__file__).resolve().parents[1]

LEVELS = {1: 500, 10: 3000, 50: 4500}  # concurrency -> requests measured
WARM_UP = 200
MEMORY_RUN = 10_000


def _signed_requests(n: int = 200) -> list[tuple[bytes, dict]]:
    """n distinct signed commands (200 distinct questions, asked again and again): each one is sent
    once, as Slack does, since the app answers a replayed request only once."""
    texts = queries(200, seed=11)
    return _signed([texts[i % len(texts)] for i in range(n)])


def _signed(texts: list[str]) -> list[tuple[bytes, dict]]:
    out = []
    users = [f"U{i:07d}" for i in range(20)]
    for i, text in enumerate(texts):
        body, _ = sr.slash_command(text, user_id=users[i % len(users)], channel_id="C0001",
                                   response_url="http://127.0.0.1:9/unused")  # fmt: skip
        out.append((body.encode(), sr.sign(body, SECRET)))
    return out


def fresh_questions(n: int, seed: int = 2026) -> list[str]:
    """n different questions, as varied as the cached level's but each asked once: the same words, any
    number of users (so even the workloads rarely repeat)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    out = []
    while len(out) < n:
        model, precision, context, extra = (rng.choice(MODELS), rng.choice(PRECISIONS), rng.choice(CONTEXTS),
                                            rng.choice(EXTRAS))  # fmt: skip
        users = f"{rng.randint(1, 400)} {rng.choice(['usuários', 'users', 'usuarios', 'pessoas'])}"
        text = " ".join(part for part in (model, precision, context, users, extra) if part)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


# -- the load generator (runs in its own process) -----------------------------------------------------


def _client(port: int, requests, count, next_index, lock, latencies, errors) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while True:
        with lock:
            i = next(next_index)
        if i >= count:
            break
        body, headers = requests[i % len(requests)]
        start = time.perf_counter()
        try:
            conn.request("POST", "/slack/events", body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        elapsed = (time.perf_counter() - start) * 1000
        with lock:
            (latencies if ok else errors).append(elapsed)
    conn.close()


def _load(port: int, requests, concurrency: int, count: int, queue) -> None:
    import itertools

    lock = threading.Lock()
    latencies: list[float] = []
    errors: list[float] = []
    counter = itertools.count()
    threads = [threading.Thread(target=_client, args=(port, requests, count, counter, lock, latencies, errors))
               for _ in range(concurrency)]  # fmt: skip
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    queue.put((latencies, len(errors), time.perf_counter() - started))


ROUNDS = 5


def _combine(parts: list[dict]) -> dict:
    latencies = sorted(x for p in parts for x in p["latencies"])
    seconds = sum(p["seconds"] for p in parts)
    errors = sum(p["errors"] for p in parts)
    return _figures(latencies, errors, seconds)


def _figures(latencies: list[float], errors: int, seconds: float) -> dict:
    return {
        "requests": len(latencies) + errors,
        "errors": errors,
        "median_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": round(latencies[max(0, int(0.99 * len(latencies)) - 1)], 2) if latencies else None,
        "rps": round(len(latencies) / seconds, 1),
        "latencies": latencies,
        "seconds": seconds,
    }


def _public(figures: dict) -> dict:
    return {k: v for k, v in figures.items() if k not in ("latencies", "seconds")}


def load(port: int, requests, concurrency: int, count: int) -> dict:
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    process = ctx.Process(target=_load, args=(port, requests, concurrency, count, queue))
    process.start()
    latencies, errors, seconds = queue.get()
    process.join()
    return _figures(sorted(latencies), errors, seconds)


# -- the servers --------------------------------------------------------------------------------------


class Server:
    def __init__(self, name: str, command: list[str], env: dict, logdir: Path) -> None:
        """Starts `command` ("{port}" in it becomes the port; $PORT is set too) and waits for it."""
        self.name = name
        self.port = free_port()
        command = [part.replace("{port}", str(self.port)) for part in command]
        self.output = open(logdir / f"{name}.log", "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(command, cwd=ROOT, env={**env, "PORT": str(self.port)},
                                        stdout=self.output, stderr=subprocess.STDOUT)  # fmt: skip
        self._wait()

    def _wait(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.2)
        raise RuntimeError(f"{self.name} did not start; see its log")

    def workers(self) -> list[int]:
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == self.process.pid:
                    pids.append(int(entry.name))
        return pids

    def cpu_seconds(self) -> float:
        """User + system CPU time of the workers so far (from /proc: immune to the machine's noise)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.workers():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / ticks

    def rss_bytes(self) -> int:
        total = 0
        for pid in self.workers():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        return total

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.output.close()


def _count_rows(db: Path) -> int:
    conn = sqlite3.connect(db, timeout=10)
    try:
        return conn.execute("select count(*) from requests where surface = 'slash_command'").fetchone()[0]
    finally:
        conn.close()


def _servers(fake: FakeSlack, workdir: Path) -> tuple[Server, Server, Path]:
    db = workdir / "log.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "GPU_SIZER_"))}
    env.update(SLACK_BOT_TOKEN="xoxb-bench", SLACK_SIGNING_SECRET=SECRET, SLACK_API_URL=fake.base_url,
               GPU_SIZER_DB=str(db), PYTHONPATH=str(ROOT))  # fmt: skip
    # Ours exactly as the Procfile's "web" runs it; the bare app under the same gunicorn settings.
    ours = Server("gpu-sizer", [sys.executable, "-m", "bot", "web"], env, workdir)
    gunicorn = [sys.executable, "-m", "gunicorn", "--config", "python:bot.gunicorn_conf"]
    bare = Server(
        "bare-bolt", [*gunicorn, "--bind", "127.0.0.1:{port}", "bench.bare_app:wsgi()"], env, workdir
    )
    return ours, bare, db


def _level(ours: Server, bare: Server, concurrency: int, count: int, requests_for) -> dict:
    """One concurrency level: rounds alternate between the two apps, so a noisy moment on the machine hits
    both; requests_for() gives each round's signed requests (the same for both apps)."""
    samples: dict[str, list] = {ours.name: [], bare.name: []}
    cpu = {ours.name: 0.0, bare.name: 0.0}
    for _ in range(ROUNDS):
        requests = requests_for(count // ROUNDS)
        for server in (ours, bare):
            before = server.cpu_seconds()
            samples[server.name].append(load(server.port, requests, concurrency, count // ROUNDS))
            cpu[server.name] += server.cpu_seconds() - before
    row = {name: _public(_combine(parts)) for name, parts in samples.items()}
    for name in row:
        row[name]["cpu_ms_per_request"] = round(cpu[name] * 1000 / row[name]["requests"], 3)
    # Paired: each round's ratio compares runs made back to back, so a slow minute on the machine cancels
    # out; the median over rounds is the figure.
    paired = [
        o["median_ms"] / b["median_ms"] for o, b in zip(samples[ours.name], samples[bare.name], strict=True)
    ]
    paired_p99 = [
        o["p99_ms"] / b["p99_ms"] for o, b in zip(samples[ours.name], samples[bare.name], strict=True)
    ]
    row["ratio_median"] = round(statistics.median(paired), 2)
    row["ratio_p99"] = round(statistics.median(paired_p99), 2)
    row["ratio_median_rounds"] = [round(r, 2) for r in paired]
    return row


def run(levels: dict[int, int] = LEVELS, memory_run: int = MEMORY_RUN) -> dict:
    """The cached level, then the workers' memory over memory_run more requests."""
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-bench-"))
    with FakeSlack() as fake:
        ours, bare, db = _servers(fake, workdir)
        sent = 0
        results: dict = {"levels": {}}
        try:
            for server in (ours, bare):
                load(server.port, _signed_requests(WARM_UP), 10, WARM_UP)
            sent += WARM_UP
            for concurrency, count in levels.items():
                row = _level(ours, bare, concurrency, count, _signed_requests)
                sent += row["gpu-sizer"]["requests"]
                results["levels"][str(concurrency)] = row
            before = ours.rss_bytes()
            done = 0
            while done < memory_run:  # in slices, so signatures stay fresh
                batch = min(2500, memory_run - done)
                outcome = load(ours.port, _signed_requests(batch), 10, batch)
                done += outcome["requests"]
            sent += done
            after = ours.rss_bytes()
            results["memory"] = {"requests": done, "rss_before_mb": round(before / 2**20, 1),
                                 "rss_after_mb": round(after / 2**20, 1),
                                 "growth_pct": round((after - before) / before * 100, 1)}  # fmt: skip
        finally:
            ours.stop()  # SIGTERM: gunicorn finishes what is in flight, the log flushes
            bare.stop()
        forget_signatures(Path(f"{db}.spool"))  # what the app remembered in /dev/shm
        results["log"] = {"requests_sent": sent, "rows_written": _count_rows(db)}
        results["log"]["lost"] = sent - results["log"]["rows_written"]
        results["caches"] = _cache_stats(workdir / f"{ours.name}.log")
    return results


FRESH_LEVELS = {10: 3000, 50: 4500}


def run_fresh(levels: dict[int, int] = FRESH_LEVELS) -> dict:
    """The fresh level: every request a question the server has never seen, on servers started for it."""
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-bench-fresh-"))
    questions = iter(fresh_questions(WARM_UP + sum(levels.values()) + ROUNDS * len(levels)))
    with FakeSlack() as fake:
        ours, bare, db = _servers(fake, workdir)
        sent = 0
        results: dict = {"levels": {}}
        try:
            warm_up = _signed([next(questions) for _ in range(WARM_UP)])
            for server in (ours, bare):
                load(server.port, warm_up, 10, WARM_UP)
            sent += WARM_UP
            for concurrency, count in levels.items():
                row = _level(
                    ours, bare, concurrency, count, lambda n: _signed([next(questions) for _ in range(n)])
                )
                sent += row["gpu-sizer"]["requests"]
                results["levels"][str(concurrency)] = row
        finally:
            ours.stop()
            bare.stop()
        results["log"] = {"requests_sent": sent, "rows_written": _count_rows(db)}
        results["log"]["lost"] = sent - results["log"]["rows_written"]
        results["caches"] = _cache_stats(workdir / f"{ours.name}.log")
    return results


def _cache_stats(log: Path) -> dict:
    """The answer caches' lookups and hits over the server's life, summed over its workers (each logs a
    line when it exits), with the hit rate in percent."""
    total: dict[str, dict[str, int]] = {}
    for line in log.read_text(errors="replace").splitlines():
        if "answer caches (worker" in line:
            for name, counts in json.loads(line.split("): ", 1)[1]).items():
                for key, n in counts.items():
                    total.setdefault(name, {}).setdefault(key, 0)
                    total[name][key] += n
    for counts in total.values():
        counts["hit_rate_pct"] = (
            round(100 * counts["hits"] / counts["lookups"], 1) if counts.get("lookups") else None
        )
    return total
