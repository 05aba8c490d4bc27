"""What a request-log row costs the writer by how many rows share a commit: the rows of the cached level's
questions (made by the real app, bench/cached_cpu.py's way), written again into fresh logs in commits of
1, 10, 30, 60 and 100 rows. CPU time of the writing thread: the statements, then the commit (SQLite writes
each page the transaction changed to the WAL once: the table's and its indexes' last pages, the full-text
index's new segment, the roll-up's rows), so a commit costs about the same for 10 rows as for 1.

    python bench/log_commits.py                  # 2,000 rows a size, after 2,000 already in the file
    python bench/log_commits.py --sizes 10,100 --n 4000
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.cached_cpu import CHUNK, _ours, _requests  # noqa: E402
from bot.log import RequestLog  # noqa: E402
from tests.slack_fake import FakeSlack  # noqa: E402


def app_rows(n: int = 400) -> list[dict]:
    """The rows the web app writes for n of the cached level's requests (200 questions, 20 users)."""
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-log-commits-"))
    with FakeSlack() as fake:
        side = _ours(fake, workdir)
        try:
            for first in range(0, n, CHUNK):
                side.serve(_requests(CHUNK, first))
        finally:
            side.close()
    conn = sqlite3.connect(workdir / "log.db")
    conn.row_factory = sqlite3.Row
    rows = [dict(r) for r in conn.execute("select * from requests where surface = 'slash_command'")]
    conn.close()
    for r in rows:
        del r["id"], r["request_key"]  # each written anew gets its own
    return rows


def cost(rows: list[dict], size: int, n: int) -> tuple[float, float]:
    """(statements, commit) CPU µs per row, writing n rows in commits of `size` into a log of n rows."""
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-log-commits-"))
    log = RequestLog(workdir / "log.db", spool_dir=workdir / "spool")
    log._stop.set()  # the writer thread leaves (woken as close() wakes it): this thread writes, timed
    log._wake.set()
    log._gathered.set()
    log._retrier.join()
    for i in range(n):
        log.record(rows[i % len(rows)])
    log.flush()
    db, statements, commits = log._db, 0.0, 0.0
    for start in range(0, n, size):
        for i in range(start, min(n, start + size)):
            log.record(rows[i % len(rows)])
        batch = [log._queue.popleft() for _ in range(len(log._queue))]
        began = time.thread_time()
        db.conn.execute("BEGIN IMMEDIATE")
        log._write_batch(db, batch)
        written = time.thread_time()
        db.conn.commit()
        commits += time.thread_time() - written
        statements += written - began
    log.close()
    return statements * 1e6 / n, commits * 1e6 / n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,10,30,60,100", help="rows a commit, comma-separated")
    parser.add_argument("--n", type=int, default=2000, help="rows written for each size")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each size (the median is shown)")
    args = parser.parse_args(argv)
    rows = app_rows()
    print(f"{len(rows)} rows of the cached level's questions; CPU µs a row (median of {args.repeat} runs)")
    print(f"{'rows a commit':>14}{'statements':>12}{'commit':>10}{'a row':>10}")
    for size in (int(s) for s in args.sizes.split(",")):
        runs = [cost(rows, size, args.n) for _ in range(args.repeat)]
        statements = statistics.median(r[0] for r in runs)
        commit = statistics.median(r[1] for r in runs)
        total = statistics.median(r[0] + r[1] for r in runs)
        print(f"{size:>14}{statements:>12.1f}{commit:>10.1f}{total:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
