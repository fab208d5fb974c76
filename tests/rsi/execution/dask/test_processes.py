"""A search on a cluster started as a user starts one: `dask scheduler` and two `dask worker`
processes from the command line, reached through their tcp:// address by `rsi search
--executor dask --address`, writes the same journal as the same search on threads.

The runner is the latency runner (waits of a few tens of milliseconds, spread wide so that
evaluations finish out of order): the test is about the executor and the driver, and it
stays short.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rsi.config import load_config
from rsi.engine import Engine
from rsi.execution import TrajectoryStore
from rsi.journal import EVENTS_FILE
from tests.support.cli_helpers import run_rsi
from tests.support.search_fixtures import ROOT

pytestmark = pytest.mark.slow
DASK = Path(sys.executable).with_name("dask")
START_S = 120.0  # only a hang guard for the cluster's start

LATENCY_SEARCH = """
[experiment]
name = "latency"
seed = 42
tasks = "{root}/experiments/tasks"
initial_strategy = "{root}/experiments/strategies/initial.json"
runs_dir = "{runs}"

[data]
proposal = 24
dev = 8
release = 12
seed = 42

[search]
minibatch = 6
completed_rounds = 3
max_attempts = 6
workers = 4

[proposers]
stack = ["heuristic", "optuna"]

[runner]
kind = "latency"

[runner.latency]
median_s = 0.03
sigma = 0.8
trace_kb = 4

[mlflow]
enabled = false
"""


def _content(run_dir: Path) -> list[tuple[int, str, str]]:
    """(seq, op, payload) of every event: the journal without its timestamps."""
    events = [json.loads(line) for line in (run_dir / EVENTS_FILE).read_text().splitlines()]
    return [(e["seq"], e["op"], json.dumps(e["data"], sort_keys=True)) for e in events]


def _spawn(argv: list[str], log: Path) -> subprocess.Popen[bytes]:
    env = os.environ | {"PYTHONPATH": str(ROOT), "MLFLOW_DISABLE_TELEMETRY": "true"}
    with open(log, "wb") as out:
        return subprocess.Popen(
            argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


@pytest.fixture
def scheduler(tmp_path: Path) -> Iterator[str]:
    """A `dask scheduler` and two one-process `dask worker`s of two threads each, as
    processes of their own; yields the scheduler's tcp:// address."""
    scheduler_file = tmp_path / "scheduler.json"
    argv = [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"]
    argv += ["--scheduler-file", str(scheduler_file)]
    started = [_spawn(argv, tmp_path / "scheduler.log")]
    try:
        deadline = time.monotonic() + START_S
        while not scheduler_file.exists():
            assert time.monotonic() < deadline, (tmp_path / "scheduler.log").read_text()
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        assert address.startswith("tcp://")
        for number in range(2):
            argv = [str(DASK), "worker", address, "--nthreads", "2", "--no-dashboard"]
            argv += ["--local-directory", str(tmp_path / f"worker-{number}")]
            started.append(_spawn(argv, tmp_path / f"worker-{number}.log"))
        yield address
    finally:
        for process in reversed(started):
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def test_a_search_on_scheduler_and_worker_processes_journals_as_on_threads(
    tmp_path: Path, scheduler: str
) -> None:
    config_path = tmp_path / "latency.toml"
    config_path.write_text(LATENCY_SEARCH.format(root=ROOT, runs=tmp_path / "runs"))
    Engine(load_config(config_path), tmp_path / "threads" / "run").run()
    reference = _content(tmp_path / "threads" / "run")

    run_dir = tmp_path / "dask" / "run"
    result = run_rsi(
        "search", str(config_path), "--run-dir", str(run_dir), "--executor", "dask",
        "--address", scheduler, "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr

    assert _content(run_dir) == reference
    events: list[dict[str, Any]] = [
        json.loads(line) for line in (run_dir / EVENTS_FILE).read_text().splitlines()
    ]
    evaluations = [e for e in events if e["type"] == "evaluation"]
    assert len(evaluations) >= 40, "the search must be more than a handful of evaluations"
    assert {e["data"]["success"] for e in evaluations} == {True, False}
    assert any(e["type"] == "gate_decided" for e in events)
    records = [json.loads(path.read_text()) for path in (run_dir / "traces").glob("eval__*.json")]
    assert len({record["worker"] for record in records}) == 2, "both workers must have evaluated"
    for record in records:  # the full trace, restored on the driver from what was shipped
        assert "tool_output" in record["trace"] and "seconds" in record["trace"]["usage"]
        assert record["trace"]["checks"] and "trace_beyond_journal" not in record
    # Each evaluation's trajectory came back with its result: the driver stored it whole.
    store = TrajectoryStore(run_dir / "traces")
    assert all(store.read(e["data"]["trace"]["trajectory"]) for e in evaluations)
