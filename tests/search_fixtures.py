"""A small real search over the embedded corpus, shared by the engine tests."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SMALL_SEARCH = """
[experiment]
name = "small"
seed = {seed}
tasks = "{root}/experiments/tasks"
initial_strategy = "{root}/experiments/strategies/initial.json"
runs_dir = "{runs}"

[data]
proposal = 6
dev = 3
release = 3
seed = 42

[search]
minibatch = 2
completed_rounds = 2
max_attempts = 5
workers = {workers}

[proposers]
stack = [{stack}]

[sandbox]
backend = "local"
timeout_cap_s = 60

[mlflow]
enabled = false
"""


def write_small_config(
    directory: Path, *, seed: int = 42, workers: int = 1, stack: str = '"heuristic", "optuna"'
) -> Path:
    path = directory / "small.toml"
    path.write_text(
        SMALL_SEARCH.format(
            seed=seed, root=ROOT, runs=directory / "runs", workers=workers, stack=stack
        )
    )
    return path
