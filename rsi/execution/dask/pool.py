"""Evaluations on a Dask cluster: workers evaluate, the driver alone journals.

Dask does the scheduling, the rescheduling after a lost worker and the dashboard; this
module only connects (or starts a `LocalCluster`), checks every worker against the
driver, ships the evaluation services once per run as a worker plugin, notes in the trace
which evaluations were rescheduled, and turns a lost scheduler or a cluster without
workers into `ExecutorLost`, which stops the search as SIGTERM does.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
import uuid
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from distributed import Client, Future, KilledWorker, LocalCluster
from distributed.comm.core import CommClosedError

from rsi.config import ExecutorSection, ServicesConfig
from rsi.execution.completions import Completions
from rsi.execution.dask.fetch import ResultFetcher
from rsi.execution.dask.worker import (
    REFUSED_TOPIC,
    EvaluationWorkerPlugin,
    WorkerIdentity,
    WorkerKit,
    WorkerRefused,
    describe_worker,
    differences,
    driver_identity,
    evaluate_on_worker,
    full_record,
)
from rsi.execution.evaluation import EvaluationResult, EvaluationServices, ExecutorLost
from rsi.execution.pools import Work
from rsi.journal import Purpose
from search_space import Strategy, UserInputError

logger = logging.getLogger(__name__)
POLL_S = 1.0  # how often a wait looks at the cluster's health while nothing finishes
_UNREACHABLE = (OSError, TimeoutError, CommClosedError)


class DaskPool:
    """An `EvaluationPool` on a connected `Client` whose workers passed the check; they
    build their services from `config` (shipped in the worker plugin)."""

    def __init__(
        self,
        client: Client,
        executor: ExecutorSection,
        config: ServicesConfig,
        run_dir: Path,
        kit: WorkerKit,
    ) -> None:
        self.client = client
        self.executor = executor
        self.config = config
        self.kit = kit
        self.plugin_name = f"rsi-evaluation-{run_dir.name}"
        self.capacity = config.workers
        self.refused: list[str] = []  # one line per worker refused after the start
        self._rescheduled: dict[str, list[str]] = {}  # task key -> workers lost while on it
        self._lock = threading.Lock()
        self._completions = Completions()
        self._fetcher = ResultFetcher(client, self._completions)
        self._keys = itertools.count()
        self._token = uuid.uuid4().hex[:8]
        self._no_workers_since: float | None = None
        self._started = False

    # --- start: check the workers, ship the services ---------------------------------------

    def start(self, services: EvaluationServices, run_dir: Path, *, local: bool) -> None:
        """Check every worker (one line naming it and what differs, exit 2), then register
        the plugin that checks later workers and holds each worker's services."""
        expected = driver_identity(services)
        self._check_workers(expected)
        plugin = EvaluationWorkerPlugin(
            self.config, expected, str(run_dir.resolve()), self.kit, ignore_interrupts=local
        )
        try:
            self.client.register_plugin(plugin, name=self.plugin_name)
        except WorkerRefused as refused:  # a worker that joined since the check
            raise UserInputError(str(refused), source="executor") from None
        self.client.subscribe_topic("all", self._on_cluster_event)
        self.client.subscribe_topic(REFUSED_TOPIC, self._on_refused)
        self._started = True
        threads = sum(self.client.nthreads().values())
        self.capacity = max(self.config.workers, threads)

    def _check_workers(self, expected: WorkerIdentity) -> None:
        if not self.client.nthreads():
            try:
                self.client.wait_for_workers(1, timeout=self.executor.lost_after_s)
            except TimeoutError:
                raise UserInputError(
                    f"executor.address: no Dask worker joined {self.executor.address} "
                    f"within {self.executor.lost_after_s:g} s",
                    source="executor",
                ) from None
        reports: dict[str, Any] = self.client.run(
            describe_worker,
            self.config.tasks,
            self.config.sandbox,
            self.kit.check_sandbox,
            on_error="return",
        )
        refusals = []
        for address, report in sorted(reports.items()):
            if isinstance(report, WorkerIdentity):
                problems = differences(expected, report)
            else:
                problems = [f"the check failed: {report!r}"]
            if problems:
                refusals.append(f"worker {address} refused: {'; '.join(problems)}")
        if refusals:
            more = f" (and {len(refusals) - 1} more)" if len(refusals) > 1 else ""
            raise UserInputError(refusals[0] + more, source="executor")

    # --- the EvaluationPool protocol --------------------------------------------------------

    @property
    def queue_ahead(self) -> int:
        """A quarter of the slots: a result travels worker -> scheduler -> driver and the
        next evaluation driver -> scheduler -> worker, which at a hundred slots left as
        many slots idle as a quarter of a second's completions; queued on the scheduler,
        the next one starts as the worker reports the last. (Queued, not started: a stop
        cancels them unpaid.)"""
        return max(1, self.capacity // 4)

    def submit(self, strategy: Strategy, task_id: str, purpose: Purpose) -> Future:
        return self.submit_many([(strategy, task_id, purpose)])[0]

    def submit_many(self, work: Sequence[Work]) -> list[Future]:
        """One `client.map`: one graph update for the scheduler, however many tasks (a
        graph update each cost the scheduler and the client's I/O thread more than the
        task itself at a hundred slots)."""
        if not work:
            return []
        strategies, task_ids, purposes = zip(*work, strict=True)
        keys = [
            f"rsi-evaluate-{purpose}-{task_id}-{self._token}-{next(self._keys)}"
            for _, task_id, purpose in work
        ]
        futures = self.client.map(
            evaluate_on_worker,
            [self.plugin_name] * len(work),
            strategies,
            task_ids,
            purposes,
            key=keys,
            pure=False,
        )
        for future in futures:
            future.add_done_callback(self._fetcher.on_done)
        return futures

    def wait(self, pending: Mapping[Hashable, str]) -> Collection[Hashable]:
        """The done futures of `pending`, their results already fetched (`dask_fetch`);
        between looks, the cluster's health.

        Not `distributed.wait`: it waits through the default client, which need not be
        this one (a test or notebook may hold another).
        """
        while True:
            done = self._completions.take(pending, POLL_S)
            if done:
                return done
            self._check_alive()

    def result(self, handle: Hashable) -> EvaluationResult:
        assert isinstance(handle, Future)
        try:
            fetched = self._fetcher.value(handle)
            data, slim = fetched if fetched is not None else handle.result()
        except CancelledError:  # only the scheduler's loss cancels a future we still want
            raise ExecutorLost("lost the Dask scheduler; resume on threads or a cluster") from None
        except KilledWorker as killed:
            raise ExecutorLost(f"an evaluation killed every worker it ran on: {killed}") from None
        record = full_record(data, slim)
        with self._lock:
            lost = self._rescheduled.pop(str(handle.key), None)
        if lost:
            record = {**record, "rescheduled_after_losing": lost}
        return data, record

    def cancel(self, handles: Collection[Hashable]) -> None:
        futures = [handle for handle in handles if isinstance(handle, Future)]
        self._completions.forget(futures)
        self._fetcher.drop(futures)
        if futures and self.client.status == "running":
            with suppress(*_UNREACHABLE):
                self.client.cancel(futures)

    # --- health ------------------------------------------------------------------------------

    def _check_alive(self) -> None:
        """Raise `ExecutorLost` once the scheduler is gone or no worker was seen for
        `[executor] lost_after_s` (Dask itself would wait for workers forever)."""
        if self.client.status != "running":
            raise ExecutorLost(f"lost the Dask scheduler ({self.client.status})")
        try:
            workers = self.client.nthreads()
        except _UNREACHABLE as error:
            raise ExecutorLost(f"lost the Dask scheduler ({error})") from None
        if workers:
            self._no_workers_since = None
            return
        now = time.monotonic()
        if self._no_workers_since is None:
            self._no_workers_since = now
        elif now - self._no_workers_since >= self.executor.lost_after_s:
            raise ExecutorLost(f"no Dask worker for {self.executor.lost_after_s:g} s")

    def _on_cluster_event(self, event: tuple[float, dict[str, Any]]) -> None:
        """A worker left while evaluations were on it: Dask reruns them; the trace says so."""
        _, message = event
        if message.get("action") != "remove-worker":
            return
        with self._lock:
            for key in message.get("processing-tasks", ()):
                self._rescheduled.setdefault(str(key), []).append(str(message.get("worker")))

    def _on_refused(self, event: tuple[float, dict[str, Any]]) -> None:
        _, message = event
        line = f"worker {message.get('worker')} refused: {'; '.join(message.get('problems', []))}"
        self.refused.append(line)
        logger.warning(line)

    def close(self) -> None:
        """Take the services off the workers (best effort; the evaluator has cancelled
        what it no longer waits for)."""
        self._fetcher.close()
        if not self._started or self.client.status != "running":
            return
        with suppress(*_UNREACHABLE):
            self.client.unsubscribe_topic("all")
            self.client.unsubscribe_topic(REFUSED_TOPIC)
            self.client.unregister_worker_plugin(self.plugin_name)


@contextmanager
def open_dask_pool(
    executor: ExecutorSection,
    config: ServicesConfig,
    run_dir: Path,
    services: EvaluationServices,
    kit: WorkerKit,
) -> Iterator[DaskPool]:
    """Connect to `[executor] address` (or start a LocalCluster of `[search] workers`
    processes), check the workers, yield the pool; close what this opened. `kit` is how
    each worker checks its sandbox and builds its services from `config`."""
    address = executor.address
    cluster: LocalCluster | None = None
    client: Client | None = None
    pool: DaskPool | None = None
    try:
        if address == "local":
            cluster = LocalCluster(
                n_workers=config.workers,
                threads_per_worker=1,
                processes=True,
                # Its workers' shutdown chatter (heartbeats to a closed scheduler) is noise;
                # what matters to the user reaches them as refusals or ExecutorLost.
                silence_logs=logging.CRITICAL,
            )
            client = Client(cluster, set_as_default=False)
        else:
            try:
                client = Client(address, timeout=executor.lost_after_s, set_as_default=False)
            except _UNREACHABLE as error:
                raise UserInputError(
                    f"executor.address: cannot reach the Dask scheduler at {address} ({error})",
                    source="executor",
                ) from None
        pool = DaskPool(client, executor, config, run_dir, kit)
        pool.start(services, run_dir, local=cluster is not None)
        yield pool
    finally:
        if pool is not None:
            pool.close()
        if client is not None:
            with suppress(*_UNREACHABLE):
                client.close()
        if cluster is not None:
            with suppress(*_UNREACHABLE):
                cluster.close()
