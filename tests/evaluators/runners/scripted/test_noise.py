"""The scripted author's noise: seeded per (strategy, task, seed, repeat), absent at 0."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from evaluators.runners.base import RunnerLimits, RunnerResult, run_safely
from evaluators.runners.scripted.noise import (
    BROKEN_LINE,
    AuthorNoise,
    NoiseKey,
    ScriptedSettings,
    written_broken,
)
from evaluators.runners.scripted.runner import ScriptedRunner
from evaluators.sandbox import make_sandbox
from evaluators.tasks import TaskSet
from evaluators.tasks.author_pool import TaskDirPools
from tests.support.probe_task import BASE

KEY = NoiseKey("s-1", "task-a", 42, 0)


def _draws(noise: AuthorNoise, n: int = 40) -> list[bool]:
    return [noise.writes_broken() for _ in range(n)]


def test_the_same_key_replays_the_same_slips_and_another_key_draws_anew() -> None:
    assert _draws(AuthorNoise(0.5, KEY)) == _draws(AuthorNoise(0.5, KEY))
    others = [
        NoiseKey("s-2", "task-a", 42, 0),
        NoiseKey("s-1", "task-b", 42, 0),
        NoiseKey("s-1", "task-a", 43, 0),
        NoiseKey("s-1", "task-a", 42, 1),
    ]
    for other in others:
        assert _draws(AuthorNoise(0.5, other)) != _draws(AuthorNoise(0.5, KEY)), other


def test_the_documented_rates_hold_over_many_draws() -> None:
    noise = AuthorNoise(0.2, KEY)
    n = 20_000
    broken = sum(noise.writes_broken() for _ in range(n)) / n
    skipped = sum(noise.skips_clause() for _ in range(n)) / n
    dropped = sum(noise.review_drops_good() for _ in range(n)) / n
    assert broken == pytest.approx(0.2, abs=0.015)
    assert skipped == pytest.approx(0.1, abs=0.015)
    assert dropped == pytest.approx(0.1, abs=0.015)


def test_noise_zero_makes_no_generator_and_never_slips(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a random generator was made at noise 0")

    monkeypatch.setattr(random, "Random", refuse)
    noise = AuthorNoise(0.0, KEY)
    assert not any(_draws(noise)) and not noise.skips_clause() and not noise.review_misses()


def test_a_slip_breaks_the_test_with_a_name_error() -> None:
    source = "import math\n\n\ndef test_root(tmp_path):\n    assert math.sqrt(4) == 2\n"
    broken = written_broken(source)
    assert broken is not None and BROKEN_LINE in broken
    namespace: dict[str, object] = {}
    exec(compile(broken, "t.py", "exec"), namespace)
    with pytest.raises(NameError, match="prepare_case"):
        namespace["test_root"](Path("."))  # type: ignore[operator]
    assert written_broken("x = 1\n") is None


def _run(tasks_dir: Path, workdir: Path, noise: float, repeat: int = 0) -> RunnerResult:
    tasks = TaskSet.load(tasks_dir)
    runner = ScriptedRunner(
        make_sandbox("local"), TaskDirPools(tasks), ScriptedSettings(noise=noise), repeat=repeat
    )
    strategy = BASE.model_copy(update={"review_max_output_tokens": 4096})
    result = run_safely(runner, strategy, tasks.tasks[0].public(), RunnerLimits(), workdir)
    assert result.trace.error is None, result.trace.error
    return result


def _submitted(result: RunnerResult) -> dict[str, str]:
    assert result.submission is not None
    return {p.name: p.read_text() for p in sorted(result.submission.glob("test_*.py"))}


def test_noise_zero_changes_no_outcome(
    probe_tasks: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tasks = TaskSet.load(probe_tasks)
    plain = ScriptedRunner(make_sandbox("local"), TaskDirPools(tasks))
    strategy = BASE.model_copy(update={"review_max_output_tokens": 4096})
    expected = run_safely(plain, strategy, tasks.tasks[0].public(), RunnerLimits(), tmp_path / "p")
    monkeypatch.setattr(random, "Random", None)  # any draw would now raise
    quiet = _run(probe_tasks, tmp_path / "q", 0.0, repeat=7)
    assert quiet.trace == expected.trace
    assert _submitted(quiet) == _submitted(expected)


def test_a_noisy_run_replays_per_key_and_journals_only_judgements(
    probe_tasks: Path,
    tmp_path: Path,
) -> None:
    one = _run(probe_tasks, tmp_path / "a", 0.9)
    two = _run(probe_tasks, tmp_path / "b", 0.9)
    assert one.trace == two.trace and _submitted(one) == _submitted(two)
    # At this level most written items slip: repairs find broken tests besides the pool's.
    identified = {n for p in one.trace.phases if p["phase"] == "repair" for n in p["identified"]}
    assert identified - {"test_c3_broken"}
    repeats = [_run(probe_tasks, tmp_path / f"r{r}", 0.9, repeat=r) for r in (1,)]
    assert any(r.trace != one.trace for r in repeats)
    for result in (one, two, *repeats):
        review = next(p for p in result.trace.phases if p["phase"] == "review")
        assert set(review["actions"].values()) <= {"dropped", "repaired"}
        assert "flaw" not in result.trace.model_dump_json()
