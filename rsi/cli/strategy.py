"""`rsi schema` and `rsi strategy validate|diff|apply`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from rsi.cli.output import console, print_json
from search_space import (
    EDIT_ADAPTER,
    SearchSpace,
    Strategy,
    apply,
    diff,
    parse_edit,
    strategy_id,
)
from search_space.io import load_model, read_json_file

strategy_app = typer.Typer(help="Validate, compare and edit strategy files.", no_args_is_help=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


def register(app: typer.Typer) -> None:
    app.command("schema")(schema)
    app.add_typer(strategy_app, name="strategy")


def schema(
    edit: Annotated[bool, typer.Option("--edit", help="Print the edit schema instead.")] = False,
) -> None:
    """Print the JSON Schema of a strategy (or of an edit)."""
    if edit:
        print_json(EDIT_ADAPTER.json_schema(by_alias=True))
    else:
        print_json(Strategy.model_json_schema(by_alias=True))


def load_strategy(path: Path) -> Strategy:
    return load_model(Strategy, path)


@strategy_app.command("validate")
def validate(file: Path, as_json: JsonFlag = False) -> None:
    """Check FILE against every schema rule; print its id."""
    strategy = load_strategy(file)
    if as_json:
        print_json({"file": str(file), "valid": True, "id": strategy_id(strategy)})
    else:
        console.print(f"{file}: valid strategy, id {strategy_id(strategy)}")


@strategy_app.command("diff")
def diff_command(a: Path, b: Path, as_json: JsonFlag = False) -> None:
    """Show the structural differences from A to B."""
    before, after = load_strategy(a), load_strategy(b)
    changes = diff(before, after)
    if as_json:
        print_json(
            {
                "from": strategy_id(before),
                "to": strategy_id(after),
                "changes": [c.model_dump(mode="json") for c in changes],
            }
        )
        return
    console.print(f"{strategy_id(before)} -> {strategy_id(after)}: {len(changes)} change(s)")
    for change in changes:
        item = f"[{change.item}]" if change.item else ""
        console.print(
            f"  {change.kind:8} {change.field}{item}: "
            f"{json.dumps(change.before)} -> {json.dumps(change.after)}"
        )


@strategy_app.command("apply")
def apply_command(
    file: Path,
    edit_json: Annotated[str, typer.Argument(help="The edit as JSON text or a JSON file path.")],
    space_file: Annotated[
        Path | None, typer.Option("--space", help="Search space JSON (default: the paper's).")
    ] = None,
) -> None:
    """Apply one edit to FILE; print the child strategy and its id."""
    parent = load_strategy(file)
    space = load_model(SearchSpace, space_file) if space_file else SearchSpace()
    edit_path = Path(edit_json)
    raw = read_json_file(edit_path) if edit_path.is_file() else edit_json
    child = apply(parent, parse_edit(raw), space=space)
    print_json({"id": strategy_id(child), "strategy": child.to_json_dict()})
