"""One task's harness session: the pairs under development and what the trace records.

A `Pair` is a test-and-repair pair with its branch direction, its current draft, and the
checks that qualify it: internally consistent when its tests fail reproducibly on the
initial program and pass reproducibly on its own repair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from evaluators.runners.testhelix.execution import Check, Workbench, files_digest
from evaluators.runners.testhelix.model import TaskModel
from evaluators.runners.testhelix.signatures import PairDraft, SourceFile
from evaluators.sandbox import Outcome
from evaluators.tasks import PublicTask
from search_space import Strategy

Configuration = Literal["single", "random-submission", "peer-cross-validation"]


@dataclass
class Pair:
    index: int
    direction: str
    draft: PairDraft | None = None
    initial: Check | None = None
    own: Check | None = None
    steps_used: int = 0
    round_steps_base: int = 0  # steps_used when the current round began (agentSteps per round)
    version: int = 0  # bumped on every accepted revision; a new version is re-reviewed
    reviewed_version: int = -1
    approved: bool = False
    findings: list[dict[str, Any]] = field(default_factory=list)
    malformed_streak: int = 0  # consecutive replies of this pair that did not parse
    correction: str = ""  # what went wrong with the last reply, shown in the next step
    halted: str | None = None  # why this pair stopped generating in the current round

    def halt(self, reason: str) -> None:
        self.halted = reason

    @property
    def label(self) -> str:
        return f"pair{self.index}"

    def begin_round(self) -> None:
        self.round_steps_base = self.steps_used
        self.halted = None
        self.malformed_streak = 0

    @property
    def consistent(self) -> bool:
        return (
            self.draft is not None
            and self.initial is not None
            and self.own is not None
            and self.initial.outcome is Outcome.FAIL
            and self.initial.reproducible
            and self.own.outcome is Outcome.PASS
            and self.own.reproducible
        )

    @property
    def tests(self) -> list[SourceFile]:
        assert self.draft is not None
        return self.draft.tests

    @property
    def repair(self) -> list[SourceFile]:
        assert self.draft is not None
        return self.draft.repair

    @property
    def witness(self) -> str:
        """Identity of this pair's repair: equal repairs are one witness, not two."""
        return files_digest(self.repair)


@dataclass
class Session:
    """Everything one task's phases share; phases append to `phases` and `checks`."""

    strategy: Strategy
    task: PublicTask
    bench: Workbench
    model: TaskModel
    configuration: Configuration
    seed: int
    pairs: list[Pair] = field(default_factory=list)
    phases: list[dict[str, Any]] = field(default_factory=list)
    checks: list[dict[str, Any]] = field(default_factory=list)
    timings: list[dict[str, Any]] = field(default_factory=list)  # agent tool calls' seconds
    stop_reason: str | None = None
    challenged: bool = False  # the task's one differential challenge step has run

    def record_check(self, pair: Pair, check: Check) -> Check:
        self.checks.append({"pair": pair.index, "version": pair.version, **check.summary()})
        return check

    def consistent_pairs(self) -> list[Pair]:
        return [p for p in self.pairs if p.consistent]
