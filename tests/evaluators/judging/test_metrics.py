"""Metrics (Appendix B.6.1 and D.2), suite quality and JUnit parsing."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluators.judging.junit import TestCaseResult, TestStatus, parse_junit
from evaluators.judging.metrics import (
    SubsetCounts,
    TaskOutcomes,
    accepted,
    aggregate,
    expected_jsf,
    harmonic_mean_pct,
    rejected,
    round2,
    score_task,
    suite_quality,
)
from evaluators.sandbox.base import Outcome

P, F, E, T = Outcome.PASS, Outcome.FAIL, Outcome.ERROR, Outcome.TIMEOUT
OUTCOMES = [P, F, E, T, None]


def outcomes(
    initial: Outcome | None = F,
    reference: Outcome | None = P,
    valid: tuple[Outcome | None, ...] = (P, P, P, P),
    invalid: tuple[Outcome | None, ...] = (F, F, F, F, F),
    task_id: str = "t",
) -> TaskOutcomes:
    return TaskOutcomes(
        task_id=task_id,
        initial=initial,
        reference=reference,
        valid=valid,
        invalid=invalid,
        panel=True,
    )


@pytest.mark.parametrize(("outcome", "a", "r"), [(P, 1, 0), (F, 0, 1), (E, 0, 0), (T, 0, 0)])
def test_indicators(outcome: Outcome, a: int, r: int) -> None:
    assert (accepted(outcome), rejected(outcome)) == (a, r)


def test_indicators_of_missing_outcome_are_zero() -> None:
    assert (accepted(None), rejected(None)) == (0, 0)


def test_perfect_task() -> None:
    s = score_task(outcomes())
    assert (s.F, s.S, s.A, s.R) == (1, 1, 1.0, 1.0)


@pytest.mark.parametrize(
    ("initial", "reference", "f"),
    [(F, P, 1), (P, P, 0), (E, P, 0), (T, P, 0), (None, P, 0), (F, F, 0), (F, E, 0), (F, None, 0)],
)
def test_reference_transition(initial: Outcome | None, reference: Outcome | None, f: int) -> None:
    s = score_task(outcomes(initial=initial, reference=reference))
    assert f == s.F
    assert f == s.S  # the rest of the panel is perfect


def test_errors_stay_in_denominators_missing_leave() -> None:
    s = score_task(outcomes(valid=(P, E, None, T), invalid=(F, P, None, E, F)))
    assert pytest.approx(1 / 3) == s.A  # recorded: P, E, T
    assert pytest.approx(2 / 4) == s.R  # recorded: F, P, E, F
    assert (s.valid_total, s.valid_recorded, s.valid_accepted) == (4, 3, 1)
    assert (s.invalid_total, s.invalid_recorded, s.invalid_rejected) == (5, 4, 2)
    assert s.S == 0


def test_missing_panel_outcome_zeroes_s_only() -> None:
    s = score_task(outcomes(valid=(P, P, P, None)))
    assert (s.F, s.S, s.A) == (1, 0, 1.0)


def test_rates_are_not_gated_by_f() -> None:
    s = score_task(outcomes(initial=P, valid=(P, F, P, P)))
    assert (s.F, s.S, s.A, s.R) == (0, 0, 0.75, 1.0)


def test_empty_denominators_leave_rates_undefined() -> None:
    s = score_task(outcomes(valid=(None, None), invalid=()))
    assert s.A is None and s.R is None
    assert s.S == 0  # a missing required outcome gets no success credit


def test_without_panel_s_a_r_are_undefined() -> None:
    s = score_task(TaskOutcomes(task_id="t", initial=F, reference=P))
    assert (s.F, s.S, s.A, s.R) == (1, None, None, None)


def test_aggregate_means_over_defined_rates() -> None:
    scores = [
        score_task(outcomes(task_id="a")),  # F1 S1 A1 R1
        score_task(outcomes(task_id="b", initial=P, valid=(P, P, F, F))),  # F0 S0 A.5 R1
        score_task(outcomes(task_id="c", valid=(None,) * 4, invalid=(F, P, P, P, P))),
    ]
    agg = aggregate(scores)
    assert agg.n_tasks == 3
    assert agg.rar == pytest.approx(2 / 3)
    assert agg.jsf == pytest.approx(1 / 3)
    assert agg.var == pytest.approx(0.75)  # task c has no defined A
    assert agg.irr == pytest.approx((1 + 1 + 0.2) / 3)
    assert (agg.tasks_var, agg.tasks_irr, agg.tasks_jsf) == (2, 3, 3)
    assert agg.h_pct == harmonic_mean_pct(0.75, 2.2 / 3)


def test_jsf_divides_by_n_and_a_missing_outcome_is_a_failure() -> None:
    scores = [
        score_task(outcomes(task_id="a")),  # S 1
        score_task(outcomes(task_id="b", invalid=(F, F, None, F, F))),  # a missing outcome
        score_task(outcomes(task_id="c", reference=E)),  # an erroneous one
        score_task(TaskOutcomes(task_id="d", initial=F, reference=P)),  # judged without panel
    ]
    agg = aggregate(scores)
    assert agg.n_tasks == 4
    assert agg.jsf == pytest.approx(1 / 4)  # over N, not over the 3 tasks with a panel
    assert agg.rar == pytest.approx(3 / 4)
    assert agg.jsf <= agg.rar
    assert (agg.tasks_jsf, agg.tasks_without_panel) == (3, 1)
    assert agg.jsf_panel_only == pytest.approx(1 / 3)


def test_aggregate_of_nothing_is_undefined() -> None:
    agg = aggregate([])
    assert (agg.rar, agg.jsf, agg.var, agg.irr, agg.h_pct) == (None, None, None, None, None)


def test_aggregate_without_panels_has_only_rar() -> None:
    agg = aggregate([score_task(TaskOutcomes(task_id="t", initial=F, reference=P))])
    assert (agg.rar, agg.jsf, agg.var, agg.irr, agg.h_pct) == (1.0, None, None, None, None)


@pytest.mark.parametrize(
    ("var_pct", "irr_pct", "h_pct"),
    # Table rows of the paper (Section 4.1): H from the rates as printed.
    [
        (72.67, 79.33, 75.85),
        (63.67, 83.00, 72.06),
        (77.00, 66.00, 71.08),
        (61.33, 86.00, 71.60),
        (57.67, 70.33, 63.37),
        (50.33, 86.33, 63.59),
    ],
)
def test_harmonic_mean_matches_paper_tables(var_pct: float, irr_pct: float, h_pct: float) -> None:
    assert harmonic_mean_pct(var_pct / 100, irr_pct / 100) == h_pct


def test_harmonic_mean_rounds_rates_first() -> None:
    # 218/300 = 72.666..% -> 72.67; 238/300 = 79.333..% -> 79.33 (the paper's first row).
    assert harmonic_mean_pct(218 / 300, 238 / 300) == 75.85
    # Rounding first matters: 1/300 and 5/300 are shown as 0.33% and 1.67%, whose harmonic
    # mean 0.5499... rounds to 0.55; the unrounded rates would give 0.5555... -> 0.56.
    assert harmonic_mean_pct(1 / 300, 5 / 300) == 0.55
    assert harmonic_mean_pct(0.0, 0.0) == 0.0
    assert harmonic_mean_pct(0.0, 0.5) == 0.0
    assert harmonic_mean_pct(None, 0.5) is None
    assert harmonic_mean_pct(0.5, None) is None


def test_round2_is_half_up() -> None:
    assert round2(0.125) == 0.13
    assert round2(2.675) == 2.68  # float round() gives 2.67
    assert round2(12.344) == 12.34


def counts(f: int, n_v: int, s_v: int, n_i: int, s_i: int) -> SubsetCounts:
    return SubsetCounts(F=f, n_valid=n_v, s_valid=s_v, n_invalid=n_i, s_invalid=s_i)


def test_expected_jsf_endpoints() -> None:
    rows = [counts(1, 4, 4, 5, 5), counts(1, 4, 3, 5, 5), counts(0, 4, 4, 5, 5)]
    assert expected_jsf(rows, 0, 0) == pytest.approx(2 / 3)  # = mean F
    assert expected_jsf(rows, 4, 5) == pytest.approx(1 / 3)  # = full-panel JSF
    # One valid draw out of four where three are accepted: 3/4 for the second row.
    assert expected_jsf(rows, 1, 0) == pytest.approx((1 + 0.75 + 0) / 3)
    # C(s, j) = 0 when j > s: two draws from a pool with one correct verdict.
    assert expected_jsf([counts(1, 4, 1, 5, 5)], 2, 0) == 0.0


def test_expected_jsf_full_panel_equals_score() -> None:
    task = score_task(outcomes(valid=(P, P, F, E), invalid=(F, F, F, F, F)))
    assert expected_jsf([SubsetCounts.from_scores(task)], 4, 5) == task.S == 0
    perfect = score_task(outcomes())
    assert expected_jsf([SubsetCounts.from_scores(perfect)], 4, 5) == perfect.S == 1


@pytest.mark.parametrize(("a", "b"), [(5, 0), (0, 6), (-1, 0)])
def test_expected_jsf_rejects_oversized_subsets(a: int, b: int) -> None:
    with pytest.raises(ValueError):
        expected_jsf([counts(1, 4, 4, 5, 5)], a, b)


def test_expected_jsf_needs_rows() -> None:
    with pytest.raises(ValueError):
        expected_jsf([], 0, 0)


@settings(max_examples=80, deadline=None)
@given(
    data=st.data(),
    verdicts=st.lists(
        st.tuples(
            st.integers(0, 1),
            st.lists(st.booleans(), min_size=0, max_size=5),
            st.lists(st.booleans(), min_size=0, max_size=5),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_expected_jsf_equals_subset_enumeration(data: st.DataObject, verdicts: list) -> None:
    n_v = min(len(v) for _, v, _ in verdicts)
    n_i = min(len(i) for _, _, i in verdicts)
    verdicts = [(f, v[:n_v], i[:n_i]) for f, v, i in verdicts]
    a = data.draw(st.integers(0, n_v))
    b = data.draw(st.integers(0, n_i))
    brute = 0.0
    for f, v, i in verdicts:
        subsets = list(
            itertools.product(itertools.combinations(v, a), itertools.combinations(i, b))
        )
        brute += f * sum(all(sv) and all(si) for sv, si in subsets) / len(subsets)
    brute /= len(verdicts)
    rows = [counts(f, len(v), sum(v), len(i), sum(i)) for f, v, i in verdicts]
    assert expected_jsf(rows, a, b) == pytest.approx(brute)


def case(test_id: str, status: TestStatus) -> TestCaseResult:
    return TestCaseResult(test_id=test_id, status=status)


PASSED, FAILED, ERROR, SKIPPED = (
    TestStatus.PASSED,
    TestStatus.FAILED,
    TestStatus.ERROR,
    TestStatus.SKIPPED,
)


def test_suite_quality_counts_valid_tests_and_kills() -> None:
    reference = [case("t1", PASSED), case("t2", PASSED), case("t3", FAILED), case("t4", SKIPPED)]
    mutants = [
        [case("t1", FAILED), case("t2", PASSED), case("t3", FAILED)],  # killed by valid t1
        [case("t1", PASSED), case("t2", PASSED), case("t3", FAILED)],  # only invalid t3 fails
        [case("t1", PASSED), case("t2", ERROR)],  # error kills too
        None,  # no per-test results: stays in the denominator, unkilled
        [case("t1", PASSED)],  # t2 absent: does not kill
    ]
    quality = suite_quality(reference, mutants)
    assert (quality.tests, quality.valid_tests) == (3, 2)
    assert quality.validity == pytest.approx(2 / 3)
    assert (quality.mutants, quality.killed) == (5, 2)
    assert quality.mutation_score == pytest.approx(2 / 5)


def test_suite_quality_undefined_without_reference_results() -> None:
    quality = suite_quality(None, [[case("t1", FAILED)]])
    assert quality.validity is None and quality.mutation_score is None
    assert suite_quality([case("t1", PASSED)], []).mutation_score is None


PYTEST_XML = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest"
errors="0" failures="1" skipped="1" tests="4"><testcase classname="test_a" name="test_ok"
time="0.001"/><testcase classname="test_a" name="test_bad" time="0.001"><failure
message="assert 1 == 2">boom</failure></testcase><testcase classname="test_a" name="test_skip">
<skipped message="later"/></testcase><testcase classname="test_a" name="test_ok"><error
message="teardown"/></testcase></testsuite></testsuites>"""


def test_parse_junit_statuses_and_worst_duplicate() -> None:
    parsed = parse_junit(PYTEST_XML)
    assert parsed == (
        case("test_a::test_ok", ERROR),
        case("test_a::test_bad", FAILED),
        case("test_a::test_skip", SKIPPED),
    )


@pytest.mark.parametrize(
    "xml",
    [
        None,
        "",
        "<testsuite><testcase name='x'>",  # truncated
        "<html><body/></html>",  # wrong root
        "not xml at all",
        # entity expansion (billion laughs) is refused, not expanded
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 '
        '"&lol;&lol;&lol;">]><testsuite><testcase name="&lol2;"/></testsuite>',
        # external entity
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
        '<testsuite><testcase name="&e;"/></testsuite>',
    ],
)
def test_parse_junit_rejects_bad_input(xml: str | None) -> None:
    assert parse_junit(xml) is None


def test_parse_junit_size_cap() -> None:
    assert parse_junit(PYTEST_XML, limit_bytes=100) is None
    assert parse_junit(PYTEST_XML, limit_bytes=len(PYTEST_XML)) is not None


def test_parse_junit_of_real_pytest_output(tmp_path: Path) -> None:
    (tmp_path / "test_real.py").write_text(
        "import pytest\n\n"
        "def test_one():\n    assert True\n\n"
        "def test_two():\n    assert 1 == 2\n\n"
        "@pytest.mark.skip\ndef test_three():\n    pass\n"
    )
    xml_path = tmp_path / "results.xml"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(tmp_path),
            f"--junitxml={xml_path}",
        ],
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    parsed = parse_junit(xml_path.read_text())
    assert parsed is not None
    assert {(c.test_id, c.status) for c in parsed} == {
        ("test_real::test_one", PASSED),
        ("test_real::test_two", FAILED),
        ("test_real::test_three", SKIPPED),
    }
