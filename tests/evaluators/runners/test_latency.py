"""The latency runner (`[runner] kind = "latency"`): seeded waits, outcomes and traces, no CPU,
judged without running anything, configured and refused like every runner."""

from __future__ import annotations

import json
import math
import statistics
import time
from pathlib import Path

import pytest

from evaluators.runners.base import RunnerLimits
from evaluators.runners.latency import LatencyRunner, LatencySettings, latency_judge
from evaluators.tasks import TaskSet
from rsi.config import ExperimentConfig, load_config
from rsi.execution import build_services, evaluate_one
from search_space import Strategy
from search_space.errors import UserInputError
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.search_fixtures import CORPUS, ROOT

INITIAL = Strategy.model_validate_json((ROOT / "experiments/strategies/initial.json").read_text())
OTHER = INITIAL.model_copy(update={"guidance": "Another strategy."})


@pytest.fixture(scope="module")
def tasks() -> TaskSet:
    return TaskSet.load(CORPUS)


def _run(runner: LatencyRunner, strategy: Strategy, task_id: str, tasks: TaskSet, tmp: Path):
    workdir = tmp / f"{task_id}-{id(strategy)}-{time.monotonic_ns()}"
    return runner.run(strategy, tasks.get(task_id).public(), RunnerLimits(), workdir)


def test_the_same_key_draws_the_same_wait_outcome_and_trace(tasks: TaskSet, tmp_path: Path) -> None:
    runner = LatencyRunner(LatencySettings(median_s=0.01, trace_kb=2), seed=42)
    ids = tasks.ids[:12]
    first = [_run(runner, INITIAL, t, tasks, tmp_path).trace for t in ids]
    again = [_run(runner, INITIAL, t, tasks, tmp_path).trace for t in ids]
    other = [_run(runner, OTHER, t, tasks, tmp_path).trace for t in ids]
    reseeded = LatencyRunner(LatencySettings(median_s=0.01, trace_kb=2), seed=7)
    seed_7 = [_run(reseeded, INITIAL, t, tasks, tmp_path).trace for t in ids]

    def drawn(traces):
        return [(t.phases, t.checks) for t in traces]

    assert drawn(first) == drawn(again)
    assert drawn(first) != drawn(other)
    assert drawn(first) != drawn(seed_7)
    assert len({t.phases[0]["wait_s"] for t in first}) == len(ids)


def test_waits_are_lognormal_with_the_configured_median_and_sigma(
    tasks: TaskSet, tmp_path: Path
) -> None:
    runner = LatencyRunner(LatencySettings(median_s=0.002, sigma=0.5, trace_kb=0), seed=42)
    waits = [
        _run(runner, INITIAL, task_id, tasks, tmp_path).trace.phases[0]["wait_s"]
        for task_id in tasks.ids[:80]
    ]
    logs = [math.log(max(wait, 1e-4)) for wait in waits]
    assert statistics.median(waits) == pytest.approx(0.002, rel=0.35)
    assert statistics.stdev(logs) == pytest.approx(0.5, rel=0.35)


def test_outcomes_follow_the_success_rate_and_the_judge_reads_them(
    tasks: TaskSet, tmp_path: Path
) -> None:
    runner = LatencyRunner(LatencySettings(median_s=0.001, success_rate=0.7), seed=42)
    successes = 0
    ids = tasks.ids[:60]
    for task_id in ids:
        result = _run(runner, INITIAL, task_id, tasks, tmp_path)
        assert result.submission is not None and (result.submission / "run.sh").is_file()
        judgement = latency_judge(tasks.get(task_id), result.submission, sandbox=None)  # type: ignore[arg-type]
        outcomes = judgement.outcomes()
        assert outcomes.initial is not None and outcomes.reference is not None
        assert outcomes.initial.value == result.trace.phases[0]["initial"]
        successes += (outcomes.initial.value, outcomes.reference.value) == ("fail", "pass")
    assert 0.5 < successes / len(ids) < 0.9


@pytest.mark.parametrize("kilobytes", [1, 16, 64])
def test_the_journaled_trace_has_about_trace_kb(
    kilobytes: int, tasks: TaskSet, tmp_path: Path
) -> None:
    runner = LatencyRunner(LatencySettings(median_s=0.001, trace_kb=kilobytes), seed=42)
    trace = _run(runner, INITIAL, tasks.ids[0], tasks, tmp_path).trace
    size = len(json.dumps(trace.model_dump(mode="json", exclude={"tool_output": True})))
    assert kilobytes * 1024 <= size <= kilobytes * 1024 * 1.3 + 400


def test_waiting_uses_no_cpu(tasks: TaskSet, tmp_path: Path) -> None:
    runner = LatencyRunner(LatencySettings(median_s=0.2, sigma=0.0, trace_kb=64), seed=42)
    cpu = time.thread_time()
    traces = [_run(runner, INITIAL, t, tasks, tmp_path).trace for t in tasks.ids[:3]]
    cpu = time.thread_time() - cpu
    waited = sum(trace.phases[0]["wait_s"] for trace in traces)
    assert waited == pytest.approx(0.6)
    assert cpu < waited / 4  # a sleep, not a busy loop


def _config(tmp_path: Path, latency: str) -> Path:
    text = (ROOT / "experiments/quickstart.toml").read_text()
    text = text.replace('kind = "scripted"', f'kind = "latency"\n\n[runner.latency]\n{latency}')
    text = text.replace('tasks = "tasks"', f'tasks = "{CORPUS}"')
    initial = ROOT / "experiments/strategies/initial.json"
    text = text.replace('"strategies/initial.json"', f'"{initial}"')
    text = text.replace('runs_dir = "../runs"', f'runs_dir = "{tmp_path / "runs"}"')
    path = tmp_path / "latency.toml"
    path.write_text(text)
    return path


def test_an_evaluation_with_the_latency_runner_judges_nothing_in_a_sandbox(
    tmp_path: Path,
) -> None:
    config = load_config(_config(tmp_path, "median_s = 0.001\nsuccess_rate = 1.0"))
    services = build_services(config.services_config(), tmp_path / "run")
    data, record = evaluate_one(services, INITIAL, services.tasks.ids[0], "train")
    assert data.success and data.initial_outcome == "fail" and data.reference_outcome == "pass"
    judged = record["judgement"]
    assert isinstance(judged, dict)
    assert {r["backend"] for r in judged["results"]} == {"latency"}
    assert not config.prefetches()  # like a paid runner: nothing runs ahead by default


@pytest.mark.parametrize(
    ("latency", "field"),
    [
        ("median_s = 0", "median_s"),
        ("sigma = -1", "sigma"),
        ("success_rate = 1.5", "success_rate"),
        ("trace_kb = -2", "trace_kb"),
        ("jitter = 2", "jitter"),
    ],
)
def test_bad_latency_settings_are_one_line_errors(tmp_path: Path, latency: str, field: str) -> None:
    path = _config(tmp_path, latency)
    with pytest.raises(UserInputError, match=field):
        load_config(path)
    assert_one_line_user_error(run_rsi("search", str(path)), field)


def test_the_latency_settings_belong_to_the_config_fingerprint(tmp_path: Path) -> None:
    one = load_config(_config(tmp_path, "median_s = 1.0"))
    data = one.model_dump()
    data["runner"]["latency"]["median_s"] = 2.0
    assert ExperimentConfig.model_validate(data).fingerprint() != one.fingerprint()
