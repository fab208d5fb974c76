"""Reports of a run: figures (matplotlib) and a self-contained HTML page (Jinja2).

Reads a run directory through `rsi.journal`'s public surface (and the gate's own bootstrap
code in `rsi.release`); writes nothing but the files it is asked for. `rsi.cli` draws
reports for people; `rsi.lineage` logs the same figures into MLflow.

Public surface:
- `collect(run_dir) -> ReportData`: what a report shows, from journal, config and traces;
- `FIGURES`, `render_figures`, `render`, `render_run`, `RenderedReport`: figures and HTML;
- `write_report(run_dir, out_dir)`: `report.html` plus one PNG per figure;
- `write_comparison(run_dirs, out_dir)`, `compare_rows`, `compare_figure`, `split_note`:
  several runs of one experiment, and whether their dev splits differ.
"""

from rsi.reports.compare import (
    CompareRow,
    compare_figure,
    compare_rows,
    split_note,
    write_comparison,
)
from rsi.reports.data import ReportData, collect
from rsi.reports.render import (
    FIGURES,
    REPORT_DIR,
    REPORT_FILE,
    RenderedReport,
    render,
    render_figures,
    render_run,
    write_report,
)

__all__ = [
    "FIGURES",
    "REPORT_DIR",
    "REPORT_FILE",
    "CompareRow",
    "RenderedReport",
    "ReportData",
    "collect",
    "compare_figure",
    "compare_rows",
    "render",
    "render_figures",
    "render_run",
    "split_note",
    "write_comparison",
    "write_report",
]
