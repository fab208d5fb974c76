"""The search's side of its parts: the initial strategy (from `[experiment]`) and the proposer
stack (from its `ProposerConfig`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from evaluators.llm import Charge, ResponseCache, UsageCaps, UsageMeter, preflight
from rsi.config import ExperimentSection, ProposerConfig
from rsi.execution import LLM_CACHE_DIR
from rsi.proposers import OptunaProposer, PolicyProposer, Proposer
from search_space import Strategy, UserInputError, load_model

WORKSPACES_DIR = "workspaces"  # the optimizer sessions' workspaces and session traces


def load_initial(experiment: ExperimentSection) -> Strategy:
    """The search's initial strategy, `[experiment] initial_strategy`."""
    return load_model(Strategy, experiment.initial_strategy)


def check_proposer_available(config: ProposerConfig, *, model_check: bool = True) -> None:
    """Refuse early, before anything is journaled or reserved, an optimizer model that
    cannot answer (the one place its minimal request is sent; `build_proposer` trusts it)."""
    if "reflective" in config.proposers.stack:
        assert config.llm is not None  # the config refuses a reflective stack without a model
        preflight(config.llm, check=model_check)


@dataclass(frozen=True)
class ProposerInputs:
    """What a proposer factory may use besides its `ProposerConfig`: the run directory (reply cache,
    session workspaces), the pool's task ids, what earlier processes of this run used of
    the optimizer budget, and the money caps' charge (`rsi.execution.optimizer_charge`)."""

    run_dir: Path
    pool_ids: tuple[str, ...] = ()
    used: Mapping[str, int] = field(default_factory=dict)
    charge: Charge | None = None


ProposerFactory = Callable[[ProposerConfig, ProposerInputs], Proposer]


def _policy(config: ProposerConfig, inputs: ProposerInputs) -> Proposer:
    """Heuristic, optuna and random, combined as the stack lists them (offline)."""
    return PolicyProposer(
        config.proposers.stack, optuna_startup_trials=config.proposers.optuna_startup_trials
    )


def _reflective(config: ProposerConfig, inputs: ProposerInputs) -> Proposer:
    """LLM sessions, with optuna beside them when the stack lists it.

    Its own `optimizer` meter is capped by `[budget] optimizer_*` minus what the journal
    says earlier processes of this run already used, with `charge` holding each call's
    dollars under the money caps, and the run's reply cache, so a resumed search replays
    its sessions instead of paying. Its model was checked by `check_proposer_available`.
    """
    # dspy (a third of a second to import) only for a reflective stack.
    from rsi.proposers import ReflectiveProposer, ReflectiveStack, SessionSteps, SessionTimeouts

    settings = config.llm
    assert settings is not None  # the config refuses a reflective stack without a model
    budget = config.budget
    unlimited = 10**12

    def left(cap: int | None, key: str) -> int:
        return unlimited if cap is None else max(0, cap - inputs.used.get(key, 0))

    caps = UsageCaps(
        calls=left(budget.optimizer_calls, "calls"),
        input_tokens=left(budget.optimizer_input_tokens, "input_tokens"),
        output_tokens=left(budget.optimizer_output_tokens, "output_tokens"),
        wall_s=float(unlimited),  # the search's wall budget is [budget] max_wall_s
        concurrent=settings.max_concurrent_calls,
    )
    timeouts, section = config.timeouts, config.proposers.reflective
    reflective = ReflectiveProposer(
        settings,
        UsageMeter(caps, scope="optimizer", charge=inputs.charge),
        ResponseCache(inputs.run_dir / LLM_CACHE_DIR),
        timeouts=SessionTimeouts(timeouts.selection_s, timeouts.diagnosis_s, timeouts.reflection_s),
        steps=SessionSteps(
            section.selection_steps, section.diagnosis_steps, section.reflection_steps
        ),
        known_task_ids=inputs.pool_ids,
        workspaces=inputs.run_dir / WORKSPACES_DIR,
    )
    if "optuna" in config.proposers.stack:
        return ReflectiveStack(
            reflective, OptunaProposer(startup_trials=config.proposers.optuna_startup_trials)
        )
    return reflective


# A stack's family -> its factory: "reflective" when the stack lists it (with "optuna" at
# most, `ProposersSection`), else "policy". A new family registers here.
PROPOSERS: Mapping[str, ProposerFactory] = {"policy": _policy, "reflective": _reflective}


def proposer_factory(family: str) -> ProposerFactory:
    """The registered factory of `family`; an unknown one is a one-line user error (exit 2)."""
    try:
        return PROPOSERS[family]
    except KeyError:
        raise UserInputError(
            f"proposers.stack: unknown proposer {family!r}; "
            f"use one of {', '.join(map(repr, PROPOSERS))}",
            source="config",
        ) from None


def stack_family(stack: Sequence[str]) -> str:
    """Which `PROPOSERS` entry builds `stack`."""
    return "reflective" if "reflective" in stack else "policy"


def build_proposer(
    config: ProposerConfig,
    run_dir: Path,
    *,
    pool_ids: tuple[str, ...] = (),
    used: Mapping[str, int] | None = None,
    charge: Charge | None = None,
) -> Proposer:
    """The configured proposer stack, from `PROPOSERS` (see `ProposerInputs`)."""
    inputs = ProposerInputs(run_dir, pool_ids, dict(used or {}), charge)
    return proposer_factory(stack_family(config.proposers.stack))(config, inputs)
