"""The scripted author's draft suite and how it reads pytest output.

A draft maps author items to the source it will submit; `write` lays it out as a
submission (conftest.py putting $APP_DIR on sys.path, run.sh, one file per item).
`identify_broken` finds tests whose visible failure section shows a broken-test signature.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from evaluators.tasks import AuthorItem

BROKEN_SIGNATURES = (
    re.compile(r"\bNameError\b"),
    re.compile(r"fixture '[^']+' not found"),
    re.compile(r"\b(ImportError|ModuleNotFoundError)\b"),
)
_SECTION = re.compile(r"^_{3,} (?:ERROR at setup of )?(test_\w+)(?:\[.*\])? _{3,}$", re.M)
_BANNER = re.compile(r"^={3,} .* ={3,}$", re.M)
TIMING = re.compile(r"in \d+(?:\.\d+)?s\b")
_SUMMARY = re.compile(r"^(?:FAILED|ERROR) \S*::(test_\w+)\S* - (.*)$", re.M)
# Object reprs in tracebacks (`<... object at 0x7f1e1b68ead0>`) differ run to run. A fixed
# width of 12 digits, the usual width on 64-bit Linux, keeps the visible length as it was.
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,16}\b")
STABLE_ADDRESS = "0x" + "0" * 12


def stable_output(output: str, *, timing: str = "in N s") -> str:
    """`output` without what varies between identical runs: wall times and addresses."""
    return ADDRESS.sub(STABLE_ADDRESS, TIMING.sub(timing, output))


CONFTEST = """import os
import sys

sys.path.insert(0, os.environ.get("APP_DIR", os.getcwd()))
"""
RUN_SH = """#!/usr/bin/env bash
set -u
cd "$APP_DIR"
exec python3 -m pytest -p no:cacheprovider -q --tb=long -rfE \\
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
"""


def identify_broken(visible_output: str) -> list[str]:
    """Test names whose visible failure section (or summary line) shows a broken test."""
    found: list[str] = []
    headers = list(_SECTION.finditer(visible_output))
    # A section ends at the next one or at a banner (`=== short test summary info ===`), so
    # the last section never takes in the summary lines of other tests.
    ends = sorted(m.start() for m in (*headers, *_BANNER.finditer(visible_output)))
    for header in headers:
        end = next((at for at in ends if at > header.start()), len(visible_output))
        body = visible_output[header.end() : end]
        if any(sig.search(body) for sig in BROKEN_SIGNATURES):
            found.append(header.group(1))
    for line in _SUMMARY.finditer(visible_output):
        if any(sig.search(line.group(2)) for sig in BROKEN_SIGNATURES):
            found.append(line.group(1))
    return list(dict.fromkeys(found))


@dataclass
class Draft:
    """The suite under construction: item id -> source, in writing order."""

    items: dict[str, AuthorItem] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    failing: set[str] = field(default_factory=set)  # test names failing on the initial program

    def add(self, item: AuthorItem) -> None:
        self.items[item.id] = item
        self.sources[item.id] = item.source

    def drop(self, item_id: str) -> None:
        self.items.pop(item_id)
        self.sources.pop(item_id)

    def write(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        for stale in directory.glob("test_*.py"):
            stale.unlink()
        (directory / "conftest.py").write_text(CONFTEST)
        (directory / "run.sh").write_text(RUN_SH)
        for item_id, source in self.sources.items():
            (directory / f"{self.items[item_id].test_name}.py").write_text(source)
        return directory
