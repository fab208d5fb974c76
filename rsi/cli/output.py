"""Shared output helpers: JSON to stdout, human text through rich, the Typer apps.

Text is never read as rich markup: user text and help hold square brackets (`[data]`,
`[str]`, lesson triggers) that markup would swallow. Style goes in `style=` or `Text`.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import typer
from pydantic import BaseModel
from rich.console import Console

PIPED_WIDTH = 100  # the usual 80 when piped folds tables and the documented JSON shapes


def _piped_width() -> int | None:
    """PIPED_WIDTH when stdout is no terminal and COLUMNS is unset, else None (the terminal's)."""
    return None if sys.stdout.isatty() or "COLUMNS" in os.environ else PIPED_WIDTH


console = Console(highlight=False, soft_wrap=True, markup=False, width=_piped_width())
err_console = Console(
    stderr=True, highlight=False, soft_wrap=True, markup=False, width=_piped_width()
)


def _help_settings() -> dict[str, Any]:
    """Help as wide as the terminal, up to 120 columns (PIPED_WIDTH when piped)."""
    settings: dict[str, Any] = {"max_content_width": 120}
    if _piped_width() is not None:
        settings["terminal_width"] = PIPED_WIDTH
    return settings


def typer_app(**options: Any) -> typer.Typer:
    """A Typer app or command group whose help is plain text, printed as written."""
    return typer.Typer(rich_markup_mode=None, context_settings=_help_settings(), **options)


def print_json(data: Any) -> None:
    """Print data as indented JSON (pydantic models with their aliases)."""
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json", by_alias=True)
    print(json.dumps(data, indent=2, ensure_ascii=False))
