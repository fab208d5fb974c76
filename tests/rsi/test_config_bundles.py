"""The config's bundles: frozen, built from the config's own sections, and a Dask worker's
`ServicesConfig` survives pickling."""

from __future__ import annotations

import pickle

import pytest
from pydantic import ValidationError

from rsi.config import ExperimentConfig, ServicesConfig, load_config
from rsi.forecast import scope_models, scope_prices, spend, spend_of
from rsi.journal import SearchState
from tests.support.cli_helpers import ROOT

QUICKSTART = ROOT / "experiments/quickstart.toml"  # scripted runner, policy stack
PAPER = ROOT / "experiments/testhelix_k3.toml"  # TestHelix runner, reflective stack


@pytest.fixture(scope="module")
def quick() -> ExperimentConfig:
    return load_config(QUICKSTART)


@pytest.fixture(scope="module")
def paper() -> ExperimentConfig:
    return load_config(PAPER)


def test_the_services_bundle_holds_what_building_services_reads(
    quick: ExperimentConfig, paper: ExperimentConfig
) -> None:
    services = paper.services_config()
    assert services.tasks == paper.experiment.tasks and services.seed == paper.experiment.seed
    assert services.workers == paper.search.workers == 4
    assert (services.runner, services.sandbox, services.harbor, services.llm) == (
        paper.runner,
        paper.sandbox,
        paper.harbor,
        paper.llm,
    )
    assert quick.services_config().runner.kind == "scripted"


def test_the_services_bundle_refuses_an_llm_runner_without_a_model(
    paper: ExperimentConfig,
) -> None:
    data = paper.services_config().model_dump() | {"llm": None}
    with pytest.raises(ValidationError, match="testhelix needs an \\[llm\\]"):
        ServicesConfig.model_validate(data)


def test_the_proposer_bundle_holds_the_optimizer_model_only_for_a_reflective_stack(
    quick: ExperimentConfig, paper: ExperimentConfig
) -> None:
    proposer = paper.proposer_config()
    assert proposer.llm == paper.optimizer_llm() and proposer.llm is not None
    assert (proposer.proposers, proposer.budget, proposer.timeouts) == (
        paper.proposers,
        paper.budget,
        paper.timeouts,
    )
    assert quick.proposer_config().llm is None  # heuristic + optuna call no model


def test_the_money_bundle_names_the_model_each_scope_pays_for(
    quick: ExperimentConfig, paper: ExperimentConfig
) -> None:
    assert quick.money_config().scopes == {"generator": None, "optimizer": None}
    money = paper.money_config()
    assert money.budget == paper.budget
    assert money.scopes == {"generator": paper.llm, "optimizer": paper.optimizer_llm()}
    # The forecast prices the same models from either.
    optimizer = money.scopes["optimizer"]
    assert paper.llm is not None and optimizer is not None
    assert scope_models(paper) == {"generator": paper.llm.model, "optimizer": optimizer.model}
    assert scope_prices(paper)["generator"] is not None
    state = SearchState()
    assert spend_of(state, money.scopes) == spend(state, paper)


def test_the_split_and_rounds_bundles_hold_their_sections(quick: ExperimentConfig) -> None:
    split = quick.split_config()
    assert (split.data, split.pool, split.source) == (
        quick.data,
        quick.experiment.tasks,
        str(QUICKSTART),
    )
    rounds = quick.rounds_config()
    assert (rounds.search, rounds.seed, rounds.space) == (
        quick.search,
        quick.experiment.seed,
        quick.search_space,
    )
    assert rounds.health_check_s == quick.timeouts.health_check_s
    assert rounds.prefetching is quick.prefetches()
    assert rounds.proposer == quick.proposer_config() and rounds.money == quick.money_config()


def test_every_bundle_is_frozen(quick: ExperimentConfig) -> None:
    bundles = [
        (quick.services_config(), "workers", 9),
        (quick.proposer_config(), "llm", None),
        (quick.money_config(), "scopes", {}),
        (quick.split_config(), "source", "elsewhere"),
        (quick.rounds_config(), "seed", 7),
    ]
    for bundle, field, value in bundles:
        with pytest.raises(ValidationError, match="frozen"):
            setattr(bundle, field, value)


def test_a_worker_receives_the_services_bundle_whole(paper: ExperimentConfig) -> None:
    """The Dask pool ships the bundle pickled; the worker rebuilds its services from it."""
    services = paper.services_config()
    assert pickle.loads(pickle.dumps(services)) == services
