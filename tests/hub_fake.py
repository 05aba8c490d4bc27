"""A loopback stand-in for the Hugging Face Hub, serving the repos of tests/hub_fixtures/repos.py.

    with FakeHub() as hub:                      # sets HF_ENDPOINT for the huggingface_hub library
        ...
        hub.delay = 3.0                         # every answer waits 3 s (a slow Hub)
        hub.requests                            # paths asked, in order

It answers what huggingface_hub asks: /api/models/{repo} (model info), HEAD and GET of
/{repo}/resolve/{revision}/{file} (config.json, quantize_config.json, the safetensors index) and ranged GETs
of the shards, which hold only their headers. Gated repos answer 401 with X-Error-Code GatedRepo unless the
request carries `Authorization: Bearer <TOKEN>`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.hub_fixtures import checkpoints as ck
from tests.hub_fixtures.repos import REPOS

TOKEN = "hf_test_token_0123456789"
_FILES: dict[str, dict[str, bytes]] = {}
_LOCK = threading.Lock()


def repo_files(repo: str) -> dict[str, bytes]:
    """Every file of a fixture repo, built once: JSON files and shard headers (no tensor data)."""
    with _LOCK:
        if repo not in _FILES:
            _FILES[repo] = _build(repo)
        return _FILES[repo]


def _build(repo: str) -> dict[str, bytes]:
    spec = REPOS[repo]
    files = {"config.json": json.dumps(spec["config"]).encode()} if spec.get("config") else {}
    for name, body in spec.get("files", {}).items():
        files[name] = json.dumps(body).encode()
    # Weights in other formats (PyTorch .bin shards, GGUF files): listed, never read by the reader.
    for name in spec.get("other_files", ()):
        files[name] = b""
    if spec.get("tensors") is None:
        return files
    tensors = list(spec["tensors"]().items())
    shards = spec["shards"]
    per = -(-len(tensors) // shards)
    weight_map, total = {}, 0
    for i in range(shards):
        chunk = tensors[i * per : (i + 1) * per]
        if not chunk:
            break
        name = "model.safetensors" if shards == 1 else f"model-{i + 1:05d}-of-{shards:05d}.safetensors"
        header, offset = {"__metadata__": {"format": "pt"}}, 0
        for tensor, (dtype, shape) in chunk:
            size = ck.DTYPE_BYTES[dtype] * _prod(shape)
            header[tensor] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
            offset += size
            weight_map[tensor] = name
        raw = json.dumps(header).encode()
        files[name] = struct.pack("<Q", len(raw)) + raw
        total += offset
    if shards > 1:
        files["model.safetensors.index.json"] = json.dumps(
            {"metadata": {"total_size": total}, "weight_map": weight_map}
        ).encode()
    return files


def _prod(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _sha(repo: str) -> str:
    return hashlib.sha1(repo.encode()).hexdigest()


class FakeHub:
    def __init__(self) -> None:
        self.delay = 0.0
        self.requests: list[str] = []
        self._server: ThreadingHTTPServer | None = None
        self._previous: str | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> FakeHub:
        hub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # quiet
                pass

            def do_HEAD(self) -> None:
                hub._answer(self, head=True)

            def do_GET(self) -> None:
                hub._answer(self, head=False)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def count(self, repo: str) -> int:
        return sum(repo in path for path in self.requests)

    # -- answers -------------------------------------------------------------------------------------

    def _answer(self, h: BaseHTTPRequestHandler, head: bool) -> None:
        self.requests.append(h.path)
        if self.delay:
            time.sleep(self.delay)
        path = h.path.split("?", 1)[0]
        if m := re.match(r"^/api/models/([^/]+/[^/]+?)(?:/revision/[^/]+)?$", path):
            repo = m.group(1)
            if repo not in REPOS:
                return self._send(
                    h, 404, b'{"error":"Repository not found"}', {"X-Error-Code": "RepoNotFound"}, head
                )
            siblings = [{"rfilename": f} for f in repo_files(repo)]
            body = {"id": repo, "modelId": repo, "sha": _sha(repo), "siblings": siblings, "private": False,
                    "gated": "manual" if REPOS[repo].get("gated") else False, "tags": []}  # fmt: skip
            return self._send(h, 200, json.dumps(body).encode(), {"Content-Type": "application/json"}, head)
        m = re.match(r"^/([^/]+/[^/]+)/resolve/([^/]+)/(.+)$", path)
        if not m or m.group(1) not in REPOS:
            return self._send(h, 404, b"Repository not found", {"X-Error-Code": "RepoNotFound"}, head)
        repo, filename = m.group(1), m.group(3)
        if REPOS[repo].get("gated") and h.headers.get("Authorization") != f"Bearer {TOKEN}":
            message = b"Access to this model is restricted. You must have access to it and be authenticated."
            return self._send(h, 401, message, {"X-Error-Code": "GatedRepo", "X-Error-Message": message.decode()},
                              head)  # fmt: skip
        files = repo_files(repo)
        if filename not in files:
            return self._send(h, 404, b"Entry not found", {"X-Error-Code": "EntryNotFound"}, head)
        body = files[filename]
        headers = {"X-Repo-Commit": _sha(repo), "ETag": f'"{hashlib.sha1(body).hexdigest()}"',
                   "Content-Type": "application/octet-stream", "Accept-Ranges": "bytes"}  # fmt: skip
        rng = h.headers.get("Range")
        if rng and (r := re.match(r"bytes=(\d+)-(\d+)", rng)):
            start, end = int(r.group(1)), int(r.group(2))
            part = body[start : end + 1]
            headers["Content-Range"] = f"bytes {start}-{start + len(part) - 1}/{len(body)}"
            return self._send(h, 206, part, headers, head)
        return self._send(h, 200, body, headers, head)

    def _send(self, h, status: int, body: bytes, headers: dict, head: bool) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            h.send_response(status)
            for k, v in headers.items():
                h.send_header(k, v)
            h.send_header("Content-Length", str(len(body)))
            h.end_headers()
            if not head:
                h.wfile.write(body)
