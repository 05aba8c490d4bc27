"""Where the gunicorn workers' CPU goes under make bench's cached level, thread by thread: our app (bot.web)
and the bare Bolt app (bench/bare_app.py), both served by gunicorn with the Procfile's settings
(bot/gunicorn_conf.py), get the same signed /gpu requests (the cached level's 200 questions), alternating
rounds, as bench/web.py sends them.

    python bench/worker_cpu.py                       # concurrency 10, 5 rounds of 600 requests each
    python bench/worker_cpu.py --concurrency 50 --rounds 3
    python bench/worker_cpu.py --py-spy 20           # and a 20 s py-spy profile of one of our workers
    python bench/worker_cpu.py --profile             # cProfile of the WSGI calls, in each request thread
    BENCH_GUNICORN_CONFIG=/path/conf.py python bench/worker_cpu.py   # other gunicorn settings, for both

Each worker's threads are read from /proc (CPU time, immune to the machine's noise) before and after each
round, and named with `py-spy dump` when py-spy is installed (not a dependency of the project: `pip install
py-spy`; without it, only gunicorn's main thread is told apart, the others counted as request threads). The request threads are gunicorn's gthread
pool: HTTP parsing, the WSGI call (timed by bench/measured_app.py's wrapper), writing the response and its
access line; the in-process bench/cached_cpu.py measures the WSGI call alone. The garbage collector's
passes are timed too.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import measured_app, web  # noqa: E402
from tests.slack_fake import FakeSlack  # noqa: E402
from tests.slack_harness import forget_signatures  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
PY_SPY_THREAD = re.compile(r'^Thread (0x[0-9A-Fa-f]+|\d+) \(\w+\)(?:: "(?P<name>[^"]*)")?')


def _threads(pid: int) -> dict[int, tuple[int, int]]:
    """tid -> (user ticks, system ticks) of every thread of the process."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[int(task.name)] = (int(fields[11]), int(fields[12]))
    return out


def _names(pid: int) -> dict[int, str]:
    """tid -> Python thread name, from `py-spy dump` (empty without py-spy)."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        return {}
    try:
        text = subprocess.run(
            [spy, "dump", "--pid", str(pid)], capture_output=True, text=True, timeout=30
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    names = {}
    for line in text.splitlines():
        m = PY_SPY_THREAD.match(line)
        if m and m.group(1).isdigit():
            names[int(m.group(1))] = m.group("name") or "?"
    return names


def _role(pid: int, tid: int, names: dict[int, str]) -> str:
    name = names.get(tid)
    if tid == pid:
        return "main (gunicorn's loop)"
    if not names:  # no py-spy: every other thread counted with the request threads
        return "request threads (gthread pool)"
    if name is None:
        return "other (not Python's)"
    # gunicorn's pool threads are ThreadPoolExecutor-N_M; ours carry their own prefixes.
    if re.fullmatch(r"ThreadPoolExecutor-\d+_\d+", name):
        return "request threads (gthread pool)"
    return re.sub(r"_\d+$", "_*", name)


def _servers(fake: FakeSlack, workdir: Path) -> tuple[web.Server, web.Server, Path]:
    """Both apps under the Procfile's gunicorn settings, as bench/web.py runs them, each wrapped by
    bench/measured_app.py to count its WSGI calls' CPU."""
    db = workdir / "log.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "GPU_SIZER_"))}
    env.update(SLACK_BOT_TOKEN="xoxb-bench", SLACK_SIGNING_SECRET=web.SECRET, SLACK_API_URL=fake.base_url,
               GPU_SIZER_DB=str(db), PYTHONPATH=str(ROOT), BENCH_WSGI_CPU_DIR=str(workdir))  # fmt: skip
    config = os.environ.get("BENCH_GUNICORN_CONFIG", "python:bot.gunicorn_conf")  # to try other settings
    gunicorn = [sys.executable, "-m", "gunicorn", "--config", config, "--bind", "127.0.0.1:{port}"]
    ours = web.Server("gpu-sizer", [*gunicorn, "bench.measured_app:ours()"], env, workdir)
    bare = web.Server("bare-bolt", [*gunicorn, "bench.measured_app:bare()"], env, workdir)
    return ours, bare, db


def _wsgi_cpu(server: web.Server, folder: Path) -> dict[int, tuple[float, ...]]:
    return {pid: measured_app.read(str(folder), pid) for pid in server.workers()}


def measure(server: web.Server, requests, concurrency: int, count: int, names: dict, folder: Path) -> dict:
    before = {pid: _threads(pid) for pid in server.workers()}
    wsgi_before = _wsgi_cpu(server, folder)
    outcome = web.load(server.port, requests, concurrency, count)
    after = {pid: _threads(pid) for pid in server.workers()}
    wsgi_after = _wsgi_cpu(server, folder)
    spent = [
        sum(after[i] - wsgi_before.get(pid, (0.0,) * 8)[i] for pid, after in wsgi_after.items())
        for i in range(8)
    ]
    wsgi = spent[0] * TICKS
    for pid, threads in after.items():
        if threads.keys() - names.get(pid, {}).keys():  # a pool grew during the round: name its threads
            names[pid] = _names(pid)
    roles: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for pid, threads in after.items():
        for tid, (user, system) in threads.items():
            u0, s0 = before.get(pid, {}).get(tid, (0, 0))
            role = _role(pid, tid, names.get(pid, {}))
            roles[role][0] += user - u0
            roles[role][1] += system - s0
    # The request threads' CPU split: inside the WSGI call (the thread's CPU clock) and the rest.
    pool = roles.pop("request threads (gthread pool)", [0, 0])
    roles["request threads: the WSGI call"] = [wsgi, 0]
    roles["request threads: gunicorn around it"] = [sum(pool) - wsgi, 0]
    return {"outcome": outcome, "roles": dict(roles), "gc": spent[2:]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument("--n", type=int, default=600, help="requests a round, per app")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--warm-up", type=int, default=1200, help="requests before the rounds, per app")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="cProfile each request thread's WSGI calls (files prof-PID-TID in the workdir)",
    )
    parser.add_argument("--py-spy", type=int, default=0, metavar="SECONDS",
                        help="then profile one of our workers under load with py-spy (written to the workdir)")  # fmt: skip
    args = parser.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-workercpu-"))
    if args.profile:
        os.environ["BENCH_PROFILE"] = "1"
    with FakeSlack() as fake:
        ours, bare, db = _servers(fake, workdir)
        try:
            for server in (ours, bare):  # each worker sees every question (make bench's levels 1 and 10 do)
                web.load(server.port, web._signed_requests(args.warm_up), 10, args.warm_up)
            names = {pid: _names(pid) for s in (ours, bare) for pid in s.workers()}
            (workdir / "profile-on").touch()  # the warm-up's fresh answers stay out of the profiles
            totals: dict[str, dict[str, list[int]]] = {ours.name: defaultdict(lambda: [0, 0]),
                                                        bare.name: defaultdict(lambda: [0, 0])}  # fmt: skip
            requests: dict[str, int] = defaultdict(int)
            medians: dict[str, list[float]] = defaultdict(list)
            collected: dict[str, list[float]] = defaultdict(lambda: [0.0] * 6)
            for _ in range(args.rounds):
                signed = web._signed_requests(args.n)
                for server in (ours, bare):
                    got = measure(server, signed, args.concurrency, args.n, names, workdir)
                    requests[server.name] += got["outcome"]["requests"]
                    medians[server.name].append(got["outcome"]["median_ms"])
                    collected[server.name] = [
                        a + b for a, b in zip(collected[server.name], got["gc"], strict=True)
                    ]
                    for role, (u, s) in got["roles"].items():
                        totals[server.name][role][0] += u
                        totals[server.name][role][1] += s
            for server in (ours, bare):
                n = requests[server.name]
                rows = sorted(totals[server.name].items(), key=lambda kv: -sum(kv[1]))
                whole = sum(u + s for u, s in totals[server.name].values())
                print(f"\n{server.name}: {n} requests at concurrency {args.concurrency}, "
                      f"median latency by round {medians[server.name]}")  # fmt: skip
                print(f"  {'thread':<38}{'CPU ms/req':>11}")
                for role, (u, s) in rows:
                    if u + s:
                        print(f"  {role:<38}{(u + s) * 1000 / TICKS / n:>11.3f}")
                print(f"  {'all':<38}{whole * 1000 / TICKS / n:>11.3f}")
                gcs = collected[server.name]
                print("  garbage collector (in any thread): " + ", ".join(
                    f"generation {g}: {gcs[2 * g + 1] / n:.3f} passes and {gcs[2 * g] * 1000 / n:.3f} ms a request"
                    for g in range(3)))  # fmt: skip
            if args.py_spy:
                spy = str(Path(sys.executable).with_name("py-spy"))
                pid = ours.workers()[0]
                out = workdir / "ours.py-spy.txt"
                profiler = subprocess.Popen([spy, "record", "--pid", str(pid), "--duration", str(args.py_spy),
                                             "--threads", "--gil", "--nonblocking", "--format", "raw",
                                             "--output", str(out)])  # fmt: skip
                deadline = time.monotonic() + args.py_spy
                while time.monotonic() < deadline:
                    web.load(ours.port, web._signed_requests(args.n), args.concurrency, args.n)
                profiler.wait()
                print(f"py-spy profile (collapsed stacks, only while a thread held the GIL): {out}")
        finally:
            ours.stop()
            bare.stop()
            forget_signatures(Path(f"{db}.spool"))
    print(f"servers' logs in {workdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
