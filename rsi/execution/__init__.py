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
  the `[budget]` money caps (`money.py`);
- `build_services`, `check_sandbox_ready`, `RUNNERS`, `LLM_CACHE_DIR`: the run's
  evaluation services from its config (`services.py`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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

# Each public name and the module defining it, imported on first use (PEP 562): a caller
# of one name pays for its module alone (`rsi status` never loads docker or dask).
_SOURCES: dict[str, str] = {
    "EvaluationResult": "rsi.execution.evaluation",
    "EvaluationServices": "rsi.execution.evaluation",
    "ExecutorLost": "rsi.execution.evaluation",
    "ModelStopped": "rsi.execution.evaluation",
    "StopRequested": "rsi.execution.evaluation",
    "evaluate_one": "rsi.execution.evaluation",
    "WINDOW_SLOTS": "rsi.execution.evaluator",
    "Evaluator": "rsi.execution.evaluator",
    "write_record": "rsi.execution.evaluator",
    "open_pool": "rsi.execution.executors",
    "SpendCapReached": "rsi.execution.money",
    "TaskMoney": "rsi.execution.money",
    "generator_charge": "rsi.execution.money",
    "money_ledger": "rsi.execution.money",
    "optimizer_charge": "rsi.execution.money",
    "EvaluationPool": "rsi.execution.pools",
    "ThreadPool": "rsi.execution.pools",
    "Work": "rsi.execution.pools",
    "PrefetchBatch": "rsi.execution.prefetch",
    "PrefetchStats": "rsi.execution.prefetch",
    "LLM_CACHE_DIR": "rsi.execution.services",
    "RUNNERS": "rsi.execution.services",
    "build_services": "rsi.execution.services",
    "check_sandbox_ready": "rsi.execution.services",
    "TrajectoryStore": "rsi.execution.trajectory",
}

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


def __getattr__(name: str) -> Any:
    if name not in _SOURCES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_SOURCES[name]), name)
    globals()[name] = value  # imported once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_SOURCES})
