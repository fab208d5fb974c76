import random

import pytest

from topk import top_k_frequent

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


def test_large_input_within_budget():
    rng = random.Random(42)
    vocab = [f"w{i:05d}" for i in range(50_000)]
    words = [rng.choice(vocab) for _ in range(200_000)]
    words += ["zzz-hot"] * 40
    with within_budget():
        result = top_k_frequent(words, 5)
    assert result[0] == ("zzz-hot", 40)
    assert len(result) == 5
