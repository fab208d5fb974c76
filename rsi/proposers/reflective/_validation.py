"""Host checks on what the sessions return, before any child is evaluated.

Each failure is a `HostCheckFailed` with a machine-readable reason: this package's
`Refusal` values, or the `search_space.Reason` of `apply`'s own rules (out_of_range,
off_grid, code_fence, task_identifier, text_too_long, unknown_skill, no_change, ...).

- selection (session 0): the parent is a kept candidate (`parent_not_kept`) and the field
  a mutable field of the space (`frozen_field`, `not_mutable`, `unknown_field` otherwise);
- revision: the edit changes one mutable field (checked as a selection of it) and
  mentions no other strategy field (`second_field`), parses (`malformed_edit`),
  cites only tasks of this minibatch (`evidence_outside_minibatch`; a lesson edit must
  cite one: `missing_evidence`), passes `apply` with the space and a prose guard knowing
  at least the minibatch's task ids, has triggers that occur literally in a cited task's
  requirement (or name a phase: `trigger_not_literal`), and copies no run of
  COPY_WORDS words from a requirement or a trace (`copied_from_trace`) that the parent's
  own prose does not already hold.
"""

from __future__ import annotations

import json
import re
from enum import Enum

from rsi.proposers.base import Insight, ProposalContext, SelectionContext
from rsi.proposers.reflective._replies import InsightReply, Revision, Selection
from search_space import (
    ALL_FIELDS,
    AddLesson,
    Component,
    Edit,
    InvalidEdit,
    ProseGuard,
    RemoveLesson,
    ReplaceLesson,
    RsiError,
    SearchSpace,
    SetGuidance,
    Strategy,
    apply,
    edited_field,
    parse_edit,
    to_snake,
)

COPY_WORDS = 12  # a run this long found verbatim is a copy, not advice
_WORD = re.compile(r"\w+")


class Refusal(str, Enum):
    """Reasons of this package (see the module docstring); apply's reasons pass through."""

    MALFORMED_REPLY = "malformed_reply"
    UNKNOWN_FIELD = "unknown_field"
    NOT_MUTABLE = "not_mutable"
    FROZEN_FIELD = "frozen_field"
    SECOND_FIELD = "second_field"
    MISSING_EVIDENCE = "missing_evidence"
    EVIDENCE_OUTSIDE_MINIBATCH = "evidence_outside_minibatch"
    TRIGGER_NOT_LITERAL = "trigger_not_literal"
    COPIED_FROM_TRACE = "copied_from_trace"
    SESSION_TIMEOUT = "session_timeout"
    LLM_FAILURE = "llm_failure"
    NO_VALUE_LEFT = "no_value_left"
    PARENT_NOT_KEPT = "parent_not_kept"
    NO_EDIT = "no_edit"


class HostCheckFailed(RsiError):
    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        self.message = message
        super().__init__(f"{reason}: {message}")


def _refuse(reason: Refusal, message: str) -> HostCheckFailed:
    return HostCheckFailed(reason.value, message)


def guard_for(context: ProposalContext, known_task_ids: frozenset[str]) -> ProseGuard:
    return ProseGuard.for_tasks(known_task_ids | {t.task_id for t in context.feedback})


def check_field(field: str, space: SearchSpace) -> None:
    """`field` is a mutable field of `space`."""
    if field in space.frozen:
        raise _refuse(Refusal.FROZEN_FIELD, f"{field} is frozen in this search space")
    if field not in ALL_FIELDS:
        raise _refuse(Refusal.UNKNOWN_FIELD, f"{field!r} is not a strategy field")
    if field not in space.mutable_fields:
        raise _refuse(Refusal.NOT_MUTABLE, f"{field} has no range in this search space")


def check_selection(selection: Selection, context: SelectionContext) -> None:
    """Session 0's choice: a kept parent and a mutable field."""
    if selection.parent_id not in context.kept:
        kept = ", ".join(sorted(context.kept))
        raise _refuse(
            Refusal.PARENT_NOT_KEPT,
            f"{selection.parent_id!r} is not a kept candidate (kept: {kept})",
        )
    check_field(selection.field, context.space)


def check_edit(revision: Revision, context: ProposalContext, guard: ProseGuard) -> tuple[str, Edit]:
    """The edited field and the parsed edit: one mutable field, then `check_revision`."""
    try:
        target = edited_field(parse_edit(revision.edit))
    except InvalidEdit as error:
        named = str(revision.edit.get("field", ""))
        foreign = _foreign_fields(revision.edit, named)
        if named and foreign:  # a scalar edit that sets a second field on the side
            message = f"the edit of {named} also sets {foreign}"
            raise _refuse(Refusal.SECOND_FIELD, message) from None
        raise HostCheckFailed(error.reason.value, error.message) from None
    check_field(target, context.space)
    return target, check_revision(revision, target, context, guard)


def _foreign_fields(edit: dict[str, object], field: str) -> list[str]:
    own = {field, to_snake(field)}
    names = {name for f in ALL_FIELDS for name in (f, to_snake(f))}
    return sorted(key for key in edit if key in names and key not in own)


def check_revision(
    revision: Revision, field: str, context: ProposalContext, guard: ProseGuard
) -> Edit:
    """The parsed edit, after every check of the module docstring."""
    foreign = _foreign_fields(revision.edit, field)
    if foreign:
        raise _refuse(Refusal.SECOND_FIELD, f"the edit of {field} also sets {foreign}")
    try:
        edit = parse_edit(revision.edit)
    except InvalidEdit as error:
        raise HostCheckFailed(error.reason.value, error.message) from None
    target = edited_field(edit)
    if target != field:
        reason = Refusal.FROZEN_FIELD if target in context.space.frozen else Refusal.SECOND_FIELD
        raise _refuse(reason, f"{field} was selected but the edit changes {target}")
    batch = {t.task_id for t in context.feedback}
    outside = sorted(set(revision.evidence) - batch)
    if outside:
        raise _refuse(
            Refusal.EVIDENCE_OUTSIDE_MINIBATCH, f"evidence {outside} is not in this minibatch"
        )
    if isinstance(edit, AddLesson | ReplaceLesson | RemoveLesson) and not revision.evidence:
        raise _refuse(Refusal.MISSING_EVIDENCE, "a lesson edit must cite minibatch tasks")
    try:
        apply(context.parent, edit, space=context.space, guard=guard)
    except InvalidEdit as error:
        raise HostCheckFailed(error.reason.value, error.message) from None
    if isinstance(edit, AddLesson | ReplaceLesson):
        _check_triggers(edit.lesson.triggers, revision.evidence, context)
    _check_copies(_prose_of(edit), context)
    return edit


def _check_triggers(
    triggers: tuple[str, ...], evidence: list[str], context: ProposalContext
) -> None:
    texts = [t.instruction.lower() for t in context.feedback if t.task_id in evidence]
    phases = {c.value for c in Component}
    for trigger in triggers:
        literal = trigger.lower()
        if literal not in phases and not any(literal in text for text in texts):
            raise _refuse(
                Refusal.TRIGGER_NOT_LITERAL,
                f"trigger {trigger!r} occurs in no cited task's requirement",
            )


def _prose_of(edit: Edit) -> str:
    if isinstance(edit, SetGuidance):
        return edit.text
    if isinstance(edit, AddLesson | ReplaceLesson):
        return edit.lesson.text  # triggers are literal by design
    return ""


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i : i + COPY_WORDS]) for i in range(len(words) - COPY_WORDS + 1)}


def _parent_prose(parent: Strategy) -> str:
    return "\n".join([parent.guidance, *(lesson.text for lesson in parent.lessons)])


def _check_copies(prose: str, context: ProposalContext) -> None:
    runs = _shingles(prose) - _shingles(_parent_prose(context.parent))
    if not runs:
        return
    for task in context.feedback:
        for what, text in (
            ("requirement", task.instruction),
            ("trace", json.dumps(task.trace, sort_keys=True, default=str)),
        ):
            copied = runs & _shingles(text)
            if copied:
                run = " ".join(min(copied))
                raise _refuse(
                    Refusal.COPIED_FROM_TRACE,
                    f"the prose copies {COPY_WORDS}+ words from task {task.task_id}'s "
                    f"{what}: {run!r}",
                )


def check_insight(reply: InsightReply, context: ProposalContext, guard: ProseGuard) -> Insight:
    """An insight cites only minibatch tasks and its text passes the prose guard."""
    batch = {t.task_id for t in context.feedback}
    outside = sorted(set(reply.evidence) - batch)
    if outside:
        raise _refuse(
            Refusal.EVIDENCE_OUTSIDE_MINIBATCH, f"evidence {outside} is not in this minibatch"
        )
    try:
        guard.check(reply.text, what="insight", max_chars=400)
    except InvalidEdit as error:
        raise HostCheckFailed(error.reason.value, error.message) from None
    return Insight(" ".join(reply.text.split()), tuple(dict.fromkeys(reply.evidence)))
