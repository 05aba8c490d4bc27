"""The request log: one SQLite file with every request, the leads sales work on and the audit trail, and
everything that keeps it (migrations, the spool, retention, backups, replication, /healthz) or reads it
(reports, gaps, `gpu-log`).

The rest of bot/ (the Slack app, the console, the sales and manager desks) uses the log only through the
names below; every other module in this folder is the log's own business, free to change. The names load
on first use, so importing one loads only its module: `gpu-log` never loads the Slack app's settings, and
`gpu-sizer`'s Slack side never loads the backup code until it needs it. tests/test_layout.py holds bot/ to
this.
"""

from __future__ import annotations

from importlib import import_module

# Name here: (its module in this folder, its name there).
_NAMES = {
    # Writing: the queue every surface records into, and the time format of its rows.
    "RequestLog": ("requestlog", "RequestLog"),
    # gpu-size's command line in the user's language, as gpu-log's.
    "localized_argparse": ("argwords", "localized"),
    "argparse_sentence": ("argwords", "argparse_sentence"),
    "lang_in_argv": ("argwords", "lang_in"),
    "utc_now": ("migrations", "utc_now"),
    # The jobs the running app starts, and what it reports at start and on /healthz.
    "RetentionJob": ("retention", "RetentionJob"),
    "retention_statement": ("retention", "statement"),
    "LogHealth": ("health", "LogHealth"),
    "start_log_jobs": ("health", "start_jobs"),
    "start_lines": ("health", "start_lines"),
    "run_under_litestream": ("replication", "run_under_litestream"),
    "BackupError": ("backup", "BackupError"),
    # A person forgotten (LGPD), and what the retention purges, leave the backups the log made too.
    "forget_in_copies": ("backup", "forget_in_copies"),
    "CopiesChanged": ("backup", "CopiesChanged"),
    "purge_in_copies": ("backup", "purge_in_copies"),
    # ... but not the rows still waiting in a spool, which forgetting counts to say so.
    "spool_waiting_about": ("spool", "waiting_about"),
    # Leads: the rows sales work on (their cards are the sales desk's, bot/desks/leaddesk.py).
    "Leads": ("leads", "Leads"),
    "LeadError": ("leads", "LeadError"),
    "LEAD_STATUSES": ("leads", "STATUSES"),
    "LEAD_DEDUPE_SECONDS": ("leads", "DEDUPE_SECONDS"),
    # Whether the bot token is gone, shared by the web process's workers (bot/slack_client.TokenGate).
    "TokenMarks": ("tokenstate", "TokenMarks"),
    # That a channel was shared with another organisation, or no longer, told to every worker (bot/directory.py).
    "SharingMarks": ("sharingstate", "SharingMarks"),
    # What a manager typed that cannot be read (a period, a filter): its sentence is in their language.
    "LogInputError": ("logwords", "LogInputError"),
}
# Reading, for the managers' and sales' views: these modules, whole.
_READERS = (
    "reports",  # lists, the summary, CSV/JSON exports, forget and export_user, the audit trail
    "gaps",  # what we could not answer
    "logwords",  # the words managers type: periods, filters, values
    "logtext",  # how the stored values read for people
)

__all__ = [*_NAMES, *_READERS]


def __getattr__(name: str):
    if name in _READERS:
        return import_module(f".{name}", __name__)
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _NAMES[name]
    value = getattr(import_module(f".{module}", __name__), attribute)
    globals()[name] = value  # found once; later lookups do not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
