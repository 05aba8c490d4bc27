"""Where a cached answer's CPU goes in the web process, measured without gunicorn or a load generator: the
WSGI application the Procfile's workers run (bot.web.wsgi) and the bare Bolt app (bench/bare_app.py) are
each called in this process with the same signed /gpu requests, the cached level's 200 questions asked
again and again (make bench's "cached" level, whose CPU per request sets its latency on two CPUs).

    python bench/cached_cpu.py                  # CPU ms per request, ours and bare, alternating rounds
    python bench/cached_cpu.py --profile ours   # cProfile of ours (cumulative, top 40)
    python bench/cached_cpu.py --only ours --n 2000 --rounds 1   # under valgrind --tool=callgrind
    python bench/cached_cpu.py --fresh --n 300  # the fresh level's way: every question new to the process
    python bench/cached_cpu.py --calls          # and the Python calls a request makes (sys.setprofile)

CPU is the process's (time.process_time): the request log's writer thread is counted, as make bench counts
the workers' CPU; the rows are flushed before each round's clock stops.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.engine import queries  # noqa: E402
from tests import slack_requests as sr  # noqa: E402
from tests.slack_fake import FakeSlack  # noqa: E402
from tests.slack_harness import SECRET, forget_signatures  # noqa: E402

CHUNK = 100  # requests signed at a time, just before they are sent (a signature is good for 5 minutes)


def _requests(n: int, first: int = 0, texts: list[str] | None = None) -> list[tuple[bytes, dict]]:
    """As bench/web.py sends them: 200 questions (or `texts`, one a request), 20 users, one channel, each
    body signed once."""
    texts = texts or queries(200, seed=11)
    users = [f"U{i:07d}" for i in range(20)]
    out = []
    for i in range(first, first + n):
        body, _ = sr.slash_command(texts[i % len(texts)], user_id=users[i % len(users)], channel_id="C0001",
                                   response_url="http://127.0.0.1:9/unused")  # fmt: skip
        out.append((body.encode(), sr.sign(body, SECRET)))
    return out


def _environ(body: bytes, headers: dict) -> dict:
    return {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/slack/events", "QUERY_STRING": "", "SERVER_PROTOCOL": "HTTP/1.1",
        "CONTENT_LENGTH": str(len(body)), "CONTENT_TYPE": headers["Content-Type"], "wsgi.input": io.BytesIO(body),
        "HTTP_X_SLACK_REQUEST_TIMESTAMP": headers["X-Slack-Request-Timestamp"],
        "HTTP_X_SLACK_SIGNATURE": headers["X-Slack-Signature"], "wsgi.url_scheme": "http",
    }  # fmt: skip


def _start_response(status, headers, exc_info=None):
    if not status.startswith("200"):
        raise SystemExit(f"a request was answered {status}")


class Side:
    """One app, its requests and what flushes the work it queued."""

    def __init__(self, name: str, application, flush) -> None:
        self.name, self.application, self.flush = name, application, flush

    def serve(self, requests, threads: int = 1) -> None:
        app = self.application

        def answer(some) -> None:
            for body, headers in some:
                b"".join(app(_environ(body, headers), _start_response))

        if threads == 1:
            answer(requests)
        else:  # as gunicorn's gthread pool runs them: several request threads sharing the GIL
            pool = [threading.Thread(target=answer, args=(requests[i::threads],)) for i in range(threads)]
            for t in pool:
                t.start()
            for t in pool:
                t.join()
        self.flush()


def _ours(fake: FakeSlack, workdir: Path) -> Side:
    from bot.log import RequestLog
    from bot.settings import load_settings
    from bot.web import wsgi

    settings = load_settings(slack_bot_token="xoxb-bench", slack_signing_secret=SECRET,
                             slack_api_url=fake.base_url, db_path=workdir / "log.db")  # fmt: skip
    log = RequestLog(settings.db_path, spool_dir=settings.spool)
    application = wsgi(settings, log, start_jobs=False)
    services = application.bolt_app.services

    def flush() -> None:
        services.after_ack.drain(10)
        log.flush()

    side = Side("ours", application, flush)
    side.close = lambda: (services.desk.stop(), log.close(), forget_signatures(settings.spool))
    return side


def _bare(fake: FakeSlack) -> Side:
    os.environ.update(SLACK_BOT_TOKEN="xoxb-bench", SLACK_SIGNING_SECRET=SECRET, SLACK_API_URL=fake.base_url)
    from bench.bare_app import wsgi

    side = Side("bare", wsgi(), lambda: None)
    side.close = lambda: None
    return side


def _count_calls(side: Side, requests) -> tuple[float, float]:
    """Python function calls and calls into C a request makes in the thread that answers it (the request
    log's writer thread is not counted: it writes rows in batches, off the request's path)."""
    counts = {"call": 0, "c_call": 0}

    def count(frame, event, arg) -> None:
        if event in counts:
            counts[event] += 1

    sys.setprofile(count)
    try:
        for body, headers in requests:
            b"".join(side.application(_environ(body, headers), _start_response))
    finally:
        sys.setprofile(None)
    side.flush()
    return counts["call"] / len(requests), counts["c_call"] / len(requests)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="requests per round and app (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="request threads answering each chunk at once (gunicorn runs 8 a worker)",
    )
    parser.add_argument("--only", choices=("ours", "bare"), help="one app alone (for callgrind)")
    parser.add_argument("--profile", choices=("ours", "bare"), help="cProfile one app's rounds")
    parser.add_argument("--sort", default="cumulative", help="cProfile sort key (default cumulative)")
    parser.add_argument("--dump", help="with --profile: write the profile to this file (for pstats)")
    parser.add_argument(
        "--fresh", action="store_true", help="every question new (bench/web.py's fresh level)"
    )
    parser.add_argument("--calls", type=int, default=0, metavar="N",
                        help="then count the Python calls of N more requests (sys.setprofile)")  # fmt: skip
    args = parser.parse_args(argv)
    warm = 400
    texts = None
    if args.fresh:
        from bench.web import fresh_questions

        texts = fresh_questions(warm + args.n * args.rounds + args.calls)
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-cached-cpu-"))
    with FakeSlack() as fake:
        sides = [_ours(fake, workdir), _bare(fake)]
        if args.only or args.profile:
            sides = [s for s in sides if s.name == (args.only or args.profile)]
        calls: dict[str, tuple[float, float]] = {}
        try:
            for side in sides:  # warm-up: every question answered once, every user looked up
                for first in range(0, warm, CHUNK):
                    side.serve(_requests(CHUNK, first, texts))
            cpu: dict[str, list[float]] = {s.name: [] for s in sides}
            # CPU time of the request thread, not wall time: a system call that lets the GIL go (a file
            # created, a lock) would otherwise be charged with the time other threads held it.
            profiler = cProfile.Profile(time.thread_time) if args.profile else None
            for r in range(args.rounds):
                # Fresh questions: each round its own, never one the process has seen.
                base = warm + r * args.n if texts else 0
                for side in sides:
                    spent = 0.0
                    for first in range(0, args.n, CHUNK):
                        # a replay is not answered: each request signed anew
                        requests = _requests(min(CHUNK, args.n - first), base + first, texts)
                        if profiler:
                            profiler.enable()
                        start = time.process_time()
                        side.serve(requests, args.threads)
                        spent += time.process_time() - start
                        if profiler:
                            profiler.disable()
                    cpu[side.name].append(spent * 1000 / args.n)
            if args.calls:
                base = warm + args.rounds * args.n if texts else 0
                for side in sides:
                    calls[side.name] = _count_calls(side, _requests(args.calls, base, texts))
        finally:
            for side in sides:
                side.close()
    for name, per in cpu.items():
        print(f"{name:5} CPU ms/request: median {statistics.median(per):.3f}  rounds "
              + " ".join(f"{x:.3f}" for x in per))  # fmt: skip
    for name, (python, c) in calls.items():
        print(f"{name:5} calls/request: Python {python:.1f}  C {c:.1f}")
    if profiler:
        if args.dump:
            profiler.dump_stats(args.dump)
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(args.sort).print_stats(40)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
