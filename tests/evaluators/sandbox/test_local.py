"""The local backend for real: bubblewrap isolation, limits, outcomes, workspace, policy."""

from __future__ import annotations

import os
import subprocess
import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from evaluators.sandbox import (
    Isolation,
    LocalSandbox,
    Outcome,
    RunSpec,
    Sandbox,
    cgroups,
    make_sandbox,
)
from evaluators.sandbox.cgroups import CgroupSupport, cgroup_support, placement
from search_space.errors import UserInputError
from tests.support import sandbox_checks as checks
from tests.support.machine import SpecFor, SuiteFactory, processes_with, unavailable

REPO = Path(__file__).resolve().parents[3]


def test_factory_builds_both_backends_and_rejects_unknown() -> None:
    assert make_sandbox("local").name == "local"
    assert make_sandbox("docker", image="x:y").name == "docker"
    assert isinstance(make_sandbox("local"), Sandbox)
    with pytest.raises(UserInputError, match="unknown sandbox backend 'podman'"):
        make_sandbox("podman")


def test_passing_pytest_suite(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    result = checks.passing_pytest_suite(bwrap_sandbox, make_suite, spec_for)
    assert result.isolation is Isolation.BWRAP


def test_nonzero_exit_is_fail(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    result = bwrap_sandbox.run(spec_for(make_suite("echo failing >&2; exit 3\n")))
    assert (result.outcome, result.exit_code) == (Outcome.FAIL, 3)
    assert "failing" in result.output  # stderr is captured with stdout


def test_missing_or_unrunnable_run_sh_is_error(
    bwrap_sandbox: LocalSandbox, tmp_path: Path, spec_for: SpecFor
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = bwrap_sandbox.run(spec_for(empty))
    assert result.outcome is Outcome.ERROR and "run.sh" in (result.error or "")
    assert not result.infrastructure  # the submission's fault, not the sandbox's
    directory = tmp_path / "dir"
    (directory / "run.sh").mkdir(parents=True)
    assert bwrap_sandbox.run(spec_for(directory)).outcome is Outcome.ERROR


def test_a_sandbox_that_fails_says_so_in_its_flag(
    bwrap_sandbox: LocalSandbox,
    make_suite: SuiteFactory,
    spec_for: SpecFor,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_space(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("evaluators.sandbox.local.placement", no_space)
    result = bwrap_sandbox.run(spec_for(make_suite("exit 0\n")))
    assert result.outcome is Outcome.ERROR and result.infrastructure
    assert (result.error or "").startswith("sandbox infrastructure failure: [Errno 28]")


def test_deadline_is_timeout(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    """A suite that hangs is killed at the deadline; what it printed before is kept."""
    marker = f"rsi-hang-{uuid.uuid4().hex[:10]}"
    suite = make_suite(f"echo started\n{checks.SIGNAL_READY}exec -a {marker} sleep 600\n")
    result = checks.run_until_ready(bwrap_sandbox, spec_for(suite, timeout_s=1))
    assert result.outcome is Outcome.TIMEOUT
    assert result.exit_code is None
    assert "started" in result.output
    assert checks.wait_until_gone(marker) == []


def test_every_target_looks_identical(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, tmp_path: Path
) -> None:
    """Two different programs: the suite's view (paths, env, identity) is byte-identical."""
    probe = make_suite("pwd; id; hostname; env | sort; ls -a / /work /tmp; touch ~/x /tmp/y\n")
    view = checks.identical_view(bwrap_sandbox, probe, tmp_path)  # so $HOME, /tmp are writable
    assert "/work/app" in view and "uid=1000" in view
    for line in (
        "HOME=/tmp",
        "OUTPUT_DIR=/work/output",
        "PYTHONHASHSEED=0",
        "TESTS_DIR=/work/tests",
    ):
        assert line in view
    assert str(tmp_path) not in view


def test_host_filesystem_is_hidden(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor, tmp_path: Path
) -> None:
    secret = checks.hidden_reference(tmp_path, "hidden-reference-payload")
    paths = [
        secret,
        REPO / "pyproject.toml",
        REPO / ".git",
        Path("/etc/shadow"),
        Path("/etc/hosts"),
    ]
    # $HOME shows nothing but the path down to a runtime prefix that lives under it.
    runtime_parts = {part for prefix in bwrap_sandbox.runtime_prefixes for part in prefix.parts}
    paths += [entry for entry in Path.home().iterdir() if entry.name not in runtime_parts]
    probes = "".join(f'test -e "{path}" && echo "VISIBLE {path}"\n' for path in paths)
    result = bwrap_sandbox.run(spec_for(make_suite(probes + f'cat "{secret}"\nexit 0\n')))
    assert result.outcome is Outcome.PASS
    assert "VISIBLE" not in result.output
    assert "hidden-reference-payload" not in result.output


def test_no_network(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    connect = (
        "import socket\n"
        "for host in ('127.0.0.1', '10.0.0.1', '1.1.1.1'):\n"
        "    try:\n"
        "        socket.create_connection((host, 53), timeout=2)\n"
        "        print('CONNECTED', host)\n"
        "    except OSError as error:\n"
        "        print('blocked', host, error)\n"
        "print('interfaces', sorted(name for _, name in socket.if_nameindex()))\n"
    )
    result = bwrap_sandbox.run(
        spec_for(make_suite('python3 "$TESTS_DIR/connect.py"\n', {"connect.py": connect}))
    )
    assert result.outcome is Outcome.PASS, result.output
    assert "CONNECTED" not in result.output
    assert result.output.count("blocked") == 3
    assert "interfaces ['lo']" in result.output


def test_layers_overlay_in_order_and_workspace_is_fresh(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, tmp_path: Path
) -> None:
    base, overlay = tmp_path / "environment", tmp_path / "overlay"
    (base / "pkg").mkdir(parents=True)
    overlay.mkdir()
    (base / "pkg" / "a.txt").write_text("base-a\n")
    (base / "b.txt").write_text("base-b\n")
    (overlay / "b.txt").write_text("overlay-b\n")
    suite = make_suite(
        'cat pkg/a.txt b.txt; ls "$OUTPUT_DIR"; test -e leftover && echo STALE\n'
        'echo scribble > leftover; echo scribble > b.txt; echo scribble > "$TESTS_DIR/x"\n'
    )
    spec = RunSpec(app_layers=(base, overlay), tests_dir=suite)
    first, second = bwrap_sandbox.run(spec), bwrap_sandbox.run(spec)
    assert first.output == second.output == "base-a\noverlay-b\n"
    assert (overlay / "b.txt").read_text() == "overlay-b\n"  # host copies untouched
    assert not (base / "leftover").exists() and not (suite / "x").exists()


def test_output_and_results_xml_are_capped(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor, tmp_path: Path
) -> None:
    host_file = tmp_path / "host-only.txt"
    host_file.write_text("host-content-never-read\n")
    checks.output_and_results_xml_caps(bwrap_sandbox, make_suite, spec_for, host_file)


def test_concurrent_runs_stay_separate(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    checks.concurrent_runs_stay_separate(bwrap_sandbox, make_suite, spec_for, runs=4)


def test_reduced_isolation_is_refused_unless_allowed(
    make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    """Without bubblewrap the run is an error; allowed, it runs and says what it had."""
    suite = spec_for(make_suite("echo ran\n"))
    for isolation in (Isolation.UNSHARE_NET, Isolation.NONE):
        strict, lenient = LocalSandbox(), LocalSandbox(allow_reduced_isolation=True)
        for sandbox in (strict, lenient):
            sandbox.detected = replace(sandbox.detected, isolation=isolation, shortfall="no bwrap")
        refused = strict.run(suite)
        assert refused.outcome is Outcome.ERROR
        assert refused.isolation is isolation
        assert "reduced isolation" in (refused.error or "")
        allowed = lenient.run(suite)
        assert (allowed.outcome, allowed.output) == (Outcome.PASS, "ran\n")
        assert allowed.isolation is isolation


def test_suite_killed_by_a_signal_is_fail(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    result = bwrap_sandbox.run(spec_for(make_suite("kill -KILL $$\n")))
    assert result.outcome is Outcome.FAIL
    assert result.exit_code not in (0, None)


def test_bubblewrap_setup_failure_is_error(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor, tmp_path: Path
) -> None:
    sandbox = LocalSandbox()  # a fresh one to break; the fixture says bubblewrap works here
    sandbox.runtime_prefixes = (tmp_path / "no-such-prefix",)
    result = sandbox.run(spec_for(make_suite("echo ran\n")))
    assert result.outcome is Outcome.ERROR
    assert "bubblewrap failed" in (result.error or "") and "no-such-prefix" in (result.error or "")


def test_leftovers_die_even_without_namespaces(make_suite: SuiteFactory, spec_for: SpecFor) -> None:
    """As root each run has its own uid; its processes are swept even with no isolation."""
    if os.geteuid() != 0:
        unavailable("private run uids need root")
    marker = f"rsi-sweep-{uuid.uuid4().hex[:10]}"
    sandbox = LocalSandbox(allow_reduced_isolation=True)
    sandbox.detected = replace(sandbox.detected, isolation=Isolation.NONE)
    script = f"setsid bash -c 'exec -a {marker} sleep 600' </dev/null >/dev/null 2>&1 &\n"
    result = sandbox.run(spec_for(make_suite(script)))
    assert (result.outcome, result.isolation) == (Outcome.PASS, Isolation.NONE)
    assert processes_with(marker) == []


def test_bad_runtime_python_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserInputError, match="python"):
        LocalSandbox(python=tmp_path / "python3")


def test_limits_are_recorded_and_the_run_cgroup_removed(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    support = bwrap_sandbox.cgroups
    if support.version is None:
        unavailable(f"cgroups unavailable: {support.problem}")
    result = bwrap_sandbox.run(spec_for(make_suite("exit 0\n"), cpus=0.5))
    assert result.outcome is Outcome.PASS, result.output
    limits = result.limits
    assert limits is not None and limits.cgroup is not None
    assert limits.cpu.enforced and limits.memory.enforced and limits.pids.enforced
    assert f"cgroup v{support.version}" in limits.cpu.how
    assert all(not (parent / limits.cgroup).exists() for parent in support.parents)


def test_without_cgroups_the_cpu_limit_is_recorded_as_not_enforced(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    sandbox = LocalSandbox()
    sandbox.cgroups = CgroupSupport(None, problem="no cgroups in this test")
    result = sandbox.run(spec_for(make_suite("exit 0\n")))
    assert result.outcome is Outcome.PASS, result.output
    assert result.limits is not None and result.limits.cgroup is None
    assert not result.limits.cpu.enforced
    assert result.limits.cpu.how.startswith("not enforced: no cgroups in this test")
    assert result.limits.memory.how.startswith("prlimit --as")


def test_processes_left_in_a_cgroup_are_killed_and_it_is_removed(tmp_path: Path) -> None:
    support = cgroup_support()
    if support.version is None:
        unavailable(f"cgroups unavailable: {support.problem}")
    marker = f"rsi-cgroup-{uuid.uuid4().hex[:10]}"
    joined = tmp_path / "joined"
    spec = RunSpec(app_layers=(), tests_dir=tmp_path)
    with placement(support, spec) as placed:
        assert placed.cgroup is not None
        escapee = f"setsid bash -c 'exec -a {marker} sleep 600' </dev/null >/dev/null 2>&1 &"
        argv = placed.command(joined, ["bash", "-c", escapee])
        assert subprocess.run(argv, check=False).returncode == 0
        assert placed.joined(joined)
        assert checks.wait_until_present(marker)  # it left the session, not the cgroup
        dirs = placed.cgroup.dirs
    assert processes_with(marker) == []
    assert all(not directory.exists() for directory in dirs)


def test_cgroup_v2_limits_and_join_on_a_fake_hierarchy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The v2 files a run writes, checked on a plain directory (this host may be v1)."""
    monkeypatch.setattr(cgroups, "CGROUP_ROOT", tmp_path)
    monkeypatch.setattr(cgroups, "_own_cgroups", lambda: {"": "/"})
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (tmp_path / "cgroup.subtree_control").write_text("memory\n")
    support = cgroups._locate()
    assert (support.version, support.parents) == (2, (tmp_path,))
    assert (tmp_path / "cgroup.subtree_control").read_text() == "+pids"  # the last delegated
    spec = RunSpec(app_layers=(), tests_dir=tmp_path, cpus=0.25, memory_mb=128, max_pids=64)
    cgroup = cgroups.RunCgroup.create(support, spec)
    (top,) = cgroup.dirs
    assert (top / "cpu.max").read_text() == "25000 100000"
    assert (top / "memory.max").read_text() == str(128 * 1024 * 1024)
    assert (top / "pids.max").read_text() == "64"
    marker = tmp_path / "joined"
    done = subprocess.run(
        cgroup.command(marker, ["sh", "-c", "echo ran"]), capture_output=True, text=True
    )
    assert (done.returncode, done.stdout) == (0, "ran\n") and marker.exists()
    assert (top / "cgroup.procs").read_text().strip().isdigit()  # the shell wrote its pid
    assert cgroups.Placement(cgroup).limits(private_uid=True).cpu.how == "cgroup v2 cpu.max"


def test_a_cgroup_that_cannot_be_made_is_recorded_not_hidden(
    bwrap_sandbox: LocalSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    sandbox = LocalSandbox()
    sandbox.cgroups = CgroupSupport(1, parents=(Path("/proc/no-such-hierarchy"),) * 3)
    result = sandbox.run(spec_for(make_suite("exit 0\n")))
    assert result.outcome is Outcome.PASS and result.limits is not None
    assert not result.limits.cpu.enforced
    assert result.limits.cpu.how.startswith("not enforced: cannot create the run's cgroup")


def test_a_run_that_cannot_join_its_cgroup_is_an_error(
    bwrap_sandbox: LocalSandbox,
    make_suite: SuiteFactory,
    spec_for: SpecFor,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if bwrap_sandbox.cgroups.version is None:
        unavailable(f"cgroups unavailable: {bwrap_sandbox.cgroups.problem}")
    real = cgroups.RunCgroup.command
    unjoinable = (Path("/proc/no-such-cgroup"),)
    monkeypatch.setattr(
        cgroups.RunCgroup,
        "command",
        lambda cgroup, marker, argv: real(replace(cgroup, dirs=unjoinable), marker, argv),
    )
    result = bwrap_sandbox.run(spec_for(make_suite("echo suite-ran\n")))
    assert result.outcome is Outcome.ERROR
    assert (result.error or "").startswith("could not join the run's cgroup")
    assert "suite-ran" not in (result.error or "")
