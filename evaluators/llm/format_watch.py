"""The reply-format check: a model that does not follow the reply format is named early.

A model that answers in prose (as small local models often do) makes every request
malformed, and a search with it scores every task 0 without saying why. `FormatWatch`
watches the first `[llm] format_check_calls` generator calls of a process (each model
request counts: a parse retry is a call) and trips once at least `[llm]
max_malformed_share` of them cannot be parsed:
- it trips as soon as the malformed count makes the share certain, so it needs no more
  calls than the window (18 of 20 at the defaults); calls answered from memory (repeats)
  are not counted;
- a task that ends before the window is full trips it too when at least that share of
  the task's own calls (and no fewer than `MIN_TASK_CALLS`) were malformed, so a search
  run one task at a time stops before journaling a task the model could not do;
- once tripped it stays tripped: every later observation returns the same one-line
  reason, so concurrent tasks stop too;
- after the window it never trips (a model that follows the format mostly is judged by
  the search, not here).
Thread-safe; one watch per process (a Dask worker has its own).
"""

from __future__ import annotations

import math
import threading

MIN_TASK_CALLS = 6
EXAMPLE_CHARS = 160


class FormatWatch:
    """Counts malformed generator calls; `observe` returns why to stop, or None."""

    def __init__(self, model: str, *, share: float = 0.9, window: int = 20) -> None:
        self.model = model
        self.share = share
        self.window = window
        self.seen = 0
        self.malformed = 0
        self.example = ""
        self.reason: str | None = None
        self._lock = threading.Lock()

    @property
    def needed(self) -> int:
        """Malformed calls among the window that trip the check."""
        return max(1, math.ceil(self.share * self.window - 1e-9))

    def observe(self, malformed: list[bool], example: str = "") -> str | None:
        """Record calls (True: did not parse) and an example of what the model sent."""
        with self._lock:
            for bad in malformed:
                if self.seen >= self.window:
                    break
                self.seen += 1
                self.malformed += int(bad)
            if example and not self.example:
                self.example = example
            if self.reason is None and self.malformed >= self.needed:
                self._trip(f"{self.malformed} of the first {self.seen} generator calls")
            return self.reason

    def task_ended(self, calls: int, malformed: int) -> str | None:
        """A task's own tally at its end; trips early when that task was mostly malformed."""
        with self._lock:
            if (
                self.reason is None
                and self.seen < self.window
                and calls >= MIN_TASK_CALLS
                and malformed >= self.share * calls
            ):
                self._trip(f"{malformed} of a task's {calls} generator calls")
            return self.reason

    def _trip(self, what: str) -> None:
        example = " ".join(self.example.split())[:EXAMPLE_CHARS]
        self.reason = (
            f"the model {self.model} does not follow the reply format: {what} were "
            f"malformed (it sent: {example!r}); fix the model or its server, then rsi resume"
        )
