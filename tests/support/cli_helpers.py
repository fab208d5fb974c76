"""Run the real `rsi` entry point in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.warm_start import run_module

ROOT = Path(__file__).resolve().parents[2]
# The JSON contract of a gate report (`rsi gate --json`, `rsi release --json`).
GATE_REPORT_KEYS = frozenset(
    {
        "n",
        "baseline_successes",
        "challenger_successes",
        "wins",
        "losses",
        "diff_pp",
        "p_value",
        "ci95_pp",
        "ci99_pp",
        "alpha",
        "promote",
        "reason",
    }
)


def run_rsi(
    *args: str, cwd: Path = ROOT, timeout: float = 300, cold: bool = False
) -> subprocess.CompletedProcess[str]:
    """`python -m rsi ARGS` in its own process, forked from the warm start
    (`tests/support/warm_start.py`) unless `cold`: a test of what a cold start shows
    (import-time output, start-up imports) asks for one."""
    env = os.environ | {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
    if not cold:
        return run_module("rsi", args, cwd=cwd, env=env, timeout=timeout)
    return subprocess.run(
        [sys.executable, "-m", "rsi", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def assert_one_line_user_error(result: subprocess.CompletedProcess[str], *needles: str) -> None:
    """Exit 2, exactly one line on stderr, no traceback, mentioning every needle."""
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
