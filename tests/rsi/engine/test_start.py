"""What may refuse a search runs before its first journal event, and leaves nothing behind.

Real `rsi` processes on a slice of the corpus: a split the pool cannot meet, a gate too
weak for `[release] require_power`, and a release split another run holds are each refused
in one line with exit 2, with no journal, no config.json, no lock and no MLflow run left;
`rsi status` says why, and the corrected config runs in the same run directory. A search
that keeps no child has nothing to release: it evaluates nothing on the release split and
gives it back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluators.tasks import TaskSet
from rsi.config import load_config
from rsi.release import ReleaseLedger
from search_space.errors import UserInputError
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.search_fixtures import ROOT, write_small_config


def _edited(config: Path, name: str, *changes: tuple[str, str]) -> Path:
    text = config.read_text()
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = config.with_name(name)
    path.write_text(text)
    return path


def _left_behind(run_dir: Path) -> list[str]:
    return sorted(p.name for p in run_dir.iterdir()) if run_dir.exists() else []


def test_a_refused_start_leaves_its_reason_only_and_the_fixed_config_runs(
    tmp_path: Path,
) -> None:
    config = write_small_config(tmp_path)
    too_big = _edited(config, "too_big.toml", ("proposal = 6", "proposal = 60"))
    run_dir = tmp_path / "runs" / "run"
    refused = run_rsi("search", str(too_big), "--run-dir", str(run_dir))
    assert_one_line_user_error(refused, str(too_big), "[data] proposal, dev, release")
    assert "families" in refused.stderr and "━" not in refused.stdout  # before any progress
    assert _left_behind(run_dir) == ["refused.txt"]
    assert not (tmp_path / "runs" / "consumed_release_splits.jsonl").exists()
    status = run_rsi("status", str(run_dir))
    assert status.returncode == 0 and status.stdout.startswith("refused: ")
    assert "split sizes add up to" in status.stdout

    # The fixed config in the same folder: a search with no round keeps no child.
    no_rounds = _edited(config, "no_rounds.toml", ("completed_rounds = 2", "completed_rounds = 0"))
    finished = run_rsi("search", str(no_rounds), "--run-dir", str(run_dir), "--json")
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout)
    assert summary["released"].startswith("nothing to release") and summary["gate"] is None
    assert summary["start_power"]["basis"] == "prior" and summary["power"]["basis"] == "dev"
    assert "refused.txt" not in _left_behind(run_dir) and ".lock" not in _left_behind(run_dir)
    events = [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]
    assert not any(e["data"].get("purpose") == "release" for e in events)
    assert events[-1]["type"] == "release_skipped"
    ledger = ReleaseLedger(tmp_path / "runs")
    assert [e.status for e in ledger.entries()] == ["reserved", "released"]
    release = run_rsi("release", str(run_dir), "--exit-code")
    assert release.returncode == 1 and "nothing to release" in release.stdout
    status = run_rsi("status", str(run_dir))
    assert "released: nothing to release" in status.stdout and "gate power" in status.stdout


def test_require_power_refuses_before_any_paid_work(tmp_path: Path) -> None:
    config = write_small_config(tmp_path)
    strict = _edited(
        config, "strict.toml", ("[mlflow]", "[release]\nrequire_power = 0.8\n\n[mlflow]")
    )
    run_dir = tmp_path / "runs" / "strict"
    refused = run_rsi("search", str(strict), "--run-dir", str(run_dir))
    assert_one_line_user_error(refused, str(strict), "require_power = 0.8", "3 release tasks")
    assert _left_behind(run_dir) == ["refused.txt"]
    assert not (tmp_path / "runs" / "consumed_release_splits.jsonl").exists()


def test_a_release_split_held_by_another_run_refuses_without_a_trace(tmp_path: Path) -> None:
    config = write_small_config(tmp_path)
    loaded = load_config(config)
    data = loaded.data
    split = TaskSet.load(loaded.experiment.tasks).split(
        {"proposal": data.proposal, "dev": data.dev, "release": data.release}, seed=data.seed
    )
    ledger = ReleaseLedger(tmp_path / "runs")
    ledger.reserve(split.role("release").sha256, "the-other-run", override=False)
    run_dir = tmp_path / "runs" / "second"
    refused = run_rsi("search", str(config), "--run-dir", str(run_dir))
    assert_one_line_user_error(refused, "already reserved by run the-other-run")
    assert _left_behind(run_dir) == ["refused.txt"]
    assert [e.run_id for e in ledger.entries()] == ["the-other-run"]
    assert not (tmp_path / "runs" / "mlflow.db").exists()  # no MLflow run left RUNNING


@pytest.mark.parametrize("config", sorted((ROOT / "experiments").glob("*.toml")), ids=str)
def test_no_config_puts_a_family_in_two_roles(config: Path) -> None:
    loaded = load_config(config)
    data = loaded.data
    sizes = {"proposal": data.proposal, "dev": data.dev, "release": data.release}
    tasks = TaskSet.load(loaded.experiment.tasks)
    try:
        split = tasks.split(sizes, seed=data.seed)
    except UserInputError as refused:  # the paper-scale config needs a pool of 700 tasks
        assert sum(sizes.values()) > len(tasks), refused
        return
    role_of: dict[str, str] = {}
    for role in sizes:
        for task_id in split.ids(role):
            family = tasks.families[task_id]
            assert role_of.setdefault(family, role) == role, (family, task_id)
    assert split.shared_families() == 0
