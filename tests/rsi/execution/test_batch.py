"""One batch's scheduling (rsi.execution.batch): what is submitted when, and what reaches the
journal in which order. More of its rules are tested through the evaluator in
test_evaluation.py; the tests here kill what a mutation run over batch.py left alive.

The evaluator rig of tests/support/evaluator_rig.py: a real ThreadPoolExecutor and Journal,
with `evaluate_one` replaced by a worker whose gated tasks finish when the test says so.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable
from pathlib import Path

import pytest

from evaluators.llm import MoneyCaps, MoneyLedger
from rsi.execution import (
    EvaluationServices,
    ModelStopped,
    PrefetchBatch,
    SpendCapReached,
    StopRequested,
)
from rsi.journal import Evaluation, Purpose, op_file_name
from search_space import Strategy
from tests.support.evaluator_rig import CHILD, PARENT, Background, Rig, Worker, rig


class Traced(Worker):
    """A worker whose listed tasks come back with the given infrastructure error and, where
    given, trace (None: the task's own)."""

    def __init__(
        self,
        traced: dict[str, tuple[str | None, dict[str, object] | None]],
        gated: Iterable[str] = (),
    ) -> None:
        super().__init__(gated=gated)
        self.traced = traced

    def __call__(
        self, services: EvaluationServices, strategy: Strategy, task_id: str, purpose: Purpose
    ) -> tuple[Evaluation, dict[str, object]]:
        evaluation, record = super().__call__(services, strategy, task_id, purpose)
        if task_id in self.traced:
            error, trace = self.traced[task_id]
            update: dict[str, object] = {"infra_error": error}
            if trace is not None:
                update["trace"] = trace
            evaluation = evaluation.model_copy(update=update)
        return evaluation, record


def breaking(errors: dict[str, str], gated: Iterable[str] = ()) -> Traced:
    """A worker whose listed tasks come back with an infrastructure error; a health stop's
    trace says its cause and what the task had used."""

    def trace_of(error: str) -> dict[str, object] | None:
        if not error.startswith("model"):
            return None  # the task's own trace
        return {
            "phases": [{"phase": "model-stop", "cause": "slow", "message": error[7:]}],
            "usage": {"calls": 3, "input_tokens": 30, "output_tokens": 0},
        }

    return Traced({task: (error, trace_of(error)) for task, error in errors.items()}, gated)


class Dollars:
    """`TaskMoney` on a real `MoneyLedger`: $1 held per evaluation, `cost` spent on each."""

    def __init__(self, cap: float, cost: float) -> None:
        self.ledger = MoneyLedger(MoneyCaps(total=cap))
        self.cost = cost
        self.settled: list[str] = []  # task ids, in the order they were settled

    def reserve(self) -> float:
        self.ledger.reserve("generator", 1.0)
        return 1.0

    def settle(self, reserved: float, evaluation: Evaluation) -> None:
        self.ledger.settle("generator", reserved, self.cost)
        self.settled.append(evaluation.task_id)


def _watch_cancels(r: Rig) -> list[Hashable]:
    cancelled: list[Hashable] = []
    cancel = r.evaluator.pool.cancel

    def spy(handles: Iterable[Hashable]) -> None:
        handles = list(handles)
        cancelled.extend(handles)
        cancel(handles)

    r.evaluator.pool.cancel = spy  # type: ignore[method-assign]
    return cancelled


def _traced(tmp_path: Path) -> list[str]:
    traces = tmp_path / "traces"
    return sorted(path.name for path in traces.iterdir()) if traces.is_dir() else []


# --- infrastructure errors ------------------------------------------------------------------


def test_an_unreachable_model_stops_the_batch_unjournaled_and_cancels_what_is_pending(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result the journal waits for says the model's health stopped: nothing from it
    on is journaled or traced, the stop carries the cause, the message and what the
    abandoned evaluation used, and the evaluations still pending are cancelled (a resume
    submits them again)."""
    tasks = ["t0", "t1", "t2", "t3"]
    worker = breaking({"t1": "model: circuit open after 3 failures"}, gated=tasks)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        cancelled = _watch_cancels(r)
        call = Background(lambda: r.evaluator.evaluate(PARENT, tasks, "train"))
        assert r.spy.reached(1) == (["t0", "t1"], 0)
        worker.open("t0")
        assert r.spy.reached(2) == (["t1", "t2"], 1)
        worker.open("t1")
        with pytest.raises(ModelStopped) as stopped:
            call.join()
        assert str(stopped.value) == "circuit open after 3 failures"
        assert stopped.value.cause == "slow"
        assert [(a.op, a.calls, a.input_tokens) for a in stopped.value.abandoned] == [
            (r.op("t1"), 3, 30)
        ]
        assert r.recorded == [r.op("t0")] and r.evaluator.paid == 1
        assert _traced(tmp_path) == [op_file_name(r.op("t0"))]
        assert len(cancelled) == 2  # t2, and t3 submitted in the slot t1 freed


@pytest.mark.parametrize(
    ("phases", "message", "cause"),
    [
        # A runner that writes no `model-stop` phase: the error's words, and unreachable.
        ((), "no reply in 3 tries", "unreachable"),
        ([{"phase": "planning"}], "no reply in 3 tries", "unreachable"),
        # The phase's own message and cause win over the error's one line.
        (
            [{"phase": "planning"}, {"phase": "model-stop", "cause": "format", "message": "prose"}],
            "prose",
            "format",
        ),
    ],
)
def test_a_model_stop_says_its_cause_and_what_every_waiting_evaluation_used(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    phases: list[dict[str, str]],
    message: str,
    cause: str,
) -> None:
    """An evaluation waiting behind the stopped one is abandoned with it, also when all it
    used were remembered calls; usage a trace does not state counts as none."""
    stopped_trace: dict[str, object] = {"usage": {"calls": 3}}
    if phases:
        stopped_trace["phases"] = phases
    worker = Traced(
        {
            "t0": ("model: no reply in 3 tries", stopped_trace),
            "t1": (None, {"usage": {"remembered_calls": 2, "input_tokens": 5}}),
        },
        gated=["t0", "t1"],
    )
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["t0", "t1"], "train"))
        assert r.spy.reached(1) == (["t0", "t1"], 0)
        worker.open("t1")
        assert r.spy.reached(2) == (["t0"], 0)  # t1 finished, waiting for t0
        worker.open("t0")
        with pytest.raises(ModelStopped) as stopped:
            call.join()
    assert (str(stopped.value), stopped.value.cause) == (message, cause)
    assert [a.model_dump() for a in stopped.value.abandoned] == [
        {
            "op": r.op("t0"),
            "calls": 3,
            "remembered_calls": 0,
            "input_tokens": 0,
            "output_tokens": 0,
        },
        {
            "op": r.op("t1"),
            "calls": 0,
            "remembered_calls": 2,
            "input_tokens": 5,
            "output_tokens": 0,
        },
    ]
    assert r.recorded == []


@pytest.mark.parametrize("purpose", ["train", "release"])
def test_a_sandbox_failure_is_journaled_except_in_the_release_gate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, purpose: Purpose
) -> None:
    """Only a model error stops the batch. A sandbox failure is journaled like any result,
    but on the release split it waits for the gate (which retries or reports it), so
    only its trace is written; the batch returns it either way."""
    worker = breaking({"b": "sandbox: initial: infrastructure failure"})
    with rig(tmp_path, monkeypatch, worker, max_in_flight=1) as r:
        results = r.evaluator.evaluate(PARENT, ["a", "b", "c"], purpose)
        expected = ["a", "c"] if purpose == "release" else ["a", "b", "c"]
        assert r.recorded == [r.op(t, purpose) for t in expected]
        assert results["b"].infra_error == "sandbox: initial: infrastructure failure"
        assert results["a"].infra_error is None and list(results) == ["a", "b", "c"]
        assert _traced(tmp_path) == sorted(op_file_name(r.op(t, purpose)) for t in "abc")
        assert r.evaluator.paid == 3


# --- money ----------------------------------------------------------------------------------


def test_money_is_settled_as_each_result_arrives_not_when_it_is_journaled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """$2 may be held, $1 per evaluation: t1 finishing behind t0 frees its dollar at once,
    so t2 starts while the journal still waits for t0."""
    tasks = ["t0", "t1", "t2"]
    worker = Worker(gated=tasks)
    money = Dollars(cap=2.0, cost=0.0)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.money = money
        call = Background(lambda: r.evaluator.evaluate(PARENT, tasks, "train"))
        assert r.spy.reached(1) == (["t0", "t1"], 0)
        worker.open("t1")
        assert r.spy.reached(2) == (["t0", "t2"], 0)
        worker.open("t0", "t2")
        call.join()
    assert r.recorded == [r.op(t) for t in tasks]
    assert money.settled[0] == "t1" and sorted(money.settled) == tasks
    assert r.evaluator.refused is None


def test_a_money_cap_ends_the_batch_with_what_it_could_pay_journaled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """$2 in all at $1 each: two evaluations run, the third is never submitted, and the
    batch ends with `SpendCapReached` naming the cap."""
    worker = Worker()
    money = Dollars(cap=2.0, cost=1.0)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=1) as r:
        r.evaluator.money = money
        with pytest.raises(SpendCapReached, match=r"max_usd \$2\.00"):
            r.evaluator.evaluate(PARENT, ["t0", "t1", "t2", "t3"], "train")
        assert r.recorded == [r.op("t0"), r.op("t1")] and worker.paid_tasks() == ["t0", "t1"]
        assert money.ledger.spent()["generator"] == 2.0


# --- slots, window and order ----------------------------------------------------------------


def test_a_full_window_counts_one_stall_each_time_it_leaves_a_slot_idle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """max_in_flight 2, window 8, t0 holding the journal: once t7 is in, each top-up that
    finds a free slot and nothing inside the window counts one stall."""
    tasks = [f"t{i}" for i in range(10)]
    worker = Worker(gated=tasks)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        call = Background(lambda: r.evaluator.evaluate(PARENT, tasks, "train"))
        for turn in range(1, 8):
            worker.open(f"t{turn}")
            r.spy.reached(turn + 1)
        assert r.evaluator.window_stalls == 2  # after collecting t7, and after journaling
        worker.open("t0")  # one more before t0 is journaled, then t8 and t9 fit
        assert r.spy.reached(9) == (["t8", "t9"], 8)
        worker.open("t8", "t9")
        call.join()
    assert r.evaluator.window_stalls == 3


def test_prefetch_takes_only_an_idle_slot_never_a_place_queued_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two slots and one place queued ahead: `a` and the prefetched `x` fill the slots, so
    `y` waits although the pool would queue one more."""
    worker = Worker(gated=["a", "x", "y"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.queue_ahead = 1
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("x", "y"), "train")])
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["a"], "train"))
        assert r.spy.reached(1) == (["a", "x"], 0)
        worker.open("a", "x", "y")
        call.join()


def test_every_idle_slot_gets_a_prefetched_evaluation_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four slots, one real evaluation: the three idle ones each start a prefetched one
    before the batch first waits."""
    worker = Worker(gated=["a", "x", "y", "z"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=4) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("x", "y", "z"), "train")])
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["a"], "train"))
        assert r.spy.reached(1) == (["a", "x", "y", "z"], 0)
        worker.open("a", "x", "y", "z")
        call.join()


def test_the_lookahead_starts_at_the_first_evaluation_not_yet_submitted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One slot, lookahead 2: t0 (longer than t1), then t2 (the first not submitted is t1,
    so the choice is among t1 and t2), then t1, the only one of [t1, t1 + 2) not yet
    submitted: t3, although longer, waits until the lookahead reaches it."""
    tasks = ["t0", "t1", "t2", "t3"]
    with rig(tmp_path, monkeypatch, Worker(), max_in_flight=1) as r:
        r.evaluator.seconds.update({"t0": 5.0, "t1": 1.0, "t2": 9.0, "t3": 7.0})
        submitted = r.watch_submissions()
        r.evaluator.evaluate(PARENT, tasks, "train")
    assert submitted == ["t0", "t2", "t1", "t3"]
    assert r.recorded == [r.op(t) for t in tasks]


def test_measured_durations_lie_within_the_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each task's seconds (the longest-first order) are measured from its own start,
    whether the batch submitted it or adopted it still running from the prefetch."""
    worker = Worker(gated=["b"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        before = time.monotonic()
        r.evaluator.prefetch([PrefetchBatch(PARENT, ("b",), "train")])
        r.evaluator.evaluate(PARENT, ["a"], "train")  # `b` starts in the idle slot
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["b", "c"], "train"))
        r.spy.reached(3)
        worker.open("b")
        call.join()
        elapsed = time.monotonic() - before
        assert r.evaluator.prefetcher.stats.adopted == 1
    assert set(r.evaluator.seconds) == {"a", "b", "c"}
    assert all(0.0 <= seconds <= elapsed for seconds in r.evaluator.seconds.values())


# --- stopping -------------------------------------------------------------------------------


def test_a_stop_does_not_wait_for_prefetched_work_still_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing of the batch in flight and a stop requested: the batch ends at once, while
    the prefetched `x` still holds its slot."""
    worker = Worker(gated=["b", "x"])
    stopping = {"now": False}
    with rig(
        tmp_path, monkeypatch, worker, max_in_flight=2, should_stop=lambda: stopping["now"]
    ) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("x",), "train")])
        r.evaluator.evaluate(PARENT, ["a"], "train")
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["b", "c"], "train"))
        assert r.spy.reached(2)[0] == ["b", "x"]
        stopping["now"] = True
        worker.open("b")
        with pytest.raises(StopRequested):
            call.join()  # `x` is still gated
        assert list(r.evaluator.prefetcher.running.values()) == ["x"]
        worker.open("x")
        r.evaluator.close(finished=False)
    assert r.recorded == [r.op("a"), r.op("b")]
