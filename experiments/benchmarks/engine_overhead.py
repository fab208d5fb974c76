"""How much of a search's wall time is the engine itself? Runs the quickstart once with the
real runner and judge wrapped in timers, then prints the share of wall time spent outside
runner and judge work, and the worker utilization (busy time / (workers x wall time)).

Usage: python experiments/benchmarks/engine_overhead.py [--config FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evaluators.judge import judge  # noqa: E402
from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine, build_services  # noqa: E402


class BusyClock:
    """Sums seconds spent inside wrapped calls, across threads."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._lock = threading.Lock()

    def wrap(self, function: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                with self._lock:
                    self.seconds += time.perf_counter() - start

        return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    args = parser.parse_args()
    config = load_config(args.config)
    with tempfile.TemporaryDirectory(prefix="rsi-overhead-") as home:
        data = config.model_dump()
        data["experiment"]["runs_dir"] = Path(home)
        data["mlflow"]["enabled"] = False
        config = ExperimentConfig.model_validate(data)
        run_dir = Path(home) / "run"
        services = build_services(config, run_dir)
        runner_clock, judge_clock = BusyClock(), BusyClock()
        runner = services.runner
        runner.run = runner_clock.wrap(runner.run)  # type: ignore[method-assign]
        services = dataclasses.replace(services, judge=judge_clock.wrap(judge))
        started = time.perf_counter()
        Engine(config, run_dir, services=services, override_consumed_release=True).run()
        wall = time.perf_counter() - started
    busy = runner_clock.seconds + judge_clock.seconds
    workers = config.search.workers
    print(f"wall time: {wall:.1f} s with {workers} workers")
    print(f"runner: {runner_clock.seconds:.1f} s busy, judge: {judge_clock.seconds:.1f} s busy")
    print(f"worker utilization: {busy / (workers * wall):.0%}")
    outside = max(0.0, 1 - busy / workers / wall)
    print(f"share of wall time outside runner and judge work: {outside:.1%}")


if __name__ == "__main__":
    main()
