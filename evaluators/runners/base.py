"""The Runner protocol, its trace, and the boundary that turns a runner crash into data."""

from __future__ import annotations

import re
import traceback
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from evaluators.llm import HealthStop
from evaluators.tasks import PublicTask
from search_space import RsiError, Strategy

# An absolute path: '/' not inside a word, a relative path or a URL; group 1 is its last part.
_ABSOLUTE_PATH = re.compile(r"(?<![\w.~:/-])/(?:[^\s'\"`:,;()\[\]<>]+/)*([^\s'\"`:,;()\[\]<>/]+)")


class RunnerLimits(BaseModel):
    """Per-task caps a runner must respect (the strategy decides how to spend within them)."""

    model_config = ConfigDict(frozen=True)

    wall_s: float = Field(default=900.0, gt=0)
    test_timeout_s: float = Field(default=180.0, gt=0)
    model_calls: int = Field(default=48, ge=0)
    input_tokens: int = Field(default=500_000, ge=0)
    output_tokens: int = Field(default=100_000, ge=0)


class Usage(BaseModel):
    """What a task run used: the model calls and tokens it was billed (a call replayed from
    the run's cache was billed once, when first paid), the calls answered from memory
    (`remembered_calls`: never billed, yet counted against the call cap), steps, seconds.
    `estimated_*`: the part of the billed calls and tokens that no server reported (a
    timed-out call counts at its reservation); `cache_*`: the part of the input tokens the
    provider read from / wrote to its prompt cache; each omitted when 0, as in older
    journals."""

    model_config = ConfigDict(frozen=True)

    calls: int = 0
    remembered_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    steps: int = 0
    seconds: float = 0.0
    estimated_calls: int = Field(default=0, exclude_if=lambda value: value == 0)
    estimated_input_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)
    estimated_output_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)
    cache_read_input_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)
    cache_write_input_tokens: int = Field(default=0, exclude_if=lambda value: value == 0)


class Trace(BaseModel):
    """What a proposer may read about one task run. Never holds hidden task material.

    `phases` is an ordered list of {phase, ...facts}; `checks` are the runner's own local
    executions (on the public initial program); `tool_output` is what the runner saw,
    truncated to the strategy's toolOutputChars.
    """

    model_config = ConfigDict(frozen=True)

    runner: str
    task_id: str
    phases: tuple[dict[str, Any], ...] = ()
    checks: tuple[dict[str, Any], ...] = ()
    tool_output: str = ""
    usage: Usage = Usage()
    error: str | None = None
    # Per tool call or step timings; like `tool_output` they stay out of the journal
    # (kept in `traces/`), which holds only deterministic data.
    timings: tuple[dict[str, Any], ...] = ()


class RunnerResult(BaseModel):
    """A submission directory (holding run.sh) and the trace; `submission` is None on error.

    `health` says the runner's model stopped the run (`evaluators.llm.health`: it is
    unreachable, too slow, ignores the reply format or calls no tool): the result is no
    verdict on the strategy, and the engine stops the search instead of journaling it.
    """

    model_config = ConfigDict(frozen=True)

    submission: Path | None
    trace: Trace
    health: HealthStop | None = None


class RunnerAbort(RsiError, RuntimeError):
    """Every further evaluation would be wasted (a plugin runner's own reason to stop; the
    model's health stops through `RunnerResult.health` instead).

    The one exception `run_safely` lets through: the engine stops the search as SIGTERM
    does, journals the one-line message as the reason, and `rsi resume` continues once the
    cause is fixed. The message must name the cause and never hold a key or a host path.
    """


@runtime_checkable
class Runner(Protocol):
    """Writes a test suite for one public task under a strategy."""

    name: str

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult: ...

    def health_check(self, strategy: Strategy) -> None:
        """Raise if this runner cannot load `strategy` (the engine bounds the time)."""
        ...


def run_safely(
    runner: Runner, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
) -> RunnerResult:
    """Run, turning any exception inside the runner into a recorded runner error.

    This is the one deliberate broad catch: a runner is plugin code, and its crash must
    cost one task, not the search. The error type and message are kept in the trace.
    A `RunnerAbort` passes through: it stops the search, not the task.
    """
    try:
        result = runner.run(strategy, task, limits, workdir)
    except RunnerAbort:
        raise
    except Exception as error:  # noqa: BLE001 - boundary: recorded, not hidden
        last = traceback.extract_tb(error.__traceback__)[-1:]
        where = f" at {last[0].filename.rsplit('/', 1)[-1]}:{last[0].lineno}" if last else ""
        message = without_host_paths(f"{type(error).__name__}: {error}{where}", workdir)
        return RunnerResult(
            submission=None, trace=Trace(runner=runner.name, task_id=task.id, error=message)
        )
    if result.submission is not None and not (result.submission / "run.sh").is_file():
        trace = result.trace.model_copy(update={"error": "submission has no run.sh"})
        return RunnerResult(submission=None, trace=trace)
    if result.trace.error is not None:
        error = without_host_paths(result.trace.error, workdir)
        return result.model_copy(update={"trace": result.trace.model_copy(update={"error": error})})
    return result


def without_host_paths(message: str, workdir: Path) -> str:
    """`message` as a trace may hold it: paths in `workdir` relative to it, any other
    absolute path cut to `.../<name>`. Traces reach the journal and proposers, and a host
    path would both vary between runs and reveal where hidden task material lives."""
    for root in {str(workdir), str(workdir.resolve())}:
        message = message.replace(root + "/", "").replace(root, ".")
    return _ABSOLUTE_PATH.sub(lambda match: f".../{match.group(1)}", message)
