"""A recording HTTP proxy in front of a real model server (the real-model lane).

The lane's assertions need the server's own view: every request body the client sent and
every usage the server reported. llama.cpp's server keeps no such log, so the client is
pointed at this proxy, which forwards each request unchanged to the upstream server on
127.0.0.1 and keeps `Exchange(path, request, status, usage)` for every call. It holds no
logic of its own: a reply reaches the client byte for byte.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

from evaluators.llm.structured import PROBE_PROMPT
from tests.support.llm_server import SHUTDOWN_POLL_S


@dataclass(frozen=True)
class Exchange:
    """One forwarded call: what was asked and what the server said it used."""

    path: str
    request: dict[str, Any]
    status: int
    usage: dict[str, int]
    content: str
    seconds: float = 0.0  # the upstream server's time on it, queueing included

    @property
    def completion_tokens(self) -> int:
        return int(self.usage.get("completion_tokens", 0))

    @property
    def prompt_tokens(self) -> int:
        return int(self.usage.get("prompt_tokens", 0))

    @property
    def is_model_check(self) -> bool:
        """A request of the model check (`evaluators.llm.preflight`): its one-token request,
        or a probe of `[llm] structured_output = "auto"`."""
        return is_model_check(self.request)


def is_model_check(request: dict[str, Any]) -> bool:
    limit = request.get("max_tokens") or request.get("max_completion_tokens")
    messages = request.get("messages") or [{}]
    return limit == 1 or messages[0].get("content") == PROBE_PROMPT


class RecordingProxy:
    """Forwards to `upstream` (an `http://127.0.0.1:P/v1` base); a context manager."""

    def __init__(self, upstream: str, timeout_s: float = 600.0) -> None:
        self.upstream = upstream.rstrip("/")
        self.timeout_s = timeout_s
        self.exchanges: list[Exchange] = []
        self.arrived = 0  # completion requests received, answered or not
        self._lock = threading.Lock()
        self._arrival = threading.Condition(self._lock)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(SHUTDOWN_POLL_S,), daemon=True
        )

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def completions(self) -> list[Exchange]:
        """The chat completions the client sent, the model check excluded."""
        with self._lock:
            return [
                e
                for e in self.exchanges
                if e.path.endswith("/chat/completions") and not e.is_model_check
            ]

    def wait_for_requests(self, count: int, timeout_s: float) -> bool:
        """Block until `count` chat completions (the model check aside) have arrived."""
        with self._arrival:
            return self._arrival.wait_for(lambda: self.arrived >= count, timeout=timeout_s)

    def _arrived(self, body: bytes) -> None:
        if is_model_check(json.loads(body or b"{}")):
            return
        with self._arrival:
            self.arrived += 1
            self._arrival.notify_all()

    def _record(self, exchange: Exchange) -> None:
        with self._lock:
            self.exchanges.append(exchange)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                return  # the test's output stays the test's

            def do_GET(self) -> None:
                self._forward(None)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                self._forward(self.rfile.read(length))

            def _forward(self, body: bytes | None) -> None:
                path = self.path.removeprefix("/v1")
                if body is not None and path.endswith("/chat/completions"):
                    proxy._arrived(body)
                request = urllib.request.Request(
                    proxy.upstream + path,
                    data=body,
                    headers={"Content-Type": "application/json"},
                    method=self.command,
                )
                started = time.monotonic()
                try:
                    with urllib.request.urlopen(request, timeout=proxy.timeout_s) as reply:
                        status, payload = reply.status, reply.read()
                except urllib.error.HTTPError as error:
                    status, payload = error.code, error.read()
                except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
                    # The server is gone (it died, or never answered): the client gets a
                    # 502, and the exchange is recorded as one the server never answered.
                    message = json.dumps({"error": {"message": f"upstream: {error}"}})
                    status, payload = 502, message.encode()
                if body is not None:
                    exchange = _exchange(self.path, body, status, payload)
                    seconds = time.monotonic() - started
                    proxy._record(dataclasses.replace(exchange, seconds=seconds))
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    return  # the client timed out or was killed; the exchange is recorded

        return Handler

    def __enter__(self) -> RecordingProxy:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._server.shutdown()
        self._server.server_close()


def _exchange(path: str, body: bytes, status: int, payload: bytes) -> Exchange:
    request = json.loads(body or b"{}")
    try:
        reply = json.loads(payload)
    except json.JSONDecodeError:
        reply = {}
    usage = reply.get("usage") if isinstance(reply, dict) else None
    choices = reply.get("choices") if isinstance(reply, dict) else None
    content = ""
    if choices:
        message = choices[0].get("message") or {}
        content = str(message.get("content") or "") + json.dumps(message.get("tool_calls") or [])
    return Exchange(path, request, status, dict(usage or {}), content)
