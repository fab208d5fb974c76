"""Does the driver keep hundreds of evaluation slots busy? A load test with the latency runner.

Every evaluation waits a seeded lognormal time (`[runner] kind = "latency"`, median 1 s)
and hands back a trace of `--trace-kb` KB, so slots cost no CPU and only the driver's own
work shows. For 8, 32, 128 and 512 slots, on threads (slots = threads of the driver) and on
Dask (a `dask scheduler` process and `dask worker` processes started from the command
line, as on real machines, joined through their tcp:// address), one batch of one
evaluation per slot warms the slots (worker threads started, code paths run, as every
batch of a search but its first finds them); then one batch of slots x `--rounds`
evaluations runs through the engine's `Evaluator`, journaled and mirrored to the live
MLflow sink as in a search, and is measured. It prints:

- evaluations per second and the efficiency: the drawn waits (the work) over slots x
  wall time; beside it a perfect scheduler's efficiency on the same waits (it knows every
  wait and places the longest first: `scaling_meter.perfect_makespan`), the efficiency of
  the evaluator's own submission order refilled instantly (no driver, no transit), and the
  ratio of the perfect and measured wall times. A batch ends on a tail where slots have
  nothing left to run; an online scheduler, which cannot know the waits, ends on whatever
  long ones started last (about the longest of a slot-count of draws: 2 s at 128 slots),
  so the default 40 evaluations per slot keep that tail to about 4% (at 10 it was 8-9%);
- where the slots' time went, from each evaluation's start and end on its slot (`ran` in
  its trace record): the work, the rest of its time on the slot, and idle time before
  every slot had started once (ramp), until the last evaluation started (steady: the
  driver's fault) and after it (tail); with the mean time from submission to start and
  from end to the driver's pick-up, and how often the journal window held submission back;
- the driver process's CPU time per evaluation, and where its main thread spends it
  (submitting, collecting results, journaling, writing trace files, the MLflow sink, the
  evaluator's own bookkeeping); "other threads" is the rest of the process: on Dask the
  client's I/O thread (messages, deserializing results) and the MLflow sink's thread, on
  threads the evaluations themselves (drawing and building their traces);
- the journal's appends and fsyncs per second (group commit: one fsync per group);
- the slot count at which the driver would be the bottleneck, on paper: one core spent on
  driver work per evaluation, slots = mean evaluation time / driver CPU per evaluation.

Usage: python experiments/benchmarks/executor_scaling.py [--slots 8 32 128 512]
       [--kinds threads dask] [--rounds 40] [--median 1.0] [--sigma 0.25] [--trace-kb 64]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evaluators.runners import (  # noqa: E402
    RunnerLimits,
    drawn_wait,
)
from experiments.benchmarks.scaling_meter import (  # noqa: E402
    PARTS,
    Breakdown,
    DriverClock,
    MeteredPool,
    breakdown,
    perfect_makespan,
    same_order_makespan,
)
from rsi.config import ExecutorSection, ExperimentConfig, load_config  # noqa: E402
from rsi.execution import (  # noqa: E402
    EvaluationPool,
    Evaluator,
    ThreadPool,
    build_services,
    check_sandbox_ready,
)
from rsi.execution.dask.pool import open_dask_pool  # noqa: E402
from rsi.execution.dask.worker import WorkerKit  # noqa: E402
from rsi.journal import Evaluation, Journal  # noqa: E402
from rsi.lineage import MlflowLineageSink  # noqa: E402
from search_space import Strategy  # noqa: E402

DASK = Path(sys.executable).with_name("dask")
KIT = WorkerKit(build_services=build_services, check_sandbox=check_sandbox_ready)


class MeteredEvaluator(Evaluator):
    clock: DriverClock

    def write_trace(self, op: str, record: dict[str, object]) -> None:
        with self.clock.part("traces"):
            super().write_trace(op, record)


@dataclass(frozen=True)
class Row:
    kind: str
    slots: int
    evaluations: int
    wall_s: float
    work_s: float  # the drawn waits, summed: slot-seconds of useful work
    perfect_s: float  # a perfect scheduler's wall time for the same waits
    same_order_s: float  # the evaluator's order, refilled instantly
    mean_s: float
    cpu_ms: float  # driver process CPU per evaluation
    parts_ms: dict[str, float]  # per evaluation, main thread, plus "bookkeeping" and "other"
    appends: int
    fsyncs: int
    slot_time: Breakdown
    window_stalls: int

    @property
    def rate(self) -> float:
        return self.evaluations / self.wall_s

    @property
    def efficiency(self) -> float:
        """The slots' time spent on the drawn waits: work / (slots x wall)."""
        return self.work_s / (self.slots * self.wall_s)

    @property
    def perfect(self) -> float:
        """The same for a perfect scheduler: the best this batch shape allows."""
        return self.work_s / (self.slots * self.perfect_s)

    @property
    def same_order(self) -> float:
        """The same in the evaluator's order without delays: the best an online one got."""
        return self.work_s / (self.slots * self.same_order_s)


@contextmanager
def dask_cluster(slots: int, home: Path) -> Iterator[str]:
    """A `dask scheduler` and `dask worker` processes with `slots` threads in all; yields
    the scheduler's tcp:// address. Each process runs in its own session, ended here."""
    processes = max(1, min(4, slots // 64))
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    scheduler_file = home / "scheduler.json"
    common = ["--no-dashboard"]
    argv = [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", *common]
    started = [_spawn([*argv, "--scheduler-file", str(scheduler_file)], env, home / "scheduler")]
    try:
        deadline = time.monotonic() + 120
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(scheduler_file.read_text())["address"]
        worker = [str(DASK), "worker", address, "--nworkers", str(processes)]
        worker += ["--nthreads", str(slots // processes), "--memory-limit", "0", *common]
        worker += ["--local-directory", str(home / "workers")]
        started.append(_spawn(worker, env, home / "workers"))
        yield address
    finally:
        for process in reversed(started):
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _spawn(argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log.with_suffix(".log"), "wb") as out:
        return subprocess.Popen(
            argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


@contextmanager
def pool_for(
    kind: str, config: ExperimentConfig, run_dir: Path, home: Path
) -> Iterator[EvaluationPool]:
    services = build_services(config.services_config(), run_dir)
    slots = config.search.workers
    if kind == "threads":
        with ThreadPoolExecutor(slots, thread_name_prefix="rsi-eval") as executor:
            yield ThreadPool(executor, services)
        return
    with dask_cluster(slots, home) as address:
        executor = ExecutorSection(kind="dask", address=address, lost_after_s=120)
        with open_dask_pool(executor, config.services_config(), run_dir, services, KIT) as pool:
            pool.client.wait_for_workers(1, timeout=120)
            while sum(pool.client.nthreads().values()) < slots:
                time.sleep(0.2)
            yield pool


def batch(
    config: ExperimentConfig, count: int, label: str = "load test"
) -> tuple[list[Strategy], list[str]]:
    """Strategies x tasks giving at least `count` distinct evaluations."""
    initial = Strategy.model_validate_json(config.experiment.initial_strategy.read_text())
    ids = list(build_services(config.services_config(), Path(tempfile.gettempdir())).tasks.ids)
    tasks = ids[: min(len(ids), count)]
    strategies = [
        initial.model_copy(update={"guidance": f"{label} {n}"})
        for n in range(math.ceil(count / len(tasks)))
    ]
    return strategies, tasks


def drawn_waits(
    config: ExperimentConfig, strategies: list[Strategy], tasks: list[str]
) -> list[float]:
    """The latency runner's waits for this batch, drawn as it will draw them."""
    wall = RunnerLimits().wall_s  # the cap `build_services` gives the runner
    latency, seed = config.runner.latency, config.experiment.seed
    return [drawn_wait(latency, s, t, seed, wall) for s in strategies for t in tasks]


def metered_evaluator(
    config: ExperimentConfig,
    run_dir: Path,
    journal: Journal,
    sink: MlflowLineageSink,
    metered: MeteredPool,
) -> MeteredEvaluator:
    """The engine's evaluator, journaling and mirroring as a search does, on the clock."""
    clock = metered.clock

    def record(op: str, data: Evaluation) -> object:
        with clock.part("journal"):
            event = journal.append(op, data)
        with clock.part("mlflow"):
            sink.on_event(event)
        return event

    evaluator = MeteredEvaluator(
        build_services(config.services_config(), run_dir),
        journal,
        record,
        metered,
        max_in_flight=config.search.workers,
        should_stop=lambda: False,
    )
    evaluator.clock = clock
    return evaluator


def measure(kind: str, config: ExperimentConfig, rounds: int) -> Row:
    """One batch of slots x rounds evaluations on `kind`; what it cost the driver."""
    slots = config.search.workers
    strategies, tasks = batch(config, slots * rounds)
    waits = drawn_waits(config, strategies, tasks)
    home = Path(tempfile.mkdtemp(prefix="rsi-scaling-"))
    try:
        run_dir = home / "run"
        with pool_for(kind, config, run_dir, home) as pool:
            clock, journal = DriverClock(), Journal(run_dir)
            sink = MlflowLineageSink(run_dir, f"sqlite:///{home / 'mlflow.db'}")
            metered = MeteredPool(pool, clock)
            evaluator = metered_evaluator(config, run_dir, journal, sink, metered)
            # Warm the slots first (worker threads started, code paths run), as every batch
            # of a search but its first finds them; then measure from zero.
            evaluator.evaluate_many(*batch(config, slots, "warm-up"), "dev")
            clock.seconds = dict.fromkeys(clock.seconds, 0.0)
            metered.flights.clear()
            evaluator.stats.window_stalls = 0
            warm_appends, warm_commits = len(journal), journal.commits
            # The wall clock the workers' `ran` times use (one machine: one clock).
            cpu, thread, start = _cpu(), time.thread_time(), time.time()
            evaluator.evaluate_many(strategies, tasks, "train")
            end = time.time()
            thread, cpu = time.thread_time() - thread, _cpu() - cpu
            sink.close()
            journal.close()
        parts = {name: seconds * 1e3 / len(waits) for name, seconds in clock.seconds.items()}
        parts["bookkeeping"] = (thread - sum(clock.seconds.values())) * 1e3 / len(waits)
        parts["other threads"] = (cpu - thread) * 1e3 / len(waits)
        return Row(
            kind=kind,
            slots=slots,
            evaluations=len(waits),
            wall_s=end - start,
            work_s=sum(waits),
            perfect_s=perfect_makespan(waits, slots),
            same_order_s=same_order_makespan(metered.flights, slots),
            mean_s=config.runner.latency.mean_s,
            cpu_ms=cpu * 1e3 / len(waits),
            parts_ms=parts,
            appends=len(journal) - warm_appends,
            fsyncs=journal.commits - warm_commits,
            slot_time=breakdown(metered.flights, slots, start, end),
            window_stalls=evaluator.window_stalls,
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def sized(config: ExperimentConfig, slots: int, args: argparse.Namespace) -> ExperimentConfig:
    data = config.model_dump()
    data["search"]["workers"] = slots
    data["mlflow"]["enabled"] = False
    data["runner"]["kind"] = "latency"
    data["runner"]["latency"] = {
        "median_s": args.median,
        "sigma": args.sigma,
        "trace_kb": args.trace_kb,
    }
    return ExperimentConfig.model_validate(data)


def report(rows: list[Row]) -> None:
    print(
        "kind     slots  evals  wall s  evals/s  efficiency  perfect  same order  vs perfect"
        "  driver CPU ms/eval  appends/s  fsyncs/s"
    )
    for row in rows:
        print(
            f"{row.kind:7}  {row.slots:5}  {row.evaluations:5}  {row.wall_s:6.1f}"
            f"  {row.rate:7.1f}  {row.efficiency:10.1%}  {row.perfect:7.1%}"
            f"  {row.same_order:10.1%}  {row.perfect_s / row.wall_s:10.1%}  {row.cpu_ms:18.2f}"
            f"  {row.appends / row.wall_s:9.1f}  {row.fsyncs / row.wall_s:8.1f}"
        )
    print(
        "\nefficiency: drawn waits / (slots x wall); perfect: the same for a scheduler that"
        " knows every wait (longest first);\nsame order: the evaluator's submission order"
        " refilled instantly (no driver, no transit); vs perfect: perfect wall / measured wall"
    )
    print(
        "\nwhere the slots' time went, % of slots x wall, from each evaluation's start and end"
        " on its slot:\nwork (the drawn waits), on slot (the rest of its time there: building"
        " its trace, the pool's overhead),\nidle before every slot had started once (ramp),"
        " until the last evaluation started (steady), the part of that while\nevaluations"
        " were submitted and not started (queued: the pool's dispatch; the rest is the"
        " driver's),\nafter it (tail: the batch's shape); then the mean hops: submission to"
        " start, end to the driver's pick-up"
    )
    print(
        "kind     slots   work  on slot   ramp  steady  queued   tail  ramp s  tail s"
        "  to slot ms  back ms  window stalls"
    )
    for row in rows:
        t = row.slot_time
        print(
            f"{row.kind:7}  {row.slots:5}  {t.work:5.1%}  {t.on_slot:7.1%}  {t.ramp:5.1%}"
            f"  {t.steady:6.1%}  {t.queued_idle:6.1%}  {t.tail:5.1%}  {t.ramp_s:6.2f}"
            f"  {t.tail_s:6.2f}  {t.to_slot_ms:10.1f}  {t.back_ms:7.1f}  {row.window_stalls:13}"
        )
    print("\ndriver CPU per evaluation, ms, by part (main thread, then its other threads)")
    names = [*PARTS, "bookkeeping", "other threads"]
    print("kind     slots  " + "  ".join(f"{name:>13}" for name in names))
    for row in rows:
        cells = "  ".join(f"{row.parts_ms[name]:13.3f}" for name in names)
        print(f"{row.kind:7}  {row.slots:5}  {cells}")
    print("\nslots one driver core keeps busy, on paper (mean evaluation time / driver CPU):")
    for row in rows:
        per_second = 1e3 / row.cpu_ms
        print(
            f"{row.kind:7}  {row.slots:5}: {per_second:6.0f} evaluations/s;"
            f" {per_second * row.mean_s:8.0f} slots of {row.mean_s:.2f} s evaluations,"
            f" {per_second * 300:9.0f} of 5-minute ones"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--slots", type=int, nargs="+", default=[8, 32, 128, 512])
    parser.add_argument("--kinds", nargs="+", default=["threads", "dask"])
    parser.add_argument("--rounds", type=int, default=40, help="evaluations per slot")
    parser.add_argument("--median", type=float, default=1.0, help="median evaluation seconds")
    parser.add_argument("--sigma", type=float, default=0.25, help="lognormal shape")
    parser.add_argument("--trace-kb", type=int, default=64, help="trace size per evaluation")
    args = parser.parse_args()
    config = load_config(args.config)
    print(
        f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at start; "
        f"latency runner: median {args.median:g} s, sigma {args.sigma:g}, "
        f"trace {args.trace_kb} KB; {args.rounds} evaluations per slot"
    )
    rows = []
    for slots in args.slots:
        for kind in args.kinds:
            rows.append(measure(kind, sized(config, slots, args), args.rounds))
            print(f"  measured {kind} at {slots} slots", file=sys.stderr, flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end\n")
    report(rows)


if __name__ == "__main__":
    main()
