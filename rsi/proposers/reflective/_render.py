"""What the sessions read, rendered from the `ProposalContext` alone, within fixed budgets.

- The batch: per task its id, context, outcome, public requirement and the runner's own
  trace (error, phases, checks, tool output tail), compact sorted-key JSON, cut so the
  whole batch stays within `budget` characters.
- The history: every earlier attempt, rejections included with their reasons (GEPA #379),
  newest last; the insights; the dev ranking as numbers only.
Rendering is a pure function of its arguments (sorted keys, no clocks), so the same
context gives the same prompt and the same cache key.
"""

from __future__ import annotations

import json
from typing import Any

from rsi.proposers.base import PastAttempt, ProposalContext, TaskFeedback
from search_space import (
    SCALAR_FIELDS,
    SKILLS,
    Context,
    InvalidEdit,
    Strategy,
    describe_edit,
    parse_edit,
)

MIN_TASK_CHARS = 400
MAX_HISTORY = 40
MAX_INSIGHTS = 20
INSIGHT_CHARS = 400


def cut(text: str, limit: int) -> str:
    """`text` within `limit` chars, marked when cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 9, 0)] + " …(cut)"


def compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def render_task(task: TaskFeedback, limit: int) -> str:
    outcome = "SOLVED" if task.success else "FAILED"
    head = (
        f"### task {task.task_id} (context {task.context}): {outcome}; the suite on the "
        f"initial program: {task.initial_outcome} (must fail), on a correct program: "
        f"{task.reference_outcome} (must pass)"
    )
    trace = task.trace
    parts = [head]
    if task.runner_error:
        parts.append(f"runner error: {cut(task.runner_error, 300)}")
    parts.append("requirement: " + cut(task.instruction.strip(), max(limit // 4, 200)))
    body = {key: value for key, value in trace.items() if key not in ("tool_output", "task_id")}
    parts.append("trace: " + compact(body))
    tool = str(trace.get("tool_output") or "")
    if tool:
        parts.append("tool output (tail): " + tool[-max(limit // 5, 100) :])
    return cut("\n".join(parts), limit)


def render_batch(context: ProposalContext, budget: int) -> str:
    if not context.feedback:
        return "(no task of the batch has a trace)"
    per_task = max(budget // len(context.feedback), MIN_TASK_CHARS)
    # Failing tasks first: they carry the evidence a change needs.
    tasks = sorted(context.feedback, key=lambda t: (t.success, t.task_id))
    solved = sum(t.success for t in tasks)
    head = f"{solved} of {len(tasks)} batch tasks solved by the parent."
    return cut("\n\n".join([head, *(render_task(t, per_task) for t in tasks)]), budget)


def edit_text(edit: dict[str, Any] | None) -> str:
    """An edit in one line (`describe_edit`), or its JSON when it does not parse."""
    if edit is None:
        return "no edit"
    try:
        return describe_edit(parse_edit(edit), limit=200)
    except InvalidEdit:
        return cut(compact(edit), 200)


def render_attempt(past: PastAttempt) -> str:
    fate = past.verdict.upper()
    if past.verdict != "rejected":
        fate += f" (gain {past.gain:+d}, regressions {past.regressions})"
    what = edit_text(past.edit) if past.edit is not None else f"{past.field or 'no field'}"
    return f"- round {past.round}, {past.proposer}: {what} -> {fate}: {cut(past.reason, 300)}"


def render_history(context: ProposalContext) -> str:
    if not context.history:
        return "(no earlier attempt)"
    shown = context.history[-MAX_HISTORY:]
    rejected = sum(p.verdict == "rejected" for p in context.history)
    head = f"{len(context.history)} earlier attempts ({rejected} rejected before screening)" + (
        f"; the last {len(shown)}:" if len(shown) < len(context.history) else ":"
    )
    return "\n".join([head, *(render_attempt(p) for p in shown)])


def render_insights(insights: tuple[str, ...]) -> str:
    if not insights:
        return "(none yet)"
    return "\n".join(f"- {cut(i, INSIGHT_CHARS)}" for i in insights[-MAX_INSIGHTS:])


def render_ranking(context: ProposalContext) -> str:
    if not context.dev_rar:
        return "(no development results yet)"
    ranked = sorted(context.dev_rar.items(), key=lambda kv: (-kv[1], kv[0]))
    lines = [
        f"- {sid}{' (the parent)' if sid == context.parent_id else ''}: {float(rar):.3f}"
        for sid, rar in ranked
    ]
    return "\n".join(lines)


def render_strategy(parent: Strategy, fields: tuple[str, ...]) -> str:
    lines = []
    for name in fields:
        if name == "guidance":
            lines.append(f"guidance: {parent.guidance!r}" if parent.guidance else "guidance: ''")
        elif name == "lessons":
            lines.append(f"lessons ({len(parent.lessons)}):")
            lines.extend(f"  {compact(lesson.to_json_dict())}" for lesson in parent.lessons)
        elif name == "skillRoutes":
            routes = [
                f"{r.context.value} -> {r.skill}"
                + (f" (review: {r.review_skill})" if r.review_skill else "")
                for r in parent.skill_routes
            ]
            lines.append(f"skillRoutes: {', '.join(routes) or 'none'}")
        else:
            lines.append(f"{name}: {parent.field_value(name)}")
    return "\n".join(lines)


def render_choices(context: ProposalContext) -> str:
    """Only the mutable fields: a frozen field is never offered."""
    space, parent = context.space, context.parent
    lines = []
    for name in space.mutable_fields:
        if name in SCALAR_FIELDS:
            allowed = ", ".join(str(v) for v in space.allowed_values(name))
            lines.append(f"- {name}: now {parent.field_value(name)}; allowed {allowed}")
        elif name == "guidance":
            lines.append("- guidance: free prose shown to the agent in every phase")
        elif name == "lessons":
            lines.append(f"- lessons: {len(parent.lessons)} now; add, replace or remove one")
        else:
            lines.append(
                "- skillRoutes: route one task context to one generation skill, and optionally "
                "its review turns to one review skill"
            )
    return "\n".join(lines)


def skills_text() -> str:
    return "\n".join(f"- {s.name} ({s.role.value}): {s.purpose}" for s in SKILLS)


def edit_format(field: str, context: ProposalContext) -> str:
    """The JSON shape of an edit of `field` (the `rsi schema --edit` union, cut to it)."""
    if field in SCALAR_FIELDS:
        allowed = ", ".join(str(v) for v in context.space.allowed_values(field))
        return f'{{"op": "set_scalar", "field": "{field}", "value": <one of {allowed}>}}'
    if field == "guidance":
        return '{"op": "set_guidance", "text": "<the whole new guidance, at most 2400 chars>"}'
    if field == "lessons":
        lesson = (
            '{"id": "<lowercase-slug>", "triggers": ["<1 to 8 literal words or phrases of the '
            'cited requirements>"], "text": "<at most 1000 chars: when it applies, what to do, '
            'how to verify>", "component": "planning|preparation|generation|repair|review" or '
            'null, "capabilities": ["<slug>"]}'
        )
        return "\n".join(
            [
                f'add: {{"op": "add_lesson", "lesson": {lesson}}}',
                'replace (same id, in place): {"op": "replace_lesson", "lesson": {...}}',
                'remove: {"op": "remove_lesson", "lessonId": "<an existing id>"}',
            ]
        )
    contexts = "|".join(c.value for c in Context)
    return "\n".join(
        [
            f'{{"op": "set_route", "context": "{contexts}", "skill": "<a generation skill>", '
            '"reviewSkill": "<a review skill>" (optional: the whole route is replaced)}',
            f'{{"op": "clear_route", "context": "{contexts}"}}',
            "skills (generation skills in skill, review skills in reviewSkill):",
            skills_text(),
        ]
    )
