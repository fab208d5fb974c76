"""The release-split ledger: one run per split, claimed atomically, overrides recorded."""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from rsi.release import ReleaseLedger, ReleaseSplitTaken
from rsi.release.ledger import LEDGER_FILE, LOCK_FILE, LedgerEntry
from search_space.errors import UserInputError

SPLIT = "ab" * 32


def test_first_run_reserves_and_a_resume_keeps_its_claim(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    first = ledger.reserve(SPLIT, "run-a", override=False)
    again = ledger.reserve(SPLIT, "run-a", override=False)
    assert first == again
    assert not first.override
    assert [e.status for e in ledger.entries()] == ["reserved"]


def test_a_second_run_is_refused_naming_the_holder_and_the_ways_out(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    ledger.reserve(SPLIT, "run-a", override=False)
    with pytest.raises(ReleaseSplitTaken) as refused:
        ledger.reserve(SPLIT, "run-b", override=False)
    message = str(refused.value)
    assert "run-a" in message and "is already reserved by" in message
    assert "[data] seed" in message and "--override-consumed" in message
    assert "\n" not in message
    assert [e.run_id for e in ledger.entries()] == ["run-a"]  # the refusal wrote nothing


def test_a_consumed_split_says_it_decided_a_gate(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    ledger.consume(ledger.reserve(SPLIT, "run-a", override=False))
    assert "decided a gate in run run-a" in (ledger.conflict(SPLIT, "run-b") or "")
    assert ledger.conflict(SPLIT, "run-a") is None
    assert ledger.conflict("cd" * 32, "run-b") is None  # another split is free


def test_override_is_recorded_and_does_not_disturb_the_first_claim(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    first = ledger.reserve(SPLIT, "run-a", override=False)
    second = ledger.reserve(SPLIT, "run-b", override=True)
    assert second.override and [e.run_id for e in second.earlier] == ["run-a"]
    # run-a claimed first: the later override does not make its gate an override.
    assert ledger.reserve(SPLIT, "run-a", override=False) == first
    assert not first.override
    # run-b resumes without the flag: its recorded override stands.
    assert ledger.reserve(SPLIT, "run-b", override=False).override
    lines = [json.loads(x) for x in (tmp_path / LEDGER_FILE).read_text().splitlines()]
    assert [(x["run_id"], x["override"]) for x in lines] == [("run-a", False), ("run-b", True)]


def test_consume_is_written_once_even_when_a_gate_is_replayed(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    claim = ledger.reserve(SPLIT, "run-a", override=False)
    ledger.consume(claim)
    ledger.consume(claim)
    assert [e.status for e in ledger.entries()] == ["reserved", "consumed"]


def test_lines_from_before_reservations_count_as_consumed(tmp_path: Path) -> None:
    legacy = {"override": False, "release_hash": SPLIT, "run_id": "old"}
    (tmp_path / LEDGER_FILE).write_text(json.dumps(legacy) + "\n")
    assert "decided a gate in run old" in (ReleaseLedger(tmp_path).conflict(SPLIT, "new") or "")


def test_a_malformed_ledger_line_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / LEDGER_FILE).write_text('{"run_id": "x"}\n')
    with pytest.raises(UserInputError, match="line 1 is not a ledger entry"):
        ReleaseLedger(tmp_path).entries()


def test_the_refusal_is_one_line_naming_the_ledger_split_and_holder(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    ledger.reserve(SPLIT, "run-a", override=False)
    with pytest.raises(ReleaseSplitTaken) as refused:
        ledger.reserve(SPLIT, "run-b", override=False)
    assert str(refused.value) == (
        f"{tmp_path / LEDGER_FILE}: release split {SPLIT[:12]} is already reserved by run "
        "run-a; use another [data] seed for a fresh split, or pass --override-consumed "
        "(the override is recorded)"
    )


def test_claims_on_other_splits_do_not_hide_a_runs_own_claim(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    other = "cd" * 32
    ledger.reserve(other, "run-z", override=False)
    first = ledger.reserve(SPLIT, "run-a", override=False)
    ledger.reserve(other, "run-y", override=True)
    second = ledger.reserve(SPLIT, "run-b", override=True)
    assert ledger.reserve(SPLIT, "run-a", override=False) == first  # a resume, not a conflict
    resumed = ledger.reserve(SPLIT, "run-b", override=False)
    assert resumed == second
    assert resumed.earlier == (LedgerEntry(SPLIT, "run-a", False, "reserved"),)


def test_an_override_stays_recorded_when_the_gate_is_consumed(tmp_path: Path) -> None:
    ledger = ReleaseLedger(tmp_path)
    ledger.consume(ledger.reserve(SPLIT, "run-a", override=False))
    ledger.consume(ledger.reserve(SPLIT, "run-b", override=True))
    assert [(e.run_id, e.override, e.status) for e in ledger.entries()] == [
        ("run-a", False, "reserved"),
        ("run-a", False, "consumed"),
        ("run-b", True, "reserved"),
        ("run-b", True, "consumed"),
    ]


def test_a_released_split_is_free_again_and_each_runs_override_stays_recorded(
    tmp_path: Path,
) -> None:
    """Runs that end without a gate give the split back; a later run claims it as the
    first (no override, also when it resumes), and the ledger still says who overrode."""
    ledger = ReleaseLedger(tmp_path)
    first = ledger.reserve(SPLIT, "run-a", override=False)
    second = ledger.reserve(SPLIT, "run-b", override=True)
    ledger.release(second)
    ledger.release(first)
    third = ledger.reserve(SPLIT, "run-c", override=False)
    assert not third.override and third.earlier == ()
    assert ledger.reserve(SPLIT, "run-c", override=False) == third  # resumed: still the first
    assert "reserved by run run-c" in (ledger.conflict(SPLIT, "run-d") or "")  # not a or b
    assert [(e.run_id, e.override, e.status) for e in ledger.entries()] == [
        ("run-a", False, "reserved"),
        ("run-b", True, "reserved"),
        ("run-b", True, "released"),
        ("run-a", False, "released"),
        ("run-c", False, "reserved"),
    ]


def test_entries_read_override_flags_and_skip_blank_lines(tmp_path: Path) -> None:
    lines = [
        {"release_hash": SPLIT, "run_id": "old"},  # before overrides were recorded
        {},
        {"release_hash": SPLIT, "run_id": "new", "override": True, "status": "reserved"},
    ]
    text = "\n".join(json.dumps(line) if line else "  " for line in lines) + "\n"
    (tmp_path / LEDGER_FILE).write_text(text)
    assert ReleaseLedger(tmp_path).entries() == [
        LedgerEntry(SPLIT, "old", False, "consumed"),
        LedgerEntry(SPLIT, "new", True, "reserved"),
    ]


def test_a_malformed_line_names_the_ledger_file(tmp_path: Path) -> None:
    path = tmp_path / LEDGER_FILE
    path.write_text(json.dumps({"release_hash": SPLIT, "run_id": "a"}) + "\nnot json\n")
    with pytest.raises(UserInputError) as caught:
        ReleaseLedger(tmp_path).entries()
    assert str(caught.value) == f"{path}: line 2 is not a ledger entry"


class _SlowLedger(ReleaseLedger):
    """Widens the window between reading the ledger and appending to it, so that without
    the lock several claims would all read an empty ledger."""

    def _append(self, entry: LedgerEntry) -> None:
        time.sleep(0.05)
        super()._append(entry)


def _claim(runs_dir: str, run_id: str, start: multiprocessing.synchronize.Event) -> bool:
    start.wait()
    try:
        _SlowLedger(Path(runs_dir)).reserve(SPLIT, run_id, override=False)
    except ReleaseSplitTaken:
        return False
    return True


def test_of_many_runs_started_at_once_exactly_one_gets_the_split(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    manager = context.Manager()
    start = manager.Event()
    with context.Pool(8) as pool:
        pending = [pool.apply_async(_claim, (str(tmp_path), f"run-{i}", start)) for i in range(8)]
        start.set()  # release all eight claims together
        won = [p.get(timeout=60) for p in pending]
    assert sum(won) == 1
    entries = ReleaseLedger(tmp_path).entries()
    assert len(entries) == 1 and entries[0].run_id == f"run-{won.index(True)}"


class _LockProbe(ReleaseLedger):
    """A ledger that notes every read or append made while nobody holds the ledger's lock."""

    def __init__(self, runs_dir: Path) -> None:
        super().__init__(runs_dir)
        self.unlocked: list[str] = []

    def _lock_held(self) -> bool:
        # flock locks belong to open file descriptions: a second open of the same file
        # conflicts with the ledger's own lock even inside this process.
        fd = os.open(self.path.parent / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(fd)  # closing drops the probe's own lock, if it got one
        return False

    def entries(self) -> list[LedgerEntry]:
        if not self._lock_held():
            self.unlocked.append("read")
        return super().entries()

    def _append(self, entry: LedgerEntry) -> None:
        if not self._lock_held():
            self.unlocked.append(f"append {entry.status}")
        super()._append(entry)


def test_reserve_and_consume_read_and_append_only_under_the_lock(tmp_path: Path) -> None:
    """The race below can pass by luck without the lock; this check cannot."""
    first, second = _LockProbe(tmp_path), _LockProbe(tmp_path)
    held = first.reserve(SPLIT, "run-a", override=False)
    first.reserve(SPLIT, "run-a", override=False)  # a resume
    with pytest.raises(ReleaseSplitTaken):
        second.reserve(SPLIT, "run-b", override=False)
    second.reserve(SPLIT, "run-b", override=True)
    first.consume(held)
    assert first.unlocked == [] and second.unlocked == []
    assert [e.status for e in ReleaseLedger(tmp_path).entries()] == [
        "reserved",
        "reserved",
        "consumed",
    ]
