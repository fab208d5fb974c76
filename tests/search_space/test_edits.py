"""Edits: every edit from the space yields a valid one-field child; each bad edit its reason."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from search_space import (
    AddLesson,
    ClearRoute,
    Context,
    InvalidEdit,
    Lesson,
    ProseGuard,
    Reason,
    RemoveLesson,
    ReplaceLesson,
    SearchSpace,
    SetGuidance,
    SetRoute,
    SetScalar,
    SkillRoute,
    Strategy,
    apply,
    canonical_json,
    describe_edit,
    diff,
    edit_between,
    edited_field,
    parse_edit,
    retrieve_lessons,
    strategy_id,
)
from search_space.schema import ALL_FIELDS
from tests.support.strategies import edits_for, lessons, parents

INITIAL = Strategy(initial_candidates=3, max_candidates=3)
# `make mutation` runs this file once per mutant and asks for fewer examples through the env.
# There the examples are also derandomized, so every mutant meets the same examples.
MAX_EXAMPLES = os.environ.get("RSI_HYPOTHESIS_MAX_EXAMPLES")
SETTINGS = settings(
    max_examples=int(MAX_EXAMPLES or 300),
    derandomize=MAX_EXAMPLES is not None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@SETTINGS
@given(data=st.data())
def test_every_edit_changes_exactly_one_field(data: st.DataObject) -> None:
    parent = data.draw(parents())
    edit = data.draw(edits_for(parent))
    child = apply(parent, edit)
    Strategy.model_validate(child.to_json_dict())  # round-trips through the schema
    before, after = parent.to_json_dict(), child.to_json_dict()
    changed = [field for field in ALL_FIELDS if before[field] != after[field]]
    assert changed == [edited_field(edit)]
    if changed == ["lessons"]:
        old = {lesson["id"]: canonical_json(lesson) for lesson in before["lessons"]}
        new = {lesson["id"]: canonical_json(lesson) for lesson in after["lessons"]}
        touched = {i for i in old.keys() | new.keys() if old.get(i) != new.get(i)}
        assert len(touched) == 1
        untouched = [i for i in old if i not in touched]
        assert [i for i in new if i not in touched] == untouched  # order kept too


@SETTINGS
@given(data=st.data())
def test_edit_between_recovers_the_edit(data: st.DataObject) -> None:
    parent = data.draw(parents())
    edit = data.draw(edits_for(parent))
    child = apply(parent, edit)
    assert apply(parent, edit_between(parent, child)) == child
    assert len({c.field for c in diff(parent, child)}) == 1


@SETTINGS
@given(data=st.data())
def test_replace_lesson_keeps_its_position_and_every_other_lesson_byte_identical(
    data: st.DataObject,
) -> None:
    parent = data.draw(parents().filter(lambda p: len(p.lessons) >= 2))
    index = data.draw(st.integers(0, len(parent.lessons) - 1))
    target = parent.lessons[index]
    replacement = data.draw(
        lessons(lesson_id=target.id)
        .map(lambda les: les.model_copy(update={"component": target.component}))
        .filter(lambda les: les != target)
    )
    child = apply(parent, ReplaceLesson(lesson=replacement))
    before = [canonical_json(lesson.to_json_dict()) for lesson in parent.lessons]
    after = [canonical_json(lesson.to_json_dict()) for lesson in child.lessons]
    assert len(after) == len(before)
    assert after[index] == canonical_json(replacement.to_json_dict())
    assert after[:index] == before[:index] and after[index + 1 :] == before[index + 1 :]
    # The same content in the same order is the same strategy: replacing a lesson by itself
    # after a round trip through the edit gives back the parent's id.
    assert strategy_id(apply(child, ReplaceLesson(lesson=target))) == strategy_id(parent)


def test_a_replaced_lesson_keeps_winning_retrieval_ties() -> None:
    """Ties in retrieval go to the earlier lesson, so a replace must not move it back."""
    first, second = _lesson("first", triggers=["parse"]), _lesson("second", triggers=["parse"])
    parent = INITIAL.model_copy(update={"lessons": (first, second)})
    reworded = _lesson("first", triggers=["parse"], text="Check the documented error message.")
    child = apply(parent, ReplaceLesson(lesson=reworded))
    assert [lesson.id for lesson in child.lessons] == ["first", "second"]
    one_slot = [lesson.id for lesson in retrieve_lessons(child.lessons, "parse a date", "x")]
    assert one_slot[0] == "first"
    assert edit_between(parent, child) == ReplaceLesson(lesson=reworded)


def _lesson(lesson_id: str, **update: object) -> Lesson:
    base = {"id": lesson_id, "triggers": ["parse"], "text": "Check the documented error type."}
    return Lesson.model_validate({**base, **update})


def _reason(parent: Strategy, edit: object, **kwargs: object) -> Reason:
    with pytest.raises(InvalidEdit) as caught:
        apply(parent, edit if not isinstance(edit, dict) else parse_edit(edit), **kwargs)  # type: ignore[arg-type]
    return caught.value.reason


def test_out_of_range_scalar() -> None:
    assert _reason(INITIAL, SetScalar(field="agentSteps", value=40)) is Reason.OUT_OF_RANGE


def test_off_grid_scalar() -> None:
    assert _reason(INITIAL, SetScalar(field="agentSteps", value=13)) is Reason.OFF_GRID


def test_frozen_field() -> None:
    assert _reason(INITIAL, SetScalar(field="maxCandidates", value=4)) is Reason.FROZEN_FIELD
    space = SearchSpace(frozen=("initialCandidates", "maxCandidates", "guidance"))
    assert _reason(INITIAL, SetGuidance(text="check"), space=space) is Reason.FROZEN_FIELD


def test_edit_touching_two_fields() -> None:
    proposal = INITIAL.to_json_dict() | {"agentSteps": 14, "maxRounds": 3}
    with pytest.raises(InvalidEdit) as caught:
        edit_between(INITIAL, proposal)
    assert caught.value.reason is Reason.TOUCHES_MULTIPLE_FIELDS
    extra_key = {"op": "set_scalar", "field": "agentSteps", "value": 14, "maxRounds": 3}
    assert _reason(INITIAL, extra_key) is Reason.MALFORMED_EDIT


def test_edit_touching_two_lessons() -> None:
    parent = INITIAL.model_copy(update={"lessons": (_lesson("a"), _lesson("b"))})
    proposal = parent.to_json_dict()
    proposal["lessons"] = [_lesson("a", text="x y").to_json_dict(), _lesson("c").to_json_dict()]
    with pytest.raises(InvalidEdit) as caught:
        edit_between(parent, proposal)
    assert caught.value.reason is Reason.TOUCHES_MULTIPLE_LESSONS


def test_two_routes_for_one_context() -> None:
    proposal = INITIAL.to_json_dict() | {
        "skillRoutes": [
            {"context": "cli", "skill": "cli-output"},
            {"context": "cli", "skill": "boundary-inputs"},
        ]
    }
    with pytest.raises(InvalidEdit) as caught:
        edit_between(INITIAL, proposal)
    assert caught.value.reason is Reason.DUPLICATE_ROUTE


def test_review_skill_routed_to_generation() -> None:
    edit = {"op": "set_route", "context": "cli", "skill": "assertion-review"}
    assert _reason(INITIAL, edit) is Reason.REVIEW_SKILL_IN_GENERATION_ROUTE
    assert _reason(INITIAL, SetRoute(context="cli", skill="no-such-skill")) is Reason.UNKNOWN_SKILL


def test_review_skills_route_to_review_turns_and_old_routes_keep_their_bytes() -> None:
    edit = parse_edit(
        {"op": "set_route", "context": "cli", "skill": None, "reviewSkill": "assertion-review"}
    )
    child = apply(INITIAL, edit)
    route = child.route_for(Context.CLI)
    assert route is not None and (route.skill, route.review_skill) == (None, "assertion-review")
    assert edit_between(INITIAL, child.to_json_dict()) == edit
    assert describe_edit(edit) == "route cli -> no specialist, review -> assertion-review"
    # A route or an edit without a review skill serialises as before review routes.
    old = {"context": "cli", "skill": "cli-output"}
    assert SkillRoute.model_validate(old).to_json_dict() == old
    plain = SetRoute(context="cli", skill="cli-output")
    assert plain.model_dump(mode="json", by_alias=True) == {"op": "set_route", **old}
    assert strategy_id(apply(INITIAL, plain)) == strategy_id(
        Strategy.model_validate(INITIAL.to_json_dict() | {"skillRoutes": [old]})
    )
    wrong = {"op": "set_route", "context": "cli", "skill": None, "reviewSkill": "cli-output"}
    assert _reason(INITIAL, wrong) is Reason.GENERATION_SKILL_IN_REVIEW_ROUTE
    unknown = {"op": "set_route", "context": "cli", "skill": None, "reviewSkill": "nope"}
    assert _reason(INITIAL, unknown) is Reason.UNKNOWN_SKILL


def test_twenty_first_lesson() -> None:
    parent = INITIAL.model_copy(update={"lessons": tuple(_lesson(f"l{i}") for i in range(20))})
    assert _reason(parent, AddLesson(lesson=_lesson("l20"))) is Reason.TOO_MANY_LESSONS


def test_fifth_lesson_for_one_component() -> None:
    four = tuple(_lesson(f"r{i}", component="repair") for i in range(4))
    parent = INITIAL.model_copy(update={"lessons": four})
    fifth = AddLesson(lesson=_lesson("r4", component="repair"))
    assert _reason(parent, fifth) is Reason.TOO_MANY_COMPONENT_LESSONS
    assert apply(parent, AddLesson(lesson=_lesson("g0", component="review"))).lessons[-1].id == "g0"


def test_code_fence_in_prose() -> None:
    fenced = "Use this:\n```python\nassert f() == 1\n```"
    assert _reason(INITIAL, SetGuidance(text=fenced)) is Reason.CODE_FENCE
    with pytest.raises(InvalidEdit) as caught:
        parse_edit({"op": "add_lesson", "lesson": _lesson("x").to_json_dict() | {"text": fenced}})
    assert caught.value.reason is Reason.CODE_FENCE


def test_task_identifier_in_prose() -> None:
    guard = ProseGuard.for_tasks(["alg-merge-intervals-touching"])
    leaky = SetGuidance(text="For ALG-merge-intervals-touching assert touching merges.")
    assert _reason(INITIAL, leaky, guard=guard) is Reason.TASK_IDENTIFIER
    trigger_leak = AddLesson(lesson=_lesson("x", triggers=["alg-merge-intervals-touching"]))
    assert _reason(INITIAL, trigger_leak, guard=guard) is Reason.TASK_IDENTIFIER
    # A longer identifier that merely contains a known one is not that task.
    fine = SetGuidance(text="merge intervals carefully")
    assert apply(INITIAL, fine, guard=guard).guidance == "merge intervals carefully"


def test_oversized_text() -> None:
    assert _reason(INITIAL, SetGuidance(text="a" * 2401)) is Reason.TEXT_TOO_LONG
    with pytest.raises(InvalidEdit) as caught:
        parse_edit(
            {"op": "add_lesson", "lesson": _lesson("x").to_json_dict() | {"text": "b" * 1001}}
        )
    assert caught.value.reason is Reason.TEXT_TOO_LONG


def test_no_op_edit_is_rejected() -> None:
    assert _reason(INITIAL, SetScalar(field="agentSteps", value=12)) is Reason.NO_CHANGE


def test_reasons_are_distinct_per_rule() -> None:
    reasons = {
        _reason(INITIAL, SetScalar(field="agentSteps", value=40)),
        _reason(INITIAL, SetScalar(field="agentSteps", value=13)),
        _reason(INITIAL, SetScalar(field="maxCandidates", value=4)),
        _reason(INITIAL, SetGuidance(text="```x```")),
        _reason(INITIAL, SetGuidance(text="a" * 3000)),
    }
    assert len(reasons) == 5


@pytest.mark.parametrize(
    ("edit", "line"),
    [
        ({"op": "set_scalar", "field": "contextTokens", "value": 24000}, "contextTokens = 24000"),
        ({"op": "set_route", "context": "cli", "skill": "cli-output"}, "route cli -> cli-output"),
        ({"op": "set_route", "context": "cli", "skill": None}, "route cli -> no specialist"),
        ({"op": "clear_route", "context": "visual"}, "clear route visual"),
        ({"op": "remove_lesson", "lessonId": "l1"}, "remove lesson l1"),
    ],
)
def test_describe_edit_names_field_and_value(edit: dict[str, object], line: str) -> None:
    assert describe_edit(parse_edit(edit)) == line


def test_describe_edit_stays_one_short_line() -> None:
    long_text = "Check every boundary case. " * 40
    line = describe_edit(parse_edit({"op": "set_guidance", "text": long_text}), limit=60)
    assert len(line) == 60 and line.endswith("…") and "\n" not in line


# --- every refusal names its rule and what broke it -----------------------------------------

FENCE = "Use this:\n```python\nassert f() == 1\n```"
GUARD = ProseGuard.for_tasks(["alg-merge"])
ROUTED = Strategy.model_validate(
    INITIAL.model_copy(
        update={
            "lessons": (_lesson("a"), _lesson("b")),
            "skill_routes": (SkillRoute(context="cli", skill="cli-output"),),
        }
    ).to_json_dict()
)
NO_AGENT_STEPS_RANGE = SearchSpace(ranges={"maxRounds": (2, 3)})
GUIDANCE_FROZEN = SearchSpace(frozen=("initialCandidates", "maxCandidates", "guidance"))
ROUTES_FROZEN = SearchSpace(frozen=("initialCandidates", "maxCandidates", "skillRoutes"))
LESSONS_FROZEN = SearchSpace(frozen=("initialCandidates", "maxCandidates", "lessons"))


@pytest.mark.parametrize(
    ("edit", "space", "message"),
    [
        (SetScalar(field="guidance", value=1), None, "not_mutable): 'guidance' is not a scalar"
         " field"),
        (SetScalar(field="agentSteps", value=14), NO_AGENT_STEPS_RANGE,
         "not_mutable): agentSteps has no range in this search space"),
        (SetScalar(field="agentSteps", value=40), None,
         "out_of_range): agentSteps=40 is outside 2..20"),
        (SetScalar(field="agentSteps", value=1), None,
         "out_of_range): agentSteps=1 is outside 2..20"),
        # The schema bounds are inclusive: their ends are in range, only off the grid.
        (SetScalar(field="agentSteps", value=2), None,
         "off_grid): agentSteps=2 is not one of [10, 12, 14, 16]"),
        (SetScalar(field="agentSteps", value=20), None,
         "off_grid): agentSteps=20 is not one of [10, 12, 14, 16]"),
        (SetScalar(field="maxCandidates", value=4), None,
         "frozen_field): maxCandidates is frozen in this search space"),
        (SetGuidance(text="check"), GUIDANCE_FROZEN,
         "frozen_field): guidance is frozen in this search space"),
        (SetRoute(context="cli", skill=None), ROUTES_FROZEN,
         "frozen_field): skillRoutes is frozen in this search space"),
        (ClearRoute(context="cli"), ROUTES_FROZEN,
         "frozen_field): skillRoutes is frozen in this search space"),
        (RemoveLesson(lesson_id="a"), LESSONS_FROZEN,
         "frozen_field): lessons is frozen in this search space"),
        (SetScalar(field="agentSteps", value=12), None,
         "no_change): the edit leaves agentSteps unchanged"),
        (SetGuidance(text=FENCE), None, "code_fence): guidance contains a fenced code block"),
        (SetGuidance(text="a" * 2401), None, "text_too_long): guidance has 2401 chars, limit 2400"),
        (SetGuidance(text="see alg-merge"), None,
         "task_identifier): guidance names the task identifier 'alg-merge'"),
        (AddLesson(lesson=_lesson("c", text="as in alg-merge")), None,
         "task_identifier): lesson c text names the task identifier 'alg-merge'"),
        (AddLesson(lesson=_lesson("c", triggers=["parse", "alg-merge"])), None,
         "task_identifier): lesson c trigger names the task identifier 'alg-merge'"),
        (ClearRoute(context="visual"), None, "no_change): no route for context visual"),
        (RemoveLesson(lesson_id="zz"), None, "unknown_lesson): no lesson 'zz' to remove"),
        (AddLesson(lesson=_lesson("a", text="other")), None,
         "duplicate_lesson_id): lesson 'a' exists"),
        (ReplaceLesson(lesson=_lesson("zz")), None, "unknown_lesson): no lesson 'zz' to replace"),
        (SetRoute(context="cli", skill="assertion-review"), None,
         "review_skill_in_generation_route): skill_routes.0.skill: review skill "
         "'assertion-review' cannot be routed to candidate generation"),
    ],
)  # fmt: skip
def test_each_refused_edit_names_its_rule_and_what_broke_it(
    edit: object, space: SearchSpace | None, message: str
) -> None:
    with pytest.raises(InvalidEdit) as caught:
        apply(ROUTED, edit, space=space, guard=GUARD)  # type: ignore[arg-type]
    assert str(caught.value) == f"invalid edit ({message}"
    assert caught.value.reason.value == message.split(")")[0]


def _proposal(**update: object) -> dict[str, object]:
    return ROUTED.to_json_dict() | update


@pytest.mark.parametrize(
    ("proposal", "message"),
    [
        (_proposal(), "no_change): the proposal equals its parent"),
        (_proposal(agentSteps=14, maxRounds=3),
         "touches_multiple_fields): the proposal changes ['agentSteps', 'maxRounds']"),
        (_proposal(skillRoutes=[{"context": "cli", "skill": None},
                                {"context": "visual", "skill": "cli-output"}]),
         "touches_multiple_fields): the proposal changes several routes"),
        (_proposal(lessons=[_lesson("a", text="x y").to_json_dict(), _lesson("c").to_json_dict()]),
         "touches_multiple_lessons): the proposal changes several lessons"),
        (_proposal(lessons=[_lesson("b").to_json_dict(), _lesson("a", text="x y").to_json_dict()]),
         "touches_multiple_lessons): the proposal reorders lessons"),
        # A whole-strategy rule has no field path, so the message is the rule's alone.
        (_proposal(initialCandidates=5),
         "candidate_order): initialCandidates=5 exceeds maxCandidates=3"),
        (_proposal(guidance=FENCE),
         "code_fence): guidance: guidance contains a fenced code block"),
    ],
)  # fmt: skip
def test_edit_between_refuses_what_is_not_one_edit(
    proposal: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidEdit) as caught:
        edit_between(ROUTED, proposal)
    assert str(caught.value) == f"invalid edit ({message}"


@pytest.mark.parametrize(
    "edit",
    [
        SetRoute(context="cli", skill="boundary-inputs"),
        SetRoute(context="visual", skill=None),
        ClearRoute(context="cli"),
        AddLesson(lesson=_lesson("c")),
        ReplaceLesson(lesson=_lesson("b", text="Check the documented message.")),
        RemoveLesson(lesson_id="a"),
        SetGuidance(text="check the spec"),
        SetScalar(field="repairSteps", value=7),
    ],
)
def test_edit_between_recovers_each_kind_of_edit(edit: object) -> None:
    child = apply(ROUTED, edit)  # type: ignore[arg-type]
    assert edit_between(ROUTED, child) == edit
    assert edit_between(ROUTED, child.to_json_dict()) == edit


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (SetScalar(field="contextTokens", value=24000), "contextTokens"),
        (SetGuidance(text="check"), "guidance"),
        (SetRoute(context="cli", skill=None), "skillRoutes"),
        (ClearRoute(context="cli"), "skillRoutes"),
        (AddLesson(lesson=_lesson("c")), "lessons"),
        (ReplaceLesson(lesson=_lesson("a")), "lessons"),
        (RemoveLesson(lesson_id="a"), "lessons"),
    ],
)
def test_edited_field_is_the_camel_case_strategy_field(edit: object, field: str) -> None:
    assert edited_field(edit) == field  # type: ignore[arg-type]


def test_edit_between_holds_the_proposal_to_the_search_space_and_the_guard() -> None:
    child = ROUTED.to_json_dict() | {"guidance": "check the spec"}
    with pytest.raises(InvalidEdit) as frozen:
        edit_between(ROUTED, child, space=GUIDANCE_FROZEN)
    assert frozen.value.reason is Reason.FROZEN_FIELD
    leaky = ROUTED.to_json_dict() | {"guidance": "see alg-merge"}
    assert edit_between(ROUTED, leaky) == SetGuidance(text="see alg-merge")
    with pytest.raises(InvalidEdit) as named:
        edit_between(ROUTED, leaky, guard=GUARD)
    assert named.value.reason is Reason.TASK_IDENTIFIER


def test_parse_edit_reads_json_text_and_names_malformed_fields() -> None:
    text = '{"op": "set_scalar", "field": "agentSteps", "value": 14}'
    assert parse_edit(text) == SetScalar(field="agentSteps", value=14)
    with pytest.raises(InvalidEdit) as not_json:
        parse_edit("not json")
    assert str(not_json.value) == "invalid edit (malformed_edit): edit is not JSON: Expecting value"
    with pytest.raises(InvalidEdit) as missing:
        parse_edit({"op": "set_scalar", "field": "agentSteps"})
    assert str(missing.value) == "invalid edit (malformed_edit): set_scalar.value: Field required"


@pytest.mark.parametrize(
    ("edit", "line"),
    [
        (AddLesson(lesson=_lesson("c", triggers=["parse", "date"])),
         "add lesson c (triggers: parse, date)"),
        (ReplaceLesson(lesson=_lesson("a", triggers=["errors"])),
         "replace lesson a (triggers: errors)"),
    ],
)  # fmt: skip
def test_describe_lesson_edits(edit: object, line: str) -> None:
    assert describe_edit(edit) == line  # type: ignore[arg-type]


def test_describe_edit_cuts_only_what_exceeds_the_limit() -> None:
    edit = SetGuidance(text="x" * 200)
    full = describe_edit(edit, limit=1000)
    assert full == "guidance: '" + "x" * 200 + "'"
    assert describe_edit(edit, limit=len(full)) == full
    cut = describe_edit(edit, limit=len(full) - 1)
    assert len(cut) == len(full) - 1 and cut == full[: len(full) - 2] + "…"
    assert len(describe_edit(edit)) == 100  # the default limit
