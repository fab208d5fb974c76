"""Benchmark: the journal at scale (1k, 10k, 100k events), each figure against a bare
`json.loads` pass over the same file, measured in the same run.

A synthetic journal is written through the project's own event types (`Event` and its
payload models, serialized exactly as `Journal.append` writes them): a run start, a split,
then rounds of 6 parent and 6 child train evaluations, a proposal, a screen, a reflection
and a done; every third round keeps the child and scores it on 8 dev tasks. Evaluation
traces have the scripted runner's shape and size (planning, generation, repair, review,
submit phases, checks, usage), about 2 KB each.

Each measurement runs in a fresh subprocess (timed inside it; peak memory is that process's
`ru_maxrss`, and its growth over the interpreter with imports done):
- bare: `json.loads` of every line, results dropped;
- status: `read_state` + `summarise` (`rsi status`);
- resume: `Journal(run_dir)` + `Journal.fold()` (what `Engine.run` does on resume);
- full: `fold(read_events(...))`, every event with its trace (the reader before issue 17),
  only up to `--full-upto` events since it holds every trace;
- append: `--appends` evaluation events through `Journal.append` (fsync each) against
  `json.dumps` + write + fsync of the same lines.

    .venv/bin/python experiments/benchmarks/journal_scale.py [--sizes 1000 10000 100000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rsi.journal import (  # noqa: E402
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

PROBE = r"""
import json, os, resource, sys, time
from pathlib import Path
sys.path.insert(0, {root!r})
kind, run_dir, extra = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
from rsi.journal import EVENTS_FILE, Journal, Reflection, fold, read_events, read_state, summarise
from rsi.journal import Evaluation
def rss_kb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
base = rss_kb()
path = run_dir / EVENTS_FILE
start = time.perf_counter()
if kind == "bare":
    with open(path, "rb") as handle:
        for line in handle:
            json.loads(line)
elif kind == "status":
    summarise(run_dir, read_state(run_dir))
elif kind == "resume":
    journal = Journal(run_dir)
    state = journal.fold()
    journal.close()
elif kind == "full":
    fold(read_events(run_dir))
elif kind in ("append", "append_bare"):
    data = Evaluation.model_validate_json(Path(sys.argv[4]).read_text())
    target = run_dir / "append"
    target.mkdir()
    if kind == "append":
        journal = Journal(target)
        for i in range(extra):
            journal.append(f"eval:bench:{{i}}", data)
        journal.close()
    else:
        dumped = {{"data": data.model_dump(mode="json"), "op": "", "seq": 0, "ts": "",
                   "type": "evaluation"}}
        with open(target / EVENTS_FILE, "ab") as handle:
            for i in range(extra):
                dumped["op"], dumped["seq"] = f"eval:bench:{{i}}", i + 1
                line = json.dumps(dumped, ensure_ascii=False, sort_keys=True) + "\n"
                handle.write(line.encode())
                handle.flush()
                os.fsync(handle.fileno())
seconds = time.perf_counter() - start
print(json.dumps({{"seconds": seconds, "peak_kb": rss_kb(), "growth_kb": rss_kb() - base}}))
"""

TASKS = [f"task-{n:03d}" for n in range(60)]


def trace(rng: random.Random, task_id: str) -> dict[str, Any]:
    """A scripted-runner-shaped public trace (the part the journal keeps), about 2 KB."""
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
    """Writes events as `Journal.append` does (same serialization), without an fsync each."""

    def __init__(self, path: Path) -> None:
        self.handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()
        self.seq = 0
        self.evaluations = 0

    def __call__(self, op: str, data: EventData) -> None:
        self.seq += 1
        self.evaluations += isinstance(data, Evaluation)
        event = Event(
            seq=self.seq, ts="2026-12-01T00:00:00.000+00:00", type=data.type, op=op, data=data
        )
        self.handle.write(
            json.dumps(event.model_dump(mode="json"), ensure_ascii=False, sort_keys=True) + "\n"
        )

    def close(self) -> None:
        self.handle.close()


def strategy(rng: random.Random) -> dict[str, Any]:
    return {"agentSteps": rng.randrange(4, 40), "repairRounds": rng.randrange(4), "notes": "x" * 40}


def build(path: Path, events: int, seed: int = 42) -> int:
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
        success = rng.random() < 0.4
        write(
            evaluation_op(purpose, sid, task, 42),
            Evaluation(
                strategy_id=sid,
                task_id=task,
                seed=42,
                purpose=purpose,  # type: ignore[arg-type]
                success=success,
                initial_outcome="fail" if success else rng.choice(["fail", "pass"]),
                reference_outcome="pass",
                trace=trace(rng, task),
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


def probe(
    kind: str, run_dir: Path, extra: int = 0, payload: Path | None = None
) -> dict[str, float]:
    code = PROBE.format(root=str(ROOT))
    argv = [sys.executable, "-c", code, kind, str(run_dir), str(extra), str(payload or "")]
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run(argv, capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--full-upto", type=int, default=100_000)
    parser.add_argument("--appends", type=int, default=1000)
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    header = (
        f"{'events':>7} {'path':<8} {'seconds':>8} {'x bare':>7} "
        f"{'peak MB':>8} {'x bare':>7} {'growth MB':>9}"
    )
    with tempfile.TemporaryDirectory(prefix="rsi-journal-scale-") as home:
        payload = Path(home) / "evaluation.json"
        sample = Evaluation(
            strategy_id="s0",
            task_id="task-000",
            seed=42,
            purpose="train",
            success=True,
            initial_outcome="fail",
            reference_outcome="pass",
            trace=trace(random.Random(1), "task-000"),
        )
        payload.write_text(sample.model_dump_json())
        for size in args.sizes:
            run_dir = Path(home) / f"run-{size}"
            run_dir.mkdir()
            evaluations = build(run_dir / "events.jsonl", size)
            total = (run_dir / "events.jsonl").stat().st_size
            with open(run_dir / "events.jsonl", "rb") as handle:
                # Streamed: a probe's ru_maxrss starts at this process's size when it forks.
                lines = sum(1 for _ in handle)
            trace_bytes = len(json.dumps(sample.trace, ensure_ascii=False, sort_keys=True))
            print()
            print(
                f"{lines} events ({evaluations} evaluations), {total / 1e6:.1f} MB: "
                f"{total / evaluations:.0f} bytes per evaluation event "
                f"(about {trace_bytes} of them trace), "
                f"{total / lines:.0f} bytes per event on average"
            )
            print(header)
            kinds = ["bare", "status", "resume"] + (["full"] if size <= args.full_upto else [])
            results = {kind: probe(kind, run_dir) for kind in kinds}
            bare = results["bare"]
            for kind in kinds:
                got = results[kind]
                print(
                    f"{lines:>7} {kind:<8} {got['seconds']:>8.2f} "
                    f"{got['seconds'] / bare['seconds']:>7.2f} {got['peak_kb'] / 1024:>8.0f} "
                    f"{got['peak_kb'] / bare['peak_kb']:>7.2f} {got['growth_kb'] / 1024:>9.0f}"
                )
        appends = args.appends
        run_dir = Path(home) / "appends"
        run_dir.mkdir()
        ours = probe("append", run_dir, appends, payload)
        (run_dir / "append").rename(run_dir / "append-journal")
        bare = probe("append_bare", run_dir, appends, payload)
        print()
        print(
            f"append with fsync, {appends} evaluation events: Journal.append "
            f"{appends / ours['seconds']:.0f}/s, bare json.dumps+write+fsync "
            f"{appends / bare['seconds']:.0f}/s, x bare {ours['seconds'] / bare['seconds']:.2f}"
        )


if __name__ == "__main__":
    main()
