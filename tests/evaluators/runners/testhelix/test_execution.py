"""The harness's workbench on a real sandbox: within one task's run an identical check (the
same suite on the same program, by content) is run once, however often and from however
many pair threads it is asked; a different program or suite runs; a failed run is asked
again; and the tool output says which checks were answered from an earlier one."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from evaluators.runners.testhelix.execution import Workbench
from evaluators.runners.testhelix.signatures import SourceFile
from evaluators.sandbox import LocalSandbox, Outcome
from evaluators.tasks import TaskSet
from evaluators.testing import RecordingSandbox

ROOT = Path(__file__).resolve().parents[4]
PASSES = [
    SourceFile(path="test_calc.py", content="from calc import *\n\ndef test_ok():\n    pass\n")
]
FAILS = [SourceFile(path="test_calc.py", content="def test_no():\n    assert False\n")]
REPAIR = [SourceFile(path="calc.py", content="def clamp(x, low, high):\n    return x\n")]


def _bench(sandbox: RecordingSandbox, tmp_path: Path) -> Workbench:
    task = TaskSet.load(ROOT / "tests/fixtures/tasks").get("clamp-range").public()
    return Workbench(sandbox, task, tmp_path, test_timeout_s=30, repeats=1, tool_output_chars=2000)


def test_an_identical_check_runs_once_and_says_so(
    bwrap_sandbox: LocalSandbox, tmp_path: Path
) -> None:
    sandbox = RecordingSandbox(bwrap_sandbox)
    bench = _bench(sandbox, tmp_path)

    own = bench.check(PASSES, REPAIR, "own")
    peer = bench.check(list(reversed(PASSES)), [*REPAIR], "peer:2")  # same files, new lists
    assert len(sandbox.runs) == 1 and (bench.runs, bench.remembered) == (1, 1)
    assert own.outcome is Outcome.PASS and not own.remembered
    assert peer.target == "peer:2" and peer.remembered
    assert (peer.outcome, peer.failing, peer.tests) == (own.outcome, own.failing, own.tests)
    assert peer.summary() == {**own.summary(), "target": "peer:2", "remembered": True}
    assert "own" not in bench.outputs[0].split("\n", 1)[1]
    assert bench.outputs[1] == "--- peer:2: pass (the suite and program of own: not run again)"

    # Another program, another suite: each is a new question.
    initial = bench.check(PASSES, None, "initial")
    failing = bench.check(FAILS, REPAIR, "own")
    assert len(sandbox.runs) == 3 and not initial.remembered
    assert failing.outcome is Outcome.FAIL and failing.failing == ("test_no",)


def test_pairs_asking_at_once_share_one_run(bwrap_sandbox: LocalSandbox, tmp_path: Path) -> None:
    sandbox = RecordingSandbox(bwrap_sandbox)
    bench = _bench(sandbox, tmp_path)
    sandbox.hold.clear()  # the first run waits until every pair has asked
    checks: list[object] = []
    pairs = [
        threading.Thread(target=lambda i=i: checks.append(bench.check(PASSES, REPAIR, f"pair {i}")))
        for i in range(4)
    ]
    for pair in pairs:
        pair.start()
    while bench.remembered + len(sandbox.runs) < 4 and any(p.is_alive() for p in pairs):
        threading.Event().wait(0.01)
    sandbox.hold.set()
    for pair in pairs:
        pair.join(60)
    assert len(sandbox.runs) == 1 and bench.remembered == 3
    assert len(checks) == 4


def test_a_failed_run_is_not_an_answer(bwrap_sandbox: LocalSandbox, tmp_path: Path) -> None:
    sandbox = RecordingSandbox(bwrap_sandbox, failures=1)
    bench = _bench(sandbox, tmp_path)
    with pytest.raises(OSError, match="lost its workspace"):
        bench.check(PASSES, REPAIR, "own")
    again = bench.check(PASSES, REPAIR, "own")
    assert len(sandbox.runs) == 2 and not again.remembered and again.outcome is Outcome.PASS
