"""The real-model lane: SmolLM2-135M on llama.cpp's server, through the real client path.

Behaviour, not quality: a 135M model writes poor tests, so nothing here asserts what it
wrote. What is asserted is what a real model exposed (issue 42): every request capped by
`[llm] max_output_tokens` and the server keeping to it, usage equal to what the server
reported, no identical request sent twice, no hidden material in any request, the harness
naming replies it could not parse, and a killed search that resumes without paying for a
reply it already had. The server's own view comes from a recording proxy in front of it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli_helpers import ROOT, run_rsi
from tests.support.llama_server import LlamaServer
from tests.support.real_model_lane import (
    STRATEGY,
    TASK,
    lane_config,
    leaked,
    planted_task,
    repeated,
)
from tests.support.recording_proxy import Exchange, RecordingProxy

CAP = 192  # experiments/real_model/smollm2.toml's [llm] max_output_tokens
RUN_S = 600


def _run_task(home: Path, config: Path, task: Path) -> tuple[dict[str, Any], str]:
    out = home / "out"
    shown = run_rsi(
        "run-task", str(config), str(task), "--strategy", str(STRATEGY),
        "--out", str(out), "--json", timeout=RUN_S,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr[-3000:]
    assert "Traceback" not in shown.stderr
    return json.loads(shown.stdout), shown.stderr


def _assert_capped_counted_and_clean(calls: list[Exchange], usage: dict[str, Any]) -> None:
    assert calls, "the model was never asked"
    for call in calls:
        asked = call.request.get("max_tokens", call.request.get("max_completion_tokens"))
        assert asked is not None and asked <= CAP, call.request.keys()
        assert call.completion_tokens <= CAP  # the server kept to it (llama.cpp reads max_tokens)
    assert repeated(calls) == 0  # an answered question is never asked again
    answered = [c for c in calls if c.status == 200]
    assert usage["calls"] == len(calls)
    assert usage["input_tokens"] == sum(c.prompt_tokens for c in answered)
    assert usage["output_tokens"] == sum(c.completion_tokens for c in answered)


def test_structured_pairs_on_a_real_model(proxy: RecordingProxy, tmp_path: Path) -> None:
    task = planted_task(tmp_path)
    summary, _ = _run_task(tmp_path, lane_config(tmp_path, proxy.base_url), task)
    calls = proxy.completions()
    _assert_capped_counted_and_clean(calls, summary["usage"])
    assert leaked(proxy.exchanges) == []
    tally = summary["reply_format"]
    if tally is not None:  # replies that did not parse are counted and named
        assert tally["malformed"] <= tally["replies"] <= len(calls)


def test_agent_pairs_on_a_real_model(proxy: RecordingProxy, tmp_path: Path) -> None:
    task = planted_task(tmp_path)
    agent = {'pairs = "structured"': 'pairs = "agent"'}
    summary, _ = _run_task(tmp_path, lane_config(tmp_path, proxy.base_url, agent), task)
    calls = proxy.completions()
    _assert_capped_counted_and_clean(calls, summary["usage"])
    assert leaked(proxy.exchanges) == []
    turns = [c for c in calls if c.request.get("tools")]
    assert turns and all(c.request.get("tool_choice") == "auto" for c in turns)


SEARCH = {
    'kind = "testhelix"': 'kind = "scripted"',  # evaluations cost nothing; the optimizer is real
    'stack = ["heuristic"]': (
        'stack = ["reflective"]\n\n[proposers.reflective]\nparent = "rule"\n'
        "selection_steps = 2\ndiagnosis_steps = 3\nreflection_steps = 2"
    ),
}


def _search(config: Path, run_dir: Path, *args: str) -> subprocess.Popen[str]:
    env = os.environ | {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
    command = [sys.executable, "-m", "rsi", *args, str(config), "--run-dir", str(run_dir)]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, text=True, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip


def test_a_killed_search_resumes_without_paying_twice(
    proxy: RecordingProxy, tmp_path: Path
) -> None:
    """The reflective proposer's sessions on the real model, killed while its third request
    is in flight: the resumed search never sends a request answered before the kill, and
    the search reaches its end."""
    config = lane_config(tmp_path, proxy.base_url, SEARCH)
    run_dir = tmp_path / "run"
    first = _search(config, run_dir, "search")
    arrived = proxy.wait_for_requests(3, timeout_s=RUN_S)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    if not arrived:
        pytest.fail(f"the search asked fewer than 3 questions: {first.stderr.read()[-2000:]}")
    resumed = _search(config, run_dir, "search")
    _, err = resumed.communicate(timeout=RUN_S)
    assert resumed.returncode == 0, err[-3000:]
    # One server answers one request at a time, so the exchanges are in arrival order: two
    # answered before the kill, the third in flight at it (it may be asked again), then
    # the resumed process's.
    keys = [json.dumps(c.request, sort_keys=True) for c in proxy.completions()]
    assert not set(keys[:2]) & set(keys[3:])
    types = [json.loads(line)["type"] for line in (run_dir / "events.jsonl").open()]
    assert {"gate_decided", "release_skipped"} & set(types), types[-5:]
    assert leaked(proxy.exchanges) == []


def test_a_model_slower_than_its_timeout_stops_the_task_as_slow(tmp_path: Path) -> None:
    """Every call outlasts `[llm] call_timeout_s`, and the server keeps generating for a
    client that left, so the next call waits too: the health stop's cause is `slow`,
    naming the setting, not "unavailable". The lane's own server is not used: this one is
    left busy, and is stopped by SIGKILL after the grace period."""
    slow = {"call_timeout_s = 120": "call_timeout_s = 2\nmax_consecutive_failures = 2"}
    with LlamaServer(log=tmp_path / "server.log") as server:
        config = lane_config(tmp_path, server.base_url, slow)
        shown = run_rsi(
            "run-task", str(config), str(TASK), "--strategy", str(STRATEGY),
            "--out", str(tmp_path / "out"), "--skip-model-check", timeout=RUN_S,
        )  # fmt: skip
    assert shown.returncode == 1, shown.stderr[-3000:]
    assert "Traceback" not in shown.stderr
    stop = shown.stderr.strip().splitlines()[-1]
    assert stop.startswith("error: model stopped (slow)") and "call_timeout_s" in stop, stop
    assert server.process is not None and server.process.poll() is not None
