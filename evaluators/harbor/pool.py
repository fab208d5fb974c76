"""Build every Harbor task of a pool: its images and the runner's public view.

`build_pool` returns the task set with each `HarborTask`'s `images` and `public_files`
filled in (other tasks unchanged) and one `BuildRecord` per Harbor task, saying which
`FROM` mapping it used and whether anything was built. Cached images are reused, so a
second call on an unchanged pool builds nothing.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath

import docker
from pydantic import BaseModel, ConfigDict, TypeAdapter

from evaluators.harbor.containers import LABEL, read_tree, removed_after
from evaluators.harbor.images import BUILD_NETWORKS, StepLog, build_initial, build_solved
from evaluators.sandbox import docker_client
from evaluators.tasks import HarborImages, HarborTask, PanelImage, PublicFile, TaskSet
from search_space import UserInputError

PUBLIC_FILE_LIMIT = 256 * 1024  # larger files are listed, not shown
PUBLIC_TOTAL_LIMIT = 16 * 1024 * 1024
_PUBLIC = TypeAdapter(
    tuple[PublicFile, ...], config=ConfigDict(ser_json_bytes="base64", val_json_bytes="base64")
)
DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
_SKIPPED_PARTS = {"__pycache__", ".git", "node_modules", ".venv"}


class BuildRecord(BaseModel):
    """What building one task did."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    built: int  # images built this time (0: everything came from the cache)
    base_map: tuple[tuple[str, str], ...]
    images: HarborImages
    seconds: float


def default_logs_dir() -> Path:
    named = os.environ.get("RSI_HARBOR_LOGS")
    if named:
        return Path(named)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "rsi" / "harbor-logs"


def _public_files(
    client: docker.DockerClient, image: str, workdir: str, cache: Path
) -> tuple[PublicFile, ...]:
    """The working directory's files: text shown, binary or large ones listed empty.

    Read from the image once, then from a JSON file keyed by the image id and directory.
    """
    if workdir in ("", "/"):
        return ()
    key = hashlib.sha256(f"{client.images.get(image).id}\0{workdir}".encode()).hexdigest()
    saved = cache / f"{key[:32]}.json"
    if saved.is_file():
        return _PUBLIC.validate_json(saved.read_bytes())
    files = _read_public(client, image, workdir)
    cache.mkdir(parents=True, exist_ok=True)
    partial = saved.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(_PUBLIC.dump_json(files))
    partial.replace(saved)  # atomic: concurrent builders never read half a file
    return files


def _read_public(client: docker.DockerClient, image: str, workdir: str) -> tuple[PublicFile, ...]:
    """Every file of `workdir` in `image`; over the caps or binary: listed, content empty."""
    container = client.containers.create(image, command=["true"], labels={LABEL: "public"})
    with removed_after(container):
        files = read_tree(container, workdir, max_file_bytes=PUBLIC_FILE_LIMIT)
    shown: list[PublicFile] = []
    total = 0
    for path, size, content in sorted(files):
        if _SKIPPED_PARTS & set(PurePosixPath(path).parts):
            continue
        omitted = None
        if content is None or total + size > PUBLIC_TOTAL_LIMIT:
            omitted = f"too large to show, {size} bytes"
        elif b"\0" in content[:8192]:
            omitted = f"binary, {size} bytes"
        else:
            total += size
        shown.append(
            PublicFile(path=path, content=b"" if omitted else content or b"", omitted=omitted)
        )
    return tuple(shown)


def _workdir_and_path(client: docker.DockerClient, task: HarborTask, image: str) -> tuple[str, str]:
    """The image's working directory (or `[environment] workdir`) and PATH."""
    config = client.images.get(image).attrs.get("Config") or {}
    workdir = task.harbor.environment.workdir or config.get("WorkingDir") or "/"
    path = next(
        (e.partition("=")[2] for e in config.get("Env") or [] if e.startswith("PATH=")),
        DEFAULT_PATH,
    )
    return workdir, path


def build_task(
    client: docker.DockerClient,
    task: HarborTask,
    mapping: dict[str, str],
    *,
    logs_dir: Path,
    network: str,
    existing: frozenset[str] = frozenset(),
) -> tuple[HarborTask, BuildRecord]:
    """Build (or find cached) every target image of one task."""
    started = time.monotonic()
    log = StepLog(logs_dir, task)
    initial, base_map = build_initial(client, task, mapping, log, network=network)
    reference = build_solved(
        client, task, initial, task.solution_dir, "reference", log, network=network
    )
    panel = tuple(
        PanelImage(
            label=member.label,
            name=member.name,
            image=build_solved(
                client,
                task,
                initial,
                member.path,
                f"{member.label.value}/{member.name}",
                log,
                network=network,
            ),
        )
        for member in task.panel_members()
    )
    workdir, path = _workdir_and_path(client, task, initial)
    images = HarborImages(
        initial=initial,
        reference=reference,
        panel=panel,
        workdir=workdir,
        path=path,
        base_map=base_map,
    )
    tags = [initial, reference, *(p.image for p in panel)]
    built = sum(tag not in existing for tag in tags)
    record = BuildRecord(
        task_id=task.id,
        built=built,
        base_map=base_map,
        images=images,
        seconds=time.monotonic() - started,
    )
    # Kept beside the step logs: which FROM mapping and which images this task last used.
    log.folder.mkdir(parents=True, exist_ok=True)
    (log.folder / "build.json").write_text(record.model_dump_json(indent=1))
    public = _public_files(client, initial, workdir, logs_dir.parent / "harbor-public")
    return task.model_copy(update={"images": images, "public_files": public}), record


def build_pool(
    tasks: TaskSet,
    base_images: dict[str, str] | None = None,
    *,
    jobs: int = 2,
    network: str = "none",
    logs_dir: Path | None = None,
    on_done: Callable[[BuildRecord], None] | None = None,
) -> tuple[TaskSet, tuple[BuildRecord, ...]]:
    """Build the Harbor tasks of `tasks` (`jobs` at once); raise on the first failure."""
    if network not in BUILD_NETWORKS:
        raise UserInputError(
            f"build network {network!r}: expected one of {', '.join(BUILD_NETWORKS)}",
            source="harbor.build_network",
        )
    harbor = [task for task in tasks.tasks if isinstance(task, HarborTask)]
    if not harbor:
        return tasks, ()
    client = docker_client()
    mapping = dict(base_images or {})
    logs = logs_dir or default_logs_dir()
    existing = frozenset(
        tag for image in client.images.list(name="rsi-harbor/*") for tag in image.tags
    )

    def one(task: HarborTask) -> tuple[HarborTask, BuildRecord]:
        built = build_task(client, task, mapping, logs_dir=logs, network=network, existing=existing)
        if on_done is not None:
            on_done(built[1])
        return built

    with ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="harbor-build") as pool:
        results = list(pool.map(one, harbor))
    built = {task.id: task for task, _record in results}
    merged = tuple(built.get(task.id, task) for task in tasks.tasks)
    return TaskSet(tasks=merged), tuple(record for _task, record in results)
