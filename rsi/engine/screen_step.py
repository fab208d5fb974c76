"""Keeping a candidate and screening a child (docs/design.md section 8, steps 6 to 10).

- `keep` journals a candidate (`keep:<id>`), then its dev evaluation (`dev:<id>`); the
  initial strategy is kept this way too, at round 0.
- `screen` evaluates the child on its parent's minibatch, journals the acceptance rule's
  verdict (`round:<r>:screen`), keeps a child that passed, asks a `Reflector` what the screen
  teaches, and closes the round (`round:<r>:reflection`, `round:<r>:done`).

Every step is an op: a resumed round completes whatever of this is missing, idempotently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rsi.engine.evaluator import Evaluator
from rsi.engine.reflection_step import ReflectionStep
from rsi.engine.screening import AcceptanceRule
from rsi.journal import (
    CandidateKept,
    ChildProposed,
    DevScored,
    Evaluation,
    Record,
    Reflection,
    RoundCompleted,
    RoundStarted,
    Screened,
    SearchState,
)
from search_space import Strategy, strategy_id


@dataclass(frozen=True)
class ScreenStep:
    """What keeping and screening read and may call; built by the engine once per run."""

    state: SearchState
    record: Record
    evaluator: Evaluator
    acceptance: AcceptanceRule
    reflection: ReflectionStep

    def keep(
        self,
        strategy: Strategy,
        *,
        parent_id: str | None,
        round_number: int,
        edit: dict[str, object] | None,
        proposer: str | None,
    ) -> None:
        """Journal `strategy` as a kept candidate, then score it on the dev split."""
        sid = strategy_id(strategy)
        self.record(
            f"keep:{sid}",
            CandidateKept(
                strategy_id=sid,
                parent_id=parent_id,
                round=round_number,
                strategy=strategy.to_json_dict(),
                edit=edit,
                proposer=proposer,
            ),
        )
        assert self.state.split is not None
        dev = self.evaluator.evaluate(strategy, self.state.split.roles["dev"], "dev")
        successes = sum(e.success for e in dev.values())
        rar = successes / len(dev)
        self.record(
            f"dev:{sid}", DevScored(strategy_id=sid, rar=rar, successes=successes, n=len(dev))
        )

    def screen(
        self,
        started: RoundStarted,
        parent: Strategy,
        parent_evals: Mapping[str, Evaluation],
        child_event: ChildProposed,
    ) -> None:
        """Screen round `started.round`'s child against its parent and close the round."""
        r = started.round
        child = Strategy.model_validate(child_event.strategy)
        child_evals = self.evaluator.evaluate(child, started.tasks, "train")
        verdict = self.acceptance.screen(
            {t: e.success for t, e in parent_evals.items()},
            {t: e.success for t, e in child_evals.items()},
        )
        self.record(
            f"round:{r}:screen",
            Screened(
                round=r,
                parent_id=started.parent_id,
                child_id=child_event.child_id,
                parent_successes=verdict.parent_successes,
                child_successes=verdict.child_successes,
                regressions=verdict.regressions,
                passed=verdict.passed,
                reason=verdict.reason,
                rule=verdict.rule,
            ),
        )
        if verdict.passed:
            self.keep(
                child,
                parent_id=started.parent_id,
                round_number=r,
                edit=child_event.edit,
                proposer=child_event.proposer,
            )
        self.reflection.after_screen(
            started, parent, child_event, verdict, (parent_evals, child_evals)
        )
        insight = (
            f"round {r}: {child_event.proposer} edited {child_event.field} "
            f"({child_event.rationale}); {verdict.reason}; "
            f"{'kept' if verdict.passed else 'discarded'}"
        )
        self.record(f"round:{r}:reflection", Reflection(round=r, insight=insight))
        attempts = self.state.attempts_in_round(r)
        self.record(
            f"round:{r}:done", RoundCompleted(round=r, attempts=attempts, kept=verdict.passed)
        )
