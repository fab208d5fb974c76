"""The coin runner ignores the strategy's content, is seeded, and its judge reads its coin."""

from __future__ import annotations

from pathlib import Path

from evaluators.judging import TargetKind
from evaluators.runners import Runner, RunnerLimits, run_safely
from evaluators.sandbox import Outcome
from evaluators.tasks import TaskSet
from evaluators.testing import (
    COIN_FILE,
    CoinRunner,
    InMemorySandbox,
    coin_judge,
    refuse,
    solve_probability,
)
from search_space import Strategy
from tests.support.probe_task import BASE

TASKS = Path(__file__).resolve().parents[2] / "fixtures" / "tasks"


def _strategy(guidance: str) -> Strategy:
    return BASE.model_copy(update={"guidance": guidance})


def test_the_odds_are_fixed_per_task_and_the_coins_seeded(tmp_path: Path) -> None:
    ids = tuple(f"task-{i}" for i in range(200))
    odds = [solve_probability(task_id) for task_id in ids]
    assert all(0 < p < 1 for p in odds) and 0.3 < sum(odds) / len(odds) < 0.5  # Beta(2, 3)
    one, again, other = CoinRunner(7, ids), CoinRunner(7, ids), CoinRunner(8, ids)
    strategy = _strategy("a")
    draws = [one.solves(strategy, task_id) for task_id in ids]
    assert draws == [again.solves(strategy, task_id) for task_id in ids]
    assert draws != [other.solves(strategy, task_id) for task_id in ids]
    assert draws != [one.solves(_strategy("b"), task_id) for task_id in ids]  # a fresh coin


def test_the_judge_reads_the_coin_and_runs_nothing(tmp_path: Path) -> None:
    tasks = TaskSet.load(TASKS)
    task = tasks.tasks[0]
    runner: Runner = CoinRunner(1, tasks.ids)
    sandbox = InMemorySandbox(refuse)
    for index in range(20):
        strategy = _strategy(f"guidance {index}")
        result = run_safely(runner, strategy, task.public(), RunnerLimits(), tmp_path / str(index))
        assert result.submission is not None
        solved = (result.submission / COIN_FILE).read_text() == "solved"
        assert solved == runner.solves(strategy, task.id)
        judgement = coin_judge(task, result.submission, sandbox)
        outcomes = {r.kind: r.outcome for r in judgement.results}
        assert outcomes[TargetKind.REFERENCE] is Outcome.PASS
        assert outcomes[TargetKind.INITIAL] is (Outcome.FAIL if solved else Outcome.PASS)
    assert sandbox.runs == []
