"""Finished handles as they finish, so that a pool's `wait` costs what finished, not what runs.

`concurrent.futures.wait` and a scan of every pending future both cost O(slots) per call,
and the evaluator waits once per completion: at hundreds of slots that is the driver's
largest per-evaluation cost. Instead each submitted future reports itself, from its done
callback (any thread), to a `Completions`; `take` returns those the caller waits for.
"""

from __future__ import annotations

import queue
from collections.abc import Collection, Container, Hashable


class Completions:
    """Handles whose work is done and that no `take` has returned yet."""

    def __init__(self) -> None:
        self._arrived: queue.SimpleQueue[Hashable] = queue.SimpleQueue()
        self._done: dict[Hashable, None] = {}  # insertion-ordered set: finishing order
        self._forgotten: set[Hashable] = set()

    def note(self, handle: Hashable) -> None:
        """A done callback: `handle` finished (thread-safe)."""
        self._arrived.put(handle)

    def take(self, pending: Container[Hashable], timeout: float | None) -> list[Hashable]:
        """The done handles among `pending`, waiting up to `timeout` seconds (None: for
        ever) for the first; empty when the time ran out. Others stay for a later take."""
        ready = self._ready(pending)
        while not ready:
            try:
                handle = self._arrived.get(timeout=timeout)
            except queue.Empty:
                return []
            self._keep(handle)
            ready = self._ready(pending)
        return ready

    def forget(self, handles: Collection[Hashable]) -> None:
        """Cancelled handles: their completion, now or later, is nobody's business."""
        for handle in handles:
            if handle in self._done:
                del self._done[handle]
            else:
                self._forgotten.add(handle)

    def _keep(self, handle: Hashable) -> None:
        if handle in self._forgotten:
            self._forgotten.discard(handle)
        else:
            self._done[handle] = None

    def _ready(self, pending: Container[Hashable]) -> list[Hashable]:
        while True:  # drain what arrived without blocking
            try:
                self._keep(self._arrived.get_nowait())
            except queue.Empty:
                break
        ready = [handle for handle in self._done if handle in pending]
        for handle in ready:
            del self._done[handle]
        return ready
