"""One request to the model, paid or replayed: the cache, the meter and transport retries.

`Transport.complete(messages, key, max_tokens)` returns the reply text or a typed failure:
1. The store is asked first (the run's cache, or the cassette when replaying). A hit is
   reserved and settled on the meter with its recorded usage, and nothing is sent
   (`replay`): billed usage, paid once when the run first asked. The client also replays
   a request it already had answered, `remembered`: metered against the caps, never
   billed. Replaying, a miss is a `replay_miss` failure.
2. Otherwise each attempt reserves on the meter (a refusal is a `cap` failure, nothing
   sent), reads the key from the environment, builds a `dspy.LM` (litellm engine, dspy's
   cache off, dspy's retries off, timeout = min(call_timeout_s, wall time left)) and sends
   one canonical `dspy.lm15.Request` (`wire_request`: a local OpenAI-compatible endpoint
   gets `max_tokens`, which llama.cpp's server honours; hosted OpenAI keeps
   `max_completion_tokens`).
3. 429, 5xx and connection failures are retried up to `transport_retries` times, after
   the provider's Retry-After or 1, 2, 4 ... s, only while that wait fits in the meter's
   remaining wall time. Each attempt counts against the meter. An HTTP error settles with
   no tokens (nothing was generated); a timeout or a lost connection keeps its
   reservation (the provider may have generated).
4. A reply is stored (text and reported usage) before it is returned. Reported usage is
   used when the provider gave some (input tokens > 0), the reservation otherwise; its
   prompt-cache reads and writes are kept apart (prompt_cache.py `reported_usage`).
5. An Anthropic request carries prompt-cache breakpoints (prompt_cache.py), added to the
   wire request only, never to its key.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from evaluators.llm.cache import CachedReply, ReplayMiss, ReplyStore
from evaluators.llm.health import ModelHealth
from evaluators.llm.meter import CallReservation, CapReached, LlmUsage, UsageMeter
from evaluators.llm.prompt_cache import cache_points, reported_usage
from evaluators.llm.redact import redact
from evaluators.llm.replies import LlmFailure
from evaluators.llm.settings import PLACEHOLDER_KEY, LlmSettings
from search_space import RsiError

if TYPE_CHECKING:
    import dspy

MAX_BACKOFF_S = 30.0
MAX_RETRY_AFTER_S = 60.0


class LmFactory(Protocol):
    """Builds the dspy LM for one attempt; tests plug in a `dspy.utils.DummyLM`."""

    def __call__(self, settings: LlmSettings, api_key: str, timeout_s: float) -> dspy.BaseLM: ...


_quiet = threading.Lock()
_quieted = False


def litellm_lm(settings: LlmSettings, api_key: str, timeout_s: float) -> dspy.BaseLM:
    """The real HTTP path: dspy.LM on its litellm engine, with dspy's own cache and
    retries off (this package caches and retries, and the meter counts every attempt)."""
    import dspy

    global _quieted
    with _quiet:
        if not _quieted:
            import litellm

            litellm.suppress_debug_info = True
            _quieted = True
    options: dict[str, Any] = {"api_key": api_key, "timeout": timeout_s}
    if settings.api_base:
        options["api_base"] = settings.api_base
    return dspy.LM(
        settings.model,
        engine="litellm",
        cache=False,
        num_retries=0,
        temperature=settings.temperature,
        max_tokens=settings.max_output_tokens,
        **options,
    )


@dataclass(frozen=True)
class Completion:
    """A reply's text and what producing it used (attempts, cache hits, tokens)."""

    text: str
    usage: LlmUsage
    attempts: int
    cached: int
    key: str = ""
    reported: LlmUsage | None = None  # what the provider reported, as a cache entry keeps it
    repeated: bool = False  # answered from the client's memory of this run's answers


class MissingKey(RsiError):
    """The key variable is not set at call time."""


class Transport:
    """Cache lookup, meter and retries around one request; see the module docstring."""

    def __init__(
        self,
        settings: LlmSettings,
        meter: UsageMeter,
        store: ReplyStore | None,
        lm_factory: LmFactory = litellm_lm,
        sleep: Callable[[float], None] = time.sleep,
        health: ModelHealth | None = None,
    ) -> None:
        self.settings = settings
        self.meter = meter
        self.store = store
        self.lm_factory = lm_factory
        self.sleep = sleep
        self.health = health

    def complete(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        key: str,
        max_tokens: int,
        response_format: Mapping[str, Any] | None = None,
    ) -> Completion | LlmFailure:
        chars = sum(len(str(message.get("content") or "")) for message in messages)
        try:
            hit = self.store.get(key) if self.store is not None else None
        except ReplayMiss as miss:
            return LlmFailure(kind="replay_miss", message=redact(str(miss), None))
        if hit is not None:
            return self.replay(hit, messages, max_tokens)
        if self.health is not None and (reason := self.health.open_reason) is not None:
            return LlmFailure(kind="unavailable", message=reason)
        started = time.monotonic()
        try:
            secret = api_key(self.settings)
        except MissingKey as missing:
            outcome: Completion | LlmFailure = LlmFailure(kind="config", message=str(missing))
        else:
            outcome = self._paid(messages, key, secret, chars, max_tokens, response_format)
        if self.health is not None:
            if isinstance(outcome, LlmFailure):
                self.health.failed(outcome.kind, outcome.message)
            else:
                self.health.succeeded(time.monotonic() - started)
        return outcome

    def replay(
        self,
        hit: CachedReply,
        messages: Sequence[Mapping[str, Any]],
        max_tokens: int,
        *,
        remembered: bool = False,
    ) -> Completion | LlmFailure:
        """A known answer, metered as a cache hit (reserved, settled with its usage): billed
        usage when it comes from the store (this run paid it once), none when `remembered`
        (the client had it answered already: never billed, see meter.py)."""
        chars = sum(len(str(message.get("content") or "")) for message in messages)
        try:
            reservation = self.meter.reserve(chars, max_tokens, remembered=remembered)
        except CapReached as cap:
            return LlmFailure(kind="cap", cap=cap.cap, message=str(cap))
        self.meter.settle(reservation, hit.usage, cached=True)
        if remembered:
            billed = LlmUsage(remembered_calls=1)
        else:
            billed = _charged(reservation, hit.usage).model_copy(update={"cached_calls": 1})
        return Completion(hit.text, billed, 1, 1, key=hit.key, reported=hit.usage)

    def _paid(
        self,
        messages: Sequence[Mapping[str, Any]],
        key: str,
        secret: str,
        chars: int,
        max_tokens: int,
        response_format: Mapping[str, Any] | None = None,
    ) -> Completion | LlmFailure:
        from dspy.utils.exceptions import LMError

        used = LlmUsage()
        for attempt in range(self.settings.transport_retries + 1):
            try:
                reservation = self.meter.reserve(chars, max_tokens)
            except CapReached as cap:
                return LlmFailure(
                    kind="cap", cap=cap.cap, message=str(cap), usage=used, attempts=attempt
                )
            reported: LlmUsage | None = None
            try:
                timeout = min(self.settings.call_timeout_s, self.meter.remaining_wall_s())
                wait = max(timeout, 0.001)
                text, reported = self._send(messages, secret, wait, max_tokens, response_format)
            except LMError as error:
                kind, reported = _classify(error)
                message = redact(f"{type(error).__name__}: {error}", secret)
                used += _charged(reservation, reported)
                if kind != "transport" or attempt == self.settings.transport_retries:
                    return LlmFailure(kind=kind, message=message, usage=used, attempts=attempt + 1)
                delay = _delay(error, attempt)
                if delay >= self.meter.remaining_wall_s():
                    message = f"{message}; no wall time left to retry after {delay:g} s"
                    return LlmFailure(kind=kind, message=message, usage=used, attempts=attempt + 1)
                self.sleep(delay)
                continue
            finally:
                self.meter.settle(reservation, reported)
            used += _charged(reservation, reported)
            self._store(CachedReply(key=key, model=self.settings.model, text=text, usage=reported))
            return Completion(text, used, attempt + 1, 0, key=key, reported=reported)
        raise AssertionError("unreachable: the last attempt returns")

    def _send(
        self,
        messages: Sequence[Mapping[str, Any]],
        secret: str,
        timeout: float,
        max_tokens: int,
        response_format: Mapping[str, Any] | None = None,
    ) -> tuple[str, LlmUsage | None]:
        import dspy
        from dspy.lm15 import TextPart

        lm = self.lm_factory(self.settings, secret, timeout)
        request = wire_request(
            self.settings, lm.model, messages, max_tokens, response_format=response_format
        )
        with dspy.context(disable_history=True):
            response = lm(request)
        text = "".join(p.text for p in response.message.parts if isinstance(p, TextPart))
        return text, reported_usage(response.usage)

    def _store(self, reply: CachedReply) -> None:
        if self.store is None:
            return
        with contextlib.suppress(OSError):  # a lost entry costs a second payment on resume
            self.store.put(reply)


def api_key(settings: LlmSettings) -> str:
    """The key, read from the environment now; a placeholder for a keyless api_base."""
    if settings.key_env is None:
        return PLACEHOLDER_KEY
    value = os.environ.get(settings.key_env)
    if not value:
        raise MissingKey(settings.missing_key() or f"{settings.key_env} is not set")
    return value


def wire_request(
    settings: LlmSettings,
    model: str,
    messages: Sequence[Mapping[str, Any]],
    max_tokens: int,
    temperature: float | None = None,
    response_format: Mapping[str, Any] | None = None,
) -> dspy.lm15.Request:
    """The canonical request for `messages`, its output limit spelled as the endpoint reads it.

    dspy's typed path writes OpenAI's `max_completion_tokens`, which hosted OpenAI takes
    and llama.cpp's server (and other local OpenAI-compatible servers) ignores, so a
    reply there runs to the end of the context. A local endpoint (`openai/...` with an
    `api_base`) gets `max_tokens` instead, through the request's verbatim extensions.
    A `json_object` response format with a schema (llama.cpp's) has no canonical slot
    either and goes the same way, as do an Anthropic request's cache breakpoints;
    `json_schema` is canonical."""
    from dataclasses import replace as with_changes

    from dspy.lm15 import request_from_openai_chat

    body: dict[str, Any] = {
        "model": model,
        "messages": [dict(message) for message in messages],
        "temperature": settings.temperature if temperature is None else temperature,
    }
    verbatim: dict[str, Any] = {}
    if settings.provider == "openai" and settings.api_base is not None:
        verbatim["max_tokens"] = max_tokens
    else:
        body["max_tokens"] = max_tokens
    if response_format is not None and response_format.get("type") == "json_schema":
        body["response_format"] = dict(response_format)
    elif response_format is not None:
        verbatim["response_format"] = dict(response_format)
    points = cache_points(settings, tools=False)
    if points is not None:  # litellm marks them on the wire (no canonical slot for marks)
        verbatim["cache_control_injection_points"] = points
    request = request_from_openai_chat(body)
    if not verbatim:
        return request
    extensions = {**(request.config.extensions or {}), **verbatim}
    return with_changes(request, config=with_changes(request.config, extensions=extensions))


def _charged(reservation: CallReservation, reported: LlmUsage | None) -> LlmUsage:
    """One billed call's usage: as reported, else as reserved (and marked estimated)."""
    if reported is None:
        return LlmUsage(
            calls=1,
            input_tokens=reservation.input_tokens,
            output_tokens=reservation.output_tokens,
            estimated_calls=1,
            estimated_input_tokens=reservation.input_tokens,
            estimated_output_tokens=reservation.output_tokens,
        )
    return reported.model_copy(update={"calls": 1})


def _classify(error: Exception) -> tuple[str, LlmUsage | None]:
    """(failure kind, usage to settle) for a dspy LM error from one attempt."""
    from dspy.utils.exceptions import LMProviderError, LMTimeoutError, LMTransportError

    if isinstance(error, LMTimeoutError):
        return "timeout", None
    if isinstance(error, LMTransportError):
        return "transport", None
    status = getattr(error, "status", None)
    if isinstance(error, LMProviderError) and (status == 429 or (status or 0) >= 500):
        return "transport", LlmUsage()
    if status in (401, 403, 404):
        return "auth", LlmUsage()
    return "provider", LlmUsage()


def _delay(error: Exception, attempt: int) -> float:
    hint = getattr(error, "retry_after", None)
    if isinstance(hint, (int, float)) and hint >= 0:
        return min(float(hint), MAX_RETRY_AFTER_S)
    return min(2.0**attempt, MAX_BACKOFF_S)
