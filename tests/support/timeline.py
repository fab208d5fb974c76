"""A pytest plugin that writes when each test ran, on which xdist worker, and its CPU.

`experiments/benchmarks/suite_time.py` loads it (`-p tests.support.timeline`) with
`RSI_TEST_TIMELINE` naming a directory: each worker appends one JSON line per test
(`worker`, `test`, `start`, `end`, wall-clock seconds since the epoch, setup to teardown;
`cpu`, the CPU seconds of the worker and of every process it started meanwhile). From
these the benchmark tells a pass that is short of work at its end (one long test left on
one worker) from one that is simply busy, and a test that computes from one that waits
(sleeps, timeouts, backoff): CPU seconds barely move with the machine's load, wall
seconds do.

The CPU is read from a cpuacct cgroup of the worker's own (cgroup v1, as root), which
every process it starts inherits: sandbox runs, `rsi` subprocesses, Dask workers, servers.
The sandbox moves its runs into cgroups of the cpu, memory and pids hierarchies only, so
they stay counted. Without such a cgroup, `cpu` falls back to getrusage of the worker and
its reaped children, which misses the sandbox runs (bwrap does not wait for its child).
Neither counts what Docker containers compute: the engine starts those.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import time
from collections.abc import Generator
from pathlib import Path

import pytest

TIMELINE_ENV = "RSI_TEST_TIMELINE"
CPUACCT = Path("/sys/fs/cgroup/cpuacct")
_own: list[Path] = []  # this worker's cpuacct cgroup, once joined


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    folder = os.environ.get(TIMELINE_ENV)
    started, cpu = time.time(), _cpu_seconds() if folder else 0.0
    yield
    if not folder:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    line = {
        "worker": worker,
        "test": item.nodeid,
        "start": started,
        "end": time.time(),
        "cpu": round(_cpu_seconds() - cpu, 3),
    }
    with open(Path(folder) / f"{worker}.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps(line) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    """Join a cpuacct cgroup of this process's own, where the machine allows it."""
    if not os.environ.get(TIMELINE_ENV) or not (CPUACCT / "cpuacct.usage").is_file():
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    own = CPUACCT / f"rsi-timeline-{worker}-{os.getpid()}"
    try:
        own.mkdir(exist_ok=True)
        (own / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:  # not root, or no cgroup v1: the getrusage fallback
        return
    _own.append(own)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Leave the cgroup and remove it (a leftover process keeps it; harmless)."""
    for own in _own:
        with contextlib.suppress(OSError):
            (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
            own.rmdir()


def _cpu_seconds() -> float:
    """CPU of this process and what it started: its cgroup's, or getrusage's."""
    if _own:
        return int((_own[0] / "cpuacct.usage").read_text()) / 1e9
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
