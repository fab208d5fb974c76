"""Does the heuristic + optuna stack beat the random proposer? Prints, over seeds 1..10 on the
quickstart config, how many seeds promote a champion through the release gate and the mean
release gain (challenger minus initial RAR, percentage points) for each stack.

Offline at noise 0, an evaluation's outcome is a pure function of (strategy, task): the
scripted author and the judge ignore the seed. So the 20 searches share one memo of
evaluations (the engine still journals every one of them as paid) and the whole benchmark
takes minutes instead of an hour; `--no-memo` pays for every evaluation again.

With `--noise P` the author slips at `[runner.scripted] noise = P`, drawn per evaluation
seed, so the memo is keyed by seed too; suites that coincide still run once (the sandbox
replays identical (program, suite) runs, `landscape.MemoSandbox`).

Usage: python experiments/benchmarks/search_efficiency.py [--seeds 1-10] [--config FILE]
       [--noise 0.1] [--no-memo]
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

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling landscape.py

from landscape import MemoSandbox, SharedMemo, offline_services  # noqa: E402

from evaluators.sandbox import make_sandbox  # noqa: E402
from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine  # noqa: E402
from rsi.journal import SearchState  # noqa: E402

STACKS = {"heuristic+optuna": ("heuristic", "optuna"), "random": ("random",)}


def variant(
    config: ExperimentConfig, seed: int, stack: tuple[str, ...], runs: Path, noise: float = 0.0
) -> ExperimentConfig:
    data = config.model_dump()
    data["experiment"].update(seed=seed, runs_dir=runs)
    data["proposers"]["stack"] = stack
    data["mlflow"]["enabled"] = False
    data["runner"]["scripted"] = {**data["runner"].get("scripted", {}), "noise": noise}
    return ExperimentConfig.model_validate(data)


def outcome(state: SearchState) -> tuple[bool, float]:
    """The gate's promotion and release gain; a search with nothing to release (no child
    kept, the champion is the initial strategy) promotes nothing and gains 0 points."""
    if state.gate is None:
        assert state.release_skipped is not None
        return False, 0.0
    report = state.gate.report
    return bool(report["promote"]), float(report["diff_pp"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--seeds", default="1-10")
    parser.add_argument("--noise", type=float, default=0.0, help="[runner.scripted] noise")
    parser.add_argument("--no-memo", action="store_true", help="pay for every evaluation")
    args = parser.parse_args()
    memo = SharedMemo(by_seed=args.noise > 0)
    if not args.no_memo:
        memo.install()
    sandbox = None if args.no_memo else MemoSandbox(make_sandbox("local"))
    first, last = (int(x) for x in args.seeds.split("-"))
    config = load_config(args.config)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rsi-efficiency-") as home:
        for label, stack in STACKS.items():
            promoted, gains = 0, []
            for seed in range(first, last + 1):
                runs = Path(home) / label / str(seed)
                searched = variant(config, seed, stack, runs, args.noise)
                services = None
                if sandbox is not None:
                    services = offline_services(
                        searched.experiment.tasks, seed=seed, noise=args.noise, sandbox=sandbox
                    )
                engine = Engine(
                    searched, runs / "run", services=services, override_consumed_release=True
                )
                promote, gain = outcome(engine.run())
                promoted += promote
                gains.append(gain)
                print(
                    f"  {label:17} seed {seed:2}: promote={promote} gain={gain:+.1f} pp", flush=True
                )
            mean = sum(gains) / len(gains)
            summary = f"promoted in {promoted} of {len(gains)} seeds"
            print(f"{label}: {summary}, mean release gain {mean:+.1f} pp")
    if not args.no_memo:
        print(f"evaluations paid {memo.paid}, reused from the memo {memo.reused}")
    print(f"noise {args.noise}; elapsed {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
