"""Experiment configuration: a TOML file into a frozen, fully resolved `ExperimentConfig`.

`experiment.py` loads, checks and writes the whole config; `sections.py` holds its tables
(`[experiment]`, `[data]`, ... `[release]`). Callers import from here.
"""

from rsi.config.experiment import (
    CONFIG_FILE,
    REMOVED_KEYS,
    RESUMABLE_LLM_KEYS,
    ExperimentConfig,
    load_config,
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
    "ProposersSection",
    "ReflectiveSection",
    "ReleaseSection",
    "RunnerSection",
    "SandboxSection",
    "SearchSection",
    "TimeoutsSection",
    "load_config",
    "read_run_config",
    "write_run_config",
]
