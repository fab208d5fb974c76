"""The embedded corpus: example suites get their exact verdicts, and every task validates.

Both run the real judge on the local backend (bubblewrap), one parameter per task (and
kind), so a failure names the task.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evaluators.judge import TargetKind, TaskJudgement, judge
from evaluators.sandbox import Outcome, Sandbox, make_sandbox
from evaluators.tasks import load_task

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "experiments" / "tasks"
KINDS = ("strong", "accepts-invalid", "errors")
STARTER_TASKS = 12


def corpus_tasks() -> list[str]:
    return sorted(
        d.name for d in CORPUS.iterdir() if d.is_dir() and not d.name.startswith((".", "_"))
    )


def example_tasks() -> list[str]:
    return [name for name in corpus_tasks() if (CORPUS / name / "examples").is_dir()]


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox("local")


@pytest.fixture(scope="module")
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=2) as executor:
        yield executor


def describe(judgement: TaskJudgement) -> str:
    return ", ".join(f"{r.target}={r.outcome.value}" for r in judgement.results)


def outcomes(judgement: TaskJudgement, kind: TargetKind) -> list[Outcome]:
    return [r.outcome for r in judgement.of_kind(kind)]


def test_starter_tasks_have_examples() -> None:
    assert len(example_tasks()) >= STARTER_TASKS, example_tasks()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("task_id", "kind"),
    [pytest.param(t, k, id=f"{t}-{k}") for t in example_tasks() for k in KINDS],
)
def test_example_suite_verdicts(
    task_id: str, kind: str, sandbox: Sandbox, pool: ThreadPoolExecutor
) -> None:
    task = load_task(CORPUS / task_id)
    suite = task.examples_dir / kind
    assert suite.is_dir(), f"{task_id}: examples/{kind} is missing"
    judgement = judge(task, suite, sandbox, panel=True, executor=pool)
    scores = judgement.scores()
    seen = describe(judgement)
    reference = outcomes(judgement, TargetKind.REFERENCE)
    valid = outcomes(judgement, TargetKind.VALID)
    invalid = outcomes(judgement, TargetKind.INVALID)
    assert valid and invalid, f"{task_id}: panel not found"
    if kind == "strong":
        # Passes the reference and every valid member; fails initial and every invalid one.
        assert outcomes(judgement, TargetKind.INITIAL) == [Outcome.FAIL], seen
        assert reference == [Outcome.PASS], seen
        assert valid == [Outcome.PASS] * len(valid), seen
        assert invalid == [Outcome.FAIL] * len(invalid), seen
        assert (scores.F, scores.S, scores.A, scores.R) == (1, 1, 1.0, 1.0)
    elif kind == "accepts-invalid":
        # Passes the reference but accepts at least one invalid candidate.
        assert reference == [Outcome.PASS], seen
        assert Outcome.PASS in invalid, seen
        assert scores.S == 0 and scores.R is not None and scores.R < 1.0
    else:
        # Errors out on every program: one non-pass outcome everywhere, no credit at all.
        everything = {r.outcome for r in judgement.results}
        assert len(everything) == 1 and Outcome.PASS not in everything, seen
        assert (scores.F, scores.S, scores.A) == (0, 0, 0.0), seen


@pytest.mark.slow
@pytest.mark.parametrize("task_id", corpus_tasks())
def test_rsi_tasks_validate(task_id: str) -> None:
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", MLFLOW_DISABLE_TELEMETRY="true")
    done = subprocess.run(
        [sys.executable, "-m", "rsi", "tasks", "validate", str(CORPUS / task_id), "--json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)["tasks"]
    assert [t["task"] for t in report] == [task_id]
    assert report[0]["problems"] == [], report[0]["problems"]
    assert done.returncode == 0
