"""What one evaluation (`rsi/execution/evaluation.py`) journals and keeps beside the journal,
beyond the verdict `test_evaluation.py` checks: the trajectory's public outcome and the
journal's reference to it, failures that are no verdict on the suite (the model's health,
the sandbox), what the judge's record shows and hides, how the judge is called, and when
the evaluation ran. A fake runner and the real verdict type; no sandbox, no search."""

from __future__ import annotations

import hashlib
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from evaluators.judging.judge import TargetKind, TargetResult, TaskJudgement
from evaluators.judging.junit import TestCaseResult, TestStatus
from evaluators.llm.health import HealthStop
from evaluators.runners.base import RunnerLimits, RunnerResult, Trace
from evaluators.sandbox import Isolation, Outcome
from rsi.execution import evaluate_one
from rsi.execution.evaluation import TRAJECTORY, ModelStopped
from rsi.journal import HealthCause
from search_space import Strategy
from tests.support.evaluator_rig import PARENT, fake_services


class Runner:
    """Submits `exit 0` (or nothing), with a trace; `health` says its model stopped."""

    name = "fake"

    def __init__(self, *, submit: bool = True, health: HealthStop | None = None) -> None:
        self.submit = submit
        self.health = health

    def run(self, strategy: Strategy, task: Any, limits: RunnerLimits, workdir: Path) -> Any:
        trace = Trace(runner=self.name, task_id=str(task), tool_output="$ pytest\n1 passed")
        if not self.submit:
            return RunnerResult(submission=None, trace=trace, health=self.health)
        (workdir / "submission").mkdir()
        (workdir / "submission" / "run.sh").write_text("exit 0\n")
        return RunnerResult(submission=workdir / "submission", trace=trace)

    def health_check(self, strategy: Strategy) -> None:
        return None


def target(
    name: str,
    outcome: Outcome,
    *,
    error: str | None = None,
    infrastructure: bool = False,
    output: str = "",
) -> TargetResult:
    kind = TargetKind(name.split("/")[0])
    return TargetResult(
        target=name, kind=kind, outcome=outcome, exit_code=None, duration_s=0.25,
        backend="fake", isolation=Isolation.NONE, output=output, output_truncated=False,
        error=error, tests=(TestCaseResult(test_id=f"{name}::t", status=TestStatus.FAILED),),
        infrastructure=infrastructure,
    )  # fmt: skip


@dataclass
class Judge:
    """Returns a verdict of the given target results; records its keyword arguments."""

    results: tuple[TargetResult, ...]
    keywords: list[dict[str, object]] = field(default_factory=list)

    def __call__(self, task: Any, submission: Path, sandbox: object, **kw: object) -> Any:
        self.keywords.append(kw)
        return TaskJudgement(task_id=task.id, panel=True, timeout_s=7, results=self.results)


FAIL_PASS = (target("initial", Outcome.FAIL), target("reference", Outcome.PASS))


def _evaluate(runner: Runner, judge: Judge, tmp_path: Path, **services: Any) -> Any:
    return evaluate_one(
        fake_services(tmp_path, runner=runner, judge=judge, **services), PARENT, "t1", "train"
    )


# --- the trajectory and the journal's reference to it ------------------------------------


@pytest.mark.parametrize(
    ("runner", "public"),
    [
        (Runner(), {"initial_outcome": "fail", "reference_outcome": "pass", "success": True}),
        (
            Runner(submit=False),
            {"initial_outcome": "not-run", "reference_outcome": "not-run", "success": False},
        ),
    ],
)
def test_the_trajectory_carries_the_journaled_outcome_and_the_journal_its_hash_and_size(
    tmp_path: Path, runner: Runner, public: dict[str, object]
) -> None:
    data, record = _evaluate(runner, Judge(FAIL_PASS), tmp_path)
    blob = str(record[TRAJECTORY]).encode("utf-8")
    assert json.loads(blob)["judge"] == public
    assert (data.initial_outcome, data.reference_outcome, data.success) == tuple(public.values())
    ref = {"sha256": hashlib.sha256(blob).hexdigest(), "bytes": len(blob)}
    assert data.trace["trajectory"] == ref and record["trace"]["trajectory"] == ref


def test_the_record_says_when_the_evaluation_ran(tmp_path: Path) -> None:
    before = time.time()
    _, record = _evaluate(Runner(), Judge(FAIL_PASS), tmp_path)
    after = time.time()
    started, ended = record["ran"]
    assert before <= started <= ended <= after


# --- failures that are no verdict on the suite ---------------------------------------------


def test_a_model_that_stopped_the_run_is_an_infrastructure_error_naming_the_model(
    tmp_path: Path,
) -> None:
    """The batch reads an `infra_error` starting with `model` as the model's stop."""
    stop = HealthStop(cause="slow", message="the model took 95 s per call")
    data, _ = _evaluate(Runner(submit=False, health=stop), Judge(FAIL_PASS), tmp_path)
    assert data.infra_error == "model: the model took 95 s per call"
    assert data.runner_error == "no submission" and data.success is False
    healthy, _ = _evaluate(Runner(submit=False), Judge(FAIL_PASS), tmp_path)
    assert healthy.infra_error is None  # only a health stop is the model's failure


@pytest.mark.parametrize(
    ("results", "infra_error"),
    [
        (
            (
                target("initial", Outcome.FAIL),
                target("reference", Outcome.ERROR, error="no space left", infrastructure=True),
            ),
            "sandbox: reference: no space left",
        ),
        (
            (target("initial", Outcome.ERROR, infrastructure=True), FAIL_PASS[1]),
            "sandbox: initial: infrastructure failure",  # the sandbox gave no words
        ),
        (
            (
                target("initial", Outcome.ERROR, error="x" * 200 + "y" * 300, infrastructure=True),
                target("reference", Outcome.ERROR, error="second", infrastructure=True),
            ),
            "sandbox: initial: " + "x" * 200,  # the first failure, its first 200 characters
        ),
        (FAIL_PASS, None),
    ],
)
def test_a_sandbox_failure_on_the_initial_or_the_reference_is_an_infrastructure_error(
    tmp_path: Path, results: tuple[TargetResult, ...], infra_error: str | None
) -> None:
    data, _ = _evaluate(Runner(), Judge(results), tmp_path)
    assert data.infra_error == infra_error


def test_a_stop_without_a_stated_cause_is_an_unreachable_model() -> None:
    """The optimizer's unreachable model raises it without a cause; the journal's halt
    event takes the cause as one of its `HealthCause`s."""
    stop = ModelStopped("the optimizer's model is unreachable: refused")
    assert TypeAdapter(HealthCause).validate_python(stop.cause) == "unreachable"
    assert str(stop) == "the optimizer's model is unreachable: refused" and stop.abandoned == ()


# --- the judge's record, and how the judge is called ---------------------------------------


def test_the_record_shows_the_initial_programs_output_and_hides_every_other_targets(
    tmp_path: Path,
) -> None:
    """Each target keeps its outcome and seconds; output, test cases and error only the
    initial program's (the reference's or a panel member's would leak the hidden answer)."""
    results = (
        target("initial", Outcome.FAIL, error="initial error", output="initial output"),
        target("reference", Outcome.PASS, error="REFERENCE error", output="REFERENCE out"),
        target("valid/v1", Outcome.PASS, error="PANEL error", output="PANEL out"),
        target("invalid/i1", Outcome.FAIL, error="PANEL error", output="PANEL out"),
    )
    data, record = _evaluate(Runner(), Judge(results), tmp_path)
    kept = record["judgement"]
    assert (kept["task_id"], kept["panel"], kept["timeout_s"]) == ("t1", True, 7)
    initial, *others = kept["results"]
    assert initial == results[0].model_dump(mode="json")
    for shown, whole in zip(others, results[1:], strict=True):
        assert shown == {
            k: v for k, v in whole.model_dump(mode="json").items()
            if k not in ("output", "tests", "error")
        }  # fmt: skip
    dumped = json.dumps(record)
    assert "REFERENCE" not in dumped and "PANEL" not in dumped
    assert "initial output" in dumped and "initial::t" in dumped and "initial error" in dumped
    assert data.success is True


def test_the_judge_runs_its_targets_on_the_runs_executor_when_it_has_one(tmp_path: Path) -> None:
    judge = Judge(FAIL_PASS)
    _evaluate(Runner(), judge, tmp_path)
    with ThreadPoolExecutor(max_workers=2) as executor:
        _evaluate(Runner(), judge, tmp_path, judge_executor=executor)
    without, concurrent = judge.keywords
    settings = fake_services(tmp_path).judge_settings
    assert without == {"settings": settings}
    assert concurrent == {"settings": settings, "executor": executor}
