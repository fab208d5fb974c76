"""`rsi compare`: several searches of one experiment, their trajectories in one figure.

Top: each run's running champion (best dev RAR kept so far) per round, its initial
strategy's dev RAR dotted in the same colour. Bottom: each round's child minus parent
minibatch successes, kept children filled, discarded hollow. Runs differ by colour and
line style. The gate of each run goes into a table, with the `[data]` seed that drew its
split; runs whose dev splits differ are overlaid with a note saying so (their dev RAR
ranks candidates on different tasks).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from pydantic import BaseModel, ConfigDict

from rsi.release import format_p
from rsi.reports.data import ReportData, collect
from rsi.reports.render import environment, write_files
from rsi.reports.style import (
    BLACK,
    BLUE,
    FONT_SIZE,
    GREEN,
    ORANGE,
    PURPLE,
    SKY,
    TITLE_SIZE,
    VERMILLION,
    YELLOW,
    new_figure,
    png_bytes,
)
from rsi.reports.trajectory import running_best
from search_space import UserInputError

COMPARE_FILE = "compare.html"
COMPARE_FIGURE = "compare_trajectories"
RUN_COLOURS = (BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY, YELLOW, BLACK)
RUN_STYLES = ("-", "--", "-.", ":")


class CompareRow(BaseModel):
    """One run in the comparison table."""

    model_config = ConfigDict(frozen=True)

    run_id: str
    experiment: str
    seed: int  # the [experiment] seed
    data_seed: int | None  # the [data] seed: which split the run drew
    dev_split: str | None
    rounds: int
    attempts: int
    kept: int
    champion_dev_rar: float | None
    status: str
    wins: int | None
    losses: int | None
    diff_pp: float | None
    p_value: str | None
    decision: str | None


def compare_rows(runs: Sequence[ReportData]) -> list[CompareRow]:
    rows = []
    for run in runs:
        report = run.card.report
        scored = [k.dev_rar for k in run.kept if k.dev_rar is not None]
        rows.append(
            CompareRow(
                run_id=run.run_id,
                experiment=run.experiment,
                seed=run.seed,
                data_seed=run.data_seed,
                dev_split=run.dev_split,
                rounds=len(run.rounds),
                attempts=run.attempts,
                kept=len(run.kept) - 1 if run.kept else 0,
                champion_dev_rar=max(scored) if scored else None,
                status="finished" if not run.partial else "partial",
                wins=report.wins if report else None,
                losses=report.losses if report else None,
                diff_pp=report.diff_pp if report else None,
                p_value=format_p(report.p_value) if report else None,
                decision=(("promote" if report.promote else "retain baseline") if report else None),
            )
        )
    return rows


def split_note(rows: Sequence[CompareRow]) -> str | None:
    """Why the overlay may mislead, or None: the runs ranked on different dev splits."""
    if len({row.dev_split for row in rows}) < 2:
        return None
    seeds = ", ".join(sorted({"none" if r.data_seed is None else str(r.data_seed) for r in rows}))
    return (
        f"these runs ranked candidates on different dev splits ([data] seed {seeds}): "
        "their dev RAR curves are not comparable task for task"
    )


def compare_figure(runs: Sequence[ReportData]) -> Figure:
    figure = new_figure(6.4)
    dev, screen = figure.subplots(2, 1, sharex=True)
    last = max((p.round for run in runs for p in run.rounds), default=0)
    for i, run in enumerate(runs):
        colour, style = RUN_COLOURS[i % len(RUN_COLOURS)], RUN_STYLES[i % len(RUN_STYLES)]
        _champion_steps(dev, run, colour, style)
        _screen_gains(screen, run, colour, style)
    dev.set_ylabel("running champion dev RAR (%)")
    dev.set_ylim(-5, 105)
    dev.legend(fontsize=FONT_SIZE - 1, loc="lower right", frameon=False)
    dev.set_title(
        "Running champion per round (dotted: each run's initial strategy)",
        fontsize=TITLE_SIZE,
        loc="left",
    )
    screen.axhline(0, color=BLACK, linewidth=0.8)
    screen.set_ylabel("child - parent successes")
    screen.set_xlabel("round")
    screen.set_title(
        "Minibatch gain per round (filled: kept, hollow: discarded)",
        fontsize=TITLE_SIZE,
        loc="left",
    )
    screen.set_xlim(-0.5, last + 0.5)
    for ax in (dev, screen):
        ax.grid(axis="y", alpha=0.3)
    return figure


def _champion_steps(ax: Axes, run: ReportData, colour: str, style: str) -> None:
    """One run's running champion dev RAR per round, and its initial strategy's (dotted)."""
    run_last = max((p.round for p in run.rounds), default=0)
    best = running_best(run.kept, run_last)
    ax.step(
        [r for r, _ in best],
        [v for _, v in best],
        where="post",
        color=colour,
        linestyle=style,
        linewidth=2.2,
        label=run.run_id,
        gid="champion",
    )
    if run.initial_dev_rar is not None:
        ax.axhline(run.initial_dev_rar * 100, color=colour, linestyle=":", linewidth=1)


def _screen_gains(ax: Axes, run: ReportData, colour: str, style: str) -> None:
    """One run's minibatch gain per screened round: kept filled, discarded hollow."""
    screened = [p for p in run.rounds if p.verdict is not None]
    gains = [(p.child_successes or 0) - (p.parent_successes or 0) for p in screened]
    ax.plot(
        [p.round for p in screened], gains, color=colour, linestyle=style, linewidth=1.2, gid="gain"
    )
    pairs = list(zip(screened, gains, strict=True))
    kept = [(p.round, g) for p, g in pairs if p.verdict == "kept"]
    dropped = [(p.round, g) for p, g in pairs if p.verdict != "kept"]
    ax.scatter([r for r, _ in kept], [g for _, g in kept], color=colour, s=40, zorder=3)
    ax.scatter(
        [r for r, _ in dropped],
        [g for _, g in dropped],
        facecolor="white",
        edgecolor=colour,
        s=40,
        zorder=3,
    )


def write_comparison(run_dirs: Sequence[Path], out_dir: Path) -> tuple[Path, list[CompareRow]]:
    """Write `compare.html` and its PNG into `out_dir`; return the HTML path and the rows."""
    if len(run_dirs) < 2:
        raise UserInputError("compare needs at least two run directories")
    runs = [collect(run_dir) for run_dir in run_dirs]
    rows = compare_rows(runs)
    png = png_bytes(compare_figure(runs))
    html = (
        environment()
        .get_template("compare.html.j2")
        .render(
            rows=rows,
            figure=png,
            experiments=sorted({r.experiment for r in rows}),
            split_note=split_note(rows),
        )
    )
    return write_files(out_dir, COMPARE_FILE, html, {COMPARE_FIGURE: png}), rows
