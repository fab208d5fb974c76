"""Keeping a candidate and screening a child (docs/design.md section 8, steps 6 to 10).

- `keep` journals a candidate (`keep:<id>`), then its dev evaluation (`dev:<id>`); the
  initial strategy is kept this way too, at round 0.
- `screen` evaluates the child on its parent's minibatch, journals the acceptance rule's
  verdict (`round:<r>:screen`), keeps a child that passed, asks a `Reflector` what the screen
  teaches, and closes the round (`round:<r>:reflection`, `round:<r>:done`).
- With `Racing.stop` (`[search] stop_when_decided`) both evaluations are races
  (rsi/screening/race.py): a race decided before its last task journals `DecidedEarly`
  (`round:<r>:decided`, `dev:<id>:decided`) with the ops it never started, and a resume
  evaluates only what that event says was read.

Every step is an op: a resumed round completes whatever of this is missing, idempotently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rsi.engine.reflection_step import ReflectionStep
from rsi.execution import Evaluator
from rsi.journal import (
    CandidateKept,
    ChildProposed,
    DecidedEarly,
    DevScored,
    Evaluation,
    Purpose,
    Record,
    Reflection,
    RoundCompleted,
    RoundStarted,
    Screened,
    SearchState,
)
from rsi.screening import (
    AcceptanceRule,
    Decide,
    Decision,
    RaceResult,
    Racing,
    ScreenVerdict,
    dev_race,
    replay,
    run_race,
    screen_order,
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
    racing: Racing = field(default_factory=Racing)

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
        if self.state.candidates[sid].dev_rar is not None:
            return  # scored before a resume: its race was run against the search as it was
        tasks = self.state.split.roles["dev"]
        n = len(tasks)
        race = dev_race(self.state, sid, n) if self.racing.stop else None
        if race is None:  # the initial strategy, or the switch off: every task
            dev = self.evaluator.evaluate(strategy, tasks, "dev")
            successes = sum(e.success for e in dev.values())
            scored = DevScored(strategy_id=sid, rar=successes / n, successes=successes, n=n)
            self.record(f"dev:{sid}", scored)
            return
        result, _ = self._race(strategy, tasks, race, "dev", self.state.devs_decided.get(sid))
        successes = sum(result.read.values())
        if result.early:
            assert result.decision is not None
            reason = f"dev successes at most {result.decision} of {n}: cannot be the best candidate"
            self._decided(f"dev:{sid}:decided", strategy, "dev", round_number, result, reason)
        scored = DevScored(
            strategy_id=sid,
            rar=(successes + len(result.left)) / n,
            successes=successes,
            n=n,
            at_most=result.early,
            evaluated=len(result.read) if result.early else None,
        )
        self.record(f"dev:{sid}", scored)

    def _race(
        self,
        strategy: Strategy,
        order: Sequence[str],
        decide: Decide[Decision],
        purpose: Purpose,
        decided: DecidedEarly | None,
    ) -> tuple[RaceResult[Decision], dict[str, Evaluation]]:
        """Race `strategy` over `order`; with `decided` (journaled before a resume), only the
        tasks it read are evaluated (from the journal cache), and none it skipped."""
        evaluations: dict[str, Evaluation] = {}

        def evaluate(tasks: tuple[str, ...]) -> dict[str, bool]:
            evaluations.update(self.evaluator.evaluate(strategy, tasks, purpose))
            return {t: evaluations[t].success for t in tasks}

        if decided is None:
            # The race alone says which of these run: none starts ahead in an idle slot.
            self.evaluator.withdraw([self.evaluator.op(strategy, t, purpose) for t in order])
            return run_race(order, decide, evaluate, self.racing.wave), evaluations
        skipped = set(decided.skipped)
        read = evaluate(
            tuple(t for t in order if self.evaluator.op(strategy, t, purpose) not in skipped)
        )
        left = tuple(t for t in order if t not in read)
        return RaceResult(read, decide(read), left), evaluations

    def _decided(
        self,
        op: str,
        strategy: Strategy,
        purpose: Purpose,
        round_number: int,
        result: RaceResult[Decision],
        reason: str,
    ) -> None:
        """Journal a race decided before its last task; its skipped ops never start."""
        skipped = tuple(self.evaluator.op(strategy, t, purpose) for t in result.left)
        decided = DecidedEarly(
            purpose="train" if purpose == "train" else "dev",
            strategy_id=strategy_id(strategy),
            round=round_number,
            evaluated=len(result.read),
            skipped=skipped,
            reason=reason,
        )
        self.record(op, decided)

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
        parent_outcomes = {t: e.success for t, e in parent_evals.items()}
        child_evals, result, verdict = self._screen_child(started, child, parent_outcomes)
        read: dict[str, int] = {}
        if result.early:  # what the verdict read: proposers are shown only that
            assert result.decision is not None
            parent_read = sum(parent_outcomes[t] for t in result.read)
            read = {
                "read": len(result.read),
                "read_gain": sum(result.read.values()) - parent_read,
                "read_regressions": result.decision.regressions,
            }
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
                **read,
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

    def _screen_child(
        self, started: RoundStarted, child: Strategy, parent: dict[str, bool]
    ) -> tuple[dict[str, Evaluation], RaceResult[ScreenVerdict], ScreenVerdict]:
        """The child's evaluations, its race (run, or replayed over every task with the
        switch off) and the verdict: the rule's decision when the race stopped early."""
        order = screen_order(parent, started.tasks)
        rule_decide = getattr(self.acceptance, "decide", None)  # a rule of one's own may not

        def decide(child_outcomes: Mapping[str, bool]) -> ScreenVerdict | None:
            return rule_decide(parent, child_outcomes) if rule_decide is not None else None

        if self.racing.stop:
            decided = self.state.screens_decided.get(started.round)
            result, evaluations = self._race(child, order, decide, "train", decided)
        else:
            evaluations = self.evaluator.evaluate(child, started.tasks, "train")
            outcomes = {t: e.success for t, e in evaluations.items()}
            result = replay(order, outcomes, decide, self.racing.wave)
        if self.racing.stop and result.early:
            assert result.decision is not None
            n = len(started.tasks)
            decision = result.decision
            why = f"{decision.reason}; decided after {len(result.read)} of {n} tasks"
            self._decided(f"round:{started.round}:decided", child, "train", started.round,
                          result, why)  # fmt: skip
            verdict = ScreenVerdict(
                decision.parent_successes, decision.child_successes, decision.regressions,
                decision.passed, why, decision.rule,
            )  # fmt: skip
            return evaluations, result, verdict
        child_outcomes = {t: e.success for t, e in evaluations.items()}
        return evaluations, result, self.acceptance.screen(parent, child_outcomes)
