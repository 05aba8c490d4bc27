"""`/gpu log` for managers: the latest requests with filters, the weekly summary with bars, and a CSV
export to their direct messages. Only the people in GPU_SIZER_MANAGERS read the log; every read, export and
refused attempt is recorded in the audit table."""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import asdict
from datetime import UTC, datetime, timedelta

from sizing import i18n

from ..blocks import Message, clip_mrkdwn, code_span, esc, validate
from ..log import CopiesChanged, LogInputError, gaps, logtext, logwords, reports
from ..slacktext import plain

LATEST = 15  # requests shown in Slack; the CSV has everything the filters select
SUMMARY_DAYS = 7

USER_REF = re.compile(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>")
USER_ID = re.compile(r"[UW][A-Z0-9]{2,}")
CHANNEL_ID = re.compile(r"[CGD][A-Z0-9]{2,}")
CHANNEL_REF = re.compile(r"<#([CG][A-Z0-9]+)(?:\|[^>]*)?>")
PERIOD_WORDS = 3  # a period may take this many more words: `período:últimos 30 dias`

FilterError = LogInputError  # a /gpu log filter that cannot be read; .sentence(lang) says why


def parse_filters(text: str) -> reports.Filters:
    """`rep:@maria canal:#cliente-x modelo:70b etapa:lora status:aberto desde:7d período:semana passada` and
    words to search, in any language of log_words.toml. Slack sends mentions as <@U…|name> and channels as
    <#C…|name>. A filter may also be said in words: "desde 1/11", "leads abertos", "open leads", "só
    externos", "semana passada", a bare @mention (that person, customer or rep). Raises LogInputError for a
    period, status, outcome, stage, person or channel it cannot read."""
    filters = reports.Filters()
    words = []
    tokens = text.split()
    i = 0
    while i < len(tokens):
        token = tokens[i]
        key, sep, value = token.partition(":")
        field = logwords.field(key) if sep else None
        if field is None:
            if sep and value and (near := _misspelt_filter(key)):
                raise LogInputError("filter_unknown", text=key, near=near)
            if m := USER_REF.fullmatch(token):
                # A person named alone is that person, whoever they are: a customer in a shared channel
                # too (rep: keeps to our own people).
                filters.user = m.group(1)
            elif m := CHANNEL_REF.fullmatch(token):
                filters.channel = m.group(1)
            elif spoken := _spoken(tokens, i):
                field, found, used = spoken
                _set(filters, field, found)
                i += used - 1
            elif bare := _bare_period(token, tokens[i + 1 : i + 1 + PERIOD_WORDS]):
                # "/gpu log ontem", "/gpu log semana passada": a period said without `período:`.
                found, used = bare
                i += used
                filters.since, filters.until = found.start, found.end
            else:
                words.append(token)
            i += 1
            continue
        i += 1
        if field in ("rep", "user"):
            setattr(filters, field, _person_filter(value))
        elif field == "channel":
            filters.channel = _channel_filter(value)
        elif field in PERIOD_FIELDS:
            found, used = _period(value, tokens[i : i + PERIOD_WORDS])
            i += used
            _set(filters, field, found)
        elif field in CLOSED_FIELDS:
            setattr(filters, field, logwords.value(field, value))
        else:
            setattr(filters, field, value)
    # The log keeps questions as typed, read back from Slack's markup (bot/slacktext.py): the words searched
    # are read the same way, or "P&D" (sent as "P&amp;D") or a pasted link would never match.
    if searched := " ".join(plain(" ".join(words)).split()):
        filters.search = searched
    logwords.check_bounds(filters.since, filters.until)
    return filters


PERIOD_FIELDS = ("since", "until", "period")
CLOSED_FIELDS = ("status", "outcome", "stage", "audience")  # filters whose values are a known list
LEAD_WORDS = ("lead", "leads")  # alone, the requests that became leads, whatever their status
VALUE_WORDS = 3  # a value may take this many words: "proposta enviada", "só externos"


def _set(filters: reports.Filters, field: str, found) -> None:
    """Sets a filter from what was read for it: a period (since, until, period) or a stored code."""
    if field in ("since", "period"):
        filters.since = found.start
    if field == "period":
        filters.until = found.end
    elif field == "until":
        filters.until = found.end or found.start  # "até:2026-11-30" includes that day
    elif field not in PERIOD_FIELDS:
        setattr(filters, field, found)


def _spoken(tokens: list[str], at: int) -> tuple[str, object, int] | None:
    """A filter typed in words at tokens[at], or None (then they are words to search): its name and a
    space before a value it knows ("desde 1/11", "até ontem", "leads abertos", "status ganho"), the value
    before the name ("open leads"), or who asked, alone ("só externos", "internal"). Returns (field, what
    was read, how many tokens it took). "de" before a period is that period ("pedidos de ontem", "de
    novembro"), not from its start on; other names of two letters ("to") are too common a word to be read
    as a filter without their colon."""
    rest = tokens[at + 1 :]
    key = logwords.field(tokens[at])
    if key is not None and len(logwords.fold(tokens[at])) <= 2:
        key = "period" if key == "since" else None
    if key in PERIOD_FIELDS and rest and (found := _bare_period(rest[0], rest[1 : 1 + PERIOD_WORDS])):
        return key, found[0], found[1] + 2
    if key in CLOSED_FIELDS:
        for n in range(min(VALUE_WORDS, len(rest)), 0, -1):
            if code := _known(key, rest[:n]):
                return key, code, n + 1
        if key == "status" and logwords.fold(tokens[at]) in LEAD_WORDS:
            return "status", "any", 1  # "/gpu log leads": the requests that became leads
    for n in range(min(VALUE_WORDS, len(tokens) - at), 0, -1):
        phrase = tokens[at : at + n]
        if code := _known("audience", phrase):
            return "audience", code, n
        after = tokens[at + n] if at + n < len(tokens) else ""
        for kind in ("status", "outcome", "stage"):
            if after and logwords.field(after) == kind and (code := _known(kind, phrase)):
                return kind, code, n + 1
    return None


def _misspelt_filter(key: str) -> str | None:
    """The filter name a key before ":" nearly spells ("modleo" -> "modelo", "stauts" -> "status"), or
    None: then "key:value" is words to search, as a model's tag ("mistral:7b") or a time ("10:30") is.
    Only letters count: "qwen2.5:32b" is a tag, never a filter."""
    folded = logwords.fold(key)
    if not folded.isalpha():
        return None
    names = [*logwords.vocabulary().words["filters"], *logwords.FIELDS]
    near = difflib.get_close_matches(folded, names, n=1, cutoff=0.8)
    return near[0] if near else None


def _known(kind: str, words: list[str]) -> str | None:
    """The stored code these words name as a value of `kind`, or None."""
    try:
        return logwords.value(kind, " ".join(words))
    except LogInputError:
        return None


def _person_filter(value: str) -> str:
    """The Slack user id of `rep:`/`cliente:`: a mention (<@U…|ana>) or an id typed bare. A name ("ana")
    would select nothing, silently: the log keeps ids, so say how to name the person instead."""
    if m := USER_REF.search(value):
        return m.group(1)
    if USER_ID.fullmatch(value.lstrip("@")):
        return value.lstrip("@")
    raise LogInputError("person_unknown", text=value)


def _channel_filter(value: str) -> str:
    """The Slack channel id of `canal:`: a channel link (<#C…|geral>) or an id typed bare, else an error
    saying how to name it (the log keeps ids, not names)."""
    if m := CHANNEL_REF.search(value):
        return m.group(1)
    if CHANNEL_ID.fullmatch(value.lstrip("#")):
        return value.lstrip("#")
    raise LogInputError("channel_unknown", text=value)


def _period(value: str, following: list[str]) -> tuple[logwords.Period, int]:
    """The longest period the value and the words after it make, and how many of those words it took."""
    for extra in range(len(following), -1, -1):
        phrase = " ".join([value, *following[:extra]]).strip()
        if not phrase:
            continue
        try:
            return logwords.period(phrase), extra
        except LogInputError:
            continue
    return logwords.period(value), 0  # raises, naming what was typed


def _bare_period(token: str, following: list[str]) -> tuple[logwords.Period, int] | None:
    """A period typed as words of its own ("ontem", "last week", "7d"), or None: then they are words to
    search."""
    try:
        return _period(token, following)
    except LogInputError:
        return None


def describe(filters: reports.Filters) -> str:
    """The filters given, for the audit trail: key=value, in the log's own terms."""
    parts = []
    for key, value in asdict(filters).items():
        if value is None:
            continue
        if isinstance(value, datetime):
            value = value.strftime("%Y-%m-%d %H:%M")
        parts.append(f"{key}={value}")
    return ", ".join(parts) or "—"


def describe_for(filters: reports.Filters, lang: str) -> str:
    """The filters given, as the manager reads them: "modelo: 70b, status: em aberto, desde: 2026-11-24"."""
    parts = []
    for key, value in asdict(filters).items():
        if value is None:
            continue
        if isinstance(value, datetime):
            value = value.strftime("%Y-%m-%d %H:%M UTC")
        elif key in CLOSED_FIELDS:
            value = logtext.value(key, value, lang)
        parts.append(f"{i18n.t(lang, f'manager.filter.{key}')}: {value}")
    return ", ".join(parts) or i18n.t(lang, "manager.no_filters")


def log_message(db_path, filters: reports.Filters, lang: str) -> tuple[Message, int]:
    """The manager's view; returns it and how many rows it showed (for the audit)."""
    lang = i18n.lang_of(lang)
    rows = reports.list_requests(db_path, filters, limit=LATEST)

    def t(key, **p):
        return i18n.t(lang, f"manager.{key}", **p)

    lines = []
    for row in rows:
        when = logtext.when(row.get("created_at"))
        who = (
            f"<@{row['user_id']}>"
            if (row.get("user_id") or "").startswith(("U", "W"))
            else esc(row.get("user_id") or "")
        )
        where = f" <#{row['channel_id']}>" if (row.get("channel_id") or "").startswith(("C", "G")) else ""
        status = (
            t("lead", status=logtext.value("status", row["lead_status"], lang))
            if row.get("lead_status")
            else ""
        )
        answer = esc(row.get("recommendation") or logtext.value("outcome", row.get("outcome"), lang))
        # What people typed stays inside its code span, whatever backticks or *_~ it holds.
        lines.append(f"{when} {who}{where} · {code_span(row.get('text') or '')} → {answer}{status}")
    latest = "\n".join(lines) if lines else t("none")
    heading = t("latest")
    if lines:
        # Say what the list is of: the latest 15 of how many, so a manager knows what was cut.
        heading += " " + _counted(db_path, filters, len(rows), lang)
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": t("title")}},
        # The filters echo what the manager typed: escaped, it may pass Slack's 3,000 characters (the whole
        # view was then refused).
        {"type": "context", "elements": [{"type": "mrkdwn", "text": clip_mrkdwn(esc(t("filters", filters=describe_for(filters, lang))))}]},
        {"type": "section", "text": {"type": "mrkdwn", "text": _clip(f"*{heading}*\n{latest}")}},
        *summary_sections(db_path, lang, filters),
        {"type": "actions", "elements": [
            {"type": "button", "action_id": "log_export", "style": "primary", "text": {"type": "plain_text", "text": t("export")},
             "value": json.dumps(_jsonable(filters))[:2000]},
        ]},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": t("help")}]},
    ]  # fmt: skip
    validate(blocks)
    return Message(blocks=blocks, text=t("title")), len(rows)


COUNT_MOST = 10_000  # past this, "more than": counting a year of log row by row is not worth the wait


def _counted(db_path, filters: reports.Filters, shown: int, lang: str) -> str:
    """ "(15 de 230)", "(3 de 3)" or "(15 de mais de 10.000)": the rows shown, of how many selected."""
    total = shown if shown < LATEST else reports.count_requests(db_path, filters, most=COUNT_MOST + 1)
    of = (
        i18n.number(total, lang)
        if total <= COUNT_MOST
        else i18n.t(lang, "manager.more_than", n=i18n.number(COUNT_MOST, lang))
    )
    return i18n.t(lang, "manager.counted", shown=i18n.number(shown, lang), total=of)


def summary_sections(db_path, lang: str, filters: reports.Filters | None = None) -> list[dict]:
    """The summary and, under it, what we could not answer (two sections: each has Slack's limit): of the
    period the filters give ("/gpu log semana passada": last week's), else of the last 7 days. The other
    filters are not the summary's: when the view has any, its title says it counts every request."""
    filters = filters or reports.Filters()
    until = filters.until
    # With an end alone ("até:2026-06-01"), the 7 days before it.
    since = filters.since or (until or datetime.now(UTC)) - timedelta(days=SUMMARY_DAYS)
    summary = reports.format_summary(reports.summary(db_path, since, until), lang)
    brief = gaps.format_gaps(gaps.gaps(db_path, since, until), lang, gaps.BRIEF, brief=True)
    if until is None:
        title = i18n.t(lang, "manager.summary", since=since.strftime("%Y-%m-%d"))
    else:  # the last day the period includes: it ends at the next midnight
        first, last = since.strftime("%Y-%m-%d"), (until - timedelta(microseconds=1)).strftime("%Y-%m-%d")
        if first == last:
            title = i18n.t(lang, "manager.summary_day", day=first)
        else:
            title = i18n.t(lang, "manager.summary_between", since=first, until=last)
    others = {k: v for k, v in asdict(filters).items() if k not in ("since", "until")}
    if any(v is not None for v in others.values()):
        title += " " + i18n.t(lang, "manager.summary_unfiltered")
    return [
        {
            "type": "section",
            "text": {"type": "mrkdwn", "text": _clip(f"*{esc(title)}*\n```{esc(summary)}```")},
        },
        {"type": "section", "text": {"type": "mrkdwn", "text": _clip(f"```{esc(brief)}```")}},
    ]


def gaps_message(db_path, filters: reports.Filters, lang: str) -> tuple[Message, dict]:
    """`/gpu log lacunas`: what we could not answer in the period the filters give (default: 7 days)."""
    lang = i18n.lang_of(lang)
    since = filters.since or datetime.now(UTC) - timedelta(days=SUMMARY_DAYS)
    data = gaps.gaps(db_path, since, filters.until)
    text = gaps.format_gaps(data, lang)
    title = i18n.t(lang, "manager.gaps_title")
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": title}},
        {"type": "section", "text": {"type": "mrkdwn", "text": _clip(f"```{esc(text)}```")}},
    ]
    validate(blocks)
    return Message(blocks=blocks, text=title), data


def _clip(text: str, limit: int = 2990) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 4]
    # Never leave a code block open.
    return cut + ("```" if cut.count("```") % 2 else "") + "…"


def _jsonable(filters: reports.Filters) -> dict:
    out = {}
    for key, value in asdict(filters).items():
        if value is not None:
            out[key] = value.isoformat() if isinstance(value, datetime) else value
    return out


def filters_from_json(data: str) -> reports.Filters:
    """The filters an export button carries (written by the view above); ValueError or TypeError for anything
    else (a button of another version, a value cut short), for the caller to say the button is stale."""
    raw = json.loads(data or "{}")
    if not isinstance(raw, dict) or not all(v is None or isinstance(v, str) for v in raw.values()):
        raise ValueError("not the filters of an export button")
    for key in ("since", "until"):
        if raw.get(key):
            raw[key] = datetime.fromisoformat(raw[key])
    return reports.Filters(**raw)


def refusal(lang: str) -> Message:
    text = i18n.t(lang, "manager.refused")
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": esc(text)}}]
    validate(blocks)
    return Message(blocks=blocks, text=esc(text))


def person_in(text: str) -> str | None:
    """The Slack user id in `@maria` as Slack sends it (<@U…|maria>) or typed bare (U0123ABCD)."""
    if m := USER_REF.search(text):
        return m.group(1)
    token = text.strip().lstrip("@")
    return token if USER_ID.fullmatch(token) else None


def holds_anything(held: dict) -> bool:
    """Whether reports.export_user found anything that forgetting would change."""
    return any(held.get(k) for k in ("requests", "leads", "leads_owned", "lead_events", "welcomed"))


def nothing_held(user_id: str, cards: int, lang: str) -> Message:
    text = i18n.t(lang, "manager.forget_nothing", user=f"<@{user_id}>")
    if cards:
        text += " " + i18n.t(lang, "manager.redrawn", cards=cards)
    return _mrkdwn(text)


def forget_prompt(user_id: str, held: dict, lang: str) -> Message:
    """What forgetting someone will change, and a button (with Slack's own confirmation dialog) to do it:
    it cannot be undone, so it is never one typo away. Every value put into the text is a number or a
    checked user id, so nothing needs escaping but the template."""
    t = lambda key, **kw: i18n.t(lang, f"manager.{key}", **kw)  # noqa: E731
    text = t("forget_confirm", user=f"<@{user_id}>", requests=len(held["requests"]), leads=len(held["leads"]),
             owned=len(held["leads_owned"]))  # fmt: skip
    button = {
        "type": "button",
        "action_id": "log_forget",
        "style": "danger",
        "value": user_id,
        "text": {"type": "plain_text", "text": t("forget_button")},
        "confirm": {
            "title": {"type": "plain_text", "text": t("forget_sure")},
            "text": {"type": "plain_text", "text": t("forget_undo")},
            "confirm": {"type": "plain_text", "text": t("forget_yes")},
            "deny": {"type": "plain_text", "text": t("forget_no")},
            "style": "danger",
        },
    }
    return _with_button(text, button)


def export_person_prompt(user_id: str, held: dict, lang: str) -> Message:
    """What the log holds about a person, counted, and the button that sends it all to the manager's
    direct messages as JSON (an access request: the manager hands it to the person). Values are numbers
    and a checked user id: nothing to escape."""
    counts = {key: len(held[key]) for key in ("requests", "leads", "leads_owned", "audit")}
    events = len(held["lead_events"]) + len(held.get("events_on_their_leads") or [])
    text = i18n.t(lang, "manager.export_person_confirm", user=f"<@{user_id}>", requests=counts["requests"],
                  leads=counts["leads"], owned=counts["leads_owned"], events=events, audit=counts["audit"])  # fmt: skip
    button = {
        "type": "button",
        "action_id": "log_export_person",
        "style": "primary",
        "value": user_id,
        "text": {"type": "plain_text", "text": i18n.t(lang, "manager.export_person_button")},
    }
    return _with_button(text, button)


def _with_button(text: str, button: dict) -> Message:
    """A sentence and the one button that acts on it (its block named after the button's action)."""
    blocks = [
        {"type": "section", "text": {"type": "mrkdwn", "text": text}},
        {"type": "actions", "block_id": button["action_id"], "elements": [button]},
    ]
    validate(blocks)
    return Message(blocks=blocks, text=text)


def export_person_sent(user_id: str, filename: str, lang: str) -> Message:
    """The export went to the manager's DM: a checked user id and a name the app made, nothing to escape."""
    return _mrkdwn(i18n.t(lang, "manager.export_person_sent", user=f"<@{user_id}>", name=filename))


def forgotten(
    user_id: str, counts: dict, cards: int, copies: CopiesChanged, lang: str, waiting: int = 0
) -> Message:
    """What forgetting changed; waiting: rows about the person still in the spool, not reached."""
    text = i18n.t(lang, "manager.forgot", user=f"<@{user_id}>", requests=counts["requests"],
                  leads=counts["leads"], alias=counts["alias"], cards=cards, copies=len(copies.changed))  # fmt: skip
    if copies.missed:
        paths = ", ".join(f"`{path}`" for path, _ in copies.missed)
        text += "\n" + i18n.t(lang, "manager.forgot_missed", paths=paths)
    if waiting:
        text += "\n" + i18n.t(
            lang, "manager.forgot_spool", count=i18n.number(waiting, lang), user=f"<@{user_id}>"
        )
    return _mrkdwn(text)


def _mrkdwn(text: str) -> Message:
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": text}}]
    validate(blocks)
    return Message(blocks=blocks, text=text)


def summary_blocks(db_path, lang: str) -> list[dict]:
    """The summary for App Home."""
    return [{"type": "divider"}, *summary_sections(db_path, lang)]
