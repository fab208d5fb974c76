"""The engine's live MLflow mirror: a `rsi.engine.LineageSink` that never blocks the search.

`on_event` only queues. One background thread drains the queue in batches and, per batch
that changes the projection (any event but an evaluation), re-syncs the whole journal so far
through the idempotent `LineageProjector` (one run search plus the writes that differ), so a
batch that failed is repaired by the next.
A failed batch is reported once through `failures()` as `LineageFailed(event_seq=<the
batch's last event>, error=<one line>)`, which the engine journals; while failing, attempts
back off (2 s doubling to 30 s) so an outage yields a handful of failures, not one per event.
`close()` flushes with a bounded wait; whatever is still missing is filled by
`rsi mlflow sync`.

Many searches, one sqlite store: sqlite lets one writer in at a time and a waiting writer
gives up after 5 s with `database is locked`. Such a batch is retried at once with short,
jittered, doubling waits (`locked_retries`) before it counts as failed; a store shared by
a team belongs on a database server (`mlflow server --backend-store-uri postgresql://...`).

HTTP stores: unless the environment says otherwise, MLflow's retries are cut to 2 with
backoff factor 1 and a 30 s timeout, so a dead server fails a batch in seconds, not minutes.
"""

from __future__ import annotations

import os
import queue
import random
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import requests
from mlflow.exceptions import MlflowException
from sqlalchemy.exc import SQLAlchemyError

from rsi.config import ExperimentConfig
from rsi.journal import (
    EVENTS_FILE,
    Evaluation,
    Event,
    FollowingTraceFile,
    LineageFailed,
    TraceSource,
    read_outcome_events,
    without_trace,
)
from rsi.lineage.projector import LineageProjector, tracking_uri_for

# What an unreachable or broken store raises: MLflow's own errors, HTTP errors that escape
# its retry layer, database errors of SQL stores, and file-system errors of artifact stores.
STORE_ERRORS = (MlflowException, requests.RequestException, SQLAlchemyError, OSError)
HTTP_DEFAULTS = {
    "MLFLOW_HTTP_REQUEST_MAX_RETRIES": "2",
    "MLFLOW_HTTP_REQUEST_BACKOFF_FACTOR": "1",
    "MLFLOW_HTTP_REQUEST_TIMEOUT": "30",
}
_STOP = object()
LOCKED_RETRIES = (0.25, 0.5, 1.0, 2.0, 4.0)  # seconds before each retry of a locked batch


def is_locked(error: BaseException) -> bool:
    """sqlite's `database is locked` (or busy), however MLflow or SQLAlchemy wrapped it."""
    text = str(error).lower()
    return "database is locked" in text or "database table is locked" in text


def one_line(error: BaseException, limit: int = 300) -> str:
    first = next((line.strip() for line in str(error).splitlines() if line.strip()), "")
    text = f"{type(error).__name__}: {first}" if first else type(error).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


class MlflowLineageSink:
    """Mirrors a run's journal into the MLflow store at `tracking_uri` from a daemon thread."""

    def __init__(
        self,
        run_dir: Path,
        tracking_uri: str,
        *,
        close_timeout_s: float = 60.0,
        backoff_s: tuple[float, float] = (2.0, 30.0),
        locked_retries: Sequence[float] = LOCKED_RETRIES,
    ) -> None:
        for name, value in HTTP_DEFAULTS.items():
            os.environ.setdefault(name, value)
        self.run_dir = run_dir
        self.tracking_uri = tracking_uri
        self.close_timeout_s = close_timeout_s
        self._backoff = backoff_s
        self._locked_retries = tuple(locked_retries)
        self._jitter = random.Random()  # spreads the retries of searches sharing one store
        self.locked_retried = 0  # batches that met a locked database and were retried
        self._queue: queue.Queue[object] = queue.Queue()
        self._lock = threading.Lock()
        self._failures: list[LineageFailed] = []
        self._reported: set[int] = set()
        self._last_seq = 0  # the newest event the worker has taken off the queue
        self._queued_seq = 0  # the newest event handed to on_event (engine thread only)
        self.synced_seq = 0  # the last event seq a successful sync covered
        self.syncs = 0
        self._thread = threading.Thread(target=self._work, name="rsi-lineage", daemon=True)
        self._thread.start()

    # --- the LineageSink protocol -----------------------------------------------------------

    def on_event(self, event: Event) -> None:
        self._queued_seq = max(self._queued_seq, event.seq)
        self._queue.put(event)

    def failures(self) -> list[LineageFailed]:
        with self._lock:
            drained, self._failures = self._failures, []
        return drained

    def close(self) -> None:
        """Flush: one last sync of everything queued, waiting at most `close_timeout_s`."""
        self._queue.put(_STOP)
        self._thread.join(self.close_timeout_s)
        if self._thread.is_alive():
            self._fail(
                self._queued_seq,
                f"lineage sync did not finish within {self.close_timeout_s:g} s; "
                "run `rsi mlflow sync` to complete it",
            )

    # --- the background thread --------------------------------------------------------------

    def _fail(self, seq: int, error: str) -> None:
        with self._lock:
            # One lineage_failed per event, as its journal op is keyed by seq; seq 0 means no
            # event was being mirrored, so nothing is missing.
            if seq <= 0 or seq in self._reported:
                return
            self._reported.add(seq)
            self._failures.append(LineageFailed(event_seq=seq, error=error))

    def _work(self) -> None:
        try:
            self._loop()
        except Exception as error:  # noqa: BLE001 - thread boundary, see below
            # A bug in the projection must not kill the search either; it is journaled (not
            # hidden) and the mirror stops, since retrying a bug cannot help.
            self._fail(self._last_seq, f"lineage mirror stopped: {one_line(error)}")

    def _drain(self, timeout: float | None) -> list[object]:
        """Wait up to `timeout` (None: forever) for one item, then take all queued ones."""
        try:
            items = [self._queue.get(timeout=timeout)]
        except queue.Empty:
            return []
        while True:
            try:
                items.append(self._queue.get_nowait())
            except queue.Empty:
                return items

    def _loop(self) -> None:
        # Evaluations are held without their traces (most of a journal's bytes); a round's
        # artifacts read the few they show back from the journal file by op.
        events: dict[int, Event] = {}
        traces = FollowingTraceFile(self.run_dir / EVENTS_FILE)
        projector: LineageProjector | None = None
        dirty, stopping = False, False
        delay, retry_at = 0.0, 0.0  # delay > 0 while failing: next attempt at retry_at
        while not stopping:
            timeout = max(0.0, retry_at - time.monotonic()) if delay else None
            for item in self._drain(timeout):
                if isinstance(item, Event):
                    events[item.seq] = without_trace(item)
                    self._last_seq = max(self._last_seq, item.seq)
                    # An evaluation alone changes no run: it shows up through the screen or
                    # dev score that follows it. Skipping those batches saves most syncs.
                    dirty = dirty or not isinstance(item.data, Evaluation)
                else:
                    stopping = True
            if not dirty:
                self.synced_seq = self._last_seq
                continue
            if delay and not stopping and time.monotonic() < retry_at:
                continue  # backing off: keep queueing, sync later
            target = self._last_seq
            try:
                if 1 not in events:  # a resumed run: the earlier events are in the file
                    events |= {e.seq: e for e in read_outcome_events(self.run_dir)}
                ordered = [events[seq] for seq in sorted(events)]
                projector = self._sync(projector, ordered, traces)
            except STORE_ERRORS as error:
                self._fail(target, one_line(error))
                low, high = self._backoff
                delay = min(high, delay * 2) if delay else low
                retry_at = time.monotonic() + delay
                continue
            dirty, delay = False, 0.0
            self.synced_seq, self.syncs = target, self.syncs + 1

    def _sync(
        self, projector: LineageProjector | None, events: list[Event], traces: TraceSource
    ) -> LineageProjector:
        """One sync (opening the store if need be); a locked sqlite database is waited out
        with jittered, doubling pauses. Returns the projector for the next batch."""
        for pause in (*self._locked_retries, None):
            try:
                projector = projector or LineageProjector(self.tracking_uri, run_dir=self.run_dir)
                projector.sync(events, traces)
                return projector
            except STORE_ERRORS as error:
                if pause is None or not is_locked(error):
                    raise
                self.locked_retried += 1
                time.sleep(pause * (0.5 + self._jitter.random()))
        raise AssertionError("unreachable: the last attempt returns or raises")


def sink_for(config: ExperimentConfig, run_dir: Path) -> MlflowLineageSink | None:
    """The sink `rsi search`/`rsi resume` attach, or None when `[mlflow] enabled = false`."""
    if not config.mlflow.enabled:
        return None
    return MlflowLineageSink(run_dir, tracking_uri_for(config))
