"""A run's report: five figures as PNG and one self-contained `report.html` (Jinja2).

The HTML embeds every figure as a base64 `data:` URI and links nothing outside itself, so
it opens offline and can be mailed or attached as one file.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from matplotlib.figure import Figure
from pydantic import BaseModel, ConfigDict

from rsi.journal import Event
from rsi.reports.card import card_figure, card_lines
from rsi.reports.cost import cost_figure
from rsi.reports.data import ReportData, collect
from rsi.reports.fields import fields_figure
from rsi.reports.style import png_bytes
from rsi.reports.trajectory import trajectory_figure
from rsi.reports.tree import tree_figure

REPORT_FILE = "report.html"
REPORT_DIR = "report"  # default output folder inside the run directory

FIGURES: dict[str, Callable[[ReportData], Figure]] = {
    "trajectory": trajectory_figure,
    "lineage_tree": lambda d: tree_figure(d.tree, partial=d.partial),
    "field_effects": lambda d: fields_figure(d.fields, partial=d.partial),
    "release_card": lambda d: card_figure(d.card, status=d.status),
    "cost": lambda d: cost_figure(d.cost, partial=d.partial),
}
"""Figure name (its PNG is `<name>.png`) -> builder, in the report's order."""


class RenderedReport(BaseModel):
    """A report in memory: PNG bytes per figure name and the self-contained HTML."""

    model_config = ConfigDict(frozen=True)

    run_id: str
    experiment: str
    partial: bool
    figures: dict[str, bytes]
    html: str


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("rsi.reports", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["data_uri"] = lambda png: (
        "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    )
    return env


def render_figures(data: ReportData) -> dict[str, Figure]:
    return {name: build(data) for name, build in FIGURES.items()}


def render(data: ReportData) -> RenderedReport:
    figures = {name: png_bytes(figure) for name, figure in render_figures(data).items()}
    html = (
        environment()
        .get_template("report.html.j2")
        .render(data=data, figures=figures, card_lines=card_lines(data.card))
    )
    return RenderedReport(
        run_id=data.run_id,
        experiment=data.experiment,
        partial=data.partial,
        figures=figures,
        html=html,
    )


def render_run(run_dir: Path, events: Sequence[Event] | None = None) -> RenderedReport:
    """Read a run directory and render its report (read-only); pass `events` when the
    journal is in memory already (see `collect`)."""
    return render(collect(run_dir, events))


def write_files(out_dir: Path, html_name: str, html: str, pngs: Mapping[str, bytes]) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, png in pngs.items():
        (out_dir / f"{name}.png").write_bytes(png)
    path = out_dir / html_name
    path.write_text(html, encoding="utf-8")
    return path


def write_report(run_dir: Path, out_dir: Path | None = None) -> Path:
    """Write `report.html` and the PNGs (default: `RUN_DIR/report/`); return the HTML path."""
    rendered = render_run(run_dir)
    target = out_dir or run_dir / REPORT_DIR
    return write_files(target, REPORT_FILE, rendered.html, rendered.figures)
