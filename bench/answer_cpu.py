"""CPU time of a fresh answer: parse, size, render and log through bot.pipeline.Pipeline.ask, every
question new to the process (nothing cached), measured with time.process_time (the machine may be shared:
wall time would count the other work). Each run is a new process; the figure is the median of the runs.

    python bench/answer_cpu.py                     # this tree
    python bench/answer_cpu.py --against main      # main (a snapshot by git archive) and this tree,
                                                   # run after run, alternating
    python bench/answer_cpu.py --runs 7 --n 1000
    python bench/answer_cpu.py --against main --paired --runs 12 --n 400
                                                   # both trees at the same time, round after round:
                                                   # on a VM shared with other work, each round's two
                                                   # runs meet the same load; the median of the
                                                   # rounds' ratios is the figure

Two question sets: the fresh level's of `make bench` (bench/web.py: any number of users) and the engine
level's (bench/engine.py). Each figure is said with the cyclic garbage collector's part of it and its full
passes (at Python's default thresholds: ~55 ms each over every cache kept, so a run of a few hundred questions
holds one or two, and which does can decide a short run's ratio), and the ratios with and without it.
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


def _question_sets(n: int) -> dict[str, list[str]]:
    sys.path.insert(0, str(ROOT))
    from bench.engine import queries
    from bench.web import fresh_questions

    return {"fresh level": fresh_questions(n + 50, seed=2026), "engine level": queries(n + 50, seed=11)}


def measure(sets: dict[str, list[str]]) -> dict[str, float]:
    """CPU milliseconds per question for each set (the first 50 of each warm the process up), and of them the
    cyclic garbage collector's ("<set> collector", by the collecting thread's CPU clock) and its full passes
    ("<set> full passes"): Python's default thresholds, as `gpu-size` and tests run, not the web worker's."""
    import gc

    os.environ["GPU_SIZER_HUB"] = "off"
    from bot.pipeline import Pipeline, Where

    try:
        from bot.log.requestlog import RequestLog
    except ImportError:  # a revision from before the log had a folder of its own
        from bot.requestlog import RequestLog  # type: ignore[no-redef]

    # A full pass walks every cache kept since the start (~55 ms at 300 questions in): a run of a few hundred
    # questions holds one or two, so which run holds one can decide a ratio of short runs.
    collecting = {"since": 0.0, "spent": 0.0, "full": 0}

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            collecting["since"] = time.thread_time()
            return
        collecting["spent"] += time.thread_time() - collecting["since"]
        collecting["full"] += info["generation"] == 2

    log = RequestLog(os.path.join(tempfile.mkdtemp(prefix="answer-cpu-"), "log.db"))
    out = {}
    gc.callbacks.append(timed)
    for name, texts in sets.items():
        pipeline = Pipeline(log)  # its own caches: every question new
        for text in texts[:50]:
            pipeline.ask(text, Where("slash_command", user_id="U1"))
        collecting.update(spent=0.0, full=0)
        start = time.process_time()
        for text in texts[50:]:
            pipeline.ask(text, Where("slash_command", user_id="U1"))
        out[name] = (time.process_time() - start) * 1000 / len(texts[50:])
        out[f"{name} collector"] = collecting["spent"] * 1000 / len(texts[50:])
        out[f"{name} full passes"] = collecting["full"]
    gc.callbacks.remove(timed)
    log.close()
    return out


def _snapshot(rev: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="answer-cpu-rev-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def _start(tree: Path, questions: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(tree), "GPU_SIZER_HUB": "off"}
    return subprocess.Popen([sys.executable, str(HERE / "answer_cpu.py"), "--measure", str(questions)], cwd=tree,
                            env=env, stdout=subprocess.PIPE, text=True)  # fmt: skip


def _result(process: subprocess.Popen) -> dict[str, float]:
    out, _ = process.communicate()
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, process.args)
    return json.loads(out.strip().splitlines()[-1])


def _run(tree: Path, questions: Path) -> dict[str, float]:
    return _result(_start(tree, questions))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, got {text!r}")
    return value


def _sets(figures: dict[str, list[float]]) -> list[str]:
    """The question sets measured ("fresh level", ...), without their collector's figures; a revision from before
    those were measured has none."""
    return [k for k in figures if not k.endswith((" collector", " full passes"))]


def _said(figures: dict[str, list[float]], key: str, run: int | None = None) -> str:
    """A set's CPU ms and, where measured, the collector's part and its full passes: one run's, or the median and
    the total over the runs."""
    collector, full = figures.get(f"{key} collector"), figures.get(f"{key} full passes")
    if run is not None:
        cpu = figures[key][run]
        extra = f" (collector {collector[run]:.3f}, {full[run]:.0f} full)" if collector and full else ""
    else:
        cpu = statistics.median(figures[key])
        extra = (
            f" (collector {statistics.median(collector):.3f}, {sum(full):.0f} full)"
            if collector and full
            else ""
        )
    return f"{key} {cpu:.3f}{extra}"


def _without(figures: dict[str, list[float]], key: str) -> list[float]:
    """A set's CPU ms of each run less the collector's, where measured."""
    collector = figures.get(f"{key} collector") or [0.0] * len(figures[key])
    return [cpu - gc for cpu, gc in zip(figures[key], collector, strict=True)]


def _ratio(before: list[float], after: list[float], runs: int) -> str:
    ratios = [b / a for a, b in zip(before, after, strict=True)]
    return f"{statistics.median(ratios):.3f} (ahead in {sum(r < 1 for r in ratios)} of {runs})"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python bench/answer_cpu.py",
        description=__doc__.split("\n\n")[0],
        epilog="Two question sets: the fresh level's of `make bench` (bench/web.py) and the engine level's "
        "(bench/engine.py).",
    )
    parser.add_argument(
        "--against", metavar="REV", help="also measure this git revision (e.g. main), run after run"
    )
    parser.add_argument(
        "--runs", type=_positive, default=5, help="processes per tree; the median is said (5)"
    )
    parser.add_argument(
        "--n", type=_positive, default=1000, help="questions a set, after 50 that warm up (1000)"
    )
    parser.add_argument(
        "--paired", action="store_true", help="with --against, start both trees together each round"
    )
    # one measuring process of a run, started by this script itself (a snapshot's copy is started the same way)
    parser.add_argument("--measure", metavar="QUESTIONS_JSON", help=argparse.SUPPRESS)
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.measure:
        print(json.dumps(measure(json.loads(Path(args.measure).read_text(encoding="utf-8")))))
        return 0
    runs, n = args.runs, args.n
    trees = {"this tree": ROOT}
    if args.against:
        trees = {args.against: _snapshot(args.against), **trees}
    questions = Path(tempfile.mkdtemp(prefix="answer-cpu-")) / "questions.json"
    questions.write_text(json.dumps(_question_sets(n)), encoding="utf-8")
    figures: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    paired = args.paired and len(trees) == 2
    for run in range(runs):
        if paired:
            # Started together, in turns first, so that neither always has the machine to itself first.
            order = list(trees.items()) if run % 2 == 0 else list(trees.items())[::-1]
            started = {name: _start(tree, questions) for name, tree in order}
            done = {name: _result(process) for name, process in started.items()}
        else:
            done = {name: _run(tree, questions) for name, tree in trees.items()}
        for name in trees:
            for key, ms in done[name].items():
                figures[name].setdefault(key, []).append(ms)
        print(f"run {run + 1}/{runs}: " + "; ".join(
            f"{name}: " + ", ".join(_said(f, k, -1) for k in _sets(f)) for name, f in figures.items()),
            flush=True)  # fmt: skip
    print(f"CPU ms per fresh answer through Pipeline.ask ({n} questions a set, median of {runs} runs; the collector's"
          " part and its full passes in all runs, at Python's default thresholds):")  # fmt: skip
    for name, f in figures.items():
        print(f"  {name:<12} " + "  ".join(_said(f, k) for k in _sets(f)))
    if len(trees) == 2:
        rev, this = (figures[name] for name in trees)
        print("this tree against it, median of the runs' ratios: " + "  ".join(
            f"{k}: {_ratio(rev[k], this[k], runs)}; without the collector "
            f"{_ratio(_without(rev, k), _without(this, k), runs)}" for k in _sets(rev)))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
