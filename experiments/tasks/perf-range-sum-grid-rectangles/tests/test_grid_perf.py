import random

import pytest

from grid import GridSums

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


def test_many_rectangles_within_budget():
    rng = random.Random(42)
    size = 600
    grid = [[rng.randint(-9, 9) for _ in range(size)] for _ in range(size)]
    queries = [tuple(rng.randrange(size) for _ in range(4)) for _ in range(100_000)]
    with within_budget():
        gs = GridSums(grid)
        answers = [gs.rect(*q) for q in queries]
    r1, c1, r2, c2 = queries[0]
    expected = sum(
        sum(row[min(c1, c2):max(c1, c2) + 1]) for row in grid[min(r1, r2):max(r1, r2) + 1]
    )
    assert answers[0] == expected
