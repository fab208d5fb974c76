"""The proposer contract: read the parent's training evidence, propose one edit."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from search_space import RsiError, SearchSpace, Strategy


@dataclass(frozen=True)
class TaskFeedback:
    """One proposal-split task as the parent ran it. Only public text and the runner's trace:
    `trace` is the journal's copy (metadata), `trajectory` the whole run as its agents saw
    it (tool outputs, model text; `rsi/execution/trajectory.py`), None when it is missing."""

    task_id: str
    context: str
    instruction: str
    success: bool
    initial_outcome: str
    reference_outcome: str
    runner_error: str | None
    trace: dict[str, Any]
    trajectory: dict[str, Any] | None = None


@dataclass(frozen=True)
class PastAttempt:
    """An earlier proposal and what became of it (shown to later proposals)."""

    round: int
    field: str | None
    edit: dict[str, Any] | None
    proposer: str
    verdict: Literal["rejected", "screen-failed", "kept"]
    reason: str
    gain: int = 0  # child successes minus parent successes, for screened children
    regressions: int = 0
    scalars: dict[str, int] | None = None  # the child's scalar fields, for screened children


@dataclass(frozen=True)
class DagNode:
    """One node of the evolution DAG as proposers see it: a kept or screened child, or a
    rejected attempt (`child_id` None). `dev_rar` is set for kept candidates only, and is an
    upper bound when `dev_rar_at_most` (a dev race stopped once the candidate could not
    become best). `gain` and `regressions` are over the `screen_read` tasks the verdict
    read (all of the minibatch when None), so they are the same with `[search]
    stop_when_decided` on or off: the decision-relevant counts. `ran_gain` and
    `ran_regressions` are over the `ran` tasks the child actually ran and was paid for
    (with racing off, every minibatch task), so the optimizer sees every outcome paid."""

    round: int
    attempt: int
    parent_id: str | None
    child_id: str | None
    proposer: str
    field: str | None
    edit: dict[str, Any] | None
    fate: Literal["initial", "kept", "screen-failed", "rejected", "pending"]
    reason: str
    gain: int = 0
    regressions: int = 0
    screen_read: int | None = None
    ran: int | None = None
    ran_gain: int | None = None
    ran_regressions: int | None = None
    dev_rar: float | None = None
    dev_rar_at_most: bool = False


@dataclass(frozen=True)
class Note:
    """An insight of reflection with the round that wrote it."""

    round: int
    text: str


@dataclass(frozen=True)
class SessionTrace:
    """What one optimizer agent session did: each tool call (step, tool, cut arguments,
    output size, refused), its seconds, the characters of task trace it read, and why it
    stopped. The seconds are kept out of the journal (they differ run to run)."""

    session: str
    steps: int = 0
    stop: str = ""
    calls: tuple[dict[str, Any], ...] = ()
    seconds: tuple[float, ...] = ()
    trace_chars: int = 0


@dataclass(frozen=True)
class ProposalContext:
    """Everything a proposer may see. Release outcomes are never part of it.

    `dag` is the whole evolution DAG, `notes` every insight with its round, `focus` the
    field the round's selection session chose and `focus_reason` why ("" when the rule
    chose the parent)."""

    round: int
    attempt: int
    seed: int
    parent_id: str
    parent: Strategy
    feedback: tuple[TaskFeedback, ...]
    history: tuple[PastAttempt, ...]
    insights: tuple[str, ...]
    space: SearchSpace
    dev_rar: dict[str, float] = field(default_factory=dict)
    dag: tuple[DagNode, ...] = ()
    notes: tuple[Note, ...] = ()
    focus: str = ""
    focus_reason: str = ""


@dataclass(frozen=True)
class SelectionContext:
    """What the selection session (session 0) may see at a round's start: the DAG, every
    kept candidate's strategy, the notes, the space, and the rule's parent (its default)."""

    round: int
    seed: int
    rule_parent_id: str
    kept: dict[str, Strategy]
    dag: tuple[DagNode, ...]
    notes: tuple[Note, ...]
    space: SearchSpace


@dataclass(frozen=True)
class ProposalCost:
    """What producing a proposal (or a reflection) cost in model calls; zero offline."""

    calls: int = 0
    cached_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    # The part of the calls and tokens no server reported (counted at their reservation).
    estimated_calls: int = 0
    estimated_input_tokens: int = 0
    estimated_output_tokens: int = 0

    def __add__(self, other: ProposalCost) -> ProposalCost:
        return ProposalCost(
            self.calls + other.calls,
            self.cached_calls + other.cached_calls,
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.estimated_calls + other.estimated_calls,
            self.estimated_input_tokens + other.estimated_input_tokens,
            self.estimated_output_tokens + other.estimated_output_tokens,
        )


@dataclass(frozen=True)
class Proposal:
    """A raw edit (validated by the engine with `search_space.apply`) and why.

    `session` names the LLM session that produced the edit ("" for offline proposers),
    `cost` what the proposal's sessions used, `evidence` the minibatch task ids it cites.
    """

    edit: dict[str, Any]
    field: str
    proposer: str
    rationale: str
    session: str = ""
    cost: ProposalCost = ProposalCost()
    evidence: tuple[str, ...] = ()
    sessions: tuple[SessionTrace, ...] = ()


@dataclass(frozen=True)
class ParentChoice:
    """The selection session's checked answer: a kept parent, the field to change first
    and why; `chosen_by` is "optimizer", or "rule" when the session gave no usable answer."""

    parent_id: str
    field: str
    reason: str
    chosen_by: Literal["optimizer", "rule"] = "optimizer"
    cost: ProposalCost = ProposalCost()
    session: SessionTrace | None = None
    failure: str = ""  # the kind of the failed model turn the session ended on, if any


class NoProposal(RsiError, RuntimeError):
    """The proposer has nothing left to suggest for this parent."""


class ProposalRefused(NoProposal):
    """The proposer's own output failed a host check (or its session failed): a rejection.

    `reason` is machine-readable (e.g. `frozen_field`, `session_timeout`); `field` and
    `edit` are what was proposed, when known, so the rejection can be shown to later
    proposals; `session` and `cost` say where it failed and what it had used.
    """

    def __init__(
        self,
        reason: str,
        message: str,
        *,
        proposer: str,
        session: str = "",
        field: str | None = None,
        edit: dict[str, Any] | None = None,
        cost: ProposalCost = ProposalCost(),
        sessions: tuple[SessionTrace, ...] = (),
    ) -> None:
        self.reason = reason
        self.message = message
        self.proposer = proposer
        self.session = session
        self.field = field
        self.edit = edit
        self.cost = cost
        self.sessions = sessions
        super().__init__(f"{reason}: {message}")


class OptimizerBudgetExhausted(RsiError, RuntimeError):
    """The optimizer's meter refused a call: `cap` is one of calls, input_tokens,
    output_tokens, wall_s. The search should stop gracefully, naming the cap."""

    def __init__(self, cap: str, message: str, *, cost: ProposalCost = ProposalCost()) -> None:
        self.cap = cap
        self.cost = cost
        super().__init__(message)


@dataclass(frozen=True)
class ScreenFeedback:
    """The screen of a proposed child on the parent's minibatch, as reflection sees it: the
    acceptance rule's verdict (`rsi.screening.ScreenVerdict`) plus which tasks moved."""

    passed: bool
    gain: int  # child successes minus parent successes
    regressions: int
    reason: str
    gained: tuple[str, ...] = ()  # minibatch tasks the child solved and the parent did not
    lost: tuple[str, ...] = ()
    # Minibatch tasks the child was never evaluated on: the verdict was fixed without them
    # (`[search] stop_when_decided`); gain, gained and lost count the evaluated tasks only.
    skipped: tuple[str, ...] = ()
    child: tuple[TaskFeedback, ...] = ()  # the child's runs on the minibatch


@dataclass(frozen=True)
class Insight:
    """A reusable lesson of the search, with the minibatch tasks that support it."""

    text: str
    evidence: tuple[str, ...] = ()

    def render(self) -> str:
        """One line for the journal's `Reflection.insight`."""
        cited = f" (evidence: {', '.join(self.evidence)})" if self.evidence else ""
        return f"{self.text}{cited}"


@dataclass(frozen=True)
class ReflectionResult:
    """What a reflection produced; `failure` is a reason when its session gave nothing."""

    insights: tuple[Insight, ...]
    session: str = "reflection"
    cost: ProposalCost = ProposalCost()
    failure: str | None = None
    message: str = ""
    dropped: tuple[str, ...] = ()  # "reason: message" per insight that failed a host check
    trace: SessionTrace | None = None


class Proposer(Protocol):
    name: str

    def propose(self, context: ProposalContext) -> Proposal: ...


@runtime_checkable
class ParentChooser(Protocol):
    """Optional: a proposer that chooses each round's parent (session 0). The engine asks
    only with `[proposers.reflective] parent = "optimizer"`; the rule is the default."""

    def choose_parent(self, context: SelectionContext) -> ParentChoice: ...


@runtime_checkable
class Reflector(Protocol):
    """Optional: a proposer that also reflects on a screened proposal."""

    def reflect(
        self, context: ProposalContext, proposal: Proposal, verdict: ScreenFeedback
    ) -> ReflectionResult: ...
