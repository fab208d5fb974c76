"""The round protocol of docs/design.md section 8, driven from and recorded in the journal.

`Engine.run()` is resumable: every step is an op in the journal, state is the fold of
the journal, and every decision (minibatch, parent, proposal) is a deterministic function
of the config, the seed and the journal so far. Re-running after a crash replays the
recorded ops for free and continues where the journal ends.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from evaluators.llm import preflight
from rsi.config import ExperimentConfig, write_run_config
from rsi.engine.evaluation import EvaluationServices, Evaluator, StopRequested
from rsi.engine.executors import open_pool
from rsi.engine.proposal_step import ProposalStep
from rsi.engine.reflection_step import ReflectionStep
from rsi.engine.runtime import build_proposer, build_services, load_initial
from rsi.engine.sampling import plan_split
from rsi.engine.schedule import Schedule
from rsi.engine.screening import AcceptanceRule, acceptance_rule
from rsi.engine.stopping import Budget, StopFlag
from rsi.journal import (
    CandidateKept,
    ChildProposed,
    DevScored,
    Evaluation,
    Event,
    EventData,
    Journal,
    LineageFailed,
    Reflection,
    RoundCompleted,
    RoundStarted,
    RunLock,
    RunStarted,
    Screened,
    SearchPaused,
    SearchState,
    SearchStopped,
    SplitRecorded,
)
from rsi.proposers import OptimizerBudgetExhausted, Proposer
from rsi.release import (
    GateInputs,
    ReleaseLedger,
    Reservation,
    freeze_champion,
    gate_release,
)
from search_space import ProseGuard, RsiError, Strategy, strategy_id

Observer = Callable[[Event], None]


class LineageSink(Protocol):
    """Mirrors journal events somewhere else (MLflow) without ever blocking the search.

    `on_event` must return at once (queue the work); `failures` drains the projection
    errors seen since the last call, which the engine journals as `lineage_failed`.
    """

    def on_event(self, event: Event) -> None: ...

    def failures(self) -> list[LineageFailed]: ...

    def close(self) -> None: ...


class SearchInterrupted(RsiError, RuntimeError):
    """A signal or stop file ended the search early; `rsi resume` continues it."""


class Engine:
    def __init__(
        self,
        config: ExperimentConfig,
        run_dir: Path,
        *,
        services: EvaluationServices | None = None,
        proposer: Proposer | None = None,
        observer: Observer | None = None,
        lineage: LineageSink | None = None,
        override_consumed_release: bool = False,
        finish: bool = False,
    ) -> None:
        self.config = config
        self.finish = finish  # end a search paused at its optimizer budget
        self.run_dir = run_dir
        self.services = services or build_services(config, run_dir)
        self._given_proposer = proposer
        if proposer is None and "reflective" in config.proposers.stack:
            settings = config.optimizer_llm()
            assert settings is not None
            preflight(settings)  # a missing key fails here, before anything is journaled
        self.observer = observer or (lambda _event: None)
        self.lineage = lineage
        self.override_consumed_release = override_consumed_release
        self.initial = load_initial(config)
        # The screen's rule; assign another `AcceptanceRule` here to try one of your own.
        self.acceptance: AcceptanceRule = acceptance_rule(config.search.acceptance)
        self.guard = ProseGuard.for_tasks(self.services.tasks.ids)
        self.state = SearchState()
        self.ledger = ReleaseLedger(config.experiment.runs_dir)

    # --- journal plumbing -------------------------------------------------------------------

    def record(self, op: str, data: EventData) -> Event:
        """Append once (the journal folds new events into `state`); a replay returns the
        stored event and tells no one."""
        if op in self.journal:
            return self.journal.append(op, data)  # raises JournalConflict if it differs
        event = self.journal.append(op, data)
        self.observer(event)
        if self.lineage is not None and not isinstance(data, LineageFailed):
            self.lineage.on_event(event)
            for failure in self.lineage.failures():
                self.record(f"lineage:failed:{failure.event_seq}", failure)
        return event

    # --- the search -------------------------------------------------------------------------

    def run(self) -> SearchState:
        """Run (or resume) to completion; raises SearchInterrupted on a graceful stop."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        stop = StopFlag(self.run_dir)
        with (
            RunLock(self.run_dir),
            stop.installed(),
            open_pool(self.config, self.run_dir, self.services) as (pool, in_flight),
        ):
            self.journal = Journal(self.run_dir)
            try:
                self.state = self.journal.fold()
                self.schedule = Schedule(self.config, self.state)
                self.proposer = self._given_proposer or build_proposer(
                    self.config,
                    self.run_dir,
                    pool_ids=self.services.tasks.ids,
                    used=self.state.optimizer,
                )
                started = self.journal.get("run:start")
                write_run_config(
                    self.config,
                    self.run_dir,
                    started.data.config_hash
                    if started and isinstance(started.data, RunStarted)
                    else None,
                )
                self.evaluator = Evaluator(
                    self.services,
                    self.journal,
                    self.record,
                    pool,
                    max_in_flight=in_flight,
                    should_stop=stop,
                    speculate=self.config.speculates(),
                )
                self.proposal = ProposalStep(
                    state=self.state,
                    record=self.record,
                    proposer=self.proposer,
                    tasks=self.services.tasks,
                    space=self.config.search_space,
                    guard=self.guard,
                    seed=self.config.experiment.seed,
                    health_check=self.services.runner.health_check,
                    health_timeout_s=self.config.timeouts.health_check_s,
                )
                self.reflection = ReflectionStep(
                    state=self.state,
                    record=self.record,
                    proposer=self.proposer,
                    tasks=self.services.tasks,
                    space=self.config.search_space,
                    seed=self.config.experiment.seed,
                )
                self._search(stop)
            except StopRequested as stopped:
                raise SearchInterrupted(stop.reason() or str(stopped) or "stopped") from None
            finally:
                if hasattr(self, "evaluator"):
                    self.evaluator.close()
                if self.lineage is not None:
                    self.lineage.close()  # flushes what is queued, then reports last failures
                    for failure in self.lineage.failures():
                        self.record(f"lineage:failed:{failure.event_seq}", failure)
                self.journal.close()
        return self.state

    def _search(self, stop: StopFlag) -> None:
        config = self.config
        split = self._split()  # a pool too small for the sizes is refused before any event
        self.record(
            "run:start",
            RunStarted(
                run_id=self.run_dir.name,
                experiment=config.experiment.name,
                config_hash=config.fingerprint(ignore_budget=True),
                seed=config.experiment.seed,
            ),
        )
        if split is not None:
            self.record("split", split)
        reservation = self._reserve_release_split()  # before the first paid evaluation
        self.evaluator.prefetch(self.schedule.certain_batches(self.initial))
        self._keep(self.initial, parent_id=None, round_number=0, edit=None, proposer=None)
        budget = Budget(config.budget)
        while True:
            if stop():
                raise StopRequested(stop.reason() or "stopped")
            reason = self.schedule.terminal_reason(budget)
            if reason is not None:
                break
            spent = budget.optimizer_spent(self.state.optimizer)
            if spent is not None and not self.finish:
                self._pause(spent)
            if spent is not None:
                reason = f"finished at the {spent}"
                break
            try:
                self._round(self.schedule.current_round())
            except OptimizerBudgetExhausted as exhausted:
                spent = f"optimizer budget {exhausted.cap} reached"
                if not self.finish:
                    self._pause(spent)
                reason = f"finished at the {spent}"
                break
        ops = f"stop:{self.state.completed_rounds}:{self.state.attempts}"
        self.record(ops, SearchStopped(reason=reason))
        freeze_champion(self.state, self.run_dir, self.record)
        gate_release(
            GateInputs(
                state=self.state,
                record=self.record,
                evaluate=self.evaluator.evaluate_many,
                initial=self.initial,
                settings=config.release,
                ledger=self.ledger,
                reservation=reservation,
            )
        )

    def _pause(self, reason: str) -> None:
        """Journal the pause and stop like a signal would: `rsi resume` continues."""
        attempts = self.state.attempts
        self.record(f"pause:{attempts}", SearchPaused(reason=reason, attempts=attempts))
        raise SearchInterrupted(f"{reason}; resume with a larger [budget], or --finish")

    def _reserve_release_split(self) -> Reservation:
        """Claim the release split in the ledger, or refuse before any paid work."""
        assert self.state.split is not None
        return self.ledger.reserve(
            self.state.split.hashes["release"],
            self.run_dir.name,
            override=self.override_consumed_release,
        )

    def _split(self) -> SplitRecorded | None:
        return plan_split(self.config, self.services.tasks, self.state.split)

    def _strategy(self, sid: str) -> Strategy:
        return Strategy.model_validate(self.state.candidates[sid].strategy)

    def _keep(
        self,
        strategy: Strategy,
        *,
        parent_id: str | None,
        round_number: int,
        edit: dict[str, object] | None,
        proposer: str | None,
    ) -> None:
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

    def _round(self, r: int) -> None:
        started = self.state.rounds_started.get(r)
        if started is None:
            tasks = self.schedule.batch(r)
            assert tasks is not None
            started = self.record(
                f"round:{r}:start",
                RoundStarted(round=r, parent_id=self.schedule.select_parent(), tasks=tasks),
            ).data  # type: ignore[assignment]
        assert isinstance(started, RoundStarted)
        parent = self._strategy(started.parent_id)
        parent_evals = self.evaluator.evaluate(parent, started.tasks, "train")
        while self.state.attempts < self.config.search.max_attempts:
            child = self._pending_child(r) or self.proposal.attempt(parent, started)
            if child is None:
                continue
            self._evaluate_child(r, started, parent_evals, child)
            return

    def _pending_child(self, r: int) -> ChildProposed | None:
        """This round's child if one was proposed before a crash: finish it, never re-propose.

        A round has at most one child (rejections are not children), so whatever of its
        screen, keep, dev evaluation and reflection is missing gets completed idempotently.
        """
        return next((p for p in self.state.proposals if p.round == r), None)

    def _evaluate_child(
        self,
        r: int,
        started: RoundStarted,
        parent_evals: dict[str, Evaluation],
        child_event: ChildProposed,
    ) -> None:
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
            self._keep(
                child,
                parent_id=started.parent_id,
                round_number=r,
                edit=child_event.edit,
                proposer=child_event.proposer,
            )
        parent = Strategy.model_validate(self.state.candidates[started.parent_id].strategy)
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
