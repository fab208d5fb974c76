"""`usage_only`: an evaluation's line with its trace cut to the trace's usage, read by the
fold exactly as the whole line is (the outcome and the usage), or left whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rsi.journal import EVENTS_FILE, Evaluation, Journal, RunStarted, read_outcome_events
from rsi.journal.outcome import OutcomeEvent
from rsi.journal.short_line import usage_only
from search_space import UserInputError

USAGE = {"calls": 3, "input_tokens": 120, "output_tokens": 7, "model": "m"}


def _line(tmp_path: Path, trace: dict[str, Any], runner_error: str | None = None) -> bytes:
    """The line `Journal.append` writes for an evaluation with `trace`."""
    journal = Journal(tmp_path)
    evaluation = Evaluation(strategy_id="s0", task_id="t", seed=42, purpose="train",
                            success=True, initial_outcome="fail", reference_outcome="pass",
                            runner_error=runner_error, trace=trace)  # fmt: skip
    journal.append("eval:train:s0:t:42", evaluation)
    journal.close()
    return (tmp_path / EVENTS_FILE).read_bytes()


def _read(line: bytes) -> OutcomeEvent:
    return OutcomeEvent.model_validate_json(line)


@pytest.mark.parametrize(
    ("trace", "runner_error"),
    [
        (
            {"checks": [{"outcome": "pass"}], "phases": [{"phase": "planning"}], "usage": USAGE},
            None,
        ),
        ({"phases": [{"phase": "review", "steps": 2}]}, None),  # no usage at all
        ({"usage": USAGE}, 'a message quoting ,"trace":{ and "usage":{"calls":9}'),
        ({}, None),
    ],
    ids=["usage last", "no usage", "tricky error text", "empty trace"],
)
def test_a_cut_line_reads_as_the_whole_line(
    tmp_path: Path, trace: dict[str, Any], runner_error: str | None
) -> None:
    line = _line(tmp_path, trace, runner_error)
    short = usage_only(line)
    assert short is not None and len(short) <= len(line)
    whole, cut = _read(line), _read(short)
    assert cut == whole and cut.data.usage == whole.data.usage  # usage: not in `==`'s dump
    assert cut.data.usage == trace.get("usage", {}) and cut.data.runner_error == runner_error


@pytest.mark.parametrize(
    "trace",
    [
        {"usage": USAGE, "zeta": 1},  # usage is not the trace's last key
        {"usage": {"calls": 1, "by_model": {"m": 1}}},  # a nested object in usage
        {"phases": [{"phase": "generation", "usage": {"calls": 2}}]},  # a phase's usage only
        {"steps": {"usage": {"calls": 2}}},  # a usage one level down, last
    ],
    ids=["usage not last", "nested usage", "usage in a list", "usage one level down"],
)
def test_a_trace_the_cut_cannot_read_surely_is_left_whole(
    tmp_path: Path, trace: dict[str, Any]
) -> None:
    assert usage_only(_line(tmp_path, trace)) is None
    assert _read(_line(tmp_path / "again", trace)).data.usage == trace.get("usage", {})


def test_other_lines_are_left_whole(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("run:start", RunStarted(run_id="r", experiment="e", config_hash="h", seed=1))
    journal.close()
    line = (tmp_path / EVENTS_FILE).read_bytes()
    assert usage_only(line) is None
    assert usage_only(b'{"op":"x","data":{"type":"evaluation","trace":{}}}') is None  # unsorted


def test_a_bad_evaluation_line_fails_as_without_the_cut(tmp_path: Path) -> None:
    line = _line(tmp_path, {"usage": USAGE}).replace(b'"success":true', b'"success":"maybe"')
    assert usage_only(line) is not None  # the cut applies; its line fails validation
    (tmp_path / EVENTS_FILE).write_bytes(line)
    with pytest.raises(UserInputError, match=r"line 1 is not a valid event: .*bool"):
        read_outcome_events(tmp_path)
