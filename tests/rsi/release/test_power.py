"""Power planning for the release gate: exact power against simulation, MDE, input checks."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binom, binomtest

from rsi.release import decide, plan_power
from rsi.release.power import (
    critical_counts,
    exact_power,
    independence_discordance,
    minimum_detectable_effect,
)
from search_space.errors import UserInputError


@pytest.mark.parametrize("alpha", [0.01, 0.05, 0.2, 0.7])
def test_critical_counts_match_the_real_test(alpha: float) -> None:
    crit = critical_counts(60, alpha)
    for k in range(61):
        promoting = [
            w
            for w in range(k + 1)
            if w > k - w and binomtest(w, k, 0.5, alternative="greater").pvalue <= alpha
        ] if k else []  # fmt: skip
        assert crit[k] == (min(promoting) if promoting else k + 1), k


def test_hand_computable_power() -> None:
    # P = 0.9, D = 0.1: every discordant task is a win (pi = 1) and q = 0.1. Five straight wins
    # give p = 1/32 <= 0.05, four give 1/16 > 0.05, so power = P(Binom(10, 0.1) >= 5).
    plan = plan_power(10, 0.9, 0.1)
    assert plan.discordance == pytest.approx(0.1)
    assert plan.win_probability == 1.0
    assert plan.power == pytest.approx(binom.sf(4, 10, 0.1), rel=1e-9)


@pytest.mark.parametrize(("n", "q"), [(30, 0.2), (100, 0.5), (250, 0.1)])
def test_power_under_the_null_is_at_most_alpha(n: int, q: float) -> None:
    assert 0.0 < exact_power(n, q, 0.0, 0.05) <= 0.05


def test_power_rises_with_the_effect() -> None:
    effects = np.linspace(0.0, 0.3, 31)
    independent = [exact_power(80, independence_discordance(0.4, d), d, 0.05) for d in effects]
    fixed_q = [exact_power(80, 0.3, d, 0.05) for d in effects]
    assert np.all(np.diff(independent) > 0)
    assert np.all(np.diff(fixed_q) > 0)


SETTINGS = [
    # (N, P, D, q or None for the independence model)
    (100, 0.48, 0.10, 0.14),
    (60, 0.30, 0.15, None),
    (150, 0.60, 0.05, 0.20),
]


@pytest.mark.parametrize(("n", "rate", "effect", "q"), SETTINGS)
def test_exact_power_matches_simulation_of_the_real_gate(
    n: int, rate: float, effect: float, q: float | None
) -> None:
    plan = plan_power(n, rate, effect, discordance=q)
    q = plan.discordance
    win, loss = (q + effect) / 2, (q - effect) / 2
    both = rate - loss  # baseline succeeds on both-success and loss tasks
    sims = 4000
    rng = np.random.default_rng(42)
    u = rng.random((sims, n))
    is_win, is_loss = u < win, (u >= win) & (u < win + loss)
    is_both = (u >= win + loss) & (u < win + loss + both)
    baseline, challenger = is_both | is_loss, is_both | is_win
    assert abs(challenger.mean() - baseline.mean() - effect) < 0.01
    # The gate's own decision (exact test and rule) on each simulated release set's counts.
    wins = (challenger & ~baseline).sum(axis=1)
    losses = (baseline & ~challenger).sum(axis=1)
    promoted = sum(decide(int(w), int(x), 0.05)[0] for w, x in zip(wins, losses, strict=True))
    print(f"exact {plan.power:.4f}, simulated {promoted / sims:.4f}")
    error = math.sqrt(plan.power * (1 - plan.power) / sims)
    assert abs(promoted / sims - plan.power) <= 4 * error + 1e-9


def test_paper_design_settings() -> None:
    plan = plan_power(100, 0.48, 0.10)
    assert plan.discordance == pytest.approx(0.48 * 0.42 + 0.58 * 0.52)
    assert plan.discordance_given is False
    assert plan.win_probability == pytest.approx((plan.discordance + 0.1) / (2 * plan.discordance))
    assert 0.0 < plan.power < plan.power_target  # 100 tasks are underpowered for 10 pp here
    assert plan.mde is not None and plan.mde > 0.10


@pytest.mark.parametrize("q", [None, 0.25])
def test_mde_is_the_first_effect_reaching_the_target(q: float | None) -> None:
    n, rate, target = 120, 0.45, 0.8
    mde = minimum_detectable_effect(n, rate, power_target=target, discordance=q)
    assert mde is not None

    def power(d: float) -> float:
        return exact_power(n, independence_discordance(rate, d) if q is None else q, d, 0.05)

    assert power(mde) >= target
    assert power(mde - 1e-4) < target
    assert plan_power(n, rate, 0.05, discordance=q).mde == pytest.approx(mde)


def test_unreachable_mde() -> None:
    plan = plan_power(10, 0.9, 0.1)
    assert plan.mde is None and plan.power < 0.8
    # A fixed small discordance caps the effect at q, too little for 10 tasks.
    assert minimum_detectable_effect(10, 0.5, discordance=0.2) is None


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"n": 0}, "--n: must be at least 1"),
        ({"baseline_rate": 1.2}, "--baseline-rate"),
        ({"baseline_rate": -0.1}, "--baseline-rate"),
        ({"baseline_rate": 0.95, "effect": 0.1}, "--effect"),
        ({"discordance": 0.05}, "--discordance: must be at least |effect|"),
        ({"discordance": 1.5}, "--discordance: must be in [0, 1]"),
        ({"baseline_rate": 0.1, "discordance": 0.5}, "impossible"),
        ({"alpha": 1.0}, "--alpha"),
        ({"power_target": 0.0}, "--power-target"),
    ],
)
def test_invalid_plans_are_user_errors(kwargs: dict[str, float], needle: str) -> None:
    args: dict[str, float] = {"n": 50, "baseline_rate": 0.5, "effect": 0.1} | kwargs
    with pytest.raises(UserInputError) as caught:
        plan_power(int(args.pop("n")), args.pop("baseline_rate"), args.pop("effect"), **args)  # type: ignore[arg-type]
    assert needle in str(caught.value)


def test_float_noise_at_the_boundary_is_accepted() -> None:
    plan = plan_power(40, 0.7, 0.3, discordance=0.3)
    assert plan.win_probability == 1.0 and 0.0 < plan.power <= 1.0
