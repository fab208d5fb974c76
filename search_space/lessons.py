"""Literal lesson retrieval for one agent turn (paper C.3.1)."""

from __future__ import annotations

from collections.abc import Sequence

from search_space.schema import Component, Lesson

MAX_SELECTED = 2
TURN_BUDGET_CHARS = 1600
PLANNING_BUDGET_CHARS = 1200


def _hits(lesson: Lesson, haystack: str) -> int:
    return sum(1 for trigger in set(lesson.triggers) if trigger.lower() in haystack)


def retrieve_lessons(
    lessons: Sequence[Lesson],
    public_text: str,
    phase: Component | str | Sequence[Component],
    checkpoint: str = "",
) -> list[Lesson]:
    """Lessons for one turn: at most two, each once, within the turn's character budget.

    `phase` is the turn's phase, or the phases one turn serves at once (a pair's opening
    turn is its preparation and its generation): the turn still gets at most two lessons
    within one budget. A lesson applies when one of its triggers occurs (case-insensitive
    literal substring) in the public task text, a phase name or the host's execution
    checkpoint (what the last execution of the pair's own suite showed: outcomes and cut
    output), and its `component`, when set, is one of the phases (a repair lesson never
    reaches a review turn). Applicable lessons are ranked by the number of distinct
    triggers that hit, ties broken by their order in the strategy; then picked greedily
    while the rendered text (`Lesson.render`) fits the budget: 1,200 chars for a planning
    turn, else 1,600.
    """
    phases = _names(phase)
    haystack = "\n".join((public_text, *phases, checkpoint)).lower()
    planning = phases == (Component.PLANNING.value,)
    budget = PLANNING_BUDGET_CHARS if planning else TURN_BUDGET_CHARS
    ranked = sorted(
        (
            (_hits(lesson, haystack), index, lesson)
            for index, lesson in enumerate(lessons)
            if lesson.component is None or _name(lesson.component) in phases
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


def _names(phase: Component | str | Sequence[Component]) -> tuple[str, ...]:
    if isinstance(phase, (Component, str)):
        return (_name(phase),)
    return tuple(_name(one) for one in phase)


def _name(component: Component | str) -> str:
    return component.value if isinstance(component, Component) else str(component)
