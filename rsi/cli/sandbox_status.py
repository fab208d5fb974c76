"""What `rsi sandbox check` reports per backend (a module of its own: pydantic is imported
when the check runs, not at the CLI's start)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class BackendStatus(BaseModel):
    """Whether one backend can run suites here, with what isolation, and why not."""

    model_config = ConfigDict(frozen=True)

    backend: str
    available: bool
    isolation: str | None
    detail: str
