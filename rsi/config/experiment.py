"""The experiment config: a TOML file into a frozen, fully resolved `ExperimentConfig`.

Relative paths are resolved against the config file's directory. Unknown keys and bad
values raise `UserInputError` naming the file, the key and the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, model_validator

from evaluators.llm import LlmSettings, price_of
from rsi.config.bundles import (
    MoneyConfig,
    ProposerConfig,
    RoundsConfig,
    ServicesConfig,
    SplitConfig,
)
from rsi.config.sections import (
    BudgetSection,
    ConfigSection,
    DataSection,
    ExecutorSection,
    ExperimentSection,
    HarborSection,
    MlflowSection,
    ProposersSection,
    ReleaseSection,
    RunnerSection,
    SandboxSection,
    SearchSection,
    TimeoutsSection,
)
from search_space import SearchSpace, UserInputError, content_id

CONFIG_FILE = "config.json"  # the resolved config inside a run directory, written once


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


class ExperimentConfig(ConfigSection):
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
        caps = {"generator": budget.generator_usd, "optimizer": budget.optimizer_usd}
        for scope, settings in self.scope_llms().items():
            cap = caps[scope]
            if settings is None or (cap is None and budget.max_usd is None):
                continue
            if price_of(settings) is None:
                key = "max_usd" if cap is None else f"{scope}_usd"
                where = "[llm]" if scope == "generator" else "[proposers.reflective]"
                raise ValueError(
                    f"budget.{key}: the {scope} model {settings.model} has no known price; "
                    f"set {where} price_per_mtok_in and price_per_mtok_out"
                )

    def scope_llms(self) -> dict[str, LlmSettings | None]:
        """The model each scope calls (and pays for), None where it calls none: the
        generator's is `[llm]` under the TestHelix runner, the optimizer's `optimizer_llm`
        under a reflective stack."""
        return {
            "generator": self.llm if self.runner.kind == "testhelix" else None,
            "optimizer": self.optimizer_llm() if "reflective" in self.proposers.stack else None,
        }

    def services_config(self) -> ServicesConfig:
        """What the evaluation services are built from (`rsi.execution.build_services`)."""
        return ServicesConfig(
            tasks=self.experiment.tasks,
            seed=self.experiment.seed,
            workers=self.search.workers,
            runner=self.runner,
            sandbox=self.sandbox,
            harbor=self.harbor,
            llm=self.llm,
        )

    def proposer_config(self) -> ProposerConfig:
        """What the proposer stack is built from (`rsi.engine.build_proposer`)."""
        return ProposerConfig(
            proposers=self.proposers,
            llm=self.scope_llms()["optimizer"],
            budget=self.budget,
            timeouts=self.timeouts,
        )

    def money_config(self) -> MoneyConfig:
        """What the money caps read (`rsi.execution.money_ledger`)."""
        return MoneyConfig(budget=self.budget, scopes=self.scope_llms())

    def split_config(self) -> SplitConfig:
        """What the run's split is planned from (`rsi.engine.sampling.plan_split`)."""
        return SplitConfig(
            data=self.data, pool=self.experiment.tasks, source=self.source or "config"
        )

    def rounds_config(self) -> RoundsConfig:
        """What the round protocol's parts are built from (`rsi.engine.parts`)."""
        return RoundsConfig(
            search=self.search,
            seed=self.experiment.seed,
            space=self.search_space,
            health_check_s=self.timeouts.health_check_s,
            prefetching=self.prefetches(),
            proposer=self.proposer_config(),
            money=self.money_config(),
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
        keys = ("in", "out", "cached_in", "cache_write")
        prices = {f"price_per_mtok_{k}": getattr(section, f"price_per_mtok_{k}") for k in keys}
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
        # Racing changes which evaluations are paid, never what the search decides (its
        # `race_wave` does: proposers are shown the tasks a race read, so it stays).
        data.get("search", {}).pop("stop_when_decided", None)
        data.pop("executor", None)
        data.get("llm", {}).pop("max_concurrent_calls", None)
        # Prices and prompt caching change what a search costs, not what it decides (a
        # money cap is [budget]; cache marks never enter a request's key).
        for section in (data.get("llm", {}), data.get("proposers", {}).get("reflective", {})):
            for key in ("in", "out", "cached_in", "cache_write"):
                section.pop(f"price_per_mtok_{key}", None)
            section.pop("prompt_cache", None)
        if ignore_budget:
            data.pop("budget", None)
            for key in () if legacy else RESUMABLE_LLM_KEYS:
                data.get("llm", {}).pop(key, None)
        return content_id(data)


# `[llm]` settings a resume may change: where and how the model is reached (structured
# output included: how a reply's schema is sent, so a model stopped for ignoring the reply
# format may resume constrained to it) and the reply-format check, none of which changes
# what the search measures (the model, its temperature and output cap stay fixed; replies
# already paid for replay from the cache, whose keys hold no address). A search stopped
# because its server answered in prose resumes against a fixed one.
RESUMABLE_LLM_KEYS = (
    "api_base",
    "api_key_env",
    "call_timeout_s",
    "transport_retries",
    "max_malformed_share",
    "format_check_calls",
    "structured_output",
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


def config_from_toml(raw: dict[str, Any], path: Path) -> ExperimentConfig:
    """Validate the TOML table `raw`, read from the experiment file `path` (`load_config`)."""
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
