"""gpu-log: the request log from a terminal, for managers and for data-subject requests.

    gpu-log list --since 7d --model 70b --status open
    gpu-log show 42
    gpu-log summary --since 30d
    gpu-log export --csv --since month -o requests.csv
    gpu-log export --json --user U0123ABCD          # everything stored about one person
    gpu-log purge --older-than 180 --dry-run
    gpu-log forget U0123ABCD [--delete] [--yes]
    gpu-log audit --since 30d
    gpu-log backup /mnt/backups                 # and verify, restore: see bot/backupcli.py

Every command that reads or changes the log records who ran it in the audit table (actor "cli:<os user>")
before it shows anything: nothing is shown that was not recorded. Bad input exits 2 with one sentence; a log that
is missing or unusable exits 1 with one sentence. A missing file is never created.
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import json
import os
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

from sizing import i18n

from . import backupcli, reports
from .backup import BackupError
from .leads import STATUSES

EXIT_USAGE = 2
EXIT_LOG = 1
DEFAULT_DB = "gpu-sizer.db"
DEFAULT_RETENTION_DAYS = 180


class UsageError(Exception):
    """What was asked cannot be read (a bad option or value): exits 2 with one sentence."""


class LogError(Exception):
    """A gpu-log command that cannot run: one sentence for the user."""


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so errors read as one clear sentence."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def _period(text: str) -> datetime:
    try:
        return reports.parse_period(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _until(text: str) -> datetime:
    # "--until 2025-01-31" includes January 31; "--until 2d" is two days ago.
    try:
        return reports.parse_period(text, end=True)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"“{text}” is not a whole number above zero")
    return value


def build_parser() -> Parser:
    # --db and --lang are accepted before or after the command: gpu-log --db x list, gpu-log list --db x.
    common = Parser(add_help=False)
    common.add_argument(
        "--db", default=argparse.SUPPRESS, help=f"the log's SQLite file ($GPU_SIZER_DB, {DEFAULT_DB})"
    )
    common.add_argument("--lang", default=argparse.SUPPRESS, help="pt-BR (default) or en")
    p = Parser(
        prog="gpu-log", description="The gpu-sizer request log: read, export, purge.", parents=[common]
    )
    commands = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def filters(sub: argparse.ArgumentParser, user: bool = True) -> None:
        sub.add_argument("--rep", help="requests of this internal Slack user id")
        sub.add_argument("--channel", help="Slack channel id")
        sub.add_argument("--model", help="model id or words of it: 70b, llama-3.1-70b, 'llama 70b'")
        sub.add_argument("--stage", help="inference, full, lora, qlora, pretrain")
        sub.add_argument("--status", choices=[*STATUSES, "open"], help="status of the request's lead")
        sub.add_argument("--since", type=_period, help="7d, 24h, 4w, today, week, month or 2025-01-31")
        sub.add_argument("--until", type=_until, help="before this: 2d, or 2025-01-31 (that day included)")
        sub.add_argument("--search", help="words in the (redacted) text")
        if user:
            sub.add_argument("--user", help="requests of this Slack user id, internal or external")
        sub.add_argument("--outcome", help="answered, needs_input, not_understood, failed")

    sub = commands.add_parser("list", parents=[common], help="the latest requests, newest first")
    filters(sub)
    sub.add_argument("--limit", type=_positive, default=50, help="rows to show (default 50)")

    sub = commands.add_parser("show", parents=[common], help="one request in full, with its lead")
    sub.add_argument("id", type=_positive, help="the request's id (first column of list)")

    sub = commands.add_parser("summary", parents=[common], help="counts and bars for a period")
    sub.add_argument("--since", type=_period, default=None, help="default 7d")
    sub.add_argument("--until", type=_until)

    sub = commands.add_parser("export", parents=[common], help="requests as CSV or JSON")
    form = sub.add_mutually_exclusive_group(required=True)
    form.add_argument("--csv", action="store_true")
    form.add_argument("--json", action="store_true")
    filters(sub, user=False)
    sub.add_argument("--user", help="everything stored about this Slack user id (JSON; an access request)")
    sub.add_argument("-o", "--output", help="write to this file instead of the terminal")

    sub = commands.add_parser("purge", parents=[common], help="delete what is older than the retention")
    sub.add_argument(
        "--older-than", type=_positive, metavar="DAYS", help="default $GPU_SIZER_RETENTION_DAYS or 180"
    )
    sub.add_argument("--dry-run", action="store_true", help="only count what would be deleted")

    sub = commands.add_parser("forget", parents=[common], help="anonymize (or delete) one person's data")
    sub.add_argument("user", help="the person's Slack user id")
    sub.add_argument("--delete", action="store_true", help="delete their requests and leads instead")
    sub.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    sub = commands.add_parser("audit", parents=[common], help="who read or changed the log")
    sub.add_argument("--since", type=_period, default=None, help="default 30d")
    sub.add_argument("--limit", type=_positive, default=100)

    backupcli.add_commands(commands, common)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
    except UsageError as e:
        return _fail(f"{e} (gpu-log --help lists the commands)", EXIT_USAGE)
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    db = Path(getattr(args, "db", None) or os.environ.get("GPU_SIZER_DB") or DEFAULT_DB)
    lang = i18n.lang_of(getattr(args, "lang", None))
    try:
        if not db.is_file() and args.command not in backupcli.NEEDS_NO_LOG:
            raise LogError(f"there is no request log at {db} (give its file with --db or GPU_SIZER_DB)")
        return HANDLERS[args.command](db, args, lang)
    except BackupError as e:
        return _fail(e.sentence(lang), EXIT_LOG)
    except UsageError as e:
        return _fail(str(e), EXIT_USAGE)
    except LogError as e:
        return _fail(str(e), EXIT_LOG)
    except ValueError as e:  # reports' own checks of what was asked (a period, a status, a number of days)
        return _fail(str(e), EXIT_USAGE)
    except FileNotFoundError:
        return _fail(f"there is no request log at {db} (give its file with --db or GPU_SIZER_DB)", EXIT_LOG)
    except sqlite3.Error as e:
        return _fail(f"the request log {db} cannot be used: {e}", EXIT_LOG)
    except OSError as e:
        return _fail(f"the request log {db} cannot be used: {e.strerror or e}", EXIT_LOG)


# ---------------------------------------------------------------------- commands


def _list(db: Path, args: argparse.Namespace, lang: str) -> int:
    filters = _filters(args)
    rows = reports.list_requests(db, filters, limit=args.limit)
    _record(db, "list", {"filters": _described(filters), "limit": args.limit, "rows": len(rows)})
    if not rows:
        print(_say(lang, "none"))
        return 0
    print(table(rows, lang), end="")
    return 0


def _show(db: Path, args: argparse.Namespace, lang: str) -> int:
    detail = reports.request_detail(db, args.id)
    _record(db, "show", {"id": args.id, "found": detail is not None})
    if detail is None:
        raise LogError(f"there is no request #{args.id} in {db}")
    print(show(detail), end="")
    return 0


def _summary(db: Path, args: argparse.Namespace, lang: str) -> int:
    since = args.since or reports.parse_period("7d")
    data = reports.summary(db, since, args.until)
    _record(db, "summary", {"since": data["since"], "until": data["until"], "requests": data["total"]})
    print(reports.format_summary(data, lang), end="")
    return 0


def _export(db: Path, args: argparse.Namespace, lang: str) -> int:
    if args.user:
        if args.csv:
            raise UsageError("--user exports everything about one person as JSON: use --json")
        if any(v is not None for v in asdict(_filters(args)).values()):
            raise UsageError("--user exports everything about one person and takes no other filter")
        data = reports.export_user(db, args.user)
        counts = {k: len(v) for k, v in data.items() if isinstance(v, list)}
        _record(db, "export_user", {"user": args.user, "format": "json", "counts": counts})
        text = json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n"
    else:
        filters = _filters(args)
        rows = reports.list_requests(db, filters, limit=None)
        form = "csv" if args.csv else "json"
        _record(db, "export", {"format": form, "filters": _described(filters), "rows": len(rows)})
        text = reports.to_csv(rows) if args.csv else reports.to_json(rows)
    if args.output:
        try:
            # newline="": the CSV's own \r\n line ends stay as they are.
            with open(args.output, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        except OSError as e:
            raise LogError(f"cannot write {args.output}: {e.strerror or e}") from None
    else:
        sys.stdout.write(text)
    return 0


def _purge(db: Path, args: argparse.Namespace, lang: str) -> int:
    days = args.older_than or _retention_days()
    counts = reports.purge(db, days, dry_run=args.dry_run)
    _record(db, "purge", {"older_than_days": days, "dry_run": args.dry_run, "counts": counts})
    head = _say(lang, "would_purge" if args.dry_run else "purged", days=i18n.number(days, lang))
    print(head + " " + _counts(counts, lang))
    return 0


def _forget(db: Path, args: argparse.Namespace, lang: str) -> int:
    if not args.yes:
        if not sys.stdin.isatty():
            _record(db, "refused", {"command": "forget", "reason": "no confirmation"})
            raise UsageError("forget changes the log for good: run it in a terminal to confirm, or add --yes")
        verb = "delete" if args.delete else "anonymize"
        try:
            answer = input(_say(lang, f"confirm_{verb}", user=args.user))
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the prompt is a no
            answer = ""
            print()
        if answer.strip().lower() not in ("y", "yes", "s", "sim"):
            _record(db, "refused", {"command": "forget", "reason": "not confirmed"})
            print(_say(lang, "unchanged"))
            return EXIT_LOG
    counts = reports.forget(db, args.user, delete=args.delete)
    # The alias, not the id: the audit trail must not keep the person the command just removed.
    _record(db, "forget", counts)
    key = "deleted" if args.delete else "anonymized"
    counted = {k: counts[k] for k in ("requests", "leads", "lead_events")}
    print(_say(lang, key, alias=counts["alias"]) + " " + _counts(counted, lang))
    if counts["leads"]:
        print(_say(lang, "cards", user=args.user))
    return 0


def _audit(db: Path, args: argparse.Namespace, lang: str) -> int:
    since = args.since or reports.parse_period("30d")
    rows = reports.audit_rows(db, since, limit=args.limit)
    # Reading the audit trail is reading the log too: recorded as a "list" of the audit table.
    _record(db, "list", {"table": "audit", "since": since.isoformat(), "rows": len(rows)})
    if not rows:
        print(_say(lang, "no_audit"))
        return 0
    for row in rows:
        details = json.dumps(row["details"], ensure_ascii=False, sort_keys=True)
        print(
            f"{_when(row['at'])}  {_fit(row['actor'], 18):<18}  {row['surface']:<5}  {row['action']:<11}  {details}"
        )
    return 0


HANDLERS = {
    "list": _list, "show": _show, "summary": _summary, "export": _export, "purge": _purge, "forget": _forget,
    "audit": _audit, **backupcli.HANDLERS,
}  # fmt: skip


def _record(db: Path, action: str, details: dict) -> None:
    reports.record_audit(db, actor(), "cli", action, details)


def actor() -> str:
    try:
        return f"cli:{getpass.getuser()}"
    except Exception:  # no login name in a bare container
        return "cli:unknown"


# ---------------------------------------------------------------------- text


def _say(lang: str, key: str, **params) -> str:
    """A line of gpu-log's own text, from the message files (section [gpu_log])."""
    return i18n.t(lang, f"gpu_log.{key}", **params)


# Fixed column widths of `gpu-log list`, so every run lines up the same way; longer values end in "…".
WIDTHS = (6, 16, 13, 12, 11, 18, 10, 14, 24, 13)


def table(rows: list[dict], lang: str = "pt-BR") -> str:
    """The rows of `gpu-log list` as fixed-width columns, with a header line."""
    lines = [_line(i18n.messages(i18n.lang_of(lang))["gpu_log.headers"])]
    for r in rows:
        cells = (
            str(r["id"]), _when(r.get("created_at")), r.get("surface"), r.get("user_id"), r.get("channel_id"),
            r.get("model_id"), r.get("precision"), r.get("outcome"), r.get("recommendation"), r.get("lead_status"),
        )  # fmt: skip
        lines.append(_line(cells))
    return "\n".join(lines) + "\n"


def show(detail: dict) -> str:
    """One request in full: every column (the workload as indented JSON), then its lead and events."""
    request = dict(detail["request"])
    lines = [f"request #{request['id']}"]
    workload = request.pop("workload", None)
    for key, value in request.items():
        lines.append(f"  {key:<21} {'—' if value is None else value}")
    if workload:
        with contextlib.suppress(ValueError):
            workload = json.dumps(json.loads(workload), ensure_ascii=False, indent=2)
        lines.append("  workload")
        lines += ["    " + line for line in str(workload).splitlines()]
    lead = detail.get("lead")
    if lead:
        lines += ["", f"lead #{lead['id']}"]
        lines += [
            f"  {key:<21} {'—' if value is None else value}" for key, value in lead.items() if key != "id"
        ]
        lines.append("  events")
        for e in detail.get("events") or []:
            change = " → ".join(filter(None, (e.get("from_status"), e.get("to_status"))))
            note = f"  “{e['note']}”" if e.get("note") else ""
            lines.append(f"    {_when(e['at'])}  {e['by'] or '—'}  {e['action']}  {change}{note}".rstrip())
    return "\n".join(lines) + "\n"


def _line(cells: Sequence[object]) -> str:
    parts = []
    for i, (cell, width) in enumerate(zip(cells, WIDTHS, strict=True)):
        text = _fit("—" if cell is None or cell == "" else str(cell), width)
        parts.append(text.rjust(width) if i == 0 else text.ljust(width))
    return "  ".join(parts).rstrip()


def _fit(text: str, width: int) -> str:
    text = " ".join(str(text).split())  # a newline in the text would break the table
    return text if len(text) <= width else text[: width - 1] + "…"


def _when(text: str | None) -> str:
    """ISO text as "2025-01-02 03:04" in UTC."""
    try:
        moment = datetime.fromisoformat(text or "")
    except ValueError:
        return (text or "—")[:16]
    return (moment.astimezone(UTC) if moment.tzinfo else moment).strftime("%Y-%m-%d %H:%M")


def _counts(counts: dict, lang: str) -> str:
    names = i18n.messages(lang)
    return (
        ", ".join(f"{i18n.number(n, lang)} {names.get(f'gpu_log.count.{k}', k)}" for k, n in counts.items())
        + "."
    )


# ---------------------------------------------------------------------- helpers


def _filters(args: argparse.Namespace) -> reports.Filters:
    return reports.Filters(
        rep=args.rep, channel=args.channel, model=args.model, stage=args.stage, status=args.status,
        since=args.since, until=args.until, user=getattr(args, "user", None) if args.command == "list" else None,
        search=args.search, outcome=args.outcome,
    )  # fmt: skip


def _described(filters: reports.Filters) -> dict:
    """The filters given, for the audit row: values only, datetimes as ISO text."""
    out = {}
    for key, value in asdict(filters).items():
        if value is not None:
            out[key] = value.isoformat() if isinstance(value, datetime) else value
    return out


def _retention_days() -> int:
    text = os.environ.get("GPU_SIZER_RETENTION_DAYS")
    if not text:
        return DEFAULT_RETENTION_DAYS
    try:
        days = int(text)
    except ValueError:
        days = 0
    if days < 1:
        raise UsageError(f"GPU_SIZER_RETENTION_DAYS must be a whole number of days above zero, not “{text}”")
    return days


def _fail(message: str, code: int) -> int:
    print(f"gpu-log: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
