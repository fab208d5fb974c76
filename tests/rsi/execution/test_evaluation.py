"""The evaluation cache (docs/design.md sections 7 and 8): a journaled evaluation is never paid
for twice, results are journaled in submission order whatever order they finish in, and
submission never runs further ahead of the journal than the in-flight bound and its window,
and the result the journal waits for is submitted within the lookahead.

Evaluator tests use a real ThreadPoolExecutor and a real Journal, with `evaluate_one`
replaced by a worker whose tasks finish only when the test opens their gates. The test
sequences itself on the evaluator's own calls to `wait` (one per loop turn), never on time.
`evaluate_one` itself is tested with a fake runner and judge (no sandbox).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from evaluators.judging.judge import TargetKind, TargetResult, TaskJudgement
from evaluators.judging.judge_memo import RememberedJudgements
from evaluators.runners.base import RunnerLimits, RunnerResult, Trace, Usage
from evaluators.sandbox import Isolation, Outcome
from rsi.execution import EvaluationServices, Evaluator, PrefetchBatch, StopRequested, evaluate_one
from rsi.execution.evaluation import TRAJECTORY
from rsi.journal import Evaluation, Journal, Purpose, evaluation_op
from search_space import SetScalar, Strategy, apply, strategy_id
from tests.support.evaluator_rig import (
    CHILD,
    PARENT,
    SEED,
    Background,
    FakeTask,
    Worker,
    fake_services,
    rig,
)

# --- fakes ----------------------------------------------------------------------------------


# --- the cache ------------------------------------------------------------------------------


def test_a_journaled_evaluation_is_never_paid_for_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker({"a": True, "c": True, "d": True})
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        first = r.evaluator.evaluate(PARENT, ["a", "b", "c"], "train")
        assert list(first) == ["a", "b", "c"]
        assert [first[t].success for t in first] == [True, False, True]
        assert r.recorded == [r.op("a"), r.op("b"), r.op("c")]
        assert r.evaluator.paid == 3 and sorted(worker.paid_tasks()) == ["a", "b", "c"]
        assert all(services is r.evaluator.services for services in worker.services)
        # Cached tasks come back from the journal in the order asked; only `d` is paid.
        second = r.evaluator.evaluate(PARENT, ["c", "d", "a"], "train")
        assert list(second) == ["c", "d", "a"]
        assert second["c"] == first["c"] and second["a"] == first["a"]
        assert second["d"].success is True
        assert worker.paid_tasks()[3:] == ["d"] and r.evaluator.paid == 4
        assert r.recorded[3:] == [r.op("d")]
        # The key is (strategy, task, seed, purpose): another purpose or strategy is paid.
        r.evaluator.evaluate(PARENT, ["a"], "dev")
        r.evaluator.evaluate(CHILD, ["a"], "train")
        assert r.recorded[4:] == [r.op("a", "dev"), r.op("a", "train", CHILD)]
        assert worker.calls[4:] == [
            (strategy_id(PARENT), "a", "dev"),
            (strategy_id(CHILD), "a", "train"),
        ]
        assert r.evaluator.paid == 6
        journaled = [e.op for e in r.journal.events]
    assert journaled == r.recorded
    # A fresh evaluator on the reopened journal (a resume) pays for nothing known.
    again = Worker({"e": True})
    with rig(tmp_path, monkeypatch, again, max_in_flight=2) as resumed:
        results = resumed.evaluator.evaluate(PARENT, ["a", "b", "c", "d", "e"], "train")
        assert again.paid_tasks() == ["e"] and resumed.evaluator.paid == 1
        assert [results[t].success for t in results] == [True, False, True, True, True]
        assert resumed.recorded == [resumed.op("e")]


def test_another_seed_is_another_evaluation(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "run")
    with ThreadPoolExecutor(1) as pool:
        evaluator = Evaluator(
            fake_services(tmp_path, seed=7),
            journal,
            journal.append,
            pool,
            max_in_flight=1,
            should_stop=lambda: False,
        )
        assert evaluator.op(PARENT, "a", "dev") == evaluation_op("dev", strategy_id(PARENT), "a", 7)
    journal.close()


class RecordingWorker(Worker):
    """Returns a record with unsorted keys and a value JSON cannot hold as such."""

    def __call__(
        self, services: EvaluationServices, strategy: Strategy, task_id: str, purpose: Purpose
    ) -> tuple[Evaluation, dict[str, object]]:
        data, _ = super().__call__(services, strategy, task_id, purpose)
        return data, {"zeta": 1, "alpha": {"where": Path("/x") / task_id}}


def test_each_paid_result_leaves_its_full_record_in_the_traces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with rig(tmp_path, monkeypatch, RecordingWorker(), max_in_flight=1) as r:
        traces = tmp_path / "runs" / "run-1" / "traces"  # created with its parents
        r.evaluator.services = fake_services(tmp_path, traces_dir=traces)
        r.evaluator.evaluate(PARENT, ["a", "b"], "train")
        names = {r.op(t).replace(":", "__") + ".json": t for t in ("a", "b")}
        assert sorted(p.name for p in traces.iterdir()) == sorted(names)
        for name, task_id in names.items():
            text = (traces / name).read_text()
            assert json.loads(text) == {"alpha": {"where": f"/x/{task_id}"}, "zeta": 1}
            assert text.index('"alpha"') < text.index('"zeta"')  # sorted keys
            assert text.count("\n") >= 3  # indented for people, one key per line


# --- order and bounds -----------------------------------------------------------------------


def test_results_are_journaled_in_submission_order_whatever_order_they_finish_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = ["t0", "t1", "t2"]
    worker = Worker({"t1": True}, gated=tasks)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=3) as r:
        call = Background(lambda: r.evaluator.evaluate(PARENT, tasks, "train"))
        assert r.spy.reached(1) == (tasks, 0)
        worker.open("t2")  # the last submitted finishes first: it waits for its turn
        assert r.spy.reached(2) == (["t0", "t1"], 0)
        worker.open("t1")
        assert r.spy.reached(3) == (["t0"], 0)
        worker.open("t0")
        results = call.join()
    assert r.recorded == [r.op(t) for t in tasks]
    assert [e.op for e in r.journal.events] == r.recorded
    assert list(results) == tasks and [results[t].success for t in tasks] == [False, True, False]


def test_submission_is_bounded_by_the_in_flight_limit_and_the_journal_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """max_in_flight 2: at most two running, and at most 4 * 2 submitted but unjournaled."""
    tasks = [f"t{i}" for i in range(10)]
    worker = Worker(gated=tasks)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        assert r.evaluator.window == 8
        call = Background(lambda: r.evaluator.evaluate(PARENT, tasks, "train"))
        assert r.spy.reached(1) == (["t0", "t1"], 0)
        for turn in range(1, 7):  # t0 holds the journal: later results wait behind it
            worker.open(f"t{turn}")
            assert r.spy.reached(turn + 1) == (["t0", f"t{turn + 1}"], 0)
        worker.open("t7")
        # Eight submitted, none journaled: the window is full, so t8 waits although a
        # worker is free.
        assert r.spy.reached(8) == (["t0"], 0)
        assert worker.paid_tasks() == tasks[:8]
        assert r.evaluator.window_stalls > 0
        worker.open("t0")
        assert r.spy.reached(9) == (["t8", "t9"], 8)
        worker.open("t8", "t9")
        call.join()
    assert r.recorded == [r.op(t) for t in tasks]
    assert r.evaluator.paid == 10


def test_the_result_the_journal_waits_for_is_submitted_within_the_lookahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One slot, window 4, lookahead 2: longest first, but only among the next two not
    submitted, so the short t0 the journal waits for is not left to the window's end
    (where results would pile up behind it while slots idle)."""
    tasks = ["t0", "t1", "t2", "t3"]
    with rig(tmp_path, monkeypatch, Worker(), max_in_flight=1) as r:
        assert (r.evaluator.window, r.evaluator.lookahead) == (4, 2)
        r.evaluator.seconds.update({"t0": 1.0, "t1": 5.0, "t2": 4.0, "t3": 3.0})
        submitted = r.watch_submissions()
        r.evaluator.evaluate(PARENT, tasks, "train")
    assert submitted == ["t1", "t0", "t2", "t3"]
    assert r.recorded == [r.op(t) for t in tasks]


def test_a_pool_that_queues_ahead_gets_that_many_beyond_its_slots_never_for_prefetch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cluster's pool keeps `queue_ahead` evaluations submitted beyond the slots, so a
    freed slot starts the next without the driver's round trip; prefetched work only ever
    takes an idle slot, never the queue."""
    tasks = ["t0", "t1", "t2", "t3"]
    worker = Worker(gated=tasks)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.queue_ahead = 1
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("x",), "train")])
        call = Background(lambda: r.evaluator.evaluate(PARENT, tasks, "train"))
        assert r.spy.reached(1) == (["t0", "t1", "t2"], 0)
        worker.open("t0")
        assert r.spy.reached(2) == (["t1", "t2", "t3"], 1)
        worker.open("t1")
        # Two left in flight: both slots busy, so the free place in the queue stays empty.
        assert r.spy.reached(3) == (["t2", "t3"], 2)
        worker.open("t2", "t3")
        call.join()
    assert r.recorded == [r.op(t) for t in tasks]
    assert r.evaluator.prefetcher.stats.submitted == 1  # once the batch left a slot idle


def test_several_strategies_run_as_one_batch_and_are_journaled_strategy_by_strategy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The release gate's champion and baseline: no barrier between the two strategies."""
    worker = Worker({"a": True}, gated=["b"])  # both strategies' `b` wait on one gate
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        call = Background(lambda: r.evaluator.evaluate_many([PARENT, CHILD], ["a", "b"], "dev"))
        # The parent's `b` still runs and the worker freed by its `a` moved on to the
        # child's tasks: `b` first, since how long `b` takes is not known yet and `a` is.
        assert r.spy.reached(2) == (["b", "b"], 1)
        assert r.recorded == [r.op("a", "dev")]
        worker.open("b")
        parent, child = call.join()  # type: ignore[misc]
    assert r.recorded == [r.op(t, "dev", s) for s in (PARENT, CHILD) for t in ("a", "b")]
    assert [parent["a"].strategy_id, child["a"].strategy_id] == [
        strategy_id(PARENT),
        strategy_id(CHILD),
    ]
    assert list(parent) == list(child) == ["a", "b"]


def test_longest_tasks_are_submitted_first_and_journaled_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Within the window: unknown durations first, then the longest last time."""
    tasks = ["t0", "t1", "t2", "t3"]
    with rig(tmp_path, monkeypatch, Worker(), max_in_flight=2) as r:
        r.evaluator.seconds.update({"t0": 1.0, "t1": 5.0, "t2": 3.0})
        submitted = r.watch_submissions()
        results = r.evaluator.evaluate(PARENT, tasks, "train")
    assert submitted == ["t3", "t1", "t2", "t0"]
    assert r.recorded == [r.op(t) for t in tasks] and list(results) == tasks
    assert set(r.evaluator.seconds) == set(tasks)  # every duration is remembered


def test_a_strategy_given_twice_is_paid_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A champion that is the initial strategy is gated against itself for free."""
    worker = Worker({"a": True})
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        first, second = r.evaluator.evaluate_many([PARENT, PARENT], ["a", "b"], "release")
    assert worker.paid_tasks() == ["a", "b"] and r.evaluator.paid == 2
    assert first == second and first["a"].success and not first["b"].success


def test_at_least_one_evaluation_is_in_flight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = ["t0", "t1"]
    worker = Worker(gated=tasks)
    with rig(tmp_path, monkeypatch, worker, max_in_flight=0) as r:
        assert (r.evaluator.max_in_flight, r.evaluator.window) == (1, 4)
        call = Background(lambda: r.evaluator.evaluate(PARENT, tasks, "train"))
        assert r.spy.reached(1) == (["t0"], 0)
        worker.open("t0")
        assert r.spy.reached(2) == (["t1"], 1)
        worker.open("t1")
        assert list(call.join()) == tasks


# --- stopping -------------------------------------------------------------------------------


def test_a_stop_journals_what_finished_and_a_resume_pays_only_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = ["t0", "t1", "t2", "t3"]
    worker = Worker({"t0": True, "t3": True})
    stop_after_two = lambda: len(worker.calls) >= 2  # noqa: E731
    with rig(tmp_path, monkeypatch, worker, max_in_flight=1, should_stop=stop_after_two) as r:
        with pytest.raises(StopRequested) as stopped:
            r.evaluator.evaluate(PARENT, tasks, "train")
        assert str(stopped.value) == "stopped with evaluations pending"
        assert r.recorded == [r.op("t0"), r.op("t1")] and r.evaluator.paid == 2
    rest = Worker({"t3": True})
    with rig(tmp_path, monkeypatch, rest, max_in_flight=1) as resumed:
        results = resumed.evaluator.evaluate(PARENT, tasks, "train")
        assert rest.paid_tasks() == ["t2", "t3"]
        assert [results[t].success for t in tasks] == [True, False, False, True]


def test_a_stop_before_any_work_pays_nothing_unless_everything_is_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker({"a": True})
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.evaluate(PARENT, ["a"], "train")
    stopped = Worker()
    with rig(tmp_path, monkeypatch, stopped, max_in_flight=2, should_stop=lambda: True) as r:
        assert r.evaluator.evaluate(PARENT, ["a"], "train")["a"].success is True
        with pytest.raises(StopRequested):
            r.evaluator.evaluate(PARENT, ["a", "b"], "train")
        assert stopped.calls == [] and r.recorded == [] and r.spy.snapshots == []


# --- evaluate_one: runner, then judge -------------------------------------------------------


class FakeRunner:
    """Writes a submission with run.sh (or none), and a trace with output and timings."""

    name = "fake"

    def __init__(self, *, submit: bool = True, error: str | None = None) -> None:
        self.submit = submit
        self.error = error
        self.workdirs: list[Path] = []
        self.seen: list[tuple[Strategy, object, RunnerLimits]] = []

    def run(self, strategy: Strategy, task: Any, limits: RunnerLimits, workdir: Path) -> Any:
        self.workdirs.append(workdir)
        self.seen.append((strategy, task, limits))
        assert workdir.is_dir() and not any(workdir.iterdir()), "the workdir must be fresh"
        trace = Trace(
            runner=self.name,
            task_id=str(task),
            phases=({"phase": "planning", "clauses_read": 2},),
            tool_output="$ pytest\n3 passed",
            usage=Usage(calls=3, steps=4, seconds=1.5),
            error=self.error,
        )
        if not self.submit:
            return RunnerResult(submission=None, trace=trace)
        submission = workdir / "submission"
        submission.mkdir()
        (submission / "run.sh").write_text("exit 0\n")
        return RunnerResult(submission=submission, trace=trace)

    def health_check(self, strategy: Strategy) -> None:
        return None


@dataclass
class FakeJudge:
    initial: Outcome | None
    reference: Outcome | None
    calls: list[tuple[object, Path, object, object]] = field(default_factory=list)

    def __call__(self, task: object, submission: Path, sandbox: object, *, settings: object) -> Any:
        assert (submission / "run.sh").is_file()
        self.calls.append((task, submission, sandbox, settings))
        scores = SimpleNamespace(initial=self.initial, reference=self.reference)
        return SimpleNamespace(
            outcomes=lambda: scores,
            result=lambda target: None,  # no target's run failed for the sandbox's own reasons
            model_dump=lambda mode: {"judged": task.id, "mode": mode},  # type: ignore[attr-defined]
        )


@pytest.mark.parametrize(
    ("initial", "reference", "success", "outcomes"),
    [
        (Outcome.FAIL, Outcome.PASS, True, ("fail", "pass")),
        (Outcome.PASS, Outcome.PASS, False, ("pass", "pass")),
        (Outcome.FAIL, Outcome.FAIL, False, ("fail", "fail")),
        (Outcome.FAIL, Outcome.ERROR, False, ("fail", "error")),
        (Outcome.TIMEOUT, Outcome.PASS, False, ("timeout", "pass")),
        (None, Outcome.PASS, False, ("missing", "pass")),
        (Outcome.FAIL, None, False, ("fail", "missing")),
    ],
)
def test_success_means_the_suite_rejects_the_initial_and_accepts_the_reference(
    tmp_path: Path,
    initial: Outcome | None,
    reference: Outcome | None,
    success: bool,
    outcomes: Sequence[str],
) -> None:
    runner, judge = FakeRunner(), FakeJudge(initial, reference)
    services = fake_services(tmp_path, runner=runner, judge=judge)
    data, record = evaluate_one(services, CHILD, "task-1", "dev")
    assert data.success is success
    assert (data.initial_outcome, data.reference_outcome) == tuple(outcomes)
    assert (data.strategy_id, data.task_id, data.seed, data.purpose) == (
        strategy_id(CHILD),
        "task-1",
        SEED,
        "dev",
    )
    assert data.runner_error is None
    assert record["judgement"] == {"judged": "task-1", "mode": "json"}
    # The runner saw the strategy, the public task and the run's limits; the judge saw the
    # task, the runner's submission, the sandbox and the judge settings.
    assert runner.seen == [(CHILD, "public view of task-1", services.limits)]
    [(task, submission, sandbox, settings)] = judge.calls
    assert submission == runner.workdirs[0] / "submission"
    assert sandbox is services.sandbox and settings == services.judge_settings
    assert task == FakeTask("task-1")


def test_the_journal_keeps_the_deterministic_trace_and_the_record_keeps_everything(
    tmp_path: Path,
) -> None:
    runner = FakeRunner()
    services = fake_services(tmp_path, runner=runner, judge=FakeJudge(Outcome.FAIL, Outcome.PASS))
    data, record = evaluate_one(services, PARENT, "task-1", "train")
    assert "tool_output" not in data.trace
    assert data.trace["usage"] == {
        "calls": 3,
        "remembered_calls": 0,
        "input_tokens": 0,
        "output_tokens": 0,
        "steps": 4,
    }
    assert data.trace["phases"] == [{"phase": "planning", "clauses_read": 2}]
    full = record["trace"]
    assert isinstance(full, dict)
    assert full["tool_output"] == "$ pytest\n3 passed" and full["usage"]["seconds"] == 1.5
    assert full["timings"] == [] and "timings" not in data.trace  # timings stay out too
    assert {k: v for k, v in full.items() if k not in ("tool_output", "timings")} | {
        "usage": data.trace["usage"]
    } == data.trace
    # The run's scratch directory is gone afterwards.
    [workdir] = runner.workdirs
    assert not workdir.exists() and workdir.name.startswith("rsi-task-1-")


@pytest.mark.parametrize(
    ("runner", "error"),
    [
        (FakeRunner(submit=False), "no submission"),
        (FakeRunner(submit=False, error="model refused"), "model refused"),
    ],
)
def test_no_submission_is_a_recorded_failure_and_is_not_judged(
    tmp_path: Path, runner: FakeRunner, error: str
) -> None:
    judge = FakeJudge(Outcome.FAIL, Outcome.PASS)
    services = fake_services(tmp_path, runner=runner, judge=judge)
    data, record = evaluate_one(services, PARENT, "task-1", "train")
    assert judge.calls == []
    assert data.success is False and data.runner_error == error
    assert (data.initial_outcome, data.reference_outcome) == ("not-run", "not-run")
    assert (data.strategy_id, data.task_id, data.seed, data.purpose) == (
        strategy_id(PARENT),
        "task-1",
        SEED,
        "train",
    )
    assert "tool_output" not in data.trace and "seconds" not in data.trace["usage"]
    assert set(record) == {"trace", "ran", TRAJECTORY}  # no judgement: nothing was judged
    assert record["trace"]["tool_output"] == "$ pytest\n3 passed"  # type: ignore[index]
    assert not runner.workdirs[-1].exists()


class SelfCleaningRunner(FakeRunner):
    """Removes its own workdir before returning (cleanup must not then fail the task)."""

    def run(self, strategy: Strategy, task: Any, limits: RunnerLimits, workdir: Path) -> Any:
        result = super().run(strategy, task, limits, workdir)
        shutil.rmtree(workdir)
        return result.model_copy(update={"submission": None})


def test_cleanup_never_fails_an_evaluation(tmp_path: Path) -> None:
    runner = SelfCleaningRunner()
    services = fake_services(tmp_path, runner=runner, judge=FakeJudge(Outcome.FAIL, Outcome.PASS))
    data, _ = evaluate_one(services, PARENT, "task-1", "train")
    assert data.runner_error == "no submission" and not runner.workdirs[0].exists()


# --- evaluate_one: identical submissions are judged once ------------------------------------


@dataclass(frozen=True)
class RootedTask(FakeTask):
    root: Path = Path("/tasks/fake")


class ScriptRunner(FakeRunner):
    """Hands in one of two suites: which one, the strategy's agentSteps decides."""

    def run(self, strategy: Strategy, task: Any, limits: RunnerLimits, workdir: Path) -> Any:
        result = super().run(strategy, task, limits, workdir)
        (workdir / "submission" / "run.sh").write_text(f"exit {int(strategy.agent_steps > 12)}\n")
        return result


@dataclass
class VerdictJudge:
    """The real verdict type, with `initial` as the initial program's outcome; an `error`
    outcome is the sandbox's failure when `infrastructure`, else the suite's own."""

    initial: Outcome
    calls: int = 0
    infrastructure: bool = True

    def __call__(self, task: Any, submission: Path, sandbox: object, **_: object) -> TaskJudgement:
        self.calls += 1

        def run(target: str, outcome: Outcome) -> TargetResult:
            # The same words either way: only the sandbox's flag may make it infrastructure.
            error = "sandbox infrastructure failure: gone" if outcome is Outcome.ERROR else None
            flagged = self.infrastructure and error is not None
            return TargetResult(
                **{"target": target, "kind": TargetKind(target), "outcome": outcome},
                **{"exit_code": None, "duration_s": 0.1, "backend": "fake"},
                **{"isolation": Isolation.NONE, "output": "", "output_truncated": False},
                **{"error": error, "tests": None, "infrastructure": flagged},
            )

        results = (run("initial", self.initial), run("reference", Outcome.PASS))
        return TaskJudgement(task_id=task.id, panel=False, timeout_s=7, results=results)


def _judging_services(tmp_path: Path, judge: VerdictJudge) -> EvaluationServices:
    return fake_services(
        tmp_path,
        tasks=SimpleNamespace(get=RootedTask),
        runner=ScriptRunner(),
        judge=judge,
        judgements=RememberedJudgements(),
    )


def test_an_identical_submission_gets_the_first_verdict_and_only_the_record_says_so(
    tmp_path: Path,
) -> None:
    judge = VerdictJudge(Outcome.FAIL)
    services = _judging_services(tmp_path, judge)
    assert CHILD.agent_steps == 14
    same_suite = apply(CHILD, SetScalar(field="agentSteps", value=16))
    other_suite = apply(CHILD, SetScalar(field="agentSteps", value=10))
    paid, paid_record = evaluate_one(services, CHILD, "task-1", "dev")
    again, again_record = evaluate_one(services, same_suite, "task-1", "dev")
    assert judge.calls == 1
    assert paid_record["judgement"]["remembered"] is False  # type: ignore[index]
    assert again_record["judgement"]["remembered"] is True  # type: ignore[index]
    # The journal cannot tell which evaluation paid: it stays the same at any worker count.
    assert again.model_dump(exclude={"strategy_id"}) == paid.model_dump(exclude={"strategy_id"})
    evaluate_one(services, other_suite, "task-1", "dev")  # another suite
    evaluate_one(services, same_suite, "task-2", "dev")  # another task
    assert judge.calls == 3 and services.judgements.remembered == 1  # type: ignore[union-attr]


def test_a_verdict_with_an_error_outcome_is_judged_again(tmp_path: Path) -> None:
    judge = VerdictJudge(Outcome.ERROR)
    services = _judging_services(tmp_path, judge)
    for _ in range(2):
        data, record = evaluate_one(services, CHILD, "task-1", "dev")
        assert data.infra_error and record["judgement"]["remembered"] is False  # type: ignore[index]
    assert judge.calls == 2


def test_only_the_sandboxs_flag_makes_an_error_an_infrastructure_failure(tmp_path: Path) -> None:
    """An error whose text a suite could have shaped is the suite's outcome, not the
    sandbox's: it is journaled and scored like any other."""
    suites_own = VerdictJudge(Outcome.ERROR, infrastructure=False)
    data, _ = evaluate_one(_judging_services(tmp_path, suites_own), CHILD, "task-1", "dev")
    assert data.infra_error is None and data.initial_outcome == "error" and not data.success
    sandboxs = VerdictJudge(Outcome.ERROR)
    data, _ = evaluate_one(_judging_services(tmp_path, sandboxs), CHILD, "task-1", "dev")
    assert data.infra_error == "sandbox: initial: sandbox infrastructure failure: gone"
