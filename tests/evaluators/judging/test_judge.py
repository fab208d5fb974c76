"""The judge on the real local sandbox (bubblewrap), with the clamp-range fixture task."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evaluators.judging.judge import JudgeSettings, TargetKind, judge, run_spec, task_targets
from evaluators.judging.junit import TestStatus
from evaluators.judging.task_validation import validate_task
from evaluators.sandbox import Isolation, Outcome, Sandbox, make_sandbox
from evaluators.tasks import Task, load_task

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "tasks" / "clamp-range"
RUN_SH = """#!/usr/bin/env bash
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \\
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
"""
CONFTEST = 'import os\nimport sys\n\nsys.path.insert(0, os.environ.get("APP_DIR", os.getcwd()))\n'
ALL_TARGETS = [
    "initial",
    "reference",
    "valid/v1-sorted-middle",
    "invalid/i1-no-upper-bound",
    "invalid/i2-no-order-check",
]


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox("local")


@pytest.fixture(scope="module")
def task() -> Task:
    return load_task(FIXTURE)


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=2) as executor:
        yield executor


def pytest_suite(root: Path, body: str) -> Path:
    root.mkdir(parents=True)
    (root / "run.sh").write_text(RUN_SH)
    (root / "conftest.py").write_text(CONFTEST)
    (root / "test_suite.py").write_text("from calc import clamp\n\n" + body)
    return root


def shell_suite(root: Path, script: str) -> Path:
    root.mkdir(parents=True)
    (root / "run.sh").write_text("#!/usr/bin/env bash\n" + script)
    return root


def outcomes_of(judgement) -> dict[str, Outcome]:  # type: ignore[no-untyped-def]
    return {r.target: r.outcome for r in judgement.results}


def test_targets_and_run_spec(task: Task, tmp_path: Path) -> None:
    targets = task_targets(task, panel=True)
    assert [t.name for t in targets] == ALL_TARGETS
    assert targets[0].layers == (task.environment_dir,)
    assert targets[1].layers == (task.environment_dir, task.solution_dir)
    assert targets[3].kind is TargetKind.INVALID
    assert [t.name for t in task_targets(task, panel=False)] == ["initial", "reference"]
    spec = run_spec(task, targets[1], tmp_path, JudgeSettings())
    assert (spec.timeout_s, spec.memory_mb, spec.cpus) == (30, 512, 1)
    assert spec.tests_dir == tmp_path.resolve()
    assert run_spec(task, targets[1], tmp_path, JudgeSettings(timeout_cap_s=5)).timeout_s == 5


def test_trusted_suite_in_panel_mode(
    task: Task, sandbox: Sandbox, pool: ThreadPoolExecutor
) -> None:
    judgement = judge(task, task.tests_dir, sandbox, panel=True, executor=pool)
    assert outcomes_of(judgement) == {
        "initial": Outcome.FAIL,
        "reference": Outcome.PASS,
        "valid/v1-sorted-middle": Outcome.PASS,
        "invalid/i1-no-upper-bound": Outcome.FAIL,
        "invalid/i2-no-order-check": Outcome.FAIL,
    }
    scores = judgement.scores()
    assert (scores.F, scores.S, scores.A, scores.R) == (1, 1, 1.0, 1.0)
    assert judgement.backends == ("local",)
    assert judgement.isolations == (Isolation.BWRAP,)
    reference = judgement.result("reference")
    assert reference is not None and reference.tests is not None
    assert len(reference.tests) == 3
    assert all(t.status is TestStatus.PASSED for t in reference.tests)
    quality = judgement.quality()
    assert (quality.validity, quality.mutation_score, quality.killed) == (1.0, 1.0, 2)


def test_without_panel_only_initial_and_reference(task: Task, sandbox: Sandbox) -> None:
    judgement = judge(task, task.tests_dir, sandbox)
    assert list(outcomes_of(judgement)) == ["initial", "reference"]
    scores = judgement.scores()
    assert (scores.F, scores.S, scores.A, scores.R) == (1, None, None, None)


def test_weak_suite_accepts_an_invalid_candidate(
    task: Task, sandbox: Sandbox, pool: ThreadPoolExecutor, tmp_path: Path
) -> None:
    suite = pytest_suite(
        tmp_path / "weak",
        "def test_clamps():\n    assert clamp(42, 0, 10) == 10\n    assert clamp(-1, 0, 10) == 0\n",
    )
    judgement = judge(task, suite, sandbox, panel=True, executor=pool)
    got = outcomes_of(judgement)
    assert got["invalid/i1-no-upper-bound"] is Outcome.FAIL
    assert got["invalid/i2-no-order-check"] is Outcome.PASS  # ValueError clause untested
    scores = judgement.scores()
    assert (scores.F, scores.S, scores.A, scores.R) == (1, 0, 1.0, 0.5)
    assert judgement.quality().mutation_score == 0.5


def test_missing_run_sh_is_an_error_everywhere(
    task: Task, sandbox: Sandbox, pool: ThreadPoolExecutor, tmp_path: Path
) -> None:
    suite = tmp_path / "no-entry"
    suite.mkdir()
    (suite / "test_x.py").write_text("def test_x():\n    assert True\n")
    judgement = judge(task, suite, sandbox, panel=True, executor=pool)
    assert set(outcomes_of(judgement).values()) == {Outcome.ERROR}
    assert all(r.error for r in judgement.results)
    scores = judgement.scores()
    # Errors stay in the denominators and count for neither numerator.
    assert (scores.F, scores.S, scores.A, scores.R) == (0, 0, 0.0, 0.0)


def test_timeout_is_capped(task: Task, sandbox: Sandbox, tmp_path: Path) -> None:
    suite = shell_suite(tmp_path / "sleepy", "sleep 60\n")
    judgement = judge(task, suite, sandbox, settings=JudgeSettings(timeout_cap_s=1))
    assert judgement.timeout_s == 1
    assert set(outcomes_of(judgement).values()) == {Outcome.TIMEOUT}
    assert judgement.scores().F == 0


def test_executor_and_sequential_agree_in_target_order(
    task: Task, sandbox: Sandbox, pool: ThreadPoolExecutor
) -> None:
    sequential = judge(task, task.tests_dir, sandbox, panel=True)
    concurrent = judge(task, task.tests_dir, sandbox, panel=True, executor=pool)
    assert [r.target for r in sequential.results] == ALL_TARGETS
    assert [r.target for r in concurrent.results] == ALL_TARGETS
    assert outcomes_of(sequential) == outcomes_of(concurrent)


def test_every_target_looks_identical_to_the_suite(
    task: Task, sandbox: Sandbox, tmp_path: Path
) -> None:
    probe = (
        'echo "cwd=$(pwd)"\n'
        'echo "app=$APP_DIR tests=$TESTS_DIR out=$OUTPUT_DIR"\n'
        "env | sort\n"
        'cd "$APP_DIR" && find . "$TESTS_DIR" "$OUTPUT_DIR" | sort\n'
        "id\n"
    )
    suite = shell_suite(tmp_path / "probe", probe)
    judgement = judge(task, suite, sandbox, panel=True)
    assert set(outcomes_of(judgement).values()) == {Outcome.PASS}
    views = {r.output for r in judgement.results}
    assert len(views) == 1, views
    assert "cwd=" in views.pop()


def test_hidden_material_is_unreachable(task: Task, sandbox: Sandbox, tmp_path: Path) -> None:
    hidden = [task.solution_dir / "calc.py", task.tests_dir, task.panel_dir, task.root]
    checks = "".join(f'[ -e "{path}" ] && echo "visible {path}" && exit 1\n' for path in hidden)
    suite = shell_suite(tmp_path / "snoop", checks + "exit 0\n")
    judgement = judge(task, suite, sandbox, panel=True)
    assert set(outcomes_of(judgement).values()) == {Outcome.PASS}, [
        r.output for r in judgement.results
    ]


def test_output_tail_is_kept_and_marked(task: Task, sandbox: Sandbox, tmp_path: Path) -> None:
    suite = shell_suite(
        tmp_path / "chatty", "for i in $(seq 1 5000); do echo line-$i; done\necho THE-END\n"
    )
    judgement = judge(task, suite, sandbox, settings=JudgeSettings(kept_output_chars=1000))
    result = judgement.results[0]
    assert result.outcome is Outcome.PASS
    assert result.output_truncated
    assert result.output.rstrip().endswith("THE-END")
    assert result.output.startswith("[... ")
    assert len(result.output) < 1100


def test_malformed_junit_gives_no_per_test_results(
    task: Task, sandbox: Sandbox, tmp_path: Path
) -> None:
    suite = shell_suite(
        tmp_path / "garbage", 'echo "<testsuite><testcase" > "$OUTPUT_DIR/results.xml"\n'
    )
    judgement = judge(task, suite, sandbox)
    assert [r.outcome for r in judgement.results] == [Outcome.PASS, Outcome.PASS]
    assert all(r.tests is None for r in judgement.results)
    assert judgement.quality().validity is None


def test_validate_task_reports_label_and_size_problems(
    task: Task, sandbox: Sandbox, pool: ThreadPoolExecutor, tmp_path: Path
) -> None:
    good = validate_task(task, sandbox, executor=pool)
    assert good.ok and good.problems == ()
    broken_dir = tmp_path / "clamp-range"
    shutil.copytree(FIXTURE, broken_dir)
    # Mislabel an invalid member as valid, so the panel has 2 valid / 1 invalid members.
    (broken_dir / "panel" / "invalid" / "i2-no-order-check").rename(
        broken_dir / "panel" / "valid" / "i2-no-order-check"
    )
    # And make the initial program correct, so the verifier passes on it.
    shutil.copy(broken_dir / "solution" / "calc.py", broken_dir / "environment" / "calc.py")
    bad = validate_task(load_task(broken_dir), sandbox, executor=pool)
    assert not bad.ok
    assert bad.problems == (
        "panel: 2 valid members, task.toml declares 1",
        "panel: 1 invalid member, task.toml declares 2",
        "initial: verifier gave pass, expected fail",
        "valid/i2-no-order-check: verifier gave fail, expected pass",
    )


def _with_author_items(root: Path, items: dict[str, str]) -> Path:
    """A copy of the fixture task whose author pool holds `items` (test name -> source)."""
    task_dir = root / "clamp-range"
    shutil.copytree(FIXTURE, task_dir)
    lines = ['[author]\nmodule = "calc"\n']
    (task_dir / "author/items").mkdir(parents=True)
    for number, (name, source) in enumerate(items.items(), start=1):
        (task_dir / f"author/items/{name}.py").write_text(source)
        item_id = name.removeprefix("test_").replace("_", "-")
        lines.append(
            f'[[item]]\nid = "{item_id}"\nclause = {number}\ntechnique = "basic"\ncost = 1\n'
            f'flaw = "none"\nfile = "items/{name}.py"\n'
        )
    (task_dir / "author/pool.toml").write_text("\n".join(lines))
    return task_dir


def test_validate_task_fails_an_author_pool_that_copies_the_verifier(
    sandbox: Sandbox, pool: ThreadPoolExecutor, tmp_path: Path
) -> None:
    independent = "from calc import clamp\n\n\ndef test_clamps_to_upper_end():\n"
    independent += "    assert clamp(11, 1, 4) == 4\n"
    same_name = "from calc import clamp\n\n\ndef test_below_and_above():\n"
    same_name += "    assert clamp(0, 2, 3) == 2\n"
    # The verifier's body under another name, reformatted and commented: still a copy.
    same_body = "import pytest\nfrom calc import clamp\n\n\ndef test_empty_range_raises():\n"
    same_body += "    # copied\n    with pytest.raises( ValueError ):\n        clamp(1, 5, 0)\n"
    clean = _with_author_items(tmp_path / "clean", {"test_clamps_to_upper_end": independent})
    assert validate_task(load_task(clean), sandbox, executor=pool).ok
    leaky = _with_author_items(
        tmp_path / "leaky",
        {
            "test_clamps_to_upper_end": independent,
            "test_below_and_above": same_name,
            "test_empty_range_raises": same_body,
        },
    )
    bad = validate_task(load_task(leaky), sandbox, executor=pool)
    assert not bad.ok
    assert bad.problems == (
        "author pool: author item 'below-and-above' shares the test name of "
        "tests/test_calc.py::test_below_and_above",
        "author pool: author item 'empty-range-raises' copies the body of "
        "tests/test_calc.py::test_rejects_empty_range",
    )
