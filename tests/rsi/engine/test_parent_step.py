"""Who chooses a round's parent: the rule by default, session 0 when configured, and the
engine's own check that a chosen parent was kept (a proposer's bug falls back to the rule)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from evaluators.llm import HealthStop
from rsi.config import ExperimentConfig
from rsi.engine.parent_step import ParentStep
from rsi.engine.schedule import Schedule
from rsi.execution.evaluation import ModelStopped
from rsi.journal import CandidateKept, DevScored, Journal, ProposerUsage
from rsi.proposers import (
    ParentChoice,
    Proposal,
    ProposalContext,
    ProposalCost,
    SelectionContext,
    SessionTrace,
)
from search_space import SearchSpace

CONFIG = {
    "experiment": {"name": "t", "seed": 42, "tasks": "tasks", "initial_strategy": "s.json"},
    "data": {"proposal": 4, "dev": 2, "release": 2},
    "search": {"minibatch": 2, "completed_rounds": 2, "max_attempts": 4},
}


class Chooser:
    """Session 0 as a stub: answers `parent`, records what it was shown."""

    name = "chooser"

    def __init__(self, parent: str) -> None:
        self.parent = parent
        self.seen: list[SelectionContext] = []

    def propose(self, context: ProposalContext) -> Proposal:
        raise AssertionError("not asked here")

    def choose_parent(self, context: SelectionContext) -> ParentChoice:
        self.seen.append(context)
        trace = SessionTrace("selection", steps=1, stop="submitted",
                             calls=({"step": 1, "tool": "choose_parent"},))  # fmt: skip
        return ParentChoice(self.parent, "agentSteps", "its lineage still gains",
                            cost=ProposalCost(calls=1, input_tokens=10), session=trace)  # fmt: skip


def _step(tmp_path: Path, chooser: Chooser, *, by_optimizer: bool = True) -> ParentStep:
    journal = Journal(tmp_path / "run")
    state = journal.fold()
    for sid, parent, rar in (("best", None, 0.75), ("older", "best", 0.5)):
        journal.append(f"keep:{sid}", CandidateKept(strategy_id=sid, parent_id=parent, round=0,
                                                    strategy={}))  # fmt: skip
        journal.append(f"dev:{sid}", DevScored(strategy_id=sid, rar=rar, successes=1, n=2))
    config = ExperimentConfig.model_validate(CONFIG)
    return ParentStep(
        state=state, record=journal.append, proposer=chooser,
        schedule=Schedule(config.search, config.experiment.seed, state),
        space=SearchSpace(), seed=42, by_optimizer=by_optimizer,
    )  # fmt: skip


def test_session_zero_may_choose_a_parent_that_is_not_the_best(tmp_path: Path) -> None:
    chooser = Chooser("older")
    step = _step(tmp_path, chooser)
    parent, selection = step.choose(3)
    assert parent == "older" and selection is not None
    assert selection == {
        "chosen_by": "optimizer",
        "field": "agentSteps",
        "reason": "its lineage still gains",
        "rule_parent_id": "best",
    }
    (context,) = chooser.seen
    assert context.rule_parent_id == "best" and set(context.kept) == {"best", "older"}
    assert {n.child_id: n.dev_rar for n in context.dag} == {"best": 0.75}  # the initial node
    (usage,) = [u for u in step.state.usage if isinstance(u, ProposerUsage)]
    assert (usage.session, usage.round, usage.calls, usage.tools[0]["tool"]) == (
        "selection",
        3,
        1,
        "choose_parent",
    )


def test_a_parent_that_was_never_kept_falls_back_to_the_rule(tmp_path: Path) -> None:
    parent, selection = _step(tmp_path, Chooser("ghost")).choose(1)
    assert parent == "best" and selection is not None
    assert selection["chosen_by"] == "rule" and selection["field"] == ""
    assert selection["reason"].startswith("parent_not_kept")


def test_the_rule_chooses_when_session_zero_is_off(tmp_path: Path) -> None:
    chooser = Chooser("older")
    assert _step(tmp_path, chooser, by_optimizer=False).choose(1) == ("best", None)
    assert chooser.seen == []


def test_an_unreachable_model_halts_before_session_zero_asks(tmp_path: Path) -> None:
    chooser = Chooser("older")
    down = HealthStop(cause="slow", message="calls timed out")
    step = dataclasses.replace(_step(tmp_path, chooser), health=lambda: down)
    with pytest.raises(ModelStopped, match="calls timed out") as stopped:
        step.choose(1)
    assert stopped.value.cause == "slow"
    assert chooser.seen == [] and step.state.usage == []


def test_a_session_zero_that_cannot_reach_its_model_halts_the_search(tmp_path: Path) -> None:
    class Unreachable(Chooser):
        def choose_parent(self, context: SelectionContext) -> ParentChoice:
            return ParentChoice("best", "", "llm_failure: 503", "rule", failure="transport")

    step = _step(tmp_path, Unreachable("best"))
    with pytest.raises(ModelStopped, match="optimizer's model is unreachable"):
        step.choose(1)
    assert [u.session for u in step.state.usage] == ["selection"]  # what it used is counted


def test_a_sessions_unreported_usage_reaches_the_journal_apart() -> None:
    """Issue 42: a timed-out optimizer call is journaled at its reservation and marked so;
    a session with none journals as before (no `estimated_*` keys)."""
    from evaluators.llm import LlmUsage
    from rsi.engine.parent_step import session_usage
    from rsi.proposers.reflective._sessions import cost_between

    before = LlmUsage(calls=1, input_tokens=100, output_tokens=20)
    after = before + LlmUsage(
        calls=2,
        input_tokens=300,
        output_tokens=8_250,
        estimated_calls=1,
        estimated_input_tokens=120,
        estimated_output_tokens=8_192,
    )
    record = session_usage(1, 1, "diagnosis", cost_between(before, after), None)
    assert (record.calls, record.output_tokens) == (2, 8_250)
    assert (record.estimated_calls, record.estimated_output_tokens) == (1, 8_192)
    plain = session_usage(1, 1, "diagnosis", ProposalCost(calls=1), None)
    assert "estimated_calls" not in plain.model_dump()
