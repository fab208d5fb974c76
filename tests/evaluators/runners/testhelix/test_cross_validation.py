"""The review's host check: a blocking finding counts only with a verbatim public quote.

The stand-in reviewer of the harness tests always quotes exactly, so these cases give the
check the quotes a real model might invent, paraphrase or take from hidden material.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from evaluators.runners.testhelix.cross_validation import (
    best_approved,
    public_evidence,
    support,
    verify,
)
from evaluators.runners.testhelix.execution import Check
from evaluators.runners.testhelix.session import Pair
from evaluators.runners.testhelix.signatures import Finding, PairDraft, Review, SourceFile
from evaluators.sandbox import Outcome
from evaluators.tasks import TaskSet

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def evidence() -> str:
    task = TaskSet.load(ROOT / "tests/fixtures/tasks").get("clamp-range").public()
    return public_evidence(SimpleNamespace(task=task))  # type: ignore[arg-type]


def _checked(evidence: str, quote: str, *, blocking: bool = True) -> dict[str, Any]:
    finding = Finding(test="test_x", blocking=blocking, evidence=quote, problem="too strict")
    (checked,) = verify(Review(findings=[finding]), evidence)
    return checked


@pytest.mark.parametrize(
    "quote",
    [
        "Raise `ValueError` when `lo > hi`.",  # the requirement, as written
        "raise `valueerror`   when\n`lo > hi`",  # case and whitespace do not matter
        "def clamp(x, lo, hi):",  # the public initial source
    ],
)
def test_a_blocking_finding_quoting_public_text_verbatim_is_verified(
    evidence: str, quote: str
) -> None:
    assert _checked(evidence, quote)["verified"] is True


@pytest.mark.parametrize(
    "quote",
    [
        "The error message must be exactly 'lo must not exceed hi'.",  # invented
        "Raise an error whenever lo is greater than hi.",  # a paraphrase
        'raise ValueError("lo must not exceed hi")',  # the hidden solution
        "lo > hi",  # verbatim, but too short to pin anything
        "",
    ],
)
def test_a_blocking_finding_without_a_verbatim_public_quote_is_not_verified(
    evidence: str, quote: str
) -> None:
    checked = _checked(evidence, quote)
    assert checked["blocking"] is True and checked["verified"] is False


def test_a_finding_that_does_not_block_is_never_verified(evidence: str) -> None:
    checked = _checked(evidence, "Raise `ValueError` when `lo > hi`.", blocking=False)
    assert checked["verified"] is False


def _consistent(index: int, repair: str) -> Pair:
    pair = Pair(index=index, direction="d", approved=True)
    pair.draft = PairDraft(
        tests=[SourceFile(path="test_a.py", content=f"# suite {index}\n")],
        repair=[SourceFile(path="calc.py", content=repair)],
    )
    fail = Check("initial", Outcome.FAIL, True, (), 1, "", False)
    pair.initial, pair.own = fail, dataclasses.replace(fail, target="own", outcome=Outcome.PASS)
    return pair


def test_the_challenge_extends_the_best_approved_suite_not_the_first() -> None:
    """Witness support ranks approved suites: pair 0's suite rejects pair 2's repair, pair
    1's accepts every repair, so pair 1's suite is the one a challenge extends."""
    pairs = [_consistent(i, repair) for i, repair in enumerate(("a", "b", "c"))]
    session = SimpleNamespace(consistent_pairs=lambda: pairs)
    matrix = {(s, r): (s, r) != (0, 2) for s in range(3) for r in range(3)}
    assert [support(session, p, matrix) for p in pairs] == [2, 3, 3]  # type: ignore[arg-type]
    assert best_approved(session, matrix).index == 1  # type: ignore[arg-type]
    pairs[1].approved = False
    assert best_approved(session, matrix).index == 2  # type: ignore[arg-type]
