"""Stop conditions: graceful on SIGINT/SIGTERM or a stop file, plus budget caps."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator, Mapping
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
        """Catch SIGINT and SIGTERM while the search runs.

        Only the main thread may install signal handlers; a search driven from another
        thread (a benchmark running many at once) stops by its STOP file instead.
        """
        if threading.current_thread() is not threading.main_thread():
            yield self
            return
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
    """The `[budget]` caps: wall time for this process, the optimizer's journaled usage."""

    def __init__(self, caps: BudgetSection) -> None:
        self.caps = caps
        self.started = time.monotonic()

    def exceeded(self) -> str | None:
        """Whether `max_wall_s` has passed (it ends the search), else None."""
        caps = self.caps
        if caps.max_wall_s is not None and time.monotonic() - self.started >= caps.max_wall_s:
            return f"wall time budget {caps.max_wall_s:g} s reached"
        return None

    def optimizer_spent(self, optimizer: Mapping[str, int]) -> str | None:
        """Which `[budget] optimizer_*` cap the LLM proposer's journaled usage reached.

        Unlike `max_wall_s`, which ends the search, these pause it: more budget on resume
        continues it.
        """
        caps = self.caps
        for key, cap in (
            ("calls", caps.optimizer_calls),
            ("input_tokens", caps.optimizer_input_tokens),
            ("output_tokens", caps.optimizer_output_tokens),
        ):
            if cap is not None and optimizer.get(key, 0) >= cap:
                return f"optimizer budget {key} {cap} reached"
        return None
