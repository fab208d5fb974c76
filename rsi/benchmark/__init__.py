"""`rsi benchmark`: Table 3 of the paper (Appendix D.4) on one task set, journaled.

Imports `rsi.config`, `rsi.release` (the gate's McNemar and bootstrap code) and
`rsi.lineage` (MLflow), never `rsi.engine`: the CLI hands in how a cell's services are
built (`ServicesFactory`).

Public surface:
- `CONFIGURATIONS`, `BenchConfiguration`, `COMPARISONS`, `parse_configurations`: A to E;
- `plan_benchmark`, `BenchPlan`, `cell_directory`: the inputs resolved, nothing run;
- `run_cells`, `Cell`, `ServicesFactory`, `BenchOutcome`: the evaluations, paid once;
- `BenchLedger`, `BenchEvaluation`, `BenchControls`: the benchmark's journal;
- `bench_table`, `BenchTable`, `indicators`: the table and its paired differences;
- `render_markdown`, `draw_figure`, `log_to_mlflow`, `row_cells`, `difference_cells`:
  the table as people read it.
"""

from rsi.benchmark.configurations import (
    COMPARISONS,
    CONFIGURATIONS,
    BenchConfiguration,
    parse_configurations,
)
from rsi.benchmark.driver import BenchPlan, cell_directory, plan_benchmark
from rsi.benchmark.ledger import BenchControls, BenchEvaluation, BenchLedger
from rsi.benchmark.report import (
    DIFF_HEADERS,
    FIGURE_FILE,
    MARKDOWN_FILE,
    ROW_HEADERS,
    difference_cells,
    draw_figure,
    log_to_mlflow,
    render_markdown,
    row_cells,
)
from rsi.benchmark.run import BenchOutcome, Cell, ServicesFactory, run_cells
from rsi.benchmark.table import BenchTable, bench_table, indicators

__all__ = [
    "COMPARISONS",
    "CONFIGURATIONS",
    "DIFF_HEADERS",
    "FIGURE_FILE",
    "MARKDOWN_FILE",
    "ROW_HEADERS",
    "BenchConfiguration",
    "BenchControls",
    "BenchEvaluation",
    "BenchLedger",
    "BenchOutcome",
    "BenchPlan",
    "BenchTable",
    "Cell",
    "ServicesFactory",
    "bench_table",
    "cell_directory",
    "difference_cells",
    "draw_figure",
    "indicators",
    "log_to_mlflow",
    "parse_configurations",
    "plan_benchmark",
    "render_markdown",
    "row_cells",
    "run_cells",
]
