"""The harness's model sessions on the LLM layer (`evaluators.llm`).

One task run gets one `UsageMeter` (the paper's per-task caps from `RunnerLimits`, shared by
every phase) and one `LlmClient` whose cache namespace is (strategy id, task id, seed):
a task run again after a crash replays the calls it already paid, in order, from the
run directory's response cache, and a question already answered within the task is never
sent again (the client answers it from memory, as a cache hit).

Every session of one `LlmTaskModels` reports its calls to one `ModelHealth`
(`evaluators.llm.health`); once it stops (unreachable, slow, format, no tool calls) the
session forgets its malformed replies, and those of every earlier task (so a resumed
search asks the fixed model again), and raises `HarnessStopped`: the harness ends, and
the runner reports the stop.
"""

from __future__ import annotations

import threading
from typing import Any

import dspy

from evaluators.llm import (
    HealthStop,
    LlmClient,
    LlmFailure,
    LlmSettings,
    MalformedReplies,
    ModelHealth,
    ReplyStore,
    ToolChat,
    UsageCaps,
    UsageMeter,
)
from evaluators.runners.base import RunnerLimits, Usage
from evaluators.runners.testhelix.model import Answer, HarnessStopped

EXAMPLE_CHARS = 160
FORMAT_CAUSES = ("format", "no-tool-calls")  # stops the replies themselves caused


class LlmTaskSession:
    """`Ask` plus usage and the reply-format tally for one task run."""

    def __init__(self, client: LlmClient, health: ModelHealth | None = None) -> None:
        self._client = client
        self._health = health  # the structured calls' monitor watches tool turns too
        self._lock = threading.Lock()
        self.calls = 0  # requests whose reply was read (repeats excluded)
        self.malformed = 0
        self.no_tool = 0  # malformed agent turns that called no tool
        self.example = ""
        self._chats: list[ToolChat] = []

    def __call__(
        self, signature: type[dspy.Signature], *, max_tokens: int, **inputs: str
    ) -> Answer:
        result = self._client.ask(signature, inputs, max_tokens=max_tokens)
        self._tally(result)
        if isinstance(result, LlmFailure):
            return Answer(
                None,
                result.kind,
                result.message,
                result.cap,
                reply=result.reply,
                repeated=result.repeated,
            )
        (name,) = signature.output_fields
        value: Any = result.outputs[name]
        return Answer(value, repeated=result.repeated)

    def _tally(self, result: Any) -> None:
        """Count each request that got a reply: malformed (True) or parsed (False)."""
        if result.repeated:
            return
        if isinstance(result, LlmFailure):
            if result.kind != "malformed":
                return
            calls, example = [True, True], result.reply
        else:
            calls, example = ([True, False] if result.parse_retried else [False]), ""
        with self._lock:
            self.calls += len(calls)
            self.malformed += sum(calls)
            if example and not self.example:
                self.example = " ".join(example.split())[:EXAMPLE_CHARS]
        if self._health is not None:
            self._stop_if(self._health.observe(calls, example))

    def _stop_if(self, stop: HealthStop | None) -> None:
        if stop is not None and self._forget_if(stop):
            raise HarnessStopped(stop.message)

    def _forget_if(self, stop: HealthStop | None) -> bool:
        """Forget the malformed replies once the replies stopped the run (a resume asks
        again). An outage stops at the next call sent instead: replies already paid for
        are still served from the cache."""
        if stop is None or stop.cause not in FORMAT_CAUSES:
            return False
        self._client.forget_malformed()
        for chat in self._chats:
            chat.forget_malformed()
        return True

    def usage(self) -> Usage:
        """What the task was billed so far, and the calls answered from memory apart."""
        used = self._client.meter.snapshot()
        return Usage(
            calls=used.calls,
            remembered_calls=used.remembered_calls,
            input_tokens=used.input_tokens,
            output_tokens=used.output_tokens,
            estimated_calls=used.estimated_calls,
            estimated_input_tokens=used.estimated_input_tokens,
            estimated_output_tokens=used.estimated_output_tokens,
            cache_read_input_tokens=used.cache_read_input_tokens,
            cache_write_input_tokens=used.cache_write_input_tokens,
        )

    def tool_chat(self) -> ToolChat:
        """Native tool-calling turns on this task's meter, cache, namespace and circuit
        health; a turn that calls no tool counts as malformed, and says so (`no-tool-calls`)."""
        client = self._client
        chat = ToolChat(
            client.settings,
            client.meter,
            client.store,
            namespace=client.namespace,
            observe=self._turn,
            health=self._health,
            malformed=client.malformed,
        )
        self._chats.append(chat)
        return chat

    def _turn(self, malformed: bool, text: str, no_tool: bool) -> None:
        with self._lock:
            self.calls += 1
            self.malformed += int(malformed)
            self.no_tool += int(malformed and no_tool)
            if malformed and text and not self.example:
                self.example = " ".join(text.split())[:EXAMPLE_CHARS]
        if self._health is not None:
            example = text if malformed else ""
            self._stop_if(self._health.observe([malformed], example, no_tool=no_tool))

    def finish(self) -> dict[str, Any]:
        """The task's reply-format tally for the trace; the health judges the task's own
        tally too (the runner then reports a stop)."""
        if self._health is not None:
            self._forget_if(self._health.task_ended(self.calls, self.malformed))
        return {
            "model": self._client.settings.model,
            # structured asks and agent turns alike (a turn is one request)
            "requests": self._client.requests + sum(chat.requests for chat in self._chats),
            "repeats": self._client.repeats + sum(chat.repeats for chat in self._chats),
            "replies": self.calls,
            "malformed": self.malformed,
            # Only when some turn called no tool: other journals stay as they were.
            **({"no_tool": self.no_tool} if self.no_tool else {}),
            "example": self.example,
        }


class LlmTaskModels:
    """`TaskModels` over the LLM layer: a fresh allowance per task run, and one
    `ModelHealth` shared by every task this process runs (`health_stop()` says why it
    stopped)."""

    def __init__(
        self, settings: LlmSettings, cache: ReplyStore | None, *, format_check: bool = True
    ) -> None:
        self.settings = settings
        self._cache = cache
        self.health = ModelHealth.of(settings, format_check=format_check)
        # Every task's malformed replies, so a format stop drops those of earlier tasks too.
        self.malformed = MalformedReplies()

    def health_stop(self) -> HealthStop | None:
        """Why the model stopped the run, or None."""
        return self.health.stop

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
            self.settings,
            meter,
            self._cache,
            namespace=namespace,
            health=self.health,
            malformed=self.malformed,
        )
        session = LlmTaskSession(client, self.health)
        return session, session
