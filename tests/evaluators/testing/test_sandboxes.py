"""The supported sandbox doubles behave as a `Sandbox` does, and record what they were asked."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from evaluators.sandbox import Isolation, Outcome, RunResult, RunSpec, Sandbox
from evaluators.testing import InMemorySandbox, RecordingSandbox, refuse


def _spec(tmp_path: Path, name: str = "suite") -> RunSpec:
    return RunSpec(app_layers=(tmp_path / "app",), tests_dir=tmp_path / name)


def _failed() -> RunResult:
    return RunResult(
        outcome=Outcome.FAIL,
        exit_code=1,
        duration_s=0.0,
        output="1 failed",
        backend="memory",
        isolation=Isolation.NONE,
    )


def test_the_in_memory_sandbox_passes_by_default_and_records_each_spec(tmp_path: Path) -> None:
    sandbox: Sandbox = InMemorySandbox()
    first, second = _spec(tmp_path, "one"), _spec(tmp_path, "two")
    results = [sandbox.run(first), sandbox.run(second)]
    assert [r.outcome for r in results] == [Outcome.PASS, Outcome.PASS]
    assert isinstance(sandbox, InMemorySandbox) and sandbox.runs == [first, second]
    assert results[0].backend == sandbox.name == "memory"


def test_the_in_memory_sandbox_answers_with_a_result_or_a_function_of_the_spec(
    tmp_path: Path,
) -> None:
    fixed = InMemorySandbox(_failed())
    assert fixed.run(_spec(tmp_path)).outcome is Outcome.FAIL

    by_suite = InMemorySandbox(
        lambda spec: _failed() if spec.tests_dir.name == "broken" else InMemorySandbox().run(spec)
    )
    assert by_suite.run(_spec(tmp_path, "broken")).outcome is Outcome.FAIL
    assert by_suite.run(_spec(tmp_path, "fine")).outcome is Outcome.PASS


def test_a_refusing_sandbox_fails_the_test_that_runs_anything(tmp_path: Path) -> None:
    sandbox = InMemorySandbox(refuse)
    with pytest.raises(AssertionError, match="nothing should run"):
        sandbox.run(_spec(tmp_path))
    assert len(sandbox.runs) == 1


def test_the_recording_sandbox_forwards_runs_and_fails_the_first_ones(tmp_path: Path) -> None:
    inner = InMemorySandbox(_failed())
    sandbox = RecordingSandbox(inner, failures=1)
    with pytest.raises(OSError, match="lost its workspace"):
        sandbox.run(_spec(tmp_path, "one"))
    assert sandbox.run(_spec(tmp_path, "two")).outcome is Outcome.FAIL
    assert [s.tests_dir.name for s in sandbox.runs] == ["one", "two"]
    assert [s.tests_dir.name for s in inner.runs] == ["two"]  # the failed one never ran
    assert sandbox.name == inner.name


def test_a_held_run_waits_until_released(tmp_path: Path) -> None:
    sandbox = RecordingSandbox(InMemorySandbox(), hold_timeout_s=30)
    sandbox.hold.clear()
    results: list[RunResult] = []
    worker = threading.Thread(target=lambda: results.append(sandbox.run(_spec(tmp_path))))
    worker.start()
    worker.join(0.2)
    assert worker.is_alive() and results == [] and len(sandbox.runs) == 1
    sandbox.hold.set()
    worker.join(30)
    assert [r.outcome for r in results] == [Outcome.PASS]


def test_a_run_held_past_its_timeout_fails_instead_of_hanging(tmp_path: Path) -> None:
    sandbox = RecordingSandbox(InMemorySandbox(), hold_timeout_s=0.01)
    sandbox.hold.clear()
    with pytest.raises(AssertionError, match="held run"):
        sandbox.run(_spec(tmp_path))
