"""`rsi status --json` and `Run.harness_calls` read the journal once (issue 53).

Journals of N evaluations, each trace holding an agent pair's `calls` phase. While each view
runs, two things are counted: how often the journal file is opened (an audit hook sees every
open: `open`, `io.open`, `os.open`, pathlib) and how many journal lines are parsed (every
parser the project reads lines with: orjson, json, pydantic's JSON validation). Neither may
grow with N: the same number of opens, and each line parsed exactly once. A view that read
a trace back per evaluation fails it (one open, or one parse, per evaluation).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest
from pydantic import BaseModel, TypeAdapter
from typer.testing import CliRunner

import rsi
from rsi.cli import app
from rsi.config import load_config
from rsi.journal import EVENTS_FILE, Evaluation, Journal, ProposerUsage, RunStarted
from tests.support.search_fixtures import write_k3_config

TOTAL = {"turns": 9, "remembered": 1, "generation": 5, "feedback": 2, "review": 2,
         "challenge": 0, "tools": {"run": 4, "submit": 1}}  # fmt: skip


@dataclass
class Reads:
    """What was done to one journal file while armed."""

    path: str = ""
    opens: int = 0
    parses: int = 0
    armed: bool = False


READS = Reads()


def _audit(event: str, args: tuple[Any, ...]) -> None:
    # Runs for every audited event of the process: return at once unless counting.
    if READS.armed and event == "open" and str(args[0]) == READS.path:
        READS.opens += 1


sys.addaudithook(_audit)  # cannot be removed: it counts only while armed


def _journal_line(value: object) -> bool:
    if isinstance(value, str):
        value = value.encode()
    return isinstance(value, (bytes, bytearray)) and b'"seq":' in value and b'"op":' in value


def _counting(parse: Callable[..., Any]) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        if READS.armed and any(_journal_line(a) for a in args[:2]):
            READS.parses += 1
        return parse(*args, **kwargs)

    return counted


@contextmanager
def counting(run: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Reads]:
    """Count opens of `run`'s journal and parses of its lines inside the block."""
    monkeypatch.setattr(orjson, "loads", _counting(orjson.loads))
    monkeypatch.setattr(json, "loads", _counting(json.loads))
    validate_json = BaseModel.model_validate_json.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(BaseModel, "model_validate_json", classmethod(_counting(validate_json)))
    monkeypatch.setattr(TypeAdapter, "validate_json", _counting(TypeAdapter.validate_json))
    READS.path, READS.opens, READS.parses, READS.armed = str(run / EVENTS_FILE), 0, 0, True
    try:
        yield READS
    finally:
        READS.armed = False
        monkeypatch.undo()


def _run(directory: Path, evaluations: int) -> Path:
    """A run directory whose journal holds `evaluations` agent-pair evaluations."""
    run = directory / f"run-{evaluations}"
    run.mkdir()
    (run / "config.json").write_text(load_config(write_k3_config(directory)).model_dump_json())
    journal = Journal(run)
    journal.append("run:start", RunStarted(run_id="r", experiment="k3", config_hash="x", seed=42))
    for n in range(evaluations):
        phases = [{"phase": "generation", "steps_used": 3}, {"phase": "calls", "total": TOTAL}]
        trace = {
            "runner": "testhelix",
            "usage": {"calls": 9, "input_tokens": 100},
            "phases": phases,
        }
        journal.append(
            f"eval:train:s0:t{n}:42",
            Evaluation(strategy_id="s0", task_id=f"t{n}", seed=42, purpose="train",
                       success=n % 2 == 0, initial_outcome="fail", reference_outcome="pass",
                       trace=trace),
        )  # fmt: skip
    usage = ProposerUsage(
        round=1, attempt=1, session="diagnosis", calls=2, input_tokens=50, output_tokens=5
    )
    journal.append("round:1:attempt:1:usage:diagnosis", usage)
    journal.close()
    return run


def _lines(run: Path) -> int:
    return len((run / EVENTS_FILE).read_bytes().splitlines())


def _status(run: Path) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["status", str(run), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _harness_calls(run: Path) -> dict[str, Any]:
    return dict(rsi.load_run(run).harness_calls)


@pytest.mark.parametrize("view", [_status, _harness_calls], ids=["status --json", "harness_calls"])
def test_a_view_opens_the_journal_and_parses_each_line_once_whatever_its_length(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, view: Callable[[Path], dict[str, Any]]
) -> None:
    seen = {}
    for n in (4, 40):
        run = _run(tmp_path, n)
        with counting(run, monkeypatch) as reads:
            shown = view(run)
        calls = shown["calls"] if view is _status else shown
        assert calls["turns"] == 9 * n and calls["tools"] == {"run": 4 * n, "submit": n}
        assert reads.parses == _lines(run) == n + 2  # each line once, none again
        seen[n] = reads.opens
    assert seen[4] == seen[40] >= 1  # the same opens for 4 or 40 evaluations


def test_reading_every_trace_back_opens_the_journal_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _run(tmp_path, 30)
    state = rsi.load_run(run).state
    with counting(run, monkeypatch) as reads:
        traces = [state.trace(op) for op in state.evaluations]
    assert [t["phases"][1]["total"] for t in traces] == [TOTAL] * 30
    assert reads.opens == 1 and reads.parses == 30  # one handle; each trace line parsed once
