"""The engine: the round protocol of docs/design.md section 8, driven from the journal.

Public surface:
- `Engine`, `SearchInterrupted`, `LineageSink`: run or resume one search in a run directory;
- `EvaluationServices`, `Evaluator`, `evaluate_one`, `StopRequested`: paid evaluations
  (runner plus judge) on an `EvaluationPool`, cached by journal op;
- `TrajectoryStore`, `write_record`: each evaluation's trajectory (what its agents saw)
  by content hash in the run's traces/, written before its evaluation is journaled
  (`trajectory.py`);
- `PrefetchBatch`: a batch the evaluator may prefetch in idle slots (see `prefetch.py`);
- `EvaluationPool`, `ThreadPool`, `ExecutorLost`, `open_pool`: where evaluations run
  (threads, or a Dask cluster from `[executor]`, see `dask_pool.py`);
- `build_services`, `build_proposer`, `load_initial`: the run's parts from its config;
- `SearchParts`: what a running engine built, in one place (`parts.py`);
- `ProposalStep`, `build_context`: one proposal attempt and what a proposer may see;
- `ScreenStep`: keeping a candidate, screening a child and closing its round;
- `minibatch`, `Budget`, `StopFlag`: sampling and stop conditions;
- `read_refused`, `gate_power`, `power_warning`: admission (what refused a start, the
  gate's power at `[release] min_effect`), see `start.py`;
- `ModelStopped`: the model's health stopped the run, with its cause (resumable).
- `run_pilot`: `rsi pilot`, round 1's first tasks journaled in the search's own run;
- `SpendCapReached`: a `[budget]` money cap paused the search (`money.py`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rsi.engine.evaluation import (
        EvaluationServices,
        ExecutorLost,
        ModelStopped,
        StopRequested,
        evaluate_one,
    )
    from rsi.engine.evaluator import Evaluator, write_record
    from rsi.engine.executors import open_pool
    from rsi.engine.loop import Engine, LineageSink, SearchInterrupted
    from rsi.engine.money import SpendCapReached
    from rsi.engine.parts import SearchParts
    from rsi.engine.pilot import run_pilot
    from rsi.engine.pools import EvaluationPool, ThreadPool
    from rsi.engine.prefetch import PrefetchBatch
    from rsi.engine.proposal_context import build_context
    from rsi.engine.proposal_step import ProposalStep
    from rsi.engine.refused import read_refused
    from rsi.engine.runtime import build_proposer, build_services, load_initial
    from rsi.engine.sampling import minibatch
    from rsi.engine.screen_step import ScreenStep
    from rsi.engine.start import gate_power, power_warning
    from rsi.engine.stopping import Budget, StopFlag
    from rsi.engine.trajectory import TrajectoryStore

# Each public name and the module defining it, imported on first use (PEP 562): a caller
# of one name pays for its module alone (`rsi status` reads a run without the engine's
# optuna, docker and numpy; rsi/cli/__init__.py).
_SOURCES: dict[str, str] = {
    "EvaluationServices": "rsi.engine.evaluation",
    "ExecutorLost": "rsi.engine.evaluation",
    "ModelStopped": "rsi.engine.evaluation",
    "StopRequested": "rsi.engine.evaluation",
    "evaluate_one": "rsi.engine.evaluation",
    "Evaluator": "rsi.engine.evaluator",
    "write_record": "rsi.engine.evaluator",
    "open_pool": "rsi.engine.executors",
    "Engine": "rsi.engine.loop",
    "LineageSink": "rsi.engine.loop",
    "SearchInterrupted": "rsi.engine.loop",
    "SpendCapReached": "rsi.engine.money",
    "SearchParts": "rsi.engine.parts",
    "run_pilot": "rsi.engine.pilot",
    "EvaluationPool": "rsi.engine.pools",
    "ThreadPool": "rsi.engine.pools",
    "PrefetchBatch": "rsi.engine.prefetch",
    "build_context": "rsi.engine.proposal_context",
    "ProposalStep": "rsi.engine.proposal_step",
    "build_proposer": "rsi.engine.runtime",
    "build_services": "rsi.engine.runtime",
    "load_initial": "rsi.engine.runtime",
    "minibatch": "rsi.engine.sampling",
    "ScreenStep": "rsi.engine.screen_step",
    "gate_power": "rsi.engine.start",
    "power_warning": "rsi.engine.start",
    "read_refused": "rsi.engine.refused",
    "Budget": "rsi.engine.stopping",
    "StopFlag": "rsi.engine.stopping",
    "TrajectoryStore": "rsi.engine.trajectory",
}

__all__ = [
    "Budget",
    "Engine",
    "EvaluationPool",
    "EvaluationServices",
    "Evaluator",
    "ExecutorLost",
    "LineageSink",
    "ModelStopped",
    "PrefetchBatch",
    "ProposalStep",
    "ScreenStep",
    "SearchInterrupted",
    "SearchParts",
    "SpendCapReached",
    "StopFlag",
    "StopRequested",
    "ThreadPool",
    "TrajectoryStore",
    "build_context",
    "build_proposer",
    "build_services",
    "evaluate_one",
    "gate_power",
    "load_initial",
    "minibatch",
    "open_pool",
    "power_warning",
    "read_refused",
    "run_pilot",
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
