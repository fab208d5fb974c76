"""Shared fixtures: real sandboxes, throw-away suites, process and container scans, and
the checks every sandbox backend must pass.

A sandbox fixture skips when its backend is not available here, except under CI=true,
where a missing backend fails the test: CI must run every sandbox test for real.

No test asserts a duration. A suite that must hang until the deadline first writes READY
to `$OUTPUT_DIR/results.xml` (the one file that comes back); `run_until_ready` retries with
a doubled timeout until it did, so a slow sandbox start never decides a test.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evaluators.sandbox import Isolation, LocalSandbox, Outcome, RunResult, RunSpec, Sandbox
from evaluators.sandbox.docker_backend import DockerSandbox, DockerUnavailable

IN_CI = os.environ.get("CI", "").lower() == "true"
# Task fixtures and hostile suites are data run inside sandboxes, never collected here.
collect_ignore_glob = ["fixtures/*", "adversarial/suites/*"]
SuiteFactory = Callable[..., Path]
SpecFor = Callable[..., RunSpec]
PYTEST_RUN = (
    'cd "$APP_DIR"\n'
    'exec python3 -m pytest -q -p no:cacheprovider --junitxml="$OUTPUT_DIR/results.xml" '
    '"$TESTS_DIR"\n'
)
CALC_SUITE = {
    "conftest.py": "import os, sys\nsys.path.insert(0, os.environ['APP_DIR'])\n",
    "test_calc.py": "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}
READY = "ready"
SIGNAL_READY = f'echo {READY} > "$OUTPUT_DIR/results.xml"\n'
GONE_BOUND_S = 120.0  # generous: only a process that never dies reaches it


def unavailable(reason: str) -> None:
    """Skip locally; fail under CI=true."""
    if IN_CI:
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def bwrap_sandbox() -> LocalSandbox:
    """The local backend with full (bubblewrap) isolation."""
    sandbox = LocalSandbox()
    if sandbox.isolation is not Isolation.BWRAP:
        unavailable(f"bubblewrap isolation unavailable: {sandbox.detected.shortfall}")
    return sandbox


@pytest.fixture(scope="session")
def docker_sandbox() -> DockerSandbox:
    """The docker backend with its engine and base image present."""
    sandbox = DockerSandbox()
    try:
        client = sandbox.client()
        try:
            sandbox.check_image(client, sandbox.image)
        finally:
            client.close()
    except DockerUnavailable as error:
        unavailable(str(error))
    return sandbox


@pytest.fixture
def make_suite(tmp_path: Path) -> SuiteFactory:
    """make_suite(script, files={name: text}) -> a new submission dir with run.sh."""
    counter = iter(range(1_000_000))

    def build(script: str, files: dict[str, str] | None = None) -> Path:
        root = tmp_path / f"suite{next(counter)}"
        root.mkdir()
        (root / "run.sh").write_text(script)
        for filename, text in (files or {}).items():
            (root / filename).write_text(text)
        return root

    return build


@pytest.fixture
def app_dir(tmp_path: Path) -> Path:
    """A tiny program under test: `calc.add`."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    return app


@pytest.fixture
def spec_for(app_dir: Path) -> Callable[..., RunSpec]:
    """spec_for(suite, **limits) -> a RunSpec on the tiny program."""

    def build(suite: Path, **limits: object) -> RunSpec:
        return RunSpec(app_layers=(app_dir,), tests_dir=suite, **limits)  # type: ignore[arg-type]

    return build


def processes_with(marker: str) -> list[int]:
    """Live (non-zombie) processes whose command line contains `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker.encode() in cmdline and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def wait_until_gone(marker: str) -> list[int]:
    """Poll until no live process carries `marker`; the survivors if some outlast the bound.

    Killed processes take a moment to exit; the bound only stops a hung test.
    """
    give_up = time.monotonic() + GONE_BOUND_S
    while (survivors := processes_with(marker)) and time.monotonic() < give_up:
        time.sleep(0.1)
    return survivors


def run_until_ready(sandbox: Sandbox, spec: RunSpec, *, attempts: int = 5) -> RunResult:
    """Run a suite that signals READY before hanging; if the deadline came first (a slow
    start), run it again with twice the timeout. Any other outcome returns at once."""
    for _ in range(attempts):
        result = sandbox.run(spec)
        if result.outcome is not Outcome.TIMEOUT or (result.results_xml or "").strip() == READY:
            return result
        spec = spec.model_copy(update={"timeout_s": spec.timeout_s * 2})
    pytest.fail(f"the suite never signalled readiness, last timeout {spec.timeout_s / 2} s")


def check_passing_pytest_suite(
    sandbox: Sandbox, make_suite: SuiteFactory, spec_for: SpecFor
) -> RunResult:
    """A passing pytest suite passes, with its JUnit report and every limit recorded."""
    result = sandbox.run(spec_for(make_suite(PYTEST_RUN, CALC_SUITE)))
    assert result.outcome is Outcome.PASS, result.output
    assert (result.exit_code, result.backend, result.error) == (0, sandbox.name, None)
    assert result.results_xml is not None and 'name="test_add"' in result.results_xml
    assert "1 passed" in result.output
    assert result.limits is not None
    return result


def check_output_and_results_xml_caps(
    sandbox: Sandbox, make_suite: SuiteFactory, spec_for: SpecFor, host_file: Path
) -> None:
    """Output is cut at its limit; a results.xml that is a symlink or too large is ignored."""
    flood = sandbox.run(
        spec_for(
            make_suite("head -c 5000000 /dev/zero | tr '\\0' y\necho\nexit 4\n"),
            output_limit_bytes=1000,
        )
    )
    assert flood.output_truncated and flood.output == "y" * 1000
    assert (flood.outcome, flood.exit_code) == (Outcome.FAIL, 4)
    link = sandbox.run(spec_for(make_suite(f'ln -s "{host_file}" "$OUTPUT_DIR/results.xml"\n')))
    assert link.outcome is Outcome.PASS and link.results_xml is None
    assert "results.xml ignored" in link.output
    big = sandbox.run(
        spec_for(make_suite('head -c 2100000 /dev/zero > "$OUTPUT_DIR/results.xml"\n'))
    )
    assert big.outcome is Outcome.PASS and big.results_xml is None
    assert "larger than the 2000000-byte cap" in big.output


def check_concurrent_runs_stay_separate(
    sandbox: Sandbox, make_suite: SuiteFactory, spec_for: SpecFor, runs: int
) -> None:
    """Parallel runs each see only their own workspace (files written meanwhile by others
    never show) and a fresh, empty output directory."""
    tokens = [uuid.uuid4().hex for _ in range(runs)]
    specs = [
        spec_for(make_suite(f'echo {token} > mine; sleep 0.5; cat mine; ls "$OUTPUT_DIR"\n'))
        for token in tokens
    ]
    with ThreadPoolExecutor(max_workers=runs) as pool:
        results = list(pool.map(sandbox.run, specs))
    assert [result.output for result in results] == [f"{token}\n" for token in tokens]
