"""The bill with and without provider prompt caching (`rsi plan`, `rsi pilot`).

Caching changes the bill only: the same requests, the same caps, the same decisions. For
each scope, the share of its input tokens read from and written to the provider's cache:
- measured, where the run (a pilot) journaled cache reads or writes for that scope;
- else modelled (`prefix_shares`) where the provider caches (Anthropic with breakpoints
  marked, evaluators/llm/prompt_cache.py; OpenAI by itself, which charges no writes):
  a conversation of `turns` calls whose prompt grows by the same amount each turn,
  `growth` times the first prompt. Each turn reads the prompt the turn before it sent
  and writes the rest, so over the conversation the writes are its last prompt (the first
  prompt and every turn's growth, once) and the reads everything else. The agent pairs
  are conversations of `AGENT_TURNS` turns (Table 12's agentSteps, 10 to 16), the
  optimizer's sessions of their mean step count (`[proposers.reflective] *_steps`); the
  structured pairs' calls share no conversation and are modelled with no hit. Hits across
  turns of other conversations (the tools and the strategy, the same for every task of a
  strategy) are left out: the model errs towards the larger bill.
- a local endpoint, or a provider that caches nothing: no hit.
The worst case assumes no hit: every input token written (at the cache-write rate where
the provider charges one) and none read.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from evaluators.llm import SCOPES, LlmSettings, Price, marks_breakpoints
from rsi.config import ExperimentConfig
from rsi.forecast.measure import Measured, Tokens

AGENT_TURNS = 12
GROWTH = 1.0
AUTOMATIC_CACHING = ("openai",)  # providers that cache a repeated prefix by themselves


class CacheShare(BaseModel):
    """The share of a scope's input tokens read from and written to the prompt cache."""

    model_config = ConfigDict(frozen=True)

    read: float = 0.0
    write: float = 0.0
    source: Literal["measured", "model", "none"] = "none"


class CachedBill(BaseModel):
    """The forecast's dollars with caching beside those without (`Forecast.caching`)."""

    model_config = ConfigDict(frozen=True)

    shares: dict[str, CacheShare]
    worst_usd: float | None  # no hit: every input token written where writes are charged
    worst_uncached_usd: float | None
    expected_usd: float | None  # None: no expected case, or an unpriced scope
    expected_uncached_usd: float | None
    unpriced: dict[str, tuple[str, ...]]  # scope -> its cache rates without a price


def prefix_shares(turns: int, growth: float = GROWTH) -> tuple[float, float]:
    """(read, write) shares of the input of one conversation under the module's model."""
    if turns <= 1:
        return 0.0, 1.0
    first, total = 1.0, sum(1.0 + i * growth for i in range(turns))
    last = first + (turns - 1) * growth
    return (total - last) / total, last / total


def _settings(config: ExperimentConfig, scope: str) -> LlmSettings | None:
    return config.llm if scope == "generator" else config.optimizer_llm()


def _turns(config: ExperimentConfig, scope: str) -> int:
    if scope == "generator":
        agents = config.runner.kind == "testhelix" and config.runner.testhelix.pairs == "agent"
        return AGENT_TURNS if agents else 1
    reflective = config.proposers.reflective
    steps = (reflective.selection_steps, reflective.diagnosis_steps, reflective.reflection_steps)
    return round(sum(steps) / len(steps))


def _measured(tokens: Tokens) -> CacheShare | None:
    cached = tokens.cache_read_input_tokens + tokens.cache_write_input_tokens
    if not tokens.input_tokens or not cached:
        return None
    return CacheShare(
        read=tokens.cache_read_input_tokens / tokens.input_tokens,
        write=tokens.cache_write_input_tokens / tokens.input_tokens,
        source="measured",
    )


def cache_shares(config: ExperimentConfig, measured: Measured | None) -> dict[str, CacheShare]:
    """Each scope's cache shares: measured, else modelled, else none (module docstring)."""
    shares: dict[str, CacheShare] = {}
    for scope in SCOPES:
        settings = _settings(config, scope)
        unit = None
        if measured is not None:
            unit = measured.per_task if scope == "generator" else measured.per_attempt
        share = _measured(unit) if unit is not None else None
        if share is None and settings is not None:
            marked = marks_breakpoints(settings)
            automatic = settings.provider in AUTOMATIC_CACHING and settings.api_base is None
            if marked or automatic:
                read, write = prefix_shares(_turns(config, scope))
                share = CacheShare(read=read, write=write if marked else 0.0, source="model")
        shares[scope] = share or CacheShare()
    return shares


def _usd(tokens: Tokens, price: Price | None, share: CacheShare) -> float | None:
    if price is None:
        return None
    read, write = tokens.input_tokens * share.read, tokens.input_tokens * share.write
    return price.usd(tokens.input_tokens, tokens.output_tokens, read, write)


def _total(values: list[float | None]) -> float | None:
    return None if any(v is None for v in values) else float(sum(v or 0.0 for v in values))


def cached_bill(
    config: ExperimentConfig,
    measured: Measured | None,
    cases: dict[str, dict[str, Tokens]],
    prices: dict[str, Price | None],
    models: dict[str, str | None],
) -> CachedBill:
    """`cases`: the worst and (when there is one) expected case's usage per scope."""
    shares = cache_shares(config, measured)
    used = [s for s in SCOPES if models.get(s) is not None]
    none = CacheShare()

    def bill(case: str, cached: bool) -> float | None:
        if case not in cases:
            return None
        figures = []
        for scope in used:
            share = shares[scope] if cached else none
            if case == "worst" and cached:
                settings = _settings(config, scope)
                marked = settings is not None and marks_breakpoints(settings)
                share = CacheShare(write=1.0 if marked else 0.0)
            figures.append(_usd(cases[case][scope], prices.get(scope), share))
        return _total(figures)

    unpriced = {s: price.unpriced_rates() for s in used if (price := prices.get(s)) is not None}
    return CachedBill(
        shares=shares,
        worst_usd=bill("worst", True),
        worst_uncached_usd=bill("worst", False),
        expected_usd=bill("expected", True),
        expected_uncached_usd=bill("expected", False),
        unpriced={s: names for s, names in unpriced.items() if names},
    )
