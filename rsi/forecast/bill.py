"""`forecast(config, measured, reused)`: a search's bill (worst case; expected case and its
range), the budget warnings and the gate's power at `[release] min_effect`."""

from __future__ import annotations

import math

from rsi.config import ExperimentConfig
from rsi.forecast.caching import cached_bill
from rsi.forecast.measure import Measured, Tokens, scope_models, scope_prices
from rsi.forecast.model import (
    DEFAULT_BASELINE_RATE,
    DEFAULT_MIN_EFFECT,
    Case,
    CaseName,
    Forecast,
    case_figures,
    estimated_attempt,
    evaluation_plan,
    max_rounds,
    worst_attempt,
    worst_task,
)
from rsi.release import PowerPlan, plan_power
from search_space import UserInputError

# With no measured round, the expected case assumes this share of rounds keeps its child
# (the null-world benchmark kept 21% under our screen; real searches keep more early on).
ASSUMED_KEEP_RATE = 0.25
# With `[search] stop_when_decided` and no race measured (a pilot): the paid share of a
# child's screen and of a kept child's dev score, as measured on the quickstart's noisy
# world (experiments/benchmarks/early_stop.py, results/early_stop.txt).
ASSUMED_RACE_SHARES = (0.61, 0.97)


def forecast(
    config: ExperimentConfig,
    measured: Measured | None = None,
    reused: dict[str, int] | None = None,
) -> Forecast:
    """The plan of `config`'s search; the expected case (and its range) needs `measured`
    usage."""
    reused = reused or {}
    rounds = max_rounds(config)
    attempts_left = max(0, config.search.max_attempts - reused.get("attempts", 0))
    worst_units = worst_task(config)
    worst = case_figures(
        config,
        "worst",
        evaluation_plan(config, rounds, 1.0, attempts_left, reused),
        (worst_units[0], worst_attempt(config)),
        (worst_units[1], _worst_attempt_s(config)),
    )
    keep_rate = measured.keep_rate if measured is not None else None
    measured_keep = keep_rate is not None
    shares, shares_measured = race_shares(config, measured)
    cases: dict[str, Case] = {}
    if measured is not None and measured.evaluations:
        keep = keep_rate if keep_rate is not None else ASSUMED_KEEP_RATE
        cases = _expected_cases(config, measured, keep, attempts_left, reused, shares)
        keep_rate = keep
    expected = cases.get("expected")
    usage = {"worst": {"generator": worst.total.generator, "optimizer": worst.total.optimizer}}
    if expected is not None:
        usage["expected"] = {
            "generator": expected.total.generator,
            "optimizer": expected.total.optimizer,
        }
    prices, models = scope_prices(config), scope_models(config)
    return Forecast(
        experiment=config.experiment.name,
        rounds=rounds,
        max_attempts=config.search.max_attempts,
        workers=config.search.workers,
        reused=reused,
        models=models,
        prices=prices,
        worst=worst,
        expected=expected,
        low=cases.get("low"),
        high=cases.get("high"),
        measured=measured,
        keep_rate=keep_rate,
        keep_rate_measured=measured_keep,
        warnings=tuple(budget_warnings(config, worst, expected)),
        power=gate_power(config, measured),
        stop_when_decided=config.search.stop_when_decided,
        race_shares=shares,
        race_shares_measured=shares_measured,
        caching=cached_bill(config, measured, usage, prices, models),
    )


def race_shares(
    config: ExperimentConfig, measured: Measured | None
) -> tuple[tuple[float, float], bool]:
    """The paid shares of a child's screen and a kept child's dev score the expected case
    assumes, and whether both were measured: 1 with the switch off; else measured where
    the run measured them, ASSUMED_RACE_SHARES where not."""
    if not config.search.stop_when_decided:
        return (1.0, 1.0), False
    screen = measured.screen_share if measured is not None else None
    dev = measured.dev_share if measured is not None else None
    shares = (
        screen if screen is not None else ASSUMED_RACE_SHARES[0],
        dev if dev is not None else ASSUMED_RACE_SHARES[1],
    )
    return shares, screen is not None and dev is not None


def _expected_cases(
    config: ExperimentConfig,
    measured: Measured,
    keep: float,
    attempts_left: int,
    reused: dict[str, int],
    shares: tuple[float, float],
) -> dict[str, Case]:
    """The expected case at keep rate `keep`, and its range (see model.py): no round keeps
    at the least measured usage (low), every round keeps at the most (high)."""
    per_round = measured.attempts_per_round or 1.0
    rounds = min(float(max_rounds(config)), config.search.max_attempts / per_round)
    # The attempts of the whole search, less those the run already journaled.
    attempts = min(float(attempts_left), max(0.0, rounds * per_round - reused.get("attempts", 0)))
    # No attempt measured yet (a pilot): the optimizer is estimated (model.py).
    per_attempt = measured.per_attempt if measured.attempts else estimated_attempt(config)
    least = measured.per_attempt if measured.attempts else estimated_attempt(config, output=False)
    per_task = measured.per_task
    cases: dict[CaseName, tuple[float, tuple[Tokens, Tokens]]] = {
        "expected": (keep, (per_task, per_attempt)),
        "low": (0.0, (measured.per_task_low or per_task, least)),
        "high": (1.0, (measured.per_task_high or per_task, per_attempt)),
    }
    seconds = (measured.task_seconds, _expected_attempt_s(measured))
    return {
        name: case_figures(
            config,
            name,
            evaluation_plan(config, rounds, rate, attempts, reused, shares),
            units,
            seconds,
        )
        for name, (rate, units) in cases.items()
    }


def _worst_attempt_s(config: ExperimentConfig) -> float | None:
    if "reflective" not in config.proposers.stack:
        return 0.0
    t = config.timeouts
    return t.selection_s + t.diagnosis_s + t.reflection_s


def _expected_attempt_s(measured: Measured) -> float | None:
    """An attempt's sessions at the measured seconds per generator call (calls in a task
    overlap at the call concurrency, so this errs long)."""
    if measured.task_seconds is None or not measured.per_task.calls:
        return None
    return measured.per_attempt.calls * measured.task_seconds / measured.per_task.calls


def gate_power(config: ExperimentConfig, measured: Measured | None) -> PowerPlan | None:
    """The gate's power at `[release] min_effect` on the release split (rsi.release)."""
    effect = getattr(config.release, "min_effect", None) or DEFAULT_MIN_EFFECT
    baseline = measured.initial_dev_rar if measured is not None else None
    rate = DEFAULT_BASELINE_RATE if baseline is None else baseline
    try:
        return plan_power(config.data.release, rate, effect, alpha=config.release.alpha)
    except UserInputError:  # e.g. a baseline so high that no effect of that size exists
        return None


def _allows(cap: float, used: float, evaluations: float) -> str:
    """How many task evaluations a cap pays for at this case's rate."""
    if not used or not evaluations:
        return ""
    return f"{math.floor(cap / (used / evaluations)):,} task evaluations"


def budget_warnings(config: ExperimentConfig, worst: Case, expected: Case | None) -> list[str]:
    """One line per `[budget]` cap the worst case exceeds, with what the cap allows."""
    budget, lines = config.budget, []
    total = worst.total
    money = [
        ("max_usd", budget.max_usd, total.total_usd),
        ("generator_usd", budget.generator_usd, total.usd["generator"]),
        ("optimizer_usd", budget.optimizer_usd, total.usd["optimizer"]),
    ]
    for name, cap, used in money:
        if cap is None:
            continue
        if used is None:
            lines.append(f"[budget] {name} ${cap:,.2f} cannot be checked: a model is unpriced")
        elif used > cap:
            expected_usd = expected.total.total_usd if expected is not None else None
            allows = _allows(cap, used, total.evaluations)
            if expected_usd is not None and expected.total.evaluations:
                rate = expected_usd / expected.total.evaluations
                allows += f" at worst, {math.floor(cap / rate):,} expected" if rate else ""
            lines.append(
                f"worst case ${used:,.2f} exceeds [budget] {name} ${cap:,.2f}: the search "
                f"pauses there; it allows {allows or 'no task evaluation'}"
            )
    optimizer = total.optimizer
    counts = [
        ("optimizer_calls", budget.optimizer_calls, optimizer.calls),
        ("optimizer_input_tokens", budget.optimizer_input_tokens, optimizer.input_tokens),
        ("optimizer_output_tokens", budget.optimizer_output_tokens, optimizer.output_tokens),
    ]
    attempts = total.attempts
    for name, cap, used in counts:
        if cap is not None and used > cap:
            allows = math.floor(cap / (used / attempts)) if used and attempts else 0
            lines.append(
                f"worst case {used:,.0f} exceeds [budget] {name} {cap:,}: the search "
                f"pauses or stops there; it allows {allows:,} of {attempts:,.0f} attempts"
            )
    wall = budget.max_wall_s
    if wall is not None and total.hours is not None and total.hours * 3600 > wall:
        lines.append(
            f"worst case {total.hours:,.1f} h exceeds [budget] max_wall_s "
            f"{wall:,.0f} s ({wall / 3600:,.1f} h)"
        )
    return lines
