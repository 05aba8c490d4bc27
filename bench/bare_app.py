"""The baseline: a Bolt app that only acks /gpu, served exactly like ours (gunicorn, same config)."""

from __future__ import annotations

import os

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_sdk import WebClient


def wsgi():
    client = WebClient(
        token=os.environ["SLACK_BOT_TOKEN"],
        base_url=os.environ.get("SLACK_API_URL", "https://slack.com/api/"),
    )
    app = App(signing_secret=os.environ["SLACK_SIGNING_SECRET"], client=client, process_before_response=True)

    @app.command("/gpu")
    def gpu(ack):
        ack()

    return SlackRequestHandler(app)
