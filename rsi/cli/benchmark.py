"""`rsi benchmark CONFIG --configurations A,C,E --strategy RUN_DIR --split test`: Table 3.

Runs the chosen configurations of paper Appendix D.4 (A single pair, B three pairs with
random submission, C peer cross-validation at K=3, D at K=5, E = C with the RSI strategy)
on one task set, under one model or several, journaled under `--out` and paid once; then
prints the table with paired intervals and writes `benchmark.md`, `benchmark.png` and one
MLflow run per configuration. `--plan` says what it would run and cost, and runs nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rsi.cli.output import console, print_json

if TYPE_CHECKING:  # the rest is imported when the command runs (rsi/cli/__init__.py)
    from rsi.benchmark import BenchOutcome, BenchPlan, BenchTable, Cell
    from rsi.config import ExperimentConfig


def register(app: typer.Typer) -> None:
    app.command("benchmark")(benchmark)


ConfigurationsOption = Annotated[
    str, typer.Option("--configurations", help="Letters of Table 3, e.g. A,C,E.")
]
StrategyOption = Annotated[
    Path | None,
    typer.Option("--strategy", help="E's strategy: a finished run's directory or a file."),
]
ModelOption = Annotated[
    list[str] | None,
    typer.Option("--model", help="A litellm model string; repeat for several models."),
]
SplitOption = Annotated[
    str | None, typer.Option("--split", help="proposal, dev or test (default test).")
]
TasksOption = Annotated[
    Path | None, typer.Option("--tasks", help="Every task of this directory instead.")
]
OutOption = Annotated[
    Path | None,
    typer.Option("--out", help="Benchmark directory (default RUNS/<name>-benchmark)."),
]
CoverageOption = Annotated[
    bool, typer.Option("--coverage/--no-coverage", help="Change and Entry Coverage.")
]
MaxUsdOption = Annotated[
    float | None, typer.Option("--max-usd", min=0.0, help="Money cap in US dollars.")
]


def benchmark(
    config_file: Annotated[Path, typer.Argument(metavar="CONFIG", help="Experiment TOML.")],
    configurations: ConfigurationsOption = "A,B,C,D,E",
    strategy: StrategyOption = None,
    models: ModelOption = None,
    split: SplitOption = None,
    tasks_dir: TasksOption = None,
    out: OutOption = None,
    coverage: CoverageOption = True,
    max_usd: MaxUsdOption = None,
    resamples: Annotated[
        int, typer.Option("--resamples", min=100, help="Paired bootstrap resamples.")
    ] = 10_000,
    plan_only: Annotated[
        bool, typer.Option("--plan", help="Say what would run; run nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Evaluate Table 3's configurations on one task set and print the table.

    Exits 2 on bad input (the release split included), 130 when a money cap or the
    model's health stopped it: run it again (with a larger cap) to go on, paying nothing
    twice.
    """
    from rsi.benchmark import plan_benchmark
    from rsi.config import load_config

    config = load_config(config_file)
    directory = out or config.experiment.runs_dir / f"{config.experiment.name}-benchmark"
    plan, cells, _ = plan_benchmark(
        config,
        configurations=configurations,
        models=tuple(models or ()),
        split=split,
        tasks_dir=tasks_dir,
        strategy=strategy,
        directory=directory,
        coverage=coverage,
    )
    if plan_only:
        _show_plan(plan, as_json=as_json)
        return
    if config.executor.kind == "dask":  # said, not silently ignored
        print(
            "note: rsi benchmark runs on threads ([search] workers), not on Dask", file=sys.stderr
        )
    ended, table, runs = _run(
        config, plan, cells, coverage=coverage, max_usd=max_usd, resamples=resamples
    )
    if as_json:
        print_json(_summary(plan, table, ended.paid, runs))
    else:
        _print_table(table, plan, ended.paid)
    if config.runner.kind != "testhelix" and len(set(plan.configurations) - {"E"}) > 1:
        print("note: the scripted runner has no pairs: A to D run the same author", file=sys.stderr)
    reason = ended.stopped or ended.paused
    if reason is not None:
        print(f"stopped: {reason}; run the same command again to go on", file=sys.stderr)
        raise typer.Exit(130)


def _run(
    config: ExperimentConfig,
    plan: BenchPlan,
    cells: list[Cell],
    *,
    coverage: bool,
    max_usd: float | None,
    resamples: int,
) -> tuple[BenchOutcome, BenchTable, list[str]]:
    """Pay what is missing, then write the table, its figure and the MLflow runs."""
    from rsi.benchmark import (
        FIGURE_FILE,
        MARKDOWN_FILE,
        BenchLedger,
        bench_table,
        cell_directory,
        draw_figure,
        log_to_mlflow,
        render_markdown,
        run_cells,
    )
    from rsi.execution import build_services

    directory = plan.directory
    ledger = BenchLedger(directory)
    ledger.open_controls(plan.controls)
    ended = run_cells(
        cells,
        plan.controls.tasks,
        ledger,
        lambda cell_config, cell_dir: build_services(cell_config.services_config(), cell_dir),
        workers=config.search.workers,
        coverage=coverage,
        max_usd=max_usd,
        cell_dir=lambda cell: cell_directory(directory, cell),
        limits=plan.controls.limits,
    )
    table = bench_table(
        ledger.records(),
        plan.controls.tasks,
        plan.models,
        plan.configurations,
        resamples=resamples,
        seed=config.release.seed,
    )
    (directory / MARKDOWN_FILE).write_text(render_markdown(table))
    figure = draw_figure(table, directory / FIGURE_FILE)
    runs = log_to_mlflow(config, table, directory, figure) if config.mlflow.enabled else []
    return ended, table, runs


def _summary(plan: BenchPlan, table: BenchTable, paid: int, runs: list[str]) -> dict[str, Any]:
    return {
        "directory": str(plan.directory),
        "task_source": plan.controls.task_source,
        "paid_now": paid,
        "mlflow_runs": runs,
        **table.model_dump(mode="json"),
    }


def _show_plan(plan: BenchPlan, *, as_json: bool) -> None:
    if as_json:
        print_json(plan.model_dump(mode="json"))
        return
    worst = (
        "unknown (a model has no price)" if plan.worst_usd is None else f"${plan.worst_usd:,.2f}"
    )
    console.print(
        f"{len(plan.controls.tasks)} tasks ({plan.controls.task_source}) x configurations "
        f"{','.join(plan.configurations)} x models {', '.join(plan.models)}: "
        f"{plan.evaluations} evaluations, {plan.journaled} journaled, "
        f"{plan.evaluations - plan.journaled} to run; worst case {worst}"
    )
    console.print(f"journal: {plan.directory}")


def _print_table(table: BenchTable, plan: BenchPlan, paid: int) -> None:
    from rich.table import Table

    from rsi.benchmark import DIFF_HEADERS, ROW_HEADERS, difference_cells, row_cells

    rows = Table(title=f"Benchmark on {len(table.tasks)} tasks ({plan.controls.task_source})")
    for header in ROW_HEADERS:
        rows.add_column(header)
    for row in table.rows:
        rows.add_row(*row_cells(row))
    console.print(rows)
    if table.differences:
        diffs = Table(title="Paired differences (later minus earlier)")
        for header in DIFF_HEADERS:
            diffs.add_column(header)
        for difference in table.differences:
            diffs.add_row(*difference_cells(difference))
        console.print(diffs)
    console.print(f"{paid} evaluations paid now; journal, table and figure in {plan.directory}")
