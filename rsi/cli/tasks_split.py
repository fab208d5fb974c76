"""`rsi tasks split CONFIG`: the data roles a search of this config would use, by family."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rsi.cli.output import console, print_json
from rsi.cli.tasks import tasks_app

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from evaluators.tasks import RoleSplit, Splits, TaskSet


def register(app: typer.Typer) -> None:
    """Mounted on `rsi tasks` (see `rsi.cli.tasks`); nothing to add at the top level."""


@tasks_app.command("split")
def split(
    config_file: Annotated[Path, typer.Argument(help="Experiment TOML.", metavar="CONFIG")],
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Print the data roles of CONFIG: sizes, families, and families shared between roles.

    Roles are filled with whole families in the order proposal, dev, release, test, so a
    role may exceed its [data] size by less than one family, and no family is in two roles.
    """
    from rich.table import Table

    from evaluators.tasks import TaskSet
    from rsi.config import load_config
    from search_space import UserInputError

    config = load_config(config_file)
    data = config.data
    sizes = {"proposal": data.proposal, "dev": data.dev, "release": data.release}
    if data.test:
        sizes["test"] = data.test
    tasks = TaskSet.load(config.experiment.tasks)
    try:
        splits = tasks.split(sizes, seed=data.seed)
    except UserInputError as error:
        keys = ", ".join(sizes)
        raise UserInputError(f"[data] {keys}: {error.message}", source=str(config_file)) from None
    roles = [splits.role(role) for role in sizes]
    if as_json:
        print_json(_roles_json(data.seed, tasks, splits, roles, sizes))
        return
    table = Table(title=f"data roles of {config_file} ([data] seed {data.seed})")
    for column in ("role", "tasks", "asked", "families", "family names"):
        table.add_column(column)
    for r in roles:
        names = ", ".join(r.families)
        table.add_row(
            r.role.value,
            str(len(r.ids)),
            str(sizes[r.role.value]),
            str(len(r.families)),
            names if len(names) <= 80 else names[:77] + "...",
        )
    console.print(table)
    console.print(
        f"pool: {len(tasks)} tasks in {len(set(tasks.families.values()))} families; "
        f"families shared between roles: {splits.shared_families()}"
    )


def _roles_json(
    seed: int, tasks: TaskSet, splits: Splits, roles: list[RoleSplit], sizes: dict[str, int]
) -> dict[str, Any]:
    """`rsi tasks split --json`: the roles, their families and ids."""
    return {
        "seed": seed,
        "pool": len(tasks),
        "pool_families": len(set(tasks.families.values())),
        "shared_families": splits.shared_families(),
        "roles": {
            r.role.value: {
                "size": len(r.ids),
                "requested": sizes[r.role.value],
                "families": list(r.families),
                "ids": list(r.ids),
            }
            for r in roles
        },
    }
