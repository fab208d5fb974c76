"""The harness's port to a model: one typed question, a typed answer or a recorded failure.

`Ask` is what the harness needs of the LLM layer; `TaskModel` counts agent steps and keeps
every failure for the trace. A reply that does not parse (after the layer's one retry) or
a transport failure costs the step and yields None; a reached cap stops the harness.
An answer the layer gave before in this task comes back `repeated` (same question, same
answer): a review of an identical suite may use it, a pair's next step treats it as no
progress (synthesis.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import dspy
from pydantic import BaseModel

from search_space import RsiError


@dataclass(frozen=True)
class Answer:
    """The output field's typed value, or why there is none."""

    value: BaseModel | None
    failure: str | None = None  # "malformed", "transport", "timeout", "cap", ...
    message: str = ""
    cap: str | None = None
    reply: str = ""  # malformed: what the model sent (uncut; the harness cuts it)
    repeated: bool = False  # the same request was answered before in this task


class Ask(Protocol):
    def __call__(
        self, signature: type[dspy.Signature], *, max_tokens: int, **inputs: str
    ) -> Answer: ...


class HarnessStopped(RsiError, RuntimeError):
    """A task cap (calls, tokens, wall time) was reached, or the model's health stopped
    the run: the harness submits what it has (the runner reports a health stop)."""


class TaskModel:
    """Counts calls per phase and records failures; raises HarnessStopped at a cap."""

    def __init__(self, ask: Ask) -> None:
        self._ask = ask
        self.calls: dict[str, int] = {}
        self.failures: list[dict[str, Any]] = []

    def ask(
        self, phase: str, signature: type[dspy.Signature], *, max_tokens: int, **inputs: str
    ) -> Any:
        """The typed value of `signature`'s output field, or None after a recorded failure."""
        return self.answer(phase, signature, max_tokens=max_tokens, **inputs).value

    def answer(
        self, phase: str, signature: type[dspy.Signature], *, max_tokens: int, **inputs: str
    ) -> Answer:
        """The whole answer, `repeated` when this task had it answered before."""
        self.calls[phase] = self.calls.get(phase, 0) + 1
        answer = self._ask(signature, max_tokens=max_tokens, **inputs)
        if answer.failure is None:
            return answer
        self.failures.append(
            {"during": phase, "failure": answer.failure, "message": answer.message[:300]}
        )
        if answer.failure == "cap":
            raise HarnessStopped(f"cap reached: {answer.cap or answer.message}")
        if answer.failure == "unavailable":  # the health stopped: every call would fail
            raise HarnessStopped(answer.message)
        return answer
