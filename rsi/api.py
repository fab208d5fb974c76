"""The Python API for notebooks and scripts; the CLI is a thin layer over it.

The examples below run as doctests (`tests/rsi/test_api.py`, on a small config in place of
the quickstart):

    >>> import rsi
    >>> run = rsi.search("experiments/quickstart.toml")  # runs, or resumes, to the gate
    >>> run.finished, run.champion is not None, run.refused is None
    (True, True, True)
    >>> rsi.load_run(run.run_dir).rounds == run.rounds  # read-only, safe while it runs
    True
    >>> report = rsi.gate(([0, 0, 1, 0, 0, 0], [1, 1, 1, 1, 1, 1]))  # baseline, challenger
    >>> report.wins, report.losses, round(report.p_value, 3)
    (5, 0, 0.031)

`Run` is a frozen view of a run directory's journal: the kept candidates, the champion,
the rounds and the gate as typed objects, plus `refused` when its last start was refused
(the release split was taken by another run, the split or the gate's power was refused).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from rsi.config import CONFIG_FILE, ExperimentConfig, load_config, read_run_config
from rsi.engine import read_refused
from rsi.forecast import Spend, spend
from rsi.journal import (
    ChampionFrozen,
    Event,
    KeptSummary,
    RunSummary,
    SearchState,
    read_state,
    summarise,
)
from rsi.release import ReleaseLedger
from search_space import UserInputError

if TYPE_CHECKING:  # imported where used: reading a run needs no engine, gate or numpy
    from rsi.engine import Engine, LineageSink
    from rsi.release import GateReport, PairedOutcomes

Observer = Callable[[Event], None]


@dataclass(frozen=True)
class RoundRecord:
    """One round as the journal holds it; `verdict` is None while the round is unfinished."""

    round: int
    parent_id: str
    tasks: tuple[str, ...]
    rejected: int
    child_id: str | None
    field: str | None
    edit: dict[str, object] | None
    parent_successes: int | None
    child_successes: int | None
    regressions: int | None
    verdict: Literal["kept", "discarded"] | None


@dataclass(frozen=True)
class Run:
    """A search's journal folded into typed objects (read-only; safe while it runs)."""

    run_dir: Path
    config: ExperimentConfig
    state: SearchState
    summary: RunSummary
    refused: str | None

    @property
    def kept(self) -> tuple[KeptSummary, ...]:
        return self.summary.kept

    @property
    def champion(self) -> ChampionFrozen | None:
        return self.state.champion

    @property
    def gate(self) -> GateReport | None:
        from rsi.release import GateReport

        if self.state.gate is None:
            return None
        return GateReport.model_validate(self.state.gate.report)

    @property
    def spend(self) -> Spend:
        """Model usage and dollars per scope (generator, optimizer) so far."""
        return spend(self.state, self.config)

    @property
    def harness_calls(self) -> dict[str, object]:
        """Where the harness's model calls went, over every journaled task run with agent
        pairs (each trace's `calls` total: generation, feedback, review and challenge turns,
        tool calls by tool); empty when none ran. Totalled by the fold: no trace is read."""
        return copy.deepcopy(self.state.totals.calls)

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        state = self.state
        records = []
        for r, started in sorted(state.rounds_started.items()):
            child = next((p for p in state.proposals if p.round == r), None)
            screen = state.screens.get(r)
            records.append(
                RoundRecord(
                    round=r,
                    parent_id=started.parent_id,
                    tasks=started.tasks,
                    rejected=sum(1 for x in state.rejections if x.round == r),
                    child_id=child.child_id if child else None,
                    field=child.field if child else None,
                    edit=child.edit if child else None,
                    parent_successes=screen.parent_successes if screen else None,
                    child_successes=screen.child_successes if screen else None,
                    regressions=screen.regressions if screen else None,
                    verdict=None if screen is None else ("kept" if screen.passed else "discarded"),
                )
            )
        return tuple(records)


def default_run_dir(config: ExperimentConfig) -> Path:
    """Same config, same run: searching again with it just resumes or reports the run."""
    return (
        config.experiment.runs_dir
        / f"{config.experiment.name}-{config.fingerprint(ignore_budget=True)[:8]}"
    )


def _config(config: ExperimentConfig | str | Path) -> ExperimentConfig:
    return config if isinstance(config, ExperimentConfig) else load_config(Path(config))


def prepare(
    config: ExperimentConfig | str | Path,
    run_dir: str | Path | None = None,
    *,
    override_consumed: bool = False,
    observer: Observer | None = None,
    lineage: LineageSink | Literal["auto"] | None = "auto",
    finish: bool = False,
    model_check: bool = True,
) -> Engine:
    """An engine ready to run: its tasks, sandbox and model are checked (a user error
    raises here, before anything is journaled or paid for). `model_check=False` sends no
    minimal model request first (see `evaluators.llm.preflight`)."""
    from rsi.engine import Engine

    resolved = _config(config)
    directory = Path(run_dir) if run_dir is not None else default_run_dir(resolved)
    if lineage == "auto" and not resolved.mlflow.enabled:
        lineage = None
    elif lineage == "auto":
        from rsi.lineage import sink_for  # imports mlflow (seconds): only when mirroring

        lineage = sink_for(resolved, directory)
    return Engine(
        resolved,
        directory,
        observer=observer,
        lineage=lineage,
        override_consumed_release=override_consumed,
        finish=finish,
        model_check=model_check,
    )


def search(
    config: ExperimentConfig | str | Path,
    run_dir: str | Path | None = None,
    *,
    override_consumed: bool = False,
    observer: Observer | None = None,
    lineage: LineageSink | Literal["auto"] | None = "auto",
) -> Run:
    """Run (or resume) a search to its gate and return it.

    `lineage="auto"` mirrors into MLflow when the config enables it; None disables it.
    Raises `rsi.engine.SearchInterrupted` on a graceful stop (resume with the same call).
    """
    engine = prepare(
        config, run_dir, override_consumed=override_consumed, observer=observer, lineage=lineage
    )
    engine.run()
    return load_run(engine.run_dir)


def resume(
    run_dir: str | Path,
    *,
    override_consumed: bool = False,
    observer: Observer | None = None,
    lineage: LineageSink | Literal["auto"] | None = "auto",
    finish: bool = False,
) -> Run:
    """Continue a stopped or crashed search with the config it started with (its
    `config.json`, whose `[budget]` may have been raised). `finish=True` ends a search
    paused at its optimizer budget: freeze and gate what it has."""
    directory = Path(run_dir)
    engine = prepare(
        read_run_config(directory),
        directory,
        override_consumed=override_consumed,
        observer=observer,
        lineage=lineage,
        finish=finish,
    )
    engine.run()
    return load_run(directory)


def load_run(run_dir: str | Path) -> Run:
    """Fold a run directory's committed journal (a search may still be writing it).

    A directory whose only start was refused holds no journal: `UserInputError`
    "refused: <reason>" (`rsi status` prints it).
    """
    directory = Path(run_dir)
    refused = read_refused(directory)
    if refused is not None and not (directory / CONFIG_FILE).exists():
        raise UserInputError(f"refused: {refused}", source=str(directory))
    config = read_run_config(directory)
    state = read_state(directory)
    if refused is None and not state.finished and state.split is not None:
        refused = ReleaseLedger(config.experiment.runs_dir).conflict(
            state.split.hashes["release"], directory.name
        )
    return Run(directory, config, state, summarise(directory, state), refused)


def gate(
    outcomes: PairedOutcomes | str | Path | tuple[Sequence[bool], Sequence[bool]],
    *,
    alpha: float = 0.05,
    seed: int = 42,
    resamples: int = 10_000,
) -> GateReport:
    """The release gate on paired outcomes: a file, `PairedOutcomes`, or (baseline, challenger)."""
    from rsi.release import PairedOutcomes, load_paired_outcomes, run_gate

    if isinstance(outcomes, (str, Path)):
        outcomes = load_paired_outcomes(outcomes)
    if isinstance(outcomes, PairedOutcomes):
        baseline, challenger = outcomes.baseline, outcomes.challenger
    else:
        baseline, challenger = outcomes
    return run_gate(baseline, challenger, alpha=alpha, seed=seed, resamples=resamples)
