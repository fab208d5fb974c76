"""The fold at scale: outcomes in memory, traces read back from the journal on demand."""

from __future__ import annotations

import gc
import json
import warnings
from pathlib import Path

import pytest

from rsi.journal import (
    EVENTS_FILE,
    Evaluation,
    EvaluationOutcome,
    FollowingTraceFile,
    Journal,
    Reflection,
    RoundStarted,
    fold,
    read_events,
    read_outcome_events,
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


AGENT_TRACE = {
    "phases": [
        {"phase": "planning", "clauses_read": 4},
        {"phase": "calls", "total": {"turns": {"act": 3}, "tools": {"run_tests": 2}}},
    ],
    "usage": {"calls": 5, "input_tokens": 120},
}


def test_an_agent_pairs_calls_and_usage_are_folded_and_its_trace_read_back(
    tmp_path: Path,
) -> None:
    """A line holding a `calls` phase is folded with that phase's total and the trace's
    usage, without the trace; other lines that merely hold the word are folded as usual."""
    journal = Journal(tmp_path)
    journal.append("r1", Reflection(round=1, insight="calls"))  # `"insight":"calls"`
    journal.append("eval:a", _evaluation("a", AGENT_TRACE))
    journal.append("eval:b", _evaluation("b", {"phases": "calls", "usage": {"calls": 1}}))
    journal.close()
    for state in (read_state(tmp_path), Journal(tmp_path).fold()):
        held = state.evaluations["eval:a"]
        assert isinstance(held, EvaluationOutcome) and held.trace == {}
        assert held.calls == {"turns": {"act": 3}, "tools": {"run_tests": 2}}
        assert held.usage == {"calls": 5, "input_tokens": 120}
        assert state.trace("eval:a") == AGENT_TRACE
        other = state.evaluations["eval:b"]  # a `calls` value but no such phase
        assert (other.calls, other.usage) == (None, {"calls": 1})
    [reflection, outcome, _] = read_outcome_events(tmp_path)
    assert reflection.data == Reflection(round=1, insight="calls")
    assert outcome.data.trace == {} and outcome.data.calls == held.calls


@pytest.mark.parametrize("line", ['{"seq":1,"data":"calls"}', '[{"data":"calls"}]'])
def test_a_line_that_is_not_an_event_but_says_calls_is_a_user_error(
    tmp_path: Path, line: str
) -> None:
    (tmp_path / EVENTS_FILE).write_text(line + "\n", encoding="utf-8")
    with pytest.raises(UserInputError) as caught:
        read_state(tmp_path)
    assert "line 1 is not a valid event" in str(caught.value)


def test_a_trace_beyond_64_bit_integers_is_written_as_a_sorted_compact_utf8_line(
    tmp_path: Path,
) -> None:
    """orjson refuses to write an int beyond 64 bits; the stdlib writes that line the same
    way, and it reads back exactly: one beyond a float's range, and one within it that
    orjson would read as a float."""
    trace = {"zeta": 10**400, "alpha": {"naïve ✓": [1, 2]}}
    journal = Journal(tmp_path)
    journal.append("eval:a", _evaluation("a", trace))
    journal.close()
    raw = (tmp_path / EVENTS_FILE).read_bytes()
    assert raw.endswith(b"}\n") and raw.count(b"\n") == 1
    assert "naïve ✓".encode() in raw  # not \u-escaped
    assert b", " not in raw and b": " not in raw  # compact
    line = json.loads(raw)
    assert list(line) == sorted(line) and list(line["data"]) == sorted(line["data"])
    assert list(line["data"]["trace"]) == ["alpha", "zeta"]
    assert read_state(tmp_path).trace("eval:a") == trace
    reopened = Journal(tmp_path)
    assert reopened.trace("eval:a") == trace and reopened.get("eval:a").data.trace == trace
    within_a_float = {"eta": 2**70 + 1}  # orjson parses this line, as a float
    reopened.append("eval:b", _evaluation("b", within_a_float))
    assert reopened.trace("eval:b") == within_a_float
    assert isinstance(reopened.trace("eval:b")["eta"], int)
    reopened.close()
    assert Journal(tmp_path).trace("eval:b") == within_a_float


def test_a_following_trace_file_finds_the_lines_committed_since_its_last_lookup(
    tmp_path: Path,
) -> None:
    _write(tmp_path)
    traces = FollowingTraceFile(tmp_path / EVENTS_FILE)
    assert traces("eval:b") == {"error": "timeout ✓"}
    assert traces("eval:a") == TRACE
    journal = Journal(tmp_path)  # the run goes on while the reader holds its index
    journal.append("eval:c", _evaluation("c", {"new": [1, 2]}))
    journal.append("r2", Reflection(round=2, insight="later"))
    assert traces("eval:c") == {"new": [1, 2]}
    assert json.loads(traces.line("r2"))["data"]["insight"] == "later"
    assert traces("eval:a") == TRACE  # still indexed
    with pytest.raises(KeyError):
        traces("eval:missing")
    journal.close()
    traces.close()
    with pytest.raises(UserInputError) as missing:
        read_outcome_events(tmp_path / "nowhere")
    assert "no journal (events.jsonl) here" in str(missing.value)


def test_the_open_journal_reads_back_every_line_it_appended_also_once_closed(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    journal.append("r1", Reflection(round=1, insight="first"))
    journal.append("eval:a", _evaluation("a", TRACE))
    journal.append("eval:b", _evaluation("b", {"error": "timeout ✓"}))
    assert journal.trace("eval:b") == {"error": "timeout ✓"}
    assert journal.get("eval:b").data.task_id == "b" and journal.trace("eval:a") == TRACE
    state = journal.fold()
    journal.close()
    assert state.trace("eval:a") == TRACE  # a report may read a closed run's traces
    assert journal.get("r1").data == Reflection(round=1, insight="first")


def test_a_trace_file_dropped_without_close_closes_its_handle(tmp_path: Path) -> None:
    _write(tmp_path)
    traces = FollowingTraceFile(tmp_path / EVENTS_FILE)
    assert traces("eval:a") == TRACE
    gc.collect()  # what earlier tests left is collected outside the watch
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        del traces
        gc.collect()
    unclosed = [w for w in caught if issubclass(w.category, ResourceWarning)]
    assert not [w for w in unclosed if str(tmp_path) in str(w.message)]


def test_a_corrupt_line_a_following_reader_meets_names_its_byte_its_reason_and_its_file(
    tmp_path: Path,
) -> None:
    _write(tmp_path)
    path = tmp_path / EVENTS_FILE
    traces = FollowingTraceFile(path)
    assert traces("eval:a") == TRACE
    size = path.stat().st_size
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("{not json}\n")
    with pytest.raises(UserInputError) as caught:
        traces("eval:later")
    message = str(caught.value)
    assert message.startswith(f"{path}: the line at byte {size} is not a valid event: ")
    assert message.endswith("expected a string key: line 1 column 2 (char 1)")  # orjson's
    assert "\n" not in message
    traces.close()
    with pytest.raises(UserInputError) as folded:
        read_state(tmp_path)
    assert str(folded.value).startswith(f"{path}: line 4 is not a valid event: Invalid JSON")
    assert "\n" not in str(folded.value)
