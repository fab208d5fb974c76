"""The latency runner (`[runner] kind = "latency"`): load-test a cluster before paying for it.

Every evaluation only waits, so hundreds of evaluation slots fit on a laptop's cores and
the driver, the journal, the executor and the MLflow mirror carry a real search's load:

- Each (strategy, task, seed) draws, from a generator keyed by all three, a wait from a
  lognormal distribution with median `[runner.latency] median_s` and shape `sigma` (the
  standard deviation of its logarithm), capped at the runner's wall limit; the runner
  sleeps that long and uses no CPU meanwhile.
- The same generator draws the outcome: success (the suite fails on the initial program and
  passes on the reference) with probability `success_rate`, else a suite that passes on
  both or fails on both, evenly. `latency_judge` reads that verdict back from the
  submission instead of running anything, so the sandbox runs nothing either.
- The trace carries about `trace_kb` kilobytes of seeded check output, which the journal
  keeps: a model-backed runner's traces are of that order, and the driver must parse,
  serialise and fsync them.

Same key, same wait, outcome and trace: journals stay deterministic, resumes exact. The
strategy's fields change nothing but the key; this runner measures plumbing, not search.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from evaluators.judging import JudgeSettings, TargetKind, TargetResult, TaskJudgement
from evaluators.runners.base import RunnerLimits, RunnerResult, Trace, Usage
from evaluators.sandbox import Isolation, Outcome, Sandbox
from evaluators.tasks import PublicTask, Task
from search_space import Strategy, strategy_id

VERDICT_FILE = "latency-verdict.json"  # the drawn outcomes, read by `latency_judge`
_CHECK_BYTES = 1024  # one check's output; a trace of `trace_kb` holds that many checks


class LatencySettings(BaseModel):
    """`[runner.latency]`: how long an evaluation waits, how often it succeeds, its trace."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    median_s: float = Field(default=1.0, gt=0, le=86_400)
    sigma: float = Field(default=0.25, ge=0, le=3)
    success_rate: float = Field(default=0.5, ge=0, le=1)
    trace_kb: int = Field(default=16, ge=0, le=4096)

    @property
    def mean_s(self) -> float:
        """The expected wait (lognormal mean), before the wall cap."""
        return self.median_s * math.exp(self.sigma**2 / 2)


def _generator(strategy: str, task_id: str, seed: int) -> random.Random:
    text = f"latency\0{strategy}\0{task_id}\0{seed}"
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def _draw_wait(rng: random.Random, settings: LatencySettings, wall_s: float) -> float:
    return min(rng.lognormvariate(math.log(settings.median_s), settings.sigma), wall_s)


def drawn_wait(
    settings: LatencySettings, strategy: Strategy, task_id: str, seed: int, wall_s: float
) -> float:
    """The seconds the runner will wait on (strategy, task, seed), known in advance: a load
    test compares its wall time with what a perfect scheduler would take for these waits."""
    return _draw_wait(_generator(strategy_id(strategy), task_id, seed), settings, wall_s)


def _pytest_output() -> str:
    """A block of pytest-like output that check outputs are cut from (built once)."""
    rng = random.Random(0)
    lines = (
        f"tests/test_suite.py::test_case_{rng.randrange(1000):03d} FAILED "
        f"AssertionError: expected {rng.randrange(100)}, got {rng.randrange(100)}"
        for _ in range(4 * _CHECK_BYTES)
    )
    return "\n".join(lines)


_OUTPUT = _pytest_output()


def _checks(rng: random.Random, kilobytes: int) -> tuple[dict[str, Any], ...]:
    """About `kilobytes` KB of check output, cut at seeded places from `_OUTPUT`: as big
    as real output and as costly to carry, but nearly free to make (the runner must not
    spend the CPU the load test measures)."""
    starts = [rng.randrange(len(_OUTPUT) - _CHECK_BYTES) for _ in range(kilobytes)]
    return tuple(
        {
            "command": "bash run.sh",
            "outcome": "fail" if number % 3 else "pass",
            "output": _OUTPUT[start : start + _CHECK_BYTES],
        }
        for number, start in enumerate(starts)
    )


class LatencyRunner:
    """Waits a seeded lognormal time, then hands in a suite whose verdict it drew."""

    name = "latency"

    def __init__(self, settings: LatencySettings, *, seed: int) -> None:
        self.settings = settings
        self.seed = seed

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult:
        settings = self.settings
        rng = _generator(strategy_id(strategy), task.id, self.seed)
        wait = _draw_wait(rng, settings, limits.wall_s)
        if rng.random() < settings.success_rate:
            verdict = ("fail", "pass")
        else:
            verdict = ("pass", "pass") if rng.random() < 0.5 else ("fail", "fail")
        checks = _checks(rng, settings.trace_kb)
        time.sleep(wait)  # the evaluation's whole cost: a slot held, no CPU used
        suite = workdir / "suite"
        suite.mkdir(parents=True, exist_ok=True)
        (suite / "run.sh").write_text("#!/bin/bash\n# latency runner: judged by its verdict\n")
        (suite / VERDICT_FILE).write_text(
            json.dumps({"initial": verdict[0], "reference": verdict[1]})
        )
        phases = ({"phase": "latency", "wait_s": round(wait, 6), "initial": verdict[0]},)
        trace = Trace(
            runner=self.name,
            task_id=task.id,
            phases=phases,
            checks=checks,
            usage=Usage(steps=len(checks), seconds=wait),
        )
        return RunnerResult(submission=suite, trace=trace)

    def health_check(self, strategy: Strategy) -> None:
        """Every valid strategy loads."""


def latency_judge(
    task: Task,
    submission: Path,
    sandbox: Sandbox,
    *,
    settings: JudgeSettings | None = None,
    **_: object,
) -> TaskJudgement:
    """The judgement the latency runner drew, read from its submission; runs nothing."""
    verdict = json.loads((submission / VERDICT_FILE).read_text())
    results = tuple(
        TargetResult(
            target=kind.value,
            kind=kind,
            outcome=Outcome(verdict[kind.value]),
            exit_code=0 if verdict[kind.value] == "pass" else 1,
            duration_s=0.0,
            backend="latency",
            isolation=Isolation.NONE,
            output="",
            output_truncated=False,
            error=None,
            tests=None,
        )
        for kind in (TargetKind.INITIAL, TargetKind.REFERENCE)
    )
    timeout = (settings or JudgeSettings()).timeout_cap_s
    return TaskJudgement(task_id=task.id, panel=False, timeout_s=timeout, results=results)
