"""The model's health (evaluators/llm/health.py): one monitor, one stop with a typed cause.

Alone: the format window trips once its share is certain, never after it; consecutive
infrastructure failures stop as `unreachable`, or `slow` when every one timed out (the
message names `[llm] call_timeout_s`, its value and the latency of the calls that
answered); malformed agent turns that called no tool stop as `no-tool-calls`.

Over the real client path against the local server, each cause from a task run: a closed
port (`unreachable`), a server that stays busy after its client gave up (`slow`), prose
replies (`format`); `no-tool-calls` is in agent/test_pairs.py. And the harness never pays
twice for the same question (issue 30): a prose model costs a few distinct requests,
`rsi run-task` names it, and a search stops with one `search_halted` event per stop,
whose cause and message `rsi status` shows, and `rsi resume` continues after each.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import LlmSettings, ModelHealth, ResponseCache
from evaluators.runners.base import RunnerLimits, RunnerResult
from evaluators.runners.testhelix import HarnessSettings, LlmTaskModels, TestHelixRunner
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import TaskSet
from rsi.journal import read_events
from search_space import Strategy
from tests.support.cli_helpers import run_rsi
from tests.support.harness_pool_model import PoolModel
from tests.support.llm_server import Garbage, LocalLlmServer
from tests.support.mlflow_server import free_port
from tests.support.optimizer_model import ROUTE_EDITS, Optimizer
from tests.support.search_fixtures import CORPUS, ROOT
from tests.support.warm_start import run_module

PROSE = "Sure! Here are some great tests for your program. First, test the empty input..."
K3 = Strategy(initialCandidates=3, maxCandidates=3)


def _distinct(server: LocalLlmServer) -> Counter[str]:
    return Counter(json.dumps(body, sort_keys=True) for body in server.requests)


# -- the monitor alone -------------------------------------------------------------------


def test_the_format_check_trips_once_the_share_of_the_window_is_certain() -> None:
    health = ModelHealth("openai/m", share=0.9, window=20)
    for _ in range(8):
        assert health.observe([True, True], "prose") is None  # 16 of 20: undecided
    stop = health.observe([True, True], "prose")  # 18 of the first 18: 18 >= 0.9 * 20
    assert stop is not None and stop.cause == "format"
    assert "openai/m does not follow the reply format" in stop.message
    assert "'prose'" in stop.message and "\n" not in stop.message
    assert health.observe([False]) == stop and health.open_reason == stop.message


def test_the_format_check_never_trips_on_a_model_that_mostly_follows_the_format() -> None:
    health = ModelHealth("openai/m", share=0.9, window=20)
    for _ in range(10):
        assert health.observe([True, False]) is None  # every ask retried once, then parsed
    assert health.observe([True, True] * 50) is None  # past the window nothing trips
    assert health.task_ended(calls=100, malformed=100) is None


def test_a_whole_task_of_malformed_replies_trips_the_format_check_at_its_end() -> None:
    health = ModelHealth("openai/m", share=0.9, window=20)
    assert health.observe([True] * 14) is None
    assert health.task_ended(calls=4, malformed=4) is None  # too few calls to judge
    assert health.task_ended(calls=14, malformed=14) is not None


def test_agent_turns_that_call_no_tool_are_named_so() -> None:
    health = ModelHealth("openai/m", share=0.9, window=6)
    health.observe([True, True], "prose plan")  # a structured call and its retry
    stop = health.observe([True] * 4, "I would write tests.", no_tool=True)
    assert stop is not None and stop.cause == "no-tool-calls"
    assert "the model openai/m called no tool: 4 agent turns called none" in stop.message


def test_consecutive_timeouts_are_slow_and_name_the_timeout_and_the_latency() -> None:
    health = ModelHealth("openai/m", max_consecutive_failures=3, call_timeout_s=30)
    health.succeeded(2.0)
    health.succeeded(4.0)
    for _ in range(3):
        health.failed("timeout", "LMTimeoutError: timed out")
    assert health.stop is not None and health.stop.cause == "slow"
    message = health.stop.message
    assert "openai/m is too slow: 3 consecutive calls timed out at" in message
    assert "[llm] call_timeout_s = 30 s" in message
    assert "2 calls answered, in 3.0 s on average and 4.0 s at most" in message


def test_a_failure_that_is_not_a_timeout_makes_the_outage_unreachable() -> None:
    health = ModelHealth("openai/m", max_consecutive_failures=3)
    health.failed("timeout", "timed out")
    health.failed("transport", "Connection refused")
    health.failed("malformed", "prose")  # a reply: not an outage, and no reset here
    assert health.stop is None
    health.failed("transport", "Connection refused")
    assert health.stop is not None and health.stop.cause == "unreachable"
    assert "3 consecutive calls failed (transport); last: Connection refused" in health.stop.message


def test_a_reply_resets_the_count() -> None:
    health = ModelHealth("openai/m", max_consecutive_failures=2)
    health.failed("timeout", "timed out")
    health.succeeded(1.0)
    health.failed("timeout", "timed out")
    assert health.stop is None


def test_the_monitors_defaults_are_the_settings_defaults() -> None:
    plain, of = ModelHealth("openai/m"), ModelHealth.of(LlmSettings(model="openai/m"))
    assert (plain.limit, plain.call_timeout_s, plain.share, plain.window) == (5, 120.0, 0.9, 20)
    assert (of.limit, of.call_timeout_s, of.share, of.window) == (5, 120.0, 0.9, 20)


def test_the_monitor_of_settings_follows_them_and_may_watch_outages_only() -> None:
    settings = LlmSettings(
        model="openai/small",
        max_consecutive_failures=2,
        call_timeout_s=7,
        max_malformed_share=0.5,
        format_check_calls=4,
    )
    health = ModelHealth.of(settings)
    assert health.observe([True], "prose") is None
    stop = health.observe([True])  # 2 of 4: half the window
    assert stop is not None and stop.cause == "format"
    assert stop.message.startswith("the model openai/small does not follow the reply format")
    slow = ModelHealth.of(settings)
    slow.failed("timeout", "timed out")
    assert slow.stop is None
    slow.failed("timeout", "timed out")
    assert slow.stop is not None and "[llm] call_timeout_s = 7 s" in slow.stop.message
    outages_only = ModelHealth.of(settings, format_check=False)
    assert outages_only.observe([True] * 4, "prose") is None
    assert outages_only.task_ended(calls=10, malformed=10) is None


def test_without_the_format_check_no_share_of_malformed_calls_trips() -> None:
    health = ModelHealth("openai/m", window=20, format_check=False)
    assert health.observe([True] * 30, "prose") is None
    assert health.task_ended(calls=30, malformed=30) is None and health.stop is None


def test_a_format_stop_counts_what_tripped_it_and_shows_the_first_example_on_one_line() -> None:
    health = ModelHealth("openai/m", share=0.9, window=20)
    assert health.observe([True] * 10) is None  # no example yet
    assert health.observe([True] * 7, "I would\n  write   tests") is None
    stop = health.observe([True], "a later example")
    assert stop is not None
    assert stop.message == (
        "the model openai/m does not follow the reply format: 18 of the first 18 generator "
        "calls were malformed (it sent: 'I would write tests'); fix the model or its server, "
        "then rsi resume"
    )
    ended = ModelHealth("openai/m", share=0.9, window=20)
    ended.observe([True] * 14, "prose")
    stop = ended.task_ended(calls=14, malformed=14)
    assert stop is not None and "14 of a task's 14 generator calls were malformed" in stop.message


def test_calls_past_the_window_are_not_counted_and_the_stop_stays() -> None:
    health = ModelHealth("openai/m", share=0.5, window=4)
    assert health.observe([False, False, False, True]) is None
    assert health.observe([True, True]) is None  # past the window: not counted
    assert (health.seen, health.malformed) == (4, 1)
    tripped = ModelHealth("openai/m", share=0.5, window=2)
    stop = tripped.observe([True], "prose")
    assert stop is not None and tripped.observe([True, True]) == stop


def test_a_task_ends_the_check_early_from_six_calls_at_the_share() -> None:
    assert ModelHealth("m", share=0.9).task_ended(calls=6, malformed=6) is not None
    assert ModelHealth("m", share=0.5).task_ended(calls=6, malformed=3) is not None
    assert ModelHealth("m", share=0.5).task_ended(calls=6, malformed=2) is None
    assert ModelHealth("m", share=0.9).task_ended(calls=10, malformed=1) is None
    assert ModelHealth("m", share=0.9).task_ended(calls=5, malformed=5) is None


def test_the_no_tool_cause_needs_more_than_half_the_malformed_calls() -> None:
    health = ModelHealth("openai/m", share=0.5, window=4)
    health.observe([True], "prose")
    stop = health.observe([True], "I would write tests", no_tool=True)  # 1 of 2: half
    assert stop is not None and stop.cause == "format"


def test_an_outage_names_the_last_failures_kind_and_cuts_its_message() -> None:
    health = ModelHealth("openai/m", max_consecutive_failures=3)
    health.failed("transport", "Connection refused")
    health.failed("transport", "Connection refused")
    health.failed("auth", "x" * 300)
    assert health.stop is not None and health.stop.cause == "unreachable"
    assert health.stop.message == (
        f"the model openai/m is unreachable: 3 consecutive calls failed (auth); last: "
        f"{'x' * 200}; make it reachable, then rsi resume"
    )


def test_a_model_that_never_answered_in_time_is_slow_with_no_call_answered() -> None:
    health = ModelHealth("openai/m", max_consecutive_failures=2, call_timeout_s=0.5)
    health.failed("timeout", "timed out")
    health.failed("timeout", "timed out")
    assert health.stop is not None and health.stop.message == (
        "the model openai/m is too slow: 2 consecutive calls timed out at [llm] "
        "call_timeout_s = 0.5 s (no call answered); raise call_timeout_s or use a faster "
        "model or server, then rsi resume"
    )


# -- one task over HTTP ------------------------------------------------------------------


@pytest.fixture(scope="module")
def task_set() -> TaskSet:
    return TaskSet.load(ROOT / "tests/fixtures/tasks")


def _task_run(
    sandbox: LocalSandbox, tasks: TaskSet, tmp_path: Path, settings: LlmSettings
) -> RunnerResult:
    models = LlmTaskModels(settings, ResponseCache(tmp_path / "cache"))
    runner = TestHelixRunner(sandbox, models, HarnessSettings(execution_repeats=1))
    task = tasks.get("clamp-range").public()
    return runner.run(K3, task, RunnerLimits(test_timeout_s=30), tmp_path / "work")


def _stop_reason(result: RunnerResult) -> str:
    return next(p["reason"] for p in result.trace.phases if p["phase"] == "stop")


def test_a_closed_port_stops_the_task_as_unreachable(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    base = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    settings = LlmSettings(model="openai/local-model", api_base=base, max_consecutive_failures=2)
    result = _task_run(bwrap_sandbox, task_set, tmp_path, settings)
    assert result.health is not None and result.health.cause == "unreachable"
    assert "the model openai/local-model is unreachable: 2 consecutive calls failed" in (
        result.health.message
    )
    assert result.submission is None and _stop_reason(result) == result.health.message


class BusyAfterFirst:
    """Answers the first request at once, then keeps the server's one slot busy for
    `busy_s` per request (as llama.cpp's server generates on after its client left)."""

    def __init__(self, busy_s: float) -> None:
        self.busy_s = busy_s
        self.server: LocalLlmServer | None = None

    def __call__(self, body: dict[str, Any]) -> str:
        assert self.server is not None
        self.server.busy_s = self.busy_s
        return "[[ ## completed ## ]]"


def test_a_server_slower_than_the_call_timeout_stops_the_task_as_slow(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    busy = BusyAfterFirst(busy_s=1.5)
    with LocalLlmServer(responder=busy) as server:
        busy.server = server
        settings = LlmSettings(
            model="openai/local-model",
            api_base=server.openai_base,
            call_timeout_s=0.5,
            max_consecutive_failures=2,
        )
        result = _task_run(bwrap_sandbox, task_set, tmp_path, settings)
    assert result.health is not None and result.health.cause == "slow"
    message = result.health.message
    assert "the model openai/local-model is too slow: 2 consecutive calls timed out" in message
    assert "[llm] call_timeout_s = 0.5 s" in message
    assert "1 call answered, in " in message  # the first, before the server got busy
    assert "unreachable" not in message and _stop_reason(result) == message


def test_prose_replies_stop_the_task_as_format(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    with LocalLlmServer() as server:
        server.always = Garbage(PROSE)
        settings = LlmSettings(
            model="openai/local-model", api_base=server.openai_base, format_check_calls=6
        )
        result = _task_run(bwrap_sandbox, task_set, tmp_path, settings)
    assert result.health is not None and result.health.cause == "format"
    assert "openai/local-model does not follow the reply format: 6 of the first 6" in (
        result.health.message
    )
    assert "Sure! Here are" in result.health.message and result.submission is None
    # Forgotten: a resumed search asks the fixed model again instead of replaying prose.
    assert ResponseCache(tmp_path / "cache").entries() == []


def test_a_prose_model_costs_a_few_distinct_requests_not_the_call_cap(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    with LocalLlmServer() as server:
        server.always = Garbage(PROSE)
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        models = LlmTaskModels(settings, ResponseCache(tmp_path / "cache"), format_check=False)
        runner = TestHelixRunner(bwrap_sandbox, models, HarnessSettings(execution_repeats=1))
        task = task_set.get("clamp-range").public()
        result = runner.run(K3, task, RunnerLimits(test_timeout_s=30), tmp_path / "work")
    assert max(_distinct(server).values()) == 1, "an answered request was sent twice"
    # planning (a request and its parse retry) + 3 pairs x 2 steps x 2 requests
    assert server.calls == 14 < 48
    halted = [p for p in result.trace.phases if p["phase"] == "pair-halted"]
    assert [h["pair"] for h in halted] == [0, 1, 2]
    assert all(h["reason"] == "2 consecutive malformed replies" for h in halted)
    # The pair's second step showed the model its reply and the parse error.
    second_steps = [
        str(b) for b in server.requests if "Your last reply could not be used" in str(b)
    ]
    assert len(second_steps) == 3 * 2  # each pair's second step and its parse retry
    assert all(PROSE[:40] in body for body in second_steps)
    tally = next(p for p in result.trace.phases if p["phase"] == "reply-format")
    assert (tally["replies"], tally["malformed"], tally["repeats"]) == (14, 14, 0)
    assert tally["example"].startswith("Sure! Here are")
    assert result.submission is None


def test_a_well_behaved_model_is_not_slowed_or_halted(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    with LocalLlmServer(responder=PoolModel(task_set)) as server:
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        models = LlmTaskModels(settings, ResponseCache(tmp_path / "cache"))
        runner = TestHelixRunner(bwrap_sandbox, models, HarnessSettings(execution_repeats=1))
        task = task_set.get("clamp-range").public()
        result = runner.run(K3, task, RunnerLimits(test_timeout_s=30), tmp_path / "work")
    assert result.submission is not None
    assert max(_distinct(server).values()) == 1
    assert not [p for p in result.trace.phases if p["phase"] == "pair-halted"]
    # Two pairs wrote the same suite: its second review was answered from memory, and
    # the tally (present only then, so other journals stay as before) says so.
    tally = next(p for p in result.trace.phases if p["phase"] == "reply-format")
    assert tally["malformed"] == 0 and tally["repeats"] == tally["requests"] - server.calls > 0


def _small_config(home: Path, base: str, tasks: Path, llm: str = "") -> Path:
    text = (ROOT / "experiments/testhelix_small.toml").read_text()
    initial = json.loads((ROOT / "experiments/strategies/initial.json").read_text())
    (home / "initial.json").write_text(
        json.dumps({**initial, "initialCandidates": 2, "maxCandidates": 2})
    )
    replacements = {
        'tasks = "tasks"': f'tasks = "{tasks}"',
        '"strategies/initial.json"': f'"{home / "initial.json"}"',
        'runs_dir = "../runs"': f'runs_dir = "{home / "runs"}"',
        '"http://127.0.0.1:8000/v1"': f'"{base}"',
        "proposal = 4": "proposal = 2",
        "dev = 2": "dev = 1",
        "release = 4": "release = 2",
        "minibatch = 2": "minibatch = 1",
        "completed_rounds = 2": "completed_rounds = 1",
        "workers = 2": "workers = 1",
        "enabled = true": "enabled = false",
    }
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    text = text.replace("max_concurrent_calls = 2\n", f"max_concurrent_calls = 2\n{llm}")
    path = home / f"small-{abs(hash(base))}.toml"
    path.write_text(text)
    return path


def test_run_task_names_a_model_that_does_not_follow_the_reply_format(tmp_path: Path) -> None:
    with LocalLlmServer() as server:
        server.always = Garbage(PROSE)
        config = _small_config(tmp_path, server.openai_base, CORPUS)
        result = run_rsi(
            "run-task", str(config), str(CORPUS / "alg-merge-intervals-gap"),
            "--strategy", str(ROOT / "experiments/strategies/initial.json"),
            "--out", str(tmp_path / "out"),
        )  # fmt: skip
        calls = server.calls - server.preflights  # the model check is not a task reply
        assert max(_distinct(server).values()) == 1
    assert result.returncode == 0, result.stderr[-2000:]
    assert calls < 48 / 2
    text = " ".join(result.stdout.split())
    assert f"replies: {calls} read, {calls} malformed" in text
    assert "the model openai/local-model does not follow the reply format" in text
    assert "Sure! Here are" in text


# -- a search ----------------------------------------------------------------------------

TASKS = ("alg-merge-intervals-gap", "cli-word-count-stdin", "gen-semver-compare",
         "st-lru-basic-stats", "vis-ascii-table-basic")  # fmt: skip


def _routed(config: Path) -> Path:
    """The search on a split and proposer that keep a child: [data] seed 15 puts
    gen-semver-compare in round 1, which the initial strategy fails and the optimizer
    model's child routed to error-contracts solves (under the pool model no scalar edit
    changes an outcome, so heuristic and optuna children end with nothing to release)."""
    text = config.read_text()
    for old, new in {
        "seed = 7": "seed = 15",
        'stack = ["heuristic", "optuna"]': 'stack = ["reflective"]',
    }.items():
        assert old in text, old
        text = text.replace(old, new)
    config.write_text(text)
    return config


def _search(config: Path, run_dir: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return _rsi("search", str(config), "--run-dir", str(run_dir), *flags)


def _rsi(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
    return run_module("rsi", argv, cwd=ROOT, env={**os.environ, **env}, timeout=1800)


def _status(run_dir: Path) -> tuple[dict[str, Any], str]:
    shown = _rsi("status", str(run_dir), "--json")
    assert shown.returncode == 0, shown.stderr[-2000:]
    text = _rsi("status", str(run_dir)).stdout
    return json.loads(shown.stdout), " ".join(text.split())


def _halts(run_dir: Path) -> list[Any]:
    return [e.data for e in read_events(run_dir) if e.type == "search_halted"]


@pytest.mark.slow
def test_each_health_stop_is_one_event_with_its_cause_and_resume_goes_on(
    tmp_path: Path,
) -> None:
    """One search, stopped three times by its model, resumed after each (`[llm] api_base`
    and `call_timeout_s` may change on a resume), then finished against a fixed server."""
    tasks = tmp_path / "tasks"
    for task_id in TASKS:
        shutil.copytree(CORPUS / task_id, tasks / task_id)
    run_dir = tmp_path / "runs" / "run"

    # unreachable: nothing listens on the port (no model check: it would refuse at once)
    closed = f"http://127.0.0.1:{free_port()}/v1"
    config = _routed(_small_config(tmp_path, closed, tasks, "transport_retries = 0\n"))
    stopped = _search(config, run_dir, "--skip-model-check")
    assert stopped.returncode == 130, stopped.stderr[-2000:]
    assert "model stopped (unreachable): the model openai/local-model is unreachable" in (
        stopped.stderr
    )
    assert [h.cause for h in _halts(run_dir)] == ["unreachable"]
    status, text = _status(run_dir)
    assert status["stopped"].startswith("halted (unreachable): ")
    assert "not yet" not in text

    # slow: the server stays busy 1 s per request; calls time out at 0.5 s
    with LocalLlmServer() as slow:
        slow.busy_s = 1.0
        timeout = "call_timeout_s = 0.5\n"
        stopped = _search(
            _routed(_small_config(tmp_path, slow.openai_base, tasks, timeout)), run_dir
        )
    assert stopped.returncode == 130, stopped.stderr[-2000:]
    assert "close to the timeout" in stopped.stderr  # the model check's latency warning
    halts = _halts(run_dir)
    assert [h.cause for h in halts] == ["unreachable", "slow"]
    assert "[llm] call_timeout_s = 0.5 s" in halts[-1].reason
    status, text = _status(run_dir)
    assert status["stopped"] == f"halted (slow): {halts[-1].reason}"
    assert "earlier: halted (unreachable): " in text

    # format: prose replies; what the abandoned evaluation paid is in the spend, once
    with LocalLlmServer() as prose:
        prose.always = Garbage(PROSE)
        stopped = _search(_routed(_small_config(tmp_path, prose.openai_base, tasks)), run_dir)
        prose_calls = prose.calls - prose.preflights
    assert stopped.returncode == 130, stopped.stderr[-2000:]
    assert "does not follow the reply format" in stopped.stderr
    assert prose_calls <= 20  # it stopped at the format check, before spending more
    halts = _halts(run_dir)
    assert [h.cause for h in halts] == ["unreachable", "slow", "format"]
    assert not [e for e in read_events(run_dir) if e.type == "evaluation"]
    assert sum(a.calls for a in halts[-1].abandoned) == prose_calls
    status, text = _status(run_dir)
    assert status["stopped"].startswith("halted (format): ")
    assert status["spend"]["abandoned"]["calls"] == prose_calls  # the latest halt's, once
    assert status["spend"]["tokens"]["generator"]["calls"] == prose_calls
    assert f"of which in evaluations a model stop abandoned: {prose_calls} calls" in text
    # The malformed replies were forgotten: the fixed model is asked again, not replayed.
    assert ResponseCache(run_dir / "llm_cache").entries() == []

    model = PoolModel(TaskSet.load(tasks), optimizer=Optimizer(edits=ROUTE_EDITS))
    with LocalLlmServer(responder=model) as fixed:
        finished = _search(_routed(_small_config(tmp_path, fixed.openai_base, tasks)), run_dir)
        calls = fixed.calls - fixed.preflights  # the model check is not cached
    assert finished.returncode == 0, finished.stderr[-2000:]
    # One cache entry per request paid: no request was paid twice within a task (two
    # strategies may still ask the same question; each task run has its own namespace).
    assert len(ResponseCache(run_dir / "llm_cache").entries()) == calls
    kinds = [e.type for e in read_events(run_dir)]
    assert "gate_decided" in kinds and kinds.count("search_halted") == 3
    status, text = _status(run_dir)
    assert not status["stopped"].startswith("halted") and status["halted"] is None
    assert len(status["earlier_stops"]) == 3 and "halted (format)" in text
    # The abandoned evaluation was journaled on resume: its usage counts, not both.
    assert status["spend"]["abandoned"]["calls"] == 0


@pytest.mark.slow
def test_rsi_evaluate_stops_with_the_health_stop_instead_of_a_misleading_rar(
    tmp_path: Path,
) -> None:
    with LocalLlmServer() as server:
        server.always = Garbage(PROSE)
        config = _small_config(tmp_path, server.openai_base, CORPUS, "format_check_calls = 6\n")
        result = _rsi(
            "evaluate", str(config), "--strategy", str(tmp_path / "initial.json"), "--json"
        )
    assert result.returncode == 130, result.stderr[-2000:]
    assert "stopped: the model openai/local-model does not follow the reply format" in (
        result.stderr
    )
    assert result.stdout == ""  # no RAR printed
