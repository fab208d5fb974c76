"""Pay for a deterministic piece of work once per key, however many threads ask.

The harness's checks within a task (`evaluators/runners/testhelix/execution.py`), the
scripted author's checks and the judge's verdicts within a search
(`evaluators/runners/scripted/runner.py`, `evaluators/judging/judge_memo.py`) are sandbox
runs that give the same answer to the same question: the first asker runs it, askers in
flight meanwhile wait for its answer, later askers get it at once. A run that raised, or
whose answer the caller says not to keep (an infrastructure failure), is forgotten, so the
next asker runs it again.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from pathlib import Path
from typing import Generic, TypeVar

Value = TypeVar("Value")


class Once(Generic[Value]):
    """Answers by key; `remembered` counts the asks not run (waiting ones included)."""

    def __init__(self, keep: Callable[[Value], bool] = lambda _value: True) -> None:
        self._keep = keep
        self._answers: dict[Hashable, Future[Value]] = {}
        self._lock = threading.Lock()
        self.remembered = 0

    def get(self, key: Hashable, run: Callable[[], Value]) -> tuple[Value, bool]:
        """(the answer for `key`, whether it came from an earlier run rather than `run`)."""
        mine: Future[Value] = Future()
        with self._lock:
            earlier = self._answers.setdefault(key, mine)
        if earlier is not mine:
            with self._lock:
                self.remembered += 1
            return earlier.result(), True  # waits while the first asker's run is in flight
        try:
            answer = run()
        except BaseException as error:
            self._forget(key)
            mine.set_exception(error)  # waiting askers see the same failure
            raise
        if not self._keep(answer):
            self._forget(key)
        mine.set_result(answer)
        return answer, False

    def _forget(self, key: Hashable) -> None:
        with self._lock:
            del self._answers[key]


def directory_digest(root: Path) -> str:
    """Content identity of a directory (a suite, a submission): relative paths, bytes,
    executable bits and symlink targets (a link is not followed: sandboxes copy links)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if path.is_symlink():
            digest.update(f"L {relative}\0{os.readlink(path)}\0".encode())
        elif path.is_file():
            executable = "x" if os.access(path, os.X_OK) else "-"
            digest.update(f"F {relative} {executable}\0".encode())
            digest.update(path.read_bytes())
            digest.update(b"\0")
        elif path.is_dir():
            digest.update(f"D {relative}\0".encode())
    return digest.hexdigest()
