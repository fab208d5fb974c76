"""A result crosses from a Dask worker to the driver with its trace once: `slim_record` cuts
the record's full trace to what the journaled trace lacks, `full_record` restores it."""

from __future__ import annotations

import pickle
from pathlib import Path

from rsi.config import ExperimentConfig, load_config
from rsi.execution import build_services, evaluate_one
from rsi.execution.dask.worker import TRACE_DELTA, full_record, slim_record
from search_space import Strategy
from tests.support.search_fixtures import CORPUS, ROOT

INITIAL = Strategy.model_validate_json((ROOT / "experiments/strategies/initial.json").read_text())


def _latency_config(tmp_path: Path) -> ExperimentConfig:
    data = load_config(ROOT / "experiments/quickstart.toml").model_dump()
    data["experiment"]["tasks"] = CORPUS
    data["runner"] = {"kind": "latency", "latency": {"median_s": 0.001, "trace_kb": 16}}
    data["experiment"]["runs_dir"] = tmp_path
    return ExperimentConfig.model_validate(data)


def test_a_slimmed_record_is_restored_exactly_and_ships_smaller(tmp_path: Path) -> None:
    services = build_services(_latency_config(tmp_path).services_config(), tmp_path / "run")
    data, record = evaluate_one(services, INITIAL, services.tasks.ids[0], "train")
    record = {**record, "worker": "tcp://10.0.0.7:4000"}
    assert isinstance(record["trace"], dict) and record["trace"] != data.trace

    slim = slim_record(data, record)
    delta = set(slim[TRACE_DELTA])  # type: ignore[arg-type]
    assert "trace" not in slim and delta == {"tool_output", "usage", "timings"}
    shipped = pickle.loads(pickle.dumps((data, slim)))
    assert full_record(*shipped) == record
    # The bulk of a trace (its checks) travels once, in the journaled part.
    assert data.trace["checks"] and "checks" not in slim[TRACE_DELTA]  # type: ignore[operator]


def test_a_record_that_is_not_a_superset_travels_whole(tmp_path: Path) -> None:
    services = build_services(_latency_config(tmp_path).services_config(), tmp_path / "run")
    data, record = evaluate_one(services, INITIAL, services.tasks.ids[0], "train")
    odd = {**record, "trace": {"runner": "other"}}
    assert slim_record(data, odd) == odd
    assert full_record(data, odd) == odd
