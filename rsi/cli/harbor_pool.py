"""Options and the progress bar shared by the commands that build Harbor images."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from rsi.cli.output import err_console

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from evaluators.harbor import BuildRecord
    from evaluators.tasks import TaskSet

BaseImageOption = Annotated[
    list[str] | None,
    typer.Option(
        "--base-image",
        help="FROM=LOCAL: build a Dockerfile's FROM reference from a local image (repeatable).",
    ),
]
JobsOption = Annotated[int, typer.Option("--jobs", min=1, help="Tasks built at once.")]
NetworkOption = Annotated[
    str,
    typer.Option("--build-network", help="Network of build steps: none (offline) or default."),
]


def built_pool(
    tasks: TaskSet,
    base_image: list[str] | None,
    *,
    jobs: int = 2,
    network: str = "none",
    quiet: bool = False,
) -> tuple[TaskSet, tuple[BuildRecord, ...]]:
    """`tasks` with every Harbor task's images built (or found cached), with a progress bar."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from evaluators.harbor import build_pool, parse_base_images
    from evaluators.tasks import HarborTask

    harbor = [task for task in tasks.tasks if isinstance(task, HarborTask)]
    if not harbor:
        return tasks, ()
    mapping = parse_base_images(base_image or [], source="--base-image")
    with Progress(
        TextColumn("building images {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err_console,
        disable=quiet,
        transient=True,
    ) as progress:
        bar = progress.add_task("", total=len(harbor))
        return build_pool(
            tasks,
            mapping,
            jobs=jobs,
            network=network,
            on_done=lambda record: progress.update(bar, advance=1, description=record.task_id),
        )
