"""`rsi evaluate CONFIG --strategy FILE --split dev`: score one strategy on one data role."""

from __future__ import annotations

import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rsi.cli.output import console, print_json

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from rsi.config import ExperimentConfig
    from rsi.journal import Evaluation
    from search_space import Strategy


def register(app: typer.Typer) -> None:
    app.command("evaluate")(evaluate)


def evaluate(
    config_file: Annotated[Path, typer.Argument(metavar="CONFIG", help="Experiment TOML.")],
    strategy_file: Annotated[Path, typer.Option("--strategy", help="Strategy JSON.")],
    split: Annotated[str, typer.Option("--split", help="proposal, dev or test.")] = "dev",
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """RAR of a strategy on one data role of the config's split (no journal, nothing cached).

    The release split is refused: only the release gate may look at it, once.
    """
    from rsi.config import load_config
    from search_space import Strategy, UserInputError, load_model, strategy_id

    if split not in ("proposal", "dev", "test"):
        raise UserInputError(
            f"{split!r} is not evaluable here; use proposal, dev or test "
            "(the release split is reserved for the gate)",
            source="--split",
        )
    config = load_config(config_file)
    strategy = load_model(Strategy, strategy_file)
    results = _evaluate_split(config, config_file, strategy, split)
    stopped = next(
        (r.infra_error for r in results if (r.infra_error or "").startswith("model")), None
    )
    if stopped is not None:  # no verdict: a RAR over tasks the model never did would mislead
        print(f"stopped: {stopped.removeprefix('model: ')}", file=sys.stderr)
        raise typer.Exit(130)
    successes = sum(r.success for r in results)
    rows = [
        {
            "task": r.task_id,
            "success": r.success,
            "initial": r.initial_outcome,
            "reference": r.reference_outcome,
            "runner_error": r.runner_error,
        }
        for r in results
    ]
    summary = {
        "strategy_id": strategy_id(strategy),
        "split": split,
        "n": len(results),
        "successes": successes,
        "rar": successes / len(results),
        "tasks": rows,
    }
    if as_json:
        print_json(summary)
    else:
        _print_summary(summary)


def _evaluate_split(
    config: ExperimentConfig, config_file: Path, strategy: Strategy, split: str
) -> list[Evaluation]:
    """Each task of the config's `split` role, evaluated once in a scratch directory."""
    from rsi.execution import build_services, evaluate_one
    from search_space import UserInputError

    with tempfile.TemporaryDirectory(prefix="rsi-evaluate-") as scratch:
        services = build_services(config.services_config(), Path(scratch))
        data = config.data
        sizes = {
            "proposal": data.proposal,
            "dev": data.dev,
            "release": data.release,
            "test": data.test,
        }
        ids = services.tasks.split(sizes, seed=data.seed).ids(split)
        if not ids:
            raise UserInputError(
                f"the {split} split is empty in this config", source=str(config_file)
            )
        with ThreadPoolExecutor(config.search.workers) as pool:
            return list(pool.map(lambda t: evaluate_one(services, strategy, t, "dev")[0], ids))


def _print_summary(summary: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(
        title=f"{summary['strategy_id']} on {summary['split']}: RAR {summary['rar']:.1%}",
        caption=(
            "solved (F): the suite fails on the initial program and passes on the reference; "
            "initial and reference: the suite's outcome on each"
        ),
    )
    for column in ("task", "solved (F)", "initial", "reference", "runner error"):
        table.add_column(column)
    for row in summary["tasks"]:
        table.add_row(
            row["task"],
            "1" if row["success"] else "0",
            row["initial"],
            row["reference"],
            row["runner_error"] or "",
        )
    console.print(table)
