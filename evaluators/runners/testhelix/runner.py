"""The `testhelix` runner: K test-and-repair pairs and peer cross-validation on an LLM.

How every strategy field changes what the harness does:

- initialCandidates: K, the pairs started in round 1 (all of them at once, each with its
  own branch strategy; the planned direction guides the first). Configuration A uses 1.
- maxCandidates: when round 1 leaves fewer than two consistent pairs, new pairs are started
  in round 2 up to this many in all (and only if maxRounds allows a second round).
- maxRounds: rounds of peer cross-validation. Each round executes every suite on every
  peer repair and reviews new suite versions; between rounds, corrective feedback revises
  criticised pairs and, once per task, a differential challenge looks for tests
  separating two repairs that pass every approved suite, of two pairs whose suites were
  both approved. With one round there is no feedback and no challenge.
- agentSteps: model steps a pair may take per round (its first draft, refinements and
  feedback revisions). A pair whose reply does not parse (after the LLM layer's one
  retry) is shown that reply, cut to toolOutputChars, and the parse error in its next
  step; a second malformed reply in a row, or an answer it already had (the same
  question asked twice in a task is answered from memory: no progress), ends the pair's
  work for the round before agentSteps is spent ("pair-halted" in the trace). So with a
  model that ignores the reply format a pair costs 2 steps (4 requests) per round,
  whatever agentSteps allows.
- repairSteps: refinements per round of a pair that is not internally consistent yet, each
  shown the execution output of its tests on the initial program and on its own repair.
- contextTokens: the prompt budget (4 characters a token); the public source of the
  initial program gets what the instructions, requirement, strategy text and the phase's
  own material leave, and is cut file by file.
- toolOutputChars: execution output (and files) shown to the model are cut to this.
- reviewMaxOutputTokens: the output cap of each semantic review call.
- guidance: sent with every generation, repair and review turn when not empty.
- lessons: up to two lessons retrieved per turn (none twice, an agent pair's opening turn
  drawing on preparation and generation lessons together) by literal triggers over the
  requirement and the phase (planning, generation, repair, review), within 1,600
  characters (1,200 for planning), each rendered as applicability, action and
  verification.
- skillRoutes: the route for the task's context loads its `skill`'s text (a generation
  skill) into generation and repair turns and its `reviewSkill`'s (a review skill) into
  review turns; no route leaves loading to the agent's `load_skill`.

With `[runner.testhelix] pairs = "agent"` each pair is instead a coding agent with tools
(agent/): every tool call is one of its agentSteps (per round), repairSteps bound its
steps after a failed submit, contextTokens is its prompt budget (oldest tool outputs
elided past it), toolOutputChars cuts every tool output, a routed review skill and review
lessons reach its reviewer, whose turns reviewMaxOutputTokens caps. maxCandidates starts
new agent pairs in round 2 as above, and maxRounds runs the same rounds through tool
sessions (agent/rounds.py): feedback continues the pair's own session, the one challenger
agent (repairSteps tool calls) may run both repairs, and a revision or a challenge's suite
is kept only once the host requalifies it. Every run is under the paper's caps
(`paper_limits`): each sandbox run is bounded by what is left of the wall cap, and the
harness stops at it; every agent turn ends with the task's remaining calls, tokens and
seconds (agent/remaining.py), and every pair's prompt carries the execution-positive
fallback. The trace's `calls`
phase says where each pair's model calls went (agent/spending.py).

Only tests leave the runner: the submission is a suite with `run.sh`. The trace records the
configuration and prompt versions, phases, per-pair status, the cross-execution matrix,
review findings (with whether the host verified their evidence), model failures, the reason
the harness stopped, the reply-format tally when a reply did not parse or a request was
answered from memory (requests, repeats, replies read, malformed, one example), and usage.
It never holds hidden task material: the runner only ever sees the `PublicTask`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Protocol

from evaluators.llm import HealthStop, ToolChat
from evaluators.runners.base import RunnerLimits, RunnerResult, Trace, Usage
from evaluators.runners.harness_settings import HarnessSettings
from evaluators.runners.suite_draft import CONFTEST, RUN_SH
from evaluators.runners.testhelix.agent.pairs import (
    develop_agent_pairs,
    harness_wall_s,
    suite_timeout_s,
)
from evaluators.runners.testhelix.agent.rounds import AgentKit, agent_cross_validate
from evaluators.runners.testhelix.agent.spending import calls_phase
from evaluators.runners.testhelix.cross_validation import Matrix, cross_validate
from evaluators.runners.testhelix.execution import Workbench, cut
from evaluators.runners.testhelix.model import Ask, HarnessStopped, TaskModel
from evaluators.runners.testhelix.prompts import agent_prompt_version, prompt_versions
from evaluators.runners.testhelix.selection import Selected, select
from evaluators.runners.testhelix.session import Session
from evaluators.runners.testhelix.synthesis import develop_pairs
from evaluators.sandbox import Sandbox
from evaluators.tasks import PublicTask
from search_space import Strategy, strategy_id


class TaskLlm(Protocol):
    """What one task's model session used so far (its allowance is shared by all phases)."""

    def usage(self) -> Usage: ...

    def finish(self) -> dict[str, Any]:
        """The task's reply-format tally (model, requests, repeats, replies, malformed,
        example); the health judges the task's tally too."""
        ...

    def tool_chat(self) -> ToolChat:
        """Native tool-calling turns on the same allowance (agent pairs)."""
        ...


class TaskModels(Protocol):
    """Opens a metered model session per task (all phases share one allowance)."""

    def open(self, namespace: str, limits: RunnerLimits) -> tuple[Ask, TaskLlm]:
        """`namespace` names the task run (strategy, task, seed) for the reply cache."""
        ...

    def health_stop(self) -> HealthStop | None:
        """Why the model's health stopped the run (`evaluators.llm.health`), or None."""
        ...


class TestHelixRunner:
    """The LLM harness; see the module docstring for what each strategy field does."""

    __test__ = False
    name = "testhelix"

    def __init__(self, sandbox: Sandbox, models: TaskModels, settings: HarnessSettings) -> None:
        self._sandbox = sandbox
        self._models = models
        self.settings = settings

    def health_stop(self) -> HealthStop | None:
        """Why the model stopped the run (the engine halts before paying more), or None."""
        return self._models.health_stop()

    def health_check(self, strategy: Strategy) -> None:
        Strategy.model_validate(strategy.to_json_dict())
        prompt_versions()  # every prompt file present and versioned

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult:
        started = time.monotonic()
        limits = paper_limits(task, limits)
        namespace = f"{strategy_id(strategy)}:{task.id}:{self.settings.seed}"
        ask, llm = self._models.open(namespace, limits)
        bench = Workbench(
            self._sandbox,
            task,
            workdir,
            test_timeout_s=limits.test_timeout_s,
            repeats=self.settings.execution_repeats,
            tool_output_chars=strategy.tool_output_chars,
            deadline=started + limits.wall_s,
        )
        configuration = self.settings.configuration
        session = Session(strategy, task, bench, TaskModel(ask), configuration, self.settings.seed)
        count = 1 if configuration == "single" else strategy.initial_candidates
        session.phases.append(
            {
                "phase": "harness",
                "configuration": configuration,
                "pairs": count,
                "execution_repeats": self.settings.execution_repeats,
                "prompts": prompt_versions(),
            }
        )
        matrix: Matrix = {}
        try:
            if self.settings.pairs == "agent":
                session.phases[-1]["prompts"] = {**prompt_versions(), **agent_prompt_version()}
                matrix = self._agents(session, llm, count, limits, workdir, started)
            else:
                develop_pairs(session, count, round_number=1)
                self._top_up(session, count)
                if configuration == "peer-cross-validation":
                    matrix = cross_validate(session)
        except HarnessStopped as stop:
            session.stop_reason = str(stop)
        selected = select(session, matrix)
        health = self._health(session, llm)
        trace = self._trace(session, llm, selected, time.monotonic() - started)
        if health is not None:  # no verdict on the strategy: the engine stops the search
            return RunnerResult(
                submission=None,
                trace=trace.model_copy(update={"error": health.message}),
                health=health,
            )
        if selected is None:
            return RunnerResult(
                submission=None,
                trace=trace.model_copy(update={"error": "no qualified suite to submit"}),
            )
        return RunnerResult(submission=self._write(workdir / "submission", selected), trace=trace)

    def _health(self, session: Session, llm: TaskLlm) -> HealthStop | None:
        """The reply-format tally and the model's health stop into the trace: a stop is
        the harness's stop reason, whatever a round concluded ("converged" included)."""
        tally = llm.finish()
        if tally.get("malformed") or tally.get("repeats"):
            # Only then: a well-behaved model's journal stays as it was before the tally.
            session.phases.append({"phase": "reply-format", **tally})
        health = self._models.health_stop()
        if health is not None:
            session.stop_reason = health.message
            session.phases.append({"phase": "model-stop", **health.model_dump()})
        return health

    @staticmethod
    def _agents(
        session: Session,
        llm: TaskLlm,
        count: int,
        limits: RunnerLimits,
        workdir: Path,
        started: float,
    ) -> Matrix:
        """Agent pairs, then (configuration C) rounds of cross-execution, agent reviews,
        corrective feedback and differential challenges through tool sessions
        (agent/rounds.py)."""
        chat = llm.tool_chat()
        deadline, timeout = started + limits.wall_s, limits.test_timeout_s
        seats = develop_agent_pairs(
            session, count, chat, workdir=workdir, deadline=deadline, test_timeout=timeout
        )
        extra = _top_up_count(session, count)
        if extra:
            seats |= develop_agent_pairs(
                session, extra, chat, workdir=workdir,
                deadline=deadline, test_timeout=timeout, round_number=2,
            )  # fmt: skip
        if session.configuration != "peer-cross-validation":
            return {}
        kit = AgentKit(chat, seats, workdir, deadline, timeout)
        return agent_cross_validate(session, kit)

    def _top_up(self, session: Session, started: int) -> None:
        """Start new pairs in round 2 while fewer than two are consistent (maxCandidates)."""
        extra = _top_up_count(session, started)
        if extra:
            develop_pairs(session, extra, round_number=2)

    @staticmethod
    def _write(directory: Path, selected: Selected) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        for file in selected.tests:
            target = directory / file.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(file.content, encoding="utf-8")
        if any(file.path == "run.sh" for file in selected.tests):  # an agent's own entry
            (directory / "run.sh").chmod(0o755)
            return directory
        (directory / "conftest.py").write_text(CONFTEST)
        (directory / "run.sh").write_text(RUN_SH)
        (directory / "run.sh").chmod(0o755)
        return directory

    @staticmethod
    def _trace(session: Session, llm: TaskLlm, selected: Selected | None, seconds: float) -> Trace:
        usage = llm.usage()
        steps = sum(p.steps_used for p in session.pairs)
        phases = [
            *session.phases,
            *({"phase": "model-failure", **f} for f in session.model.failures),
            {
                "phase": "selection",
                "selected": selected.source if selected else None,
                "support": selected.support if selected else 0,
                "consistent": [p.index for p in session.consistent_pairs()],
                "approved": [p.index for p in session.consistent_pairs() if p.approved],
            },
            *([spent] if (spent := calls_phase(session.phases)) else []),
            # Sandbox runs the harness's checks paid for, and identical checks not run again.
            {
                "phase": "executions",
                "runs": session.bench.runs,
                "remembered": session.bench.remembered,
            },
            {"phase": "stop", "reason": session.stop_reason or "finished"},
        ]
        return Trace(
            runner="testhelix",
            task_id=session.task.id,
            phases=tuple(phases),
            checks=tuple(session.checks),
            tool_output=cut("\n".join(session.bench.outputs), session.strategy.tool_output_chars),
            usage=usage.model_copy(update={"steps": steps, "seconds": round(seconds, 3)}),
            timings=tuple(session.timings),
        )


def _top_up_count(session: Session, started: int) -> int:
    """New pairs for round 2: while fewer than two are consistent, up to maxCandidates in
    all, and only when a second round may run (never in configuration A)."""
    strategy = session.strategy
    if session.configuration == "single" or strategy.max_rounds < 2:
        return 0
    missing = 2 - len(session.consistent_pairs())
    room = strategy.max_candidates - started
    return min(missing, room) if missing > 0 and room > 0 else 0


def paper_limits(task: PublicTask, limits: RunnerLimits) -> RunnerLimits:
    """The paper's caps: the harness runs at most T - min(120, T/4) - 20 s for the task's
    agent limit T (never more than `limits.wall_s`, 900 s by default); tests time out at
    the smaller of `limits.test_timeout_s` (180 s) and the task's verifier timeout."""
    return limits.model_copy(
        update={
            "wall_s": harness_wall_s(task.agent_timeout_s, limits.wall_s),
            "test_timeout_s": suite_timeout_s(task.verifier_timeout_s, limits.test_timeout_s),
        }
    )
