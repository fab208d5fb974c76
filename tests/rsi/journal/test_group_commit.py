"""Group commit: appends inside `Journal.group()` reach the file in one write and one fsync
when the group ends; until then this journal sees them and the file does not, so a crash
loses at most the group in progress, never a committed line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rsi.journal import (
    EVENTS_FILE,
    KILL_AFTER_ENV,
    Evaluation,
    Journal,
    JournalConflict,
    Reflection,
    read_events,
)
from tests.support.search_fixtures import ROOT


def _evaluation(task_id: str, success: bool = True, kb: int = 0) -> Evaluation:
    return Evaluation(
        strategy_id="abc",
        task_id=task_id,
        seed=42,
        purpose="train",
        success=success,
        initial_outcome="fail",
        reference_outcome="pass",
        trace={"checks": [{"output": "x" * 1024}] * kb},
    )


def _lines(run_dir: Path) -> int:
    path = run_dir / EVENTS_FILE
    return len(path.read_bytes().splitlines()) if path.exists() else 0


def test_a_group_is_one_write_and_one_fsync_seen_by_the_journal_before_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fsyncs: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (fsyncs.append(fd), real_fsync(fd))[1])
    journal = Journal(tmp_path)
    journal.append("r1", Reflection(round=1, insight="before"))
    assert (_lines(tmp_path), len(fsyncs), journal.commits) == (1, 1, 1)
    with journal.group():
        for number in range(5):
            journal.append(f"eval:{number}", _evaluation(f"t{number}", kb=2))
        assert _lines(tmp_path) == 1  # not acknowledged yet
        assert "eval:3" in journal and len(journal) == 6
        stored = journal.get("eval:3")
        assert stored is not None and stored.seq == 5
        assert journal.trace("eval:4") == _evaluation("t4", kb=2).trace
        assert set(journal.fold().evaluations) == {f"eval:{n}" for n in range(5)}
    assert (_lines(tmp_path), len(fsyncs), journal.commits) == (6, 2, 2)
    journal.close()

    ungrouped = tmp_path / "ungrouped"
    plain = Journal(ungrouped)
    plain.append("r1", Reflection(round=1, insight="before"))
    for number in range(5):
        plain.append(f"eval:{number}", _evaluation(f"t{number}", kb=2))
    plain.close()

    def content(run_dir: Path) -> list[tuple[int, str, object]]:
        return [(e.seq, e.op, e.data) for e in read_events(run_dir)]

    assert content(tmp_path) == content(ungrouped)
    assert Journal(tmp_path).trace("eval:4") == _evaluation("t4", kb=2).trace


def test_inside_a_group_an_op_is_still_appended_once_and_conflicts_are_refused(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    with journal.group():
        first = journal.append("eval:1", _evaluation("t1"))
        assert journal.append("eval:1", _evaluation("t1")) == first
        with pytest.raises(JournalConflict):
            journal.append("eval:1", _evaluation("t1", success=False))
    assert _lines(tmp_path) == 1


def test_a_group_left_by_an_exception_still_commits_what_it_appended(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    with pytest.raises(RuntimeError), journal.group():
        journal.append("eval:1", _evaluation("t1"))
        raise RuntimeError("the caller failed after appending")
    assert _lines(tmp_path) == 1
    assert [e.op for e in read_events(tmp_path)] == ["eval:1"]


def test_nested_groups_commit_once_at_the_outermost_end(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    with journal.group():
        journal.append("eval:1", _evaluation("t1"))
        with journal.group():
            journal.append("eval:2", _evaluation("t2"))
        assert _lines(tmp_path) == 0
    assert (_lines(tmp_path), journal.commits) == (2, 1)


_CRASH_IN_GROUP = """
import os, signal, sys
from pathlib import Path
from rsi.journal import Evaluation, Journal, Reflection
journal = Journal(Path(sys.argv[1]))
journal.append("r1", Reflection(round=1, insight="committed"))
with journal.group():
    journal.append("r2", Reflection(round=2, insight="committed too"))
with journal.group():
    for number in range(4):
        journal.append(f"eval:{number}", Evaluation(
            strategy_id="abc", task_id=f"t{number}", seed=42, purpose="train", success=True,
            initial_outcome="fail", reference_outcome="pass"))
    os.kill(os.getpid(), signal.SIGKILL)
"""


def _crash(run_dir: Path, kill_after: int | None = None) -> int:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    env.pop(KILL_AFTER_ENV, None)
    if kill_after is not None:
        env[KILL_AFTER_ENV] = str(kill_after)
    argv = [sys.executable, "-c", _CRASH_IN_GROUP, str(run_dir)]
    return subprocess.run(argv, env=env, timeout=120, check=False).returncode


def test_a_crash_inside_a_group_loses_that_group_and_nothing_committed(tmp_path: Path) -> None:
    assert _crash(tmp_path) == -signal.SIGKILL
    journal = Journal(tmp_path)
    assert [e.op for e in journal] == ["r1", "r2"]
    journal.append("eval:0", _evaluation("t0"))  # the resumed run goes on from there
    assert [e.seq for e in journal] == [1, 2, 3]


def test_the_kill_hook_inside_a_group_leaves_exactly_k_events(tmp_path: Path) -> None:
    """The crash-chain tests kill right after the k-th event; inside a group that event is
    committed (with the group's earlier ones) before the kill."""
    assert _crash(tmp_path, kill_after=4) == -signal.SIGKILL
    assert [e.op for e in Journal(tmp_path)] == ["r1", "r2", "eval:0", "eval:1"]
