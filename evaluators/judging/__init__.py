"""Judging: run a suite against a task's targets and score it (docs/design.md section 5).

- `judge`: every target of a task (initial, reference, panel) in a sandbox, one
  `TaskJudgement` each; `judge_memo` remembers judgements by content;
- `junit`, `metrics`: read a run's JUnit XML and score it (success, JSF, suite quality);
- `suite_coverage`: change and entry coverage of a suite on the reference program;
- `task_validation`: whether a task's labels agree with its trusted verifier
  (`rsi tasks validate`);
- `once`: a content-keyed memo the judge and the runners share.

Other packages import these names from `evaluators.judging`, never its modules. Imports
`evaluators.tasks` and `evaluators.sandbox`; never a runner.
"""

from __future__ import annotations

from evaluators.judging.judge import (
    DEFAULT_KEPT_OUTPUT_CHARS,
    JudgeSettings,
    Target,
    TargetKind,
    TargetResult,
    TaskJudgement,
    judge,
    run_spec,
    task_targets,
)
from evaluators.judging.judge_memo import RememberedJudgements
from evaluators.judging.junit import (
    MAX_NAME_CHARS,
    MAX_TEST_CASES,
    TestCaseResult,
    TestStatus,
    parse_junit,
)
from evaluators.judging.metrics import (
    AggregateScores,
    SubsetCounts,
    SuiteQuality,
    TaskOutcomes,
    TaskScores,
    accepted,
    aggregate,
    expected_jsf,
    harmonic_mean_pct,
    rejected,
    round2,
    score_task,
    suite_quality,
)
from evaluators.judging.once import Once, directory_digest
from evaluators.judging.suite_coverage import (
    SUITE_ENTRY,
    CoverageReport,
    CoverageStatus,
    CoverageValue,
    FileCoverage,
    TaskCoverage,
    TrustedRun,
    changed_lines,
    entered_function_lines,
    instrumented_copy,
    is_test_file,
    measure,
    measured_run,
    overlay,
    trusted_run,
)
from evaluators.judging.task_validation import TaskValidation, validate_task

__all__ = [
    "DEFAULT_KEPT_OUTPUT_CHARS",
    "MAX_NAME_CHARS",
    "MAX_TEST_CASES",
    "SUITE_ENTRY",
    "AggregateScores",
    "CoverageReport",
    "CoverageStatus",
    "CoverageValue",
    "FileCoverage",
    "JudgeSettings",
    "Once",
    "RememberedJudgements",
    "SubsetCounts",
    "SuiteQuality",
    "Target",
    "TargetKind",
    "TargetResult",
    "TaskCoverage",
    "TaskJudgement",
    "TaskOutcomes",
    "TaskScores",
    "TaskValidation",
    "TestCaseResult",
    "TestStatus",
    "TrustedRun",
    "accepted",
    "aggregate",
    "changed_lines",
    "directory_digest",
    "entered_function_lines",
    "expected_jsf",
    "harmonic_mean_pct",
    "instrumented_copy",
    "is_test_file",
    "judge",
    "measure",
    "measured_run",
    "overlay",
    "parse_junit",
    "rejected",
    "round2",
    "run_spec",
    "score_task",
    "suite_quality",
    "task_targets",
    "trusted_run",
    "validate_task",
]
