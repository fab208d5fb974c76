"""`stack = ["reflective", "optuna"]`: the reflective selection picks the field; when it is
a mutable scalar, optuna's TPE picks the value (within the selected direction); any other
field goes on to the reflective diagnosis-and-revision session."""

from __future__ import annotations

from evaluators.llm import LlmUsage
from rsi.proposers.base import (
    NoProposal,
    Proposal,
    ProposalContext,
    ProposalRefused,
    ReflectionResult,
    ScreenFeedback,
)
from rsi.proposers.optuna_proposer import OptunaProposer
from rsi.proposers.reflective._proposer import FieldChoice, ReflectiveProposer
from rsi.proposers.reflective._validation import Refusal
from rsi.proposers.reflective.prompts import version_tag


def values_in_direction(context: ProposalContext, choice: FieldChoice) -> list[int] | None:
    """The allowed values on the chosen side of the parent's value (None: any)."""
    current = context.parent.field_value(choice.field)
    values = context.space.allowed_values(choice.field)
    if choice.direction == "raise":
        return [v for v in values if v > current]
    if choice.direction == "lower":
        return [v for v in values if v < current]
    return None


class ReflectiveStack:
    """Selection by the reflective session, scalar values by optuna (see module docstring)."""

    name = "reflective+optuna"

    def __init__(self, reflective: ReflectiveProposer, optuna: OptunaProposer) -> None:
        self.reflective = reflective
        self.optuna = optuna

    def usage(self) -> LlmUsage:
        return self.reflective.usage()

    def propose(self, context: ProposalContext) -> Proposal:
        choice = self.reflective.select(context)
        if choice.field not in context.space.mutable_scalars:
            return self.reflective.revise(context, choice)
        try:
            picked = self.optuna.propose_field(
                context, choice.field, allowed=values_in_direction(context, choice)
            )
        except NoProposal as error:
            raise ProposalRefused(
                Refusal.NO_VALUE_LEFT.value,
                f"{choice.field}, {choice.direction}: {error}",
                proposer=self.name,
                session="selection",
                field=choice.field,
                cost=choice.cost,
            ) from None
        return Proposal(
            edit=picked.edit,
            field=picked.field,
            proposer=self.name,
            rationale=f"{choice.reason} | {picked.rationale} {version_tag('selection')}",
            session="selection",
            cost=choice.cost,
        )

    def reflect(
        self, context: ProposalContext, proposal: Proposal, verdict: ScreenFeedback
    ) -> ReflectionResult:
        return self.reflective.reflect(context, proposal, verdict)
