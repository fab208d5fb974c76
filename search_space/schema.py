"""The bounded `Strategy` that configures a runner, with its lessons and skill routes.

All models are frozen and serialise with the paper's camelCase names (Table 10).
Every rule violation raises a pydantic error whose `type` is a `Reason` value, so callers
can recover a machine-readable reason from `ValidationError.errors()`.
"""

from __future__ import annotations

import re
from collections import Counter
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator, model_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from search_space.errors import Reason
from search_space.prose import GUIDANCE_MAX_CHARS, LESSON_TEXT_MAX_CHARS, TRIGGER_MAX_CHARS
from search_space.skills import SKILLS_BY_NAME, SkillRole

MAX_LESSONS = 20
MAX_LESSONS_PER_COMPONENT = 4
MAX_TRIGGERS = 8
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_FENCE = re.compile(r"(```|~~~)")


class Context(str, Enum):
    """The seven routing contexts."""

    GENERAL = "general"
    ALGORITHM = "algorithm"
    FRAMEWORK = "framework"
    STATEFUL = "stateful"
    PERFORMANCE = "performance"
    CLI = "cli"
    VISUAL = "visual"


class Component(str, Enum):
    """Harness components a lesson may be scoped to; also the phases of a task run."""

    PLANNING = "planning"
    PREPARATION = "preparation"
    GENERATION = "generation"
    REPAIR = "repair"
    REVIEW = "review"


# (schema default, lower bound, upper bound) for each integer field, Table 10.
SCALAR_BOUNDS: dict[str, tuple[int, int, int]] = {
    "initialCandidates": (2, 1, 5),
    "maxCandidates": (4, 1, 5),
    "maxRounds": (2, 1, 3),
    "agentSteps": (12, 2, 20),
    "repairSteps": (5, 2, 10),
    "contextTokens": (18000, 2000, 64000),
    "toolOutputChars": (10000, 512, 20000),
    "reviewMaxOutputTokens": (2048, 128, 16384),
}
SCALAR_FIELDS: tuple[str, ...] = tuple(SCALAR_BOUNDS)
PROSE_FIELDS: tuple[str, ...] = ("guidance", "lessons", "skillRoutes")
ALL_FIELDS: tuple[str, ...] = PROSE_FIELDS + SCALAR_FIELDS


def _fail(reason: Reason, message: str) -> PydanticCustomError:
    return PydanticCustomError(reason.value, message)


def _check_text(text: str, *, what: str, max_chars: int) -> str:
    if len(text) > max_chars:
        raise _fail(Reason.TEXT_TOO_LONG, f"{what} has {len(text)} chars, limit {max_chars}")
    if _FENCE.search(text):
        raise _fail(Reason.CODE_FENCE, f"{what} contains a fenced code block")
    return text


class _Frozen(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", alias_generator=to_camel, populate_by_name=True
    )

    def to_json_dict(self) -> dict[str, Any]:
        """The model as JSON-ready data with camelCase names."""
        return self.model_dump(mode="json", by_alias=True)


class Lesson(_Frozen):
    """A reusable lesson, retrieved when one of its literal triggers matches."""

    id: str
    triggers: tuple[str, ...]
    text: str
    component: Component | None = None
    capabilities: tuple[str, ...] = ()

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value) or len(value) > 64:
            raise _fail(Reason.BAD_LESSON_ID, f"lesson id {value!r} is not a slug")
        return value

    @field_validator("triggers")
    @classmethod
    def _triggers(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not 1 <= len(value) <= MAX_TRIGGERS:
            raise _fail(Reason.BAD_TRIGGERS, f"a lesson needs 1 to {MAX_TRIGGERS} triggers")
        for trigger in value:
            if not trigger.strip():
                raise _fail(Reason.BAD_TRIGGERS, "a trigger is blank")
            _check_text(trigger, what="trigger", max_chars=TRIGGER_MAX_CHARS)
        return value

    @field_validator("text")
    @classmethod
    def _text(cls, value: str) -> str:
        return _check_text(value, what="lesson text", max_chars=LESSON_TEXT_MAX_CHARS)

    @field_validator("capabilities")
    @classmethod
    def _capabilities(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for tag in value:
            if not _SLUG.match(tag):
                raise _fail(Reason.BAD_LESSON_ID, f"capability tag {tag!r} is not a slug")
        return value

    def render(self) -> str:
        """The lesson as shown to an agent: applicability, action, verification."""
        return f"Lesson {self.id} (applies when: {', '.join(self.triggers)})\n{self.text}"


class SkillRoute(_Frozen):
    """Routes candidate generation in one context to one skill, or explicitly to none."""

    context: Context
    skill: str | None = None

    @field_validator("skill")
    @classmethod
    def _known_generation_skill(cls, value: str | None) -> str | None:
        if value is None:
            return None
        skill = SKILLS_BY_NAME.get(value)
        if skill is None:
            raise _fail(Reason.UNKNOWN_SKILL, f"unknown skill {value!r}")
        if skill.role is SkillRole.REVIEW:
            raise _fail(
                Reason.REVIEW_SKILL_IN_GENERATION_ROUTE,
                f"review skill {value!r} cannot be routed to candidate generation",
            )
        return value


def _bounded(field: str) -> Any:
    low, high = SCALAR_BOUNDS[field][1:]

    def check(cls: type, value: int) -> int:
        if isinstance(value, bool) or not low <= value <= high:
            raise _fail(Reason.OUT_OF_RANGE, f"{field}={value} is outside {low}..{high}")
        return value

    return field_validator(to_snake(field))(classmethod(check))


def to_snake(camel: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()


class Strategy(_Frozen):
    """The 11-field TestHelix strategy (Table 10), validated on construction."""

    guidance: str = ""
    lessons: tuple[Lesson, ...] = ()
    skill_routes: tuple[SkillRoute, ...] = ()
    initial_candidates: int = 2
    max_candidates: int = 4
    max_rounds: int = 2
    agent_steps: int = 12
    repair_steps: int = 5
    context_tokens: int = 18000
    tool_output_chars: int = 10000
    review_max_output_tokens: int = 2048

    _v_initial = _bounded("initialCandidates")
    _v_max = _bounded("maxCandidates")
    _v_rounds = _bounded("maxRounds")
    _v_agent = _bounded("agentSteps")
    _v_repair = _bounded("repairSteps")
    _v_context = _bounded("contextTokens")
    _v_tool = _bounded("toolOutputChars")
    _v_review = _bounded("reviewMaxOutputTokens")

    @field_validator("guidance")
    @classmethod
    def _guidance(cls, value: str) -> str:
        return _check_text(value, what="guidance", max_chars=GUIDANCE_MAX_CHARS)

    @field_validator("lessons")
    @classmethod
    def _lessons(cls, value: tuple[Lesson, ...]) -> tuple[Lesson, ...]:
        if len(value) > MAX_LESSONS:
            raise _fail(Reason.TOO_MANY_LESSONS, f"{len(value)} lessons, limit {MAX_LESSONS}")
        ids = Counter(lesson.id for lesson in value)
        duplicated = sorted(i for i, n in ids.items() if n > 1)
        if duplicated:
            raise _fail(Reason.DUPLICATE_LESSON_ID, f"lesson id {duplicated[0]!r} repeats")
        per_component = Counter(lesson.component for lesson in value if lesson.component)
        for component, count in sorted(per_component.items(), key=lambda kv: kv[0].value):
            if count > MAX_LESSONS_PER_COMPONENT:
                raise _fail(
                    Reason.TOO_MANY_COMPONENT_LESSONS,
                    f"{count} lessons for component {component.value}, "
                    f"limit {MAX_LESSONS_PER_COMPONENT}",
                )
        return value

    @field_validator("skill_routes")
    @classmethod
    def _routes(cls, value: tuple[SkillRoute, ...]) -> tuple[SkillRoute, ...]:
        seen = Counter(route.context for route in value)
        for context, count in seen.items():
            if count > 1:
                raise _fail(Reason.DUPLICATE_ROUTE, f"{count} routes for context {context.value}")
        return value

    @model_validator(mode="after")
    def _candidate_order(self) -> Strategy:
        if self.initial_candidates > self.max_candidates:
            raise _fail(
                Reason.CANDIDATE_ORDER,
                f"initialCandidates={self.initial_candidates} exceeds "
                f"maxCandidates={self.max_candidates}",
            )
        return self

    def field_value(self, field: str) -> Any:
        """The value of a field by its camelCase name."""
        return getattr(self, to_snake(field))

    def route_for(self, context: Context) -> SkillRoute | None:
        return next((r for r in self.skill_routes if r.context == context), None)
