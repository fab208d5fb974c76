"""CPU of the suite's `rsi` processes: cold (`python -m rsi`) against forked from the warm
start (`tests/support/warm_start.py`), measured in one run.

Runs each command REPEATS times cold, then REPEATS times warm, and prints the CPU seconds
of each (the process and everything it started, read from a cpuacct cgroup this script
joins; cgroup v1 as root, else getrusage, which misses the forked children) and the ratio
warm/cold. The warm start's own imports are paid once, by the first warm command, and
printed apart. Writes `experiments/benchmarks/results/warm_start.txt`.

    python experiments/benchmarks/warm_start.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support import warm_start  # noqa: E402

RESULTS = ROOT / "experiments" / "benchmarks" / "results" / "warm_start.txt"
CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def commands(scratch: Path) -> dict[str, list[str]]:
    """What the suite's processes do, from cheapest to dearest."""
    return {
        "a user error (missing config)": ["search", str(scratch / "missing.toml")],
        "rsi plan (config, forecast)": ["plan", "experiments/quickstart.toml"],
        # nothing listens on the config's port: refused at the model check, litellm loaded
        "an LLM search refused at its model check": [
            "search",
            "experiments/testhelix_small.toml",
            "--run-dir",
            str(scratch / "refused"),
        ],
    }


def _own_cgroup() -> Path | None:
    own = CPUACCT / f"rsi-warm-bench-{os.getpid()}"
    try:
        own.mkdir(exist_ok=True)
        (own / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        return None
    return own


def _cpu(own: Path | None) -> float:
    if own is not None:
        return int((own / "cpuacct.usage").read_text()) / 1e9
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _measure(argv: list[str], own: Path | None, repeats: int) -> float:
    """Least CPU seconds of `repeats` runs of `rsi ARGV` in the current mode."""
    least = float("inf")
    for _ in range(repeats):
        before = _cpu(own)
        warm_start.run_module("rsi", argv, timeout=300)
        least = min(least, _cpu(own) - before)
    return least


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    options = parser.parse_args()
    own = _own_cgroup()
    lines = [f"cpu source: {'cgroup' if own else 'getrusage (misses forked children)'}"]
    with tempfile.TemporaryDirectory() as scratch:
        cases = commands(Path(scratch))
        os.environ[warm_start.COLD_ENV] = "1"
        cold = {name: _measure(argv, own, options.repeats) for name, argv in cases.items()}
        os.environ[warm_start.COLD_ENV] = "0"
        before = _cpu(own)
        warm_start.run_module("rsi", ["--help"])
        lines.append(f"the warm start's imports, once per test worker: {_cpu(own) - before:.2f} s")
        warm = {name: _measure(argv, own, options.repeats) for name, argv in cases.items()}
    for name in cases:
        ratio = warm[name] / cold[name]
        lines.append(
            f"{name}: cold {cold[name]:.2f} s, warm {warm[name]:.2f} s of CPU"
            f" (warm/cold {ratio:.2f})"
        )
    print("\n".join(lines))
    RESULTS.write_text("\n".join(lines) + "\n")
    warm_start.close()  # its children leave the cgroup with it
    _leave_cgroup(own)


def _leave_cgroup(own: Path | None) -> None:
    """Move back to the root cgroup and remove ours (a leftover process keeps it; harmless)."""
    if own is None:
        return
    try:
        (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
        own.rmdir()
    except OSError:
        pass


if __name__ == "__main__":
    main()
