"""Many searches, one store: four `rsi search` processes at once against one runs directory
and its one sqlite MLflow store all complete, lose no event and end up fully projected.
(A locked store met by one sink: tests/rsi/lineage/test_sink_locked_store.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mlflow import MlflowClient

from rsi.journal import LineageFailed, read_events
from rsi.lineage import default_tracking_uri, sync_run_dir
from rsi.lineage.plan import plan
from tests.support.lineage_fixtures import snapshot
from tests.support.search_fixtures import ROOT, SMALL_SEARCH, corpus_slice
from tests.support.warm_start import start_module

SEARCHES = 4
# The smallest search that still runs every step: one round, two-task minibatch, two dev
# and two release tasks, one worker (four processes already share the machine).
TINY = {
    "proposal = 6": "proposal = 2",
    "dev = 3": "dev = 2",
    "release = 3": "release = 2",
    "completed_rounds = 2": "completed_rounds = 1",
    "max_attempts = 5": "max_attempts = 3",
    "enabled = false": "enabled = true",
}


def _tiny_config(home: Path, tasks: Path, seed: int) -> Path:
    text = SMALL_SEARCH.format(
        seed=seed,
        tasks=tasks,
        root=ROOT,
        runs=home / "runs",
        workers=1,
        stack='"heuristic", "optuna"',
    )
    for old, new in TINY.items():
        assert old in text
        text = text.replace(old, new)
    path = home / f"search-{seed}.toml"
    path.write_text(text)
    return path


@pytest.mark.slow
def test_four_searches_share_one_store_and_lose_nothing(tmp_path: Path) -> None:
    tasks = corpus_slice(tmp_path, size=6)
    runs = tmp_path / "runs"
    env = os.environ | {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
    processes = [
        start_module(
            "rsi",
            [
                "search",
                str(_tiny_config(tmp_path, tasks, seed)),
                "--run-dir",
                str(runs / f"search-{seed}"),
                "--override-consumed",  # all four gate on the same release split
                "--json",
            ],
            cwd=ROOT,
            env=env,
        )
        for seed in range(1, SEARCHES + 1)
    ]
    try:
        errors = [p.communicate(timeout=1800)[1].decode() for p in processes]
    finally:
        for process in processes:  # a timed-out search must not outlive the test
            if process.poll() is None:
                process.kill()
                process.wait()
    assert [p.returncode for p in processes] == [0] * SEARCHES, errors

    store = default_tracking_uri(runs)
    client = MlflowClient(store)
    for seed in range(1, SEARCHES + 1):
        run_dir = runs / f"search-{seed}"
        events = read_events(run_dir)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))  # none lost
        kinds = {e.type for e in events}
        assert {"search_stopped", "champion_frozen"} <= kinds  # and it ended: gated or released
        assert "gate_decided" in kinds or "release_skipped" in kinds
        projected = plan(events)
        assert projected is not None
        failed = [e.data for e in events if isinstance(e.data, LineageFailed)]
        report = sync_run_dir(run_dir, store)
        if not failed:  # the live sink mirrored everything: nothing is left to write
            assert (report.created, report.updated) == (0, 0), (seed, report)
        again = sync_run_dir(run_dir, store)  # whatever was missing is filled once, for good
        assert (again.created, again.updated) == (0, 0)
        mirrored = snapshot(client, projected.experiment, run_dir.name)
        assert sorted(mirrored) == sorted(node.key for node in projected.nodes)
