"""The docker backend for real: one locked-down container per run, always removed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluators.sandbox import Isolation, LocalSandbox, Outcome, RunSpec
from evaluators.sandbox.bootstrap import debian_mirror
from evaluators.sandbox.docker_backend import LIMITS, DockerSandbox, leftover_containers
from tests.support import sandbox_checks as checks
from tests.support.cli_helpers import run_rsi
from tests.support.machine import SpecFor, SuiteFactory

pytestmark = pytest.mark.docker


def _volumes_and_containers(sandbox: DockerSandbox) -> tuple[int, set[str]]:
    client = sandbox.client()
    try:
        return len(client.volumes.list()), set(leftover_containers(client))
    finally:
        client.close()


def test_passing_pytest_suite_and_nothing_left(
    docker_sandbox: DockerSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    before = _volumes_and_containers(docker_sandbox)
    result = checks.passing_pytest_suite(docker_sandbox, make_suite, spec_for)
    assert result.isolation is Isolation.DOCKER
    assert result.limits == LIMITS and result.limits.cpu.enforced
    assert _volumes_and_containers(docker_sandbox) == before  # container and volume removed


def test_fail_timeout_and_missing_run_sh(
    docker_sandbox: DockerSandbox, make_suite: SuiteFactory, spec_for: SpecFor, tmp_path: Path
) -> None:
    failing = docker_sandbox.run(spec_for(make_suite("echo nope >&2; exit 5\n")))
    assert (failing.outcome, failing.exit_code, failing.output) == (Outcome.FAIL, 5, "nope\n")
    hang = make_suite(f"echo begun\n{checks.SIGNAL_READY}sleep 600\n")
    slow = checks.run_until_ready(docker_sandbox, spec_for(hang, timeout_s=2))
    assert (slow.outcome, slow.exit_code) == (Outcome.TIMEOUT, None)
    assert "begun" in slow.output
    empty = tmp_path / "empty"
    empty.mkdir()
    missing = docker_sandbox.run(spec_for(empty))
    assert missing.outcome is Outcome.ERROR and "run.sh" in (missing.error or "")


def test_container_is_locked_down_and_identical_per_target(
    docker_sandbox: DockerSandbox, make_suite: SuiteFactory, tmp_path: Path
) -> None:
    # The suite runs as uid 1000 and could not write / even on a writable rootfs, so the
    # mount flags of / decide; the touch checks that no path slips past them.
    probe = make_suite(
        "id -u; pwd; env | sort; grep -E '^Cap(Eff|Prm|Bnd)' /proc/self/status\n"
        'awk \'$2 == "/" { split($4, flags, ","); print "rootfs-mount", flags[1] }\' /proc/mounts\n'
        "touch /usr/x /etc/x /x 2>/dev/null && echo ROOTFS-WRITABLE\n"
        "touch /tmp/ok ~/ok $OUTPUT_DIR/ok && echo scratch-writable\n"
        'python3 -c "import socket; print(sorted(n for _, n in socket.if_nameindex()))"\n'
    )
    view = checks.identical_view(docker_sandbox, probe, tmp_path)
    assert view.startswith("1000\n/work/app\n")
    assert "CapEff:\t0000000000000000" in view and "CapBnd:\t0000000000000000" in view
    assert "rootfs-mount ro\n" in view and "rootfs-mount rw" not in view
    assert "ROOTFS-WRITABLE" not in view and "scratch-writable" in view
    assert "['lo']" in view
    assert "HOME=/tmp" in view and "TESTS_DIR=/work/tests" in view


def test_host_paths_are_invisible(
    docker_sandbox: DockerSandbox, make_suite: SuiteFactory, spec_for: SpecFor, tmp_path: Path
) -> None:
    secret = checks.hidden_reference(tmp_path, "docker-hidden-payload")
    result = docker_sandbox.run(spec_for(make_suite(f'cat "{secret}"; ls "{tmp_path}"; exit 0\n')))
    assert result.outcome is Outcome.PASS
    assert "docker-hidden-payload" not in result.output
    assert "No such file or directory" in result.output


def test_output_and_results_xml_are_capped(
    docker_sandbox: DockerSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    checks.output_and_results_xml_caps(docker_sandbox, make_suite, spec_for, Path("/etc/passwd"))


def test_concurrent_runs_stay_separate(
    docker_sandbox: DockerSandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> None:
    checks.concurrent_runs_stay_separate(docker_sandbox, make_suite, spec_for, runs=3)


def test_missing_image_names_the_fix(
    docker_sandbox: DockerSandbox, make_suite: SuiteFactory, app_dir: Path
) -> None:
    spec = RunSpec(app_layers=(app_dir,), tests_dir=make_suite("exit 0\n"), image="rsi-absent:none")
    result = docker_sandbox.run(spec)
    assert (result.outcome, result.isolation) == (Outcome.ERROR, Isolation.DOCKER)
    assert "rsi-absent:none" in (result.error or "")
    assert "rsi sandbox bootstrap" in (result.error or "")


def test_unreachable_engine_is_an_error_result(
    make_suite: SuiteFactory, spec_for: SpecFor, tmp_path: Path
) -> None:
    sandbox = DockerSandbox(base_url=f"unix://{tmp_path}/no-docker.sock")
    result = sandbox.run(spec_for(make_suite("exit 0\n")))
    assert result.outcome is Outcome.ERROR
    assert "no Docker engine reachable" in (result.error or "")
    assert "rsi sandbox bootstrap" in (result.error or "")


def test_debian_mirror_is_read_from_apt_sources(tmp_path: Path) -> None:
    (tmp_path / "sources.list.d").mkdir()
    (tmp_path / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.example/debian-security\nSuites: bookworm-security\n\n"
        "Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\n"
    )
    assert debian_mirror(tmp_path) == "http://mirror.example/debian"
    (tmp_path / "sources.list").write_text(
        "deb [arch=amd64] http://list.example/debian bookworm main\n"
    )
    assert debian_mirror(tmp_path) == "http://list.example/debian"
    assert debian_mirror(tmp_path / "nothing") == "http://deb.debian.org/debian"


def test_cli_check_and_bootstrap_report_the_engine(
    docker_sandbox: DockerSandbox, bwrap_sandbox: LocalSandbox
) -> None:
    check = run_rsi("sandbox", "check", "--json")
    assert check.returncode == 0, check.stderr
    statuses = {status["backend"]: status for status in json.loads(check.stdout)}
    assert statuses["local"]["available"] and statuses["local"]["isolation"] == "bwrap"
    assert "; cpu limit " in statuses["local"]["detail"]  # enforced by a cgroup, or says not
    assert statuses["docker"]["available"] and statuses["docker"]["isolation"] == "docker"
    again = run_rsi("sandbox", "bootstrap", "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["method"] == "existing"


def test_an_image_from_an_older_recipe_is_not_current(docker_sandbox: DockerSandbox) -> None:
    """A base image whose tag exists but whose recipe label is stale (built before
    coverage.py joined the recipe, say) is rebuilt by `rsi sandbox bootstrap`, not reused."""
    import io

    from evaluators.sandbox.bootstrap import RECIPE_LABEL, image_current

    client = docker_sandbox.client()
    stale = "rsi-test-stale-recipe:1"
    try:
        assert image_current(client, docker_sandbox.image)
        dockerfile = f"FROM {docker_sandbox.image}\nLABEL {RECIPE_LABEL}=older\n"
        client.images.build(fileobj=io.BytesIO(dockerfile.encode()), tag=stale, rm=True)
        assert not image_current(client, stale)
        assert not image_current(client, "rsi-test-no-such-image:1")
    finally:
        client.images.remove(stale, force=True)
        client.close()
