"""The request log for managers: filtered lists, a summary with bars, CSV and JSON exports, the retention
purge, data-subject requests (forget, export_user) and the audit trail of who read what.

Every function takes a sqlite_utils.Database (used as it is: its owner migrated it) or a path. A path is
opened for that one call, upgraded to the current schema (an old log gains the new tables), and never
created: a missing file raises FileNotFoundError, so reading a log can never leave an empty one behind.
Reads run in WAL mode, so they never block the bot's writes; writes wait up to BUSY_TIMEOUT for the bot's
quick inserts.

These functions record nothing in the audit table by themselves: the caller (gpu-log, the Slack side)
knows who is asking and calls record_audit.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import itertools
import json
import secrets
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

from sqlite_utils import Database

from sizing import i18n

from . import logtext, logwords
from .leads import CLOSED, OPEN, STATUSES
from .migrations import migrate, utc_now

BUSY_TIMEOUT = 5.0
PAGE = 2000  # rows per read of an export: a few megabytes, whatever the size of the log
DbLike = Database | str | Path

SURFACES = ("slack", "cli", "app")
AUDIT_ACTIONS = (
    "list", "show", "summary", "export", "purge", "forget", "refused", "export_user", "backup", "backup_failed",
    "restore", "verify",
)  # fmt: skip

# The CSV's columns, in this order: the requests table as created by migrations.create_requests, then the
# lead joined to the request, then the columns of later schema steps. Anything else comes after, by name.
REQUEST_COLUMNS = (
    "id", "created_at", "surface", "team_id", "channel_id", "channel_shared", "user_id", "user_external",
    "text", "workload", "outcome", "error_key", "model_id", "stage", "precision", "total_bytes",
    "recommendation", "recommendation_gpu", "recommendation_count", "contract_mode", "duration_ms", "lang",
    "event_id", "request_key",
)  # fmt: skip
# A follow-up reads a lead's state from its row: its status, who has it, when it last changed and its latest note.
CSV_COLUMNS = (
    *REQUEST_COLUMNS, "lead_id", "lead_status", "lead_owner", "lead_updated_at", "lead_note", "unknown_words",
    "missing_model",
)  # fmt: skip

# ---------------------------------------------------------------------- filters


@dataclass
class Filters:
    """What to select from the log; None selects everything.

    rep      requests.user_id of an internal user (user_external = 0): a rep's own questions.
    user     requests.user_id, internal or external (a customer in a shared channel).
    model    every word must start the model id or one of its "-"-separated parts, case-insensitive:
             "70b", "llama-3.1-70b", "llama 70b" and "llama-3.1" all select llama-3.1-70b; "7b" does not
             select qwen2.5-72b.
    status   the status of the request's lead (leads.request_key = requests.request_key), "open", or
             "any" (every request that became a lead).
    since    created_at >= since; until: created_at < until (naive datetimes are UTC).
    search   full-text search (FTS5) on the stored text, which is redacted: an e-mail finds nothing.
    audience "external": people outside the organisation (requests.user_external = 1); "internal": ours.
    """

    rep: str | None = None
    channel: str | None = None
    model: str | None = None
    stage: str | None = None
    status: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    user: str | None = None
    search: str | None = None
    outcome: str | None = None
    audience: str | None = None


def parse_period(text: str, now: datetime | None = None, *, end: bool = False) -> datetime:
    """The moment a period starts, in UTC: "7d", "24h", "4w" (that long before now), "hoje", "ontem",
    "semana passada", "últimos 30 dias", "this week", "last month" (logwords.period reads them all), or an
    ISO date or date-time.

    With end=True, a period that ends (a day, a week, a month) gives its end instead (the next midnight),
    so `until=parse_period("2025-01-31", end=True)` includes the whole of January 31; a relative period
    ("7d") is a moment either way. Raises logwords.LogInputError (a ValueError) for what it cannot read."""
    found = logwords.period(text, now)
    return found.end if end and found.end is not None else found.start


# ---------------------------------------------------------------------- reading


def list_requests(db: DbLike, filters: Filters | None = None, limit: int | None = 50) -> list[dict]:
    """Requests matching the filters, newest first, each with its lead (lead_id, lead_status, lead_owner,
    lead_updated_at, lead_note; None when no lead was opened for it). limit=None: all of them
    (iter_requests reads them a page at a time instead of all at once)."""
    if limit is None:
        return list(iter_requests(db, filters))
    with _open(db) as d:
        return _select(d, filters or Filters(), int(limit))


def iter_requests(db: DbLike, filters: Filters | None = None, page: int = PAGE) -> Iterator[dict]:
    """Every request the filters select, newest first, as list_requests gives them, read `page` rows at a
    time: memory stays flat however large the log, and each page is a short read of its own, so the bot's
    writes (and the log's checkpoints) go on while an export runs."""
    filters = filters or Filters()
    with _open(db) as d:
        after = None
        while True:
            rows = _select(d, filters, page, after)
            yield from rows
            if len(rows) < page:
                return
            after = (rows[-1]["created_at"], rows[-1]["id"])


def select_sql(
    db: Database, filters: Filters, limit: int, after: tuple[str, int] | None = None, *, ordered: bool = True
):
    """The SQL and arguments of one page of requests (exposed so tests can check its query plan).

    Every filter on a column is an equality on an index of (column, created_at), which hands rows over
    newest first, so a page reads about as many rows as it shows. A model filter becomes the exact ids it
    selects; several ids are read side by side (UNION ALL, one index range each, merged in order). A lead
    status starts from the leads with that status, which are few.

    ordered=False: the same rows in no order, for counting them: SQLite then starts from whichever filter
    selects fewest (a searched word's matches), not from the order's index."""
    models = _model_ids(db, filters.model) if filters.model and filters.model.split() else None
    if models == []:
        return None, []  # the model filter selects no model in the log
    where, args = _where(db, filters, ordered)
    if after is not None:
        # Keyset paging: the rows after the last one shown, by (created_at, id), from the same index range.
        where.append("r.created_at <= ? and (r.created_at < ? or r.id < ?)")
        args += [after[0], after[0], after[1]]
    columns = (
        "r.*, l.id as lead_id, l.status as lead_status, l.owner as lead_owner,"
        " l.updated_at as lead_updated_at, l.note as lead_note"
    )
    # The newest lead of the request: a second "Quero uma proposta" click must not repeat the row.
    newest = "(select max(id) from leads where request_key = r.request_key)"
    if filters.status:
        statuses = {"open": sorted(OPEN), "any": sorted(STATUSES)}.get(filters.status, [filters.status])
        source = (
            f"from leads l cross join requests r on r.request_key = l.request_key"
            f" where l.status in ({', '.join('?' * len(statuses))}) and l.id = {newest}"
        )
        args = statuses + args
        where = [source, *where]
    else:
        where = [f"from requests r left join leads l on l.id = {newest} where 1", *where]
    order = " order by r.created_at desc, r.id desc limit ?" if ordered else " limit ?"
    if not ordered:
        columns = "1"
    if models is not None and len(models) > 1 and not filters.status and ordered:
        arms = [f"select * from (select {columns} {' and '.join([*where, 'r.model_id = ?'])}{order})"
                for _ in models]  # fmt: skip
        sql = " union all ".join(arms) + " order by created_at desc, id desc limit ?"
        arm_args = [value for model in models for value in (*args, model, limit)]
        return sql, [*arm_args, limit]
    if models is not None:
        where.append(f"r.model_id in ({', '.join('?' * len(models))})")
        args += models
    return f"select {columns} {' and '.join(where)}{order}", [*args, limit]


def _select(db: Database, filters: Filters, limit: int, after: tuple[str, int] | None = None) -> list[dict]:
    sql, args = select_sql(db, filters, limit, after)
    return [] if sql is None else list(db.query(sql, args))


def request_detail(db: DbLike, request_id: int) -> dict | None:
    """One request with its lead and the lead's events: {"request", "lead", "events"}; None if unknown."""
    with _open(db) as d:
        request = _first(d, "select * from requests where id = ?", [request_id])
        if request is None:
            return None
        sql = "select * from leads where request_key = ? order by id desc limit 1"
        lead = _first(d, sql, [request["request_key"]]) if request["request_key"] else None
        return _detail(d, request, lead)


def lead_detail(db: DbLike, lead_id: int) -> dict | None:
    """One lead by its number (the card's "#7") with its events and the request that opened it:
    {"request" (None when purged or deleted), "lead", "events"}; None if there is no such lead."""
    with _open(db) as d:
        lead = _first(d, "select * from leads where id = ?", [lead_id])
        if lead is None:
            return None
        sql = "select * from requests where request_key = ? order by id limit 1"
        request = _first(d, sql, [lead["request_key"]]) if lead["request_key"] else None
        return _detail(d, request, lead)


def _detail(d: Database, request: dict | None, lead: dict | None) -> dict:
    events = (
        []
        if lead is None
        else list(d.query("select * from lead_events where lead_id = ? order by id", [lead["id"]]))
    )
    return {"request": request, "lead": lead, "events": events}


def summary(db: DbLike, since: datetime, until: datetime | None = None, now: datetime | None = None) -> dict:
    """Counts of the requests created in [since, until), and the sales backlog.

    Every list holds {"name", "count"} sorted by count (highest first), then name (None last). per_rep
    counts internal users only. leads_by_status counts the leads created in the period, by their status
    now; open_leads lists every open lead whatever its age (sales is still working them), oldest first,
    with its age in whole days at `now`.

    Whole UTC days come from the daily roll-up (migrations.daily_rollup), the part-days at the edges of
    the period from the requests themselves, so a summary of six months reads as much as one of a week."""
    now = _utc(now or datetime.now(UTC))
    with _open(db) as d:
        counts = _request_counts(d, _utc(since), _utc(until) if until is not None else None)
        bounds, args = "created_at >= ?", [_iso(since)]
        if until is not None:
            bounds += " and created_at < ?"
            args.append(_iso(until))
        sql = f"select status, count(*) from leads indexed by idx_leads_created_at where {bounds} group by status"
        by_status = dict(d.execute(sql, args).fetchall())
        open_sql = (
            f"select id, created_at, status, owner, user_id, summary from leads"
            f" where status in ({', '.join('?' * len(OPEN))}) order by created_at, id"
        )
        open_leads = []
        for lead in d.query(open_sql, sorted(OPEN)):
            created = _parse_time(lead["created_at"])
            lead["age_days"] = (now - created).days if created else None
            open_leads.append(lead)
        return {
            "since": _iso(since),
            "until": _iso(until) if until is not None else None,
            "total": sum(counts["outcome"].values()),  # every request has one outcome (or None)
            **{key: _ranked(counts[dim]) for key, dim in SUMMARY_DIMENSIONS.items()},
            "leads_by_status": _ranked(by_status),
            "open_leads": open_leads,
        }


# The summary's lists and the roll-up dimension each one counts (migrations.ROLLUP_DIMENSIONS, and "rep").
SUMMARY_DIMENSIONS = {"per_rep": "rep", "outcomes": "outcome", "models": "model", "precisions": "precision",
                      "stages": "stage", "contract_modes": "contract"}  # fmt: skip


def _request_counts(d: Database, since: datetime, until: datetime | None) -> dict[str, dict]:
    """{dimension: {value: requests}} for [since, until): whole days from the roll-up, the rest from rows."""
    counts: dict[str, dict] = {dim: {} for dim in SUMMARY_DIMENSIONS.values()}
    first = since.replace(hour=0, minute=0, second=0, microsecond=0)
    if first < since:
        first += timedelta(days=1)  # the first whole day
    last = until.replace(hour=0, minute=0, second=0, microsecond=0) if until is not None else None
    if last is not None and last <= first:  # no whole day in the period
        _count_rows(d, since, until, counts)
        return counts
    _count_rows(d, since, first, counts)
    sql = "select dim, value, sum(n) from requests_daily where day >= ?"
    args = [first.date().isoformat()]
    if last is not None:
        sql += " and day < ?"
        args.append(last.date().isoformat())
    for dim, value, n in d.execute(sql + " group by dim, value", args):
        if n > 0 and dim in counts:
            key = value or None  # the roll-up stores NULL as ''
            counts[dim][key] = counts[dim].get(key, 0) + n
    if last is not None and until is not None and last < until:
        _count_rows(d, last, until, counts)
    return counts


def request_total(d: Database, since: datetime, until: datetime | None = None) -> int:
    """How many requests were created in [since, until) (whole days from the roll-up)."""
    counts = _request_counts(d, _utc(since), _utc(until) if until is not None else None)
    return sum(counts["outcome"].values())  # every request has one outcome (or None)


def _count_rows(d: Database, start: datetime, end: datetime | None, counts: dict[str, dict]) -> None:
    """Adds the requests created in [start, end) to counts, in one pass over the created_at index."""
    if end is not None and end <= start:
        return
    sql = (
        "select user_id, user_external, outcome, model_id, precision, stage, contract_mode, count(*)"
        " from requests indexed by idx_requests_created_at where created_at >= ?"
    )
    args = [_iso(start)]
    if end is not None:
        sql += " and created_at < ?"
        args.append(_iso(end))
    for user, external, *values, n in d.execute(sql + " group by 1, 2, 3, 4, 5, 6, 7", args):
        keys = dict(zip(("outcome", "model", "precision", "stage", "contract"), values, strict=True))
        if user is not None and not external:
            keys["rep"] = user
        for dim, value in keys.items():
            counts[dim][value] = counts[dim].get(value, 0) + n


def _ranked(counts: dict) -> list[dict]:
    """[{"name", "count"}] by count, highest first, then name, None last (as SQLite orders text)."""
    items = sorted(
        ((k, n) for k, n in counts.items() if n > 0), key=lambda i: (-i[1], i[0] is None, i[0] or "")
    )
    return [{"name": name, "count": n} for name, n in items]


def bar(value: float, maximum: float, width: int = 20) -> str:
    """█████░░░ of value/maximum; anything above zero shows at least one block."""
    filled = 0
    if maximum > 0 and value > 0:
        filled = max(1, min(width, round(value / maximum * width)))
    return "█" * filled + "░" * (width - filled)


# ---------------------------------------------------------------------- the summary as text

TOP = 10  # lines per section in format_summary; the dict has them all

NAME_WIDTH = 24
# The summary's lists of stored codes, shown by name (logtext.value), and those only answers have.
VALUE_KINDS = {
    "outcomes": "outcome",
    "stages": "stage",
    "contract_modes": "contract",
    "leads_by_status": "status",
}
ANSWERED_ONLY = ("models", "precisions", "stages", "contract_modes")


def format_summary(summary: dict, lang: str = "pt-BR") -> str:
    """The summary as plain text with bars, for a terminal or a Slack code block."""
    lang = i18n.lang_of(lang)

    def label(key: str, **params) -> str:
        return i18n.t(lang, f"summary.{key}", **params)

    total = i18n.number(summary["total"], lang)
    since = _display_time(summary["since"])
    if summary.get("until"):
        lines = [label("header_until", since=since, until=_display_time(summary["until"]), total=total)]
    else:
        lines = [label("header", since=since, total=total)]
    for key in ("per_rep", "outcomes", "models", "precisions", "stages", "contract_modes", "leads_by_status"):
        items = summary.get(key) or []
        if key in ANSWERED_ONLY:
            # A question we did not answer has no model: it is counted under the outcomes, not as a model "—".
            items = [i for i in items if i["name"] is not None]
        if not items:
            continue
        kind = VALUE_KINDS.get(key)
        names = [logtext.value(kind, i["name"], lang) if kind else i["name"] for i in items[:TOP]]
        lines += ["", label(key)]
        lines += _bars([_clip("—" if n is None else str(n), NAME_WIDTH) for n in names], items[:TOP], lang)
        if len(items) > TOP:
            lines.append("  " + label("more", n=len(items) - TOP))
    open_leads = summary.get("open_leads") or []
    if open_leads:
        lines += ["", label("open_leads")]
        shown = open_leads[:TOP]
        statuses = [logtext.value("status", lead["status"], lang) for lead in shown]
        owners = [lead.get("owner") or label("nobody") for lead in shown]
        status_width, owner_width = max(map(len, statuses)), max(map(len, owners))
        for lead, status, owner in zip(shown, statuses, owners, strict=True):
            age = lead.get("age_days")
            when = "—" if age is None else label("day" if age == 1 else "days", n=i18n.number(age, lang))
            lines.append(
                f"  #{lead['id']:<5} {when:>9}  {status:<{status_width}}  {owner:<{owner_width}}"
                f"  {_clip(lead.get('summary') or '', 50)}".rstrip()
            )
        if len(open_leads) > TOP:
            lines.append("  " + label("more", n=len(open_leads) - TOP))
    return "\n".join(lines) + "\n"


def _bars(names: list[str], items: list[dict], lang: str) -> list[str]:
    width = max(len(n) for n in names)
    top = max(i["count"] for i in items)
    numbers = [i18n.number(i["count"], lang) for i in items]
    digits = max(len(n) for n in numbers)
    return [
        f"  {name:<{width}}  {bar(i['count'], top)}  {number:>{digits}}"
        for name, i, number in zip(names, items, numbers, strict=True)
    ]


# ---------------------------------------------------------------------- exports


@dataclass(frozen=True)
class CsvFormat:
    """How a CSV is laid out for the spreadsheet that opens it. Excel takes a file as UTF-8 only when it
    starts with the byte-order mark (EF BB BF; SAP's wiki "Excel files - CSV format" lists how Excel tells
    encodings apart), and splits columns at the list separator of the computer's region, which is ";"
    where the decimal mark is a comma (pt-BR, pt-PT) and "," in English (Microsoft Support, "Import or
    export text (.txt or .csv) files"). Decimal numbers use the region's mark so they stay numbers."""

    separator: str = ","
    decimal: str = "."
    bom: bool = False

    @classmethod
    def excel(cls, lang: str, separator: str | None = None) -> CsvFormat:
        """For Excel in this language (pt-BR and pt-PT: ";" and a decimal comma; en: "," and a point);
        a separator given ("," ";" or "\t") wins, with the decimal mark that does not clash with it."""
        comma_decimal = i18n.number(0.5, lang, 1) == "0,5"
        sep = separator or (";" if comma_decimal else ",")
        decimal = "." if sep == "," else ("," if comma_decimal else ".")
        return cls(separator=sep, decimal=decimal, bom=True)


def write_csv(rows: Iterable[dict], out: TextIO, fmt: CsvFormat | None = None) -> int:
    """Writes rows as CSV to `out` as they come (an iter_requests export never sits in memory whole);
    returns how many. A header row first: CSV_COLUMNS in that order, then any other key of the first row
    in name order (the rows of one query share their keys). The workload is one column of JSON; None is an
    empty cell. A text cell starting with = + - @ (also full-width, or after spaces, tabs or line breaks) or
    a tab gets a leading ' so a spreadsheet shows it instead of running it as a formula (the text comes from Slack users, customers included). Column names
    and values are the log's own codes, the same in every language, so every export reads alike; `fmt`
    lays it out (CsvFormat.excel for a spreadsheet; the default is plain comma-separated text). Open a file
    for it with encoding="utf-8" and newline="": the CSV's own line ends are \r\n."""
    fmt = fmt or CsvFormat()
    rows = iter(rows)
    first = next(rows, None)
    extra = sorted(set(first or ()) - set(CSV_COLUMNS))
    if fmt.bom:
        out.write("\ufeff")
    writer = csv.DictWriter(
        out, fieldnames=[*CSV_COLUMNS, *extra], lineterminator="\r\n", delimiter=fmt.separator
    )
    writer.writeheader()
    if first is None:
        return 0
    count = 0
    for row in itertools.chain([first], rows):
        writer.writerow({key: _cell(row.get(key), fmt.decimal) for key in writer.fieldnames})
        count += 1
    return count


def to_csv(rows: Iterable[dict], fmt: CsvFormat | None = None) -> str:
    """The CSV text write_csv writes (encode as UTF-8 to write it out)."""
    out = io.StringIO()
    write_csv(rows, out, fmt)
    return out.getvalue()


def write_json(rows: Iterable[dict], out: TextIO) -> int:
    """Writes a JSON array of the rows to `out` as they come, with the workload as an object rather than
    a string of JSON; returns how many. The text is the same as json.dumps(list, indent=2) would give."""
    count = 0
    for row in rows:
        text = json.dumps(_with_workload(row), ensure_ascii=False, indent=2, default=str)
        out.write(("[\n" if count == 0 else ",\n") + "  " + text.replace("\n", "\n  "))
        count += 1
    out.write("\n]\n" if count else "[]\n")
    return count


def to_json(rows: Iterable[dict]) -> str:
    """The JSON text write_json writes."""
    out = io.StringIO()
    write_json(rows, out)
    return out.getvalue()


def count_requests(db: DbLike, filters: Filters | None = None, most: int | None = None) -> int:
    """How many requests the filters select (what an export of them will hold); with `most`, counting
    stops there (a view says "more than" past it, and reads no more rows than that to say so)."""
    with _open(db) as d:
        # SQLite: a negative limit is no limit.
        sql, args = select_sql(d, filters or Filters(), -1 if most is None else most, ordered=False)
        return 0 if sql is None else d.execute(f"select count(*) from ({sql})", args).fetchone()[0]


def _cell(value: Any, decimal: str = ".") -> Any:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value).replace(".", decimal)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    # Spreadsheets skip leading blanks before a formula: " =HYPERLINK(…)" and "\t=1+1" run too.
    if isinstance(value, str) and (
        value[:1] in FORMULA_START or value.lstrip(" \t\r\n")[:1] in FORMULA_START
    ):
        return "'" + value
    return value


FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def _with_workload(row: dict) -> dict:
    row = dict(row)
    if isinstance(row.get("workload"), str):
        with contextlib.suppress(ValueError):
            row["workload"] = json.loads(row["workload"])
    return row


# ---------------------------------------------------------------------- retention and data subjects


def purge(db: DbLike, older_than_days: int, now: datetime | None = None, dry_run: bool = False) -> dict:
    """Deletes what is older than the retention period; returns how many rows of each table went (or
    would go, with dry_run). This is what the message "retention.statement" tells people (the shared
    channels' notice, the README, gpu-log purge): requests (their full-text entries go with them, by
    trigger), seen Slack events, followed threads and which answer answered which message by their time, whether or not they became a lead;
    closed leads (won, lost, not_lead) whose last change is older than that, with their events. Open leads
    stay whatever their age: sales is still working them. Channels (when the notice was shown) and the
    audit trail are kept."""
    if older_than_days < 1:
        raise ValueError("the retention period must be at least 1 day")
    cutoff = _iso(_utc(now or datetime.now(UTC)) - timedelta(days=older_than_days))
    closed = f"status in ({', '.join('?' * len(CLOSED))}) and coalesce(updated_at, created_at) < ?"
    closed_args = [*sorted(CLOSED), cutoff]
    # Events before their leads: the subquery needs the leads still there.
    targets = [
        ("lead_events", f"lead_id in (select id from leads where {closed})", closed_args),
        ("leads", closed, closed_args),
        ("requests", "created_at < ?", [cutoff]),
        ("seen_events", "seen_at < ?", [cutoff]),
        ("threads", "updated_at < ?", [cutoff]),
        ("answers", "updated_at < ?", [cutoff]),
        ("assistant_threads", "started_at < ?", [cutoff]),
    ]
    with _open(db) as d:
        # a copy older than a table has none of its rows to purge
        tables = {r[0] for r in d.execute("select name from sqlite_master where type = 'table'")}
        targets = [target for target in targets if target[0] in tables]
        if dry_run:
            counts = {
                t: d.execute(f"select count(*) from {t} where {w}", a).fetchone()[0] for t, w, a in targets
            }
        else:
            _erase_for_good(d)
            with _transaction(d) as conn:
                counts = {t: conn.execute(f"delete from {t} where {w}", a).rowcount for t, w, a in targets}
                if counts["requests"]:
                    _optimize_fts(conn)
        return {t: counts.get(t, 0) for t in ("requests", "seen_events", "threads", "leads", "lead_events")}


def forget(db: DbLike, user_id: str, delete: bool = False, alias: str | None = None) -> dict:
    """A data-subject request: removes one person from the log.

    By default it anonymizes, so the counts of the summary stay right: their requests keep the workload
    (no personal data), channel and outcome, but user_id becomes one alias ("forgotten-<hash>", a hash of
    the id with a random salt, so the id cannot be found again by hashing candidates) and the text is
    cleared (its full-text entries too). Leads they asked for keep the summary; user_id becomes the alias
    and the notes, on the lead and in its events, are cleared. With delete=True their requests and those
    leads (with all their events) are deleted instead.

    Either way, where they acted as a rep: lead events they made (`by`) and leads they own get the alias,
    and "reassigned from <id>" notes name the alias; the events stay, as they are the history of someone
    else's lead. The audit trail is kept as it is: it records who accessed the log. Threads have no user
    column and are not touched.

    alias: the one to use (the same person forgotten in a backup copy keeps the live log's alias).

    Returns {"alias", "deleted", "requests", "leads", "lead_events"}: rows changed or deleted."""
    if not user_id:
        raise ValueError("forget needs a user id")
    alias = (
        alias or "forgotten-" + hashlib.sha256(secrets.token_bytes(16) + user_id.encode()).hexdigest()[:10]
    )
    theirs = "select id from leads where user_id = ?"
    reassigned = REASSIGNED
    with _open(db) as d:
        _erase_for_good(d)
        with _transaction(d) as conn:
            held = _held(conn, user_id)
            counts = {"leads": held["leads"] + held["owned"], "lead_events": held["lead_events"]}
            if delete:
                conn.execute(f"delete from lead_events where lead_id in ({theirs})", [user_id])
                conn.execute("delete from leads where user_id = ?", [user_id])
                counts["requests"] = conn.execute(
                    "delete from requests where user_id = ?", [user_id]
                ).rowcount
            else:
                conn.execute(f"update lead_events set note = null where lead_id in ({theirs})", [user_id])
                conn.execute("update leads set user_id = ?, note = null where user_id = ?", [alias, user_id])
                # What was not understood comes from their text: it goes with it.
                sql = (
                    "update requests set user_id = ?, text = null, unknown_words = null, missing_model = null"
                    " where user_id = ?"
                )
                counts["requests"] = conn.execute(sql, [alias, user_id]).rowcount
            conn.execute("update lead_events set [by] = ? where [by] = ?", [alias, user_id])
            conn.execute("update leads set owner = ? where owner = ?", [alias, user_id])
            # that they were welcomed in their direct messages goes (a copy older than the table has none)
            if conn.execute(
                "select 1 from sqlite_master where type = 'table' and name = 'welcomed'"
            ).fetchone():
                conn.execute("delete from welcomed where user_id = ?", [user_id])
            sql = f"update lead_events set note = 'reassigned from ' || ? where {reassigned}"
            conn.execute(sql, [alias, user_id])
            if counts["requests"]:
                _optimize_fts(conn)
        # Best effort: copy the WAL's pages into the file and empty it, so old versions do not linger there.
        with contextlib.suppress(sqlite3.Error):
            d.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return {"alias": alias, "deleted": delete, **counts}


REASSIGNED = "action = 'claimed' and note = 'reassigned from ' || ?"


def forget_preview(db: DbLike, user_id: str) -> dict:
    """What forget() would change for this person, changing nothing: {"requests": their requests,
    "leads": leads they asked for, "owned": leads they handle, "lead_events": lead events it touches}."""
    with _open(db) as d:
        return _held(d.conn, user_id)


def _held(conn: sqlite3.Connection, user_id: str) -> dict:
    """The rows forget() changes, counted (the same conditions as its statements)."""

    def count(sql: str, args: list) -> int:
        return conn.execute(sql, args).fetchone()[0]

    theirs = "select id from leads where user_id = ?"
    return {
        "requests": count("select count(*) from requests where user_id = ?", [user_id]),
        "leads": count("select count(*) from leads where user_id = ?", [user_id]),
        "owned": count("select count(*) from leads where owner = ? and user_id is not ?", [user_id, user_id]),
        "lead_events": count(
            f"select count(*) from lead_events where lead_id in ({theirs}) or [by] = ? or ({REASSIGNED})",
            [user_id, user_id, user_id],
        ),
    }


def export_user(db: DbLike, user_id: str) -> dict:
    """Everything the log holds about one person, for an access request (LGPD Art. 18 II): their requests,
    the leads they asked for, the leads they own as a rep, the lead events they made, what the sales team
    did and noted on the leads they asked for (events_on_their_leads: notes about them are data about
    them), when they were welcomed in their direct messages, and their audit rows."""
    with _open(db) as d:

        def rows(sql: str, args: list) -> list[dict]:
            return [_with_workload(r) for r in d.query(sql, args)]

        tables = {r[0] for r in d.execute("select name from sqlite_master where type = 'table'")}
        theirs = "lead_id in (select id from leads where user_id = ?) and [by] is not ?"
        return {
            "user_id": user_id,
            "exported_at": utc_now(),
            "requests": rows("select * from requests where user_id = ? order by created_at, id", [user_id]),
            "leads": rows("select * from leads where user_id = ? order by id", [user_id]),
            "leads_owned": rows("select * from leads where owner = ? order by id", [user_id]),
            "lead_events": rows("select * from lead_events where [by] = ? order by id", [user_id]),
            "events_on_their_leads": rows(
                f"select * from lead_events where {theirs} order by id", [user_id, user_id]
            ),
            # a copy older than the table has none
            "welcomed": rows("select * from welcomed where user_id = ?", [user_id])
            if "welcomed" in tables
            else [],
            "audit": [
                _audit_row(r) for r in d.query("select * from audit where actor = ? order by id", [user_id])
            ],
        }


# ---------------------------------------------------------------------- audit


def record_audit(db: DbLike, actor: str, surface: str, action: str, details: dict | None = None) -> None:
    """One row in the audit trail. details: filters, counts, formats; never the rows themselves."""
    if surface not in SURFACES:
        raise ValueError(f"unknown audit surface {surface!r} (use one of: {', '.join(SURFACES)})")
    if action not in AUDIT_ACTIONS:
        raise ValueError(f"unknown audit action {action!r} (use one of: {', '.join(AUDIT_ACTIONS)})")
    text = json.dumps(details or {}, ensure_ascii=False, sort_keys=True, default=str)
    with _open(db) as d, _transaction(d) as conn:
        sql = "insert into audit (at, actor, surface, action, details) values (?, ?, ?, ?, ?)"
        conn.execute(sql, [utc_now(), actor, surface, action, text])


def audit_rows(db: DbLike, since: datetime | None = None, limit: int | None = 100) -> list[dict]:
    """Audit rows, newest first, with details as a dict."""
    sql, args = "select * from audit", []
    if since is not None:
        sql += " where at >= ?"
        args.append(_iso(since))
    sql += " order by at desc, id desc"
    if limit is not None:
        sql += " limit ?"
        args.append(int(limit))
    with _open(db) as d:
        return [_audit_row(r) for r in d.query(sql, args)]


def _audit_row(row: dict) -> dict:
    with contextlib.suppress(TypeError, ValueError):
        row["details"] = json.loads(row["details"])
    return row


# ---------------------------------------------------------------------- the file


@contextlib.contextmanager
def _open(db: DbLike) -> Iterator[Database]:
    if isinstance(db, Database):
        yield db
        return
    path = Path(db)
    if not path.is_file():
        raise FileNotFoundError(f"no request log at {path}")
    # mode=rw: SQLite must not create the file should it vanish between the check and the open.
    conn = sqlite3.connect(path.absolute().as_uri() + "?mode=rw", uri=True, timeout=BUSY_TIMEOUT)
    try:
        database = Database(conn)
        database.enable_wal()
        migrate(database)  # nothing to do, and no write lock taken, on an up-to-date log
        yield database
    finally:
        conn.close()


@contextlib.contextmanager
def _transaction(db: Database) -> Iterator[sqlite3.Connection]:
    """One transaction that takes the write lock first; inside a caller's transaction, a savepoint."""
    conn = db.conn
    if conn.in_transaction:
        conn.execute("SAVEPOINT reports")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK TO reports")
            conn.execute("RELEASE reports")
            raise
        conn.execute("RELEASE reports")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.rollback()
        raise
    conn.execute("COMMIT")


def _first(db: Database, sql: str, args: list) -> dict | None:
    # list(): a cursor left unfinished would hold its read snapshot open on the caller's connection.
    rows = list(db.query(sql, args))
    return rows[0] if rows else None


def _erase_for_good(db: Database) -> None:
    # Deleted and overwritten content is zeroed in the file, not just unlinked (LGPD: gone means gone).
    db.execute("PRAGMA secure_delete = ON")


def _optimize_fts(conn: sqlite3.Connection) -> None:
    # FTS5 marks deleted entries and drops their words from the index only when segments merge: merge now.
    conn.execute("insert into requests_fts (requests_fts) values ('optimize')")


def _where(db: Database, f: Filters, ordered: bool = True) -> tuple[list[str], list[Any]]:
    """The conditions on requests (r) of every filter but the model and the lead status, which select_sql
    turns into how the rows are found."""
    where: list[str] = []
    args: list[Any] = []

    def add(clause: str, *values: Any) -> None:
        where.append(clause)
        args.extend(values)

    if f.status and f.status not in ("open", "any") and f.status not in STATUSES:
        raise logwords.LogInputError("status_unknown", text=f.status)
    if f.rep:
        add("r.user_id = ? and coalesce(r.user_external, 0) = 0", f.rep)
    if f.user:
        add("r.user_id = ?", f.user)
    if f.channel:
        add("r.channel_id = ?", f.channel)
    if f.stage:
        add("r.stage = ?", f.stage)
    if f.outcome:
        add("r.outcome = ?", f.outcome)
    if f.audience:
        if f.audience not in logwords.VALUES["audience"]:
            raise logwords.LogInputError("audience_unknown", text=f.audience)
        # Read through another filter's index, checked row by row: who asked is a yes or no, too coarse
        # for an index of its own.
        add("coalesce(r.user_external, 0) = ?", int(f.audience == "external"))
    if f.since:
        add("r.created_at >= ?", _iso(f.since))
    if f.until:
        add("r.created_at < ?", _iso(f.until))
    if f.search and f.search.strip():
        words = fts_words(f.search)
        if words:
            # The unary + keeps SQLite from fetching every match and sorting them (a common word matches a
            # sixth of the log): rows are read newest first by the other filters' index, each checked
            # against the matches.
            # Unordered (a count), the matches are where to start.
            add(
                f"{'+' if ordered else ''}r.rowid in (select rowid from requests_fts where requests_fts match ?)",
                words,
            )
        else:
            add("0")  # nothing to search for in what was typed ("", "..."): nothing matches
    return where, args


def fts_words(text: str) -> str:
    """What people type as words to find, never FTS syntax: each word a quoted phrase (a stray quote,
    AND, NEAR, * or "" is just text), all of them required. Words with nothing to index (only quotes or
    punctuation) are dropped: "" when none is left."""
    words = [w for w in text.split() if any(c.isalnum() for c in w)]
    return " ".join('"' + w.replace('"', '""') + '"' for w in words)


def _model_ids(db: Database, text: str) -> list[str]:
    """The model ids a model filter selects, exactly: those in the log where every word starts the id or
    one of its "-"-separated parts ("70b", "llama 70b", "llama-3.1"), and the catalogue model the whole
    text names (an alias such as "mixtral" or "Llama 3.3 70B Instruct"). The log's ids come from the daily
    roll-up, a few hundred rows, so the filter itself is an exact match on an index."""
    words = text.lower().split()
    known = [row[0] for row in db.execute("select distinct value from requests_daily where dim = 'model'")]
    ids = {m for m in known if m and all(m.lower().startswith(w) or f"-{w}" in m.lower() for w in words)}
    with contextlib.suppress(Exception):  # a catalogue that cannot load still leaves the words
        from sizing.catalog import load_catalog, normalize
        from sizing.names import name_index

        named = name_index(load_catalog().models).get(normalize(text))
        if named is not None:
            ids.add(named.id)
    return sorted(ids)


def _utc(moment: datetime) -> datetime:
    """Aware and in UTC; a naive datetime is taken as UTC, as the rest of the log is."""
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def _iso(moment: datetime) -> str:
    # The same text form as created_at (migrations.utc_now), so text comparison is time comparison.
    return _utc(moment).isoformat(timespec="milliseconds")


def _parse_time(text: str | None) -> datetime | None:
    try:
        return _utc(datetime.fromisoformat(text)) if text else None
    except ValueError:
        return None


def _display_time(text: str | None) -> str:
    moment = _parse_time(text)
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else (text or "")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
