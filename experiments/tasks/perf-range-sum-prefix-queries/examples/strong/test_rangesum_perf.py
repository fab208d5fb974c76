import random

import pytest

from rangesum import RangeSum

import signal
from contextlib import contextmanager

BUDGET_S = 2.0


class _OverBudget(BaseException):
    """Raised from SIGPROF; a BaseException so the code under test cannot swallow it."""


@contextmanager
def within_budget(seconds=BUDGET_S):
    """Fail the test once the block has used `seconds` of CPU time (load-independent)."""

    def _on_budget(signum, frame):
        raise _OverBudget()

    previous = signal.signal(signal.SIGPROF, _on_budget)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    over = False
    try:
        yield
    except _OverBudget:
        over = True
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    if over:
        # raised outside the except block and without a traceback: the interrupted frame
        # may have no line number, which pytest cannot render
        pytest.fail(f"did not finish within a {seconds:.0f} s CPU-time budget", pytrace=False)


def test_many_queries_within_budget():
    rng = random.Random(42)
    n = 200_000
    values = [rng.randint(-1000, 1000) for _ in range(n)]
    queries = []
    for _ in range(100_000):
        a, b = rng.randrange(n + 1), rng.randrange(n + 1)
        queries.append((min(a, b), max(a, b)))
    with within_budget():
        rs = RangeSum(values)
        answers = [rs.query(lo, hi) for lo, hi in queries]
    lo, hi = queries[0]
    assert answers[0] == sum(values[lo:hi])
    assert rs.query(0, n) == sum(values)
