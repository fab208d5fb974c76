"""Experiment configuration: a TOML file into a frozen, fully resolved `ExperimentConfig`.

`experiment.py` loads, checks and writes the whole config; `sections.py` holds its tables
(`[experiment]`, `[data]`, ... `[release]`); `bundles.py` the config cut into what each
part of a search reads (`ServicesConfig`, `ProposerConfig`, ...); `loading.py` reads the
file. Callers import from here. Light to import: the models (and the evaluators' settings
they hold) load when a name of theirs is first read, so a file that cannot be read fails
fast (`load_config`).
"""

from typing import TYPE_CHECKING

from rsi.config.loading import load_config
from rsi.lazy import lazy_exports

if TYPE_CHECKING:
    from rsi.config.bundles import (
        MoneyConfig,
        ProposerConfig,
        RoundsConfig,
        ServicesConfig,
        SplitConfig,
    )
    from rsi.config.experiment import (
        CONFIG_FILE,
        REMOVED_KEYS,
        RESUMABLE_LLM_KEYS,
        ExperimentConfig,
        read_run_config,
        write_run_config,
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
        ReflectiveSection,
        ReleaseSection,
        RunnerSection,
        SandboxSection,
        SearchSection,
        TimeoutsSection,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rsi.config.bundles": (
            "MoneyConfig",
            "ProposerConfig",
            "RoundsConfig",
            "ServicesConfig",
            "SplitConfig",
        ),
        "rsi.config.experiment": (
            "CONFIG_FILE",
            "REMOVED_KEYS",
            "RESUMABLE_LLM_KEYS",
            "ExperimentConfig",
            "read_run_config",
            "write_run_config",
        ),
        "rsi.config.sections": (
            "BudgetSection",
            "ConfigSection",
            "DataSection",
            "ExecutorSection",
            "ExperimentSection",
            "HarborSection",
            "MlflowSection",
            "ProposersSection",
            "ReflectiveSection",
            "ReleaseSection",
            "RunnerSection",
            "SandboxSection",
            "SearchSection",
            "TimeoutsSection",
        ),
    },
)

__all__ = [
    "CONFIG_FILE",
    "REMOVED_KEYS",
    "RESUMABLE_LLM_KEYS",
    "BudgetSection",
    "ConfigSection",
    "DataSection",
    "ExecutorSection",
    "ExperimentConfig",
    "ExperimentSection",
    "HarborSection",
    "MlflowSection",
    "MoneyConfig",
    "ProposerConfig",
    "ProposersSection",
    "ReflectiveSection",
    "ReleaseSection",
    "RoundsConfig",
    "RunnerSection",
    "SandboxSection",
    "SearchSection",
    "ServicesConfig",
    "SplitConfig",
    "TimeoutsSection",
    "load_config",
    "read_run_config",
    "write_run_config",
]
