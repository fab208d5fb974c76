"""Shared by every backend: the fresh workspace, the fixed environment, capped reads.

A run's workspace is a new scratch directory (`scratch.py`) holding `app/` (the program under test:
`RunSpec.app_layers` copied in order), `tests/` (a fresh copy of the submission) and
`output/` (empty, writable). Inside a sandbox they appear at the fixed paths below, so
every target looks identical to the suite.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from evaluators.sandbox.base import RunSpec
from evaluators.sandbox.scratch import remove_tree, scratch_dir

SANDBOX_APP_DIR = "/work/app"
SANDBOX_TESTS_DIR = "/work/tests"
SANDBOX_OUTPUT_DIR = "/work/output"
SANDBOX_HOME = "/tmp"
SANDBOX_UID = 1000
SANDBOX_GID = 1000
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
RESULTS_XML_NAME = "results.xml"
ENTRY_SCRIPT = "run.sh"


def sandbox_env(
    *,
    path: str = SYSTEM_PATH,
    app_dir: str = SANDBOX_APP_DIR,
    tests_dir: str = SANDBOX_TESTS_DIR,
    output_dir: str = SANDBOX_OUTPUT_DIR,
) -> dict[str, str]:
    """The complete environment a suite sees; nothing else from the host leaks in."""
    return {
        "PATH": path,
        "HOME": SANDBOX_HOME,
        "APP_DIR": app_dir,
        "TESTS_DIR": tests_dir,
        "OUTPUT_DIR": output_dir,
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",
        # Suites get plain pytest: the host runtime's installed plugins would slow every
        # run (entry-point scanning) and make the local and docker backends differ.
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    }


def input_problem(spec: RunSpec) -> str | None:
    """Why the spec cannot run at all (missing layer, missing or unrunnable run.sh), or None."""
    for layer in spec.app_layers:
        if not layer.is_dir():
            return f"app layer {layer} is not a directory"
    if not spec.tests_dir.is_dir():
        return f"submission {spec.tests_dir} is not a directory"
    entry = spec.tests_dir / ENTRY_SCRIPT
    if not entry.is_file():
        return f"submission has no runnable {ENTRY_SCRIPT} (expected a file at {entry})"
    if not os.access(entry, os.R_OK):
        return f"{entry} is not readable"
    return None


@dataclass(frozen=True)
class Workspace:
    """The host side of one run's workspace."""

    root: Path
    app: Path
    tests: Path
    output: Path


@contextlib.contextmanager
def fresh_workspace(spec: RunSpec, *, owner: int | None = None) -> Iterator[Workspace]:
    """Build a new workspace for `spec`; remove it afterwards, whatever the suite left.

    `owner` (a uid, needs root) becomes the owner of every copied file so an unprivileged
    sandbox user can write its workspace.
    """
    root = scratch_dir("rsi-sandbox-")
    try:
        workspace = Workspace(root, root / "app", root / "tests", root / "output")
        workspace.app.mkdir()
        for layer in spec.app_layers:
            shutil.copytree(layer, workspace.app, symlinks=True, dirs_exist_ok=True)
        shutil.copytree(spec.tests_dir, workspace.tests, symlinks=True)
        workspace.output.mkdir()
        for part in (workspace.app, workspace.tests, workspace.output):
            _make_writable_by(part, owner)
        yield workspace
    finally:
        remove_tree(root)


def _make_writable_by(top: Path, owner: int | None) -> None:
    for directory, dirnames, filenames in os.walk(top):
        for name in [*dirnames, *filenames]:
            _own(Path(directory, name), owner)
    _own(top, owner)


def _own(path: Path, owner: int | None) -> None:
    info = path.lstat()
    if owner is not None:
        os.lchown(path, owner, owner)
    if not stat.S_ISLNK(info.st_mode):
        # User write (and traverse for directories) so the suite can edit its own copy.
        extra = stat.S_IWUSR | stat.S_IRUSR | (stat.S_IXUSR if stat.S_ISDIR(info.st_mode) else 0)
        os.chmod(path, stat.S_IMODE(info.st_mode) | extra)


class CappedBuffer:
    """Keeps the first `limit` bytes written to it and counts the rest."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.total = 0
        self._data = bytearray()

    def write(self, chunk: bytes) -> None:
        room = self.limit - len(self._data)
        if room > 0:
            self._data += chunk[:room]
        self.total += len(chunk)

    @property
    def truncated(self) -> bool:
        return self.total > self.limit

    def text(self) -> str:
        return bytes(self._data).decode("utf-8", errors="replace")


def read_capped(path: Path, limit: int) -> tuple[str | None, str | None]:
    """Read a regular file the suite wrote, never following a symlink it planted.

    Returns (content, note): content is None when the file is absent, not a regular file
    or larger than `limit`; note says why when the file existed but was ignored.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None, None
    except OSError as error:  # ELOOP: a symlink; EACCES: unreadable
        return None, f"{path.name} ignored: {error.strerror}"
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            return None, f"{path.name} ignored: not a regular file"
        data = handle.read(limit + 1)
    if len(data) > limit:
        return None, f"{path.name} ignored: larger than the {limit}-byte cap"
    return data.decode("utf-8", errors="replace"), None
