"""What a search does next, read off its config and the fold of its journal.

Every answer is a function of the config, the seed and the journal so far, so a resumed
search asks the same questions and gets the same answers (see `rsi.engine.loop`).
"""

from __future__ import annotations

from rsi.config import SearchSection
from rsi.engine.sampling import minibatch
from rsi.engine.stopping import Budget
from rsi.execution import PrefetchBatch
from rsi.journal import SearchState
from search_space import Strategy


class Schedule:
    """The round in progress, its minibatch and parent, whether the search is over, and
    the batches it is sure to ask for later. `state` is the engine's live fold; `search`
    and `seed` are all of the config it reads (`[search]`, `[experiment] seed`)."""

    def __init__(self, search: SearchSection, seed: int, state: SearchState) -> None:
        self.search = search
        self.seed = seed
        self.state = state

    def terminal_reason(self, budget: Budget) -> str | None:
        """Why the search ends before another round, or None to go on."""
        search, state = self.search, self.state
        if state.completed_rounds >= search.completed_rounds:
            return f"completed {state.completed_rounds} rounds"
        if state.attempts >= search.max_attempts:
            return f"attempt ceiling {search.max_attempts} reached"
        current = self.current_round()
        if current not in state.rounds_started and self.batch(current) is None:
            return "proposal tasks exhausted"
        return budget.exceeded()

    def current_round(self) -> int:
        """The earliest started round not completed, else the next one."""
        started = self.state.rounds_started
        unfinished = [r for r in started if r not in self.state.rounds_completed]
        return min(unfinished) if unfinished else len(self.state.rounds_completed) + 1

    def batch(self, round_number: int) -> tuple[str, ...] | None:
        """The round's proposal minibatch; None when the proposal tasks are exhausted."""
        assert self.state.split is not None
        search = self.search
        return minibatch(
            self.state.split.roles["proposal"],
            round_number,
            size=search.minibatch,
            seed=self.seed,
            epochs=search.epochs,
        )

    def select_parent(self) -> str:
        """The next round's parent: the best by dev RAR (see `SearchState.best_candidate`),
        or the latest kept."""
        candidates = list(self.state.candidates.values())
        if self.search.parent_selection == "latest":
            return candidates[-1].strategy_id
        return self.state.best_candidate().strategy_id

    def certain_batches(self, initial: Strategy) -> list[PrefetchBatch]:
        """Batches the search will ask for whatever its rounds decide (unless it stops
        early): round 1's parent batch, whose parent can only be the initial strategy, and
        the gate's baseline, the initial strategy on the release split. Idle slots
        prefetch them; nothing of them is journaled or shown before the round or the gate
        asks (rsi/execution/prefetch.py), so the search never sees release outcomes."""
        assert self.state.split is not None
        batches = []
        first = self.batch(1) if self.search.completed_rounds >= 1 else None
        if first is not None and 1 not in self.state.rounds_started:
            batches.append(PrefetchBatch(initial, first, "train"))
        batches.append(PrefetchBatch(initial, self.state.split.roles["release"], "release"))
        return batches
