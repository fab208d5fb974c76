"""Typed journal events (docs/design.md section 7): a pydantic discriminated union on `type`.

Payloads hold only deterministic data (no timings, no host paths) so that the same config
and seed give the same journal on the offline stack; timings live in the run's trace files.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Purpose = Literal["train", "dev", "release"]


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RunStarted(_Data):
    type: Literal["run_started"] = "run_started"
    run_id: str
    experiment: str
    config_hash: str
    seed: int


class SplitRecorded(_Data):
    """The data roles, filled with whole families; `roles` holds the sizes actually used
    (a role may exceed its `[data]` size by less than one family)."""

    type: Literal["split_recorded"] = "split_recorded"
    seed: int
    roles: dict[str, tuple[str, ...]]
    hashes: dict[str, str]
    families: dict[str, int] = Field(default_factory=dict)  # whole families per role


class CandidateKept(_Data):
    """A strategy enters the population (the initial one at round 0)."""

    type: Literal["candidate_kept"] = "candidate_kept"
    strategy_id: str
    parent_id: str | None
    round: int
    strategy: dict[str, Any]
    edit: dict[str, Any] | None = None
    proposer: str | None = None


class Evaluation(_Data):
    """One paid evaluation: the runner wrote a suite and the judge scored it."""

    type: Literal["evaluation"] = "evaluation"
    strategy_id: str
    task_id: str
    seed: int
    purpose: Purpose
    success: bool  # F: fails on the initial program and passes on the reference
    initial_outcome: str
    reference_outcome: str
    runner_error: str | None = None
    trace: dict[str, Any] = Field(default_factory=dict)  # public trace summary for proposers
    # Set when the outcome is no verdict on the strategy: the sandbox failed on the initial
    # program or the reference, or the model could not be reached. Absent otherwise, so
    # journals of clean evaluations keep their bytes.
    infra_error: str | None = Field(default=None, exclude_if=lambda value: value is None)


class RoundStarted(_Data):
    type: Literal["round_started"] = "round_started"
    round: int
    parent_id: str
    tasks: tuple[str, ...]
    # Session 0's choice (chosen_by, field, reason, rule_parent_id); absent under the rule.
    selection: dict[str, Any] | None = Field(default=None, exclude_if=lambda value: value is None)


class ProposalRejected(_Data):
    type: Literal["proposal_rejected"] = "proposal_rejected"
    round: int
    attempt: int
    parent_id: str
    proposer: str
    field: str | None
    edit: dict[str, Any] | None
    reason: str
    message: str


class ChildProposed(_Data):
    type: Literal["child_proposed"] = "child_proposed"
    round: int
    attempt: int
    parent_id: str
    child_id: str
    proposer: str
    field: str
    edit: dict[str, Any]
    rationale: str
    strategy: dict[str, Any]


class Screened(_Data):
    type: Literal["screened"] = "screened"
    round: int
    parent_id: str
    child_id: str
    parent_successes: int
    child_successes: int
    regressions: int
    passed: bool
    reason: str
    # The `[search] acceptance` rule that decided; left out of the JSON when it is the
    # default, so journals of searches under the default rule keep their bytes.
    rule: str = Field(
        default="strict-no-regression", exclude_if=lambda rule: rule == "strict-no-regression"
    )
    # When the verdict was fixed before the last task (rsi/screening/race.py; with
    # `stop_when_decided` off the race is replayed over every outcome): how many tasks it
    # read, and the child's gain and regressions over them. Proposers are shown these, so
    # the search is the same whether the other tasks were paid for or not. `passed` and
    # the counts above are over what was paid. Absent when the verdict read every task.
    read: int | None = Field(default=None, exclude_if=lambda value: value is None)
    read_gain: int | None = Field(default=None, exclude_if=lambda value: value is None)
    read_regressions: int | None = Field(default=None, exclude_if=lambda value: value is None)

    def shown(self) -> tuple[int, int]:
        """(gain, regressions) as proposers are shown them: over the tasks the verdict read."""
        if self.read is not None and self.read_gain is not None:
            return self.read_gain, self.read_regressions or 0
        return self.child_successes - self.parent_successes, self.regressions


class DecidedEarly(_Data):
    """A raced evaluation stopped once its decision was fixed (`[search] stop_when_decided`):
    the screen of round `round`'s child (purpose "train"), or a kept child's dev score
    ("dev"). `skipped` are the ops never started: a resume neither runs nor waits for them.
    """

    type: Literal["decided_early"] = "decided_early"
    purpose: Literal["train", "dev"]
    strategy_id: str
    round: int
    evaluated: int  # tasks evaluated (and journaled) before the decision
    skipped: tuple[str, ...]
    reason: str


class DevScored(_Data):
    type: Literal["dev_scored"] = "dev_scored"
    strategy_id: str
    rar: float
    successes: int
    n: int
    # The dev race stopped early (rsi/screening/race.py): `rar` is an upper bound, `successes`
    # plus the tasks not evaluated over `n`; `successes` counts the `evaluated` tasks.
    at_most: bool = Field(default=False, exclude_if=lambda value: not value)
    evaluated: int | None = Field(default=None, exclude_if=lambda value: value is None)


class Reflection(_Data):
    type: Literal["reflection"] = "reflection"
    round: int
    insight: str


class ProposerUsage(_Data):
    """Model usage of one proposer session (the optimizer's scope, which [budget] caps).
    Recorded only by LLM proposers; counts exclude whether a reply came from the cache (a
    resumed search journals the same numbers); `estimated_*` is the part no server
    reported (a timed-out call counts at its reservation). Offline journals never hold it."""

    type: Literal["proposer_usage"] = "proposer_usage"
    round: int
    attempt: int
    session: str
    calls: int
    input_tokens: int
    output_tokens: int
    estimated_calls: int = Field(default=0, exclude_if=lambda value: value == 0)
    estimated_input_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)
    estimated_output_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)
    cache_read_input_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)
    cache_write_input_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)
    # An agent session's trace: tool calls (step, tool, cut arguments, output size, refused),
    # steps, stop reason, task-trace chars read; their seconds are in workspaces/ (they vary).
    tools: list[dict[str, Any]] = Field(default_factory=list, exclude_if=lambda value: not value)
    steps: int = Field(default=0, exclude_if=lambda value: value == 0)
    stop: str = Field(default="", exclude_if=lambda value: value == "")
    trace_chars: int = Field(default=0, exclude_if=lambda value: value == 0)


class RoundCompleted(_Data):
    type: Literal["round_completed"] = "round_completed"
    round: int
    attempts: int
    kept: bool


class ChampionFrozen(_Data):
    type: Literal["champion_frozen"] = "champion_frozen"
    strategy_id: str
    dev_rar: float
    sha256: str
    strategy: dict[str, Any]


class GateDecided(_Data):
    """The gate's decision and its whole record: with the release evaluations of both
    strategies in the journal, `bootstrap_seed` and `resamples` recompute the intervals."""

    type: Literal["gate_decided"] = "gate_decided"
    challenger_id: str
    baseline_id: str
    release_hash: str
    override: bool
    report: dict[str, Any]
    bootstrap_seed: int | None = None  # None only in journals written before it was recorded
    resamples: int | None = None
    alpha_one_sided: float | None = None
    # With `override`: the runs that had reserved or decided this split before this one.
    earlier_runs: tuple[str, ...] = ()


class GatePower(_Data):
    """The gate's power to detect `[release] min_effect` on this release split.

    Journaled when the search starts (`basis` "prior": the initial strategy's success rate
    is not known, 0.5 is assumed) and again once its dev RAR is (`basis` "dev").
    """

    type: Literal["gate_power"] = "gate_power"
    basis: Literal["prior", "dev"]
    n: int
    baseline_rate: float
    effect: float
    alpha: float
    power: float


class ReleaseSkipped(_Data):
    """No gate ran: the champion is the initial strategy, so nothing can be promoted; the
    release split was evaluated on nothing and its reservation was freed."""

    type: Literal["release_skipped"] = "release_skipped"
    release_hash: str
    reason: str


class GateDeferred(_Data):
    """The gate refused to decide on outcomes that are mostly infrastructure errors; the
    split stays reserved, and `rsi resume` re-runs those evaluations and decides."""

    type: Literal["gate_deferred"] = "gate_deferred"
    release_hash: str
    attempt: int
    errors: dict[str, int]  # strategy id -> release evaluations that were infrastructure errors
    n: int
    reason: str


HealthCause = Literal["unreachable", "slow", "format", "no-tool-calls"]


class AbandonedUsage(_Data):
    """What an evaluation a stop abandoned used (not journaled: a resume runs its op again)."""

    op: str
    calls: int = 0
    remembered_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0


class SearchHalted(_Data):
    """The model's health stopped the search (`evaluators.llm.health`): `cause` is
    unreachable, slow, format or no-tool-calls (None in older journals: unreachable);
    `abandoned`: what the returned, unjournaled evaluations used. `rsi resume` continues."""

    type: Literal["search_halted"] = "search_halted"
    reason: str
    cause: HealthCause | None = None
    abandoned: tuple[AbandonedUsage, ...] = ()


class SearchStopped(_Data):
    type: Literal["search_stopped"] = "search_stopped"
    reason: str


class SearchPaused(_Data):
    """A `[budget]` cap ran out: the optimizer's model budget (resumable with a larger
    `[budget]`, or finished as it stands with `rsi resume --finish`), or a money cap,
    before the task or call that could cross it (resumable with a larger cap). Also a
    plugin runner's abort (`RunnerAbort`), resumable once it is fixed; an older journal
    paused here on a model that ignored the reply format (now a `search_halted`)."""

    type: Literal["search_paused"] = "search_paused"
    reason: str
    attempts: int


class LineageFailed(_Data):
    """An MLflow projection failed; the search went on and `rsi mlflow sync` fills the gap."""

    type: Literal["lineage_failed"] = "lineage_failed"
    event_seq: int
    error: str


# Every event but the evaluation; the journal's and the fold's unions add their own kind of it.
_NON_EVALUATION_EVENTS = (
    RunStarted,
    SplitRecorded,
    CandidateKept,
    RoundStarted,
    ProposalRejected,
    ChildProposed,
    Screened,
    DecidedEarly,
    DevScored,
    Reflection,
    ProposerUsage,
    RoundCompleted,
    ChampionFrozen,
    GateDecided,
    GatePower,
    ReleaseSkipped,
    GateDeferred,
    SearchHalted,
    SearchStopped,
    SearchPaused,
    LineageFailed,
)
EventData = Annotated[
    Union[(Evaluation, *_NON_EVALUATION_EVENTS)],
    Field(discriminator="type"),
]
EVENT_DATA: TypeAdapter[EventData] = TypeAdapter(EventData)


class Event(BaseModel):
    """One journal line: `{seq, ts, type, op, data}`."""

    model_config = ConfigDict(frozen=True)

    seq: int
    ts: str
    type: str
    op: str
    data: EventData
