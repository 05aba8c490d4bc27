"""make bench: the engine alone, the web process against bare Bolt with questions asked again and again
(cached) and with every question new (fresh), a year of request log behind a manager's views (log scale),
and gpu-size as a process. Prints a table and writes the same figures as JSON (bench/results.json, or the
path given).

    python -m bench [results.json] [--only engine,cached,fresh,log,cli]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from . import cli, engine, logscale, web

PARTS = ("engine", "cached", "fresh", "log", "cli")

TARGETS = {
    "cached: median ratio to bare Bolt at concurrency 10": (
        "<= 1.5", "web", lambda r: r["levels"]["10"]["ratio_median"] <= 1.5),
    "cached: p99 at concurrency 50": ("< 100 ms", "web", lambda r: r["levels"]["50"]["gpu-sizer"]["p99_ms"] < 100),
    "cached: lost log rows": ("0", "web", lambda r: r["log"]["lost"] == 0),
    "cached: memory growth over 10,000 requests": ("< 10%", "web", lambda r: r["memory"]["growth_pct"] < 10),
    "fresh: median ratio to bare Bolt at concurrency 10": (
        "<= 2", "fresh", lambda r: r["levels"]["10"]["ratio_median"] <= 2),
    "fresh: p99 at concurrency 50": ("< 100 ms", "fresh", lambda r: r["levels"]["50"]["gpu-sizer"]["p99_ms"] < 100),
    "fresh: lost log rows": ("0", "fresh", lambda r: r["log"]["lost"] == 0),
    "log: every /gpu log view (median)": (
        "< 500 ms", "log_scale", lambda r: max(v["median_ms"] for v in r["views"].values()) < 500),
    "log: App Home for a manager (median)": ("< 500 ms", "log_scale", lambda r: r["app_home"]["median_ms"] < 500),
    "log: gpu-log summary --since 180d (median)": (
        "< 1 s", "log_scale", lambda r: r["cli"]["summary --since 180d"]["median_ms"] < 1000),
    "log: CSV export of the whole log, peak memory": (
        "< 200 MB", "log_scale", lambda r: r["export"]["worker_peak_mb"] < 200),
    "log: CSV export in the manager's DM, Slack acknowledged": (
        "< 3 s", "log_scale", lambda r: r["export"]["in_dm"] and r["export"]["ack_ms"] < 3000),
    "cli: gpu-size against python -c pass": ("<= 10x", "cli", lambda r: r["ratio"] <= 10),
}  # fmt: skip


def machine() -> str:
    cpus = os.cpu_count()
    model = ""
    with contextlib.suppress(OSError, StopIteration):
        model = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name"))  # fmt: skip
    return (
        f"{platform.system()} {platform.machine()}, {cpus} CPUs {model}, Python {platform.python_version()}"
    )


def _web_table(title: str, r: dict) -> list[str]:
    header = f"{'concurrency':<12}{'app':<12}{'median ms':>10}{'p99 ms':>10}{'req/s':>10}{'CPU ms/req':>11}{'errors':>8}"
    lines = ["", title, header]
    for level, row in r["levels"].items():
        for app in ("gpu-sizer", "bare-bolt"):
            x = row[app]
            lines.append(f"{level:<12}{app:<12}{x['median_ms']:>10}{x['p99_ms']:>10}{x['rps']:>10}"
                         f"{x['cpu_ms_per_request']:>11}{x['errors']:>8}")  # fmt: skip
        lines.append(f"{'':<12}{'ratio':<12}{row['ratio_median']:>10}{row['ratio_p99']:>10}")
    log = r["log"]
    lines.append(
        f"Log: {log['requests_sent']} requests sent, {log['rows_written']} rows written, {log['lost']} lost"
    )
    caches = r.get("caches") or {}
    if caches:
        rates = ", ".join(f"{name} {c['hit_rate_pct']}% of {c['lookups']}" for name, c in caches.items())
        lines.append(f"Cache hits (parse, size, render): {rates}")
    if "memory" in r:
        m = r["memory"]
        lines.append(f"Memory (gunicorn workers' RSS): {m['rss_before_mb']} MB before, {m['rss_after_mb']} MB "
                     f"after {m['requests']} requests ({m['growth_pct']:+}%)")  # fmt: skip
    return lines


def _log_table(r: dict) -> list[str]:
    lines = ["", f"Log scale: {r['rows']:,} requests over a year ({r['db_mb']} MB), the web process as deployed",
             f"{'/gpu log ...':<28}{'first ms':>9}{'median ms':>10}{'max ms':>8}"]  # fmt: skip
    for name, v in r["views"].items():
        lines.append(f"{name:<28}{v['first_ms']:>9}{v['median_ms']:>10}{v['max_ms']:>8}")
    h = r["app_home"]
    lines.append(f"{'App Home (manager)':<28}{h['first_ms']:>9}{h['median_ms']:>10}{h['max_ms']:>8}")
    e = r["export"]
    lines.append(f"CSV export, whole log: acknowledged in {e['ack_ms']} ms, {e['csv_mb']} MB in the DM after "
                 f"{e['delivered_s']} s; worker peak {e['worker_peak_mb']} MB (was {e['worker_rss_before_mb']} MB)")  # fmt: skip
    lines += ["", f"{'gpu-log ...':<28}{'first ms':>9}{'median ms':>10}{'max ms':>8}"]
    for name, v in r["cli"].items():
        if "median_ms" in v:
            lines.append(f"{name:<28}{v['first_ms']:>9}{v['median_ms']:>10}{v['max_ms']:>8}")
        else:
            lines.append(f"{name:<28} {v['seconds']} s, {v['csv_mb']} MB, peak memory {v['peak_rss_mb']} MB")
    return lines


def table(results: dict) -> str:
    lines = [f"Run on {results['machine']} at {results['when']}"]
    if "engine" in results:
        e = results["engine"]
        lines += ["", f"Engine: parse + size + render, {e['queries']} varied queries: median {e['median_ms']} ms, "
                  f"p99 {e['p99_ms']} ms, max {e['max_ms']} ms"]  # fmt: skip
    if "web" in results:
        lines += _web_table("Cached: 200 questions asked again and again", results["web"])
    if "fresh" in results:
        lines += _web_table("Fresh: every question new", results["fresh"])
    if "log_scale" in results:
        lines += _log_table(results["log_scale"])
    if "cli" in results:
        c = results["cli"]
        bare, ours = (v for k, v in c.items() if isinstance(v, dict))
        lines += ["", f"gpu-size as a process: median {ours['median_ms']} ms ({ours['cpu_median_ms']} ms CPU) against "
                  f"{bare['median_ms']} ms for python -c pass: {c['ratio']}x ({c['ratio_cpu']}x in CPU time)"]  # fmt: skip
    lines += ["", "Targets:"]
    for name, (target, _part, _) in TARGETS.items():
        if name in results["targets"]:
            lines.append(f"  {'met ' if results['targets'][name] else 'MISSED'} {name}: {target}")
    return "\n".join(lines)


def _parts(text: str) -> set[str]:
    names = set(text.split(","))
    if unknown := names - set(PARTS):
        raise argparse.ArgumentTypeError(
            f"unknown part {', '.join(sorted(unknown))}; the parts: {', '.join(PARTS)}"
        )
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="?", type=Path, default=Path(__file__).with_name("results.json"),
                        help="where to write the figures as JSON (default: bench/results.json)")  # fmt: skip
    parser.add_argument("--only", type=_parts, default=set(PARTS), metavar=",".join(PARTS),
                        help="run only these parts, comma-separated")  # fmt: skip
    args = parser.parse_args(argv)
    only, out = args.only, args.results
    results = {"machine": machine(), "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")}
    steps = {"engine": ("engine", engine.run), "cached": ("web", web.run), "fresh": ("fresh", web.run_fresh),
             "log": ("log_scale", logscale.run), "cli": ("cli", cli.run)}  # fmt: skip
    for part in PARTS:
        if part in only:
            key, run = steps[part]
            print(f"... {part}", file=sys.stderr, flush=True)
            results[key] = run()
    results["targets"] = {
        name: check(results[part]) for name, (_, part, check) in TARGETS.items() if part in results
    }
    print(table(results))
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nFigures written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
