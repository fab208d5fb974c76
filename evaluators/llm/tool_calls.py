"""`ToolChat.turn`: one provider-native tool-calling turn of an agent, metered and cached.

- The request goes through litellm's `completion` with OpenAI-style `tools`; litellm
  speaks each provider's own format (OpenAI `tool_calls`, Anthropic `tool_use` blocks),
  so an agent runs the same on both. The reply is the assistant's text and its tool
  calls (id, name, parsed JSON arguments). `tool_choice` is sent as "auto" (llama.cpp's
  server ignores tools without it) and `max_tokens` never exceeds `[llm] max_output_tokens`.
- The meter reserves before the call (a refusal is a `cap` failure and nothing is sent)
  and settles with the reported usage (its prompt-cache reads and writes apart), the
  reservation when none was reported. An Anthropic request carries prompt-cache
  breakpoints on its tools, system prompt and newest message (prompt_cache.py).
- Replies are stored under the request's key (model, messages, tools, temperature, max
  tokens, namespace), so a re-run task replays its turns from the run's cache; a request
  already answered in this chat is never sent again (`repeated` on the turn): it meets
  the caps, and is never billed (the meter's `remembered_calls`).
- A message marked `RUNTIME_NOTE: True` (a turn's remaining budget, which changes with
  every call and with the other sessions' calls) is sent without the mark and left out
  of the request's key, so a re-run still replays its turns and a repeated question is
  still answered from memory.
- `timeout_s` lowers one turn's wait below `call_timeout_s` (a session's time left, so a
  session's deadline bounds its turns without touching the shared settings); it is no part
  of the request key.
- Failures are typed `LlmFailure`s, one line, never holding the key; tool-call arguments
  that are not a JSON object become `{}` plus a `malformed` note the agent sees.
- The model's health (`health.py`), when given, watches every request sent (as the
  structured calls' transport does): an infrastructure failure counts, any reply resets
  the count and gives its latency, and once the health stopped the turn fails at once as
  `unavailable`, sending nothing. Replies from the cache or from memory are served even
  then (a resume replays what it paid for).
- `observe(malformed, text, no_tool)`, when given, hears of every paid or cached turn
  (not a repeat): malformed when it called no tool (`no_tool`) or gave arguments that are
  not an object, so the health check names a model that calls no tool. It may raise.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluators.llm.cache import CachedReply, MalformedReplies, ReplyStore, request_key
from evaluators.llm.health import ModelHealth
from evaluators.llm.meter import CapReached, LlmUsage, UsageMeter
from evaluators.llm.prompt_cache import cache_points, reported_usage
from evaluators.llm.redact import redact
from evaluators.llm.replies import LlmFailure
from evaluators.llm.settings import PLACEHOLDER_KEY, LlmSettings

RUNTIME_NOTE = "runtime_note"  # see the module docstring


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for."""

    id: str
    name: str
    arguments: dict[str, Any]
    malformed: bool = False  # its arguments were not a JSON object


@dataclass(frozen=True)
class ToolTurn:
    """The assistant's reply: text, tool calls, and the message to put back in history."""

    text: str
    calls: tuple[ToolCall, ...]
    message: dict[str, Any] = field(default_factory=dict)
    cached: bool = False
    repeated: bool = False


class ToolChat:
    """Native tool-calling turns for one task's agents (thread-safe)."""

    def __init__(
        self,
        settings: LlmSettings,
        meter: UsageMeter,
        store: ReplyStore | None = None,
        *,
        namespace: str = "",
        observe: Callable[[bool, str, bool], None] | None = None,
        health: ModelHealth | None = None,
        malformed: MalformedReplies | None = None,
    ) -> None:
        self.settings = settings
        self.health = health
        self.meter = meter
        self.store = store
        self.namespace = namespace
        self.observe = observe
        self._answered: dict[str, str] = {}
        self._malformed = malformed or MalformedReplies()  # keys of turns that called no tool
        self._lock = threading.Lock()
        self.requests = 0  # turns asked of the store, the server or memory, repeats included
        self.repeats = 0  # turns answered from memory

    def turn(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]],
        *,
        max_tokens: int,
        timeout_s: float | None = None,
    ) -> ToolTurn | LlmFailure:
        """One model turn; see the module docstring (`timeout_s`: the turn's wait)."""
        max_tokens = min(max_tokens, self.settings.max_output_tokens)
        key = request_key(
            model=self.settings.model,
            messages=[m for m in messages if not m.get(RUNTIME_NOTE)],
            output_schema={"tools": list(tools)},
            temperature=self.settings.temperature,
            max_tokens=max_tokens,
            namespace=self.namespace,
        )
        chars = sum(len(json.dumps(m.get("content") or "")) for m in messages)
        with self._lock:
            known = self._answered.get(key)
            self.requests += 1
            self.repeats += int(known is not None)
        stored = None if known is not None or self.store is None else self.store.get(key)
        answered = known is not None or stored is not None
        if not answered and self.health is not None and self.health.open_reason:
            # nothing sent, nothing reserved
            return LlmFailure(kind="unavailable", message=self.health.open_reason)
        try:
            reservation = self.meter.reserve(chars, max_tokens, remembered=known is not None)
        except CapReached as cap:
            return LlmFailure(kind="cap", cap=cap.cap, message=str(cap))
        if answered:
            text = known if known is not None else stored.text  # type: ignore[union-attr]
            self.meter.settle(reservation, stored.usage if stored else None, cached=True)
            return self._heard(key, _parse(text, cached=True, repeated=known is not None))
        from openai import OpenAIError  # litellm's exceptions derive from openai's

        reported: LlmUsage | None = None
        started = time.monotonic()
        try:
            message, reported = self._send(messages, tools, max_tokens, timeout_s)
        except OpenAIError as error:
            secret = _secret(self.settings)
            failure = LlmFailure(kind=_kind(error), message=redact(_line(error), secret))
            if self.health is not None:
                self.health.failed(failure.kind, failure.message)
            return failure
        finally:
            self.meter.settle(reservation, reported)
        if self.health is not None:
            self.health.succeeded(time.monotonic() - started)
        text = json.dumps(message, sort_keys=True)
        with self._lock:
            self._answered[key] = text
        if self.store is not None:
            self.store.put(
                CachedReply(key=key, model=self.settings.model, text=text, usage=reported)
            )
        return self._heard(key, _parse(text, cached=False, repeated=False))

    def forget_malformed(self) -> None:
        """Drop the turns that called no tool from memory and the store (see client.py)."""
        keys = self._malformed.drop(self.store)
        with self._lock:
            for key in keys:
                self._answered.pop(key, None)

    def _heard(self, key: str, turn: ToolTurn) -> ToolTurn:
        malformed = not turn.calls or any(call.malformed for call in turn.calls)
        if malformed:
            self._malformed.add(key)
        if self.observe is not None and not turn.repeated:
            self.observe(malformed, turn.text, not turn.calls)
        return turn

    def _send(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]],
        max_tokens: int,
        timeout_s: float | None = None,
    ) -> tuple[dict[str, Any], LlmUsage | None]:
        import litellm

        litellm.suppress_debug_info = True
        options: dict[str, Any] = {"api_key": _secret(self.settings)}
        if self.settings.api_base:
            options["api_base"] = self.settings.api_base
        noted = len(messages) > 1 and bool(messages[-1].get(RUNTIME_NOTE))
        points = cache_points(self.settings, tools=bool(tools), newest=-2 if noted else -1)
        if points is not None:
            options["cache_control_injection_points"] = points
        wait = self.settings.call_timeout_s if timeout_s is None else timeout_s
        timeout = max(min(self.settings.call_timeout_s, wait, self.meter.remaining_wall_s()), 0.001)
        response = litellm.completion(
            model=self.settings.model,
            messages=[{k: v for k, v in m.items() if k != RUNTIME_NOTE} for m in messages],
            tools=[dict(t) for t in tools],
            tool_choice="auto",  # llama.cpp's server drops the tools of a request without it
            max_tokens=max_tokens,
            temperature=self.settings.temperature,
            timeout=timeout,
            num_retries=0,
            **options,
        )
        choice = response.choices[0].message
        calls = [
            {"id": c.id, "type": "function", "function": {"name": c.function.name,
             "arguments": c.function.arguments or "{}"}}
            for c in (choice.tool_calls or [])
        ]  # fmt: skip
        message: dict[str, Any] = {"role": "assistant", "content": choice.content or ""}
        if calls:
            message["tool_calls"] = calls
        return message, reported_usage(getattr(response, "usage", None))


def _parse(text: str, *, cached: bool, repeated: bool) -> ToolTurn:
    message = json.loads(text)
    calls = []
    for raw in message.get("tool_calls") or []:
        function = raw.get("function", {})
        try:
            arguments = json.loads(function.get("arguments") or "{}")
        except json.JSONDecodeError:
            arguments = None
        good = isinstance(arguments, dict)
        calls.append(
            ToolCall(
                id=str(raw.get("id", "")),
                name=str(function.get("name", "")),
                arguments=arguments if good else {},
                malformed=not good,
            )
        )
    return ToolTurn(
        text=str(message.get("content") or ""),
        calls=tuple(calls),
        message=message,
        cached=cached,
        repeated=repeated,
    )


def _secret(settings: LlmSettings) -> str:
    import os

    name = settings.key_env
    return os.environ.get(name, "") if name else PLACEHOLDER_KEY


def _kind(error: Exception) -> Any:
    name = type(error).__name__
    if "Timeout" in name:
        return "timeout"
    if any(word in name for word in ("Connection", "RateLimit", "ServiceUnavailable", "Internal")):
        return "transport"
    return "provider"


def _line(error: Exception) -> str:
    first = (str(error).splitlines() or [""])[0]
    return f"{type(error).__name__}: {first}"[:500]
