"""Feedback rounds and differential challenges on agent pairs (issue 31; agent/rounds.py),
through the real client path against the local server and the scripted tool-using model:
- corrective feedback continues a criticised pair's own session, and the revision is
  reviewed afresh; with maxRounds = 1 there is no feedback;
- an approved suite whose revision does not requalify is kept;
- a challenge's new tests are kept only when they separate the two repairs;
- maxCandidates starts new agent pairs in round 2 when round 1 leaves fewer than two.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluators.runners.base import RunnerResult
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import TaskSet
from search_space import Strategy
from tests.support.agent_model import (
    FEEDBACK,
    REVISED,
    SLUGIFY,
    SUITE_ENTRY,
    AgentModel,
    Plan,
    challenge_plan,
    digitless_repair,
    review_plan,
    revise_plan,
    slugify_plan,
    tool_results,
    with_case,
)
from tests.support.agent_runs import BLOCKING, phases, run_slugify
from tests.support.llm_server import LocalLlmServer

TWO = Strategy(initialCandidates=2, maxCandidates=2, repairSteps=2)


@pytest.fixture(scope="module")
def polyglot() -> TaskSet:
    return TaskSet.load(SLUGIFY.parent)


def _run(
    sandbox: LocalSandbox,
    tasks: TaskSet,
    tmp_path: Path,
    model: AgentModel,
    strategy: Strategy,
    configuration: str = "peer-cross-validation",
) -> tuple[RunnerResult, LocalLlmServer]:
    return run_slugify(sandbox, tasks, tmp_path, model, strategy, configuration)


def test_feedback_continues_the_pairs_session_and_the_revision_is_reviewed_afresh(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    model = AgentModel(
        slugify_plan(),
        review_plan(BLOCKING),
        feedback=revise_plan(),
        review_revised=review_plan(),
    )
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, model, TWO)
    reviews = phases(result, "agent-review")
    assert [(r["pair"], r["version"], r["approved"]) for r in reviews] == [
        (0, 1, False), (1, 1, False), (0, 2, True), (1, 2, True),
    ]  # fmt: skip
    feedback = phases(result, "agent-feedback")
    assert [(f["pair"], f["round"], f["findings"], f["revised"]) for f in feedback] == [
        (0, 2, 1, True), (1, 2, 1, True),
    ]  # fmt: skip
    assert [c["tool"] for c in feedback[0]["tool_calls"]] == ["write_file", "run", "submit"]
    # The pair's own session continued: its first feedback turn holds all 11 earlier steps.
    first = next(b for b in server.requests if FEEDBACK in json.dumps(b))
    assert tool_results(first) == 11 and "Blocking finding on cases.sh" in json.dumps(first)
    # Both revised suites are approved and share a witness: they are merged, each behind
    # its own entry script, and the merge is validated afresh before it is submitted.
    assert result.submission is not None
    for part in ("p0", "p1"):
        assert (result.submission / part / "run.sh").read_text() == SUITE_ENTRY + REVISED + "\n"
    merges = phases(result, "merge")
    assert merges and all(m["pairs"] == [0, 1] and m["valid"] for m in merges)
    assert phases(result, "selection")[0]["selected"] == "merged:0+1"
    # maxRounds = 1: no feedback, so the criticised suites leave nothing to submit.
    once, _ = _run(
        bwrap_sandbox, polyglot, tmp_path / "once", model, TWO.model_copy(update={"max_rounds": 1})
    )
    assert phases(once, "agent-feedback") == [] and once.submission is None


def test_an_approved_suite_is_kept_when_its_revision_does_not_requalify(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    # Pair 0 tests digits and rejects pair 1's digitless repair, which pair 1's approved
    # suite accepts: a counterexample. Its revision passes on the initial program, so it
    # never requalifies, and its approved suite stays.
    model = AgentModel(
        slugify_plan(),
        plans={
            0: slugify_plan(cases=with_case("Route 66", "route-66")),
            1: slugify_plan(repair=digitless_repair()),
        },
        feedback=[
            ("write_file", {"path": "tests/run.sh", "content": "exit 0\n"}),
            ("submit", {}),
            ("submit", {}),
            ("submit", {}),
        ],
    )
    result, _ = _run(bwrap_sandbox, polyglot, tmp_path, model, TWO)
    (feedback,) = phases(result, "agent-feedback")
    assert feedback["pair"] == 0 and feedback["counterexamples"] == [1]
    assert feedback["revised"] is False and feedback["kept_approved"] is True
    assert feedback["stop"] == "repairSteps (2) spent after a failed submit"
    selection = phases(result, "selection")[0]
    assert selection["consistent"] == [0, 1] and selection["approved"] == [0, 1]
    assert result.trace.phases[-1]["reason"] == "converged in round 1"


@pytest.mark.parametrize("separating", [True, False])
def test_a_challenge_keeps_new_tests_only_if_they_separate_the_two_repairs(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path, separating: bool
) -> None:
    case = ("Route 66", "route-66") if separating else ("Foo Bar", "foo-bar")
    model = AgentModel(
        slugify_plan(),
        plans={1: slugify_plan(repair=digitless_repair())},
        challenge=challenge_plan(with_case(*case)),
    )
    # The challenger's allowance is a revision's, `repairSteps` tool calls: its 6.
    six = TWO.model_copy(update={"repair_steps": 6})
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, model, six)
    (challenge,) = phases(result, "agent-challenge")
    assert challenge["repairs"] == [0, 1] and challenge["into"] == 0
    assert challenge["stop"] == "submitted" and challenge["changed"] is True
    assert challenge["kept"] is separating
    calls = challenge["tool_calls"]
    assert [c["tool"] for c in calls] == [name for name, _ in challenge_plan("")]
    runs = [json.loads(c["arguments"])["target"] for c in calls if c["tool"] == "run"]
    assert runs == ["a", "b"]
    # The challenger read repair b and ran both repairs (b fails only on the digit case).
    last = next(b for b in reversed(server.requests) if "Differential challenge" in str(b))
    shown = [m["content"] for m in last["messages"] if m.get("role") == "tool"]
    assert "tr -cs 'a-z' '-'" in shown[1]
    assert shown[3].startswith("outcome: pass")
    assert shown[4].startswith("outcome: fail" if separating else "outcome: pass")
    matrices = [p["matrix"] for p in phases(result, "cross-execution")]
    if separating:  # round 2 runs the extended suite, which now rejects repair 1
        assert [m["0->1"] for m in matrices] == [True, False]
        reviews = [(r["pair"], r["version"]) for r in phases(result, "agent-review")]
        assert reviews == [(0, 1), (1, 1), (0, 2)]
    else:  # dropped: nothing changed, the rounds converged
        assert [m["0->1"] for m in matrices] == [True]
        assert result.trace.phases[-1]["reason"] == "converged in round 1"


def test_max_candidates_starts_agent_pairs_in_round_2_while_fewer_than_two_are_consistent(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    never: Plan = [
        ("write_file", {"path": "tests/run.sh", "content": "exit 0\n"}),
        ("submit", {}),
        ("submit", {}),
        ("submit", {}),
    ]  # a suite that passes everywhere is never consistent
    model = AgentModel(slugify_plan(), plans={0: never})
    one = Strategy(initialCandidates=1, maxCandidates=3, repairSteps=2)
    result, _ = _run(bwrap_sandbox, polyglot, tmp_path, model, one, "random-submission")
    pairs = [(p["pair"], p.get("round", 1), p["submitted"]) for p in phases(result, "agent-pair")]
    assert pairs == [(0, 1, False), (1, 2, True), (2, 2, True)]
    assert result.submission is not None
    # maxCandidates = 1 leaves no room: the one failed pair is all there is.
    alone, _ = _run(
        bwrap_sandbox, polyglot, tmp_path / "alone", model,
        one.model_copy(update={"max_candidates": 1}), "random-submission",
    )  # fmt: skip
    assert len(phases(alone, "agent-pair")) == 1 and alone.submission is None
