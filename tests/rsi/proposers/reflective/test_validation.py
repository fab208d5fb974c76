"""The host checks a session's answers meet before anything runs: each bad edit, choice or
insight is refused with its own reason (the session reads it and may correct itself)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rsi.proposers import SelectionContext
from rsi.proposers.reflective import COPY_WORDS
from rsi.proposers.reflective._replies import InsightReply, Revision, Selection
from rsi.proposers.reflective._validation import (
    HostCheckFailed,
    check_edit,
    check_insight,
    check_revision,
    check_selection,
    guard_for,
)
from search_space import SearchSpace
from tests.support.reflective_context import GOOD_LESSON, PARENT, TOOL_OUTPUT, make_context

SCALAR = {"op": "set_scalar", "field": "contextTokens", "value": 24000}
COPIED = " ".join(TOOL_OUTPUT.split()[:COPY_WORDS])
BAD_EDITS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "out_of_range": ({**SCALAR, "value": 99999}, []),
    "off_grid": ({**SCALAR, "value": 20000}, []),
    "second_field": ({**SCALAR, "agentSteps": 14}, []),
    "frozen_field": ({"op": "set_scalar", "field": "maxCandidates", "value": 2}, []),
    "evidence_outside_minibatch": (GOOD_LESSON, ["cli-table", "release-task-7"]),
    "missing_evidence": (GOOD_LESSON, []),
    "trigger_not_literal": (
        {"op": "add_lesson", "lesson": {**GOOD_LESSON["lesson"], "triggers": ["quantum"]}},
        ["cli-table"],
    ),
    "code_fence": ({"op": "set_guidance", "text": "Write\n```python\nassert f()\n```"}, []),
    "task_identifier": ({"op": "set_guidance", "text": "Handle cli-table tasks with care."}, []),
    "copied_from_trace": ({"op": "set_guidance", "text": f"Remember: {COPIED}."}, []),
    "unknown_skill": ({"op": "set_route", "context": "cli", "skill": "mind-reading"}, []),
}


@pytest.mark.parametrize("case", sorted(BAD_EDITS))
def test_each_bad_edit_is_refused_with_its_own_reason(case: str) -> None:
    edit, evidence = BAD_EDITS[case]
    context = make_context()
    revision = Revision(edit=edit, rationale="because", evidence=evidence)
    with pytest.raises(HostCheckFailed) as refused:
        check_edit(revision, context, guard_for(context, frozenset()))
    assert refused.value.reason == case


def test_good_edits_pass_and_name_their_field() -> None:
    context = make_context()
    guard = guard_for(context, frozenset())
    assert check_edit(Revision(edit=SCALAR, rationale="r"), context, guard)[0] == "contextTokens"
    lesson = Revision(edit=GOOD_LESSON, rationale="r", evidence=["cli-table"])
    assert check_edit(lesson, context, guard)[0] == "lessons"


def selection_context() -> SelectionContext:
    return SelectionContext(
        round=3, seed=42, rule_parent_id="best", kept={"best": PARENT, "older": PARENT},
        dag=(), notes=(), space=SearchSpace(),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("parent", "field", "reason"),
    [
        ("never-kept", "agentSteps", "parent_not_kept"),
        ("older", "maxCandidates", "frozen_field"),
        ("older", "temperature", "unknown_field"),
    ],
)
def test_session_zero_must_name_a_kept_parent_and_a_mutable_field(
    parent: str, field: str, reason: str
) -> None:
    with pytest.raises(HostCheckFailed) as refused:
        check_selection(Selection(parent_id=parent, field=field, reason="r"), selection_context())
    assert refused.value.reason == reason
    check_selection(
        Selection(parent_id="older", field="agentSteps", reason="r"), selection_context()
    )


def test_an_insight_cites_the_minibatch_only() -> None:
    context = make_context()
    guard = guard_for(context, frozenset())
    kept = check_insight(InsightReply(text="Tables need width checks.", evidence=["cli-table"]),
                         context, guard)  # fmt: skip
    assert kept.evidence == ("cli-table",)
    with pytest.raises(HostCheckFailed) as refused:
        check_insight(InsightReply(text="x", evidence=["dev-task"]), context, guard)
    assert refused.value.reason == "evidence_outside_minibatch"


MESSAGES = {
    "copied_from_trace": "the prose copies 12+ words from task cli-table's trace: 'failed "
    "test_table py test_header the separator line under the header row was'",
    "evidence_outside_minibatch": "evidence ['release-task-7'] is not in this minibatch",
    "frozen_field": "maxCandidates is frozen in this search space",
    "missing_evidence": "a lesson edit must cite minibatch tasks",
    "off_grid": "invalid edit (off_grid): contextTokens=20000 is not one of "
    "[16000, 18000, 24000, 32000]",
    "second_field": "the edit of contextTokens also sets ['agentSteps']",
    "trigger_not_literal": "trigger 'quantum' occurs in no cited task's requirement",
}


@pytest.mark.parametrize("case", sorted(MESSAGES))
def test_each_refusal_tells_the_session_what_was_wrong(case: str) -> None:
    """The message is what the session reads before it corrects itself."""
    edit, evidence = BAD_EDITS[case]
    context = make_context()
    revision = Revision(edit=edit, rationale="because", evidence=evidence)
    with pytest.raises(HostCheckFailed) as refused:
        check_edit(revision, context, guard_for(context, frozenset()))
    assert (refused.value.reason, refused.value.message) == (case, MESSAGES[case])
    assert str(refused.value) == f"{case}: {MESSAGES[case]}"


@pytest.mark.parametrize(
    ("parent", "field", "message"),
    [
        ("never-kept", "agentSteps", "'never-kept' is not a kept candidate (kept: best, older)"),
        ("older", "maxCandidates", "maxCandidates is frozen in this search space"),
        ("older", "temperature", "'temperature' is not a strategy field"),
    ],
)
def test_a_refused_choice_names_what_was_wrong(parent: str, field: str, message: str) -> None:
    with pytest.raises(HostCheckFailed) as refused:
        check_selection(Selection(parent_id=parent, field=field, reason="r"), selection_context())
    assert refused.value.message == message


def test_a_field_without_a_range_in_this_space_is_not_mutable() -> None:
    context = SelectionContext(
        round=3, seed=42, rule_parent_id="best", kept={"best": PARENT}, dag=(), notes=(),
        space=SearchSpace(ranges={"contextTokens": (16000, 24000)}),
    )  # fmt: skip
    with pytest.raises(HostCheckFailed) as refused:
        check_selection(Selection(parent_id="best", field="agentSteps", reason="r"), context)
    assert (refused.value.reason, refused.value.message) == (
        "not_mutable",
        "agentSteps has no range in this search space",
    )


def test_a_revision_must_edit_the_field_its_session_selected() -> None:
    context = make_context()
    guard = guard_for(context, frozenset())
    other = Revision(edit={**SCALAR, "field": "agentSteps", "value": 14}, rationale="r")
    with pytest.raises(HostCheckFailed) as second:
        check_revision(other, "contextTokens", context, guard)
    assert (second.value.reason, second.value.message) == (
        "second_field",
        "contextTokens was selected but the edit changes agentSteps",
    )
    frozen = Revision(
        edit={"op": "set_scalar", "field": "maxCandidates", "value": 2}, rationale="r"
    )
    with pytest.raises(HostCheckFailed) as refused:
        check_revision(frozen, "contextTokens", context, guard)
    assert refused.value.reason == "frozen_field"
    assert check_revision(Revision(edit=SCALAR, rationale="r"), "contextTokens", context, guard)


def test_prose_may_not_copy_a_requirement_unless_the_parent_already_holds_it() -> None:
    requirement = "Render the inventory table with aligned columns and a dashed header separator."
    copy = Revision(edit={"op": "set_guidance", "text": requirement}, rationale="r")
    context = make_context()
    with pytest.raises(HostCheckFailed) as refused:
        check_edit(copy, context, guard_for(context, frozenset()))
    assert refused.value.reason == "copied_from_trace"
    assert refused.value.message.startswith(
        "the prose copies 12+ words from task cli-table's requirement: 'render the inventory"
    )
    held = dataclasses.replace(context, parent=PARENT.model_copy(update={"guidance": requirement}))
    longer = Revision(edit={"op": "set_guidance", "text": f"{requirement} Always."}, rationale="r")
    assert check_edit(longer, held, guard_for(held, frozenset()))[0] == "guidance"


def test_a_trigger_may_name_a_phase_instead_of_quoting_a_requirement() -> None:
    lesson = {**GOOD_LESSON["lesson"], "triggers": ["Generation", "columns"]}
    revision = Revision(edit={"op": "add_lesson", "lesson": lesson}, rationale="r",
                        evidence=["cli-table"])  # fmt: skip
    context = make_context()
    assert check_edit(revision, context, guard_for(context, frozenset()))[0] == "lessons"


def test_an_insight_is_kept_on_one_line_with_its_evidence_once_and_passes_the_guard() -> None:
    context = make_context()
    guard = guard_for(context, frozenset())
    reply = InsightReply(text="Tables  need\nwidth checks.", evidence=["cli-table", "cli-table"])
    kept = check_insight(reply, context, guard)
    assert (kept.text, kept.evidence) == ("Tables need width checks.", ("cli-table",))
    with pytest.raises(HostCheckFailed) as named:
        check_insight(InsightReply(text="cli-table fails.", evidence=[]), context, guard)
    assert named.value.reason == "task_identifier"
    with pytest.raises(HostCheckFailed) as outside:
        check_insight(InsightReply(text="x", evidence=["dev-task", "a-task"]), context, guard)
    assert outside.value.message == "evidence ['a-task', 'dev-task'] is not in this minibatch"


def test_an_edit_that_does_not_parse_is_refused_with_the_parsers_reason() -> None:
    """Only a named field with a second one beside it is `second_field`; otherwise the
    session reads what the parser said."""
    context = make_context()
    guard = guard_for(context, frozenset())
    for edit, message in (
        ({"op": "set_scalar", "agentSteps": 14}, "set_scalar.field: Field required"),
        ({"op": "set_scalar", "field": "contextTokens"}, "set_scalar.value: Field required"),
    ):
        with pytest.raises(HostCheckFailed) as refused:
            check_edit(Revision(edit=edit, rationale="r"), context, guard)
        assert (refused.value.reason, refused.value.message) == (
            "malformed_edit",
            f"invalid edit (malformed_edit): {message}",
        )
    unparsed = Revision(edit={"op": "set_scalar", "field": "contextTokens"}, rationale="r")
    with pytest.raises(HostCheckFailed) as revised:
        check_revision(unparsed, "contextTokens", context, guard)
    assert str(revised.value) == (
        "malformed_edit: invalid edit (malformed_edit): set_scalar.value: Field required"
    )


def test_a_revision_that_sets_a_second_field_is_refused_before_it_is_parsed() -> None:
    context = make_context()
    revision = Revision(edit={**SCALAR, "agentSteps": 14}, rationale="r")
    with pytest.raises(HostCheckFailed) as refused:
        check_revision(revision, "contextTokens", context, guard_for(context, frozenset()))
    assert str(refused.value) == "second_field: the edit of contextTokens also sets ['agentSteps']"


def test_a_revision_is_checked_against_this_searchs_space() -> None:
    context = make_context(space=SearchSpace(ranges={"contextTokens": (16000, 24000)}))
    revision = Revision(edit={**SCALAR, "value": 32000}, rationale="r")  # on the paper's grid
    with pytest.raises(HostCheckFailed) as refused:
        check_revision(revision, "contextTokens", context, guard_for(context, frozenset()))
    assert refused.value.reason == "off_grid"


def test_prose_sharing_fewer_than_the_copy_length_with_a_requirement_passes() -> None:
    context = make_context()
    # The requirement's last 11 words, after a word of its own: not a copy.
    text = "Check the inventory table with aligned columns and a dashed header separator."
    revision = Revision(edit={"op": "set_guidance", "text": text}, rationale="r")
    assert check_edit(revision, context, guard_for(context, frozenset()))[0] == "guidance"


def test_a_refused_insight_names_what_the_guard_found() -> None:
    context = make_context()
    guard = guard_for(context, frozenset())
    with pytest.raises(HostCheckFailed) as named:
        check_insight(InsightReply(text="cli-table fails.", evidence=[]), context, guard)
    assert named.value.message == (
        "invalid edit (task_identifier): insight names the task identifier 'cli-table'"
    )
