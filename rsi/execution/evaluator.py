"""The evaluator: strategies on task lists, consulting and filling the journal cache.

An evaluation is keyed by (strategy id, task id, seed, purpose) through its journal op;
a key already journaled is never paid for again. Work runs on an `EvaluationPool`
(`rsi/execution/pools.py`: threads of this process, or a Dask cluster); results come back to
the calling thread, which alone journals them, in the order the tasks were asked for, so
the journal is the same at any worker count (one batch's rules: `rsi/execution/batch.py`).
Slots a batch leaves idle may prefetch batches the engine will ask for later
(`rsi/execution/prefetch.py`); a prefetched result is journaled only when a batch asks for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path

import orjson

from evaluators.llm import CapReached
from rsi.execution.batch import Batch, BatchStats
from rsi.execution.evaluation import TRAJECTORY, EvaluationServices, StopRequested
from rsi.execution.money import SpendCapReached, TaskMoney
from rsi.execution.pools import EvaluationPool, ThreadPool
from rsi.execution.prefetch import PrefetchBatch, Prefetcher, PrefetchItem
from rsi.execution.prefetch_store import PrefetchStore
from rsi.execution.trajectory import TrajectoryStore
from rsi.journal import Evaluation, Journal, Purpose, evaluation_op, op_file_name
from search_space import Strategy, strategy_id

# Results may wait for their turn to be journaled up to this many times the slots: a slow
# evaluation at the head of the queue then holds up no slot while the others finish up to
# about twice the mean evaluation time after it (lognormal waits, sigma 0.25: always).
WINDOW_SLOTS = 4
# Longest first among the next this-many-times-the-slots evaluations not yet submitted: the
# one the journal waits for is submitted at most that many submissions late.
LOOKAHEAD_SLOTS = 2


class Evaluator:
    """Evaluates strategies on task lists, consulting and filling the journal cache.

    `record(op, data)` appends to the journal (and updates the caller's state); the
    journal itself is only read here, for cache hits.
    """

    def __init__(
        self,
        services: EvaluationServices,
        journal: Journal,
        record: Callable[[str, Evaluation], object],
        executor: Executor | EvaluationPool,
        *,
        max_in_flight: int,
        should_stop: Callable[[], bool],
        prefetching: bool = False,
        money: TaskMoney | None = None,
    ) -> None:
        self.services = services
        self.money = money
        self.refused: CapReached | None = None  # the latest money refusal
        self.journal = journal
        self.record = record
        self.pool = ThreadPool(executor, services) if isinstance(executor, Executor) else executor
        self.max_in_flight = max(1, max_in_flight)
        # Submitted beyond the slots, queued where the pool runs them (see `EvaluationPool`).
        self.queue_ahead = self.pool.queue_ahead
        # Bounding how far submission may run ahead of the journal bounds both held memory
        # and what a crash can lose (see `rsi.execution.batch`).
        self.window = WINDOW_SLOTS * self.max_in_flight
        self.lookahead = LOOKAHEAD_SLOTS * self.max_in_flight
        self.should_stop = should_stop
        self.stats = BatchStats()  # what its batches report: paid, stalls, task seconds
        # Prefetched evaluations run only in slots real work leaves idle; see `prefetch`.
        self.prefetching = prefetching
        self.prefetcher = Prefetcher(self.pool, PrefetchStore(journal.path.parent))

    @property
    def paid(self) -> int:
        """Evaluations paid and journaled by this evaluator's batches."""
        return self.stats.paid

    @property
    def window_stalls(self) -> int:
        """Free slots left idle because a batch's window was full."""
        return self.stats.window_stalls

    @property
    def seconds(self) -> dict[str, float]:
        """Seconds each task's latest evaluation took (any strategy): the submission order."""
        return self.stats.seconds

    def op(self, strategy: Strategy, task_id: str, purpose: Purpose) -> str:
        return evaluation_op(purpose, strategy_id(strategy), task_id, self.services.seed)

    def prefetch(self, batches: Sequence[PrefetchBatch]) -> None:
        """Set the batches to evaluate ahead, in that order, in slots real work leaves idle
        (none: stop). Only with `prefetching`: a prefetched result is journaled when a batch
        asks for the same op, so the journal does not change, but unasked work is paid.
        """
        if not self.prefetching:
            return
        items = []
        for batch in batches:
            for task_id in batch.task_ids:
                op = self.op(batch.strategy, task_id, batch.purpose)
                if op not in self.journal:
                    items.append(PrefetchItem(op, batch.strategy, task_id, batch.purpose))
        self.prefetcher.plan(items)

    def withdraw(self, ops: Sequence[str]) -> None:
        """Never start `ops` ahead: a race decided without them (rsi/screening/race.py)."""
        self.prefetcher.withdraw(set(ops))

    def close(self, *, finished: bool) -> None:
        """Cancel prefetched work that has not started; once the search has `finished`,
        delete the finished prefetched results kept for a resume too."""
        self.prefetcher.close()
        if finished:
            self.prefetcher.forget_stored()

    def evaluate(
        self, strategy: Strategy, task_ids: Sequence[str], purpose: Purpose
    ) -> dict[str, Evaluation]:
        """Per-task evaluations in `task_ids` order; raises StopRequested if stopped midway."""
        return self.evaluate_many([strategy], task_ids, purpose)[0]

    def evaluate_many(
        self, strategies: Sequence[Strategy], task_ids: Sequence[str], purpose: Purpose
    ) -> list[dict[str, Evaluation]]:
        """Each strategy on `task_ids`, as one batch (`rsi.execution.batch`): per strategy,
        evaluations in `task_ids` order. Raises StopRequested if stopped midway.

        One batch rather than one per strategy, so the workers freed at the end of the
        first strategy's tasks start the next one's instead of idling (the release gate's
        champion and baseline). A strategy given twice is evaluated once.
        """
        ids = [strategy_id(strategy) for strategy in strategies]
        if len(set(ids)) < len(ids):
            unique = dict(zip(ids, strategies, strict=True))
            evaluated = self.evaluate_many(list(unique.values()), task_ids, purpose)
            by_id = dict(zip(unique, evaluated, strict=True))
            return [by_id[sid] for sid in ids]
        results = Batch(self, strategies, task_ids, purpose).run()
        if any(len(done) < len(task_ids) for done in results):
            if self.refused is not None and not self.should_stop():
                raise SpendCapReached(str(self.refused))
            raise StopRequested("stopped with evaluations pending")
        return [{task_id: done[task_id] for task_id in task_ids} for done in results]

    def afford(self, position: int, held: dict[int, float]) -> bool:
        """Reserve the evaluation's money; False (and `refused`) when a cap forbids it."""
        assert self.money is not None
        try:
            held[position] = self.money.reserve()
        except CapReached as reached:
            self.refused = reached
            return False
        self.refused = None
        return True

    def write_trace(self, op: str, record: dict[str, object]) -> None:
        """The evaluation's trajectory and full record beside the journal (`write_record`)."""
        write_record(self.services.traces_dir, op, record)


def write_record(traces_dir: Path, op: str, record: dict[str, object]) -> None:
    """The evaluation's trajectory (content-addressed, atomically, before its evaluation is
    journaled), then its full trace and public judgement (timings included), for humans."""
    blob = record.get(TRAJECTORY)
    if isinstance(blob, str):
        TrajectoryStore(traces_dir).write(blob.encode("utf-8"))
        record = {key: value for key, value in record.items() if key != TRAJECTORY}
    path = traces_dir / op_file_name(op)
    path.parent.mkdir(parents=True, exist_ok=True)
    # orjson: the stdlib encoder cost the driver about 1 ms per 64 KB trace.
    options = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS
    path.write_bytes(orjson.dumps(record, option=options, default=str))
