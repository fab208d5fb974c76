"""`[search] stop_when_decided`: the same search for fewer paid evaluations (issue 40).

On the coin world (tests/support/coin_search.py: every evaluation a fresh coin, so children
regress often and the dev scores of kept children spread), a seed per rule with the switch
on and off must keep the same children, give every round the same verdict, show proposers the
same screens, freeze the same champion and reach the same gate decision; with the switch
on, the journal's evaluations are a subset of those with it off, and fewer. A search killed
right at an early decision, or just before it, resumes to the uninterrupted journal without
running (or waiting for) an evaluation the decision skipped.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from evaluators.tasks import TaskSet
from rsi.journal import EVENTS_FILE, KILL_AFTER_ENV, read_events
from rsi.lineage.plan import candidate_node, plan
from tests.support.cli_helpers import run_rsi
from tests.support.coin_search import ROOT, coin_config, coin_search, switch_sweep
from tests.support.warm_start import run_module

# One seed per rule; experiments/benchmarks/early_stop_sweep.py runs 24 and 6 (the sweep this
# test ran until issue 52) and saves its totals in results/early_stop_sweep.txt.
SWEEP_SEED = {"strict-no-regression": 1, "strict-sum": 1}


@pytest.fixture(scope="module")
def tasks() -> TaskSet:
    return TaskSet.load(coin_config(Path("runs"), 1, stop=True).experiment.tasks)


@pytest.mark.parametrize("rule", ["strict-no-regression", "strict-sum"])
def test_the_switch_changes_what_is_paid_never_what_is_decided(
    tasks: TaskSet, tmp_path: Path, rule: str
) -> None:
    totals = switch_sweep([SWEEP_SEED[rule]], rule, tasks, tmp_path)
    assert totals.screens_decided > 1  # most rounds stop early on this world
    if rule == "strict-no-regression":
        assert totals.devs_decided > 0  # a kept child was raced off dev
    assert totals.paid_on < totals.paid_off


def _events(run_dir: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run_dir / EVENTS_FILE).read_text().splitlines()]


def _content(run_dir: Path) -> list[tuple[int, str, str]]:
    return [(e["seq"], e["op"], json.dumps(e["data"], sort_keys=True)) for e in _events(run_dir)]


SEED = 1  # its first round's screen stops early, and a kept child's dev race too


@pytest.mark.slow
@pytest.mark.parametrize("where", ["at the decision", "just before it"])
def test_killed_at_an_early_decision_the_resume_never_runs_what_it_skipped(
    tasks: TaskSet, tmp_path: Path, where: str
) -> None:
    reference = tmp_path / "reference"
    coin_search(coin_config(reference, SEED, stop=True), tasks, reference / "run")
    expected = _events(reference / "run")
    decisions = [e for e in expected if e["type"] == "decided_early"]
    assert {d["data"]["purpose"] for d in decisions} == {"train", "dev"}
    for decision in decisions:
        runs = tmp_path / f"{where}-{decision['op']}".replace(" ", "-").replace(":", "_")
        kill_after = decision["seq"] - (where == "just before it")
        env = os.environ | {KILL_AFTER_ENV: str(kill_after)}
        victim = [str(runs), str(SEED)]
        killed = run_module("tests.support.coin_search", victim, cwd=ROOT, env=env, timeout=300)
        assert killed.returncode == -9  # SIGKILLed right after that event was durable
        assert _content(runs / "run")[-1][0] == kill_after
        paid: list[str] = []
        coin_search(coin_config(runs, SEED, stop=True), tasks, runs / "run", paid.append)
        assert _content(runs / "run") == _content(reference / "run")
        skipped = {
            " ".join(op.split(":")[2:4]) for op in decision["data"]["skipped"]
        }  # "<strategy id> <task id>"
        assert skipped and not skipped & set(paid)
        before = {tuple(e["op"].split(":")[2:4]) for e in expected[:kill_after]}
        assert not {tuple(p.split()) for p in paid} & before  # nothing paid twice


def test_a_dev_score_stopped_early_reads_at_most_everywhere(
    tasks: TaskSet, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rsi status` (text and --json), the report and the MLflow projection say "at most"."""
    monkeypatch.setenv("COLUMNS", "200")  # xdist sets 80, which folds "at most" in its cell
    run_dir = tmp_path / "run"
    state = coin_search(coin_config(tmp_path, SEED, stop=True), tasks, run_dir)
    bounded = [c for c in state.candidates.values() if c.dev_rar_at_most]
    assert bounded, "seed 1 races a kept child off dev"
    sid, rar = bounded[0].strategy_id, bounded[0].dev_rar
    assert rar is not None
    status = run_rsi("status", str(run_dir), "--json")
    kept = {k["strategy_id"]: k for k in json.loads(status.stdout)["kept"]}
    assert kept[sid]["dev_rar_at_most"] is True and kept[sid]["dev_rar"] == rar
    assert sum(k["dev_rar_at_most"] for k in kept.values()) == len(bounded)
    text = run_rsi("status", str(run_dir)).stdout
    assert f"at most {rar:.1%}" in text
    report = run_rsi("report", str(run_dir), "--out", str(tmp_path / "report"))
    assert report.returncode == 0, report.stderr
    assert f"at most {rar * 100:.1f}%" in (tmp_path / "report" / "report.html").read_text()
    planned = plan(read_events(run_dir))
    assert planned is not None
    nodes = {node.key: node for node in planned.nodes}
    assert nodes[candidate_node(sid)].tags["rsi.dev_rar_bound"] == "at most"
    assert nodes[candidate_node(sid)].metrics["dev_rar"] == rar
    exact = [c.strategy_id for c in state.candidates.values() if not c.dev_rar_at_most]
    assert all("rsi.dev_rar_bound" not in nodes[candidate_node(c)].tags for c in exact)
