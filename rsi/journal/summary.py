"""A run's state summarised for `rsi status`, `rsi release` and `make demo`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from rsi.journal.events import ProposerUsage, Screened, SearchHalted, SearchPaused
from rsi.journal.state import SearchState, Stop
from rsi.journal.store import fold_journal
from search_space import InvalidEdit, counted, describe_edit, parse_edit


class KeptSummary(BaseModel):
    model_config = ConfigDict(frozen=True)

    strategy_id: str
    parent_id: str | None
    round: int
    proposer: str | None
    edit: dict[str, Any] | None
    dev_rar: float | None
    # `dev_rar` is an upper bound: the dev race stopped once this candidate could not be best.
    dev_rar_at_most: bool = False


class RunSummary(BaseModel):
    model_config = ConfigDict(frozen=True)

    run_dir: str
    rounds_completed: int
    attempts: int
    rejected: int
    kept: tuple[KeptSummary, ...]
    champion_id: str | None
    champion_edits: tuple[dict[str, Any], ...]
    stopped: str | None
    gate: dict[str, Any] | None
    optimizer: dict[str, int]  # the LLM proposer's model usage (zero offline)
    proposals: tuple[dict[str, Any], ...]  # every child proposed: who, what, why
    # Every optimizer agent session: its round's parent choice, tool calls, trace read.
    sessions: tuple[dict[str, Any], ...] = ()
    # The gate's power at [release] min_effect: when the search started, and the latest.
    start_power: dict[str, Any] | None = None
    power: dict[str, Any] | None = None
    released: str | None = None  # why no gate ran ("nothing to release")
    # The model's health stop, while it is the search's latest state (see `stopped`).
    halted: str | None = None
    halt_cause: str | None = None  # unreachable, slow, format, no-tool-calls
    # Earlier halts and pauses, oldest first ("halted (slow): ..."), the current one apart.
    earlier_stops: tuple[str, ...] = ()
    deferred: str | None = None  # the latest undecided gate, if the search has not ended


def read_state(run_dir: Path) -> SearchState:
    """Fold the committed journal, read-only (a search may be writing it right now).

    Streams the file and keeps evaluation outcomes, not traces (`SearchState.trace`).
    """
    return fold_journal(run_dir)


def lineage_edits(state: SearchState, strategy_id: str | None) -> list[dict[str, Any]]:
    """The edits from the initial strategy to `strategy_id`, oldest first."""
    edits: list[dict[str, Any]] = []
    current = state.candidates.get(strategy_id) if strategy_id else None
    while current is not None and current.edit is not None:
        edits.append({"round": current.round, "proposer": current.proposer, **current.edit})
        current = state.candidates.get(current.parent_id) if current.parent_id else None
    return list(reversed(edits))


def summarise(run_dir: Path, state: SearchState | None = None) -> RunSummary:
    """The run as people read it; pass `state` when it was just read, to fold once."""
    state = state if state is not None else read_state(run_dir)
    calls: dict[tuple[int, int], int] = {}  # optimizer calls per attempt, in one pass
    for used in state.usage:
        key = (used.round, used.attempt)
        calls[key] = calls.get(key, 0) + used.calls
    champion = state.champion.strategy_id if state.champion else None
    current = None if state.finished else state.current_stop
    halt = current if isinstance(current, SearchHalted) else None
    return RunSummary(
        run_dir=str(run_dir),
        rounds_completed=state.completed_rounds,
        attempts=state.attempts,
        rejected=len(state.rejections),
        kept=tuple(
            KeptSummary(
                strategy_id=c.strategy_id,
                parent_id=c.parent_id,
                round=c.round,
                proposer=c.proposer,
                edit=c.edit,
                dev_rar=c.dev_rar,
                dev_rar_at_most=c.dev_rar_at_most,
            )
            for c in state.candidates.values()
        ),
        champion_id=champion,
        champion_edits=tuple(lineage_edits(state, champion)),
        stopped=stopped_text(state),
        gate=state.gate.model_dump(mode="json") if state.gate else None,
        optimizer=state.optimizer,
        start_power=state.start_power.model_dump(mode="json") if state.start_power else None,
        power=state.power.model_dump(mode="json") if state.power else None,
        released=state.release_skipped.reason if state.release_skipped else None,
        halted=halt.reason if halt else None,
        halt_cause=(halt.cause or "unreachable") if halt else None,
        earlier_stops=tuple(
            stop_text(s)
            for s in state.stops
            if s is not state.current_stop and isinstance(s, (SearchHalted, SearchPaused))
        ),
        deferred=state.deferrals[-1].reason if state.deferrals and not state.finished else None,
        proposals=tuple(
            {
                "round": p.round,
                "attempt": p.attempt,
                "proposer": p.proposer,
                "edit": p.edit,
                "rationale": p.rationale,
                "verdict": _verdict(state, p.round),
                "why": _why(state, p.round),
                "calls": calls.get((p.round, p.attempt), 0),
            }
            for p in state.proposals
        ),
        sessions=optimizer_sessions(run_dir, state),
    )


def stop_text(stop: Stop) -> str:
    """A halt, pause or stop as one line: "halted (slow): ...", "paused: ...", the reason."""
    if isinstance(stop, SearchHalted):
        return f"halted ({stop.cause or 'unreachable'}): {stop.reason}"
    if isinstance(stop, SearchPaused):
        return f"paused: {stop.reason}"
    return stop.reason


def stopped_text(state: SearchState) -> str | None:
    """Where the search stands: its latest halt or pause while nothing came after it (a
    pause with no gate yet is the news even after the rounds stopped: a money cap can
    pause the release gate itself), else why its rounds stopped; None: not yet."""
    current = state.current_stop
    if not state.finished and isinstance(current, (SearchHalted, SearchPaused)):
        return stop_text(current)
    return state.stopped.reason if state.stopped else None


def _session_seconds(run_dir: Path, usage: ProposerUsage) -> list[float | None]:
    """The seconds of each tool call, from the trace the reflective proposer writes beside
    the session's workspace (rsi/proposers/reflective/_proposer.py names the folders)."""
    base = run_dir / "workspaces" / f"round-{usage.round}"
    folder = base if usage.session == "selection" else base / f"attempt-{usage.attempt}"
    path = folder / f"{usage.session}.json"
    try:
        calls = json.loads(path.read_text(encoding="utf-8")).get("calls", [])
    except (OSError, ValueError):
        return [None] * len(usage.tools)
    by_step = {call.get("step"): call.get("seconds") for call in calls}
    return [by_step.get(call.get("step")) for call in usage.tools]


def optimizer_sessions(run_dir: Path, state: SearchState) -> tuple[dict[str, Any], ...]:
    """Each optimizer agent session as journaled (usage, steps, tool calls with their cut
    arguments, trace characters read), the calls' seconds, and session 0's choice."""
    sessions = []
    for usage in state.usage:
        if not usage.tools and not usage.steps:
            continue
        seconds = _session_seconds(run_dir, usage)
        entry: dict[str, Any] = {
            "round": usage.round,
            "attempt": usage.attempt,
            "session": usage.session,
            "calls": usage.calls,
            "steps": usage.steps,
            "stop": usage.stop,
            "trace_chars": usage.trace_chars,
            "tools": [{**call, "seconds": s} for call, s in zip(usage.tools, seconds, strict=True)],
        }
        started = state.rounds_started.get(usage.round)
        if usage.session == "selection" and started is not None and started.selection:
            entry["choice"] = {"parent_id": started.parent_id, **started.selection}
        sessions.append(entry)
    return tuple(sessions)


def _verdict(state: SearchState, round_number: int) -> str | None:
    screened = state.screens.get(round_number)
    if screened is None:
        return None
    return "kept" if screened.passed else "discarded"


def _why(state: SearchState, round_number: int) -> str | None:
    screened = state.screens.get(round_number)
    return why_discarded(screened) if screened is not None and not screened.passed else None


def why_discarded(screen: Screened) -> str:
    """Why a child failed its screen, in a few words: "1 regression", "no gain" or "no
    gain, 2 regressions" (the acceptance rule's own sentence is `screen.reason`). `rsi
    status`, the report's trajectory and tree, and MLflow's run names all say it this way."""
    gain, regressions = screen.shown()  # over the tasks the verdict read
    lost = counted(regressions, "regression")
    if gain <= 0:
        return f"no gain, {lost}" if regressions else "no gain"
    return lost if regressions else screen.reason


def dev_text(dev_rar: float | None, at_most: bool) -> str:
    """A dev RAR as people read it: "62.5%", "at most 37.5%" (an upper bound: the dev race
    stopped once the candidate could not be best), or "-" when not scored yet."""
    if dev_rar is None:
        return "-"
    return f"at most {dev_rar:.1%}" if at_most else f"{dev_rar:.1%}"


def edit_text(edit: dict[str, Any]) -> str:
    """The journaled edit as one readable line (extra keys such as `round` are ignored)."""
    body = {k: v for k, v in edit.items() if k not in ("round", "proposer")}
    try:
        return describe_edit(parse_edit(body))
    except InvalidEdit:  # a journal written by another version: show it raw, never crash
        return json.dumps(body, sort_keys=True)[:160]
