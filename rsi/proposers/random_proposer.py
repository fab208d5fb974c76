"""The `random` proposer: a seeded baseline for ablations; draws any mutable field uniformly."""

from __future__ import annotations

import random
import re

from rsi.proposers.base import NoProposal, Proposal, ProposalContext
from rsi.proposers.heuristic import TECHNIQUE_SENTENCES
from search_space import Context, generation_skills


class RandomProposer:
    name = "random"

    def _rng(self, context: ProposalContext) -> random.Random:
        return random.Random(f"{context.seed}:{context.round}:{context.attempt}")

    def propose(self, context: ProposalContext) -> Proposal:
        rng = self._rng(context)
        return self.propose_field(context, rng.choice(context.space.mutable_fields), rng)

    def propose_field(
        self, context: ProposalContext, field: str, rng: random.Random | None = None
    ) -> Proposal:
        rng = rng or self._rng(context)
        parent = context.parent
        if field in context.space.mutable_scalars:
            options = [
                v for v in context.space.allowed_values(field) if v != parent.field_value(field)
            ]
            if not options:
                raise NoProposal(f"{field} has no other value")
            edit = {"op": "set_scalar", "field": field, "value": rng.choice(options)}
        elif field == "guidance":
            edit = {"op": "set_guidance", "text": rng.choice(sorted(TECHNIQUE_SENTENCES.values()))}
        elif field == "skillRoutes":
            skill = rng.choice([s.name for s in generation_skills()])
            edit = {"op": "set_route", "context": rng.choice(list(Context)).value, "skill": skill}
        elif field == "lessons":
            edit = self._lesson_edit(context, rng)
        else:
            raise NoProposal(f"{field} is not mutable")
        return Proposal(edit, field, self.name, "uniform random draw")

    @staticmethod
    def _lesson_edit(context: ProposalContext, rng: random.Random) -> dict[str, object]:
        lessons = context.parent.lessons
        if lessons and rng.random() < 0.3:
            return {"op": "remove_lesson", "lessonId": rng.choice(lessons).id}
        words = sorted(
            {w for t in context.feedback for w in re.findall(r"[a-z]{6,}", t.instruction.lower())}
        )
        skill = rng.choice(sorted(TECHNIQUE_SENTENCES))
        triggers = rng.sample(words, k=min(2, len(words))) or ["test"]
        lesson_id = f"random-{context.round}-{context.attempt}"
        text = f"Applies when the task mentions {', '.join(triggers)}. {TECHNIQUE_SENTENCES[skill]}"
        return {
            "op": "add_lesson",
            "lesson": {
                "id": lesson_id,
                "triggers": triggers,
                "text": text,
                "capabilities": [skill],
            },
        }
