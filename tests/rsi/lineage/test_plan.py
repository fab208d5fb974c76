"""MLflow run names (`rsi.lineage.plan`): what the runs table shows before it cuts a name.

The search says its champion and outcome, the champion and the gate are runs named as such,
a discarded child says why, a rejection its reason, and the edit comes before anything the
table may cut.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rsi.journal import Screened, read_events, why_discarded
from rsi.lineage.naming import NAME_EDIT_CHARS, edit_name
from rsi.lineage.plan import plan
from tests.support.lineage_fixtures import write_journal


def _names(run_dir: Path) -> dict[str, str]:
    planned = plan(read_events(run_dir))
    assert planned is not None
    return {node.key: node.name for node in planned.nodes}


def test_names_mark_the_champion_the_gate_and_why_a_child_was_dropped(tmp_path: Path) -> None:
    lineage = write_journal(tmp_path / "run", experiment="names")
    names = _names(tmp_path / "run")
    assert names["search"] == f"names · champion {lineage.s3[:6]} · gate promote"
    assert names["gate"] == "gate promote: 5 wins, 0 losses, p 0.031"
    assert names[f"candidate:{lineage.s0}"] == "initial"
    assert names[f"candidate:{lineage.s1}"] == "r1 kept: agentSteps = 14"
    assert names[f"candidate:{lineage.s3}"] == "★ champion r3: maxRounds = 3"
    assert names[f"discarded:2:{lineage.s2}"] == "r2 discarded: no gain · contextTokens = 24000"
    assert names["rejected:2:1"] == "r2.1 rejected: out_of_range · maxRounds"
    assert sum("★ champion" in name for name in names.values()) == 1


def test_a_failed_gate_and_a_long_edit_read_at_a_glance(tmp_path: Path) -> None:
    lineage = write_journal(tmp_path / "run", experiment="names", promote=False)
    names = _names(tmp_path / "run")
    assert names["search"] == f"names · champion {lineage.s3[:6]} · gate retain"
    assert names["gate"] == "gate retain: 1 wins, 1 losses, p 0.75"
    name = edit_name({"op": "set_guidance", "text": "Assert every column width. " * 10})
    assert name.startswith("guidance: 'Assert every") and name.endswith("…")
    assert len(name) == NAME_EDIT_CHARS


def test_a_search_in_progress_names_no_gate(tmp_path: Path) -> None:
    write_journal(tmp_path / "run", experiment="names")
    events = read_events(tmp_path / "run")
    before_gate = [e for e in events if e.data.type != "gate_decided"]
    planned = plan(before_gate)
    assert planned is not None
    names = {node.key: node.name for node in planned.nodes}
    assert names["search"].startswith("names · champion ")
    assert names["search"].endswith(" · stopped, no gate yet")
    assert "gate" not in names
    early = plan(events[:3])
    assert early is not None and early.nodes[0].name == "names · running"


def test_screen_and_dev_rar_are_metrics_of_each_screened_and_kept_run(tmp_path: Path) -> None:
    lineage = write_journal(tmp_path / "run", experiment="names")
    planned = plan(read_events(tmp_path / "run"))
    assert planned is not None
    metrics = {node.key: dict(node.metrics) for node in planned.nodes}
    assert metrics[f"candidate:{lineage.s1}"]["screen_rar"] == 1.0  # 2 of the 2 minibatch tasks
    assert metrics[f"candidate:{lineage.s1}"]["dev_rar"] == 1.0
    assert metrics[f"discarded:2:{lineage.s2}"]["screen_rar"] == 0.5
    assert "screen_rar" not in metrics[f"candidate:{lineage.s0}"]  # the initial: no screen
    assert metrics["gate"]["release_rar_champion"] == 1.0
    assert metrics["gate"]["release_rar_baseline"] == 0.0


@pytest.mark.parametrize(
    ("parent", "child", "regressions", "why"),
    [
        (2, 2, 0, "no gain"),
        (2, 1, 1, "no gain, 1 regression"),
        (1, 2, 2, "2 regressions"),  # gained overall, but lost tasks the parent solved
    ],
)
def test_why_a_child_was_discarded_in_a_few_words(
    parent: int, child: int, regressions: int, why: str
) -> None:
    screen = Screened(
        round=2,
        parent_id="p",
        child_id="c",
        parent_successes=parent,
        child_successes=child,
        regressions=regressions,
        passed=False,
        reason="the rule's own sentence",
    )
    assert why_discarded(screen) == why
