"""Races (rsi.screening.race) at their edges: a decision fixed before any outcome reads no
task, and a child that is not of a later generation than the best races on while it can
still beat it (a tie is not enough)."""

from __future__ import annotations

from rsi.journal import CandidateKept, DevScored, Event, SearchState
from rsi.screening.race import dev_race, run_race


def test_a_decision_fixed_before_any_outcome_reads_no_task() -> None:
    asked: list[tuple[str, ...]] = []

    def evaluate(tasks: tuple[str, ...]) -> dict[str, bool]:
        asked.append(tasks)
        return dict.fromkeys(tasks, True)

    raced = run_race(("a", "b", "c"), lambda read: "fixed", evaluate, 1)
    assert asked == [] and raced.read == {}
    assert raced.decision == "fixed" and raced.left == ("a", "b", "c") and raced.early


def _kept(state: SearchState, seq: int, sid: str, parent: str | None) -> None:
    kept = CandidateKept(strategy_id=sid, parent_id=parent, round=seq, strategy={})
    state.apply(Event(seq=seq, ts="t", type=kept.type, op=f"keep:{sid}", data=kept))


def test_a_sibling_of_the_best_races_on_while_it_can_still_beat_it() -> None:
    state = SearchState()
    _kept(state, 1, "init", None)
    _kept(state, 2, "best", "init")
    dev = DevScored(strategy_id="best", rar=0.5, successes=2, n=4)
    state.apply(Event(seq=3, ts="t", type=dev.type, op="dev:best", data=dev))
    _kept(state, 4, "sib", "init")  # the best's generation: it needs 3 of 4 to beat it
    decide = dev_race(state, "sib", 4)
    assert decide is not None
    assert decide({}) is None
    assert decide({"a": False}) is None  # 3 still reachable: it may become the best
    assert decide({"a": False, "b": True, "c": False}) == 2  # a tie at most: never best
