"""The acceptance rules (rsi/screening/rules.py): edge cases, and decided-early verdicts."""

from __future__ import annotations

import itertools
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rsi.screening import ScreenVerdict, acceptance_rule

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


# --- decided early: never wrong ------------------------------------------------------------------

MAX_EXAMPLES = os.environ.get("RSI_HYPOTHESIS_MAX_EXAMPLES")
DECIDED = settings(max_examples=int(MAX_EXAMPLES or 300), derandomize=MAX_EXAMPLES is not None)


@st.composite
def partial_screens(draw: st.DrawFn) -> tuple[dict[str, bool], dict[str, bool], list[str]]:
    """A parent's minibatch outcomes, the child's on some of its tasks, and the rest."""
    n = draw(st.integers(min_value=1, max_value=8))
    tasks = [f"t{i}" for i in range(n)]
    parent = {t: draw(st.booleans()) for t in tasks}
    evaluated = draw(st.lists(st.sampled_from(tasks), unique=True))
    child = {t: draw(st.booleans()) for t in evaluated}
    return parent, child, [t for t in tasks if t not in child]


@pytest.mark.parametrize("rule", ["strict-no-regression", "strict-sum", "strict-mean"])
@DECIDED
@given(screen=partial_screens())
def test_a_decided_verdict_holds_for_every_completion(
    rule: str, screen: tuple[dict[str, bool], dict[str, bool], list[str]]
) -> None:
    parent, child, left = screen
    acceptance = acceptance_rule(rule)
    decided = acceptance.decide(parent, child)
    verdicts = set()
    for bits in itertools.product((False, True), repeat=len(left)):
        full = {**child, **dict(zip(left, bits, strict=True))}
        verdicts.add(acceptance.screen(parent, full).passed)
    if decided is not None:
        assert verdicts == {decided.passed}, (decided, verdicts)
        assert decided.rule == rule and decided.parent_successes == sum(parent.values())
        assert decided.child_successes == sum(child.values())
    if not left:  # every task known: a rule that knows everything has decided
        assert decided is not None and verdicts == {decided.passed}


@pytest.mark.parametrize("rule", ["strict-no-regression", "strict-sum", "strict-mean"])
@DECIDED
@given(screen=partial_screens())
def test_an_open_verdict_can_still_go_both_ways(
    rule: str, screen: tuple[dict[str, bool], dict[str, bool], list[str]]
) -> None:
    """Decided as soon as it is: an undecided screen has completions of both verdicts."""
    parent, child, left = screen
    acceptance = acceptance_rule(rule)
    if acceptance.decide(parent, child) is not None:
        return
    verdicts = {
        acceptance.screen(parent, {**child, **dict(zip(left, bits, strict=True))}).passed
        for bits in itertools.product((False, True), repeat=len(left))
    }
    assert verdicts == {False, True}


def test_strict_no_regression_decides_at_the_first_regression() -> None:
    decide = acceptance_rule("strict-no-regression").decide
    parent = {"a": True, "b": True, "c": False, "d": False}
    verdict = decide(parent, {"a": False})
    assert verdict == ScreenVerdict(
        2, 0, 1, False, "1 regression on tasks the parent solved", "strict-no-regression"
    )
    assert decide(parent, {"a": True}) is None
    assert decide(parent, {"a": True, "b": True}) is None  # no gain yet
    kept = decide(parent, {"a": True, "b": True, "d": True})
    assert kept == ScreenVerdict(
        2, 3, 0, True, "gain 1 with no regression possible", "strict-no-regression"
    )
    assert decide({"a": True}, {}) == ScreenVerdict(
        1, 0, 0, False, "no strict gain possible (at most 1 vs 1)", "strict-no-regression"
    )  # a parent that solved every task cannot be beaten: nothing to evaluate


def test_strict_sum_decides_on_sums_only() -> None:
    decide = acceptance_rule("strict-sum").decide
    parent = {"a": True, "b": False, "c": False}
    passed = decide(parent, {"b": True, "c": True})
    assert passed is not None and passed.passed and passed.regressions == 0
    failed = decide(parent, {"a": False, "b": False})
    assert failed is not None and not failed.passed and failed.regressions == 1
    assert decide(parent, {"a": False}) is None  # b and c could still give 2 > 1
    assert passed.reason == "strict-sum: child sum 2 already above parent sum 1"
    assert failed.reason == "strict-sum: child sum at most 1, not above parent sum 1"
    mean = acceptance_rule("strict-mean").decide(parent, {"a": False, "b": False})
    assert mean is not None and mean.rule == "strict-mean"
    assert mean.reason == "strict-mean: child sum at most 1, not above parent sum 1"


def test_a_gain_is_not_kept_early_while_a_task_the_parent_solved_is_left() -> None:
    """Two up already, but the parent's solved task `a` is not evaluated: it could regress."""
    decide = acceptance_rule("strict-no-regression").decide
    parent = {"a": True, "b": False, "c": False}
    assert decide(parent, {"b": True, "c": True}) is None
    kept = decide(parent, {"a": True, "b": True, "c": True})
    assert kept is not None and kept.passed


def test_a_child_outside_its_parents_minibatch_is_refused() -> None:
    with pytest.raises(ValueError) as refused:
        acceptance_rule("strict-sum").decide({"a": True}, {"b": True})
    assert str(refused.value) == "the child was evaluated on tasks outside its parent's minibatch"


def test_strict_mean_says_not_above_and_refuses_disjoint_tasks() -> None:
    rule = acceptance_rule("strict-mean")
    tied = rule.screen({"a": True, "b": False}, {"a": False, "b": True})
    assert not tied.passed
    assert tied.reason == (
        "strict-mean: child mean 0.500 not above parent mean 0.500 over 2 matched pairs "
        "(1 regression not checked)"
    )
    with pytest.raises(ValueError) as refused:
        rule.screen({"a": True}, {"b": True})
    assert str(refused.value) == "parent and child share no evaluated task"


def test_an_unknown_rule_names_the_known_ones() -> None:
    with pytest.raises(ValueError) as refused:
        acceptance_rule("greedy")
    assert str(refused.value) == (
        "unknown acceptance rule 'greedy' (known: strict-no-regression, strict-sum, strict-mean)"
    )
