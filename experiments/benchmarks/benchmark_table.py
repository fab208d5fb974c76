"""Benchmark: `rsi benchmark` A to E on the offline world, and what coverage costs.

Runs `rsi benchmark CONFIG --configurations A,B,C,D,E --strategy STRATEGY` twice into
fresh directories, with Change and Entry Coverage and with `--no-coverage`, in that
order and then the other (so machine load falls on both alike), and prints per variant
the median wall seconds, the evaluations paid and the seconds per evaluation, then the
ratio with coverage to without. The load average is printed: the machine may be shared.

    .venv/bin/python experiments/benchmarks/benchmark_table.py \\
        --strategy runs/quickstart-XXXX [--config experiments/quickstart.toml] [--rounds 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _run(config: Path, strategy: Path, out: Path, coverage: bool) -> tuple[float, int]:
    command = [sys.executable, "-m", "rsi", "benchmark", str(config), "--configurations",
               "A,B,C,D,E", "--strategy", str(strategy), "--out", str(out), "--json",
               "--coverage" if coverage else "--no-coverage"]  # fmt: skip
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    return seconds, json.loads(done.stdout)["paid_now"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("experiments/quickstart.toml"))
    parser.add_argument("--strategy", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ["MLFLOW_DISABLE_TELEMETRY"] = "true"
    times: dict[bool, list[float]] = {True: [], False: []}
    paid: dict[bool, int] = {}
    with tempfile.TemporaryDirectory(prefix="rsi-bench-table-") as scratch:
        for r in range(args.rounds):
            for coverage in (True, False) if r % 2 == 0 else (False, True):
                out = Path(scratch) / f"{r}-{coverage}"
                seconds, count = _run(args.config, args.strategy, out, coverage)
                times[coverage].append(seconds)
                paid[coverage] = count
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    for coverage, label in ((False, "without coverage"), (True, "with coverage")):
        median = statistics.median(times[coverage])
        print(
            f"A-E {label:>17}: {median:7.1f} s wall, {paid[coverage]} evaluations, "
            f"{median / paid[coverage]:.1f} s per evaluation"
        )
    ratio = statistics.median(times[True]) / statistics.median(times[False])
    print(f"coverage costs x{ratio:.2f} the wall time of a benchmark without it")


if __name__ == "__main__":
    main()
