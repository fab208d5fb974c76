"""Every error the library raises, in one public module: catch `RsiError` for all of them.

Each class stays beside the code that raises it (the module named in the tree) and keeps
its builtin base (`ValueError`, `RuntimeError`, `LookupError`), so `except ValueError`
still catches it. Importing this module loads only the root (`search_space`); any other
name loads its package on first use. A test keeps this tree, `__all__` and the code in
step: a new exception class must be drawn here.

    RsiError
    ├── UserInputError (ValueError): input a user can fix (a file, a value, a flag); the
    │   │   CLI prints its one line (source and field) and exits with code 2
    │   ├── InvalidEdit                    an edit breaks a rule; `reason` says which
    │   ├── RunLocked (rsi.journal.lock)   another process holds the run directory
    │   ├── ReleaseSplitTaken (rsi.release.ledger)  the release split is claimed
    │   └── BuildFailed (evaluators.harbor.images)  a Harbor image step failed
    ├── StopRequested (rsi.execution.evaluation, RuntimeError): a graceful stop
    │   ├── ExecutorLost                   the executor can run no more evaluations
    │   └── ModelStopped                   the model's health stopped, with its cause
    ├── GateUndecided (rsi.release.steps, RuntimeError): too many release infra errors
    ├── SpendCapReached (rsi.execution.money, RuntimeError): a [budget] money cap
    ├── RunnerAbort (evaluators.runners.base, RuntimeError): every further evaluation wasted
    ├── ToolRefused (evaluators.runners.testhelix.agent.workspace, ValueError): an agent's
    │   tool call outside its workspace
    ├── SearchInterrupted (rsi.engine.loop, RuntimeError): a signal or STOP file ended it
    ├── JournalConflict (rsi.journal.store, RuntimeError): an op re-recorded differently
    ├── WorkerRefused (rsi.execution.dask.worker, RuntimeError): a Dask worker differs
    ├── NoProposal (rsi.proposers.base, RuntimeError): nothing left to propose
    │   └── ProposalRefused                the proposer's output failed a host check
    ├── OptimizerBudgetExhausted (rsi.proposers.base, RuntimeError): an optimizer cap
    ├── HostCheckFailed (rsi.proposers.reflective._validation): a reply failed a check
    ├── CapReached (evaluators.llm.meter, RuntimeError): an LLM call refused at a cap
    ├── ReplayMiss (evaluators.llm.cache, LookupError): a cassette lacks a call
    ├── MissingKey (evaluators.llm.transport): no API key at call time (turned into a failure)
    ├── HarnessStopped (evaluators.runners.testhelix.model, RuntimeError): a task cap, or
    │   the model's health stopped
    ├── DockerUnavailable (evaluators.sandbox.docker_backend): no engine or image
    └── BootstrapError (evaluators.sandbox.bootstrap, RuntimeError): the image build failed
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from search_space import InvalidEdit, RsiError, UserInputError

if TYPE_CHECKING:
    from evaluators.harbor import BuildFailed
    from evaluators.llm import CapReached, MissingKey, ReplayMiss
    from evaluators.runners import HarnessStopped, RunnerAbort, ToolRefused
    from evaluators.sandbox import BootstrapError, DockerUnavailable
    from rsi.journal import JournalConflict, RunLocked
    from rsi.proposers import HostCheckFailed, NoProposal, OptimizerBudgetExhausted, ProposalRefused
    from rsi.release import GateUndecided, ReleaseSplitTaken

# Where each class is importable from: its package's surface (WorkerRefused: the Dask
# worker module, which the execution surface does not re-export). The engine's classes are
# not imported even for type checking: only the CLI, the API and the engine import it.
_HOMES = {
    "RunLocked": "rsi.journal",
    "JournalConflict": "rsi.journal",
    "ReleaseSplitTaken": "rsi.release",
    "GateUndecided": "rsi.release",
    "StopRequested": "rsi.execution",
    "ExecutorLost": "rsi.execution",
    "ModelStopped": "rsi.execution",
    "SpendCapReached": "rsi.execution",
    "SearchInterrupted": "rsi.engine",
    "WorkerRefused": "rsi.execution.dask.worker",
    "NoProposal": "rsi.proposers",
    "ProposalRefused": "rsi.proposers",
    "OptimizerBudgetExhausted": "rsi.proposers",
    "HostCheckFailed": "rsi.proposers",
    "BuildFailed": "evaluators.harbor",
    "RunnerAbort": "evaluators.runners",
    "ToolRefused": "evaluators.runners",
    "HarnessStopped": "evaluators.runners",
    "CapReached": "evaluators.llm",
    "ReplayMiss": "evaluators.llm",
    "MissingKey": "evaluators.llm",
    "DockerUnavailable": "evaluators.sandbox",
    "BootstrapError": "evaluators.sandbox",
}

__all__ = [
    "BootstrapError",
    "BuildFailed",
    "CapReached",
    "DockerUnavailable",
    "ExecutorLost",  # noqa: F822 (loaded from the engine on first use)
    "GateUndecided",
    "HarnessStopped",
    "HostCheckFailed",
    "InvalidEdit",
    "JournalConflict",
    "MissingKey",
    "ModelStopped",  # noqa: F822 (loaded from the engine on first use)
    "NoProposal",
    "OptimizerBudgetExhausted",
    "ProposalRefused",
    "ReleaseSplitTaken",
    "ReplayMiss",
    "RsiError",
    "RunLocked",
    "RunnerAbort",
    "SearchInterrupted",  # noqa: F822 (loaded from the engine on first use)
    "SpendCapReached",  # noqa: F822 (loaded from the engine on first use)
    "StopRequested",  # noqa: F822 (loaded from the engine on first use)
    "ToolRefused",
    "UserInputError",
    "WorkerRefused",  # noqa: F822 (loaded from the engine on first use)
]


def __getattr__(name: str) -> type[RsiError]:
    """An error class, from its package on first use."""
    if name in _HOMES:
        error: type[RsiError] = getattr(importlib.import_module(_HOMES[name]), name)
        return error
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
