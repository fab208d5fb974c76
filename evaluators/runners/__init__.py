"""Runners turn (strategy, public task) into a submission and a trace (docs/design.md section 6).

- `Runner` is the extension point; `run_safely` is its one boundary.
- `ScriptedRunner` (hidden author pools, `ScriptedSettings`), `LatencyRunner`
  (`LatencySettings`, `latency_judge`) and `TestHelixRunner` (the LLM harness,
  `HarnessSettings`, `LlmTaskModels`) are the three built in; callers import them here.
- The LLM harness and its model stack load only when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# The protocol and its records first: every runner module below imports them.
from evaluators.runners.base import (
    Runner,
    RunnerAbort,
    RunnerLimits,
    RunnerResult,
    Trace,
    Usage,
    run_safely,
)
from evaluators.runners.harness_settings import HarnessSettings
from evaluators.runners.latency import LatencyRunner, LatencySettings, drawn_wait, latency_judge
from evaluators.runners.scripted import ScriptedRunner, ScriptedSettings
from evaluators.tasks import AuthorPool, TaskDirPools, load_author_pool

if TYPE_CHECKING:
    from evaluators.runners.testhelix import (
        HarnessStopped,
        LlmTaskModels,
        TestHelixRunner,
        ToolRefused,
    )

_HARNESS_NAMES = ("HarnessStopped", "LlmTaskModels", "TestHelixRunner", "ToolRefused")

__all__ = [
    "AuthorPool",
    "HarnessSettings",
    "HarnessStopped",
    "LatencyRunner",
    "LatencySettings",
    "LlmTaskModels",
    "Runner",
    "RunnerAbort",
    "RunnerLimits",
    "RunnerResult",
    "ScriptedRunner",
    "ScriptedSettings",
    "TaskDirPools",
    "TestHelixRunner",
    "ToolRefused",
    "Trace",
    "Usage",
    "drawn_wait",
    "latency_judge",
    "load_author_pool",
    "run_safely",
]


def __getattr__(name: str) -> object:
    """The LLM harness's names load `evaluators.runners.testhelix` on first use."""
    if name in _HARNESS_NAMES:
        from evaluators.runners import testhelix

        return getattr(testhelix, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
