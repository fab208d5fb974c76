"""Proposers: offline heuristic, optuna (scalars), random baseline, the combining policy,
and the reflective (LLM) proposer in `rsi.proposers.reflective`, loaded on first use: it
imports dspy, which a search without it never needs."""

from typing import TYPE_CHECKING

from rsi.proposers.base import (
    DagNode,
    Insight,
    NoProposal,
    Note,
    OptimizerBudgetExhausted,
    ParentChoice,
    ParentChooser,
    PastAttempt,
    Proposal,
    ProposalContext,
    ProposalCost,
    ProposalRefused,
    Proposer,
    ReflectionResult,
    Reflector,
    ScreenFeedback,
    SelectionContext,
    SessionTrace,
    TaskFeedback,
)
from rsi.proposers.optuna_proposer import OptunaProposer
from rsi.proposers.policy import PolicyProposer

if TYPE_CHECKING:
    from rsi.proposers.reflective import (
        HostCheckFailed,
        ReflectiveProposer,
        ReflectiveStack,
        Refusal,
        SessionSteps,
        SessionTimeouts,
    )

_REFLECTIVE_NAMES = (
    "HostCheckFailed",
    "ReflectiveProposer",
    "ReflectiveStack",
    "Refusal",
    "SessionSteps",
    "SessionTimeouts",
)

__all__ = [
    "DagNode",
    "HostCheckFailed",
    "Insight",
    "NoProposal",
    "Note",
    "OptimizerBudgetExhausted",
    "OptunaProposer",
    "ParentChoice",
    "ParentChooser",
    "PastAttempt",
    "PolicyProposer",
    "Proposal",
    "ProposalContext",
    "ProposalCost",
    "ProposalRefused",
    "Proposer",
    "ReflectionResult",
    "ReflectiveProposer",
    "ReflectiveStack",
    "Reflector",
    "Refusal",
    "ScreenFeedback",
    "SelectionContext",
    "SessionSteps",
    "SessionTimeouts",
    "SessionTrace",
    "TaskFeedback",
]


def __getattr__(name: str) -> object:
    """The reflective proposer's names load `rsi.proposers.reflective` on first use."""
    if name in _REFLECTIVE_NAMES:
        from rsi.proposers import reflective

        return getattr(reflective, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
