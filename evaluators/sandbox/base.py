"""The sandbox contract: run one suite against one program, isolated (DESIGN.md section 5)."""

from __future__ import annotations

import time
from enum import Enum
from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_TIMEOUT_CAP_S = 180.0
DEFAULT_OUTPUT_LIMIT_BYTES = 1_000_000
DEFAULT_RESULTS_XML_LIMIT_BYTES = 2_000_000


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


class RunResult(BaseModel):
    """The outcome of one run and the isolation it really had."""

    model_config = ConfigDict(frozen=True)

    outcome: Outcome
    exit_code: int | None
    duration_s: float
    output: str  # stdout and stderr interleaved, capped at output_limit_bytes
    output_truncated: bool = False
    results_xml: str | None = None  # $OUTPUT_DIR/results.xml if written, capped
    backend: str
    isolation: Isolation
    error: str | None = None  # why the outcome is `error`, in one line


def error_result(message: str, *, backend: str, isolation: Isolation, started: float) -> RunResult:
    """An `error` outcome for a run that could not happen; `started` is a monotonic time."""
    return RunResult(
        outcome=Outcome.ERROR,
        exit_code=None,
        duration_s=time.monotonic() - started,
        output="",
        backend=backend,
        isolation=isolation,
        error=" ".join(message.split()),
    )


@runtime_checkable
class Sandbox(Protocol):
    """Runs suites in isolation. Implementations must be safe to call from many threads."""

    name: str

    def run(self, spec: RunSpec) -> RunResult: ...
