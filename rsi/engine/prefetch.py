"""Speculative evaluations in idle slots, journaled only when a batch asks for them.

A round cannot know its next batch before the current one ends (the proposal needs the
parent's results, the keep needs the screen, the next parent needs the dev score), so at
two workers the last evaluations of every batch, and the driver's own steps between
batches, leave slots idle. Some work is certain from the start, whatever the rounds
decide: round 1's parent batch (the initial strategy is then the only candidate) and the
release gate's baseline (the initial strategy on the release split). The engine hands
that to the evaluator as its guess, and the evaluator runs it when a slot would idle.

Nothing about a guess reaches the journal, the traces or anyone's view until a batch asks
for the same op: then its result is journaled in that batch's order like any other, so
the journal is the same with or without speculation, and the gate's baseline is seen
only by the gate, after the champion is frozen. What a search never asks for (it stopped
before its gate) is dropped, and a kill loses guesses not yet journaled; both were still
paid for, which is why `[search] prefetch = "auto"` speculates only with the scripted
runner, whose evaluations cost nothing but CPU.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rsi.journal import Purpose
from search_space import Strategy


class Submitter(Protocol):
    """The part of an `EvaluationPool` a prefetcher uses."""

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Hashable: ...

    def cancel(self, handles: Collection[Hashable]) -> None: ...


@dataclass(frozen=True)
class Speculation:
    """One guessed evaluation: the op it would be journaled under, and what to run."""

    op: str
    strategy: Strategy
    task_id: str
    purpose: Purpose


@dataclass(frozen=True)
class Adopted:
    """A guess a batch asked for: its pool handle, when it started, whether it is done."""

    handle: Hashable
    started: float
    done: bool


@dataclass
class SpeculationStats:
    """How the guesses went; `dropped` were run and never asked for."""

    submitted: int = 0
    adopted: int = 0
    dropped: int = 0


@dataclass(frozen=True)
class _Flight:
    speculation: Speculation
    started: float


class Prefetcher:
    """Holds the guess and the speculative evaluations in flight or done.

    The evaluator calls `submit_next` only when it has a free slot and no real work it
    may submit, `take` when a batch asks for an op, and `reap` with the speculative
    handles its pool reports done. A running evaluation cannot be stopped: one no longer
    guessed finishes in its slot and is dropped.
    """

    def __init__(self, pool: Submitter) -> None:
        self._pool = pool
        self._queued: list[Speculation] = []  # the guess, not submitted yet
        self._running: dict[Hashable, _Flight] = {}
        self._done: dict[str, tuple[Hashable, _Flight]] = {}
        self._guessed: set[str] = set()
        self.stats = SpeculationStats()

    def guess(self, speculations: Sequence[Speculation]) -> None:
        """Replace the guess (in the order to run it; empty: stop guessing); finished
        results outside it are dropped."""
        self._guessed = {speculation.op for speculation in speculations}
        for op in [op for op in self._done if op not in self._guessed]:
            del self._done[op]
            self.stats.dropped += 1
        started = {flight.speculation.op for flight in self._running.values()} | set(self._done)
        self._queued = [s for s in speculations if s.op not in started]

    @property
    def running(self) -> dict[Hashable, str]:
        """Speculative handles in flight (they hold slots), with their task ids."""
        return {handle: flight.speculation.task_id for handle, flight in self._running.items()}

    def submit_next(self) -> bool:
        """Submit the next guessed evaluation; False when the guess is exhausted."""
        if not self._queued:
            return False
        speculation = self._queued.pop(0)
        handle = self._pool.submit(speculation.strategy, speculation.task_id, speculation.purpose)
        self._running[handle] = _Flight(speculation, time.monotonic())
        self.stats.submitted += 1
        return True

    def reap(self, handles: Collection[Hashable]) -> dict[str, float]:
        """Keep finished speculative evaluations (drop those no longer guessed); returns
        each one's seconds by task id, for the evaluator's longest-first order."""
        seconds: dict[str, float] = {}
        for handle in handles:
            flight = self._running.pop(handle)
            seconds[flight.speculation.task_id] = time.monotonic() - flight.started
            if flight.speculation.op in self._guessed:
                self._done[flight.speculation.op] = (handle, flight)
            else:
                self.stats.dropped += 1
        return seconds

    def take(self, op: str) -> Adopted | None:
        """Hand a batch the speculative evaluation of `op`, if one was started."""
        self._queued = [s for s in self._queued if s.op != op]
        if op in self._done:
            handle, flight = self._done.pop(op)
            self.stats.adopted += 1
            return Adopted(handle, flight.started, done=True)
        for handle, flight in self._running.items():
            if flight.speculation.op == op:
                del self._running[handle]
                self.stats.adopted += 1
                return Adopted(handle, flight.started, done=False)
        return None

    def close(self) -> None:
        """Cancel what has not started and drop everything (the search is over)."""
        if self._running:
            self._pool.cancel(list(self._running))
        self.stats.dropped += len(self._running) + len(self._done)
        self._queued, self._running, self._done, self._guessed = [], {}, {}, set()
