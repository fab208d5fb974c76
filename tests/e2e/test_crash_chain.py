"""Crash safety through a real search: SIGKILL after the k-th event, for k across every event
type (the middle of dev and release evaluations included), at 2 workers; then `resume`
finishes with the same journal as an uninterrupted run and never pays again for an
evaluation the journal already held. The scripted runner prefetches (rsi/execution/prefetch.py):
round 1's parent batch and the gate's baseline run ahead in idle slots and are journaled
only when asked for; the finished ones wait in the run's prefetch store
(rsi/execution/prefetch_store.py), so a kill loses only what was in flight.

The fixture search keeps two children, dev-ranks three candidates and gates with
discordant pairs (tests/support/search_fixtures.py, KEEPING_SEARCH). Its uninterrupted run is the
session's shared keeping search (tests/conftest.py), run in-process: the journal is the same
whichever process runs it. The chain's processes fork from the warm start
(tests/support/warm_start.py), so they share one hash seed; `RSI_TEST_COLD_START=1` runs
them as fresh interpreters.
"""

from __future__ import annotations

import json
import os
import signal
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rsi.execution.evaluator import WINDOW_SLOTS
from rsi.execution.prefetch_store import STORE_DIR, StoredResult
from rsi.journal import EVENTS_FILE, KILL_AFTER_ENV
from tests.support.search_fixtures import ROOT, FinishedSearch, write_keeping_config
from tests.support.warm_start import run_module

pytestmark = pytest.mark.slow
WORKERS = 2


def _drive(config: Path, run_dir: Path, ledger: Path, kill_after: int | None = None) -> int:
    env = os.environ | {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
    env.pop(KILL_AFTER_ENV, None)
    if kill_after is not None:
        env[KILL_AFTER_ENV] = str(kill_after)
    with open(ledger, "a", encoding="utf-8") as handle:
        handle.write(f"start {kill_after}\n")  # each process's calls follow its marker
    argv = [str(config), str(run_dir), str(ledger)]
    driver = "tests.support.engine_driver"
    return run_module(driver, argv, cwd=ROOT, env=env, timeout=1800, capture=False).returncode


def _events(run_dir: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run_dir / EVENTS_FILE).read_text().splitlines()]


def _content(run_dir: Path) -> list[tuple[int, str, str]]:
    """(seq, op, payload) of every event: the journal without its timestamps."""
    return [(e["seq"], e["op"], json.dumps(e["data"], sort_keys=True)) for e in _events(run_dir)]


def _stored(run_dir: Path) -> set[str]:
    """'<strategy id> <task id>' of every finished prefetched result in the store."""
    store = run_dir / STORE_DIR
    files = sorted(store.iterdir()) if store.is_dir() else []
    results = [StoredResult.model_validate_json(path.read_bytes()) for path in files]
    return {f"{r.evaluation.strategy_id} {r.evaluation.task_id}" for r in results}


def _evaluated(events: list[dict[str, Any]]) -> set[str]:
    """'<strategy id> <task id>' of every journaled evaluation (the ledger's runner key)."""
    return {
        f"{e['data']['strategy_id']} {e['data']['task_id']}"
        for e in events
        if e["type"] == "evaluation"
    }


def kill_points(events: list[dict[str, Any]]) -> list[int]:
    """One k per event type (its middle occurrence), plus the middle of the first batch of
    evaluations of each purpose (round 1's parent batch and the gate's baseline are the
    ones run ahead into the prefetch store); never the last event (nothing would be left).
    The middle of each purpose's last batch was a kill point too until issue 52: the same
    code path as its type's middle, for 3 more processes."""
    by_kind: dict[str, list[int]] = {}
    batches: dict[str, list[list[int]]] = {}
    previous: tuple[str, str] | None = None
    for event in events:
        data = event["data"]
        kind = event["type"]
        if kind == "evaluation":
            kind = f"evaluation:{data['purpose']}"
            batch = (data["purpose"], data["strategy_id"])
            if batch != previous:
                batches.setdefault(data["purpose"], []).append([])
            batches[data["purpose"]][-1].append(event["seq"])
            previous = batch
        else:
            previous = None
        by_kind.setdefault(kind, []).append(event["seq"])
    points = {seqs[len(seqs) // 2] for seqs in by_kind.values()}
    for runs in batches.values():
        points.add(runs[0][len(runs[0]) // 2])
    return sorted(k for k in points if k < len(events))


def test_kill_anywhere_then_resume_matches_uninterrupted_run(
    keeping_search: FinishedSearch, tmp_path: Path
) -> None:
    # Same tasks and config content in another home: run ids (directory names) match too.
    config = write_keeping_config(tmp_path, tasks=keeping_search.tasks, workers=WORKERS)
    chain_dir = tmp_path / "run"
    baseline_events = _events(keeping_search.run_dir)
    baseline = _content(keeping_search.run_dir)
    _assert_the_fixture_is_not_trivial(baseline_events)

    ledger = tmp_path / "chain.ledger"
    kills = kill_points(baseline_events)
    kinds = {e["type"] for e in baseline_events if e["seq"] in kills}
    assert kinds == {e["type"] for e in baseline_events} - {"gate_decided"}
    # Evaluations journaled or stored (finished prefetched) when each process started.
    held_before: list[set[str]] = [set()]
    stored_ahead = 0  # finished prefetched evaluations a kill would have lost without the store
    for k in kills:
        assert _drive(config, chain_dir, ledger, kill_after=k) == -signal.SIGKILL
        assert len(_content(chain_dir)) == k  # killed right after the k-th event
        journaled, stored = _evaluated(_events(chain_dir)), _stored(chain_dir)
        stored_ahead += len(stored - journaled)
        held_before.append(journaled | stored)
    assert stored_ahead > 0
    assert _drive(config, chain_dir, ledger) == 0
    assert not (chain_dir / STORE_DIR).exists()  # the finished search cleared its store

    assert _content(chain_dir) == baseline  # same champion, kept set, gate numbers, all of it
    segments = _segments(ledger.read_text().splitlines())
    assert len(segments) == len(held_before)
    paid_again = [
        call
        for calls, held in zip(segments, held_before, strict=True)
        for call in calls
        if call in held
    ]
    assert paid_again == [], "paid again for evaluations the journal or the store held"
    runner_calls = Counter(call for calls in segments for call in calls)
    assert set(runner_calls) == _evaluated(baseline_events)  # everything prefetched was asked for
    # Work lost at a kill is paid again: only what was in flight, bounded by the evaluator's
    # window and, for prefetched evaluations, by the slots (they run only in idle ones).
    repaid = sum(runner_calls.values()) - len(runner_calls)
    assert repaid <= len(kills) * (WINDOW_SLOTS * WORKERS - 1 + WORKERS)


def _segments(lines: list[str]) -> list[list[str]]:
    """The runner calls of each process, split at the `start` markers."""
    segments: list[list[str]] = []
    for line in lines:
        if line.startswith("start "):
            segments.append([])
        elif line.startswith("runner "):
            segments[-1].append(line.removeprefix("runner "))
    return segments


def _assert_the_fixture_is_not_trivial(events: list[dict[str, Any]]) -> None:
    kept = [e for e in events if e["type"] == "candidate_kept"]
    dev = [e for e in events if e["type"] == "dev_scored"]
    gate = next(e for e in events if e["type"] == "gate_decided")["data"]["report"]
    assert len(kept) >= 3, "the fixture must keep at least two children"
    assert len(dev) >= 3, "the fixture must dev-rank several candidates"
    assert gate["wins"] + gate["losses"] > 0, "the gate must see discordant pairs"
