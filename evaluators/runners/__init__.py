"""Runners turn (strategy, public task) into a submission and a trace (docs/design.md section 6)."""

from evaluators.runners.base import (
    Runner,
    RunnerAbort,
    RunnerLimits,
    RunnerResult,
    Trace,
    Usage,
    run_safely,
)

__all__ = [
    "Runner",
    "RunnerAbort",
    "RunnerLimits",
    "RunnerResult",
    "Trace",
    "Usage",
    "run_safely",
]
