"""Change and Entry Coverage on the real local sandbox (bubblewrap), with a task built here
whose changed lines are known."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluators.judging.judge import JudgeSettings
from evaluators.judging.suite_coverage import (
    CoverageStatus,
    changed_lines,
    entered_function_lines,
    measure,
    overlay,
)
from evaluators.sandbox import Sandbox, make_sandbox
from evaluators.tasks import Task, load_task

INITIAL = """\
def area(w, h):
    return 0


def perimeter(w, h):
    return 0


def unused(x):
    return x
"""
# The reference changes four executable lines: two in area, two in perimeter.
REFERENCE = """\
def area(w, h):
    product = w * h
    return product


def perimeter(w, h):
    total = w + h
    return 2 * total


def unused(x):
    return x
"""
RUN_SH = """#!/usr/bin/env bash
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider "$TESTS_DIR"
"""


def _task(root: Path) -> Task:
    task = root / "shapes"
    for folder in ("environment", "solution", "tests", "panel/valid/v1", "panel/invalid/i1"):
        (task / folder).mkdir(parents=True)
    (task / "task.toml").write_text(
        '[task]\nid = "shapes"\ncontext = "general"\nsource = "test"\nlanguage = "python"\n'
        "[verifier]\ntimeout_sec = 60\n[agent]\ntimeout_sec = 60\n"
    )
    (task / "instruction.md").write_text("# Shapes\n\nImplement area and perimeter.\n")
    (task / "environment/shapes.py").write_text(INITIAL)
    (task / "solution/shapes.py").write_text(REFERENCE)
    (task / "tests/run.sh").write_text(RUN_SH)
    (task / "tests/test_trusted.py").write_text(
        "from shapes import area, perimeter\n\n\ndef test_both():\n"
        "    assert area(2, 3) == 6\n    assert perimeter(2, 3) == 10\n"
    )
    return load_task(task)


def _suite(root: Path, body: str) -> Path:
    suite = root / "suite"
    suite.mkdir()
    (suite / "run.sh").write_text(RUN_SH)
    (suite / "test_generated.py").write_text(body)
    return suite


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox("local")


def test_changed_lines_are_the_reference_lines_that_differ(tmp_path: Path) -> None:
    task = _task(tmp_path)
    changed = changed_lines(overlay((task.environment_dir,)), overlay((task.solution_dir,)))
    assert changed == {"shapes.py": frozenset({2, 3, 7, 8})}


def test_entry_scope_is_the_bodies_of_entered_functions() -> None:
    # Line 7 runs in perimeter: its body (7-8) is the scope; area and unused are not entered.
    assert entered_function_lines(REFERENCE, frozenset({1, 5, 7, 8})) == {7, 8}


def test_a_suite_reaching_half_the_changed_lines(tmp_path: Path, sandbox: Sandbox) -> None:
    task = _task(tmp_path)
    suite = _suite(
        tmp_path, "from shapes import area\n\n\ndef test_area():\n    assert area(2, 3) == 6\n"
    )
    result = measure(task, suite, sandbox, JudgeSettings())
    assert result.detail is None
    assert (result.change.status, result.change.covered, result.change.total) == (
        CoverageStatus.MEASURED,
        2,
        4,
    )
    assert result.change.value == 0.5
    # The trusted tests enter area and perimeter (2 + 2 body lines); the suite runs area's.
    assert (result.entry.covered, result.entry.total, result.entry.value) == (2, 4, 0.5)


def test_a_suite_that_cannot_be_collected_gives_no_value(tmp_path: Path, sandbox: Sandbox) -> None:
    task = _task(tmp_path)
    suite = tmp_path / "broken"
    suite.mkdir()
    (suite / "run.sh").write_text("#!/usr/bin/env bash\nexit 3\n")
    result = measure(task, suite, sandbox, JudgeSettings())
    assert result.change.status is CoverageStatus.FAILED and result.change.value is None
    assert result.entry.status is CoverageStatus.FAILED
    assert result.detail is not None and result.detail.startswith("suite: no coverage report")


def test_another_language_is_not_collected(tmp_path: Path, sandbox: Sandbox) -> None:
    task = _task(tmp_path).model_copy(update={"language": "rust"})
    result = measure(task, tmp_path, sandbox, JudgeSettings())
    assert result.change.status is CoverageStatus.NOT_COLLECTED
    assert result.entry.status is CoverageStatus.NOT_COLLECTED


def test_the_docker_backend_measures_the_same(tmp_path: Path, docker_sandbox: Sandbox) -> None:
    import os
    import subprocess

    probe = subprocess.run(
        ["docker", "run", "--rm", docker_sandbox.image, "python3", "-c", "import coverage"],
        capture_output=True,
        check=False,
    )
    if probe.returncode != 0 and os.environ.get("CI") != "true":
        pytest.skip("the base image predates coverage.py: `rsi sandbox bootstrap --force`")
    task = _task(tmp_path)
    suite = _suite(
        tmp_path, "from shapes import area\n\n\ndef test_area():\n    assert area(2, 3) == 6\n"
    )
    result = measure(task, suite, docker_sandbox, JudgeSettings())
    assert (result.change.covered, result.change.total) == (2, 4)
    assert (result.entry.covered, result.entry.total) == (2, 4)
