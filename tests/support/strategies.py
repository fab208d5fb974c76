"""Hypothesis strategies for parents and edits drawn from the search space."""

from __future__ import annotations

from hypothesis import strategies as st

from search_space import (
    AddLesson,
    ClearRoute,
    Component,
    Context,
    Lesson,
    RemoveLesson,
    ReplaceLesson,
    SearchSpace,
    SetGuidance,
    SetRoute,
    SetScalar,
    SkillRoute,
    Strategy,
)
from search_space.skills import generation_skills, review_skills

SPACE = SearchSpace()
# Plain words only: no fences, no task ids, so the prose guard accepts them.
WORDS = st.sampled_from(
    ["check", "boundary", "inputs", "errors", "state", "assert", "only", "spec", "clause", "the"]
)
PROSE = st.lists(WORDS, min_size=1, max_size=40).map(" ".join)
SLUG = st.from_regex(r"[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,5}){0,2}", fullmatch=True)
SKILL_NAMES = [s.name for s in generation_skills()]
REVIEW_SKILL_NAMES = [s.name for s in review_skills()]


@st.composite
def lessons(draw: st.DrawFn, lesson_id: str | None = None) -> Lesson:
    return Lesson(
        id=lesson_id or draw(SLUG),
        triggers=tuple(draw(st.lists(WORDS, min_size=1, max_size=8))),
        text=draw(PROSE),
        component=draw(st.none() | st.sampled_from(list(Component))),
        capabilities=tuple(draw(st.lists(SLUG, max_size=3))),
    )


@st.composite
def parents(draw: st.DrawFn) -> Strategy:
    """Valid strategies inside the paper's search space (K=3)."""
    scalars = {
        field: draw(st.sampled_from(SPACE.allowed_values(field))) for field in SPACE.mutable_scalars
    }
    contexts = draw(st.lists(st.sampled_from(list(Context)), unique=True, max_size=7))
    routes = [
        SkillRoute(
            context=c,
            skill=draw(st.none() | st.sampled_from(SKILL_NAMES)),
            review_skill=draw(st.none() | st.sampled_from(REVIEW_SKILL_NAMES)),
        )
        for c in contexts
    ]
    ids = draw(st.lists(SLUG, unique=True, max_size=6))
    drawn = [draw(lessons(lesson_id=i)) for i in ids]
    # Keep every component within its cap of 4 by dropping components past it.
    counts: dict[Component, int] = {}
    kept = []
    for lesson in drawn:
        if lesson.component is not None:
            counts[lesson.component] = counts.get(lesson.component, 0) + 1
            if counts[lesson.component] > 4:
                lesson = lesson.model_copy(update={"component": None})
        kept.append(lesson)
    return Strategy.model_validate(
        {
            "guidance": draw(st.just("") | PROSE),
            "lessons": kept,
            "skillRoutes": routes,
            "initialCandidates": 3,
            "maxCandidates": 3,
            **scalars,
        }
    )


@st.composite
def edits_for(draw: st.DrawFn, parent: Strategy):
    """An edit that is valid for `parent` and changes something."""
    kinds = ["scalar", "guidance", "set_route", "add_lesson"]
    if parent.skill_routes:
        kinds.append("clear_route")
    if parent.lessons:
        kinds += ["replace_lesson", "remove_lesson"]
    kind = draw(st.sampled_from(kinds))
    if kind == "scalar":
        field = draw(st.sampled_from(SPACE.mutable_scalars))
        current = parent.field_value(field)
        value = draw(st.sampled_from([v for v in SPACE.allowed_values(field) if v != current]))
        return SetScalar(field=field, value=value)
    if kind == "guidance":
        return SetGuidance(text=draw(PROSE.filter(lambda t: t != parent.guidance)))
    if kind == "set_route":
        context = draw(st.sampled_from(list(Context)))
        current = parent.route_for(context)
        options = [
            (skill, review)
            for skill in [None, *SKILL_NAMES]
            for review in [None, *REVIEW_SKILL_NAMES]
        ]
        if current is not None:
            options.remove((current.skill, current.review_skill))
        skill, review = draw(st.sampled_from(options))
        return SetRoute(context=context, skill=skill, review_skill=review)
    if kind == "clear_route":
        return ClearRoute(context=draw(st.sampled_from(parent.skill_routes)).context)
    existing = {lesson.id for lesson in parent.lessons}
    if kind == "add_lesson":
        lesson_id = draw(SLUG.filter(lambda s: s not in existing))
        return AddLesson(
            lesson=draw(lessons(lesson_id=lesson_id)).model_copy(update={"component": None})
        )
    target = draw(st.sampled_from(parent.lessons))
    if kind == "remove_lesson":
        return RemoveLesson(lesson_id=target.id)
    replacement = draw(lessons(lesson_id=target.id).filter(lambda les: les != target))
    return ReplaceLesson(lesson=replacement.model_copy(update={"component": target.component}))
