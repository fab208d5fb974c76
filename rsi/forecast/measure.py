"""What a run measured: model usage per task evaluation and per proposal attempt, task wall
time, how often a round kept its child; and what its usage cost, priced per scope.

Read from the journal's fold (an evaluation's usage is kept without its trace) and, for
seconds, the run's trace files (timings never enter the journal).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from evaluators.llm import SCOPES, LlmSettings, Price, price_of
from rsi.config import ExperimentConfig
from rsi.journal import AbandonedUsage, SearchState, model_usage, op_file_name

TOKEN_KEYS = ("calls", "input_tokens", "output_tokens")
# The part of those no server reported: calls counted at their reservation (a timeout).
ESTIMATE_KEYS = ("estimated_calls", "estimated_input_tokens", "estimated_output_tokens")
# The part of input_tokens the provider read from / wrote to its prompt cache.
CACHE_KEYS = ("cache_read_input_tokens", "cache_write_input_tokens")
KEYS = (*TOKEN_KEYS, *ESTIMATE_KEYS, *CACHE_KEYS)


def _zero(value: float) -> bool:
    return value == 0


class Tokens(BaseModel):
    """Model calls and tokens (totals, or means when a forecast says so); `estimated_*` is
    the part of them no server reported, `cache_*` the part of the input tokens read from
    and written to the provider's prompt cache (each omitted when 0)."""

    model_config = ConfigDict(frozen=True)

    calls: float = 0.0
    input_tokens: float = 0.0
    output_tokens: float = 0.0
    estimated_calls: float = Field(default=0.0, exclude_if=_zero)
    estimated_input_tokens: float = Field(default=0.0, exclude_if=_zero)
    estimated_output_tokens: float = Field(default=0.0, exclude_if=_zero)
    cache_read_input_tokens: float = Field(default=0.0, exclude_if=_zero)
    cache_write_input_tokens: float = Field(default=0.0, exclude_if=_zero)

    def __add__(self, other: Tokens) -> Tokens:
        return Tokens(**{k: getattr(self, k) + getattr(other, k) for k in KEYS})

    def times(self, factor: float) -> Tokens:
        return Tokens(**{k: getattr(self, k) * factor for k in KEYS})

    def usd(self, price: Price | None) -> float | None:
        """Dollars at `price`, cache reads and writes at its cache rates."""
        if price is None:
            return None
        return price.usd(
            self.input_tokens,
            self.output_tokens,
            self.cache_read_input_tokens,
            self.cache_write_input_tokens,
        )

    def uncached_usd(self, price: Price | None) -> float | None:
        """Dollars had every input token been paid at the input rate (no prompt cache)."""
        return None if price is None else price.usd(self.input_tokens, self.output_tokens)


class Measured(BaseModel):
    """Per-unit usage a run measured; the expected case of a forecast scales these."""

    model_config = ConfigDict(frozen=True)

    run_dir: str
    config_hash: str | None
    evaluations: int  # task evaluations journaled
    per_task: Tokens  # mean generator usage of one task evaluation
    # The least and the most one evaluation used (each figure on its own); None: as per_task.
    per_task_low: Tokens | None = None
    per_task_high: Tokens | None = None
    task_seconds: float | None  # mean wall seconds of one evaluation (runner + judge)
    attempts: int  # proposal attempts journaled
    per_attempt: Tokens  # mean optimizer usage of one attempt (reflection included)
    rounds: int  # completed rounds
    keep_rate: float | None  # kept children per completed round
    attempts_per_round: float | None
    initial_dev_rar: float | None
    # The paid share of a child's screen (over the tasks the verdict read, which a run
    # knows with the switch on or off) and of a kept child's dev score (known only where
    # the run raced dev); None: nothing to measure it on.
    screen_share: float | None = None
    dev_share: float | None = None


class Spend(BaseModel):
    """A run's usage per scope (generator, optimizer), and dollars where the model is priced."""

    model_config = ConfigDict(frozen=True)

    tokens: dict[str, Tokens]
    usd: dict[str, float | None]  # None: the scope's model has no known price
    models: dict[str, str | None]  # None: no model in that scope (the scripted runner)
    prices: dict[str, Price | None] = {}
    # Generator usage of evaluations a model's health stop abandoned (never journaled),
    # included in `tokens["generator"]` and its dollars; see `abandoned_tokens`.
    abandoned: Tokens = Tokens()
    # Harness calls answered from memory (a question the task had answered): never billed.
    remembered_calls: int = 0

    @property
    def total_usd(self) -> float | None:
        """Dollars over every scope with a model; None if one of them is unpriced."""
        used = [self.usd[s] for s in SCOPES if self.models.get(s) is not None]
        if any(u is None for u in used):
            return None
        return float(sum(u for u in used if u is not None))

    def saved_usd(self, scope: str) -> float | None:
        """What the prompt cache saved `scope`: its tokens at the input rate less its bill."""
        price, tokens = self.prices.get(scope), self.tokens[scope]
        full, paid = tokens.uncached_usd(price), tokens.usd(price)
        return None if full is None or paid is None else full - paid

    @property
    def abandoned_usd(self) -> float | None:
        """Dollars of the abandoned evaluations' usage; None where the generator is unpriced."""
        return self.abandoned.usd(self.prices.get("generator"))

    def as_metrics(self) -> tuple[dict[str, str], dict[str, float]]:
        """(tags, metrics) for MLflow: usage per scope with a model, dollars where priced
        (`rsi.price.<scope>` is `unknown` where not), the total when every scope is."""
        tags: dict[str, str] = {}
        metrics: dict[str, float] = {}
        for scope, model in self.models.items():
            if model is None:
                continue
            tokens = self.tokens[scope]
            for key in (*TOKEN_KEYS, *CACHE_KEYS):
                metrics[f"{scope}_{key}"] = getattr(tokens, key)
            usd = self.usd[scope]
            if usd is None:
                tags[f"rsi.price.{scope}"] = "unknown"
            else:
                metrics[f"{scope}_usd"] = usd
                metrics[f"{scope}_cache_saved_usd"] = self.saved_usd(scope) or 0.0
            if scope == "generator":
                metrics["generator_remembered_calls"] = float(self.remembered_calls)
        if metrics and self.total_usd is not None:
            metrics["total_usd"] = self.total_usd
        return tags, metrics


def scope_prices(config: ExperimentConfig) -> dict[str, Price | None]:
    """Each scope's price; a scope without a model (the scripted runner) is free."""
    return prices_of(config.scope_llms())


def scope_models(config: ExperimentConfig) -> dict[str, str | None]:
    """The model string each scope calls, or None when that scope calls no model."""
    return models_of(config.scope_llms())


def prices_of(scopes: Mapping[str, LlmSettings | None]) -> dict[str, Price | None]:
    """`scope_prices` from each scope's model (`ExperimentConfig.scope_llms`)."""
    return {scope: None if llm is None else price_of(llm) for scope, llm in scopes.items()}


def models_of(scopes: Mapping[str, LlmSettings | None]) -> dict[str, str | None]:
    """`scope_models` from each scope's model (`ExperimentConfig.scope_llms`)."""
    return {scope: None if llm is None else llm.model for scope, llm in scopes.items()}


def used_tokens(state: SearchState) -> dict[str, Tokens]:
    """What each scope's model used in the journaled run (the generator's as totalled by
    the fold: no pass over the evaluations)."""
    usage = state.totals.usage
    generator = Tokens(**{k: float(usage.get(k, 0)) for k in KEYS})
    spent = {**state.optimizer, **state.optimizer_unreported, **state.optimizer_cached}
    optimizer = Tokens(**{k: float(v) for k, v in spent.items()})
    return {"generator": generator, "optimizer": optimizer}


def abandoned_tokens(state: SearchState) -> Tokens:
    """What the evaluations a health stop abandoned used, each op counted once (its latest
    halt) and only until a resumed search journals that op: its journaled usage then holds
    the replies it replayed from the run's cache, so nothing is counted twice."""
    latest: dict[str, AbandonedUsage] = {}
    for halt in state.halts:
        latest.update((a.op, a) for a in halt.abandoned)
    total = Tokens()
    for op, used in latest.items():
        if op not in state.evaluations:
            total += Tokens(**{k: float(getattr(used, k, 0)) for k in (*TOKEN_KEYS, *CACHE_KEYS)})
    return total


def remembered_calls(state: SearchState) -> int:
    """Harness calls answered from memory over the journaled evaluations."""
    return int(state.totals.usage.get("remembered_calls", 0))


def spend(state: SearchState, config: ExperimentConfig) -> Spend:
    """A run's usage and dollars per scope, priced from the config and litellm's map; the
    generator's includes what abandoned evaluations used (`Spend.abandoned`)."""
    return spend_of(state, config.scope_llms())


def spend_of(state: SearchState, scopes: Mapping[str, LlmSettings | None]) -> Spend:
    """`spend` from each scope's model (`ExperimentConfig.scope_llms`, `MoneyConfig`)."""
    tokens = used_tokens(state)
    abandoned = abandoned_tokens(state)
    tokens["generator"] += abandoned
    models = models_of(scopes)
    prices = prices_of(scopes)
    usd: dict[str, float | None] = {}
    for scope in SCOPES:
        usd[scope] = 0.0 if models[scope] is None else tokens[scope].usd(prices[scope])
    # The scripted runner's counts are simulated: nothing was called, nothing was paid.
    tokens = {s: t if models[s] is not None else Tokens() for s, t in tokens.items()}
    scripted = models["generator"] is None
    return Spend(
        tokens=tokens,
        usd=usd,
        models=models,
        prices=prices,
        abandoned=Tokens() if scripted else abandoned,
        remembered_calls=0 if scripted else remembered_calls(state),
    )


def _task_seconds(run_dir: Path, ops: list[str]) -> float | None:
    """Mean runner + judge seconds over the evaluations that have a trace file."""
    seconds = []
    for op in ops:
        path = run_dir / "traces" / op_file_name(op)
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        runner = float(record.get("trace", {}).get("usage", {}).get("seconds", 0.0))
        results = (record.get("judgement") or {}).get("results", [])
        seconds.append(runner + sum(float(r.get("duration_s", 0.0)) for r in results))
    return sum(seconds) / len(seconds) if seconds else None


def _spread(state: SearchState) -> tuple[Tokens | None, Tokens | None]:
    """The least and the most one journaled evaluation used, figure by figure."""
    rows = [model_usage(e) for e in state.evaluations.values()]
    if not rows:
        return None, None
    values = {k: [float(row.get(k, 0)) for row in rows] for k in (*TOKEN_KEYS, *CACHE_KEYS)}
    low = Tokens(**{k: min(v) for k, v in values.items()})
    return low, Tokens(**{k: max(v) for k, v in values.items()})


def race_shares(state: SearchState) -> tuple[float | None, float | None]:
    """The mean paid share of a screened child's minibatch and of a kept child's dev split
    under racing (rsi/screening/race.py), read off the run's screens and dev scores."""
    screens = []
    for r, screen in state.screens.items():
        started = state.rounds_started.get(r)
        if started is not None and started.tasks:
            read = screen.read if screen.read is not None else len(started.tasks)
            screens.append(read / len(started.tasks))
    screen_share = sum(screens) / len(screens) if screens else None
    # Only a run that raced (it journaled an early decision) says what a dev race pays.
    n = len(state.split.roles["dev"]) if state.split is not None else 0
    children = [c for c in state.candidates.values() if c.parent_id and c.dev_rar is not None]
    if not n or not children or not (state.devs_decided or state.screens_decided):
        return screen_share, None
    paid = [
        state.devs_decided[c.strategy_id].evaluated if c.strategy_id in state.devs_decided else n
        for c in children
    ]
    dev_share = sum(paid) / (n * len(paid))
    return screen_share, dev_share


def measure(run_dir: Path, state: SearchState, config_hash: str | None) -> Measured:
    """Per-unit usage of the journaled run at `run_dir` (state is its fold)."""
    tokens = used_tokens(state)
    low, high = _spread(state)
    n = len(state.evaluations)
    attempts = state.attempts
    rounds = state.completed_rounds
    kept = sum(1 for c in state.candidates.values() if c.parent_id is not None)
    initial = next(iter(state.candidates.values()), None)
    screen_share, dev_share = race_shares(state)
    return Measured(
        run_dir=str(run_dir),
        config_hash=config_hash,
        evaluations=n,
        per_task=tokens["generator"].times(1 / n) if n else Tokens(),
        per_task_low=low,
        per_task_high=high,
        task_seconds=_task_seconds(run_dir, list(state.evaluations)),
        attempts=attempts,
        per_attempt=tokens["optimizer"].times(1 / attempts) if attempts else Tokens(),
        rounds=rounds,
        keep_rate=kept / rounds if rounds else None,
        attempts_per_round=attempts / rounds if rounds else None,
        initial_dev_rar=initial.dev_rar if initial is not None else None,
        screen_share=screen_share,
        dev_share=dev_share,
    )
