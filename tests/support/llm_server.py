"""A local LLM server for tests: OpenAI- and Anthropic-compatible, on 127.0.0.1 only.

- `POST .../chat/completions` (OpenAI), `POST .../messages` (Anthropic), `GET .../models`.
- Replies come from `responder(request_json) -> text`; a harness test plugs in one that
  writes tests from a task's author pool. A responder may also return `ToolUse` (text
  plus tool calls): the server answers in the provider's native tool-calling format
  (OpenAI `tool_calls`, Anthropic `tool_use` content blocks).
- A request for one token (the model check `evaluators.llm.preflight` sends before a
  run) is answered "ok" without asking the responder, and counted in `preflights`; under
  a `Garbage` action it gets the garbage (the check passes: it asks only for an answer)
  and is counted all the same, so `calls - preflights` are the run's own requests.
- It counts calls, the most calls it served at once (`max_in_flight`) and the tokens it
  bills (`prompt_tokens`, `completion_tokens`; billed even when a reply omits its usage
  field), and keeps every request body in `requests`: tests assert what prompts held and
  that no cap was exceeded from the server's own point of view.
- It misbehaves on a script: `server.script(Garbage(), Status(429), ...)` sets what the next
  calls get, one action per call in order; `server.always = Status(500)` sets what every
  call gets after the script runs out. Actions: `Reply` (delay, no usage, usage override),
  `Garbage` (content that parses into no signature), `Status` (429 with Retry-After, 500,
  503, ...), `BrokenBody` (200 with a body that is not JSON).

llama.cpp's habits: `server.llama_cpp = True` caps a reply only by `max_tokens` (not
`max_completion_tokens`) and drops the tools of a request without `tool_choice` (prose
instead); structured output as in tests/support/schema_replies.py. `server.busy_s = S`:
one slot, held S seconds per request even after its client left, so later requests wait.

Usage it reports: prompt tokens = ceil(characters of all message text / 4) (the same rule
as the client's reservation), completion tokens = ceil(characters of the reply / 4), cut at
the request's max tokens. `server.prompt_cache = PromptCacheEmulation()` reports cached
input as each provider does instead (tests/support/prompt_cache_server.py).
Use it as a context manager or through the `llm_server` fixture;
either way `127.0.0.1` is added to NO_PROXY while it runs, so no proxy ever sees a request.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.support.llm_wire import anthropic_reply as _anthropic_reply
from tests.support.llm_wire import error_type as _error_type
from tests.support.llm_wire import openai_reply as _openai_reply
from tests.support.prompt_cache_server import (
    CacheCount,
    PromptCacheEmulation,
    TooManyBreakpoints,
    anthropic_usage,
    openai_usage,
)
from tests.support.schema_replies import PROBE_PROMPT, kept_schema, refuses, schema_instance

# How often `serve_forever` looks for a shutdown request. The standard library's 0.5 s made
# every stop wait about 0.3 s: 145 stops in the LLM tests alone held their workers 50 s
# asleep (issue 52); checking 20 times a second costs nothing measurable.
SHUTDOWN_POLL_S = 0.05


@dataclass(frozen=True)
class ToolUse:
    """A reply that calls tools: `calls` are (id, name, arguments) triples."""

    calls: tuple[tuple[str, str, dict[str, Any]], ...]
    text: str = ""


Responder = Callable[[dict[str, Any]], "str | ToolUse"]


@dataclass(frozen=True)
class Reply:
    """A normal reply: `text` overrides the responder; `usage=False` omits the usage field;
    `tokens=(prompt, completion)` overrides the reported counts; `delay_s` sleeps first."""

    text: str | None = None
    usage: bool = True
    tokens: tuple[int, int] | None = None
    delay_s: float = 0.0


@dataclass(frozen=True)
class Garbage:
    """A 200 reply whose content parses into no typed output."""

    text: str = "I am not going to use the format you asked for."


@dataclass(frozen=True)
class Status:
    """An HTTP error: 429 (with Retry-After), 500, 503, ...; `echo_key` puts the key the
    request carried into the error message, as some providers do on a 401."""

    code: int
    retry_after: float | None = None
    echo_key: bool = False


@dataclass(frozen=True)
class BrokenBody:
    """A 200 whose body is not JSON."""


Action = Reply | Garbage | Status | BrokenBody


def message_text(body: dict[str, Any]) -> str:
    """All text of a request's messages (and Anthropic's `system`), concatenated."""
    parts: list[str] = []
    system = body.get("system")
    for item in [system, *[m.get("content") for m in body.get("messages", [])]]:
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, list):
            parts.extend(str(block.get("text", "")) for block in item if isinstance(block, dict))
    return "".join(parts)


def max_tokens_of(body: dict[str, Any]) -> int | None:
    """The output limit a request set (litellm sends OpenAI `max_completion_tokens`)."""
    return body.get("max_tokens") or body.get("max_completion_tokens")


def default_responder(body: dict[str, Any]) -> str:
    return "[[ ## completed ## ]]"


class LocalLlmServer:
    """The server; `base_url` is `http://127.0.0.1:<port>`, `openai_base` adds `/v1`."""

    def __init__(self, responder: Responder = default_responder, model: str = "local-model"):
        self.responder = responder
        self.model = model
        self.always: Action = Reply()
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.keys_seen: list[str] = []
        self.calls = 0
        self.preflights = 0  # model checks answered (see the module docstring)
        self.llama_cpp = False  # llama.cpp's habits (see the module docstring)
        self.busy_s = 0.0  # one slot, busy this long per request (see the module docstring)
        self._slot = threading.Lock()
        self.json_schema = False  # keeps a json_schema response_format (hosted APIs)
        self.prompt_cache: PromptCacheEmulation | None = None  # the providers' cache accounting
        self.in_flight = 0
        self.max_in_flight = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self._script: list[Action] = []
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._connections: set[socket.socket] = set()
        self._saved_env: dict[str, str | None] = {}

    # -- control --------------------------------------------------------------------------
    def script(self, *actions: Action) -> None:
        """What the next calls get, one action each, before `always` applies again."""
        with self._lock:
            self._script = list(actions)

    @property
    def base_url(self) -> str:
        assert self._httpd is not None, "server not started"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    @property
    def openai_base(self) -> str:
        return f"{self.base_url}/v1"

    def start(self) -> LocalLlmServer:
        for name in ("NO_PROXY", "no_proxy"):
            self._saved_env[name] = os.environ.get(name)
            current = os.environ.get(name, "")
            os.environ[name] = ",".join(filter(None, [current, "127.0.0.1", "localhost"]))
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, args=(SHUTDOWN_POLL_S,), daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening and close every open connection (kept-alive ones too)."""
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            with self._lock:
                for connection in list(self._connections):
                    with contextlib.suppress(OSError):
                        connection.shutdown(socket.SHUT_RDWR)
        for name, value in self._saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        self._saved_env = {}

    def __enter__(self) -> LocalLlmServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- serving --------------------------------------------------------------------------
    def _next_action(self, body: dict[str, Any], path: str, key: str) -> Action:
        with self._lock:
            self.calls += 1
            self.requests.append(body)
            self.paths.append(path)
            self.keys_seen.append(key)
            self.preflights += int(message_text(body) == PROBE_PROMPT)
            return self._script.pop(0) if self._script else self.always

    def _count(self, prompt: int, completion: int) -> None:
        with self._lock:
            self.prompt_tokens += prompt
            self.completion_tokens += completion

    def answer(
        self, path: str, body: dict[str, Any], key: str
    ) -> tuple[int, dict[str, str], bytes]:
        """(status, headers, body) for one completion request."""
        action = self._next_action(body, path, key)
        if self.busy_s:
            with self._slot:  # generates to the end even when the client has gone
                time.sleep(self.busy_s)
        action = Status(500) if self.llama_cpp and refuses(body) else action
        if isinstance(action, Status):
            headers = {}
            if action.retry_after is not None:
                headers["Retry-After"] = f"{action.retry_after:g}"
            text = f"Incorrect API key provided: {key}" if action.echo_key else "scripted failure"
            error = {"error": {"type": _error_type(action.code), "message": text}}
            if path.endswith("/messages"):
                error["type"] = "error"
            return action.code, headers, json.dumps(error).encode()
        if isinstance(action, BrokenBody):
            return 200, {}, b"{not json"
        reply = action if isinstance(action, Reply) else Reply()
        if reply.delay_s:
            time.sleep(reply.delay_s)
        kept = kept_schema(body, llama_cpp=self.llama_cpp, json_schema=self.json_schema)
        if message_text(body) == PROBE_PROMPT:  # the model check's structured-output probe
            text: str | ToolUse = "ok" if kept is None else json.dumps(schema_instance(kept))
        elif isinstance(action, Garbage):
            text = action.text
            if max_tokens_of(body) == 1:  # a prose model answers the model check in prose
                with self._lock:
                    self.preflights += 1
        elif reply.text is None and max_tokens_of(body) == 1:
            text = "ok"  # the model check before a run (evaluators.llm.preflight)
            with self._lock:
                self.preflights += 1
        elif reply.text is None and kept is not None:
            text = json.dumps(schema_instance(kept))  # a grammar keeps the reply to the schema
        else:
            text = reply.text if reply.text is not None else self.responder(body)
        if isinstance(text, ToolUse) and self.llama_cpp and "tool_choice" not in body:
            text = text.text or "I would write the tests to a file now."
        if isinstance(text, ToolUse):
            return self._tool_reply(path, body, text, reply)
        limit = (body.get("max_tokens") if self.llama_cpp else max_tokens_of(body)) or 1 << 30
        prompt, completion = reply.tokens or (
            math.ceil(len(message_text(body)) / 4),
            min(math.ceil(len(text) / 4), int(limit)),
        )
        usage = self._usage(path, body, (prompt, completion), reported=reply.usage)
        if path.endswith("/messages"):
            return 200, {}, json.dumps(_anthropic_reply(self.model, text, usage)).encode()
        finish = "length" if completion >= limit else "stop"  # as a real server says
        return 200, {}, json.dumps(_openai_reply(self.model, text, usage, finish)).encode()

    def _usage(
        self, path: str, body: dict[str, Any], tokens: tuple[int, int], *, reported: bool
    ) -> dict[str, Any] | None:
        """Count the tokens billed; the reply's usage field (None: omitted), split by the
        emulated prompt cache when there is one."""
        counted = CacheCount(fresh=tokens[0])
        if self.prompt_cache is not None:
            counted = self.prompt_cache.count(path, body)
        self._count(counted.total, tokens[1])
        if not reported:
            return None
        return (anthropic_usage if path.endswith("/messages") else openai_usage)(counted, tokens[1])

    def _tool_reply(
        self, path: str, body: dict[str, Any], use: ToolUse, reply: Reply
    ) -> tuple[int, dict[str, str], bytes]:
        size = len(use.text) + sum(len(json.dumps(call)) for call in use.calls)
        prompt = math.ceil(len(json.dumps(body.get("messages", []))) / 4)
        completion = math.ceil(size / 4)
        usage = self._usage(path, body, (prompt, completion), reported=reply.usage)
        if path.endswith("/messages"):
            blocks: list[dict[str, Any]] = [{"type": "text", "text": use.text}] if use.text else []
            blocks += [
                {"type": "tool_use", "id": i, "name": name, "input": args}
                for i, name, args in use.calls
            ]
            answer = _anthropic_reply(self.model, "", usage)
            answer.update(content=blocks, stop_reason="tool_use")
            return 200, {}, json.dumps(answer).encode()
        answer = _openai_reply(self.model, use.text, usage)
        message = answer["choices"][0]["message"]
        message["content"] = use.text or None
        message["tool_calls"] = [
            {"id": i, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
            for i, name, args in use.calls
        ]
        answer["choices"][0]["finish_reason"] = "tool_calls"
        return 200, {}, json.dumps(answer).encode()


def _handler_for(server: LocalLlmServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            with server._lock:
                server._connections.add(self.connection)

        def finish(self) -> None:
            with server._lock:
                server._connections.discard(self.connection)
            with contextlib.suppress(OSError):
                super().finish()

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def _send(self, status: int, headers: dict[str, str], payload: bytes) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except OSError:  # the client gave up (a timeout); nothing to answer
                self.close_connection = True

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                data = [{"id": server.model, "object": "model", "created": 0, "owned_by": "me"}]
                self._send(200, {}, json.dumps({"object": "list", "data": data}).encode())
            else:
                self._send(404, {}, b'{"error": {"message": "not found"}}')

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            path = self.path.split("?", 1)[0].rstrip("/")
            if not (path.endswith("/chat/completions") or path.endswith("/messages")):
                self._send(404, {}, b'{"error": {"message": "not found"}}')
                return
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                self._send(400, {}, b'{"error": {"message": "bad json"}}')
                return
            auth = self.headers.get("Authorization", "").removeprefix("Bearer ")
            key = self.headers.get("x-api-key") or auth
            with server._lock:
                server.in_flight += 1
                server.max_in_flight = max(server.max_in_flight, server.in_flight)
            try:
                reply = server.answer(path, body, key)
            except TooManyBreakpoints as error:
                problem = {"type": "invalid_request_error", "message": str(error)}
                reply = 400, {}, json.dumps({"type": "error", "error": problem}).encode()
            finally:
                with server._lock:
                    server.in_flight -= 1
            self._send(*reply)

    return Handler


@pytest.fixture
def llm_server() -> Iterator[LocalLlmServer]:
    """A running local server, stopped after the test."""
    with LocalLlmServer() as server:
        yield server
