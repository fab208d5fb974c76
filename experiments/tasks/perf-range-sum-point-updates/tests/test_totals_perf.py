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


def test_interleaved_updates_and_totals_within_budget():
    rng = random.Random(42)
    n = 100_000
    values = [rng.randint(0, 100) for _ in range(n)]
    ops = []
    for _ in range(30_000):
        i = rng.randrange(n)
        ops.append(("set", i, rng.randint(0, 100)))
        a, b = sorted((rng.randrange(n), rng.randrange(n)))
        ops.append(("total", a, b))
    mirror = list(values)
    with within_budget():
        rt = RangeTotals(values)
        results = []
        for op, x, y in ops:
            if op == "set":
                rt.set(x, y)
            else:
                results.append(rt.total(x, y))
    for op, x, y in ops[:200]:
        if op == "set":
            mirror[x] = y
    a, b = ops[199][1], ops[199][2]
    assert results[99] == sum(mirror[a:b + 1])
