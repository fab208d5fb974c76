"""Helpers on journal lines: an evaluation's op, its trace file, the fold's view of an event."""

from __future__ import annotations

from rsi.journal.events import Evaluation, Event
from rsi.journal.outcome import EvaluationOutcome


def op_file_name(op: str) -> str:
    """The file name of an evaluation's trace (and of its stored prefetched result)."""
    return op.replace(":", "__") + ".json"


def evaluation_op(purpose: str, strategy_id: str, task_id: str, seed: int) -> str:
    """The cache key of a paid evaluation: (strategy id, task id, seed, purpose)."""
    return f"eval:{purpose}:{strategy_id}:{task_id}:{seed}"


def without_trace(event: Event) -> Event:
    """`event` as the fold keeps it: an evaluation comes without its trace (read it back
    from the journal by op); any other event is returned as it is."""
    if not isinstance(event.data, Evaluation) or isinstance(event.data, EvaluationOutcome):
        return event
    return event.model_copy(update={"data": EvaluationOutcome.of(event.data)})
