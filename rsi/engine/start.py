"""Admitting a search: whatever can refuse it runs before its first journal event.

- The split (whole families, `[data]` sizes), the gate's power at `[release] min_effect`
  (refused below `[release] require_power`) and the release-split ledger are checked before
  `run_started` is journaled, so a refused start writes no event.
- A start refused on an empty journal leaves nothing that blocks its fix: the journal file
  and `config.json` it wrote are removed (the lock file goes with the lock), and
  `refused.txt` says why, for `rsi status`. The next start that gets past admission
  removes `refused.txt`.
- Admission reads `[data]` (`SplitConfig`) and `[release]`; it writes `config.json`
  through the `ConfigWriter` the engine hands it, which alone holds the whole config.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from evaluators.tasks import TaskSet
from rsi.config import CONFIG_FILE, ReleaseSection, SplitConfig
from rsi.engine.refused import note_refused
from rsi.engine.sampling import plan_split
from rsi.journal import (
    EVENTS_FILE,
    GatePower,
    Journal,
    RunStarted,
    SearchState,
    SplitRecorded,
    read_state,
)
from rsi.release import ReleaseLedger, ReleaseSplitTaken, Reservation, plan_power
from search_space import UserInputError

PRIOR_SUCCESS_RATE = 0.5  # the initial strategy's success rate before its dev RAR is known
LOW_POWER = 0.5  # below this, the search warns that its gate will likely miss a real gain


def gate_power(n: int, baseline_rate: float, settings: ReleaseSection, *, basis: str) -> GatePower:
    """The McNemar gate's exact power to detect `min_effect` on `n` release tasks
    (independence model, `rsi.release.plan_power`); an effect past 100% is cut there."""
    effect = min(settings.min_effect, 1.0 - baseline_rate)
    power = 0.0
    if effect > 0:
        power = plan_power(n, baseline_rate, effect, alpha=settings.alpha).power
    return GatePower(
        basis=basis,  # type: ignore[arg-type]
        n=n,
        baseline_rate=round(baseline_rate, 6),
        effect=round(settings.min_effect, 6),
        alpha=settings.alpha,
        power=round(power, 6),
    )


def power_warning(power: GatePower) -> str | None:
    """One line when the gate is likely to miss a real gain of `min_effect`, else None."""
    if power.power >= LOW_POWER:
        return None
    return (
        f"warning: the release gate has power {power.power:.2f} to detect a "
        f"{power.effect:.0%} gain on {power.n} release tasks (baseline rate "
        f"{power.baseline_rate:.0%}); a real gain will likely be retained as no gain. "
        "Raise [data] release, or set [release] min_effect to the gain you expect"
    )


def check_required_power(power: GatePower, settings: ReleaseSection, source: str) -> None:
    """Refuse a search whose gate is weaker than `[release] require_power`."""
    required = settings.require_power
    if required is None or power.power >= required:
        return
    raise UserInputError(
        f"[release] require_power = {required:g}: the gate's power to detect a "
        f"{power.effect:.0%} gain on {power.n} release tasks is {power.power:.2f}; "
        "raise [data] release or lower require_power",
        source=source,
    )


def journal_is_empty(run_dir: Path) -> bool:
    path = run_dir / EVENTS_FILE
    return not path.exists() or path.stat().st_size == 0


def forget_refused_start(run_dir: Path, reason: str) -> None:
    """After a refusal on an empty journal: remove what the attempt wrote, note why."""
    for name in (EVENTS_FILE, CONFIG_FILE):
        with contextlib.suppress(FileNotFoundError):
            (run_dir / name).unlink()
    note_refused(run_dir, reason)


@dataclass(frozen=True)
class Admitted:
    """What admission decided: the split and power to journal (None on resume: the journal
    holds them) and the release split's reservation (None once the run gave it back)."""

    split: SplitRecorded | None
    power: GatePower | None
    reservation: Reservation | None


class ConfigWriter(Protocol):
    """Writes the run's config.json, refusing a config that differs from the one the run
    started with (`rsi.config.write_run_config`, bound to the search's config)."""

    def __call__(self, run_dir: Path, started_hash: str | None, *, journaled: bool) -> None: ...


@dataclass(frozen=True)
class Admission:
    """The checks that may refuse a search, in the order they run before its first event:
    split, gate power, config, then the ledger's reservation (the only write)."""

    split: SplitConfig
    release: ReleaseSection
    write_config: ConfigWriter
    tasks: TaskSet
    ledger: ReleaseLedger
    run_dir: Path
    override_consumed: bool

    def plan(self, recorded: SplitRecorded | None) -> tuple[SplitRecorded | None, GatePower | None]:
        """The split a fresh search journals (None when `recorded`) and the gate's power on
        it (journaled once; a search killed before journaling it does so on resume)."""
        split = plan_split(self.split, self.tasks, recorded)
        release = (split or recorded).roles["release"]  # type: ignore[union-attr]
        power = gate_power(len(release), PRIOR_SUCCESS_RATE, self.release, basis="prior")
        check_required_power(power, self.release, self.split.source)
        return split, power

    def check(self) -> GatePower | None:
        """`plan` against the journal on disk, without the lock; a refusal of a run with
        no events writes only `refused.txt` (for `rsi status`)."""
        fresh = journal_is_empty(self.run_dir)
        try:
            state = SearchState() if fresh else read_state(self.run_dir)
            split, power = self.plan(state.split)
            recorded = split or state.split
            assert recorded is not None
            problem = self.ledger.conflict(recorded.hashes["release"], self.run_dir.name)
            if problem is not None and not self.override_consumed and not state.finished:
                raise ReleaseSplitTaken(problem, source=str(self.ledger.path))
            return power
        except UserInputError as refusal:
            if fresh:
                self.run_dir.mkdir(parents=True, exist_ok=True)
                note_refused(self.run_dir, str(refusal))
            raise

    def admit(self, state: SearchState, journal: Journal) -> Admitted:
        """Plan, write config.json, reserve the release split; raises `UserInputError`."""
        split, power = self.plan(state.split)
        started = journal.get("run:start")
        started_hash = (
            started.data.config_hash if started and isinstance(started.data, RunStarted) else None
        )
        self.write_config(self.run_dir, started_hash, journaled=len(journal) > 0)
        recorded = split or state.split
        assert recorded is not None
        reservation = None
        if state.release_skipped is None:  # a run with nothing to release gave its split back
            reservation = self.ledger.reserve(
                recorded.hashes["release"], self.run_dir.name, override=self.override_consumed
            )
        return Admitted(split=split, power=power, reservation=reservation)
