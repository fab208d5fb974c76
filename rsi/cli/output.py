"""Shared output helpers: JSON to stdout, human text through rich, the Typer apps.

Text is never read as rich markup: user text and help hold square brackets (`[data]`,
`[str]`, lesson triggers) that markup would swallow. Style goes in `style=` or `Text`.

Light to import (the CLI's start, `rsi --help`, pays for it): rich is imported when a
console first prints, pydantic and the model settings when a function needs them.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from evaluators.llm import LlmSettings

PIPED_WIDTH = 100  # the usual 80 when piped folds tables and the documented JSON shapes


def _piped_width() -> int | None:
    """PIPED_WIDTH when stdout is no terminal and COLUMNS is unset, else None (the terminal's)."""
    return None if sys.stdout.isatty() or "COLUMNS" in os.environ else PIPED_WIDTH


class LazyConsole:
    """A rich `Console` made (and rich imported) on first use; every attribute is the
    console's. `rsi --help` and a user error never print through one, so never pay for it."""

    _OWN = ("_make", "_console")

    def __init__(self, make: Callable[[], Console]) -> None:
        self._make = make
        self._console: Console | None = None

    def _real(self) -> Console:
        if self._console is None:
            self._console = self._make()
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real(), name)

    def __enter__(self) -> Console:  # `with console:` (rich's Live does it)
        return self._real().__enter__()

    def __exit__(self, *exc_info: Any) -> None:
        self._real().__exit__(*exc_info)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._OWN:
            object.__setattr__(self, name, value)
        else:  # a test setting the width sets the console's
            setattr(self._real(), name, value)


def _console(*, stderr: bool) -> Console:
    from rich.console import Console

    return Console(
        stderr=stderr, highlight=False, soft_wrap=True, markup=False, width=_piped_width()
    )


console: Console = LazyConsole(lambda: _console(stderr=False))  # type: ignore[assignment]
err_console: Console = LazyConsole(lambda: _console(stderr=True))  # type: ignore[assignment]


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
    """Print data as indented JSON (pydantic models with their aliases).

    orjson writes it: a long run's status is megabytes of JSON, and the stdlib encoder took
    a tenth of `rsi status --json` at 100k events. The same JSON (two-space indents, UTF-8,
    keys in their order; an exponent may be written shorter, 1.5e-7); the stdlib takes
    what orjson refuses (an int beyond 64 bits)."""
    import orjson
    from pydantic import BaseModel  # loaded already wherever a model is printed

    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json", by_alias=True)
    try:
        text = orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        text = json.dumps(data, indent=2, ensure_ascii=False)
    print(text)


def unreported(usage: Mapping[str, Any]) -> str:
    """What of a usage record (calls, input_tokens, output_tokens, estimated_*) a server
    reported and what is only its reservation (a timed-out call, a reply without usage)."""
    calls, est_calls = usage.get("calls", 0), usage.get("estimated_calls", 0)
    est_in, est_out = (
        usage.get("estimated_input_tokens", 0),
        usage.get("estimated_output_tokens", 0),
    )
    return (
        f"reported by the server: {calls - est_calls:,.0f} calls, "
        f"{usage.get('input_tokens', 0) - est_in:,.0f} input and "
        f"{usage.get('output_tokens', 0) - est_out:,.0f} output tokens; "
        f"not reported (timed out, lost or without usage), counted at their reservation: "
        f"{est_calls:,.0f} calls, {est_in:,.0f} input and {est_out:,.0f} output tokens"
    )


def structured_line(settings: LlmSettings) -> str:
    """How the model's typed requests carry their reply's schema, and who chose it."""
    from evaluators.llm import structured_mode

    how = "chosen by the model check" if settings.structured_output == "auto" else "[llm]"
    return f"structured output: {structured_mode(settings)} ({how})"
