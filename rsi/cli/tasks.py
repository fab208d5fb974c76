"""`rsi tasks validate DIR`: check every task's labels against its trusted verifier."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from evaluators.defaults import DEFAULT_TIMEOUT_CAP_S
from rsi.cli.harbor_pool import BaseImageOption, JobsOption, NetworkOption, built_pool
from rsi.cli.output import console, err_console, print_json, typer_app
from rsi.cli.score import (
    Backend,
    BackendOption,
    CapOption,
    ImageOption,
    JsonFlag,
    ReducedFlag,
    build_sandbox,
    target_summary,
)

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from evaluators.harbor import BuildRecord, HarborValidation
    from evaluators.judging import JudgeSettings, TaskValidation
    from evaluators.sandbox import Sandbox
    from evaluators.tasks import HarborTask, Task, TaskSet

tasks_app = typer_app(help="Check the task corpus.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(tasks_app, name="tasks")


def validation_json(validation: TaskValidation | HarborValidation) -> dict[str, object]:
    from evaluators.harbor import HarborValidation

    if isinstance(validation, HarborValidation):
        targets: list[dict[str, object]] = [
            {
                "target": run.target,
                "image": run.image,
                "reward": run.reward,
                "rewards": run.rewards,
                "passed": run.passed,
                "needs_network": run.needs_network,
                "problem": run.problem,
            }
            for run in validation.runs
        ]
    else:
        targets = [target_summary(r) for r in validation.judgement.results]
    return {
        "task": validation.task_id,
        "ok": validation.ok,
        "problems": list(validation.problems),
        "targets": targets,
    }


def _author_problems(task: Task) -> list[str]:
    from evaluators.tasks import load_author_pool, verifier_overlap
    from search_space import UserInputError

    if not task.author_dir.is_dir():
        return []
    try:
        pool = load_author_pool(task.author_dir)
    except UserInputError as error:
        return [f"author pool: {error}"]
    return [f"author pool: {p}" for p in verifier_overlap(pool, task.tests_dir)]


def _validate_harbor(task: HarborTask, pool: ThreadPoolExecutor) -> HarborValidation:
    """The source verifier's labels plus the author pool's checks."""
    from evaluators.harbor import validate_harbor_task

    validation = validate_harbor_task(task, executor=pool)
    extra = _author_problems(task)
    if not extra:
        return validation
    problems = (*validation.problems, *extra)
    return validation.model_copy(update={"ok": False, "problems": problems})


def _load_reporting_each(directory: Path) -> TaskSet:
    """The pool; when tasks are malformed, one `error:` line per task, then exit 2."""
    from evaluators.tasks import TaskSet, load_problems
    from search_space import UserInputError

    try:
        return TaskSet.load(directory)
    except UserInputError as error:
        problems = load_problems(directory) or [str(error)]
        for problem in problems[:-1]:
            err_console.print(f"error: {problem}", markup=False, soft_wrap=True)
        raise UserInputError(problems[-1]) from None


def _validate_one(
    task: Task, sandbox: Sandbox, settings: JudgeSettings, pool: ThreadPoolExecutor
) -> TaskValidation | HarborValidation:
    from evaluators.judging import validate_task
    from evaluators.tasks import HarborTask

    if isinstance(task, HarborTask):
        return _validate_harbor(task, pool)
    return validate_task(task, sandbox, settings=settings, executor=pool)


def _print_build(record: BuildRecord) -> None:
    mapped = ", ".join(f"{ref} -> {local}" for ref, local in record.base_map if ref != local)
    state = f"built {record.built} image(s)" if record.built else "cached"
    console.print(
        f"{record.task_id}: {state}" + (f" (FROM {mapped})" if mapped else ""), markup=False
    )


@tasks_app.command("build")
def build(
    directory: Annotated[
        Path, typer.Argument(metavar="DIRECTORY", help="A task directory or a pool of tasks.")
    ],
    jobs: JobsOption = 2,
    base_image: BaseImageOption = None,
    build_network: NetworkOption = "none",
    as_json: JsonFlag = False,
) -> None:
    """Build every Harbor task's images: the initial program from environment/, the
    reference (solution/solve.sh run in it, committed) and each panel member. Images are
    cached by a content hash, so an unchanged task builds nothing. Prints, per task, what
    was built and the FROM mapping used. A failed step exits 2 naming the task, the step
    and its log file.

    --json prints {"tasks": [{"task", "built", "base_map": [[from, local]], "initial",
    "reference", "panel": [{"label", "name", "image"}], "workdir", "seconds"}]}.
    """
    from evaluators.tasks import TaskSet

    task_set = TaskSet.load(directory)
    _built, records = built_pool(
        task_set, base_image, jobs=jobs, network=build_network, quiet=as_json
    )
    if as_json:
        print_json(
            {
                "tasks": [
                    {
                        "task": r.task_id,
                        "built": r.built,
                        "base_map": [list(pair) for pair in r.base_map],
                        **r.images.model_dump(mode="json", exclude={"base_map", "path"}),
                        "seconds": round(r.seconds, 2),
                    }
                    for r in records
                ]
            }
        )
        return
    for record in sorted(records, key=lambda r: r.task_id):
        _print_build(record)
    skipped = len(task_set) - len(records)
    console.print(
        f"{len(records)} Harbor task(s) ready, {sum(r.built for r in records)} image(s) built"
        + (f"; {skipped} task(s) in our own format need no image" if skipped else "")
    )


@tasks_app.command("validate")
def validate(
    directory: Annotated[
        Path, typer.Argument(metavar="DIRECTORY", help="A task directory or a directory of tasks.")
    ],
    backend: BackendOption = Backend.LOCAL,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Sandbox runs in parallel.")] = 2,
    as_json: JsonFlag = False,
    allow_reduced_isolation: ReducedFlag = False,
    image: ImageOption = None,
    timeout_cap: CapOption = DEFAULT_TIMEOUT_CAP_S,
    base_image: BaseImageOption = None,
    jobs: JobsOption = 2,
) -> None:
    """Run each task's trusted verifier (tests/) on its initial program, reference and every
    panel member. A task is valid when the verifier fails on the initial program, passes on
    the reference, agrees with every panel label, and the panel holds one reference plus
    task.toml's valid/invalid counts (default 4 and 5). Exit 1 when any task is invalid.

    Harbor tasks are built first (see `rsi tasks build`), then their tests/test.sh runs
    the way Harbor runs it on each target image: the reference and valid members must
    score 1, the initial program and invalid members less. A missing reward file and a
    verifier that needs the network are reported as such.

    --json prints {"ok": bool, "backend": str, "tasks": [{"task", "ok", "problems": [str],
    "targets": [... as in `rsi score --json` ...]}]}.
    """
    from evaluators.judging import JudgeSettings
    from search_space import UserInputError, counted

    task_set = _load_reporting_each(directory)
    if not task_set.tasks:
        raise UserInputError("no task directories found", source=str(directory))
    task_set, _records = built_pool(task_set, base_image, jobs=jobs, quiet=as_json)
    sandbox = build_sandbox(backend, allow_reduced_isolation=allow_reduced_isolation, image=image)
    settings = JudgeSettings(timeout_cap_s=timeout_cap)
    results = _validate_all(task_set, sandbox, settings, workers=workers, quiet=as_json)
    ok = all(v.ok for v in results)
    if as_json:
        print_json(
            {"ok": ok, "backend": backend.value, "tasks": [validation_json(v) for v in results]}
        )
    else:
        bad = sum(not v.ok for v in results)
        console.print(f"{len(results) - bad} of {counted(len(results), 'task')} valid")
    if not ok:
        raise typer.Exit(1)


def _validate_all(
    task_set: TaskSet, sandbox: Sandbox, settings: JudgeSettings, *, workers: int, quiet: bool
) -> list[TaskValidation | HarborValidation]:
    """Validate each task in turn (its targets on `workers` threads), with a progress bar
    and a line per task unless `quiet`."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    results: list[TaskValidation | HarborValidation] = []
    with (
        ThreadPoolExecutor(max_workers=workers, thread_name_prefix="validate") as pool,
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err_console,
            disable=quiet,
            transient=True,
        ) as progress,
    ):
        bar = progress.add_task("validating", total=len(task_set))
        for task in task_set.tasks:
            progress.update(bar, description=task.id)
            validation = _validate_one(task, sandbox, settings, pool)
            results.append(validation)
            progress.advance(bar)
            if not quiet:
                _print_validation(validation)
    return results


def _print_validation(validation: TaskValidation | HarborValidation) -> None:
    if validation.ok:
        console.print(f"ok    {validation.task_id}")
        return
    console.print(f"FAIL  {validation.task_id}")
    for problem in validation.problems:
        console.print(f"      - {problem}")
