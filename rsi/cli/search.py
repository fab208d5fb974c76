"""`rsi search`, `rsi resume`, `rsi status`, `rsi release`, `rsi evaluate`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from rsi.cli.output import console, print_json
from rsi.cli.progress import SearchProgress
from rsi.config import ExperimentConfig, load_config
from rsi.engine import CONFIG_FILE, Engine, SearchInterrupted
from rsi.release import GateReport
from rsi.release_report import gate_table
from rsi.run_summary import RunSummary, edit_text, summarise
from search_space.errors import UserInputError

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON, no progress.")]


def register(app: typer.Typer) -> None:
    app.command("search")(search)
    app.command("resume")(resume)
    app.command("status")(status)
    app.command("release")(release)


def default_run_dir(config: ExperimentConfig) -> Path:
    """Same config, same run: re-running a finished search just reports it."""
    return (
        config.experiment.runs_dir
        / f"{config.experiment.name}-{config.fingerprint(ignore_budget=True)[:8]}"
    )


def drive(config: ExperimentConfig, run_dir: Path, *, as_json: bool, override: bool) -> None:
    progress = SearchProgress(config, enabled=not as_json)
    from rsi.lineage_sink import sink_for  # imports mlflow (seconds): only when searching

    engine = Engine(
        config,
        run_dir,
        observer=progress.on_event,
        lineage=sink_for(config, run_dir),
        override_consumed_release=override,
    )
    try:
        with progress:
            engine.run()
    except SearchInterrupted as stop:
        print(f"stopped ({stop}); continue with: rsi resume {run_dir}", file=sys.stderr)
        raise typer.Exit(130) from None
    summary = summarise(run_dir)
    if as_json:
        print_json(summary)
    else:
        render_summary(summary)


def search(
    config_file: Annotated[Path, typer.Argument(help="Experiment TOML.")],
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="Where the run lives.")] = None,
    override_consumed: Annotated[
        bool, typer.Option("--override-consumed", help="Gate on an already consumed release split.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Run a strategy search end to end: rounds, dev ranking, freezing, release gate."""
    config = load_config(config_file)
    drive(config, run_dir or default_run_dir(config), as_json=as_json, override=override_consumed)


def resume(
    run_dir: Annotated[Path, typer.Argument(help="A run directory holding events.jsonl.")],
    override_consumed: Annotated[bool, typer.Option("--override-consumed")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Continue a stopped or crashed search; finished work is never paid for again."""
    path = run_dir / CONFIG_FILE
    if not path.is_file():
        raise UserInputError("no config.json: not a run directory", source=str(run_dir))
    config = ExperimentConfig.model_validate(json.loads(path.read_text()))
    drive(config, run_dir, as_json=as_json, override=override_consumed)


def status(run_dir: Path, as_json: JsonFlag = False) -> None:
    """Rounds completed and attempted, kept candidates with dev RAR, the champion, the gate."""
    summary = summarise(run_dir)
    if as_json:
        print_json(summary)
    else:
        render_summary(summary)


def release(
    run_dir: Path,
    as_json: JsonFlag = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print a release note.")] = False,
) -> None:
    """Show the release gate decided for this run's frozen champion."""
    summary = summarise(run_dir)
    if summary.gate is None:
        raise UserInputError(
            "no gate decided yet (the search has not finished)", source=str(run_dir)
        )
    report = GateReport.model_validate(summary.gate["report"])
    if as_json:
        print_json({**summary.gate, "report": report.to_json_dict()})
    elif markdown:
        print(report.to_markdown())
    else:
        render_gate(summary)


def render_summary(summary: RunSummary) -> None:
    console.print(f"[bold]run[/bold] {summary.run_dir}")
    console.print(
        f"rounds completed {summary.rounds_completed}, attempts {summary.attempts} "
        f"({summary.rejected} rejected), stopped: {summary.stopped or 'not yet'}"
    )
    table = Table(title="kept candidates", show_lines=False)
    for column in ("id", "parent", "round", "proposer", "edit", "dev RAR"):
        table.add_column(column)
    for kept in summary.kept:
        table.add_row(
            kept.strategy_id,
            kept.parent_id or "-",
            str(kept.round),
            kept.proposer or "initial",
            edit_text(kept.edit) if kept.edit else "-",
            f"{kept.dev_rar:.1%}" if kept.dev_rar is not None else "-",
        )
    console.print(table)
    if summary.champion_id:
        console.print(f"[bold]champion[/bold] {summary.champion_id}")
        for edit in summary.champion_edits:
            console.print(f"  round {edit['round']} ({edit['proposer']}): {edit_text(edit)}")
    if summary.gate:
        render_gate(summary)


def render_gate(summary: RunSummary) -> None:
    assert summary.gate is not None
    report = GateReport.model_validate(summary.gate["report"])
    console.print(gate_table(report))
