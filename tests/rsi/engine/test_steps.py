"""The round's steps run without an engine: each takes its state, a `record` callable and
what it calls, so a proposal, a freeze or a gate can be exercised alone."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from evaluators.tasks import TaskSet
from rsi.config import ReleaseSection
from rsi.engine import ProposalStep
from rsi.journal import (
    CandidateKept,
    ChildProposed,
    DevScored,
    Evaluation,
    Event,
    EventData,
    GateDecided,
    Journal,
    ProposalRejected,
    Purpose,
    ReleaseSkipped,
    RoundStarted,
    SearchState,
    SplitRecorded,
    evaluation_op,
)
from rsi.proposers import NoProposal, Proposal, ProposalContext
from rsi.release import (
    EvaluateMany,
    GateInputs,
    GateUndecided,
    ReleaseLedger,
    freeze_champion,
    gate_release,
    settle_release,
)
from search_space import ProseGuard, SearchSpace, Strategy, strategy_id

ROOT = Path(__file__).resolve().parents[3]
TASK = "clamp-range"


class Recorder:
    """A real journal plus the fold: what the engine's `record` does, minus the engine."""

    def __init__(self, run_dir: Path) -> None:
        self.journal = Journal(run_dir)
        self.state = SearchState()

    def __call__(self, op: str, data: EventData) -> Event:
        known = self.journal.get(op)
        event = self.journal.append(op, data)
        if known is None:
            self.state.apply(event)
        return event


class OneEdit:
    name = "fixed"

    def __init__(self, edit: dict[str, object] | None) -> None:
        self.edit = edit
        self.seen: list[ProposalContext] = []

    def propose(self, context: ProposalContext) -> Proposal:
        self.seen.append(context)
        if self.edit is None:
            raise NoProposal("nothing left")
        return Proposal(self.edit, str(self.edit.get("field", "")), self.name, "test")


@pytest.fixture
def recorder(tmp_path: Path) -> Recorder:
    return Recorder(tmp_path / "run")


def _step(recorder: Recorder, proposer: OneEdit, health: float = 5.0) -> ProposalStep:
    tasks = TaskSet.load(ROOT / "tests/fixtures/tasks")
    return ProposalStep(
        state=recorder.state,
        record=recorder,
        proposer=proposer,
        tasks=tasks,
        space=SearchSpace(),
        guard=ProseGuard.for_tasks(tasks.ids),
        seed=42,
        health_check=lambda strategy: None,
        health_timeout_s=health,
    )


def _start_round(recorder: Recorder, parent: Strategy) -> RoundStarted:
    sid = strategy_id(parent)
    recorder("keep", CandidateKept(strategy_id=sid, parent_id=None, round=0, strategy={}))
    recorder(
        evaluation_op("train", sid, TASK, 42),
        Evaluation(
            strategy_id=sid,
            task_id=TASK,
            seed=42,
            purpose="train",
            success=False,
            initial_outcome="pass",
            reference_outcome="pass",
            trace={"phases": []},
        ),
    )
    event = recorder("round:1:start", RoundStarted(round=1, parent_id=sid, tasks=(TASK,)))
    assert isinstance(event.data, RoundStarted)
    return event.data


def test_a_valid_edit_becomes_a_journaled_child_of_exactly_that_edit(recorder: Recorder) -> None:
    parent = Strategy()
    started = _start_round(recorder, parent)
    proposer = OneEdit({"op": "set_scalar", "field": "agentSteps", "value": 14})
    child = _step(recorder, proposer).attempt(parent, started)
    assert isinstance(child, ChildProposed)
    assert child.strategy["agentSteps"] == 14 and child.field == "agentSteps"
    assert recorder.state.proposals == [child]
    (context,) = proposer.seen
    assert [f.task_id for f in context.feedback] == [TASK]  # the parent's journaled evidence
    assert context.feedback[0].instruction  # public text only


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        ({"op": "set_scalar", "field": "agentSteps", "value": 99}, "out_of_range"),
        (None, "no_proposal"),
    ],
)
def test_a_refused_edit_is_a_journaled_rejection_shown_to_the_next_attempt(
    recorder: Recorder, edit: dict[str, object] | None, reason: str
) -> None:
    parent = Strategy()
    started = _start_round(recorder, parent)
    proposer = OneEdit(edit)
    step = _step(recorder, proposer)
    assert step.attempt(parent, started) is None
    (rejection,) = recorder.state.rejections
    assert isinstance(rejection, ProposalRejected)
    assert (rejection.attempt, rejection.reason) == (1, reason)
    assert step.attempt(parent, started) is None
    assert recorder.state.rejections[-1].attempt == 2
    assert proposer.seen[-1].history[0].verdict == "rejected"


def test_a_hung_health_check_is_a_rejection_not_a_hang(recorder: Recorder) -> None:
    parent = Strategy()
    started = _start_round(recorder, parent)
    release = threading.Event()
    step = _step(recorder, OneEdit({"op": "set_scalar", "field": "agentSteps", "value": 14}), 0.2)
    hung = ProposalStep(**{**step.__dict__, "health_check": lambda _s: release.wait(60)})
    try:
        assert hung.attempt(parent, started) is None
    finally:
        release.set()
    assert recorder.state.rejections[0].reason == "health_check"


def _scored_state(recorder: Recorder, rates: Mapping[str, float]) -> dict[str, Strategy]:
    strategies = {"initial": Strategy(), "child": Strategy(agentSteps=14)}
    parent = None
    for name, strategy in strategies.items():
        if name not in rates:
            continue
        sid = strategy_id(strategy)
        recorder(
            f"keep:{sid}",
            CandidateKept(
                strategy_id=sid,
                parent_id=parent,
                round=0 if parent is None else 1,
                strategy=strategy.to_json_dict(),
            ),
        )
        recorder(f"dev:{sid}", DevScored(strategy_id=sid, rar=rates[name], successes=0, n=4))
        parent = sid
    return strategies


def test_freeze_writes_the_best_candidate_read_only_and_refuses_a_changed_file(
    recorder: Recorder, tmp_path: Path
) -> None:
    strategies = _scored_state(recorder, {"initial": 0.25, "child": 0.5})
    frozen = freeze_champion(recorder.state, tmp_path, recorder)
    assert frozen.strategy_id == strategy_id(strategies["child"])
    path = tmp_path / "champion.json"
    assert path.stat().st_mode & 0o222 == 0
    path.chmod(0o644)
    path.write_text("{}")
    with pytest.raises(ValueError, match="changed after freezing"):
        freeze_champion(recorder.state, tmp_path, recorder)


def test_gate_pairs_outcomes_per_task_and_consumes_the_split(
    recorder: Recorder, tmp_path: Path
) -> None:
    strategies = _scored_state(recorder, {"initial": 0.25, "child": 0.5})
    release = tuple(f"r{i}" for i in range(8))
    recorder(
        "split",
        SplitRecorded(seed=42, roles={"release": release}, hashes={"release": "h" * 64}),
    )
    freeze_champion(recorder.state, tmp_path, recorder)
    champion_id = strategy_id(strategies["child"])
    calls: list[tuple[str, Purpose]] = []

    def evaluate_one_strategy(
        strategy: Strategy, task_ids: Sequence[str], purpose: Purpose
    ) -> dict[str, Evaluation]:
        calls.append((strategy_id(strategy), purpose))
        champion = strategy_id(strategy) == champion_id
        return {
            t: Evaluation(
                strategy_id=strategy_id(strategy),
                task_id=t,
                seed=42,
                purpose=purpose,
                success=champion or i < 2,  # the champion wins tasks 2..7
                initial_outcome="fail",
                reference_outcome="pass",
            )
            for i, t in enumerate(task_ids)
        }

    def evaluate(
        strategies: Sequence[Strategy], task_ids: Sequence[str], purpose: Purpose
    ) -> list[dict[str, Evaluation]]:
        return [evaluate_one_strategy(s, task_ids, purpose) for s in strategies]

    ledger = ReleaseLedger(tmp_path / "runs")
    inputs = GateInputs(
        state=recorder.state,
        record=recorder,
        evaluate=evaluate,
        initial=strategies["initial"],
        settings=ReleaseSection(),
        ledger=ledger,
        reservation=ledger.reserve("h" * 64, "run", override=False),
    )
    decided = gate_release(inputs)
    assert (decided.report["wins"], decided.report["losses"]) == (6, 0)
    assert decided.report["promote"] and not decided.override
    assert calls == [(champion_id, "release"), (strategy_id(strategies["initial"]), "release")]
    assert settle_release(inputs) == decided and len(calls) == 2  # decided once, never re-paid
    assert [e.status for e in ledger.entries()] == ["reserved", "consumed"]


def _release_inputs(
    recorder: Recorder,
    tmp_path: Path,
    strategies: dict[str, Strategy],
    evaluate: EvaluateMany,
) -> GateInputs:
    release_ids = tuple(f"r{i}" for i in range(10))
    recorder(
        "split",
        SplitRecorded(seed=42, roles={"release": release_ids}, hashes={"release": "h" * 64}),
    )
    freeze_champion(recorder.state, tmp_path, recorder)
    ledger = ReleaseLedger(tmp_path / "runs")
    return GateInputs(
        state=recorder.state,
        record=recorder,
        evaluate=evaluate,
        initial=strategies["initial"],
        settings=ReleaseSection(),
        ledger=ledger,
        reservation=ledger.reserve("h" * 64, "run", override=False),
    )


def _outcomes(errors: Mapping[str, int], champion_id: str) -> EvaluateMany:
    """Champion solves every task, the baseline none; the first `errors[sid]` tasks of a
    strategy are sandbox infrastructure errors."""

    def evaluate(
        strategies: Sequence[Strategy], task_ids: Sequence[str], purpose: Purpose
    ) -> list[dict[str, Evaluation]]:
        out = []
        for strategy in strategies:
            sid = strategy_id(strategy)
            failing = errors.get(sid, 0)
            out.append(
                {
                    t: Evaluation(
                        strategy_id=sid,
                        task_id=t,
                        seed=42,
                        purpose=purpose,
                        success=sid == champion_id and i >= failing,
                        initial_outcome="error" if i < failing else "fail",
                        reference_outcome="pass",
                        infra_error="sandbox: initial: infrastructure failure"
                        if i < failing
                        else None,
                    )
                    for i, t in enumerate(task_ids)
                }
            )
        return out

    return evaluate


def test_a_search_that_kept_no_child_releases_nothing_and_frees_its_split(
    recorder: Recorder, tmp_path: Path
) -> None:
    strategies = _scored_state(recorder, {"initial": 0.5})
    evaluated: list[str] = []

    def evaluate(
        strategies_: Sequence[Strategy], task_ids: Sequence[str], purpose: Purpose
    ) -> list[dict[str, Evaluation]]:
        evaluated.append(purpose)
        return []

    inputs = _release_inputs(recorder, tmp_path, strategies, evaluate)
    ended = settle_release(inputs)
    assert isinstance(ended, ReleaseSkipped) and "nothing to release" in ended.reason
    assert evaluated == [] and recorder.state.gate is None
    assert [e.status for e in inputs.ledger.entries()] == ["reserved", "released"]
    assert inputs.ledger.conflict("h" * 64, "another-run") is None  # the split is free again


def test_the_gate_decides_only_on_real_outcomes(recorder: Recorder, tmp_path: Path) -> None:
    strategies = _scored_state(recorder, {"initial": 0.25, "child": 0.5})
    champion_id = strategy_id(strategies["child"])
    initial_id = strategy_id(strategies["initial"])
    # 2 of 10 baseline evaluations are infrastructure errors: more than 0.1, no decision
    inputs = _release_inputs(
        recorder, tmp_path, strategies, _outcomes({initial_id: 2}, champion_id)
    )
    with pytest.raises(GateUndecided, match="2 of 10 release evaluations"):
        settle_release(inputs)
    assert recorder.state.gate is None and len(recorder.state.deferrals) == 1
    assert [e.status for e in inputs.ledger.entries()] == ["reserved"]  # not consumed
    # once they are re-run without errors (one left: within the share), the gate decides
    retried = GateInputs(**{**inputs.__dict__, "evaluate": _outcomes({initial_id: 1}, champion_id)})
    decided = settle_release(retried)
    assert isinstance(decided, GateDecided) and decided.report["wins"] == 10
    assert (decided.bootstrap_seed, decided.resamples, decided.alpha_one_sided) == (42, 10000, 0.05)
    journaled = [e for e in recorder.state.evaluations.values() if e.infra_error]
    assert len(journaled) == 1  # the error the gate accepted is on record, as a failure
    assert [e.status for e in inputs.ledger.entries()] == ["reserved", "consumed"]
