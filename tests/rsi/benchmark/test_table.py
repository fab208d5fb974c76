"""The table's paired differences against an independent reading of the journal."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np

from evaluators.judging.metrics import TaskOutcomes
from evaluators.sandbox import Outcome
from rsi.benchmark import BenchEvaluation, BenchLedger, plan_benchmark
from rsi.benchmark.ledger import EVALUATIONS_FILE
from rsi.config import load_config
from rsi.lineage import client_for, default_tracking_uri
from tests.support.benchmark_fixtures import write_config
from tests.support.cli_helpers import run_rsi

P, F = Outcome.PASS, Outcome.FAIL


def _outcomes(task_id: str, f: bool, s: bool) -> TaskOutcomes:
    """F and S as asked: S needs F, and one passing invalid candidate breaks S."""
    return TaskOutcomes(
        task_id=task_id,
        initial=F if f else P,
        reference=P,
        valid=(P, P, P, P),
        invalid=(F, F, F, F, F if s else P),
        panel=True,
    )


def _journal_by_hand(config: Path, champion: Path, out: Path) -> tuple[str, ...]:
    """Controls as `rsi benchmark` writes them, and every evaluation of C and E journaled
    with seeded outcomes: the command then pays nothing and only reads the journal."""
    plan, cells, _ = plan_benchmark(
        load_config(config),
        configurations="C,E",
        models=(),
        split=None,
        tasks_dir=config.parent / "tasks",
        strategy=champion,
        directory=out,
        coverage=False,
    )
    ledger = BenchLedger(out)
    ledger.open_controls(plan.controls)
    rng = random.Random(7)
    for cell in cells:
        bias = 0.6 if cell.configuration.letter == "E" else 0.35
        for task_id in plan.controls.tasks:
            f = rng.random() < 0.8
            s = f and rng.random() < bias
            ledger.append(
                BenchEvaluation(
                    configuration=cell.configuration.letter,
                    model=cell.model,
                    task_id=task_id,
                    seed=plan.controls.seed,
                    strategy_id="-",
                    outcomes=_outcomes(task_id, f, s),
                )
            )
    return plan.controls.tasks


def _upper_tail(wins: int, losses: int) -> float:
    n = wins + losses
    return sum(math.comb(n, k) for k in range(wins, n + 1)) / 2**n


def test_e_minus_c_matches_an_independent_bootstrap_of_the_journal(
    tmp_path: Path, champion_file: Path
) -> None:
    config = write_config(tmp_path, size=20, mlflow=True)
    out = tmp_path / "bench"
    tasks = _journal_by_hand(config, champion_file, out)
    result = run_rsi(
        "benchmark", str(config), "--configurations", "C,E", "--strategy", str(champion_file),
        "--tasks", str(tmp_path / "tasks"), "--out", str(out), "--no-coverage",
        "--resamples", "2000", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    table = json.loads(result.stdout)
    assert table["paid_now"] == 0
    # The journal, read without the package: S per task of C and of E.
    success = {}
    for line in (out / EVALUATIONS_FILE).read_text().splitlines():
        record = json.loads(line)
        o = record["outcomes"]
        s = (
            o["initial"] == "fail"
            and o["reference"] == "pass"
            and all(v == "pass" for v in o["valid"])
            and all(v == "fail" for v in o["invalid"])
        )
        success[(record["configuration"], record["task_id"])] = int(s)
    c = np.array([success[("C", t)] for t in tasks])
    e = np.array([success[("E", t)] for t in tasks])
    assert (e != c).any()  # the comparison has discordant tasks to resample
    n = len(tasks)
    draws = np.random.default_rng(42).integers(0, n, (2000, n))
    diffs = (e - c)[draws].mean(axis=1) * 100
    low, high = np.percentile(diffs, [2.5, 97.5])
    (row,) = [
        d
        for d in table["differences"]
        if (d["earlier"], d["later"], d["metric"]) == ("C", "E", "jsf")
    ]
    assert row["interval_pp"] == [round(float(low), 9), round(float(high), 9)]
    assert row["difference_pp"] == 100 * (e.mean() - c.mean())
    wins, losses = int(((e == 1) & (c == 0)).sum()), int(((c == 1) & (e == 0)).sum())
    assert (row["wins"], row["losses"]) == (wins, losses)
    assert abs(row["mcnemar_p"] - _upper_tail(wins, losses)) < 1e-12
    jsf = {r["configuration"]: r["scores"]["jsf"] for r in table["rows"]}
    assert jsf == {"C": c.mean(), "E": e.mean()}
    # One MLflow run per configuration, holding the row's JSF.
    client = client_for(default_tracking_uri(tmp_path / "runs"))
    runs = {run_id: client.get_run(run_id) for run_id in table["mlflow_runs"]}
    logged = {
        r.data.tags["rsi.benchmark.configuration"]: r.data.metrics["jsf"] for r in runs.values()
    }
    assert logged == jsf


def test_a_missing_evaluation_counts_as_a_failure_over_n(
    tmp_path: Path, champion_file: Path
) -> None:
    config = write_config(tmp_path, size=20)
    out = tmp_path / "bench"
    tasks = _journal_by_hand(config, champion_file, out)
    from rsi.benchmark import bench_table

    records = [r for r in BenchLedger(out).records() if r.task_id != tasks[0]]
    table = bench_table(records, tasks, ("scripted",), ("C", "E"), resamples=200)
    for row in table.rows:
        assert row.journaled == len(tasks) - 1
        assert row.scores.n_tasks == len(tasks)
        assert row.scores.jsf is not None and row.scores.rar is not None
        assert row.scores.jsf <= row.scores.rar
