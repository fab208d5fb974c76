"""The release gate (docs/design.md section 9): one frozen challenger against the baseline.

Pure functions over paired per-task outcomes (1 = the strategy solved the task):
- `exact_mcnemar_p(w, l)`: one-sided exact McNemar p, the upper binomial tail of the `w`
  challenger-only successes among the `w + l` discordant pairs under probability 1/2;
  1.0 when there is no discordant pair.
- `paired_bootstrap_diffs`: challenger minus baseline success rate on task resamples drawn as
  `numpy.random.default_rng(seed).integers(0, n, (R, n))`; each resample keeps a task's two
  outcomes together.
- `run_gate`: the decision. The direction (challenger better) is fixed before evaluation;
  promote iff the difference is positive and p <= alpha; no discordant pair never promotes.
- `run_without_gate`: `[release] gate = "none"`, the anchors' ablation: the dev argmax is
  promoted whenever it differs from the baseline; the statistics only describe the split.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

from rsi.release.numbers import format_p
from search_space import UserInputError, counted

if TYPE_CHECKING:
    from numpy.typing import NDArray

# Rows of task indices drawn per block: bounds memory at about 32 MB of int64 indices for any
# n, and gives the same numbers as one (R, n) draw because the generator is consumed in order.
_BLOCK_ELEMENTS = 4_000_000


class GateReport(BaseModel):
    """The gate's statistics and decision; rates and intervals in percentage points.

    The JSON form (`to_json_dict`) has exactly the keys n, baseline_successes,
    challenger_successes, wins, losses, diff_pp, p_value, ci95_pp, ci99_pp, alpha, promote,
    reason, plus `gate: "none"` when no statistical gate decided. `seed` and `resamples`
    describe the bootstrap and are kept out of the JSON.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    n: int = Field(ge=1)
    baseline_successes: int = Field(ge=0)
    challenger_successes: int = Field(ge=0)
    wins: int = Field(ge=0, description="tasks only the challenger solved")
    losses: int = Field(ge=0, description="tasks only the baseline solved")
    diff_pp: float
    p_value: float = Field(ge=0.0, le=1.0)
    ci95_pp: tuple[float, float]
    ci99_pp: tuple[float, float]
    alpha: float = Field(gt=0.0, lt=1.0)
    promote: bool
    reason: str
    # Which rule decided `promote`: the McNemar gate, or none (the dev argmax, ablation).
    # Left out of the JSON when "mcnemar", so existing journals keep their bytes.
    gate: Literal["mcnemar", "none"] = Field(
        default="mcnemar", exclude_if=lambda gate: gate == "mcnemar"
    )
    seed: int = Field(default=42, exclude=True)
    resamples: int = Field(default=10_000, exclude=True)

    @model_validator(mode="after")
    def _check_counts(self) -> GateReport:
        if max(self.baseline_successes, self.challenger_successes) > self.n:
            raise ValueError("success count exceeds n")
        if self.wins + self.losses > self.n:
            raise ValueError("more discordant pairs than tasks")
        if self.challenger_successes - self.baseline_successes != self.wins - self.losses:
            raise ValueError("success counts disagree with wins and losses")
        return self

    @property
    def baseline_rate(self) -> float:
        return self.baseline_successes / self.n

    @property
    def challenger_rate(self) -> float:
        return self.challenger_successes / self.n

    def to_json_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def exact_mcnemar_p(wins: int, losses: int) -> float:
    """One-sided exact McNemar p for 'challenger better'; 1.0 with no discordant pair."""
    if wins < 0 or losses < 0:
        raise ValueError("wins and losses must be non-negative")
    if wins + losses == 0:
        return 1.0
    from scipy.stats import binomtest  # scipy.stats costs about a second to import

    return float(binomtest(wins, wins + losses, 0.5, alternative="greater").pvalue)


def decide(wins: int, losses: int, alpha: float) -> tuple[bool, float, str]:
    """(promote, p, reason): promote iff wins > losses (positive difference) and p <= alpha."""
    p = exact_mcnemar_p(wins, losses)
    if wins + losses == 0:
        return False, p, "no discordant pairs: the strategies agree on every task, so no evidence"
    counts = f"{counted(wins, 'win')} vs {counted(losses, 'loss', 'losses')}"
    if wins <= losses:
        return False, p, f"the challenger does not beat the baseline ({counts})"
    if p > alpha:
        return (
            False,
            p,
            f"the gain is positive ({counts}) but p = {format_p(p)} > alpha = {alpha:g}",
        )
    return True, p, f"the gain is positive ({counts}) and p = {format_p(p)} <= alpha = {alpha:g}"


def paired_bootstrap_diffs(
    baseline: NDArray[np.bool_], challenger: NDArray[np.bool_], *, seed: int, resamples: int
) -> NDArray[np.float64]:
    """Per-resample rate differences (fractions, challenger minus baseline).

    Equal to `d[default_rng(seed).integers(0, n, (resamples, n))].mean(axis=1)` with
    `d = challenger - baseline`: pairs stay together because one index picks both outcomes.
    Drawn in row blocks of int8 differences so no float matrix is built.
    """
    n = len(baseline)
    d = challenger.astype(np.int8) - baseline.astype(np.int8)
    rng = np.random.default_rng(seed)
    block = max(1, _BLOCK_ELEMENTS // n)
    sums = np.empty(resamples, dtype=np.int64)
    for start in range(0, resamples, block):
        rows = min(block, resamples - start)
        sums[start : start + rows] = d[rng.integers(0, n, (rows, n))].sum(axis=1, dtype=np.int64)
    return sums / n


def _interval_pp(diffs: NDArray[np.float64], level: float) -> tuple[float, float]:
    tail = (100.0 - level) / 2
    low, high = np.percentile(diffs * 100.0, [tail, 100.0 - tail])
    # Rounding removes float noise such as 2.9999999999999996 from k / n * 100.
    return round(float(low), 9), round(float(high), 9)


def _as_outcomes(values: Sequence[bool] | NDArray[Any], name: str) -> NDArray[np.bool_]:
    array = np.asarray(values)
    if array.ndim != 1:
        raise UserInputError(f"{name} outcomes must be a flat sequence")
    if array.dtype == np.bool_ or array.size == 0:
        return array.astype(np.bool_)
    if array.dtype.kind in "iu" and np.isin(array, (0, 1)).all():
        return array.astype(np.bool_)
    raise UserInputError(f"{name} outcomes must be booleans or 0/1")


def validate_gate_settings(alpha: float, resamples: int) -> None:
    """Raise `UserInputError` unless 0 < alpha < 1 and resamples >= 100."""
    if not 0.0 < alpha < 1.0:
        raise UserInputError(f"must be in (0, 1), got {alpha:g}", source="--alpha")
    if resamples < 100:
        raise UserInputError(f"must be at least 100, got {resamples}", source="--resamples")


def run_gate(
    baseline: Sequence[bool] | NDArray[Any],
    challenger: Sequence[bool] | NDArray[Any],
    *,
    alpha: float = 0.05,
    seed: int = 42,
    resamples: int = 10_000,
) -> GateReport:
    """Gate a challenger on paired per-task outcomes (index i is the same task in both)."""
    validate_gate_settings(alpha, resamples)
    b = _as_outcomes(baseline, "baseline")
    c = _as_outcomes(challenger, "challenger")
    if len(b) != len(c):
        raise UserInputError(f"unpaired outcomes: {len(b)} baseline vs {len(c)} challenger")
    if len(b) == 0:
        raise UserInputError("no outcomes to gate")
    wins = int(np.count_nonzero(c & ~b))
    losses = int(np.count_nonzero(b & ~c))
    promote, p, reason = decide(wins, losses, alpha)
    diffs = paired_bootstrap_diffs(b, c, seed=seed, resamples=resamples)
    n = len(b)
    return GateReport(
        n=n,
        baseline_successes=int(np.count_nonzero(b)),
        challenger_successes=int(np.count_nonzero(c)),
        wins=wins,
        losses=losses,
        diff_pp=round((wins - losses) / n * 100.0, 9),
        p_value=p,
        ci95_pp=_interval_pp(diffs, 95.0),
        ci99_pp=_interval_pp(diffs, 99.0),
        alpha=alpha,
        promote=promote,
        reason=reason,
        seed=seed,
        resamples=resamples,
    )


NO_GATE_REASON = 'no statistical gate ran ([release] gate = "none")'


def run_without_gate(
    baseline: Sequence[bool] | NDArray[Any],
    challenger: Sequence[bool] | NDArray[Any],
    *,
    same_strategy: bool,
    alpha: float = 0.05,
    seed: int = 42,
    resamples: int = 10_000,
) -> GateReport:
    """`[release] gate = "none"`: promote the dev argmax unless it is the baseline itself.

    This is what GEPA and AutoSaddler do, kept for ablations. The counts, p and intervals
    are computed as `run_gate` does but decide nothing; the reason says so plainly.
    """
    described = run_gate(baseline, challenger, alpha=alpha, seed=seed, resamples=resamples)
    if same_strategy:
        reason = f"{NO_GATE_REASON}: the dev argmax is the baseline itself, nothing to promote"
    else:
        reason = (
            f"{NO_GATE_REASON}: the dev argmax is promoted as the anchors do, whatever the "
            f"release split shows ({counted(described.wins, 'win')} vs "
            f"{counted(described.losses, 'loss', 'losses')}, "
            f"p = {format_p(described.p_value)} not tested)"
        )
    return described.model_copy(
        update={"promote": not same_strategy, "reason": reason, "gate": "none"}
    )
