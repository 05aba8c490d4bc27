"""gpu-log: the request log from a terminal, for managers and for data-subject requests.

    gpu-log list --since 7d --model 70b --status aberto
    gpu-log show 42
    gpu-log lead 7                                  # lead #7 as its card numbers it, with its history
    gpu-log summary --period semana passada
    gpu-log gaps --since 30d                        # what we could not answer
    gpu-log export --csv --period ontem -o requests.csv   # opens in Excel (BOM, the language's separator)
    gpu-log export --json --user U0123ABCD          # everything stored about one person
    gpu-log purge --older-than 180 --dry-run
    gpu-log forget U0123ABCD [--delete] [--yes]
    gpu-log audit --since 30d
    gpu-log backup /mnt/backups                 # and verify, restore: see bot/log/backupcli.py

Every command that reads or changes the log records who ran it in the audit table (actor "cli:<os user>")
before it shows anything: nothing is shown that was not recorded. Bad input exits 2 with one sentence; a log that
is missing or unusable exits 1 with one sentence. A missing file is never created. Everything it prints, errors
included, is in one language: --lang, else GPU_SIZER_LANG, else Brazilian Portuguese.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import getpass
import itertools
import json
import os
import signal
import sqlite3
import sys
import threading
from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from pathlib import Path

from sizing import i18n

from . import backupcli, gaps, logtext, logwords, reports, spool
from .argwords import argparse_sentence, lang_in, localized
from .backup import BackupError, forget_in_copies, purge_in_copies
from .logwords import LogInputError
from .retention import statement

SQLITE_MAX = 2**63 - 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by a signal
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


def _positive(lang: str, clamp: bool = True):
    def positive(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise argparse.ArgumentTypeError(_error(lang, "not_positive", text=text))
        # SQLite's integers stop at 2**63 - 1: a larger limit is "all of them" (an id is checked by _show).
        return min(value, SQLITE_MAX) if clamp else value

    return positive


def _separator(lang: str):
    def separator(text: str) -> str:
        sep = {"tab": "\t", "\\t": "\t", "\t": "\t"}.get(text.lower(), text)
        if sep not in (",", ";", "\t"):
            raise argparse.ArgumentTypeError(_error(lang, "separator", text=text))
        return sep

    return separator


PERIOD = "PERIOD"


def _localized(parser: argparse.ArgumentParser, lang: str) -> argparse.ArgumentParser:
    return localized(parser, usage=_help(lang, "usage"), arguments=_help(lang, "arguments"),
                     options=_help(lang, "options"), help_line=_help(lang, "help"))  # fmt: skip


def _help(lang: str, key: str, **params) -> str:
    return i18n.t(lang, f"gpu_log.help.{key}", **params)


def build_parser(lang: str = i18n.DEFAULT_LANG) -> Parser:
    h = lambda key, **params: _help(lang, key, **params)  # noqa: E731 - read as one word below
    # --db and --lang are accepted before or after the command: gpu-log --db x list, gpu-log list --db x.
    common = Parser(add_help=False)
    common.add_argument("--db", default=argparse.SUPPRESS, help=h("db", default=DEFAULT_DB))
    common.add_argument("--lang", default=argparse.SUPPRESS, help=h("lang"))
    p = _localized(Parser(prog="gpu-log", description=h("description"), parents=[common]), lang)
    commands = p.add_subparsers(dest="command", required=True, metavar="COMMAND", title=h("commands"))
    positive = _positive(lang)
    periods_said = h("periods")

    def command(name: str, **kwargs) -> argparse.ArgumentParser:
        return _localized(commands.add_parser(name, parents=[common], help=h(name), **kwargs), lang)

    def periods(sub: argparse.ArgumentParser, since_key: str = "since") -> None:
        # Several words make one period: --since semana passada.
        sub.add_argument("--since", nargs="+", metavar=PERIOD, help=h(since_key, periods=periods_said))
        sub.add_argument("--until", nargs="+", metavar=PERIOD, help=h("until"))
        sub.add_argument("--period", nargs="+", metavar=PERIOD, help=h("period"))

    def filters(sub: argparse.ArgumentParser) -> None:
        for name in ("rep", "user", "channel", "model", "stage", "status"):
            sub.add_argument(f"--{name}", help=h(name))
        periods(sub)
        sub.add_argument("--search", help=h("search"))
        sub.add_argument("--outcome", help=h("outcome"))
        sub.add_argument("--audience", help=h("audience"))

    sub = command("list")
    filters(sub)
    sub.add_argument("--limit", type=positive, default=50, help=h("list_limit"))

    sub = command("show")
    sub.add_argument("id", type=_positive(lang, clamp=False), help=h("id"))

    sub = command("summary")
    periods(sub, "since_default")

    sub = command("gaps")
    periods(sub, "since_default")
    sub.add_argument("--limit", type=positive, default=gaps.TOP, help=h("gaps_limit", top=gaps.TOP))

    sub = command("export")
    form = sub.add_mutually_exclusive_group(required=True)
    form.add_argument("--csv", action="store_true", help=h("csv"))
    form.add_argument("--json", action="store_true", help=h("json"))
    filters(sub)
    sub.add_argument("--limit", type=positive, help=h("export_limit"))
    sub.add_argument("--sep", type=_separator(lang), help=h("sep"))
    sub.add_argument("-o", "--output", help=h("output"))

    sub = command("purge")
    sub.add_argument("--older-than", type=positive, metavar="DAYS", help=h("older_than"))
    sub.add_argument("--dry-run", action="store_true", help=h("dry_run"))

    sub = command("forget")
    sub.add_argument("user", help=h("forget_user"))
    sub.add_argument("--delete", action="store_true", help=h("delete"))
    sub.add_argument("--yes", action="store_true", help=h("yes"))

    # After the commands people have learnt in this order (the list in --help and in usage errors).
    sub = command("lead")
    sub.add_argument("id", type=_positive(lang, clamp=False), help=h("lead_id"))

    sub = command("audit")
    sub.add_argument("--since", nargs="+", metavar=PERIOD, help=h("audit_since"))
    sub.add_argument("--limit", type=positive, default=100, help=h("audit_limit"))

    backupcli.add_commands(command, h)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = i18n.lang_of(lang_in(argv) or os.environ.get("GPU_SIZER_LANG"))
    try:
        args = build_parser(lang).parse_args(argv)
    except UsageError as e:
        return _fail(f"{argparse_sentence(str(e), lang)} {_say(lang, 'usage')}", EXIT_USAGE)
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    db = Path(getattr(args, "db", None) or os.environ.get("GPU_SIZER_DB") or DEFAULT_DB)
    # SIGTERM (a deploy, `kill`, a timeout) stops a command the way Ctrl-C does: its clean-up runs (a
    # half-made backup is removed, a transaction rolled back) and it says it was stopped.
    main_thread = threading.current_thread() is threading.main_thread()  # only it may set a handler
    previous = signal.signal(signal.SIGTERM, _interrupt) if main_thread else None
    try:
        return _run(db, args, lang)
    except KeyboardInterrupt:
        return _fail(_error(lang, "interrupted"), EXIT_INTERRUPTED)
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _run(db: Path, args: argparse.Namespace, lang: str) -> int:
    try:
        if not db.is_file() and args.command not in backupcli.NEEDS_NO_LOG:
            raise LogError(_error(lang, "no_log", path=db))
        return HANDLERS[args.command](db, args, lang)
    except BackupError as e:
        return _fail(e.sentence(lang), EXIT_LOG)
    except UsageError as e:
        return _fail(str(e), EXIT_USAGE)
    except LogError as e:
        return _fail(str(e), EXIT_LOG)
    except LogInputError as e:  # a period, a status, an outcome that cannot be read
        return _fail(e.sentence(lang), EXIT_USAGE)
    except BrokenPipeError:
        # `gpu-log list | head`: the reader stopped reading; that is not a fault of the log. Python's
        # recipe (https://docs.python.org/3/library/signal.html#note-on-sigpipe): no message, stdout to
        # /dev/null so the interpreter's own flush at exit does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_LOG
    except FileNotFoundError:
        return _fail(_error(lang, "no_log", path=db), EXIT_LOG)
    except sqlite3.Error as e:
        return _fail(_error(lang, "unusable", path=db, reason=_reason(e, lang)), EXIT_LOG)
    except OSError as e:
        return _fail(_error(lang, "unusable", path=db, reason=_reason(e, lang)), EXIT_LOG)


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
    return _detail(db, reports.request_detail, args.id, "id", "no_request", lang)


def _lead(db: Path, args: argparse.Namespace, lang: str) -> int:
    return _detail(db, reports.lead_detail, args.id, "lead", "no_lead", lang)


def _detail(db: Path, read, number: int, key: str, missing: str, lang: str) -> int:
    """Prints one request or one lead in full (`show`, `lead`), audited as a `show` of that number."""
    detail = read(db, number) if number <= SQLITE_MAX else None
    _record(db, "show", {key: number, "found": detail is not None})
    if detail is None:
        raise LogError(_error(lang, missing, id=number, path=db))
    print(show(detail, lang), end="")
    return 0


def _summary(db: Path, args: argparse.Namespace, lang: str) -> int:
    since, until = _bounds(args, "7d")
    text, data = gaps.summary_text(db, since, until, lang)
    _record(db, "summary", {"since": data["since"], "until": data["until"], "requests": data["total"]})
    print(text, end="")
    return 0


def _gaps(db: Path, args: argparse.Namespace, lang: str) -> int:
    since, until = _bounds(args, "7d")
    data = gaps.gaps(db, since, until)
    # Reading the gaps is reading a summary of the log.
    _record(db, "summary", {"view": "gaps", "since": data["since"], "until": data["until"],
                            "requests": data["total"]})  # fmt: skip
    print(gaps.format_gaps(data, lang, top=args.limit), end="")
    return 0


def _export(db: Path, args: argparse.Namespace, lang: str) -> int:
    filters = _filters(args)
    if args.json and args.user and not args.limit and _only_user(filters):
        # --json --user alone: everything stored about one person (an access request, LGPD Art. 18).
        data = reports.export_user(db, args.user)
        counts = {k: len(v) for k, v in data.items() if isinstance(v, list)}
        _record(db, "export_user", {"user": args.user, "format": "json", "counts": counts})
        text = json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n"
        _output(args.output, lang, lambda out: out.write(text))
        return 0
    form = "csv" if args.csv else "json"
    # Counted first, so the audit row exists before anything is shown; then written a page at a time.
    total = reports.count_requests(db, filters)
    details = {"format": form, "filters": _described(filters), "rows": min(total, args.limit or total)}
    if args.limit:
        details["limit"] = args.limit
    _record(db, "export", details)
    selected = reports.iter_requests(db, filters)
    if args.limit:
        selected = itertools.islice(selected, args.limit)
    if args.csv:
        fmt = reports.CsvFormat.excel(lang, args.sep)
        _output(args.output, lang, lambda out: reports.write_csv(selected, out, fmt))
    else:
        _output(args.output, lang, lambda out: reports.write_json(selected, out))
    return 0


def _output(path: str | None, lang: str, write) -> None:
    """Runs write(file) on the output file, or on the terminal when there is none."""
    if not path:
        write(sys.stdout)
        return
    try:
        # newline="": the CSV's own \r\n line ends stay as they are.
        with open(path, "w", encoding="utf-8", newline="") as f:
            write(f)
    except OSError as e:
        raise LogError(_error(lang, "cannot_write", path=path, reason=_reason(e, lang))) from None


def _only_user(filters: reports.Filters) -> bool:
    return all(v is None for k, v in asdict(filters).items() if k != "user")


def _purge(db: Path, args: argparse.Namespace, lang: str) -> int:
    days = args.older_than or _retention_days(lang)
    counts = reports.purge(db, days, dry_run=args.dry_run)
    copies = None if args.dry_run else purge_in_copies(db, days)
    _record(db, "purge", {"older_than_days": days, "dry_run": args.dry_run, "counts": counts,
                          **(copies.audit() if copies else {})})  # fmt: skip
    head = _say(lang, "would_purge" if args.dry_run else "purged", days=i18n.number(days, lang))
    print(head + " " + _counts(counts, lang))
    print(statement(days, lang))
    return _copies_changed(copies, lang) if copies else 0


def _forget(db: Path, args: argparse.Namespace, lang: str) -> int:
    held = reports.forget_preview(db, args.user)
    if not any(held.values()):
        # Forgotten here already, but a backup copy could not be changed then: finish the copies.
        alias = "forgotten-" + os.urandom(5).hex()
        copies = forget_in_copies(db, args.user, alias, delete=args.delete)
        if copies.changed or copies.missed:
            _record(db, "forget", {"alias": alias, "deleted": args.delete, **copies.audit()})
            return _copies_changed(copies, lang)
        if _spool_waiting(db, args.user, lang):
            return EXIT_LOG  # nothing in the log yet, but their rows are on the way to it
        # A typo must not read as success: nothing matched, nothing changed, and the audit says so
        # (without the id typed, which may be someone's).
        _record(db, "forget", {"found": False})
        raise LogError(_error(lang, "forget_nothing", user=args.user))
    if not args.yes:
        if not sys.stdin.isatty():
            _record(db, "refused", {"command": "forget", "reason": "no confirmation"})
            raise UsageError(_error(lang, "confirm_needed"))
        verb = "delete" if args.delete else "anonymize"
        print(_say(lang, f"forget_{verb}", user=args.user, requests=i18n.number(held["requests"], lang),
                   leads=i18n.number(held["leads"], lang), owned=i18n.number(held["owned"], lang),
                   events=i18n.number(held["lead_events"], lang)))  # fmt: skip
        try:
            answer = input(_say(lang, "confirm"))
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the prompt is a no
            answer = ""
            print()
        if answer.strip().lower() not in ("y", "yes", "s", "sim"):
            _record(db, "refused", {"command": "forget", "reason": "not confirmed"})
            print(_say(lang, "unchanged"))
            return EXIT_LOG
    counts = reports.forget(db, args.user, delete=args.delete)
    copies = forget_in_copies(db, args.user, counts["alias"], delete=args.delete)
    # The alias, not the id: the audit trail must not keep the person the command just removed.
    _record(db, "forget", {**counts, **copies.audit()})
    key = "deleted" if args.delete else "anonymized"
    counted = {k: counts[k] for k in ("requests", "leads", "lead_events")}
    print(_say(lang, key, alias=counts["alias"]) + " " + _counts(counted, lang))
    if counts["leads"]:
        print(_say(lang, "cards", user=args.user))
    return max(_copies_changed(copies, lang), _spool_waiting(db, args.user, lang))


def _spool_waiting(db: Path, user: str, lang: str) -> int:
    """Rows about the person still in the app's spool (written to the log later, where forget cannot have
    reached them): said, and exit 1, as for a backup copy that could not be changed."""
    folder = Path(os.environ.get("GPU_SIZER_SPOOL") or f"{db}.spool")
    waiting = spool.waiting_about(folder, user)
    if waiting:
        _fail(
            _error(lang, "spool_waiting", count=i18n.number(waiting, lang), path=folder, user=user), EXIT_LOG
        )
    return EXIT_LOG if waiting else 0


def _copies_changed(copies, lang: str) -> int:
    """What forget or purge did to the backup copies; exits 1 while one of them could not be changed."""
    if copies.changed:
        print(_say(lang, "copies", copies=i18n.number(len(copies.changed), lang)))
    for path, error in copies.missed:
        _fail(_error(lang, "copies_missed", path=path, reason=_reason(error, lang)), EXIT_LOG)
    return EXIT_LOG if copies.missed else 0


def _audit(db: Path, args: argparse.Namespace, lang: str) -> int:
    since = _period(args.since or ["30d"]).start
    rows = reports.audit_rows(db, since, limit=args.limit)
    # Reading the audit trail is reading the log too: recorded as a "list" of the audit table.
    _record(db, "list", {"table": "audit", "since": since.isoformat(), "rows": len(rows)})
    if not rows:
        print(_say(lang, "no_audit"))
        return 0
    for row in rows:
        details = json.dumps(row["details"], ensure_ascii=False, sort_keys=True)
        print(
            f"{logtext.when(row['at'])}  {_fit(row['actor'], 18):<18}  {row['surface']:<5}  {row['action']:<11}  {details}"
        )
    return 0


HANDLERS = {
    "list": _list, "show": _show, "summary": _summary, "gaps": _gaps, "export": _export, "purge": _purge,
    "forget": _forget, "audit": _audit, "lead": _lead, **backupcli.HANDLERS,
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


def _error(lang: str, key: str, **params) -> str:
    return i18n.t(lang, f"gpu_log.error.{key}", **params)


# Fixed column widths of `gpu-log list`, so every run lines up the same way; longer values end in "…". The
# question comes last, as long as QUESTION.
WIDTHS = (6, 16, 12, 18, 10, 17, 22, 16, 60)


def table(rows: list[dict], lang: str = "pt-BR") -> str:
    """The rows of `gpu-log list` as fixed-width columns, with a header line: values by name, and the
    (redacted) question."""
    lines = [_line(i18n.messages(i18n.lang_of(lang))["gpu_log.headers"])]
    for r in rows:
        cells = (
            str(r["id"]), logtext.when(r.get("created_at")), r.get("user_id"), r.get("model_id"), r.get("precision"),
            logtext.value("outcome", r.get("outcome"), lang), r.get("recommendation"),
            logtext.value("status", r.get("lead_status"), lang), r.get("text"),
        )  # fmt: skip
        lines.append(_line(cells))
    return "\n".join(lines) + "\n"


# How `show` writes each column: by name, in GB, in ms or s, yes or no; anything else as stored.
SHOWN = {
    "created_at": lambda v, lang: logtext.when(v), "updated_at": lambda v, lang: logtext.when(v),
    "surface": lambda v, lang: logtext.value("surface", v, lang), "source": lambda v, lang: logtext.value("source", v, lang),
    "outcome": lambda v, lang: logtext.value("outcome", v, lang), "stage": lambda v, lang: logtext.value("stage", v, lang),
    "contract_mode": lambda v, lang: logtext.value("contract", v, lang), "status": lambda v, lang: logtext.value("status", v, lang),
    "total_bytes": logtext.size, "duration_ms": logtext.duration, "channel_shared": logtext.yes_no,
    "user_external": logtext.yes_no,
    "error_key": lambda v, lang: f"{logtext.reason_name(logtext.reason(v), lang)} ({v})" if v else logtext.NONE,
    "unknown_words": lambda v, lang: ", ".join(_json_list(v)) or logtext.NONE,
}  # fmt: skip


def show(detail: dict, lang: str = "pt-BR") -> str:
    """One request in full, in the reader's language: every column by name (the workload as indented JSON),
    then its lead and the lead's history. `gpu-log lead` shows a lead whose request is gone (purged, or
    deleted at its asker's request) with no request above it."""
    lang = i18n.lang_of(lang)
    lines = []
    if detail.get("request") is not None:
        request = dict(detail["request"])
        lines.append(_say(lang, "request", id=request.pop("id")))
        workload = request.pop("workload", None)
        if request.get("outcome") != "failed" and request.get("error_key") is None:
            request.pop("error_key", None)
        lines += _fields(request, lang)
        if workload:
            with contextlib.suppress(ValueError):
                workload = json.dumps(json.loads(workload), ensure_ascii=False, indent=2)
            lines.append("  " + _say(lang, "workload"))
            lines += ["    " + line for line in str(workload).splitlines()]
    lead = detail.get("lead")
    if lead:
        lead = dict(lead)
        lines += (
            ["", _say(lang, "lead", id=lead.pop("id"))] if lines else [_say(lang, "lead", id=lead.pop("id"))]
        )
        lines += _fields(lead, lang)
        lines.append("  " + _say(lang, "history"))
        for e in detail.get("events") or []:
            change = " → ".join(
                logtext.value("status", s, lang) for s in (e.get("from_status"), e.get("to_status")) if s
            )
            action = i18n.messages(lang).get(f"gpu_log.event.{e['action']}", e["action"])
            note = f"  “{e['note']}”" if e.get("note") else ""
            lines.append(f"    {logtext.when(e['at'])}  {e['by'] or '—'}  {action}  {change}{note}".rstrip())
    return "\n".join(lines) + "\n"


def _fields(row: dict, lang: str) -> list[str]:
    names = i18n.messages(lang)
    labels = {key: names.get(f"gpu_log.field.{key}", key) for key in row}
    width = max(len(label) for label in labels.values())
    lines = []
    for key, value in row.items():
        shown = SHOWN[key](value, lang) if key in SHOWN else (logtext.NONE if value is None else value)
        lines.append(f"  {labels[key]:<{width}}  {shown}")
    return lines


def _json_list(text: str | None) -> list[str]:
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return [str(text)]
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _line(cells: Sequence[object]) -> str:
    parts = []
    for i, (cell, width) in enumerate(zip(cells, WIDTHS, strict=True)):
        text = _fit("—" if cell is None or cell == "" else str(cell), width)
        parts.append(text.rjust(width) if i == 0 else text.ljust(width))
    return "  ".join(parts).rstrip()


def _fit(text: str, width: int) -> str:
    text = " ".join(str(text).split())  # a newline in the text would break the table
    return text if len(text) <= width else text[: width - 1] + "…"


def _counts(counts: dict, lang: str) -> str:
    names = i18n.messages(lang)
    return (
        ", ".join(f"{i18n.number(n, lang)} {names.get(f'gpu_log.count.{k}', k)}" for k, n in counts.items())
        + "."
    )


# ---------------------------------------------------------------------- helpers


def _period(words: list[str]) -> logwords.Period:
    return logwords.period(" ".join(words))


def _bounds(args: argparse.Namespace, default: str | None) -> tuple[datetime | None, datetime | None]:
    """[since, until) from --period, --since and --until ("--until ontem" includes yesterday); since is the
    default period's start when none of them says it."""
    since = until = None
    if args.period:
        found = _period(args.period)
        since, until = found.start, found.end
    if args.since:
        since = _period(args.since).start
    if args.until:
        found = _period(args.until)
        until = found.end or found.start
    if since is None and default is not None:
        since = logwords.period(default).start
    logwords.check_bounds(since, until)
    return since, until


def _filters(args: argparse.Namespace) -> reports.Filters:
    since, until = _bounds(args, None)
    return reports.Filters(
        rep=args.rep, channel=args.channel, model=args.model,
        stage=logwords.value("stage", args.stage) if args.stage else None,
        status=logwords.value("status", args.status) if args.status else None,
        since=since, until=until, user=args.user, search=args.search,
        outcome=logwords.value("outcome", args.outcome) if args.outcome else None,
        audience=logwords.value("audience", args.audience) if args.audience else None,
    )  # fmt: skip


def _described(filters: reports.Filters) -> dict:
    """The filters given, for the audit row: values only, datetimes as ISO text."""
    out = {}
    for key, value in asdict(filters).items():
        if value is not None:
            out[key] = value.isoformat() if isinstance(value, datetime) else value
    return out


def _retention_days(lang: str) -> int:
    text = os.environ.get("GPU_SIZER_RETENTION_DAYS")
    if not text:
        return DEFAULT_RETENTION_DAYS
    try:
        days = int(text)
    except ValueError:
        days = 0
    if days < 1:
        raise UsageError(_error(lang, "retention_setting", text=text))
    return days


# What SQLite and the system say, in the reader's language where it is one of the usual reasons.
REASONS = {
    errno.ENOENT: "no_such_file", errno.EACCES: "denied", errno.EPERM: "denied", errno.ENOSPC: "full",
    errno.EROFS: "read_only",
}  # fmt: skip
SQLITE_REASONS = (
    ("file is not a database", "not_a_database"), ("database is locked", "locked"),
    ("readonly", "read_only"), ("disk is full", "full"), ("unable to open", "denied"),
)  # fmt: skip


def _reason(error: Exception, lang: str) -> str:
    key = REASONS.get(getattr(error, "errno", None) or -1)
    if key is None and isinstance(error, sqlite3.Error):
        key = next((k for text, k in SQLITE_REASONS if text in str(error).lower()), None)
    if key is not None:
        return i18n.t(lang, f"gpu_log.reason.{key}")
    return str(getattr(error, "strerror", None) or error)


def _fail(message: str, code: int) -> int:
    print(f"gpu-log: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
