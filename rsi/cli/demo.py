"""`rsi demo`: the README's first command: the offline quickstart search, then where to look."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rsi.api import default_run_dir
from rsi.cli.output import console
from rsi.cli.search import drive
from rsi.config import load_config

QUICKSTART = Path("experiments/quickstart.toml")
REPORT_FILE = "release.md"


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    config_file: Annotated[Path, typer.Option("--config", help="Experiment TOML.")] = QUICKSTART,
) -> None:
    """Run the quickstart search end to end and print where its results are."""
    config = load_config(config_file)
    run_dir = default_run_dir(config)
    run = drive(config, run_dir, as_json=False, override=False)
    report_path = run_dir / REPORT_FILE
    if run.gate is not None:
        report_path.write_text(run.gate.to_markdown())
    store = config.mlflow.tracking_uri or f"sqlite:///{config.experiment.runs_dir / 'mlflow.db'}"
    console.print()
    console.print("[bold]Where to look[/bold]")
    console.print(f"  run directory   {run_dir}")
    console.print(f"  journal         {run_dir / 'events.jsonl'}")
    console.print(f"  champion        {run_dir / 'champion.json'}")
    console.print(f"  release report  {report_path}")
    console.print(f"  status          .venv/bin/rsi status {run_dir}")
    if config.mlflow.enabled:
        console.print(f"  lineage UI      .venv/bin/mlflow ui --backend-store-uri {store}")
