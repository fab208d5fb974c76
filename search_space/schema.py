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

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from search_space.errors import Reason
from search_space.prose import GUIDANCE_MAX_CHARS, LESSON_TEXT_MAX_CHARS, TRIGGER_MAX_CHARS
from search_space.skills import SKILLS_BY_NAME, SkillRole, generation_skills, review_skills

MAX_LESSONS = 20
MAX_LESSONS_PER_COMPONENT = 4
MAX_TRIGGERS = 8
# A lesson's text names its observable check after this marker (`Lesson.render`).
VERIFY_MARKER = "Verify:"
VERIFY_BY_DEFAULT = "run your suite and confirm its output shows the effect of this action."
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

    id: str = Field(
        description="a slug naming the lesson (an edit replaces or removes it by id)",
        json_schema_extra={"pattern": _SLUG.pattern, "maxLength": 64},
    )
    triggers: tuple[str, ...] = Field(
        description="literal phrases; the lesson is shown on a turn whose requirement or "
        "phase contains one",
        json_schema_extra={
            "minItems": 1,
            "maxItems": MAX_TRIGGERS,
            "items": {"type": "string", "minLength": 1, "maxLength": TRIGGER_MAX_CHARS},
        },
    )
    text: str = Field(
        description="the advice shown to the model: the action to take, then `Verify:` and "
        "the observable check that it worked (no fenced code, no task identifiers)",
        json_schema_extra={"maxLength": LESSON_TEXT_MAX_CHARS},
    )
    component: Component | None = Field(
        default=None, description="the one phase it is shown in; every phase when null"
    )
    capabilities: tuple[str, ...] = Field(
        default=(),
        description="slug tags of what the lesson teaches (for people; retrieval ignores them)",
        json_schema_extra={"items": {"type": "string", "pattern": _SLUG.pattern}},
    )

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
        """The lesson as a turn shows it (paper C.3.1): applicability (its triggers and
        phase), action, and observable verification, each on its own labelled line. The
        text's action is what precedes its `Verify:` marker and the verification what
        follows; a text without the marker gets the generic check (`VERIFY_BY_DEFAULT`)."""
        action, marker, verify = self.text.partition(VERIFY_MARKER)
        where = f" (in the {self.component.value} phase)" if self.component else ""
        triggers = "; ".join(f'"{trigger}"' for trigger in self.triggers)
        return (
            f"Lesson {self.id}\n"
            f"Applicability: the task, phase or last execution mentions {triggers}{where}\n"
            f"Action: {action.strip()}\n"
            f"Verification: {verify.strip() if marker else VERIFY_BY_DEFAULT}"
        )


class SkillRoute(_Frozen):
    """Routes one context's turns to skills: `skill` for generation turns (or explicitly
    to none), `reviewSkill` for review turns. A route without `reviewSkill` serialises
    without it, so strategies written before review routes keep their bytes and ids."""

    context: Context = Field(description="the task context this route applies to")
    skill: str | None = Field(
        default=None,
        description="the generation skill shown to that context's generation turns; "
        "null routes the context to no skill",
        json_schema_extra={
            "anyOf": [
                {"enum": [skill.name for skill in generation_skills()], "type": "string"},
                {"type": "null"},
            ]
        },
    )
    review_skill: str | None = Field(
        default=None,
        description="the review skill shown to that context's review turns (the semantic "
        "review of each suite); absent or null: no review skill",
        json_schema_extra={
            "anyOf": [
                {"enum": [skill.name for skill in review_skills()], "type": "string"},
                {"type": "null"},
            ]
        },
    )

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

    @field_validator("review_skill")
    @classmethod
    def _known_review_skill(cls, value: str | None) -> str | None:
        if value is None:
            return None
        skill = SKILLS_BY_NAME.get(value)
        if skill is None:
            raise _fail(Reason.UNKNOWN_SKILL, f"unknown skill {value!r}")
        if skill.role is not SkillRole.REVIEW:
            raise _fail(
                Reason.GENERATION_SKILL_IN_REVIEW_ROUTE,
                f"generation skill {value!r} cannot be routed to review turns",
            )
        return value

    @model_serializer(mode="wrap")
    def _without_absent_review_skill(
        self, handler: SerializerFunctionWrapHandler
    ) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.review_skill is None:  # old routes keep their bytes (and strategy ids)
            data.pop("reviewSkill", None)
            data.pop("review_skill", None)
        return data


def _bounded(field: str) -> Any:
    low, high = SCALAR_BOUNDS[field][1:]

    def check(cls: type, value: int) -> int:
        if isinstance(value, bool) or not low <= value <= high:
            raise _fail(Reason.OUT_OF_RANGE, f"{field}={value} is outside {low}..{high}")
        return value

    return field_validator(to_snake(field))(classmethod(check))


def _scalar(field: str, effect: str) -> Any:
    """An integer field's default, its Table 10 bounds in the JSON Schema and what it does.

    The bounds are documented, not enforced, here: `_bounded` enforces them with its own
    reason (out_of_range)."""
    default, low, high = SCALAR_BOUNDS[field]
    return Field(
        default=default,
        description=f"{effect} ({low} to {high})",
        json_schema_extra={"minimum": low, "maximum": high},
    )


def to_snake(camel: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()


class Strategy(_Frozen):
    """The 11-field TestHelix strategy (Table 10), validated on construction."""

    guidance: str = Field(
        default="",
        description="sent with every generation, repair and review turn when not empty",
        json_schema_extra={"maxLength": GUIDANCE_MAX_CHARS},
    )
    lessons: tuple[Lesson, ...] = Field(
        default=(),
        description="up to two shown per turn, retrieved by literal triggers within the "
        f"turn's lesson budget; at most {MAX_LESSONS_PER_COMPONENT} per component",
        json_schema_extra={"maxItems": MAX_LESSONS},
    )
    skill_routes: tuple[SkillRoute, ...] = Field(
        default=(),
        description="at most one route per context: which skill a task's context shows",
        json_schema_extra={"maxItems": len(Context)},
    )
    initial_candidates: int = _scalar(
        "initialCandidates", "K, the test-and-repair pairs started in round 1"
    )
    max_candidates: int = _scalar(
        "maxCandidates",
        "pairs in all when round 1 leaves fewer than two consistent ones (at least "
        "initialCandidates)",
    )
    max_rounds: int = _scalar(
        "maxRounds", "rounds of peer cross-validation (one: no feedback, no challenge)"
    )
    agent_steps: int = _scalar("agentSteps", "model steps a pair may take per round")
    repair_steps: int = _scalar(
        "repairSteps", "refinements per round of a pair that is not consistent yet"
    )
    context_tokens: int = _scalar(
        "contextTokens", "the prompt budget in tokens (4 characters a token)"
    )
    tool_output_chars: int = _scalar(
        "toolOutputChars", "execution output and files shown to the model are cut to this"
    )
    review_max_output_tokens: int = _scalar(
        "reviewMaxOutputTokens", "the output cap of each semantic review call"
    )

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
