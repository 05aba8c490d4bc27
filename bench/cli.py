"""gpu-size as a process, against a bare interpreter: `python -c pass` and `gpu-size 70b 4bit 32k 10users`
run alternately, wall time and CPU time of each, medians over the runs. Our modules are compiled to
bytecode first, as an installed package has them."""

from __future__ import annotations

import compileall
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 21
QUESTION = ["70b", "4bit", "32k", "10users"]


def _run(command: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall * 1000, cpu * 1000


def run(runs: int = RUNS) -> dict:
    for package in ("sizing", "bot"):
        compileall.compile_dir(ROOT / package, quiet=1)
    script = Path(sys.executable).with_name("gpu-size")  # the command as installed (make creates it)
    gpu_size = [str(script)] if script.exists() else [sys.executable, "-m", "bot.cli"]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "gpu-size " + " ".join(QUESTION): [*gpu_size, *QUESTION],
    }
    for command in commands.values():  # the first run of each warms the disk cache
        _run(command)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(_run(command))
    out = {
        name: {"median_ms": round(statistics.median(w for w, _ in t), 1),
               "cpu_median_ms": round(statistics.median(c for _, c in t), 1)}
        for name, t in times.items()
    }  # fmt: skip
    bare, ours = out.values()
    out["ratio"] = round(ours["median_ms"] / bare["median_ms"], 1)
    out["ratio_cpu"] = round(ours["cpu_median_ms"] / bare["cpu_median_ms"], 1)
    return out
