"""The review's host check: a blocking finding counts only with a verbatim public quote.

The stand-in reviewer of the harness tests always quotes exactly, so these cases give the
check the quotes a real model might invent, paraphrase or take from hidden material.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from evaluators.runners.testhelix.cross_validation import public_evidence, verify
from evaluators.runners.testhelix.signatures import Finding, Review
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
