"""The run's evaluation services from its config (rsi/execution/services.py): runners by
name from `RUNNERS`, and a one-line user error for a kind it does not hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluators.runners import LatencyRunner, ScriptedRunner
from evaluators.sandbox import make_sandbox
from evaluators.tasks import TaskSet
from rsi.config import ExperimentConfig
from rsi.execution import RUNNERS
from rsi.execution.services import build_runner, check_runner_available, runner_factory
from search_space import UserInputError

ROOT = Path(__file__).resolve().parents[3]
CONFIG = {
    "experiment": {"name": "t", "seed": 42, "tasks": "tasks", "initial_strategy": "s.json"},
    "data": {"proposal": 4, "dev": 2, "release": 2},
    "search": {"minibatch": 2, "completed_rounds": 2, "max_attempts": 4},
}


def test_the_registry_holds_each_configurable_runner_kind() -> None:
    assert set(RUNNERS) == {"scripted", "testhelix", "latency"}


@pytest.mark.parametrize(
    ("kind", "made"), [("scripted", ScriptedRunner), ("latency", LatencyRunner)]
)
def test_the_configured_kind_builds_its_runner(tmp_path: Path, kind: str, made: type) -> None:
    config = ExperimentConfig.model_validate({**CONFIG, "runner": {"kind": kind}})
    services = config.services_config()
    check_runner_available(services, model_check=False)  # offline kinds need no model
    sandbox = make_sandbox("local", allow_reduced_isolation=True)
    runner = build_runner(services, TaskSet(tasks=()), sandbox, tmp_path)
    assert isinstance(runner, made)


def test_an_unknown_runner_is_a_one_line_user_error() -> None:
    with pytest.raises(UserInputError) as refused:
        runner_factory("remote")
    message = str(refused.value)
    assert "runner.kind: unknown runner 'remote'" in message and "\n" not in message
    assert "'scripted'" in message
