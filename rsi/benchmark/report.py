"""The benchmark table as people read it: markdown, a figure, and one MLflow run per
(model, configuration).

- `render_markdown`: the rows (percentages) with collection counts, then the paired
  differences with their 95 % intervals and McNemar p.
- `draw_figure`: per model, RAR, JSF and both coverages per configuration, and the
  paired JSF and RAR differences with their intervals; `docs/how-to/reports.md` shows one.
- `log_to_mlflow`: experiment `<name>-benchmark`; a run per row, named
  `<configuration> <model>`, found again by its tags on a re-run (metrics overwritten).
"""

from __future__ import annotations

from pathlib import Path

from rsi.benchmark.table import BenchRow, BenchTable, CoverageColumn, PairedDifference
from rsi.config import ExperimentConfig
from rsi.lineage import artifact_location_for, client_for, tracking_uri_for
from rsi.release import format_p

FIGURE_FILE = "benchmark.png"
MARKDOWN_FILE = "benchmark.md"
DIR_TAG = "rsi.benchmark.dir"


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100.0 * value:.2f}"


def coverage_text(column: CoverageColumn) -> str:
    counts = f"{column.measured} measured"
    for name, count in (("failed", column.failed), ("empty", column.empty)):
        if count:
            counts += f", {count} {name}"
    if column.not_collected:
        counts += f", {column.not_collected} not collected"
    return f"{pct(column.mean)} ({counts})"


def row_cells(row: BenchRow) -> list[str]:
    s = row.scores
    h = "n/a" if s.h_pct is None else f"{s.h_pct:.2f}"
    return [
        row.model,
        f"{row.configuration}: {row.title}",
        pct(s.rar),
        pct(s.jsf),
        pct(s.var),
        pct(s.irr),
        h,
        coverage_text(row.change_coverage),
        coverage_text(row.entry_coverage),
        f"{row.journaled}/{s.n_tasks}",
    ]


ROW_HEADERS = [
    "model",
    "configuration",
    "RAR",
    "JSF",
    "VAR",
    "IRR",
    "H",
    "Change Coverage",
    "Entry Coverage",
    "journaled",
]
DIFF_HEADERS = ["model", "difference", "metric", "pp", "95% interval (pp)", "wins/losses", "p"]


def difference_cells(d: PairedDifference) -> list[str]:
    low, high = d.interval_pp
    return [
        d.model,
        f"{d.later} - {d.earlier}",
        d.metric.upper(),
        f"{d.difference_pp:+.2f}",
        f"[{low:+.2f}, {high:+.2f}]",
        f"{d.wins}/{d.losses}",
        format_p(d.mcnemar_p),
    ]


def render_markdown(table: BenchTable) -> str:
    lines = [
        f"# Benchmark on {len(table.tasks)} tasks",
        "",
        "All scores in percent; RAR and JSF over the fixed N (a missing evaluation is a "
        "failure); coverage means over measured tasks, with collection counts.",
        "",
        "| " + " | ".join(ROW_HEADERS) + " |",
        "|" + "---|" * len(ROW_HEADERS),
    ]
    lines += ["| " + " | ".join(row_cells(row)) + " |" for row in table.rows]
    if table.differences:
        lines += [
            "",
            f"Paired differences: bootstrap 95 % interval ({table.resamples} task resamples, "
            f"seed {table.seed}) and one-sided exact McNemar p (the later configuration better).",
            "",
            "| " + " | ".join(DIFF_HEADERS) + " |",
            "|" + "---|" * len(DIFF_HEADERS),
        ]
        lines += ["| " + " | ".join(difference_cells(d)) + " |" for d in table.differences]
    return "\n".join(lines) + "\n"


_BARS = (
    ("RAR", lambda r: r.scores.rar),
    ("JSF", lambda r: r.scores.jsf),
    ("Change Cov.", lambda r: r.change_coverage.mean),
    ("Entry Cov.", lambda r: r.entry_coverage.mean),
)


def draw_figure(table: BenchTable, path: Path) -> Path:
    """Per model: RAR, JSF and both coverages by configuration (left), and the paired JSF
    and RAR differences with their 95 % intervals (right)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    models = sorted({row.model for row in table.rows})
    fig, axes = plt.subplots(len(models), 2, figsize=(11, 3.4 * len(models)), squeeze=False)
    for (left, right), model in zip(axes, models, strict=True):
        rows = [row for row in table.rows if row.model == model]
        width = 0.8 / len(_BARS)
        for i, (label, value) in enumerate(_BARS):
            xs = [x + (i - 1.5) * width for x in range(len(rows))]
            left.bar(xs, [100 * (value(r) or 0) for r in rows], width, label=label)
        left.set_xticks(list(range(len(rows))), [r.configuration for r in rows])
        left.set_ylim(0, 119)
        left.set_ylabel("%")
        left.set_title(f"{model}: by configuration")
        left.legend(loc="upper center", ncol=4, fontsize=7)
        diffs = [d for d in table.differences if d.model == model]
        labels = sorted({f"{d.later}-{d.earlier}" for d in diffs})
        for d in diffs:
            y = labels.index(f"{d.later}-{d.earlier}") + (0.12 if d.metric == "jsf" else -0.12)
            colour = "tab:orange" if d.metric == "jsf" else "tab:blue"
            right.plot(list(d.interval_pp), [y, y], color=colour)
            right.plot([d.difference_pp], [y], "o", color=colour)
        right.plot([], [], "o-", color="tab:orange", label="JSF")
        right.plot([], [], "o-", color="tab:blue", label="RAR")
        right.axvline(0, color="grey", linewidth=0.8)
        right.set_yticks(list(range(len(labels))), labels)
        right.set_xlabel("difference, pp (95% paired bootstrap interval)")
        right.set_title("paired differences")
        right.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _metrics(row: BenchRow) -> dict[str, float]:
    s = row.scores
    values: dict[str, float | None] = {
        "rar": s.rar,
        "jsf": s.jsf,
        "var": s.var,
        "irr": s.irr,
        "h_pct": s.h_pct,
        "change_coverage": row.change_coverage.mean,
        "entry_coverage": row.entry_coverage.mean,
        "tasks": float(s.n_tasks),
        "journaled": float(row.journaled),
        "tasks_without_panel": float(s.tasks_without_panel),
        "change_coverage_measured": float(row.change_coverage.measured),
        "change_coverage_failed": float(row.change_coverage.failed),
        "entry_coverage_measured": float(row.entry_coverage.measured),
        "entry_coverage_failed": float(row.entry_coverage.failed),
    }
    return {k: v for k, v in values.items() if v is not None}


def log_to_mlflow(
    config: ExperimentConfig, table: BenchTable, directory: Path, figure: Path | None
) -> list[str]:
    """One run per row under experiment `<name>-benchmark`; returns their run ids."""
    uri = tracking_uri_for(config)
    client = client_for(uri)
    name = f"{config.experiment.name}-benchmark"
    found = client.get_experiment_by_name(name)
    experiment = (
        found.experiment_id
        if found is not None
        else client.create_experiment(name, artifact_location=artifact_location_for(uri))
    )
    ids = []
    for row in table.rows:
        tags = {
            DIR_TAG: str(directory.resolve()),
            "rsi.benchmark.configuration": row.configuration,
            "rsi.benchmark.model": row.model,
        }
        query = " and ".join(f"tags.`{k}` = '{v}'" for k, v in tags.items())
        existing = client.search_runs([experiment], filter_string=query, max_results=1)
        if existing:
            run_id = existing[0].info.run_id
        else:
            run = client.create_run(
                experiment, run_name=f"{row.configuration} {row.model}", tags=tags
            )
            run_id = run.info.run_id
            client.log_param(run_id, "configuration", f"{row.configuration}: {row.title}")
            client.log_param(run_id, "strategy_id", row.strategy_id or "")
        for key, value in _metrics(row).items():
            client.log_metric(run_id, key, value)
        if figure is not None and figure.exists():
            client.log_artifact(run_id, str(figure))
        client.set_terminated(run_id)
        ids.append(run_id)
    return ids
