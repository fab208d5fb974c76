"""Totals over a run's journaled evaluations, kept by the fold (issue 53).

Views (`rsi status`, `Run.harness_calls`, the spend per scope) read these instead of
walking every evaluation, and never read a trace back to total it:
- `usage`: the runner's model usage (`model_usage`) summed key by key over every
  evaluation: calls, input and output tokens, `estimated_*`, `remembered_calls`, ...;
- `calls`: the harness's calls (`harness_calls`, each trace's `calls` total) summed the
  same way, tool calls by tool; empty when no agent pair ran.

An op journaled once is counted once; an evaluation folded again under the same op (only
an in-memory fold can do that) replaces what the earlier one added.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rsi.journal.events import Evaluation
from rsi.journal.outcome import harness_calls, model_usage


def _add(into: dict[str, Any], counts: dict[str, Any], sign: int) -> None:
    """Add `counts` (numbers, and one level of named numbers) into `into`, times `sign`."""
    for key, value in counts.items():
        if type(value) is int or type(value) is float:  # the common case, tested first
            into[key] = into.get(key, 0) + sign * value
        elif isinstance(value, dict):
            nested = into.setdefault(key, {})
            for name, count in value.items():
                if _number(count):
                    nested[name] = nested.get(name, 0) + sign * count


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass
class EvaluationTotals:
    """Sums over the folded evaluations (see the module docstring)."""

    usage: dict[str, Any] = field(default_factory=dict)
    calls: dict[str, Any] = field(default_factory=dict)

    def add(self, evaluation: Evaluation, sign: int = 1) -> None:
        """Count `evaluation` in (`sign=-1`: take a replaced one out)."""
        _add(self.usage, model_usage(evaluation), sign)
        calls = harness_calls(evaluation)
        if calls:
            _add(self.calls, calls, sign)
