"""`rsi promote RUN_DIR --alias production` and `rsi promote RUN_DIR --rollback`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rsi.cli.mlflow_cmd import JsonFlag, TrackingUri, store_error, synced
from rsi.cli.output import console, print_json


def register(app: typer.Typer) -> None:
    app.command("promote")(promote)


def promote(
    run_dir: Annotated[Path, typer.Argument(metavar="RUN_DIR", help="A finished run directory.")],
    alias: Annotated[str, typer.Option("--alias", help="The alias to move.")] = "production",
    rollback: Annotated[
        bool, typer.Option("--rollback", help="Restore the alias's previous version instead.")
    ] = False,
    tracking_uri: TrackingUri = None,
    as_json: JsonFlag = False,
) -> None:
    """Point ALIAS at this run's champion version, only if its release gate passed.

    The run is synced to MLflow first. The alias's previous version is recorded on the
    registered model (tag rsi.alias_history.ALIAS), so --rollback restores it.
    """
    from rsi.config import read_run_config
    from rsi.lineage import STORE_ERRORS, client_for, move_alias, rollback_alias, tracking_uri_for
    from search_space import UserInputError

    name = read_run_config(run_dir).experiment.name
    if rollback:
        uri = tracking_uri_for(read_run_config(run_dir), tracking_uri)
        try:
            move = rollback_alias(client_for(uri), name, alias)
        except STORE_ERRORS as error:
            raise store_error(uri, error) from None
    else:
        uri, report = synced(run_dir, tracking_uri)
        if report["model_version"] is None:
            raise UserInputError(
                "no champion frozen yet (the search has not finished)", source=str(run_dir)
            )
        try:
            client = client_for(uri)
            version = client.get_model_version(name, str(report["model_version"]))
            move = move_alias(client, version, alias)
        except STORE_ERRORS as error:
            raise store_error(uri, error) from None
    if as_json:
        print_json(move.to_json_dict())
        return
    target = f"version {move.version}" if move.version else "no version"
    before = f"version {move.previous}" if move.previous else "no version"
    verb = "now points at" if move.changed else "already pointed at"
    console.print(f"models:/{name}@{alias} {verb} {target} (before: {before})")
