"""`rsi benchmark`'s inputs resolved into a plan: which tasks, cells and strategies, what is
journaled already, and what the rest may cost at worst.

- Tasks: a data role of the config's split (`proposal`, `dev` or `test`; never `release`,
  which only the gate reads) or every task of a directory (`--tasks`, a corpus or Harbor
  pool).
- Models: `--model`, repeatable, for the testhelix runner (default: `[llm] model`); the
  scripted runner has one, `scripted`. The frozen strategy runs under each model as it is
  (paper C.3.5: no further adaptation).
- E's strategy: a finished run's `champion.json` (`--strategy RUN_DIR`) or a strategy file.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from evaluators.llm import price_of
from evaluators.runners import RunnerLimits
from evaluators.tasks import TaskSet
from rsi.benchmark.configurations import (
    BenchConfiguration,
    configuration_strategy,
    parse_configurations,
)
from rsi.benchmark.ledger import BenchControls, BenchLedger
from rsi.benchmark.run import Cell, cell_config, slug
from rsi.config import ExperimentConfig
from rsi.release import CHAMPION_FILE
from search_space import Strategy, UserInputError, load_model, strategy_id

SCRIPTED_MODEL = "scripted"
ROLES = ("proposal", "dev", "test")


class BenchPlan(BaseModel):
    """What a benchmark will run and has run; `worst_usd` is None when a model has no price."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    directory: Path
    controls: BenchControls
    configurations: tuple[str, ...]
    models: tuple[str, ...]
    evaluations: int
    journaled: int
    worst_usd: float | None


def load_strategy_source(path: Path | None) -> Strategy | None:
    """The RSI strategy: a run directory's frozen champion, or a strategy file."""
    if path is None:
        return None
    if path.is_dir():
        champion = path / CHAMPION_FILE
        if not champion.is_file():
            raise UserInputError(
                "this run has no frozen champion yet (finish it: rsi resume --finish)",
                source=str(path),
            )
        path = champion
    return load_model(Strategy, path)


def benchmark_tasks(
    config: ExperimentConfig, split: str | None, tasks_dir: Path | None
) -> tuple[TaskSet, tuple[str, ...], str]:
    """The task pool, the benchmark's task ids and where they come from."""
    if split == "release":
        raise UserInputError(
            "the release split is reserved for the gate; benchmark the test role or a "
            "task directory",
            source="--split",
        )
    if tasks_dir is not None:
        pool = TaskSet.load(tasks_dir)
        return pool, pool.ids, str(tasks_dir)
    role = split or "test"
    if role not in ROLES:
        raise UserInputError(f"{role!r} is not a data role; use {', '.join(ROLES)}", "--split")
    pool = TaskSet.load(config.experiment.tasks)
    data = config.data
    sizes = {"proposal": data.proposal, "dev": data.dev, "release": data.release, "test": data.test}
    ids = pool.split(sizes, seed=data.seed).ids(role)
    if not ids:
        raise UserInputError(
            f"the {role} role is empty in this config ([data] {role} = 0)", source="--split"
        )
    return pool, ids, f"{role} role of {config.source or config.experiment.name}"


def benchmark_models(config: ExperimentConfig, models: tuple[str, ...]) -> tuple[str, ...]:
    if config.runner.kind != "testhelix":
        if models:
            raise UserInputError(
                f"the {config.runner.kind} runner calls no model; --model needs runner.kind "
                "= 'testhelix'",
                source="--model",
            )
        return (SCRIPTED_MODEL,)
    assert config.llm is not None
    return tuple(dict.fromkeys(models)) or (config.llm.model,)


def build_cells(
    config: ExperimentConfig,
    configurations: tuple[BenchConfiguration, ...],
    models: tuple[str, ...],
    initial: Strategy,
    champion: Strategy | None,
) -> list[Cell]:
    """Every (model, configuration) cell with its config, strategy and price."""
    cells = []
    for model in models:
        for configuration in configurations:
            derived = cell_config(config, configuration, model)
            strategy = configuration_strategy(configuration, initial, champion)
            price = price_of(derived.llm) if derived.llm is not None else None
            cells.append(Cell(configuration, model, strategy, derived, price))
    return cells


def plan_benchmark(
    config: ExperimentConfig,
    *,
    configurations: str,
    models: tuple[str, ...],
    split: str | None,
    tasks_dir: Path | None,
    strategy: Path | None,
    directory: Path,
    coverage: bool,
) -> tuple[BenchPlan, list[Cell], TaskSet]:
    """Resolve the inputs; nothing is run or written."""
    chosen = parse_configurations(configurations)
    pool, ids, source = benchmark_tasks(config, split, tasks_dir)
    initial = load_model(Strategy, config.experiment.initial_strategy)
    champion = load_strategy_source(strategy)
    cells = build_cells(config, chosen, benchmark_models(config, models), initial, champion)
    controls = BenchControls(
        tasks=ids,
        task_source=source,
        seed=config.experiment.seed,
        # What `rsi.execution.build_services` gives every cell; `run_cells` checks it does.
        limits=RunnerLimits(test_timeout_s=config.sandbox.timeout_cap_s),
        strategies={c.configuration.letter: strategy_id(c.strategy) for c in cells},
        coverage=coverage,
    )
    ledger = BenchLedger(directory)
    done = sum(
        (c.configuration.letter, c.model, t, controls.seed) in ledger for c in cells for t in ids
    )
    total = len(cells) * len(ids)
    limits = controls.limits
    worst: float | None = 0.0
    for cell in cells:
        if cell.price is None:
            if config.runner.kind == "testhelix":
                worst = None  # a model without a price: no dollar forecast
            continue
        left = sum(
            (cell.configuration.letter, cell.model, t, controls.seed) not in ledger for t in ids
        )
        if worst is not None:
            worst += left * cell.price.usd(limits.input_tokens, limits.output_tokens)
    plan = BenchPlan(
        directory=directory,
        controls=controls,
        configurations=tuple(c.letter for c in chosen),
        models=tuple(dict.fromkeys(c.model for c in cells)),
        evaluations=total,
        journaled=done,
        worst_usd=worst,
    )
    return plan, cells, pool


def cell_directory(directory: Path, cell: Cell) -> Path:
    return directory / "cells" / slug(cell.model) / cell.configuration.letter
