"""The strategy registry: frozen champions as versions of an MLflow registered model.

- On `champion_frozen` the champion becomes a version of the model named after the
  experiment, created with `create_model_version(source=<the candidate run's strategy/
  artifact dir>)` (MLflow 3's `register_model("runs:/...")` refuses a plain artifact). Its
  tags hold the dev metrics and the edit history; it gets alias `challenger` once, when it
  is created, so re-syncing an older run never steals the alias back.
- On `gate_decided` the gate report goes onto the version as `rsi.gate.*` tags.
- `move_alias` moves an alias (e.g. `production`) only to a version whose gate passed, and
  pushes the alias's previous version onto the model tag `rsi.alias_history.<alias>`;
  `rollback_alias` pops it ("none" restores "no alias").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mlflow import MlflowClient
from mlflow.entities.model_registry import ModelVersion
from mlflow.exceptions import MlflowException

from rsi.journal import lineage_edits
from search_space import UserInputError

if TYPE_CHECKING:
    from rsi.lineage.plan import Plan

CHALLENGER = "challenger"
ALIAS_SET_TAG = "rsi.challenger_alias_set"
HISTORY_TAG = "rsi.alias_history.{alias}"
NO_VERSION = "none"
HISTORY_KEEP = 50
GATE_KEYS = (
    "wins",
    "losses",
    "p_value",
    "diff_pp",
    "ci95_pp",
    "ci99_pp",
    "promote",
    "reason",
    "n",
    "alpha",
    "baseline_successes",
    "challenger_successes",
)
_MODEL_URI = re.compile(r"^models:/(?P<name>[^/@]+)(?:@(?P<alias>[^/@]+)|/(?P<version>\d+))$")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value)


def version_tags(projected: Plan) -> dict[str, str]:
    """Freeze and gate tags of the champion's version, from the journal."""
    state = projected.state
    champion = state.champion
    assert champion is not None
    dev = [
        e
        for e in state.evaluations.values()
        if e.purpose == "dev" and e.strategy_id == champion.strategy_id
    ]
    edits = lineage_edits(state, champion.strategy_id)
    tags = {
        "rsi.run_id": projected.run_id,
        "rsi.candidate_id": champion.strategy_id,
        "rsi.sha256": champion.sha256,
        "rsi.dev_rar": _text(champion.dev_rar),
        "rsi.dev_successes": str(sum(e.success for e in dev)),
        "rsi.dev_n": str(len(dev)),
        "rsi.edit_count": str(len(edits)),
        "rsi.lineage": json.dumps(edits, sort_keys=True)[:5000],
    }
    gate = state.gate
    if gate is not None:
        tags |= {f"rsi.gate.{key}": _text(gate.report[key]) for key in GATE_KEYS}
        tags |= {
            "rsi.gate.release_hash": gate.release_hash,
            "rsi.gate.baseline_id": gate.baseline_id,
            "rsi.gate.override": _text(gate.override),
            "rsi.gate.split_claimed_before_by": ", ".join(gate.earlier_runs) or "-",
            "rsi.gate.bootstrap_seed": _text(gate.bootstrap_seed),
            "rsi.gate.resamples": _text(gate.resamples),
        }
    return tags


def champion_version(client: MlflowClient, name: str, run_id: str) -> ModelVersion | None:
    """The version registered from the MLflow run `run_id`, if any (the oldest)."""
    found = client.search_model_versions(f"name='{name}' and run_id='{run_id}'")
    return min(found, key=lambda v: int(v.version)) if found else None


def _ensure_model(client: MlflowClient, name: str) -> None:
    try:
        client.create_registered_model(
            name, description="Frozen TestHelix strategies; aliases moved by `rsi promote`."
        )
    except MlflowException as error:
        if error.error_code != "RESOURCE_ALREADY_EXISTS":
            raise


def sync_champion(client: MlflowClient, projected: Plan, *, run_id: str, source: str) -> str:
    """Register the frozen champion once and bring its tags up to date; returns the version."""
    name = projected.experiment
    tags = version_tags(projected)
    version = champion_version(client, name, run_id)
    if version is None:
        _ensure_model(client, name)
        version = client.create_model_version(
            name,
            source=source,
            run_id=run_id,
            tags=tags,
            description=f"champion of run {projected.run_id}",
        )
    for key, value in tags.items():
        if version.tags.get(key) != value:
            client.set_model_version_tag(name, version.version, key, value)
    if version.tags.get(ALIAS_SET_TAG) != "true":
        client.set_registered_model_alias(name, CHALLENGER, version.version)
        client.set_model_version_tag(name, version.version, ALIAS_SET_TAG, "true")
    return str(version.version)


@dataclass(frozen=True)
class AliasMove:
    model: str
    alias: str
    version: str | None  # where the alias points now (None: removed)
    previous: str | None
    changed: bool

    def to_json_dict(self) -> dict[str, object]:
        return {
            "model": self.model,
            "alias": self.alias,
            "version": self.version,
            "previous": self.previous,
            "changed": self.changed,
        }


def alias_version(client: MlflowClient, name: str, alias: str) -> str | None:
    return _aliases(client, name).get(alias)


def _aliases(client: MlflowClient, name: str) -> dict[str, str]:
    model = client.get_registered_model(name)
    return {alias: str(version) for alias, version in (model.aliases or {}).items()}


def _history(client: MlflowClient, name: str, alias: str) -> list[str]:
    raw = client.get_registered_model(name).tags.get(HISTORY_TAG.format(alias=alias), "")
    return [item for item in raw.split(",") if item]


def _set_history(client: MlflowClient, name: str, alias: str, history: list[str]) -> None:
    key = HISTORY_TAG.format(alias=alias)
    client.set_registered_model_tag(name, key, ",".join(history[-HISTORY_KEEP:]))


def move_alias(client: MlflowClient, version: ModelVersion, alias: str) -> AliasMove:
    """Point `alias` at `version` iff its gate passed (else UserInputError with the reason)."""
    name, number = version.name, str(version.version)
    promote = version.tags.get("rsi.gate.promote")
    if promote is None:
        raise UserInputError(
            f"version {number} of {name} has no gate decision; run the search to its end",
            source=f"models:/{name}/{number}",
        )
    if promote != "true":
        reason = version.tags.get("rsi.gate.reason", "no reason recorded")
        raise UserInputError(
            f"the release gate did not pass, {alias!r} not moved: {reason}",
            source=f"models:/{name}/{number}",
        )
    previous = alias_version(client, name, alias)
    if previous == number:
        return AliasMove(name, alias, number, previous, changed=False)
    # History first: if moving the alias then fails, a retry records it again (harmless),
    # whereas the other order could lose the version a rollback must restore.
    _set_history(client, name, alias, [*_history(client, name, alias), previous or NO_VERSION])
    client.set_registered_model_alias(name, alias, number)
    return AliasMove(name, alias, number, previous, changed=True)


def rollback_alias(client: MlflowClient, name: str, alias: str) -> AliasMove:
    """Restore the version `alias` pointed at before its last move."""
    history = _history(client, name, alias)
    if not history:
        raise UserInputError(
            f"no earlier {alias!r} version is recorded to roll back to", source=f"models:/{name}"
        )
    current = alias_version(client, name, alias)
    restored = history.pop()
    if restored == NO_VERSION:
        if current is not None:
            client.delete_registered_model_alias(name, alias)
    else:
        client.set_registered_model_alias(name, alias, restored)
    _set_history(client, name, alias, history)
    target = None if restored == NO_VERSION else restored
    return AliasMove(name, alias, target, current, changed=current != target)


def resolve_model_uri(client: MlflowClient, uri: str) -> ModelVersion:
    """`models:/NAME@ALIAS` or `models:/NAME/VERSION` to its model version."""
    match = _MODEL_URI.match(uri)
    if match is None:
        raise UserInputError("expected models:/NAME@ALIAS or models:/NAME/VERSION", source=uri)
    name = match["name"]
    try:
        if match["alias"]:
            return client.get_model_version_by_alias(name, match["alias"])
        return client.get_model_version(name, match["version"])
    except MlflowException as error:
        raise UserInputError(str(error).splitlines()[0], source=uri) from None
