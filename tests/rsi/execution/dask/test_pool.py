"""Searches on a real Dask cluster (LocalCluster with worker processes, issue 14).

- the same config and seed give the same journal on Dask as on threads, even when a worker
  process is SIGKILLed mid-search (Dask reschedules; no op is journaled twice; the trace
  of the rescheduled evaluation says so);
- the scheduler shut down mid-search stops the search gracefully, and `resume` on threads
  finishes with the same journal, paying for no evaluation the journal already held;
- a worker that differs in version, code, corpus or sandbox is named for each difference,
  and one running other code than the driver is refused at start;
- a worker whose task corpus differs is refused at start (`rsi search --address`, exit 2,
  one line naming it) and, when it joins later, is closed before it gets any evaluation.

The searches are the small fixture search (tests/support/search_fixtures.py): one threads run is
the reference for all of them.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import dask
import pytest
from distributed import Client, LocalCluster

from rsi.cli.search import with_executor
from rsi.config import ExecutorSection, ExperimentConfig, load_config
from rsi.engine import Engine, SearchInterrupted
from rsi.execution import build_services, check_sandbox_ready, evaluation
from rsi.execution.dask import worker as dask_worker
from rsi.execution.dask.pool import open_dask_pool
from rsi.execution.dask.worker import WorkerIdentity, WorkerKit, differences
from rsi.journal import EVENTS_FILE, evaluation_op
from search_space.errors import UserInputError
from tests.support.cli_helpers import run_rsi
from tests.support.search_fixtures import corpus_slice, write_small_config

GUARD_S = 300.0  # only a hang guard for the background helpers
WORKERS = 2
KIT = WorkerKit(build_services=build_services, check_sandbox=check_sandbox_ready)


def _events(run_dir: Path) -> list[dict[str, Any]]:
    path = run_dir / EVENTS_FILE
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _content(run_dir: Path) -> list[tuple[int, str, str]]:
    """(seq, op, payload) of every event: the journal without its timestamps."""
    return [(e["seq"], e["op"], json.dumps(e["data"], sort_keys=True)) for e in _events(run_dir)]


def _evaluations(run_dir: Path) -> list[str]:
    return [e["op"] for e in _events(run_dir) if e["type"] == "evaluation"]


def _journaled(run_dir: Path) -> int:
    """Evaluations journaled so far, read while the search writes (a last line may be
    half written)."""
    path = run_dir / EVENTS_FILE
    lines = path.read_text().splitlines() if path.exists() else []
    count = 0
    for line in lines:
        with contextlib.suppress(ValueError):
            count += json.loads(line)["type"] == "evaluation"
    return count


def _on_dask(config: ExperimentConfig, address: str) -> ExperimentConfig:
    executor = ExecutorSection(kind="dask", address=address, lost_after_s=20)
    return config.model_copy(update={"executor": executor})


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One corpus slice shared by every search here, so that their configs fingerprint alike."""
    root = tmp_path_factory.mktemp("dask")
    corpus_slice(root)
    return root


def _config(home: Path, name: str) -> ExperimentConfig:
    directory = home / name
    directory.mkdir()
    return load_config(write_small_config(directory, tasks=home / "tasks", workers=WORKERS))


@pytest.fixture(scope="module")
def reference(home: Path) -> list[tuple[int, str, str]]:
    """The small search on threads."""
    config = _config(home, "threads")
    Engine(config, home / "threads" / "run").run()
    content = _content(home / "threads" / "run")
    assert any('"evaluation"' in payload for _, _, payload in content)
    # `stop_when_decided` is on: a race stopped early, and Dask must journal it alike.
    assert any('"decided_early"' in payload for _, _, payload in content)
    return content


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with LocalCluster(
        n_workers=WORKERS, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as local:
        yield local


def _when(condition: Callable[[], bool], action: Callable[[], None]) -> threading.Thread:
    """Run `action` on a helper thread once `condition` holds (the engine keeps the main
    thread: it installs the signal handlers)."""

    def watch() -> None:
        deadline = time.monotonic() + GUARD_S
        while not condition():
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)
        action()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


@pytest.mark.slow
def test_a_worker_killed_mid_search_is_rescheduled_and_the_journal_equals_threads(
    home: Path, reference: list[tuple[int, str, str]], cluster: LocalCluster
) -> None:
    run_dir = home / "killed" / "run"
    config = _on_dask(_config(home, "killed"), cluster.scheduler_address)
    killed: list[str] = []

    with Client(cluster, set_as_default=False) as observer:

        def kill_a_busy_worker() -> None:
            deadline = time.monotonic() + GUARD_S
            while time.monotonic() < deadline:
                busy = [w for w, keys in observer.processing().items() if keys]
                pids = {n.worker_address: n.pid for n in cluster.workers.values()}
                if busy and pids.get(busy[0]):
                    os.kill(pids[busy[0]], signal.SIGKILL)
                    killed.append(busy[0])
                    return
                time.sleep(0.01)

        killer = _when(lambda: _journaled(run_dir) >= 2, kill_a_busy_worker)
        Engine(config, run_dir).run()
        killer.join(GUARD_S)

    assert killed, "no worker was killed: the test proved nothing"
    assert len(_evaluations(run_dir)) == len(set(_evaluations(run_dir)))
    assert _content(run_dir) == reference
    notes = [
        json.loads(path.read_text()).get("rescheduled_after_losing")
        for path in (run_dir / "traces").glob("*.json")
    ]
    assert killed in notes, "the trace of the rescheduled evaluation must say so"


@pytest.mark.slow
def test_scheduler_lost_stops_gracefully_and_resume_on_threads_pays_nothing_twice(
    home: Path,
    reference: list[tuple[int, str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run_dir = home / "lost" / "run"
    config = _config(home, "lost")
    # Closing a cluster whose scheduler is gone retries the dead address until the connect
    # timeout (30 s by default): the test needs the close, not the wait.
    with (
        dask.config.set({"distributed.comm.timeouts.connect": "3s"}),
        LocalCluster(
            n_workers=WORKERS, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as doomed,
    ):
        shut = _when(lambda: _journaled(run_dir) >= 3, lambda: doomed.sync(doomed.scheduler.close))
        with pytest.raises(SearchInterrupted, match="scheduler"):
            Engine(_on_dask(config, doomed.scheduler_address), run_dir).run()
        shut.join(GUARD_S)
    held = set(_evaluations(run_dir))
    assert 3 <= len(held) < sum(1 for _, _, p in reference if '"evaluation"' in p)

    paid: list[str] = []
    plain = evaluation.evaluate_one

    def counted(services: Any, strategy: Any, task_id: str, purpose: Any) -> Any:
        data, record = plain(services, strategy, task_id, purpose)
        paid.append(evaluation_op(purpose, data.strategy_id, task_id, data.seed))
        return data, record

    monkeypatch.setattr(evaluation, "evaluate_one", counted)
    Engine(config, run_dir).run()  # config.executor is threads: resume off the cluster
    assert paid and not set(paid) & held, "paid again for evaluations the journal held"
    assert _content(run_dir) == reference


def _other_corpus(home: Path) -> Path:
    """The same task ids with one hidden file changed: only the hash can tell."""
    other = home / "other-tasks"
    if not other.exists():
        shutil.copytree(home / "tasks", other)
        task = sorted(p for p in other.iterdir() if p.is_dir())[0]
        (task / "task.toml").write_text((task / "task.toml").read_text() + "\n# changed\n")
    return other


def test_a_worker_with_another_corpus_is_refused_at_start_and_when_joining_later(
    home: Path,
) -> None:
    plain = _config(home, "refused")
    other = _other_corpus(home)
    with (
        LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as local,
        Client(local, set_as_default=False) as observer,
    ):
        config = _on_dask(plain, local.scheduler_address)
        services = build_services(config.services_config(), home / "refused" / "run")
        (good,) = observer.nthreads()

        def add_worker_with_other_corpus() -> None:
            name, spec = next(iter(local.new_worker_spec().items()))
            spec["options"] = {**spec["options"], "env": {"RSI_TASKS": str(other)}}
            local.worker_spec[name] = spec
            local.scale(len(local.worker_spec))

        with open_dask_pool(
            config.executor, config.services_config(), home / "refused" / "run", services, KIT
        ) as pool:
            add_worker_with_other_corpus()
            deadline = time.monotonic() + GUARD_S
            while not pool.refused and time.monotonic() < deadline:
                time.sleep(0.1)
            (refusal,) = pool.refused
            assert "task-set hash" in refusal and good not in refusal
            while len(observer.nthreads()) > 1 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert list(observer.nthreads()) == [good]  # closed: it never gets a task

        add_worker_with_other_corpus()  # joins before the search: the start check
        observer.wait_for_workers(2, timeout=GUARD_S)
        bad = next(address for address in observer.nthreads() if address != good)
        toml = home / "refused" / "small.toml"
        result = run_rsi("search", str(toml), "--address", local.scheduler_address)
    assert result.returncode == 2, result.stderr
    (line,) = [line for line in result.stderr.splitlines() if "refused" in line]
    assert bad in line and "task-set hash" in line
    assert not list((home / "refused" / "runs").glob("*/" + EVENTS_FILE))  # nothing journaled


def test_the_executor_is_chosen_per_process_and_left_out_of_the_fingerprint(
    tmp_path: Path,
) -> None:
    config = load_config(write_small_config(tmp_path, tasks=corpus_slice(tmp_path, size=4)))
    assert config.executor.kind == "threads"
    on_cluster = with_executor(config, None, "tcp://head:8786")
    assert (on_cluster.executor.kind, on_cluster.executor.address) == ("dask", "tcp://head:8786")
    assert with_executor(config, "dask", None).executor.address == "local"
    assert with_executor(on_cluster, "threads", None).executor.kind == "threads"
    assert on_cluster.fingerprint(ignore_budget=True) == config.fingerprint(ignore_budget=True)
    with pytest.raises(UserInputError, match="--executor"):
        with_executor(config, "slurm", None)
    with pytest.raises(UserInputError, match="--address"):
        with_executor(config, None, "head:8786")


DRIVER = WorkerIdentity(version="1.2.0", code="c0de" * 16, tasks="7a5c" * 16)


@pytest.mark.parametrize(
    ("change", "phrase"),
    [
        ({"version": "1.1.0"}, "rsi version 1.1.0 (driver 1.2.0)"),
        ({"code": "0ff" * 20 + "0000"}, "rsi code 0ff0ff0ff0ff (driver c0dec0dec0de)"),
        ({"tasks": "b" * 64}, "task-set hash bbbbbbbbbbbb (driver 7a5c7a5c7a5c)"),
        (
            {"tasks": "unreadable corpus at /x"},
            "task-set hash unreadable corpus at /x (driver 7a5c7a5c7a5c)",
        ),
        ({"sandbox": "no bubblewrap"}, "sandbox isolation: no bubblewrap"),
    ],
)
def test_each_difference_that_decides_results_refuses_the_worker_naming_it(
    change: dict[str, str], phrase: str
) -> None:
    assert differences(DRIVER, DRIVER) == []
    assert differences(DRIVER, DRIVER.model_copy(update={"isolation": "reduced"})) == []
    assert differences(DRIVER, DRIVER.model_copy(update=change)) == [phrase]


def test_a_worker_running_other_code_than_the_driver_is_refused_at_start(
    home: Path, cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _on_dask(_config(home, "other-code"), cluster.scheduler_address)
    run_dir = home / "other-code" / "run"
    services = build_services(config.services_config(), run_dir)
    # The workers are separate processes: only the driver's code hash changes here.
    monkeypatch.setattr(dask_worker, "code_hash", lambda: "0" * 64)
    with (
        pytest.raises(UserInputError) as refused,
        open_dask_pool(config.executor, config.services_config(), run_dir, services, KIT),
    ):
        pass
    message = str(refused.value)
    assert "refused: rsi code " in message and "(driver 000000000000)" in message
    assert "task-set hash" not in message and "version" not in message
