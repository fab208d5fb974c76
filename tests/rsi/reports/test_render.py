"""Reports of fixture journals: figures (counted as matplotlib artists), HTML, CLI, MLflow.

Journals are written through the real `Journal` with the project's event types:
- `full`: the lineage fixture's three rounds (kept, rejected + discarded, kept) and a gate;
- `interrupted`: the same journal cut before the champion is frozen and gated;
- `no_kept`: one discarded child and one rejected proposal; the initial strategy is the
  champion and the gate compares it with itself.
"""

from __future__ import annotations

import json
import shutil
import sys
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from matplotlib.artist import Artist
from matplotlib.figure import Figure
from matplotlib.image import imread
from mlflow import MlflowClient

from rsi.cli import main, output
from rsi.config import CONFIG_FILE
from rsi.journal import (
    EVENTS_FILE,
    CandidateKept,
    ChampionFrozen,
    ChildProposed,
    DevScored,
    Evaluation,
    GateDecided,
    Journal,
    ProposalRejected,
    RoundCompleted,
    RoundStarted,
    RunStarted,
    Screened,
    SearchStopped,
    SplitRecorded,
    evaluation_op,
    read_outcome_events,
)
from rsi.lineage import CARD_TAG, REPORT_KEY_TAG, default_tracking_uri, sync_run_dir
from rsi.release import run_gate
from rsi.reports import (
    FIGURES,
    REPORT_FILE,
    collect,
    compare_figure,
    render_figures,
    write_report,
)
from rsi.reports.tree import tree_figure
from rsi.reports.tree_data import NodeKind, TreeNode
from search_space import strategy_id
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.lineage_fixtures import (
    DEV,
    INITIAL,
    PROPOSAL,
    RELEASE,
    Lineage,
    child_of,
    write_journal,
)
from tests.support.lineage_fixtures import write_config as write_lineage_config

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SECTIONS = ("trajectory", "lineage", "field-effects", "release-card", "cost")


def write_config(run_dir: Path, *, seed: int = 42, resamples: int = 1000) -> None:
    """The lineage fixture's config with the bootstrap the fixture's gate used."""
    write_lineage_config(run_dir, experiment="reports", tracking_uri="sqlite:///:memory:")
    path = run_dir / CONFIG_FILE
    config = json.loads(path.read_text())
    config["release"] = {"alpha": 0.05, "seed": seed, "resamples": resamples}
    path.write_text(json.dumps(config))


def _evaluate(journal: Journal, sid: str, task: str, purpose: str, success: bool) -> None:
    journal.append(
        evaluation_op(purpose, sid, task, 42),
        Evaluation(
            strategy_id=sid,
            task_id=task,
            seed=42,
            purpose=purpose,  # type: ignore[arg-type]
            success=success,
            initial_outcome="fail" if success else "pass",
            reference_outcome="pass",
            trace={"runner": "scripted", "usage": {"calls": 3, "input_tokens": 100}},
        ),
    )


def add_release_outcomes(
    run_dir: Path, lineage: Lineage, baseline: list[bool], challenger: list[bool]
) -> None:
    """The release evaluations the fixture's gate was computed from."""
    journal = Journal(run_dir)
    for task, base, chal in zip(RELEASE, baseline, challenger, strict=True):
        _evaluate(journal, lineage.s3, task, "release", chal)
        _evaluate(journal, lineage.s0, task, "release", base)
    journal.close()


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run_dir = tmp_path_factory.mktemp("runs") / "full"
    lineage = write_journal(run_dir, experiment="reports")
    add_release_outcomes(run_dir, lineage, [False] * 5, [True] * 5)
    write_config(run_dir)
    return run_dir


@pytest.fixture
def interrupted(tmp_path: Path) -> Path:
    run_dir = tmp_path / "interrupted"
    write_journal(run_dir, experiment="reports")
    journal = run_dir / "events.jsonl"
    lines = journal.read_text().splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "search_stopped")
    journal.write_text("".join(lines[:cut]))
    write_config(run_dir)
    return run_dir


@pytest.fixture(scope="module")
def no_kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 discards its child; round 2 rejects its only attempt; the initial is gated."""
    run_dir = tmp_path_factory.mktemp("runs") / "no-kept"
    journal = Journal(run_dir)
    s0 = strategy_id(INITIAL)
    roles = {"proposal": PROPOSAL, "dev": DEV, "release": RELEASE}
    journal.append(
        "run:start",
        RunStarted(run_id="no-kept", experiment="reports", config_hash="c0ffee", seed=42),
    )
    journal.append(
        "split", SplitRecorded(seed=42, roles=roles, hashes={r: f"{r}-hash" for r in roles})
    )
    journal.append(
        f"keep:{s0}",
        CandidateKept(strategy_id=s0, parent_id=None, round=0, strategy=INITIAL.to_json_dict()),
    )
    for task in DEV:
        _evaluate(journal, s0, task, "dev", task == DEV[0])
    journal.append(f"dev:{s0}", DevScored(strategy_id=s0, rar=0.5, successes=1, n=2))
    child, edit = child_of(INITIAL, "agentSteps", 14)
    cid = strategy_id(child)
    journal.append("round:1:start", RoundStarted(round=1, parent_id=s0, tasks=PROPOSAL[:2]))
    journal.append(
        "round:1:attempt:1:child",
        ChildProposed(
            round=1,
            attempt=1,
            parent_id=s0,
            child_id=cid,
            proposer="heuristic",
            field="agentSteps",
            edit=edit,
            rationale="more steps",
            strategy=child.to_json_dict(),
        ),
    )
    for task in PROPOSAL[:2]:
        _evaluate(journal, s0, task, "train", True)
        _evaluate(journal, cid, task, "train", task == PROPOSAL[0])
    journal.append(
        "round:1:screen",
        Screened(
            round=1,
            parent_id=s0,
            child_id=cid,
            parent_successes=2,
            child_successes=1,
            regressions=1,
            passed=False,
            reason="regression",
        ),
    )
    journal.append("round:1:done", RoundCompleted(round=1, attempts=1, kept=False))
    journal.append("round:2:start", RoundStarted(round=2, parent_id=s0, tasks=PROPOSAL[2:4]))
    journal.append(
        "round:2:attempt:1:rejected",
        ProposalRejected(
            round=2,
            attempt=1,
            parent_id=s0,
            proposer="heuristic",
            field="maxRounds",
            edit={"op": "set_scalar", "field": "maxRounds", "value": 9},
            reason="out_of_range",
            message="maxRounds: 9 is out of range",
        ),
    )
    journal.append("round:2:done", RoundCompleted(round=2, attempts=1, kept=False))
    journal.append("stop", SearchStopped(reason="completed 2 rounds"))
    journal.append(
        "freeze",
        ChampionFrozen(
            strategy_id=s0, dev_rar=0.5, sha256="0" * 64, strategy=INITIAL.to_json_dict()
        ),
    )
    outcomes = [True, False, True, False, False]
    for task, success in zip(RELEASE, outcomes, strict=True):
        _evaluate(journal, s0, task, "release", success)
    report = run_gate(outcomes, outcomes, alpha=0.05, seed=42, resamples=1000)
    journal.append(
        "gate:release-hash",
        GateDecided(
            challenger_id=s0,
            baseline_id=s0,
            release_hash="release-hash",
            override=True,
            report=report.to_json_dict(),
        ),
    )
    journal.close()
    write_config(run_dir)
    return run_dir


@pytest.fixture(scope="module")
def full_figures(full: Path) -> dict[str, Figure]:
    return render_figures(collect(full))


def by_gid(figure: Figure, gid: str) -> list[Artist]:
    return list(figure.findobj(lambda artist: artist.get_gid() == gid))


def points(figure: Figure, gid: str) -> int:
    """How many points the scatter (PathCollection) with this gid plots."""
    (collection,) = by_gid(figure, gid)
    return len(collection.get_offsets())  # type: ignore[attr-defined]


def test_full_run_figures_plot_every_round_and_attempt(
    full: Path, full_figures: dict[str, Figure]
) -> None:
    data = collect(full)
    assert not data.partial and data.attempts == 4
    figures = full_figures
    assert list(figures) == list(FIGURES)
    trajectory = figures["trajectory"]
    assert points(trajectory, "parent") == 3  # three screened rounds
    assert points(trajectory, "child-kept") == 2
    assert points(trajectory, "child-discarded") == 1
    assert points(trajectory, "rejected") == 1  # round 2 refused one attempt
    assert points(trajectory, "kept") == 3  # initial, S1, S3 with their dev RAR
    assert len(by_gid(trajectory, "baseline")) == 1 and len(by_gid(trajectory, "champion")) == 1

    tree = figures["lineage_tree"]
    assert [points(tree, f"node-{k}") for k in ("initial", "kept", "discarded", "rejected")] == [
        1,
        2,
        1,
        1,
    ]
    assert points(tree, "champion") == 1
    edges = by_gid(tree, "edge")
    assert len(edges) == 4
    assert sorted(e.get_linewidth() for e in edges) == [1.0, 1.0, 2.6, 2.6]  # S0-S1-S3 bold
    labels = [t.get_text() for t in by_gid(tree, "label")]
    assert any("agentSteps: 12 → 14" in t for t in labels)
    assert any("rejected" not in t and "maxRounds: 2 → 9" in t for t in labels)
    assert any("CHAMPION" in t and "maxRounds: 2 → 3" in t for t in labels)

    fields = figures["field_effects"]
    widths = {
        name: {b.get_y(): b.get_width() for b in by_gid(fields, f"count-{name}")}
        for name in ("proposed", "kept", "screen_failed", "rejected")
    }
    assert all(len(bars) == 11 for bars in widths.values())  # every strategy field
    assert sum(widths["proposed"].values()) == 4
    assert sum(widths["kept"].values()) == 2 and sum(widths["screen_failed"].values()) == 1
    assert sum(widths["rejected"].values()) == 1
    effect = {e.field: e for e in data.fields}
    assert (effect["maxRounds"].proposed, effect["maxRounds"].rejected) == (2, 1)
    assert effect["contextTokens"].mean_gain == 0.0 and effect["agentSteps"].mean_gain == 1.0

    cost = figures["cost"]
    assert len(by_gid(cost, "runner")) == 4 and len(by_gid(cost, "calls")) == 4
    assert len(by_gid(cost, "wall")) == 5  # setup, rounds 1-3, gate


def test_release_card_recomputes_the_gates_bootstrap(
    full: Path, full_figures: dict[str, Figure]
) -> None:
    card = collect(full).card
    assert card.report is not None and card.bootstrap is not None
    assert card.bootstrap.reproduced and len(card.bootstrap.diffs_pp) == 1000
    assert (card.both, card.report.wins, card.report.losses, card.neither) == (0, 5, 0, 0)
    assert card.release_hash == "release-hash" and card.consumed_before is False
    figure = full_figures["release_card"]
    assert len(by_gid(figure, "bootstrap")) >= 1  # histogram bars
    for gid in ("ci95", "ci99", "observed", "zero", "cell-wins", "cell-losses"):
        assert len(by_gid(figure, gid)) == 1, gid
    lines = {
        a.get_gid(): a.get_text()
        for a in figure.findobj(lambda a: a.get_gid() or "")
        if str(a.get_gid()).startswith("line-")
    }
    assert lines["line-decision"] == "PROMOTE"
    assert lines["line-one-sided exact McNemar p"] == "0.031250"
    assert lines["line-release split"] == "release-hash"
    assert lines["line-consumed before"] == "no"


def test_bootstrap_is_the_gates_own_or_flagged(tmp_path: Path) -> None:
    """Mixed outcomes: the resamples depend on seed and count, and the card says which."""
    run_dir = tmp_path / "mixed"
    lineage = write_journal(run_dir, experiment="reports", promote=False)
    add_release_outcomes(run_dir, lineage, [True] + [False] * 4, [False, True] + [False] * 3)
    write_config(run_dir, resamples=1000)  # what the fixture's gate used
    card = collect(run_dir).card
    assert card.bootstrap is not None and card.bootstrap.reproduced
    assert (card.both, card.neither) == (0, 3)
    diffs = np.asarray(card.bootstrap.diffs_pp)
    assert np.percentile(diffs, [2.5, 97.5]).round(9).tolist() == list(card.report.ci95_pp)
    write_config(run_dir, seed=1, resamples=100)  # not what the gate used
    boot = collect(run_dir).card.bootstrap
    assert boot is not None and not boot.reproduced and (boot.seed, boot.resamples) == (1, 100)


def test_card_without_journaled_outcomes_keeps_the_gates_numbers(tmp_path: Path) -> None:
    run_dir = tmp_path / "bare"
    write_journal(run_dir, experiment="reports")  # a gate, but no release evaluations
    card = collect(run_dir).card
    assert card.bootstrap is None and card.report is not None
    assert (card.both, card.neither) == (0, 0)
    figure = render_figures(collect(run_dir))["release_card"]
    assert not by_gid(figure, "bootstrap") and len(by_gid(figure, "ci95")) == 1


def test_report_of_an_interrupted_run_says_so(interrupted: Path, tmp_path: Path) -> None:
    data = collect(interrupted)
    assert data.partial and "no release gate" in data.status
    figures = render_figures(data)
    assert len(by_gid(figures["release_card"], "no-gate")) == 1
    assert "partial" in figures["trajectory"].get_suptitle()
    assert points(figures["lineage_tree"], "champion") == 1  # the best so far
    html_path = write_report(interrupted)
    assert html_path == interrupted / "report" / REPORT_FILE  # the default place
    html = html_path.read_text()
    assert "Partial report" in html and "not decided yet" in html


def test_report_of_a_run_without_kept_child(no_kept: Path) -> None:
    data = collect(no_kept)
    figures = render_figures(data)
    tree = figures["lineage_tree"]
    assert points(tree, "node-kept") == 0 and points(tree, "champion") == 1
    assert points(tree, "node-discarded") == 1 and points(tree, "node-rejected") == 1
    assert not [e for e in by_gid(tree, "edge") if e.get_linewidth() > 1]  # no path to draw
    assert points(figures["trajectory"], "kept") == 1
    assert points(figures["trajectory"], "child-discarded") == 1
    card = data.card
    assert card.report is not None and not card.report.promote and card.consumed_before
    assert (card.both, card.neither) == (2, 3)
    phases = {p.phase: p for p in data.cost.phases}
    assert phases["release"].evaluations == 5 and phases["proposal"].calls == 12
    assert data.cost.simulated_usage and data.cost.untimed == 5 + 4 + 2


def test_a_discarded_child_says_why_in_the_trajectory_tree_and_status(
    no_kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 1's child solved 1 of 2 where its parent solved both: no gain, one regression."""
    why = "no gain, 1 regression"
    data = collect(no_kept)
    figures = render_figures(data)
    reasons = by_gid(figures["trajectory"], "discard-reason")
    assert [r.get_text() for r in reasons] == [why]  # type: ignore[attr-defined]
    labels = [label.get_text() for label in by_gid(figures["lineage_tree"], "label")]  # type: ignore[attr-defined]
    assert [label for label in labels if "child 1, parent 2" in label] == [
        f"r1  agentSteps: 12 → 14  child 1, parent 2: {why}"
    ]
    with pytest.MonkeyPatch.context() as patch:  # a terminal wide enough not to fold cells
        patch.setattr(output.console, "_width", 240)
        code, out, _ = rsi_cli(capsys, "status", str(no_kept))
    assert code == 0 and f"discarded: {why}" in " ".join(out.split())
    code, out, _ = rsi_cli(capsys, "status", str(no_kept), "--json")
    (proposal,) = json.loads(out)["proposals"]
    assert code == 0 and (proposal["verdict"], proposal["why"]) == ("discarded", why)


def test_the_report_draws_from_the_events_a_sink_holds_without_the_journal(
    no_kept: Path, tmp_path: Path
) -> None:
    """A lineage sink holds evaluations without their traces; its final report draws from
    them (costs, the scripted runner's simulated counts) and never reads the journal."""
    expected = collect(no_kept)
    copy = tmp_path / "held"
    shutil.copytree(no_kept, copy)
    held_events = read_outcome_events(copy)
    (copy / EVENTS_FILE).unlink()  # drawing must not read it again
    held = collect(copy, held_events)
    assert held.cost == expected.cost and held.cost.simulated_usage
    assert (held.rounds, held.tree, held.card) == (expected.rounds, expected.tree, expected.card)


def rsi_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the `rsi` entry point in this process: (exit code, stdout, stderr)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "argv", ["rsi", *args])
        with pytest.raises(SystemExit) as exit_info:
            main()
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_cli_report_writes_valid_pngs_and_every_section(
    full: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    code, stdout, _ = rsi_cli(capsys, "report", str(full), "--out", str(out))
    assert code == 0 and str(out / REPORT_FILE) in stdout
    for name in FIGURES:
        png = (out / f"{name}.png").read_bytes()
        assert png.startswith(PNG_SIGNATURE)
        image = imread(out / f"{name}.png")
        assert image.ndim == 3 and image.shape[0] > 100 and image.shape[1] > 500
        assert np.ptp(image) > 0  # not blank
    html = (out / REPORT_FILE).read_text()
    for section in SECTIONS:
        assert f'<section id="{section}">' in html
    assert html.count('src="data:image/png;base64,') == len(FIGURES)
    assert "http://" not in html and "https://" not in html  # viewable offline


def test_cli_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "events.jsonl").write_text('{"seq": 1, "type": "nonsense"}\n')
    assert_one_line_user_error(run_rsi("report", str(corrupt)), "line 1")  # the real process
    for args, needle in (
        (("report", str(tmp_path / "missing")), "not a run directory"),
        (("report", str(tmp_path)), "no journal"),
        (("compare", str(corrupt)), "at least two"),
        (("compare", str(corrupt), str(tmp_path / "missing")), "line 1"),
    ):
        code, _, err = rsi_cli(capsys, *args)
        assert code == 2 and needle in err and len(err.strip().splitlines()) == 1, args


def test_cli_compare_overlays_runs_and_tabulates_gates(
    full: Path, no_kept: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, stdout, _ = rsi_cli(
        capsys, "compare", str(full), str(no_kept), "--out", str(tmp_path), "--json"
    )
    assert code == 0
    printed = json.loads(stdout)
    assert printed["report"] == str(tmp_path / "compare.html")
    runs = {row["run_id"]: row for row in printed["runs"]}
    assert (runs["full"]["decision"], runs["full"]["wins"], runs["full"]["kept"]) == (
        "promote",
        5,
        2,
    )
    assert (runs["no-kept"]["decision"], runs["no-kept"]["kept"]) == ("retain baseline", 0)
    assert runs["full"]["data_seed"] == 42 and printed["note"] is None  # one dev split
    html = (tmp_path / "compare.html").read_text()
    assert html.count("<tr>") == 3 and "promote" in html and "retain baseline" in html
    assert (tmp_path / "compare_trajectories.png").read_bytes().startswith(PNG_SIGNATURE)
    figure = compare_figure([collect(full), collect(no_kept)])
    assert len(by_gid(figure, "champion")) == 2 and len(by_gid(figure, "gain")) == 2


def test_cli_compare_says_when_runs_ranked_on_different_dev_splits(
    full: Path, no_kept: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other-split"
    shutil.copytree(no_kept, other)
    events = (other / "events.jsonl").read_text().splitlines()
    split = json.loads(events[1])
    assert split["type"] == "split_recorded"
    split["data"]["seed"], split["data"]["hashes"]["dev"] = 7, "another-dev-hash"
    events[1] = json.dumps(split)
    (other / "events.jsonl").write_text("\n".join(events) + "\n")
    code, stdout, _ = rsi_cli(capsys, "compare", str(full), str(other), "--out", str(tmp_path))
    assert code == 0
    note = "different dev splits ([data] seed 42, 7)"
    assert f"note: these runs ranked candidates on {note}" in stdout  # one line, never wrapped
    assert note in (tmp_path / "compare.html").read_text()
    code, stdout, _ = rsi_cli(capsys, "compare", str(full), str(other), "--json")
    runs = json.loads(stdout)["runs"]
    assert note in json.loads(stdout)["note"] and [r["data_seed"] for r in runs] == [42, 7]


def test_mlflow_sync_logs_the_figures_and_the_release_card(
    full: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uri = default_tracking_uri(tmp_path / "store")
    report = sync_run_dir(full, uri)
    client = MlflowClient(uri, registry_uri=uri)
    (search,) = client.search_runs(
        [report.experiment_id], filter_string="tags.`rsi.node` = 'search'"
    )
    logged = {f.path for f in client.list_artifacts(search.info.run_id, "report")}
    assert logged == {f"report/{name}.png" for name in FIGURES} | {f"report/{REPORT_FILE}"}
    assert search.data.tags[REPORT_KEY_TAG]
    assert report.model_version is not None
    version = client.get_model_version("reports", report.model_version)
    assert version.tags[CARD_TAG] == "release_card.png"
    card = client.download_artifacts(version.run_id, "strategy/release_card.png", str(tmp_path))
    assert Path(card).read_bytes().startswith(PNG_SIGNATURE)
    # An unchanged journal is not drawn again.
    import rsi.lineage.report_artifacts as artifacts

    monkeypatch.setattr(artifacts, "render_run", lambda _: pytest.fail("drawn twice"))
    sync_run_dir(full, uri)


def test_lineage_tree_stays_readable_at_40_attempts() -> None:
    """One row per node: no two labels overlap and every label lies inside the figure."""
    nodes = [TreeNode("s0", None, "initial", 0, None, "", "dev 25%", False, True)]
    kept = ["s0"]
    for r in range(1, 41):
        kind: NodeKind = ("kept", "discarded", "rejected", "discarded")[r % 4]  # type: ignore[assignment]
        key = f"n{r}"
        edge = "skillRoutes[cli]: none → error-contracts"
        nodes.append(TreeNode(key, kept[-1], kind, r, 1, edge, "child 4, parent 4", False, False))
        kept += [key] if kind == "kept" else []
    figure = tree_figure(nodes, partial=False)
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    figure.draw(renderer)
    boxes = [label.get_window_extent(renderer) for label in by_gid(figure, "label")]
    assert len(boxes) == 41
    whole = figure.bbox
    assert all(whole.x0 <= b.x0 and b.x1 <= whole.x1 and whole.y0 <= b.y0 for b in boxes)
    assert all(b.y1 <= whole.y1 for b in boxes)
    ordered = sorted(boxes, key=lambda b: b.y0)
    assert all(low.y1 <= high.y0 for low, high in pairwise(ordered))  # no two labels overlap
    assert min(b.height for b in boxes) >= 8  # pixels: 9 pt text at 110 dpi stays legible
