"""The strategy registry on a real MLflow store: versions, gate tags, aliases, rollback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mlflow import MlflowClient

from rsi.cli.promote import promote
from rsi.journal import fold, read_events
from rsi.lineage import (
    CHALLENGER,
    LineageProjector,
    alias_version,
    default_tracking_uri,
    resolve_model_uri,
)
from search_space.errors import UserInputError
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.lineage_fixtures import write_config, write_journal

MODEL = "registry-test"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    return default_tracking_uri(tmp_path_factory.mktemp("store"))


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory, store: str) -> dict[str, Path]:
    """Three synced runs of one experiment: gate passed, gate failed, gate passed."""
    home = tmp_path_factory.mktemp("runs")
    made = {}
    for name, passed in (("pass-a", True), ("fail", False), ("pass-b", True)):
        run_dir = home / name
        write_journal(run_dir, experiment=MODEL, promote=passed)
        write_config(run_dir, experiment=MODEL, tracking_uri=store)
        LineageProjector(store).sync(read_events(run_dir))
        made[name] = run_dir
    return made


def _version_of(client: MlflowClient, run_dir: Path) -> str:
    found = [
        v
        for v in client.search_model_versions(f"name='{MODEL}'")
        if v.tags["rsi.run_id"] == run_dir.name
    ]
    assert len(found) == 1, f"expected one version for {run_dir.name}"
    return str(found[0].version)


def test_champion_becomes_a_version_with_its_artifacts_and_dev_metrics(
    runs: dict[str, Path], store: str
) -> None:
    client = MlflowClient(store)
    run_dir = runs["pass-a"]
    state = fold(read_events(run_dir))
    assert state.champion is not None
    version = client.get_model_version(MODEL, _version_of(client, run_dir))
    candidate = client.get_run(version.run_id)
    assert candidate.data.tags["rsi.candidate_id"] == state.champion.strategy_id
    assert version.source == candidate.info.artifact_uri + "/strategy"
    tags = version.tags
    assert tags["rsi.dev_rar"] == "1.0" and tags["rsi.dev_n"] == "2"
    assert tags["rsi.dev_successes"] == "2" and tags["rsi.sha256"] == state.champion.sha256
    edits = json.loads(tags["rsi.lineage"])
    assert [e["field"] for e in edits] == ["agentSteps", "maxRounds"]
    names = {f.path for f in client.list_artifacts(version.run_id, "strategy")}
    assert names >= {"strategy/strategy.json", "strategy/lineage.json", "strategy/edit.json"}


def test_gate_report_goes_onto_the_version(runs: dict[str, Path], store: str) -> None:
    client = MlflowClient(store)
    for name, expected in (("pass-a", "true"), ("fail", "false")):
        state = fold(read_events(runs[name]))
        assert state.gate is not None
        report = state.gate.report
        tags = client.get_model_version(MODEL, _version_of(client, runs[name])).tags
        assert tags["rsi.gate.promote"] == expected
        assert tags["rsi.gate.wins"] == str(report["wins"])
        assert tags["rsi.gate.losses"] == str(report["losses"])
        assert float(tags["rsi.gate.p_value"]) == report["p_value"]
        assert float(tags["rsi.gate.diff_pp"]) == report["diff_pp"]
        assert json.loads(tags["rsi.gate.ci95_pp"]) == list(report["ci95_pp"])
        assert json.loads(tags["rsi.gate.ci99_pp"]) == list(report["ci99_pp"])
        assert tags["rsi.gate.reason"] == report["reason"]
        assert tags["rsi.gate.release_hash"] == "release-hash"


def test_challenger_alias_is_set_once_and_resync_does_not_steal_it(
    runs: dict[str, Path], store: str
) -> None:
    client = MlflowClient(store)
    newest = _version_of(client, runs["pass-b"])
    assert alias_version(client, MODEL, CHALLENGER) == newest
    report = LineageProjector(store).sync(read_events(runs["pass-a"]))
    assert report is not None and (report.created, report.updated) == (0, 0)
    assert alias_version(client, MODEL, CHALLENGER) == newest
    assert len(client.search_model_versions(f"name='{MODEL}'")) == 3


def test_strategy_get_prints_the_registered_strategy(runs: dict[str, Path], store: str) -> None:
    state = fold(read_events(runs["pass-b"]))
    assert state.champion is not None
    result = run_rsi("strategy", "get", f"models:/{MODEL}@{CHALLENGER}", "--tracking-uri", store)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == state.champion.strategy
    client = MlflowClient(store)
    with pytest.raises(UserInputError, match="expected models:/NAME@ALIAS"):
        resolve_model_uri(client, "runs:/abc/strategy")
    with pytest.raises(UserInputError):
        resolve_model_uri(client, f"models:/{MODEL}@nowhere")


def test_promote_refuses_a_failed_gate(runs: dict[str, Path], store: str) -> None:
    result = run_rsi("promote", str(runs["fail"]), "--alias", "production")
    assert_one_line_user_error(result, "gate did not pass", "production")
    state = fold(read_events(runs["fail"]))
    assert state.gate is not None and state.gate.report["reason"] in result.stderr
    assert alias_version(MlflowClient(store), MODEL, "production") is None


def test_promote_moves_on_a_passed_gate_and_rollback_restores(
    runs: dict[str, Path], store: str
) -> None:
    client = MlflowClient(store)
    first, second = _version_of(client, runs["pass-a"]), _version_of(client, runs["pass-b"])
    moved = run_rsi("promote", str(runs["pass-a"]), "--alias", "production", "--json")
    assert moved.returncode == 0, moved.stderr
    assert json.loads(moved.stdout) == {
        "model": MODEL,
        "alias": "production",
        "version": first,
        "previous": None,
        "changed": True,
    }
    promote(runs["pass-b"], alias="production", rollback=False, tracking_uri=None, as_json=True)
    assert alias_version(client, MODEL, "production") == second
    with pytest.raises(UserInputError, match="did not pass"):
        promote(runs["fail"], alias="production", rollback=False, tracking_uri=None, as_json=True)
    assert alias_version(client, MODEL, "production") == second
    promote(runs["pass-b"], alias="production", rollback=True, tracking_uri=None, as_json=True)
    assert alias_version(client, MODEL, "production") == first
    promote(runs["pass-b"], alias="production", rollback=True, tracking_uri=None, as_json=True)
    assert alias_version(client, MODEL, "production") is None  # before the first promotion
    with pytest.raises(UserInputError, match="no earlier 'production' version"):
        promote(runs["pass-b"], alias="production", rollback=True, tracking_uri=None, as_json=True)
