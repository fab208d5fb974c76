"""One process drives a run at a time: an exclusive, non-blocking flock on `runs/<id>/.lock`.

The lock file is removed when the lock is released, so a finished or refused run leaves
none behind. Because a process may have opened the file just before its holder removed
it, a lock taken on a file that is no longer at the path counts as not taken.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from types import TracebackType

from search_space import UserInputError

_ATTEMPTS = 5


class RunLocked(UserInputError):
    """Another process drives this run."""


class RunLock:
    """An exclusive, non-blocking flock held while a process drives a run."""

    def __init__(self, run_dir: Path) -> None:
        self._path = run_dir / ".lock"
        self._fd: int | None = None

    def __enter__(self) -> RunLock:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(_ATTEMPTS):
            fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise RunLocked(
                    "another process is driving this run", source=str(self._path.parent)
                ) from None
            if self._still_at_path(fd):
                os.ftruncate(fd, 0)
                os.write(fd, str(os.getpid()).encode())
                self._fd = fd
                return self
            # Its holder finished and removed it between our open and flock: try anew.
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        raise RunLocked("another process keeps taking this run", source=str(self._path.parent))

    def _still_at_path(self, fd: int) -> bool:
        try:
            return os.stat(self._path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            return False

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            # Unlink while still holding the lock, so nobody can take it on this file after.
            with contextlib.suppress(FileNotFoundError):
                self._path.unlink()
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
