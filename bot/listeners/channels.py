"""A channel shared with another organisation (Slack Connect), or no longer: what the app knew of it goes.

The directory (bot/directory.py) trusts what Slack said of a channel for an hour; a channel shared since would
be taken for ours until then, and answers there read as for our own people (prices, lead cards). Slack says
so when it happens (https://docs.slack.dev/reference/events/channel_shared,
https://docs.slack.dev/reference/events/channel_unshared; channels:read and groups:read, which the app
holds), to one worker of the web process: that worker tells the others through the spool folder
(bot/log/sharingstate.py), and each asks Slack again before it answers in any channel. What the app posts
for everyone in a channel is asked of Slack anew anyway (bot/listeners/actions.py, the lead desk)."""

from __future__ import annotations

import logging

from slack_bolt import App

logger = logging.getLogger(__name__)


def register(app: App, services) -> None:
    def sharing_changed(event: dict) -> None:
        channel = event.get("channel")
        if isinstance(channel, str) and channel:
            services.directory.sharing_changed(channel, str(event.get("type")))
            logger.info("a channel's sharing with other organisations changed (%s)", event.get("type"))

    app.event("channel_shared")(sharing_changed)
    app.event("channel_unshared")(sharing_changed)
