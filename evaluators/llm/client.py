"""`LlmClient.ask`: a dspy Signature and its inputs in, a typed reply or a typed failure out.

- The prompt is the signature formatted by dspy's `ChatAdapter` (`[[ ## field ## ]]`
  sections; a pydantic-typed output field carries its JSON schema); the reply is parsed
  by the same adapter into the annotated types. No JSON-adapter fallback: every request
  this client makes is one it meters. Under structured output (`[llm] structured_output`,
  see structured.py) the prompt and the parse are dspy's `JSONAdapter`'s, and the request
  carries the reply's JSON schema as its `response_format`.
- A reply that does not parse is sent back once, as the assistant's turn, followed by the
  parse error and the output format; a second miss is `LlmFailure(kind="malformed")`,
  carrying the last reply's text (`reply`) so the caller can show the model what it sent.
- Transport, caps, cache and replay are `Transport`'s (see transport.py); any failure
  there returns at once as a typed `LlmFailure`. `ask` never raises for anything the
  model, the network or the meter does; it raises `TypeError` for a caller's bug
  (inputs that do not match the signature).
- Cache keys carry the client's `namespace` (say, strategy, task and repeat), so a re-run
  task replays its own calls from the run's cache.
- A client never pays twice for the same question: a request identical to one it already
  had answered (same messages and parameters) is answered from memory, metered against
  the caps as a cache hit is but never billed (`remembered_calls`, see meter.py), and
  marked `repeated` on the reply or failure, so a caller can treat "same question, same
  answer" as no progress. Failed requests (transport, timeout) are not
  answers and may be sent again.
- `forget_malformed()` drops the replies that did not parse (a parse retry's first reply
  included) from memory and from the store, so that a search stopped because its model
  ignored the reply format is not fed those replies again once the model is fixed and
  the search resumed. Clients given one `MalformedReplies` drop each other's too.
- Thread-safe: the K pairs of a harness may ask concurrently through one client.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from evaluators.llm.cache import (
    CachedReply,
    Cassette,
    MalformedReplies,
    ReplyStore,
    request_key,
)
from evaluators.llm.health import ModelHealth
from evaluators.llm.meter import UsageMeter
from evaluators.llm.redact import redact
from evaluators.llm.replies import LlmFailure, LlmReply
from evaluators.llm.settings import LlmSettings
from evaluators.llm.structured import reply_schema, response_format, structured_mode
from evaluators.llm.transport import Completion, LmFactory, Transport, litellm_lm
from search_space import UserInputError

if TYPE_CHECKING:
    import dspy

MAX_ERROR_CHARS = 1500
MAX_REPLY_CHARS = 20_000  # the most a caller may show of a malformed reply (toolOutputChars)


class LlmClient:
    """Typed model calls for one scope (`meter`), cached in `cache` (or replayed)."""

    def __init__(
        self,
        settings: LlmSettings,
        meter: UsageMeter,
        cache: ReplyStore | None = None,
        *,
        namespace: str = "",
        lm_factory: LmFactory = litellm_lm,
        sleep: Callable[[float], None] = time.sleep,
        health: ModelHealth | None = None,
        malformed: MalformedReplies | None = None,
    ) -> None:
        from dspy.adapters.chat_adapter import ChatAdapter
        from dspy.adapters.json_adapter import JSONAdapter

        self.settings = settings
        self.meter = meter
        self.namespace = namespace
        store = _cassette(settings.replay) if settings.replay is not None else cache
        self.store = store
        self._transport = Transport(settings, meter, store, lm_factory, sleep, health)
        self.structured = structured_mode(settings)  # "prompt": no response_format
        self._adapter = (
            ChatAdapter(use_json_adapter_fallback=False)
            if self.structured == "prompt"
            else JSONAdapter(use_native_function_calling=False)
        )
        self._answered: dict[str, CachedReply] = {}  # this client's answered requests
        self.malformed = malformed or MalformedReplies()  # keys of replies that did not parse
        self._lock = threading.Lock()
        self.requests = 0  # requests asked of the transport or memory, repeats included
        self.repeats = 0  # requests answered from memory

    def ask(
        self,
        signature: type[dspy.Signature],
        inputs: Mapping[str, Any],
        *,
        max_tokens: int | None = None,
    ) -> LlmReply | LlmFailure:
        """One typed request: at most two replies (a parse retry), each with its own
        transport retries, all metered. See the module docstring."""
        expected = set(signature.input_fields)
        if set(inputs) != expected:
            raise TypeError(
                f"{signature.__name__} takes inputs {sorted(expected)}, got {sorted(inputs)}"
            )
        ceiling = self.settings.max_output_tokens  # [llm] max_output_tokens caps every caller
        limit = min(max_tokens, ceiling) if max_tokens else ceiling
        started = self.meter.elapsed_s()
        messages = self._adapter.format(signature, demos=[], inputs=dict(inputs))
        first = self._complete(signature, messages, limit)
        if isinstance(first, LlmFailure):
            return _timed(first, started, self.meter)
        outputs, problem = self._parse(signature, first.text)
        if problem is None:
            return _reply(outputs, first, first, started, self.meter, retried=False)
        correction = (
            f"Your reply could not be parsed: {problem}\n\n"
            f"{self._adapter.user_message_output_requirements(signature)}"
        )
        retry = [
            *messages,
            {"role": "assistant", "content": first.text},
            {"role": "user", "content": correction},
        ]
        second = self._complete(signature, retry, limit)
        if isinstance(second, LlmFailure):
            merged = second.usage + first.usage
            attempts = second.attempts + first.attempts
            failure = second.model_copy(update={"usage": merged, "attempts": attempts})
            return _timed(failure, started, self.meter)
        outputs, problem = self._parse(signature, second.text)
        if problem is None:
            self.malformed.add(first.key)
            return _reply(outputs, first, second, started, self.meter, retried=True)
        self.malformed.add(first.key, second.key)
        failure = LlmFailure(
            kind="malformed",
            message=redact(f"the reply did not parse twice: {problem}", None),
            usage=first.usage + second.usage,
            attempts=first.attempts + second.attempts,
            reply=second.text[:MAX_REPLY_CHARS],
            repeated=first.repeated and second.repeated,
        )
        return _timed(failure, started, self.meter)

    def forget_malformed(self) -> int:
        """Drop every reply that did not parse from memory and the store; returns how many."""
        keys = self.malformed.drop(self._transport.store)
        with self._lock:
            for key in keys:
                self._answered.pop(key, None)
        return len(keys)

    def _complete(
        self, signature: type[dspy.Signature], messages: list[dict[str, Any]], max_tokens: int
    ) -> Completion | LlmFailure:
        schema = output_schema(signature)
        form = None
        if self.structured != "prompt":  # keys of the prompt mode stay as they were
            form = response_format(self.structured, reply_schema(signature))
            schema = {**schema, "response_format": form}
        key = request_key(
            model=self.settings.model,
            messages=messages,
            output_schema=schema,
            temperature=self.settings.temperature,
            max_tokens=max_tokens,
            namespace=self.namespace,
        )
        with self._lock:
            self.requests += 1
            known = self._answered.get(key)
            if known is not None:
                self.repeats += 1
        if known is not None:
            again = self._transport.replay(known, messages, max_tokens, remembered=True)
            if isinstance(again, Completion):
                return replace(again, repeated=True)
            return again
        done = self._transport.complete(
            messages, key=key, max_tokens=max_tokens, response_format=form
        )
        if isinstance(done, Completion):
            with self._lock:
                self._answered[key] = CachedReply(
                    key=key, model=self.settings.model, text=done.text, usage=done.reported
                )
        return done

    def _parse(
        self, signature: type[dspy.Signature], text: str
    ) -> tuple[dict[str, Any], str | None]:
        """(outputs, None), or ({}, why the text does not parse)."""
        from dspy.utils.exceptions import AdapterParseError

        if not text.strip():
            return {}, "the reply was empty"
        try:
            return self._adapter.parse(signature, text), None
        except AdapterParseError as error:
            missing = sorted(set(signature.output_fields) - set(error.parsed_result or {}))
            if error.parsed_result is not None and missing:
                where = "[[ ## name ## ]]" if self.structured == "prompt" else "a JSON key"
                return {}, f"missing output fields {missing} (each starts with {where})"
            # Every field was there and one failed its type (an empty list, a bad path):
            # dspy's own message names the field and the validation error.
            head = str(error).split("\n\nAdapter ", 1)[0]
            return {}, head[:MAX_ERROR_CHARS]
        except (ValueError, TypeError) as error:
            return {}, f"{type(error).__name__}: {error}"[:MAX_ERROR_CHARS]


def output_schema(signature: type[dspy.Signature]) -> dict[str, Any]:
    """Each output field's JSON schema (its annotation's repr when it has none)."""
    schema: dict[str, Any] = {}
    for name, field in signature.output_fields.items():
        try:
            schema[name] = TypeAdapter(field.annotation).json_schema()
        except (TypeError, ValueError):
            schema[name] = repr(field.annotation)
    return schema


def _cassette(path: Path) -> Cassette:
    try:
        return Cassette(path)
    except FileNotFoundError:
        raise UserInputError(f"llm.replay: cassette {path} does not exist") from None
    except ValueError as error:
        raise UserInputError(f"llm.replay: {error}") from None


def _reply(
    outputs: dict[str, Any],
    first: Completion,
    last: Completion,
    started: float,
    meter: UsageMeter,
    *,
    retried: bool,
) -> LlmReply:
    usage = first.usage if first is last else first.usage + last.usage
    attempts = first.attempts if first is last else first.attempts + last.attempts
    cached = first.cached if first is last else first.cached + last.cached
    seconds = meter.elapsed_s() - started
    return LlmReply(
        outputs=outputs,
        text=last.text,
        usage=usage.model_copy(update={"seconds": seconds}),
        attempts=attempts,
        cached=cached,
        parse_retried=retried,
        repeated=first.repeated and last.repeated,
    )


def _timed(failure: LlmFailure, started: float, meter: UsageMeter) -> LlmFailure:
    usage = failure.usage.model_copy(update={"seconds": meter.elapsed_s() - started})
    return failure.model_copy(update={"usage": usage})
