"""Quickstart-sized searches on the coin world (experiments/benchmarks/null_world.py).

Every evaluation is a fresh coin with the task's odds, so children regress often and races
(rsi/screening/race.py) stop early in most rounds; a whole search takes about a second.
`switch_sweep` runs seeds with `[search] stop_when_decided` on and off and checks that the
switch changes what is paid, never what is decided: the early-stopping test on one seed per
rule, experiments/benchmarks/early_stop_sweep.py on many.

As a subprocess (`python -m tests.support.coin_search RUNS SEED`), one search with
`RSI_TEST_KILL_AFTER_EVENT` honoured by the journal: the kill-and-resume test's victim.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

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


def decisions(state: SearchState) -> dict[str, Any]:
    """Everything `stop_when_decided` must not change."""
    assert state.champion is not None
    gate = state.gate.report["promote"] if state.gate is not None else "nothing to release"
    return {
        "kept": list(state.candidates),
        "verdicts": {r: s.passed for r, s in state.screens.items()},
        "shown": {r: s.shown() for r, s in state.screens.items()},  # what proposers read
        "proposals": [(p.round, p.child_id, p.field) for p in state.proposals],
        "parents": {r: s.parent_id for r, s in state.rounds_started.items()},
        "champion": state.champion.strategy_id,
        "gate": gate,
    }


@dataclasses.dataclass
class SweepTotals:
    """What a sweep paid with the switch on and off, and how often it decided early."""

    seeds: int = 0
    paid_on: int = 0
    paid_off: int = 0
    screens_decided: int = 0
    devs_decided: int = 0


def check_switch(on: SearchState, off: SearchState, seed: int) -> None:
    """The same decisions both ways; with the switch on, a subset of the evaluations, no
    skipped one paid, and a dev score stopped early an upper bound that is never the best."""
    assert decisions(on) == decisions(off), seed
    assert set(on.evaluations) <= set(off.evaluations), seed
    assert not off.screens_decided and not off.devs_decided, seed
    for decided in [*on.screens_decided.values(), *on.devs_decided.values()]:
        assert decided.skipped and not set(decided.skipped) & set(on.evaluations), seed
    assert on.champion is not None
    for sid, candidate in on.candidates.items():
        exact = off.candidates[sid]
        assert candidate.dev_rar_at_most is (sid in on.devs_decided), (seed, sid)
        assert candidate.dev_rar is not None and exact.dev_rar is not None
        if candidate.dev_rar_at_most:  # an upper bound, and never the best
            assert candidate.dev_rar >= exact.dev_rar, (seed, sid)
            assert sid != on.champion.strategy_id, (seed, sid)
        else:
            assert candidate.dev_rar == exact.dev_rar, (seed, sid)


def switch_sweep(seeds: Iterable[int], rule: str, tasks: TaskSet, home: Path) -> SweepTotals:
    """Each seed's search with the switch on and off, checked by `check_switch`."""
    totals = SweepTotals()
    for seed in seeds:
        states = {}
        for stop in (True, False):
            config = coin_config(home / f"{rule}-{seed}-{stop}", seed, stop=stop, rule=rule)
            states[stop] = coin_search(config, tasks, home / f"{rule}-{seed}-{stop}" / "run")
        on, off = states[True], states[False]
        check_switch(on, off, seed)
        totals.seeds += 1
        totals.paid_on += len(on.evaluations)
        totals.paid_off += len(off.evaluations)
        totals.screens_decided += len(on.screens_decided)
        totals.devs_decided += len(on.devs_decided)
    return totals


def main(runs: str, seed: str) -> None:
    config = coin_config(Path(runs), int(seed), stop=True)
    coin_search(config, TaskSet.load(config.experiment.tasks), Path(runs) / "run")


if __name__ == "__main__":
    main(*sys.argv[1:])
