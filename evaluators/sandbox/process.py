"""Process control for the local backend: a private uid per run, capped output, a deadline.

When rsi runs as root, each run executes under its own random, otherwise unused uid. That
makes `RLIMIT_NPROC` count only that run's processes (root itself is exempt from it) and
lets the backend kill every process the run left behind, even ones that escaped the
process group with `setsid`, by signalling all processes of that uid.
"""

from __future__ import annotations

import contextlib
import os
import random
import selectors
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from evaluators.sandbox.workspace import CappedBuffer

RUN_UID_RANGE = (1_000_000, 2_000_000_000)
_READ_CHUNK = 65536
_DRAIN_AFTER_EXIT_S = 1.0
_SWEEP_ATTEMPTS = 200


def _processes_with(predicate: Callable[[dict[str, str]], bool]) -> list[int]:
    pids = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            text = Path(entry.path, "status").read_text()
        except OSError:  # exited meanwhile
            continue
        fields = dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)
        if fields.get("State", "").startswith(("Z", "X")):
            continue  # a zombie holds no resources; its parent (or init) reaps it
        if predicate(fields):
            pids.append(int(entry.name))
    return pids


def processes_of_uid(uid: int) -> list[int]:
    """Live processes whose real, effective or saved uid is `uid`."""
    return _processes_with(lambda fields: str(uid) in fields.get("Uid", "").split()[:3])


class UidPool:
    """Hands out uids no live process uses; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._taken: set[int] = set()
        self._random = random.SystemRandom()

    def acquire(self) -> int:
        with self._lock:
            while True:
                uid = self._random.randrange(*RUN_UID_RANGE)
                if uid not in self._taken and not processes_of_uid(uid):
                    self._taken.add(uid)
                    return uid

    def release(self, uid: int) -> None:
        with self._lock:
            self._taken.discard(uid)


def drop_to(uid: int) -> list[str]:
    """Command prefix that runs the rest as `uid`, with no groups and no new privileges."""
    setpriv = shutil.which("setpriv") or "setpriv"
    return [setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--no-new-privs", "--"]


def sweep_uid(uid: int) -> bool:
    """SIGKILL every process of `uid`; True when none is left.

    `kill -1` sent as that uid reaches all of its processes at once, which also stops a
    fork bomb from outrunning a pid-by-pid scan.
    """
    bash = shutil.which("bash") or "/bin/bash"
    for _ in range(_SWEEP_ATTEMPTS):
        if not processes_of_uid(uid):
            return True
        # bash's builtin: kill(-1) signals every process of the uid except the caller.
        subprocess.run(
            [*drop_to(uid), bash, "-c", "kill -s KILL -1"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        time.sleep(0.01)
    return not processes_of_uid(uid)


@dataclass(frozen=True)
class ProcessRun:
    """What happened to one sandboxed command."""

    returncode: int
    timed_out: bool
    duration_s: float
    output: str
    output_truncated: bool


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # the group is already gone
    except PermissionError:
        pass  # only processes we may not signal remain; the uid sweep handles them


def _drain(fd: int, buffer: CappedBuffer, budget: int = 16 * _READ_CHUNK) -> bool:
    """Read what is available (up to `budget` bytes); False at end of file."""
    read = 0
    while read < budget:
        try:
            chunk = os.read(fd, _READ_CHUNK)
        except BlockingIOError:
            return True
        if not chunk:
            return False
        buffer.write(chunk)
        read += len(chunk)
    return True


def run_with_deadline(
    argv: Sequence[str],
    *,
    env: dict[str, str],
    cwd: Path,
    timeout_s: float,
    output_limit: int,
    pass_fds: Sequence[int] = (),
    cleanup: Callable[[], None] | None = None,
) -> ProcessRun:
    """Run `argv` in a new session; stdout+stderr capped; SIGKILL the group at the deadline.

    `cleanup` runs after the command ended (or was killed) and before the remaining
    output is drained; it must kill whatever the command left behind.
    """
    buffer = CappedBuffer(output_limit)
    start = time.monotonic()
    proc = subprocess.Popen(
        list(argv),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=cwd,
        start_new_session=True,
        close_fds=True,
        pass_fds=tuple(pass_fds),
    )
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    os.set_blocking(fd, False)
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            pipe = _Pipe(fd, buffer, selector)
            timed_out = _watch(proc, pipe, start + timeout_s)
            duration = time.monotonic() - start
            _kill_group(proc.pid)  # leftovers that stayed in the group
            proc.wait()
            if cleanup is not None:
                cleanup()
            # Whatever still holds the pipe after the cleanup gets a short grace, no more.
            pipe.drain_for(_DRAIN_AFTER_EXIT_S)
    finally:
        if proc.poll() is None:
            _kill_group(proc.pid)
            proc.wait()
        proc.stdout.close()
    return ProcessRun(
        returncode=proc.returncode,
        timed_out=timed_out,
        duration_s=duration,
        output=buffer.text(),
        output_truncated=buffer.truncated,
    )


@dataclass
class _Pipe:
    """The command's output pipe while it is read: open until it reports end of file."""

    fd: int
    buffer: CappedBuffer
    selector: selectors.BaseSelector
    open: bool = True

    def read_within(self, seconds: float) -> None:
        """Read what arrives within `seconds` (at once when something is waiting)."""
        if self.selector.select(seconds):
            self.open = _drain(self.fd, self.buffer)

    def drain_for(self, seconds: float) -> None:
        until = time.monotonic() + seconds
        while self.open and time.monotonic() < until:
            self.read_within(0.05)


def _watch(proc: subprocess.Popen[bytes], pipe: _Pipe, deadline: float) -> bool:
    """Read the output until the command exits; kill its group at `deadline`. True if it
    had to be killed."""
    while proc.poll() is None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            _kill_group(proc.pid)
            return True
        if pipe.open:
            pipe.read_within(min(remaining, 0.2))
        else:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=min(remaining, 0.05))
    return False
