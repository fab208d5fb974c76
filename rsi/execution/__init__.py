"""Execution: where and how a strategy's paid evaluations run, cached by journal op.

The engine (`rsi.engine`, the round protocol) asks this package for evaluations; nothing
here imports the engine, and decisions over outcomes live in `rsi.screening`
(tests/test_architecture.py).

Public surface:
- `EvaluationServices`, `evaluate_one`, `EvaluationResult`, `StopRequested`,
  `ModelStopped`, `ExecutorLost`: one evaluation (runner plus judge), `evaluation.py`;
- `Evaluator`, `write_record`, `WINDOW_SLOTS`: batches of evaluations on a pool, each
  journaled in order as it lands (`evaluator.py`, scheduled by `batch.py`);
- `EvaluationPool`, `ThreadPool`, `Work`, `open_pool`: where evaluations run (threads,
  or a Dask cluster from `[executor]`, see `dask/`);
- `PrefetchBatch`, `PrefetchStats`: work the evaluator may run ahead in idle slots
  (`prefetch.py`, kept across a kill by `prefetch_store.py`);
- `TrajectoryStore`: each evaluation's trajectory by content hash (`trajectory.py`);
- `TaskMoney`, `SpendCapReached`, `money_ledger`, `generator_charge`, `optimizer_charge`:
  the `[budget]` money caps, from a `MoneyConfig` (`money.py`);
- `build_services`, `check_sandbox_ready`, `RUNNERS`, `LLM_CACHE_DIR`: the run's
  evaluation services from its `ServicesConfig` (`services.py`).

Nothing here takes the whole `ExperimentConfig`: each function takes the sections it
reads (`rsi.config.bundles`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rsi.lazy import lazy_exports

if TYPE_CHECKING:
    from rsi.execution.evaluation import (
        EvaluationResult,
        EvaluationServices,
        ExecutorLost,
        ModelStopped,
        StopRequested,
        evaluate_one,
    )
    from rsi.execution.evaluator import WINDOW_SLOTS, Evaluator, write_record
    from rsi.execution.executors import open_pool
    from rsi.execution.money import (
        SpendCapReached,
        TaskMoney,
        generator_charge,
        money_ledger,
        optimizer_charge,
    )
    from rsi.execution.pools import EvaluationPool, ThreadPool, Work
    from rsi.execution.prefetch import PrefetchBatch, PrefetchStats
    from rsi.execution.services import (
        LLM_CACHE_DIR,
        RUNNERS,
        build_services,
        check_sandbox_ready,
    )
    from rsi.execution.trajectory import TrajectoryStore


__all__ = [
    "LLM_CACHE_DIR",
    "RUNNERS",
    "WINDOW_SLOTS",
    "EvaluationPool",
    "EvaluationResult",
    "EvaluationServices",
    "Evaluator",
    "ExecutorLost",
    "ModelStopped",
    "PrefetchBatch",
    "PrefetchStats",
    "SpendCapReached",
    "StopRequested",
    "TaskMoney",
    "ThreadPool",
    "TrajectoryStore",
    "Work",
    "build_services",
    "check_sandbox_ready",
    "evaluate_one",
    "generator_charge",
    "money_ledger",
    "open_pool",
    "optimizer_charge",
    "write_record",
]


# Each public name imported from its module on first use (rsi/lazy.py): a caller of one
# name pays for its module alone.
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rsi.execution.evaluation": (
            "EvaluationResult",
            "EvaluationServices",
            "ExecutorLost",
            "ModelStopped",
            "StopRequested",
            "evaluate_one",
        ),
        "rsi.execution.evaluator": ("WINDOW_SLOTS", "Evaluator", "write_record"),
        "rsi.execution.executors": ("open_pool",),
        "rsi.execution.money": (
            "SpendCapReached",
            "TaskMoney",
            "generator_charge",
            "money_ledger",
            "optimizer_charge",
        ),
        "rsi.execution.pools": ("EvaluationPool", "ThreadPool", "Work"),
        "rsi.execution.prefetch": ("PrefetchBatch", "PrefetchStats"),
        "rsi.execution.services": (
            "LLM_CACHE_DIR",
            "RUNNERS",
            "build_services",
            "check_sandbox_ready",
        ),
        "rsi.execution.trajectory": ("TrajectoryStore",),
    },
)
