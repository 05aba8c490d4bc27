"""The sales channel's side of leads: which answers become leads, the card each lead gets, and keeping the
card up to date as a rep claims it and moves it along (new -> contacted -> proposal sent -> won / lost).

The lead rows and their history live in the request log's database (bot/leads.py); this module only
decides and shows.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from sizing import i18n
from sizing.catalog import load_catalog

from . import logtext
from .blocks import Message, esc, validate
from .leads import LeadError

logger = logging.getLogger(__name__)
DEDUPE_SECONDS = 24 * 3600  # one card per person and model a day
BUSY_ATTEMPTS = 3  # an automatic lead that meets a locked file is tried again, BUSY_PAUSE, 2×BUSY_PAUSE later
BUSY_PAUSE = 1.0


def worth_a_call(reply) -> bool:
    """An answer sales should follow up without being asked: production, a large setup, or training."""
    return bool(call_reasons(reply))


def call_reasons(reply) -> list[str]:
    """Why sales should call about this answer (the rules under [leads] in offering.toml): "production",
    "gpus" (a setup of min_gpus or more), "training"; [] for an answer that is not worth a call."""
    r = reply.result
    if reply.outcome != "answered" or r is None:
        return []
    rules = load_catalog().offering.leads
    rec = r.recommendation
    reasons = []
    if rules.production and r.workload.intent == "production":
        reasons.append("production")
    if rec is not None and rec.count >= rules.min_gpus:
        reasons.append("gpus")
    if rules.training and r.workload.stage in ("full", "pretrain"):
        reasons.append("training")
    return reasons


def lead_fields(reply, where, source: str) -> dict:
    """What a lead records of an answer: who asked, where, the workload in one line, the recommendation."""
    r = reply.result
    rec = r.recommendation
    return {
        "source": source, "request_key": reply.request_key, "team_id": where.team_id, "channel_id": where.channel_id,
        "user_id": where.user_id, "user_external": where.user_external, "model_id": r.workload.model.id,
        "stage": r.workload.stage, "precision": r.workload.precision, "summary": summary_of(reply),
        "recommendation": f"{rec.count}× {rec.gpu_name}" if rec else None, "contract_mode": r.contract.mode,
        "total_bytes": r.memory.total,
    }  # fmt: skip


def summary_of(reply) -> str:
    """One line of what was asked: model · precision · context · users (or stage, data and deadline)."""
    r = reply.result
    w = r.workload
    lang = i18n.lang_of(w.lang)
    parts = [w.model.name, w.precision_name]
    if w.stage == "inference":
        parts += [f"{i18n.context(w.context_tokens, lang)} ctx", f"{w.users}×"]
    else:
        parts.append(i18n.t(lang, f"understood.stage.{w.stage}"))
        # What the project is worth to sales: how much data, and by when.
        if w.tokens:
            parts.append(i18n.t(lang, "understood.tokens", n=i18n.count(w.tokens, lang)))
        if w.days:
            parts.append(i18n.t(lang, "understood.days", n=i18n.number(w.days, lang)))
    return " · ".join(parts)


class LeadDesk:
    def __init__(self, leads, client: WebClient, channel: str | None, lang: str) -> None:
        self.leads = leads
        self.client = client
        self.channel = channel
        self.lang = i18n.lang_of(lang)
        # One thread: cards go out in order. Its work is finished at exit (ThreadPoolExecutor joins).
        self._background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lead-desk")
        self._lock = threading.Lock()
        self._recent: dict[tuple[str, str], float] = {}

    def wait(self) -> None:
        """Blocks until the cards queued so far are posted (tests; shutdown)."""
        self._background.submit(lambda: None).result()

    def open_lead(self, reply, where, source: str) -> dict | None:
        """Records a lead for this answer and posts its card; None when there is nowhere to post or no
        answer to follow up. A lead already open for the same person and model in the last day is reused:
        sales gets one card per conversation, not one per question."""
        r = reply.result
        if r is None:
            return None
        existing = self._recent_open(where.user_id, r.workload.model.id)
        if existing is not None:
            if source == "proposal":
                self.leads.add_note(existing["id"], where.user_id, i18n.t(self.lang, "lead.asked_proposal"))
                self.refresh(existing["id"])
            return existing
        lead = self.leads.create(**lead_fields(reply, where, source))
        if self.channel:
            try:
                posted = self.client.chat_postMessage(channel=self.channel, **self.card(lead).kwargs())
                self.leads.set_card(lead["id"], posted["channel"], posted["ts"])
            except Exception as e:  # the API failed, was rate limited past retries, or timed out
                logger.warning("posting a lead card failed: %s", _reason(e))
                return None
        return lead

    def consider(self, reply, where) -> None:
        """Called after every answer: opens a lead on its own when the answer is worth a call. The card is
        posted from a background thread: the person who asked never waits for the sales channel."""
        if where.surface in ("console", "button") or not worth_a_call(reply):
            return
        key = (where.user_id, reply.result.workload.model.id)
        now = time.monotonic()
        with self._lock:
            # The same person asking again about the same model today: their lead is open already.
            if now - self._recent.get(key, -DEDUPE_SECONDS) < DEDUPE_SECONDS:
                return
            self._recent[key] = now
            if len(self._recent) > 10_000:
                self._recent.clear()
        self._background.submit(self._open_quietly, reply, where)

    def _open_quietly(self, reply, where) -> None:
        for attempt in range(BUSY_ATTEMPTS):
            try:
                self.open_lead(reply, where, "auto")
                return
            except LeadError as e:
                # Another writer (a purge, an export, a burst of log rows) held the file past the
                # lead store's own wait: nobody is waiting for this card, so try again a little later.
                if not ("busy" in str(e) or "locked" in str(e)) or attempt == BUSY_ATTEMPTS - 1:
                    logger.warning("opening an automatic lead failed: %s", e)
                    return
                time.sleep(BUSY_PAUSE * (attempt + 1))
            except Exception:  # a lead card must never cost anything but itself
                logger.exception("opening an automatic lead failed")
                return

    def _recent_open(self, user_id: str, model_id: str) -> dict | None:
        since = (datetime.now(UTC) - timedelta(seconds=DEDUPE_SECONDS)).isoformat()
        found = self.leads.list(open_only=True, user_id=user_id, model_id=model_id, since=since)
        return found[0] if found else None

    def refresh(self, lead_id: int) -> dict:
        lead = self.leads.get(lead_id)
        if lead and lead.get("card_channel") and lead.get("card_ts"):
            try:
                self.client.chat_update(
                    channel=lead["card_channel"], ts=lead["card_ts"], **self.card(lead).kwargs()
                )
            except Exception as e:  # the API failed, was rate limited past retries, or timed out
                logger.warning("updating a lead card failed: %s", _reason(e))
        return lead

    def redraw_forgotten(self) -> int:
        """Redraws, in the background, every card that shows someone removed from the log (people
        forgotten with gpu-log too, which cannot reach Slack); returns how many will be redrawn. The
        manager who asked gets their confirmation at once: Slack wants an answer within 3 seconds."""
        ids = [
            lead["id"]
            for lead in self.leads.list()
            if lead.get("card_ts") and any(_forgotten(lead.get(k)) for k in ("user_id", "owner"))
        ]
        for lead_id in ids:
            self._background.submit(self._refresh_quietly, lead_id)
        return len(ids)

    def _refresh_quietly(self, lead_id: int) -> None:
        try:
            self.refresh(lead_id)
        except Exception:
            logger.exception("redrawing a lead card failed")

    def card(self, lead: dict) -> Message:
        return card(lead, self.lang)

    def note_view(self, lead_id: int) -> dict:
        lang = self.lang
        return {
            "type": "modal",
            "callback_id": "lead_note",
            "private_metadata": str(lead_id),
            "title": {"type": "plain_text", "text": i18n.t(lang, "lead.note_title")[:24]},
            "submit": {"type": "plain_text", "text": i18n.t(lang, "lead.note_save")},
            "blocks": [
                {"type": "input", "block_id": "note", "label": {"type": "plain_text", "text": i18n.t(lang, "lead.note_label")},
                 "element": {"type": "plain_text_input", "action_id": "note", "multiline": True, "max_length": 500}},
            ],
        }  # fmt: skip


def card(lead: dict, lang: str) -> Message:
    """The lead's card in the sales channel: who asked, where, the workload, the recommendation, its status
    and owner, with the buttons reps use. A lead not recorded yet (id None) is the console's preview."""

    def t(key, **p):
        return i18n.t(lang, f"lead.{key}", **p)

    where = i18n.t(lang, "slack.lead_where", channel=lead["channel_id"]) if lead.get("channel_id") else ""
    if lead.get("user_external"):
        where += i18n.t(lang, "slack.lead_external")
    title = t("title_proposal" if lead.get("source") == "proposal" else "title_auto")
    if lead.get("id") is not None:
        title += f" #{lead['id']}"
    asked = t(
        "asked", user=_person(lead["user_id"], lang), where=where, workload=esc(lead.get("summary") or "")
    )
    if lead.get("recommendation"):
        contract = logtext.value("contract", lead.get("contract_mode"), lang)
        asked += "\n" + t("recommendation", setup=esc(lead["recommendation"]), contract=contract)
    owner = _person(lead["owner"], lang) if lead.get("owner") else t("nobody")
    state = t(
        "state", status=t(f"status.{lead['status']}"), owner=owner, age=_age(lead.get("created_at"), lang)
    )
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": title}},
        {"type": "section", "text": {"type": "mrkdwn", "text": asked}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": state}]},
    ]
    if lead.get("note"):
        note = {"type": "mrkdwn", "text": esc(t("last_note", note=lead["note"]))}
        blocks.append({"type": "context", "elements": [note]})
    options = [
        {"text": {"type": "plain_text", "text": t(f"status.{s}")}, "value": s}
        for s in ("new", "contacted", "proposal_sent", "won", "lost", "not_lead")
    ]
    current = next(o for o in options if o["value"] == lead["status"])
    value = str(lead.get("id"))
    blocks.append({
        "type": "actions", "block_id": f"lead_{lead.get('id')}",
        "elements": [
            {"type": "button", "action_id": "lead_claim", "value": value, "text": {"type": "plain_text", "text": t("claim")},
             **({} if lead.get("owner") else {"style": "primary"})},
            {"type": "static_select", "action_id": "lead_status", "options": options, "initial_option": current,
             "placeholder": {"type": "plain_text", "text": t("change_status")}},
            {"type": "button", "action_id": "lead_note", "value": value, "text": {"type": "plain_text", "text": t("add_note")}},
        ],
    })  # fmt: skip
    validate(blocks)
    text = f"{title}: {lead.get('summary') or ''}"
    return Message(blocks=blocks, text=esc(text))


def card_text(message: Message) -> str:
    """A card as plain text, for a terminal: its lines, and its buttons and menu in brackets."""
    lines = []
    for block in message.blocks:
        if block["type"] in ("header", "section"):
            lines += block["text"]["text"].splitlines()
        elif block["type"] == "context":
            lines += [e["text"] for e in block["elements"]]
        elif block["type"] == "actions":
            labels = [
                (e.get("initial_option") or e)["text"]["text"] + (" ▾" if "options" in e else "")
                for e in block["elements"]
            ]
            lines.append("  ".join(f"[{label}]" for label in labels))
    return "\n".join(_plain(line) for line in lines)


def _plain(mrkdwn: str) -> str:
    """Slack's markup as a terminal shows it: <@U1> as @U1, <#C1> as #C1, *bold* as bold, entities decoded."""
    text = re.sub(r"<[@#]([A-Za-z0-9_-]+)(?:\|[^>]*)?>", lambda m: m.group(0)[1] + m.group(1), mrkdwn)
    text = re.sub(r"\*([^*\n]+)\*", r"\1", text)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _age(created_at: str | None, lang: str) -> str:
    if not created_at:
        return "—"
    try:
        started = datetime.fromisoformat(created_at)
    except ValueError:
        return "—"
    if started.tzinfo is None:
        started = started.replace(tzinfo=UTC)
    hours = (datetime.now(UTC) - started).total_seconds() / 3600
    if hours < 48:
        return f"{max(0, round(hours))} h"
    days = round(hours / 24)
    return i18n.t(lang, "summary.days", n=i18n.number(days, lang))


def _reason(error: Exception) -> str:
    return error.response.get("error", "") if isinstance(error, SlackApiError) else type(error).__name__


def _person(user_id: str, lang: str) -> str:
    """A mention, or, for someone removed from the log at their request, a note saying so."""
    if _forgotten(user_id):
        return i18n.t(lang, "lead.forgotten")
    return f"<@{user_id}>"


def _forgotten(user_id: str | None) -> bool:
    return bool(user_id) and user_id.startswith("forgotten-")
