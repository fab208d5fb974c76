"""One batch of evaluations: what to submit next, and journaling results in their order.

`Evaluator.evaluate_many` hands a batch (strategies x tasks, one purpose) to a `Batch`,
which keeps these rules:

- Results are journaled in queue order (strategy by strategy, task by task), whatever
  order they are submitted in and finish in: one that finishes early waits for its turn,
  so the journal does not depend on the number of workers or their timing.
- At most `window` evaluations are submitted and not yet journaled, which bounds the
  results held in memory and all a crash can lose.
- Longest first (the task that took longest last time; unseen ones first), so that a batch
  ends on short evaluations instead of idling on a long one; but only among the next
  `lookahead` evaluations not yet submitted. An unbounded choice would submit the
  evaluation the journal waits for last of all, fill the window with results waiting
  behind it, and idle slots until it finished.
- A freed slot gets its next evaluation before the driver writes traces and journals, so
  workers never wait on the driver's disk.
- Evaluations already prefetched (`rsi.execution.prefetch`) are adopted; a slot the batch
  cannot use (nothing left inside the window) runs the next prefetch item.
"""

from __future__ import annotations

import math
import time
from collections import ChainMap, deque
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rsi.execution.evaluation import EvaluationResult, EvaluationServices, ModelStopped
from rsi.execution.money import TaskMoney
from rsi.execution.pools import EvaluationPool
from rsi.execution.prefetch import Prefetcher
from rsi.journal import (
    AbandonedUsage,
    Evaluation,
    Journal,
    Purpose,
    evaluation_op,
    model_usage,
)
from search_space import Strategy, strategy_id


@dataclass
class BatchStats:
    """What batches report back to the evaluator that runs them, the only state a batch
    writes outside itself: evaluations paid, free slots left idle because the window was
    full, and the seconds each task's latest evaluation took (any strategy), which orders
    the next submissions."""

    paid: int = 0
    window_stalls: int = 0
    seconds: dict[str, float] = field(default_factory=dict)


class BatchHost(Protocol):
    """What a `Batch` reads from the evaluator that runs it (`Evaluator` is one); it writes
    only `stats`."""

    @property
    def services(self) -> EvaluationServices: ...
    @property
    def journal(self) -> Journal: ...
    @property
    def pool(self) -> EvaluationPool: ...
    @property
    def prefetcher(self) -> Prefetcher: ...
    @property
    def money(self) -> TaskMoney | None: ...
    @property
    def stats(self) -> BatchStats: ...
    @property
    def max_in_flight(self) -> int: ...
    @property
    def queue_ahead(self) -> int: ...
    @property
    def window(self) -> int: ...
    @property
    def lookahead(self) -> int: ...

    def should_stop(self) -> bool: ...
    def afford(self, position: int, held: dict[int, float]) -> bool: ...
    def write_trace(self, op: str, record: dict[str, object]) -> None: ...
    def record(self, op: str, data: Evaluation) -> object: ...


class Batch:
    """The scheduling state of one `evaluate_many`; `run` returns its results."""

    def __init__(
        self,
        evaluator: BatchHost,
        strategies: Sequence[Strategy],
        task_ids: Sequence[str],
        purpose: Purpose,
    ) -> None:
        self.evaluator, self.strategies, self.purpose = evaluator, strategies, purpose
        self.stats = evaluator.stats
        # Hashed once per batch, not once per evaluation (a strategy id hashes its JSON).
        self.ids = [strategy_id(strategy) for strategy in strategies]
        self.results: list[dict[str, Evaluation]] = [{} for _ in strategies]
        self.queue: list[tuple[int, str]] = []  # (strategy index, task id), journal order
        for index in range(len(strategies)):
            for task_id in task_ids:
                cached = evaluator.journal.get(self._op(index, task_id))
                if cached is not None and isinstance(cached.data, Evaluation):
                    self.results[index][task_id] = cached.data
                else:
                    self.queue.append((index, task_id))
        self.pending: dict[Hashable, str] = {}  # handle -> task id, what pools are given
        self.entries: dict[Hashable, tuple[int, float]] = {}  # handle -> (position, start)
        self.finished: dict[int, EvaluationResult] = {}
        self.waiting = set(range(len(self.queue)))  # positions not submitted yet
        self.first_waiting = 0  # no position below it waits
        self.by_task: dict[str, deque[int]] = {}  # task id -> its positions, ascending
        for position, (_, task_id) in enumerate(self.queue):
            self.by_task.setdefault(task_id, deque()).append(position)
        self.journaled = 0  # positions journaled so far (a prefix of the queue)
        self.held: dict[int, float] = {}  # position -> dollars reserved for it

    def run(self) -> list[dict[str, Evaluation]]:
        """Submit, collect and journal until every result is journaled or the search stops."""
        evaluator = self.evaluator
        self._adopt_prefetched()
        try:
            self._top_up()  # before journaling what was prefetched: the slots work meanwhile
            while True:
                self._journal_ready()
                if self.journaled == len(self.queue):
                    break
                self._top_up()
                in_flight = ChainMap(self.pending, evaluator.prefetcher.running)
                if not self.pending and (evaluator.should_stop() or not in_flight):
                    break  # stopped: what was not submitted stays unpaid
                self._collect(evaluator.pool.wait(in_flight))
                # Freed slots get their next evaluation before the trace writes and fsyncs
                # at the top of the loop (same window, same order).
                self._top_up()
            if self.journaled == len(self.queue):
                self._top_up()  # prefetch keeps the slots busy while the driver decides
        finally:
            # Leaving early (lost executor, error, interrupt): what is still pending would
            # be paid for and thrown away; `rsi resume` submits it again.
            if self.pending:
                evaluator.pool.cancel(list(self.pending))
        return self.results

    def _op(self, index: int, task_id: str) -> str:
        return evaluation_op(self.purpose, self.ids[index], task_id, self.evaluator.services.seed)

    def _stopped(self, data: Evaluation) -> ModelStopped:
        """The health stop `data` reports, with what every finished evaluation the stop
        abandons (this one and those waiting for their turn) had used."""
        phases = data.trace.get("phases", [])
        stop = next((p for p in phases if p.get("phase") == "model-stop"), {})
        abandoned = []
        for position in sorted(self.finished):
            index, task_id = self.queue[position]
            used = model_usage(self.finished[position][0])
            if used.get("calls") or used.get("remembered_calls"):
                fields = {k: int(used.get(k, 0)) for k in AbandonedUsage.model_fields if k != "op"}
                abandoned.append(AbandonedUsage(op=self._op(index, task_id), **fields))
        message = stop.get("message") or (data.infra_error or "").removeprefix("model: ")
        return ModelStopped(message, stop.get("cause", "unreachable"), tuple(abandoned))

    def _adopt_prefetched(self) -> None:
        for position, (index, task_id) in enumerate(self.queue):
            adopted = self.evaluator.prefetcher.take(self._op(index, task_id))
            if adopted is None:
                continue
            self.waiting.discard(position)
            if adopted.result is not None:
                self.finished[position] = adopted.result
            else:
                self.pending[adopted.handle] = task_id
                self.entries[adopted.handle] = (position, adopted.started)

    def _top_up(self) -> None:
        """Fill free slots: real work first; a slot it cannot use (nothing left inside the
        window) runs the next prefetch item."""
        evaluator = self.evaluator
        chosen: list[int] = []  # submitted together: one message to a cluster
        ceiling = evaluator.max_in_flight + evaluator.queue_ahead
        try:
            while (
                len(self.pending) + len(chosen) + len(evaluator.prefetcher.running) < ceiling
                and not evaluator.should_stop()
            ):
                position = self._next()
                if position is None:
                    if self.waiting:
                        self.stats.window_stalls += 1
                    self._submit(chosen)  # real work first
                    chosen = []
                    slots_busy = len(self.pending) + len(evaluator.prefetcher.running)
                    if slots_busy >= evaluator.max_in_flight:
                        return  # prefetch only in an idle slot, never queued ahead
                    if not evaluator.prefetcher.submit_next():
                        return
                    continue
                if evaluator.money is not None and not evaluator.afford(position, self.held):
                    return
                self.waiting.discard(position)
                chosen.append(position)
        finally:
            self._submit(chosen)

    def _submit(self, positions: list[int]) -> None:
        work = [
            (self.strategies[index], task_id, self.purpose)
            for index, task_id in (self.queue[position] for position in positions)
        ]
        handles = self.evaluator.pool.submit_many(work)
        started = time.monotonic()
        for position, handle in zip(positions, handles, strict=True):
            self.pending[handle] = self.queue[position][1]
            self.entries[handle] = (position, started)

    def _next(self) -> int | None:
        """The position to submit next: the longest-running task (unseen first, then queue
        order) among the waiting positions in [first waiting, + lookahead) and inside the
        window; None when there is none.

        Only each task's first waiting position can win, so this costs the number of tasks,
        not the window (hundreds of slots make a window of a thousand).
        """
        while self.first_waiting < len(self.queue) and self.first_waiting not in self.waiting:
            self.first_waiting += 1
        evaluator = self.evaluator
        end = min(
            len(self.queue),
            self.journaled + evaluator.window,
            self.first_waiting + evaluator.lookahead,
        )
        best: int | None = None
        best_key = (-math.inf, 0)
        for task_id, positions in self.by_task.items():
            while positions and positions[0] not in self.waiting:
                positions.popleft()  # submitted, or adopted from the prefetch
            if positions and positions[0] < end:
                key = (self.stats.seconds.get(task_id, math.inf), -positions[0])
                if best is None or key > best_key:
                    best, best_key = positions[0], key
        return best

    def _collect(self, done: Collection[Hashable]) -> None:
        evaluator = self.evaluator
        prefetched = [handle for handle in done if handle not in self.pending]
        self.stats.seconds.update(evaluator.prefetcher.reap(prefetched))
        for handle in done:
            if handle not in self.pending:
                continue
            task_id = self.pending.pop(handle)
            position, started = self.entries.pop(handle)
            self.finished[position] = evaluator.pool.result(handle)
            self.stats.seconds[task_id] = time.monotonic() - started
            if position in self.held and evaluator.money is not None:
                # Settled as it arrives, not when its turn to be journaled comes: a result
                # waiting behind a longer task must not hold the reservation that task needs.
                evaluator.money.settle(self.held.pop(position), self.finished[position][0])

    def _journal_ready(self) -> None:
        """Journal the results whose turn has come; collected together, committed together
        (one write, one fsync)."""
        evaluator = self.evaluator
        with evaluator.journal.group():
            while self.journaled in self.finished:
                index, task_id = self.queue[self.journaled]
                data, record = self.finished.pop(self.journaled)
                if data.infra_error and data.infra_error.startswith("model"):
                    self.finished[self.journaled] = (data, record)
                    raise self._stopped(data)
                self.journaled += 1
                self.stats.paid += 1
                op = self._op(index, task_id)
                evaluator.write_trace(op, record)
                if not (data.infra_error and self.purpose == "release"):
                    evaluator.record(op, data)  # a release error waits for the gate
                self.results[index][task_id] = data
