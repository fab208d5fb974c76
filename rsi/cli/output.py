"""Shared output helpers: JSON to stdout, human text through rich."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel
from rich.console import Console

console = Console(highlight=False, soft_wrap=True)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    """Print data as indented JSON (pydantic models with their aliases)."""
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json", by_alias=True)
    print(json.dumps(data, indent=2, ensure_ascii=False))
