"""Split a public instruction into its intro and numbered requirement clauses."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBERED = re.compile(r"^\s*(\d+)[.)]\s+(.*)$")
_HEADING = re.compile(r"^#{1,6}\s")


@dataclass(frozen=True)
class Clause:
    number: int
    text: str


def parse_instruction(instruction: str) -> tuple[str, tuple[Clause, ...]]:
    """(intro, clauses): clauses are the numbered items after a `Requirements` heading.

    A numbered item continues over indented or non-blank lines until the next item,
    heading or blank line followed by unindented text.
    """
    lines = instruction.splitlines()
    start = next(
        (
            i
            for i, line in enumerate(lines)
            if _HEADING.match(line) and "requirement" in line.lower()
        ),
        None,
    )
    if start is None:
        return instruction, ()
    intro = "\n".join(lines[:start]).strip()
    clauses: list[Clause] = []
    current: list[str] = []
    number = 0
    for line in lines[start + 1 :]:
        match = _NUMBERED.match(line)
        if match:
            if current:
                clauses.append(Clause(number, " ".join(current).strip()))
            number, current = int(match.group(1)), [match.group(2)]
        elif _HEADING.match(line):
            break
        elif current and line.strip():
            current.append(line.strip())
    if current:
        clauses.append(Clause(number, " ".join(current).strip()))
    return intro, tuple(clauses)
