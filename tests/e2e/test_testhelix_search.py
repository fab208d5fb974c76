"""A search with the LLM harness, end to end, against a local OpenAI-compatible server.

`rsi search` runs `experiments/testhelix_small.toml`'s shape (the model pointed at the
local server, which plays the model from each task's author pool), is SIGKILLed while it
waits for a model reply in the middle of a task, and `rsi resume` finishes it: it screens,
freezes and gates, no call the server answered is paid for again (every answered call is
exactly one cache entry), and the planted API key is nowhere on disk or in MLflow.
"""

from __future__ import annotations

import signal
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import ResponseCache
from evaluators.tasks import TaskSet
from rsi.journal import read_events
from rsi.release import ReleaseLedger
from tests.support.harness_pool_model import PoolModel
from tests.support.llm_search import FAKE_KEY, search_env, write_search_config
from tests.support.llm_server import LocalLlmServer, Reply, Status
from tests.support.optimizer_model import ROUTE_EDITS, Optimizer
from tests.support.search_fixtures import CORPUS, ROOT
from tests.support.warm_start import run_module, start_module

pytestmark = pytest.mark.slow


class KillOnCall:
    """Answers like `inner`; on call `at` holds the request until the test has killed the
    search, and never answers it. Counts the calls it did answer."""

    def __init__(self, inner: PoolModel, at: int) -> None:
        self.inner, self.at = inner, at
        self.seen = 0
        self.answered = 0
        self.holding = threading.Event()
        self.release = threading.Event()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str:
        with self._lock:
            self.seen += 1
            mine = self.seen
        if mine == self.at:
            self.holding.set()
            self.release.wait(120)
            raise ConnectionAbortedError("the client was killed while this call was held")
        text = self.inner(body)
        with self._lock:
            self.answered += 1
        return text


def test_llm_search_survives_a_kill_mid_task_without_paying_twice(tmp_path: Path) -> None:
    tasks = TaskSet.load(CORPUS)
    responder = KillOnCall(PoolModel(tasks, optimizer=Optimizer(edits=ROUTE_EDITS)), at=5)
    with LocalLlmServer(responder=responder) as server:
        config = write_search_config(tmp_path, server)
        run_dir = tmp_path / "runs" / "run"
        argv = ["search", str(config), "--run-dir", str(run_dir)]
        search = start_module("rsi", argv, cwd=ROOT, env=search_env(), merge_stderr=True)
        while not responder.holding.wait(2):
            assert search.poll() is None, search.communicate()[0].decode()[-2000:]
        search.send_signal(signal.SIGKILL)
        killed_output = search.communicate(timeout=60)[0].decode()
        responder.release.set()
        assert search.returncode == -signal.SIGKILL
        paid_before_kill = responder.answered

        resumed = run_module(
            "rsi", ["resume", str(run_dir), "--json"], cwd=ROOT, env=search_env(), timeout=1800
        )
        assert resumed.returncode == 0, resumed.stderr[-2000:]

    events = read_events(run_dir)
    kinds = [e.type for e in events]
    assert "screened" in kinds and "champion_frozen" in kinds and "gate_decided" in kinds
    children = [e.data for e in events if e.type == "child_proposed"]
    assert children and all(c.proposer == "reflective" for c in children)
    evaluations = [e.data for e in events if e.type == "evaluation"]
    assert evaluations and all(e.trace.get("runner") == "testhelix" for e in evaluations)
    assert any(e.success for e in evaluations), "the harness never earned a success"

    cache = ResponseCache(run_dir / "llm_cache").entries()
    assert paid_before_kill > 0 and responder.answered > paid_before_kill
    assert len(cache) == responder.answered  # each answered call paid for exactly once
    # and the one held at the kill, and one model check per process (search, resume): a
    # one-token request and two structured-output probes each
    assert server.preflights == 2 * 3
    assert server.calls == responder.answered + 1 + server.preflights

    leaks = [
        str(path)
        for path in tmp_path.rglob("*")
        if path.is_file() and FAKE_KEY.encode() in path.read_bytes()
    ]
    assert leaks == []
    assert FAKE_KEY not in killed_output + resumed.stdout + resumed.stderr
    assert (tmp_path / "runs" / "mlflow.db").is_file()  # MLflow was written, and checked above


class DiesAfter:
    """Answers like `inner` for `after` calls, then the server answers 503 to everything
    (until the test brings it back with `server.always = Reply()`)."""

    def __init__(self, inner: PoolModel, after: int) -> None:
        self.inner, self.after = inner, after
        self.server: LocalLlmServer | None = None
        self.answered = 0
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str:
        with self._lock:
            self.answered += 1
            if self.answered == self.after and self.server is not None:
                self.server.always = Status(503)
        return self.inner(body)


def _search(config: Path, run_dir: Path, *verb: str) -> subprocess.CompletedProcess[str]:
    argv = [*verb, "--json"]
    argv += [str(config), "--run-dir", str(run_dir)] if verb == ("search",) else [str(run_dir)]
    return run_module("rsi", argv, cwd=ROOT, env=search_env(), timeout=1800)


def test_a_model_server_that_dies_stops_the_search_and_resume_decides_the_same_gate(
    tmp_path: Path,
) -> None:
    tasks = TaskSet.load(CORPUS)
    model = PoolModel(tasks, optimizer=Optimizer(edits=ROUTE_EDITS))
    with LocalLlmServer(responder=model) as server:
        never_lost = tmp_path / "never-lost" / "runs" / "run"
        config = write_search_config(tmp_path / "never-lost", server, mlflow=False)
        finished = _search(config, never_lost, "search")
        assert finished.returncode == 0, finished.stderr[-2000:]
    reference = next(e.data for e in read_events(never_lost) if e.type == "gate_decided")

    dying = DiesAfter(PoolModel(tasks, optimizer=Optimizer(edits=ROUTE_EDITS)), after=3)
    home = tmp_path / "dies"
    with LocalLlmServer(responder=dying) as server:
        dying.server = server
        config = write_search_config(home, server, mlflow=False)
        run_dir = home / "runs" / "run"
        stopped = _search(config, run_dir, "search")
        assert stopped.returncode != 0
        assert "model stopped (unreachable)" in stopped.stderr
        assert FAKE_KEY not in stopped.stderr
        events = read_events(run_dir)
        kinds = [e.type for e in events]
        assert "search_halted" in kinds and "gate_decided" not in kinds
        (halt,) = [e.data for e in events if e.type == "search_halted"]
        assert halt.cause == "unreachable"  # type: ignore[union-attr]
        # within the health's count: 5 failed calls, each tried twice (one transport retry)
        failed = server.calls - dying.answered - server.preflights
        assert failed <= 2 * 5
        ledger = ReleaseLedger(home / "runs").entries()
        assert [e.status for e in ledger] == ["reserved"]  # the split is not consumed

        server.always = Reply()  # the server is back
        resumed = _search(config, run_dir, "resume")
        assert resumed.returncode == 0, resumed.stderr[-2000:]
    gate = next(e.data for e in read_events(run_dir) if e.type == "gate_decided")
    assert gate.report == reference.report
    assert [e.status for e in ReleaseLedger(home / "runs").entries()] == ["reserved", "consumed"]
