"""A synthetic journal for the scale benchmarks (`journal_scale.py`), written through the
project's own event types and serialized exactly as `Journal.append` writes them.

A run start, a split, then rounds of 6 parent and 6 child train evaluations, a proposal, a
screen, a reflection and a done; every third round keeps the child and scores it on 8 dev
tasks. An evaluation journaled already (a parent's task in a later round) is not written
again, as the engine reuses it. Traces have the scripted runner's shape and size; with
`calls`, an agent pair's `calls` phase too.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson

from rsi.journal import (
    CandidateKept,
    ChildProposed,
    DevScored,
    Evaluation,
    Event,
    EventData,
    Reflection,
    RoundCompleted,
    RoundStarted,
    RunStarted,
    Screened,
    SplitRecorded,
    evaluation_op,
)

TASKS = [f"task-{n:03d}" for n in range(60)]


def calls_phase(rng: random.Random) -> dict[str, Any]:
    """An agent pair's `calls` phase (evaluators/runners/testhelix/agent/spending.py)."""
    turns = rng.randrange(6, 20)
    row = {"turns": turns, "remembered": rng.randrange(3), "generation": turns - 4,
           "feedback": 2, "review": 2, "challenge": 0,
           "tools": {"run": rng.randrange(8), "submit": 1, "read": rng.randrange(5)}}  # fmt: skip
    return {"phase": "calls", "pairs": [{"pair": 0, **row}], "total": row}


def trace(rng: random.Random, task_id: str, *, calls: bool = False) -> dict[str, Any]:
    """A scripted-runner-shaped public trace (the part the journal keeps), about 1.4 KB;
    with `calls`, an agent pair's `calls` phase too."""
    items = [f"item-{rng.randrange(10_000)}-{rng.choice('abcdef')}" for _ in range(6)]
    failing = [f"test_{item.replace('-', '_')}" for item in items[: rng.randrange(4)]]
    written = [
        {"clause": i % 5 + 1, "item": it, "technique": "basic"} for i, it in enumerate(items)
    ]
    checks = [
        {
            "failing": failing,
            "outcome": rng.choice(["fail", "pass"]),
            "output_chars": rng.randrange(4000),
            "round": r,
            "target": "initial",
            "tests": 6,
            "truncated": False,
            "visible_chars": rng.randrange(4000),
        }
        for r in (1, 2)
    ]
    phases = [
        {
            "clauses_read": 4,
            "clauses_total": 7,
            "context_tokens_used": rng.randrange(30_000),
            "lessons": [],
            "phase": "planning",
            "skill": None,
            "techniques": ["basic"],
        },
        {
            "phase": "generation",
            "round": 1,
            "skipped_for_budget": 0,
            "steps_budget": 12,
            "steps_used": 8,
            "written": written,
        },
        {
            "actions": {items[0]: "repaired"},
            "identified": failing[:1],
            "phase": "repair",
            "repair_steps_left": 4,
            "round": 1,
        },
        {"actions": {}, "budget_tokens": 2048, "of": 6, "phase": "review", "reviewed": 5},
        {"clauses_caught": [3], "items": items, "phase": "submit"},
        *([calls_phase(rng)] if calls else []),
    ]
    usage = {"calls": 11, "input_tokens": rng.randrange(200_000), "output_tokens": 2350}
    return {
        "checks": checks,
        "error": None,
        "phases": phases,
        "runner": "scripted",
        "task_id": task_id,
        "usage": usage | {"steps": 8},
    }


class Writer:
    """Writes events as `Journal.append` does (same serialization), without an fsync each;
    an op written already is not written again (the journal holds each op once)."""

    def __init__(self, path: Path) -> None:
        self.handle = open(path, "wb")  # noqa: SIM115 - closed in close()
        self.seq = 0
        self.evaluations = 0
        self.ops: set[str] = set()

    def __call__(self, op: str, data: EventData) -> None:
        if op in self.ops:
            return
        self.ops.add(op)
        self.seq += 1
        self.evaluations += isinstance(data, Evaluation)
        event = Event(
            seq=self.seq, ts="2026-12-01T00:00:00.000+00:00", type=data.type, op=op, data=data
        )
        options = orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE
        self.handle.write(orjson.dumps(event.model_dump(mode="json"), option=options))

    def close(self) -> None:
        self.handle.close()


def strategy(rng: random.Random) -> dict[str, Any]:
    return {"agentSteps": rng.randrange(4, 40), "repairRounds": rng.randrange(4), "notes": "x" * 40}


def build(path: Path, events: int, *, calls: bool = False, seed: int = 42) -> int:
    """A journal of about `events` events; returns how many evaluations it holds."""
    rng = random.Random(seed)
    write = Writer(path)
    write("run:start", RunStarted(run_id="bench", experiment="bench", config_hash="c", seed=42))
    roles = {
        "proposal": tuple(TASKS[:30]),
        "dev": tuple(TASKS[30:38]),
        "release": tuple(TASKS[38:]),
    }
    write("split", SplitRecorded(seed=42, roles=roles, hashes={r: r for r in roles}))
    write(
        "keep:s0", CandidateKept(strategy_id="s0", parent_id=None, round=0, strategy=strategy(rng))
    )
    parent, r = "s0", 0

    def evaluate(sid: str, task: str, purpose: str) -> None:
        op = evaluation_op(purpose, sid, task, 42)
        if op in write.ops:
            return  # journaled already: the engine reuses it
        success = rng.random() < 0.4
        write(
            op,
            Evaluation(
                strategy_id=sid,
                task_id=task,
                seed=42,
                purpose=purpose,  # type: ignore[arg-type]
                success=success,
                initial_outcome="fail" if success else rng.choice(["fail", "pass"]),
                reference_outcome="pass",
                trace=trace(rng, task, calls=calls),
            ),
        )

    while write.seq < events:
        r += 1
        child = f"s{r}"
        batch = tuple(rng.sample(roles["proposal"], 6))
        write(f"round:{r}:start", RoundStarted(round=r, parent_id=parent, tasks=batch))
        for task in batch:
            evaluate(parent, task, "train")
        edit = {"field": "agentSteps", "op": "set", "value": rng.randrange(4, 40)}
        write(
            f"round:{r}:child",
            ChildProposed(
                round=r,
                attempt=1,
                parent_id=parent,
                child_id=child,
                proposer="heuristic",
                field="agentSteps",
                edit=edit,
                rationale="the parent ran out of agent steps on most tasks",
                strategy=strategy(rng),
            ),
        )
        for task in batch:
            evaluate(child, task, "train")
        kept = r % 3 == 0
        write(
            f"round:{r}:screen",
            Screened(
                round=r,
                parent_id=parent,
                child_id=child,
                parent_successes=2,
                child_successes=3 if kept else 2,
                regressions=0,
                passed=kept,
                reason="strict gain" if kept else "no gain",
            ),
        )
        if kept:
            write(
                f"keep:{child}",
                CandidateKept(
                    strategy_id=child,
                    parent_id=parent,
                    round=r,
                    strategy=strategy(rng),
                    edit=edit,
                    proposer="heuristic",
                ),
            )
            for task in roles["dev"]:
                evaluate(child, task, "dev")
            write(f"dev:{child}", DevScored(strategy_id=child, rar=0.5, successes=4, n=8))
            parent = child
        write(f"round:{r}:reflection", Reflection(round=r, insight=f"round {r}: kept={kept}"))
        write(f"round:{r}:done", RoundCompleted(round=r, attempts=1, kept=kept))
    write.close()
    return write.evaluations
