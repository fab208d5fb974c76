"""Does a task's labelling agree with its trusted verifier? (`rsi tasks validate`)

`validate_task` runs the task's own `tests/` through the judge on every target, panel
included, and lists each disagreement as one line:

- the initial program fails and the reference passes; valid members pass, invalid fail;
- the panel has the sizes `task.toml` declares;
- `solution/` holds a file;
- an `author/` pool (the scripted runner's hidden material) loads, and shares no test name
  or body with `tests/` (`evaluators.tasks.pool_overlap`).

Harbor task directories have their own check, `evaluators.harbor.validate_harbor_task`.
"""

from __future__ import annotations

from concurrent.futures import Executor

from pydantic import BaseModel, ConfigDict

from evaluators.judging.judge import JudgeSettings, TargetKind, TaskJudgement, judge
from evaluators.sandbox import Outcome, Sandbox
from evaluators.tasks import Task, load_author_pool, verifier_overlap
from search_space import UserInputError, counted


class TaskValidation(BaseModel):
    """Whether a task's labels agree with its trusted verifier; `problems` says what not."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    ok: bool
    problems: tuple[str, ...]
    judgement: TaskJudgement


_EXPECTED = {
    TargetKind.INITIAL: Outcome.FAIL,
    TargetKind.REFERENCE: Outcome.PASS,
    TargetKind.VALID: Outcome.PASS,
    TargetKind.INVALID: Outcome.FAIL,
}


def validate_task(
    task: Task,
    sandbox: Sandbox,
    *,
    settings: JudgeSettings | None = None,
    executor: Executor | None = None,
) -> TaskValidation:
    """Run the trusted verifier (tests/) on every target and check the labels:
    fail on initial, pass on the reference and valid members, fail on invalid members, and
    the declared panel sizes (one reference plus task.toml's valid/invalid counts), and
    that an `author/` pool loads with every file inside `author/` and shares no test name
    or body with `tests/`."""
    judgement = judge(
        task, task.tests_dir, sandbox, panel=True, settings=settings, executor=executor
    )
    problems: list[str] = []
    if not any(p.is_file() for p in task.solution_dir.rglob("*")):
        problems.append("reference: solution/ holds no file")
    if task.author_dir.is_dir():
        try:
            pool = load_author_pool(task.author_dir)
        except UserInputError as error:
            problems.append(f"author pool: {error}")
        else:
            problems += [f"author pool: {p}" for p in verifier_overlap(pool, task.tests_dir)]
    for kind, declared in (
        (TargetKind.VALID, task.panel_valid),
        (TargetKind.INVALID, task.panel_invalid),
    ):
        found = len(judgement.of_kind(kind))
        if found != declared:
            members = counted(found, f"{kind.value} member")
            problems.append(f"panel: {members}, task.toml declares {declared}")
    for result in judgement.results:
        expected = _EXPECTED[result.kind]
        if result.outcome is not expected:
            why = f" ({result.error})" if result.error else ""
            problems.append(
                f"{result.target}: verifier gave {result.outcome.value}, "
                f"expected {expected.value}{why}"
            )
    return TaskValidation(
        task_id=task.id, ok=not problems, problems=tuple(problems), judgement=judgement
    )
