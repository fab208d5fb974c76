"""The harness's model sessions on the LLM layer (`evaluators.llm`).

One task run gets one `UsageMeter` (the paper's per-task caps from `RunnerLimits`, shared by
every phase) and one `LlmClient` whose cache namespace is (strategy id, task id, seed):
a task run again after a crash replays the calls it already paid, in order, from the
run directory's response cache.
"""

from __future__ import annotations

from typing import Any

import dspy

from evaluators.llm import (
    CircuitBreaker,
    LlmClient,
    LlmFailure,
    LlmSettings,
    ReplyStore,
    UsageCaps,
    UsageMeter,
)
from evaluators.runners.base import RunnerLimits, Usage
from evaluators.runners.testhelix.model import Answer


class LlmTaskSession:
    """`Ask` plus usage for one task run."""

    def __init__(self, client: LlmClient) -> None:
        self._client = client

    def __call__(
        self, signature: type[dspy.Signature], *, max_tokens: int, **inputs: str
    ) -> Answer:
        result = self._client.ask(signature, inputs, max_tokens=max_tokens)
        if isinstance(result, LlmFailure):
            return Answer(None, result.kind, result.message, result.cap)
        (name,) = signature.output_fields
        value: Any = result.outputs[name]
        return Answer(value)

    def usage(self) -> Usage:
        used = self._client.meter.snapshot()
        return Usage(
            calls=used.calls, input_tokens=used.input_tokens, output_tokens=used.output_tokens
        )


class LlmTaskModels:
    """`TaskModels` over the LLM layer: a fresh allowance per task run, and one circuit
    breaker shared by every task this process runs (`unavailable()` says when it opened)."""

    def __init__(self, settings: LlmSettings, cache: ReplyStore | None) -> None:
        self.settings = settings
        self._cache = cache
        self.breaker = CircuitBreaker(settings.max_consecutive_failures)

    def unavailable(self) -> str | None:
        """Why the model counts as unreachable (the breaker is open), or None."""
        return self.breaker.open_reason

    def open(self, namespace: str, limits: RunnerLimits) -> tuple[LlmTaskSession, LlmTaskSession]:
        caps = UsageCaps(
            calls=limits.model_calls,
            input_tokens=limits.input_tokens,
            output_tokens=limits.output_tokens,
            wall_s=limits.wall_s,
            concurrent=self.settings.max_concurrent_calls,
        )
        meter = UsageMeter(caps, scope=f"task {namespace}")
        client = LlmClient(
            self.settings, meter, self._cache, namespace=namespace, breaker=self.breaker
        )
        session = LlmTaskSession(client)
        return session, session
