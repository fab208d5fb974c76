"""`rsi evaluate`: one strategy on one data role, its table explained; the release refused."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli_helpers import ROOT, assert_one_line_user_error, run_rsi
from tests.support.search_fixtures import write_small_config

INITIAL = ROOT / "experiments/strategies/initial.json"


def test_evaluate_explains_its_columns_and_agrees_with_its_json(tmp_path: Path) -> None:
    config = str(write_small_config(tmp_path, workers=2))
    shown = run_rsi("evaluate", config, "--strategy", str(INITIAL), "--split", "dev")
    assert shown.returncode == 0, shown.stderr
    assert "solved (F)" in shown.stdout and "fails on the initial program" in shown.stdout
    data = json.loads(run_rsi("evaluate", config, "--strategy", str(INITIAL), "--json").stdout)
    assert data["n"] == 3 and f"RAR {data['rar']:.1%}" in shown.stdout
    assert all(
        row["task"][:12] in shown.stdout for row in data["tasks"]
    )  # a narrow table wraps ids


def test_evaluate_refuses_the_release_split(tmp_path: Path) -> None:
    config = str(write_small_config(tmp_path))
    refused = run_rsi("evaluate", config, "--strategy", str(INITIAL), "--split", "release")
    assert_one_line_user_error(refused, "--split", "reserved for the gate")
