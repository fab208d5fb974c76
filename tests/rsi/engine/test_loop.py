"""The shared keeping search: data-role isolation, the screen, status/release output, resume."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.text import Text

from rsi.journal import CandidateKept, GateDecided, Screened, fold, read_events, summarise
from rsi.reports import collect, render_figures
from tests.support.cli_helpers import run_rsi
from tests.support.search_fixtures import FinishedSearch, RecordingProposer

pytestmark = pytest.mark.slow

# The keeping search (tests/support/search_fixtures.py) keeps two children and discards one: both
# screen outcomes happen in one run. (On the reshaped landscape of issue 15 the small search
# keeps no child at any seed from 1 to 30.)


@pytest.fixture(scope="module")
def finished_search(keeping_search: FinishedSearch) -> tuple[Path, RecordingProposer]:
    return keeping_search.run_dir, keeping_search.proposer


def _split(run_dir: Path) -> dict[str, list[str]]:
    for line in (run_dir / "events.jsonl").read_text().splitlines():
        event = json.loads(line)
        if event["type"] == "split_recorded":
            return event["data"]["roles"]
    raise AssertionError("no split recorded")


def test_roles_are_disjoint_and_proposers_see_only_proposal_tasks(
    finished_search: tuple[Path, RecordingProposer],
) -> None:
    run_dir, proposer = finished_search
    roles = _split(run_dir)
    proposal, dev, release = (set(roles[r]) for r in ("proposal", "dev", "release"))
    assert not proposal & dev and not proposal & release and not dev & release
    assert proposer.seen, "the search never asked for a proposal"
    for context in proposer.seen:
        assert {f.task_id for f in context.feedback} <= proposal
        shown = repr(context)
        assert not [t for t in release if t in shown], "a release task reached a proposer"
        assert not [t for t in dev if t in shown], "a dev task id reached a proposer"


def test_only_children_that_pass_the_screen_are_kept(
    finished_search: tuple[Path, RecordingProposer],
) -> None:
    run_dir, _ = finished_search
    events = read_events(run_dir)
    state = fold(events)
    screens = [e.data for e in events if isinstance(e.data, Screened)]
    kept = [e.data for e in events if isinstance(e.data, CandidateKept)]
    children = {k.round: k for k in kept if k.parent_id is not None}
    # The seed is chosen to exercise both outcomes; a run that kept nothing proves nothing.
    assert children, "the search kept no child, though this seed keeps one"
    assert [s for s in screens if not s.passed], "no child was discarded, though one should be"
    assert len(children) == len([k for k in kept if k.parent_id is not None])  # one per round
    for verdict in screens:
        child = children.get(verdict.round)
        if verdict.passed:
            assert child is not None, f"round {verdict.round} passed its screen but kept nothing"
            assert (child.strategy_id, child.parent_id) == (verdict.child_id, verdict.parent_id)
            assert verdict.child_successes > verdict.parent_successes
            assert verdict.regressions == 0
        else:
            assert child is None, f"round {verdict.round} kept a child its screen discarded"
        # The candidates as the round ended: the child is one of them iff it passed (a child
        # discarded now may come back in a later round, on other tasks).
        done = next(e for e in events if e.op == f"round:{verdict.round}:done")
        assert (verdict.child_id in fold(events[: done.seq]).candidates) is verdict.passed
        assert state.rounds_completed[verdict.round].kept is verdict.passed
    assert [k.strategy_id for k in kept] == list(state.candidates)
    assert set(children) == {s.round for s in screens if s.passed}


def test_status_and_release_report_the_run(finished_search: tuple[Path, RecordingProposer]) -> None:
    run_dir, _ = finished_search
    summary = summarise(run_dir)
    assert summary.rounds_completed == 3 and summary.champion_id is not None
    assert summary.gate is not None
    status = run_rsi("status", str(run_dir), "--json")
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout)["champion_id"] == summary.champion_id
    release = run_rsi("release", str(run_dir), "--json")
    report = json.loads(release.stdout)["report"]
    assert set(report) >= {"wins", "losses", "p_value", "ci95_pp", "promote"}
    assert report["n"] == 4  # the keeping search's release split: 4 tasks of one family
    text = run_rsi("status", str(run_dir)).stdout
    assert "kept candidates" in text and summary.champion_id in text


def test_a_finished_run_resumes_to_the_same_journal(
    finished_search: tuple[Path, RecordingProposer],
) -> None:
    run_dir, _ = finished_search
    before = (run_dir / "events.jsonl").read_bytes()
    result = run_rsi("resume", str(run_dir), "--json")
    assert result.returncode == 0, result.stderr
    assert (run_dir / "events.jsonl").read_bytes() == before


def test_a_changed_config_is_refused(
    finished_search: tuple[Path, RecordingProposer], tmp_path: Path
) -> None:
    shared, _ = finished_search
    home = shared.parent
    # A copy: this test edits the run's config.json and resumes it, and the crash chain
    # compares its journal with the shared run's.
    run_dir = Path(shutil.copytree(shared, tmp_path / "run"))
    changed = tmp_path / "changed.toml"
    original = (home / "keeping.toml").read_text()
    changed.write_text(original.replace("minibatch = 5", "minibatch = 3"))
    result = run_rsi("search", str(changed), "--run-dir", str(run_dir))
    assert result.returncode == 2 and "config differs" in result.stderr
    config_path = run_dir / "config.json"
    original = config_path.read_text()
    edited = json.loads(original)
    edited["search"]["minibatch"] = 3
    try:
        config_path.write_text(json.dumps(edited))  # a hand edit is caught by the journal's hash
        result = run_rsi("resume", str(run_dir))
        assert result.returncode == 2 and "config differs" in result.stderr
    finally:
        config_path.write_text(original)
    budget = tmp_path / "budget.toml"
    budget.write_text((home / "keeping.toml").read_text() + "\n[budget]\nmax_wall_s = 9999\n")
    assert run_rsi("search", str(budget), "--run-dir", str(run_dir)).returncode == 0


def _card_texts(run_dir: Path) -> tuple[dict[str, str], str]:
    """The release card as drawn: its lines by name, and the bootstrap panel's title."""
    figure: Figure = render_figures(collect(run_dir))["release_card"]
    texts = figure.findobj(Text)
    lines = {
        str(t.get_gid()).removeprefix("line-"): t.get_text()
        for t in texts
        if str(t.get_gid()).startswith("line-")
    }
    title = next(t.get_text() for t in texts if t.get_text().startswith("Paired bootstrap"))
    return lines, title


def test_release_card_is_recomputed_from_the_journal_alone(
    finished_search: tuple[Path, RecordingProposer], tmp_path: Path
) -> None:
    shared, _ = finished_search
    run_dir = Path(shutil.copytree(shared, tmp_path / "run"))
    (run_dir / "config.json").unlink()  # a journal copied without its config
    gate = fold(read_events(run_dir)).gate
    assert isinstance(gate, GateDecided)
    assert (gate.bootstrap_seed, gate.resamples, gate.alpha_one_sided) == (42, 10_000, 0.05)
    card = collect(run_dir).card
    boot = card.bootstrap
    assert card.report is not None and boot is not None, "no intervals without config.json"
    assert (boot.seed, boot.resamples, boot.alpha, boot.source) == (42, 10_000, 0.05, "journal")
    assert boot.reproduced and card.report.wins + card.report.losses > 0
    diffs = np.asarray(boot.diffs_pp)
    assert np.percentile(diffs, [2.5, 97.5]).round(9).tolist() == list(card.report.ci95_pp)
    lines, title = _card_texts(run_dir)
    assert "(from the journal): equal to the journaled intervals" in lines["recomputed"]
    assert "differs" not in title

    # A journal whose recorded 95% interval its own seed and resamples do not give (4
    # tasks make the percentiles coarse, so another seed often gives the same interval):
    # the card recomputes with what the journal says and says that the result differs.
    path = run_dir / "events.jsonl"
    edited = []
    for line in path.read_text().splitlines():
        event = json.loads(line)
        if event["type"] == "gate_decided":
            event["data"]["report"]["ci95_pp"] = [-99.0, 99.0]
        edited.append(json.dumps(event))
    path.write_text("\n".join(edited) + "\n")
    boot = collect(run_dir).card.bootstrap
    assert boot is not None and (boot.seed, boot.resamples) == (42, 10_000)
    assert not boot.reproduced
    lines, title = _card_texts(run_dir)
    assert "seed 42, alpha 0.05 (from the journal): DIFFER from the" in lines["recomputed"]
    assert "(differs from the journaled intervals!)" in title
