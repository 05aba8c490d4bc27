"""How the request log's values read for people, in their language: outcomes, stages, contract modes,
surfaces and lead statuses by name, sizes in GB, times in ms or s, and why a request went unanswered.

The log stores codes ("answered", "on_demand", 143654529925): exports keep them, so a spreadsheet or a
script reads every export alike; everything a manager reads goes through here. The words are in the
message files (sections [log_value], [lead.status], [gaps.reason]).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sizing import i18n

NONE = "—"

# Why a request was not answered, from its error_key (the engine's and the query reader's message keys,
# "slack:<error>" when Slack refused the answer, an exception's class name when the engine failed).
REASONS = {
    "query.nothing_understood": "not_understood",
    "query.no_model": "no_model",
    "query.series_size": "no_model",  # "qwen3" alone: which size was not said
    "query.family_model": "no_model",
    "query.series_lacks_size": "unknown_model",  # "llama 3.1 13b": no such model
    "missing_model": "no_model",
    "query.contradiction": "contradiction",
    "query.too_many_together": "out_of_range",
    "query.too_long": "too_long",
    "query.closed_model": "unknown_model",  # a model we cannot offer: sales want to know it was asked for
    "context_beyond_model": "beyond_model",
    "context_beyond_unstated": "beyond_model",
    "qlora_precision": "stage_precision",
    "quantized_full_training": "stage_precision",
    "lora_4bit": "stage_precision",
    "kv_precision_not_vllm": "unknown_precision",
    "bad_tp": "parallelism",
    "stack_data_parallel": "parallelism",
    "bad_zero": "out_of_range",
    "absurd_size": "out_of_range",
    "active_exceeds_total": "out_of_range",
}
REASON_PREFIXES = (
    ("unknown_model", "unknown_model"), ("unknown_gpu", "unknown_gpu"), ("unknown_kv_precision", "unknown_precision"),
    ("unknown_precision", "unknown_precision"), ("unknown_stack", "unknown_stack"), ("not_positive_", "out_of_range"),
    ("too_large_", "out_of_range"), ("slack:", "slack"),
)  # fmt: skip


def value(kind: str, code: object, lang: str) -> str:
    """A stored code by name: value("outcome", "answered", "pt-BR") == "respondido". kind is outcome,
    stage, contract, surface, source or status; an unknown code shows as it is, None as a dash."""
    if code is None or code == "":
        return NONE
    table = i18n.messages(i18n.lang_of(lang))
    key = f"log_value.{kind}.{code}"
    if kind == "status" and key not in table:
        # The status as the lead cards name it, in lower case: it sits inside a line of text.
        return table.get(f"lead.status.{code}", str(code)).lower()
    return table.get(key) or i18n.messages(i18n.DEFAULT_LANG).get(key) or str(code)


def reason(error_key: str | None, outcome: str | None = None) -> str:
    """The reason family of an unanswered request (a key of [gaps.reason])."""
    key = error_key or ""
    if key in REASONS:
        return REASONS[key]
    for prefix, family in REASON_PREFIXES:
        if key.startswith(prefix):
            return family
    # A failure with no engine key is the engine's own error (the exception's class name).
    return "internal" if outcome == "failed" else "other"


def reason_name(family: str, lang: str) -> str:
    return i18n.t(lang, f"gaps.reason.{family}")


def size(n_bytes: object, lang: str) -> str:
    """Bytes as GB (10⁹ bytes), the unit of the answers: 143654529925 -> "143,7 GB"."""
    if n_bytes is None or n_bytes == "":
        return NONE
    try:
        return i18n.gb(float(n_bytes), lang)
    except (TypeError, ValueError):
        return str(n_bytes)


def duration(ms: object, lang: str) -> str:
    """Milliseconds as people read them: "3,4 ms", "120 ms", "2,5 s"."""
    if ms is None or ms == "":
        return NONE
    try:
        value_ms = float(ms)
    except (TypeError, ValueError):
        return str(ms)
    if value_ms >= 1000:
        return f"{i18n.number(value_ms / 1000, lang, 1)} s"
    return f"{i18n.number(value_ms, lang, 1 if value_ms < 10 else 0)} ms"


def yes_no(flag: object, lang: str) -> str:
    if flag is None or flag == "":
        return NONE
    return i18n.t(lang, "gpu_log.yes" if int(flag) else "gpu_log.no")


def when(text: str | None) -> str:
    """ISO text as "2025-01-02 03:04" in UTC (the column says UTC)."""
    try:
        moment = datetime.fromisoformat(text or "")
    except ValueError:
        return (text or NONE)[:16]
    return (moment.astimezone(UTC) if moment.tzinfo else moment).strftime("%Y-%m-%d %H:%M")
