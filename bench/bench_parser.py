"""Parser speed: median and p99 time per query over the test corpus (tests/query_corpus.py).

    .venv/bin/python bench/bench_parser.py

A benchmark, not a test: it prints figures and whether they meet the parser's time budget (a typical
query well under a millisecond: the median under 0.5 ms, the 99th percentile under 2 ms), and fails nothing.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


from sizing.catalog import load_catalog
from sizing.query import QueryError, parse
from tests.query_corpus import BAD_INPUTS, PHRASINGS

ROUNDS = 50
TARGETS = {"median_ms": 0.5, "p99_ms": 2.0}  # the parser's time budget, per query


def main() -> None:
    catalog = load_catalog()
    texts = [t for t, _ in PHRASINGS] + [t for t, _, _ in BAD_INPUTS if len(t) <= 4000]
    for text in texts:  # warm-up: indexes, regex caches
        with contextlib.suppress(QueryError):
            parse(text, catalog)
    timings = []
    for _ in range(ROUNDS):
        for text in texts:
            start = time.perf_counter_ns()
            with contextlib.suppress(QueryError):
                parse(text, catalog)
            timings.append((time.perf_counter_ns() - start) / 1e6)
    timings.sort()
    figures = {
        "queries": len(texts),
        "rounds": ROUNDS,
        "median_ms": round(statistics.median(timings), 4),
        "p90_ms": round(timings[int(0.90 * len(timings))], 4),
        "p99_ms": round(timings[int(0.99 * len(timings))], 4),
        "max_ms": round(timings[-1], 4),
    }
    print(
        f"{'parse()':<10}{'median':>10}{'p90':>10}{'p99':>10}{'max':>10}  (ms per query, {len(texts)} queries x {ROUNDS})"
    )
    print(
        f"{'':<10}{figures['median_ms']:>10}{figures['p90_ms']:>10}{figures['p99_ms']:>10}{figures['max_ms']:>10}"
    )
    for key, limit in TARGETS.items():
        print(f"  {'met' if figures[key] < limit else 'MISSED'}  {key.removesuffix('_ms')} < {limit} ms")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
