"""Experiment configuration: a TOML file into a frozen, fully resolved `ExperimentConfig`.

Relative paths are resolved against the config file's directory. Unknown keys and bad
values raise `UserInputError` naming the file, the key and the reason.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from evaluators.llm import LlmSettings, price_of
from evaluators.runners import HarnessSettings, LatencySettings, ScriptedSettings
from search_space import SearchSpace, UserInputError, content_id

CONFIG_FILE = "config.json"  # the resolved config inside a run directory, written once

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


# Keys that were removed, and what replaced each (`_refuse_removed_keys`).
REMOVED_KEYS: dict[tuple[str, str], str] = {
    ("runner", "model"): "set the harness's model in [llm] model",
    ("runner", "command"): "the command runner never ran; use runner.kind scripted or testhelix",
    ("proposers", "reflective_model"): "set [proposers.reflective] model",
    ("budget", "max_optimizer_calls"): (
        "it counted proposal attempts, as [search] max_attempts does; set that "
        "([budget] optimizer_calls caps the optimizer model's calls)"
    ),
    ("budget", "max_tokens"): (
        "set [budget] optimizer_input_tokens and optimizer_output_tokens (reaching one "
        "pauses the search; rsi resume --finish ends it)"
    ),
}


class _Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ExperimentSection(_Section):
    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    seed: int = 42
    tasks: Path
    initial_strategy: Path
    runs_dir: Path = Path("runs")


class DataSection(_Section):
    """Data-role sizes (disjoint), drawn from the task pool with `seed`."""

    proposal: int = Field(ge=1)
    dev: int = Field(ge=1)
    release: int = Field(ge=1)
    test: int = Field(default=0, ge=0)
    seed: int = 42


class SearchSection(_Section):
    minibatch: int = Field(ge=1)
    completed_rounds: int = Field(ge=0)
    max_attempts: int = Field(ge=1)
    epochs: int = Field(default=1, ge=1)
    # Slots: threads here, or at least this many evaluations in flight on a cluster, whose
    # hundreds of slots may wait on remote sandboxes or model calls (executor_scaling.py).
    workers: int = Field(default=2, ge=1, le=4096)
    parent_selection: Literal["best-dev", "latest"] = "best-dev"
    # The screen's rule (rsi.engine.screening): ours, or the anchors' for ablations.
    acceptance: Literal["strict-no-regression", "strict-sum", "strict-mean"] = (
        "strict-no-regression"
    )
    # Run ahead, in slots that would idle, the batches the search is sure to ask for later
    # (rsi.engine.prefetch). "auto": only with the scripted runner, where work a search
    # never asks for (it stopped early) costs nothing but CPU; elsewhere it is paid calls.
    prefetch: Literal["auto", "on", "off"] = "auto"


class ProposersSection(_Section):
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


class ReflectiveSection(_Section):
    """`[proposers.reflective]`: the optimizer's model when it differs from `[llm]`."""

    model: str | None = None
    api_base: str | None = None
    api_key_env: str | None = None
    batch_chars: int = Field(default=12_000, ge=1_000)
    # US dollars per million tokens of this model (see [llm]); a model named here does not
    # inherit [llm]'s prices, which are for [llm]'s model.
    price_per_mtok_in: float | None = Field(default=None, ge=0)
    price_per_mtok_out: float | None = Field(default=None, ge=0)


class RunnerSection(_Section):
    """`[runner]`; `[runner.testhelix]` sets the harness configuration (paper D.4),
    `[runner.scripted]` the scripted author's noise, `[runner.latency]` the load-test
    runner's waits (evaluators/runners/latency.py)."""

    kind: Literal["scripted", "testhelix", "latency"] = "scripted"
    testhelix: HarnessSettings = Field(default_factory=HarnessSettings)
    scripted: ScriptedSettings = Field(default_factory=ScriptedSettings)
    latency: LatencySettings = Field(default_factory=LatencySettings)


class SandboxSection(_Section):
    backend: Literal["local", "docker"] = "local"
    allow_reduced_isolation: bool = False
    image: str | None = None
    timeout_cap_s: float = Field(default=180.0, gt=0)


class HarborSection(_Section):
    """`[harbor]`: how Harbor tasks' images are built (evaluators.harbor).

    `base_images` maps a Dockerfile `FROM` reference to a local image, for machines that
    cannot pull; `build_network` is "none" (offline builds, the default) or "default"
    (the engine's network, for Dockerfiles that download); `build_jobs` builds that many
    tasks at once.
    """

    base_images: dict[str, str] = Field(default_factory=dict)
    build_network: Literal["none", "default"] = "none"
    build_jobs: int = Field(default=2, ge=1)


class BudgetSection(_Section):
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


class TimeoutsSection(_Section):
    selection_s: float = Field(default=300.0, gt=0)
    diagnosis_s: float = Field(default=1800.0, gt=0)
    reflection_s: float = Field(default=600.0, gt=0)
    health_check_s: float = Field(default=60.0, gt=0)


class ExecutorSection(_Section):
    """`[executor]`: where evaluations run. Not part of the fingerprint (resume anywhere)."""

    kind: Literal["threads", "dask"] = "threads"
    # "local": a LocalCluster of `[search] workers` processes; else a scheduler address.
    address: str = Field(default="local", pattern=r"^(local|[a-z]+://\S+)$")
    # How long a Dask cluster may have no worker before the search stops as on SIGTERM.
    lost_after_s: float = Field(default=60.0, gt=0)


class MlflowSection(_Section):
    enabled: bool = True
    tracking_uri: str | None = None  # default: sqlite file beside the runs


class ReleaseSection(_Section):
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


class ExperimentConfig(_Section):
    experiment: ExperimentSection
    data: DataSection
    search: SearchSection
    search_space: SearchSpace = Field(default_factory=SearchSpace)
    proposers: ProposersSection = Field(default_factory=ProposersSection)
    runner: RunnerSection = Field(default_factory=RunnerSection)
    sandbox: SandboxSection = Field(default_factory=SandboxSection)
    harbor: HarborSection = Field(default_factory=HarborSection)
    budget: BudgetSection = Field(default_factory=BudgetSection)
    timeouts: TimeoutsSection = Field(default_factory=TimeoutsSection)
    executor: ExecutorSection = Field(default_factory=ExecutorSection)
    mlflow: MlflowSection = Field(default_factory=MlflowSection)
    release: ReleaseSection = Field(default_factory=ReleaseSection)
    llm: LlmSettings | None = None  # the model of LLM runners (and the reflective proposer)
    # The file this config was read from, for error messages; never dumped or fingerprinted.
    source: str | None = Field(default=None, exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _refuse_removed_keys(cls, data: Any) -> Any:
        """Refuse a removed key with what replaced it; drop it when empty (a run's
        config.json from before the removal holds it as null)."""
        if not isinstance(data, dict):
            return data
        sections = dict(data)
        for (section, key), pointer in REMOVED_KEYS.items():
            table = sections.get(section)
            if not isinstance(table, dict) or key not in table:
                continue
            if table[key] not in (None, [], ()):
                raise ValueError(f"{section}.{key} was removed: {pointer}")
            sections[section] = {k: v for k, v in table.items() if k != key}
        return sections

    @model_validator(mode="after")
    def _minibatch_fits(self) -> ExperimentConfig:
        if self.search.minibatch > self.data.proposal:
            raise ValueError("search.minibatch exceeds data.proposal")
        if self.runner.kind == "testhelix" and self.llm is None:
            raise ValueError("runner.kind testhelix needs an [llm] table (model, api_key_env)")
        if "reflective" in self.proposers.stack and self.optimizer_llm() is None:
            raise ValueError("the reflective proposer needs [llm] or [proposers.reflective] model")
        self._money_caps_are_priced()
        return self

    def _money_caps_are_priced(self) -> None:
        """A money cap needs a price for every model it bounds: never a guess."""
        budget = self.budget
        scopes = {
            "generator": (
                budget.generator_usd,
                self.llm if self.runner.kind == "testhelix" else None,
            ),
            "optimizer": (
                budget.optimizer_usd,
                self.optimizer_llm() if "reflective" in self.proposers.stack else None,
            ),
        }
        for scope, (cap, settings) in scopes.items():
            if settings is None or (cap is None and budget.max_usd is None):
                continue
            if price_of(settings) is None:
                key = "max_usd" if cap is None else f"{scope}_usd"
                where = "[llm]" if scope == "generator" else "[proposers.reflective]"
                raise ValueError(
                    f"budget.{key}: the {scope} model {settings.model} has no known price; "
                    f"set {where} price_per_mtok_in and price_per_mtok_out"
                )

    def optimizer_llm(self) -> LlmSettings | None:
        """The reflective proposer's model: `[llm]` with `[proposers.reflective]` over it."""
        section = self.proposers.reflective
        overrides = {
            k: v
            for k, v in {
                "model": section.model,
                "api_base": section.api_base,
                "api_key_env": section.api_key_env,
            }.items()
            if v is not None
        }
        if self.llm is None and "model" not in overrides:
            return None
        base = self.llm.model_dump() if self.llm is not None else {}
        if "model" in overrides and overrides["model"] != base.get("model"):
            base = {k: v for k, v in base.items() if not k.startswith("price_per_mtok")}
        prices = {"price_per_mtok_in": section.price_per_mtok_in}
        prices["price_per_mtok_out"] = section.price_per_mtok_out
        overrides |= {k: v for k, v in prices.items() if v is not None}
        return LlmSettings.model_validate({**base, **overrides})

    def prefetches(self) -> bool:
        """Whether idle slots prefetch certain batches (`[search] prefetch`). Never under
        a money cap with a paid runner: work run ahead is paid before any batch asks."""
        if self.budget.money_capped() and self.runner.kind != "scripted":
            return False
        if self.search.prefetch == "auto":
            return self.runner.kind == "scripted"
        return self.search.prefetch == "on"

    def fingerprint(self, *, ignore_budget: bool = False, legacy: bool = False) -> str:
        """Content id of the resolved config; a resume compares these (budget may change,
        and with it how the model is reached: `RESUMABLE_LLM_KEYS`). `legacy` is the
        resume fingerprint of runs started before those keys could change.

        Where runs live and how many evaluations (or model calls) run at once change
        nothing a search decides (the journal is the same at any worker count), so they
        are left out: a search may be resumed with more workers or on another executor.
        """
        # Settings left at their defaults are left out, so that a release adding a
        # defaulted setting does not change the fingerprint of an existing run.
        data = self.model_dump(mode="json", exclude_defaults=True)
        data["experiment"].pop("runs_dir", None)
        data.get("search", {}).pop("workers", None)
        data.get("search", {}).pop("prefetch", None)  # the journal is the same either way
        data.pop("executor", None)
        data.get("llm", {}).pop("max_concurrent_calls", None)
        # Prices change what a search costs, not what it decides (a money cap is [budget]).
        for section in (data.get("llm", {}), data.get("proposers", {}).get("reflective", {})):
            section.pop("price_per_mtok_in", None)
            section.pop("price_per_mtok_out", None)
        if ignore_budget:
            data.pop("budget", None)
            for key in () if legacy else RESUMABLE_LLM_KEYS:
                data.get("llm", {}).pop(key, None)
        return content_id(data)


# `[llm]` settings a resume may change: where and how the model is reached and the
# reply-format check, none of which changes what the search measures (the model, its
# temperature and output cap stay fixed; replies already paid for replay from the cache,
# whose keys hold no address). A search stopped because its server answered in prose
# resumes against a fixed one.
RESUMABLE_LLM_KEYS = (
    "api_base",
    "api_key_env",
    "call_timeout_s",
    "transport_retries",
    "max_malformed_share",
    "format_check_calls",
)


def _where(error: ValidationError) -> str:
    first = error.errors()[0]
    key = ".".join(str(part) for part in first["loc"] if not isinstance(part, int))
    reason = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
    reason = reason.removeprefix("Value error, ")
    return f"{key}: {reason}" if key else reason  # a whole-config rule names its keys


def _resolve_paths(raw: dict[str, Any], base: Path) -> dict[str, Any]:
    experiment = dict(raw.get("experiment", {}))
    for key in ("tasks", "initial_strategy", "runs_dir"):
        if isinstance(experiment.get(key), str):
            experiment[key] = str((base / experiment[key]).resolve())
    resolved = {**raw, "experiment": experiment}
    if isinstance(raw.get("llm"), dict) and isinstance(raw["llm"].get("replay"), str):
        resolved["llm"] = {**raw["llm"], "replay": str((base / raw["llm"]["replay"]).resolve())}
    return resolved


def load_config(path: Path) -> ExperimentConfig:
    """Parse and validate an experiment TOML file."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UserInputError(error.strerror or "cannot read file", source=str(path)) from None
    except tomllib.TOMLDecodeError as error:
        raise UserInputError(f"malformed TOML: {error}", source=str(path)) from None
    try:
        resolved = _resolve_paths(raw, path.parent)
        config = ExperimentConfig.model_validate({**resolved, "source": str(path)})
    except ValidationError as error:
        raise UserInputError(_where(error), source=str(path)) from None
    for key in ("tasks", "initial_strategy"):
        target = getattr(config.experiment, key)
        if not target.exists():
            raise UserInputError(f"experiment.{key}: {target} does not exist", source=str(path))
    return config


def read_run_config(run_dir: Path) -> ExperimentConfig:
    """The resolved config a run directory was started with (`rsi resume`, `rsi mlflow sync`)."""
    path = run_dir / CONFIG_FILE
    if not path.is_file():
        raise UserInputError("no config.json: not a run directory", source=str(run_dir))
    try:
        config = ExperimentConfig.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as error:
        raise UserInputError(_where(error), source=str(path)) from None
    return config.model_copy(update={"source": str(path)})


def write_run_config(
    config: ExperimentConfig, run_dir: Path, started_hash: str | None, *, journaled: bool = True
) -> None:
    """Write the resolved config into a run; a resume must match it except for [budget].

    The journal's run_started hash is the reference; a journal with events but none of
    them run_started (a pilot's) is held to its config.json. Before the first event
    (`journaled` False) nothing was decided or paid for, so a config.json left by a refused
    start is simply replaced.
    """
    path = run_dir / CONFIG_FILE
    if started_hash is None and journaled and path.exists():
        started_hash = read_run_config(run_dir).fingerprint(ignore_budget=True)
    accepted = {
        config.fingerprint(ignore_budget=True),
        config.fingerprint(ignore_budget=True, legacy=True),  # a run started before
    }
    if started_hash is not None and started_hash not in accepted:
        raise UserInputError(
            "the config differs from the one this run started with (only [budget] and "
            f"[llm] {', '.join(RESUMABLE_LLM_KEYS)} may change)",
            source=str(path),
        )
    path.write_text(json.dumps(config.model_dump(mode="json"), indent=2, sort_keys=True))
