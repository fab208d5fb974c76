"""Benchmark: many searches, one store. Runs one small search alone, then N at once (separate
`rsi search` processes, distinct seeds) against one runs directory and its one sqlite MLflow
store, and prints, measured in the same run: the wall time of N at once against N times the
one alone, every search's events and `lineage_failed` count, and what a later
`rsi mlflow sync` still had to write (0 runs created or updated: the live sinks mirrored
everything).

    .venv/bin/python experiments/benchmarks/many_searches.py [--searches 4]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")

from rsi.journal import LineageFailed, read_events  # noqa: E402
from rsi.lineage import default_tracking_uri, sync_run_dir  # noqa: E402

CONFIG = """
[experiment]
name = "many"
seed = {seed}
tasks = "{root}/experiments/tasks"
initial_strategy = "{root}/experiments/strategies/initial.json"
runs_dir = "{runs}"

[data]
proposal = 8
dev = 4
release = 4
seed = 42

[search]
minibatch = 4
completed_rounds = 2
max_attempts = 4
workers = 1

[proposers]
stack = ["heuristic", "optuna"]

[sandbox]
backend = "local"
timeout_cap_s = 60

[mlflow]
enabled = true
"""


def launch(home: Path, runs: Path, seed: int) -> subprocess.Popen[str]:
    config = home / f"search-{seed}.toml"
    config.write_text(CONFIG.format(seed=seed, root=ROOT, runs=runs))
    argv = [sys.executable, "-m", "rsi", "search", str(config), "--run-dir"]
    argv += [str(runs / f"search-{seed}"), "--override-consumed", "--json"]
    return subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )


def finish(processes: list[subprocess.Popen[str]]) -> None:
    for process in processes:
        _, err = process.communicate()
        if process.returncode != 0:
            raise SystemExit(f"a search failed ({process.returncode}): {err[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--searches", type=int, default=4)
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="rsi-many-") as folder:
        home = Path(folder)
        alone_runs = home / "alone"
        started = time.perf_counter()
        finish([launch(home, alone_runs, 0)])
        alone = time.perf_counter() - started
        runs = home / "shared"
        started = time.perf_counter()
        finish([launch(home, runs, seed) for seed in range(1, args.searches + 1)])
        together = time.perf_counter() - started
        print(f"one search alone: {alone:.1f} s")
        print(
            f"{args.searches} searches at once on one store: {together:.1f} s "
            f"(x {together / (args.searches * alone):.2f} of {args.searches} run one by one)"
        )
        store = default_tracking_uri(runs)
        for seed in range(1, args.searches + 1):
            run_dir = runs / f"search-{seed}"
            events = read_events(run_dir)
            contiguous = [e.seq for e in events] == list(range(1, len(events) + 1))
            failed = sum(isinstance(e.data, LineageFailed) for e in events)
            report = sync_run_dir(run_dir, store)
            print(
                f"search {seed}: {len(events)} events (contiguous: {contiguous}), "
                f"lineage_failed {failed}, later sync created {report.created} "
                f"and updated {report.updated} of {report.runs} runs"
            )


if __name__ == "__main__":
    main()
