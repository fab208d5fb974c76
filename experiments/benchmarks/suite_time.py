"""Wall time of `make test-fast` and of `make test`'s two pytest passes, measured in one run.

Runs the same pytest commands as the Makefile (lint aside: it takes seconds), with this
interpreter, from the repository root, one after another, and prints each pass's wall time,
its outcome line and the load average around it: on a shared machine the load says how
much of the time was the suite's own. Each pass also records when every test ran on which
worker (tests/support/timeline.py) and prints each worker's busy seconds, how long it sat
idle before the pass ended, and the longest tests: a pass whose end waits on one long
test wants a different order, a busy one wants less work. Next to each figure stands the
CPU the tests used (their worker and every process they started, sandbox runs included):
a test whose CPU is far below its wall time on an idle machine waits (sleeps, timeouts,
backoff), and only waiting tests gain from more xdist workers than cores. Writes
`experiments/benchmarks/results/suite_time.txt`.

    python experiments/benchmarks/suite_time.py [--jobs auto] [--skip-full] [--logs DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.timeline import TIMELINE_ENV  # noqa: E402

RESULTS = ROOT / "experiments" / "benchmarks" / "results" / "suite_time.txt"
LONGEST = 5
LONGEST_MODULES = 12


def passes(jobs: str, full: bool) -> list[tuple[str, list[str]]]:
    """(label, pytest arguments) of each timed pass, as the Makefile runs them."""
    found = [("make test-fast", ["-n", jobs, "-m", "fast and not slow"])]
    if full:
        found += [
            (
                "make test, pass 1 (xdist)",
                ["-n", jobs, "--dist", "loadgroup", "-m", "not serial and not waiting"],
            ),
            ("make test, pass 2 (lanes)", ["-n", "3", "--dist", "loadgroup", "--lanes"]),
        ]
    return found


def timed(
    arguments: list[str], log: Path | None, timeline: Path
) -> tuple[float, str, int, tuple[float, float]]:
    """(seconds, pytest's last line, exit code, load average before and after); pytest's
    whole output goes to `log` when given, the tests' timeline to `timeline`."""
    before = os.getloadavg()[0]
    started = time.perf_counter()
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"),
            *("-p", "tests.support.timeline", *arguments),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=os.environ
        | {
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            "MLFLOW_DISABLE_TELEMETRY": "true",
            TIMELINE_ENV: str(timeline),
        },
    )
    seconds = time.perf_counter() - started
    if log is not None:
        log.write_text(done.stdout + done.stderr)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return (
        seconds,
        (lines[-1] if lines else done.stderr.strip()[-200:]),
        done.returncode,
        (
            before,
            os.getloadavg()[0],
        ),
    )


def where_time_went(timeline: Path) -> list[str]:
    """Per worker: busy seconds and idle seconds before the pass's last test ended; then
    the longest tests."""
    runs = [
        json.loads(line)
        for path in sorted(timeline.glob("*.jsonl"))
        for line in path.read_text().splitlines()
    ]
    if not runs:
        return []
    end = max(run["end"] for run in runs)
    lines = []
    for worker in sorted({run["worker"] for run in runs}):
        mine = [run for run in runs if run["worker"] == worker]
        busy = sum(run["end"] - run["start"] for run in mine)
        cpu = sum(run.get("cpu", 0.0) for run in mine)
        idle_at_end = end - max(run["end"] for run in mine)
        lines.append(
            f"  {worker}: {len(mine)} tests, busy {busy:.0f} s (CPU {cpu:.0f} s), "
            f"idle {idle_at_end:.0f} s at the end"
        )
    for run in sorted(runs, key=lambda r: r["start"] - r["end"])[:LONGEST]:
        lines.append(
            f"  {run['end'] - run['start']:6.1f} s  CPU {run.get('cpu', 0.0):6.1f} s  {run['test']}"
        )
    by_folder: dict[str, list[float]] = {}
    by_module: dict[str, list[float]] = {}
    for run in runs:
        module = run["test"].split("::")[0]
        for key, table in ((module, by_module), (module.rsplit("/", 1)[0], by_folder)):
            wall_cpu = table.setdefault(key, [0.0, 0.0])
            wall_cpu[0] += run["end"] - run["start"]
            wall_cpu[1] += run.get("cpu", 0.0)
    for table, what in ((by_module, "all its tests"), (by_folder, "its modules' tests")):
        for name, (seconds, cpu) in sorted(table.items(), key=lambda kv: -kv[1][0])[
            :LONGEST_MODULES
        ]:
            lines.append(f"  {seconds:6.1f} s  CPU {cpu:6.1f} s  {name} ({what})")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", default="auto", help="pytest-xdist workers (-n)")
    parser.add_argument("--skip-full", action="store_true", help="time make test-fast only")
    parser.add_argument("--logs", type=Path, help="write each pass's pytest output here")
    options = parser.parse_args()
    report = [f"cores: {os.cpu_count()}; xdist workers: {options.jobs}"]
    total = 0.0
    for number, (label, arguments) in enumerate(passes(options.jobs, not options.skip_full)):
        log = options.logs / f"pass{number}.log" if options.logs else None
        with tempfile.TemporaryDirectory(prefix="rsi-timeline-") as scratch:
            timeline = options.logs / f"timeline{number}" if options.logs else Path(scratch)
            timeline.mkdir(parents=True, exist_ok=True)
            seconds, last, code, (before, after) = timed(arguments, log, timeline)
            shares = where_time_went(timeline)
        if label.startswith("make test,"):
            total += seconds
        report.append(
            f"{label}: {seconds:.0f} s (exit {code}; load {before:.1f} -> {after:.1f}): {last}"
        )
        report.extend(shares)
        print("\n".join([report[-1 - len(shares)], *shares]), flush=True)
    if total:
        report.append(f"make test, both passes: {total:.0f} s ({total / 60:.1f} min)")
        print(report[-1])
    RESULTS.write_text("\n".join(report) + "\n")


if __name__ == "__main__":
    main()
