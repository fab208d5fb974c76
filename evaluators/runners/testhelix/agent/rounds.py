"""Peer cross-validation rounds for agent pairs (configuration C with `pairs = "agent"`).

The structured pairs' protocol (`cross_validation.py`), through tool sessions:
- each round runs every consistent suite on every peer repair (`cross_execute`) and
  reviews each suite version not reviewed yet (an agent in a fresh copy, `review.py`);
- between rounds, corrective feedback continues a criticised pair's own session (its
  workspace, its whole conversation) with its verified blocking findings and its
  counterexamples (peer repairs every other approved suite accepts); `agentSteps` bounds
  its steps in that round and `repairSteps` its steps after a failed submit. A revision
  replaces the pair's suite only once its submit is accepted (the suite fails on the
  initial program and passes on the repair), so an approved suite is never lost to a
  revision that does not requalify; repair lessons are retrieved afresh for feedback;
- one differential challenge step per task (paper C.3.4): the first time two distinct
  repairs pass every approved suite and both their pairs' suites passed review
  (`cross_validation.undistinguished`), a challenger agent, bounded by `repairSteps` tool
  calls and the task's shared meter, works in a fresh workspace holding the best
  approved suite (the most witness support, `cross_validation.best_approved`), that
  pair's repair in `app/`, and the two repairs (readable under `repairs/a|b/`, runnable as
  targets `a` and `b`). Its suite replaces the approved one only when the host finds it
  consistent and separating: it passes exactly one of the two repairs;
- rounds stop at `maxRounds`, or when a round changes nothing ("converged").
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evaluators.llm import ToolChat
from evaluators.runners.testhelix.agent.loop import TOOLS, AgentRun, PairAgent
from evaluators.runners.testhelix.agent.pairs import (
    Seat,
    adopt,
    pair_agent,
    repair_text,
    run_agent,
    timings,
)
from evaluators.runners.testhelix.agent.review import review_agent_pair
from evaluators.runners.testhelix.agent.workspace import AgentWorkspace
from evaluators.runners.testhelix.context import strategy_text
from evaluators.runners.testhelix.cross_validation import (
    Matrix,
    best_approved,
    cross_execute,
    feedback_for,
    separates,
    undistinguished,
)
from evaluators.runners.testhelix.execution import files_digest
from evaluators.runners.testhelix.model import HarnessStopped
from evaluators.runners.testhelix.prompts import agent_prompt
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.synthesis import check_consistency, checkpoint
from search_space import Component


@dataclass(frozen=True)
class AgentKit:
    """What every agent session of a task shares: the chat, the pairs' seats, where
    workspaces go, the harness deadline and the suite timeout."""

    chat: ToolChat
    seats: dict[int, Seat]
    workdir: Path
    deadline: float
    test_timeout: float


def challenge_tools() -> tuple[dict[str, Any], ...]:
    """The pair's tools, with `run` also reaching the two repairs (targets a and b)."""
    tools = copy.deepcopy(TOOLS)
    for tool in tools:
        if tool["function"]["name"] == "run":
            target = tool["function"]["parameters"]["properties"]["target"]
            target["enum"] = ["repair", "initial", "a", "b"]
    return tools


def agent_cross_validate(session: Session, kit: AgentKit) -> Matrix:
    """Rounds of execution, review, feedback and challenges up to `maxRounds`."""
    matrix: Matrix = {}
    rounds = session.strategy.max_rounds
    for round_number in range(1, rounds + 1):
        matrix = cross_execute(session, round_number)
        for pair in session.consistent_pairs():
            if pair.reviewed_version != pair.version:
                phase = review_agent_pair(
                    session, pair, kit.chat, matrix, workdir=kit.workdir,
                    deadline=kit.deadline, test_timeout=kit.test_timeout,
                )  # fmt: skip
                session.phases.append({**phase, "round": round_number})
        if round_number == rounds:
            break
        changed = False
        for pair in session.consistent_pairs():
            changed |= agent_feedback(session, pair, matrix, round_number + 1, kit)
        changed |= agent_challenge(session, matrix, round_number + 1, kit)
        if not changed:
            session.stop_reason = session.stop_reason or f"converged in round {round_number}"
            break
    return matrix


def agent_feedback(
    session: Session, pair: Pair, matrix: Matrix, round_number: int, kit: AgentKit
) -> bool:
    """Continue a criticised pair's session with its feedback; True if it was revised."""
    owed = feedback_for(session, pair, matrix)
    if not owed.lines:
        return False
    seat = kit.seats[pair.index]
    findings = "\n".join(owed.lines)
    text = agent_prompt("agent_feedback").format(findings=findings)
    # Feedback opens a repair phase: repair lessons are retrieved afresh for it, with the
    # findings and the pair's last checks as the execution checkpoint.
    lessons, lesson_ids = repair_text(session)(f"{findings}\n{checkpoint(pair)}")
    seat.messages.append({"role": "user", "content": text})
    if lesson_ids:
        seat.messages.append({"role": "user", "content": lessons})
    agent = pair_agent(session, kit.chat, seat.workspace, kit.deadline)
    run, cap = run_agent(agent, seat.messages)
    pair.steps_used += run.steps
    if run.submitted:
        adopt(pair, seat.workspace, run)
    session.phases.append(
        {
            "phase": "agent-feedback",
            "pair": pair.index,
            "round": round_number,
            "findings": owed.findings,
            "counterexamples": list(owed.counterexamples),
            "lessons": list(lesson_ids),
            **_outcome(run),
            "revised": run.submitted,
            **({"kept_approved": True} if pair.approved and not run.submitted else {}),
            "tool_calls": run.calls,
        }
    )
    session.timings.extend({**t, "round": round_number} for t in timings(pair.index, run))
    if cap:
        raise HarnessStopped(cap)
    return run.submitted


def agent_challenge(session: Session, matrix: Matrix, round_number: int, kit: AgentKit) -> bool:
    """A challenger agent extends the best approved suite (most witness support) to
    separate two repairs that pass every approved suite; kept only if the host finds it
    consistent and separating."""
    found = undistinguished(session, matrix)
    if found is None:
        return False
    session.challenged = True
    a, b = found
    target = best_approved(session, matrix)
    workspace = _challenge_workspace(session, kit, round_number, target, a, b)
    shown = strategy_text(session.strategy, session.task, Component.GENERATION)
    system = agent_prompt("agent_challenge").format(requirement=session.task.instruction)
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system},
        *([{"role": "user", "content": shown.text}] if shown.text else []),
        {"role": "user", "content": "Start: look at the workspace."},
    ]
    # The one challenge step extends an approved suite, as a revision does: it gets a
    # revision's allowance (`repairSteps` tool calls), not a pair's `agentSteps`.
    bounds = session.strategy.model_copy(update={"agent_steps": session.strategy.repair_steps})
    agent = PairAgent(
        kit.chat, workspace, bounds, deadline=kit.deadline,
        repeats=session.bench.repeats, tools=challenge_tools(),
    )  # fmt: skip
    run, cap = run_agent(agent, messages)
    suite = workspace.suite()
    changed = run.submitted and files_digest(suite) != files_digest(target.tests)
    kept = changed and _extend(session, target, suite, a, b)
    if kept:  # the pair's own session continues from the extended suite
        _replace_suite(kit.seats[target.index].workspace, target)
    session.phases.append(
        {
            "phase": "agent-challenge",
            "round": round_number,
            "repairs": [a.index, b.index],
            "into": target.index,
            **_outcome(run),
            "changed": changed,
            "kept": kept,
            "tool_calls": run.calls,
        }
    )
    session.timings.extend({**t, "challenge": True} for t in timings(target.index, run))
    if cap:
        raise HarnessStopped(cap)
    return kept


def _challenge_workspace(
    session: Session, kit: AgentKit, round_number: int, target: Pair, a: Pair, b: Pair
) -> AgentWorkspace:
    workspace = AgentWorkspace(
        kit.workdir / "agents" / f"challenge{round_number}",
        session.task,
        session.bench.sandbox,
        output_chars=session.strategy.tool_output_chars,
        test_timeout_s=kit.test_timeout,
        deadline=kit.deadline,
    )
    for file in target.tests:
        workspace.write_file(f"tests/{file.path}", file.content)
    for file in target.repair:
        workspace.write_file(f"app/{file.path}", file.content)
    workspace.add_program("a", a.repair)
    workspace.add_program("b", b.repair)
    return workspace


def _extend(session: Session, target: Pair, suite: list[Any], a: Pair, b: Pair) -> bool:
    """Install `suite` as the target's tests if it stays consistent and separates A and B;
    otherwise restore the approved version."""
    assert target.draft is not None
    saved = (target.draft, target.initial, target.own, target.version)
    target.draft = target.draft.model_copy(update={"tests": suite})
    target.version += 1
    check_consistency(session, target)
    kept = target.consistent and separates(session, target, a, b)
    if not kept:
        target.draft, target.initial, target.own, target.version = saved
    return kept


def _replace_suite(workspace: AgentWorkspace, pair: Pair) -> None:
    for file in workspace.suite():
        (workspace.root / "tests" / file.path).unlink()
    for file in pair.tests:
        workspace.write_file(f"tests/{file.path}", file.content)


def _outcome(run: AgentRun) -> dict[str, Any]:
    return {
        "steps": run.steps,
        "stop": run.stop,
        "calls": run.spending(),
        "checks": run.checks,
        "failures": run.failures,
        "transcript": run.transcript,  # the trajectory's, never journaled
    }
