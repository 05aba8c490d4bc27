"""A loopback stand-in for Slack's Web API and response_url webhooks.

    with FakeSlack() as fake:
        client = WebClient(token="xoxb-test", base_url=fake.base_url)
        client.chat_postMessage(channel="C0001", text="oi")
        [call] = fake.wait_for("chat.postMessage")

Every request is recorded as a `Call`. Web API calls are named after the method (`chat.postMessage`);
posts to a `response_url()` are named "response_url" and carry the URL's name in params["_name"]; the
second step of `files_upload_v2` (the bytes sent to the issued upload URL) is named "file_upload".
Header names are recorded in lower case.
"""

from __future__ import annotations

import contextlib
import email.parser
import email.policy
import hashlib
import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

Reply = dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any]]

TEAM_ID = "T0001"
BOT_USER_ID = "UBOT"
BOT_ID = "BBOT"

# Parameters that slack_sdk sends as JSON text inside form posts; they are decoded when recorded.
JSON_FIELDS = {"blocks", "attachments", "view", "files", "metadata", "unfurls", "user_auth_blocks", "outputs"}


@dataclass(frozen=True)
class Call:
    method: str
    params: dict[str, Any]
    headers: dict[str, str]
    status: int = 200  # the status the fake answered with


@dataclass
class _Failure:
    status: int
    headers: dict[str, str]
    body: Any


@dataclass
class _State:
    calls: list[Call] = field(default_factory=list)
    replies: dict[str, Reply] = field(default_factory=dict)
    failures: dict[str, list[_Failure]] = field(default_factory=dict)
    delays: dict[str, float] = field(default_factory=dict)
    # (channel, parent ts) -> (parent, replies): what conversations.replies reads (FakeSlack.thread)
    threads: dict[tuple[str, str], tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=dict)
    uploads: dict[str, dict[str, Any]] = field(default_factory=dict)


class FakeSlack:
    def __init__(self, keep_uploads: bool = True) -> None:
        # False: files sent to the upload URLs are counted and hashed, not kept (a benchmark's large export).
        self.keep_uploads = keep_uploads
        self._lock = threading.Lock()
        self._state = _State()
        self._closing = threading.Event()
        self._ts = itertools.count(100)
        self._ids = itertools.count(1)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------------------------

    def __enter__(self) -> FakeSlack:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        self._server = _Server(("127.0.0.1", 0), _handler_for(self))
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True, name="fake-slack"
        )
        self._thread.start()

    def stop(self) -> None:
        self._closing.set()  # wakes requests held by delay()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def root_url(self) -> str:
        assert self._server is not None, "FakeSlack is not running"
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    @property
    def base_url(self) -> str:
        # slack_sdk joins it with the method name through urljoin, hence the trailing slash.
        return self.root_url + "api/"

    def response_url(self, name: str = "default") -> str:
        return f"{self.root_url}response/{name}"

    # -- inspection --------------------------------------------------------------------------------------

    def calls(self, method: str | None = None) -> list[Call]:
        with self._lock:
            return [c for c in self._state.calls if method is None or c.method == method]

    def wait_for(self, method: str, count: int = 1, timeout: float = 5.0) -> list[Call]:
        deadline = time.monotonic() + timeout
        while True:
            found = self.calls(method)
            if len(found) >= count:
                return found
            if time.monotonic() >= deadline:
                seen = [(c.method, c.params) for c in self.calls()]
                raise AssertionError(
                    f"expected {count} call(s) to {method}, got {len(found)}; calls seen: {seen}"
                )
            time.sleep(0.01)

    def clear(self) -> None:
        with self._lock:
            self._state.calls.clear()

    @property
    def uploads(self) -> dict[str, dict[str, Any]]:
        """file_id -> {"filename", "title", "content": bytes, "length", "sha256"} for files sent through the
        upload URLs ("content" is None when the fake was made with keep_uploads=False)."""
        with self._lock:
            return {k: dict(v) for k, v in self._state.uploads.items()}

    # -- behaviour ---------------------------------------------------------------------------------------

    def reply(self, method: str, answer: Reply) -> None:
        """Answer `method` with a dict (or `answer(params)`) instead of the default; "ok" defaults to true."""
        with self._lock:
            self._state.replies[method] = answer

    def fail(
        self,
        method: str,
        status: int = 500,
        headers: dict[str, str] | None = None,
        times: int = 1,
        body: dict[str, Any] | str | None = None,
    ) -> None:
        """Answer the next `times` calls to `method` with `status` (queued after earlier failures)."""
        if body is None:
            body = {"ok": False, "error": "ratelimited" if status == 429 else "internal_error"}
        with self._lock:
            queue = self._state.failures.setdefault(method, [])
            queue.extend(_Failure(status, dict(headers or {}), body) for _ in range(times))

    def thread(self, channel: str, parent: dict[str, Any], *replies: dict[str, Any]) -> None:
        """Holds a message and its replies in `channel`, which conversations.replies then answers as Slack does
        (https://docs.slack.dev/reference/methods/conversations.replies): `ts` is that of an existing message,
        the parent's or one of its replies' ("If no replies, just the single message referenced by ts will
        return"); an unknown one is `thread_not_found`. The first page begins with the thread's parent whatever
        `oldest` and `latest` say (continuation pages leave it out), the parent counts in `limit`, and the
        replies follow oldest first, within `oldest` and `latest` (those themselves only with `inclusive`)."""
        with self._lock:
            self._state.threads[(channel, parent["ts"])] = (parent, list(replies))
            self._state.replies["conversations.replies"] = self._thread_replies

    def _thread_replies(self, p: dict[str, Any]) -> dict[str, Any]:
        channel, ts = str(p.get("channel", "")), str(p.get("ts", ""))
        with self._lock:
            threads = [t for (c, _), t in self._state.threads.items() if c == channel]
        found = next((t for t in threads if t[0]["ts"] == ts or any(r["ts"] == ts for r in t[1])), None)
        if found is None:
            return {"ok": False, "error": "thread_not_found"}
        parent, replies = found
        inclusive = _truthy(p.get("inclusive"))

        def within(message: dict[str, Any]) -> bool:
            at = float(message["ts"])
            for bound, keep in ((p.get("oldest"), lambda b: at > b), (p.get("latest"), lambda b: at < b)):
                if bound is not None and not (keep(float(bound)) or (inclusive and at == float(bound))):
                    return False
            return True

        messages = [parent, *(r for r in replies if within(r))]
        limit = int(p.get("limit") or 1000)
        return {"messages": messages[:limit], "has_more": len(messages) > limit}

    def delay(self, method: str, seconds: float) -> None:
        """Hold every answer to `method` for `seconds` (0 removes the delay)."""
        with self._lock:
            self._state.delays[method] = seconds

    # -- request handling (runs on server threads) -------------------------------------------------------

    def _handle(self, kind: str, name: str, params: dict[str, Any], headers: dict[str, str]) -> tuple:
        method = {"api": name, "response": "response_url", "upload": "file_upload"}[kind]
        if kind == "response":
            params = {**params, "_name": name}
        elif kind == "upload":
            params = {**params, "_file_id": name}
        with self._lock:
            failures = self._state.failures.get(method)
            failure = failures.pop(0) if failures else None
            delay = self._state.delays.get(method, 0)
            reply = self._state.replies.get(method)
            self._state.calls.append(Call(method, params, headers, failure.status if failure else 200))
        if delay:
            self._closing.wait(delay)
        if failure is not None:
            return failure.status, failure.headers, failure.body
        if reply is not None:
            answer = reply(params) if callable(reply) else reply
            return 200, {}, {"ok": True, **answer}
        if kind == "response":
            return 200, {}, {"ok": True}
        if kind == "upload":
            with self._lock:
                upload = self._state.uploads.setdefault(name, {})
                upload.update(content=params.get("_content"), length=params.get("_length"),
                              sha256=params.get("_sha256"))  # fmt: skip
            return 200, {"Content-Type": "text/plain"}, f"OK - {params.get('_length')}"
        return 200, {}, self._default(method, params)

    def _next_ts(self) -> str:
        return f"1700000000.{next(self._ts):06d}"

    def _next_id(self, prefix: str) -> str:
        return f"{prefix}{next(self._ids):07d}"

    def _default(self, method: str, p: dict[str, Any]) -> dict[str, Any]:
        if method == "auth.test":
            return {
                "ok": True,
                "url": "https://example.slack.com/",
                "team": "Nossa Nuvem",
                "user": "gpu-sizer",
                "team_id": TEAM_ID,
                "user_id": BOT_USER_ID,
                "bot_id": BOT_ID,
                "is_enterprise_install": False,
            }
        if method == "chat.postMessage":
            ts = self._next_ts()
            message = {
                "type": "message",
                "user": BOT_USER_ID,
                "bot_id": BOT_ID,
                "text": p.get("text", ""),
                "ts": ts,
            }
            if "blocks" in p:
                message["blocks"] = p["blocks"]
            if "thread_ts" in p:
                message["thread_ts"] = p["thread_ts"]
            return {"ok": True, "channel": p.get("channel"), "ts": ts, "message": message}
        if method == "chat.update":
            return {"ok": True, "channel": p.get("channel"), "ts": p.get("ts"), "text": p.get("text", "")}
        if method == "chat.postEphemeral":
            # Slack answers with message_ts only; ts and channel are there for convenience.
            ts = self._next_ts()
            return {"ok": True, "message_ts": ts, "ts": ts, "channel": p.get("channel")}
        if method in ("views.open", "views.publish", "views.update", "views.push"):
            view = p.get("view") if isinstance(p.get("view"), dict) else {}
            view_id = p.get("view_id") or view.get("id") or self._next_id("V")
            return {
                "ok": True,
                "view": {
                    **view,
                    "id": view_id,
                    "team_id": TEAM_ID,
                    "app_id": "A0001",
                    "bot_id": BOT_ID,
                    "hash": f"{int(time.time())}.{view_id}",
                    "state": {"values": {}},
                    "private_metadata": view.get("private_metadata", ""),
                    "callback_id": view.get("callback_id", ""),
                },
            }
        if method == "conversations.info":
            return {"ok": True, "channel": _channel(str(p.get("channel", "")))}
        if method == "users.info":
            return {"ok": True, "user": _user(str(p.get("user", "")), _truthy(p.get("include_locale")))}
        if method == "conversations.open":
            first = str(p.get("users", "")).split(",")[0]
            return {"ok": True, "channel": {"id": "D" + first}}
        if method == "files.getUploadURLExternal":
            file_id = self._next_id("F")
            with self._lock:
                self._state.uploads[file_id] = {"filename": p.get("filename"), "title": None, "content": b""}
            return {"ok": True, "upload_url": f"{self.root_url}upload/{file_id}", "file_id": file_id}
        if method == "files.completeUploadExternal":
            files = []
            with self._lock:
                for f in p.get("files") or []:
                    upload = self._state.uploads.setdefault(f["id"], {"filename": None, "content": b""})
                    upload["title"] = f.get("title")
                    files.append({"id": f["id"], "name": upload["filename"], "title": f.get("title")})
            return {"ok": True, "files": files}
        if method == "files.upload":
            file_id = self._next_id("F")
            content = p.get("file", p.get("content", b""))
            with self._lock:
                self._state.uploads[file_id] = {
                    "filename": p.get("filename"),
                    "title": p.get("title"),
                    "content": content.encode() if isinstance(content, str) else content,
                }
            return {"ok": True, "file": {"id": file_id, "name": p.get("filename"), "title": p.get("title")}}
        return {"ok": True}


def _truthy(value: Any) -> bool:
    return value in (True, 1, "1", "true", "True")


def _channel(channel_id: str) -> dict[str, Any]:
    shared = channel_id.startswith("CEXT")
    is_im = channel_id.startswith("D")
    return {
        "id": channel_id,
        "name": channel_id.lower(),
        "is_channel": not is_im,
        "is_group": False,
        "is_im": is_im,
        "is_private": is_im,
        "is_archived": False,
        "is_member": True,
        "is_shared": shared,
        "is_ext_shared": shared,
        "is_org_shared": False,
        "context_team_id": TEAM_ID,
    }


def _user(user_id: str, include_locale: bool) -> dict[str, Any]:
    # Like Slack, users.info only reports the locale when asked with include_locale=true.
    stranger = user_id.startswith("UEXT")
    user: dict[str, Any] = {
        "id": user_id,
        "team_id": "T9999" if stranger else TEAM_ID,
        "name": user_id.lower(),
        "real_name": f"User {user_id}",
        "tz": "America/Sao_Paulo",
        "is_bot": False,
        "deleted": False,
        "profile": {"real_name": f"User {user_id}", "display_name": user_id.lower()},
    }
    if stranger:
        user["is_stranger"] = True
    if include_locale:
        user["locale"] = (
            "en-US"
            if user_id.startswith(("UEN", "UEXT"))
            else "pt-PT"
            if user_id.startswith("UPT")
            else "pt-BR"
        )
    return user


# -- HTTP plumbing ---------------------------------------------------------------------------------------


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that gave up (timeouts) is expected here


def _parse_body(raw: bytes, content_type: str) -> dict[str, Any]:
    if not raw:
        return {}
    if content_type.startswith("application/json"):
        return json.loads(raw)
    if content_type.startswith("multipart/form-data"):
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            f"Content-Type: {content_type}\r\n\r\n".encode() + raw
        )
        params: dict[str, Any] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True)
            params[name] = payload if part.get_filename() else payload.decode()
        return params
    if content_type.startswith("application/x-www-form-urlencoded"):
        return dict(parse_qsl(raw.decode(), keep_blank_values=True))
    return {"_content": raw}


def _read_upload(stream: Any, length: int, keep: bool) -> dict[str, Any]:
    """A file's bytes, read a megabyte at a time: kept as "_content", or (keep=False, for files too large
    to hold) only counted in "_length" and hashed in "_sha256"."""
    digest, chunks, left = hashlib.sha256(), [], length
    while left > 0:
        chunk = stream.read(min(left, 2**20))
        if not chunk:
            break
        left -= len(chunk)
        digest.update(chunk)
        if keep:
            chunks.append(chunk)
    params: dict[str, Any] = {"_length": length - left, "_sha256": digest.hexdigest()}
    if keep:
        params["_content"] = b"".join(chunks)
    return params


def _decode_json_fields(params: dict[str, Any]) -> dict[str, Any]:
    for key in JSON_FIELDS & params.keys():
        if isinstance(params[key], str):
            with contextlib.suppress(json.JSONDecodeError):
                params[key] = json.loads(params[key])
    return params


def _handler_for(fake: FakeSlack) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            """No access log: test output stays readable."""

        def do_GET(self) -> None:
            self._serve()

        def do_POST(self) -> None:
            self._serve()

        def _serve(self) -> None:
            url = urlsplit(self.path)
            kind, _, name = url.path.strip("/").partition("/")
            if kind not in ("api", "response", "upload") or not name:
                self._send(404, {"Content-Type": "text/plain"}, "not_found")
                return
            length = int(self.headers.get("Content-Length") or 0)
            content_type = self.headers.get("Content-Type", "")
            if kind == "upload":
                params: dict[str, Any] = _read_upload(self.rfile, length, fake.keep_uploads)
            else:
                raw = self.rfile.read(length)
                params = dict(parse_qsl(url.query, keep_blank_values=True))
                params.update(_parse_body(raw, content_type))
                _decode_json_fields(params)
            headers = {k.lower(): v for k, v in self.headers.items()}
            self._send(*fake._handle(kind, name, params, headers))

        def _send(self, status: int, headers: dict[str, str], body: Any) -> None:
            if isinstance(body, str):
                data, content_type = body.encode(), "text/plain; charset=utf-8"
            else:
                data, content_type = json.dumps(body).encode(), "application/json; charset=utf-8"
            self.send_response(status)
            headers = {"Content-Type": content_type, **headers}
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler
