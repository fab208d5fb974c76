"""Stop conditions: graceful on SIGINT/SIGTERM or a stop file, plus budget caps."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from rsi.config import BudgetSection

STOP_FILE = "STOP"


class StopFlag:
    """Raised by a signal or a `STOP` file in the run directory; checked between work items."""

    def __init__(self, run_dir: Path) -> None:
        self._stop_file = run_dir / STOP_FILE
        self.signal_name: str | None = None

    def _handle(self, number: int, _frame: FrameType | None) -> None:
        self.signal_name = signal.Signals(number).name

    @contextmanager
    def installed(self) -> Iterator[StopFlag]:
        """Catch SIGINT and SIGTERM while the search runs (main thread only)."""
        previous = {
            sig: signal.signal(sig, self._handle) for sig in (signal.SIGINT, signal.SIGTERM)
        }
        try:
            yield self
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def reason(self) -> str | None:
        if self.signal_name:
            return f"signal {self.signal_name}"
        if self._stop_file.exists():
            return f"stop file {self._stop_file}"
        return None

    def __call__(self) -> bool:
        return self.reason() is not None


class Budget:
    """Optimizer caps: calls and tokens from the journal, wall time for this process."""

    def __init__(self, caps: BudgetSection) -> None:
        self.caps = caps
        self.started = time.monotonic()

    def exceeded(self, *, optimizer_calls: int, tokens: int) -> str | None:
        caps = self.caps
        if caps.max_optimizer_calls is not None and optimizer_calls >= caps.max_optimizer_calls:
            return f"optimizer call budget {caps.max_optimizer_calls} reached"
        if caps.max_tokens is not None and tokens >= caps.max_tokens:
            return f"token budget {caps.max_tokens} reached"
        if caps.max_wall_s is not None and time.monotonic() - self.started >= caps.max_wall_s:
            return f"wall time budget {caps.max_wall_s:g} s reached"
        return None
