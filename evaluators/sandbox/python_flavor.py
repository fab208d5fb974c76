"""`rsi sandbox bootstrap --flavor python`: a local stand-in for `python:3.x-slim` images.

Two images, so that adding wheels never repeats the slow part:
- `rsi-python:bookworm-base`: a Debian bookworm root made by debootstrap from the mirror
  apt already uses, with python3, pip and venv; `python` and `pip` are on the PATH, pip
  installs system-wide as on the official images (Debian's EXTERNALLY-MANAGED marker is
  removed) and `/etc/pip.conf` says `no-index` with `find-links = /wheels`;
- `rsi-python:bookworm`: that base plus the wheelhouse copied to `/wheels`, built with
  network none. A Dockerfile's `RUN pip install pytest==8.4.1` then installs from the
  wheelhouse, offline; a package missing from it fails with pip's own message.

The wheelhouse lives on the host (default `~/.cache/rsi/wheelhouse`, `RSI_WHEELHOUSE`) and
only grows: wheels are downloaded by the host's own pip (`python -m pip download`, so its
index, proxy and certificates apply) for the image's Python (3.11) and platform.
"""

from __future__ import annotations

import hashlib
import io
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import docker
import docker.errors
from pydantic import BaseModel, ConfigDict

from evaluators.sandbox.bootstrap import BootstrapError, debian_mirror, docker_client, image_exists
from evaluators.sandbox.scratch import remove_tree
from search_space import UserInputError

PYTHON_IMAGE = "rsi-python:bookworm"
PYTHON_BASE_IMAGE = "rsi-python:bookworm-base"
IMAGE_PYTHON_VERSION = "3.11"  # Debian bookworm's python3
WHEELHOUSE_IN_IMAGE = "/wheels"
PIP_CONF = f"[global]\nno-index = true\nfind-links = {WHEELHOUSE_IN_IMAGE}\n"
PACKAGES = "python3,python3-pip,python3-venv,python-is-python3,ca-certificates"
_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
_IMPORT_CHANGES = [f"ENV PATH={_PATH}", "ENV LANG=C.UTF-8", "WORKDIR /", 'CMD ["python3"]']
_WHEELS_DOCKERFILE = f"""\
FROM {PYTHON_BASE_IMAGE}
COPY wheels/ {WHEELHOUSE_IN_IMAGE}/
LABEL rsi.wheelhouse="{{digest}}"
"""
ADD_WHEEL_HINT = (
    "add it to the wheelhouse: rsi sandbox bootstrap --flavor python --wheels 'NAME==VERSION'"
)


class PythonFlavorResult(BaseModel):
    """What `bootstrap_python` did."""

    model_config = ConfigDict(frozen=True)

    image: str
    base: str  # "existing" or "debootstrap"
    wheels: tuple[str, ...]  # file names in the image's wheelhouse
    downloaded: tuple[str, ...]  # requirements fetched this time
    seconds: float


def default_wheelhouse() -> Path:
    named = os.environ.get("RSI_WHEELHOUSE")
    if named:
        return Path(named)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "rsi" / "wheelhouse"


def download_wheels(
    requirements: list[str], requirements_file: Path | None, wheelhouse: Path
) -> None:
    """Fetch wheels for the image's Python with the host's pip; one line on failure."""
    if not requirements and requirements_file is None:
        return
    wheelhouse.mkdir(parents=True, exist_ok=True)
    machine = platform.machine()
    platforms = [f"manylinux_2_{minor}_{machine}" for minor in (36, 28, 17, 5)]
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--dest", str(wheelhouse),
               "--only-binary=:all:", "--python-version", IMAGE_PYTHON_VERSION,
               "--implementation", "cp",
               *[arg for tag in [*platforms, f"linux_{machine}"] for arg in ("--platform", tag)],
               *requirements]  # fmt: skip
    if requirements_file is not None:
        if not requirements_file.is_file():
            raise UserInputError("requirements file not found", source=str(requirements_file))
        command += ["-r", str(requirements_file)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        lines = [line for line in (done.stderr or done.stdout).splitlines() if line.strip()]
        tail = lines[-1] if lines else f"exit {done.returncode}"
        raise UserInputError(f"pip download failed: {tail}", source="--wheels")


def _debootstrap_base(client: docker.DockerClient, log: Callable[[str], None]) -> None:
    debootstrap = shutil.which("debootstrap")
    if debootstrap is None:
        raise UserInputError(
            "debootstrap is missing; `apt-get install -y debootstrap`", source="sandbox bootstrap"
        )
    mirror = debian_mirror()
    scratch = Path(tempfile.mkdtemp(prefix="rsi-python-"))
    root = scratch / "root"
    try:
        log(f"debootstrap bookworm with {PACKAGES} from {mirror} (about two minutes)")
        done = subprocess.run(
            [debootstrap, "--variant=minbase", f"--include={PACKAGES}", "bookworm", str(root),
             mirror],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            tail = " ".join((done.stderr or done.stdout).split()[-60:])
            raise BootstrapError(f"debootstrap failed (exit {done.returncode}): {tail}")
        _configure_root(root)
        log(f"importing {PYTHON_BASE_IMAGE}")
        repository, _, tag = PYTHON_BASE_IMAGE.partition(":")
        with subprocess.Popen(["tar", "-C", str(root), "-c", "."], stdout=subprocess.PIPE) as tar:
            assert tar.stdout is not None
            client.api.import_image_from_stream(
                tar.stdout, repository=repository, tag=tag, changes=_IMPORT_CHANGES
            )
        if tar.returncode != 0:
            raise BootstrapError(f"tar of the bootstrap root failed (exit {tar.returncode})")
    finally:
        remove_tree(scratch)


def _configure_root(root: Path) -> None:
    """Make the Debian root behave like an official python image, offline."""
    for marker in root.glob("usr/lib/python3*/EXTERNALLY-MANAGED"):
        marker.unlink()
    (root / "etc" / "pip.conf").write_text(PIP_CONF)
    (root / WHEELHOUSE_IN_IMAGE.lstrip("/")).mkdir(exist_ok=True)
    for name, target in (("pip", "pip3"), ("python", "python3")):
        link = root / "usr" / "local" / "bin" / name
        if not link.exists():
            link.symlink_to(f"/usr/bin/{target}")
    shutil.rmtree(root / "var" / "cache" / "apt" / "archives", ignore_errors=True)


def _wheel_files(wheelhouse: Path) -> list[Path]:
    return sorted(wheelhouse.glob("*.whl")) if wheelhouse.is_dir() else []


def _wheels_digest(wheels: list[Path]) -> str:
    digest = hashlib.sha256()
    for wheel in wheels:
        digest.update(wheel.name.encode() + b"\0" + hashlib.sha256(wheel.read_bytes()).digest())
    return digest.hexdigest()[:16]


def _current_digest(client: docker.DockerClient) -> str | None:
    try:
        image = client.images.get(PYTHON_IMAGE)
    except docker.errors.ImageNotFound:
        return None
    return (image.labels or {}).get("rsi.wheelhouse")


def _build_wheel_layer(client: docker.DockerClient, wheels: list[Path], digest: str) -> None:
    """`rsi-python:bookworm` = base + /wheels, built from an in-memory context, no network."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        dockerfile = _WHEELS_DOCKERFILE.format(digest=digest).encode()
        info = tarfile.TarInfo("Dockerfile")
        info.size = len(dockerfile)
        tar.addfile(info, io.BytesIO(dockerfile))
        folder = tarfile.TarInfo("wheels")
        folder.type, folder.mode = tarfile.DIRTYPE, 0o755
        tar.addfile(folder)
        for wheel in wheels:
            tar.add(wheel, arcname=f"wheels/{wheel.name}")
    buffer.seek(0)
    try:
        client.images.build(
            fileobj=buffer, custom_context=True, tag=PYTHON_IMAGE, rm=True, network_mode="none"
        )
    except docker.errors.BuildError as error:
        raise BootstrapError(f"building {PYTHON_IMAGE} failed: {error}") from error


def bootstrap_python(
    *,
    requirements: list[str] | None = None,
    requirements_file: Path | None = None,
    wheelhouse: Path | None = None,
    force: bool = False,
    log: Callable[[str], None] = print,
) -> PythonFlavorResult:
    """Build (or refresh) the python flavor; the debootstrap part runs only when missing."""
    started = time.monotonic()
    wheelhouse = wheelhouse or default_wheelhouse()
    requested = list(requirements or [])
    download_wheels(requested, requirements_file, wheelhouse)  # a failure is its one line
    if requested or requirements_file is not None:
        shown = " ".join(shlex.quote(r) for r in requested) or str(requirements_file)
        log(f"downloaded wheels for Python {IMAGE_PYTHON_VERSION}: {shown}")
    client = docker_client()
    base = "existing"
    if force or not image_exists(client, PYTHON_BASE_IMAGE):
        _debootstrap_base(client, log)
        base = "debootstrap"
    wheels = _wheel_files(wheelhouse)
    digest = _wheels_digest(wheels)
    if force or base == "debootstrap" or _current_digest(client) != digest:
        log(f"adding {len(wheels)} wheel(s) from {wheelhouse} to {PYTHON_IMAGE}")
        _build_wheel_layer(client, wheels, digest)
    return PythonFlavorResult(
        image=PYTHON_IMAGE,
        base=base,
        wheels=tuple(w.name for w in wheels),
        downloaded=tuple(requested),
        seconds=time.monotonic() - started,
    )
