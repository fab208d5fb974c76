"""How a traced tool call's arguments are cut so that what identifies the call survives.

A trace keeps a tool call's arguments as one bounded JSON text. Cutting sorted JSON at a fixed
width loses the `path` of any `write_file` whose content sorts before it, so the order here is:
`path` first, then the other short arguments (by name), then the long ones (by name); the text
is cut only at its end, after everything short is already written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

ARGUMENT_CHARS = 200
"""The default width of a traced call's arguments."""

SHORT_VALUE_CHARS = 80
"""An argument whose JSON value is at most this long counts as short and is written early."""

LEADING_KEYS = ("path",)


def _order(item: tuple[str, str]) -> tuple[int, int, str]:
    name, encoded = item
    leading = 0 if name in LEADING_KEYS else 1
    long_value = 1 if len(encoded) > SHORT_VALUE_CHARS else 0
    return (leading, long_value, name)


def _json(value: object) -> str:
    return json.dumps(value, default=str, ensure_ascii=False)  # a trace keeps text readable


def cut_tool_arguments(arguments: Mapping[str, object], limit: int = ARGUMENT_CHARS) -> str:
    """The arguments as JSON, `path` and short values first, cut to `limit` characters.

    A cut text ends with "…"; an uncut one is valid JSON.
    """
    encoded = [(str(name), _json(value)) for name, value in arguments.items()]
    body = ", ".join(f"{_json(name)}: {value}" for name, value in sorted(encoded, key=_order))
    text = "{" + body + "}"
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)] + "…"
