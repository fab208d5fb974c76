"""Where a forecast's measurement comes from: a run directory, checked to be comparable."""

from __future__ import annotations

from pathlib import Path

from rsi.config import ExperimentConfig, read_run_config
from rsi.forecast.measure import Measured, measure, scope_models
from rsi.journal import SearchState, read_state
from search_space import UserInputError

PHASE_OF_PURPOSE = {"train": "proposal", "dev": "dev", "release": "release"}


def reused_evaluations(state: SearchState) -> dict[str, int]:
    """Evaluations (per phase) and attempts a run already journaled: never paid again."""
    reused = dict.fromkeys(PHASE_OF_PURPOSE.values(), 0)
    for evaluation in state.evaluations.values():
        reused[PHASE_OF_PURPOSE[evaluation.purpose]] += 1
    return reused | {"attempts": state.attempts}


def _differs(config: ExperimentConfig, other: ExperimentConfig) -> str | None:
    """Why usage measured under `other` says nothing about `config`, or None."""
    if config.runner.kind != other.runner.kind:
        return f"runner.kind {other.runner.kind!r}, this config {config.runner.kind!r}"
    if config.runner.testhelix != other.runner.testhelix:
        return "[runner.testhelix] differs"
    theirs, ours = scope_models(other), scope_models(config)
    for scope in ("generator", "optimizer"):
        if theirs[scope] != ours[scope]:
            return f"{scope} model {theirs[scope]}, this config {ours[scope]}"
    return None


def measured_run(config: ExperimentConfig, run_dir: Path) -> tuple[Measured, dict[str, int]]:
    """The usage `run_dir` measured, and what of this config's search it already paid
    for (only when it is this config's own run). A run whose runner or models differ
    measures nothing about this config and is refused (`UserInputError`)."""
    other = read_run_config(run_dir)
    reason = _differs(config, other)
    if reason is not None:
        raise UserInputError(f"a run of another config ({reason})", source=str(run_dir))
    state = read_state(run_dir)
    same = other.fingerprint(ignore_budget=True) == config.fingerprint(ignore_budget=True)
    measured = measure(run_dir, state, other.fingerprint(ignore_budget=True))
    return measured, reused_evaluations(state) if same else {}
