"""The parts one run of a search builds once its journal and evaluation pool are open.

`Engine.run()` builds them in one place, `build_parts`, as one frozen `SearchParts`: the
schedule, the proposer stack, the evaluator on the pool, and the round's steps. Each part
is handed the journal's `record`, the search state and the config sections it reads (from
the run's `RoundsConfig`); none outlives the run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rsi.config import RoundsConfig
from rsi.engine.parent_step import ParentStep
from rsi.engine.proposal_step import ProposalStep
from rsi.engine.reflection_step import ReflectionStep
from rsi.engine.schedule import Schedule
from rsi.engine.screen_step import ScreenStep
from rsi.engine.stack import build_proposer
from rsi.engine.stopping import StopFlag
from rsi.execution import (
    EvaluationPool,
    EvaluationServices,
    Evaluator,
    TrajectoryStore,
    generator_charge,
    money_ledger,
    optimizer_charge,
)
from rsi.journal import Journal, Record, SearchState
from rsi.proposers import Proposer
from rsi.screening import AcceptanceRule, Racing
from search_space import ProseGuard


@dataclass(frozen=True)
class SearchParts:
    """Everything a running search calls, built together by `build_parts`."""

    journal: Journal
    schedule: Schedule  # minibatches, the rule's parents, stop conditions
    parent: ParentStep  # each round's parent: the rule, or session 0
    proposer: Proposer
    evaluator: Evaluator  # paid evaluations on the run's pool, cached by op
    proposal: ProposalStep  # one proposal attempt
    screen: ScreenStep  # keeping candidates, screening a child, closing a round


@dataclass(frozen=True)
class PartsInputs:
    """What `build_parts` builds from: the engine's settings and the run's open resources."""

    config: RoundsConfig
    run_dir: Path
    services: EvaluationServices
    state: SearchState
    journal: Journal
    record: Record
    guard: ProseGuard
    acceptance: AcceptanceRule
    proposer: Proposer | None  # None: the configured stack (`build_proposer`)


def build_parts(
    inputs: PartsInputs, pool: EvaluationPool, in_flight: int, stop: StopFlag
) -> SearchParts:
    """The run's parts; the proposer and evaluator share the run's `[budget]` money caps."""
    config, state, record = inputs.config, inputs.state, inputs.record
    services = inputs.services
    ledger = money_ledger(config.money, state)
    proposer = inputs.proposer or build_proposer(
        config.proposer,
        inputs.run_dir,
        pool_ids=services.tasks.ids,
        used=state.optimizer,
        charge=optimizer_charge(config.money, ledger),
    )
    evaluator = Evaluator(
        services,
        inputs.journal,
        record,
        pool,
        max_in_flight=in_flight,
        should_stop=stop,
        prefetching=config.prefetching,
        money=generator_charge(config.money, ledger),
    )
    seed = config.seed
    proposal = ProposalStep(
        state=state,
        record=record,
        proposer=proposer,
        tasks=services.tasks,
        space=config.space,
        guard=inputs.guard,
        seed=seed,
        health_check=services.runner.health_check,
        health_timeout_s=config.health_check_s,
        trajectories=TrajectoryStore(services.traces_dir),
    )
    reflection = ReflectionStep(
        state=state,
        record=record,
        proposer=proposer,
        tasks=services.tasks,
        space=config.space,
        seed=seed,
        trajectories=TrajectoryStore(services.traces_dir),
    )
    racing = Racing(stop=config.search.stop_when_decided, wave=config.search.race_wave)
    screen = ScreenStep(state, record, evaluator, inputs.acceptance, reflection, racing)
    schedule = Schedule(config.search, config.seed, state)
    return SearchParts(
        journal=inputs.journal,
        schedule=schedule,
        parent=_parent_step(inputs, proposer, schedule),
        proposer=proposer,
        evaluator=evaluator,
        proposal=proposal,
        screen=screen,
    )


def _parent_step(inputs: PartsInputs, proposer: Proposer, schedule: Schedule) -> ParentStep:
    config = inputs.config
    return ParentStep(
        state=inputs.state,
        record=inputs.record,
        proposer=proposer,
        schedule=schedule,
        space=config.space,
        seed=config.seed,
        by_optimizer=config.proposer.proposers.reflective.parent == "optimizer",
        # An LLM runner says when its model's health stopped (evaluators.llm.health).
        health=getattr(inputs.services.runner, "health_stop", lambda: None),
    )
