"""Literal lesson retrieval for one agent turn."""

from __future__ import annotations

from collections.abc import Sequence

from search_space.schema import Component, Lesson

MAX_SELECTED = 2
TURN_BUDGET_CHARS = 1600
PLANNING_BUDGET_CHARS = 1200


def _hits(lesson: Lesson, haystack: str) -> int:
    return sum(1 for trigger in set(lesson.triggers) if trigger.lower() in haystack)


def retrieve_lessons(
    lessons: Sequence[Lesson], public_text: str, phase: Component | str, checkpoint: str = ""
) -> list[Lesson]:
    """Lessons for one turn: at most two, within the phase's character budget.

    A lesson applies when one of its triggers occurs (case-insensitive literal substring)
    in the public task text, the phase name or the host's execution checkpoint (what the
    last execution of the pair's own suite showed: outcomes and cut output, paper C.3.1),
    and its `component`, when set, is this phase (a repair lesson never reaches a review
    turn). Applicable lessons are ranked by the number
    of distinct triggers that hit, ties broken by their order in the strategy; then picked
    greedily while the rendered text fits the budget (1,200 chars for planning, else 1,600).
    """
    phase_name = phase.value if isinstance(phase, Component) else str(phase)
    haystack = f"{public_text}\n{phase_name}\n{checkpoint}".lower()
    budget = PLANNING_BUDGET_CHARS if phase_name == Component.PLANNING.value else TURN_BUDGET_CHARS
    ranked = sorted(
        (
            (_hits(lesson, haystack), index, lesson)
            for index, lesson in enumerate(lessons)
            if lesson.component is None or _name(lesson.component) == phase_name
        ),
        key=lambda hit: (-hit[0], hit[1]),
    )
    chosen: list[Lesson] = []
    used = 0
    for hits, _, lesson in ranked:
        if hits == 0 or len(chosen) == MAX_SELECTED:
            break
        size = len(lesson.render())
        if used + size <= budget:
            chosen.append(lesson)
            used += size
    return chosen


def _name(component: Component | str) -> str:
    return component.value if isinstance(component, Component) else str(component)
