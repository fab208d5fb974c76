"""`rsi mlflow sync RUN_DIR`: rebuild a run's MLflow projection, or fill its gaps."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rsi.cli.output import console, print_json, typer_app

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from search_space import UserInputError

mlflow_app = typer_app(help="Mirror runs into MLflow.", no_args_is_help=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
TrackingUri = Annotated[
    str | None,
    typer.Option(
        "--tracking-uri",
        help="MLflow store (default: the run's [mlflow] tracking_uri, else "
        "sqlite:///<runs_dir>/mlflow.db).",
    ),
]


def register(app: typer.Typer) -> None:
    app.add_typer(mlflow_app, name="mlflow")


def store_error(tracking_uri: str, error: BaseException) -> UserInputError:
    """An unreachable or refusing store, as one line naming it."""
    from rsi.lineage import one_line
    from search_space import UserInputError

    return UserInputError(f"MLflow store failed: {one_line(error)}", source=tracking_uri)


def synced(run_dir: Path, tracking_uri: str | None) -> tuple[str, dict[str, object]]:
    """Sync under the run lock (a live search mirrors itself); returns (uri, report)."""
    from rsi.config import read_run_config
    from rsi.journal import RunLock
    from rsi.lineage import STORE_ERRORS, sync_run_dir, tracking_uri_for

    uri = tracking_uri_for(read_run_config(run_dir), tracking_uri)
    with RunLock(run_dir):
        try:
            return uri, sync_run_dir(run_dir, uri).to_json_dict()
        except STORE_ERRORS as error:
            raise store_error(uri, error) from None


@mlflow_app.command("sync")
def sync(
    run_dir: Annotated[
        Path, typer.Argument(metavar="RUN_DIR", help="A run directory holding events.jsonl.")
    ],
    tracking_uri: TrackingUri = None,
    as_json: JsonFlag = False,
) -> None:
    """Project the journal into MLflow; idempotent, so running it twice changes nothing."""
    uri, report = synced(run_dir, tracking_uri)
    if as_json:
        print_json({"tracking_uri": uri, **report})
        return
    console.print(
        f"{run_dir}: {report['runs']} MLflow runs ({report['created']} created, "
        f"{report['updated']} updated) in {uri}"
    )
    if report["model_version"]:
        console.print(f"champion registered as version {report['model_version']}")
