"""Counts in words: the noun agrees with the count in every message a person reads."""

from __future__ import annotations

import pytest

from rsi.release import run_gate
from rsi.screening import acceptance_rule
from search_space import counted


@pytest.mark.parametrize(
    ("count", "words", "expected"),
    [
        (0, ("win",), "0 wins"),
        (1, ("win",), "1 win"),
        (2, ("regression",), "2 regressions"),
        (1, ("loss", "losses"), "1 loss"),
        (5, ("loss", "losses"), "5 losses"),
    ],
)
def test_the_noun_agrees_with_its_count(count: int, words: tuple[str, ...], expected: str) -> None:
    assert counted(count, *words) == expected


def test_messages_say_one_regression_and_one_win() -> None:
    verdict = acceptance_rule("strict-no-regression").screen({"a": True}, {"a": False})
    assert verdict.reason == "1 regression on tasks the parent solved"
    report = run_gate([False, True], [True, False], alpha=0.05, seed=42, resamples=100)
    assert "(1 win vs 1 loss)" in report.reason
