"""The usage meter: per-scope caps on model calls, enforced before each call.

One meter is one allowance (a scope): the generator's per task, the optimizer's for a
search. Every call of that scope, whatever its phase, draws on the same meter.

- `reserve(prompt_chars, max_tokens)` runs before a call is sent. It waits for one of
  `caps.concurrent` slots (within the wall time left), then admits the call only if every
  cap still holds with it counted: one more call, `ceil(prompt_chars / 4)` input tokens and
  `max_tokens` output tokens (the conservative reservation of the paper, Appendix C.3.3).
  A cap that would be passed raises `CapReached(cap)` and nothing is sent.
- `settle(reservation, reported)` runs after it, always, and frees the slot. Reported
  usage replaces the reservation; without it the reservation stands. So the output cap
  is never exceeded (a provider honours max_tokens); the input cap is exact with respect
  to the reservation, and a provider counting more than chars/4 can pass it by at most
  that one call's difference, after which the meter admits nothing more.
- The wall cap runs from the meter's creation on its injectable `clock`.
- With a `charge` (`evaluators.llm.pricing.ScopeCharge`), a billed call's reserved tokens
  are also reserved in dollars on the run's money ledger before it is sent (a money cap
  refuses it with `CapReached("usd")`), and settled at the reported usage.
- Prompt caching (evaluators/llm/prompt_cache.py) changes the bill, never the caps: a
  call's `input_tokens` are every input token the provider counted, cached or not, and
  the caps count them all (Table 12); `cache_read_input_tokens` and
  `cache_write_input_tokens` are the parts of them the provider read from and wrote to its
  prompt cache (priced apart, pricing.py), billed as reported.

Caps versus the bill. The caps bound what a scope *asks*; `snapshot()` reports what it was
*billed*, so that usage, money, the forecast and the provider's own count agree:
- a call sent to the provider is billed;
- a call answered from the run's reply cache (`cached=True`) was billed once, when this
  run first paid it (a resumed or replayed task): it is billed usage (`cached_calls`
  counts it) and meets the caps at the same call as the run that paid;
- a billed call no provider reported usage for (a timeout, a lost connection, a reply
  without a usage field) or still in flight is billed at its reservation, which may be far
  more than it generated (a timed-out call at its whole `max_tokens`); `snapshot()` counts
  those apart too (`estimated_calls`, `estimated_input_tokens`, `estimated_output_tokens`:
  part of the billed figures), so that usage shown is never mistaken for what a server
  reported, while the caps stay conservative;
- a call answered from a client's memory (`reserve(..., remembered=True)`: the same
  question asked twice in one task run) is never billed: it meets the caps as a cache hit
  does (so what the harness does is unchanged), holds no money, and is counted apart, in
  `remembered_calls`, with neither a billed call nor tokens.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from search_space import RsiError

CAP_NAMES = ("calls", "input_tokens", "output_tokens", "wall_s", "usd")


class Charge(Protocol):
    """Money for a meter's calls: `reserve` before (raising `CapReached`), `settle` after."""

    def reserve(self, input_tokens: int, output_tokens: int) -> float: ...

    def settle(self, reserved_usd: float, usage: LlmUsage) -> None: ...


def _zero(value: float) -> bool:
    return value == 0


class LlmUsage(BaseModel):
    """What a scope (or one request) was billed: calls and tokens the provider counted
    (`cached_calls` of them replayed from the run's cache, paid once), and the calls
    answered from memory apart (`remembered_calls`: never billed, no tokens). The
    `estimated_*` figures are the part of the billed ones no provider reported: calls
    counted at their reservation (see the module docstring); the `cache_*` ones the part of
    `input_tokens` the provider read from / wrote to its prompt cache. Omitted when 0."""

    model_config = ConfigDict(frozen=True)

    calls: int = 0
    cached_calls: int = 0
    remembered_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    estimated_calls: int = Field(default=0, exclude_if=_zero)
    estimated_input_tokens: int = Field(default=0, exclude_if=_zero)
    estimated_output_tokens: int = Field(default=0, exclude_if=_zero)
    cache_read_input_tokens: int = Field(default=0, exclude_if=_zero)
    cache_write_input_tokens: int = Field(default=0, exclude_if=_zero)

    @property
    def fresh_input_tokens(self) -> int:
        """Input tokens neither read from nor written to the provider's prompt cache."""
        return self.input_tokens - self.cache_read_input_tokens - self.cache_write_input_tokens

    def __add__(self, other: LlmUsage) -> LlmUsage:
        return LlmUsage(
            calls=self.calls + other.calls,
            cached_calls=self.cached_calls + other.cached_calls,
            remembered_calls=self.remembered_calls + other.remembered_calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            seconds=self.seconds + other.seconds,
            estimated_calls=self.estimated_calls + other.estimated_calls,
            estimated_input_tokens=self.estimated_input_tokens + other.estimated_input_tokens,
            estimated_output_tokens=self.estimated_output_tokens + other.estimated_output_tokens,
            cache_read_input_tokens=self.cache_read_input_tokens + other.cache_read_input_tokens,
            cache_write_input_tokens=self.cache_write_input_tokens + other.cache_write_input_tokens,
        )


class UsageCaps(BaseModel):
    """One scope's allowance; the defaults are the paper's per-task caps (Table 12)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    calls: int = Field(default=48, ge=0)
    input_tokens: int = Field(default=500_000, ge=0)
    output_tokens: int = Field(default=100_000, ge=0)
    wall_s: float = Field(default=900.0, gt=0)
    concurrent: int = Field(default=2, ge=1)


class CallReservation(BaseModel):
    """An admitted call's reservation, held (with its slot) until settled; `remembered`
    calls are answered from a client's memory and never billed."""

    model_config = ConfigDict(frozen=True)

    id: int
    input_tokens: int
    output_tokens: int
    started: float
    remembered: bool = False


class CapReached(RsiError, RuntimeError):
    """A call was refused before it was sent: `cap` is one of CAP_NAMES."""

    def __init__(self, cap: str, scope: str, detail: str) -> None:
        self.cap = cap
        self.scope = scope
        super().__init__(f"{scope}: llm cap {cap} reached ({detail})")


def reserved_input_tokens(prompt_chars: int) -> int:
    """The input tokens reserved for a prompt of `prompt_chars` characters."""
    return math.ceil(prompt_chars / 4)


@dataclass
class _Tally:
    """Calls and tokens, settled usage plus open reservations."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0

    def add(self, calls: int, input_tokens: int, output_tokens: int) -> None:
        self.calls += calls
        self.input_tokens += input_tokens
        self.output_tokens += output_tokens


def _taken(reservation: CallReservation) -> tuple[int, int, int]:
    """What to add to a tally to take `reservation` back out of it."""
    return -1, -reservation.input_tokens, -reservation.output_tokens


class UsageMeter:
    """Thread-safe caps for one scope; see the module docstring for the rules."""

    def __init__(
        self,
        caps: UsageCaps,
        scope: str,
        clock: Callable[[], float] = time.monotonic,
        *,
        charge: Charge | None = None,
    ) -> None:
        self.caps = caps
        self._charge = charge
        self._charged: dict[int, float] = {}  # reservation id -> dollars held
        self.scope = scope
        self._clock = clock
        self._start = clock()
        self._slots = threading.BoundedSemaphore(caps.concurrent)
        self._lock = threading.Lock()
        self._ids = itertools.count()
        self._open: dict[int, CallReservation] = {}
        self._asked = _Tally()  # what the caps count: billed and remembered calls
        self._billed = _Tally()  # what the provider billed (cache hits paid once)
        self._estimated = _Tally()  # the part of it at reservations: no usage reported
        self._cached = 0
        self._remembered = 0
        self._cache_tokens = [0, 0]  # billed input tokens read from / written to the cache

    def elapsed_s(self) -> float:
        return self._clock() - self._start

    def remaining_wall_s(self) -> float:
        return self.caps.wall_s - self.elapsed_s()

    def reserve(
        self, prompt_chars: int, max_tokens: int, *, remembered: bool = False
    ) -> CallReservation:
        """Admit one call or raise `CapReached`; the caller must `settle` what it gets.
        `remembered`: the call is answered from memory, never sent nor billed."""
        self._check_wall()
        if not self._slots.acquire(timeout=max(self.remaining_wall_s(), 0.0)):
            raise CapReached("wall_s", self.scope, "no call slot freed before the wall cap")
        try:
            with self._lock:
                self._check_wall()
                tokens = (reserved_input_tokens(prompt_chars), max_tokens)
                reservation = self._admit(*tokens, remembered=remembered)
            if self._charge is not None and not remembered:
                self._hold(reservation)
        except BaseException:
            self._slots.release()
            raise
        return reservation

    def settle(
        self, reservation: CallReservation, reported: LlmUsage | None, *, cached: bool = False
    ) -> None:
        """Replace the reservation by `reported` usage when given; free the slot."""
        with self._lock:
            if self._open.pop(reservation.id, None) is None:
                raise ValueError(f"reservation {reservation.id} is not open")
            if reported is not None:
                extra_in = reported.input_tokens - reservation.input_tokens
                extra_out = reported.output_tokens - reservation.output_tokens
                self._asked.add(0, extra_in, extra_out)
                if not reservation.remembered:
                    self._billed.add(0, extra_in, extra_out)
                    self._estimated.add(*_taken(reservation))
                    self._cache_tokens[0] += reported.cache_read_input_tokens
                    self._cache_tokens[1] += reported.cache_write_input_tokens
            self._cached += int(cached and not reservation.remembered)
            held = self._charged.pop(reservation.id, None)
        if held is not None and self._charge is not None:
            used = reported or LlmUsage(
                input_tokens=reservation.input_tokens, output_tokens=reservation.output_tokens
            )
            self._charge.settle(held, used)
        self._slots.release()

    def snapshot(self) -> LlmUsage:
        """Billed usage so far (open reservations counted as reserved), the calls answered
        from memory apart; seconds since creation."""
        with self._lock:
            return LlmUsage(
                calls=self._billed.calls,
                cached_calls=self._cached,
                remembered_calls=self._remembered,
                input_tokens=self._billed.input_tokens,
                output_tokens=self._billed.output_tokens,
                seconds=self.elapsed_s(),
                estimated_calls=self._estimated.calls,
                estimated_input_tokens=self._estimated.input_tokens,
                estimated_output_tokens=self._estimated.output_tokens,
                cache_read_input_tokens=self._cache_tokens[0],
                cache_write_input_tokens=self._cache_tokens[1],
            )

    def _hold(self, reservation: CallReservation) -> None:
        """Reserve the admitted call's dollars, or take the admission back and re-raise."""
        assert self._charge is not None
        try:
            held = self._charge.reserve(reservation.input_tokens, reservation.output_tokens)
        except CapReached:
            with self._lock:
                self._open.pop(reservation.id, None)
                taken = _taken(reservation)
                self._asked.add(*taken)
                self._billed.add(*taken)
                self._estimated.add(*taken)
            raise
        with self._lock:
            self._charged[reservation.id] = held

    def _check_wall(self) -> None:
        if self.remaining_wall_s() <= 0:
            detail = f"{self.elapsed_s():g} s of {self.caps.wall_s:g} s elapsed"
            raise CapReached("wall_s", self.scope, detail)

    def _admit(self, input_tokens: int, output_tokens: int, *, remembered: bool) -> CallReservation:
        wanted = {"calls": 1, "input_tokens": input_tokens, "output_tokens": output_tokens}
        for cap, amount in wanted.items():
            limit, used = getattr(self.caps, cap), getattr(self._asked, cap)
            if used + amount > limit:
                detail = f"{used} of {limit} used, this call needs {amount}"
                raise CapReached(cap, self.scope, detail)
        self._asked.add(1, input_tokens, output_tokens)
        if remembered:
            self._remembered += 1
        else:
            self._billed.add(1, input_tokens, output_tokens)
            self._estimated.add(1, input_tokens, output_tokens)  # until usage is reported
        reservation = CallReservation(
            id=next(self._ids),
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            started=self._clock(),
            remembered=remembered,
        )
        self._open[reservation.id] = reservation
        return reservation
