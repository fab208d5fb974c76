"""Scratch directories that outlive no process: sandbox workspaces, runners' workdirs.

Every one lives under this process's folder, `<tmp>/rsi-scratch-<uid>/<pid>-<start>/`
(`<start>` is the process's start time, so a reused pid is never taken for a dead one).
A process removes its own directories when it is done with them; one killed with SIGKILL
cannot, so the first scratch directory a process asks for also removes the folders of
processes that are gone. Before, each `rsi resume` after a kill left that search's
workspaces in the temp dir for good.

The folders are 0o711: a run's private uid may reach its own workspace (reduced isolation
uses host paths) but list nothing. A shared root that is not a real directory of ours (a
link or another user's folder planted in a world-writable temp dir) is not used: this
process then gets a fresh private folder instead, and sweeps nothing.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import sys
import tempfile
import threading
from pathlib import Path

_TRAVERSE_ONLY = 0o711
_lock = threading.Lock()
_folders: dict[int, Path] = {}  # pid -> its folder (a forked child makes its own)


def scratch_dir(prefix: str) -> Path:
    """A new empty directory under this process's scratch folder; the caller removes it
    (`remove_tree`), or a later process does once this one is gone."""
    return Path(tempfile.mkdtemp(prefix=prefix, dir=_process_folder()))


def _process_folder() -> Path:
    pid = os.getpid()
    with _lock:
        if pid not in _folders:
            _folders[pid] = _make_process_folder(pid)
        return _folders[pid]


def _make_process_folder(pid: int) -> Path:
    root = Path(tempfile.gettempdir()) / f"rsi-scratch-{os.geteuid()}"
    with contextlib.suppress(FileExistsError):
        os.mkdir(root, _TRAVERSE_ONLY)
    if not _ours(root):
        return Path(tempfile.mkdtemp(prefix=f"rsi-scratch-{pid}-"))
    os.chmod(root, _TRAVERSE_ONLY)
    sweep_gone(root)
    folder = root / process_folder_name(pid)
    folder.mkdir(exist_ok=True)
    os.chmod(folder, _TRAVERSE_ONLY)
    return folder


def _ours(path: Path) -> bool:
    info = path.lstat()
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid()


def process_folder_name(pid: int) -> str:
    """The folder name of a live process: its pid and start time."""
    return f"{pid}-{_start_time(pid)}"


def _start_time(pid: int) -> str:
    """The process's start time in clock ticks since boot ('0' where /proc is missing)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return "0"
    return fields[19]  # field 22 of proc(5), counted after the command name


def sweep_gone(root: Path) -> list[Path]:
    """Remove the folders under `root` of processes that no longer run; returns them."""
    if not Path("/proc/self").exists():
        return []  # no way to tell a live process from a gone one
    removed = []
    for folder in root.iterdir():
        pid, _, _ = folder.name.partition("-")
        if not pid.isdigit() or folder.name == process_folder_name(int(pid)):
            continue  # not a process folder, or its process still runs
        remove_tree(folder)
        removed.append(folder)
    return removed


def remove_tree(root: Path) -> None:
    """Remove `root` even if a suite left read-only directories behind."""

    def _retry(function: object, path: str, _exc: BaseException) -> None:
        parent = os.path.dirname(path)
        with contextlib.suppress(FileNotFoundError):
            os.chmod(parent, stat.S_IRWXU)
            if os.path.isdir(path) and not os.path.islink(path):
                os.chmod(path, stat.S_IRWXU)
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.unlink(path)

    if not root.exists():
        return
    if sys.version_info >= (3, 12):
        shutil.rmtree(root, onexc=_retry)
    else:
        shutil.rmtree(root, onerror=_retry)
