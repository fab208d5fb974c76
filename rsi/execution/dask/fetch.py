"""Results of finished Dask futures, fetched in the background, many per round trip.

Fetching a result is a round trip to the cluster (through the scheduler, which relays it
from the worker). Made by the driver's thread, one per future or even one per wait, it
stops the driver from journaling and submitting while the data travels, and at a hundred
slots on a busy scheduler that idled most of them. Instead each future's done callback
hands it to a `ResultFetcher`, whose thread fetches everything that finished meanwhile
with one `client.gather` and only then reports those futures done to the pool's
`Completions`. The driver never waits on a transfer, and the busier the cluster the
larger (and fewer) the batches.

A future that failed or was cancelled is reported at once, without a value, and so is a
batch whose fetch failed: the pool's `result` then asks the future itself, in the
driver's thread, which raises what went wrong there.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Collection

from distributed import Client, Future
from distributed.comm.core import CommClosedError

from rsi.execution.completions import Completions
from rsi.execution.evaluation import EvaluationResult

logger = logging.getLogger(__name__)
_STOP = None
# How long a fetch waits, after the first finished future, for others to join its batch.
# On an idle cluster futures finish one at a time, and a gather each cost the driver's I/O
# thread about a millisecond per evaluation; the pool's queue_ahead covers far more than
# this delay, so no slot waits for it.
LINGER_S = 0.05


class ResultFetcher:
    """Fetches finished futures' values in batches on its own thread."""

    def __init__(self, client: Client, completions: Completions) -> None:
        self._client = client
        self._completions = completions
        self._finished: queue.SimpleQueue[Future | None] = queue.SimpleQueue()
        self._values: dict[Future, EvaluationResult] = {}
        self._lock = threading.Lock()
        self._direct = True
        self._thread = threading.Thread(target=self._run, name="rsi-dask-fetch", daemon=True)
        self._thread.start()

    def on_done(self, future: Future) -> None:
        """A future's done callback (Dask's callback thread)."""
        if future.status == "finished":
            self._finished.put(future)
        else:
            self._completions.note(future)

    def value(self, future: Future) -> EvaluationResult | None:
        """The fetched value of `future`, handed out once; None if it was not fetched."""
        with self._lock:
            return self._values.pop(future, None)

    def drop(self, futures: Collection[Future]) -> None:
        """Forget the values of cancelled futures."""
        with self._lock:
            for future in futures:
                self._values.pop(future, None)

    def close(self, timeout_s: float = 5.0) -> None:
        """Stop after the batch in transit; a fetch stuck on a lost cluster is left to its
        daemon thread rather than holding up the search's exit."""
        self._finished.put(_STOP)
        self._thread.join(timeout_s)

    def _run(self) -> None:
        while True:
            batch = [self._finished.get()]
            if batch[0] is not _STOP:
                time.sleep(LINGER_S)
            while True:
                try:
                    batch.append(self._finished.get_nowait())
                except queue.Empty:
                    break
            futures = [future for future in batch if future is not None]
            if futures:
                self._fetch(futures)
            if len(futures) < len(batch):
                return

    def _fetch(self, futures: list[Future]) -> None:
        try:
            values = self._gather(futures)
        except Exception as error:  # noqa: BLE001 - thread boundary, see below
            # Not hidden: reported without values, each future is asked again by the
            # pool's `result` in the driver's thread, where its error is raised.
            logger.debug("fetching %d results failed: %r", len(futures), error)
        else:
            with self._lock:
                self._values.update(zip(futures, values, strict=True))
        for future in futures:
            self._completions.note(future)

    def _gather(self, futures: list[Future]) -> list[EvaluationResult]:
        """Straight from the workers while they can be reached (the scheduler then relays
        no data); through the scheduler for good once they cannot (a driver outside the
        workers' network)."""
        if self._direct:
            try:
                return self._client.gather(futures, errors="raise", direct=True)
            except (OSError, CommClosedError) as error:
                logger.info(
                    "workers unreachable from the driver (%r): results through the scheduler", error
                )
                self._direct = False
        return self._client.gather(futures, errors="raise")
