"""`rsi strategy get models:/NAME@ALIAS`: print a registered strategy's JSON."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from rsi.cli.mlflow_cmd import store_error
from rsi.cli.output import print_json
from rsi.cli.strategy import strategy_app


def register(app: typer.Typer) -> None:
    """Adds `get` to the `strategy` group that rsi.cli.strategy mounts."""
    strategy_app.command("get")(get)


def get(
    model_uri: Annotated[
        str, typer.Argument(metavar="MODEL_URI", help="models:/NAME@ALIAS or models:/NAME/VERSION")
    ],
    tracking_uri: Annotated[
        str | None,
        typer.Option(
            "--tracking-uri",
            help="MLflow store (default: $MLFLOW_TRACKING_URI, else sqlite:///RUNS_DIR/mlflow.db).",
        ),
    ] = None,
    runs_dir: Annotated[
        Path, typer.Option("--runs-dir", help="Where the default sqlite store lives.")
    ] = Path("runs"),
) -> None:
    """Print the strategy JSON of a registered model version."""
    import mlflow.artifacts

    from rsi.lineage import STORE_ERRORS, client_for, default_tracking_uri, resolve_model_uri
    from search_space import Strategy, UserInputError, load_model

    uri = tracking_uri or os.environ.get("MLFLOW_TRACKING_URI")
    if uri is None:
        if not (runs_dir / "mlflow.db").is_file():
            raise UserInputError("no MLflow store here; pass --tracking-uri", source=str(runs_dir))
        uri = default_tracking_uri(runs_dir)
    try:
        version = resolve_model_uri(client_for(uri), model_uri)
        with tempfile.TemporaryDirectory(prefix="rsi-get-") as folder:
            path = mlflow.artifacts.download_artifacts(
                artifact_uri=f"{version.source.rstrip('/')}/strategy.json",
                dst_path=folder,
                tracking_uri=uri,
            )
            strategy = load_model(Strategy, Path(path))
    except STORE_ERRORS as error:
        raise store_error(uri, error) from None
    print_json(strategy.to_json_dict())
