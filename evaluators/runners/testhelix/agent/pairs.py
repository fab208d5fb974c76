"""Develop K pairs as concurrent agent sessions (`[runner.testhelix] pairs = "agent"`).

Pairs run at once, one thread each; the task's meter admits at most its concurrent calls
(two in the paper), so the pairs share the two shared concurrent calls. Each pair's
workspace is `workdir/agents/pair<i>/`, built from the public task alone. A pair whose
submitted suite is consistent becomes a `Pair` with that suite (entry script `run.sh`,
any language) and its repair; the trace gets one `agent-pair` phase per pair with every
tool call. Each pair keeps its `Seat` (workspace and conversation), so a later round's
corrective feedback continues the same session (`rounds.py`).
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evaluators.llm import ToolChat
from evaluators.runners.testhelix.agent.loop import AgentRun, PairAgent
from evaluators.runners.testhelix.agent.workspace import AgentWorkspace
from evaluators.runners.testhelix.context import strategy_text
from evaluators.runners.testhelix.model import HarnessStopped
from evaluators.runners.testhelix.prompts import agent_prompt
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.signatures import PairDraft
from evaluators.runners.testhelix.synthesis import BRANCH_STRATEGIES
from search_space import Component


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


def _messages(session: Session, direction: str) -> list[dict[str, Any]]:
    shown = strategy_text(session.strategy, session.task, Component.GENERATION)
    system = agent_prompt().format(direction=direction, requirement=session.task.instruction)
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}]
    if shown.text:
        messages.append({"role": "user", "content": shown.text})
    messages.append({"role": "user", "content": "Start: look at the workspace."})
    return messages


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
    pair's seat, by pair index. Round 2's new pairs (`maxCandidates`) continue the
    indices, and so the branch directions, after the pairs already started."""
    strategy = session.strategy
    seats: dict[int, Seat] = {}
    agents = []
    first = len(session.pairs)
    for index in range(first, first + count):
        workspace = AgentWorkspace(
            workdir / "agents" / f"pair{index}",
            session.task,
            session.bench.sandbox,
            output_chars=strategy.tool_output_chars,
            test_timeout_s=test_timeout,
        )
        direction = BRANCH_STRATEGIES[index % len(BRANCH_STRATEGIES)]
        seats[index] = Seat(workspace, _messages(session, direction))
        agent = PairAgent(chat, workspace, strategy, deadline=deadline)
        agents.append((index, direction, agent))
    with ThreadPoolExecutor(max_workers=max(1, count), thread_name_prefix="pair") as pool:
        futures = [
            pool.submit(run_agent, agent, seats[index].messages) for index, _, agent in agents
        ]
        results = [future.result() for future in futures]
    stopped = None
    for (index, direction, agent), (run, cap) in zip(agents, results, strict=True):
        session.pairs.append(_pair(index, direction, agent, run))
        round_key = {"round": round_number} if round_number > 1 else {}
        session.phases.append({**_phase(index, run), **round_key})
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
        "tool_calls": run.calls,
        "failures": run.failures,
    }


def deadline_after(seconds: float) -> float:
    return time.monotonic() + seconds


def timings(index: int, run: AgentRun) -> list[dict[str, Any]]:
    """Seconds per tool call of pair `index`, for `Trace.timings`."""
    return [
        {"pair": index, "step": call["step"], "tool": call["tool"], "seconds": seconds}
        for call, seconds in zip(run.calls, run.seconds, strict=True)
    ]
