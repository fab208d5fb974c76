"""Choosing a round's parent (docs/design.md section 8, step 2).

The rule (`[search] parent_selection`: best dev RAR, or the latest kept) is the default.
With `[proposers.reflective] parent = "optimizer"` and a proposer that is a
`ParentChooser`, session 0 chooses among the kept candidates, reading the evolution DAG;
the engine checks again that its parent is kept (a proposer bug must not start a round on
a strategy that was never kept) and falls back to the rule otherwise. The choice and the
session's usage and tool calls are journaled before the round starts, so a resumed search
replays the session from the reply cache and journals its usage once. When the runner's
model's health stopped (in the last evaluation: `evaluators.llm.health`), the search halts
before session 0 asks anything, as it would at the round's first evaluation; and when
session 0 itself ends on failed transport (its model unreachable), the search halts too
(its usage journaled), instead of starting the round on the rule's parent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from evaluators.llm import HealthStop
from rsi.engine.proposal_context import selection_context
from rsi.engine.schedule import Schedule
from rsi.execution import ModelStopped
from rsi.journal import ProposerUsage, Record, SearchState
from rsi.proposers import ParentChooser, Proposer, SessionTrace
from search_space import SearchSpace

UNREACHABLE = ("transport", "unavailable")


def session_usage(
    r: int, attempt: int, session: str, cost: Any, trace: SessionTrace | None
) -> ProposerUsage:
    """A session's journal record: its usage and, for an agent session, its tool calls."""
    extra: dict[str, Any] = {}
    if trace is not None:
        extra = {
            "tools": [dict(call) for call in trace.calls],
            "steps": trace.steps,
            "stop": trace.stop,
            "trace_chars": trace.trace_chars,
        }
    return ProposerUsage(
        round=r,
        attempt=attempt,
        session=session,
        calls=cost.calls,
        input_tokens=cost.input_tokens,
        output_tokens=cost.output_tokens,
        estimated_calls=getattr(cost, "estimated_calls", 0),
        estimated_input_tokens=getattr(cost, "estimated_input_tokens", 0),
        estimated_output_tokens=getattr(cost, "estimated_output_tokens", 0),
        cache_read_input_tokens=getattr(cost, "cache_read_input_tokens", 0),
        cache_write_input_tokens=getattr(cost, "cache_write_input_tokens", 0),
        **extra,
    )


@dataclass(frozen=True)
class ParentStep:
    """Who chooses each round's parent; built by the engine once per run."""

    state: SearchState
    record: Record
    proposer: Proposer
    schedule: Schedule
    space: SearchSpace
    seed: int
    by_optimizer: bool
    health: Callable[[], HealthStop | None] = lambda: None

    def choose(self, r: int) -> tuple[str, dict[str, Any] | None]:
        """The round's parent id and, when session 0 ran, its choice for `RoundStarted`."""
        rule = self.schedule.select_parent()
        if not self.by_optimizer or not isinstance(self.proposer, ParentChooser):
            return rule, None
        down = self.health()
        if down is not None:  # the round's evaluations would halt; halt before paying
            raise ModelStopped(down.message, down.cause)
        context = selection_context(
            self.state, self.space, self.seed, round_number=r, rule_parent=rule
        )
        choice = self.proposer.choose_parent(context)
        op = f"round:{r}:usage:selection"
        if op not in self.state_ops():
            self.record(op, session_usage(r, 0, "selection", choice.cost, choice.session))
        if choice.failure in UNREACHABLE:  # as the runner's health would: halt, resumable
            raise ModelStopped(f"the optimizer's model is unreachable: {choice.reason}")
        parent, chosen_by, reason = choice.parent_id, choice.chosen_by, choice.reason
        if parent not in self.state.candidates:  # the proposer's own check failed: the rule
            parent, chosen_by = rule, "rule"
            reason = f"parent_not_kept: {choice.parent_id!r} was never kept"
        return parent, {
            "chosen_by": chosen_by,
            "field": choice.field if chosen_by == "optimizer" else "",
            "reason": reason,
            "rule_parent_id": rule,
        }

    def state_ops(self) -> set[str]:
        return {f"round:{u.round}:usage:{u.session}" for u in self.state.usage if u.attempt == 0}
