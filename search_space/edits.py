"""Single-field edits and `apply(parent, edit)`.

An edit changes exactly one mutable field; a lesson edit changes exactly one lesson and
keeps the others byte-identical. `apply` returns a fully validated child or raises
`InvalidEdit` with a machine-readable `Reason`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    model_serializer,
)

from search_space.errors import InvalidEdit, Reason
from search_space.identity import diff
from search_space.prose import (
    GUIDANCE_MAX_CHARS,
    LESSON_TEXT_MAX_CHARS,
    TRIGGER_MAX_CHARS,
    ProseGuard,
)
from search_space.schema import (
    SCALAR_BOUNDS,
    SCALAR_FIELDS,
    Context,
    Lesson,
    Strategy,
    to_snake,
)
from search_space.space import SearchSpace


class _Edit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class SetScalar(_Edit):
    op: Literal["set_scalar"] = "set_scalar"
    field: str
    value: int


class SetGuidance(_Edit):
    op: Literal["set_guidance"] = "set_guidance"
    text: str


class SetRoute(_Edit):
    """Route one context to a generation skill, or to `None` (explicitly no specialist),
    and optionally its review turns to a review skill (`reviewSkill`; the whole route is
    replaced). Without a review skill the edit serialises as it did before review routes."""

    op: Literal["set_route"] = "set_route"
    context: Context
    skill: str | None
    review_skill: str | None = Field(default=None, alias="reviewSkill")

    @model_serializer(mode="wrap")
    def _without_absent_review_skill(
        self, handler: SerializerFunctionWrapHandler
    ) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.review_skill is None:
            data.pop("reviewSkill", None)
            data.pop("review_skill", None)
        return data


class ClearRoute(_Edit):
    """Remove the route of one context (specialist loading is left to the agent)."""

    op: Literal["clear_route"] = "clear_route"
    context: Context


class AddLesson(_Edit):
    op: Literal["add_lesson"] = "add_lesson"
    lesson: Lesson


class ReplaceLesson(_Edit):
    """Replace the lesson with the same id, in place."""

    op: Literal["replace_lesson"] = "replace_lesson"
    lesson: Lesson


class RemoveLesson(_Edit):
    op: Literal["remove_lesson"] = "remove_lesson"
    lesson_id: str = Field(alias="lessonId")


Edit = Annotated[
    SetScalar | SetGuidance | SetRoute | ClearRoute | AddLesson | ReplaceLesson | RemoveLesson,
    Field(discriminator="op"),
]
EDIT_ADAPTER: TypeAdapter[Edit] = TypeAdapter(Edit)


def edited_field(edit: Edit) -> str:
    """The camelCase strategy field an edit targets."""
    if isinstance(edit, SetScalar):
        return edit.field
    if isinstance(edit, SetGuidance):
        return "guidance"
    if isinstance(edit, SetRoute | ClearRoute):
        return "skillRoutes"
    return "lessons"


def describe_edit(edit: Edit, limit: int = 100) -> str:
    """One readable line for tables and logs, e.g. `contextTokens = 24000`."""
    if isinstance(edit, SetScalar):
        text = f"{edit.field} = {edit.value}"
    elif isinstance(edit, SetGuidance):
        text = f"guidance: {edit.text!r}"
    elif isinstance(edit, SetRoute):
        text = f"route {edit.context.value} -> {edit.skill or 'no specialist'}"
        text += f", review -> {edit.review_skill}" if edit.review_skill else ""
    elif isinstance(edit, ClearRoute):
        text = f"clear route {edit.context.value}"
    elif isinstance(edit, RemoveLesson):
        text = f"remove lesson {edit.lesson_id}"
    else:
        verb = "add" if isinstance(edit, AddLesson) else "replace"
        lesson = edit.lesson
        text = f"{verb} lesson {lesson.id} (triggers: {', '.join(lesson.triggers)})"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _reason_of(error: ValidationError) -> tuple[Reason, str]:
    first = error.errors()[0]
    try:
        reason = Reason(first["type"])
    except ValueError:
        reason = Reason.MALFORMED_EDIT
    where = ".".join(str(p) for p in first["loc"])
    return reason, f"{where}: {first['msg']}" if where else first["msg"]


def parse_edit(data: str | dict[str, Any]) -> Edit:
    """Parse an edit from JSON text or a dict; malformed input raises `InvalidEdit`."""
    try:
        raw = json.loads(data) if isinstance(data, str) else data
        return EDIT_ADAPTER.validate_python(raw)
    except json.JSONDecodeError as error:
        raise InvalidEdit(Reason.MALFORMED_EDIT, f"edit is not JSON: {error.msg}") from None
    except ValidationError as error:
        reason, message = _reason_of(error)
        raise InvalidEdit(reason, message) from None


def _check_scalar(edit: SetScalar, space: SearchSpace) -> None:
    if edit.field not in SCALAR_FIELDS:
        raise InvalidEdit(Reason.NOT_MUTABLE, f"{edit.field!r} is not a scalar field")
    if edit.field in space.frozen:
        raise InvalidEdit(Reason.FROZEN_FIELD, f"{edit.field} is frozen in this search space")
    if edit.field not in space.ranges:
        raise InvalidEdit(Reason.NOT_MUTABLE, f"{edit.field} has no range in this search space")
    low, high = SCALAR_BOUNDS[edit.field][1:]
    if not low <= edit.value <= high:
        raise InvalidEdit(
            Reason.OUT_OF_RANGE, f"{edit.field}={edit.value} is outside {low}..{high}"
        )
    allowed = space.allowed_values(edit.field)
    if edit.value not in allowed:
        raise InvalidEdit(
            Reason.OFF_GRID, f"{edit.field}={edit.value} is not one of {list(allowed)}"
        )


def _guard_lesson(lesson: Lesson, guard: ProseGuard) -> None:
    guard.check(lesson.text, what=f"lesson {lesson.id} text", max_chars=LESSON_TEXT_MAX_CHARS)
    for trigger in lesson.triggers:
        guard.check(trigger, what=f"lesson {lesson.id} trigger", max_chars=TRIGGER_MAX_CHARS)


def _changed_value(parent: Strategy, edit: Edit, guard: ProseGuard) -> tuple[str, Any]:
    """The (snake_case attribute, new value) the edit produces, before schema validation."""
    if isinstance(edit, SetScalar):
        return to_snake(edit.field), edit.value
    if isinstance(edit, SetGuidance):
        guard.check(edit.text, what="guidance", max_chars=GUIDANCE_MAX_CHARS)
        return "guidance", edit.text
    if isinstance(edit, SetRoute | ClearRoute):
        others = [r for r in parent.skill_routes if r.context != edit.context]
        if isinstance(edit, ClearRoute):
            if len(others) == len(parent.skill_routes):
                raise InvalidEdit(Reason.NO_CHANGE, f"no route for context {edit.context.value}")
            return "skill_routes", tuple(others)
        routes = list(parent.skill_routes)
        new_route = {"context": edit.context, "skill": edit.skill}
        if edit.review_skill is not None:
            new_route["review_skill"] = edit.review_skill
        index = next((i for i, r in enumerate(routes) if r.context == edit.context), None)
        if index is None:
            routes.append(new_route)  # type: ignore[arg-type]
        else:
            routes[index] = new_route  # type: ignore[call-overload]
        return "skill_routes", tuple(routes)
    lessons = list(parent.lessons)
    index_by_id = {lesson.id: i for i, lesson in enumerate(lessons)}
    if isinstance(edit, RemoveLesson):
        if edit.lesson_id not in index_by_id:
            raise InvalidEdit(Reason.UNKNOWN_LESSON, f"no lesson {edit.lesson_id!r} to remove")
        del lessons[index_by_id[edit.lesson_id]]
        return "lessons", tuple(lessons)
    _guard_lesson(edit.lesson, guard)
    if isinstance(edit, AddLesson):
        if edit.lesson.id in index_by_id:
            raise InvalidEdit(Reason.DUPLICATE_LESSON_ID, f"lesson {edit.lesson.id!r} exists")
        lessons.append(edit.lesson)
    else:
        if edit.lesson.id not in index_by_id:
            raise InvalidEdit(Reason.UNKNOWN_LESSON, f"no lesson {edit.lesson.id!r} to replace")
        lessons[index_by_id[edit.lesson.id]] = edit.lesson
    return "lessons", tuple(lessons)


def apply(
    parent: Strategy,
    edit: Edit,
    *,
    space: SearchSpace | None = None,
    guard: ProseGuard | None = None,
) -> Strategy:
    """The validated child of `parent` under `edit`, or `InvalidEdit`."""
    space = space or SearchSpace()
    guard = guard or ProseGuard()
    field = edited_field(edit)
    if field in space.frozen:
        raise InvalidEdit(Reason.FROZEN_FIELD, f"{field} is frozen in this search space")
    if isinstance(edit, SetScalar):
        _check_scalar(edit, space)
    attribute, value = _changed_value(parent, edit, guard)
    data = parent.model_dump(by_alias=False)
    data[attribute] = value
    try:
        child = Strategy.model_validate(data)
    except ValidationError as error:
        raise InvalidEdit(*_reason_of(error)) from None
    if child == parent:
        raise InvalidEdit(Reason.NO_CHANGE, f"the edit leaves {field} unchanged")
    return child


def edit_between(
    parent: Strategy,
    child: Strategy | dict[str, Any],
    *,
    space: SearchSpace | None = None,
    guard: ProseGuard | None = None,
) -> Edit:
    """Derive the single edit that turns `parent` into a proposed full `child`.

    This is how whole-strategy proposals (for example from an LLM) are held to the
    one-field rule. The derived edit is re-applied, so every rule of `apply` holds.
    """
    if isinstance(child, dict):
        try:
            child = Strategy.model_validate(child)
        except ValidationError as error:
            raise InvalidEdit(*_reason_of(error)) from None
    changes = diff(parent, child)
    fields = sorted({c.field for c in changes})
    if not fields:
        raise InvalidEdit(Reason.NO_CHANGE, "the proposal equals its parent")
    if len(fields) > 1:
        raise InvalidEdit(Reason.TOUCHES_MULTIPLE_FIELDS, f"the proposal changes {fields}")
    field = fields[0]
    edit: Edit
    if field == "guidance":
        edit = SetGuidance(text=child.guidance)
    elif field == "skillRoutes":
        if len(changes) != 1 or changes[0].item is None:
            raise InvalidEdit(Reason.TOUCHES_MULTIPLE_FIELDS, "the proposal changes several routes")
        context = Context(changes[0].item)
        route = child.route_for(context)
        edit = (
            ClearRoute(context=context)
            if route is None
            else SetRoute(context=context, skill=route.skill, review_skill=route.review_skill)
        )
    elif field == "lessons":
        edit = _lesson_edit(parent, child, changes)
    else:
        edit = SetScalar(field=field, value=child.field_value(field))
    result = apply(parent, edit, space=space, guard=guard)
    if result != child:  # e.g. a lesson moved position as well as changed
        raise InvalidEdit(Reason.TOUCHES_MULTIPLE_LESSONS, "the proposal reorders lessons")
    return edit


def _lesson_edit(parent: Strategy, child: Strategy, changes: list[Any]) -> Edit:
    if len(changes) != 1 or changes[0].item is None:
        raise InvalidEdit(Reason.TOUCHES_MULTIPLE_LESSONS, "the proposal changes several lessons")
    change = changes[0]
    if change.kind == "removed":
        return RemoveLesson(lesson_id=change.item)
    lesson = next(lesson for lesson in child.lessons if lesson.id == change.item)
    return AddLesson(lesson=lesson) if change.kind == "added" else ReplaceLesson(lesson=lesson)
