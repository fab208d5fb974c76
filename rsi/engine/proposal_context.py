"""What a proposer is shown: the parent's training evidence and the search's history.

Only proposal-split tasks of the current round appear, with their public text, the
runner's own trace from the journal and, where it is stored and matches the journal's hash,
the evaluation's whole trajectory (`rsi/execution/trajectory.py`); dev RAR of kept candidates
may inform the search as numbers; release outcomes and dev per-task outcomes never appear.
The evolution DAG holds every candidate and attempt (rejections included); a candidate's
dev RAR reaches it through `dag_dev_rar` only.
"""

from __future__ import annotations

import dataclasses

from evaluators.tasks import TaskSet
from rsi.execution import TrajectoryStore
from rsi.journal import (
    Candidate,
    Evaluation,
    RoundStarted,
    Screened,
    SearchState,
    evaluation_op,
)
from rsi.proposers import (
    DagNode,
    Note,
    PastAttempt,
    ProposalContext,
    SelectionContext,
    TaskFeedback,
)
from search_space import SCALAR_FIELDS, SearchSpace, Strategy


def dag_dev_rar(candidate: Candidate) -> float | None:
    """The dev RAR a proposer is shown for a kept candidate (the one place it is read); an
    upper bound when the candidate's `dev_rar_at_most` is set."""
    return candidate.dev_rar


def evolution_dag(state: SearchState) -> tuple[DagNode, ...]:
    """Every kept candidate, screened child and rejected attempt, by round and attempt."""
    nodes: list[DagNode] = []
    for candidate in state.candidates.values():
        if candidate.parent_id is None:
            nodes.append(
                DagNode(0, 0, None, candidate.strategy_id, "initial", None, None, "initial",
                        "the initial strategy", dev_rar=dag_dev_rar(candidate))
            )  # fmt: skip
    for r in state.rejections:
        nodes.append(
            DagNode(r.round, r.attempt, r.parent_id, None, r.proposer, r.field, r.edit,
                    "rejected", f"{r.reason}: {r.message}")
        )  # fmt: skip
    for p in state.proposals:
        screened = state.screens.get(p.round)
        kept = state.candidates.get(p.child_id)
        if screened is None or screened.child_id != p.child_id:
            screened = None
            fate, reason = "pending", "not screened yet"
        else:
            fate = "kept" if screened.passed else "screen-failed"
            reason = screened.reason
        nodes.append(
            DagNode(
                p.round, p.attempt, p.parent_id, p.child_id, p.proposer, p.field, p.edit,
                fate,  # type: ignore[arg-type]
                reason,
                **_screen_counts(screened, state),
                dev_rar=dag_dev_rar(kept) if kept is not None else None,
                dev_rar_at_most=kept is not None and kept.dev_rar_at_most,
            )
        )  # fmt: skip
    return tuple(sorted(nodes, key=lambda n: (n.round, n.attempt)))


def _screen_counts(screened: Screened | None, state: SearchState) -> dict[str, int | None]:
    """A DAG node's screen counts: over the tasks the verdict read (`Screened.shown`, the
    same with racing on or off), and over every task the child ran and was paid for
    (`ran`: the whole minibatch, or what a race read before it stopped)."""
    if screened is None:
        return {}
    gain, regressions = screened.shown()
    decided = state.screens_decided.get(screened.round)
    started = state.rounds_started.get(screened.round)
    ran = decided.evaluated if decided is not None else len(started.tasks) if started else None
    return {
        "gain": gain,
        "regressions": regressions,
        "screen_read": screened.read,
        "ran": ran,
        "ran_gain": screened.child_successes - screened.parent_successes,
        "ran_regressions": screened.regressions,
    }


def insight_notes(state: SearchState) -> tuple[Note, ...]:
    return tuple(Note(x.round, x.insight) for x in state.reflections)


def selection_context(
    state: SearchState, space: SearchSpace, seed: int, *, round_number: int, rule_parent: str
) -> SelectionContext:
    """What session 0 sees at the start of `round_number`."""
    return SelectionContext(
        round=round_number,
        seed=seed,
        rule_parent_id=rule_parent,
        kept={sid: Strategy.model_validate(c.strategy) for sid, c in state.candidates.items()},
        dag=evolution_dag(state),
        notes=insight_notes(state),
        space=space,
    )


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
    state: SearchState,
    tasks: TaskSet,
    started: RoundStarted,
    seed: int,
    trajectories: TrajectoryStore | None = None,
) -> tuple[TaskFeedback, ...]:
    """The parent's journaled training evaluations on this round's minibatch."""
    return _feedback(state, tasks, started, started.parent_id, seed, trajectories)


def child_feedback(
    state: SearchState,
    tasks: TaskSet,
    started: RoundStarted,
    child_id: str,
    seed: int,
    trajectories: TrajectoryStore | None = None,
) -> tuple[TaskFeedback, ...]:
    """The child's journaled training evaluations on this round's minibatch (reflection)."""
    return _feedback(state, tasks, started, child_id, seed, trajectories)


def _feedback(
    state: SearchState,
    tasks: TaskSet,
    started: RoundStarted,
    strategy_id: str,
    seed: int,
    trajectories: TrajectoryStore | None,
) -> tuple[TaskFeedback, ...]:
    feedback = []
    for task_id in started.tasks:
        op = evaluation_op("train", strategy_id, task_id, seed)
        data = state.evaluations.get(op)
        if not isinstance(data, Evaluation):
            continue
        public = tasks.get(task_id).public()
        trace = state.trace(op)  # read from the journal only now
        whole = trajectories.read(trace.get("trajectory")) if trajectories else None
        feedback.append(
            TaskFeedback(
                task_id=task_id,
                context=public.context.value,
                instruction=public.instruction,
                success=data.success,
                initial_outcome=data.initial_outcome,
                reference_outcome=data.reference_outcome,
                runner_error=data.runner_error,
                trace=trace,
                trajectory=whole,  # verified against the journal's hash; None if missing
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
    trajectories: TrajectoryStore | None = None,
) -> ProposalContext:
    """What a proposal attempt sees; the parent's trajectories are read from
    `trajectories` (the run's traces/) where they are stored and match their hash."""
    selection = started.selection or {}
    return ProposalContext(
        round=started.round,
        attempt=attempt,
        seed=seed,
        parent_id=started.parent_id,
        parent=parent,
        feedback=parent_feedback(state, tasks, started, seed, trajectories),
        history=past_attempts(state),
        insights=tuple(reflection.insight for reflection in state.reflections),
        space=space,
        dev_rar={
            sid: rar for sid, c in state.candidates.items() if (rar := dag_dev_rar(c)) is not None
        },
        dag=evolution_dag(state),
        notes=insight_notes(state),
        focus=str(selection.get("field") or ""),
        focus_reason=str(selection.get("reason") or ""),
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
