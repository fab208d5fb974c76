"""The benchmark's journal: one line per evaluation, a torn last line dropped, controls kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluators.judging.metrics import TaskOutcomes
from evaluators.runners import RunnerLimits
from rsi.benchmark import BenchControls, BenchEvaluation, BenchLedger
from rsi.benchmark.ledger import EVALUATIONS_FILE
from search_space import UserInputError


def _record(task_id: str, configuration: str = "A") -> BenchEvaluation:
    return BenchEvaluation(
        configuration=configuration,
        model="scripted",
        task_id=task_id,
        seed=42,
        strategy_id="s",
        outcomes=TaskOutcomes(task_id=task_id, initial=None, reference=None, panel=True),
    )


def _controls(**update: object) -> BenchControls:
    base = BenchControls(
        tasks=("t1", "t2"),
        task_source="test role",
        seed=42,
        limits=RunnerLimits(),
        strategies={"A": "a"},
        coverage=True,
    )
    return base.model_copy(update=update)


def test_a_torn_last_line_is_dropped_and_the_next_append_starts_clean(tmp_path: Path) -> None:
    ledger = BenchLedger(tmp_path)
    ledger.append(_record("t1"))
    ledger.append(_record("t1"))  # already kept: not written again
    path = tmp_path / EVALUATIONS_FILE
    with path.open("a") as handle:
        handle.write(_record("t2").model_dump_json()[:40])  # killed mid-write
    reopened = BenchLedger(tmp_path)
    assert [r.task_id for r in reopened.records()] == ["t1"]
    assert ("A", "scripted", "t2", 42) not in reopened
    reopened.append(_record("t2"))
    assert [r.task_id for r in BenchLedger(tmp_path).records()] == ["t1", "t2"]
    assert len(path.read_text().splitlines()) == 2


def test_a_resume_must_share_the_controls_and_may_add_configurations(tmp_path: Path) -> None:
    BenchLedger(tmp_path).open_controls(_controls())
    BenchLedger(tmp_path).open_controls(_controls(strategies={"E": "e"}, task_source="elsewhere"))
    with pytest.raises(UserInputError, match="other tasks, seed, caps"):
        BenchLedger(tmp_path).open_controls(_controls(seed=7))
    with pytest.raises(UserInputError):
        BenchLedger(tmp_path).open_controls(_controls(strategies={"A": "other"}))
