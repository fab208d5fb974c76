"""What `executor_scaling.py` measures around the engine's evaluator, and the yardstick.

- `DriverClock`: CPU seconds of the driver's main thread, per part of its work.
- `MeteredPool`: an `EvaluationPool` wrapper that charges submit and collect to the clock
  and keeps each evaluation's times (`Flight`: submitted, started and ended on its slot,
  collected).
- `breakdown`: the slots' time from the evaluations' own start and end times: the drawn
  waits, the rest of their time on a slot, and the idle slot-seconds before every slot had
  started once (ramp), until the last evaluation started (steady: the driver's fault, by
  refill latency or the journal window) and after it (tail: the batch's shape).
- `perfect_makespan`: the wall time a perfect scheduler needs for the drawn waits (it knows
  every wait in advance and places the longest first; LPT is within 4/3 of the optimum and,
  with ten or more evaluations per slot, within a fraction of a percent of the lower bound
  max(total / slots, longest)). `same_order_makespan`: the evaluator's submission order
  with instant refills: an online scheduler cannot know the waits, so its batch ends on
  whatever long ones started last; the gap to the measured wall time is the driver's and
  the pool's delay.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from rsi.execution import EvaluationPool
from rsi.execution.evaluation import EvaluationResult
from rsi.execution.pools import Work
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
class Flight:
    """One evaluation's times, seconds since the epoch (driver and workers share a clock on
    one machine): submitted by the driver, started and ended on its slot (`ran` in the
    trace record), collected by the driver; `wait` is the latency runner's drawn wait."""

    submitted: float
    started: float
    ended: float
    collected: float
    wait: float


@dataclass(frozen=True)
class Breakdown:
    """Where the slots' time went, as fractions of slots x wall (they sum to 1), and the
    mean hops of an evaluation in milliseconds."""

    work: float  # the drawn waits
    on_slot: float  # on a slot beyond its wait: the evaluation's own CPU, the pool's overhead
    ramp: float  # idle before every slot had started its first evaluation
    steady: float  # idle from then until the last evaluation started: the driver's fault
    tail: float  # idle after the last evaluation started: the batch's shape
    ramp_s: float
    tail_s: float
    to_slot_ms: float  # submitted -> started (queue_ahead queues some on purpose)
    back_ms: float  # ended -> collected by the driver
    queued_idle: float  # of the steady idle, the part while evaluations were submitted
    # and not started: the pool's dispatch, not the driver, left those slots idle


def breakdown(flights: Sequence[Flight], slots: int, start: float, end: float) -> Breakdown:
    """The slot occupancy the evaluations' own start and end times draw, split in phases."""
    starts = sorted(flight.started for flight in flights)
    ramp_end = starts[min(slots, len(starts)) - 1]
    tail_start = starts[-1]
    changes = sorted(
        [(flight.started, +1) for flight in flights] + [(flight.ended, -1) for flight in flights]
    )
    idle = {"ramp": 0.0, "steady": 0.0, "tail": 0.0, "queued": 0.0}
    bounds = (("ramp", ramp_end), ("steady", tail_start), ("tail", end))
    queue = sorted(
        [(flight.submitted, +1) for flight in flights]
        + [(flight.started, -1) for flight in flights]
    )
    moment, busy, queued, next_queue = start, 0, 0, 0
    for when, change in [*changes, (end, 0)]:
        while next_queue < len(queue) and queue[next_queue][0] <= moment:
            queued += queue[next_queue][1]
            next_queue += 1
        for phase, until in bounds:
            if moment < min(when, until):
                span = min(when, until) - moment
                idle[phase] += max(0, slots - busy) * span
                if phase == "steady" and queued > 0:
                    idle["queued"] += max(0, slots - busy) * span
                moment += span
        busy += change
    capacity = slots * (end - start)
    count = len(flights)
    return Breakdown(
        work=sum(flight.wait for flight in flights) / capacity,
        on_slot=sum(f.ended - f.started - f.wait for f in flights) / capacity,
        ramp=idle["ramp"] / capacity,
        steady=idle["steady"] / capacity,
        tail=idle["tail"] / capacity,
        ramp_s=ramp_end - start,
        tail_s=end - tail_start,
        to_slot_ms=1e3 * sum(f.started - f.submitted for f in flights) / count,
        back_ms=1e3 * sum(f.collected - f.ended for f in flights) / count,
        queued_idle=idle["queued"] / capacity,
    )


class MeteredPool:
    """An `EvaluationPool` that charges its calls to the driver clock and keeps each
    evaluation's `Flight`."""

    def __init__(self, inner: EvaluationPool, clock: DriverClock) -> None:
        self.inner, self.clock = inner, clock
        self.flights: list[Flight] = []
        self._submitted: dict[Hashable, float] = {}  # handle -> when

    @property
    def queue_ahead(self) -> int:
        return self.inner.queue_ahead

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Hashable:
        return self.submit_many([(strategy, task_id, purpose)])[0]

    def submit_many(self, work: Sequence[Work]) -> list[Hashable]:
        now = time.time()
        with self.clock.part("submit"):
            handles = self.inner.submit_many(work)
        self._submitted.update(dict.fromkeys(handles, now))
        return handles

    def wait(self, pending: Mapping[Hashable, str]) -> Collection[Hashable]:
        with self.clock.part("collect"):
            return self.inner.wait(pending)

    def result(self, handle: Hashable) -> EvaluationResult:
        with self.clock.part("collect"):
            data, record = self.inner.result(handle)
        started, ended = record["ran"]  # type: ignore[misc]
        phases = data.trace.get("phases") or [{}]
        wait = float(phases[0].get("wait_s", 0.0))
        submitted = self._submitted.pop(handle)
        self.flights.append(Flight(submitted, started, ended, time.time(), wait))
        return data, record

    def cancel(self, handles: Collection[Hashable]) -> None:
        self.inner.cancel(handles)


def list_makespan(waits: Sequence[float], slots: int) -> float:
    """Wall seconds for `waits` on `slots` slots, in this order, each to the first free slot
    the moment it frees (no driver, no transit)."""
    free = [0.0] * slots
    for wait in waits:
        heapq.heapreplace(free, free[0] + wait)
    return max(free)


def perfect_makespan(waits: Sequence[float], slots: int) -> float:
    """A perfect scheduler's: it knows every wait and places the longest first (LPT)."""
    return list_makespan(sorted(waits, reverse=True), slots)


def same_order_makespan(flights: Sequence[Flight], slots: int) -> float:
    """The evaluator's own submission order, refilled instantly: what its order costs (a
    batch tail of waits it could not know) apart from the driver's and the pool's delays."""
    ordered = sorted(flights, key=lambda flight: flight.submitted)
    return list_makespan([flight.wait for flight in ordered], slots)
