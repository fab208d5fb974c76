"""`rsi report RUN_DIR` and `rsi compare RUN_DIR RUN_DIR ...`: figures and HTML pages."""

from __future__ import annotations

import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from rsi.cli.output import console, print_json

COMPARE_DIR = "compare"
JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


def register(app: typer.Typer) -> None:
    app.command("report")(report)
    app.command("compare")(compare)


def report(
    run_dir: Annotated[
        Path, typer.Argument(metavar="RUN_DIR", help="A run directory holding events.jsonl.")
    ],
    out: Annotated[
        Path | None, typer.Option("--out", help="Output folder (default: RUN_DIR/report).")
    ] = None,
    open_it: Annotated[bool, typer.Option("--open", help="Open report.html in a browser.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Write report.html (self-contained) and its PNG figures for one run, finished or not."""
    from rsi.reports import FIGURES, write_report  # matplotlib: imported only when drawing

    path = write_report(run_dir, out)
    if as_json:
        figures = {name: str(path.parent / f"{name}.png") for name in FIGURES}
        print_json({"report": str(path), "figures": figures})
    else:
        console.print(f"report  {path}")
    if open_it:
        webbrowser.open(path.resolve().as_uri())


def compare(
    run_dirs: Annotated[
        list[Path], typer.Argument(metavar="RUN_DIR", help="Two or more run directories.")
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Output folder (default: compare/ beside the first run)."),
    ] = None,
    open_it: Annotated[bool, typer.Option("--open", help="Open compare.html.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Overlay the trajectories of several searches in one figure and tabulate their gates."""
    from rich.table import Table

    from rsi.reports import split_note, write_comparison

    path, rows = write_comparison(run_dirs, out or run_dirs[0].parent / COMPARE_DIR)
    note = split_note(rows)
    if as_json:
        runs = [row.model_dump(mode="json") for row in rows]
        print_json({"report": str(path), "runs": runs, "note": note})
        if open_it:
            webbrowser.open(path.resolve().as_uri())
        return
    table = Table(title="gates")
    columns = ("run", "data seed", "rounds", "kept", "best dev RAR", "wins/losses", "p", "decision")
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(
            row.run_id,
            "-" if row.data_seed is None else str(row.data_seed),
            str(row.rounds),
            str(row.kept),
            f"{row.champion_dev_rar:.1%}" if row.champion_dev_rar is not None else "-",
            f"{row.wins}/{row.losses}" if row.wins is not None else "-",
            row.p_value or "-",
            row.decision or f"no gate ({row.status})",
        )
    console.print(table)
    if note is not None:
        console.print(f"note: {note}", style="bold")
    console.print(f"comparison  {path}")
    if open_it:
        webbrowser.open(path.resolve().as_uri())
