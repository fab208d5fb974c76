"""The review of an agent pair's suite, as the paper has it (Appendix C.2).

The reviewer is an agent in a fresh workspace: a copy of the original (public) program,
with no repair installed, and the generated suite in `tests/`. It may list and read files
and run commands (the suite included), never write; it ends with `report`: findings,
covered requirements and the execution checks it ran. The host still verifies blocking
evidence (a verbatim quote of public text, `cross_validation.verify`); a pair is approved
when the reviewer reported and no blocking finding was verified. Its turns' output cap is
`reviewMaxOutputTokens`; its steps are bounded by `agentSteps`; a routed review skill and
review lessons join its prompt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from evaluators.llm import ToolChat
from evaluators.runners.testhelix.agent.loop import REVIEW_TOOLS, PairAgent
from evaluators.runners.testhelix.agent.pairs import timings
from evaluators.runners.testhelix.agent.workspace import AgentWorkspace
from evaluators.runners.testhelix.context import strategy_text
from evaluators.runners.testhelix.cross_validation import public_evidence, verify
from evaluators.runners.testhelix.prompts import agent_prompt
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.signatures import Review
from search_space import Component


def review_agent_pair(
    session: Session,
    pair: Pair,
    chat: ToolChat,
    *,
    workdir: Path,
    deadline: float,
    test_timeout: float,
) -> dict[str, Any]:
    """Review `pair`'s suite; sets its findings and approval; returns the trace phase."""
    strategy = session.strategy
    # A fresh copy per suite version: a re-review never sees an earlier version's files.
    folder = f"review{pair.index}" + (f"-v{pair.version}" if pair.version > 1 else "")
    workspace = AgentWorkspace(
        workdir / "agents" / folder,
        session.task,
        session.bench.sandbox,
        output_chars=strategy.tool_output_chars,
        test_timeout_s=test_timeout,
    )
    for file in pair.tests:
        workspace.write_file(f"tests/{file.path}", file.content)
    shown = strategy_text(strategy, session.task, Component.REVIEW)
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": agent_prompt("agent_review").format(
            requirement=session.task.instruction)},
        *([{"role": "user", "content": shown.text}] if shown.text else []),
        {"role": "user", "content": "Review the suite in tests/."},
    ]  # fmt: skip
    reviewer = PairAgent(
        chat,
        workspace,
        strategy,
        deadline=deadline,
        tools=REVIEW_TOOLS,
        max_tokens=strategy.review_max_output_tokens,
    )
    run = reviewer.session(messages)
    session.timings.extend({**t, "review": True} for t in timings(pair.index, run))
    report, problem = _report(run.report)
    pair.findings = verify(report, public_evidence(session)) if report else []
    pair.approved = report is not None and not any(f["verified"] for f in pair.findings)
    pair.reviewed_version = pair.version
    return {
        "phase": "agent-review",
        "pair": pair.index,
        "version": pair.version,
        "steps": run.steps,
        "stop": run.stop,
        "approved": pair.approved,
        "findings": pair.findings,
        "covered": report.covered if report else [],
        "checks": [str(check)[:300] for check in (run.report or {}).get("checks", [])][:20],
        "problem": problem,
        "skill": shown.skill,
        "tool_calls": run.calls,
    }


def _report(arguments: dict[str, Any] | None) -> tuple[Review | None, str | None]:
    if arguments is None:
        return None, "no report"
    try:
        return Review.model_validate(
            {"findings": arguments.get("findings", []), "covered": arguments.get("covered", [])}
        ), None
    except ValidationError as error:
        return None, f"the report did not validate: {error.errors()[0]['msg']}"
