"""What a fresh browser sees first, checked through MLflow's REST API on a real server:
the experiment's description and kind, the search's shared view, and runs named after
what they are (`rsi.lineage.experiment_view`, `rsi.lineage.naming`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from mlflow import MlflowClient

from rsi.journal import read_events
from rsi.lineage import DESCRIPTION, LineageProjector, view_url
from tests.support.lineage_fixtures import Lineage, write_journal
from tests.support.mlflow_server import free_port, start_server, stop_server

EXPERIMENT = "first-view"
API = "/api/2.0/mlflow"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("server")
    port = free_port()
    process = start_server(home, port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(process)


@pytest.fixture(scope="module")
def synced(server: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Lineage]:
    run_dir = tmp_path_factory.mktemp("runs") / "first-view-1a2b3c4d"
    lineage = write_journal(run_dir, experiment=EXPERIMENT)
    LineageProjector(server).sync(read_events(run_dir))
    return run_dir, lineage


def _get(server: str, path: str, **params: str) -> dict[str, Any]:
    response = httpx.get(f"{server}{API}/{path}", params=params, timeout=30)
    response.raise_for_status()
    return response.json()


def _post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(f"{server}{API}/{path}", json=body, timeout=30)
    response.raise_for_status()
    return response.json()


def _experiment(server: str) -> tuple[str, dict[str, str]]:
    found = _get(server, "experiments/get-by-name", experiment_name=EXPERIMENT)["experiment"]
    return found["experiment_id"], {t["key"]: t["value"] for t in found.get("tags", [])}


def _runs(server: str, experiment_id: str, **query: Any) -> list[dict[str, Any]]:
    body = {"experiment_ids": [experiment_id], "max_results": 100} | query
    return _post(server, "runs/search", body).get("runs", [])


def _tags(run: dict[str, Any]) -> dict[str, str]:
    return {t["key"]: t["value"] for t in run["data"].get("tags", [])}


def _metrics(run: dict[str, Any]) -> dict[str, float]:
    return {m["key"]: m["value"] for m in run["data"].get("metrics", [])}


def test_the_experiment_explains_itself_and_opens_on_its_runs(
    server: str, synced: tuple[Path, Lineage]
) -> None:
    _, tags = _experiment(server)
    assert tags["mlflow.experimentKind"] == "custom_model_development"
    note = tags["mlflow.note.content"]
    assert note == DESCRIPTION
    for phrase in ("top-level run is one search", "child runs", "★ champion", "gate promote"):
        assert phrase in note


def test_the_search_champion_and_gate_runs_are_named_as_such(
    server: str, synced: tuple[Path, Lineage]
) -> None:
    run_dir, lineage = synced
    experiment_id, _ = _experiment(server)
    runs = {_tags(run)["rsi.node"]: run for run in _runs(server, experiment_id)}
    names = {node: run["info"]["run_name"] for node, run in runs.items()}
    assert names["search"] == f"{EXPERIMENT} · champion {lineage.s3[:6]} · gate promote"
    assert names[f"candidate:{lineage.s3}"].startswith("★ champion r3")
    assert names["gate"].startswith("gate promote: 5 wins, 0 losses")
    gate = runs["gate"]
    assert _tags(gate)["rsi.gate.promote"] == "true"
    assert _tags(gate)["mlflow.parentRunId"] == runs["search"]["info"]["run_id"]
    assert _metrics(gate)["wins"] == 5.0
    assert _tags(runs["search"])["rsi.run_id"] == run_dir.name


def test_the_shared_view_shows_every_run_of_the_search_with_its_rar(
    server: str, synced: tuple[Path, Lineage]
) -> None:
    run_dir, lineage = synced
    experiment_id, tags = _experiment(server)
    url = view_url("http://127.0.0.1:5000", experiment_id, run_dir.name)
    key = parse_qs(urlsplit(url).fragment.split("?", 1)[1])["viewStateShareKey"][0]
    assert urlsplit(url).fragment.startswith(f"/experiments/{experiment_id}/runs?")
    view = json.loads(tags[f"mlflow.sharedViewState.{key}"])
    assert {"metrics.`screen_rar`", "metrics.`dev_rar`"} <= set(view["selectedColumns"])
    # The view's own filter and order, sent as the UI sends them, find the whole search.
    shown = _runs(
        server,
        experiment_id,
        filter=view["searchFilter"],
        order_by=[f"{view['orderByKey']} {'ASC' if view['orderByAsc'] else 'DESC'}"],
    )
    nodes = [_tags(run)["rsi.node"] for run in shown]
    assert sorted(nodes) == sorted(
        [
            "search",
            "gate",
            *(f"candidate:{sid}" for sid in lineage.parents),
            f"discarded:2:{lineage.s2}",
            "rejected:2:1",
        ]
    )
    # Best dev RAR first (the champion among them), then the runs that have none.
    dev = [_metrics(run).get("dev_rar") for run in shown]
    rated = [value for value in dev if value is not None]
    assert rated == sorted(rated, reverse=True) and dev[: len(rated)] == rated
    assert _tags(shown[0])["rsi.candidate_id"] in (lineage.s1, lineage.s3)  # both dev RAR 1
    kept = [run for run in shown if _tags(run)["rsi.kind"] == "candidate"]
    screened = [run for run in kept if "rsi.parent_id" in _tags(run)]
    assert all({"screen_rar", "dev_rar"} <= set(_metrics(run)) for run in screened)
    assert all("dev_rar" in _metrics(run) for run in kept)


def test_a_description_edited_in_the_ui_is_kept(server: str, synced: tuple[Path, Lineage]) -> None:
    run_dir, _ = synced
    experiment_id, _ = _experiment(server)
    MlflowClient(server).set_experiment_tag(experiment_id, "mlflow.note.content", "ours now")
    LineageProjector(server).sync(read_events(run_dir))
    _, tags = _experiment(server)
    assert tags["mlflow.note.content"] == "ours now"
