"""The first message of each session, rendered from its context alone (the workspace holds
the rest). Rendering is a pure function of its arguments, so the same context gives the
same request and the same cache key."""

from __future__ import annotations

import json
from typing import Any

from rsi.proposers.base import Proposal, ProposalContext, ScreenFeedback, SelectionContext
from search_space import InvalidEdit, describe_edit, parse_edit


def cut(text: str, limit: int) -> str:
    """`text` within `limit` chars, marked when cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 9, 0)] + " …(cut)"


def edit_text(edit: dict[str, Any] | None) -> str:
    """An edit in one line (`describe_edit`), or its JSON when it does not parse."""
    if edit is None:
        return "no edit"
    try:
        return describe_edit(parse_edit(edit), limit=200)
    except InvalidEdit:
        return cut(json.dumps(edit, sort_keys=True), 200)


def _batch_line(context: ProposalContext) -> str:
    tasks = sorted(context.feedback, key=lambda t: (t.success, t.task_id))
    solved = sum(t.success for t in tasks)
    listed = ", ".join(f"{t.task_id} ({'solved' if t.success else 'FAILED'})" for t in tasks)
    return f"The minibatch: {solved} of {len(tasks)} tasks solved by the parent: {listed}."


def selection_start(context: SelectionContext) -> str:
    kept = ", ".join(sorted(context.kept))
    return (
        f"Round {context.round}. Kept candidates: {kept}. The rule (best development rate) "
        f"would choose {context.rule_parent_id}. Read dag.json, then call choose_parent."
    )


def diagnosis_start(context: ProposalContext) -> str:
    focus = (
        f"Session 0 chose the field {context.focus}: {cut(context.focus_reason, 600)}. "
        "Start there; the traces may show another field matters more."
        if context.focus
        else "Choose the field from what the traces show."
    )
    return (
        f"Round {context.round}, attempt {context.attempt}, parent {context.parent_id}. "
        f"{_batch_line(context)} {focus} Read the traces, then propose_edit and submit."
    )


def reflection_start(context: ProposalContext, proposal: Proposal, verdict: ScreenFeedback) -> str:
    fate = "KEPT" if verdict.passed else "DISCARDED"
    return (
        f"Round {context.round}: {proposal.proposer} edited {proposal.field} "
        f"({edit_text(proposal.edit)}); the child was {fate}: gain {verdict.gain:+d}, "
        f"regressions {verdict.regressions}; gained: {', '.join(verdict.gained) or 'none'}; "
        f"lost: {', '.join(verdict.lost) or 'none'}.{_skipped_text(verdict)} Read "
        "verdict.json and the traces, then record_insight (at most three) and submit."
    )


def _skipped_text(verdict: ScreenFeedback) -> str:
    if not verdict.skipped:
        return ""
    return (
        f" Not run (the verdict was fixed without them): {', '.join(verdict.skipped)}; "
        "the gain counts the tasks run."
    )
