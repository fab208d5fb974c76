"""`SlotLimitedSandbox`: never more than `slots` suites at once, and a lone evaluation's
judge runs its targets concurrently in the free slots (no idle worker at a batch's tail).

The inner sandbox is a meter that blocks each run until the test (or enough company)
lets it go, so the tests sequence on the runs themselves, never on time.
"""

from __future__ import annotations

import threading
from pathlib import Path

from evaluators.judging.judge import judge
from evaluators.sandbox import Isolation, Outcome, RunResult, RunSpec
from evaluators.sandbox.slots import SlotLimitedSandbox
from evaluators.tasks import load_task

GUARD_S = 30.0  # only a deadlock guard: correct code never waits this long
TASK = Path(__file__).resolve().parents[3] / "experiments" / "tasks" / "gen-semver-parse"


class MeteredSandbox:
    """Counts runs in progress; each run waits until `company` runs are in progress together
    (or `release` is set), and remembers whether it had that company."""

    name = "metered"
    isolation = Isolation.BWRAP

    def __init__(self, company: int) -> None:
        self.company = company
        self.active = self.peak = 0
        self.accompanied: list[bool] = []
        self.gathered = False  # latched: `company` runs were once in progress together
        self.release = threading.Event()
        self._changed = threading.Condition()

    def run(self, spec: RunSpec) -> RunResult:
        with self._changed:
            self.active += 1
            self.peak = max(self.peak, self.active)
            self.gathered = self.gathered or self.active >= self.company
            self._changed.notify_all()
            met = self._changed.wait_for(lambda: self.gathered or self.release.is_set(), GUARD_S)
            self.accompanied.append(bool(met) and self.gathered)
        try:
            return RunResult(
                outcome=Outcome.PASS,
                exit_code=0,
                duration_s=0.0,
                output="",
                backend=self.name,
                isolation=self.isolation,
            )
        finally:
            with self._changed:
                self.active -= 1
                self._changed.notify_all()

    def wait_for_active(self, count: int) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: self.active == count, GUARD_S)

    def let_all_go(self) -> None:
        with self._changed:
            self.release.set()
            self._changed.notify_all()


def test_no_more_than_slots_suites_run_at_once_whoever_calls(tmp_path: Path) -> None:
    meter = MeteredSandbox(company=99)  # nobody ever has enough company: all wait
    sandbox = SlotLimitedSandbox(meter, slots=2)
    spec = RunSpec(app_layers=(tmp_path,), tests_dir=tmp_path)
    callers = [threading.Thread(target=sandbox.run, args=(spec,)) for _ in range(5)]
    for caller in callers:
        caller.start()
    meter.wait_for_active(2)
    # Three callers are blocked on a slot: give a broken bound the chance to show itself.
    threading.Event().wait(0.2)
    assert meter.active == 2
    meter.let_all_go()
    for caller in callers:
        caller.join(GUARD_S)
    assert meter.peak == 2 and len(meter.accompanied) == 5


def test_a_lone_evaluations_judge_runs_its_targets_in_the_free_slots(tmp_path: Path) -> None:
    meter = MeteredSandbox(company=2)  # a run completes only alongside another
    sandbox = SlotLimitedSandbox(meter, slots=2)
    task = load_task(TASK)
    judgement = judge(task, tmp_path, sandbox, executor=sandbox.judge_executor)
    assert [r.target for r in judgement.results] == ["initial", "reference"]
    assert meter.accompanied == [True, True]  # initial and reference ran together
    assert meter.peak == 2


def test_the_wrapper_is_the_inner_sandbox_to_everyone_else() -> None:
    meter = MeteredSandbox(company=1)
    sandbox = SlotLimitedSandbox(meter, slots=1)
    assert sandbox.name == "metered" and sandbox.isolation is Isolation.BWRAP
    assert sandbox.inner is meter
