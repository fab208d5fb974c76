"""The prose guard: learned prose must be reusable advice, not code or task leakage."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from search_space.errors import InvalidEdit, Reason

GUIDANCE_MAX_CHARS = 2400
LESSON_TEXT_MAX_CHARS = 1000
TRIGGER_MAX_CHARS = 80

# A fence is three backticks or tildes; inline `code` spans are fine in advice.
_FENCE = re.compile(r"(```|~~~)")


@dataclass(frozen=True)
class ProseGuard:
    """Rejects fenced code, any known task identifier, and oversized text.

    `known_task_ids` is supplied by the caller (the engine knows the task pool).
    Identifiers are matched case-insensitively as whole tokens.
    """

    known_task_ids: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def for_tasks(cls, task_ids: Iterable[str]) -> ProseGuard:
        return cls(frozenset(task_ids))

    def check(self, text: str, *, what: str, max_chars: int) -> None:
        if len(text) > max_chars:
            raise InvalidEdit(
                Reason.TEXT_TOO_LONG, f"{what} has {len(text)} chars, limit {max_chars}"
            )
        if _FENCE.search(text):
            raise InvalidEdit(Reason.CODE_FENCE, f"{what} contains a fenced code block")
        lowered = text.lower()
        for task_id in sorted(self.known_task_ids):
            pattern = r"(?<![\w-])" + re.escape(task_id.lower()) + r"(?![\w-])"
            if re.search(pattern, lowered):
                raise InvalidEdit(
                    Reason.TASK_IDENTIFIER, f"{what} names the task identifier {task_id!r}"
                )
