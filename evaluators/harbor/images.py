"""Build a Harbor task's targets as images, cached by a content hash.

- initial: `environment/` built with its `Dockerfile` (`FROM` resolved by
  `evaluators.harbor.bases`), or the prebuilt `[environment] docker_image`;
- reference: the initial image after `solution/solve.sh` ran in it (in the image's working
  directory, `DEBIAN_FRONTEND=noninteractive` plus `[solution] env`), committed;
- panel members: the same with `panel/<label>/<name>/solve.sh`.

The solve script is copied to `/solution` and removed before the commit, and the image's
environment, entrypoint and command are kept as they were, so no target differs from
another in anything but the program. Each tag ends in a hash of everything that built it
(files, Dockerfile after `FROM` mapping, base image ids, solve env, build network), so an
unchanged task builds nothing the second time. Every step's output goes to a log file; a
failed step raises `BuildFailed` naming the task, the step and that log.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shlex
import tarfile
from pathlib import Path

import docker
import docker.errors
import requests.exceptions

from evaluators.harbor.bases import image_id, resolve_base, rewrite_dockerfile
from evaluators.harbor.containers import LABEL, removed_after, run_once, tar_dir
from evaluators.tasks import SOLVE_SCRIPT, HarborTask
from search_space import UserInputError

HASH_VERSION = b"rsi-harbor-image-v1"
MISSING_WHEEL = re.compile(r"No matching distribution found for ([^\s]+)")
BUILD_NETWORKS = ("none", "default")


class BuildFailed(UserInputError):
    """A build step failed; one line naming the task, the step and the log file."""


def _tree_digest(digest: hashlib._Hash, root: Path) -> None:
    """Feed every file's path, run bit and content hash under `root` to `digest`."""
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            mode = b"x" if path.stat().st_mode & 0o111 else b"-"
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + mode)
            digest.update(hashlib.sha256(path.read_bytes()).digest())


def repository(task: HarborTask) -> str:
    """The image repository of a task's targets (Docker wants lowercase)."""
    name = re.sub(r"[^a-z0-9]+", "-", task.id.lower()).strip("-") or "task"
    return f"rsi-harbor/{name}"


class StepLog:
    """Where one task's build steps write their output."""

    def __init__(self, logs_dir: Path, task: HarborTask) -> None:
        self.folder = logs_dir / task.id
        self.task = task

    def write(self, step: str, text: str) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{step.replace('/', '-')}.log"
        path.write_text(text, encoding="utf-8", errors="replace")
        return path

    def fail(self, step: str, why: str, text: str) -> BuildFailed:
        path = self.write(step, text)
        return BuildFailed(f"{step} failed: {why} (log: {path})", source=f"task {self.task.id}")


def build_initial(
    client: docker.DockerClient,
    task: HarborTask,
    mapping: dict[str, str],
    log: StepLog,
    *,
    network: str,
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The initial image's tag and the `FROM` mapping used; built only when absent."""
    prebuilt = task.harbor.environment.docker_image
    if prebuilt is not None:
        local = resolve_base(client, prebuilt, mapping, source=f"task {task.id}: docker_image")
        return local, ((prebuilt, local),)
    source = f"{task.dockerfile}"
    text, used = rewrite_dockerfile(task.dockerfile.read_text(), client, mapping, source=source)
    digest = hashlib.sha256(HASH_VERSION + b"initial" + network.encode() + text.encode())
    for _ref, local in used:
        digest.update((image_id(client, local) or local).encode())
    _tree_digest(digest, task.environment_dir)
    tag = f"{repository(task)}:initial-{digest.hexdigest()[:16]}"
    if image_id(client, tag) is None:
        _docker_build(client, task, text, tag, log, network=network)
    return tag, used


def _context_tar(task: HarborTask, dockerfile: str) -> io.BytesIO:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for path in sorted(task.environment_dir.rglob("*")):
            name = path.relative_to(task.environment_dir).as_posix()
            if name != "Dockerfile":
                tar.add(path, arcname=name, recursive=False)
        info = tarfile.TarInfo("Dockerfile")
        data = dockerfile.encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    buffer.seek(0)
    return buffer


def _docker_build(
    client: docker.DockerClient,
    task: HarborTask,
    dockerfile: str,
    tag: str,
    log: StepLog,
    *,
    network: str,
) -> None:
    lines: list[str] = []
    error: str | None = None
    try:
        stream = client.api.build(
            fileobj=_context_tar(task, dockerfile),
            custom_context=True,
            tag=tag,
            rm=True,
            forcerm=True,
            pull=False,
            decode=True,
            network_mode=None if network == "default" else network,
            labels={LABEL: task.id},
            timeout=int(task.harbor.environment.build_timeout_sec),
        )
        for chunk in stream:
            lines.append(str(chunk.get("stream", "")))
            if "error" in chunk:
                error = " ".join(str(chunk["error"]).split())
    except (docker.errors.APIError, requests.exceptions.RequestException) as failure:
        error = " ".join(str(failure).split())
    if error is not None or image_id(client, tag) is None:
        text = "".join(lines)
        missing = MISSING_WHEEL.search(text)
        if missing is not None:
            error = (
                f"pip found no {missing.group(1)} in the wheelhouse; add it: "
                f"rsi sandbox bootstrap --flavor python --wheels '{missing.group(1)}'"
            )
        raise log.fail("initial image", error or "no image", f"{text}\n{error}\n")
    log.write("initial image", "".join(lines))


def _image_config(client: docker.DockerClient, tag: str) -> dict[str, object]:
    return dict(client.images.get(tag).attrs.get("Config") or {})


def build_solved(
    client: docker.DockerClient,
    task: HarborTask,
    initial: str,
    solution: Path,
    step: str,
    log: StepLog,
    *,
    network: str,
) -> str:
    """`initial` after `solution/solve.sh` ran in it, committed; built only when absent."""
    env = {"DEBIAN_FRONTEND": "noninteractive", **task.harbor.solution.env}
    digest = hashlib.sha256(HASH_VERSION + step.encode() + network.encode())
    digest.update((image_id(client, initial) or initial).encode())
    digest.update(json.dumps(env, sort_keys=True).encode())
    _tree_digest(digest, solution)
    kind = step.split("/")[0]
    tag = f"{repository(task)}:{kind}-{digest.hexdigest()[:16]}"
    if image_id(client, tag) is not None:
        return tag
    config = _image_config(client, initial)
    assignments = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
    script = (
        f"chmod +x /solution/{SOLVE_SCRIPT}; env {assignments} /solution/{SOLVE_SCRIPT}; "
        "code=$?; rm -rf /solution; exit $code"
    )
    entrypoint = config.get("Entrypoint")
    container = client.containers.create(
        initial,
        command=["-c", script],
        entrypoint=["/bin/bash"],
        working_dir=task.harbor.environment.workdir,
        network_mode="none" if network == "none" else None,
        labels={LABEL: task.id},
    )
    with removed_after(container):
        container.put_archive("/", tar_dir(solution, "solution"))
        done = run_once(container, task.harbor.environment.build_timeout_sec)
        if done.code != 0:
            why = "timed out" if done.code is None else f"{SOLVE_SCRIPT} exited {done.code}"
            raise log.fail(step, why, done.output)
        log.write(step, done.output)
        repo, _, name = tag.partition(":")
        container.commit(
            repository=repo,
            tag=name,
            changes=[
                f"ENTRYPOINT {json.dumps(entrypoint or [])}",
                f"CMD {json.dumps(config.get('Cmd') or [])}",
            ],
        )
    return tag
