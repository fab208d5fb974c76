"""`ToolSession.drive`: a bounded agent session over `ToolChat`, for hosts whose tools are
plain Python (the reflective proposer's sessions; the harness keeps its own loop).

Rules a caller can rely on:
- each tool call is one step; a turn without a tool call costs a step too (the model is
  told to use its tools); `max_steps` bounds the steps;
- the session's wall clock (`deadline`, monotonic seconds) is checked before each turn and
  bounds each turn's timeout (never above the chat's `call_timeout_s`);
- the host's `handle(call)` answers every call with a `ToolAnswer`; `done` ends the session
  after that call (the model has submitted), `refused` marks an answer the host refused;
- a `cap` failure ends the session at once with `failure` set (the caller decides what a
  reached cap means); two failed turns in a row, or an `unavailable` one, end it too;
- every call is traced: step, tool, arguments cut by `cut_tool_arguments` (path first),
  output size and refused, with its seconds apart (they differ run to run);
- the conversation only grows, so the same replies make the same requests: a resumed
  session replays its turns from the reply store and pays nothing twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluators.llm.replies import LlmFailure
from evaluators.llm.tool_arguments import ARGUMENT_CHARS, cut_tool_arguments
from evaluators.llm.tool_calls import ToolCall, ToolChat

NO_TOOL = "Use the tools you were given; end the session with its final tool."


def tool_spec(name: str, description: str, **properties: Any) -> dict[str, Any]:
    """An OpenAI-style function tool; a property with `optional: True` is not required."""
    required = [key for key, spec in properties.items() if not spec.pop("optional", False)]
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


@dataclass(frozen=True)
class ToolAnswer:
    """What the host answers a call: the text the model sees, and how the session goes on."""

    output: str
    done: bool = False
    refused: bool = False


@dataclass
class SessionRun:
    """What a driven session did; `failure` is the last failed turn, when it ended on one."""

    steps: int = 0
    stop: str = ""
    done: bool = False
    calls: list[dict[str, Any]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    failure: LlmFailure | None = None


class ToolSession:
    """Drives one session; see the module docstring."""

    def __init__(
        self,
        chat: ToolChat,
        tools: Sequence[Mapping[str, Any]],
        handle: Callable[[ToolCall], ToolAnswer],
        *,
        max_steps: int,
        deadline: float,
        max_tokens: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.chat = chat
        self.tools = list(tools)
        self.handle = handle
        self.max_steps = max_steps
        self.deadline = deadline
        self.max_tokens = max_tokens
        self.clock = clock
        self.run = SessionRun()

    def drive(self, messages: list[dict[str, Any]]) -> SessionRun:
        """Turn after turn until the host says done or a bound stops the session."""
        base = self.chat.settings
        misses = 0
        try:
            while not self.run.stop:
                self.run.stop = self._bound()
                if self.run.stop:
                    break
                left = self.deadline - self.clock()
                self.chat.settings = base.model_copy(
                    update={"call_timeout_s": max(min(base.call_timeout_s, left), 0.001)}
                )
                turn = self.chat.turn(messages, self.tools, max_tokens=self.max_tokens)
                if isinstance(turn, LlmFailure):
                    self.run.failure = turn
                    misses += 1
                    if turn.kind in ("cap", "unavailable") or misses >= 2:
                        self.run.stop = f"{turn.kind}: {turn.message[:200]}"
                    continue
                misses, self.run.failure = 0, None
                messages.append(turn.message)
                if not turn.calls:
                    self.run.steps += 1
                    messages.append({"role": "user", "content": NO_TOOL})
                    continue
                for call in turn.calls:
                    output = self._execute(call)
                    messages.append({"role": "tool", "tool_call_id": call.id, "content": output})
        finally:
            self.chat.settings = base
        return self.run

    def _bound(self) -> str:
        if self.run.done:
            return "submitted"
        if self.run.steps >= self.max_steps:
            return f"step cap ({self.max_steps}) spent"
        if self.clock() >= self.deadline:
            return "the session's time passed"
        return ""

    def _execute(self, call: ToolCall) -> str:
        self.run.steps += 1
        started = self.clock()
        if self.run.done:
            answer = ToolAnswer("refused: the session already ended", refused=True)
        elif call.malformed:
            answer = ToolAnswer("refused: the arguments were not a JSON object", refused=True)
        else:
            answer = self.handle(call)
        self.run.done = self.run.done or answer.done
        self.run.calls.append(
            {
                "step": self.run.steps,
                "tool": call.name,
                "arguments": cut_tool_arguments(call.arguments, ARGUMENT_CHARS),
                "output_chars": len(answer.output),
                "refused": answer.refused,
            }
        )
        self.run.seconds.append(round(self.clock() - started, 3))
        return answer.output
