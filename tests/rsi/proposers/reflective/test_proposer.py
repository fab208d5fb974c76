"""The reflective proposer on dspy's DummyLM (no HTTP): typed sessions, host checks, history.

Each bad reply is refused with its own reason before a Proposal exists, and a later context
whose history holds those refusals shows every one of them to the next sessions.
The helpers here are shared with test_reflective_http.py.
"""

from __future__ import annotations

import json
import re
from typing import Any

import dspy
import pytest
from dspy.clients.engines.dummy_engine import DummyEngine
from dspy.utils import DummyLM

from evaluators.llm import LlmSettings, UsageCaps, UsageMeter
from rsi.proposers import (
    NoProposal,
    PastAttempt,
    Proposal,
    ProposalContext,
    ProposalRefused,
    ReflectiveProposer,
    ReflectiveStack,
    ScreenFeedback,
    TaskFeedback,
)
from rsi.proposers.optuna_proposer import OptunaProposer
from rsi.proposers.reflective import COPY_WORDS, namespace, prompt_versions
from search_space import SearchSpace, Strategy
from tests.support.reflective_context import (
    GOOD_LESSON,
    PARENT,
    TOOL_OUTPUT,
    make_context,
    revision,
    selection,
    trace_for,
)

SETTINGS = LlmSettings(model="openai/dummy", api_base="http://127.0.0.1:1/v1")


SCALAR_EDIT = {"op": "set_scalar", "field": "contextTokens", "value": 24000}


def as_answers(*replies: tuple[str, dict[str, Any] | str]) -> list[dict[str, str]]:
    """DummyLM answers: (output field, value) pairs; dict values become JSON."""
    return [{name: v if isinstance(v, str) else json.dumps(v)} for name, v in replies]


class RecordingEngine(DummyEngine):
    """DummyLM's engine, keeping every prompt it was sent."""

    def __init__(self, owner: DummyLM, prompts: list[list[dict[str, str]]]) -> None:
        super().__init__(owner)
        self.prompts = prompts

    def _complete_messages(self, messages: list[dict[str, str]]) -> Any:
        self.prompts.append([dict(m) for m in messages])
        return super()._complete_messages(messages)


class Scripted:
    """A proposer on a DummyLM that answers `answers` in order and records each prompt."""

    def __init__(self, answers: list[dict[str, str]], caps: UsageCaps | None = None) -> None:
        self.prompts: list[list[dict[str, str]]] = []
        lm = DummyLM(answers)
        lm._engine_spec = RecordingEngine(lm, self.prompts)
        self.meter = UsageMeter(caps or UsageCaps(calls=100, wall_s=3600), "optimizer")

        def factory(settings: LlmSettings, api_key: str, timeout_s: float) -> dspy.BaseLM:
            return lm

        self.proposer = ReflectiveProposer(SETTINGS, self.meter, None, lm_factory=factory)

    def user_text(self, index: int) -> str:
        return self.prompts[index][-1]["content"]


def section(text: str, name: str) -> str:
    """One `[[ ## name ## ]]` input section of a rendered prompt."""
    match = re.search(rf"\[\[ ## {name} ## \]\]\n(.*?)(?=\n\[\[ ## |\Z)", text, re.S)
    assert match, f"no section {name}"
    return match.group(1)


def refusal(answers: list[dict[str, str]], context: ProposalContext) -> ProposalRefused:
    with pytest.raises(ProposalRefused) as caught:
        Scripted(answers).proposer.propose(context)
    return caught.value


# -- a valid edit ---------------------------------------------------------------------------
def test_a_valid_edit_becomes_a_proposal_with_its_session_cost_and_prompt_versions() -> None:
    run = Scripted(as_answers(("selection", selection()), ("revision", revision(SCALAR_EDIT))))
    proposal = run.proposer.propose(make_context())
    assert isinstance(proposal, Proposal)
    assert (proposal.edit, proposal.field, proposal.proposer) == (
        SCALAR_EDIT,
        "contextTokens",
        "reflective",
    )
    assert proposal.session == "diagnosis"
    assert proposal.evidence == ("cli-table", "algo-merge")
    versions = prompt_versions()
    assert f"selection v{versions['selection']}" in proposal.rationale
    assert f"diagnosis v{versions['diagnosis']}" in proposal.rationale
    assert "the planner ran out of context" in proposal.rationale
    # Two sessions, both metered on the optimizer meter the proposer was given.
    assert proposal.cost.calls == 2 == run.meter.snapshot().calls == run.proposer.usage().calls
    assert proposal.cost.output_tokens == run.meter.snapshot().output_tokens > 0
    assert len(run.prompts) == 2


def test_a_valid_lesson_edit_with_literal_triggers_and_minibatch_evidence_passes() -> None:
    answers = as_answers(
        ("selection", selection("lessons", "add")),
        ("revision", revision(GOOD_LESSON, ["cli-table"])),
    )
    proposal = Scripted(answers).proposer.propose(make_context())
    assert proposal.edit == GOOD_LESSON and proposal.evidence == ("cli-table",)


# -- each bad reply has its own reason -------------------------------------------------------
COPIED = " ".join(TOOL_OUTPUT.split()[:COPY_WORDS])
REJECTIONS: dict[str, tuple[dict[str, Any], dict[str, Any] | None]] = {
    "out_of_range": (
        selection(),
        revision({"op": "set_scalar", "field": "contextTokens", "value": 99999}),
    ),
    "off_grid": (
        selection(),
        revision({"op": "set_scalar", "field": "contextTokens", "value": 20000}),
    ),
    "second_field": (selection(), revision({**SCALAR_EDIT, "agentSteps": 14})),
    "frozen_field": (selection("maxCandidates"), None),
    "unknown_field": (selection("temperature"), None),
    "evidence_outside_minibatch": (
        selection("lessons", "add"),
        revision(GOOD_LESSON, ["cli-table", "release-task-7"]),
    ),
    "missing_evidence": (selection("lessons", "add"), revision(GOOD_LESSON, [])),
    "trigger_not_literal": (
        selection("lessons", "add"),
        revision(
            {"op": "add_lesson", "lesson": {**GOOD_LESSON["lesson"], "triggers": ["quantum"]}},
            ["cli-table"],
        ),
    ),
    "code_fence": (
        selection("guidance", "rewrite"),
        revision({"op": "set_guidance", "text": "Write tests like\n```python\nassert f()\n```"}),
    ),
    "task_identifier": (
        selection("guidance", "rewrite"),
        revision({"op": "set_guidance", "text": "Handle cli-table style tasks with care."}),
    ),
    "copied_from_trace": (
        selection("guidance", "rewrite"),
        revision({"op": "set_guidance", "text": f"Remember: {COPIED}."}),
    ),
    "unknown_skill": (
        selection("skillRoutes", "add"),
        revision({"op": "set_route", "context": "cli", "skill": "mind-reading"}),
    ),
}


def answers_for(case: str) -> list[dict[str, str]]:
    chosen, revised = REJECTIONS[case]
    replies: list[tuple[str, dict[str, Any] | str]] = [("selection", chosen)]
    if revised is not None:
        replies.append(("revision", revised))
    return as_answers(*replies)


@pytest.mark.parametrize("case", sorted(REJECTIONS))
def test_each_bad_reply_is_refused_with_its_own_reason(case: str) -> None:
    refused = refusal(answers_for(case), make_context())
    assert refused.reason == case, refused
    assert isinstance(refused, NoProposal)  # today's engine journals it as a rejection
    assert refused.proposer == "reflective" and refused.cost.calls >= 1
    chosen, revised = REJECTIONS[case]
    assert refused.session == ("diagnosis" if revised is not None else "selection")
    assert refused.field == chosen["field"]
    assert refused.edit == (revised["edit"] if revised is not None else None)


@pytest.mark.parametrize(
    ("edited", "reason"),
    [("agentSteps", "second_field"), ("maxCandidates", "frozen_field")],
)
def test_an_edit_of_another_field_than_the_selected_one_is_refused(
    edited: str, reason: str
) -> None:
    # No second field name among the edit's keys: only the edit's target betrays it.
    other = {"op": "set_scalar", "field": edited, "value": 4}
    refused = refusal(
        as_answers(("selection", selection()), ("revision", revision(other))), make_context()
    )
    assert (refused.reason, refused.field, refused.edit) == (reason, "contextTokens", other)
    assert f"contextTokens was selected but the edit changes {edited}" in str(refused)


def test_a_reply_that_never_parses_is_a_malformed_reply() -> None:
    answers = as_answers(("verdict", "no idea"), ("selection", "not json at all"))
    refused = refusal(answers, make_context())
    assert (refused.reason, refused.session, refused.cost.calls) == (
        "malformed_reply",
        "selection",
        2,
    )


def test_a_malformed_revision_counts_the_selection_in_its_cost() -> None:
    answers = as_answers(("selection", selection()), ("nothing", "x"), ("nothing", "y"))
    refused = refusal(answers, make_context())
    assert (refused.reason, refused.session, refused.cost.calls) == (
        "malformed_reply",
        "diagnosis",
        3,
    )


def test_the_next_sessions_see_every_earlier_rejection_with_its_reason() -> None:
    history: list[PastAttempt] = []
    for attempt, case in enumerate(sorted(REJECTIONS), start=1):
        refused = refusal(answers_for(case), make_context(attempt=attempt))
        history.append(
            PastAttempt(
                2,
                refused.field,
                refused.edit,
                refused.proposer,
                "rejected",
                f"{refused.reason}: {refused.message}",
            )
        )
    history.append(PastAttempt(1, "repairSteps", None, "heuristic", "screen-failed", "no gain"))
    later = make_context(attempt=len(history) + 1, history=tuple(history))
    run = Scripted(as_answers(("selection", selection()), ("revision", revision(SCALAR_EDIT))))
    run.proposer.propose(later)
    for index in (0, 1):  # selection, then diagnosis
        shown = section(run.user_text(index), "history")
        lines = shown.splitlines()
        assert f"{len(history)} earlier attempts ({len(REJECTIONS)} rejected" in lines[0]
        for case in REJECTIONS:
            assert any(f"REJECTED: {case}:" in line for line in lines), (case, shown)
        assert "contextTokens = 99999" in shown and "SCREEN-FAILED (gain +0" in shown


def test_a_frozen_field_is_never_offered() -> None:
    space = SearchSpace(frozen=("initialCandidates", "maxCandidates", "guidance"))
    run = Scripted(as_answers(("selection", selection("guidance", "rewrite"))))
    with pytest.raises(ProposalRefused) as caught:
        run.proposer.propose(make_context(space=space))
    assert caught.value.reason == "frozen_field" and len(run.prompts) == 1
    user = run.user_text(0)
    offered = section(user, "choices")
    assert "contextTokens" in offered
    for frozen in space.frozen:
        assert frozen not in offered and frozen not in section(user, "strategy")


def test_the_batch_is_cut_to_its_budget() -> None:
    huge = [
        TaskFeedback(
            f"task-{i}", "cli", "Parse the flags. " * 400, False, "pass", "pass", None,
            {**trace_for(f"task-{i}", False), "tool_output": "x" * 200_000},
        )
        for i in range(5)
    ]  # fmt: skip
    run = Scripted(as_answers(("selection", selection("temperature"))))
    with pytest.raises(ProposalRefused):
        run.proposer.propose(make_context(tasks=tuple(huge)))
    batch = section(run.user_text(0), "batch")
    assert len(batch) <= 12_000 and all(f"task task-{i} " in batch for i in range(5))


# -- reflection ------------------------------------------------------------------------------
VERDICT = ScreenFeedback(
    passed=True, gain=1, regressions=0, reason="gained 1", gained=("cli-table",)
)
PROPOSAL = Proposal(SCALAR_EDIT, "contextTokens", "reflective", "clauses unread", "diagnosis")


def test_reflection_keeps_insights_that_cite_the_minibatch_and_drops_the_rest() -> None:
    notebook = {
        "insights": [
            {"text": "More context helps tasks with long tables.", "evidence": ["cli-table"]},
            {"text": "Context never matters.", "evidence": ["some-dev-task"]},
            {"text": "The gen-greet task is easy.", "evidence": ["gen-greet"]},
        ]
    }
    run = Scripted(as_answers(("notebook", notebook)))
    result = run.proposer.reflect(make_context(), PROPOSAL, VERDICT)
    assert [i.text for i in result.insights] == ["More context helps tasks with long tables."]
    assert result.insights[0].evidence == ("cli-table",)
    assert [d.split(":")[0] for d in result.dropped] == [
        "evidence_outside_minibatch",
        "task_identifier",
    ]
    assert result.failure is None and result.cost.calls == 1
    verdict = section(run.user_text(0), "verdict")
    assert "KEPT: gain +1, regressions 0" in verdict and "cli-table" in verdict
    assert "contextTokens = 24000" in section(run.user_text(0), "proposal")


def test_a_failed_reflection_is_a_result_with_a_reason_not_an_exception() -> None:
    run = Scripted(as_answers(("nothing", "x"), ("nothing", "y")))
    result = run.proposer.reflect(make_context(), PROPOSAL, VERDICT)
    assert (result.insights, result.failure) == ((), "malformed_reply")


def test_insights_are_shown_to_the_next_selection() -> None:
    run = Scripted(as_answers(("selection", selection("temperature"))))
    with pytest.raises(ProposalRefused):
        run.proposer.propose(make_context(insights=("Raising context helped tables.",)))
    assert "Raising context helped tables." in section(run.user_text(0), "insights")
    assert "parent00000a (the parent): 0.500" in section(run.user_text(0), "ranking")


# -- stacks and determinism ------------------------------------------------------------------
def stack_of(run: Scripted) -> ReflectiveStack:
    return ReflectiveStack(run.proposer, OptunaProposer())


def test_the_stack_lets_optuna_pick_a_scalar_value_in_the_selected_direction() -> None:
    run = Scripted(as_answers(("selection", selection("contextTokens", "raise"))))
    proposal = stack_of(run).propose(make_context())
    assert proposal.proposer == "reflective+optuna" and proposal.session == "selection"
    assert proposal.edit["value"] in (24000, 32000) and len(run.prompts) == 1


def test_the_stack_sends_prose_fields_to_the_diagnosis_session() -> None:
    answers = as_answers(
        ("selection", selection("lessons", "add")),
        ("revision", revision(GOOD_LESSON, ["cli-table"])),
    )
    run = Scripted(answers)
    proposal = stack_of(run).propose(make_context())
    assert proposal.proposer == "reflective" and proposal.edit == GOOD_LESSON


def test_the_stack_refuses_a_direction_with_no_value_left() -> None:
    run = Scripted(as_answers(("selection", selection("contextTokens", "lower"))))
    low = PARENT.model_copy(update={"context_tokens": 16000})
    context = make_context()
    context = ProposalContext(**{**context.__dict__, "parent": low})
    with pytest.raises(ProposalRefused) as caught:
        stack_of(run).propose(context)
    assert caught.value.reason == "no_value_left"


def test_the_namespace_is_a_function_of_the_context_and_session() -> None:
    first, again = make_context(), make_context()
    assert namespace(first, "selection") == namespace(again, "selection")
    assert namespace(first, "selection") != namespace(first, "diagnosis")
    assert namespace(first, "selection") != namespace(make_context(attempt=2), "selection")


def test_the_optimizer_sees_and_may_set_a_routes_review_skill() -> None:
    """A route's review skill is part of the strategy the optimizer reads, and the edit
    format offers `reviewSkill`: an edit the schema accepts is never hidden from it."""
    from rsi.proposers.reflective import _render as render
    from search_space.skills import generation_skills, review_skills

    skill, review = generation_skills()[0].name, review_skills()[0].name
    parent = Strategy.model_validate(
        {"skillRoutes": [{"context": "cli", "skill": skill, "reviewSkill": review}]}
    )
    shown = render.render_strategy(parent, ("skillRoutes",))
    assert shown == f"skillRoutes: cli -> {skill} (review: {review})"
    offered = render.edit_format("skillRoutes", make_context())
    assert '"reviewSkill": "<a review skill>"' in offered and review in offered
