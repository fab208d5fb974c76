"""Quickstart-sized searches on the coin world (experiments/benchmarks/null_world.py).

Every evaluation is a fresh coin with the task's odds, so children regress often and races
(rsi/engine/race.py) stop early in most rounds; a whole search takes about a second. The
early-stopping tests run many seeds here with `[search] stop_when_decided` on and off.

As a subprocess (`python -m tests.support.coin_search RUNS SEED`), one search with
`RSI_TEST_KILL_AFTER_EVENT` honoured by the journal: the kill-and-resume test's victim.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from pathlib import Path

from evaluators.runners.base import RunnerLimits, RunnerResult
from evaluators.tasks import PublicTask, TaskSet
from experiments.benchmarks.null_world import null_services
from rsi.config import ExperimentConfig, load_config
from rsi.engine import Engine
from rsi.journal import SearchState
from search_space import Strategy, strategy_id

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = ROOT / "experiments/quickstart.toml"


def coin_config(
    runs: Path, seed: int, *, stop: bool, workers: int = 2, rule: str = "strict-no-regression"
) -> ExperimentConfig:
    """The quickstart's sizes on the coin world: world seed and search seed `seed`."""
    data = load_config(QUICKSTART).model_dump()
    data["experiment"].update(seed=seed, runs_dir=runs)
    data["search"].update(workers=workers, stop_when_decided=stop, acceptance=rule)
    data["mlflow"]["enabled"] = False
    return ExperimentConfig.model_validate(data)


class LoggedRunner:
    """The coin runner, telling `log` each (strategy id, task id) it is paid to run."""

    def __init__(self, inner: object, log: Callable[[str], None]) -> None:
        self.inner, self.log, self.name = inner, log, "coin"

    def health_check(self, strategy: Strategy) -> None:
        self.inner.health_check(strategy)  # type: ignore[attr-defined]

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult:
        self.log(f"{strategy_id(strategy)} {task.id}")
        return self.inner.run(strategy, task, limits, workdir)  # type: ignore[attr-defined]


def coin_search(
    config: ExperimentConfig,
    tasks: TaskSet,
    run_dir: Path,
    log: Callable[[str], None] | None = None,
) -> SearchState:
    """Run (or resume) the search; `log` sees every paid runner call."""
    services = null_services(config, tasks, config.experiment.seed, run_dir)
    if log is not None:
        services = dataclasses.replace(services, runner=LoggedRunner(services.runner, log))
    engine = Engine(config, run_dir, services=services, override_consumed_release=True)
    return engine.run()


def main(runs: str, seed: str) -> None:
    config = coin_config(Path(runs), int(seed), stop=True)
    coin_search(config, TaskSet.load(config.experiment.tasks), Path(runs) / "run")


if __name__ == "__main__":
    main(*sys.argv[1:])
