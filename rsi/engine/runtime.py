"""Build the run's parts (tasks, sandbox, runner, proposer) from an experiment config."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from evaluators.harbor import build_pool
from evaluators.judging import JudgeSettings, RememberedJudgements, judge
from evaluators.llm import Charge, ResponseCache, UsageCaps, UsageMeter, preflight
from evaluators.runners import LatencyRunner, Runner, RunnerLimits, ScriptedRunner, latency_judge
from evaluators.sandbox import LocalSandbox, Sandbox, SlotLimitedSandbox, make_sandbox
from evaluators.tasks import HarborTask, TaskDirPools, TaskSet
from rsi.config import ExperimentConfig
from rsi.engine.evaluation import EvaluationServices
from rsi.proposers import OptunaProposer, PolicyProposer, Proposer
from search_space import Strategy, UserInputError, load_model

LLM_CACHE_DIR = "llm_cache"
WORKSPACES_DIR = "workspaces"  # the optimizer sessions' workspaces and session traces


def load_initial(config: ExperimentConfig) -> Strategy:
    return load_model(Strategy, config.experiment.initial_strategy)


def check_runner_available(config: ExperimentConfig, *, model_check: bool = True) -> None:
    """Refuse early, before any task is loaded or paid for, a runner that cannot work.

    An LLM runner's model must answer one minimal request with its key set (or its
    cassette must be present); `model_check=False` sends no request (`--skip-model-check`,
    and Dask workers, whose driver checked already).
    """
    if config.runner.kind in ("scripted", "latency"):
        return
    if config.runner.kind == "testhelix":
        assert config.llm is not None  # the config refuses testhelix without [llm]
        preflight(config.llm, check=model_check)
        return
    raise UserInputError(
        f"runner.kind: the {config.runner.kind!r} runner is not available yet; "
        "use 'scripted', 'testhelix' or 'latency'",
        source="config",
    )


def check_proposer_available(config: ExperimentConfig, *, model_check: bool = True) -> None:
    """Refuse early, before anything is journaled or reserved, an optimizer model that
    cannot answer (the one place its minimal request is sent; `build_proposer` trusts it)."""
    if "reflective" in config.proposers.stack:
        settings = config.optimizer_llm()
        assert settings is not None  # the config refuses a reflective stack without a model
        preflight(settings, check=model_check)


def build_runner(
    config: ExperimentConfig,
    tasks: TaskSet,
    sandbox: Sandbox,
    run_dir: Path,
    *,
    format_check: bool = True,
) -> Runner:
    """The configured runner; an LLM runner caches replies under `run_dir/llm_cache` and,
    with `format_check`, stops the search when the model ignores the reply format."""
    if config.runner.kind == "testhelix":
        # The harness imports dspy (a third of a second): only a TestHelix run needs it.
        from evaluators.runners import LlmTaskModels, TestHelixRunner

        assert config.llm is not None
        cache = ResponseCache(run_dir / LLM_CACHE_DIR)
        models = LlmTaskModels(config.llm, cache, format_check=format_check)
        return TestHelixRunner(sandbox, models, config.runner.testhelix)
    if config.runner.kind == "latency":
        return LatencyRunner(config.runner.latency, seed=config.experiment.seed)
    return ScriptedRunner(
        sandbox, TaskDirPools(tasks), config.runner.scripted, seed=config.experiment.seed
    )


def build_services(
    config: ExperimentConfig,
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
    tasks = tasks if tasks is not None else TaskSet.load(config.experiment.tasks)
    tasks = build_harbor_images(config, tasks)
    sandbox = make_sandbox(
        config.sandbox.backend,
        allow_reduced_isolation=config.sandbox.allow_reduced_isolation,
        image=config.sandbox.image,
    )
    check_sandbox_ready(sandbox)
    bounded = SlotLimitedSandbox(sandbox, slots or config.search.workers)
    return EvaluationServices(
        tasks=tasks,
        runner=build_runner(config, tasks, bounded, run_dir, format_check=format_check),
        sandbox=bounded,
        judge_settings=JudgeSettings(timeout_cap_s=config.sandbox.timeout_cap_s),
        limits=RunnerLimits(test_timeout_s=config.sandbox.timeout_cap_s),
        seed=config.experiment.seed,
        traces_dir=run_dir / "traces",
        # The latency runner draws its verdicts: its judge reads them, running nothing.
        judge=latency_judge if config.runner.kind == "latency" else judge,
        judge_executor=bounded.judge_executor,
        judgements=None if config.runner.kind == "latency" else RememberedJudgements(),
    )


def build_harbor_images(config: ExperimentConfig, tasks: TaskSet) -> TaskSet:
    """Build the pool's Harbor images that are missing (cached ones are reused).

    Runs before any paid call; a failed build is a `UserInputError` naming the task, the
    step and its log. Harbor targets are images, so they need the docker backend.
    """
    if not any(isinstance(task, HarborTask) for task in tasks.tasks):
        return tasks
    if config.sandbox.backend != "docker":
        raise UserInputError(
            "sandbox.backend: the pool holds Harbor tasks, whose targets are images; "
            'set backend = "docker"',
            source="config",
        )
    built, _records = build_pool(
        tasks,
        config.harbor.base_images,
        jobs=config.harbor.build_jobs,
        network=config.harbor.build_network,
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


def build_proposer(
    config: ExperimentConfig,
    run_dir: Path,
    *,
    pool_ids: tuple[str, ...] = (),
    used: Mapping[str, int] | None = None,
    charge: Charge | None = None,
) -> Proposer:
    """The configured proposer stack.

    A reflective stack gets its own `optimizer` meter, capped by `[budget] optimizer_*`
    minus what the journal says earlier processes of this run already used (`used`), with
    `charge` holding each call's dollars under the money caps (`rsi.engine.money`), and
    the run's reply cache, so a resumed search replays its sessions instead of paying.
    Its model is checked once, before, by `check_proposer_available`.
    """
    stack = config.proposers.stack
    if "reflective" not in stack:
        return PolicyProposer(stack, optuna_startup_trials=config.proposers.optuna_startup_trials)
    # dspy (a third of a second to import) only for a reflective stack.
    from rsi.proposers import ReflectiveProposer, ReflectiveStack, SessionSteps, SessionTimeouts

    settings = config.optimizer_llm()
    assert settings is not None  # the config refuses a reflective stack without a model
    spent = used or {}
    budget = config.budget
    unlimited = 10**12

    def left(cap: int | None, key: str) -> int:
        return unlimited if cap is None else max(0, cap - spent.get(key, 0))

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
        UsageMeter(caps, scope="optimizer", charge=charge),
        ResponseCache(run_dir / LLM_CACHE_DIR),
        timeouts=SessionTimeouts(timeouts.selection_s, timeouts.diagnosis_s, timeouts.reflection_s),
        steps=SessionSteps(
            section.selection_steps, section.diagnosis_steps, section.reflection_steps
        ),
        known_task_ids=pool_ids,
        workspaces=run_dir / WORKSPACES_DIR,
    )
    if "optuna" in stack:
        return ReflectiveStack(
            reflective, OptunaProposer(startup_trials=config.proposers.optuna_startup_trials)
        )
    return reflective
