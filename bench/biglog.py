"""A year of request log, as a busy sales team would leave it: 1,000,000 rows written through the app's own
writer (bot.log.requestlog.RequestLog: redaction, batches, the full-text index and the daily roll-up kept by
its triggers), with the leads sales worked on written through bot.log.leads.Leads.

The rows are real answers: a pool of questions (the benchmark's varied queries, the parser's corpus of
real phrasings, greetings the bot does not understand, questions carrying an e-mail or a phone number) goes
through the real pipeline once, and each logged row is one of them, asked by one of 60 reps or 400
customers in 40 shared channels, at a working hour of one of the last 365 days.

Built once and kept outside git (bench/.cache/), so later runs start at once; the file name carries the
generator's version and size, so a change here builds a new one.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.log.leads import Leads
from bot.log.requestlog import RequestLog
from bot.pipeline import Pipeline, Where

from .engine import queries

VERSION = 2
CACHE = Path(__file__).resolve().parent / ".cache"
ROWS = 1_000_000
DAYS = 365
REPS = 60
CUSTOMERS = 400
SHARED_CHANNELS = 40
LEAD_SHARE = 0.008  # of requests: "Quero uma proposta" clicks and the answers worth a call
MANAGER = "UMGR00001"
# Statuses of the leads a year later: most are closed, the recent ones still open.
LEAD_FATES = [("won", 0.12), ("lost", 0.25), ("not_lead", 0.13), ("proposal_sent", 0.12),
              ("contacted", 0.18), ("new", 0.20)]  # fmt: skip
CHATTER = ["bom dia", "oi", "obrigado!", "valeu", "ajuda", "quanto custa?", "tem desconto?", "e agora?",
           "qual a melhor gpu?", "thanks", "hello", "preciso de uma proposta"]  # fmt: skip
PERSONAL = ["meu email é joao.silva@cliente.com.br, {q}", "{q} — me liga no (11) 98765-4321",
            "cpf 123.456.789-09, {q}", "{q}, contato: maria@empresa.com"]  # fmt: skip


class _Capture:
    """Stands in for the request log while the pool is built: keeps the rows the pipeline would write."""

    def __init__(self) -> None:
        self.rows: list[dict] = []

    def record(self, row: dict) -> None:
        self.rows.append(row)

    def first_disclosure(self, channel_id: str) -> bool:
        return False


def path(rows: int = ROWS) -> Path:
    return CACHE / f"log-v{VERSION}-{rows}.db"


def ensure(rows: int = ROWS, say=print) -> Path:
    """The cached log, built first when missing (minutes: the writer indexes every row as the app does)."""
    target = path(rows)
    if target.exists():
        return target
    CACHE.mkdir(exist_ok=True)
    partial = target.with_suffix(".partial")
    for stale in CACHE.glob(partial.name + "*"):
        stale.unlink()
    started = time.monotonic()
    say(f"Building a {rows:,}-row request log in {target} (once; later runs reuse it)...")
    build(partial, rows)
    conn = sqlite3.connect(partial)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything in the file itself before it moves
    conn.close()
    partial.rename(target)
    say(f"  built in {time.monotonic() - started:.0f} s, {target.stat().st_size / 1e6:.0f} MB")
    return target


def _pool(rng: random.Random) -> list[dict]:
    from tests.query_corpus import PHRASINGS

    texts = queries(1500, seed=3) + [t for t, _ in PHRASINGS] + CHATTER
    texts += [rng.choice(PERSONAL).format(q=q) for q in queries(60, seed=5)]
    capture = _Capture()
    pipeline = Pipeline(capture)
    for text in texts:
        pipeline.ask(text, Where("slash_command"))
    # What the answer decided; who asked, where and when are drawn for each logged row.
    drawn = {"created_at", "surface", "team_id", "channel_id", "channel_shared", "user_id", "user_external",
             "duration_ms", "request_key", "event_id"}  # fmt: skip
    return [{k: v for k, v in row.items() if k not in drawn} for row in capture.rows]


def _zipf_weights(n: int, s: float = 1.1) -> list[float]:
    return list(itertools.accumulate(1 / (i + 1) ** s for i in range(n)))


def _times(rng: random.Random, rows: int, end: datetime) -> list[datetime]:
    """Request times over the last DAYS days: weekdays busier than weekends, office hours (UTC-3)."""
    start = end - timedelta(days=DAYS)
    moments = []
    while len(moments) < rows:
        day = start + timedelta(days=rng.random() * DAYS)
        if day.weekday() >= 5 and rng.random() > 0.2:
            continue
        hour = min(23.99, max(0.0, rng.gauss(15.5, 3.5)))  # 12:30 in São Paulo, give or take
        moment = day.replace(hour=int(hour), minute=int(hour % 1 * 60), second=rng.randrange(60),
                             microsecond=rng.randrange(1000) * 1000)  # fmt: skip
        if moment < end:
            moments.append(moment)
    moments.sort()
    return moments


def build(target: Path, rows: int = ROWS, seed: int = 2026) -> None:
    rng = random.Random(seed)
    pool = _pool(rng)
    pool_weights = _zipf_weights(len(pool), 0.9)
    rep_weights = _zipf_weights(REPS)
    customer_weights = _zipf_weights(CUSTOMERS, 0.8)
    reps = [f"UREP{i:05d}" for i in range(REPS)]
    customers = [f"UCUST{i:04d}" for i in range(CUSTOMERS)]
    shared = [f"CSHARED{i:03d}" for i in range(SHARED_CHANNELS)]
    sales = ["CVENDAS01", "CVENDAS02", "CPRESALES"]
    end = datetime.now(UTC).replace(microsecond=0)
    leads: list[dict] = []

    def pick(weights: list[float]) -> int:
        return bisect.bisect(weights, rng.random() * weights[-1])

    with RequestLog(target, retry_interval=0.5) as log:
        for n, moment in enumerate(_times(rng, rows, end)):
            row = dict(pool[min(pick(pool_weights), len(pool) - 1)])
            if rng.random() < 0.75:
                user, external = reps[min(pick(rep_weights), REPS - 1)], 0
                surface = rng.choices(["slash_command", "button", "dm", "form", "home"], [70, 12, 10, 6, 2])[
                    0
                ]
                channel = f"D{user[1:]}" if surface == "dm" else rng.choice([*sales, f"D{user[1:]}"])
                shared_channel = 0
            else:
                index = min(pick(customer_weights), CUSTOMERS - 1)
                user, external = customers[index], 1
                surface = rng.choices(["mention", "thread"], [70, 30])[0]
                channel, shared_channel = shared[index % SHARED_CHANNELS], 1
            row.update(
                created_at=moment, surface=surface, team_id="T0001", channel_id=channel,
                channel_shared=shared_channel, user_id=user, user_external=external,
                duration_ms=round(rng.lognormvariate(math.log(2.5), 0.6), 2), request_key=f"bench-{n:07d}",
                event_id=f"Ev{n:09d}" if surface in ("mention", "thread", "dm") else None,
            )  # fmt: skip
            log.record(row)
            if row["outcome"] == "answered" and rng.random() < LEAD_SHARE / 0.8:
                leads.append(row)
            while log.pending > 20_000:  # the writer keeps up with a burst; a million at once it must pace
                time.sleep(0.02)
        assert log.flush() == 0
    _leads(target, leads, rng, end)


class _BenchLeads(Leads):
    """The app's lead store, without waiting for the disk at each of the build's many thousand commits."""

    def _connect(self):
        conn = super()._connect()
        conn.execute("PRAGMA synchronous = OFF")
        return conn


def _leads(target: Path, requests: list[dict], rng: random.Random, end: datetime) -> None:
    clock_at = [end]
    store = _BenchLeads(target, clock=lambda: clock_at[0].isoformat(timespec="milliseconds"))
    owners = [f"UREP{i:05d}" for i in range(8)]
    fates, weights = zip(*LEAD_FATES, strict=True)
    for row in requests:
        created = row["created_at"]
        clock_at[0] = created
        lead = store.create(
            source=rng.choice(["proposal", "auto"]), request_key=row["request_key"], team_id="T0001",
            channel_id=row["channel_id"], user_id=row["user_id"], user_external=row["user_external"],
            model_id=row["model_id"], stage=row["stage"], precision=row["precision"],
            summary=(row["text"] or "")[:80], recommendation=row["recommendation"],
            contract_mode=row["contract_mode"], total_bytes=row["total_bytes"],
        )  # fmt: skip
        age = (end - created).days
        fate = (
            rng.choices(fates, weights)[0] if age > 30 else rng.choice(["new", "contacted", "proposal_sent"])
        )
        if fate == "new":
            continue
        owner = rng.choice(owners)
        clock_at[0] = min(end, created + timedelta(hours=rng.randrange(1, 48)))
        store.claim(lead["id"], owner)
        if fate != "contacted":
            clock_at[0] = min(end, clock_at[0] + timedelta(days=rng.randrange(1, 20)))
            store.move(lead["id"], "contacted", owner)
        clock_at[0] = min(end, clock_at[0] + timedelta(days=rng.randrange(1, 20)))
        if fate != "contacted":
            store.move(lead["id"], fate, owner)
