"""HTTP mode exactly as the Procfile starts it: gunicorn serving the Bolt app, signatures verified."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

from . import slack_requests as sr
from .slack_fake import FakeSlack

ROOT = Path(__file__).resolve().parents[1]
SECRET = "0123456789abcdef0123456789abcdef"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_procfile_runs_both_modes():
    lines = dict(line.split(":", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line.strip())
    assert lines["web"].strip() == "gpu-sizer web" and lines["worker"].strip() == "gpu-sizer socket"


@pytest.fixture
def web(tmp_path):
    with FakeSlack() as fake:
        port = _free_port()
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "GPU_SIZER_"))},
            "PORT": str(port), "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": SECRET,
            "SLACK_API_URL": fake.base_url, "GPU_SIZER_DB": str(tmp_path / "log.db"), "WEB_CONCURRENCY": "1",
        }  # fmt: skip
        process = subprocess.Popen(
            [sys.executable, "-m", "bot", "web"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                    assert r.read() == b"ok"
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    pytest.fail("gunicorn did not start: " + process.stdout.read().decode(errors="replace"))
                time.sleep(0.2)
        try:
            yield base, fake, process
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()


def test_gunicorn_serves_signed_requests_and_refuses_unsigned_ones(web):
    base, fake, process = web
    body, _ = sr.slash_command("70b 4bit 32k 10users", response_url=fake.response_url())
    status, _, text = sr.post(base + "/slack/events", body, sr.sign(body, SECRET))
    assert status == 200 and "Recomendação" in json.loads(text)["text"]
    status, _, _ = sr.post(base + "/slack/events", body, sr.sign(body, "f" * 32))
    assert status == 401
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == 0
    output = process.stdout.read().decode(errors="replace")
    assert "Booting worker" in output  # gunicorn, not Bolt's development server
    assert "xoxb-test" not in output and SECRET not in output  # tokens never logged


def test_the_manifests_declare_what_the_app_listens_to():
    for name in ("manifest.yml", "manifest.http.yml"):
        manifest = yaml.safe_load((ROOT / "slack" / name).read_text())
        [command] = manifest["features"]["slash_commands"]
        assert command["command"] == "/gpu"
        events = set(manifest["settings"]["event_subscriptions"]["bot_events"])
        assert {"app_mention", "app_home_opened", "message.im", "message.channels"} <= events
        scopes = set(manifest["oauth_config"]["scopes"]["bot"])
        assert {
            "commands",
            "chat:write",
            "app_mentions:read",
            "im:history",
            "users:read",
            "channels:read",
        } <= scopes
        assert manifest["settings"]["interactivity"]["is_enabled"] is True
        assert manifest["features"]["app_home"]["home_tab_enabled"] is True
    socket_mode = yaml.safe_load((ROOT / "slack" / "manifest.yml").read_text())
    http = yaml.safe_load((ROOT / "slack" / "manifest.http.yml").read_text())
    assert socket_mode["settings"]["socket_mode_enabled"] is True
    assert http["settings"]["socket_mode_enabled"] is False
    assert http["settings"]["event_subscriptions"]["request_url"].endswith("/slack/events")
