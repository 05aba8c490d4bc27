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
    python bench/answer_cpu.py --priced ...        # the offering priced (PRICES below), as an operator's
                                                   # copy of each tree's own sizing/data: the answers
                                                   # work out and show costs
    python bench/answer_cpu.py --calls [--top 40] [--against main]
                                                   # no timing: Python calls per fresh answer (cProfile,
                                                   # one run a tree), and this tree's costliest
                                                   # functions by their own time

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

# --priced: each GPU's price an hour, in the contract modes of offering.toml, in the spread of a cloud's list
# (the larger GPU dearer); a GPU not named here gets None's.
PRICES = {
    None: "{ on_demand = 12.0, reserved = 8.5, dedicated = 7.0, project_package = 10.0 }",
    "l40": "{ on_demand = 8.0, reserved = 5.6, dedicated = 4.8, project_package = 6.8 }",
    "l40s": "{ on_demand = 9.5, reserved = 6.7, dedicated = 5.7, project_package = 8.1 }",
    "a100-80gb-sxm": "{ on_demand = 14.0, reserved = 9.8, dedicated = 8.4, project_package = 11.9 }",
    "h100-sxm": "{ on_demand = 22.0, reserved = 15.4, dedicated = 13.2, project_package = 18.7 }",
    "h200-sxm": "{ on_demand = 28.0, reserved = 19.6, dedicated = 16.8, project_package = 23.8 }",
}


def _question_sets(n: int) -> dict[str, list[str]]:
    sys.path.insert(0, str(ROOT))
    from bench.engine import queries
    from bench.web import fresh_questions

    return {"fresh level": fresh_questions(n + 50, seed=2026), "engine level": queries(n + 50, seed=11)}


def measure(sets: dict[str, list[str]], top: int | None = None) -> dict[str, float]:
    """CPU milliseconds per question for each set (the first 50 of each warm the process up), and of them the
    cyclic garbage collector's ("<set> collector", by the collecting thread's CPU clock) and its full passes
    ("<set> full passes"): Python's default thresholds, as `gpu-size` and tests run, not the web worker's.
    `top` (--calls): no timing, but the Python calls per question ("<set> calls", cProfile's count, which
    does not vary with the machine's load) and the `top` functions by their own time ("profile")."""
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
    if top is not None:
        return _counted(sets, log, top)
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


def _counted(sets: dict[str, list[str]], log, top: int) -> dict:
    """measure's --calls: the Python calls per fresh answer of each set, and the costliest functions of all."""
    import cProfile
    import io
    import pstats

    from bot.pipeline import Pipeline, Where

    out: dict = {}
    listing = io.StringIO()
    every = pstats.Stats(stream=listing)
    for name, texts in sets.items():
        pipeline = Pipeline(log)
        for text in texts[:50]:
            pipeline.ask(text, Where("slash_command", user_id="U1"))
        counting = cProfile.Profile()
        counting.enable()
        for text in texts[50:]:
            pipeline.ask(text, Where("slash_command", user_id="U1"))
        counting.disable()
        out[f"{name} calls"] = pstats.Stats(counting).total_calls / len(texts[50:])
        every.add(counting)
    every.sort_stats("tottime").print_stats(top)
    out["profile"] = listing.getvalue()
    log.close()
    return out


def _snapshot(rev: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="answer-cpu-rev-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def _start(tree: Path, questions: Path, data: Path | None = None, top: int | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(tree), "GPU_SIZER_HUB": "off"}
    if data is not None:
        env["GPU_SIZER_DATA"] = str(data)
    counting = ["--top", str(top)] if top is not None else []
    return subprocess.Popen([sys.executable, str(HERE / "answer_cpu.py"), "--measure", str(questions), *counting],
                            cwd=tree, env=env, stdout=subprocess.PIPE, text=True)  # fmt: skip


def _priced_data(tree: Path) -> Path:
    """The tree's own sizing/data with PRICES written into its offering (tests/data_folders.py priced_copy)."""
    sys.path.insert(0, str(ROOT))
    from tests.data_folders import priced_copy

    return priced_copy(Path(tempfile.mkdtemp(prefix="answer-cpu-priced-")), PRICES, tree / "sizing" / "data")


def _result(process: subprocess.Popen) -> dict[str, float]:
    out, _ = process.communicate()
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, process.args)
    return json.loads(out.strip().splitlines()[-1])


def _run(tree: Path, questions: Path, data: Path | None = None) -> dict[str, float]:
    return _result(_start(tree, questions, data))


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
    parser.add_argument(
        "--priced", action="store_true", help="the offering priced: answers work out and show costs"
    )
    parser.add_argument(
        "--calls",
        action="store_true",
        help="no timing: Python calls per fresh answer (cProfile), one run a tree",
    )
    parser.add_argument(
        "--top", type=_positive, default=30, help="with --calls, this tree's costliest functions listed (30)"
    )
    # one measuring process of a run, started by this script itself (a snapshot's copy is started the same way)
    parser.add_argument("--measure", metavar="QUESTIONS_JSON", help=argparse.SUPPRESS)
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.measure:
        sets = json.loads(Path(args.measure).read_text(encoding="utf-8"))
        print(json.dumps(measure(sets, args.top if "--top" in argv else None)))
        return 0
    runs, n = args.runs, args.n
    trees = {"this tree": ROOT}
    if args.against:
        trees = {args.against: _snapshot(args.against), **trees}
    data = {name: _priced_data(tree) if args.priced else None for name, tree in trees.items()}
    questions = Path(tempfile.mkdtemp(prefix="answer-cpu-")) / "questions.json"
    questions.write_text(json.dumps(_question_sets(n)), encoding="utf-8")
    if args.calls:
        return _calls(trees, data, questions, args.top, n)
    figures: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    paired = args.paired and len(trees) == 2
    for run in range(runs):
        if paired:
            # Started together, in turns first, so that neither always has the machine to itself first.
            order = list(trees.items()) if run % 2 == 0 else list(trees.items())[::-1]
            started = {name: _start(tree, questions, data[name]) for name, tree in order}
            done = {name: _result(process) for name, process in started.items()}
        else:
            done = {name: _run(tree, questions, data[name]) for name, tree in trees.items()}
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


def _calls(trees: dict[str, Path], data: dict[str, Path | None], questions: Path, top: int, n: int) -> int:
    counted = {name: _result(_start(tree, questions, data[name], top)) for name, tree in trees.items()}
    print(counted["this tree"]["profile"])
    print(f"Python calls per fresh answer through Pipeline.ask (cProfile, {n} questions a set, after 50):")
    for name, figures in counted.items():
        print(f"  {name:<12} " + "  ".join(f"{k} {v:,.0f}" for k, v in figures.items() if k != "profile"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
