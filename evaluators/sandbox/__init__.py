"""Sandboxes: run one suite against one program, isolated (docs/design.md section 5).

`make_sandbox("local" | "docker", ...)` builds a backend; both satisfy `Sandbox`.
`SlotLimitedSandbox` bounds how many runs one sandbox takes at once. The Docker side
(`DockerSandbox`, `DockerUnavailable`, the image builders `bootstrap_base` and `bootstrap_python`,
`docker_client`) loads the docker SDK only when first asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from evaluators.defaults import DEFAULT_IMAGE, DEFAULT_TIMEOUT_CAP_S
from evaluators.sandbox.base import (
    DEFAULT_OUTPUT_LIMIT_BYTES,
    DEFAULT_RESULTS_XML_LIMIT_BYTES,
    Isolation,
    Limit,
    Limits,
    Outcome,
    RunResult,
    RunSpec,
    Sandbox,
)
from evaluators.sandbox.cgroups import CgroupSupport
from evaluators.sandbox.local import LocalSandbox
from evaluators.sandbox.scratch import scratch_dir
from evaluators.sandbox.slots import SlotLimitedSandbox
from evaluators.sandbox.workspace import SYSTEM_PATH, sandbox_env
from search_space import UserInputError

if TYPE_CHECKING:
    from evaluators.sandbox.bootstrap import BootstrapError, bootstrap_base, docker_client
    from evaluators.sandbox.docker_backend import DockerSandbox, DockerUnavailable
    from evaluators.sandbox.python_flavor import PYTHON_IMAGE, bootstrap_python

BACKENDS = ("local", "docker")
# The names that need the docker SDK, by the module that defines them.
_DOCKER_NAMES = {
    "BootstrapError": "bootstrap",
    "bootstrap_base": "bootstrap",
    "docker_client": "bootstrap",
    "DockerSandbox": "docker_backend",
    "DockerUnavailable": "docker_backend",
    "PYTHON_IMAGE": "python_flavor",
    "bootstrap_python": "python_flavor",
}

__all__ = [
    "BACKENDS",
    "DEFAULT_IMAGE",
    "DEFAULT_OUTPUT_LIMIT_BYTES",
    "DEFAULT_RESULTS_XML_LIMIT_BYTES",
    "DEFAULT_TIMEOUT_CAP_S",
    "PYTHON_IMAGE",
    "SYSTEM_PATH",
    "BootstrapError",
    "CgroupSupport",
    "DockerSandbox",
    "DockerUnavailable",
    "Isolation",
    "Limit",
    "Limits",
    "LocalSandbox",
    "Outcome",
    "RunResult",
    "RunSpec",
    "Sandbox",
    "SlotLimitedSandbox",
    "bootstrap_base",
    "bootstrap_python",
    "docker_client",
    "make_sandbox",
    "sandbox_env",
    "scratch_dir",
]


def make_sandbox(
    backend: str, *, allow_reduced_isolation: bool = False, image: str | None = None
) -> Sandbox:
    """The sandbox named `backend`; `image` is the docker backend's default image."""
    if backend == "local":
        return LocalSandbox(allow_reduced_isolation=allow_reduced_isolation)
    if backend == "docker":
        from evaluators.sandbox.docker_backend import DockerSandbox

        return DockerSandbox(image=image or DEFAULT_IMAGE)
    raise UserInputError(
        f"unknown sandbox backend {backend!r}; expected one of {', '.join(BACKENDS)}",
        source="backend",
    )


def __getattr__(name: str) -> object:
    """The Docker names load the docker SDK only when first asked for."""
    if name in _DOCKER_NAMES:
        module = importlib.import_module(f"evaluators.sandbox.{_DOCKER_NAMES[name]}")
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
