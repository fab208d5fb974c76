"""docs/paper-fidelity.md holds what it claims (issue 49):
- every row's status is same, deviation (with its reason) or missing (with its reason);
- every "same" row names a test, and every test a row names exists;
- the checker itself refuses a made-up table, so a rotted row cannot pass unseen;
- the fixed model settings the table calls "same" are the defaults.
"""

from __future__ import annotations

import re
from pathlib import Path

from evaluators.llm import LlmSettings
from evaluators.runners.base import RunnerLimits

ROOT = Path(__file__).resolve().parents[2]
FIDELITY = ROOT / "docs/paper-fidelity.md"
STATUS = re.compile(r"^\*\*(same|deviation|missing)\*\*(?::\s*(.+))?$")
TEST = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")
COLUMNS = 6  # row, paper, ours, where, status, test


def rows(text: str) -> list[list[str]]:
    """The body rows of every table in `text`, as their cells."""
    found = []
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith("|---"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[-1] == "Test":  # a header
            continue
        found.append(cells)
    return found


def problems(text: str, root: Path = ROOT) -> list[str]:
    """What is wrong with a fidelity table: one line per problem, naming the row."""
    found = []
    for cells in rows(text):
        name = cells[0]
        if len(cells) != COLUMNS:
            found.append(f"{name}: {len(cells)} cells, not {COLUMNS}")
            continue
        status, tests = STATUS.match(cells[4]), TEST.findall(cells[5])
        if status is None:
            found.append(f"{name}: status {cells[4]!r} is not same, deviation or missing")
            continue
        kind, reason = status.groups()
        if kind != "same" and not reason:
            found.append(f"{name}: a {kind} without its reason")
        if kind == "same" and not tests:
            found.append(f"{name}: a same row names no test")
        for path, test in tests:
            source = root / path
            if not source.is_file() or f"def {test}(" not in source.read_text():
                found.append(f"{name}: {path}::{test} does not exist")
    return found


def test_every_row_is_same_deviation_or_missing_and_its_tests_exist() -> None:
    text = FIDELITY.read_text()
    assert len(rows(text)) >= 80
    assert problems(text) == []


def test_the_checker_refuses_a_rotted_table() -> None:
    named = "`tests/e2e/test_paper_fidelity.py::test_no_such_test`"
    real = "`tests/e2e/test_paper_fidelity.py::test_the_checker_refuses_a_rotted_table`"
    table = "\n".join(
        [
            "| Row | Paper | Ours | Where | Status | Test |",
            "|---|---|---|---|---|---|",
            f"| gone | p | o | w | **same** | {named} |",
            "| untested | p | o | w | **same** |  |",
            "| unexplained | p | o | w | **deviation** |  |",
            "| vague | p | o | w | similar | |",
            f"| fine | p | o | w | **same** | {real} |",
            "| explained | p | o | w | **missing**: not built yet | |",
        ]
    )
    assert problems(table) == [
        "gone: tests/e2e/test_paper_fidelity.py::test_no_such_test does not exist",
        "untested: a same row names no test",
        "unexplained: a deviation without its reason",
        "vague: status 'similar' is not same, deviation or missing",
    ]


def test_the_papers_fixed_model_settings_are_the_defaults() -> None:
    """Table 12's model timeout, transport retry, concurrency and output cap, and our
    temperature 0 (a deviation the table names), as `[llm]` defaults."""
    settings = LlmSettings(model="anthropic/claude-opus-4-6")
    assert settings.call_timeout_s == 120 and settings.transport_retries == 1
    assert settings.max_concurrent_calls == 2 and settings.max_output_tokens == 8192
    assert settings.temperature == 0
    limits = RunnerLimits()
    assert (limits.model_calls, limits.input_tokens, limits.output_tokens) == (48, 500_000, 100_000)
