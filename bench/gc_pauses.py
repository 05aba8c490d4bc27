"""The cyclic garbage collector in a web worker answering fresh questions: how much CPU its passes take and
how long the longest stall the worker (every request thread waits while a pass runs). The worker's start is
settled as bot/web.py settles it (settle_collector: the start-up heap frozen, then the thresholds), then
questions never asked before go through bot.pipeline.Pipeline.ask, as bench/answer_cpu.py sends them.

    python bench/gc_pauses.py                                  # the worker's thresholds
    python bench/gc_pauses.py --thresholds 5000,2,133 20000,10,10 --runs 3 --n 3000
                                                               # others beside them, run after run

Each run is a new process; the passes are timed by the thread's CPU clock inside gc.callbacks (the machine
may be shared: wall time would count the other work), and the figures are the medians of the runs. The
answers' own wall times are said too, as a sign only on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from bench.answer_cpu import _positive  # noqa: E402


def measure(n: int, thresholds: tuple[int, int, int]) -> dict:
    """One process's figures: the collector's CPU a question, its passes and longest pause by generation, and
    the questions' wall times."""
    import gc

    os.environ["GPU_SIZER_HUB"] = "off"
    from bench.web import fresh_questions
    from bot.log.requestlog import RequestLog
    from bot.pipeline import Pipeline, Where
    from bot.web import settle_collector

    texts = fresh_questions(n + 1, seed=2026)
    log = RequestLog(os.path.join(tempfile.mkdtemp(prefix="gc-pauses-"), "log.db"))
    pipeline = Pipeline(log)
    where = Where("slash_command", user_id="U1")
    pipeline.ask(texts[0], where)  # what a worker has built by its first answer
    settle_collector(thresholds)
    pauses: list[list[float]] = [[], [], []]
    started = [0.0]

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.thread_time()
        else:
            pauses[info["generation"]].append(time.thread_time() - started[0])

    gc.callbacks.append(timed)
    walls = []
    for text in texts[1:]:
        start = time.perf_counter()
        pipeline.ask(text, where)
        walls.append(time.perf_counter() - start)
    gc.callbacks.remove(timed)
    log.close()
    walls.sort()
    return {
        "gc_ms": sum(map(sum, pauses)) * 1000 / n,
        "passes": [len(p) for p in pauses],
        "longest_ms": [max(p, default=0.0) * 1000 for p in pauses],
        "p99_ms": walls[int(0.99 * (len(walls) - 1))] * 1000,
        "max_ms": walls[-1] * 1000,
    }


def _thresholds(text: str) -> tuple[int, int, int]:
    try:
        values = tuple(int(part) for part in text.split(","))
    except ValueError:
        values = ()
    if len(values) != 3 or min(values) < 1:
        raise argparse.ArgumentTypeError(
            f"expected three whole numbers of 1 or more, as 5000,2,133; got {text!r}"
        )
    return values  # type: ignore[return-value]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python bench/gc_pauses.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--thresholds", type=_thresholds, nargs="+", metavar="G0,G1,G2",
                        help="gc.set_threshold values to measure, each in its own processes (the worker's)")  # fmt: skip
    parser.add_argument(
        "--runs", type=_positive, default=3, help="processes per thresholds; the median is said (3)"
    )
    parser.add_argument("--n", type=_positive, default=3000, help="fresh questions a process (3000)")
    # one measuring process, started by this script itself
    parser.add_argument("--measure", metavar="G0,G1,G2", type=_thresholds, help=argparse.SUPPRESS)
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.n, args.measure)))
        return 0
    if not args.thresholds:
        from bot.web import COLLECTOR_THRESHOLDS

        args.thresholds = [COLLECTOR_THRESHOLDS]
    figures: dict[tuple, list[dict]] = {t: [] for t in args.thresholds}
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GPU_SIZER_HUB": "off"}
    for run in range(args.runs):
        for t in args.thresholds if run % 2 == 0 else args.thresholds[::-1]:
            out = subprocess.run([sys.executable, __file__, "--measure", ",".join(map(str, t)), "--n", str(args.n)],
                                 env=env, cwd=ROOT, check=True, capture_output=True, text=True).stdout  # fmt: skip
            figures[t].append(json.loads(out.strip().splitlines()[-1]))
            got = figures[t][-1]
            print(f"run {run + 1}/{args.runs} {t}: collector {got['gc_ms']:.3f} ms a question, passes "
                  f"{got['passes']}, longest {', '.join(f'{v:.1f}' for v in got['longest_ms'])} ms", flush=True)  # fmt: skip
    print(f"The collector over {args.n} fresh questions a process (median of {args.runs} processes):")
    print(f"{'thresholds':<18}{'CPU ms/question':>16}{'passes (0/1/2)':>18}{'longest pause ms (0/1/2)':>28}"
          f"{'answer p99 ms':>15}{'max ms':>9}")  # fmt: skip
    for t, runs in figures.items():
        med = {k: statistics.median(r[k] for r in runs) for k in ("gc_ms", "p99_ms", "max_ms")}
        passes = "/".join(str(statistics.median(r["passes"][g] for r in runs)) for g in range(3))
        longest = "/".join(f"{statistics.median(r['longest_ms'][g] for r in runs):.1f}" for g in range(3))
        print(f"{','.join(map(str, t)):<18}{med['gc_ms']:>16.3f}{passes:>18}{longest:>28}"
              f"{med['p99_ms']:>15.1f}{med['max_ms']:>9.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
