"""Benchmark: how fast `rsi` starts, against `python -c pass`, measured in the same run.

Each command runs as a user runs it, a whole process (`python -m rsi ...`, the same code as
the `rsi` script), timed from outside from start to exit, `--repeat` times in turn with
the others, after one round that warms the bytecode cache (a user's `rsi` has its `.pyc`
files; PYTHONDONTWRITEBYTECODE is dropped from the children's environment). The table
shows the least and the median wall seconds, the median over `python -c pass`'s, and the
CPU seconds (user and system) each run used: on a shared machine the wall time waits for
a core, and the CPU time is what the command itself cost:
- `rsi --help`;
- `rsi status RUN` and `rsi status RUN --json` on a small run (the synthetic journal of
  journal_scale.py, 60 events, with the quickstart's config);
- a user error: `rsi search` of a config file that does not exist (exit 2, one line).
`--tree DIR` (repeatable) times the code in DIR too (PYTHONPATH=DIR, the same interpreter
and packages), e.g. an older checkout extracted with `git archive`: each tree's rows are
measured in the same rounds, so their ratios compare.

    .venv/bin/python experiments/benchmarks/cli_start.py [--repeat 10] [--tree DIR ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from synthetic_journal import build  # noqa: E402

from rsi.config import load_config  # noqa: E402


def commands(run_dir: Path, missing: Path) -> dict[str, list[str]]:
    """What each row runs after `python`."""
    return {
        "python -c pass": ["-c", "pass"],
        "rsi --help": ["-m", "rsi", "--help"],
        "rsi status": ["-m", "rsi", "status", str(run_dir)],
        "rsi status --json": ["-m", "rsi", "status", str(run_dir), "--json"],
        "user error": ["-m", "rsi", "search", str(missing)],
    }


def environment(tree: Path) -> dict[str, str]:
    """This process's environment for a child running `tree`'s code, bytecode cached: with
    PYTHONDONTWRITEBYTECODE set (a sandbox's default), every import would compile its
    source again, each run, which no installed `rsi` does."""
    env = os.environ | {"PYTHONPATH": str(tree), "COLUMNS": "100"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def timed(argv: list[str], tree: Path, expect: int) -> tuple[float, float]:
    """Wall seconds from start to exit, and the CPU seconds (user and system) the child used."""
    start = time.perf_counter()
    child = subprocess.Popen(
        argv,
        env=environment(tree),
        cwd=tree,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert child.stderr is not None
    stderr = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != expect:
        raise SystemExit(f"{argv} exited {code}: {stderr.decode()[-400:]}")
    return seconds, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--tree", type=Path, action="append", default=[])
    args = parser.parse_args()
    trees = [ROOT, *(t.resolve() for t in args.tree)]
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="rsi-cli-start-") as home:
        run_dir = Path(home) / "run"
        run_dir.mkdir()
        build(run_dir / "events.jsonl", 60)
        config = load_config(ROOT / "experiments" / "quickstart.toml")
        (run_dir / "config.json").write_text(config.model_dump_json())
        rows = commands(run_dir, Path(home) / "absent.toml")
        seconds: dict[tuple[Path, str], list[tuple[float, float]]] = {}
        for round_number in range(args.repeat + 1):  # round 0 warms: writes the bytecode
            for tree in trees:
                for name, argv in rows.items():
                    expect = 2 if name == "user error" else 0
                    took = timed([sys.executable, *argv], tree, expect)
                    if round_number:
                        seconds.setdefault((tree, name), []).append(took)
    for tree in trees:
        bare = statistics.median(wall for wall, _ in seconds[(tree, "python -c pass")])
        print()
        print(f"tree {tree} ({args.repeat} runs each)")
        print(
            f"{'command':<20} {'least s':>8} {'median s':>9} {'x pass':>7} "
            f"{'least cpu s':>12} {'median cpu s':>13}"
        )
        for name in rows:
            walls = [wall for wall, _ in seconds[(tree, name)]]
            cpus = [cpu for _, cpu in seconds[(tree, name)]]
            median = statistics.median(walls)
            print(
                f"{name:<20} {min(walls):>8.3f} {median:>9.3f} {median / bare:>7.1f} "
                f"{min(cpus):>12.3f} {statistics.median(cpus):>13.3f}"
            )
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
