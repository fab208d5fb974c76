"""Open the run's `EvaluationPool` from `[executor]`: threads here, or a Dask cluster whose
workers build their services from the run's `ServicesConfig`."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from rsi.config import ExecutorSection, ServicesConfig
from rsi.execution.evaluation import EvaluationServices
from rsi.execution.pools import EvaluationPool, ThreadPool
from rsi.execution.services import build_services, check_sandbox_ready


@contextmanager
def open_pool(
    executor: ExecutorSection,
    config: ServicesConfig,
    run_dir: Path,
    services: EvaluationServices,
) -> Iterator[tuple[EvaluationPool, int]]:
    """The pool and how many evaluations it should have in flight (`config.workers`
    threads, or a Dask cluster's slots).

    A Dask pool checks its workers first: one that differs from the driver raises a
    `UserInputError` before anything is journaled. Its workers build their own services
    from `config`; `services` (perhaps wrapped by a test) serve the driver and threads.
    """
    if executor.kind == "dask":
        # distributed takes seconds to import: only for runs that use it.
        from rsi.execution.dask.pool import open_dask_pool
        from rsi.execution.dask.worker import WorkerKit

        kit = WorkerKit(build_services=build_services, check_sandbox=check_sandbox_ready)
        with open_dask_pool(executor, config, run_dir, services, kit) as pool:
            yield pool, pool.capacity
        return
    workers = config.workers
    with ThreadPoolExecutor(workers, thread_name_prefix="rsi-eval") as executor:
        yield ThreadPool(executor, services), workers
