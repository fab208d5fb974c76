"""Proposers on synthetic evidence: what they read, what they propose, what they learn."""

from __future__ import annotations

from typing import Any

from rsi.proposers import PastAttempt, PolicyProposer, ProposalContext, TaskFeedback
from rsi.proposers.heuristic import diagnose
from rsi.proposers.optuna_proposer import OptunaProposer
from rsi.proposers.random_proposer import RandomProposer
from rsi.proposers.triggers import trigger_words
from search_space import SearchSpace, Strategy, apply, diff, parse_edit

PARENT = Strategy(initial_candidates=3, max_candidates=3)


def _trace(*, read: int, total: int, caught: list[int], techniques: list[str]) -> dict[str, Any]:
    return {
        "phases": [
            {
                "phase": "planning",
                "clauses_read": read,
                "clauses_total": total,
                "techniques": techniques,
            },
            {"phase": "generation", "round": 1, "skipped_for_budget": 0},
            {"phase": "submit", "clauses_caught": caught},
        ],
        "checks": [],
    }


def _feedback(
    task_id: str, context: str, trace: dict[str, Any], success: bool = False
) -> TaskFeedback:
    return TaskFeedback(
        task_id=task_id,
        context=context,
        instruction="Render the table with aligned columns and a header separator.",
        success=success,
        initial_outcome="pass",
        reference_outcome="pass",
        runner_error=None,
        trace=trace,
    )


def _context(
    feedback: list[TaskFeedback], history: tuple[PastAttempt, ...] = ()
) -> ProposalContext:
    return ProposalContext(
        round=1,
        attempt=1,
        seed=42,
        parent_id="p",
        parent=PARENT,
        feedback=tuple(feedback),
        history=history,
        insights=(),
        space=SearchSpace(),
    )


UNREAD = _trace(read=3, total=6, caught=[], techniques=["basic"])
STARVED = _trace(read=6, total=6, caught=[], techniques=["basic"])


def test_unread_clauses_raise_context_tokens() -> None:
    (best, *_) = diagnose(_context([_feedback("a", "general", UNREAD)] * 3))
    assert best.edit == {"op": "set_scalar", "field": "contextTokens", "value": 24000}


def test_starved_context_gets_a_route_lesson_or_guidance() -> None:
    suggestions = diagnose(_context([_feedback(f"t{i}", "visual", STARVED) for i in range(3)]))
    ops = [s.edit["op"] for s in suggestions]
    assert ops[0] == "set_route" and suggestions[0].edit["context"] == "visual"
    assert "add_lesson" in ops and "set_guidance" in ops
    lesson = next(s for s in suggestions if s.edit["op"] == "add_lesson").edit["lesson"]
    assert set(lesson["triggers"]) <= {
        "render",
        "table",
        "aligned",
        "columns",
        "header",
        "separator",
    }
    for suggestion in suggestions:  # every suggestion is a valid single edit
        child = apply(PARENT, parse_edit(suggestion.edit))
        assert len({c.field for c in diff(PARENT, child)}) == 1


def test_context_comes_before_a_specialist_while_clauses_go_unread() -> None:
    """A skill's text costs context: with clauses unread, raise the context first."""
    unread_starved = [_feedback(f"t{i}", "visual", UNREAD) for i in range(2)]
    suggestions = diagnose(_context(unread_starved))
    assert suggestions[0].field == "contextTokens"
    route = next(s for s in suggestions if s.field == "skillRoutes")
    assert route.score < suggestions[0].score
    # The same tasks with every clause read: the specialist leads.
    assert (
        diagnose(_context([_feedback(f"t{i}", "visual", STARVED) for i in range(2)]))[0].field
        == "skillRoutes"
    )


def test_passing_tasks_with_unread_clauses_add_context_pressure_only_together() -> None:
    one = [_feedback("a", "cli", UNREAD, success=True)]
    assert diagnose(_context(one)) == []
    many = [_feedback(f"t{i}", "cli", UNREAD, success=True) for i in range(4)]
    assert {s.field for s in diagnose(_context(many))} == {"contextTokens"}


def test_successes_give_no_signal() -> None:
    assert diagnose(_context([_feedback("a", "cli", STARVED, success=True)])) == []


CONTEXT_24K = {"op": "set_scalar", "field": "contextTokens", "value": 24000}


def _tried(verdict: str, *, gain: int = 0, regressions: int = 0) -> PastAttempt:
    return PastAttempt(
        1,
        "contextTokens",
        CONTEXT_24K,
        "heuristic",
        verdict,
        "-",
        gain,
        regressions,  # type: ignore[arg-type]
    )


def test_edits_that_regressed_were_rejected_or_kept_are_never_repeated() -> None:
    evidence = [_feedback("a", "cli", UNREAD)]
    for past in (
        _tried("screen-failed", gain=1, regressions=1),
        _tried("rejected"),
        _tried("kept", gain=1),
    ):
        assert all(s.edit != CONTEXT_24K for s in diagnose(_context(evidence, (past,))))


def test_a_neutral_edit_returns_at_half_score_per_try_when_evidence_calls_for_it() -> None:
    evidence = [_feedback("a", "cli", UNREAD)]
    fresh = next(s for s in diagnose(_context(evidence)) if s.edit == CONTEXT_24K).score
    once = (_tried("screen-failed"),)
    twice = (*once, _tried("screen-failed"))
    for history, factor in ((once, 0.5), (twice, 0.25)):
        again = [s for s in diagnose(_context(evidence, history)) if s.edit == CONTEXT_24K]
        assert [s.score for s in again] == [fresh * factor]


def test_optuna_varies_only_the_chosen_field_and_is_deterministic() -> None:
    context = _context([])
    first = OptunaProposer().propose_field(context, "agentSteps")
    again = OptunaProposer().propose_field(context, "agentSteps")
    assert first == again
    child = apply(PARENT, parse_edit(first.edit))
    assert [c.field for c in diff(PARENT, child)] == ["agentSteps"]
    higher = OptunaProposer().propose_field(context, "contextTokens", allowed=[24000, 32000])
    assert higher.edit["value"] in (24000, 32000)


def _scalar_history(
    outcomes: list[tuple[int, str, int, int]],
) -> tuple[PastAttempt, ...]:
    """Screened agentSteps children: (value, verdict, gain, regressions) per round."""
    scalars = {f: PARENT.field_value(f) for f in SearchSpace().mutable_scalars}
    return tuple(
        PastAttempt(
            r,
            "agentSteps",
            {"op": "set_scalar", "field": "agentSteps", "value": value},
            "optuna",
            verdict,  # type: ignore[arg-type]
            "",
            gain=gain,
            regressions=regressions,
            scalars=scalars | {"agentSteps": value},
        )
        for r, (value, verdict, gain, regressions) in enumerate(outcomes, start=1)
    )


def _optuna_picks(history: tuple[PastAttempt, ...], attempts: int = 12) -> list[int]:
    context = _context([], history)
    return [
        OptunaProposer()
        .propose_field(ProposalContext(**{**context.__dict__, "attempt": a}), "agentSteps")
        .edit["value"]
        for a in range(1, attempts + 1)
    ]


def test_optuna_is_told_screening_outcomes() -> None:
    # Two histories over the same values, differing only in which value gained and which
    # screen-failed with regressions. Only the history can tell the proposer which is which.
    sixteen_gained = _scalar_history(
        [(16, "kept", 2, 0), (10, "screen-failed", 0, 2), (14, "screen-failed", -1, 1)] * 2
    )
    ten_gained = _scalar_history(
        [(10, "kept", 2, 0), (16, "screen-failed", 0, 2), (14, "screen-failed", -1, 1)] * 2
    )
    assert set(_optuna_picks(sixteen_gained)) == {16}
    assert set(_optuna_picks(ten_gained)) == {10}
    # Without history the same seeds spread over the other values.
    assert len(set(_optuna_picks(()))) > 1


def test_random_proposals_are_valid_and_seeded() -> None:
    proposer = RandomProposer()
    feedback = [_feedback("a", "cli", STARVED)]
    for attempt in range(1, 30):
        context = ProposalContext(**{**_context(feedback).__dict__, "attempt": attempt})
        proposal = proposer.propose(context)
        assert proposal == proposer.propose(context)
        child = apply(PARENT, parse_edit(proposal.edit))
        assert len({c.field for c in diff(PARENT, child)}) == 1


def test_policy_learns_from_rejections() -> None:
    policy = PolicyProposer(("heuristic", "optuna"))
    evidence = [_feedback("a", "general", UNREAD)] * 2
    fresh = policy.field_scores(_context(evidence))
    rejected = PastAttempt(1, "contextTokens", None, "heuristic", "rejected", "health_check")
    after = policy.field_scores(_context(evidence, (rejected, rejected)))
    assert after["contextTokens"] == fresh["contextTokens"] * 0.25
    assert policy.propose(_context(evidence)).field == "contextTokens"


def test_lesson_triggers_prefer_names_from_code_spans() -> None:
    """A family's names make a lesson fire on that family, not on every task."""
    texts = [
        "Implement `layers(graph)` and `CycleError` in `layering.py`. Another clause appears.",
        "Implement `order(graph)` raising `CycleError`, because cycles appear in pipelines.",
    ]
    assert trigger_words(texts) == ["cycleerror", "graph", "layering"]
    assert trigger_words(["Render the table with aligned columns."]) == [
        "aligned",
        "columns",
        "render",
    ]


def test_a_ruled_out_value_leaves_the_next_step_up_on_the_table() -> None:
    evidence = [_feedback("a", "cli", UNREAD)]
    history = (_tried("screen-failed", gain=1, regressions=1),)
    best = diagnose(_context(evidence, history))[0]
    assert best.edit == {"op": "set_scalar", "field": "contextTokens", "value": 32000}
