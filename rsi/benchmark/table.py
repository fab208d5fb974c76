"""Table 3 from the benchmark's journal: one row per (model, configuration), the paired
differences B-A, C-B and E-C, and what `--json`, the report and MLflow show.

- Rows: RAR, JSF (over the fixed N: a missing evaluation is a failure), VAR, IRR, H,
  Change and Entry Coverage (task means over measured tasks) with their collection
  counts (measured, failed collection, empty denominator, not collected).
- Comparisons pair the two configurations' per-task indicators (S for JSF, F for RAR)
  over the benchmark's tasks, under the same model: a paired bootstrap 95 % interval
  (`rsi.release.paired_bootstrap_diffs`, the gate's own code, resamples and seed given)
  and the one-sided exact McNemar p in the direction fixed before evaluation (the later
  configuration better), `rsi.release.exact_mcnemar_p`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel, ConfigDict

from evaluators.judging import (
    AggregateScores,
    CoverageStatus,
    CoverageValue,
    TaskOutcomes,
    aggregate,
    score_task,
)
from rsi.benchmark.configurations import COMPARISONS, CONFIGURATIONS
from rsi.benchmark.ledger import BenchEvaluation
from rsi.release import exact_mcnemar_p, paired_bootstrap_diffs

INTERVAL_LEVEL = 95.0


class CoverageColumn(BaseModel):
    """One coverage metric of one row: the mean over measured tasks and the counts."""

    model_config = ConfigDict(frozen=True)

    mean: float | None
    measured: int = 0
    failed: int = 0
    empty: int = 0
    not_collected: int = 0  # other languages, image tasks, or coverage turned off


class BenchRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    model: str
    configuration: str
    title: str
    strategy_id: str | None
    journaled: int  # evaluations journaled of the N tasks
    scores: AggregateScores
    change_coverage: CoverageColumn
    entry_coverage: CoverageColumn


class PairedDifference(BaseModel):
    """`later` minus `earlier` on one metric, in percentage points."""

    model_config = ConfigDict(frozen=True)

    model: str
    earlier: str
    later: str
    metric: str  # "jsf" or "rar"
    n: int
    difference_pp: float
    interval_pp: tuple[float, float]
    wins: int  # tasks only the later configuration succeeds on
    losses: int
    mcnemar_p: float


class BenchTable(BaseModel):
    model_config = ConfigDict(frozen=True)

    tasks: tuple[str, ...]
    rows: tuple[BenchRow, ...]
    differences: tuple[PairedDifference, ...]
    resamples: int
    seed: int


def task_outcomes(records: Sequence[BenchEvaluation], tasks: Sequence[str]) -> list[TaskOutcomes]:
    """One row per benchmark task: its journaled outcomes, or all missing (a failure)."""
    by_task = {r.task_id: r.outcomes for r in records}
    return [
        by_task.get(t, TaskOutcomes(task_id=t, initial=None, reference=None, panel=True))
        for t in tasks
    ]


def _coverage(values: Sequence[CoverageValue | None], n: int) -> CoverageColumn:
    measured = [v.value for v in values if v is not None and v.value is not None]
    counts = {s: sum(v is not None and v.status is s for v in values) for s in CoverageStatus}
    return CoverageColumn(
        mean=sum(measured) / len(measured) if measured else None,
        measured=len(measured),
        failed=counts[CoverageStatus.FAILED],
        empty=counts[CoverageStatus.EMPTY],
        not_collected=n
        - len(measured)
        - counts[CoverageStatus.FAILED]
        - counts[CoverageStatus.EMPTY],
    )


def bench_row(
    model: str, letter: str, records: Sequence[BenchEvaluation], tasks: Sequence[str]
) -> BenchRow:
    scores = aggregate([score_task(o) for o in task_outcomes(records, tasks)])
    wanted = set(tasks)
    kept = [r for r in records if r.task_id in wanted]
    return BenchRow(
        model=model,
        configuration=letter,
        title=CONFIGURATIONS[letter].title,
        strategy_id=kept[0].strategy_id if kept else None,
        journaled=len(kept),
        scores=scores,
        change_coverage=_coverage(
            [r.coverage.change if r.coverage else None for r in kept], len(tasks)
        ),
        entry_coverage=_coverage(
            [r.coverage.entry if r.coverage else None for r in kept], len(tasks)
        ),
    )


def indicators(records: Sequence[BenchEvaluation], tasks: Sequence[str], metric: str) -> np.ndarray:
    """Per-task S (metric "jsf") or F ("rar") in task order, 0 where nothing was journaled."""
    scores = [score_task(o) for o in task_outcomes(records, tasks)]
    values = [(s.S or 0) if metric == "jsf" else s.F for s in scores]
    return np.asarray(values, dtype=np.bool_)


def paired_difference(
    model: str,
    earlier: str,
    later: str,
    metric: str,
    pair: tuple[Sequence[BenchEvaluation], Sequence[BenchEvaluation]],
    tasks: Sequence[str],
    *,
    resamples: int,
    seed: int,
) -> PairedDifference:
    base, challenger = (indicators(records, tasks, metric) for records in pair)
    diffs = paired_bootstrap_diffs(base, challenger, seed=seed, resamples=resamples)
    tail = (100.0 - INTERVAL_LEVEL) / 2
    low, high = np.percentile(diffs * 100.0, [tail, 100.0 - tail])
    wins = int(np.sum(challenger & ~base))
    losses = int(np.sum(base & ~challenger))
    return PairedDifference(
        model=model,
        earlier=earlier,
        later=later,
        metric=metric,
        n=len(tasks),
        difference_pp=100.0 * (challenger.mean() - base.mean()) if len(tasks) else 0.0,
        interval_pp=(round(float(low), 9), round(float(high), 9)),
        wins=wins,
        losses=losses,
        mcnemar_p=exact_mcnemar_p(wins, losses),
    )


def bench_table(
    records: Sequence[BenchEvaluation],
    tasks: Sequence[str],
    models: Sequence[str],
    letters: Sequence[str],
    *,
    resamples: int = 10_000,
    seed: int = 42,
) -> BenchTable:
    """The table of the given models and configurations over `tasks`."""
    cells = {
        (m, c): [r for r in records if (r.model, r.configuration) == (m, c)]
        for m in models
        for c in letters
    }
    rows = tuple(bench_row(m, c, cells[(m, c)], tasks) for m in models for c in letters)
    differences = tuple(
        paired_difference(
            m, a, b, metric, (cells[(m, a)], cells[(m, b)]), tasks, resamples=resamples, seed=seed
        )
        for m in models
        for a, b in COMPARISONS
        if a in letters and b in letters
        for metric in ("jsf", "rar")
    )
    return BenchTable(
        tasks=tuple(tasks), rows=rows, differences=differences, resamples=resamples, seed=seed
    )
