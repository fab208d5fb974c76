"""Wall time of `make test-fast` and of `make test`'s two pytest passes, measured in one run.

Runs the same pytest commands as the Makefile (lint aside: it takes seconds), with this
interpreter, from the repository root, one after another, and prints each pass's wall time,
its outcome line and the load average around it: on a shared machine the load says how
much of the time was the suite's own. Writes `experiments/benchmarks/results/suite_time.txt`.

    python experiments/benchmarks/suite_time.py [--jobs auto] [--skip-full] [--logs DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "experiments" / "benchmarks" / "results" / "suite_time.txt"


def passes(jobs: str, full: bool) -> list[tuple[str, list[str]]]:
    """(label, pytest arguments) of each timed pass, as the Makefile runs them."""
    found = [("make test-fast", ["-n", jobs, "-m", "fast and not slow"])]
    if full:
        found += [
            ("make test, pass 1 (xdist)", ["-n", jobs, "--dist", "loadgroup", "-m", "not serial"]),
            ("make test, pass 2 (serial)", ["-m", "serial"]),
        ]
    return found


def timed(arguments: list[str], log: Path | None) -> tuple[float, str, int, tuple[float, float]]:
    """(seconds, pytest's last line, exit code, load average before and after); pytest's
    whole output goes to `log` when given."""
    before = os.getloadavg()[0]
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=os.environ
        | {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"},
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
        seconds, last, code, (before, after) = timed(arguments, log)
        if label.startswith("make test,"):
            total += seconds
        report.append(
            f"{label}: {seconds:.0f} s (exit {code}; load {before:.1f} -> {after:.1f}): {last}"
        )
        print(report[-1], flush=True)
    if total:
        report.append(f"make test, both passes: {total:.0f} s ({total / 60:.1f} min)")
        print(report[-1])
    RESULTS.write_text("\n".join(report) + "\n")


if __name__ == "__main__":
    main()
