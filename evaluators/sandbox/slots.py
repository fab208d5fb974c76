"""Bound how many suites run at once, across every caller of one sandbox.

A search's workers each run one evaluation: the runner's check runs, then the judge's
target runs. Limiting evaluations alone leaves workers idle at the tail of every batch
(the last evaluation of a batch runs while the others have nothing to do). Limiting
sandbox runs instead lets that last evaluation's judge run its targets concurrently in
the freed slots, while the machine never runs more than `slots` suites at once.
"""

from __future__ import annotations

import threading
import weakref
from concurrent.futures import Executor, ThreadPoolExecutor

from evaluators.sandbox.base import RunResult, RunSpec, Sandbox


class SlotLimitedSandbox:
    """`Sandbox` that runs at most `slots` suites at once; everything else is the inner one's.

    `judge_executor` is an executor the judge may hand its target runs to: its runs wait
    for a slot like any other, so concurrency never exceeds `slots`.
    """

    def __init__(self, inner: Sandbox, slots: int) -> None:
        if slots < 1:
            raise ValueError("slots must be at least 1")
        self.inner = inner
        self.slots = slots
        self._free = threading.BoundedSemaphore(slots)
        self.judge_executor: Executor = ThreadPoolExecutor(slots, thread_name_prefix="rsi-judge")
        # Idle threads would otherwise outlive every search a process runs (tests run many).
        weakref.finalize(self, self.judge_executor.shutdown, wait=False)

    @property
    def name(self) -> str:
        return self.inner.name

    def __getattr__(self, attribute: str) -> object:
        return getattr(self.inner, attribute)

    def run(self, spec: RunSpec) -> RunResult:
        with self._free:
            return self.inner.run(spec)
