"""A test-and-repair pair as a coding agent (paper Section 3.1; `pairs = "agent"`).

Each pair is one agent session in its own `AgentWorkspace`, driven by the one agent driver
(`evaluators.llm.ToolSession`); `PairAgent` is its tool handler and its hooks. Rules a
caller can rely on:
- every tool call is one agent step; `agentSteps` bounds a pair's steps, and once a
  `submit` fails the consistency check only `repairSteps` more steps are allowed;
- a turn without a tool call costs a step too (the model is told to use the tools);
- `contextTokens` is the prompt budget: past it, the oldest tool outputs are elided from
  what is sent (`within_budget`); every turn ends with the task's remaining budget
  (`remaining.with_remaining`, never stored in the history);
- the pair stops at the harness deadline (the paper's wall cap; each turn's timeout is
  clamped to the time left), at a task cap, when the model's health stops
  (evaluators.llm.health; the runner reports no verdict: both raise `HarnessStopped`), or
  after two failed model turns in a row; a session's history only grows, so it never repeats
  its own question, and a question another session of the task already asked (a second
  reviewer of an identical suite) is answered from memory, not paid again;
- every tool call is traced: name, arguments cut to 200 characters (`path` and short
  arguments first, so no write loses its path), output size, whether it was refused (the
  trace's phases, journaled), and its seconds (`Trace.timings`); each turn whole (the
  model's text, full arguments, the output as shown) is the phase's `transcript`, kept
  in the evaluation's trajectory, not in the journal;
- `submit` is the harness's check: the suite (entry script `tests/run.sh`, any language)
  must fail on the initial program and pass on the pair's repair (`app/` as edited), each
  reproducibly over `repeats` runs (`[runner.testhelix] execution_repeats`); an accepted
  submit (a reviewer's `report`) ends the session, and a later call of that turn is refused;
- `load_skill(name)` returns the skill library's text for a skill of the session's role;
- the first failed submit begins the repair phase: repair lessons, retrieved with that
  submit's output as the execution checkpoint, join the conversation once (`repair_text`);
- `AgentRun.spending()` says where the session's model calls went.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from evaluators.llm import (
    Answered,
    LlmFailure,
    SessionHooks,
    SessionRun,
    ToolAnswer,
    ToolCall,
    ToolChat,
    ToolSession,
    tool_spec,
)
from evaluators.runners.testhelix.agent.remaining import remaining, steps_left, with_remaining
from evaluators.runners.testhelix.agent.workspace import AgentWorkspace, ToolRefused
from evaluators.runners.testhelix.execution import Check
from evaluators.runners.testhelix.model import HarnessStopped
from evaluators.sandbox import Outcome
from search_space import SKILLS, SKILLS_BY_NAME, SkillRole, Strategy

CHARS_PER_TOKEN = 4
ELIDED = "[output elided: the conversation outgrew contextTokens; call the tool again]"
TURN_MAX_TOKENS = 8_192
NO_TOOL = "Use the tools you were given; finish with submit (a pair) or report (a review)."
TOOLS: tuple[dict[str, Any], ...] = (
    tool_spec(
        "list_files",
        "List files under a workspace folder (app/ is the program, tests/ your suite).",
        path={"type": "string", "optional": True},
    ),
    tool_spec("read_file", "Read one file of app/ or tests/.", path={"type": "string"}),
    tool_spec(
        "write_file",
        "Write a whole file: tests/... for the suite (entry script tests/run.sh, any "
        "language), app/... to repair the program.",
        path={"type": "string"},
        content={"type": "string"},
    ),
    tool_spec(
        "run",
        "Run a shell command with no network: cwd is $APP_DIR (the repaired program, or "
        "the initial one with target=initial), the suite is at $TESTS_DIR.",
        command={"type": "string"},
        target={"type": "string", "enum": ["repair", "initial"], "optional": True},
    ),
    tool_spec(
        "submit",
        "Submit the pair: the suite must fail on the initial program and pass on your repair.",
    ),
)


def skilltool_spec(role: SkillRole) -> dict[str, Any]:
    """`load_skill`: a skill of the fixed library (paper C.3.1: with no route, specialist
    loading is left to the agent); a pair may load generation skills, a reviewer review
    skills, as routes allow."""
    names = [skill.name for skill in SKILLS if skill.role is role]
    listed = "; ".join(f"{skill.name}: {skill.purpose}" for skill in SKILLS if skill.role is role)
    return tool_spec(
        "load_skill",
        f"Load a specialist skill's instructions from the skill library. Skills: {listed}",
        name={"type": "string", "enum": names},
    )


TOOLS = (*TOOLS, skilltool_spec(SkillRole.GENERATION))
_FINDING = {
    "type": "object",
    "properties": {
        "test": {"type": "string"},
        "blocking": {"type": "boolean"},
        "evidence": {"type": "string", "description": "verbatim quote of the requirement"},
        "problem": {"type": "string"},
    },
    "required": ["test", "blocking", "problem"],
}
REVIEW_TOOLS: tuple[dict[str, Any], ...] = (
    *(tool for tool in TOOLS if tool["function"]["name"] in ("list_files", "read_file", "run")),
    skilltool_spec(SkillRole.REVIEW),
    tool_spec(
        "report",
        "Report the review: findings (a blocking one quotes the requirement verbatim), the "
        "requirements the suite covers, and the execution checks you ran.",
        findings={"type": "array", "items": _FINDING},
        covered={"type": "array", "items": {"type": "string"}},
        checks={"type": "array", "items": {"type": "string"}},
    ),
)


@dataclass
class AgentRun(SessionRun):
    """What one pair's (or reviewer's) session did, beyond any session's record."""

    submitted: bool = False
    initial: Check | None = None
    own: Check | None = None
    report: dict[str, Any] | None = None  # a reviewer's `report` arguments
    repair_lessons: list[str] = field(default_factory=list)  # retrieved after a failed submit
    checks: list[dict[str, Any]] = field(default_factory=list)  # each submit's checks
    failed_at: int | None = None  # the step of the first failed submit

    def spending(self) -> dict[str, Any]:
        """How this session spent its model calls: turns (paid, remembered, failed) and
        tool calls by tool."""
        tools: dict[str, int] = {}
        for call in self.calls:
            tools[call["tool"]] = tools.get(call["tool"], 0) + 1
        return {
            "turns": self.turns,
            "remembered": self.remembered_turns,
            "failed": len(self.failures),
            "tools": dict(sorted(tools.items())),
        }


def within_budget(messages: list[dict[str, Any]], budget_chars: int) -> list[dict[str, Any]]:
    """The conversation as sent: while it exceeds `contextTokens` (4 characters a token),
    the oldest tool outputs are elided, so the prompt budget bounds what the agent keeps
    in view (what it reads, not a pasted source). The session's own history is unchanged."""
    sizes = [len(str(m.get("content") or "")) for m in messages]
    total = sum(sizes)
    sent = list(messages)
    for index, message in enumerate(messages):
        if total <= budget_chars:
            break
        if message.get("role") == "tool" and sizes[index] > len(ELIDED):
            sent[index] = {**message, "content": ELIDED}
            total -= sizes[index] - len(ELIDED)
    return sent


class PairAgent(SessionHooks):
    """One pair's (or reviewer's) tool handler and hooks on the one `ToolSession`; see the
    module docstring."""

    no_tool = NO_TOOL
    time_passed = "the harness deadline passed"

    def __init__(
        self,
        chat: ToolChat,
        workspace: AgentWorkspace,
        strategy: Strategy,
        *,
        deadline: float,
        repeats: int = 1,
        tools: tuple[dict[str, Any], ...] = TOOLS,
        max_tokens: int = TURN_MAX_TOKENS,
        repair_text: Callable[[str], tuple[str, tuple[str, ...]]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.workspace = workspace
        self.strategy = strategy
        self.repeats = repeats
        self.tools = tools
        self.offered = {tool["function"]["name"] for tool in tools}
        self.repair_text = repair_text
        self.run = AgentRun()
        self.driver = ToolSession(
            chat,
            tools,
            self.handle,
            max_steps=strategy.agent_steps,
            deadline=deadline,
            max_tokens=max_tokens,
            clock=clock,
            hooks=self,
            run=self.run,
        )

    def session(self, messages: list[dict[str, Any]]) -> AgentRun:
        """Drive the model until the pair submits a consistent suite (a reviewer reports)
        or a bound stops it; a cap or a stopped model raises `HarnessStopped`."""
        self.driver.drive(messages)
        return self.run

    def steps_spent(self, max_steps: int) -> str:
        return f"agentSteps ({max_steps}) spent"

    def view(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The context budget's view, then the task's remaining budget (never stored)."""
        driver = self.driver
        steps = steps_left(self.strategy, self.run.steps, self.run.failed_at)
        left = remaining(driver.chat.meter, driver.deadline, steps, driver.clock)
        sent = within_budget(messages, self.strategy.context_tokens * CHARS_PER_TOKEN)
        return with_remaining(sent, left)

    def limit(self, run: SessionRun) -> str:
        failed_at = self.run.failed_at
        if failed_at is not None and run.steps - failed_at >= self.strategy.repair_steps:
            return f"repairSteps ({self.strategy.repair_steps}) spent after a failed submit"
        return ""

    def failed(self, failure: LlmFailure, misses: int) -> str:
        if failure.kind == "cap":
            raise HarnessStopped(f"cap reached: {failure.cap or failure.message}")
        if failure.kind == "unavailable":  # the health stopped: every turn would fail
            raise HarnessStopped(failure.message)
        return "2 failed model turns in a row" if misses >= 2 else ""

    def after_turn(self, run: SessionRun, answered: list[Answered]) -> list[dict[str, Any]]:
        """The repair phase begins at the first failed submit: its lessons, retrieved with
        the submit's output as the execution checkpoint, join the conversation once."""
        repairing = self.run.failed_at is not None
        checkpoint = ""
        for done in answered:
            if done.call.name == "submit" and not self.run.submitted:
                self.run.failed_at = done.step if self.run.failed_at is None else self.run.failed_at
                checkpoint = done.answer.output
        if self.run.failed_at is None or repairing or run.done or self.repair_text is None:
            return []
        text, lessons = self.repair_text(checkpoint)
        self.run.repair_lessons = list(lessons)
        return [{"role": "user", "content": text}] if lessons else []

    def handle(self, call: ToolCall) -> ToolAnswer:
        """One step: run the tool, return what the model sees."""
        try:
            output = self._dispatch(call.name, call.arguments)
        except ToolRefused as refused:
            output = f"refused: {refused}"
        except TypeError as error:  # arguments the tool does not take
            output = f"refused: {call.name}: {error}"
        refused = output.startswith("refused:")
        if self.run.submitted and call.name == "submit":
            return ToolAnswer(output, done=True, stop="submitted")
        if self.run.report is not None and call.name == "report":
            return ToolAnswer(output, done=True, stop="reported")
        return ToolAnswer(output, refused=refused)

    def _dispatch(self, name: str, arguments: dict[str, Any]) -> str:
        space = self.workspace
        if name not in self.offered:
            raise ToolRefused(f"no tool named {name!r} here")
        if name == "report":
            self.run.report = arguments
            return "report received"
        if name == "list_files":
            return space.list_files(**arguments)
        if name == "read_file":
            return space.read_file(**arguments)
        if name == "write_file":
            return space.write_file(**arguments)
        if name == "run":
            return space.shown(space.run(**arguments))
        if name == "submit":
            return self._submit()
        if name == "load_skill":
            return self._load_skill(**arguments)
        raise ToolRefused(f"no tool named {name!r}")

    def _load_skill(self, name: str) -> str:
        offered = next(t for t in self.tools if t["function"]["name"] == "load_skill")
        if name not in offered["function"]["parameters"]["properties"]["name"]["enum"]:
            raise ToolRefused(f"no skill {name!r} for this session")
        return SKILLS_BY_NAME[name].text()

    def _submit(self) -> str:
        space = self.workspace
        if not (space.root / "tests" / "run.sh").is_file():
            raise ToolRefused("the suite has no entry script tests/run.sh")
        self.run.initial = self._check("initial")
        self.run.own = self._check("own")
        good = (
            self.run.initial.outcome is Outcome.FAIL
            and self.run.initial.reproducible
            and self.run.own.outcome is Outcome.PASS
            and self.run.own.reproducible
        )
        self.run.submitted = good
        verdict = "accepted" if good else "not consistent yet"
        return space.shown_text(
            f"{verdict}: on the initial program {self.run.initial.outcome.value}, on your "
            f"repair {self.run.own.outcome.value} (it must fail, then pass)\n"
            f"--- initial\n{self.run.initial.visible}\n--- repair\n{self.run.own.visible}"
        )

    def _check(self, target: str) -> Check:
        space = self.workspace
        program = "initial" if target == "initial" else "repair"
        outcomes = []
        first = None
        for _ in range(self.repeats):  # execution repeats: a check must be reproducible
            result = space.sandbox.run(space.spec(program, space.root / "tests"))
            outcomes.append(result.outcome)
            first = first or result
        assert first is not None
        self.run.checks.append(
            {
                "step": self.run.steps,
                "target": target,
                "outcomes": [outcome.value for outcome in outcomes],
                "reproducible": len(set(outcomes)) == 1,
            }
        )
        return Check(
            target=target,
            outcome=first.outcome,
            reproducible=len(set(outcomes)) == 1,
            failing=(),
            tests=0,
            visible=space.shown_text(first.output),
            truncated=len(first.output) > space.output_chars,
        )
