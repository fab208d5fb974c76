"""The embedded corpus: example suites get their exact verdicts, and every task validates.

Both run the real judge on the local backend (bubblewrap), one parameter per task (and
kind), so a failure names the task. The `rsi tasks validate` command itself is tested on
fixture tasks in test_tasks.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evaluators.judge import TargetKind, TaskJudgement, judge, validate_task
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
def test_every_corpus_task_validates(
    task_id: str, sandbox: Sandbox, pool: ThreadPoolExecutor
) -> None:
    """What `rsi tasks validate experiments/tasks` checks, one task per test, in-process."""
    validation = validate_task(load_task(CORPUS / task_id), sandbox, executor=pool)
    assert validation.problems == (), validation.problems
    assert validation.ok
