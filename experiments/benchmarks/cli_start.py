"""Benchmark: how fast `rsi` starts, against `python -c pass`, measured in the same run.

Each command runs as a user runs it, a whole process (`python -m rsi ...`, the same code as
the `rsi` script), timed from outside from start to exit, `--repeat` times in turn with
the others; the table shows the least and the median wall seconds and the median over
`python -c pass`'s:
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


def timed(argv: list[str], tree: Path, expect: int) -> float:
    env = os.environ | {"PYTHONPATH": str(tree), "COLUMNS": "100"}
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=tree, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != expect:
        raise SystemExit(f"{argv} exited {done.returncode}: {done.stderr.decode()[-400:]}")
    return seconds


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
        seconds: dict[tuple[Path, str], list[float]] = {}
        for _ in range(args.repeat):
            for tree in trees:
                for name, argv in rows.items():
                    expect = 2 if name == "user error" else 0
                    took = timed([sys.executable, *argv], tree, expect)
                    seconds.setdefault((tree, name), []).append(took)
    for tree in trees:
        bare = statistics.median(seconds[(tree, "python -c pass")])
        print()
        print(f"tree {tree} ({args.repeat} runs each)")
        print(f"{'command':<20} {'least s':>8} {'median s':>9} {'x pass':>7}")
        for name in rows:
            runs = seconds[(tree, name)]
            median = statistics.median(runs)
            print(f"{name:<20} {min(runs):>8.3f} {median:>9.3f} {median / bare:>7.1f}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
