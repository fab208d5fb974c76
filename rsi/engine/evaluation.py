"""Paid evaluations: runner + judge per (strategy, task), cached in the journal.

An evaluation is keyed by (strategy id, task id, seed, purpose) through its journal op;
a key already journaled is never paid for again. Work runs on an `EvaluationPool`: a
`concurrent.futures.Executor` in this process (`ThreadPool`) or a Dask cluster
(`rsi/engine/dask_pool.py`); results come back to the calling thread, which alone journals
them, in the order the tasks were asked for, so the journal is the same at any worker count.
Slots a batch leaves idle may run ahead batches the engine will ask for later
(`rsi/engine/prefetch.py`); a result run ahead is journaled only when a batch asks for it.
"""

from __future__ import annotations

import math
import shutil
import tempfile
import time
from collections import deque
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import orjson

from evaluators.judge import JudgeSettings, TaskJudgement, judge
from evaluators.llm import CapReached
from evaluators.runners.base import Runner, RunnerLimits, run_safely
from evaluators.sandbox.base import Sandbox
from evaluators.tasks import TaskSet
from rsi.engine.completions import Completions
from rsi.engine.money import SpendCapReached, TaskMoney
from rsi.engine.prefetch import Prefetcher, Speculation
from rsi.journal import Evaluation, Journal, Purpose, evaluation_op
from search_space import RsiError, Strategy, strategy_id


@dataclass(frozen=True)
class EvaluationServices:
    """What an evaluation needs; built once per run from the config."""

    tasks: TaskSet
    runner: Runner
    sandbox: Sandbox
    judge_settings: JudgeSettings
    limits: RunnerLimits
    seed: int
    traces_dir: Path
    judge: Callable[..., TaskJudgement] = field(default=judge)
    # Where the judge may run its targets concurrently (runs still share the sandbox's
    # slots, see evaluators.sandbox.slots); None runs them one after another.
    judge_executor: Executor | None = None


@dataclass(frozen=True)
class Guess:
    """A batch the engine is sure to ask for later (see `rsi.engine.prefetch`)."""

    strategy: Strategy
    task_ids: tuple[str, ...]
    purpose: Purpose


class StopRequested(RsiError, RuntimeError):
    """The stop flag was raised while evaluations were pending (graceful stop)."""


class ModelUnavailable(StopRequested):
    """The runner's model could not be reached (its circuit breaker opened): the search
    stops as on SIGTERM, the evaluation is not journaled, and `rsi resume` re-runs it."""


class ExecutorLost(StopRequested):
    """The executor can no longer run evaluations (its scheduler or all its workers are
    gone): the search stops as on SIGTERM and `rsi resume` continues, anywhere."""


EvaluationResult = tuple[Evaluation, dict[str, object]]


class EvaluationPool(Protocol):
    """Runs `evaluate_one` for the driver and hands results back; it never journals.

    Handles are whatever the pool returns from `submit` (hashable); `wait` returns those
    of `pending` that are done, `result` the evaluation of one (raising `ExecutorLost`
    when it can never come), `cancel` drops handles whose results are no longer wanted.
    """

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Hashable: ...

    def wait(self, pending: Mapping[Hashable, str]) -> Collection[Hashable]: ...

    def result(self, handle: Hashable) -> EvaluationResult: ...

    def cancel(self, handles: Collection[Hashable]) -> None: ...


class ThreadPool:
    """The default pool: `evaluate_one` on a `concurrent.futures.Executor` in this process."""

    def __init__(self, executor: Executor, services: EvaluationServices) -> None:
        self.executor = executor
        self.services = services
        self.completions = Completions()

    def submit(
        self, strategy: Strategy, task_id: str, purpose: Purpose
    ) -> Future[EvaluationResult]:
        future = self.executor.submit(evaluate_one, self.services, strategy, task_id, purpose)
        future.add_done_callback(self.completions.note)
        return future

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


def evaluate_one(
    services: EvaluationServices, strategy: Strategy, task_id: str, purpose: Purpose
) -> tuple[Evaluation, dict[str, object]]:
    """Run the runner and the judge once; return the journal payload and a full trace record."""
    task = services.tasks.get(task_id)
    sid = strategy_id(strategy)
    workdir = Path(tempfile.mkdtemp(prefix=f"rsi-{task_id}-"))
    try:
        result = run_safely(services.runner, strategy, task.public(), services.limits, workdir)
        # The journal keeps the deterministic part; tool output and timings go to the trace file.
        full_trace = result.trace.model_dump(mode="json")
        trace = result.trace.model_dump(
            mode="json", exclude={"tool_output": True, "timings": True, "usage": {"seconds"}}
        )
        if result.submission is None:
            data = Evaluation(
                strategy_id=sid,
                task_id=task_id,
                seed=services.seed,
                purpose=purpose,
                success=False,
                initial_outcome="not-run",
                reference_outcome="not-run",
                runner_error=result.trace.error or "no submission",
                trace=trace,
                infra_error=f"model: {result.unavailable}" if result.unavailable else None,
            )
            return data, {"trace": full_trace}
        concurrently = {"executor": services.judge_executor} if services.judge_executor else {}
        judgement = services.judge(
            task,
            result.submission,
            services.sandbox,
            settings=services.judge_settings,
            **concurrently,
        )
        scores = judgement.outcomes()
        initial, reference = scores.initial, scores.reference
        data = Evaluation(
            strategy_id=sid,
            task_id=task_id,
            seed=services.seed,
            purpose=purpose,
            success=initial is not None
            and reference is not None
            and initial.value == "fail"
            and reference.value == "pass",
            initial_outcome=initial.value if initial else "missing",
            reference_outcome=reference.value if reference else "missing",
            trace=trace,
            infra_error=sandbox_failure(judgement),
        )
        return data, {"trace": full_trace, "judgement": judgement.model_dump(mode="json")}
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def sandbox_failure(judgement: TaskJudgement) -> str | None:
    """Why the sandbox could not run the suite on the initial program or the reference
    (an infrastructure failure, not the suite's fault), or None."""
    for target in ("initial", "reference"):
        found = judgement.result(target)
        if found is not None and found.error and "infrastructure failure" in found.error:
            return f"sandbox: {target}: {found.error[:200]}"
    return None


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
        speculate: bool = False,
        money: TaskMoney | None = None,
    ) -> None:
        self.services = services
        self.money = money
        self.refused: CapReached | None = None  # the latest money refusal
        self.journal = journal
        self.record = record
        self.pool = ThreadPool(executor, services) if isinstance(executor, Executor) else executor
        self.max_in_flight = max(1, max_in_flight)
        # Results wait for their turn to be journaled; bounding how far submission may run
        # ahead of the journal bounds both held memory and what a crash can lose.
        self.window = 2 * self.max_in_flight
        self.should_stop = should_stop
        self.paid = 0
        # Seconds each task's latest evaluation took (any strategy): the submission order.
        self.seconds: dict[str, float] = {}
        # Guesses run only in slots real work leaves idle; see `prefetch`.
        self.speculate = speculate
        self.prefetcher = Prefetcher(self.pool)

    def op(self, strategy: Strategy, task_id: str, purpose: Purpose) -> str:
        return evaluation_op(purpose, strategy_id(strategy), task_id, self.services.seed)

    def prefetch(self, guesses: Sequence[Guess]) -> None:
        """Set the batches to evaluate ahead, in that order, in slots real work leaves idle
        (none: stop). Only with `speculate`: a guess's results are journaled when a batch
        asks for the same ops, so the journal does not change, but unasked work is paid.
        """
        if not self.speculate:
            return
        speculations = []
        for guess in guesses:
            for task_id in guess.task_ids:
                op = self.op(guess.strategy, task_id, guess.purpose)
                if op not in self.journal:
                    speculations.append(Speculation(op, guess.strategy, task_id, guess.purpose))
        self.prefetcher.guess(speculations)

    def close(self) -> None:
        """Cancel speculative work that has not started (the search is over)."""
        self.prefetcher.close()

    def evaluate(
        self, strategy: Strategy, task_ids: Sequence[str], purpose: Purpose
    ) -> dict[str, Evaluation]:
        """Per-task evaluations in `task_ids` order; raises StopRequested if stopped midway."""
        return self.evaluate_many([strategy], task_ids, purpose)[0]

    def evaluate_many(
        self, strategies: Sequence[Strategy], task_ids: Sequence[str], purpose: Purpose
    ) -> list[dict[str, Evaluation]]:
        """Each strategy on `task_ids`, as one batch: per strategy, evaluations in `task_ids`
        order. Raises StopRequested if stopped midway.

        One batch rather than one per strategy, so the workers freed at the end of the
        first strategy's tasks start the next one's instead of idling (the release gate's
        champion and baseline). Results are journaled in queue order (strategy by strategy,
        task by task), whatever order they are submitted in (longest first, see `_next`) and
        finish in: one that finishes early waits for its turn, so the journal does not
        depend on the number of workers or their timing. At most `window` evaluations are
        submitted and not yet journaled, which is all a crash can lose. A strategy given
        twice is evaluated once. Evaluations run ahead by `prefetch` are adopted, and the
        rest of the guess fills the slots this batch leaves idle.
        """
        ids = [strategy_id(strategy) for strategy in strategies]
        if len(set(ids)) < len(ids):
            unique = dict(zip(ids, strategies, strict=True))
            evaluated = self.evaluate_many(list(unique.values()), task_ids, purpose)
            by_id = dict(zip(unique, evaluated, strict=True))
            return [by_id[sid] for sid in ids]
        results: list[dict[str, Evaluation]] = [{} for _ in strategies]
        queue: list[tuple[int, str]] = []  # (strategy index, task id), in journal order
        for index, strategy in enumerate(strategies):
            for task_id in task_ids:
                cached = self.journal.get(self.op(strategy, task_id, purpose))
                if cached is not None and isinstance(cached.data, Evaluation):
                    results[index][task_id] = cached.data
                else:
                    queue.append((index, task_id))
        pending: dict[Hashable, str] = {}  # handle -> task id, what pools are given
        entries: dict[Hashable, tuple[int, float]] = {}  # handle -> (queue index, start)
        finished: dict[int, EvaluationResult] = {}
        waiting = set(range(len(queue)))  # queue indexes not submitted yet
        by_task: dict[str, deque[int]] = {}  # task id -> its queue indexes, ascending
        for position, (_, task_id) in enumerate(queue):
            by_task.setdefault(task_id, deque()).append(position)
        for position, (index, task_id) in enumerate(queue):
            adopted = self.prefetcher.take(self.op(strategies[index], task_id, purpose))
            if adopted is None:
                continue
            waiting.discard(position)
            if adopted.done:
                finished[position] = self.pool.result(adopted.handle)
            else:
                pending[adopted.handle] = task_id
                entries[adopted.handle] = (position, adopted.started)
        journaled = 0
        held: dict[int, float] = {}  # queue index -> dollars reserved for it

        def top_up() -> None:
            """Real work first; a slot it cannot use (nothing left inside the journal
            window) runs the next guessed evaluation."""
            while (
                len(pending) + len(self.prefetcher.running) < self.max_in_flight
                and not self.should_stop()
            ):
                position = self._next(by_task, waiting, journaled, len(queue))
                if position is None:
                    if not self.prefetcher.submit_next():
                        return
                    continue
                if self.money is not None and not self._afford(position, held):
                    return
                waiting.discard(position)
                index, task_id = queue[position]
                handle = self.pool.submit(strategies[index], task_id, purpose)
                pending[handle], entries[handle] = task_id, (position, time.monotonic())

        try:
            top_up()  # before journaling what was run ahead: the slots work meanwhile
            while True:
                # Results collected together are committed together: one write, one fsync.
                with self.journal.group():
                    while journaled in finished:
                        index, task_id = queue[journaled]
                        data, record = finished.pop(journaled)
                        if data.infra_error and data.infra_error.startswith("model"):
                            raise ModelUnavailable(data.infra_error.removeprefix("model: "))
                        journaled += 1
                        self.paid += 1
                        op = self.op(strategies[index], task_id, purpose)
                        self._write_trace(op, record)
                        if not (data.infra_error and purpose == "release"):
                            self.record(op, data)  # a release error waits for the gate
                        results[index][task_id] = data
                if journaled == len(queue):
                    break
                top_up()
                in_flight = {**pending, **self.prefetcher.running}
                if not pending and (self.should_stop() or not in_flight):
                    break  # stopped: what was not submitted stays unpaid
                done = self.pool.wait(in_flight)
                self.seconds.update(self.prefetcher.reap([h for h in done if h not in pending]))
                for handle in done:
                    if handle in pending:
                        task_id = pending.pop(handle)
                        position, started = entries.pop(handle)
                        finished[position] = self.pool.result(handle)
                        self.seconds[task_id] = time.monotonic() - started
                        if position in held and self.money is not None:
                            # Settled as it arrives, not when its turn to be journaled
                            # comes: a result waiting behind a longer task must not hold
                            # the reservation that task needs.
                            self.money.settle(held.pop(position), finished[position][0])
                # Hand freed workers their next task before the trace writes and fsyncs at
                # the top of the loop, so a worker never idles while the driver journals
                # (same window, same order).
                top_up()
        finally:
            # Leaving early (lost executor, error, interrupt): what is still pending would
            # be paid for and thrown away; `rsi resume` submits it again.
            if pending:
                self.pool.cancel(list(pending))
        if any(len(done) < len(task_ids) for done in results):
            if self.refused is not None and not self.should_stop():
                raise SpendCapReached(str(self.refused))
            raise StopRequested("stopped with evaluations pending")
        top_up()  # the guess keeps the slots busy while the driver decides what is next
        return [{task_id: done[task_id] for task_id in task_ids} for done in results]

    def _afford(self, position: int, held: dict[int, float]) -> bool:
        """Reserve the evaluation's money; False (and `refused`) when a cap forbids it."""
        assert self.money is not None
        try:
            held[position] = self.money.reserve()
        except CapReached as reached:
            self.refused = reached
            return False
        self.refused = None
        return True

    def _next(
        self, by_task: dict[str, deque[int]], waiting: set[int], journaled: int, total: int
    ) -> int | None:
        """The queue index to submit next: within the journal window, the evaluation whose
        task took longest last time (a task not seen yet counts as longest, then queue
        order), so that a batch ends on short evaluations instead of idling on a long one.

        Candidates stay inside [journaled, journaled + window), so the evaluation the
        journal waits for is always among them: the window can never fill with results
        that wait behind an evaluation not submitted. None: nothing left in the window.
        Only each task's first waiting index can win, so this costs the number of tasks,
        not the window (hundreds of slots make a window of a thousand).
        """
        end = min(total, journaled + self.window)
        best: int | None = None
        best_key = (-math.inf, 0)
        for task_id, positions in by_task.items():
            while positions and positions[0] not in waiting:
                positions.popleft()  # submitted, or adopted from the run-ahead
            if positions and positions[0] < end:
                key = (self.seconds.get(task_id, math.inf), -positions[0])
                if best is None or key > best_key:
                    best, best_key = positions[0], key
        return best

    def _write_trace(self, op: str, record: dict[str, object]) -> None:
        """Full trace and judgement (timings included) beside the journal, for humans."""
        path = self.services.traces_dir / (op.replace(":", "__") + ".json")
        path.parent.mkdir(parents=True, exist_ok=True)
        # orjson: the stdlib encoder cost the driver about 1 ms per 64 KB trace.
        options = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS
        path.write_bytes(orjson.dumps(record, option=options, default=str))
