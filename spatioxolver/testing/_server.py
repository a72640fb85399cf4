"""A small OpenAI-compatible server on 127.0.0.1 for tests, benchmarks and dry runs.

Serves ``POST /v1/chat/completions`` and ``GET /v1/models`` from a thread pool (one
thread per connection), answers from a :class:`~._script.Script`, waits ``latency``
seconds per request, and keeps a request log for assertions. The log keeps texts, image
digests and parameters, and only *whether* an ``Authorization`` header came - never its
value; nothing the server sends back contains it either.

Example:
    >>> with LocalServer(rules=[("left", "A")]) as srv:
    ...     srv.port > 0
    True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from spatioxolver.testing._script import MALFORMED_JSON_TEXT, REFUSAL_TEXT, Script

__all__ = ["LocalServer"]


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 512
    allow_reuse_address = True


class LocalServer:
    """OpenAI-compatible chat server bound to 127.0.0.1.

    Args:
        port: TCP port (0 picks a free one).
        latency: seconds to wait before every reply.
        rules: ``(regex, reply)`` pairs / :class:`Rule` s matched on the request text.
        queue: replies used first, once each, in order.
        default: reply when neither the queue nor a rule applies (``"OK"``).
        models: model ids listed by ``/v1/models``.
        require_key: if set, requests without ``Authorization: Bearer <require_key>`` get 401.
        script: a ready :class:`Script` (instead of rules / queue / default).

    Attributes:
        requests: the request log (list of dicts, oldest first); see :meth:`_log_entry`.
    """

    def __init__(
        self,
        *,
        port: int = 0,
        latency: float = 0.0,
        rules: list[Any] | None = None,
        queue: list[Any] | None = None,
        default: Any = "OK",
        models: tuple[str, ...] = ("local-model",),
        require_key: str | None = None,
        script: Script | None = None,
    ) -> None:
        self.script = script or Script(rules=rules, queue=queue, default=default)
        self.latency = float(latency)
        self.models = tuple(models)
        self._require_key = require_key
        self._port = int(port)
        self._server: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._log: list[dict[str, Any]] = []
        self._ids = itertools.count(1)

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> LocalServer:
        """Bind and serve in a background thread; returns ``self``."""
        if self._server is not None:
            return self
        handler = _make_handler(self)
        self._server = _HTTPServer(("127.0.0.1", self._port), handler)
        self._stopping.clear()
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="spatioxolver-local-llm", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and release the port (hanging replies are cut short)."""
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        """The bound port."""
        if self._server is None:
            raise RuntimeError("LocalServer is not running; call start() or use it as a context manager")
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        """Base URL to pass as ``api_base`` (ends in ``/v1``)."""
        return f"http://127.0.0.1:{self.port}/v1"

    # ------------------------------------------------------------------ script / log
    def add_rule(self, match: str, reply: Any, times: int | None = None) -> None:
        """Reply ``reply`` to requests whose text matches regex ``match``."""
        self.script.add_rule(match, reply, times)

    def enqueue(self, *replies: Any) -> None:
        """Queue replies used once each before any rule."""
        self.script.enqueue(*replies)

    @property
    def requests(self) -> list[dict[str, Any]]:
        """A copy of the request log."""
        with self._lock:
            return list(self._log)

    def clear_log(self) -> None:
        """Forget the logged requests."""
        with self._lock:
            self._log.clear()

    def _record(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self._log.append(entry)

    # ------------------------------------------------------------------ handling
    def _chat(
        self, body: dict[str, Any], authorized: bool, auth_present: bool
    ) -> tuple[int, dict[str, str], bytes]:
        entry = _log_entry(body, auth_present)
        entry["id"] = next(self._ids)
        entry["time"] = time.time()
        if not authorized:
            entry["reply"] = {"status": 401}
            self._record(entry)
            return 401, {}, _json({"error": {"message": "invalid or missing API key", "type": "auth_error"}})
        reply = self.script.next_reply(entry["text"], entry)
        entry["reply"] = {"status": reply.status, "fault": reply.fault}
        self._record(entry)
        wait = self.latency + reply.delay
        if reply.fault == "hang":
            wait += reply.hang_s
        if wait > 0 and self._stopping.wait(wait):
            return 503, {}, _json({"error": {"message": "server stopping"}})
        headers: dict[str, str] = {}
        if reply.retry_after is not None:
            headers["Retry-After"] = f"{reply.retry_after:g}"
        if reply.status != 200:
            kind = {429: "rate_limit_error", 401: "auth_error"}.get(reply.status, "server_error")
            return (
                reply.status,
                headers,
                _json({"error": {"message": f"scripted {reply.status}", "type": kind}}),
            )
        if reply.fault == "bad_body":
            return 200, headers, b'{"id": "chatcmpl-broken", "choices": [ this is not json'
        content = {
            "empty": "",
            "refusal": REFUSAL_TEXT,
            "malformed_json": MALFORMED_JSON_TEXT,
        }.get(reply.fault or "", reply.content)
        prompt_tokens = len(entry["text"].split()) + 85 * entry["n_images"]
        completion_tokens = len(content.split())
        payload = {
            "id": f"chatcmpl-local-{entry['id']}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": str(body.get("model", "local-model")),
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
        return 200, headers, _json(payload)

    def _models(self) -> bytes:
        return _json(
            {
                "object": "list",
                "data": [{"id": m, "object": "model", "owned_by": "spatioxolver"} for m in self.models],
            }
        )


def _json(obj: Any) -> bytes:
    return json.dumps(obj).encode("utf-8")


def _log_entry(body: dict[str, Any], auth_present: bool) -> dict[str, Any]:
    """Summarise a chat request: message texts, image digests, other parameters."""
    messages = []
    texts = []
    n_images = 0
    for message in body.get("messages") or []:
        content = message.get("content")
        parts = content if isinstance(content, list) else [{"type": "text", "text": content or ""}]
        m_text, images = [], []
        for part in parts:
            if not isinstance(part, dict):
                continue
            if part.get("type") == "text":
                m_text.append(str(part.get("text", "")))
            elif part.get("type") == "image_url":
                url = part.get("image_url")
                detail = url.get("detail") if isinstance(url, dict) else None
                url = url.get("url") if isinstance(url, dict) else url
                described = _describe_image(str(url or ""))
                if detail is not None:
                    described["detail"] = detail
                images.append(described)
        n_images += len(images)
        text = "\n".join(m_text)
        texts.append(text)
        messages.append({"role": message.get("role"), "text": text, "images": images})
    params = {k: v for k, v in body.items() if k not in ("messages",)}
    return {
        "path": "/v1/chat/completions",
        "model": body.get("model"),
        "messages": messages,
        "text": "\n".join(texts),
        "n_images": n_images,
        "images": [img for m in messages for img in m["images"]],
        "params": params,
        "auth_present": auth_present,
    }


def _describe_image(url: str) -> dict[str, Any]:
    if not url.startswith("data:"):
        return {"url": url[:200]}
    header, _, data = url.partition(",")
    mime = header[5:].split(";")[0]
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return {"mime": mime, "error": "bad base64"}
    info: dict[str, Any] = {"mime": mime, "bytes": len(raw), "sha256": hashlib.sha256(raw).hexdigest()}
    try:
        from PIL import Image

        with Image.open(io.BytesIO(raw)) as img:
            info["width"], info["height"] = img.size
            info["format"] = img.format
    except Exception as exc:  # noqa: BLE001 - any undecodable image is recorded, not raised
        info["error"] = type(exc).__name__
    return info


def _make_handler(server: LocalServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out in two writes; without TCP_NODELAY, Nagle plus the
        # client's delayed ACK stalls every keep-alive reply by ~40 ms.
        disable_nagle_algorithm = True
        server_version = "spatioxolver-local/1"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            return None  # quiet; the request log is the record

        def _send(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (e.g. its timeout fired during a hang)

        def do_GET(self) -> None:  # noqa: N802 - stdlib naming
            if self.path.rstrip("/") in ("/v1/models", "/models"):
                self._send(200, server._models())
            else:
                self._send(404, _json({"error": {"message": f"no route {self.path}"}}))

        def do_POST(self) -> None:  # noqa: N802 - stdlib naming
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
                self._send(404, _json({"error": {"message": f"no route {self.path}"}}))
                return
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                self._send(400, _json({"error": {"message": "request body is not JSON"}}))
                return
            auth = self.headers.get("Authorization") or ""
            present = bool(auth.strip())
            authorized = True
            if server._require_key is not None:
                authorized = auth == f"Bearer {server._require_key}"
            status, headers, payload = server._chat(body, authorized, present)
            self._send(status, payload, headers)

    return Handler
