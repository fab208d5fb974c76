"""Where a task's model calls went, per pair (the trace's `calls` phase, agent pairs).

Every agent session records `AgentRun.spending()`: its model turns (paid or replayed,
`remembered` ones answered from memory, `failed` ones) and its tool calls by tool. This
folds the sessions of a task run into one row per pair:
- `generation`: turns of the pair's own first session (its draft, repairs, submits);
- `feedback`: turns of its corrective-feedback sessions (rounds 2 and 3);
- `review`: turns of the reviewers of its suite versions;
- `challenge`: turns of challengers whose tests were meant for its suite;
- `turns`: all of these, of which `remembered` were answered from memory (an identical
  question asked before in the task: not paid, yet counted against the call cap);
- `tools`: tool calls by tool, over every session of the row.
`total` sums the rows; `harness_calls` is the same total, keyed for `rsi status --json`.
"""

from __future__ import annotations

from typing import Any

KINDS = {
    "agent-pair": "generation",
    "agent-feedback": "feedback",
    "agent-review": "review",
    "agent-challenge": "challenge",
}


def _row(pair: int) -> dict[str, Any]:
    return {
        "pair": pair,
        "turns": 0,
        "remembered": 0,
        **dict.fromkeys(KINDS.values(), 0),
        "tools": {},
    }


def _add(row: dict[str, Any], kind: str, spent: dict[str, Any]) -> None:
    row[kind] += spent["turns"]
    row["turns"] += spent["turns"]
    row["remembered"] += spent.get("remembered", 0)
    for tool, count in spent["tools"].items():
        row["tools"][tool] = row["tools"].get(tool, 0) + count


def calls_phase(phases: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The `calls` phase of a task run's trace, or None when no agent session ran."""
    rows: dict[int, dict[str, Any]] = {}
    for phase in phases:
        kind = KINDS.get(phase.get("phase", ""))
        if kind is None or "calls" not in phase:
            continue
        pair = phase["into"] if kind == "challenge" else phase["pair"]
        _add(rows.setdefault(pair, _row(pair)), kind, phase["calls"])
    if not rows:
        return None
    total = _row(-1)
    del total["pair"]
    for row in rows.values():
        _add(total, "generation", {"turns": 0, "tools": row["tools"]})
        for kind in (*KINDS.values(), "turns", "remembered"):
            total[kind] += row[kind]
    total["tools"] = dict(sorted(total["tools"].items()))
    return {"phase": "calls", "pairs": [rows[i] for i in sorted(rows)], "total": total}
