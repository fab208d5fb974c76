"""The suite's `python -m rsi` (and other `-m` module) processes, forked from a warm start.

Every `rsi` process a test starts paid for its imports again: litellm alone is 2.7 s of CPU,
MLflow 1.5 s, the engine, optuna, numpy and docker about 1 s more, on a 2-core machine where
the suite is CPU-bound (docs/how-to/develop.md, "Where the suite's time goes"). Here each
xdist worker starts one *warm start* process that imports them once, then forks a child per
command: the child is a real process (its own pid, exit status, signals, files, atexit and
thread shutdown) that runs the module as `python -m` would (`runpy`, `__main__`), with the
test's argv, working directory and environment, its stdin on /dev/null and its stdout and
stderr on files the test reads.

What a fork cannot give is a cold start: the child does not import anything, so import-time
warnings, the CLI's lazy imports and start time are not what it shows, and every child
shares the warm start's hash seed. The tests of those (`tests/rsi/cli/test_start.py`,
`tests/e2e/test_quiet_output.py`, `tests/e2e/test_prompt_cache.py`) start cold processes,
and `RSI_TEST_COLD_START=1` makes every helper here start cold, `subprocess` as before, to
compare the two. An `rsi` child sets the CLI's offline defaults the test's environment
leaves unset, as importing `rsi.cli` does.

The warm start is `python -m tests.support.warm_start FD`, FD a SOCK_SEQPACKET socket: each
request is one JSON message with three file descriptors (stdout, stderr, and a status pipe
on which the warm start writes the child's pid, then its exit code once it has reaped it).
"""

from __future__ import annotations

import atexit
import importlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

COLD_ENV = "RSI_TEST_COLD_START"
ROOT = Path(__file__).resolve().parents[2]
# What `rsi` commands and the engine driver import when they run: the warm start pays once.
PRELOAD = (
    "rsi.cli",
    "rsi.engine",
    "rsi.execution",
    "rsi.lineage.sink",
    "rsi.reports",
    "evaluators.llm",
    "evaluators.runners",
    "evaluators.runners.testhelix",
    "litellm",
    "mlflow",
    "dspy",
    "optuna",
    "docker",
    "tests.support.engine_driver",
    "tests.support.coin_search",
    "matplotlib.pyplot",
)
_MESSAGE_BYTES = 1 << 20


class WarmProcess:
    """A child of the warm start: `subprocess.Popen`'s poll, wait, signals and output."""

    def __init__(self, status: int, stdout: Path, stderr: Path | None, args: list[str]) -> None:
        self._status = os.fdopen(status, "rb", buffering=0)
        self._stdout, self._stderr, self.args = stdout, stderr, args
        self.returncode: int | None = None
        self.pid = int(self._read_line(None))

    def _read_line(self, timeout: float | None) -> bytes:
        line = b""
        while not line.endswith(b"\n"):
            ready, _, _ = select.select([self._status], [], [], timeout)
            if not ready:
                raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
            byte = self._status.read(1)
            if not byte:
                raise RuntimeError("the warm start died before reporting its child")
            line += byte
        return line

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            self.returncode = int(self._read_line(timeout))
            self._status.close()
        return self.returncode

    def poll(self) -> int | None:
        try:
            return self.wait(0)
        except subprocess.TimeoutExpired:
            return None

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def output(self) -> tuple[str, str]:
        """What the child wrote to stdout and stderr ('' for a stream it shared)."""
        out = self._stdout.read_text(errors="replace") if self._stdout.is_file() else ""
        err = self._stderr.read_text(errors="replace") if self._stderr else ""
        return out, err

    def communicate(self, timeout: float | None = None) -> tuple[bytes, bytes]:
        self.wait(timeout)
        out, err = self.output()
        return out.encode(), err.encode()


class _WarmStart:
    """This process's warm start, started on first use and closed at exit."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.scratch = Path(tempfile.mkdtemp(prefix="rsi-warm-"))  # children's output, its log
        log = open(self.scratch / "warm-start.log", "wb")  # noqa: SIM115 - closed below
        self._server = subprocess.Popen(
            [sys.executable, "-m", "tests.support.warm_start", str(theirs.fileno())],
            cwd=ROOT,
            env=_base_env(os.environ),
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
        theirs.close()
        log.close()
        self._socket, self._lock = ours, threading.Lock()

    def start(self, request: dict[str, Any], out: int, err: int) -> int:
        """Send one request; returns the read end of its status pipe."""
        status_read, status_write = os.pipe()
        try:
            with self._lock:
                socket.send_fds(
                    self._socket, [json.dumps(request).encode()], [out, err, status_write]
                )
        finally:
            os.close(status_write)
        return status_read

    def close(self) -> None:
        self._socket.close()  # the warm start kills what is left and exits
        try:
            self._server.wait(10)
        except subprocess.TimeoutExpired:
            self._server.kill()
        shutil.rmtree(self.scratch, ignore_errors=True)


_warm: list[_WarmStart] = []
_warm_lock = threading.Lock()


def close() -> None:
    """End this process's warm start now, if it has one (otherwise it ends at exit)."""
    with _warm_lock:
        if _warm:
            _warm.pop().close()


def _warm_start() -> _WarmStart:
    with _warm_lock:
        if not _warm:
            _warm.append(_WarmStart())
            atexit.register(close)
        return _warm[0]


def _base_env(environ: Mapping[str, str]) -> dict[str, str]:
    return dict(environ) | {
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "MLFLOW_DISABLE_TELEMETRY": "true",
    }


def cold() -> bool:
    return os.environ.get(COLD_ENV) == "1"


def start_module(
    module: str,
    args: Sequence[str],
    *,
    cwd: Path = ROOT,
    env: Mapping[str, str] | None = None,
    capture: bool = True,
    merge_stderr: bool = False,
) -> WarmProcess:
    """`python -m MODULE ARGS` as a child of the warm start. `capture`: its stdout (and its
    stderr, unless `merge_stderr`) go to files read by `output()`; otherwise it writes to
    this process's."""
    warm = _warm_start()
    argv = [sys.executable, "-m", module, *map(str, args)]
    request = {"module": module, "args": [str(a) for a in args], "cwd": str(cwd)}
    request["env"] = dict(env if env is not None else _base_env(os.environ))
    out, stdout = _scratch_file(warm.scratch, ".out", capture)
    err, stderr = (out, None) if merge_stderr else _scratch_file(warm.scratch, ".err", capture)
    if not capture:
        out, err = os.dup(1), os.dup(2)
    try:
        status = warm.start(request, out, err)
    finally:
        os.close(out)
        if err != out:
            os.close(err)
    return WarmProcess(status, stdout, stderr if capture else None, argv)


def _scratch_file(scratch: Path, suffix: str, capture: bool) -> tuple[int, Path]:
    """An open file for one stream of a child (closed and unused when not capturing)."""
    fd, name = tempfile.mkstemp(dir=scratch, suffix=suffix)
    if not capture:
        os.close(fd)
        fd = -1
    return fd, Path(name)


def run_module(
    module: str,
    args: Sequence[str],
    *,
    cwd: Path = ROOT,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    capture: bool = True,
) -> subprocess.CompletedProcess[str]:
    """`subprocess.run([python, -m, MODULE, *ARGS], text=True, capture_output=capture)`,
    warm unless `RSI_TEST_COLD_START=1`; a timeout kills the child and raises
    `subprocess.TimeoutExpired`, as `subprocess.run` does."""
    env = env if env is not None else _base_env(os.environ)
    argv = [sys.executable, "-m", module, *map(str, args)]
    if cold():
        return subprocess.run(
            argv, cwd=cwd, env=dict(env), capture_output=capture, text=True, timeout=timeout
        )
    child = start_module(module, args, cwd=cwd, env=env, capture=capture)
    try:
        child.wait(timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        raise
    code = child.wait()
    out, err = child.output() if capture else (None, None)
    return subprocess.CompletedProcess(argv, code, out, err)


# --- the warm start itself (`python -m tests.support.warm_start FD`) -------------------------


def _serve(control: socket.socket) -> dict[str, Any]:
    """Fork a child per request; return only in a child, with its request."""
    wakeup_read, wakeup_write = os.pipe()
    os.set_blocking(wakeup_write, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wakeup_write)
    children: dict[int, int] = {}  # pid -> its status pipe
    while True:
        ready, _, _ = select.select([control, wakeup_read], [], [])
        if wakeup_read in ready:
            os.read(wakeup_read, 4096)
        _reap(children)
        if control not in ready:
            continue
        message, fds, _flags, _address = socket.recv_fds(control, _MESSAGE_BYTES, 3)
        if not message:  # the worker closed its end: end what is left, then ourselves
            for pid in children:
                os.kill(pid, signal.SIGKILL)
            os._exit(0)
        out, err, status = fds
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            for fd in (wakeup_read, wakeup_write, status, *children.values()):
                os.close(fd)
            control.close()
            _become(out, err)
            return json.loads(message)
        os.close(out)
        if err != out:
            os.close(err)
        os.write(status, f"{pid}\n".encode())
        children[pid] = status


def _reap(children: dict[int, int]) -> None:
    for pid in list(children):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            os.write(children[pid], f"{os.waitstatus_to_exitcode(status)}\n".encode())
            os.close(children.pop(pid))


def _become(out: int, err: int) -> None:
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(out, 1)
    os.dup2(err, 2)
    for fd in {devnull, out, err}:
        os.close(fd)


def _run_child(request: dict[str, Any]) -> None:
    """Run the request's module as `python -m` would, in this (forked) process."""
    import runpy

    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = [request["module"], *request["args"]]
    sys.path[0] = request["cwd"]  # `-m` puts the working directory first
    if request["module"] == "rsi":  # what importing the CLI does to the environment
        from rsi.cli import set_offline_defaults

        set_offline_defaults()
    runpy.run_module(request["module"], run_name="__main__", alter_sys=True)


def main(fd: int) -> None:
    import gc

    for name in PRELOAD:
        importlib.import_module(name)
    gc.collect()
    gc.freeze()  # children touch fewer of the warm start's pages
    control = socket.socket(fileno=fd)
    _run_child(_serve(control))


if __name__ == "__main__":
    main(int(sys.argv[1]))
