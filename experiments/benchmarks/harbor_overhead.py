"""Benchmark: what Harbor image targets cost, in one run.

1. The judge's time per run: one trivial passing suite on an image target (a fresh
   container of a built example task's initial image, `$APP_DIR` at its working directory)
   against the same suite on an overlay target (the same program copied into `rsi-base`).
   Variants are timed in rounds, one run of each per round, so other load falls on both.
2. Building the example pool (`experiments/harbor/`, copied, with a fresh `LABEL` after each
   `FROM` so Docker's own layer cache cannot help): the first build, then a second build
   of the unchanged pool, which must find every image by its content hash.
The images the benchmark built are removed afterwards.

    .venv/bin/python experiments/benchmarks/harbor_overhead.py [--runs 10] [--jobs 2]

Needs a Docker engine, `rsi sandbox bootstrap` and `rsi sandbox bootstrap --flavor python
--wheels "pytest==8.4.1"`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from evaluators.harbor import build_pool
from evaluators.sandbox import DEFAULT_IMAGE, DockerSandbox, Outcome, RunSpec, docker_client
from evaluators.tasks import HarborTask, TaskSet

ROOT = Path(__file__).resolve().parents[2]
POOL = ROOT / "experiments" / "harbor"
RUN_SH = 'cd "$APP_DIR"\nexec python3 -m pytest -q -p no:cacheprovider "$TESTS_DIR"\n'
TEST_FILE = (
    "import os, sys\nsys.path.insert(0, os.environ['APP_DIR'])\nfrom clamp import clamp\n\n"
    "def test_clamps():\n    assert clamp(5, 0, 3) == 3\n"
)


def _suite(root: Path) -> Path:
    tests = root / "suite"
    tests.mkdir()
    (tests / "run.sh").write_text(RUN_SH)
    (tests / "test_clamp.py").write_text(TEST_FILE)
    return tests


def _once(sandbox: DockerSandbox, spec: RunSpec) -> Callable[[], None]:
    def run() -> None:
        result = sandbox.run(spec)
        if result.outcome is not Outcome.PASS:
            raise SystemExit(f"run {result.outcome.value}: {result.error} {result.output[-300:]}")

    return run


def judge_runs(runs: int, scratch: Path) -> dict[str, float]:
    """Median seconds per run on the image target and the overlay target."""
    built, _records = build_pool(TaskSet.load(POOL / "clamp"))
    task = built.tasks[0]
    assert isinstance(task, HarborTask) and task.images is not None
    suite = _suite(scratch)
    app = scratch / "app"
    app.mkdir()
    (app / "clamp.py").write_text("def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n")
    image_spec = RunSpec(
        app_layers=(),
        tests_dir=suite,
        timeout_s=120,
        image=task.images.reference,
        app_dir=task.images.workdir,
        path=task.images.path,
    )
    overlay_spec = RunSpec(app_layers=(app,), tests_dir=suite, timeout_s=120, image=DEFAULT_IMAGE)
    sandbox = DockerSandbox()
    variants = {
        "image target": _once(sandbox, image_spec),
        "overlay on rsi-base": _once(sandbox, overlay_spec),
    }
    times: dict[str, list[float]] = {name: [] for name in variants}
    for run in variants.values():  # warm-up, untimed
        run()
    for _ in range(runs):
        for name, run in variants.items():
            started = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - started)
    return {name: statistics.median(values) for name, values in times.items()}


def _fresh_pool(scratch: Path) -> Path:
    """The example pool with a nonce after every FROM, so no Docker layer is reused."""
    pool = scratch / "pool"
    shutil.copytree(POOL, pool)
    nonce = uuid.uuid4().hex
    for dockerfile in pool.glob("*/environment/Dockerfile"):
        lines = dockerfile.read_text().splitlines()
        at = next(i for i, line in enumerate(lines) if line.upper().startswith("FROM "))
        lines.insert(at + 1, f"LABEL rsi.benchmark.nonce={nonce}")
        dockerfile.write_text("\n".join(lines) + "\n")
    return pool


def pool_builds(jobs: int, scratch: Path) -> tuple[float, float, int, int]:
    """(first build s, second build s, images built first, images built second)."""
    tasks = TaskSet.load(_fresh_pool(scratch))
    started = time.perf_counter()
    _built, first = build_pool(tasks, jobs=jobs)
    cold = time.perf_counter() - started
    started = time.perf_counter()
    _built, second = build_pool(tasks, jobs=jobs)
    warm = time.perf_counter() - started
    client = docker_client()
    for record in first:
        images = record.images
        for tag in (images.initial, images.reference, *(p.image for p in images.panel)):
            client.images.remove(tag, force=True)
    return cold, warm, sum(r.built for r in first), sum(r.built for r in second)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"load average at start: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="rsi-harbor-bench-") as scratch:
        medians = judge_runs(args.runs, Path(scratch))
        base = medians["overlay on rsi-base"]
        print(f"\njudge, one trivial pytest suite, median of {args.runs} runs:")
        for name, seconds in medians.items():
            print(f"  {name:<22} {seconds:6.2f} s  {seconds / base:5.2f}x overlay")
        cold, warm, built_first, built_second = pool_builds(args.jobs, Path(scratch))
    print(f"\nexample pool ({len(list(POOL.glob('*/task.toml')))} tasks), --jobs {args.jobs}:")
    print(f"  first build   {cold:7.1f} s  ({built_first} images built)")
    print(f"  second build  {warm:7.1f} s  ({built_second} images built; {warm / cold:.3f}x first)")
    print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
