"""The append-only journal `runs/<run-id>/events.jsonl` (docs/design.md section 7).

- Each line is one `Event`; appends are flushed and fsynced, never rewriting the file.
- Group commit: appends inside `with journal.group():` are buffered and committed at its
  end in one write and one fsync (the evaluator journals results collected together that
  way). Until then they are visible to this `Journal` (`get`, `in`, the fold) but not in
  the file, so a crash loses at most the group in progress, never a committed line.
- `op` is a deterministic operation id. Appending an existing op with an equal payload is
  a no-op that returns the stored event; a different payload raises `JournalConflict`.
- One process drives a run at a time (`rsi.journal.lock.RunLock`).
- A torn last line (a crash mid-write) is an uncommitted append: it is cut off on open.

Scale: lines are parsed straight from bytes, one at a time (pydantic-core for whole events,
orjson for the fold). An open `Journal` holds an index (op -> where its line is) and the
fold (`SearchState`), not the events: evaluations are folded without their traces, and a
stored event or trace is read back from its line when asked for.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

import orjson
from pydantic import ValidationError

from rsi.journal.events import EVENT_DATA, Event, EventData
from rsi.journal.outcome import OutcomeEvent, trace_calls
from rsi.journal.short_line import usage_only
from rsi.journal.state import SearchState
from search_space import RsiError, UserInputError, canonical_json

EVENTS_FILE = "events.jsonl"
# Test hook for crash-safety tests: SIGKILL this process right after the k-th append.
KILL_AFTER_ENV = "RSI_TEST_KILL_AFTER_EVENT"
_Line = TypeVar("_Line", bound=Event)
# A string value "calls" (the agent pairs' `calls` phase has one); a line without any
# cannot hold that phase, so the fold need not build its trace to look for it. Lines are
# written compact (`_line`), so a plain search finds it.
_CALLS_VALUE = b':"calls"'


class JournalConflict(RsiError, RuntimeError):
    """An op was appended again with a different payload: the run is not deterministic."""


def _payload_key(data: EventData) -> str:
    return canonical_json(data.model_dump(mode="json"))


def _line(dumped: dict[str, Any]) -> bytes:
    """One journal line: compact JSON with sorted keys, UTF-8, newline-terminated.

    orjson, because a model-backed runner's trace makes a line tens of KB and the stdlib
    encoder spent most of an append on it; the stdlib takes what orjson refuses (an int
    beyond 64 bits in a free-form trace)."""
    try:
        return orjson.dumps(dumped, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        text = json.dumps(dumped, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return (text + "\n").encode("utf-8")


def _outcome_event(line: bytes) -> OutcomeEvent:
    """A line for the fold, validated straight from its bytes (pydantic-core parses and
    validates in one pass, faster than orjson then pydantic): an evaluation's trace is
    skipped but for its `usage` (what it cost), cut out of the bytes before they are
    parsed where the line allows it (`usage_only`). A line that may hold a `calls` phase
    (an agent pair's harness calls) is parsed whole instead, to keep that phase's total."""
    if _CALLS_VALUE not in line:
        short = usage_only(line)
        if short is not None:
            try:
                return OutcomeEvent.model_validate_json(short)
            except ValidationError:
                pass  # read whole, as without the cut: its error names the line's fault
        return OutcomeEvent.model_validate_json(line)
    raw = orjson.loads(line)
    data = raw.get("data") if isinstance(raw, dict) else None
    if isinstance(data, dict) and data.get("type") == "evaluation":
        trace = data.pop("trace", None)
        if isinstance(trace, dict):
            data["trace"] = {"usage": trace.get("usage")}  # all the fold keeps of it, and:
            data["calls"] = trace_calls(trace) or None
    return OutcomeEvent.model_validate(raw)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a journal is folded: the fold makes many
    small objects and no cycles, and the collector's passes over them (and over all the
    process holds) found nothing and cost a long journal's fold about a sixth."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _trace(line: bytes) -> dict[str, Any]:
    """The trace of an evaluation's line. The line was validated when the journal was
    folded (the trace is free-form JSON), so it is parsed, not validated again. The stdlib
    parser, not orjson: orjson reads an int beyond 64 bits as a float, and a trace is
    free-form, so it may hold one (`_line` writes it exactly)."""
    raw = json.loads(line)
    trace = raw["data"].get("trace", {})
    return trace if isinstance(trace, dict) else {}


def scan(
    path: Path, parse: Callable[[bytes], _Line], *, start: int = 0
) -> Iterator[tuple[_Line, int, int]]:
    """Each committed (newline-terminated) line from byte `start` (a line's start), parsed,
    with its byte offset and length.

    Streams the file, so memory does not grow with it; a torn last line is not yielded.
    """
    with open(path, "rb") as handle:
        yield from scan_handle(handle, parse, path, start=start)


def scan_handle(
    handle: BinaryIO, parse: Callable[[bytes], _Line], path: Path, *, start: int = 0
) -> Iterator[tuple[_Line, int, int]]:
    """`scan` over an open handle of the journal at `path` (which only names it in errors)."""
    offset = start
    handle.seek(start)
    for number, line in enumerate(handle, start=1):
        if not line.endswith(b"\n"):
            return  # a torn final write: never committed
        try:
            yield parse(line), offset, len(line)
        except (ValidationError, orjson.JSONDecodeError) as error:
            reason = error.errors()[0]["msg"] if isinstance(error, ValidationError) else str(error)
            where = f"line {number}" if start == 0 else f"the line at byte {offset}"
            raise UserInputError(
                f"{where} is not a valid event: {reason}", source=str(path)
            ) from None
        offset += len(line)


def _journal_path(run_dir: Path) -> Path:
    path = run_dir / EVENTS_FILE
    if not path.is_file():
        raise UserInputError("no journal (events.jsonl) here", source=str(run_dir))
    return path


def read_events(run_dir: Path) -> list[Event]:
    """The committed events, read-only: safe while another process drives the run."""
    return [event for event, _, _ in scan(_journal_path(run_dir), Event.model_validate_json)]


def read_outcome_events(run_dir: Path) -> list[OutcomeEvent]:
    """The committed events without evaluation traces (a `FollowingTraceFile` reads them)."""
    return [event for event, _, _ in scan(_journal_path(run_dir), _outcome_event)]


class TraceFile:
    """Reads an evaluation's trace back from its journal line (`SearchState.traces`).

    Through one read handle, opened at the first ask and held until `close` (or until
    this object is collected): reading every trace of a run opens the file once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: dict[str, tuple[int, int]] = {}  # evaluation op -> (offset, length)
        self._handle: BinaryIO | None = None

    def handle(self) -> BinaryIO:
        """The held read handle (opened now if it is not yet)."""
        if self._handle is None:
            self._handle = open(self.path, "rb")  # noqa: SIM115 - held, closed by close()
            weakref.finalize(self, self._handle.close)
        return self._handle

    def line(self, op: str) -> bytes:
        offset, length = self.lines[op]
        return os.pread(self.handle().fileno(), length, offset)

    def __call__(self, op: str) -> dict[str, Any]:
        return _trace(self.line(op))

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


class FollowingTraceFile(TraceFile):
    """A TraceFile for a journal that is still being appended to (by the engine's thread
    or another process): an op it has not indexed yet is found by indexing the lines
    committed since its last lookup, so each line is read once."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self._indexed = 0  # bytes of the file already indexed

    def line(self, op: str) -> bytes:
        if op not in self.lines:
            lines = scan_handle(self.handle(), orjson.loads, self.path, start=self._indexed)
            for raw, offset, length in lines:
                self.lines[raw["op"]] = (offset, length)
                self._indexed = offset + length
        return super().line(op)


def fold_journal(run_dir: Path) -> SearchState:
    """The fold of the committed journal, read-only, streaming: traces stay in the file."""
    path = _journal_path(run_dir)
    traces = TraceFile(path)
    state = SearchState(traces=traces)
    with _collector_paused():
        for event, offset, length in scan(path, _outcome_event):
            if event.type == "evaluation":
                traces.lines[event.op] = (offset, length)
            state.apply(event)
    return state


class Journal:
    """Reads the journal once on open (index and fold); then appends in O(1)."""

    def __init__(self, run_dir: Path) -> None:
        self.path = run_dir / EVENTS_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lines = TraceFile(self.path)  # every op, not only evaluations
        self._state = SearchState(traces=self.trace)
        self._size = 0
        self._load()
        self._file = open(self.path, "ab")  # noqa: SIM115 - held for the run
        kill_after = os.environ.get(KILL_AFTER_ENV)
        self._kill_after = int(kill_after) if kill_after else None
        self._grouping = 0  # nesting depth of `group()`
        self._buffer: dict[str, bytes] = {}  # op -> line appended in the open group
        self.commits = 0  # writes (each one fsync) so far: the benchmarks' fsync count

    def _load(self) -> None:
        if not self.path.exists():
            return
        size = self.path.stat().st_size
        with _collector_paused():
            for event, offset, length in scan(self.path, _outcome_event):
                self._lines.lines[event.op] = (offset, length)
                self._state.apply(event)
                self._size = offset + length
        if self._size != size:  # torn final write: never committed, cut it off
            with open(self.path, "r+b") as handle:
                handle.truncate(self._size)

    def fold(self) -> SearchState:
        """The state of every event so far, kept current by `append` (traces read lazily)."""
        return self._state

    def trace(self, op: str) -> dict[str, Any]:
        """The trace of the evaluation journaled under `op`, read from its line."""
        if op in self._buffer:
            return _trace(self._buffer[op])
        return self._lines(op)

    @property
    def events(self) -> list[Event]:
        """Every committed event, read back from the file."""
        return list(self)

    def __iter__(self) -> Iterator[Event]:
        return (
            (event for event, _, _ in scan(self.path, Event.model_validate_json))
            if self.path.exists()
            else iter(())
        )

    def __len__(self) -> int:
        return len(self._lines.lines)

    def get(self, op: str) -> Event | None:
        if op not in self._lines.lines:
            return None
        if op in self._buffer:
            return Event.model_validate_json(self._buffer[op])
        return Event.model_validate_json(self._lines.line(op))

    def __contains__(self, op: object) -> bool:
        return op in self._lines.lines

    def append(self, op: str, data: EventData) -> Event:
        """Append once per op; return the stored event (old or new), as stored."""
        data = EVENT_DATA.validate_python(data)
        existing = self.get(op)
        if existing is not None:
            if _payload_key(existing.data) != _payload_key(data):
                raise JournalConflict(f"op {op!r} was recorded with a different payload")
            return existing
        dumped = Event(
            seq=len(self) + 1,
            ts=datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            type=data.type,
            op=op,
            data=data,
        ).model_dump(mode="json")
        line = _line(dumped)
        # What a reader of the file will see: free-form values in their JSON form.
        event = Event.model_validate(dumped)
        self._lines.lines[op] = (self._size, len(line))
        self._size += len(line)
        self._buffer[op] = line
        self._state.apply(event)
        if not self._grouping:
            self._commit()
        elif self._kill_after is not None and event.seq >= self._kill_after:
            self._commit()  # the test hook kills right after the k-th event is durable
        return event

    @contextmanager
    def group(self) -> Iterator[None]:
        """Buffer the appends made inside; commit them together (one write, one fsync)
        when the outermost group ends, also when it ends by an exception: what was
        appended is data the caller already holds, so it is not thrown away."""
        self._grouping += 1
        try:
            yield
        finally:
            self._grouping -= 1
            if not self._grouping:
                self._commit()

    def _commit(self) -> None:
        """Write and fsync the buffered lines; afterwards they are acknowledged."""
        if not self._buffer:
            return
        lines = list(self._buffer.values())
        self._file.write(b"".join(lines))
        self._file.flush()
        os.fsync(self._file.fileno())
        self.commits += 1
        self._buffer.clear()
        if self._kill_after is not None and len(self) >= self._kill_after:
            os.kill(os.getpid(), signal.SIGKILL)

    def close(self) -> None:
        self._commit()
        self._file.close()
        self._lines.close()
