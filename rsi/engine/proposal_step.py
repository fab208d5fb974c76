"""One proposal attempt of a round (docs/design.md section 8, steps 4 and 5).

The proposer's edit is validated with `search_space.apply` (every schema rule plus the
prose guard), then the child is health-checked by the runner within the configured time.
A rejection is journaled with its machine-readable reason and shown to later proposals.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from dataclasses import dataclass

from evaluators.tasks import TaskSet
from rsi.engine.parent_step import session_usage
from rsi.engine.proposal_context import build_context
from rsi.execution import TrajectoryStore
from rsi.journal import (
    ChildProposed,
    ProposalRejected,
    Record,
    RoundStarted,
    SearchState,
)
from rsi.proposers import (
    NoProposal,
    OptimizerBudgetExhausted,
    Proposal,
    ProposalContext,
    ProposalCost,
    ProposalRefused,
    Proposer,
    SessionTrace,
)
from search_space import (
    InvalidEdit,
    ProseGuard,
    SearchSpace,
    Strategy,
    apply,
    parse_edit,
    strategy_id,
)

HealthCheck = Callable[[Strategy], None]


@dataclass(frozen=True)
class _Proposed:
    """What asking the proposer gave: a proposal, or the reason (and refusal) it gave none."""

    proposal: Proposal | None
    refused: ProposalRefused | None
    reason: str
    message: str


@dataclass(frozen=True)
class ProposalStep:
    """What a proposal attempt reads and may call; built by the engine once per run."""

    state: SearchState
    record: Record
    proposer: Proposer
    tasks: TaskSet
    space: SearchSpace
    guard: ProseGuard
    seed: int
    health_check: HealthCheck
    health_timeout_s: float
    trajectories: TrajectoryStore | None = None  # the run's traces/: what the agents saw

    def attempt(self, parent: Strategy, started: RoundStarted) -> ChildProposed | None:
        """One attempt: propose, validate, health-check; journal a child or a rejection."""
        r = started.round
        attempt = self.state.attempts_in_round(r) + 1
        context = build_context(
            self.state, self.tasks, self.space, self.seed,
            attempt=attempt, parent=parent, started=started, trajectories=self.trajectories,
        )  # fmt: skip
        prefix = f"round:{r}:attempt:{attempt}"
        outcome = self._propose(context, prefix, r, attempt)
        proposal, refused = outcome.proposal, outcome.refused
        reason, message = outcome.reason, outcome.message
        child: Strategy | None = None
        if proposal is not None:
            try:
                child = apply(parent, parse_edit(proposal.edit), space=self.space, guard=self.guard)
                reason, message = self.health_problem(child)
            except InvalidEdit as error:
                reason, message = error.reason.value, error.message
        if child is None or reason:
            self.record(
                f"{prefix}:rejected",
                ProposalRejected(
                    round=r,
                    attempt=attempt,
                    parent_id=started.parent_id,
                    proposer=_proposer_name(proposal, refused, self.proposer.name),
                    field=proposal.field if proposal else (refused.field if refused else None),
                    edit=proposal.edit if proposal else (refused.edit if refused else None),
                    reason=reason,
                    message=message,
                ),
            )
            return None
        assert proposal is not None
        return self._record_child(prefix, started, attempt, proposal, child)

    def _propose(self, context: ProposalContext, prefix: str, r: int, attempt: int) -> _Proposed:
        """Ask the proposer once and journal what its sessions used; a refusal or no
        proposal comes back with its reason, an exhausted optimizer budget propagates."""
        try:
            proposal = self.proposer.propose(context)
        except ProposalRefused as error:  # the proposer's own host check or session failed
            session = error.session or "proposal"
            self._record_cost(prefix, r, attempt, session, error.cost, error.sessions)
            return _Proposed(None, error, error.reason, error.message)
        except NoProposal as error:
            return _Proposed(None, None, "no_proposal", str(error))
        except OptimizerBudgetExhausted as error:
            self._record_cost(prefix, r, attempt, "budget", error.cost)
            raise
        session = proposal.session or "proposal"
        self._record_cost(prefix, r, attempt, session, proposal.cost, proposal.sessions)
        return _Proposed(proposal, None, "", "")

    def _record_child(
        self,
        prefix: str,
        started: RoundStarted,
        attempt: int,
        proposal: Proposal,
        child: Strategy,
    ) -> ChildProposed:
        event = self.record(
            f"{prefix}:child",
            ChildProposed(
                round=started.round,
                attempt=attempt,
                parent_id=started.parent_id,
                child_id=strategy_id(child),
                proposer=proposal.proposer,
                field=proposal.field,
                edit=proposal.edit,
                rationale=proposal.rationale,
                strategy=child.to_json_dict(),
            ),
        )
        assert isinstance(event.data, ChildProposed)
        return event.data

    def _record_cost(
        self,
        prefix: str,
        r: int,
        attempt: int,
        session: str,
        cost: ProposalCost,
        sessions: tuple[SessionTrace, ...] = (),
    ) -> None:
        """Journal what an LLM proposer's session used (the optimizer budget counts it) and
        the tool calls of its agent session: the proposal's trace."""
        if cost.calls == 0 and cost.cached_calls == 0 and not sessions:
            return  # offline proposers cost nothing and journal nothing
        trace = next((t for t in sessions if t.session == session), None)
        self.record(f"{prefix}:usage:{session}", session_usage(r, attempt, session, cost, trace))

    def health_problem(self, child: Strategy) -> tuple[str, str]:
        """('', '') when healthy; else a rejection reason and message."""
        if strategy_id(child) in self.state.candidates:
            return "duplicate_candidate", "the child equals a strategy already kept"
        timeout = self.health_timeout_s
        checker = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="rsi-health")
        try:
            checker.submit(self.health_check, child).result(timeout=timeout)
        except concurrent.futures.TimeoutError:
            return "health_check", f"runner did not load the strategy within {timeout:g} s"
        except (ValueError, RuntimeError, OSError) as error:
            return "health_check", f"{type(error).__name__}: {error}"
        finally:
            checker.shutdown(wait=False, cancel_futures=True)  # never wait on a hung check
        return "", ""


def _proposer_name(proposal: Proposal | None, refused: ProposalRefused | None, default: str) -> str:
    if proposal is not None:
        return proposal.proposer
    if refused is not None and refused.proposer:
        return refused.proposer
    return default
