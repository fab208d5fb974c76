"""A Dask worker's side of a distributed search: its identity check and its services.

A worker is checked, never assumed: `describe_worker` (run on every worker with
`client.run` when the driver connects) reports the worker's rsi version and code, the hash
of its task corpus and whether its sandbox gives the isolation the config requires;
`EvaluationWorkerPlugin.setup` repeats the check on every worker that joins later and
closes one that differs. The plugin builds the worker's evaluation services once per run
from the run's `ServicesConfig`, shipped pickled (its own corpus, sandbox and keys from its
own environment), with the `WorkerKit` the driver hands down, never calling up into the
engine, so a task carries only a strategy and a task id, and the worker never sees the
journal or run lock.
A result travels back with its trace once (`slim_record`; the driver's `full_record`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata, util
from pathlib import Path
from typing import Protocol

from distributed import Reschedule, Worker, WorkerPlugin, get_worker
from pydantic import BaseModel, ConfigDict

from evaluators.sandbox import Sandbox, make_sandbox
from evaluators.tasks import TaskSet
from rsi.config import SandboxSection, ServicesConfig
from rsi.execution import evaluation
from rsi.execution.evaluation import EvaluationResult, EvaluationServices
from rsi.journal import Evaluation, Purpose
from search_space import RsiError, Strategy, UserInputError

TASKS_ENV = (
    "RSI_TASKS"  # where a worker's copy of the task corpus lives, when not where the driver's does
)
REFUSED_TOPIC = "rsi-worker-refused"  # the event a refused worker logs before closing
TRACE_DELTA = "trace_beyond_journal"  # a slimmed record's part of the full trace
_ABSENT = object()
# Hashed by where they lie, found without executing them (`find_spec` of a top-level
# package runs no __init__): the worker never imports `rsi` to learn its own code.
_PACKAGES = ("rsi", "evaluators", "search_space")


class ServicesFactory(Protocol):
    """Builds a worker's evaluation services from the run's `ServicesConfig`
    (`rsi.execution.build_services`)."""

    def __call__(
        self, config: ServicesConfig, run_dir: Path, *, slots: int | None, model_check: bool
    ) -> EvaluationServices: ...


@dataclass(frozen=True)
class WorkerKit:
    """What a worker builds its side with, handed down by the driver: the worker module
    calls nothing above itself, so it stays the bottom of the execution room."""

    build_services: ServicesFactory
    check_sandbox: Callable[[Sandbox], None]


class WorkerRefused(RsiError, RuntimeError):
    """A worker differs from the driver in what decides evaluation results."""


class WorkerIdentity(BaseModel):
    """What must match between the driver and a worker for evaluations to mean the same.

    `sandbox` is None when the worker's sandbox gives the isolation the config requires,
    else why not (`rsi sandbox check` on that machine says more).
    """

    model_config = ConfigDict(frozen=True)

    version: str
    code: str
    tasks: str
    sandbox: str | None = None
    isolation: str | None = None


def rsi_version() -> str:
    try:
        return metadata.version("testhelix-rsi")
    except metadata.PackageNotFoundError:
        return "unknown"


def code_hash(packages: tuple[str, ...] = _PACKAGES) -> str:
    """sha256 of the packages' sources (Python files and prompts); by default rsi,
    evaluators and search_space."""
    digest = hashlib.sha256()
    for package in packages:
        root = package_dir(package)
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".md") and "__pycache__" not in path.parts:
                digest.update(f"{package}/{path.relative_to(root).as_posix()}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def package_dir(name: str) -> Path:
    """The directory of the installed top-level package `name`, without importing it."""
    spec = util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise WorkerRefused(f"package {name!r} is not importable here")
    return Path(next(iter(spec.submodule_search_locations)))


def task_set_hash(tasks: TaskSet) -> str:
    """sha256 of every task's files (hidden material included: the judge reads it)."""
    digest = hashlib.sha256()
    for task in tasks.tasks:
        for path in sorted(task.root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(f"{task.id}/{path.relative_to(task.root).as_posix()}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def worker_tasks_dir(driver_tasks: Path) -> Path:
    """This worker's copy of the corpus: `RSI_TASKS`, else where the driver's lies."""
    return Path(os.environ.get(TASKS_ENV) or driver_tasks)


def driver_identity(services: EvaluationServices) -> WorkerIdentity:
    """What every worker must report: the driver's code and corpus, a sandbox that works."""
    return WorkerIdentity(
        version=rsi_version(), code=code_hash(), tasks=task_set_hash(services.tasks)
    )


def describe_worker(
    driver_tasks: Path, section: SandboxSection, check_sandbox: Callable[[Sandbox], None]
) -> WorkerIdentity:
    """This machine's identity for the driver's corpus and `[sandbox]` (run on a worker
    through `client.run`); `check_sandbox` raises `UserInputError` when the sandbox cannot
    isolate a suite."""
    directory = worker_tasks_dir(driver_tasks)
    try:
        tasks = task_set_hash(TaskSet.load(directory))
    except UserInputError as error:
        tasks = f"unreadable corpus at {directory} ({error}); set {TASKS_ENV} on the worker"
    sandbox = make_sandbox(
        section.backend,
        allow_reduced_isolation=section.allow_reduced_isolation,
        image=section.image,
    )
    try:
        check_sandbox(sandbox)
        problem = None
    except UserInputError as error:
        problem = str(error)
    isolation = getattr(getattr(sandbox, "isolation", None), "value", sandbox.name)
    return WorkerIdentity(
        version=rsi_version(), code=code_hash(), tasks=tasks, sandbox=problem, isolation=isolation
    )


def differences(expected: WorkerIdentity, actual: WorkerIdentity) -> list[str]:
    """What differs, one phrase each (empty when the worker may evaluate)."""
    found = []
    if actual.version != expected.version:
        found.append(f"rsi version {actual.version} (driver {expected.version})")
    if actual.code != expected.code:
        found.append(f"rsi code {actual.code[:12]} (driver {expected.code[:12]})")
    if actual.tasks != expected.tasks:
        shown = actual.tasks[:12] if len(actual.tasks) == len(expected.tasks) else actual.tasks
        found.append(f"task-set hash {shown} (driver {expected.tasks[:12]})")
    if actual.sandbox is not None:
        found.append(f"sandbox isolation: {actual.sandbox}")
    return found


class EvaluationWorkerPlugin(WorkerPlugin):
    """Checks a worker once, then holds its evaluation services for the whole run."""

    def __init__(
        self,
        config: ServicesConfig,
        expected: WorkerIdentity,
        run_dir: str,
        kit: WorkerKit,
        *,
        ignore_interrupts: bool = False,
    ) -> None:
        self.config = config
        self.kit = kit
        self.expected = expected
        self.run_dir = run_dir
        self.ignore_interrupts = ignore_interrupts
        self.services: EvaluationServices | None = None
        self._closing: asyncio.Task[object] | None = None

    def setup(self, worker: Worker) -> None:
        if self.ignore_interrupts:
            # The driver's own LocalCluster shares its terminal: Ctrl-C is the driver's
            # graceful stop, not a crash of every worker.
            with contextlib.suppress(ValueError):  # not the main thread: nothing to protect
                signal.signal(signal.SIGINT, signal.SIG_IGN)
        problems = differences(
            self.expected,
            describe_worker(self.config.tasks, self.config.sandbox, self.kit.check_sandbox),
        )
        if problems:
            line = f"worker {worker.address} refused: {'; '.join(problems)}"
            worker.log_event(REFUSED_TOPIC, {"worker": worker.address, "problems": problems})
            # Dask only logs a plugin's failure on a worker that joins later: close it, so
            # that the scheduler never hands it an evaluation.
            self._closing = asyncio.ensure_future(worker.close(reason="rsi: worker refused"))
            raise WorkerRefused(line)
        self.services = (
            self.kit.build_services(  # the driver sent the model's minimal request already
                self._local_config(),
                self._local_run_dir(worker),
                slots=worker.state.nthreads,
                model_check=False,
            )
        )

    def teardown(self, worker: Worker) -> None:
        self.services = None

    def _local_config(self) -> ServicesConfig:
        """The run's services config with this worker's copy of the corpus."""
        return self.config.model_copy(update={"tasks": worker_tasks_dir(self.config.tasks)})

    def _local_run_dir(self, worker: Worker) -> Path:
        """The run directory when this worker shares the driver's filesystem (the LLM reply
        cache then serves both), else a scratch directory of the worker's own."""
        shared = Path(self.run_dir)
        if shared.is_dir() and os.access(shared, os.W_OK):
            return shared
        return Path(worker.local_directory) / "rsi" / shared.name


def evaluate_on_worker(
    plugin_name: str, strategy: Strategy, task_id: str, purpose: Purpose
) -> EvaluationResult:
    """The Dask task: `evaluate_one` with this worker's services; the driver journals it."""
    worker = get_worker()
    plugin = worker.plugins.get(plugin_name)
    if not isinstance(plugin, EvaluationWorkerPlugin) or plugin.services is None:
        raise Reschedule()  # a refused worker that has not closed yet: run it elsewhere
    data, record = evaluation.evaluate_one(plugin.services, strategy, task_id, purpose)
    return data, slim_record(data, {**record, "worker": worker.address})


def slim_record(data: Evaluation, record: dict[str, object]) -> dict[str, object]:
    """`record` with its full trace cut to what the journaled trace lacks (`TRACE_DELTA`),
    so a result crosses the network, and is deserialized by the driver, with its trace
    once rather than twice; `full_record` on the driver undoes it."""
    full = record.get("trace")
    if not isinstance(full, dict) or not set(data.trace) <= set(full):
        return record  # not a superset of the journaled trace: ship it whole
    delta = {key: value for key, value in full.items() if data.trace.get(key, _ABSENT) != value}
    slim = {key: value for key, value in record.items() if key != "trace"}
    return {**slim, TRACE_DELTA: delta}


def full_record(data: Evaluation, record: dict[str, object]) -> dict[str, object]:
    """The record `slim_record` cut, whole again (a whole one is returned as it is)."""
    delta = record.get(TRACE_DELTA)
    if not isinstance(delta, dict):
        return record
    whole = {key: value for key, value in record.items() if key != TRACE_DELTA}
    return {**whole, "trace": {**data.trace, **delta}}
