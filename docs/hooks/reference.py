"""MkDocs hook: the reference pages generated from the code at every `make docs`.

- `reference/cli.md`: every `rsi` command, from the Typer app (its Click tree): usage, help,
  arguments and options with their defaults;
- `reference/config.md`: every `[section] key` of the experiment config, from the pydantic
  models (`rsi.config.ExperimentConfig`): type, default, bounds, description;
- `reference/events.md`: every journal event type, from `rsi.journal.events`.

The pages exist only in the built site (nothing is written under docs/), so they cannot go
stale. `tests/e2e/test_docs.py` checks the config page against the models' JSON schema.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

GENERATED = {
    "reference/cli.md": "cli_reference",
    "reference/config.md": "config_reference",
    "reference/events.md": "events_reference",
}
_BOUNDS = {
    annotated_types.Ge: ">=",
    annotated_types.Gt: ">",
    annotated_types.Le: "<=",
    annotated_types.Lt: "<",
    annotated_types.MinLen: "min length",
    annotated_types.MaxLen: "max length",
}


def _cell(text: str) -> str:
    """Text fit for one markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def _type_name(annotation: Any) -> str:
    origin = get_origin(annotation)
    if origin is Literal:
        return " \\| ".join(
            f'`"{v}"`' if isinstance(v, str) else f"`{v}`" for v in get_args(annotation)
        )
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(arg) for arg in get_args(annotation))
    if origin is typing.Annotated:
        return _type_name(get_args(annotation)[0])
    if origin is not None:
        inner = ", ".join(
            "..." if arg is Ellipsis else _type_name(arg) for arg in get_args(annotation)
        )
        return f"{getattr(origin, '__name__', str(origin))}[{inner}]"
    if annotation is type(None):
        return "none"
    return getattr(annotation, "__name__", str(annotation).replace("typing.", ""))


def _default(field: FieldInfo) -> str:
    if field.is_required():
        return "required"
    factory = field.default_factory
    value = factory() if factory is not None else field.default  # type: ignore[call-arg]
    if isinstance(value, BaseModel):
        return "(table)"
    if isinstance(value, str | os.PathLike):
        return f'`"{value}"`'
    if value is None:
        return "none"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value!r}`" if not isinstance(value, tuple) else f"`{list(value)!r}`"


def _bounds(field: FieldInfo) -> str:
    found = []
    for item in field.metadata:
        for kind, word in _BOUNDS.items():
            if isinstance(item, kind):
                found.append(f"{word} {getattr(item, dataclasses.fields(item)[0].name)}")
        pattern = getattr(item, "pattern", None)
        if pattern:
            found.append(f"pattern `{_cell(pattern)}`")
    return ", ".join(found)


def _submodel(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds, through `X | None`."""
    if inspect.isclass(annotation) and issubclass(annotation, BaseModel):
        return annotation
    if get_origin(annotation) in (typing.Union, types.UnionType):
        models = [m for m in map(_submodel, get_args(annotation)) if m is not None]
        return models[0] if len(models) == 1 else None
    return None


def config_sections(
    model: type[BaseModel], prefix: str = ""
) -> Iterator[tuple[str, type[BaseModel], dict[str, FieldInfo]]]:
    """(`section.path`, model, its keys that are not tables), parents before children."""
    model.model_rebuild()  # resolves a table declared below its section (forward refs)
    keys = {}
    tables = []
    for name, field in model.model_fields.items():
        if field.exclude is True:
            continue
        key = field.alias or name
        sub = _submodel(field.annotation)
        if sub is None:
            keys[key] = field
        else:
            tables.append((f"{prefix}.{key}" if prefix else key, sub))
    if prefix and keys:
        yield prefix, model, keys
    for path, sub in tables:
        yield from config_sections(sub, path)


def config_reference() -> str:
    from rsi.config import ExperimentConfig

    lines = [
        "# Configuration keys",
        "",
        "Every key of an experiment TOML, generated from the pydantic models in `rsi/config/`",
        "(and the settings models they hold) at every `make docs`. A key not listed here is",
        "refused with a one-line error naming it; a removed key names what replaced it.",
        "Bounds are checked when the file is loaded.",
        "",
    ]
    for path, model, keys in config_sections(ExperimentConfig):
        lines += [f"## `[{path}]`", ""]
        doc = inspect.getdoc(model) or ""
        if doc and model.__doc__:
            lines += [doc, ""]
        described = any(field.description for field in keys.values())
        header = ["key", "type", "default", "bounds", *(["description"] if described else [])]
        lines += ["| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
        for key, field in keys.items():
            row = [f"`{key}`", _type_name(field.annotation), _default(field), _bounds(field)]
            if described:
                row.append(_cell(field.description or ""))
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    return "\n".join(lines)


# Typer builds on Click (vendored as `typer._click` in newer Typer), so commands and
# parameters are read by their Click attributes, not their classes.
def _commands(group: Any, prefix: str) -> Iterator[tuple[str, Any]]:
    for name in sorted(group.commands):
        command = group.commands[name]
        if getattr(command, "hidden", False):
            continue
        path = f"{prefix} {name}"
        if hasattr(command, "commands"):
            if command.callback is not None or command.invoke_without_command:
                yield path, command
            yield from _commands(command, path)
        else:
            yield path, command


def _param_type(param: Any) -> str:
    described = getattr(param, "type_descriptor", None)  # Typer's own parameters
    if described is not None:
        return _type_name(described.annotation)
    return param.type.name.upper()


def _param_row(param: Any) -> str:
    if param.param_type_name == "option":
        names = ", ".join(f"`{opt}`" for opt in (*param.opts, *param.secondary_opts))
        kind = "flag" if param.is_flag else _param_type(param)
    else:
        names = f"`{(param.metavar or param.name or '').upper()}`"
        kind = _param_type(param)
    help_text = getattr(param, "help", None) or ""
    default = param.default
    if callable(default) or default in (None, (), []) or (param.required and default is None):
        shown = "required" if param.required else ""
    elif isinstance(default, bool):
        shown = f"`{str(default).lower()}`"
    else:
        shown = f"`{default}`"
    return f"| {names} | {kind} | {shown} | {_cell(help_text)} |"


def cli_reference() -> str:
    import typer

    from rsi.cli import app

    root = typer.main.get_command(app)
    lines = [
        "# Command line",
        "",
        "Every `rsi` command, generated from the Typer app (`rsi/cli/`) at every `make docs`;",
        "`rsi COMMAND --help` prints the same. Bad input prints one line and exits 2",
        "([exit codes](../how-to/exit-codes.md)).",
        "",
    ]
    for path, command in _commands(root, "rsi"):
        context = command.context_class(command, info_name=path)
        usage = " ".join(command.collect_usage_pieces(context))
        lines += [f"## `{path}`", "", "```text", f"{path} {usage}".rstrip(), "```", ""]
        if command.help:
            lines += [inspect.cleandoc(command.help).split("\f")[0], ""]
        params = [p for p in command.params if p.name != "help"]
        if params:
            lines += ["| argument or option | type | default | help |", "|---|---|---|---|"]
            lines += [_param_row(p) for p in params]
            lines.append("")
    return "\n".join(lines)


def events_reference() -> str:
    from rsi.journal import events

    members = get_args(get_args(events.EventData)[0])
    lines = [
        "# Journal events",
        "",
        "`events.jsonl` holds one event per line: `{seq, ts, type, op, data}`, appended and",
        "never rewritten (`rsi/journal/`). `seq` counts from 1, `ts` is the time it was",
        "journaled, `op` the idempotency key of the step that wrote it (a replayed step with",
        "the same op and different data is a journal conflict), and `data` one of the types",
        "below, told apart by `type`. Generated from `rsi/journal/events.py`.",
        "",
    ]
    for model in members:
        name = model.model_fields["type"].default
        lines += [f"## `{name}`", ""]
        if model.__doc__:
            lines += [inspect.getdoc(model) or "", ""]
        lines += ["| field | type | default |", "|---|---|---|"]
        for field_name, field in model.model_fields.items():
            if field_name == "type":
                continue
            lines.append(f"| `{field_name}` | {_type_name(field.annotation)} | {_default(field)} |")
        lines.append("")
    return "\n".join(lines)


def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the site."""
    from mkdocs.structure.files import File

    for path, function in GENERATED.items():
        files.append(File.generated(config, path, content=globals()[function]()))
    return files
