"""`rsi tasks validate DIR`: check every task's labels against its trusted verifier."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from evaluators.judge import JudgeSettings, TaskValidation, validate_task
from evaluators.sandbox.base import DEFAULT_TIMEOUT_CAP_S
from evaluators.tasks import TaskSet
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
from search_space import counted
from search_space.errors import UserInputError

tasks_app = typer_app(help="Check the task corpus.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(tasks_app, name="tasks")


def validation_json(validation: TaskValidation) -> dict[str, object]:
    return {
        "task": validation.task_id,
        "ok": validation.ok,
        "problems": list(validation.problems),
        "targets": [target_summary(r) for r in validation.judgement.results],
    }


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
) -> None:
    """Run each task's trusted verifier (tests/) on its initial program, reference and every
    panel member. A task is valid when the verifier fails on the initial program, passes on
    the reference, agrees with every panel label, and the panel holds one reference plus
    task.toml's valid/invalid counts (default 4 and 5). Exit 1 when any task is invalid.

    --json prints {"ok": bool, "backend": str, "tasks": [{"task", "ok", "problems": [str],
    "targets": [... as in `rsi score --json` ...]}]}.
    """
    task_set = TaskSet.load(directory)
    if not task_set.tasks:
        raise UserInputError("no task directories found", source=str(directory))
    sandbox = build_sandbox(backend, allow_reduced_isolation=allow_reduced_isolation, image=image)
    settings = JudgeSettings(timeout_cap_s=timeout_cap)
    results: list[TaskValidation] = []
    with (
        ThreadPoolExecutor(max_workers=workers, thread_name_prefix="validate") as pool,
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err_console,
            disable=as_json,
            transient=True,
        ) as progress,
    ):
        bar = progress.add_task("validating", total=len(task_set))
        for task in task_set.tasks:
            progress.update(bar, description=task.id)
            validation = validate_task(task, sandbox, settings=settings, executor=pool)
            results.append(validation)
            progress.advance(bar)
            if not as_json:
                _print_validation(validation)
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


def _print_validation(validation: TaskValidation) -> None:
    if validation.ok:
        console.print(f"ok    {validation.task_id}")
        return
    console.print(f"FAIL  {validation.task_id}")
    for problem in validation.problems:
        console.print(f"      - {problem}")
