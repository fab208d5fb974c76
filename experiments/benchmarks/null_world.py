"""A null world: no strategy is truly better than another, so any promotion is a false one.

The coin runner and its judge (`evaluators.testing.CoinRunner`, `coin_judge`) decide each
evaluation by a seeded coin whose odds depend on the task only; nothing runs in a sandbox
(`evaluators.testing.InMemorySandbox` refuses any run), so a whole search takes a fraction
of a second. `null_services` wires them into one search's evaluation services.
"""

from __future__ import annotations

from pathlib import Path

from evaluators.judging import JudgeSettings
from evaluators.runners import RunnerLimits
from evaluators.tasks import TaskSet
from evaluators.testing import CoinRunner, InMemorySandbox, coin_judge, refuse
from rsi.config import ExperimentConfig
from rsi.execution import EvaluationServices


def null_services(
    config: ExperimentConfig, tasks: TaskSet, world_seed: int, run_dir: Path
) -> EvaluationServices:
    """Evaluation services for one search on the null world (`tasks` may be shared)."""
    return EvaluationServices(
        tasks=tasks,
        runner=CoinRunner(world_seed, tasks.ids),
        sandbox=InMemorySandbox(refuse),
        judge_settings=JudgeSettings(),
        limits=RunnerLimits(),
        seed=config.experiment.seed,
        traces_dir=run_dir / "traces",
        judge=coin_judge,
    )
