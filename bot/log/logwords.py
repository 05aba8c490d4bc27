"""The words managers type to read the request log, in any of the answer languages: periods ("hoje",
"semana passada", "últimos 30 dias", "last week"), filter names (`modelo:`, `canal:`), and the values of
statuses, outcomes and stages ("contatado", "respondido", "inferência").

The words live in sizing/data/log_words.toml, for people who do not program to extend; the grammar that
joins them (numbers, dates, what a period covers) is here. Input that cannot be read raises LogInputError,
whose sentence is in the reader's language.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cache, lru_cache
from pathlib import Path

from sizing import i18n, tomlfiles
from sizing.errors import CatalogError
from sizing.i18n import DATA_DIR  # not sizing.catalog's: gpu-log loads no catalogue (pydantic)

FILE = "log_words.toml"

PERIODS = (
    "today", "yesterday", "day_before_yesterday", "this_week", "last_week", "this_month", "last_month", "this_year", "last_year",
    "last_hours", "last_days", "last_weeks",
)  # fmt: skip
FIELDS = (
    "rep", "user", "channel", "model", "stage", "status", "outcome", "since", "until", "period", "audience",
)  # fmt: skip
VALUES = {
    # "any": every request that became a lead, whatever its status ("/gpu log leads").
    "status": ("open", "any", "new", "contacted", "proposal_sent", "won", "lost", "not_lead"),
    "outcome": ("answered", "needs_input", "not_understood", "failed"),
    "stage": ("inference", "full", "lora", "qlora", "pretrain"),
    # Who asked: people outside the organisation (customers, guests in shared channels) or our own.
    "audience": ("external", "internal"),
}
COMMANDS = ("log", "gaps", "forget", "export_person")
MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
SECTIONS = {"periods": PERIODS, "filters": FIELDS, "commands": COMMANDS, "months": MONTHS, **VALUES}
RELATIVE = {"last_hours": "hours", "last_days": "days", "last_weeks": "weeks"}
SHORT = {"h": "hours", "d": "days", "w": "weeks"}  # 24h, 7d, 4w
MOST = 100_000  # units in a relative period: "999999999d" is a typo, not a period


class LogInputError(ValueError):
    """What a manager typed cannot be read. Carries a message key (section [gpu_log.error]) and its
    values, so the same error reads in the reader's language; str() is the English sentence."""

    def __init__(self, key: str, **params) -> None:
        self.key = key
        self.params = params
        super().__init__(self.sentence("en"))

    def sentence(self, lang: str) -> str:
        """The sentence as gpu-log prints it, after "gpu-log: "."""
        return i18n.t(lang, f"gpu_log.error.{self.key}", **self.params)

    def standalone(self, lang: str) -> str:
        """The sentence on its own (a Slack message): capitalized, with its full stop."""
        text = self.sentence(lang)
        return text[:1].upper() + text[1:] + ("" if text.endswith(("?", "!", ".")) else ".")


@dataclass(frozen=True)
class Period:
    """[start, end) in UTC; end None: until now (a relative period such as the last 7 days)."""

    start: datetime
    end: datetime | None = None


def fold(text: str) -> str:
    """How words are compared: lower case, no accents, hyphens and underscores as spaces, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.replace("-", " ").replace("_", " ").split())


@dataclass(frozen=True)
class Vocabulary:
    words: dict[str, dict[str, str]]  # section -> folded word -> canonical name
    patterns: tuple[tuple[re.Pattern, str], ...]  # relative periods: "ultimos (\d+) dias" -> last_days
    # Months' full names ("novembro", "november"): a period alone; a short form ("nov") only with a day
    # or a year, since it is also a word ("set", "out", "may").
    month_names: frozenset[str] = frozenset()


@cache
def vocabulary(path: Path | None = None) -> Vocabulary:
    """The words of log_words.toml, checked: a misspelt language, section or name says which."""
    path = path or DATA_DIR / FILE
    try:
        raw = tomlfiles.load(path)
    except (OSError, tomlfiles.ParseError) as e:
        raise CatalogError(f"{FILE}: {e}") from e
    words: dict[str, dict[str, str]] = {section: {} for section in SECTIONS}
    patterns = []
    month_names = set()
    for lang, sections in raw.items():
        if lang not in ("pt-BR", "pt-PT", "en") or not isinstance(sections, dict):
            raise CatalogError(f"{FILE}: [{lang}] is not a language here (use pt-BR, pt-PT or en)")
        for section, entries in sections.items():
            if section not in SECTIONS or not isinstance(entries, dict):
                raise CatalogError(f"{FILE}: [{lang}.{section}] is unknown (use {', '.join(SECTIONS)})")
            for name, phrases in entries.items():
                if name not in SECTIONS[section]:
                    raise CatalogError(
                        f"{FILE}: [{lang}.{section}] {name} is unknown (use {', '.join(SECTIONS[section])})"
                    )
                if not isinstance(phrases, list) or not all(
                    isinstance(p, str) and p.strip() for p in phrases
                ):
                    raise CatalogError(f"{FILE}: [{lang}.{section}] {name} must be a list of words in quotes")
                if section == "months":
                    month_names.add(fold(phrases[0]))
                for phrase in phrases:
                    folded = fold(phrase)
                    if section == "commands" and " " in folded:
                        raise CatalogError(f"{FILE}: [{lang}.commands] {name}: “{phrase}” must be one word")
                    if section == "periods" and name in RELATIVE:
                        if folded.split().count("n") != 1:
                            raise CatalogError(f"{FILE}: [{lang}.periods] {name}: “{phrase}” needs one N")
                        regex = r"\s".join(r"(\d{1,9})" if w == "n" else re.escape(w) for w in folded.split())
                        patterns.append((re.compile(regex), name))
                    else:
                        words[section][folded] = name
    return Vocabulary(words, tuple(patterns), frozenset(month_names))


# ---------------------------------------------------------------------- periods


def period(text: str, now: datetime | None = None) -> Period:
    """The period a manager named: "hoje", "ontem", "semana passada", "últimos 30 dias", "this week",
    "7d", "24h", "4w", or a date (the whole day) or a date and time (from that moment on)."""
    now = _utc(now or datetime.now(UTC))
    if (text or "").strip().startswith("-"):  # "-7d" is not 7 days: folding would drop the sign
        raise LogInputError("period_unknown", text=text.strip())
    word = fold(text or "")
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    vocab = vocabulary()
    if m := re.fullmatch(r"(\d{1,9})\s?([hdw])", word):
        return _relative(text, now, int(m.group(1)), SHORT[m.group(2)])
    for pattern, name in vocab.patterns:
        if m := pattern.fullmatch(word):
            return _relative(text, now, int(m.group(1)), RELATIVE[name])
    name = vocab.words["periods"].get(word)
    if name in ("today", "yesterday", "day_before_yesterday"):
        day = midnight - timedelta(days=("today", "yesterday", "day_before_yesterday").index(name))
        return Period(day, day + timedelta(days=1))
    if name in ("this_week", "last_week"):
        monday = midnight - timedelta(days=midnight.weekday(), weeks=name == "last_week")
        return Period(monday, monday + timedelta(weeks=1))
    if name in ("this_month", "last_month"):
        first = midnight.replace(day=1)
        if name == "last_month":
            first = (first - timedelta(days=1)).replace(day=1)
        return Period(first, (first + timedelta(days=32)).replace(day=1))
    if name in ("this_year", "last_year"):
        first = midnight.replace(month=1, day=1, year=midnight.year - (name == "last_year"))
        return Period(first, first.replace(year=first.year + 1))
    stripped = (text or "").strip()
    try:
        if found := _calendar(word, midnight, vocab):
            return found
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", stripped):
            day = datetime.combine(date.fromisoformat(stripped), datetime.min.time(), UTC)
            return Period(day, day + timedelta(days=1))
        if m := DAY_MONTH_YEAR.fullmatch(stripped):
            day = datetime.combine(_day_month_year(*map(int, m.groups())), datetime.min.time(), UTC)
            return Period(day, day + timedelta(days=1))
        if m := DAY_MONTH.fullmatch(stripped):
            # "1/11" as Brazil and Portugal write it: the latest 1 November that has begun.
            day_of, month = int(m.group(1)), int(m.group(2))
            year = _latest_year(midnight, month, day_of)
            day = datetime(year, month, day_of, tzinfo=UTC)
            return Period(day, day + timedelta(days=1))
        if re.match(r"\d{4}-\d{2}-\d{2}[T ]\d", stripped):
            return Period(_utc(datetime.fromisoformat(stripped)))
    except ValueError:
        pass
    raise LogInputError("period_unknown", text=stripped)


# A month, or a day of one, as people write it: "novembro", "em novembro de 2025", "30 de novembro",
# "nov/2025", "11/2025", "november 30, 2025", "30 nov" (words folded: lower case, no accents).
DAY_OF_MONTH = re.compile(
    r"(?:(?:em|no|on|dia|day)\s)?(\d{1,2})(?:o|st|nd|rd|th)?\s(?:de\s|of\s)?([a-z]+)\.?(?:,?\s(?:de\s)?(\d{4}))?"
)
MONTH_DAY = re.compile(r"(?:on\s)?([a-z]+)\.?\s(\d{1,2})(?:st|nd|rd|th)?(?:,?\s(\d{4}))?")
MONTH_OF_YEAR = re.compile(
    r"(?:(?:em|no|in|during|durante)\s)?(?:(?:o\s)?mes\sde\s|the\smonth\sof\s)?([a-z]+)\.?(?:(?:,?\s(?:de\s|of\s)?|/)(\d{4}))?"
)
MONTH_NUMBER = re.compile(r"(\d{1,2})/(\d{4})")


def _calendar(word: str, midnight: datetime, vocab: Vocabulary) -> Period | None:
    """A named month or a day of one; without a year, the latest one that has begun. None when the words
    name no month; ValueError for a day the month does not have (30 de fevereiro)."""
    months = vocab.words["months"]
    if m := DAY_OF_MONTH.fullmatch(word) or MONTH_DAY.fullmatch(word):
        day_text, month_text = m.group(1, 2) if m.re is DAY_OF_MONTH else m.group(2, 1)
        if month_text not in months:
            return None
        month, day = MONTHS.index(months[month_text]) + 1, int(day_text)
        year = int(m.group(3)) if m.group(3) else _latest_year(midnight, month, day)
        start = datetime(year, month, day, tzinfo=UTC)
        return Period(start, start + timedelta(days=1))
    if m := MONTH_NUMBER.fullmatch(word):
        month, year = int(m.group(1)), int(m.group(2))
    elif (m := MONTH_OF_YEAR.fullmatch(word)) and m.group(1) in months:
        if not m.group(2) and m.group(1) not in vocab.month_names:
            return None  # "set", "out", "may" alone are words, not months
        month = MONTHS.index(months[m.group(1)]) + 1
        year = int(m.group(2)) if m.group(2) else _latest_year(midnight, month, 1)
    else:
        return None
    start = datetime(year, month, 1, tzinfo=UTC)
    return Period(start, (start + timedelta(days=32)).replace(day=1))


def _latest_year(midnight: datetime, month: int, day: int) -> int:
    """The year of the latest `day` of `month` that has begun: in December 2026, "novembro" is 2026's and
    "dezembro" this one; in March, "novembro" is last year's."""
    return midnight.year if (month, day) <= (midnight.month, midnight.day) else midnight.year - 1


# How Brazil and Portugal write a date (31/01/2025, 31.01.2025, 31-01-2025); a US month/day (01/31/2025) is
# read as such only when it cannot be a day/month.
DAY_MONTH_YEAR = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")
# A day and month with no year, day first ("1/11"): a slash only, as "1.5" is a version and "1-11" a range.
DAY_MONTH = re.compile(r"(\d{1,2})/(\d{1,2})")


def _day_month_year(first: int, second: int, year: int) -> date:
    if second > 12 >= first:
        first, second = second, first
    return date(year, second, first)


def check_bounds(since: datetime | None, until: datetime | None) -> None:
    """A period whose end is not after its start selects nothing: say so rather than list no rows."""
    if since is not None and until is not None and until <= since:
        raise LogInputError(
            "period_backwards",
            since=since.strftime("%Y-%m-%d %H:%M"),
            until=until.strftime("%Y-%m-%d %H:%M"),
        )


def _relative(text: str, now: datetime, amount: int, unit: str) -> Period:
    if amount == 0:
        raise LogInputError("period_empty", text=text.strip())
    if amount > MOST:
        raise LogInputError("period_too_long", text=text.strip())
    return Period(now - timedelta(**{unit: amount}))


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


# ---------------------------------------------------------------------- filters and values


def value(kind: str, text: str) -> str:
    """The stored value a word names: value("status", "contatado") == "contacted"; the stored value itself
    is accepted too ("proposal_sent"). Unknown words raise LogInputError listing what works."""
    folded = fold(text or "")
    known = VALUES[kind]
    for code in known:
        if folded == fold(code):
            return code
    found = vocabulary().words[kind].get(folded)
    if found is None:
        raise LogInputError(f"{kind}_unknown", text=(text or "").strip())
    return found


def field(word: str) -> str | None:
    """The filter a key names (`canal` -> channel, `utilizador` -> user), or None."""
    folded = fold(word)
    return folded if folded in FIELDS else vocabulary().words["filters"].get(folded)


def command(word: str) -> str | None:
    """What the first word after `/gpu` asks for: "log", "gaps", "forget", "export_person", or None. Kept by word (a word's
    length, not a pasted blob's): every `/gpu` asks this of its first word, most often a model asked all
    day ("70b")."""
    return _command(word) if len(word) <= 40 else _command.__wrapped__(word)


@lru_cache(maxsize=1024)
def _command(word: str) -> str | None:
    return vocabulary().words["commands"].get(fold(word))
