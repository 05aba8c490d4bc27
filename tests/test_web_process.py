"""HTTP mode exactly as the Procfile starts it: gunicorn serving the Bolt app, signatures verified."""

import json
import re
import signal
from pathlib import Path

import pytest
import yaml

from . import slack_requests as sr
from .slack_fake import FakeSlack
from .slack_harness import SECRET
from .web_server import web_process

ROOT = Path(__file__).resolve().parents[1]


def test_procfile_runs_both_modes():
    lines = dict(line.split(":", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line.strip())
    assert lines["web"].strip() == "gpu-sizer web" and lines["worker"].strip() == "gpu-sizer socket"


@pytest.fixture
def web(tmp_path):
    with FakeSlack() as fake, web_process(tmp_path, fake) as server:
        yield server, fake


def test_gunicorn_serves_signed_requests_and_refuses_unsigned_ones(web):
    server, fake = web
    base, process = server.base, server.process
    body, _ = sr.slash_command("70b 4bit 32k 10users", response_url=fake.response_url())
    status, _, text = sr.post(base + "/slack/events", body, sr.sign(body, SECRET))
    assert status == 200 and "Recomendação" in json.loads(text)["text"]
    status, _, _ = sr.post(base + "/slack/events", body, sr.sign(body, "f" * 32))
    assert status == 401
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == 0
    output = server.output()
    assert "Booting worker" in output  # gunicorn, not Bolt's development server
    assert "xoxb-test" not in output and SECRET not in output  # tokens never logged


def _answered_once(workdir: Path, env: dict) -> str:
    """The web process's output after one signed /gpu question, answered, and a stop."""
    workdir.mkdir()
    with FakeSlack() as fake, web_process(workdir, fake, env=env) as server:
        body, _ = sr.slash_command("70b 4bit 32k 10users", response_url=fake.response_url())
        status, _, text = sr.post(server.base + "/slack/events", body, sr.sign(body, SECRET))
        assert status == 200 and "Recomendação" in json.loads(text)["text"]
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=20) == 0
    return server.output()


def test_gunicorn_writes_a_line_per_request_only_when_asked(tmp_path):
    # The request is in the request log either way; the access line costs CPU on every request.
    access_line = re.compile(r'"POST /slack/events HTTP/1\.1" 200 ')
    plain = _answered_once(tmp_path / "default", {})
    assert "Booting worker" in plain and not access_line.search(plain)
    asked = _answered_once(tmp_path / "asked", {"GUNICORN_ACCESS_LOG": "-"})
    assert len(access_line.findall(asked)) == 1
    assert "xoxb-test" not in asked and SECRET not in asked  # no header in it, so no token


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
            "usergroups:read",  # GPU_SIZER_SALES_TEAM may name a user group
        } <= scopes
        assert manifest["settings"]["interactivity"]["is_enabled"] is True
        assert manifest["features"]["app_home"]["home_tab_enabled"] is True
    socket_mode = yaml.safe_load((ROOT / "slack" / "manifest.yml").read_text())
    http = yaml.safe_load((ROOT / "slack" / "manifest.http.yml").read_text())
    assert socket_mode["settings"]["socket_mode_enabled"] is True
    assert http["settings"]["socket_mode_enabled"] is False
    assert http["settings"]["event_subscriptions"]["request_url"].endswith("/slack/events")


def _started_and_stopped(workdir: Path, env: dict) -> str:
    workdir.mkdir()
    with FakeSlack() as fake, web_process(workdir, fake, env=env) as server:
        status, _, _ = sr.post(server.base + "/slack/events", "{not json", sr.sign("{not json", SECRET))
        assert status == 400  # signed but not Slack's: refused, with a warning in the log
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=20) == 0
    return server.output()


def test_log_level_is_obeyed_in_web_mode_and_every_line_is_timestamped(tmp_path):
    stamp = r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} "
    quiet = _started_and_stopped(tmp_path / "warning", {"LOG_LEVEL": "WARNING"})
    assert "worker answering Slack" not in quiet  # INFO is below WARNING
    assert re.search(stamp + r"WARNING bot\.web: malformed request refused", quiet, re.MULTILINE)
    chatty = _started_and_stopped(tmp_path / "debug", {"LOG_LEVEL": "debug"})
    assert re.search(stamp + r"INFO bot\.web: gpu-sizer worker answering Slack", chatty, re.MULTILINE)
    assert re.search(stamp + r"DEBUG ", chatty, re.MULTILINE)
    app_lines = [
        line for line in chatty.splitlines() if re.match(r"\S+ \S+ (DEBUG|INFO|WARNING|ERROR) ", line)
    ]
    assert app_lines and all(re.match(stamp, line) for line in app_lines)
