"""Reflection after the screen (docs/design.md section 8, step 9), for proposers that reflect.

A `Reflector` (the reflective proposer) is asked, with the very context its proposal was
made with, what the screen teaches; its insights are journaled as `Reflection` events and
shown to every later proposal. Its session's usage is journaled last, as the marker that
the round's reflection is done: a resumed search never asks twice. Offline proposers do not
reflect, and their journals hold none of these events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from evaluators.tasks import TaskSet
from rsi.engine.parent_step import session_usage
from rsi.engine.proposal_context import build_context, child_feedback, state_as_of
from rsi.execution import TrajectoryStore
from rsi.journal import (
    ChildProposed,
    Evaluation,
    ProposerUsage,
    Record,
    Reflection,
    RoundStarted,
    SearchState,
)
from rsi.proposers import Proposal, Proposer, Reflector, ScreenFeedback
from rsi.screening import ScreenVerdict
from search_space import SearchSpace, Strategy


@dataclass(frozen=True)
class ReflectionStep:
    state: SearchState
    record: Record
    proposer: Proposer
    tasks: TaskSet
    space: SearchSpace
    seed: int
    trajectories: TrajectoryStore | None = None  # the run's traces/: what the agents saw

    def after_screen(
        self,
        started: RoundStarted,
        parent: Strategy,
        child: ChildProposed,
        screen: ScreenVerdict,
        outcomes: tuple[Mapping[str, Evaluation], Mapping[str, Evaluation]],
    ) -> None:
        """Ask the proposer to reflect on this round's screen, once."""
        if not isinstance(self.proposer, Reflector):
            return
        r = started.round
        marker = f"round:{r}:usage:reflection"
        if any(
            isinstance(u, ProposerUsage) and u.round == r and u.session == "reflection"
            for u in self.state.usage
        ):
            return
        before = state_as_of(self.state, r, child.attempt)
        context = build_context(
            before, self.tasks, self.space, self.seed,
            attempt=child.attempt, parent=parent, started=started,
            trajectories=self.trajectories,
        )  # fmt: skip
        proposal = Proposal(child.edit, child.field, child.proposer, child.rationale)
        parent_evals, child_evals = outcomes
        # A screen decided early (rsi/screening/race.py) paid for some tasks only: reflection
        # reads those and is told which were skipped.
        paid = [t for t in started.tasks if t in child_evals]
        feedback = ScreenFeedback(
            passed=screen.passed,
            gain=screen.child_successes - sum(parent_evals[t].success for t in paid),
            regressions=screen.regressions,
            reason=screen.reason,
            gained=tuple(t for t in paid if child_evals[t].success and not parent_evals[t].success),
            lost=tuple(t for t in paid if parent_evals[t].success and not child_evals[t].success),
            skipped=tuple(t for t in started.tasks if t not in child_evals),
            child=child_feedback(
                self.state, self.tasks, started, child.child_id, self.seed, self.trajectories
            ),
        )
        result = self.proposer.reflect(context, proposal, feedback)
        for index, insight in enumerate(result.insights):
            self.record(f"round:{r}:insight:{index}", Reflection(round=r, insight=insight.render()))
        usage = session_usage(r, child.attempt, "reflection", result.cost, result.trace)
        self.record(marker, usage)
