"""Screening edge cases and minibatch sampling."""

from __future__ import annotations

import pytest

from rsi.engine import ScreenVerdict, acceptance_rule, minibatch

screen = acceptance_rule("strict-no-regression").screen  # the default rule


def test_equal_successes_do_not_pass() -> None:
    verdict = screen({"a": True, "b": False}, {"a": True, "b": False})
    assert not verdict.passed and verdict.regressions == 0
    swapped = screen({"a": True, "b": False}, {"a": False, "b": True})
    assert not swapped.passed and swapped.regressions == 1


def test_gain_with_one_regression_does_not_pass() -> None:
    verdict = screen({"a": True, "b": False, "c": False}, {"a": False, "b": True, "c": True})
    assert (verdict.parent_successes, verdict.child_successes, verdict.regressions) == (1, 2, 1)
    assert not verdict.passed and "regression" in verdict.reason


def test_gain_with_no_regression_passes() -> None:
    verdict = screen({"a": True, "b": False, "c": False}, {"a": True, "b": True, "c": False})
    assert verdict.passed and verdict.regressions == 0


@pytest.mark.parametrize(
    ("parent", "child", "verdict"),
    [
        ({"a": True, "b": False}, {"a": True, "b": False},
         ScreenVerdict(1, 1, 0, False, "no strict gain (1 vs 1)")),
        ({"a": False, "b": False}, {"a": False, "b": False},
         ScreenVerdict(0, 0, 0, False, "no strict gain (0 vs 0)")),
        ({"a": True, "b": False, "c": False}, {"a": True, "b": True, "c": True},
         ScreenVerdict(1, 3, 0, True, "gain 2 with no regression")),
        ({"a": True, "b": True, "c": False}, {"a": False, "b": False, "c": True},
         ScreenVerdict(2, 1, 2, False, "2 regressions on tasks the parent solved")),
    ],
)  # fmt: skip
def test_the_verdict_counts_and_says_why(
    parent: dict[str, bool], child: dict[str, bool], verdict: ScreenVerdict
) -> None:
    assert screen(parent, child) == verdict


def test_parent_and_child_must_share_their_tasks() -> None:
    with pytest.raises(ValueError, match=r"^parent and child were evaluated on different tasks$"):
        screen({"a": True, "b": False}, {"a": True, "c": True})


def test_minibatches_never_reuse_a_task_within_an_epoch() -> None:
    ids = [f"t{i}" for i in range(10)]
    batches = [minibatch(ids, r, size=3, seed=42, epochs=1) for r in range(1, 5)]
    assert batches[3] is None  # 10 tasks give three full batches of 3
    seen = [t for batch in batches[:3] for t in batch]  # type: ignore[union-attr]
    assert len(seen) == len(set(seen)) == 9
    assert batches[0] == minibatch(list(reversed(ids)), 1, size=3, seed=42, epochs=1)
    assert batches[0] != minibatch(ids, 1, size=3, seed=7, epochs=1)


def test_second_epoch_reshuffles() -> None:
    ids = [f"t{i}" for i in range(4)]
    batches = [minibatch(ids, r, size=2, seed=42, epochs=2) for r in range(1, 6)]
    assert batches[4] is None
    assert sorted(batches[0] + batches[1]) == sorted(ids)  # type: ignore[operator]
    assert sorted(batches[2] + batches[3]) == sorted(ids)  # type: ignore[operator]
