"""The journal: the only source of truth of a search (docs/design.md section 7).

Public surface:
- typed events (`Event`, `EventData` and one model per event type), `evaluation_op` and
  `model_usage` (an evaluation's model usage, with or without its trace);
- `Journal`, the append-only, fsynced, op-idempotent `events.jsonl`, and `read_events`, its
  read-only reader (`read_outcome_events` without evaluation traces, which a
  `FollowingTraceFile` reads back by op, as the journal grows); `JournalConflict` when a
  replayed op disagrees;
- `RunLock`: one process drives a run at a time;
- `SearchState` and `fold`: the state every decision reads, rebuilt from events alone
  (`Journal.fold()` and `read_state` keep evaluation outcomes, `SearchState.trace(op)`
  reads a trace back from the journal; `EvaluationOutcome`, `TraceSource`);
- `summarise`, `RunSummary`, `stop_text`, `edit_text`, `dev_text`, `lineage_edits`,
  `why_discarded`: a run as people read it;
- `Record`: the callable through which search steps append (and fold) one event.
"""

from collections.abc import Callable

from rsi.journal.events import (
    EVENT_DATA,
    AbandonedUsage,
    CandidateKept,
    ChampionFrozen,
    ChildProposed,
    DecidedEarly,
    DevScored,
    Evaluation,
    Event,
    EventData,
    GateDecided,
    GateDeferred,
    GatePower,
    HealthCause,
    LineageFailed,
    ProposalRejected,
    ProposerUsage,
    Purpose,
    Reflection,
    ReleaseSkipped,
    RoundCompleted,
    RoundStarted,
    RunStarted,
    Screened,
    SearchHalted,
    SearchPaused,
    SearchStopped,
    SplitRecorded,
)
from rsi.journal.lock import RunLock, RunLocked
from rsi.journal.ops import evaluation_op, op_file_name, without_trace
from rsi.journal.outcome import EvaluationOutcome, model_usage
from rsi.journal.state import Candidate, SearchState, TraceSource, fold
from rsi.journal.store import (
    EVENTS_FILE,
    KILL_AFTER_ENV,
    FollowingTraceFile,
    Journal,
    JournalConflict,
    read_events,
    read_outcome_events,
)
from rsi.journal.summary import (
    KeptSummary,
    RunSummary,
    dev_text,
    edit_text,
    lineage_edits,
    optimizer_sessions,
    read_state,
    stop_text,
    summarise,
    why_discarded,
)

Record = Callable[[str, EventData], Event]
"""Append `data` under `op` once (a replay returns the stored event) and fold it into state."""

__all__ = [
    "EVENTS_FILE",
    "EVENT_DATA",
    "KILL_AFTER_ENV",
    "AbandonedUsage",
    "Candidate",
    "CandidateKept",
    "ChampionFrozen",
    "ChildProposed",
    "DecidedEarly",
    "DevScored",
    "Evaluation",
    "EvaluationOutcome",
    "Event",
    "EventData",
    "FollowingTraceFile",
    "GateDecided",
    "GateDeferred",
    "GatePower",
    "HealthCause",
    "Journal",
    "JournalConflict",
    "KeptSummary",
    "LineageFailed",
    "ProposalRejected",
    "ProposerUsage",
    "Purpose",
    "Record",
    "Reflection",
    "ReleaseSkipped",
    "RoundCompleted",
    "RoundStarted",
    "RunLock",
    "RunLocked",
    "RunStarted",
    "RunSummary",
    "Screened",
    "SearchHalted",
    "SearchPaused",
    "SearchState",
    "SearchStopped",
    "SplitRecorded",
    "TraceSource",
    "dev_text",
    "edit_text",
    "evaluation_op",
    "fold",
    "lineage_edits",
    "model_usage",
    "op_file_name",
    "optimizer_sessions",
    "read_events",
    "read_outcome_events",
    "read_state",
    "stop_text",
    "summarise",
    "why_discarded",
    "without_trace",
]
