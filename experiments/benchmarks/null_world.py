"""A null world: no strategy is truly better than another, so any promotion is a false one.

`CoinRunner` implements the runner protocol (`evaluators.runners.base.Runner`) and ignores
the strategy: task t is solved with probability `p_t`, fixed per task, and each
(strategy, task) evaluation is an independent coin drawn from a hash of (world seed,
strategy id, task id). The same key gives the same outcome, so a search on this world is
deterministic and resumable like any other; a different strategy gets a fresh coin with
the same odds. `coin_judge` reads the coin the runner wrote instead of running the suite
in a sandbox (nothing is executed), so a whole search takes a fraction of a second.

`p_t` is the `Beta(2, 3)` quantile of a hash of the task id: mean 0.4, like the initial
strategy's RAR on the quickstart corpus, with some tasks nearly always and some nearly
never solved.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from scipy.stats import beta

from evaluators.judge import JudgeSettings, TargetKind, TargetResult, TaskJudgement
from evaluators.runners.base import RunnerLimits, RunnerResult, Trace
from evaluators.sandbox.base import Isolation, Outcome, RunResult, RunSpec, Sandbox
from evaluators.tasks import PublicTask, Task, TaskSet
from rsi.config import ExperimentConfig
from rsi.execution import EvaluationServices
from search_space import Strategy, strategy_id

COIN_FILE = "coin"


def _unit(*parts: object) -> float:
    """A uniform number in [0, 1) from a hash of `parts` (stable across processes)."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


def solve_probability(task_id: str) -> float:
    return float(beta.ppf(_unit("p", task_id), 2, 3))


class CoinRunner:
    """A runner whose success odds depend on the task only, never on the strategy."""

    name = "coin"

    def __init__(self, world_seed: int, task_ids: tuple[str, ...]) -> None:
        self.world_seed = world_seed
        self.odds = {task_id: solve_probability(task_id) for task_id in task_ids}

    def health_check(self, strategy: Strategy) -> None:
        Strategy.model_validate(strategy.to_json_dict())

    def solves(self, strategy: Strategy, task_id: str) -> bool:
        draw = _unit("coin", self.world_seed, strategy_id(strategy), task_id)
        return draw < self.odds[task_id]

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult:
        submission = workdir / "submission"
        submission.mkdir(parents=True, exist_ok=True)
        (submission / "run.sh").write_text("exit 0\n")
        solved = self.solves(strategy, task.id)
        (submission / COIN_FILE).write_text("solved" if solved else "missed")
        return RunnerResult(
            submission=submission,
            trace=Trace(runner=self.name, task_id=task.id, phases=({"phase": "coin"},)),
        )


def _target(kind: TargetKind, outcome: Outcome) -> TargetResult:
    return TargetResult(
        target=kind.value,
        kind=kind,
        outcome=outcome,
        exit_code=0 if outcome is Outcome.PASS else 1,
        duration_s=0.0,
        backend="coin",
        isolation=Isolation.NONE,
        output="",
        output_truncated=False,
        error=None,
        tests=None,
    )


def coin_judge(task: Task, submission: Path, sandbox: Sandbox, **_: Any) -> TaskJudgement:
    """The judgement the coin decided: a solved task fails the initial program and passes the
    reference (a success); a missed one passes both (the suite caught nothing)."""
    solved = (submission / COIN_FILE).read_text() == "solved"
    initial = Outcome.FAIL if solved else Outcome.PASS
    return TaskJudgement(
        task_id=task.id,
        panel=False,
        timeout_s=1.0,
        results=(_target(TargetKind.INITIAL, initial), _target(TargetKind.REFERENCE, Outcome.PASS)),
    )


class NoSandbox:
    """Nothing runs in a null world; a call here means the coin judge was bypassed."""

    name = "none"

    def run(self, spec: RunSpec) -> RunResult:
        raise AssertionError("the null world runs nothing in a sandbox")


def null_services(
    config: ExperimentConfig, tasks: TaskSet, world_seed: int, run_dir: Path
) -> EvaluationServices:
    """Evaluation services for one search on the null world (`tasks` may be shared)."""
    return EvaluationServices(
        tasks=tasks,
        runner=CoinRunner(world_seed, tasks.ids),
        sandbox=NoSandbox(),
        judge_settings=JudgeSettings(),
        limits=RunnerLimits(),
        seed=config.experiment.seed,
        traces_dir=run_dir / "traces",
        judge=coin_judge,
    )
