"""The review of an agent pair's suite, as the paper has it (Appendix C.2).

The reviewer is an agent in a fresh workspace: a copy of the original (public) program,
with no repair installed, and the generated suite in `tests/`. The host gives it bounded
execution symptoms (the suite's outcome on the initial program, the peer repairs it
rejects and where: `cross_validation.symptoms`, never a repair's code). It may list and
read files, run commands (the suite included) and load a review skill, never write; it
ends with `report`: findings, covered requirements and the execution checks it ran. The
host still verifies blocking evidence (a verbatim quote of public text,
`cross_validation.verify`); a pair is approved when the reviewer reported and no blocking
finding was verified. Its turns' output cap is `reviewMaxOutputTokens`; its steps are
bounded by `agentSteps`; a routed review skill and review lessons (retrieved with the
symptoms as the execution checkpoint) join its prompt.
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
from evaluators.runners.testhelix.cross_validation import (
    Matrix,
    public_evidence,
    symptoms,
    verify,
)
from evaluators.runners.testhelix.prompts import agent_prompt
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.signatures import Review
from search_space import Component


def review_agent_pair(
    session: Session,
    pair: Pair,
    chat: ToolChat,
    matrix: Matrix,
    *,
    workdir: Path,
    deadline: float,
    test_timeout: float,
) -> dict[str, Any]:
    """Review `pair`'s suite; sets its findings and approval; returns the trace phase."""
    strategy = session.strategy
    workspace = _workspace(session, pair, workdir, deadline, test_timeout)
    seen = symptoms(session, pair, matrix)
    shown = strategy_text(strategy, session.task, Component.REVIEW, checkpoint=seen)
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": agent_prompt("agent_review").format(
            requirement=session.task.instruction)},
        *([{"role": "user", "content": shown.text}] if shown.text else []),
        {"role": "user", "content": f"Host execution symptoms:\n{seen or '(none)'}"},
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
        "checks": [check[:300] for check in report.checks] if report else [],
        "symptoms": seen,
        "problem": problem,
        "skill": shown.skill,
        "lessons": list(shown.lessons),
        "calls": run.spending(),
        "tool_calls": run.calls,
        "transcript": run.transcript,
    }


def _workspace(
    session: Session, pair: Pair, workdir: Path, deadline: float, test_timeout: float
) -> AgentWorkspace:
    """A fresh copy per suite version: a re-review never sees an earlier version's files."""
    folder = f"review{pair.index}" + (f"-v{pair.version}" if pair.version > 1 else "")
    workspace = AgentWorkspace(
        workdir / "agents" / folder,
        session.task,
        session.bench.sandbox,
        output_chars=session.strategy.tool_output_chars,
        test_timeout_s=test_timeout,
        deadline=deadline,
    )
    for file in pair.tests:
        workspace.write_file(f"tests/{file.path}", file.content)
    return workspace


def _report(arguments: dict[str, Any] | None) -> tuple[Review | None, str | None]:
    if arguments is None:
        return None, "no report"
    try:
        fields = {key: arguments.get(key, []) for key in ("findings", "covered", "checks")}
        return Review.model_validate(fields), None
    except ValidationError as error:
        return None, f"the report did not validate: {error.errors()[0]['msg']}"
