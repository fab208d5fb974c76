import random

import pytest

from totals import RangeTotals

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


def test_random_updates_budget():
    rng = random.Random(17)
    n = 100_000
    rt = RangeTotals([1] * n)
    positions = [rng.randrange(n) for _ in range(30_000)]
    with within_budget():
        for i in positions:
            rt.add(i, 1)
            rt.total(0, i)
    assert rt.total(0, n - 1) == n + 30_000
