"""The evaluator's test rig: a real ThreadPoolExecutor and Journal, with `evaluate_one`
replaced by a worker whose tasks finish only when the test opens their gates. The test
sequences itself on the evaluator's own calls to `wait` (one per loop turn), never on time."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from evaluators.judging.judge import JudgeSettings
from evaluators.runners.base import RunnerLimits
from rsi.execution import EvaluationServices, Evaluator, ThreadPool
from rsi.journal import Evaluation, Journal, Purpose, evaluation_op
from search_space import SetScalar, Strategy, apply, strategy_id

THREAD_POOL_WAIT = ThreadPool.wait  # the spy's target, kept before any patch
# Only a deadlock guard: a correct evaluator never makes a test wait on it. `make mutation`
# shortens it, so that a mutant that deadlocks the evaluator fails its test sooner.
GUARD_S = float(os.environ.get("RSI_TEST_GUARD_S", "60"))
PARENT = Strategy(initial_candidates=3, max_candidates=3)
CHILD = apply(PARENT, SetScalar(field="agentSteps", value=14))
SEED = 42


@dataclass(frozen=True)
class FakeTask:
    id: str

    def public(self) -> str:
        return f"public view of {self.id}"


def fake_services(tmp_path: Path, **update: Any) -> EvaluationServices:
    tasks = SimpleNamespace(get=FakeTask)
    fields: dict[str, Any] = {
        "tasks": tasks,
        "runner": None,
        "sandbox": SimpleNamespace(name="fake-sandbox"),
        "judge_settings": JudgeSettings(timeout_cap_s=7),
        "limits": RunnerLimits(wall_s=11),
        "seed": SEED,
        "traces_dir": tmp_path / "traces",
    }
    return EvaluationServices(**(fields | update))


def fake_evaluation(
    strategy: Strategy, task_id: str, purpose: Purpose, success: bool
) -> Evaluation:
    return Evaluation(
        strategy_id=strategy_id(strategy),
        task_id=task_id,
        seed=SEED,
        purpose=purpose,
        success=success,
        initial_outcome="fail" if success else "pass",
        reference_outcome="pass",
    )


class Worker:
    """Stands in for `evaluate_one`: records each call; a gated task waits for its gate."""

    def __init__(self, successes: dict[str, bool] | None = None, gated: Iterable[str] = ()):
        self.successes = successes or {}
        self.gates = {task_id: threading.Event() for task_id in gated}
        self.calls: list[tuple[str, str, str]] = []
        self.services: list[EvaluationServices] = []
        self._lock = threading.Lock()

    def __call__(
        self, services: EvaluationServices, strategy: Strategy, task_id: str, purpose: Purpose
    ) -> tuple[Evaluation, dict[str, object]]:
        with self._lock:
            self.calls.append((strategy_id(strategy), task_id, purpose))
            self.services.append(services)
        gate = self.gates.get(task_id)
        if gate is not None and not gate.wait(GUARD_S):
            raise AssertionError(f"the gate of {task_id} was never opened")
        success = self.successes.get(task_id, False)
        return fake_evaluation(strategy, task_id, purpose, success), {"ran": task_id}

    def open(self, *task_ids: str) -> None:
        for task_id in task_ids:
            self.gates[task_id].set()

    def paid_tasks(self) -> list[str]:
        return [task for _, task, _ in self.calls]


@dataclass
class WaitSpy:
    """Wraps `ThreadPool.wait` as the evaluator calls it: one snapshot per loop turn of the
    tasks it waits on and of how many results were journaled by then."""

    journaled: Callable[[], int]
    snapshots: list[tuple[list[str], int]] = field(default_factory=list)
    turned: threading.Condition = field(default_factory=threading.Condition)

    def __call__(self, pool: ThreadPool, pending: dict[Future[Any], str]) -> Any:
        with self.turned:
            self.snapshots.append((sorted(pending.values()), self.journaled()))
            self.turned.notify_all()
        return THREAD_POOL_WAIT(pool, pending)

    def reached(self, turns: int) -> tuple[list[str], int]:
        """Block until the evaluator has started its `turns`-th wait; return that snapshot."""
        with self.turned:
            assert self.turned.wait_for(lambda: len(self.snapshots) >= turns, GUARD_S), (
                f"the evaluator never reached wait #{turns}: {self.snapshots}"
            )
            return self.snapshots[turns - 1]


@dataclass
class Rig:
    journal: Journal
    recorded: list[str]
    evaluator: Evaluator
    worker: Worker
    spy: WaitSpy

    def op(self, task_id: str, purpose: Purpose = "train", strategy: Strategy = PARENT) -> str:
        return evaluation_op(purpose, strategy_id(strategy), task_id, SEED)

    def watch_submissions(self) -> list[str]:
        """From now on, the task id of every evaluation handed to the pool, in order."""
        submitted: list[str] = []
        submit = self.evaluator.pool.submit

        def spy(strategy: Strategy, task_id: str, purpose: Purpose) -> Any:
            submitted.append(task_id)
            return submit(strategy, task_id, purpose)

        self.evaluator.pool.submit = spy  # type: ignore[method-assign]
        return submitted


@contextmanager
def rig(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    worker: Worker,
    *,
    max_in_flight: int,
    workers: int = 8,
    should_stop: Callable[[], bool] = lambda: False,
    run: str = "run",
) -> Iterator[Rig]:
    monkeypatch.setattr("rsi.execution.evaluation.evaluate_one", worker)
    journal = Journal(tmp_path / run)
    recorded: list[str] = []

    def record(op: str, data: Evaluation) -> object:
        recorded.append(op)
        return journal.append(op, data)

    spy = WaitSpy(journaled=lambda: len(recorded))
    monkeypatch.setattr(ThreadPool, "wait", lambda pool, pending: spy(pool, pending))
    with ThreadPoolExecutor(workers) as pool:
        evaluator = Evaluator(
            fake_services(tmp_path),
            journal,
            record,
            pool,
            max_in_flight=max_in_flight,
            should_stop=should_stop,
        )
        try:
            yield Rig(journal, recorded, evaluator, worker, spy)
        finally:
            for gate in worker.gates.values():
                gate.set()  # never leave a pool thread blocked behind a failed assertion
            journal.close()


class Background:
    """Runs one `evaluate` call on its own thread, so the test can open gates meanwhile."""

    def __init__(self, call: Callable[[], dict[str, Evaluation]]) -> None:
        self.result: dict[str, Evaluation] | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(call,), daemon=True)
        self._thread.start()

    def _run(self, call: Callable[[], dict[str, Evaluation]]) -> None:
        try:
            self.result = call()
        except BaseException as error:  # noqa: BLE001 - handed back to the test thread
            self.error = error

    def join(self) -> dict[str, Evaluation]:
        self._thread.join(GUARD_S)
        assert not self._thread.is_alive(), "evaluate never returned"
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result
