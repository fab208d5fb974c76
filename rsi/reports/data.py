"""What a report shows, collected from a run directory: its journal, config and trace files.

Everything but the timings comes from the journal (`events.jsonl`); runner and judge seconds
come from `traces/` (the journal holds no timings) and wall time from the events' `ts`.
Evaluations are read from the events themselves, not from the folded state, so the report
does not depend on which evaluation details the fold keeps in memory.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from rsi.config import read_run_config
from rsi.forecast import Spend, spend
from rsi.journal import (
    Evaluation,
    Event,
    ProposerUsage,
    RoundCompleted,
    RoundStarted,
    RunStarted,
    SearchHalted,
    SearchPaused,
    SearchState,
    fold,
    model_usage,
    op_file_name,
    optimizer_sessions,
    read_events,
    stop_text,
    why_discarded,
)
from rsi.reports.release_data import ReleaseCard, release_card
from rsi.reports.tree_data import TreeNode, lineage_nodes
from search_space import ALL_FIELDS, UserInputError

# One name per idea: `optimizer` is the optimizer's own model sessions (selection, diagnosis,
# reflection), `proposal` the evaluations on the proposal split's minibatches (journaled with
# purpose "train", a name the journal keeps), as `rsi plan` and the money scopes say.
PHASES = ("optimizer", "proposal", "dev", "release")
PHASE_OF_PURPOSE = {"train": "proposal", "dev": "dev", "release": "release"}


@dataclass(frozen=True)
class RoundPoint:
    """One round: the minibatch screen, and the attempts refused before evaluation."""

    round: int
    minibatch: int
    rejected: int
    field: str | None
    parent_successes: int | None
    child_successes: int | None
    verdict: Literal["kept", "discarded"] | None  # None: no child screened (yet)
    why: str = ""  # a discarded child's reason (`rsi.journal.why_discarded`)


@dataclass(frozen=True)
class KeptPoint:
    strategy_id: str
    round: int
    dev_rar: float | None
    dev_rar_at_most: bool = False  # an upper bound: the dev race stopped early


@dataclass(frozen=True)
class FieldEffect:
    field: str
    proposed: int
    kept: int
    screen_failed: int
    rejected: int
    mean_gain: float | None  # child minus parent minibatch successes, over screened children


@dataclass(frozen=True)
class PhaseCost:
    phase: str
    evaluations: int
    runner_s: float
    judge_s: float
    calls: int
    input_tokens: int
    output_tokens: int


@dataclass(frozen=True)
class CostData:
    phases: tuple[PhaseCost, ...]
    wall_s: tuple[tuple[str, float], ...]  # (segment label, seconds): setup, r1..rN, gate
    untimed: int  # evaluations without a trace file (no runner or judge seconds)
    simulated_usage: bool  # the scripted runner counts the calls a harness would make
    spend: Spend | None = None  # dollars per scope (rsi.forecast), None without a config


@dataclass(frozen=True)
class ReportData:
    """A run as its report shows it. `partial` when no gate was decided yet."""

    run_dir: Path
    run_id: str
    experiment: str
    seed: int  # the [experiment] seed (proposers, sampling)
    data_seed: int | None  # the [data] seed that drew the split; None before it is recorded
    dev_split: str | None  # the dev split's content hash: runs ranked alike share it
    status: str
    partial: bool
    rounds: tuple[RoundPoint, ...]
    kept: tuple[KeptPoint, ...]
    initial_dev_rar: float | None
    attempts: int
    tree: tuple[TreeNode, ...]
    fields: tuple[FieldEffect, ...]
    card: ReleaseCard
    cost: CostData
    # The optimizer's agent sessions (`rsi.journal.optimizer_sessions`); empty offline.
    sessions: tuple[dict[str, Any], ...] = ()


def load_events(run_dir: Path) -> list[Event]:
    """The committed events, or a one-line `UserInputError` for anything that is not a run."""
    if not run_dir.is_dir():
        raise UserInputError("not a run directory", source=str(run_dir))
    try:
        events = read_events(run_dir)
    except (UnicodeDecodeError, OSError) as error:
        raise UserInputError(f"unreadable journal: {error}", source=str(run_dir)) from None
    # A pilot's evaluations may come before the search's start (`rsi pilot`).
    if not any(isinstance(event.data, RunStarted) for event in events):
        raise UserInputError("the journal has no run_started event yet", source=str(run_dir))
    return events


def _status(state: SearchState) -> tuple[str, bool]:
    power = _power_note(state)
    if state.gate is not None:
        return f"finished: the release gate was decided{power}", False
    if state.release_skipped is not None:
        return f"finished: {state.release_skipped.reason}{power}", False
    done = f"{state.completed_rounds} rounds and {state.attempts} attempts so far"
    if state.deferrals:
        return f"stopped, gate undecided: {state.deferrals[-1].reason}", True
    current = state.current_stop
    if isinstance(current, (SearchHalted, SearchPaused)):  # the latest, nothing after it
        return f"{stop_text(current)}; {done}", True
    if state.stopped is not None:
        return f"stopped ({state.stopped.reason}) but interrupted before the release gate", True
    return f"still running or interrupted: {done}, no release gate yet", True


def _power_note(state: SearchState) -> str:
    """The gate's power at [release] min_effect, as the search started and at the dev RAR."""
    start = state.start_power
    if start is None:
        return ""
    note = f"; gate power {start.power:.2f} to detect a {start.effect:.0%} gain (at start"
    if state.power is not None and state.power.basis == "dev":
        note += f", {state.power.power:.2f} at the initial dev RAR"
    return note + ")"


def _rounds(state: SearchState) -> tuple[RoundPoint, ...]:
    points = []
    for r, started in sorted(state.rounds_started.items()):
        screen = state.screens.get(r)
        child = next((p for p in state.proposals if p.round == r), None)
        verdict: Literal["kept", "discarded"] | None = None
        if screen is not None:
            verdict = "kept" if screen.passed else "discarded"
        points.append(
            RoundPoint(
                round=r,
                minibatch=len(started.tasks),
                rejected=sum(1 for x in state.rejections if x.round == r),
                field=child.field if child else None,
                parent_successes=screen.parent_successes if screen else None,
                child_successes=screen.child_successes if screen else None,
                verdict=verdict,
                why=why_discarded(screen) if screen is not None and not screen.passed else "",
            )
        )
    return tuple(points)


def _fields(state: SearchState) -> tuple[FieldEffect, ...]:
    effects = []
    extra = sorted({x.field or "(none)" for x in state.rejections} - set(ALL_FIELDS))
    for name in (*ALL_FIELDS, *extra):
        children = {p.child_id for p in state.proposals if p.field == name}
        screens = [s for s in state.screens.values() if s.child_id in children]
        rejected = sum(1 for x in state.rejections if (x.field or "(none)") == name)
        gains = [s.shown()[0] for s in screens]  # over the tasks the verdict read
        effects.append(
            FieldEffect(
                field=name,
                proposed=len(children) + rejected,
                kept=sum(1 for s in screens if s.passed),
                screen_failed=sum(1 for s in screens if not s.passed),
                rejected=rejected,
                mean_gain=sum(gains) / len(gains) if gains else None,
            )
        )
    return tuple(effects)


def _seconds(run_dir: Path, op: str) -> tuple[float, float] | None:
    """(runner, judge) seconds of one evaluation from its trace file; None if it has none."""
    path = run_dir / "traces" / op_file_name(op)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    runner = float(record.get("trace", {}).get("usage", {}).get("seconds", 0.0))
    results = (record.get("judgement") or {}).get("results", [])
    return runner, float(sum(r.get("duration_s", 0.0) for r in results))


def _ms(event: Event) -> float:
    return datetime.fromisoformat(event.ts).timestamp()


def _wall(events: list[Event]) -> tuple[tuple[str, float], ...]:
    """Seconds per segment: setup (to round 1), each completed round, the gate."""
    starts: dict[int, float] = {}
    segments: list[tuple[str, float]] = []
    # From the search's start: a pilot's evaluations may come long before it.
    first = _ms(next(e for e in events if isinstance(e.data, RunStarted)))
    last_round_end: float | None = None
    for event in events:
        data = event.data
        if isinstance(data, RoundStarted):
            if not starts:
                segments.append(("setup", _ms(event) - first))
            starts.setdefault(data.round, _ms(event))
        elif isinstance(data, RoundCompleted) and data.round in starts:
            last_round_end = _ms(event)
            segments.append((f"r{data.round}", last_round_end - starts[data.round]))
        elif data.type == "gate_decided" and last_round_end is not None:
            segments.append(("gate", _ms(event) - last_round_end))
    return tuple(segments)


def _money(run_dir: Path, state: SearchState) -> Spend | None:
    """Usage and dollars per scope at the run's prices; None without a readable config."""
    try:
        return spend(state, read_run_config(run_dir))
    except UserInputError:
        return None


def _scripted(run_dir: Path) -> bool:
    """Whether the run's config names the scripted runner (False when unreadable)."""
    try:
        return read_run_config(run_dir).runner.kind == "scripted"
    except UserInputError:
        return False


def _cost(run_dir: Path, events: list[Event], money: Spend | None) -> CostData:
    totals: dict[str, dict[str, float]] = {p: dict.fromkeys(_COST_KEYS, 0.0) for p in PHASES}
    untimed, simulated, untraced = 0, False, False
    for event in events:
        data = event.data
        if isinstance(data, Evaluation):
            row = totals[PHASE_OF_PURPOSE[data.purpose]]
            usage = model_usage(data)  # kept by outcomes without their trace too
            simulated = simulated or data.trace.get("runner") == "scripted"
            untraced = untraced or not data.trace
            row["evaluations"] += 1
            for key in ("calls", "input_tokens", "output_tokens"):
                row[key] += float(usage.get(key, 0))
            seconds = _seconds(run_dir, event.op)
            if seconds is None:
                untimed += 1
            else:
                row["runner_s"] += seconds[0]
                row["judge_s"] += seconds[1]
        elif isinstance(data, ProposerUsage):
            row = totals["optimizer"]
            row["calls"] += data.calls
            row["input_tokens"] += data.input_tokens
            row["output_tokens"] += data.output_tokens
    phases = tuple(
        PhaseCost(
            phase=p,
            evaluations=int(t["evaluations"]),
            runner_s=t["runner_s"],
            judge_s=t["judge_s"],
            calls=int(t["calls"]),
            input_tokens=int(t["input_tokens"]),
            output_tokens=int(t["output_tokens"]),
        )
        for p, t in totals.items()
    )
    # Outcomes without their trace (a lineage sink's) do not say the runner: the config does.
    simulated = simulated or (untraced and _scripted(run_dir))
    return CostData(phases, _wall(events), untimed, simulated, money)


_COST_KEYS = ("evaluations", "runner_s", "judge_s", "calls", "input_tokens", "output_tokens")


def _release_settings(run_dir: Path) -> tuple[int, int] | None:
    """The gate's bootstrap (seed, resamples) from the run's config; None if unreadable."""
    try:
        release = read_run_config(run_dir).release
    except UserInputError:
        return None
    return release.seed, release.resamples


def collect(run_dir: Path, events: Sequence[Event] | None = None) -> ReportData:
    """Read a run directory into `ReportData` (read-only; a search may be writing it).

    `events`: the journal already in memory (a lineage sink holds it, evaluations without
    their traces), so that drawing the final report does not read the journal again.
    """
    events = list(events) if events is not None else load_events(run_dir)
    started = next(e.data for e in events if isinstance(e.data, RunStarted))
    state = fold(events)
    status, partial = _status(state)
    initial = next((c for c in state.candidates.values() if c.parent_id is None), None)
    money = _money(run_dir, state)
    return ReportData(
        run_dir=run_dir,
        run_id=started.run_id,
        experiment=started.experiment,
        seed=started.seed,
        data_seed=state.split.seed if state.split else None,
        dev_split=state.split.hashes.get("dev") if state.split else None,
        status=status,
        partial=partial,
        rounds=_rounds(state),
        kept=tuple(
            KeptPoint(c.strategy_id, c.round, c.dev_rar, c.dev_rar_at_most)
            for c in state.candidates.values()
        ),
        initial_dev_rar=initial.dev_rar if initial else None,
        attempts=state.attempts,
        tree=lineage_nodes(state),
        fields=_fields(state),
        card=replace(release_card(state, events, _release_settings(run_dir)), spend=money),
        cost=_cost(run_dir, events, money),
        sessions=optimizer_sessions(run_dir, state),
    )
