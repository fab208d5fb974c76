"""End of a search: freeze the champion, then gate it once on the release split.

The champion is the kept candidate with the highest dev RAR, written immutable as
`champion.json` with its sha256. The release split was reserved in the ledger when the
search started (`rsi.release.ledger`); deciding the gate marks it consumed. A search
whose champion is the initial strategy evaluates nothing on the split and gives it back
("nothing to release"). The gate decides only on real outcomes: when more than
`[release] max_error_share` of either strategy's release evaluations are infrastructure
errors, it journals `gate_deferred`, raises `GateUndecided`, and the split stays reserved. With
`[release] gate = "none"` (an ablation) no statistical test decides: the champion is
promoted unless it is the initial strategy, and the report says no gate ran.
Both steps take what they read and a `record` callable, never the engine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from rsi.config import ReleaseSection
from rsi.journal import (
    ChampionFrozen,
    Evaluation,
    GateDecided,
    GateDeferred,
    Purpose,
    Record,
    ReleaseSkipped,
    SearchState,
    evaluation_op,
)
from rsi.release.gate import run_gate, run_without_gate
from rsi.release.ledger import ReleaseLedger, Reservation
from search_space import RsiError, Strategy, UserInputError, strategy_id

CHAMPION_FILE = "champion.json"


class EvaluateMany(Protocol):
    """Evaluate strategies on tasks as one batch (cached by the journal, journaled strategy
    by strategy); per strategy, results in `task_ids` order."""

    def __call__(
        self, strategies: Sequence[Strategy], task_ids: Sequence[str], purpose: Purpose
    ) -> Sequence[Mapping[str, Evaluation]]: ...


def freeze_champion(state: SearchState, run_dir: Path, record: Record) -> ChampionFrozen:
    """Write the best kept candidate read-only; a changed file on resume is an error."""
    best = state.best_candidate()
    strategy = Strategy.model_validate(best.strategy)
    text = json.dumps(strategy.to_json_dict(), indent=2, sort_keys=True) + "\n"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    path = run_dir / CHAMPION_FILE
    if path.exists():
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            raise UserInputError("champion.json was changed after freezing", source=str(path))
    else:
        path.write_text(text)
        path.chmod(0o444)
    event = record(
        "freeze",
        ChampionFrozen(
            strategy_id=best.strategy_id,
            dev_rar=best.dev_rar or 0.0,
            sha256=digest,
            strategy=strategy.to_json_dict(),
        ),
    )
    assert isinstance(event.data, ChampionFrozen)
    return event.data


@dataclass(frozen=True)
class GateInputs:
    """What the release gate reads: the folded state, the baseline and the split's claim."""

    state: SearchState
    record: Record
    evaluate: EvaluateMany
    initial: Strategy
    settings: ReleaseSection
    ledger: ReleaseLedger
    reservation: Reservation | None  # None once the run gave its split back


class GateUndecided(RsiError, RuntimeError):
    """Too many release evaluations were infrastructure errors to decide on: the split
    stays reserved, not consumed, and `rsi resume` re-runs them and decides."""


NOTHING_TO_RELEASE = (
    "nothing to release: the champion is the initial strategy (no kept child beat it on dev)"
)


def settle_release(inputs: GateInputs) -> GateDecided | ReleaseSkipped:
    """End the search: skip the release when the champion is the initial strategy (the
    split is given back unevaluated), else gate once on real outcomes."""
    state = inputs.state
    assert state.split is not None and state.champion is not None
    if state.release_skipped is not None:
        return state.release_skipped
    release_hash = state.split.hashes["release"]
    assert inputs.reservation is not None
    if state.gate is not None and state.gate.release_hash == release_hash:
        inputs.ledger.consume(inputs.reservation)  # a crash may have come before the ledger
        return state.gate
    if state.champion.strategy_id == strategy_id(inputs.initial):
        event = inputs.record(
            f"release:skipped:{release_hash}",
            ReleaseSkipped(release_hash=release_hash, reason=NOTHING_TO_RELEASE),
        )
        inputs.ledger.release(inputs.reservation)
        assert isinstance(event.data, ReleaseSkipped)
        return event.data
    return gate_release(inputs)


def _real_outcomes(
    inputs: GateInputs, evaluated: Sequence[Mapping[str, Evaluation]], release_ids: Sequence[str]
) -> None:
    """Refuse to decide when either strategy's infrastructure errors exceed
    `[release] max_error_share`; otherwise journal the errors as they are (failures)."""
    state, settings = inputs.state, inputs.settings
    errors = {
        by_task[release_ids[0]].strategy_id: [t for t in release_ids if by_task[t].infra_error]
        for by_task in evaluated
    }
    n = len(release_ids)
    worst = max(len(failed) for failed in errors.values())
    if worst > settings.max_error_share * n:
        attempt = len(state.deferrals) + 1
        reason = (
            f"{worst} of {n} release evaluations of one strategy were infrastructure errors "
            f"(more than [release] max_error_share = {settings.max_error_share:g}); the "
            "split stays reserved: fix the cause and `rsi resume` re-runs them and decides"
        )
        assert state.split is not None
        inputs.record(
            f"gate:deferred:{state.split.hashes['release']}:{attempt}",
            GateDeferred(
                release_hash=state.split.hashes["release"],
                attempt=attempt,
                errors={sid: len(failed) for sid, failed in errors.items()},
                n=n,
                reason=reason,
            ),
        )
        raise GateUndecided(reason)
    for by_task in evaluated:
        for task_id in release_ids:
            found = by_task[task_id]
            if found.infra_error:
                op = evaluation_op("release", found.strategy_id, task_id, found.seed)
                inputs.record(op, found)


def gate_release(inputs: GateInputs) -> GateDecided:
    """Evaluate champion and initial on the release split and decide, once per split."""
    state = inputs.state
    assert state.split is not None and state.champion is not None
    assert inputs.reservation is not None
    release_ids = state.split.roles["release"]
    release_hash = state.split.hashes["release"]
    champion = Strategy.model_validate(state.champion.strategy)
    challenger, baseline = inputs.evaluate([champion, inputs.initial], release_ids, "release")
    _real_outcomes(inputs, (challenger, baseline), release_ids)
    settings = inputs.settings
    paired = (
        [baseline[t].success for t in release_ids],
        [challenger[t].success for t in release_ids],
    )
    if settings.gate == "none":  # the anchors' ablation: no test, the dev argmax goes out
        report = run_without_gate(
            *paired,
            same_strategy=strategy_id(champion) == strategy_id(inputs.initial),
            alpha=settings.alpha,
            seed=settings.seed,
            resamples=settings.resamples,
        )
    else:
        report = run_gate(
            *paired, alpha=settings.alpha, seed=settings.seed, resamples=settings.resamples
        )
    earlier = tuple(dict.fromkeys(e.run_id for e in inputs.reservation.earlier))
    event = inputs.record(
        f"gate:{release_hash}",
        GateDecided(
            challenger_id=strategy_id(champion),
            baseline_id=strategy_id(inputs.initial),
            release_hash=release_hash,
            override=inputs.reservation.override,
            report=report.to_json_dict(),
            bootstrap_seed=settings.seed,
            resamples=settings.resamples,
            alpha_one_sided=settings.alpha,
            earlier_runs=earlier,
        ),
    )
    inputs.ledger.consume(inputs.reservation)
    assert isinstance(event.data, GateDecided)
    return event.data
