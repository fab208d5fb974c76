"""The round protocol of docs/design.md section 8, driven from and recorded in the journal.

`Engine.run()` is resumable: every step is an op in the journal, state is the fold of
the journal, and every decision (minibatch, parent, proposal) is a deterministic function
of the config, the seed and the journal so far. Re-running after a crash replays the
recorded ops for free and continues where the journal ends.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from evaluators.runners import RunnerAbort
from rsi.config import ExperimentConfig, write_run_config
from rsi.engine.parts import PartsInputs, SearchParts, build_parts
from rsi.engine.ports import LineageSink
from rsi.engine.refused import clear_refused
from rsi.engine.stack import check_proposer_available, load_initial
from rsi.engine.start import (
    Admission,
    Admitted,
    forget_refused_start,
    gate_power,
    journal_is_empty,
)
from rsi.engine.stopping import Budget, StopFlag
from rsi.execution import (
    EvaluationServices,
    ModelStopped,
    SpendCapReached,
    StopRequested,
    build_services,
    open_pool,
)
from rsi.journal import (
    ChildProposed,
    Event,
    EventData,
    GatePower,
    Journal,
    LineageFailed,
    RoundStarted,
    RunLock,
    RunStarted,
    SearchHalted,
    SearchPaused,
    SearchState,
    SearchStopped,
)
from rsi.proposers import OptimizerBudgetExhausted, Proposer
from rsi.release import (
    GateInputs,
    GateUndecided,
    ReleaseLedger,
    freeze_champion,
    settle_release,
)
from rsi.screening import AcceptanceRule, acceptance_rule
from search_space import ProseGuard, RsiError, Strategy, UserInputError, content_id, strategy_id

Observer = Callable[[Event], None]


class SearchInterrupted(RsiError, RuntimeError):
    """A signal or stop file ended the search early; `rsi resume` continues it."""


class Engine:
    """One search in one run directory: build it, then `run()` it (again, to resume).

    The constructor checks what can be checked without the run's lock (the sandbox, the
    runner's and the optimizer's models, the tasks) and builds nothing that writes.
    `run()` takes the lock, folds the journal into `state`, admits the search, then builds
    the run's parts in one place (`SearchParts`: schedule, proposer, evaluator and the
    round's steps, `rsi.engine.parts`) and drives rounds until a stop condition, then the
    gate. `parts` is None outside a run. Assign `acceptance` before `run()` to screen
    children with another `AcceptanceRule`; `observer` sees every newly journaled event.

    A search's composition root: with `run_pilot`, the only code of the engine that takes
    the whole config; it cuts it once into what each part reads (`services_config`,
    `rounds_config`, `split_config`: `rsi.config.bundles`) and binds config.json's writer.
    """

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
        model_check: bool = True,
    ) -> None:
        self.config = config
        self.finish = finish  # end a search paused at its optimizer budget
        self.run_dir = run_dir
        self.services_config = config.services_config()
        self.rounds_config = config.rounds_config()
        self.services = services or build_services(
            self.services_config, run_dir, model_check=model_check
        )
        self._given_proposer = proposer
        if proposer is None:  # an unusable model fails here, before anything is journaled
            check_proposer_available(self.rounds_config.proposer, model_check=model_check)
        self.observer = observer or (lambda _event: None)
        self.lineage = lineage
        self.override_consumed_release = override_consumed_release
        self.initial = load_initial(config.experiment)
        # The screen's rule; assign another `AcceptanceRule` here to try one of your own.
        self.acceptance: AcceptanceRule = acceptance_rule(config.search.acceptance)
        self.guard = ProseGuard.for_tasks(self.services.tasks.ids)
        self.state = SearchState()
        self.ledger = ReleaseLedger(config.experiment.runs_dir)
        self.admission = Admission(
            split=config.split_config(),
            release=config.release,
            write_config=partial(write_run_config, config),
            tasks=self.services.tasks,
            ledger=self.ledger,
            run_dir=run_dir,
            override_consumed=override_consumed_release,
        )
        self.parts: SearchParts | None = None  # built by run(), in one place

    @property
    def journal(self) -> Journal:
        """The open journal of the running search."""
        if self.parts is None:
            raise RuntimeError("the engine is not running: call run()")
        return self.parts.journal

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
        """Run (or resume) to completion; raises SearchInterrupted on a graceful stop.

        Whatever can refuse the search (the split, the gate's power, the release ledger,
        the executor) runs before its first journal event; a start refused on an empty
        journal leaves only `refused.txt` behind (`rsi.engine.start`).
        """
        self.run_dir.mkdir(parents=True, exist_ok=True)
        stop = StopFlag(self.run_dir)
        with RunLock(self.run_dir), stop.installed():
            try:
                self._run_locked(stop)
            except UserInputError as refusal:
                if journal_is_empty(self.run_dir):
                    forget_refused_start(self.run_dir, str(refusal))
                raise
        return self.state

    def _run_locked(self, stop: StopFlag) -> None:
        journal = Journal(self.run_dir)
        self.parts = None
        try:
            self.state = journal.fold()
            self.admission.plan(self.state.split)  # the cheap refusals, before a cluster starts
            pool_of = open_pool(
                self.config.executor, self.services_config, self.run_dir, self.services
            )
            with pool_of as (pool, in_flight):
                # the ledger's claim last: an unreachable cluster must not hold the split
                admitted = self.admission.admit(self.state, journal)
                inputs = PartsInputs(
                    self.rounds_config, self.run_dir, self.services, self.state, journal,
                    self.record, self.guard, self.acceptance, self._given_proposer,
                )  # fmt: skip
                self.parts = build_parts(inputs, pool, in_flight, stop)
                clear_refused(self.run_dir)
                self._search(self.parts, stop, admitted)
        except SpendCapReached as reached:  # before the task that could cross a cap
            self._pause(str(reached), op=f"pause:usd:{len(self.journal)}")
        except RunnerAbort as abort:  # further evaluations wasted: stop as on SIGTERM
            self._pause(str(abort), cause=True)
        except ModelStopped as halted:  # the model's health: one event, its cause typed
            reason, cause = str(halted), halted.cause
            halt = SearchHalted(reason=reason, cause=cause, abandoned=halted.abandoned)
            self.record(f"halt:{len(self.state.halts) + 1}", halt)
            raise SearchInterrupted(f"model stopped ({cause}): {reason}") from None
        except GateUndecided as undecided:
            raise SearchInterrupted(str(undecided)) from None
        except StopRequested as stopped:
            raise SearchInterrupted(stop.reason() or str(stopped) or "stopped") from None
        finally:
            if self.parts is not None:
                self.parts.evaluator.close(finished=self.state.finished)
            if self.lineage is not None:
                self.lineage.close()  # flushes what is queued, then reports last failures
                for failure in self.lineage.failures():
                    op = f"lineage:failed:{failure.event_seq}"
                    if self.parts is None:  # no parts yet: straight to the journal
                        journal.append(op, failure)
                    else:
                        self.record(op, failure)
            journal.close()

    def check_start(self) -> GatePower | None:
        """Admission's refusals (split, gate power) without writing anything, so a caller
        can refuse before drawing progress; see `Admission.check`."""
        return self.admission.check()

    def _search(self, parts: SearchParts, stop: StopFlag, admitted: Admitted) -> None:
        config = self.config
        self.record(
            "run:start",
            RunStarted(
                run_id=self.run_dir.name,
                experiment=config.experiment.name,
                config_hash=self._config_hash(),
                seed=config.experiment.seed,
            ),
        )
        if admitted.split is not None:
            self.record("split", admitted.split)
        if admitted.power is not None and not self.state.finished:
            self.record("power:prior", admitted.power)
        if not self.state.finished:  # a finished run resumed only settles its ledger entry
            parts.evaluator.prefetch(parts.schedule.certain_batches(self.initial))
            parts.screen.keep(
                self.initial, parent_id=None, round_number=0, edit=None, proposer=None
            )
            self._record_dev_power()
            reason = self._rounds(parts, stop)
            ops = f"stop:{self.state.completed_rounds}:{self.state.attempts}"
            self.record(ops, SearchStopped(reason=reason))
            freeze_champion(self.state, self.run_dir, self.record)
        settle_release(
            GateInputs(
                state=self.state,
                record=self.record,
                evaluate=parts.evaluator.evaluate_many,
                initial=self.initial,
                settings=config.release,
                ledger=self.ledger,
                reservation=admitted.reservation,
            )
        )

    def _record_dev_power(self) -> None:
        """The gate's power again, from the initial strategy's dev RAR."""
        assert self.state.split is not None
        initial = self.state.candidates[strategy_id(self.initial)]
        assert initial.dev_rar is not None
        power = gate_power(
            len(self.state.split.roles["release"]),
            initial.dev_rar,
            self.config.release,
            basis="dev",
        )
        self.record("power:dev", power)

    def _rounds(self, parts: SearchParts, stop: StopFlag) -> str:
        """Run rounds until a stop condition; return why the search stopped."""
        budget = Budget(self.config.budget)
        while True:
            if stop():
                raise StopRequested(stop.reason() or "stopped")
            reason = parts.schedule.terminal_reason(budget)
            if reason is not None:
                return reason
            spent = budget.optimizer_spent(self.state.optimizer)
            if spent is not None and not self.finish:
                self._pause(spent)
            if spent is not None:
                return f"finished at the {spent}"
            try:
                self._round(parts, parts.schedule.current_round())
            except OptimizerBudgetExhausted as exhausted:
                spent = f"optimizer budget {exhausted.cap} reached"
                if not self.finish:
                    self._pause(spent)
                return f"finished at the {spent}"

    def _config_hash(self) -> str:
        """The journaled hash when resuming (`write_run_config` accepted the config, maybe
        under the legacy fingerprint), else this config's."""
        started = self.journal.get("run:start")
        if started is not None and isinstance(started.data, RunStarted):
            return started.data.config_hash
        return self.config.fingerprint(ignore_budget=True)

    def _pause(self, reason: str, *, op: str | None = None, cause: bool = False) -> None:
        """Journal the pause and stop like a signal would: `rsi resume` continues.

        A budget pause says how to go on; a `cause` (a plugin runner's `RunnerAbort`; the
        model's health halts instead) already does, and is journaled under its own op, so
        two causes at one point are two events. `rsi resume` continues once it is fixed;
        the evaluations in flight are run again.
        """
        attempts = self.state.attempts
        if cause:
            op = f"pause:{attempts}:{content_id({'reason': reason})}"
        self.record(op or f"pause:{attempts}", SearchPaused(reason=reason, attempts=attempts))
        if cause:
            raise SearchInterrupted(reason)
        raise SearchInterrupted(f"{reason}; resume with a larger [budget], or --finish")

    def _strategy(self, sid: str) -> Strategy:
        return Strategy.model_validate(self.state.candidates[sid].strategy)

    def _round(self, parts: SearchParts, r: int) -> None:
        started = self.state.rounds_started.get(r)
        if started is None:
            tasks = parts.schedule.batch(r)
            assert tasks is not None
            parent_id, selection = parts.parent.choose(r)
            started = self.record(
                f"round:{r}:start",
                RoundStarted(round=r, parent_id=parent_id, tasks=tasks, selection=selection),
            ).data  # type: ignore[assignment]
        assert isinstance(started, RoundStarted)
        parent = self._strategy(started.parent_id)
        parent_evals = parts.evaluator.evaluate(parent, started.tasks, "train")
        while self.state.attempts < self.config.search.max_attempts:
            child = self._pending_child(r) or parts.proposal.attempt(parent, started)
            if child is None:
                continue
            parts.screen.screen(started, parent, parent_evals, child)
            return

    def _pending_child(self, r: int) -> ChildProposed | None:
        """This round's child if one was proposed before a crash: finish it, never re-propose.

        A round has at most one child (rejections are not children), so whatever of its
        screen, keep, dev evaluation and reflection is missing gets completed idempotently.
        """
        return next((p for p in self.state.proposals if p.round == r), None)
