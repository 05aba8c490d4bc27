"""App Home: how to ask, examples, and the user's own recent questions."""

from __future__ import annotations

import logging

from slack_bolt import App
from slack_sdk import WebClient

from ..pipeline import Where
from ..slack_client import unwaited
from ..unfinished import promise, then_done
from ..views import home_view, welcome_message

logger = logging.getLogger(__name__)

# How long a first welcome waits for the assistant container's first thread, which Slack sends within a second
# of the Messages tab's opening when the container is on; without it, the welcome comes this much later, once.
ASSISTANT_GRACE_S = 2.5


def register(app: App, services) -> None:
    def home_opened(event: dict, body: dict, client: WebClient) -> None:
        if not event.get("user"):
            return
        if event.get("tab") == "messages":
            # The Messages tab opened: a welcome with examples, the first time only (first_welcome), after the
            # acknowledgement; a retry of the event is the same opening
            if body.get("event_id") and not services.log.claim_event(
                body["event_id"], body.get("event_time")
            ):
                return
            services.after_ack.submit(welcome, event, client)
            return
        if event.get("tab") not in (None, "home"):
            return
        # Slack sends the event again when it thinks we missed it: the tab is drawn once.
        held = []
        if body.get("event_id"):
            if not services.log.claim_event(body["event_id"], body.get("event_time"), until_done=True):
                return
            held = [(body["event_id"], body.get("event_time"))]
            promise(services, held, "home", body)  # a worker that dies first leaves it to another
        # Reading the log and publishing the view may take a while: after the acknowledgement.
        services.after_ack.submit(then_done, services, held, publish, event, client)

    def publish(event: dict, client: WebClient) -> None:
        user = event["user"]
        lang = services.pipeline.lang_for(Where("home", user_locale=services.directory.person(user).locale))
        recent = services.log.recent_for_user(user, limit=5)
        view = home_view(lang, recent)
        if services.is_manager(user):
            # Managers also see the week's summary of the request log (unless the file cannot be read now).
            from ..desks import managerdesk
            from .manager import UNREADABLE

            services.log.flush(timeout=1)
            try:
                view["blocks"] += managerdesk.summary_blocks(services.settings.db_path, lang)
                services.log.audit(user, "slack", "summary", {"surface": "app_home"})
            except UNREADABLE as e:
                logger.warning("App Home without the summary: the log cannot be read (%s)", type(e).__name__)
        # Slack rate limiting it (429) is not waited out: 8 tabs opened at once, each waiting its Retry-After, had
        # held every after-ack thread, and an unrelated mention's answer with them. The workspace is the
        # request's, as the listener's own client names it (an org-wide install's).
        publisher, team = unwaited(services.unwaited_client, client)
        try:
            publisher.views_publish(user_id=user, view=view, **team)
        except Exception as e:  # Slack failed, timed out or rate limited: the next opening draws it
            logger.warning("views.publish failed (%s)", type(e).__name__)

    def welcome(event: dict, client: WebClient) -> None:
        user, channel = event["user"], event.get("channel")
        # With Slack's assistant container on, each of its threads opens with a hello and suggested questions
        # (messages.greet): a welcome in the Messages tab as well would greet the person twice.
        mode = services.settings.assistant
        if not channel or mode == "on" or (mode == "auto" and services.log.uses_assistant()):
            return
        if not services.log.first_welcome(user):
            return
        if mode == "auto" and services.log.wait_for_assistant(ASSISTANT_GRACE_S):
            # The person opened the app for the first time and the container's first thread with it: its
            # hello is the welcome (it had posted beside it, once a workspace).
            return
        lang = services.pipeline.lang_for(Where("dm", user_locale=services.directory.person(user).locale))
        message = welcome_message(lang)
        try:
            client.chat_postMessage(channel=channel, **message.kwargs())
        except Exception as e:  # Slack failed or timed out: a welcome missed, never an error to Slack
            logger.warning("welcome in the Messages tab failed (%s)", type(e).__name__)

    app.event("app_home_opened")(home_opened)
    services.finishers["home"] = lambda body: publish(body["event"], services.client)
