"""The journal -> MLflow projection, on a real MLflow store (sqlite, and a real server).

Fast tests use hand-written journals (tests/support/lineage_fixtures.py); the slow test runs a real
small search whose tracking server is killed mid-search and restarted afterwards.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from mlflow import MlflowClient

from rsi import api as rsi_api
from rsi.journal import (
    DevScored,
    Evaluation,
    Event,
    LineageFailed,
    TraceSource,
    fold,
    read_events,
)
from rsi.lineage import (
    LineageProjector,
    MlflowLineageSink,
    Redactor,
    SyncReport,
    artifact_location_for,
    default_tracking_uri,
    sink_for,
    tracking_uri_for,
)
from rsi.lineage.sink import HTTP_DEFAULTS
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.lineage_fixtures import Lineage, snapshot, write_config, write_journal
from tests.support.mlflow_server import free_port, start_server, stop_server
from tests.support.search_fixtures import pinned_pool, write_small_config

EXPERIMENT = "lineage-test"
SENTINEL = "sk-test-SENTINEL-4242424242"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One real sqlite store for the module (creating its schema takes seconds)."""
    return default_tracking_uri(tmp_path_factory.mktemp("store"))


@pytest.fixture(scope="module")
def synced(tmp_path_factory: pytest.TempPathFactory, store: str) -> tuple[Path, Lineage]:
    """A hand-written three-round journal, synced once."""
    run_dir = tmp_path_factory.mktemp("runs") / "synced"
    lineage = write_journal(run_dir, experiment=EXPERIMENT)
    write_config(run_dir, experiment=EXPERIMENT, tracking_uri=store)
    LineageProjector(store).sync(read_events(run_dir))
    return run_dir, lineage


def test_default_store_is_a_sqlite_file_beside_the_runs(tmp_path: Path) -> None:
    config = write_small_config(tmp_path)
    from rsi.config import load_config

    loaded = load_config(config)
    uri = tracking_uri_for(loaded)
    assert uri == f"sqlite:///{(tmp_path / 'runs').resolve()}/mlflow.db"
    assert artifact_location_for(uri) == (tmp_path / "runs" / "mlartifacts").resolve().as_uri()
    assert tracking_uri_for(loaded, "http://127.0.0.1:5000") == "http://127.0.0.1:5000"
    assert artifact_location_for("http://127.0.0.1:5000") is None
    assert sink_for(loaded, tmp_path / "run") is None  # the fixture config disables mlflow


def test_sync_twice_changes_nothing(synced: tuple[Path, Lineage], store: str) -> None:
    run_dir, _ = synced
    client = MlflowClient(store)
    before = snapshot(client, EXPERIMENT, run_dir.name)
    report = LineageProjector(store).sync(read_events(run_dir))
    assert report is not None
    assert (report.created, report.updated, report.runs) == (0, 0, len(before))
    assert snapshot(client, EXPERIMENT, run_dir.name) == before


def test_run_tree_equals_the_journal_dag(synced: tuple[Path, Lineage], store: str) -> None:
    run_dir, lineage = synced
    runs = snapshot(MlflowClient(store), EXPERIMENT, run_dir.name)
    candidates = {
        run["tags"]["rsi.candidate_id"]: node
        for node, run in runs.items()
        if run["tags"]["rsi.kind"] == "candidate"
    }
    assert set(candidates) == set(lineage.parents)
    for sid, parent in lineage.parents.items():
        expected = candidates[parent] if parent else "search"
        assert runs[candidates[sid]]["parent"] == expected, sid
    assert runs["search"]["parent"] is None
    # rejected and discarded proposals hang under the candidate they were proposed from
    side = {node: run for node, run in runs.items() if run["tags"]["rsi.kind"] != "candidate"}
    assert {run["tags"]["rsi.kind"] for run in side.values()} == {
        "search",
        "gate",
        "rejected",
        "discarded",
    }
    assert runs["gate"]["parent"] == "search"
    for node, run in side.items():
        if node not in ("search", "gate"):
            assert run["parent"] == candidates[lineage.s1], node


def test_candidate_runs_carry_tags_params_metrics_artifacts(
    synced: tuple[Path, Lineage], store: str
) -> None:
    run_dir, lineage = synced
    runs = snapshot(MlflowClient(store), EXPERIMENT, run_dir.name)
    kept = runs[f"candidate:{lineage.s1}"]
    assert kept["tags"]["rsi.parent_id"] == lineage.s0
    assert kept["tags"]["rsi.edited_field"] == "agentSteps"
    assert (kept["tags"]["rsi.before"], kept["tags"]["rsi.after"]) == ("12", "14")
    assert kept["tags"]["rsi.proposer"] == "heuristic"
    assert kept["tags"]["rsi.screen_verdict"] == "passed"
    assert kept["params"]["agentSteps"] == "14" and kept["params"]["maxRounds"] == "2"
    assert kept["metrics"] == {
        "parent_minibatch_successes": 1.0,
        "child_minibatch_successes": 2.0,
        "regressions": 0.0,
        "screen_rar": 1.0,
        "dev_rar": 1.0,
    }
    assert kept["status"] == "FINISHED"
    strategy = json.loads(kept["artifacts"]["strategy/strategy.json"])
    state = fold(read_events(run_dir))
    assert strategy == state.candidates[lineage.s1].strategy
    assert json.loads(kept["artifacts"]["strategy/edit.json"])["value"] == 14
    assert "ran out of agent steps" in kept["artifacts"]["diagnosis.md"]
    assert "## Reflection" in kept["artifacts"]["diagnosis.md"]
    traces = json.loads(kept["artifacts"]["trace_summary.json"])
    assert [row["task_id"] for row in traces["tasks"]] == ["p1", "p2"]
    assert [row["child"]["success"] for row in traces["tasks"]] == [True, True]
    champion = runs[f"candidate:{lineage.s3}"]
    assert champion["tags"]["rsi.champion"] == "true"
    assert len(json.loads(champion["artifacts"]["strategy/lineage.json"])) == 2
    search = runs["search"]
    assert search["tags"]["rsi.champion_id"] == lineage.s3
    assert search["tags"]["rsi.gate.promote"] == "true"
    assert search["metrics"]["rounds_completed"] == 3.0


def test_rejected_and_discarded_proposals_are_visible(
    synced: tuple[Path, Lineage], store: str
) -> None:
    run_dir, lineage = synced
    runs = snapshot(MlflowClient(store), EXPERIMENT, run_dir.name)
    rejected = runs["rejected:2:1"]
    assert rejected["tags"]["rsi.rejection_reason"] == "out_of_range"
    assert "not one of" in rejected["tags"]["rsi.rejection_message"]
    assert rejected["tags"]["rsi.edited_field"] == "maxRounds"
    assert json.loads(rejected["artifacts"]["strategy/edit.json"])["value"] == 9
    discarded = runs[f"discarded:2:{lineage.s2}"]
    assert discarded["tags"]["rsi.screen_verdict"] == "failed"
    assert discarded["tags"]["rsi.screen_reason"] == "no strict gain (1 vs 1)"
    assert discarded["metrics"]["child_minibatch_successes"] == 1.0
    assert discarded["params"]["contextTokens"] == "24000"
    assert "more context should help" in discarded["artifacts"]["diagnosis.md"]
    assert all(run["status"] == "FINISHED" for run in (rejected, discarded))


def test_a_partial_projection_is_completed_like_a_clean_sync(
    tmp_path_factory: pytest.TempPathFactory, store: str
) -> None:
    """A sink that stopped midway (outage, crash) leaves a gap; the next sync fills it."""
    run_dir = tmp_path_factory.mktemp("runs") / "partial"
    write_journal(run_dir, experiment="lineage-partial")
    events = read_events(run_dir)
    projector = LineageProjector(store)
    for cut in (5, 14, 30):  # as if the mirror had seen only this much
        projector.sync(events[:cut])
    projector.sync(events)
    clean_store = default_tracking_uri(tmp_path_factory.mktemp("clean"))
    LineageProjector(clean_store).sync(events)
    filled = snapshot(MlflowClient(store), "lineage-partial", run_dir.name)
    assert filled == snapshot(MlflowClient(clean_store), "lineage-partial", run_dir.name)


def test_secrets_from_the_environment_never_reach_mlflow(
    tmp_path_factory: pytest.TempPathFactory, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SENTINEL)
    run_dir = tmp_path_factory.mktemp("runs") / "leaky"
    write_journal(run_dir, experiment="lineage-leak", rationale=f"I used key {SENTINEL} here")
    LineageProjector(store).sync(read_events(run_dir))
    client = MlflowClient(store)
    runs = snapshot(client, "lineage-leak", run_dir.name)
    dump = json.dumps(runs) + json.dumps(
        [v.tags for v in client.search_model_versions("name='lineage-leak'")]
    )
    assert SENTINEL not in dump
    assert "I used key [redacted] here" in dump  # the rationale itself did arrive
    assert Redactor.from_env({"MY_TOKEN": "abcdefgh1", "PATH": "/usr/bin"})(
        "x abcdefgh1 /usr/bin"
    ) == ("x [redacted] /usr/bin")


def test_sink_mirrors_events_in_the_background(tmp_path: Path, store: str) -> None:
    run_dir = tmp_path / "live"
    write_journal(run_dir, experiment="lineage-live")
    events = read_events(run_dir)
    sink = MlflowLineageSink(run_dir, store)
    for event in events:
        sink.on_event(event)
    sink.close()
    assert sink.failures() == []
    assert sink.synced_seq == events[-1].seq
    runs = snapshot(MlflowClient(store), "lineage-live", run_dir.name)
    assert len(runs) == 7  # search, gate, 3 kept, 1 discarded, 1 rejected


def test_sink_reports_an_unreachable_store_and_never_blocks(tmp_path: Path) -> None:
    run_dir = tmp_path / "down"
    write_journal(run_dir, experiment="lineage-down")
    events = read_events(run_dir)
    sink = MlflowLineageSink(
        run_dir, f"http://127.0.0.1:{free_port()}", close_timeout_s=120, backoff_s=(0.1, 0.2)
    )
    for event in events[:10]:
        sink.on_event(event)
    time.sleep(0.5)
    for event in events[10:]:
        sink.on_event(event)
    sink.close()
    failures = sink.failures()
    assert failures, "an unreachable store must be reported"
    assert all(isinstance(f, LineageFailed) for f in failures)
    assert len({f.event_seq for f in failures}) == len(failures)  # one per event seq
    assert {f.event_seq for f in failures} <= {e.seq for e in events}
    assert failures[-1].event_seq == events[-1].seq
    assert all("\n" not in f.error and f.error for f in failures)
    assert sink.synced_seq == 0


# Only a deadlock guard: a correct sink never waits on it (the test opens the gate itself).
GUARD_S = 120.0


def test_sink_never_blocks_while_its_projection_is_stuck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every on_event returns while the projector is held inside its first sync."""
    run_dir = tmp_path / "stuck"
    write_journal(run_dir, experiment="lineage-stuck")
    events = read_events(run_dir)
    entered, gate = threading.Event(), threading.Event()
    opened: list[bool] = []  # per blocked sync: did the test open the gate (not the guard)?
    synced: list[tuple[int, ...]] = []

    class StuckProjector:
        """Stands in for LineageProjector; its first sync waits until the test opens `gate`."""

        def __init__(self, tracking_uri: str, *, run_dir: Path | None = None) -> None:
            self.tracking_uri = tracking_uri

        def sync(self, batch: list[Event], traces: TraceSource | None = None) -> None:
            if not entered.is_set():
                entered.set()
                opened.append(gate.wait(GUARD_S))
            synced.append(tuple(e.seq for e in batch))

    monkeypatch.setattr("rsi.lineage.sink.LineageProjector", StuckProjector)
    sink = MlflowLineageSink(run_dir, "stuck://store", close_timeout_s=GUARD_S)
    sink.on_event(events[0])  # run_started changes the projection: the worker syncs it
    assert entered.wait(GUARD_S), "the sink never started its first sync"
    for event in events[1:]:
        sink.on_event(event)
    # Every event was handed over while the first sync was still stuck.
    assert not gate.is_set() and synced == [] and sink.synced_seq == 0
    gate.set()
    sink.close()
    assert opened == [True], "on_event waited for the stuck projection"
    assert synced[0] == (events[0].seq,)
    assert synced[-1] == tuple(e.seq for e in events)  # the next sync caught up with the rest
    assert sink.synced_seq == events[-1].seq and sink.failures() == []


def test_the_live_sink_holds_no_trace_and_reads_them_back_from_the_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long search must not keep every trace in the sink's memory: evaluations reach the
    projection without theirs, and the trace source reads each back from its line."""
    run_dir = tmp_path / "slim"
    write_journal(run_dir, experiment="lineage-slim")
    events = read_events(run_dir)
    journaled = {e.op: e.data.trace for e in events if isinstance(e.data, Evaluation)}
    assert journaled and all(journaled.values()), "the fixture journal has no traces"
    batches: list[tuple[list[Event], TraceSource | None]] = []

    class RecordingProjector:
        def __init__(self, tracking_uri: str, *, run_dir: Path | None = None) -> None:
            pass

        def sync(self, batch: list[Event], traces: TraceSource | None = None) -> None:
            batches.append((batch, traces))

    monkeypatch.setattr("rsi.lineage.sink.LineageProjector", RecordingProjector)
    sink = MlflowLineageSink(run_dir, "recording://store", close_timeout_s=GUARD_S)
    for event in events:
        sink.on_event(event)
    sink.close()
    batch, traces = batches[-1]
    assert [e.seq for e in batch] == [e.seq for e in events]
    held = [e for e in batch if isinstance(e.data, Evaluation)]
    assert len(held) == len(journaled) and all(e.data.trace == {} for e in held)
    assert traces is not None
    assert {op: traces(op) for op in journaled} == journaled


def test_cli_sync_is_idempotent_and_reports_json(synced: tuple[Path, Lineage]) -> None:
    run_dir, _ = synced
    first = run_rsi("mlflow", "sync", str(run_dir), "--json")
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert (report["runs"], report["created"], report["updated"]) == (7, 0, 0)
    assert report["model_version"] == "1"
    missing = run_rsi("mlflow", "sync", str(run_dir.parent / "nowhere"))
    assert_one_line_user_error(missing, "not a run directory")


# --- a real search whose tracking server dies mid-search --------------------------------------


@dataclass(frozen=True)
class Outage:
    run_dir: Path
    uri: str
    killed_at: int  # seq of the journal event at which the server was killed
    mirrored_before_kill: bool  # a sync had covered the initial candidate's dev score
    synced_at_kill: int  # the last event seq a successful sync had covered at the kill
    failed_while_up: bool  # a sync failed before the server was killed


# The initial strategy fails every task of this pinned pool, and a larger context wins
# each of them (results/edit_census.txt), so the small search keeps a child and the
# mirrored tree has a candidate under the initial one however the corpus grows.
OUTAGE_POOL = Path(__file__).resolve().parents[2] / "fixtures/outage_search_pool.txt"


@pytest.fixture(scope="module")
def outage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Outage]:
    """A real search whose tracking server is killed at a chosen journal event.

    The engine calls its observer synchronously on every recorded event. When round 1
    starts, the observer waits until the live mirror has synced the initial candidate's dev
    score, then kills the server, so the outage always falls inside the search, after the
    mirror started, however fast or slow the machine. The mirror may be syncing a later
    batch (the gate's power, journaled after the dev score) when the server dies: that
    batch fails, rightly, though its last event precedes the kill; so the projector notes
    what its syncs covered and whether one failed while the server was up.
    """
    home = tmp_path_factory.mktemp("outage")
    port = free_port()
    uri = f"http://127.0.0.1:{port}"
    config = write_small_config(home, tasks=pinned_pool(home, OUTAGE_POOL), workers=2)
    text = config.read_text().replace(
        "[mlflow]\nenabled = false", f'[mlflow]\nenabled = true\ntracking_uri = "{uri}"'
    )
    config.write_text(text)
    run_dir = home / "run"
    mirrored, killing = threading.Event(), threading.Event()
    covered: list[int] = [0]  # the last event seq each successful sync covered
    failed_while_up: list[int] = []

    class WatchedProjector(LineageProjector):
        """The real projector; says when a sync covered a dev score, what each sync
        covered, and whether one failed before the kill began."""

        def sync(
            self, events: Sequence[Event], traces: TraceSource | None = None
        ) -> SyncReport | None:
            done = False
            try:
                report = super().sync(events, traces)
                done = True
            finally:
                if not done and not killing.is_set():
                    failed_while_up.append(events[-1].seq)
            covered.append(events[-1].seq)
            if any(isinstance(e.data, DevScored) for e in events):
                mirrored.set()
            return report

    server = start_server(home, port)
    killed_at: list[int] = []
    mirrored_first: list[bool] = []
    synced_at_kill: list[int] = []

    def kill_at_round_one(event: Event) -> None:
        if event.op == "round:1:start" and not killed_at:
            mirrored_first.append(mirrored.wait(GUARD_S))
            killing.set()  # a sync failing from here on may be the kill's doing
            synced_at_kill.append(max(covered))
            stop_server(server)
            killed_at.append(event.seq)

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("rsi.lineage.sink.LineageProjector", WatchedProjector)
            patch.setenv("OPENAI_API_KEY", SENTINEL)
            patch.setenv("ANTHROPIC_API_KEY", SENTINEL + "-anthropic")
            for name, value in HTTP_DEFAULTS.items():  # the sink sets these; restore after
                patch.setenv(name, os.environ.get(name, value))
            rsi_api.search(config, run_dir, observer=kill_at_round_one)
    finally:
        stop_server(server)
    assert killed_at, "the search never started round 1"
    restarted = start_server(home, port)
    try:
        yield Outage(
            run_dir, uri, killed_at[0], mirrored_first[0], synced_at_kill[0], bool(failed_while_up)
        )
    finally:
        stop_server(restarted)


@pytest.mark.slow
def test_outage_is_journaled_and_sync_fills_the_gap(outage: Outage, tmp_path: Path) -> None:
    run_dir, uri = outage.run_dir, outage.uri
    assert outage.mirrored_before_kill, "the server was killed before the mirror synced"
    assert not outage.failed_while_up, "a sync failed while the server was up"
    events = read_events(run_dir)
    failed = [e.data for e in events if isinstance(e.data, LineageFailed)]
    assert failed, "the outage left no lineage_failed event"
    # Only batches the mirror had not synced when the server died fail: the batch in
    # flight at the kill (its last event may precede it) and the ones after.
    assert all(f.event_seq > outage.synced_at_kill for f in failed)
    assert [f for f in failed if f.event_seq >= outage.killed_at], "no failure after the kill"
    state = fold(events)
    assert state.gate is not None, "the search did not finish"
    assert [c for c in state.candidates.values() if c.parent_id], "the pinned pool keeps a child"
    first = run_rsi("mlflow", "sync", str(run_dir), "--json")  # uri from the run's config
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["tracking_uri"] == uri and report["created"] > 0
    server = MlflowClient(uri)
    again = LineageProjector(uri).sync(events)
    assert again is not None and (again.created, again.updated) == (0, 0)
    clean = default_tracking_uri(tmp_path)
    LineageProjector(clean, run_dir=run_dir).sync(events)  # the report's figures too
    filled = snapshot(server, "small", run_dir.name)
    assert filled == snapshot(MlflowClient(clean), "small", run_dir.name)
    kinds = [run["tags"]["rsi.kind"] for run in filled.values()]
    assert kinds.count("candidate") == len(state.candidates)
    for sid, candidate in state.candidates.items():
        parent = f"candidate:{candidate.parent_id}" if candidate.parent_id else "search"
        assert filled[f"candidate:{sid}"]["parent"] == parent
    versions = server.search_model_versions("name='small'")
    dump = json.dumps(filled) + json.dumps([v.tags for v in versions])
    assert SENTINEL not in dump, "an API key from the environment reached MLflow"
