"""`rsi score` and `rsi tasks validate` as real subprocesses on the local sandbox."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.warm_start import run_module

REPO = Path(__file__).resolve().parents[3]
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "tasks" / "clamp-range"
TARGET_KEYS = {
    "target",
    "kind",
    "outcome",
    "exit_code",
    "duration_s",
    "backend",
    "isolation",
    "error",
    "tests",
}


def rsi(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True", MLFLOW_DISABLE_TELEMETRY="true")
    return run_module("rsi", [str(a) for a in args], cwd=REPO, env=env, timeout=300)


def test_score_json_shape_in_panel_mode() -> None:
    done = rsi("score", FIXTURE, FIXTURE / "tests", "--panel", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {
        "task",
        "suite",
        "panel",
        "timeout_s",
        "backend",
        "isolation",
        "targets",
        "scores",
        "quality",
    }
    assert (data["task"], data["panel"], data["timeout_s"]) == ("clamp-range", True, 30)
    assert (data["backend"], data["isolation"]) == ("local", ["bwrap"])
    assert data["scores"] == {"F": 1, "S": 1, "A": 1.0, "R": 1.0}
    targets = {t["target"]: t for t in data["targets"]}
    assert list(targets) == [
        "initial",
        "reference",
        "valid/v1-sorted-middle",
        "invalid/i1-no-upper-bound",
        "invalid/i2-no-order-check",
    ]
    for row in data["targets"]:
        assert set(row) == TARGET_KEYS
        assert row["backend"] == "local" and row["isolation"] == "bwrap"
        assert isinstance(row["duration_s"], float)
    assert targets["initial"]["outcome"] == "fail"
    assert targets["reference"]["outcome"] == "pass"
    assert targets["reference"]["tests"] == {"passed": 3, "failed": 0, "error": 0, "skipped": 0}
    assert targets["invalid/i2-no-order-check"]["kind"] == "invalid"
    assert data["quality"]["validity"] == 1.0
    assert data["quality"]["mutation_score"] == 1.0


def test_score_without_panel(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "run.sh").write_text("exit 3\n")
    done = rsi("score", FIXTURE, suite, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [t["outcome"] for t in data["targets"]] == ["fail", "fail"]
    assert [t["exit_code"] for t in data["targets"]] == [3, 3]
    assert data["scores"] == {"F": 0, "S": None, "A": None, "R": None}
    assert data["quality"] is None


def test_score_human_output() -> None:
    done = rsi("score", FIXTURE, FIXTURE / "tests", "--panel")
    assert done.returncode == 0, done.stderr
    assert "F=1 S=1.00 A=1.00 R=1.00" in done.stdout
    assert "backend=local isolation=bwrap" in done.stdout
    assert "invalid/i1-no-upper-bound" in done.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("score", FIXTURE, "/nonexistent/suite"), "suite directory not found"),
        (("score", "/nonexistent/task", FIXTURE / "tests"), "task.toml is missing"),
        (("tasks", "validate", "/nonexistent/tasks"), "not a directory"),
    ],
)
def test_user_errors_exit_2_in_one_line(args: tuple[str | Path, ...], needle: str) -> None:
    done = rsi(*args)
    assert done.returncode == 2
    assert needle in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_score_of_a_folder_without_run_sh_is_a_user_error(tmp_path: Path) -> None:
    (tmp_path / "test_calc.py").write_text("def test_nothing():\n    pass\n")
    done = rsi("score", FIXTURE, tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert f"{tmp_path}: no run.sh" in done.stderr and "Traceback" not in done.stderr


def test_tasks_validate_fixture_passes() -> None:
    done = rsi("tasks", "validate", FIXTURE.parent, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(done.stdout)
    assert data["ok"] is True and data["backend"] == "local"
    assert [(t["task"], t["ok"], t["problems"]) for t in data["tasks"]] == [
        ("clamp-range", True, [])
    ]
    assert len(data["tasks"][0]["targets"]) == 5


def test_tasks_validate_reports_disagreement(tmp_path: Path) -> None:
    broken = tmp_path / "clamp-range"
    shutil.copytree(FIXTURE, broken)
    # This "invalid" member is in fact the reference: the verifier passes on it.
    shutil.copy(broken / "solution" / "calc.py", broken / "panel/invalid/i1-no-upper-bound/calc.py")
    done = rsi("tasks", "validate", tmp_path, "--workers", "1")
    assert done.returncode == 1
    assert "FAIL  clamp-range" in done.stdout
    assert "invalid/i1-no-upper-bound: verifier gave pass, expected fail" in done.stdout
    assert "0 of 1 task valid" in done.stdout


def test_tasks_validate_malformed_task_exits_2(tmp_path: Path) -> None:
    broken = tmp_path / "clamp-range"
    shutil.copytree(FIXTURE, broken)
    shutil.rmtree(broken / "solution")
    done = rsi("tasks", "validate", tmp_path)
    assert done.returncode == 2
    assert "solution is missing" in done.stderr
