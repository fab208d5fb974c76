"""An idempotent projection of a run's journal into MLflow (docs/design.md section 10).

`LineageProjector.sync(events)` makes the MLflow runs match `rsi.lineage.plan.plan(events)`:
- runs are found by tags (`rsi.run_id` = run dir name, `rsi.node`) before any is created;
- tags and metrics are written only where they differ, params only where absent (MLflow
  params are immutable), artifacts only when the `rsi.artifacts_sha256` tag differs;
- so syncing the same journal twice changes nothing, and a partial projection (an outage,
  a crash) is completed by the next sync. The champion goes to the registry
  (`rsi.lineage.registry`). Writes use `MlflowClient` and `log_batch` only: no fluent active-run
  state, which is per-thread and the engine is threaded.

Values that equal a secret from the environment (API keys, tokens) are redacted from every
tag, param and artifact before they leave the process.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from mlflow import MlflowClient
from mlflow.entities import Metric, Param, Run, RunStatus, RunTag
from mlflow.exceptions import MlflowException

from rsi.config import CONFIG_FILE, ExperimentConfig, read_run_config
from rsi.journal import (
    EVENTS_FILE,
    Event,
    FollowingTraceFile,
    TraceSource,
    read_outcome_events,
)
from rsi.lineage.experiment_view import experiment_tags, view_key, view_state
from rsi.lineage.plan import NodeSpec, Plan, candidate_node, plan
from rsi.lineage.registry import sync_champion
from rsi.lineage.report_artifacts import sync_report
from search_space import UserInputError

RUN_ID_TAG = "rsi.run_id"
NODE_TAG = "rsi.node"
ARTIFACTS_TAG = "rsi.artifacts_sha256"
PARENT_TAG = "mlflow.parentRunId"
NAME_TAG = "mlflow.runName"
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL", re.IGNORECASE)
_BATCH = 100  # MLflow's cap on params and tags per log_batch call


def default_tracking_uri(runs_dir: Path) -> str:
    """The default store: a sqlite file beside the runs."""
    return f"sqlite:///{runs_dir.resolve() / 'mlflow.db'}"


def tracking_uri_for(config: ExperimentConfig, override: str | None = None) -> str:
    return (
        override or config.mlflow.tracking_uri or default_tracking_uri(config.experiment.runs_dir)
    )


def artifact_location_for(tracking_uri: str) -> str | None:
    """Artifacts of a sqlite store live in `mlartifacts/` beside the database file.

    Other stores (a tracking server, a file store) choose their own artifact root.
    """
    prefix = "sqlite:///"
    if not tracking_uri.startswith(prefix) or tracking_uri.endswith(":memory:"):
        return None
    return (Path(tracking_uri[len(prefix) :]).parent / "mlartifacts").resolve().as_uri()


def client_for(tracking_uri: str) -> MlflowClient:
    # MLflow prints "View run ... at <url>" to stdout when a run on a tracking server ends;
    # that would corrupt `--json` output, and the mirror never writes to stdout.
    os.environ.setdefault("MLFLOW_SUPPRESS_PRINTING_URL_TO_STDOUT", "true")
    # Opening a fresh store logs "Creating initial MLflow database tables..." and "Updating
    # database tables" at INFO into a search's output; the mirror reports its own failures.
    for name in ("mlflow.store.db.utils", "alembic"):
        logging.getLogger(name).setLevel(logging.WARNING)
    if not tracking_uri.startswith("sqlite:///"):
        return MlflowClient(tracking_uri=tracking_uri, registry_uri=tracking_uri)
    database = Path(tracking_uri[len("sqlite:///") :])
    database.parent.mkdir(parents=True, exist_ok=True)
    # Opening a sqlite store creates or migrates its schema. Two processes doing that at once
    # (searches started together on a fresh store) leave it half-migrated
    # (`_alembic_tmp_* already exists`), so opening is serialised across processes.
    with open(database.with_name(database.name + ".open.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            client = MlflowClient(tracking_uri=tracking_uri, registry_uri=tracking_uri)
            client.search_registered_models(max_results=1)  # opens the registry store too
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return client


class Redactor:
    """Replaces the values of secret-looking environment variables (8+ chars) in text."""

    def __init__(self, secrets: Sequence[str]) -> None:
        self.secrets = tuple(sorted({s for s in secrets if len(s) >= 8}, key=len, reverse=True))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Redactor:
        environ = os.environ if environ is None else environ
        return cls([value for name, value in environ.items() if _SECRET_NAME.search(name)])

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[redacted]")
        return text


@dataclass(frozen=True)
class SyncReport:
    """What one sync changed (`updated`: existing runs written to); a repeat reports zeros."""

    run_id: str
    experiment_id: str
    runs: int
    created: int
    updated: int
    model_version: str | None

    def to_json_dict(self) -> dict[str, object]:
        return {
            "run_id": self.run_id,
            "experiment_id": self.experiment_id,
            "runs": self.runs,
            "created": self.created,
            "updated": self.updated,
            "model_version": self.model_version,
        }


def _quoted(value: str) -> str:
    if "'" in value:
        raise UserInputError("a run id with a quote cannot be looked up in MLflow", source=value)
    return f"'{value}'"


class LineageProjector:
    """Syncs journals into one MLflow store. Not thread-safe: one projector per thread."""

    def __init__(
        self, tracking_uri: str, *, redactor: Redactor | None = None, run_dir: Path | None = None
    ) -> None:
        self.tracking_uri = tracking_uri
        self.run_dir = run_dir  # where the report's timings live; None: no figures
        self.client = client_for(tracking_uri)
        self.redact = redactor or Redactor.from_env()
        self._experiments: dict[str, str] = {}
        self._views: dict[str, str] = {}  # run id -> the view state this projector wrote

    def experiment_id(self, name: str) -> str:
        """The experiment's id, created if missing, with its description and kind
        (`rsi.lineage.experiment_view`): the MLflow 3 UI then opens it on the runs table,
        not on its GenAI trace views. Tags already there (a description edited in the UI)
        are kept.
        """
        if name not in self._experiments:
            found = self.client.get_experiment_by_name(name)
            if found is None:
                try:
                    self.client.create_experiment(
                        name,
                        artifact_location=artifact_location_for(self.tracking_uri),
                        tags=experiment_tags(),
                    )
                except MlflowException as error:  # created meanwhile by another process
                    if error.error_code != "RESOURCE_ALREADY_EXISTS":
                        raise
                found = self.client.get_experiment_by_name(name)
                assert found is not None
            for key, value in experiment_tags().items():
                if key not in found.tags:
                    self.client.set_experiment_tag(found.experiment_id, key, value)
            self._experiments[name] = found.experiment_id
        return self._experiments[name]

    def _view(self, experiment_id: str, run_id: str) -> None:
        """The search's shared view (`experiment_view.view_url` opens it), once per process."""
        wanted = view_state(run_id)
        if self._views.get(run_id) == wanted:
            return
        have = self.client.get_experiment(experiment_id).tags.get(view_key(run_id))
        if have != wanted:
            self.client.set_experiment_tag(experiment_id, view_key(run_id), wanted)
        self._views[run_id] = wanted

    def existing_runs(self, experiment_id: str, run_id: str) -> dict[str, Run]:
        """This search's runs by node; the oldest wins if a node was ever duplicated."""
        runs: dict[str, Run] = {}
        token = None
        while True:
            page = self.client.search_runs(
                [experiment_id],
                filter_string=f"tags.`{RUN_ID_TAG}` = {_quoted(run_id)}",
                max_results=1000,
                order_by=["attributes.start_time ASC"],
                page_token=token,
            )
            for run in page:
                runs.setdefault(run.data.tags.get(NODE_TAG, ""), run)
            token = page.token
            if not token:
                return runs

    def _config(self) -> ExperimentConfig | None:
        """The run's config (for its prices) when the projector knows the run directory."""
        if self.run_dir is None or not (self.run_dir / CONFIG_FILE).is_file():
            return None
        return read_run_config(self.run_dir)

    def sync(self, events: Sequence[Event], traces: TraceSource | None = None) -> SyncReport | None:
        """Make MLflow match the journal; None when the journal has not started a run.
        Pass `traces` when the events come without evaluation traces (see `plan`).

        A projector given the run's directory also logs the report's figures of a search
        that has gated or paused (`rsi.lineage.report_artifacts`).
        """
        projected = plan(events, traces, self._config())
        if projected is None:
            return None
        experiment_id = self.experiment_id(projected.experiment)
        existing = self.existing_runs(experiment_id, projected.run_id)
        self._view(experiment_id, projected.run_id)
        created = updated = 0
        run_ids: dict[str, str] = {}
        artifact_uris: dict[str, str] = {}
        for node in projected.nodes:
            run = existing.get(node.key)
            if run is None:
                run = self._create(experiment_id, projected.run_id, node, run_ids)
                created += 1
                self._update(run, projected.run_id, node, run_ids)
            elif self._update(run, projected.run_id, node, run_ids):
                updated += 1
            run_ids[node.key] = run.info.run_id
            artifact_uris[node.key] = run.info.artifact_uri
        version = self._registry(projected, run_ids, artifact_uris)
        if self.run_dir is not None:
            sync_report(
                self.client,
                projected,
                list(events),
                self.run_dir,
                run_ids=run_ids,
                version=version,
                redact=self.redact,
            )
        return SyncReport(
            projected.run_id, experiment_id, len(projected.nodes), created, updated, version
        )

    def _registry(
        self, projected: Plan, run_ids: Mapping[str, str], artifact_uris: Mapping[str, str]
    ) -> str | None:
        champion = projected.state.champion
        if champion is None:
            return None
        node = candidate_node(champion.strategy_id)
        source = artifact_uris[node].rstrip("/") + "/strategy"
        return sync_champion(self.client, projected, run_id=run_ids[node], source=source)

    def _desired_tags(
        self, run_id: str, node: NodeSpec, run_ids: Mapping[str, str]
    ) -> dict[str, str]:
        tags = {RUN_ID_TAG: run_id, NODE_TAG: node.key, NAME_TAG: self.redact(node.name)}
        if node.parent is not None:
            tags[PARENT_TAG] = run_ids[node.parent]
        tags |= {key: self.redact(value) for key, value in node.tags.items()}
        return tags

    def _create(
        self, experiment_id: str, run_id: str, node: NodeSpec, run_ids: Mapping[str, str]
    ) -> Run:
        # Identity and nesting tags go in at creation, so a crash right after leaves a run
        # that the next sync finds (by rsi.node) instead of duplicating it.
        identity = {
            k: v
            for k, v in self._desired_tags(run_id, node, run_ids).items()
            if k in (RUN_ID_TAG, NODE_TAG, PARENT_TAG)
        }
        return self.client.create_run(
            experiment_id, start_time=node.start_ms, tags=identity, run_name=self.redact(node.name)
        )

    def _artifacts_digest(self, node: NodeSpec) -> str:
        digest = hashlib.sha256()
        for path in sorted(node.artifacts):
            digest.update(path.encode() + b"\0" + self.redact(node.artifacts[path]).encode())
        return digest.hexdigest()

    def _upload(self, run_id: str, node: NodeSpec) -> None:
        with tempfile.TemporaryDirectory(prefix="rsi-lineage-") as folder:
            for relative, text in node.artifacts.items():
                path = Path(folder) / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(self.redact(text), encoding="utf-8")
            self.client.log_artifacts(run_id, folder)

    def _update(self, run: Run, run_id: str, node: NodeSpec, run_ids: Mapping[str, str]) -> bool:
        """Write only what differs; True if anything was written."""
        have = run.data
        tags = {
            k: v
            for k, v in self._desired_tags(run_id, node, run_ids).items()
            if have.tags.get(k) != v
        }
        params = {k: self.redact(v) for k, v in node.params.items() if k not in have.params}
        metrics = {k: v for k, v in node.metrics.items() if have.metrics.get(k) != v}
        if node.artifacts:
            digest = self._artifacts_digest(node)
            if have.tags.get(ARTIFACTS_TAG) != digest:
                self._upload(run.info.run_id, node)
                tags[ARTIFACTS_TAG] = digest  # only after the upload succeeded
        stamp = node.end_ms or node.start_ms
        metric_rows = [Metric(k, v, stamp, 0) for k, v in sorted(metrics.items())]
        param_rows = [Param(k, v) for k, v in sorted(params.items())]
        tag_rows = [RunTag(k, v) for k, v in sorted(tags.items())]
        for start in range(0, max(len(param_rows), len(tag_rows), len(metric_rows)), _BATCH):
            self.client.log_batch(
                run.info.run_id,
                metrics=metric_rows[start : start + _BATCH],
                params=param_rows[start : start + _BATCH],
                tags=tag_rows[start : start + _BATCH],
                synchronous=True,
            )
        finished = RunStatus.to_string(RunStatus.FINISHED)
        ended = node.end_ms is not None and run.info.status != finished
        if ended:
            self.client.set_terminated(run.info.run_id, finished, end_time=node.end_ms)
        return bool(tags or params or metrics or ended)


def sync_run_dir(run_dir: Path, tracking_uri: str) -> SyncReport:
    """`rsi mlflow sync`: project a run directory's journal (read-only) into MLflow.
    Traces stay in the file until a round's artifacts read them."""
    events = read_outcome_events(run_dir)
    traces = FollowingTraceFile(run_dir / EVENTS_FILE)
    report = LineageProjector(tracking_uri, run_dir=run_dir).sync(events, traces)
    if report is None:
        raise UserInputError("the journal has no run_started event yet", source=str(run_dir))
    return report
