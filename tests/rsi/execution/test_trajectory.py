"""Trajectories (`rsi/execution/trajectory.py`): the whole trace beside the journal, stored by
content hash before its evaluation is journaled, read back only when it matches the hash;
the journal keeps its metadata and the hash; no judge output but the initial program's
reaches traces/."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import orjson

from evaluators.judging.judge import TargetKind, TargetResult, TaskJudgement
from evaluators.runners import RunnerLimits, RunnerResult, Trace
from evaluators.sandbox import Isolation, Outcome
from rsi.execution import evaluate_one
from rsi.execution.evaluation import TRAJECTORY, public_judgement
from rsi.execution.trajectory import (
    TrajectoryStore,
    journal_trace,
    reference,
    trajectory_bytes,
)
from tests.support.evaluator_rig import PARENT, fake_services

FULL = {
    "runner": "testhelix",
    "task_id": "t1",
    "phases": [
        {
            "phase": "agent-pair",
            "pair": 0,
            "tool_calls": [{"step": 1, "tool": "run", "arguments": '{"command": "x"}'}],
            "transcript": [{"turn": 1, "text": "I run it.", "calls": [{"output": "boom"}]}],
        }
    ],
    "checks": [],
    "tool_output": "AssertionError: boom",
    "usage": {"calls": 2, "steps": 1, "seconds": 3.25},
    "timings": [{"step": 1, "seconds": 3.2}],
}
JUDGE = {"initial_outcome": "fail", "reference_outcome": "pass", "success": True}


def test_the_journal_copy_keeps_metadata_and_the_trajectory_keeps_what_was_shown() -> None:
    trace = journal_trace(FULL)
    assert "tool_output" not in trace and "timings" not in trace
    assert "seconds" not in trace["usage"] and "transcript" not in trace["phases"][0]
    assert trace["phases"][0]["tool_calls"] == FULL["phases"][0]["tool_calls"]
    whole = orjson.loads(trajectory_bytes(FULL, JUDGE))
    assert whole["tool_output"] == "AssertionError: boom" and whole["judge"] == JUDGE
    assert whole["phases"][0]["transcript"][0]["text"] == "I run it."
    assert "timings" not in whole and "seconds" not in whole["usage"]  # when is not what


def test_timings_stay_out_of_the_hash() -> None:
    slower = {**FULL, "usage": {**FULL["usage"], "seconds": 99.0}, "timings": []}
    assert trajectory_bytes(slower, JUDGE) == trajectory_bytes(FULL, JUDGE)
    other = {**FULL, "tool_output": "AssertionError: other"}
    assert trajectory_bytes(other, JUDGE) != trajectory_bytes(FULL, JUDGE)


def test_the_store_reads_back_only_what_matches_its_hash(tmp_path: Path) -> None:
    store = TrajectoryStore(tmp_path / "traces")
    blob = trajectory_bytes(FULL, JUDGE)
    ref = store.write(blob)
    assert ref == reference(blob) and ref["bytes"] == len(blob)
    assert store.path(ref["sha256"]).read_bytes() == blob
    assert store.write(blob) == ref and len(list(store.root.iterdir())) == 1  # stored once
    assert store.read(ref) == orjson.loads(blob)
    store.path(ref["sha256"]).write_bytes(blob.replace(b"boom", b"BOOM"))  # altered
    assert store.read(ref) is None
    store.path(ref["sha256"]).unlink()  # deleted
    assert store.read(ref) is None
    assert store.read(None) is None and store.read({"sha256": "../../etc/passwd"}) is None


class Runner:
    """Submits `exit 0` with a trace that printed one line."""

    name = "fake"

    def run(self, strategy: Any, task: Any, limits: RunnerLimits, workdir: Path) -> Any:
        trace = Trace(runner="fake", task_id=str(task), tool_output="$ pytest\n3 passed")
        (workdir / "submission").mkdir()
        (workdir / "submission/run.sh").write_text("exit 0\n")
        return RunnerResult(submission=workdir / "submission", trace=trace)

    def health_check(self, strategy: Any) -> None:
        return None


def judging(task: Any, submission: Path, sandbox: Any, *, settings: Any) -> Any:
    """The suite fails on the initial program and passes on the reference."""
    scores = SimpleNamespace(initial=Outcome.FAIL, reference=Outcome.PASS)
    return SimpleNamespace(
        outcomes=lambda: scores, result=lambda target: None, model_dump=lambda mode: {}
    )


def test_an_evaluation_carries_its_trajectory_and_the_journal_its_hash(tmp_path: Path) -> None:
    services = fake_services(tmp_path, runner=Runner(), judge=judging)
    data, record = evaluate_one(services, PARENT, "task-1", "train")
    blob = str(record[TRAJECTORY]).encode()
    assert data.trace["trajectory"] == reference(blob)
    whole = json.loads(blob)
    assert whole["tool_output"] == "$ pytest\n3 passed"
    assert whole["judge"] == {
        "initial_outcome": "fail",
        "reference_outcome": "pass",
        "success": True,
    }
    assert "tool_output" not in data.trace  # the journal's copy stays metadata


def _result(target: str, kind: TargetKind, output: str) -> TargetResult:
    return TargetResult(
        target=target, kind=kind, outcome=Outcome.PASS, exit_code=0, duration_s=0.5,
        backend="local", isolation=Isolation.NONE, output=output, output_truncated=False,
        error=None, tests=None,
    )  # fmt: skip


def test_no_judge_output_but_the_initial_programs_is_kept() -> None:
    judgement = TaskJudgement(
        task_id="t1",
        panel=True,
        timeout_s=30,
        results=(
            _result("initial", TargetKind.INITIAL, "initial says hi"),
            _result("reference", TargetKind.REFERENCE, "CANARY from the reference"),
            _result("valid/v1", TargetKind.VALID, "CANARY from a panel member"),
        ),
    )
    kept = public_judgement(judgement.model_dump(mode="json"))
    assert "CANARY" not in json.dumps(kept)
    assert kept["results"][0]["output"] == "initial says hi"
    assert [r["duration_s"] for r in kept["results"]] == [0.5, 0.5, 0.5]  # timings stay
