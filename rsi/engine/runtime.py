"""Build the run's parts (tasks, sandbox, runner, proposer) from an experiment config."""

from __future__ import annotations

from pathlib import Path

from evaluators.judge import JudgeSettings
from evaluators.llm import ResponseCache, preflight
from evaluators.runners.base import Runner, RunnerLimits
from evaluators.runners.scripted import ScriptedRunner, TaskDirPools
from evaluators.runners.testhelix import LlmTaskModels, TestHelixRunner
from evaluators.sandbox import LocalSandbox, make_sandbox
from evaluators.sandbox.base import Sandbox
from evaluators.tasks import TaskSet
from rsi.config import ExperimentConfig
from rsi.engine.evaluation import EvaluationServices
from rsi.proposers import PolicyProposer, Proposer
from search_space import Strategy
from search_space.errors import UserInputError
from search_space.io import load_model

LLM_CACHE_DIR = "llm_cache"


def load_initial(config: ExperimentConfig) -> Strategy:
    return load_model(Strategy, config.experiment.initial_strategy)


def check_runner_available(config: ExperimentConfig) -> None:
    """Refuse early, before any task is loaded or paid for, a runner that cannot work.

    An LLM runner's model must be reachable with its key set (or its cassette present).
    """
    if config.runner.kind == "scripted":
        return
    if config.runner.kind == "testhelix":
        assert config.llm is not None  # the config refuses testhelix without [llm]
        preflight(config.llm)
        return
    raise UserInputError(
        f"runner.kind: the {config.runner.kind!r} runner is not available yet; "
        "use 'scripted' or 'testhelix'",
        source="config",
    )


def build_runner(
    config: ExperimentConfig, tasks: TaskSet, sandbox: Sandbox, run_dir: Path
) -> Runner:
    """The configured runner; an LLM runner caches replies under `run_dir/llm_cache`."""
    check_runner_available(config)
    if config.runner.kind == "testhelix":
        assert config.llm is not None
        models = LlmTaskModels(config.llm, ResponseCache(run_dir / LLM_CACHE_DIR))
        return TestHelixRunner(sandbox, models, config.runner.testhelix)
    return ScriptedRunner(sandbox, TaskDirPools(tasks))


def build_services(
    config: ExperimentConfig, run_dir: Path, *, tasks: TaskSet | None = None
) -> EvaluationServices:
    """Everything an evaluation needs, checked: the runner's model, the sandbox's isolation.

    `tasks` replaces the config's pool (`rsi run-task` runs one task directory).
    """
    check_runner_available(config)
    tasks = tasks if tasks is not None else TaskSet.load(config.experiment.tasks)
    sandbox = make_sandbox(
        config.sandbox.backend,
        allow_reduced_isolation=config.sandbox.allow_reduced_isolation,
        image=config.sandbox.image,
    )
    check_sandbox_ready(sandbox)
    return EvaluationServices(
        tasks=tasks,
        runner=build_runner(config, tasks, sandbox, run_dir),
        sandbox=sandbox,
        judge_settings=JudgeSettings(timeout_cap_s=config.sandbox.timeout_cap_s),
        limits=RunnerLimits(test_timeout_s=config.sandbox.timeout_cap_s),
        seed=config.experiment.seed,
        traces_dir=run_dir / "traces",
    )


def check_sandbox_ready(sandbox: Sandbox) -> None:
    """Refuse before any paid work when every run would be refused or fail to start.

    Without this, a machine lacking bubblewrap (or a Docker engine) runs a whole search on
    `error` outcomes, which look like a strategy that solves nothing.
    """
    if isinstance(sandbox, LocalSandbox) and sandbox.problem is not None:
        raise UserInputError(f"sandbox.backend: {sandbox.problem}", source="config")
    if sandbox.name == "docker":
        from evaluators.sandbox.docker_backend import DockerSandbox, DockerUnavailable

        assert isinstance(sandbox, DockerSandbox)
        try:
            client = sandbox.client()
            try:
                sandbox.check_image(client, sandbox.image)
            finally:
                client.close()
        except DockerUnavailable as error:
            raise UserInputError(f"sandbox.backend: {error}", source="config") from None


def build_proposer(config: ExperimentConfig) -> Proposer:
    if "reflective" in config.proposers.stack:
        raise UserInputError(
            "proposers.stack: the reflective (LLM) proposer is not available yet", source="config"
        )
    return PolicyProposer(
        config.proposers.stack, optuna_startup_trials=config.proposers.optuna_startup_trials
    )
