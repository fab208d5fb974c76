"""What the reflective proposer's tests show it: a parent, a proposal minibatch of task
traces, the session context built from them, and well-formed selection, revision and
lesson replies (the unit tests and the HTTP tests share them)."""

from __future__ import annotations

from typing import Any

from rsi.proposers import PastAttempt, ProposalContext, TaskFeedback
from search_space import SearchSpace, Strategy

PARENT = Strategy(initial_candidates=3, max_candidates=3)
TOOL_OUTPUT = (
    "FAILED test_table.py::test_header the separator line under the header row was "
    "expected to span every column of the rendered table but stopped early"
)
TASKS = {
    "cli-table": (
        "cli",
        "Render the inventory table with aligned columns and a dashed header separator.",
        False,
    ),
    "algo-merge": (
        "algorithm",
        "Merge overlapping intervals and return them sorted by start point.",
        False,
    ),
    "gen-greet": ("general", "Greet the user by name, title-cased.", True),
}


def trace_for(task_id: str, solved: bool) -> dict[str, Any]:
    return {
        "runner": "scripted",
        "task_id": task_id,
        "phases": [
            {"phase": "planning", "clauses_read": 3, "clauses_total": 6, "techniques": ["basic"]},
            {"phase": "submit", "clauses_caught": [1] if solved else []},
        ],
        "checks": [{"target": "initial", "outcome": "pass", "truncated": False}],
        "tool_output": "" if solved else TOOL_OUTPUT,
        "usage": {"calls": 0, "input_tokens": 0, "output_tokens": 0},
    }


def feedback() -> tuple[TaskFeedback, ...]:
    return tuple(
        TaskFeedback(
            task_id=task_id,
            context=ctx,
            instruction=text,
            success=solved,
            initial_outcome="fail" if solved else "pass",
            reference_outcome="pass",
            runner_error=None,
            trace=trace_for(task_id, solved),
        )
        for task_id, (ctx, text, solved) in TASKS.items()
    )


def make_context(
    *,
    attempt: int = 1,
    history: tuple[PastAttempt, ...] = (),
    insights: tuple[str, ...] = (),
    space: SearchSpace | None = None,
    tasks: tuple[TaskFeedback, ...] | None = None,
) -> ProposalContext:
    return ProposalContext(
        round=2,
        attempt=attempt,
        seed=42,
        parent_id="parent00000a",
        parent=PARENT,
        feedback=feedback() if tasks is None else tasks,
        history=history,
        insights=insights,
        space=space or SearchSpace(),
        dev_rar={"parent00000a": 0.5, "other0000000": 0.25},
    )


def selection(field: str = "contextTokens", direction: str = "raise") -> dict[str, Any]:
    return {
        "field": field,
        "direction": direction,
        "focus": f"{direction} {field}",
        "reason": "two failing tasks read half of their clauses",
    }


def revision(edit: dict[str, Any], evidence: list[str] | None = None) -> dict[str, Any]:
    return {
        "edit": edit,
        "rationale": "the planner ran out of context",
        "evidence": ["cli-table", "algo-merge"] if evidence is None else evidence,
    }


GOOD_LESSON = {
    "op": "add_lesson",
    "lesson": {
        "id": "tabular-layout",
        "triggers": ["columns", "separator"],
        "text": "When output is tabular, assert the width of every line and the separator.",
        "component": "generation",
        "capabilities": ["text-rendering"],
    },
}
