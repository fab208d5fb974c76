"""How much of a search's wall time is the engine itself? Runs the quickstart with the
real runner, judge and sandbox wrapped in timers, then prints the share of wall time spent
outside runner and judge work, and the worker utilization (busy time / capacity).

A search runs at most `workers` suites at once (`evaluators.sandbox.slots`), so its
capacity is workers x wall time, and its work is the suites' run time (the runner's checks
and the judge's targets) plus the runner's own time between its suites.

Work counts only if it served the search: every suite's run time is attributed to the
evaluation it belongs to (a context variable set around `evaluate_one`, carried into the
judge's target threads), and only the evaluations the journal holds count as work. A
prefetched evaluation (`[search] prefetch`, rsi/execution/prefetch.py) never asked for
was dropped, so its work is counted outside, as overhead. The share outside is split, as
shares of that capacity:
- worker bookkeeping: an evaluation's time on its worker outside runner and judge (the
  temporary workspace, trace dumps);
- dropped prefetched evaluations;
- idle slots: batch tails (the last evaluations of a batch cannot fill every slot),
  hand-offs (a finished worker waiting for the driver's next task) and the driver alone
  (proposals, health checks, freezing, gate statistics, startup), where nothing prefetched was left
  to run.
The driver thread's own time is listed too (journal appends with fsync, trace files,
proposal steps): it overlaps the workers except between batches. With `--mlflow on` the
live MLflow sink runs (a sqlite store in the temporary home) and its projection time on
its own thread is reported as a share of wall time; `--mlflow both` runs off, then on.
`--prefetch off` measures without prefetch (the bare round protocol); `both` runs
without, then with, and prints the wall-time ratio of the two (same journal, same work).

Usage: python experiments/benchmarks/engine_overhead.py [--config FILE] [--mlflow off|on|both]
       [--prefetch auto|on|off|both]
"""

from __future__ import annotations

import argparse
import contextvars
import dataclasses
import json
import os
import sys
import tempfile
import threading
import time
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evaluators.judging import judge  # noqa: E402
from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine, ProposalStep  # noqa: E402
from rsi.execution import Evaluator, build_services, evaluation  # noqa: E402
from rsi.journal import EVENTS_FILE, Journal, evaluation_op  # noqa: E402
from search_space import strategy_id  # noqa: E402

# The evaluation (its journal op) whose work the current thread is doing.
EVALUATION: contextvars.ContextVar[str | None] = contextvars.ContextVar("op", default=None)


class BusyClock:
    """Sums seconds spent inside wrapped calls, across threads, per thread-name prefix and
    per evaluation (`EVALUATION`)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.by_thread: dict[str, float] = {}
        self.by_op: dict[tuple[str | None, str], float] = {}  # (op, thread prefix)
        self._lock = threading.Lock()

    def wrap(self, function: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent = time.perf_counter() - start
                prefix = threading.current_thread().name.split("_")[0]
                op = EVALUATION.get()
                with self._lock:
                    self.seconds += spent
                    self.by_thread[prefix] = self.by_thread.get(prefix, 0.0) + spent
                    key = (op, prefix)
                    self.by_op[key] = self.by_op.get(key, 0.0) + spent

        return timed


class ContextExecutor(Executor):
    """Submits with the submitter's context, so the judge's target runs know their evaluation."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self.inner.submit(contextvars.copy_context().run, fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait, cancel_futures=cancel_futures)


def attributed(function: Any) -> Any:
    """`evaluate_one`, run with `EVALUATION` set to its journal op."""

    def evaluate_one(services: Any, strategy: Any, task_id: str, purpose: Any) -> Any:
        op = evaluation_op(purpose, strategy_id(strategy), task_id, services.seed)
        token = EVALUATION.set(op)
        try:
            return function(services, strategy, task_id, purpose)
        finally:
            EVALUATION.reset(token)

    return evaluate_one


original = evaluation.evaluate_one


def patch(owner: Any, name: str, clock: BusyClock) -> None:
    setattr(owner, name, clock.wrap(getattr(owner, name)))


def measure(config: ExperimentConfig, mlflow: bool, prefetch: str) -> float:
    """Run the search once, print the report, return its wall time."""
    with tempfile.TemporaryDirectory(prefix="rsi-overhead-") as home:
        data = config.model_dump()
        data["experiment"]["runs_dir"] = Path(home)
        data["mlflow"]["enabled"] = mlflow
        data["mlflow"]["tracking_uri"] = None
        data["search"]["prefetch"] = prefetch
        config = ExperimentConfig.model_validate(data)
        run_dir = Path(home) / "run"
        services = build_services(config.services_config(), run_dir)
        clocks = {
            name: BusyClock()
            for name in (
                "runner",
                "judge",
                "suites",
                "slotted",
                "one",
                "evaluate",
                "append",
                "trace",
                "propose",
                "mirror",
                "close",
            )
        }
        # Suites' run time inside their slots, and the runner's sandbox calls with the wait
        # for a slot (its own work is what is left of its wall time).
        slotted = services.sandbox
        inner = slotted.inner  # type: ignore[attr-defined]
        inner.run = clocks["suites"].wrap(inner.run)
        slotted.run = clocks["slotted"].wrap(slotted.run)  # type: ignore[method-assign]
        runner = services.runner
        runner.run = clocks["runner"].wrap(runner.run)  # type: ignore[method-assign]
        assert services.judge_executor is not None
        services = dataclasses.replace(
            services,
            judge=clocks["judge"].wrap(judge),
            judge_executor=ContextExecutor(services.judge_executor),
        )
        patch(evaluation, "evaluate_one", clocks["one"])
        evaluation.evaluate_one = attributed(evaluation.evaluate_one)
        patch(Evaluator, "evaluate_many", clocks["evaluate"])
        patch(Evaluator, "write_trace", clocks["trace"])
        patch(Journal, "append", clocks["append"])
        patch(ProposalStep, "attempt", clocks["propose"])
        lineage = None
        if mlflow:
            from rsi.lineage import LineageProjector, MlflowLineageSink, sink_for

            patch(LineageProjector, "sync", clocks["mirror"])
            patch(MlflowLineageSink, "close", clocks["close"])
            lineage = sink_for(config, run_dir)
        started = time.perf_counter()
        engine = Engine(
            config, run_dir, services=services, lineage=lineage, override_consumed_release=True
        )
        engine.run()
        wall = time.perf_counter() - started
        prefetched = engine.evaluator.prefetcher.stats
        lines = (run_dir / EVENTS_FILE).read_text().splitlines()
        journaled = {json.loads(line)["op"] for line in lines if '"evaluation"' in line}
    evaluation.evaluate_one = original
    seconds = {name: clock.seconds for name, clock in clocks.items()}
    # The runner's suites run on its evaluation thread; the judge's on rsi-judge threads.
    runner_suites = clocks["suites"].by_thread.get("rsi-eval", 0.0)
    runner_own = seconds["runner"] - clocks["slotted"].by_thread.get("rsi-eval", 0.0)
    # Per evaluation: its suites, and the runner's call time less its suites' calls (waits
    # for a slot included); the judge has no work of its own outside its suites.
    work: dict[str | None, float] = {}
    for (op, _), spent in clocks["suites"].by_op.items():
        work[op] = work.get(op, 0.0) + spent
    for (op, prefix), spent in clocks["runner"].by_op.items():
        waited = clocks["slotted"].by_op.get((op, prefix), 0.0)  # its own suites' calls
        work[op] = work.get(op, 0.0) + spent - waited
    busy = sum(spent for op, spent in work.items() if op in journaled)
    dropped = sum(spent for op, spent in work.items() if op not in journaled)
    workers = config.search.workers
    capacity = workers * wall
    prefetching = "on" if config.prefetches() else "off"
    print(f"--- MLflow live sink {'on' if mlflow else 'off'}, prefetch {prefetching}")
    print(f"wall time: {wall:.1f} s with {workers} workers (at most {workers} suites at once)")
    print(
        f"suites: {seconds['suites']:.1f} s (runner checks {runner_suites:.1f} s); the runner's "
        f"own work between its suites {runner_own:.1f} s"
    )
    print(
        f"wall time on the evaluation threads: runner {seconds['runner']:.1f} s, judge "
        f"{seconds['judge']:.1f} s (waits for a slot included)"
    )
    print(
        f"prefetched evaluations: {prefetched.submitted} run ahead, {prefetched.adopted} used by a "
        f"batch, {prefetched.dropped} dropped ({dropped:.1f} s of runner and judge work)"
    )
    print(f"worker utilization (useful work): {busy / capacity:.0%}")
    print(f"share of wall time outside runner and judge work: {max(0.0, 1 - busy / capacity):.1%}")
    bookkeeping = seconds["one"] - seconds["runner"] - seconds["judge"]
    idle = capacity - busy - dropped - bookkeeping
    print("  split, as shares of workers x wall time:")
    print(f"    worker bookkeeping (workspace, trace dumps)    {bookkeeping / capacity:6.1%}")
    print(f"    dropped prefetched evaluations                 {dropped / capacity:6.1%}")
    print(f"    idle slots (tails, hand-offs, driver alone)    {idle / capacity:6.1%}")
    print(
        f"  the driver alone (outside every batch): {wall - seconds['evaluate']:.1f} s "
        f"({1 - seconds['evaluate'] / wall:.1%} of wall time)"
    )
    print("  driver thread, seconds (overlapping the workers within a batch):")
    print(
        f"    journal appends with fsync {seconds['append']:.2f} s ({seconds['append'] / wall:.1%})"
    )
    print(f"    trace files {seconds['trace']:.2f} s ({seconds['trace'] / wall:.1%})")
    print(f"    proposal steps {seconds['propose']:.2f} s ({seconds['propose'] / wall:.1%})")
    if mlflow:
        print(
            f"  MLflow projection on the sink's thread: {seconds['mirror']:.1f} s "
            f"({seconds['mirror'] / wall:.1%} of wall time); the driver waited "
            f"{seconds['close']:.1f} s ({seconds['close'] / wall:.1%}) for its final flush"
        )
    return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--mlflow", choices=("off", "on", "both"), default="off")
    parser.add_argument("--prefetch", choices=("auto", "on", "off", "both"), default="auto")
    args = parser.parse_args()
    config = load_config(args.config)
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for mlflow in {"off": [False], "on": [True], "both": [False, True]}[args.mlflow]:
        if args.prefetch != "both":
            measure(config, mlflow, args.prefetch)
            continue
        bare, prefetching = measure(config, mlflow, "off"), measure(config, mlflow, "on")
        print(f"wall time with prefetch / without: {prefetching / bare:.2f}")


if __name__ == "__main__":
    main()
