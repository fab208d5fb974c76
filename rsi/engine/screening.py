"""The screen: a child passes iff it solves strictly more and loses nothing the parent solved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ScreenVerdict:
    parent_successes: int
    child_successes: int
    regressions: int
    passed: bool
    reason: str


def screen(parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict:
    """Compare per-task successes on the same minibatch (keys must match)."""
    if set(parent) != set(child):
        raise ValueError("parent and child were evaluated on different tasks")
    parent_successes = sum(parent.values())
    child_successes = sum(child.values())
    regressions = sum(1 for task, solved in parent.items() if solved and not child[task])
    if regressions:
        reason = f"{regressions} regression(s) on tasks the parent solved"
    elif child_successes <= parent_successes:
        reason = f"no strict gain ({child_successes} vs {parent_successes})"
    else:
        reason = f"gain {child_successes - parent_successes} with no regression"
    passed = regressions == 0 and child_successes > parent_successes
    return ScreenVerdict(parent_successes, child_successes, regressions, passed, reason)
