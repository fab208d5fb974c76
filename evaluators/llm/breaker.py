"""A circuit breaker over model calls: consecutive infrastructure failures, across tasks.

A model that cannot be reached (DNS, refused or timed-out connections, an authentication
error, 5xx left after the transport retries) fails every task of a search the same way,
and scoring those tasks 0 would look like a strategy that solves nothing. The breaker
counts consecutive infrastructure failures of the calls it watches (a reply of any kind,
parsed or not, resets the count). At `max_consecutive_failures` it opens: every later
call fails at once as `unavailable`, nothing is sent, and the runner reports its task as
no verdict; the engine stops the search as SIGTERM does and `rsi resume` re-runs it.
A model that answers badly (unparseable output) is a task failure, not an outage.
It watches the structured calls (`transport.py`) and the agents' native tool-calling
turns (`tool_calls.py`) alike: one breaker per model, whichever way the harness asks.
"""

from __future__ import annotations

import threading

# Failure kinds that say nothing about the strategy: the model was not reached.
INFRASTRUCTURE_KINDS = frozenset({"transport", "timeout", "auth", "config"})


class CircuitBreaker:
    """Thread-safe; one per process and model, shared by every task's calls."""

    def __init__(self, max_consecutive_failures: int) -> None:
        self.limit = max_consecutive_failures
        self._lock = threading.Lock()
        self._consecutive = 0
        self._reason: str | None = None

    @property
    def open_reason(self) -> str | None:
        """Why the breaker opened (the last failure), or None while calls may go out."""
        with self._lock:
            return self._reason

    def succeeded(self) -> None:
        with self._lock:
            if self._reason is None:
                self._consecutive = 0

    def failed(self, kind: str, message: str) -> None:
        """Count a failed call; only infrastructure kinds move the breaker."""
        if kind not in INFRASTRUCTURE_KINDS:
            return
        with self._lock:
            self._consecutive += 1
            if self._reason is None and self._consecutive >= self.limit:
                self._reason = (
                    f"{self._consecutive} consecutive model calls failed ({kind}); "
                    f"last: {message[:200]}"
                )
