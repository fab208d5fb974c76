"""The proposer stack from its config (rsi/engine/stack.py): a name-to-factory registry,
like the acceptance rules', and a one-line user error for a name it does not hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from rsi.config import ExperimentConfig
from rsi.engine import PROPOSERS, build_proposer
from rsi.engine.stack import proposer_factory, stack_family
from rsi.proposers import PolicyProposer
from search_space import UserInputError

CONFIG = {
    "experiment": {"name": "t", "seed": 42, "tasks": "tasks", "initial_strategy": "s.json"},
    "data": {"proposal": 4, "dev": 2, "release": 2},
    "search": {"minibatch": 2, "completed_rounds": 2, "max_attempts": 4},
}


def test_every_offline_stack_is_built_by_the_policy_factory(tmp_path: Path) -> None:
    for stack in (["heuristic"], ["optuna"], ["random"], ["heuristic", "optuna"]):
        config = ExperimentConfig.model_validate({**CONFIG, "proposers": {"stack": stack}})
        proposer = build_proposer(config.proposer_config(), tmp_path)
        assert isinstance(proposer, PolicyProposer) and proposer.stack == tuple(stack)


def test_a_stack_that_lists_reflective_is_the_reflective_family() -> None:
    assert stack_family(("reflective", "optuna")) == "reflective"
    assert stack_family(("heuristic", "optuna")) == "policy"
    assert set(PROPOSERS) == {"policy", "reflective"}


def test_an_unknown_proposer_is_a_one_line_user_error() -> None:
    with pytest.raises(UserInputError) as refused:
        proposer_factory("genetic")
    message = str(refused.value)
    assert "\n" not in message and "'genetic'" in message and "'reflective'" in message
