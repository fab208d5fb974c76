"""Run the benchmark's cells (configuration x model) over one task set, paying each
(configuration, model, task, seed) once.

- A cell's config is the experiment's with `[runner.testhelix] configuration` and the
  `[llm] model` replaced; its services (runner, sandbox, caps) are built by the caller's
  `ServicesFactory` (from the CLI: `rsi.execution.build_services` on the cell's
  `services_config()`), its reply cache lives in its own directory, so a resumed cell
  replays what it paid.
- Every cell runs the same tasks with the same seed and the same `RunnerLimits`.
- An evaluation runs the runner on the public task, then the judge on the initial
  program, the reference and the whole panel, then (for Python tasks, unless turned off)
  the judge-side coverage run. It is journaled as soon as it ends.
- Money: before a task starts, its worst case (the per-task token caps at the model's
  price) is held against `max_usd`; one that would cross it is not started and the run
  ends `paused`, resumable with a larger cap. A model health stop ends it `stopped`; the
  evaluation it hit is not journaled.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from evaluators.judging import (
    CoverageReport,
    JudgeSettings,
    TaskOutcomes,
    TrustedRun,
    judge,
    measure,
    trusted_run,
)
from evaluators.llm import CapReached, MoneyCaps, MoneyLedger, Price
from evaluators.runners import Runner, RunnerLimits, run_safely
from evaluators.sandbox import Sandbox, scratch_dir
from evaluators.tasks import Task, TaskSet
from rsi.benchmark.configurations import BenchConfiguration
from rsi.benchmark.ledger import BenchEvaluation, BenchLedger
from rsi.config import ExperimentConfig
from search_space import RsiError, Strategy, strategy_id


class CellServices(Protocol):
    """What one cell's evaluations need (`rsi.execution.EvaluationServices` has it)."""

    tasks: TaskSet
    runner: Runner
    sandbox: Sandbox
    judge_settings: JudgeSettings
    limits: RunnerLimits
    seed: int


ServicesFactory = Callable[[ExperimentConfig, Path], CellServices]


@dataclass(frozen=True)
class Cell:
    configuration: BenchConfiguration
    model: str  # "scripted" for the scripted runner
    strategy: Strategy
    config: ExperimentConfig
    price: Price | None


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "model"


def cell_config(
    config: ExperimentConfig, configuration: BenchConfiguration, model: str
) -> ExperimentConfig:
    """The experiment's config with the cell's harness configuration and model."""
    runner = config.runner.model_copy(
        update={
            "testhelix": config.runner.testhelix.model_copy(
                update={"configuration": configuration.harness}
            )
        }
    )
    update: dict[str, object] = {"runner": runner}
    if config.llm is not None:
        update["llm"] = config.llm.model_copy(update={"model": model})
    return config.model_copy(update=update)


class TrustedCoverage:
    """The trusted tests' coverage run, once per task (it depends on the task alone)."""

    def __init__(self, sandbox: Sandbox, settings: JudgeSettings) -> None:
        self.sandbox, self.settings = sandbox, settings
        self._lock = threading.Lock()
        self._runs: dict[str, threading.Lock] = {}
        self._done: dict[str, CoverageReport] = {}

    def __call__(self, task: Task) -> CoverageReport:
        with self._lock:
            guard = self._runs.setdefault(task.id, threading.Lock())
        with guard:
            if task.id not in self._done:
                self._done[task.id] = trusted_run(task, self.sandbox, self.settings)
            return self._done[task.id]


def evaluate_task(
    services: CellServices, cell: Cell, task_id: str, trusted: TrustedRun | None
) -> BenchEvaluation | str:
    """One evaluation, or the model's stop message when its health stopped the runner."""
    task = services.tasks.get(task_id)
    workdir = scratch_dir(f"rsi-bench-{task_id}-")
    try:
        result = run_safely(services.runner, cell.strategy, task.public(), services.limits, workdir)
        if result.health is not None:
            return result.health.message
        common = {
            "configuration": cell.configuration.letter,
            "model": cell.model,
            "task_id": task_id,
            "seed": services.seed,
            "strategy_id": strategy_id(cell.strategy),
            "usage": result.trace.usage,
        }
        if result.submission is None:
            missing = TaskOutcomes(task_id=task_id, initial=None, reference=None, panel=True)
            error = result.trace.error or "no submission"
            return BenchEvaluation(**common, outcomes=missing, runner_error=error)
        judgement = judge(
            task, result.submission, services.sandbox, panel=True, settings=services.judge_settings
        )
        coverage = None
        if trusted is not None:
            coverage = measure(
                task, result.submission, services.sandbox, services.judge_settings, trusted
            )
        failed = next((r for r in judgement.results if r.infrastructure), None)
        return BenchEvaluation(
            **common,
            outcomes=judgement.outcomes(),
            coverage=coverage,
            infra_error=f"sandbox: {failed.target}: {(failed.error or '')[:160]}"
            if failed
            else None,
        )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@dataclass
class BenchOutcome:
    """How a benchmark run ended: `None` when every evaluation is journaled."""

    stopped: str | None = None
    paused: str | None = None
    paid: int = 0


def run_cells(
    cells: list[Cell],
    task_ids: tuple[str, ...],
    ledger: BenchLedger,
    services_for: ServicesFactory,
    *,
    workers: int,
    coverage: bool,
    max_usd: float | None,
    cell_dir: Callable[[Cell], Path],
    limits: RunnerLimits,
) -> BenchOutcome:
    """Run every missing evaluation, `workers` at a time, journaling each as it ends.

    Raises `RsiError` when a cell's services carry other caps than `limits` (the shared
    per-task cap of every configuration)."""
    money = MoneyLedger(MoneyCaps(total=max_usd)) if max_usd is not None else None
    if money is not None:
        spent = sum(_usd(cell.price, r) for cell in cells for r in ledger.records() if _in(cell, r))
        money.settle("generator", 0.0, spent)
    outcome = BenchOutcome()
    trusted: TrustedCoverage | None = None
    for cell in cells:
        todo = [
            t
            for t in task_ids
            if (cell.configuration.letter, cell.model, t, cell.config.experiment.seed) not in ledger
        ]
        if not todo:
            continue
        services = services_for(cell.config, cell_dir(cell))
        if services.limits != limits:  # every configuration has the same per-task caps
            raise RsiError(
                f"cell {cell.configuration.letter} got caps {services.limits}, not {limits}"
            )
        if coverage and trusted is None:
            trusted = TrustedCoverage(services.sandbox, services.judge_settings)
        _run_cell(
            cell, todo, services, ledger, outcome, money, trusted if coverage else None, workers
        )
        if outcome.stopped or outcome.paused:
            break
    return outcome


def _in(cell: Cell, record: BenchEvaluation) -> bool:
    return (record.configuration, record.model) == (cell.configuration.letter, cell.model)


def _usd(price: Price | None, record: BenchEvaluation) -> float:
    if price is None:
        return 0.0
    return price.usd(record.usage.input_tokens, record.usage.output_tokens)


def _run_cell(
    cell: Cell,
    todo: list[str],
    services: CellServices,
    ledger: BenchLedger,
    outcome: BenchOutcome,
    money: MoneyLedger | None,
    trusted: TrustedRun | None,
    workers: int,
) -> None:
    limits = services.limits
    worst = cell.price.usd(limits.input_tokens, limits.output_tokens) if cell.price else 0.0
    pending: dict[Future[BenchEvaluation | str], float] = {}
    queue = list(todo)
    with ThreadPoolExecutor(workers, thread_name_prefix="rsi-bench") as pool:
        while queue or pending:
            while queue and len(pending) < workers and not (outcome.stopped or outcome.paused):
                try:
                    if money is not None:
                        money.reserve("generator", worst)
                except CapReached as reached:
                    outcome.paused = str(reached)
                    break
                task_id = queue.pop(0)
                pending[pool.submit(evaluate_task, services, cell, task_id, trusted)] = worst
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                reserved = pending.pop(future)
                result = future.result()
                if isinstance(result, str):
                    outcome.stopped = outcome.stopped or result
                    if money is not None:
                        money.settle("generator", reserved, 0.0)
                    continue
                ledger.append(result)
                outcome.paid += 1
                if money is not None:
                    money.settle("generator", reserved, _usd(cell.price, result))
            if outcome.stopped or outcome.paused:
                queue.clear()
