"""Sandbox doubles: one that runs nothing, and one that watches a real sandbox."""

from __future__ import annotations

import threading
from collections.abc import Callable

from evaluators.sandbox import Isolation, Outcome, RunResult, RunSpec, Sandbox

Answer = Callable[[RunSpec], RunResult]


def passed(spec: RunSpec) -> RunResult:
    """A run that passed, instantly: the in-memory sandbox's default answer."""
    return RunResult(
        outcome=Outcome.PASS,
        exit_code=0,
        duration_s=0.0,
        output="",
        backend=InMemorySandbox.name,
        isolation=Isolation.NONE,
    )


def refuse(spec: RunSpec) -> RunResult:
    """An answer for code that must run nothing: any run is a failed assertion."""
    raise AssertionError(f"nothing should run in a sandbox here (tests {spec.tests_dir})")


class InMemorySandbox:
    """A `Sandbox` that executes nothing. `answer` gives each run's result: a fixed
    `RunResult`, or a function of the spec (default: passed). `runs` lists every spec
    asked for, in order; safe to call from many threads."""

    name = "memory"

    def __init__(self, answer: RunResult | Answer = passed) -> None:
        self._answer = answer
        self.runs: list[RunSpec] = []
        self._lock = threading.Lock()

    def run(self, spec: RunSpec) -> RunResult:
        with self._lock:
            self.runs.append(spec)
        if isinstance(self._answer, RunResult):
            return self._answer
        return self._answer(spec)


class RecordingSandbox:
    """Wraps a real `Sandbox`: `runs` lists every spec asked for. While `hold` is clear,
    runs wait for it (up to `hold_timeout_s`, then fail the test); the first `failures`
    runs raise `OSError`, as a sandbox that lost its workspace would."""

    def __init__(self, inner: Sandbox, *, failures: int = 0, hold_timeout_s: float = 60.0) -> None:
        self.inner, self.failures, self.hold_timeout_s = inner, failures, hold_timeout_s
        self.name = inner.name
        self.runs: list[RunSpec] = []
        self.hold = threading.Event()
        self.hold.set()
        self._lock = threading.Lock()

    def run(self, spec: RunSpec) -> RunResult:
        with self._lock:
            self.runs.append(spec)
            failing = len(self.runs) <= self.failures
        if not self.hold.wait(self.hold_timeout_s):
            raise AssertionError(f"a held run waited over {self.hold_timeout_s}s")
        if failing:
            raise OSError("the sandbox lost its workspace")
        return self.inner.run(spec)
