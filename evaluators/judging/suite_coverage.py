"""Change Coverage and Entry Coverage of a suite (paper Section 2.6, Appendix B.6.2).

A judge-side step: it runs the suite (and the task's trusted tests) on the reference
program under coverage.py in the same sandbox the judge uses; nothing here reaches a
runner's workspace.

- The suite's directory is copied; its `run.sh` becomes `.rsi-suite-run.sh` beside it and a
  wrapper `run.sh` runs it with `COVERAGE_PROCESS_START` and a `sitecustomize.py` on
  `PYTHONPATH` (every Python process the suite starts is measured), then writes the
  combined JSON report, paths relative to `$APP_DIR`, to `$OUTPUT_DIR/results.xml`: the one
  file a sandbox run hands back. The sandbox's Python must import `coverage` (the venv's
  does; the base image and the wheelhouse carry it); if not, collection fails.
- Executable lines of a file are coverage.py's statements: the union of executed and
  missing lines in the suite's report (measured with `source = $APP_DIR`, so a file no
  test imports is reported too). Test files (`test_*.py`, `*_test.py`, `conftest.py`) are
  not production.
- Change Coverage: C = the executable lines of the reference that differ from the initial
  program (difflib, per file; a new file is all changed); value |H ∩ C| / |C|.
- Entry Coverage: the production functions the trusted tests enter (a function whose own
  body, nested functions aside, runs a line under the trusted tests); E = the executable
  lines of those functions' bodies; value |H ∩ E| / |E|.
- A failed collection or an empty denominator gives no value and an explicit status;
  a task that is not a Python program on disk (a Harbor image task, another language)
  is `not-collected`.
"""

from __future__ import annotations

import ast
import difflib
import json
import shutil
from collections.abc import Callable, Mapping
from enum import Enum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from evaluators.judging.judge import JudgeSettings, Target, TargetKind, run_spec, task_targets
from evaluators.sandbox import Outcome, RunResult, Sandbox, scratch_dir
from evaluators.tasks import Task

Lines = Mapping[str, frozenset[int]]  # file path relative to the program -> line numbers
SUITE_ENTRY = ".rsi-suite-run.sh"
_HOOK_DIR = ".rsi-coverage"
_TEST_NAMES = ("test_*.py", "*_test.py", "conftest.py")


class CoverageStatus(str, Enum):
    MEASURED = "measured"
    FAILED = "failed-collection"
    EMPTY = "empty-denominator"
    NOT_COLLECTED = "not-collected"


class CoverageValue(BaseModel):
    """One coverage ratio of one task: `value` is set only when `status` is measured."""

    model_config = ConfigDict(frozen=True)

    status: CoverageStatus
    covered: int = 0
    total: int = 0
    value: float | None = None


class TaskCoverage(BaseModel):
    """Change and Entry Coverage of one suite on one task; `detail` says why not measured."""

    model_config = ConfigDict(frozen=True)

    change: CoverageValue
    entry: CoverageValue
    detail: str | None = None


class FileCoverage(BaseModel):
    model_config = ConfigDict(frozen=True)

    executed_lines: tuple[int, ...]
    missing_lines: tuple[int, ...]


class _Report(BaseModel):
    files: dict[str, FileCoverage]


# A coverage run's per-file report (paths relative to the program), or why there is none.
CoverageReport = dict[str, FileCoverage] | str


def _unmeasured(status: CoverageStatus, detail: str) -> TaskCoverage:
    return TaskCoverage(
        change=CoverageValue(status=status), entry=CoverageValue(status=status), detail=detail
    )


def _ratio(hit: set[int] | int, total: int) -> CoverageValue:
    covered = hit if isinstance(hit, int) else len(hit)
    if total == 0:
        return CoverageValue(status=CoverageStatus.EMPTY)
    return CoverageValue(
        status=CoverageStatus.MEASURED, covered=covered, total=total, value=covered / total
    )


def is_test_file(path: str) -> bool:
    name = Path(path).name
    return any(Path(name).match(pattern) for pattern in _TEST_NAMES)


def overlay(layers: tuple[Path, ...]) -> dict[str, Path]:
    """The program's Python files, later layers replacing earlier ones: relative path -> file."""
    files: dict[str, Path] = {}
    for layer in layers:
        for path in sorted(layer.rglob("*.py")):
            files[path.relative_to(layer).as_posix()] = path
    return files


def changed_lines(initial: Mapping[str, Path], reference: Mapping[str, Path]) -> Lines:
    """Lines of each reference file that differ from the initial program (1-based)."""
    changed: dict[str, frozenset[int]] = {}
    for rel, path in reference.items():
        new = path.read_text(errors="replace").splitlines()
        old = initial[rel].read_text(errors="replace").splitlines() if rel in initial else []
        kept: set[int] = set()
        for block in difflib.SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks():
            kept.update(range(block.b + 1, block.b + block.size + 1))
        lines = frozenset(set(range(1, len(new) + 1)) - kept)
        if lines:
            changed[rel] = lines
    return changed


def entered_function_lines(source: str, executed: frozenset[int]) -> frozenset[int]:
    """The body lines of every function whose own body (nested functions aside) ran one of
    `executed`: Entry Coverage's scope within one file."""
    tree = ast.parse(source)
    scope: set[int] = set()
    functions = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.body
    ]
    for node in functions:
        body = set(range(node.body[0].lineno, (node.end_lineno or node.lineno) + 1))
        nested = set()
        for inner in functions:
            if inner is not node and node.lineno < inner.lineno <= (node.end_lineno or 0):
                nested.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
        if executed & (body - nested):
            scope |= body
    return frozenset(scope)


def _wrapper(rcfile: str) -> str:
    return f"""#!/usr/bin/env bash
# Judge-side coverage run (evaluators/coverage.py): the suite's own run.sh, measured.
export COVERAGE_PROCESS_START="$TESTS_DIR/{rcfile}"
export PYTHONPATH="$TESTS_DIR/{_HOOK_DIR}${{PYTHONPATH:+:$PYTHONPATH}}"
bash "$TESTS_DIR/{SUITE_ENTRY}"
status=$?
unset PYTHONPATH COVERAGE_PROCESS_START
rm -f "$OUTPUT_DIR/results.xml"  # the suite's own JUnit report is no coverage report
cd "$APP_DIR" || exit 97
python3 -m coverage combine --quiet --rcfile="$TESTS_DIR/{rcfile}" || exit 98
python3 -m coverage json --quiet --rcfile="$TESTS_DIR/{rcfile}" \\
    -o "$OUTPUT_DIR/results.xml" || exit 99
exit $status
"""


_RC = """[run]
parallel = true
source = ${APP_DIR}
data_file = ${OUTPUT_DIR}/.coverage
relative_files = true
omit = */test_*.py, */*_test.py, */conftest.py
[json]
show_contexts = false
"""
_SITE = """\
try:
    import coverage
except ImportError:  # collection then fails with the wrapper's own message
    pass
else:
    coverage.process_startup()
"""


def instrumented_copy(suite: Path, into: Path) -> Path:
    """A copy of `suite` whose run.sh measures the original under coverage.py."""
    copy = into / "suite"
    shutil.copytree(suite, copy, symlinks=True)
    (copy / "run.sh").rename(copy / SUITE_ENTRY)
    hooks = copy / _HOOK_DIR
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(_SITE)
    (hooks / "coveragerc").write_text(_RC)
    (copy / "run.sh").write_text(_wrapper(f"{_HOOK_DIR}/coveragerc"))
    return copy


def _report(run: RunResult) -> CoverageReport:
    """The run's coverage report, or why there is none."""
    if run.infrastructure or run.outcome in (Outcome.ERROR, Outcome.TIMEOUT):
        return f"the measured run ended in {run.outcome.value}: {(run.error or '')[:120]}"
    if run.results_xml is None:
        tail = run.output.strip().splitlines()[-1:] or [""]
        return f"no coverage report (exit {run.exit_code}): {tail[0][:160]}"
    try:
        return _Report.model_validate(json.loads(run.results_xml)).files
    except (ValueError, ValidationError) as error:
        return f"unreadable coverage report: {str(error)[:120]}"


def measured_run(
    task: Task, target: Target, suite: Path, sandbox: Sandbox, settings: JudgeSettings
) -> CoverageReport:
    """Run `suite` on `target` under coverage.py: the per-file report, or why there is none."""
    work = scratch_dir("rsi-coverage-")
    try:
        spec = run_spec(task, target, instrumented_copy(suite, work), settings)
        return _report(sandbox.run(spec))
    finally:
        shutil.rmtree(work, ignore_errors=True)


TrustedRun = Callable[[Task], CoverageReport]


def measure(
    task: Task,
    submission: Path,
    sandbox: Sandbox,
    settings: JudgeSettings,
    trusted: TrustedRun | None = None,
) -> TaskCoverage:
    """Change and Entry Coverage of `submission` on `task`'s reference program.

    `trusted` runs the task's trusted tests under coverage (a caller may remember it per
    task: it depends on the task alone); by default they are run here.
    """
    initial_t, reference_t = task_targets(task, panel=False)
    if task.language != "python":
        return _unmeasured(CoverageStatus.NOT_COLLECTED, f"a {task.language} task")
    if not reference_t.layers or not overlay(reference_t.layers):
        return _unmeasured(CoverageStatus.NOT_COLLECTED, "no Python program on disk")
    suite = measured_run(task, reference_t, submission, sandbox, settings)
    if isinstance(suite, str):
        return _unmeasured(CoverageStatus.FAILED, f"suite: {suite}")
    trusted_report = (trusted or (lambda t: trusted_run(t, sandbox, settings)))(task)
    statements = {
        rel: frozenset(r.executed_lines) | frozenset(r.missing_lines)
        for rel, r in suite.items()
        if not is_test_file(rel)
    }
    hit = {rel: frozenset(r.executed_lines) for rel, r in suite.items()}
    reference_files = overlay(reference_t.layers)
    changed = changed_lines(overlay(initial_t.layers), reference_files)
    c_hit, c_total = 0, 0
    for rel, lines in changed.items():
        target = lines & statements.get(rel, frozenset())
        c_total += len(target)
        c_hit += len(target & hit.get(rel, frozenset()))
    change = _ratio(c_hit, c_total)
    if isinstance(trusted_report, str):
        entry = CoverageValue(status=CoverageStatus.FAILED)
        return TaskCoverage(change=change, entry=entry, detail=f"trusted tests: {trusted_report}")
    e_hit, e_total = 0, 0
    for rel, report in trusted_report.items():
        if is_test_file(rel) or rel not in reference_files:
            continue
        source = reference_files[rel].read_text(errors="replace")
        scope = entered_function_lines(source, frozenset(report.executed_lines))
        target = scope & statements.get(rel, frozenset())
        e_total += len(target)
        e_hit += len(target & hit.get(rel, frozenset()))
    return TaskCoverage(change=change, entry=_ratio(e_hit, e_total))


def trusted_run(task: Task, sandbox: Sandbox, settings: JudgeSettings) -> CoverageReport:
    """The task's trusted tests on its reference program, under coverage.py."""
    reference = next(t for t in task_targets(task, panel=False) if t.kind is TargetKind.REFERENCE)
    return measured_run(task, reference, task.tests_dir, sandbox, settings)
