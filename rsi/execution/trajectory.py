"""Trajectories: what the runner's agents saw in one evaluation, kept whole beside the journal.

Rules a caller can rely on:
- a trajectory is the runner's trace with everything the journal's copy leaves out: the
  runner's `tool_output` (cut by the strategy's `toolOutputChars`, as the runner saw it)
  and each agent phase's `transcript` (per turn the model's text, each tool call's full
  arguments, its output exactly as the model was shown it, and why the turn ended), with
  the judge's public outcome (`judge`: the suite on the initial and on a correct program,
  solved). Never timings or seconds, so it is a function of what happened, not of when;
- nothing of the judge's record enters it (no panel member, reference, hidden test or
  their output): it is built from the runner's trace, which the runner's sandbox wrote
  from the public task alone, and the journaled outcome;
- it is content-addressed: `<run>/traces/<sha256>.json`, canonical JSON (sorted keys),
  written atomically (a temporary file, then a rename) before its evaluation is journaled;
  the journal's trace keeps `trajectory: {sha256, bytes}` and its metadata, no more;
- `TrajectoryStore.read(ref)` returns it only when the file's hash matches: a missing or
  altered file reads as None, and the reader falls back to the journal's copy.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import orjson

TRANSCRIPT = "transcript"  # an agent phase's whole turns: in the trajectory, not the journal
_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_INDENT_2


def journal_trace(full: dict[str, Any]) -> dict[str, Any]:
    """The journal's copy of a runner trace dump: no tool output, no timings, no seconds,
    no agent transcripts."""
    trace = {k: v for k, v in full.items() if k not in ("tool_output", "timings")}
    if isinstance(trace.get("usage"), dict):
        trace["usage"] = {k: v for k, v in trace["usage"].items() if k != "seconds"}
    trace["phases"] = [without_transcript(phase) for phase in trace.get("phases", ())]
    return trace


def without_transcript(phase: Any) -> Any:
    return {k: v for k, v in phase.items() if k != TRANSCRIPT} if isinstance(phase, dict) else phase


def trajectory_bytes(full: dict[str, Any], judge: dict[str, Any]) -> bytes:
    """The canonical trajectory of a runner trace dump and the judge's public outcome."""
    kept = {k: v for k, v in full.items() if k != "timings"}
    if isinstance(kept.get("usage"), dict):
        kept["usage"] = {k: v for k, v in kept["usage"].items() if k != "seconds"}
    return orjson.dumps({**kept, "judge": judge}, option=_OPTIONS, default=str) + b"\n"


def reference(blob: bytes) -> dict[str, Any]:
    """What the journal records of a trajectory: its hash and size."""
    return {"sha256": hashlib.sha256(blob).hexdigest(), "bytes": len(blob)}


class TrajectoryStore:
    """The run's trajectories, one file per content hash under `root` (the run's traces/)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, sha256: str) -> Path:
        if len(sha256) != 64 or any(c not in "0123456789abcdef" for c in sha256):
            raise ValueError(f"not a sha256: {sha256[:80]!r}")
        return self.root / f"{sha256}.json"

    def write(self, blob: bytes) -> dict[str, Any]:
        """Store `blob` (atomically, once per content); returns its reference."""
        ref = reference(blob)
        path = self.path(ref["sha256"])
        if path.is_file() and path.stat().st_size == ref["bytes"]:
            return ref
        self.root.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.root, prefix=".trajectory-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(blob)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
        return ref

    def read(self, ref: Any) -> dict[str, Any] | None:
        """The trajectory `ref` names, or None when it is missing or does not match."""
        if not isinstance(ref, dict) or not isinstance(ref.get("sha256"), str):
            return None
        try:
            blob = self.path(ref["sha256"]).read_bytes()
        except (OSError, ValueError):
            return None
        if hashlib.sha256(blob).hexdigest() != ref["sha256"]:
            return None
        loaded = orjson.loads(blob)
        return loaded if isinstance(loaded, dict) else None
