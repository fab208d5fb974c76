"""Benchmark: what isolation costs per run, and local-sandbox throughput, in one run.

One trivial passing suite (run.sh runs pytest on a one-test file, plugin autoload off so
the interpreter's plugins do not dominate) is run RUNS times each as:
- bare `bash run.sh` in a subprocess (no isolation, no fresh workspace),
- the local backend (bubblewrap when available),
- the docker backend (skipped when no engine or image is available).
Prints the median seconds per run and its ratio to bare, then the local backend's
throughput in runs per minute with 1 and 2 workers (ThreadPoolExecutor).

    .venv/bin/python experiments/benchmarks/sandbox_overhead.py [--runs 10]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from evaluators.sandbox import LocalSandbox, Outcome, RunSpec
from evaluators.sandbox.docker_backend import DockerSandbox, DockerUnavailable
from evaluators.sandbox.workspace import SYSTEM_PATH, sandbox_env

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


def median_seconds(run: Callable[[], None], runs: int) -> float:
    run()  # warm-up: caches, first image use
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def docker_if_available() -> DockerSandbox | None:
    sandbox = DockerSandbox()
    try:
        client = sandbox.client()
        try:
            sandbox.check_image(client, sandbox.image)
        finally:
            client.close()
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
        print(f"local isolation: {local.isolation.value}; runs per variant: {args.runs}")
        rows = [("bare bash run.sh", median_seconds(bare(spec, root), args.runs))]
        rows.append(
            (f"local ({local.isolation.value})", median_seconds(sandboxed(local, spec), args.runs))
        )
        docker = docker_if_available()
        if docker is not None:
            rows.append(("docker", median_seconds(sandboxed(docker, spec), args.runs)))
        base = rows[0][1]
        print(f"{'variant':<22}{'median s/run':>14}{'x bare':>9}")
        for name, seconds in rows:
            print(f"{name:<22}{seconds:>14.3f}{seconds / base:>9.2f}")
        for workers in (1, 2):
            rate = throughput(local, spec, args.runs, workers)
            print(f"local throughput, {workers} worker(s): {rate:.1f} runs/min")


if __name__ == "__main__":
    main()
