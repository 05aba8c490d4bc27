"""Same responses: what the Slack app sends back, byte for byte, for a few hundred requests of every kind
(slash commands, mentions, direct messages, button presses), to prove that a change made only for speed on
the request path changes nothing Slack gets.

Each request goes through the worker's WSGI application (bot.web.wsgi) in this process, signed as Slack
signs it, against FakeSlack; what is recorded of it: the HTTP status and the acknowledgement's body as bytes,
then, once the work handed off after the acknowledgement is done, every call the app made to Slack's Web
API or to a response_url for it (the method and its parameters as FakeSlack read them, in their order).
Request keys, which differ from run to run, are replaced by a placeholder; the app's lookups (users.info,
conversations.*) are left out, being reads that threads of their own make in an order of their own, and no
sales channel is set, since lead cards are posted by the sales desk's own thread, not for a request.

    python bench/same_responses.py record OUT.jsonl
    python bench/same_responses.py compare A.jsonl B.jsonl     # exit status 1 when any differs

Run as a file, so that another revision's tree (a `git worktree`) records with its own code:
`cd /tmp/base && python /path/to/this/bench/same_responses.py record base.jsonl` puts the current folder
first on the path.
"""

from __future__ import annotations

import io
import itertools
import json
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from bench.engine import queries
from bench.web import fresh_questions
from tests import slack_requests as sr
from tests.slack_fake import FakeSlack
from tests.slack_harness import SECRET, forget_signatures

# What differs between two runs of the same code: the app's request keys (process id, a random tag, the
# clock) and the times the requests are signed at.
KEY = re.compile(r"\b[0-9a-f]{1,8}-[0-9a-f]{8}-[0-9a-f]{8,}-[0-9a-f]+\b")
LOOKUPS = ("users.", "conversations.", "auth.", "team.", "bots.")
SPECIAL = ["", "ajuda", "help", "log", "/gpu 70b 4bit", "qual o maior modelo que cabe numa H100?",
           "quais GPUs vocês têm?", "llama 70b ou qwen 72b?", "lora ou qlora no llama 8b?", ":rocket:",
           "asdf qwerty", "llama 3.1 8b fp8 32k 20 usuários, e pra 40? e pra 80?",
           "mistral 7b <https://example.com|aqui>", "llama 405b em 1 l4", "70b & <@U0000009> <!channel>",
           "how much for llama 3.1 70b at 128k, 50 users?", "quanto custa o deepseek r1 fp8 por mês?",
           "quanta memória para utilizadores em simultâneo com o qwen 32b?"]  # fmt: skip


def _requests() -> list[tuple[str, str]]:
    """(kind, body) of every request, in order: commands, mentions, direct messages; buttons come later,
    from the answers' own."""
    ts = (f"17000{n:05d}.000100" for n in itertools.count(1))
    cached = queries(60, seed=11)
    fresh = fresh_questions(90, seed=77)
    out = []
    users = [f"U{i:07d}" for i in range(12)]
    for i, text in enumerate(SPECIAL + cached + fresh + cached[:30]):
        channel = ("C0001", "C0002", "D0000001")[i % 3]
        body, _ = sr.slash_command(text, user_id=users[i % len(users)], channel_id=channel,
                                   response_url=f"RESPONSE/cmd{i}")  # fmt: skip
        out.append(("command", body))
    for i, text in enumerate(fresh[:40] + SPECIAL[4:14]):
        event = sr.app_mention(f"<@{sr.BOT_USER_ID}> {text}", user=users[i % len(users)], ts=next(ts),
                               channel=("C0001", "C0003")[i % 2])  # fmt: skip
        out.append(("mention", sr.event(event, event_id=f"EvM{i:05d}", event_time=int(float(event["ts"])))))
    for i, text in enumerate(cached[:25] + fresh[40:60] + SPECIAL[:5]):
        event = sr.message(text, user=users[i % len(users)], channel=f"D{i % 4:07d}", ts=next(ts),
                           channel_type="im")  # fmt: skip
        out.append(("dm", sr.event(event, event_id=f"EvD{i:05d}", event_time=int(float(event["ts"])))))
    return out


def _environ(body: bytes) -> dict:
    headers = sr.sign(body.decode(), SECRET)
    return {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/slack/events", "QUERY_STRING": "", "SERVER_PROTOCOL": "HTTP/1.1",
        "CONTENT_LENGTH": str(len(body)), "CONTENT_TYPE": headers["Content-Type"], "wsgi.input": io.BytesIO(body),
        "HTTP_X_SLACK_REQUEST_TIMESTAMP": headers["X-Slack-Request-Timestamp"],
        "HTTP_X_SLACK_SIGNATURE": headers["X-Slack-Signature"], "wsgi.url_scheme": "http",
    }  # fmt: skip


def _buttons(ack: bytes, command: int) -> list[str]:
    """Presses of the buttons under an answer acknowledged in `ack`."""
    try:
        blocks = json.loads(ack).get("blocks") or []
    except ValueError:
        return []
    out = []
    for block in blocks:
        if block.get("type") != "actions":
            continue
        for element in block.get("elements", []):
            if element.get("type") == "button" and "value" in element:
                out.append(sr.block_actions(element["action_id"], element["value"], block_id=block["block_id"],
                                            user_id="U0000003", response_url=f"RESPONSE/button{command}",
                                            container={"type": "message", "message_ts": "1700000000.000100",
                                                       "channel_id": "C0001", "is_ephemeral": True}))  # fmt: skip
    return out


def record(out_path: str) -> int:
    from bot.log import RequestLog
    from bot.settings import load_settings
    from bot.web import wsgi

    clock = itertools.count(1_700_000_000)
    sr._now_ts = lambda: f"{next(clock)}.000200"  # the button's trigger and action times, the same each run
    workdir = Path(tempfile.mkdtemp(prefix="gpu-sizer-same-responses-"))
    records = []
    with FakeSlack() as fake:
        settings = load_settings(slack_bot_token="xoxb-bench", slack_signing_secret=SECRET,
                                 slack_api_url=fake.base_url, db_path=workdir / "log.db")  # fmt: skip
        log = RequestLog(settings.db_path, spool_dir=settings.spool)
        application = wsgi(settings, log, start_jobs=False)
        services = application.bolt_app.services
        base = fake.response_url("x").rsplit("/", 1)[0]
        try:
            requests = _requests()
            presses: list[tuple[str, str]] = []
            for n, (kind, body) in enumerate(itertools.chain(requests, presses)):
                body = body.replace("RESPONSE/", f"{base}/")
                seen = len(fake.calls())
                status: list[str] = []
                chunks = application(
                    _environ(body.encode()), lambda s, h, e=None, status=status: status.append(s)
                )
                ack = b"".join(chunks)
                assert services.after_ack.drain(20), "work after the acknowledgement did not end"
                if kind == "command" and len(presses) < 60:
                    presses.extend(("button", b) for b in _buttons(ack, n)[:2])
                time.sleep(0.002)  # FakeSlack records a call just after answering it
                # What the app says (posts, updates, views); its lookups run in threads of their own, in an
                # order of their own, and say nothing to anyone.
                calls = sorted(
                    (json.dumps({"method": c.method, "params": c.params}, ensure_ascii=False)
                     for c in fake.calls()[seen:] if not c.method.startswith(LOOKUPS)),
                )  # fmt: skip
                records.append({"n": n, "kind": kind, "status": status[0], "ack": ack.decode("utf-8"),
                                "calls": calls})  # fmt: skip
        finally:
            services.desk.stop()
            log.close()
            forget_signatures(settings.spool)
    with open(out_path, "w", encoding="utf-8") as out:
        for rec in records:
            line = json.dumps(rec, ensure_ascii=False)
            out.write(KEY.sub("KEY", line.replace(base, "RESPONSE")) + "\n")
    kinds = {k: sum(r["kind"] == k for r in records) for k in ("command", "mention", "dm", "button")}
    print(f"{len(records)} requests recorded ({kinds}) in {out_path}")
    return 0


def compare(a_path: str, b_path: str) -> int:
    a = Path(a_path).read_text(encoding="utf-8").splitlines()
    b = Path(b_path).read_text(encoding="utf-8").splitlines()
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
    if len(a) != len(b):
        print(f"{len(a)} against {len(b)} requests")
    for i in differ[:5]:
        print(f"request {i} differs:\n  {a[i][:400]}\n  {b[i][:400]}")
    print(f"{len(differ)} of {min(len(a), len(b))} responses differ")
    return 1 if differ or len(a) != len(b) else 0


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "record":
        return record(argv[1])
    if len(argv) == 3 and argv[0] == "compare":
        return compare(argv[1], argv[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
