"""Proposers: offline heuristic, optuna (scalars), random baseline, the combining policy,
and the reflective (LLM) proposer in `rsi.proposers.reflective`."""

from rsi.proposers.base import (
    Insight,
    NoProposal,
    OptimizerBudgetExhausted,
    PastAttempt,
    Proposal,
    ProposalContext,
    ProposalCost,
    ProposalRefused,
    Proposer,
    ReflectionResult,
    Reflector,
    ScreenFeedback,
    TaskFeedback,
)
from rsi.proposers.optuna_proposer import OptunaProposer
from rsi.proposers.policy import PolicyProposer
from rsi.proposers.reflective import (
    FieldChoice,
    ReflectiveProposer,
    ReflectiveStack,
    Refusal,
    SessionTimeouts,
)

__all__ = [
    "FieldChoice",
    "Insight",
    "NoProposal",
    "OptimizerBudgetExhausted",
    "OptunaProposer",
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
    "SessionTimeouts",
    "TaskFeedback",
]
