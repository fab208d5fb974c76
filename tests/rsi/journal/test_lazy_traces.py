"""The fold at scale: outcomes in memory, traces read back from the journal on demand."""

from __future__ import annotations

from pathlib import Path

import pytest

from rsi.journal import (
    EVENTS_FILE,
    Evaluation,
    EvaluationOutcome,
    Journal,
    Reflection,
    RoundStarted,
    fold,
    read_events,
    read_state,
)
from search_space.errors import UserInputError

TRACE = {"phases": [{"phase": "planning", "clauses_read": 4}], "usage": {"steps": 8}}


def _evaluation(task: str, trace: dict[str, object]) -> Evaluation:
    return Evaluation(
        strategy_id="s0",
        task_id=task,
        seed=42,
        purpose="train",
        success=task == "a",
        initial_outcome="fail",
        reference_outcome="pass",
        trace=trace,
    )


def _write(run_dir: Path) -> None:
    journal = Journal(run_dir)
    journal.append("round:1:start", RoundStarted(round=1, parent_id="s0", tasks=("a", "b")))
    journal.append("eval:a", _evaluation("a", TRACE))
    journal.append("eval:b", _evaluation("b", {"error": "timeout ✓"}))
    journal.close()


def test_read_state_keeps_outcomes_and_reads_a_trace_back_when_asked(tmp_path: Path) -> None:
    _write(tmp_path)
    state = read_state(tmp_path)
    held = state.evaluations["eval:a"]
    assert isinstance(held, EvaluationOutcome) and held.trace == {}
    assert (held.success, held.task_id) == (True, "a")
    assert state.trace("eval:a") == TRACE
    assert state.trace("eval:b") == {"error": "timeout ✓"}
    with pytest.raises(KeyError):
        state.trace("eval:missing")


def test_the_open_journal_folds_outcomes_and_serves_traces_of_old_and_new_lines(
    tmp_path: Path,
) -> None:
    _write(tmp_path)
    journal = Journal(tmp_path)
    state = journal.fold()
    assert state.trace("eval:a") == TRACE  # written by an earlier process
    journal.append("eval:c", _evaluation("c", {"new": [1, 2]}))
    assert state.evaluations["eval:c"].trace == {}  # folded by the append, without its trace
    assert state.trace("eval:c") == {"new": [1, 2]}
    assert journal.get("eval:c").data.trace == {"new": [1, 2]}  # the stored event is whole
    assert "eval:c" in journal and "eval:z" not in journal and len(journal) == 4
    journal.close()
    # The same outcomes as folding every whole event in memory, which keeps the traces.
    whole = fold(read_events(tmp_path))
    assert whole.trace("eval:a") == TRACE
    assert {op: e.success for op, e in whole.evaluations.items()} == {
        op: e.success for op, e in read_state(tmp_path).evaluations.items()
    }


def test_the_streaming_fold_refuses_a_corrupt_line_with_its_number(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("r1", Reflection(round=1, insight="x"))
    journal.close()
    with open(tmp_path / EVENTS_FILE, "a", encoding="utf-8") as handle:
        handle.write("{not json}\n")
    with pytest.raises(UserInputError) as caught:
        read_state(tmp_path)
    assert "line 2 is not a valid event" in str(caught.value)
