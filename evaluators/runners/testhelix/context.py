"""What goes into a prompt, within the strategy's context budget.

A prompt holds, in this order of priority: the fixed phase instructions, the public
requirement, the strategy text (guidance, up to two retrieved lessons for the turn, the
routed skill's whole text for the task's context), the phase's own material (the pair and
its execution output, the tests under review), and the public source of the initial
program, which gets whatever is left of `contextTokens` (4 characters a token) and is cut
file by file.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluators.tasks import PublicTask
from search_space import (
    SKILLS_BY_NAME,
    Component,
    Lesson,
    Skill,
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
    """Guidance, the turn's retrieved lessons and the routed skill, as one user message.

    Lessons scoped to a component reach that phase only (`retrieve_lessons`), matched over
    the requirement, the phase and `checkpoint` (the host's last execution of the pair's
    suite). A pair's opening turn (`opening`, before its first draft) is also its
    preparation phase: its lessons are drawn from the `preparation` and generation ones
    together, so the turn still carries at most two, each once, within 1,600 characters.
    The route for the task's context loads its skill's whole text (`Skill.text`, what
    `load_skill` returns) into the turns it applies to: the generation skill (`skill`)
    into generation and repair turns, the review skill (`reviewSkill`) into review turns;
    neither kind ever reaches the other's turns. With no route (or a null one) nothing is
    loaded: specialist loading is left to the agent (`load_skill`). The skill's text is
    cut to what the other parts leave of `contextTokens`.
    """
    parts = []
    if strategy.guidance:
        parts.append(f"Reusable guidance:\n{strategy.guidance}")
    phases = (Component.PREPARATION, phase) if opening else (phase,)
    lessons = retrieve_lessons(strategy.lessons, task.instruction, phases, checkpoint)
    parts.extend(lesson_text(lesson) for lesson in lessons)
    skill = routed_skill(strategy, task, phase)
    if skill is not None:
        left = strategy.context_tokens * CHARS_PER_TOKEN - sum(len(part) for part in parts)
        loaded = f"Specialist skill {skill.name}, loaded for this task:\n{skill.text()}"
        parts.append(_cut(loaded, left))
    shown = skill.name if skill is not None else None
    return StrategyText("\n\n".join(parts), tuple(lesson.id for lesson in lessons), shown)


def routed_skill(strategy: Strategy, task: PublicTask, phase: Component) -> Skill | None:
    """The skill the task's route gives a turn of `phase`, if any, of the turn's role."""
    route = strategy.route_for(task.context)
    if route is None:
        return None
    review = phase is Component.REVIEW
    skill = SKILLS_BY_NAME.get((route.review_skill if review else route.skill) or "")
    wanted = SkillRole.REVIEW if review else SkillRole.GENERATION
    return skill if skill is not None and skill.role is wanted else None


def _cut(text: str, left: int) -> str:
    if len(text) <= left:
        return text
    return text[: max(left, 0)] + f"\n[... {len(text) - max(left, 0)} chars of the skill cut]"


def lesson_text(lesson: Lesson) -> str:
    """One retrieved lesson as a prompt shows it (`Lesson.render`)."""
    return lesson.render()


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
