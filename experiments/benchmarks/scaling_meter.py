"""What `executor_scaling.py` measures around the engine's evaluator, and the yardstick.

- `DriverClock`: CPU seconds of the driver's main thread, per part of its work.
- `MeteredPool`: an `EvaluationPool` wrapper that charges submit and collect to the clock
  and keeps the number of evaluations in flight over time (`Timeline`).
- `Timeline.idle`: the slot-seconds left idle, split into the ramp (before every slot was
  first busy), the steady part (until the last submission) and the tail (after it). Idle
  time in the steady part is the driver's fault: refill latency or the journal window.
- `perfect_makespan`: the wall time a perfect scheduler needs for the drawn waits (it knows
  every wait in advance and places the longest first; LPT is within 4/3 of the optimum and,
  with ten or more evaluations per slot, within a fraction of a percent of the lower bound
  max(total / slots, longest), which is printed beside it).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from rsi.engine import EvaluationPool
from rsi.engine.evaluation import EvaluationResult
from rsi.journal import Purpose
from search_space import Strategy

PARTS = ("submit", "collect", "journal", "traces", "mlflow")


@dataclass
class DriverClock:
    """CPU seconds of the calling thread, summed per part."""

    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PARTS, 0.0))

    @contextmanager
    def part(self, name: str) -> Iterator[None]:
        started = time.thread_time()
        try:
            yield
        finally:
            self.seconds[name] += time.thread_time() - started


@dataclass(frozen=True)
class Idle:
    """Slot-seconds idle in each phase of a batch, as fractions of slots x wall."""

    ramp: float
    steady: float
    tail: float
    ramp_s: float  # seconds until every slot was busy once
    tail_s: float  # seconds from the last submission to the end


@dataclass
class Timeline:
    """Evaluations in flight (submitted, result not collected) over time."""

    changes: list[tuple[float, int]] = field(default_factory=list)  # (time, in flight after)
    last_submit: float = 0.0

    def idle(self, slots: int, start: float, end: float) -> Idle:
        wall = end - start
        full = next((t for t, n in self.changes if n >= slots), end)
        phases = {"ramp": 0.0, "steady": 0.0, "tail": 0.0}
        previous_t, previous_n = start, 0
        for t, n in [*self.changes, (end, 0)]:
            moment = previous_t
            for phase, until in (("ramp", full), ("steady", self.last_submit), ("tail", end)):
                if moment < until and moment < t:
                    span = min(t, until) - moment
                    phases[phase] += max(0, slots - previous_n) * span
                    moment += span
            previous_t, previous_n = t, n
        capacity = slots * wall
        return Idle(
            phases["ramp"] / capacity,
            phases["steady"] / capacity,
            phases["tail"] / capacity,
            full - start,
            end - self.last_submit,
        )


class MeteredPool:
    """An `EvaluationPool` that charges its calls to the driver clock and keeps a timeline."""

    def __init__(self, inner: EvaluationPool, clock: DriverClock) -> None:
        self.inner, self.clock = inner, clock
        self.in_flight = 0
        self.timeline = Timeline()

    def _count(self, change: int) -> None:
        self.in_flight += change
        self.timeline.changes.append((time.perf_counter(), self.in_flight))

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Hashable:
        self._count(+1)
        self.timeline.last_submit = time.perf_counter()
        with self.clock.part("submit"):
            return self.inner.submit(strategy, task_id, purpose)

    def wait(self, pending: Mapping[Hashable, str]) -> Collection[Hashable]:
        with self.clock.part("collect"):
            return self.inner.wait(pending)

    def result(self, handle: Hashable) -> EvaluationResult:
        self._count(-1)
        with self.clock.part("collect"):
            return self.inner.result(handle)

    def cancel(self, handles: Collection[Hashable]) -> None:
        self.inner.cancel(handles)

    def mean_in_flight(self, start: float, end: float) -> float:
        area, previous_t, previous_n = 0.0, start, 0
        for t, n in self.timeline.changes:
            area += previous_n * (t - previous_t)
            previous_t, previous_n = t, n
        return area / (end - start)


def perfect_makespan(waits: Sequence[float], slots: int) -> float:
    """Wall seconds for `waits` on `slots` slots, longest first, each to the first free slot."""
    free = [0.0] * slots
    for wait in sorted(waits, reverse=True):
        heapq.heapreplace(free, free[0] + wait)
    return max(free)


def lower_bound(waits: Sequence[float], slots: int) -> float:
    """No scheduler can finish sooner: the work spread evenly, or the longest wait."""
    return max(sum(waits) / slots, max(waits))
