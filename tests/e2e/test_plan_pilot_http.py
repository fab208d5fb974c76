"""`rsi pilot`, `rsi plan` and the money cap, end to end, against the local fake server.

The search is `experiments/testhelix_small.toml`'s shape with the reflective proposer, both
scopes on the local server (which plays the model from each task's author pool and
counts every call and token it bills):
- a pilot of 2 tasks, then `rsi search` of the same run directory: the search pays for no
  call of the piloted tasks again, and `rsi plan --from` uses the pilot's usage;
- usage is what the server billed: a question the harness answers from memory is counted
  apart (`remembered_calls`), never as a billed call or tokens;
- the plan's expected case, measured from the finished search, is within 10% of the
  calls and tokens the server counted; planned from the pilot, its range holds them (a
  point within 10% is out of reach from a pilot here: whether the one round keeps its
  child moves the bill by a third, see rsi/forecast/model.py);
- `[budget] max_usd` pauses the search before it is crossed (priced at the config's
  `price_per_mtok_in/out`), and `rsi resume` with a larger cap finishes it, paying nothing
  twice.
"""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import ResponseCache
from evaluators.llm.structured import PROBE_PROMPT
from evaluators.tasks import TaskSet
from rsi.config import read_run_config
from rsi.forecast import forecast, measure
from rsi.journal import model_usage, read_events, read_state
from tests.support.harness_pool_model import PoolModel
from tests.support.llm_search import search_env, write_search_config
from tests.support.llm_server import LocalLlmServer, message_text
from tests.support.optimizer_model import Optimizer
from tests.support.search_fixtures import CORPUS, ROOT
from tests.support.warm_start import run_module

pytestmark = pytest.mark.slow
PRICE = 100.0  # dollars per million tokens, in and out: a task's reservation is $60


def _small(home: Path, server: LocalLlmServer, extra: str = "") -> Path:
    path = write_search_config(home, server, mlflow=False)
    text = path.read_text().replace("minibatch = 1", "minibatch = 2")
    path.write_text(text + extra)
    return path


def _rsi(*args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return run_module("rsi", args, cwd=ROOT, env=search_env(), timeout=timeout)


def _server() -> LocalLlmServer:
    return LocalLlmServer(responder=PoolModel(TaskSet.load(CORPUS), optimizer=Optimizer()))


# A model check at a process's start (one minimal request, where the engine makes one, and
# the structured-output probes) is no work of the search: it is left out of what the tests
# count. The server answers each "ok", one completion token.
MODEL_CHECK = ("Reply with one word.", PROBE_PROMPT)


class Billed:
    """What the server billed for the search's own work: calls, prompt, completion."""

    def __init__(self, server: LocalLlmServer) -> None:
        checks = [b for b in list(server.requests) if message_text(b) in MODEL_CHECK]
        self.calls = server.calls - len(checks)
        self.prompt = server.prompt_tokens - sum(
            math.ceil(len(message_text(b)) / 4) for b in checks
        )
        self.completion = server.completion_tokens - len(checks)

    def usd(self) -> float:
        return (self.prompt + self.completion) * PRICE / 1e6


def _within(predicted: float, counted: float, share: float = 0.10) -> bool:
    return abs(predicted - counted) <= share * counted


def test_pilot_is_never_paid_again_and_the_plan_predicts_the_search(tmp_path: Path) -> None:
    with _server() as server:
        config = _small(tmp_path, server)
        run = tmp_path / "runs" / "run"
        piloted = _rsi("pilot", str(config), "--tasks", "2", "--run-dir", str(run), "--json")
        assert piloted.returncode == 0, piloted.stderr[-2000:]
        report = json.loads(piloted.stdout)
        pilot = Billed(server)
        pilot_calls = pilot.calls
        assert len(report["tasks"]) == 2
        assert sum(row["calls"] for row in report["tasks"]) == pilot_calls > 0
        assert all(e.type == "evaluation" for e in read_events(run))  # nothing else yet

        planned = _rsi("plan", str(config), "--from", str(run), "--json")
        assert planned.returncode == 0, planned.stderr[-2000:]
        plan = json.loads(planned.stdout)
        assert plan["measured"]["evaluations"] == 2
        assert plan["measured"]["per_task"]["calls"] == pytest.approx(pilot_calls / 2)
        assert plan["reused"]["proposal"] == 2
        # Round 1 is 2 x 2 minibatch evaluations; the pilot's 2 are not paid again.
        assert plan["worst"]["phases"][0]["evaluations"] == 2
        assert plan["expected"] is not None
        remembered = sum(row.get("remembered_calls", 0) for row in report["tasks"])
        assert remembered > 0  # the harness asked twice; the server billed once

        searched = _rsi("search", str(config), "--run-dir", str(run), "--json")
        assert searched.returncode == 0, searched.stderr[-2000:]

    events = read_events(run)
    start = next(e.seq for e in events if e.type == "run_started")
    pilot_ops = {e.op for e in events if e.type == "evaluation" and e.seq < start}
    assert len(pilot_ops) == 2
    round_one = next(e.data for e in events if e.type == "round_started")
    initial = next(e.data.strategy_id for e in events if e.type == "candidate_kept")
    asked = {f"eval:train:{initial}:{t}:42" for t in round_one.tasks}
    assert pilot_ops <= asked  # round 1's parent batch took the piloted evaluations
    later = [e.data for e in events if e.type == "evaluation" and e.seq > start]
    optimizer = sum(e.data.calls for e in events if e.type == "proposer_usage")
    # Every call the search made is one of an evaluation it journaled or of the optimizer:
    # none was for a piloted task, and each was paid once (one cache entry per call).
    billed = Billed(server)
    assert billed.calls - pilot_calls == sum(model_usage(e)["calls"] for e in later) + optimizer
    assert len(ResponseCache(run / "llm_cache").entries()) == billed.calls

    # The plan of this search, measured from the finished run, against the server's count.
    settings = read_run_config(run)
    expected = forecast(settings, measure(run, read_state(run), None)).expected
    assert expected is not None
    tokens = expected.total.tokens
    assert _within(tokens.calls, billed.calls)
    assert _within(tokens.input_tokens, billed.prompt)
    assert _within(tokens.output_tokens, billed.completion)
    # Planned from the pilot (its own 2 tasks excluded): the range's evaluations hold what
    # the search ran, and its high end holds what was billed. Its low end is no bound: it
    # prices every task at the cheapest of the 2 piloted ones, and a task the pilot never
    # saw may cost less (here 4 calls against 5).
    ran = sum(1 for _ in later)
    assert plan["low"]["total"]["evaluations"] <= ran <= plan["high"]["total"]["evaluations"]
    after_pilot = {
        "calls": billed.calls - pilot.calls,
        "input_tokens": billed.prompt - pilot.prompt,
        "output_tokens": billed.completion - pilot.completion,
    }
    for figure, counted in after_pilot.items():
        low, high = (_planned(plan[case], figure) for case in ("low", "high"))
        assert counted <= high, (figure, low, counted, high)


def _planned(case: dict[str, Any], figure: str) -> float:
    total = case["total"]
    return float(total["generator"][figure] + total["optimizer"][figure])


def _status(run: Path) -> dict[str, Any]:
    shown = _rsi("status", str(run), "--json")
    assert shown.returncode == 0, shown.stderr[-2000:]
    return json.loads(shown.stdout)


def test_max_usd_pauses_before_it_is_crossed_and_resume_continues(tmp_path: Path) -> None:
    prices = f"price_per_mtok_in = {PRICE}\nprice_per_mtok_out = {PRICE}\n"
    # Three tasks cost about $2 and the optimizer's attempt under $1: the child's batch,
    # reserved at $60 a task, would cross $62; the first three tasks fit.
    cap = 62.0
    with _server() as server:
        config = _small(tmp_path, server, f"\n[budget]\nmax_usd = {cap}\n")
        text = config.read_text().replace(
            "max_concurrent_calls = 2\n", f"max_concurrent_calls = 2\n{prices}"
        )
        config.write_text(text)
        run = tmp_path / "runs" / "run"
        paused = _rsi("search", str(config), "--run-dir", str(run))
        assert paused.returncode == 130, paused.stderr[-2000:]
        assert "money budget max_usd" in paused.stderr
        status = _status(run)
        assert status["stopped"].startswith("paused: ")
        assert "max_usd" in status["stopped"]
        billed = Billed(server).usd()
        assert 0 < billed <= cap  # what the server billed never crossed the cap
        # A result that finished ahead of its turn to be journaled is in the reply cache,
        # not yet in the journal: the resume replays it for free.
        assert 0 < status["spend"]["total_usd"] <= billed + 1e-9
        calls_at_pause = Billed(server).calls

        stored = json.loads((run / "config.json").read_text())
        stored["budget"]["max_usd"] = 10_000.0
        (run / "config.json").write_text(json.dumps(stored))
        resumed = _rsi("resume", str(run), "--json")
        assert resumed.returncode == 0, resumed.stderr[-2000:]

    billed = Billed(server)
    assert billed.calls > calls_at_pause
    status = _status(run)
    assert status["stopped"] and not status["stopped"].startswith("paused")
    finished = {e.type for e in read_events(run)}  # gated, or nothing kept to release
    assert finished & {"gate_decided", "release_skipped"}
    assert len(ResponseCache(run / "llm_cache").entries()) == billed.calls  # none paid twice
    assert status["spend"]["usd"]["generator"] > 0
    assert status["spend"]["total_usd"] == pytest.approx(billed.usd(), rel=1e-4)


def test_optimizer_usd_refuses_the_call_that_would_cross_it(tmp_path: Path) -> None:
    prices = f"price_per_mtok_in = {PRICE}\nprice_per_mtok_out = {PRICE}\n"
    with _server() as server:
        config = _small(tmp_path, server, "\n[budget]\noptimizer_usd = 0.05\n")
        text = config.read_text().replace(
            "max_concurrent_calls = 2\n", f"max_concurrent_calls = 2\n{prices}"
        )
        config.write_text(text)
        run = tmp_path / "runs" / "run"
        paused = _rsi("search", str(config), "--run-dir", str(run))
        assert paused.returncode == 130, paused.stderr[-2000:]
    status = _status(run)
    assert status["stopped"] == "paused: optimizer budget usd reached"
    # The selection call reserves its prompt and 1,024 output tokens, over $0.05 at
    # $100 per million: it is never sent, and the generator's work is untouched.
    assert status["spend"]["tokens"]["optimizer"]["calls"] == 0
    assert status["spend"]["usd"]["generator"] > 0
    assert Billed(server).calls == status["spend"]["tokens"]["generator"]["calls"]
