"""What does a Dask cluster cost the driver, and does throughput grow with workers?

1. Real evaluations: the quickstart's initial strategy on its first proposal tasks, on
   threads and on a LocalCluster with the same number of workers (processes): evaluations
   per second and the driver's own time per evaluation (submitting, collecting the result,
   journaling; waiting excluded), printed as dask / threads ratios measured in this run.
2. A simulation of scale: `evaluate_one` replaced by a sleep of a task-sized time (on the
   workers too, through `client.run`), on 1, 2, 4 and 8 local workers: throughput against
   the ideal workers / task time, and the share of wall time the driver is busy.

Usage: python experiments/benchmarks/executor_scaling.py [--real 12] [--sleep 0.5]
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from collections.abc import Collection, Hashable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from distributed import LocalCluster  # noqa: E402

from rsi.config import ExecutorSection, ExperimentConfig, load_config  # noqa: E402
from rsi.engine import (  # noqa: E402
    EvaluationPool,
    EvaluationServices,
    Evaluator,
    ThreadPool,
    build_services,
    evaluation,
)
from rsi.engine.dask_pool import open_dask_pool  # noqa: E402
from rsi.journal import Evaluation, Journal, Purpose  # noqa: E402
from search_space import Strategy, strategy_id  # noqa: E402


class TimedPool:
    """Delegates to a pool, summing the driver's time in `submit` and `result`."""

    def __init__(self, inner: EvaluationPool) -> None:
        self.inner = inner
        self.seconds = 0.0

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Hashable:
        started = time.perf_counter()
        try:
            return self.inner.submit(strategy, task_id, purpose)
        finally:
            self.seconds += time.perf_counter() - started

    def wait(self, pending: Mapping[Hashable, str]) -> Collection[Hashable]:
        return self.inner.wait(pending)

    def result(self, handle: Hashable) -> Any:
        started = time.perf_counter()
        try:
            return self.inner.result(handle)
        finally:
            self.seconds += time.perf_counter() - started

    def cancel(self, handles: Collection[Hashable]) -> None:
        self.inner.cancel(handles)


def sleeping_evaluate_one(seconds: float) -> Any:
    """An `evaluate_one` that sleeps a task-sized time instead of working."""

    def evaluate_one(
        services: EvaluationServices, strategy: Strategy, task_id: str, purpose: Purpose
    ) -> tuple[Evaluation, dict[str, object]]:
        time.sleep(seconds)
        data = Evaluation(
            strategy_id=strategy_id(strategy),
            task_id=task_id,
            seed=services.seed,
            purpose=purpose,
            success=False,
            initial_outcome="fail",
            reference_outcome="fail",
        )
        return data, {}

    return evaluate_one


def use_sleeping_runner(seconds: float) -> None:
    """Run on each worker (`client.run`): its evaluations sleep from now on."""
    evaluation.evaluate_one = sleeping_evaluate_one(seconds)


@contextmanager
def pool_for(
    kind: str, config: ExperimentConfig, run_dir: Path, services: EvaluationServices
) -> Iterator[tuple[EvaluationPool, int, Any]]:
    """(pool, in-flight bound, Dask client or None) on threads or on a fresh LocalCluster."""
    workers = config.search.workers
    if kind == "threads":
        with ThreadPoolExecutor(workers) as executor:
            yield ThreadPool(executor, services), workers, None
        return
    with LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster:
        executor = ExecutorSection(kind="dask", address=cluster.scheduler_address)
        config = config.model_copy(update={"executor": executor})
        with open_dask_pool(config, run_dir, services) as pool:
            yield pool, pool.capacity, pool.client


def measure(
    kind: str,
    config: ExperimentConfig,
    work: list[tuple[str, Purpose]],
    sleep_s: float | None = None,
) -> dict[str, float]:
    """Evaluate the initial strategy on `work`; evaluations/s and driver seconds."""
    strategy = Strategy.model_validate_json(config.experiment.initial_strategy.read_text())
    with tempfile.TemporaryDirectory(prefix="rsi-scaling-") as home:
        run_dir = Path(home) / "run"
        services = build_services(config, run_dir)
        plain = evaluation.evaluate_one
        with pool_for(kind, config, run_dir, services) as (pool, in_flight, client):
            if sleep_s is not None:
                evaluation.evaluate_one = sleeping_evaluate_one(sleep_s)
                if client is not None:
                    client.run(use_sleeping_runner, sleep_s)
            journal = Journal(run_dir)
            timed = TimedPool(pool)
            journaling = 0.0

            def record(op: str, data: Evaluation) -> object:
                nonlocal journaling
                started = time.perf_counter()
                try:
                    return journal.append(op, data)
                finally:
                    journaling += time.perf_counter() - started

            evaluator = Evaluator(
                services, journal, record, timed, max_in_flight=in_flight, should_stop=lambda: False
            )
            started = time.perf_counter()
            for purpose in ("train", "dev"):
                tasks = [task for task, p in work if p == purpose]
                evaluator.evaluate(strategy, tasks, purpose)
            wall = time.perf_counter() - started
            journal.close()
            evaluation.evaluate_one = plain
    driver = timed.seconds + journaling
    return {"wall": wall, "rate": len(work) / wall, "driver": driver / len(work)}


def real_part(config: ExperimentConfig, count: int) -> None:
    split = build_services(config, Path(tempfile.gettempdir())).tasks.split(
        {"proposal": config.data.proposal, "dev": config.data.dev, "release": config.data.release},
        seed=config.data.seed,
    )
    work: list[tuple[str, Purpose]] = [(t, "train") for t in split.ids("proposal")[:count]]
    threads = measure("threads", config, work)
    dask = measure("dask", config, work)
    workers = config.search.workers
    print(f"1. real evaluations: {len(work)} of the quickstart's, {workers} workers")
    for name, row in (("threads", threads), ("dask", dask)):
        print(
            f"   {name:8} {row['rate']:.2f} evaluations/s, driver "
            f"{row['driver'] * 1e3:.2f} ms per evaluation ({row['wall']:.1f} s wall)"
        )
    print(f"   throughput dask / threads: {dask['rate'] / threads['rate']:.2f}")
    print(f"   driver time per evaluation dask / threads: {dask['driver'] / threads['driver']:.1f}")
    share = dask["driver"] * dask["rate"] / workers
    print(f"   driver time per evaluation on dask as a share of evaluation time: {share:.2%}")


def simulated_part(config: ExperimentConfig, sleep_s: float, per_worker: int) -> None:
    ids = build_services(config, Path(tempfile.gettempdir())).tasks.ids
    print(f"2. simulated evaluations of {sleep_s:g} s, {per_worker} per worker")
    print("   workers  evaluations/s  ideal  efficiency  threads/s  dask/threads  driver busy")
    for workers in (1, 2, 4, 8):
        count = per_worker * workers
        half = (count + 1) // 2
        work: list[tuple[str, Purpose]] = [(t, "train") for t in ids[:half]]
        work += [(t, "dev") for t in ids[: count - half]]
        sized = config.model_copy(
            update={"search": config.search.model_copy(update={"workers": workers})}
        )
        dask = measure("dask", sized, work, sleep_s)
        threads = measure("threads", sized, work, sleep_s)
        ideal = workers / sleep_s
        busy = dask["driver"] * dask["rate"]
        print(
            f"   {workers:7}  {dask['rate']:13.2f}  {ideal:5.1f}  {dask['rate'] / ideal:10.0%}"
            f"  {threads['rate']:9.2f}  {dask['rate'] / threads['rate']:12.2f}  {busy:11.1%}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--real", type=int, default=12, help="real evaluations per executor")
    parser.add_argument("--sleep", type=float, default=0.5, help="simulated task seconds")
    parser.add_argument("--per-worker", type=int, default=8, help="simulated evaluations each")
    args = parser.parse_args()
    config = load_config(args.config)
    data = config.model_dump()
    data["mlflow"]["enabled"] = False
    config = ExperimentConfig.model_validate(data)
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at start")
    real_part(config, args.real)
    simulated_part(config, args.sleep, args.per_worker)


if __name__ == "__main__":
    main()
