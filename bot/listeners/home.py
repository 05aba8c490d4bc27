"""App Home: how to ask, examples, and the user's own recent questions."""

from __future__ import annotations

from slack_bolt import App
from slack_sdk import WebClient

from ..pipeline import Where
from ..views import home_view


def register(app: App, services) -> None:
    def home_opened(event: dict, client: WebClient) -> None:
        if event.get("tab") in (None, "home"):
            # Reading the log and publishing the view may take a while: after the acknowledgement.
            services.after_ack.submit(publish, event, client)

    def publish(event: dict, client: WebClient) -> None:
        user = event["user"]
        lang = services.pipeline.lang_for(Where("home", user_locale=services.directory.person(user).locale))
        recent = services.log.recent_for_user(user, limit=5)
        view = home_view(lang, recent)
        if services.is_manager(user):
            # Managers also see the week's summary of the request log.
            from .. import managerdesk, reports

            services.log.flush(timeout=1)
            view["blocks"] += managerdesk.summary_blocks(services.settings.db_path, lang)
            reports.record_audit(services.settings.db_path, user, "slack", "summary", {"surface": "app_home"})
        client.views_publish(user_id=user, view=view)

    app.event("app_home_opened")(home_opened)
