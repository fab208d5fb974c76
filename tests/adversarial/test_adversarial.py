"""Hostile suites against every backend: the verdict holds, the host is untouched, and
nothing the suite started (process or container) outlives its run.

Each suite in `suites/` reads its parameters from `$TESTS_DIR/params.sh`, written here:
a unique MARKER that every process it starts carries in its command line, and host paths
it must not be able to read or write.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from evaluators.sandbox import Outcome, RunResult, RunSpec, Sandbox
from evaluators.sandbox.docker_backend import DockerSandbox, leftover_containers
from tests.conftest import processes_with

SUITES = Path(__file__).parent / "suites"
BACKEND_FIXTURES = {"local": "bwrap_sandbox", "docker": "docker_sandbox"}
SECRET = "hidden-reference-secret-7f3a"


@dataclass
class Arena:
    """One adversarial run's host side: parameters, traps and the after-checks."""

    sandbox: Sandbox
    root: Path
    marker: str
    listener: socket.socket

    @property
    def hidden_file(self) -> Path:
        return self.root / "task" / "solution" / "reference-secret.py"

    @property
    def outside_file(self) -> Path:
        return self.root / "outside" / "written.txt"

    @property
    def host_output(self) -> Path:
        return self.root / "host-output"

    def run(self, suite: str, **limits: object) -> RunResult:
        submission = self.root / "submission"
        shutil.copytree(SUITES / suite, submission)
        port = self.listener.getsockname()[1]
        (submission / "params.sh").write_text(
            f"MARKER={self.marker}\nHIDDEN_FILE={self.hidden_file}\n"
            f"OUTSIDE_FILE={self.outside_file}\nHOST_OUTPUT_DIR={self.host_output}\n"
            f"HOST_PORT={port}\n"
        )
        app = self.root / "app"
        app.mkdir()
        spec = RunSpec(app_layers=(app,), tests_dir=submission, **limits)  # type: ignore[arg-type]
        containers_before = self._containers()
        result = self.sandbox.run(spec)
        self.assert_nothing_left(containers_before)
        return result

    def _containers(self) -> set[str]:
        if not isinstance(self.sandbox, DockerSandbox):
            return set()
        client = self.sandbox.client()
        try:
            return set(leftover_containers(client))
        finally:
            client.close()

    def assert_nothing_left(self, containers_before: set[str]) -> None:
        # Teardown may lag the result by a moment; wait for it, never for longer than 10 s.
        deadline = time.monotonic() + 10
        while processes_with(self.marker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert processes_with(self.marker) == [], "a sandboxed process survived its run"
        assert self._containers() <= containers_before, "a container survived its run"
        assert subprocess.run(["true"], check=False).returncode == 0  # the host can still fork

    def assert_host_untouched(self) -> None:
        assert not self.outside_file.exists()
        assert not self.outside_file.parent.exists()
        assert not self.host_output.exists()
        for path in (Path("/tmp"), Path("/etc"), Path("/root"), Path("/usr"), Path("/")):
            assert not list(path.glob(f"{self.marker}*")), f"suite wrote into {path}"
        with pytest.raises(BlockingIOError):
            self.listener.accept()  # nobody connected to the host's loopback listener


@pytest.fixture(params=sorted(BACKEND_FIXTURES))
def arena(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Arena]:
    sandbox = request.getfixturevalue(BACKEND_FIXTURES[request.param])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    listener.setblocking(False)
    arena = Arena(sandbox, tmp_path, f"rsi-adv-{uuid.uuid4().hex[:12]}", listener)
    arena.hidden_file.parent.mkdir(parents=True)
    arena.hidden_file.write_text(f"SECRET = {SECRET!r}\n")
    try:
        yield arena
        arena.assert_host_untouched()
    finally:
        listener.close()


def test_infinite_loop_times_out(arena: Arena) -> None:
    result = arena.run("infinite_loop", timeout_s=3)
    assert result.outcome is Outcome.TIMEOUT
    assert result.exit_code is None


def test_fork_bomb_is_contained(arena: Arena) -> None:
    result = arena.run("fork_bomb", timeout_s=5, max_pids=64)
    assert result.outcome is Outcome.TIMEOUT


def test_memory_hog_fails_within_its_limit(arena: Arena) -> None:
    result = arena.run("memory_hog", timeout_s=60, memory_mb=256)
    assert result.outcome is Outcome.FAIL, result.output[-500:]
    reached = [
        int(line.split()[1]) for line in result.output.splitlines() if "allocated_mb" in line
    ]
    assert max(reached, default=0) <= 256


def test_network_is_unreachable(arena: Arena) -> None:
    result = arena.run("network_connect", timeout_s=30)
    assert result.outcome is Outcome.PASS, result.output
    assert "reached []" in result.output


def test_writes_outside_the_workspace_never_reach_the_host(arena: Arena) -> None:
    result = arena.run("write_outside", timeout_s=30)
    assert result.outcome is Outcome.PASS
    assert f"denied {arena.outside_file}" in result.output or "wrote" in result.output


def test_hidden_reference_cannot_be_read(arena: Arena) -> None:
    result = arena.run("read_hidden", timeout_s=60)
    assert result.outcome is Outcome.PASS
    assert SECRET not in result.output


def test_forged_results_do_not_change_the_verdict(arena: Arena) -> None:
    result = arena.run("forged_results", timeout_s=30)
    assert (result.outcome, result.exit_code) == (Outcome.FAIL, 1)
    assert result.results_xml is not None and 'name="forged"' in result.results_xml
    assert "planted in host output" in result.output  # it landed inside the sandbox only


def test_output_flood_is_capped(arena: Arena) -> None:
    result = arena.run("output_flood", timeout_s=120, output_limit_bytes=100_000)
    assert result.outcome is Outcome.PASS
    assert result.output_truncated
    assert result.output == "F" * 100_000


def test_sigterm_ignoring_child_is_killed(arena: Arena) -> None:
    result = arena.run("sigterm_ignorer", timeout_s=3)
    assert result.outcome is Outcome.TIMEOUT


def test_background_leftovers_are_killed(arena: Arena) -> None:
    result = arena.run("leftover_background", timeout_s=30)
    assert result.outcome is Outcome.PASS
    assert "daemons started" in result.output
