"""What keeping every evaluation's trajectory costs (issue 47): the quickstart search run
with the trajectory store and without it (the blob neither built, hashed nor written), in
one process, alternating, so both arms share the machine's load.

Prints, per run: wall seconds, evaluations, the journal's size and the part of it the
trajectory references take (`"trajectory": {"bytes", "sha256"}` per evaluation); for the
arm with the store, the bytes of traces/<sha256>.json per evaluation and the seconds spent
building, hashing and writing them (timed inside the run, a figure the machine's load
moves far less than the wall time does). The ratio of walls is reported against the
bare baseline measured in the same run.

Usage: python experiments/benchmarks/trajectory_store.py [--pairs 1] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine  # noqa: E402
from rsi.execution import evaluation, evaluator  # noqa: E402
from rsi.execution.trajectory import TrajectoryStore  # noqa: E402

REFERENCE = re.compile(rb'"trajectory":\s*\{[^{}]*\}')
SHA_NAME = re.compile(r"^[0-9a-f]{64}\.json$")


class NoStore(TrajectoryStore):
    """The arm without the store: nothing is written."""

    def write(self, blob: bytes) -> dict[str, Any]:
        return {}


@contextmanager
def arm(name: str, spent: list[float]) -> Iterator[None]:
    """Patch the evaluation path for `name`: "without" builds no blob and writes none;
    "with" times building, hashing and writing the blobs into `spent`."""
    build, store = evaluation.trajectory_bytes, evaluator.TrajectoryStore
    if name == "without":
        evaluation.trajectory_bytes = lambda full, judge: b""  # type: ignore[assignment]
        evaluator.TrajectoryStore = NoStore  # type: ignore[misc]
    else:
        evaluation.trajectory_bytes = _timed(build, spent)  # type: ignore[assignment]
        timed = type("TimedStore", (TrajectoryStore,), {"write": _timed(store.write, spent)})
        evaluator.TrajectoryStore = timed  # type: ignore[misc]
    try:
        yield
    finally:
        evaluation.trajectory_bytes, evaluator.TrajectoryStore = build, store  # type: ignore[misc]


def _timed(function: Callable[..., Any], spent: list[float]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - started)

    return run


def search(config: ExperimentConfig, run_dir: Path, name: str) -> dict[str, Any]:
    spent: list[float] = []
    with arm(name, spent):
        started = time.monotonic()
        state = Engine(config, run_dir, override_consumed_release=True).run()
        wall = time.monotonic() - started
    journal = (run_dir / "events.jsonl").read_bytes()
    evaluations = len(state.evaluations)
    blobs = [p for p in (run_dir / "traces").iterdir() if SHA_NAME.match(p.name)]
    return {
        "arm": name,
        "wall_s": wall,
        "evaluations": evaluations,
        "journal_bytes": len(journal),
        "reference_bytes": sum(len(m) for m in REFERENCE.findall(journal)),
        "trajectory_files": len(blobs),
        "trajectory_bytes": sum(p.stat().st_size for p in blobs),
        "store_s": sum(spent),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--pairs", type=int, default=1)
    parser.add_argument(
        "--rounds", type=int, default=None, help="completed rounds (default: the config's)"
    )
    args = parser.parse_args()
    data = load_config(args.config).model_dump()
    data["mlflow"]["enabled"] = False
    if args.rounds:
        data["search"]["completed_rounds"] = args.rounds
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="rsi-trajectories-") as home:
        data["experiment"]["runs_dir"] = home
        config = ExperimentConfig.model_validate(data)
        for pair in range(args.pairs):
            order = ("without", "with") if pair % 2 == 0 else ("with", "without")
            for name in order:
                result = search(config, Path(home) / f"{name}-{pair}", name)
                results.append(result)
                print(f"  {result}", flush=True)
    report(results)


def report(results: list[dict[str, Any]]) -> None:
    by = {name: [r for r in results if r["arm"] == name] for name in ("with", "without")}
    wall = {name: sum(r["wall_s"] for r in rs) / len(rs) for name, rs in by.items()}
    store = by["with"]
    evaluations = sum(r["evaluations"] for r in store)
    per_eval = sum(r["trajectory_bytes"] for r in store) / evaluations
    spent = sum(r["store_s"] for r in store)
    store_wall = sum(r["wall_s"] for r in store)
    references = sum(r["reference_bytes"] for r in store) / evaluations
    journal = {name: sum(r["journal_bytes"] for r in rs) / len(rs) for name, rs in by.items()}
    print(
        f"with the store: {per_eval:,.0f} trajectory bytes per evaluation "
        f"({sum(r['trajectory_files'] for r in store)} files for {evaluations} evaluations); "
        f"building, hashing and writing them took {spent:.2f} s of "
        f"{store_wall:.0f} s wall ({spent / store_wall:.2%})"
    )
    print(
        f"wall: with {wall['with']:.1f} s, without {wall['without']:.1f} s "
        f"(ratio {wall['with'] / wall['without']:.3f}; the machine's load moves this more "
        f"than the store does)"
    )
    print(
        f"journal: with {journal['with']:,.0f} bytes, without {journal['without']:,.0f} "
        f"(the references take {references:.0f} bytes per evaluation; the metadata is the same)"
    )


if __name__ == "__main__":
    main()
