"""`ReflectiveProposer`: selection, then diagnosis and revision; reflection after the screen.

Each step is one session (see _sessions.py) whose prompt is rendered from the
`ProposalContext` alone (see _render.py) and whose output passes the host checks
(see _validation.py) before a `Proposal` leaves this class. Anything unusable is raised as
`ProposalRefused(reason)`; a reached optimizer cap as `OptimizerBudgetExhausted(cap)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

import dspy

from evaluators.llm import LlmSettings, LlmUsage, LmFactory, ReplyStore, UsageMeter, litellm_lm
from rsi.proposers.base import (
    Insight,
    Proposal,
    ProposalContext,
    ProposalCost,
    ProposalRefused,
    ReflectionResult,
    ScreenFeedback,
)
from rsi.proposers.reflective import _render as render
from rsi.proposers.reflective._sessions import SessionAnswer, SessionModels, SessionTimeouts
from rsi.proposers.reflective._signatures import (
    Notebook,
    ReflectOnScreen,
    ReviseField,
    Revision,
    SelectField,
    Selection,
)
from rsi.proposers.reflective._validation import (
    HostCheckFailed,
    check_insight,
    check_revision,
    check_selection,
    guard_for,
)
from rsi.proposers.reflective.prompts import prompt, version_tag

T = TypeVar("T")
MAX_TOKENS = {"selection": 1024, "diagnosis": 4096, "reflection": 1024}
RATIONALE_CHARS = 3000
MESSAGE_CHARS = 600


@dataclass(frozen=True)
class FieldChoice:
    """The selection session's checked answer and what it cost."""

    field: str
    direction: str
    focus: str
    reason: str
    cost: ProposalCost


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
        known_task_ids: Iterable[str] = (),
        batch_chars: int = 12_000,
        lm_factory: LmFactory = litellm_lm,
    ) -> None:
        self._models = SessionModels(
            settings, meter, cache, timeouts=timeouts, lm_factory=lm_factory
        )
        self._known = frozenset(known_task_ids)
        self._batch_chars = batch_chars

    @property
    def meter(self) -> UsageMeter:
        return self._models.meter

    def usage(self) -> LlmUsage:
        """The optimizer scope's usage so far: calls, cached calls, input and output tokens."""
        return self._models.meter.snapshot()

    def propose(self, context: ProposalContext) -> Proposal:
        return self.revise(context, self.select(context))

    def select(self, context: ProposalContext) -> FieldChoice:
        """The selection session: one mutable field and a direction, checked."""
        inputs = {
            "brief": prompt("selection"),
            "choices": render.render_choices(context),
            **self._common(context),
            "ranking": render.render_ranking(context),
        }
        answer = self._ask("selection", context, SelectField, inputs)
        selection = self._value(answer, Selection, "selection")
        try:
            check_selection(selection, context)
        except HostCheckFailed as error:
            raise self._refused(
                error.reason, error.message, "selection", answer.cost, field=selection.field
            ) from None
        return FieldChoice(
            selection.field, selection.direction, selection.focus, selection.reason, answer.cost
        )

    def revise(self, context: ProposalContext, choice: FieldChoice) -> Proposal:
        """The diagnosis-and-revision session: one checked edit of `choice.field`."""
        target = f"field {choice.field}, direction {choice.direction}: {choice.focus}"
        inputs = {
            "brief": prompt("diagnosis"),
            "target": target,
            "edit_format": render.edit_format(choice.field, context),
            **self._common(context),
        }
        answer = self._ask("diagnosis", context, ReviseField, inputs)
        cost = choice.cost + answer.cost
        revision = self._value(answer, Revision, "diagnosis", prior=choice.cost)
        guard = guard_for(context, self._known)
        try:
            check_revision(revision, choice.field, context, guard)
        except HostCheckFailed as error:
            raise self._refused(
                error.reason,
                error.message,
                "diagnosis",
                cost,
                field=choice.field,
                edit=revision.edit,
            ) from None
        rationale = (
            f"{render.cut(choice.reason, 1000)} | {revision.rationale} "
            f"{version_tag('selection', 'diagnosis')}"
        )
        return Proposal(
            edit=dict(revision.edit),
            field=choice.field,
            proposer=self.name,
            rationale=render.cut(rationale, RATIONALE_CHARS),
            session="diagnosis",
            cost=cost,
            evidence=tuple(dict.fromkeys(revision.evidence)),
        )

    def reflect(
        self, context: ProposalContext, proposal: Proposal, verdict: ScreenFeedback
    ) -> ReflectionResult:
        """The reflection session: checked insights; a failed session yields none."""
        fate = "KEPT" if verdict.passed else "DISCARDED"
        inputs = {
            "brief": prompt("reflection"),
            "proposal": (
                f"{proposal.proposer} edited {proposal.field}: {render.edit_text(proposal.edit)}"
                f"\nrationale: {render.cut(proposal.rationale, 1500)}"
            ),
            "verdict": (
                f"{fate}: gain {verdict.gain:+d}, regressions {verdict.regressions}; "
                f"{verdict.reason}; newly solved: {', '.join(verdict.gained) or 'none'}; "
                f"lost: {', '.join(verdict.lost) or 'none'}"
            ),
            **self._common(context),
        }
        answer = self._ask("reflection", context, ReflectOnScreen, inputs)
        if answer.value is None or not isinstance(answer.value, Notebook):
            reason = answer.failure.value if answer.failure else "malformed_reply"
            return ReflectionResult((), cost=answer.cost, failure=reason, message=answer.message)
        guard = guard_for(context, self._known)
        kept: list[Insight] = []
        dropped: list[str] = []
        for reply in answer.value.insights:
            try:
                kept.append(check_insight(reply, context, guard))
            except HostCheckFailed as error:
                dropped.append(f"{error.reason}: {render.cut(error.message, MESSAGE_CHARS)}")
        return ReflectionResult(tuple(kept), cost=answer.cost, dropped=tuple(dropped))

    # -- helpers ---------------------------------------------------------------------------
    def _common(self, context: ProposalContext) -> dict[str, str]:
        return {
            "strategy": render.render_strategy(context.parent, context.space.mutable_fields),
            "batch": render.render_batch(context, self._batch_chars),
            "history": render.render_history(context),
            "insights": render.render_insights(context.insights),
        }

    def _ask(
        self,
        session: str,
        context: ProposalContext,
        signature: type[dspy.Signature],
        inputs: dict[str, str],
    ) -> SessionAnswer:
        fields = set(signature.input_fields)
        chosen = {k: v for k, v in inputs.items() if k in fields}
        return self._models.ask(session, context, signature, chosen, max_tokens=MAX_TOKENS[session])

    def _value(
        self,
        answer: SessionAnswer,
        kind: type[T],
        session: str,
        prior: ProposalCost = ProposalCost(),
    ) -> T:
        if isinstance(answer.value, kind):
            return answer.value
        reason = answer.failure.value if answer.failure else "malformed_reply"
        message = answer.message or f"the {session} session returned no {kind.__name__}"
        raise self._refused(reason, message, session, prior + answer.cost)

    def _refused(
        self,
        reason: str,
        message: str,
        session: str,
        cost: ProposalCost,
        *,
        field: str | None = None,
        edit: dict[str, object] | None = None,
    ) -> ProposalRefused:
        return ProposalRefused(
            reason,
            render.cut(message, MESSAGE_CHARS),
            proposer=self.name,
            session=session,
            field=field,
            edit=dict(edit) if edit is not None else None,
            cost=cost,
        )
