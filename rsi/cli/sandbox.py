"""`rsi sandbox bootstrap` and `rsi sandbox check`: the sandboxes' setup and health."""

from __future__ import annotations

import shutil
import tempfile
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from evaluators.defaults import DEFAULT_IMAGE
from rsi.cli.output import console, err_console, print_json, typer_app

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from evaluators.sandbox import Sandbox
    from rsi.cli.sandbox_status import BackendStatus

sandbox_app = typer_app(help="Set up and check the sandboxes.", no_args_is_help=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
ImageOption = Annotated[str, typer.Option("--image", help="Docker image name.")]
# A trial suite: the runtime must offer python3 with pytest.
_TRIAL_SCRIPT = 'python3 -c "import pytest; print(pytest.__version__)"\n'


def register(app: typer.Typer) -> None:
    app.add_typer(sandbox_app, name="sandbox")


class Flavor(str, Enum):
    BASE = "base"
    PYTHON = "python"


@sandbox_app.command("bootstrap")
def bootstrap_command(
    force: Annotated[bool, typer.Option("--force", help="Rebuild even if it exists.")] = False,
    image: ImageOption = DEFAULT_IMAGE,
    as_json: JsonFlag = False,
    flavor: Annotated[
        Flavor, typer.Option("--flavor", help="base: rsi-base; python: rsi-python.")
    ] = Flavor.BASE,
    wheels: Annotated[
        str | None,
        typer.Option("--wheels", help="python flavor: requirements to add, space-separated."),
    ] = None,
    requirements: Annotated[
        Path | None,
        typer.Option("--requirements", "-r", help="python flavor: a requirements file to add."),
    ] = None,
    wheelhouse: Annotated[
        Path | None,
        typer.Option("--wheelhouse", help="python flavor: host wheel folder (RSI_WHEELHOUSE)."),
    ] = None,
) -> None:
    """Build the docker backend's base image (skipped if it exists, unless --force).

    --flavor python builds rsi-python:bookworm, a local stand-in for python:3.x-slim
    images (python, pip and venv from Debian) whose pip installs from a wheelhouse with no
    index. --wheels "pytest==8.4.1 ..." or -r FILE downloads wheels with this machine's pip
    (its index and proxy settings) and adds them; run it again to add more.
    """
    from evaluators.sandbox import BootstrapError, bootstrap_base

    if flavor is Flavor.PYTHON:
        _bootstrap_python(wheels, requirements, wheelhouse, force=force, as_json=as_json)
        return
    try:
        result = bootstrap_base(image, force=force, log=lambda line: err_console.print(line))
    except BootstrapError as error:
        err_console.print(f"error: {' '.join(str(error).split())}")
        raise typer.Exit(1) from error
    if as_json:
        print_json(result)
    elif result.method == "existing":
        console.print(f"{image} already exists (use --force to rebuild)")
    else:
        console.print(f"built {image} by {result.method} in {result.seconds:.0f} s")


def _bootstrap_python(
    wheels: str | None,
    requirements: Path | None,
    wheelhouse: Path | None,
    *,
    force: bool,
    as_json: bool,
) -> None:
    from evaluators.sandbox import BootstrapError, bootstrap_python

    try:
        result = bootstrap_python(
            requirements=(wheels or "").split(),
            requirements_file=requirements,
            wheelhouse=wheelhouse,
            force=force,
            log=lambda line: err_console.print(line, markup=False),
        )
    except BootstrapError as error:
        err_console.print(f"error: {' '.join(str(error).split())}", markup=False)
        raise typer.Exit(1) from error
    if as_json:
        print_json(result)
        return
    console.print(
        f"{result.image} ready ({result.base} base, {len(result.wheels)} wheel(s): "
        f"{', '.join(result.wheels) or 'none'}) in {result.seconds:.0f} s",
        markup=False,
    )


def _trial(sandbox: Sandbox) -> tuple[bool, str]:
    """Run a one-line suite; (passed, what happened)."""
    from evaluators.sandbox import Outcome, RunSpec

    scratch = Path(tempfile.mkdtemp(prefix="rsi-check-"))
    try:
        (scratch / "app").mkdir()
        (scratch / "tests").mkdir()
        (scratch / "tests" / "run.sh").write_text(_TRIAL_SCRIPT)
        spec = RunSpec(app_layers=(scratch / "app",), tests_dir=scratch / "tests", timeout_s=60)
        result = sandbox.run(spec)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if result.outcome is Outcome.PASS:
        return True, f"trial run passed (pytest {result.output.strip()})"
    why = result.error or " ".join(result.output.split())[-200:]
    return False, f"trial run {result.outcome.value}: {why}"


def _local_status() -> BackendStatus:
    from evaluators.sandbox import LocalSandbox
    from rsi.cli.sandbox_status import BackendStatus

    sandbox = LocalSandbox()
    isolation = sandbox.isolation.value
    if sandbox.problem is not None:
        return BackendStatus(
            backend="local", available=False, isolation=isolation, detail=sandbox.problem
        )
    passed, detail = _trial(sandbox)
    support = sandbox.cgroups
    cpu = f"cgroup v{support.version}" if support.version else f"NOT enforced ({support.problem})"
    return BackendStatus(
        backend="local",
        available=passed,
        isolation=isolation,
        detail=f"{detail}; runtime {sandbox.python}; cpu limit {cpu}",
    )


def _docker_status(image: str) -> BackendStatus:
    from evaluators.sandbox import DockerSandbox, DockerUnavailable
    from rsi.cli.sandbox_status import BackendStatus

    sandbox = DockerSandbox(image=image)
    try:
        client = sandbox.client()
        try:
            sandbox.check_image(client, image)
        finally:
            client.close()
    except DockerUnavailable as error:
        return BackendStatus(backend="docker", available=False, isolation=None, detail=str(error))
    passed, detail = _trial(sandbox)
    return BackendStatus(
        backend="docker", available=passed, isolation="docker", detail=f"{detail}; image {image}"
    )


@sandbox_app.command("check")
def check(image: ImageOption = DEFAULT_IMAGE, as_json: JsonFlag = False) -> None:
    """Show which backends can run suites here and the isolation each really gets."""
    statuses = [_local_status(), _docker_status(image)]
    if as_json:
        print_json([status.model_dump(mode="json") for status in statuses])
        return
    for status in statuses:
        state = "available" if status.available else "unavailable"
        isolation = f" (isolation {status.isolation})" if status.isolation else ""
        console.print(f"{status.backend}: {state}{isolation}: {status.detail}")
