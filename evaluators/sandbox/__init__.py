"""Sandboxes: run one suite against one program, isolated (docs/design.md section 5).

`make_sandbox("local" | "docker", ...)` builds a backend; both satisfy `Sandbox`.
"""

from __future__ import annotations

from evaluators.sandbox.base import (
    DEFAULT_OUTPUT_LIMIT_BYTES,
    DEFAULT_RESULTS_XML_LIMIT_BYTES,
    DEFAULT_TIMEOUT_CAP_S,
    Isolation,
    Limit,
    Limits,
    Outcome,
    RunResult,
    RunSpec,
    Sandbox,
)
from evaluators.sandbox.local import LocalSandbox
from evaluators.sandbox.workspace import DEFAULT_IMAGE
from search_space.errors import UserInputError

BACKENDS = ("local", "docker")

__all__ = [
    "BACKENDS",
    "DEFAULT_IMAGE",
    "DEFAULT_OUTPUT_LIMIT_BYTES",
    "DEFAULT_RESULTS_XML_LIMIT_BYTES",
    "DEFAULT_TIMEOUT_CAP_S",
    "DockerSandbox",
    "Isolation",
    "Limit",
    "Limits",
    "LocalSandbox",
    "Outcome",
    "RunResult",
    "RunSpec",
    "Sandbox",
    "make_sandbox",
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
    """`DockerSandbox` loads the docker SDK only when first asked for."""
    if name == "DockerSandbox":
        from evaluators.sandbox.docker_backend import DockerSandbox

        return DockerSandbox
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
