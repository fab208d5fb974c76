"""The note a refused start leaves in its run directory (`refused.txt`): written when
admission refuses a start, cleared when a start is admitted, read by `rsi status` and
`rsi.load_run`. The standard library only, so reading a run need not import the engine."""

from __future__ import annotations

import contextlib
from pathlib import Path

REFUSED_FILE = "refused.txt"


def note_refused(run_dir: Path, reason: str) -> None:
    (run_dir / REFUSED_FILE).write_text(reason.strip() + "\n", encoding="utf-8")


def clear_refused(run_dir: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        (run_dir / REFUSED_FILE).unlink()


def read_refused(run_dir: Path) -> str | None:
    """Why the last start of this run directory was refused, if it was."""
    path = run_dir / REFUSED_FILE
    if not path.is_file():
        return None
    return path.read_text(encoding="utf-8").strip() or "refused"
