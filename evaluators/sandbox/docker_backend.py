"""The docker backend: one throw-away container per run (docs/design.md section 5).

Each run gets a container with network none, memory/CPU/pids limits, every capability
dropped, no-new-privileges, uid 1000, a read-only root filesystem, a private `/tmp`
(tmpfs) and an anonymous volume at `/work` that receives the workspace through
`put_archive`. Output is streamed through an attach made before the start, so nothing
is stored by the engine's log driver; only the first `output_limit_bytes` are kept.
The container (and its volume) is killed and removed in a `finally`, whatever happened.
"""

from __future__ import annotations

import contextlib
import tarfile
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import docker
import docker.errors
import requests.exceptions
from docker.models.containers import Container
from docker.types import LogConfig, Mount, Ulimit

from evaluators.defaults import DEFAULT_IMAGE
from evaluators.sandbox.base import (
    DEFAULT_RESULTS_XML_LIMIT_BYTES,
    FILE_SIZE_LIMIT_BYTES,
    Isolation,
    Limit,
    Limits,
    RunResult,
    RunSpec,
    error_result,
    finished_result,
)
from evaluators.sandbox.workspace import (
    ENTRY_SCRIPT,
    RESULTS_XML_NAME,
    SANDBOX_APP_DIR,
    SANDBOX_UID,
    SYSTEM_PATH,
    CappedBuffer,
    Workspace,
    fresh_workspace,
    input_problem,
    sandbox_env,
)
from search_space import RsiError

FIX_HINT = "run `rsi sandbox bootstrap`"
WORK_ROOT = "/work"
# Image targets keep the program in the image (at its working directory, say /app), so the
# suite and its output live elsewhere, out of any image's way.
IMAGE_WORK_ROOT = "/rsi"
LABEL = "rsi.sandbox"  # every container we create carries it, so leftovers are findable
_SPOOL_BYTES = 16 * 1024 * 1024
_API_TIMEOUT_S = 120
_DRAIN_AFTER_EXIT_S = 5.0
LIMITS = Limits(
    cpu=Limit(enforced=True, how="docker nano_cpus (the container's CFS quota)"),
    memory=Limit(enforced=True, how="docker mem_limit, memswap_limit equal (no swap)"),
    pids=Limit(enforced=True, how="docker pids_limit"),
)


class DockerUnavailable(RsiError):
    """The engine or the image is missing; the message names the fix."""


@dataclass(frozen=True)
class _Layout:
    """Where a run's parts sit inside the container, and who runs the suite.

    Overlay targets: everything under /work, as uid 1000, read-only root. Image targets:
    `$APP_DIR` is the image's working directory, tests and output under /rsi, and the suite
    runs as root with every capability dropped (the image's files are root's) on a
    writable, throw-away root filesystem.
    """

    root: str
    app_dir: str
    uid: int
    path: str

    @property
    def tests_dir(self) -> str:
        return f"{self.root}/tests"

    @property
    def output_dir(self) -> str:
        return f"{self.root}/output"

    @property
    def image_target(self) -> bool:
        return self.root == IMAGE_WORK_ROOT


def _layout(spec: RunSpec) -> _Layout:
    if spec.app_dir is None:
        return _Layout(WORK_ROOT, SANDBOX_APP_DIR, SANDBOX_UID, SYSTEM_PATH)
    return _Layout(IMAGE_WORK_ROOT, spec.app_dir, 0, spec.path or SYSTEM_PATH)


@contextlib.contextmanager
def _tar_workspace(workspace: Workspace, layout: _Layout) -> Iterator[IO[bytes]]:
    """The workspace as a tar for `put_archive` at the layout's root, owned by its uid."""

    def owned(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid, info.gid, info.uname, info.gname = layout.uid, layout.uid, "", ""
        return info

    parts = [(workspace.tests, layout.tests_dir), (workspace.output, layout.output_dir)]
    if not layout.image_target:
        parts.insert(0, (workspace.app, layout.app_dir))
    with tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES) as spool:
        with tarfile.open(fileobj=spool, mode="w") as tar:
            for part, inside in parts:
                arcname = Path(inside).relative_to(layout.root).as_posix()
                tar.add(part, arcname=arcname, filter=owned)
        spool.seek(0)
        yield spool


@contextlib.contextmanager
def _tar_tree(root: Path, uid: int) -> Iterator[IO[bytes]]:
    """The contents of `root` as a tar (members relative to it), owned by `uid`."""

    def owned(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid, info.gid, info.uname, info.gname = uid, uid, "", ""
        return info

    with tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES) as spool:
        with tarfile.open(fileobj=spool, mode="w") as tar:
            for path in sorted(root.iterdir()):
                tar.add(path, arcname=path.name, filter=owned)
        spool.seek(0)
        yield spool


def _read_capped_member(chunks: Iterator[bytes], limit: int) -> tuple[str | None, str | None]:
    """The single regular file in a `get_archive` tar stream, if no larger than `limit`."""
    with tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES) as spool:
        for chunk in chunks:
            spool.write(chunk)
            if spool.tell() > limit + 64 * 1024:  # tar headers and padding need a little room
                return None, f"{RESULTS_XML_NAME} ignored: larger than the {limit}-byte cap"
        spool.seek(0)
        with tarfile.open(fileobj=spool, mode="r|") as tar:
            for member in tar:
                if not member.isreg():
                    return None, f"{RESULTS_XML_NAME} ignored: not a regular file"
                if member.size > limit:
                    return None, f"{RESULTS_XML_NAME} ignored: larger than the {limit}-byte cap"
                handle = tar.extractfile(member)
                data = handle.read(limit + 1) if handle is not None else b""
                return data.decode("utf-8", errors="replace"), None
    return None, None


class DockerSandbox:
    """`Sandbox` in throw-away containers. Thread-safe: each run opens its own client."""

    name = "docker"

    def __init__(self, *, image: str = DEFAULT_IMAGE, base_url: str | None = None) -> None:
        self.image = image
        self.base_url = base_url

    def client(self) -> docker.DockerClient:
        """A connected client; raises `DockerUnavailable` naming the fix."""
        try:
            if self.base_url is not None:
                client = docker.DockerClient(base_url=self.base_url, timeout=_API_TIMEOUT_S)
            else:
                client = docker.from_env(timeout=_API_TIMEOUT_S)
            client.ping()
        except (docker.errors.DockerException, requests.exceptions.RequestException) as error:
            raise DockerUnavailable(
                f"no Docker engine reachable ({error}); start dockerd "
                f"(docs/design.md section 12) and {FIX_HINT}"
            ) from error
        return client

    def check_ready(self) -> None:
        """Raise `DockerUnavailable` unless the engine answers and the default image exists."""
        client = self.client()
        try:
            self.check_image(client, self.image)
        finally:
            client.close()

    def check_image(self, client: docker.DockerClient, image: str) -> None:
        try:
            client.images.get(image)
        except docker.errors.ImageNotFound as error:
            raise DockerUnavailable(f"docker image {image} not found; {FIX_HINT}") from error

    def run(self, spec: RunSpec) -> RunResult:
        started = time.monotonic()
        problem = input_problem(spec)
        if problem is not None:
            return self._error(problem, started)
        image = spec.image or self.image
        try:
            client = self.client()
            try:
                self.check_image(client, image)
                with fresh_workspace(spec) as workspace:
                    return self._run_in(client, image, spec, workspace)
            finally:
                client.close()
        except DockerUnavailable as error:
            return self._error(str(error), started)
        except (docker.errors.DockerException, requests.exceptions.RequestException) as error:
            return self._error(
                f"docker infrastructure failure: {error}", started, infrastructure=True
            )
        except OSError as error:
            return self._error(
                f"sandbox infrastructure failure: {error}", started, infrastructure=True
            )

    def _error(self, message: str, started: float, *, infrastructure: bool = False) -> RunResult:
        return error_result(
            message,
            backend=self.name,
            isolation=Isolation.DOCKER,
            started=started,
            infrastructure=infrastructure,
        )

    def _create(
        self, client: docker.DockerClient, image: str, spec: RunSpec, layout: _Layout
    ) -> Container:
        memory = f"{spec.memory_mb}m"
        return client.containers.create(
            image,
            entrypoint=["/bin/bash"],
            command=[f"{layout.tests_dir}/{ENTRY_SCRIPT}"],
            working_dir=layout.app_dir,
            environment=sandbox_env(
                path=layout.path,
                app_dir=layout.app_dir,
                tests_dir=layout.tests_dir,
                output_dir=layout.output_dir,
            ),
            user=f"{layout.uid}:{layout.uid}",
            hostname="sandbox",
            network_mode="none",
            mem_limit=memory,
            memswap_limit=memory,  # no swap: the memory limit is the whole budget
            nano_cpus=int(spec.cpus * 1e9),
            pids_limit=spec.max_pids,
            cap_drop=["ALL"],
            security_opt=["no-new-privileges"],
            read_only=not layout.image_target,
            tmpfs={"/tmp": f"rw,nosuid,nodev,size={memory},mode=1777"},
            mounts=[Mount(target=layout.root, source=None, type="volume")],
            ulimits=[
                Ulimit(name="fsize", soft=FILE_SIZE_LIMIT_BYTES, hard=FILE_SIZE_LIMIT_BYTES),
                Ulimit(name="core", soft=0, hard=0),
            ],
            log_config=LogConfig(type="none"),
            labels={LABEL: "1"},
            stdin_open=False,
            tty=False,
        )

    def _run_in(
        self, client: docker.DockerClient, image: str, spec: RunSpec, workspace: Workspace
    ) -> RunResult:
        container: Container | None = None
        layout = _layout(spec)
        try:
            container = self._create(client, image, spec, layout)
            with _tar_workspace(workspace, layout) as archive:
                if not container.put_archive(layout.root, archive):
                    raise DockerUnavailable("docker refused the workspace archive")
            if layout.image_target and spec.app_layers:
                # A runner's own check: its copy of the program over the image's (the files
                # it was not shown, binary or large, stay as the image has them).
                with _tar_tree(workspace.app, layout.uid) as archive:
                    if not container.put_archive(layout.app_dir, archive):
                        raise DockerUnavailable("docker refused the program archive")
            buffer = CappedBuffer(spec.output_limit_bytes)
            stream = container.attach(stdout=True, stderr=True, stream=True, logs=False)
            reader = threading.Thread(target=_consume, args=(stream, buffer), daemon=True)
            reader.start()
            start = time.monotonic()
            container.start()
            exit_code: int | None
            try:
                status = container.wait(timeout=spec.timeout_s)
                exit_code, timed_out = int(status["StatusCode"]), False
            except (requests.exceptions.ReadTimeout, requests.exceptions.ConnectionError):
                exit_code, timed_out = None, True
                with contextlib.suppress(docker.errors.APIError):  # it may have just exited
                    container.kill()
            duration = time.monotonic() - start
            reader.join(_DRAIN_AFTER_EXIT_S)
            stream.close()
            return finished_result(
                backend=self.name,
                isolation=Isolation.DOCKER,
                limits=LIMITS,
                exit_code=exit_code,
                timed_out=timed_out,
                duration_s=duration,
                output=buffer.text(),
                output_truncated=buffer.truncated,
                results_xml=self._results_xml(container, layout),
            )
        finally:
            if container is not None:
                _remove(container)

    def _results_xml(self, container: Container, layout: _Layout) -> tuple[str | None, str | None]:
        try:
            chunks, _stat = container.get_archive(f"{layout.output_dir}/{RESULTS_XML_NAME}")
        except docker.errors.NotFound:
            return None, None
        return _read_capped_member(iter(chunks), DEFAULT_RESULTS_XML_LIMIT_BYTES)


def _consume(stream: Iterator[bytes], buffer: CappedBuffer) -> None:
    """Drain the attach stream to its end, keeping only what fits in the buffer."""
    try:
        for chunk in stream:
            buffer.write(chunk)
    except (requests.exceptions.RequestException, OSError, ValueError):
        return  # the stream was closed under us after the deadline; the output so far stands


def _remove(container: Container) -> None:
    """Kill and remove the container and its anonymous volume; tolerate it being gone."""
    with contextlib.suppress(docker.errors.NotFound):
        container.remove(force=True, v=True)


def leftover_containers(client: docker.DockerClient) -> list[str]:
    """Ids of containers this backend created that still exist (for tests and checks)."""
    return [c.id for c in client.containers.list(all=True, filters={"label": LABEL})]
