"""The proposer contract: read the parent's training evidence, propose one edit."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from search_space import SearchSpace, Strategy


@dataclass(frozen=True)
class TaskFeedback:
    """One proposal-split task as the parent ran it. Only public text and the runner's trace."""

    task_id: str
    context: str
    instruction: str
    success: bool
    initial_outcome: str
    reference_outcome: str
    runner_error: str | None
    trace: dict[str, Any]


@dataclass(frozen=True)
class PastAttempt:
    """An earlier proposal and what became of it (shown to later proposals)."""

    round: int
    field: str | None
    edit: dict[str, Any] | None
    proposer: str
    verdict: Literal["rejected", "screen-failed", "kept"]
    reason: str
    gain: int = 0  # child successes minus parent successes, for screened children
    regressions: int = 0
    scalars: dict[str, int] | None = None  # the child's scalar fields, for screened children


@dataclass(frozen=True)
class ProposalContext:
    """Everything a proposer may see. Release outcomes are never part of it."""

    round: int
    attempt: int
    seed: int
    parent_id: str
    parent: Strategy
    feedback: tuple[TaskFeedback, ...]
    history: tuple[PastAttempt, ...]
    insights: tuple[str, ...]
    space: SearchSpace
    dev_rar: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Proposal:
    """A raw edit (validated by the engine with `search_space.apply`) and why."""

    edit: dict[str, Any]
    field: str
    proposer: str
    rationale: str


class NoProposal(RuntimeError):
    """The proposer has nothing left to suggest for this parent."""


class Proposer(Protocol):
    name: str

    def propose(self, context: ProposalContext) -> Proposal: ...
