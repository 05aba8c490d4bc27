"""make bench: the engine alone, then the web process against bare Bolt. Prints a table and writes the same
figures as JSON (bench/results.json, or the path given)."""

from __future__ import annotations

import contextlib
import json
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from . import engine, web

TARGETS = {
    "median ratio to bare Bolt at concurrency 10": (
        "<= 1.5",
        lambda r: r["levels"]["10"]["ratio_median"] <= 1.5,
    ),
    "p99 at concurrency 50": ("< 100 ms", lambda r: r["levels"]["50"]["gpu-sizer"]["p99_ms"] < 100),
    "lost log rows": ("0", lambda r: r["log"]["lost"] == 0),
    "memory growth over 10,000 requests": ("< 10%", lambda r: r["memory"]["growth_pct"] < 10),
}


def machine() -> str:
    cpus = os.cpu_count()
    model = ""
    with contextlib.suppress(OSError, StopIteration):
        model = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name"))  # fmt: skip
    return (
        f"{platform.system()} {platform.machine()}, {cpus} CPUs {model}, Python {platform.python_version()}"
    )


def table(results: dict) -> str:
    lines = [f"Run on {results['machine']} at {results['when']}", ""]
    e = results["engine"]
    lines.append(f"Engine: parse + size + render, {e['queries']} varied queries: median {e['median_ms']} ms, "
                 f"p99 {e['p99_ms']} ms, max {e['max_ms']} ms")  # fmt: skip
    header = f"{'concurrency':<12}{'app':<12}{'median ms':>10}{'p99 ms':>10}{'req/s':>10}{'CPU ms/req':>11}{'errors':>8}"
    lines += ["", header]
    for level, row in results["web"]["levels"].items():
        for app in ("gpu-sizer", "bare-bolt"):
            r = row[app]
            lines.append(
                f"{level:<12}{app:<12}{r['median_ms']:>10}{r['p99_ms']:>10}{r['rps']:>10}"
                f"{r['cpu_ms_per_request']:>11}{r['errors']:>8}"
            )
        lines.append(f"{'':<12}{'ratio':<12}{row['ratio_median']:>10}{row['ratio_p99']:>10}")
    m, log = results["web"]["memory"], results["web"]["log"]
    lines += ["", f"Log: {log['requests_sent']} requests sent, {log['rows_written']} rows written, {log['lost']} lost",
              f"Memory (gunicorn workers' RSS): {m['rss_before_mb']} MB before, {m['rss_after_mb']} MB after "
              f"{m['requests']} requests ({m['growth_pct']:+}%)", "", "Targets:"]  # fmt: skip
    for name, (target, _) in TARGETS.items():
        met = results["targets"][name]
        lines.append(f"  {'met ' if met else 'MISSED'} {name}: {target}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path(__file__).with_name("results.json")
    results = {"machine": machine(), "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")}
    results["engine"] = engine.run()
    results["web"] = web.run()
    results["targets"] = {name: check(results["web"]) for name, (_, check) in TARGETS.items()}
    print(table(results))
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nFigures written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
