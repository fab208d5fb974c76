"""`ReflectiveProposer`: session 0 (selection of the parent and the field), diagnosis and
revision, and reflection after the screen: three agent sessions over workspaces.

Each session reads a workspace the host wrote from its context alone (see _workspace.py)
with list/read/grep tools, and ends with its own tool, which the host checks at once (see
_validation.py) and answers with "accepted" or the refusal's reason, so the session can
correct itself within its steps. Nothing unchecked leaves this class: a diagnosis with no
accepted edit is raised as `ProposalRefused(reason)`; a reached optimizer cap as
`OptimizerBudgetExhausted(cap)`.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from evaluators.llm import LlmSettings, LlmUsage, ReplyStore, ToolAnswer, ToolCall, UsageMeter
from evaluators.llm import tool_spec as _spec
from rsi.proposers.base import (
    Insight,
    ParentChoice,
    Proposal,
    ProposalContext,
    ProposalRefused,
    ReflectionResult,
    ScreenFeedback,
    SelectionContext,
)
from rsi.proposers.reflective import _render as render
from rsi.proposers.reflective import _workspace as files
from rsi.proposers.reflective._replies import InsightReply, Revision, Selection
from rsi.proposers.reflective._sessions import (
    SessionModels,
    SessionOutcome,
    SessionSteps,
    SessionTimeouts,
    namespace,
)
from rsi.proposers.reflective._validation import (
    HostCheckFailed,
    Refusal,
    check_edit,
    check_insight,
    check_selection,
    guard_for,
)
from rsi.proposers.reflective._workspace import OptimizerWorkspace
from rsi.proposers.reflective.prompts import prompt, version_tag

RATIONALE_CHARS = 3000
MESSAGE_CHARS = 600
MAX_INSIGHTS = 3
SUBMIT = _spec("submit", "End the session.")
CHOOSE = _spec(
    "choose_parent",
    "Choose the round's parent (a kept candidate's id) and the one field to change first.",
    parent_id={"type": "string"},
    field={"type": "string"},
    reason={"type": "string"},
)
PROPOSE = _spec(
    "propose_edit",
    "Propose one edit of one field; the host answers accepted or refused with the reason.",
    edit={"type": "object"},
    rationale={"type": "string"},
    evidence={"type": "array", "items": {"type": "string"}},
)
RECORD = _spec(
    "record_insight",
    "Record one reusable insight with the minibatch tasks that support it (at most three).",
    text={"type": "string"},
    evidence={"type": "array", "items": {"type": "string"}},
)


def _refusal(error: HostCheckFailed) -> ToolAnswer:
    return ToolAnswer(
        f"refused: {error.reason}: {render.cut(error.message, MESSAGE_CHARS)}", refused=True
    )


def _parsed(kind: type[Any], call: ToolCall) -> Any:
    try:
        return kind.model_validate(call.arguments)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "arguments"
        raise HostCheckFailed(Refusal.MALFORMED_REPLY.value, f"{where}: {first['msg']}") from None


def _ended(outcome: SessionOutcome, last: HostCheckFailed | None) -> tuple[str, str]:
    """Why a session ended with nothing accepted: (reason, message)."""
    run = outcome.run
    if run.failure is not None:
        kind = Refusal.SESSION_TIMEOUT if run.failure.kind == "timeout" else Refusal.LLM_FAILURE
        return kind.value, run.failure.message
    if "time passed" in run.stop:
        return Refusal.SESSION_TIMEOUT.value, run.stop
    if last is not None:
        return last.reason, f"{last.message} (then: {run.stop})"
    return Refusal.NO_EDIT.value, f"the session ended without an accepted answer: {run.stop}"


class ReflectiveProposer:
    """The `reflective` proposer over the LLM layer; see the package docstring."""

    name = "reflective"

    def __init__(
        self,
        settings: LlmSettings,
        meter: UsageMeter,
        cache: ReplyStore | None,
        *,
        timeouts: SessionTimeouts = SessionTimeouts(),
        steps: SessionSteps = SessionSteps(),
        known_task_ids: Iterable[str] = (),
        workspaces: Path | None = None,
        with_traces: bool = True,
    ) -> None:
        self._models = SessionModels(settings, meter, cache, timeouts=timeouts, steps=steps)
        self._known = frozenset(known_task_ids)
        self._scratch = None if workspaces else tempfile.TemporaryDirectory(prefix="rsi-opt-")
        self.workspaces = workspaces or Path(self._scratch.name)  # type: ignore[union-attr]
        self.with_traces = with_traces  # False: the blind ablation, a workspace with no traces

    @property
    def meter(self) -> UsageMeter:
        return self._models.meter

    def usage(self) -> LlmUsage:
        """The optimizer scope's usage so far: calls, cached calls, input and output tokens."""
        return self._models.meter.snapshot()

    def _workspace(self, relative: str, contents: dict[str, str]) -> OptimizerWorkspace:
        root = self.workspaces / relative
        shutil.rmtree(root, ignore_errors=True)  # a resumed session rewrites the same files
        return OptimizerWorkspace(root, contents)

    @staticmethod
    def _messages(session: str, start: str) -> list[dict[str, Any]]:
        return [{"role": "system", "content": prompt(session)}, {"role": "user", "content": start}]

    # -- session 0 ---------------------------------------------------------------------------
    def choose_parent(self, context: SelectionContext) -> ParentChoice:
        """Session 0: a kept parent and a mutable field, host-checked; the rule's parent
        (with no field) when the session gives no acceptable answer."""
        workspace = self._workspace(
            f"round-{context.round}/selection", files.selection_files(context)
        )
        chosen: list[Selection] = []
        last: list[HostCheckFailed] = []

        def handle(call: ToolCall) -> ToolAnswer:
            if call.name != "choose_parent":
                return ToolAnswer(f"refused: no tool named {call.name!r} here", refused=True)
            try:
                selection = _parsed(Selection, call)
                check_selection(selection, context)
            except HostCheckFailed as error:
                last.append(error)
                return _refusal(error)
            chosen.append(selection)
            return ToolAnswer(
                f"accepted: parent {selection.parent_id}, field {selection.field}", done=True
            )

        key = f"reflective/selection/seed={context.seed}/round={context.round}"
        messages = self._messages("selection", render.selection_start(context))
        outcome = self._models.run("selection", key, workspace, messages, (CHOOSE,), handle)
        if chosen:
            pick = chosen[-1]
            return ParentChoice(
                pick.parent_id, pick.field, pick.reason, "optimizer", outcome.cost, outcome.trace
            )
        reason, message = _ended(outcome, last[-1] if last else None)
        why = f"{reason}: {render.cut(message, MESSAGE_CHARS)}"
        failure = outcome.run.failure.kind if outcome.run.failure is not None else ""
        return ParentChoice(
            context.rule_parent_id, "", why, "rule", outcome.cost, outcome.trace, failure
        )

    # -- diagnosis and revision --------------------------------------------------------------
    def propose(self, context: ProposalContext) -> Proposal:
        """The diagnosis-and-revision session: one checked edit of one field."""
        folder = f"round-{context.round}/attempt-{context.attempt}/diagnosis"
        workspace = self._workspace(
            folder, files.proposal_files(context, with_traces=self.with_traces)
        )
        guard = guard_for(context, self._known)
        accepted: list[tuple[str, Revision]] = []
        last: list[HostCheckFailed] = []
        proposed: list[Revision] = []

        def handle(call: ToolCall) -> ToolAnswer:
            if call.name == "submit":
                if accepted:
                    return ToolAnswer("submitted", done=True)
                return ToolAnswer("refused: no_edit: no edit was accepted yet", refused=True)
            if call.name != "propose_edit":
                return ToolAnswer(f"refused: no tool named {call.name!r} here", refused=True)
            try:
                revision = _parsed(Revision, call)
                proposed.append(revision)
                field, _ = check_edit(revision, context, guard)
            except HostCheckFailed as error:
                last.append(error)
                return _refusal(error)
            accepted.append((field, revision))
            return ToolAnswer(
                f"accepted: {render.edit_text(revision.edit)}; call submit to end the session "
                "(another propose_edit replaces it)"
            )

        outcome = self._models.run(
            "diagnosis", namespace(context, "diagnosis"), workspace,
            self._messages("diagnosis", render.diagnosis_start(context)), (PROPOSE, SUBMIT), handle,
        )  # fmt: skip
        if not accepted:
            reason, message = _ended(outcome, last[-1] if last else None)
            tried = proposed[-1].edit if proposed else None
            raise ProposalRefused(
                reason, render.cut(message, MESSAGE_CHARS), proposer=self.name,
                session="diagnosis", field=context.focus or None,
                edit=dict(tried) if tried is not None else None, cost=outcome.cost,
                sessions=(outcome.trace,),
            )  # fmt: skip
        field, revision = accepted[-1]
        reason = f"{render.cut(context.focus_reason, 1000)} | " if context.focus_reason else ""
        rationale = f"{reason}{revision.rationale} {version_tag('selection', 'diagnosis')}"
        return Proposal(
            edit=dict(revision.edit),
            field=field,
            proposer=self.name,
            rationale=render.cut(rationale, RATIONALE_CHARS),
            session="diagnosis",
            cost=outcome.cost,
            evidence=tuple(dict.fromkeys(revision.evidence)),
            sessions=(outcome.trace,),
        )

    # -- reflection --------------------------------------------------------------------------
    def reflect(
        self, context: ProposalContext, proposal: Proposal, verdict: ScreenFeedback
    ) -> ReflectionResult:
        """The reflection session: at most three checked insights; a failed session none."""
        folder = f"round-{context.round}/attempt-{context.attempt}/reflection"
        contents = files.reflection_files(context, proposal, verdict, with_traces=self.with_traces)
        workspace = self._workspace(folder, contents)
        guard = guard_for(context, self._known)
        kept: list[Insight] = []
        dropped: list[str] = []

        def handle(call: ToolCall) -> ToolAnswer:
            if call.name == "submit":
                return ToolAnswer("submitted", done=True)
            if call.name != "record_insight":
                return ToolAnswer(f"refused: no tool named {call.name!r} here", refused=True)
            if len(kept) >= MAX_INSIGHTS:
                return ToolAnswer("refused: three insights are recorded; submit", refused=True)
            try:
                kept.append(check_insight(_parsed(InsightReply, call), context, guard))
            except HostCheckFailed as error:
                dropped.append(f"{error.reason}: {render.cut(error.message, MESSAGE_CHARS)}")
                return _refusal(error)
            return ToolAnswer(f"recorded ({len(kept)} of at most {MAX_INSIGHTS})")

        start = render.reflection_start(context, proposal, verdict)
        outcome = self._models.run(
            "reflection", namespace(context, "reflection"), workspace,
            self._messages("reflection", start), (RECORD, SUBMIT), handle,
        )  # fmt: skip
        failure = None
        message = ""
        if not kept and outcome.run.failure is not None:
            failure, message = _ended(outcome, None)
        return ReflectionResult(
            tuple(kept), cost=outcome.cost, failure=failure, message=message,
            dropped=tuple(dropped), trace=outcome.trace,
        )  # fmt: skip
