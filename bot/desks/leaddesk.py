"""The sales channel's side of leads: which answers become leads, the card each lead gets, and keeping the
card up to date as a rep claims it and moves it along (new -> contacted -> proposal sent -> won / lost).

The lead rows and their history live in the request log's database (bot/log/leads.py); this module only
decides and shows. A lead is never lost to a database that misbehaves: it is queued in the request log
(written as soon as the file takes it, kept in the spool across a restart), and its card is posted once it
is written. Leads whose card was never posted (Slack failed, or the process stopped in between) are found
again by a sweep, at start and every minute, and each card is claimed in the database before it is
posted, so two workers never post the same one.
"""

from __future__ import annotations

import contextlib
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

from ..blocks import Message, clip_mrkdwn, esc, validate
from ..log import LEAD_DEDUPE_SECONDS, LeadError, logtext
from ..logsetup import where_failed

logger = logging.getLogger(__name__)
SWEEP_SECONDS = 60  # how often leads without a card are looked for
SWEEP_DAYS = 7  # how far back: a card is still worth posting for a lead a few days old
# A card marked "being posted" for this long is taken to have failed (its worker stopped mid-post). Not
# shorter: a card posted while the file was busy has its place written only once the file is free.
CARD_STALE_SECONDS = 900


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


def lead_fields(reply, where, source: str, lang: str | None = None) -> dict:
    """What a lead records of an answer: who asked, where, the workload in one line (in `lang`, the sales
    team's, else the answer's), the recommendation."""
    r = reply.result
    rec = r.recommendation
    return {
        "source": source, "request_key": reply.request_key, "team_id": where.team_id, "channel_id": where.channel_id,
        "user_id": where.user_id, "user_external": where.user_external, "model_id": r.workload.model.id,
        "stage": r.workload.stage, "precision": r.workload.precision, "summary": summary_of(reply, lang),
        "recommendation": f"{rec.count}× {rec.gpu_name}" if rec else None, "contract_mode": r.contract.mode,
        "total_bytes": r.memory.total,
    }  # fmt: skip


def summary_of(reply, lang: str | None = None) -> str:
    """One line of what was asked: model · precision · context · users (or stage, data and deadline), in `lang`
    (the card's: an English asker's lead is read by a Portuguese sales team), else the answer's."""
    r = reply.result
    w = r.workload
    lang = i18n.lang_of(lang or w.lang)
    parts = [w.model.name, w.precision_name]
    if w.stage == "inference":
        parts += [f"{i18n.context(w.context_tokens, lang)} ctx", f"{w.users}×"]
    else:
        parts.append(i18n.t(lang, f"understood.stage.{w.stage}"))
        # What the project is worth to sales: how much data, and by when.
        if w.tokens:
            parts.append(i18n.t(lang, "understood.tokens", n=i18n.count(w.tokens, lang)))
        if w.days:
            parts.append(i18n.day_count(w.days, lang))
    return " · ".join(parts)


class LeadDesk:
    def __init__(
        self, leads, client: WebClient, channel: str | None, lang: str, log=None, shared=None
    ) -> None:
        self.leads = leads
        self.client = client
        self.channel = channel
        # channel -> whether another organisation is (or may be) in it (bot.directory): no card goes there.
        self.shared = shared
        self._warned_shared = False
        self.lang = i18n.lang_of(lang)
        self.log = log  # bot.log.requestlog.RequestLog: leads are queued there
        # One thread: cards go out in order. Its work is finished at exit (ThreadPoolExecutor joins).
        self._background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lead-desk")
        self._lock = threading.Lock()
        self._recent: dict[tuple[str, str], float] = {}
        self._stop = threading.Event()
        if log is not None:
            log.on_lead = self._written
            if channel:
                threading.Thread(target=self._sweep_forever, name="lead-sweep", daemon=True).start()

    def wait(self) -> None:
        """Blocks until the cards queued so far are posted (tests; shutdown)."""
        self._background.submit(lambda: None).result()

    def stop(self) -> None:
        self._stop.set()

    def request_lead(self, reply, where, source: str) -> bool:
        """Queues a lead for this answer (written once the database takes it, whatever it is doing now);
        its card follows. False when there is no answer to follow up. A lead already open for the same
        person and model in the last day is reused (leads.write_lead)."""
        r = reply.result
        if r is None or self.log is None:
            return False
        self.log.record_lead(
            {
                **lead_fields(reply, where, source, self.lang),
                "user_external": int(bool(where.user_external)),
                "note": i18n.t(
                    self.lang, "lead.asked_proposal"
                ),  # added once when a proposal reuses an automatic lead
            }
        )
        return True

    def consider(self, reply, where) -> None:
        """Called after every answer: opens a lead on its own when the answer is worth a call. Nothing here
        waits for the database or the sales channel: the person who asked never waits for them."""
        if where.surface in ("console", "button") or not worth_a_call(reply):
            return
        key = (where.user_id, reply.result.workload.model.id)
        now = time.monotonic()
        with self._lock:
            # The same person asking again about the same model today: their lead is queued already (and
            # the lead log would reuse it anyway); this only saves the work.
            if now - self._recent.get(key, -LEAD_DEDUPE_SECONDS) < LEAD_DEDUPE_SECONDS:
                return
            self._recent[key] = now
            if len(self._recent) > 10_000:
                self._recent.clear()
        self.request_lead(reply, where, "auto")

    def _written(self, lead: dict) -> None:
        """From the request log's writer, once a lead is in the database: its card, in the background.
        Not while the process is stopping: the next start's sweep posts it, rather than a post cut short
        leaving the card marked as being posted."""
        if self._stop.is_set():
            return
        work = (
            self._post_quietly
            if lead.get("created")
            else self._refresh_quietly
            if lead.get("refresh")
            else None
        )
        if work is not None:
            with contextlib.suppress(RuntimeError):  # the process is exiting: the next start's sweep posts it
                self._background.submit(work, lead["id"])

    def _post_quietly(self, lead_id: int) -> None:
        try:
            self.post_card(lead_id)
        except Exception as error:  # a lead card must never cost anything but itself; the sweep tries again
            logger.error("posting a lead card failed: %s", where_failed(error))

    def post_card(self, lead_id: int) -> bool:
        """Posts the lead's card unless it is posted (or being posted) already. False when it could not be
        posted now (the sweep tries again)."""
        if not self.channel:
            return True
        gate = getattr(self.client, "gate", None)
        if gate is not None and gate.reason is not None:
            # The bot token is gone (its gate told so once, bot/slack_client.py): the lead is kept, and the
            # sweep of a process started with a new token posts its card. Not "the channel is shared".
            return False
        try:
            mark = self.leads.claim_card(lead_id, stale_after=CARD_STALE_SECONDS)
            if mark is None:
                return True
            lead = self.leads.get(lead_id)
            if lead is None:  # removed meanwhile (gpu-log forget --delete)
                return True
        except LeadError as e:
            logger.warning("a lead card waits for the lead log (%s)", e.key)
            return False
        if self.shared is not None and self.shared(self.channel):
            # A card names who asked and what: a channel shared with another organisation (or one Slack
            # could not vouch for just now) never gets one. The lead is kept; the sweep tries again.
            if not self._warned_shared:
                self._warned_shared = True
                logger.warning("GPU_SIZER_SALES_CHANNEL is shared with another organisation (or Slack could "
                               "not say it is not): lead cards wait until it is a channel of our own")  # fmt: skip
            with contextlib.suppress(LeadError):
                self.leads.release_card(lead_id, mark)
            return False
        self._warned_shared = False
        try:
            posted = self.client.chat_postMessage(channel=self.channel, **self.card(lead).kwargs())
        except Exception as e:  # the API failed, was rate limited past retries, or timed out
            logger.warning("posting a lead card failed: %s", _reason(e))
            # Should this fail too, the mark goes stale and the sweep takes the card again.
            with contextlib.suppress(LeadError):
                self.leads.release_card(lead_id, mark)
            return False
        # Where the card is must be remembered, or it could not be redrawn (and would be posted again): when
        # the file is busy, it is queued like a row instead.
        try:
            self.leads.set_card(lead_id, posted["channel"], posted["ts"])
        except LeadError:
            self.log.record_card(lead_id, posted["channel"], posted["ts"])
        return True

    def _sweep_forever(self) -> None:
        self._stop.wait(1.0)  # let the app finish starting
        while not self._stop.is_set():
            try:
                self._background.submit(self.sweep)
            except RuntimeError:  # the executor is shut down: the process is exiting
                return
            self._stop.wait(SWEEP_SECONDS)

    def sweep(self) -> int:
        """Posts the cards of leads written without one (Slack failed, or the process stopped between
        writing the lead and posting its card); returns how many were posted."""
        since = (datetime.now(UTC) - timedelta(days=SWEEP_DAYS)).isoformat(timespec="milliseconds")
        try:
            waiting = self.leads.without_card(since, stale_after=CARD_STALE_SECONDS)
        except (LeadError, FileNotFoundError):
            return 0
        return sum(1 for lead_id in waiting if self.post_card(lead_id))

    def refresh(self, lead_id: int) -> dict:
        lead = self.leads.get(lead_id)
        if lead and lead.get("card_channel") and lead.get("card_ts") and self.channel:
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
        except Exception as error:
            logger.error("redrawing a lead card failed: %s", where_failed(error))

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
            # A recorded lead has a history (the console's preview has none yet).
            *([{"type": "button", "action_id": "lead_history", "value": value, "text": {"type": "plain_text", "text": t("history_button")}}]
              if lead.get("id") is not None else []),
        ],
    })  # fmt: skip
    validate(blocks)
    text = f"{title}: {lead.get('summary') or ''}"
    return Message(blocks=blocks, text=esc(text))


HISTORY_ROOM = 2_700  # characters of events in the history's section (Slack's limit is 3,000)


def history(lead: dict, events: list[dict], lang: str) -> Message:
    """A lead's history, for the rep who asked (only they see it): every change, oldest first, with when,
    who and what (a status from → to, a note as written). The card shows only the latest note. A history
    too long for one message keeps its latest changes and says how many earlier ones it left out."""

    def t(key, **p):
        return i18n.t(lang, f"lead.{key}", **p)

    lines: list[str] = []
    room = HISTORY_ROOM
    for event in reversed(events):
        line = _event_line(event, lang)
        if len(line) + 1 > room:
            break
        lines.insert(0, line)
        room -= len(line) + 1
    if len(lines) < len(events):
        lines.insert(0, t("history_earlier", n=i18n.number(len(events) - len(lines), lang)))
    title = t("history_title", id=lead["id"])
    body = "\n".join(lines) or t("history_none")
    blocks = [
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*{esc(title)}*\n{body}"}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": esc(t("history_only_you"))}]},
    ]
    validate(blocks)
    return Message(blocks=blocks, text=esc(title))


def _event_line(event: dict, lang: str) -> str:
    """One change of a lead: "2026-12-08 09:12 · @bia mudou o status: novo → contatado"."""
    who = _person(event["by"], lang) if event.get("by") else i18n.t(lang, "lead.history_app")
    action = i18n.t(lang, f"gpu_log.event.{event.get('action')}")
    change = " → ".join(
        logtext.value("status", s, lang) for s in (event.get("from_status"), event.get("to_status")) if s
    )
    line = f"{logtext.when(event.get('at'))} · {who} {esc(action)}"
    if change:
        line += f": {esc(change)}"
    if event.get("note"):
        # A note is at most 500 characters (the form's limit): escaped, it may be longer; cut to fit.
        line += f" “{clip_mrkdwn(esc(event['note']), 1_200)}”"
    return line


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
