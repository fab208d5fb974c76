"""`[search] stop_when_decided` on many coin-world seeds: the sweep the early-stopping test
ran until issue 52 (24 seeds under `strict-no-regression`, 6 under `strict-sum`), now here so
that `make test` runs one seed per rule.

Every seed's search runs with the switch on and off (tests/support/coin_search.py,
`switch_sweep`) and must decide the same (kept set, verdicts, what proposers were shown,
parents, champion, gate), pay a subset of the evaluations, never pay a skipped one, and
report a dev score stopped early as an upper bound that is never the best; a seed that does
not stops the script with its assertion. Then, per rule: seeds, paid evaluations both ways,
the early screens and dev scores, and the wall time. Writes
`experiments/benchmarks/results/early_stop_sweep.txt`.

    python experiments/benchmarks/early_stop_sweep.py [--seeds 1-24] [--sum-seeds 1-6]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evaluators.tasks import TaskSet  # noqa: E402
from tests.support.coin_search import coin_config, switch_sweep  # noqa: E402

RESULTS = ROOT / "experiments" / "benchmarks" / "results" / "early_stop_sweep.txt"


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-24", help="strict-no-regression seeds")
    parser.add_argument("--sum-seeds", default="1-6", help="strict-sum seeds")
    args = parser.parse_args()
    tasks = TaskSet.load(coin_config(Path("runs"), 1, stop=True).experiment.tasks)
    lines = [f"stop_when_decided on the coin world, {time.strftime('%Y-%m-%d')}"]
    sweeps = (("strict-no-regression", args.seeds), ("strict-sum", args.sum_seeds))
    for rule, seeds in sweeps:
        started = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="rsi-sweep-") as home:
            totals = switch_sweep(seed_range(seeds), rule, tasks, Path(home))
        fewer = 1 - totals.paid_on / totals.paid_off
        lines.append(
            f"{rule}: seeds {seeds} ({totals.seeds}), same decisions in every seed; "
            f"paid {totals.paid_off} -> {totals.paid_on} ({fewer:.1%} fewer); early screens "
            f"{totals.screens_decided}, early dev scores {totals.devs_decided}; "
            f"{time.monotonic() - started:.0f} s"
        )
        print(lines[-1], flush=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
