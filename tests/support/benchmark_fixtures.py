"""`rsi benchmark` test configs: a small slice of the offline corpus, MLflow in the test's tmp."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli_helpers import ROOT
from tests.support.search_fixtures import corpus_slice

CONFIG = """
[experiment]
name = "bench"
seed = 42
tasks = "{tasks}"
initial_strategy = "{root}/experiments/strategies/initial.json"
runs_dir = "{runs}"

[data]
proposal = 1
dev = 1
release = 1
test = 2
seed = 3

[search]
minibatch = 1
completed_rounds = 1
max_attempts = 2
workers = 2

[sandbox]
backend = "local"
timeout_cap_s = 60

[mlflow]
enabled = {mlflow}
"""


def write_config(directory: Path, *, size: int, mlflow: bool = False) -> Path:
    tasks = corpus_slice(directory, size)
    path = directory / "bench.toml"
    path.write_text(
        CONFIG.format(tasks=tasks, root=ROOT, runs=directory / "runs", mlflow=str(mlflow).lower())
    )
    return path
