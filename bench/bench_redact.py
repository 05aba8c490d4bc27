"""Redaction speed on Slack's longest messages: 40,000 characters (the most a message may hold) of the
shapes that cost a backtracking pattern the most, through redact() (the whole text) and for_log() (what
the request log stores: the first 4,000 characters, redacted).

    .venv/bin/python bench/bench_redact.py

A benchmark, not a test: it prints figures and checks them against the target (a 40,000-character
message costs milliseconds, growing linearly: 4 times the text, about 4 times the time).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sizing.redact import for_log, redact

LENGTH = 40_000
SHAPES = {
    "letters": "a",
    "at-signs": "a" * 100 + "@",
    "digits and spaces": "1 ",
    "plus signs": "+1 ",
    "phones": "(11) 98765-4321 ",
    "tokens": "xoxb-",
    "card-like": "4111 1111 1111 ",
    "mixed": "ana@x.com 11 98765-4321 123.456.789-09 +44 20 7946 0958 sk-abc ",
    "full-width": "１",
}
ROUNDS = 9


def best(fn, *texts: str) -> list[float]:
    """The fastest of ROUNDS runs for each text, the texts taking turns (a noisy moment hits them all)."""
    times: list[list[float]] = [[] for _ in texts]
    for _ in range(ROUNDS):
        for i, text in enumerate(texts):
            start = time.perf_counter()
            fn(text)
            times[i].append((time.perf_counter() - start) * 1000)
    return [min(t) for t in times]


def main() -> None:
    rows = {}
    for name, unit in SHAPES.items():
        text = (unit * (LENGTH // len(unit) + 1))[:LENGTH]
        quarter = text[: LENGTH // 4]
        whole, part = best(redact, text, quarter)
        rows[name] = {
            "redact_ms": round(whole, 2),
            "growth_x4": round(whole / max(part, 1e-3), 1),
            "for_log_ms": round(best(for_log, text)[0], 2),
        }
    print(f"{'40,000 characters':<20}{'redact ms':>11}{'x4 text':>9}{'stored ms':>11}")
    for name, r in rows.items():
        print(f"{name:<20}{r['redact_ms']:>11}{r['growth_x4']:>9}{r['for_log_ms']:>11}")
    worst = max(r["for_log_ms"] for r in rows.values())
    growth = max(r["growth_x4"] for r in rows.values())
    print(
        f"{'met ' if worst < 20 else 'MISSED'} the log's cost per 40,000-character message: < 20 ms (worst {worst})"
    )
    print(
        f"{'met ' if growth < 8 else 'MISSED'} linear growth: 4x the text costs < 8x the time (worst {growth}x)"
    )
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
