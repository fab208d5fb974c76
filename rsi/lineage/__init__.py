"""MLflow lineage: the journal projected into MLflow runs and the model registry.

Importing this package imports MLflow (seconds); the CLI imports it only when needed.

Public surface:
- `plan` (module `rsi.lineage.plan`): the pure projection of events into MLflow nodes;
- `LineageProjector`, `sync_run_dir`, `SyncReport`: the idempotent projection (`rsi mlflow
  sync`), with tracking-URI helpers `tracking_uri_for`, `default_tracking_uri`, `client_for`;
- `MlflowLineageSink`, `sink_for`, `STORE_ERRORS`, `one_line`: the live, never-blocking
  mirror a search writes through;
- `sync_report`, `REPORT_KEY_TAG`, `CARD_TAG`: the run report's figures as artifacts of the
  search's run and the release card on the champion's model version;
- `DESCRIPTION`, `view_url`: what the experiment says about itself and the link to one
  search's view (`rsi.lineage.experiment_view`);
- `move_alias`, `rollback_alias`, `alias_version`, `resolve_model_uri`, `CHALLENGER`: the
  registry, where only a passed gate moves `production`.
"""

from rsi.lineage.experiment_view import DESCRIPTION, view_url
from rsi.lineage.projector import (
    LineageProjector,
    Redactor,
    SyncReport,
    artifact_location_for,
    client_for,
    default_tracking_uri,
    sync_run_dir,
    tracking_uri_for,
)
from rsi.lineage.registry import (
    CHALLENGER,
    alias_version,
    move_alias,
    resolve_model_uri,
    rollback_alias,
)
from rsi.lineage.report_artifacts import CARD_TAG, REPORT_KEY_TAG, sync_report
from rsi.lineage.sink import STORE_ERRORS, MlflowLineageSink, one_line, sink_for

__all__ = [
    "CARD_TAG",
    "CHALLENGER",
    "DESCRIPTION",
    "REPORT_KEY_TAG",
    "STORE_ERRORS",
    "LineageProjector",
    "MlflowLineageSink",
    "Redactor",
    "SyncReport",
    "alias_version",
    "artifact_location_for",
    "client_for",
    "default_tracking_uri",
    "move_alias",
    "one_line",
    "resolve_model_uri",
    "rollback_alias",
    "sink_for",
    "sync_report",
    "sync_run_dir",
    "tracking_uri_for",
    "view_url",
]
