"""Shared fixtures: real sandboxes, throw-away suites, the session's keeping and small searches.

A sandbox fixture skips when its backend is not available here, except under CI=true,
where a missing backend fails the test: CI must run every sandbox test for real.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from evaluators.sandbox import Isolation, LocalSandbox, RunSpec
from evaluators.sandbox.docker_backend import DockerSandbox, DockerUnavailable
from tests.support.machine import SuiteFactory, unavailable

if TYPE_CHECKING:
    from tests.support.search_fixtures import FinishedSearch, SmallSearch

TESTS_DIR = Path(__file__).resolve().parent
# `make test-fast`, the edit-test loop: modules that run no sandbox and no search.
FAST_MODULES = frozenset(
    {
        "evaluators/llm/test_cache.py",
        "evaluators/llm/test_client.py",
        "evaluators/llm/test_meter.py",
        "evaluators/llm/test_meter_budgets.py",
        "evaluators/llm/test_replies.py",
        "evaluators/llm/test_settings.py",
        "evaluators/llm/test_llama_cpp_habits.py",
        "evaluators/llm/test_tool_arguments.py",
        "evaluators/llm/test_tool_calls.py",
        "evaluators/runners/testhelix/test_cross_validation.py",
        "rsi/cli/test_help.py",
        "rsi/cli/test_progress.py",
        "rsi/execution/test_batch.py",
        "rsi/execution/test_evaluation.py",
        "rsi/execution/test_prefetch.py",
        "rsi/execution/test_prefetch_store.py",
        "rsi/screening/test_race.py",
        "evaluators/sandbox/test_scratch.py",
        "rsi/screening/test_rules.py",
        "rsi/engine/test_sampling.py",
        "rsi/engine/test_stack.py",
        "rsi/engine/test_steps.py",
        "rsi/execution/test_services.py",
        "rsi/journal/test_lazy_traces.py",
        "rsi/journal/test_state.py",
        "rsi/journal/test_store.py",
        "rsi/lineage/test_plan.py",
        "rsi/proposers/reflective/test_validation.py",
        "rsi/proposers/test_proposers.py",
        "rsi/release/test_gate.py",
        "rsi/release/test_ledger.py",
        "rsi/release/test_power.py",
        "rsi/test_config_bundles.py",
        "search_space/test_edits.py",
        "search_space/test_schema.py",
        "search_space/test_wording.py",
        "test_architecture.py",
    }
)
# `make test` runs these in a second pass, apart from the first: they fill the machine on
# purpose (fork bombs, memory hogs, clusters, concurrent searches) or watch processes and
# containers come and go. Each lane runs one test at a time, the lanes side by side: the
# sandbox lane is mostly asleep (deadlines, contained bombs) and watches only its own
# markers and containers; the cluster lane runs no container and kills only its own workers.
SERIAL_LANES = {
    "adversarial/test_adversarial.py": "serial-sandbox",
    "evaluators/sandbox/test_docker_backend.py": "serial-sandbox",
    "evaluators/sandbox/test_local.py": "serial-sandbox",
    "e2e/test_many_searches.py": "serial-cluster",
    "rsi/execution/dask/test_pool.py": "serial-cluster",
}
# Modules that spend most of their time asleep and import little: `make test` runs them in
# its second pass's third lane, beside the two above, instead of holding a first-pass
# worker's core idle (marked `waiting`; they need no machine to themselves, so `make
# test-quick` still runs them). The locked-store test sleeps through MLflow's 20 s sqlite
# busy wait. The model-health tests wait as long, but in a fresh worker they would pay
# litellm's and dspy's imports (about 15 s) that a first-pass worker has already paid.
WAITING_LANE = "waiting"
WAITING_MODULES = frozenset({"rsi/lineage/test_sink_locked_store.py"})
# Session-wide searches, run once on the one worker that runs their users (xdist groups).
SHARED_SEARCHES = {"keeping_search": "keeping-search", "small_search": "small-search"}
# Fixtures that test modules of more than one folder share, by name.
pytest_plugins = ["tests.support.probe_task"]
# Task fixtures and hostile suites are data run inside sandboxes, never collected here.
collect_ignore_glob = ["fixtures/*", "adversarial/suites/*"]
# The real-model lane runs only under `make test-real-model` (it needs llama-cpp-python and
# the model from `make real-model-deps`, and minutes of CPU per test).
if os.environ.get("RSI_REAL_MODEL") != "1":
    collect_ignore_glob.append("e2e/real_model/*")


def _module_of(item: pytest.Item) -> str:
    """The test module's path under tests/, as FAST_MODULES, SERIAL_LANES and
    WAITING_MODULES name it."""
    return item.path.relative_to(TESTS_DIR).as_posix()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--lanes",
        action="store_true",
        help="collect only the serial and waiting modules (make test's second pass): "
        "importing the other modules would cost each worker seconds for tests it never runs",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under `--lanes`, skip every test module outside the lanes."""
    if not config.getoption("lanes") or not collection_path.name.startswith("test_"):
        return None
    if collection_path.suffix != ".py" or TESTS_DIR not in collection_path.parents:
        return None
    module = collection_path.relative_to(TESTS_DIR).as_posix()
    return module not in SERIAL_LANES and module not in WAITING_MODULES


@pytest.hookimpl(tryfirst=True)  # before xdist's worker hook reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark `fast`, `serial` and `waiting` modules; put each serial or waiting module in its
    lane, and the users of each session-wide search on one xdist worker, so that it runs
    once (xdist groups, `--dist loadgroup`)."""
    for item in items:
        module = _module_of(item)
        if module in FAST_MODULES:
            item.add_marker(pytest.mark.fast)
        if module in SERIAL_LANES:
            item.add_marker(pytest.mark.serial)
            item.add_marker(pytest.mark.xdist_group(SERIAL_LANES[module]))
        if module in WAITING_MODULES:
            item.add_marker(pytest.mark.waiting)
            item.add_marker(pytest.mark.xdist_group(WAITING_LANE))
        for fixture, group in SHARED_SEARCHES.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.xdist_group(group))


def pytest_configure(config: pytest.Config) -> None:
    """Refuse `--dist loadgroup` where xdist cannot group: pytest 9.2 ignores the node ids
    xdist 3.8 tags its groups with (pytest-xdist#1386), so the keeping search would run on
    every worker and the serial lanes would mix, silently."""
    if config.getoption("dist", "no") != "loadgroup":
        return
    if _release(version("pytest")) >= (9, 2) and _release(version("pytest-xdist")) <= (3, 8):
        raise pytest.UsageError(
            f"pytest {version('pytest')} breaks --dist loadgroup (pytest-xdist#1386): "
            "pip install -e '.[dev]' installs pytest<9.2"
        )


def _release(text: str) -> tuple[int, ...]:
    """Major and minor of a version string: '9.2.0rc1' -> (9, 2)."""
    return tuple(int(part) for part in re.findall(r"\d+", text)[:2])


@pytest.fixture(scope="session")
def keeping_search(tmp_path_factory: pytest.TempPathFactory) -> FinishedSearch:
    """The keeping search, run once per session: the crash chain's uninterrupted baseline
    and the run the engine-search tests inspect. Tests must not change its run dir."""
    from tests.support.search_fixtures import run_keeping_search  # the engine only when asked for

    return run_keeping_search(tmp_path_factory.mktemp("keeping"))


@pytest.fixture(scope="session")
def small_search(tmp_path_factory: pytest.TempPathFactory) -> SmallSearch:
    """The small search at 2 workers, run once per session: the unpiloted and two-worker
    runs that the pilot and determinism tests compare with. Tests must not change it."""
    from tests.support.search_fixtures import run_small_search  # the engine only when asked for

    return run_small_search(tmp_path_factory.mktemp("small"))


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
        sandbox.check_ready()
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
