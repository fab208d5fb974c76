"""Benchmark: what isolation costs per run, and local-sandbox throughput, in one run.

One trivial passing suite (run.sh runs pytest on a one-test file, plugin autoload off so
the interpreter's plugins do not dominate) is run RUNS times each as:
- bare `bash run.sh` in a subprocess (no isolation, no fresh workspace),
- the local backend (bubblewrap when available), with its per-run cgroup when the host
  allows one, and again without (what the cgroup costs),
- the docker backend (skipped when no engine or image is available).
Variants are timed in rounds, one run of each per round, so that other work on the machine
falls on all of them alike; the load average is printed too. Prints the median seconds per
run and its ratio to bare, then the local backend's throughput in runs per minute with 1
and 2 workers (ThreadPoolExecutor).

    .venv/bin/python experiments/benchmarks/sandbox_overhead.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from evaluators.sandbox import (
    SYSTEM_PATH,
    CgroupSupport,
    DockerSandbox,
    DockerUnavailable,
    LocalSandbox,
    Outcome,
    RunSpec,
    sandbox_env,
)

RUN_SH = (
    'cd "$APP_DIR"\n'
    "export PYTEST_DISABLE_PLUGIN_AUTOLOAD=1\n"
    'exec python3 -m pytest -q -p no:cacheprovider "$TESTS_DIR"\n'
)
TEST_FILE = "def test_trivial():\n    assert 1 + 1 == 2\n"


def build(root: Path) -> RunSpec:
    app, tests, output = root / "app", root / "tests", root / "output"
    for directory in (app, tests, output):
        directory.mkdir()
    (tests / "run.sh").write_text(RUN_SH)
    (tests / "test_trivial.py").write_text(TEST_FILE)
    return RunSpec(app_layers=(app,), tests_dir=tests, timeout_s=120)


def bare(spec: RunSpec, root: Path) -> Callable[[], None]:
    env = sandbox_env(
        path=f"{Path(sys.executable).parent}:{SYSTEM_PATH}",
        app_dir=str(spec.app_layers[0]),
        tests_dir=str(spec.tests_dir),
        output_dir=str(root / "output"),
    )

    def once() -> None:
        done = subprocess.run(
            ["bash", str(spec.tests_dir / "run.sh")], env=env, capture_output=True, check=False
        )
        if done.returncode != 0:
            raise SystemExit(f"bare run failed: {done.stdout.decode()[-500:]}")

    return once


def sandboxed(sandbox: LocalSandbox | DockerSandbox, spec: RunSpec) -> Callable[[], None]:
    def once() -> None:
        result = sandbox.run(spec)
        if result.outcome is not Outcome.PASS:
            raise SystemExit(f"{sandbox.name} run {result.outcome.value}: {result.error}")

    return once


def median_seconds(variants: dict[str, Callable[[], None]], runs: int) -> dict[str, float]:
    """Median seconds per run of each variant, timed in rounds (each variant once per round)
    so that other load on the machine falls on every variant alike."""
    for run in variants.values():
        run()  # warm-up: caches, first image use
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(runs):
        for name, run in variants.items():
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(samples) for name, samples in times.items()}


def docker_if_available() -> DockerSandbox | None:
    sandbox = DockerSandbox()
    try:
        sandbox.check_ready()
    except DockerUnavailable as error:
        print(f"docker: skipped ({error})")
        return None
    return sandbox


def throughput(sandbox: LocalSandbox, spec: RunSpec, runs: int, workers: int) -> float:
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(lambda _: sandbox.run(spec), range(runs)))
    elapsed = time.perf_counter() - start
    assert all(result.outcome is Outcome.PASS for result in results)
    return runs / elapsed * 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs per variant")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rsi-bench-") as scratch:
        root = Path(scratch)
        spec = build(root)
        local = LocalSandbox()
        cgroup = f"cgroup v{local.cgroups.version}" if local.cgroups.version else "no cgroup"
        print(f"local isolation: {local.isolation.value}, {cgroup}; runs per variant: {args.runs}")
        print("load average at start: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
        variants = {"bare bash run.sh": bare(spec, root)}
        name = f"local ({local.isolation.value})"
        variants[f"{name}, {cgroup}"] = sandboxed(local, spec)
        if local.cgroups.version is not None:
            plain = LocalSandbox()
            plain.cgroups = CgroupSupport(None, problem="turned off for the comparison")
            variants[f"{name}, no cgroup"] = sandboxed(plain, spec)
        docker = docker_if_available()
        if docker is not None:
            variants["docker"] = sandboxed(docker, spec)
        medians = median_seconds(variants, args.runs)
        base = medians["bare bash run.sh"]
        print(f"{'variant':<30}{'median s/run':>14}{'x bare':>9}")
        for name, seconds in medians.items():
            print(f"{name:<30}{seconds:>14.3f}{seconds / base:>9.2f}")
        for workers in (1, 2):
            rate = throughput(local, spec, args.runs, workers)
            print(f"local throughput, {workers} worker(s): {rate:.1f} runs/min")


if __name__ == "__main__":
    main()
