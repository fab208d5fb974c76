"""The MLflow picture of a search, a pure function of its journal (docs/design.md section 10).

`plan(events)` returns one `NodeSpec` per MLflow run, parents before children:
- `search`: the search itself (kind `search`): `quickstart · champion 749664 · gate promote`;
- `gate`: the gate's decision (kind `gate`), under `search`: `gate promote: 14 wins, ...`;
- `candidate:<id>`: each kept candidate, nested under its parent candidate's node (the
  initial candidate under `search`), so the MLflow UI draws the evolution tree natively;
- `discarded:<round>:<id>`: a child that was evaluated but failed screening, nested under
  the parent it was proposed from (kind `discarded`);
- `rejected:<round>:<attempt>`: a proposal refused before evaluation (invalid edit, failed
  health check, no proposal), nested under its parent candidate (kind `rejected`).

Every value is derived from the journal alone (timestamps included), so a rebuild from the
journal gives the same runs as the live mirror did. Run names lead with what the runs table
must show before it cuts them: `★ champion r3: maxRounds = 3`, `r2 discarded: 1 regression
· contextTokens = 24000`, `r2.1 rejected: out_of_range · contextTokens` (the ids are in the
`rsi.candidate_id` tags, the run directory in `rsi.run_id`). Screened runs have `screen_rar`
and kept ones `dev_rar`, the columns of the shared view (`rsi.lineage.experiment_view`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rsi.config import ExperimentConfig
from rsi.forecast import spend
from rsi.journal import (
    CandidateKept,
    ChampionFrozen,
    ChildProposed,
    DevScored,
    Event,
    GateDecided,
    ProposalRejected,
    ReleaseSkipped,
    RunStarted,
    Screened,
    SearchState,
    SearchStopped,
    TraceSource,
    fold,
    lineage_edits,
    why_discarded,
)
from rsi.lineage.naming import (
    CHAMPION_MARK,
    edit_name,
    edit_tags,
    gate_parts,
    gate_run_name,
    iso_ms,
    pretty_json,
    search_name,
    shorten,
    strategy_params,
)

SEARCH_NODE = "search"
GATE_NODE = "gate"


@dataclass(frozen=True)
class NodeSpec:
    """What one MLflow run must hold. `end_ms` set means the run is FINISHED."""

    key: str
    parent: str | None
    name: str
    start_ms: int
    end_ms: int | None = None
    tags: Mapping[str, str] = field(default_factory=dict)
    params: Mapping[str, str] = field(default_factory=dict)
    metrics: Mapping[str, float] = field(default_factory=dict)
    artifacts: Mapping[str, str] = field(default_factory=dict)  # relative path -> text


@dataclass(frozen=True)
class Plan:
    run_id: str
    experiment: str
    nodes: tuple[NodeSpec, ...]
    state: SearchState


def candidate_node(strategy_id: str) -> str:
    return f"candidate:{strategy_id}"


class _Planner:
    def __init__(
        self,
        events: Sequence[Event],
        traces: TraceSource | None,
        config: ExperimentConfig | None = None,
    ) -> None:
        self.events = events
        self.config = config
        self.state = fold(list(events), traces)
        self.ts: dict[tuple[str, str], int] = {}
        for event in events:
            key = self._ts_key(event)
            if key is not None:
                self.ts.setdefault(key, iso_ms(event.ts))

    @staticmethod
    def _ts_key(event: Event) -> tuple[str, str] | None:
        data = event.data
        if isinstance(data, CandidateKept | DevScored):
            return (data.type, data.strategy_id)
        if isinstance(data, Screened):
            return (data.type, str(data.round))
        if isinstance(data, ProposalRejected):
            return (data.type, f"{data.round}:{data.attempt}")
        if isinstance(
            data, RunStarted | ChampionFrozen | GateDecided | SearchStopped | ReleaseSkipped
        ):
            return (data.type, "")
        return None

    def _round_traces(self, r: int, parent_id: str, child_id: str) -> str:
        """Per-task proposal-split outcomes of parent and child on round r's minibatch."""
        started = self.state.rounds_started.get(r)
        tasks = started.tasks if started else ()
        by_key = {
            (e.strategy_id, e.task_id): (op, e)
            for op, e in self.state.evaluations.items()
            if e.purpose == "train"
        }
        rows = []
        for task in tasks:
            row: dict[str, Any] = {"task_id": task}
            for role, sid in (("parent", parent_id), ("child", child_id)):
                found = by_key.get((sid, task))
                if found is None:
                    row[role] = None
                    continue
                op, evaluation = found
                row[role] = evaluation.model_dump(
                    mode="json", include={"success", "initial_outcome", "reference_outcome"}
                ) | {"runner_error": evaluation.runner_error, "trace": self.state.trace(op)}
            rows.append(row)
        return pretty_json(
            {"round": r, "parent_id": parent_id, "child_id": child_id, "tasks": rows}
        )

    def _diagnosis(self, proposal: ChildProposed | None, r: int) -> str:
        lines = [f"# Round {r}", ""]
        if proposal is not None:
            lines += [
                f"Proposer: {proposal.proposer}; field: {proposal.field}",
                "",
                "## Rationale",
                "",
                proposal.rationale or "(none)",
                "",
            ]
        usage = [u for u in self.state.usage if u.round == r]
        if usage:
            lines += ["## Model sessions", ""]
            lines += [
                f"- {u.session} (attempt {u.attempt}): {u.calls} calls, "
                f"{u.input_tokens} input and {u.output_tokens} output tokens"
                for u in usage
            ]
            lines.append("")
        insights = [x.insight for x in self.state.reflections if x.round == r]
        if insights:
            lines += ["## Reflection", "", *insights, ""]
        return "\n".join(lines)

    def _proposal(self, r: int, child_id: str) -> ChildProposed | None:
        found = [p for p in self.state.proposals if p.round == r and p.child_id == child_id]
        return found[-1] if found else None

    def _screen_parts(self, screen: Screened | None) -> tuple[dict[str, str], dict[str, float]]:
        if screen is None:
            return {}, {}
        started = self.state.rounds_started.get(screen.round)
        size = len(started.tasks) if started is not None else 0
        tags = {
            "rsi.screen_verdict": "passed" if screen.passed else "failed",
            "rsi.screen_reason": screen.reason,
        }
        metrics = {
            "parent_minibatch_successes": float(screen.parent_successes),
            "child_minibatch_successes": float(screen.child_successes),
            "regressions": float(screen.regressions),
        }
        if size:
            metrics["screen_rar"] = screen.child_successes / size
        return tags, metrics

    def search(self, started: RunStarted) -> NodeSpec:
        state = self.state
        tags = {
            "rsi.kind": "search",
            "rsi.experiment": started.experiment,
            "rsi.config_hash": started.config_hash,
            "rsi.seed": str(started.seed),
        }
        metrics: dict[str, float] = {}
        artifacts: dict[str, str] = {}
        if state.split is not None:
            artifacts["split.json"] = pretty_json(state.split.model_dump(mode="json"))
        if state.stopped is not None:
            tags["rsi.stopped"] = state.stopped.reason
            metrics |= {
                "rounds_completed": float(state.completed_rounds),
                "attempts": float(state.attempts),
                "rejected": float(len(state.rejections)),
                "kept": float(len(state.candidates)),
            }
        if self.config is not None:
            spend_tags, spend_metrics = spend(state, self.config).as_metrics()
            tags |= spend_tags
            metrics |= spend_metrics
        if state.champion is not None:
            tags["rsi.champion_id"] = state.champion.strategy_id
            metrics["champion_dev_rar"] = state.champion.dev_rar
        if state.start_power is not None:
            metrics["gate_power_at_start"] = state.start_power.power
        if state.release_skipped is not None:
            tags["rsi.release"] = state.release_skipped.reason
        if state.gate is not None:
            report = state.gate.report
            tags |= {f"rsi.gate.{k}": shorten(report[k]) for k in ("promote", "reason")}
            if state.gate.override:
                tags["rsi.gate.split_claimed_before_by"] = ", ".join(state.gate.earlier_runs)
            metrics |= {
                f"gate_{k}": float(report[k]) for k in ("wins", "losses", "p_value", "diff_pp")
            }
        return NodeSpec(
            key=SEARCH_NODE,
            parent=None,
            name=search_name(started.experiment, state),
            start_ms=self.ts[("run_started", "")],
            end_ms=self.ts.get(("gate_decided", "")) or self.ts.get(("release_skipped", "")),
            tags=tags,
            metrics=metrics,
            artifacts=artifacts,
        )

    def gate(self) -> NodeSpec | None:
        """The release gate as a run of its own, so the runs table shows the decision."""
        end = self.ts.get(("gate_decided", "")) or self.ts.get(("release_skipped", ""))
        if end is None:
            return None
        tags, metrics = gate_parts(self.state)
        return NodeSpec(
            key=GATE_NODE,
            parent=SEARCH_NODE,
            name=gate_run_name(self.state),
            start_ms=self.ts.get(("champion_frozen", ""), end),
            end_ms=end,
            tags=tags,
            metrics=metrics,
        )

    def candidate(self, sid: str) -> NodeSpec:
        kept = self.state.candidates[sid]
        parent = self.state.candidates.get(kept.parent_id) if kept.parent_id else None
        tags = {"rsi.kind": "candidate", "rsi.candidate_id": sid, "rsi.round": str(kept.round)}
        metrics: dict[str, float] = {}
        artifacts = {
            "strategy/strategy.json": pretty_json(kept.strategy),
            "strategy/lineage.json": pretty_json(lineage_edits(self.state, sid)),
        }
        if parent is not None:
            tags |= {"rsi.parent_id": parent.strategy_id, "rsi.proposer": kept.proposer or ""}
            tags |= edit_tags(parent.strategy, kept.strategy)
            screen = self.state.screens.get(kept.round)
            screen = screen if screen is not None and screen.child_id == sid else None
            screen_tags, metrics = self._screen_parts(screen)
            tags |= screen_tags
            proposal = self._proposal(kept.round, sid)
            artifacts["strategy/edit.json"] = pretty_json(kept.edit)
            artifacts["diagnosis.md"] = self._diagnosis(proposal, kept.round)
            artifacts["trace_summary.json"] = self._round_traces(
                kept.round, parent.strategy_id, sid
            )
        if kept.dev_rar is not None:
            metrics["dev_rar"] = kept.dev_rar
            if kept.dev_rar_at_most:  # the dev race stopped early: the metric is a bound
                tags["rsi.dev_rar_bound"] = "at most"
        champion = self.state.champion
        name = f"r{kept.round} kept: {edit_name(kept.edit)}" if parent is not None else "initial"
        if champion is not None and champion.strategy_id == sid:
            tags["rsi.champion"] = "true"
            name = f"{CHAMPION_MARK} {name.replace(' kept:', ':')}"
        return NodeSpec(
            key=candidate_node(sid),
            parent=candidate_node(parent.strategy_id) if parent is not None else SEARCH_NODE,
            name=name,
            start_ms=self.ts[("candidate_kept", sid)],
            end_ms=self.ts.get(("dev_scored", sid)),
            tags=tags,
            params=strategy_params(kept.strategy),
            metrics=metrics,
            artifacts=artifacts,
        )

    def discarded(self, screen: Screened) -> NodeSpec | None:
        proposal = self._proposal(screen.round, screen.child_id)
        parent = self.state.candidates.get(screen.parent_id)
        if proposal is None or parent is None:
            return None
        tags = {
            "rsi.kind": "discarded",
            "rsi.candidate_id": screen.child_id,
            "rsi.parent_id": screen.parent_id,
            "rsi.round": str(screen.round),
            "rsi.attempt": str(proposal.attempt),
            "rsi.proposer": proposal.proposer,
        }
        tags |= edit_tags(parent.strategy, proposal.strategy)
        screen_tags, metrics = self._screen_parts(screen)
        start = self.ts[("screened", str(screen.round))]
        return NodeSpec(
            key=f"discarded:{screen.round}:{screen.child_id}",
            parent=candidate_node(screen.parent_id),
            name=(
                f"r{screen.round} discarded: {why_discarded(screen)} · {edit_name(proposal.edit)}"
            ),
            start_ms=start,
            end_ms=start,
            tags=tags | screen_tags,
            params=strategy_params(proposal.strategy),
            metrics=metrics,
            artifacts={
                "strategy/strategy.json": pretty_json(proposal.strategy),
                "strategy/edit.json": pretty_json(proposal.edit),
                "diagnosis.md": self._diagnosis(proposal, screen.round),
                "trace_summary.json": self._round_traces(
                    screen.round, screen.parent_id, screen.child_id
                ),
            },
        )

    def rejected(self, rejection: ProposalRejected) -> NodeSpec | None:
        if rejection.parent_id not in self.state.candidates:
            return None
        tags = {
            "rsi.kind": "rejected",
            "rsi.parent_id": rejection.parent_id,
            "rsi.round": str(rejection.round),
            "rsi.attempt": str(rejection.attempt),
            "rsi.proposer": rejection.proposer,
            "rsi.rejection_reason": rejection.reason,
            "rsi.rejection_message": shorten(rejection.message),
            "rsi.screen_verdict": "not evaluated",
        }
        if rejection.field:
            tags["rsi.edited_field"] = rejection.field
        start = self.ts[("proposal_rejected", f"{rejection.round}:{rejection.attempt}")]
        artifacts = {"rejection.json": pretty_json(rejection.model_dump(mode="json"))}
        if rejection.edit is not None:
            artifacts["strategy/edit.json"] = pretty_json(rejection.edit)
        return NodeSpec(
            key=f"rejected:{rejection.round}:{rejection.attempt}",
            parent=candidate_node(rejection.parent_id),
            name=f"r{rejection.round}.{rejection.attempt} rejected: {rejection.reason}"
            + (f" · {rejection.field}" if rejection.field else ""),
            start_ms=start,
            end_ms=start,
            tags=tags,
            artifacts=artifacts,
        )

    def build(self) -> Plan | None:
        started = next((e.data for e in self.events if isinstance(e.data, RunStarted)), None)
        if started is None:
            return None
        nodes: list[NodeSpec | None] = [self.search(started)]
        nodes += [self.candidate(sid) for sid in self.state.candidates]
        # A passing child becomes a candidate node once kept; only failures are discarded.
        nodes += [self.discarded(s) for s in self.state.screens.values() if not s.passed]
        nodes += [self.rejected(r) for r in self.state.rejections]
        nodes.append(self.gate())
        return Plan(
            run_id=started.run_id,
            experiment=started.experiment,
            nodes=tuple(n for n in nodes if n is not None),
            state=self.state,
        )


def plan(
    events: Sequence[Event],
    traces: TraceSource | None = None,
    config: ExperimentConfig | None = None,
) -> Plan | None:
    """The runs a journal projects to; None before `run_started`. Pass `traces` when the
    events' evaluations come without their traces (`rsi.journal.without_trace`), and the
    run's `config` for its model usage and dollars on the search run."""
    return _Planner(events, traces, config).build()
