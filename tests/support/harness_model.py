"""A scripted model for the harness on the `clamp-range` fixture task.

It plays three test authors with different habits, as a real model might:
- the first pair (the planned direction) over-fits: its test pins the exact ValueError
  message, which the requirement leaves open, and its repair is written to match;
- the second and third write contract tests and two different correct repairs.
A reviewer finds the pinned message and quotes the requirement it over-constrains; asked
for feedback, the first author relaxes the test. The answers are typed values, so the same
script serves the unit tests (`ScriptedAsk`) and the HTTP server tests (rendered replies).
"""

from __future__ import annotations

from typing import Any

import dspy
from pydantic import BaseModel

from evaluators.runners.testhelix import Answer
from evaluators.runners.testhelix.signatures import (
    ChallengeRepairs,
    ChallengeTests,
    Direction,
    DirectionPlan,
    Finding,
    PairDraft,
    PlanDirections,
    Review,
    ReviewSuite,
    SourceFile,
    WritePair,
)

BASIC = """import pytest
from calc import clamp


def test_inside_range_is_unchanged():
    assert clamp(5, 0, 10) == 5


def test_below_and_above_are_limited():
    assert clamp(-3, 0, 10) == 0
    assert clamp(42, 0, 10) == 10
"""
STRICT_ERROR = """

def test_inverted_range_raises_with_message():
    with pytest.raises(ValueError, match="^lo must not exceed hi$"):
        clamp(1, 5, 2)
"""
CONTRACT_ERROR = """

def test_inverted_range_raises():
    with pytest.raises(ValueError):
        clamp(1, 5, 2)
"""
REPAIRS = (
    'def clamp(x, lo, hi):\n    if lo > hi:\n        raise ValueError("lo must not exceed hi")\n'
    "    return min(max(x, lo), hi)\n",
    'def clamp(x, lo, hi):\n    if hi < lo:\n        raise ValueError(f"empty [{lo}, {hi}]")\n'
    "    return sorted((lo, x, hi))[1]\n",
    "def clamp(x, lo, hi):\n    if lo > hi:\n        raise ValueError(lo, hi)\n"
    "    return lo if x < lo else hi if x > hi else x\n",
)
PLANNED = "pin every documented failure exactly"


def _author(direction: str) -> int:
    if direction.startswith("Pinned"):
        return 0
    return 1 if "edge cases" in direction else 2


def pair_for(author: int, *, relaxed: bool) -> PairDraft:
    error = CONTRACT_ERROR if author or relaxed else STRICT_ERROR
    return PairDraft(
        tests=[SourceFile(path="test_clamp.py", content=BASIC + error)],
        repair=[SourceFile(path="calc.py", content=REPAIRS[author])],
    )


def answer(signature: type[dspy.Signature], inputs: dict[str, str]) -> BaseModel:
    """The scripted typed answer to one question."""
    if signature is PlanDirections:
        return DirectionPlan(directions=[Direction(name="Pinned", focus=PLANNED)])
    if signature is WritePair:
        author = _author(inputs["brief"].split("Your direction for this suite: ", 1)[1])
        return pair_for(author, relaxed="Blocking finding" in inputs["previous"])
    if signature is ReviewSuite:
        findings = []
        if "must not exceed hi" in inputs["tests"]:
            findings.append(
                Finding(
                    test="test_inverted_range_raises_with_message",
                    blocking=True,
                    evidence="Raise `ValueError` when `lo > hi`.",
                    problem="the requirement fixes the exception type, not its message",
                )
            )
        symptoms = inputs.get("symptoms", "").strip()
        checks = [f"symptoms: {symptoms.splitlines()[0]}"] if symptoms else []
        return Review(findings=findings, covered=["1", "2"], checks=checks)
    if signature is ChallengeRepairs:
        return ChallengeTests(tests=[], rationale="the requirement determines no difference")
    raise AssertionError(f"unscripted question {signature.__name__}")


class ScriptedAsk:
    """An `Ask` answering from the script, counting questions by signature."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, dict[str, Any]]] = []

    def __call__(
        self, signature: type[dspy.Signature], *, max_tokens: int, **inputs: str
    ) -> Answer:
        self.asked.append((signature.__name__, {"max_tokens": max_tokens, **inputs}))
        return Answer(answer(signature, inputs))
