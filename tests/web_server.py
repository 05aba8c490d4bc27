"""The web process exactly as the Procfile starts it (`gpu-sizer web`: gunicorn, one worker), on a free
port, talking to a loopback Slack. Its output goes to a file: an unread pipe would fill up with the access
log and stall the server."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .slack_fake import FakeSlack
from .slack_harness import SECRET, forget_signatures


@dataclass
class WebProcess:
    base: str  # http://127.0.0.1:<port>
    process: subprocess.Popen
    output_path: Path

    def output(self) -> str:
        return self.output_path.read_text(errors="replace")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def web_process(
    workdir: Path,
    fake: FakeSlack,
    start_timeout: float = 30,
    env: dict[str, str] | None = None,
    name: str = "web",
    run_as: dict | None = None,
) -> Iterator[WebProcess]:
    """Started and answering /healthz; on exit, stopped with SIGTERM (killed if it does not stop). `env`
    adds to or overrides the settings; the process leads a process group of its own (os.killpg). `run_as`:
    subprocess.Popen's user/group/extra_groups, to run it as another (unprivileged) user."""
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "GPU_SIZER_"))},
        "PORT": str(port), "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": SECRET,
        "SLACK_API_URL": fake.base_url, "GPU_SIZER_DB": str(workdir / "log.db"), "WEB_CONCURRENCY": "1",
        **(env or {}),
    }  # fmt: skip
    output_path = workdir / f"{name}.log"
    with open(output_path, "wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot", "web"], env=env, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True, **(run_as or {}),
        )  # fmt: skip
    web = WebProcess(f"http://127.0.0.1:{port}", process, output_path)
    try:
        deadline = time.monotonic() + start_timeout
        while True:
            try:
                with urllib.request.urlopen(web.base + "/healthz", timeout=1) as r:
                    if r.status == 200 and "log" in json.loads(r.read()):
                        break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("gunicorn did not start:\n" + web.output()) from None
                time.sleep(0.2)
        yield web
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        forget_signatures(Path(env["GPU_SIZER_DB"] + ".spool"))


def healthz(base: str) -> tuple[int, dict]:
    """GET /healthz: its status and its JSON body."""
    with urllib.request.urlopen(base + "/healthz", timeout=5) as r:
        return r.status, json.loads(r.read())
