"""The embedded corpus: example suites get their exact verdicts, and every task validates.

Both run the real judge on the local backend (bubblewrap), one parameter per task (and
kind), so a failure names the task. They run on one task per context (the first of each,
7 of 84; of the 12 tasks with examples, 7): the whole corpus took a quarter of the suite's
time, and a context's tasks share their kind of program and harness (a CLI run, a timing
budget, a renderer), so an environment that breaks one breaks its context. The example
suites take one kind per task, in turn (strong, accepts-invalid, errors): every kind and
every context is judged, in 7 judgements instead of 21 (issue 52). Author pools,
which issue-driven corpus edits touch most, are not part of the verifier's run. Every
task's static checks (pool, overlap with `tests/`, panel on disk) run for all of them.
`rsi tasks validate experiments/tasks` runs everything; run it after editing a task's
verifier, reference or panel. The command itself is tested on fixture tasks in
test_tasks.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evaluators.judging.judge import TargetKind, TaskJudgement, judge
from evaluators.judging.task_validation import validate_task
from evaluators.sandbox import Outcome, Sandbox, make_sandbox
from evaluators.tasks import PanelLabel, load_task
from evaluators.tasks.author_pool import load_author_pool
from evaluators.tasks.pool_overlap import verifier_overlap

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "experiments" / "tasks"
KINDS = ("strong", "accepts-invalid", "errors")
STARTER_TASKS = 12


def corpus_tasks() -> list[str]:
    return sorted(
        d.name for d in CORPUS.iterdir() if d.is_dir() and not d.name.startswith((".", "_"))
    )


def context_representatives(names: list[str]) -> list[str]:
    """The first of `names` in each task context."""
    first: dict[str, str] = {}
    for name in names:
        first.setdefault(load_task(CORPUS / name).context, name)
    return sorted(first.values())


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


def rotated_kinds(tasks: list[str]) -> list[tuple[str, str]]:
    """Each task with one kind of example suite, the kinds in turn: every context and every
    kind is judged (three kinds on seven contexts' tasks), not every pair of them."""
    return [(task, KINDS[i % len(KINDS)]) for i, task in enumerate(tasks)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("task_id", "kind"),
    [
        pytest.param(t, k, id=f"{t}-{k}")
        for t, k in rotated_kinds(context_representatives(example_tasks()))
    ],
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
@pytest.mark.parametrize("task_id", context_representatives(corpus_tasks()))
def test_a_task_of_every_context_validates(
    task_id: str, sandbox: Sandbox, pool: ThreadPoolExecutor
) -> None:
    """What `rsi tasks validate experiments/tasks` checks, one task per test, in-process."""
    validation = validate_task(load_task(CORPUS / task_id), sandbox, executor=pool)
    assert validation.problems == (), validation.problems
    assert validation.ok


def test_the_samples_span_every_context() -> None:
    contexts = {load_task(CORPUS / t).context for t in corpus_tasks()}
    assert len(contexts) >= 7
    for sample in (
        context_representatives(corpus_tasks()),
        context_representatives(example_tasks()),
    ):
        assert {load_task(CORPUS / t).context for t in sample} == contexts


@pytest.mark.parametrize("task_id", corpus_tasks())
def test_every_corpus_task_passes_the_static_checks(task_id: str) -> None:
    """The author pool loads and shares nothing with `tests/`; the panel on disk is the
    declared one (the verifier runs are the family sample's)."""
    task = load_task(CORPUS / task_id)
    pool = load_author_pool(task.author_dir)
    assert verifier_overlap(pool, task.tests_dir) == []
    labels = [member.label for member in task.panel_members()]
    declared = (task.panel_valid, task.panel_invalid)
    assert (labels.count(PanelLabel.VALID), labels.count(PanelLabel.INVALID)) == declared
    assert any(p.is_file() for p in task.solution_dir.rglob("*"))
