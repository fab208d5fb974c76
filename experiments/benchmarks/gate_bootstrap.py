"""Benchmark: the gate's paired bootstrap, vectorised vs a naive Python loop, in one run.

Both use the same index draw (`default_rng(42).integers(0, n, (R, n))`) and must agree on every
resample; the naive loop sums each resample's per-task differences in plain Python. Prints the
seconds of each over 10,000 resamples of 1,000 tasks and their ratio.

    .venv/bin/python experiments/benchmarks/gate_bootstrap.py
"""

from __future__ import annotations

import time

import numpy as np

from rsi.release import paired_bootstrap_diffs, run_gate

N_TASKS = 1_000
RESAMPLES = 10_000
SEED = 42


def naive_bootstrap(baseline: list[bool], challenger: list[bool]) -> list[float]:
    """One Python loop per resample over the same (R, n) index draw."""
    n = len(baseline)
    idx = np.random.default_rng(SEED).integers(0, n, (RESAMPLES, n)).tolist()
    d = [int(c) - int(b) for b, c in zip(baseline, challenger, strict=True)]
    return [sum(d[i] for i in row) / n for row in idx]


def main() -> None:
    start = time.perf_counter()
    run_gate([True], [False], resamples=100)  # one-off: the first exact p imports scipy.stats
    warm_up = time.perf_counter() - start

    rng = np.random.default_rng(0)
    difficulty = rng.uniform(0.0, 1.0, N_TASKS)
    baseline = rng.random(N_TASKS) < difficulty
    challenger = rng.random(N_TASKS) < np.minimum(1.0, difficulty + 0.05)

    start = time.perf_counter()
    fast = paired_bootstrap_diffs(baseline, challenger, seed=SEED, resamples=RESAMPLES)
    vectorised = time.perf_counter() - start

    start = time.perf_counter()
    report = run_gate(baseline, challenger, seed=SEED, resamples=RESAMPLES)
    whole_gate = time.perf_counter() - start

    start = time.perf_counter()
    slow = naive_bootstrap(baseline.tolist(), challenger.tolist())
    naive = time.perf_counter() - start

    if not np.allclose(fast, slow, rtol=0, atol=1e-12):
        raise SystemExit("vectorised and naive bootstraps disagree")
    print(f"paired bootstrap, {RESAMPLES:,} resamples of {N_TASKS:,} tasks (seed {SEED})")
    print(f"vectorised: {vectorised:.3f} s")
    print(f"naive Python loop: {naive:.3f} s")
    print(f"speed-up (naive / vectorised): {naive / vectorised:.1f}x")
    print(f"one-off warm-up (scipy.stats import): {warm_up:.3f} s")
    print(f"whole run_gate (exact p + bootstrap + report): {whole_gate:.3f} s")
    print(f"95% CI {report.ci95_pp} pp, 99% CI {report.ci99_pp} pp, diff {report.diff_pp} pp")


if __name__ == "__main__":
    main()
