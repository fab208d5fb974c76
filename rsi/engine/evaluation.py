"""One paid evaluation: runner + judge on one (strategy, task), and what it needs.

`evaluate_one` runs on a worker (a thread of the driver or a Dask worker) and hands back
the journal payload and the full trace record; it never journals. Where evaluations run is
an `EvaluationPool` (`rsi/engine/pools.py`); which run, in what order, and when they are
journaled is the `Evaluator`'s (`rsi/engine/evaluator.py`, one batch in
`rsi/engine/batch.py`). Pools call `evaluate_one` through this module's attribute, so a
test may replace it here.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path

from evaluators.judge import JudgeSettings, TaskJudgement, judge
from evaluators.judge_memo import RememberedJudgements
from evaluators.runners import Runner, RunnerLimits, run_safely
from evaluators.sandbox import Sandbox, scratch_dir
from evaluators.tasks import Task, TaskSet
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
    sid = strategy_id(strategy)
    workdir = scratch_dir(f"rsi-{task_id}-")
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
                infra_error=f"model: {result.health.message}" if result.health else None,
            )
            return data, {"trace": full_trace}
        judgement = _judged(services, task, result.submission)
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
