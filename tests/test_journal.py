"""The journal: idempotent ops, conflicts, fsynced appends, torn tails, the run lock, the fold."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from rsi.journal import (
    EVENTS_FILE,
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
    with pytest.raises(JournalConflict):
        journal.append("eval:1", _evaluation(False))


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
    assert state.consumed_tasks() == {"a", "b"}
    assert list(state.evaluations) == ["eval:1"]
