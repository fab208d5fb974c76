"""`rsi schema` and `rsi strategy validate|diff|apply`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rsi.cli.output import console, print_json, typer_app

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from search_space import Strategy

strategy_app = typer_app(help="Validate, compare and edit strategy files.", no_args_is_help=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
StrategyFile = Annotated[Path, typer.Argument(metavar="FILE", help="A strategy JSON file.")]


def register(app: typer.Typer) -> None:
    app.command("schema")(schema)
    app.add_typer(strategy_app, name="strategy")


def schema(
    edit: Annotated[bool, typer.Option("--edit", help="Print the edit schema instead.")] = False,
) -> None:
    """Print the JSON Schema of a strategy (or of an edit): each field's bounds and what it
    does to the harness."""
    from search_space import EDIT_ADAPTER, Strategy

    if edit:
        print_json(EDIT_ADAPTER.json_schema(by_alias=True))
    else:
        print_json(Strategy.model_json_schema(by_alias=True))


def load_strategy(path: Path) -> Strategy:
    from search_space import Strategy, load_model

    return load_model(Strategy, path)


@strategy_app.command("validate")
def validate(file: StrategyFile, as_json: JsonFlag = False) -> None:
    """Check FILE against every schema rule; print its id."""
    from search_space import strategy_id

    strategy = load_strategy(file)
    if as_json:
        print_json({"file": str(file), "valid": True, "id": strategy_id(strategy)})
    else:
        console.print(f"{file}: valid strategy, id {strategy_id(strategy)}")


@strategy_app.command("diff")
def diff_command(
    a: Annotated[Path, typer.Argument(metavar="A", help="The strategy before.")],
    b: Annotated[Path, typer.Argument(metavar="B", help="The strategy after.")],
    as_json: JsonFlag = False,
) -> None:
    """Show the structural differences from A to B."""
    from search_space import counted, diff, strategy_id

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
    console.print(
        f"{strategy_id(before)} -> {strategy_id(after)}: {counted(len(changes), 'change')}"
    )
    for change in changes:
        item = f"[{change.item}]" if change.item else ""
        console.print(
            f"  {change.kind:8} {change.field}{item}: "
            f"{json.dumps(change.before)} -> {json.dumps(change.after)}"
        )


@strategy_app.command("apply")
def apply_command(
    file: StrategyFile,
    edit_json: Annotated[
        str, typer.Argument(metavar="EDIT", help="The edit as JSON text or a JSON file path.")
    ],
    space_file: Annotated[
        Path | None, typer.Option("--space", help="Search space JSON (default: the paper's).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Write the child here; print its id."),
    ] = None,
) -> None:
    """Apply one edit to FILE and print the child strategy, a file every command reads.

    With --out, the child is written to that file and one line names it and its id.
    """
    from search_space import (
        SearchSpace,
        UserInputError,
        apply,
        load_model,
        parse_edit,
        read_json_file,
        strategy_id,
    )

    parent = load_strategy(file)
    space = load_model(SearchSpace, space_file) if space_file else SearchSpace()
    edit_path = Path(edit_json)
    raw = read_json_file(edit_path) if edit_path.is_file() else edit_json
    child = apply(parent, parse_edit(raw), space=space)
    if out is None:
        print_json(child.to_json_dict())
        return
    try:
        out.write_text(json.dumps(child.to_json_dict(), indent=2, ensure_ascii=False) + "\n")
    except OSError as error:
        raise UserInputError(error.strerror or "cannot write", source=str(out)) from None
    console.print(f"{out}: child strategy, id {strategy_id(child)}")
