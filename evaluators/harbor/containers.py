"""Small docker helpers shared by the image builder and the source verifier."""

from __future__ import annotations

import contextlib
import io
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import docker
import docker.errors
import requests.exceptions
from docker.models.containers import Container

LABEL = "rsi.harbor"  # every container the builder or the verifier creates carries it
_ARCHIVE_LIMIT = 64 * 1024 * 1024


@dataclass(frozen=True)
class Exit:
    """How a one-shot container ended: its exit code (None at the deadline) and output."""

    code: int | None
    output: str


def tar_dir(source: Path, inside: str, *, mode_dirs: int = 0o755) -> io.BytesIO:
    """`source`'s tree as a tar whose members sit under `inside` (no leading slash)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        folder = tarfile.TarInfo(inside)
        folder.type, folder.mode = tarfile.DIRTYPE, mode_dirs
        tar.addfile(folder)
        for path in sorted(source.rglob("*")):
            if "__pycache__" in path.parts:
                continue
            tar.add(
                path, arcname=f"{inside}/{path.relative_to(source).as_posix()}", recursive=False
            )
    buffer.seek(0)
    return buffer


def empty_dirs(*paths: str) -> io.BytesIO:
    """A tar holding only these directories, world-writable (like Harbor's log mounts)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for path in paths:
            info = tarfile.TarInfo(path)
            info.type, info.mode = tarfile.DIRTYPE, 0o777
            tar.addfile(info)
    buffer.seek(0)
    return buffer


def run_once(container: Container, timeout_s: float) -> Exit:
    """Start `container`, wait up to `timeout_s`, kill it at the deadline; its output."""
    container.start()
    try:
        code: int | None = int(container.wait(timeout=timeout_s)["StatusCode"])
    except (requests.exceptions.ReadTimeout, requests.exceptions.ConnectionError):
        code = None
        with contextlib.suppress(docker.errors.APIError):
            container.kill()
    logs = container.logs(stdout=True, stderr=True)
    return Exit(code=code, output=logs.decode("utf-8", errors="replace"))


def read_files(container: Container, directory: str) -> dict[str, bytes]:
    """Regular files under `directory` of a (stopped) container, by path relative to it."""
    try:
        chunks, _stat = container.get_archive(directory)
    except docker.errors.NotFound:
        return {}
    data = b"".join(chunks)
    if len(data) > _ARCHIVE_LIMIT:
        return {}
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r") as tar:
        for member in tar:
            handle = tar.extractfile(member) if member.isreg() else None
            if handle is not None:
                files[member.name.partition("/")[2]] = handle.read()
    return files


def read_tree(
    container: Container, directory: str, *, max_file_bytes: int
) -> list[tuple[str, int, bytes | None]]:
    """(path, size, content) of every regular file under `directory`, however large the
    tree: the archive is spooled to disk and a file over `max_file_bytes` has no content."""
    try:
        chunks, _stat = container.get_archive(directory)
    except docker.errors.NotFound:
        return []
    found: list[tuple[str, int, bytes | None]] = []
    with tempfile.TemporaryFile() as spool:
        for chunk in chunks:
            spool.write(chunk)
        spool.seek(0)
        with tarfile.open(fileobj=spool, mode="r|") as tar:
            for member in tar:
                if not member.isreg():
                    continue
                handle = tar.extractfile(member) if member.size <= max_file_bytes else None
                content = handle.read() if handle is not None else None
                found.append((member.name.partition("/")[2], member.size, content))
    return found


@contextlib.contextmanager
def removed_after(container: Container) -> Iterator[Container]:
    """Yield the container; kill and remove it (and its volumes) however the block ends."""
    try:
        yield container
    finally:
        with contextlib.suppress(docker.errors.NotFound):
            container.remove(force=True, v=True)
