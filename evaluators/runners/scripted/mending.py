"""How the scripted author fixes its own suite: repairs after a check and the final review.

`Mender` owns the draft's defects and the session's repair budget (`repairSteps`):
- items the noise wrote broken (slips), which a rewrite restores;
- items given up on (dropped), never written again;
- the repair steps left.

A broken item costs as many repair steps as writing it took (a complex test takes longer
to fix), or one step to drop when it has no repaired variant. The review is fallible with
noise and records only its judgement ("dropped" or "repaired"), never an item's hidden flaw.
"""

from __future__ import annotations

from typing import Any

from evaluators.runners.scripted.noise import AuthorNoise, written_broken
from evaluators.runners.suite_draft import Draft
from evaluators.tasks import AuthorItem

REVIEW_VERDICT_TOKENS = 320
CHARS_PER_TOKEN = 4


def tokens(text: str) -> int:
    """Tokens of `text` at CHARS_PER_TOKEN (rounded up)."""
    return -(-len(text) // CHARS_PER_TOKEN)


class Mender:
    """The draft's slips, drops and repair budget; see the module docstring."""

    def __init__(self, draft: Draft, noise: AuthorNoise, repair_steps: int) -> None:
        self.draft, self.noise = draft, noise
        self.repairs_left = repair_steps
        self.slipped: set[str] = set()  # items whose written source is broken by a slip
        self.dropped: set[str] = set()  # items given up on: never written again

    def write(self, item: AuthorItem) -> None:
        """Add `item` to the draft, written broken when the noise says the author slips."""
        self.draft.add(item)
        if self.noise.writes_broken():
            broken = written_broken(item.source)
            if broken is not None:
                self.draft.sources[item.id] = broken
                self.slipped.add(item.id)

    def fixable(self, item: AuthorItem) -> bool:
        """A slip, or a pool item still as written (not already replaced by its repair)."""
        return item.id in self.slipped or self.draft.sources.get(item.id) == item.source

    def repair_cost(self, item: AuthorItem) -> int:
        """Repair steps to rewrite a broken item (as many as writing it took), or one to
        drop an item that has no repaired variant."""
        if item.id in self.slipped or item.repaired_source is not None:
            return item.cost
        return 1

    def fix(self, item: AuthorItem) -> str:
        """Pay `repair_cost`, then undo a slip, else replace a broken item by its repaired
        variant or drop it; return the action. The caller checks the budget first."""
        self.repairs_left -= self.repair_cost(item)
        if item.id in self.slipped:
            self.slipped.discard(item.id)
            self.draft.sources[item.id] = item.source
            return "repaired"
        if item.repaired_source is not None:
            self.draft.sources[item.id] = item.repaired_source
            return "repaired"
        return self.drop(item.id)

    def drop(self, item_id: str) -> str:
        self.slipped.discard(item_id)
        self.draft.drop(item_id)
        self.dropped.add(item_id)
        return "dropped"

    def review(self, budget_tokens: int) -> tuple[dict[str, Any], int]:
        """Review items in suite order while the output budget pays for each verdict plus
        the test it quotes; return the review phase and the output tokens spent."""
        reviewed: list[AuthorItem] = []
        spent = 0
        for item in self.draft.items.values():
            cost = REVIEW_VERDICT_TOKENS + tokens(self.draft.sources[item.id])
            if spent + cost > budget_tokens:
                break
            reviewed.append(item)
            spent += cost
        actions: dict[str, str] = {}
        for item in reviewed:
            # The review is fallible: it may miss a real problem or drop a good test, and
            # the trace holds only what it did, never the item's hidden flaw.
            broken = item.id in self.slipped or (
                item.flaw == "broken" and self.draft.sources[item.id] == item.source
            )
            if broken:
                if not self.noise.review_misses():
                    fixes = self.repair_cost(item) <= self.repairs_left
                    actions[item.id] = self.fix(item) if fixes else self.drop(item.id)
            elif item.flaw == "overfit":
                if not self.noise.review_misses():
                    actions[item.id] = self.drop(item.id)
            elif self.noise.review_drops_good():
                actions[item.id] = self.drop(item.id)
        phase = {
            "phase": "review",
            "budget_tokens": budget_tokens,
            "reviewed": len(reviewed),
            "of": len(self.draft.items) + sum(a == "dropped" for a in actions.values()),
            "actions": actions,
        }
        return phase, spent
