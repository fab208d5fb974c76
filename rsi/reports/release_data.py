"""The release card's numbers: the journaled gate and its bootstrap distribution.

The gate journals its statistics, its bootstrap seed, resample count and one-sided alpha
(`gate_decided`), but not the resamples themselves. The distribution is recomputed here
from the journaled paired release outcomes with the gate's own code (`rsi.release.run_gate`
and `paired_bootstrap_diffs`) and the journaled seed, count and alpha, so a journal copied
without its config.json still shows them; journals written before those were recorded
fall back to the `[release]` seed and resamples of the run's config (and the report's
alpha). The card says where the settings came from and whether the recomputed intervals
equal the journaled ones.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rsi.forecast import Spend
from rsi.journal import Evaluation, Event, SearchState
from rsi.release import GateReport, paired_bootstrap_diffs, run_gate


@dataclass(frozen=True)
class Bootstrap:
    diffs_pp: tuple[float, ...]  # challenger minus baseline, percentage points, per resample
    seed: int
    resamples: int
    reproduced: bool  # the recomputed 95% and 99% intervals equal the journaled ones
    alpha: float = 0.05
    source: str = "journal"  # where seed and resamples came from: "journal" or "config"


@dataclass(frozen=True)
class ReleaseCard:
    """The gate as the card shows it; `report` is None until a gate is decided."""

    report: GateReport | None
    challenger_id: str | None
    baseline_id: str | None
    release_hash: str | None
    consumed_before: bool  # the gate ran on a split already consumed (--override-consumed)
    earlier_runs: tuple[str, ...]  # with consumed_before: the runs that claimed the split first
    both: int  # tasks both strategies solved
    neither: int
    bootstrap: Bootstrap | None
    spend: Spend | None = None  # the search's model usage and dollars per scope

    @property
    def decided(self) -> bool:
        return self.report is not None


def _outcomes(
    events: list[Event], strategy_id: str, task_ids: tuple[str, ...]
) -> list[bool] | None:
    found = {
        e.data.task_id: e.data.success
        for e in events
        if isinstance(e.data, Evaluation)
        and e.data.purpose == "release"
        and e.data.strategy_id == strategy_id
    }
    if not all(task in found for task in task_ids):
        return None
    return [found[task] for task in task_ids]


def _bootstrap(
    report: GateReport,
    outcomes: tuple[list[bool], list[bool]],
    settings: tuple[int, int],
    alpha: float,
    source: str,
) -> Bootstrap:
    baseline, challenger = outcomes
    seed, resamples = settings
    again = run_gate(baseline, challenger, alpha=alpha, seed=seed, resamples=resamples)
    diffs = paired_bootstrap_diffs(
        np.asarray(baseline), np.asarray(challenger), seed=seed, resamples=resamples
    )
    reproduced = (again.ci95_pp, again.ci99_pp) == (report.ci95_pp, report.ci99_pp)
    return Bootstrap(
        tuple(float(d) * 100.0 for d in diffs), seed, resamples, reproduced, alpha, source
    )


def release_card(
    state: SearchState, events: list[Event], settings: tuple[int, int] | None
) -> ReleaseCard:
    """The card of the journaled gate; `settings` is the config's (seed, resamples), used
    only when the journal does not record them."""
    gate = state.gate
    if gate is None or state.split is None:
        return ReleaseCard(None, None, None, None, False, (), 0, 0, None)
    source = "config"
    if gate.bootstrap_seed is not None and gate.resamples is not None:
        settings, source = (gate.bootstrap_seed, gate.resamples), "journal"
    report = GateReport.model_validate(gate.report)
    alpha = report.alpha if gate.alpha_one_sided is None else gate.alpha_one_sided
    release_ids = tuple(state.split.roles.get("release", ()))
    baseline = _outcomes(events, gate.baseline_id, release_ids)
    challenger = _outcomes(events, gate.challenger_id, release_ids)
    both = neither = 0
    bootstrap = None
    if baseline is not None and challenger is not None and len(baseline) == report.n:
        both = sum(b and c for b, c in zip(baseline, challenger, strict=True))
        neither = sum(not b and not c for b, c in zip(baseline, challenger, strict=True))
        if settings is not None:
            bootstrap = _bootstrap(report, (baseline, challenger), settings, alpha, source)
    else:  # outcomes not in this journal: the table still follows from the counts
        both = report.baseline_successes - report.losses
        neither = report.n - both - report.wins - report.losses
    return ReleaseCard(
        report=report,
        challenger_id=gate.challenger_id,
        baseline_id=gate.baseline_id,
        release_hash=gate.release_hash,
        consumed_before=gate.override,
        earlier_runs=gate.earlier_runs,
        both=both,
        neither=neither,
        bootstrap=bootstrap,
    )
