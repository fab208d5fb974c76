"""What the MLflow UI shows first: the experiment's description, kind and a shared view.

MLflow 3's UI reads three experiment tags that this module writes:
- `mlflow.note.content`: the experiment's description, shown above its runs: what a run, a
  child run and a tag mean here, and where the champion and the gate are;
- `mlflow.experimentKind` = `custom_model_development`: the UI opens the experiment on its
  model-training runs table, not on the GenAI trace views;
- `mlflow.sharedViewState.<run id>`: a view of one search (the UI's "share view" format,
  plain JSON): its runs only, best dev RAR first (the champion on top), with the columns
  that tell them apart (dev RAR, screen RAR, kind, the screen's verdict, the edited field,
  the parent). Filtering flattens the tree, so every run shows without expanding anything;
  `rsi.parent_id` keeps the edges.
  `view_url` is the link that opens it.

The description is written only where the experiment has none, so a description edited in
the UI is kept; the kind tag likewise. A search's view is rewritten when it differs.
"""

from __future__ import annotations

import json
import re

NOTE_TAG = "mlflow.note.content"
KIND_TAG = "mlflow.experimentKind"
MODEL_DEVELOPMENT = "custom_model_development"
VIEW_TAG_PREFIX = "mlflow.sharedViewState."

# The runs table's columns, `<type>.`<key>`` as the UI names them, left to right.
RUN_NAME_COLUMN = "attributes.`Run Name`"
VIEW_COLUMNS = (
    "metrics.`dev_rar`",
    "metrics.`screen_rar`",
    "tags.`rsi.kind`",
    "tags.`rsi.screen_verdict`",
    "tags.`rsi.edited_field`",
    "tags.`rsi.parent_id`",
)
# Wide enough for `quickstart · champion 749664 · gate promote` and most edits.
COLUMN_WIDTHS = {RUN_NAME_COLUMN: 330, "metrics.`dev_rar`": 110, "metrics.`screen_rar`": 110}

DESCRIPTION = """\
TestHelix RSI searches: ★ champion marks the champion's run, gate promote / gate retain the
release gate's. Each top-level run is one search, named `<experiment> · champion <id> ·
<outcome>`; its child runs are the evolution tree: each kept candidate with the children
proposed from it beneath it.

- **A search's run** (`rsi.kind` = `search`) holds its totals: rounds, attempts, spend,
  `champion_dev_rar`, `gate_*`; its artifacts hold the report's figures (`report/`).
- **Child runs:** the initial strategy and the gate hang under the search; under each kept
  candidate (`candidate`) hang its children: kept (`r1 kept: agentSteps = 14`), `discarded`
  (evaluated, failed the screen, with why) and `rejected` (refused before evaluation, with
  `rsi.rejection_reason`).
- **The champion** (`★ champion r3: …`, tag `rsi.champion` = `true`) is a version of the
  registered model named after this experiment; `rsi promote` moves its aliases.
- **The gate** (`gate promote: 14 wins, 0 losses, p …`, `rsi.kind` = `gate`) holds the
  release split's wins, losses, p-value and both strategies' release RAR.
- **Metrics:** `dev_rar` is a kept candidate's success rate on the dev split, `screen_rar` a
  child's on its round's minibatch (counts in `parent_minibatch_successes`,
  `child_minibatch_successes`, `regressions`).
- **Tags** `rsi.*` come from the journal (`runs/<run>/events.jsonl`, the source of truth):
  `rsi.run_id` (the run directory), `rsi.candidate_id`, `rsi.parent_id`, `rsi.edited_field`
  with `rsi.before`/`rsi.after`, `rsi.screen_verdict`. Artifacts: the strategy, the edit, the
  diagnosis and the round's trace summary. `rsi mlflow sync RUN_DIR` rebuilds all of it.

`make demo` prints the link to its search's view: that search's runs, best dev RAR first.
"""


def experiment_tags() -> dict[str, str]:
    """The tags a new experiment is created with."""
    return {KIND_TAG: MODEL_DEVELOPMENT, NOTE_TAG: DESCRIPTION}


def share_key(run_id: str) -> str:
    """The view's name in the URL and the tag: the run id, in the characters tag keys allow."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", run_id)


def view_key(run_id: str) -> str:
    return VIEW_TAG_PREFIX + share_key(run_id)


def view_state(run_id: str) -> str:
    """The shared view of one search's runs, as the UI's share button would store it."""
    state = {
        "searchFilter": f"tags.`rsi.run_id` = '{run_id}'",
        # Not by start time: the UI nests child runs, collapsed, when sorted by start time.
        # Best dev RAR first puts the champion on top; runs without one (gate, search,
        # discarded, rejected) follow.
        "orderByKey": "metrics.`dev_rar`",
        "orderByAsc": False,
        "selectedColumns": list(VIEW_COLUMNS),
        "columnOrder": [RUN_NAME_COLUMN, *VIEW_COLUMNS],
        "columnWidths": COLUMN_WIDTHS,
    }
    return json.dumps(state, sort_keys=True)


def view_url(ui: str, experiment_id: str, run_id: str) -> str:
    """The UI link that opens `run_id`'s view (`ui`: e.g. `http://127.0.0.1:5000`)."""
    page = f"{ui.rstrip('/')}/#/experiments/{experiment_id}/runs"
    return f"{page}?viewStateShareKey={share_key(run_id)}"
