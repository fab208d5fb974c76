"""The config cut into what each part of a search reads (`ExperimentConfig`'s methods).

The engine's entries (`Engine`, `run_pilot`) take the whole config and cut it here, once;
everything below them takes its bundle or its `[section]`s:
- `ServicesConfig`: the evaluation services (`rsi.execution.build_services`, the runners'
  factories, the Dask pool and its workers, which rebuild the services from it);
- `ProposerConfig`: the proposer stack (`rsi.engine.stack`);
- `MoneyConfig`: the `[budget]` money caps and the model each scope pays for;
- `SplitConfig`: the run's split (`plan_split`) and what its errors name;
- `RoundsConfig`: the round protocol's parts (`rsi.engine.parts`).

Each is frozen, and pickles: a Dask worker receives its `ServicesConfig`.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import model_validator

from evaluators.llm import LlmSettings
from rsi.config.sections import (
    BudgetSection,
    ConfigSection,
    DataSection,
    HarborSection,
    ProposersSection,
    RunnerSection,
    SandboxSection,
    SearchSection,
    TimeoutsSection,
)
from search_space import SearchSpace


class ServicesConfig(ConfigSection):
    """What building a run's evaluation services reads: the task corpus, the seed, how
    many suites run at once (`[search] workers`), `[runner]`, `[sandbox]`, `[harbor]`
    and the runner's model (`[llm]`)."""

    tasks: Path
    seed: int
    workers: int
    runner: RunnerSection
    sandbox: SandboxSection
    harbor: HarborSection
    llm: LlmSettings | None = None

    @model_validator(mode="after")
    def _llm_runner_has_model(self) -> ServicesConfig:
        if self.runner.kind == "testhelix" and self.llm is None:
            raise ValueError("runner.kind testhelix needs an [llm] table (model, api_key_env)")
        return self


class ProposerConfig(ConfigSection):
    """What the proposer stack reads: `[proposers]`, the optimizer's model (`[llm]` with
    `[proposers.reflective]` over it; None unless the stack is reflective), the `[budget]`
    optimizer caps and the sessions' `[timeouts]`."""

    proposers: ProposersSection
    llm: LlmSettings | None = None
    budget: BudgetSection
    timeouts: TimeoutsSection


class MoneyConfig(ConfigSection):
    """What the money caps read: `[budget]` and the model each scope ("generator",
    "optimizer") calls and pays for, None for a scope that calls none (the scripted
    runner, a policy stack)."""

    budget: BudgetSection
    scopes: dict[str, LlmSettings | None]


class SplitConfig(ConfigSection):
    """What splitting the pool reads: `[data]`, and the corpus and config file its errors
    name."""

    data: DataSection
    pool: Path
    source: str


class RoundsConfig(ConfigSection):
    """What the round protocol's parts read (`rsi.engine.parts.build_parts`)."""

    search: SearchSection
    seed: int
    space: SearchSpace
    health_check_s: float  # `[timeouts] health_check_s`
    prefetching: bool  # `ExperimentConfig.prefetches`
    proposer: ProposerConfig
    money: MoneyConfig
