"""argparse in the user's language, for gpu-log and gpu-size. Its own words ("usage:", its section titles,
-h's line) and its error messages are gettext strings Python ships in English only: the help's are set
from the callers' message files (through argparse's long-stable _positionals/_optionals groups), and the
errors are matched and said again from gpu-log's ([gpu_log.error])."""

from __future__ import annotations

import argparse
import re

from sizing import i18n


def localized(
    parser: argparse.ArgumentParser, *, usage: str, arguments: str, options: str, help_line: str
) -> argparse.ArgumentParser:
    class Formatter(argparse.HelpFormatter):
        def add_usage(self, text, actions, groups, prefix=None):  # type: ignore[override]
            super().add_usage(text, actions, groups, usage if prefix is None else prefix)

    parser.formatter_class = Formatter
    parser._positionals.title = arguments
    parser._optionals.title = options
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = help_line
    return parser


def lang_in(argv: list[str]) -> str | None:
    """--lang's value, read before parsing, so that --help and parsing errors are in that language too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


# argparse's own messages (Python 3.11), said again in the reader's language; anything else stays as it is.
ARGPARSE = (
    (re.compile(r"the following arguments are required: (?P<names>.+)"), "required"),
    (re.compile(r"unrecognized arguments: (?P<names>.+)"), "unrecognized"),
    (re.compile(r"argument (?P<argument>\S+): invalid choice: '?(?P<value>[^' ]*)'? \(choose from (?P<choices>.+)\)"),
     "invalid_choice"),
    (re.compile(r"one of the arguments (?P<names>.+) is required"), "one_of"),
    (re.compile(r"argument (?P<first>\S+): not allowed with argument (?P<second>\S+)"), "not_together"),
    (re.compile(r"argument (?P<argument>\S+): expected (?:one|at least one) argument"), "expected_value"),
    (re.compile(r"argument (?P<argument>\S+): (?P<message>.+)"), "argument"),
)  # fmt: skip


def argparse_sentence(message: str, lang: str) -> str:
    """One of argparse's English error messages in `lang` (gpu-size uses it too); others as they are."""
    for pattern, key in ARGPARSE:
        if m := pattern.fullmatch(message):
            params = m.groupdict()
            if "choices" in params:
                params["choices"] = params["choices"].replace("'", "")
            return i18n.t(lang, f"gpu_log.error.{key}", **params)
    return message
