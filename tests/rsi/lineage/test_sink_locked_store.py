"""The live sink meets a locked sqlite store (another process's long write): it waits the
lock out with its own retries instead of failing the batch, and retries nothing else.

MLflow's sqlite busy wait (20 s) is spent asleep, so `make test` runs the module in its
second pass's waiting lane (tests/conftest.py), not on a first-pass worker."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from rsi.journal import read_events
from rsi.lineage import LineageProjector, MlflowLineageSink, default_tracking_uri, sync_run_dir
from rsi.lineage.sink import is_locked
from tests.support.lineage_fixtures import write_journal


def test_the_sink_waits_out_a_locked_sqlite_database(tmp_path: Path) -> None:
    store = default_tracking_uri(tmp_path / "store")
    LineageProjector(store).experiment_id("lineage-locked")  # the schema exists before the lock
    run_dir = tmp_path / "run"
    write_journal(run_dir, experiment="lineage-locked")
    events = read_events(run_dir)

    holder = sqlite3.connect(
        tmp_path / "store" / "mlflow.db", isolation_level=None, check_same_thread=False
    )
    holder.execute("BEGIN EXCLUSIVE")  # another process's long write: nobody else gets in
    released = threading.Event()
    sink = MlflowLineageSink(run_dir, store, locked_retries=(0.5, 1.0, 2.0, 4.0, 8.0))

    def release_once_the_sink_met_the_lock() -> None:
        # MLflow's sqlite busy wait (20 s) runs out first; then the sink's own retries take over.
        deadline = time.monotonic() + 120
        while sink.locked_retried == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        holder.execute("COMMIT")
        released.set()

    threading.Thread(target=release_once_the_sink_met_the_lock, daemon=True).start()
    for event in events:
        sink.on_event(event)
    sink.close()
    assert released.is_set()
    holder.close()
    assert sink.locked_retried >= 1, "the lock never reached the sink: the test proves nothing"
    assert sink.failures() == []
    assert sink.synced_seq == events[-1].seq
    report = sync_run_dir(run_dir, store)
    assert (report.created, report.updated) == (0, 0)


@pytest.mark.parametrize(
    ("message", "locked"),
    [
        ("(sqlite3.OperationalError) database is locked", True),
        ("API request failed: database table is locked", True),
        ("(sqlite3.OperationalError) no such table: runs", False),
    ],
)
def test_only_a_locked_database_is_retried_at_once(message: str, locked: bool) -> None:
    assert is_locked(RuntimeError(message)) is locked
