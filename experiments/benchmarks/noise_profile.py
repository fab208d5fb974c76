"""How noisy is the scripted author? For the initial strategy at noise 0, 0.1 and 0.2, on a
seeded sample of 24 tasks, each evaluated with 10 repeat indices (the same seed), prints:

- per task, the successes out of the repeats and its flip rate: the share of repeats whose
  outcome differs from the noiseless author's on that task;
- the mean flip rate, the share of tasks that flip at least once, and the chance that two
  repeats of one task disagree;
- the RAR of each repeat and its run-to-run spread (min, max, standard deviation).

This is the number to compare with one's own harness: run a real runner on the same tasks
a few times and see how often a task flips.

Usage: python experiments/benchmarks/noise_profile.py [--workers 2] [--repeats 10] [--tasks-n 24]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling landscape.py

from landscape import MemoSandbox, initial_strategy, offline_services  # noqa: E402

from evaluators.runners import (  # noqa: E402
    ScriptedRunner,
    ScriptedSettings,
)
from evaluators.tasks import TaskDirPools  # noqa: E402
from rsi.execution import EvaluationServices, evaluate_one  # noqa: E402

LEVELS = (0.0, 0.1, 0.2)


def with_runner(base: EvaluationServices, noise: float, repeat: int) -> EvaluationServices:
    """`base` with a scripted author at `noise` and `repeat` (sharing the memo sandbox)."""
    assert isinstance(base.sandbox, MemoSandbox)
    runner = ScriptedRunner(
        base.sandbox,
        TaskDirPools(base.tasks),
        ScriptedSettings(noise=noise),
        seed=base.seed,
        repeat=repeat,
    )
    return EvaluationServices(
        tasks=base.tasks,
        runner=runner,
        sandbox=base.sandbox,
        judge_settings=base.judge_settings,
        limits=base.limits,
        seed=base.seed,
        traces_dir=base.traces_dir,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--tasks-n", type=int, default=24)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--tasks", type=Path, default=ROOT / "experiments/tasks")
    args = parser.parse_args()
    base = offline_services(args.tasks, seed=args.seed)
    ids = sorted(random.Random(args.seed).sample(list(base.tasks.ids), args.tasks_n))
    strategy = initial_strategy()
    started = time.monotonic()
    outcomes: dict[float, dict[str, list[bool]]] = {}
    with ThreadPoolExecutor(args.workers) as pool:
        for level in LEVELS:
            jobs = [
                (repeat, task_id, with_runner(base, level, repeat))
                for repeat in range(args.repeats)
                for task_id in ids
            ]
            results = pool.map(
                lambda job: (job[1], evaluate_one(job[2], strategy, job[1], "dev")[0].success),
                jobs,
            )
            per_task: dict[str, list[bool]] = {task_id: [] for task_id in ids}
            for task_id, success in results:
                per_task[task_id].append(success)
            outcomes[level] = per_task
            print(f"noise {level}: done at {time.monotonic() - started:.0f} s", file=sys.stderr)
    exact = {task_id: runs[0] for task_id, runs in outcomes[0.0].items()}
    print(f"initial strategy, {len(ids)} tasks (seeded sample, seed {args.seed}), ", end="")
    print(f"{args.repeats} repeats per noise level")
    print(f"{'task':40} {'exact':>5} " + " ".join(f"{'p=' + str(lv):>14}" for lv in LEVELS))
    for task_id in ids:
        cells = []
        for level in LEVELS:
            runs = outcomes[level][task_id]
            flips = sum(run != exact[task_id] for run in runs) / len(runs)
            cells.append(f"{sum(runs):>2}/{len(runs)} flip {flips:.1f}")
        print(f"{task_id:40} {'pass' if exact[task_id] else 'fail':>5} " + " ".join(cells))
    print()
    header = f"{'noise':>5} {'mean flip':>9} {'tasks flipping':>14} {'2-run disagree':>14}"
    print(header + "  RAR per repeat")
    for level in LEVELS:
        per_task = outcomes[level]
        flip = statistics.mean(
            sum(run != exact[t] for run in runs) / len(runs) for t, runs in per_task.items()
        )
        flipping = sum(any(run != exact[t] for run in runs) for t, runs in per_task.items())
        n = args.repeats
        disagree = statistics.mean(
            2 * sum(runs) * (n - sum(runs)) / (n * (n - 1)) for runs in per_task.values()
        )
        rars = [sum(per_task[t][r] for t in ids) / len(ids) for r in range(args.repeats)]
        spread = (
            f"min {min(rars):.1%} max {max(rars):.1%} sd {statistics.pstdev(rars) * 100:.1f} pts"
        )
        print(
            f"{level:>5} {flip:>9.3f} {flipping:>8}/{len(ids):<5} {disagree:>14.3f}  "
            f"{' '.join(f'{r:.0%}' for r in rars)}  ({spread})"
        )
    print(f"elapsed {time.monotonic() - started:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
