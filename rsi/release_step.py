"""End of a search: freeze the champion, then gate it once on the release split.

The champion is the kept candidate with the highest dev RAR, written immutable as
`champion.json` with its sha256. A release split that has decided a gate is recorded as
consumed in `<runs_dir>/consumed_release_splits.jsonl` with the hash of its task ids; a
different run gating on the same split needs an explicit override, which is recorded.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from rsi.events import ChampionFrozen, GateDecided
from rsi.release import run_gate
from search_space import Strategy, strategy_id
from search_space.errors import UserInputError
from search_space.identity import canonical_json

if TYPE_CHECKING:
    from rsi.engine import Engine

CHAMPION_FILE = "champion.json"
CONSUMED_FILE = "consumed_release_splits.jsonl"


def freeze_champion(engine: Engine) -> ChampionFrozen:
    best = engine.state.best_candidate()
    strategy = Strategy.model_validate(best.strategy)
    text = json.dumps(strategy.to_json_dict(), indent=2, sort_keys=True) + "\n"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    path = engine.run_dir / CHAMPION_FILE
    if path.exists():
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            raise UserInputError("champion.json was changed after freezing", source=str(path))
    else:
        path.write_text(text)
        path.chmod(0o444)
    event = engine.record(
        "freeze",
        ChampionFrozen(
            strategy_id=best.strategy_id,
            dev_rar=best.dev_rar or 0.0,
            sha256=digest,
            strategy=strategy.to_json_dict(),
        ),
    )
    return event.data  # type: ignore[return-value]


def _consumed(registry: Path) -> list[dict[str, str]]:
    if not registry.exists():
        return []
    return [json.loads(line) for line in registry.read_text().splitlines() if line.strip()]


def gate_release(engine: Engine, *, override: bool = False) -> GateDecided:
    """Evaluate champion and initial on the release split and decide, once per split."""
    state = engine.state
    assert state.split is not None and state.champion is not None
    release_ids = state.split.roles["release"]
    release_hash = state.split.hashes["release"]
    op = f"gate:{release_hash}"
    existing = engine.journal.get(op)
    if existing is not None:
        return existing.data  # type: ignore[return-value]
    registry = engine.config.experiment.runs_dir / CONSUMED_FILE
    run_id = engine.run_dir.name
    earlier = [
        e
        for e in _consumed(registry)
        if e["release_hash"] == release_hash and e["run_id"] != run_id
    ]
    if earlier and not override:
        raise UserInputError(
            f"release split {release_hash[:12]} already decided a gate in run "
            f"{earlier[0]['run_id']}; pass --override-consumed to gate on it again",
            source="release",
        )
    champion = Strategy.model_validate(state.champion.strategy)
    initial = engine.initial
    challenger = engine.evaluator.evaluate(champion, release_ids, "release")
    baseline = engine.evaluator.evaluate(initial, release_ids, "release")
    release = engine.config.release
    report = run_gate(
        [baseline[t].success for t in release_ids],
        [challenger[t].success for t in release_ids],
        alpha=release.alpha,
        seed=release.seed,
        resamples=release.resamples,
    )
    event = engine.record(
        op,
        GateDecided(
            challenger_id=strategy_id(champion),
            baseline_id=strategy_id(initial),
            release_hash=release_hash,
            override=bool(earlier),
            report=report.to_json_dict(),
        ),
    )
    registry.parent.mkdir(parents=True, exist_ok=True)
    with open(registry, "a", encoding="utf-8") as handle:
        entry = {"release_hash": release_hash, "run_id": run_id, "override": bool(earlier)}
        handle.write(canonical_json(entry) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return event.data  # type: ignore[return-value]
