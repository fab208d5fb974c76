"""Where evaluations run: the `EvaluationPool` protocol and the default `ThreadPool`.

A pool runs `evaluate_one` for the driver and hands results back; it never journals. The
other pool is a Dask cluster (`rsi/execution/dask/pool.py`); `open_pool` picks one from
`[executor]` (`rsi/execution/executors.py`).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from concurrent.futures import Executor, Future
from typing import Protocol

from rsi.execution import evaluation
from rsi.execution.completions import Completions
from rsi.execution.evaluation import EvaluationResult, EvaluationServices
from rsi.journal import Purpose
from search_space import Strategy

Work = tuple[Strategy, str, Purpose]  # one evaluation to run: strategy, task id, purpose


class EvaluationPool(Protocol):
    """Runs `evaluate_one` for the driver and hands results back; it never journals.

    Handles are whatever the pool returns from `submit` (hashable); `submit_many` submits
    several at once (one message to a cluster's scheduler rather than one each) and
    returns their handles in order; `wait` returns those of `pending` that are done,
    `result` the evaluation of one (raising `ExecutorLost` when it can never come),
    `cancel` drops handles whose results are no longer wanted. `queue_ahead` is how many
    evaluations the driver keeps submitted beyond its slots, so that a freed slot starts
    the next without waiting for the driver (a cluster's round trip), 0 where that is
    instant.
    """

    queue_ahead: int

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Hashable: ...

    def submit_many(self, work: Sequence[Work]) -> list[Hashable]: ...

    def wait(self, pending: Mapping[Hashable, str]) -> Collection[Hashable]: ...

    def result(self, handle: Hashable) -> EvaluationResult: ...

    def cancel(self, handles: Collection[Hashable]) -> None: ...


class ThreadPool:
    """The default pool: `evaluate_one` on a `concurrent.futures.Executor` in this process."""

    queue_ahead = 0  # a freed thread hands the driver its result at once

    def __init__(self, executor: Executor, services: EvaluationServices) -> None:
        self.executor = executor
        self.services = services
        self.completions = Completions()

    def submit(
        self, strategy: Strategy, task_id: str, purpose: Purpose
    ) -> Future[EvaluationResult]:
        # Looked up at each call, so that a test may replace `evaluation.evaluate_one`.
        future = self.executor.submit(
            evaluation.evaluate_one, self.services, strategy, task_id, purpose
        )
        future.add_done_callback(self.completions.note)
        return future

    def submit_many(self, work: Sequence[Work]) -> list[Hashable]:
        return [self.submit(strategy, task_id, purpose) for strategy, task_id, purpose in work]

    def wait(self, pending: Mapping[Hashable, str]) -> Collection[Hashable]:
        return self.completions.take(pending, None)

    def result(self, handle: Hashable) -> EvaluationResult:
        assert isinstance(handle, Future)
        return handle.result()

    def cancel(self, handles: Collection[Hashable]) -> None:
        self.completions.forget(handles)
        for handle in handles:
            assert isinstance(handle, Future)
            handle.cancel()  # a running thread finishes; a queued one never starts
