"""`rsi search`, `rsi resume`, `rsi status`, `rsi release`, `rsi evaluate`."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rsi.cli.output import console, print_json, structured_line
from rsi.cli.spend import render_spend, spend_json

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from rsi.api import Run
    from rsi.config import ExperimentConfig
    from rsi.journal import RunSummary

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON, no progress.")]
RunDir = Annotated[
    Path, typer.Argument(metavar="RUN_DIR", help="A run directory holding events.jsonl.")
]
OverrideFlag = Annotated[
    bool, typer.Option("--override-consumed", help="Gate on an already consumed release split.")
]
ExecutorOption = Annotated[
    str | None,
    typer.Option("--executor", help="Where evaluations run: threads or dask (default [executor])."),
]
SkipModelCheck = Annotated[
    bool,
    typer.Option(
        "--skip-model-check",
        help="Start without the one minimal model request that checks the model answers.",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="Dask scheduler (tcp://host:8786) or 'local' for a LocalCluster; implies dask.",
    ),
]


def register(app: typer.Typer) -> None:
    app.command("search")(search)
    app.command("resume")(resume)
    app.command("status")(status)
    app.command("release")(release)


def drive(
    config: ExperimentConfig,
    run_dir: Path,
    *,
    as_json: bool,
    override: bool,
    finish: bool = False,
    model_check: bool = True,
) -> Run:
    from rsi.api import load_run, prepare
    from rsi.cli.progress import SearchProgress
    from rsi.engine import SearchInterrupted, power_warning

    progress = SearchProgress(config, enabled=not as_json)
    engine = prepare(
        config,
        run_dir,
        override_consumed=override,
        observer=progress.on_event,
        finish=finish,
        model_check=model_check,
    )
    power = engine.check_start()  # a refused split or power: one line, before any progress bar
    warning = power_warning(power) if power is not None else None
    if warning:
        print(warning, file=sys.stderr)
    if config.llm is not None and config.runner.kind == "testhelix" and not as_json:
        print(structured_line(config.llm), file=sys.stderr)
    try:
        with progress:
            engine.run()
    except SearchInterrupted as stop:
        print(f"stopped ({stop}); continue with: rsi resume {run_dir}", file=sys.stderr)
        raise typer.Exit(130) from None
    run = load_run(run_dir)
    if as_json:
        print_json({**run.summary.model_dump(mode="json"), "spend": spend_json(run.spend)})
    else:
        render_summary(run.summary)
        render_spend(run.spend)
    return run


def with_executor(
    config: ExperimentConfig, kind: str | None, address: str | None
) -> ExperimentConfig:
    """The config with `--executor`/`--address` over its `[executor]` (not fingerprinted:
    a run may move between threads and a cluster)."""
    from pydantic import ValidationError

    from rsi.config import ExecutorSection
    from search_space import UserInputError

    if kind is None and address is None:
        return config
    settings = config.executor.model_dump()
    if address is not None:
        settings |= {"address": address, "kind": kind or "dask"}
    else:
        settings["kind"] = kind
    try:
        executor = ExecutorSection.model_validate(settings)
    except ValidationError as error:
        first = error.errors()[0]
        option = "--address" if first["loc"] == ("address",) else "--executor"
        raise UserInputError(first["msg"], source=option) from None
    return config.model_copy(update={"executor": executor})


def search(
    config_file: Annotated[Path, typer.Argument(metavar="CONFIG", help="Experiment TOML.")],
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="Where the run lives.")] = None,
    override_consumed: OverrideFlag = False,
    as_json: JsonFlag = False,
    executor: ExecutorOption = None,
    address: AddressOption = None,
    skip_model_check: SkipModelCheck = False,
) -> None:
    """Run a strategy search end to end: rounds, dev ranking, freezing, release gate."""
    from rsi.config import load_config

    config = with_executor(load_config(config_file), executor, address)
    from rsi.api import default_run_dir  # after the config: a user error is said at once

    drive(
        config,
        run_dir or default_run_dir(config),
        as_json=as_json,
        override=override_consumed,
        model_check=not skip_model_check,
    )


def resume(
    run_dir: RunDir,
    override_consumed: OverrideFlag = False,
    finish: Annotated[
        bool,
        typer.Option("--finish", help="End a search paused at its optimizer budget: gate it."),
    ] = False,
    as_json: JsonFlag = False,
    executor: ExecutorOption = None,
    address: AddressOption = None,
    skip_model_check: SkipModelCheck = False,
) -> None:
    """Continue a stopped or crashed search; finished work is never paid for again.

    Raise the budget in the run's config.json (or search again with the larger budget and
    the same --run-dir) to continue a search paused at its optimizer budget. A search may
    resume on another executor (--executor threads after losing a Dask cluster).
    """
    from rsi.config import read_run_config

    config = with_executor(read_run_config(run_dir), executor, address)
    drive(
        config,
        run_dir,
        as_json=as_json,
        override=override_consumed,
        finish=finish,
        model_check=not skip_model_check,
    )


def status(run_dir: RunDir, as_json: JsonFlag = False) -> None:
    """Rounds completed and attempted, kept candidates with dev RAR, the champion, the gate."""
    # The cyclic collector paused for the whole command: the fold pauses it too, and its
    # first pass after the fold, over every object the fold made (no cycles), came during
    # the summary and cost a tenth of a 100k-event status.
    enabled = gc.isenabled()
    gc.disable()
    try:
        _status(run_dir, as_json=as_json)
    finally:
        if enabled:
            gc.enable()


def _status(run_dir: Path, *, as_json: bool) -> None:
    from rsi.api import load_run
    from rsi.config import CONFIG_FILE
    from rsi.engine import read_refused

    refused = read_refused(run_dir)
    if refused is not None and not (run_dir / CONFIG_FILE).exists():
        if as_json:
            print_json({"run_dir": str(run_dir), "refused": refused})
        else:
            _print_refused(refused)
        return
    run = load_run(run_dir)
    if as_json:
        summary = run.summary.model_dump(mode="json")
        spent = spend_json(run.spend)
        print_json({**summary, "refused": run.refused, "spend": spent, "calls": run.harness_calls})
        return
    render_summary(run.summary)
    render_spend(run.spend)
    if run.refused:
        _print_refused(run.refused)


def _print_refused(reason: str) -> None:
    from rich.text import Text

    console.print(Text.assemble(("refused", "bold red"), f": {reason}"))


ExitCodeFlag = Annotated[
    bool,
    typer.Option("--exit-code", help="Exit 1 when the decision is to retain the baseline."),
]


def release(
    run_dir: RunDir,
    as_json: JsonFlag = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print a release note.")] = False,
    exit_code: ExitCodeFlag = False,
) -> None:
    """Show the release gate decided for this run's frozen champion."""
    from rsi.api import load_run
    from rsi.release import GateReport, render_markdown
    from search_space import UserInputError

    summary = load_run(run_dir).summary
    if summary.gate is None:
        if summary.released is not None:
            print(summary.released)
            raise typer.Exit(1 if exit_code else 0)
        raise UserInputError(
            "no gate decided yet (the search has not finished)", source=str(run_dir)
        )
    report = GateReport.model_validate(summary.gate["report"])
    override = override_note(summary.gate)
    if as_json:
        print_json({**summary.gate, "report": report.to_json_dict()})
    elif markdown:
        print(render_markdown(report) + (f"\n\n> **Override:** {override}\n" if override else ""))
    else:
        render_gate(summary)
    if exit_code and not report.promote:
        raise typer.Exit(1)


def override_note(gate: dict[str, Any]) -> str | None:
    """One line saying the split had been claimed before, and by which runs; None if not."""
    if not gate.get("override"):
        return None
    earlier = ", ".join(gate.get("earlier_runs") or ()) or "an earlier run"
    return (
        f"this release split had been reserved or decided before, by {earlier}; "
        "this gate ran on it with --override-consumed"
    )


def render_summary(summary: RunSummary) -> None:
    from rich.table import Table
    from rich.text import Text

    from rsi.journal import dev_text, edit_text

    console.print(Text.assemble(("run", "bold"), f" {summary.run_dir}"))
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
            dev_text(kept.dev_rar, kept.dev_rar_at_most),
        )
    console.print(table)
    if summary.proposals:
        proposals = Table(title="proposals", show_lines=False)
        for column in ("round", "proposer", "edit", "verdict", "calls", "rationale"):
            proposals.add_column(column)
        for p in summary.proposals:
            proposals.add_row(
                str(p["round"]),
                p["proposer"],
                edit_text(p["edit"]),
                f"{p['verdict']}: {p['why']}" if p["why"] else p["verdict"] or "-",
                str(p["calls"]),
                p["rationale"][:120],
            )
        console.print(proposals)
    if summary.champion_id:
        console.print(Text.assemble(("champion", "bold"), f" {summary.champion_id}"))
        for edit in summary.champion_edits:
            console.print(f"  round {edit['round']} ({edit['proposer']}): {edit_text(edit)}")
    render_release_state(summary)
    if summary.gate:
        render_gate(summary)


def render_gate(summary: RunSummary) -> None:
    from rich.text import Text

    from rsi.release import GateReport, gate_table

    assert summary.gate is not None
    report = GateReport.model_validate(summary.gate["report"])
    console.print(gate_table(report))
    override = override_note(summary.gate)
    if override:
        console.print(Text.assemble(("override", "bold yellow"), f": {override}"))


def render_release_state(summary: RunSummary) -> None:
    """The gate's power, and why a search ended without a gate or stopped undecided."""
    from rich.text import Text

    if summary.start_power is not None:
        start = summary.start_power
        line = (
            f"gate power at a {start['effect']:.0%} gain: {start['power']:.2f} on "
            f"{start['n']} release tasks when the search started"
        )
        latest = summary.power
        if latest is not None and latest["basis"] == "dev":
            line += (
                f", {latest['power']:.2f} at the initial strategy's dev RAR "
                f"{latest['baseline_rate']:.0%}"
            )
        console.print(line)
    for label, text in (
        ("released", summary.released),
        ("gate undecided", summary.deferred),
    ):
        if text:
            console.print(Text.assemble((label, "bold"), f": {text}"))
    for earlier in summary.earlier_stops:  # history: `stopped` says where it stands now
        console.print(Text.assemble(("earlier", "bold"), f": {earlier}"))
