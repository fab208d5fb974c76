"""Every command's help, as a new user reads it: text shown as written, nothing unexplained.

Help and output are plain text, never rich markup, so `[data]`, `[executor]` or `[str]`
survive; every option and argument says what it does; no `<bool>` on a flag and no
`{name}` or `list[...]` in a usage line (arguments have upper-case metavars); the
documented JSON shapes keep their lines.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from rsi.cli import app
from rsi.cli.output import console

COMMAND = typer.main.get_command(app)


def _commands(command: Any = COMMAND, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _commands(sub, (*path, name))


def _command(path: tuple[str, ...]) -> Any:
    command = COMMAND
    for name in path:
        command = command.commands[name]
    return command


def _help(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


PATHS = list(_commands())


def test_the_walk_reaches_every_command() -> None:
    names = {" ".join(path) for path in PATHS}
    assert {"search", "status", "strategy apply", "gate plan", "tasks validate"} <= names
    assert len(PATHS) >= 25


@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "rsi")
def test_help_shows_every_bracket_and_explains_every_parameter(path: tuple[str, ...]) -> None:
    command, text = _command(path), _help(path)
    written = [command.help or "", *(param.help or "" for param in command.params)]
    for bracketed in {b for source in written for b in re.findall(r"\[[^\]\s]*\]", source)}:
        assert bracketed in text, f"{bracketed} vanished from the help of rsi {' '.join(path)}"
    silent = [param.name for param in command.params if not (param.help or "").strip()]
    assert silent == [], f"rsi {' '.join(path)}: parameters without help"
    usage = next(line for line in text.splitlines() if line.startswith("Usage:"))
    assert not re.search(r"\{[a-z_]+\}|list\[", usage), usage  # typer marks required {ARG}
    assert "<bool>" not in text


def test_documented_json_shapes_keep_their_lines() -> None:
    text = _help(("score",))
    assert '\n   "backend": str, "isolation": [str, ...],\n' in text
    assert "null | {" in text and max(len(line) for line in text.splitlines()) > 80


def test_printed_text_is_never_read_as_markup() -> None:
    with console.capture() as captured:
        console.print("use another [data] seed; [executor] kind; [bold]x[/bold]")
    assert captured.get() == "use another [data] seed; [executor] kind; [bold]x[/bold]\n"


def test_the_command_line_starts_without_the_llm_and_mlflow_stacks() -> None:
    """dspy, litellm and MLflow cost every `rsi` process from a third of a second to
    seconds to import: they load when a command needs a model or the lineage mirror."""
    code = (
        "import sys, rsi.cli, rsi.engine\n"
        "print(sorted(m for m in ('dspy', 'litellm', 'mlflow') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stdout
