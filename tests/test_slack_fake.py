"""The Slack stand-in and request builders behave like the real thing for slack_sdk and slack_bolt."""

import json
import time
from urllib.parse import parse_qsl

import pytest

pytest.importorskip("slack_bolt")

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.signature import SignatureVerifier
from slack_sdk.webhook import WebhookClient

from tests import slack_requests as sr
from tests.slack_fake import FakeSlack
from tests.slack_harness import serve_wsgi

SECRET = "test-signing-secret"
BLOCKS = [{"type": "section", "text": {"type": "mrkdwn", "text": "*80 GB*"}}]


@pytest.fixture
def fake():
    with FakeSlack() as fake:
        yield fake


@pytest.fixture
def client(fake):
    return WebClient(token="xoxb-test", base_url=fake.base_url)


def test_post_message_is_recorded_with_decoded_blocks(fake, client):
    response = client.chat_postMessage(channel="C0001", text="oi", blocks=BLOCKS)

    [call] = fake.wait_for("chat.postMessage")
    assert call.params["blocks"] == BLOCKS
    assert call.params["channel"] == "C0001"
    assert call.headers["authorization"] == "Bearer xoxb-test"
    assert response["ts"] == "1700000000.000100"
    assert client.chat_postMessage(channel="C0001", text="2")["ts"] == "1700000000.000101"


def test_form_encoded_json_fields_are_decoded(fake, client):
    client.api_call("chat.postMessage", params={"channel": "C1", "blocks": json.dumps(BLOCKS)})

    assert fake.calls("chat.postMessage")[0].params["blocks"] == BLOCKS


def test_webhook_posts_to_response_url_are_recorded(fake):
    response = WebhookClient(fake.response_url("cmd")).send(text="calculando…", response_type="ephemeral")

    assert response.status_code == 200
    [call] = fake.wait_for("response_url")
    assert call.params == {"text": "calculando…", "response_type": "ephemeral", "_name": "cmd"}


def test_fail_raises_slack_api_error_then_recovers(fake, client):
    fake.fail("chat.postMessage", status=429, headers={"Retry-After": "1"})
    fake.fail("chat.postMessage", status=500)

    with pytest.raises(SlackApiError) as rate_limited:
        client.chat_postMessage(channel="C0001", text="x")
    assert rate_limited.value.response.status_code == 429
    assert rate_limited.value.response.headers["Retry-After"] == "1"
    with pytest.raises(SlackApiError) as broken:
        client.chat_postMessage(channel="C0001", text="x")
    assert broken.value.response.status_code == 500

    assert client.chat_postMessage(channel="C0001", text="x")["ok"]
    assert [c.status for c in fake.calls("chat.postMessage")] == [429, 500, 200]


def test_delay_makes_the_client_time_out(fake):
    fake.delay("users.info", 2)
    impatient = WebClient(token="xoxb-test", base_url=fake.base_url, timeout=0.3, retry_handlers=[])

    with pytest.raises(TimeoutError):
        impatient.users_info(user="U0001")


def test_reply_overrides_a_method(fake, client):
    fake.reply("users.info", lambda params: {"user": {"id": params["user"], "locale": "es-ES"}})

    assert client.users_info(user="U7")["user"] == {"id": "U7", "locale": "es-ES"}


def test_defaults_for_users_and_channels(client):
    assert client.users_info(user="U0001", include_locale=True)["user"]["locale"] == "pt-BR"
    assert client.users_info(user="UEN01", include_locale=True)["user"]["locale"] == "en-US"
    assert "locale" not in client.users_info(user="U0001")["user"]
    stranger = client.users_info(user="UEXT1", include_locale=True)["user"]
    assert (stranger["team_id"], stranger["is_stranger"]) == ("T9999", True)
    assert client.conversations_info(channel="CEXT1")["channel"]["is_ext_shared"] is True
    assert client.conversations_info(channel="C0001")["channel"]["is_shared"] is False
    assert client.conversations_open(users="U0001")["channel"]["id"] == "DU0001"
    assert client.views_open(trigger_id="t", view={"type": "modal", "blocks": []})["view"]["id"]


def test_files_upload_v2_content_is_kept(fake, client):
    result = client.files_upload_v2(channel="C0001", filename="plan.csv", content="gpu,count\nH100,2\n")

    [upload] = fake.uploads.values()
    assert upload["content"] == b"gpu,count\nH100,2\n"
    assert upload["filename"] == "plan.csv"
    assert result["file"]["name"] == "plan.csv"


def test_wait_for_reports_what_it_saw(fake, client):
    client.auth_test()

    with pytest.raises(AssertionError, match=r"auth\.test"):
        fake.wait_for("chat.update", timeout=0.1)


def test_signatures_verify_only_with_the_right_secret_and_a_fresh_timestamp():
    body, content_type = sr.slash_command("70b")
    verifier = SignatureVerifier(SECRET)

    headers = sr.sign(body, SECRET)
    assert headers["Content-Type"] == content_type == "application/x-www-form-urlencoded"
    assert verifier.is_valid_request(body, headers)
    assert not verifier.is_valid_request(body, sr.sign(body, "wrong-secret"))
    assert not verifier.is_valid_request(body, sr.sign(body, SECRET, timestamp=int(time.time()) - 600))
    assert sr.sign(sr.event(sr.app_mention("<@UBOT> 7b")), SECRET)["Content-Type"] == "application/json"


def test_payload_shapes():
    command = dict(parse_qsl(sr.slash_command("7b fp16")[0]))
    assert (
        command["text"] == "7b fp16"
        and command["command"] == "/gpu"
        and command["is_enterprise_install"] == "false"
    )

    envelope = json.loads(sr.event(sr.message("oi", channel="D1", channel_type="im"), event_id="Ev9"))
    assert envelope["type"] == "event_callback" and envelope["event_id"] == "Ev9"
    assert envelope["event"]["channel_type"] == "im"

    action = json.loads(dict(parse_qsl(sr.block_actions("recalc", "70b")))["payload"])
    assert action["actions"][0]["value"] == "70b" and action["container"]["type"] == "message"

    submitted = json.loads(dict(parse_qsl(sr.view_submission("sizing", {"b": {"a": "13b"}})))["payload"])
    assert submitted["view"]["state"]["values"]["b"]["a"] == {"type": "plain_text_input", "value": "13b"}


@pytest.fixture
def bolt_url(fake):
    app = App(signing_secret=SECRET, client=WebClient(token="xoxb-test", base_url=fake.base_url))

    @app.command("/gpu")
    def gpu(ack, respond, command):
        ack("calculando…")
        respond(f"pronto: {command['text']}")

    with serve_wsgi(SlackRequestHandler(app)) as base:
        yield f"{base}/slack/events"


def test_bolt_app_answers_signed_slash_command(fake, bolt_url):
    body, _ = sr.slash_command("70b", response_url=fake.response_url())

    status, _, text = sr.post(bolt_url, body, sr.sign(body, SECRET))
    assert (status, text) == (200, "calculando…")
    [call] = fake.wait_for("response_url")
    assert call.params["text"] == "pronto: 70b"
    assert fake.calls("auth.test")  # Bolt checked its token against the fake at start-up

    unsigned, content_type = sr.slash_command("70b")
    status, _, _ = sr.post(bolt_url, unsigned, {"Content-Type": content_type})
    assert status == 401
