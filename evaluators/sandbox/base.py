"""The sandbox contract: run one suite against one program, isolated (docs/design.md section 5)."""

from __future__ import annotations

import time
from enum import Enum
from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_OUTPUT_LIMIT_BYTES = 1_000_000
DEFAULT_RESULTS_XML_LIMIT_BYTES = 2_000_000
FILE_SIZE_LIMIT_BYTES = 256 * 1024 * 1024  # the largest file a suite may write, every backend


class Outcome(str, Enum):
    PASS = "pass"  # exit 0
    FAIL = "fail"  # nonzero exit
    ERROR = "error"  # missing or unrunnable run.sh, sandbox or infrastructure failure
    TIMEOUT = "timeout"  # killed at the deadline


class Isolation(str, Enum):
    """What isolation a run really had."""

    BWRAP = "bwrap"  # filesystem view limited to workspace + read-only runtime, no network
    UNSHARE_NET = "unshare-rn"  # no network only; filesystem visible (reduced isolation)
    DOCKER = "docker"  # container, network none, caps dropped, limits
    NONE = "none"  # plain subprocess; only with explicit permission (tests, benchmarks)


class RunSpec(BaseModel):
    """One run: `bash $TESTS_DIR/run.sh` with cwd `$APP_DIR`.

    The program under test is `app_layers` copied in order into a fresh `$APP_DIR`
    (environment first, then the target's overlay). `tests_dir` is copied fresh to
    `$TESTS_DIR`. `$OUTPUT_DIR` is a fresh writable directory.
    """

    model_config = ConfigDict(frozen=True)

    app_layers: tuple[Path, ...]
    tests_dir: Path
    timeout_s: float = Field(default=60.0, gt=0)
    memory_mb: int = Field(default=1024, gt=0)
    cpus: float = Field(default=1.0, gt=0)
    max_pids: int = Field(default=256, gt=0)
    output_limit_bytes: int = Field(default=DEFAULT_OUTPUT_LIMIT_BYTES, gt=0)
    image: str | None = None  # docker backend only
    # An image target (docker only): the program is already in `image`, at this directory,
    # which becomes `$APP_DIR`. `app_layers`, usually empty then, are copied over it (a
    # runner checking its own copy of the program). `path` is the image's PATH.
    app_dir: str | None = None
    path: str | None = None


class Limit(BaseModel):
    """One resource limit of a run: whether it was enforced, and how (or why not)."""

    model_config = ConfigDict(frozen=True)

    enforced: bool
    how: str


class Limits(BaseModel):
    """How a run's CPU, memory and process limits were really enforced; a limit that did
    not hold says so (`enforced=False`), never silently."""

    model_config = ConfigDict(frozen=True)

    cpu: Limit
    memory: Limit
    pids: Limit
    cgroup: str | None = None  # the name of the run's own cgroup, when it had one


class RunResult(BaseModel):
    """The outcome of one run and the isolation and limits it really had."""

    model_config = ConfigDict(frozen=True)

    outcome: Outcome
    exit_code: int | None
    duration_s: float
    output: str  # stdout and stderr interleaved, capped at output_limit_bytes
    output_truncated: bool = False
    results_xml: str | None = None  # $OUTPUT_DIR/results.xml if written, capped
    backend: str
    isolation: Isolation
    limits: Limits | None = None  # None only when the run never started
    error: str | None = None  # why the outcome is `error`, in one line
    # The sandbox itself failed (making the workspace, reaching the engine), not the suite:
    # set by the backend, never read from text a suite could have written.
    infrastructure: bool = False


def error_result(
    message: str,
    *,
    backend: str,
    isolation: Isolation,
    started: float,
    infrastructure: bool = False,
) -> RunResult:
    """An `error` outcome for a run that could not happen; `started` is a monotonic time;
    `infrastructure`: the sandbox failed, not the suite."""
    return RunResult(
        outcome=Outcome.ERROR,
        exit_code=None,
        duration_s=time.monotonic() - started,
        output="",
        backend=backend,
        isolation=isolation,
        error=" ".join(message.split()),
        infrastructure=infrastructure,
    )


def finished_result(
    *,
    backend: str,
    isolation: Isolation,
    limits: Limits,
    exit_code: int | None,
    timed_out: bool,
    duration_s: float,
    output: str,
    output_truncated: bool,
    results_xml: tuple[str | None, str | None],
) -> RunResult:
    """The result of a run that happened: `timeout` at the deadline, else `pass` on exit 0
    and `fail` otherwise. `results_xml` is (content, note); a note saying why the file was
    ignored is appended to the output."""
    content, note = results_xml
    if timed_out:
        outcome = Outcome.TIMEOUT
    elif exit_code == 0:
        outcome = Outcome.PASS
    else:
        outcome = Outcome.FAIL
    return RunResult(
        outcome=outcome,
        exit_code=None if timed_out else exit_code,
        duration_s=duration_s,
        output=output if note is None else f"{output}\n[sandbox] {note}\n",
        output_truncated=output_truncated,
        results_xml=content,
        backend=backend,
        isolation=isolation,
        limits=limits,
    )


@runtime_checkable
class Sandbox(Protocol):
    """Runs suites in isolation. Implementations must be safe to call from many threads."""

    name: str

    def run(self, spec: RunSpec) -> RunResult: ...
