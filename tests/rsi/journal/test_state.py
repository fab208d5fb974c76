"""The fold's choice of champion and parent: dev RAR first, then evidence from screening."""

from __future__ import annotations

from rsi.journal import CandidateKept, DevScored, Event, SearchState, fold


def _events(*kept: tuple[str, str | None, float]) -> list[Event]:
    """Keep each (id, parent, dev RAR) in order and score it on an 8-task dev split."""
    data: list[CandidateKept | DevScored] = []
    for round_number, (sid, parent, rar) in enumerate(kept):
        data.append(
            CandidateKept(strategy_id=sid, parent_id=parent, round=round_number, strategy={})
        )
        data.append(DevScored(strategy_id=sid, rar=rar, successes=round(rar * 8), n=8))
    return [Event(seq=i + 1, ts="t", type=d.type, op=f"op{i}", data=d) for i, d in enumerate(data)]


def _best(*kept: tuple[str, str | None, float]) -> str:
    state: SearchState = fold(_events(*kept))
    return state.best_candidate().strategy_id


def test_highest_dev_rar_wins_whatever_the_generation() -> None:
    assert _best(("init", None, 0.5), ("a", "init", 0.375), ("b", "a", 0.25)) == "init"


def test_a_dev_tie_goes_to_the_later_generation() -> None:
    """Each generation passed one more strict-gain screen, so it is better supported."""
    assert _best(("init", None, 0.25), ("a", "init", 0.25)) == "a"
    assert _best(("init", None, 0.5), ("a", "init", 0.5), ("b", "a", 0.5)) == "b"


def test_siblings_tied_on_dev_and_generation_go_to_the_earliest_kept() -> None:
    assert _best(("init", None, 0.5), ("a", "init", 0.625), ("b", "init", 0.625)) == "a"
