"""The request log for managers: `/gpu log` (called from the /gpu listener) and its CSV export button.

Whatever the log's file is doing (locked, read-only, full, deleted), the person gets an answer: a refusal
needs no file (its audit row is queued like every row), and a view that cannot be read says so in one
sentence."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
import tempfile
from datetime import UTC, datetime

from slack_bolt import Ack, App, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from sizing import i18n

from ..blocks import Message, led_by, notice
from ..desks import managerdesk
from ..log import LeadError, forget_in_copies, logwords, reports, spool_waiting_about
from ..slack_client import upload_file

logger = logging.getLogger(__name__)


def log_command(text: str, where, services) -> Message:
    """The manager's view of the log, or a polite refusal (recorded) for anyone else. A log that refuses
    writes as read-only is said so first: what the view shows stops where the file did, and the rows since
    wait in the spool (bot/log/spool.py) until the file takes them."""
    message = _log_view(text, where, services)
    if services.is_manager(where.user_id) and services.log.read_only():
        return led_by(i18n.t(services.pipeline.lang_for(where), "manager.log_read_only"), message)
    return message


def _log_view(text: str, where, services) -> Message:
    lang = services.pipeline.lang_for(where)
    db = services.settings.db_path
    if not services.is_manager(where.user_id):
        services.log.audit(where.user_id, "slack", "refused", {"command": "log", "channel": where.channel_id})
        return managerdesk.refusal(lang)
    first, rest = [*text.split(None, 1), "", ""][:2]
    asked = logwords.command(first) if first else None
    if asked == "forget":
        try:
            return _forget(rest, where, services, lang)
        except (*UNREADABLE, LeadError) as e:
            return unavailable(lang, e)
    if asked == "export_person":
        try:
            return _export_person(rest, services, lang)
        except UNREADABLE as e:
            return unavailable(lang, e)
    try:
        filters = managerdesk.parse_filters(rest if asked == "gaps" else text)
    except managerdesk.FilterError as e:
        return notice(f"{e.standalone(lang)} {i18n.t(lang, 'manager.help')}")
    # The last questions may still be in the writer's queue: include them, within Slack's 3 seconds.
    services.log.flush(timeout=FLUSH_S)
    try:
        if asked == "gaps":
            message, data = managerdesk.gaps_message(db, filters, lang)
            # Reading the gaps is reading a summary of the log.
            details = {
                "view": "gaps",
                "since": data["since"],
                "until": data["until"],
                "requests": data["total"],
            }
            services.log.audit(where.user_id, "slack", "summary", details)
            return message
        message, shown = managerdesk.log_message(db, filters, lang)
    except UNREADABLE as e:
        return unavailable(lang, e)
    services.log.audit(
        where.user_id, "slack", "list", {"filters": managerdesk.describe(filters), "rows": shown}
    )
    return message


# What reading the log's file can raise while it is missing, locked past the wait, unreadable or corrupt.
UNREADABLE = (sqlite3.Error, OSError)
FLUSH_S = 0.5


def unavailable(lang: str, error: Exception) -> Message:
    logger.warning("the request log cannot be read for a manager (%s)", type(error).__name__)
    return notice(i18n.t(lang, "manager.unavailable"))


def _forget(text: str, where, services, lang: str) -> Message:
    """A data-subject request made from Slack: shows what removing the person changes, with a button.
    Nothing held: perhaps removed already with gpu-log, which cannot reach Slack, so any card still showing
    them is redrawn."""
    return _about_a_person(text, services, lang, "forget_who", managerdesk.forget_prompt,
                           lambda: services.desk.redraw_forgotten())  # fmt: skip


def _export_person(text: str, services, lang: str) -> Message:
    """A data subject's access request made from Slack (LGPD Art. 18 II): what the log holds about them,
    counted, with a button that sends it all as JSON to the manager's direct messages."""
    return _about_a_person(text, services, lang, "export_person_who", managerdesk.export_person_prompt)


def _about_a_person(text: str, services, lang: str, who: str, prompt, when_nothing=lambda: 0) -> Message:
    """The person named, what the log holds about them and the prompt for it; `who` (a message key) when
    nobody is named; "nothing held" (with the cards when_nothing redrew) when the log has nothing."""
    user = managerdesk.person_in(text)
    if not user:
        return notice(i18n.t(lang, f"manager.{who}"))
    services.log.flush(timeout=FLUSH_S)  # their last questions may still be in the writer's queue
    held = reports.export_user(services.settings.db_path, user)
    if not managerdesk.holds_anything(held):
        return managerdesk.nothing_held(user, when_nothing(), lang)
    return prompt(user, held, lang)


def register(app: App, services) -> None:
    def after_ack(work):
        # Acknowledged at once: an export of a large log, or redrawing cards, takes longer than Slack waits.
        def listener(ack: Ack, body: dict, action: dict, respond: Respond, client: WebClient) -> None:
            ack()
            services.after_ack.submit(work, body, action, respond, client)

        return listener

    def export(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        user = (body.get("user") or {}).get("id") or ""
        lang = services.pipeline.lang_for(_where(user, services))
        db = services.settings.db_path
        if not services.is_manager(user):
            services.log.audit(user, "slack", "refused", {"command": "export"})
            respond(response_type="ephemeral", replace_original=False, **managerdesk.refusal(lang).kwargs())
            return
        stale = notice(i18n.t(lang, "slack.bad_button"))
        try:
            filters = managerdesk.filters_from_json(action.get("value") or "{}")
        except (ValueError, TypeError):
            respond(response_type="ephemeral", replace_original=False, **stale.kwargs())
            return
        services.log.flush(timeout=2)
        name = f"gpu-sizer-log-{datetime.now(UTC):%Y%m%d-%H%M}.csv"
        # Written a page of rows at a time to a temporary file, then streamed to Slack from it: memory stays
        # flat whatever the size of the log (this runs after Slack was acknowledged).
        with tempfile.TemporaryFile() as file:
            text = io.TextIOWrapper(file, encoding="utf-8", newline="")
            try:
                # For Excel in the manager's language.
                rows = reports.write_csv(
                    reports.iter_requests(db, filters), text, reports.CsvFormat.excel(lang)
                )
            except UNREADABLE as e:
                respond(response_type="ephemeral", replace_original=False, **unavailable(lang, e).kwargs())
                return
            except logwords.LogInputError:  # a filter this version no longer reads (a status renamed, say)
                respond(response_type="ephemeral", replace_original=False, **stale.kwargs())
                return
            finally:
                text.detach()  # flushed; the file stays open for the upload and closes once, with the block
            length = file.tell()
            file.seek(0)
            if not _to_dm(client, user, file, length, name, respond, lang):
                return
        services.log.audit(user, "slack", "export", {"format": "csv", "rows": rows,
                                                    "filters": managerdesk.describe(filters)})  # fmt: skip
        respond(response_type="ephemeral", replace_original=False,
                **notice(i18n.t(lang, "manager.exported", rows=rows)).kwargs())  # fmt: skip

    def about_a_person(
        body: dict, action: dict, respond: Respond, command: str
    ) -> tuple[str, str, str] | None:
        """(manager, their language, the person) of a button about one person (forget, export), or None
        once a refusal was said and audited (not a manager, or a button that names nobody)."""
        manager_id = (body.get("user") or {}).get("id") or ""
        lang = services.pipeline.lang_for(_where(manager_id, services))
        user = managerdesk.person_in(action.get("value") or "")
        if not services.is_manager(manager_id) or not user:
            services.log.audit(manager_id, "slack", "refused", {"command": command})
            respond(response_type="ephemeral", replace_original=False, **managerdesk.refusal(lang).kwargs())
            return None
        services.log.flush(timeout=2)  # their last rows may still be in the writer's queue
        return manager_id, lang, user

    def forget(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        if (asked := about_a_person(body, action, respond, "forget")) is None:
            return
        manager_id, lang, user = asked
        db = services.settings.db_path
        try:
            counts = reports.forget(db, user)
            # The backups the app made hold the person too: forgotten there as well, with the same alias.
            copies = forget_in_copies(db, user, counts["alias"])
        except UNREADABLE as e:
            # Nothing was changed (forget is one transaction): the manager can press again.
            respond(response_type="ephemeral", replace_original=False, **unavailable(lang, e).kwargs())
            return
        # The alias, not the id: the audit trail must not keep the person just removed.
        services.log.audit(manager_id, "slack", "forget", {**counts, **copies.audit()})
        try:
            cards = services.desk.redraw_forgotten()
        except LeadError:  # the lead log busy: the cards are redrawn by the next forget or log view
            cards = 0
        # Rows about them another worker could not write yet reach the log later: said, to ask again.
        waiting = spool_waiting_about(services.settings.spool, user)
        done = managerdesk.forgotten(user, counts, cards, copies, lang, waiting)
        respond(replace_original=True, **done.kwargs())

    def export_person(body: dict, action: dict, respond: Respond, client: WebClient) -> None:
        if (asked := about_a_person(body, action, respond, "export_user")) is None:
            return
        manager_id, lang, user = asked
        try:
            data = reports.export_user(services.settings.db_path, user)
        except UNREADABLE as e:
            respond(response_type="ephemeral", replace_original=False, **unavailable(lang, e).kwargs())
            return
        content = (json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n").encode()
        name = f"gpu-sizer-{user}-{datetime.now(UTC):%Y%m%d-%H%M}.json"
        if not _to_dm(client, manager_id, io.BytesIO(content), len(content), name, respond, lang):
            return
        counts = {k: len(v) for k, v in data.items() if isinstance(v, list)}
        # As gpu-log records it: who was exported, and how much; never the rows themselves.
        services.log.audit(
            manager_id, "slack", "export_user", {"user": user, "format": "json", "counts": counts}
        )
        respond(replace_original=True, **managerdesk.export_person_sent(user, name, lang).kwargs())

    app.action("log_export")(after_ack(export))
    app.action("log_export_person")(after_ack(export_person))
    app.action("log_forget")(after_ack(forget))


def _to_dm(client: WebClient, user: str, file, length: int, name: str, respond: Respond, lang: str) -> bool:
    """Uploads an export to the manager's direct messages; False (and said to them) when Slack failed."""
    try:
        dm = client.conversations_open(users=user)["channel"]["id"]
        upload_file(client, dm, file, length, name)
        return True
    except Exception as e:  # the API failed, was rate limited past retries, or timed out
        logger.warning("export %s failed: %s", name.rpartition(".")[2], _reason(e))
        respond(
            response_type="ephemeral", replace_original=False, **notice(i18n.t(lang, "slack.failed")).kwargs()
        )
        return False


def _where(user: str, services):
    from ..pipeline import Where

    return Where("button", user_id=user, user_locale=services.directory.person(user).locale)


def _reason(error: Exception) -> str:
    return error.response.get("error", "") if isinstance(error, SlackApiError) else type(error).__name__
