"""The remaining budget a turn shows (agent/remaining.py): read from the task's meter at
the moment of the turn, calls answered from memory counted, seconds the smaller of the
meter's wall and the harness deadline, and the session's own tool calls left."""

from __future__ import annotations

from evaluators.llm import RUNTIME_NOTE, LlmUsage, UsageCaps, UsageMeter
from evaluators.runners.testhelix.agent.remaining import remaining, steps_left, with_remaining
from search_space import Strategy


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_budget_left_is_the_meters_and_the_sessions() -> None:
    clock = FakeClock()
    meter = UsageMeter(
        UsageCaps(calls=5, input_tokens=1_000, output_tokens=500, wall_s=60), "task", clock
    )
    meter.settle(meter.reserve(400, 200), LlmUsage(input_tokens=300, output_tokens=50))
    meter.settle(meter.reserve(400, 200, remembered=True), None)  # from memory: a call, no tokens
    clock.now += 20
    left = remaining(meter, deadline=130.0, steps_left=4, clock=clock)
    assert (left.calls, left.input_tokens, left.output_tokens) == (3, 700, 450)
    assert left.seconds == 10 and left.steps == 4  # the deadline is nearer than the wall
    assert remaining(meter, deadline=500.0, steps_left=-1, clock=clock).seconds == 40
    assert remaining(meter, deadline=500.0, steps_left=-1, clock=clock).steps == 0


def test_a_failed_submit_leaves_the_smaller_of_agent_and_repair_steps() -> None:
    strategy = Strategy(agentSteps=12, repairSteps=3)
    assert steps_left(strategy, steps=4, failed_at=None) == 8
    assert steps_left(strategy, steps=5, failed_at=4) == 2
    assert steps_left(strategy, steps=11, failed_at=10) == 1


def test_the_note_ends_the_turn_marked_and_leaves_the_history_alone() -> None:
    history = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]
    meter = UsageMeter(UsageCaps(), "task")
    sent = with_remaining(history, remaining(meter, 1e12, 12))
    assert sent[:2] == history and len(history) == 2
    assert sent[-1][RUNTIME_NOTE] is True and sent[-1]["role"] == "user"
    assert (
        sent[-1]["content"].startswith("Remaining budget")
        and "48 model calls" in sent[-1]["content"]
    )
