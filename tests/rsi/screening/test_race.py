"""Races (rsi.screening.race): waves fixed by the outcomes so far, the dev race's tie rule, and a
screen that stops once decided: nothing after the deciding wave starts, not even ahead in
an idle slot, and a resume evaluates only what the decision read.

The screen runs on the evaluator rig of tests/support/evaluator_rig.py: a real
ThreadPoolExecutor, Evaluator and Journal, `evaluate_one` replaced by a recording worker.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from rsi.engine.proposal_context import evolution_dag
from rsi.engine.reflection_step import ReflectionStep
from rsi.engine.screen_step import ScreenStep
from rsi.execution import PrefetchBatch
from rsi.journal import (
    CandidateKept,
    ChildProposed,
    DevScored,
    Event,
    EventData,
    Journal,
    RoundStarted,
    Screened,
    SearchState,
    SplitRecorded,
    evaluation_op,
)
from rsi.proposers import ReflectionResult, ScreenFeedback
from rsi.screening import acceptance_rule
from rsi.screening.race import Racing, dev_race, next_wave, replay, run_race, screen_order
from search_space import SearchSpace, strategy_id
from tests.support.evaluator_rig import CHILD, PARENT, SEED, Worker, fake_evaluation, rig


def _at_least(k: int) -> object:
    """Decided once `k` successes are read."""

    def decide(read: Mapping[str, bool]) -> int | None:
        return sum(read.values()) if sum(read.values()) >= k else None

    return decide


def test_a_wave_is_everything_before_the_first_outcome_that_could_decide() -> None:
    order = tuple("abcdefgh")
    decide = _at_least(3)
    assert next_wave(order, {}, decide, 1) == ("a", "b", "c")  # 3 successes at the soonest
    assert next_wave(order, {}, decide, 5) == tuple("abcde")  # never below the least wave
    assert next_wave(order, {"a": True, "b": True}, decide, 1) == ("c",)
    assert next_wave(order, {}, _at_least(99), 2) == order  # never decided: every task


def test_a_race_reads_the_same_waves_whatever_evaluates_them() -> None:
    outcomes = dict(
        zip("abcdefgh", (False, True, False, True, True, False, True, True), strict=True)
    )
    asked: list[tuple[str, ...]] = []

    def evaluate(tasks: tuple[str, ...]) -> dict[str, bool]:
        asked.append(tasks)
        return {t: outcomes[t] for t in reversed(tasks)}  # finishing order is irrelevant

    raced = run_race(tuple(outcomes), _at_least(3), evaluate, 2)
    assert asked == [("a", "b", "c"), ("d", "e")]
    assert raced.decision == 3 and raced.early and raced.left == ("f", "g", "h")
    assert replay(tuple(outcomes), outcomes, _at_least(3), 2) == raced


def test_the_screen_order_puts_what_the_parent_solved_first() -> None:
    parent = {"a": False, "b": True, "c": False, "d": True}
    assert screen_order(parent, ("a", "b", "c", "d")) == ("b", "d", "a", "c")


def _state(rars: dict[str, float], chain: list[str]) -> SearchState:
    """Candidates kept one after another, each the child of the one before."""
    state = SearchState()
    parent = None
    for seq, sid in enumerate(chain, start=1):
        kept = CandidateKept(strategy_id=sid, parent_id=parent, round=seq - 1, strategy={})
        state.apply(Event(seq=seq, ts="t", type=kept.type, op=f"keep:{sid}", data=kept))
        if sid in rars:
            dev = DevScored(strategy_id=sid, rar=rars[sid], successes=round(rars[sid] * 4), n=4)
            state.apply(Event(seq=seq, ts="t", type=dev.type, op=f"dev:{sid}", data=dev))
        parent = sid
    return state


def test_the_dev_race_minds_the_tie_rule() -> None:
    # The child of the best (a later generation) wins a tie: it needs 2 of 4 successes.
    state = _state({"init": 0.5}, ["init", "child"])
    decide = dev_race(state, "child", 4)
    assert decide is not None
    assert decide({"a": False, "b": False}) is None  # 2 left: a tie is still reachable
    assert decide({"a": False, "b": False, "c": False}) == 1  # at most 1: never best
    # A sibling of the best (same generation) must beat it: 3 of 4.
    sibling = _state({"init": 0.25, "best": 0.5}, ["init", "best"])
    kept = CandidateKept(strategy_id="sib", parent_id="init", round=2, strategy={})
    sibling.apply(Event(seq=9, ts="t", type=kept.type, op="keep:sib", data=kept))
    decide = dev_race(sibling, "sib", 4)
    assert decide is not None and decide({"a": False, "b": False}) == 2
    assert dev_race(SearchState(), "init", 4) is None  # nothing scored: the initial, whole


def test_an_upper_bound_is_never_the_best_candidate() -> None:
    state = _state({"init": 0.5, "child": 0.5}, ["init", "child"])
    assert state.best_candidate().strategy_id == "child"  # a later generation wins a tie
    bound = DevScored(strategy_id="child", rar=0.5, successes=1, n=4, at_most=True, evaluated=3)
    state.apply(Event(seq=9, ts="t", type=bound.type, op="dev:child", data=bound))
    assert state.candidates["child"].dev_rar_at_most
    assert state.best_candidate().strategy_id == "init"


def test_the_optimizers_dag_marks_a_bound_and_counts_what_the_verdict_read() -> None:
    """Session 0 chooses the parent from the DAG: a dev RAR that is an upper bound says so,
    and screen counts are the verdict's (the same whether the rest was paid for)."""
    state = _state({"init": 0.5, "child": 0.5}, ["init", "child"])
    bound = DevScored(strategy_id="child", rar=0.5, successes=1, n=4, at_most=True, evaluated=3)
    proposed = ChildProposed(round=1, attempt=1, parent_id="init", child_id="child",
                             proposer="scripted", field="agentSteps", edit={}, rationale="",
                             strategy={})  # fmt: skip
    screened = Screened(round=1, parent_id="init", child_id="child", parent_successes=1,
                        child_successes=3, regressions=0, passed=True, reason="gain",
                        read=3, read_gain=1, read_regressions=0)  # fmt: skip
    for seq, (op, data) in enumerate(
        [("dev:child", bound), ("propose:1", proposed), ("screen:1", screened)], start=20
    ):
        state.apply(Event(seq=seq, ts="t", type=data.type, op=op, data=data))
    node = next(n for n in evolution_dag(state) if n.child_id == "child")
    assert (node.dev_rar, node.dev_rar_at_most) == (0.5, True)
    assert (node.gain, node.regressions, node.screen_read) == (1, 0, 3)
    initial = next(n for n in evolution_dag(state) if n.fate == "initial")
    assert not initial.dev_rar_at_most


class _Recorder:
    """The engine's `record`: the rig's journal and a fold of what it appends."""

    def __init__(self, journal: Journal) -> None:
        self.journal, self.state = journal, SearchState()

    def __call__(self, op: str, data: EventData) -> Event:
        known = op in self.journal
        event = self.journal.append(op, data)
        if not known:
            self.state.apply(event)
        return event


TASKS = ("a", "b", "c", "d")
PARENT_SOLVED = {"a": True, "b": True, "c": False, "d": False}


def _screen(journal: Journal, evaluator: object, state: SearchState | None = None) -> _Recorder:
    record = _Recorder(journal)
    if state is not None:
        record.state = state
    reflection = ReflectionStep(record.state, record, object(), None, SearchSpace(), SEED)  # type: ignore[arg-type]
    step = ScreenStep(
        record.state, record, evaluator, acceptance_rule("strict-no-regression"),  # type: ignore[arg-type]
        reflection, Racing(stop=True, wave=2),
    )  # fmt: skip
    started = RoundStarted(round=1, parent_id=strategy_id(PARENT), tasks=TASKS)
    child = ChildProposed(
        round=1, attempt=1, parent_id=strategy_id(PARENT), child_id=strategy_id(CHILD),
        proposer="test", field="agentSteps", edit={}, rationale="r",
        strategy=CHILD.to_json_dict(),
    )  # fmt: skip
    parent_evals = {t: fake_evaluation(PARENT, t, "train", s) for t, s in PARENT_SOLVED.items()}
    step.screen(started, PARENT, parent_evals, child)
    return record


def test_a_screen_stops_at_its_decision_and_a_resume_reads_only_what_it_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker({"a": False, "b": True, "c": True, "d": True})  # a regresses
    with rig(tmp_path, monkeypatch, worker, max_in_flight=4) as r:
        r.evaluator.prefetching = True  # the child's ops listed ahead, slots to spare
        r.evaluator.prefetch([PrefetchBatch(CHILD, TASKS, "train")])
        record = _screen(r.journal, r.evaluator)
    assert worker.paid_tasks() == ["a", "b"]  # the deciding wave; c and d never started
    decided = record.state.screens_decided[1]
    op = evaluation_op
    assert decided.skipped == tuple(op("train", strategy_id(CHILD), t, SEED) for t in "cd")
    assert decided.evaluated == 2
    screened = record.state.screens[1]
    assert not screened.passed and screened.read == 2 and screened.shown() == (-1, 1)
    assert screened.reason.endswith("decided after 2 of 4 tasks")
    assert record.state.rounds_completed[1].kept is False

    again = Worker({"a": True, "b": True, "c": True, "d": True})  # would change nothing paid
    with rig(tmp_path, monkeypatch, again, max_in_flight=4) as r:
        resumed = _screen(r.journal, r.evaluator, r.journal.fold())
    assert again.paid_tasks() == []  # read from the journal; nothing skipped is run
    assert resumed.state.screens[1] == screened


def test_a_resume_keeps_a_candidate_scored_before_without_racing_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine keeps the initial strategy again on every resume: its dev score stands,
    though a better candidate now exists that it would race against (and lose to early)."""
    dev = ("d1", "d2", "d3", "d4")
    worker = Worker({"d1": True, "d2": False, "d3": True, "d4": True})
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        record = _Recorder(r.journal)
        roles = {"proposal": TASKS, "dev": dev, "release": ()}
        record("split", SplitRecorded(seed=1, roles=roles, hashes={}))
        reflection = ReflectionStep(record.state, record, object(), None, SearchSpace(), SEED)  # type: ignore[arg-type]
        step = ScreenStep(
            record.state, record, r.evaluator, acceptance_rule("strict-no-regression"),
            reflection, Racing(stop=True, wave=1),
        )  # fmt: skip
        step.keep(PARENT, parent_id=None, round_number=0, edit=None, proposer=None)
        child = dict(parent_id=strategy_id(PARENT), round_number=1, edit={}, proposer="t")
        step.keep(CHILD, **child)  # type: ignore[arg-type]
        assert record.state.best_candidate().strategy_id == strategy_id(CHILD)  # a tie, later
        paid = len(worker.calls)
        step.keep(PARENT, parent_id=None, round_number=0, edit=None, proposer=None)
    assert len(worker.calls) == paid  # nothing evaluated, nothing journaled differently
    assert not record.state.candidates[strategy_id(PARENT)].dev_rar_at_most


class _Reflecting:
    """A reflector that keeps what reflection is shown."""

    name = "reflecting"

    def __init__(self) -> None:
        self.shown: list[ScreenFeedback] = []

    def propose(self, context: object) -> None:
        raise AssertionError("not asked to propose here")

    def reflect(self, context: object, proposal: object, verdict: ScreenFeedback) -> object:
        self.shown.append(verdict)
        return ReflectionResult(())


def test_reflection_reads_what_was_paid_and_is_told_what_was_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker({"a": False, "b": True, "c": True, "d": True})
    reflector = _Reflecting()
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        record = _Recorder(r.journal)
        reflection = ReflectionStep(record.state, record, reflector, None, SearchSpace(), SEED)  # type: ignore[arg-type]
        step = ScreenStep(
            record.state, record, r.evaluator, acceptance_rule("strict-no-regression"),
            reflection, Racing(stop=True, wave=2),
        )  # fmt: skip
        started = RoundStarted(round=1, parent_id=strategy_id(PARENT), tasks=TASKS)
        child = ChildProposed(
            round=1, attempt=1, parent_id=strategy_id(PARENT), child_id=strategy_id(CHILD),
            proposer="test", field="agentSteps", edit={}, rationale="r",
            strategy=CHILD.to_json_dict(),
        )  # fmt: skip
        parents = {t: fake_evaluation(PARENT, t, "train", s) for t, s in PARENT_SOLVED.items()}
        step.screen(started, PARENT, parents, child)
    (feedback,) = reflector.shown
    assert feedback.skipped == ("c", "d") and feedback.lost == ("a",) and feedback.gained == ()
    assert (feedback.gain, feedback.regressions) == (-1, 1)  # over a and b, the tasks paid
    assert "decided after 2 of 4 tasks" in feedback.reason


@pytest.mark.parametrize("stop", [True, False])
def test_the_dag_shows_every_task_the_child_ran_beside_what_the_verdict_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: bool
) -> None:
    """Issue 49: the decision-relevant counts (`gain`, `regressions` over `screen_read`)
    are the same with racing on or off; `ran_gain` and `ran_regressions` are over the `ran`
    tasks the child was paid for: with racing off, all four."""
    worker = Worker({"a": False, "b": True, "c": True, "d": True})  # a regresses
    with rig(tmp_path, monkeypatch, worker, max_in_flight=4) as r:
        record = _Recorder(r.journal)
        reflection = ReflectionStep(record.state, record, object(), None, SearchSpace(), SEED)  # type: ignore[arg-type]
        step = ScreenStep(
            record.state, record, r.evaluator, acceptance_rule("strict-no-regression"),  # type: ignore[arg-type]
            reflection, Racing(stop=stop, wave=2),
        )  # fmt: skip
        started = RoundStarted(round=1, parent_id=strategy_id(PARENT), tasks=TASKS)
        child = ChildProposed(
            round=1, attempt=1, parent_id=strategy_id(PARENT), child_id=strategy_id(CHILD),
            proposer="test", field="agentSteps", edit={}, rationale="r",
            strategy=CHILD.to_json_dict(),
        )  # fmt: skip
        record("round:1:start", started)
        record("round:1:propose:1", child)
        parent = {t: fake_evaluation(PARENT, t, "train", s) for t, s in PARENT_SOLVED.items()}
        step.screen(started, PARENT, parent, child)
    (node,) = [n for n in evolution_dag(record.state) if n.child_id == strategy_id(CHILD)]
    assert (node.gain, node.regressions, node.screen_read) == (-1, 1, 2)
    assert node.ran == (2 if stop else 4) and sorted(worker.paid_tasks()) == sorted(
        TASKS[: node.ran]
    )
    # Racing off: the child solved b, c, d (the parent a, b): one more success, one loss.
    assert (node.ran_gain, node.ran_regressions) == ((-1, 1) if stop else (1, 1))
