"""`rsi demo`: the README's first command: the offline quickstart search, then where to look."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rsi.cli.output import console
from rsi.cli.search import drive

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from rsi.config import ExperimentConfig

QUICKSTART = Path("experiments/quickstart.toml")
REPORT_FILE = "release.md"
MLFLOW_UI = "http://127.0.0.1:5000"


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    config_file: Annotated[Path, typer.Option("--config", help="Experiment TOML.")] = QUICKSTART,
) -> None:
    """Run the quickstart search end to end and print where its results are."""
    from rsi.api import default_run_dir
    from rsi.config import load_config
    from rsi.release import render_markdown
    from rsi.reports import write_report  # matplotlib: imported only when drawing

    config = load_config(config_file)
    run_dir = default_run_dir(config)
    run = drive(config, run_dir, as_json=False, override=False)
    report_path = run_dir / REPORT_FILE
    if run.gate is not None:
        report_path.write_text(render_markdown(run.gate))
    html = write_report(run_dir)
    store = config.mlflow.tracking_uri or f"sqlite:///{config.experiment.runs_dir / 'mlflow.db'}"
    console.print()
    console.print("Where to look", style="bold")
    console.print(f"  run directory   {run_dir}")
    console.print(f"  journal         {run_dir / 'events.jsonl'}")
    console.print(f"  champion        {run_dir / 'champion.json'}")
    console.print(f"  release report  {report_path}")
    console.print(f"  report          {html}")
    console.print(f"  status          .venv/bin/rsi status {run_dir}")
    if config.mlflow.enabled:
        console.print(
            "  lineage UI      MLFLOW_DISABLE_TELEMETRY=true "
            "MLFLOW_SERVER_ENABLE_JOB_EXECUTION=false "
            f".venv/bin/mlflow ui --backend-store-uri {store}"
        )
        experiment = experiment_id(config)
        if experiment is not None:
            from rsi.lineage import view_url

            # The search's own view: its runs, the champion and the gate, with their screen
            # and dev RAR, and the experiment's description above them.
            console.print(f"  lineage view    {view_url(MLFLOW_UI, experiment, run_dir.name)}")


def experiment_id(config: ExperimentConfig) -> str | None:
    """The MLflow id of the config's experiment, or None if the store cannot say."""
    from rsi.lineage import STORE_ERRORS, client_for, tracking_uri_for

    try:
        found = client_for(tracking_uri_for(config)).get_experiment_by_name(config.experiment.name)
    except STORE_ERRORS:
        return None
    return found.experiment_id if found is not None else None
