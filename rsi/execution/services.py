"""Build a run's evaluation services (tasks, sandbox, runner, judge) from its `ServicesConfig`
(`ExperimentConfig.services_config`: the corpus, seed, workers, `[runner]`, `[sandbox]`,
`[harbor]` and `[llm]`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from evaluators.harbor import build_pool
from evaluators.judging import JudgeSettings, RememberedJudgements, judge
from evaluators.llm import ResponseCache, preflight
from evaluators.runners import LatencyRunner, Runner, RunnerLimits, ScriptedRunner, latency_judge
from evaluators.sandbox import LocalSandbox, Sandbox, SlotLimitedSandbox, make_sandbox
from evaluators.tasks import HarborTask, TaskDirPools, TaskSet
from rsi.config import HarborSection, SandboxSection, ServicesConfig
from rsi.execution.evaluation import EvaluationServices
from search_space import UserInputError

LLM_CACHE_DIR = "llm_cache"


class RunnerFactory(Protocol):
    """Builds one `[runner] kind`'s runner for a run (an entry of `RUNNERS`)."""

    def __call__(
        self,
        config: ServicesConfig,
        tasks: TaskSet,
        sandbox: Sandbox,
        run_dir: Path,
        *,
        format_check: bool,
    ) -> Runner: ...


def _testhelix(
    config: ServicesConfig, tasks: TaskSet, sandbox: Sandbox, run_dir: Path, *, format_check: bool
) -> Runner:
    """The TestHelix harness; its replies are cached under `run_dir/llm_cache` and, with
    `format_check`, a model that ignores the reply format stops the search."""
    # The harness imports dspy (a third of a second): only a TestHelix run needs it.
    from evaluators.runners import LlmTaskModels, TestHelixRunner

    assert config.llm is not None  # the config refuses testhelix without [llm]
    cache = ResponseCache(run_dir / LLM_CACHE_DIR)
    models = LlmTaskModels(config.llm, cache, format_check=format_check)
    return TestHelixRunner(sandbox, models, config.runner.testhelix)


def _latency(
    config: ServicesConfig, tasks: TaskSet, sandbox: Sandbox, run_dir: Path, *, format_check: bool
) -> Runner:
    return LatencyRunner(config.runner.latency, seed=config.seed)


def _scripted(
    config: ServicesConfig, tasks: TaskSet, sandbox: Sandbox, run_dir: Path, *, format_check: bool
) -> Runner:
    return ScriptedRunner(sandbox, TaskDirPools(tasks), config.runner.scripted, seed=config.seed)


# `[runner] kind` -> its factory. A new runner registers here and in `RunnerSection.kind`.
RUNNERS: Mapping[str, RunnerFactory] = {
    "scripted": _scripted,
    "testhelix": _testhelix,
    "latency": _latency,
}
# Runners whose model answers a minimal request before anything is paid (`preflight`).
_LLM_RUNNERS = frozenset({"testhelix"})


def runner_factory(kind: str) -> RunnerFactory:
    """The registered factory of `kind`; an unknown kind is a one-line user error (exit 2)."""
    try:
        return RUNNERS[kind]
    except KeyError:
        raise UserInputError(
            f"runner.kind: unknown runner {kind!r}; use one of {', '.join(map(repr, RUNNERS))}",
            source="config",
        ) from None


def check_runner_available(config: ServicesConfig, *, model_check: bool = True) -> None:
    """Refuse early, before any task is loaded or paid for, a runner that cannot work.

    An unknown kind is refused; an LLM runner's model must answer one minimal request with
    its key set (or its cassette must be present); `model_check=False` sends no request
    (`--skip-model-check`, and Dask workers, whose driver checked already).
    """
    runner_factory(config.runner.kind)
    if config.runner.kind in _LLM_RUNNERS:
        assert config.llm is not None  # the config refuses testhelix without [llm]
        preflight(config.llm, check=model_check)


def build_runner(
    config: ServicesConfig,
    tasks: TaskSet,
    sandbox: Sandbox,
    run_dir: Path,
    *,
    format_check: bool = True,
) -> Runner:
    """The configured runner, from `RUNNERS`."""
    factory = runner_factory(config.runner.kind)
    return factory(config, tasks, sandbox, run_dir, format_check=format_check)


def build_services(
    config: ServicesConfig,
    run_dir: Path,
    *,
    tasks: TaskSet | None = None,
    slots: int | None = None,
    model_check: bool = True,
    format_check: bool = True,
) -> EvaluationServices:
    """Everything an evaluation needs, checked: the runner's model, the sandbox's isolation.

    `tasks` replaces the config's pool (`rsi run-task` runs one task directory). At most
    `slots` suites run at once (default `[search] workers`), runner checks and judge runs
    alike; the judge runs an evaluation's targets concurrently within that bound.
    `model_check=False` skips the runner model's minimal request (see `preflight`).
    `format_check=False` (`rsi run-task`) reports a model that ignores the reply format
    in the trace instead of stopping.
    """
    check_runner_available(config, model_check=model_check)
    tasks = tasks if tasks is not None else TaskSet.load(config.tasks)
    tasks = build_harbor_images(tasks, config.sandbox, config.harbor)
    sandbox = make_sandbox(
        config.sandbox.backend,
        allow_reduced_isolation=config.sandbox.allow_reduced_isolation,
        image=config.sandbox.image,
    )
    check_sandbox_ready(sandbox)
    bounded = SlotLimitedSandbox(sandbox, slots or config.workers)
    return EvaluationServices(
        tasks=tasks,
        runner=build_runner(config, tasks, bounded, run_dir, format_check=format_check),
        sandbox=bounded,
        judge_settings=JudgeSettings(timeout_cap_s=config.sandbox.timeout_cap_s),
        limits=RunnerLimits(test_timeout_s=config.sandbox.timeout_cap_s),
        seed=config.seed,
        traces_dir=run_dir / "traces",
        # The latency runner draws its verdicts: its judge reads them, running nothing.
        judge=latency_judge if config.runner.kind == "latency" else judge,
        judge_executor=bounded.judge_executor,
        judgements=None if config.runner.kind == "latency" else RememberedJudgements(),
    )


def build_harbor_images(tasks: TaskSet, sandbox: SandboxSection, harbor: HarborSection) -> TaskSet:
    """Build the pool's Harbor images that are missing (cached ones are reused).

    Runs before any paid call; a failed build is a `UserInputError` naming the task, the
    step and its log. Harbor targets are images, so they need the docker backend.
    """
    if not any(isinstance(task, HarborTask) for task in tasks.tasks):
        return tasks
    if sandbox.backend != "docker":
        raise UserInputError(
            "sandbox.backend: the pool holds Harbor tasks, whose targets are images; "
            'set backend = "docker"',
            source="config",
        )
    built, _records = build_pool(
        tasks,
        harbor.base_images,
        jobs=harbor.build_jobs,
        network=harbor.build_network,
    )
    return built


def check_sandbox_ready(sandbox: Sandbox) -> None:
    """Refuse before any paid work when every run would be refused or fail to start.

    Without this, a machine lacking bubblewrap (or a Docker engine) runs a whole search on
    `error` outcomes, which look like a strategy that solves nothing.
    """
    if isinstance(sandbox, LocalSandbox) and sandbox.problem is not None:
        raise UserInputError(f"sandbox.backend: {sandbox.problem}", source="config")
    if sandbox.name == "docker":
        from evaluators.sandbox import DockerSandbox, DockerUnavailable

        assert isinstance(sandbox, DockerSandbox)
        try:
            sandbox.check_ready()
        except DockerUnavailable as error:
            raise UserInputError(f"sandbox.backend: {error}", source="config") from None
