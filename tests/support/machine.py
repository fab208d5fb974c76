"""What the machine gives the tests: a backend that is missing (skipped here, a failure
under CI=true), live processes by command line, and the suite and spec factory types the
sandbox fixtures of tests/conftest.py hand out."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from evaluators.sandbox import RunSpec

IN_CI = os.environ.get("CI", "").lower() == "true"
SuiteFactory = Callable[..., Path]
SpecFor = Callable[..., RunSpec]


def unavailable(reason: str) -> None:
    """Skip locally; fail under CI=true."""
    if IN_CI:
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


def processes_with(marker: str) -> list[int]:
    """Live (non-zombie) processes whose command line contains `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker.encode() in cmdline and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found
