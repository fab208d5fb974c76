"""The response cache and the replay cassette.

- A request's key is the sha256 of its canonical JSON: model, messages, output schema,
  temperature, max tokens, the caller's namespace and an occurrence, always 0 now that a
  client never sends an identical request twice (kept so that existing caches still hit).
  Never the key, never `api_base` (a recorded run replays against any address, or none).
- `ResponseCache.discard(key)` forgets an entry (and its shard directory once empty): the
  client drops replies of a model that ignored the reply format, so a resumed search asks
  the fixed model again. `MalformedReplies` collects those keys for every client of one
  search, so that the replies of tasks that ended before the format check tripped are
  dropped too.
- An entry holds the raw reply text and the usage the provider reported; nothing else
  (no prompt, no key). One file per entry, `<dir>/<key[:2]>/<key>.json`, written to a
  temporary file and renamed into place, so a crash leaves an entry whole or absent.
- A run's cache lives under the run directory (`run_dir / "llm_cache"`), so a task run
  again after `rsi resume` replays the calls it already paid for.
- A `Cassette` is a read-only cache for `[llm] replay`: a cache directory as is, or one
  JSON-lines file (`ResponseCache.export`). A miss raises `ReplayMiss`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, ValidationError

from evaluators.llm.meter import LlmUsage
from search_space import RsiError


class CachedReply(BaseModel):
    """One paid reply: its raw text and the usage the provider reported (None if none)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    model: str
    text: str
    usage: LlmUsage | None = None


class ReplayMiss(RsiError, LookupError):
    """A replayed run asked for a call its cassette does not hold."""


@runtime_checkable
class ReplyStore(Protocol):
    """Where paid replies are kept and looked up by request key."""

    def get(self, key: str) -> CachedReply | None: ...

    def put(self, reply: CachedReply) -> None: ...


def request_key(
    *,
    model: str,
    messages: Sequence[Mapping[str, Any]],
    output_schema: Mapping[str, Any],
    temperature: float,
    max_tokens: int,
    namespace: str = "",
    occurrence: int = 0,
) -> str:
    """The content hash of a request; see the module docstring for what it covers."""
    canonical = {
        "model": model,
        "messages": list(messages),
        "output_schema": dict(output_schema),
        "temperature": temperature,
        "max_tokens": max_tokens,
        "namespace": namespace,
        "occurrence": occurrence,
    }
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_shards = threading.Lock()  # a shard directory is never removed while an entry is written


class MalformedReplies:
    """The keys of stored replies that did not parse, shared by the clients of one search."""

    def __init__(self) -> None:
        self._keys: list[str] = []
        self._lock = threading.Lock()

    def add(self, *keys: str) -> None:
        with self._lock:
            self._keys.extend(keys)

    def drop(self, store: ReplyStore | None) -> list[str]:
        """Discard every collected reply from `store` (when it can discard); returns the keys."""
        with self._lock:
            keys, self._keys = self._keys, []
        discard = getattr(store, "discard", None)
        if callable(discard):
            for key in keys:
                discard(key)
        return keys


class ResponseCache:
    """Paid replies, one file each under `directory` (created on first write)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def _path(self, key: str) -> Path:
        if len(key) != 64 or not all(c in "0123456789abcdef" for c in key):
            raise ValueError("a cache key is a sha256 hex digest")
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> CachedReply | None:
        return _read_entry(self._path(key))

    def put(self, reply: CachedReply) -> None:
        path = self._path(reply.key)
        with _shards:
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor, temporary = tempfile.mkstemp(
                dir=path.parent, prefix=".tmp-", suffix=".json"
            )
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(reply.model_dump_json())
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def discard(self, key: str) -> None:
        """Forget one entry (a reply the caller will not replay), and its shard directory
        once that is empty; absent is fine."""
        path = self._path(key)
        path.unlink(missing_ok=True)
        with _shards, contextlib.suppress(OSError):  # not empty, or already gone
            path.parent.rmdir()

    def entries(self) -> list[CachedReply]:
        """Every whole entry, ordered by key."""
        found = (_read_entry(path) for path in sorted(self.directory.glob("??/*.json")))
        return [entry for entry in found if entry is not None]

    def export(self, path: Path) -> int:
        """Write every entry to one JSON-lines cassette file; returns how many."""
        entries = self.entries()
        Path(path).write_text(
            "".join(entry.model_dump_json() + "\n" for entry in entries), encoding="utf-8"
        )
        return len(entries)


class Cassette:
    """A read-only store for replay: a cache directory or a JSON-lines file."""

    def __init__(self, source: Path) -> None:
        self.source = Path(source)
        if self.source.is_dir():
            self._directory: ResponseCache | None = ResponseCache(self.source)
            self._entries: dict[str, CachedReply] = {}
        elif self.source.is_file():
            self._directory = None
            self._entries = _load_lines(self.source)
        else:
            raise FileNotFoundError(f"cassette {self.source} does not exist")

    def get(self, key: str) -> CachedReply:
        entry = self._directory.get(key) if self._directory else self._entries.get(key)
        if entry is None:
            raise ReplayMiss(f"the cassette {self.source.name} holds no reply for request {key}")
        return entry

    def put(self, reply: CachedReply) -> None:
        """A cassette is read-only; replayed calls are never paid, so nothing is added."""


_loaded: dict[tuple[str, int, int], dict[str, CachedReply]] = {}
_loaded_lock = threading.Lock()


def _load_lines(path: Path) -> dict[str, CachedReply]:
    """A cassette file's entries, parsed once per (path, mtime, size) in this process."""
    stat = path.stat()
    memo = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    with _loaded_lock:
        if memo not in _loaded:
            entries: dict[str, CachedReply] = {}
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    entry = CachedReply.model_validate_json(line)
                except ValidationError:
                    raise ValueError(f"cassette {path.name} line {number}: not an entry") from None
                entries[entry.key] = entry
            _loaded[memo] = entries
        return _loaded[memo]


def _read_entry(path: Path) -> CachedReply | None:
    try:
        return CachedReply.model_validate_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValidationError):
        return None  # unreadable or foreign: treated as absent, the call is paid again
