"""The live search display: each screened round names its edit and verdict."""

from __future__ import annotations

import pytest

from rsi.cli.progress import SearchProgress
from rsi.config import load_config
from rsi.journal import ChildProposed, Event, Screened
from tests.support.search_fixtures import ROOT

CONFIG = load_config(ROOT / "experiments/quickstart.toml")


def _event(seq: int, data: ChildProposed | Screened) -> Event:
    return Event(seq=seq, ts="t", type=data.type, op=f"op{seq}", data=data)


def _round(progress: SearchProgress, *, passed: bool) -> None:
    edit = {"op": "set_scalar", "field": "contextTokens", "value": 24000}
    progress.on_event(
        _event(
            1,
            ChildProposed(
                round=1,
                attempt=1,
                parent_id="p",
                child_id="c",
                proposer="optuna",
                field="contextTokens",
                edit=edit,
                rationale="-",
                strategy={},
            ),
        )
    )
    screened = Screened(
        round=1,
        parent_id="p",
        child_id="c",
        parent_successes=3,
        child_successes=5 if passed else 3,
        regressions=0,
        passed=passed,
        reason="-",
    )
    progress.on_event(_event(2, screened))


def test_a_screened_round_prints_its_edit_and_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    with SearchProgress(CONFIG, enabled=True) as progress:
        _round(progress, passed=True)
    err = capsys.readouterr().err
    assert "round 1 (optuna: contextTokens = 24000): 3 -> 5, 0 regressions, kept" in err


def test_json_mode_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with SearchProgress(CONFIG, enabled=False) as progress:
        _round(progress, passed=False)
    assert capsys.readouterr().err == ""
