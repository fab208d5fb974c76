"""The model's health: one monitor per process and model, one stop with a typed cause.

A model that cannot be used fails every task of a search the same way, and scoring those
tasks 0 would look like a strategy that solves nothing. `ModelHealth` watches every call
the harness makes (the structured calls' transport and the agents' tool-calling turns)
and stops once, with one of four causes (`HealthStop`):
- `unreachable`: `max_consecutive_failures` calls in a row failed for infrastructure
  reasons (refused or lost connections, DNS, an authentication error, 5xx left after the
  transport retries, a missing key); a reply of any kind resets the count;
- `slow`: the same count, every one of them a timeout: the model answers, too slowly. The
  message names `[llm] call_timeout_s`, its value, and the measured latency of the calls
  that did answer (a busy local server such as llama.cpp's keeps generating after its
  client has gone, so later requests wait behind it);
- `format`: among the first `format_check_calls` generator calls (a parse retry is a call;
  answers from memory are not counted) at least `max_malformed_share` did not parse. It
  trips as soon as the share of the window is certain; a task that ends before the window
  is full trips it when that share of the task's own calls (no fewer than
  `MIN_TASK_CALLS`) were malformed. After the window it never trips;
- `no-tool-calls`: the same check, where most malformed calls were agent turns that called
  no tool (a server that drops the tools, a model that answers agents in prose).
Once stopped it stays stopped: `open_reason` is the one-line message, and the transport and
the tool chat send nothing more (a call fails at once as `unavailable`), so concurrent
tasks stop too. The runner reports its task as no verdict and the engine journals one
`search_halted` event with the cause; `rsi resume` continues once the cause is fixed.
Thread-safe; one per process (a Dask worker has its own).
"""

from __future__ import annotations

import math
import threading
from typing import Literal

from pydantic import BaseModel, ConfigDict

from evaluators.llm.settings import LlmSettings
from search_space import counted

HealthCause = Literal["unreachable", "slow", "format", "no-tool-calls"]
# Failure kinds that say nothing about the strategy: the model was not reached in time.
INFRASTRUCTURE_KINDS = frozenset({"transport", "timeout", "auth", "config"})
MIN_TASK_CALLS = 6
EXAMPLE_CHARS = 160


class HealthStop(BaseModel):
    """Why the model stopped the run: a typed cause and a one-line message (no key)."""

    model_config = ConfigDict(frozen=True)

    cause: HealthCause
    message: str


class ModelHealth:
    """Counts failures, latencies and malformed calls; see the module docstring."""

    def __init__(
        self,
        model: str,
        *,
        max_consecutive_failures: int = 5,
        call_timeout_s: float = 120.0,
        share: float = 0.9,
        window: int = 20,
        format_check: bool = True,
    ) -> None:
        self.model = model
        self.limit = max_consecutive_failures
        self.call_timeout_s = call_timeout_s
        self.share = share
        self.window = window if format_check else 0
        self._lock = threading.Lock()
        self._failures: list[str] = []  # kinds of the current run of consecutive failures
        self._latencies: list[float] = []  # seconds of the calls that answered
        self.seen = 0
        self.malformed = 0
        self.no_tool = 0  # malformed calls that were agent turns calling no tool
        self.example = ""
        self.stop: HealthStop | None = None

    @classmethod
    def of(cls, settings: LlmSettings, *, format_check: bool = True) -> ModelHealth:
        """The monitor `settings` ask for (`format_check=False`: outages only)."""
        return cls(
            settings.model,
            max_consecutive_failures=settings.max_consecutive_failures,
            call_timeout_s=settings.call_timeout_s,
            share=settings.max_malformed_share,
            window=settings.format_check_calls,
            format_check=format_check,
        )

    @property
    def open_reason(self) -> str | None:
        """The stop's message, or None while calls may go out."""
        with self._lock:
            return self.stop.message if self.stop else None

    @property
    def needed(self) -> int:
        """Malformed calls among the window that trip the format check."""
        return max(1, math.ceil(self.share * self.window - 1e-9))

    # -- the calls' transport ------------------------------------------------------------

    def succeeded(self, seconds: float | None = None) -> None:
        """A call got a reply (parsed or not) after `seconds`; resets the failure count."""
        with self._lock:
            if self.stop is None:
                self._failures.clear()
            if seconds is not None:
                self._latencies.append(seconds)

    def failed(self, kind: str, message: str) -> None:
        """Count a failed call; only infrastructure kinds count."""
        if kind not in INFRASTRUCTURE_KINDS:
            return
        with self._lock:
            self._failures.append(kind)
            if self.stop is None and len(self._failures) >= self.limit:
                self.stop = self._outage(message)

    def _outage(self, last: str) -> HealthStop:
        count = len(self._failures)
        if all(kind == "timeout" for kind in self._failures):
            return HealthStop(cause="slow", message=self._slow(count))
        return HealthStop(
            cause="unreachable",
            message=(
                f"the model {self.model} is unreachable: {count} consecutive calls failed "
                f"({self._failures[-1]}); last: {' '.join(last.split())[:200]}; make it "
                "reachable, then rsi resume"
            ),
        )

    def _slow(self, count: int) -> str:
        answered = self._latencies
        if answered:
            mean = sum(answered) / len(answered)
            latency = (
                f"{counted(len(answered), 'call')} answered, in {mean:.1f} s on average and "
                f"{max(answered):.1f} s at most"
            )
        else:
            latency = "no call answered"
        return (
            f"the model {self.model} is too slow: {count} consecutive calls timed out at "
            f"[llm] call_timeout_s = {self.call_timeout_s:g} s ({latency}); raise "
            "call_timeout_s or use a faster model or server, then rsi resume"
        )

    # -- the reply format ----------------------------------------------------------------

    def observe(
        self, malformed: list[bool], example: str = "", *, no_tool: bool = False
    ) -> HealthStop | None:
        """Record calls (True: did not parse; `no_tool`: agent turns that called no tool)
        and an example of what the model sent; the stop, if there is one now."""
        with self._lock:
            for bad in malformed:
                if self.seen >= self.window:
                    break
                self.seen += 1
                self.malformed += int(bad)
                self.no_tool += int(bad and no_tool)
            if example and not self.example:
                self.example = example
            if self.stop is None and self.window and self.malformed >= self.needed:
                self._trip(f"{self.malformed} of the first {self.seen} generator calls")
            return self.stop

    def task_ended(self, calls: int, malformed: int) -> HealthStop | None:
        """A task's own tally at its end; trips early when that task was mostly malformed."""
        with self._lock:
            if (
                self.stop is None
                and self.seen < self.window
                and calls >= MIN_TASK_CALLS
                and malformed >= self.share * calls
            ):
                self._trip(f"{malformed} of a task's {calls} generator calls")
            return self.stop

    def _trip(self, what: str) -> None:
        example = " ".join(self.example.split())[:EXAMPLE_CHARS]
        fix = "fix the model or its server, then rsi resume"
        if self.no_tool * 2 > self.malformed:
            message = (
                f"the model {self.model} called no tool: {self.no_tool} agent turns called "
                f"none, and {what} were malformed (it sent: {example!r}); {fix}"
            )
            self.stop = HealthStop(cause="no-tool-calls", message=message)
            return
        message = (
            f"the model {self.model} does not follow the reply format: {what} were "
            f"malformed (it sent: {example!r}); {fix}"
        )
        self.stop = HealthStop(cause="format", message=message)
