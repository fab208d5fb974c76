"""The warm start (tests/support/warm_start.py) behaves like `subprocess` for what the
suite's process tests read: exit codes, signals, output, working directory, environment,
timeouts, concurrent children. Probed with a module of this folder run as `-m`."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.support import warm_start
from tests.support.warm_start import run_module, start_module

PROBE = "tests.support.warm_probe"


@pytest.fixture(params=["warm", "cold"])
def mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(warm_start.COLD_ENV, "1" if request.param == "cold" else "0")
    return str(request.param)


def test_exit_code_output_cwd_and_environment_are_the_callers(mode: str, tmp_path: Path) -> None:
    # PYTHONPATH: a cold `-m tests...` outside the repository finds the probe through it
    env = os.environ | {"RSI_PROBE_VALUE": f"from-{mode}", "PYTHONPATH": str(warm_start.ROOT)}
    done = run_module(PROBE, ["echo", "3", "a b"], cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 3
    assert done.stdout.splitlines() == [
        f"cwd={tmp_path}",
        f"value=from-{mode}",
        "argv=['echo', '3', 'a b']",
    ]
    assert done.stderr == "to stderr\n"


def test_an_exception_is_a_traceback_and_exit_1(mode: str) -> None:
    done = run_module(PROBE, ["raise"], timeout=60)
    assert done.returncode == 1
    assert done.stderr.rstrip().endswith("RuntimeError: the probe raised")


def test_a_timeout_kills_the_child_and_raises(tmp_path: Path) -> None:
    marker = tmp_path / "pid"
    with pytest.raises(subprocess.TimeoutExpired):
        run_module(PROBE, ["sleep", str(marker)], timeout=2)
    pid = int(marker.read_text())
    with pytest.raises(ProcessLookupError):  # killed and reaped, not left running
        os.kill(pid, 0)


def test_a_started_child_is_a_real_process_a_signal_ends(tmp_path: Path) -> None:
    marker = tmp_path / "pid"
    children = [start_module(PROBE, ["sleep", str(marker) + str(n)]) for n in range(2)]
    for n, child in enumerate(children):
        while not Path(str(marker) + str(n)).exists():
            assert child.poll() is None
            time.sleep(0.05)
        assert int(Path(str(marker) + str(n)).read_text()) == child.pid != os.getpid()
    children[0].send_signal(signal.SIGKILL)
    assert children[0].wait(30) == -signal.SIGKILL
    assert children[1].poll() is None  # its sibling runs on
    children[1].send_signal(signal.SIGTERM)
    assert children[1].wait(30) == -signal.SIGTERM


def test_merged_output_comes_back_on_stdout() -> None:
    merged = start_module(PROBE, ["echo", "0", "x"], merge_stderr=True)
    out, err = merged.communicate(60)
    assert merged.returncode == 0
    assert out.decode().splitlines()[-1] == "to stderr" and err == b""
