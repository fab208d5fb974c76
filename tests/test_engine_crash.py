"""Crash safety: SIGKILL after the k-th event, for many k, then `resume` finishes the run
with the same journal as an uninterrupted run and never pays twice for an evaluation."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from rsi.journal import EVENTS_FILE, KILL_AFTER_ENV
from tests.search_fixtures import ROOT, corpus_slice, write_small_config

pytestmark = pytest.mark.slow


def _drive(config: Path, run_dir: Path, ledger: Path, kill_after: int | None = None) -> int:
    env = os.environ | {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
    env.pop(KILL_AFTER_ENV, None)
    if kill_after is not None:
        env[KILL_AFTER_ENV] = str(kill_after)
    argv = [sys.executable, "-m", "tests.engine_driver", str(config), str(run_dir), str(ledger)]
    return subprocess.run(argv, cwd=ROOT, env=env, timeout=1200, check=False).returncode


def _content(run_dir: Path) -> list[tuple[int, str, str]]:
    """(seq, op, payload) of every event: the journal without its timestamps."""
    lines = (run_dir / EVENTS_FILE).read_text().splitlines()
    events = [json.loads(line) for line in lines]
    return [(e["seq"], e["op"], json.dumps(e["data"], sort_keys=True)) for e in events]


def test_kill_anywhere_then_resume_matches_uninterrupted_run(tmp_path: Path) -> None:
    # Two homes, same config content: run ids (directory names) must match for equal journals.
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    tasks = corpus_slice(tmp_path)
    baseline_config = write_small_config(tmp_path / "a", tasks=tasks)
    config = write_small_config(tmp_path / "b", tasks=tasks)
    baseline_dir, chain_dir = tmp_path / "a" / "run", tmp_path / "b" / "run"
    assert _drive(baseline_config, baseline_dir, tmp_path / "baseline.ledger") == 0
    baseline = _content(baseline_dir)
    total = len(baseline)
    assert any('"gate_decided"' in payload for _, _, payload in baseline)

    ledger = tmp_path / "chain.ledger"
    fractions = (0.02, 0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9, 0.97)
    kills = sorted({max(1, min(total - 1, round(total * f))) for f in fractions})
    for k in kills:
        assert _drive(config, chain_dir, ledger, kill_after=k) == -signal.SIGKILL
        assert len(_content(chain_dir)) == k  # killed right after the k-th event
    assert _drive(config, chain_dir, ledger) == 0

    assert _content(chain_dir) == baseline  # same champion, kept set, gate numbers, all of it
    calls = Counter(ledger.read_text().splitlines())
    runner_calls = [line for line in calls if line.startswith("runner ")]
    duplicated = {line: n for line, n in calls.items() if line.startswith("runner ") and n > 1}
    assert duplicated == {}, f"paid twice: {duplicated}"
    evaluations = [p for _, _, p in baseline if '"type": "evaluation"' in p]
    assert len(runner_calls) == len(evaluations)
    judged = sum(n for line, n in calls.items() if line.startswith("judge "))
    assert judged == sum('"runner_error": null' in p for p in evaluations)
