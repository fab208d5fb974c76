"""The sections of an experiment config (`[experiment]`, `[data]`, ... `[release]`): frozen
pydantic models that refuse unknown keys. `rsi.config.ExperimentConfig` assembles them."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from evaluators.runners import HarnessSettings, LatencySettings, ScriptedSettings


class ConfigSection(BaseModel):
    """A config table: frozen, and an unknown key is an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class ExperimentSection(ConfigSection):
    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    seed: int = 42
    tasks: Path
    initial_strategy: Path
    runs_dir: Path = Path("runs")


class DataSection(ConfigSection):
    """Data-role sizes (disjoint), drawn from the task pool with `seed`."""

    proposal: int = Field(ge=1)
    dev: int = Field(ge=1)
    release: int = Field(ge=1)
    test: int = Field(default=0, ge=0)
    seed: int = 42


class SearchSection(ConfigSection):
    minibatch: int = Field(ge=1)
    completed_rounds: int = Field(ge=0)
    max_attempts: int = Field(ge=1)
    epochs: int = Field(default=1, ge=1)
    # Slots: threads here, or at least this many evaluations in flight on a cluster, whose
    # hundreds of slots may wait on remote sandboxes or model calls (executor_scaling.py).
    workers: int = Field(default=2, ge=1, le=4096)
    parent_selection: Literal["best-dev", "latest"] = "best-dev"
    # The screen's rule (rsi.screening.rules): ours, or the anchors' for ablations.
    acceptance: Literal["strict-no-regression", "strict-sum", "strict-mean"] = (
        "strict-no-regression"
    )
    # Run ahead, in slots that would idle, the batches the search is sure to ask for later
    # (rsi.execution.prefetch). "auto": only with the scripted runner, where work a search
    # never asks for (it stopped early) costs nothing but CPU; elsewhere it is paid calls.
    prefetch: Literal["auto", "on", "off"] = "auto"
    # Stop a child's screen, and a kept child's dev score, once the decision they feed can
    # no longer change (rsi.screening.race): the same decisions for fewer paid evaluations.
    # Off, every task is evaluated (the paper's protocol).
    stop_when_decided: bool = True
    # Evaluations a race runs together before it reads its decision again (more when no
    # decision can come sooner). Not tied to `workers`, so the journal is the same at any
    # worker count; at least the slots keeps them busy, at up to `race_wave - 1` evaluations
    # paid past a decision. Proposers are shown the tasks a race read, so unlike the switch
    # it is part of the config's fingerprint.
    race_wave: int = Field(default=2, ge=1)


class ProposersSection(ConfigSection):
    """Which proposers the field-selection policy combines, and their settings."""

    stack: tuple[Literal["heuristic", "optuna", "random", "reflective"], ...] = (
        "heuristic",
        "optuna",
    )
    optuna_startup_trials: int = Field(default=4, ge=0)
    reflective: ReflectiveSection = Field(default_factory=lambda: ReflectiveSection())

    @model_validator(mode="after")
    def _stack_is_supported(self) -> ProposersSection:
        if "reflective" in self.stack and set(self.stack) - {"reflective", "optuna"}:
            raise ValueError(
                'stack: "reflective" combines only with "optuna" (["reflective", "optuna"])'
            )
        return self


class ReflectiveSection(ConfigSection):
    """`[proposers.reflective]`: the optimizer's model when it differs from `[llm]`."""

    model: str | None = None
    api_base: str | None = None
    api_key_env: str | None = None
    # What the forecast assumes a session reads (sessions read their workspace with tools).
    batch_chars: int = Field(default=12_000, ge=1_000)
    # Who chooses each round's parent: session 0 ("optimizer"), or [search] parent_selection.
    parent: Literal["optimizer", "rule"] = "optimizer"
    # Tool calls per session; each session also stops at its [timeouts] time.
    selection_steps: int = Field(default=12, ge=1)
    diagnosis_steps: int = Field(default=40, ge=1)
    reflection_steps: int = Field(default=16, ge=1)
    # US dollars per million tokens of this model (see [llm]); a model named here does not
    # inherit [llm]'s prices, which are for [llm]'s model.
    price_per_mtok_in: float | None = Field(default=None, ge=0)
    price_per_mtok_out: float | None = Field(default=None, ge=0)
    price_per_mtok_cached_in: float | None = Field(default=None, ge=0)
    price_per_mtok_cache_write: float | None = Field(default=None, ge=0)


class RunnerSection(ConfigSection):
    """`[runner]`; `[runner.testhelix]` sets the harness configuration (paper D.4),
    `[runner.scripted]` the scripted author's noise, `[runner.latency]` the load-test
    runner's waits (evaluators/runners/latency.py)."""

    kind: Literal["scripted", "testhelix", "latency"] = "scripted"
    testhelix: HarnessSettings = Field(default_factory=HarnessSettings)
    scripted: ScriptedSettings = Field(default_factory=ScriptedSettings)
    latency: LatencySettings = Field(default_factory=LatencySettings)


class SandboxSection(ConfigSection):
    backend: Literal["local", "docker"] = "local"
    allow_reduced_isolation: bool = False
    image: str | None = None
    timeout_cap_s: float = Field(default=180.0, gt=0)


class HarborSection(ConfigSection):
    """`[harbor]`: how Harbor tasks' images are built (evaluators.harbor).

    `base_images` maps a Dockerfile `FROM` reference to a local image, for machines that
    cannot pull; `build_network` is "none" (offline builds, the default) or "default"
    (the engine's network, for Dockerfiles that download); `build_jobs` builds that many
    tasks at once.
    """

    base_images: dict[str, str] = Field(default_factory=dict)
    build_network: Literal["none", "default"] = "none"
    build_jobs: int = Field(default=2, ge=1)


class BudgetSection(ConfigSection):
    """Caps a resume may raise; `None` means unlimited.

    `max_wall_s` ends the search (this process's wall time, then freeze and gate). The
    `optimizer_*` caps meter the reflective proposer's model apart from the harness's and
    pause the search when reached: raise them and resume, or `rsi resume --finish`.
    """

    max_wall_s: float | None = Field(default=None, gt=0)
    optimizer_calls: int | None = Field(default=None, ge=0)
    optimizer_input_tokens: int | None = Field(default=None, ge=0)
    optimizer_output_tokens: int | None = Field(default=None, ge=0)
    # Money (US dollars at the models' prices, rsi.forecast), generator and optimizer
    # together and per scope: a search pauses before a task or call whose reservation
    # would cross one, like the optimizer_* caps; `rsi resume` with more continues.
    max_usd: float | None = Field(default=None, ge=0)
    generator_usd: float | None = Field(default=None, ge=0)
    optimizer_usd: float | None = Field(default=None, ge=0)

    def money_capped(self) -> bool:
        return any(c is not None for c in (self.max_usd, self.generator_usd, self.optimizer_usd))


class TimeoutsSection(ConfigSection):
    selection_s: float = Field(default=300.0, gt=0)
    diagnosis_s: float = Field(default=1800.0, gt=0)
    reflection_s: float = Field(default=600.0, gt=0)
    health_check_s: float = Field(default=60.0, gt=0)


class ExecutorSection(ConfigSection):
    """`[executor]`: where evaluations run. Not part of the fingerprint (resume anywhere)."""

    kind: Literal["threads", "dask"] = "threads"
    # "local": a LocalCluster of `[search] workers` processes; else a scheduler address.
    address: str = Field(default="local", pattern=r"^(local|[a-z]+://\S+)$")
    # How long a Dask cluster may have no worker before the search stops as on SIGTERM.
    lost_after_s: float = Field(default=60.0, gt=0)


class MlflowSection(ConfigSection):
    enabled: bool = True
    tracking_uri: str | None = None  # default: sqlite file beside the runs


class ReleaseSection(ConfigSection):
    alpha: float = Field(default=0.05, gt=0, lt=1)
    seed: int = 42
    resamples: int = Field(default=10000, ge=100)
    # "none" promotes the dev argmax without a statistical test, as the anchors do (ablation).
    gate: Literal["mcnemar", "none"] = "mcnemar"
    # The smallest gain (in RAR) worth detecting: the search journals the gate's power at it.
    min_effect: float = Field(default=0.10, gt=0, lt=1)
    # Refuse, before any paid work, a search whose gate has less power than this at min_effect.
    require_power: float | None = Field(default=None, gt=0, lt=1)
    # The gate decides only when at most this share of either strategy's release evaluations
    # are infrastructure errors (sandbox or model); otherwise the search stops undecided.
    max_error_share: float = Field(default=0.1, ge=0, lt=1)
