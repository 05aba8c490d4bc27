"""Deadlines said as a date ("até o fim do mês", "by the end of the quarter", "até dia 20", "até 15/01",
"by Friday", "até amanhã"): the days from today to that date, so that a training run is sized to finish by then as
"em 28 dias" is. Pure: the caller says what day it is (the bot: Brazil's date).

The phrase is rewritten as the deadline in days the grammar already reads ("em 28 dias", "within 28 days"),
and returned with the date it meant, which the answer says ("Li “até o fim do mês” como 28 dias, até
31/12/2026"). A date already past (with its year said) is left alone: the grammar reads it as a date.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from . import regexes, traffic_query
from .vocabulary import load_vocabulary, strip_accents

VOCAB = load_vocabulary()

# The words that make what follows a deadline, by the language the rewrite answers in.
# "prazo 15/12/2026", "prazo: dia 20", "deadline: Dec 15": the word alone before a date names it (the date had
# been dropped, its year read as users where a word stood before it)
_BY_PT = r"at[eé]|antes\s+d[eoa]|prazo(?:\s+(?:at[eé]|para|final))?\s*:?|para\s+entregar\s+at[eé]|entregue\s+at[eé]"
_BY_EN = r"by|until|till|before|no\s+later\s+than|due|deadline(?:\s+is)?\s*:?"
_PERIODS = {
    "mes": "month", "mês": "month", "month": "month",
    "semana": "week", "week": "week",
    "ano": "year", "year": "year",
    "trimestre": "quarter", "quarter": "quarter",
    "semestre": "half",
}  # fmt: skip
_PERIOD = "|".join(sorted(_PERIODS, key=len, reverse=True))
_THIS = r"(?:(?:o|a|the|this|deste|desta|este|esta|desse|dessa|esse|essa)\s+)?"
_NEXT = r"(?:pr[oó]xim[oa]|next)\s+"
# The months as the vocabulary lists them (each language's twelve in order), with and without accents.
_MONTHS = {
    form: i % 12 + 1
    for i, name in enumerate(VOCAB.words("dates.months"))
    for form in (name, strip_accents(name))
}
# ... and cut to three letters, as people date a deadline in chat ("deadline jan 15", "até 20 dez", "by Sept
# 30"); after a deadline's word and with the day only (alone, "mar" and "set" are words too). They had been
# "Não entendi: “deadline”, “jan”, “15”". Never "out of" ("by 12 out of 20").
_MONTHS_SHORT = {
    **{strip_accents(form)[:3]: month for form, month in _MONTHS.items()},
    "sept": 9,
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
# Longest first, then by text: a set's order changes with each process's hash seed, and the pattern must read the
# same in every process (the regexes' cache is kept by pattern text).
_MONTH_DAY = "|".join(
    sorted({*_MONTHS, *(rf"{short}\.?(?!\s+of\b)" for short in _MONTHS_SHORT)}, key=lambda w: (-len(w), w))
)
# Monday = 0, as date.weekday() counts.
_WEEKDAYS = {
    "segunda": 0, "segunda-feira": 0, "monday": 0,
    "terca": 1, "terça": 1, "terca-feira": 1, "terça-feira": 1, "tuesday": 1,
    "quarta": 2, "quarta-feira": 2, "wednesday": 2,
    "quinta": 3, "quinta-feira": 3, "thursday": 3,
    "sexta": 4, "sexta-feira": 4, "friday": 4,
    "sabado": 5, "sábado": 5, "saturday": 5,
    "domingo": 6, "sunday": 6,
}  # fmt: skip
_WEEKDAY = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_ORDINALS = {
    "primeiro": 1,
    "segundo": 2,
    "terceiro": 3,
    "quarto": 4,
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
}
_ORDINAL = "|".join(_ORDINALS)

DEADLINE_DATE = regexes.compile(
    rf"\b(?:(?P<pt>{_BY_PT})|(?P<en>{_BY_EN}))\s+(?:"
    # "o fim do mês", "o final do próximo trimestre", "the end of the month", "the end of next quarter"
    rf"{_THIS}(?:fim|final|end)\s+(?:d[oea]|of)\s+{_THIS}(?P<next1>{_NEXT})?(?P<period>{_PERIOD})"
    r"(?P<coming>\s+que\s+vem)?"
    # "a semana que vem", "a próxima semana", "next week", "o mês que vem": the end of that period
    rf"|{_THIS}(?:(?P<next3>{_NEXT})(?P<period3>{_PERIOD})|(?P<period4>{_PERIOD})\s+que\s+vem)"
    # "o fim do Q1", "end of Q1 2027", "o final do 3º trimestre", "the end of the first quarter": that quarter's last
    # day. Only its end: "até o Q3", "200 by Q3" say when a service starts or grows (sizing/traffic_query.py)
    rf"|{_THIS}(?:fim|final|end)\s+(?:d[oea]|of)\s+{_THIS}(?:q(?P<q>[1-4])|(?P<qn>[1-4])\s*(?:º|°|o|st|nd|rd|th)?"
    rf"\s+(?:trimestre|quarter)|(?P<qw>{_ORDINAL})\s+(?:trimestre|quarter))(?:\s+(?:de\s+|of\s+)?(?P<qyear>\d{{4}}))?"
    # "month end", "year-end", "EOM", "EOY"
    rf"|{_THIS}(?:(?P<period_end>month|year|quarter)[\s-]end|(?P<eo>eom|eoy|eoq))"
    # "dia 20", "o dia 20"
    r"|(?:o\s+)?dia\s+(?P<day_only>\d{1,2})(?![\d/.])"
    # "15/01", "15/01/2027", "15.01.2027"
    r"|(?P<dd>\d{1,2})[/.](?P<mm>\d{1,2})(?:[/.](?P<yyyy>\d{4}|\d{2}))?(?![\d/.])"
    # "15 de janeiro (de 2027)", "15 January (2027)", "January 15(, 2027)"
    rf"|(?:(?:o\s+)?dia\s+)?(?P<day1>\d{{1,2}})(?:o|º|st|nd|rd|th)?\s+(?:de\s+|of\s+)?(?P<month1>{_MONTH_DAY})"
    r"(?:,?\s+(?:de\s+)?(?P<year1>\d{4}))?"
    rf"|(?P<month2>{_MONTH_DAY})\s+(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<year2>\d{{4}}))?"
    # "sexta", "a sexta-feira", "Friday", "next Friday"
    rf"|(?:(?:a|o|the)\s+)?(?P<next2>{_NEXT})?(?P<weekday>{_WEEKDAY})(?P<coming2>\s+que\s+vem)?"
    r")(?![\w-])",
    re.IGNORECASE,
)


# "até amanhã", "pra amanhã", "pronto amanhã", "até depois de amanhã", "by tomorrow", "ready tomorrow": a day
# from today (two after "depois de"/"the day after"). "Para" and "ready" make a deadline only of these days.
TOMORROW = regexes.compile(
    rf"\b(?:(?P<pt>(?:{_BY_PT}|para|pra|p/)(?:\s+o\s+dia)?"
    r"|(?:ficar\s+|estar\s+|estiver\s+|fique\s+)?pront[oa]s?(?:\s+at[eé])?|entregue)"
    rf"|(?P<en>(?:{_BY_EN}|for|ready|done|finished)(?:\s+by)?))\s+"
    r"(?:(?P<after>depois\s+de\s+|the\s+day\s+after\s+))?(?:amanh[aã]|tomorrow)(?![\w-])",
    re.IGNORECASE,
)


def _days_in(year: int, month: int) -> int:
    # Imported here: calendar imports locale, about 0.7% of a gpu-size run's instructions, and only a
    # question that names a date gets this far.
    import calendar

    return calendar.monthrange(year, month)[1]


def _month_end(year: int, month: int) -> date:
    return date(year, month, _days_in(year, month))


def _add_months(day: date, months: int) -> tuple[int, int]:
    index = day.year * 12 + day.month - 1 + months
    return index // 12, index % 12 + 1


def _period_end(today: date, period: str, later: bool) -> date:
    """The last day of this period (or of the next one, `later`)."""
    if period == "week":
        # A working week: it ends on Friday (this one, or the next once this one's is past).
        friday = today + timedelta(days=(4 - today.weekday()) % 7)
        return friday + timedelta(days=7) if later else friday
    size = {"month": 1, "quarter": 3, "half": 6, "year": 12}[period]
    first = (today.month - 1) // size * size  # the period's first month, 0-based
    year, month = _add_months(date(today.year, first + 1, 1), size * (2 if later else 1) - 1)
    return _month_end(year, month)


def _target(m: re.Match, today: date) -> date | None:
    g = m.groupdict()
    later = bool(g["next1"] or g["coming"])
    if g["period"]:
        return _period_end(today, _PERIODS[g["period"].lower()], later)
    if g["period3"] or g["period4"]:
        return _period_end(today, _PERIODS[(g["period3"] or g["period4"]).lower()], True)
    if g["period_end"] or g["eo"]:
        period = g["period_end"] or {"eom": "month", "eoy": "year", "eoq": "quarter"}[g["eo"].lower()]
        return _period_end(today, period.lower(), False)
    if g["q"] or g["qn"] or g["qw"]:
        quarter = int(g["q"] or g["qn"] or 0) or _ORDINALS[g["qw"].lower()]
        if g["qyear"]:
            return _month_end(int(g["qyear"]), 3 * quarter)
        end = _month_end(today.year, 3 * quarter)  # with no year, the next time that quarter ends
        return end if end > today else _month_end(today.year + 1, 3 * quarter)
    if g["day_only"]:
        day = int(g["day_only"])
        if not 1 <= day <= 31:
            return None
        year, month = (today.year, today.month) if day > today.day else _add_months(today, 1)
        return date(year, month, day) if day <= _days_in(year, month) else None
    if g["weekday"]:
        ahead = (_WEEKDAYS[g["weekday"].lower()] - today.weekday()) % 7 or 7
        return today + timedelta(days=ahead + (7 if (g["next2"] or g["coming2"]) and ahead < 7 else 0))
    if g["dd"]:
        day, month, year = int(g["dd"]), int(g["mm"]), g["yyyy"]
        if month > 12 and day <= 12 and year:
            day, month = month, day  # "by 12/15/2026": the US order, month first, where only it makes a date
    elif g["day1"]:
        day, month, year = int(g["day1"]), _month(g["month1"]), g["year1"]
    else:
        day, month, year = int(g["day2"]), _month(g["month2"]), g["year2"]
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        return None
    if year is None:
        # With no year, the next time that day comes.
        year = today.year if (month, day) > (today.month, today.day) else today.year + 1
    else:
        year = int(year) + (2000 if len(year) == 2 else 0)
    if day > _days_in(year, month):
        return None
    return date(year, month, day)


def _month(typed: str) -> int:
    """A month's number from its name, whole or cut short ("dezembro", "Dec.", "sept")."""
    name = typed.lower().rstrip(".")
    return _MONTHS.get(name) or _MONTHS_SHORT[strip_accents(name)]


def resolve(
    text: str, today: date | None, rewritten: list[tuple[str, str]] | None = None
) -> tuple[str, list[tuple[str, date, int]]]:
    """The text with each deadline date rewritten as its days from `today`, and (as typed, the date, the
    days) for each. Without a day to count from, nothing changes. A compound growth's date rewritten as its
    horizon is added to `rewritten` (_compound_until)."""
    found: list[tuple[str, date, int]] = []
    if today is None or (not any(c.isdigit() for c in text) and not _WORDS.search(text)):
        return text, found
    if "%" in text:
        text = _compound_until(text, today, rewritten)

    def rewrite(m: re.Match) -> str:
        if traffic_query.growth_before(m.string, m.start()) or traffic_query.phase_count_before(
            m.string, m.start()
        ):
            # "triplicar até o fim do ano", "40 users now, 120 by EOY": when the load grows, or the next phase
            # comes (sizing/traffic_query.py)
            return m.group(0)
        if _for_paperwork(m.string, m.start(), m.end()):
            return " "  # "preciso da proposta até o fim do mês": when we answer, not how long the work runs
        target = (
            _target(m, today) if m.re == DEADLINE_DATE else today + timedelta(days=2 if m["after"] else 1)
        )
        if target is None or target <= today:
            return m.group(0)  # a day that does not exist, or one already past: left to the grammar
        days = (target - today).days
        found.append((m.group(0).strip(), target, days))
        said = f"em {days} dias" if m.group("pt") else f"within {days} days"
        if rewritten is not None:
            rewritten.append((said, m.group(0).strip()))  # quoted as typed wherever a note quotes it
        return f" {said} "

    return TOMORROW.sub(rewrite, DEADLINE_DATE.sub(rewrite, text)), found


# A compound growth's horizon said as a date: "até dezembro", "até o fim do ano", "until the end of the year",
# "through december", "até junho do ano que vem", "até o fim do mês". Had been today's load, with the date a
# deadline or not read.
# Portugal's "até ao final do ano", "year end", "o fim de dezembro" too (each had been a deadline, or not read).
_UNTIL_DATE = regexes.compile(
    r"\s*,?\s+(?:(?P<pt>ate|até)|until|till|through|thru|by|to)\s+(?:(?:o|a|ao|à|the)\s+)?"
    rf"(?:(?P<eoy>(?:fim|final|end)\s+(?:do|of\s+the|of)\s+(?:ano|year)|eoy|year[\s-]end)"
    r"|(?P<eom>(?:fim|final|end)\s+(?:do|deste|of\s+the|of\s+this|of)\s+(?:m[eê]s|month)|eom)"
    r"|(?:(?:fim|final|end)\s+(?:de|of)\s+)?"
    rf"(?:(?P<next>next|proximo|próximo)\s+)?(?P<month>{_MONTH})"
    r"(?:\s+(?:(?P<later>do\s+ano\s+que\s+vem|do\s+proximo\s+ano|do\s+próximo\s+ano|next\s+year)"
    r"|(?:de\s+)?(?P<year>20\d\d)))?)\b",
    re.IGNORECASE,
)


def _compound_until(text: str, today: date, rewritten: list[tuple[str, str]] | None = None) -> str:
    """A compound growth's date as its horizon from today, which the growth's reading compounds
    (sizing/traffic_query.py load_growth_compound): in whole months from this one ("5% ao mês até dezembro", in June:
    "até 6 meses"), or in days when it is this month's end ("até o fim do ano" on 7 December: "até 24 dias", had
    been a deadline and the growth not understood; "until december" in December had been next December's, 12
    months). A date already past is left as it was. Each rewrite is added to `rewritten` as (the words put in, the
    words typed), so that what the answer quotes is what the customer wrote (sizing/query.py _as_typed)."""

    def rewrite(m: re.Match) -> str:
        if not traffic_query.compound_rate_before().search(strip_accents(m.string[: m.start()].lower())):
            return m.group(0)
        if m["eoy"]:
            year, month = today.year, 12
        elif m["eom"]:
            year, month = today.year, today.month
        else:
            month = _MONTHS[m["month"].lower()]
            year = int(m["year"]) if m["year"] else today.year + (1 if m["later"] else 0)
            if (
                not m["year"]
                and not m["later"]
                and (month < today.month or (m["next"] and month == today.month))
            ):
                year += 1  # "até março" in June, "until next December" in December: the next one
        months = (year - today.year) * 12 + month - today.month
        if months >= 1:
            said = f"até {months} meses" if m["pt"] else f"within {months} months"
        else:
            # this month's end, weeks away: its days (the growth a share of a period's, compounded as such)
            days = (_month_end(year, month) - today).days if months == 0 else 0
            if days < 1:
                return m.group(0)
            said = f"até {days} dias" if m["pt"] else f"within {days} days"
        if rewritten is not None:
            rewritten.append((said, m.group(0).strip(" ,")))
        return f" {said} "

    return _UNTIL_DATE.sub(rewrite, text)


# A cheap test before the pattern: a deadline with no digit names a period, a month or a weekday.
_WORDS = regexes.compile(
    rf"\b(?:fim|final|end|eom|eoy|eoq|next|pr[oó]xim[oa]|vem|amanh[aã]|tomorrow|{_WEEKDAY})\b", re.IGNORECASE
)


# A proposal, quote or estimate in the deadline's clause: the deadline is the paperwork's.
_PAPERWORK = regexes.compile(rf"\b{VOCAB.pattern('dates.paperwork')}\b", re.IGNORECASE)
_CLAUSE_END = regexes.compile(r"[,;.!?\n]")


def _for_paperwork(text: str, start: int, end: int) -> bool:
    before = _CLAUSE_END.split(text[:start])[-1]
    after = _CLAUSE_END.split(text[end:])[0]
    return bool(_PAPERWORK.search(strip_accents(before)) or _PAPERWORK.search(strip_accents(after)))
