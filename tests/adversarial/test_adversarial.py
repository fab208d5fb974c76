"""Hostile suites against every backend: the verdict holds, the host is untouched, and
nothing the suite started (process or container) outlives its run.

Each suite in `suites/` reads its parameters from `$TESTS_DIR/params.sh`, written here:
a unique MARKER that every process it starts carries in its command line, and host paths
it must not be able to read or write. Suites that hang until the deadline signal readiness
first (tests/conftest.py), so a slow sandbox start never makes a test pass vacuously.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from evaluators.sandbox import LocalSandbox, Outcome, RunResult, RunSpec, Sandbox
from evaluators.sandbox.docker_backend import DockerSandbox, leftover_containers
from tests.support import sandbox_checks as checks
from tests.support.machine import unavailable

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

    @property
    def escape_targets(self) -> tuple[Path, ...]:
        """Host paths `write_outside` tries: every place a hostile suite would write."""
        names = ("tmp", "var/tmp", "dev/shm", "etc", "root", "usr", "work", "")
        places = [Path("/", name) for name in names] + [Path.home()]
        targets = [self.outside_file] + [place / f"{self.marker}-x" for place in places]
        return tuple(dict.fromkeys(targets))

    def run(self, suite: str, *, until_ready: bool = False, **limits: object) -> RunResult:
        """Run `suite`; `until_ready`: it hangs until the deadline after signalling READY."""
        submission = self.root / "submission"
        shutil.copytree(SUITES / suite, submission)
        port = self.listener.getsockname()[1]
        targets = " ".join(str(target) for target in self.escape_targets)
        (submission / "params.sh").write_text(
            f"MARKER={self.marker}\nHIDDEN_FILE={self.hidden_file}\n"
            f"OUTSIDE_FILE={self.outside_file}\nHOST_OUTPUT_DIR={self.host_output}\n"
            f"HOST_PORT={port}\nTARGETS='{targets}'\n"
        )
        app = self.root / "app"
        app.mkdir()
        spec = RunSpec(app_layers=(app,), tests_dir=submission, **limits)  # type: ignore[arg-type]
        containers_before = self._containers()
        result = (
            checks.run_until_ready(self.sandbox, spec) if until_ready else self.sandbox.run(spec)
        )
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
        assert checks.wait_until_gone(self.marker) == [], "a sandboxed process survived its run"
        assert self._containers() <= containers_before, "a container survived its run"
        assert subprocess.run(["true"], check=False).returncode == 0  # the host can still fork

    def assert_host_untouched(self) -> None:
        assert not self.outside_file.parent.exists()
        assert not self.host_output.exists()
        for target in self.escape_targets:
            assert not target.exists(), f"suite wrote {target}"
            assert not list(target.parent.glob(f"{self.marker}*")), (
                f"suite wrote in {target.parent}"
            )
        with pytest.raises(BlockingIOError):
            self.listener.accept()  # nobody connected to the host's loopback listener

    def need_cgroups(self) -> None:
        """Skip (fail under CI) where the local backend cannot give runs a cgroup."""
        if isinstance(self.sandbox, LocalSandbox) and self.sandbox.cgroups.version is None:
            unavailable(f"cgroups unavailable: {self.sandbox.cgroups.problem}")


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
    result = arena.run("infinite_loop", until_ready=True, timeout_s=3)
    assert result.outcome is Outcome.TIMEOUT
    assert result.exit_code is None


def test_fork_bomb_is_contained(arena: Arena) -> None:
    result = arena.run("fork_bomb", until_ready=True, timeout_s=5, max_pids=64)
    assert result.outcome is Outcome.TIMEOUT


def test_memory_hog_fails_within_its_limit(arena: Arena) -> None:
    result = arena.run("memory_hog", timeout_s=60, memory_mb=256)
    assert result.outcome is Outcome.FAIL, result.output[-500:]
    reached = [
        int(line.split()[1]) for line in result.output.splitlines() if "allocated_mb" in line
    ]
    assert max(reached, default=0) <= 256


def test_memory_spread_over_processes_meets_the_total_limit(arena: Arena) -> None:
    """Four processes of 48 MiB each fit a 128 MiB per-process limit, not a 128 MiB total."""
    arena.need_cgroups()
    result = arena.run("memory_spread", timeout_s=120, memory_mb=128)
    assert result.outcome is Outcome.FAIL, result.output[-500:]
    # The OOM killer may strike a process after it reported holding its share, so "held 4
    # of 4" can appear; what must not is all four surviving with their shares.
    statuses = re.search(r"statuses \[([\d, ]+)\]", result.output)
    held = re.search(r"held (\d) of 4", result.output)
    assert held is not None, result.output[-500:]
    survived = statuses is not None and all(x.strip() == "0" for x in statuses.group(1).split(","))
    assert not (held.group(1) == "4" and survived), result.output[-500:]


CPUS = 0.25
# CFS hands out quota in slices, so a period can overrun a little; margin, not a speed bound.
CPU_MARGIN = 0.15


def test_cpu_hog_gets_no_more_than_its_quota(arena: Arena) -> None:
    """Six processes of four spinning threads each: CPU time over wall time stays at the quota."""
    arena.need_cgroups()
    result = arena.run("cpu_hog", timeout_s=120, cpus=CPUS)
    assert result.outcome is Outcome.PASS, result.output[-500:]
    assert result.limits is not None and result.limits.cpu.enforced
    found = re.search(r"hog cpu_s ([\d.]+) wall_s ([\d.]+)", result.output)
    assert found, result.output[-500:]
    cpu_s, wall_s = float(found[1]), float(found[2])
    assert cpu_s > 0 and wall_s >= 3.0  # it spun for its whole span
    assert cpu_s / wall_s <= CPUS + CPU_MARGIN, f"{cpu_s} s of CPU in {wall_s} s"


def test_network_is_unreachable(arena: Arena) -> None:
    result = arena.run("network_connect", timeout_s=30)
    assert result.outcome is Outcome.PASS, result.output
    assert "reached []" in result.output


def test_writes_outside_the_workspace_never_reach_the_host(arena: Arena) -> None:
    result = arena.run("write_outside", timeout_s=30)
    assert result.outcome is Outcome.PASS
    for target in arena.escape_targets:
        # The suite tried every target (a write may land inside the sandbox's own view)...
        assert re.search(rf"^(wrote|denied) {re.escape(str(target))}$", result.output, re.M)
        assert not target.exists(), f"the write to {target} reached the host"  # ...never here


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
    result = arena.run("sigterm_ignorer", until_ready=True, timeout_s=3)
    assert result.outcome is Outcome.TIMEOUT


def test_background_leftovers_are_killed(arena: Arena) -> None:
    result = arena.run("leftover_background", timeout_s=30)
    assert result.outcome is Outcome.PASS
    assert "daemons started" in result.output
