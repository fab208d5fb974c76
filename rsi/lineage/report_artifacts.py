"""The run report's figures as MLflow artifacts (`rsi.reports` draws them).

Once a search has decided its gate (or paused at its optimizer budget), its MLflow run gets
`report/` with the five PNGs and the self-contained `report.html`; the champion's candidate run gets
`strategy/release_card.png`, so the registered model version (whose source is that
`strategy/` folder) carries its release card, named by the version tag `rsi.release_card`.
Rendering reads the run directory (trace files hold the timings), so only projectors that
know it draw: the live sink's and `rsi mlflow sync`'s. Drawing once at the end, not at
every round, keeps the mirror's thread light while the search runs; `rsi report` draws a
run in progress. The tag `rsi.report_key` names the journal
prefix drawn (event count and last op), so an unchanged journal is never drawn twice.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from mlflow import MlflowClient

from rsi.journal import Event
from rsi.lineage.plan import SEARCH_NODE, Plan, candidate_node
from rsi.reports import REPORT_DIR, REPORT_FILE, render_run

REPORT_KEY_TAG = "rsi.report_key"
CARD_TAG = "rsi.release_card"
CARD_FILE = "release_card.png"


def report_key(events: list[Event]) -> str:
    """Identifies an append-only journal's prefix: its length and its last op."""
    last = events[-1]
    return hashlib.sha256(f"{len(events)}\0{last.seq}\0{last.op}".encode()).hexdigest()[:16]


def sync_report(
    client: MlflowClient,
    projected: Plan,
    events: list[Event],
    run_dir: Path,
    *,
    run_ids: Mapping[str, str],
    version: str | None,
    redact: Callable[[str], str],
) -> bool:
    """Log the report of a gated or paused search once per journal prefix; True if drawn."""
    state = projected.state
    if state.paused is None and state.gate is None:
        return False  # still searching: figures would be stale at the next round
    search_run = run_ids[SEARCH_NODE]
    key = report_key(events)
    if client.get_run(search_run).data.tags.get(REPORT_KEY_TAG) == key:
        return False
    rendered = render_run(run_dir, events)  # the journal as the sink holds it: read once
    with tempfile.TemporaryDirectory(prefix="rsi-report-") as folder:
        root = Path(folder)
        for name, png in rendered.figures.items():
            (root / f"{name}.png").write_bytes(png)
        (root / REPORT_FILE).write_text(redact(rendered.html), encoding="utf-8")
        client.log_artifacts(search_run, folder, artifact_path=REPORT_DIR)
    champion = state.champion
    if state.gate is not None and champion is not None and version is not None:
        with tempfile.TemporaryDirectory(prefix="rsi-card-") as folder:
            card = Path(folder) / CARD_FILE
            card.write_bytes(rendered.figures["release_card"])
            client.log_artifact(
                run_ids[candidate_node(champion.strategy_id)], str(card), artifact_path="strategy"
            )
        client.set_model_version_tag(projected.experiment, version, CARD_TAG, CARD_FILE)
    client.set_tag(search_run, REPORT_KEY_TAG, key)  # last: a failed upload is retried
    return True
