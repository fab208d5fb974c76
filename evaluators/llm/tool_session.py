"""`ToolSession.drive`: the one bounded agent session over `ToolChat`. Every agent runs on
it: the harness's pairs, reviews, feedback and challenge turns (`PairAgent`'s tool
handler) and the reflective proposer's sessions. What differs between them is a
`SessionHooks` object.

Rules a caller can rely on:
- each tool call is one step; a turn without a tool call costs a step too (the model is
  told to use its tools); `max_steps` bounds the steps (`hooks.steps_spent` names it),
  and `hooks.limit(run)` may add a bound of its own (the harness's repair steps);
- the session's wall clock (`deadline`, on the injectable `clock`) is checked before each
  turn and bounds each turn's timeout (never above the chat's `call_timeout_s`);
- `hooks.view(messages)` is what is sent (the harness's context budget); the session's
  own history only grows, so the same replies make the same requests: a resumed session
  replays its turns from the reply store and pays nothing twice;
- the host's `handle(call)` answers every call with a `ToolAnswer`; `done` ends the session
  after that call (its `stop` names why), and any later call of that turn is refused;
- `hooks.after_turn(run, answered)` may add messages once a turn's calls are answered
  (the harness's repair phase);
- a failed turn goes to `hooks.failed(failure, misses)`, the failure policy: it returns
  why the session ends ("" goes on) or raises (the harness stops on a cap); the default
  ends on a cap, an `unavailable` model or two failed turns in a row, with `failure` set;
- `turns` counts the model requests answered, `remembered_turns` those answered from
  memory (not paid again);
- every call is traced twice: `calls` holds step, tool, arguments cut by
  `cut_tool_arguments` (path first), output size and refused (the journal's metadata),
  with its seconds apart (they differ run to run); `transcript` holds each turn whole:
  the model's text, each call's full arguments and its output exactly as the model was
  shown it, the messages the host added after it and why the turn ended (the trajectory
  an optimizer reads, never journaled).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluators.llm.replies import LlmFailure
from evaluators.llm.tool_arguments import ARGUMENT_CHARS, cut_tool_arguments
from evaluators.llm.tool_calls import ToolCall, ToolChat, ToolTurn

NO_TOOL = "Use the tools you were given; end the session with its final tool."


def tool_spec(name: str, description: str, /, **properties: Any) -> dict[str, Any]:
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
    """What the host answers a call: the text the model sees, and how the session goes on
    (`done` ends it after this call, `stop` saying why)."""

    output: str
    done: bool = False
    refused: bool = False
    stop: str = "submitted"


@dataclass(frozen=True)
class Answered:
    """One call of a turn with its answer and its step."""

    call: ToolCall
    answer: ToolAnswer
    step: int


@dataclass
class SessionRun:
    """What a driven session did; `failure` is the last failed turn, when it ended on one."""

    steps: int = 0
    turns: int = 0  # model requests answered (paid, or replayed from the run's cache)
    remembered_turns: int = 0  # requests answered from memory: not paid again
    stop: str = ""
    done: bool = False
    calls: list[dict[str, Any]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)  # per call, kept out of the journal
    transcript: list[dict[str, Any]] = field(default_factory=list)  # each turn whole
    failures: list[dict[str, Any]] = field(default_factory=list)
    failure: LlmFailure | None = None


class SessionHooks:
    """What differs between the hosts of a `ToolSession`; these defaults are the plain
    session's (the reflective proposer's). Override what differs."""

    no_tool = NO_TOOL
    time_passed = "the session's time passed"

    def steps_spent(self, max_steps: int) -> str:
        return f"step cap ({max_steps}) spent"

    def view(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The conversation as sent."""
        return messages

    def limit(self, run: SessionRun) -> str:
        """An extra bound, checked before each turn: why the session stops, or ""."""
        return ""

    def after_turn(self, run: SessionRun, answered: list[Answered]) -> list[dict[str, Any]]:
        """Messages to add once a turn's calls are answered."""
        return []

    def failed(self, failure: LlmFailure, misses: int) -> str:
        """Why a failed turn ends the session ("" goes on); may raise instead."""
        if failure.kind in ("cap", "unavailable") or misses >= 2:
            return f"{failure.kind}: {failure.message[:200]}"
        return ""


PLAIN = SessionHooks()


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
        hooks: SessionHooks = PLAIN,
        run: SessionRun | None = None,
    ) -> None:
        self.chat = chat
        self.tools = list(tools)
        self.handle = handle
        self.max_steps = max_steps
        self.deadline = deadline
        self.max_tokens = max_tokens
        self.clock = clock
        self.hooks = hooks
        self.run = run if run is not None else SessionRun()
        self.done_stop = "submitted"  # why the session ends once a call said done

    def drive(self, messages: list[dict[str, Any]]) -> SessionRun:
        """Turn after turn until the host says done or a bound stops the session."""
        run, misses = self.run, 0
        while not run.stop:
            run.stop = self._bound()
            if run.stop:
                break
            left = self.deadline - self.clock()
            timeout = max(min(self.chat.settings.call_timeout_s, left), 0.001)
            turn = self.chat.turn(
                self.hooks.view(messages), self.tools, max_tokens=self.max_tokens, timeout_s=timeout
            )
            if isinstance(turn, LlmFailure):
                run.failure, misses = turn, misses + 1
                run.failures.append({"failure": turn.kind, "message": turn.message[:300]})
                run.transcript.append({"failure": turn.kind, "message": turn.message[:300]})
                run.stop = self.hooks.failed(turn, misses)
                continue
            misses, run.failure = 0, None
            self._answer(turn, messages)
        return run

    def _answer(self, turn: ToolTurn, messages: list[dict[str, Any]]) -> None:
        """Record the turn, answer its calls, then let the host add what follows."""
        run = self.run
        run.turns += 1
        run.remembered_turns += turn.repeated
        messages.append(turn.message)
        record: dict[str, Any] = {"turn": run.turns, "text": turn.text, "calls": []}
        run.transcript.append(record)
        if not turn.calls:
            run.steps += 1
            messages.append({"role": "user", "content": self.hooks.no_tool})
            record.update(ended="no tool call", then=[self.hooks.no_tool])
            return
        answered = []
        for call in turn.calls:
            answer = self._execute(call)
            answered.append(Answered(call, answer, run.steps))
            messages.append({"role": "tool", "tool_call_id": call.id, "content": answer.output})
            record["calls"].append(
                {"step": run.steps, "tool": call.name, "arguments": call.arguments,
                 "output": answer.output, "refused": answer.refused}
            )  # fmt: skip
        added = self.hooks.after_turn(run, answered)
        messages.extend(added)
        record["ended"] = "done" if run.done else "calls answered"
        if added:
            record["then"] = [str(message.get("content", "")) for message in added]

    def _bound(self) -> str:
        run = self.run
        if run.done:
            return self.done_stop
        if run.steps >= self.max_steps:
            return self.hooks.steps_spent(self.max_steps)
        extra = self.hooks.limit(run)
        if extra:
            return extra
        if self.clock() >= self.deadline:
            return self.hooks.time_passed
        return ""

    def _execute(self, call: ToolCall) -> ToolAnswer:
        run = self.run
        run.steps += 1
        started = self.clock()
        if run.done:
            answer = ToolAnswer("refused: the session already ended", refused=True)
        elif call.malformed:
            answer = ToolAnswer("refused: the arguments were not a JSON object", refused=True)
        else:
            answer = self.handle(call)
        if answer.done and not run.done:
            run.done, self.done_stop = True, answer.stop
        run.calls.append(
            {
                "step": run.steps,
                "tool": call.name,
                "arguments": cut_tool_arguments(call.arguments, ARGUMENT_CHARS),
                "output_chars": len(answer.output),
                "refused": answer.refused,
            }
        )
        run.seconds.append(round(self.clock() - started, 3))
        return answer
