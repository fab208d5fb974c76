"""One process drives a run at a time: an exclusive, non-blocking flock on `runs/<id>/.lock`."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType

from search_space.errors import UserInputError


class RunLocked(UserInputError):
    """Another process drives this run."""


class RunLock:
    """An exclusive, non-blocking flock held while a process drives a run."""

    def __init__(self, run_dir: Path) -> None:
        self._path = run_dir / ".lock"
        self._fd: int | None = None

    def __enter__(self) -> RunLock:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise RunLocked(
                "another process is driving this run", source=str(self._path.parent)
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
