"""The append-only journal `runs/<run-id>/events.jsonl` (DESIGN.md section 7).

- Each line is one `Event`; appends are flushed and fsynced, never rewriting the file.
- `op` is a deterministic operation id. Appending an existing op with an equal payload is
  a no-op that returns the stored event; a different payload raises `JournalConflict`.
- One process drives a run at a time (`rsi.journal.lock.RunLock`).
- A torn last line (a crash mid-write) is an uncommitted append: it is cut off on open.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from pydantic import ValidationError

from rsi.journal.events import EVENT_DATA, Event, EventData
from search_space.errors import UserInputError
from search_space.identity import canonical_json

EVENTS_FILE = "events.jsonl"
# Test hook for crash-safety tests: SIGKILL this process right after the k-th append.
KILL_AFTER_ENV = "RSI_TEST_KILL_AFTER_EVENT"


class JournalConflict(RuntimeError):
    """An op was appended again with a different payload: the run is not deterministic."""


def _payload_key(data: EventData) -> str:
    return canonical_json(data.model_dump(mode="json"))


def _parse_committed(path: Path) -> tuple[list[Event], int]:
    """The events of every newline-terminated line, and how many bytes those lines span."""
    raw = path.read_bytes()
    committed = raw[: raw.rfind(b"\n") + 1]
    events = []
    for number, line in enumerate(committed.decode("utf-8").splitlines(), start=1):
        try:
            events.append(Event.model_validate_json(line))
        except ValidationError as error:
            raise UserInputError(
                f"line {number} is not a valid event: {error.errors()[0]['msg']}", source=str(path)
            ) from None
    return events, len(committed)


def read_events(run_dir: Path) -> list[Event]:
    """The committed events, read-only: safe while another process drives the run."""
    path = run_dir / EVENTS_FILE
    if not path.is_file():
        raise UserInputError("no journal (events.jsonl) here", source=str(run_dir))
    return _parse_committed(path)[0]


class Journal:
    """Reads the whole journal once on open; then appends in O(1)."""

    def __init__(self, run_dir: Path) -> None:
        self.path = run_dir / EVENTS_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._events: list[Event] = []
        self._by_op: dict[str, Event] = {}
        self._load()
        self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - held for the run
        kill_after = os.environ.get(KILL_AFTER_ENV)
        self._kill_after = int(kill_after) if kill_after else None

    def _load(self) -> None:
        if not self.path.exists():
            return
        size = self.path.stat().st_size
        events, committed = _parse_committed(self.path)
        if committed != size:  # torn final write: never committed, cut it off
            with open(self.path, "r+b") as handle:
                handle.truncate(committed)
        for event in events:
            self._events.append(event)
            self._by_op[event.op] = event

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def get(self, op: str) -> Event | None:
        return self._by_op.get(op)

    def append(self, op: str, data: EventData) -> Event:
        """Append once per op; return the stored event (old or new)."""
        data = EVENT_DATA.validate_python(data)
        existing = self._by_op.get(op)
        if existing is not None:
            if _payload_key(existing.data) != _payload_key(data):
                raise JournalConflict(f"op {op!r} was recorded with a different payload")
            return existing
        event = Event(
            seq=len(self._events) + 1,
            ts=datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            type=data.type,
            op=op,
            data=data,
        )
        line = json.dumps(event.model_dump(mode="json"), ensure_ascii=False, sort_keys=True)
        self._file.write(line + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())
        self._events.append(event)
        self._by_op[op] = event
        if self._kill_after is not None and event.seq >= self._kill_after:
            os.kill(os.getpid(), signal.SIGKILL)
        return event

    def close(self) -> None:
        self._file.close()
