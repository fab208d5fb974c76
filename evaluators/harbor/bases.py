"""`FROM` references and the local images that stand in for them.

A reference resolves, in order, to: the image `base_images` maps it to; the image itself
when the engine has it; any `python:*` reference (tag or digest) to the bootstrapped
python flavor (`rsi sandbox bootstrap --flavor python`). Anything else is a one-line
error naming the reference and both ways to fix it. On a machine that can pull, the
`FROM` images are simply present after `docker pull` and nothing is mapped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import docker
import docker.errors

from evaluators.sandbox import PYTHON_IMAGE
from search_space import UserInputError

_FROM = re.compile(r"^(\s*FROM\s+)((?:--\S+\s+)*)(\S+)(.*)$", re.IGNORECASE)
_PYTHON = re.compile(r"^(?:(?:docker\.io/)?library/)?python(?::[^@]+)?(?:@sha256:[0-9a-f]+)?$")


def parse_base_images(pairs: list[str] | tuple[str, ...], *, source: str) -> dict[str, str]:
    """`["python:3.12-slim=rsi-python:bookworm", ...]` -> a mapping; one line per defect."""
    mapping: dict[str, str] = {}
    for pair in pairs:
        ref, sep, local = pair.partition("=")
        if not sep or not ref.strip() or not local.strip():
            raise UserInputError(f"{pair!r} is not FROM=LOCAL", source=source)
        mapping[ref.strip()] = local.strip()
    return mapping


def image_id(client: docker.DockerClient, name: str) -> str | None:
    try:
        return str(client.images.get(name).id)
    except docker.errors.ImageNotFound:
        return None
    except docker.errors.APIError:  # an unparseable reference is simply not local
        return None


def resolve_base(
    client: docker.DockerClient, ref: str, mapping: Mapping[str, str], *, source: str
) -> str:
    """The local image that `ref` builds from (see the module docstring)."""
    if ref in mapping:
        local = mapping[ref]
        if image_id(client, local) is None:
            raise UserInputError(
                f"FROM {ref} is mapped to {local}, which is not in the Docker engine",
                source=source,
            )
        return local
    if image_id(client, ref) is not None:
        return ref
    if _PYTHON.match(ref):
        if image_id(client, PYTHON_IMAGE) is None:
            raise UserInputError(
                f"FROM {ref}: no such local image; run `rsi sandbox bootstrap --flavor python` "
                f"or map it (--base-image {ref}=LOCAL)",
                source=source,
            )
        return PYTHON_IMAGE
    raise UserInputError(
        f"FROM {ref}: no local image and no mapping; pull it, or pass --base-image "
        f"{ref}=LOCAL (or [harbor] base_images in the config)",
        source=source,
    )


def rewrite_dockerfile(
    text: str, client: docker.DockerClient, mapping: Mapping[str, str], *, source: str
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The Dockerfile with every external `FROM` resolved, and the (ref, local) pairs used.

    Stage names (`FROM x AS build` ... `FROM build`) and `scratch` are left alone.
    """
    stages: set[str] = {"scratch"}
    used: list[tuple[str, str]] = []
    lines: list[str] = []
    for line in text.splitlines():
        match = _FROM.match(line)
        if match is None:
            lines.append(line)
            continue
        head, flags, ref, rest = match.groups()
        alias = re.search(r"\bAS\s+(\S+)", rest, flags=re.IGNORECASE)
        if ref.lower() not in stages:
            local = resolve_base(client, ref, mapping, source=source)
            used.append((ref, local))
            line = f"{head}{flags}{local}{rest}"
        if alias:
            stages.add(alias.group(1).lower())
        lines.append(line)
    if not used:
        raise UserInputError("no FROM line naming an image", source=source)
    return "\n".join(lines) + "\n", tuple(used)
