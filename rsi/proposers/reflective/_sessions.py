"""One session = one agent session with provider-native tool calls over a workspace.

- The chat's cache namespace is (seed, round, attempt, parent id, session name) of the
  proposal context, (seed, round) for the selection: the same context writes the same
  workspace, asks the same requests under the same keys, so a resumed search replays a
  session's turns from the run's reply cache instead of paying twice.
- Each session runs until its time (`SessionTimeouts`, the paper's Table 11), checked
  before each turn and bounding each turn's timeout (never above `[llm] call_timeout_s`),
  and at most its step cap (`SessionSteps`); every turn draws on the optimizer's
  `UsageMeter` (calls, tokens, money). A refused call (a cap) raises
  `OptimizerBudgetExhausted(cap)`; any other end comes back in the `SessionOutcome`.
- The cost of a session is the meter's growth while it ran.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evaluators.llm import (
    LlmSettings,
    LlmUsage,
    ReplyStore,
    SessionRun,
    ToolAnswer,
    ToolCall,
    ToolChat,
    ToolSession,
    UsageMeter,
    tool_spec,
)
from rsi.proposers.base import (
    OptimizerBudgetExhausted,
    ProposalContext,
    ProposalCost,
    SessionTrace,
)
from rsi.proposers.reflective._workspace import OptimizerWorkspace

SESSIONS = ("selection", "diagnosis", "reflection")
TURN_MAX_TOKENS = 4_096

READ_TOOLS: tuple[dict[str, Any], ...] = (
    tool_spec(
        "list_files",
        "List the workspace's files (with their sizes) under a folder.",
        path={"type": "string", "optional": True},
    ),
    tool_spec(
        "read_file",
        "Read a workspace file, at most 8,000 characters from offset.",
        path={"type": "string"},
        offset={"type": "integer", "optional": True},
    ),
    tool_spec(
        "grep",
        "Lines matching a regular expression (case-insensitive) in the files under path.",
        pattern={"type": "string"},
        path={"type": "string", "optional": True},
    ),
)


@dataclass(frozen=True)
class SessionTimeouts:
    """Seconds per session (`[timeouts]`; the paper's defaults)."""

    selection_s: float = 300.0
    diagnosis_s: float = 1800.0
    reflection_s: float = 600.0

    def __post_init__(self) -> None:
        for session in SESSIONS:
            if self.of(session) <= 0:
                raise ValueError(f"timeouts.{session}_s must be positive")

    def of(self, session: str) -> float:
        return float(getattr(self, f"{session}_s"))


@dataclass(frozen=True)
class SessionSteps:
    """Tool calls per session (`[proposers.reflective] *_steps`)."""

    selection: int = 12
    diagnosis: int = 40
    reflection: int = 16

    def of(self, session: str) -> int:
        return int(getattr(self, session))


@dataclass(frozen=True)
class SessionOutcome:
    """How a session ended, what it cost, and its trace."""

    run: SessionRun
    cost: ProposalCost
    trace: SessionTrace


def namespace(context: ProposalContext, session: str) -> str:
    return (
        f"reflective/{session}/seed={context.seed}/round={context.round}"
        f"/attempt={context.attempt}/parent={context.parent_id}"
    )


def cost_between(before: LlmUsage, after: LlmUsage) -> ProposalCost:
    return ProposalCost(
        calls=after.calls - before.calls,
        cached_calls=after.cached_calls - before.cached_calls,
        input_tokens=after.input_tokens - before.input_tokens,
        output_tokens=after.output_tokens - before.output_tokens,
        estimated_calls=after.estimated_calls - before.estimated_calls,
        estimated_input_tokens=after.estimated_input_tokens - before.estimated_input_tokens,
        estimated_output_tokens=after.estimated_output_tokens - before.estimated_output_tokens,
    )


def read_tool(workspace: OptimizerWorkspace, call: ToolCall) -> ToolAnswer | None:
    """The answer of a read tool, or None when `call` is another tool."""
    arguments = call.arguments
    try:
        if call.name == "list_files":
            output = workspace.list_files(str(arguments.get("path", ".")))
        elif call.name == "read_file":
            output = workspace.read_file(str(arguments["path"]), int(arguments.get("offset", 0)))
        elif call.name == "grep":
            output = workspace.grep(str(arguments["pattern"]), str(arguments.get("path", ".")))
        else:
            return None
    except (KeyError, TypeError, ValueError) as error:
        output = f"refused: {call.name}: {type(error).__name__}: {error}"
    return ToolAnswer(output, refused=output.startswith("refused:"))


class SessionModels:
    """Opens each session's metered, cached chat and drives it within its bounds."""

    def __init__(
        self,
        settings: LlmSettings,
        meter: UsageMeter,
        cache: ReplyStore | None,
        *,
        timeouts: SessionTimeouts,
        steps: SessionSteps,
    ) -> None:
        self.settings = settings
        self.meter = meter
        self.cache = cache
        self.timeouts = timeouts
        self.steps = steps

    def run(
        self,
        session: str,
        key: str,
        workspace: OptimizerWorkspace,
        messages: list[dict[str, Any]],
        tools: tuple[dict[str, Any], ...],
        handle: Callable[[ToolCall], ToolAnswer],
    ) -> SessionOutcome:
        """Drive `session` to its end; a reached optimizer cap raises."""
        chat = ToolChat(self.settings, self.meter, self.cache, namespace=key)

        def answer(call: ToolCall) -> ToolAnswer:
            return read_tool(workspace, call) or handle(call)

        driver = ToolSession(
            chat,
            (*READ_TOOLS, *tools),
            answer,
            max_steps=self.steps.of(session),
            deadline=time.monotonic() + self.timeouts.of(session),
            max_tokens=min(TURN_MAX_TOKENS, self.settings.max_output_tokens),
        )
        before = self.meter.snapshot()
        run = driver.drive(messages)
        cost = cost_between(before, self.meter.snapshot())
        trace = SessionTrace(
            session=session,
            steps=run.steps,
            stop=run.stop,
            calls=tuple(run.calls),
            seconds=tuple(run.seconds),
            trace_chars=workspace.trace_chars,
        )
        if run.failure is not None and run.failure.kind == "cap":
            cap = run.failure.cap or "calls"
            raise OptimizerBudgetExhausted(
                cap, f"optimizer budget: {cap} cap reached in the {session} session", cost=cost
            )
        write_trace(workspace.root, trace)
        return SessionOutcome(run, cost, trace)


def write_trace(root: Path, trace: SessionTrace) -> None:
    """The session's trace with its seconds beside its workspace folder, as
    `<folder>.json` (not inside: no session reads another's trace)."""
    path = root.parent / f"{root.name}.json"
    record = {
        "session": trace.session,
        "steps": trace.steps,
        "stop": trace.stop,
        "trace_chars": trace.trace_chars,
        "calls": [
            {**call, "seconds": seconds}
            for call, seconds in zip(trace.calls, trace.seconds, strict=False)
        ],
    }
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
