"""Does the heuristic + optuna stack beat the random proposer? Prints, over seeds 1..10 on the
quickstart config, how many seeds promote a champion through the release gate and the mean
release gain (challenger minus initial RAR, percentage points) for each stack.

Usage: python experiments/benchmarks/search_efficiency.py [--seeds 1-10] [--config FILE]
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

from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine  # noqa: E402
from rsi.state import SearchState  # noqa: E402

STACKS = {"heuristic+optuna": ("heuristic", "optuna"), "random": ("random",)}


def variant(
    config: ExperimentConfig, seed: int, stack: tuple[str, ...], runs: Path
) -> ExperimentConfig:
    data = config.model_dump()
    data["experiment"].update(seed=seed, runs_dir=runs)
    data["proposers"]["stack"] = stack
    data["mlflow"]["enabled"] = False
    return ExperimentConfig.model_validate(data)


def outcome(state: SearchState) -> tuple[bool, float]:
    assert state.gate is not None
    report = state.gate.report
    return bool(report["promote"]), float(report["diff_pp"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--seeds", default="1-10")
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    config = load_config(args.config)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rsi-efficiency-") as home:
        for label, stack in STACKS.items():
            promoted, gains = 0, []
            for seed in range(first, last + 1):
                runs = Path(home) / label / str(seed)
                engine = Engine(
                    variant(config, seed, stack, runs), runs / "run", override_consumed_release=True
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
    print(f"elapsed {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
