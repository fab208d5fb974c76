"""The checks every sandbox backend must pass, and how tests wait without timing anything.

No test asserts a duration. A suite that must hang until the deadline first writes READY
to `$OUTPUT_DIR/results.xml` (the one file that comes back); `run_until_ready` retries with
a doubled timeout until it did, so a slow sandbox start never decides a test. Killed
processes are polled for (`wait_until_gone`) with a bound that only stops a hung test.
"""

from __future__ import annotations

import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evaluators.sandbox import Outcome, RunResult, RunSpec, Sandbox
from tests.support.machine import SpecFor, SuiteFactory, processes_with

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


def wait_until_gone(marker: str) -> list[int]:
    """Poll until no live process carries `marker`; the survivors if some outlast the bound.

    Killed processes take a moment to exit; the bound only stops a hung test.
    """
    give_up = time.monotonic() + GONE_BOUND_S
    while (survivors := processes_with(marker)) and time.monotonic() < give_up:
        time.sleep(0.1)
    return survivors


def wait_until_present(marker: str) -> list[int]:
    """Poll until a live process carries `marker` (one started in the background may not
    have exec'd yet); empty if none appears within the bound."""
    give_up = time.monotonic() + GONE_BOUND_S
    while not (found := processes_with(marker)) and time.monotonic() < give_up:
        time.sleep(0.05)
    return found


def run_until_ready(sandbox: Sandbox, spec: RunSpec, *, attempts: int = 5) -> RunResult:
    """Run a suite that signals READY before hanging; if the deadline came first (a slow
    start), run it again with twice the timeout. Any other outcome returns at once."""
    for _ in range(attempts):
        result = sandbox.run(spec)
        if result.outcome is not Outcome.TIMEOUT or (result.results_xml or "").strip() == READY:
            return result
        spec = spec.model_copy(update={"timeout_s": spec.timeout_s * 2})
    pytest.fail(f"the suite never signalled readiness, last timeout {spec.timeout_s / 2} s")


def passing_pytest_suite(
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


def output_and_results_xml_caps(
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


def concurrent_runs_stay_separate(
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


def hidden_reference(tmp_path: Path, payload: str) -> Path:
    """A host file standing for a hidden reference: `tmp_path/hidden/reference.py`."""
    secret = tmp_path / "hidden" / "reference.py"
    secret.parent.mkdir()
    secret.write_text(f"SECRET = {payload!r}\n")
    return secret


def identical_view(sandbox: Sandbox, probe: Path, tmp_path: Path) -> str:
    """Run `probe` on two different programs; both pass and print the same. Returns it."""
    outputs = []
    for variant in ("one", "two"):
        app = tmp_path / f"app-{variant}"
        app.mkdir()
        (app / "prog.py").write_text(f"VARIANT = {variant!r}\n")
        result = sandbox.run(RunSpec(app_layers=(app,), tests_dir=probe))
        assert result.outcome is Outcome.PASS, result.output
        outputs.append(result.output)
    assert outputs[0] == outputs[1]
    return outputs[0]
