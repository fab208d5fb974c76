"""What goes into a prompt, within the strategy's context budget.

A prompt holds, in this order of priority: the fixed phase instructions, the public
requirement, the strategy text (guidance, up to two retrieved lessons for the phase, the
routed skill for the task's context), the phase's own material (the pair and its execution
output, the tests under review), and the public source of the initial program, which gets
whatever is left of `contextTokens` (4 characters a token) and is cut file by file.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluators.tasks import PublicTask
from search_space import (
    SKILLS_BY_NAME,
    Component,
    Lesson,
    SkillRole,
    Strategy,
    retrieve_lessons,
)

CHARS_PER_TOKEN = 4
# The smallest share of the program a prompt keeps, so a long strategy text cannot crowd
# the source out entirely.
MIN_PROGRAM_CHARS = 1_500


@dataclass(frozen=True)
class StrategyText:
    text: str
    lessons: tuple[str, ...]
    skill: str | None


def strategy_text(
    strategy: Strategy,
    task: PublicTask,
    phase: Component,
    *,
    checkpoint: str = "",
    opening: bool = False,
) -> StrategyText:
    """Guidance, the phase's retrieved lessons and the routed skill, as one user message.

    Lessons scoped to a component reach that phase only (`retrieve_lessons`), matched over
    the requirement, the phase and `checkpoint` (the host's last execution of the pair's
    suite). A pair's opening turn (`opening`, before its first draft) is also its
    preparation phase: up to two `preparation` lessons join the generation ones. The route
    for the task's context shows its generation skill (`skill`) to generation and repair
    phases and its review skill (`reviewSkill`) to review phases; neither kind ever
    reaches the other's turns.
    """
    parts = []
    if strategy.guidance:
        parts.append(f"Reusable guidance:\n{strategy.guidance}")
    lessons = retrieve_lessons(strategy.lessons, task.instruction, phase, checkpoint)
    if opening:
        lessons = [
            *retrieve_lessons(strategy.lessons, task.instruction, Component.PREPARATION),
            *lessons,
        ]
    parts.extend(lesson_text(lesson) for lesson in lessons)
    route = strategy.route_for(task.context)
    name = None
    if route is not None:
        name = route.review_skill if phase is Component.REVIEW else route.skill
    skill = SKILLS_BY_NAME.get(name) if name else None
    wanted = SkillRole.REVIEW if phase is Component.REVIEW else SkillRole.GENERATION
    shown = skill.name if skill is not None and skill.role is wanted else None
    if skill is not None and shown is not None:
        parts.append(f"Specialist skill {skill.name}: {skill.purpose}")
    return StrategyText("\n\n".join(parts), tuple(lesson.id for lesson in lessons), shown)


def lesson_text(lesson: Lesson) -> str:
    """One retrieved lesson as a prompt shows it."""
    return f"Lesson {lesson.id}:\n{lesson.render()}"


def program_text(task: PublicTask, budget_chars: int) -> str:
    """The public files, whole while they fit, then cut; a cut is always marked."""
    parts: list[str] = []
    left = max(budget_chars, MIN_PROGRAM_CHARS)
    for item in task.files:
        try:
            body = item.content.decode("utf-8")
        except UnicodeDecodeError:
            body = f"<{len(item.content)} bytes of binary data>"
        if item.omitted is not None:  # an image task's binary or large file: listed only
            body = f"<not shown: {item.omitted}>"
        block = f"### {item.path}\n{body}"
        if len(block) > left:
            parts.append(block[:left] + f"\n[... {len(block) - left} chars of the source cut]")
            omitted = len(task.files) - len(parts)
            if omitted:
                parts.append(f"[... {omitted} more files not shown]")
            break
        parts.append(block)
        left -= len(block)
    return "\n".join(parts)


def program_budget(strategy: Strategy, *fixed: str) -> int:
    """Characters left for the program after the prompt's other parts."""
    return strategy.context_tokens * CHARS_PER_TOKEN - sum(len(text) for text in fixed)
