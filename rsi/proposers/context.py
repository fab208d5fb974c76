"""What a proposer is shown: the parent's training evidence and the search's history.

Only proposal-split tasks of the current round appear, with their public text; dev RAR
of kept candidates may inform the search; release outcomes never appear.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rsi.events import Evaluation, RoundStarted, evaluation_op
from rsi.proposers.base import PastAttempt, ProposalContext, TaskFeedback
from search_space import Strategy
from search_space.schema import SCALAR_FIELDS

if TYPE_CHECKING:
    from rsi.engine import Engine


def _history(engine: Engine) -> tuple[PastAttempt, ...]:
    state = engine.state
    past: list[PastAttempt] = [
        PastAttempt(r.round, r.field, r.edit, r.proposer, "rejected", f"{r.reason}: {r.message}")
        for r in state.rejections
    ]
    for proposed in state.proposals:
        screened = state.screens.get(proposed.round)
        if screened is None or screened.child_id != proposed.child_id:
            continue
        scalars = {f: proposed.strategy[f] for f in SCALAR_FIELDS}
        past.append(
            PastAttempt(
                proposed.round,
                proposed.field,
                proposed.edit,
                proposed.proposer,
                "kept" if screened.passed else "screen-failed",
                screened.reason,
                gain=screened.child_successes - screened.parent_successes,
                regressions=screened.regressions,
                scalars=scalars,
            )
        )
    return tuple(sorted(past, key=lambda p: p.round))


def build_context(
    engine: Engine, r: int, attempt: int, parent: Strategy, started: RoundStarted
) -> ProposalContext:
    seed = engine.config.experiment.seed
    feedback = []
    for task_id in started.tasks:
        event = engine.journal.get(evaluation_op("train", started.parent_id, task_id, seed))
        if event is None or not isinstance(event.data, Evaluation):
            continue
        data = event.data
        public = engine.services.tasks.get(task_id).public()
        feedback.append(
            TaskFeedback(
                task_id=task_id,
                context=public.context.value,
                instruction=public.instruction,
                success=data.success,
                initial_outcome=data.initial_outcome,
                reference_outcome=data.reference_outcome,
                runner_error=data.runner_error,
                trace=data.trace,
            )
        )
    return ProposalContext(
        round=r,
        attempt=attempt,
        seed=seed,
        parent_id=started.parent_id,
        parent=parent,
        feedback=tuple(feedback),
        history=_history(engine),
        insights=tuple(reflection.insight for reflection in engine.state.reflections),
        space=engine.config.search_space,
        dev_rar={
            sid: c.dev_rar for sid, c in engine.state.candidates.items() if c.dev_rar is not None
        },
    )
