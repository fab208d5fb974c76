"""Power planning for the release gate: exact power and minimum detectable effect (MDE).

Model. The N release tasks are independent. Each task is discordant (exactly one strategy
solves it) with probability q; a discordant task is a challenger win with probability
pi = (q + D) / (2q), so wins and losses have probabilities (q + D) / 2 and (q - D) / 2 and the
challenger's rate exceeds the baseline rate P by D. Unless q is given it comes from an
independence model, q = p1 (1 - p2) + p2 (1 - p1) with p1 = P, p2 = P + D. A given q must admit
a joint distribution: |D| <= q, (q - D) / 2 <= P and (q + D) / 2 <= 1 - P.

Exact power = sum_k Binom(k; N, q) * P(Binom(k, pi) >= c_k), where c_k is the smallest win count
with upper-tail p = P(Binom(k, 1/2) >= c_k) <= alpha, the same tail `scipy.stats.binomtest`
computes, raised to floor(k/2) + 1 so that w > l (a positive difference) also holds; c_0 = 1 is
unreachable, so no discordant pair never promotes. The MDE is the smallest D > 0 whose power
reaches the target (for a given q, D stays within that q's feasible range; otherwise up to
1 - P): power rises with D, so a grid locates the first crossing and bisection refines it.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict, Field

from search_space import UserInputError

_GRID_POINTS = 64
_BISECTIONS = 40
# Slack for float noise in user rates, e.g. 0.7 + 0.3 or (q + D) / (2q) a hair above 1.
_EPS = 1e-12


class PowerPlan(BaseModel):
    """Planned release split: inputs, exact power at `effect`, and the MDE (None: unreachable)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    n: int = Field(ge=1)
    baseline_rate: float = Field(ge=0.0, le=1.0)
    effect: float
    discordance: float = Field(ge=0.0, le=1.0)
    discordance_given: bool
    win_probability: float = Field(ge=0.0, le=1.0)
    alpha: float = Field(gt=0.0, lt=1.0)
    power_target: float = Field(gt=0.0, lt=1.0)
    power: float = Field(ge=0.0, le=1.0)
    mde: float | None


def independence_discordance(baseline_rate: float, effect: float) -> float:
    """q = p1 (1 - p2) + p2 (1 - p1) for independent outcomes with p1 = P, p2 = P + D."""
    p1, p2 = baseline_rate, min(1.0, max(0.0, baseline_rate + effect))
    return p1 * (1 - p2) + p2 * (1 - p1)


def win_probability(discordance: float, effect: float) -> float:
    """pi = (q + D) / (2q), clipped to [0, 1]; 1/2 when q = 0 (no discordant pair occurs)."""
    if discordance <= 0.0:
        return 0.5
    return min(1.0, max(0.0, (discordance + effect) / (2 * discordance)))


def critical_counts(n: int, alpha: float) -> NDArray[np.int64]:
    """c_k for k = 0..n: the smallest promoting win count among k discordant pairs (k + 1: none).

    Vectorised bisection over k on the exact tail `binom.sf(c - 1, k, 0.5) <= alpha`.
    """
    from scipy.stats import binom  # scipy.stats costs about a second to import

    ks = np.arange(n + 1)
    low = np.zeros(n + 1, dtype=np.int64)  # tail(low) = 1 > alpha
    high = ks + 1  # tail(k + 1) = 0 <= alpha
    while np.any(high - low > 1):
        mid = (low + high) // 2
        rejects = binom.sf(mid - 1, ks, 0.5) <= alpha
        high = np.where(rejects, mid, high)
        low = np.where(rejects, low, mid)
    return np.maximum(high, ks // 2 + 1)


def _power(n: int, q: float, effect: float, crit: NDArray[np.int64]) -> float:
    from scipy.stats import binom

    if q <= 0.0:
        return 0.0
    pi = win_probability(q, effect)
    ks = np.arange(n + 1)
    weights = binom.pmf(ks, n, q)
    # Skip counts of negligible probability: the sum loses at most n * 1e-20 of power.
    keep = weights > 1e-20
    tail = binom.sf(crit[keep] - 1, ks[keep], pi)
    return float(np.clip(np.sum(weights[keep] * tail), 0.0, 1.0))


def exact_power(n: int, discordance: float, effect: float, alpha: float) -> float:
    """Probability that the gate promotes, under the module's model with q = discordance."""
    return _power(n, discordance, effect, critical_counts(n, alpha))


def _feasible_effects(baseline_rate: float, discordance: float | None) -> tuple[float, float]:
    if discordance is None:
        return 0.0, 1.0 - baseline_rate
    low = max(0.0, discordance - 2 * baseline_rate)
    high = min(discordance, 2 * (1 - baseline_rate) - discordance)
    return low, high


def minimum_detectable_effect(
    n: int,
    baseline_rate: float,
    *,
    alpha: float = 0.05,
    power_target: float = 0.8,
    discordance: float | None = None,
) -> float | None:
    """Smallest effect D > 0 with power >= target (q fixed if given); None if unreachable."""
    crit = critical_counts(n, alpha)

    def power_at(effect: float) -> float:
        q = discordance
        if q is None:
            q = independence_discordance(baseline_rate, effect)
        return _power(n, q, effect, crit)

    low, high = _feasible_effects(baseline_rate, discordance)
    if high <= 0.0 or high < low or power_at(high) < power_target:
        return None
    grid = np.linspace(low, high, _GRID_POINTS + 1)
    reached = next(i for i, effect in enumerate(grid) if power_at(float(effect)) >= power_target)
    if reached == 0:
        return float(grid[0])  # the lowest feasible effect already reaches the target
    below, above = float(grid[reached - 1]), float(grid[reached])
    for _ in range(_BISECTIONS):
        mid = (below + above) / 2
        if power_at(mid) >= power_target:
            above = mid
        else:
            below = mid
    return above


def _check_inputs(
    n: int,
    baseline_rate: float,
    effect: float,
    discordance: float | None,
    alpha: float,
    power_target: float,
) -> None:
    def fail(option: str, message: str) -> UserInputError:
        return UserInputError(message, source=option)

    if n < 1:
        raise fail("--n", f"must be at least 1, got {n}")
    if not 0.0 <= baseline_rate <= 1.0:
        raise fail("--baseline-rate", f"must be in [0, 1], got {baseline_rate:g}")
    if not -_EPS <= baseline_rate + effect <= 1.0 + _EPS:
        raise fail(
            "--effect",
            f"baseline rate + effect must be in [0, 1], got {baseline_rate + effect:g}",
        )
    if not 0.0 < alpha < 1.0:
        raise fail("--alpha", f"must be in (0, 1), got {alpha:g}")
    if not 0.0 < power_target < 1.0:
        raise fail("--power-target", f"must be in (0, 1), got {power_target:g}")
    if discordance is None:
        return
    if not 0.0 <= discordance <= 1.0:
        raise fail("--discordance", f"must be in [0, 1], got {discordance:g}")
    if discordance < abs(effect) - _EPS:
        raise fail("--discordance", f"must be at least |effect| = {abs(effect):g}")
    if (discordance - effect) / 2 > baseline_rate + _EPS or (
        discordance + effect
    ) / 2 > 1 - baseline_rate + _EPS:
        raise fail(
            "--discordance",
            f"{discordance:g} is impossible with baseline rate {baseline_rate:g} and effect "
            f"{effect:g} (needs (q - D)/2 <= P and (q + D)/2 <= 1 - P)",
        )


def plan_power(
    n: int,
    baseline_rate: float,
    effect: float,
    *,
    discordance: float | None = None,
    alpha: float = 0.05,
    power_target: float = 0.8,
) -> PowerPlan:
    """Exact power at `effect` and the MDE; invalid inputs raise `UserInputError`."""
    _check_inputs(n, baseline_rate, effect, discordance, alpha, power_target)
    q = discordance if discordance is not None else independence_discordance(baseline_rate, effect)
    return PowerPlan(
        n=n,
        baseline_rate=baseline_rate,
        effect=effect,
        discordance=q,
        discordance_given=discordance is not None,
        win_probability=win_probability(q, effect),
        alpha=alpha,
        power_target=power_target,
        power=exact_power(n, q, effect, alpha),
        mde=minimum_detectable_effect(
            n, baseline_rate, alpha=alpha, power_target=power_target, discordance=discordance
        ),
    )
