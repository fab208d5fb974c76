"""Racing: evaluate a strategy only until the decision its outcomes feed is fixed.

`[search] stop_when_decided` (on by default) races two batches (docs/design.md section 8):

- the screen: the child on its parent's minibatch, the tasks the parent solved first (only
  they can regress); the acceptance rule's `decide` says when the verdict is fixed;
- dev: a kept child on the dev split, until its successes plus the tasks left cannot make
  it the best candidate (`dev_race`; `SearchState.best_candidate` gives a tie to the later
  generation). Its dev RAR is then journaled as an upper bound.

Rules the journal relies on:

- A race runs in waves over a fixed task order. A wave is the next `max(wave, m)` tasks,
  where m is the fewest further outcomes after which the decision could be fixed (all of
  them misses, or all successes): no task of a wave could have been skipped but the last
  `wave - 1`. The decision is read between waves.
- Wave sizes depend on the outcomes so far and the config only, never on the workers or
  their timing, so the journal is the same at any worker count, on threads or Dask, and
  after a resume (a wave already journaled replays from the cache for free).
- Every evaluation of a wave runs and is journaled (in flight when the decision comes:
  paid, so kept); the tasks after the deciding wave are never started.
- `replay` runs the same waves over outcomes already known: with the switch off every
  task is paid, and what the decision read is still known, so proposers can be shown the
  same screen either way (`Screened.read`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from rsi.journal import SearchState

Decision = TypeVar("Decision")
Decide = Callable[[Mapping[str, bool]], "Decision | None"]
"""The decision, once the outcomes read so far (task -> solved) fix it; else None."""


@dataclass(frozen=True)
class Racing:
    """`[search] stop_when_decided` and `race_wave`: whether to stop, and the least wave."""

    stop: bool = True
    wave: int = 2


@dataclass(frozen=True)
class RaceResult(Generic[Decision]):
    """What a race read (task -> solved, in race order), its decision, and the tasks after
    the deciding wave (empty when every task was read)."""

    read: dict[str, bool]
    decision: Decision | None
    left: tuple[str, ...]

    @property
    def early(self) -> bool:
        """Decided before the last task."""
        return self.decision is not None and bool(self.left)


def screen_order(parent: Mapping[str, bool], tasks: Sequence[str]) -> tuple[str, ...]:
    """The minibatch in race order: the tasks the parent solved, then the rest, each in
    minibatch order."""
    return tuple(t for t in tasks if parent[t]) + tuple(t for t in tasks if not parent[t])


def next_wave(
    order: Sequence[str], read: Mapping[str, bool], decide: Decide[Decision], wave: int
) -> tuple[str, ...]:
    """The next wave after the outcomes `read` (a prefix of `order`): at least `wave`
    tasks, and every task before the first outcome that could fix the decision."""
    left = tuple(order[len(read) :])
    for m in range(1, len(left)):
        if m >= wave and _could_decide(read, left[:m], decide):
            return left[:m]
    return left


def _could_decide(read: Mapping[str, bool], tasks: Sequence[str], decide: Decide[Decision]) -> bool:
    """Whether `tasks`' outcomes, all misses or all successes, would fix the decision."""
    return any(
        decide({**read, **dict.fromkeys(tasks, solved)}) is not None for solved in (False, True)
    )


def run_race(
    order: Sequence[str],
    decide: Decide[Decision],
    evaluate: Callable[[tuple[str, ...]], Mapping[str, bool]],
    wave: int,
) -> RaceResult[Decision]:
    """Evaluate `order` wave by wave until `decide` fixes the decision or no task is left."""
    read: dict[str, bool] = {}
    decision = decide(read)
    while decision is None and len(read) < len(order):
        tasks = next_wave(order, read, decide, wave)
        outcomes = evaluate(tasks)
        read.update((task, outcomes[task]) for task in tasks)
        decision = decide(read)
    return RaceResult(read, decision, tuple(order[len(read) :]))


def replay(
    order: Sequence[str], outcomes: Mapping[str, bool], decide: Decide[Decision], wave: int
) -> RaceResult[Decision]:
    """The race over outcomes already known: what it would have read, and decided."""
    return run_race(order, decide, lambda tasks: {t: outcomes[t] for t in tasks}, wave)


def dev_race(state: SearchState, child_id: str, n: int) -> Decide[int] | None:
    """A kept child's dev race: decided (with the most successes it can still reach) once
    it cannot become the best candidate; None when nothing is scored yet (the initial
    strategy is always scored whole).

    The child becomes best only with more successes than the best, or as many from a later
    generation (a full tie goes to the earlier kept, `SearchState.best_candidate`). Every
    candidate is scored on the same dev tasks, so successes compare as RAR does.
    """
    scored = [c for c in state.candidates.values() if c.dev_rar is not None]
    if not scored:
        return None
    best = state.best_candidate()
    assert best.dev_rar is not None
    best_successes = round(best.dev_rar * n)
    later = state.generation(child_id) > state.generation(best.strategy_id)
    need = best_successes if later else best_successes + 1

    def decide(read: Mapping[str, bool]) -> int | None:
        reachable = sum(read.values()) + n - len(read)
        return reachable if reachable < need else None

    return decide
