"""What a proposer is shown: the parent's training evidence and the search's history.

Only proposal-split tasks of the current round appear, with their public text and the
runner's own trace from the journal; dev RAR of kept candidates may inform the search as
numbers; release outcomes and dev per-task outcomes never appear.
"""

from __future__ import annotations

import dataclasses

from evaluators.tasks import TaskSet
from rsi.journal import Evaluation, RoundStarted, SearchState, evaluation_op
from rsi.proposers import PastAttempt, ProposalContext, TaskFeedback
from search_space import SCALAR_FIELDS, SearchSpace, Strategy


def past_attempts(state: SearchState) -> tuple[PastAttempt, ...]:
    """Every rejection and every screened child so far, by round."""
    past: list[PastAttempt] = [
        PastAttempt(r.round, r.field, r.edit, r.proposer, "rejected", f"{r.reason}: {r.message}")
        for r in state.rejections
    ]
    for proposed in state.proposals:
        screened = state.screens.get(proposed.round)
        if screened is None or screened.child_id != proposed.child_id:
            continue
        scalars = {f: proposed.strategy[f] for f in SCALAR_FIELDS}
        # Over the tasks the verdict read: the same with `stop_when_decided` on or off.
        gain, regressions = screened.shown()
        past.append(
            PastAttempt(
                proposed.round,
                proposed.field,
                proposed.edit,
                proposed.proposer,
                "kept" if screened.passed else "screen-failed",
                screened.reason,
                gain=gain,
                regressions=regressions,
                scalars=scalars,
            )
        )
    return tuple(sorted(past, key=lambda p: p.round))


def parent_feedback(
    state: SearchState, tasks: TaskSet, started: RoundStarted, seed: int
) -> tuple[TaskFeedback, ...]:
    """The parent's journaled training evaluations on this round's minibatch."""
    feedback = []
    for task_id in started.tasks:
        op = evaluation_op("train", started.parent_id, task_id, seed)
        data = state.evaluations.get(op)
        if not isinstance(data, Evaluation):
            continue
        public = tasks.get(task_id).public()
        feedback.append(
            TaskFeedback(
                task_id=task_id,
                context=public.context.value,
                instruction=public.instruction,
                success=data.success,
                initial_outcome=data.initial_outcome,
                reference_outcome=data.reference_outcome,
                runner_error=data.runner_error,
                trace=state.trace(op),  # read from the journal only now
            )
        )
    return tuple(feedback)


def build_context(
    state: SearchState,
    tasks: TaskSet,
    space: SearchSpace,
    seed: int,
    *,
    attempt: int,
    parent: Strategy,
    started: RoundStarted,
) -> ProposalContext:
    return ProposalContext(
        round=started.round,
        attempt=attempt,
        seed=seed,
        parent_id=started.parent_id,
        parent=parent,
        feedback=parent_feedback(state, tasks, started, seed),
        history=past_attempts(state),
        insights=tuple(reflection.insight for reflection in state.reflections),
        space=space,
        dev_rar={sid: c.dev_rar for sid, c in state.candidates.items() if c.dev_rar is not None},
    )


def state_as_of(state: SearchState, round_number: int, attempt: int) -> SearchState:
    """The state as a proposer saw it at (round, attempt): a reflection after the screen is
    asked with the same context, so a resumed search replays the same sessions."""
    return dataclasses.replace(
        state,
        candidates={k: c for k, c in state.candidates.items() if c.round < round_number},
        proposals=[p for p in state.proposals if p.round < round_number],
        rejections=[
            r
            for r in state.rejections
            if r.round < round_number or (r.round == round_number and r.attempt < attempt)
        ],
        screens={k: v for k, v in state.screens.items() if k < round_number},
        reflections=[x for x in state.reflections if x.round < round_number],
    )
