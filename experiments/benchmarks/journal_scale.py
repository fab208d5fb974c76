"""Benchmark: the journal at scale (1k, 10k, 100k events), each figure against a bare
`json.loads` pass over the same file, measured in the same run.

A synthetic journal is written through the project's own event types (`Event` and its
payload models, serialized exactly as `Journal.append` writes them: orjson, compact, sorted
keys): a run start, a split, then rounds of 6 parent and 6 child train evaluations, a
proposal, a screen, a reflection and a done; every third round keeps the child and scores
it on 8 dev tasks. An evaluation the journal holds already (a parent's task in a later
round) is not written again, as the engine reuses it. Evaluation traces have the scripted
runner's shape and size (planning, generation, repair, review, submit phases, checks,
usage), about 1.4 KB each; `--calls-phase` adds an agent pair's `calls` phase to each (what
`rsi status --json` totals as `calls`). The run directory holds the quickstart's config, so
`rsi status` reads it as a user's run.

In-process, each measurement runs in a fresh subprocess, timed inside it once its imports
are done (peak memory is that process's `ru_maxrss`, growth is over the interpreter with its
imports):
- bare: `json.loads` of every line, results dropped;
- status: `rsi status RUN --json` through the CLI's Typer app in that process (the fold,
  the summary, the spend and the harness calls, the JSON printed to /dev/null), once its
  imports are warmed by a status of a 40-line copy (the command imports them when it runs);
- resume: `Journal(run_dir)` + `Journal.fold()` (what `Engine.run` does on resume);
- full: `fold(read_events(...))`, every event with its trace (the reader before issue 17),
  only up to `--full-upto` events since it holds every trace;
- append: `--appends` evaluation events through `Journal.append` (fsync each) against
  `json.dumps` + write + fsync of the same lines.
As whole processes, timed from outside (start, imports, work, exit; peak from `wait4`):
- bare process: `python -c` running the same `json.loads` loop;
- rsi status: the `rsi` entry point, `python -m rsi status RUN --json`, a user's command.
Each figure is the least of `--repeat` runs (kinds interleaved), as the machine is shared;
`cpu s` is the CPU time (user and system) of that run, from the same clock points (inside
the probe; the whole process from `wait4`): on a loaded machine, where the wall time waits
for a core, it is the nearer figure to an idle machine's. The children run with their
bytecode cached (`environment`), as an installed `rsi` does.

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
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from synthetic_journal import build, trace  # noqa: E402

from rsi.config import load_config  # noqa: E402
from rsi.journal import Evaluation  # noqa: E402

PROBE = r"""
import contextlib, json, os, resource, sys, time
from pathlib import Path
sys.path.insert(0, {root!r})
kind, run_dir, extra = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
from rsi.journal import EVENTS_FILE, Journal, fold, read_events
from rsi.journal import Evaluation
if kind == "status":  # imports warmed: what `rsi status` imports when it runs, too
    import shutil, tempfile
    from rsi.cli import app
    with tempfile.TemporaryDirectory() as warm, open(os.devnull, "w") as sink:
        shutil.copy(run_dir / "config.json", warm)
        with open(run_dir / EVENTS_FILE, "rb") as source:
            Path(warm, EVENTS_FILE).write_bytes(b"".join(source.readline() for _ in range(40)))
        with contextlib.redirect_stdout(sink):
            app(["status", warm, "--json"], standalone_mode=False)
def rss_kb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime
base = rss_kb()
path = run_dir / EVENTS_FILE
start, start_cpu = time.perf_counter(), cpu()
if kind == "bare":
    with open(path, "rb") as handle:
        for line in handle:
            json.loads(line)
elif kind == "status":
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        app(["status", str(run_dir), "--json"], standalone_mode=False)
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
seconds, cpu_seconds = time.perf_counter() - start, cpu() - start_cpu
print(json.dumps({{"seconds": seconds, "cpu": cpu_seconds, "peak_kb": rss_kb(),
                  "growth_kb": rss_kb() - base}}))
"""
BARE_PROCESS = (
    "import json, sys\n"
    "with open(sys.argv[1], 'rb') as handle:\n"
    "    for line in handle:\n"
    "        json.loads(line)\n"
)


def probe(
    kind: str, run_dir: Path, extra: int = 0, payload: Path | None = None
) -> dict[str, float]:
    """One in-process measurement, in a fresh subprocess timed inside it."""
    code = PROBE.format(root=str(ROOT))
    argv = [sys.executable, "-c", code, kind, str(run_dir), str(extra), str(payload or "")]
    done = subprocess.run(argv, capture_output=True, text=True, check=True, env=environment())
    return json.loads(done.stdout.strip().splitlines()[-1])


def process(kind: str, run_dir: Path) -> dict[str, float]:
    """One whole process timed from outside: wall seconds from start to exit, the CPU
    seconds (user and system) it used, its peak."""
    path = run_dir / "events.jsonl"
    argv = {
        "bare process": [sys.executable, "-c", BARE_PROCESS, str(path)],
        "rsi status": [sys.executable, "-m", "rsi", "status", str(run_dir), "--json"],
    }[kind]
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=environment(), cwd=ROOT)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{kind} exited {child.returncode}")
    cpu = usage.ru_utime + usage.ru_stime
    return {"seconds": seconds, "cpu": cpu, "peak_kb": usage.ru_maxrss, "growth_kb": 0}


def environment() -> dict[str, str]:
    """The children's environment: this checkout's code, its bytecode cached (with
    PYTHONDONTWRITEBYTECODE, a sandbox's default, each `rsi` process would compile every
    module it imports again, which no installed `rsi` does; `main` warms the cache)."""
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def measure(kinds: list[str], run_dir: Path, repeat: int) -> dict[str, dict[str, float]]:
    """The least of `repeat` runs of each kind, the kinds interleaved in each round."""
    best: dict[str, dict[str, float]] = {}
    for _ in range(repeat):
        for kind in kinds:
            got = process(kind, run_dir) if kind in PROCESSES else probe(kind, run_dir)
            if kind not in best or got["seconds"] < best[kind]["seconds"]:
                best[kind] = got
    return best


PROCESSES = ("bare process", "rsi status")
HEADER = (
    f"{'events':>7} {'path':<13} {'seconds':>8} {'x bare':>7} {'cpu s':>6} {'x bare':>7} "
    f"{'peak MB':>8} {'x bare':>7} {'growth MB':>9}"
)


def report_size(run_dir: Path, sample: Evaluation, args: argparse.Namespace, *, warm: bool) -> None:
    """Build a journal of `run_dir.name`'s size, measure every kind, print its rows
    (`warm`: run `rsi status` once first, untimed, to write the bytecode cache)."""
    size = int(run_dir.name.split("-")[1])
    evaluations = build(run_dir / "events.jsonl", size, calls=args.calls_phase)
    config = load_config(ROOT / "experiments" / "quickstart.toml")
    (run_dir / "config.json").write_text(config.model_dump_json())
    total = (run_dir / "events.jsonl").stat().st_size
    with open(run_dir / "events.jsonl", "rb") as handle:
        # Streamed: a probe's ru_maxrss starts at this process's size when it forks.
        lines = sum(1 for _ in handle)
    trace_bytes = len(orjson.dumps(sample.trace))
    print()
    print(
        f"{lines} events ({evaluations} evaluations), {total / 1e6:.1f} MB: "
        f"{total / evaluations:.0f} bytes per evaluation event "
        f"(about {trace_bytes} of them trace), "
        f"{total / lines:.0f} bytes per event on average"
    )
    print(HEADER)
    inside = ["bare", "status", "resume"] + (["full"] if size <= args.full_upto else [])
    if warm:
        process("rsi status", run_dir)
    results = measure([*inside, *PROCESSES], run_dir, args.repeat)
    for kinds, bare in ((inside, results["bare"]), (PROCESSES, results["bare process"])):
        for kind in kinds:
            got = results[kind]
            print(
                f"{lines:>7} {kind:<13} {got['seconds']:>8.2f} "
                f"{got['seconds'] / bare['seconds']:>7.2f} {got['cpu']:>6.2f} "
                f"{got['cpu'] / bare['cpu']:>7.2f} {got['peak_kb'] / 1024:>8.0f} "
                f"{got['peak_kb'] / bare['peak_kb']:>7.2f} {got['growth_kb'] / 1024:>9.0f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--full-upto", type=int, default=100_000)
    parser.add_argument("--appends", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--calls-phase", action="store_true", help="agent pairs' traces")
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
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
            trace=trace(random.Random(1), "task-000", calls=args.calls_phase),
        )
        payload.write_text(sample.model_dump_json())
        for size in args.sizes:
            run_dir = Path(home) / f"run-{size}"
            run_dir.mkdir()
            report_size(run_dir, sample, args, warm=size == args.sizes[0])
        if args.appends:
            report_appends(Path(home) / "appends", payload, args.appends)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def report_appends(run_dir: Path, payload: Path, appends: int) -> None:
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
