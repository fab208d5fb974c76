"""The journal: idempotent ops, conflicts, fsynced appends, torn tails, the run lock, the fold."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import re
import signal
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from rsi.journal import (
    EVENTS_FILE,
    KILL_AFTER_ENV,
    CandidateKept,
    Evaluation,
    Journal,
    JournalConflict,
    Reflection,
    RoundStarted,
    RunLock,
    RunLocked,
    SearchStopped,
    fold,
    read_events,
)
from search_space.errors import UserInputError


def _evaluation(success: bool) -> Evaluation:
    return Evaluation(
        strategy_id="abc",
        task_id="t1",
        seed=42,
        purpose="train",
        success=success,
        initial_outcome="fail",
        reference_outcome="pass",
    )


def test_same_op_same_payload_is_a_no_op(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    first = journal.append("eval:1", _evaluation(True))
    again = journal.append("eval:1", _evaluation(True))
    assert again == first and len(journal) == 1
    assert len((tmp_path / EVENTS_FILE).read_text().splitlines()) == 1


def test_same_op_other_payload_is_a_conflict(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("eval:1", _evaluation(True))
    with pytest.raises(JournalConflict) as caught:
        journal.append("eval:1", _evaluation(False))
    assert str(caught.value) == "op 'eval:1' was recorded with a different payload"
    assert len(journal) == 1


def test_payloads_are_stored_as_pydantic_json(tmp_path: Path) -> None:
    """Free-form payload values (a path, a date) are written, and compared, in JSON form."""
    kept = CandidateKept(
        strategy_id="s1",
        parent_id=None,
        round=0,
        strategy={"agentSteps": 12},
        edit={"where": Path("a/b"), "on": date(2024, 1, 2), "values": (1, 2)},
    )
    journal = Journal(tmp_path)
    first = journal.append("keep:s1", kept)
    assert journal.append("keep:s1", kept) == first  # a replay, not a conflict
    journal.close()
    [event] = read_events(tmp_path)
    assert isinstance(event.data, CandidateKept)
    assert event.data.edit == {"where": "a/b", "on": "2024-01-02", "values": [1, 2]}


def test_each_line_is_sorted_utf8_json_with_a_utc_millisecond_timestamp(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    event = journal.append("r1", Reflection(round=1, insight="naïve ✓ — kept"))
    journal.close()
    raw = (tmp_path / EVENTS_FILE).read_bytes()
    assert "naïve ✓ — kept".encode() in raw  # readable, not \u-escaped
    line = json.loads(raw)
    assert list(line) == sorted(line) and list(line["data"]) == sorted(line["data"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", event.ts)
    assert datetime.fromisoformat(event.ts).utcoffset() == timedelta(0)


def test_read_events_reads_the_committed_events_of_a_run(tmp_path: Path) -> None:
    with pytest.raises(UserInputError) as missing:
        read_events(tmp_path)
    assert str(missing.value) == f"{tmp_path}: no journal (events.jsonl) here"
    journal = Journal(tmp_path / "runs" / "nested" / "run")  # parents are created
    journal.append("a", Reflection(round=1, insight="x"))
    journal.append("b", Reflection(round=2, insight="y"))
    with open(journal.path, "a") as handle:
        handle.write('{"seq": 3, "ts"')  # a torn tail is not committed: left out, left alone
    assert read_events(tmp_path / "runs" / "nested" / "run") == journal.events
    assert journal.path.read_text().endswith('{"seq": 3, "ts"')
    journal.close()


def _append_three_with_kill_hook(run_dir: str, kill_after: str, grouped: bool) -> None:
    os.environ[KILL_AFTER_ENV] = kill_after
    journal = Journal(Path(run_dir))
    with journal.group() if grouped else contextlib.nullcontext():
        for number in range(1, 4):
            journal.append(f"r{number}", Reflection(round=number, insight=f"insight {number}"))
    journal.close()


@pytest.mark.parametrize(
    ("kill_after", "grouped", "exitcode", "kept"),
    [("2", False, -signal.SIGKILL, 2), ("2", True, -signal.SIGKILL, 2), ("", True, 0, 3)],
)
def test_the_crash_hook_kills_the_process_right_after_the_kth_append(
    tmp_path: Path, kill_after: str, grouped: bool, exitcode: int, kept: int
) -> None:
    """RSI_TEST_KILL_AFTER_EVENT (the crash tests' hook): SIGKILL once event k is fsynced,
    inside a group too (the group's events up to k are committed first)."""
    child = multiprocessing.get_context("fork").Process(
        target=_append_three_with_kill_hook, args=(str(tmp_path), kill_after, grouped)
    )
    child.start()
    child.join(60)
    assert child.exitcode == exitcode
    assert [e.op for e in read_events(tmp_path)] == [f"r{n}" for n in range(1, kept + 1)]
    # Without the hook (it is only set in the child) the run continues where it stopped.
    journal = Journal(tmp_path)
    assert journal.append("next", Reflection(round=9, insight="on")).seq == kept + 1
    journal.close()


def test_reopen_keeps_seq_and_ops(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("a", Reflection(round=1, insight="x"))
    journal.append("b", Reflection(round=2, insight="y"))
    journal.close()
    reopened = Journal(tmp_path)
    assert [e.seq for e in reopened] == [1, 2]
    assert reopened.append("c", SearchStopped(reason="done")).seq == 3
    assert reopened.get("a") is not None


def test_appends_never_rewrite_earlier_bytes(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("a", Reflection(round=1, insight="x"))
    before = (tmp_path / EVENTS_FILE).read_bytes()
    journal.append("b", Reflection(round=2, insight="y"))
    assert (tmp_path / EVENTS_FILE).read_bytes().startswith(before)


def test_torn_last_line_is_dropped_on_open(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("a", Reflection(round=1, insight="x"))
    journal.close()
    with open(tmp_path / EVENTS_FILE, "a") as handle:
        handle.write('{"seq": 2, "ts": "x", "type": "refl')  # crash mid-write
    reopened = Journal(tmp_path)
    assert len(reopened) == 1
    assert reopened.append("b", Reflection(round=2, insight="y")).seq == 2
    lines = (tmp_path / EVENTS_FILE).read_text().splitlines()
    assert [json.loads(line)["op"] for line in lines] == ["a", "b"]


@pytest.mark.parametrize("torn_tail", [False, True])
def test_corrupt_middle_line_is_a_user_error_and_loses_nothing(
    tmp_path: Path, torn_tail: bool
) -> None:
    journal = Journal(tmp_path)
    for number in range(1, 6):
        journal.append(f"r{number}", Reflection(round=number, insight=f"insight {number}"))
    journal.close()
    path = tmp_path / EVENTS_FILE
    lines = path.read_text().splitlines(keepends=True)
    lines[2] = '{"seq": 3, "ts": "x", "type": "reflection", "op": "r3", "data": {"rou\n'
    text = "".join(lines) + ('{"seq": 6, "ts"' if torn_tail else "")
    path.write_text(text)
    before = path.read_bytes()
    for open_it in (Journal, read_events):
        with pytest.raises(UserInputError) as caught:
            open_it(tmp_path)
        message = str(caught.value)
        assert "line 3 is not a valid event" in message and str(path) in message
        assert path.read_bytes() == before, "a refused journal was rewritten or truncated"


def _try_lock(run_dir: str, queue: multiprocessing.Queue) -> None:
    try:
        with RunLock(Path(run_dir)):
            queue.put("locked")
    except RunLocked:
        queue.put("refused")


def test_one_process_drives_a_run(tmp_path: Path) -> None:
    queue: multiprocessing.Queue = multiprocessing.Queue()
    with RunLock(tmp_path):
        process = multiprocessing.Process(target=_try_lock, args=(str(tmp_path), queue))
        process.start()
        process.join(30)
        assert queue.get(timeout=5) == "refused"
    process = multiprocessing.Process(target=_try_lock, args=(str(tmp_path), queue))
    process.start()
    process.join(30)
    assert queue.get(timeout=5) == "locked"


def test_state_is_a_fold_of_the_events(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("round:1:start", RoundStarted(round=1, parent_id="p", tasks=("a", "b")))
    journal.append("eval:1", _evaluation(True))
    state = fold(journal.events)
    assert state.rounds_started[1].tasks == ("a", "b")
    assert list(state.evaluations) == ["eval:1"]
