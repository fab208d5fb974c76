"""The engine's port to a lineage mirror (MLflow in `rsi.lineage`)."""

from __future__ import annotations

from typing import Protocol

from rsi.journal import Event, LineageFailed


class LineageSink(Protocol):
    """Mirrors journal events somewhere else (MLflow) without ever blocking the search.

    `on_event` must return at once (queue the work); `failures` drains the projection
    errors seen since the last call, which the engine journals as `lineage_failed`.
    """

    def on_event(self, event: Event) -> None: ...

    def failures(self) -> list[LineageFailed]: ...

    def close(self) -> None: ...
