"""The field-selection policy that combines the configured proposers.

Each mutable field gets a score: the heuristic's strongest suggestion for it, plus a
small exploration score for scalar fields when optuna is in the stack. The score is
multiplied by what the journal says about past edits of that field (rejected x0.5,
screened without gain x0.75, kept x1.5 each). The best field wins (ties by schema order);
scalar fields go to optuna when it is in the stack (restricted to the heuristic's direction
when it has a suggestion for the field), others to the heuristic's suggestion.
With nothing left to suggest, a seeded random edit is drawn (labelled `random-fallback`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rsi.proposers.base import NoProposal, Proposal, ProposalContext
from rsi.proposers.heuristic import diagnose
from rsi.proposers.optuna_proposer import OptunaProposer
from rsi.proposers.random_proposer import RandomProposer

FACTORS = {"rejected": 0.5, "screen-failed": 0.75, "kept": 1.5}
SCALAR_EXPLORATION = 0.1


class PolicyProposer:
    """Combines `heuristic`, `optuna` and `random` according to the configured stack."""

    def __init__(self, stack: Sequence[str], *, optuna_startup_trials: int = 4) -> None:
        unknown = set(stack) - {"heuristic", "optuna", "random"}
        if unknown:
            raise NoProposal(f"proposers not available offline: {sorted(unknown)}")
        self.stack = tuple(stack)
        self.name = "+".join(self.stack)
        self._optuna = OptunaProposer(startup_trials=optuna_startup_trials)
        self._random = RandomProposer()

    def field_scores(self, context: ProposalContext) -> dict[str, float]:
        scores = dict.fromkeys(context.space.mutable_fields, 0.0)
        if "heuristic" in self.stack:
            for suggestion in diagnose(context):
                scores[suggestion.field] = max(scores[suggestion.field], suggestion.score)
        if "optuna" in self.stack:
            for field in context.space.mutable_scalars:
                scores[field] += SCALAR_EXPLORATION
        for past in context.history:
            if past.field in scores:
                scores[past.field] *= FACTORS[past.verdict]
        return scores

    def propose(self, context: ProposalContext) -> Proposal:
        if self.stack == ("random",):
            return self._random.propose(context)
        scores = self.field_scores(context)
        ranked = sorted((f for f in scores if scores[f] > 0), key=lambda f: -scores[f])
        suggestions = diagnose(context) if "heuristic" in self.stack else []
        for field in ranked:
            best = next((s for s in suggestions if s.field == field), None)
            if field in context.space.mutable_scalars and "optuna" in self.stack:
                # The heuristic knows the direction (it only ever raises); TPE picks how far.
                current = context.parent.field_value(field)
                direction = None
                if best is not None:
                    direction = [v for v in context.space.allowed_values(field) if v > current]
                try:
                    return self._optuna.propose_field(context, field, allowed=direction)
                except NoProposal:
                    continue
            if best is not None:
                return Proposal(best.edit, best.field, "heuristic", best.rationale)
            if "random" in self.stack:
                return self._random.propose_field(context, field)
        fallback = self._random.propose(context)
        return Proposal(fallback.edit, fallback.field, "random-fallback", fallback.rationale)
