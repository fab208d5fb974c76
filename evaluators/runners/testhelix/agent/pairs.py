"""Develop K pairs as concurrent agent sessions (`[runner.testhelix] pairs = "agent"`).

The first round's directions are planned first (`synthesis.plan_directions`: the planned
direction guides the first solver, peers keep their branch strategies). Pairs run at
once, one thread each; the task's meter admits at most its concurrent calls
(two in the paper), so the pairs share the two shared concurrent calls. Each pair's
workspace is `workdir/agents/pair<i>/`, built from the public task alone. A pair whose
submitted suite is consistent becomes a `Pair` with that suite (entry script `run.sh`,
any language) and its repair; the trace gets one `agent-pair` phase per pair with its
direction, its opening and repair lessons, how its calls were spent and every tool call.
Each pair keeps its `Seat` (workspace and conversation), so a later round's
corrective feedback continues the same session (`rounds.py`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evaluators.llm import ToolChat
from evaluators.runners.testhelix.agent.loop import AgentRun, PairAgent
from evaluators.runners.testhelix.agent.workspace import AgentWorkspace
from evaluators.runners.testhelix.context import StrategyText, lesson_text, strategy_text
from evaluators.runners.testhelix.model import HarnessStopped
from evaluators.runners.testhelix.prompts import agent_prompt, candidate_workflow
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.signatures import PairDraft
from evaluators.runners.testhelix.synthesis import BRANCH_STRATEGIES, plan_directions
from search_space import Component, retrieve_lessons


@dataclass(frozen=True)
class Seat:
    """Where one pair's agent works: its workspace and its whole conversation."""

    workspace: AgentWorkspace
    messages: list[dict[str, Any]]


def harness_wall_s(agent_timeout_s: float, cap_s: float = 900.0) -> float:
    """The paper's harness budget for a task agent limit T: T - min(120, T/4) - 20 s,
    never more than `cap_s` (900 s)."""
    return max(1.0, min(cap_s, agent_timeout_s - min(120.0, agent_timeout_s / 4) - 20.0))


def suite_timeout_s(verifier_timeout_s: float | None, cap_s: float = 180.0) -> float:
    """The smaller of 180 s and the task's own verifier timeout."""
    return min(cap_s, verifier_timeout_s) if verifier_timeout_s else cap_s


def opening(session: Session, direction: str) -> tuple[list[dict[str, Any]], StrategyText]:
    """A pair's first messages: the prompt with its direction, then the strategy text of
    its opening turn (guidance, preparation and generation lessons, the routed skill), and
    its budget (paper C.1: the remaining budget is inserted at runtime)."""
    shown = strategy_text(session.strategy, session.task, Component.GENERATION, opening=True)
    system = agent_prompt().format(
        direction=direction,
        requirement=session.task.instruction,
        candidate_workflow=candidate_workflow(),
    )
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}]
    if shown.text:
        messages.append({"role": "user", "content": shown.text})
    strategy = session.strategy
    budget = (
        f"Your budget: {strategy.agent_steps} tool calls this round; after a failed submit, "
        f"{strategy.repair_steps} more."
    )
    messages.append({"role": "user", "content": f"Start: look at the workspace. {budget}"})
    return messages, shown


def repair_text(session: Session) -> Callable[[str], tuple[str, tuple[str, ...]]]:
    """The repair phase's strategy text for an execution checkpoint (a failed submit's
    output, or corrective feedback): repair lessons, retrieved afresh."""

    def text(checkpoint: str) -> tuple[str, tuple[str, ...]]:
        lessons = retrieve_lessons(
            session.strategy.lessons, session.task.instruction, Component.REPAIR, checkpoint
        )
        shown = "\n\n".join(lesson_text(lesson) for lesson in lessons)
        return f"Repair phase.\n\n{shown}", tuple(lesson.id for lesson in lessons)

    return text


def pair_agent(
    session: Session, chat: ToolChat, workspace: AgentWorkspace, deadline: float
) -> PairAgent:
    """A pair's agent: the strategy's bounds, the task's execution repeats, repair lessons."""
    return PairAgent(
        chat,
        workspace,
        session.strategy,
        deadline=deadline,
        repeats=session.bench.repeats,
        repair_text=repair_text(session),
    )


def develop_agent_pairs(
    session: Session,
    count: int,
    chat: ToolChat,
    *,
    workdir: Path,
    deadline: float,
    test_timeout: float,
    round_number: int = 1,
) -> dict[int, Seat]:
    """Run `count` agent pairs at once; consistent ones join `session.pairs`. Returns each
    pair's seat, by pair index. The first round's directions are planned (the planned
    one guides the first solver, peers keep their branch strategies, as structured pairs
    do); round 2's new pairs (`maxCandidates`) continue the indices, and so the branch
    directions, after the pairs already started."""
    strategy = session.strategy
    seats: dict[int, Seat] = {}
    agents = []
    first = len(session.pairs)
    planned = plan_directions(session, count) if not session.pairs else None
    for index in range(first, first + count):
        workspace = AgentWorkspace(
            workdir / "agents" / f"pair{index}",
            session.task,
            session.bench.sandbox,
            output_chars=strategy.tool_output_chars,
            test_timeout_s=test_timeout,
            deadline=deadline,
        )
        direction = (
            planned[index - first] if planned else BRANCH_STRATEGIES[index % len(BRANCH_STRATEGIES)]
        )
        messages, shown = opening(session, direction)
        seats[index] = Seat(workspace, messages)
        agent = pair_agent(session, chat, workspace, deadline)
        agents.append((index, direction, agent, shown))
    with ThreadPoolExecutor(max_workers=max(1, count), thread_name_prefix="pair") as pool:
        futures = [
            pool.submit(run_agent, agent, seats[index].messages) for index, _, agent, _ in agents
        ]
        results = [future.result() for future in futures]
    stopped = None
    for (index, direction, agent, shown), (run, cap) in zip(agents, results, strict=True):
        session.pairs.append(_pair(index, direction, agent, run))
        round_key = {"round": round_number} if round_number > 1 else {}
        extra = {"direction": direction, "lessons": list(shown.lessons), "skill": shown.skill}
        session.phases.append({**_phase(index, run), **extra, **round_key})
        session.timings.extend(timings(index, run))
        stopped = stopped or cap
    if stopped:
        raise HarnessStopped(stopped)
    return seats


def run_agent(agent: PairAgent, messages: list[dict[str, Any]]) -> tuple[AgentRun, str | None]:
    """One pair's session; a reached cap ends it (and, after all pairs, the harness)."""
    try:
        return agent.session(messages), None
    except HarnessStopped as stop:
        agent.run.stop = str(stop)
        return agent.run, str(stop)


def _pair(index: int, direction: str, agent: PairAgent, run: AgentRun) -> Pair:
    pair = Pair(index=index, direction=direction)
    pair.steps_used = run.steps
    if run.submitted:
        adopt(pair, agent.workspace, run)
    return pair


def adopt(pair: Pair, workspace: AgentWorkspace, run: AgentRun) -> None:
    """Make the workspace's accepted submission the pair's current version."""
    # Agent suites are any-language files behind run.sh, which the structured pairs'
    # test_*.py rule does not describe: the consistency check validated them.
    pair.draft = PairDraft.model_construct(
        tests=workspace.suite(), repair=workspace.repair(), notes="agent"
    )
    pair.initial, pair.own = run.initial, run.own
    pair.version += 1


def _phase(index: int, run: AgentRun) -> dict[str, Any]:
    return {
        "phase": "agent-pair",
        "pair": index,
        "steps": run.steps,
        "submitted": run.submitted,
        "stop": run.stop,
        "calls": run.spending(),
        "checks": run.checks,
        "repair_lessons": run.repair_lessons,
        "tool_calls": run.calls,
        "failures": run.failures,
        "transcript": run.transcript,
    }


def deadline_after(seconds: float) -> float:
    return time.monotonic() + seconds


def timings(index: int, run: AgentRun) -> list[dict[str, Any]]:
    """Seconds per tool call of pair `index`, for `Trace.timings`."""
    return [
        {"pair": index, "step": call["step"], "tool": call["tool"], "seconds": seconds}
        for call, seconds in zip(run.calls, run.seconds, strict=True)
    ]
