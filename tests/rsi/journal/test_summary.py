"""Where a search stands, as `rsi status` says it: the latest stop, never a stale one.

- a halt is the search's state ("halted (slow): ..."), not "stopped: not yet" beside it;
- after a later pause (or once the search went on, or finished) an earlier halt is
  history ("earlier: ..."), never the current state;
- an older journal's halt (no cause) and its format pause (`search_paused`) still fold
  and show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rsi.cli.search import render_summary
from rsi.journal import EVENT_DATA, Event, fold, summarise

SLOW = {"type": "search_halted", "reason": "calls timed out", "cause": "slow"}
EVALUATION = {
    "type": "evaluation",
    "strategy_id": "s",
    "task_id": "t",
    "seed": 0,
    "purpose": "train",
    "success": False,
    "initial_outcome": "fail",
    "reference_outcome": "pass",
}


def _summary(tmp_path: Path, *data: dict[str, Any]) -> Any:
    events = [
        Event(seq=i + 1, ts="t", type=d["type"], op=f"op{i}", data=EVENT_DATA.validate_python(d))
        for i, d in enumerate(data)
    ]
    return summarise(tmp_path, fold(events))


def _status_text(summary: Any, capsys: pytest.CaptureFixture[str]) -> str:
    render_summary(summary)
    return " ".join(capsys.readouterr().out.split())


def test_a_halt_is_the_current_state_not_stopped_not_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = _summary(tmp_path, SLOW)
    assert summary.stopped == "halted (slow): calls timed out"
    assert (summary.halted, summary.halt_cause) == ("calls timed out", "slow")
    text = _status_text(summary, capsys)
    assert "stopped: halted (slow): calls timed out" in text
    assert "not yet" not in text and "earlier" not in text


def test_a_later_pause_makes_an_earlier_halt_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pause = {"type": "search_paused", "reason": "money budget max_usd reached", "attempts": 0}
    summary = _summary(tmp_path, SLOW, EVALUATION, pause)
    assert summary.stopped == "paused: money budget max_usd reached"
    assert summary.halted is None
    assert summary.earlier_stops == ("halted (slow): calls timed out",)
    text = _status_text(summary, capsys)
    assert "stopped: paused: money budget max_usd reached" in text
    assert "earlier: halted (slow): calls timed out" in text


def test_a_search_that_went_on_after_a_halt_is_not_halted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = _summary(tmp_path, SLOW, EVALUATION)
    assert summary.stopped is None and summary.halted is None
    text = _status_text(summary, capsys)
    assert "stopped: not yet" in text and "earlier: halted (slow)" in text


def test_an_older_journal_s_halt_and_format_pause_still_fold_and_show(tmp_path: Path) -> None:
    old_halt = {"type": "search_halted", "reason": "model unavailable: 5 consecutive"}
    old_pause = {
        "type": "search_paused",
        "reason": "the model m does not follow the reply format: 18 of 18",
        "attempts": 0,
    }
    assert (
        _summary(tmp_path, old_halt).stopped
        == "halted (unreachable): model unavailable: 5 consecutive"
    )
    summary = _summary(tmp_path, old_halt, old_pause)
    assert summary.stopped == f"paused: {old_pause['reason']}"
    assert summary.earlier_stops == ("halted (unreachable): model unavailable: 5 consecutive",)
