"""Schema, identity, diff, search space and lesson retrieval."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from search_space import (
    SKILLS,
    Component,
    Lesson,
    SearchSpace,
    SkillRole,
    Strategy,
    diff,
    retrieve_lessons,
    strategy_id,
)
from search_space.schema import SCALAR_BOUNDS

ROOT = Path(__file__).resolve().parents[2]


def test_initial_strategy_is_the_papers() -> None:
    data = json.loads((ROOT / "experiments/strategies/initial.json").read_text())
    strategy = Strategy.model_validate(data)
    assert (strategy.initial_candidates, strategy.max_candidates) == (3, 3)
    assert (strategy.max_rounds, strategy.agent_steps, strategy.repair_steps) == (2, 12, 5)
    assert (strategy.context_tokens, strategy.tool_output_chars) == (18000, 10000)
    assert strategy.review_max_output_tokens == 2048
    assert (strategy.guidance, strategy.lessons, strategy.skill_routes) == ("", (), ())


def test_id_is_stable_across_key_order_and_whitespace() -> None:
    data = Strategy(guidance="check the spec").to_json_dict()
    compact = json.dumps(data, separators=(",", ":"))
    shuffled = json.dumps(dict(reversed(list(data.items()))), indent=7)
    one = Strategy.model_validate_json(compact)
    two = Strategy.model_validate_json(shuffled)
    assert strategy_id(one) == strategy_id(two)
    assert len(strategy_id(one)) == 12
    assert strategy_id(one) != strategy_id(Strategy(guidance="check the spec!"))


def test_camel_case_round_trip_and_unknown_field() -> None:
    data = Strategy().to_json_dict()
    assert "agentSteps" in data and "skillRoutes" in data
    with pytest.raises(ValidationError):
        Strategy.model_validate(data | {"agentStepz": 3})


def test_candidate_counts_cross_field_rule() -> None:
    with pytest.raises(ValidationError, match=r"candidate_order|exceeds"):
        Strategy(initial_candidates=4, max_candidates=3)


def test_skill_library_has_twelve_with_both_roles() -> None:
    assert len(SKILLS) == 12 and len({s.name for s in SKILLS}) == 12
    roles = {s.role for s in SKILLS}
    assert roles == {SkillRole.GENERATION, SkillRole.REVIEW}


def test_search_space_defaults_and_overrides() -> None:
    space = SearchSpace()
    assert space.allowed_values("agentSteps") == (10, 12, 14, 16)
    assert "maxCandidates" not in space.mutable_fields
    assert len(space.mutable_fields) == 9
    narrowed = SearchSpace(ranges={"agentSteps": (12, 20)})
    assert narrowed.mutable_scalars == ("agentSteps",)
    with pytest.raises(ValidationError, match="outside"):
        SearchSpace(ranges={"agentSteps": (1, 12)})


def test_diff_reports_lessons_by_id() -> None:
    a = Strategy(lessons=(Lesson(id="x", triggers=("cli",), text="t"),))
    b = Strategy(lessons=(Lesson(id="x", triggers=("cli",), text="u"),), agent_steps=14)
    changes = diff(a, b)
    assert [(c.field, c.kind, c.item) for c in changes] == [
        ("lessons", "changed", "x"),
        ("agentSteps", "changed", None),
    ]


def _lesson(lesson_id: str, triggers: tuple[str, ...], text: str = "do it") -> Lesson:
    return Lesson(id=lesson_id, triggers=triggers, text=text)


def test_retrieval_is_literal_bounded_and_deterministic() -> None:
    lessons = (
        _lesson("one", ("csv",)),
        _lesson("two", ("csv", "header")),
        _lesson("three", ("json",)),
        _lesson("four", ("csv",)),
    )
    text = "Summarise a CSV column; the header row is optional."
    picked = retrieve_lessons(lessons, text, Component.GENERATION)
    assert [lesson.id for lesson in picked] == ["two", "one"]  # most hits, then strategy order
    assert retrieve_lessons(lessons, "nothing relevant", "generation") == []
    phase = retrieve_lessons((_lesson("rep", ("repair",)),), "no match", Component.REPAIR)
    assert [lesson.id for lesson in phase] == ["rep"]


def test_retrieval_honours_the_lessons_component() -> None:
    scoped = Lesson(id="rev", triggers=("csv",), text="check quotes", component=Component.REVIEW)
    lessons = (scoped, _lesson("any", ("csv",)))
    text = "Summarise a CSV column."
    assert [x.id for x in retrieve_lessons(lessons, text, Component.REVIEW)] == ["rev", "any"]
    assert [x.id for x in retrieve_lessons(lessons, text, Component.GENERATION)] == ["any"]
    assert [x.id for x in retrieve_lessons(lessons, text, "repair")] == ["any"]


def test_retrieval_respects_character_budgets() -> None:
    big = tuple(_lesson(f"l{i}", ("parse",), "x" * 600) for i in range(3))
    assert all(700 < len(lesson.render()) <= 800 for lesson in big)
    assert len(retrieve_lessons(big, "parse it", "generation")) == 2  # 2 x <= 800 <= 1600
    assert len(retrieve_lessons(big, "parse it", "planning")) == 1  # 1200 fits only one


def test_a_turn_serving_two_phases_still_gets_two_lessons_each_once_within_1600() -> None:
    """A pair's opening turn is its preparation and its generation (paper C.3.1): one
    selection over both, at most two lessons, none twice, within one turn's budget."""
    lessons = (
        Lesson(id="prep-a", triggers=("parse",), text="a" * 600, component=Component.PREPARATION),
        Lesson(id="prep-b", triggers=("parse",), text="b" * 600, component=Component.PREPARATION),
        _lesson("any", ("parse",), "c" * 600),
        Lesson(id="gen", triggers=("parse",), text="d" * 600, component=Component.GENERATION),
    )
    both = (Component.PREPARATION, Component.GENERATION)
    picked = retrieve_lessons(lessons, "parse it", both)
    assert [x.id for x in picked] == ["prep-a", "prep-b"]
    assert sum(len(x.render()) for x in picked) <= 1600
    only = retrieve_lessons(lessons[2:], "parse it", both)
    assert [x.id for x in only] == ["any", "gen"]  # the unscoped lesson once, not per phase


def test_a_lesson_renders_as_applicability_action_and_observable_verification() -> None:
    lesson = Lesson(
        id="quote-fields",
        triggers=("csv", "quoted"),
        text="Test a field with a quoted comma. Verify: the suite fails on the initial program.",
        component=Component.GENERATION,
    )
    assert lesson.render().splitlines() == [
        "Lesson quote-fields",
        'Applicability: the task, phase or last execution mentions "csv"; "quoted" '
        "(in the generation phase)",
        "Action: Test a field with a quoted comma.",
        "Verification: the suite fails on the initial program.",
    ]
    plain = _lesson("plain", ("csv",), "Test empty input.")
    assert plain.render().splitlines()[2:] == [
        "Action: Test empty input.",
        "Verification: run your suite and confirm its output shows the effect of this action.",
    ]


# -- the JSON Schema (`rsi schema`) documents what the model enforces ---------------------
SCHEMA = Strategy.model_json_schema(by_alias=True)
INITIAL_DATA = json.loads((ROOT / "experiments/strategies/initial.json").read_text())


def test_every_strategy_and_lesson_field_says_what_it_does() -> None:
    lesson = SCHEMA["$defs"]["Lesson"]["properties"]
    routes = SCHEMA["$defs"]["SkillRoute"]["properties"]
    for name, prop in [*SCHEMA["properties"].items(), *lesson.items(), *routes.items()]:
        assert len(prop.get("description", "")) > 20, name
    for field, (default, low, high) in SCALAR_BOUNDS.items():
        prop = SCHEMA["properties"][field]
        assert (prop["default"], prop["minimum"], prop["maximum"]) == (default, low, high)
        assert f"({low} to {high})" in prop["description"]


@pytest.mark.parametrize(
    "change",
    [
        {"agentSteps": SCALAR_BOUNDS["agentSteps"][2] + 1},
        {"repairSteps": SCALAR_BOUNDS["repairSteps"][1] - 1},
        {"guidance": "x" * 2401},
        {"skillRoutes": [{"context": "cli", "skill": "assertion-review"}]},
        {"skillRoutes": [{"context": "terminal", "skill": None}]},
        {"lessons": [{"id": "Not A Slug", "triggers": ["table"], "text": "Check every column."}]},
        {"lessons": [{"id": "many", "triggers": [f"t{i}" for i in range(9)], "text": "x"}]},
        {"lessons": [{"id": "long", "triggers": ["t" * 81], "text": "x"}]},
    ],
)
def test_the_schema_and_the_model_refuse_the_same_strategies(change: dict[str, object]) -> None:
    jsonschema.validate(INITIAL_DATA, SCHEMA)  # the shipped strategy passes both
    Strategy.model_validate(INITIAL_DATA)
    bad = {**INITIAL_DATA, **change}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)
    with pytest.raises(ValidationError):
        Strategy.model_validate(bad)
