"""The base of every error the project raises: `RsiError` (the public tree: `rsi.errors`).

It lives here because `search_space` is the bottom of the import graph, so every layer
can derive from it. Each class stays beside the code that raises it; `rsi.errors`
re-exports them all and draws the tree, and a test keeps the tree and the code in step.
"""

from __future__ import annotations

from enum import Enum


class RsiError(Exception):
    """The base of every error this project raises (the tree: `rsi.errors`)."""


class UserInputError(RsiError, ValueError):
    """A problem in user-supplied input. `str(error)` is one line naming source and field."""

    def __init__(self, message: str, *, source: str | None = None) -> None:
        self.source = source
        self.message = " ".join(message.split())
        super().__init__(f"{source}: {self.message}" if source else self.message)


class Reason(str, Enum):
    """Machine-readable reasons an edit or strategy is rejected."""

    MALFORMED_EDIT = "malformed_edit"
    OUT_OF_RANGE = "out_of_range"
    OFF_GRID = "off_grid"
    FROZEN_FIELD = "frozen_field"
    NOT_MUTABLE = "not_mutable"
    TOUCHES_MULTIPLE_FIELDS = "touches_multiple_fields"
    TOUCHES_MULTIPLE_LESSONS = "touches_multiple_lessons"
    NO_CHANGE = "no_change"
    DUPLICATE_ROUTE = "duplicate_route"
    UNKNOWN_SKILL = "unknown_skill"
    REVIEW_SKILL_IN_GENERATION_ROUTE = "review_skill_in_generation_route"
    GENERATION_SKILL_IN_REVIEW_ROUTE = "generation_skill_in_review_route"
    TOO_MANY_LESSONS = "too_many_lessons"
    TOO_MANY_COMPONENT_LESSONS = "too_many_component_lessons"
    DUPLICATE_LESSON_ID = "duplicate_lesson_id"
    UNKNOWN_LESSON = "unknown_lesson"
    BAD_TRIGGERS = "bad_triggers"
    BAD_LESSON_ID = "bad_lesson_id"
    CODE_FENCE = "code_fence"
    TASK_IDENTIFIER = "task_identifier"
    TEXT_TOO_LONG = "text_too_long"
    CANDIDATE_ORDER = "candidate_order"


class InvalidEdit(UserInputError):
    """An edit (or the child it would produce) breaks a rule; `reason` says which."""

    def __init__(self, reason: Reason, message: str) -> None:
        self.reason = reason
        super().__init__(f"invalid edit ({reason.value}): {message}")
