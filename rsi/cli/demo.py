"""`rsi demo`: the README's first command."""

from __future__ import annotations

from pathlib import Path

import typer

from rsi.cli.output import console
from search_space import strategy_id
from search_space.io import load_model
from search_space.schema import Strategy

INITIAL = Path("experiments/strategies/initial.json")


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo() -> None:
    """Run the offline quickstart search (not available yet: shows the initial strategy)."""
    strategy = load_model(Strategy, INITIAL)
    console.print(f"initial strategy {INITIAL}: id {strategy_id(strategy)}")
    console.print("The offline search is not available yet; see the open engine issue.")
