"""Prefetch: evaluations run ahead in idle slots, journaled only when a batch asks for them.

A round cannot know its next batch before the current one ends (the proposal needs the
parent's results, the keep needs the screen, the next parent needs the dev score), so at
two workers the last evaluations of every batch, and the driver's own steps between
batches, leave slots idle. Some work is certain from the start, whatever the rounds
decide: round 1's parent batch (the initial strategy is then the only candidate) and the
release gate's baseline (the initial strategy on the release split). The engine hands
those to the evaluator as `PrefetchBatch`es, and the evaluator runs them when a slot
would idle.

Nothing prefetched reaches the journal, the traces or anyone's view until a batch asks for
the same op: then its result is journaled in that batch's order like any other, so the
journal is the same with or without prefetch, and the gate's baseline is seen only by the
gate, after the champion is frozen. What a search never asks for (it stopped before its
gate) is dropped, and was still paid for, which is why `[search] prefetch = "auto"` prefetches
only with the scripted runner, whose evaluations cost nothing but CPU. A finished result
is also written to the run's `PrefetchStore` (rsi/execution/prefetch_store.py), so a kill
loses only the prefetched evaluations still running: a resumed search adopts the stored
ones.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rsi.execution.evaluation import EvaluationResult, ExecutorLost
from rsi.execution.prefetch_store import PrefetchStore
from rsi.journal import Purpose
from search_space import Strategy


@dataclass(frozen=True)
class PrefetchBatch:
    """A batch the engine is sure to ask for later: what `Evaluator.prefetch` takes."""

    strategy: Strategy
    task_ids: tuple[str, ...]
    purpose: Purpose


@dataclass(frozen=True)
class PrefetchItem:
    """One evaluation to prefetch: the op it would be journaled under, and what to run."""

    op: str
    strategy: Strategy
    task_id: str
    purpose: Purpose


@dataclass(frozen=True)
class Adopted:
    """A prefetched evaluation a batch asked for: its result when it is done, else its pool
    handle and when it started."""

    result: EvaluationResult | None
    handle: Hashable = None
    started: float = 0.0


@dataclass
class PrefetchStats:
    """How prefetch went; `dropped` were run and never asked for, `restored` were read back
    from the store (finished before a kill) instead of running again."""

    submitted: int = 0
    adopted: int = 0
    dropped: int = 0
    restored: int = 0


class Submitter(Protocol):
    """The part of an `EvaluationPool` a prefetcher uses."""

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Hashable: ...

    def result(self, handle: Hashable) -> EvaluationResult: ...

    def cancel(self, handles: Collection[Hashable]) -> None: ...


@dataclass(frozen=True)
class _Flight:
    item: PrefetchItem
    started: float


class Prefetcher:
    """Holds the prefetch list and the prefetched evaluations in flight or done.

    The evaluator calls `submit_next` only when it has a free slot and no real work it
    may submit, `take` when a batch asks for an op, and `reap` with the prefetched
    handles its pool reports done. A running evaluation cannot be stopped: one no longer
    listed finishes in its slot and is dropped. Finished results go to `store` too, so
    they outlive the process (see rsi/execution/prefetch_store.py).
    """

    def __init__(self, pool: Submitter, store: PrefetchStore) -> None:
        self._pool = pool
        self._store = store
        self._queued: list[PrefetchItem] = []  # listed, not submitted yet
        self._running: dict[Hashable, _Flight] = {}
        self._done: dict[str, EvaluationResult] = {}
        self._listed: set[str] = set()
        self.stats = PrefetchStats()

    def plan(self, items: Sequence[PrefetchItem]) -> None:
        """Replace the prefetch list (in the order to run it; empty: stop prefetching);
        finished results outside it are dropped, stored ones inside it adopted as done."""
        self._listed = {item.op for item in items}
        for op in [op for op in self._done if op not in self._listed]:
            del self._done[op]
            self.stats.dropped += 1
        started = {flight.item.op for flight in self._running.values()} | set(self._done)
        self._restore([item for item in items if item.op not in started])
        started |= set(self._done)
        self._queued = [item for item in items if item.op not in started]

    def _restore(self, items: Sequence[PrefetchItem]) -> None:
        """Adopt as done what the store holds of `items`; delete what is no longer listed."""
        self._store.keep_only(self._listed)
        for item in items:
            stored = self._store.get(item.op)
            if stored is not None:
                self._done[item.op] = stored
                self.stats.restored += 1

    @property
    def running(self) -> dict[Hashable, str]:
        """Prefetched handles in flight (they hold slots), with their task ids."""
        return {handle: flight.item.task_id for handle, flight in self._running.items()}

    def submit_next(self) -> bool:
        """Submit the next listed evaluation; False when the list is exhausted."""
        if not self._queued:
            return False
        item = self._queued.pop(0)
        handle = self._pool.submit(item.strategy, item.task_id, item.purpose)
        self._running[handle] = _Flight(item, time.monotonic())
        self.stats.submitted += 1
        return True

    def reap(self, handles: Collection[Hashable]) -> dict[str, float]:
        """Keep (and store) finished prefetched evaluations, drop those no longer listed or
        whose result the pool lost; returns each one's seconds by task id, for the
        evaluator's longest-first order."""
        seconds: dict[str, float] = {}
        for handle in handles:
            flight = self._running.pop(handle)
            seconds[flight.item.task_id] = time.monotonic() - flight.started
            result = self._result(handle) if flight.item.op in self._listed else None
            if result is None:
                self.stats.dropped += 1
                continue
            self._done[flight.item.op] = result
            self._store.put(flight.item.op, result)
        return seconds

    def _result(self, handle: Hashable) -> EvaluationResult | None:
        try:
            return self._pool.result(handle)
        except ExecutorLost:  # a batch that asks for it submits it again
            return None

    def take(self, op: str) -> Adopted | None:
        """Hand a batch the prefetched evaluation of `op`, if one was started."""
        self._queued = [item for item in self._queued if item.op != op]
        if op in self._done:
            self.stats.adopted += 1
            return Adopted(self._done.pop(op))
        for handle, flight in self._running.items():
            if flight.item.op == op:
                del self._running[handle]
                self.stats.adopted += 1
                return Adopted(None, handle, flight.started)
        return None

    def withdraw(self, ops: Collection[str]) -> None:
        """Unlist `ops` that have not started (a race decided without them): they never
        start. One already running or done stays, to be taken or dropped as usual."""
        self._queued = [item for item in self._queued if item.op not in ops]

    def close(self) -> None:
        """Cancel what has not started and drop everything held in memory (the search is
        over or stopping; the store keeps finished results for `rsi resume`)."""
        if self._running:
            self._pool.cancel(list(self._running))
        self.stats.dropped += len(self._running) + len(self._done)
        self._queued, self._running, self._done, self._listed = [], {}, {}, set()

    def forget_stored(self) -> None:
        """Delete the store: the search has finished and will ask for nothing again."""
        self._store.clear()
