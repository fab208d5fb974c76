"""One paid evaluation: runner + judge on one (strategy, task), and what it needs.

`evaluate_one` runs on a worker (a thread of the driver or a Dask worker) and hands back
the journal payload and the full trace record; it never journals. The record carries the
evaluation's trajectory (`rsi/execution/trajectory.py`) as text under `TRAJECTORY`, so a Dask
worker ships it back with the result; the driver stores it before journaling, and the
journal's trace names it by hash and size. Where evaluations run is
an `EvaluationPool` (`rsi/execution/pools.py`); which run, in what order, and when they are
journaled is the `Evaluator`'s (`rsi/execution/evaluator.py`, one batch in
`rsi/execution/batch.py`). Pools call `evaluate_one` through this module's attribute, so a
test may replace it here.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evaluators.judging import JudgeSettings, RememberedJudgements, TaskJudgement, judge
from evaluators.runners import Runner, RunnerLimits, RunnerResult, run_safely
from evaluators.sandbox import Outcome, Sandbox, scratch_dir
from evaluators.tasks import Task, TaskSet
from rsi.execution.trajectory import journal_trace, trajectory_bytes
from rsi.execution.trajectory import reference as trajectory_reference
from rsi.journal import AbandonedUsage, Evaluation, HealthCause, Purpose
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
    # An identical submission on the same task is judged once per run; None judges each.
    judgements: RememberedJudgements | None = None


class StopRequested(RsiError, RuntimeError):
    """The stop flag was raised while evaluations were pending (graceful stop)."""


class ModelStopped(StopRequested):
    """The model's health stopped the run (`evaluators.llm.health`: `cause` is unreachable,
    slow, format or no-tool-calls): the search stops as on SIGTERM, the evaluations in
    flight are not journaled (`abandoned`: what they used), and `rsi resume` re-runs them."""

    def __init__(
        self,
        message: str,
        cause: HealthCause = "unreachable",
        abandoned: tuple[AbandonedUsage, ...] = (),
    ) -> None:
        super().__init__(message)
        self.cause: HealthCause = cause
        self.abandoned = abandoned


class ExecutorLost(StopRequested):
    """The executor can no longer run evaluations (its scheduler or all its workers are
    gone): the search stops as on SIGTERM and `rsi resume` continues, anywhere."""


EvaluationResult = tuple[Evaluation, dict[str, object]]
TRAJECTORY = "trajectory_blob"  # a result record's trajectory bytes, until the driver stores them


def evaluate_one(
    services: EvaluationServices, strategy: Strategy, task_id: str, purpose: Purpose
) -> EvaluationResult:
    """Run the runner and the judge once; return the journal payload and a full trace record
    (with `ran`: when it started and ended, in seconds since the epoch on this machine)."""
    started = time.time()
    data, record = _evaluate(services, strategy, task_id, purpose)
    return data, {**record, "ran": [started, time.time()]}


def _evaluate(
    services: EvaluationServices, strategy: Strategy, task_id: str, purpose: Purpose
) -> EvaluationResult:
    task = services.tasks.get(task_id)
    workdir = scratch_dir(f"rsi-{task_id}-")
    try:
        result = run_safely(services.runner, strategy, task.public(), services.limits, workdir)
        submission = result.submission
        judgement = None if submission is None else _judged(services, task, submission)
        return _result(services, strategy_id(strategy), task_id, purpose, result, judgement)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _result(
    services: EvaluationServices,
    sid: str,
    task_id: str,
    purpose: Purpose,
    result: RunnerResult,
    judgement: TaskJudgement | None,
) -> EvaluationResult:
    """The journal payload (metadata and the trajectory's hash) and the full record."""
    scores = judgement.outcomes() if judgement is not None else None
    initial = "not-run" if scores is None else _value(scores.initial)
    reference = "not-run" if scores is None else _value(scores.reference)
    success = initial == "fail" and reference == "pass"
    full = result.trace.model_dump(mode="json")
    public = {"initial_outcome": initial, "reference_outcome": reference, "success": success}
    blob = trajectory_bytes(full, public)
    ref = trajectory_reference(blob)
    # The journal keeps the deterministic metadata and the trajectory's hash; the
    # trajectory (tool output, transcripts) and the timings go beside it, in traces/.
    trace = {**journal_trace(full), "trajectory": ref}
    common = {"strategy_id": sid, "task_id": task_id, "seed": services.seed, "trace": trace}
    if judgement is None:
        data = Evaluation(
            **common,
            purpose=purpose,
            success=False,
            initial_outcome="not-run",
            reference_outcome="not-run",
            runner_error=result.trace.error or "no submission",
            infra_error=f"model: {result.health.message}" if result.health else None,
        )
    else:
        data = Evaluation(
            **common,
            purpose=purpose,
            success=success,
            initial_outcome=initial,
            reference_outcome=reference,
            infra_error=sandbox_failure(judgement),
        )
    record: dict[str, object] = {
        "trace": {**full, "phases": trace["phases"], "trajectory": ref},
        TRAJECTORY: blob.decode("utf-8"),  # text: records travel as JSON too
    }
    if judgement is not None:
        record["judgement"] = public_judgement(judgement.model_dump(mode="json"))
    return data, record


def _value(outcome: Outcome | None) -> str:
    return outcome.value if outcome is not None else "missing"


def public_judgement(dumped: dict[str, Any]) -> dict[str, Any]:
    """The judge's record as kept in traces/ (for timings and humans): each target's
    outcome and seconds, with the output, test cases and error of the initial program only;
    no other target's output (the reference's, a panel member's) leaves the judge."""
    results = dumped.get("results")
    if not isinstance(results, list):
        return dumped
    kept = [
        r if r.get("target") == "initial"
        else {k: v for k, v in r.items() if k not in ("output", "tests", "error")}
        for r in results
    ]  # fmt: skip
    return {**dumped, "results": kept}


def _judged(services: EvaluationServices, task: Task, submission: Path) -> TaskJudgement:
    concurrently = {"executor": services.judge_executor} if services.judge_executor else {}

    def run() -> TaskJudgement:
        return services.judge(
            task, submission, services.sandbox, settings=services.judge_settings, **concurrently
        )

    if services.judgements is None:
        return run()
    return services.judgements.judge(task, submission, run)


def sandbox_failure(judgement: TaskJudgement) -> str | None:
    """Why the sandbox could not run the suite on the initial program or the reference
    (an infrastructure failure, not the suite's fault), or None."""
    for target in ("initial", "reference"):
        found = judgement.result(target)
        if found is not None and found.infrastructure:
            return f"sandbox: {target}: {(found.error or 'infrastructure failure')[:200]}"
    return None
