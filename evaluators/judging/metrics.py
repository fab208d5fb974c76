"""Behavioural metrics of the paper (Section 2.6, Appendices B.6.1 and D.2).

Indicators: `a(p)` is 1 when the outcome on `p` is `pass`, `r(p)` is 1 when it is `fail`;
both are 0 for `error`, `timeout` and a missing outcome (`None`).

Per task: `F = r(initial) * a(reference)`; `S = F * prod a(valid) * prod r(invalid)`, over
the valid alternatives (the reference excluded) and the invalid candidates; `A` and `R` are
the shares of recorded valid alternatives accepted and recorded invalid candidates rejected.
Errors and timeouts are recorded outcomes: they stay in the A/R denominators and count for
neither numerator. Missing outcomes leave the denominators; an empty denominator leaves the
rate undefined (`None`). Rates here are fractions in [0, 1]; `h_pct` is in percent.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from math import comb

from pydantic import BaseModel, ConfigDict, Field

from evaluators.judging.junit import TestCaseResult, TestStatus
from evaluators.sandbox import Outcome


def accepted(outcome: Outcome | None) -> int:
    """a(p): 1 for a recorded pass, else 0."""
    return int(outcome is Outcome.PASS)


def rejected(outcome: Outcome | None) -> int:
    """r(p): 1 for a recorded fail, else 0."""
    return int(outcome is Outcome.FAIL)


class TaskOutcomes(BaseModel):
    """One suite's outcomes on one task; `None` marks a missing outcome.

    `valid` excludes the reference. With `panel=False` the panel was not run, and S, A and R
    are undefined.
    """

    model_config = ConfigDict(frozen=True)

    task_id: str
    initial: Outcome | None
    reference: Outcome | None
    valid: tuple[Outcome | None, ...] = ()
    invalid: tuple[Outcome | None, ...] = ()
    panel: bool = False


class TaskScores(BaseModel):
    """F, S, A, R of one task plus the counts behind A and R and Appendix D.2."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    F: int
    S: int | None
    A: float | None
    R: float | None
    valid_total: int = 0  # panel size beyond the reference (n_V), missing ones included
    valid_recorded: int = 0
    valid_accepted: int = 0  # s_V
    invalid_total: int = 0  # n_I
    invalid_recorded: int = 0
    invalid_rejected: int = 0  # s_I


def _share(hits: int, recorded: int) -> float | None:
    return hits / recorded if recorded else None


def score_task(outcomes: TaskOutcomes) -> TaskScores:
    """F, S, A and R of one task under the Appendix B.6.1 conventions."""
    f = rejected(outcomes.initial) * accepted(outcomes.reference)
    if not outcomes.panel:
        return TaskScores(task_id=outcomes.task_id, F=f, S=None, A=None, R=None)
    valid_recorded = sum(o is not None for o in outcomes.valid)
    invalid_recorded = sum(o is not None for o in outcomes.invalid)
    valid_accepted = sum(accepted(o) for o in outcomes.valid)
    invalid_rejected = sum(rejected(o) for o in outcomes.invalid)
    s = f
    for outcome in outcomes.valid:
        s *= accepted(outcome)
    for outcome in outcomes.invalid:
        s *= rejected(outcome)
    return TaskScores(
        task_id=outcomes.task_id,
        F=f,
        S=s,
        A=_share(valid_accepted, valid_recorded),
        R=_share(invalid_rejected, invalid_recorded),
        valid_total=len(outcomes.valid),
        valid_recorded=valid_recorded,
        valid_accepted=valid_accepted,
        invalid_total=len(outcomes.invalid),
        invalid_recorded=invalid_recorded,
        invalid_rejected=invalid_rejected,
    )


def round2(value: float) -> float:
    """Round half up to two decimals, as the paper's tables print values."""
    return float(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def harmonic_mean_pct(var: float | None, irr: float | None) -> float | None:
    """H in percent: VAR and IRR (fractions) are first rounded to two decimals in percent,
    then their harmonic mean is rounded to two decimals. 0 when both are 0; `None` when
    either is undefined."""
    if var is None or irr is None:
        return None
    v, i = round2(100.0 * var), round2(100.0 * irr)
    if v + i == 0:
        return 0.0
    return round2(2.0 * v * i / (v + i))


class AggregateScores(BaseModel):
    """Benchmark aggregates over the fixed N tasks (Section 2.6, Appendix B.6.1).

    - RAR = (1/N) sum F and JSF = (1/N) sum S: a missing or erroneous outcome, and a task
      judged without its panel, count as failures, so JSF <= RAR always. JSF is `None` only
      when no task was judged with its panel (nothing measured it).
    - `tasks_without_panel` counts the tasks in N that were not judged with their panel;
      `jsf_panel_only` is the mean of S over the tasks that were (not the paper's JSF).
    - VAR and IRR average the defined task rates A and R; H in percent.
    Undefined aggregates are `None`.
    """

    model_config = ConfigDict(frozen=True)

    n_tasks: int
    rar: float | None
    jsf: float | None
    var: float | None
    irr: float | None
    h_pct: float | None
    tasks_jsf: int = Field(description="tasks judged with their panel (a defined S)")
    tasks_var: int = Field(description="tasks with a defined A (|T_V|)")
    tasks_irr: int = Field(description="tasks with a defined R (|T_I|)")
    tasks_without_panel: int = Field(default=0, description="tasks in N with no panel verdict")
    jsf_panel_only: float | None = Field(
        default=None, description="mean S over the tasks judged with their panel"
    )


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def aggregate(scores: Sequence[TaskScores]) -> AggregateScores:
    """Aggregate per-task scores (Appendix B.6.1): RAR and JSF over all N tasks; VAR and
    IRR over the tasks with defined rates."""
    ss = [s.S for s in scores if s.S is not None]
    a_values = [s.A for s in scores if s.A is not None]
    r_values = [s.R for s in scores if s.R is not None]
    var, irr = _mean(a_values), _mean(r_values)
    n = len(scores)
    return AggregateScores(
        n_tasks=n,
        rar=_mean([s.F for s in scores]),
        jsf=sum(ss) / n if ss else None,
        var=var,
        irr=irr,
        h_pct=harmonic_mean_pct(var, irr),
        tasks_jsf=len(ss),
        tasks_var=len(a_values),
        tasks_irr=len(r_values),
        tasks_without_panel=n - len(ss),
        jsf_panel_only=_mean(ss),
    )


class SubsetCounts(BaseModel):
    """Appendix D.2 inputs for one (configuration, task): F, the candidate pool sizes beyond
    the reference (n_V, n_I) and the correct verdicts in them (s_V accepted, s_I rejected)."""

    model_config = ConfigDict(frozen=True)

    F: int = Field(ge=0, le=1)
    n_valid: int = Field(ge=0)
    s_valid: int = Field(ge=0)
    n_invalid: int = Field(ge=0)
    s_invalid: int = Field(ge=0)

    @classmethod
    def from_scores(cls, scores: TaskScores) -> SubsetCounts:
        """Missing and error outcomes count in the pool but never as correct verdicts."""
        return cls(
            F=scores.F,
            n_valid=scores.valid_total,
            s_valid=scores.valid_accepted,
            n_invalid=scores.invalid_total,
            s_invalid=scores.invalid_rejected,
        )


def _choose(n: int, j: int) -> int:
    return comb(n, j) if j <= n else 0


def expected_jsf(rows: Sequence[SubsetCounts], a: int, b: int) -> float:
    """Expected JSF (Appendix D.2) when each task's panel is the reference plus `a` valid and
    `b` invalid candidates drawn uniformly without replacement: the uniform mean over rows of
    F * C(s_V, a)/C(n_V, a) * C(s_I, b)/C(n_I, b), with C(n, j) = 0 for j > n.

    Raises ValueError when `rows` is empty, a or b is negative, a > n_V or b > n_I for any
    row, or s > n in a row.
    """
    if not rows:
        raise ValueError("expected_jsf needs at least one row")
    if a < 0 or b < 0:
        raise ValueError(f"subset sizes must be >= 0, got a={a}, b={b}")
    total = 0.0
    for row in rows:
        if row.s_valid > row.n_valid or row.s_invalid > row.n_invalid:
            raise ValueError(f"correct verdicts exceed the pool in {row}")
        if a > row.n_valid or b > row.n_invalid:
            raise ValueError(
                f"subset (a={a}, b={b}) exceeds a pool of n_V={row.n_valid}, n_I={row.n_invalid}"
            )
        total += (
            row.F
            * _choose(row.s_valid, a)
            / comb(row.n_valid, a)
            * _choose(row.s_invalid, b)
            / comb(row.n_invalid, b)
        )
    return total / len(rows)


class SuiteQuality(BaseModel):
    """TestSuiteBench-style validity rate and mutation score of one suite on one task."""

    model_config = ConfigDict(frozen=True)

    tests: int  # non-skipped test cases recorded on the reference
    valid_tests: int
    mutants: int
    killed: int
    validity: float | None
    mutation_score: float | None


_KILLS = (TestStatus.FAILED, TestStatus.ERROR)


def suite_quality(
    reference: Sequence[TestCaseResult] | None,
    mutants: Sequence[Sequence[TestCaseResult] | None],
) -> SuiteQuality:
    """Validity rate and mutation score from per-test (JUnit) results.

    - A test is a test case recorded on the reference, skipped ones excluded. It is *valid*
      when its status on the reference is `passed`. Validity = valid tests / tests; `None`
      when the reference has no per-test results or no non-skipped test.
    - The mutants are the invalid panel members. A mutant is *killed* when at least one valid
      test (matched by test id) is `failed` or `error` on it; tests that fail on the
      reference never count, and a valid test absent from the mutant's results does not
      kill. A mutant without per-test results stays in the denominator, unkilled.
      Mutation score = killed / mutants; `None` when there are no mutants or validity is
      undefined. Unlike TestSuiteBench, flaky tests are not filtered by repeated runs.
    """
    recorded = [t for t in (reference or ()) if t.status is not TestStatus.SKIPPED]
    valid_ids = {t.test_id for t in recorded if t.status is TestStatus.PASSED}
    validity = len(valid_ids) / len(recorded) if recorded else None
    killed = 0
    for results in mutants:
        if results is not None and any(
            t.test_id in valid_ids and t.status in _KILLS for t in results
        ):
            killed += 1
    score = killed / len(mutants) if mutants and validity is not None else None
    return SuiteQuality(
        tests=len(recorded),
        valid_tests=len(valid_ids),
        mutants=len(mutants),
        killed=killed if validity is not None else 0,
        validity=validity,
        mutation_score=score,
    )
