"""What we could not answer: the clearest signal of what customers want next (models to add, words to
learn). Read by `gpu-log gaps`, `/gpu log lacunas` and, briefly, the weekly summary.

- refusals and failures by reason (the request's error_key, grouped by logtext.reason);
- models asked for that the catalogue lacks: refused as unknown, or answered with the nearest catalogue
  model (the request's missing_model, migrations.record_gaps);
- questions we did not understand at all (their redacted text);
- words we did not understand in questions we did answer (the request's unknown_words).

Each list is most frequent first. gaps() reads, format_gaps() writes: the one counts, the other names.
"""

from __future__ import annotations

from datetime import datetime

from sizing import i18n

from . import logtext, reports

TOP = 10  # lines per list in gpu-log gaps and /gpu log lacunas
BRIEF = 3  # lines per list in the weekly summary
NAME_WIDTH = 64
# Refusals whose text is worth reading whole: nothing in it was understood, or no model was found.
PHRASE_KEYS = ("query.nothing_understood", "query.no_model", "missing_model")


def gaps(db: reports.DbLike, since: datetime, until: datetime | None = None) -> dict:
    """The requests created in [since, until) that we could not answer, counted. Every list holds
    {"name", "count"} (refusals also "outcome"; models also "used", the catalogue model answered with, or
    None when refused), highest count first, then name."""
    bounds, args = "created_at >= ?", [reports._iso(since)]
    if until is not None:
        bounds += " and created_at < ?"
        args.append(reports._iso(until))
    with reports._open(db) as d:

        def rows(sql: str, extra: list | None = None) -> list[dict]:
            return list(d.query(sql, [*args, *(extra or [])]))

        # Every list reads only its own rows, through a partial index (migrations.index_gaps); the total
        # comes from the daily roll-up.
        total = reports.request_total(d, since, until)
        refusals = rows(
            "select error_key as name, outcome, count(*) as count from requests"
            f" where {bounds} and error_key is not null and outcome != 'answered'"
            " group by error_key, outcome order by count desc, name"
        )
        models = rows(
            "select lower(missing_model) as name, model_id as used, count(*) as count from requests"
            f" where {bounds} and missing_model is not null"
            " group by lower(missing_model), model_id order by count desc, name"
        )
        phrases = rows(
            "select min(text) as name, count(*) as count from requests"
            f" where {bounds} and error_key is not null and text is not null"
            f" and error_key in ({', '.join('?' * len(PHRASE_KEYS))})"
            " group by lower(trim(text)) order by count desc, name",
            list(PHRASE_KEYS),
        )
        words = rows(
            "select lower(w.value) as name, count(*) as count from requests r, json_each(r.unknown_words) w"
            f" where {bounds.replace('created_at', 'r.created_at')} and r.unknown_words is not null"
            " and json_valid(r.unknown_words)"
            " group by lower(w.value) order by count desc, name"
        )
    return {
        "since": reports._iso(since),
        "until": reports._iso(until) if until is not None else None,
        "total": total,
        "unanswered": sum(r["count"] for r in refusals),
        "refusals": refusals,
        "models": models,
        "phrases": phrases,
        "words": words,
    }


def format_gaps(data: dict, lang: str = "pt-BR", top: int = TOP, brief: bool = False) -> str:
    """The gaps as plain text with bars, for a terminal or a Slack code block. brief: the section the
    weekly summary ends with (fewer lines, and where to see the rest)."""
    lang = i18n.lang_of(lang)

    def t(key: str, **params) -> str:
        return i18n.t(lang, f"gaps.{key}", **params)

    count, total = i18n.number(data["unanswered"], lang), i18n.number(data["total"], lang)
    if brief:
        lines = [t("in_summary", count=count, total=total)]
    elif data.get("until"):
        since, until = reports._display_time(data["since"]), reports._display_time(data["until"])
        lines = [t("header_until", since=since, until=until, count=count, total=total)]
    else:
        lines = [t("header", since=reports._display_time(data["since"]), count=count, total=total)]
    sections = [
        ("refusals", _by_reason(data["refusals"], lang)),
        ("models", [dict(m, name=_model(m, lang)) for m in data["models"]]),
        ("phrases", [dict(p, name=f"“{' '.join(str(p['name']).split())}”") for p in data["phrases"]]),
        ("words", data["words"]),
    ]
    if not any(items for _, items in sections):
        return "\n".join([*lines, t("nothing")]) + "\n"
    for key, items in sections:
        if not items:
            continue
        lines += ["", t(key)]
        lines += reports._bars(
            [reports._clip(str(i["name"]), NAME_WIDTH) for i in items[:top]], items[:top], lang
        )
        if len(items) > top:
            lines.append("  " + i18n.t(lang, "summary.more", n=len(items) - top))
    if brief:
        lines += ["", t("see_all")]
    return "\n".join(lines) + "\n"


def summary_text(db: reports.DbLike, since: datetime, until: datetime | None, lang: str) -> tuple[str, dict]:
    """The weekly summary as text, ending with what we could not answer; and the summary's counts."""
    data = reports.summary(db, since, until)
    text = reports.format_summary(data, lang) + "\n" + format_gaps(gaps(db, since, until), lang, BRIEF, True)
    return text, data


def _by_reason(refusals: list[dict], lang: str) -> list[dict]:
    counts: dict[str, int] = {}
    for r in refusals:
        family = logtext.reason(r["name"], r.get("outcome"))
        counts[family] = counts.get(family, 0) + r["count"]
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [{"name": logtext.reason_name(family, lang), "count": n} for family, n in ranked]


def _model(item: dict, lang: str) -> str:
    asked = " ".join(str(item["name"]).split())
    if item.get("used"):
        return f"{asked} → {i18n.t(lang, 'gaps.stand_in', model=item['used'])}"
    return f"{asked} → {i18n.t(lang, 'gaps.refused')}"
