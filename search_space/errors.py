"""Every error the project raises, under one base: `RsiError`.

It lives here because `search_space` is the bottom of the import graph, so every layer
can derive from it. Each class stays beside the code that raises it (the module named
below); a test keeps this tree and the code in step. A class also keeps its builtin base
(`ValueError`, `RuntimeError`, `LookupError`), so `except ValueError` still catches it.

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

from enum import Enum


class RsiError(Exception):
    """The base of every error this project raises (the tree is in the module docstring)."""


class UserInputError(RsiError, ValueError):
    """A problem in user-supplied input. `str(error)` is one line naming source and field."""

    def __init__(self, message: str, *, source: str | None = None) -> None:
        self.source = source
        self.message = " ".join(message.split())
        super().__init__(f"{source}: {self.message}" if source else self.message)


class Reason(str, Enum):
    """Machine-readable reasons an edit or strategy is rejected."""

    MALFORMED_EDIT = "malformed_edit"
    OUT_OF_RANGE = "out_of_range"
    OFF_GRID = "off_grid"
    FROZEN_FIELD = "frozen_field"
    NOT_MUTABLE = "not_mutable"
    TOUCHES_MULTIPLE_FIELDS = "touches_multiple_fields"
    TOUCHES_MULTIPLE_LESSONS = "touches_multiple_lessons"
    NO_CHANGE = "no_change"
    DUPLICATE_ROUTE = "duplicate_route"
    UNKNOWN_SKILL = "unknown_skill"
    REVIEW_SKILL_IN_GENERATION_ROUTE = "review_skill_in_generation_route"
    GENERATION_SKILL_IN_REVIEW_ROUTE = "generation_skill_in_review_route"
    TOO_MANY_LESSONS = "too_many_lessons"
    TOO_MANY_COMPONENT_LESSONS = "too_many_component_lessons"
    DUPLICATE_LESSON_ID = "duplicate_lesson_id"
    UNKNOWN_LESSON = "unknown_lesson"
    BAD_TRIGGERS = "bad_triggers"
    BAD_LESSON_ID = "bad_lesson_id"
    CODE_FENCE = "code_fence"
    TASK_IDENTIFIER = "task_identifier"
    TEXT_TOO_LONG = "text_too_long"
    CANDIDATE_ORDER = "candidate_order"


class InvalidEdit(UserInputError):
    """An edit (or the child it would produce) breaks a rule; `reason` says which."""

    def __init__(self, reason: Reason, message: str) -> None:
        self.reason = reason
        super().__init__(f"invalid edit ({reason.value}): {message}")
