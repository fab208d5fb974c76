"""The remaining budget shown in every agent turn (paper C.1: "remaining budget [is]
inserted at runtime").

Rules a caller can rely on:
- `remaining(meter, deadline, steps_left)` reads the task's shared meter at the moment a
  turn is sent: model calls, input and output tokens and seconds left of the task's caps
  (every pair, reviewer and challenger of the task draws on them), and the session's own
  tool calls left; seconds are the smaller of the meter's wall and the harness deadline;
- `with_remaining(messages, budget)` is the conversation as sent: the session's messages
  and, last, one user message stating the budget. It is marked `RUNTIME_NOTE`, so the
  reply cache and the memory of answered questions key the turn without it, and it never
  joins the session's history: each turn shows the budget as it then is;
- calls count the calls answered from memory (the caps count them); tokens are the
  billed ones (a call answered from memory held its reservation only while it ran).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from evaluators.llm import RUNTIME_NOTE, UsageMeter
from search_space import Strategy


@dataclass(frozen=True)
class Remaining:
    """What is left of a task's budget when a turn is sent."""

    calls: int
    input_tokens: int
    output_tokens: int
    seconds: int
    steps: int  # the session's own tool calls left (agentSteps, or repairSteps)

    def text(self) -> str:
        return (
            f"Remaining budget (shared by every session of this task): {self.calls} model "
            f"calls, {self.input_tokens:,} input and {self.output_tokens:,} output tokens, "
            f"{self.seconds} s. Your tool calls left in this session: {self.steps}."
        )


def remaining(
    meter: UsageMeter,
    deadline: float,
    steps_left: int,
    clock: Callable[[], float] = time.monotonic,
) -> Remaining:
    """The task's budget left now (see the module docstring)."""
    used = meter.snapshot()
    caps = meter.caps
    seconds = min(meter.remaining_wall_s(), deadline - clock())
    return Remaining(
        calls=max(caps.calls - used.calls - used.remembered_calls, 0),
        input_tokens=max(caps.input_tokens - used.input_tokens, 0),
        output_tokens=max(caps.output_tokens - used.output_tokens, 0),
        seconds=max(int(seconds), 0),
        steps=max(steps_left, 0),
    )


def steps_left(strategy: Strategy, steps: int, failed_at: int | None) -> int:
    """The tool calls left to a session that took `steps`: `agentSteps` bound them, and
    `repairSteps` more after a failed submit at step `failed_at`."""
    left = strategy.agent_steps - steps
    if failed_at is not None:
        left = min(left, strategy.repair_steps - (steps - failed_at))
    return left


def with_remaining(messages: Sequence[dict[str, Any]], budget: Remaining) -> list[dict[str, Any]]:
    """The turn's messages as sent: `messages`, then the budget note (never stored)."""
    note = {"role": "user", "content": budget.text(), RUNTIME_NOTE: True}
    return [*messages, note]
