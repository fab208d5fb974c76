"""Search state as a fold over journal events (docs/design.md section 7)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rsi.journal.events import (
    CandidateKept,
    ChampionFrozen,
    ChildProposed,
    DecidedEarly,
    DevScored,
    Evaluation,
    Event,
    GateDecided,
    GateDeferred,
    GatePower,
    LineageFailed,
    ProposalRejected,
    ProposerUsage,
    Reflection,
    ReleaseSkipped,
    RoundCompleted,
    RoundStarted,
    Screened,
    SearchHalted,
    SearchPaused,
    SearchStopped,
    SplitRecorded,
)
from rsi.journal.outcome import EvaluationOutcome
from rsi.journal.totals import EvaluationTotals


@dataclass
class Candidate:
    strategy_id: str
    parent_id: str | None
    round: int
    strategy: dict[str, Any]
    edit: dict[str, Any] | None
    proposer: str | None
    dev_rar: float | None = None
    # True when `dev_rar` is an upper bound ("at most"): the dev race stopped once this
    # candidate could no longer be the best (`[search] stop_when_decided`), so it is never
    # the champion nor a best-dev parent; an optimizer choosing a parent must read it so.
    dev_rar_at_most: bool = False


Stop = SearchHalted | SearchPaused | SearchStopped
TraceSource = Callable[[str], dict[str, Any]]
"""Reads the trace of the evaluation journaled under an op (from the journal file)."""


@dataclass
class SearchState:
    """Everything the engine and `rsi status` need, rebuilt from the journal alone.

    With a `traces` source (a state read from a journal file), `evaluations` hold outcomes
    only (`trace` is empty) and `trace(op)` reads a trace back when asked; a state folded
    from events in memory keeps them whole. Either way, ask `trace(op)` for a trace.
    """

    split: SplitRecorded | None = None
    candidates: dict[str, Candidate] = field(default_factory=dict)  # kept, in keep order
    evaluations: dict[str, Evaluation] = field(default_factory=dict)  # by op
    rounds_started: dict[int, RoundStarted] = field(default_factory=dict)
    rounds_completed: dict[int, RoundCompleted] = field(default_factory=dict)
    proposals: list[ChildProposed] = field(default_factory=list)
    rejections: list[ProposalRejected] = field(default_factory=list)
    screens: dict[int, Screened] = field(default_factory=dict)
    # Races stopped early: screens by round, dev scores by strategy id (rsi/screening/race.py).
    screens_decided: dict[int, DecidedEarly] = field(default_factory=dict)
    devs_decided: dict[str, DecidedEarly] = field(default_factory=dict)
    reflections: list[Reflection] = field(default_factory=list)
    champion: ChampionFrozen | None = None
    gate: GateDecided | None = None
    power: GatePower | None = None  # the latest: "dev" once the initial's dev RAR is known
    start_power: GatePower | None = None  # the power the search started with
    release_skipped: ReleaseSkipped | None = None
    deferrals: list[GateDeferred] = field(default_factory=list)
    halts: list[SearchHalted] = field(default_factory=list)
    stopped: SearchStopped | None = None
    paused: SearchPaused | None = None  # the latest pause at the optimizer budget
    # Every halt, pause and stop in journal order, and the latest one while nothing but a
    # lineage failure came after it (a resumed search that went on has no current stop).
    stops: list[Stop] = field(default_factory=list)
    current_stop: Stop | None = None
    usage: list[ProposerUsage] = field(default_factory=list)  # LLM proposer sessions
    # Model usage and harness calls summed over `evaluations` as they are folded: views
    # read these, never the traces (issue 53).
    totals: EvaluationTotals = field(default_factory=EvaluationTotals)
    traces: TraceSource | None = field(default=None, repr=False, compare=False)

    def trace(self, op: str) -> dict[str, Any]:
        """The trace of the evaluation journaled under `op` (KeyError if there is none)."""
        if op not in self.evaluations:
            raise KeyError(op)
        return self.traces(op) if self.traces is not None else self.evaluations[op].trace

    @property
    def optimizer(self) -> dict[str, int]:
        """What the optimizer's model sessions used so far (the [budget] optimizer caps)."""
        return {
            "calls": sum(u.calls for u in self.usage),
            "input_tokens": sum(u.input_tokens for u in self.usage),
            "output_tokens": sum(u.output_tokens for u in self.usage),
        }

    @property
    def optimizer_unreported(self) -> dict[str, int]:
        """The part of `optimizer` no server reported (calls counted at their reservation)."""
        return {
            "estimated_calls": sum(u.estimated_calls for u in self.usage),
            "estimated_input_tokens": sum(u.estimated_input_tokens for u in self.usage),
            "estimated_output_tokens": sum(u.estimated_output_tokens for u in self.usage),
        }

    @property
    def optimizer_cached(self) -> dict[str, int]:
        """The part of `optimizer`'s input tokens read from / written to the prompt cache."""
        return {
            "cache_read_input_tokens": sum(u.cache_read_input_tokens for u in self.usage),
            "cache_write_input_tokens": sum(u.cache_write_input_tokens for u in self.usage),
        }

    @property
    def attempts(self) -> int:
        """Proposals made: each rejected edit and each evaluated child counts once."""
        return len(self.rejections) + len(self.proposals)

    @property
    def completed_rounds(self) -> int:
        return len(self.rounds_completed)

    def attempts_in_round(self, round_number: int) -> int:
        return sum(1 for r in self.rejections if r.round == round_number) + sum(
            1 for p in self.proposals if p.round == round_number
        )

    def generation(self, strategy_id: str) -> int:
        """Kept edits between the initial strategy and this candidate (0 for the initial)."""
        depth, parent = 0, self.candidates[strategy_id].parent_id
        while parent is not None:
            depth, parent = depth + 1, self.candidates[parent].parent_id
        return depth

    def best_candidate(self) -> Candidate:
        """Highest dev RAR; on a tie, the later generation, then the earliest kept.

        A small dev split ties often. Each generation passed one more screen (a strict gain
        with zero regressions on unseen tasks), so on equal dev evidence it is the better
        supported strategy, and the search keeps building on it instead of stalling.
        A candidate whose dev RAR is an upper bound is never best: its race stopped only
        once it could not be (rsi/screening/race.py), so leaving it out changes nothing.
        """
        scored = [
            c for c in self.candidates.values() if c.dev_rar is not None and not c.dev_rar_at_most
        ]
        # max() keeps the first of equal keys, and candidates are in keep order.
        return max(scored, key=lambda c: (c.dev_rar or 0.0, self.generation(c.strategy_id)))

    def apply(self, event: Event) -> None:
        data = event.data
        if isinstance(data, Evaluation):  # most events: tested first
            self.current_stop = None
            self._apply_evaluation(event.op, data)
            return
        if isinstance(data, (SearchHalted, SearchPaused, SearchStopped)):
            self.stops.append(data)
            self.current_stop = data
        elif not isinstance(data, LineageFailed):
            self.current_stop = None
        if isinstance(data, SplitRecorded):
            self.split = data
        elif isinstance(data, CandidateKept):
            self.candidates[data.strategy_id] = Candidate(
                data.strategy_id,
                data.parent_id,
                data.round,
                data.strategy,
                data.edit,
                data.proposer,
            )
        elif isinstance(data, DevScored):
            if data.strategy_id in self.candidates:
                self.candidates[data.strategy_id].dev_rar = data.rar
                self.candidates[data.strategy_id].dev_rar_at_most = data.at_most
        elif isinstance(data, DecidedEarly):
            if data.purpose == "train":
                self.screens_decided[data.round] = data
            else:
                self.devs_decided[data.strategy_id] = data
        elif isinstance(data, RoundStarted):
            self.rounds_started[data.round] = data
        elif isinstance(data, RoundCompleted):
            self.rounds_completed[data.round] = data
        elif isinstance(data, ChildProposed):
            self.proposals.append(data)
        elif isinstance(data, ProposalRejected):
            self.rejections.append(data)
        elif isinstance(data, Screened):
            self.screens[data.round] = data
        elif isinstance(data, Reflection):
            self.reflections.append(data)
        elif isinstance(data, ChampionFrozen):
            self.champion = data
        elif isinstance(data, GateDecided):
            self.gate = data
        elif isinstance(data, SearchStopped):
            self.stopped = data
        elif isinstance(data, SearchPaused):
            self.paused = data
        elif isinstance(data, ProposerUsage):
            self.usage.append(data)
        else:
            self._apply_release(data)

    def _apply_evaluation(self, op: str, data: Evaluation) -> None:
        if self.traces is not None:
            data = EvaluationOutcome.of(data)
        replaced = self.evaluations.get(op)
        if replaced is not None:
            self.totals.add(replaced, sign=-1)
        self.evaluations[op] = data
        self.totals.add(data)

    def _apply_release(self, data: object) -> None:
        if isinstance(data, GatePower):
            self.power = data
            self.start_power = self.start_power or data
        elif isinstance(data, ReleaseSkipped):
            self.release_skipped = data
        elif isinstance(data, GateDeferred):
            self.deferrals.append(data)
        elif isinstance(data, SearchHalted):
            self.halts.append(data)

    @property
    def finished(self) -> bool:
        """The search ended: its gate decided, or it had nothing to release."""
        return self.gate is not None or self.release_skipped is not None


def fold(events: Iterable[Event], traces: TraceSource | None = None) -> SearchState:
    """Apply `events` in order to an empty state (see `SearchState` for `traces`)."""
    state = SearchState(traces=traces)
    for event in events:
        state.apply(event)
    return state
