"""The release-split ledger: one gate per release split, reserved before any paid work.

`<runs_dir>/consumed_release_splits.jsonl` holds one line per event, in the order they
happened: `{"release_hash", "run_id", "override", "status"}` with status `reserved` (a
search claimed the split when it started), `consumed` (its gate was decided) or `released`
(it ended with nothing to release and gave the split back). Lines written before
reservations existed have no status and count as consumed. A run's latest line is its
claim; a released claim blocks no one.

Reading, checking and appending happen under an exclusive flock on the ledger's lock file,
so of two searches started at once on one split exactly one gets it. A run that already
holds a reservation keeps it across resumes; a later run needs `override`, which is written
into its own reservation line.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from search_space import UserInputError, canonical_json

LEDGER_FILE = "consumed_release_splits.jsonl"
LOCK_FILE = "consumed_release_splits.lock"
Status = Literal["reserved", "consumed", "released"]


@dataclass(frozen=True)
class LedgerEntry:
    release_hash: str
    run_id: str
    override: bool
    status: Status


class ReleaseSplitTaken(UserInputError):
    """Another run reserved or consumed this release split, and no override was given."""


@dataclass(frozen=True)
class Reservation:
    """This run's claim on a split; `earlier` are other runs that claimed it first."""

    release_hash: str
    run_id: str
    earlier: tuple[LedgerEntry, ...]

    @property
    def override(self) -> bool:
        return bool(self.earlier)


class ReleaseLedger:
    """The ledger of one runs directory."""

    def __init__(self, runs_dir: Path) -> None:
        self.path = runs_dir / LEDGER_FILE
        self._lock_path = runs_dir / LOCK_FILE

    @contextmanager
    def _locked(self) -> Iterator[None]:
        self._lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # blocking: holders only read and append a line
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def entries(self) -> list[LedgerEntry]:
        if not self.path.exists():
            return []
        found = []
        for number, line in enumerate(self.path.read_text().splitlines(), start=1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
                found.append(
                    LedgerEntry(
                        release_hash=str(raw["release_hash"]),
                        run_id=str(raw["run_id"]),
                        override=bool(raw.get("override", False)),
                        status=raw.get("status", "consumed"),
                    )
                )
            except (json.JSONDecodeError, KeyError, TypeError):
                raise UserInputError(
                    f"line {number} is not a ledger entry", source=str(self.path)
                ) from None
        return found

    def _append(self, entry: LedgerEntry) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(canonical_json(entry.__dict__) + "\n")
            handle.flush()
            os.fsync(handle.fileno())

    def earlier_claims(self, release_hash: str, run_id: str) -> tuple[LedgerEntry, ...] | None:
        """Other runs' claims standing when this run first claimed the split (their latest
        line then, released ones left out); None if this run holds none."""
        latest: dict[str, LedgerEntry] = {}
        for entry in self.entries():
            if entry.release_hash != release_hash:
                continue
            if entry.run_id == run_id:
                return tuple(e for e in latest.values() if e.status != "released")
            latest[entry.run_id] = entry
        return None

    def claims(self, release_hash: str) -> list[LedgerEntry]:
        """Each run's latest line on this split, in first-claim order, released ones left out."""
        latest: dict[str, LedgerEntry] = {}
        for entry in self.entries():
            if entry.release_hash == release_hash:
                latest[entry.run_id] = entry
        return [entry for entry in latest.values() if entry.status != "released"]

    def conflict(self, release_hash: str, run_id: str) -> str | None:
        """Why this run may not gate on the split without an override, or None."""
        claims = self.earlier_claims(release_hash, run_id)
        if claims is not None:
            return None  # this run holds a reservation (with its override, if it needed one)
        others = self.claims(release_hash)
        if not others:
            return None
        consumed = [e for e in others if e.status == "consumed"]
        if consumed:
            what = f"already decided a gate in run {consumed[0].run_id}"
        else:
            what = f"is already reserved by run {others[0].run_id}"
        return (
            f"release split {release_hash[:12]} {what}; "
            "use another [data] seed for a fresh split, or pass --override-consumed "
            "(the override is recorded)"
        )

    def reserve(self, release_hash: str, run_id: str, *, override: bool) -> Reservation:
        """Claim the split for `run_id` (idempotent); raise ReleaseSplitTaken if it is taken."""
        with self._locked():
            earlier = self.earlier_claims(release_hash, run_id)
            if earlier is not None:
                return Reservation(release_hash, run_id, earlier)
            problem = self.conflict(release_hash, run_id)
            if problem is not None and not override:
                raise ReleaseSplitTaken(problem, source=str(self.path))
            others = tuple(self.claims(release_hash))
            self._append(LedgerEntry(release_hash, run_id, bool(others), "reserved"))
            return Reservation(release_hash, run_id, others)

    def release(self, reservation: Reservation) -> None:
        """Give the split back: this run ends without a gate (nothing to release)."""
        with self._locked():
            self._append(
                LedgerEntry(
                    reservation.release_hash,
                    reservation.run_id,
                    reservation.override,
                    "released",
                )
            )

    def consume(self, reservation: Reservation) -> None:
        """Record that this run's gate was decided on the split (once, even when resumed)."""
        with self._locked():
            if any(
                e.release_hash == reservation.release_hash
                and e.run_id == reservation.run_id
                and e.status == "consumed"
                for e in self.entries()
            ):
                return
            self._append(
                LedgerEntry(
                    reservation.release_hash,
                    reservation.run_id,
                    reservation.override,
                    "consumed",
                )
            )
