"""`stack = ["reflective", "optuna"]`: when session 0 chose a mutable scalar, optuna's TPE
picks its value; any other field (or no choice, with the rule's parent) goes on to the
reflective diagnosis-and-revision session. Session 0 and reflection are the reflective
proposer's."""

from __future__ import annotations

from evaluators.llm import LlmUsage
from rsi.proposers.base import (
    NoProposal,
    ParentChoice,
    Proposal,
    ProposalContext,
    ProposalRefused,
    ReflectionResult,
    ScreenFeedback,
    SelectionContext,
)
from rsi.proposers.optuna_proposer import OptunaProposer
from rsi.proposers.reflective._proposer import ReflectiveProposer
from rsi.proposers.reflective._validation import Refusal
from rsi.proposers.reflective.prompts import version_tag


class ReflectiveStack:
    """Session 0 by the reflective proposer, scalar values by optuna (module docstring)."""

    name = "reflective+optuna"

    def __init__(self, reflective: ReflectiveProposer, optuna: OptunaProposer) -> None:
        self.reflective = reflective
        self.optuna = optuna

    def usage(self) -> LlmUsage:
        return self.reflective.usage()

    def choose_parent(self, context: SelectionContext) -> ParentChoice:
        return self.reflective.choose_parent(context)

    def propose(self, context: ProposalContext) -> Proposal:
        field = context.focus
        if field not in context.space.mutable_scalars:
            return self.reflective.propose(context)
        try:
            picked = self.optuna.propose_field(context, field)
        except NoProposal as error:
            raise ProposalRefused(
                Refusal.NO_VALUE_LEFT.value,
                f"{field}: {error}",
                proposer=self.name,
                session="selection",
                field=field,
            ) from None
        return Proposal(
            edit=picked.edit,
            field=picked.field,
            proposer=self.name,
            rationale=f"{context.focus_reason} | {picked.rationale} {version_tag('selection')}",
            session="selection",
        )

    def reflect(
        self, context: ProposalContext, proposal: Proposal, verdict: ScreenFeedback
    ) -> ReflectionResult:
        return self.reflective.reflect(context, proposal, verdict)
