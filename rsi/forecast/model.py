"""The bill of a search before it runs: a pure function of the config and a measurement.

Task evaluations per phase (DESIGN.md section 8):
- proposal: each completed round evaluates its parent and its child on a minibatch, so at
  most `2 x minibatch x rounds`, where rounds is the least of `[search] completed_rounds`,
  `max_attempts` and the minibatches the proposal split holds; the optimizer's sessions
  run once per attempt (at most `max_attempts`; selection and diagnosis) and per round
  (reflection);
- dev: the initial strategy once, then every kept child (worst: every round keeps);
- release: the champion and the initial strategy, only when some round kept its child (a
  search that kept nothing has nothing to release and skips the gate); at a keep rate k
  over r rounds that is 2 x release x (1 - (1 - k)^r) evaluations expected.
Evaluations already journaled in the run (a pilot's, a stopped search's) are never paid
again and are left out of every case.

Worst case: every task at its caps (`RunnerLimits`: 48 calls, 500k input and 100k output
tokens, 900 s or what its calls allow at the call concurrency, plus the judge's two runs at
the test timeout; agent pairs, `[runner.testhelix] pairs = "agent"`, run sandbox commands
between their calls, so their own cap is the 900 s wall whatever the calls allow); every
optimizer session priced by its steps (`rsi/forecast/sessions.py`): at its step cap, each
turn resending the conversation so far, each step a whole page read and a reply at the
turn's output limit, each turn tried twice, the opening prompt at the strategy's bounds.
Expected case: the measured means per task evaluation and per attempt, and the measured
keep rate. With no attempt measured (a pilot), an attempt is estimated: each session at
half its step cap, opening with a prompt the size of the reflective batch (`batch_chars`),
each step half a page read and a reply at the turn's limit. Its range:
low, no round keeps its child and every task costs what the cheapest measured one did
(an unmeasured optimizer writes nothing); high, every round keeps and every task costs
what the costliest did. Whether rounds keep cannot be measured before they run, and on a
small search it moves the bill by a third (a kept child adds its dev tasks and the gate).
With `[search] stop_when_decided` (rsi/screening/race.py) the expected case pays only a
share of each child's screen and of each kept child's dev score (measured in a run whose
races were journaled, else assumed); the worst case still pays every task, since a
decision may come at the last one.
Usage is what the provider billed: a question the harness answers from memory costs
nothing. Hours: a batch of n evaluations takes ceil(n / workers) task times; optimizer
sessions run one at a time between batches.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict

from evaluators.llm import SCOPES, Price
from evaluators.runners import RunnerLimits
from rsi.config import ExperimentConfig
from rsi.forecast.caching import CachedBill
from rsi.forecast.measure import Measured, Tokens, scope_models, scope_prices
from rsi.forecast.sessions import attempt_tokens
from rsi.release import PowerPlan

PHASES = ("proposal", "dev", "release")
# The opening prompt a session may reach beyond the batch: the strategy at its bounds
# (guidance, 20 lessons), the briefs, the history and the insights.
OPTIMIZER_PROMPT_EXTRA_CHARS = 40_000
DEFAULT_BASELINE_RATE = 0.48  # the gate's planning default when nothing is measured
DEFAULT_MIN_EFFECT = 0.10


class PhaseFigures(BaseModel):
    """One phase (or the total) of one case: evaluations, usage per scope, dollars, hours."""

    model_config = ConfigDict(frozen=True)

    phase: str
    evaluations: float
    attempts: float
    generator: Tokens
    optimizer: Tokens
    usd: dict[str, float | None]
    hours: float | None

    @property
    def tokens(self) -> Tokens:
        return self.generator + self.optimizer

    @property
    def total_usd(self) -> float | None:
        values = list(self.usd.values())
        return None if any(v is None for v in values) else float(sum(v or 0.0 for v in values))


CaseName = Literal["worst", "expected", "low", "high"]


class Case(BaseModel):
    """One case of the bill: its phases and their total."""

    model_config = ConfigDict(frozen=True)

    name: CaseName
    phases: tuple[PhaseFigures, ...]
    total: PhaseFigures


class Forecast(BaseModel):
    """`rsi plan`: both cases, where the expected case came from, prices, caps, power."""

    model_config = ConfigDict(frozen=True)

    experiment: str
    rounds: int
    max_attempts: int
    workers: int
    reused: dict[str, int]  # evaluations already journaled, per phase
    models: dict[str, str | None]
    prices: dict[str, Price | None]
    worst: Case
    expected: Case | None
    # The expected case's range over how many rounds keep their child: none (low), all (high).
    low: Case | None = None
    high: Case | None = None
    measured: Measured | None
    keep_rate: float | None
    keep_rate_measured: bool
    warnings: tuple[str, ...]
    power: PowerPlan | None
    # `[search] stop_when_decided`, and the paid shares of a child's screen and of a kept
    # child's dev score the expected case assumed (measured in a run that raced, else
    # ASSUMED_RACE_SHARES); the worst case pays every task either way.
    stop_when_decided: bool = False
    race_shares: tuple[float, float] = (1.0, 1.0)
    race_shares_measured: bool = False
    # The bill with and without provider prompt caching (rsi/forecast/caching.py).
    caching: CachedBill | None = None


def worst_task(config: ExperimentConfig) -> tuple[Tokens, float]:
    """A task evaluation at its caps, and its wall seconds at the call concurrency."""
    limits = RunnerLimits()
    tokens = Tokens(
        calls=limits.model_calls,
        input_tokens=limits.input_tokens,
        output_tokens=limits.output_tokens,
    )
    llm = config.llm
    runner_s = limits.wall_s
    agents = config.runner.kind == "testhelix" and config.runner.testhelix.pairs == "agent"
    if llm is not None and not agents:
        # Structured pairs wait on their calls; agent pairs also run sandbox commands
        # between calls (each up to the suite timeout), so only the wall cap bounds them.
        runner_s = min(runner_s, limits.model_calls * llm.call_timeout_s / llm.max_concurrent_calls)
    judge_s = 2 * min(limits.test_timeout_s, config.sandbox.timeout_cap_s)
    return tokens, runner_s + judge_s


def worst_attempt(config: ExperimentConfig) -> Tokens:
    """An attempt's optimizer usage at its limits: each session at its step cap, its input
    growing every turn (`rsi/forecast/sessions.py`)."""
    settings = config.optimizer_llm()
    if settings is None or "reflective" not in config.proposers.stack:
        return Tokens()
    opening = config.proposers.reflective.batch_chars + OPTIMIZER_PROMPT_EXTRA_CHARS
    return attempt_tokens(settings, _steps(config), opening, worst=True)


def estimated_attempt(config: ExperimentConfig, *, output: bool = True) -> Tokens:
    """An attempt's optimizer usage before any is measured: each session at half its step
    cap, opening with a prompt of the reflective batch's size, its input growing every turn
    (`rsi/forecast/sessions.py`); with `output` False it writes nothing (how much a model
    writes is unknown until it has written)."""
    settings = config.optimizer_llm()
    if settings is None or "reflective" not in config.proposers.stack:
        return Tokens()
    opening = config.proposers.reflective.batch_chars
    return attempt_tokens(settings, _steps(config), opening, worst=False, output=output)


def _steps(config: ExperimentConfig) -> dict[str, int]:
    reflective = config.proposers.reflective
    return {
        "selection": reflective.selection_steps,
        "diagnosis": reflective.diagnosis_steps,
        "reflection": reflective.reflection_steps,
    }


def max_rounds(config: ExperimentConfig) -> int:
    search, data = config.search, config.data
    batches = (data.proposal // search.minibatch) * search.epochs
    return min(search.completed_rounds, search.max_attempts, batches)


def _phase(
    config: ExperimentConfig,
    name: str,
    counts: tuple[float, float],
    units: tuple[Tokens, Tokens],
    seconds: tuple[float | None, float | None],
) -> PhaseFigures:
    """`counts` (evaluations, attempts) at `units` (per task, per attempt) usage;
    `seconds` (per task, per attempt). Hours wait for a task time."""
    evaluations, attempts = counts
    generator, optimizer = units[0].times(evaluations), units[1].times(attempts)
    prices = scope_prices(config)
    models = scope_models(config)
    usd = {
        scope: 0.0 if models[scope] is None else tokens.usd(prices[scope])
        for scope, tokens in zip(SCOPES, (generator, optimizer), strict=True)
    }
    if models["generator"] is None:
        generator = Tokens()
    task_s, attempt_s = seconds
    hours = None
    if task_s is not None:
        size = {"proposal": config.search.minibatch, "dev": config.data.dev}
        batch = size.get(name, 2 * config.data.release)
        batches = evaluations / batch if batch else 0
        waves = batches * math.ceil(batch / config.search.workers)
        hours = (waves * task_s + attempts * (attempt_s or 0.0)) / 3600
    return PhaseFigures(
        phase=name,
        evaluations=evaluations,
        attempts=attempts,
        generator=generator,
        optimizer=optimizer,
        usd=usd,
        hours=hours,
    )


def case_figures(
    config: ExperimentConfig,
    name: CaseName,
    plan: dict[str, tuple[float, float]],
    units: tuple[Tokens, Tokens],
    seconds: tuple[float | None, float | None],
) -> Case:
    phases = tuple(_phase(config, p, plan[p], units, seconds) for p in PHASES)
    usd: dict[str, float | None] = {}
    for scope in SCOPES:
        values = [p.usd[scope] for p in phases]
        usd[scope] = None if any(v is None for v in values) else sum(v or 0.0 for v in values)
    hours = [p.hours for p in phases]
    total = PhaseFigures(
        phase="total",
        evaluations=sum(p.evaluations for p in phases),
        attempts=sum(p.attempts for p in phases),
        generator=sum((p.generator for p in phases), Tokens()),
        optimizer=sum((p.optimizer for p in phases), Tokens()),
        usd=usd,
        hours=None if any(h is None for h in hours) else sum(h or 0.0 for h in hours),
    )
    return Case(name=name, phases=phases, total=total)


def evaluation_plan(
    config: ExperimentConfig,
    rounds: float,
    keep_rate: float,
    attempts: float,
    reused: dict[str, int],
    shares: tuple[float, float] = (1.0, 1.0),
) -> dict[str, tuple[float, float]]:
    """(task evaluations, attempts) per phase at `keep_rate` kept children per round, less
    what the run already journaled. `shares`: the part of a child's screen and of a kept
    child's dev score that is paid (`[search] stop_when_decided`; 1 when every task is)."""
    minibatch, dev, release = config.search.minibatch, config.data.dev, config.data.release
    screen, scored = shares
    kept = keep_rate * rounds
    # The gate runs only when some round kept its child: nothing kept, nothing to release.
    gated = 1.0 - (1.0 - keep_rate) ** rounds if rounds > 0 else 0.0
    proposal = minibatch * rounds * (1 + screen)  # the parent's whole batch, the child's share
    return {
        "proposal": (max(0.0, proposal - reused.get("proposal", 0)), attempts),
        "dev": (max(0.0, dev * (1 + kept * scored) - reused.get("dev", 0)), 0.0),
        "release": (max(0.0, 2 * release * gated - reused.get("release", 0)), 0.0),
    }
