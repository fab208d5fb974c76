"""Build the docker backend's base image, `rsi-base:bookworm` (docs/design.md section 12).

With a registry reachable the image comes from a Dockerfile on `python:3.11-slim` plus
pytest and coverage.py (the judge's coverage runs, `evaluators/judging/suite_coverage.py`). Without
one (the usual case here) it is a Debian bookworm root made by `debootstrap
--variant=minbase --include=python3,python3-pytest,python3-coverage` from the mirror apt
already uses, imported with `docker import`. About two minutes either way.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import docker
import docker.errors
from pydantic import BaseModel, ConfigDict

from evaluators.defaults import DEFAULT_IMAGE
from evaluators.sandbox.scratch import remove_tree
from evaluators.sandbox.workspace import SYSTEM_PATH
from search_space import RsiError, UserInputError

FALLBACK_MIRROR = "http://deb.debian.org/debian"
SLIM_BASE = "python:3.11-slim"
DOCKERFILE = f"""\
FROM {SLIM_BASE}
RUN pip install --no-cache-dir 'pytest>=8,<10' 'coverage>=7,<8'
ENV PATH={SYSTEM_PATH} PYTHONDONTWRITEBYTECODE=1
WORKDIR /work
"""
DEBOOTSTRAP_INCLUDE = "python3,python3-pytest,python3-coverage"
# The recipe's digest is a label of the image: an image built from an older recipe (say,
# before coverage.py joined it) is rebuilt, not taken as ready because its tag exists.
RECIPE = hashlib.sha256(f"{DOCKERFILE}\n{DEBOOTSTRAP_INCLUDE}".encode()).hexdigest()[:16]
RECIPE_LABEL = "rsi.recipe"
_IMPORT_CHANGES = [
    f"ENV PATH={SYSTEM_PATH}",
    "WORKDIR /work",
    'CMD ["bash"]',
    f"LABEL {RECIPE_LABEL}={RECIPE}",
]


class BootstrapError(RsiError, RuntimeError):
    """Building the image failed (debootstrap, tar or import); the message says where."""


class BootstrapResult(BaseModel):
    """What `bootstrap_base` did."""

    model_config = ConfigDict(frozen=True)

    image: str
    method: str  # "existing", "debootstrap" or "dockerfile"
    seconds: float


def _bookworm_entry(uri: str, suites: list[str]) -> bool:
    return "bookworm" in suites and "debian" in uri and "security" not in uri


def debian_mirror(apt_dir: Path = Path("/etc/apt")) -> str:
    """The Debian mirror apt already uses for bookworm (deb822 `.sources` or `.list` files)."""
    for path in [apt_dir / "sources.list", *sorted((apt_dir / "sources.list.d").glob("*"))]:
        if not path.is_file():
            continue
        text = path.read_text(errors="replace")
        if path.suffix == ".sources":
            for stanza in re.split(r"\n\s*\n", text):
                fields = dict(re.findall(r"^(\w[\w-]*):\s*(.*)$", stanza, flags=re.MULTILINE))
                if fields.get("Enabled", "yes").lower() == "no":
                    continue
                for uri in fields.get("URIs", "").split():
                    if _bookworm_entry(uri, fields.get("Suites", "").split()):
                        return uri
        elif path.suffix == ".list" or path.name == "sources.list":
            for line in text.splitlines():
                match = re.match(r"^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)", line)
                if match and _bookworm_entry(match.group(1), [match.group(2)]):
                    return match.group(1)
    return FALLBACK_MIRROR


def docker_client() -> docker.DockerClient:
    """A connected client; `UserInputError` naming the fix when no engine answers."""
    try:
        client = docker.from_env(timeout=600)
        client.ping()
    except docker.errors.DockerException as error:
        raise UserInputError(
            f"no Docker engine reachable ({error}); install docker.io and start "
            "`dockerd --bridge=none --iptables=false --ip-masq=false` (docs/design.md section 12)",
            source="sandbox bootstrap",
        ) from error
    return client


def image_exists(client: docker.DockerClient, image: str) -> bool:
    try:
        client.images.get(image)
    except docker.errors.ImageNotFound:
        return False
    return True


def _registry_reachable(client: docker.DockerClient) -> bool:
    repository, tag = SLIM_BASE.split(":")
    try:
        client.images.pull(repository, tag=tag)
    except docker.errors.APIError:
        return False
    return True


def image_current(client: docker.DockerClient, image: str) -> bool:
    """The image exists and was built from today's recipe (its recipe label)."""
    try:
        found = client.images.get(image)
    except docker.errors.ImageNotFound:
        return False
    labels = (found.attrs.get("Config") or {}).get("Labels") or {}
    return labels.get(RECIPE_LABEL) == RECIPE


def _from_dockerfile(client: docker.DockerClient, image: str) -> None:
    client.images.build(
        fileobj=io.BytesIO(DOCKERFILE.encode()), tag=image, rm=True, labels={RECIPE_LABEL: RECIPE}
    )


def _from_debootstrap(client: docker.DockerClient, image: str, log: Callable[[str], None]) -> None:
    debootstrap = shutil.which("debootstrap")
    if debootstrap is None:
        raise UserInputError(
            "no registry reachable and debootstrap missing; `apt-get install -y debootstrap`",
            source="sandbox bootstrap",
        )
    mirror = debian_mirror()
    scratch = Path(tempfile.mkdtemp(prefix="rsi-bootstrap-"))
    root = scratch / "root"
    try:
        log(f"debootstrap bookworm from {mirror} (about a minute)")
        done = subprocess.run(
            [debootstrap, "--variant=minbase",
             f"--include={DEBOOTSTRAP_INCLUDE}", "bookworm", str(root), mirror],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            tail = " ".join((done.stderr or done.stdout).split()[-60:])
            raise BootstrapError(f"debootstrap failed (exit {done.returncode}): {tail}")
        log(f"importing {image}")
        repository, _, tag = image.partition(":")
        with subprocess.Popen(["tar", "-C", str(root), "-c", "."], stdout=subprocess.PIPE) as tar:
            assert tar.stdout is not None
            client.api.import_image_from_stream(
                tar.stdout, repository=repository, tag=tag or "latest", changes=_IMPORT_CHANGES
            )
        if tar.returncode != 0:
            raise BootstrapError(f"tar of the bootstrap root failed (exit {tar.returncode})")
    finally:
        remove_tree(scratch)


def bootstrap_base(
    image: str = DEFAULT_IMAGE, *, force: bool = False, log: Callable[[str], None] = print
) -> BootstrapResult:
    """Build `image` unless it exists from today's recipe (or `force`); raises when no
    engine is reachable."""
    started = time.monotonic()
    client = docker_client()
    if image_current(client, image) and not force:
        return BootstrapResult(image=image, method="existing", seconds=0.0)
    if _registry_reachable(client):
        log(f"building {image} from {SLIM_BASE}")
        _from_dockerfile(client, image)
        method = "dockerfile"
    else:
        _from_debootstrap(client, image, log)
        method = "debootstrap"
    if not image_current(client, image):
        raise BootstrapError(f"bootstrap finished but {image} is not in the engine")
    return BootstrapResult(image=image, method=method, seconds=time.monotonic() - started)
