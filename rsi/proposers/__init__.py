"""Proposers: offline heuristic, optuna (scalars), random baseline, and the combining policy."""

from rsi.proposers.base import (
    NoProposal,
    PastAttempt,
    Proposal,
    ProposalContext,
    Proposer,
    TaskFeedback,
)
from rsi.proposers.policy import PolicyProposer

__all__ = [
    "NoProposal",
    "PastAttempt",
    "PolicyProposer",
    "Proposal",
    "ProposalContext",
    "Proposer",
    "TaskFeedback",
]
